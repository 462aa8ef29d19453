"""The rows of a table an example reckons with.

A table's rows are units of their own, one line each: a label and its value ("Joker
20", "jedes gefangene Hütchen 2"), a range and its value ("21 bis 24 1"), or a row set
across the page ("Felder 1 2 3 4 5", "Karotten 1 3 6 10 15").  An example told
shortly after a table shows each row whose values it works with: a number in the
row's range ("die 26" under "25 bis 28 2"), or the row's label with one of its values
("einen Joker … 20 + …" under "Joker 20").  The rows of a table set across the page
are read together, column by column: an example that uses one uses them all.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulekit.extract.textshapes import ACROSS_ROW

if TYPE_CHECKING:
    from rulekit.graph.units import Unit

# An example shows the rows of a table at most this many units before it.
ROW_REACH = 12
# How surely an example works with a row (`_use`).
_NONE, _RANGE_ONLY, _SURE = 0, 1, 2
_NUMBER = re.compile(r"(?<![\d.,])\d+(?!\d|[.,]\d)")
_RANGE = re.compile(r"(\d+)\s*(?:[-–]|bis)\s*(\d+)")
# A row ends in its value, or opens with the range it holds ("2 bis 10 Augenwert").
_ENDS_IN_VALUE = re.compile(r"\s\d+$")
_OPENS_WITH_RANGE = re.compile(r"^\d+\s*(?:[-–]|bis)\s*\d+\s")


def table_line(unit: Unit) -> bool:
    """A row of a table: a label and its value, a range and its value, or a row set
    across the page; no sentence."""
    text = unit.text.strip()
    if text.endswith((".", "!", "?", ":")) and not ACROSS_ROW.match(text):
        return False
    return bool(
        _ENDS_IN_VALUE.search(text) or _OPENS_WITH_RANGE.match(text) or ACROSS_ROW.match(text)
    )


def reckoned_rows(example: Unit, units: list[Unit]) -> list[Unit]:
    """The rows of the tables shortly before an example whose values it works with."""
    numbers = {int(n) for n in _NUMBER.findall(example.text)}
    if not numbers:
        return []
    words = {f for f in example.features if not f.startswith("#")}
    nearby = units[max(0, example.position - ROW_REACH) : example.position]
    rows = {id(unit): _use(unit, numbers, words) for unit in nearby if table_line(unit)}
    shown = []
    for unit in nearby:
        use = rows.get(id(unit), 0)
        # A number in a row's range alone ("bei Stellung 20" and "15 - 20 Punkte") is
        # chance, unless the example works with another row of the same table.
        if use == _SURE or (use and any(rows.get(id(o)) == _SURE for o in _table(unit, units))):
            shown.append(unit)
    # A table set across the page is read by its columns: one row is read with all.
    for row in [row for row in shown if ACROSS_ROW.match(row.text.strip())]:
        shown.extend(other for other in _table(row, units) if other not in shown)
    return sorted(shown, key=lambda row: row.position)


def _use(row: Unit, numbers: set[int], words: set[str]) -> int:
    """How surely the example works with the row: a number of it falls in the row's
    range and it says the row's value or label, or it says the row's label and one of
    its values (`_SURE`); only a number in the range (`_RANGE_ONLY`)."""
    text = row.text.strip()
    ranges = [(int(a), int(b)) for a, b in _RANGE.findall(text)]
    in_range = any(low <= n <= high for low, high in ranges for n in numbers)
    values = {int(n) for n in _NUMBER.findall(_RANGE.sub(" ", text))}
    label = {f for f in row.features if not f.startswith("#")}
    if (in_range and (values & numbers or label & words)) or (values & numbers and label & words):
        return _SURE
    return _RANGE_ONLY if in_range else _NONE


def _table(row: Unit, units: list[Unit]) -> list[Unit]:
    """The rows right above and below a row, with it: its table."""
    table = [row]
    for step in (-1, 1):
        at = row.position + step
        while 0 <= at < len(units) and table_line(units[at]):
            table.append(units[at])
            at += step
    return table
