"""What a viewer's copy of a rulebook runs together or tears apart, read through the
text path: no blank lines, lines wrapped as printed."""

from __future__ import annotations

from pathlib import Path

from rulekit.extract import extract
from rulekit.graph.builder import GraphBuilder
from rulekit.model import RuleGraph
from tests.conftest import invented_manual
from tests.test_graph_kinds import graph_of, kind_of

SETUP = [
    "Spielvorbereitung",
    "1. Mischt alle 110 Karten gründlich.",
    "2. In der ersten Runde ist der älteste Spieler Geber. Danach wechselt",
    "der Geber reihum im Uhrzeigersinn.",
    "3. Der Geber teilt jedem Spieler einzeln und verdeckt 13 Karten aus.",
    "Sein linker Nachbar erhält eine 14. Karte.",
    "4. Die übrigen Karten kommen als verdeckter Nachziehstapel in die",
    "Tischmitte. Daneben bleibt Platz für den Ablagestapel.",
    "5. Wer zuletzt eine Karte gemischt hat, beginnt.",
    "Danach geht es reihum im Uhrzeigersinn weiter.",
    "Spielablauf",
    "Wer an der Reihe ist, zieht eine Karte vom Nachziehstapel und legt danach",
    "eine Karte auf den Ablagestapel. Wichtig: Wer einen Joker zieht, muss ihn",
    "sofort auslegen. Er darf nie auf den Ablagestapel gelegt werden.",
]


def test_a_steps_sentences_on_the_lines_under_it_stay_in_the_step(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, SETUP, blank=False)
    steps = [node.text for node in graph.nodes if node.kind == "step"]
    assert (
        "3. Der Geber teilt jedem Spieler einzeln und verdeckt 13 Karten aus. Sein linker "
        "Nachbar erhält eine 14. Karte." in steps
    )
    assert (
        "4. Die übrigen Karten kommen als verdeckter Nachziehstapel in die Tischmitte. "
        "Daneben bleibt Platz für den Ablagestapel." in steps
    )
    assert (
        "5. Wer zuletzt eine Karte gemischt hat, beginnt. Danach geht es reihum im "
        "Uhrzeigersinn weiter." in steps
    )


def test_a_remark_goes_on_with_a_sentence_that_refers_back_to_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, SETUP, blank=False)
    assert kind_of(graph, "Wichtig: Wer einen Joker zieht") == ("note", True)
    notes = [node.text for node in graph.nodes if node.kind == "note"]
    assert notes == [
        "Wichtig: Wer einen Joker zieht, muss ihn sofort auslegen. Er darf nie auf den "
        "Ablagestapel gelegt werden."
    ]


def test_the_rows_of_a_score_table_are_kept(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Punktewertung über mehrere Partien",
        "Wollt ihr mehrere Partien hintereinander spielen, bekommt nach jeder Partie",
        "jeder Spieler Punkte für seinen am höchsten stehenden Bergsteiger.",
        "Stellung des Bergsteigers Punkte",
        "Gipfelfeld 10",
        "Höhenstufe 7–9 6",
        "Höhenstufe 4–6 3",
        "im Basislager 0",
        "Wer zuerst 30 Punkte gesammelt hat, gewinnt das Turnier.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    for row in ("Gipfelfeld 10", "Höhenstufe 7–9 6", "Höhenstufe 4–6 3", "im Basislager 0"):
        assert kind_of(graph, row) == ("rule", True), row


def test_a_remark_goes_on_with_what_it_concludes(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Sätze",
        "Ein Satz besteht aus drei oder vier Karten mit gleichem Wert in verschiedenen",
        "Farben. Achtung: In einem Satz darf jede Farbe nur einmal vorkommen. Zwei",
        "Herz-Damen und eine Pik-Dame sind also kein Satz! Tipp: Beobachtet genau,",
        "welche Karten eure Mitspieler vom Ablagestapel nehmen. So erfahrt ihr, was",
        "sie sammeln.",
        "Anlegen",
        "Ab deinem nächsten Zug darfst du einzelne Karten an ausliegende Kombinationen",
        "anlegen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    notes = [node.text for node in graph.nodes if node.kind == "note"]
    assert notes == [
        "Achtung: In einem Satz darf jede Farbe nur einmal vorkommen. Zwei Herz-Damen und "
        "eine Pik-Dame sind also kein Satz!",
        "Tipp: Beobachtet genau, welche Karten eure Mitspieler vom Ablagestapel nehmen. So "
        "erfahrt ihr, was sie sammeln.",
    ]
    # "deshalb" draws the conclusion of the remark as "also" does.
    note = (
        "Hinweis: Wie viele Kohlrabi ihr habt, bleibt euer Geheimnis. Haltet eure Plättchen "
        "deshalb hinter eurer Übersichtstafel versteckt."
    )
    lines = [
        "Vorbereitung",
        "Jeder von euch nimmt sich",
        "60 Kohlrabi aus der Kasse.",
        "Hinweis: Wie viele Kohlrabi ihr",
        "habt, bleibt euer Geheimnis.",
        "Haltet eure Plättchen deshalb",
        "hinter eurer Übersichtstafel ver-",
        "steckt.",
        "Wer zuletzt einen Kohlrabi gegessen",
        "hat, beginnt.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert [node.text for node in graph.nodes if node.kind == "note"] == [note]


def test_a_remark_keeps_its_printed_paragraph_and_ends_where_a_rule_opens_a_line(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Kosten",
        "Für jeden Zug bezahlst du Tautropfen: Je weiter du kriechst, desto teurer wird es.",
        "Tipp: Lange Strecken sind sehr teuer. Mehrere kurze Züge kosten oft",
        "viel weniger Tau als ein einziger großer Sprung.",
        "Hinweis: Eicheln und Pilzkarten liegen während des ganzen Spiels",
        "offen vor euch. Jeder darf jederzeit nachzählen, wie viel die",
        "anderen besitzen.",
        "Achtung: Alle Teller, die in einer Runde gelegt werden, haben keinen",
        "Einfluss auf vorher gewürfelte Ergebnisse, ganz gleich welcher Art.",
        "Ab der vierten Runde darf jeder Spieler nur noch einen Stein setzen.",
        "Sonderfelder",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    notes = [node.text for node in graph.nodes if node.kind == "note"]
    assert notes == [
        "Tipp: Lange Strecken sind sehr teuer. Mehrere kurze Züge kosten oft viel weniger Tau "
        "als ein einziger großer Sprung.",
        # A sentence that binds the players, inside the remark's printed lines, is its.
        "Hinweis: Eicheln und Pilzkarten liegen während des ganzen Spiels offen vor euch. "
        "Jeder darf jederzeit nachzählen, wie viel die anderen besitzen.",
        "Achtung: Alle Teller, die in einer Runde gelegt werden, haben keinen Einfluss auf "
        "vorher gewürfelte Ergebnisse, ganz gleich welcher Art.",
    ]
    assert kind_of(graph, "Ab der vierten Runde") == ("rule", True)


def test_rows_with_their_unit_or_numbered_in_turn_are_a_row_each(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Wertung",
        "Wer noch Karten auf der Hand hat, bekommt dafür Minuspunkte:",
        "Karte Minuspunkte",
        "1–9 je 5 Punkte",
        "10–12 je 10 Punkte",
        "Joker je 20 Punkte",
        "Die Aufgaben",
        "Jeder muss die Aufgaben in dieser Reihenfolge lösen:",
        "Nr. Aufgabe",
        "1 2 Paare",
        "2 1 Farbreihe aus 6 Karten",
        "3 2 Drillinge",
        "Hinweis: Der Block hilft euch, die Übersicht zu",
        "behalten: Streicht jede gelöste Aufgabe gleich ab.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    for row in ("1–9 je 5 Punkte", "10–12 je 10 Punkte", "Joker je 20 Punkte"):
        assert kind_of(graph, row) == ("rule", True), row
    for row in ("1 2 Paare", "2 1 Farbreihe aus 6 Karten", "3 2 Drillinge"):
        assert [n.text for n in graph.nodes if n.text.startswith(row)] == [row]
    assert kind_of(graph, "Hinweis: Der Block hilft euch, die Übersicht zu behalten: Streicht")


def test_a_word_of_the_rules_parts_over_a_subheading_is_no_picture_label(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielende",
        "Wer zuerst alle Karten los ist, gewinnt die Partie!",
        "Varianten",
        "Schnelle Runde",
        "Für alle, die wenig Zeit haben: Gespielt werden nur drei Runden.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Varianten")[0] == "section"
    assert kind_of(graph, "Schnelle Runde")[0] == "section"
    assert kind_of(graph, "Für alle, die wenig Zeit haben")[0] == "rule"


def test_a_heading_that_ends_in_an_infinitive_heads_the_sentence_under_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Ziehen",
        "Kannst du keine passende Karte ablegen, ziehst du die oberste Karte vom",
        "Nachziehstapel. Passt sie, darfst du sie sofort ablegen.",
        "Gut zu wissen",
        "Ziehen darfst du auch dann, wenn du eine passende Karte hättest.",
        "Zwei ziehen",
        "Legst du eine Zwei-ziehen-Karte, muss der nächste Spieler zwei Karten",
        "vom Nachziehstapel ziehen und setzt dann aus.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Gut zu wissen")[0] == "section"
    assert kind_of(graph, "Zwei ziehen")[0] == "section"
    assert kind_of(graph, "Ziehen darfst du auch dann")[0] == "rule"


def test_an_example_in_brackets_stands_alone_and_credits_run_on_over_a_wrap(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Anlegen",
        "Hinweis: Figuren im Ziel zählen nicht mit. (Beispiel: Gelb hat zwei Figuren im",
        "Ziel.)",
        "An eine Reihe passt jede Karte, die sie verlängert. (Beispiel: An die Reihe",
        "9-10-11-12 passt nur noch eine 8.) In seinem Zug darf ein Spieler beliebig viele",
        "Karten anlegen.",
        "Viel Spaß beim Spielen wünscht euch das Team von Pirol Spiele!",
        "Autor: Henrik Wollenweber · Illustration: Mareike Thun · Redaktion:",
        "Jörg Saalfeld",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "Hinweis: Figuren im Ziel zählen nicht mit.")[0] == "note"
    assert kind_of(graph, "(Beispiel: Gelb hat")[0] == "example"
    assert kind_of(graph, "In seinem Zug darf ein Spieler")[0] == "rule"
    assert kind_of(graph, "Viel Spaß beim Spielen")[0] == "other"
    assert kind_of(graph, "Autor: Henrik Wollenweber")[0] == "other"
    assert not any(n.kind == "section" and "Saalfeld" in n.text for n in graph.nodes)


# A 1950s leaflet: the cover's story, the board described under "Vorbereitung", a list
# of rules lettered in the course of play, and an example told over two paragraphs.
LEAFLET = [
    "Bohnenlauf",
    "Ein lustiges Würfelspiel für 2 bis 4 Personen",
    "Im Bauerngarten ist Pflanzzeit! Jeder Gärtner möchte seine Bohnen",
    "als erster in das Beet bringen. Doch der Gartenweg ist schmal, und",
    "mancher Nachbar schickt die Bohnen des anderen ohne Erbarmen in die",
    "Saatkiste zurück.",
    "I. Vorbereitung",
    "Der Spielplan zeigt einen Bauerngarten, durch den ein Gartenweg von",
    "48 Feldern führt. In den vier Ecken liegen die Saatkisten der vier",
    "Farben. Kurz vor jedem Pflanzfeld zweigt das Beet der gleichen Farbe",
    "ab, das aus vier Beetfeldern besteht.",
    "II. Der Spielverlauf",
    "Wer an der Reihe ist, würfelt einmal und zieht eine seiner Bohnen um",
    "so viele Felder vorwärts, wie der Würfel Augen zeigt.",
    "a) Eine Bohne darf die Saatkiste nur verlassen, wenn der Spieler",
    "eine Sechs würfelt. Sie wird dann auf das Pflanzfeld ihrer Farbe",
    "gesetzt.",
    "b) Wer eine Sechs würfelt, darf nach seinem Zug noch einmal würfeln.",
    "c) Auf einem Feld darf grundsätzlich nur eine Bohne stehen.",
    "III. Einige Beispiele",
    "Rot würfelt eine 4 und kommt damit",
    "genau auf das Pflanzfeld von Gelb,",
    "wo noch eine gelbe Bohne steht. Die",
    "gelbe Bohne muß zurück.",
    "In der nächsten Runde würfelt Gelb",
    "eine 6. Er setzt eine neue Bohne auf",
    "sein Pflanzfeld und wirft damit die",
    "rote Bohne hinaus.",
]


def test_a_leaflets_cover_story_board_lettered_rules_and_told_example(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, LEAFLET, blank=False)
    # The story on the cover tells the game's world: flavour, not the publisher's blurb.
    assert kind_of(graph, "Im Bauerngarten ist Pflanzzeit!")[0] == "flavour"
    assert kind_of(graph, "Jeder Gärtner möchte")[0] == "flavour"
    assert kind_of(graph, "Doch der Gartenweg ist schmal")[0] == "flavour"
    # A paragraph that opens with the board's description defines the board.
    assert kind_of(graph, "Der Spielplan zeigt")[0] == "definition"
    assert kind_of(graph, "Kurz vor jedem Pflanzfeld")[0] == "definition"
    # Lettered rules that no colon announced are no procedure: a rule a sentence.
    assert kind_of(graph, "a) Eine Bohne darf die Saatkiste")[0] == "rule"
    assert kind_of(graph, "Sie wird dann auf das Pflanzfeld")[0] == "rule"
    assert kind_of(graph, "c) Auf einem Feld darf")[0] == "rule"
    # The story goes on in its next turn ("In der nächsten Runde würfelt Gelb …").
    examples = [node.text for node in graph.nodes if node.kind == "example"]
    assert len(examples) == 1
    assert examples[0].endswith("wirft damit die rote Bohne hinaus.")


CARD_GAME = [
    "Spielinhalt",
    "Karte Anzahl",
    "Zahlenkarten Gelb (1 bis 11, jede Zahl zweimal) 22",
    "Zahlenkarten Rot (1 bis 11, jede Zahl zweimal) 22",
    "Stempel 8",
    "Umleitung 6",
    "Außerdem: 1 Block Frachtbriefe und diese Spielregel",
    "Vorbereitung",
    "1. Wer zuletzt ein Paket bekommen hat,",
    "gibt in der ersten Runde.",
    "2. Die gebende Person mischt alle",
    "Karten gut und teilt jedem von euch 10",
    "Karten verdeckt aus.",
    "3. Die übrigen Karten kommen als ver-",
    "deckter Stapel in die Tischmitte. Das",
    "ist der Postsack.",
    "Beispiel:",
    "Mia ist bei Phase 2. Sie legt einen Drilling aus 7ern aus.",
    "Anlegen",
    "Stempel darfst du überall anlegen.",
    "In derselben Runde legt Jonas",
    "seine Phase 1 aus: einen Drilling",
    "aus 2ern und einen aus 10ern.",
]


def test_a_card_games_table_of_contents_and_setup_list(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, CARD_GAME, blank=False)
    # The rows of the contents' table are its pieces, counted after their names.
    assert kind_of(graph, "Zahlenkarten Gelb (1 bis 11")[0] == "component"
    assert kind_of(graph, "Stempel 8")[0] == "component"
    assert kind_of(graph, "Umleitung 6")[0] == "component"
    assert kind_of(graph, "Außerdem: 1 Block Frachtbriefe")[0] == "component"
    # Under "Vorbereitung" a numbered list is done in order, though its first item
    # opens with who does it ("Wer zuletzt …, gibt").
    assert kind_of(graph, "1. Wer zuletzt ein Paket")[0] == "step"
    assert kind_of(graph, "3. Die übrigen Karten")[0] == "step"
    # A player joins the story at the story's time ("In derselben Runde legt Jonas …").
    assert kind_of(graph, "In derselben Runde legt Jonas")[0] == "example"


STATUTE = [
    "VEB Holzspielwaren Oberwald",
    "Hasenhatz",
    "Ein Würfelspiel für 2 bis 4 Spieler ab 6 Jahren",
    "§ 1 Spielmaterial",
    "Inhalt:",
    "1 Spielbrett",
    "3 Hasen je Farbe (rot, gelb, grün, blau)",
    "4 Möhrenscheiben (orange)",
    "1 Würfel",
    "(1) Auf dem Spielbrett führt ein Weg aus 40 Feldern rings um den Acker.",
    "(2) In jeder Ecke liegt der Bau einer Farbe.",
    "§ 2 Vorbereitung",
    "(1) Das Spielbrett wird in die Mitte des Tisches gelegt.",
    "(2) Jeder Spieler wählt eine Farbe und setzt seine drei Hasen in den",
    "Bau dieser Farbe.",
    "§ 3 Spielablauf",
    "(1) Es wird reihum gewürfelt. Jeder Spieler zieht einen seiner Hasen",
    "um so viele Felder vorwärts, wie der Würfel Augen zeigt.",
    "(2) Nach einer 6 darf man noch einmal würfeln. Nach der dritten 6",
    "hintereinander geht der Würfel jedoch an den nächsten Spieler.",
    "§ 4 Schlagen",
    "(1) Endet ein Zug auf einem Feld, auf dem ein fremder Hase steht, so",
    "wird dieser geschlagen und muß in seinen Bau zurück.",
    "(2) Kommt ein Hase beim Einsetzen auf ein besetztes Feld, so wird auch",
    "der fremde Hase dort geschlagen.",
    "§ 5 Die Kleefelder",
    "(1) Ein Hase, der genau auf ein Kleefeld kommt, frißt dort und rastet.",
    "(2) Abweichend von § 4 kann ein rastender Hase nicht geschlagen werden.",
    "Grün würfelt eine 6 und kommt genau auf ein Kleefeld. Sein Hase rastet.",
    "Trotz der 6 ist nun der nächste Spieler an der Reihe.",
    "Wichtig!",
    "Wer keinen Hasen mehr ziehen kann, setzt aus. Ihm bleibt dann nur",
    "das Zuschauen bis zur nächsten Runde.",
    "Was ist was?",
    "Satz: Karten mit derselben Zahl.",
]


def test_a_statutes_numbered_paragraphs_sections_and_their_links(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, STATUTE, blank=False)
    # A line that says what kind of game it is, and for whom, binds.
    assert kind_of(graph, "Ein Würfelspiel für 2 bis 4 Spieler")[0] == "rule"
    # A count with its colour in brackets is a piece, not a player named by colour.
    assert kind_of(graph, "3 Hasen je Farbe")[0] == "component"
    assert kind_of(graph, "4 Möhrenscheiben (orange)")[0] == "component"
    # Numbered paragraphs after the pieces describe the board, each of them.
    assert kind_of(graph, "(1) Auf dem Spielbrett führt")[0] == "definition"
    assert kind_of(graph, "(2) In jeder Ecke liegt")[0] == "definition"
    # Under "Vorbereitung" the paragraphs are done in order; elsewhere they are rules,
    # and the heading over a list that counts anew heads it.
    assert kind_of(graph, "(1) Das Spielbrett wird")[0] == "step"
    assert kind_of(graph, "(2) Jeder Spieler wählt eine Farbe")[0] == "step"
    assert kind_of(graph, "§ 3 Spielablauf")[0] == "section"
    assert kind_of(graph, "(1) Es wird reihum gewürfelt.")[0] == "rule"
    # The marker stays with its sentence.
    assert not any(node.text == "(2)" for node in graph.nodes)
    links = edges_of(graph, "exception-of")
    # "jedoch" turns the third 6 against the rule of the 6, though it limits nothing.
    assert any(
        source.startswith("Nach der dritten 6") and target.startswith("(2) Nach einer 6")
        for source, target in links
    )
    # "Abweichend von § 4" names that section's rule, not the paragraph before it.
    assert any(
        source.startswith("(2) Abweichend von § 4") and target.startswith("(1) Endet ein Zug")
        for source, target in links
    )
    # The story's 6 told again goes on with the story.
    assert kind_of(graph, "Grün würfelt eine 6")[0] == "example"
    assert not any(node.text.startswith("Trotz der 6") for node in graph.nodes)
    # A box under its bare label is one remark, as printed.
    assert any(
        node.kind == "note" and node.text.endswith("bis zur nächsten Runde.")
        for node in graph.nodes
    )
    # A label that names a credit ("Satz: …") defines a word when a phrase follows it.
    assert kind_of(graph, "Satz: Karten mit derselben Zahl.")[0] == "definition"


def edges_of(graph: RuleGraph, kind: str) -> list[tuple[str, str]]:
    text = {node.id: node.text for node in graph.nodes}
    return [(text[e.from_], text[e.to]) for e in graph.edges if e.type == kind]


LEAFLET_GAME = [
    "Weidenhof Spiele",
    "Hasenhatz",
    "Das flinke und listige Wettlaufspiel um jede einzelne Möhre im Garten",
    "Für 2 bis 5 Spieler ab 8 Jahren",
    "Vorbereitung",
    "1. Mischt die Karten und gebt jedem Spieler 10 Karten.",
    "2. Deckt die oberste Karte des Stapels auf und legt sie offen",
    "daneben.",
    "Liegt als erste offene Karte eine Aussetzen-Karte aus, muss der erste",
    "Spieler sofort aussetzen.",
]


def test_a_subtitle_line_and_a_case_under_the_steps(builder: GraphBuilder, tmp_path: Path) -> None:
    manual = tmp_path / "manual.txt"
    manual.write_text("\n".join(LEAFLET_GAME) + "\n", encoding="utf-8")
    graph = builder.build(invented_manual("hasenhatz"), extract(manual, None, []))
    # The line under the name that says what kind of game it is belongs to the cover.
    assert kind_of(graph, "Das flinke und listige Wettlaufspiel")[0] == "other"
    # A case set by its verb first, then a modal rule, is no instruction of the step.
    assert kind_of(graph, "Liegt als erste offene Karte")[0] == "rule"


RACE_LEAFLET = [
    "SPIELVORBEREITUNG",
    "1. Legen Sie den Spielplan in die Mitte des Tisches.",
    "2. Jeder wählt eine Farbe und stellt seine Igel auf das Startfeld.",
    "Tipp: Legen Sie die Chips schon vor der Partie nach ihren Werten bereit.",
    "3. Wer zuletzt einen Igel gesehen hat, beginnt.",
    "SO WIRD GESPIELT",
    "Auf jedem Feld darf immer nur ein Igel stehen.",
    "Im Ziel haben beliebig viele Igel Platz.",
    "Die Scheune darf ein Igel nur betreten, wenn sein Spieler höchstens 15 Körner übrig hat.",
    "Die Grenze von 15 Körnern gilt nicht für den ersten Igel im Ziel.",
    "Anja spielt mit den roten, Peter mit den blauen Igeln. Anja würfelt eine 1.",
    "Peters vorderer Igel steht im Hafen und ist sicher.",
    "Zur Beachtung: Ein Hafen schützt nur vor dem Sturm. Erst zwei Igel sind dort sicher.",
    "Die Felder",
    "Ährenfeld: ein Feld mit goldener Ähre, auf dem du Körner ernten kannst.",
    "Startschutz: Ein Igel, der auf seinem Startfeld steht, kann nicht geschlagen werden.",
    "Strafpunkte",
    "Wer noch Karten auf der Hand hat, erhält dafür Strafpunkte:",
    "Aussetzkarte: 15 Punkte",
    "Joker: 25 Punkte",
    "SONDERFÄLLE",
    "Für einige seltene Spielsituationen gilt:",
    "a) Hat ein Spieler drei Igel im Ziel, deckt er keine Karte mehr auf.",
    "b) Der Sturm setzt einen Igel nie weiter zurück als bis auf sein Startfeld.",
    "Beispiel eines vollständigen Spielzuges:",
    "1. Birgit ist an der Reihe. Sie nimmt die grüne 9 vom Ablagestapel.",
    "2. Zum Schluß wirft sie eine Aussetzkarte ab.",
]


def test_a_race_leaflets_remarks_terms_cases_and_capacity(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, RACE_LEAFLET, blank=False)
    # A tip between two steps is a remark; the procedure goes on after it.
    assert kind_of(graph, "Tipp: Legen Sie die Chips")[0] == "note"
    assert kind_of(graph, "3. Wer zuletzt einen Igel")[0] == "step"
    links = edges_of(graph, "exception-of")
    # A place where many may stand lifts the rule of one a field, unmarked as it is.
    assert (
        "Im Ziel haben beliebig viele Igel Platz.",
        "Auf jedem Feld darf immer nur ein Igel stehen.",
    ) in links
    # A bound named by its count is the rule that counts so.
    assert any(
        source.startswith("Die Grenze von 15") and target.startswith("Die Scheune darf")
        for source, target in links
    )
    # The other player of a clause cut short, and what is his, are the story's.
    assert kind_of(graph, "Anja spielt mit den roten")[0] == "example"
    assert not any(node.text.startswith("Peters vorderer Igel") for node in graph.nodes)
    assert kind_of(graph, "Zur Beachtung:")[0] == "note"
    # A term and the thing it names, with what may be done with it in a relative clause.
    assert kind_of(graph, "Ährenfeld:")[0] == "definition"
    assert kind_of(graph, "Startschutz:")[0] == "rule"
    # A label's value with its unit is a row an engine scores by.
    assert kind_of(graph, "Aussetzkarte: 15 Punkte") == ("rule", True)
    # What holds in rare cases is a list of rules, not a procedure.
    assert kind_of(graph, "a) Hat ein Spieler drei Igel")[0] == "rule"
    # A worked example's numbered moves are the example's.
    assert kind_of(graph, "Beispiel eines vollständigen Spielzuges:")[0] == "example"
    assert not any(node.kind == "step" and "Birgit" in node.text for node in graph.nodes)


CARD_BOX = [
    "Spielvorbereitung",
    "1. Zu Beginn wird ein Kartengeber bestimmt.",
    "Er mischt alle 110 Karten gründlich.",
    "2. Der Kartengeber gibt jedem Spieler verdeckt 10 Karten.",
    "3. Die restlichen Karten bilden den Nachziehstapel.",
    "„Eure Karten bleiben schön geheim!“",
    "Auslegen",
    "Wer eine Runde erfüllt, legt ihre Karten offen vor sich aus.",
    "Beispiel: Malte spielt Runde 7 und legt zwei Vierlinge aus.",
    "Auch ein Vierling aus einer Zehn und drei Glückskarten wäre erlaubt gewesen.",
    "10. Der Gartenweg: Hat ein Spieler seine Runde erfüllt, darf er anlegen.",
]


def test_a_card_boxs_setup_call_and_an_example_that_supposes(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, CARD_BOX, blank=False)
    # Under "Spielvorbereitung" a list from 1 is a procedure, a line of its first item
    # between the first two items as they are.
    assert kind_of(graph, "1. Zu Beginn wird ein Kartengeber")[0] == "step"
    assert kind_of(graph, "2. Der Kartengeber gibt")[0] == "step"
    # A speech bubble's call tells the game's world.
    assert kind_of(graph, "„Eure Karten bleiben")[0] == "flavour"
    # What would have been allowed goes on with the story.
    assert not any(node.text.startswith("Auch ein Vierling") for node in graph.nodes)
    # The next numbered paragraph is no part of it.
    assert kind_of(graph, "10. Der Gartenweg:")[0] == "rule"


def test_in_a_leaflet_of_numbered_paragraphs_an_example_shows_the_rules_near_it(
    builder: GraphBuilder,
) -> None:
    copy = Path(__file__).parent / "data" / "invented" / "copies" / "spatzenrennen.txt"
    graph = builder.build(invented_manual("spatzenrennen"), extract(copy, None, []))
    text = {node.id: node.text for node in graph.nodes}
    shown = {
        text[edge.to]
        for edge in graph.edges
        if edge.type == "illustrates" and text[edge.from_].startswith("Beispiel: Gelb hat einen")
    }
    # One heading over thirteen paragraphs: the rules it walks through stand near it,
    # not in the component list of paragraph 1.
    assert shown
    assert not any(rule.startswith("1) Zum Spiel gehören") for rule in shown)


def test_a_gender_inclusive_subject_names_no_player_of_a_story(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Vorbereitung",
        "1. Jede*r nimmt sich eine Phasenkarte.",
        "2. Wer zuletzt am Meer war, mischt alle Karten und gibt allen verdeckt",
        "10 Karten.",
        "Jede_r legt die übrigen Karten als Nachziehstapel in die Mitte.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "1. Jede*r nimmt sich")[0] == "step"
    assert kind_of(graph, "2. Wer zuletzt am Meer war")[0] == "step"
    assert kind_of(graph, "Jede_r legt die übrigen Karten")[0] == "rule"


def test_an_instance_told_with_so_and_etwa_and_an_order_number_in_a_compound(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Der Einlauf ins Ziel",
        "Ins Ziel darf nur, wer nicht mehr Rettiche besitzt, als ihm nach seinem Platz",
        "erlaubt ist: der erste Hase höchstens 10, der zweite höchstens 20 Rettiche. So",
        "muß etwa ein Spieler, der als zweiter einlaufen will und noch 27 Rettiche",
        "hätte, vorher mindestens 7 Rettiche loswerden.",
        "Sollte diesem Spiel einmal ein Teil fehlen, so wende man sich unter Angabe der",
        "Spielregel-Nr. 3/77 an die Otto Brenninger KG.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert kind_of(graph, "So muß etwa ein Spieler")[0] == "example"
    assert any(
        node.text.startswith("Sollte diesem Spiel") and node.text.endswith("Brenninger KG.")
        for node in graph.nodes
    )


# A copy's cover: the publisher, the title, the box's facts, then the game's story run
# on in one paragraph, and who wins.
COVER_STORY = [
    "Hügelwald Spiele",
    "Käsejagd",
    "Ein flinkes Würfelspiel rund um den Käse",
    "Für 2 bis 4 Kinder von 5 bis 9 Jahren",
    "Spieldauer: etwa 20 Minuten",
    "In der großen Bauernküche ist es mucksmäus-",
    "chenstill. Die Köchin hält ihren Mittags-",
    "schlaf, und Kater Moritz döst auf der",
    "Ofenbank. Jetzt trauen sich die Mäuse aus",
    "ihren Löchern! Denn mitten in der Küche, in",
    "der Käsekammer, liegt ein riesiges Stück",
    "Bergkäse. Doch Vorsicht: Überall auf dem Weg",
    "hat die Köchin Mausefallen aufgestellt.",
    "Wer als Erster drei Mäuse beim Käse hat, gewinnt.",
    "Spielmaterial",
    "1 Spielplan",
    "12 Mäuse in vier Farben",
]


def test_a_cover_story_beside_the_box_lines_is_flavour_but_who_wins_is_a_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, COVER_STORY, blank=False)
    assert kind_of(graph, "Die Köchin hält") == ("flavour", False)
    assert kind_of(graph, "Wer als Erster drei Mäuse") == ("rule", True)
    # A story among the cover's lines is flavour, however many lines of the box there are.
    copy = Path(__file__).parent / "data" / "invented" / "copies" / "mausrennen.txt"
    graph = builder.build(invented_manual("mausrennen"), extract(copy, None))
    for start in ("Die Köchin hält", "Denn mitten in der Küche", "Doch Vorsicht: Überall"):
        assert kind_of(graph, start) == ("flavour", False)
