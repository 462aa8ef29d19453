"""OCR of scanned rulebooks: Tesseract's words, the scan path end to end, confusion repairs.

The scan is made here: a German rule text set with WeasyPrint, rendered to a
grayscale image and saved as an image-only PDF, so it has no text layer.
The repair tests use synthetic OCR lines and need no Tesseract.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import Levenshtein
import pdfplumber
import pypdfium2
import pytest
import weasyprint

from rulekit.errors import InputError
from rulekit.extract import extract, ocr
from rulekit.extract.lexicon import Lexicon, german_lexicon
from rulekit.extract.ocr import (
    OcrPage,
    OcrWord,
    crop_offset,
    estimate_font_size,
    has_text_layer,
    ocr_pages,
    ocr_words,
    pages_without_text,
    read_tsv,
)
from rulekit.extract.ocrfix import candidates, repair_lines
from rulekit.extract.ocrreader import OcrLine, OcrReader, pictures, repair_page

HEADING = "Der Spielablauf"
PARAGRAPHS = [
    "Wer am Zug ist, würfelt mit beiden Würfeln und zieht seine Figur um die Augensumme "
    "im Uhrzeigersinn über das Spielfeld. Landet die Figur auf einem Feld mit einem Stern, "
    "nimmt der Spieler die oberste Karte vom Stapel und liest sie laut vor.",
    "Zeigt die Karte einen Hafen, darf er eine Ware kaufen oder verkaufen. Geld wird immer "
    "offen vor sich abgelegt, damit alle Mitspieler sehen können, wie reich jeder ist.",
    "Das Spiel endet, sobald ein Spieler drei Häfen besucht hat und zu seinem Startfeld "
    "zurückkehrt. Gewonnen hat, wer dann das meiste Geld besitzt.",
]
BODY = "\n".join([HEADING, *PARAGRAPHS])
SIZE = 11.0  # points
# The scan's resolution: coarse, as an old office scanner's, and fast to read.
SCAN_DPI = 150
MAX_CER = 0.02


@pytest.fixture(scope="module")
def born_digital(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rule text set as a one-page A5 PDF with a text layer."""
    paragraphs = "".join(f"<p>{text}</p>" for text in PARAGRAPHS)
    html = f"""<style>
        @page {{ size: A5; margin: 20mm 18mm; }}
        body {{ font-family: 'DejaVu Serif'; font-size: {SIZE}pt; line-height: 1.35; }}
        h1 {{ font-family: 'DejaVu Sans'; font-size: 16pt; }}
        p {{ margin: 0 0 8pt 0; }}
        </style><h1>{HEADING}</h1>{paragraphs}"""
    path = tmp_path_factory.mktemp("ocr") / "digital.pdf"
    weasyprint.HTML(string=html).write_pdf(path)
    return path


@pytest.fixture(scope="module")
def scan(born_digital: Path) -> Path:
    """The same page as an image-only PDF: what a scanner makes of it."""
    document = pypdfium2.PdfDocument(born_digital)
    image = document[0].render(scale=SCAN_DPI / 72, grayscale=True).to_pil()
    document.close()
    path = born_digital.with_name("scan.pdf")
    image.save(path, "PDF", resolution=SCAN_DPI)
    return path


@pytest.fixture(scope="module")
def scanned_page(scan: Path) -> OcrPage:
    """The scan as Tesseract reads it, read once for the tests that look at words."""
    return next(ocr_pages(scan))


def _cer(expected: str, found: str) -> float:
    flat = [" ".join(text.split()) for text in (expected, found)]
    return Levenshtein.distance(*flat) / len(flat[0])


# --- the word source ----------------------------------------------------------


def test_a_scan_has_no_text_layer_and_a_born_digital_pdf_has_one(
    scan: Path, born_digital: Path
) -> None:
    assert not has_text_layer(scan)
    assert pages_without_text(scan) == [0]
    assert has_text_layer(born_digital)
    assert has_text_layer(born_digital, 0)
    assert pages_without_text(born_digital) == []


def test_ocr_words_lie_where_the_text_layer_puts_them(
    scanned_page: OcrPage, born_digital: Path
) -> None:
    with pdfplumber.open(born_digital) as pdf:
        page = pdf.pages[0]
        printed = {w["text"]: w for w in page.extract_words()}
        width, height = float(page.width), float(page.height)
    assert scanned_page.width == pytest.approx(width, abs=1)
    assert scanned_page.height == pytest.approx(height, abs=1)
    read = {w.text: w for w in scanned_page.words}
    common = [t for t in ("Spielfeld.", "Mitspieler", "Startfeld", "Hafen,") if t in read]
    assert len(common) >= 3
    for text in common:
        word, truth = read[text], printed[text]
        assert word.x0 == pytest.approx(truth["x0"], abs=2)
        assert word.x1 == pytest.approx(truth["x1"], abs=2)
        # Boxes are the line's ascent to descent, as a text layer's are.
        assert word.top == pytest.approx(truth["top"], abs=3)
        assert word.bottom == pytest.approx(truth["bottom"], abs=3)
        assert word.size == pytest.approx(SIZE, rel=0.15)
        assert 0 <= word.confidence <= 100
        assert word.bold is False  # body text, weighed by its ink
    heading = read["Spielablauf"]
    assert heading.size > 1.2 * SIZE


def test_ocr_words_reads_one_page_of_a_pdf(scan: Path) -> None:
    words = ocr_words(scan, 0)
    assert [w.text for w in words[:3]] == ["Der", "Spielablauf", "Wer"]
    assert all(isinstance(w, OcrWord) for w in words)


# --- the scan path end to end -------------------------------------------------


def test_a_scanned_page_is_read_with_a_low_character_error_rate(scan: Path) -> None:
    calls: list[tuple[int, int]] = []
    extraction = extract(scan, progress=lambda done, total: calls.append((done, total)))
    body = "\n".join(b.text for b in extraction.blocks if b.kind != "figure")
    assert _cer(BODY, body) <= MAX_CER, body
    assert calls == [(1, 1)]
    assert extraction.blocks[0].page == 1


def test_a_scan_without_tesseract_says_what_to_install(
    scan: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ocr._check_tesseract.cache_clear()
    monkeypatch.setattr(ocr.shutil, "which", lambda _: None)
    try:
        with pytest.raises(InputError, match="tesseract-ocr"):
            extract(scan)
    finally:
        ocr._check_tesseract.cache_clear()


# --- TSV and geometry -----------------------------------------------------------

_COLUMNS = "level page_num block_num par_num line_num word_num left top width height conf text"
_TSV = _COLUMNS.replace(" ", "\t")


def _row(
    level: int, block: int, line: int, box: tuple[int, int, int, int], conf: float, text: str
) -> str:
    return "\t".join(map(str, (level, 1, block, 1, line, 1, *box, conf, text)))


def test_tsv_boxes_become_points_from_the_top_left_with_the_lines_extent() -> None:
    scale = 300 / 72
    tsv = "\n".join(
        [
            _TSV,
            _row(1, 0, 0, (0, 0, 1750, 2480), -1, ""),
            _row(2, 1, 0, (100, 100, 500, 60), -1, ""),
            _row(4, 1, 1, (100, 100, 500, 60), -1, ""),
            _row(5, 1, 1, (100, 110, 120, 40), 96.5, "man"),
            _row(5, 1, 1, (240, 100, 200, 60), 91.0, "Spielplan"),
            _row(5, 1, 1, (460, 100, 20, 60), 95.0, " "),
            _row(2, 2, 0, (100, 800, 900, 600), -1, ""),
        ]
    )
    page = read_tsv(tsv, scale, offset=(0.0, 10.0))
    assert page.width == pytest.approx(420, abs=0.1)
    assert [w.text for w in page.words] == ["man", "Spielplan"]
    man, plan = page.words
    assert man.x0 == pytest.approx(24.0) and man.x1 == pytest.approx(52.8)
    # Both words take their line's top and bottom, so they share a baseline.
    assert man.top == plan.top == pytest.approx(10 + 24.0)
    assert man.bottom == plan.bottom == pytest.approx(10 + 38.4)
    assert man.size == plan.size == pytest.approx(14.4 / 0.93, rel=0.01)
    assert man.confidence == 96.5
    assert (man.block, man.paragraph, man.line) == (1, 1, 1)
    # A block without words is a picture or a rule; a large one is a picture.
    assert page.blank == [(24.0, 10 + 192.0, 240.0, 10 + 336.0)]
    assert pictures(page) == page.blank


def test_a_box_drawn_beside_a_word_and_read_into_its_line_does_not_swell_its_size() -> None:
    # "Ergebnis II" with the square to write the result in, read as a tall "u".
    tsv = "\n".join(
        [
            _TSV,
            _row(1, 0, 0, (0, 0, 1750, 2480), -1, ""),
            _row(4, 1, 1, (100, 100, 400, 120), -1, ""),
            _row(5, 1, 1, (100, 140, 160, 38), 95.0, "Ergebnis"),
            _row(5, 1, 1, (270, 140, 30, 38), 90.0, "II"),
            _row(5, 1, 1, (330, 100, 170, 120), 20.0, "u"),
        ]
    )
    words = read_tsv(tsv, 300 / 72).words
    alone = estimate_font_size("Ergebnis", 38 * 72 / 300)
    assert [w.size for w in words] == [alone] * 3
    assert alone < 0.5 * estimate_font_size("Ergebnis II u", 120 * 72 / 300)


def test_the_lines_of_one_paragraph_get_one_size_unless_one_is_far_off() -> None:
    # The estimates of one heading's two lines miss by their letters (a descender or
    # none); a line of body text Tesseract read in the same paragraph is far smaller.
    tsv = "\n".join(
        [
            _TSV,
            _row(1, 0, 0, (0, 0, 1750, 2480), -1, ""),
            _row(4, 1, 1, (100, 100, 900, 62), -1, ""),
            _row(5, 1, 1, (100, 100, 900, 62), 95.0, "Was sagen Ihnen die Zahlen"),
            _row(4, 1, 2, (100, 170, 600, 51), -1, ""),
            _row(5, 1, 2, (100, 170, 600, 51), 95.0, "Drehscheiben?"),
            _row(4, 1, 3, (100, 240, 900, 36), -1, ""),
            _row(5, 1, 3, (100, 240, 900, 36), 95.0, "Wenn Sie durch Ihr Vorgehen"),
        ]
    )
    first, second, body = read_tsv(tsv, 300 / 72).words
    assert estimate_font_size(first.text, 62 * 72 / 300) != pytest.approx(
        estimate_font_size(second.text, 51 * 72 / 300), abs=0.5
    )
    assert first.size == second.size
    assert body.size == pytest.approx(estimate_font_size(body.text, 36 * 72 / 300))
    assert body.size < 0.7 * first.size


def test_the_font_size_estimate_allows_for_ascenders_and_descenders() -> None:
    assert estimate_font_size("man", 5.2) == pytest.approx(10)
    assert estimate_font_size("Mann", 7.2) == pytest.approx(10)
    assert estimate_font_size("Spiel", 9.3) == pytest.approx(10)
    assert estimate_font_size("Über Ökolopoly", 10.7) == pytest.approx(10)


@pytest.mark.parametrize(
    ("rotation", "expected"),
    [(0, (10, 20)), (90, (5, 10)), (180, (30, 5)), (270, (20, 30))],
)
def test_the_crop_box_offset_follows_the_page_rotation(
    rotation: int, expected: tuple[float, float]
) -> None:
    media = (0.0, 0.0, 200.0, 300.0)
    crop = (10.0, 5.0, 170.0, 280.0)
    assert crop_offset(media, crop, rotation) == expected


# --- confusion repairs ------------------------------------------------------------


def _line(
    *words: tuple[str, float], y: float = 100.0, gaps: list[float] | None = None
) -> list[OcrWord]:
    """An OCR line: (text, confidence) pairs set left to right, 3 pt apart unless `gaps` says."""
    found: list[OcrWord] = []
    x = 50.0
    for index, (text, confidence) in enumerate(words):
        width = 5.0 * len(text)
        found.append(OcrWord(text, x, y, x + width, y + 10, 10.0, confidence, 1, 1, int(y)))
        x += width + (gaps[index] if gaps and index < len(gaps) else 3.0)
    return found


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return german_lexicon()


def test_candidates_come_from_glyph_shapes_not_words() -> None:
    assert {"Feld", "FeId", "Fcid"} <= candidates("Feid")
    assert "mit" in candidates("rnit")
    assert "Würfel" in candidates("Wurfel")


def test_sure_repairs_are_applied_and_listed(lexicon: Lexicon) -> None:
    lines = [
        _line(("Jedes", 95), ("Feid", 62), ("zählt.", 93), ("Die", 96), ("Regein", 70)),
        _line(("gelten", 95), ("für", 96), ("alle", 95), ("Spie1er.", 55), y=120),
    ]
    fixed, fixes = repair_lines(lines, lexicon)
    assert " ".join(w.text for w in fixed[0]) == "Jedes Feld zählt. Die Regeln"
    assert " ".join(w.text for w in fixed[1]) == "gelten für alle Spieler."
    assert [(i, f.before, f.after, f.applied) for i, f in fixes] == [
        (0, "Feid", "Feld", True),
        (0, "Regein", "Regeln", True),
        (1, "Spie1er.", "Spieler.", True),
    ]
    assert all(f.kind == "ocr" and 0.8 <= f.confidence <= 1 for _, f in fixes)


def test_a_word_split_by_a_wide_letter_gap_is_joined(lexicon: Lexicon) -> None:
    words = [("Sie", 95), ("ha", 80), ("ben", 82), ("zwei", 95), ("Karten", 94), ("und", 96)]
    line = _line(*words, gaps=[6.0, 1.0, 6.0, 6.0, 6.0])
    fixed, fixes = repair_lines([line], lexicon)
    assert [w.text for w in fixed[0]] == ["Sie", "haben", "zwei", "Karten", "und"]
    assert [(f.kind, f.before, f.after, f.applied) for _, f in fixes] == [
        ("ocr-split", "ha ben", "haben", True)
    ]
    # At a full word space the two parts stay apart, whatever they read.
    line = _line(*words, gaps=[6.0, 6.0, 6.0, 6.0, 6.0])
    assert repair_lines([line], lexicon) == ([line], [])


def test_a_word_broken_at_a_line_end_is_judged_whole(lexicon: Lexicon) -> None:
    lines = [
        _line(("mit", 96), ("gro-", 91)),
        _line(("Bem", 74), ("Vergnügen", 95), y=120),
        _line(("Spiel-", 95), y=140),
        _line(("feid", 60), y=160),
    ]
    fixed, fixes = repair_lines(lines, lexicon)
    assert [w.text for line in fixed for w in line] == [
        "mit",
        "gro-",
        "ßem",
        "Vergnügen",
        "Spiel-",
        "feld",
    ]
    assert [(f.before, f.after, f.applied) for _, f in fixes] == [
        ("gro-\nBem", "gro-\nßem", True),
        ("Spiel-\nfeid", "Spiel-\nfeld", True),
    ]


def test_unsure_repairs_are_only_suggested(lexicon: Lexicon) -> None:
    # Two words fit ("Kante", "Kaufe"); a compound the lexicon only builds;
    # a spelling the document shows clearly elsewhere.
    line = _line(("Kanfe", 60), ("Anwerbungspiättchen", 60), ("Tcil", 60))
    fixed, fixes = repair_lines([line], lexicon, clear=frozenset({"Tcil"}))
    assert fixed == [line]
    assert [(f.before, f.applied) for _, f in fixes] == [
        ("Kanfe", False),
        ("Anwerbungspiättchen", False),
        ("Tcil", False),
    ]
    assert fixes[0][1].after in ("Kante", "Kaufe")
    assert all(f.confidence < 0.8 or not f.applied for _, f in fixes)


def test_words_names_and_clearly_read_spellings_are_left_alone(lexicon: Lexicon) -> None:
    line = _line(
        ("Spielplan", 40),  # a word, however doubtful the reading
        ("daß", 96),  # old spelling, read clearly
        ("Kybernetien", 70),  # a name: nothing it could be misread from
        ("Feid", 97),  # read with full confidence: what is printed
        ("10", 30),  # numbers are no words
        ("Schlußbilanz", 75),  # old spelling: no candidate is a word
    )
    assert repair_lines([line], lexicon) == ([line], [])


def test_page_repairs_drop_noise_and_vertical_text_and_report_lines(lexicon: Lexicon) -> None:
    dotted = _line(("Spielregeln", 95), ("......unsennnnnense", 0), ("3", 90))
    vertical = [OcrWord("258175", 300, 50, 306, 76, 30, 97, 2, 1, 1)]
    doubtful = _line(("Der", 95), ("Rundc", 60), ("endet.", 95), y=140)
    lines = [OcrLine(dotted, number=4), OcrLine(vertical, number=5), OcrLine(doubtful, number=6)]
    repairs = repair_page(lines, 12, lexicon, frozenset())
    assert [ln.text for ln in lines] == ["Spielregeln 3", "Der Runde endet."]
    assert [(r.kind, r.before, r.after, r.page, r.line, r.applied) for r in repairs] == [
        ("ocr-noise", "......unsennnnnense", "", 12, 4, True),
        ("ocr-vertical", "258175", "", 12, 5, True),
        ("ocr", "Rundc", "Runde", 12, 6, True),
    ]


def test_a_logo_read_with_little_confidence_stays_when_the_document_prints_it_clearly(
    lexicon: Lexicon,
) -> None:
    logo, speck = _line(("ÖKOLOPOLY", 34)), _line(("ennensnnnnnensn", 20), y=200)
    lines = [OcrLine(logo, number=1), OcrLine(speck, number=2)]
    repairs = repair_page(lines, 3, lexicon, frozenset({"Ökolopoly", "Spielplan"}))
    assert [ln.text for ln in lines] == ["ÖKOLOPOLY"]
    assert [(r.kind, r.before) for r in repairs] == [("ocr-noise", "ennensnnnnnensn")]
    # Unknown to the lexicon and never printed clearly: line art.
    lines = [OcrLine(_line(("ÖKOLOPOLY", 34)), number=1)]
    assert repair_page(lines, 3, lexicon, frozenset())[0].kind == "ocr-noise"
    assert lines == []


def test_a_drawn_box_read_as_a_glyph_taller_than_the_line_is_dropped(lexicon: Lexicon) -> None:
    # "Ergebnis II" with the square to write the result in: Tesseract reads it as "u".
    words = _line(("Ergebnis", 95), ("II", 91), ("u", 56), ("©", 60), gaps=[3, 14, 3])
    words[1].height, words[2].height, words[3].height = 7.0, 19.0, 8.0
    lines = [OcrLine(words, number=3)]
    repairs = repair_page(lines, 8, lexicon, frozenset())
    assert lines[0].text == "Ergebnis II ©"
    assert [(r.kind, r.before) for r in repairs] == [("ocr-noise", "u")]


def test_a_badly_read_sign_beside_clear_words_is_kept_and_a_speck_apart_is_not(
    lexicon: Lexicon,
) -> None:
    imprint = _line(("©", 20), ("1984", 96), ("by", 95), ("Verlag", 96))
    speck = _line(("Spielende", 95), ("‚", 10), gaps=[40.0])
    lines = [OcrLine(imprint, number=1), OcrLine(speck, number=2)]
    repair_page(lines, 1, lexicon, frozenset())
    assert [ln.text for ln in lines] == ["© 1984 by Verlag", "Spielende"]


def test_the_reader_lists_its_repairs_for_the_page(scan: Path, lexicon: Lexicon) -> None:
    reader = OcrReader(lexicon, pages=[9])
    words, _, _ = reader(scan, 0)
    assert words and all(w.font == "ocr" for w in words)
    assert all(r.page == 9 and r.bbox is not None for r in reader.repairs)


def test_no_word_list_is_typed_into_the_repairs() -> None:
    source = Path(ocr.__file__).with_name("ocrfix.py").read_text(encoding="utf-8")
    table = source[source.index("CONFUSIONS: tuple") : source.index("_SWAPS: dict")]
    assert max(len(glyphs) for glyphs in re.findall(r'"([^"]*)"', table)) <= 2


def test_the_reader_serves_pages_read_ahead_and_reads_others_alone(
    lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulekit.extract import ocrreader

    calls: list[list[int]] = []

    def fake_pages(path: Path, indices: list[int], dpi: int = 300) -> Iterator[OcrPage]:
        calls.append(list(indices))
        for index in indices:
            word = OcrWord(f"Seite{index}", 10, 10, 60, 20, 10, 95, 1, 1, 1)
            yield OcrPage(words=[word], width=400, height=600)

    monkeypatch.setattr(ocrreader, "pages_without_text", lambda path: [0, 2, 3])
    monkeypatch.setattr(ocrreader, "ocr_pages", fake_pages)
    reader = OcrReader(lexicon)
    texts = [[w.text for w in reader(Path("x.pdf"), i)[0]] for i in (2, 3, 0)]
    assert texts == [["Seite2"], ["Seite3"], ["Seite0"]]
    # One run ahead over the scanned pages; page 0, passed over, is read alone.
    assert calls == [[0, 2, 3], [0]]
