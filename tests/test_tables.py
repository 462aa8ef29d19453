"""Tables read row by row: ruled and unruled, born-digital and scanned.

The pages are made here: small German rule tables set with WeasyPrint (one
with rules and cells of several lines, one without rules), and the ruled
one rendered to a grayscale image saved as an image-only PDF, as a scanner
makes it.  Each table row must come out as one body line, its cells left
to right joined by single spaces, the lines of a cell joined.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2
import pytest
import weasyprint

from rulekit.extract.lexicon import german_lexicon
from rulekit.extract.ocr import _erase, find_rules
from rulekit.extract.page import Box
from rulekit.extract.pdf import extract_pdf
from rulekit.extract.tables import find_grids, holds_table

INTRO = "Die Tabelle zeigt, wie viele Karten jeder Spieler zu Beginn erhält."
OUTRO = "Danach beginnt der jüngste Spieler, und es wird reihum gespielt."
RULED = [
    ("Spieler", "Karten auf der Hand", "Startgeld", "Bemerkung"),
    ("Zwei", "Sieben Karten und zwei Joker", "50", "Ohne Bank spielen"),
    ("Drei", "Sechs Karten", "40", "Jeder Spieler zieht eine zusätzliche Karte"),
    ("Vier", "Fünf Karten und ein Joker", "30", "Die Bank verwaltet der Älteste"),
]
UNRULED = [
    ("Holz", "4", "Lehm", "3", "Erz", "2"),
    ("Wolle", "4", "Getreide", "4", "Gold", "1"),
    ("Schafe", "6", "Steine", "5", "Wasser", "0"),
]
SCAN_DPI = 200


def _page(table: str, style: str) -> str:
    return f"""<style>
        @page {{ size: A5; margin: 18mm 15mm; }}
        body {{ font-family: 'DejaVu Sans'; font-size: 9pt; line-height: 1.3; }}
        table {{ border-collapse: collapse; margin: 10pt 0; }}
        {style}
        </style><p>{INTRO}</p>{table}<p>{OUTRO}</p>"""


def _rows(rows: list[tuple[str, ...]]) -> str:
    return "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)


@pytest.fixture(scope="module")
def ruled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ruled four-column table with narrow columns: cells wrap over several lines."""
    style = """td { border: 0.8pt solid black; padding: 3pt 4pt; vertical-align: top; }
        td:nth-child(1) { width: 45pt; } td:nth-child(2) { width: 80pt; }
        td:nth-child(3) { width: 45pt; } td:nth-child(4) { width: 95pt; }"""
    path = tmp_path_factory.mktemp("tables") / "ruled.pdf"
    weasyprint.HTML(string=_page(f"<table>{_rows(RULED)}</table>", style)).write_pdf(path)
    return path


@pytest.fixture(scope="module")
def unruled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three rows of three label-number pairs, no rules: columns only by alignment."""
    style = """td { padding: 1pt 0; } td:nth-child(odd) { width: 55pt; }
        td:nth-child(even) { width: 25pt; text-align: right; padding-right: 25pt; }"""
    path = tmp_path_factory.mktemp("tables") / "unruled.pdf"
    weasyprint.HTML(string=_page(f"<table>{_rows(UNRULED)}</table>", style)).write_pdf(path)
    return path


@pytest.fixture(scope="module")
def scanned(ruled: Path) -> Path:
    """The ruled table page as an image-only PDF."""
    document = pypdfium2.PdfDocument(ruled)
    image = document[0].render(scale=SCAN_DPI / 72, grayscale=True).to_pil()
    document.close()
    path = ruled.with_name("scanned.pdf")
    image.save(path, "PDF", resolution=SCAN_DPI)
    return path


def _body(path: Path) -> list[str]:
    extraction = extract_pdf(path, lexicon=german_lexicon(), page_breaks=True)
    return [b.text for b in extraction.blocks if b.kind in ("heading", "paragraph", "list-item")]


def _expected(rows: list[tuple[str, ...]]) -> list[str]:
    return [INTRO, *(" ".join(row) for row in rows), OUTRO]


def test_a_ruled_table_is_read_row_by_row_with_its_cells_lines_joined(ruled: Path) -> None:
    assert _body(ruled) == _expected(RULED)


def test_an_unruled_table_is_read_row_by_row_from_its_aligned_columns(unruled: Path) -> None:
    assert _body(unruled) == _expected(UNRULED)


def test_a_scanned_ruled_table_is_read_row_by_row(scanned: Path) -> None:
    assert _body(scanned) == _expected(RULED)


# --- grids from rules -------------------------------------------------------------


def _lattice(xs: list[float], ys: list[float]) -> list[Box]:
    flat = [(xs[0], y - 0.4, xs[-1], y + 0.4) for y in ys]
    upright = [(x - 0.4, ys[0], x + 0.4, ys[-1]) for x in xs]
    return flat + upright


def test_rules_that_meet_make_a_grid_of_rows_and_columns() -> None:
    # Horizontal rules broken where they cross the vertical ones are one rule each.
    rules = [
        piece
        for y in (100, 120, 140, 160)
        for piece in ((50, y, 98, y + 0.8), (102, y, 198, y + 0.8), (202, y, 300, y + 0.8))
    ]
    rules += [(100, 100, 100.8, 160), (200, 100, 200.8, 160)]
    [grid] = find_grids(rules)
    assert grid.columns == pytest.approx((50, 100.4, 200.4, 300))
    assert grid.rows == pytest.approx((100, 120.4, 140.4, 160.8), abs=0.5)
    assert grid.cell((110, 125, 130, 135)) == (1, 1)
    assert grid.cell((10, 125, 30, 135)) is None


def test_a_frame_or_lone_rules_are_no_grid() -> None:
    frame = _lattice([50, 300], [100, 200])
    underline = [(50, 80, 200, 80.8)]
    assert find_grids(frame + underline) == []


def test_a_grid_is_a_table_only_when_most_cells_hold_a_few_lines_of_text() -> None:
    [grid] = find_grids(_lattice([0, 100, 200], [0, 20, 40, 60]))
    words = [
        (10 + 100 * c, 5 + 20 * r, 40 + 100 * c, 14 + 20 * r) for r in range(3) for c in (0, 1)
    ]
    assert holds_table(grid, words)
    # A graph's box and axes: text in a corner or two only.
    assert not holds_table(grid, words[:2])
    # Two panels side by side with paragraphs in them are no cells.
    [panels] = find_grids(_lattice([0, 100, 200], [0, 150, 300, 450]))
    paragraph = [
        (10 + 100 * c, 5 + 12 * i, 90 + 100 * c, 14 + 12 * i) for i in range(11) for c in (0, 1)
    ]
    assert not holds_table(panels, [*paragraph, (10, 160, 50, 170), (110, 310, 150, 320)])


# --- rules in a bitmap ------------------------------------------------------------------


def test_rules_are_found_in_a_bitmap_and_erased_without_the_glyph_touching_them() -> None:
    scale = 300 / 72
    pixels = np.full((600, 800), 255, dtype=np.uint8)
    pixels[100:103, 50:750] = 0  # a rule across the table
    pixels[50:550, 400:403] = 0  # a column rule
    pixels[200:240, 394:400] = 0  # a glyph's stem touching the column rule
    pixels[300:330, 100:104] = 0  # a glyph standing free: too short for a rule
    rules = find_rules(pixels, scale)
    assert sorted(rules) == [(50, 100, 750, 103), (400, 50, 403, 550)]
    for rule in rules:
        _erase(pixels, rule)
    assert (pixels[100:103, 50:750] == 255).all()
    assert (pixels[50:550, 400:403] == 255).all()
    assert (pixels[200:240, 394:400] == 0).all()
    assert (pixels[300:330, 100:104] == 0).all()
