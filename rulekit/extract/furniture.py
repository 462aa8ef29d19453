"""Running headers, footers and page numbers: lines at a page edge that repeat nearby.

Only lines set off in the margin count (see `layout`): a line that the body
text goes on from directly ("Beispiel 1:" over its example) is body, even
where the next page has one like it ("Beispiel 2:") in the same place.

A page's edge lines (in the top or bottom `EDGE` of its visible height) are
compared with those of the pages `WINDOW` places before and after it, with
case, white space, punctuation and the digits of numbers ignored.  Only that window of
pages is held, as small `PageEdges` records, so memory stays flat however
long the manual is.  A lone page number needs no neighbour: its pattern and
its place at the edge are enough, and so is small print beside it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from rulekit.extract.encoding import is_private_use
from rulekit.extract.lines import Line

__all__ = ["EDGE", "WINDOW", "PageEdges", "furniture_kind"]

# Top and bottom strips, as a fraction of the visible height, where furniture lives.
EDGE = 0.125
# Pages on either side of a page whose edge lines are compared with its own.
WINDOW = 2
# Edge lines of two pages at most this far apart (in points) stand at the same height.
SAME_HEIGHT = 3.0
# The most glyphs a page number of a font without a Unicode map has.
_MAX_UNMAPPED_NUMBER = 4
_PAGE_NUMBER = re.compile(r"^\W*(?:seite\s*)?\d{1,4}(?:\s*(?:von|/)\s*\d{1,4})?\W*$", re.IGNORECASE)


@dataclass
class PageEdges:
    """A page's visible top and bottom, and its edge lines' heights and keys."""

    top: float
    bottom: float
    small: float = 0.0  # lines this size or smaller in a margin are notes there
    edges: list[tuple[float, str]] = field(default_factory=list)  # (top, furniture key)
    numbers: list[float] = field(default_factory=list)  # the bottoms of its page numbers

    @classmethod
    def of(cls, lines: Iterable[Line], top: float, bottom: float, small: float = 0.0) -> PageEdges:
        """The edge lines of a page whose visible area runs from `top` to `bottom`.

        `small` is the size of print set smaller than the body text.
        """
        page = cls(top, bottom, small)
        edge = [ln for ln in lines if page.at_edge(ln)]
        page.edges = [(ln.top, furniture_key(ln.text)) for ln in edge]
        page.numbers = [ln.bottom for ln in edge if _PAGE_NUMBER.match(ln.text)]
        return page

    def at_edge(self, line: Line) -> bool:
        """Whether a line lies in the top or bottom strip, where furniture is."""
        strip = EDGE * (self.bottom - self.top)
        return line.top < self.top + strip or line.bottom > self.bottom - strip

    def at_top(self, line: Line) -> bool:
        """Whether a line lies in the top strip."""
        return line.top < self.top + EDGE * (self.bottom - self.top)


def furniture_kind(line: Line, page: PageEdges, neighbours: Iterable[PageEdges]) -> str | None:
    """The kind of a page number, running header or footer; None for any other line."""
    if not line.margin or not page.at_edge(line):
        return None
    if _PAGE_NUMBER.match(line.text):
        return "page-number"
    key = furniture_key(line.text)
    if any(
        abs(top - line.top) <= SAME_HEIGHT and other == key
        for n in neighbours
        for top, other in n.edges
    ):
        return "running-header" if page.at_top(line) else "running-footer"
    if line.size <= page.small and any(abs(b - line.bottom) <= SAME_HEIGHT for b in page.numbers):
        # Small print beside the page number: a footer (or header) even on a page of its own.
        return "header" if page.at_top(line) else "footer"
    return None


def furniture_key(text: str) -> str:
    """Text compared for repetition: case, white space, punctuation and symbols, and the
    digits of numbers ignored (OCR reads a logo's "®" as a quote on one page, a speck
    beside it as a dot on another).

    A short run of glyphs without a Unicode map counts as a number too: in such
    a font the page numbers are codes as well, and differ from page to page.
    """
    packed = "".join(text.lower().split())
    if 0 < len(packed) <= _MAX_UNMAPPED_NUMBER and all(map(is_private_use, packed)):
        return "#"
    kept = "".join(c for c in packed if unicodedata.category(c)[0] not in "PS")
    return re.sub(r"\d+", "#", kept)
