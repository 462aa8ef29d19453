"""Example and exception links chosen by what a unit talks about, on invented manuals."""

from __future__ import annotations

import pytest

from rulekit.extract.lexicon import german_lexicon
from rulekit.graph.builder import GraphBuilder
from rulekit.graph.exceptions import excepts
from rulekit.graph.overlap import span_features
from rulekit.model import Block, Extraction, RuleGraph, Term
from rulekit.nlp import cues, german_pipeline
from tests.conftest import invented_manual

INFO = invented_manual("garten")
GLOSSARY = [
    Term(id="hase", de="Hase", games=["garten"]),
    Term(id="salatfeld", de="Salatfeld", games=["garten"]),
    Term(id="karotte", de="Karotte", games=["garten"]),
]


@pytest.fixture(scope="module")
def builder() -> GraphBuilder:
    return GraphBuilder(GLOSSARY, german_lexicon())


def build(builder: GraphBuilder, *texts: str) -> RuleGraph:
    blocks = [
        Block(
            kind="heading" if t.startswith("#") else "paragraph",
            text=t.lstrip("# "),
            page=1,
            lines=(i, i),
        )
        for i, t in enumerate(texts, start=1)
    ]
    return builder.build(INFO, Extraction(blocks=blocks, repairs=[]))


def edges_of(graph: RuleGraph, kind: str) -> list[tuple[str, str]]:
    text = {node.id: node.text for node in graph.nodes}
    return [(text[e.from_], text[e.to]) for e in graph.edges if e.type == kind]


DRAW = "Am Ende seines Zuges nimmt jeder Spieler eine Karotte vom Vorrat."
MOVE = "Der Hase zieht so viele Felder weit, wie der Würfel zeigt."
CHOICE = "Jeder Spieler wählt eine Farbe und stellt seinen Hasen auf das Startfeld."
SPECIAL = "Wer eine Sechs würfelt, nimmt ausnahmsweise zwei Karotten vom Vorrat."


def test_an_ausnahmsweise_sentence_excepts_the_rule_it_overrides(builder: GraphBuilder) -> None:
    graph = build(builder, "# Spielablauf", DRAW, MOVE, CHOICE, SPECIAL)
    assert edges_of(graph, "exception-of") == [(SPECIAL, DRAW)]


def test_mit_ausnahme_inside_a_rule_narrows_it_and_excepts_nothing(builder: GraphBuilder) -> None:
    scope = "Mit Ausnahme der Salatfelder darf der Hase jedes Feld betreten."
    graph = build(builder, "# Spielablauf", MOVE, scope)
    assert edges_of(graph, "exception-of") == []


def test_an_example_illustrates_the_rule_it_instantiates_though_another_is_closer(
    builder: GraphBuilder,
) -> None:
    example = (
        "Beispiel: Spielerin Rot würfelt eine Vier und zieht ihren Hasen vier Felder weit. "
        "Am Ende ihres Zuges nimmt sie eine Karotte vom Vorrat."
    )
    end = [
        "# Spielende",
        "Das Spiel endet, sobald der letzte Salat gegessen ist.",
        "Gewonnen hat, wer die meisten Punkte gesammelt hat.",
        "Bei Gleichstand teilen sich die Beteiligten den Sieg.",
    ]
    graph = build(builder, "# Ziehen", MOVE, CHOICE, "# Karotten", DRAW, example, *end)
    illustrated = {target for source, target in edges_of(graph, "illustrates")}
    assert {MOVE, DRAW} <= illustrated
    assert CHOICE not in illustrated


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Als Ausnahme zur Grundregel darf der Startspieler zwei Karten ziehen.", True),
        ("Abweichend von der Grundregel zieht der Hase rückwärts.", True),
        ("Außer auf der Karte steht etwas anderes.", True),
        ("Das darf aber nicht der eigene Hase sein.", True),
        ("Brücken dürfen jetzt nicht mehr gebaut werden.", True),
        ("Mit Ausnahme der Salatfelder darf der Hase jedes Feld betreten.", False),
        ("Außer dem Startspieler erhalten alle Spieler drei Karten.", False),
        ("Das Spiel findet an einem Tisch statt.", False),
        ("Ein Hase darf nicht mehr als drei Karotten tragen.", False),
        ("Wer keinen Zug mehr machen kann, setzt aus.", False),
        ("Danach darf allerdings nicht nur der Sieger wählen.", False),
    ],
)
def test_exception_cues_are_read_from_the_sentence(sentence: str, expected: bool) -> None:
    doc = german_pipeline()(sentence)
    assert excepts(doc[:], cues("de")) is expected


def test_a_count_replaced_with_statt_excepts_the_rule_that_gives_that_count(
    builder: GraphBuilder,
) -> None:
    first = "Am Ende seines Zuges nimmt jeder Spieler 1 Karotte vom Vorrat."
    near = "Wer seinen Hasen auf ein Salatfeld zieht, nimmt sich den Salat vom Feld."
    bonus = "Ab seinem dritten Salat nimmt er am Ende seines Zuges 2 Karotten (statt nur einer)."
    graph = build(builder, "# Karotten", first, "# Salat", MOVE, near, bonus)
    assert edges_of(graph, "exception-of") == [(bonus, first)]


def test_the_items_of_a_list_announced_as_restrictions_except_the_rule_it_names(
    builder: GraphBuilder,
) -> None:
    general = "Prinzipiell sind für einen Hasen alle Züge auf freie Felder vor ihm möglich."
    lead = "Die möglichen Züge des Hasen werden durch folgende Regeln eingeschränkt:"
    items = [
        "1. Ein Salatfeld darf er nur betreten, wenn er noch hungrig ist.",
        "2. Auf ein Feld mit einem Igel darf kein Hase ziehen.",
    ]
    graph = build(builder, "# Ziehen", general, CHOICE, lead, *items)
    assert sorted(edges_of(graph, "exception-of")) == sorted((item, general) for item in items)


def test_a_rule_that_points_to_a_numbered_example_is_illustrated_by_it(
    builder: GraphBuilder,
) -> None:
    pointing = "Wer auf einem Salatfeld steht, setzt eine Runde aus (siehe Beispiel 2)."
    example = "Beispiel 2: Rot steht auf dem Salatfeld und setzt in der nächsten Runde aus."
    graph = build(builder, "# Salat", pointing, "# Karotten", DRAW, CHOICE, example)
    assert (example, pointing) in edges_of(graph, "illustrates")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Wird eine Sechs gewürfelt, erhält der Spieler KEINE Karotte.", True),
        ("Ein Hase darf nur dann ziehen, wenn das Feld NICHT besetzt ist.", False),
        ("Beende das Spiel nicht zu früh, aber auch nicht zu spät.", False),
        ("Die Züge der Hasen werden durch folgende Regeln eingeschränkt:", True),
        # A contrast with a main clause of the same sentence limits that clause only.
        ("Hat er zu wenig, muss er mehr bezahlen, erhält jedoch keine Karotte zurück.", False),
        ("Ein Hase, der auf einem Salatfeld steht, nimmt jedoch keine Karotte.", True),
    ],
)
def test_emphasis_additive_contrast_and_restriction_cues(sentence: str, expected: bool) -> None:
    doc = german_pipeline()(sentence)
    assert excepts(doc[:], cues("de")) is expected


def test_hyphenated_words_and_participles_meet_their_parts() -> None:
    doc = german_pipeline()("Die zu bezahlenden Punkte stehen auf der x-Achse.")
    features = span_features([doc[:]])
    assert {"bezahl", "x-achs", "achs"} <= features


PRIZE = "Wer am Ende die meisten Karotten gesammelt hat, erhält den goldenen Pokal."


def test_a_case_sentence_that_decides_the_rule_beside_it_otherwise_excepts_it(
    builder: GraphBuilder,
) -> None:
    tie = "Bei Gleichstand erhält der jüngere Spieler den goldenen Pokal."
    graph = build(builder, "# Spielende", DRAW, PRIZE, tie)
    assert edges_of(graph, "exception-of") == [(tie, PRIZE)]


def test_a_case_named_im_falle_decides_the_rule_beside_it_otherwise(builder: GraphBuilder) -> None:
    tie = "Im Falle eines Gleichstands erhält der jüngere Spieler den goldenen Pokal."
    graph = build(builder, "# Spielende", DRAW, PRIZE, tie)
    assert edges_of(graph, "exception-of") == [(tie, PRIZE)]


def test_a_case_sentence_placed_before_its_rule_excepts_it(builder: GraphBuilder) -> None:
    tie = "Wichtig: Bei Gleichstand erhält der jüngere Spieler den goldenen Pokal."
    graph = build(builder, "# Spielende", DRAW, tie, PRIZE)
    assert edges_of(graph, "exception-of") == [(tie, PRIZE)]


@pytest.mark.parametrize(
    "case",
    [
        "Bei Gleichstand gibt es mehrere Sieger.",  # adds to the rule
        "Bei drei Spielern erhält der jüngste Spieler den goldenen Pokal.",  # a player count
    ],
)
def test_a_case_sentence_that_adds_or_adjusts_excepts_nothing(
    builder: GraphBuilder, case: str
) -> None:
    graph = build(builder, "# Spielende", DRAW, PRIZE, case)
    assert edges_of(graph, "exception-of") == []


def test_a_list_item_of_restrictions_excepts_the_rule_its_lead_in_names(
    builder: GraphBuilder,
) -> None:
    general = "Prinzipiell darf ein Hase auf jedes freie Feld vor ihm ziehen."
    hedgehog = "Ein Igelfeld ist ein Feld, auf dem ein Igel sitzt."
    lead = "Die Züge des Hasen werden durch folgende Regeln eingeschränkt:"
    item = "1. Auf ein Igelfeld mit schlafendem Igel darf niemand."
    graph = build(builder, "# Ziehen", general, hedgehog, lead, item)
    assert edges_of(graph, "exception-of") == [(item, general)]


def test_an_example_illustrates_the_rule_that_counts_what_it_counts(
    builder: GraphBuilder,
) -> None:
    limit = "Wer mehr als 5 Salatkarten besitzt, gibt die Hälfte davon zurück in den Vorrat."
    rounding = "Bei ungeraden Zahlen wird abgerundet."
    example = "(Wer z. B. 7 Karten hat, gibt 3 davon ab.)"
    graph = build(builder, "# Salat", DRAW, f"{limit} {rounding}", example)
    illustrated = {target for source, target in edges_of(graph, "illustrates")}
    assert illustrated == {limit, rounding}


@pytest.mark.parametrize(
    "exception",
    [
        "Ein Hase, der auf einem Salatfeld steht, nimmt am Ende seines Zuges jedoch keine "
        "Karotte vom Vorrat.",
        "Wer auf einem Salatfeld steht, nimmt am Ende seines Zuges jedoch keine Karotte vom "
        "Vorrat.",
    ],
)
def test_an_exception_excepts_what_it_says_not_the_rule_that_shares_its_case(
    builder: GraphBuilder, exception: str
) -> None:
    # The condition or relative clause names the case; the rule that only shares the case
    # (and stands next to the exception) is not what is excepted.
    standing = "Ein Hase, der auf einem Salatfeld steht, frisst dort einen Salat."
    graph = build(builder, "# Karotten", DRAW, CHOICE, "# Salat", MOVE, standing, exception)
    assert edges_of(graph, "exception-of") == [(exception, DRAW)]


def test_abweichend_von_der_grundregel_excepts_the_rule_it_changes(builder: GraphBuilder) -> None:
    salad = "Auf einem Salatfeld frisst der Hase einen Salat."
    forest = (
        "Abweichend von der Grundregel zieht der Hase im Wald nur halb so viele Felder weit, "
        "wie der Würfel zeigt."
    )
    graph = build(builder, "# Spielablauf", MOVE, DRAW, "# Sonderfelder", salad, forest)
    assert edges_of(graph, "exception-of") == [(forest, MOVE)]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Die Karotte darf nicht weitergegeben werden, wenn der Hase im Bau sitzt.", True),
        ("Ein Hase kann keinen Salat fressen, solange er auf dem Startfeld steht.", True),
        ("Hat der Spieler nicht genug Karotten, kann er den Hasen nicht ziehen.", False),
        ("Ein Hase darf nicht nur vorwärts ziehen, wenn er hungrig ist.", False),
        ("Ab der dritten Runde darf jeder Spieler nur noch eine Karotte nehmen.", True),
        ("Wer nur noch einen Hasen hat, darf ihn doppelt so weit ziehen.", False),
    ],
)
def test_a_rule_negated_for_a_case_or_narrowed_from_now_on_is_an_exception(
    sentence: str, expected: bool
) -> None:
    doc = german_pipeline()(sentence)
    assert excepts(doc[:], cues("de")) is expected


def test_a_prohibition_for_a_case_excepts_the_rule_that_does_it(builder: GraphBuilder) -> None:
    passing = "Am Ende seines Zuges gibt der Spieler die Karotte an seinen linken Nachbarn weiter."
    forbidden = "Die Karotte darf nicht weitergegeben werden, wenn der Hase im Bau sitzt."
    graph = build(builder, "# Spielablauf", MOVE, CHOICE, passing, forbidden)
    assert edges_of(graph, "exception-of") == [(forbidden, passing)]


def test_a_negated_rule_of_the_end_phase_excepts_the_normal_turn(builder: GraphBuilder) -> None:
    end = "In der letzten Runde nehmen die Spieler keine Karotten vom Vorrat."
    graph = build(
        builder,
        "# Spielablauf",
        DRAW,
        MOVE,
        "# Spielende",
        "Das Spiel endet, sobald der letzte Salat gegessen ist.",
        end,
    )
    assert edges_of(graph, "exception-of") == [(end, DRAW)]


def test_only_the_first_sentence_of_a_restricting_list_item_is_an_exception(
    builder: GraphBuilder,
) -> None:
    general = "Prinzipiell darf ein Hase auf jedes freie Feld vor ihm ziehen."
    lead = "Die Züge des Hasen werden durch folgende Regeln eingeschränkt:"
    item = "1. Auf ein Salatfeld darf er nur ziehen, wenn er hungrig ist."
    then = "Der Hase frisst dann den Salat, der vom Brett genommen wird."
    texts = [("heading", "Ziehen"), ("paragraph", general), ("paragraph", lead)]
    texts.append(("list-item", f"{item} {then}"))
    blocks = [
        Block(kind=kind, text=text, page=1, lines=(i, i))
        for i, (kind, text) in enumerate(texts, start=1)
    ]
    graph = builder.build(INFO, Extraction(blocks=blocks, repairs=[]))
    assert edges_of(graph, "exception-of") == [(item, general)]
