"""Where the items of a list start in a text extract, and where a number or a marker at
a line's start is none.

A number alone on its line opens an item that runs to the next number counting on; an
item without a marker opens where the list a colon announced goes on; the line after
the last line of a list opens a unit of its own.  What looks like a list marker goes
on with a sentence a full line left open ("… auf das Treibgutfeld" / "31. Sie zieht …"),
and so does an ordinal after a line that leaves its sentence open.  `textunits` and
`textparagraphs` ask these.
"""

from __future__ import annotations

import re

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.textlabels import described_alike, name_item
from rulekit.extract.textlistshapes import (
    listed,
)
from rulekit.extract.textpages import boundary_between
from rulekit.extract.textrows import VALUE_ROW
from rulekit.extract.textshapes import (
    INFLECTED,
    LABELLED_OPENER,
    LIST_MARKER,
    MARKER_ONLY,
    RUNNING_WORDS,
    ends_open,
    running_text,
    starts_sentence,
    terminal,
    wants_more,
)
from rulekit.extract.texttitles import NARROW_COLUMN, NARROW_RUNNING_WORDS
from rulekit.extract.textwidth import Measure, local_width
from rulekit.model import TextLine

# The most lines back an item without a marker looks for the colon that announced it.
ITEM_LIST_LINES = 12
# The most lines of an item between its number alone on its line and the next one.
MARKER_ITEM_LINES = 8
# A line this share of the body width long is full: the sentence it leaves open wrapped.
WRAPPED_LINE = 0.8
# How many lines back the item before a numbered item is looked for.
ITEM_LOOKBACK = 20


def next_marker(lines: list[TextLine], content: list[int], position: int) -> int:
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


def marker_in_sentence(
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
        # A bracket the line opened and closed ends what it said ("… kleinen Buche (siehe
        # Abschnitt 5.4)" / "3. Spielvorbereitung"): nothing there wants a number.
        closed = previous.endswith(")") and previous.rfind("(") > 0
        return not closed and not _counts_on(int(number.group(1)), above)
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
    opens = text.endswith(":") or starts_sentence(text, capitalised_inside)
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


def next_item(lines: list[TextLine], content: list[int], position: int) -> bool:
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


def ordinal_after(text: str, following: str) -> bool:
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
