"""A race game's rulebook as a newcomer copies it out of a viewer: its title ends in an
exclamation mark, its pages carry the rulebook's name beside their numbers, and its
exceptions answer the rule they are about, not merely the last one said."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.model import Extraction, RuleGraph
from tests.conftest import linked, node_kinds, read_copy

RACE = """\
Raus mit Dir!
Das turbulente Familienspiel für 2 – 4 Spieler von 6 bis 99 Jahren
Inhalt
1 Spielbrett
16 Spielkegel (je 4 in Rot, Blau, Gelb und Grün)
1 Würfel
So wird gespielt
Wer am Zug ist, würfelt einmal und zieht einen seiner Kegel um die
gewürfelte Augenzahl vorwärts.
Eine Sechs
Mit einer 6 muss ein Kegel aus dem Startkreis auf das Anfangsfeld
gesetzt werden, solange noch Kegel im Startkreis stehen. Nach einer
6 darf der Spieler noch einmal würfeln.
Ausnahme: Ist das Anfangsfeld mit einem eigenen Kegel besetzt,
muss zuerst dieser Kegel weitergezogen werden.
Spielregel – Seite 2
Schlagen
Endet ein Zug auf einem Feld, auf dem ein fremder Kegel steht, wird
dieser geschlagen und muss zurück in seinen Startkreis.
Es herrscht Schlagzwang: Kann ein Spieler einen fremden Kegel
schlagen, muss er das tun.
Ins Haus ziehen
Die Kegel ziehen einmal rund um das Spielbrett und dann in das Haus
ihrer Farbe.
Hinweis: Ein Kegel im Haus kann nicht mehr geschlagen werden.
Spielregel – Seite 3
Spielende
Wer zuerst alle vier Kegel im Haus hat, gewinnt.
"""


@pytest.fixture(scope="module")
def race(tmp_path_factory: pytest.TempPathFactory) -> tuple[Extraction, RuleGraph]:
    return read_copy(tmp_path_factory.mktemp("race"), RACE, "raus")


def node_text(graph: RuleGraph, opening: str) -> str:
    return next(node.text for node in graph.nodes if node.text.startswith(opening))


def excepted(graph: RuleGraph, opening: str) -> list[str]:
    return linked(graph, "exception-of", opening)


def test_a_title_that_exclaims_heads_the_copy(race: tuple[Extraction, RuleGraph]) -> None:
    extraction, _ = race
    assert extraction.blocks[0].kind == "heading"
    assert extraction.blocks[0].text == "Raus mit Dir!"


def test_the_games_name_on_the_cover_is_no_part_of_the_rules(
    race: tuple[Extraction, RuleGraph],
) -> None:
    # Over the box's facts it names the game; the rules' own parts head sections.
    _, graph = race
    kinds = node_kinds(graph)
    assert kinds["Raus mit Dir!"] == "other"
    assert kinds["Inhalt"] == kinds["Eine Sechs"] == "section"
    facts = node_text(graph, "Das turbulente Familienspiel")
    assert kinds[facts] == "rule"


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        # A section's heading has its rules under it.
        (
            "Ziel des Spiels\nDer Gewinner kann sich die leckersten Zutaten aussuchen.\n",
            "Ziel des Spiels",
        ),
        # A numbered heading heads a part of the rules.
        (
            "2.4. Spielweise:\n2.4.1. Start der Spielrunde:\nJeder erhält 3 Punkte.\n",
            "2.4. Spielweise:",
        ),
    ],
)
def test_a_heading_over_its_rules_is_no_cover(tmp_path: Path, text: str, heading: str) -> None:
    _, graph = read_copy(tmp_path, text, "teil")
    assert node_kinds(graph)[heading] == "section"


def test_a_page_number_beside_the_rulebooks_name_goes(race: tuple[Extraction, RuleGraph]) -> None:
    extraction, _ = race
    assert not any("Seite" in block.text for block in extraction.blocks)
    pages = [r.before for r in extraction.repairs if r.kind == "page-number"]
    assert pages == ["Spielregel – Seite 2", "Spielregel – Seite 3"]


def test_an_exception_label_answers_the_rule_of_its_case(
    race: tuple[Extraction, RuleGraph],
) -> None:
    # Not the last sentence before it ("Nach einer 6 darf …"): the one about the
    # Anfangsfeld its case names.
    _, graph = race
    assert excepted(graph, "Ausnahme:") == [node_text(graph, "Mit einer 6 muss")]


def test_what_no_longer_holds_excepts_the_rule_that_does_it(
    race: tuple[Extraction, RuleGraph],
) -> None:
    # "Kann ein Spieler … schlagen, muss er das tun" only names capturing as its case.
    _, graph = race
    assert excepted(graph, "Hinweis:") == [node_text(graph, "Endet ein Zug")]


def test_the_component_list_ends_at_a_heading_over_text(
    race: tuple[Extraction, RuleGraph],
) -> None:
    # "Eine Sechs" counts no piece: the list ended at "So wird gespielt".
    _, graph = race
    kinds = node_kinds(graph)
    assert kinds["1 Würfel"] == "component"
    assert kinds["So wird gespielt"] == "section"
    assert kinds[node_text(graph, "Wer am Zug ist")] == "rule"
    assert kinds["Eine Sechs"] == "section"
    assert kinds[node_text(graph, "Die Kegel ziehen")] == "rule"


SNAILS = """\
Schnecke und Spatz
Das listige Wettrennen für 2 bis 6 Spieler ab 8 Jahren
Spielmaterial
• 1 Spielplan mit 50 Feldern
• 6 Schneckenfiguren
• 90 Salatblätter
• 6 Übersichtskarten
Worum geht es?
Wer seine Schnecke als Erste ins Ziel bringt und dabei nicht mehr als
10 Salatblätter besitzt, gewinnt. Vorwärts zu kriechen kostet Salat, und
der Spatz lauert auf die Gierigen.
Vorbereitung
Jeder Spieler erhält eine Schnecke, eine Übersichtskarte und 60 Salatblätter.
Die Schnecken stehen am Anfang auf dem Startfeld.
So wird gespielt
Wer an der Reihe ist, zieht seine Schnecke beliebig viele Felder vorwärts
und bezahlt dafür Salatblätter. Je weiter er zieht, desto teurer wird es:
Felder Salatblätter
1 1
2 3
3 6
4 10
Beispiel: Die gelbe Schnecke steht auf Feld 7 und will auf Feld 10 kriechen.
Sie muss dafür 6 Salatblätter bezahlen.
Auf einem Feld darf immer nur eine Schnecke stehen.
Spatzenfelder
Eine Schnecke darf nur dann auf ein Spatzenfeld ziehen, wenn kein anderes
Spatzenfeld näher vor ihr frei ist. Wer auf einem Spatzenfeld steht, darf
rückwärts ziehen. Für diesen Zug erhält er ausnahmsweise 10 Salatblätter
pro Feld, statt zu bezahlen.
Achtung! Rückwärts darf man nur bis zum nächsten freien Spatzenfeld ziehen.
Salatfelder
Wer auf einem Salatfeld landet, muss dort eine Runde aussetzen und frisst
sich satt: Er erhält 10 Salatblätter.
Abweichend von der Grundregel dürfen auf dem letzten Salatfeld zwei
Schnecken gleichzeitig stehen.
Ziel
Ins Ziel darf nur, wer höchstens 10 Salatblätter besitzt. Hat ein Spieler
mehr, muss er vor dem Ziel warten und rückwärts ziehen.
"""


@pytest.fixture(scope="module")
def snails(tmp_path_factory: pytest.TempPathFactory) -> RuleGraph:
    return read_copy(tmp_path_factory.mktemp("snails"), SNAILS, "snails")[1]


def test_a_question_under_a_bulleted_component_list_heads_its_answer(snails: RuleGraph) -> None:
    kinds = node_kinds(snails)
    assert kinds["• 6 Übersichtskarten"] == "component"
    assert kinds["Worum geht es?"] == "section"
    assert kinds[node_text(snails, "Wer seine Schnecke")] == "rule"


def test_an_exception_that_counts_otherwise_excepts_the_rule_it_recounts(
    snails: RuleGraph,
) -> None:
    # "zwei Schnecken" against "nur eine Schnecke", though the Salatfeld rule is nearer.
    assert excepted(snails, "Abweichend") == [node_text(snails, "Auf einem Feld darf")]


CAPTURES = """\
Schlagen: Kommt eine Figur auf ein Feld, das von einer fremden Figur
besetzt ist, so wird diese geschlagen und muss zurück in ihr Haus.
Eigene Figuren können nicht geschlagen werden. Wer vergisst zu schlagen,
dessen Figur wird zur Strafe ebenfalls zurückgesetzt.
(Beispiel: Gelb würfelt eine 4 und könnte Rot schlagen, zieht aber eine
andere Figur. Dann muss Gelb die Figur, mit der er hätte schlagen können,
in sein Haus zurückstellen.)
Spielende: Das Spiel endet, sobald ein Spieler alle vier Figuren im Ziel hat.
Art.-Nr. 49021 · © 2023 Spielefabrik GmbH, Musterstraße 1, 12345 Musterstadt
"""


def test_an_example_in_brackets_runs_to_its_closing_bracket(tmp_path: Path) -> None:
    _, graph = read_copy(tmp_path, CAPTURES, "panik")
    kinds = node_kinds(graph)
    example = node_text(graph, "(Beispiel:")
    assert example.endswith("in sein Haus zurückstellen.)")
    assert kinds[example] == "example"
    # The article number's full stop ends no sentence: the imprint is one line, no rule.
    imprint = node_text(graph, "Art.-Nr.")
    assert imprint.endswith("12345 Musterstadt")
    assert kinds[imprint] == "other"


GEESE = """\
Fuchs und Gans
Ein flinkes Laufspiel für 2 bis 5 Personen ab 7 Jahren
Spielmaterial
1 Spielplan
5 Spielfiguren in fünf Farben
30 Körnerkarten
1 Würfel
1 Spielregel
Ziel des Spiels
Wer als Erster mit seiner Gans das Zielfeld erreicht und dabei
höchstens 5 Körnerkarten übrig hat, gewinnt das Spiel.
Spielvorbereitung
Legt den Spielplan in die Tischmitte. Jeder wählt eine Farbe und stellt
seine Figur auf das Startfeld. Mischt die Körnerkarten und gebt jedem
Spieler 3 Karten verdeckt. Die übrigen Karten bilden einen Stapel.
Spielablauf
Der jüngste Spieler beginnt, danach geht es im Uhrzeigersinn weiter.
Wer am Zug ist, würfelt und zieht seine Figur um die gewürfelte Augen-
zahl vorwärts. Auf jedem Feid dürfen beliebig viele Figuren stehen.
Beispiel: Lotta steht auf Feld 12 und würfelt eine 4. Sie zieht auf
Feld 16 und nimmt sich eine Körnerkarte.
Körnerfelder
Endet der Zug auf einem Körnerfeld, nimmt der Spieler eine Karte vom
Stapel (mit Ausnahme des letzten Körnerfelds vor dem Ziel).
2
Fuchsfelder
Wer auf einem Fuchsfeld landet, muss 2 Körnerkarten abgeben. Als
Ausnahme zur Grundregel darf ein Spieler, der keine Karten mehr hat,
stattdessen stehen bleiben.
Hinweis: Die abgegebenen Karten kommen unter den Stapel.
Würfelt ein Spieler eine 6, darf er noch einmal würfeln (aber höch-
stens zweimal hintereinander).
Ausnahmsweise darf ein Spieler auf dem Teichfeld eine Runde aussetzen,
statt zu würfeln.
Spielende
Das Spiel endet, sobald eine Gans das Zielfeld genau erreicht. Ab-
weichend von der Grundregel muss dabei nicht genau gewürfelt werden,
wenn nur noch ein Spieler übrig ist.
3
"""


def test_what_an_exception_of_the_end_does_dabei_is_what_was_just_said(tmp_path: Path) -> None:
    # Not the rule that rolls the die again: "dabei" points back to reaching the goal.
    _, graph = read_copy(tmp_path, GEESE, "gans")
    assert excepted(graph, "Abweichend von der Grundregel") == [node_text(graph, "Das Spiel endet")]


def test_a_worked_example_shows_the_turn_rule_whose_moves_it_makes(tmp_path: Path) -> None:
    # "Lotta … würfelt eine 4. Sie zieht auf Feld 16": the rule that rolls and moves.
    _, graph = read_copy(tmp_path, GEESE, "gans")
    shown = linked(graph, "illustrates", "Beispiel: Lotta")
    assert node_text(graph, "Wer am Zug ist, würfelt") in shown


HARES = """\
Hasenrennen
Spielablauf
Wer an der Reihe ist, würfelt und zieht seinen Hasen entsprechend viele Felder vorwärts.
Landet ein Hase auf einem Salatfeld, muss er eine Runde aussetzen. Dafür bekommt er
zwei Salatkarten.
Igelfelder
Auf ein Igelfeld darf man nur rückwärts ziehen. Abweichend von der Grundregel wird dabei
nicht gewürfelt: Der Hase zieht immer auf das nächste Igelfeld zurück.
Tom ist mit seinem blauen Hasen auf Feld 20. Er zieht zurück auf das Igelfeld 17 und
bekommt dafür drei Karotten.
Spielende
Wer zuerst das Ziel erreicht, gewinnt.
"""


def test_an_exception_that_denies_an_action_excepts_the_rule_that_does_it(
    tmp_path: Path,
) -> None:
    # "… wird dabei nicht gewürfelt": the turn rule rolls, the rule beside it does not.
    _, graph = read_copy(tmp_path, HARES, "hasen")
    assert excepted(graph, "Abweichend von der Grundregel") == [
        node_text(graph, "Wer an der Reihe ist, würfelt")
    ]


def test_a_move_told_of_a_player_whose_name_english_knows_is_an_example(tmp_path: Path) -> None:
    # "Tom" is an English word ("tom"), but no German one: a name.
    _, graph = read_copy(tmp_path, HARES, "hasen")
    told = node_text(graph, "Tom ist mit seinem blauen Hasen")
    assert told.endswith("bekommt dafür drei Karotten.")
    assert next(n.kind for n in graph.nodes if n.text == told) == "example"


CONES = """\
Raus mit Dir!
Das turbulente Familienspiel für 2 – 4 Spieler von 6 bis 99 Jahren
Inhalt
1 Spielbrett
16 Spielkegel (je 4 in Rot, Blau, Gelb und Grün)
1 Würfel
Spielidee
Jeder Spieler versucht, seine vier Kegel als Erster vom Startkreis
ins eigene Haus zu bringen. Doch Vorsicht: Wer unterwegs
eingeholt wird, muss zurück an den Start!
Vorbereitung
Jeder Spieler wählt eine Farbe und stellt seine vier Kegel auf den
Startkreis seiner Farbe. Das Haus (die vier Felder in der Mitte)
bleibt zunächst leer.
So wird gespielt
Es wird reihum im Uhrzeigersinn gespielt. Wer die höchste Zahl
würfelt, beginnt.
Wer am Zug ist, würfelt einmal und zieht einen seiner Kegel um die
gewürfelte Augenzahl vorwärts. Solange ein Spieler keinen Kegel auf
der Laufbahn hat, darf er bis zu dreimal würfeln.
Eine Sechs
Mit einer 6 muss ein Kegel aus dem Startkreis auf das Anfangsfeld
gesetzt werden, solange noch Kegel im Startkreis stehen. Nach einer
6 darf der Spieler noch einmal würfeln.
Ausnahme: Ist das Anfangsfeld mit einem eigenen Kegel besetzt,
muss zuerst dieser Kegel weitergezogen werden.
Schlagen
Endet ein Zug auf einem Feld, auf dem ein fremder Kegel steht, wird
dieser geschlagen und muss zurück in seinen Startkreis. Eigene Kegel
können nicht geschlagen werden.
Beispiel: Rot steht auf Feld 8, Blau würfelt eine 3 und zieht von
Feld 5 auf Feld 8. Der rote Kegel wird geschlagen und geht zurück.
Es herrscht Schlagzwang: Kann ein Spieler einen fremden Kegel
schlagen, muss er das tun. Übersieht er es, darf ein Mitspieler
den Kegel, der hätte schlagen müssen, in den Startkreis zurückstellen.
- 2 -
Ins Haus ziehen
Die Kegel ziehen einmal rund um das Spielbrett und dann in das Haus
ihrer Farbe. Im Haus darf nicht übersprungen werden.
Hinweis: Ein Kegel im Haus kann nicht mehr geschlagen werden.
Spielende
Wer zuerst alle vier Kegel im Haus hat, gewinnt.
Variante für Profis
Abweichend von den Grundregeln darf im Haus übersprungen werden.
Außerdem muss man nach einer 6 nicht noch einmal würfeln.
© 2024 Beispielverlag GmbH · www.beispielverlag.de
"""


def test_an_example_that_does_what_a_rule_forbids_does_not_show_the_prohibition(
    tmp_path: Path,
) -> None:
    # The red cone is captured: the example shows capturing, not "Eigene Kegel können
    # nicht geschlagen werden".
    _, graph = read_copy(tmp_path, CONES, "kegel")
    shown = linked(graph, "illustrates", "Beispiel: Rot")
    assert node_text(graph, "Endet ein Zug auf einem Feld") in shown
    assert node_text(graph, "Eigene Kegel") not in shown


# A cover that lists its material by name alone, a piece a line.
WOODS = """\
Waldlauf
Spielmaterial
Spielplan
Würfel
Spielfiguren in vier Farben
Pilzkarten
Spielregel
Ziel des Spiels
Wer als Erster mit seiner Figur die Lichtung erreicht, gewinnt das Spiel.
Spielablauf
Wer am Zug ist, würfelt und zieht seine Figur entsprechend viele Felder vorwärts. Landet
eine Figur auf einem Pilzfeld, nimmt der Spieler eine Pilzkarte.
"""


def test_a_component_list_of_names_alone_at_a_copys_start_is_kept(tmp_path: Path) -> None:
    _, graph = read_copy(tmp_path, WOODS, "wald")
    kinds = node_kinds(graph)
    assert kinds["Waldlauf"] == "other"
    assert kinds["Spielmaterial"] == "section"
    pieces = ["Spielplan", "Würfel", "Spielfiguren in vier Farben", "Pilzkarten"]
    assert [kinds.get(piece) for piece in pieces] == ["component"] * 4
    assert kinds["Ziel des Spiels"] == "section"


COLOURS = """\
Spielablauf
Wer am Zug ist, würfelt und zieht eine Figur entsprechend viele Felder vorwärts.
Der rote Spieler würfelt eine 5 und zieht seine Figur von Feld 3 auf Feld 8.
Der weiße Spieler beginnt immer.
"""


def test_a_move_of_a_player_told_by_colour_with_values_is_an_example(tmp_path: Path) -> None:
    # Without values, the colour names whom a rule binds ("Der weiße Spieler beginnt").
    _, graph = read_copy(tmp_path, COLOURS, "farben")
    kinds = node_kinds(graph)
    assert kinds[
        "Der rote Spieler würfelt eine 5 und zieht seine Figur von Feld 3 auf Feld 8."
    ] == ("example")
    assert kinds["Der weiße Spieler beginnt immer."] == "rule"
