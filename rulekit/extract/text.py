"""The text path: text copied out of a PDF viewer."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from rulekit.errors import InputError
from rulekit.model import Block, Extraction

# A text extract holds printable characters, tabs and line breaks; anything else
# among the first bytes means binary data rather than a damaged but real text.
_BINARY_CONTROL = {chr(c) for c in range(32)} - {"\t", "\n", "\r", "\f"}


def read_text_lines(path: Path) -> list[str]:
    """The file's lines as NFC text; binary or non-UTF-8 content is an `InputError`."""
    data = path.read_bytes()
    if not data.strip():
        raise InputError(path, 0, "file is empty")
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise InputError(path, line, "binary data (NUL byte), not a text extract or a PDF")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise InputError(
            path,
            line,
            f"not UTF-8 text (byte 0x{data[error.start]:02X} at column {column}); "
            "convert the file to UTF-8",
        ) from None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, content in enumerate(lines, start=1):
        bad = next((c for c in content if c in _BINARY_CONTROL), None)
        if bad is not None:
            raise InputError(path, number, f"binary data (control character U+{ord(bad):04X})")
    return [unicodedata.normalize("NFC", line) for line in lines]


def extract_text(path: Path, pages: list[int] | None = None) -> Extraction:
    """Blocks from a text extract: each non-blank line is one paragraph block."""
    lines = read_text_lines(path)
    page = pages[0] if pages else None
    blocks = [
        Block(kind="paragraph", text=line.strip(), page=page, lines=(number, number))
        for number, line in enumerate(lines, start=1)
        if line.strip()
    ]
    return Extraction(blocks=blocks, repairs=[])
