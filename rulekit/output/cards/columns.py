"""A rules sheet's columns: laid out as pages of their own, then drawn onto its sides.

WeasyPrint lays out a page of columns twice: a trial that measures each column
(and everything after it, for the height of the box that would come next),
then the real layout.  That cost a sheet almost half of its layout time.  So
the sheet's text is laid out on pages one column in size (`sheet.html`), its
sides (its A4 pages: `sheet-frame.html`, the page furniture, and on the front
the header over the columns) are laid out apart, and the columns are drawn
onto the sides as a printer imposes pages (`impose`), `COLUMNS` to a side.

Where the columns go is read from the sides' layout: the frame template places
an empty box over the page's content area and one where each column starts
under the header.  The column rule is drawn as CSS's `column-rule` would draw
it: in the middle of the gap, as long as the longest column of the side, and
only where a second column has text.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

import pikepdf
from weasyprint.document import Document
from weasyprint.formatting_structure.boxes import Box

from rulekit.output.cards.impose import Arrange, Moves, Placement, draw_pages, moved_destination

COLUMNS = 2  # columns on each side of a sheet
PT_PER_PX = 0.75  # PDF points per CSS px
RULE_WIDTH = 0.4  # pt
RULE_INK = "0 0 0 0.2"  # CMYK, a light grey in black ink alone (as print.css's greys)


@dataclass(frozen=True)
class Columns:
    """Where a sheet's columns go on each side, in CSS px from its top left corner."""

    lefts: tuple[float, ...]  # the left edge of each column
    width: float
    top: float  # the top of the page's content area, where columns start on the back
    height: float  # the content area's height: a column's on the back
    front: float  # how much lower the columns start on the front, under the header
    side_height: float  # the page's

    @property
    def count(self) -> int:
        """Columns on a side."""
        return len(self.lefts)

    def sides(self, columns: int) -> int:
        """The sides that many column pages take."""
        return -(-columns // self.count)


def columns_of(frame: Document) -> Columns:
    """Where the columns go, from a layout of the sheet's sides (`sheet-frame.html`)."""
    page = frame.pages[0]
    area = page.anchors["sheet-area"]
    slots = [page.anchors[f"sheet-column-{n}"] for n in range(1, COLUMNS + 1)]
    return Columns(
        lefts=tuple(slot[0] for slot in slots),
        width=slots[0][2] - slots[0][0],
        top=area[1],
        height=area[3] - area[1],
        front=slots[0][1] - area[1],
        side_height=page.height,
    )


def text_heights(document: Document) -> list[float]:
    """How much of each column page its text takes: from the top of the column to the
    end of its last box's border, in CSS px.

    Read from WeasyPrint's boxes (its layout tree is private, as in `ladders`).
    """
    return [_text_height(page._page_box) for page in document.pages]


def _text_height(page: Box) -> float:
    flow = _main(page)
    flowing = [child for child in getattr(flow, "children", ()) if child.is_in_normal_flow()]
    if not flowing:
        return 0.0
    last = flowing[-1]
    return float(last.position_y + last.margin_height() - last.margin_bottom - page.content_box_y())


def _main(box: Box) -> Box | None:
    """The part of the sheet's `main` element on a page (the column's text)."""
    if getattr(box, "element_tag", None) == "main":
        return box
    for child in getattr(box, "children", ()):
        if (found := _main(child)) is not None:
            return found
    return None


def joined(sides: bytes, columns: bytes) -> bytes:
    """One PDF of the sides' pages and then the column pages, for `place_columns`.

    The columns' outline items (their headings) go under the sides' first one
    (the title), and their named destinations replace the sides' (which name
    only the empty boxes `columns_of` reads).
    """
    with pikepdf.open(io.BytesIO(sides)) as pdf, pikepdf.open(io.BytesIO(columns)) as text:
        first = len(pdf.pages)
        pdf.pages.extend(text.pages)
        copies: Moves = {
            page.obj.objgen: (pdf.pages[first + n].obj, 0.0, 0.0)
            for n, page in enumerate(text.pages)
        }

        def copied(destination: object) -> pikepdf.Array:
            found = moved_destination(destination, copies)
            assert found is not None, "WeasyPrint links to a spot on a page"
            return found

        with text.open_outline() as theirs, pdf.open_outline() as ours:
            under = ours.root[0].children if ours.root else ours.root
            under.extend(_copied_item(item, copied) for item in theirs.root)
        names = pikepdf.NameTree.new(pdf)
        if "/Names" in text.Root and "/Dests" in text.Root.Names:
            for name, destination in pikepdf.NameTree(text.Root.Names.Dests).items():
                names[name] = copied(destination)
        pdf.Root.Names = pikepdf.Dictionary(Dests=names.obj)
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True)
    return out.getvalue()


def _copied_item(
    item: pikepdf.OutlineItem, copied: Callable[[object], pikepdf.Array]
) -> pikepdf.OutlineItem:
    new = pikepdf.OutlineItem(item.title, copied(item.destination))
    new.children.extend(_copied_item(child, copied) for child in item.children)
    return new


def place_columns(columns: Columns, sides: int, heights: list[float]) -> Arrange:
    """Draws the column pages after the first `sides` pages onto them, `columns.count`
    to a side, with a column rule between columns; `heights` is each column's text
    height (`text_heights`)."""

    def arrange(pdf: pikepdf.Pdf) -> None:
        placements: list[Placement] = []
        rules: dict[int, list[str]] = {}
        bottom = columns.side_height - columns.top - columns.height  # of every column page
        for side in range(sides):
            shown = range(side * columns.count, min(len(heights), (side + 1) * columns.count))
            for place, index in enumerate(shown):
                x = columns.lefts[place] * PT_PER_PX
                placements.append((sides + index, side, x, bottom * PT_PER_PX))
            top = columns.top + (columns.front if side == 0 else 0.0)
            tallest = max((heights[index] for index in shown), default=0.0)
            rules[side] = [_rule(columns, place, top, tallest) for place in range(1, len(shown))]
        draw_pages(pdf, placements, rules)

    return arrange


def _rule(columns: Columns, place: int, top: float, height: float) -> str:
    """The operators of the rule before the column at `place`, from `top` down by `height` (px)."""
    gap = columns.lefts[place] - columns.lefts[place - 1] - columns.width
    left = (columns.lefts[place] - gap / 2) * PT_PER_PX - RULE_WIDTH / 2
    bottom = (columns.side_height - top - height) * PT_PER_PX
    return f"q {RULE_INK} k {left:.3f} {bottom:.3f} {RULE_WIDTH} {height * PT_PER_PX:.3f} re f Q"
