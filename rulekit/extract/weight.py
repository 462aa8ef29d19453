"""Bold from the ink, for words whose font does not say: OCR words, fonts without a name.

A text layer names each font ("Helvetica-Bold", weight 700), and `chars`
reads its weight from there.  Two kinds of text do not tell: a scan, whose
words Tesseract reads without their weight, and Type 3 fonts (the bitmap
fonts of TeX's dvips, old drivers' fonts), which have no name, no weight and
no flags.  There, the page image tells: a bold face draws its stems about
one and a half times as thick as the regular face beside it.

A word's stroke is the median width of its runs of ink across each pixel
row: most runs cross a stem, and the median leaves out the long runs of a
horizontal bar or a rule and the short ones of a hairline.  Each run's width
is its soft ink (anti-aliased edges counted by their grey), so it does not
jump by whole pixels.  A typewriter face draws its stems about as thick as
the roman beside it, though its mean ink is heavier: the median of runs
tells the two apart where ink per area would not.

A word is bold when its stroke is `BOLD_STROKE` times the page's: the median
over the page's measured words, most of them body text.  A page with fewer
than `MIN_WORDS` words measured has no reference, and its words stay as they
were.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

__all__ = ["BOLD_STROKE", "MIN_WORDS", "mark_bold", "stroke_width"]

# Bold stems are about 1.45 to 1.65 times the regular's in the faces measured
# (a grotesque scanned at 300 dpi, Computer Modern bold against roman); a
# typewriter face beside the roman comes to about 1.1.
BOLD_STROKE = 1.3
MIN_WORDS = 12
# A pixel darker than this (0 black, 255 white) is ink.
INK = 128


class _Placed(Protocol):
    x0: float
    top: float
    x1: float
    bottom: float
    bold: Any


def stroke_width(pixels: np.ndarray) -> float | None:
    """The median width in pixels of the runs of ink across the rows of a grayscale image.

    None when the image holds no ink.
    """
    if pixels.size == 0:
        return None
    soft = 1.0 - pixels.astype(np.float64) / 255.0
    ink = (pixels < INK).astype(np.int8)
    edges = np.diff(np.pad(ink, ((0, 0), (1, 1))), axis=1)
    rows, starts = np.nonzero(edges == 1)
    _, ends = np.nonzero(edges == -1)
    if not len(rows):
        return None
    # Each run with one pixel either side: its anti-aliased edges.
    padded = np.pad(soft, ((0, 0), (1, 1)))
    summed = np.concatenate([np.zeros((padded.shape[0], 1)), np.cumsum(padded, axis=1)], axis=1)
    widths = summed[rows, ends + 2] - summed[rows, starts]
    return float(np.median(widths))


def mark_bold(
    words: Sequence[_Placed],
    pixels: np.ndarray,
    scale: float,
    offset: tuple[float, float] = (0.0, 0.0),
    unknown: Callable[[Any], bool] = lambda word: True,
) -> None:
    """Set `bold` on the `unknown` words from the ink of a page rendered at `scale` pixels
    per point, whose rendered area starts at `offset` (points) on the page."""
    strokes: list[tuple[_Placed, float]] = []
    for word in words:
        if not unknown(word):
            continue
        x0, top, x1, bottom = (
            max(0, round((value - origin) * scale))
            for value, origin in zip(
                (word.x0, word.top, word.x1, word.bottom), offset * 2, strict=True
            )
        )
        stroke = stroke_width(pixels[top:bottom, x0:x1])
        if stroke is not None:
            strokes.append((word, stroke))
    if len(strokes) < MIN_WORDS:
        return
    reference = statistics.median(stroke for _, stroke in strokes)
    for word, stroke in strokes:
        word.bold = stroke >= BOLD_STROKE * reference
