"""Numbered procedures among other lists, read from small invented manuals."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.graph.builder import GraphBuilder
from tests.test_graph_kinds import graph_of, kind_of


@pytest.mark.parametrize(
    "lines",
    [
        # A set-up after another section's list ("Folgende besondere Felder gibt es:").
        [
            "Der Spielplan",
            "Folgende besondere Felder gibt es:",
            "Häuschen: Hier starten eure Hütchen.",
            "Brunnenfeld: Auf ihnen darf niemand gefangen werden.",
            "Spielvorbereitung",
            "1. Legt den Spielplan in die Tischmitte.",
            "2. Jeder wählt eine Farbe und stellt die vier Hütchen dieser Farbe in sein Häuschen.",
            "3. Mischt die Kleeblattkarten.",
            "4. Übrige Hütchen kommen zurück in die Schachtel.",
            "5. Wer zuletzt eine Mütze getragen hat, beginnt.",
        ],
        # Items after "folgendes" with no noun: what is done, no set of things.
        [
            "Spielvorbereitung",
            "Vor Spielbeginn wird folgendes vorbereitet:",
            "1. Der Spielplan wird in die Tischmitte gelegt.",
            "2. Jeder Spieler wählt eine Schildkröte und stellt sie auf das Startfeld.",
            "3. Jeder Spieler erhält 3 Salatkarten und 70 Salatblätter.",
        ],
    ],
)
def test_numbered_items_of_a_set_up_are_a_procedure(
    builder: GraphBuilder, tmp_path: Path, lines: list[str]
) -> None:
    graph = graph_of(builder, tmp_path, lines, blank=True)
    steps = [node.text[:2] for node in graph.nodes if node.kind == "step"]
    assert steps == [line[:2] for line in lines if line[:1].isdigit()]


def test_the_numbered_rows_of_a_ranking_are_a_table_under_its_titles(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rows = ["1. Platz 5 Punkte", "2. Platz 3 Punkte", "3. Platz 2 Punkte", "4. Platz 1 Punkt"]
    lines = [
        "Wertung über mehrere Partien",
        "Ihr könnt mehrere Partien hintereinander spielen und die Punkte notieren.",
        "Platz Punkte",
        *rows,
        "Nach fünf Partien gewinnt, wer die meisten Punkte gesammelt hat.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    kinds = {node.text: node.kind for node in graph.nodes}
    assert [kinds[row] for row in rows] == ["rule"] * 4
    assert kinds["Platz Punkte"] == "other"


def test_a_table_under_a_colon_that_names_an_order_is_no_procedure(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rows = [
        "1 Zwei Drillinge 6",
        "2 Ein Drilling und eine Folge aus 4 Karten 7",
        "3 Zwei Vierlinge 8",
    ]
    lines = [
        "Die Disziplinen",
        "Jeder Spieler muss die Disziplinen in genau dieser Reihenfolge erfüllen:",
        "Nr. Disziplin Karten",
        *rows,
        "Spielablauf",
        "Wer an der Reihe ist, zieht eine Karte.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    kinds = {node.text: node.kind for node in graph.nodes}
    assert [kinds[row] for row in rows] == ["rule"] * 3
    assert kinds["Nr. Disziplin Karten"] == "other"


def test_a_case_set_by_a_verb_and_du_after_the_last_step_is_a_rule_of_its_own(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    case = "Spielst du eine Karte, die weder die verlangte Farbe hat noch Trumpf ist, wirfst du ab."
    lines = [
        "Wer bekommt den Stich?",
        "Welche Karte einen Stich gewinnt, prüft ihr in dieser Reihenfolge:",
        "1. Liegt ein Bürgermeister im Stich, gewinnt der zuerst gespielte Bürgermeister.",
        "2. Sonst gewinnt der höchste Trumpf.",
        "3. Liegt kein Trumpf im Stich, gewinnt die höchste Karte der verlangten Farbe.",
        case,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [(node.kind, node.text) for node in graph.nodes][-1] == ("rule", case)


def test_an_impersonal_passive_after_the_last_step_is_a_rule_of_its_own(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielvorbereitung",
        "Vor jedem Spiel geht ihr so vor:",
        "1. Legt den Spielplan in die Tischmitte.",
        "2. Wer zuletzt an einem Bach war, wird Startspieler.",
        "Gespielt wird reihum im Uhrzeigersinn.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [(node.kind, node.text) for node in graph.nodes][-1] == (
        "rule",
        "Gespielt wird reihum im Uhrzeigersinn.",
    )


def test_a_sentence_after_a_step_that_ended_on_a_short_line_is_a_rule_of_its_own(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    # A copy in narrow columns: the last step ends on a short line, and the next printed
    # line opens a paragraph, though it refers back ("dort").
    lines = [
        "Vorbereitung",
        "1. Der Geber mischt alle Karten",
        "und teilt jedem 10 Karten aus.",
        "2. Er deckt die oberste Karte",
        "des Nachziehstapels auf und legt",
        "sie offen daneben: Das ist der",
        "Ablagestapel.",
        "Liegt dort ein Sehnenriss,",
        "schiebt der Geber ihn zurück in",
        "den Stapel und deckt die nächste",
        "Karte auf.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert [(node.kind, node.text) for node in graph.nodes][-1] == (
        "rule",
        "Liegt dort ein Sehnenriss, schiebt der Geber ihn zurück in den Stapel und deckt die "
        "nächste Karte auf.",
    )


def test_lettered_items_in_the_order_a_colon_names_are_steps(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "2. Vorbereitung",
        "Vor Beginn des Spieles bereiten Sie bitte alles in der folgenden Reihenfolge vor:",
        "a) Der Spielplan wird in die Tischmitte gelegt. Die Marken bilden den Vorrat.",
        "b) Jeder Spieler wählt eine Ziege und stellt sie auf das Talfeld.",
        "c) Es beginnt der älteste Spieler.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    steps = [node.text for node in graph.nodes if node.kind == "step"]
    assert steps == lines[2:]


def test_the_parts_of_a_sequence_a_colon_names_are_rules_not_steps(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Die zehn Ziele",
        "Die Ziele müsst ihr genau in dieser Reihenfolge erfüllen:",
        "Ziel 1: 2 Drillinge",
        "Ziel 2: 1 Drilling + 1 Viererkette",
        "Ziel 3: 1 Vierling + 1 Viererkette",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    kinds = [(node.kind, node.mechanical) for node in graph.nodes if node.text.startswith("Ziel ")]
    assert kinds == [("rule", True)] * 3


@pytest.mark.parametrize(
    ("lead", "rows"),
    [
        # What a level demands, counted: no instruction.
        (
            "Im Einzelnen verlangen die Proben Folgendes:",
            ["1. Zwei Drillinge", "2. Ein Drilling und eine Reihe aus vier Karten"],
        ),
        # The rows of a bound by rank.
        (
            "Außerdem darfst du höchstens so viele Nüsse behalten, wie dein Platz erlaubt:",
            ["1. Platz – höchstens 10 Nüsse", "2. Platz – höchstens 20 Nüsse"],
        ),
    ],
)
def test_numbered_rows_that_count_and_do_nothing_are_rules_not_steps(
    builder: GraphBuilder, tmp_path: Path, lead: str, rows: list[str]
) -> None:
    steps = [
        "So bereitet ihr das Spiel vor:",
        "1. Mischt die Karten.",
        "2. Eine Karte kommt offen.",
    ]
    graph = graph_of(builder, tmp_path, ["Die Proben", lead, *rows, "Vorbereitung", *steps], True)
    kinds = {node.text: node.kind for node in graph.nodes}
    assert [kinds[row] for row in rows] == ["rule"] * len(rows)
    assert [kinds[step] for step in steps[1:]] == ["step"] * 2


def test_a_numbered_list_of_contracts_is_no_procedure(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    contracts = [
        "1. Pforte: zwei Drillinge.",
        "2. Pforte: ein Drilling und eine Folge aus 4 Karten.",
        "3. Pforte: eine Folge aus 7 Karten.",
    ]
    graph = graph_of(builder, tmp_path, ["Die neun Pforten", *contracts], blank=False)
    assert [kind_of(graph, contract)[0] for contract in contracts] == ["rule"] * 3


@pytest.mark.parametrize(
    ("lead", "items"),
    [
        # a choice between moves
        (
            "Wer an der Reihe ist, hat die Wahl zwischen zwei Möglichkeiten:",
            [
                "a) Er zieht vorwärts und bezahlt dafür Möhren.",
                "b) Er zieht zurück auf das nächste Igelfeld und erhält dafür Möhren.",
            ],
        ),
        # what holds
        (
            "Für die besonderen Felder und für das Ziel gilt folgendes:",
            [
                "a) Besetzte Felder: Auf jedem Feld darf immer nur eine Schnecke stehen.",
                "b) Salatfelder: Wer seinen Zug auf einem Salatfeld beendet, muß dort rasten.",
            ],
        ),
    ],
)
def test_lettered_items_of_a_choice_or_of_what_holds_are_rules_not_steps(
    builder: GraphBuilder, tmp_path: Path, lead: str, items: list[str]
) -> None:
    graph = graph_of(builder, tmp_path, ["Spielablauf", lead, *items], blank=False)
    assert [kind_of(graph, item)[0] for item in items] == ["rule", "rule"]


def test_paragraphs_numbered_through_the_text_are_no_procedure(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "DER SPIELPLAN",
        "2. Die Flugstrecke führt vom Startfeld über 64 Felder.",
        "VORBEREITUNG",
        "3. Legen Sie den Spielplan in die Tischmitte. Jeder Spieler wählt einen Raben.",
        "4. Mischen Sie die Wetterkarten.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "3. Legen Sie")[0] == "rule"
    assert kind_of(graph, "Jeder Spieler wählt")[0] == "rule"


def test_the_numbered_parts_of_a_box_lids_rules_are_paragraphs_of_rules(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    # No headings: each part opens with its number and a label that names a part of the
    # rules ("Ziel:", "Aufbau:"); its sentences are rules, not the steps of a procedure.
    lines = [
        "1. Ziel: Jede und jeder von euch spielt eine Dachsfamilie. Wer als Erster alle vier "
        "Dachse im Heimgang hat, gewinnt.",
        "2. Aufbau: Legt den Plan in die Mitte. Sucht euch je eine Farbe aus. Wer zuletzt "
        "einen Dachs gesehen hat, beginnt.",
        "3. Los geht’s: Wer an der Reihe ist, würfelt einmal und zieht einen Dachs.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert not any(node.kind == "step" for node in graph.nodes)
    assert kind_of(graph, "Wer als Erster alle vier Dachse")[0] == "rule"
    assert kind_of(graph, "Sucht euch je eine Farbe aus.")[0] == "rule"


def test_the_rows_of_a_table_of_tasks_are_mechanical_rules(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rows = ["1 Zwei Drillinge", "2 Sechs Karten einer Farbe", "3 Vierling + Drilling"]
    lines = ["Die Tore auf einen Blick", "Tor Aufgabe", *rows, "Viel Spaß beim Spielen!"]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    kinds = {node.text: (node.kind, node.mechanical) for node in graph.nodes}
    assert [kinds[row] for row in rows] == [("rule", True)] * 3


def test_a_bullet_of_an_ordered_procedure_is_one_step_a_bullet_of_what_holds_a_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielablauf",
        "In deinem Zug gehst du immer in dieser Reihenfolge vor:",
        "• Du ziehst eine Karte.",
        "• Du legst deine Phase aus, falls du alle nötigen Karten hast.",
        "• Du wirfst eine Karte ab. Dann ist die Person links von dir an der Reihe.",
        "• Ziehen und Abwerfen sind Pflicht, Auslegen darfst du auch auslassen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    kinds = {node.text: node.kind for node in graph.nodes}
    assert kinds["• Du wirfst eine Karte ab. Dann ist die Person links von dir an der Reihe."] == (
        "step"
    )
    assert kinds["• Ziehen und Abwerfen sind Pflicht, Auslegen darfst du auch auslassen."] == "rule"


def test_the_parts_of_a_turn_in_an_order_named_are_steps(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    parts = [
        "• Karte ziehen (Pflicht)",
        "• Phase auslegen (wenn möglich)",
        "• Karte abwerfen (Pflicht)",
    ]
    lines = [
        "Spielablauf",
        "Ein Spielzug besteht aus drei Teilen, die immer in dieser Reihenfolge ausgeführt werden:",
        *parts,
        "Karte ziehen",
        "Der Spieler nimmt die oberste Karte vom Nachziehstapel auf die Hand.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    kinds = {node.text: node.kind for node in graph.nodes}
    assert [kinds[part] for part in parts] == ["step"] * 3
