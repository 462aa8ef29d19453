"""The PDF path, measured on generated manuals whose text is known (tests/pdfcorpus.py)."""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from pathlib import Path

import Levenshtein
import pikepdf
import pytest
import weasyprint

from rulekit.errors import InputError
from rulekit.extract import extract
from rulekit.extract import pdf as pdf_module
from rulekit.extract.clean import join_lines
from rulekit.extract.lexicon import german_lexicon
from rulekit.extract.pdf import extract_pdf, pdf_lines
from rulekit.model import Extraction, TextLine
from tests.pdfcorpus import LAYOUTS, CorpusPdf, png, render

CER_LIMIT = 0.01
BODY = ("heading", "paragraph", "list-item")
MAPPED = [name for name, layout in LAYOUTS.items() if layout.unicode_map]


class Corpus:
    """Each layout rendered and extracted at most once per test session."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.pdfs: dict[str, CorpusPdf] = {}
        self.lines: dict[str, list[TextLine]] = {}
        self.extractions: dict[str, Extraction] = {}

    def pdf(self, name: str) -> CorpusPdf:
        if name not in self.pdfs:
            self.pdfs[name] = render(LAYOUTS[name], self.folder)
        return self.pdfs[name]

    def raw(self, name: str) -> list[TextLine]:
        if name not in self.lines:
            self.lines[name] = list(pdf_lines(self.pdf(name).path))
        return self.lines[name]

    def extraction(self, name: str) -> Extraction:
        if name not in self.extractions:
            self.extractions[name] = extract_pdf(self.pdf(name).path)
        return self.extractions[name]


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return Corpus(tmp_path_factory.mktemp("pdfcorpus"))


def gold_body(manual: CorpusPdf) -> list[tuple[str, str]]:
    """The manual's body blocks as rulekit gives them: list items without their bullet glyph.

    A bullet is layout (the block kind says "list-item"); an enumerator is text.
    """
    return [(kind, re.sub(r"^[•◦▪–]\s+", "", text)) for kind, text in manual.body]


def gold_text(manual: CorpusPdf) -> str:
    """The body blocks as one string, white space folded, bullets dropped."""
    return " ".join(" ".join(text for _, text in gold_body(manual)).split())


def body_text(extraction: Extraction) -> str:
    """Headings, paragraphs and list items in order, white space folded."""
    return " ".join(" ".join(b.text for b in extraction.blocks if b.kind in BODY).split())


def cer(text: str, reference: str) -> float:
    """Character error rate: edit distance over the reference length."""
    return Levenshtein.distance(text, reference) / len(reference)


@pytest.mark.parametrize("name", MAPPED)
def test_body_text_matches_the_ground_truth(corpus: Corpus, name: str) -> None:
    truth = gold_text(corpus.pdf(name))
    assert cer(body_text(corpus.extraction(name)), truth) <= CER_LIMIT


@pytest.mark.parametrize("name", MAPPED)
def test_labels_captions_headers_and_footers_stay_out_of_the_body(
    corpus: Corpus, name: str
) -> None:
    manual = corpus.pdf(name)
    blocks = corpus.extraction(name).blocks
    body = [b.text for b in blocks if b.kind in BODY]
    for text in manual.labels + manual.captions + manual.furniture:
        assert not [block for block in body if text in block], text
    figures = " ".join(b.text for b in blocks if b.kind == "figure")
    assert all(label in figures for label in manual.labels)
    assert [b.text for b in blocks if b.kind == "caption"] == manual.captions


@pytest.mark.parametrize("name", ["a4-3col", "a4-2col-tagged", "a5-2col", "a6-1col"])
def test_blocks_have_the_kinds_and_boundaries_of_the_manual(corpus: Corpus, name: str) -> None:
    # Paragraphs run on over columns and pages, list items and headings keep
    # their kind; the cleaner's own repairs may change a word, so compare
    # block starts and lengths rather than exact text.
    got = [(b.kind, b.text[:40], len(b.text)) for b in corpus.extraction(name).blocks]
    want = [(kind, text[:40], len(text)) for kind, text in gold_body(corpus.pdf(name))]
    body = [block for block in got if block[0] in BODY]
    matches = sum(
        1
        for (kind, start, size) in want
        if any(b[:2] == (kind, start) and abs(b[2] - size) <= 3 for b in body)
    )
    assert len(body) == len(want)
    assert matches == len(want)


def test_furniture_is_marked_with_its_kind(corpus: Corpus) -> None:
    manual = corpus.pdf("a4-3col")
    artefacts = [line for line in corpus.raw("a4-3col") if line.role == "artefact"]
    kinds = {line.artefact for line in artefacts}
    assert {"running-header", "running-footer", "page-number"} <= kinds
    texts = {line.text for line in artefacts}
    assert set(manual.furniture) <= texts
    assert {str(page) for page in range(1, manual.pages + 1)} <= texts


def test_line_break_hyphens_are_kept_on_the_lines_and_joined_in_the_blocks(
    corpus: Corpus,
) -> None:
    for name, hyphen in (("a4-3col", "\u2010"), ("a5-2col", "\u00ad"), ("a4-2col-tagged", "-")):
        assert any(line.text.endswith(hyphen) for line in corpus.raw(name)), name
        assert "\u00ad" not in body_text(corpus.extraction(name))
    assert "\u2010" not in body_text(corpus.extraction("a4-3col"))


def test_ligature_glyphs_are_expanded(corpus: Corpus) -> None:
    raw = " ".join(line.text for line in corpus.raw("a4-2col-tagged"))
    assert "\ufb01" in raw and "\ufb00" in raw
    extraction = corpus.extraction("a4-2col-tagged")
    assert not any(0xFB00 <= ord(c) <= 0xFB06 for c in body_text(extraction))
    assert any(repair.kind == "ligature" for repair in extraction.repairs)


def test_lines_carry_printed_page_numbers_and_line_numbers(corpus: Corpus) -> None:
    manual = corpus.pdf("a6-1col")
    printed = list(range(41, 41 + manual.pages))
    lines = list(pdf_lines(manual.path, printed))
    assert sorted({line.page for line in lines}) == printed
    first = [line.line for line in lines if line.page == 41]
    assert first == list(range(1, len(first) + 1))


def test_pages_are_read_one_at_a_time(corpus: Corpus, monkeypatch: pytest.MonkeyPatch) -> None:
    # The first lines come out once their page's neighbours for the header
    # comparison are read, long before the end of the manual.
    manual = corpus.pdf("a6-1col")
    read: list[int] = []
    original: Callable[..., list[object]] = pdf_module._read_page

    def counting(path: Path, page: object, index: int, document: object) -> list[object]:
        read.append(index)
        return original(path, page, index, document)

    monkeypatch.setattr(pdf_module, "_read_page", counting)
    next(iter(pdf_lines(manual.path)))
    assert read == list(range(pdf_module.WINDOW + 1)) < list(range(manual.pages))


def test_tagged_pdf_follows_the_structure_tree(tmp_path: Path) -> None:
    # Set last in the document but placed at the top of the page: the
    # structure tree reads it last, the layout would read it first.
    html = (
        '<html lang="de"><body style="font: 10pt \'DejaVu Serif\'">'
        "<h1>Aufbau</h1><p>Jeder erhält fünf Karten.</p><p>Danach beginnt das Spiel.</p>"
        '<p style="position: absolute; top: 0">Zum Schluss wird gezählt.</p></body></html>'
    )
    path = tmp_path / "tagged.pdf"
    weasyprint.HTML(string=html).write_pdf(path, pdf_tags=True)
    blocks = extract_pdf(path).blocks
    assert [(b.kind, b.text) for b in blocks] == [
        ("heading", "Aufbau"),
        ("paragraph", "Jeder erhält fünf Karten."),
        ("paragraph", "Danach beginnt das Spiel."),
        ("paragraph", "Zum Schluss wird gezählt."),
    ]
    untagged = tmp_path / "untagged.pdf"
    weasyprint.HTML(string=html).write_pdf(untagged)
    assert extract_pdf(untagged).blocks[0].text == "Zum Schluss wird gezählt."


def test_unmapped_glyphs_come_out_as_plane_15_codes(corpus: Corpus) -> None:
    text = "".join(line.text for line in corpus.raw("a5-2col-nomap"))
    assert "(cid:" not in text
    codes = [c for c in text if ord(c) >= 0xF0000]
    assert len(codes) > 0.8 * len(text.replace(" ", ""))


def test_unmapped_glyphs_are_decoded_by_the_full_extraction(corpus: Corpus) -> None:
    manual = corpus.pdf("a5-2col-nomap")
    assert cer(body_text(extract(manual.path)), gold_text(manual)) <= CER_LIMIT


def test_headings_in_unmapped_glyphs_are_found_as_with_a_map(corpus: Corpus) -> None:
    # A bold line of body size is a heading: its glyph codes count as letters.
    def headings(name: str) -> list[str]:
        return [b.text for b in extract(corpus.pdf(name).path).blocks if b.kind == "heading"]

    assert headings("a5-2col-nomap") == headings("a5-2col")


def test_page_numbers_in_unmapped_glyphs_are_furniture(corpus: Corpus) -> None:
    # Their digits are codes too, and differ from page to page: no pattern
    # matches them, their place at the same edge of every page does.
    blocks = extract(corpus.pdf("a5-2col-nomap").path).blocks
    assert not [b.text for b in blocks if b.text.isdigit()]


# --- bad input ---------------------------------------------------------------


@pytest.fixture
def manual(corpus: Corpus) -> Path:
    return corpus.pdf("a6-1col").path


def test_an_encrypted_pdf_asks_for_the_password_to_be_removed(manual: Path, tmp_path: Path) -> None:
    path = tmp_path / "locked.pdf"
    with pikepdf.open(manual) as pdf:
        pdf.save(path, encryption=pikepdf.Encryption(user="geheim", owner="geheim"))
    with pytest.raises(InputError, match="encrypted; remove the password first"):
        extract(path)


def test_a_truncated_pdf_is_refused(manual: Path, tmp_path: Path) -> None:
    path = tmp_path / "cut.pdf"
    data = manual.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(InputError, match="truncated PDF"):
        extract(path)


def test_a_pdf_with_a_damaged_page_is_refused(manual: Path, tmp_path: Path) -> None:
    # Zeros over the compressed text of page 3, the file's structure intact:
    # pdfminer alone would return that page empty.
    data = manual.read_bytes()
    with pikepdf.open(manual) as pdf:
        stream = pdf.pages[2].obj.Contents.read_raw_bytes()
    start = data.index(stream) + len(stream) // 4
    path = tmp_path / "damaged.pdf"
    path.write_bytes(data[:start] + bytes(len(stream) // 2) + data[start + len(stream) // 2 :])
    with pytest.raises(InputError, match="corrupt PDF"):
        extract(path)


def test_a_pdf_whose_structure_is_garbage_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "junk.pdf"
    path.write_bytes(b"%PDF-1.7\n" + b"kein PDF-Objekt\n" * 50 + b"%%EOF\n")
    with pytest.raises(InputError, match="corrupt PDF"):
        extract(path)


def test_a_scanned_pdf_asks_for_ocr(tmp_path: Path) -> None:
    picture = "data:image/png;base64," + base64.b64encode(png(40, 30)).decode("ascii")
    path = tmp_path / "scan.pdf"
    weasyprint.HTML(string=f'<img src="{picture}" style="width: 120mm">').write_pdf(path)
    with pytest.raises(InputError, match=r"no text layer.*run OCR on it first"):
        extract(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "file is empty"), (b"Hallo, kein PDF\n", "not a PDF")],
)
def test_empty_files_and_other_files_named_pdf_are_refused(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "manual.pdf"
    path.write_bytes(content)
    for run in (extract, extract_pdf):
        with pytest.raises(InputError, match=message) as caught:
            run(path)
        assert caught.value.line == 0


def test_a_hyphen_after_a_closing_quote_joins_a_compound() -> None:
    lexicon = german_lexicon()
    assert join_lines("mit der „Play it smart“-", "Funktion spielen", lexicon)[0] == (
        "mit der „Play it smart“-Funktion spielen"
    )
    assert join_lines("die (Spiel)-", "Regeln", lexicon)[0] == "die (Spiel)-Regeln"
