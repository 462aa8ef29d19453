"""The deck and its A4 imposition for home printing, both cut from one PDF.

The deck's document holds the card pages and then the A4 pages (marks and
caption only).  WeasyPrint writes it once; `cards_only` keeps its card pages,
`impose` draws them onto its A4 pages, nine to a page.  Writing the card pages
once more for the A4 file took a fifteenth of a deck's time.
"""

from __future__ import annotations

from collections.abc import Callable

import pikepdf

CARDS_PER_PAGE = 9  # 3 x 3 poker cards on A4
MM = 72 / 25.4  # PDF points per millimetre
CARD_MM = (63.0, 88.0)
A4_MM = (210.0, 297.0)
IMPOSITION_ORIGIN = (10.5, 16.5)  # top left of the 3 x 3 grid on A4, mm (cards-a4.css)
Arrange = Callable[[pikepdf.Pdf], None]  # rearranges the pages of a PDF in place


def cards_only(count: int) -> Arrange:
    """Keeps the first `count` pages (the cards) and drops the A4 pages after them."""

    def arrange(pdf: pikepdf.Pdf) -> None:
        del pdf.pages[count:]

    return arrange


def impose(count: int) -> Arrange:
    """Moves the first `count` pages (the cards) onto the A4 pages after them, nine to
    a page and cut to their trim box.

    Each card page becomes a form XObject whose bounding box is its trim, so bleed
    stays off the A4 sheet; the card pages then leave the page tree.
    """

    def arrange(pdf: pikepdf.Pdf) -> None:
        forms = [page.as_form_xobject() for page in pdf.pages[:count]]
        for number, sheet in enumerate(pdf.pages[count:]):
            # The sheet gets resources of its own: the card forms draw with the ones the
            # pages share, which must not hold the forms themselves.
            resources = pikepdf.Dictionary(dict(sheet.resources.items()))
            xobjects = pikepdf.Dictionary(dict(resources.get("/XObject", {}).items()))
            # The sheet's own content leaves the coordinate system flipped: fence it in q/Q.
            ops = ["Q"]
            for index in range(number * CARDS_PER_PAGE, min(count, (number + 1) * CARDS_PER_PAGE)):
                name = _unused(xobjects, f"/Card{index}")
                xobjects[name] = forms[index]
                # The trim's corner sits where the card's goes (Ghostscript moves it off 0 0).
                x, y = card_origin(index % CARDS_PER_PAGE)
                x, y = x - float(forms[index].BBox[0]), y - float(forms[index].BBox[1])
                ops.append(f"q 1 0 0 1 {x:.3f} {y:.3f} cm {name} Do Q")
            resources["/XObject"] = xobjects
            sheet.obj.Resources = resources
            sheet.contents_add(pikepdf.Stream(pdf, b"q\n"), prepend=True)
            sheet.contents_add(pikepdf.Stream(pdf, "\n".join(ops).encode()), prepend=False)
        del pdf.pages[:count]
        # Named destinations point at the card pages, which are no pages of this file.
        if "/Names" in pdf.Root and "/Dests" in pdf.Root.Names:
            del pdf.Root.Names["/Dests"]

    return arrange


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
