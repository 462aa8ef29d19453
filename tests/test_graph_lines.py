"""Lines that are no rules though they stand among them: credits under a compound label,
the column titles over a table, headings said as a question or a clause, and a clause
that leads in to its list, read from small invented manuals."""

from __future__ import annotations

from pathlib import Path

from rulekit.graph.builder import GraphBuilder
from tests.test_graph_kinds import graph_of, kind_of, kind_of_text


def test_a_credit_under_a_compound_label_is_no_rule(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "ROMMÉ ROYAL",
        "Regelbearbeitung: Henrike Waldmann",
        "Titelillustration: Jonas Kreutzer",
        "Spielablauf",
        "Einsatz: Jeder Spieler zahlt 5 Chips in die Kasse.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Regelbearbeitung")[0] == "other"
    assert kind_of(graph, "Titelillustration")[0] == "other"
    assert kind_of(graph, "Einsatz: Jeder Spieler") == ("rule", True)  # "Ein|satz" credits no one


def test_the_titles_over_a_tables_label_and_value_are_no_heading(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielende",
        "Wer ausgemacht hat, erhält keine Minuspunkte.",
        "Wertung Punkte",
        "jedes gefangene Hütchen 2",
        "jedes eigene freie Hütchen (auf dem Spielplan oder im Häuschen) 1",
        "Grillplättchen Würmer",
        "21 bis 24 1",
        "25 bis 28 2",
        "Die Phasen",
        "Phase 1 2",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Wertung Punkte")[0] == "other"
    assert kind_of(graph, "Grillplättchen Würmer")[0] == "other"
    assert kind_of(graph, "21 bis 24 1") == ("rule", True)
    assert kind_of(graph, "25 bis 28 2") == ("rule", True)
    assert kind_of(graph, "Die Phasen")[0] == "section"  # an article opens a heading


def test_a_question_alone_over_its_answer_is_a_heading(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielablauf",
        "Wer an der Reihe ist, würfelt.",
        "Was passiert, wenn ein Würfel vom Tisch fällt?",
        "Fällt ein Würfel vom Tisch, werden alle Würfel noch einmal geworfen.",
        "Weiter oder aufhören?",
        "Nach jedem Wurf entscheidest du, ob du weiterwürfelst.",
        "Und wenn der Fänger selbst gefangen wird?",
        "Dann übernimmt der neue Fänger den ganzen Turm.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    for question in ("Was passiert", "Weiter oder", "Und wenn der Fänger"):
        assert kind_of(graph, question)[0] == "section", question
    assert kind_of(graph, "Dann übernimmt") == ("rule", True)


def test_a_clause_heading_is_a_heading_and_a_clause_ending_in_its_verb_leads_in(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Wenn nichts mehr geht",
        "Können Sie weder vorwärts noch rückwärts ziehen, müssen Sie aussetzen.",
        "Baumfelder",
        "Auf einem Baumfeld erhalten Sie eine Ernte aus der Bank.",
        "Die Ernte beträgt:",
        "1. Platz 2 Apfelmarken",
        "2. Platz 6 Apfelmarken",
        "Ein Plättchen vom Spielplan entfernen:",
        "Das Plättchen kommt auf den Abwurfstapel.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Wenn nichts mehr geht")[0] == "section"
    assert kind_of(graph, "Die Ernte beträgt:")[0] == "lead-in"
    # An instruction heading ends in its infinitive.
    assert kind_of(graph, "Ein Plättchen vom Spielplan entfernen:")[0] == "section"


def test_the_headings_of_the_pieces_and_of_the_rules_after_them_are_sections(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielidee",
        "Sechs Schnecken kriechen um die Wette. Wer zuerst ankommt, gewinnt.",
        "Das braucht ihr",
        "1 Spielplan",
        "6 Schnecken aus Holz",
        "1 Spielregel",
        "Spielregel",
        "1. Der Spielplan: Der Weg ist ein Rundweg aus 40 Feldern.",
        "2. Spielbeginn: Jeder Spieler wählt eine Farbe.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Das braucht ihr")[0] == "section"
    assert kind_of(graph, "6 Schnecken aus Holz")[0] == "component"
    assert kind_of(graph, "Spielregel")[0] == "section"
    assert kind_of(graph, "2. Spielbeginn")[0] != "component"


def test_what_a_field_shows_and_what_things_are_called_define_and_the_imprint_is_other(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielmaterial",
        "1 Spielplan",
        "16 Wiesel aus Holz",
        "Der Spielplan",
        "Die vier Felder mit einer Baumwurzel heißen Fluchtbaue.",
        "Die besonderen Felder",
        "Rettichfeld: Hier ist ein dicker weißer Rettich abgebildet. Wer hier steht, darf "
        "10 Rettiche nehmen.",
        "Zahlenfeld: Steht dein Hase zu Beginn deines Zuges hier, nimmst du 10 Rettiche "
        "für jeden Hasen vor dir. Auch Hasen, die schon im Ziel sind, zählen dabei mit.",
        "Spielende",
        "Wer zuerst im Ziel ist, gewinnt.",
        "Der Autor dankt allen Testspielern für ihre Geduld.",
        "Bitte bewahrt die Anschrift für spätere Rückfragen auf.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Die vier Felder mit einer Baumwurzel")[0] == "definition"
    assert kind_of(graph, "Rettichfeld: Hier ist")[0] == "definition"
    assert kind_of(graph, "Wer hier steht")[0] == "rule"
    assert kind_of(graph, "Auch Hasen, die schon im Ziel")[0] == "rule"
    assert kind_of(graph, "Der Autor dankt")[0] == "other"
    assert kind_of(graph, "Bitte bewahrt die Anschrift")[0] == "other"


def test_headings_over_a_summary_a_case_and_the_list_of_a_things_parts(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielmaterial",
        "96 Ruderkarten",
        "8 Steuermannkarten",
        "Die Etappen",
        "Die zehn Etappen verlangen folgende Kombinationen:",
        "1. 2 Drillinge",
        "2. 1 Drilling + 1 Viererfolge",
        "Kein Zug möglich",
        "Kann ein Spieler nicht ziehen, setzt er aus.",
        "Spielvariante für Könner",
        "Wer das Spiel gut kennt, kann mit zwei zusätzlichen Regeln spielen:",
        "• Doppelsechs: Wer zwei Sechsen würfelt, darf zweimal ziehen.",
        "• Rückwärtsigel: Eine gewürfelte 1 darf man auch rückwärts ziehen.",
        "Kurz & knapp",
        "• Eine 6 bringt einen Igel aufs Startfeld.",
        "• Wer schlagen kann, muss schlagen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "1. 2 Drillinge") == ("rule", True)
    assert kind_of(graph, "Kein Zug möglich")[0] == "section"
    assert kind_of(graph, "Kurz & knapp")[0] == "section"


def test_a_tables_row_parted_by_a_tab_is_one_unit_and_the_cover_says_who_wins(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "MURMELBAHN",
        "Für 2 bis 4 Spieler ab 6 Jahren",
        "Doch wer hier gewinnen will, muss nicht nur schnell sein, sondern gut rechnen.",
        "Wer als erster alle Murmeltiere im Bau hat, hat gewonnen.",
        "Die Felder",
        "Auf einigen Feldern ist aber mächtig was los:",
        "Kohlfeld\tHier isst du einen Kohlkopf (siehe Seite 3).",
        "Suhle\tNur rückwärts zu erreichen. Für jedes Feld zurück gibt es",
        "10 Rüben.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Doch wer hier gewinnen will")[0] == "flavour"
    assert kind_of(graph, "Wer als erster alle Murmeltiere")[0] == "rule"
    assert kind_of_text(graph, "Suhle") == (
        "Suhle\tNur rückwärts zu erreichen. Für jedes Feld zurück gibt es 10 Rüben."
    )
    assert (
        kind_of_text(graph, "Kohlfeld") == "Kohlfeld\tHier isst du einen Kohlkopf (siehe Seite 3)."
    )


def test_names_one_a_line_after_a_colon_are_its_items_up_to_the_last(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    names = ["Radieschenfelder", "Maulwurfsfelder", "Gießkannenfelder", "Vogelscheuchenfelder"]
    lines = [
        "Der Spielplan",
        "Die Rennstrecke führt vom Startfeld über 40",
        "nummerierte Felder bis ins Ziel. Die meisten",
        "Felder sind einfache Erdfelder ohne beson-",
        "dere Wirkung. Dazwischen liegen vier Arten",
        "von Sonderfeldern:",
        *names,
        "Was die Sonderfelder bewirken, steht auf",
        "Seite 3.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert [kind_of(graph, name)[0] for name in names] == ["definition"] * 4


def test_a_paragraphs_lead_closed_by_a_full_stop_opens_its_first_sentence(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Ins Ziel",
        "Genau zählen. Der Pflaumenkorb zählt als Feld 41.",
        "Nur vorbei. Ziehst du über ein Wespenfeld nur hinweg, passiert nichts.",
        "Jeder zieht. Dann ist der Nächste an der Reihe.",
        "Hinweis für Eltern und Erzieher: Das Spiel übt spielerisch das Zählen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Genau zählen. Der Pflaumenkorb zählt als Feld 41.")[0] == "rule"
    assert kind_of(graph, "Nur vorbei. Ziehst du")[0] == "rule"
    # a sentence with its finite verb is no lead
    assert "Jeder zieht." in [node.text for node in graph.nodes]
    assert kind_of(graph, "Hinweis für Eltern")[0] == "note"


def test_what_the_board_shows_under_its_heading_defines_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Wie sieht der Spielplan aus?",
        "Links unten auf dem Spielplan liegt die Storchenwiese.",
        "Auf den Froschfeldern 7, 13, 23 und 34 sitzt ein grüner Frosch.",
        "Die Gewitterfelder 15, 26 und 37 zeigen eine dunkle Wolke mit einem Blitz.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [kind_of(graph, line)[0] for line in lines[1:]] == ["definition"] * 3
