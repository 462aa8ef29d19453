"""Whom and what an example tells of: players named by a letter or a colour, pieces whose
name no dictionary knows, a move it judges, and the sentences where it ends, read from
small invented manuals."""

from __future__ import annotations

from pathlib import Path

from rulekit.graph.builder import GraphBuilder
from tests.test_graph_kinds import graph_of, kind_of, kind_of_text


def test_an_example_of_players_named_by_letter_keeps_its_sentences(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = (
        "Beispiel: Die Spieler A, B, C und D sitzen im Uhrzeigersinn. Spieler D legt eine "
        "Ruhetagkarte ab und bestimmt Spieler B. Spieler A spielt seinen Zug wie gewohnt."
    )
    move = "(Spieler B legt eine grüne 5 an seinen eigenen Drilling aus Fünfen.)"
    lines = [
        "Ruhetagkarten",
        "Wer eine Ruhetagkarte ablegt, bestimmt einen Mitspieler, der seinen nächsten Zug "
        "aussetzt.",
        example,
        "Nachlegen",
        f"Ein Spieler darf in einem Zug beliebig viele Karten nachlegen. {move}",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [example, move]
    assert kind_of(graph, "Ein Spieler darf in einem Zug")[0] == "rule"


def test_a_piece_the_manual_writes_after_an_article_names_no_player(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rules = [
        "5. Entlein, die im Nest nicht mehr weiterrücken können, zählen nicht als Entlein "
        "im Weiher.",
        "Wer als erster alle vier Entlein in seinem Nest hat, hat das Spiel gewonnen.",
    ]
    lines = [
        "Spielverlauf",
        "Rot steht drei Felder hinter einem blauen Entlein und würfelt eine Drei. Rot "
        "schlägt das blaue Entlein.",
        "Sonderfälle",
        "4. Kann ein Spieler nicht ziehen, verfällt der Wurf.",
        rules[0],
        "Spielende",
        rules[1],
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [kind_of(graph, rule[:30])[0] for rule in rules] == ["rule", "rule"]


def test_an_example_ends_where_a_sentence_says_they_of_things(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rule = (
        "Ausgelegte Karten bleiben bis zum Ende des Durchgangs liegen; sie dürfen weder "
        "umgelegt noch wieder auf die Hand genommen werden."
    )
    lines = [
        "Anlegen",
        "Wie viele Karten ein Spieler in einem Zug anlegt, bleibt ihm überlassen.",
        "Beispiel: Vor Uwe liegt seine Bahn 5, die Folge 3-4-5-6-7-8-9. Uwe legt eine 10 an "
        "seine Folge. Seine 12 muss er behalten, denn an die Folge passt sie nicht.",
        rule,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, rule[:30])[0] == "rule"


def test_a_story_goes_on_where_its_move_is_judged(builder: GraphBuilder, tmp_path: Path) -> None:
    story = [
        "Grün hat schon zwei Zwerge in der Höhle, und zwar auf den beiden hintersten Feldern. "
        "Der dritte grüne Zwerg steht auf dem letzten Wegfeld vor der Höhle.",
        "Grün würfelt eine 5. Das ist zu viel, denn hinter dem vierten Höhlenfeld geht es "
        "nicht weiter. Da auch sonst kein grüner Zwerg ziehen kann, verfällt der Wurf.",
    ]
    lines = [
        "Ab nach Hause",
        "In die Höhle kommst du nur mit der genau passenden Zahl.",
        *story,
        "Tipp: Zieh deinen ersten Zwerg möglichst weit nach hinten in die Höhle.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [" ".join(story)]


def test_an_answer_of_yes_or_no_heads_no_sentence(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Fragen und Antworten",
        "Frage: Darf eine Folge über die 12 hinaus weitergehen?",
        "Antwort: Nein. Nach der 12 ist jede Folge zu Ende, auch beim Auslegen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes][-2:] == [
        "Antwort: Nein.",
        "Nach der 12 ist jede Folge zu Ende, auch beim Auslegen.",
    ]


def test_an_example_goes_on_with_its_players_colour(builder: GraphBuilder, tmp_path: Path) -> None:
    example = (
        "Beispiel: Monika spielt mit Grün. Alle grünen Wichtel stehen noch in der Hütte. "
        "Monika würfelt eine 3, dann eine 1 und beim dritten Versuch eine 6."
    )
    lines = [
        "Dreimal würfeln",
        "Hast du keinen Wichtel auf dem Weg, darfst du bis zu dreimal würfeln.",
        example,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [example]


def test_a_story_goes_on_in_a_later_turn_and_with_its_colour(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = [
        "Die rote Gans steht auf Feld 14, die blaue auf Feld 17. Rot würfelt eine 3 und "
        "wirft die blaue Gans raus.",
        "Eine Runde später steht eine grüne Gans auf Feld 18. Grün würfelt eine 3.",
        "Also bleibt Grün stehen und zieht eine andere Gans.",
    ]
    labelled = [
        "Beispiel: Jonas hat noch 25 Karotten und will 6 Felder weit springen.",
        "Doch dort sitzt schon Lina. Jonas zieht deshalb nur 5 Felder.",
    ]
    lines = [
        "Rauswerfen",
        "Landet deine Gans auf einer fremden Gans, wirfst du sie raus.",
        *story,
        "Springen",
        "Jeder Sprung kostet Karotten.",
        *labelled,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [
        " ".join(story),
        " ".join(labelled),
    ]


def test_the_last_number_of_a_list_ends_its_sentence(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Regeln für 5 und 6 Spieler",
        "Die Startfelder liegen auf den Feldern 1, 11, 21, 31, 41 und 51. Weiß und Lila "
        "kommen als fünfte und sechste Farbe hinzu.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes][-2:] == [
        "Die Startfelder liegen auf den Feldern 1, 11, 21, 31, 41 und 51.",
        "Weiß und Lila kommen als fünfte und sechste Farbe hinzu.",
    ]


def test_an_example_goes_on_with_the_throws_it_tells_and_the_piece_it_points_at(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    throws = (
        "Beispiel: Zu Beginn des Spiels stehen alle Füchse in der Höhle. Der Spieler würfelt "
        "zuerst eine Drei, dann eine Sechs und stellt einen Fuchs auf sein Ausgangsfeld. "
        "Wegen der Sechs würfelt er noch einmal, diesmal eine Vier."
    )
    pointed = (
        "Beispiel: Auf dem zweiten Feld Ihres Baus steht schon ein Fuchs, Ihr nächster Fuchs "
        "steht direkt vor dem Bau. Mit einer Eins ziehen Sie ihn auf das erste Baufeld. Jede "
        "andere Augenzahl nützt diesem Fuchs nichts."
    )
    rule = "Der Spieler würfelt und zieht einen seiner Füchse."
    lines = [
        "Die Sechs",
        "Wer eine Sechs gewürfelt hat, darf nach seinem Zug noch einmal würfeln.",
        throws,
        rule,
        "Der Weg in den Bau",
        "Die Baufelder müssen mit genauer Augenzahl erreicht werden.",
        pointed,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [throws, pointed]
    assert kind_of(graph, rule[:30])[0] == "rule"


def test_a_scene_of_one_colour_opens_the_story_of_another(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Der rote Fuchs rastet auf einer Lichtung. Der gelbe Fuchs steht vier Felder "
        "dahinter, und Gelb würfelt eine Vier. Gelb darf auf die Lichtung ziehen, schlagen "
        "kann er den roten Fuchs dort aber nicht. Beide bleiben friedlich nebeneinander stehen."
    )
    lines = [
        "Lichtungen",
        "Ein Fuchs, der auf einer Lichtung steht, kann nicht geschlagen werden.",
        story,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [story]


def test_the_player_whose_turn_it_is_joins_the_story(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Spielende",
        "Es gewinnt, wer am Ende die meisten Kohlrabi übrig hat.",
        "Beispiel",
        "Emma hat ihren letzten Salatkopf gegessen und zieht als Erste ins Ziel. Nach ihr ist "
        "in dieser Runde nur noch Finn an der Reihe.",
        "Auch Finn schafft es ins Ziel. Emma hat noch 6 Kohlrabi übrig, Finn dagegen 11.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    examples = [node.text for node in graph.nodes if node.kind == "example"]
    assert len(examples) == 1 and examples[0].endswith("Finn dagegen 11.")


def test_a_story_ends_at_a_thing_of_any_kind(builder: GraphBuilder, tmp_path: Path) -> None:
    story = (
        "Anna würfelt eine 5. Ihre gelbe Maus landet genau auf dem Feld, auf dem Tims blaue "
        "Maus steht. Die blaue Maus muss zurück ins Mauseloch."
    )
    rule = "Auch eine Maus auf ihrem eigenen Startfeld kann gefangen werden."
    lines = [
        "Fangen",
        "Landet deine Maus auf einem Feld mit einer fremden Maus, ist diese gefangen.",
        story,
        f"{rule} Eine gefangene Maus braucht wie zu Beginn eine 6, um wieder herauszukommen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [story]
    assert kind_of(graph, rule[:30])[0] == "rule"


def test_a_player_named_by_letter_on_a_numbered_field_opens_a_story(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Spieler A steht auf Feld 17 und hat noch zwei Eicheln und 23 Nüsse. Er fliegt zwei "
        "Felder weit auf das Nestfeld 19, zahlt dafür 3 Nüsse und legt eine Eichel ab."
    )
    rule = "Spieler A erhält die weißen Raben und beginnt."
    lines = ["Nestfelder", rule, "Auf einem Nestfeld muß man eine Eichel ablegen.", story]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [story]
    assert kind_of(graph, rule[:30])[0] == "rule"


def test_a_story_goes_on_with_the_player_whose_turn_it_brings_in(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Karim wirft einen Vorhang ab und legt ihn vor Mia. Als Nächste ist Ida an der Reihe "
        "und möchte ebenfalls einen Vorhang loswerden."
    )
    lines = [
        "Vorhänge",
        "Wer einen Vorhang abwirft, legt ihn vor eine Mitspielerin oder einen Mitspieler.",
        story,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [story]


def test_a_paragraph_opened_by_a_piece_of_a_new_colour_is_an_example_of_its_own(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    first = (
        "Beispiel: Der blaue Biber steht auf Feld 21 und zieht mit einer 4 auf den Strudel "
        "auf Feld 25. Er wird sofort auf Feld 22 zurückgetrieben."
    )
    second = (
        "Der gelbe Biber steht auf Feld 14 und landet mit einer 2 auf dem Strudel auf Feld "
        "16; er wird auf Feld 13 zurückgetrieben."
    )
    lines = [
        "Strudel",
        "Beendet ein Biber seinen Zug auf einem Strudel, so wird er um drei Felder "
        "zurückgetrieben.",
        first,
        second,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [first, second]
    # Under a label alone the piece opens the example the label announced.
    graph = graph_of(builder, tmp_path, [*lines[:2], "Beispiel:", second], blank=True)
    examples = [node.text for node in graph.nodes if node.kind == "example"]
    assert examples == [f"Beispiel: {second}"]


def test_the_pages_footnote_under_an_example_is_no_part_of_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = (
        "Beispiel: Peter steht auf Feld 20 und zieht 4 Felder weit auf Feld 24. Er zahlt "
        "dafür 10 Eicheln."
    )
    footnote = "¹ Gemeint ist der ganze Weg vom alten bis zum neuen Feld."
    lines = [
        "Ziehen",
        "Jeder Zug kostet Eicheln, je weiter, desto mehr.¹",
        example,
        footnote,
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [example]


def test_a_kin_title_opens_a_story_of_its_player_but_not_the_games_story(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Die Geschichte",
        "Im Garten von Oma Lene biegen sich die Äste.",
        "Kein Zug möglich",
        "Kannst du weder vorwärts noch rückwärts ziehen, stellst du deinen Hasen auf den Start.",
        "Oma Rosi steht auf Feld 40 und hat keine Kressebündel mehr. Also muss Oma Rosi "
        "zurück auf den Start.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert kind_of(graph, "Im Garten von Oma Lene")[0] == "flavour"
    assert kind_of(graph, "Oma Rosi steht auf Feld 40")[0] == "example"
    assert "Also muss Oma Rosi" in kind_of_text(graph, "Oma Rosi steht auf Feld 40")


def test_what_an_examples_colon_announces_is_part_of_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Die Laubhaufen",
        "In einem Laubhaufen ist ein Igel sicher.",
        "Beispiel: Rot ist an der Reihe und würfelt eine 3. Auf dem Spielplan sieht es so aus:",
        "1. Ein roter Igel steht auf dem roten Startfeld.",
        "2. Drei Felder vor ihm liegt ein Laubhaufen.",
        "Rot zieht deshalb den Igel vom Startfeld in den Laubhaufen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    example = kind_of_text(graph, "Beispiel: Rot ist an der Reihe")
    assert "1. Ein roter Igel" in example
    assert "2. Drei Felder vor ihm" in example
    assert not any(node.kind == "step" for node in graph.nodes)


def test_a_card_of_a_colour_keeps_a_labelled_example_going_though_anyone_plays_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Joker",
        "Hat ein Spieler seine Phase ausgelegt, darf er einen ausgelegten Joker gegen die "
        "Karte tauschen, für die er steht.",
        "Beispiel: In einer ausgelegten Reihe Rot 3, Gelb 4, Joker, Grün 6 steht der Joker "
        "für eine 5. Ein Spieler, dessen Phase schon ausliegt, legt eine blaue 5 an seine "
        "Stelle und nimmt den Joker auf.",
        "Jeder Spieler darf in seinem Zug beliebig viele Karten anlegen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert "legt eine blaue 5" in kind_of_text(graph, "Beispiel: In einer ausgelegten Reihe")
    assert kind_of(graph, "Jeder Spieler darf in seinem Zug")[0] == "rule"
