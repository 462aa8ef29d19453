"""The layout of a text extract, inferred from the text alone.

Text copied out of a PDF viewer has lost fonts and positions, so roles are read
from the shape of the lines: page numbers and callout digits stand alone,
headings are short lines without sentence punctuation followed by a sentence
start, and figure labels are runs of lines that never form a sentence, or
short names stacked one under another.  (Page numbers, callout digits and the
viewer's own header are found before, in `textpages`; lines are grouped into
sentence units in `textunits`; what a line opens or ends with is read in
`textshapes`, names and labels in `textlabels`, titles in `texttitles`; where
paragraphs start, once each unit has its role, in `textparagraphs`.)  Which line
breaks were made on purpose is told by the lines' widths (`textwidth`); in a copy
wrapped evenly at a number of characters every break is known to be a wrap or on
purpose, and a break on purpose counts as a blank line does.
"""

from __future__ import annotations

import re
from itertools import pairwise

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.textbreaks import (
    EXCLAIMED_WORDS,
    PARAGRAPH_END,
    clause_goes_on,
    exclaimed,
    resumes,
)
from rulekit.extract.textcells import row_line, split_table_rows
from rulekit.extract.textfacts import address_line
from rulekit.extract.textlabels import (
    described_alike,
    label_runs,
    name_item,
    names_what_follows,
    stacked_names,
    whole_sentence,
)
from rulekit.extract.textlists import mark_listed_lines
from rulekit.extract.textlistshapes import (
    listed,
)
from rulekit.extract.textpages import boundary_between
from rulekit.extract.textparagraphs import Copy, place_paragraphs
from rulekit.extract.textrows import (
    ACROSS_ROW,
    LEADER_ROW,
    TABLE_ROWS,
)
from rulekit.extract.textshapes import (
    BOX_FACTS,
    CAPTION,
    COUNTED,
    ICON_TEXT,
    IMPRINT,
    LIST_MARKER,
    MARKER_ONLY,
    NUMBERED_HEADING,
    address_called,
    all_caps,
    capitalised_mid_sentence,
    ends_open,
    has_word,
    parted,
    reads_as_text,
    terminal,
)
from rulekit.extract.texttitles import (
    SHORT_LINE,
    question_heading,
)
from rulekit.extract.textunits import sentence_units
from rulekit.extract.textwidth import (
    mark_breaks_on_purpose,
    mark_sentence_starts,
    measure,
)
from rulekit.extract.wordclasses import DETERMINERS, FINITE_MODALS, SUBJECT_PRONOUNS
from rulekit.model import LineRole, TextLine

# A label and its value, a count or a list ("Alter: 8+", "Ihr braucht: Spielplan,
# Würfel"), is no heading; a heading may name its part before a colon ("Phase 1: Bewegung").
_LABELLED_VALUE = re.compile(r"^[^\W\d_][^:.!?]{0,30}:\s+\S*(?:[^\W\d_]+\s+)*?(?:\d|\S+,\s)")
# The gap between two cells of a row, as a viewer copies a table: "Phase 1   2 Drillinge",
# "1  2 Dreiersätze"; a copy parts the words of a line by one space.
_CELL_GAP = re.compile(r"\S {2,}\S")
# A number and its value: "1: 2 Drillinge", a row of a numbered list.
_NUMBERED_VALUE = re.compile(r"^\d{1,2}:\s+\S")
HEADING_MAX_LINES = 2


def infer_roles(lines: list[TextLine]) -> list[TextLine]:
    """Roles and paragraph starts for the content lines of a text extract."""
    content = [i for i, line in enumerate(lines) if line.role != "artefact"]
    if not content:
        return lines
    widths = measure([lines[i].text for i in content])
    capitalised_inside = capitalised_mid_sentence([lines[i].text for i in content])
    if widths.even:
        lines = mark_breaks_on_purpose(lines, content, widths)
        lines = mark_sentence_starts(lines, content, capitalised_inside)
    lines, units = split_table_rows(
        lines, sentence_units(lines, content, capitalised_inside, widths)
    )
    copy = Copy(lines, content, units, widths, capitalised_inside)
    return place_paragraphs(copy, _classify(lines, units, widths.width))


def _classify(lines: list[TextLine], units: list[list[int]], width: float) -> list[LineRole]:
    """A role per unit: heading, body, list item or figure text."""
    roles: list[LineRole] = []
    announced = False  # inside the lines a sentence announced with its colon
    titles = _opening_titles(lines, units, width)
    for number, unit in enumerate(units):
        texts = [lines[i].text.strip() for i in unit]
        following = units[number + 1] if number + 1 < len(units) else None
        ends_at_boundary = following is None or boundary_between(lines, unit[-1], following[0])
        role = _unit_role(texts, ends_at_boundary, width, _set_off(lines, units, number))
        if (number == 0 and _exclaimed_title(texts, width)) or number < titles:
            role = "heading"
        above = [lines[i].text for at in units[max(0, number - TABLE_ROWS) : number] for i in at]
        below = lines[following[0]].text if following else ""
        if (
            role == "heading"
            and len(texts) == 1
            and (
                row_line(above, texts[0], below)
                or address_line(texts[0], below)
                or address_called(texts[0], below)
            )
        ):
            role = "body"
        if role == "figure" and following and stacked_names(texts, width):
            next_text = " ".join(lines[i].text for i in following)
            if names_what_follows(texts[-1], next_text):
                role = "heading"
        if (
            role == "heading"
            and roles
            and roles[-1] == "body"
            and (
                _announces(lines, units[number - 1])
                # and the list's next line, set like the line before it
                or (announced and _list_goes_on(lines[units[number - 1][0]].text, texts[0]))
            )
        ):
            role = "body"  # what a sentence announces with its colon is its list, not a heading
        if role == "figure" and announced and not ICON_TEXT.match(texts[0]):
            role = "body"  # nor its figure text: its items, one a line (but an icon's)
        # The list runs on while its lines leave the sentence open ("..., " / "... und").
        announced = role == "body" and (
            _announces(lines, unit) or (announced and not terminal(lines[unit[-1]].text))
        )
        roles.append(role)
    # A sentence that goes on in lower case after a line is body on both sides: no
    # heading ends in the middle of a sentence, and no label starts one; nor does running
    # text that a page break cuts (`resumes`).
    for number in range(1, len(units)):
        before, unit = units[number - 1], units[number]
        if (
            resumes([lines[i].text for i in before], [lines[i].text for i in unit], width, True)
            if boundary_between(lines, before[-1], unit[0])
            else clause_goes_on(lines[before[-1]].text, lines[unit[0]].text)
        ):
            for index in (number - 1, number):
                if roles[index] in ("heading", "figure"):
                    roles[index] = "body"
    mark_listed_lines(lines, units, roles)
    label_runs(lines, units, roles)
    # A cluster of labels often comes with a short legend or list beside it: absorb the
    # short units right before it, up to the first full-width line or a whole sentence
    # (text set narrow beside the picture).  A single label (a margin tab) does not make
    # a figure of its neighbours.
    for number in range(len(units) - 1, 0, -1):
        if roles[number] != "figure" or len(units[number]) < 2:
            continue
        previous = number - 1
        while (
            previous >= 0
            and roles[previous] != "figure"
            and not boundary_between(lines, units[previous][-1], units[previous + 1][0])
            and all(len(lines[i].text.strip()) < SHORT_LINE * width for i in units[previous])
            and not whole_sentence([lines[i].text for i in units[previous]])
            # Counted things are a list of their own ("4 Brücken"), the component list.
            and not COUNTED.match(lines[units[previous][0]].text.strip())
        ):
            roles[previous] = "figure"
            previous -= 1
    return roles


def _set_off(lines: list[TextLine], units: list[list[int]], number: int) -> bool:
    """A line set off by blank lines between a sentence's end and a new sentence.

    Such a line is a heading even when it starts in lower case ("nach der letzten
    Runde"): it can neither end the sentence before it nor open the one after it.
    """
    unit = units[number]
    if len(unit) > 1 or not lines[unit[0]].starts_paragraph or number + 1 >= len(units):
        return False
    after = lines[units[number + 1][0]]
    before = lines[units[number - 1][-1]].text if number else "."
    return after.starts_paragraph and after.text.strip()[:1].isupper() and terminal(before)


def _exclaimed_title(texts: list[str], width: float) -> bool:
    """A game's name that ends in an exclamation mark ("Raus mit Dir!") opens the copy
    on a short line of its own: a title, not a sentence."""
    text = texts[0]
    return (
        len(texts) == 1
        and exclaimed(text)
        and text[:1].isupper()
        and len(text.split()) <= EXCLAIMED_WORDS
        and len(text) < SHORT_LINE * width
        and not re.search(r"[.!?:,;]", text[:-1])
    )


def _opening_titles(lines: list[TextLine], units: list[list[int]], width: float) -> int:
    """How many units at the very start of a copy are its title and the headings and
    names under it, stacked short lines that would read as a picture's labels ("Zehn
    Stufen" / "Spielregel" / "Ziel des Spiels", "Spielmaterial" / "Spielplan" /
    "Würfel"): they stand over the copy's first heading, sentences, list ("1.
    Spielmaterial") or table of contents, where a picture's labels stand beside text."""
    for number, unit in enumerate(units):
        texts = [lines[i].text.strip() for i in unit]
        role = _unit_role(texts, number + 1 == len(units), width, _set_off(lines, units, number))
        if role != "figure":
            opens = (
                role in ("heading", "list-item")
                or whole_sentence(texts)
                or bool(LEADER_ROW.match(texts[0]))
            )
            return number if opens else 0
        if not all(reads_as_text(text) and not any(c.isdigit() for c in text) for text in texts):
            return 0
    return 0


def _list_goes_on(before: str, text: str) -> bool:
    """A line of words set like the line before it ("1 bis 9: 5 Punkte" / "10 bis 12:
    10 Punkte", "Radieschenfelder" / "Maulwurfsfelder", "Blütenfelder mit …" /
    "Platzfelder mit …"), not a diagram's notation
    ("0Z0Z0Z0Z" / "7 P KKKKKK P")."""
    before, text = before.strip(), text.strip()
    return (
        reads_as_text(before)
        and reads_as_text(text)
        and (
            listed(before, text)
            or (name_item(before) and name_item(text))
            or described_alike(before, text)
        )
    )


def _announces(lines: list[TextLine], unit: list[int]) -> bool:
    """The unit ends in a colon: what comes next is what it announces."""
    return lines[unit[-1]].text.rstrip().endswith(":")


# A heading numbered in Roman numerals: "I. Sinn des Spieles", "VII. Zusammenfassung".
ROMAN_HEADING = re.compile(r"^(?:I{1,3}|IV|VI{0,3}|IX|XI{0,2})\.\s+[A-ZÄÖÜ][a-zäöüß]")


def _unit_role(
    texts: list[str], ends_at_boundary: bool, width: float, set_off: bool = False
) -> LineRole:
    """The role of a unit of lines; `set_off`: a line between blank lines (`_set_off`)."""
    first = texts[0]
    if LIST_MARKER.match(first) or MARKER_ONLY.match(first):
        if (
            NUMBERED_HEADING.match(first)
            and len(texts) == 1
            and len(first) < width
            # "3.4 Die Eilkarten werden gemischt …." is a numbered rule that fits its line,
            # and so is "5.2 Die Tabelle nennt …:"; "3.1. Ablauf:" is a heading.
            and not first.rstrip().endswith((".", "!"))
            and not (first.rstrip().endswith(":") and sentence_before_colon(first))
        ):
            return "heading"
        return "list-item"
    if ROMAN_HEADING.match(first) and len(texts) == 1 and not terminal(first):
        return "heading"  # "II. Der Spielplan"
    if stacked_names(texts, width) or CAPTION.match(first) or ICON_TEXT.match(first):
        return "figure"
    if not any(map(has_word, texts)):
        return "figure"  # a diagram's notation: a board's squares and coordinates
    row = _LABELLED_VALUE.match(first) or ACROSS_ROW.match(first) or _NUMBERED_VALUE.match(first)
    if len(texts) == 1 and (row or _CELL_GAP.search(first)):
        return "body"  # "Ziel: …", "Karotten 1 3 6 10 15", "Phase  Aufgabe": a row
    if len(texts) > 1 and ":" in first and all(parted(text) for text in texts[:-1]):
        return "body"  # credits run over lines by their middle dots ("Autorin: … ·")
    capitals = all_caps(" ".join(texts))
    # A number that a line left wanting ends the sentence ("… hinter Feld" / "62."), though
    # alone on its line it would be a list's marker.
    ends = terminal(texts[-1]) or (len(texts) > 1 and bool(MARKER_ONLY.match(texts[-1])))
    heading_shaped = (
        len(texts) <= HEADING_MAX_LINES
        # "§ 4 Spielverlauf": a section sign numbers a heading as a digit does.
        and (first[:1].isupper() or first[:1].isdigit() or first[:1] == "§" or set_off)
        and all(len(text) <= width for text in texts)
        and not any(re.search(r"[.!?]\s", text) for text in texts)
        and (not ends or (texts[-1].endswith(":") and len(texts) == 1 and _label(first)))
    )
    # The box's facts under a title ("Kartenspiel für 2 bis 6 Spieler") head nothing.
    if any(BOX_FACTS.search(text) for text in texts):
        return "body"
    # Nor does an imprint's line ("Am Wall 112 · 2800 Bremen 1").
    imprint = any(IMPRINT.search(text) for text in texts)
    if (heading_shaped or question_heading(texts, width)) and not ends_at_boundary:
        return "body" if imprint else "heading"
    if capitals and not ends:
        return "figure" if ends_at_boundary else "heading"
    if ends:
        return "body"
    if all(len(text) < SHORT_LINE * width for text in texts):
        return "figure"
    # At a page's end, figure text stops; a full line or an open clause goes on overleaf.
    last = texts[-1]
    overleaf = (
        any(len(text) >= PARAGRAPH_END * width for text in texts)
        or last.endswith((",", *BREAK_HYPHENS))
        or ends_open(last)
    )
    return "figure" if ends_at_boundary and not overleaf else "body"


def _label(text: str) -> bool:
    """A run-in heading before a colon ("Die Präferenzphase:"), not a sentence."""
    return not sentence_before_colon(text)


# The subject pronouns a sentence names after its verb, in lower case ("gibt es", "zieht
# er"); "ihr" and "sie" are possessives too ("Karten und ihr Wert:").
_AFTER_VERB = frozenset(SUBJECT_PRONOUNS - {"ihr", "sie"})


def sentence_before_colon(text: str) -> bool:
    """A line ending in a colon is a sentence announcing what follows, not a heading.

    German capitalises its nouns, so a lower-case word that is no function word
    is a verb or adjective: "Die Würfel zeigen 5 Attribute:" is a sentence, and so is
    one that opens with a pronoun and its verb ("Er geht so vor:"), names its subject
    after its verb ("Daneben gibt es …:", "Bereiten Sie …:") or holds a finite modal
    after its first word.  The last word is left out: an instruction heading ends in
    its infinitive ("Ein Plättchen vom Spielplan entfernen:"), and so does no sentence.
    """
    words = re.findall(r"[^\W\d_][\w-]*", text.strip().rstrip(":"))
    return (
        "," in text
        # A pronoun for its subject, then its verb: "Er geht so vor:".
        or (len(words) > 1 and words[0].casefold() in SUBJECT_PRONOUNS and words[1][:1].islower())
        # A finite modal after the first word, the infinitive at the end: "Grundsätzlich
        # muss Ihr Igel in jedem Zug das Feld wechseln:".
        or any(word.casefold() in FINITE_MODALS for word in words[1:-1])
        # A pronoun after the verb: "Daneben gibt es vier Arten …:", "Bereiten Sie …
        # vor:"; a heading names no one.
        or any(word in _AFTER_VERB for word in words[1:-1])
        or (len(words) > 2 and words[1] == "Sie")
        or any(
            word[:1].islower()
            and word.casefold() not in STOP_WORDS
            # After an article it is an adjective: "Ein neues Plättchen legen:".
            and before.casefold() not in DETERMINERS
            for before, word in pairwise(words[:-1])
        )
    )
