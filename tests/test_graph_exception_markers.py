"""Exceptions told by what they say of another rule: that it does not hold somewhere
or in a case ("Das gilt nicht für …"), that things go otherwise here than there
("Anders als auf der Laufbahn …"), that some are left out of it ("davon ausgenommen"),
in the spelling of Germany or Switzerland ("außer"/"ausser")."""

from __future__ import annotations

import pytest

from rulekit.graph.builder import GraphBuilder
from tests.test_graph_links import build, edges_of

LAY_OFF = "An jede ausgelegte Kombination darf jeder Spieler passende Karten anlegen."
JUMP = "Beim Ziehen dürfen eigene wie fremde Figuren übersprungen werden."
SWIM = "Jeder Biber schwimmt so viele Felder weit, wie der Würfel zeigt."
BRIDGE = "Eine Brücke darf auf jedes freie Feld des Weges gelegt werden."
BRING_OUT = (
    "Würfelt ein Spieler eine Sechs und wartet noch ein Fuchs in seiner Höhle, so muß er "
    "einen Fuchs auf sein Ausgangsfeld stellen."
)
BLOW = "Übersieht ein Spieler eine Gelegenheit zum Schlagen, darf jeder Mitspieler pusten."
ONE_A_FIELD = "Auf jedem Feld darf immer nur ein Hase stehen."


@pytest.mark.parametrize(
    ("lines", "exception", "rule"),
    [
        (
            ["# Anlegen", LAY_OFF],
            "Für Zwillinge gilt das nicht: An einen Zwilling darf keine Karte angelegt werden.",
            LAY_OFF,
        ),
        (
            # The rule named after the verb, where the place comes first, told under
            # another heading.
            [
                "# Ziehen",
                "Wer eine 6 würfelt, setzt eine Figur ein.",
                JUMP,
                "Wer auf eine fremde Figur trifft, schlägt sie.",
                "# Zielfelder",
                "Jede Figur zieht am Ende in die vier Zielfelder ihrer Farbe.",
            ],
            "In den Zielfeldern gilt die Regel vom Überspringen nicht: Keine Figur darf "
            "dort an einer anderen vorbeiziehen.",
            JUMP,
        ),
        (
            [
                "# Ziehen",
                JUMP,
                "Wer auf eine fremde Figur trifft, schlägt sie.",
                "# Heimfelder",
                "Jede Figur zieht am Ende in die Heimfelder ihrer Farbe.",
            ],
            "Anders als auf der Laufbahn darf in den Heimfeldern keine Figur eine andere "
            "überspringen.",
            JUMP,
        ),
        (
            ["# Brücken", BRIDGE],
            "Startfelder sind davon ausgenommen: Dort darf nie eine Brücke stehen.",
            BRIDGE,
        ),
        (
            ["# Ziehen", SWIM],
            "Über einen Biberdamm darf niemand hinwegschwimmen, ausser wenn der Damm leer ist.",
            SWIM,
        ),
        (
            ["# Heraus aus der Höhle", BRING_OUT],
            "Das gilt nur, solange auf diesem Ausgangsfeld kein eigener Fuchs steht.",
            BRING_OUT,
        ),
        (
            ["# Schlagen", BLOW],
            "Gepustet werden darf aber nur, bis der nächste Spieler gewürfelt hat.",
            BLOW,
        ),
        (
            # "innerhalb" takes the genitive.
            ["# Ziehen", JUMP, "# Der Bau", "Jede Figur zieht am Ende in ihren Bau."],
            "Innerhalb des Baus darf eine Figur keine andere überspringen.",
            JUMP,
        ),
        (
            ["# Ziehen", ONE_A_FIELD, "Besetzte Felder darfst du überspringen."],
            "Auf dem Startfeld und im Ziel haben allerdings alle Hasen Platz.",
            ONE_A_FIELD,
        ),
        (
            # "Das gilt nicht" before the case, and a modal said to be done only then.
            ["# Würfeln", "Wer eine 6 würfelt, darf nach seinem Zug noch einmal würfeln."],
            "Das gilt nicht nach der dritten 6 hintereinander.",
            "Wer eine 6 würfelt, darf nach seinem Zug noch einmal würfeln.",
        ),
        (
            ["# Schlagen", BLOW],
            "Das darf er nur, bevor er selbst würfelt.",
            BLOW,
        ),
        (
            # A contrast that bounds what was allowed.
            ["# Perle", "Du darfst in einer Kombination beliebig viele Perlen einsetzen."],
            "Jede Kombination braucht aber mindestens zwei echte Muschelkarten.",
            "Du darfst in einer Kombination beliebig viele Perlen einsetzen.",
        ),
    ],
)
def test_what_another_rule_is_said_not_to_cover_excepts_it(
    builder: GraphBuilder, lines: list[str], exception: str, rule: str
) -> None:
    graph = build(builder, *lines, exception)
    assert edges_of(graph, "exception-of") == [(exception, rule)]


def test_a_throw_that_does_not_count_and_what_a_move_is_not_taken_as_except_nothing(
    builder: GraphBuilder,
) -> None:
    graph = build(
        builder,
        "# Würfeln",
        "Wer an der Reihe ist, würfelt einmal und zieht.",
        "Fällt der Würfel vom Tisch, so gilt der Wurf nicht und wird wiederholt.",
        "Der Sprung über den Brunnen gilt nicht als eigener Zug.",
    )
    assert edges_of(graph, "exception-of") == []


def test_a_rule_named_by_a_quote_is_the_one_excepted(builder: GraphBuilder) -> None:
    again = "Nach einer 6 würfelst du noch einmal, sobald du gezogen hast."
    alone = "Auf jedem Feld darf immer nur ein Igel stehen."
    by_heading = (
        "Abweichend von der Regel „Noch einmal würfeln“ darfst du nach einer 6 nicht "
        "weiterwürfeln, wenn dein Igel damit ins Ziel gezogen ist."
    )
    by_words = "Die Regel „Ein Igel pro Feld“ gilt nicht für das Winternest."
    graph = build(
        builder,
        "# Das Wichtigste in Kürze",
        "Wer eine 6 würfelt, darf noch einmal würfeln.",
        "# Ziehen",
        "Jeder Igel zieht so viele Felder weit, wie der Würfel zeigt.",
        alone,
        "# Noch einmal würfeln",
        again,
        "# Das Winternest",
        "Das Winternest ist das Ziel des Rennens.",
        "Wer zuerst alle Igel im Winternest hat, gewinnt.",
        "Für jeden Igel, der bereits im Winternest sitzt, erhält man 10 Apfelmarken.",
        by_words,
        by_heading,
    )
    edges = edges_of(graph, "exception-of")
    assert (by_words, alone) in edges
    assert (by_heading, again) in edges


def test_a_rule_named_by_the_name_it_gives_itself_in_brackets_is_the_one_excepted(
    builder: GraphBuilder,
) -> None:
    duty = "Ziehen musst du in jedem Zug, auch wenn es dir gerade nicht passt (Zugpflicht)."
    departure = (
        "Abweichend von der Zugpflicht bleibst du stehen, wenn du weder vorwärts noch "
        "zurück ziehen kannst."
    )
    graph = build(
        builder,
        "# Ziehen",
        "Wer an der Reihe ist, zieht seine Schnecke vorwärts, höchstens 8 Felder.",
        duty,
        "Du darfst nur so weit ziehen, wie du bezahlen kannst.",
        "# Die Karten",
        "Morgentau: Nimm dir 10 Tautropfen aus dem Vorrat.",
        "# Kniffelige Fälle",
        departure,
    )
    assert edges_of(graph, "exception-of") == [(departure, duty)]


def test_a_contrasted_denial_excepts_the_rule_that_does_what_it_denies(
    builder: GraphBuilder,
) -> None:
    skip = "Eigene und fremde Figuren darfst du beim Ziehen überspringen."
    denial = "Eigene Figuren überspringen darfst du im Haus jedoch nicht."
    graph = build(
        builder,
        "# Ziehen",
        "Du ziehst deine Figur so viele Felder vorwärts, wie der Würfel zeigt.",
        skip,
        "Wer auf einer fremden Figur landet, schlägt sie.",
        "# Das Haus",
        denial,
        "Ins Haus ziehst du nur mit passender Augenzahl.",
    )
    assert edges_of(graph, "exception-of") == [(denial, skip)]


def test_a_duty_named_as_not_holding_excepts_the_rule_that_imposes_it(
    builder: GraphBuilder,
) -> None:
    duty = "Kannst du eine fremde Figur schlagen, musst du es auch tun."
    lifted = (
        "Die Schlagpflicht gilt nicht für Kinder unter 6 Jahren: Sie dürfen schlagen, "
        "müssen aber nicht."
    )
    graph = build(
        builder,
        "# Schlagen",
        "Endet dein Zug auf einem Feld, auf dem eine fremde Figur steht, schlägst du diese "
        "Figur: Sie muss zurück in ihr Laternenhaus.",
        "Wer nur über eine Figur hinwegspringt, schlägt sie nicht.",
        duty,
        "Hast du mehrere Möglichkeiten, suchst du dir eine davon aus.",
        lifted,
    )
    assert edges_of(graph, "exception-of") == [(lifted, duty)]


def test_a_time_within_which_a_denial_holds_is_no_place(builder: GraphBuilder) -> None:
    graph = build(
        builder,
        "# Tauschen",
        "Du darfst eine Karte mit dem Vorrat tauschen.",
        "Innerhalb eines Zuges darf kein Spieler zweimal tauschen.",
    )
    assert edges_of(graph, "exception-of") == []


def test_a_denial_within_a_variant_narrows_the_variants_rule_before_it(
    builder: GraphBuilder,
) -> None:
    placed = "Er stellt ihn auf ein beliebiges Feld des Waldwegs."
    denial = "Auf eine Lichtung darf der Jäger jedoch nicht gestellt werden."
    graph = build(
        builder,
        "# Ziehen",
        "Wer an der Reihe ist, würfelt und zieht einen seiner Füchse.",
        "# Für Profis: Der Jäger",
        "Würfelt ein Spieler eine Eins, darf er statt eines Fuchses den Jäger ziehen. "
        f"{placed} {denial}",
    )
    assert edges_of(graph, "exception-of") == [(denial, placed)]


def test_what_a_case_does_away_with_excepts_the_rule_that_does_it(
    builder: GraphBuilder,
) -> None:
    discard = "4. Zum Schluss wirfst du eine Karte auf den Ablagestapel ab."
    lifted = "Hast du nach dem Anlegen keine Karte mehr, entfällt das Abwerfen."
    graph = build(
        builder,
        "# Spielablauf",
        "1. Zieh eine Karte.",
        "2. Lege deine Phase aus, wenn du kannst.",
        "3. Lege passende Karten an ausgelegte Phasen an.",
        discard,
        "# Anlegen",
        "An jede ausgelegte Phase darf jeder passende Karten anlegen.",
        lifted,
    )
    assert edges_of(graph, "exception-of") == [(lifted, discard)]


@pytest.mark.parametrize(
    ("rule", "exception"),
    [
        (
            "Stimmt der Platz mit der Zahl auf dem Feld überein, erhält der Spieler das "
            "Zehnfache dieser Zahl in Möhren.",
            "Auf dem Feld 4 erhalten jedoch auch der Fünfte und der Sechste 40 Möhren.",
        ),
        (
            "Sobald ein Spieler seine Phase ausgelegt hat, darf er in seinen Zügen Karten anlegen.",
            "Im Zug, in dem er seine Phase auslegt, darf er jedoch noch nicht anlegen.",
        ),
    ],
)
def test_jedoch_auch_and_jedoch_after_a_relative_clause_except_the_rule(
    builder: GraphBuilder, rule: str, exception: str
) -> None:
    graph = build(
        builder,
        "# Der Zug",
        "Wer an der Reihe ist, zieht eine Karte vom Stapel.",
        rule,
        exception,
    )
    assert edges_of(graph, "exception-of") == [(exception, rule)]


def test_a_case_that_lets_do_more_often_excepts_the_rule_that_does_it_once(
    builder: GraphBuilder,
) -> None:
    turn = "Wer an der Reihe ist, würfelt einmal und zieht einen seiner Füchse."
    again = "Fällt der Würfel vom Tisch, wird noch einmal gewürfelt."
    three = (
        "Ausnahme: Hat ein Spieler keinen Fuchs auf dem Waldweg, darf er bis zu dreimal "
        "würfeln, um eine Sechs zu bekommen."
    )
    graph = build(
        builder,
        "# Spielablauf",
        turn,
        again,
        "# Heraus aus der Höhle",
        BRING_OUT,
        "Solange noch Füchse in der Höhle warten, muß er das Ausgangsfeld räumen.",
        three,
    )
    # However far back, the rule that throws once; not the throw again, a second time.
    assert edges_of(graph, "exception-of") == [(three, turn)]


def test_a_reply_under_a_variants_heading_excepts_the_variants_rule_before_it(
    builder: GraphBuilder,
) -> None:
    toll = "Überholst du ein Schwein, das auf einem Rübenacker steht, musst du ihm 5 Rüben zahlen."
    reply = "Das gilt nicht, wenn du selbst gerade aus einer Suhle kommst."
    graph = build(
        builder,
        "# Ziehen",
        "Wer an der Reihe ist, würfelt und zieht sein Schwein.",
        "# Für Profis: Wegzoll",
        f"Kennt ihr das Spiel schon gut, probiert einmal diese Regel aus. {toll} {reply}",
    )
    assert edges_of(graph, "exception-of") == [(reply, toll)]


def test_nur_after_a_rule_of_its_paragraph_narrows_that_rule(builder: GraphBuilder) -> None:
    # Opening a paragraph, saying "only here" of a place just named or naming the things
    # it holds for, "Nur" states a rule of its own.
    again = "Wer eine 6 würfelt, darf nach seinem Zug noch einmal würfeln."
    narrowed = "Nur wer mit der 6 auch gezogen hat, darf noch einmal würfeln."
    graph = build(
        builder,
        "# Würfeln",
        "Wer an der Reihe ist, würfelt einmal und zieht eine Figur.",
        f"{again} {narrowed}",
        "Nur mit einer 6 kommt eine Figur aus dem Haus.",
        "Auf den Blumenfeldern gibt es Nektar. Nur auf diesen Feldern darf man rasten.",
        "Dazu legt er einen Marker neben die Figur. Nur Figuren mit einem Marker dürfen ziehen.",
    )
    assert edges_of(graph, "exception-of") == [(narrowed, again)]


def test_a_denied_repeat_is_no_case_of_doing_more_often(builder: GraphBuilder) -> None:
    # "dreimal" names the case; the claim denies the throw again: it limits the rule of
    # the throw after a 6, not the rule that everyone throws once.
    again = "Nach jeder 6 darf der Spieler noch einmal würfeln."
    limit = (
        "Ausnahme: Wer dreimal hintereinander eine 6 würfelt, darf nach dem dritten Zug "
        "nicht noch einmal würfeln."
    )
    graph = build(
        builder,
        "# Spielbeginn",
        "Reihum würfelt jeder einmal; wer die höchste Zahl hat, fängt an.",
        "# Würfeln",
        f"{again} {limit}",
    )
    assert edges_of(graph, "exception-of") == [(limit, again)]


def test_abweichend_davon_answers_what_was_just_said_though_both_deny(
    builder: GraphBuilder,
) -> None:
    departs = "Abweichend davon gehört die 1 nicht der führenden, sondern der letzten Schnecke."
    graph = build(
        builder,
        "# Zahlenfelder",
        "Wer auf ein Gurkenfeld zieht, erhält dafür 12 Kerbel aus dem Vorrat.",
        "Stimmt die Stelle mit der Zahl überein, erhält er neunmal so viele Kerbel. "
        "Andernfalls erhält er nichts.",
        departs,
    )
    excepted = [rule for source, rule in edges_of(graph, "exception-of") if source == departs]
    assert excepted == ["Andernfalls erhält er nichts."]
