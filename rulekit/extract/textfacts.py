"""Lines of the box's facts and of the imprint, which stand one a line whatever their
width: "2–4 Spieler" / "ab 5 Jahren" under the title, "… GmbH, D-20095 Hamburg" /
"www.verlag.de" at the end."""

from __future__ import annotations

import re

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.textlistshapes import (
    runs_on,
)
from rulekit.extract.textshapes import (
    BOX_DURATION,
    BOX_FACT_LINE,
    BOX_FACTS,
    IMPRINT,
    LEGAL_FORM,
    begun_with_function_word,
    ends_open,
    wants_more,
)

# A postcode and its town opening a line: "CH-8400 Winterthur", "34599 Neuental".
_POSTCODE_LINE = re.compile(r"^(?:[A-Z]{1,2}-)?\d{4,5}\s+[A-ZÄÖÜ][a-zäöüß]+")
# A phrase that ends in the count of players it is for: "Ein Kartenspiel für 2 bis 6 Spieler".
_COUNTED_AT_END = re.compile(r"\w\s+für\s+\d+\s*(?:-|–|bis)\s*\d+\s+\w+$")


def imprint_lines(text: str, following: str) -> bool:
    """Two lines, one of an imprint (an address, "© …"), that a sentence does not run
    across: each is a line of its own ("… GmbH, D-20095 Hamburg" / "www.verlag.de"); a
    line that ends in a comma or that the next opens with a middle dot goes on, an address
    broken before its postcode and town
    ("… Reitbahnstraße 14," / "04109 Leipzig"), a sentence begun at its end ("… Kiel.
    Alle" / "Rechte vorbehalten."), a street cut after its first word
    ("… GmbH · Am" / "Lindenhain 7 · …") or a firm before its origin ("© 2004 …
    GmbH," / "Made in Germany") or before its legal form."""
    # "… Am Kalkofen 7" / "· 96047 Bamberg": a line opened by the mark that parts the
    # items goes on too.
    broken = text.rstrip().endswith(",") or following.lstrip().startswith(("·", "|"))
    # "… GmbH · Am" / "Lindenhain 7 · 34131 Kassel": an item cut after its first word.
    item = re.split(r"\s[·|]\s", text.strip())[-1]
    broken = broken or (item != text.strip() and item.casefold() in STOP_WORDS)
    # "© 2016 Windrose Spiele, Kiel. Alle" / "Rechte vorbehalten.": a sentence begun.
    broken = broken or begun_with_function_word(text)
    # "© … 2006 Merkur Spiele" / "GmbH": a firm's name broken before its legal form.
    broken = broken or LEGAL_FORM.match(following.strip()) is not None
    return (
        bool(IMPRINT.search(text) or IMPRINT.search(following))
        and not broken
        and not runs_on(text, following)
    )


def address_line(text: str, following: str) -> bool:
    """A street and its house number over the postcode and town of an imprint
    ("Technikumstrasse 38" / "CH-8400 Winterthur"): a line of the address, no heading."""
    street = re.search(r"^[A-ZÄÖÜ].*\s\d{1,4}[a-z]?$", text.strip()) is not None
    return street and _POSTCODE_LINE.match(following.strip()) is not None


def facts_apart(previous: str, text: str) -> bool:
    """The box's facts end their line: "Für 2 bis 4 Spieler von 6 bis 99 Jahren" /
    "Inhalt", "Spieldauer: ca. 45 Minuten" / "Langsam, aber oho!"; and stand one a line
    under the title ("… rund ums Gemüsebeet" / "2–4 Spieler" / "ab 5 Jahren"), not in a
    sentence left open ("Eine Partie dauert" / "ca. 25 Minuten."), unless the line holds
    more than one ("… für jung und alt" / "2 bis 4 Spieler · ab 6 Jahren"), nor where a
    phrase ends in its count of players and the age goes on in lower case."""
    if (
        wants_more(previous)
        or previous.rstrip().endswith(",")
        or previous.count("(") > previous.count(")")
    ):
        return False  # "1 Spielplan (Vorderseite für 2 bis 4 Spieler," / "Rückseite …)"
    return (
        (
            (BOX_FACTS.search(previous) is not None or BOX_DURATION.search(previous) is not None)
            and not _fact_left_open(previous)
            and text.strip()[:1].isupper()
        )
        or (
            BOX_FACT_LINE.match(text.strip()) is not None
            and (not previous.split()[-1][:1].islower() or len(BOX_FACTS.findall(text)) > 1)
            # "Ein Kartenspiel für 2 bis 6 Spieler" / "ab 10 Jahren": the age goes on with
            # the phrase its count ends.
            and not (_COUNTED_AT_END.search(previous) and text.strip()[:1].islower())
        )
    )


def _fact_left_open(text: str) -> bool:
    """The box's facts run on in the next line: the line ends in a function word after its
    last fact ("Für Kinder von 6 Jahren an und für" / "Erwachsene"), not in the fact itself
    ("… von 6 Jahren an")."""
    stripped = text.rstrip()
    ends = [match.end() for match in BOX_FACTS.finditer(stripped)]
    return ends_open(stripped) and (not ends or ends[-1] < len(stripped))
