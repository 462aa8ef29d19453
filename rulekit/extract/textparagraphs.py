"""Where paragraphs start in a text extract, once its lines are grouped into sentence
units (`textunits`) and each unit has its role (`textlayout`).

A unit of body text goes on with the paragraph before when its sentence resumes there
(`textbreaks.resumes`), or with the list item before when it wraps on from it or goes
on in lower case.  Otherwise it opens a paragraph: after a break the copy made on
purpose, a page break, a line short for its column, a line of a list or a table, the
end of a list or a block of things described alike, a quote or question set apart,
or a colon that announces a block.  Within a heading, a line opens a heading of its
own where the type or the kind of name changes; within a figure, every line is a
label.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from rulekit.extract.textbreaks import (
    PARAGRAPH_END,
    announcing_colon,
    asked_apart,
    begun_sentence,
    clause_goes_on,
    quoted_apart,
    resumes,
    set_alone,
)
from rulekit.extract.textcells import row_at
from rulekit.extract.textcredits import CREDITS_LINE, credit_ends, name_wraps
from rulekit.extract.textfacts import imprint_lines
from rulekit.extract.textitems import after_list, item_after_colon
from rulekit.extract.textlabels import (
    described_alike,
    described_things,
    juxtaposed_nouns,
    kinds_told_in_turn,
    name_item,
    stacked_names,
)
from rulekit.extract.textlistshapes import (
    closed_item,
    listed,
    listed_pieces,
    table_goes_on,
)
from rulekit.extract.textpages import boundary_between
from rulekit.extract.textrows import ACROSS_ROW, TAB_ROW
from rulekit.extract.textshapes import (
    BOX_DURATION,
    BOX_FACT_LINE,
    BOX_FACTS,
    LABELLED_OPENER,
    RUN_IN_LABEL,
    address_called,
    all_caps,
    label_runs_on,
    terminal,
)
from rulekit.extract.texttitles import clause_title
from rulekit.extract.textwidth import Measure, local_width
from rulekit.model import LineRole, TextLine

# A box set beside the text is narrower than this share of the page's lines: its own
# lines tell where a paragraph in it ends, and a break with room for the next word.
NARROW_BOX = 0.7


@dataclass(frozen=True)
class Copy:
    """The content lines of a text extract grouped into sentence units, with the widths
    its lines tell and the function words it capitalises mid-sentence."""

    lines: list[TextLine]
    content: list[int]  # the indices of the content lines (no artefacts)
    units: list[list[int]]
    widths: Measure
    capitalised_inside: set[str]

    @property
    def width(self) -> float:
        return self.widths.width

    @cached_property
    def _positions(self) -> dict[int, int]:
        return {index: position for position, index in enumerate(self.content)}

    def position(self, index: int) -> int:
        """The place of line `index` among the content lines."""
        return self._positions[index]

    def local(self, position: int) -> float:
        """The width of the column the content line at `position` stands in."""
        return local_width(self.lines, self.content, position, self.width)

    def texts(self, unit: list[int]) -> list[str]:
        return [self.lines[i].text for i in unit]

    def page_break(self, before: list[int], unit: list[int]) -> bool:
        """A boundary artefact (a page number, a running head) stands between the units."""
        return bool(before and boundary_between(self.lines, before[-1], unit[0]))


@dataclass(frozen=True)
class Before:
    """The unit before the one being placed: its role, lines and last line, and the first
    line of the paragraph it belongs to."""

    role: LineRole
    unit: list[int]
    last: TextLine
    opening: TextLine | None


def place_paragraphs(copy: Copy, roles: list[LineRole]) -> list[TextLine]:
    """The lines with their roles set, and marked where a paragraph starts."""
    lines, units = copy.lines, copy.units
    result = list(lines)
    before: Before | None = None
    for number, (unit, role) in enumerate(zip(units, roles, strict=True)):
        first = lines[unit[0]]
        stacked = stacked_names([lines[i].text.strip() for i in unit], copy.width)
        item_goes_on = _item_goes_on(copy, unit, role, before)
        if item_goes_on:
            role = "list-item"
        new_paragraph = (
            not item_goes_on
            and not _clause_continues(copy, unit, role, before)
            and _opens_paragraph(copy, number, role, before, result)
        )
        for position, index in enumerate(unit):
            if position == 0:
                starts = new_paragraph
            elif role == "heading":
                starts = _heading_over_heading(copy, number, position, stacked)
            else:
                # Figure labels stand one a line, and so do names stacked as the items of
                # a list a colon announced ("… vier Arten von Sonderfeldern:" /
                # "Radieschenfelder" / "Maulwurfsfelder"); in an evenly wrapped copy the
                # lines of a unit are wraps (a break on purpose ends the unit): one text.
                starts = (
                    role == "figure" or (stacked and all(name_item(lines[i].text) for i in unit))
                ) and not copy.widths.even
            result[index] = lines[index].model_copy(
                update={"role": role, "starts_paragraph": starts}
            )
        opening = first if new_paragraph else (before.opening if before else None)
        before = Before(role, unit, lines[unit[-1]], opening)
    return result


def _item_goes_on(copy: Copy, unit: list[int], role: LineRole, before: Before | None) -> bool:
    """Body text after a list item goes on with the item: in an evenly wrapped copy a
    sentence after a wrap, and in any copy one that goes on in lower case ("… einmal;" /
    "wer die höchste …"), one the page's end cut, or one a label called after a
    sentence's end labels."""
    if role != "body" or before is None or before.role != "list-item":
        return False
    first, last = copy.lines[unit[0]], before.last
    return (
        not first.starts_paragraph
        and (
            copy.widths.wrapped(last.text, first.text)
            or clause_goes_on(last.text, first.text)
            # The page's end cut the item where the text resumes (below): "… müßte
            # in der" / "- 3 -" / "Dachrinne über den vorderen hinweghüpfen …".
            or copy.page_break(before.unit, unit)
            # "… setzen. Ausnahme:" / "Auf ein Kleeblattfeld darf …"
            or (
                last.text.rstrip().endswith(":")
                and begun_sentence(last.text.rstrip()[:-1])
                and not announcing_colon(
                    last.text, first.text, copy.widths, copy.local(copy.position(unit[0]))
                )
            )
        )
        and not LABELLED_OPENER.match(first.text.strip())
        and (
            not boundary_between(copy.lines, before.unit[-1], unit[0])
            or resumes(copy.texts(before.unit), copy.texts(unit), copy.width, broken=True)
        )
    )


def _clause_continues(copy: Copy, unit: list[int], role: LineRole, before: Before | None) -> bool:
    """A clause after a semicolon goes on with its sentence ("… ist Feld 23;" / "zieht
    Gelb dorthin zurück, …"), however short the column."""
    return (
        before is not None
        and role == before.role == "body"
        and before.last.text.rstrip().endswith(";")
        and clause_goes_on(before.last.text, copy.lines[unit[0]].text)
        and not boundary_between(copy.lines, before.unit[-1], unit[0])
    )


def _opens_paragraph(
    copy: Copy, number: int, role: LineRole, before: Before | None, placed: list[TextLine]
) -> bool:
    """The unit opens a paragraph: it is no body text after body text, or its text does
    not resume the paragraph before, and something breaks it off there.  `placed` holds
    the lines placed so far."""
    unit = copy.units[number]
    if role != "body" or before is None or before.role != "body":
        return True
    broken = copy.page_break(before.unit, unit)
    if resumes(copy.texts(before.unit), copy.texts(unit), copy.width, broken=broken):
        return False
    if len(unit) == 1 and address_called(before.last.text, copy.lines[unit[0]].text):
        return False
    return (
        copy.lines[unit[0]].starts_paragraph
        # A page break the text does not run on over ends its paragraph.
        or broken
        or _opens_apart(copy, unit, before)
        or _ends_paragraph(copy, number, before, placed)
    )


def _opens_apart(copy: Copy, unit: list[int], before: Before) -> bool:
    """The unit's first line opens apart from the text before: a label that nothing
    before it calls, a line of the box's facts or the blurb after them, a run-in label
    under another."""
    text, last = copy.lines[unit[0]].text.strip(), before.last.text
    return bool(
        (LABELLED_OPENER.match(text) and not (label_runs_on(last) or begun_sentence(last)))
        or BOX_FACT_LINE.match(text)
        # The box's facts stand apart from the blurb under them.
        or ((BOX_FACTS.search(last) or BOX_DURATION.search(last)) and not terminal(last))
        # Lines opened by run-in labels, one under another, are a list of their own
        # (in an evenly wrapped copy, unless the line before only wraps).
        or (
            RUN_IN_LABEL.match(text)
            and RUN_IN_LABEL.match(copy.lines[before.unit[0]].text.strip())
            and not copy.widths.wrapped(last, copy.lines[unit[0]].text)
        )
    )


def _ends_paragraph(copy: Copy, number: int, before: Before, placed: list[TextLine]) -> bool:
    """The last line of the unit before ends its paragraph: short for its column, a line
    of a list or table, the end of a list or of things described alike, a quote or
    question set apart, or a colon that announces a block."""
    unit = copy.units[number]
    position = copy.position(unit[0])
    # The width of the narrow box the line before stands in, as the lines of a
    # wrapped sentence there tell it; short rows of a list or table tell nothing of it.
    local = copy.local(position - 1) if len(before.unit) > 1 else copy.width
    column = local if local < NARROW_BOX * copy.width else copy.width
    return (
        len(before.last.text.strip()) < PARAGRAPH_END * column
        or _line_of_list(copy, unit, before, column)
        or _after_block(copy, number, before)
        or _set_apart(copy, number, before, column, placed)
    )


def _line_of_list(copy: Copy, unit: list[int], before: Before, column: float) -> bool:
    """The line before and the unit's first line are lines of a list, a table, an
    imprint or the credits, one a line; or the copy broke the line on purpose."""
    last, first = before.last.text, copy.lines[unit[0]].text
    return bool(
        # Lines of a list ("1 Zusatzpunkt …," / "2 Zusatzpunkte …"), one a line, and
        # pieces of the material, counted or not.
        listed(last, first)
        or listed_pieces(last, first, copy.lines[before.unit[0]].text)
        # A row of a table set across the page, a line of its own.
        or ACROSS_ROW.match(last.strip())
        or ACROSS_ROW.match(first.strip())
        # and so is one whose cells a tab parts ("Suhle\tNur rückwärts …"), and a row
        # under its table's column titles.
        or TAB_ROW.match(first)
        or row_at(copy.lines, copy.content, copy.position(unit[0]))
        or closed_item(copy.lines[before.unit[0]].text, last, first)
        or copy.widths.deliberate(last, first, column)
        or imprint_lines(last, first)
        or CREDITS_LINE.match(last.strip())
        or credit_ends(last, first)
    )


def _after_block(copy: Copy, number: int, before: Before) -> bool:
    """The unit is the text after a list or a block of things described alike, or the
    next of those things, or of kinds of a thing told a paragraph each."""
    units, lines = copy.units, copy.lines
    unit = units[number]
    position = copy.position(unit[0])
    first, last = lines[unit[0]].text, before.last.text
    return bool(
        # The text after a list, one item a line ("Phase 10: 1 Reihe aus 9 Karten" /
        # "In jeder Runde …"), as its unit starts there.
        after_list(lines, copy.content, position, copy.capitalised_inside)
        # An item of a list a colon announced, without a marker.
        or item_after_colon(lines, copy.content, position, copy.widths)
        # The text after items described alike ("Wabenfelder mit …" / "Windfelder mit
        # einer Windrose" / "Auf den Wiesenfeldern …").
        or (
            number >= 2
            and described_alike(lines[units[number - 2][0]].text, lines[before.unit[0]].text)
            and not described_alike(lines[before.unit[0]].text, first)
        )
        # and each of them ("Nussfelder mit einer Haselnuss" / "Astfelder mit einem
        # grünen Zweig"), a line each however full.
        or (len(before.unit) == 1 and described_things(last, first))
        # Kinds of a thing told a paragraph each ("Wegfelder zeigen …; …" /
        # "Salatfelder tragen …"), however full the line before.
        or (
            before.opening is not None
            and terminal(last)
            and kinds_told_in_turn(before.opening.text, first)
        )
    )


def _set_apart(
    copy: Copy, number: int, before: Before, column: float, placed: list[TextLine]
) -> bool:
    """The unit is set apart from the text before: a quote or a question, a line set
    alone, or what a sentence announces with its colon."""
    units, lines = copy.units, copy.lines
    unit = units[number]
    first, last = lines[unit[0]].text, before.last.text
    return (
        quoted_apart(last, first)
        or asked_apart(copy.texts(before.unit), placed[before.unit[0]].starts_paragraph, first)
        or set_alone(
            copy.texts(unit),
            last,
            lines[units[number + 1][0]].text if number + 1 < len(units) else "",
            column,
        )
        # What a sentence announces with its colon starts a block of its own.
        or announcing_colon(last, first, copy.widths, copy.local(copy.position(unit[0])))
    )


def _heading_over_heading(copy: Copy, number: int, position: int, stacked: bool) -> bool:
    """The line at `position` of a heading unit opens a heading of its own: a capitals
    line over a mixed-case line (two headings of different levels), names stacked one
    under another, or a heading said as a clause over a name ("Was die Felder bewirken"
    / "Salatfelder"): a heading over a subheading."""
    lines, unit = copy.lines, copy.units[number]
    above, line = lines[unit[position - 1]].text, lines[unit[position]].text
    return (
        stacked
        or all_caps(line) != all_caps(above)
        or clause_title(above.strip())
        or (
            juxtaposed_nouns(above, line)
            and not _table_wrap(copy, number, position)
            # A credit's name wraps as any words do ("Grafik: Annette" / "Brauckmann"):
            # no heading over a heading.
            and not (
                name_wraps(above, line)
                and not copy.widths.deliberate(
                    above, line, copy.local(copy.position(unit[position]))
                )
            )
        )
    )


def _table_wrap(copy: Copy, number: int, position: int) -> bool:
    """A heading-shaped unit wrapped before `position` (the next word did not fit) inside
    a table: column titles or a row over the next row (`table_goes_on`)."""
    lines, units = copy.lines, copy.units
    unit = units[number]
    above, line = lines[unit[position - 1]].text, lines[unit[position]].text
    rows = [lines[i].text for i in units[number + 1]] if number + 1 < len(units) else []
    before = [lines[i].text for i in unit[:position]]
    return not copy.widths.deliberate(above, line) and table_goes_on(before, rows)
