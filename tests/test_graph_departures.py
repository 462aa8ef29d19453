"""Exceptions that depart from a rule told elsewhere, and examples that reckon with a
table's rows, on invented manuals."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.graph.builder import GraphBuilder
from tests.conftest import linked, read_copy
from tests.test_graph_links import build, edges_of

ONE_PER_FIELD = "Auf einem Feld darf immer nur ein Bergsteiger stehen."
NEVER_JUMP = "Felsbrocken dürfen niemals übersprungen werden."
# Rules told between a base rule and the exception that departs from it: they share
# its words, and stand nearer.
BETWEEN = [
    "# Die Felder",
    "Hüttenfeld: Die vier Hütten sind sichere Rastplätze am Berg.",
    "Bleibt dein Bergsteiger genau auf einem Wetterfeld stehen, ziehst du eine Wetterkarte.",
    "Steinschlag: Nimm einen beliebigen Felsbrocken und setze ihn nach den üblichen Regeln.",
    "Den Felsbrocken setzt er sofort auf ein beliebiges freies Feld.",
]


@pytest.mark.parametrize(
    ("base", "departure"),
    [
        (
            ONE_PER_FIELD,
            "Abweichend von der Grundregel dürfen in einer Hütte beliebig viele Bergsteiger "
            "stehen.",
        ),
        (
            NEVER_JUMP,
            "Mit dieser Karte darf dein Bergsteiger als Ausnahme zur Grundregel einen "
            "Felsbrocken überspringen.",
        ),
    ],
)
def test_an_exception_that_names_the_base_rule_excepts_the_rule_it_lifts(
    builder: GraphBuilder, base: str, departure: str
) -> None:
    graph = build(builder, "# Ziehen", base, "Gezogen wird reihum.", *BETWEEN, departure)
    assert edges_of(graph, "exception-of") == [(departure, base)]


def test_an_exception_that_allows_and_denies_excepts_both_rules(builder: GraphBuilder) -> None:
    hit = (
        "Beendet ein Bergsteiger seinen Zug auf einem fremden Bergsteiger, wird dieser "
        "hinausgeworfen."
    )
    departure = (
        "Abweichend von der Grundregel dürfen in einer Hütte beliebig viele Bergsteiger stehen, "
        "und niemand wird dort hinausgeworfen."
    )
    graph = build(builder, "# Ziehen", ONE_PER_FIELD, hit, *BETWEEN, departure)
    assert set(edges_of(graph, "exception-of")) == {(departure, hit), (departure, ONE_PER_FIELD)}


def test_an_exception_that_counts_otherwise_excepts_the_rule_it_recounts(
    builder: GraphBuilder,
) -> None:
    once = "Jedes Feld darf in einer Partie nur einmal ausgefüllt werden."
    special = "Dieses Feld darf ausnahmsweise mehrmals beschrieben werden."
    graph = build(
        builder,
        "# Eintragen",
        once,
        "Wer ein Ergebnis nicht eintragen will, streicht ein Feld.",
        "# Parade",
        "Würfelst du fünf gleiche Würfel, hast du eine Parade.",
        "Die erste Parade trägst du im Feld „Parade“ ein.",
        "Die Extrapunkte notierst du im Feld „Parade-Bonus“.",
        special,
    )
    assert edges_of(graph, "exception-of") == [(special, once)]


def test_an_exception_of_the_turn_excepts_no_rule_of_the_set_up(builder: GraphBuilder) -> None:
    opening = "Jeder Spieler würfelt einmal; wer die höchste Zahl erzielt, beginnt."
    turn = "Wer an der Reihe ist, würfelt einmal und zieht dann eine seiner Figuren."
    special = (
        "Als Ausnahme zur Grundregel darf ein Spieler, dessen Figuren alle im Haus stehen, "
        "dreimal würfeln, bis er eine 5 erzielt."
    )
    graph = build(
        builder,
        "# Spielvorbereitung",
        "Jeder Spieler stellt seine vier Figuren in sein Haus.",
        opening,
        "# Spielablauf",
        turn,
        "Anschließend ist der linke Nachbar an der Reihe.",
        "# Wie kommen die Figuren ins Spiel?",
        "Mit einer 5 kommt eine Figur aus dem Haus auf das Startfeld.",
        special,
    )
    assert edges_of(graph, "exception-of") == [(special, turn)]


COSTS = [
    "So viele Tautropfen kostet ein Zug:",
    "Felder 1 2 3 4 5 6 7 8 9 10",
    "Tautropfen 1 3 6 10 15 21 28 36 45 55",
]


def test_an_example_reckons_with_the_rows_of_a_table_set_across_the_page(
    builder: GraphBuilder,
) -> None:
    example = "Beispiel: Willst du 4 Felder weit kriechen, kostet dich das 10 Tautropfen."
    graph = build(builder, "# Kriechen", "Jeder Zug kostet Tautropfen.", *COSTS, example)
    kinds = {node.text: node.kind for node in graph.nodes}
    assert kinds[COSTS[0]] == "lead-in"
    assert {target for source, target in edges_of(graph, "illustrates")} >= set(COSTS[1:])


def test_an_example_reckons_with_the_rows_whose_values_or_ranges_it_uses(
    builder: GraphBuilder,
) -> None:
    rows = ["Joker 20", "Ass 11", "König, Dame, Bube 10", "2 bis 10 Augenwert"]
    example = (
        "Beispiel: Anna hält noch einen Joker, die Pik Dame und die Karo 7 – das sind "
        "20 + 10 + 7 = 37 Minuspunkte."
    )
    graph = build(
        builder,
        "# Wertung",
        "Alle anderen zählen die Werte der Karten auf ihrer Hand zusammen.",
        "Minuspunkte für Karten auf der Hand:",
        *rows,
        example,
    )
    shown = {target for source, target in edges_of(graph, "illustrates")}
    assert {"Joker 20", "König, Dame, Bube 10", "2 bis 10 Augenwert"} <= shown
    assert "Ass 11" not in shown


def test_a_number_in_a_range_alone_shows_no_row(builder: GraphBuilder) -> None:
    example = "So zeigt die Kurve, dass bei Stellung 20 die Produktion sinkt."
    graph = build(
        builder,
        "# Wertung",
        "Am Ende erhält jeder Spieler Punkte für seine Stellung:",
        "15 - 20 Punkte",
        "21 - 30 Punkte",
        example,
    )
    assert not any(target.endswith("Punkte") for _, target in edges_of(graph, "illustrates"))


def test_a_copy_keeps_the_rows_of_a_table_set_across_the_page_apart(tmp_path: Path) -> None:
    text = "\n".join(
        [
            "Schneckenrennen",
            "Kriechen",
            "Jeder Zug kostet Tautropfen. Wie weit du kriechst, entscheidest du selbst.",
            *COSTS,
            "Bezahlte Tautropfen legst du in den Vorrat.",
        ]
    )
    extraction, graph = read_copy(tmp_path, text + "\n", "schnecken")
    paragraphs = [block.text for block in extraction.blocks if block.kind == "paragraph"]
    assert COSTS[1] in paragraphs and COSTS[2] in paragraphs
    assert not any(node.kind == "section" and node.text == COSTS[2] for node in graph.nodes)


def test_an_exception_that_allows_the_opposite_direction_excepts_the_rule_it_lifts(
    builder: GraphBuilder,
) -> None:
    forward = "Eichhörnchen springen grundsätzlich nur vorwärts."
    back = (
        "Abweichend von der Grundregel darfst du auch rückwärts springen, allerdings nur "
        "bis zum nächsten freien Baumstumpf."
    )
    graph = build(
        builder,
        "# Springen",
        forward,
        "Wer an der Reihe ist, muss sein Eichhörnchen bewegen.",
        "# Baumstümpfe",
        "Auf einen Baumstumpf darfst du nur springen, wenn er frei ist.",
        "Für jedes Feld bis zum nächsten Baumstumpf erhältst du eine Eichel.",
        back,
    )
    assert edges_of(graph, "exception-of") == [(back, forward)]


def test_an_exception_denies_the_step_it_names_as_a_noun(builder: GraphBuilder) -> None:
    discard = "4. Abwerfen: Zum Schluss legst du eine Handkarte offen auf den Ablagestapel."
    special = (
        "Abweichend von der Grundregel musst du nichts abwerfen, wenn du in deinem Zug "
        "deine letzte Karte ausgelegt hast."
    )
    graph = build(
        builder,
        "# Ablauf eines Zuges",
        "1. Ziehen: Nimm eine Karte vom Nachziehstapel.",
        "2. Auslegen: Lege deine Etappe aus, wenn du sie beisammen hast.",
        "3. Anlegen: Lege einzelne Karten an ausliegende Kombinationen an.",
        discard,
        "# Ende einer Runde",
        "Die Runde endet, sobald ein Spieler keine Karten mehr auf der Hand hat.",
        "Dann ist dein linker Nachbar an der Reihe.",
        special,
    )
    assert edges_of(graph, "exception-of") == [(special, discard)]


@pytest.mark.parametrize(
    "lines",
    [
        # What a variant replaces, under a heading over headings.
        [
            "# Spielablauf",
            "Jeder Spieler erhält zu Beginn jeder Runde 10 Karten.",
            "Dein Zug endet immer damit, dass du eine Handkarte abwirfst.",
            "# Varianten",
            "# Kurze Tour",
            "Ihr spielt nur die Etappen 1 bis 4.",
            "# Schnelle Runde",
            "Statt zehn Karten erhält jeder Spieler nur acht Karten.",
        ],
        # What a variant says it departs from.
        [
            "# 3. Spielvorbereitung",
            "Jeder Spieler erhält 3 Pilzkarten und Bucheckern im Wert von 68.",
            "# 4. Spielablauf",
            "Auf jedem Feld darf immer nur ein Igel stehen.",
            "# 7. Variante: Der lange Winter",
            "Abweichend von Abschnitt 3 erhält jeder Spieler 4 Pilzkarten und Bucheckern im "
            "Wert von 90.",
            "Abweichend von der Grundregel dürfen auf einem Feld zwei Igel stehen.",
        ],
    ],
)
def test_a_variant_excepts_nothing(builder: GraphBuilder, lines: list[str]) -> None:
    assert edges_of(build(builder, *lines), "exception-of") == []


def test_a_rule_named_as_what_does_not_hold_is_the_one_excepted(builder: GraphBuilder) -> None:
    duty = "Kannst du eine fremde Figur schlagen, musst du das auch tun."
    jump = "Gewöhnliche Felder dürfen dabei übersprungen werden, ob besetzt oder nicht."
    not_duty = "Die Schlagpflicht gilt nicht für das Einsetzen: Mit einer 6 setzt du ein."
    not_jump = "Die Regel vom Überspringen gilt nicht für die Zielstraße."
    graph = build(
        builder,
        "# Ziehen",
        "Wer eine 6 würfelt, setzt eine Figur ein.",
        jump,
        "Das gilt nach jeder weiteren 6 erneut.",
        "# Schlagpflicht",
        duty,
        "Wer sie übersieht, muss seine Figur zurück in den Stall stellen.",
        not_duty,
        "# Zielstraße",
        "In der Zielstraße zieht jede Figur Feld für Feld bis ins Ziel.",
        not_jump,
    )
    assert set(edges_of(graph, "exception-of")) == {(not_duty, duty), (not_jump, jump)}


def test_an_exception_that_keeps_a_piece_still_lifts_the_duty_to_move(
    builder: GraphBuilder,
) -> None:
    duty = "Wer an der Reihe ist, muss sein Eichhörnchen bewegen; aussetzen ist nicht erlaubt."
    still = (
        "Beginnst du deinen Zug auf einem Eichelfeld, darfst du ausnahmsweise stehen bleiben "
        "und nimmst dir 10 Eicheln."
    )
    graph = build(
        builder,
        "# Spielablauf",
        duty,
        "Auf jedem Feld darf immer nur ein Eichhörnchen stehen.",
        "# Eichelfelder",
        "Landest du auf einem Eichelfeld, nimmst du dir 10 Eicheln aus dem Vorrat.",
        still,
    )
    assert edges_of(graph, "exception-of") == [(still, duty)]


def test_a_step_named_by_its_number_is_the_one_excepted(builder: GraphBuilder) -> None:
    first = "1. Du legst das oberste Plättchen deines Tellers zurück."
    special = "Schritt 1 gilt nicht für Spieler, deren Teller noch leer ist."
    graph = build(
        builder,
        "# Gescheitert",
        "Scheitert dein Zug, passiert Folgendes:",
        first,
        "2. Danach wird das höchste offene Plättchen umgedreht.",
        "3. Dein Zug ist beendet.",
        special,
    )
    assert edges_of(graph, "exception-of") == [(special, first)]


def test_a_labelled_exception_answers_the_rule_whose_count_it_changes(
    builder: GraphBuilder,
) -> None:
    ace = "Ein Ass zählt 11 Punkte."
    special = "Ausnahme: Ein Ass, das in einer Reihe vor der 2 liegt, zählt nur 1 Punkt."
    graph = build(
        builder,
        "# Punkte",
        "Für die erste Auslage zählen die Karten so:",
        ace,
        "Jede Bildkarte zählt 10 Punkte.",
        "Ein Joker zählt so viel wie die Karte, die er vertritt.",
        special,
    )
    assert edges_of(graph, "exception-of") == [(special, ace)]


def test_the_duty_named_by_its_verb_is_the_rule_excepted(builder: GraphBuilder) -> None:
    discard = (
        "Am Ende deines Zuges musst du genau eine Handkarte offen auf den Ablagestapel abwerfen."
    )
    special = "Die Pflicht zum Abwerfen gilt nicht für den Zug, in dem ein Spieler ausmacht."
    graph = build(
        builder,
        "# Ablauf",
        "Zu Beginn deines Zuges ziehst du eine Karte.",
        discard,
        "# Reihen",
        "Als Reihe gilt jede Folge von mindestens drei Karten derselben Farbe.",
        "Reihen dürfen an beiden Enden verlängert werden.",
        special,
    )
    assert edges_of(graph, "exception-of") == [(special, discard)]


def test_an_exception_that_leaves_a_piece_standing_lifts_the_duty_to_move(
    builder: GraphBuilder,
) -> None:
    duty = "In deinem Zug musst du deinen Frosch mindestens ein Feld weit bewegen."
    leave = (
        "Als Ausnahme zur Grundregel darfst du deinen Frosch auf einem Seerosenfeld auch "
        "stehen lassen."
    )
    one_per_field = "Auf jedem Feld darf immer nur ein Frosch stehen."
    graph = build(builder, "# Spielablauf", duty, one_per_field, "# Seerosenfelder", leave)
    assert edges_of(graph, "exception-of") == [(leave, duty)]


def test_a_departure_from_a_step_named_by_its_number_excepts_that_step(
    builder: GraphBuilder,
) -> None:
    step = "4. Der Spieler links vom Geber beginnt."
    departure = (
        "Abweichend von Schritt 4 beginnt in der nächsten Runde der Spieler mit den "
        "meisten Punkten."
    )
    graph = build(
        builder,
        "# Vorbereitung",
        "1. Mischt die Karten.",
        "2. Jeder erhält zehn Karten.",
        "3. Die übrigen Karten bilden den Stapel.",
        step,
        "# Neue Runde",
        "Für jede neue Runde mischt der Geber alle Karten und teilt neu aus.",
        departure,
    )
    assert edges_of(graph, "exception-of") == [(departure, step)]


def test_an_example_shows_the_row_of_a_table_of_costs_it_pays_however_far_before_it(
    builder: GraphBuilder,
) -> None:
    example = "Beispiel: Ida hüpft von Feld 9 auf das Teichfeld 12 und zahlt dafür 6 Fliegen."
    graph = build(
        builder,
        "# Hüpfen",
        "Jeder Sprung kostet Fliegen, wie die Tabelle zeigt:",
        "1 Feld 1 Fliege",
        "2 Felder 3 Fliegen",
        "3 Felder 6 Fliegen",
        "4 Felder 10 Fliegen",
        "Mehr als 4 Felder darf ein Frosch nicht hüpfen.",
        "Die Fliegen kommen in den Vorrat.",
        "# Teichfelder",
        "Auf einem Teichfeld darf ein Frosch eine Runde lang rasten.",
        "Wer dort rastet, erhält 5 Fliegen aus dem Vorrat.",
        "Wer über ein Teichfeld nur hinweghüpft, erhält nichts.",
        "Hinweis: Wer auf einem Teichfeld rastet, darf in dieser Runde nicht hüpfen.",
        example,
    )
    shown = [target for source, target in edges_of(graph, "illustrates") if source == example]
    assert "3 Felder 6 Fliegen" in shown
    assert "4 Felder 10 Fliegen" not in shown
    assert not any(target.startswith("Hinweis:") for target in shown)


def test_an_example_shows_the_rows_of_bare_numbers_whose_counts_it_tells(
    builder: GraphBuilder,
) -> None:
    example = (
        "Beispiel: Ole hat noch 20 Maiskörner. Für drei Felder zahlt er 6 Maiskörner. "
        "Danach zieht er für 10 Maiskörner die 4 Felder bis ins Nest."
    )
    graph = build(
        builder,
        "# Ziehen",
        "Was ein Zug kostet, zeigt die Tabelle:",
        "Felder Maiskörner Felder Maiskörner",
        "1 1 4 10",
        "2 3 5 15",
        "3 6 6 21",
        "Weiter als 6 Felder darf niemand ziehen.",
        "# Das Nest",
        "Ins Nest darf nur ziehen, wer höchstens 10 Maiskörner übrig hat.",
        example,
    )
    shown = [target for source, target in edges_of(graph, "illustrates") if source == example]
    assert "1 1 4 10" in shown and "3 6 6 21" in shown
    assert "2 3 5 15" not in shown


def test_an_example_shows_the_row_of_a_table_it_names(builder: GraphBuilder) -> None:
    example = "Beispiel: Ute hat 2, 3, 4, 5 und 1 vor sich. Das ist eine Kleine Straße."
    graph = build(
        builder,
        "# Die Wertung",
        "Welcher Wurf wie viele Punkte bringt, zeigt die folgende Tabelle:",
        "Dreierpasch mindestens drei gleiche Würfel",
        "Kleine Straße vier aufeinanderfolgende Zahlen 30",
        "Große Straße fünf aufeinanderfolgende Zahlen 40",
        "Chance beliebig Augen aller Würfel",
        "# Eintragen",
        "Nach seinem Wurf trägt der Spieler das Ergebnis in ein freies Feld ein.",
        example,
    )
    shown = [target for source, target in edges_of(graph, "illustrates") if source == example]
    assert "Kleine Straße vier aufeinanderfolgende Zahlen 30" in shown
    assert "Große Straße fünf aufeinanderfolgende Zahlen 40" not in shown


def test_a_departure_from_what_was_just_said_and_a_reply_to_an_exception(
    builder: GraphBuilder,
) -> None:
    again = "Wer eine 6 würfelt, darf nach seinem Zug noch einmal würfeln."
    departure = (
        "Abweichend hiervon endet der Zug sofort, wenn ein Spieler dreimal hintereinander "
        "eine 6 würfelt."
    )
    tries = "Hat ein Spieler keine Figur draußen, darf er ausnahmsweise dreimal würfeln."
    reply = "Dies gilt jedoch nicht, solange eine seiner Figuren im Ziel noch ziehen kann."
    graph = build(
        builder,
        "# Spielverlauf",
        "Wer an der Reihe ist, würfelt einmal und zieht eine Figur so weit, wie der Würfel zeigt.",
        "Eine Figur verlässt das Haus nur mit einer 6.",
        again,
        departure,
        "# Einsetzen",
        f"{tries} {reply}",
    )
    edges = edges_of(graph, "exception-of")
    assert (departure, again) in edges
    assert (reply, tries) in edges


def test_a_clause_joined_by_ausser_or_nur_dann_nicht_excepts_the_rule_before_it(
    builder: GraphBuilder,
) -> None:
    again = "Nach einer 6 darfst du noch einmal würfeln."
    clause = "Das gilt immer wieder, außer nach der dritten 6 in Folge."
    leave = "Steht eine eigene Figur auf deinem Startfeld, ziehst du zuerst diese Figur weiter."
    unless = "Das musst du nur dann nicht, wenn sie dabei auf einer eigenen Figur landen würde."
    everyone = "Alle Spieler, außer dem Startspieler, erhalten eine Karte."
    graph = build(
        builder,
        "# Noch einmal würfeln",
        f"{again} {clause}",
        "# Das Startfeld räumen",
        f"{leave} {unless}",
        "# Karten",
        everyone,
    )
    edges = edges_of(graph, "exception-of")
    assert (clause, again) in edges
    assert (unless, leave) in edges
    assert not any(source == everyone for source, _ in edges)


def test_a_departure_from_a_section_named_by_its_number_excepts_a_rule_of_it(
    builder: GraphBuilder,
) -> None:
    move = "Eine Figur zieht in einer Richtung beliebig viele freie Felder weit."
    departure = "Abweichend von 4.1 zieht der Meister in jedem Zug nur ein einziges Feld weit."
    graph = build(
        builder,
        "# 4.1 Ziehen",
        "Felder, die sich nur an einer Ecke berühren, sind nicht benachbart.",
        move,
        "Über andere Figuren darf nicht hinweggezogen werden.",
        "# 4.2 Der Meister",
        "Jeder Spieler hat genau einen Meister.",
        departure,
    )
    assert [edge for edge in edges_of(graph, "exception-of") if edge[0] == departure] == [
        (departure, move)
    ]
    kinds = {node.text: node.kind for node in graph.nodes}
    assert kinds[move] == "rule"  # "Felder, die …" names no player of a story


@pytest.mark.parametrize(
    "departure",
    [
        "Das gilt für alle Felder mit Ausnahme der beiden Felder „Start“ und „Ziel“.",
        "Auf allen Feldern außer dem Startfeld gilt diese Regel.",
    ],
)
def test_a_rule_for_all_of_a_kind_but_some_excepts_the_rule_it_narrows(
    builder: GraphBuilder, departure: str
) -> None:
    graph = build(builder, "# Ziehen", "Gezogen wird reihum.", ONE_PER_FIELD, departure)
    assert edges_of(graph, "exception-of") == [(departure, ONE_PER_FIELD)]


@pytest.mark.parametrize(
    "narrowed",
    [
        "Mit Ausnahme des Gebers erhält jeder Spieler fünf Karten.",
        "Jedes Feld, mit Ausnahme der Salatfelder, darf immer nur von einem Hasen besetzt sein.",
    ],
)
def test_a_phrase_that_leaves_some_out_before_the_verb_only_narrows_the_rule(
    builder: GraphBuilder, narrowed: str
) -> None:
    graph = build(
        builder, "# Vorbereitung", "Der Geber mischt die Karten.", ONE_PER_FIELD, narrowed
    )
    assert edges_of(graph, "exception-of") == []


def test_the_verb_that_marks_an_exception_is_no_action_it_denies(
    builder: GraphBuilder,
) -> None:
    definition = "Als hinterster Hase gilt derjenige, der am weitesten vom Ziel entfernt steht."
    departure = "Die Höchstweite von acht Feldern gilt nicht für den Zug ins Ziel."
    graph = build(
        builder,
        "# Ziehen",
        "Mehr als acht Felder weit darf niemand in einem Zug vorwärts ziehen.",
        "Jeder Zug kostet Rüben.",
        "# Der Fuchs",
        definition,
        "# Das Ziel",
        departure,
    )
    assert (departure, definition) not in edges_of(graph, "exception-of")


def test_staying_instead_of_a_move_lifts_the_duty_to_make_that_move(
    builder: GraphBuilder,
) -> None:
    duty = "In seinem Zug muss jeder Spieler ziehen; freiwillig stehen bleiben darf man nicht."
    departure = (
        "Als Ausnahme zur Grundregel darf ein Spieler, dessen Hase auf einem Rübenfeld steht, "
        "in seinem nächsten Zug stehen bleiben, anstatt zu ziehen."
    )
    graph = build(
        builder,
        "# Ziehen",
        duty,
        "Besetzte Felder werden beim Ziehen mitgezählt und übersprungen.",
        "# Rübenfelder",
        "Wer seinen Zug auf einem Rübenfeld beendet, erhält 3 Rüben.",
        departure,
    )
    assert edges_of(graph, "exception-of") == [(departure, duty)]


def test_rolling_again_by_exception_excepts_the_rule_of_one_roll(builder: GraphBuilder) -> None:
    once = "Wer an der Reihe ist, würfelt einmal mit dem Farbwürfel und führt aus, was er zeigt."
    again = "Hängt an diesem Baum kein Apfel mehr, darfst du ausnahmsweise noch einmal würfeln."
    graph = build(
        builder,
        "# Spielablauf",
        once,
        "Zeigt der Würfel eine Farbe, pflückst du einen Apfel dieser Farbe.",
        "Lege ihn in den Erntekorb.",
        again,
    )
    assert edges_of(graph, "exception-of") == [(again, once)]


def test_doing_something_instead_of_a_duty_excepts_the_rule_of_that_duty(
    builder: GraphBuilder,
) -> None:
    duty = "Bekommst du den Becher, musst du würfeln: Schüttle die Würfel unter dem Becher."
    instead = (
        "Statt zu würfeln, darfst du den Becher auch ungesehen weiterschieben und dabei "
        "eine höhere Ansage machen."
    )
    graph = build(
        builder,
        "# Ein Zug",
        duty,
        "Dann schaust du allein unter den Becher.",
        "Jetzt sagst du einen Wert an und schiebst den Becher zu deinem Nachbarn.",
        "Deine Ansage muss immer höher sein als die deines Vorgängers.",
        "Du würfelst in deinem Zug genau einmal.",
        instead,
    )
    assert edges_of(graph, "exception-of") == [(instead, duty)]


def test_an_ausnahme_excepts_the_rule_before_it_that_says_more_of_it_than_a_recount(
    builder: GraphBuilder,
) -> None:
    road = "Ein fertiger Weg bringt 1 Punkt für jedes Plättchen, über das er führt."
    village = "Ein fertiges Dorf bringt 2 Punkte für jedes seiner Plättchen und 2 für jedes Wappen."
    small = "Ausnahme: Ein fertiges Dorf aus nur zwei Plättchen bringt insgesamt nur 2 Punkte."
    graph = build(builder, "# Werten", road, village, small)
    assert edges_of(graph, "exception-of") == [(small, village)]


def test_anders_als_sonst_marks_an_exception_and_a_variant_for_older_children_none(
    builder: GraphBuilder,
) -> None:
    basket = "Zeigt der Würfel den Korb, darfst du zwei Äpfel pflücken."
    final = "Anders als sonst darfst du in der Rettungsrunde mit dem Korb drei Äpfel pflücken."
    graph = build(
        builder,
        "# Spielablauf",
        basket,
        "# Die Rettungsrunde",
        final,
        "# Für ältere Kinder",
        "Mit dem Korb pflückt ihr nur einen Apfel statt zwei.",
    )
    assert edges_of(graph, "exception-of") == [(final, basket)]


def test_staying_by_exception_lifts_the_rule_that_forbids_to_stay(builder: GraphBuilder) -> None:
    duty = "Du musst in jedem Zug ziehen; einfach stehen bleiben ist nicht erlaubt."
    stuck = (
        "Kannst du weder vorwärts noch zurück ziehen, bleibt dein Käfer ausnahmsweise stehen, "
        "und du nimmst dir 2 Blätter."
    )
    graph = build(
        builder,
        "# Ziehen",
        duty,
        "Über andere Käfer darfst du einfach hinwegziehen.",
        "# Wenn gar nichts mehr geht",
        "Hast du weniger als 4 Blätter, gibst du alle ab.",
        stuck,
    )
    assert edges_of(graph, "exception-of") == [(stuck, duty)]


def test_statt_before_a_number_replaces_a_count(builder: GraphBuilder) -> None:
    leaves = "Endet dein Zug auf einem Blattfeld, nimmst du dir 3 Blätter aus dem Vorrat."
    last = "Bist du danach immer noch Letzter, bekommst du statt 3 sogar 5 Blätter."
    graph = build(builder, "# Blattfelder", leaves, "Dann ist der Nächste dran.", last)
    assert edges_of(graph, "exception-of") == [(last, leaves)]


def test_no_exception_limits_a_rule_of_a_variant(builder: GraphBuilder) -> None:
    take = "Zu Beginn deines Zuges nimmst du die oberste Karte vom Nachziehstapel."
    pause = "Abweichend von der Grundregel darf niemand eine Pausenkarte vom Ablagestapel nehmen."
    graph = build(
        builder,
        "# Ein Zug",
        take,
        "# Pausenkarten",
        "Wirfst du eine Pausenkarte ab, muss ein Mitspieler aussetzen.",
        pause,
        "Wer eine Pausenkarte vor sich liegen hat, setzt aus.",
        "# Varianten",
        "# Ohne Pausenkarten",
        "Wer es friedlicher mag, lässt die Pausenkarten in der Schachtel.",
    )
    assert edges_of(graph, "exception-of") == [(pause, take)]


def test_denying_an_action_excepts_the_rule_that_does_it_split_from_its_particle(
    builder: GraphBuilder,
) -> None:
    discard = "Zum Schluss deines Zuges wirfst du genau eine Karte offen ab."
    last = "Wer durch Anlegen seine letzte Karte loswird, muss ausnahmsweise keine Karte abwerfen."
    graph = build(
        builder,
        "# Die Karten",
        "Zahlenkarten gibt es in vier Farben mit den Zahlen 1 bis 12.",
        "Wildkarten und Pausenkarten sind Sonderkarten.",
        "# Ein Zug",
        "Zu Beginn deines Zuges ziehst du eine Karte.",
        "Dann darfst du Karten auslegen oder an ausliegende Karten anlegen.",
        discard,
        "# Ende eines Durchgangs",
        "Ein Durchgang endet, sobald ein Spieler seine letzte Karte losgeworden ist.",
        last,
    )
    assert edges_of(graph, "exception-of") == [(last, discard)]


def test_not_moving_but_doing_else_lifts_the_duty_to_move_and_statt_dessen_replaces_no_count(
    builder: GraphBuilder,
) -> None:
    duty = "Wer an der Reihe ist, muß mit seiner Schildkröte ziehen; Aussetzen gibt es nicht."
    eats = (
        "Als Ausnahme zur Grundregel zieht er in seinem nächsten Zug nicht weiter, sondern frißt."
    )
    pays = (
        "In der Schlußphase muß niemand mehr ziehen: Wer möchte, bleibt stehen und zahlt "
        "statt dessen 10 Salatblätter in den Vorrat."
    )
    graph = build(
        builder,
        "# Spielverlauf",
        duty,
        "Er zieht auf das nächste Krabbenfeld zurück und erhält dafür Salatblätter.",
        "# Salatfelder",
        "Wer auf einem Salatfeld landet, legt eine Salatkarte ab.",
        eats,
        "# Ziel",
        "Erster im Ziel: höchstens 10 Salatblätter",
        "# Die Schlußphase",
        pays,
    )
    assert sorted(edges_of(graph, "exception-of")) == sorted([(eats, duty), (pays, duty)])


def test_this_restriction_does_not_hold_replies_to_the_restriction_before_it(
    builder: GraphBuilder,
) -> None:
    back = "Von einem Krabbenfeld aus darf nicht gleich wieder zurückgezogen werden."
    lifted = (
        "Diese Einschränkung gilt nicht für einen Spieler, der vorwärts keinen einzigen Zug "
        "bezahlen kann."
    )
    graph = build(
        builder,
        "# Krabbenfelder",
        "Statt vorwärts zu ziehen, darf ein Spieler auf das nächste Krabbenfeld zurückziehen.",
        "Für jedes Feld, das er zurückgeht, erhält er 5 Salatblätter.",
        f"{back} {lifted}",
    )
    assert (lifted, back) in edges_of(graph, "exception-of")


def test_a_section_named_by_its_number_holds_the_rule_excepted(builder: GraphBuilder) -> None:
    change = "Grundsätzlich muss Ihr Igel in jedem Zug das Feld wechseln."
    rest = "Abweichend von Abschnitt 4 bleibt Ihr Igel in Ihrem nächsten Zug auf dem Pilzfeld."
    graph = build(
        builder,
        "# 4. Spielablauf",
        change,
        "# 4.1 Vorwärts ziehen",
        "Sie dürfen Ihren Igel so viele Felder vorwärts ziehen, wie Sie möchten.",
        "# 5. Die Sonderfelder",
        "# 5.1 Pilzfelder",
        "Auf den Pilzfeldern werden Sie Ihre Pilzkarten los.",
        "Ihr Igel bleibt dort bis zu Ihrem nächsten Zug auf dem Pilzfeld.",
        rest,
    )
    assert edges_of(graph, "exception-of") == [(rest, change)]


def test_the_rule_an_exception_quotes_is_the_one_excepted(builder: GraphBuilder) -> None:
    duty = "Wer ziehen kann, muss auch ziehen."
    fox = (
        "Abweichend von der Regel „Wer ziehen kann, muss auch ziehen“ musst du keinen Hasen "
        "auf das Fuchsfeld ziehen."
    )
    graph = build(
        builder,
        "# Ziehen",
        "Wer an der Reihe ist, würfelt einmal und zieht einen Hasen vorwärts.",
        duty,
        "# Hinüberhoppeln",
        "Über eigene und fremde Hasen darfst du einfach hinweghoppeln.",
        "Beim Ziehen zählst du jedes Feld mit, auch wenn dort schon ein Hase sitzt.",
        "# Das Fuchsfeld",
        "Landet dein Hase auf dem Fuchsfeld, hoppelt er zurück in seinen Stall.",
        fox,
    )
    assert edges_of(graph, "exception-of") == [(fox, duty)]


def test_a_rule_retold_as_what_does_not_hold_is_the_one_excepted(builder: GraphBuilder) -> None:
    # Both rules say "Feld", "Ziege" and "stehen"; the retold one says little else.
    alone = "Auf jedem Feld darf immer nur eine Ziege stehen."
    shared = "Stehen mehrere Ziegen zugleich auf dem Talfeld, so teilen sie sich den Platz."
    retold = (
        "Die Regel, dass auf einem Feld nur eine Ziege stehen darf, gilt nicht für den "
        "Gipfel: Dort haben beliebig viele Ziegen Platz."
    )
    graph = build(
        builder,
        "# Ziehen",
        alone,
        "# Der Platz im Rennen",
        shared,
        "# Der Gipfel",
        "Wer den Gipfel erreicht, zieht nicht mehr.",
        retold,
    )
    assert edges_of(graph, "exception-of") == [(retold, alone)]


def test_a_reply_to_a_consequence_excepts_the_rule_it_is_drawn_from(
    builder: GraphBuilder,
) -> None:
    base = "Auf jedem Feld darf immer nur ein Dachs stehen."
    drawn = "Ein besetztes Feld dürfen Sie also nicht als Ziel Ihres Zuges wählen."
    reply = "Ausgenommen sind das Startfeld und das Zielfeld, auf denen alle Dachse Platz haben."
    graph = build(builder, "# Ein Feld, ein Dachs", f"{base} {drawn} {reply}")
    assert edges_of(graph, "exception-of") == [(reply, base)]


def test_an_action_denied_in_one_place_excepts_the_rule_that_first_tells_it(
    builder: GraphBuilder,
) -> None:
    capture = (
        "Endet dein Zug auf einem Feld, auf dem ein fremder Käfer sitzt, wird dieser geschlagen."
    )
    later = (
        "Sitzt ein fremder Käfer auf deinem Startblatt, wenn du einen neuen Käfer "
        "herausholst, wird er ebenfalls geschlagen."
    )
    denial = "Auf einer Tauperle kann kein Käfer geschlagen werden."
    graph = build(builder, "# Schlagen", capture, later, "# Die Tauperlen", denial)
    assert edges_of(graph, "exception-of") == [(denial, capture)]


def test_a_labelled_exception_denies_the_action_of_the_step_that_does_it(
    builder: GraphBuilder,
) -> None:
    draw = "1. Ziehen: Nimm die oberste Karte vom Nachziehstapel oder vom Ablagestapel."
    joker = "Ein Joker darf in jeder Gruppe jede beliebige Karte ersetzen."
    denial = "Ausnahme: Einen Joker auf dem Ablagestapel darf niemand nehmen."
    graph = build(
        builder,
        "# Dein Zug",
        draw,
        "2. Abwerfen: Lege zum Schluss genau eine Karte ab.",
        "# Der Joker",
        joker,
        "Jede Gruppe muss aber mindestens eine echte Zahlenkarte enthalten.",
        denial,
    )
    assert (denial, draw) in edges_of(graph, "exception-of")
    assert (denial, joker) not in edges_of(graph, "exception-of")


def test_going_back_instead_of_forward_excepts_the_rule_of_how_one_moves(
    builder: GraphBuilder,
) -> None:
    forward = "Gezogen wird immer vorwärts."
    instead = (
        "Statt vorwärts zu ziehen, darfst du zum nächsten Mauseloch hinter dir zurückziehen. "
        "Für jedes Feld, das du dabei zurücklegst, bekommst du 10 Körner aus dem Vorrat."
    )
    example = (
        "Beispiel: Mia hat nur noch 4 Körner. Das nächste Mauseloch hinter ihr liegt drei "
        "Felder zurück. Mia zieht bis zu diesem Mauseloch zurück. Sie zahlt dafür nichts, "
        "sondern bekommt 3 × 10 = 30 Körner."
    )
    graph = build(
        builder,
        "# Ein Zug",
        "Wer an der Reihe ist, muss seine Maus ziehen.",
        forward,
        "Wie weit du ziehst, bestimmst du selbst, höchstens aber 10 Felder.",
        "# Käsefelder",
        "Auf ein Käsefeld darfst du nur ziehen, wenn du noch einen Käse hast.",
        "In deinem nächsten Zug bleibt deine Maus auf dem Käsefeld sitzen und frisst.",
        "# Mauselöcher",
        instead,
        example,
    )
    rule = instead.split(". ")[0] + "."
    assert (rule, forward) in edges_of(graph, "exception-of")
    # The example does what the exception allows instead: it shows it.
    assert rule in linked(graph, "illustrates", "Beispiel: Mia")


def test_a_card_said_to_have_no_effect_excepts_the_rule_that_gives_its_effect(
    builder: GraphBuilder,
) -> None:
    gives = "Wirfst du eine Pausenkarte ab, bestimmst du einen Mitspieler."
    effect = "Er muss seinen nächsten Zug aussetzen."
    voided = "Wirft jemand eine Pausenkarte als letzte Karte ab, hat sie keine Wirkung mehr."
    graph = build(
        builder,
        "# Sonderkarten",
        f"{gives} {effect}",
        "Ein Joker ersetzt jede beliebige Zahlenkarte.",
        "# Rundenende",
        "Die Runde endet sofort, wenn ein Spieler seine letzte Handkarte abgeworfen hat.",
        "Danach zählt jeder die Punkte seiner Handkarten.",
        voided,
        "Karten, die keine Wirkung haben, zählen 15 Punkte.",
    )
    assert set(edges_of(graph, "exception-of")) == {(voided, gives), (voided, effect)}


def test_a_contrast_as_a_label_answers_the_rule_right_before_it(builder: GraphBuilder) -> None:
    two = "Ihr dürft pro Zug zwei Extrazüge kaufen statt nur einen."
    dearer = "Aber: Der zweite Extrazug kostet 5 Stangen Aufpreis."
    graph = build(
        builder,
        "# Ein Extrazug",
        "Nach dem Auswerten darfst du einen Extrazug kaufen.",
        "In jedem Zug darfst du höchstens einen Extrazug kaufen.",
        "# Zu zweit",
        two,
        dearer,
    )
    assert (dearer, two) in edges_of(graph, "exception-of")


def test_a_rule_for_a_number_of_players_excepts_nothing(builder: GraphBuilder) -> None:
    graph = build(
        builder,
        "# Vorbereitung",
        "Jeder Spieler erhält 60 Karotten und stellt seinen Hasen auf das Startfeld.",
        "Spielt ihr nur zu zweit, bekommt jeder statt 60 nur 40 Karotten.",
        "# Ziehen",
        "Wer schon aussetzen muss, darf nicht noch einmal bestimmt werden, es sei denn, ihr "
        "spielt zu zweit.",
    )
    sources = [source for source, _ in edges_of(graph, "exception-of")]
    assert not any(source.startswith("Spielt ihr nur zu zweit") for source in sources)
