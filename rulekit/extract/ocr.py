"""OCR for pages without a text layer: rendered with pdfium, read by Tesseract.

A scanned rulebook is a stack of page images.  Each page is rendered in
grayscale at `DPI` (Tesseract reads best at about 300 dpi; the 600 ppi
bitonal scans of older rulebooks are averaged down, poor 150 ppi scans
smoothed up) and read by Debian's `tesseract` with its German model through
`pytesseract`.  Tesseract's TSV output is all this module needs: every word
with its box, its confidence, and the block, paragraph and line numbers of
Tesseract's own page segmentation, which give the reading order.

The words come out like pdfplumber's: boxes in PDF points from the page's
top-left corner, and a font size estimated from the box height.  Tesseract's
LSTM models do not recognise weight: `bold` is read from the ink of the
word's stems (`weight.mark_bold`), None on a page with too few words to tell.

Ruling lines are found in the bitmap.  Where they make a table's grid
(`tables.find_grids`, with text in its cells), the table is read again with
its rules erased: a rule touching a glyph spoils the word, and Tesseract's
page analysis leaves cells of a ruled table unread.  The grid's rules are
kept (`OcrPage.rules`): the layout reads the table row by row from them,
as from a born-digital page's drawn rules.

`confidence` is Tesseract's word confidence (0–100).  It is not a
probability: the LSTM engine derives it from the least certain character of
the word, so one doubtful glyph pulls the whole word down.  Clean print reads
at 90–96, a misread glyph typically at 50–85, and line art mistaken for text
below 30.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2
import pytesseract
from PIL import Image, ImageOps

from rulekit.errors import InputError
from rulekit.extract.page import centre_in, contains
from rulekit.extract.tables import SNAP, find_grids, holds_table
from rulekit.extract.weight import mark_bold

__all__ = [
    "DPI",
    "LANGUAGE",
    "Box",
    "OcrPage",
    "OcrUnavailable",
    "OcrWord",
    "crop_offset",
    "estimate_font_size",
    "find_rules",
    "has_text_layer",
    "ocr_image",
    "ocr_pages",
    "ocr_words",
    "page_count",
    "pages_without_text",
    "read_tsv",
    "render_page",
]

LANGUAGE = "deu"
# Tesseract's documentation asks for at least 300 dpi; more costs time
# without reading body text better.
DPI = 300
# Fully automatic page segmentation without orientation detection: columns,
# headings and tables become blocks in reading order.  Scans of rulebooks
# are upright, and OSD would misjudge pages that are mostly diagrams.
PSM = 3
# A table read on its own, its rules erased, is one block of text lines: so
# Tesseract reads every cell, a lone number in a wide cell too.
TABLE_PSM = 6
# A page that takes longer than this has something wrong with it.
TIMEOUT_S = 120

# Where a word's glyphs reach, in ems from the baseline, in common text faces:
# capitals, digits and ascenders rise to about 0.72, x-height letters to about
# 0.52; descenders fall to about -0.21.
_ASCENT = 0.72
_X_HEIGHT = 0.52
_DESCENT = 0.21
# Lines of one paragraph whose estimated sizes are this close to their median (a share
# of it) are set in one size.
SIZE_SPREAD = 0.12
# A capital with a mark above it ("Ö", "É") reaches about 0.86 (0.81 to 0.92).
_MARKED_ASCENT = 0.86
_MARKED_CAPITAL = re.compile(r"[ÄÖÜÀÁÂÃÈÉÊËÌÍÎÏÒÓÔÕÙÚÛ]")
_TALL = re.compile(r"[A-ZÄÖÜ0-9bdfhklßtäöüij!?/\\()\[\]{}|'\"„“”‘’«»§$%&@#*]")
_DEEP = re.compile(r"[gjpqyQ()\[\]{}|,;„‚@$§µ]")
# A box this short (in points) is a dot or a rule, not a word.
_MIN_HEIGHT = 1.0
# A ruling line is a run of ink at least this long and at most this thick (points):
# longer than any glyph's stroke, thinner than a heavy heading's.  Gaps of up to
# RULE_GAP pixels (a worn scan) do not break it; a pixel darker than INK is ink.
RULE_LENGTH = 30.0
RULE_THICKNESS = 3.0
RULE_GAP = 2
INK = 160
# Pixels around a rule, its anti-aliased edge, that go with it when it is erased.
RULE_FRINGE = 1
# White pixels around a table read on its own.
MARGIN = 12


class OcrUnavailable(RuntimeError):
    """Tesseract or its German model is not installed."""


Box = tuple[float, float, float, float]  # x0, top, x1, bottom in points
Pixels = tuple[int, int, int, int]  # x0, top, x1, bottom in pixels, ends exclusive


# Not frozen: the layout's word protocol (`page.OcrWordLike`) declares plain attributes.
@dataclass(slots=True)
class OcrWord:
    """One word Tesseract read, placed like a pdfplumber word.

    Boxes are in PDF points with the origin at the page's top-left corner.
    `block`, `paragraph` and `line` are Tesseract's numbers on the page: in
    that order they give its reading order.
    """

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float
    confidence: float
    block: int = 0
    paragraph: int = 0
    line: int = 0
    bold: bool | None = None
    height: float = 0.0  # of its own glyphs' box, where top and bottom are its line's


@dataclass(frozen=True, slots=True)
class OcrPage:
    """One page as Tesseract read it: its words, its size and its blocks without text."""

    words: list[OcrWord]
    width: float
    height: float
    blank: list[Box] = field(default_factory=list)
    rules: list[Box] = field(default_factory=list)  # ruling lines erased before reading


def has_text_layer(pdf_path: Path, page_index: int | None = None) -> bool:
    """Whether a page (or, with no index, any page of the PDF) has text in its text layer.

    Invisible text laid over a scan by an earlier OCR run counts: it is text.
    """
    document = _open(pdf_path)
    try:
        indices = range(len(document)) if page_index is None else [page_index]
        return any(_page_has_text(document, index) for index in indices)
    finally:
        document.close()


def pages_without_text(pdf_path: Path) -> list[int]:
    """The indices of the pages that have no text layer: the pages OCR reads."""
    document = _open(pdf_path)
    try:
        return [i for i in range(len(document)) if not _page_has_text(document, i)]
    finally:
        document.close()


def page_count(pdf_path: Path) -> int:
    """The number of pages of a PDF."""
    document = _open(pdf_path)
    try:
        return len(document)
    finally:
        document.close()


def ocr_words(pdf_path: Path, page_index: int, dpi: int = DPI) -> list[OcrWord]:
    """The words on one page (0-based index) of a PDF, read by Tesseract."""
    return next(ocr_pages(pdf_path, [page_index], dpi=dpi)).words


def ocr_pages(
    pdf_path: Path,
    page_indices: Iterable[int] | None = None,
    dpi: int = DPI,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[OcrPage]:
    """Each page read by Tesseract, in page order; `progress(done, total)` after each page.

    Pages are rendered one at a time (pdfium is not thread-safe) and read by
    as many Tesseract processes at once as there are processors, each
    single-threaded: pages are independent, and Tesseract's own OpenMP
    threads only contend with each other.  At most that many rendered pages
    are held at once.
    """
    _check_tesseract()
    document = _open(pdf_path)
    indices = list(range(len(document)) if page_indices is None else page_indices)
    workers = max(1, min(os.cpu_count() or 1, len(indices)))
    try:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            ahead = iter(indices)
            pending = [_submit(pool, document, i, dpi) for i in islice(ahead, workers)]
            for done in range(1, len(indices) + 1):
                page = pending.pop(0).result()
                following = next(ahead, None)
                if following is not None:
                    pending.append(_submit(pool, document, following, dpi))
                if progress is not None:
                    progress(done, len(indices))
                yield page
    finally:
        document.close()


def ocr_image(image: Any, scale: float, offset: tuple[float, float] = (0.0, 0.0)) -> OcrPage:
    """What Tesseract reads in a PIL image of a page rendered at `scale` pixels per point.

    `offset` is added to every box: where the rendered area (the crop box)
    lies on the page in pdfplumber's coordinates.  A ruled table is read
    again with its rules erased (see `_read_tables`).
    """
    _check_tesseract()
    pixels = np.array(image.convert("L"))
    page = _read_tables(read_tsv(_tesseract(image), scale, offset), pixels.copy(), scale, offset)
    mark_bold(page.words, pixels, scale, offset)
    return page


def _tesseract(image: Any, psm: int = PSM) -> str:
    return str(
        pytesseract.image_to_data(
            image,
            lang=LANGUAGE,
            config=f"--psm {psm}",
            output_type=pytesseract.Output.STRING,
            timeout=TIMEOUT_S,
        )
    )


def _read_tables(page: OcrPage, pixels: Any, scale: float, offset: tuple[float, float]) -> OcrPage:
    """The page with each ruled table's words read again from the table alone, rules erased.

    The words whose centre lies in a table give way to those read in it;
    they get block numbers of their own, after the page's.  The page keeps
    the tables' rules.  `pixels`, the page's grayscale image, loses the rules.
    """
    rules = {_points(r, scale, offset): r for r in find_rules(pixels, scale)}
    boxes = [(w.x0, w.top, w.x1, w.bottom) for w in page.words]
    words, kept = list(page.words), []
    for grid in find_grids(rules):
        if not holds_table(grid, boxes):
            continue
        mine = [rule for rule in rules if contains(grid.box, rule, 2 * SNAP)]
        for rule in mine:
            _erase(pixels, rules[rule])
        x0, top, x1, bottom = (
            max(0, round((v - o) * scale)) for v, o in zip(grid.box, offset * 2, strict=True)
        )
        # Tesseract reads best with some white around the text.
        crop = ImageOps.expand(Image.fromarray(pixels[top:bottom, x0:x1]), MARGIN, fill=255)
        corner = (offset[0] + (x0 - MARGIN) / scale, offset[1] + (top - MARGIN) / scale)
        read = read_tsv(_tesseract(crop, TABLE_PSM), scale, corner).words
        blocks = max((w.block for w in words), default=0)
        for word in read:
            word.block += blocks
        words = [w for w in words if not centre_in((w.x0, w.top, w.x1, w.bottom), grid.box)]
        words += read
        kept += mine
    return replace(page, words=words, rules=kept)


def find_rules(pixels: Any, scale: float) -> list[Pixels]:
    """The ruling lines in a grayscale image (a numpy array), as pixel boxes.

    A rule is a straight run of ink at least `RULE_LENGTH` points long and
    at most `RULE_THICKNESS` thick, horizontal or vertical; `scale` is the
    image's pixels per point.  A thick run (a filled bar, a photo) is none.
    """
    ink = pixels < INK
    length, thickness = round(RULE_LENGTH * scale), round(RULE_THICKNESS * scale)
    found = _rules(ink, length, thickness)
    return found + [(y0, x0, y1, x1) for x0, y0, x1, y1 in _rules(ink.T, length, thickness)]


def _erase(pixels: Any, rule: Pixels) -> None:
    """Paint a rule white, with its fringe: the grey of its anti-aliased edge, and ink
    where the rule wavers.

    Ink beside the rule that goes on past the fringe is a glyph touching the
    rule: there only the grey goes.
    """
    x0, y0, x1, y1 = rule
    if x1 - x0 > y1 - y0:  # a horizontal rule is a vertical one in the transposed image
        pixels, (x0, y0, x1, y1) = pixels.T, (y0, x0, y1, x1)
    height, width = pixels.shape
    pixels[y0:y1, x0:x1] = 255
    for start, stop, beyond in (
        (x0 - RULE_FRINGE, x0, x0 - RULE_FRINGE - 1),
        (x1, x1 + RULE_FRINGE, x1 + RULE_FRINGE),
    ):
        fringe = pixels[y0:y1, max(0, start) : min(width, stop)]
        touched = pixels[y0:y1, beyond] < INK if 0 <= beyond < width else np.zeros(y1 - y0, bool)
        fringe[~touched] = 255
        fringe[fringe >= INK] = 255
    for ends in (slice(max(0, y0 - RULE_FRINGE), y0), slice(y1, min(height, y1 + RULE_FRINGE))):
        tip = pixels[ends, x0:x1]
        tip[tip >= INK] = 255


def _rules(ink: Any, length: int, thickness: int) -> list[Pixels]:
    """The horizontal rules in an ink mask, as pixel boxes (x0, y0, x1, y1), ends exclusive.

    Runs of ink along each pixel row (small gaps bridged) at least `length`
    long are stacked with the overlapping runs of the rows below them; a
    stack at most `thickness` high is a rule.
    """
    rows, starts, ends = _runs(ink)
    long = ends - starts >= length
    stacks: list[list[int]] = []
    open_stacks: list[list[int]] = []
    for y, x0, x1 in zip(
        rows[long].tolist(), starts[long].tolist(), ends[long].tolist(), strict=True
    ):
        stacks += [s for s in open_stacks if s[3] < y]
        open_stacks = [s for s in open_stacks if s[3] >= y]
        for stack in open_stacks:
            shared = min(stack[2], x1) - max(stack[0], x0)
            if stack[3] == y and shared > 0.5 * min(stack[2] - stack[0], x1 - x0):
                stack[0], stack[2], stack[3] = min(stack[0], x0), max(stack[2], x1), y + 1
                break
        else:
            open_stacks.append([x0, y, x1, y + 1])
    return [(s[0], s[1], s[2], s[3]) for s in stacks + open_stacks if s[3] - s[1] <= thickness]


def _runs(ink: Any) -> tuple[Any, Any, Any]:
    """Each pixel row's runs of ink, gaps up to `RULE_GAP` bridged: rows, starts, ends."""
    padded = np.zeros((ink.shape[0], ink.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = ink
    steps = np.diff(padded, axis=1)
    rows, starts = np.nonzero(steps == 1)
    ends = np.nonzero(steps == -1)[1]
    if not len(rows):
        return rows, starts, ends
    first = np.ones(len(rows), dtype=bool)
    first[1:] = (rows[1:] != rows[:-1]) | (starts[1:] - ends[:-1] > RULE_GAP)
    index = np.flatnonzero(first)
    return rows[index], starts[index], np.maximum.reduceat(ends, index)


def _points(box: Pixels, scale: float, offset: tuple[float, float]) -> Box:
    """A pixel box in points on the page."""
    return (
        round(offset[0] + box[0] / scale, 2),
        round(offset[1] + box[1] / scale, 2),
        round(offset[0] + box[2] / scale, 2),
        round(offset[1] + box[3] / scale, 2),
    )


def read_tsv(tsv: str, scale: float, offset: tuple[float, float] = (0.0, 0.0)) -> OcrPage:
    """A page from Tesseract's TSV output, its pixel boxes turned into points.

    Words keep Tesseract's order; empty words are skipped.  A word's top and
    bottom are its line's, as a text layer gives them (the font's ascent and
    descent, not the ink of its glyphs), and so is its size: the median of
    its words' estimates, each word weighing by its length, so that a box or
    a rule drawn beside a word and read into its line does not swell it.
    Words on one line then share a baseline and a size, as the layout
    analysis expects.  Blocks without a word are what Tesseract's layout
    analysis took for pictures and rules.
    """
    rows = _tsv_rows(tsv)
    page = next((r for r in rows if r["level"] == "1"), None)
    found = [r for r in rows if r["level"] == "5" and r["text"].strip()]
    estimates: dict[tuple[str, str, str], list[tuple[float, int]]] = {}
    for row in found:
        text = row["text"].strip()
        _, top, _, bottom = _box(row, scale, offset)
        estimates.setdefault(_line_key(row), []).append(
            (estimate_font_size(text, bottom - top), len(text))
        )
    lines = {
        _line_key(r): (_box(r, scale, offset), _weighted_median(estimates[_line_key(r)]))
        for r in rows
        if r["level"] == "4" and _line_key(r) in estimates
    }
    words = _even_sizes([_word(r, scale, offset, lines.get(_line_key(r))) for r in found])
    filled = {w.block for w in words}
    blank = [
        _box(r, scale, offset)
        for r in rows
        if r["level"] == "2" and int(r["block_num"]) not in filled
    ]
    width = int(page["width"]) / scale if page else 0.0
    height = int(page["height"]) / scale if page else 0.0
    return OcrPage(words=words, width=round(width, 2), height=round(height, 2), blank=blank)


def _weighted_median(values: list[tuple[float, int]]) -> float:
    """The value at which half the total weight lies below: (value, weight) pairs."""
    ordered = sorted(values)
    half, running = sum(weight for _, weight in ordered) / 2, 0
    for value, weight in ordered:
        running += weight
        if running >= half:
            return value
    return ordered[-1][0]


def _even_sizes(words: list[OcrWord]) -> list[OcrWord]:
    """Words whose sizes, estimated line by line, are one size within each of Tesseract's
    paragraphs: the lines' median, for every line within `SIZE_SPREAD` of it.

    The estimate of one line misses by what its letters are: "Drehscheiben?" and "Was
    sagen Ihnen …" of one heading come out a point apart, and so do the lines of a
    paragraph.  A line further off keeps its own size (a heading Tesseract read with
    the text below it).
    """
    paragraphs: dict[tuple[int, int], dict[int, float]] = {}
    for word in words:
        paragraphs.setdefault((word.block, word.paragraph), {})[word.line] = word.size
    medians = {key: statistics.median(sizes.values()) for key, sizes in paragraphs.items()}
    for word in words:
        median = medians[(word.block, word.paragraph)]
        if abs(word.size - median) <= SIZE_SPREAD * median:
            word.size = median
    return words


def estimate_font_size(text: str, height: float) -> float:
    """The font size (in the unit of `height`) of a word whose glyph box is `height` tall.

    A word's box reaches only as far as its glyphs do: "man" is an x-height
    tall, "Spiel" from the cap height to the descender, "Über" from the marks
    above its capital.  Dividing by the extent its letters span gives the em,
    which is the font size.
    """
    if _MARKED_CAPITAL.search(text):
        top = _MARKED_ASCENT
    else:
        top = _ASCENT if _TALL.search(text) else _X_HEIGHT
    bottom = _DESCENT if _DEEP.search(text) else 0.0
    return round(max(height, _MIN_HEIGHT) / (top + bottom), 2)


def _tsv_rows(tsv: str) -> list[dict[str, str]]:
    lines = tsv.splitlines()
    if not lines:
        return []
    columns = lines[0].split("\t")
    # The text is the last column and may itself hold a tab.
    cells = (line.split("\t", len(columns) - 1) for line in lines[1:])
    return [dict(zip(columns, row, strict=True)) for row in cells if len(row) == len(columns)]


def _box(row: dict[str, str], scale: float, offset: tuple[float, float]) -> Box:
    left, top = int(row["left"]) / scale, int(row["top"]) / scale
    width, height = int(row["width"]) / scale, int(row["height"]) / scale
    return (
        round(offset[0] + left, 2),
        round(offset[1] + top, 2),
        round(offset[0] + left + width, 2),
        round(offset[1] + top + height, 2),
    )


def _line_key(row: dict[str, str]) -> tuple[str, str, str]:
    return row["block_num"], row["par_num"], row["line_num"]


def _word(
    row: dict[str, str],
    scale: float,
    offset: tuple[float, float],
    line: tuple[Box, float] | None,
) -> OcrWord:
    x0, top, x1, bottom = _box(row, scale, offset)
    text = row["text"].strip()
    height = bottom - top
    size = estimate_font_size(text, height)
    if line is not None:
        (_, top, _, bottom), size = line
    return OcrWord(
        text=text,
        x0=x0,
        top=top,
        x1=x1,
        bottom=bottom,
        size=size,
        height=round(height, 2),
        confidence=max(0.0, min(100.0, float(row["conf"]))),
        block=int(row["block_num"]),
        paragraph=int(row["par_num"]),
        line=int(row["line_num"]),
    )


def _submit(pool: ThreadPoolExecutor, document: Any, index: int, dpi: int) -> Future[OcrPage]:
    image, scale, offset = _render(document, index, dpi)
    return pool.submit(ocr_image, image, scale, offset)


def _render(document: Any, index: int, dpi: int) -> tuple[Any, float, tuple[float, float]]:
    page = document[index]
    try:
        return render_page(page, dpi)
    finally:
        page.close()


def render_page(page: Any, dpi: int = DPI) -> tuple[Any, float, tuple[float, float]]:
    """A pypdfium2 page as a grayscale PIL image, its scale and the crop box's offset in points.

    Grayscale keeps pdfium's anti-aliasing, which Tesseract's own
    binarisation uses better than a hard threshold would.
    """
    scale = dpi / 72
    image = page.render(scale=scale, grayscale=True).to_pil()
    offset = crop_offset(page.get_mediabox(), page.get_cropbox(), page.get_rotation())
    return image, scale, offset


def crop_offset(
    media: tuple[float, float, float, float],
    crop: tuple[float, float, float, float],
    rotation: int,
) -> tuple[float, float]:
    """Where the crop box's displayed top-left corner lies from the media box's, in points.

    Boxes are PDF boxes (x0, y0, x1, y1, y up); pdfium renders the crop box
    turned by the page's /Rotate (clockwise), and pdfplumber measures from
    the displayed media box's top-left corner.
    """
    mx0, my0, mx1, my1 = media
    cx0, cy0, cx1, cy1 = crop
    offsets = {
        0: (cx0 - mx0, my1 - cy1),
        90: (cy0 - my0, cx0 - mx0),
        180: (mx1 - cx1, cy0 - my0),
        270: (my1 - cy1, mx1 - cx1),
    }
    return offsets[rotation % 360]


def _page_has_text(document: Any, index: int) -> bool:
    page = document[index]
    try:
        textpage = page.get_textpage()
        try:
            count = textpage.count_chars()
            return count > 0 and bool(textpage.get_text_range(0, count).strip())
        finally:
            textpage.close()
    finally:
        page.close()


def _open(pdf_path: Path) -> Any:
    try:
        return pypdfium2.PdfDocument(pdf_path)
    except pypdfium2.PdfiumError as error:
        raise InputError(pdf_path, 0, f"corrupt PDF ({error})") from None


@cache
def _check_tesseract() -> None:
    """Make sure Tesseract and its German model are there; raise `OcrUnavailable` if not."""
    if shutil.which(pytesseract.pytesseract.tesseract_cmd) is None:
        raise OcrUnavailable("Tesseract is not installed (Debian package tesseract-ocr)")
    if LANGUAGE not in pytesseract.get_languages(config=""):
        raise OcrUnavailable(
            f"Tesseract has no model for {LANGUAGE!r} (Debian package tesseract-ocr-{LANGUAGE})"
        )
    # Each Tesseract process reads one page on one thread: its OpenMP threads
    # spin against each other and made a page five times slower on two cores.
    # The variable reaches the child processes; a value the user set wins.
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
