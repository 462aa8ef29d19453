"""Lines one under another that make a list or a table, whatever their shape alone
would make them: counted things, labels and their values, parts named by a number,
rows of a table."""

from __future__ import annotations

import re

from rulekit.extract.textpages import boundary_between
from rulekit.extract.textrows import CELLS_ROW, EQUATION_ROW, LEADER_ROW, VALUE_ROW
from rulekit.extract.textshapes import COUNTED_THING, NUMBERED_ROW, terminal
from rulekit.extract.textunits import number_rows
from rulekit.model import LineRole, TextLine

# The fewest counted lines one after another that make a list ("4 Brücken", ...).
COUNTED_LIST = 3
# Rows of a label and its value one under another that make a table ("Joker 25").
VALUE_ROWS = 2
# Lines of a label and its value one under another that make a list (credits, facts);
# a label with a number names a part ("Phase 1: Bewegung").
LABELLED_LIST = 2
# Parts named by a label and a number, one under another with nothing between, make a
# list ("Phase 5: 7 Karten einer Farbe" / "Phase 6: 8 gerade oder 8 ungerade" / "Karten"),
# however their lines wrap; alone, such a part heads its text ("Phase 1: Bewegung").
_NUMBERED_LABEL = re.compile(r"^[^\W\d_][\w-]*\s+\d{1,2}:\s+\S")
NUMBERED_LIST = 3
_LABEL_AND_VALUE = re.compile(r"^[^\W\d_](?:[^\W\d]|[.-])*(?:\s+(?:[^\W\d]|[.-])+)?:\s+\S.*[^:]$")


def mark_listed_lines(lines: list[TextLine], units: list[list[int]], roles: list[LineRole]) -> None:
    """Lines of a list are body, not headings or labels: units of counted things,
    `COUNTED_LIST` or more one after another ("84 Wegeplättchen (…)" / "4 Brücken" / "24
    Wasserplättchen"; a numbered heading, "2 Parameter", has text under it before the
    next), with a piece between them named without its count, and one-line units of a
    label and its value one under another ("Design: DE Ravensburger" / "Illustration:
    Nora Nowatzyk"): credits, the box's facts; and rows of a label and its value
    ("Aussetzen 15" / "Joker 25"), a table's."""
    shapes = (
        (COUNTED_THING, COUNTED_LIST),
        (_LABEL_AND_VALUE, LABELLED_LIST),
        (_NUMBERED_LABEL, NUMBERED_LIST),
        (VALUE_ROW, VALUE_ROWS),
        (NUMBERED_ROW, VALUE_ROWS),
        (CELLS_ROW, VALUE_ROWS),
        (EQUATION_ROW, VALUE_ROWS),
        (LEADER_ROW, VALUE_ROWS),
    )

    def opened(opens: re.Pattern[str], number: int) -> bool:
        return 0 <= number < len(units) and bool(opens.match(lines[units[number][0]].text.strip()))

    for opens, least in shapes:
        run: list[int] = []
        for number in range(len(units) + 1):
            # A piece named without its count between counted ones is one of them
            # ("5 Ameisen aus Holz" / "Zuckerstücke im Wert von 1, 5, 10 und 50" / "16 …").
            uncounted = (
                opens is COUNTED_THING
                and number < len(units)
                and len(units[number]) == 1
                and not terminal(lines[units[number][0]].text)
                and opened(opens, number - 1)
                and opened(opens, number + 1)
            )
            # Credits and facts end no sentence; a question's answer does ("A: Nein, …").
            said = (
                opens is _LABEL_AND_VALUE
                and number < len(units)
                and terminal(lines[units[number][-1]].text)
            )
            listed_line = (opened(opens, number) and not said) or uncounted
            if listed_line and (
                not run or not boundary_between(lines, units[run[-1]][-1], units[number][0])
            ):
                run.append(number)
                continue
            if len(run) >= least:
                for index in run:
                    if roles[index] in ("heading", "figure"):
                        roles[index] = "body"
            run = [number] if listed_line else []
    # Rows of as many numbers one under another ("1 2" / "2 4" / "3 7"): a table's cells,
    # not a figure's labels.
    for run in number_rows(lines, units):
        for index in run:
            roles[index] = "body"
