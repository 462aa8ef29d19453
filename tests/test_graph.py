"""The rule graph: atomic nodes, kinds, edges, terms, stable ids and editor overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.build import analyse
from rulekit.errors import InputError
from rulekit.extract.lexicon import german_lexicon
from rulekit.graph import slugify
from rulekit.graph.builder import GraphBuilder
from rulekit.i18n.glossary import load_glossary
from rulekit.model import Block, Extraction, RuleGraph, Term
from rulekit.nlp import TermMatcher, german_pipeline
from rulekit.overrides import apply_overrides, load_overrides
from rulekit.project import Project
from rulekit.sources import sha256_file
from tests.conftest import invented_manual

INFO = invented_manual("demo")
GLOSSARY = [
    Term(id="ritter", de="Ritter", games=["demo"]),
    Term(id="burg", de="Burg", games=["demo"]),
    Term(id="angreifer", de="Angreifer", games=["demo"]),
    Term(id="verteidiger", de="Verteidiger", games=["demo"]),
]


@pytest.fixture(scope="module")
def builder() -> GraphBuilder:
    return GraphBuilder(GLOSSARY, german_lexicon())


def extraction(*texts: str) -> Extraction:
    """Blocks from marked lines: "# " a heading, "- " a list item, else a paragraph."""
    kinds = {"#": "heading", "-": "list-item"}
    return typed_extraction(*((kinds.get(t[0], "paragraph"), t.lstrip("#- ")) for t in texts))


def typed_extraction(*blocks: tuple[str, str]) -> Extraction:
    """Blocks of the kinds given, one line each, in order."""
    return Extraction(
        blocks=[
            Block(kind=kind, text=text, page=1, lines=(i, i))  # type: ignore[arg-type]
            for i, (kind, text) in enumerate(blocks, start=1)
        ],
        repairs=[],
    )


def typed_graph(builder: GraphBuilder, *blocks: tuple[str, str]) -> RuleGraph:
    """The graph of the invented manual made of these (kind, text) blocks."""
    return builder.build(INFO, typed_extraction(*blocks))


def outline(graph: RuleGraph) -> list[tuple[str, str]]:
    return [(node.kind, node.text) for node in graph.nodes]


def edges_of(graph: RuleGraph, kind: str) -> list[tuple[str, str]]:
    text = {node.id: node.text for node in graph.nodes}
    return [(text[e.from_], text[e.to]) for e in graph.edges if e.type == kind]


# A manual that is not bundled: segmentation must not be tuned to the five excerpts.
CASTLE = [
    "# Burgen erobern",
    "Ein Angreifer braucht mindestens zwei Ritter im Nachbarfeld. "
    "Der Verteidiger darf höchstens drei Würfel werfen.",
    "Spielerin Grün hat 4 Ritter im Nachbarfeld der Burg. Sie greift mit 3 Rittern an, "
    "einer muss zurückbleiben.",
    "Wichtig: Bei Gleichstand gewinnt immer der Verteidiger.",
    "Dabei gibt es eine Ausnahme: Wenn der Angreifer einen Rammbock hat, gewinnt bei "
    "Gleichstand der Angreifer.",
    "# Aufbau",
    "- 1. Legt den Spielplan in die Tischmitte.",
    "- 2. Jeder Spieler nimmt fünf Ritter.",
]


def test_a_manual_that_is_not_bundled_is_segmented_sensibly(builder: GraphBuilder) -> None:
    graph = builder.build(INFO, extraction(*CASTLE))
    assert outline(graph) == [
        ("section", "Burgen erobern"),
        ("rule", "Ein Angreifer braucht mindestens zwei Ritter im Nachbarfeld."),
        ("rule", "Der Verteidiger darf höchstens drei Würfel werfen."),
        ("example", CASTLE[2]),
        ("note", "Wichtig: Bei Gleichstand gewinnt immer der Verteidiger."),
        ("rule", CASTLE[4]),
        ("section", "Aufbau"),
        ("step", "1. Legt den Spielplan in die Tischmitte."),
        ("step", "2. Jeder Spieler nimmt fünf Ritter."),
    ]
    assert edges_of(graph, "exception-of") == [
        (CASTLE[4], "Wichtig: Bei Gleichstand gewinnt immer der Verteidiger.")
    ]
    assert (CASTLE[2], "Ein Angreifer braucht mindestens zwei Ritter im Nachbarfeld.") in (
        edges_of(graph, "illustrates")
    )
    part_of = edges_of(graph, "part-of")
    assert ("2. Jeder Spieler nimmt fünf Ritter.", "Aufbau") in part_of
    assert [n.mechanical for n in graph.nodes if n.kind == "rule"] == [True, True, True]


def test_sentence_boundaries_survive_abbreviations_and_numbers() -> None:
    nlp = german_pipeline()
    text = (
        "Der Befreier würfelt 3 und 2. Der Besatzer würfelt 6 und 2. "
        "Das gilt z.B. für Ritter, d.h. für alle bzw. fast alle. Siehe 2.4.1. Start der Runde. "
        # "Tag" and "Ende" are on spaCy's list of function words.
        "Am 3. Tag endet das Spiel. Zum 2. Ende kommt es nie. "
        "Ärgern verboten!® ist eine Marke. "
        # A verb before its subject opens a sentence after a number; a noun does not.
        "Die Felder tragen eine der Ziffern 1 bis 4. Steht eine Ameise dort, erhält sie Zucker. "
        "Sie zieht auf das 4. Feld der Reihe. Nach jeder 5. Runde zieht man eine Karte."
    )
    assert [s.text for s in nlp(text).sents] == [
        "Der Befreier würfelt 3 und 2.",
        "Der Besatzer würfelt 6 und 2.",
        "Das gilt z.B. für Ritter, d.h. für alle bzw. fast alle.",
        "Siehe 2.4.1. Start der Runde.",
        "Am 3. Tag endet das Spiel.",
        "Zum 2. Ende kommt es nie.",
        "Ärgern verboten!® ist eine Marke.",
        "Die Felder tragen eine der Ziffern 1 bis 4.",
        "Steht eine Ameise dort, erhält sie Zucker.",
        "Sie zieht auf das 4. Feld der Reihe.",
        "Nach jeder 5. Runde zieht man eine Karte.",
    ]


def test_a_colon_announces_the_figure_lines_that_read_as_items_not_a_diagrams_text(
    builder: GraphBuilder,
) -> None:
    graph = typed_graph(
        builder,
        ("heading", "Aufstellung"),
        ("paragraph", "Die Tiere stehen zu Beginn so auf dem Brett:"),
        ("figure", "zwei Pinguine auf a2 und h2"),
        ("figure", "8"),
        ("figure", "0Z0Z0Z0Z"),
        ("figure", "a b c d e f g h"),
        # A board's rank as long as a sentence, and a class diagram's boxes.
        ("figure", "7 Z0Z0Z0Z0 P K K K K K K P 6 0Z0Z0Z0Z 5 Z0Z0Z0Z0"),
        ("figure", "Animal + female : boolean + alive : boolean"),
        ("figure", "Snake ... ..."),
        ("paragraph", "Danach beginnt Spielerin W."),
    )
    assert [text for _, text in outline(graph)] == [
        "Aufstellung",
        "Die Tiere stehen zu Beginn so auf dem Brett:",
        "zwei Pinguine auf a2 und h2",
        "Danach beginnt Spielerin W.",
    ]


def test_bulleted_items_take_the_kind_their_colon_gives_them(builder: GraphBuilder) -> None:
    graph = typed_graph(
        builder,
        ("heading", "Aufbau"),
        ("paragraph", "Die Plättchen werden wie folgt als Weg ausgelegt:"),
        ("list-item", "10 Stapel mit jeweils 2 Plättchen"),
        ("list-item", "10 einzelne Plättchen"),
        ("paragraph", "Danach beginnt der jüngste Spieler."),
    )
    assert [kind for kind, _ in outline(graph)][2:] == ["step", "step", "rule"]


def test_numbered_headings_after_a_colon_head_their_paragraphs(builder: GraphBuilder) -> None:
    graph = typed_graph(
        builder,
        ("heading", "Spielablauf"),
        ("paragraph", "Wer am Zug ist, führt nacheinander folgende Aktionen aus:"),
        ("heading", "1. Eigene Figur wählen"),
        ("paragraph", "Der Spieler bestimmt eine seiner Figuren, die er ziehen möchte."),
        ("heading", "2. Karte ausspielen"),
        ("paragraph", "Der Spieler legt eine seiner Handkarten offen auf den Tisch."),
    )
    kinds = dict((text, kind) for kind, text in outline(graph))
    assert kinds["1. Eigene Figur wählen"] == kinds["2. Karte ausspielen"] == "section"


def test_a_piece_named_by_a_letter_ends_its_sentence_an_initial_does_not() -> None:
    nlp = german_pipeline()
    text = (
        "Er zieht seine Figur A zu Connys Figur A. Dann spielt er eine weitere Karte. "
        "Das Spiel erfand A. Müller, z. B. Die Siedler."
    )
    assert [s.text for s in nlp(text).sents] == [
        "Er zieht seine Figur A zu Connys Figur A.",
        "Dann spielt er eine weitere Karte.",
        "Das Spiel erfand A. Müller, z. B. Die Siedler.",
    ]


def test_units_follow_sentences_past_brackets_codes_and_announcing_colons(
    builder: GraphBuilder,
) -> None:
    graph = builder.build(
        INFO,
        extraction(
            "# Regeln",
            "Die Ritter stehen auf den Feldern a1 bis h8. Weiße Ritter beginnen.",
            "Eroberte Burgen dürfen nicht geändert werden. (D. h. eine Burg bleibt, wie sie "
            "ist.) Weitere Burgen dürfen hinzukommen.",
            "Jeder Zug besteht aus zwei Teilen: Einer Bewegung, die das Ziel bestimmt. "
            "Einem Angriff, der die Burg erobert.",
            "Jede Runde besteht aus drei Phasen: Der Einkauf, die Reise und die Wertung.",
            "Wer zuerst ankommt, erhält 5 Pkt. Wer als Zweiter ankommt, erhält 3 Pkt.",
            "Der Angreifer bezahlt mit Karten (z. B. eine Karte „5“ zählt 5 Punkte) oder mit "
            "Münzen (jede Münze zählt 1 Punkt).",
            "(Beispiel: Ben zieht mit einer 3 auf Feld 17.) Landet man dabei auf einer Burg, "
            "zieht man nicht weiter.",
            "Wie viele Münzen es sind, hängt vom Platz ab: Wer vorn liegt, erhält 2 Münzen.",
            "Wie gezogen wird: Jeder Ritter zieht ein Feld weit.",
        ),
    )
    assert [node.text for node in graph.nodes[1:]] == [
        "Die Ritter stehen auf den Feldern a1 bis h8.",
        "Weiße Ritter beginnen.",
        "Eroberte Burgen dürfen nicht geändert werden.",
        "(D. h. eine Burg bleibt, wie sie ist.)",
        "Weitere Burgen dürfen hinzukommen.",
        # Items that are clauses of their own are cut from the colon that announces them;
        "Jeder Zug besteht aus zwei Teilen:",
        "Einer Bewegung, die das Ziel bestimmt.",
        "Einem Angriff, der die Burg erobert.",
        # a run of nouns finishes its sentence.
        "Jede Runde besteht aus drei Phasen: Der Einkauf, die Reise und die Wertung.",
        # A unit after its number ends a sentence with its full stop.
        "Wer zuerst ankommt, erhält 5 Pkt.",
        "Wer als Zweiter ankommt, erhält 3 Pkt.",
        # A bracket inside a sentence keeps it whole.
        "Der Angreifer bezahlt mit Karten (z. B. eine Karte „5“ zählt 5 Punkte) oder mit "
        "Münzen (jede Münze zählt 1 Punkt).",
        # A bracket closed after a number's full stop ends its sentence.
        "(Beispiel: Ben zieht mit einer 3 auf Feld 17.)",
        "Landet man dabei auf einer Burg, zieht man nicht weiter.",
        # A question word's clause before its colon asks what follows; with a main
        # clause after its comma it states a rule, which goes on past the colon.
        "Wie viele Münzen es sind, hängt vom Platz ab: Wer vorn liegt, erhält 2 Münzen.",
        "Wie gezogen wird:",
        "Jeder Ritter zieht ein Feld weit.",
    ]


def test_an_example_ends_where_the_rules_speak_of_all_players_again(
    builder: GraphBuilder,
) -> None:
    graph = builder.build(
        INFO,
        extraction(
            "# Angriff",
            "Wer angreift, wirft so viele Würfel, wie er Ritter im Nachbarfeld hat.",
            "Beispiel:",
            "Spielerin Grün hat 4 Ritter im Nachbarfeld der Burg. Sie greift mit 3 Rittern an. "
            "Danach zählen alle Spieler ihre Ritter.",
        ),
    )
    assert [node.text for node in graph.nodes[2:]] == [
        "Beispiel: Spielerin Grün hat 4 Ritter im Nachbarfeld der Burg. "
        "Sie greift mit 3 Rittern an.",
        "Danach zählen alle Spieler ihre Ritter.",
    ]


def test_a_remark_about_the_program_is_cut_into_its_sentences(builder: GraphBuilder) -> None:
    # Text outside the rules is one unit per sentence, even when a label opened it.
    graph = builder.build(
        INFO,
        extraction(
            "# Umsetzung",
            "Achtung: Zu dieser Aufgabe wird ein Programm mitgeliefert. Der Quelltext soll "
            "ergänzt werden. Die Methoden dürfen nicht geändert werden.",
        ),
    )
    assert [node.text for node in graph.nodes[1:]] == [
        "Achtung: Zu dieser Aufgabe wird ein Programm mitgeliefert.",
        "Der Quelltext soll ergänzt werden.",
        "Die Methoden dürfen nicht geändert werden.",
    ]


def test_numbered_lists_keep_their_steps_and_their_criteria_apart(builder: GraphBuilder) -> None:
    graph = builder.build(
        INFO,
        extraction(
            "# Wertung",
            "# Danach muss der Angreifer seine Ritter zählen:",
            "- 1. Addieren Sie die Ritter im Nachbarfeld.",
            "# Multiplizieren Sie dann das Ergebnis mit 2",
            "- 2. Ziehen Sie davon die Verteidiger der Burg ab.",
            "Ein Angriff wird durch folgende Bedingungen eingeschränkt:",
            "- 1. Eine Burg kann nur einmal je Runde angegriffen werden. Danach ist sie sicher.",
        ),
    )
    nodes = [(node.kind, node.text) for node in graph.nodes]
    # A heading-shaped line with a modal verb before its colon is a sentence, not a section.
    assert ("section", "Danach muss der Angreifer seine Ritter zählen:") not in nodes
    assert [text for kind, text in nodes if kind == "section"] == ["Wertung"]
    # An unnumbered instruction under a step goes on with it.
    assert [text for _, text in nodes[2:4]] == [
        "1. Addieren Sie die Ritter im Nachbarfeld. Multiplizieren Sie dann das Ergebnis mit 2",
        "2. Ziehen Sie davon die Verteidiger der Burg ab.",
    ]
    # The items of a set a colon announces are split by sentence like running text.
    assert [text for _, text in nodes[-2:]] == [
        "1. Eine Burg kann nur einmal je Runde angegriffen werden.",
        "Danach ist sie sicher.",
    ]


def test_inflected_and_compound_occurrences_carry_their_term() -> None:
    terms = [
        Term(id=term.lower(), de=term)
        for term in ("Befreier", "Besatzer", "Anwerbung", "Bedrohung", "Bombe")
    ]
    nlp = german_pipeline(terms)
    matcher = TermMatcher(terms, german_lexicon())
    found = {
        text: matcher.terms_in(nlp(text))
        for text in [
            "Der höchste Wurf des Befreiers",
            "auf die Besatzer-Seite",
            "das Anwerbungsplättchen",
            "vom Bedrohungsstapel",
            "Anwerbungen und Bomben",
            "Ein Bomber fliegt.",
        ]
    }
    assert found == {
        "Der höchste Wurf des Befreiers": ["befreier"],
        "auf die Besatzer-Seite": ["besatzer"],
        "das Anwerbungsplättchen": ["anwerbung"],
        "vom Bedrohungsstapel": ["bedrohung"],
        "Anwerbungen und Bomben": ["anwerbung", "bombe"],
        "Ein Bomber fliegt.": [],
    }


def test_bundled_nodes_carry_terms_of_inflected_and_compound_words(project: Project) -> None:
    glossary = {t.id: t for t in load_glossary(project.glossary_file)}
    nodes = [n for m in analyse(project) for n in m.graph.nodes]
    for word in ("Befreiers", "Besatzer-Seite", "Anwerbungsplättchen", "Bedrohungsstapel"):
        carrying = [n for n in nodes if word in n.text]
        assert carrying, word
        for node in carrying:
            stems = [glossary[t].de.lower()[:6] for t in node.terms]
            assert any(stem in word.lower() for stem in stems), (word, node.terms)


def test_slugs_are_ascii_and_readable() -> None:
    assert slugify("Würfelaktion: Der höchste Wurf gewinnt immer") == (
        "wuerfelaktion-der-hoechste-wurf-gewinnt-immer"
    )
    assert slugify("!!!") == "x"


def test_editing_one_rule_keeps_every_other_id(builder: GraphBuilder) -> None:
    before = builder.build(INFO, extraction(*CASTLE))
    edited = list(CASTLE)
    edited[1] = edited[1].replace("im Nachbarfeld", "im Feld daneben")
    after = builder.build(INFO, extraction(*edited))
    changed = {n.id for n in before.nodes} ^ {n.id for n in after.nodes}
    assert changed == set()  # an edit after the first six words keeps even its own id
    edited[1] = "Jeder Angreifer braucht zwei Ritter. " + edited[1].split(". ", 1)[1]
    after = builder.build(INFO, extraction(*edited))
    lost = {n.id for n in before.nodes} - {n.id for n in after.nodes}
    assert lost == {"demo.burgen-erobern.ein-angreifer-braucht-mindestens-zwei-ritter"}


def test_editing_a_bundled_manual_keeps_other_ids(project: Project) -> None:
    before = {m.info.game: [n.id for n in m.graph.nodes] for m in analyse(project)}
    manual = project.sources_dir / "stratego" / "manual.txt"
    text = manual.read_text("utf-8")
    manual.write_text(text.replace("Angreifen bedeutet:", "Angreifen heißt:"), "utf-8")
    _refresh_checksum(project.sources_dir / "stratego")
    after = {m.info.game: [n.id for n in m.graph.nodes] for m in analyse(project)}
    for game, ids in before.items():
        lost = [i for i in ids if i not in after[game]]
        assert lost == (
            ["stratego.angreifen.angreifen-bedeutet-der-spieler-nimmt-seine"]
            if game == "stratego"
            else []
        )


def test_overrides_fix_kinds_edges_split_and_merge(builder: GraphBuilder, tmp_path: Path) -> None:
    graph = builder.build(INFO, extraction(*CASTLE))
    ids = {node.text: node for node in graph.nodes}
    rule = ids["Der Verteidiger darf höchstens drei Würfel werfen."]
    example = ids[CASTLE[2]]
    path = tmp_path / "graph.yaml"
    path.write_text(
        f"""nodes:
  - id: {rule.id}
    fingerprint: {rule.fingerprint}
    summary: Verteidiger würfeln mit höchstens drei Würfeln.
edges:
  - {{from: {example.id}, to: {rule.id}, type: illustrates}}
split:
  - id: {example.id}
    fingerprint: {example.fingerprint}
    parts:
      - Spielerin Grün hat 4 Ritter im Nachbarfeld der Burg.
      - Sie greift mit 3 Rittern an, einer muss zurückbleiben.
""",
        "utf-8",
    )
    overrides, lines = load_overrides(path)
    result, problems = apply_overrides(graph, overrides, lines, path)
    assert problems == []
    texts = {node.id: node for node in result.nodes}
    assert texts[rule.id].summary == "Verteidiger würfeln mit höchstens drei Würfeln."
    parts = [n for n in result.nodes if n.text.startswith(("Spielerin Grün", "Sie greift"))]
    assert [p.kind for p in parts] == ["example", "example"]
    assert len(parts) == 2


def test_an_example_an_editor_retypes_illustrates_nothing(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = builder.build(INFO, extraction(*CASTLE))
    example = next(n for n in graph.nodes if n.text == CASTLE[2])
    assert any(e.type == "illustrates" and e.from_ == example.id for e in graph.edges)
    path = tmp_path / "graph.yaml"
    path.write_text(
        f"nodes:\n  - id: {example.id}\n    fingerprint: {example.fingerprint}\n"
        "    kind: flavour\n",
        "utf-8",
    )
    overrides, lines = load_overrides(path)
    result, problems = apply_overrides(graph, overrides, lines, path)
    assert problems == []
    assert not any(e.type == "illustrates" and e.from_ == example.id for e in result.edges)


def test_stale_and_orphaned_overrides_are_reported_with_their_line(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = builder.build(INFO, extraction(*CASTLE))
    rule = next(n for n in graph.nodes if n.kind == "rule")
    path = tmp_path / "graph.yaml"
    path.write_text(
        f"""nodes:
  - id: {rule.id}
    fingerprint: "0000000000000000"
    mechanical: false
  - id: demo.gone.node
    fingerprint: "0000000000000000"
    kind: rule
""",
        "utf-8",
    )
    overrides, lines = load_overrides(path)
    result, problems = apply_overrides(graph, overrides, lines, path)
    assert problems[0].startswith(f"{path}:2: text of {rule.id} changed")
    assert problems[1] == f"{path}:5: node demo.gone.node no longer exists"
    assert result.node(rule.id).mechanical is False  # still applied, and reported


def test_bad_overrides_file_is_one_line_of_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "graph.yaml"
    path.write_text("nodes:\n  - id: x\n    kind: paragraph\n    fingerprint: f\n", "utf-8")
    with pytest.raises(InputError) as raised:
        load_overrides(path)
    assert str(raised.value).startswith(f"{path}:3: nodes.0.kind")


def _refresh_checksum(folder: Path) -> None:
    meta = folder / "source.yaml"
    lines = [
        f"sha256: {sha256_file(folder / 'manual.txt')}" if line.startswith("sha256:") else line
        for line in meta.read_text("utf-8").splitlines()
    ]
    meta.write_text("\n".join(lines) + "\n", "utf-8")


def test_glossary_nouns_get_lemma_exceptions_the_lookup_table_lacks() -> None:
    terms = [Term(id=t.lower(), de=t) for t in ("Befreier", "Besatzer", "Anwerbung")]
    nlp = german_pipeline(terms)
    lemmas = [t.lemma_ for t in nlp("des Befreiers den Besatzern die Anwerbungen")]
    assert lemmas[1::2] == ["Befreier", "Besatzer", "Anwerbung"]


@pytest.mark.parametrize(
    ("text", "words", "lemmas"),
    [
        (
            "Jede_r Spieler_in zieht",
            ["Jede_r", "Spieler_in", "zieht"],
            ["jed", "Spieler", "ziehen"],
        ),
        (
            "Alle Spieler:innen ziehen",
            ["Alle", "Spieler:innen", "ziehen"],
            ["all", "Spieler", "ziehen"],
        ),
        ("der_die Mitspieler*in", ["der_die", "Mitspieler*in"], ["der", "Mitspieler"]),
        ("die SpielerInnen", ["die", "SpielerInnen"], ["der", "Spieler"]),
        # Neither a gendered form nor glued: a slash between two words, a label.
        ("und/oder Holz:", ["und", "/", "oder", "Holz", ":"], ["und", "/", "oder", "Holz", ":"]),
    ],
)
def test_gender_inclusive_forms_are_one_word_read_as_the_masculine_form(
    text: str, words: list[str], lemmas: list[str]
) -> None:
    doc = german_pipeline()(text)
    assert [t.text for t in doc] == words
    assert [t.lemma_ for t in doc] == lemmas
    assert all(t.is_alpha for t in doc if t.text in words and t.text[0].isalpha())


def test_a_merged_node_is_mechanical_when_any_part_is(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    graph = builder.build(
        INFO, extraction("# Kampf", "Burgen (3).", "Jeder Ritter darf einmal angreifen.")
    )
    heading, rule = graph.nodes[1], graph.nodes[2]
    assert (heading.mechanical, rule.mechanical) == (False, True)
    path = tmp_path / "graph.yaml"
    path.write_text(
        f"merge:\n  - ids: [{heading.id}, {rule.id}]\n"
        f'    fingerprints: ["{heading.fingerprint}", "{rule.fingerprint}"]\n',
        "utf-8",
    )
    overrides, lines = load_overrides(path)
    merged, problems = apply_overrides(graph, overrides, lines, path)
    assert problems == []
    assert merged.node(heading.id).mechanical is True
    assert merged.node(heading.id).text == "Burgen (3). Jeder Ritter darf einmal angreifen."
