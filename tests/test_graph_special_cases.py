"""Special cases: a case or a group sentence excepts the rule beside it."""

from __future__ import annotations

import pytest

from rulekit.extract.lexicon import german_lexicon
from rulekit.graph.builder import GraphBuilder
from tests.test_graph_links import DRAW, GLOSSARY, build, edges_of


@pytest.fixture(scope="module")
def builder() -> GraphBuilder:
    return GraphBuilder(GLOSSARY, german_lexicon())


PRIZE = "Wer am Ende die meisten Karotten gesammelt hat, erhält den goldenen Pokal."


def test_a_case_sentence_that_decides_the_rule_beside_it_otherwise_excepts_it(
    builder: GraphBuilder,
) -> None:
    case = "Bei vorzeitigem Abbruch erhält der jüngste Spieler den goldenen Pokal."
    graph = build(builder, "# Spielende", DRAW, PRIZE, case)
    assert edges_of(graph, "exception-of") == [(case, PRIZE)]


def test_a_case_named_im_falle_decides_the_rule_beside_it_otherwise(builder: GraphBuilder) -> None:
    case = "Im Falle eines Abbruchs erhält der jüngste Spieler den goldenen Pokal."
    graph = build(builder, "# Spielende", DRAW, PRIZE, case)
    assert edges_of(graph, "exception-of") == [(case, PRIZE)]


def test_a_case_sentence_placed_before_its_rule_excepts_it(builder: GraphBuilder) -> None:
    case = "Wichtig: Bei vorzeitigem Abbruch erhält der jüngste Spieler den goldenen Pokal."
    graph = build(builder, "# Spielende", DRAW, case, PRIZE)
    assert edges_of(graph, "exception-of") == [(case, PRIZE)]


@pytest.mark.parametrize(
    "case",
    [
        "Bei Gleichstand gibt es mehrere Sieger.",  # adds to the rule
        # a tie is what the rule leaves open
        "Bei Gleichstand erhält der jüngere Spieler den goldenen Pokal.",
        "Im Falle eines Unentschiedens erhält der jüngere Spieler den goldenen Pokal.",
        "Bei drei Spielern erhält der jüngste Spieler den goldenen Pokal.",  # a player count
    ],
)
def test_a_case_sentence_that_adds_or_adjusts_excepts_nothing(
    builder: GraphBuilder, case: str
) -> None:
    graph = build(builder, "# Spielende", DRAW, PRIZE, case)
    assert edges_of(graph, "exception-of") == []


GIVE = "Jeder Spieler erhält zu Beginn zwei Karotten und einen Hasen."


@pytest.mark.parametrize(
    ("general", "group"),
    [
        (GIVE, "Spieler, die zuletzt im Garten waren, erhalten eine zusätzliche Karotte."),
        (GIVE, "Die Spieler, die jünger als 8 Jahre sind, erhalten drei Karotten."),
        # Written gender-inclusively, and with another verb that gives ("bekommen").
        (
            "Jede_r Spieler_in bekommt zu Beginn zwei Karotten und einen Hasen.",
            "Spieler_innen die keinen Salat mögen, erhalten eine zusätzliche Karotte.",
        ),
        (
            "Alle Spieler:innen erhalten zu Beginn zwei Karotten.",
            "Spieler:innen, die zuletzt im Garten waren, erhalten eine weitere Karotte.",
        ),
    ],
)
def test_a_group_sentence_excepts_the_general_rule_it_does_otherwise_for_the_group(
    builder: GraphBuilder, general: str, group: str
) -> None:
    graph = build(builder, "# Vorbereitung", MOVE_FIRST, general, group)
    assert edges_of(graph, "exception-of") == [(group, general)]


MOVE_FIRST = "Der jüngste Spieler beginnt."


@pytest.mark.parametrize(
    ("general", "group"),
    [
        # Itself a general rule about some players.
        (GIVE, "Alle Spieler, die zuletzt im Garten waren, erhalten eine weitere Karotte."),
        # The group gets something the general rule does not give.
        (GIVE, "Spieler, die zuletzt im Garten waren, erhalten den goldenen Pokal."),
        # The rule before it does not give to everyone.
        (
            "Der jüngste Spieler erhält zwei Karotten.",
            "Spieler, die zuletzt im Garten waren, erhalten eine Karotte.",
        ),
        # A rule of its own about the group, after a rule about something else.
        (DRAW, "Der Spieler, der die meisten Karotten hat, gewinnt."),
    ],
)
def test_a_group_sentence_that_adds_a_rule_of_its_own_excepts_nothing(
    builder: GraphBuilder, general: str, group: str
) -> None:
    graph = build(builder, "# Vorbereitung", general, group)
    assert edges_of(graph, "exception-of") == []


MOVE = "Am Zug rückst du deinen Hasen um so viele Felder vor, wie der Würfel zeigt."
FORWARD = "Du ziehst deinen Hasen immer auf dem Pfad vorwärts."
PULL = "Danach musst du deinen Hasen vorziehen."


@pytest.mark.parametrize(
    "widening",
    [
        "Achtung! Im Moor darfst du deinen Hasen auch zurückziehen.",
        "Im Moor kannst du auch rückwärts ziehen.",
    ],
)
def test_a_permission_of_the_opposite_direction_widens_the_rule_before_it(
    builder: GraphBuilder, widening: str
) -> None:
    rule = FORWARD if "rückwärts" in widening else PULL
    graph = build(builder, "# Zug", MOVE, rule, widening)
    assert edges_of(graph, "exception-of") == [(widening, rule)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Im Moor musst du deinen Hasen auch zurückziehen.",  # a duty: a rule of its own
        "Im Moor darfst du auch zurückziehen.",  # no rule before it goes forward
    ],
)
def test_no_widening_without_a_permission_of_the_opposite_of_a_rule(
    builder: GraphBuilder, sentence: str
) -> None:
    rule = PULL if "musst" in sentence else "Du legst deine Karten vor dir ab."
    graph = build(builder, "# Zug", MOVE, rule, sentence)
    assert edges_of(graph, "exception-of") == []


def test_a_prohibition_narrows_the_free_choice_of_the_rule_just_before_it(
    builder: GraphBuilder,
) -> None:
    choice = "Im Wechsel setzen die Spieler ihre Hasen auf ein beliebiges freies Feld."
    first = "Der Startspieler darf seinen ersten Hasen nicht auf ein Salatfeld setzen."
    unrelated = "Ein Spieler darf keine Karotten verschenken."
    graph = build(builder, "# Spielablauf", DRAW, choice, first, unrelated)
    assert edges_of(graph, "exception-of") == [(first, choice)]


def test_a_prohibition_after_another_rule_of_its_paragraph_speaks_of_that_paragraphs_thing(
    builder: GraphBuilder,
) -> None:
    # "Joker: …" and "Aussetzen: …" are two paragraphs of two cards.
    joker = "Joker: Es dürfen beliebig viele Joker in einer Stufe verwendet werden."
    skip = (
        "Aussetzen: Wer diese Karte ablegt, lässt einen Mitspieler aussetzen. "
        "Die Karte darf nicht zum Auslegen einer Stufe benutzt werden."
    )
    graph = build(builder, "# Die Sonderkarten", joker, skip)
    assert edges_of(graph, "exception-of") == []


def test_the_case_before_a_default_opened_by_sonst_excepts_it(builder: GraphBuilder) -> None:
    case = "Haben zwei Hasen gleich viele Karotten, darf der Startspieler wählen, wer gewinnt."
    default = "Sonst gewinnt stets der Hase mit den meisten Karotten."
    duty = "Jeder Spieler muss seine Karotten offen zeigen."
    penalty = "Andernfalls scheidet er aus."
    graph = build(builder, "# Spielende", DRAW, case, default, duty, penalty)
    assert edges_of(graph, "exception-of") == [(case, default)]


FIRST = "Wer als Erster alle zehn Phasen erfüllt, gewinnt das Spiel."
SCORE = "Am Ende jeder Runde notiert der Schreiber die Minuspunkte aller Spieler."


@pytest.mark.parametrize(
    "case",
    [
        "Haben mehrere Spieler in dieser Runde alle Phasen erfüllt, gewinnt von ihnen, wer "
        "insgesamt die wenigsten Minuspunkte hat.",
        # a plural verb opens the case as its infinitive would
        "Erfüllen mehrere Spieler in derselben Runde ihre zehnte Phase, gewinnt von ihnen, "
        "wer weniger Minuspunkte hat.",
    ],
)
def test_a_case_of_several_excepts_the_rule_that_gives_the_first_alone(
    builder: GraphBuilder, case: str
) -> None:
    graph = build(builder, "# Spielziel", FIRST, "# Wertung", SCORE, case)
    assert edges_of(graph, "exception-of") == [(case, FIRST)]


@pytest.mark.parametrize(
    ("first", "case"),
    [
        # one who does it, not a case of several
        (FIRST, "Wer zuerst beide Joker ausgelegt hat, gewinnt eine Extrarunde."),
        # the rule already says what holds for several
        (
            "Wer als Erster alle zehn Phasen erfüllt, gewinnt; schaffen das mehrere, gewinnt "
            "von ihnen der mit den wenigsten Minuspunkten.",
            "Haben mehrere Spieler alle Phasen erfüllt, gewinnt von ihnen, wer weniger "
            "Minuspunkte hat.",
        ),
        # several who do something else than the first does
        (
            FIRST,
            "Werden mehrere Partien hintereinander gespielt, erhält der Sieger jeder Partie "
            "einen Punkt.",
        ),
    ],
)
def test_a_case_of_several_beside_no_rule_for_the_first_alone_excepts_nothing(
    builder: GraphBuilder, first: str, case: str
) -> None:
    graph = build(builder, "# Spielziel", first, "# Wertung", SCORE, case)
    assert edges_of(graph, "exception-of") == []
