"""Titles in a text copy: the lines set apart above the text they head.

A viewer copy has lost the larger type of its headings; a title is told by a
break made on purpose after a line without a sentence end (`set_apart`), and by
where it stands: under a full body line (`title_after_full_line`), under the last
line of a list of counted things (`title_after_list`), alone above body text
(`title_line`), or as a short question ("Worum geht es?", `question_heading`).
`textlayout` groups the lines into units and roles with these judgments.
"""

from __future__ import annotations

import re

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.textlabels import name_line
from rulekit.extract.textlistshapes import (
    closed_item,
    listed,
    table_goes_on,
)
from rulekit.extract.textshapes import (
    COUNTED,
    COUNTED_THING,
    DASH_GOES_ON,
    INFLECTED,
    ITEM_BULLET,
    LEGAL_FORM,
    LIST_MARKER,
    MARKER_ONLY,
    RUN_IN_LABEL,
    RUNNING_WORDS,
    SALUTATION,
    SECTION_SIGN,
    clause_heading,
    ends_open,
    running_text,
    terminal,
    wants_more,
)
from rulekit.extract.textwidth import DELIBERATE_BREAK, Measure, local_width
from rulekit.extract.wordclasses import DETERMINERS, INFLECTED_POSSESSIVES, SUBJECT_PRONOUNS
from rulekit.model import TextLine

# The most words of a heading of two nouns and the function words between them.
_HEADING_PHRASE_WORDS = 4
# Finite forms of the verbs that function words hold: a clause has one, an instruction
# in the infinitive none.
_FINITE = frozenset(
    {"ist", "sind", "war", "waren", "wird", "werden", "hat", "haben", "kann", "können"}
    | {"darf", "dürfen", "muss", "müssen", "muß", "soll", "sollen", "gibt"}
)

# A label of a word or two alone on its line: "Erklärungen:", "Kurze Übersicht:".
_LABEL_ALONE = re.compile(r"^[A-ZÄÖÜ][\w-]*(?:\s+[A-ZÄÖÜ][\w-]*)?:$")
_BULLET = re.compile(rf"^{ITEM_BULLET}\s+")
_NUMBERED_ITEM = re.compile(r"^\d{1,2}[.)]\s")
# The verbs of a heading that says what the game needs or holds ("Das brauchst du"), of
# at most `NEEDS_TITLE_WORDS` words.
_NEEDS = re.compile(r"\b(?:brauch\w*|benötig\w*|gehör\w*|enthält)\b", re.IGNORECASE)
NEEDS_TITLE_WORDS = 4
# A numbered topic heading: "9. Leiterfeld und Kirschbaum".
_NUMBERED_TITLE = re.compile(r"^(\d{1,2})\.\s+(\S.*)$")
# A subsection's heading under its decimal number: "3.1 Einsetzen", "5.1 Für Einsteiger:
# Ohne Sperre", no sentence end.
_DECIMAL_TITLE = re.compile(r"^\d{1,2}\.\d{1,2}\.?\s+[A-ZÄÖÜ][^.!?]*$")

# An instruction heading ("Das Gartentor freimachen") has at most this many words.
INSTRUCTION_TITLE_WORDS = 4
SHORT_LINE = 0.6  # of the typical line width: labels and headings are shorter
# A question heading ("Wie wird gespielt?") has at most this many words.
QUESTION_HEADING_WORDS = 5
# Wrapped over two lines of a narrow column, at most this many.
WRAPPED_QUESTION_WORDS = 7
# A column this many characters wide or narrower is set beside another one.
NARROW_COLUMN = 45
# The fewest lower-case words of a line of running text in a narrow column.
NARROW_RUNNING_WORDS = 2
_QUESTION_WORD = re.compile(
    r"^(?:Wer|Wen|Wem|Wessen|Was|Wie|Wann|Wo|Wohin|Woher|Warum|Weshalb|Wieso|Welche[rsmn]?|"
    r"Wo(?:r|m|z|f|b|d)[a-zäöü]*)\b"
)
_CONDITION_WORD = re.compile(r"^(?:Wenn|Falls|Sobald|Solange|Bevor|Nachdem)\b")


def title_after_full_line(
    lines: list[TextLine], content: list[int], position: int, widths: Measure
) -> bool:
    """A name of a word or two, set apart from what follows, under a full body line.

    A heading is set larger than the body and wraps early, so the line before the
    last word of a wrapped heading is short; under a full line without a sentence
    end ("... Dauer: ca. 30 Minuten") a capitalised name followed by a break on
    purpose ("Inhalt" over "84 Wegeplättchen") heads what follows.
    """
    if position + 1 >= len(content):
        return False
    before, line, after = (lines[content[i]] for i in (position - 1, position, position + 1))
    text, previous = line.text.strip(), before.text.strip()
    local = local_width(lines, content, position, widths.width)
    # In an evenly wrapped copy a full line is one the name would not have fitted on.
    full = (
        widths.wrapped(previous, text) if widths.even else len(previous) >= DELIBERATE_BREAK * local
    )
    return (
        (name_line(text) or _heading_phrase(text))
        and text[:1].isupper()
        and all(word.replace("-", "").isalpha() for word in text.split())
        # A company's legal form goes on with its name ("… 2006 Merkur Spiele" / "GmbH").
        and not LEGAL_FORM.match(text)
        and not previous.endswith((",", *BREAK_HYPHENS, "/"))
        and not ends_open(previous)
        # Nor after an inflected adjective, which wants its noun ("2 übereinanderliegenden").
        and not INFLECTED.match(previous.split()[-1])
        and full
        and set_apart(line, after, widths, local_width(lines, content, position + 1, widths.width))
        # Nor the last column title or cell of a table (`table_goes_on`).
        and not table_goes_on(
            [lines[i].text for i in content[max(0, position - 2) : position]],
            [lines[i].text for i in content[position + 1 : position + 3]],
        )
    )


def _heading_phrase(text: str) -> bool:
    """Nouns joined by function words, a heading's shape: "Ziel des Spieles", "Ende
    einer Runde", "Das Wichtigste in Kürze"."""
    words = text.split()
    return (
        3 <= len(words) <= _HEADING_PHRASE_WORDS
        and words[0][:1].isupper()
        and words[-1][:1].isupper()
        and all(word in STOP_WORDS or word[:1].isupper() for word in words[1:-1])
        and any(word in STOP_WORDS for word in words[1:-1])
    )


def title_after_list(
    lines: list[TextLine], content: list[int], position: int, width: float
) -> bool:
    """A title under the last line of a list of counted things ("1 Würfel" / "1 Spielregel"
    over "Ziel des Spiels" over "Wer als Erster …", bulleted or not) or of numbered items
    ("3. Eine Siebenerfolge" over "Spielablauf" over "Wer am Zug ist, …") or of labelled
    rows ("Schleuse 5: 2 Vierlinge" over "Vorbereitung"): the short
    lines of the list tell no width the title would have overrun, but the body text
    under it, or its question mark ("Worum geht es?"), shows a title.  An item's wrap
    ("5 Spielfiguren in" / "Farben") has the next item under it, or ends its line open
    or inside a bracket."""
    if position < 2 or position + 1 >= len(content):
        return False
    before, previous, line, after = (
        _BULLET.sub("", lines[content[i]].text.strip()) for i in range(position - 2, position + 2)
    )
    counted = bool(COUNTED_THING.match(previous)) and listed(before, previous)
    # The item above may have wrapped ("3. Karten anlegen (wenn du" / "kannst)" / "4. Eine
    # Karte abwerfen" over "Ziehen").
    above = lines[content[position - 3]].text.strip() if position >= 3 else ""
    numbered = bool(_NUMBERED_ITEM.match(previous)) and any(
        _NUMBERED_ITEM.match(item) for item in (before, above)
    )
    # Rows of labels and values ("Schleuse 4: 1 Reihe aus 7 Karten" / "Schleuse 5: 2
    # Vierlinge" over "Vorbereitung").
    labelled = all(RUN_IN_LABEL.match(item) for item in (before, previous)) and listed(
        before, previous
    )
    return (
        (counted or numbered or labelled)
        and not (wants_more(previous) if counted else ends_open(previous))
        and not previous.endswith((",", *BREAK_HYPHENS))
        # "… in drei Größen (für 1, 5 und 10" / "Tropfen)": the bracket goes on.
        and previous.count("(") <= previous.count(")")
        and not COUNTED.match(line)
        and (heads(line, after, width) or question_heading([line], width))
    )


def heads_list(lines: list[TextLine], content: list[int], position: int) -> bool:
    """A name or a clause of a question alone on its line over a list of counted things
    ("Spielregel" / "Inhalt" / "1 Spielplan" / "16 Kegel …", "Was in der Schachtel ist"
    / "1 Spielplan", "Das brauchst du" / "96 Zahlenkarten (1 bis 12 in vier" / "Farben,
    jede zweimal)" / "8 Delfine"): the heading of the component list, though stacked
    under another short line; not the wrap of a counted item ("5 Spielfiguren in" /
    "Farben" / "30 Körnerkarten"); and a line over rows of labels and values."""
    if position < 1 or position + 2 >= len(content):
        return False
    previous, line, first, second = (
        lines[content[i]].text.strip() for i in range(position - 1, position + 3)
    )
    if first.count("(") > first.count(")") and position + 3 < len(content):
        # The first item's bracket goes on over a line ("96 Zahlenkarten (1 bis 12 in
        # vier" / "Farben, jede zweimal)"): the next item stands under that line.
        second = lines[content[position + 3]].text.strip()
        items = bool(COUNTED_THING.match(second))
    else:
        items = listed(first, second)
    # Rows of labels and values ("Die zehn Schleusen" / "Schleuse 1: 2 Drillinge" /
    # "Schleuse 2: …") are headed by a line unlike them, not by the wrap of a row before.
    labelled_rows = (
        bool(RUN_IN_LABEL.match(first))
        and not listed(line, first)
        and not listed(previous, first)
        and ":" not in line
        and not ends_open(line)
    )
    return (
        (name_line(line) or clause_title(line) or _needs_title(line) or labelled_rows)
        and line[:1].isupper()
        and not terminal(line)
        and not COUNTED.match(previous)
        and not ends_open(previous)
        and bool(COUNTED_THING.match(first) or labelled_rows)
        and items
    )


def title_line(line: TextLine, following: TextLine, width: float) -> bool:
    """A short line set apart above the text it heads: a paragraph start with no sentence end."""
    return line.starts_paragraph and heads(line.text, following.text, width)


def shaped_title(text: str, following: str, width: float) -> bool:
    """A line of a heading's shape ("Ausgehen und Rundenende", "Wenn die Kraft nicht
    reicht") over running text that opens with a capital, as no sentence of its words
    goes on: a heading, though in a narrow column it fills more of its line than a
    short one (`heads`)."""
    text, after = text.strip(), following.strip()
    return (
        (
            _heading_phrase(text)
            or clause_title(text)
            or clause_heading(text)
            or _instruction_title(text)
            or SECTION_SIGN.match(text) is not None  # "§ 9 Das Ende des Spieles"
        )
        and not terminal(text)
        and ":" not in text
        and len(text) < width
        and after[:1].isupper()
        # A narrow column holds fewer words a line ("Würfeln, einen Kleiber genau").
        and running_text(after, NARROW_RUNNING_WORDS if width < NARROW_COLUMN else RUNNING_WORDS)
    )


def heads(text: str, following: str, width: float) -> bool:
    """A short line without a sentence end over the body text it heads."""
    after = following.strip()
    return (
        len(text.strip()) < SHORT_LINE * width
        and not terminal(text)
        and not ends_open(text)
        and text.strip()[:1].isupper()
        and (after[:1].isupper() or after[:1].isdigit())
        # Body text follows a title; a short line under it is another label.
        and (len(after) >= SHORT_LINE * width or terminal(after))
    )


def set_apart(
    line: TextLine,
    following: TextLine,
    widths: Measure,
    width: float,
    word_rest: bool = False,
    after_comma: bool = False,
) -> bool:
    """A line without a sentence end that was broken on purpose before a new line.

    A heading, a line of a list or a table row set one under another without blank
    lines ("Spielablauf" over "Beginnend mit ...", "4 Brücken" over "24
    Wasserplättchen"): the next line opens with a capital, a digit or a list
    marker, and its first word would have fitted on the line; counted lines, lines
    opened by run-in labels and a short question ("Worum geht es?") are one a line.
    Otherwise a line ending in a comma, a hyphen or a function word, or before a
    lower-case continuation, goes on with its sentence;
    so do names stacked one under another (`stacked_names` judges them as a whole).
    A line that holds only the rest of a word broken over the line above it
    (`word_rest`: "Far-" / "ben") is neither a name nor a function word, and one under
    a line that ends in a comma (`after_comma`) no heading said as an instruction.
    """
    text, after = line.text.strip(), following.text.strip()
    if text.count("„") > text.count("“") or text.count("(") > text.count(")"):
        return False  # a quote or bracket the next line closes ("„Nimm" / "10 Karotten“")
    if word_rest:
        return (after[:1].isupper() or after[:1].isdigit()) and widths.deliberate(
            text, after, width
        )
    # A name is capitalised; a line opening in lower case ends a sentence ("keine Erträge").
    if name_line(text) and name_line(after) and not text[:1].islower():
        return False  # names stacked one under another: `stacked_names` judges them whole
    if terminal(text) or MARKER_ONLY.match(text):
        return False
    if listed(text, after):
        return True
    if closed_item(text, text, after) or SALUTATION.match(text):
        return True
    if text.endswith((",", *BREAK_HYPHENS, "/")):
        return False
    words = text.split()
    last = words[-1]
    if (
        ends_open(text)
        or wants_more(text)
        or (last.islower() and len(last) <= 3 and not clause_heading(text))
    ):
        # an article, a preposition or an adjective after it: the line goes on ("Die Heroes
        # of the", "als der aktuelle")
        return False
    if _LABEL_ALONE.match(after):
        # A label of its own ("8. 1 Fünfling + 1 Drilling" / "Erklärungen:"), unless the
        # line left a sentence or a word in lower case wanting it and it did not fit ("In
        # der Zielgasse gelten besondere" / "Regeln:", "… gibt es zwei Sorten" /
        # "Sonderkarten:").
        wanting = last[:1].islower() or running_text(text)
        return not (wanting and not widths.deliberate(text, after, width))
    if question_heading([after], width):
        return True  # a sentence goes on with no capitalised question word ("Worum geht es?")
    if _count_inside(text, after):
        return False
    if not after_comma and _instruction_title(text) and after[:1].isupper() and running_text(after):
        # "Das Gartentor freimachen" over "Wartet noch ein Zwerg von dir im", not a
        # label over another ("Besatzer-Einheiten hier aufstellen").
        return True
    opening = after.split()
    if len(opening) > 1 and opening[0].isdigit() and opening[1] in STOP_WORDS:
        return False  # a number the clause goes on after ("… an Kapitel" / "7 und braucht …")
    item = bool(LIST_MARKER.match(after)) and not DASH_GOES_ON.match(after)
    return (after[:1].isupper() or after[:1].isdigit() or item) and widths.deliberate(
        text, after, width
    )


def _instruction_title(text: str) -> bool:
    """A heading said as an instruction in the infinitive, a few words with no other
    verb: "Das Gartentor freimachen", "Noch einmal würfeln", "Startfeld frei machen"; no
    sentence ends so."""
    words = re.findall(r"[^\W\d_][\w-]*", text)
    return (
        1 < len(words) <= INSTRUCTION_TITLE_WORDS
        and len(words) == len(text.split())
        and "," not in text  # "Nein, wer seinen letzten": an answer's clause
        and words[0][:1].isupper()
        and re.search(r"[a-zäöüß](?:en|ern|eln)$", words[-1]) is not None
        # nouns, function words and an adverb ("Startfeld frei machen"), no finite verb
        # ("Reisigfelder sind die einzigen"), and no article before the last word, which
        # makes it an adjective
        and all(
            w[:1].isupper() or w.casefold() in STOP_WORDS or not w.endswith(("t", "st", "en"))
            for w in words[:-1]
        )
        and not any(w.casefold() in _FINITE for w in words[:-1])
        # an infinitive has no subject ("Spielt ihr mit jüngeren" / "Kindern, …")
        and not any(w.casefold() in SUBJECT_PRONOUNS for w in words)
        and words[-2].casefold() not in DETERMINERS
    )


def _count_inside(text: str, following: str) -> bool:
    """A count that goes on with the sentence of a line that says something, in a
    narrow box: the count's line does not end either ("… erhält Spieler Rot" / "2 x Erz
    für seine beiden"), so it is no line of a list of counted things."""
    return (
        following[:1].isdigit()
        and (ends_open(following) or following.endswith(","))
        and not COUNTED.match(text)
        and any(w.isalpha() and w.islower() and w not in STOP_WORDS for w in text.split())
    )


def _needs_title(text: str) -> bool:
    """A short clause of what the game needs or holds: "Das brauchst du", "Zum Spiel
    gehören"."""
    return len(text.split()) <= NEEDS_TITLE_WORDS and bool(_NEEDS.search(text))


def clause_title(text: str) -> bool:
    """A few words opened by a question word, with no sentence end: a heading said as
    a clause ("Was in der Schachtel ist", "Wie gespielt wird"); or a condition whose
    verb ends it ("Wenn die Kraft nicht reicht"), which no sentence leaves without a
    comma."""
    words = text.split()
    return (
        bool(
            # A question word's clause ends in its verb, not in a word that wants its noun
            # ("Wer in dieser Runde seine" / "Schleuse geöffnet hat, …", "… keinen" / "Anker").
            (
                _QUESTION_WORD.match(text)
                and not wants_more(text)
                and words[-1].casefold() not in INFLECTED_POSSESSIVES | DETERMINERS
            )
            # Its verb, not an adjective or a preposition that wants a noun ("Sobald ein
            # Spieler seinen vierten" / "Kegel …", "Sobald die erste Schnecke im" / …).
            or (
                _CONDITION_WORD.match(text)
                and words[-1][:1].islower()
                and not INFLECTED.match(words[-1])
                and not ends_open(text)
            )
        )
        and len(words) <= QUESTION_HEADING_WORDS
        and not re.search(r"[.!?:,;]", text)
    )


def question_heading(texts: list[str], width: float) -> bool:
    """A short question on a line of its own heads the answer under it ("Worum geht
    es?", "Wer beginnt?"): a few words opened by a question word, short for the page
    or few enough to head a narrow column ("Was können Joker und Aussetzkarten?"), over
    two of its lines there."""
    text = " ".join(texts)
    # In a narrow column a longer question wraps ("Was geschieht, wenn man nicht" /
    # "weiterkommt?").
    wrapped = len(texts) == 2 and width < NARROW_COLUMN
    return (
        (len(texts) == 1 or wrapped)
        and text.endswith("?")
        and len(text.split()) <= (WRAPPED_QUESTION_WORDS if wrapped else QUESTION_HEADING_WORDS)
        and (len(text) < SHORT_LINE * width or width < NARROW_COLUMN)
        and bool(_QUESTION_WORD.match(text))
    )


def numbered_title_above(lines: list[TextLine], content: list[int], position: int) -> bool:
    """The line above is the next of the manual's numbered topic headings ("8. Die
    Gartenbänke", then "9. Leiterfeld und Kirschbaum"), over a capitalised line: it
    heads that line, however much of a narrow column it fills.  A topic heading holds
    only capitalised words and function words, no sentence end; the one numbered before
    it stands earlier, alone on its line.  A subsection's decimal number heads a line too."""
    if position == 0 or not lines[content[position]].text.strip()[:1].isupper():
        return False
    above = lines[content[position - 1]].text.strip()
    if _DECIMAL_TITLE.match(above) and not ends_open(above):
        return True  # a subsection's number heads it ("5.1 Für Einsteiger: Ohne Sperre")
    number = _topic_number(above)
    return number is not None and any(
        _topic_number(lines[index].text) == number - 1
        and (at + 1 >= len(content) or lines[content[at + 1]].text.strip()[:1].isupper())
        for at, index in enumerate(content[: position - 1])
    )


def _topic_number(text: str) -> int | None:
    """The number of a numbered topic heading ("9. Leiterfeld und Kirschbaum"), else None."""
    match = _NUMBERED_TITLE.match(text.strip())
    if not match or terminal(text) or ends_open(text):
        return None
    words = match.group(2).split()
    titled = all(w[:1].isupper() or w.casefold() in STOP_WORDS for w in words)
    return int(match.group(1)) if titled and any(w[:1].isupper() for w in words) else None
