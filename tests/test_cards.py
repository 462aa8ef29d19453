"""Print output: the A4 sheet, the poker deck and its imposition, as printers get them."""

from __future__ import annotations

import io
import itertools
import re
import subprocess
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
import weasyprint
from babel.messages.catalog import Catalog
from babel.support import NullTranslations

from rulekit import __version__
from rulekit.i18n.catalogs import localization
from rulekit.model import (
    Localization,
    Manual,
    Term,
    Translation,
)
from rulekit.output.cards.content import key_numbers
from rulekit.output.cards.layout import CARD_STEPS
from rulekit.output.cards.prepress import Identity, holds_rgb, print_ready
from rulekit.output.cards.printer import Printer, render_cards
from rulekit.output.templating import make_environment
from rulekit.quickref import edition_key, info_texts, title_key
from tests.cardprobe import TEMPLATES, UNTRANSLATED, probe_manual

MM = 72 / 25.4
# Long German compounds, so that narrow card lines must be hyphenated.
COMPOUNDS = (
    "Die Bedrohungsplättchenablage und der Anwerbungsplättchenstapel werden "
    "nach jeder Spielrundenabrechnung neben den Stadtplättchenvorrat gelegt."
)
FUZZY = "Das Spiel endet nach der 8. Runde."


def _translated_all_but_two(manual: Manual) -> Catalog:
    """A French catalog without a translation of UNTRANSLATED and a fuzzy one of FUZZY."""
    catalog = Catalog(locale="fr")
    catalog.add("Probe", "Sonde", context=title_key("probe"))
    catalog.add("Testausgabe 3", "Édition d'essai 3", context=edition_key("probe"))
    for node in manual.graph.nodes:
        if node.text == UNTRANSLATED:
            continue
        catalog.add(
            node.text,
            f"[fr] {node.text}",
            context=node.id,
            flags=["fuzzy"] if node.text == FUZZY else [],
        )
    return catalog


TERMS = [
    Term(
        id="aktionsfeld",
        de="Aktionsfeld",
        definition="Feld, auf dem gekämpft wird.",
        translations={"fr": [Translation(term="champ de bataille")]},
    ),
    # No French term, and no reviewed French definition yet.
    Term(id="kaserne", de="Kaserne", definition="Gebäude, in dem Einheiten warten."),
]
# The glossary's French definitions, as the build reads them from its catalog.
DEFINITIONS = {
    "fr": Localization(
        game="glossary",
        lang="fr",
        texts={"aktionsfeld": "Case où l'on combat."},
        missing=["kaserne"],
    )
}
# Ten sections give ten cards: a full A4 page and one more.
SECTIONS = [
    (
        "aufbau",
        [
            ("rule", "Jeder Spieler nimmt 3 Einheiten und 1 Würfel (W6)."),
            ("note", "Wichtig: Ein Gebiet muss immer mindestens 1 Einheit enthalten."),
            ("example", "Rot hat 4 Einheiten und greift mit 3 an."),
            ("flavour", "Die Schlacht beginnt im Morgengrauen."),
            ("rule", COMPOUNDS),
        ],
    ),
    ("kampf", [("rule", UNTRANSLATED), ("rule", FUZZY)]),
    *[(f"phase{n}", [("rule", f"In Phase {n} zieht jeder Spieler 2 Karten.")]) for n in range(8)],
]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The print files of the probe game in German and French, written to disk."""
    manual = probe_manual(SECTIONS, TERMS)
    texts = {
        ("probe", "de"): localization(manual.graph, None, "de"),
        ("probe", "fr"): localization(
            manual.graph, _translated_all_but_two(manual), "fr", info_texts(manual.info)
        ),
    }
    ui = {"de": NullTranslations(), "fr": NullTranslations()}
    steps: list[str] = []
    files = render_cards(
        Printer(make_environment(TEMPLATES), TEMPLATES),
        manual,
        texts,
        ui,
        steps.append,
        definitions=DEFINITIONS,
    )
    assert steps == ["cards probe de", "cards probe fr"]
    folder = tmp_path_factory.mktemp("cards")
    written = {}
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        written[name] = path
    return written


def _run(*command: str | Path) -> str:
    return subprocess.run(
        [str(part) for part in command], check=True, capture_output=True, text=True
    ).stdout


def _text(path: Path, *options: str) -> str:
    return _run("pdftotext", *options, path, "-")


def _boxes(path: Path) -> list[dict[str, list[float]]]:
    """MediaBox, TrimBox and BleedBox of every page, in points."""
    pages = []
    for page in pikepdf.open(path).pages:
        pages.append(
            {
                name: [float(v) for v in page.obj.get(f"/{name}", page.obj["/MediaBox"])]
                for name in ("MediaBox", "TrimBox", "BleedBox")
            }
        )
    return pages


def test_every_language_gets_a_sheet_a_deck_and_an_imposition(printed: dict[str, Path]) -> None:
    assert sorted(printed) == [
        f"cards/{lang}/probe-{kind}.pdf"
        for lang in ("de", "fr")
        for kind in ("cards-a4", "cards", "sheet")
    ]


def test_a_short_game_fits_the_front_of_the_sheet_glossary_and_all(
    printed: dict[str, Path],
) -> None:
    for lang in ("de", "fr"):
        path = printed[f"cards/{lang}/probe-sheet.pdf"]
        pages = _boxes(path)
        assert len(pages) == 1  # the glossary runs on after the rules, not onto a back page
        assert pages[0]["MediaBox"] == pytest.approx([0, 0, 210 * MM, 297 * MM], abs=0.01)
        assert "Aktionsfeld" in _text(path)


def test_cards_are_poker_size_with_bleed_and_marks_only_outside_it(
    printed: dict[str, Path],
) -> None:
    path = printed["cards/fr/probe-cards.pdf"]
    pages = _boxes(path)
    assert len(pages) == 10  # one card per section; none of them needs a second
    for page in pages:
        trim, bleed, media = page["TrimBox"], page["BleedBox"], page["MediaBox"]
        assert [trim[2] - trim[0], trim[3] - trim[1]] == pytest.approx([63 * MM, 88 * MM], abs=0.01)
        assert [t - b for t, b in zip(trim, bleed, strict=True)] == pytest.approx(
            [3 * MM, 3 * MM, -3 * MM, -3 * MM], abs=0.01
        )
        assert [b - m for b, m in zip(bleed, media, strict=True)] == pytest.approx(
            [8 * MM, 8 * MM, -8 * MM, -8 * MM], abs=0.01
        )
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            # Crop marks: hairlines in the slug, in line with the trim, never inside the bleed.
            marks = [line for line in page.lines if line["linewidth"] < 1]
            assert len(marks) == 8
            for mark in marks:
                # pdfplumber measures x in user space, y up from the media box's bottom.
                x0, x1 = mark["x0"], mark["x1"]
                y0, y1 = mark["y0"] + media[1], mark["y1"] + media[1]
                outside = x1 <= bleed[0] + 0.01 or x0 >= bleed[2] - 0.01
                outside = outside or y1 <= bleed[1] + 0.01 or y0 >= bleed[3] - 0.01
                assert outside, mark


def test_the_imposition_puts_nine_cards_on_an_a4_page(printed: dict[str, Path]) -> None:
    path = printed["cards/fr/probe-cards-a4.pdf"]
    pages = _boxes(path)
    assert len(pages) == 2
    for page in pages:
        assert page["MediaBox"] == pytest.approx([0, 0, 210 * MM, 297 * MM], abs=0.01)
        assert page["TrimBox"] == pytest.approx(page["MediaBox"], abs=0.01)  # cut at the marks
    first, second = _text(path).split("\f")[:2]
    assert sorted(re.findall(r"\b(\d+)/10\b", first), key=int) == [str(n) for n in range(1, 10)]
    assert re.findall(r"\b(\d+)/10\b", second) == ["10"]
    assert "cut along the marks" in first


def test_a_deck_converted_by_ghostscript_is_imposed_where_one_in_cmyk_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    manual = probe_manual(SECTIONS[2:4])
    texts = localization(manual.graph, None, "de")
    printer = Printer(make_environment(TEMPLATES), TEMPLATES)

    def numbers(imposed: bytes) -> list[tuple[str, float, float]]:
        """Each card number on the first A4 page, and where its baseline starts (the
        fonts Ghostscript writes have other heights)."""
        with pdfplumber.open(io.BytesIO(imposed)) as pdf:
            chars = pdf.pages[0].chars
            words = pdf.pages[0].extract_words()
        found = []
        for word in (w for w in words if re.fullmatch(r"\d/2", w["text"])):
            first = next(c for c in chars if (c["x0"], c["top"]) == (word["x0"], word["top"]))
            found.append((word["text"], first["matrix"][4], first["matrix"][5]))
        return found

    _, cmyk = printer.deck(manual, texts, "deck.pdf", "a4.pdf")
    # An RGB frame colour sends the deck through Ghostscript, which moves each page's
    # origin to the corner of its bleed.
    monkeypatch.setattr("rulekit.output.cards.printed.accent", lambda game: "rgb(200, 30, 30)")
    _, rgb = printer.deck(manual, texts, "deck.pdf", "a4.pdf")
    with pikepdf.open(io.BytesIO(rgb)) as pdf:
        assert not holds_rgb(pdf)
    assert len(numbers(cmyk)) == 2
    for (text, x, y), (rgb_text, rgb_x, rgb_y) in zip(numbers(cmyk), numbers(rgb), strict=True):
        assert text == rgb_text
        assert (rgb_x, rgb_y) == pytest.approx((x, y), abs=0.5)


def test_every_font_is_embedded(printed: dict[str, Path]) -> None:
    for path in printed.values():
        rows = _run("pdffonts", path).splitlines()[2:]
        assert rows, path
        for row in rows:
            assert "DejaVu" in row
            # Columns: name, type, encoding, emb, sub, uni, object id.
            assert row.split()[-5] == "yes", row


def test_hyphenation_follows_the_card_language_and_keeps_words_whole_in_text(
    printed: dict[str, Path],
) -> None:
    for lang in ("de", "fr"):
        for kind in ("sheet", "cards", "cards-a4"):
            assert str(pikepdf.open(printed[f"cards/{lang}/probe-{kind}.pdf"]).Root.Lang) == lang
    text = _text(printed["cards/de/probe-cards.pdf"])
    # A line broken by hyphenation ends in a soft hyphen, never U+2010, so copying
    # and searching the PDF find whole words.
    assert "\u2010" not in text
    lines = text.splitlines()
    broken = [
        line.split()[-1][:-1] + following.split()[0]
        for line, following in itertools.pairwise(lines)
        if line.endswith("\u00ad") and following.strip()
    ]
    joined = [word for word in broken if word.rstrip(".") in COMPOUNDS.split()]
    assert joined, lines  # German compounds on a narrow card break at German syllables


def test_untranslated_and_fuzzy_text_prints_in_german_marked_de(printed: dict[str, Path]) -> None:
    for kind in ("sheet", "cards", "cards-a4"):
        text = " ".join(_text(printed[f"cards/fr/probe-{kind}.pdf"]).split())
        assert f"DE {UNTRANSLATED}" in text, kind
        assert f"DE {FUZZY}" in text, kind
        assert "[fr] Jeder Spieler nimmt 3" in text
        assert f"DE {COMPOUNDS}" not in text
    german = " ".join(_text(printed["cards/de/probe-sheet.pdf"]).split())
    assert "DE " not in german


def test_fallback_text_is_tinted_in_cmyk(printed: dict[str, Path]) -> None:
    with pdfplumber.open(printed["cards/fr/probe-cards.pdf"]) as pdf:
        page = pdf.pages[1]  # the "kampf" card: both of its rules are German
        fills = {c for r in page.rects if isinstance(c := r["non_stroking_color"], tuple)}
    # #fbdcdc behind the German text, converted for print: a light red in four inks.
    tints = [f for f in fills if len(f) == 4 and f[0] < 0.05 and 0.1 < f[1] < 0.3 and f[3] < 0.05]
    assert tints, fills


def test_the_glossary_gives_the_preferred_term_or_german_marked(printed: dict[str, Path]) -> None:
    text = " ".join(_text(printed["cards/fr/probe-sheet.pdf"]).split())
    assert "Glossary" in text
    assert "champ de bataille · Aktionsfeld" in text
    assert "DE Kaserne" in text


def test_the_glossary_defines_each_term_in_the_sheet_language_or_german_marked(
    printed: dict[str, Path],
) -> None:
    french = " ".join(_text(printed["cards/fr/probe-sheet.pdf"]).split())
    assert "champ de bataille · Aktionsfeld – Case où l’on combat." in french
    assert "DE Gebäude, in dem Einheiten warten." in french
    assert "Feld, auf dem gekämpft wird." not in french
    german = " ".join(_text(printed["cards/de/probe-sheet.pdf"]).split())
    assert "Aktionsfeld – Feld, auf dem gekämpft wird." in german
    assert "DE " not in german


def test_the_sheet_footer_names_edition_and_pages_and_no_tool(printed: dict[str, Path]) -> None:
    flat = " ".join(_text(printed["cards/fr/probe-sheet.pdf"]).split())
    assert "Édition d’essai 3" in flat  # the edition line through the catalog, typeset
    assert "p. 10–11" in flat
    for path in printed.values():
        assert "rulekit" not in _text(path), path  # the tool is in the metadata only
        assert str(pikepdf.open(path).docinfo.Creator) == f"rulekit {__version__}"


def test_flavour_is_left_out_and_examples_only_on_the_sheet(printed: dict[str, Path]) -> None:
    sheet = _text(printed["cards/de/probe-sheet.pdf"])
    cards = _text(printed["cards/de/probe-cards.pdf"])
    assert "Morgengrauen" not in sheet + cards
    assert "greift mit" in sheet
    assert "greift mit" not in cards


def test_key_numbers_are_escaped_then_set_bold() -> None:
    assert key_numbers("<b>3</b> & 2W6, it's 1–2") == (
        "&lt;b&gt;<strong>3</strong>&lt;/b&gt; &amp; <strong>2W6</strong>, "
        "it&#39;s <strong>1–2</strong>"
    )


def test_key_numbers_print_in_bold(printed: dict[str, Path]) -> None:
    with pdfplumber.open(printed["cards/de/probe-cards.pdf"]) as pdf:
        chars = pdf.pages[0].chars
    digits = [c for c in chars if c["text"] == "3"]
    letters = [c for c in chars if c["text"] == "J"]
    assert digits and all("Bold" in c["fontname"] for c in digits)
    assert letters and not any("Bold" in c["fontname"] for c in letters)


def test_printing_twice_gives_identical_bytes(printed: dict[str, Path]) -> None:
    manual = probe_manual(SECTIONS, TERMS)
    texts = {("probe", "de"): localization(manual.graph, None, "de")}
    env = make_environment(TEMPLATES)
    again = render_cards(Printer(env, TEMPLATES), manual, texts, {"de": NullTranslations()})
    for name, content in again.items():
        assert content == printed[name].read_bytes(), name


def test_print_files_are_cmyk_with_a_pdfx_output_intent_title_and_language(
    printed: dict[str, Path],
) -> None:
    for name, path in printed.items():
        lang = name.split("/")[1]
        with pikepdf.open(path) as pdf:
            (intent,) = pdf.Root.OutputIntents
            assert intent.S == "/GTS_PDFX"
            assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
            profile = intent.DestOutputProfile
            assert profile.N == 4 and profile.read_bytes()[16:20] == b"CMYK"
            assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
            assert str(pdf.Root.Lang) == lang
            title = str(pdf.docinfo.Title)
            assert title.startswith("Sonde" if lang == "fr" else "Probe"), title
            with pdf.open_metadata() as meta:
                assert meta["dc:title"] == title
            for page in pdf.pages:
                assert "/TrimBox" in page.obj and "/BleedBox" in page.obj
            # No colour in RGB: the templates' colours are inks, text and fills alike.
            assert not holds_rgb(pdf), name


def test_a_colour_an_editor_gives_in_rgb_is_converted_to_cmyk_for_print() -> None:
    html = (
        '<p style="color: #b3261e; border: 1pt solid rgb(0 128 255)">Rot</p>'
        '<p style="background: device-cmyk(0 0 0 0.2)">Grau</p>'
    )
    plain = weasyprint.HTML(string=html).write_pdf()
    with pikepdf.open(io.BytesIO(plain)) as pdf:
        assert holds_rgb(pdf)
    printed = print_ready(plain, Identity(title="Probe", lang="de", subject="Probe"))
    with pikepdf.open(io.BytesIO(printed)) as pdf:
        assert not holds_rgb(pdf)
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
    assert "Rot" in pdfplumber.open(io.BytesIO(printed)).pages[0].extract_text()


def test_a_deck_has_one_body_size_and_nothing_under_six_and_a_half_points(
    printed: dict[str, Path],
) -> None:
    with pdfplumber.open(printed["cards/de/probe-cards.pdf"]) as pdf:
        chars = [c for page in pdf.pages for c in page.chars]
    assert min(c["size"] for c in chars) >= 6.45
    body = {round(c["size"], 1) for c in chars if c["text"] == "J" and "Bold" not in c["fontname"]}
    assert len(body) == 1 and body.pop() >= CARD_STEPS[-1]
