"""Card and sheet layout: steps of type size, cards per topic, sheets that fill their pages."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from markupsafe import Markup
from weasyprint.document import Document

from rulekit.errors import LayoutError
from rulekit.i18n.catalogs import localization
from rulekit.model import (
    Localization,
    Manual,
    Provenance,
    QuickReference,
)
from rulekit.output.cards.columns import columns_of
from rulekit.output.cards.content import Entry, Topic, topics
from rulekit.output.cards.layout import (
    CARD_STEPS,
    Card,
    Galley,
    galley,
    own_step,
    pack,
    wanted_steps,
)
from rulekit.output.cards.printed import common_context
from rulekit.output.cards.printer import Printer
from rulekit.output.cards.sizing import FRONT_CHARACTERS, Fill, first_size, search, sheet_size
from rulekit.output.templating import make_environment
from rulekit.quickref import card_texts
from tests.cardprobe import SENTENCE, TEMPLATES, UNTRANSLATED, probe_manual


def _deck(rules: list[str]) -> tuple[Printer, Manual, Localization]:
    manual = probe_manual([("lang", [("rule", text) for text in rules])])
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
    manual = probe_manual(
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


def _headings(sheet: bytes) -> list[tuple[str, int, float, float]]:
    """The sheet outline's items under its title: heading, page, left and top of its
    destination (pdfplumber's top, from the top of the page)."""
    with pikepdf.open(io.BytesIO(sheet)) as pdf:
        pages = [page.objgen for page in pdf.pages]
        heights = [float(page.mediabox[3]) for page in pdf.pages]
        with pdf.open_outline() as outline:
            (title,) = outline.root
            found = []
            for item in title.children:
                page = pages.index(item.destination[0].objgen)
                left, top = (float(v) for v in item.destination[2:4])
                found.append((str(item.title), page, left, heights[page] - top))
    return found


def test_the_sheet_outline_leads_to_each_heading_where_it_is_printed() -> None:
    manual, texts = _sheet_manual(sections=9, rules=5, sentences=3)  # front and back
    sheet = Printer(make_environment(TEMPLATES), TEMPLATES).sheet(manual, texts, "sheet.pdf")
    marks = _headings(sheet)
    assert len(marks) == 9
    assert {page for _, page, _, _ in marks} == {0, 1}
    with pdfplumber.open(io.BytesIO(sheet)) as pdf:
        for heading, page, left, top in marks:
            assert any(
                word["text"] == heading.split()[0]
                and abs(word["x0"] - left) < 2
                and 0 <= word["top"] - top < 6
                for word in pdf.pages[page].extract_words()
            ), heading


def _rules(page: pdfplumber.page.Page) -> list[dict[str, float]]:
    """The column rules of a sheet's page: thin, tall, filled rectangles."""
    return [r for r in page.rects if r["width"] < 1 and r["height"] > 50]


def test_a_rule_parts_the_columns_only_where_both_hold_text() -> None:
    printer = Printer(make_environment(TEMPLATES), TEMPLATES)
    manual, texts = _sheet_manual(sections=9, rules=5, sentences=3)  # front and back
    sheet = printer.sheet(manual, texts, "sheet.pdf")
    first = _headings(sheet)[0]
    with pdfplumber.open(io.BytesIO(sheet)) as pdf:
        front = pdf.pages[0]
        (rule,) = _rules(front)
        # From the top of the columns (under the header) to the foot of the longer one,
        # above the page's footer.
        assert rule["top"] == pytest.approx(first[3], abs=0.5)
        text = [c for c in front.chars if rule["top"] <= c["top"] < front.height - 60]
        assert any(c["x1"] < rule["x0"] for c in text) and any(c["x0"] > rule["x1"] for c in text)
        assert rule["bottom"] == pytest.approx(max(c["bottom"] for c in text), abs=6)
    manual, texts = _sheet_manual(sections=1, rules=2, sentences=1)  # half a column
    with pdfplumber.open(io.BytesIO(printer.sheet(manual, texts, "sheet.pdf"))) as pdf:
        assert _rules(pdf.pages[0]) == []


def _sheet_size(sheet: bytes) -> tuple[int, float]:
    """A sheet's pages and its body size."""
    with pdfplumber.open(io.BytesIO(sheet)) as pdf:
        sizes = {round(c["size"], 1) for c in pdf.pages[0].chars if c["text"] == "ü"}
        assert len(sizes) == 1
        return len(pdf.pages), sizes.pop()


def test_a_sheet_a_little_over_one_page_is_set_smaller_to_fit_its_front() -> None:
    printer = Printer(make_environment(TEMPLATES), TEMPLATES)
    manual, texts = _sheet_manual(sections=4, rules=4, sentences=4)
    assert _sheet_size(printer.sheet(manual, texts, "sheet.pdf")) == (1, 9.0)
    manual, texts = _sheet_manual(sections=4, rules=4, sentences=5)  # a tenth of a page more
    pages, size = _sheet_size(printer.sheet(manual, texts, "sheet.pdf"))
    assert pages == 1
    assert 8.0 <= size < 9


def test_a_sheet_that_needs_its_back_is_set_larger_to_fill_it() -> None:
    manual, texts = _sheet_manual(sections=4, rules=5, sentences=4)  # half a page over
    sheet = Printer(make_environment(TEMPLATES), TEMPLATES).sheet(manual, texts, "sheet.pdf")
    pages, size = _sheet_size(sheet)
    assert pages == 2
    assert 9 < size <= 10.5


def test_the_editors_additions_are_marked_and_cite_no_page_of_theprobe_manual() -> None:
    manual = probe_manual([("aufbau", [("rule", SENTENCE)]), ("ende", [("rule", UNTRANSLATED)])])
    added = [
        node.model_copy(update={"editorial": True}) if node.id.startswith("probe.ende") else node
        for node in manual.graph.nodes
    ]
    manual = manual.model_copy(update={"graph": manual.graph.model_copy(update={"nodes": added})})
    texts = localization(manual.graph, None, "de")
    found = topics(manual.graph, texts, ("rule",), manual.info.pages)
    assert [t.pages for t in found] == ["10", ""]
    sheet = Printer(make_environment(TEMPLATES), TEMPLATES).sheet(manual, texts, "sheet.pdf")
    with pdfplumber.open(io.BytesIO(sheet)) as pdf:
        flat = " ".join((pdf.pages[0].extract_text() or "").split())
    assert "✎ Written by the editors, not in the manual" in flat
    assert f"{UNTRANSLATED} ✎" in flat
    assert f"{SENTENCE.strip()} ✎" not in flat


def test_headings_stay_in_the_column_of_their_first_rule() -> None:
    # Sections of 3, 1 and 1 sentences put a heading at the foot of a column.
    manual = probe_manual(
        [
            (f"abschnitt{s}", [("rule", SENTENCE * (3, 1, 1)[(s + j) % 3]) for j in range(3)])
            for s in range(10)
        ]
    )
    texts = localization(manual.graph, None, "de")
    printer = Printer(make_environment(TEMPLATES), TEMPLATES)
    found = topics(manual.graph, texts, ("rule",), manual.info.pages)
    context = {**common_context(manual, texts), "glossary": [], "pages": "10"}
    columns = columns_of(printer.sheet_sides(context, found, 1))
    document = printer.layout("sheet.html", size=9.0, topics=found, column=columns, **context)
    # Each column is a page of its own.
    where = {name: number for number, page in enumerate(document.pages) for name in page.anchors}
    assert columns.sides(len(document.pages)) == 2
    for s in range(10):
        assert where[f"probe.abschnitt{s}"] == where[f"probe.abschnitt{s}.r0"], s


def test_a_sheet_that_cannot_fit_names_the_rules_past_the_back() -> None:
    manual, texts = _sheet_manual(sections=1, rules=1, sentences=300)
    printer = Printer(make_environment(TEMPLATES), TEMPLATES)
    with pytest.raises(LayoutError) as raised:
        printer.sheet(manual, texts, "cards/de/probe-sheet.pdf")
    assert raised.value.rule_ids == ["probe.abschnitt0.r0"]


def test_a_topic_cites_its_pages_or_the_whole_excerpt_when_one_is_unknown() -> None:
    manual = probe_manual([("aufbau", [("rule", SENTENCE)] * 2), ("ende", [("rule", SENTENCE)])])
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


def test_cards_without_a_spec_show_mechanical_rules_never_a_fragment_or_example() -> None:
    manual = probe_manual(
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
    manual = probe_manual(
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


def _pack(topic: Topic, galleys: dict[int, Galley], where: str) -> list:  # type: ignore[type-arg]
    """A topic's cards at its own step, as a deck of that topic alone sets it."""
    step = own_step(topic, galleys, where)
    return pack(topic, galleys, step)


@pytest.mark.parametrize(
    ("pages", "size"),
    [
        ({9.0: 1}, 9.0),  # fits its front at the body size
        ({9.0: 2, 8.5: 2, 8.0: 1}, 8.0),  # two steps smaller fit the front
        ({9.0: 2, 8.5: 2, 8.0: 2, 9.5: 2, 10.0: 3}, 9.5),  # needs its back: set larger
        ({9.0: 3, 8.5: 2, 8.0: 2, 7.5: 2}, 8.5),  # too long at the body size: never larger
        ({9.0: 3, 8.5: 3, 8.0: 3, 7.5: 3}, None),  # no size fits two pages
    ],
)
def test_the_sheet_size_follows_its_page_counts(
    pages: dict[float, int], size: float | None
) -> None:
    assert sheet_size(pages.__getitem__) == size


def _growing_text(height: float, growth: float) -> Callable[[float], Fill]:
    """Layouts of a sheet whose text is `height` px of column at 9 pt and grows with the
    type size to the power `growth`; the rooms are an A4 sheet's with its header."""
    front, page = 1779.0, 1988.0

    def measure(size: float) -> Fill:
        text = height * (size / 9.0) ** growth
        pages = 1 if text <= front else 2 if text <= front + page else 3
        return Fill(pages, text, front, page)

    return measure


def _searched(
    measure: Callable[[float], Fill], first: float = 9.0
) -> tuple[float | None, list[float]]:
    """The size `search` chooses, starting at `first`, and the sizes it lays out."""
    made: list[float] = []

    def lay_out(size: float) -> Fill:
        made.append(size)
        return measure(size)

    return search(lay_out, first), made


def _ruled(measure: Callable[[float], Fill]) -> tuple[float | None, set[float]]:
    """The size `sheet_size` chooses, and the sizes it asks about to choose it."""
    asked: set[float] = set()

    def pages(size: float) -> int:
        asked.add(size)
        return measure(size).pages

    return sheet_size(pages), asked


@pytest.mark.parametrize("growth", [1.0, 1.5, 2.0])
def test_the_sheet_size_is_found_on_fewer_layouts_with_the_same_choice(growth: float) -> None:
    searched, asked = 0, 0
    for height in range(1000, 5000, 25):
        found, made = _searched(_growing_text(height, growth))
        chosen, rule = _ruled(_growing_text(height, growth))
        assert found == chosen, height
        # Never a size twice, nor one the rule would not look at, but for the one chosen.
        assert len(made) == len(set(made)) <= len(rule | ({chosen} - {None})), height
        searched, asked = searched + len(made), asked + len(rule)
    assert searched < 0.75 * asked


@pytest.mark.parametrize("growth", [1.0, 1.5, 2.0])
def test_a_sheet_searched_from_a_step_smaller_gets_the_size_the_rule_chooses(growth: float) -> None:
    for height in range(1000, 5000, 25):
        found, made = _searched(_growing_text(height, growth), first=8.5)
        assert found == _ruled(_growing_text(height, growth))[0], height
        assert len(made) == len(set(made)), height


def test_a_page_count_the_choice_does_not_depend_on_is_not_laid_out() -> None:
    # 8.5 pt takes two pages, so 9 pt takes two or more: either way the rule goes on
    # to the smaller sizes, and 8 pt fits the front.
    assert _searched(_growing_text(2000, 1.7), first=8.5) == (8.0, [8.5, 8.0])
    assert _searched(_growing_text(2000, 1.7)) == (8.0, [9.0, 8.5, 8.0])


def test_a_long_sheet_is_laid_out_a_step_smaller_first() -> None:
    assert first_size(FRONT_CHARACTERS - 1) == 9.0
    assert first_size(FRONT_CHARACTERS) == 8.5


def test_a_sheet_without_columns_to_measure_is_sized_on_its_page_counts_alone() -> None:
    counts = {9.0: 2, 8.5: 2, 8.0: 2, 7.5: 2, 9.5: 2, 10.0: 3, 10.5: 3}
    found = search(lambda size: Fill(counts[size], 0.0, 0.0, 0.0))
    assert found == sheet_size(counts.__getitem__) == 9.5


def test_a_topic_that_fits_one_card_at_a_larger_step_is_not_measured_again() -> None:
    galleys = {0: _galley([30] * 3)}  # 90 px of 100: one card at the largest step
    cards = pack(_topic(3), galleys, 2)
    assert [(card.step, len(card.entries)) for card in cards] == [(2, 3)]
    assert wanted_steps(galleys) == ()


class _CountingPrinter(Printer):
    """A printer that notes each layout: whether a galley, and the topics and steps."""

    def __init__(self) -> None:
        super().__init__(make_environment(TEMPLATES), TEMPLATES)
        self.laid: list[tuple[object, list[tuple[str, int]]]] = []

    def layout(self, template: str, **context: object) -> Document:
        cards: list[Card] = context.get("cards", [])  # type: ignore[assignment]
        shown = sorted({(card.topic.heading.id, card.step) for card in cards})
        self.laid.append((context.get("galley"), shown))
        return super().layout(template, **context)


def test_a_deck_is_measured_on_two_galleys_and_laid_out_once() -> None:
    manual = probe_manual([("kurz", [("rule", "Kurz.")]), ("lang", [("rule", SENTENCE * 3)] * 6)])
    printer = _CountingPrinter()
    printer.deck(manual, localization(manual.graph, None, "de"), "deck.pdf", "a4.pdf")
    assert printer.laid[:2] == [
        (True, [("probe.kurz", 0), ("probe.lang", 0)]),  # every topic at the largest step
        (True, [("probe.lang", 1), ("probe.lang", 2)]),  # the long one at both other steps
    ]
    assert [galley for galley, _ in printer.laid[2:]] == [False]


def test_a_galley_sets_a_topic_at_several_steps_with_every_id_once() -> None:
    cards = galley([(_topic(2), 1), (_topic(2), 2)])
    ids = [entry.id for card in cards for entry in card.entries]
    assert len(set(ids)) == len(ids) == 4
    assert [(card.number, card.step, card.parts) for card in cards] == [(1, 1, 1), (2, 2, 1)]
