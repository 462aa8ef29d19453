"""What the text path makes of a viewer's copy that gives a table one cell a line, of
a question set apart over its answer, of a running head that repeats the game's title,
of an order number abbreviated at a line's end, and of a word an evenly wrapped copy
carried over early."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.extract import extract
from rulekit.extract.textcells import cell_rows


def extracted(tmp_path: Path, text: str) -> tuple[list[str], list[str]]:
    """The blocks' texts and the repairs' kinds of a copy."""
    path = tmp_path / "manual.txt"
    path.write_text(text, encoding="utf-8")
    extraction = extract(path, None)
    return [b.text for b in extraction.blocks], [r.kind for r in extraction.repairs]


COSTS = [("1", "1"), ("2", "3"), ("3", "6"), ("4", "10"), ("5", "15")]


def copy_of(cells: list[str]) -> str:
    return "\n".join(
        [
            "Vorwärts ziehen",
            "Wie viele Felder seine Schnecke vorwärts",
            "kriecht, bestimmt der Spieler selbst. Für die",
            "Strecke bezahlt er Kohlblätter in den Vorrat,",
            "und zwar nach dieser Tabelle:",
            "Felder",
            "Kohlblätter",
            *cells,
            "Wer noch weiter ziehen will, rechnet einfach",
            "weiter.",
        ]
    )


@pytest.mark.parametrize(
    "cells",
    [
        [cell for row in COSTS for cell in row],  # row by row
        [row[0] for row in COSTS] + [row[1] for row in COSTS],  # column by column
    ],
)
def test_a_table_copied_one_cell_a_line_is_one_line_a_row(tmp_path: Path, cells: list[str]) -> None:
    found, repairs = extracted(tmp_path, copy_of(cells) + "\n")
    at = found.index("Felder Kohlblätter")
    assert found[at + 1 : at + 6] == [f"{a} {b}" for a, b in COSTS]
    assert found[at + 6] == "Wer noch weiter ziehen will, rechnet einfach weiter."
    # Each join is listed, and no cell went as a page number or a callout.
    assert repairs.count("table-row") == 6
    assert "page-number" not in repairs and "callout" not in repairs


@pytest.mark.parametrize(
    ("lines", "rows"),
    [
        # A sum "1 Feld = 1 Karotte" set in three boxes, no titles over them.
        (
            [
                "Ein Zug kostet:",
                *("1 Feld", "=", "1 Karotte", "2 Felder", "=", "3 Karotten"),
                *("3 Felder", "=", "6 Karotten"),
                "Wer weiter zieht, zahlt mehr.",
            ],
            ["1 Feld = 1 Karotte", "2 Felder = 3 Karotten", "3 Felder = 6 Karotten"],
        ),
        # What each stage demands, under its titles.
        (
            [
                "Die Regale sind so einzuräumen:",
                *("Regal", "Anforderung", "1", "2 Drillinge", "2", "1 Drilling + 1 Viererfolge"),
                *("3", "1 Vierling + 1 Viererfolge"),
                "Wer fertig ist, meldet es.",
            ],
            [
                "Regal Anforderung",
                "1 2 Drillinge",
                "2 1 Drilling + 1 Viererfolge",
                "3 1 Vierling + 1 Viererfolge",
            ],
        ),
    ],
)
def test_counts_signs_and_numbers_copied_one_cell_a_line_are_rows(
    tmp_path: Path, lines: list[str], rows: list[str]
) -> None:
    found, _ = extracted(tmp_path, "\n".join(lines) + "\n")
    at = found.index(rows[0])
    assert found[at : at + len(rows)] == rows


def test_label_and_value_cells_are_rows_without_titles_and_callouts_are_no_table() -> None:
    labels = ["Joker", "25", "Aussetzen", "15", "Karten 1–9", "5", "Karten 10–12", "10"]
    assert cell_rows(["Strafpunkte zählen:", *labels, "Wer die wenigsten hat, gewinnt."]) == [
        (1, 2, 4)
    ]
    # Numbers alone, with no titles over them, are a picture's callouts as much as a table.
    assert cell_rows(["Der Spielplan:", "1", "2", "3", "4", "5", "6", "Legt ihn aus."]) == []
    # Counted pieces one a line are the component list.
    assert cell_rows(["Inhalt:", "1 Spielplan", "16 Figuren", "1 Würfel", "4 Karten"]) == []


def test_a_question_alone_on_its_line_stands_apart_from_its_answer(tmp_path: Path) -> None:
    found, _ = extracted(
        tmp_path,
        "Im nächsten Zug zieht Paula die\n"
        "letzten zwei Felder und kommt\n"
        "als Zweite an.\n"
        "Wann ist das Spiel zu Ende?\n"
        "Sobald die erste Schnecke im\n"
        "Salatbeet ankommt, hat ihr\n"
        "Spieler gewonnen.\n",
    )
    assert found[-2:] == [
        "Wann ist das Spiel zu Ende?",
        "Sobald die erste Schnecke im Salatbeet ankommt, hat ihr Spieler gewonnen.",
    ]


def test_a_running_head_that_repeats_the_title_leaves_the_title(tmp_path: Path) -> None:
    # Page 1 has no number, so the head atop page 2 stands far from any.
    body = [
        "Zaunkönig Spiele",
        "Zehn Baustellen",
        "Das flotte Kartenspiel für kleine und große Baumeister.",
        "Jeder bekommt zehn Karten auf die Hand und legt sie",
        "verdeckt vor sich ab.",
        "Zehn Baustellen",
        "Wer an der Reihe ist, zieht eine Karte und legt",
        "danach eine Karte auf den Ablagestapel.",
        "Wer keine Karte mehr hat, beendet die Runde.",
        "Die anderen zählen ihre Strafpunkte zusammen.",
        "Haben mehrere ihre Baustelle geschafft, gewinnt, wer die wenigsten",
        "Seite 2",
        "Zehn Baustellen",
        "Strafpunkte hat. Gibt es dann noch einen Gleichstand, teilt ihr",
        "euch den Sieg.",
        "Seite 3",
        "Zehn Baustellen",
        "Viel Spaß beim Bauen!",
        "Seite 4",
    ]
    found, repairs = extracted(tmp_path, "\n".join(body) + "\n")
    assert found[:2] == ["Zaunkönig Spiele", "Zehn Baustellen"]
    assert found.count("Zehn Baustellen") == 1
    assert repairs.count("running-header") == 3
    assert (
        "Haben mehrere ihre Baustelle geschafft, gewinnt, wer die wenigsten Strafpunkte hat."
        in " ".join(found)
    )


def test_an_order_number_abbreviated_at_a_lines_end_keeps_its_number() -> None:
    # The imprint closing a copy in narrow columns: "Best.-Nr." ends no sentence.
    copy = Path(__file__).parent / "data" / "invented" / "copies" / "kuckucksweg.txt"
    found = [b.text for b in extract(copy, None).blocks]
    assert found[-1] == (
        "© 1974 Gebr. Hallwachs KG, Spielefabrik, 3500 Kassel · Best.-Nr. 2507 · Printed in "
        "W.-Germany"
    )


def test_a_word_an_even_copy_wrapped_early_goes_on_in_lower_case() -> None:
    # A copy wrapped at 46 characters that carried "sein" over though it would have
    # fitted: the clause goes on, no paragraph ends there.
    copy = Path(__file__).parent / "data" / "invented" / "copies" / "zehnregale.txt"
    found = [b.text for b in extract(copy, None).blocks]
    assert any(
        text.startswith("Sobald ein Spieler in der laufenden Runde sein Regal eingeräumt hat")
        for text in found
    )


def test_a_table_whose_cells_the_copy_parts_by_two_spaces_heads_nothing(tmp_path: Path) -> None:
    # Column titles and rows of a narrow booklet's table, then a tip after the last row,
    # whose count ("aus 4") wants no noun from it.
    lines = [
        "Farbreihe: eine Reihe, deren",
        "Karten alle dieselbe Farbe haben.",
        "Farbgruppe: Karten derselben Farbe",
        "mit beliebigen Zahlen.",
        "Die zehn Phasen",
        "Phase  Aufgabe",
        "1  2 Dreiersätze",
        "2  Dreiersatz + Reihe aus 4",
        "3  Farbreihe aus 4",
        "Tipp: Steckt eine Büroklammer",
        "an den Rand eurer Phasenkarte.",
        "Vorbereitung",
        "1. Jede*r nimmt sich eine Phasenkarte.",
    ]
    path = tmp_path / "manual.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = [(b.kind, b.text) for b in extract(path, None).blocks]
    assert found[2:8] == [
        ("heading", "Die zehn Phasen"),
        ("paragraph", "Phase  Aufgabe"),
        ("paragraph", "1  2 Dreiersätze"),
        ("paragraph", "2  Dreiersatz + Reihe aus 4"),
        ("paragraph", "3  Farbreihe aus 4"),
        ("paragraph", "Tipp: Steckt eine Büroklammer an den Rand eurer Phasenkarte."),
    ]
