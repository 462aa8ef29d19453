"""The PDF path, built on pdfplumber: the page is the unit of work.

Each page becomes lines in reading order with a layout role:

1. words with their font and size (`page.extract_words`);
2. figure regions: images, and drawings (clusters of shapes that are more than
   a frame), so that labels inside them become figure text;
3. column gutters: x-ranges that almost no word covers, found per page;
4. line segments: words on one baseline, split at the gutters;
5. reading order: full-width elements (a heading or figure across the
   gutters) cut the page into horizontal bands, and each band is read column
   by column;
6. roles from size and weight (headings), position (figures, captions) and
   list markers; paragraph starts from vertical gaps, indents and short lines.

Tagged PDFs take reading order, roles and paragraphs from the structure tree
instead.  Running headers and footers are lines near the top or bottom edge
that repeat, with digits ignored, at the same height on nearby pages; only a
few pages' worth of small `_Line` records is held for that comparison, so
memory stays flat however long the manual is.
"""

from __future__ import annotations

import bisect
import math
import re
import statistics
from collections import Counter, deque
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import accumulate, count, pairwise
from pathlib import Path
from typing import Any, NamedTuple

import pdfplumber
from pdfminer.data_structures import NumberTree
from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFSyntaxError
from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1
from pdfminer.psparser import PSException, PSLiteral
from pdfplumber.utils.exceptions import PdfminerException

from rulekit.errors import InputError
from rulekit.extract.clean import clean_lines
from rulekit.extract.encoding import BREAK_HYPHENS, is_private_use
from rulekit.extract.lexicon import Lexicon, german_lexicon
from rulekit.model import Extraction, LineRole, Repair, TextLine

__all__ = ["extract_pdf", "open_pdf", "pdf_lines"]

# Top and bottom strips, as a fraction of the page height, where running
# headers, footers and page numbers live.
EDGE = 0.1
# Pages on either side of a page whose edge lines are compared with its own.
WINDOW = 2
# A heading's font is at least this much larger than the body font.
HEADING_RATIO = 1.15
# Labels and captions are set smaller than this fraction of the body font.
SMALL_RATIO = 0.92

_BOLD = re.compile(r"bold|black|heavy|semibold|demibold|extrabold|ultrabold", re.IGNORECASE)
_ITALIC = re.compile(r"italic|oblique|kursiv", re.IGNORECASE)
_CID = re.compile(r"\(cid:(\d+)\)")
# Glyphs without a Unicode map come out as this plus their code (Plane 15).
_UNMAPPED = 0xF0000
_LIST_MARKER = re.compile(r"^(?:[•◦▪▫●○■□‣∙·–*]|\d{1,2}[.)]|[a-z]\))\s")
# The most glyphs a page number of such a font has.
_MAX_UNMAPPED_NUMBER = 4
_PAGE_NUMBER = re.compile(r"^\W*(?:seite\s*)?\d{1,4}(?:\s*(?:von|/)\s*\d{1,4})?\W*$", re.IGNORECASE)

_STRUCT_ROLES: dict[str, LineRole] = {
    **{tag: "heading" for tag in ("H", "H1", "H2", "H3", "H4", "H5", "H6", "Title")},
    **{tag: "list-item" for tag in ("L", "LI", "Lbl", "LBody")},
    "Figure": "figure",
    "Caption": "caption",
    **{tag: "body" for tag in ("P", "BlockQuote", "Note", "TD", "TH")},
}
_STRUCT_BLOCKS = {"P", "H", "H1", "H2", "H3", "H4", "H5", "H6", "Title", "LI", "Figure"}
_STRUCT_BLOCKS |= {"Caption", "TD", "TH", "BlockQuote", "Note"}


@dataclass(slots=True)
class _Word:
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    bold: bool
    italic: bool
    mcid: int | None = None


@dataclass(slots=True)
class _Line:
    """A line (or the part of one inside a column) with what the roles are decided from."""

    words: list[_Word]
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    text: str = ""
    column: int = 0  # counted from the left, between the page's gutters
    band: int = 0  # counted down the page, between full-width elements
    spans: bool = False  # crosses a gutter, or stands alone across the columns
    left: float = 0.0  # the column's left edge
    right: float = 0.0  # the right edge of the lines of its block nearby
    gap: float | None = None  # to the line before it in its column; None at a column top
    gap_limit: float = 0.0  # a larger gap starts a paragraph
    column_top: bool = False
    page: int = 0  # the page index
    role: LineRole | None = None
    block: int | None = None  # the structure element of its paragraph, in a tagged PDF
    starts: bool = False

    @property
    def bold(self) -> bool:
        # Glyphs without a Unicode map are most likely letters.
        lettered = [w for w in self.words if any(c.isalpha() or is_private_use(c) for c in w.text)]
        return bool(lettered) and all(w.bold for w in lettered)

    @property
    def italic(self) -> bool:
        return all(w.italic for w in self.words)

    @property
    def first_width(self) -> float:
        return self.words[0].x1 - self.words[0].x0


@dataclass
class _Page:
    """A page read but not yet emitted, with its edge lines for the furniture comparison."""

    index: int
    number: int
    height: float
    lines: list[_Line]
    edges: list[tuple[float, str]] = field(default_factory=list)  # (top, furniture key)

    def __post_init__(self) -> None:
        self.edges = [(ln.top, _furniture_key(ln.text)) for ln in self.lines if self.at_edge(ln)]

    def at_edge(self, line: _Line) -> bool:
        """Whether a line lies in the top or bottom strip, where furniture is."""
        return line.top < EDGE * self.height or line.bottom > (1 - EDGE) * self.height


@dataclass
class _Document:
    """What is carried from page to page: font sizes seen and the structure tree."""

    sizes: Counter[float] = field(default_factory=Counter)
    structure: _Structure | None = None
    text_seen: bool = False

    @property
    def body_size(self) -> float:
        return self.sizes.most_common(1)[0][0] if self.sizes else 10.0


def open_pdf(path: Path) -> pdfplumber.PDF:
    """Open a PDF, turning every way it can be unreadable into an `InputError`."""
    with path.open("rb") as handle:
        head = handle.read(1024)
        handle.seek(0, 2)
        size = handle.tell()
        handle.seek(max(0, size - 2048))
        tail = handle.read()
    if not head.strip():
        raise InputError(path, 0, "file is empty")
    if b"%PDF-" not in head:
        raise InputError(path, 0, "not a PDF: the file has no %PDF- header")
    if b"%%EOF" not in tail:
        raise InputError(path, 0, "truncated PDF: no %%EOF marker at the end; get the file again")
    try:
        pdf = pdfplumber.open(path)
    except (PdfminerException, PDFSyntaxError, PSException, ValueError, KeyError) as error:
        cause = error.args[0] if error.args else error
        if isinstance(cause, (PDFPasswordIncorrect, PDFEncryptionError)):
            raise InputError(path, 0, "PDF is encrypted; remove the password first") from None
        raise InputError(path, 0, f"corrupt PDF ({cause})") from None
    return pdf


def extract_pdf(
    path: Path, pages: list[int] | None = None, lexicon: Lexicon | None = None
) -> Extraction:
    """Clean blocks from a PDF: `clean_lines` over `pdf_lines`, furniture listed as repairs."""
    lines = list(pdf_lines(path, pages))
    removed = [
        Repair(
            kind=ln.artefact or "artefact",
            before=ln.text,
            after="",
            page=ln.page,
            line=ln.line,
            confidence=0.9,
        )
        for ln in lines
        if ln.role == "artefact"
    ]
    return clean_lines(lines, lexicon or german_lexicon(), repairs=removed)


def pdf_lines(path: Path, pages: list[int] | None = None) -> Iterator[TextLine]:
    """The text lines of a PDF in reading order, page by page, with roles from layout.

    `pages` are the printed page numbers of the file's pages; PDF pages are
    numbered from 1 otherwise.  Characters whose font has no Unicode map come
    out as U+F0000 plus their glyph code; ligature characters and soft hyphens
    are left for `clean_lines`, which lists its changes as repairs.
    """
    with open_pdf(path) as pdf:
        document = _Document(structure=_Structure.of(pdf))
        window: deque[_Page] = deque(maxlen=2 * WINDOW + 1)
        previous: _Line | None = None
        read = 0
        for index, page in enumerate(_pages(path, pdf)):
            number = pages[index] if pages and index < len(pages) else index + 1
            lines = _read_page(path, page, index, document)
            window.append(_Page(index, number, float(page.height), lines))
            read = index + 1
            # The page WINDOW places back now has all its neighbours in the window.
            if index >= WINDOW:
                previous = yield from _emit(window, index - WINDOW, previous)
        for index in range(max(0, read - WINDOW), read):
            previous = yield from _emit(window, index, previous)
        if not read:
            raise InputError(path, 0, "PDF has no pages")
        if not document.text_seen:
            raise InputError(
                path, 0, "PDF has no text layer (scanned images only); run OCR on it first"
            )


def _pages(path: Path, pdf: pdfplumber.PDF) -> Iterator[Any]:
    """The pages one at a time, each forgotten once the next is asked for.

    pdfplumber's `pdf.pages` keeps every page, and pdfminer's object cache
    every content stream it decoded, until the document closes; reading the
    page tree lazily and emptying that cache after each page keeps memory
    flat however long the manual is.
    """
    found = PDFPage.create_pages(pdf.doc)
    for number in count(1):
        try:
            page = next(found)
        except StopIteration:
            return
        except (PSException, ValueError, KeyError, TypeError) as error:
            raise InputError(path, 0, f"corrupt PDF: page {number} ({error})") from None
        yield pdfplumber.page.Page(pdf, page, page_number=number)
        cache = getattr(pdf.doc, "_cached_objs", None)
        if isinstance(cache, dict):
            cache.clear()


def _read_page(path: Path, page: Any, index: int, document: _Document) -> list[_Line]:
    """One page's lines; damage that pdfminer passes over in silence is an `InputError`.

    A content stream that cannot be found or does not decompress makes
    pdfminer draw an empty page; here it is reported instead.
    """
    contents = page.page_obj.contents
    compressed = [isinstance(c, PDFStream) and bool(c.rawdata) for c in contents]
    try:
        lines = _page_lines(page, document)
    except (PdfminerException, PSException, ValueError, KeyError, TypeError) as error:
        raise InputError(path, 0, f"corrupt PDF: page {index + 1} ({error})") from None
    finally:
        page.close()
    lost = any(
        not isinstance(stream, PDFStream) or (raw and stream.data == b"")
        for stream, raw in zip(contents, compressed, strict=True)
    )
    if lost:
        raise InputError(path, 0, f"corrupt PDF: the content of page {index + 1} is damaged")
    return lines


def _emit(
    window: deque[_Page], index: int, previous: _Line | None
) -> Generator[TextLine, None, _Line | None]:
    """Yield one page's lines, once its running headers and footers are known."""
    page = next(p for p in window if p.index == index)
    neighbours = [p for p in window if p is not page and abs(p.index - index) <= WINDOW]
    for number, line in enumerate(page.lines, start=1):
        line.page = page.index
        kind = _furniture(line, page, neighbours)
        if kind is not None:
            line.role = "artefact"
        elif line.role == "artefact":
            kind = "untagged"
        else:
            _decide_paragraph(line, previous)
            previous = line
        yield TextLine(
            text=line.text,
            page=page.number,
            line=number,
            role=line.role,
            starts_paragraph=line.starts,
            artefact=kind,
        )
    return previous


def _furniture(line: _Line, page: _Page, neighbours: Iterable[_Page]) -> str | None:
    """The kind of a page number, running header or footer: an edge line that repeats nearby."""
    if not page.at_edge(line):
        return None
    if _PAGE_NUMBER.match(line.text):
        return "page-number"
    key = _furniture_key(line.text)
    if not any(
        abs(top - line.top) <= 3 and other == key for n in neighbours for top, other in n.edges
    ):
        return None
    return "running-header" if line.top < EDGE * page.height else "running-footer"


def _furniture_key(text: str) -> str:
    """Text compared for repetition: case, white space and the digits of numbers ignored.

    A short run of glyphs without a Unicode map counts as a number too: in such
    a font the page numbers are codes as well, and differ from page to page.
    """
    packed = "".join(text.lower().split())
    if 0 < len(packed) <= _MAX_UNMAPPED_NUMBER and all(map(is_private_use, packed)):
        return "#"
    return re.sub(r"\d+", "#", packed)


def _decide_paragraph(line: _Line, previous: _Line | None) -> None:
    """Set `starts` (and list continuation) from the line before, across columns and pages."""
    if previous is None:
        line.starts = True
        return
    if line.block is not None and previous.block is not None:
        if line.block == previous.block and line.role == previous.role:
            line.starts = False
            return
        # A paragraph broken over a column or page may be two elements: the
        # layout decides there, as for untagged text.
        moved = line.column_top and (line.page, line.column) != (previous.page, previous.column)
        if not moved or not line.role == previous.role == "body":
            line.starts = True
            return
    broken = previous.text.endswith(BREAK_HYPHENS) and previous.text[-2:-1].isalpha()
    gap_break = line.gap is not None and line.gap > line.gap_limit
    if line.role in ("heading", "figure", "caption"):
        line.starts = (
            previous.role != line.role or gap_break or abs(previous.size - line.size) > 0.5
        )
        return
    if line.role != "body":
        line.starts = True
        return
    opens = previous.role != "body" or gap_break or _forced_break(previous, line)
    if _LIST_MARKER.match(line.text) and not broken and opens:
        line.role, line.starts = "list-item", True
        return
    if previous.role == "list-item" and not gap_break:
        # An item goes on at its hanging indent, or, in the same column, after
        # a line that was full.
        offset = line.x0 - line.left
        hanging = offset > 0.3 * line.size and abs(offset - (previous.x0 - previous.left)) < 1
        flowing = line.gap is not None and not _forced_break(previous, line)
        if broken or hanging or flowing:
            line.role, line.starts = "list-item", False
            return
    indent = (line.x0 - line.left) - (previous.x0 - previous.left)
    line.starts = not broken and (
        previous.role != "body"
        or gap_break
        or 0.5 * line.size < indent < 4 * line.size
        or _forced_break(previous, line)
    )


def _forced_break(previous: _Line, line: _Line) -> bool:
    """The line's first word would have fitted on the previous line: that line ended a paragraph."""
    space = 0.25 * previous.size
    return previous.x1 + space + line.first_width < previous.right - 1


def _page_lines(page: Any, document: _Document) -> list[_Line]:
    """One page's lines in reading order, roles set except paragraph starts and furniture."""
    attrs = ["fontname", "size"]
    if document.structure is not None:
        attrs += ["mcid", "tag"]
    raw = page.extract_words(
        x_tolerance_ratio=0.2, keep_blank_chars=False, expand_ligatures=False, extra_attrs=attrs
    )
    words = [_word(w) for w in raw if w.get("upright", True)]
    words = [w for w in words if w.text]
    if not words:
        return []
    document.text_seen = True
    for w in words:
        document.sizes[round(w.size * 2) / 2] += len(w.text)
    grid = _Grid.of(words, _figure_regions(page), float(page.height))
    lines = None
    if document.structure is not None:
        mapping = document.structure.page_map(page)
        lines = _tagged_lines(words, mapping) if mapping else None
        if lines is not None:
            _band(lines, grid)
    if lines is None:
        lines = _layout_lines(grid)
    _measure(lines, grid)
    _classify(lines, grid.regions, document.body_size)
    return lines


def _word(raw: dict[str, Any]) -> _Word:
    text = _CID.sub(lambda m: chr(_UNMAPPED + int(m.group(1))), raw["text"])
    fontname = str(raw.get("fontname", ""))
    return _Word(
        text=text,
        x0=float(raw["x0"]),
        x1=float(raw["x1"]),
        top=float(raw["top"]),
        bottom=float(raw["bottom"]),
        size=float(raw.get("size", 10.0)),
        bold=bool(_BOLD.search(fontname)),
        italic=bool(_ITALIC.search(fontname)),
        mcid=None if raw.get("tag") == "Artifact" else raw.get("mcid"),
    )


# --- geometry ---------------------------------------------------------------

Box = tuple[float, float, float, float]  # x0, top, x1, bottom


def _figure_regions(page: Any) -> list[Box]:
    """Boxes whose text is figure text: pictures, and drawings that are more than a frame.

    A frame (an example box: a border and a background, one box drawn several
    times) holds running text; a drawing has shapes inside its outline.
    Anything covering half the page is a background and ignored.
    """
    area = float(page.width) * float(page.height)
    regions = [_box(obj) for obj in page.images if _area(_box(obj)) < 0.5 * area]
    shapes = [
        _box(obj)
        for obj in (*page.rects, *page.curves, *page.lines)
        if _area(_box(obj)) < 0.5 * area
    ]
    for cluster, members in _clusters(shapes):
        inner = [b for b in members if max(abs(a - c) for a, c in zip(b, cluster, strict=True)) > 3]
        if len(inner) >= 2:
            regions.append(cluster)
    return regions


def _box(obj: dict[str, Any]) -> Box:
    return (float(obj["x0"]), float(obj["top"]), float(obj["x1"]), float(obj["bottom"]))


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _clusters(boxes: list[Box]) -> list[tuple[Box, list[Box]]]:
    """Groups of touching boxes, found in one sweep from top to bottom.

    A cluster that ends above the current box can meet no later box, so it
    leaves the active list: a map of many small shapes stays near linear.
    """
    done: list[tuple[Box, list[Box]]] = []
    active: list[tuple[Box, list[Box]]] = []
    for box in sorted(boxes, key=lambda b: b[1]):
        done += [c for c in active if c[0][3] < box[1] - 1]
        active = [c for c in active if c[0][3] >= box[1] - 1]
        touching = [c for c in active if _touch(c[0], box)]
        members = [box] + [m for c in touching for m in c[1]]
        merged = (
            min(b[0] for b in members),
            min(b[1] for b in members),
            max(b[2] for b in members),
            max(b[3] for b in members),
        )
        active = [c for c in active if c not in touching]
        active.append((merged, members))
    return done + active


def _touch(a: Box, b: Box, margin: float = 1.0) -> bool:
    return (
        a[0] - margin <= b[2]
        and b[0] - margin <= a[2]
        and a[1] - margin <= b[3]
        and b[1] - margin <= a[3]
    )


def _inside(item: _Word | _Line, box: Box) -> bool:
    """Whether the centre of a word or line lies in a box."""
    x, y = (item.x0 + item.x1) / 2, (item.top + item.bottom) / 2
    return box[0] - 1 <= x <= box[2] + 1 and box[1] - 1 <= y <= box[3] + 1


def _rows(words: list[_Word]) -> list[list[_Word]]:
    """Words grouped by baseline (bottom edge, within a quarter of the font size), left to right."""
    rows: list[list[_Word]] = []
    for word in sorted(words, key=lambda w: w.bottom):
        if rows and word.bottom - rows[-1][0].bottom <= 0.25 * rows[-1][0].size:
            rows[-1].append(word)
        else:
            rows.append([word])
    for row in rows:
        row.sort(key=lambda w: w.x0)
    return rows


def _gutters(words: list[_Word]) -> list[tuple[float, float]]:
    """The x-ranges between columns: runs that few words cover, with text on both sides.

    Coverage (words over each point of width) comes from a difference array,
    so this is linear in words plus page width.  A point belongs to a gutter
    when its coverage is at most a quarter of the densest coverage on its
    left and on its right: a heading across the columns lowers that contrast
    but does not hide the gutter, and a column with a few lines still counts.
    A gutter is at least an em wide, wider than any river in justified text.
    """
    left = int(min(w.x0 for w in words))
    right = int(max(w.x1 for w in words)) + 1
    delta = [0] * (right - left + 2)
    for w in words:
        delta[int(w.x0) - left] += 1
        delta[int(w.x1) - left + 1] -= 1
    coverage = list(accumulate(delta[:-1]))
    before = list(accumulate(coverage, max))
    after = list(accumulate(reversed(coverage), max))[::-1]
    size = statistics.median(w.size for w in words)
    gutters: list[tuple[float, float]] = []
    start: int | None = None
    for x in range(1, len(coverage) - 1):
        sides = min(before[x - 1], after[x + 1])
        if sides >= 2 and coverage[x] <= sides / 4:
            start = x if start is None else start
            continue
        if start is not None and x - start >= size:
            gutters.append((left + start, left + x))
        start = None
    return gutters


def _segments(row: list[_Word], gutters: list[tuple[float, float]]) -> list[list[_Word]]:
    """A row split where a gutter runs between two words with a gap wider than a space."""
    pieces = [[row[0]]]
    for word in row[1:]:
        last = pieces[-1][-1]
        gap = word.x0 - last.x1
        # Justified spacing never reaches three ems: such a gap parts two things.
        if gap > 3 * word.size or (
            gap > 0.8 * word.size and any(last.x1 < b and a < word.x0 for a, b in gutters)
        ):
            pieces.append([word])
        else:
            pieces[-1].append(word)
    return pieces


def _make_line(words: list[_Word]) -> _Line:
    parts = [words[0].text]
    for previous, word in pairwise(words):
        # Words split only by a font change touch; a real space leaves a gap.
        if word.x0 - previous.x1 > 0.1 * word.size:
            parts.append(" ")
        parts.append(word.text)
    text = "".join(parts)
    sizes = Counter({w.size: len(w.text) for w in words})
    return _Line(
        words=words,
        x0=min(w.x0 for w in words),
        x1=max(w.x1 for w in words),
        top=min(w.top for w in words),
        bottom=max(w.bottom for w in words),
        size=sizes.most_common(1)[0][0],
        text=text,
    )


@dataclass
class _Grid:
    """A page's figure regions, body frame (top, bottom) and column gutters."""

    regions: list[Box]
    frame: tuple[float, float]
    gutters: list[tuple[float, float]]
    rows: list[list[_Word]]  # rows of the words outside figure regions
    figures: list[list[_Word]]  # the words inside each region

    @classmethod
    def of(cls, words: list[_Word], regions: list[Box], height: float) -> _Grid:
        """Find the frame and the gutters from the words outside the figure regions."""
        region_of = [next((i for i, r in enumerate(regions) if _inside(w, r)), -1) for w in words]
        rows = _rows([w for w, r in zip(words, region_of, strict=True) if r < 0])
        frame = _frame(rows, height)
        framed = [w for row in rows for w in row if frame[0] <= w.top and w.bottom <= frame[1]]
        figures = [
            [w for w, r in zip(words, region_of, strict=True) if r == i]
            for i in range(len(regions))
        ]
        return cls(regions, frame, _gutters(framed) if framed else [], rows, figures)

    def place(self, lines: list[_Line]) -> None:
        """Set each line's column, and whether it spans a gutter."""
        for line in lines:
            line.column = sum(b <= line.x0 + 1 for _, b in self.gutters)
            line.spans = any(line.x0 <= a and b <= line.x1 for a, b in self.gutters)


def _layout_lines(grid: _Grid) -> list[_Line]:
    """Lines of an untagged page in reading order: bands, then columns, then top to bottom."""
    lines = [_make_line(piece) for row in grid.rows for piece in _segments(row, grid.gutters)]
    lines += [_make_line(row) for words in grid.figures for row in _rows(words)]
    _band(lines, grid)
    lines.sort(key=lambda ln: (ln.band, 0 if ln.spans else ln.column, ln.top, ln.x0))
    return lines


def _band(lines: list[_Line], grid: _Grid) -> None:
    """Set each line's column and band: full-width elements cut the page into bands.

    Bands are numbered down the page; a cut (a line across the gutters, a
    figure across them, or a line alone between the column sets) is an odd
    band of its own, the columns between cuts an even one.
    """
    grid.place(lines)
    cuts: list[tuple[float, float]] = [(ln.top, ln.bottom) for ln in lines if ln.spans]
    cuts += [
        (r[1], r[3]) for r in grid.regions if any(r[0] <= a and b <= r[2] for a, b in grid.gutters)
    ]
    cuts = _merge_intervals(cuts + _alone(lines, grid, cuts))
    for line in lines:
        middle = (line.top + line.bottom) / 2
        inside = [i for i, (a, b) in enumerate(cuts) if a - 1 <= middle <= b + 1]
        if inside:
            line.spans = True
            line.band = 2 * inside[0] + 1
        else:
            line.band = 2 * sum(b < middle for _, b in cuts)


def _frame(rows: list[list[_Word]], height: float) -> tuple[float, float]:
    """The top and bottom of the page's body, without lines set off in its margins.

    Rows are merged into blocks wherever less than a font size separates
    them; blocks that lie wholly in the top or bottom strip are margin text
    (running headers, footers, page numbers) and stay out of the column analysis.
    """
    blocks: list[list[float]] = []
    for row in sorted(rows, key=lambda r: min(w.top for w in r)):
        top, bottom = min(w.top for w in row), max(w.bottom for w in row)
        if blocks and top - blocks[-1][1] < 0.8 * row[0].size:
            blocks[-1][1] = max(blocks[-1][1], bottom)
        else:
            blocks.append([top, bottom])
    body = [b for b in blocks if b[1] > EDGE * height and b[0] < (1 - EDGE) * height]
    return (body[0][0], body[-1][1]) if body else (0.0, height)


def _alone(
    lines: list[_Line], grid: _Grid, cuts: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """Lines that stand alone across the columns: a short heading set over all of them.

    Going down the page from cut to cut, a line is alone when the text of
    every column above it (since the last cut) ends clearly above it, by most
    of its font size, the other columns have text there, nothing beside it,
    and start again below it at the height its own column does.  A heading
    left at the foot of a page, below all columns, counts too.  The last line
    of a column beside a shorter one does not: it follows its paragraph at
    the usual leading, or the other column resumes elsewhere.
    """
    if not grid.gutters:
        return []
    body = [ln for ln in lines if grid.frame[0] <= ln.top and ln.bottom <= grid.frame[1]]
    edges = [-1e9, *(x for g in grid.gutters for x in g), 1e9]
    spans: list[list[tuple[float, float]]] = [
        sorted(
            [(ln.top, ln.bottom) for ln in body if ln.column == c]
            + [
                (r[1], r[3])
                for r in grid.regions
                if r[0] < edges[2 * c + 1] and edges[2 * c] < r[2]
            ]
        )
        for c in range(len(grid.gutters) + 1)
    ]
    found: list[tuple[float, float]] = []
    for line in sorted(body, key=lambda ln: ln.top):
        if line.spans:
            continue
        floor = max((b for _, b in cuts + found if b <= line.top), default=-1e9)
        above = [_last_above(column, floor, line.top) for column in spans]
        others = [c for c, bottom in enumerate(above) if c != line.column and bottom is not None]
        if not others or line.top - max(b for b in above if b is not None) < 0.8 * line.size:
            continue
        own = spans[line.column]
        index = bisect.bisect_right(own, (line.top, line.bottom))
        below = own[index][0] if index < len(own) else None
        if all(_resumes(spans[c], line, below) for c in others):
            found.append((line.top, line.bottom))
    return found


def _last_above(column: list[tuple[float, float]], floor: float, top: float) -> float | None:
    """The bottom of a column's text between `floor` and `top`; None when it has none there."""
    start = bisect.bisect_left(column, (floor, floor))
    end = bisect.bisect_left(column, (top, top))
    bottoms = [b for a, b in column[max(start, end - 3) : end] if a >= floor and b <= top]
    return max(bottoms, default=None)


def _resumes(column: list[tuple[float, float]], line: _Line, below: float | None) -> bool:
    """Whether a column leaves `line` alone: clear beside it, resuming where its own column does.

    `column` holds the extents of the other column's lines, sorted; `below`
    is the top of the next line in the line's own column, None at its end.
    """
    index = bisect.bisect_left(column, (line.bottom, line.bottom))
    if any(b > line.top for _, b in column[max(0, index - 3) : index]):
        return False
    if index == len(column):
        return below is None
    return below is not None and abs(column[index][0] - below) <= line.size


def _merge_intervals(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for a, b in sorted(intervals):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def _measure(lines: list[_Line], grid: _Grid) -> None:
    """Column edges, and each line's vertical gap to the line before it in its column.

    Lines outside the body frame (running headers, footers) are nobody's
    neighbour; a line that does not follow another one in its column, below
    it, has no gap (None): the top of a column, or a jump in reading order.
    """
    columns = range(len(grid.gutters) + 1)
    text = [
        grid.frame[0] <= ln.top <= grid.frame[1] and not any(_inside(ln, r) for r in grid.regions)
        for ln in lines
    ]
    inner = [ln for ln, ok in zip(lines, text, strict=True) if ok and not ln.spans]
    left = {c: min((ln.x0 for ln in inner if ln.column == c), default=0.0) for c in columns}
    page_left = min(ln.x0 for ln in lines)
    previous: _Line | None = None
    gaps: list[float] = []
    for index, line in enumerate(lines):
        line.left = page_left if line.spans else left[line.column]
        # The measure is that of the nearby lines of the same block: a framed
        # example box is narrower than its column, and ragged text varies.
        near = range(max(0, index - 6), min(len(lines), index + 7))
        line.right = max(
            [line.x1]
            + [
                lines[i].x1
                for i in near
                if text[i]
                and (lines[i].band, lines[i].column, lines[i].spans)
                == (line.band, line.column, line.spans)
                and lines[i].x0 >= line.x0 - 1.5
            ]
        )
        if not grid.frame[0] <= line.top <= grid.frame[1]:
            continue
        if (
            previous is not None
            and (previous.band, previous.column, previous.spans)
            == (line.band, line.column, line.spans)
            and previous.top < line.top
        ):
            line.gap = line.top - previous.bottom
            if abs(previous.size - line.size) < 0.5:
                gaps.append(line.gap)
        previous = line
    limit = statistics.median(gaps or [0.0]) + 0.25 * statistics.median(ln.size for ln in lines)
    tops: dict[tuple[int, int, bool], float] = {}
    for line, ok in zip(lines, text, strict=True):
        key = (line.band, line.column, line.spans)
        if ok and line.top < tops.get(key, math.inf):
            tops[key] = line.top
    for line in lines:
        line.gap_limit = limit
        line.column_top = line.top <= tops.get((line.band, line.column, line.spans), -math.inf)


# --- roles ------------------------------------------------------------------


def _classify(lines: list[_Line], regions: list[Box], body: float) -> None:
    """Give every line without a role one: figure, caption, heading or body."""
    for line in lines:
        if line.role is not None:
            continue
        if any(_inside(line, r) for r in regions):
            line.role = "figure"
        elif line.size >= HEADING_RATIO * body or (line.bold and line.size >= 0.95 * body):
            line.role = "heading"
    small = [ln for ln in lines if ln.role is None and (ln.size <= SMALL_RATIO * body or ln.italic)]
    for line in small:
        if line.role is not None:
            continue
        below = [r for r in regions if -line.size <= line.top - r[3] <= 2 * line.size]
        if any(line.x0 < r[2] and r[0] < line.x1 for r in below):
            line.role = "caption"
    # Captions run on: the lines right below a caption line in the same style.
    for above, line in pairwise(lines):
        if (
            line.role is None
            and above.role == "caption"
            and line.italic == above.italic
            and abs(line.size - above.size) < 0.5
            and 0 <= line.top - above.bottom <= line.size
        ):
            line.role = "caption"
    # Clusters of short, small labels outside any drawing are figure text too.
    # Small print set as running text is not: a short line with a long one
    # next to it (a note's last line), or lines stacked at one left edge at
    # the leading (a list, a table, a code listing).
    small = [ln for ln in lines if ln.role is None and ln.size <= SMALL_RATIO * body]
    for line in small:
        near = [o for o in small if o is not line and abs(o.top - line.top) <= 4 * line.size]
        stacked = any(
            o.column == line.column
            and (len(o.text) > 30 or abs(o.x0 - line.x0) <= 1)
            and min(abs(o.top - line.bottom), abs(line.top - o.bottom)) <= 0.6 * line.size
            for o in near
        )
        if len(line.text) <= 30 and near and not stacked:
            line.role = "figure"
    for line in lines:
        if line.role is None:
            line.role = "body"


# --- tagged PDFs ------------------------------------------------------------


class _Element(NamedTuple):
    path: tuple[int, ...]  # child positions from the root: a document-wide sort key
    role: LineRole | None
    block: int  # the paragraph it belongs to: its nearest block element's object id
    in_item: bool  # inside a list item, where a P is part of the item


class _Structure:
    """Reading order, roles and paragraphs from a tagged PDF's structure tree.

    Each marked-content id on a page leads, through the parent tree, to a
    structure element and up its /P chain to the root.  Elements the root
    does not reach (their parent does not list them) are left out, like
    content marked as an Artifact: a page's untagged content is furniture.
    """

    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self.role_map = resolve1(root.get("RoleMap")) or {}
        self.parents = dict(NumberTree(root["ParentTree"]).values)
        self.elements: dict[int, _Element | None] = {}
        self.kids: dict[int, dict[object, int]] = {}

    @classmethod
    def of(cls, pdf: Any) -> _Structure | None:
        """The structure of a tagged PDF; None when there is none or it cannot be read."""
        try:
            root = resolve1(pdf.doc.catalog.get("StructTreeRoot"))
            if not isinstance(root, dict) or "ParentTree" not in root:
                return None
            return cls(root)
        except (PSException, ValueError, KeyError, TypeError):
            return None

    def page_map(self, page: Any) -> dict[int, tuple[tuple[int, ...], LineRole | None, int]]:
        """Marked-content id -> (sort key, role, block) for the page; empty when untagged."""
        key = page.page_obj.attrs.get("StructParents")
        try:
            array = resolve1(self.parents.get(key)) if key is not None else None
            if not isinstance(array, list):
                return {}
            result = {}
            for mcid, ref in enumerate(array):
                element = self._element(ref, 0) if isinstance(ref, PDFObjRef) else None
                if element is not None:
                    position = self._position(ref, mcid) or 0
                    result[mcid] = ((*element.path, position), element.role, element.block)
            return result
        except (PSException, ValueError, KeyError, TypeError):
            return {}

    def _element(self, ref: PDFObjRef, depth: int) -> _Element | None:
        if ref.objid in self.elements:
            return self.elements[ref.objid]
        if depth > 64:
            raise ValueError("structure tree too deep or cyclic")
        obj = resolve1(ref)
        tag = _name(obj.get("S"))
        tag = _name(self.role_map.get(tag)) or tag
        parent = obj.get("P")
        position = self._position(parent if isinstance(parent, PDFObjRef) else None, ref)
        if (
            isinstance(parent, PDFObjRef)
            and _name(resolve1(parent).get("Type")) != "StructTreeRoot"
        ):
            above = self._element(parent, depth + 1)
        else:
            above = _Element((), None, ref.objid, False)
        element = None
        if above is not None and position is not None:
            own = _STRUCT_ROLES.get(tag)
            keeps = own is None or (above.in_item and own == "body")
            starts_block = tag in _STRUCT_BLOCKS and not above.in_item
            element = _Element(
                path=(*above.path, position),
                role=above.role if keeps else own,
                block=ref.objid if starts_block or not above.path else above.block,
                in_item=above.in_item or tag == "LI",
            )
        self.elements[ref.objid] = element
        return element

    def _position(self, parent: PDFObjRef | None, child: object) -> int | None:
        """Index of a child (element reference or marked-content id) among its parent's kids."""
        owner_id = parent.objid if parent is not None else 0
        if owner_id not in self.kids:
            owner = resolve1(parent) if parent is not None else self.root
            kids = resolve1(owner.get("K"))
            positions: dict[object, int] = {}
            for index, kid in enumerate(kids if isinstance(kids, list) else [owner.get("K")]):
                if isinstance(kid, PDFObjRef):
                    positions.setdefault(kid.objid, index)
                value = resolve1(kid)
                if isinstance(value, dict) and "MCID" in value:
                    value = value["MCID"]
                if isinstance(value, int):
                    positions.setdefault(value, index)
            self.kids[owner_id] = positions
        return self.kids[owner_id].get(child.objid if isinstance(child, PDFObjRef) else child)


def _name(value: Any) -> str:
    value = resolve1(value)
    if isinstance(value, PSLiteral):
        name = value.name
        return name.decode("latin-1") if isinstance(name, bytes) else str(name)
    return ""


def _tagged_lines(
    words: list[_Word], mapping: dict[int, tuple[tuple[int, ...], LineRole | None, int]]
) -> list[_Line] | None:
    """Lines in structure order; None when too little of the page is tagged to trust it."""
    tagged = [w for w in words if w.mcid in mapping]
    if sum(len(w.text) for w in tagged) < 0.5 * sum(len(w.text) for w in words):
        return None
    groups: dict[int, list[_Word]] = {}
    for word in tagged:
        groups.setdefault(word.mcid or 0, []).append(word)
    lines: list[_Line] = []
    for mcid in sorted(groups, key=lambda m: mapping[m][0]):
        _, role, block = mapping[mcid]
        for row in _rows(groups[mcid]):
            last = lines[-1] if lines else None
            if (
                last is not None
                and last.block == block
                and abs(row[0].bottom - last.bottom) <= 0.25 * row[0].size
                and row[0].x0 >= last.x1 - 1
            ):
                merged = _make_line(last.words + row)
                merged.role, merged.block = last.role, block
                lines[-1] = merged
                continue
            line = _make_line(row)
            line.role, line.block = role, block
            lines.append(line)
    # Untagged content of a tagged page is, by PDF/UA, an artifact.
    for row in _rows([w for w in words if w.mcid not in mapping]):
        for piece in _segments(row, []):
            line = _make_line(piece)
            line.role = "artefact"
            lines.append(line)
    return lines
