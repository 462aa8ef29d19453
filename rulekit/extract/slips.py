"""OCR slips in a text layer: glyph confusions and split words in text copied from a viewer.

A PDF whose text layer a publisher made by OCR hands the viewer the same slips
Tesseract makes: "Feid" for "Feld", "Regein" for "Regeln", "ha ben" for
"haben".  Text carries no glyph confidence, so a slip is repaired only where
the lexicon and the document leave no doubt:

- the word is no word (or one that only the compound analysis builds, as
  "Reg-ein"), nor a noun's plural or case of a word the dictionary holds ("Neunen"
  of "Neun"), and has at least `MIN_LETTERS` letters: shorter tokens are
  labels, abbreviations and units more often than slips; a word German text
  writes often is a word even when the dictionary misses it ("Neuner", a card),
  unless its glyph-swapped word is written far more often ("mussen", "müssen");
- swapping one group of confusable glyphs (`ocrfix.CONFUSIONS`, the table the
  scan path uses) makes exactly one word the document itself writes
  elsewhere, or else one known word, which the dictionary holds and which is
  frequent (the shorter the word, the more frequent: a short token is a glyph
  away from many words), and far more frequent than any other it could be;
- the document does not write the slip again and again without ever writing
  the word, nor in another case ("GRÄF-SPIELE" and "Gräf KG"): that is its author's
  spelling (a name), not a slip; nor is a capitalised word beside another capitalised
  word (part of a name).

Two neighbours are joined ("ha ben") when a part is no word and the joined
word is one the dictionary holds and is frequent or in the document; so are the
two parts of a word around a ligature's letters set apart ("Tre ff er").
Everything else is left alone; every repair made is listed.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.encoding.common import (
    BREAK_HYPHENS,
    DEFAULT_LIGATURES,
    Change,
    apply_changes,
)
from rulekit.extract.lexicon import Lexicon
from rulekit.extract.ocrfix import MIN_JOINED, candidates, word_core
from rulekit.model import Repair, TextLine

__all__ = ["repair_slips"]

MIN_LETTERS = 3
# Zipf frequency a candidate needs, by the length of the slip: short slips
# are a glyph away from many words, long ones from hardly any.
_FREQUENT_BY_LENGTH = ((3, 5.0), (5, 4.0), (7, 3.0))
# A word of this many letters at least that German text writes this often (Zipf) is a
# word, not a slip, dictionary or not; slips are rarer ("Feid" 1.7, "Alie" 1.4).
_USED_WORD = (5, 2.5)
# A word used this much more often (Zipf) than a slip the web writes too ("mussen",
# 3.1, for "müssen", 5.8) is what the slip stands for.
_FAR_MORE_USED = 2.0
# A slip known as a compound ("Regein") yields only to a word this frequent.
_WEAK_WORD_ZIPF = 3.0
# A word joined from two parts must be at least this frequent, or in the document.
_JOINED_ZIPF = 2.0
# A spelling the document writes this often, and the candidate never, is the author's.
_AUTHORS_SPELLING = 3
CONFIDENCE = 0.9

# Glyphs that stand in for a letter in a misread word ("1egt"); 2, 5 and 8 are
# left out: beside letters they are counts ("5er", "W8").
_STAND_INS = "1|!0"
# Endings of a noun's plural and cases that a dictionary may not list for a word it
# holds ("Neun" / "Neunen").
_NOUN_ENDINGS = ("en", "n", "e", "er", "s")
_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True)
class _Token:
    """A whitespace-delimited token of a line, with its word core and where it stands."""

    line: int  # index into the lines
    start: int
    end: int
    text: str
    core: str

    @property
    def core_start(self) -> int:
        return self.start + self.text.find(self.core)


def repair_slips(lines: list[TextLine], lexicon: Lexicon) -> tuple[list[TextLine], list[Repair]]:
    """Repair the sure OCR slips of the content lines; one `Repair` per change."""
    tokens = _tokens(lines)
    written = Counter(token.core for line in tokens for token in line)
    # The cases each word is written in: a name in capitals is written in its own case
    # elsewhere too ("GRÄF-SPIELE" and "Wendelin Gräf KG").
    cases: dict[str, set[str]] = {}
    for line in tokens:
        for token in line:
            for part in token.core.split("-"):
                cases.setdefault(part.casefold(), set()).add(part)
    changes: list[Change] = []
    for line in tokens:
        joined: set[int] = set()
        for position in range(len(line) - 2):
            left, middle, right = line[position : position + 3]
            after = _around_ligature(left, middle, right, lexicon, written)
            if after is not None and not joined & {position, position + 1, position + 2}:
                end = right.core_start + len(right.core)
                changes.append(Change(left.line, left.core_start, end, after, "ligature-space", 1))
                joined |= {position, position + 1, position + 2}
        for position, (left, right) in enumerate(pairwise(line)):
            if joined & {position, position + 1}:
                continue
            after = _joined(left, right, lexicon, written)
            if after is not None:
                end = right.core_start + len(right.core)
                changes.append(Change(left.line, left.core_start, end, after, "ocr-split", 1))
                joined |= {position, position + 1}
        for position, token in enumerate(line):
            if position in joined or _in_name(line, position):
                continue
            after = _confusion(token.core, lexicon, written)
            changed = [
                part
                for part, fixed in zip(
                    token.core.split("-"), (after or "").split("-"), strict=False
                )
                if part != fixed
            ]
            if after is not None and not any(len(cases[part.casefold()]) > 1 for part in changed):
                start = token.core_start
                changes.append(Change(token.line, start, start + len(token.core), after, "ocr", 1))
    lines, repairs = apply_changes(lines, changes)
    return lines, [r.model_copy(update={"confidence": CONFIDENCE}) for r in repairs]


def _tokens(lines: list[TextLine]) -> list[list[_Token]]:
    """The tokens of each content line, without the halves of words broken at a line end."""
    result: list[list[_Token]] = []
    broken = False  # the previous content line ended in a break hyphen
    for index, line in enumerate(lines):
        if line.role == "artefact":
            continue
        found = [
            _Token(index, m.start(), m.end(), m.group(), word_core(m.group()))
            for m in _TOKEN.finditer(line.text)
        ]
        if broken and found:
            found = found[1:]
        broken = line.text.rstrip().endswith(BREAK_HYPHENS)
        if broken and found:
            found = found[:-1]
        result.append(found)
    return result


def _in_name(line: list[_Token], position: int) -> bool:
    """A capitalised word beside another, with nothing between: part of a name ("Clara Beeken").

    German nouns follow articles and prepositions, not other capitalised
    words; runs of capitalised words that are not function words are names
    and titles, which keep their spelling.
    """
    token = line[position]
    if not token.core[:1].isupper():
        return False
    left = line[position - 1] if position else None
    right = line[position + 1] if position + 1 < len(line) else None
    return (left is not None and left.text.endswith(left.core) and _capitalised(left.core)) or (
        right is not None and token.text.endswith(token.core) and _capitalised(right.core)
    )


def _capitalised(core: str) -> bool:
    """A capitalised word that is not a function word (an article opens a noun phrase)."""
    return core[:1].isupper() and core.isalpha() and core.casefold() not in STOP_WORDS


def _confusion(core: str, lexicon: Lexicon, written: Counter[str]) -> str | None:
    """The one sure word a glyph confusion made `core` from, else None."""
    if sum(ch.isalpha() for ch in core) < MIN_LETTERS or not _wordlike(core, _STAND_INS):
        return None
    weak = lexicon.known_as_written(core)
    if weak and lexicon.attested(core):
        return None
    if _inflected_noun(core, lexicon):
        return None
    found = [c for c in candidates(core) if _wordlike(c) and lexicon.known_as_written(c)]
    letters, zipf = _USED_WORD
    usage = lexicon.usage(core)
    if (
        len(core) >= letters
        and usage >= zipf
        # unless the word was written without its umlauts ("mussen" for "müssen"):
        # the word is then used far more often than the slip
        and not any(lexicon.frequency(c) >= usage + _FAR_MORE_USED for c in found)
    ):
        return None
    in_document = [c for c in found if written[c]]
    if len(in_document) == 1:  # the document writes the word itself
        return in_document[0]
    # A rival the web hardly writes ("Wurfei" beside "Würfel") leaves no doubt.
    attested = sorted(
        (c for c in found if lexicon.attested(c)), key=lexicon.frequency, reverse=True
    )
    if not attested or written[core] >= _AUTHORS_SPELLING:
        return None
    word, *rivals = attested
    if rivals and lexicon.frequency(word) < lexicon.frequency(rivals[0]) + _FAR_MORE_USED:
        return None
    # A repair goes to a word written more often than the slip: "hinausführen" (a verb
    # with its particle, which no dictionary lists) is no slip of "hinausfuhren".
    if lexicon.usage(core) > lexicon.frequency(word):
        return None
    needed = _WEAK_WORD_ZIPF if weak else _needed_frequency(word)
    return word if lexicon.frequency(word) >= needed else None


def _joined(left: _Token, right: _Token, lexicon: Lexicon, written: Counter[str]) -> str | None:
    """The word two neighbours make when they are one word split apart, else None.

    Each part has two letters at least ("M und" is a label and a word), the
    second goes on in lower case, and one part is no word.  The joined word
    must be one the dictionary holds and people write: hunspell's own
    compounding accepts any two words run together.
    """
    first, second = left.core, right.core
    # Punctuation between the parts marks two words.
    if not (left.text.endswith(first) and right.text.startswith(second)):
        return None
    if not (first.isalpha() and second.isalpha() and second[:1].islower()):
        return None
    if min(len(first), len(second)) < 2:
        return None
    if lexicon.known_as_written(first) and lexicon.known_as_written(second):
        return None
    whole = first + second
    if len(whole) < MIN_JOINED:
        return None
    return _written_word(whole, max(_needed_frequency(whole), _JOINED_ZIPF), lexicon, written)


def _around_ligature(
    left: _Token, middle: _Token, right: _Token, lexicon: Lexicon, written: Counter[str]
) -> str | None:
    """The word a ligature set apart by spaces splits in three ("Tre ff er", "au ff ällig"):
    a viewer copies a ligature glyph as its letters with a space on either side.  The
    middle is a ligature's letters alone; the parts join into a dictionary word people
    write, or one the document writes."""
    if middle.text not in DEFAULT_LIGATURES or not (left.text.isalpha() and right.text.isalpha()):
        return None
    if not right.text[:1].islower():
        return None
    return _written_word(left.text + middle.text + right.text, _JOINED_ZIPF, lexicon, written)


def _written_word(whole: str, needed: float, lexicon: Lexicon, written: Counter[str]) -> str | None:
    """A word joined from parts, if the dictionary holds it as written (not only as a
    compound of parts: hunspell's compounding accepts any two words run together) and
    people write it this often (Zipf), or the document does."""
    if not (lexicon.known_as_written(whole) and lexicon.attested(whole)):
        return None
    return whole if lexicon.frequency(whole) >= needed or written[whole] else None


def _inflected_noun(core: str, lexicon: Lexicon) -> bool:
    """A noun in a form the dictionary does not list, its base being one: "Neunen", the
    cards of a nine (not a slip of "Nennen"), "Zweien"."""
    return core[:1].isupper() and any(
        core.endswith(ending)
        and len(core) - len(ending) >= MIN_LETTERS
        and lexicon.known_as_written(core[: -len(ending)])
        for ending in _NOUN_ENDINGS
    )


def _needed_frequency(word: str) -> float:
    """The Zipf frequency a repair to a word of this length needs without the document's word."""
    return next((zipf for most, zipf in _FREQUENT_BY_LENGTH if len(word) <= most), 0.0)


def _wordlike(text: str, stand_ins: str = "") -> bool:
    """Letters, and hyphens between them; `stand_ins` may stand in for some, once."""
    letters = text.replace("-", "")
    misread = sum(ch in stand_ins for ch in letters)
    return (
        misread <= 1
        and all(ch.isalpha() or ch in stand_ins for ch in letters)
        and not text.startswith("-")
    )
