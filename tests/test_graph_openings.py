"""How a manual opens: a story before the rules, the box's facts, or an excerpt that
starts inside the rules, read through the text path from small invented manuals."""

from __future__ import annotations

from pathlib import Path

from rulekit.extract import extract
from rulekit.graph.builder import GraphBuilder
from rulekit.model import RuleGraph, SourceInfo
from tests.conftest import invented_manual
from tests.test_graph_kinds import graph_of as copy_graph
from tests.test_graph_kinds import kind_of

INFO = invented_manual("turm")


def graph_of(
    builder: GraphBuilder, tmp_path: Path, lines: list[str], info: SourceInfo = INFO
) -> RuleGraph:
    """The graph of a manual whose lines are set apart by blank lines."""
    manual = tmp_path / "manual.txt"
    manual.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    return builder.build(info, extract(manual, None, []))


def kinds(
    builder: GraphBuilder, tmp_path: Path, lines: list[str], info: SourceInfo = INFO
) -> dict[str, str]:
    """The kind of each node by its text, the manual's lines set apart by blank lines."""
    return {node.text: node.kind for node in graph_of(builder, tmp_path, lines, info).nodes}


def test_an_excerpt_that_opens_inside_the_rules_keeps_them_rules(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rules = [
        "Türme haben eine feste Rangfolge: je höher die Zahl, desto stärker der Turm.",
        "Wenn ein Turm einen Turm mit niedrigerer Zahl schlägt, gewinnt die höhere Zahl.",
        "Der geschlagene Turm wird vom Brett genommen.",
    ]
    # Binding the players, the next line shows the text was rules from its first line:
    # the sentences before it speak of what the rules after them speak of.
    setup = "Die Spieler stellen ihre Türme auf die erste Reihe des Bretts."
    found = kinds(
        builder,
        tmp_path,
        [" ".join(rules), setup, "Auf jedem Turm steht eine Zahl.", "Spielablauf", "Rot beginnt."],
    )
    assert [found[rule] for rule in [*rules, setup]] == ["rule", "rule", "rule", "rule"]


def test_a_story_before_the_first_heading_stays_flavour_and_the_box_no_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = [
        "Ihr erwacht auf einer kleinen Insel mitten im Ozean.",
        "Die Papageien sitzen friedlich auf der Palme.",
    ]
    found = kinds(
        builder,
        tmp_path,
        [
            "Turmspiel - DAS kartenSPIEL",
            "für 2-4 Spieler ab 8 Jahren",
            *story,
            # Binding the players, it ends the story but makes no rule of the title lines.
            "Jeder Spieler zieht sofort zwei Karten.",
            "Spielablauf",
            "Jeder Spieler würfelt einmal.",
        ],
    )
    assert [found[line] for line in story] == ["flavour", "flavour"]
    assert found["Turmspiel - DAS kartenSPIEL"] != "rule"
    # The box's facts say who may play, beside the story or not.
    assert found["für 2-4 Spieler ab 8 Jahren"] == "rule"
    assert found["Jeder Spieler zieht sofort zwei Karten."] == "rule"


def test_a_label_with_its_value_is_no_heading_a_numbered_part_is(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    facts = ["Alter: 8+", "Dauer: etwa 20 Minuten", "Ihr braucht: Spielplan, Würfel, Karten"]
    found = kinds(builder, tmp_path, [*facts, "Phase 1: Bewegung", "Jeder Spieler würfelt."])
    assert all(found[fact] != "section" for fact in facts)
    assert found["Phase 1: Bewegung"] == "section"


def test_what_a_game_is_is_a_definition_not_a_case(builder: GraphBuilder, tmp_path: Path) -> None:
    definition = "Bei Turm handelt es sich um ein Kartenspiel, das mit 32 Karten gespielt wird."
    graph = graph_of(
        builder, tmp_path, ["Spielregeln", f"{definition} Es wird gern unterwegs gespielt."]
    )
    assert {node.text: node.kind for node in graph.nodes}[definition] == "definition"
    assert not [edge for edge in graph.edges if edge.type == "exception-of"]


def test_the_component_list_by_its_heading_or_label_and_where_it_ends(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    found = kinds(
        builder,
        tmp_path,
        [
            "Mäxchen",
            "Benötigte Hilfsmittel",
            "2 sechsseitige Würfel (W6), 1 Würfelbecher, 1 Bierdeckel",
            "Ihr braucht: Spielplan, Schere, Stifte",
            # Said of a piece in the list, what is done with it is set-up, a rule.
            "Der weiße Hase wird auf das mittlere Feld gesetzt.",
            "Regeln",
            "Die 31 ist der niedrigste Wert.",
        ],
    )
    assert found["2 sechsseitige Würfel (W6), 1 Würfelbecher, 1 Bierdeckel"] == "component"
    assert found["Ihr braucht: Spielplan, Schere, Stifte"] == "component"
    assert found["Der weiße Hase wird auf das mittlere Feld gesetzt."] == "rule"
    assert found["Die 31 ist der niedrigste Wert."] != "component"


def test_the_cover_names_the_game_after_the_publisher_with_its_subtitle_and_facts(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    found = kinds(
        builder,
        tmp_path,
        [
            "Waldhaus Verlag",
            "TURM",
            "Wer baut als Erster bis in die Wolken?",
            "Ein taktisches Legespiel für 2–4 Spieler ab 8 Jahren",
            "Spieldauer: ca. 45 Minuten",
            "Worum geht es?",
            "Jeder Spieler baut seinen eigenen Turm aus Steinen.",
            "Spielende",
            "Wer zuerst zehn Steine verbaut hat, gewinnt.",
            "Achtung: Nicht geeignet für Kinder unter 3 Jahren, da verschluckbare Kleinteile "
            "enthalten sind.",
        ],
    )
    assert found["TURM"] == "other"
    assert found["Wer baut als Erster bis in die Wolken?"] == "other"
    assert found["Spieldauer: ca. 45 Minuten"] == "other"
    assert found["Worum geht es?"] == "section"
    assert found["Spielende"] == "section"
    assert found["Wer zuerst zehn Steine verbaut hat, gewinnt."] == "rule"
    assert (
        found[
            "Achtung: Nicht geeignet für Kinder unter 3 Jahren, da verschluckbare Kleinteile "
            "enthalten sind."
        ]
        == "other"
    )


def test_a_line_that_sends_the_reader_on_is_no_heading(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    found = kinds(
        builder,
        tmp_path,
        [
            "Spielablauf",
            "Wer an der Reihe ist, würfelt und zieht.",
            "Weiter auf der nächsten Seite",
            "Schlagen",
            "Landet eine Figur auf einer fremden, wird diese geschlagen.",
        ],
    )
    assert found["Weiter auf der nächsten Seite"] == "other"
    assert found["Schlagen"] == "section"


def test_the_covers_blurb_is_no_rule_and_a_heading_asked_without_a_mark_ends_the_list(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spiele Krähenfeld",
        "TÜRMCHENBAU",
        "Das flinke Stapelspiel für Groß und Klein",
        "Für 2 bis 4 Spieler ab 6 Jahren",
        "Ganz ohne Glück! Wer am höchsten baut, hat die Nase vorn – doch jeder Turm kann wackeln!",
        "Spielmaterial",
        "40 Bausteine (je 10 in den Farben Rot, Gelb, Grün und Blau, jeder Stein gleich groß)",
        "1 Spielregel",
        "Worum es geht",
        "Jedes Jahr im Herbst treffen sich die Baumeister des Dorfes am Marktplatz.",
        "Spielablauf",
        "Wer an der Reihe ist, setzt einen Baustein auf seinen Turm.",
    ]
    # The game's id spells its umlaut out, as ids do.
    found = kinds(builder, tmp_path, lines, invented_manual("tuermchenbau"))
    assert found["TÜRMCHENBAU"] == "other"
    assert found["Das flinke Stapelspiel für Groß und Klein"] == "other"
    assert found["Ganz ohne Glück!"] == "other"
    assert found["Wer am höchsten baut, hat die Nase vorn – doch jeder Turm kann wackeln!"] == (
        "other"
    )
    assert found[lines[6]] == "component"
    assert found["Worum es geht"] == "section"
    assert found[lines[9]] == "flavour"
    assert found[lines[11]] == "rule"


def test_a_tables_column_titles_are_no_rule_and_its_rows_are_rules(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    found = kinds(
        builder,
        tmp_path,
        [
            "Laufen",
            "Was ein Zug kostet, zeigt die Tabelle, die auch auf der Rückseite abgedruckt ist:",
            "Schritte Kosten",
            "1 Schritt 2 Taler",
            "2 Schritte 5 Taler",
            "Die Aufgaben",
            "Jeder muss die Aufgaben in dieser Reihenfolge lösen:",
            "Nr. Aufgabe",
            "1 2 Paare",
            "2 1 Drilling + 1 Paar",
            "3 2 Drillinge",
            "Wer alle Aufgaben gelöst hat, gewinnt.",
        ],
    )
    assert found["Schritte Kosten"] == "other"
    assert found["1 Schritt 2 Taler"] == "rule"
    assert found["2 Schritte 5 Taler"] == "rule"
    assert found["Nr. Aufgabe"] == "other"
    assert found["1 2 Paare"] == "rule"
    assert found["2 1 Drilling + 1 Paar"] == "rule"


def test_under_the_games_idea_a_paragraph_describing_the_board_stays_rules(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    board = (
        "Um den Teich herum führt der Uferweg, der aus 40 Feldern besteht. In jeder Ecke "
        "des Spielplans liegt das Nest einer Farbe mit vier Plätzen für die Figuren."
    )
    found = kinds(
        builder,
        tmp_path,
        [
            "Spielidee",
            "Wenn am Teich die Sonne untergeht, schnattern die Enten noch ein letztes Mal.",
            board,
            "Vorbereitung",
            "Vor dem Spiel verfährt man folgendermaßen:",
            "1. Der Spielplan wird in die Tischmitte gelegt.",
            "2. Jeder Spieler stellt seine vier Figuren in das Nest seiner Farbe.",
            "Spielverlauf",
            "Gezogen wird auf dem Uferweg im Uhrzeigersinn um den Teich herum.",
            "Jeder Spieler zieht seine Figuren über die Felder des Uferweges.",
            "Eine Figur verlässt das Nest, wenn ihr Spieler eine 6 würfelt, und kommt auf die "
            "Felder des Uferweges.",
            "Tip: Ein Spieler sollte seine Figuren nicht zu lange im Nest lassen.",
        ],
    )
    assert found[
        "Wenn am Teich die Sonne untergeht, schnattern die Enten noch ein letztes Mal."
    ] == ("flavour")
    assert found["Um den Teich herum führt der Uferweg, der aus 40 Feldern besteht."] == "rule"
    assert found["1. Der Spielplan wird in die Tischmitte gelegt."] == "step"
    assert found["Tip: Ein Spieler sollte seine Figuren nicht zu lange im Nest lassen."] == "note"


def test_the_publishers_line_over_the_name_and_a_cheering_paragraph_are_the_covers(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "KOBOLD",
        "TURM",
        "Das flinke Stapelspiel",
        "Stein auf Stein – und schon wackelt der Turm! Wer zuletzt baut, hat das Nachsehen.",
        "Spielablauf",
        "Der Ablagestapel ist der offene Stapel neben dem Turm.",
        "Er geht so vor:",
        "1. Er nimmt einen Stein.",
        "2. Er setzt ihn auf den Turm.",
        "Gut zu wissen: Ein Stein, der herunterfällt, kommt in die Schachtel.",
    ]
    found = kinds(builder, tmp_path, lines)
    assert found["KOBOLD"] == "other"
    assert found["Wer zuletzt baut, hat das Nachsehen."] == "other"
    assert found["Der Ablagestapel ist der offene Stapel neben dem Turm."] == "definition"
    assert found["Er geht so vor:"] == "lead-in"
    assert found[lines[-1]] == "note"


def test_a_lead_in_that_says_how_announces_steps_and_numbered_tasks_are_rules(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    found = kinds(
        builder,
        tmp_path,
        [
            "Vorbereitung",
            "Der Geber bereitet die Runde so vor:",
            "1. Er mischt alle Karten.",
            "2. Er gibt jedem Spieler zehn Karten.",
            "Die Aufgaben",
            "Die Aufgaben lauten:",
            "Aufgabe 1: 2 Drillinge",
            "Aufgabe 2: 1 Drilling + 1 Reihe aus 4 Karten",
            "Aufgabe 3: 2 Vierlinge",
            "Wer alle Aufgaben erfüllt hat, gewinnt.",
        ],
    )
    assert found["Der Geber bereitet die Runde so vor:"] == "lead-in"
    assert found["1. Er mischt alle Karten."] == "step"
    assert found["Aufgabe 1: 2 Drillinge"] == "rule"
    assert found["Aufgabe 3: 2 Vierlinge"] == "rule"


def test_laying_out_the_tables_equipment_binds_no_engine_dealing_cards_does(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Vorbereitung",
        "1. Legt den Spielplan in die Tischmitte und den Würfel daneben.",
        "2. Mischt die Karten und legt sie als verdeckten Stapel in die Tischmitte.",
        "3. Jeder erhält fünf Karten.",
    ]
    flags = {node.text: node.mechanical for node in graph_of(builder, tmp_path, lines).nodes}
    assert flags[lines[1]] is False
    assert flags[lines[2]] is True
    assert flags[lines[3]] is True


def test_a_box_lids_duration_and_the_pieces_a_sentence_announces(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "HAFENRUNDE",
        "Das lustige Würfelspiel mit den bunten Booten",
        "Für 2 bis 6 Spieler ab 6 Jahren",
        "Im Hafenbecken liegen die Boote dicht an dicht und warten auf gute",
        "Fahrt. Ein fröhliches Familienspiel, bei dem Groß und Klein die",
        "gleichen Aussichten haben.",
        "Spieldauer etwa 30 bis 45 Minuten",
        "In dieser Schachtel finden Sie:",
        "1 Spielplan für 4 Spieler",
        "24 Boote aus Holz in sechs Farben",
        "1 Würfel",
        "Spielregel",
        "Der Spielplan zeigt eine Fahrrinne aus 40 Feldern.",
        "Wer die höchste Augenzahl würfelt, fängt an.",
    ]
    graph = copy_graph(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Spieldauer")[0] == "other"
    assert kind_of(graph, "In dieser Schachtel")[0] == "lead-in"
    assert [kind_of(graph, piece)[0] for piece in ("1 Spielplan", "24 Boote", "1 Würfel")] == [
        "component"
    ] * 3
    # Under the pieces "Spielregel" heads the rules.
    assert kind_of(graph, "Wer die höchste")[0] == "rule"


def test_a_cost_table_with_dashes_between_its_cells(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Der Preis richtet sich nach der Zahl der Felder, die Sie auf einmal fliegen:",
        "Felder – Nüsse",
        "1 – 1",
        "2 – 3",
        "3 – 6",
        "4 – 10",
        "Für jedes weitere Feld kommen so viele Nüsse hinzu, wie das Feld zählt.",
    ]
    graph = copy_graph(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Felder – Nüsse")[0] == "other"
    assert [kind_of(graph, row)[0] for row in ("1 – 1", "2 – 3", "4 – 10")] == ["rule"] * 3
