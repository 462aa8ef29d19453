"""The text path: text copied out of a PDF viewer."""

from __future__ import annotations

import codecs
import unicodedata
from functools import partial
from itertools import pairwise
from pathlib import Path

from rulekit.errors import InputError
from rulekit.extract.clean import clean_lines
from rulekit.extract.lexicon import Lexicon
from rulekit.extract.slips import repair_slips
from rulekit.extract.textcells import join_cell_rows
from rulekit.extract.textlayout import infer_roles
from rulekit.extract.textpages import (
    mark_numbers,
    mark_running_lines,
    mark_viewer_header,
    split_flattened,
)
from rulekit.extract.textshapes import goes_on
from rulekit.extract.textwidth import typical_width
from rulekit.model import Extraction, Repair, TextLine

# A text extract holds printable characters, tabs and line breaks.  A few control
# characters among them are the glyph codes of a font without a Unicode map, which a
# viewer copies as they are (TeX's ligatures and quotes sit at codes 16 to 31); more
# than this share of the characters means binary data rather than a damaged text.
_CONTROL = {chr(c) for c in range(32)} - {"\t", "\n", "\r", "\f"}
_CONTROL_SHARE = 0.05
# A double-spaced copy goes on with a sentence in lower case under at least this many
# full lines: lines this share of the typical width at least.
DOUBLE_SPACED_WRAPS = 3
FULL_LINE = 0.8
# A printed line, in one column or across a page, holds at most this many characters
# (a rulebook's run about 60 to 90).
PRINTED_LINE_CHARS = 120
# Where such a code goes: the Private Use Area, as viewers put the codes of other
# fonts without a map, so the encoding repair decodes them against the lexicon.
_CODE_PLANE = 0xE000

# Byte order marks, UTF-32 before UTF-16: the UTF-32-LE mark begins with the UTF-16-LE one.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def read_text_lines(path: Path) -> list[str]:
    """The file's lines as NFC text; binary or undecodable content is an `InputError`."""
    text = decode_text(path, path.read_bytes())
    if not text.strip():
        raise InputError(path, 0, "file is empty")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    controls = sum(c in _CONTROL for c in text)
    if controls > _CONTROL_SHARE * len(text):
        number, bad = next(
            (number, c)
            for number, content in enumerate(lines, start=1)
            for c in content
            if c in _CONTROL
        )
        raise InputError(path, number, f"binary data (control character U+{ord(bad):04X})")
    if controls:
        codes = str.maketrans({c: chr(_CODE_PLANE + ord(c)) for c in _CONTROL})
        lines = [line.translate(codes) for line in lines]
    return [unicodedata.normalize("NFC", line) for line in lines]


def decode_text(path: Path, data: bytes) -> str:
    """A text extract's bytes as text: UTF-8, or UTF-16/32 when a byte order mark says so.

    Windows editors save "Unicode" text as UTF-16 with a BOM, and some write a
    BOM before UTF-8; both are text a user means, not binary data.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            try:
                return body.decode(encoding)
            except UnicodeDecodeError as error:
                line = body[: error.start].decode(encoding, "replace").count("\n") + 1
                raise InputError(
                    path, line, f"not {encoding.upper()} text, though it starts with its BOM"
                ) from None
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise InputError(path, line, "binary data (NUL byte), not a text extract or a PDF")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise InputError(
            path,
            line,
            f"not UTF-8 text (byte 0x{data[error.start]:02X} at column {column}); "
            "convert the file to UTF-8",
        ) from None


def text_lines(raw: list[str]) -> list[TextLine]:
    """Non-blank lines, numbered as in the file; a blank line before one starts a paragraph.

    In a double-spaced copy (`double_spaced`) the blank lines say nothing: every
    line is then read as if they were not there.  Their pages are set by the layout
    pass, which reads the page numbers.
    """
    lines = []
    blank_before = False
    for number, text in enumerate(raw, start=1):
        if not text.strip():
            blank_before = True
            continue
        lines.append(TextLine(text=text, page=None, line=number, starts_paragraph=blank_before))
        blank_before = False
    if double_spaced(lines):
        return [line.model_copy(update={"starts_paragraph": False}) for line in lines]
    return lines


def double_spaced(lines: list[TextLine]) -> bool:
    """A blank line stands before every line, and sentences go on in lower case under
    full printed lines: the copy's line ends were doubled ("\\r\\r\\n", or a viewer
    that sets each printed line apart), not its paragraphs marked.  A copy that sets
    only its paragraphs apart ends few full lines without their sentence, and a
    paragraph a line runs longer than a printed line."""
    width = typical_width([line.text for line in lines])
    if len(lines) <= DOUBLE_SPACED_WRAPS or width > PRINTED_LINE_CHARS:
        return False
    if not all(line.starts_paragraph for line in lines[1:]):
        return False
    wraps = sum(
        len(before.text.strip()) >= FULL_LINE * width and goes_on(before.text, line.text)
        for before, line in pairwise(lines)
    )
    return wraps >= DOUBLE_SPACED_WRAPS


def text_layout(lines: list[TextLine], pages: list[int]) -> tuple[list[TextLine], list[Repair]]:
    """The layout pass of the text path: page numbers, callouts and running headers
    out, the cells of a table copied one a line joined into rows, roles in."""
    lines, rows = join_cell_rows(lines)
    lines, repairs = mark_numbers(lines, pages)
    lines, running = mark_running_lines(lines)
    return infer_roles(lines), rows + repairs + running


def text_pass(
    lines: list[TextLine], pages: list[int], lexicon: Lexicon
) -> tuple[list[TextLine], list[Repair]]:
    """What the text path knows beyond the shared passes: its layout, then its OCR slips.

    The slips are repaired once the page numbers and callouts are out, so that
    only content lines are read, and before dropped letters are looked for.
    """
    lines, repairs = text_layout(lines, pages)
    lines, slips = repair_slips(lines, lexicon)
    return lines, repairs + slips


def extract_text(path: Path, lexicon: Lexicon, pages: list[int] | None = None) -> Extraction:
    """Clean blocks from a text extract."""
    raw = read_text_lines(path)
    lines = text_lines(raw)
    lines, flattened = split_flattened(lines)
    lines, header = mark_viewer_header(lines, raw)
    layout = partial(text_pass, pages=pages or [], lexicon=lexicon)
    return clean_lines(lines, lexicon, layout=layout, repairs=flattened + header)
