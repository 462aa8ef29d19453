"""What the font-encoding repairs share: marks, ligatures, letters, words and changes."""

from __future__ import annotations

import re
import string
import unicodedata
from collections import defaultdict
from dataclasses import dataclass

from rulekit.model import Repair, TextLine

# A change below this confidence is listed with applied=False and the text kept.
APPLY_THRESHOLD = 0.6
# Hyphens a line may end with; a soft hyphen only ever marks a line break.
HYPHENS = ("-", "\u2010")
SOFT_HYPHEN = "\u00ad"
# What only ever marks a line break: a soft hyphen, and the not sign some layout
# programs export in its place ("zie¬" / "hen").
BREAK_MARKS = (SOFT_HYPHEN, "\u00ac")
# What a word broken at a line end may end in.
BREAK_HYPHENS = (*HYPHENS, *BREAK_MARKS)

# Typographic ligatures as Unicode defines them (U+FB00-FB06: ff, fi, fl, ffi, ffl, st).
LIGATURE_CHARACTERS: dict[str, str] = {
    chr(code): unicodedata.normalize("NFKC", chr(code)) for code in range(0xFB00, 0xFB07)
}
LIGATURES: tuple[str, ...] = tuple(dict.fromkeys(LIGATURE_CHARACTERS.values()))
GERMAN_LOWER = "äöüß"
_GERMAN_UPPER = "ÄÖÜ"
LETTERS = tuple(string.ascii_lowercase + GERMAN_LOWER + string.ascii_uppercase + _GERMAN_UPPER)
# Punctuation a decoded code may stand for; anything rarer stays unresolved.
PUNCTUATION = ".,;:!?()-'\"/"
# The ligatures a shaper sets by default: the f-ligatures.  "st" is a
# discretionary one, rare in rule text, and reads too easily as a word ending
# ("Punkte;" as "Punktest"), so no code is read as it.
DEFAULT_LIGATURES = tuple(ligature for ligature in LIGATURES if ligature.startswith("f"))
# What a code inside a word may be: ligatures first, since a font that maps its
# letters but not a glyph usually fails on a ligature; then single letters.
IN_WORD_CANDIDATES = (*DEFAULT_LIGATURES, *LETTERS)
# What a code inside a ciphered run may be.
CIPHER_CANDIDATES = (*LETTERS, *DEFAULT_LIGATURES, *string.digits, " ", *PUNCTUATION)
# What a code range may decode to by its offset; a code the offset turns into
# anything rarer is solved on its own.
OFFSET_OUTPUT = string.ascii_letters + string.digits + " " + PUNCTUATION
CASE_DISTANCE = ord("a") - ord("A")
# A frequent word (Zipf): what a short decoded token or a restored word must be,
# unless the document itself has it.
COMMON_ZIPF = 3.0
TOKEN = re.compile(r"\S+")

Symbol = str | int
"""One position of a unit: a literal character, or a code to solve (an int)."""


def is_private_use(char: str) -> bool:
    """A Private Use Area code: U+E000-U+F8FF, or planes 15 and 16 (unmapped glyph ids)."""
    code = ord(char)
    return 0xE000 <= code <= 0xF8FF or code >= 0xF0000


def word_core(word: str) -> str:
    """A word without the punctuation around it."""
    start, end = 0, len(word)
    while start < end and not word[start].isalnum():
        start += 1
    while end > start and not word[end - 1].isalnum():
        end -= 1
    return word[start:end]


def letter_count(word: str) -> int:
    """How many letters `word` has."""
    return sum(ch.isalpha() for ch in word)


def _repair(
    kind: str, before: str, after: str, line: TextLine, confidence: float, applied: bool
) -> Repair:
    return Repair(
        kind=kind,
        before=before,
        after=after,
        page=line.page,
        line=line.line,
        confidence=round(min(max(confidence, 0.0), 1.0), 2),
        applied=applied,
    )


@dataclass
class Change:
    """A decoded token: where it is, what it becomes, and how sure that is."""

    line: int
    start: int
    end: int
    after: str
    kind: str
    confidence: float


def apply_changes(
    lines: list[TextLine], changes: list[Change]
) -> tuple[list[TextLine], list[Repair]]:
    """New lines with the confident changes made, and a repair for every change."""
    by_line: dict[int, list[Change]] = defaultdict(list)
    for change in changes:
        by_line[change.line].append(change)
    result = list(lines)
    repairs: list[Repair] = []
    for i, found in sorted(by_line.items()):
        line = lines[i]
        text = line.text
        pieces: list[str] = []
        position = 0
        for change in sorted(found, key=lambda c: c.start):
            before = text[change.start : change.end]
            applied = change.confidence >= APPLY_THRESHOLD
            repairs.append(
                _repair(change.kind, before, change.after, line, change.confidence, applied)
            )
            if not applied:
                continue
            gap = text[position : change.start]
            follows = text[change.end : change.end + 1]
            if not change.after and (not follows or follows.isspace()):
                # A token that was only space codes: drop it with the blank before it,
                # unless that blank is all that parts it from the next word.
                gap = gap.rstrip() if pieces or gap.strip() else gap
            pieces.extend([gap, change.after])
            position = change.end
        pieces.append(text[position:])
        new_text = "".join(pieces)
        if new_text != text:
            result[i] = line.model_copy(update={"text": new_text})
    return result, repairs
