"""The shapes of a table's rows as a viewer copies them: a label and its value, cells
parted by marks, tabs or dot leaders, a row set across the page, numbers alone, rows
and items numbered one after another."""

from __future__ import annotations

import re

from rulekit.extract.encoding import BREAK_HYPHENS

# The number a table's row opens with, no point after it: "5 1 Farbreihe aus 8 Karten".
ROW_NUMBER = re.compile(r"^(?P<number>\d{1,2})\s+\S")
# A part named and numbered before a dash or colon: "Schlüssel 1 – 2 Drillinge".
NAMED_PART = re.compile(r"^(?P<name>[A-ZÄÖÜ][\w-]*)\s+(?P<number>\d{1,2})\s*[–—:-]\s")
# Marks between a table's cells: "Felder – Nüsse", "Karte | Punkte".
CELL_MARKS = frozenset({"–", "—", "-", "|", "/", "→"})
# A line of column titles over a table has at most this many words.
COLUMN_TITLE_WORDS = 4
# A table row of names and their values: "Sanierung 1 Aufklärung 4 Bevölkerung 21".
VALUES_ROW = re.compile(r"^(?:[^\W\d_][\w-]*\s+\d+\s*){2,}$")
# A thing and what it looks like in brackets, one a line: "Bienenstöcke (gelb, mit einem
# Bienenkorb)" / "Blumenfelder (grün, …)".
DESCRIBED_ROW = re.compile(r"^[A-ZÄÖÜ][\w-]*\s+\([^()]+\)$")
# A row of a two-column table: a label of a few words or a range of numbers, then its
# value ("Joker 25", "1-9 5", "21 bis 24 1", "Rote Karte 10", "Höhenstufe 7–9 6", "im
# Basislager 0", "König, Dame, Bube 10", "10 bis 12 je 10"), maybe with the value's unit
# ("1–9 je 5 Punkte", "Joker je 25 Punkte") or an aside in brackets after the label
# ("Zahlenkarten Rot (1 bis 11, jede Zahl zweimal) 22").
VALUE_ROW = re.compile(
    r"^(?:\d+\s*(?:[-–]|bis)\s*\d+(?:\s+je)?|[^\W\d_][\w-]*,?(?:\s+[\w()–-]+,?){0,5}?"
    r"(?:\s+\([^()]*\))?)\s+\d+"
    # What the value counts is a noun ("10 Sternenstaub", "1 Punkt"); a line that goes on
    # after its number in lower case ("… mit einer 5 oder") wraps a sentence.
    r"(?:\s+[A-ZÄÖÜ][^\W\d_]*)?$"
)
# A row of a table of several columns: a label, then two or more cells that each give a
# number and what it counts ("Weg 1 Punkt je Plättchen 1 Punkt je Plättchen", "Wappen 2
# Punkte 1 Punkt").
CELLS_ROW = re.compile(
    r"^[A-ZÄÖÜ][\w-]*(?:\s+[^\W\d_][\w-]*){0,3}(?:\s+\d+(?:\s+[^\W\d_][\w-]*){1,3}){2,}$"
)
# A table row of numbers alone: "2 3", "4 10", maybe a dash or an arrow between them
# ("4 – 10", "2 → 3").
NUMBERS_ROW = re.compile(r"^\d{1,3}(?:\s+(?:[–—→=-]\s+)?\d{1,3})+$")
# A row of a table set across the page: a label, maybe a word after it, and a run of
# values ("Felder 1 2 3 4 5 6", "Karotten 1 3 6 10 15", "Ankunft als 1. 2. 3. 4.",
# "höchstens 10 20 30 40 Tautropfen").
ACROSS_ROW = re.compile(
    r"^(?:[^\W\d_][\w-]*\s+){0,3}(?:\d+\.?\s+){2,}\d+\.?(?:\s+[^\W\d_][\w-]*){0,2}$"
)
# A term and what it stands for: "Drilling = drei Karten mit derselben Zahl".
EQUATION_ROW = re.compile(r"^[^\W\d_][\w-]*(?:\s+[\w-]+){0,2}\s*=\s*\S")
# A table row with dot leaders: "Karten 1 bis 9 ............ 5 Punkte".
LEADER_ROW = re.compile(r"^\S.*?(?:\.{4,}|…{2,}|_{4,}).*\S$")
# A table row whose cells a copy parts by a tab: "Zahlenkarten 1–9\t5 Minuspunkte".
TAB_ROW = re.compile(r"^\S[^\t]*\t\s*\S")

# Two values side by side, the cells of a table row ("1 29", "10 ······· 37"): prose puts
# words between its numbers.
VALUE_PAIR = re.compile(r"(?<![\w.,+\-])\d+\s+(?:[·.…]+\s*)?\d+(?![\w.,])")
# A row of a table of a thing, its cost and what it does: a label, maybe a word after it,
# a count and what it counts, then the row's last cell ("Wiese 1 Quitte keine", "Windfeld
# kostenlos 2 Felder weiter").
COST_ROW = re.compile(r"^[A-ZÄÖÜ][\w-]*(?:\s+[a-zäöüß]+)?\s+\d+\s+[A-ZÄÖÜ][^\W\d_]*\s+\S")
# The most rows under column titles that `row_under_titles` looks up through.
TABLE_ROWS = 16


def counted_up(text: str, following: str) -> bool:
    """Rows of a table numbered one after another without a point: "5 1 Farbreihe aus
    8 Karten" / "6 2 Vierlinge", or parts named and numbered: "Schlüssel 1 – 2 Drillinge"
    / "Schlüssel 2 – 1 Drilling + 1 Viererfolge"."""
    first, second = ROW_NUMBER.match(text), ROW_NUMBER.match(following)
    if first is None or second is None:
        first, second = NAMED_PART.match(text), NAMED_PART.match(following)
        if first is None or second is None or first["name"] != second["name"]:
            return False
    return int(second["number"]) == int(first["number"]) + 1


def numbered_on(text: str, following: str) -> bool:
    """Items numbered one after another, each a line ("8. 1 Farbsatz aus 7 Karten" /
    "9. 1 Vierling + 1 Drilling"): the next number opens the next item, however full the
    line above it, unless that line was left open (a comma, a broken word)."""
    first, second = _COUNTED_ITEM.match(text), _COUNTED_ITEM.match(following)
    return (
        first is not None
        and second is not None
        and int(second["number"]) == int(first["number"]) + 1
        and not text.rstrip().endswith((",", *BREAK_HYPHENS))
    )


# A list item's number and the text after it: "8. 1 Farbsatz …", "3) Ziehen".
_COUNTED_ITEM = re.compile(r"^(?P<number>\d{1,2})[.)]\s+\S")
