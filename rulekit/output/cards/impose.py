"""Pages drawn onto other pages of the same PDF, as a printer imposes them.

The deck's document holds the card pages and then the A4 pages (marks and
caption only).  WeasyPrint writes it once; `cards_only` keeps its card pages,
`impose` draws them onto its A4 pages, nine to a page.  Writing the card pages
once more for the A4 file took a fifteenth of a deck's time.  A rules sheet's
columns are drawn onto its sides the same way (`columns`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import cast

import pikepdf

CARDS_PER_PAGE = 9  # 3 x 3 poker cards on A4
MM = 72 / 25.4  # PDF points per millimetre
CARD_MM = (63.0, 88.0)
A4_MM = (210.0, 297.0)
IMPOSITION_ORIGIN = (10.5, 16.5)  # top left of the 3 x 3 grid on A4, mm (cards-a4.css)
Arrange = Callable[[pikepdf.Pdf], None]  # rearranges the pages of a PDF in place
# A page drawn onto another: its index, the index of the page it is drawn onto, and
# where the lower left corner of its trim goes there (PDF points).
Placement = tuple[int, int, float, float]
# Pages by their object number: the page each is now, and by how much (PDF points) its
# content moved there.
Moves = dict[tuple[int, int], tuple[pikepdf.Object, float, float]]


def cards_only(count: int) -> Arrange:
    """Keeps the first `count` pages (the cards) and drops the A4 pages after them."""

    def arrange(pdf: pikepdf.Pdf) -> None:
        del pdf.pages[count:]

    return arrange


def impose(count: int) -> Arrange:
    """Moves the first `count` pages (the cards) onto the A4 pages after them, nine to
    a page and cut to their trim box."""

    def arrange(pdf: pikepdf.Pdf) -> None:
        draw_pages(
            pdf,
            [
                (index, count + index // CARDS_PER_PAGE, *card_origin(index % CARDS_PER_PAGE))
                for index in range(count)
            ],
        )

    return arrange


def draw_pages(
    pdf: pikepdf.Pdf, placements: Iterable[Placement], marks: dict[int, list[str]] | None = None
) -> None:
    """Draws pages onto others, then removes the pages drawn from the page tree.

    Each page drawn becomes a form XObject whose bounding box is its trim, so
    bleed stays off the page it is drawn onto.  `marks` holds content-stream
    operators drawn over a page after its forms, by page index.  A link to a
    page drawn (an outline item, a named destination) then leads to where it
    was drawn.
    """
    marks = marks or {}
    placed: dict[int, list[tuple[int, float, float]]] = {}
    for drawn, onto, x, y in placements:
        placed.setdefault(onto, []).append((drawn, x, y))
    moved: Moves = {}
    for onto in sorted(placed.keys() | marks.keys()):
        target = pdf.pages[onto]
        # The page gets resources of its own: the forms draw with the ones the pages
        # share, which must not hold the forms themselves.
        resources = pikepdf.Dictionary(dict(target.resources.items()))
        xobjects = pikepdf.Dictionary(dict(resources.get("/XObject", {}).items()))
        # The page's own content leaves the coordinate system flipped: fence it in q/Q.
        ops = ["Q"]
        for drawn, x, y in placed.get(onto, []):
            page = pdf.pages[drawn]
            form = page.as_form_xobject()
            name = _unused(xobjects, f"/Page{drawn}")
            xobjects[name] = form
            # The trim's corner goes to x y (Ghostscript moves it off 0 0).
            x, y = x - float(form.BBox[0]), y - float(form.BBox[1])
            ops.append(f"q 1 0 0 1 {x:.3f} {y:.3f} cm {name} Do Q")
            moved[page.obj.objgen] = (target.obj, x, y)
        ops += marks.get(onto, [])
        resources["/XObject"] = xobjects
        target.obj.Resources = resources
        target.contents_add(pikepdf.Stream(pdf, b"q\n"), prepend=True)
        target.contents_add(pikepdf.Stream(pdf, "\n".join(ops).encode()), prepend=False)
    _move_links(pdf, moved)
    for index in sorted({drawn for drawn, *_ in placements}, reverse=True):
        del pdf.pages[index]


def _move_links(pdf: pikepdf.Pdf, moved: Moves) -> None:
    """Points every outline item and named destination that leads to a page drawn
    onto another at the same spot of that page."""
    if "/Names" in pdf.Root and "/Dests" in pdf.Root.Names:
        dests = pikepdf.NameTree(pdf.Root.Names.Dests)
        for name, destination in list(dests.items()):
            if (new := moved_destination(destination, moved)) is not None:
                dests[name] = new
    if "/Outlines" in pdf.Root:
        with pdf.open_outline() as outline:
            stack = list(outline.root)
            while stack:
                item = stack.pop()
                stack.extend(item.children)
                if (new := moved_destination(item.destination, moved)) is not None:
                    item.destination = new


def moved_destination(destination: object, moved: Moves) -> pikepdf.Array | None:
    """A link's destination on a page that `moved` moves, at the same spot of the page
    it moves to; None for a destination on another page (or none of a page)."""
    if not isinstance(destination, pikepdf.Array) or len(destination) < 2:
        return None
    found = moved.get(destination[0].objgen)
    if found is None:
        return None
    page, x, y = found
    kind, *values = cast(list[object], list(destination)[1:])
    if kind == pikepdf.Name.XYZ and len(values) == 3:
        left, top, zoom = values
        values = [_shifted(left, x), _shifted(top, y), zoom]
    return pikepdf.Array(cast(list[pikepdf.Object], [page, kind, *values]))


def _shifted(value: object, by: float) -> object:
    """A destination's coordinate moved by `by`; an unset one (null) stays unset."""
    return value if value is None else float(str(value)) + by


def _unused(names: pikepdf.Dictionary, name: str) -> str:
    """`name`, or `name` with a suffix if `names` already has it."""
    while name in names:
        name += "_"
    return name


def card_origin(place: int) -> tuple[float, float]:
    """Lower-left corner, in PDF points, of the card at `place` (0-8) on an A4 page."""
    left = IMPOSITION_ORIGIN[0] + place % 3 * CARD_MM[0]
    top = IMPOSITION_ORIGIN[1] + (place // 3 + 1) * CARD_MM[1]
    return left * MM, (A4_MM[1] - top) * MM
