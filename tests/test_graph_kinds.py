"""Kinds beyond rules: lead-ins, the component list, examples, notes, flavour, definitions
and text outside the rules, read from small invented manuals through the text path."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.extract import extract
from rulekit.extract.lexicon import german_lexicon
from rulekit.graph.builder import GraphBuilder
from rulekit.model import RuleGraph
from tests.conftest import invented_manual

INFO = invented_manual("demo")


@pytest.fixture(scope="module")
def builder() -> GraphBuilder:
    return GraphBuilder([], german_lexicon())


def graph_of(builder: GraphBuilder, tmp_path: Path, lines: list[str], blank: bool) -> RuleGraph:
    """The graph of a text manual, its lines separated by blank lines or not at all."""
    manual = tmp_path / "manual.txt"
    manual.write_text(("\n\n" if blank else "\n").join(lines) + "\n", encoding="utf-8")
    return builder.build(INFO, extract(manual, None, []))


def kind_of(graph: RuleGraph, start: str) -> tuple[str, bool]:
    """Kind and mechanical flag of the node whose text starts with `start`."""
    for node in graph.nodes:
        if node.text.startswith(start):
            return node.kind, node.mechanical
    raise AssertionError(f"no node starts with {start!r}: {[n.text for n in graph.nodes]}")


MATERIAL = [
    "Spielmaterial",
    "84 Wegeplättchen",
    "4 Brücken",
    "12 Spielfiguren (je 3 in den 4 Spielerfarben)",
    "Spielvorbereitung",
    "Jeder Spieler erhält 5 Karten und legt sie verdeckt vor sich ab.",
]


def test_the_component_list_is_kept_item_by_item(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = graph_of(builder, tmp_path, MATERIAL, blank=True)
    assert kind_of(graph, "84 Wegeplättchen") == ("component", False)
    assert kind_of(graph, "4 Brücken") == ("component", False)
    assert kind_of(graph, "12 Spielfiguren") == ("component", False)
    assert kind_of(graph, "Spielvorbereitung")[0] == "section"
    assert kind_of(graph, "Jeder Spieler erhält") == ("rule", True)


def test_a_lead_in_announces_and_a_definition_says_what_a_thing_consists_of(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Karten",
            "Folgende Karten gibt es:",
            "Ein Zug besteht aus drei Phasen.",
            "Ein Held ist eine Karte mit einem Schwert.",
            "Danach muss der Spieler eine Karte abwerfen:",
        ],
        blank=True,
    )
    assert kind_of(graph, "Folgende Karten") == ("lead-in", False)
    assert kind_of(graph, "Ein Zug besteht") == ("definition", True)
    assert kind_of(graph, "Ein Held ist") == ("definition", True)
    assert kind_of(graph, "Danach muss")[0] == "rule"


def test_a_parenthesised_example_is_cut_from_its_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Abgeben",
            "Bei ungeraden Zahlen wird abgerundet (wer z. B. 9 Karten hat, muss 4 abgeben).",
        ],
        blank=True,
    )
    assert kind_of(graph, "Bei ungeraden Zahlen") == ("rule", True)
    assert kind_of(graph, "(wer z. B. 9 Karten") == ("example", False)


@pytest.mark.parametrize("blank", [True, False])
def test_a_narrated_move_is_one_example_with_its_label(
    builder: GraphBuilder, tmp_path: Path, blank: bool
) -> None:
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Ziehen",
            "Wer am Zug ist, darf seine Figur um bis zu drei Felder ziehen.",
            "Beispiel 1:",
            "Lotta steht auf Feld 36 und zieht 3 Felder weit.",
            "Sie landet auf Feld 39 und nimmt sich eine Karte.",
            "Spielende",
            "Wer zuerst Feld 50 erreicht, gewinnt.",
        ],
        blank,
    )
    example = [n for n in graph.nodes if n.kind == "example"]
    assert [n.text for n in example] == [
        "Beispiel 1: Lotta steht auf Feld 36 und zieht 3 Felder weit. "
        "Sie landet auf Feld 39 und nimmt sich eine Karte."
    ]
    assert kind_of(graph, "Wer am Zug ist") == ("rule", True)
    assert kind_of(graph, "Wer zuerst") == ("rule", True)


def test_a_labelled_remark_is_one_note(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Handel",
            "Hinweis: Getauscht wird nur mit dem Spieler am Zug. Andere tauschen nicht.",
        ],
        blank=True,
    )
    assert kind_of(graph, "Hinweis:") == ("note", True)
    assert [n.text for n in graph.nodes if n.kind == "note"] == [
        "Hinweis: Getauscht wird nur mit dem Spieler am Zug. Andere tauschen nicht."
    ]


def test_flavour_navigation_and_credits_are_no_rules(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Spielanleitung",
            "Der Sage nach versank die Insel vor vielen Jahren im Meer.",
            "Alle Infos dazu finden Sie im Almanach.",
            "Spielablauf",
            "Jeder Spieler würfelt einmal.",
            "Autor: Erika Mustermann",
            "© 2024 Beispielverlag GmbH",
        ],
        blank=True,
    )
    assert kind_of(graph, "Spielanleitung") == ("other", False)
    assert kind_of(graph, "Der Sage nach") == ("flavour", False)
    assert kind_of(graph, "Alle Infos dazu") == ("other", False)
    assert kind_of(graph, "Autor:") == ("other", False)
    assert kind_of(graph, "© 2024") == ("other", False)
    assert kind_of(graph, "Jeder Spieler würfelt") == ("rule", True)


def test_a_program_documentation_section_is_other(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Kompilieren",
            "Der Quelltext wird mit dem beigefügten Befehl übersetzt.",
            "Danach kann das Programm über die Konsole gestartet werden.",
            "Die Ausgabe erscheint im Grafikfenster.",
        ],
        blank=True,
    )
    body = [n for n in graph.nodes if n.kind != "section"]
    assert {n.kind for n in body} == {"other"}
    assert not any(n.mechanical for n in body)


def test_code_set_in_the_text_marks_program_matter(builder: GraphBuilder, tmp_path: Path) -> None:
    # No programming word: the file name and the command-line flag tell it.
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Starten",
            "Mit java -jar spiel.jar wird das Spiel in der Voreinstellung gestartet.",
            "Spielende",
            "Der_die Spieler_in mit den meisten Punkten gewinnt.",
        ],
        blank=True,
    )
    assert kind_of(graph, "Mit java") == ("other", False)
    # The gender gap of inclusive German is no identifier.
    assert kind_of(graph, "Der_die Spieler_in") == ("rule", True)


def test_a_role_named_by_a_letter_is_no_story(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Spielregeln",
            "Es spielen Spieler M und Spielerin W gegeneinander.",
            "Zu Beginn wird festgelegt, ob W oder M mit dem Ziehen beginnt.",
        ],
        blank=True,
    )
    assert kind_of(graph, "Es spielen")[0] != "example"
    assert kind_of(graph, "Zu Beginn") == ("rule", True)


# A viewer copy: no blank line, each paragraph wrapped at the printed width, so the
# text path cannot tell where the remark or the example ended.
WRAPPED_REMARK = [
    "Ablauf",
    "Wer an der Reihe ist, würfelt einmal mit allen Würfeln und notiert das",
    "Ergebnis auf seinem Block, bevor er die Würfel weitergibt.",
    "Achtung: Die Teller einer Runde ändern keine Ergebnisse, die schon notiert",
    "sind. Also zählen die Teller der ersten Runde am meisten für alle Spieler.",
    "Der Startspieler nimmt danach alle sechs Würfel und legt sie in den Becher.",
    "Beispiel: Conny (Rot) würfelt drei Paare und notiert sechs Punkte auf ihrem",
    "Block. Sie gibt die Würfel danach an Ben weiter, der als Nächster würfelt.",
    "Danach zählen alle Spieler ihre Punkte zusammen, und der Sieger wird gekürt.",
]


def test_a_remark_or_example_in_a_wrapped_paragraph_ends_where_it_stops_going_on(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, WRAPPED_REMARK, blank=False)
    note = next(n for n in graph.nodes if n.text.startswith("Achtung:"))
    assert note.kind == "note"
    assert "Also zählen" in note.text  # joined by its connective
    assert "Startspieler" not in note.text
    assert kind_of(graph, "Der Startspieler") == ("rule", True)
    example = next(n for n in graph.nodes if n.text.startswith("Beispiel:"))
    assert example.kind == "example" and "an Ben weiter" in example.text
    assert kind_of(graph, "Danach zählen alle Spieler") == ("rule", True)


HEADINGS_AND_RUN_INS = [
    "Karten vom Spielplan entfernen:",
    "Wer eine Karte nimmt, legt sie auf den Ablagestapel.",
    "Angriff von einem anderen Feld aus",
    "Der Angreifer darf das Feld wechseln. Türme und Mauern (4). Jeder Turm, der angegriffen "
    "wird, verliert eine Mauer.",
    "Rot hat 3 Ritter vor der Burg. Er darf nicht alle 3 Ritter schicken, da einer bleiben muss.",
    "Der Angreifer würfelt 4 und 1. Der Verteidiger würfelt 6 und 2. Zunächst wird der höchste "
    "Wurf verglichen.",
]


def test_instruction_headings_and_run_in_headings(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = graph_of(builder, tmp_path, HEADINGS_AND_RUN_INS, blank=True)
    # A heading ending in its infinitive or a particle heads a section; no sentence.
    assert kind_of(graph, "Karten vom Spielplan entfernen:")[0] == "section"
    assert kind_of(graph, "Angriff von einem anderen Feld aus")[0] == "section"
    # A run-in heading belongs to the rule after it, not to the sentence before.
    assert kind_of(graph, "Türme und Mauern (4). Jeder Turm") == ("rule", True)
    assert kind_of(graph, "Der Angreifer darf das Feld wechseln.")[0] == "rule"


def test_a_worked_example_keeps_its_told_values_and_pronouns(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, HEADINGS_AND_RUN_INS, blank=True)
    examples = [n.text for n in graph.nodes if n.kind == "example"]
    assert HEADINGS_AND_RUN_INS[4] in examples  # "Er darf nicht alle 3 ..." goes on with it
    # "würfelt 4 und 1" tells values; the procedure told without them is no longer the story.
    assert "Der Angreifer würfelt 4 und 1. Der Verteidiger würfelt 6 und 2." in examples
    assert kind_of(graph, "Zunächst wird der höchste Wurf verglichen.")[0] != "example"
