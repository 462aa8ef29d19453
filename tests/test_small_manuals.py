"""A small rulebook as a newcomer copies it out of a viewer: its component list, titles,
box facts, tables and terms read as a reader reads them, and its exceptions link to the
rules they are about."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.extract import extract
from rulekit.extract.lexicon import german_lexicon
from rulekit.graph.builder import GraphBuilder
from rulekit.model import Block, Extraction, RuleGraph
from tests.conftest import invented_blocks, invented_manual

# Printed in proportional type: line lengths vary, no blank lines.
OPENING = """\
Fuchs und Gans
Ein flinkes Laufspiel für 2 bis 5 Personen ab 7 Jahren
Spielmaterial
1 Spielplan
5 Spielfiguren in
Farben
30 Körnerkarten
1 Würfel
1 Spielregel
Ziel des Spiels
Wer als Erster mit seiner Gans das Zielfeld erreicht und dabei
höchstens 5 Körnerkarten übrig hat, gewinnt das Spiel.
Worum geht es?
Jeder versucht, mit seiner Gans als Erster über alle Felder zu laufen
und dabei so wenige Körnerkarten wie möglich zu verlieren.
"""


def blocks_of(tmp_path: Path, text: str) -> list[Block]:
    path = tmp_path / "manual.txt"
    path.write_text(text, encoding="utf-8")
    return extract(path, None).blocks


@pytest.fixture(scope="module")
def opening(tmp_path_factory: pytest.TempPathFactory) -> list[Block]:
    return blocks_of(tmp_path_factory.mktemp("opening"), OPENING)


def test_a_title_under_the_component_list_heads_the_text_under_it(opening: list[Block]) -> None:
    headings = [b.text for b in opening if b.kind == "heading"]
    assert "Ziel des Spiels" in headings
    texts = [b.text for b in opening]
    assert "1 Spielregel" in texts
    # An item's wrap is no title: the next item stands under it.
    assert "5 Spielfiguren in Farben" in texts


def test_the_box_facts_under_the_title_head_nothing(opening: list[Block]) -> None:
    facts = next(b for b in opening if "Personen" in b.text)
    assert facts.text == "Ein flinkes Laufspiel für 2 bis 5 Personen ab 7 Jahren"
    assert facts.kind == "paragraph"
    assert [b.text for b in opening if b.kind == "heading"][:2] == [
        "Fuchs und Gans",
        "Spielmaterial",
    ]


def test_a_short_question_heads_its_answer(opening: list[Block]) -> None:
    question = next(b for b in opening if b.text.startswith("Worum"))
    assert question.kind == "heading"


GARDEN = invented_manual("garten")


def build(builder: GraphBuilder, *texts: str) -> RuleGraph:
    return builder.build(GARDEN, invented_blocks(*texts))


def kind_of(graph: RuleGraph, text: str) -> str:
    return next(node.kind for node in graph.nodes if node.text == text)


def edges_of(graph: RuleGraph, kind: str) -> list[tuple[str, str]]:
    text = {node.id: node.text for node in graph.nodes}
    return [(text[e.from_], text[e.to]) for e in graph.edges if e.type == kind]


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Paar: zwei Karten mit der gleichen Zahl (z. B. 7 und 7).", "definition"),
        ("Folge: mindestens vier Karten mit aufeinanderfolgenden Zahlen.", "definition"),
        ("Farbsatz: sieben Karten derselben Farbe.", "definition"),
        # An instance belongs to its definition; "Satz:" is no typesetter's credit here.
        ("Satz: zwei oder mehr Karten mit der gleichen Zahl, z.B. drei Siebener.", "definition"),
        (
            "Folge: vier oder mehr Karten mit aufeinanderfolgenden Zahlen, z. B. 3-4-5-6.",
            "definition",
        ),
        # A phrase with a verb in it does something: a rule.
        ("Zug: eine Karte vom Stapel ziehen.", "rule"),
        ("Reserve: die Karten kommen unter den Stapel.", "rule"),
        # A value, not what a term is.
        ("Stufe 1: 2 Paare und 1 Folge.", "rule"),
    ],
)
def test_a_term_and_the_phrase_it_stands_for_is_a_definition(
    builder: GraphBuilder, sentence: str, kind: str
) -> None:
    graph = build(builder, "# Die Kombinationen", sentence)
    assert kind_of(graph, sentence) == kind


AFTER_STEPS = "Solange ein Spieler noch kein Hütchen im Spiel hat, darf er dreimal würfeln."


def test_a_numbered_list_of_rules_is_a_procedure_and_a_noun_heads_a_section(
    builder: GraphBuilder,
) -> None:
    steps = [
        "1. Würfeln: Wer an der Reihe ist, würfelt einmal.",
        "2. Ziehen: Er zieht ein Hütchen um so viele Felder vorwärts, wie der Würfel zeigt.",
        "3. Weitergeben: Danach ist der linke Nachbar an der Reihe.",
    ]
    blocks = [
        Block(kind="heading", text="So wird gespielt", page=1, lines=(1, 1)),
        *(Block(kind="list-item", text=t, page=1, lines=(n, n)) for n, t in enumerate(steps, 2)),
        Block(kind="paragraph", text=AFTER_STEPS, page=1, lines=(5, 5)),
        Block(kind="heading", text="Eine Sechs", page=1, lines=(5, 5)),
        Block(
            kind="paragraph",
            text="Wer eine 6 würfelt, darf noch einmal würfeln.",
            page=1,
            lines=(6, 6),
        ),
    ]
    graph = builder.build(GARDEN, Extraction(blocks=blocks, repairs=[]))
    assert [kind_of(graph, t) for t in steps] == ["step", "step", "step"]
    # A case under the steps is a rule of its own, not an instruction of the last step.
    assert kind_of(graph, AFTER_STEPS) == "rule"
    assert kind_of(graph, "Eine Sechs") == "section"


@pytest.mark.parametrize(
    "facts",
    [
        "Ein flinkes Laufspiel für 2 bis 5 Personen ab 7 Jahren",
        "Ein taktisches Kartenspiel für 2-6 Spieler ab 10 Jahren",
        "Kartenspiel für 2 bis 6 Spieler",
    ],
)
def test_the_box_facts_say_who_plays_no_table_row_or_hint(
    builder: GraphBuilder, facts: str
) -> None:
    graph = build(builder, "# Fuchs und Gans", facts, "# Spielmaterial", "1 Spielplan")
    node = next(node for node in graph.nodes if node.text == facts)
    # Who may play is a condition an engine checks before the game starts.
    assert (node.kind, node.mechanical) == ("rule", True)


@pytest.mark.parametrize("level", ["Stufe 1: 2 Paare", "Stufe 2: 1 Dreier + 1 Folge aus 4"])
def test_a_row_of_what_a_level_asks_for_binds_the_engine(builder: GraphBuilder, level: str) -> None:
    graph = build(builder, "# Die Stufen", level, "Stufe 3: 1 Farbsatz")
    node = next(node for node in graph.nodes if node.text == level)
    assert (node.kind, node.mechanical) == ("rule", True)


def test_a_question_ends_the_component_list_and_a_tip_binds_no_engine(
    builder: GraphBuilder,
) -> None:
    goal = "Wer am Ende die meisten Pilzkarten hat, gewinnt."
    tip = "Tipp: Merkt euch, welche Farben noch vor euch liegen."
    graph = build(builder, "# Inhalt", "1 Spielplan", "# Worum geht es?", goal, tip)
    assert kind_of(graph, goal) == "rule"
    note = next(node for node in graph.nodes if node.text == tip)
    assert (note.kind, note.mechanical) == ("note", False)


END = "Das Spiel endet, sobald eine Gans das Zielfeld genau erreicht."
LAST_ONE = (
    "Abweichend von der Grundregel muss dabei nicht genau gewürfelt werden, "
    "wenn nur noch ein Spieler übrig ist."
)


def test_a_marked_exception_of_the_end_excepts_what_was_just_said(builder: GraphBuilder) -> None:
    graph = build(
        builder,
        "# Spielablauf",
        "Wer am Zug ist, würfelt und zieht seine Gans um die gewürfelte Zahl vorwärts.",
        "# Spielende",
        END,
        LAST_ONE,
    )
    assert edges_of(graph, "exception-of") == [(LAST_ONE, END)]
    # What limits a trigger is not what the trigger starts.
    assert edges_of(graph, "triggers") == []


COSTS = """\
Der Spielzug
Wer am Zug ist, zieht seine Schnecke beliebig viele Felder vorwärts. Für jedes Feld muss er
Blätter bezahlen. Die Kosten zeigt die folgende Tabelle:
Felder Blätter
1 1
2 3
3 6
- 2 -
Ein Feld, auf dem schon eine andere Schnecke steht, darf nicht betreten werden.
Seite 3 von 4
"""


def test_decorated_page_numbers_go_and_a_table_of_numbers_stays(tmp_path: Path) -> None:
    path = tmp_path / "manual.txt"
    path.write_text(COSTS, encoding="utf-8")
    extraction = extract(path, None)
    texts = [b.text for b in extraction.blocks]
    assert [t for t in texts if t[:1].isdigit()] == ["1 1", "2 3", "3 6"]
    assert not any("- 2 -" in t or "Seite" in t for t in texts)
    removed = {(r.kind, r.before) for r in extraction.repairs}
    assert {("page-number", "- 2 -"), ("page-number", "Seite 3 von 4")} <= removed
    graph = GraphBuilder([], german_lexicon()).build(GARDEN, extraction)
    assert kind_of(graph, "Felder Blätter") == "other"  # the table's column titles
    assert kind_of(graph, "2 3") == "rule"


def test_an_exception_of_the_base_rule_excepts_what_it_denies(builder: GraphBuilder) -> None:
    pay = "Für jedes Feld muss er Blätter bezahlen."
    free = "Als Ausnahme zur Grundregel muss für den Zug auf ein Spechtfeld nichts bezahlt werden."
    graph = build(
        builder,
        "# Der Spielzug",
        f"Wer am Zug ist, zieht seine Schnecke beliebig viele Felder vorwärts. {pay}",
        "Ein Feld, auf dem schon eine andere Schnecke steht, darf nicht betreten werden.",
        "# Die Sonderfelder",
        "Pilzfelder: Wer auf einem Pilzfeld stehen bleibt, muss einen Pilz abgeben.",
        "Mit Ausnahme der Startreihe darf man Pilzfelder jederzeit betreten.",
        "Spechtfelder: Auf ein Spechtfeld darf man nur rückwärts ziehen.",
        "Für diesen Zug erhält der Spieler 10 Blätter pro Feld, das er zurückgezogen ist.",
        free,
    )
    assert [rule for exception, rule in edges_of(graph, "exception-of") if exception == free] == [
        pay
    ]


def _page(number: int, sentences: list[str]) -> list[str]:
    return [*sentences, str(number)]


def test_rising_lone_numbers_far_apart_count_the_pages(tmp_path: Path) -> None:
    filler = [f"Regel {n}: Wer am Zug ist, nimmt sich {n} Karten vom Stapel." for n in range(16)]
    lines = [
        *_page(1, [*filler, "Jeder Spieler bekommt einen Block, einen Stift und ein Teller Set"]),
        *_page(2, ["Gespielt wird in sieben Runden.", *filler]),
        *_page(
            3,
            [
                *filler,
                "Die Karten werden danach von allen Spielern gemischt, gleichmäßig",
                "an alle Spieler in der Runde ausgeteilt und vom Startspieler neu",
            ],
        ),
        *_page(4, ["verteilt, bevor die nächste Runde beginnt.", *filler]),
    ]
    path = tmp_path / "manual.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    extraction = extract(path, None)
    texts = [b.text for b in extraction.blocks if b.kind == "paragraph"]
    # A page break the text does not run on over ends a paragraph; one it runs on over,
    # in lower case, does not; and a full line before it is no figure label.
    assert any(t.endswith("ein Teller Set") for t in texts)
    assert any(t.startswith("Gespielt wird in sieben Runden.") for t in texts)
    assert any("Startspieler neu verteilt, bevor" in t for t in texts)
    pages = [r.before for r in extraction.repairs if r.kind == "page-number"]
    assert pages == ["1", "2", "3", "4"]


def test_a_pictures_callouts_and_caption_are_no_text(tmp_path: Path) -> None:
    text = "\n".join(
        [
            "Spielaufbau",
            "Legt den Spielplan in die Mitte und stellt die Figuren auf die Startfelder.",
            "1",
            "2",
            "Abbildung 1: Der Spielplan zu Beginn des Spiels mit allen Figuren",
            "Danach mischt ihr die Karten und legt sie als Stapel neben den Spielplan.",
        ]
    )
    path = tmp_path / "manual.txt"
    path.write_text(text + "\n", encoding="utf-8")
    extraction = extract(path, None)
    caption = next(b for b in extraction.blocks if b.text.startswith("Abbildung"))
    assert caption.kind in ("figure", "caption")
    assert {r.kind for r in extraction.repairs} == {"callout"}


def test_a_component_counts_its_kinds_in_brackets(builder: GraphBuilder) -> None:
    cards = "96 Zahlenkarten (je zweimal 1 bis 12 in vier Farben)"
    graph = build(builder, "# Spielmaterial", cards, "8 Joker-Karten")
    assert kind_of(graph, cards) == kind_of(graph, "8 Joker-Karten") == "component"


PENALTIES = """\
Wertung
Die Karten, die ein Spieler noch auf der Hand hat, bringen Minuspunkte:
Karte Minuspunkte
1-9 5
10-12 10
Aussetzen 15
Joker 25
Die Minuspunkte werden aufgeschrieben und addiert.
"""


def test_each_row_of_a_table_of_labels_and_values_is_a_row(tmp_path: Path) -> None:
    blocks = blocks_of(tmp_path, PENALTIES)
    rows = ["1-9 5", "10-12 10", "Aussetzen 15", "Joker 25"]
    assert [b.text for b in blocks if b.text in rows] == rows
    assert [b.text for b in blocks if b.kind == "heading"] == ["Wertung"]
    graph = GraphBuilder([], german_lexicon()).build(GARDEN, Extraction(blocks=blocks, repairs=[]))
    assert kind_of(graph, "Karte Minuspunkte") == "other"  # the column titles
    joker = next(node for node in graph.nodes if node.text == "Joker 25")
    assert (joker.kind, joker.mechanical) == ("rule", True)  # a value the engine uses


STAGES = """\
Stufenleiter
Spielmaterial
96 Zahlenkarten (je zweimal 1 bis 12 in vier Farben)
8 Joker-Karten
Vorbereitung
Die Karten werden gut gemischt. Jeder Spieler erhält 10 Karten verdeckt auf die
Hand. Die übrigen Karten werden als verdeckter Nachziehstapel in die Tischmitte
gelegt. Die oberste Karte wird aufgedeckt und daneben gelegt.
Spielablauf
Wer an der Reihe ist, zieht zuerst eine Karte, entweder vom Nachziehstapel oder
vom Ablagestapel. Danach darf er, wenn er die Karten seiner aktuellen Stufe
beisammen hat, diese offen vor sich auslegen. Zum Schluss muss er eine Karte auf
den Ablagestapel legen.
Beispiel: Paul ist auf der 2. Stufe. Er hat die Karten 5, 5, 5 und 8, 9, 10, 11
auf der Hand. Er legt beide Kombinationen aus und wirft dann eine 12 ab.
Eine Stufe gilt nur dann als geschafft, wenn alle geforderten Karten
gleichzeitig ausgelegt werden.
Joker
Ein Joker kann jede beliebige Karte ersetzen. In einer Folge muss mindestens eine
Zahlenkarte liegen.
Spielende
Wer als Erster die 8. Stufe ausgelegt hat, gewinnt das Spiel. Schaffen dies
mehrere Spieler im selben Durchgang, gewinnt, wer die wenigsten Minuspunkte hat.
Variante für Kenner
Die Stufen müssen nicht der Reihe nach erspielt werden. Jeder Spieler darf
frei wählen, welche Stufe er als Nächstes versucht. Abweichend von der
Grundregel gewinnt in dieser Variante, wer zuerst alle acht Stufen geschafft
hat, unabhängig von den Minuspunkten.
"""


@pytest.fixture(scope="module")
def stages(tmp_path_factory: pytest.TempPathFactory) -> RuleGraph:
    blocks = blocks_of(tmp_path_factory.mktemp("stages"), STAGES)
    extraction = Extraction(blocks=blocks, repairs=[])
    return GraphBuilder([], german_lexicon()).build(GARDEN, extraction)


def node_text(graph: RuleGraph, opening: str) -> str:
    return next(node.text for node in graph.nodes if node.text.startswith(opening))


def test_a_variant_excepts_no_base_rule_though_it_says_it_departs(stages: RuleGraph) -> None:
    # "Abweichend von der Grundregel gewinnt in dieser Variante, …" changes the game as
    # a whole, as every rule of a variant does.
    assert node_text(stages, "Abweichend") not in {
        exception for exception, _ in edges_of(stages, "exception-of")
    }


def test_an_example_of_play_shows_no_rule_of_the_set_up(stages: RuleGraph) -> None:
    example = node_text(stages, "Beispiel: Paul")
    shown = [rule for source, rule in edges_of(stages, "illustrates") if source == example]
    # It holds cards, as the deal gives them, but shows how a turn is played.
    assert node_text(stages, "Jeder Spieler erhält") not in shown


CAPTURE = """\
Hütchen hüpf
Spielablauf
Wer an der Reihe ist, würfelt und zieht ein Hütchen um so viele Felder vorwärts,
wie der Würfel zeigt. Wer eine 6 würfelt, muss ein Hütchen aus seinem Häuschen
auf sein Startfeld setzen und darf noch einmal würfeln.
Schlagen
Landet ein Hütchen genau auf einem Feld, auf dem ein fremdes Hütchen steht,
wird dieses geschlagen und muss zurück in sein Häuschen. Eigene Hütchen
dürfen nicht geschlagen werden.
Ausnahme: Ein Hütchen auf seinem eigenen Startfeld kann nicht geschlagen
werden.
Das Startfeld muss immer so schnell wie möglich geräumt werden, solange noch
Hütchen im Häuschen warten.
"""


def test_a_denial_labelled_an_exception_excepts_no_other_denial(tmp_path: Path) -> None:
    blocks = blocks_of(tmp_path, CAPTURE)
    graph = GraphBuilder([], german_lexicon()).build(GARDEN, Extraction(blocks=blocks, repairs=[]))
    assert edges_of(graph, "exception-of") == [
        (node_text(graph, "Ausnahme:"), node_text(graph, "Landet ein Hütchen"))
    ]


def test_a_title_of_two_nouns_under_a_full_line_heads_the_text_under_it(tmp_path: Path) -> None:
    blocks = blocks_of(
        tmp_path,
        "Möhrenlauf\n"
        "Inhalt: 1 Spielplan, 6 Läuferfiguren, 6 Möhrenkarten-Sätze, 1 Kartentabelle\n"
        "Ziel des Spieles\n"
        "Wer als erster mit seiner Figur das Ziel erreicht und dabei nicht mehr als\n"
        "10 Möhren besitzt, hat gewonnen.\n",
    )
    assert [b.text for b in blocks if b.kind == "heading"] == ["Möhrenlauf", "Ziel des Spieles"]


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Es wird nicht gewürfelt!", "rule"),  # a passive says how the game is played
        ("Das wird spannend!", "flavour"),
    ],
)
def test_an_exclamation_cheers_unless_it_says_how_the_game_is_played(
    builder: GraphBuilder, sentence: str, kind: str
) -> None:
    graph = build(builder, "# Der Spielzug", sentence, "Wer am Zug ist, zieht vorwärts.")
    assert kind_of(graph, sentence) == kind


HANGING = """\
Spielregeln
1.
Mischt die Karten gut durch und zieht jeder fünf auf die Hand.
Die Vorderseite sollt nur ihr selbst sehen.
2.
Platziert die übrigen Karten als Ziehstapel in die Tischmitte.
3.
Wer an der Reihe ist, legt eine Karte ab.
Danach zieht er eine Karte nach.
"""


def test_a_number_alone_on_its_line_holds_its_item_up_to_the_next_number(tmp_path: Path) -> None:
    items = [b.text for b in blocks_of(tmp_path, HANGING) if b.kind == "list-item"]
    assert items == [
        "1. Mischt die Karten gut durch und zieht jeder fünf auf die Hand. "
        "Die Vorderseite sollt nur ihr selbst sehen.",
        "2. Platziert die übrigen Karten als Ziehstapel in die Tischmitte.",
        # The last item ends with its sentence: no number says where it stops.
        "3. Wer an der Reihe ist, legt eine Karte ab.",
    ]


def test_a_running_header_beside_each_page_number_goes(tmp_path: Path) -> None:
    path = tmp_path / "manual.txt"
    path.write_text(
        "Anlegen\n"
        "Hat ein Spieler seine Stufe ausgelegt, darf er in seinen folgenden Zügen\n"
        "Karten anlegen. An einen Satz dürfen\n"
        "Seite 1\n"
        "STUFENLEITER – Spielregel\n"
        "nur Karten mit der gleichen Zahl angelegt werden.\n"
        "Joker\n"
        "Ein Joker kann jede beliebige Karte ersetzen.\n"
        "Seite 2\n"
        "STUFENLEITER – Spielregel\n"
        "Spielende\n"
        "Wer als Erster die 8. Stufe ausgelegt hat, gewinnt.\n",
        encoding="utf-8",
    )
    extraction = extract(path, None)
    texts = [b.text for b in extraction.blocks]
    assert "An einen Satz dürfen nur Karten mit der gleichen Zahl angelegt werden." in " ".join(
        texts
    )
    assert not any("STUFENLEITER" in t for t in texts)
    assert [r.before for r in extraction.repairs if r.kind == "running-header"] == [
        "STUFENLEITER – Spielregel"
    ] * 2
    assert [b.text for b in extraction.blocks if b.kind == "heading"] == [
        "Anlegen",
        "Joker",
        "Spielende",
    ]


CARROTS = """\
Möhrenlauf
Ein Wettlaufspiel für 2-6 Spieler ab 10 Jahren
Inhalt: 1 Spielplan, 6 Läuferfiguren, 6 Möhrenkarten-Sätze, 1 Kartentabelle
Ziel des Spieles
Wer als erster mit seiner Figur das Ziel erreicht und dabei nicht mehr als
10 Möhren besitzt, hat gewonnen.
Vorbereitung
Jeder Spieler erhält 68 Möhren in Karten und 3 Kohlköpfe. Die Figuren werden
auf das Startfeld gestellt.
Der Spielzug
Es wird nicht gewürfelt! Wer am Zug ist, entscheidet selbst, wie weit er
vorwärts zieht. Für jeden Zug muß er Möhren bezahlen, und zwar um so mehr, je
weiter er zieht:
1 Feld = 1 Möhre
2 Felder = 3 Möhren
3 Felder = 6 Möhren
4 Felder = 10 Möhren
5 Felder = 15 Möhren
Die bezahlten Möhren kommen in den Vorrat.
Beispiel: Lotta steht auf Feld 12 und zieht 4 Felder weiter auf Feld 16.
Dafür muß sie 10 Möhren bezahlen.
Ein Feld, auf dem bereits eine Figur steht, darf nicht betreten werden.
Die Kohlfelder
Auf ein Kohlfeld darf nur ziehen, wer noch mindestens einen Kohlkopf hat.
Dort muß er einen Kohlkopf abgeben und eine Runde aussetzen. Als Ausnahme
zur Grundregel erhält er dafür beim nächsten Zug 10 Möhren pro Figur, die
vor ihm liegt.
Beispiel: Ben steht auf einem Kohlfeld. Drei Figuren liegen vor ihm. Er
erhält also 30 Möhren aus dem Vorrat.
Die Igelfelder
Auf ein Igelfeld darf man nur rückwärts ziehen, und zwar immer auf das
nächste freie Igelfeld. Für diesen Zug erhält man ausnahmsweise 10 Möhren
pro zurückgezogenes Feld. Alle Felder mit Ausnahme der Kohlfelder dürfen
dabei übersprungen werden.
Das Ziel
Ins Ziel darf nur, wer höchstens noch 10 Möhren und keinen Kohlkopf mehr
hat. Wer zu viele Möhren hat, muß vor dem Ziel warten.
"""


def test_a_worked_example_shows_the_rule_its_sentences_tell_together(tmp_path: Path) -> None:
    # One sentence moves, the next pays: only together do they tell the cost rule.
    blocks = blocks_of(tmp_path, CARROTS)
    graph = GraphBuilder([], german_lexicon()).build(GARDEN, Extraction(blocks=blocks, repairs=[]))
    example = node_text(graph, "Beispiel: Lotta")
    shown = [rule for source, rule in edges_of(graph, "illustrates") if source == example]
    assert node_text(graph, "Für jeden Zug") in shown


def test_an_exception_that_gains_what_a_rule_costs_excepts_that_rule(tmp_path: Path) -> None:
    blocks = blocks_of(tmp_path, CARROTS)
    graph = GraphBuilder([], german_lexicon()).build(GARDEN, Extraction(blocks=blocks, repairs=[]))
    pay = node_text(graph, "Für jeden Zug muß er Möhren bezahlen")
    for opening in ("Als Ausnahme zur Grundregel erhält er", "Für diesen Zug erhält man"):
        gain = node_text(graph, opening)
        excepted = [
            rule for exception, rule in edges_of(graph, "exception-of") if exception == gain
        ]
        # The second shares less with it than the threshold asks, but no rule shares more.
        assert excepted == [pay]
