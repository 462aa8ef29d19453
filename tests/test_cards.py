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
from babel.messages.catalog import Catalog
from babel.support import NullTranslations
from markupsafe import Markup

from rulekit import __version__
from rulekit.errors import LayoutError
from rulekit.i18n.catalogs import localization
from rulekit.model import (
    Edge,
    Extraction,
    Localization,
    Manual,
    Provenance,
    QuickReference,
    RuleGraph,
    RuleNode,
    SourceInfo,
    Term,
    Translation,
    fingerprint,
)
from rulekit.output.cards import (
    CARD_STEPS,
    Entry,
    Galley,
    Printer,
    Topic,
    key_numbers,
    render_cards,
    topics,
)
from rulekit.output.cards.layout import own_step, pack
from rulekit.output.templating import make_environment
from rulekit.quickref import card_texts, edition_key, info_texts, title_key


def _pack(topic: Topic, galleys: dict[int, Galley], where: str) -> list:  # type: ignore[type-arg]
    """A topic's cards at its own step, as a deck of that topic alone sets it."""
    step = own_step(topic, galleys, where)
    return pack(topic, galleys[step], step)


ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
MM = 72 / 25.4
SENTENCE = "Jeder Spieler würfelt mit 2 Würfeln und zieht seine Figur entsprechend weit. "
# Long German compounds, so that narrow card lines must be hyphenated.
COMPOUNDS = (
    "Die Bedrohungsplättchenablage und der Anwerbungsplättchenstapel werden "
    "nach jeder Spielrundenabrechnung neben den Stadtplättchenvorrat gelegt."
)
UNTRANSLATED = "Wer keine Einheit mehr hat, scheidet sofort aus dem Spiel aus."
FUZZY = "Das Spiel endet nach der 8. Runde."


def _node(game: str, section: str, slug: str, kind: str, text: str) -> RuleNode:
    node_id = f"{game}.{section}" if kind == "section" else f"{game}.{section}.{slug}"
    return RuleNode(
        id=node_id,
        kind=kind,  # type: ignore[arg-type]
        text=text,
        terms=[],
        fingerprint=fingerprint(text),
        source=Provenance(file="manual.txt", page=10, lines=(1, 1)),
    )


def _manual(
    sections: list[tuple[str, list[tuple[str, str]]]], terms: list[Term] | None = None
) -> Manual:
    """A game with the given sections of (kind, German text) nodes."""
    game = "probe"
    nodes, edges = [], []
    for name, children in sections:
        head = _node(game, name, "", "section", name.capitalize())
        nodes.append(head)
        for index, (kind, text) in enumerate(children):
            child = _node(game, name, f"r{index}", kind, text)
            nodes.append(child)
            edges.append(Edge.model_validate({"from": child.id, "to": head.id, "type": "part-of"}))
    info = SourceInfo(
        game=game,
        title="Probe",
        publisher="Testverlag",
        year=2024,
        edition="Testausgabe 3",
        pages=[10, 11],
        file="manual.txt",
        sha256="0" * 64,
    )
    return Manual(
        info=info,
        extraction=Extraction(blocks=[], repairs=[]),
        graph=RuleGraph(game=game, nodes=nodes, edges=edges, terms=terms or []),
    )


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
        translations={"fr": [Translation(term="champ de bataille")]},
    ),
    Term(id="kaserne", de="Kaserne"),  # no French term yet
]
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
    manual = _manual(SECTIONS, TERMS)
    texts = {
        ("probe", "de"): localization(manual.graph, None, "de"),
        ("probe", "fr"): localization(
            manual.graph, _translated_all_but_two(manual), "fr", info_texts(manual.info)
        ),
    }
    ui = {"de": NullTranslations(), "fr": NullTranslations()}
    steps: list[str] = []
    files = render_cards(
        Printer(make_environment(TEMPLATES), TEMPLATES), manual, texts, ui, steps.append
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


def _deck(rules: list[str]) -> tuple[Printer, Manual, Localization]:
    manual = _manual([("lang", [("rule", text) for text in rules])])
    return (
        Printer(make_environment(TEMPLATES), TEMPLATES),
        manual,
        localization(manual.graph, None, "de"),
    )


def test_a_long_rule_is_set_a_step_smaller_on_its_card(tmp_path: Path) -> None:
    printer, manual, texts = _deck([SENTENCE * 9])
    deck, _ = printer.deck(manual, texts, "deck.pdf", "a4.pdf")
    with pdfplumber.open(io.BytesIO(deck)) as pdf:
        assert len(pdf.pages) == 1
        sizes = {round(c["size"], 1) for c in pdf.pages[0].chars if c["text"] == "ü"}
    assert len(sizes) == 1
    assert CARD_STEPS[-1] <= sizes.pop() < CARD_STEPS[0]


def test_an_absurdly_long_rule_fails_the_build_naming_it() -> None:
    printer, manual, texts = _deck(["Kurz.", SENTENCE * 40, "Auch kurz."])
    with pytest.raises(LayoutError) as raised:
        printer.deck(manual, texts, "cards/de/probe-cards.pdf", "a4.pdf")
    assert raised.value.rule_ids == ["probe.lang.r1"]
    assert str(raised.value).startswith("cards/de/probe-cards.pdf:")


def _galley(heights: list[float]) -> Galley:
    """Entries of these heights, one under the other, on a card with 100 px of room."""
    tops = [sum(heights[:i]) for i in range(len(heights))]
    boxes = tuple((top, top + height) for top, height in zip(tops, heights, strict=True))
    return Galley(room=100, above=0, below=0, boxes=boxes)


def _topic(count: int) -> Topic:
    entries = tuple(Entry(f"probe.s.r{i}", "rule", Markup("x"), False) for i in range(count))
    return Topic(heading=Entry("probe.s", "section", Markup("S"), False), entries=entries, pages="")


def test_a_section_that_fits_one_card_at_a_smaller_step_is_not_split() -> None:
    galleys = {0: _galley([30] * 5), 1: _galley([25] * 5), 2: _galley([20] * 5)}
    cards = _pack(_topic(5), galleys, "deck.pdf")
    assert [(card.step, len(card.entries)) for card in cards] == [(2, 5)]


def test_a_section_too_long_for_one_card_spreads_evenly_at_the_largest_step() -> None:
    galleys = {0: _galley([30, 30, 30, 10, 10, 10]), 1: _galley([28] * 6), 2: _galley([26] * 6)}
    cards = _pack(_topic(6), galleys, "deck.pdf")
    # Filling the first card (90 px) would leave 30 px for the second; 60 and 60 is even.
    assert [(card.step, len(card.entries)) for card in cards] == [(0, 2), (0, 4)]


def test_an_entry_taller_than_a_card_at_the_smallest_step_is_named() -> None:
    galleys = {0: _galley([30, 130]), 1: _galley([30, 120]), 2: _galley([30, 101])}
    with pytest.raises(LayoutError) as raised:
        _pack(_topic(2), galleys, "deck.pdf")
    assert raised.value.rule_ids == ["probe.s.r1"]


def _sheet_manual(sections: int, rules: int, sentences: int) -> tuple[Manual, Localization]:
    manual = _manual(
        [(f"abschnitt{s}", [("rule", SENTENCE * sentences)] * rules) for s in range(sections)]
    )
    return manual, localization(manual.graph, None, "de")


def test_a_long_sheet_is_set_a_step_smaller() -> None:
    manual, texts = _sheet_manual(sections=9, rules=5, sentences=3)  # a third of a page too long
    sheet = Printer(make_environment(TEMPLATES), TEMPLATES).sheet(manual, texts, "sheet.pdf")
    with pdfplumber.open(io.BytesIO(sheet)) as pdf:
        assert len(pdf.pages) == 2
        sizes = {round(c["size"], 1) for c in pdf.pages[0].chars if c["text"] == "ü"}
    assert len(sizes) == 1
    assert 7.5 <= sizes.pop() < 9


def test_headings_stay_in_the_column_of_their_first_rule() -> None:
    # Sections of 3, 1 and 1 sentences put a heading at the foot of a column.
    manual = _manual(
        [
            (f"abschnitt{s}", [("rule", SENTENCE * (3, 1, 1)[(s + j) % 3]) for j in range(3)])
            for s in range(10)
        ]
    )
    texts = localization(manual.graph, None, "de")
    printer = Printer(make_environment(TEMPLATES), TEMPLATES)
    document = printer.layout(
        "sheet.html",
        size=9.0,
        topics=topics(manual.graph, texts, ("rule",), manual.info.pages),
        glossary=[],
        pages="10",
        **printer.context(manual, texts),
    )
    where = {
        name: (number, round(box[0]))
        for number, page in enumerate(document.pages)
        for name, box in page.anchors.items()
    }
    assert len(document.pages) == 2
    for s in range(10):
        assert where[f"probe.abschnitt{s}"] == where[f"probe.abschnitt{s}.r0"], s


def test_a_sheet_that_cannot_fit_names_the_rules_past_the_back() -> None:
    manual, texts = _sheet_manual(sections=1, rules=1, sentences=220)
    printer = Printer(make_environment(TEMPLATES), TEMPLATES)
    with pytest.raises(LayoutError) as raised:
        printer.sheet(manual, texts, "cards/de/probe-sheet.pdf")
    assert raised.value.rule_ids == ["probe.abschnitt0.r0"]


def test_printing_twice_gives_identical_bytes(printed: dict[str, Path]) -> None:
    manual = _manual(SECTIONS, TERMS)
    texts = {("probe", "de"): localization(manual.graph, None, "de")}
    env = make_environment(TEMPLATES)
    again = render_cards(Printer(env, TEMPLATES), manual, texts, {"de": NullTranslations()})
    for name, content in again.items():
        assert content == printed[name].read_bytes(), name


def test_a_topic_cites_its_pages_or_the_whole_excerpt_when_one_is_unknown() -> None:
    manual = _manual([("aufbau", [("rule", SENTENCE)] * 2), ("ende", [("rule", SENTENCE)])])
    nodes = manual.graph.nodes
    nodes[2] = nodes[2].model_copy(
        update={"source": Provenance(file="m.txt", page=11, lines=(2, 2))}
    )
    nodes[4] = nodes[4].model_copy(
        update={"source": Provenance(file="m.txt", page=None, lines=(4, 4))}
    )
    texts = localization(manual.graph, None, "de")
    cited = {t.heading.id: t.pages for t in topics(manual.graph, texts, ("rule",), [10, 11, 12])}
    assert cited == {"probe.aufbau": "10–11", "probe.ende": "10–12"}


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
        # No colour is left in RGB: Ghostscript converted every one.
        with pdfplumber.open(path) as plumbed:
            colours = {
                len(c)
                for page in plumbed.pages
                for r in page.rects
                if isinstance(c := r["non_stroking_color"], tuple)
            }
        assert 3 not in colours, name


def test_a_deck_has_one_body_size_and_nothing_under_six_and_a_half_points(
    printed: dict[str, Path],
) -> None:
    with pdfplumber.open(printed["cards/de/probe-cards.pdf"]) as pdf:
        chars = [c for page in pdf.pages for c in page.chars]
    assert min(c["size"] for c in chars) >= 6.45
    body = {round(c["size"], 1) for c in chars if c["text"] == "J" and "Bold" not in c["fontname"]}
    assert len(body) == 1 and body.pop() >= CARD_STEPS[-1]


def test_cards_without_a_spec_show_mechanical_rules_never_a_fragment_or_example() -> None:
    manual = _manual(
        [
            (
                "zug",
                [
                    ("rule", "Ziehe 2 Karten vom Stapel."),
                    ("rule", "bedrohen, obwohl sie verdeckt stehen."),  # rest of a sentence
                    ("rule", "Die Spieler erzählen sich die Geschichte."),  # not mechanical
                    ("example", "Rot zieht 2 Karten und legt eine ab."),
                ],
            )
        ]
    )
    nodes = [
        node.model_copy(update={"mechanical": node.kind == "rule"}) for node in manual.graph.nodes
    ]
    nodes[3] = nodes[3].model_copy(update={"mechanical": False})
    graph = manual.graph.model_copy(update={"nodes": nodes})
    manual = manual.model_copy(update={"graph": graph})
    printer = Printer(make_environment(TEMPLATES), TEMPLATES)
    deck, _ = printer.deck(manual, localization(graph, None, "de"), "d.pdf", "a4.pdf")
    with pdfplumber.open(io.BytesIO(deck)) as pdf:
        text = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    assert "Ziehe 2 Karten vom Stapel." in text
    for left_out in ("bedrohen", "Geschichte", "legt eine ab"):
        assert left_out not in text


def test_a_spec_table_split_over_cards_repeats_its_head() -> None:
    manual = _manual(
        [("raenge", [("rule", f"Der Rang {n} schlägt {n - 1}.") for n in range(2, 40)])]
    )
    rows = [
        {"cells": [str(n), f"Figur {n}", SENTENCE], "rules": [f"{node.id}@{node.fingerprint}"]}
        for n, node in enumerate(manual.graph.nodes[1:], start=2)
    ]
    spec = {
        "cards": [
            {
                "title": "Ränge",
                "sequence": [{"text": "Nenne deinen Rang.", "rules": rows[0]["rules"]}],
                "table": {"columns": ["Rang", "Figur", "Besonderheit"], "rows": rows},
            }
        ]
    }
    manual = manual.model_copy(update={"quickref": QuickReference.model_validate(spec)})
    texts = localization(
        manual.graph, None, "de", card_texts("probe", manual.quickref, manual.graph)
    )
    printer = Printer(make_environment(TEMPLATES), TEMPLATES)
    deck, _ = printer.deck(manual, texts, "d.pdf", "a4.pdf")
    with pdfplumber.open(io.BytesIO(deck)) as pdf:
        pages = [page.extract_text() for page in pdf.pages]
    assert len(pages) > 1
    for page in pages:
        assert "Rang Figur Besonderheit" in page, page  # head words apart, on every card
    assert "1 Nenne deinen Rang." in pages[0]
