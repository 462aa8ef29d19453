"""How full the lines of a text extract are, and which line breaks were made on purpose.

A viewer copy keeps the printed lines.  A line breaks where the next word no
longer fits, so a line that had room for the next line's first word was ended
on purpose: a heading, a list or table line, a displayed command, a paragraph's
end.  How much room tells depends on the copy:

- printed in proportional type, the lines vary in characters with the letters'
  widths, and only a break well short of the typical line (`DELIBERATE_BREAK`)
  is sure to be on purpose;
- wrapped evenly at a number of characters (a copy re-flowed by a reader or an
  editor), the lines never pass one length, the copy's reach, and every wrap
  would have overrun it.  Then every break with room for the next word is on
  purpose, and so is a break after a line that wants no more words, before a
  sentence start (`sentence_after`); every other break is a wrap.

`measure` tells the two apart from the copy itself (`Measure.reach`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise
from statistics import quantiles

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.textlistshapes import listed
from rulekit.extract.textshapes import (
    INFLECTED,
    LABELLED_OPENER,
    begun_with_function_word,
    ends_open,
    goes_on,
    running_text,
    terminal,
)
from rulekit.extract.wordclasses import DETERMINERS
from rulekit.model import TextLine

# Conjunctions that join what follows to the line they end.
_JOINING = frozenset({"und", "oder", "sowie", "bzw.", "beziehungsweise"})

# A line ends on purpose (a heading, a list line, a paragraph's end) when the next
# line's first word would have fitted on it within this share of the body width: a
# viewer copy's lines vary in characters with the letters' widths.
DELIBERATE_BREAK = 0.85
# In an evenly wrapped copy, a next word that would have come within this many
# characters of the reach may have been carried over all the same.
EARLY_WRAP = 2
# The lines on one side of a line that tell whether it stands in a narrow box of an
# evenly wrapped copy, the fewest lines of a box that tell it, and how far inside the
# column's reach the box stays.
BOX_LINES = 8
BOX_MIN_LINES = 4
# The most words of a letter's salutation on its line ("Liebe Spielfreunde,").
SALUTATION_WORDS = 3
# So few lines tell a box only when it is set clearly narrower: this share of the reach.
SHORT_BOX = 0.85
BOX_SLACK = 3
# The lines before a line that tell the width of its column: few, so that text set
# narrow beside a picture right under a full-width line is measured by its own lines.
LOCAL_LINES = 3
# An evenly wrapped copy: its reach is the length at this share of its lines (a few
# longer ones are words no line could hold), and at least `EVEN_WRAPS` of the wraps
# seen, from `EVEN_SAMPLE` of them at least, would have overrun it.
EVEN_REACH_SHARE = 0.98
EVEN_WRAPS = 0.9
EVEN_SAMPLE = 10
# Wraps are seen on lines at least this share of the typical width long (shorter ones
# are more often set apart on purpose) that a lower-case word goes on from.
WRAP_SAMPLE_LINE = 0.6


# A number bound to the word before it, with what closes it: "Station 10", "Feld 12,".
_BOUND_NUMBER = re.compile(r"\d{1,3}[.,:;)]?")


@dataclass(frozen=True)
class Measure:
    """The typical width of a copy's lines and, when it is wrapped evenly, its reach."""

    width: float
    reach: int | None = None

    @property
    def even(self) -> bool:
        """The copy is wrapped evenly at `reach` characters."""
        return self.reach is not None

    def deliberate(
        self, text: str, following: str, width: float | None = None, reach: int | None = None
    ) -> bool:
        """The line ends before the next line's first word would have filled it.

        `width` is the body width around the line (`local_width`), for a copy in
        proportional type; an evenly wrapped copy has one reach throughout, but in a
        narrow box (`reach`, `box_reach`).  A
        hyphen or slash at the line's end is a wrap, and so is a joining conjunction
        before a line in lower case ("… vom Stapel oder" / "vom Ablagestapel.") or
        inside a bracket the line leaves open ("(… Rot, Blau, Grün und" / "Ocker)"): no
        heading, list or paragraph ends there (a displayed command may follow a
        preposition: "Über die Eingabe von" / "java -jar …").
        """
        stripped, after = text.strip(), following.strip()
        if not stripped or not after or stripped.endswith((*BREAK_HYPHENS, "/")):
            return False
        if after[:1].islower() and stripped.split()[-1] in _JOINING:
            return False
        if stripped.count("(") > stripped.count(")") and stripped.split()[-1] in _JOINING:
            return False  # "• 96 Wegkarten (Zahlen 1 bis 12 in den Farben Rot, Blau, Grün und"
        fit = len(stripped) + 1 + len(_first_word(after, stripped))
        reach = reach or self.reach
        if reach is not None:
            # A word that would have filled the line to its last character or so was
            # carried over: the clause goes on in lower case ("… in der laufenden Runde"
            # / "sein Regal eingeräumt hat, …"), as a line set in proportional type does.
            early = fit > reach - EARLY_WRAP and after[:1].islower() and not terminal(stripped)
            return fit <= reach and not early
        return fit <= DELIBERATE_BREAK * (width if width is not None else self.width)

    def wrapped(self, text: str, following: str) -> bool:
        """In an evenly wrapped copy, the line ends only because the next word did not fit."""
        return self.even and not self.deliberate(text, following)


def _first_word(text: str, before: str) -> str:
    """The line's first word, with the number a typesetter binds to it ("Station 10",
    "Seite 3"): the two wrap together.  Not in rows that each open with a name and its
    number ("B-Felder 4 in der Ecke" / "A-Feld 1 am Rand")."""
    words, above = text.split(), before.split()
    row = len(above) > 1 and _BOUND_NUMBER.fullmatch(above[1]) is not None
    if len(words) > 1 and words[0][:1].isupper() and _BOUND_NUMBER.fullmatch(words[1]) and not row:
        return f"{words[0]} {words[1]}"
    return words[0]


def measure(texts: list[str]) -> Measure:
    """The measure of a copy's content lines (`texts`, in reading order)."""
    stripped = [text.strip() for text in texts]
    width = typical_width(stripped)
    return Measure(width, _even_reach(stripped, width))


def typical_width(texts: list[str]) -> float:
    """The width of a full line in characters: the upper quartile of line lengths."""
    lengths = [len(text.strip()) for text in texts]
    if len(lengths) < 4:
        return float(max(lengths))
    return quantiles(lengths, n=4)[2]


def _even_reach(texts: list[str], width: float) -> int | None:
    """The length no line of an evenly wrapped copy passes, or None for proportional type.

    The wraps seen are the lines a lower-case word goes on from.  In proportional
    type the longest lines pass the typical one by far and many wraps would have
    fitted on them; in an evenly wrapped copy the longest lines are as long as lines
    get, and next to every wrap would have overrun them.
    """
    lengths = sorted(len(text) for text in texts)
    reach = lengths[int(EVEN_REACH_SHARE * (len(lengths) - 1))]
    fits = [
        len(text) + 1 + len(following.split()[0])
        for text, following in pairwise(texts)
        if following[:1].islower()
        and len(text) >= WRAP_SAMPLE_LINE * width
        and not text.endswith((*BREAK_HYPHENS, "/"))
    ]
    if len(fits) < EVEN_SAMPLE:
        return None
    overrun = sum(fit > reach for fit in fits) / len(fits)
    return reach if overrun >= EVEN_WRAPS else None


def mark_breaks_on_purpose(
    lines: list[TextLine], content: list[int], widths: Measure
) -> list[TextLine]:
    """An evenly wrapped copy's breaks on purpose, marked as a blank line marks them.

    A line that had room for the next line's first word ends what it holds: a
    paragraph, a heading, a list or table line, a displayed command.  Marked as a
    paragraph start, the next line is read as in a copy with blank lines between
    its paragraphs, where a sentence the break cuts may still go on.  `content`
    are the indices of the content lines.
    """
    result = list(lines)
    texts = [lines[index].text.strip() for index in content]
    for position, (before, index) in enumerate(pairwise(content)):
        if index > before + 1 and _cut_by_page(texts[position], texts[position + 1]):
            continue
        if _goes_on_lower(texts, position):
            continue
        reach = box_reach(texts, position, widths.reach) if widths.reach else None
        # No break on purpose leaves a noun phrase open ("… ein fremder" / "Kranich, …").
        if widths.deliberate(
            lines[before].text, lines[index].text, reach=reach
        ) and not _wants_noun(texts[position]):
            result[index] = lines[index].model_copy(update={"starts_paragraph": True})
    return result


def _goes_on_lower(texts: list[str], position: int) -> bool:
    """The sentence the line at `position` leaves open goes on in lower case ("Linsen
    los, wenn du kurz vor" / "dem Ziel …" in a box set narrower than the column), from a
    word in lower case or a comma: no break on purpose, however short the line.  Not
    after a colon or a letter's salutation ("Liebe Gänsefreunde," / "seit fünfzig Jahren
    …"), nor before a lettered item ("b) die …"), a displayed command ("… über" / "ant
    javadoc") or items listed alike ("Spielerin W hat" / "sechs Kaninchen auf …" /
    "zwei Pinguine auf …").  A word broken by a hyphen is left to `resumes`."""
    text, following = texts[position], texts[position + 1]
    words = text.split()
    last = words[-1] if words else ""
    after = texts[position + 2] if position + 2 < len(texts) else ""
    return (
        goes_on(text, following)
        # A list's line or a table's row ends on its noun or number ("… mit einem roten
        # Specht" / "das Astloch …", "Wertung Punkte" / "jedes gefangene Hütchen 2").
        and (last.endswith(",") or last[:1].islower())
        and not last.endswith(":")
        and not (last.endswith(",") and len(words) <= SALUTATION_WORDS)
        and not text.endswith(BREAK_HYPHENS)
        and _prose(text)
        and _prose(following)
        # Items listed alike, the first opened after the line or on it ("Zwei gewürfelte
        # Paare …," / "drei gewürfelte Paare …").
        and not listed(following, after)
        and words[1:2] != following.split()[1:2]
    )


def _prose(text: str) -> bool:
    """Running text with a function word, as no displayed command has ("java -jar
    jar/blocus.jar c")."""
    return running_text(text) and any(word.casefold() in STOP_WORDS for word in text.split())


def _wants_noun(text: str) -> bool:
    """The line ends in an article, or in an adjective after one ("… ein fremder")."""
    words = text.split()
    return bool(words) and (
        words[-1].casefold() in DETERMINERS
        or (
            len(words) > 1
            and words[-2].casefold() in DETERMINERS
            and bool(INFLECTED.match(words[-1]))
        )
    )


def _cut_by_page(text: str, following: str) -> bool:
    """A sentence the page's end cuts, its page number or running head between: the
    line ended where the page did ("Beim Hüpfen werden alle Felder mitgezählt," / "- 2 -"
    / "auch die besetzten.", "… müßte in der" / "- 3 -" / "Dachrinne …")."""
    return not terminal(text) and (following[:1].islower() or ends_open(text))


def box_reach(texts: list[str], position: int, reach: int) -> int:
    """The reach of the narrow box the line at `position` stands in, else `reach`.

    A box set narrower than the column wraps at its own reach: the lines on one side
    of the line, itself included (`BOX_LINES`), stay well inside the column's reach,
    and two or more of them that come near their longest are wraps (a hyphen at the
    end, a lower-case word after).  A list's short lines end on purpose, not as wraps.
    Of the boxes the windows show, the narrowest is the line's: a paragraph of the
    column that happens to stop short lies above a margin note ("Hinweis" and four lines
    of 28 characters), no box of the note's width.
    """
    found = reach
    # A short box between full lines ("Hinweis:" and four lines) shows in the few lines
    # around the line, on either side of it or across it.
    short = [
        range(start, start + BOX_MIN_LINES)
        for start in range(max(0, position - BOX_MIN_LINES + 1), position + 1)
        if start + BOX_MIN_LINES <= len(texts)
    ]
    # A box longer than that shows as the run of lines around the line that all stay
    # inside the column's reach ("Beispiel:" and seven lines of 38 characters in 44), set
    # clearly narrower than lines of a narrow column that happen to stop short.
    inside = reach - BOX_SLACK
    start = end = position
    while start > 0 and len(texts[start - 1]) < inside:
        start -= 1
    while end + 1 < len(texts) and len(texts[end + 1]) < inside:
        end += 1
    narrow = max(len(texts[i]) for i in range(start, end + 1)) <= reach - 2 * BOX_SLACK
    run = [range(start, end + 1)] if len(texts[position]) < inside and narrow else []
    for window in (
        range(max(0, position - BOX_LINES + 1), position + 1),
        range(position, min(len(texts), position + BOX_LINES)),
        *short,
        *run,
    ):
        longest = max(len(texts[i]) for i in window)
        if len(window) == BOX_MIN_LINES and longest >= SHORT_BOX * reach:
            continue  # a few lines of the column that happen to stop short
        wraps = [
            i
            for i in window
            if i + 1 < len(texts)
            and len(texts[i]) >= longest - BOX_SLACK
            and (texts[i].endswith(BREAK_HYPHENS) or texts[i + 1][:1].islower())
        ]
        if longest < reach - BOX_SLACK and len(wraps) >= 2:
            found = min(found, longest)
    return found


def local_width(lines: list[TextLine], content: list[int], position: int, width: float) -> float:
    """The body width around a content line: its neighbours' longest line, at most `width`.

    A column beside a picture or the narrow column of a two-column page is set
    narrower than the page's typical line; its lines are full for that column.
    `position` is the line after the one judged: the lines before it and that next
    line (the body under a heading) tell the width.
    """
    window = content[max(0, position - LOCAL_LINES) : position + 1]
    return min(width, max(len(lines[i].text.strip()) for i in window))


def mark_sentence_starts(
    lines: list[TextLine], content: list[int], capitalised_inside: set[str]
) -> list[TextLine]:
    """In an evenly wrapped copy, a sentence that opens after a line left without a
    sentence end starts a paragraph, as a break on purpose does (`sentence_after`)."""
    result = list(lines)
    for before, index in pairwise(content):
        if sentence_after(lines[before].text, lines[index].text, capitalised_inside):
            result[index] = lines[index].model_copy(update={"starts_paragraph": True})
    return result


def sentence_after(text: str, following: str, capitalised_inside: set[str]) -> bool:
    """A line that wants nothing more over the start of a sentence: a heading, a list
    or table line, an address that happened to fill its line ("Wertung der Schätze am
    Spielende" / "Die Spieler zählen …").

    The line ends no sentence and wants no next word: it ends in no comma, hyphen,
    function word ("… mit der" / "Die …"), number ("… vor über 11.000" / "Jahren
    …") or inflected adjective ("… für eine lange" / "Zeit …"), and leaves no
    bracket open ("(wie rechts" / "Beispiel 3 zeigt)"); the next line opens with a
    capitalised function word of two letters at least, not set in capitals
    ("KEINE"), that the copy never capitalises inside a sentence ("Die", "Nach",
    not the polite "Sie"), or with a run-in label ("Rückenwind: Zieh …").
    """
    stripped = text.strip()
    last = stripped.split()[-1] if stripped else ""
    first = (following.split() or [""])[0]
    return (
        bool(last)
        and not terminal(stripped)
        and not stripped.endswith((",", *BREAK_HYPHENS, "/"))
        and stripped.count("(") <= stripped.count(")")
        and not ends_open(stripped)
        and not last[-1:].isdigit()
        and not INFLECTED.match(last)
        and not begun_with_function_word(stripped)
        and (
            (
                len(first) > 1
                and first[:1].isupper()
                and not first.isupper()
                and first.casefold() in STOP_WORDS
                and first.casefold() not in capitalised_inside
            )
            # or a run-in label ("Die Ereigniskarten im Überblick" / "Rückenwind: …")
            or LABELLED_OPENER.match(following.strip()) is not None
        )
    )
