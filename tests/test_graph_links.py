"""Example and exception links chosen by what a unit talks about, on invented manuals."""

from __future__ import annotations

import pytest

from rulekit.cues import cues
from rulekit.extract.lexicon import german_lexicon
from rulekit.graph.builder import GraphBuilder
from rulekit.graph.clauses import case_clauses
from rulekit.graph.exceptions import excepts
from rulekit.graph.overlap import span_features, stem
from rulekit.model import Block, Extraction, RuleGraph, Term
from rulekit.nlp import german_pipeline
from tests.conftest import invented_blocks, invented_manual

INFO = invented_manual("garten")
GLOSSARY = [
    Term(id="hase", de="Hase", games=["garten"]),
    Term(id="salatfeld", de="Salatfeld", games=["garten"]),
    Term(id="karotte", de="Karotte", games=["garten"]),
]


@pytest.fixture(scope="module")
def builder() -> GraphBuilder:
    return GraphBuilder(GLOSSARY, german_lexicon())


def build(builder: GraphBuilder, *texts: str) -> RuleGraph:
    return builder.build(INFO, invented_blocks(*texts))


def edges_of(graph: RuleGraph, kind: str) -> list[tuple[str, str]]:
    text = {node.id: node.text for node in graph.nodes}
    return [(text[e.from_], text[e.to]) for e in graph.edges if e.type == kind]


DRAW = "Am Ende seines Zuges nimmt jeder Spieler eine Karotte vom Vorrat."
MOVE = "Der Hase zieht so viele Felder weit, wie der Würfel zeigt."
CHOICE = "Jeder Spieler wählt eine Farbe und stellt seinen Hasen auf das Startfeld."
SPECIAL = "Wer eine Sechs würfelt, nimmt ausnahmsweise zwei Karotten vom Vorrat."


def test_an_ausnahmsweise_sentence_excepts_the_rule_it_overrides(builder: GraphBuilder) -> None:
    graph = build(builder, "# Spielablauf", DRAW, MOVE, CHOICE, SPECIAL)
    assert edges_of(graph, "exception-of") == [(SPECIAL, DRAW)]


def test_mit_ausnahme_inside_a_rule_narrows_it_and_excepts_nothing(builder: GraphBuilder) -> None:
    scope = "Mit Ausnahme der Salatfelder darf der Hase jedes Feld betreten."
    graph = build(builder, "# Spielablauf", MOVE, scope)
    assert edges_of(graph, "exception-of") == []


def test_an_example_illustrates_the_rule_it_instantiates_though_another_is_closer(
    builder: GraphBuilder,
) -> None:
    example = (
        "Beispiel: Spielerin Rot würfelt eine Vier und zieht ihren Hasen vier Felder weit. "
        "Am Ende ihres Zuges nimmt sie eine Karotte vom Vorrat."
    )
    end = [
        "# Spielende",
        "Das Spiel endet, sobald der letzte Salat gegessen ist.",
        "Gewonnen hat, wer die meisten Punkte gesammelt hat.",
        "Bei Gleichstand teilen sich die Beteiligten den Sieg.",
    ]
    graph = build(builder, "# Ziehen", MOVE, CHOICE, "# Karotten", DRAW, example, *end)
    illustrated = {target for source, target in edges_of(graph, "illustrates")}
    assert {MOVE, DRAW} <= illustrated
    assert CHOICE not in illustrated


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Als Ausnahme zur Grundregel darf der Startspieler zwei Karten ziehen.", True),
        ("Abweichend von der Grundregel zieht der Hase rückwärts.", True),
        ("Außer auf der Karte steht etwas anderes.", True),
        ("Das darf aber nicht der eigene Hase sein.", True),
        ("Brücken dürfen jetzt nicht mehr gebaut werden.", True),
        ("Mit Ausnahme der Salatfelder darf der Hase jedes Feld betreten.", False),
        ("Außer dem Startspieler erhalten alle Spieler drei Karten.", False),
        ("Das Spiel findet an einem Tisch statt.", False),
        ("Ein Hase darf nicht mehr als drei Karotten tragen.", False),
        ("Wer keinen Zug mehr machen kann, setzt aus.", False),
        ("Danach darf allerdings nicht nur der Sieger wählen.", False),
    ],
)
def test_exception_cues_are_read_from_the_sentence(sentence: str, expected: bool) -> None:
    doc = german_pipeline()(sentence)
    assert excepts(doc[:], cues("de")) is expected


def test_a_count_replaced_with_statt_excepts_the_rule_that_gives_that_count(
    builder: GraphBuilder,
) -> None:
    first = "Am Ende seines Zuges nimmt jeder Spieler 1 Karotte vom Vorrat."
    near = "Wer seinen Hasen auf ein Salatfeld zieht, nimmt sich den Salat vom Feld."
    bonus = "Ab seinem dritten Salat nimmt er am Ende seines Zuges 2 Karotten (statt nur einer)."
    graph = build(builder, "# Karotten", first, "# Salat", MOVE, near, bonus)
    assert edges_of(graph, "exception-of") == [(bonus, first)]


def test_a_pronoun_that_contrasts_the_rule_before_it_excepts_that_rule(
    builder: GraphBuilder,
) -> None:
    # The denial shares its rare words with the rule after the one its pronoun stands for.
    place = "Ein Karottenjoker darf als jede beliebige Karte gelegt werden."
    denial = "Er darf allerdings nicht auf das eigene Salatbeet gelegt werden."
    beet = "Der Zug endet, sobald ein Hase eine Karotte auf sein eigenes Salatbeet legt."
    graph = build(builder, *OPENING, "# Karotten", beet, f"{place} {denial}")
    assert edges_of(graph, "exception-of") == [(denial, place)]


def test_an_ausnahme_that_allows_what_was_just_denied_excepts_the_denial(
    builder: GraphBuilder,
) -> None:
    # The rule before the denial shares more words with the exception, but the
    # exception allows what the denial forbids.
    move = "Danach zieht jeder Hase einen eigenen Stein auf ein benachbartes freies Feld."
    denial = "Springen ist nicht erlaubt."
    exception = (
        "Ausnahme: Hat ein Hase nur noch drei Steine, darf er mit einem Stein auf jedes "
        "freie Feld springen."
    )
    graph = build(builder, *OPENING, "# Ziehen", f"{move} {denial}", exception)
    assert edges_of(graph, "exception-of") == [(exception, denial)]


def test_the_items_of_a_list_announced_as_restrictions_except_the_rule_it_names(
    builder: GraphBuilder,
) -> None:
    general = "Prinzipiell sind für einen Hasen alle Züge auf freie Felder vor ihm möglich."
    lead = "Die möglichen Züge des Hasen werden durch folgende Regeln eingeschränkt:"
    items = [
        "1. Ein Salatfeld darf er nur betreten, wenn er noch hungrig ist.",
        "2. Auf ein Feld mit einem Igel darf kein Hase ziehen.",
    ]
    graph = build(builder, "# Ziehen", general, CHOICE, lead, *items)
    assert sorted(edges_of(graph, "exception-of")) == sorted((item, general) for item in items)


def test_a_rule_that_points_to_a_numbered_example_is_illustrated_by_it(
    builder: GraphBuilder,
) -> None:
    pointing = "Wer auf einem Salatfeld steht, setzt eine Runde aus (siehe Beispiel 2)."
    example = "Beispiel 2: Rot steht auf dem Salatfeld und setzt in der nächsten Runde aus."
    graph = build(builder, "# Salat", pointing, "# Karotten", DRAW, CHOICE, example)
    assert (example, pointing) in edges_of(graph, "illustrates")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Wird eine Sechs gewürfelt, erhält der Spieler KEINE Karotte.", True),
        ("Ein Hase darf nur dann ziehen, wenn das Feld NICHT besetzt ist.", False),
        ("Beende das Spiel nicht zu früh, aber auch nicht zu spät.", False),
        ("Die Züge der Hasen werden durch folgende Regeln eingeschränkt:", True),
        # A contrast with a main clause of the same sentence limits that clause only.
        ("Hat er zu wenig, muss er mehr bezahlen, erhält jedoch keine Karotte zurück.", False),
        ("Ein Hase, der auf einem Salatfeld steht, nimmt jedoch keine Karotte.", True),
    ],
)
def test_emphasis_additive_contrast_and_restriction_cues(sentence: str, expected: bool) -> None:
    doc = german_pipeline()(sentence)
    assert excepts(doc[:], cues("de")) is expected


def test_hyphenated_words_and_participles_meet_their_parts() -> None:
    doc = german_pipeline()("Die zu bezahlenden Punkte stehen auf der x-Achse.")
    features = span_features([doc[:]])
    assert {"bezahl", "x-achs", "achs"} <= features


def test_a_number_in_words_meets_the_number_in_digits() -> None:
    nlp = german_pipeline()
    words = span_features([nlp("Mehr als acht Felder weit darf niemand ziehen.")[:]])
    digits = span_features([nlp("Ein Zug geht über höchstens 8 Felder.")[:]])
    assert "#8" in words & digits


def test_a_list_item_of_restrictions_excepts_the_rule_its_lead_in_names(
    builder: GraphBuilder,
) -> None:
    general = "Prinzipiell darf ein Hase auf jedes freie Feld vor ihm ziehen."
    hedgehog = "Ein Igelfeld ist ein Feld, auf dem ein Igel sitzt."
    lead = "Die Züge des Hasen werden durch folgende Regeln eingeschränkt:"
    item = "1. Auf ein Igelfeld mit schlafendem Igel darf niemand."
    graph = build(builder, "# Ziehen", general, hedgehog, lead, item)
    assert edges_of(graph, "exception-of") == [(item, general)]


def test_an_example_illustrates_the_rule_that_counts_what_it_counts(
    builder: GraphBuilder,
) -> None:
    limit = "Wer mehr als 5 Salatkarten besitzt, gibt die Hälfte davon zurück in den Vorrat."
    rounding = "Bei ungeraden Zahlen wird abgerundet."
    example = "(Wer z. B. 7 Karten hat, gibt 3 davon ab.)"
    graph = build(builder, "# Salat", DRAW, f"{limit} {rounding}", example)
    illustrated = {target for source, target in edges_of(graph, "illustrates")}
    assert illustrated == {limit, rounding}


@pytest.mark.parametrize(
    "exception",
    [
        "Ein Hase, der auf einem Salatfeld steht, nimmt am Ende seines Zuges jedoch keine "
        "Karotte vom Vorrat.",
        "Wer auf einem Salatfeld steht, nimmt am Ende seines Zuges jedoch keine Karotte vom "
        "Vorrat.",
    ],
)
def test_an_exception_excepts_what_it_says_not_the_rule_that_shares_its_case(
    builder: GraphBuilder, exception: str
) -> None:
    # The condition or relative clause names the case; the rule that only shares the case
    # (and stands next to the exception) is not what is excepted.
    standing = "Ein Hase, der auf einem Salatfeld steht, frisst dort einen Salat."
    graph = build(builder, "# Karotten", DRAW, CHOICE, "# Salat", MOVE, standing, exception)
    assert edges_of(graph, "exception-of") == [(exception, DRAW)]


def test_abweichend_von_der_grundregel_excepts_the_rule_it_changes(builder: GraphBuilder) -> None:
    salad = "Auf einem Salatfeld frisst der Hase einen Salat."
    forest = (
        "Abweichend von der Grundregel zieht der Hase im Wald nur halb so viele Felder weit, "
        "wie der Würfel zeigt."
    )
    graph = build(builder, "# Spielablauf", MOVE, DRAW, "# Sonderfelder", salad, forest)
    assert edges_of(graph, "exception-of") == [(forest, MOVE)]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Die Karotte darf nicht weitergegeben werden, wenn der Hase im Bau sitzt.", True),
        ("Ein Hase kann keinen Salat fressen, solange er auf dem Startfeld steht.", True),
        ("Hat der Spieler nicht genug Karotten, kann er den Hasen nicht ziehen.", False),
        ("Ein Hase darf nicht nur vorwärts ziehen, wenn er hungrig ist.", False),
        ("Ab der dritten Runde darf jeder Spieler nur noch eine Karotte nehmen.", True),
        ("Wer nur noch einen Hasen hat, darf ihn doppelt so weit ziehen.", False),
    ],
)
def test_a_rule_negated_for_a_case_or_narrowed_from_now_on_is_an_exception(
    sentence: str, expected: bool
) -> None:
    doc = german_pipeline()(sentence)
    assert excepts(doc[:], cues("de")) is expected


def test_a_prohibition_for_a_case_excepts_the_rule_that_does_it(builder: GraphBuilder) -> None:
    passing = "Am Ende seines Zuges gibt der Spieler die Karotte an seinen linken Nachbarn weiter."
    forbidden = "Die Karotte darf nicht weitergegeben werden, wenn der Hase im Bau sitzt."
    graph = build(builder, "# Spielablauf", MOVE, CHOICE, passing, forbidden)
    assert edges_of(graph, "exception-of") == [(forbidden, passing)]


def test_a_negated_rule_of_the_end_phase_excepts_the_normal_turn(builder: GraphBuilder) -> None:
    end = "In der letzten Runde nehmen die Spieler keine Karotten vom Vorrat."
    graph = build(
        builder,
        "# Spielablauf",
        DRAW,
        MOVE,
        "# Spielende",
        "Das Spiel endet, sobald der letzte Salat gegessen ist.",
        end,
    )
    assert edges_of(graph, "exception-of") == [(end, DRAW)]


def test_only_the_first_sentence_of_a_restricting_list_item_is_an_exception(
    builder: GraphBuilder,
) -> None:
    general = "Prinzipiell darf ein Hase auf jedes freie Feld vor ihm ziehen."
    lead = "Die Züge des Hasen werden durch folgende Regeln eingeschränkt:"
    item = "1. Auf ein Salatfeld darf er nur ziehen, wenn er hungrig ist."
    then = "Der Hase frisst dann den Salat, der vom Brett genommen wird."
    texts = [("heading", "Ziehen"), ("paragraph", general), ("paragraph", lead)]
    texts.append(("list-item", f"{item} {then}"))
    blocks = [
        Block(kind=kind, text=text, page=1, lines=(i, i))
        for i, (kind, text) in enumerate(texts, start=1)
    ]
    graph = builder.build(INFO, Extraction(blocks=blocks, repairs=[]))
    assert edges_of(graph, "exception-of") == [(item, general)]


def test_a_denial_excepts_the_rules_under_the_heading_that_names_what_it_denies(
    builder: GraphBuilder,
) -> None:
    harvest = "Jeder Hase, der neben einem Salatfeld steht, nimmt sich 1 Karotte vom Vorrat."
    double = "Steht ein Hase zwischen zwei Salatfeldern, erhält er 2 Karotten."
    fox = "Der Spieler stellt den Fuchs auf ein Salatfeld neben einem fremden Hasen."
    denial = (
        "Wichtig: Steht der Fuchs auf dem Salatfeld, erhalten die Hasen daneben KEINE Karotten."
    )
    graph = build(
        builder,
        "# Karotten",
        harvest,
        double,
        "# Ziehen",
        MOVE,
        CHOICE,
        "# Sonderfälle",
        fox,
        denial,
    )
    assert sorted(edges_of(graph, "exception-of")) == sorted([(denial, harvest), (denial, double)])


# Rules that share nothing with the money rules below: they make "Münzen" a rare word.
FILLER = [
    "Der jüngste Spieler beginnt.",
    "Danach geht es im Uhrzeigersinn weiter.",
    "Ein Hase darf nie auf ein besetztes Feld ziehen.",
    "Der Fuchs bleibt immer in seinem Bau.",
    "Jeder Igel steht auf einem Igelfeld.",
    "Wer zuerst im Ziel ankommt, gewinnt.",
    "Die Würfel werden gemeinsam benutzt.",
    "Ein Igel schläft tagsüber.",
    "Die Igelfelder liegen am Rand des Spielplans.",
    "Im Ziel ist Platz für alle Hasen.",
]
# What a test manual opens with: the game's flow, so that its words are everyday words.
OPENING = ("# Spielablauf", MOVE, CHOICE, DRAW, *FILLER)


def test_an_exception_without_a_case_excepts_the_general_rule_not_a_conditional_one(
    builder: GraphBuilder,
) -> None:
    short = (
        "Hat der Spieler nicht genug Münzen, muss er mit Karotten bezahlen, "
        "erhält jedoch keine Münzen zurück."
    )
    pay = "Einen Salat bezahlt der Spieler mit gesammelten Münzen oder mit seinen Karotten."
    only = (
        "Zum Bezahlen darf er allerdings ausschließlich Münzen verwenden, "
        "die er schon vor seinem Zug gesammelt hatte!"
    )
    graph = build(builder, *OPENING, "# Salat", short, pay, only)
    assert edges_of(graph, "exception-of") == [(only, pay)]


def test_a_worked_example_shows_no_rule_it_shares_only_everyday_words_with(
    builder: GraphBuilder,
) -> None:
    eat = "Steht ein Hase auf einem Salatfeld, frisst er dort einen Salat."
    fox = "Der Fuchs schläft im Bau, solange kein Spieler in der Nähe ist."
    drop = "Wer einen Salat frisst, legt danach eine Karotte ab."
    example = (
        "Beispiel: Spieler Rot zieht seinen Hasen in die Nähe auf ein Salatfeld "
        "und frisst dort einen Salat. Danach legt er eine Karotte ab."
    )
    paragraph = f"{eat} {fox} {drop}"
    graph = build(builder, *OPENING, "# Salat", paragraph, example)
    assert sorted(edges_of(graph, "illustrates")) == sorted([(example, drop), (example, eat)])


def test_a_worked_example_shows_a_rule_after_it_only_if_one_sentence_shares_much(
    builder: GraphBuilder,
) -> None:
    story = (
        "Spieler Rot würfelt eine Vier und zieht seinen Hasen vier Felder weit. "
        "Danach nimmt Rot eine Karotte aus dem Vorrat."
    )
    # Shares the die with the first sentence, the supply with the second: by chance.
    after = "Jeder Spieler legt den Würfel am Ende zurück in den Vorrat."
    paragraph = f"{MOVE} {story} {after}"
    graph = build(builder, "# Spielablauf", CHOICE, DRAW, *FILLER, "# Ziehen", paragraph)
    assert sorted(edges_of(graph, "illustrates")) == sorted([(story, MOVE), (story, DRAW)])


def test_an_end_phase_rule_that_withdraws_a_permission_excepts_the_rule_granting_it(
    builder: GraphBuilder,
) -> None:
    fence = "Jeder Spieler kann während seines Zuges einen Zaun vor ein freies Feld stellen."
    stays = "Ein gestellter Zaun bleibt bis zum Schluss stehen."
    never = "Über einen Zaun darf kein Hase springen."
    last = "Sobald der erste Hase das Ziel erreicht, beginnt die letzte Runde."
    end = "Zäune dürfen jetzt nicht mehr gebaut werden."
    fences = ["# Zäune", fence, stays, never]
    graph = build(builder, *OPENING, *fences, "# Spielende", last, end)
    assert edges_of(graph, "exception-of") == [(end, fence)]


LAST = "Sobald der erste Hase das Ziel erreicht, beginnt die letzte Runde."


def test_an_end_phase_rule_that_withdraws_a_duty_excepts_the_turn_rule_imposing_it(
    builder: GraphBuilder,
) -> None:
    # The set-up and a permission also name cards in the hand; the compound
    # "Handkarten" holds "Hand" only as a word the manual also uses on its own.
    deal = "Jeder Spieler erhält 5 Karten auf die Hand."
    play = "Der Spieler legt eine seiner Handkarten offen vor sich ab."
    buy = "Der Spieler kann mit seinen Handkarten Karotten kaufen."
    end = "Hierfür müssen keine Karten mehr aus der Hand gespielt werden."
    turn = ["# Spielablauf", MOVE, play, *FILLER, buy]
    graph = build(builder, "# Spielvorbereitung", deal, *turn, "# Spielende", LAST, end)
    assert edges_of(graph, "exception-of") == [(end, play)]


def test_an_end_phase_rule_denying_gains_excepts_the_first_rule_giving_each(
    builder: GraphBuilder,
) -> None:
    take = "Der Spieler nimmt sich die Blume von dem Feld, auf dem sein Hase steht."
    draw = "Danach zieht der Spieler 1 Karte vom Stapel nach."
    buy = "Einmal pro Runde darf der Spieler Karten kaufen, indem er Blumen abgibt."
    more = "Er bekommt so viele Karten, wie die Blume Punkte zeigt."
    end = "Sie erhalten weder Blumen noch Karten für diesen Zug."
    turn = ["# Spielablauf", MOVE, take, draw, *FILLER, "# Kaufen", buy, more]
    graph = build(builder, *turn, "# Spielende", LAST, end)
    assert sorted(edges_of(graph, "exception-of")) == sorted([(end, take), (end, draw)])


NEW_FIELD = "Immer wenn ein Hase ein Salatfeld verlässt, kommt ein neues Salatfeld ins Spiel."
FILL = "Es wird auf den Plan gelegt und mit Karotten belegt."
OTHER_FILL = "Ein Kohlfeld wird auf den Plan gelegt und mit Karotten belegt."
SHORT = "Sollten keine Karotten im Vorrat verfügbar sein, bleibt das Salatfeld leer."


@pytest.mark.parametrize(
    ("rules", "excepted"),
    [
        ([NEW_FIELD, FILL], FILL),
        # Two rules hand out carrots alike: which one the case excepts cannot be told ...
        ([NEW_FIELD, FILL, OTHER_FILL], None),
        # ... unless one rule announces both: the case excepts what that rule announces.
        ([f"{NEW_FIELD[:-1]}, und zwar so:", FILL, OTHER_FILL], f"{NEW_FIELD[:-1]}, und zwar so:"),
    ],
)
def test_a_shortage_case_excepts_the_rule_handing_out_what_it_lacks(
    builder: GraphBuilder, rules: list[str], excepted: str | None
) -> None:
    graph = build(builder, "# Spielablauf", MOVE, CHOICE, "# Felder nachlegen", *rules, SHORT)
    assert edges_of(graph, "exception-of") == ([(SHORT, excepted)] if excepted else [])


@pytest.mark.parametrize(
    ("example", "shows_both"),
    [
        ("Für eine Münze „4“ darf er sich also z. B. 2 Karotten nehmen.", False),
        (
            "Für eine Münze „4“ tauscht er z. B. am Anfang seines Zuges 2 Karotten, also weniger.",
            True,
        ),
    ],
)
def test_an_example_concluding_from_the_sentence_before_shows_only_that_sentence(
    builder: GraphBuilder, example: str, shows_both: bool
) -> None:
    trade = "Am Anfang seines Zuges darf der Spieler Karotten tauschen, indem er Münzen abgibt."
    half = "Er erhält halb so viele Karotten, wie die Münze Punkte zeigt."
    graph = build(
        builder,
        *OPENING,
        "# Tauschen",
        f"{trade} {half}",
        example,
    )
    expected = [(example, half), (example, trade)] if shows_both else [(example, half)]
    assert sorted(edges_of(graph, "illustrates")) == sorted(expected)


def test_an_example_shows_no_earlier_rule_for_what_the_nearest_rule_already_says(
    builder: GraphBuilder,
) -> None:
    general = (
        "Die Hasen bewegen sich nach einem weiter unten beschriebenen Muster "
        "über die Wiese bis zum Zielfeld."
    )
    near = "Um ein Zielfeld zu erreichen, muss ein Hase oft mehrere Zwischenfelder passieren."
    example = (
        "Beispiel: Ein Hase kann von a1 über die Zwischenfelder b2 und c1 "
        "das Zielfeld d2 erreichen."
    )
    paragraph = f"{general} {near}"
    graph = build(builder, "# Spielablauf", CHOICE, DRAW, *FILLER, "# Ziehen", paragraph, example)
    assert edges_of(graph, "illustrates") == [(example, near)]


def test_a_denial_names_only_the_noun_phrase_it_negates_not_a_phrase_after_it(
    builder: GraphBuilder,
) -> None:
    harvest = "Jeder Hase, der neben einem Salatfeld steht, nimmt sich 1 Karotte vom Vorrat."
    turn = "In seinem Zug darf jeder Hase neben dem Fuchs stehen bleiben."
    fox = "Der Spieler stellt den Fuchs auf ein Salatfeld neben einem fremden Hasen."
    denial = (
        "Wichtig: Steht der Fuchs neben dem Hasen, erhält dieser KEINE Karotten für diesen Zug."
    )
    graph = build(
        builder, "# Karotten", harvest, "# Zug", turn, CHOICE, "# Sonderfälle", fox, denial
    )
    assert edges_of(graph, "exception-of") == [(denial, harvest)]


def test_an_example_that_reaches_a_bound_shows_the_rule_that_sets_it(
    builder: GraphBuilder,
) -> None:
    upper = "Ein Hase darf in seinem Zug höchstens 3 Karotten fressen, egal wie viele er hat."
    lower = "Für den Sieg braucht ein Spieler mindestens 3 Karotten im Bau."
    example = (
        "Beispiel: Spielerin Rot hat 5 Karotten gesammelt und wartet am Zaun. "
        "Sie frisst jetzt 3 Karotten (Maximum) und geht weiter."
    )
    graph = build(
        builder,
        "# Fressen",
        upper,
        "# Sieg",
        lower,
        "# Der Zaun",
        "Am Zaun wartet der Hase eine Runde.",
        "Der Zaun steht zwischen dem Salatfeld und dem Bau.",
        "Wer am Zaun steht, darf nicht würfeln.",
        example,
    )
    illustrated = {target for source, target in edges_of(graph, "illustrates")}
    assert upper in illustrated
    assert lower not in illustrated


def test_an_example_shows_the_later_rule_labelled_with_what_it_is_about(
    builder: GraphBuilder,
) -> None:
    example = "Beispiel: Ein Igel kann vom Startfeld über zwei Zwischenfelder zum Salatfeld laufen."
    own = "Igel: Läuft im ersten Schritt vom Startfeld schräg auf ein Zwischenfeld."
    going_on = "Danach läuft er geradeaus weiter."
    aside = "Hierbei zählt jeder Schritt einzeln."
    other = "Hase: Springt über ein Zwischenfeld hinweg."
    graph = build(
        builder,
        "# Laufen",
        "Um ein Zielfeld zu erreichen, laufen die Tiere über Zwischenfelder.",
        example,
        "# Tiere",
        "Jedes Tier läuft nach seinem eigenen Muster.",
        f"{own} {going_on} {aside}",
        other,
        "# Karotten",
        DRAW,
        "Wer keine Karotte mehr hat, setzt eine Runde aus.",
        "Karotten im Vorrat sind für alle sichtbar.",
        "Eine gefressene Karotte kommt aus dem Spiel.",
    )
    illustrated = {target for source, target in edges_of(graph, "illustrates")}
    assert {own, going_on} <= illustrated
    assert not {aside, other} & illustrated


def test_an_example_shows_the_item_it_names_not_the_item_labelled_next_to_it(
    builder: GraphBuilder,
) -> None:
    # The example shares nothing but the item's name with the item's rule; the nearest
    # rule is another item's.
    own = "Zwilling: zwei gleiche Würfel."
    going_on = "Es zählt die Summe dieser beiden Würfel."
    other = "Joker: Er zählt immer genau 15 Punkte, egal was gewürfelt wurde."
    example = "(Beispiel: Mit 4, 4 und 1 erhält man als Zwilling 8 Punkte.)"
    graph = build(builder, *OPENING, "# Wertung", f"{own} {going_on}", other, example)
    illustrated = {target for source, target in edges_of(graph, "illustrates")}
    assert illustrated == {own, going_on}


PROCEDURE = [
    "1. Lege den gefressenen Salat in die graue Schachtel.",
    "2. Ziehe den obersten Salat vom Stapel und lege ihn auf ein freies Beet.",
    "3. Klopfe zweimal auf den Tisch. Das zeigt allen, dass es neuen Salat gibt.",
]
WALKED = (
    "Beispiel: Spielerin Rot frisst den letzten Salat. Sie legt den gefressenen Salat "
    "in die graue Schachtel. Dann zieht sie den obersten Salat vom Stapel und legt ihn auf "
    "das Beet am Teich."
)


def illustrated_after_procedure(builder: GraphBuilder, steps: list[str]) -> set[str]:
    """What WALKED illustrates after a numbered procedure of `steps`."""
    texts = [
        ("heading", "Neuer Salat"),
        ("paragraph", "Wurde ein Salat gefressen, wird er so ersetzt:"),
        *(("list-item", step) for step in steps),
        ("paragraph", "Ein Beet am Teich bringt doppelte Punkte."),
        ("paragraph", WALKED),
    ]
    blocks = [
        Block(kind=kind, text=text, page=1, lines=(i, i))
        for i, (kind, text) in enumerate(texts, start=1)
    ]
    graph = builder.build(INFO, Extraction(blocks=blocks, repairs=[]))
    kinds = {node.text: node.kind for node in graph.nodes}
    assert [kinds[step] for step in steps] == ["step"] * len(steps)
    return {target for source, target in edges_of(graph, "illustrates")}


def test_an_example_that_walks_through_a_procedure_shows_all_of_its_steps(
    builder: GraphBuilder,
) -> None:
    assert set(PROCEDURE) <= illustrated_after_procedure(builder, PROCEDURE)


def test_an_example_that_touches_two_steps_of_a_long_list_shows_only_those(
    builder: GraphBuilder,
) -> None:
    more = [
        "4. Würfle einmal für den Regen.",
        "5. Gieße jedes Beet mit der Kanne.",
        "6. Notiere die Runde auf dem Block.",
    ]
    illustrated = illustrated_after_procedure(builder, [*PROCEDURE, *more])
    assert set(PROCEDURE[:2]) <= illustrated
    assert not {PROCEDURE[2], *more} & illustrated


def test_a_worked_example_shows_no_rule_for_the_case_it_does_not_tell(
    builder: GraphBuilder,
) -> None:
    pay = "Wer über den Bach springt, bezahlt dafür zwei Karotten an den Vorrat."
    broke = "Kann ein Hase die Karotten für den Bach nicht bezahlen, bleibt er am Ufer stehen."
    example = (
        "Beispiel: Spielerin Rot springt mit ihrem Hasen über den Bach. "
        "Dafür bezahlt sie zwei Karotten an den Vorrat und frisst danach einen Salat."
    )
    graph = build(builder, "# Spielablauf", MOVE, *FILLER, "# Der Bach", pay, broke, example)
    illustrated = {target for source, target in edges_of(graph, "illustrates")}
    assert pay in illustrated
    assert broke not in illustrated
    # A story that also tells the denied case shows the rule for it.
    stuck = example.replace("und frisst danach einen Salat", "und kann danach nicht mehr bezahlen")
    graph = build(builder, "# Spielablauf", MOVE, *FILLER, "# Der Bach", pay, broke, stuck)
    assert broke in {target for source, target in edges_of(graph, "illustrates")}


def test_a_worked_sum_shows_the_rule_that_says_how_the_count_is_found(
    builder: GraphBuilder,
) -> None:
    reckon = "Die Anzahl der Punkte wird durch die Zahl der gefressenen Salate bestimmt."
    example = (
        "Beispiel: Spieler Blau hat am Ende drei Salatfelder besucht. "
        "Er erhält dafür 2 + 3 + 1 = 6 Punkte."
    )
    graph = build(builder, "# Wertung", reckon, *FILLER, "# Spielende", DRAW, example)
    assert (example, reckon) in edges_of(graph, "illustrates")


def test_a_clause_opened_by_a_finite_verb_is_a_case_but_not_an_imperative_or_possessive() -> None:
    nlp, found = german_pipeline(), cues()
    first_clause = {
        text: case_clauses(next(nlp(text).sents), found)[0][1]
        for text in (
            "Ist das Wurfergebnis notiert, werden die Würfel weitergegeben.",
            "Sind alle Karten verteilt, beginnt der älteste Spieler.",
            "Hat ein Spieler keine Karte mehr, scheidet er aus.",
            "Seine Karte legt er offen ab, dann zieht er.",
            # A full verb first: a case when the main clause follows with its verb.
            "Würfelt er eine Sechs, darf er noch einmal würfeln.",
            "Wird eine Sieben gewürfelt, erhält niemand Karotten.",
            "Mischt die Karten, bevor ihr sie verteilt.",
            "Abweichend von der Grundregel zieht der Hase nur halb so weit, wie er will.",
        )
    }
    assert list(first_clause.values()) == [True, True, True, False, True, True, False, False]


def test_a_worked_example_shows_each_earlier_rule_its_sentence_mostly_repeats(
    builder: GraphBuilder,
) -> None:
    # The sentence repeats most of the jump (its best rule) and three quarters as much
    # of the fence: the example shows both.
    jump = "Der Hase springt über jede Karotte auf dem Weg und landet dahinter."
    fence = "Über einen Zaun springt der Hase nur, wenn er eine Karotte trägt."
    example = (
        "Beispiel: Spieler Rot würfelt eine Vier. Sein Hase springt über die Karotte "
        "auf dem Weg und landet auf dem Zaun dahinter."
    )
    graph = build(
        builder,
        *OPENING,
        "# Springen",
        jump,
        fence,
        "# Beispiele",
        example,
    )
    assert sorted(edges_of(graph, "illustrates")) == sorted([(example, jump), (example, fence)])


def test_the_items_under_an_ausnahmen_heading_except_the_rule_their_paragraph_states(
    builder: GraphBuilder,
) -> None:
    rule = "Nach dem Ziehen kann jeder Spieler entscheiden, ob er in dieser Runde mitspielt."
    goes_on = "Setzt ein Spieler aus, verliert er in dieser Runde nichts."
    items = [
        "- Der Startspieler hat diese Wahl nicht.",
        "- Liegt ein Igel auf dem Startfeld, darf keiner aussetzen.",
    ]
    graph = build(builder, "# Ziehen", CHOICE, f"{rule} {goes_on}", "# Ausnahmen:", *items)
    assert sorted(edges_of(graph, "exception-of")) == sorted((item, rule) for item in items)


def test_a_separable_verb_meets_its_infinitive() -> None:
    nlp = german_pipeline()
    particles = cues().phrase_final_particles
    said = span_features(
        nlp("Er legt beide Kombinationen aus und wirft dann eine 12 ab.").sents, particles
    )
    assert {stem("auslegen"), stem("abwerfen")} <= said
    # A capitalised word is a noun, no particle: "auf dem Weg" joins nothing.
    walked = span_features(nlp("Sein Hase springt über die Karotte auf dem Weg.").sents, particles)
    assert stem("wegspringen") not in walked


def test_a_worked_example_that_shares_little_shows_its_sections_most_alike_rule(
    builder: GraphBuilder,
) -> None:
    pay = "Für jeden Zug muss er Äpfel bezahlen."
    example = (
        "Beispiel: Lena steht auf Feld 12 und möchte auf das Pilzfeld 15. "
        "Sie zieht 3 Felder und bezahlt dafür 6 Äpfel."
    )
    graph = build(
        builder,
        "# Vorbereitung",
        "Jeder bekommt 65 Äpfel und 3 Pilze.",
        "# So wird gespielt",
        "Wer am Zug ist, zieht seinen Igel beliebig viele Felder vorwärts.",
        pay,
        "Auf jedem Feld darf immer nur ein Igel stehen.",
        "Besetzte Felder werden beim Ziehen mitgezählt.",
        example,
        "# Die Felder",
        "Apfelfeld: Wer auf einem Apfelfeld steht, darf stehen bleiben und erhält 10 Äpfel.",
        "Pilzfeld: Wer auf ein Pilzfeld zieht, muss einen Pilz abgeben.",
        "Hat er keinen Pilz mehr, darf er kein Pilzfeld betreten.",
        "# Das Ziel",
        "Ein Igel darf das Ziel nur betreten, wenn er höchstens 10 Äpfel und keinen Pilz hat.",
        "Wer als Erster das Ziel erreicht, gewinnt.",
    )
    assert edges_of(graph, "illustrates") == [(example, pay)]


def test_an_example_that_reckons_with_a_tables_values_shows_the_sentence_over_the_table(
    builder: GraphBuilder,
) -> None:
    count = "Die anderen Spieler zählen die Punkte ihrer Handkarten:"
    example = (
        "Beispiel: Lisa hat noch eine 7, eine 11 und einen Joker auf der Hand. "
        "Sie bekommt 5 + 10 + 25 = 40 Punkte."
    )
    graph = build(
        builder,
        "# Vorbereitung",
        "Jeder Spieler bekommt 9 Karten auf die Hand.",
        "# Spielablauf",
        "Wer am Zug ist, zieht eine Karte und legt eine Karte ab.",
        "Einen Joker darfst du nicht vom offenen Stapel nehmen.",
        "# Ende der Runde",
        "Hat ein Spieler keine Karten mehr auf der Hand, endet die Runde sofort.",
        count,
        "Karten 1–9: je 5 Punkte",
        "Karten 10–12: je 10 Punkte",
        "Joker: je 25 Punkte",
        example,
        "Wer es nicht geschafft hat, versucht dieselbe Kette noch einmal.",
        "# Spielende",
        "Wer die wenigsten Punkte hat, gewinnt.",
    )
    # and the rows whose values it adds up
    assert sorted(edges_of(graph, "illustrates")) == sorted(
        [
            (example, count),
            (example, "Karten 1–9: je 5 Punkte"),
            (example, "Karten 10–12: je 10 Punkte"),
            (example, "Joker: je 25 Punkte"),
        ]
    )


def test_a_worked_example_shows_each_rule_of_its_section_it_walks_through(
    builder: GraphBuilder,
) -> None:
    roll = (
        "Wer an der Reihe ist, würfelt und zieht seinen Hasen so viele Felder weit, wie "
        "der Würfel zeigt."
    )
    crowd = "Auf einem Feld dürfen beliebig viele Hasen stehen."
    salad = "Landet der Hase auf einem Salatfeld, nimmt er sich eine Karotte vom Vorrat."
    goal = "Wer zuerst zehn Karotten gesammelt hat, gewinnt das Spiel."
    example = (
        "Beispiel: Lena würfelt eine 4 und zieht ihren Hasen vier Felder weit. Dort steht "
        "schon Toms Hase. Sie landet auf einem Salatfeld und nimmt sich eine Karotte."
    )
    graph = build(builder, "# Spielablauf", roll, crowd, salad, goal, example)
    shown = {rule for source, rule in edges_of(graph, "illustrates") if source == example}
    assert {roll, salad} <= shown
    assert goal not in shown


def test_a_duty_named_by_a_compound_excepts_the_rule_that_imposes_it(
    builder: GraphBuilder,
) -> None:
    duty = "Kannst du mit deinem Wurf einen fremden Hasen schlagen, musst du das auch tun."
    also = "Auch beim Einsetzen wird geschlagen, wenn dort ein fremder Hase steht."
    lifted = "Die Schlagpflicht gilt nicht für das Einsetzen auf dem Startfeld."
    graph = build(builder, "# Schlagen", duty, also, "# Sonderfälle", lifted)
    assert edges_of(graph, "exception-of") == [(lifted, duty)]
