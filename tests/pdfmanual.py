"""What the generated test manuals share: how one is set, its ground truth, and helpers.

`tests/pdfcorpus.py` sets manuals in flowing columns, `tests/pdfcomposed.py`
composes pages box by box; both record what a careful reader takes from a
page in a `CorpusPdf` and draw their pictures with `png`.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Layout:
    """How a manual is set: paper, columns, type and the quirks of its PDF."""

    name: str
    paper: str
    columns: int
    font: str = "DejaVu Serif"
    heading_font: str = "DejaVu Sans"
    size: float = 9.0
    margin: str = "18mm 14mm 16mm 14mm"
    gap: str = "6mm"
    indent_paragraphs: bool = False
    hyphen: str = "\u2010"
    ligatures: bool = False
    tagged: bool = False
    unicode_map: bool = True
    span_first_figure: bool = False
    ragged: bool = False
    background: bool = False
    figures: tuple[str, ...] = ("svg", "image")  # how its figures are drawn, in turn
    page_of_pages: bool = False
    repeat: int = 1
    blocks: int | None = None


@dataclass
class CorpusPdf:
    """A rendered manual and its ground truth."""

    layout: Layout
    path: Path
    body: list[tuple[str, str]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    captions: list[str] = field(default_factory=list)
    furniture: list[str] = field(default_factory=list)
    pages: int = 0
    figures: int = 0

    @property
    def body_text(self) -> str:
        """The body blocks as one string, white space folded to single spaces."""
        return " ".join(" ".join(text for _, text in self.body).split())


def css_string(text: str) -> str:
    """A CSS string literal of `text`."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def png(width: int, height: int) -> bytes:
    """A small RGB gradient as PNG bytes, so the corpus needs no image files."""
    rows = b"".join(
        b"\x00" + bytes(v % 256 for x in range(width) for v in (120 + x * 2, 160 + y * 3, 200 - x))
        for y in range(height)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )
