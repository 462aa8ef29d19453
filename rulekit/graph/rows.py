"""The rows of a table an example reckons with.

A table's rows are units of their own, one line each: a label and its value ("Joker
20", "jedes gefangene Hütchen 2"), a range and its value ("21 bis 24 1"), or a row set
across the page ("Felder 1 2 3 4 5", "Karotten 1 3 6 10 15").  An example told
shortly after a table shows each row whose values it works with: a number in the
row's range ("die 26" under "25 bis 28 2"), or the row's label with one of its values
("einen Joker … 20 + …" under "Joker 20").  The rows of a table set across the page
are read together, column by column: an example that uses one uses them all.  A row of
bare numbers counts what its table's header names ("4 10" under "Felder Körner"): an
example shows it, however far before it stands, when one of its sentences tells all of
the row's counts ("zieht für 10 Körner die 4 Felder").
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from rulekit.extract.textrows import (
    ACROSS_ROW,
)
from rulekit.graph.overlap import counts, quantities, stem
from rulekit.graph.phases import NUMBER_WORDS

if TYPE_CHECKING:
    from rulekit.cues import Cues
    from rulekit.graph.units import Unit

# An example shows the rows of a table at most this many units before it.
ROW_REACH = 12
# A table of named things has at least this many rows; a row's name this many letters.
NAMED_ROWS = 3
ROW_NAME_LETTERS = 5
# How surely an example works with a row (`_use`).
_NONE, _RANGE_ONLY, _SURE = 0, 1, 2
_NUMBER = re.compile(r"(?<![\d.,])\d+(?!\d|[.,]\d)")
_RANGE = re.compile(r"(\d+)\s*(?:[-–]|bis)\s*(\d+)")
# A row ends in its value, maybe with the value's unit ("Joker je 25 Punkte", "4 Felder 8
# Möhren"), or opens with the range it holds ("2 bis 10 Augenwert").
_ENDS_IN_VALUE = re.compile(r"\s\d+(?:\s+[^\W\d_]+)?$")
_OPENS_WITH_RANGE = re.compile(r"^\d+\s*(?:[-–]|bis)\s*\d+\s")
# A row named by a word and its number: "Phase 2: 1 Drilling + 1 Viererreihe".
_NUMBERED_NAME = re.compile(r"([A-ZÄÖÜ][^\W\d_]+) \d+:\s")
# A row of numbers alone, under a header that names what they count: "4 10".
_BARE_ROW = re.compile(r"^\d+(?:\s+\d+)+$")


def table_line(unit: Unit) -> bool:
    """A row of a table: a label and its value, a range and its value, or a row set
    across the page; no sentence."""
    text = unit.text.strip()
    if text.endswith((".", "!", "?", ":")) and not ACROSS_ROW.match(text):
        return False
    return bool(
        _ENDS_IN_VALUE.search(text) or _OPENS_WITH_RANGE.match(text) or ACROSS_ROW.match(text)
    )


def reckoned_rows(example: Unit, units: list[Unit], cues: Cues) -> list[Unit]:
    """The rows of the tables shortly before an example whose values it works with, and
    the rows of a table of counts anywhere before it whose count it pays or gets."""
    numbers = {int(n) for n in _NUMBER.findall(example.text)}
    if not numbers:
        return []
    counted = [
        unit
        for unit in units[: example.position]
        if table_line(unit) and _counted_value(unit, example, cues)
    ]
    words = {f for f in example.features if not f.startswith("#")}
    nearby = units[max(0, example.position - ROW_REACH) : example.position]
    # A row of counts is shown by what it counts (`_counted_value`), not by any value.
    rows = {
        id(unit): _use(unit, numbers, words)
        for unit in nearby
        if table_line(unit) and len(_counted(unit)) < 2
    }
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
    shown.extend(row for row in counted if row not in shown)
    headed = [(row, _headed_counts(row, units)) for row in units[: example.position]]
    if any(groups for _, groups in headed):
        told = _told_counts(example)
        shown.extend(
            row for row, groups in headed if groups and row not in shown and _told(groups, told)
        )
    shown.extend(row for row in _named_rows(example, units) if row not in shown)
    return sorted(shown, key=lambda row: row.position)


def _named_rows(example: Unit, units: list[Unit]) -> list[Unit]:
    """The rows of a table of named things (`NAMED_ROWS` or more under the colon that
    announced them: "Kleine Straße vier aufeinanderfolgende Zahlen 30", "Chance beliebig
    Augen aller Würfel", or numbered under one name: "Phase 2: 1 Drilling + 1
    Viererreihe") whose name the example says, however far before it."""
    tables: dict[int | tuple[str, int], list[Unit]] = {}
    # Rows numbered under one name one after another ("Phase 1: …", "Phase 2: …") are a
    # table too, whatever stands before them.
    run: tuple[str, int] | None = None
    for unit in units[: example.position]:
        numbered = _NUMBERED_NAME.match(unit.text)
        if numbered is None:
            run = None
        elif run is None or run[0] != numbered.group(1):
            run = (numbered.group(1), unit.position)
        if unit.kind != "rule" or unit.text.rstrip().endswith("."):
            continue
        if unit.lead is not None:
            tables.setdefault(id(unit.lead), []).append(unit)
        elif run is not None:
            tables.setdefault(run, []).append(unit)
    shown = []
    for rows in tables.values():
        names = [_row_name(row.text) for row in rows]
        # A name the table's rows share ("Karten 1–9 5 Punkte", "Karten 10–12 …") names none.
        shown += [
            row
            for row, name in zip(rows, names, strict=True)
            if len(rows) >= NAMED_ROWS
            and name
            and names.count(name) == 1
            and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", example.text)
        ]
    return shown


def _row_name(text: str) -> str:
    """The name a row opens with: its capitalised words before the first lower-case word
    or number ("Kleine Straße", "Full House", "Chance"), with the number a colon closes
    ("Phase 2: 1 Drilling + 1 Viererreihe"), if long enough to be one."""
    words: list[str] = []
    for word in text.split():
        if words and re.fullmatch(r"\d+:", word):
            words.append(word[:-1])  # its number, the name's own: "Phase 2: …"
            break
        if not word[:1].isupper() or not word.isalpha():
            break
        words.append(word)
    name = " ".join(words)
    return name if len(name) >= ROW_NAME_LETTERS else ""


def _counted_value(row: Unit, example: Unit, cues: Cues) -> bool:
    """A row of counts ("4 Felder 8 Möhren") the example tells: all its counts, or its
    last count, its value, other than one, traded as the table trades it ("zahlt dafür 8
    Möhren" under "… bezahlt dafür Möhren laut Tabelle:", not "erhält 10 Möhren")."""
    pairs = _counted(row)
    told = quantities(example)
    if len(pairs) < 2:
        return False
    if all(number in told.get(noun, set()) for noun, number in pairs):
        return True
    noun, number = pairs[-1]
    trade = _trade(row.lead, cues) if row.lead is not None else frozenset()
    return (
        number != "1"
        and bool(trade)
        and any(
            (noun, number) in {(n, c) for n, c, _ in counts(list(sentence))}
            and bool(trade & {t.lemma_.lower() for t in sentence})
            for sentence in example.sentences
        )
    )


def _headed_counts(row: Unit, units: list[Unit]) -> list[list[tuple[str, str]]]:
    """What a row of bare numbers counts by the nouns of its table's header, one list per
    group of columns: [[("feld", "4"), ("korn", "10")]] for "4 10" under "Felder Körner",
    two for "1 1 6 16" under "Felder Karotten Felder Karotten"; none without a header."""
    if not _BARE_ROW.match(row.text.strip()):
        return []
    numbers = row.text.split()
    at = row.position - 1
    while at >= 0 and _BARE_ROW.match(units[at].text.strip()):
        at -= 1
    if at < 0:
        return []
    header = [t for s in units[at].sentences for t in s]
    if len(header) != len(numbers) or not all(t.is_alpha and t.text[:1].isupper() for t in header):
        return []
    nouns = [stem(t.lemma_.lower()) for t in header]
    # The columns repeat when a long table is printed side by side.
    width = next(w for w in range(1, len(nouns) + 1) if nouns == nouns[:w] * (len(nouns) // w))
    pairs = list(zip(nouns, numbers, strict=True))
    return [pairs[start : start + width] for start in range(0, len(pairs), width)]


def _told_counts(example: Unit) -> list[tuple[Counter[str], set[tuple[str, str]]]]:
    """Per sentence of an example, the numbers it says (in digits or words, as often as
    it says them) and the counts it tells ("drei Felder", "7 Würmer")."""
    return [
        (
            Counter(
                token.text if token.is_digit else NUMBER_WORDS[token.lower_]
                for token in sentence
                if token.is_digit or token.lower_ in NUMBER_WORDS
            ),
            {(noun, number) for noun, number, _ in counts(list(sentence))},
        )
        for sentence in example.sentences
    ]


def _told(
    groups: list[list[tuple[str, str]]], told: list[tuple[Counter[str], set[tuple[str, str]]]]
) -> bool:
    """One sentence of the example (`_told_counts`) says every number of a group of a
    row's columns, as often as the group holds it, and counts one of them with its
    column's noun ("zieht drei Felder weit und zahlt 7 Würmer" for "3 7")."""
    for said, counted in told:
        for group in groups:
            needed = Counter(number for _, number in group)
            if all(said[n] >= k for n, k in needed.items()) and counted & set(group):
                return True
    return False


def _counted(row: Unit) -> list[tuple[str, str]]:
    """What a row counts, in order: ("feld", "4"), ("möhre", "8") for "4 Felder 8 Möhren"."""
    return [(noun, number) for s in row.sentences for noun, number, _ in counts(list(s))]


def _trade(lead: Unit, cues: Cues) -> frozenset[str]:
    """The verbs of what a table's lead-in says is paid (`cost_lemmas`) or got
    (`gain_lemmas`), none if it says neither."""
    lemmas = {t.lemma_.lower() for s in lead.sentences for t in s}
    for verbs in (cues.cost_lemmas, cues.gain_lemmas):
        if lemmas & verbs:
            return verbs
    return frozenset()


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
