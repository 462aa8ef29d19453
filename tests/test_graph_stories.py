"""Worked examples told as stories, what a story's idea section holds, and definitions by
what counts as what, read from small invented manuals through the text path."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.extract import extract
from rulekit.graph.builder import GraphBuilder
from rulekit.model import RuleGraph
from tests.conftest import invented_manual
from tests.test_graph_kinds import graph_of, kind_of
from tests.test_graph_links import edges_of


def texts_of(graph: RuleGraph, kind: str) -> list[str]:
    return [node.text for node in graph.nodes if node.kind == kind]


STORY = (
    "Tom hat 28 Punkte und einen Wurm dabei. Die 28 hat sich aber schon Anna "
    "geschnappt, und die 27 liegt umgedreht auf dem Rost. Tom nimmt sich deshalb die 26."
)


def test_a_story_goes_on_in_its_paragraph_until_the_reader_is_told_what_to_do(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Ein Plättchen nehmen",
        "Hörst du auf, nimmst du dir das Plättchen, dessen Zahl deiner Summe entspricht.",
        STORY,
        "Spieler Blau hat 3 Einheiten in Nordwestafrika und möchte Ägypten befreien. Er kann "
        "2 seiner Einheiten schicken. Stellen Sie Ihre Einheiten auf die Befreier-Seite. "
        "Sollte der Befreier einen dritten Würfel geworfen haben, wird dieser ignoriert.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    examples = texts_of(graph, "example")
    assert STORY in examples  # one example, not three sentences of which one is a rule
    assert (
        "Spieler Blau hat 3 Einheiten in Nordwestafrika und möchte Ägypten befreien. "
        "Er kann 2 seiner Einheiten schicken." in examples
    )
    assert kind_of(graph, "Stellen Sie Ihre Einheiten")[0] == "rule"
    assert kind_of(graph, "Sollte der Befreier")[0] == "rule"


def test_a_story_goes_on_in_the_next_paragraph_that_opens_with_its_player(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Wetterfelder",
        "Bleibt dein Bergsteiger genau auf einem Wetterfeld stehen, ziehst du eine Karte.",
        "Tim würfelt eine 6 und landet mit seinem roten Bergsteiger genau auf einem Wetterfeld.",
        "Er zieht zwei Karten und behält eine davon.",
        "7 Die meisten Felder grenzen an zwei Pfade und sind so leicht zu erreichen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [
        "Tim würfelt eine 6 und landet mit seinem roten Bergsteiger genau auf einem "
        "Wetterfeld. Er zieht zwei Karten und behält eine davon."
    ]
    assert kind_of(graph, "7 Die meisten Felder")[0] != "example"  # a numbered paragraph


def test_a_story_goes_on_after_an_exclamation_over_a_sentence_naming_its_player(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Das Einsetzen",
        "Eine Figur verlässt das Häuschen nur mit einer 6.",
        "Uwe hat noch keine Figur im Spiel. Er würfelt eine 6 und stellt eine Figur auf "
        "sein Startfeld.",
        "Wieder eine 6! Eine zweite Figur kann Uwe nicht einsetzen, weil sein Startfeld "
        "besetzt ist.",
        "Glück gehabt! Wer eine 6 würfelt, darf noch einmal würfeln.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [
        "Uwe hat noch keine Figur im Spiel. Er würfelt eine 6 und stellt eine Figur auf sein "
        "Startfeld. Wieder eine 6! Eine zweite Figur kann Uwe nicht einsetzen, weil sein "
        "Startfeld besetzt ist."
    ]


def test_numbers_set_after_a_noun_name_which_ones_are_meant(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Zahlenchips",
        "Die roten Zahlen 6 und 8 sind am größten dargestellt und werden wahrscheinlich am "
        "häufigsten gewürfelt.",
        "Lisa würfelt 3 und 5 und zieht ihre Figur acht Felder weit.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Die roten Zahlen")[0] != "example"
    assert kind_of(graph, "Lisa würfelt 3 und 5")[0] == "example"


def test_the_story_of_the_games_idea_is_flavour_though_it_names_all_or_everyone(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Worum geht es?",
        "Seit Generationen wetteifern die Bergsteiger der vier Täler darum, wer als Erster "
        "das Gipfelkreuz erreicht. Doch der Aufstieg ist tückisch: Immer wieder poltern "
        "Felsbrocken auf die Pfade. Im Wichteldorf ist Herbstmarkt, und alle Wichtelkinder "
        "sind unterwegs.",
        "Vorbereitung",
        "Jeder Spieler erhält 5 Karten.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Seit Generationen")[0] == "flavour"
    assert kind_of(graph, "Doch der Aufstieg")[0] == "flavour"
    assert kind_of(graph, "Im Wichteldorf")[0] == "flavour"
    assert kind_of(graph, "Jeder Spieler erhält") == ("rule", True)


def test_what_counts_as_what_is_a_definition(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Begriffe",
        "Als Feld gilt jeder weiße Kreis auf einem Pfad.",
        "Als Fehlwurf gilt ein Wurf, bei dem du keinen Wert mehr beiseitelegen kannst.",
        "Fünf gleiche Würfel gelten dabei nicht als Full House.",
        "Satz: Ein Satz besteht aus drei oder vier Karten mit gleichem Wert.",
        "Wer zum ersten Mal Karten auslegt, muss 40 Punkte erreichen. Man nennt das "
        "„Herauskommen“.",
        "Jeder Spieler zieht eine Karte.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    for start in ("Als Feld", "Als Fehlwurf", "Fünf gleiche", "Satz: Ein Satz", "Man nennt"):
        assert kind_of(graph, start)[0] == "definition", start
    assert kind_of(graph, "Jeder Spieler zieht") == ("rule", True)


def test_an_example_shows_no_tip(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Die Felsbrocken",
        "Ein Feld mit einem Felsbrocken ist gesperrt. Felsbrocken dürfen niemals übersprungen "
        "werden.",
        "Landet ein Bergsteiger mit der genauen Augenzahl auf einem Felsbrocken, nimmt sein "
        "Spieler den Felsbrocken an sich und stellt den Bergsteiger auf das Feld. Den "
        "Felsbrocken setzt er sofort auf ein beliebiges freies Feld.",
        "Wichtig: Wer einen Felsbrocken erreicht, muss ihn auch wieder einsetzen.",
        "Tipp: Setzt Felsbrocken dorthin, wo sie euren Mitspielern den kürzesten Weg "
        "abschneiden – am besten direkt vor deren vordersten Bergsteiger!",
        "Beispiel:",
        "Grün würfelt eine 5 und erreicht mit seinem Bergsteiger genau den Felsbrocken an der "
        "Wegkreuzung in Höhenstufe 6.",
        "Er nimmt den Felsbrocken und setzt ihn direkt vor den blauen Bergsteiger, der schon "
        "kurz unter dem Gipfel steht.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    shown = [target for _, target in edges_of(graph, "illustrates")]
    assert not any(target.startswith("Tipp") for target in shown)


def test_a_remark_that_says_what_was_just_said_does_not_hold_excepts_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Die Straßen",
        "Als Kleine Straße gilt jede Folge aus vier aufeinanderfolgenden Augenzahlen.",
        "Die zweite Parade",
        "Würfelst du im Laufe des Spiels eine zweite oder weitere Parade, erhältst du jedes Mal "
        "50 Extrapunkte. Achtung: Das gilt nicht, wenn du dein Paradefeld vorher gestrichen "
        "hast.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert edges_of(graph, "exception-of") == [
        (
            "Achtung: Das gilt nicht, wenn du dein Paradefeld vorher gestrichen hast.",
            "Würfelst du im Laufe des Spiels eine zweite oder weitere Parade, erhältst du "
            "jedes Mal 50 Extrapunkte.",
        )
    ]


def test_a_labelled_example_goes_on_with_a_paragraph_that_refers_to_its_player(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Weiter oder aufhören?",
        "Nach jedem Wurf entscheidest du selbst, ob du weiterwürfelst oder aufhörst.",
        "Beispiel:",
        "Lisa wirft alle 8 Würfel: 1, 2, 2, 4, 5, 5, Wurm, Wurm. Sie legt die beiden Würmer "
        "beiseite.",
        "Mit dem letzten Würfel weiterzuwürfeln, ist ihr zu riskant.",
        "Sie hört auf und nimmt sich die 33 vom Grillrost.",
        "Wer aufhört, muss mindestens einen Wurm beiseitegelegt haben.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [
        "Beispiel: Lisa wirft alle 8 Würfel: 1, 2, 2, 4, 5, 5, Wurm, Wurm. Sie legt die "
        "beiden Würmer beiseite. Mit dem letzten Würfel weiterzuwürfeln, ist ihr zu riskant. "
        "Sie hört auf und nimmt sich die 33 vom Grillrost."
    ]
    assert kind_of(graph, "Wer aufhört") == ("rule", True)


def test_a_labelled_story_goes_on_over_its_paragraphs_but_not_into_a_labelled_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Das Ziel",
        "Ins Ziel gelangt eine Figur nur mit der genau passenden Augenzahl.",
        "Beispiel: Lena hat bereits drei Figuren im Ziel.",
        "Die vierte steht auf dem sechsten Feld ihrer Zielstraße und braucht noch genau drei "
        "Augen bis ins Ziel.",
        "Ausnahme: Liegt deine Figur auf dem letzten Platz, bekommst du immer 60 Tautropfen.",
        "Achtung: Auch eine geschlagene Figur kommt nur mit einer 5 wieder ins Spiel.",
        "Endet ein Zug auf einer fremden Figur, wird diese geschlagen.",
        "Blau würfelt eine 3 und landet auf dem Feld einer gelben Figur. Die gelbe Figur wird "
        "geschlagen und kommt zurück in das gelbe Haus.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [
        "Beispiel: Lena hat bereits drei Figuren im Ziel. Die vierte steht auf dem sechsten "
        "Feld ihrer Zielstraße und braucht noch genau drei Augen bis ins Ziel.",
        "Blau würfelt eine 3 und landet auf dem Feld einer gelben Figur. Die gelbe Figur wird "
        "geschlagen und kommt zurück in das gelbe Haus.",
    ]
    assert kind_of(graph, "Ausnahme: Liegt deine Figur")[0] == "rule"
    assert kind_of(graph, "Achtung: Auch eine")[0] == "note"


def test_a_warning_exclaimed_in_the_games_idea_is_flavour(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Hut drüber!",
        "Spielmaterial",
        "1 Spielplan",
        "Worum geht es?",
        "Im Wichteldorf ist Herbstmarkt. Doch Vorsicht: Wer zu lange zögert, bleibt auf "
        "seinen Karten sitzen!",
        "Ziel des Spiels",
        "Wer zuerst alle Hütchen fängt, gewinnt!",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Doch Vorsicht")[0] == "flavour"
    assert kind_of(graph, "Wer zuerst alle Hütchen") == ("rule", True)


def test_what_the_players_try_to_do_is_no_mechanical_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Ziel des Spiels",
        "Jeder Spieler versucht, seine vier Figuren einmal rund um den Spielplan ins Ziel zu "
        "bringen.",
        "Wer zuerst alle vier Figuren im Ziel hat, gewinnt.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Jeder Spieler versucht") == ("rule", False)
    assert kind_of(graph, "Wer zuerst alle vier") == ("rule", True)


def test_a_case_named_in_a_relative_clause_withdraws_nothing(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielablauf",
        "Wer an der Reihe ist, würfelt.",
        "Nach jedem Wurf entscheidest du, ob du weiterwürfelst.",
        "Als Fehlwurf gilt ein Wurf, bei dem du keinen Wert mehr nehmen kannst.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert edges_of(graph, "exception-of") == []


def test_a_labelled_story_goes_on_with_what_its_player_may_not_do_yet(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Anlegen",
        "Ab deinem nächsten Zug darfst du einzelne Karten an ausliegende Folgen anlegen.",
        "Beispiel: In der zweiten Runde legt Lisa drei Damen sowie Kreuz 5, 6, 7 und 8 aus.",
        "Ihre Pik 9 würde an Toms Folge passen, doch in diesem Zug darf sie sie noch nicht "
        "anlegen.",
        "In ihrem nächsten Zug legt sie die Pik 9 an Toms Folge.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [" ".join(lines[2:])]


def test_a_labelled_example_goes_on_with_the_players_it_lists(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Kaufen",
        "Bevor der Spieler am Zug eine Karte nimmt, darf jeder Mitspieler die Karte kaufen.",
        "Beispiel: Anna, Ben, Clara und David sitzen in dieser Reihenfolge am Tisch.",
        "Anna wirft die Karo 7 ab, nun ist Ben am Zug.",
        "Clara und David rufen beide: „Kaufen!“",
        "Ben möchte die Karo 7 nicht haben und zieht vom Nachziehstapel.",
        "Die Karo 7 geht an Clara, weil sie vor David an der Reihe wäre.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [" ".join(lines[2:])]


def test_a_sentence_that_sets_the_scene_of_a_story_opens_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Alle Figuren von Gelb stehen noch im Stall. Gelb würfelt eine 2, dann eine 4 und "
        "im dritten Versuch endlich eine 6. Sie stellt eine Figur auf ihr Ausgangsfeld."
    )
    lines = [
        "Eine Figur einsetzen",
        "Eine Figur verlässt den Stall nur mit einer 6.",
        story,
        "Wer eine 6 würfelt, darf noch einmal würfeln.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [story]


def test_a_story_told_of_coloured_pieces_keeps_its_scene_and_its_wishes(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Besetzte Felder",
        "Auf jedem Feld darf nur ein Igel stehen.",
        "Der blaue Igel steht auf Feld 7, der grüne auf Feld 9. Blau möchte eigentlich "
        "2 Felder weit laufen, doch Feld 9 ist besetzt. Blau läuft deshalb 3 Felder.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [lines[2]]


def test_a_story_takes_in_the_players_it_brings_in_and_the_clauses_about_them(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Die Aussetzkarte",
        "Wer eine Aussetzkarte ablegt, lässt seinen linken Nachbarn aussetzen.",
        "Greta legt eine Aussetzkarte ab. Jannik, der links von ihr sitzt, setzt aus. "
        "Danach ist Ilka an der Reihe, die links neben Jannik sitzt.",
        "Ole landet auf Feld 20, einem Sturmfeld, und rückt zwei Felder vor.",
        "Weil Feld 22 ein Sturmfeld ist, rückt er noch einmal weiter.",
        "Auch das Feld 23 vor ihm ist besetzt. Ole bleibt deshalb auf Feld 22 stehen.",
        "Danach legt er eine Karte ab.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [lines[2], " ".join(lines[3:])]


def test_what_is_said_of_a_told_move_goes_on_with_it_a_remark_after_a_label_does_not(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Rückwärts laufen",
        "Zweimal nacheinander rückwärts laufen darf niemand.",
        "Pia ist im letzten Zug rückwärts gelaufen. Nun möchte sie wieder zurück.",
        "Das ist nicht erlaubt, denn zweimal rückwärts gibt es nicht. Pia läuft vorwärts.",
        "Zum Beispiel: rot: gefährlich grün: sicher",
        "Das ist nicht immer eindeutig.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert " ".join(lines[2:4]) in texts_of(graph, "example")
    assert kind_of(graph, "Das ist nicht immer eindeutig.")[0] != "example"


def test_who_wins_or_which_fields_are_meant_is_no_story(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Der Spielplan",
        "Sturmfelder: Die Felder 4, 11, 18 und 25 zeigen eine Wolke.",
        "Spielende",
        "Sieger ist, wer als Erster das Ziel erreicht.",
        "Der Sieger erhält 5 Punkte, der Zweite 3, der Dritte 2 und der Vierte 1 Punkt.",
        "Habt ihr wenig Zeit, spielt nur die Runden mit den Nummern: 1, 3 und 5.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == []
    assert kind_of(graph, "Sieger ist")[0] == "rule"


def test_a_story_goes_on_where_it_names_its_player_and_ends_where_it_tells_nothing_of_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Einsetzen",
        "Eine Figur verlässt das Nest nur mit einer 6.",
        "Grün würfelt zuerst eine 3 und dann eine 6. Er setzt eine Figur auf sein Startfeld.",
        "Es fällt eine 4, und da noch zwei grüne Figuren im Nest warten, muß Grün die neue "
        "Figur sofort weiterziehen. Beim Ziehen dürfen eigene wie fremde Figuren "
        "übersprungen werden.",
        "Es besteht kein Schlagzwang.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [
        lines[2] + " Es fällt eine 4, und da noch zwei grüne Figuren im Nest warten, muß Grün "
        "die neue Figur sofort weiterziehen."
    ]
    assert kind_of(graph, "Beim Ziehen dürfen")[0] == "rule"
    assert kind_of(graph, "Es besteht kein Schlagzwang.")[0] == "rule"


def test_a_throw_told_of_a_named_player_is_a_story_an_instance_or_a_winner_is_not(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    thomas = (
        "Thomas hat vor der letzten Runde nur noch die Kleine Straße frei. Nach drei Würfen "
        "liegen 2, 3, 4, 4, 6 vor ihm. Er würfelt noch einmal und bekommt eine 5 und eine 1."
    )
    lines = [
        "Die Würfe",
        "Eine Straße besteht aus Würfeln mit aufeinanderfolgenden Zahlen, z. B. 2, 3, 4, 5.",
        thomas,
        "Jürgen hat nur noch die Chance frei und schreibt 17 Punkte hinein.",
        "Spielende",
        "Sieger ist am Ende, wer die höchste Gesamtsumme hat.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [thomas, lines[3]]
    assert kind_of(graph, "Eine Straße besteht")[0] == "definition"
    assert kind_of(graph, "Sieger ist am Ende")[0] == "rule"


def test_a_story_goes_on_with_a_player_it_brings_in_and_with_what_would_have_happened(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    hunter = (
        "Der Jäger geht drei Felder zurück und bleibt genau auf dem Fuchs von Andrea stehen. "
        "Andrea muss ihren Fuchs in den Bau zurückstellen."
    )
    supposed = "Mit einer 3 dagegen wäre Blau über den Eingang hinweggezogen."
    lines = [
        "Der Jäger",
        "Wer eine 1 würfelt, zieht statt eines Fuchses den Jäger.",
        "Peter würfelt eine 1 und muss den Jäger ziehen. Beim zweiten Wurf zeigt er eine 3.",
        hunter,
        "Geheimgänge",
        "Bleibt ein Fuchs genau auf einem Tunneleingang stehen, darf er durch den Gang schlüpfen.",
        "Beispiel:",
        "Blau würfelt eine 2 und bleibt genau auf dem Eingang stehen.",
        supposed,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    examples = texts_of(graph, "example")
    assert any(text.endswith(hunter) for text in examples)
    assert any(text.endswith(supposed) for text in examples)


def test_a_bracketed_example_after_a_story_is_an_example_of_its_own(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = "Rot ist Trumpf. Anna eröffnet mit einem Narren, Ben legt die blaue 6."
    bracketed = "(Beispiel: David eröffnet mit einem Bürgermeister. Anna legt eine 9.)"
    lines = [
        "Bedienen",
        "Hast du eine Karte der verlangten Farbe, musst du eine davon spielen.",
        story,
        bracketed,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [story, bracketed]


def test_two_compound_nouns_as_a_subject_are_no_players(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielvorbereitung",
        "Jeder Spieler erhält 3 Salatkarten und 70 Salatblätter.",
        "Salatkarten und Salatblätter liegen offen vor jedem Spieler; jeder darf sie zählen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == []


def test_a_label_of_a_few_words_opens_the_example_under_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Ins Ziel",
        "Ins Ziel kommt man nur mit der genau passenden Augenzahl.",
        "Ein Beispiel:",
        "Lukas hat einen roten Kegel auf dem Zielfeld 3. Lukas würfelt eine 4.",
        "Mit dem zweiten Kegel müßte er über den Kegel auf Zielfeld 3 hinwegziehen – das "
        "ist verboten. Lukas muß also mit seinem dritten Kegel ziehen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "section") == ["Ins Ziel"]
    (example,) = texts_of(graph, "example")
    assert example.startswith("Ein Beispiel: Lukas hat")
    assert example.endswith("mit seinem dritten Kegel ziehen.")


def test_an_example_ends_at_its_closing_bracket_or_at_a_marked_exception(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Zahlenfelder",
        "Stimmt die Zahl auf dem Feld mit deinem Platz überein, erhältst du das Sechsfache.",
        "Beispiel: Dieter steht auf dem Zahlenfeld 2 und ist Zweiter. Er bekommt 12 Blätter.",
        "Das Zahlenfeld 4 zählt ausnahmsweise auch für den fünften und sechsten Platz. "
        "(Beispiel: Frank ist Sechster auf einem Zahlenfeld 4; er erhält 24 Blätter.)",
        "Anschließend zieht er wie gewohnt.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Das Zahlenfeld 4 zählt ausnahmsweise")[0] == "rule"
    assert "(Beispiel: Frank ist Sechster auf einem Zahlenfeld 4; er erhält 24 Blätter.)" in (
        texts_of(graph, "example")
    )
    assert kind_of(graph, "Anschließend zieht er")[0] == "rule"


@pytest.mark.parametrize(
    ("lines", "blank"),
    [
        # A story on the next printed line leaves the remark before it.
        (
            [
                "Die Sperrfelder",
                "Ein Kegel, dessen Zug auf einem Sperrfeld endet, sitzt dort fest, bis sein "
                "Spieler eine 6 würfelt.",
                "Hinweis: Ein Kegel auf dem Sperrfeld kann ganz gewöhnlich umgeworfen werden; "
                "der Kegel, der ihn umwirft, sitzt dann selbst auf dem Sperrfeld fest.",
                "Ein gelber Kegel sitzt auf einem Sperrfeld fest, zwei Felder dahinter steht "
                "ein roter Kegel. Rot würfelt eine 4 und darf mit diesem Kegel nicht ziehen.",
            ],
            False,
        ),
        # A title and a name name a player.
        (
            [
                "Almwiesen",
                "Wer seinen Zug auf einer Almwiese beendet, muss dort eine Runde rasten.",
                "Herr Kofler zieht seine graue Ziege von Feld 18 auf die Almwiese 23 und zahlt "
                "dafür 15 Kräuter. Vor ihm steht nur noch die Ziege von Frau Berger auf Feld 24.",
            ],
            True,
        ),
        # A quoted call before a comma goes on in its sentence.
        (
            [
                "Licht aus!",
                "Vergisst jemand zu schlagen, darf jeder andere „Licht aus!“ rufen.",
                "Levin (Grün) würfelt eine 4 und zieht seine vordere Figur. Elif ruft sofort "
                "„Licht aus!“, noch bevor Bruno würfelt. Levin muss seine Figur zurückstellen.",
            ],
            True,
        ),
    ],
)
def test_the_last_paragraph_is_one_story(
    builder: GraphBuilder, tmp_path: Path, lines: list[str], blank: bool
) -> None:
    graph = graph_of(builder, tmp_path, lines, blank=blank)
    assert texts_of(graph, "example") == [lines[-1]]


def test_a_labelled_example_ends_at_a_marked_rule_or_the_closing_wish(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Äpfel pflücken",
        "Würfelst du eine Farbe, pflückst du einen Apfel dieser Farbe.",
        "Beispiel: Mia würfelt Gelb. Sie pflückt einen gelben Apfel und legt ihn in den "
        "Erntekorb. Hängt an diesem Baum kein Apfel mehr, darfst du ausnahmsweise noch "
        "einmal würfeln.",
        "Spielende",
        "Beispiel: Am Ende hat Weiß fünf Äpfel im Körbchen, Lila und Blau haben je sechs.",
        "Viel Spaß beim Ernten wünschen euch Oma Lene und das Team von Zaunkönig!",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert texts_of(graph, "example") == [
        "Beispiel: Mia würfelt Gelb. Sie pflückt einen gelben Apfel und legt ihn in den Erntekorb.",
        lines[4],
    ]


def test_the_games_title_in_capitals_is_no_player_of_a_story(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "IGELSPRINT",
        "Für 2 bis 6 Spieler ab 10 Jahren",
        "Wer im Herbst zu schnell rennt, hat im Winter nichts zu beißen. IGELSPRINT ist ein "
        "Rennspiel, bei dem nicht das Würfelglück, sondern die kluge Einteilung der "
        "Apfelmarken entscheidet.",
        "Spielmaterial",
        "1 Spielplan",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "IGELSPRINT ist ein Rennspiel")[0] != "example"


def test_a_piece_told_by_its_colour_with_values_is_a_story_and_a_card_no_player(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Das Marienkäferfeld",
        "Auf einem Marienkäferfeld gibst du eine Blattlaus-Karte ab.",
        "Die gelbe Schnecke hat noch zwei Blattlaus-Karten und steht 3 Felder vor einem "
        "Marienkäferfeld. Sie zieht hin und gibt eine Blattlaus-Karte ab.",
        "Die rote Schnecke beginnt.",
        "Die Sonderkarten",
        "Joker und Aussetzkarten bringen Schwung in die Jagd.",
        "Ein Joker kann in jeder Kartengruppe jede beliebige Zahl ersetzen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Die gelbe Schnecke")[0] == "example"
    assert kind_of(graph, "Die rote Schnecke beginnt") == ("rule", True)
    # "ein Joker": a noun of the game, no player of a story.
    assert kind_of(graph, "Ein Joker kann") == ("rule", True)


def test_a_labelled_example_goes_on_in_a_paragraph_that_names_its_player(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Der Joker",
        "Ein Joker ersetzt jede beliebige Zahl.",
        "Beispiel:",
        "Katrin steht auf Zinne 1 und braucht zwei Drillinge. Auf der Hand hat sie drei "
        "Siebenen, zwei Zehnen und einen Joker.",
        "Der Joker ergänzt die Zehnen zum zweiten Drilling, und Katrin kann auslegen. Mit "
        "zwei Jokern und einer Zehn wäre es ebenfalls gegangen. Aussetzkarten gehören zu "
        "keiner Kombination.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [
        "Beispiel: Katrin steht auf Zinne 1 und braucht zwei Drillinge. Auf der Hand hat sie "
        "drei Siebenen, zwei Zehnen und einen Joker. Der Joker ergänzt die Zehnen zum zweiten "
        "Drilling, und Katrin kann auslegen. Mit zwei Jokern und einer Zehn wäre es ebenfalls "
        "gegangen."
    ]
    assert kind_of(graph, "Aussetzkarten gehören")[0] == "rule"


def test_under_the_box_facts_the_cover_tells_a_story_or_praises_the_game_but_rules_nothing(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Hallwachs-Spiele",
        "KUCKUCKSWEG",
        "Ein lustiges Würfelspiel für jung und alt",
        "2 bis 4 Spieler · ab 6 Jahren",
        "ca. 30 Minuten",
        "Vier junge Kuckucke sind in fremden Nestern groß geworden und machen sich nun auf "
        "den weiten Weg. Doch der Weg ist schmal, und wer einem anderen in die Quere kommt, "
        "wird ohne viel Federlesen zurückgeschickt. KUCKUCKSWEG ist ein Laufspiel, bei dem "
        "das Würfelglück entscheidet.",
        "Spielmaterial",
        "1 Spielplan",
        "Spielablauf",
        "Wer an der Reihe ist, würfelt einmal.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "2 bis 4 Spieler") == ("rule", True)
    assert kind_of(graph, "ca. 30 Minuten")[0] == "other"
    assert kind_of(graph, "Vier junge Kuckucke") == ("flavour", False)
    assert kind_of(graph, "Doch der Weg ist schmal") == ("flavour", False)
    assert kind_of(graph, "KUCKUCKSWEG ist ein Laufspiel")[0] == "other"
    assert kind_of(graph, "Wer an der Reihe ist") == ("rule", True)


def test_a_cover_story_may_end_by_asking_who_wins_and_the_box_facts_stay_a_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Haselmaus Spiele",
        "Meisenflug",
        "Ein flatterhaftes Würfelrennen vom Gartenzaun zum Futterhaus",
        "Für 2 bis 4 Spieler ab 5 Jahren",
        "Es ist ein kalter Wintermorgen. Im Garten hat jemand ein Futterhaus aufgehängt. "
        "Flink flattern die Meisen los, von Ast zu Ast. Wer bringt seine vier Meisen zuerst "
        "ins Futterhaus?",
        "Spielmaterial",
        "1 Spielplan",
        "Spielablauf",
        "Wer an der Reihe ist, würfelt einmal.",
    ]
    manual = tmp_path / "manual.txt"
    manual.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    graph = builder.build(invented_manual("meisenflug"), extract(manual, None, []))
    # The story told its world before it asked: flavour, not the publisher's blurb.
    assert kind_of(graph, "Es ist ein kalter Wintermorgen.") == ("flavour", False)
    assert kind_of(graph, "Wer bringt seine vier Meisen") == ("flavour", False)
    assert kind_of(graph, "Für 2 bis 4 Spieler") == ("rule", True)


def test_the_facts_of_a_did_you_know_box_are_flavour(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Spielende",
        "Wer zuerst alle Störche im Nest hat, gewinnt.",
        "Wusstest du schon?",
        "Echte Weißstörche fliegen im Herbst bis nach Afrika. Im Frühjahr kehren sie oft "
        "genau in dasselbe Nest zurück.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Echte Weißstörche") == ("flavour", False)
    assert kind_of(graph, "Im Frühjahr kehren sie") == ("flavour", False)
    assert kind_of(graph, "Wer zuerst alle Störche") == ("rule", True)


def test_a_story_ends_where_a_case_is_put_to_the_reader_after_a_number(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Figur einsetzen",
        "Mit einer 6 setzt du eine Figur auf dein Startfeld. Mia hat noch alle vier Figuren "
        "im Kästchen. Sie würfelt eine 3, dann eine 5 und im dritten Versuch endlich eine 6. "
        "Würfelst du eine 6 und wartet noch eine Figur in deinem Kästchen, musst du sie "
        "einsetzen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Mia hat noch")[0] == "example"
    assert kind_of(graph, "Würfelst du eine 6") == ("rule", True)


def test_a_story_under_its_heading_goes_on_in_its_paragraph_though_it_says_must(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Eine kleine Geschichte vorweg",
        "Wenn auf dem alten Hof die Lichter ausgehen, huschen die Iltisse aus ihren Höhlen. "
        "Doch der Weg ist eng. Wer einem anderen Iltis in die Quere kommt, muss zurück in "
        "seine Höhle. Nur unter dem Dach der Scheune kann ein Iltis kurz verschnaufen.",
        "Spielablauf",
        "Wer eine 6 würfelt, muss einen Iltis aus seiner Höhle auf sein Startfeld setzen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Wer einem anderen Iltis") == ("flavour", False)
    assert kind_of(graph, "Nur unter dem Dach") == ("flavour", False)
    assert kind_of(graph, "Wer eine 6 würfelt") == ("rule", True)


@pytest.mark.parametrize(
    "story",
    [
        "Angenommen, Petra steht auf dem Marktfeld 31. Vor ihr sind noch zwei Hamster "
        "unterwegs, und sie bekommt 20 Pastinaken.",
        "Hat Klaus nur noch 2 Pastinaken, kann er höchstens 1 Feld weit ziehen, denn 2 "
        "Felder kosten schon 3 Pastinaken.",
    ],
)
def test_a_supposition_or_a_case_told_of_a_named_player_is_an_example(
    builder: GraphBuilder, tmp_path: Path, story: str
) -> None:
    lines = [
        "Marktfelder",
        "Wer auf einem Marktfeld steht, bekommt 10 Pastinaken für jeden Hamster vor ihm.",
        "Jeder Zug kostet Pastinaken; wer nicht genug hat, darf nicht so weit ziehen.",
        story,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [story]


def test_a_story_opened_by_whose_piece_it_is_is_an_example(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Merles graues Kaninchen steht auf Feld 6, Oles braunes auf Feld 8. Merle möchte 2 "
        "Felder weit ziehen, doch Feld 8 ist besetzt. Sie zieht deshalb 3 Felder weit."
    )
    lines = [
        "Besetzte Felder",
        "Auf jedem Feld darf nur ein Kaninchen stehen. Besetzte Felder werden übersprungen "
        "und mitgezählt.",
        story,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert texts_of(graph, "example") == [story]


def test_a_rule_of_any_player_before_an_example_in_brackets_stays_a_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rule = (
        "Die übrigen Spieler können danach weiterspielen, bis nur noch ein Spieler Hummeln "
        "außerhalb seiner Wabe hat."
    )
    example = "(Beispiel: Grün hat drei Hummeln in der Wabe und würfelt eine 6.)"
    lines = [
        "Spielende",
        f"Wer als erster alle vier Hummeln in seine Wabe bringt, gewinnt. {rule} {example}",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Die übrigen Spieler") == ("rule", True)
    assert texts_of(graph, "example") == [example]


def test_a_labelled_example_goes_on_over_its_numbered_moves_and_its_reckoning(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Der Riegel",
        "Wer einen Riegel ablegt, bestimmt einen Mitspieler, der einmal aussetzt.",
        "Beispiel für einen Spielzug:",
        "Anke, Bernd und Carola spielen zu dritt. Anke steht bei Phase 2, Bernd bei Phase 3.",
        "1. Zug: Anke legt zwei Drillinge aus und wirft eine 9 ab.",
        "2. Zug: Bernd zieht eine Karte und legt einen Riegel vor Anke.",
        "Abrechnung: Anke hat noch eine 12 und eine 5 auf der Hand, das macht 15 Punkte.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    examples = texts_of(graph, "example")
    assert len(examples) == 1
    assert examples[0].startswith("Beispiel für einen Spielzug:")
    assert examples[0].endswith("das macht 15 Punkte.")
