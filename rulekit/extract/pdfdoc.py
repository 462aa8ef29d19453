"""Opening a PDF: what can be read is read, and real damage is one clear `InputError`.

pdfium reads the pages.  What it can open and lay out is read, whatever
produced it: empty or shared content streams, object streams, incremental
updates, owner passwords (permissions only) are all normal.  A PDF is
refused only for what makes its text unknowable:

- no %PDF- header, or nothing after it that is PDF ("not a PDF");
- objects but no %%EOF after the last of them (a truncated download);
- pdfium cannot open it ("corrupt PDF"), or it needs a user password;
- a page pdfium cannot load, or a page content stream whose compressed
  data does not inflate (pdfium and pdfminer would silently draw the page
  empty or cut short there).

The content streams are checked through pdfminer, which also reads the
structure tree of a tagged PDF; pdfminer only resolves objects here and
never interprets a page.  Should pdfminer fail on a file pdfium reads, the
pages are read without those two extras.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from io import BytesIO
from itertools import count
from pathlib import Path
from typing import Any

import pypdfium2
import pypdfium2.raw as pdfium_c
from pdfminer.cmapdb import CMapParser, FileUnicodeMap
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1
from pdfminer.psparser import LIT, PSException

from rulekit.errors import InputError
from rulekit.extract.chars import read_page
from rulekit.extract.page import PageContent
from rulekit.extract.structure import PageMap, Structure

__all__ = ["PdfPage", "check_file", "open_document"]

# How much of the file's start and end is searched for objects and the %%EOF marker.
_SCAN = 1 << 20
_OBJECT = re.compile(rb"\d+\s+\d+\s+obj\b")
_FLATE = (LIT("FlateDecode"), LIT("Fl"))


@dataclass
class PdfPage:
    """One page read: its content, and its structure map when the PDF is tagged."""

    content: PageContent
    structure: PageMap | None
    pdfium: Any  # the pypdfium2 page, open while the page is being laid out


class Document:
    """An open PDF: pdfium for the pages, pdfminer for checks and the structure tree."""

    def __init__(self, path: Path, pdf: pypdfium2.PdfDocument, miner: PDFDocument | None) -> None:
        self.path = path
        self.pdf = pdf
        self.miner = miner
        self.structure = Structure.of(miner) if miner is not None else None

    def __len__(self) -> int:
        return len(self.pdf)

    def pages(self) -> Iterator[PdfPage]:
        """The pages one at a time; each is closed once the next is asked for."""
        checked = self._miner_pages()
        for index in range(len(self.pdf)):
            attrs = next(checked, None)
            try:
                page = self.pdf[index]
                textpage = page.get_textpage()
            except pypdfium2.PdfiumError:
                raise InputError(
                    self.path, 0, f"corrupt PDF: page {index + 1} cannot be read"
                ) from None
            try:
                soft = (lambda a=attrs: _soft_hyphen_fonts(a)) if attrs is not None else None
                content = read_page(page.raw, textpage.raw, index, self.structure is not None, soft)
                mapping = (
                    self.structure.page_map(attrs)
                    if self.structure is not None and attrs is not None
                    else None
                )
                yield PdfPage(content, mapping, page)
            finally:
                textpage.close()
                page.close()

    def _miner_pages(self) -> Iterator[dict[str, Any] | None]:
        """Each page's pdfminer attributes, its content streams checked; None past what it reads."""
        if self.miner is None:
            return
        found = PDFPage.create_pages(self.miner)
        for number in count(1):
            try:
                page = next(found)
            except StopIteration:
                return
            except (PSException, ValueError, KeyError, TypeError, AttributeError):
                return  # pdfminer lost its way; pdfium reads on without the extras
            if _damaged(page):
                raise InputError(
                    self.path, 0, f"corrupt PDF: the content of page {number} is damaged"
                )
            yield page.attrs
            # pdfminer keeps every object it parsed until the document closes.
            cache = getattr(self.miner, "_cached_objs", None)
            if isinstance(cache, dict):
                cache.clear()


def _damaged(page: PDFPage) -> bool:
    """Whether a content stream of the page is compressed data that does not inflate.

    Only a decoding error counts: a stream that is empty, shared with other
    pages, missing its end (pdfium reads what is there) or followed by junk
    is normal enough.
    """
    contents = page.attrs.get("Contents")
    with suppress(PSException, ValueError, KeyError, TypeError):
        contents = resolve1(contents)
        streams = contents if isinstance(contents, list) else [contents]
        for item in streams:
            stream = resolve1(item) if isinstance(item, PDFObjRef) else item
            if not isinstance(stream, PDFStream) or not stream.rawdata:
                continue
            filters = stream.get_filters()
            if not filters or filters[0][0] not in _FLATE:
                continue
            data = stream.rawdata
            if stream.decipher and stream.objid is not None and stream.genno is not None:
                # Encrypted (an owner password): the stream is deciphered first.
                data = stream.decipher(stream.objid, stream.genno, data, stream.attrs)
            try:
                zlib.decompressobj().decompress(data)
            except zlib.error:
                return True
    return False


def _soft_hyphen_fonts(attrs: dict[str, Any]) -> frozenset[str]:
    """Fonts of a page whose Unicode map has a soft hyphen and no hyphen-minus.

    pdfium reports a hyphen that breaks a word at a line end as U+0002,
    whichever it was; in these fonts it can only have been a soft hyphen.
    """
    found: set[str] = set()
    with suppress(PSException, ValueError, KeyError, TypeError, AttributeError):
        resources = resolve1(attrs.get("Resources")) or {}
        for ref in (resolve1(resources.get("Font")) or {}).values():
            font = resolve1(ref)
            mapping = resolve1(font.get("ToUnicode")) if isinstance(font, dict) else None
            if not isinstance(mapping, PDFStream):
                continue
            cmap = FileUnicodeMap()
            CMapParser(cmap, BytesIO(mapping.get_data())).run()
            values = set(cmap.cid2unichr.values())
            if "\u00ad" in values and "-" not in values:
                name = resolve1(font.get("BaseFont"))
                raw = getattr(name, "name", name)
                text = raw.decode("latin-1") if isinstance(raw, bytes) else str(raw)
                found.add(text.split("+", 1)[-1])
    return frozenset(found)


def check_file(path: Path) -> None:
    """Refuse what is not a PDF or is cut short, from the bytes alone."""
    with path.open("rb") as handle:
        head = handle.read(_SCAN)
        handle.seek(0, 2)
        size = handle.tell()
        handle.seek(max(0, size - _SCAN))
        tail = handle.read()
    if not head.strip():
        raise InputError(path, 0, "file is empty")
    if b"%PDF-" not in head[:1024]:
        raise InputError(path, 0, "not a PDF: the file has no %PDF- header")
    has_objects = bool(_OBJECT.search(head) or _OBJECT.search(tail))
    end = tail.rfind(b"%%EOF")
    if end < 0 and not has_objects:
        raise InputError(path, 0, "not a PDF: nothing after the %PDF- header is PDF data")
    if end < 0 or tail.rfind(b"endobj") > end:
        raise InputError(path, 0, "truncated PDF: no %%EOF marker at the end; get the file again")


@contextmanager
def open_document(path: Path) -> Iterator[Document]:
    """Open a PDF for reading, turning every way it can be unreadable into an `InputError`."""
    check_file(path)
    try:
        pdf = pypdfium2.PdfDocument(path)
    except pypdfium2.PdfiumError as error:
        if error.err_code == pdfium_c.FPDF_ERR_PASSWORD:
            raise InputError(path, 0, "PDF is encrypted; remove the password first") from None
        if error.err_code == pdfium_c.FPDF_ERR_SECURITY:
            raise InputError(path, 0, "PDF is encrypted in a way that cannot be read") from None
        raise InputError(path, 0, "corrupt PDF: its structure cannot be read") from None
    with path.open("rb") as handle:
        try:
            miner: PDFDocument | None = PDFDocument(PDFParser(handle))
        except Exception:
            miner = None
        try:
            yield Document(path, pdf, miner)
        finally:
            pdf.close()
