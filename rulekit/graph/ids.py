"""Stable node ids: ASCII slugs of a node's first words, made unique per manual."""

from __future__ import annotations

import re
import unicodedata

SLUG_WORDS = 6
SECTION_SLUG_WORDS = 4
SLUG_MAX = 48

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_SECTION_NUMBER = re.compile(r"^(\d+(?:\.\d+)*)\.?\s")


def slugify(text: str, words: int = SLUG_WORDS) -> str:
    """An ASCII slug of the first words of `text` ("Würfel-Aktion 1" -> "wuerfel-aktion-1")."""
    folded = unicodedata.normalize("NFKD", text.lower().translate(_FOLD))
    ascii_text = folded.encode("ascii", "ignore").decode("ascii")
    parts = re.findall(r"[a-z0-9]+", ascii_text)[:words]
    slug = "-".join(parts)[:SLUG_MAX].strip("-")
    return slug or "x"


def unique_id(candidate: str, used: set[str]) -> str:
    """`candidate`, or `candidate-2`, `-3`, ... if that id is taken."""
    unique, counter = candidate, 2
    while unique in used:
        unique, counter = f"{candidate}-{counter}", counter + 1
    return unique


def section_id(game: str, title: str, used: set[str]) -> str:
    """The id of a section: the game and the first words of its title, without its number."""
    text = _SECTION_NUMBER.sub("", title) or title
    return unique_id(f"{game}.{slugify(text, SECTION_SLUG_WORDS)}", used)


def heading_level(text: str) -> int:
    """Numbered headings nest by their numbers; capitals outrank mixed case."""
    number = _SECTION_NUMBER.match(text)
    if number:
        return number.group(1).count(".") + 1
    letters = [c for c in text if c.isalpha()]
    return 1 if letters and all(c.isupper() for c in letters) else 2
