"""Lines set off in a page's top and bottom margins, apart from its body.

Running headers and footers are found among them (see furniture.py).
"""

from __future__ import annotations

from rulekit.extract.lines import Line
from rulekit.extract.page import Box

__all__ = ["mark_margins"]

# The top and bottom strips of the page, as a fraction of its height, where
# running headers and footers stand.
MARGIN = 0.125


def mark_margins(lines: list[Line], frames: list[Box], page: Box) -> None:
    """Mark the lines set off in the page's top and bottom margins (`Line.margin`).

    Running headers and footers are found among them (see furniture.py).
    """
    for line in _margin_lines(lines, frames, page):
        line.margin = True


def _margin_lines(lines: list[Line], frames: list[Box], page: Box) -> list[Line]:
    """Lines set off in the top or bottom strip of the page, apart from the body.

    Lines and boxes are merged into blocks wherever less than most of a line
    height separates them; blocks that lie wholly in a strip are margin text.
    """
    strip = MARGIN * (page[3] - page[1])
    spans: list[tuple[float, float, float, Line | None]] = [
        (ln.top, ln.bottom, ln.size, ln) for ln in lines if ln.container < 0
    ]
    spans += [(f[1], f[3], 0.0, None) for f in frames]
    blocks: list[list[Line | None]] = []
    bottom, leading = -1e9, 0.0
    for top, low, size, line in sorted(spans, key=lambda span: span[0]):
        # A box's distance is measured in the text size of the block above it; two
        # lines' in the smaller size, as a logo set large over the text is apart from
        # it by more than the logo's own leading would say.
        height = min(size, leading) if size and leading else max(size, leading)
        if blocks and top - bottom < 0.8 * height:
            blocks[-1].append(line)
            bottom = max(bottom, low)
        else:
            blocks.append([line])
            bottom = low
        leading = max(size, leading) if len(blocks[-1]) > 1 else size
    found: list[Line] = []
    for block in blocks:
        members = [ln for ln in block if ln is not None]
        if len(members) < len(block) or not members:
            continue  # a block with a box in it is the page's body
        if (
            max(ln.bottom for ln in members) < page[1] + strip
            or min(ln.top for ln in members) > page[3] - strip
        ):
            found.extend(members)
    return found
