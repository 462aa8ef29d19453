"""The lines of a table that the text path gave as headings or paragraphs: a row with
values between its words, the column titles over it, titles over a row of numbers, and
the lines of a table of parts under a colon that names their order.  What the segmenter
(`rulekit.graph.units`, `rulekit.graph.lists`) asks before it takes a line for a
heading, a step or a sentence; `rulekit.graph.rows` reads what an example reckons with
in the rows."""

from __future__ import annotations

import re

from rulekit.extract.textrows import (
    CELL_MARKS,
    COLUMN_TITLE_WORDS,
    COST_ROW,
    NUMBERS_ROW,
    VALUE_ROW,
)
from rulekit.extract.textshapes import (
    BOX_FACTS,
)
from rulekit.graph.shapes import ITEM_LINE_WORDS, SENTENCE_END, TITLE, verbless
from rulekit.model import Block, NodeKind

# A heading-shaped line of this many words with a number between them is a table row.
TABLE_ROW_WORDS = 6
_INNER_NUMBER = re.compile(r"[^\W\d_]\s+\d+(?:\s+\d+)*\s+[^\W\d_]")
# A value between the words of a row, maybe signed or led to by dots ("- 10 ······· 37").
_VALUE = re.compile(r"[^\W\d_][\s\W]*\s\d+(?:[\s\W]+\d+)*\s[\s\W]*[^\W\d_]")
# Under a row, a line of this many words with a value between them is the next row.
ROW_AFTER_ROW_WORDS = 3
# An article opens a heading ("Die Phasen" over "Phase 1"), never a column's title.
_ARTICLES = frozenset({"der", "die", "das", "ein", "eine"})
# A row's value closes it: "jedes eigene freie Hütchen (auf dem Spielplan) 1".
_ROW_VALUE = re.compile(r"\s\d+$")


def ordered_table_line(text: str) -> NodeKind | None:
    """The kind of a line of a table under a colon that names an order ("… in genau
    dieser Reihenfolge erfüllen:"), which is no step: a row ends in its value ("2 Ein
    Drilling und eine Folge aus 4 Karten 7") or opens with its number ("1 2 Drillinge"),
    column titles have no value ("Nr. Disziplin Karten"); None for a line with a verb."""
    text = text.strip()
    if not verbless(text):
        return None
    # A value at either end: "… Karten 7", "Joker 25 Punkte", or the row's number
    # without a step's point ("1 2 Drillinge", "3 1 Vierling + 1 Viererfolge").
    if re.search(r"\d$", text) or re.match(r"\d+\s", text) or VALUE_ROW.match(text):
        return "rule"
    return "other" if all(word[:1].isupper() for word in text.split()) else None


def table_row(text: str, after_row: bool = False) -> bool:
    """A row of a table the text path took for a heading: long, with values between
    its words ("Produktion Die Wirtschaft liegt darnieder 1 29 Überkapazitäten").

    Under a row, a shorter line with a value between its words is the next row
    ("Vermehrung Stark rückläufige Bevölkerung 1 29 Explosion", "… - 10 ···· 37 …").
    """
    words = re.findall(r"[^\W\d_]+", text)
    if SENTENCE_END.search(text) or BOX_FACTS.search(text):
        return (
            False  # a sentence ("Verteilen Sie die 8 Punkte auf die 5 Bereiche:"), the box's facts
        )
    if after_row:
        return len(words) >= ROW_AFTER_ROW_WORDS and _VALUE.search(text) is not None
    return len(words) >= TABLE_ROW_WORDS and _INNER_NUMBER.search(text) is not None


def table_header(text: str, following: Block | None) -> bool:
    """The column titles over a table row: as long as a row, without values
    ("Lebensbereich Niedrigster Zustand Position der Scheibe Höchster Zustand")."""
    words = re.findall(r"[^\W\d_]+", text)
    return (
        len(words) >= TABLE_ROW_WORDS
        and not any(c.isdigit() for c in text)
        and not SENTENCE_END.search(text)
        and following is not None
        and following.kind != "list-item"
        and table_row(following.text)
    )


def numbers_header(text: str, following: Block | None) -> bool:
    """A title for each cell of the row of numbers under it ("Felder Blätter" over
    "1 1", "Karte Minuspunkte" over "1-9 5"), or for the label and the value of a row
    ("Wertung Punkte" over "jedes gefangene Hütchen 2", "Platz Punkte" over "1. Platz 5
    Punkte")."""
    # The marks between cells are no titles ("Felder – Nüsse" over "1 – 1").
    words = [word for word in text.split() if word not in CELL_MARKS]
    row = following.text.strip() if following is not None else ""
    if (
        following is None
        or len(words) < 2
        or words[0].lower() in _ARTICLES  # "Die Phasen" over "Phase 1" heads a section
        or not all(re.fullmatch(r"[^\W\d_][\w-]*\.?", word) for word in words)
    ):
        return False
    if NUMBERS_ROW.match(row) or VALUE_ROW.match(row):
        cells = {len(row.split()), len(re.findall(r"\d+", row)), 2}  # "1 – 1": two cells
        return len(words) in cells
    # Nouns alone, each a column's title ("Zugweite Kosten", "Nr. Disziplin Karten"),
    # over a row that opens with its value ("1 Feld 1 Möhre", "1–9 je 5 Punkte").
    if (
        len(words) <= COLUMN_TITLE_WORDS
        and all(word[:1].isupper() for word in words)
        and re.match(r"\d", row)
        and len(re.findall(r"\d+", row)) >= 2
        and not SENTENCE_END.search(row)
        and len(row.split()) <= ITEM_LINE_WORDS
    ):
        return True
    if (
        len(words) <= COLUMN_TITLE_WORDS
        and (
            (all(word[:1].isupper() for word in words) and COST_ROW.match(row))
            # a row numbered from 1 that counts ("Brief Das brauchst du" over "1 2 Sätze …")
            or (words[0][:1].isupper() and re.match(r"1\s+\d", row))
        )
    ):
        return True  # "Feldart Kosten Wirkung" over "Wiese 1 Quitte keine"
    cells = {word.casefold() for word in re.findall(r"[^\W\d_]+", row)}
    # "Platz Punkte" over "1. Platz 5 Punkte": the row repeats its titles by its values.
    repeated = re.search(r"\d", row) is not None and {w.casefold() for w in words} <= cells
    return (
        len(words) == 2
        and (_ROW_VALUE.search(row) is not None or repeated)
        and not SENTENCE_END.search(row)
        and len(row.split()) <= ITEM_LINE_WORDS
    )


def table_titles(blocks: list[Block]) -> list[Block]:
    """The names set over a table's column titles ("Kostentabelle" over "Felder
    Stangen" over "1 1"): they head the table, though a colon announced it ("… zeigt die
    Kostentabelle:") and the line under a colon is its item."""
    return [
        block
        for block, titles, row in zip(blocks, blocks[1:], blocks[2:], strict=False)
        if block.kind == "paragraph"
        and TITLE.match(block.text.strip()) is not None
        and numbers_header(titles.text.strip(), row)
    ]


def described_row(text: str) -> bool:
    """A row that describes its first cell in words ("Produktion Die Wirtschaft liegt
    darnieder 1 29"), not a row of named values ("Aktionspunkte 8 Umweltbelastung 13")."""
    first_value = re.search(r"\d", text)
    head = text[: first_value.start()] if first_value else text
    return len(re.findall(r"[^\W\d_]+", head)) >= 2
