"""Sentence units of a text extract: its content lines grouped up to a sentence end.

A unit also ends where a line cannot go on with it: before a boundary artefact
(page number, slug, header), before a line that can only open a sentence, after a
title line, between the lines of an imprint.  Where a list's items start is told in
`textitems`; `textlayout` then gives each unit its role, and `textparagraphs` decides
where paragraphs start.
"""

from __future__ import annotations

import re

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.textbreaks import begun_sentence, quoted_apart
from rulekit.extract.textcells import column_titles, row_at
from rulekit.extract.textcredits import credit_ends, full_credit, name_wraps
from rulekit.extract.textfacts import facts_apart, imprint_lines
from rulekit.extract.textitems import (
    after_list,
    item_after_colon,
    marker_in_sentence,
    next_item,
    next_marker,
    ordinal_after,
)
from rulekit.extract.textlabels import described_things, name_line
from rulekit.extract.textlistshapes import (
    listed,
    listed_pieces,
    value_rows,
)
from rulekit.extract.textpages import boundary_between
from rulekit.extract.textrows import (
    ACROSS_ROW,
    DESCRIBED_ROW,
    NUMBERS_ROW,
    counted_up,
)
from rulekit.extract.textshapes import (
    CLOSING_QUOTES,
    ICON_TEXT,
    INFLECTED,
    LABELLED_OPENER,
    LETTER_ABBREVIATION,
    MARKER_ONLY,
    OPENING_QUOTES,
    all_caps,
    ends_open,
    has_word,
    label_runs_on,
    open_count,
    parted,
    running_text,
    starts_sentence,
    terminal,
    wants_more,
)
from rulekit.extract.texttitles import (
    heads_list,
    numbered_title_above,
    set_apart,
    shaped_title,
    title_after_full_line,
    title_after_list,
    title_line,
)
from rulekit.extract.textwidth import Measure, local_width
from rulekit.model import TextLine

# Rows of numbers alone are a table's from this many on; fewer are a figure's labels.
NUMBER_ROWS = 3


def sentence_units(
    lines: list[TextLine], content: list[int], capitalised_inside: set[str], widths: Measure
) -> list[list[int]]:
    """Content lines grouped into sentence units: runs of lines up to a sentence end.

    A unit also ends before a boundary artefact (page number, slug, header),
    before a line that can only start a sentence, after a title line: a
    short line opening a paragraph without ending a sentence, followed by a
    capital or a digit ("Spielende" over "Sobald ein Spieler ..."), after a line
    set apart on purpose (`set_apart`), and before a name set apart under a
    full line (`title_after_full_line`), and between the lines of an imprint
    (`imprint_lines`).  In an evenly wrapped copy, whose breaks on
    purpose are marked as paragraph starts (and so are the sentences opened under a
    line that filled it without a sentence end, `textwidth.sentence_after`), any other
    break inside a sentence is a wrap: a capitalised function word or a list marker
    after it goes on with the sentence ("… vor über 11.000" / "Jahren das …", "Siehe
    Punkte" / "1. + 2. oben."), unless the two lines open alike (`listed`).  A row of a
    table set across the page ("Felder 1 2 3 4") is a unit of its own.
    """
    units: list[list[int]] = []
    current: list[int] = []
    item_end = 0  # where the item of a marker alone ends: at the next marker
    for position, index in enumerate(content):
        line = lines[index]
        if current and position < item_end:
            current.append(index)
            continue
        if current:
            previous = content[position - 1]
            # A marker alone on its line ("4." over its text, as a copy of a hanging
            # number gives it) has its item's text on the next line.
            marker_alone = len(current) == 1 and MARKER_ONLY.match(lines[previous].text.strip())
            name_on = _name_goes_on(lines, content, position, widths)
            if (
                not marker_alone
                and (
                    boundary_between(lines, previous, index)
                    or line.starts_paragraph
                    or (title_after_full_line(lines, content, position, widths) and not name_on)
                    # A title in capitals over its text ("VARIANTE 1: DIE KURZE PARTIE").
                    or (
                        all_caps(lines[previous].text)
                        and not terminal(lines[previous].text)
                        and line.text.strip()[:1].isupper()
                        and not all_caps(line.text)
                    )
                    or heads_list(lines, content, position)
                    # The head of a table stands apart from the heading over it ("Spielinhalt"
                    # / "Karte Anzahl" / "Stempel 8" / "Umleitung 6").
                    or column_titles(
                        line.text.strip(),
                        [lines[i].text.strip() for i in content[position + 1 : position + 3]],
                    )
                    # and from the rows under it ("Karte Strafpunkte" / "Zahlenkarte 1 bis 6 5").
                    or column_titles(
                        lines[previous].text.strip(),
                        [lines[i].text.strip() for i in content[position : position + 2]],
                    )
                    or (position > 0 and heads_list(lines, content, position - 1))
                    # A row under its table's column titles is a line of its own; a line
                    # in lower case under it wraps its last cell ("Wolke lässt einen
                    # Mitspieler" / "aussetzen").
                    or row_at(lines, content, position)
                    or (
                        not line.text.strip()[:1].islower() and row_at(lines, content, position - 1)
                    )
                    or item_after_colon(lines, content, position, widths)
                    or quoted_apart(lines[previous].text, line.text)
                    # An icon's text stands apart from the lines around it.
                    or ICON_TEXT.match(lines[previous].text.strip())
                    or ICON_TEXT.match(line.text.strip())
                    # A row of a table set across the page ("Karotten 1 3 6 10") is a line
                    # of its own, in any copy.
                    or ACROSS_ROW.match(lines[previous].text.strip())
                    or ACROSS_ROW.match(line.text.strip())
                    or (
                        (
                            listed(lines[previous].text, line.text)
                            or imprint_lines(lines[previous].text, line.text)
                            or facts_apart(lines[previous].text, line.text)
                            # a piece after the wrap of the piece before it ("6 Läufer
                            # (…) in" / "Rot, Blau, … und Lila" / "18 Salatkarten")
                            or (
                                len(current) > 1
                                and listed_pieces(
                                    lines[previous].text, line.text, lines[current[0]].text
                                )
                            )
                        )
                        if widths.even
                        else not name_on
                        and (
                            _opens_unit(lines, content, position, capitalised_inside, widths)
                            or imprint_lines(lines[previous].text, line.text)
                            or listed_pieces(
                                lines[previous].text, line.text, lines[current[0]].text
                            )
                            # Things described in brackets or alike, a line each
                            # ("Gießkannenfelder (blau)" / "Kompostfelder (braun)",
                            # "Astfelder mit einem Zweig" / "Katzenfelder mit einer Katze").
                            or (
                                DESCRIBED_ROW.match(lines[previous].text.strip()) is not None
                                and DESCRIBED_ROW.match(line.text.strip()) is not None
                            )
                            or (
                                len(current) == 1
                                and described_things(lines[previous].text, line.text)
                            )
                            # A row after the wrap of the row before it ("Schleuse 2: 1
                            # Drilling + 1" / "Reihe aus 4 Karten" / "Schleuse 3: …").
                            or (
                                len(current) > 1
                                and has_word(line.text)
                                and not begun_sentence(lines[previous].text)
                                and listed(lines[current[0]].text, line.text)
                                and not listed(lines[current[0]].text, lines[previous].text)
                            )
                            or (
                                len(current) == 1
                                and (
                                    title_line(lines[previous], line, widths.width)
                                    or shaped_title(lines[previous].text, line.text, widths.width)
                                )
                            )
                            or (
                                len(current) == 1 and numbered_title_above(lines, content, position)
                            )
                            or title_after_list(lines, content, position, widths.width)
                            or _name_over_sentence(lines, content, position, capitalised_inside)
                            or after_list(lines, content, position, capitalised_inside)
                        )
                    )
                )
            ):
                units.append(current)
                current = []
        current.append(index)
        if len(current) == 1 and MARKER_ONLY.match(line.text.strip()):
            item_end = next_marker(lines, content, position)
            if item_end:
                continue
        # A number the sentence wanted ends it ("… zieht 4 Felder weit auf Feld" / "27.").
        number = MARKER_ONLY.match(line.text.strip()) and line.text.strip()[:1].isdigit()
        following = lines[content[position + 1]].text if position + 1 < len(content) else ""
        # "Inhalt: 1. Spielidee · 2. Spielmaterial · 3." ends no sentence: its item goes on.
        ended = (
            terminal(line.text)
            and not _call_goes_on(line.text, following)
            and not parted(line.text)
        )
        if ended or (len(current) > 1 and number):
            units.append(current)
            current = []
    if current:
        units.append(current)
    return units


def _call_goes_on(text: str, following: str) -> bool:
    """A quoted call at a line's end goes on in its sentence in lower case ("… darf
    „Stups!“" / "rufen.")."""
    stripped, after = text.rstrip(), following.lstrip()
    return (
        len(stripped) > 1
        and stripped[-1] in CLOSING_QUOTES
        and stripped[-2] in "!?"
        and after[:1].islower()
    )


def _opens_unit(
    lines: list[TextLine],
    content: list[int],
    position: int,
    capitalised_inside: set[str],
    widths: Measure,
) -> bool:
    """In proportional type: the content line at `position` cannot go on with its unit.

    A line that ends in a middle dot runs on ("Autorin: … · Illustration: … ·" /
    "Redaktion: …"): the dot parts the credits of one line; so does one whose last
    credit's label goes on in the next line (`label_runs_on`), and one whose bracket the
    line closes, though it looks like a marker ("(50 × Wert 1, …, 30 × Wert" / "10)")."""
    line, previous = lines[content[position]], lines[content[position - 1]]
    if parted(previous.text) or label_runs_on(previous.text) or begun_sentence(previous.text):
        return False
    if LETTER_ABBREVIATION.fullmatch(previous.text.split()[-1]):
        return False  # "…, d." / "h. in die Schachtel …": no item "h.".
    if previous.text.count("(") > previous.text.count(")") and ")" in line.text:
        return False  # the line closes the bracket the line before left open ("… Wert" / "10)")
    return (
        (
            starts_sentence(line.text, capitalised_inside)
            and not (
                ordinal_after(previous.text, line.text) and not next_item(lines, content, position)
            )
            # "… für 2–6 Spieler ab 10" / "Jahren": a stop word that is a noun; a label
            # ("… aus 4" / "Tipp: …") is no counted thing, the count ended a table's row.
            and not (
                wants_more(previous.text)
                and not (open_count(previous.text) and LABELLED_OPENER.match(line.text.strip()))
                # The last of rows counted on wants nothing ("9 Acht Karten einer Farbe" /
                # "10 Fünfling + Reihe aus 5" / "Viel Spaß …").
                and not (
                    position >= 2 and counted_up(lines[content[position - 2]].text, previous.text)
                )
            )
            and not marker_in_sentence(lines, content, position, widths.width)
        )
        or value_rows(previous.text, line.text)
        or facts_apart(previous.text, line.text)
        # A credit's full name ends its line before a sentence ("… Redaktion: Barbara
        # Stucki" / "Die Autorin dankt …"), unless the name wraps on.
        or credit_ends(previous.text, line.text)
        # A line of one credit opens a unit after a line that wants no more ("„Hasenjagd“,
        # „Mühlenbach“" / "Spielidee und Entwurf: Walther Korsing").
        or (
            "·" not in line.text
            and full_credit(line.text)
            and not wants_more(previous.text)
            and not previous.text.rstrip().endswith((",", *BREAK_HYPHENS))
        )
        # A quoted question under a title ("Fragen & Antworten" / "«Darf ich …»"), not a
        # title quoted in running text ("… lesen Sie im Abschnitt" / "„Die Sonderfelder“").
        or (
            starts_sentence(line.text.lstrip().lstrip(OPENING_QUOTES), capitalised_inside)
            and line.text.lstrip()[:1] in OPENING_QUOTES
            and not running_text(previous.text)
            and not terminal(previous.text)
        )
        or set_apart(
            previous,
            line,
            widths,
            local_width(lines, content, position, widths.width),
            word_rest=position >= 2 and word_rest(lines[content[position - 2]].text, previous.text),
            after_comma=position >= 2 and lines[content[position - 2]].text.rstrip().endswith(","),
        )
    )


def word_rest(text: str, following: str) -> bool:
    """`following` holds only the rest of the word broken at the end of `text` ("Far-" /
    "ben")."""
    return text.rstrip().endswith(BREAK_HYPHENS) and bool(
        re.fullmatch(r"[a-zäöüß]+", following.strip())
    )


def _name_over_sentence(
    lines: list[TextLine], content: list[int], position: int, capitalised_inside: set[str]
) -> bool:
    """A name alone on its line ("Spielidee") over a line that can only open a sentence,
    under a line that ends no sentence but leaves none open ("… 12 Hasenkarten, 1
    Karottentabelle"): a heading under the last line of a run-on list, which a heading's
    larger type would not have fitted on.  Names stacked one under another are
    judged as a whole (`stacked_names`)."""
    if position < 1 or position + 1 >= len(content):
        return False
    before, text, after = (
        lines[content[i]].text.strip() for i in range(position - 1, position + 2)
    )
    last = before.split()[-1] if before else ""
    return (
        name_line(text)
        and text[:1].isupper()
        and all(word.replace("-", "").isalpha() for word in text.split())
        and not name_line(before)
        and not terminal(before)
        and not before.endswith((",", *BREAK_HYPHENS, "/"))
        and not ends_open(before)
        and not INFLECTED.match(last)
        and starts_sentence(after, capitalised_inside)
    )


def _name_goes_on(
    lines: list[TextLine], content: list[int], position: int, widths: Measure
) -> bool:
    """The line at `position` holds the rest of a credit's name that did not fit on the
    line above ("Grafik und Gestaltung: Annette" / "Brauckmann")."""
    text, following = lines[content[position - 1]].text, lines[content[position]].text
    return name_wraps(text, following) and not widths.deliberate(
        text, following, local_width(lines, content, position, widths.width)
    )


def number_rows(lines: list[TextLine], units: list[list[int]]) -> list[list[int]]:
    """The runs of one-line units that hold as many numbers each, `NUMBER_ROWS` at least."""
    runs: list[list[int]] = []
    run: list[int] = []
    cells = 0
    for number, unit in enumerate(units):
        text = lines[unit[0]].text.strip()
        count = len(text.split()) if len(unit) == 1 and NUMBERS_ROW.match(text) else 0
        if count and count == cells and not boundary_between(lines, units[run[-1]][-1], unit[0]):
            run.append(number)
            continue
        if len(run) >= NUMBER_ROWS:
            runs.append(run)
        run, cells = ([number], count) if count else ([], 0)
    if len(run) >= NUMBER_ROWS:
        runs.append(run)
    return runs
