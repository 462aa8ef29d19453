"""The OCR word source of the PDF path: Tesseract's words, noise dropped, confusions repaired.

`OcrReader` is the PDF path's `ocr` hook: called with a PDF and the index of
a scanned page, it returns that page's words for the layout analysis, with
its pictures and the ruling lines found in the scan (as drawn shapes, which
a table is read by).  On the way it works on Tesseract's own lines, which
the layout has not built yet:

- noise goes: a word read with very low confidence that is neither a word
  nor a number (dot leaders, specks; a sign of a glyph or two right beside
  clearly read words stays), a glyph or two taller than any letter of its
  line (a drawn box read as "u" or "[|"), and a line read with little
  confidence that holds no word at all (line art taken for letters);
- vertical text goes (a word of several glyphs in a box twice as tall as wide),
  as the PDF path leaves it out of a text layer;
- glyph confusions are repaired where the lexicon is sure (`ocrfix`), with
  the spellings the document shows clearly so far as the author's.

Every change is kept in `repairs`, with the page's printed number and the
box of the line it was made in; `place_repairs` later gives each repair the
number of the laid-out line that holds its box.  The first call starts OCR
of all the PDF's pages without a text layer, several at a time, so the
pages the layout asks for next are mostly read already.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from rulekit.errors import InputError
from rulekit.extract.lexicon import Lexicon
from rulekit.extract.ocr import (
    DPI,
    Box,
    OcrPage,
    OcrUnavailable,
    OcrWord,
    ocr_pages,
    pages_without_text,
)
from rulekit.extract.ocrfix import CLEAR_CONFIDENCE, repair_lines, word_core
from rulekit.extract.page import Shape, Word, words_from_ocr
from rulekit.model import BBox, LineRole, Repair, TextLine

__all__ = [
    "NOISE_CONFIDENCE",
    "OcrLine",
    "OcrReader",
    "clear_spellings",
    "page_lines",
    "pictures",
    "place_repairs",
    "repair_page",
    "rule_shapes",
]

# A word read with less confidence than this that is no word is noise, unless
# it has at most SIGN_GLYPHS glyphs and stands within SIGN_SPACE ems of a clear word.
NOISE_CONFIDENCE = 30.0
SIGN_GLYPHS = 2
SIGN_SPACE = 1.0
# No glyph of a line reaches this many ems from top to bottom (brackets reach about 1.2).
DRAWN_HEIGHT = 1.5
# A block without text this large (share of the page) is a picture.
PICTURE_AREA = 0.05
# A line read with less mean confidence than this, and without a word of at
# least WORD_LETTERS letters, is line art taken for text.
LINE_ART_CONFIDENCE = 50.0
WORD_LETTERS = 3


@dataclass
class OcrLine:
    """One of Tesseract's lines: its words in order, and what roles are decided from."""

    words: list[OcrWord]
    page: int = 0  # the page index
    number: int = 0  # the line's number on the page, once it is known
    role: LineRole | None = None
    artefact: str | None = None
    starts: bool = False

    @property
    def text(self) -> str:
        """The words joined by spaces."""
        return " ".join(w.text for w in self.words)

    @property
    def box(self) -> BBox:
        """The line's bounding box."""
        return (
            min(w.x0 for w in self.words),
            min(w.top for w in self.words),
            max(w.x1 for w in self.words),
            max(w.bottom for w in self.words),
        )

    @property
    def size(self) -> float:
        """The median estimated font size of its words."""
        return statistics.median(w.size for w in self.words)

    @property
    def confidence(self) -> float:
        """The mean confidence of its words."""
        return statistics.fmean(w.confidence for w in self.words)

    @property
    def key(self) -> tuple[int, int, int]:
        """Page index, Tesseract block and paragraph: lines with one key are one paragraph."""
        return self.page, self.words[0].block, self.words[0].paragraph


class OcrReader:
    """The `ocr` hook of `pdf_lines`: a scanned page's words, noise dropped, confusions repaired.

    `pages` are the printed numbers of the file's pages (for the repairs);
    `repairs` collects what was changed, with line 0 until `place_repairs`.
    """

    def __init__(self, lexicon: Lexicon, pages: list[int] | None = None, dpi: int = DPI) -> None:
        self.lexicon = lexicon
        self.pages = pages
        self.dpi = dpi
        self.repairs: list[Repair] = []
        self._clear: set[str] = set()
        self._ahead: dict[Path, Iterator[tuple[int, OcrPage]]] = {}
        self._done: dict[Path, dict[int, OcrPage]] = {}

    def __call__(self, path: Path, index: int) -> tuple[list[Word], list[Box], list[Shape]]:
        """The words, pictures and rules of page `index` (0-based) of the PDF at `path`.

        A scanned page that cannot be read for want of Tesseract is an
        `InputError` that says what to install, rather than a page left out.
        """
        number = self.pages[index] if self.pages and index < len(self.pages) else index + 1
        try:
            page = self._page(path, index)
        except OcrUnavailable as error:
            raise InputError(
                path, 0, f"page {index + 1} has no text layer, and OCR cannot run: {error}"
            ) from None
        words, repairs = self.read(page, number)
        self.repairs += repairs
        return words_from_ocr(words), pictures(page), rule_shapes(page)

    def read(self, page: OcrPage, number: int) -> tuple[list[OcrWord], list[Repair]]:
        """A page's words after noise removal and confusion repairs, and the repairs made."""
        self._clear |= clear_spellings([page])
        lines = page_lines(page)
        repairs = repair_page(lines, number, self.lexicon, frozenset(self._clear))
        return [w for line in lines for w in line.words], repairs

    def _page(self, path: Path, index: int) -> OcrPage:
        """The page, from the OCR started ahead when it comes in order; read alone otherwise."""
        if path not in self._ahead:
            scanned = pages_without_text(path)
            self._ahead[path] = zip(scanned, ocr_pages(path, scanned, dpi=self.dpi), strict=True)
            self._done[path] = {}
        done = self._done[path]
        for found, page in self._ahead[path]:
            done[found] = page
            if found >= index:
                break
        # Pages before this one were not asked for (the layout found text on them).
        for passed in [i for i in done if i < index]:
            del done[passed]
        if index in done:
            return done.pop(index)
        return next(ocr_pages(path, [index], dpi=self.dpi))


def pictures(page: OcrPage) -> list[Box]:
    """The blocks without text that cover a good part of the page: pictures, not rules."""
    area = page.width * page.height
    return [b for b in page.blank if (b[2] - b[0]) * (b[3] - b[1]) >= PICTURE_AREA * area]


def rule_shapes(page: OcrPage) -> list[Shape]:
    """The ruling lines found in the scan, as the drawn shapes a text layer's page has."""
    return [Shape(box=rule, filled=True, stroked=False, curved=False) for rule in page.rules]


def page_lines(page: OcrPage, index: int = 0) -> list[OcrLine]:
    """A page's words grouped into Tesseract's lines, in its reading order."""
    lines: list[OcrLine] = []
    for word in page.words:
        last = lines[-1].words[-1] if lines else None
        if last is not None and (last.block, last.paragraph, last.line) == (
            word.block,
            word.paragraph,
            word.line,
        ):
            lines[-1].words.append(word)
        else:
            lines.append(OcrLine([word], page=index))
    return lines


def clear_spellings(pages: list[OcrPage]) -> frozenset[str]:
    """Words shown with high confidence somewhere: what is printed, a name or an old spelling."""
    return frozenset(
        word_core(w.text) for page in pages for w in page.words if w.confidence >= CLEAR_CONFIDENCE
    )


def repair_page(
    lines: list[OcrLine], number: int, lexicon: Lexicon, clear: frozenset[str]
) -> list[Repair]:
    """Drop noise and repair confusions in a page's lines (in place); the repairs made.

    Repairs take their line's `number`; while it is 0 (not known yet), their
    line's box places them later (`place_repairs`).  Lines that are all noise go.
    """
    repairs: list[Repair] = []
    folded = {spelling.casefold() for spelling in clear}

    def known(core: str) -> bool:
        # A word of the lexicon, or one the document prints clearly elsewhere: a name,
        # a title set in a logo's letters ("ÖKOLOPOLY" over every page).
        return lexicon.known(core) or core.casefold() in folded

    for line in lines:
        art = _line_art(line, known)
        kept = [w for w in line.words if not (art or _noise(w, line, known) or _vertical(w))]
        repairs += [
            Repair(
                kind="ocr-vertical" if _vertical(word) else "ocr-noise",
                before=word.text,
                after="",
                page=number,
                line=line.number,
                confidence=round(1 - word.confidence / 100, 2),
                bbox=line.box,
            )
            for word in line.words
            if word not in kept
        ]
        line.words = kept
    lines[:] = [line for line in lines if line.words]
    fixed, fixes = repair_lines([line.words for line in lines], lexicon, clear)
    for line, words in zip(lines, fixed, strict=True):
        line.words = words
    for index, fix in fixes:
        repairs.append(
            Repair(
                kind=fix.kind,
                before=fix.before,
                after=fix.after,
                page=number,
                line=lines[index].number,
                confidence=fix.confidence,
                applied=fix.applied,
                bbox=lines[index].box,
            )
        )
    return repairs


def place_repairs(repairs: list[Repair], lines: list[TextLine]) -> list[Repair]:
    """Repairs with line 0 get the number of the line on their page that overlaps their box most.

    A repair whose box no line overlaps (its line was cut as an artefact)
    keeps line 0.
    """
    by_page: dict[int | None, list[TextLine]] = {}
    for line in lines:
        by_page.setdefault(line.page, []).append(line)
    placed: list[Repair] = []
    for repair in repairs:
        box = repair.bbox
        if repair.line or box is None:
            placed.append(repair)
            continue
        scored = [
            (_overlap(box, ln.bbox), ln.line)
            for ln in by_page.get(repair.page, [])
            if ln.bbox is not None
        ]
        best = max(scored, default=(0.0, 0))
        placed.append(repair.model_copy(update={"line": best[1]}) if best[0] > 0 else repair)
    return placed


def _overlap(a: BBox, b: BBox) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, width) * max(0.0, height)


def _line_art(line: OcrLine, known: Callable[[str], bool]) -> bool:
    """A line read with little confidence in which no word is a word: a drawing, not text."""
    return line.confidence < LINE_ART_CONFIDENCE and not any(
        sum(ch.isalpha() for ch in core) >= WORD_LETTERS and known(core)
        for core in (word_core(w.text) for w in line.words)
    )


def _vertical(word: OcrWord) -> bool:
    """A word of several glyphs in a box twice as tall as wide: text set vertically.

    The PDF path leaves vertical text (spine labels, article numbers) out of
    a text layer's words; the same goes for OCR's.  Narrow horizontal words
    ("ill") are about as wide as their line is tall, never half as wide.
    """
    return len(word.text) >= 3 and word.bottom - word.top > 2 * (word.x1 - word.x0)


def _noise(word: OcrWord, line: OcrLine, known: Callable[[str], bool]) -> bool:
    """A word read with very low confidence that is neither a word nor a number, or a
    glyph or two taller than any letter of its line: a drawn box read as "u" or "[|".

    A mark of a glyph or two set right beside a clearly read word is no
    speck but a sign in the text (a ©, an arrow) that reads badly: specks
    stand apart.
    """
    core = word_core(word.text)
    if len(word.text) <= SIGN_GLYPHS and word.height > DRAWN_HEIGHT * word.size:
        return True
    return (
        word.confidence < NOISE_CONFIDENCE
        and not core.replace(".", "").replace(",", "").isdigit()
        and not (core and known(core))
        and not (len(word.text) <= SIGN_GLYPHS and _beside_clear(word, line))
    )


def _beside_clear(word: OcrWord, line: OcrLine) -> bool:
    """Whether a clearly read word of the line stands within `SIGN_SPACE` ems of `word`."""
    return any(
        other.confidence >= CLEAR_CONFIDENCE
        and max(other.x0 - word.x1, word.x0 - other.x1) <= SIGN_SPACE * word.size
        for other in line.words
        if other is not word
    )
