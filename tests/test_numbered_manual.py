"""A rulebook with numbered section headings ("1. Spielmaterial", "2.1 Der Spielplan"),
copied out of a viewer: its title stacked over the first numbered heading, bulleted
lists under numbered headings, and a warning label alone on its line."""

from __future__ import annotations

import pytest

from rulekit.model import Extraction, RuleGraph
from tests.conftest import node_kinds, read_copy

TOWER = """\
TURMBAU
Spielregel
1. Spielmaterial
• 1 Spielplan
• 60 Bausteine in 4 Farben
• 4 Baumeister
• 1 Würfel
2. Spielvorbereitung
2.1 Der Spielplan
Legt den Spielplan in die Mitte des Tisches. Jeder Spieler wählt eine Farbe und
nimmt sich die 15 Bausteine und den Baumeister dieser Farbe.
2.2 Der Startspieler
Wer zuletzt einen Turm gesehen hat, beginnt. Danach wird im Uhrzeigersinn ge-
spielt.
3. Spielablauf
Ein Zug besteht aus zwei Schritten:
1. Würfeln: Der Spieler würfelt einmal.
2. Bauen: Er setzt so viele Bausteine auf den Plan, wie der Würfel zeigt.
Achtung!
Ein Baustein darf nie auf einen Baustein derselben Farbe gesetzt werden.
– Würfelt ein Spieler eine 6, darf er zusätzlich seinen Baumeister versetzen.
4. Spielende
Das Spiel endet, sobald ein Spieler seinen letzten Baustein gesetzt hat.
"""


@pytest.fixture(scope="module")
def tower(tmp_path_factory: pytest.TempPathFactory) -> tuple[Extraction, RuleGraph]:
    return read_copy(tmp_path_factory.mktemp("tower"), TOWER, "turmbau")


def test_a_title_stacked_over_a_numbered_heading_stays(
    tower: tuple[Extraction, RuleGraph],
) -> None:
    _, graph = tower
    texts = [node.text for node in graph.nodes]
    assert "TURMBAU" in texts and "Spielregel" in texts


def test_a_numbered_heading_over_a_bulleted_list_heads_it(
    tower: tuple[Extraction, RuleGraph],
) -> None:
    # The list is the component list; "2. Spielvorbereitung" numbers a heading, it
    # counts no piece.
    _, graph = tower
    kinds = node_kinds(graph)
    assert kinds["1. Spielmaterial"] == kinds["2. Spielvorbereitung"] == "section"
    assert kinds["• 1 Spielplan"] == kinds["• 60 Bausteine in 4 Farben"] == "component"
    assert kinds["2.1 Der Spielplan"] == "section"


def test_a_warning_label_alone_on_its_line_takes_the_sentence_under_it(
    tower: tuple[Extraction, RuleGraph],
) -> None:
    _, graph = tower
    kinds = node_kinds(graph)
    warning = "Achtung! Ein Baustein darf nie auf einen Baustein derselben Farbe gesetzt werden."
    assert kinds[warning] == "note"
    assert kinds[
        "– Würfelt ein Spieler eine 6, darf er zusätzlich seinen Baumeister versetzen."
    ] == ("rule")
