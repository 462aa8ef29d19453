"""The shapes of a text extract's lines: list markers, labels, counts, sentence ends.

What a line opens or ends with tells a list item from running text and a sentence's
end from an abbreviation; a line read with the next tells lines of one list from a
sentence that goes on (`textlistshapes`).  `textlayout` reads the roles of the lines
from these shapes and their widths.
"""

from __future__ import annotations

import re
from itertools import pairwise

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.lang.de.tokenizer_exceptions import TOKENIZER_EXCEPTIONS

from rulekit.extract.lexicon import german_lexicon
from rulekit.extract.textcredits import CREDITS_RUN
from rulekit.extract.wordclasses import (
    DETERMINERS,
    INFLECTED_POSSESSIVES,
    POLITE,
    POSSESSIVES,
)

# A line opened by a run-in label: "Gestaltung: Michaela Kienle", "(R)andomplayer: die ...",
# "Wespenfelder (Wespe im Astloch): Felder 7, …".
RUN_IN_LABEL = re.compile(
    r"^(?:[^\s:]+(?:\s+[^\s:]+){0,2}|[^\s:(]+(?:\s+[^\s:(]+)?\s+\([^():]{1,40}\)):\s+\S"
)
# The fewest lower-case words of a line of running text.
RUNNING_WORDS = 3
# A line that counts something: "4 Brücken", "12 Spielfiguren (je 3 ...)", "je 9 helle
# Steine".
COUNTED = re.compile(r"^(?:je\s+)?\d{1,3}\s*(?:[x×]\s*)?[^\W\d_]")
# A counted thing named by a word, not a board's row ("7 P KKKKKK P"): "4 Brücken".
COUNTED_THING = re.compile(r"^(?:je\s+)?\d{1,3}\s*(?:[x×]\s*)?[^\W\d_]{3,}")
# A table's row that opens with its number, then a count ("1 2 Drillinge", "3 1 Drilling
# + 1 Viererfolge").
NUMBERED_ROW = re.compile(r"^\d{1,2}\s+\d{1,3}\s*(?:[x×]\s*)?[^\W\d_]{3,}")
# A lower-case word with an adjective's ending: "übereinanderliegenden", "rote".
INFLECTED = re.compile(r"^[a-zäöüß]+(?:e|em|en|er|es)$")

# The facts on a box: how many play, from what age ("für 2 bis 6 Spieler", "2–4
# Personen", "ab 8 Jahren", "von 6 Jahren an", "6 bis 99 Jahre").
_AGE = r"(?:ab\s+\d+\s+Jahren\b|von\s+\d+\s+Jahren\s+an\b|\d+\s*(?:-|–|bis)\s*\d+\s+Jahren?\b)"
BOX_FACTS = re.compile(
    rf"\b\d+\s*(?:-|–|bis)\s*\d+\s+(?:Spieler|Mitspieler|Personen|Kinder)|\b{_AGE}"
)

# A line of the box's facts, one a line under the title: "2–4 Spieler", "ab 5 Jahren",
# "ca. 25 Minuten".
BOX_FACT_LINE = re.compile(
    r"^(?:[Ff]ür\s+)?(?:\d+\s*(?:-|–|bis)\s*\d+\s+(?:Spieler|Mitspieler|Personen|Kinder)"
    rf"|{_AGE}|(?:ca\.|etwa)\s+\d+(?:\s*(?:-|–|bis)\s*\d+)?\s+Min(?:uten|\.)"
    # players named after the game's theme, then their age: "Für 2 bis 6 Hexen und Hexer
    # ab 9 Jahren"
    rf"|\d+\s*(?:-|–|bis)\s*\d+\s+[A-ZÄÖÜ]\w*(?:\s+\S+){{0,3}}\s+{_AGE})"
)

# How long a game lasts, at the end of its line: "Spieldauer: ca. 45 Minuten".
BOX_DURATION = re.compile(r"\d+\s+Min(?:uten|\.)$")

# A figure's caption: "Abbildung 1: Startaufstellung …", "Abb. 3".
CAPTION = re.compile(r"^(?:Abbildung|Abb\.|Bild)\s*\d+[a-z]?\b[.:]?")
# An icon or picture copied as its alternative text, a line of words in square
# brackets: "[Symbol Karte ziehen]", not a task's points ("[30 Punkte]").
ICON_TEXT = re.compile(r"^\[[^\W\d_][^\[\]]{0,59}\]$")

# Glyphs that mark the items of a list: bullets, dashes, ticks, arrows (a scan reads
# an arrow "→" as ">").
BULLETS = "•◦▪▫●○■□‣∙·–—*►▶➤✓✔→➔➜>-"
# A section number ("2.4.1"), not a count with thousands points ("10.000 Punkte").
SECTION_NUMBER = r"(?!\d{1,3}(?:\.\d{3})+\b(?!\.\d))\d+(?:\.\d+)+\.?"
# The bullets that open an item of a list in a copy ("• 6 Schneckenfiguren"): dots,
# squares, diamonds, triangles and arrowheads, check marks, a star or a dash.
ITEM_BULLET = "[•▪◦‣●○■□◆◇►▶▸➤➢✓✔*–-]"
# The number that opens an item: "3.", "3)" or, as the paragraphs of a statute, "(3)".
ITEM_NUMBER = r"(?:\d{1,2}[.)]|\(\d{1,2}\))"
# A letter item ("a) ...", "b. ...") is no abbreviation of single letters ("z. B.", "u. a.").
LIST_MARKER = re.compile(
    rf"^(?:{ITEM_BULLET}\s|{ITEM_NUMBER}(?:\s|$)|[a-z][.)]\s(?!\w\.)|{SECTION_NUMBER}\s)"
)
# Words with which a clause announces the block after its colon: "… mit diesen
# Änderungen:", "Folgende Karten gibt es:", "… in dieser Reihenfolge:", "wie folgt:",
# and the things it counts for it ("… zwei Alternativen anbieten:").
ANNOUNCING = re.compile(
    r"\b(?:folgend\w*|nachstehend\w*|diese[nmrs]?|wie folgt|gibt es|es gibt|Reihenfolge"
    r"|Tabelle|Arten|Möglichkeiten|Alternativ\w*|Variant\w*|Schritte\w*"
    r"|(?:zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)\s+(?-i:[A-ZÄÖÜ])\w*)\b",
    re.IGNORECASE,
)
# The salutation of a letter to the players, on its own line before the letter goes on
# in lower case: "Liebe Spielfreunde," / "mit dem „Mohnrennen“ haben Sie …".
SALUTATION = re.compile(r"^(?:Liebe[rn]?|Hallo|Sehr geehrte[rn]?)\s[^.!?:]{1,40},$")
# A section sign and its number open a heading: "§ 2 Ziel des Spiels".
SECTION_SIGN = re.compile(r"^§\s*\d")
# A dash before a word in lower case goes on with its sentence; no bullet opens an item so.
DASH_GOES_ON = re.compile(r"^[–—]\s+[a-zäöüß]")
MARKER_ONLY = re.compile(rf"^(?:{ITEM_BULLET}|{ITEM_NUMBER})$")
NUMBERED_HEADING = re.compile(rf"^{SECTION_NUMBER}\s")
LABELLED_OPENER = re.compile(r"^[A-ZÄÖÜ][\w-]*(?:\.-?[\w-]+)*\.?:\s")
# A line that runs label after label, its last colon at its end: "(L/l: Leopard, P/p:".
INLINE_LABELS = re.compile(r":\s+\S.*:$")
# What parts the items of an imprint's or credits' line: "… Kassel · www.verlag.de".
ITEM_SEPARATORS = frozenset({"·", "•", "|"})
# A line that opens with a web or mail address: "www.verlag.de", "info@verlag.de, …".
WEB_ADDRESS = re.compile(r"^(?:www\.|\S*(?:@|://|[^\W\d_]\.[a-z]{2,4}(?:[/,;]|\s|$)))")
# A line of an imprint: a copyright, a web or mail address, a postcode before its town;
# one of four digits (the old German, the Austrian, the Swiss) after the street or
# country, closing the line ("…, DDR – 9434 Grünhain", "…, 7300 Esslingen am Neckar",
# "Am Wall 112 · 2800 Bremen 1" with the town's district, "DDR – 8300 Pirna, Am
# Gondelhafen 4" with the street after it).
IMPRINT = re.compile(
    r"©|\S+@\S+\.\w+|www\.\S+|\b\w+\.(?:de|com|net|org)\b|\b(?:D-)?\d{5}\s+[A-ZÄÖÜ]"
    r"|[,–·-]\s*(?:[A-Z]{1,2}-)?\d{4}\s+[A-ZÄÖÜ][a-zäöüß]+"
    r"(?:\s+(?:am|an der|im)\s+\S+|\s+\d{1,2}|,\s+[A-ZÄÖÜ][^,]*\s\d{1,4}[a-z]?)?$"
)
# A company's legal form, which ends its name: "GmbH", "GmbH & Co. KG", "Inc.".
LEGAL_FORM = re.compile(r"^(?:GmbH|AG|KG|OHG|KGaA|Inc\.|Ltd\.|S\.A\.|B\.V\.)(?:\W|$)")
# An abbreviation of two abbreviated words: "Best.-Nr.", "Art.-Nr.".
_DOTTED_COMPOUND = re.compile(r"^[A-ZÄÖÜ][a-zäöü]{0,4}\.-[A-ZÄÖÜ][a-zäöü]{0,4}\.$")
OPENING_QUOTES = '„‚»«"“'
# The quotes that close a quotation, a call after its mark: "„Stups!“", "»Halt!«".
CLOSING_QUOTES = '“”"«‘’'
TRAILING_CLOSERS = "\"')]»“”’"
# Abbreviations that end no sentence ("ca.", "bzw.", "d. h."), as spaCy's German
# tokenizer knows them; those a sentence often ends with ("usw.", "etc.", "II.") are left out.
ABBREVIATIONS = frozenset(
    form
    for form in TOKENIZER_EXCEPTIONS
    if form.endswith(".")
    and form not in {"usw.", "etc.", "usf.", "u.s.w.", "uvm.", "u.v.m."}
    and not set(form) <= set("IVX.")
)


def address_called(text: str, following: str) -> bool:
    """The line's colon calls for the address alone on the next line, which goes on with
    it ("Schreiben Sie uns:" / "service@verlag.de", "… zum Ausdrucken:" / "www.…")."""
    address = following.strip()
    return (
        text.rstrip().endswith(":")
        and " " not in address
        and WEB_ADDRESS.match(address) is not None
        and not address.endswith(":")
    )


def begun_with_function_word(text: str) -> bool:
    """The line ends a sentence and opens the next with a function word, which goes on
    in the next line ("© 2016 Windrose Spiele, Kiel. Alle" / "Rechte vorbehalten.")."""
    begun = _BEGUN_WORD.search(text.strip())
    return begun is not None and begun.group(1).casefold() in STOP_WORDS


# The one word after a sentence's end at a line's end: "… Kiel. Alle".
_BEGUN_WORD = re.compile(r"[.!?]\s+(\S+)$")


def terminal(text: str) -> bool:
    """Ends a sentence (or introduces what follows, with a colon); an abbreviation does not,
    nor the last label of credits run along a line ("… · Redaktion:" / "Jörg Saalfeld")."""
    stripped = text.strip()
    if not stripped or MARKER_ONLY.match(stripped) or stripped.split()[-1] in ABBREVIATIONS:
        return False
    # An abbreviation set in two parts ("(z. B." / "5-6-7-8)") goes on, and so does one
    # of two abbreviated words ("Best.-Nr." / "2507").
    if "".join(stripped.split()[-2:]).lstrip("(") in ABBREVIATIONS:
        return False
    if _DOTTED_COMPOUND.match(stripped.split()[-1]) or CREDITS_RUN.search(stripped):
        return False
    if LETTER_ABBREVIATION.fullmatch(stripped.split()[-1]):
        return False  # the first half of "d. h." or "z. B." at a line's end ("…, d." / "h. …")
    if open_ordinal(stripped):
        return False  # "… in den Fünflingen des 8. und des 10." / "Ankers: …"
    # A sentence trails off in an ellipsis ("… und ein ziemlich lauter Specht …").
    return stripped.rstrip(TRAILING_CLOSERS)[-1:] in (".", "!", "?", ":", ";", "…")


# One lower-case letter and its dot: no word ends a sentence so.
LETTER_ABBREVIATION = re.compile(r"[a-zäöüß]\.")
# Bounds that want the count they bound.
_BOUNDS = frozenset({"höchstens", "mindestens", "maximal", "genau"})
# A preposition, a conjunction, a bound or a plus and a number at a line's end: "… für
# 2–6 Spieler ab 10" / "Jahren", "… für 2 bis 6" / "Spieler", "… 1 Satz aus 3" /
# "Karten", "… aus 5 Karten + 1" / "Drilling", "Krümelfeld: stehen bleiben und 10" /
# "Krümel nehmen", "… höchstens 20" / "Krümel".
_OPEN_COUNT = re.compile(
    r"(?:\b(?:ab|von|für|aus|je|und|oder|höchstens|mindestens|maximal|genau)|\+|,)"
    r"\s+\d+(?:\s*[-–]\s*\d+)?$"
    # who a game is for, its players on the next line; a range of values is whole
    # ("… einer Zahl von 1 bis 4").
    r"|\bfür\s+\d+\s+bis\s+\d+$"
)
# An ordinal after a genitive or dative article or a contraction: "des 10.", "am 3.".
_OPEN_ORDINAL = re.compile(r"\b(?:des|dem|den|am|im|zum|vom|beim)\s+\d{1,3}\.$")
# The last of values listed ("im Wert von 1, 5, 10 und 50", "bei 3 oder 4"), no count.
_LAST_VALUE = re.compile(r"\d\S*\s+(?:und|oder)\s+\d+$")
# An address's postcode at a line's end, after the street or the post box, parted by a
# comma or a middle dot: "…, Lindenstraße 14, 96215", "… · Postfach 11 07 · 74523".
_OPEN_POSTCODE = re.compile(r"[,·•|]\s*(?:D-)?\d{5}$")
# Four digits: Germany's postcodes before 1993, Austria's and Switzerland's ("… · W-6900").
_OPEN_OLD_POSTCODE = re.compile(r"[,·•|]\s*(?:[ADW]-|CH-)?\d{4}$")
# A postcode and its town opening a line: "04109 Leipzig", "D-20095 Hamburg".
POSTCODE_TOWN = re.compile(r"(?:[A-Z]{1,2}-)?\d{4,5}\s+[A-ZÄÖÜ]")
# Words that never end a clause: conjunctions, articles, contractions (a preposition
# may be a verb's particle, "… von einem Gebiet aus"), and the words that announce the
# noun after them ("… gibt es folgende" / "Felder:").
# Words that count what an adjective after them describes: "acht verschiedene", "alle
# übrigen".
_COUNTING = frozenset(
    {"zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"}
    | {"alle", "beide", "viele", "einige", "mehrere", "wenige"}
)
_JOINERS = frozenset(
    {"und", "oder", "sowie", "ein", "eine", "einen", "einem", "einer", "eines", "des"}
    | {"folgende", "folgenden", "folgender", "folgendes", "nachstehende", "nachstehenden"}
    | {"der", "die", "das", "dem", "den", "als", "dass", "daß", "wenn", "weil", "falls"}
    | {"wie", "ob", "sobald", "solange", "bevor", "nachdem", "obwohl", "sodass"}
    | {"zum", "zur", "beim", "im", "am", "vom", "ins"}
)
# A heading said as a whole clause: "So", "Wie", "Hier" or "Jetzt", its finite verb
# second, a few words without a comma ("So spielst du", "So bereitet ihr das Spiel vor",
# "Jetzt geht es los").  Its last word may be a pronoun or a verb's particle, which end
# the clause there.
_CLAUSE_HEADING = re.compile(
    r"^(?:(?:So|Wie|Hier|Jetzt)\s+[a-zäöüß'’]+(?:\s+[^\s,;]+){0,4}|Das\s+[a-zäöüß]+\s+(?:du|ihr))$"
)


def wants_more(text: str) -> bool:
    """The line stops where no clause can: after a conjunction, an indefinite article
    or a contraction ("… Grün, Blau und" / "Braun"), or a count that wants its noun
    ("… für 2–6 Spieler ab 10" / "Jahren", "… Spieler von 6" / "Jahren an", "… mit
    Startfeld, 64" / "Rennfeldern").
    Stricter than `ends_open`, whose stop words hold verbs ("… mehr geht")."""
    words = text.split()
    return bool(words) and (words[-1] in _JOINERS or open_count(text) or open_ordinal(text))


def open_ordinal(text: str) -> bool:
    """The line ends in an ordinal after an article or a contraction that no sentence
    ends with, so it wants its noun ("… des 8. und des 10." / "Ankers", "… ab dem 3." /
    "Zug"), unlike a count a sentence may end in ("… würfelt eine 6.")."""
    return _OPEN_ORDINAL.search(text.rstrip()) is not None


def open_count(text: str) -> bool:
    """The line ends in a count that wants its noun (`_OPEN_COUNT`), not in the last of
    values listed (`_LAST_VALUE`)."""
    stripped = text.rstrip()
    return _OPEN_COUNT.search(stripped) is not None and not _LAST_VALUE.search(stripped)


def parted(text: str) -> bool:
    """The line ends in the mark that parts the items of a line ("Autorin: … · Grafik: …
    ·"), or in the number of the item after it ("Inhalt: 1. Spielidee · 2. Spielmaterial
    · 3."): the next line holds the next item."""
    words = text.split()
    return bool(words) and (
        words[-1] in ITEM_SEPARATORS
        or (
            len(words) > 1
            and words[-2] in ITEM_SEPARATORS
            and bool(re.fullmatch(ITEM_NUMBER, words[-1]))
        )
    )


# The infinitives a modal verb ends its clause with ("… muss frei werden"), and the modals.
_MODAL_INFINITIVES = frozenset({"werden", "sein", "haben"})
_MODALS = frozenset(
    {"muss", "muß", "müssen", "darf", "dürfen", "kann", "können", "soll", "sollen", "will"}
)


def open_postcode(text: str) -> bool:
    """The line ends in an address's postcode after its street or post box ("…,
    Lindenstraße 14, 96215", "… · Postfach 11 07 · 74523"): its town is on the next."""
    return _OPEN_POSTCODE.search(text.rstrip()) is not None


def ends_open(text: str) -> bool:
    """The line ends in a function word or a bound that wants the next ("… mit der",
    "… Sie", "… höchstens"), but for a heading said as a clause ("So spielst du") and a
    noun alone on its line.

    spaCy's stop words hold nouns too ("Jahren", "Beispiel", "Mittel"): capitalised
    after other words on the line, a word is a noun, unless it is a polite pronoun,
    which is capitalised anywhere ("… geben Sie" / "die Karte ab").
    """
    words = text.split()
    if not words:
        return False
    last = words[-1]
    word = last.casefold()
    if parted(text):
        return True  # a middle dot parts a line's items: "… Kassel ·" / "www.verlag.de"
    if CREDITS_RUN.search(text):
        return True  # the last credit's label wants its name: "… · Illustration:" / "Ulrich …"
    if open_postcode(text) or (_OPEN_OLD_POSTCODE.search(text.rstrip()) and IMPRINT.search(text)):
        # An address's postcode wants its town ("…, 96215" / "Lichtenfels"), a postcode of
        # four digits in an imprint too ("© 1974 … GmbH, 8510" / "Fürth/Bay.").
        return True
    if word in _BOUNDS and last[:1].islower():
        return True  # a bound wants its count ("… und höchstens" / "10 Karotten …")
    if open_count(text):
        return True  # a count wants what it counts ("… ab 10" / "Jahren")
    if word in INFLECTED_POSSESSIVES:
        return True  # a possessive wants its noun ("Tipp: Legt eure" / "Honigtöpfchen …")
    if (
        len(words) > 1
        and (
            words[-2].casefold() in DETERMINERS | POSSESSIVES
            or (words[-2] in _COUNTING or words[-2].isdigit())  # "acht", not "Zwei ziehen"
        )
        and INFLECTED.match(last)
    ):
        # and so does an adjective after it or after a count ("… ist euer linker" /
        # "Nachbar …", "… stecken acht verschiedene" / "Hasenkarten:")
        return True
    if word not in STOP_WORDS or clause_heading(text):
        return False
    if word in _MODAL_INFINITIVES and any(w.casefold() in _MODALS for w in words[:-1]):
        return False  # a clause that ends in its verbs ("Das Startfeld muss frei werden")
    if word.endswith("lich"):
        return False  # an adjective's bare form is said of a thing ("Kein Zug möglich")
    if (
        len(words) == 1
        and last[:1].isupper()
        and ((last.isupper() and len(last) > 3) or german_lexicon().noun_stems(last))
    ):
        return False  # a noun alone, a label or a heading ("Beispiel", "TIPP"), no article
    return last[:1].islower() or len(words) == 1 or word in POLITE


def clause_heading(text: str) -> bool:
    """A heading said as a whole clause, which may end in a pronoun or a particle ("So
    spielst du", "So bereitet ihr das Spiel vor")."""
    return _CLAUSE_HEADING.match(text.strip()) is not None


def label_runs_on(text: str) -> bool:
    """Credits run along the line by middle dots, the last without its colon: its label
    goes on in the next line ("… · Spielidee: Dale R. Whitcomb · Deutsche" /
    "Übersetzung: Petra Lindqvist")."""
    parts = re.split(r"\s[·•|]\s", text)
    return len(parts) > 1 and ":" in parts[0] and ":" not in parts[-1] and len(parts[-1]) < 20


def running_text(text: str, least: int = RUNNING_WORDS) -> bool:
    """A line of running text: some lower-case words at least (`least`), as a label has not."""
    return sum(word[:1].islower() for word in text.split()) >= least


def goes_on(text: str, following: str) -> bool:
    """The next line goes on with a sentence the line leaves open: it starts in lower case.

    A list item ("a) ...") is no continuation, nor is an address ("www.verlag.de",
    "info@verlag.de" on an imprint's line); a line that ends a sentence has none.
    """
    after = following.strip()
    return (
        not terminal(text)
        and after[:1].isalpha()
        and after[:1].islower()
        and not LIST_MARKER.match(after)
        and not WEB_ADDRESS.match(after)
    )


def all_caps(text: str) -> bool:
    """Every letter of the line is a capital ("SPIELANLEITUNG")."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters)


def capitalised_mid_sentence(texts: list[str]) -> set[str]:
    """Function words the document capitalises mid-sentence (the polite "Sie", "Ihre").

    Only a capitalised function word that the document never capitalises
    inside a sentence can mark a sentence start.  A document that addresses its
    reader so capitalises every polite form ("… wünscht Ihnen" / "Ihr Verlag!").
    """
    found = set()
    for text in texts:
        words = text.split()
        for before, word in pairwise(words):
            if word[:1].isupper() and before[-1:].isalpha() and before[:1].islower():
                found.add(word.casefold())
    return found | POLITE if found & POLITE else found


# A word of three letters at least, no digit in it.
_WORD = re.compile(r"(?<!\w)[^\W\d_]{3,}(?!\w)")
# A sign standing on its own ("+", ":", "...", "="): prose attaches its punctuation to
# words, but for a dash and the section sign ("§ 4 Spielverlauf").
_SIGN = re.compile(r"(?<!\S)[^\w\s–—§-]+(?!\S)")


def has_word(text: str) -> bool:
    """A word of three letters at least: not only a diagram's squares and coordinates
    ("0Z0Z0Z0Z", "a b c d", "d4, e4, f4") or a figure's letters ("A", "B")."""
    return _WORD.search(text) is not None


def reads_as_text(text: str) -> bool:
    """Words, not a diagram's notation: it has words, twice as many as signs on their own.

    "zwei Pinguine auf a2 und h2" reads as text; a board's labels ("8 0Z0Z0Z0Z a b c")
    have no word, a class diagram's lines ("Animal + female : boolean", "Snake ... ...")
    as many signs as words.
    """
    return len(_WORD.findall(text)) > 2 * len(_SIGN.findall(text))


def starts_sentence(text: str, capitalised_inside: set[str]) -> bool:
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
