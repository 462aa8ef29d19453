"""Tables in a viewer's copy: the cells it copies one a line joined back into their
rows, and the rows it runs into one another cut apart (`split_table_rows`).

A PDF viewer copies a table whose cells are separate text boxes one cell a line, row
by row: "Felder" / "Kohlblätter" / "1" / "1" / "2" / "3" / …, "Regal" / "Anforderung" /
"1" / "2 Drillinge" / …, "1 Feld" / "=" / "1 Karotte" / ….  Read as they come, the
lone numbers look like page numbers and callouts and would be dropped.  A run of at
least `CELL_ROWS` rows that repeat one pattern of cells (numbers, counts of things,
signs between cells, short labels), with a number or a count in each row and cells of
more than one kind, is a table; so are the column titles right above it, as many short
labels as a row has cells.  A run of numbers alone is a table only under its titles:
without them it cannot tell its rows apart from a cluster of callouts; counted pieces
one a line are the component list.  Each row becomes one line, its cells joined by
single spaces (as the PDF path gives a row), and the lines of its other cells are
marked as artefacts; every join is listed as a repair.  Where a copy gives each row
on a line of its own, the lines under a table's column titles are its rows, one a line
(`column_titles`, `row_under_titles`)."""

from __future__ import annotations

import re
from itertools import pairwise

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.textlistshapes import (
    alike_rows,
    value_rows,
)
from rulekit.extract.textrows import (
    CELL_MARKS,
    COLUMN_TITLE_WORDS,
    COST_ROW,
    NUMBERS_ROW,
    TABLE_ROWS,
    VALUE_PAIR,
    counted_up,
)
from rulekit.extract.textshapes import open_postcode, terminal
from rulekit.extract.wordclasses import DETERMINERS
from rulekit.model import Repair, TextLine

# A number cell: "3", "-2", "+5", "2,5", "1–9".
_NUMBER_CELL = re.compile(r"^[+−–-]?\d{1,4}(?:[.,]\d{1,2})?(?:\s*[–-]\s*\d{1,4})?$")
# A count of things: "2 Drillinge", "1 Drilling + 1 Viererfolge", "10 Felder".
_COUNT_CELL = re.compile(r"^\d{1,4}\s+[A-ZÄÖÜa-zäöüß][\w+/()–-]*(?:\s+[\w+/()–-]+){0,5}$")
_COUNT_CHARS = 32
# A label cell or column title: a few words, no sentence ("Felder", "Karten 1–9").
_LABEL_CELL = re.compile(r"^[A-ZÄÖÜ][\w.+/()–-]*(?:\s+[\w.+/()–-]+){0,2}$")
_LABEL_CHARS = 24
# A sign between two cells: "1 Feld" / "=" / "1 Karotte".
_SIGN_CELL = re.compile(r"^[=:→×x/–-]$")
# Rows a run must repeat to be a table; cells a row may have.
CELL_ROWS = 3
MAX_CELLS = 6
# The column titles over rows of a thing and its cost: a few capitalised words
# ("Feldart Kosten Wirkung").
_COLUMN_TITLES = re.compile(r"^[A-ZÄÖÜ][^\W\d_-]*(?:\s+[A-ZÄÖÜ][^\W\d_-]*){1,3}$")
# A row of a name and the words of its cells, no sentence: "Einser beliebig nur die
# Einsen zählen", "Full House drei gleiche und zwei gleiche Würfel 25".
_PLAIN_ROW = re.compile(r"^[A-ZÄÖÜ][^.!?:;]*[^\s.!?:;,]$")


def _cell(text: str) -> str | None:
    """The kind of a table cell: "n" a number, "c" a count of things, "s" a sign between
    cells, "w" a label; None for anything else."""
    stripped = text.strip()
    if _NUMBER_CELL.match(stripped):
        return "n"
    if len(stripped) <= _COUNT_CHARS and _COUNT_CELL.match(stripped):
        return "c"
    if _SIGN_CELL.match(stripped):
        return "s"
    if len(stripped) <= _LABEL_CHARS and _LABEL_CELL.match(stripped):
        return "w"
    return None


def cell_rows(texts: list[str]) -> list[tuple[int, int, int]]:
    """The tables among consecutive lines: (first line, cells a row, rows), the column
    titles counted as a row."""
    kinds = [_cell(text) for text in texts]
    tables: list[tuple[int, int, int]] = []
    start = 0
    while start < len(texts):
        best = _table_at(kinds, start)
        if best is None:
            start += 1
            continue
        tables.append(best)
        first, width, rows = best
        start = first + width * rows
    return tables


def _table_at(kinds: list[str | None], start: int) -> tuple[int, int, int] | None:
    """The table whose first body row opens at `start`, with its titles, if any."""
    found: tuple[int, int, int] | None = None
    for width in range(2, MAX_CELLS + 1):
        pattern = kinds[start : start + width]
        if len(pattern) < width or None in pattern or not {"n", "c"} & set(pattern):
            continue
        if len(set(pattern)) == 1 and pattern[0] != "n":
            continue  # counted pieces one a line are a list ("1 Spielplan" / "4 Figuren")
        rows = 1
        while kinds[start + rows * width : start + (rows + 1) * width] == pattern:
            rows += 1
        titled = start >= width and all(k == "w" for k in kinds[start - width : start])
        if rows < CELL_ROWS or (not titled and set(pattern) == {"n"}):
            continue
        first = start - width if titled else start
        table = (first, width, rows + titled)
        # The reading that covers most lines; a narrower row on a tie ("1" / "1" / "2" /
        # "3" pairs as well as it quadruples), unless only the wider one has titles.
        if found is None or table[1] * table[2] > found[1] * found[2]:
            found = table
    return found


def join_cell_rows(lines: list[TextLine]) -> tuple[list[TextLine], list[Repair]]:
    """Join the cells of a table copied one cell a line into one line a row."""
    content = [index for index, line in enumerate(lines) if line.role != "artefact"]
    result = list(lines)
    repairs: list[Repair] = []
    texts = [lines[index].text for index in content]
    for first, width, rows in cell_rows(texts):
        titles = rows - _body_rows(texts, first, width, rows)
        body = content[first + titles * width : first + rows * width]
        by_column = _column_major(texts[first + titles * width : first + rows * width], width)
        for row in range(rows):
            if row < titles:
                cells = content[first + row * width : first + (row + 1) * width]
            elif by_column:
                cells = body[row - titles :: rows - titles]
            else:
                cells = body[(row - titles) * width : (row - titles + 1) * width]
            joined = " ".join(lines[index].text.strip() for index in cells)
            head = lines[cells[0]]
            result[cells[0]] = head.model_copy(update={"text": joined, "starts_paragraph": True})
            for index in cells[1:]:
                result[index] = lines[index].model_copy(
                    update={"role": "artefact", "artefact": "table-cell"}
                )
            repairs.append(
                Repair(
                    kind="table-row",
                    before=" | ".join(lines[index].text.strip() for index in cells),
                    after=joined,
                    page=head.page,
                    line=head.line,
                    confidence=0.8,
                )
            )
    return result, repairs


def _body_rows(texts: list[str], first: int, width: int, rows: int) -> int:
    """The rows of a table under its column titles, if it has any."""
    titled = all(_cell(text) == "w" for text in texts[first : first + width]) and any(
        _cell(text) == "n" for text in texts[first + width : first + 2 * width]
    )
    return rows - 1 if titled else rows


def _column_major(cells: list[str], width: int) -> bool:
    """The cells come column by column: read so, the first column counts up ("1" … "12",
    then "1" / "3" / "6" …), read row by row it does not."""
    rows = len(cells) // width

    def counts_up(column: list[str]) -> bool:
        values = [_value(cell) for cell in column]
        numbers = [value for value in values if value is not None]
        return len(numbers) == len(values) and all(a < b for a, b in pairwise(numbers))

    return counts_up(cells[:rows]) and not counts_up(cells[::width])


def _value(cell: str) -> float | None:
    try:
        return float(cell.strip().replace(",", ".").replace("−", "-"))
    except ValueError:
        return None


def split_table_rows(
    lines: list[TextLine], units: list[list[int]]
) -> tuple[list[TextLine], list[list[int]]]:
    """The rows of a table that a copy ran into one another (`table_rows`) cut apart,
    each a unit that opens a paragraph, as the PDF path gives one a row."""
    lines = list(lines)
    result: list[list[int]] = []
    for unit in units:
        starts = table_rows([lines[i].text.strip() for i in unit])
        for start in starts:
            lines[unit[start]] = lines[unit[start]].model_copy(update={"starts_paragraph": True})
        result += [unit[a:b] for a, b in pairwise([0, *starts, len(unit)])]
    return lines, result


def table_rows(texts: list[str]) -> list[int]:
    """Where the rows of a table start among lines that wrap into one another: the
    positions of the lines that open a row, each row holding one pair of values side
    by side ("Aufklärung Kurzsichtiges ... Denken 1 29" / "Kybernetische Einsicht ..." /
    "Lebensqualität Zusammenbruch ... Hunger" / "und Not 1 29 ...").

    Between the lines of two pairs, the row opens at the last line before the second
    pair's line that opens with a capital, else on that line: not on the line after
    a pair that ends its line (the row's last cell goes on there), nor after a broken
    word; a capital may open a noun of the cells ("... in jeder" / "Provinz 1 20").
    None unless two lines hold a pair each and no line holds more.
    """
    found = [VALUE_PAIR.findall(text) for text in texts]
    pairs = [k for k, values in enumerate(found) if values]
    if len(pairs) < 2 or any(len(values) > 1 for values in found):
        return []
    starts = []
    for here, there in pairwise(pairs):
        last_cell = texts[here].rstrip().endswith(found[here][0])
        opening = [
            k
            for k in range(here + 1, there + 1)
            if texts[k][:1].isupper()
            and not (k == here + 1 and last_cell)
            and not texts[k - 1].rstrip().endswith(BREAK_HYPHENS)
        ]
        before = [k for k in opening if k < there]
        starts += (before or opening)[-1:]
    return starts


def column_titles(text: str, rows: list[str]) -> bool:
    """A line of column titles over the rows of a two-column table: a few capitalised
    words without a number ("Karte Anzahl" over "Stempel 8" / "Umleitung 6"), the
    table's head, not a name stacked under a heading."""
    words = [word for word in text.split() if word not in CELL_MARKS]
    if not 2 <= len(words) <= COLUMN_TITLE_WORDS or len(rows) < 2:
        return False
    # Over rows numbered from 1 a title may be a clause ("Brief Das brauchst du" / "1 2
    # Sätze aus je 3 Karten" / "2 1 Reihe …").
    numbered = rows[0].startswith("1 ") and counted_up(rows[0], rows[1])
    return (
        (
            all(re.fullmatch(r"[A-ZÄÖÜ][^\W\d_-]*\.?", word) for word in words)
            and (
                value_rows(rows[0], rows[1])
                or all(NUMBERS_ROW.match(row) for row in rows[:2])  # "Felder – Nüsse" / "1 – 1"
            )
        )
        or (
            # over rows numbered from 1, or rows alike but for their numbers ("Ankunft
            # höchstens" / "als 1. Maus 10 Nüsse" / "als 2. Maus 20 Nüsse")
            (numbered or alike_rows(rows[0], rows[1]))
            and words[0][:1].isupper()
            and not terminal(text)
            and not any(c.isdigit() for c in text)
        )
    )


def row_under_titles(above: list[str], text: str) -> bool:
    """A row of a table under its column titles, one a line however its cells run: the
    line and every line up to the titles are rows of a thing and its cost
    ("Feldart Kosten Wirkung" / "Wiese 1 Quitte keine" / "Hügel 2 Quitten keine"), or,
    under titles a colon announced, rows of a name and the words of its cells
    ("Folgende Felder gibt es:" / "Feld Voraussetzung Punkte" / "Einser beliebig nur
    die Einsen zählen" / "Zweier beliebig …")."""
    for shape, announced in ((COST_ROW, False), (_PLAIN_ROW, True)):
        if not _row(shape, text, announced):
            continue
        for at in range(len(above) - 1, -1, -1):
            line = above[at].strip()
            if _row(shape, line, announced) and not _COLUMN_TITLES.match(line):
                continue
            titled = _COLUMN_TITLES.match(line) is not None
            if titled and (not announced or (at > 0 and above[at - 1].rstrip().endswith(":"))):
                return True
            break
    return False


def row_at(lines: list[TextLine], content: list[int], position: int) -> bool:
    """The content line at `position` is a row under its table's column titles
    (`row_under_titles`), read against the lines above it as far as a table's rows go."""
    above = [lines[i].text for i in content[max(0, position - TABLE_ROWS) : position]]
    return row_under_titles(above, lines[content[position]].text)


def _row(shape: re.Pattern[str], text: str, plain: bool) -> bool:
    """The line has the shape of a table's row; a row of words only (`plain`) has two
    cells at least, opens with its thing's name, not an article ("Der obere Teil"), and
    wants nothing more ("Tragt die Strafpunkte in den", "… Mühlweg 7 · 74523")."""
    words = text.split()
    return bool(shape.match(text.strip())) and not (
        plain
        and (
            len(words) < 2  # a row has two cells at least
            or words[0].casefold() in DETERMINERS
            # a function word or a postcode wants the next line; a count ends a row
            or (words[-1].islower() and words[-1] in STOP_WORDS)
            or open_postcode(text)
        )
    )


def row_line(above: list[str], text: str, below: str) -> bool:
    """A line of a table's rows, though it looks like a heading: a row under its column
    titles (`row_under_titles`: "Brücke 3 Beeren nur ein Läufer"), or one of rows
    counted up a line each ("Phase 1 – 2 Drillinge" / "Phase 2 – 1 Drilling + …")."""
    return (
        row_under_titles(above, text)
        or counted_up(above[-1] if above else "", text)
        or counted_up(text, below)
    )
