"""What the layout analysis reads: one page's words and graphics, from any source.

This is the seam between reading a page and laying it out.  A born-digital
page is read from its text layer (`chars.read_page`); a scanned page's words
come from OCR (`words_from_ocr`).  Either way the layout, furniture and
cleaning passes see the same `PageContent`.

Coordinates are PDF points with the origin at the top-left corner of the
page's media box as displayed (after /Rotate), y growing downwards: the
convention of pdfplumber.  `crop` is the visible part of the page (the crop
box); text outside it is not on the printed page.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

Box = tuple[float, float, float, float]
"""x0, top, x1, bottom."""


@dataclass(slots=True)
class Word:
    """A run of glyphs without a space, in one font: the unit the layout is built from.

    `size` is the font size in points (for OCR an estimate from the box);
    `font` names the font, so that runs of one style can be told apart;
    `mcid` is the marked-content id in a tagged PDF; `confidence` (0-100) is
    OCR's certainty, 100 for a text layer.
    """

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float
    bold: bool = False
    italic: bool = False
    font: str = ""
    mcid: int | None = None
    confidence: float = 100.0
    spaced: bool = False  # a space (in the text, or inferred by the reader) comes before it
    baseline: float | None = None  # where its glyphs stand; None when unknown (OCR)


@dataclass(frozen=True, slots=True)
class Shape:
    """A drawn path: a frame, a rule, a table cell, or a part of a drawing."""

    box: Box
    filled: bool  # filled with a colour other than white
    stroked: bool
    curved: bool  # has curve segments, or too many segments to be a plain rectangle
    fill: float = 1.0  # how much of its box the outline covers: 1 for a rectangle


@dataclass(slots=True)
class PageContent:
    """One page as the layout analysis reads it."""

    index: int  # 0-based position in the file
    width: float
    height: float
    crop: Box
    words: list[Word]
    shapes: list[Shape] = field(default_factory=list)
    images: list[Box] = field(default_factory=list)
    scanned: bool = False  # the words come from OCR


class OcrWordLike(Protocol):
    """What an OCR engine gives per word (rulekit.extract.ocr.OcrWord has these fields)."""

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float
    confidence: float


def words_from_ocr(found: Iterable[OcrWordLike]) -> list[Word]:
    """Layout words from OCR words: boxes in PDF points, top-left origin, as `Word` expects.

    OCR does not see slant; weight comes from the ink (`weight.mark_bold`),
    False where it could not be told.
    """
    return [
        Word(
            text=w.text,
            x0=w.x0,
            top=w.top,
            x1=w.x1,
            bottom=w.bottom,
            size=w.size,
            bold=bool(getattr(w, "bold", False)),
            font="ocr",
            confidence=w.confidence,
            spaced=True,
        )
        for w in found
        if w.text.strip()
    ]


def area(box: Box) -> float:
    """The area of a box; 0 for an empty one."""
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def union(boxes: Iterable[Box]) -> Box:
    """The smallest box around all of `boxes` (which must not be empty)."""
    x0s, tops, x1s, bottoms = zip(*boxes, strict=True)
    return (min(x0s), min(tops), max(x1s), max(bottoms))


def contains(outer: Box, inner: Box, margin: float = 1.0) -> bool:
    """Whether `inner` lies within `outer`, give or take `margin` points."""
    return (
        outer[0] - margin <= inner[0]
        and outer[1] - margin <= inner[1]
        and inner[2] <= outer[2] + margin
        and inner[3] <= outer[3] + margin
    )


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share."""
    return area((max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])))


def centre_in(item: Box, box: Box, margin: float = 1.0) -> bool:
    """Whether the centre of `item` lies in `box`."""
    x, y = (item[0] + item[2]) / 2, (item[1] + item[3]) / 2
    return box[0] - margin <= x <= box[2] + margin and box[1] - margin <= y <= box[3] + margin
