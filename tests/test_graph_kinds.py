"""Kinds beyond rules: lead-ins, the component list, examples, notes, flavour, definitions
and text outside the rules, read from small invented manuals through the text path."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.extract import extract
from rulekit.graph.builder import GraphBuilder
from rulekit.model import RuleGraph
from tests.conftest import invented_manual

INFO = invented_manual("demo")


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


def test_a_contents_line_run_along_by_middle_dots_is_one_node(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    contents = (
        "Inhalt: Spielidee und Ziel · 1. Spielmaterial · 2. Vorbereitung · "
        "3. Die Sonderfelder · 4. Variante"
    )
    graph = graph_of(
        builder, tmp_path, ["Für 2 bis 6 Spieler ab 8 Jahren", contents, "Spielidee"], True
    )
    assert contents in [node.text for node in graph.nodes]


def test_instances_in_brackets_after_a_phase_stay_with_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    # Counts and the words that describe a noun are no clause of a case of its own.
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Die Phasen",
            "1. Zwei Drillinge (z. B. 3-3-3 und 8-8-8)",
            "2. Sieben Karten einer Farbe (z. B. sieben grüne Karten)",
            "3. Eine Farbgruppe aus vier Karten (z. B. vier blaue Karten und ein Joker)",
        ],
        blank=True,
    )
    texts = [node.text for node in graph.nodes]
    assert "2. Sieben Karten einer Farbe (z. B. sieben grüne Karten)" in texts
    assert "3. Eine Farbgruppe aus vier Karten (z. B. vier blaue Karten und ein Joker)" in texts


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
            "Wichtig: Getauscht wird nur mit dem Spieler am Zug. Andere tauschen nicht.",
            "Hinweis: Wer nicht am Zug ist, darf also nur mit ihm tauschen.",
        ],
        blank=True,
    )
    assert kind_of(graph, "Wichtig:") == ("note", True)
    # A hint reminds of the rule; the engine implements the rule itself.
    assert kind_of(graph, "Hinweis:") == ("note", False)
    assert [n.text for n in graph.nodes if n.kind == "note"] == [
        "Wichtig: Getauscht wird nur mit dem Spieler am Zug. Andere tauschen nicht.",
        "Hinweis: Wer nicht am Zug ist, darf also nur mit ihm tauschen.",
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


def test_a_label_standing_alone_in_a_wrapped_paragraph_takes_what_it_labels(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Ablauf",
        "Wer an der Reihe ist, legt eine Karte aus und zieht danach eine neue Karte",
        "vom Stapel. Damit ist der Zug beendet. Achtung! Karten mit einem Stern",
        "dürfen nicht getauscht werden (sie zählen aber doppelt).",
        "Der Startspieler nimmt danach alle sechs Würfel und legt sie in den Becher.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    note = next(n for n in graph.nodes if n.text.startswith("Achtung!"))
    assert note.kind == "note" and "dürfen nicht getauscht" in note.text
    assert note.mechanical


def test_a_wrapped_remark_goes_on_with_a_sentence_that_restates_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Handel",
        "Wer an der Reihe ist, darf mit allen anderen Spielern Waren tauschen, so oft",
        "er möchte und solange er noch Waren besitzt, die er abgeben kann.",
        "Wichtig: Die Nachbarn handeln nur mit dem Spieler, der an der Reihe ist. Die",
        "Nachbarn handeln nie untereinander.",
        "Der Startspieler nimmt danach alle sechs Würfel und legt sie in den Becher.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    note = next(n for n in graph.nodes if n.text.startswith("Wichtig:"))
    assert note.kind == "note" and "nie untereinander" in note.text
    assert kind_of(graph, "Der Startspieler") == ("rule", True)


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


def test_lettered_and_numbered_lines_head_their_paragraphs(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "4. Handel",
        "Es gibt zwei Arten von Handel:",
        "a) Handel mit Mitspielern (➔):",
        "Der Spieler kann mit allen Spielern Karten tauschen.",
        "b) Handel mit der Bank:",
        "Der Spieler kann immer 4 gleiche Karten gegen 1 beliebige Karte tauschen.",
        "5. Sonderfälle",
        "a) Sieben gewürfelt: Der Räuber wird aktiv.",
        "Wer mehr als 7 Karten hat, gibt die Hälfte ab.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    sections = {n.text: n.id for n in graph.nodes if n.kind == "section"}
    assert set(sections) >= {
        "4. Handel",
        "a) Handel mit Mitspielern (➔):",
        "b) Handel mit der Bank:",
        "5. Sonderfälle",
    }
    parent = {e.from_: e.to for e in graph.edges if e.type == "part-of"}
    # Siblings by their marker, both under the numbered section.
    first, second = sections["a) Handel mit Mitspielern (➔):"], sections["b) Handel mit der Bank:"]
    assert parent[first] == parent[second] == sections["4. Handel"]
    # A run-in label with its content is no heading.
    assert kind_of(graph, "a) Sieben gewürfelt")[0] != "section"


# Manuals of a few lines, and what each node that starts with a given text must be:
# its kind and mechanical flag, or only its kind (mechanical None).
KIND_CASES = {
    "rules announced as rules are no steps; a heading of tactics heads tips": (
        [
            "Die Spielregeln",
            "Für den Gang des Spieles gelten die folgenden neun Regeln:",
            "1. Wer an der Reihe ist, würfelt einmal. Dabei wird jedes Feld mitgezählt.",
            "2. Ein Kegel kann den Stall nur mit einer Sechs verlassen. Solange man noch "
            "Kegel im Stall hat, muß man mit jeder Sechs einen Kegel einsetzen.",
            "HINWEISE ZUR TAKTIK",
            "Man sollte genau verfolgen, welche Karten die Mitspieler nehmen.",
            "Wie können Sie Ihre Strategie bewerten?",
            "Addieren Sie die Punkte aller Runden.",
        ],
        {
            "2. Ein Kegel kann": ("rule", True),
            "Solange man noch": ("rule", True),
            "Man sollte genau": ("note", False),
            "Addieren Sie": ("rule", True),
        },
    ),
    "a heading with a verb after the component list heads the rules, not a story": (
        [
            "Spielmaterial",
            "1 Spielplan",
            "16 Mäuse aus Holz",
            "1 Würfel",
            "So wird gespielt",
            "Vorbereitung: Legt den Spielplan in die Tischmitte.",
            "Wer an der Reihe ist, würfelt einmal und zieht dann eine seiner Mäuse.",
            "Variante",
            "Wenn Sie weniger Zeit haben, spielen Sie nur die Gipfel mit ungerader Nummer, "
            "also 1, 3, 5, 7 und 9.",
        ],
        {
            "Wer an der Reihe ist": ("rule", True),
            "Wenn Sie weniger Zeit": ("rule", True),
        },
    ),
    "a lettered list of cases is no procedure; a table's numbered rows are no headings": (
        [
            "§ 7 Sonderfälle",
            "a) Fällt der Würfel vom Tisch, so wird noch einmal gewürfelt.",
            "b) Steht ein eigener Kegel auf dem Anfangsfeld, so muß er zuerst ziehen. Die "
            "Pflicht zum Räumen geht dem Schlagzwang vor.",
            "Die zehn Koffer",
            "Koffer Aufgabe",
            "1 2 Drillinge",
            "2 3 Pärchen",
            "3 1 Drilling + 1 Viererfolge",
        ],
        {
            "a) Fällt der Würfel": ("rule", True),
            "b) Steht ein eigener": ("rule", True),
            "Die Pflicht zum Räumen": ("rule", True),
            "1 2 Drillinge": ("rule", True),
            "3 1 Drilling": ("rule", True),
        },
    ),
    "labels of a tip, of a question, a caption and lead-ins that hand over to a list": (
        [
            "Spielvorbereitung",
            "Vor jeder Partie bereiten Sie das Spiel in folgenden Schritten vor:",
            "1. Legen Sie den Spielplan in die Tischmitte.",
            "2. Jeder Spieler nimmt einen Kometen.",
            "Der Zug",
            "Wie viel Sternenstaub ein Zug kostet, zeigt Ihnen die Kostentafel:",
            "1 Feld 1 Sternenstaub",
            "2 Felder 3 Sternenstaub",
            "Abb. 2: Der rote Komet fliegt fünf Felder weit.",
            "Profi-Tipp: Einen Joker abzuwerfen ist fast immer eine schlechte Idee.",
            "Fragen und Antworten",
            "F: Zählt ein Joker in einer Farbfolge als Karte der richtigen Farbe?",
            "A: Ja, er nimmt jede Farbe an.",
        ],
        {
            "Vor jeder Partie": ("lead-in", False),
            "Wie viel Sternenstaub": ("lead-in", False),
            "Abb. 2": ("other", False),
            "Profi-Tipp": ("note", False),
            "F: Zählt": ("lead-in", False),
        },
    ),
    "a heading over the first paragraphs, before anything of the rules, tells the story": (
        [
            "Kiesel Spiele",
            "WELLENREITER",
            "Das Surfspiel für die ganze Familie",
            "Für 2 bis 5 Spieler ab 8 Jahren",
            "SOMMER AM MEER",
            "Die Sonne brennt, die Wellen rollen heran, und am Strand warten schon die Zuschauer.",
            "SPIELMATERIAL",
            "1 Spielplan",
            "5 Surfer",
            "SPIELABLAUF",
            "Wer an der Reihe ist, würfelt und zieht seinen Surfer.",
        ],
        {
            "Die Sonne brennt": ("flavour", False),
            "Wer an der Reihe ist": ("rule", True),
        },
    ),
    "a player's question leads to its answer; one to the reader asks nothing": (
        [
            "Spielablauf",
            "Wer an der Reihe ist, würfelt und zieht seinen Surfer.",
            "Habt ihr schon einmal eine Welle geritten, die man nie vergisst?",
            "Häufige Fragen",
            "Darf ein Surfer eine besetzte Welle überspringen?",
            "Ja, er zählt die besetzte Welle mit.",
            "Was geschieht, wenn zwei Surfer im selben Zug zugleich den Strand erreichen und "
            "gleich viele Wellen geritten sind?",
            "Dann gewinnt der Surfer mit weniger Muscheln.",
        ],
        {
            "Habt ihr schon": ("flavour", False),
            "Darf ein Surfer": ("lead-in", False),
            "Was geschieht": ("lead-in", False),
        },
    ),
    "the rows of a table of values are rules, though the colon says how they count": (
        [
            "Die Strafpunkte",
            "Am Ende zählt jeder Spieler seine Handkarten. Sie werden wie folgt gewertet:",
            "Zahlenkarte 1 bis 9 je 5 Punkte",
            "Joker 25 Punkte",
        ],
        {"Zahlenkarte 1 bis 9": ("rule", True), "Joker 25 Punkte": ("rule", True)},
    ),
    "the publisher's service address is outside the rules": (
        [
            "Spielende",
            "Wer zuerst alle Surfer am Strand hat, gewinnt.",
            "© 2024 Kiesel Spiele GmbH",
            "Kundendienst",
            "Postfach 12 34",
        ],
        {"Kundendienst": ("other", False), "Postfach 12 34": ("other", False)},
    ),
    "a sentence that says what a thing of the board is defines it": (
        [
            "Der Spielplan",
            "Die vier Felder mit einem Leuchtturm sind Hafenfelder.",
            "Der Strand ist euer Ziel.",
            "Spielende",
            "Der Spieler mit den meisten Muscheln ist der Sieger.",
        ],
        {
            "Die vier Felder": ("definition", True),
            "Der Strand ist": ("definition", True),
            "Der Spieler mit": ("rule", True),
        },
    ),
    "a numbered label with its title heads a section": (
        [
            "6. Spielende",
            "Das Spiel endet, sobald eine Ziege den Gipfel erreicht.",
            "7. Variante: Der lange Winter",
            "Jeder Spieler erhält zu Beginn 90 Bucheckern.",
            "a) Straße: erfordert Lehm und Holz.",
        ],
        {
            "7. Variante": ("section", None),
            "a) Straße": ("rule", None),
        },
    ),
    "a lead-in says what the game holds; a pointer to a page is no rule": (
        [
            "DORFRENNEN",
            "Zu jedem Spiel gehören:",
            "1 Spielplan",
            "16 Spielfiguren aus Holz in den Farben Rot, Blau, Gelb und Grün",
            "1 Würfel",
            "Der Spielplan: Der Laufweg besteht aus 48 Feldern. Das Hoftor ist dasjenige "
            "farbige Feld des Laufweges, welches neben dem Hof liegt.",
            "Der Spielplan",
            "Wie die Fähre funktioniert, lest ihr auf Seite 3.",
            "Es folgt die Rettungsrunde: Jedes Kind würfelt noch genau einmal.",
            "Wer eine 6 würfelt, darf noch einmal würfeln (siehe Seite 3).",
        ],
        {
            "Zu jedem Spiel": ("lead-in", False),
            "1 Spielplan": ("component", False),
            "16 Spielfiguren": ("component", False),
            "Das Hoftor ist": ("definition", True),  # under "Der Spielplan:", as the gold has it
            "Wie die Fähre": ("other", False),
            "Es folgt die Rettungsrunde": ("rule", True),
            "Wer eine 6": ("rule", True),
        },
    ),
    "a sentence that only says a block follows is its lead-in": (
        [
            "Spielvorbereitung",
            "Bereiten Sie das Spiel wie folgt vor:",
            "1. Legen Sie den Spielplan in die Tischmitte.",
            "2. Jeder Spieler wählt eine Farbe.",
            "Spielplan",
            "Auf dem Spielplan seht ihr:",
            "12 Brunnenfelder",
            "Dann wird der Weg mit den Wegeplättchen wie folgt weitergelegt:",
            "Jeder muss die Stufen in dieser Reihenfolge schaffen:",
        ],
        {
            "Bereiten Sie das Spiel": ("lead-in", False),
            "Auf dem Spielplan seht": ("lead-in", False),
            "Dann wird der Weg": ("rule", True),
            "Jeder muss die Stufen": ("rule", True),
        },
    ),
    "a turn 'folgende' names tells when; what 'we' call a move is its definition": (
        [
            "Almwiesen",
            "Wer auf einer Almwiese ankommt, muss dort eine Runde rasten.",
            "In der folgenden Runde zieht der Spieler wieder wie gewohnt.",
            "Einen solchen Zug nennen wir „Abstieg“.",
            "Wer seine Etappe ausgelegt hat, nimmt sich danach die folgende Etappe vor.",
        ],
        {
            "In der folgenden Runde": ("rule", True),
            "Wer seine Etappe": ("rule", True),
            "Einen solchen Zug": ("definition", None),
        },
    ),
    "the story of a game's idea is flavour, how it is played a rule": (
        [
            "Spielidee",
            "Die Igel veranstalten ein Wettrennen.",
            "Stattdessen bezahlt man seine Züge mit Äpfeln.",
            "Rückwärts zu laufen kostet nichts.",
            "Wer geschickt haushaltet, kommt als Erster ans Ziel.",
            "Vorbereitung",
            "Jeder bekommt 65 Äpfel.",
        ],
        {
            "Die Igel": ("flavour", False),
            # Under the idea they sum up the rules the later sections give.
            "Stattdessen": ("rule", False),
            "Rückwärts": ("rule", False),
            "Wer geschickt": ("rule", None),
        },
    ),
    "the box's contents after the title are the component list": (
        [
            "Raus mit dir!",
            "Würfelspiel für 2 bis 4 Spieler ab 5 Jahren",
            "Inhalt: 1 Spielplan, 16 Spielfiguren in 4 Farben, 1 Würfel",
            "Ziel des Spiels",
            "Wer zuerst alle vier Figuren ins Haus gebracht hat, gewinnt.",
        ],
        {"Inhalt:": ("component", False)},
    ),
    "the booklet counted in the component list is a piece": (
        [
            "Inhalt",
            "96 Zahlenkarten",
            "8 Joker",
            "1 Spielanleitung",
            "Ziel des Spiels",
            "Wer als Erster alle Hürden überwunden hat, gewinnt.",
        ],
        {"1 Spielanleitung": ("component", False)},
    ),
    "a heading numbered in an outline is one, however its words end": (
        [
            "3.2 Keine Reifen mehr",
            "Hat ein Spieler kein Reifenplättchen mehr, darf er nur halb so weit fahren.",
        ],
        {"3.2 Keine Reifen mehr": ("section", None)},
    ),
    "an abbreviated example label labels an example": (
        [
            "Spielablauf",
            "Fällt der Turm um, dürfen alle helfen, ihn wieder aufzustellen.",
            "Bsp.: Der Turm kippt bei Max um.",
        ],
        {"Bsp.:": ("example", False)},
    ),
    "a duty exclaimed is a rule": (
        [
            "Schlagen",
            "Kommt eine Figur auf ein besetztes Feld, wird die andere geschlagen.",
            "Schlagen ist Pflicht!",
        ],
        {"Schlagen ist Pflicht": ("rule", True)},
    ),
    "numbered infinitives after a colon are the steps of a turn": (
        [
            "Spielablauf",
            "Wer am Zug ist, macht Folgendes:",
            "1. Eine Karte ziehen – vom Nachziehstapel oder vom Ablagestapel.",
            "2. Aufgabe auslegen, wenn möglich.",
            "3. Eine Karte auf den Ablagestapel legen.",
        ],
        {"1. Eine Karte": ("step", True), "2. Aufgabe": ("step", True), "3. Eine": ("step", True)},
    ),
    "short lines after a colon are its items": (
        [
            "Spielvorbereitung",
            "Die Plättchen werden wie folgt als Weg ausgelegt:",
            "10 Stapel mit jeweils 2 Plättchen",
            "10 einzelne Plättchen",
            "Danach stellt jeder Spieler seine Figuren auf das Startfeld.",
        ],
        {
            "10 Stapel": ("step", True),
            "10 einzelne": ("step", True),
            "Danach stellt": ("rule", True),
        },
    ),
    "a short question heads its paragraph": (
        [
            "Wertung",
            "Wie können Sie Ihre Strategie bewerten?",
            "Addieren Sie am Ende alle Punkte auf Ihren Karten.",
        ],
        {"Wie können Sie": ("section", None), "Addieren Sie": ("rule", True)},
    ),
    "a character speaking is flavour though it commands": (
        [
            "Spielregeln",
            "Der Papagei krächzt: „Willkommen auf meiner Insel! Unterhaltet mich gut! "
            "Zeigt, wer ihr seid!“ Dann fliegt er davon.",
            "Mischt die Karten und gebt jedem Spieler fünf Karten.",
        ],
        {
            "Unterhaltet mich": ("flavour", False),
            "Zeigt, wer": ("flavour", False),
            "Mischt die Karten": ("rule", True),
        },
    ),
    "advice is a rule no engine implements; a verb-first case is no advice": (
        [
            "Spielvorbereitung",
            "Nach ein oder zwei Partien sollten Sie den Spielplan variabel aufbauen.",
            "Solltest du keine Karten mehr haben, ziehst du sofort 3 Karten nach.",
            "Dann könntet ihr folgendes ausprobieren:",
            # A case a conjunction opens tells no one what to do.
            "Ein Narr darf immer gespielt werden, auch wenn der Spieler die Farbe bedienen könnte.",
        ],
        {
            "Nach ein oder zwei": ("rule", False),
            "Solltest du": ("rule", True),
            "Dann könntet": ("lead-in", False),
            "Ein Narr darf": ("rule", True),
        },
    ),
    "a colon after a copula or a caption leads in": (
        [
            "Die Tiere",
            "Die vorkommenden Tierarten sind:",
            "Vegetarier: Kaninchen, Elefant, Pferd",
            "Mögliche Züge eines Pferdes vom Feld e3 aus, sofern keine anderen Tiere im Weg"
            " stehen:",
            "Ein Pferd zieht immer zwei Felder geradeaus und eines zur Seite.",
        ],
        {
            "Die vorkommenden": ("lead-in", False),
            "Vegetarier:": ("definition", True),
            "Mögliche Züge": ("lead-in", False),
            "Ein Pferd zieht": ("rule", True),
        },
    ),
    "a component is described though a clause says what players may do": (
        [
            "Spielmaterial",
            "Giftflasche",
            "Die Giftflasche zeigt an, welche Zutat du auf keinen Fall verwenden möchtest.",
            "Spielvorbereitung",
            "Jeder Spieler erhält eine Giftflasche.",
        ],
        {"Die Giftflasche zeigt": ("component", False), "Jeder Spieler erhält": ("rule", True)},
    ),
    "rules before any heading end the assumed preface": (
        [
            "Die Tiere der Savanne leben seit Urzeiten in einem empfindlichen Gleichgewicht.",
            "Jeder Spieler erhält zu Beginn 6 Tiere einer Art.",
            "Die Raubtiere fressen die Pflanzenfresser.",
            "Das Spiel endet, wenn ein Spieler keine Tiere mehr hat.",
        ],
        {
            "Die Tiere der Savanne": ("flavour", False),
            "Jeder Spieler erhält": ("rule", True),
            "Die Raubtiere fressen": ("rule", True),
            "Das Spiel endet": ("rule", True),
        },
    ),
    "an essay section keeps its modal sentences as flavour": (
        [
            "Warum wir vernetzt denken sollten",
            "Wir glauben, dass wir jedes Problem einzeln lösen können.",
            "Dann sind wir überrascht, wenn sich die Dinge aufschaukeln.",
            "So etwas kann man üben.",
            "Spielablauf",
            "Jeder Spieler zieht 2 Karten.",
        ],
        {"So etwas kann man üben.": ("flavour", False), "Jeder Spieler zieht": ("rule", True)},
    ),
    "a sentence opening on the figure tells an example": (
        [
            "Rohstoffe",
            "Jede Siedlung erhält einen Rohstoff des Feldes, an das sie grenzt.",
            "In der Abbildung grenzt eine rote Siedlung an Wald, eine blaue an Weideland.",
        ],
        {"In der Abbildung": ("example", False), "Jede Siedlung": ("rule", True)},
    ),
    "a strategy hint is a note": (
        [
            "Angreifen",
            "Wer angreift, nennt den Rang seiner Figur.",
            "Wenn ein Spieler hohe Figuren kennt, ist dies ein großer Vorteil für seine Taktik.",
        ],
        {"Wenn ein Spieler hohe": ("note", False), "Wer angreift": ("rule", True)},
    ),
    "a row of named starting values is mechanical": (
        [
            "Spielbeginn",
            "Stellen Sie die Scheiben auf diese Anfangswerte:",
            "Aktionspunkte 8 Umweltbelastung 13 Vermehrungsrate 20",
        ],
        {"Aktionspunkte 8": ("rule", True)},
    ),
    "trademarks and literature are outside the rules": (
        [
            "Literatur",
            "A. Autor „Denken in Systemen“ (Großformat) Verlag Beispiel, Stuttgart 1980.",
            "Spielname® ist ein eingetragenes Warenzeichen und wird mit Genehmigung verwendet.",
        ],
        {"A. Autor": ("other", False), "Spielname®": ("other", False)},
    ),
    "where the box was printed and whom the author thanks are outside the rules": (
        [
            "Spielende",
            "Wer zuerst alle Karten abgelegt hat, gewinnt.",
            "Gedruckt in Deutschland auf Recyclingkarton.",
            "Danke an alle Testspieler, besonders an die Spielerunde aus Kiel!",
        ],
        {"Gedruckt in": ("other", False), "Danke an": ("other", False)},
    ),
    "a subsection of program documentation is other": (
        [
            "2 Spielregeln",
            "Jeder Spieler legt in seinem Zug einen Stein.",
            "2.2 Ein- und Ausgabe",
            "Die Ein- und Ausgabe kann textbasiert über die Konsole oder grafisch erfolgen.",
            "2.2.1 Textbasierte Eingabe",
            "Züge werden eingegeben, indem man die Koordinaten nennt.",
            "Die linke obere Ecke des Feldes hat die Koordinaten (A, 1), die rechte obere (T, 1).",
        ],
        {"Züge werden eingegeben": ("other", False), "Jeder Spieler legt": ("rule", True)},
    ),
    "a question to the reader rules nothing": (
        [
            "Variante",
            "Habt ihr zu Hause auch eine Aufgabe, die keiner gerne erledigt?",
            "Legt zu Beginn des Spiels fest, wer die Aufgabe übernimmt.",
        ],
        {"Habt ihr": ("flavour", False), "Legt zu Beginn": ("rule", True)},
    ),
    "a sentence-opening adverb or a compound is no player's name": (
        [
            "Spielvorbereitung",
            "Zuletzt erhält jeder Spieler für seine erste Siedlung die ersten Rohstoffe.",
            "Würfelt der Spieler eine 7, so erhält kein Spieler Rohstofferträge.",
            "Beispiel: Lotta (Rot) würfelt eine 7 und erhält keine Rohstoffe.",
        ],
        {
            "Zuletzt erhält": ("rule", True),
            "Würfelt der Spieler": ("rule", True),
            "Beispiel: Lotta": ("example", False),
        },
    ),
    "a bracketed aside naming an instance is an example": (
        [
            "Fressen",
            "Jedes Raubtier darf jedes Tier des Gegners fressen. "
            "(D. h. ein Pinguin kann z. B. einen Elefanten verspeisen.)",
        ],
        {"(D. h. ein Pinguin": ("example", False), "Jedes Raubtier": ("rule", True)},
    ),
    "an exclamation that binds no one is flavour": (
        ["Wertung", "Sie sind ein wahres Genie!", "Wer die meisten Punkte hat, gewinnt!"],
        {"Sie sind ein wahres": ("flavour", False), "Wer die meisten": ("rule", True)},
    ),
    "a heading over a paragraph ends a run of steps": (
        [
            "Bewertung",
            "1. Addieren Sie alle Punkte auf Ihren Karten.",
            "2. Suchen Sie die passende Rubrik in der folgenden Bewertung.",
            "Über 20 Punkte",
            "Der Klub der Denker nimmt Sie mit großem Vergnügen in seine Reihen auf.",
        ],
        {"2. Suchen Sie": ("step", True), "Über 20 Punkte": ("section", None)},
    ),
    "a labelled remark that states how play goes on is mechanical": (
        [
            "Spielablauf",
            "Jeder Spieler legt eine Karte ab.",
            "Erinnerung: Ab jetzt wird gegen den Uhrzeigersinn gespielt.",
        ],
        {"Erinnerung: Ab jetzt": ("note", True)},
    ),
    "a sentence of the component list that speaks to the players rules": (
        [
            "Spielmaterial",
            "Schild",
            "Das Schild zeigt an, welche Farbe du gewählt hast.",
            "Spielst du zu zweit, erhältst du ein zweites Schild.",
        ],
        {"Das Schild zeigt": ("component", False), "Spielst du zu zweit": ("rule", True)},
    ),
    "the items of a rule's colon bind as the rule does": (
        [
            "Spielbeginn",
            "Verteilen Sie nun 6 Punkte auf die 3 Gebiete:",
            "Wald",
            "Wiese",
            "Moor",
        ],
        {"Wald": ("rule", True), "Moor": ("rule", True)},
    ),
    "a count before a colon names what a thing has": (
        [
            "Spielmaterial",
            "Karten",
            "Jede Karte zeigt 3 Merkmale:",
            "Farbe, Zahl und Symbol",
            "Punkteblock",
            "Zum Notieren der Punkte.",
        ],
        {
            "Jede Karte zeigt": ("definition", True),
            "Farbe, Zahl": ("definition", True),
            "Punkteblock": ("section", None),
            "Zum Notieren": ("component", False),
        },
    ),
    "a word of computing in a manual without a program is no program matter": (
        ["Würfel", "Jeder Würfel zeigt 4 Attribute:", "Zahl, Farbe, Form und Füllung"],
        {"Jeder Würfel zeigt": ("definition", True)},
    ),
    "an aid to the players' memory is a rule no engine implements": (
        [
            "Wertung",
            "Als Gedächtnisstütze werden die gewerteten Karten offen ausgelegt.",
            "Wer die meisten Karten hat, gewinnt.",
        ],
        {"Als Gedächtnisstütze": ("rule", False), "Wer die meisten": ("rule", True)},
    ),
    "a clause opened by 'was' states, it does not announce": (
        ["Ziel", "Was zählt, ist die Summe der Augen auf den Karten."],
        {"Was zählt": ("rule", None)},
    ),
    "a reference in brackets does not make a rule other": (
        [
            "Spielende",
            "Das Spiel endet nach der zehnten Runde.",
            "Es sei denn, Sie spielen die Profivariante (vergleiche die Anleitung dazu).",
        ],
        {"Es sei denn": ("rule", True)},
    ),
    "a verdict on the reader's play and a wish are flavour": (
        [
            "Über 30 Punkte",
            "Auch Sie haben das Spiel mit Glanz gemeistert.",
            "Wenn alle so klug spielten, wäre die Welt ein besserer Ort.",
        ],
        {"Auch Sie haben": ("flavour", False), "Wenn alle so klug": ("flavour", False)},
    ),
    "a short imperative is a mechanical rule": (
        ["Spielablauf", "Mischt die Karten.", "Bomben und Mineure (3)."],
        {"Mischt die Karten": ("rule", True), "Bomben und Mineure": ("rule", False)},
    ),
    "a preface that addresses the players ends at the next heading": (
        [
            "Vorwort",
            "Dieses Spiel entführt euch in die Welt der Piraten. Viel Spaß!",
            "Die Karten",
            "Die Karten werden gemischt und als Stapel bereitgelegt.",
            "Eine Karte kostet 3 Münzen.",
        ],
        {
            "Dieses Spiel entführt": ("flavour", False),
            "Die Karten werden": ("rule", True),
            "Eine Karte kostet": ("rule", True),
        },
    ),
    "an essay preface goes on under a heading that names no part of the rules": (
        [
            "Vorwort",
            "Wir alle kennen Systeme, die anders reagieren, als wir denken.",
            "Ein Spiel über Systeme",
            "Ob Ihnen das gelingt, hängt ganz von Ihrem Geschick ab.",
            "Hier kann jeder nur mit 10 Zügen etwas bewegen.",
            "Allerdings ziehen Sie nach jeder 5. Runde eine Ereigniskarte.",
            "Spielanleitung",
            "Aufbau",
            "Die Karten werden gemischt.",
        ],
        {
            "Ob Ihnen das": ("flavour", False),
            "Hier kann jeder": ("flavour", False),
            "Allerdings ziehen Sie": ("rule", True),
            "Die Karten werden": ("rule", True),
        },
    ),
    "a hint stays one though a contrast restricts it, and what is important hints": (
        [
            "Angreifen",
            "Wer angreift, nennt den Rang seiner Figur.",
            "Wenn ein Spieler die Figuren des Gegners kennt, ist dies ein Vorteil, aber nur"
            " wenn er sie auch angreifen kann.",
            "Es ist also wichtig, dass man sich die Ränge gut merkt.",
        ],
        {"Wenn ein Spieler die": ("note", False), "Es ist also wichtig": ("note", False)},
    ),
    "readying the material and a matter of taste bind no engine": (
        [
            "Aufbau",
            "Stecken Sie die beiliegenden Stifte durch die Löcher der Scheiben.",
            "Dann gestalten Sie die Felder nach Ihren eigenen Vorstellungen.",
            "Jeder Spieler erhält 3 Karten.",
        ],
        {
            "Stecken Sie": ("rule", False),
            "Dann gestalten Sie": ("rule", False),
            "Jeder Spieler": ("rule", True),
        },
    ),
    "a label between numbered steps is no step": (
        [
            "Bewertung",
            "1. Zählen Sie alle Punkte auf Ihren Karten.",
            "Zwischensumme",
            "2. Teilen Sie die Zwischensumme durch 2.",
        ],
        {"Zwischensumme": ("other", False), "2. Teilen Sie": ("step", True)},
    ),
    "a table's header is other and its described rows define": (
        [
            "Die Gebiete",
            "Die Scheiben zeigen den Zustand jedes Gebiets.",
            "Gebiet Schlechtester Zustand Stellung der Scheibe Bester Zustand",
            "Wald Der Wald ist abgeholzt 1 20 Dichter Urwald mit Wild",
            "Fluss Fast ausgetrocknet 1 20 Klares Wasser",
        ],
        {
            "Gebiet Schlechtester": ("other", False),
            "Wald Der Wald": ("definition", True),
            "Fluss Fast": ("definition", True),
        },
    ),
    "under the board's heading how it is laid out defines, what players do rules": (
        [
            "Der Spielplan",
            "Der Waldweg beginnt am Startfeld und führt über 64 Felder bis zum Kobel.",
            "Am Fuß des Berges liegen die vier Basislager, eines in jeder Farbe.",
            "Hier betreten die Figuren den Waldweg.",
            "Gezogen wird stets im Uhrzeigersinn.",
            "Spielablauf",
            "Am Fuß des Berges liegen die Figuren, bis sie eine 6 würfeln.",
        ],
        {
            "Der Waldweg beginnt": ("definition", True),
            "Am Fuß des Berges liegen die vier": ("definition", True),
            "Hier betreten": ("rule", True),
            "Gezogen wird": ("rule", True),
            "Am Fuß des Berges liegen die Figuren": ("rule", True),
        },
    ),
    "what the board shows after a colon is no procedure; its places are defined": (
        [
            "2. Der Spielplan",
            "Außer den Feldern der Laufbahn zeigt der Spielplan folgendes:",
            "a) Startkreis: In jeder Ecke des Gartens liegt der Startkreis einer Farbe. Hier "
            "warten die Schnecken, bis sie ins Spiel kommen.",
            "b) Regenfelder: Zwei Felder hinter jedem Schneckenhaus liegt ein Regenfeld.",
            "3. Spielvorbereitung",
            "Vor Spielbeginn wird folgendes vorbereitet:",
            "a) Legt den Spielplan in die Mitte.",
        ],
        {
            "a) Startkreis": ("definition", True),
            "Hier warten": ("rule", True),
            "b) Regenfelder": ("definition", True),
            "a) Legt den Spielplan": ("step", True),
        },
    ),
    "the imprint, a price and a designer's credit are outside the rules": (
        [
            "Spielende",
            "Wer zuerst alle Schnecken im Ziel hat, gewinnt.",
            "Mehr Spiele findet ihr unter:",
            "© 1986 Kranich Spiele, Am Möwenkai 7, 24103 Kiel",
            "Entwurf: Gudrun Hellwig",
            "VEB Holzspielwaren Grünhain, DDR – 9434 Grünhain",
            "EVP 3,20 M",
        ],
        {
            "© 1986": ("other", False),
            "Entwurf:": ("other", False),
            "VEB Holzspielwaren": ("other", False),
            "EVP": ("other", False),
        },
    ),
    "under the game's aim the rules are summed up, but for who wins": (
        [
            "Ziel des Spiels",
            "Ihr springt mit euren Fröschen vom Ufersteg bis zum Königsblatt.",
            "Jeden Sprung bezahlt ihr mit Fliegen.",
            "Wer als Erster auf dem Königsblatt sitzt, gewinnt.",
            "Springen",
            "Jeden Zug bezahlt ihr mit Fliegen.",
        ],
        {
            "Ihr springt": ("rule", False),
            "Jeden Sprung": ("rule", False),
            "Wer als Erster": ("rule", True),
            "Jeden Zug": ("rule", True),
        },
    ),
    "a box lid's rules begin at a run-in label that names their part": (
        [
            "PILZKREIS",
            "Das flinke Wichtel-Würfelspiel",
            "Für 2 bis 4 Spieler von 5 bis 99 Jahren",
            "Wenn der Vollmond über dem Wald steht, treffen sich die Wichtel im Pilzkreis.",
            "Spielziel: Jeder bringt seine vier Wichtel auf die Hutfelder seiner Farbe.",
            "Vorbereitung: Jeder wählt eine Farbe und setzt seine Wichtel in die Höhle.",
            "Übrige Wichtel bleiben in der Schachtel.",
            "So wird gespielt: Wer an der Reihe ist, würfelt einmal und zieht.",
            "Kannst du ziehen, mußt du es auch tun.",
        ],
        {
            "Wenn der Vollmond": ("flavour", False),
            "Vorbereitung:": ("rule", True),
            "Übrige Wichtel": ("rule", True),
            "Kannst du ziehen": ("rule", True),
        },
    ),
    "a comment on what was said is one remark with the case it gives": (
        [
            "Spielablauf",
            "Zu Beginn jeder Runde zieht jeder Spieler zwei Karten vom Stapel.",
            "Das ist natürlich nicht ganz fair. Bei „Wald“ oder „Wiese“ zum Beispiel"
            " hängt eine solche Ziehung sehr vom Glück ab.",
            "Das ist nur einmal pro Runde möglich.",
            "Das ist der letzte Schritt der Runde.",
        ],
        {
            "Das ist natürlich nicht ganz fair. Bei": ("note", False),
            "Das ist nur": ("rule", True),
            "Das ist der letzte": ("rule", True),
        },
    ),
    "cases drawn with also and run on with usw. are an example": (
        [
            "Wertung",
            "Jede Farbe zählt für sich.",
            "Also zählen drei rote Steine drei Punkte, zwei blaue Steine zwei Punkte usw."
            " Jede Farbe wird am Ende einzeln gezählt.",
            "Also erhält der erste Spieler 2 Karten, der zweite 3 usw.",
        ],
        {
            "Also zählen": ("example", False),
            "Jede Farbe wird": ("rule", True),
            "Also erhält": ("rule", True),
        },
    ),
    "an instance named in a clause of a rule leaves it a rule": (
        [
            "Eigene Karten",
            "Ihr solltet zuerst alle Karten genau abzeichnen, so wie das z.B. bei der"
            " Karte „Wald“ (Seite 3) gezeigt ist.",
            "Man kann auch mit Zahlen spielen, z.B.: „Meine 4 schlägt deine 2.“",
        ],
        {"Ihr solltet": ("rule", False), "Man kann": ("example", False)},
    ),
    "an instance of what a sentence denies leaves it a statement": (
        [
            "Die Leiste",
            "Die Leiste zeigt nicht, wie viele Punkte z.B. ein Spieler mit 3 Karten hat,"
            " sondern wie viele er in dieser Runde gewinnt.",
            "Die Leiste zeigt, wie viele Punkte z.B. ein Spieler mit 3 Karten hat.",
        ],
        {"Die Leiste zeigt nicht": ("rule", None), "Die Leiste zeigt,": ("example", False)},
    ),
    "a connective after a hint joins a remark, not a rule": (
        [
            "Bauen",
            "Es ist ein großer Vorteil, früh Städte zu bauen. Daher lohnt sich ein früher Handel.",
            "Es ist ein großer Vorteil, früh Türme zu bauen. Daher baut der Startspieler zuerst.",
        ],
        {
            "Es ist ein großer Vorteil, früh Städte zu bauen. Daher": ("note", False),
            "Es ist ein großer Vorteil, früh Türme zu bauen.": ("note", False),
            "Daher baut": ("rule", True),
        },
    ),
    "a guess is a remark, unless a contrast states the rule": (
        [
            "Handel",
            "Ihr dürft jederzeit mit den anderen Spielern tauschen.",
            "Und wenn es klappt, dann bekommt ihr vielleicht die Karte, die euch noch fehlt.",
            "Die Karte kommt vielleicht erst spät ins Spiel, aber sie zählt doppelt.",
            "Eventuell übrige Karten werden abgelegt.",
        ],
        {
            "Und wenn es klappt": ("note", False),
            "Die Karte kommt": ("rule", True),
            "Eventuell übrige": ("rule", True),
        },
    ),
    "a credit's value without a colon is outside the rules": (
        [
            "Spielende",
            "Wer zuerst 10 Punkte hat, gewinnt.",
            "Version 2.3",
        ],
        {"Version 2.3": ("other", False), "Wer zuerst": ("rule", True)},
    ),
    "a longer question heads its paragraph": (
        [
            "Wertung",
            "Was bedeuten für Sie die Zahlen am Rand der Scheiben?",
            "Addieren Sie am Ende alle Punkte auf Ihren Karten.",
        ],
        {"Was bedeuten": ("section", None)},
    ),
    "a team is a player; the publisher's good wishes make no section flavour": (
        [
            "Spielende",
            "Das Team, das als Erstes das Ziel erreicht, gewinnt das Spiel.",
            "Viel Spaß wünscht Ihnen Ihr Spieleverlag!",
        ],
        {"Das Team": ("rule", True)},
    ),
    "a team told by its colour with values is a story": (
        [
            "Spielablauf",
            "Wer an der Reihe ist, würfelt und zieht seine Figur vor.",
            "Team Rot würfelt eine 5 und landet auf dem Stern.",
        ],
        {"Team Rot": ("example", False)},
    ),
    "acting a word out is a rule of play, not what a thing represents": (
        [
            "Spielablauf",
            "Auf einem Handfeld wird der Begriff pantomimisch dargestellt.",
            "Wer dabei spricht, verliert die Karte.",
        ],
        {"Auf einem Handfeld": ("rule", True)},
    ),
    "a heading said as a clause heads its section": (
        [
            "So spielst du",
            "Ziehe eine Karte und lege danach eine Karte ab.",
        ],
        {"So spielst du": ("section", None), "Ziehe eine": ("rule", True)},
    ),
    "a question for what is in the box heads the component list": (
        [
            "Kartenfieber",
            "Was ist in der Schachtel?",
            "• 96 Zahlenkarten",
            "• 8 Fieberkarten",
            "Das Ziel",
            "Wer zuerst keine Karten mehr hat, gewinnt.",
        ],
        {"• 96 Zahlenkarten": ("component", False), "• 8 Fieberkarten": ("component", False)},
    ),
    "what a thing consists of keeps its instance": (
        [
            "Kombinationen",
            "Eine Folge besteht aus Karten mit aufeinanderfolgenden Zahlen, zum Beispiel 4, 5, 6.",
            "Die Farben spielen dabei keine Rolle.",
        ],
        {"Eine Folge": ("definition", None)},
    ),
    "an exception named as such rules, though it says what it is": (
        [
            "Sonderfelder",
            "Rückwärts ziehen darf keine Maus.",
            "Die einzige Ausnahme ist der Rückzug auf ein Katzenfeld: Sie ziehen Ihre Maus "
            "auf das nächste freie Katzenfeld zurück.",
        ],
        {"Die einzige Ausnahme": ("rule", True)},
    ),
    "a count of players is no throw, and the game's duration without its colon is none": (
        [
            "DACHSRENNEN",
            "Ein Wettlauf mit Köpfchen",
            "Für 2 bis 6 Spieler ab 10 Jahren",
            "Spieldauer etwa 45 Minuten",
            "Wenn im Herbst das Laub fällt, treffen sich die Dachse zu ihrem Wettlauf.",
            "Vorbereitung",
            "Jeder Spieler erhält 65 Wurzeln. Bei 5 und 6 Spielern erhält jeder jedoch 80 Wurzeln.",
        ],
        {"Spieldauer etwa": ("other", False), "Bei 5 und 6": ("rule", True)},
    ),
    "a term for a field by a thing; advice in a rule or a remark binds no engine": (
        [
            "Der Spielplan",
            "Abflugfeld: das Wegfeld in deiner Farbe direkt neben dem Vogelhäuschen.",
            "Vorbereitung",
            "Wer zuerst ankommt, sollte die Karten mischen.",
            "Jeder Spieler erhält 68 Kerbel.",
            "Achtung: Auf fremden Startfeldern sollte man sich nicht länger als nötig aufhalten.",
        ],
        {
            "Achtung: Auf fremden": ("note", False),
            "Abflugfeld: das Wegfeld": ("definition", None),
            "Wer zuerst ankommt": ("rule", False),
            "Jeder Spieler erhält": ("rule", True),
        },
    ),
    "players asked to try rules are led to them; a pointer in du, a wish after a cheer": (
        [
            "Für Profis",
            "Wenn ihr das Spiel schon gut kennt, probiert diese beiden Zusatzregeln aus.",
            "Der Kuckuck darf jeden Vogel verscheuchen, auch im Nest.",
            "Wozu die Nester gut sind, erfährst du auf Seite 3.",
            "Tipp: Einen Sehnenriss spielst du am besten gegen den, der kurz\n"
            "davor ist, die Runde zu beenden, denn dann tut er am meisten weh.\n"
            "Alle ins Gold – viel Spaß mit Zehnbogen!",
        ],
        {
            "Wenn ihr das Spiel": ("lead-in", False),
            "Der Kuckuck darf": ("rule", True),
            "Wozu die Nester": ("other", False),
            "Tipp: Einen Sehnenriss": ("note", None),
            "Alle ins Gold": ("other", False),
        },
    ),
    "a request to bear in mind what follows is a remark; a rule said as should be done": (
        [
            "Häufige Fragen",
            "Muss ich einen gezogenen Kompass sofort verwenden?",
            "Nein, du darfst ihn auf der Hand behalten. Bedenke aber, dass er am Rundenende "
            "25 Strafpunkte kostet.",
            "Die Initiativekarte sollte nicht weitergegeben werden, wenn der Spieler keine "
            "Flugzeuge mehr hat.",
            "Man sollte daher stets ein paar Karten zurückhalten.",
        ],
        {
            "Nein, du darfst": ("rule", True),
            "Bedenke aber": ("note", False),
            "Die Initiativekarte sollte": ("rule", True),
            "Man sollte daher": ("rule", False),
        },
    ),
}


@pytest.mark.parametrize(("lines", "expected"), KIND_CASES.values(), ids=KIND_CASES.keys())
def test_kinds_told_by_cues_and_structure(
    builder: GraphBuilder,
    tmp_path: Path,
    lines: list[str],
    expected: dict[str, tuple[str, bool | None]],
) -> None:
    graph = graph_of(builder, tmp_path, lines, blank=True)
    for start, (kind, mechanical) in expected.items():
        found = kind_of(graph, start)
        assert found[0] == kind, (start, found)
        if mechanical is not None:
            assert found[1] is mechanical, (start, found)


def test_credits_with_compound_or_abbreviated_labels_are_outside_the_rules(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielende",
        "Wer zuerst 10 Punkte hat, gewinnt.",
        "3D-Grafik: Andrea Beispielfrau",
        "Art.-Nr.: 693602",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "3D-Grafik")[0] == "other"
    # The number stays with its label.
    assert kind_of(graph, "Art.-Nr.: 693602") == ("other", False)


def test_a_table_row_is_no_heading(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Die Bereiche",
        "Die Werte der Scheiben reichen vom schlechtesten zum besten Zustand.",
        "Produktion Die Wirtschaft liegt darnieder 1 29 Überkapazitäten und Konsumterror",
        "Umweltbelastung Ungestörte Ökosysteme 1 29 Zusammenbruch der natürlichen Regulation",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    sections = [n.text for n in graph.nodes if n.kind == "section"]
    assert not any(text.startswith(("Produktion", "Umweltbelastung")) for text in sections)
    assert kind_of(graph, "Produktion Die Wirtschaft")[1] is True


def test_an_example_goes_on_through_the_moment_it_tells(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Brücken",
        "Eine Brücke darf jeder Spieler kostenlos überqueren.",
        "Beispiel: Philipp (Blau) legt seine Brücke über die Lücke. "
        "Für alle folgenden Figuren ist die Überquerung jetzt kostenlos.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    texts = [n.text for n in graph.nodes if n.kind == "example"]
    assert any(t.startswith("Beispiel: Philipp") and "jetzt kostenlos" in t for t in texts)


def test_a_term_defined_by_a_count_in_digits_is_a_testable_definition(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    # A glossary of card combinations: the counts are set in digits, some with instances
    # after "z. B."; the box's facts keep their own kind.
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Spieler: 2 – 6 Personen",
            "Inhalt: 1 Spielplan, 6 Figuren, 1 Würfel",
            "Begriffe",
            "Drilling: 3 Karten mit der gleichen Zahl, z. B. 7, 7, 7.",
            "Farbe: 7 Karten einer Farbe",
            "Die Stufen",
            "1. Stufe: 2 Sätze aus je drei Karten",
            "2. Stufe: 1 Folge aus sieben Karten",
            "Spielablauf",
            "Wer an der Reihe ist, zieht eine Karte und legt danach eine Karte ab.",
            "Pinguin: Bewegt sich genau ein Feld in gerader Richtung.",
            "Impressum",
            "Autor: Klaus Teuber",
        ],
        blank=True,
    )
    assert kind_of(graph, "Drilling: 3 Karten") == ("definition", True)
    # A capitalised verb opens a rule, a name a credit: neither is a term's noun phrase.
    assert kind_of(graph, "Pinguin: Bewegt")[0] == "rule"
    assert kind_of(graph, "Autor: Klaus")[0] == "other"
    assert kind_of(graph, "Farbe: 7 Karten") == ("definition", True)
    assert kind_of(graph, "Spieler: 2 – 6 Personen") == ("rule", True)
    assert kind_of(graph, "Inhalt: 1 Spielplan")[0] == "component"
    # A numbered label names a part of a sequence, not a term: the part demands a count
    # of things, a rule, and does nothing, no step.
    assert kind_of(graph, "1. Stufe: 2 Sätze")[0] == kind_of(graph, "2. Stufe")[0] == "rule"


def test_another_player_joins_a_story_told_of_named_players(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Anna deckt eine rote und eine blaue Karte auf und hört auf. Sie behält beide. "
        "Danach deckt Tim eine grüne und eine zweite grüne Karte auf. Er verliert alle."
    )
    lines = [
        "Ablauf",
        "Wer an der Reihe ist, deckt Karten auf, bis er aufhört oder eine Farbe doppelt hat.",
        story,
        "Die Jokerkarte gilt als Karte jeder Farbe.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [n.text for n in graph.nodes if n.kind == "example"] == [story]


def test_a_noun_alone_heads_its_section_though_spacy_counts_it_a_stop_word(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Ablauf",
        "Wer an der Reihe ist, deckt eine Karte auf. Sie zählt am Ende nicht mit.",
        "Ende",
        "Ist der Stapel aufgebraucht, endet das Spiel.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Ende") == ("section", False)


@pytest.mark.parametrize("label", ["BEISPIEL", "Beispiel"])
def test_a_label_word_alone_without_its_colon_labels_what_follows(
    builder: GraphBuilder, tmp_path: Path, label: str
) -> None:
    story = (
        "Lea legt eine Waldkarte neben die Startinsel. Die Waldkante passt zur Waldkante "
        "der Startinsel, also darf sie die Karte dort anlegen."
    )
    lines = [
        "Karten anlegen",
        "Wer am Zug ist, legt eine Landschaftskarte an die Insel an. Die Kante der neuen",
        "Karte muss zu allen Nachbarkarten passen.",
        label,
        "Lea legt eine Waldkarte neben die Startinsel. Die Waldkante passt zur Waldkante",
        "der Startinsel, also darf sie die Karte dort anlegen.",
        "Tipp",
        "Baut eure Häfen früh, bevor die Küsten besetzt sind.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    nodes = [(n.kind, n.text, n.mechanical) for n in graph.nodes]
    assert ("example", f"{label} {story}", False) in nodes
    assert ("note", "Tipp Baut eure Häfen früh, bevor die Küsten besetzt sind.", False) in nodes


def test_a_labelled_exception_that_names_a_case_goes_on_with_what_holds_then(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielablauf",
        "Das A-Feld muss immer sofort frei gemacht werden, solange noch Figuren auf den "
        "B-Feldern stehen. Ausnahme: Das A-Feld ist mit einer eigenen Figur besetzt. Dann "
        "muss zuerst diese Figur weitergezogen werden.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    texts = [n.text for n in graph.nodes if n.kind != "section"]
    assert texts[-1] == (
        "Ausnahme: Das A-Feld ist mit einer eigenen Figur besetzt. "
        "Dann muss zuerst diese Figur weitergezogen werden."
    )
    assert [e.type for e in graph.edges].count("exception-of") == 1


def test_a_term_described_by_what_or_where_it_is_is_a_definition(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(
        builder,
        tmp_path,
        [
            "Der Spielplan",
            "Stall: In jeder Ecke liegt der Stall einer Farbe mit Platz für vier Figuren.",
            "Hüttenfeld: Die vier Hütten sind sichere Rastplätze am Berg.",
            "Häuschen: Hier starten eure Hütchen.",
            "Joker: Ein Joker ersetzt jede beliebige Karte.",
            "Paar: Zwei Karten mit demselben Wert bilden ein Paar.",
            "Entsprechend besteht ein Vierling aus vier Karten mit demselben Wert.",
            "Ein Zug besteht also immer aus Würfeln und Ziehen.",
        ],
        blank=True,
    )
    assert kind_of(graph, "Paar: Zwei Karten")[0] == "definition"
    assert kind_of(graph, "Entsprechend besteht")[0] == "definition"
    assert kind_of(graph, "Ein Zug besteht also")[0] == "definition"
    assert kind_of(graph, "Stall: In jeder Ecke")[0] == "definition"
    assert kind_of(graph, "Hüttenfeld:")[0] == "definition"
    assert kind_of(graph, "Häuschen: Hier starten")[0] == "rule"
    assert kind_of(graph, "Joker: Ein Joker ersetzt")[0] == "rule"


def test_the_box_warning_the_childrens_box_facts_and_a_pointing_lead_in(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(
        builder,
        tmp_path,
        [
            "APFELERNTE",
            "Für 2–4 Kinder von 4 bis 99 Jahren",
            "Die Dohle",
            "Von oben nach unten gilt diese Rangfolge:",
            "Rot: Pflücke einen roten Apfel.",
            "Korb: Pflücke zwei Äpfel.",
            "Warnhinweis: Nicht für Kinder unter 3 Jahren geeignet.",
            "Nicht geeignet für Kinder unter 36 Monaten.",
        ],
        blank=True,
    )
    assert kind_of(graph, "Für 2–4 Kinder")[0] == "rule"
    assert kind_of(graph, "Von oben nach unten")[0] == "lead-in"
    assert kind_of(graph, "Warnhinweis")[0] == "other"
    assert kind_of(graph, "Nicht geeignet")[0] == "other"


def test_a_quoted_call_goes_on_in_its_sentence(builder: GraphBuilder, tmp_path: Path) -> None:
    call = "Misstraust du der Ansage, rufst du laut „Angezweifelt!“ und hebst den Becher hoch."
    graph = graph_of(builder, tmp_path, ["Anzweifeln", call], blank=True)
    assert [node.text for node in graph.nodes if node.kind == "rule"] == [call]


def test_the_games_story_after_the_component_list_is_flavour(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielinhalt",
        "1 Spielplan",
        "16 Kegel in den Farben Gelb, Rot, Blau und Grün",
        "1 Würfel",
        "Die Geschichte",
        "Das Dorffest ist vorbei.",
        "Vier Familien machen sich gleichzeitig auf den Weg nach Hause.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "1 Würfel")[0] == "component"
    assert kind_of(graph, "Das Dorffest")[0] == "flavour"
    assert kind_of(graph, "Vier Familien")[0] == "flavour"


def test_under_the_games_idea_a_story_in_general_words_is_flavour(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Darum geht’s",
        "Hoch oben im Wald entspringt ein kleiner Bach.",
        "Die Otter tragen dort ihr großes Herbstrennen aus.",
        "Wer zu schnell lospaddelt, dem gehen unterwegs die Kräfte aus.",
        "Jeder Otter möchte als Erster am Mühlteich sein.",
        "Wer als Erster im Mühlteich ankommt und die wenigsten Kiesel hat, gewinnt.",
        "Ziel des Spiels",
        "Wer im Mühlteich die wenigsten Kiesel übrig hat, ist Sieger.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    for story in lines[1:5]:
        assert kind_of(graph, story[:20]) == ("flavour", False)
    assert kind_of(graph, "Wer als Erster im Mühlteich")[0] == "rule"
    assert kind_of(graph, "Wer im Mühlteich die wenigsten")[0] == "rule"


def test_a_story_heading_ends_the_counted_component_list(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielmaterial",
        "1 Spielplan",
        "16 Spielfiguren in vier Farben",
        "1 Würfel",
        "Rund um die Mühle",
        "Am Mühlbach klappert die alte Mühle von Meister Korbinian.",
        "Doch der Pfad rund um den Mühlteich ist schmal.",
        "Der Spielplan",
        "Der Laufweg besteht aus 48 Feldern.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "1 Würfel")[0] == "component"
    assert kind_of(graph, "Am Mühlbach") == ("flavour", False)
    assert kind_of(graph, "Doch der Pfad") == ("flavour", False)
    assert kind_of(graph, "Der Laufweg")[0] == "definition"


def test_a_players_question_leads_to_its_answer_and_a_teaser_asks_the_reader(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Wer wird der flinkste Hamster vom Feldrain? Ein Rennen für die ganze Familie.",
        "Alle Einzelheiten findet ihr auf den folgenden Seiten.",
        "Häufige Fragen",
        "Darf ich die Karte, die ich vom Ablagestapel genommen habe, gleich wieder ablegen?",
        "Nein. Sie müssen eine andere Karte ablegen.",
        "Muss man eine Aussetzen-Karte sofort spielen?",
        "Nein, Sie dürfen sie auch behalten.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Wer wird der flinkste")[0] == "flavour"
    assert kind_of(graph, "Alle Einzelheiten")[0] == "other"
    assert kind_of(graph, "Darf ich die Karte") == ("lead-in", False)
    assert kind_of(graph, "Muss man eine") == ("lead-in", False)


def test_an_exception_opened_by_its_word_and_ranks_by_ordinals_tell_no_story(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Was heißt was?",
        "Auch bei einer Folge ist die Farbe gleichgültig. Ausnahme ist Level 8: Hier "
        "müssen alle Karten der Folge dieselbe Farbe haben.",
        "Sonderfälle",
        "Ausnahme beim ersten Zug: Ist die erste aufgedeckte Karte eine Stopp-Karte, muß "
        "der Spieler links vom Kartengeber sofort aussetzen.",
        "Zahlenfelder",
        "Passt dein Platz genau zur Zahl auf dem Feld, bekommst du zehnmal so viele Nüsse.",
        "Das Zahlenfeld 4 gilt auch für den 5. und 6. Platz.",
        "Lisa würfelt 5 und 6.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Ausnahme ist Level 8")[0] == "rule"
    assert kind_of(graph, "Ausnahme beim ersten Zug")[0] == "rule"
    assert kind_of(graph, "Das Zahlenfeld 4") == ("rule", True)
    assert kind_of(graph, "Lisa würfelt")[0] == "example"


def test_a_story_told_in_brackets_is_one_example(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "So wird gespielt",
        "Hast du kein Hütchen auf der Laufbahn, darfst du bis zu dreimal würfeln. (Rot hat "
        "noch alle Hütchen auf den B-Feldern und würfelt eine 3, dann eine 6. Rot stellt ein "
        "Hütchen auf sein A-Feld.)",
        "Eine 6 bringt ein Hütchen aus dem Startkreis. (Gelb hat ein Hütchen auf dem A-Feld "
        "und ein zweites genau drei Felder davor. Bei einer 3 zieht Gelb das vordere.)",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "(Rot hat noch") == ("example", False)
    assert kind_of(graph, "(Gelb hat ein") == ("example", False)
    assert "Bei einer 3 zieht Gelb das vordere.)" in kind_of_text(graph, "(Gelb hat ein")


def kind_of_text(graph: RuleGraph, start: str) -> str:
    """The text of the node whose text starts with `start`."""
    return next(node.text for node in graph.nodes if node.text.startswith(start))


def test_greetings_wishes_tips_and_pointers_to_the_next_page_are_no_rules(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Vorwort",
        "Liebe Spielfreunde!",
        "Hinter der alten Klostermühle liegt ein großer Gemüsegarten, und einmal im Jahr "
        "treffen sich dort die Schnecken zum großen Rennen.",
        "Die zehn Phasen",
        "Die Phasen müssen in dieser Reihenfolge erfüllt werden:",
        "Phase 1 – 2 Drillinge",
        "Phase 2 – 1 Drilling + 1 Viererfolge",
        "Wie die einzelnen Kombinationen aussehen, erfahrt ihr auf der nächsten Seite.",
        "Zwilling, Vierling und Fünfling bestehen entsprechend aus zwei, vier und fünf "
        "Karten mit derselben Zahl.",
        "Tips für Fortgeschrittene",
        "Wer zu Beginn weit vorausprescht, bezahlt teuer dafür. Oft ist es klüger, mit "
        "kurzen Zügen zu folgen.",
        "Viel Spaß beim Hütchenlauf!",
        "Wir wünschen Ihnen viele vergnügliche Stunden!",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Liebe Spielfreunde")[0] == "other"
    assert kind_of(graph, "Wir wünschen Ihnen")[0] == "other"
    assert kind_of(graph, "Viel Spaß beim")[0] == "other"
    assert kind_of(graph, "Phase 1 – 2") == ("rule", True)
    assert kind_of(graph, "Wie die einzelnen")[0] == "other"
    assert kind_of(graph, "Zwilling, Vierling")[0] == "definition"
    assert kind_of(graph, "Wer zu Beginn") == ("note", False)
    assert "Oft ist es klüger" in kind_of_text(graph, "Wer zu Beginn")


def test_a_card_among_the_values_of_an_example_is_no_player(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Kobolde",
        "Legst du einen Kobold aus oder an, sagst du laut, für welche Karte er steht.",
        "(Beispiel: Nora legt Rot 4, Kobold, Kobold und Grün 7 als Viererkette aus. Die "
        "beiden Kobolde gelten als 5 und 6.)",
        "Den Kobold musst du dann noch im selben Zug wieder auslegen oder anlegen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Den Kobold musst") == ("rule", True)


def test_a_greeting_opens_the_games_story_and_a_wish_ends_the_example_before_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielregel",
        "Liebe Wichtelfreunde!",
        "Tief im Tannenwald wohnen die Wichtel in kleinen Hütten aus Moos und Rinde.",
        "Der Spielplan",
        "Neben den einfachen Feldern gibt es fünf Arten von Sonderfeldern. Sie werden auf "
        "Seite 3 erklärt.",
        "Was ihr bei den einzelnen Schritten beachten müsst, lest ihr in den folgenden "
        "Abschnitten.",
        "Spielende",
        "Beispiel: Ein Spieler hat die blaue 1, 2, 4 und 6 auf der Hand. Er sagt Abschnitt 8 an.",
        "Viel Vergnügen mit ZEHNKARTEN wünscht Ihnen Ihr Kästner-Spiele-Verlag!",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Tief im Tannenwald") == ("flavour", False)
    assert kind_of(graph, "Sie werden auf Seite 3")[0] == "other"
    assert kind_of(graph, "Was ihr bei den")[0] == "other"
    assert kind_of(graph, "Viel Vergnügen mit")[0] == "other"
    assert "Viel Vergnügen" not in kind_of_text(graph, "Beispiel: Ein Spieler")


def test_an_aside_in_brackets_after_a_sentence_ends_where_it_closes(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Die Kombinationen",
        "Drilling: Drei Karten mit derselben Zahl bilden einen Drilling. Die Farben spielen "
        "dabei keine Rolle. (Beispiel: Rot 7, Blau 7, Blau 7) Zwilling, Vierling und "
        "Fünfling bestehen entsprechend aus zwei, vier und fünf Karten mit derselben Zahl.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Zwilling, Vierling")[0] == "definition"
    assert "Zwilling" not in kind_of_text(graph, "(Beispiel: Rot 7")


def test_a_piece_named_before_a_relative_clause_is_no_player(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Wie kommt ein Käfer ins Ziel?",
        "Lisa spielt mit Blau. Sie würfelt eine 6 und holt ihren zweiten Käfer aus dem Nest.",
        "Käfer, die schon in der Heimwabe angekommen sind und dort nicht mehr weiterkönnen, "
        "zählen nicht mit.",
        "Endet dein Zug auf einem Feld, auf dem ein fremder Käfer sitzt, wird dieser geschlagen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Lisa spielt")[0] == "example"
    assert kind_of(graph, "Käfer, die schon")[0] == "rule"
    assert kind_of(graph, "Endet dein Zug") == ("rule", True)


def test_the_board_described_under_its_own_heading_is_defined_not_listed(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    described = "Auf dem Spielplan führt ein Waldweg aus 48 Feldern einmal rund um den Wald."
    lines = [
        "Spielmaterial",
        "1 Spielplan",
        "16 Füchse aus Holz",
        "Der Spielplan",
        described,
        "Vier Felder des Waldwegs sind als Lichtung gezeichnet.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "1 Spielplan")[0] == "component"
    assert kind_of(graph, described[:30])[0] == "definition"
    assert kind_of(graph, "Vier Felder des Waldwegs")[0] == "definition"


def test_a_table_of_counts_against_counts_states_what_a_move_costs(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Die Kosten eines Fluges",
        "Die Kostentafel, die jeder Spieler vor sich liegen hat, lautet:",
        "1 Feld – 1 Nuß",
        "2 Felder – 3 Nüsse",
        "3 Felder – 6 Nüsse",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "2 Felder – 3 Nüsse") == ("rule", True)


def test_a_leaflets_numbered_paragraphs_are_rules_sentence_by_sentence(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "SPATZENRENNEN",
        "Ein lustiges Würfelspiel für 2 bis 4 Spieler von 6 Jahren an",
        "Wenn im Frühjahr die Sonne scheint, ist bei den Spatzen der Teufel los. Aus allen "
        "Ecken flattern sie herbei.",
        "1) Zum Spiel gehören ein Spielplan, 16 Spatzen und ein Würfel. Der Spielplan zeigt "
        "einen Garten. Rund um den Garten führt der Gartenweg mit 48 Feldern. In jeder Ecke "
        "liegt ein Nest.",
        "2) Jeder Spieler wählt eine Farbe und stellt seine vier Spatzen in das Nest. Vor "
        "Beginn würfelt jeder Spieler einmal. Wer die höchste Augenzahl hat, fängt an. Dann "
        "geht es reihum weiter.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Vor Beginn würfelt jeder")[0] == "rule"
    assert kind_of(graph, "Rund um den Garten führt")[0] == "definition"
    assert not [node for node in graph.nodes if node.kind == "step"]


def test_a_thing_the_manual_counts_names_no_player(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Klee",
        "Klee ist die Währung der Schafweide: Mit ihm bezahlst du jeden Zug.",
        "Zu Beginn bekommt jeder 70 Klee aus dem Vorrat.",
        "Wie viel Klee du hast, dürfen alle jederzeit sehen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert not [node for node in graph.nodes if node.kind == "example"]


def test_a_remarks_label_of_words_alone_on_its_line_opens_the_remark(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Der Spielplan",
        "Der Weg führt über 64 Felder.",
        "Gut zu wissen",
        "Die Felder sind von 1 bis 64 durchnummeriert. So kannst du leicht nachzählen.",
        "Ablauf",
        "Wer an der Reihe ist, zieht.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    notes = [node.text for node in graph.nodes if node.kind == "note"]
    assert notes == [
        "Gut zu wissen Die Felder sind von 1 bis 64 durchnummeriert. So kannst du leicht "
        "nachzählen."
    ]


def test_a_run_in_label_opens_the_component_list_and_a_numbered_demand_is_a_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "ZEHNKRONEN",
        "Für 2–6 Spieler ab 8 Jahren",
        "Inhalt: 108 Spielkarten",
        "96 Zahlenkarten (1 bis 12 in vier Farben)",
        "8 Narren",
        "4 Bannkarten",
        "Ziel: Ihr versucht, die zehn Kronen der Reihe nach zu erfüllen.",
        "Diese zehn Kronen gibt es:",
        "1 – 2 Drillinge",
        "2 – 1 Drilling + 1 Viererfolge",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "8 Narren")[0] == "component"
    assert kind_of(graph, "1 – 2 Drillinge") == ("rule", True)


def test_the_board_described_in_the_paragraph_of_the_component_list_is_defined(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    described = (
        "Auf dem Spielplan ist eine Rennbahn aus 40 runden Feldern aufgedruckt, die im "
        "Viereck um die Mitte des Planes herumführt."
    )
    lines = [
        "KEGELRENNEN",
        f"SPIELMATERIAL: 1 Spielplan, 16 Kegel aus Holz und 1 Würfel. {described}",
        "ZIEL DES SPIELES: Jeder Spieler versucht, seine vier Kegel ins Ziel zu bringen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, described[:30])[0] == "definition"


def test_a_variants_list_of_rule_changes_is_led_in_and_the_rest_binds_no_engine(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Vorwärts ziehen",
        "Sage zuerst an, wie viele Felder du ziehen willst. Dann zahlst du die Linsen.",
        "Für kleine Kinder",
        "Spielen sehr kleine Kinder mit, könnt ihr zwei Regeln ändern:",
        "Die Gewitterfelder gelten als ganz normale Felder.",
        "Ins Nest kommt ein Storch mit jedem Wurf, der bis dorthin reicht.",
        "Alle übrigen Regeln bleiben gleich.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    # "Sage …" tells the reader what to do, no legend ("Der Sage nach …").
    assert kind_of(graph, "Sage zuerst an") == ("rule", True)
    assert kind_of(graph, "Spielen sehr kleine Kinder mit") == ("lead-in", False)
    assert kind_of(graph, "Alle übrigen Regeln") == ("rule", False)
    assert kind_of(graph, "Ins Nest kommt ein Storch") == ("rule", True)


def test_a_numbered_section_referred_to_ends_no_sentence(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Schlagen",
        "Endet ein Zug auf einem Feld mit einer fremden Amsel, wird diese geschlagen (siehe "
        "5. Schlagen). Kann der Spieler ziehen, muss er es auch tun.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    texts = [node.text for node in graph.nodes]
    assert (
        "Endet ein Zug auf einem Feld mit einer fremden Amsel, wird diese geschlagen (siehe "
        "5. Schlagen)." in texts
    )


def test_a_conjunction_after_a_number_opens_a_sentence_and_a_did_you_know_box_is_no_question(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielablauf",
        "Drei Versuche: Aus dem Nest kommt ein Fink nur mit einer 6. Solange ein Spieler "
        "keinen Finken auf der Flugbahn hat, darf er bis zu dreimal würfeln.",
        "Noch Fragen?",
        "Darf ich auf ein besetztes Startfeld ziehen?",
        "Ja, der Fink dort wird geschlagen.",
        "Wußten Sie schon?",
        "Der Buchfink gehört zu den häufigsten Brutvögeln in unseren Gärten. Sein "
        "schmetternder Gesang ist schon im Februar zu hören.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert (
        kind_of(graph, "Drei Versuche: Aus dem Nest kommt ein Fink nur mit einer 6.")[0] == "rule"
    )
    assert kind_of(graph, "Solange ein Spieler keinen Finken")[0] == "rule"
    # Under the questions' heading, the box's heading heads facts, no question asked.
    assert kind_of(graph, "Wußten Sie schon?")[0] == "section"
    assert kind_of(graph, "Sein schmetternder Gesang") == ("flavour", False)


@pytest.mark.parametrize(
    "rest",
    [
        "Im übrigen gelten die Regeln des Grundspiels.",
        "Alles andere bleibt wie gewohnt.",
        "Ansonsten gelten die normalen Regeln.",
    ],
)
def test_a_variants_reminder_that_the_other_rules_hold_binds_no_engine(
    builder: GraphBuilder, tmp_path: Path, rest: str
) -> None:
    lines = [
        "Variante für Geübte",
        "Jeder Spieler beginnt mit 50 statt 65 Erdbeeren.",
        rest,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, rest) == ("rule", False)
    assert kind_of(graph, "Jeder Spieler beginnt") == ("rule", True)


def test_a_closing_wish_set_apart_as_a_heading_heads_nothing(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Variante für Geübte",
        "Wer das Spiel schon kennt, kann es mit weniger Erdbeeren versuchen. Jeder Spieler",
        "erhält zu Beginn nur 50 Erdbeeren, und auf den Pflückfeldern gibt es für jeden",
        "Platz nur 3 statt 5 Erdbeeren. Beim Rasten gibt es statt 10 nur 5 Erdbeeren;",
        "dafür darf eine Maus beliebig oft hintereinander rasten.",
        "Im übrigen gelten die Regeln des Grundspiels.",
        "Viel Spaß und eine gute Ernte wünscht Ihnen HASELHOF SPIELE",
        "Spielidee: Gerold Wiesner · Grafik: Ute Brandes",
        "© 1986 Haselhof Spiele GmbH",
        "Postfach 11 07 · 3550 Marburg 1",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Viel Spaß und eine gute Ernte")[0] == "other"
    assert not any(n.kind == "section" and "Ernte" in n.text for n in graph.nodes)


def test_advice_binds_no_engine_but_a_case_its_verb_opens_does(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Pflückfelder",
        "Auf einem Pflückfeld erhalten Sie 5 Erdbeeren für jeden Platz hinter der vordersten Maus.",
        "Die Spieler an der Spitze sollten die Pflückfelder lieber meiden.",
        "Der Vorrat ist unbegrenzt; sollten die Blätter nicht ausreichen, nimmt man Zettel.",
        "Ein Flugzeug sollte immer nach vorne bewegt werden.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Die Spieler an der Spitze")[1] is False
    assert kind_of(graph, "Der Vorrat ist unbegrenzt")[1] is True
    # "sollte" also rules, as a translated manual's "should" does
    assert kind_of(graph, "Ein Flugzeug sollte immer") == ("rule", True)


def test_pieces_after_bullets_are_components_and_a_return_is_no_program(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielmaterial",
        "• 108 Spielkarten:",
        "• 8 Ersatzpferde (Joker)",
        "• 4 Radbruchkarten",
        "• 6 Kutschen aus Holz",
        "Für Profis",
        "Rückgabe: Auf einem Marktfeld darfst du statt zu tauschen auch eine Marktkarte "
        "zurückgeben.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "• 8 Ersatzpferde")[0] == "component"
    assert kind_of(graph, "• 6 Kutschen aus Holz")[0] == "component"
    assert kind_of(graph, "Rückgabe: Auf einem Marktfeld") == ("rule", True)


def test_kinds_a_colon_announces_are_defined_one_a_line(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Der Spielplan",
        "Der Gartenweg beginnt am Startfeld und führt über 64 nummerierte Felder bis zum",
        "Erntekorb. Die meisten Felder sind einfache Wegfelder. Daneben gibt es vier",
        "Arten von Sonderfeldern:",
        "Gießkannenfelder (blau)",
        "Kompostfelder (braun)",
        "Schneckenfelder (gelb)",
        "Marktfelder (rot)",
        "Was diese Felder bewirken, lest ihr auf Seite 3.",
        "Spielmaterial",
        "32 Gartenkarten:",
        "14 × Rückenwind",
        "12 × Erntehelfer",
        "6 × Schneckenkorn",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Gießkannenfelder (blau)")[0] == "definition"
    assert kind_of(graph, "Marktfelder (rot)")[0] == "definition"
    assert kind_of(graph, "12 × Erntehelfer") == ("component", False)
    assert kind_of(graph, "6 × Schneckenkorn") == ("component", False)


def test_a_colon_after_a_sentence_that_binds_no_one_leads_to_what_follows(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Die Windkarten",
        "Im Stapel stecken sechs verschiedene Windkarten:",
        "Rückenwind: Du ziehst sofort zwei Felder weiter.",
        "Flaute: Du setzt deinen nächsten Zug aus.",
        "Die Kosten",
        "Für jeden Zug zahlst du Nüsse an die Bank, und zwar umso mehr, je weiter du ziehst:",
        "1 Feld kostet 1 Nuss, 2 Felder kosten 3 Nüsse.",
        "Die Geschichte",
        "Vor vielen Jahren lebte auf der Insel ein alter Pirat.",
        "Er vergrub seinen Schatz unter einer Palme und verschwand spurlos.",
        "Seitdem suchen die Kinder des Dorfes nach dem verlorenen Gold.",
        "Eines Tages kam ein bunter Papagei zu ihnen geflogen und verriet ihnen die:",
        "Spielmaterial",
        "1 Spielplan",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    windkarten = "Im Stapel stecken sechs verschiedene Windkarten:"
    assert kind_of(graph, windkarten) == ("lead-in", False)
    # What a player pays binds them, though it ends in a colon.
    paying = "Für jeden Zug zahlst du Nüsse an die Bank, und zwar umso mehr, je weiter du ziehst:"
    assert kind_of(graph, paying)[0] == "rule"
    # A story's line stays the story's, and leads to no heading after it.
    assert kind_of(graph, "Eines Tages kam ein bunter Papagei")[0] == "flavour"
    assert kind_of(graph, "Spielmaterial")[0] == "section"


def test_a_closing_wish_after_a_note_is_no_part_of_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Familienvariante",
        "Hinweis: Mit der Familienvariante kommen die",
        "Zaunkönige schneller auf den Zaun, und",
        "niemand muss lange auf seine erste 6 warten.",
        "Viel Spaß beim Hüpfen wünscht euch euer",
        "Mohnblume-Team!",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Hinweis: Mit der Familienvariante")[0] == "note"
    assert kind_of(graph, "Viel Spaß beim Hüpfen")[0] == "other"


def test_the_games_name_is_no_player_and_a_kinds_rule_stays_a_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielablauf",
        "Zehnlichter wird über mehrere Runden gespielt.",
        "Neben den Zahlenkarten gibt es zwei Sorten Sonderkarten:",
        "Komet ersetzt jede Karte",
        "Wolke lässt einen Mitspieler aussetzen",
        "Der Autor dankt allen, die Zehnlichter getestet haben.",
    ]
    manual = tmp_path / "manual.txt"
    manual.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    graph = builder.build(invented_manual("zehnlichter"), extract(manual, None, []))
    assert kind_of(graph, "Zehnlichter wird über mehrere Runden") == ("rule", True)
    assert kind_of(graph, "Komet ersetzt jede Karte")[0] == "rule"
