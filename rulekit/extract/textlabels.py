"""Figure labels and names in a text copy: short names stacked beside a picture or
among its callout numbers, the name a paragraph goes on about, and the whole sentences
that are no labels."""

from __future__ import annotations

import re
from itertools import pairwise

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.textshapes import LIST_MARKER, TRAILING_CLOSERS
from rulekit.extract.wordclasses import DETERMINERS
from rulekit.model import LineRole, TextLine

# The most words of a figure label set on a line of its own.
_LABEL_WORDS = 2
# Names one under another that make a picture's labels, with no callout beside them.
_LABEL_RUN = 3
# A heading, set larger than the body, fits this share of a body line's characters.
_HEADING_LINE = 0.75
# The fewest words of a sentence set narrow beside a picture.
_SENTENCE_WORDS = 5
# Plural endings of German nouns, longest first ("Felder", "Karten", "Steine", "Hasen").
_PLURAL_ENDINGS = ("er", "en", "e", "n", "s")
# The fewest letters left of a noun without its plural ending.
_MIN_STEM = 4
# The fewest letters of the head two compound names share ("-felder", "-karten").
_MIN_HEAD = 5


def name_line(text: str) -> bool:
    """A line of a word or two that is no count: a label, a name, a heading."""
    return len(text.split()) <= _LABEL_WORDS and not text[:1].isdigit()


def name_item(text: str) -> bool:
    """A name of a word or two alone on its line, capitalised and not broken: an item
    of a list of names ("Radieschenfelder" / "Maulwurfsfelder")."""
    words = text.split()
    return (
        name_line(text)
        and text[:1].isupper()
        # words, not a diagram's notation ("Z0Z0Z0Z0", "P")
        and all(len(word) > 1 and word.replace("-", "").isalpha() for word in words)
    )


def described_alike(before: str, text: str) -> bool:
    """Two names described alike, the same word after each ("Blütenfelder mit einer
    gelben Rapsblüte" / "Platzfelder mit einer Zahl von 1 bis 4")."""
    first, second = before.split()[:2], text.split()[:2]
    return (
        len(first) == len(second) == 2
        and first[0][:1].isupper()
        and second[0][:1].isupper()
        and first[1].islower()
        and first[1] == second[1]
    )


def kinds_told_in_turn(first: str, text: str) -> bool:
    """Kinds of one thing told a paragraph each, each opened by its compound name and a
    verb ("Wegfelder zeigen nur ihre Nummer; …" / "Salatfelder tragen einen Salatkopf; …")."""
    first_words, words = first.split()[:2], text.split()[:2]
    if len(first_words) < 2 or len(words) < 2 or first_words[0] == words[0]:
        return False
    names = [first_words[0], words[0]]
    shared = next(
        (n for n, (a, b) in enumerate(zip(names[0][::-1], names[1][::-1], strict=False)) if a != b),
        min(map(len, names)),
    )
    return (
        all(name[:1].isupper() and name.isalpha() for name in names)
        and shared >= _MIN_HEAD
        and all(len(name) - shared >= _MIN_STEM - 1 for name in names)
        and all(
            word.isalpha() and word.islower() and word not in STOP_WORDS
            for word in (first_words[1], words[1])
        )
    )


def described_things(before: str, text: str) -> bool:
    """Two things described alike by what they show, an article after the shared word
    ("Nussfelder mit einer Haselnuss" / "Astfelder mit einem grünen Zweig"), not a
    picture's labels ("Besatzer-Einheiten hier aufstellen" / "Befreier-Einheiten hier …")."""
    first, second = before.split()[:3], text.split()[:3]
    return (
        described_alike(before, text)
        and len(first) == len(second) == 3
        # each opens with the thing's name, no pronoun ("Wer auf einem Feld …")
        and not {first[0].casefold(), second[0].casefold()} & STOP_WORDS
        and first[2] in DETERMINERS
        and second[2] in DETERMINERS
    )


def stacked_names(texts: list[str], width: float) -> bool:
    """Short names set one under another: labels beside a picture, not a wrapped heading.

    A line breaks where the next word no longer fits, so a short line whose
    next line's first word would have fitted on it, even in a heading's larger
    type, was set apart on purpose.  Each line is a name of a word or two; a
    hyphen at a line end is a wrap.
    """
    return (
        len(texts) >= 2
        and all(
            len(text.split()) <= _LABEL_WORDS and not text.endswith(BREAK_HYPHENS) for text in texts
        )
        and all(
            len(text) + 1 + len(following.split()[0]) <= _HEADING_LINE * width
            for text, following in pairwise(texts)
        )
    )


def names_what_follows(name: str, text: str) -> bool:
    """The text under a stack of names is about its last one: headings, not picture labels.

    "Spielmaterial" / "Spielplan" over "Der Spielplan zeigt ..." heads a paragraph;
    labels beside a picture are not what the next paragraph talks about.  The name
    may stand inside a compound or inflected ("Spielplans", "Tellerset"), and the
    text may name one where the heading names them all ("Kleefelder" over "Wer seinen
    Zug auf einem Kleefeld beendet, …").
    """
    words = [w.casefold() for w in re.findall(r"\w+", name) if len(w) > 3]
    if not words or not re.match(r"\s*[A-ZÄÖÜ]", text):
        return False
    opening = text.casefold().split(".")[0]
    return all(word in opening or _singular(word) in opening for word in words)


def _singular(word: str) -> str:
    """The word without a plural ending ("felder" -> "feld", "karten" -> "karte"), if
    at least four letters stay."""
    for ending in _PLURAL_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= _MIN_STEM:
            return word[: -len(ending)]
    return word


def juxtaposed_nouns(text: str, following: str) -> bool:
    """A heading line that ends in a noun over one that opens with a noun: two headings
    ("Die Tabellenfunktionen des Wirkungsgefüges" over "Experimentiermöglichkeit für
    ..."), for a heading wrapped between two nouns would join them with a word ("und",
    "der", "für").  A capitalised function word ("Die", "Ihr") opens no noun."""
    last, first = text.split()[-1], following.split()[0]
    return (
        last[:1].isupper()
        and last.isalpha()
        and first[:1].isupper()
        and first.isalpha()
        and first.casefold() not in STOP_WORDS
    )


def whole_sentence(texts: list[str]) -> bool:
    """Lines that read as a sentence: several words, a verb or adjective among them
    (a lower-case word that is no function word), and a full stop, "!" or "?" at the end.
    A legend beside a picture names things, and its list ("- auf diese Felder ziehen")
    speaks of the picture; neither is a sentence of the body."""
    text = " ".join(t.strip() for t in texts)
    words = re.findall(r"[^\W\d_][\w-]*", text)
    return (
        not LIST_MARKER.match(text)
        and len(words) >= _SENTENCE_WORDS
        and text.rstrip(TRAILING_CLOSERS)[-1:] in (".", "!", "?")
        and any(w[:1].islower() and w.casefold() not in STOP_WORDS for w in words)
    )


def label_runs(lines: list[TextLine], units: list[list[int]], roles: list[LineRole]) -> None:
    """Names set one a line among a picture's labels are labels too (their role becomes
    "figure"): three or more one under another ("Teichfeld" / "Weiß" / "Lila"), as no
    heading stands over its subheading, and two or more beside the callout numbers the
    layout took out ("Startfeld" / "Stall" / "1" / "2")."""
    runs: list[list[int]] = []
    for number, unit in enumerate(units):
        if not _label_unit(lines, unit, roles[number]):
            continue
        previous = units[number - 1][0] if number else -1
        between = lines[previous + 1 : unit[0]]
        if runs and runs[-1][-1] == number - 1 and all(line.role == "artefact" for line in between):
            runs[-1].append(number)
        else:
            runs.append([number])
    for run in runs:
        if len(run) >= _LABEL_RUN or (len(run) > 1 and _beside_callout(lines, units, run)):
            for member in run:
                roles[member] = "figure"


def _label_unit(lines: list[TextLine], unit: list[int], role: LineRole) -> bool:
    text = lines[unit[0]].text.strip()
    return (
        len(unit) == 1 and role in ("heading", "figure") and name_line(text) and text[-1:].isalpha()
    )


def _beside_callout(lines: list[TextLine], units: list[list[int]], run: list[int]) -> bool:
    """A callout number the layout took out stands right before or after the run."""
    first, last = units[run[0]][0], units[run[-1]][0]
    return any(
        0 <= index < len(lines) and lines[index].artefact == "callout"
        for index in (first - 1, last + 1)
    )
