"""Rule leaflets whose parts a bold lead opens instead of a heading ("Spielbeginn. Jeder
Spieler …"), a table named under the colon that announced it, a sum set on a line of
its own, an object put before "du", rows numbered under one name, and an imprint's
street cut after its first word, kinds of fields told a paragraph each, what a rule is
for and an advert for another game, a number that closes its sentence, a piece named
without its count and a firm beside its town on the cover, read through the text path as
a viewer copies them."""

from __future__ import annotations

from pathlib import Path

from rulekit.extract import extract
from rulekit.extract.textbreaks import resumes
from rulekit.graph.builder import GraphBuilder
from rulekit.model import RuleGraph
from tests.conftest import invented_manual
from tests.test_graph_kinds import kind_of, kind_of_text
from tests.test_graph_links import edges_of

# A leaflet with no heading over its rules but "Spielregel": each part opens with a lead.
LEAFLET = [
    "Grillenweg",
    "Ein Laufspiel für 2 bis 4 Spieler ab 5 Jahren",
    "Im Sommer ist es laut auf der Wiese",
    "hinter dem alten Hof. Überall zirpt",
    "und summt es im hohen Gras, und am",
    "Abend eilt jede Familie heim.",
    "Inhalt. Zum Spiel gehören ein Spiel-",
    "plan, 12 Grillen, ein Würfel.",
    "Der Spielplan. Ein Weg aus 36 Feldern",
    "führt rund um die Wiese. In jeder Ecke",
    "liegt ein Erdloch für die Grillen einer",
    "Farbe.",
    "Spielregel",
    "Spielbeginn. Jeder Spieler würfelt",
    "einmal; wer die höchste Zahl würfelt,",
    "fängt an. Danach geht es im Uhrzeiger-",
    "sinn reihum weiter. Der Würfel wandert",
    "stets zum linken Nachbarn.",
    "Der Zug. Wer an der Reihe ist, würfelt",
    "und zieht eine seiner Grillen so viele",
    "Felder weit, wie er zeigt.",
    "Für 2 Spieler. Spielen nur zwei, so",
    "übernimmt jeder zwei Farben.",
]


def leaflet(builder: GraphBuilder, tmp_path: Path, lines: list[str]) -> RuleGraph:
    """The graph of a viewer's copy of a leaflet titled "Grillenweg"."""
    manual = tmp_path / "manual.txt"
    manual.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return builder.build(invented_manual("grillenweg"), extract(manual, None, []))


def test_a_lead_closed_by_a_full_stop_begins_the_rules_after_the_cover(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = leaflet(builder, tmp_path, LEAFLET)
    assert kind_of(graph, "Im Sommer ist es laut")[0] == "flavour"  # the cover's story
    # After "Inhalt." and "Der Spielplan." the rules have begun: no sentence of them is
    # the cover's story or its blurb.
    assert kind_of(graph, "Danach geht es im Uhrzeigersinn") == ("rule", True)
    assert kind_of(graph, "Der Würfel wandert stets") == ("rule", True)
    assert kind_of(graph, "Spielbeginn. Jeder Spieler würfelt") == ("rule", True)
    assert kind_of(graph, "Der Spielplan. Ein Weg")[0] == "definition"


def test_a_lead_of_whom_a_variant_is_for_opens_its_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = leaflet(builder, tmp_path, LEAFLET)
    assert kind_of_text(graph, "Für 2 Spieler.") == (
        "Für 2 Spieler. Spielen nur zwei, so übernimmt jeder zwei Farben."
    )


def test_a_table_named_under_the_colon_that_announced_it_is_headed_by_its_name(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Vorwärts ziehen",
        "Jeder Schritt kostet Körner, und zwar",
        "umso mehr, je weiter du auf einmal",
        "hüpfst. Was ein Zug kostet, zeigt die",
        "Preisliste:",
        "Preisliste",
        "Felder Körner",
        "1 1",
        "2 3",
        "3 6",
        "Rückwärts ziehen",
        "Rückwärts ziehst du immer kostenlos.",
    ]
    graph = leaflet(builder, tmp_path, lines)
    assert kind_of(graph, "Preisliste")[0] == "section"
    assert kind_of(graph, "1 1") == ("rule", True)


def test_a_sum_set_on_a_line_of_its_own_goes_on_with_its_sentence() -> None:
    # The typesetter keeps a sum on one line: no list's marker or count opens it.
    example = ["Beispiel: Ina hat noch Rot 12, Grün 3 und", "einen Joker in der Hand. Sie bekommt"]
    assert resumes(example, ["10 + 5 + 25 = 40 Strafpunkte."], 50)
    assert not resumes(["Sie bekommt dafür Punkte."], ["10 + 5 = 15 Punkte"], 50)


def test_a_noun_before_the_verb_of_du_is_its_object_and_names_no_player(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Zurückziehen",
        "Beispiel: Lena spielt Rot und steht auf",
        "Feld 12. Sie zieht 2 Felder zurück.",
        "Stallfelder erreichst du nur, indem du",
        "zurückziehst.",
        "Salatfelder",
        "Auf einem Salatfeld isst du eine Karte.",
        "In deinem nächsten Zug bleibst du dort",
        "stehen: Du machst Verdauungspause.",
    ]
    graph = leaflet(builder, tmp_path, lines)
    assert kind_of(graph, "Stallfelder erreichst du nur") == ("rule", True)
    assert kind_of(graph, "In deinem nächsten Zug bleibst du") == ("rule", True)


def test_an_example_shows_the_row_numbered_under_the_name_it_says(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Die Stufen",
        "Jede Stufe besteht aus Sätzen und Reihen.",
        "Stufe 1: 2 Sätze aus je 3 Karten",
        "Stufe 2: 1 Satz + 1 Reihe aus 4 Karten",
        "Stufe 3: 1 Reihe aus 7 Karten",
        "Auslegen",
        "Wer seine Stufe beisammen hat, legt sie offen vor sich aus.",
        "Beispiel: Jonas muss Stufe 2 erfüllen. Er legt drei Neunen und die Reihe 3, 4, 5, 6 aus.",
    ]
    graph = leaflet(builder, tmp_path, lines)
    example = kind_of_text(graph, "Beispiel: Jonas")
    shown = {target for source, target in edges_of(graph, "illustrates") if source == example}
    assert "Stufe 2: 1 Satz + 1 Reihe aus 4 Karten" in shown
    assert "Stufe 1: 2 Sätze aus je 3 Karten" not in shown


def test_an_imprint_street_cut_after_its_first_word_is_one_line(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielende",
        "Wer zuerst alle Grillen im Erdloch hat, gewinnt.",
        "© 2012 Wiesengrund Spiele GmbH · Am",
        "Mühlbach 4 · 34117 Kassel",
        "Art.-Nr. 4711 · Made in Germany",
    ]
    graph = leaflet(builder, tmp_path, lines)
    assert (
        kind_of_text(graph, "© 2012")
        == "© 2012 Wiesengrund Spiele GmbH · Am Mühlbach 4 · 34117 Kassel"
    )


def test_kinds_of_fields_told_a_paragraph_each_stand_apart(tmp_path: Path) -> None:
    # Each paragraph ends on a nearly full line of its narrow column; what parts them is
    # that each opens with a kind of field by name.
    lines = [
        "Auf dem Weg kommst du an diesen Fel-",
        "dern vorbei:",
        "Wiesenfelder zeigen nur eine Zahl;",
        "sie haben keine besondere Wirkung.",
        "Bohnenfelder tragen eine Bohne; hier",
        "nimmst du dir eine neue Bohnenkarte.",
        "Mistfelder tragen einen Misthaufen;",
        "hier musst du einmal ganz aussetzen.",
        "Was dort genau geschieht, erfährst du",
        "im Abschnitt über die Sonderfelder.",
    ]
    manual = tmp_path / "manual.txt"
    manual.write_text("\n".join(lines) + "\n", encoding="utf-8")
    texts = [block.text for block in extract(manual, None, []).blocks]
    assert "Wiesenfelder zeigen nur eine Zahl; sie haben keine besondere Wirkung." in texts
    assert "Bohnenfelder tragen eine Bohne; hier nimmst du dir eine neue Bohnenkarte." in texts
    assert any(text.startswith("Mistfelder tragen einen Misthaufen; hier") for text in texts)


def test_what_a_rule_is_for_is_a_note_and_an_advert_for_another_game_no_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Das Startfeld",
        "Eine Grille auf dem eigenen Startfeld muss zuerst weiterziehen.",
        "Diese Regel verhindert, dass ein Spieler sein Startfeld dauernd versperrt.",
        "Spielende",
        "Wer zuerst alle Grillen im Erdloch hat, gewinnt.",
        "Für Kinder ab 8 Jahren, überall erhältlich, wo es gute Spiele gibt.",
    ]
    graph = leaflet(builder, tmp_path, lines)
    assert kind_of(graph, "Diese Regel verhindert")[0] == "note"
    assert kind_of(graph, "Eine Grille auf dem eigenen Startfeld") == ("rule", True)
    assert kind_of(graph, "Für Kinder ab 8 Jahren, überall")[0] == "other"


def test_a_number_closes_its_sentence_before_a_verb_and_its_subject(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Zahlenfelder",
        "Jedes Zahlenfeld zeigt eine Zahl von 1 bis 6. Steht dein Hamster zu Beginn deines",
        "Zuges dort, vergleichst du die Zahl mit deinem Platz. Er zieht auf das 3. Feld vor.",
        "Nach jeder 5. Runde zieht ihr eine Ereigniskarte.",
    ]
    graph = leaflet(builder, tmp_path, lines)
    assert kind_of(graph, "Jedes Zahlenfeld zeigt eine Zahl von 1 bis 6.")[0] != "section"
    texts = [node.text for node in graph.nodes]
    assert "Jedes Zahlenfeld zeigt eine Zahl von 1 bis 6." in texts
    assert "Er zieht auf das 3. Feld vor." in texts
    assert "Nach jeder 5. Runde zieht ihr eine Ereigniskarte." in texts


def test_a_piece_named_without_its_count_is_one_of_the_pieces(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielmaterial",
        "In der Schachtel findest du:",
        "1 Spielplan mit Startfeld und Ziel",
        "24 Hamsterkarten",
        "Rübenscheine im Wert von 1, 5, 10 und 50 Rüben",
        "6 Übersichtskarten mit der Rübentabelle",
        "1 Spielregel",
        "Spielvorbereitung",
        "Legt den Spielplan in die Tischmitte.",
    ]
    graph = leaflet(builder, tmp_path, lines)
    for piece in ("24 Hamsterkarten", "Rübenscheine im Wert", "6 Übersichtskarten", "1 Spielregel"):
        assert kind_of(graph, piece)[0] == "component"


def test_a_firm_beside_its_town_is_the_covers_and_its_story_says_what_a_bird_is(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Wiedehopfweg",
        "Ein Wettlaufspiel für 2 bis 4 Spieler von 6 bis 99 Jahren",
        "Hollerbusch Spiele · Kassel",
        "Spielanleitung",
        "Der Wiedehopf mit seiner prächtigen Federhaube ist ein scheuer Vogel. Jedes Frühjahr "
        "kehrt er aus Afrika in unsere Obstgärten zurück. Doch der letzte Wegabschnitt hat es "
        "in sich. Wer bringt seine Familie als erster nach Hause?",
        "Spielmaterial",
        "1 Spielplan",
        "16 Wiedehopfe aus Holz",
    ]
    graph = leaflet(builder, tmp_path, lines)
    assert kind_of(graph, "Hollerbusch Spiele · Kassel")[0] == "other"
    assert kind_of(graph, "Der Wiedehopf mit seiner")[0] == "flavour"
