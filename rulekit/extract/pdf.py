"""The PDF path: a page at a time, from characters to lines in reading order with roles.

For each page:

1. `pdfdoc` opens the file and hands out pages; `chars` reads a page's
   words, paths and images with pdfium (`page.PageContent`).  A scanned
   page (no text, a picture over the page) gets its words from OCR instead,
   through the `ocr` hook: from there on both are the same.
2. `prepare_page` builds its lines: `regions` finds frames and figures,
   `lines` builds lines split at gutters (or `structure` takes them from a
   tagged PDF's structure tree), and the lines in the margins are marked.
3. Once the pages around it are read, `furniture` finds the page's running
   headers, footers and page numbers, and `order_page` lays out the rest:
   `layout` puts them in reading order by a recursive XY-cut (a tagged
   page keeps its structure order), `roles` gives each line its role and
   decides where paragraphs start.  Lines go out as `TextLine`s with their
   boxes, figure text and captions after the page's body.

`layout_page` does 2 and 3 for one page on its own: the seam for words from
any source.  Only a few pages are held at once (the furniture window), so
memory stays flat however long the manual is.  `extract_pdf` runs the
shared cleaning (`clean.clean_lines`) over the lines.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from rulekit.errors import InputError
from rulekit.extract.clean import clean_lines
from rulekit.extract.furniture import WINDOW, PageEdges, furniture_kind
from rulekit.extract.layout import reading_order
from rulekit.extract.lexicon import Lexicon, german_lexicon
from rulekit.extract.lines import Line, build_lines
from rulekit.extract.margins import mark_margins
from rulekit.extract.ocr import render_page
from rulekit.extract.ocrreader import OcrReader, place_repairs
from rulekit.extract.page import Box, PageContent, Shape, Word, area
from rulekit.extract.paragraphs import decide_paragraph, mark_items, measure
from rulekit.extract.pdfdoc import PdfPage, check_file, open_document
from rulekit.extract.regions import Regions, find_regions
from rulekit.extract.roles import (
    SMALL_RATIO,
    classify,
    drawn_figures,
    labelled_captions,
    page_style,
)
from rulekit.extract.structure import PageMap, tagged_lines
from rulekit.extract.tables import read_tables
from rulekit.extract.textshapes import BULLETS
from rulekit.extract.weight import mark_bold
from rulekit.model import Extraction, Repair, TextLine

__all__ = [
    "WINDOW",
    "extract_pdf",
    "layout_page",
    "open_pdf",
    "order_page",
    "pdf_lines",
    "prepare_page",
]

OcrHook = Callable[[Path, int], tuple[list[Word], list[Box], list[Shape]]]
"""A scanned page: (PDF path, 0-based page index) -> its words, the boxes of its
pictures and its ruling lines, in page space. A scan is one page-sized image, so where
its pictures and rules are is known only from the OCR's page analysis."""
Progress = Callable[[int, int], None]
"""Called with (pages done, pages in the file) after each page."""

# A page whose pictures cover this much of it, with no text on it, is a scan.
SCANNED = 0.5
_ASIDES = ("figure", "caption")
_BULLET = re.compile(rf"^[{re.escape(BULLETS)}]\s*(?=\S)")


@dataclass
class _Document:
    """What is carried from page to page: the OCR of scans, font sizes, whether text was seen."""

    ocr: OcrHook
    sizes: Counter[float] = field(default_factory=Counter)
    faces: Counter[str] = field(default_factory=Counter)
    text_seen: bool = False
    figures: dict[int | None, list[Box]] = field(default_factory=dict)

    @property
    def body_size(self) -> float:
        return self.sizes.most_common(1)[0][0] if self.sizes else 10.0

    @property
    def body_face(self) -> str:
        return self.faces.most_common(1)[0][0] if self.faces else ""


@dataclass
class _Prepared:
    """A page's lines, built but not yet in reading order, with what orders them."""

    content: PageContent
    lines: list[Line]  # in structure order on a tagged page
    regions: Regions
    body: float
    face: str
    tagged: bool
    drawn: list[Box] = field(default_factory=list)  # the figures, once laid out


@dataclass
class _Page:
    """A page read but not yet emitted, with its edges for the furniture comparison."""

    index: int
    number: int
    prepared: _Prepared | None
    edges: PageEdges


def open_pdf(path: Path) -> None:
    """Check that a file can be read as a PDF; every way it cannot is an `InputError`."""
    check_file(path)
    with open_document(path):
        pass


def extract_pdf(
    path: Path,
    pages: list[int] | None = None,
    lexicon: Lexicon | None = None,
    progress: Progress | None = None,
    *,
    page_breaks: bool = False,
    ocr: OcrHook | None = None,
) -> Extraction:
    """Clean blocks from a PDF: `clean_lines` over `pdf_lines`, furniture listed as repairs.

    With `page_breaks`, no block runs on over a page break (for measuring
    text page by page).
    """
    lexicon = lexicon or german_lexicon()
    # Scanned pages' words come with noise dropped and glyph confusions repaired;
    # the repairs join the report once the layout has numbered the lines.
    reader = OcrReader(lexicon, pages) if ocr is None else None
    figures: dict[int | None, list[Box]] = {}
    lines = list(pdf_lines(path, pages, ocr=ocr or reader, progress=progress, figures=figures))
    ocr_repairs = place_repairs(reader.repairs, lines) if reader else []
    if page_breaks:
        firsts = {i for i, ln in enumerate(lines) if i == 0 or ln.page != lines[i - 1].page}
        lines = [
            ln.model_copy(update={"starts_paragraph": True}) if i in firsts else ln
            for i, ln in enumerate(lines)
        ]
    removed = [
        Repair(
            kind=ln.artefact or "artefact",
            before=ln.text,
            after="",
            page=ln.page,
            line=ln.line,
            confidence=0.9,
            bbox=ln.bbox,
        )
        for ln in lines
        if ln.role == "artefact"
    ]
    extraction = clean_lines(
        lines,
        lexicon,
        layout=lambda decoded: labelled_captions(decoded, figures),
        repairs=removed + ocr_repairs,
        asides=True,
    )
    return _drop_bullets(extraction)


def _drop_bullets(extraction: Extraction) -> Extraction:
    """List items without their bullet glyphs; an enumerator ("1.", "a)") is text and stays.

    The bullet is layout, as the list-item block kind says; each one dropped
    is listed as a repair.  This runs on the cleaned blocks, so that bullets
    in a font without a Unicode map count once decoded.
    """
    blocks = []
    repairs = list(extraction.repairs)
    for block in extraction.blocks:
        match = _BULLET.match(block.text) if block.kind in ("paragraph", "list-item") else None
        if match is None:
            blocks.append(block)
            continue
        text = block.text[match.end() :]
        breaks = tuple(at - match.end() for at in block.breaks if at > match.end())
        blocks.append(
            block.model_copy(update={"text": text, "kind": "list-item", "breaks": breaks})
        )
        repairs.append(
            Repair(
                kind="bullet",
                before=block.text[: match.end()],
                after="",
                page=block.page,
                line=block.lines[0],
                confidence=0.95,
                bbox=block.bbox,
            )
        )
    repairs.sort(key=lambda repair: (repair.page or 0, repair.line))
    return Extraction(blocks=blocks, repairs=repairs)


def pdf_lines(
    path: Path,
    pages: list[int] | None = None,
    *,
    ocr: OcrHook | None = None,
    progress: Progress | None = None,
    figures: dict[int | None, list[Box]] | None = None,
) -> Iterator[TextLine]:
    """The text lines of a PDF in reading order, page by page, with roles from layout.

    `pages` are the printed page numbers of the file's pages; PDF pages are
    numbered from 1 otherwise.  Characters whose font has no Unicode map come
    out as U+F0000 plus their glyph code; ligature characters and soft hyphens
    are left for `clean_lines`, which lists its changes as repairs.  Scanned
    pages are read by `ocr` (by default Tesseract, see `ocr.py`).  `figures`,
    when given, gets each page's drawn figures, by page number (for the
    captions found once the text is decoded, see `roles.labelled_captions`).
    """
    with open_document(path) as document:
        state = _Document(ocr=ocr or OcrReader(german_lexicon(), pages))
        if figures is not None:
            state.figures = figures
        window: deque[_Page] = deque(maxlen=2 * WINDOW + 1)
        previous: dict[bool, Line | None] = {False: None, True: None}
        total = len(document)
        read = 0
        for index, page in enumerate(document.pages()):
            number = pages[index] if pages and index < len(pages) else index + 1
            prepared = _read_page(path, page, index, state)
            crop = page.content.crop
            lines = prepared.lines if prepared is not None else []
            small = SMALL_RATIO * state.body_size
            window.append(
                _Page(index, number, prepared, PageEdges.of(lines, crop[1], crop[3], small))
            )
            read = index + 1
            if progress is not None:
                progress(read, total)
            # The page WINDOW places back now has all its neighbours in the window.
            if index >= WINDOW:
                yield from _emit(window, index - WINDOW, previous, state)
        for index in range(max(0, read - WINDOW), read):
            yield from _emit(window, index, previous, state)
        if not read:
            raise InputError(path, 0, "PDF has no pages")
        if not state.text_seen:
            raise InputError(
                path, 0, "PDF has no text layer (scanned images only); run OCR on it first"
            )


def _read_page(path: Path, page: PdfPage, index: int, state: _Document) -> _Prepared | None:
    """One page's lines, built; None for a page without text."""
    content = page.content
    if not content.words and _is_scan(content):
        # The scan itself is no picture of the layout; the ones OCR found are.
        content.words, content.images, content.shapes = state.ocr(path, index)
        content.scanned = True
    if not content.words:
        return None
    if not content.scanned and any(not word.font for word in content.words):
        _weigh_unnamed(page)
    state.text_seen = True
    for word in content.words:
        state.sizes[round(word.size * 2) / 2] += len(word.text)
        state.faces[word.font] += len(word.text)
    return prepare_page(content, state.body_size, page.structure, state.body_face)


def _weigh_unnamed(page: PdfPage) -> None:
    """Bold for the words in fonts without a name (Type 3 fonts), from the page's ink."""
    image, scale, offset = render_page(page.pdfium)
    mark_bold(
        page.content.words, np.array(image), scale, offset, unknown=lambda word: not word.font
    )


def layout_page(
    content: PageContent,
    body: float,
    structure: PageMap | None = None,
    face: str = "",
    furniture: Callable[[Line], str | None] | None = None,
) -> list[Line]:
    """A page's lines in reading order with roles: the layout analysis, for words of any source.

    `body` is the body font size of the document so far and `face` its body
    font; `structure` the page's marked-content map when the PDF is tagged;
    `furniture` tells a running header, footer or page number (its kind) from
    other lines, which are left out of the layout and come out as artefacts.
    """
    return order_page(prepare_page(content, body, structure, face), furniture)


def prepare_page(
    content: PageContent, body: float, structure: PageMap | None = None, face: str = ""
) -> _Prepared:
    """A page's lines built from its words (a table's row by row), margins marked, not ordered."""
    regions = find_regions(content, body)
    tagged = tagged_lines(content.words, structure) if structure else None
    lines = tagged if tagged is not None else build_lines(content.words, regions.frames)
    if tagged is None:
        lines = read_tables(content, lines, regions)
    mark_margins(lines, regions.frames, content.crop)
    return _Prepared(content, lines, regions, body, face, tagged is not None)


def order_page(
    page: _Prepared, furniture: Callable[[Line], str | None] | None = None
) -> list[Line]:
    """A prepared page's lines in reading order with roles; furniture first or last.

    Furniture stays out of the layout: a page number across the gutter
    would hide it.  The page's top furniture comes first, the rest last.
    """
    for line in page.lines:
        kind = furniture(line) if furniture is not None and line.role != "artefact" else None
        if kind is not None:
            line.role, line.artefact = "artefact", kind
    body = [ln for ln in page.lines if ln.role != "artefact"]
    crop = page.content.crop
    size, face = page_style(body, page.body, page.face)
    figures = drawn_figures(page.regions.figures, body, size)
    page.drawn = figures
    regions = Regions(page.regions.frames, figures, page.regions.pictures)
    if page.tagged:
        # The structure gives the order; the layout still gives each line its region.
        reading_order(body, regions.frames, size)
        ordered = body
    else:
        ordered = reading_order(body, regions.frames, size, regions.figures)
    measure(ordered, figures)
    marks = [shape.box for shape in page.content.shapes if shape.filled]
    mark_items(ordered, marks + page.content.images)
    classify(ordered, regions, size, face)
    middle = (crop[1] + crop[3]) / 2
    others = [ln for ln in page.lines if ln.role == "artefact"]
    head = [ln for ln in others if ln.top < middle and ln.artefact != "untagged"]
    return head + ordered + [ln for ln in others if not any(ln is h for h in head)]


def _is_scan(content: PageContent) -> bool:
    """A page with no text whose pictures cover most of it."""
    return sum(area(box) for box in content.images) >= SCANNED * area(content.crop)


def _emit(
    window: deque[_Page], index: int, previous: dict[bool, Line | None], state: _Document
) -> Iterator[TextLine]:
    """Yield one page's lines, once its running headers and footers are known.

    The page is laid out with the body size and face of the document as read
    so far, which its neighbours have made surer.  Paragraphs are decided
    apart for the body and for the asides (figure text, captions), so an
    aside never breaks an open paragraph; the asides go out after the body.
    """
    page = next(p for p in window if p.index == index)
    if page.prepared is None:
        return
    neighbours = [p.edges for p in window if p is not page and abs(p.index - index) <= WINDOW]
    prepared = page.prepared
    prepared.body, prepared.face = state.body_size, state.body_face
    for line in prepared.lines:
        line.page = page.index
    lines = order_page(prepared, lambda line: furniture_kind(line, page.edges, neighbours))
    state.figures[page.number] = prepared.drawn
    asides = [ln for ln in lines if ln.role in _ASIDES]
    ordered = [ln for ln in lines if ln.role not in _ASIDES] + asides
    for number, line in enumerate(ordered, start=1):
        if line.role != "artefact":
            aside = line.role in _ASIDES
            decide_paragraph(line, previous[aside])
            previous[aside] = line
        yield TextLine(
            text=line.text,
            page=page.number,
            line=number,
            role=line.role,
            starts_paragraph=line.starts,
            artefact=line.artefact,
            bbox=line.box,
        )
