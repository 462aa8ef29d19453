"""Sentence units of a text extract: its content lines grouped up to a sentence end.

A unit also ends where a line cannot go on with it: before a boundary artefact
(page number, slug, header), before a line that can only open a sentence, after a
title line, between the lines of an imprint.  `textlayout` then gives each unit
its role and decides where paragraphs start.
"""

from __future__ import annotations

import re

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.textbreaks import begun_sentence, quoted_apart
from rulekit.extract.textcells import column_titles, row_under_titles
from rulekit.extract.textcredits import credit_ends, full_credit, name_wraps
from rulekit.extract.textfacts import facts_apart, imprint_lines
from rulekit.extract.textlabels import described_alike, described_things, name_item, name_line
from rulekit.extract.textrows import (
    ACROSS_ROW,
    DESCRIBED_ROW,
    NUMBERS_ROW,
    TABLE_ROWS,
    VALUE_ROW,
    counted_up,
)
from rulekit.extract.textshapes import (
    CLOSING_QUOTES,
    DASH_GOES_ON,
    ICON_TEXT,
    INFLECTED,
    LABELLED_OPENER,
    LETTER_ABBREVIATION,
    LIST_MARKER,
    MARKER_ONLY,
    OPENING_QUOTES,
    RUNNING_WORDS,
    SECTION_SIGN,
    all_caps,
    ends_open,
    has_word,
    label_runs_on,
    listed,
    listed_pieces,
    open_count,
    parted,
    running_text,
    terminal,
    value_rows,
    wants_more,
)
from rulekit.extract.texttitles import (
    NARROW_COLUMN,
    NARROW_RUNNING_WORDS,
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

# The most lines back an item without a marker looks for the colon that announced it.
ITEM_LIST_LINES = 12
# The most lines of an item between its number alone on its line and the next one.
MARKER_ITEM_LINES = 8
# A line this share of the body width long is full: the sentence it leaves open wrapped.
WRAPPED_LINE = 0.8
# Rows of numbers alone are a table's from this many on; fewer are a figure's labels.
NUMBER_ROWS = 3
# How many lines back the item before a numbered item is looked for.
ITEM_LOOKBACK = 20
BOUNDARY_KINDS = frozenset(
    {"page-number", "printer-slug", "fingerprint", "running-header", "viewer-header"}
)


def _starts_sentence(text: str, capitalised_inside: set[str]) -> bool:
    """A line that can only be the start of a sentence, list item or labelled note."""
    stripped = text.strip()
    if DASH_GOES_ON.match(stripped):
        return False  # "Tip: Kurze Flüge schonen Ihren Honig" / "– doch wer …"
    if (
        LIST_MARKER.match(stripped)
        or MARKER_ONLY.match(stripped)
        or LABELLED_OPENER.match(stripped)
        or SECTION_SIGN.match(stripped)  # "§ 2 Ziel des Spiels"
    ):
        return True
    first = stripped.split(maxsplit=1)[0] if stripped else ""
    word = first.casefold()
    return first[:1].isupper() and word in STOP_WORDS and word not in capitalised_inside


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
                    or row_under_titles(
                        [lines[i].text for i in content[max(0, position - TABLE_ROWS) : position]],
                        line.text,
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
            item_end = _next_marker(lines, content, position)
            if item_end:
                continue
        # A number the sentence wanted ends it ("… zieht 4 Felder weit auf Feld" / "27.").
        number = MARKER_ONLY.match(line.text.strip()) and line.text.strip()[:1].isdigit()
        following = lines[content[position + 1]].text if position + 1 < len(content) else ""
        ended = terminal(line.text) and not _call_goes_on(line.text, following)
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


def _next_marker(lines: list[TextLine], content: list[int], position: int) -> int:
    """Where the item of the number alone at `position` ends: at the next number alone
    on its line, if it counts on ("1." … "2.") within `MARKER_ITEM_LINES` lines and no
    boundary comes between.  A copy of hanging numbers sets each item's number on a
    line of its own, and the item's sentences, one a line, under it; 0 if none."""
    number = re.match(r"\d+", lines[content[position]].text.strip())
    if number is None:
        return 0
    following = f"{int(number.group()) + 1}."
    end = min(len(content), position + MARKER_ITEM_LINES + 2)
    for ahead in range(position + 1, end):
        text = lines[content[ahead]].text.strip()
        if boundary_between(lines, content[ahead - 1], content[ahead]):
            return 0
        if MARKER_ONLY.match(text) or LIST_MARKER.match(text):
            return ahead if text == following else 0
    return 0


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
            _starts_sentence(line.text, capitalised_inside)
            and not (
                _ordinal_after(previous.text, line.text)
                and not _next_item(lines, content, position)
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
            and not _marker_in_sentence(lines, content, position, widths.width)
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
            _starts_sentence(line.text.lstrip().lstrip(OPENING_QUOTES), capitalised_inside)
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


def item_after_colon(
    lines: list[TextLine], content: list[int], position: int, widths: Measure
) -> bool:
    """An item of a list a colon announced, without a marker, opens at this line: the
    item before it ends in a comma where the line was broken on purpose ("… zwei
    Möglichkeiten:" / "vorwärts ziehen und dafür Körner bezahlen," / "rückwärts …"), or
    it opens with the words the first item opened with ("… zur Kombination paßt:" /
    "an einen Drilling, … eine Karte" / "mit derselben Zahl" / "an eine Folge …"); or
    the items are names, one a line ("… vier Arten von Sonderfeldern:" /
    "Radieschenfelder" / "Maulwurfsfelder")."""
    text = lines[content[position]].text.strip()
    first_words = text.split()[:1]
    names = name_item(text)
    if not first_words or not (first_words[0][:1].islower() or names):
        return False
    for back in range(position - 1, max(-1, position - ITEM_LIST_LINES), -1):
        above = lines[content[back]].text.strip()
        if not above.endswith(":"):
            continue
        items = [lines[content[i]].text.strip() for i in range(back + 1, position)]
        if not items:
            return False
        previous = items[-1]
        if names:
            # However long, a name of a word or two has its own line in such a list.
            return all(name_item(item) for item in items)
        if any(_SENTENCE_END.search(item) for item in items):
            # The list ended in a sentence's end ("… stehen bleiben."), or the colon
            # labelled running text ("Beispiel 2:" / "… Kohlköpfe hat. Auch …").
            return False
        # Items that end in a comma, wrapped or not ("… Kartoffeln bezah-" / "len,").
        closed = previous.endswith((",", ";")) and widths.deliberate(
            previous, text, local_width(lines, content, position, widths.width)
        )
        return closed or (
            len(items) > 1 and items[0].split()[:1] == first_words and not terminal(previous)
        )
    return False


def _marker_in_sentence(
    lines: list[TextLine], content: list[int], position: int, width: float
) -> bool:
    """What looks like a list marker or a label at the start of the line at `position` goes on
    with the sentence a full line of running text above left open: a number no item before
    it counts up to ("… auf das Treibgutfeld" / "31. Sie zieht …", "… lesen Sie in
    Abschnitt" / "4."), a dash before a lower-case word ("… hätte dann noch 12" / "– zu
    viele."), or before a capital where no dashed item stands above, a label after a word that wants
    the next ("… mit passender" / "Augenzahl: …") or after names a comma leaves open. A
    list's item follows an announcing colon, a sentence's end, or a line of its own too
    short to have wrapped; a title's date follows names ("… Tobias Lücking" / "27. Juli
    2015")."""
    text, previous = lines[content[position]].text.strip(), lines[content[position - 1]].text
    previous = previous.strip()
    number = _ITEM_NUMBER.match(text)
    above = [lines[i].text.strip() for i in content[max(0, position - ITEM_LOOKBACK) : position]]
    if number and not terminal(previous) and not previous.endswith(BREAK_HYPHENS):
        # Under an item whose sentence is still open, a number that does not count on from
        # it goes on with that sentence ("2. Mia zieht … auf Feld" / "16. Das sind …").
        at, item = _last_item(above)
        if (
            item is not None
            # an item wrapped over lines, not a row ("3. und 4. Runde 5 Karten") or a number
            and at < len(above) - 1
            and not MARKER_ONLY.match(above[at])
            and int(number.group(1)) != int(item.group(1)) + 1
            and not any(terminal(line) for line in above[at:])
        ):
            return True
    if LABELLED_OPENER.match(text) and previous.endswith(",") and ":" not in previous:
        return True  # the last of names a comma leaves open ("Paar, Drilling," / "Fünfling: …")
    if number and _NUMBERED_PLACE.search(previous):
        # A place named by its number ("… liegt auf Feld" / "33. Rot setzt …", "… zieht
        # genau auf Zielfeld" / "1. Grün hat gewonnen."): no list opens after "auf Feld".
        count = int(number.group(1))
        if count <= 1 or not _counts_on(count, above):
            return True
    lower = [word for word in previous.split() if word[:1].islower() and word.isalpha()]
    local = local_width(lines, content, position, width)
    if (
        terminal(previous)
        or previous.endswith((",", *BREAK_HYPHENS))
        or len(previous) < WRAPPED_LINE * local
        # A narrow column holds fewer words a line ("21. Dort sitzt Pauls gelber Kleiber").
        or len(lower) < (NARROW_RUNNING_WORDS if local < NARROW_COLUMN else RUNNING_WORDS)
    ):
        return False
    if LABELLED_OPENER.match(text):
        # "… ziehst du nur mit passender" / "Augenzahl: Würde deine Figur …"
        last = previous.split()[-1]
        return wants_more(previous) or ends_open(previous) or bool(INFLECTED.match(last))
    if number:
        return not _counts_on(int(number.group(1)), above)
    # "… sitzt Pauls gelber Kleiber" / "– Pech für Paul!"
    dash = re.match(r"[–—-]\s+(\w)", text)
    return dash is not None and (
        dash.group(1).islower() or not any(re.match(r"[–—-]\s", line) for line in above)
    )


def _counts_on(count: int, above: list[str]) -> bool:
    """The number opens the first item, or counts on from an item above."""
    return count <= 1 or any(re.match(rf"{count - 1}[.)](?:\s|$)", line) for line in above)


# A preposition and a noun without its article at a line's end want the number after it:
# "auf Feld" / "33.", "in Abschnitt" / "4.".
_NUMBERED_PLACE = re.compile(r"\b(?:auf|in|bis|vor|hinter|nach|ab|an|zu)\s+[A-ZÄÖÜ][a-zäöüß]+$")
# A sentence's end inside or at the end of a line.
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
# A list item's number at a line's start: "2. …", "16. …", "3) …".
_ITEM_NUMBER = re.compile(r"(\d{1,3})[.)](?:\s|$)")


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
        and _starts_sentence(after, capitalised_inside)
    )


def after_list(
    lines: list[TextLine], content: list[int], position: int, capitalised_inside: set[str]
) -> bool:
    """The line after the last line of a list, one item a line ("Stufe 9: …" / "Stufe
    10: 1 Fünfling + 1 Drilling"), opens a unit of its own when it can only open one: a
    label or lead-in ending in a colon ("Erklärung der Begriffe:"), or a sentence, also
    one that opens with a content word ("6. Platz 22 Apfelmarken" / "Ausnahmsweise
    dürfen Sie auf einem"), as running text does; so does the line after the rows of a
    table ("Baumeister je 25" / "Wer draußen ist, …").  A short list line says nothing of the
    width, so no break on purpose shows there."""
    if position < 2:
        return False
    before, previous, text = (
        lines[content[i]].text.strip() for i in range(position - 2, position + 1)
    )
    # Rows of a table, numbered or not ("5. Platz 18 Apfelmarken" / "6. Platz 22
    # Apfelmarken", "Sperre je 15" / "Baumeister je 25").
    rows = all(VALUE_ROW.match(LIST_MARKER.sub("", line)) for line in (before, previous))
    opens = text.endswith(":") or _starts_sentence(text, capitalised_inside)
    # The row before may have wrapped ("Wespenfelder (…): Felder 7, … 37 und" / "43"): its
    # wrap holds the row's last words, no running text, and the last row, no sentence,
    # ends before a line that can only open one.
    wrapped = (
        position >= 3
        and opens
        and not running_text(before)
        and not terminal(previous)
        and listed(lines[content[position - 3]].text.strip(), previous)
    )
    return (
        (listed(before, previous) or described_alike(before, previous) or wrapped or rows)
        and not listed(previous, text)
        and not previous.endswith((",", *BREAK_HYPHENS, "/"))
        # A row's value ends it, though a number may leave a sentence open.
        and (rows or not ends_open(previous))
        # An aside in brackets opens one too ("Glückskarte 25" / "(Beispiel: Ben hat …").
        and text.lstrip("(")[:1].isupper()
        and (opens or running_text(text))
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


def _next_item(lines: list[TextLine], content: list[int], position: int) -> bool:
    """The line at `position` opens the item after the last one above it ("2. Auslegen:
    …, wenn" / "man kann" / "3. Anlegen: …"): its number counts on from that item's."""
    number = _ITEM_NUMBER.match(lines[content[position]].text.strip())
    above = [lines[i].text.strip() for i in content[max(0, position - ITEM_LOOKBACK) : position]]
    _, item = _last_item(above)
    return number is not None and item is not None and int(number[1]) == int(item[1]) + 1


def _last_item(above: list[str]) -> tuple[int, re.Match[str] | None]:
    """The last of the lines `above` that an item's number opens, and that number."""
    for at in reversed(range(len(above))):
        item = _ITEM_NUMBER.match(above[at])
        if item is not None:
            return at, item
    return -1, None


def _ordinal_after(text: str, following: str) -> bool:
    """A number that goes on with the sentence ("… nach jeder" / "5. Runde …"), not an item.

    A line that ends in a function word or a comma leaves its sentence open, so a
    number opening the next line is an ordinal inside it.
    """
    stripped = text.strip()
    words = stripped.split()
    return (
        bool(words)
        and following.strip()[:1].isdigit()
        and (stripped.endswith(",") or ends_open(stripped))
    )


def boundary_between(lines: list[TextLine], first: int, last: int) -> bool:
    """A boundary artefact (page number, slug, header) stands between two lines."""
    return any(_is_boundary(lines[i]) for i in range(first + 1, last))


def _is_boundary(line: TextLine) -> bool:
    return line.role == "artefact" and line.artefact in BOUNDARY_KINDS


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
