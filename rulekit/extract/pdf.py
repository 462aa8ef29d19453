"""The PDF path, built on pdfplumber: the page is the unit of work."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
from pdfminer.pdfparser import PDFSyntaxError
from pdfminer.psparser import PSException
from pdfplumber.utils.exceptions import PdfminerException

from rulekit.errors import InputError
from rulekit.model import Block, Extraction


def open_pdf(path: Path) -> pdfplumber.PDF:
    """Open a PDF, turning every way it can be unreadable into an `InputError`."""
    try:
        pdf = pdfplumber.open(path)
        pdf.pages  # noqa: B018 - reading the page tree is what finds truncation
    except (PdfminerException, PDFSyntaxError, PSException, ValueError, KeyError) as error:
        cause = error.args[0] if error.args else error
        if isinstance(cause, (PDFPasswordIncorrect, PDFEncryptionError)):
            raise InputError(path, 0, "PDF is encrypted; remove the password first") from None
        raise InputError(path, 0, f"corrupt or truncated PDF ({cause})") from None
    return pdf


def extract_pdf(path: Path, pages: list[int] | None = None) -> Extraction:
    """Blocks from a PDF: each text line is one paragraph block, page by page."""
    blocks: list[Block] = []
    with open_pdf(path) as pdf:
        chars_seen = False
        for index, page in enumerate(pdf.pages):
            number = pages[index] if pages and index < len(pages) else index + 1
            chars_seen = chars_seen or bool(page.chars)
            for line_no, line in enumerate(page.extract_text().splitlines(), start=1):
                if line.strip():
                    blocks.append(
                        Block(
                            kind="paragraph",
                            text=line.strip(),
                            page=number,
                            lines=(line_no, line_no),
                        )
                    )
            page.close()
        if not chars_seen:
            raise InputError(
                path, 0, "PDF has no text layer (scanned images only); run OCR on it first"
            )
    return Extraction(blocks=blocks, repairs=[])
