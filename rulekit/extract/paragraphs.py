"""Where paragraphs start: from the gaps, indents and line ends of a page's lines.

A paragraph starts after a gap larger than the usual leading in its region,
at an indent, after a line that ends short of its block's right edge, and
where the role changes; but not at an indent or a short line whose sentence
runs on to the next line, as text set around a picture does, and always at
each line of a list (counted things, labelled lines).  A body line starting
with a list marker after a break starts a list item; the lines after it
continue the item at its hanging indent.  In a tagged PDF the structure
elements decide, except where a paragraph runs over a column or page break.
"""

from __future__ import annotations

import math
import re
import statistics

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.lines import Line
from rulekit.extract.page import Box
from rulekit.extract.textlistshapes import (
    listed,
    runs_on,
)
from rulekit.extract.textshapes import (
    BULLETS,
    LABELLED_OPENER,
)
from rulekit.extract.textwidth import sentence_after

__all__ = ["decide_paragraph", "mark_items", "measure"]

# A mark drawn before a line (a bullet, a callout's circle) is this many ems wide and
# high, and ends at most MARK_REACH ems before the line's text.
MARK_MIN = 0.2
MARK_MAX = 1.5
MARK_REACH = 1.5
# A bracket left open goes on over at most this many lines.
BRACKET_LINES = 3

# A list marker at a line's start: a bullet glyph, "1." or "a)".
_LIST_MARKER = re.compile(rf"^(?:[{re.escape(BULLETS)}]|\d{{1,2}}[.)]|[a-z]\))\s")


def measure(lines: list[Line], figures: list[Box] | None = None) -> None:
    """Region edges, and each line's vertical gap to the line before it in its region.

    `lines` are in reading order.  A line that does not follow another one
    of its region, below it, has no gap (None): the top of a column, or a
    jump in reading order.  Beside one of `figures` (drawn figures), a line's
    edges are those of the text set around that figure.
    """
    if not lines:
        return
    left: dict[int, float] = {}
    for line in lines:
        left[line.region] = min(left.get(line.region, math.inf), line.x0)
    previous: Line | None = None
    gaps: list[float] = []
    seen: set[int] = set()
    for index, line in enumerate(lines):
        line.left = left[line.region]
        # The measure is that of the nearby lines of the same block: a framed
        # example box is narrower than its column, ragged text varies, and a
        # heading over the columns is wider.  Beside a figure, it is that of
        # the lines beside the same figure on the same side.
        near = [
            o
            for o in lines[max(0, index - 6) : index + 7]
            if o.region == line.region and abs(o.size - line.size) < 0.5
        ]
        edges = (line.left, max([line.x1] + [o.x1 for o in near if o.x0 >= line.x0 - 1.5]))
        line.right = edges[1]
        for right_of in (True, False):
            figure = _beside(line, figures or [], edges, right_of)
            if figure is None:
                continue
            around = [o for o in [line, *near] if _beside(o, [figure], edges, right_of)]
            if right_of:
                line.right = max(o.x1 for o in around if o.x0 >= line.x0 - 1.5)
            else:
                line.left = min(o.x0 for o in around)
        line.region_top = line.region not in seen
        seen.add(line.region)
        if previous is not None and previous.region == line.region and previous.top < line.top:
            line.gap = line.top - previous.bottom
            if abs(previous.size - line.size) < 0.5:
                gaps.append(line.gap)
        previous = line
    limit = statistics.median(gaps or [0.0]) + 0.25 * statistics.median(ln.size for ln in lines)
    for line in lines:
        line.gap_limit = limit


def _beside(
    line: Line, figures: list[Box], edges: tuple[float, float], right_of: bool
) -> Box | None:
    """The figure the line is set beside, on its right or its left, if any: one that
    stands level with it, clear of its text and within `edges`, its block's measure."""
    for figure in figures:
        if not (figure[1] < line.bottom and figure[3] > line.top):
            continue
        if right_of and line.x1 <= figure[0] < edges[1]:
            return figure
        if not right_of and edges[0] < figure[2] <= line.x0:
            return figure
    return None


def mark_items(lines: list[Line], marks: list[Box]) -> None:
    """Mark the lines that a small mark drawn just before them opens (`Line.marked`): a
    bullet or a numbered callout drawn as a shape or a picture, not set as a glyph.

    `marks` are the boxes of a page's filled shapes and pictures; one counts where it is
    between `MARK_MIN` and `MARK_MAX` ems wide and high, level with the line's middle,
    and ends at most `MARK_REACH` ems before the line's first word.
    """
    for line in lines:
        size, middle = line.size, (line.top + line.bottom) / 2
        line.marked = any(
            MARK_MIN * size <= box[2] - box[0] <= MARK_MAX * size
            and MARK_MIN * size <= box[3] - box[1] <= MARK_MAX * size
            and box[1] < middle < box[3]
            and line.x0 - MARK_REACH * size <= box[2] <= line.x0 + 0.1 * size
            for box in marks
        )


def decide_paragraph(line: Line, previous: Line | None) -> None:
    """Set `starts` (and list continuation) from the line before, across regions and pages."""
    _decide(line, previous)
    # The brackets the paragraph leaves open, and for how many lines.
    before = previous if previous is not None and not line.starts else None
    carried = before.brackets if before is not None else 0
    line.brackets = max(0, carried + line.text.count("(") - line.text.count(")"))
    if not line.brackets:
        line.bracket_lines = 0
    else:
        line.bracket_lines = before.bracket_lines + 1 if before is not None and carried else 1


def _decide(line: Line, previous: Line | None) -> None:
    if previous is None:
        line.starts = True
        return
    if line.block is not None and previous.block is not None:
        if line.block == previous.block and line.role == previous.role:
            line.starts = False
            return
        # A paragraph broken over a column or page may be two elements: the
        # layout decides there, as for untagged text.
        moved = line.region_top and (line.page, line.region) != (previous.page, previous.region)
        if not moved or not line.role == previous.role == "body":
            line.starts = True
            return
    broken = previous.text.endswith(BREAK_HYPHENS) and previous.text[-2:-1].isalpha()
    gap_break = line.gap is not None and line.gap > line.gap_limit
    if line.role in ("heading", "figure", "caption"):
        line.starts = (
            previous.role != line.role
            or gap_break
            or abs(previous.size - line.size) > 0.5
            or (line.role != "heading" and not _right_below(previous, line))
            # Two headings stacked, not one broken over two lines: "Wirkungsgefüge von
            # Kybernetien" / "Warum man „vernetztes Denken“ üben sollte".
            or (line.role == "heading" and sentence_after(previous.text, line.text, set()))
        )
        return
    if line.role != "body":
        line.starts = True
        return
    # Across a column, a page or a figure, where the layout tells nothing, a line that
    # ends in a colon has announced what follows: a list, a table, a figure.
    colon = previous.text.rstrip().endswith(":")
    announced = line.gap is None and colon and not line.text[:1].islower()
    opens = previous.role != "body" or gap_break or announced or _forced_break(previous, line)
    # A list the colon announced starts with its first marker, however close it is set.
    if _LIST_MARKER.match(line.text) and not broken and (opens or colon):
        line.role, line.starts = "list-item", True
        return
    if previous.role == "list-item" and not gap_break and not line.marked:
        # An item goes on at its hanging indent, or, in the same region, after
        # a line that was full.
        offset = line.x0 - line.left
        hanging = offset > 0.3 * line.size and abs(offset - (previous.x0 - previous.left)) < 1
        flowing = line.gap is not None and (
            not _forced_break(previous, line) or runs_on(previous.text, line.text)
        )
        if broken or hanging or flowing:
            line.role, line.starts = "list-item", False
            return
    # Text does not run into a box or out of one.
    boxed = (line.container == -1) != (previous.container == -1)
    indent = (line.x0 - line.left) - (previous.x0 - previous.left)
    # An indent or a short line beside a picture is the picture's, not a paragraph's,
    # while the sentence runs on; lines of a list end where they end.
    shaped = 0.5 * line.size < indent < 4 * line.size or _forced_break(previous, line)
    # Back in a region after the text of another (a row of cells set side by side), not
    # at the top of a new column: what the other region said was no part of the sentence.
    returned = line.gap is None and not line.region_top and line.region != previous.region
    # A bracket opened in the last lines goes on ("84 Wegeplättchen (mit Werten von 1 – 7," /
    # "42 x Rückseite, 42 x Rückseite)"); one left open for longer was never closed.
    inside = 0 < previous.bracket_lines <= BRACKET_LINES
    line.starts = boxed or (
        not broken
        and (
            previous.role != "body"
            or gap_break
            or (
                (
                    shaped
                    or returned
                    or line.marked
                    or LABELLED_OPENER.match(line.text)
                    or listed(previous.text, line.text)
                )
                and not inside
                and not runs_on(previous.text, line.text)
            )
            or announced
        )
    )


def _right_below(previous: Line, line: Line) -> bool:
    """Whether a line stands right below the one before it on its page.

    Asides are read after the body, each after the one before it: two
    captions of two figures follow each other there, but on the page they
    stand apart, and the body's gaps between them do not tell.
    """
    gap = line.top - previous.bottom
    return line.page == previous.page and -0.5 * line.size <= gap <= line.size


def _forced_break(previous: Line, line: Line) -> bool:
    """The line's first word would have fitted on the previous line: that line ended a paragraph."""
    space = 0.25 * previous.size
    return previous.x1 + space + line.first_width < previous.right - 1
