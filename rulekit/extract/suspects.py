"""Suspect text for an editor to confirm: doubled words and real words unlikely in context.

Repairs fix what the lexicon proves wrong; these slips are all real words, so
nothing proves them wrong and nothing is rewritten.  Each is listed as a repair
that was not applied (`applied=False`), which the build report and the site's
repairs page show to an editor:

- a doubled run of one to four words ("genommen werden genommen werden");
- a noun the manual writes once, one letter away from a noun it writes again
  and again ("Rand" among "Rang", "Rang", "Rang"): a likely slip of the
  typesetter or of OCR, though a real word.  Nouns only (capitalised, no
  function word), and not where the letters are two endings of one word
  ("Angreifer", "Angreifen"), which German inflection makes of any noun.
"""

from __future__ import annotations

import re
from collections import Counter

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.lexicon import Lexicon
from rulekit.model import Block, Repair

DOUBLED = re.compile(r"\b(\w{2,}(?:\s+\w+){0,3})\s+\1\b")
WORD = re.compile(r"\b\w{4,}\b")
MIN_NEIGHBOUR_COUNT = 2  # how often the manual must write the likelier word
ENDING_LETTERS = frozenset("enrstm")  # what German inflection swaps at a word's end
DOUBLED_CONFIDENCE = 0.5
UNLIKELY_CONFIDENCE = 0.3


def suspect_words(blocks: list[Block], lexicon: Lexicon) -> list[Repair]:
    """The doubled words and unlikely real words of a manual, as suggestions."""
    counts = Counter(match.group() for block in blocks for match in WORD.finditer(block.text))
    found: list[Repair] = []
    for block in blocks:
        for match in DOUBLED.finditer(block.text):
            if not match.group(1).isdigit():
                found.append(
                    _suggestion(
                        "doubled-words", match.group(), match.group(1), block, DOUBLED_CONFIDENCE
                    )
                )
        for match in WORD.finditer(block.text):
            word = match.group()
            if counts[word] != 1 or not word[0].isupper() or word.casefold() in STOP_WORDS:
                continue
            if not lexicon.known(word):
                continue
            likelier = _neighbour(word, counts)
            if likelier is not None:
                found.append(
                    _suggestion("unlikely-word", word, likelier, block, UNLIKELY_CONFIDENCE)
                )
    return found


def _neighbour(word: str, counts: Counter[str]) -> str | None:
    """The most written word of the same length that differs from `word` in one letter,
    when the manual writes it at least `MIN_NEIGHBOUR_COUNT` times."""
    best: tuple[int, str] | None = None
    for other, count in counts.items():
        if count < MIN_NEIGHBOUR_COUNT or len(other) != len(word) or not other[0].isupper():
            continue
        differ = [(a, b) for a, b in zip(word, other, strict=True) if a != b]
        if len(differ) != 1 or set(differ[0]) <= ENDING_LETTERS:
            continue
        if best is None or count > best[0]:
            best = (count, other)
    return best[1] if best else None


def _suggestion(kind: str, before: str, after: str, block: Block, confidence: float) -> Repair:
    return Repair(
        kind=kind,
        before=before,
        after=after,
        page=block.page,
        line=block.lines[0],
        confidence=confidence,
        applied=False,
        bbox=block.bbox,
    )
