"""Repairs of typical OCR confusions, checked against the German lexicon.

Tesseract confuses glyphs of similar shape: l, I, 1 and i; rn and m; e and
c; umlauts lose or gain their dots.  A word that is not a word may be such a
misreading.  Candidates come from `CONFUSIONS`, a table of glyph shapes (no
words): every way of swapping one (or, failing that, two) of its glyph
groups.  A candidate is taken only when

- the word read is not a word (the lexicon does not know it),
- it is not a spelling the document shows clearly elsewhere: a word read with
  high confidence anywhere is the author's (a name, an old spelling such as
  "daß"), and its doubtful copies are only suggested,
- exactly one candidate is a word, and
- the combined confidence is high enough: Tesseract doubted the glyphs (a low
  word confidence) and the lexicon is sure of the candidate (a frequent word).

Everything else is listed as a suggestion (`applied` false) or left alone.
Words split by a wide letter gap ("ha ben") are joined when the joined form is
a word, at least one part is not, and the gap is narrower than the line's
spaces.  A word broken at a line-end hyphen is checked whole.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import pairwise

from rulekit.extract.lexicon import Lexicon
from rulekit.extract.ocr import OcrWord

__all__ = ["CONFUSIONS", "Fix", "candidates", "repair_lines", "word_core"]

# Glyph groups Tesseract reads for one another, both ways.  This is about the
# shapes of letters in print, not about any word.
CONFUSIONS: tuple[tuple[str, str], ...] = (
    ("l", "I"),
    ("l", "1"),
    ("I", "1"),
    ("l", "i"),
    ("I", "i"),
    ("l", "|"),
    ("I", "|"),
    ("l", "!"),
    ("rn", "m"),
    ("ri", "n"),
    ("cl", "d"),
    ("vv", "w"),
    ("e", "c"),
    ("o", "0"),
    ("O", "0"),
    ("a", "ä"),
    ("o", "ö"),
    ("u", "ü"),
    ("A", "Ä"),
    ("O", "Ö"),
    ("U", "Ü"),
    ("ß", "B"),
    ("h", "b"),
    ("f", "t"),
    ("n", "u"),
    ("S", "5"),
    ("B", "8"),
    ("Z", "2"),
    ("g", "q"),
)
_SWAPS: dict[str, tuple[str, ...]] = {}
for _a, _b in CONFUSIONS:
    _SWAPS[_a] = (*_SWAPS.get(_a, ()), _b)
    _SWAPS[_b] = (*_SWAPS.get(_b, ()), _a)
_LONGEST = max(len(key) for key in _SWAPS)

# A spelling read at least this confidently is what is printed.
CLEAR_CONFIDENCE = 90.0
# A repair is applied at this combined confidence; below it, it is suggested.
APPLY_AT = 0.8
# A second swap makes a coincidental word likelier: its candidates count less.
SECOND_SWAP = 0.9
# Zipf frequency from which a word is common: the lexicon is sure of it.
COMMON_ZIPF = 4.0
# Parts of a split word stand closer than this share of the line's spaces.
NARROW_GAP = 0.6
# A word joined from two parts is at least this long ("mm" from "m m" is line art).
MIN_JOINED = 4

# Punctuation around a word: quotes, brackets, sentence marks.
_EDGES = re.compile(r"^([^\w|!]*)(.*?)([^\w|]*)$")
_WORDLIKE = re.compile(r"^[\w|!'’-]+$")


@dataclass(frozen=True, slots=True)
class Fix:
    """One repair of an OCR confusion in a line, before it is placed on a page."""

    kind: str  # "ocr" (a glyph confusion) or "ocr-split" (a word split in two)
    before: str
    after: str
    confidence: float
    applied: bool


@dataclass(frozen=True, slots=True)
class _Edit:
    """A candidate and where it differs from the word: `[start, end)` of the original."""

    text: str
    start: int
    end: int
    swaps: int


def word_core(text: str) -> str:
    """A word without the punctuation around it (quotes, brackets, sentence marks)."""
    return _split_edges(text)[1]


def candidates(word: str, max_swaps: int = 1) -> set[str]:
    """Every spelling reached from `word` by up to `max_swaps` swaps of confusable glyphs."""
    return {edit.text for edit in _edits(word, max_swaps)}


def repair_lines(
    lines: list[list[OcrWord]], lexicon: Lexicon, clear: frozenset[str] = frozenset()
) -> tuple[list[list[OcrWord]], list[tuple[int, Fix]]]:
    """Repair the words of a page's lines (in reading order); the fixes with their line index.

    `clear` holds the spellings the document shows with high confidence.  A
    word broken at the end of a line by a hyphen is judged together with its
    continuation on the next line.
    """
    result = [list(words) for words in lines]
    fixes: list[tuple[int, Fix]] = []
    done: set[tuple[int, int]] = set()
    for index in range(len(result) - 1):
        if not _broken(result[index], result[index + 1]):
            continue
        done |= {(index, len(result[index]) - 1), (index + 1, 0)}
        head, tail = result[index][-1], result[index + 1][0]
        fix, head, tail = _repair_broken(head, tail, lexicon, clear)
        result[index][-1], result[index + 1][0] = head, tail
        if fix is not None:
            fixes.append((index, fix))
    space = _typical_space(result)
    for index, words in enumerate(result):
        for position, word in enumerate(words):
            if (index, position) in done:
                continue
            fix, repaired = _repair_word(word, lexicon, clear)
            words[position] = repaired
            if fix is not None:
                fixes.append((index, fix))
        joined, more = _join_split_words(words, lexicon, space)
        result[index] = joined
        fixes += [(index, fix) for fix in more]
    return result, fixes


def _repair_word(
    word: OcrWord, lexicon: Lexicon, clear: frozenset[str]
) -> tuple[Fix | None, OcrWord]:
    lead, core, trail = _split_edges(word.text)
    decision = _decide(core, word.confidence, lexicon, clear)
    if decision is None:
        return None, word
    after, confidence, applied = decision
    fixed = f"{lead}{after}{trail}"
    fix = Fix("ocr", word.text, fixed, confidence, applied)
    return fix, replace(word, text=fixed) if applied else word


def _repair_broken(
    head: OcrWord, tail: OcrWord, lexicon: Lexicon, clear: frozenset[str]
) -> tuple[Fix | None, OcrWord, OcrWord]:
    """Check a word broken at a line-end hyphen as one word; repair the half that changes."""
    lead, first, _ = _split_edges(head.text[:-1])
    _, second, trail = _split_edges(tail.text)
    whole = first + second
    confidence = min(head.confidence, tail.confidence)
    decision = _decide(whole, confidence, lexicon, clear)
    if decision is None:
        return None, head, tail
    after, score, applied = decision
    edit = next((e for e in _edits(whole, 2) if e.text == after), None)
    # A change across the break cannot be put back into two halves.
    if edit is None or edit.start < len(first) < edit.end:
        applied = False
    before = f"{head.text}\n{tail.text}"
    if not applied or edit is None:
        return Fix("ocr", before, f"{after}", score, False), head, tail
    # The half that changed takes the difference in length.
    cut = len(first) + len(after) - len(whole) if edit.end <= len(first) else len(first)
    new_head = replace(head, text=f"{lead}{after[:cut]}-")
    new_tail = replace(tail, text=f"{after[cut:]}{trail}")
    fix = Fix("ocr", before, f"{new_head.text}\n{new_tail.text}", score, True)
    return fix, new_head, new_tail


def _decide(
    core: str, confidence: float, lexicon: Lexicon, clear: frozenset[str]
) -> tuple[str, float, bool] | None:
    """The repair of a word's core: (candidate, confidence, applied), or None to leave it.

    A word read with high confidence is what is printed and is left alone.
    A core the lexicon only builds as a compound ("Regein" as "Reg-ein") is
    a word as far as it knows, but a weak one: it gives way only to a common
    word the dictionary itself holds.  A candidate the lexicon only builds as
    a compound is never more than a suggestion: compound analysis accepts
    too much ("Vormerkurigen").
    """
    if not _repairable(core) or confidence >= CLEAR_CONFIDENCE:
        return None
    # Case counts: "groBem" is no "grobem".
    written = lexicon.known_as_written(core)
    if written and lexicon.attested(core):
        return None
    found: list[str] = []
    swaps = 0
    for swaps in (1, 2):
        found = sorted({e.text for e in _edits(core, swaps) if e.swaps == swaps})
        found = [text for text in found if _is_word(text, lexicon)]
        if found:
            break
    if not found:
        return None
    # The dictionary's words outrank the compounds the analysis builds
    # ("Plättchen", not "Platte-hen", for "Plattchen").
    found = [w for w in found if lexicon.attested(w)] or found
    best = max(found, key=lambda w: (lexicon.frequency(w), w))
    lexical = _lexical_sureness(best, lexicon) * (SECOND_SWAP if swaps == 2 else 1.0)
    if written:
        if not (lexicon.attested(best) and lexicon.frequency(best) >= COMMON_ZIPF - 1):
            return None
        lexical *= SECOND_SWAP
    score = round(lexical * _glyph_doubt(confidence), 2)
    if len(found) > 1:
        # Several words fit: the most frequent is offered, at its share of the doubt.
        return best, round(min(score, _share(best, found, lexicon)), 2), False
    sure = score >= APPLY_AT and lexicon.attested(best) and core not in clear
    return best, score, sure


def _typical_space(lines: list[list[OcrWord]]) -> float:
    """The median gap between neighbouring words on a page: its usual word space."""
    gaps = [b.x0 - a.x1 for words in lines for a, b in pairwise(words)]
    return statistics.median(gaps) if gaps else 0.0


def _join_split_words(
    words: list[OcrWord], lexicon: Lexicon, page_space: float
) -> tuple[list[OcrWord], list[Fix]]:
    """Join neighbours that form a word when a part is no word and the gap is narrow.

    Justified lines space their words differently, so a line with enough
    gaps is measured against its own spaces, a short one against the page's.
    """
    gaps = [b.x0 - a.x1 for a, b in pairwise(words)]
    if not gaps:
        return words, []
    space = statistics.median(gaps) if len(gaps) >= 4 else page_space
    result: list[OcrWord] = [words[0]]
    fixes: list[Fix] = []
    for word, gap in zip(words[1:], gaps, strict=True):
        left = result[-1]
        fix = _split_fix(left, word, gap, space, lexicon)
        if fix is not None:
            fixes.append(fix)
            if fix.applied:
                result[-1] = _merge(left, word, fix.after)
                continue
        result.append(word)
    return result, fixes


def _split_fix(
    left: OcrWord, right: OcrWord, gap: float, space: float, lexicon: Lexicon
) -> Fix | None:
    lead, first, inner = _split_edges(left.text)
    opening, second, trail = _split_edges(right.text)
    # Punctuation between the parts, or a hyphen, marks two words.
    if inner or opening or first.endswith("-") or not (first.isalpha() and second.isalpha()):
        return None
    whole = first + second
    # The joined word must be one the dictionary holds, not one the compound
    # analysis builds: "Sie nurin" is no "Sienurin".
    if len(whole) < MIN_JOINED or not _is_word(whole, lexicon) or not lexicon.attested(whole):
        return None
    # A gap as wide as the line's spaces says two words, however they read;
    # one of at most NARROW_GAP of them is a gap inside a word.
    narrow = max(0.0, min(1.0, (space - gap) / ((1 - NARROW_GAP) * space))) if space > 0 else 0.0
    if narrow <= 0.0:
        return None
    before, after = f"{left.text} {right.text}", f"{lead}{whole}{trail}"
    if lexicon.attested(first) and lexicon.attested(second):
        # Two words that also make one ("an statt"): at most a suggestion.
        return Fix("ocr-split", before, after, 0.5, False) if narrow >= 1.0 else None
    score = round(_lexical_sureness(whole, lexicon) * (0.6 + 0.4 * narrow), 2)
    return Fix("ocr-split", before, after, score, score >= APPLY_AT)


def _merge(left: OcrWord, right: OcrWord, text: str) -> OcrWord:
    return replace(
        left,
        text=text,
        x1=right.x1,
        top=min(left.top, right.top),
        bottom=max(left.bottom, right.bottom),
        size=max(left.size, right.size),
        confidence=min(left.confidence, right.confidence),
    )


def _broken(line: list[OcrWord], following: list[OcrWord]) -> bool:
    """Whether the line ends in a word broken by a hyphen that goes on in the next line.

    The next line opens in lower case, or with a glyph that is a misread
    lower-case one ("gro-" / "Bem" for "gro-" / "ßem").
    """
    if not line or not following:
        return False
    last, head = line[-1].text, following[0].text[:1]
    lower = head.islower() or any(swap.islower() for swap in _SWAPS.get(head, ()))
    return len(last) > 2 and last[-1] in "-‐" and last[-2].isalpha() and lower


def _edits(word: str, max_swaps: int) -> Iterator[_Edit]:
    """Spellings reached by swapping glyph groups, at most `max_swaps` of them, left to right."""
    frontier = [_Edit(word, len(word), 0, 0)]
    seen = {word}
    for swaps in range(1, max_swaps + 1):
        following: list[_Edit] = []
        for base in frontier:
            for at in range(len(base.text)):
                for size in range(1, _LONGEST + 1):
                    group = base.text[at : at + size]
                    for swap in _SWAPS.get(group, ()) if len(group) == size else ():
                        text = base.text[:at] + swap + base.text[at + size :]
                        if text in seen:
                            continue
                        seen.add(text)
                        # Positions are in the original word only for the first swap.
                        start = min(base.start, at) if swaps > 1 else at
                        end = max(base.end, at + size) if swaps > 1 else at + size
                        edit = _Edit(text, start, end, swaps)
                        following.append(edit)
                        yield edit
        frontier = following


def _repairable(core: str) -> bool:
    """A word-like core with at least two letters; numbers are never words."""
    return (
        bool(_WORDLIKE.match(core))
        and sum(ch.isalpha() for ch in core) >= 2
        and not core.replace("-", "").isdigit()
    )


def _is_word(text: str, lexicon: Lexicon) -> bool:
    return text.replace("-", "").isalpha() and lexicon.known_as_written(text)


def _lexical_sureness(word: str, lexicon: Lexicon) -> float:
    """How sure the lexicon is of a word: 1.0 for a common word, down to 0.85 for a rare one.

    Compounds the lexicon builds from parts have no frequency of their own.
    """
    return round(0.85 + 0.15 * min(1.0, lexicon.frequency(word) / COMMON_ZIPF), 3)


def _glyph_doubt(confidence: float) -> float:
    """How likely Tesseract misread a word: 1.0 up to 80, falling to 0.5 at 100.

    A word Tesseract read with full confidence is what is printed more often
    than not, even when it is no word: a name, a coinage, an old spelling.
    """
    return 0.5 + 0.5 * max(0.0, min(1.0, (100.0 - confidence) / 20.0))


def _share(best: str, found: list[str], lexicon: Lexicon) -> float:
    """The best candidate's share of the frequency of all the candidates."""
    weights = [10 ** lexicon.frequency(w) for w in found]
    return 10 ** lexicon.frequency(best) / sum(weights)


def _split_edges(text: str) -> tuple[str, str, str]:
    match = _EDGES.match(text)
    if match is None:  # pragma: no cover - the pattern matches any string
        return "", text, ""
    return match.group(1), match.group(2), match.group(3)
