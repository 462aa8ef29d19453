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
