"""Where an example starts and ends inside running text, read through the text path
from small invented manuals."""

from __future__ import annotations

from pathlib import Path

from rulekit.extract import extract
from rulekit.graph.builder import GraphBuilder
from tests.conftest import invented_manual
from tests.test_graph_kinds import graph_of

INFO = invented_manual("wurf")


def graph_kinds(builder: GraphBuilder, tmp_path: Path, lines: list[str]) -> list[tuple[str, str]]:
    """The kind and text of each node of a manual whose lines are paragraphs."""
    manual = tmp_path / "manual.txt"
    manual.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    graph = builder.build(INFO, extract(manual, None, []))
    return [(node.kind, node.text) for node in graph.nodes if node.kind != "section"]


def kinds(builder: GraphBuilder, tmp_path: Path, paragraph: str) -> list[tuple[str, str]]:
    """The kind and text of each node under a heading over one paragraph."""
    return graph_kinds(builder, tmp_path, ["Wertung", paragraph])


def test_a_labelled_example_ends_where_the_text_speaks_in_general_again(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = "Beispiel: 3 und 6 sind somit 63."
    definition = "Sind beide Zahlen gleich groß, so spricht man von einem Pasch."
    found = kinds(
        builder,
        tmp_path,
        f"Der höhere Würfel zählt als Zehner, der niedrigere als Einer. {example} {definition}",
    )
    assert ("example", example) in found
    assert ("definition", definition) in found


def test_an_example_in_brackets_is_whole_and_a_move_told_after_it_is_another(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    bracketed = (
        "(Beispiel: Der rote Specht landet auf dem letzten Astlochfeld vor seinem "
        "Einflugfeld. Er darf nicht fliegen und bleibt dort sitzen.)"
    )
    told = (
        "Grün würfelt eine 5 und landet genau auf dem Astlochfeld beim Fliegenpilz. Er "
        "fliegt sofort weiter bis zum nächsten Astlochfeld."
    )
    found = kinds(
        builder,
        tmp_path,
        "Liegt das eigene Einflugfeld zwischen den beiden Astlochfeldern, darf der Specht "
        f"nicht fliegen. {bracketed} {told}",
    )
    assert ("example", bracketed) in found
    assert ("example", told) in found


def test_an_instance_run_on_after_a_general_statement_leaves_it_a_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rule = (
        "Werden drei gleiche Zahlen gewürfelt, zählt das immer das 100-fache der "
        "Augenzahl, also z. B. zählen 3 gewürfelte Vierer 400 Punkte."
    )
    found = kinds(builder, tmp_path, f"Jede Eins zählt 100 Punkte. {rule}")
    assert ("rule", rule) in found


def test_a_sentence_that_names_itself_an_exception_never_goes_on_with_an_example(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = "Also zählen z. B. 4 gewürfelte Sechser 6000 Punkte."
    exception = "Einzige Ausnahme bilden die Einser: Hier zählen 3 Einser 1000 und 4 Einser 10.000."
    found = kinds(
        builder,
        tmp_path,
        f"Vier gleiche Zahlen zählen immer das 1000-fache der Augenzahl. {example} {exception}",
    )
    assert ("example", example) in found
    assert ("rule", exception) in found


def test_a_labelled_example_goes_on_where_its_colour_is_told_what_it_may_do(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    may = "Mit einer 1 oder einer 2 kann Grün diesen Reiter ziehen."
    found = graph_kinds(
        builder,
        tmp_path,
        [
            "Die Zielgasse",
            "Die Zielgasse muss genau ausgewürfelt werden.",
            "Beispiel 2:",
            "Grün hat einen Reiter auf dem zweiten Feld seiner Zielgasse.",
            may,
            "Wer als Erster alle Reiter in der Zielgasse hat, gewinnt.",
        ],
    )
    assert not any(text == may for _, text in found)  # part of the example
    assert any(kind == "example" and may in text for kind, text in found)


def test_a_story_goes_on_in_a_paragraph_that_tells_of_its_player_by_a_pronoun(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    told = "Blau 1 und Blau 2 bleiben ihm übrig; keine der beiden passt irgendwo an."
    found = graph_kinds(
        builder,
        tmp_path,
        [
            "Anlegen",
            "Wer seine Station ausgelegt hat, darf Karten an alle Kombinationen anlegen.",
            "Bernd hat im vorigen Zug seine 2. Station ausgelegt. Vor Claudia liegt eine Folge "
            "von 5 bis 9.",
            "Bernd zieht eine Rot 10 und legt sie an Claudias Folge an.",
            told,
        ],
    )
    assert any(kind == "example" and told in text for kind, text in found)


def test_a_story_of_a_player_whose_name_reads_as_a_genitive_is_an_example(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = "Thomas versucht sich an Gipfel 6."
    found = graph_kinds(
        builder,
        tmp_path,
        [
            "Anlegen",
            "Wer seinen Gipfel ausgelegt hat, darf anlegen.",
            f"{story} Für die Reihe 2, 3, 4, 5 fehlt ihm aber noch die 4.",
        ],
    )
    assert any(kind == "example" and text.startswith(story) for kind, text in found)


def test_a_story_ends_where_a_paragraph_names_its_topic_or_addresses_the_reader(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    topic = "Ins Ziel: Hat eine Maus den Weg einmal umrundet, zieht sie in ihre Zielfelder."
    told = "Sie dürfen Ihren Gipfel nur vollständig auslegen."
    found = graph_kinds(
        builder,
        tmp_path,
        [
            "So wird gespielt",
            "Start: Eine Maus darf das Haus nur mit einer 6 verlassen.",
            "Gelb würfelt eine 4, doch alle gelben Mäuse stehen noch im Haus.",
            topic,
            "Auslegen",
            "Beispiel:",
            "Grün 3, Rot 4, Rot 5 und Gelb 6 sind eine Reihe aus vier Karten.",
            told,
        ],
    )
    assert ("rule", topic) in found
    assert ("rule", told) in found


def test_a_label_with_a_figure_reference_opens_an_example_a_caption_ends_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    told = "Dafür zahlt Blau 15 Muscheln, denn es sind fünf Felder."
    caption = "Abb. 2: Der rote Komet fliegt fünf Felder weit."
    found = graph_kinds(
        builder,
        tmp_path,
        [
            "Ziehen",
            "Für jeden Zug bezahlen Sie Muscheln.",
            f"Beispiel (siehe Abbildung 1): Die blaue Krabbe steht auf Feld 9. {told}",
            "Beispiel 1 (Abb. 2):",
            "Anna besitzt noch 40 Muscheln. Ihr roter Komet fliegt 5 Felder weit.",
            caption,
        ],
    )
    assert any(kind == "example" and text.endswith(told) for kind, text in found)
    assert not any(caption in text for kind, text in found if kind == "example")


def test_a_labelled_example_ends_where_a_case_of_any_player_opens(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = (
        "Beispiel: Rot würfelt eine 6 und setzt einen Kutter auf das Startfeld. Obwohl Rot "
        "einen gelben Kutter schlagen könnte, muß Rot den neuen Kutter vier Felder weiterziehen."
    )
    case = "Sind alle Kutter eines Spielers aus dem Hafen, darf er mit der 6 beliebig ziehen."
    found = kinds(builder, tmp_path, f"{example} {case}")
    assert ("example", example) in found
    assert ("rule", case) in found


def test_a_labelled_example_goes_on_with_what_its_player_does_instead(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = (
        "Beispiel: Grün würfelt eine 5. Mit dem vorderen grünen Kutter könnte Grün einen roten "
        "Kutter schlagen, zieht aber statt dessen mit dem hinteren. Bevor Gelb würfelt, bemerkt "
        "Rot den Fehler: Der vordere grüne Kutter muß zurück in den Hafen."
    )
    assert kinds(builder, tmp_path, example) == [("example", example)]


def test_a_paragraph_in_brackets_of_another_player_is_an_example_of_its_own(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    aside = (
        "(Gelb könnte mit der gewürfelten 5 einen blauen Kutter erreichen, der auf einem "
        "Leuchtturmfeld steht. Diesen Zug darf Gelb nicht ausführen.)"
    )
    found = graph_kinds(
        builder,
        tmp_path,
        [
            "Leuchtturmfelder",
            "Auf einem Leuchtturmfeld darf nicht geschlagen werden.",
            "Beispiel: Rot würfelt eine 4 und zieht auf das Leuchtturmfeld.",
            aside,
        ],
    )
    assert ("example", aside) in found


def test_a_story_told_in_numbered_sentences_is_one_example(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    moves = [
        "1. Jonas ist mit dem roten Bären an der Reihe; er steht auf Feld 17.",
        "2. Auf Feld 19 steht Mias gelber Bär, dort darf Jonas also nicht hin.",
        "3. Jonas zieht fünf Felder weit und zahlt dafür 15 Honigtöpfchen.",
    ]
    found = graph_kinds(builder, tmp_path, ["Ein ganzer Zug", *moves])
    assert found == [("example", " ".join(moves))]


def test_rules_for_the_readers_after_an_example_told_to_one_of_them(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = (
        "Beispiel: Du bist an der 2. Pforte und hast 5-5-5 und 9-10-11 auf der Hand. Die Folge "
        "ist noch zu kurz. Also legst du gar nichts aus."
    )
    longer = "Eine Kartengruppe darf mehr Karten haben, als die Pforte verlangt."
    optional = "Ihr müsst nicht auslegen, sobald ihr könnt."
    after = "Solange eure Pforte nicht ausliegt, dürft ihr nirgends anlegen."
    found = graph_kinds(
        builder,
        tmp_path,
        [
            "Auslegen",
            f"{example} {longer} {optional}",
            "Beispiel: Vor Jonas liegt die Folge 4-5-6-7. Du darfst eine 3 oder eine 8 anlegen.",
            after,
        ],
    )
    assert ("example", example) in found
    assert ("rule", longer) in found
    assert ("rule", optional) in found
    assert ("rule", after) in found


def test_a_tip_goes_on_with_a_sentence_that_points_back_to_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    # As a viewer copies a narrow box: the second sentence opens a printed line.
    lines = [
        "Tipp: Hebt euch „Honigbrot“",
        "für einen langen Zug auf.",
        "Bei einem Zug über 12 Felder",
        "spart ihr damit 77 Honig-",
        "töpfchen!",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert [(n.kind, n.text) for n in graph.nodes if n.kind != "section"] == [
        (
            "note",
            "Tipp: Hebt euch „Honigbrot“ für einen langen Zug auf. Bei einem Zug über 12 "
            "Felder spart ihr damit 77 Honigtöpfchen!",
        )
    ]


def test_a_credit_naming_a_player_of_a_story_is_no_part_of_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    credit = "Redaktion: Jonas Merten, Anke Wiesner"
    found = graph_kinds(
        builder,
        tmp_path,
        ["Ziehen", "Jonas würfelt eine 4 und zieht vier Felder weit.", credit],
    )
    assert ("other", credit) in found


def test_a_boxed_story_ends_at_a_rule_for_the_reader_or_the_next_numbered_heading(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rule = "Steht beim Einsetzen ein fremder Bergmann auf deinem Startfeld, schlägst du ihn."
    found = graph_kinds(
        builder,
        tmp_path,
        [
            "3.1 Einsetzen",
            "Um einen Bergmann auf die Strecke zu bringen, brauchst du eine 6.",
            "Beispiel",
            "Tim hat einen blauen Bergmann auf seinem Startfeld. Er würfelt eine 6 und zieht.",
            rule,
            "Beispiel",
            "Lena hat drei Bergleute auf den Schachtfeldern 2, 3 und 4 und würfelt eine 1. Sie "
            "zieht auf Schachtfeld 1 und gewinnt. Mit jeder anderen Zahl hätte sie diesen "
            "Bergmann nicht ziehen dürfen.",
            "6. Noch Fragen?",
            "Darf ich dreimal würfeln, wenn meine Bergleute alle auf den Schachtfeldern stehen?",
        ],
    )
    assert ("rule", rule) in found
    # What would have been stays in the story; the next numbered heading does not.
    assert any(kind == "example" and text.endswith("nicht ziehen dürfen.") for kind, text in found)
    assert not any("Noch Fragen" in text for kind, text in found if kind == "example")


def test_a_cards_quoted_title_goes_on_with_what_it_does(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    card = "„Ein Sack ist geplatzt!“ – Der Spieler gibt die Hälfte seiner Möhren an die Bank ab."
    found = graph_kinds(builder, tmp_path, ["Die Hasenkarten", card])
    assert ("rule", card) in found


def test_a_story_ends_where_the_reader_is_told_what_they_may_do(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = "Lena wirft eine Sperre ab. Paul setzt aus, und Lena zieht gleich wieder eine Karte."
    rule = (
        "Einen Kapitän aus einer Kombination deines Gegners darfst du dir nehmen, wenn du "
        "dafür genau die Frachtkarte hinlegst, die er vertritt."
    )
    found = graph_kinds(
        builder,
        tmp_path,
        ["Zu zweit", "Eine Sperre trifft immer deinen Gegner.", f"{story} {rule}"],
    )
    assert ("example", story) in found
    assert ("rule", rule) in found


def test_a_story_goes_on_with_what_happens_this_time(builder: GraphBuilder, tmp_path: Path) -> None:
    story = (
        "Emma hoppelt mit dem weißen Hasen auf die Vogelscheuche und bezahlt dafür 3 "
        "Radieschen. Vor Schreck hoppelt ihr Hase zurück auf Feld 28, ein Maulwurfsfeld. "
        "Der Maulwurf geht diesmal leer aus."
    )
    found = kinds(builder, tmp_path, story)
    assert found == [("example", story)]


def test_what_would_have_happened_goes_on_with_the_story(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Jonas liegt vor Schleuse 5 und braucht zwei Vierlinge. Er legt 7-7-7-Kapitän und "
        "11-Kapitän-Kapitän-Kapitän aus. Vier Kapitäne allein hätten dagegen keinen Vierling "
        "ergeben."
    )
    rule = "Ein Feld, das schon besetzt wäre, darf nicht betreten werden."
    found = graph_kinds(builder, tmp_path, ["Kapitäne", "Ein Kapitän ersetzt jede Karte.", story])
    assert ("example", story) in found
    found = graph_kinds(builder, tmp_path, ["Ziehen", "Mira zieht auf Feld 3.", rule])
    assert ("rule", rule) in found


def test_numbered_moves_of_the_players_a_scene_named_go_on_with_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    scene = (
        "Susanne (Rot), Thomas (Blau) und Katrin (Gelb) sind mitten im Spiel. Ein roter "
        "Kranich steht vier Felder vor einem Rastplatz."
    )
    moves = [
        "1. Susanne würfelt eine 4 und zieht ihren Kranich auf den Rastplatz.",
        "2. Thomas würfelt eine 6 und zieht ebenfalls auf den Rastplatz.",
    ]
    found = graph_kinds(builder, tmp_path, ["Ein Spielverlauf", scene, *moves])
    assert found == [("example", " ".join([scene, *moves]))]


def test_colours_named_as_an_instance_tell_no_story(builder: GraphBuilder, tmp_path: Path) -> None:
    story = "Rot würfelt eine 6 und setzt einen neuen Kranich ein. Grün zieht drei Felder."
    rule = (
        "Jeder Spieler führt zwei Farben, und zwar die beiden, deren Nester sich "
        "gegenüberliegen, z. B. Rot und Grün."
    )
    found = graph_kinds(builder, tmp_path, ["Einsetzen", story, "Zu zweit", rule])
    assert ("rule", rule) in found


def test_what_a_told_move_brings_about_goes_on_with_the_story(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Ursula, Klaus und Petra spielen die vierzehnte Runde. Petra legt ihre zehnte Mühle "
        "aus und wirft ihre letzte Karte ab. Damit ist die Runde zu Ende."
    )
    found = graph_kinds(
        builder, tmp_path, ["Spielende", "Wer keine Karten hat, beendet die Runde.", story]
    )
    assert ("example", story) in found


def test_an_examples_box_titled_after_its_label_opens_the_story_under_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Paula braut ihren zehnten Kessel, und die Runde geht weiter. Zwei Züge später "
        "braut auch Finn seinen zehnten Kessel. Deshalb gewinnt Finn."
    )
    lines = [
        "Spielende",
        "Wer zuerst den zehnten Kessel braut, gewinnt.",
        "Beispiel: Das große Finale",
        story,
    ]
    manual = tmp_path / "manual.txt"
    manual.write_text("\n".join(lines) + "\n", encoding="utf-8")
    graph = builder.build(INFO, extract(manual, None, []))
    examples = [node.text for node in graph.nodes if node.kind == "example"]
    assert examples == [f"Beispiel: Das große Finale {story}"]


def test_an_example_ends_where_it_says_what_no_one_may_do(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = "Beispiel: Wer 7 Felder weit zieht, bezahlt 1 + 2 + 3 + 4 + 5 + 6 + 7 = 28 Scheiben."
    rule = "Niemand darf weiter ziehen, als er bezahlen kann."
    assert kinds(builder, tmp_path, f"{example} {rule}") == [("example", example), ("rule", rule)]
    # and in the paragraph after it
    found = graph_kinds(builder, tmp_path, ["Ziehen", example, rule])
    assert found == [("example", example), ("rule", rule)]
    # who is not there yet is the story's
    story = (
        "Beispiel: Rot steht 3 Felder vor dem Ziel und hat noch 18 Tautropfen. "
        "Im Ziel ist noch niemand."
    )
    assert kinds(builder, tmp_path, story) == [("example", story)]


def test_a_story_goes_on_in_a_paragraph_opened_by_her_piece(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Lenas blaue Meise sitzt zwei Felder vor einem Katzenfeld. Lena würfelt "
        "ausgerechnet eine 2 und landet genau bei der Katze."
    )
    her = "Ihre Meise erschrickt und flattert sechs Felder zurück."
    found = graph_kinds(
        builder, tmp_path, ["Die Katze", "Die Katze schickt jede Meise zurück.", story, her]
    )
    assert ("example", f"{story} {her}") in found
    # where the manual speaks to its reader as "Sie", "Ihre" is the reader's
    polite = "Ihre Figur bleibt dann stehen, bis Sie wieder an der Reihe sind."
    found = graph_kinds(
        builder, tmp_path, ["Die Katze", "Die Katze schickt jede Meise zurück.", story, polite]
    )
    assert ("example", story) in found


def test_an_example_ends_where_the_reader_is_told_a_rule_it_never_spoke_to(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = (
        "Beispiel 1: Mira möchte mit ihrem weißen Meerschweinchen 4 Felder weit ziehen. "
        "Dafür zahlt sie 10 Stangen in den Vorrat."
    )
    never = "Rückwärts darfst du nie ziehen."
    out = "Ein Meerschweinchen in der Gemüsekiste ist aus dem Rennen: Du kommst nicht mehr dran."
    found = graph_kinds(builder, tmp_path, ["Ziehen", f"{example} {never}", f"{example} {out}"])
    assert ("example", example) in found
    assert ("rule", never) in found
    assert ("rule", out) in found


def test_a_sentence_of_all_players_between_moves_of_its_player_is_the_examples(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = (
        "Beispiel 3: Lene landet auf Feld 9, einem Beetfeld. Alle anderen Meerschweinchen "
        "stehen weiter vorn, ihres ist also das hinterste. Lene nimmt 5 Stangen."
    )
    found = kinds(builder, tmp_path, example)
    assert found == [("example", example)]


def test_what_would_be_told_in_the_subjunctive_goes_on_with_the_story(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    scene = (
        "Gelb hat zwei Tauben in seiner Einflugschneise, eine auf dem ersten und eine auf "
        "dem dritten Feld."
    )
    move = (
        "Gelb würfelt eine 4. Die hintere Taube käme damit zwar genau in den Taubenschlag, "
        "müsste dabei aber die vordere überspringen. Gelb muss deshalb mit der Taube auf "
        "der Flugbahn ziehen."
    )
    found = graph_kinds(builder, tmp_path, ["Heimflug", "Beispiel:", scene, move])
    assert found == [("example", f"Beispiel: {scene} {move}")]
    groups = (
        "Eine grüne 3, eine rote 3 und eine gelbe 3 bilden eine Dreiergruppe. Eine blaue 5, "
        "eine rote 6 und eine gelbe 7 ergeben eine Reihe. Wären alle drei Karten blau, "
        "hätten Sie sogar eine Farbreihe."
    )
    found = graph_kinds(builder, tmp_path, ["Kombinationen", "Beispiel:", groups])
    assert found == [("example", f"Beispiel: {groups}")]


def test_players_named_after_a_colon_go_on_in_the_storys_next_paragraphs(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    scene = (
        "Vier Mäuse sind unterwegs: Blau führt auf Feld 38, dahinter folgen Rot auf Feld 35, "
        "Grün auf Feld 31 und Gelb auf Feld 27."
    )
    later = (
        "Gelb hat keine einzige Erdbeere mehr und kann nicht einmal einen Zug über ein Feld "
        "bezahlen. Die gelbe Maus muss deshalb auf das Rastfeld 24 zurück."
    )
    found = graph_kinds(builder, tmp_path, ["Ein Beispiel aus dem Rennen", scene, later])
    assert found == [("example", f"{scene} {later}")]


def test_a_name_after_a_relative_pronoun_is_still_a_players(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    story = (
        "Pieter landet mit Grün auf dem Schneckenfeld 27. Er hat zwei Gartenkarten auf der "
        "Hand. Anneke zieht verdeckt eine der beiden Karten. Es ist der Erntehelfer, den "
        "Pieter nun unter den Stapel legen muss."
    )
    found = graph_kinds(
        builder,
        tmp_path,
        ["Schneckenfeld", "Auf einem Schneckenfeld gibst du eine Gartenkarte ab.", story],
    )
    assert ("example", story) in found


def test_the_sentence_after_a_list_of_steps_without_a_sentence_end_is_its_own(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielablauf",
        "Wer an der Reihe ist, führt diese Schritte in dieser Reihenfolge aus:",
        "1. Gartenkarte ausspielen (wenn du möchtest)",
        "2. Läufer ziehen und bezahlen",
        "3. Sonderfeld ausführen (wenn dein Läufer auf einem steht)",
        "Danach ist dein linker Nachbar an der Reihe.",
    ]
    manual = tmp_path / "manual.txt"
    manual.write_text("\n".join(lines) + "\n", encoding="utf-8")
    graph = builder.build(INFO, extract(manual, None, []))
    texts = {node.text: node.kind for node in graph.nodes}
    assert texts.get("Danach ist dein linker Nachbar an der Reihe.") == "rule"
