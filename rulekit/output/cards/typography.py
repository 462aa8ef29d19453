"""Micro-typography of printed text, per language, applied before the text is escaped.

What a typesetter of each language would fix by hand:

- German: „Anführungszeichen“ for straight double quotes;
- English: “quotes”;
- French: « guillemets » with no-break spaces inside, a narrow no-break space
  before ; ! ? and a no-break space before : and %;
- Polish: a no-break space after one-letter words (a, i, o, u, w, z), which
  Polish typesetting never leaves at the end of a line;
- every language: typographic apostrophes (’), and U+2010 replaced by the
  hyphen-minus, so that U+2010 in a PDF's text layer only ever marks a line
  broken by hyphenation (see `prepress`).

Hyphenation itself is left to the layout engine, bounded per language by
`HYPHENATION` (set as `hyphenate-limit-chars` in the card and sheet styles).
"""

from __future__ import annotations

import re

NBSP = "\u00a0"
NNBSP = "\u202f"  # narrow no-break space
# Per language: the shortest word hyphenated, and the fewest letters left before
# and carried after a break.  No lone syllables ("wer-/den."), two-letter stubs
# only where the language's own typesetting allows them.
HYPHENATION: dict[str, tuple[int, int, int]] = {
    "de": (8, 3, 4),
    "en": (7, 3, 3),
    "fr": (7, 3, 3),
    "pl": (7, 2, 3),
}
DEFAULT_HYPHENATION = (8, 3, 4)

_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")
_DOUBLE_QUOTED = re.compile(r'"([^"\n]+)"')
_POLISH_ONE_LETTER = re.compile(r"(?<![\w\u00a0.,-])([AaIiOoUuWwZz])\s+(?=\S)")
_FRENCH_TALL = re.compile(r"\s*([:%»])")
_FRENCH_NARROW = re.compile(r"(?<=\S)\s*([;!?])")
_FRENCH_OPEN = re.compile(r"«\s*")


def typeset(text: str, lang: str) -> str:
    """`text` with the typography of `lang` (see the module's docstring)."""
    text = _APOSTROPHE.sub("\u2019", text.replace("\u2010", "-"))
    if lang == "de":
        return _DOUBLE_QUOTED.sub("\u201e\\1\u201c", text)
    if lang == "en":
        return _DOUBLE_QUOTED.sub("\u201c\\1\u201d", text)
    if lang == "fr":
        text = _DOUBLE_QUOTED.sub("«\\1»", text)
        text = _FRENCH_OPEN.sub("«" + NBSP, text)
        text = _FRENCH_TALL.sub(lambda m: NBSP + m.group(1), text)
        return _FRENCH_NARROW.sub(lambda m: NNBSP + m.group(1), text)
    if lang == "pl":
        return _POLISH_ONE_LETTER.sub("\\1" + NBSP, text)
    return text


def hyphenation_css(lang: str) -> str:
    """The `hyphenate-limit-chars` value of `lang`: word, before and after the break."""
    return " ".join(str(n) for n in HYPHENATION.get(lang, DEFAULT_HYPHENATION))
