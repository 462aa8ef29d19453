"""The shapes of credits' lines: credits run along a line by middle dots ("Autor: … ·
Illustration: … · Redaktion:"), a credit whose value is a name, and where such a name
ends its line or wraps onto the next ("Grafik und Gestaltung: Annette" / "Brauckmann")."""

from __future__ import annotations

import re

from spacy.lang.de.stop_words import STOP_WORDS

# Credits run along a line, parted by middle dots: "Autor: … · Illustration: … · Redaktion:",
# "… · Grafik und Satz:".
CREDITS_RUN = re.compile(r":\s+\S.*·\s*[^\W\d_][\w.-]*(?:\s+[\w.-]+){0,2}:$")
# A line of credits, each a label and its names, parted by middle dots: "Regelbearbeitung:
# Hollerbusch-Redaktion · Illustration: Jonas Wehrle".
_CREDIT = r"[^\W\d_][\w.-]*(?:\s+[\w.-]+)?:\s+[^·:]+"
CREDITS_LINE = re.compile(rf"^{_CREDIT}(?:\s·\s{_CREDIT})+$")
# A credit whose value is a name, which may wrap on: "Grafik und Gestaltung: Annette".
_CREDIT_NAME = re.compile(
    r"^[^\W\d_][\w.-]*(?:\s+[\w.-]+){0,3}:\s+[A-ZÄÖÜ][\w.-]*(?:\s+[A-ZÄÖÜ][\w.-]*)*$"
)
# The most words of a credit's name that wrap onto the next line ("Brauckmann", "Sturmfels
# · Redaktion: …").
NAME_WRAP_WORDS = 2


def _credit_name(text: str) -> list[str]:
    """The words of the name the line's last credit gives ("… · Redaktion: Barbara
    Stucki": "Barbara", "Stucki"), none if it ends in no such credit."""
    credit = _CREDIT_NAME.match(text.split("·")[-1].strip())
    return credit[0].split(":", 1)[1].split() if credit else []


def credit_ends(text: str, following: str) -> bool:
    """The line ends in a credit whose value is a full name, and a line that opens with
    a capital follows ("… Redaktion: Barbara Stucki" / "Die Autorin dankt …")."""
    return full_credit(text) and following.strip()[:1].isupper()


def full_credit(text: str) -> bool:
    """The line ends in a credit whose value is a full name ("Spielidee und Entwurf:
    Walther Korsing"); a full name holds no function word ("Ein Tip: Sparen Sie Ihre"
    advises)."""
    name = _credit_name(text)
    return len(name) >= NAME_WRAP_WORDS and not any(word.casefold() in STOP_WORDS for word in name)


def name_wraps(text: str, following: str) -> bool:
    """The line ends in a credit's first name that the next line goes on with: "Grafik
    und Gestaltung: Annette" / "Brauckmann", "… · Illustration: Lea" / "Sturmfels ·
    Redaktion: …"."""
    rest = following.split("·")[0]
    return (
        # A first name alone ("Annette"); a full name is done ("Nele Obermaier" /
        # "Spielmaterial").
        len(_credit_name(text)) == 1
        and 0 < len(rest.split()) <= NAME_WRAP_WORDS
        and ":" not in rest
        and rest.strip()[:1].isupper()
    )
