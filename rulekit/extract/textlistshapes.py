"""Two lines one under another that are lines of one list or table, one item a line
whatever their punctuation: counted things, pieces of the material, labelled lines,
rows of values; and a line that runs on into the next, which no list's line does.

`textshapes` reads what a single line opens or ends with; these read a line with the
next.
"""

from __future__ import annotations

import re

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.textcredits import name_wraps
from rulekit.extract.textrows import (
    ACROSS_ROW,
    CELLS_ROW,
    DESCRIBED_ROW,
    EQUATION_ROW,
    LEADER_ROW,
    NUMBERS_ROW,
    TAB_ROW,
    VALUE_PAIR,
    VALUE_ROW,
    VALUES_ROW,
    counted_up,
    numbered_on,
)
from rulekit.extract.textshapes import (
    BOX_FACT_LINE,
    BOX_FACTS,
    COUNTED,
    INFLECTED,
    LIST_MARKER,
    MARKER_ONLY,
    OPENING_QUOTES,
    RUN_IN_LABEL,
    ends_open,
    goes_on,
    has_word,
    label_runs_on,
    open_count,
    running_text,
    terminal,
    wants_more,
)

# A word closed by a sentence's end inside a line.
_SENTENCE_END = re.compile(r"[^\W\d_]{2}[.!?]\s")


def listed(text: str, following: str) -> bool:
    """Two lines of a list, one a line whatever their punctuation: both open alike.

    Counted things ("4 Brücken" / "24 Wasserplättchen", "1 Punkt für …,"), labelled
    lines ("Gestaltung: ..." / "Design: ..."), things described in brackets
    ("Bienenstöcke (gelb, …)" / "Blumenfelder (grün, …)"), rows of names and values, rows of a
    label and its value ("Aussetzen 15" / "Joker 25") or its cells ("Dorf 2 Punkte je
    Plättchen 1 Punkt je Plättchen" / "Wappen 2 Punkte 1 Punkt"), terms and what they stand for
    ("Drilling = …" / "Vierling = …"), rows with dot leaders ("Joker ...... 25 Punkte")
    or with cells parted by a tab, rows of a table set across the page ("Felder 1 2 3
    4" / "Karotten 1 3 6 10"), or rows of as many numbers ("2 3" / "4 10").  A line
    that ends a sentence or a marker alone is judged by its punctuation, and one
    that opens a bracket goes on inside it ("(mit Werten von 1 bis 7, davon" / "42 …)").
    """
    text, after = text.strip(), following.strip()
    if terminal(text) or MARKER_ONLY.match(text) or text.count("(") > text.count(")"):
        return False  # a sentence's end, or a bracket the next line closes
    return bool(
        # "16 Spielfiguren in Rot, …," / "je 4 pro Farbe": how they are shared goes on.
        (_counts(text) and _counts(after) and not (text.endswith(",") and after.startswith("je ")))
        # A line left open goes on in lower case: "… den Überblick zu" / "behalten: Hakt …",
        # "… jede beliebige Farbe" / "eingesetzt werden. (Beispiel: Rot 4 …".
        or (
            RUN_IN_LABEL.match(text)
            and RUN_IN_LABEL.match(after)
            and not (
                after[:1].islower()
                and (ends_open(text) or _SENTENCE_END.search(after.split(":")[0]))
            )
            and not label_runs_on(text)
            and not name_wraps(text, after)
        )
        or (DESCRIBED_ROW.match(text) and DESCRIBED_ROW.match(after))
        or (VALUES_ROW.match(text) and VALUES_ROW.match(after))
        or (CELLS_ROW.match(text) and CELLS_ROW.match(after))
        or value_rows(text, after)
        or (EQUATION_ROW.match(text) and EQUATION_ROW.match(after))
        or (LEADER_ROW.match(text) and LEADER_ROW.match(after))
        or (TAB_ROW.match(text) and TAB_ROW.match(after))
        or (ACROSS_ROW.match(text) and ACROSS_ROW.match(after))
        or (
            NUMBERS_ROW.match(text)
            and NUMBERS_ROW.match(after)
            and len(text.split()) == len(after.split())
        )
        or counted_up(text, after)
        or numbered_on(text, after)
        or alike_rows(text, after)
    )


def alike_rows(text: str, following: str) -> bool:
    """Two rows of a table that say the same but for their numbers ("als 1. Maus 10
    Nüsse" / "als 2. Maus 20 Nüsse"): no two lines of running text are so alike."""
    shape = _NUMBER.sub("#", text.strip())
    return (
        "#" in shape
        and _NUMBER.sub("#", following.strip()) == shape
        and text.strip() != following.strip()
        and has_word(shape)
    )


_NUMBER = re.compile(r"\d+")


def _counts(text: str) -> bool:
    """A line that counts something, as a list's line does ("4 Brücken", "je 9 helle
    Steine"), not running text that a wrap opened with a number ("10 haben. Sie zieht …"
    / "57 und zahlt 3 Zuckerstücke.")."""
    words = text.split()
    after = words[1] if len(words) > 1 and words[0] != "je" else (words[2:3] or [""])[0]
    return (
        COUNTED.match(text) is not None
        and not (after[:1].islower() and after.casefold() in STOP_WORDS)
        and not re.search(r"[.!?]\s+[A-ZÄÖÜ]", text)
    )


# The shortest noun that names a piece ("Uhr", "Hut").
MIN_PIECE_NOUN = 3


def listed_pieces(text: str, following: str, first: str = "") -> bool:
    """Two items of a component list, one of them counted, neither with a verb: "6
    Hamsterfiguren in sechs Farben" / "Körnermarken im Wert von 1, 5, 10 und 20
    Körnern" / "18 Nußkarten"; one a line, however short the lines.  A counted piece
    also follows one whose description ran over lines from its `first` ("96
    Zahlenkarten: die Zahlen 1 bis 12 in den Farben" / "Rot, Gelb, Grün und Blau, jede
    Karte zweimal" / "8 Joker")."""
    text, after = text.strip(), following.strip()
    if terminal(text) or ends_open(text) or text.count("(") > text.count(")"):
        return False  # "5 Spielfiguren in" / "Farben" goes on
    if (
        COUNTED.match(first.strip())
        and COUNTED.match(after)
        and _names_pieces(after)
        and not text.endswith((",", *BREAK_HYPHENS))
    ):
        return True
    if text.endswith(",") and not COUNTED.match(after):
        return False  # "16 Spielfiguren in den Farben Rot," / "Gelb, Grün und Blau"
    return (
        bool(COUNTED.match(text) or COUNTED.match(after))
        and (after[:1].isupper() or after[:1].isdigit())
        and _names_pieces(text)
        and _names_pieces(after)
        # Names that run on are the rest of the piece's line ("… in den Farben" / "Gelb,
        # Rot, Blau, Grün, Weiß und" / "Schwarz"), and so is a line that only enumerates
        # names ("… je 4 in den Farben" / "Rot, Gelb, Grün, Blau, Weiß und Schwarz").
        and not (after.endswith(",") or wants_more(after) or _enumeration(after))
    )


def _enumeration(text: str) -> bool:
    """Names listed by commas and a last "und" or "oder", without a count: "Rot, Gelb,
    Grün, Blau, Weiß und Schwarz"."""
    parts = re.split(r",\s*|\s+(?:und|oder)\s+", text.strip().rstrip("."))
    return (
        len(parts) >= ENUMERATED_NAMES
        and re.search(r"\s(?:und|oder)\s", text) is not None
        and all(re.fullmatch(r"[A-ZÄÖÜ][^\W\d_]+", part) for part in parts)
    )


# A line of this many names or more, joined by commas and "und", only enumerates.
ENUMERATED_NAMES = 3


# Verbs among the stop words: a line with one says something, it lists no piece.
_AUXILIARIES = frozenset(
    {"ist", "sind", "war", "waren", "hat", "haben", "hatte", "wird", "werden", "kann", "darf"}
)


def _names_pieces(text: str) -> bool:
    """Nouns, numbers and function words only: what a component list's line holds (not
    a diagram's notation, "Z0Z0Z0Z0")."""
    words = re.findall(r"[^\W\d_]+", text)
    nouns = [w for w in words if len(w) >= MIN_PIECE_NOUN and w[:1].isupper() and w[1:].islower()]
    return (
        bool(nouns)
        and all(w in nouns or w.lower() in STOP_WORDS - _AUXILIARIES for w in words)
        # A sentence ends inside ("… bei Aufgabe 3. Auf dem"): running text.
        and not re.search(r"[.!?]\s+[A-ZÄÖÜ]", text)
    )


# A count after a preposition that wants what it counts, in running text ("… läuft sie
# mit 2" / "Feldern"); `open_count` leaves these out, as a line of a list may end so.
_COUNT_AFTER = re.compile(r"\b(?:mit|um|von|zu)\s+\d+$")


def value_rows(text: str, following: str) -> bool:
    """Two rows of a two-column table, a label and its value each ("Aussetzen 15" /
    "Joker 25", "1-9 5" / "10-12 10"): a row each, however short.  A line in lower case
    and running text that does not end in its value, or whose first word closes a clause,
    goes on with the sentence above ("Grün zieht deshalb auf Feld 19" / "zurück und
    bekommt für die 4 Felder"); a row's label does not ("im Basislager 0", "jede nicht
    ausgespielte Tarnkappe 1")."""
    return bool(
        VALUE_ROW.match(text.strip())
        and VALUE_ROW.match(following.strip())
        # A clause whose count wants its noun ("Im nächsten Zug läuft sie mit 2" /
        # "Feldern für 3 Spargel") is no row's label.
        and not ((open_count(text) or _COUNT_AFTER.search(text.rstrip())) and running_text(text))
        # The box's facts are no table's rows ("… für 2 bis 6 Spieler" / "ab 10 Jahren").
        and not (BOX_FACTS.search(text) and BOX_FACT_LINE.match(following.strip()))
        and not (
            goes_on(text, following)
            and running_text(following)
            # ends in no value, or closes the clause above with its first word ("… 15
            # Lauch" / "bezahlen, für 6 Felder sogar 21")
            and (not following.rstrip()[-1:].isdigit() or following.split()[0].endswith(","))
        )
    )


def runs_on(text: str, following: str) -> bool:
    """The line leaves a sentence open that the next line goes on with, wherever it
    breaks: it ends in a hyphen, a function word ("Von der Bucht von" / "Atlantis …")
    or an inflected adjective, leaves a bracket open, or the next line goes on in lower
    case ("Die Wegeplättchen werden" / "nach …"), or after a word with a number, a
    bracket or a quote ("… zählt" / "1 Siegpunkt.", "12 Spielfiguren" / "(je 3 …)").
    Not the lines of a list (`listed`), nor a line that ends a sentence.  A comma says
    nothing: clauses may be set one to a line ("Zwei Paare geben einen Zusatzpunkt," /
    "3 Zusatzpunkte bei …").
    """
    stripped, after = text.strip(), following.strip()
    if not stripped or not after or terminal(stripped) or listed(stripped, after):
        return False
    last = stripped.split()[-1]
    return bool(
        stripped.endswith(BREAK_HYPHENS)
        or stripped.count("(") > stripped.count(")")
        or ends_open(stripped)
        or INFLECTED.match(last)
        or goes_on(stripped, after)
        # After a word, not after a closed bracket or quote, which may end an item.
        or (
            stripped[-1:].isalpha()
            and (after[:1] in ("(", *OPENING_QUOTES) or after[:1].isdigit())
            and not LIST_MARKER.match(after)
        )
    )


def table_goes_on(before: list[str], rows: list[str]) -> bool:
    """A wrap inside a table: the lines `before` end in column titles (words alone) or
    in a row (a pair of values side by side), and the lines after hold a pair too.

    Titles and cells set nouns side by side ("Gebiet Schlechtester Wert Skala Bester"
    / "Wert", "Handel Die Märkte ruhen 1 20 Blühender" / "Handel"), and a wrap may
    carry the last of them to a line of its own: neither is a heading there.
    """
    if not before or not VALUE_PAIR.search(" ".join(rows)):
        return False
    return not any(c.isdigit() for c in before[-1]) or bool(VALUE_PAIR.search(" ".join(before)))


def closed_item(opening: str, text: str, following: str) -> bool:
    """An item of counted things ends with its bracket: `text`, the last line of the item
    that `opening` starts, closes it before a line that is no continuation ("12
    Spielfiguren" / "(je 3 in den 4 Farben)" over "1 Zielfeld", or over a heading)."""
    text, after = text.strip(), following.strip()
    return (
        text.endswith(")")
        and bool(COUNTED.match(opening.strip()) or COUNTED.match(after))
        and not after[:1].islower()
    )
