"""Words into lines: rows on one baseline, split where a column gutter runs between them.

A row is the words whose baselines agree.  Two columns set on the same
baseline grid give one row across both, so a row is split at every gap that
is part of a vertical stretch of white space with a column edge beside it:
the gap's strip is empty in the rows above and below it, and text starts
right after it in at least `GUTTER_ROWS` rows in all (after Breuel's
whitespace-rectangle column finding, searched locally around each wide gap
instead of over the whole page).  A gutter is at least an em wide; a river
in justified text rarely is, and the rows above and below close it.
A gap of `WIDE_GAP` ems always splits: justified spacing never gets there.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from rulekit.extract.encoding import is_private_use
from rulekit.extract.page import Box, Word, area, centre_in, contains
from rulekit.extract.textshapes import BULLETS
from rulekit.model import LineRole

__all__ = ["Line", "build_lines", "make_line", "rows", "segments"]

# At most a word space, in ems: justified text stretches its spaces up to about this.
SPACE = 0.6
# A gap this many ems wide parts two things on any page.
WIDE_GAP = 2.5
# The narrowest gutter, in ems of the text beside it.
MIN_GUTTER = 1.0
# Rows of text a gutter's strip must stay empty over, the row itself included.
GUTTER_ROWS = 3
# Rows further apart than this many ems are not neighbours in one column.
ROW_REACH = 2.5
# Closing punctuation, which never follows a space in German text.
_CLOSING = re.compile(r"^[.,;:!?)\]]{1,2}$")
_MARKER = re.compile(rf"^(?:[{re.escape(BULLETS)}]|\(?\d{{1,2}}[.)]|[a-zA-Z]\))$")
_ENUMERATOR = re.compile(r"^(\(?(?:\d{1,2}[.)]|[a-zA-Z]\)))(?=[^\W\d_])")


@dataclass(slots=True)
class Line:
    """A line of text (or the part of one inside a column) and what its role is decided from."""

    words: list[Word]
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    text: str = ""
    region: int = 0  # the column or box it is read in (see layout.py)
    left: float = 0.0  # the left edge of its region's text
    right: float = 0.0  # the right edge of the lines of its block nearby
    gap: float | None = None  # to the line before it in its region; None at a region top
    gap_limit: float = 0.0  # a larger gap starts a paragraph
    region_top: bool = False
    page: int = 0  # the page index
    role: LineRole | None = None
    artefact: str | None = None
    block: int | None = None  # the structure element of its paragraph, in a tagged PDF
    starts: bool = False
    framed: bool = False  # inside a box (a frame or a shaded area)
    container: int = -1  # the index of the smallest frame around it; -1 for none
    margin: bool = False  # set off in the top or bottom margin, apart from the body
    marked: bool = False  # a bullet or a callout drawn as a shape or picture stands before it
    brackets: int = 0  # brackets its paragraph leaves open after it
    bracket_lines: int = 0  # lines since the first of them was opened

    @property
    def box(self) -> Box:
        """The line's bounding box."""
        return (self.x0, self.top, self.x1, self.bottom)

    @property
    def bold(self) -> bool:
        """Whether all its lettered words are bold; glyph codes count as letters."""
        lettered = [w for w in self.words if any(c.isalpha() or is_private_use(c) for c in w.text)]
        return bool(lettered) and all(w.bold for w in lettered)

    @property
    def italic(self) -> bool:
        """Whether all its words are italic."""
        return all(w.italic for w in self.words)

    @property
    def first_width(self) -> float:
        """The width of its first word."""
        return self.words[0].x1 - self.words[0].x0


def make_line(words: list[Word]) -> Line:
    """A line from words in reading order; a space wherever two words do not touch.

    Closing punctuation far from the word before it (an inline icon, which
    is no text, stood between them) closes up to it.  An enumerator that
    starts the line ("1.", "b)") is followed by a space even where it is set
    close to its item's text: it reads as a separate token in print.
    """
    parts = [_ENUMERATOR.sub(r"\1 ", words[0].text, count=1)]
    for previous, word in pairwise(words):
        # Words split only by a font change touch; a real space leaves a gap.
        enumerated = previous is words[0] and bool(_MARKER.match(previous.text))
        gap = word.x0 - previous.x1
        if _CLOSING.match(word.text) and gap > MIN_GUTTER * word.size:
            # Wider than any word space: an inline icon, not in the text,
            # stood there; without it the punctuation closes up.
            parts.append(word.text)
            continue
        if word.spaced or gap > 0.1 * word.size or (enumerated and word.text[:1].isalpha()):
            parts.append(" ")
        parts.append(word.text)
    sizes: Counter[float] = Counter()
    for w in words:
        sizes[w.size] += len(w.text)
    return Line(
        words=words,
        x0=min(w.x0 for w in words),
        x1=max(w.x1 for w in words),
        top=min(w.top for w in words),
        bottom=max(w.bottom for w in words),
        size=sizes.most_common(1)[0][0],
        text="".join(parts),
    )


def build_lines(words: list[Word], frames: list[Box]) -> list[Line]:
    """The page's lines: words in the same box (or in none) split into rows and segments.

    Text inside a frame never shares a line with text outside it, even on
    one baseline: a banner heading beside a column's last line stays apart.
    But a line that runs into a frame's box at the usual word spacing is one
    line: the box's corner reaches over text that is not in it.
    """
    order = sorted(range(len(frames)), key=lambda i: area(frames[i]))
    all_rows = rows(words)
    index = _RowIndex(all_rows)
    groups: dict[int, list[Word]] = {}
    for row in all_rows:
        for run in _runs(row, frames, order):
            container = next((i for i in order if contains(frames[i], _span(run), 0.5)), -1)
            groups.setdefault(container, []).extend(run)
    lines: list[Line] = []
    for container, members in groups.items():
        for piece in segments(rows(members), index):
            line = make_line(piece)
            line.container = container
            lines.append(line)
    return lines


def _runs(row: list[Word], frames: list[Box], order: list[int]) -> list[list[Word]]:
    """A row cut where its words change box with more than a word space between them.

    The box a run is in is that of its first word: a line that runs into a
    box's corner does not carry the box's own text, further along the row
    after a gap, out of the box with it.
    """
    inner = [next((i for i in order if centre_in(_box(w), frames[i], 0.5)), -1) for w in row]
    runs: list[list[Word]] = [[row[0]]]
    start = inner[0]
    for (last, word), now in zip(pairwise(row), inner[1:], strict=True):
        if now != start and word.x0 - last.x1 > SPACE * min(last.size, word.size):
            runs.append([word])
            start = now
        else:
            runs[-1].append(word)
    return runs


def _span(words: list[Word]) -> Box:
    return (
        min(w.x0 for w in words),
        min(w.top for w in words),
        max(w.x1 for w in words),
        max(w.bottom for w in words),
    )


def _box(word: Word) -> Box:
    return (word.x0, word.top, word.x1, word.bottom)


def rows(words: Iterable[Word]) -> list[list[Word]]:
    """Words grouped by baseline (within a quarter of the font size), left to right.

    The baseline is where the glyphs stand; where a reader does not know it
    (OCR) the bottom of the word's box stands in for it.  A symbol from
    another font (an arrow, a dingbat) has another box, but the same baseline.
    """
    found: list[list[Word]] = []
    levels: list[float] = []
    for word in sorted(words, key=_level):
        # Compared with the row's last word: rows of two columns set a point
        # or two apart are one row, and each word joins the nearest.
        if found and _level(word) - levels[-1] <= 0.25 * max(word.size, found[-1][0].size):
            found[-1].append(word)
            levels[-1] = _level(word)
        else:
            found.append([word])
            levels.append(_level(word))
    for row in found:
        row.sort(key=lambda w: w.x0)
    return _rejoin(found)


def _rejoin(found: list[list[Word]]) -> list[list[Word]]:
    """A stray word of another font (an arrow, a symbol) set a little off the baseline
    goes back into the row whose gap it fills."""
    result = list(found)
    for row in [r for r in found if len(r) <= 2]:
        index = next(i for i, r in enumerate(result) if r is row)
        near = result[max(0, index - 3) : index] + result[index + 1 : index + 4]
        host = next((h for h in near if len(h) > len(row) and _fills_gap(row, h)), None)
        if host is not None:
            host.extend(row)
            host.sort(key=lambda w: w.x0)
            result.pop(index)
    return result


def _fills_gap(row: list[Word], host: list[Word]) -> bool:
    """Whether a short row lies within the height of another and in a gap of it, close by."""
    top, bottom = min(w.top for w in host), max(w.bottom for w in host)
    if not all(top <= (w.top + w.bottom) / 2 <= bottom for w in row):
        return False
    for word in row:
        if any(w.x0 < word.x1 - 1 and word.x0 < w.x1 - 1 for w in host):
            return False
        if not any(abs(w.x1 - word.x0) <= w.size or abs(word.x1 - w.x0) <= w.size for w in host):
            return False
    return True


def _level(word: Word) -> float:
    return word.baseline if word.baseline is not None else word.bottom


def segments(all_rows: list[list[Word]], index: _RowIndex | None = None) -> list[list[Word]]:
    """Each row split at the gutters that run through it: the pieces, top to bottom.

    `index` holds the rows of the whole page, when `all_rows` are those of
    one box on it: a gutter runs past boxes.
    """
    index = index or _RowIndex(all_rows)
    pieces: list[list[Word]] = []
    for row in all_rows:
        number = index.row_of[id(row[0])]
        current = [row[0]]
        for word in row[1:]:
            last = current[-1]
            size = max(1.0, min(last.size, word.size))
            gap = word.x0 - last.x1
            # A list marker's hanging indent looks like a gutter: the item's
            # lines start at one x right of an empty strip.
            marker = len(current) == 1 and bool(_MARKER.match(current[0].text))
            if gap > WIDE_GAP * size or (
                not marker
                and gap > MIN_GUTTER * size
                and index.gutter(number, last.x1, word.x0, size)
            ):
                pieces.append(current)
                current = [word]
            else:
                current.append(word)
        pieces.append(current)
    return pieces


class _RowIndex:
    """The rows' vertical positions and x-extents, to test a gap for a gutter."""

    def __init__(self, all_rows: list[list[Word]]) -> None:
        self.rows = all_rows
        self.row_of = {id(word): number for number, row in enumerate(all_rows) for word in row}
        self.tops = [min(w.top for w in row) for row in all_rows]
        self.bottoms = [max(w.bottom for w in row) for row in all_rows]

    def gutter(self, number: int, left: float, right: float, size: float) -> bool:
        """Whether the gap between `left` and `right` in row `number` is a gutter, not a river.

        Going up and down from the row, the white strip is narrowed to what
        each row leaves free (ragged text reaches into it by different
        amounts); when less than `MIN_GUTTER` ems stay free, the search ends.
        A row whose text right of the strip starts close to it (a column's
        left edge, or an indent from it) counts; other rows (another column
        set on its own baseline grid) are passed over.
        """
        count = 1
        for step in (-1, 1):
            free = (left, right)
            previous = number
            other = number + step
            while 0 <= other < len(self.rows) and count < GUTTER_ROWS:
                distance = (
                    self.tops[previous] - self.bottoms[other]
                    if step < 0
                    else self.tops[other] - self.bottoms[previous]
                )
                narrowed = _free(self.rows[other], free)
                if distance > ROW_REACH * size or narrowed[1] - narrowed[0] < MIN_GUTTER * size:
                    break
                free = narrowed
                count += _start_after(self.rows[other], free, size) is not None
                previous, other = other, other + step
        return count >= GUTTER_ROWS


def _free(row: list[Word], strip: tuple[float, float]) -> tuple[float, float]:
    """The widest part of the strip that no word of the row covers."""
    pieces = []
    start = strip[0]
    for word in row:
        if word.x1 <= start or word.x0 >= strip[1]:
            continue
        pieces.append((start, max(start, word.x0)))
        start = max(start, word.x1)
    pieces.append((start, strip[1]))
    return max(pieces, key=lambda p: p[1] - p[0])


def _start_after(row: list[Word], strip: tuple[float, float], size: float) -> float | None:
    """Where the row's first word right of the strip starts, if close to it (an indent at most)."""
    for word in row:
        if word.x0 >= strip[1]:
            return word.x0 if word.x0 <= strip[1] + WIDE_GAP * size else None
    return None
