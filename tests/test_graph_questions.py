"""Questions in a rulebook: headings of its sections, or questions its answers follow."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.graph.builder import GraphBuilder
from tests.test_graph_links import build
from tests.test_graph_openings import kinds


def test_question_headings_head_their_rules_and_the_questions_of_a_faq_are_asked(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Wie bereiten wir das Spiel vor?",
        "1. Legt den Spielplan in die Tischmitte.",
        "2. Jeder wählt eine Schnecke und stellt sie auf das Gartentor.",
        "Wie viele Kleeblätter darf ich tragen?",
        "Eine Schnecke kann höchstens 100 Kleeblätter tragen.",
        "Wann ist das Spiel zu Ende?",
        "Sobald die erste Schnecke im Salatbeet ankommt, hat ihr Spieler gewonnen.",
        "Noch Fragen?",
        "Darf ich auf einem Tauschfeld eine Ware nehmen, die ich schon habe?",
        "Nein, du musst eine andere Ware nehmen.",
        "Was passiert, wenn der Nachziehstapel aufgebraucht ist?",
        "Dann mischt der Geber den Ablagestapel.",
    ]
    found = kinds(builder, tmp_path, lines)
    headings = [lines[0], lines[3], lines[5], lines[7]]
    assert [found[heading] for heading in headings] == ["section"] * 4
    # Under "Noch Fragen?" a question is asked: its answer follows, no section of rules.
    assert [found[lines[8]], found[lines[10]]] == ["lead-in", "lead-in"]


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # An answer that opens with yes or no follows a question, not a heading's rules.
        (
            [
                "Spielende",
                "Wer zuerst alle Karten abgelegt hat, gewinnt.",
                "Darf ich passen?",
                "Nein, wer an der Reihe ist, muss eine Karte legen.",
            ],
            {2: "lead-in", 3: "rule"},
        ),
        # A short question numbered as a heading heads the questions under it.
        (
            [
                "5. Spielende",
                "Wer zuerst fertig ist, gewinnt.",
                "6. Noch Fragen?",
                "Darf ich dreimal würfeln, wenn meine Bergleute alle im Schacht stehen?",
                "Ja, aber nur dann.",
                "Wie lange darf eine Sperre stehen bleiben?",
                "So lange du willst.",
            ],
            {2: "section", 3: "lead-in", 5: "lead-in"},
        ),
        # Under the questions' heading a question is asked, however it asks: of the
        # player's own piece ("mein Wiesel") or whether a rule holds ("Gilt …?").
        (
            [
                "Fragen und Antworten",
                "Gilt die Schlagpflicht auch für die Gänge?",
                "Nein, durch einen Gang schlüpfst du nur, wenn du willst.",
                "Ist mein Wiesel auf einem fremden Startfeld sicher?",
                "Nein, nur auf den Fluchtbauen kann es nicht geschlagen werden.",
            ],
            {1: "lead-in", 3: "lead-in"},
        ),
        # A question and its answer run on in one paragraph, a dash between them: the
        # dash opens the answer, and the question is asked.
        (
            [
                "Häufige Fragen",
                "Darf ich auf einem Baumfeld zweimal rasten? – Nein, nach einer Rast "
                "musst du weiterziehen. Zählen Igel auf meinem Baumfeld mit? – Nein.",
            ],
            {
                "Darf ich auf einem Baumfeld zweimal rasten?": "lead-in",
                "– Nein, nach einer Rast musst du weiterziehen.": "rule",
                "Zählen Igel auf meinem Baumfeld mit?": "lead-in",
            },
        ),
        (
            [
                "Zweifelsfälle",
                "Wohin kommt eine Wetterkarte, die ein Spieler behalten darf?",
                "Er legt sie offen vor sich ab.",
            ],
            {1: "lead-in"},
        ),
    ],
)
def test_a_question_of_questions_and_answers_is_asked(
    builder: GraphBuilder, tmp_path: Path, lines: list[str], expected: dict[int | str, str]
) -> None:
    found = kinds(builder, tmp_path, lines)
    assert {key: found[lines[key] if isinstance(key, int) else key] for key in expected} == expected


def test_a_reprint_rights_notice_and_order_number_under_the_credits_are_other(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    lines = [
        "Spielende",
        "Wer zuerst alle vier Kühe im Stall hat, gewinnt.",
        "Spielidee: Ludwig Hafenbrack",
        "Unveränderter Nachdruck der Ausgabe von 1958",
        "Gesetzlich geschützt · Nachbildung verboten",
        "VEB Spielwarenwerk Zschopautal · Art.-Nr. 62115 · EVP 4,50 M",
    ]
    found = kinds(builder, tmp_path, lines)
    assert [found[line] for line in lines[3:]] == ["other", "other", "other"]


def test_a_question_set_as_a_heading_under_the_questions_heading_is_asked(
    builder: GraphBuilder,
) -> None:
    question = "Was passiert, wenn der Nachziehstapel aufgebraucht ist?"
    graph = build(
        builder,
        "# Spielende",
        "Wer zuerst alle zehn Fenster erfüllt hat, gewinnt.",
        "# Häufige Fragen",
        f"# {question}",
        "Mischt den Ablagestapel bis auf die oberste Karte und legt ihn bereit.",
    )
    assert {node.text: node.kind for node in graph.nodes}[question] == "lead-in"
