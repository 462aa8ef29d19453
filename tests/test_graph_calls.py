"""Headings a viewer's copy sets as calls ("Ab in den Bau!"), tables under their column
titles, paragraphs numbered in the outline's way, stories told in the past tense and
what a narrow column does to lists, labels and questions, read through the text path."""

from __future__ import annotations

from pathlib import Path

from rulekit.extract import extract
from rulekit.graph.builder import GraphBuilder
from rulekit.model import RuleGraph
from tests.conftest import invented_manual
from tests.test_graph_kinds import graph_of, kind_of, kind_of_text

CALLS = [
    "Spielablauf",
    "Wer an der Reihe ist, würfelt und zieht",
    "einen seiner Käfer genau so viele Felder",
    "weiter. Wer als Erster alle Käfer im Bau",
    "hat, gewinnt das Rennen sofort.",
    "Der Käferweg!",
    "Der Käferweg führt über 40 Felder vom",
    "Startblatt bis zum Bau unter der Wurzel.",
    "Rauswerfen",
    "Jetzt wird es eng!",
    "Landet dein Käfer auf einem Feld, auf dem",
    "ein fremder Käfer sitzt, muss dieser zurück",
    "auf sein Startblatt.",
    "Ab in den Bau!",
    "In den Bau darf ein Käfer nur mit genauer",
    "Augenzahl ziehen.",
    "Achtung!",
    "Wer nicht ziehen kann, setzt aus.",
    "Viel Spaß beim Käferrennen!",
    "Autorin: Ida Nussbaum",
]


def sections(graph: RuleGraph) -> list[str]:
    return [node.text for node in graph.nodes if node.kind == "section"]


def test_a_call_between_paragraphs_heads_a_section(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = graph_of(builder, tmp_path, CALLS, blank=False)
    # Under a full line that ends the rule before it, too.
    assert sections(graph) == ["Spielablauf", "Der Käferweg!", "Rauswerfen", "Ab in den Bau!"]
    rule = next(node for node in graph.nodes if node.text.startswith("In den Bau darf"))
    heading = next(node for node in graph.nodes if node.text == "Ab in den Bau!")
    assert rule.id.startswith(f"{heading.id}.")  # the rule stands in its section


def test_a_call_under_a_heading_a_label_or_a_wish_heads_nothing(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, CALLS, blank=False)
    assert kind_of(graph, "Jetzt wird es eng!") == ("flavour", False)
    assert kind_of(graph, "Achtung! Wer nicht ziehen kann") == ("note", True)
    assert kind_of(graph, "Viel Spaß beim Käferrennen!") == ("other", False)


TABLE = [
    "5. Die Felder",
    "5.1 Jedes Feld der Strecke kostet beim Betreten Beeren oder Taler.",
    "5.2 Die folgende Tabelle nennt für jede Feldart die Kosten und die Wirkung:",
    "Feldart Kosten Wirkung",
    "Moos 1 Beere keine",
    "Stein 2 Beeren keine",
    "Quelle 1 Taler Ernte: 2 Beeren (siehe 6.1)",
    "Brücke 3 Beeren nur ein Läufer",
    "5.3 Der Startspieler legt die Reihenfolge der Runde fest.",
    "6. Eilzüge",
    "6.1 Der Besitzer der Eilkarte darf statt vier bis zu sieben Felder ziehen.",
    "Beispiel: Grün, der die Eilkarte in der zweiten Runde ersteigert hatte, zog sechs",
    "Felder weit. Die ersten vier Felder kosteten ihn zusammen 5 Beeren.",
    "6.2 Zusatzschritt: Nach seiner Bewegung darf jeder Spieler einmal in der Runde einen",
    "Zusatzschritt kaufen. Er zahlt dafür 2 Taler an die Bank.",
    "In der siebten Runde war Gelb Startspieler. Er zog als erster und erreichte die Quelle;",
    "von seinem Vorrat blieben ihm nur 2 Taler. Danach zog Rot ebenfalls zur Quelle.",
]


def test_rows_under_column_titles_are_a_rule_each(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = graph_of(builder, tmp_path, TABLE, blank=False)
    assert kind_of(graph, "Feldart Kosten Wirkung") == ("other", False)
    for row in ("Moos 1 Beere keine", "Stein 2 Beeren keine", "Brücke 3 Beeren nur ein Läufer"):
        assert kind_of(graph, row) == ("rule", True)
        assert row in [node.text for node in graph.nodes]


def test_a_numbered_sentence_is_a_rule_and_no_example_runs_into_it(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, TABLE, blank=False)
    assert sections(graph) == ["5. Die Felder", "6. Eilzüge"]
    assert kind_of(graph, "5.3 Der Startspieler") == ("rule", True)
    examples = [node.text for node in graph.nodes if node.kind == "example"]
    assert examples[0].endswith("kosteten ihn zusammen 5 Beeren.")
    assert kind_of(graph, "6.2 Zusatzschritt:") == ("rule", True)


def test_a_story_told_in_the_past_tense_is_an_example(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, TABLE, blank=False)
    assert kind_of(graph, "In der siebten Runde war Gelb Startspieler.") == ("example", False)
    story = next(node.text for node in graph.nodes if node.text.startswith("In der siebten"))
    assert story.endswith("Danach zog Rot ebenfalls zur Quelle.")


# A leaflet's narrow column, as a viewer copies it.
NARROW = [
    "Zaunmeisen",
    "Für 2–4 Spieler ab 6 Jahren",
    "Spieldauer: ca. 20 Minuten",
    "Vorhang auf!",
    "Im Garten hinter dem alten",
    "Schuppen feiern die Meisen heute",
    "ihr großes Frühlingsfest. Jede will",
    "als Erste am Futterhaus sein. Doch",
    "unterwegs lauert die Katze …",
    "Das ist in der Schachtel!",
    "1 Spielplan",
    "12 Meisen aus Holz",
    "1 Würfel",
    "Der Zaun",
    "Auf dem Zaun warten drei Sorten",
    "besonderer Felder auf euch:",
    "Beerenfelder mit einer Vogelbeere",
    "Astfelder mit einem kurzen Zweig",
    "Katzenfelder mit einer Katze",
    "So wird gespielt",
    "Bist du am Zug, erledigst du nacheinander:",
    "1. Würfeln",
    "2. Eine Meise ziehen",
    "3. Eine Beere nehmen (wenn du",
    "darfst)",
    "4. Den Würfel weitergeben",
    "Ziehen",
    "Du ziehst eine deiner Meisen genau",
    "so viele Felder weit, wie der Würfel",
    "zeigt. Mia spielt Rot und würfelt eine",
    "4. Ihre Meisen sitzen alle noch im",
    "Nest. Sie zieht eine davon auf Feld 4.",
    "Lena würfelt eine 5 und landet mit",
    "ihrer blauen Meise auf Feld 9. Dort",
    "sitzt schon Pauls gelbe Meise",
    "– Pech für Paul!",
    "Das Wichtigste in Kürze",
    "Würfeln, eine Meise genau",
    "so weit vorwärts ziehen,",
    "fertig.",
    "Gut zu wissen!",
    "Muss ich ziehen, wenn meine Meise",
    "auf einem Katzenfeld landen würde?",
    "Ja, wenn du ziehen kannst, musst du",
    "ziehen.",
    "Welche Farbe hat die Katze auf",
    "dem Spielplan?",
    "Sie ist grau und gehört niemandem.",
]


def test_a_narrow_columns_headings_stand_apart(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = graph_of(builder, tmp_path, NARROW, blank=False)
    assert sections(graph)[1:] == [
        "Vorhang auf!",
        "Das ist in der Schachtel!",
        "Der Zaun",
        "So wird gespielt",
        "Ziehen",  # under the last of the numbered steps, which wrapped
        "Das Wichtigste in Kürze",
        "Gut zu wissen!",
    ]
    assert kind_of(graph, "4. Den Würfel weitergeben") == ("step", True)
    assert kind_of(graph, "Würfeln, eine Meise genau so weit") == ("rule", True)


def test_the_story_under_a_call_on_the_cover_is_flavour(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, NARROW, blank=False)
    assert kind_of(graph, "Im Garten hinter dem alten Schuppen") == ("flavour", False)
    # which ends in an ellipsis; the pieces follow under their own call
    assert kind_of(graph, "Doch unterwegs lauert die Katze …") == ("flavour", False)
    assert kind_of(graph, "12 Meisen aus Holz") == ("component", False)


def test_things_described_alike_are_a_line_each(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = graph_of(builder, tmp_path, NARROW, blank=False)
    texts = [node.text for node in graph.nodes]
    for item in (
        "Beerenfelder mit einer Vogelbeere",
        "Astfelder mit einem kurzen Zweig",
        "Katzenfelder mit einer Katze",
    ):
        assert item in texts


def test_a_story_goes_on_with_its_players_things_and_a_dash(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, NARROW, blank=False)
    story = next(node.text for node in graph.nodes if node.text.startswith("Mia spielt Rot"))
    assert "4. Ihre Meisen sitzen alle noch im Nest. Sie zieht eine davon auf Feld 4." in story
    assert "Dort sitzt schon Pauls gelbe Meise – Pech für Paul!" in " ".join(
        node.text for node in graph.nodes
    )


def test_questions_under_a_call_and_after_an_answer_are_asked(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = graph_of(builder, tmp_path, NARROW, blank=False)
    assert kind_of(graph, "Muss ich ziehen, wenn meine Meise") == ("lead-in", False)
    assert kind_of(graph, "Welche Farbe hat die Katze") == ("lead-in", False)
    assert kind_of(graph, "Sie ist grau und gehört niemandem.")[0] == "rule"


def test_a_table_of_numbered_rows_keeps_its_titles_apart(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Die zehn Stufen",
        "Stufe Das brauchst du",
        "1 2 Drillinge",
        "2 1 Drilling + 1 Viererfolge",
        "aus gleichen Farben",
        "3 1 Farbe aus 7 Karten",
        "Spielablauf",
        "Wer am Zug ist, zieht eine Karte.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert sections(graph) == ["Die zehn Stufen", "Spielablauf"]
    assert kind_of(graph, "Stufe Das brauchst du") == ("other", False)
    assert kind_of(graph, "1 2 Drillinge") == ("rule", True)
    assert kind_of(graph, "2 1 Drilling + 1 Viererfolge aus gleichen Farben") == ("rule", True)


def test_a_rule_sheets_long_numbered_paragraphs_are_rules_a_sentence_each(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Der Verlauf des Spieles",
        "1. Jeder Spieler wählt eine Farbe und stellt die vier Finken dieser",
        "Farbe in das Haus gleicher Farbe. Bei weniger als vier Spielern bleiben",
        "die übrigen Häuser leer.",
        "2. Jeder Spieler sucht seine vier Finken einmal rund um den Plan zu",
        "führen und in sein Nest zu bringen; wer das als erster fertigbringt,",
        "hat das Spiel gewonnen.",
        "3. Es wird reihum nach links gewürfelt, und jeder Spieler hat einen",
        "Wurf. Wer zu Beginn die höchste Augenzahl wirft, fängt an. Fällt der",
        "Würfel vom Tisch, so wird noch einmal gewürfelt.",
        "4. Um einen Finken aus dem Haus zu setzen, muß der Spieler eine 6",
        "würfeln. Solange er keinen Finken auf dem Weg hat, darf er bis zu",
        "dreimal würfeln.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert not [node for node in graph.nodes if node.kind == "step"]
    assert kind_of(graph, "1. Jeder Spieler wählt eine Farbe") == ("rule", True)
    assert kind_of(graph, "Wer zu Beginn die höchste Augenzahl wirft, fängt an.") == ("rule", True)
    # The short items of a procedure stay its steps.
    steps = graph_of(
        builder,
        tmp_path,
        ["Vorbereitung", "1. Mischt die Karten.", "2. Gebt jedem 5."],
        blank=False,
    )
    assert kind_of(steps, "1. Mischt die Karten.") == ("step", True)


def test_the_items_of_rules_a_lead_in_names_by_a_compound_are_no_steps(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Zusatzregeln",
        "Wer das Spiel schon gut kennt, kann eine oder mehrere der folgenden",
        "Zusatzregeln vereinbaren:",
        "a) Schlagzwang: Wer schlagen kann, muß schlagen.",
        "b) Sperre: Zwei Finken derselben Farbe dürfen zusammen auf einem Feld",
        "stehen; sie bilden dann eine Sperre.",
        "c) Zu zweit: Bei zwei Spielern darf jeder zwei Farben führen.",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    assert [node.kind for node in graph.nodes if node.text[1:3] == ") "] == ["rule"] * 3


def test_a_leaflets_running_foot_calls_tables_and_changes(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Der Ammerpfad",
        "Ein Laufspiel für 2 bis 4 Spieler",
        "Spielmaterial",
        "1 Spielplan",
        "Auf dem Weg liegen die folgenden Sonderfelder:",
        "Zollfelder, kenntlich an einem Schlagbaum;",
        "Rübenäcker, kenntlich an einem Bündel Rüben.",
        "Wer an der Reihe ist, würfelt und zieht einen",
        "seiner Wanderer genau so viele Felder",
        "© 2005 Ammer Spiele 1",
        "vorwärts, wie der Würfel Augen zeigt. Danach",
        "ist der linke Nachbar an der Reihe.",
        "Hinweis: Zählt beim Ziehen laut mit. So",
        "können auch die Jüngsten gut folgen.",
        "Rauswerfen erlaubt!",
        "Landest du genau auf einem Feld, auf dem ein",
        "Wanderer eines Mitspielers steht, wirfst du",
        "ihn raus.",
        "2 © 2005 Ammer Spiele",
        "Die zehn Phasen",
        "Phase 1 – 2 Drillinge",
        "Phase 2 – 1 Drilling + 1 Viererfolge",
        "Phase 3 – 2 Zwillinge + 1 Viererfolge",
        "Variante",
        "Wenn ihr das Spiel schon gut kennt, probiert",
        "doch einmal diese Änderungen aus:",
        "a) Zu Beginn jeder Runde bekommt jeder 11 statt",
        "10 Karten.",
        "b) Wer eine Runde beendet, darf 10 Strafpunkte",
        "abziehen.",
        "© 2005 Ammer Spiele 3",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    texts = [node.text for node in graph.nodes]
    # The running foot beside its page number is no text, and a sentence runs on over it.
    assert not [text for text in texts if "Ammer Spiele" in text]
    assert kind_of(graph, "Wer an der Reihe ist, würfelt") == ("rule", True)
    assert "vorwärts, wie der Würfel Augen zeigt." in kind_of_text(graph, "Wer an der Reihe")
    # A call that ends in its participle heads a section.
    assert "Rauswerfen erlaubt!" in sections(graph)
    # Rows counted up a line each are rules; the items of a list of changes too.
    assert kind_of(graph, "Phase 2 – 1 Drilling + 1 Viererfolge") == ("rule", True)
    assert kind_of(graph, "a) Zu Beginn jeder Runde") == ("rule", True)
    # How a field is told apart defines it.
    assert kind_of(graph, "Zollfelder, kenntlich an")[0] == "definition"


def test_the_games_name_with_its_article_on_the_cover_is_its_name(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    manual = tmp_path / "manual.txt"
    lines = [
        "Rübsam-Spiele",
        "Der Gimpelweg",
        "Ein lustiges Würfelspiel für jung und alt",
        "Für 2 bis 4 Spieler von 5 Jahren an",
        "Spielregel",
        "Die Gimpel sind ausgeflogen und wollen nun heim in ihr Nest.",
        "Zum Spiel gehören:",
        "1 Spielplan",
        "1 Würfel",
    ]
    manual.write_text("\n".join(lines) + "\n", encoding="utf-8")
    graph = builder.build(invented_manual("gimpelweg"), extract(manual, None, []))
    assert sections(graph) == ["Gimpelweg"]
    assert kind_of(graph, "Der Gimpelweg") == ("other", False)
    assert kind_of(graph, "Ein lustiges Würfelspiel") == ("other", False)


def test_a_leaflets_box_facts_reader_box_and_imprint(builder: GraphBuilder, tmp_path: Path) -> None:
    lines = [
        "Spielregel",
        "Für 2 bis 4 Spieler von 6",
        "Jahren an",
        "Spieldauer: etwa 30 Minuten",
        "Wer beginnt?",
        "Wer zuletzt einen Vogel gesehen",
        "hat, beginnt. Danach geht es",
        "reihum weiter.",
        "Kennen Sie den Buchfinken?",
        "Der Buchfink gehört zu den häu-",
        "figsten Singvögeln der Schweiz.",
        "Sein Nest baut das Weibchen",
        "ganz allein.",
        "© 1974 by Brändli Spiele AG",
        "Technikumstrasse 38",
        "CH-8400 Winterthur",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=False)
    texts = [node.text for node in graph.nodes]
    # The age the box gives runs over its line.
    assert "Für 2 bis 4 Spieler von 6 Jahren an" in texts
    # A question to the reader heads a box of facts, no rules.
    assert "Kennen Sie den Buchfinken?" in sections(graph)
    assert kind_of(graph, "Der Buchfink gehört") == ("flavour", False)
    # The street over the postcode is the imprint's.
    assert kind_of(graph, "Technikumstrasse 38") == ("other", False)
