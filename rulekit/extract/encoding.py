"""Font-encoding repairs: text from fonts without a Unicode map, and lost letters.

A PDF font without a usable Unicode map gives codes instead of letters.  Three
forms are repaired by `decode_fonts`, each solved against the lexicon over the
whole document, since a code means the same letter everywhere in it:

- shifted encoding: every code a constant offset off ("/PSEXFTUBGSJLB" for
  "Nordwestafrika").  The offset is found by trying every offset that turns
  unknown tokens into letters and counting the lexicon words it yields;
- glyph cipher: glyph ids in the Private Use Area, in separate contiguous ranges
  for lower case, capitals, digits and space.  Each range's offset is searched
  against the lexicon.  Marks no word decides (the space, the line-break
  hyphen, bullets, dashes, quotation marks) are then read from where their
  codes stand, and the codes left over are solved one by one;
- ligature glyphs: an unknown code inside otherwise normal words ("Ho\\ue1a1nung")
  takes the one expansion, typographic ligatures first, that makes those words
  words.

`restore_dropped_letters` puts back ligatures and letters a font lost without a
trace ("Honung", "chte"), only when the lexicon and the document give one
confident answer.

Nothing here knows an offset, a code range or a word of any manual: every
decision comes from the lexicon and from the document itself.  A change below
`APPLY_THRESHOLD` confidence is listed with `applied=False` and the text kept.
"""

from __future__ import annotations

import itertools
import math
import re
import string
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass

from rulekit.extract.lexicon import Lexicon
from rulekit.model import Repair, TextLine

APPLY_THRESHOLD = 0.6
# Hyphens a line may end with; a soft hyphen only ever marks a line break.
HYPHENS = ("-", "\u2010")
SOFT_HYPHEN = "\u00ad"
# What a word broken at a line end may end in.
BREAK_HYPHENS = (*HYPHENS, SOFT_HYPHEN)

# Typographic ligatures as Unicode defines them (U+FB00-FB06: ff, fi, fl, ffi, ffl, st).
LIGATURE_CHARACTERS: dict[str, str] = {
    chr(code): unicodedata.normalize("NFKC", chr(code)) for code in range(0xFB00, 0xFB07)
}
LIGATURES: tuple[str, ...] = tuple(dict.fromkeys(LIGATURE_CHARACTERS.values()))
_GERMAN_LOWER = "äöüß"
_GERMAN_UPPER = "ÄÖÜ"
_LETTERS = tuple(string.ascii_lowercase + _GERMAN_LOWER + string.ascii_uppercase + _GERMAN_UPPER)
# Punctuation a decoded code may stand for; anything rarer stays unresolved.
_PUNCTUATION = ".,;:!?()-'\"/"
# What a code inside a word may be: ligatures first, since a font that maps its
# letters but not a glyph usually fails on a ligature; then single letters.
_IN_WORD_CANDIDATES = (*LIGATURES, *_LETTERS)
# What a code inside a ciphered run may be.
_CIPHER_CANDIDATES = (*_LETTERS, *LIGATURES, *string.digits, " ", *_PUNCTUATION)
# What a code range may decode to by its offset; a code the offset turns into
# anything rarer is solved on its own.
_OFFSET_OUTPUT = string.ascii_letters + string.digits + " " + _PUNCTUATION
_CASE_DISTANCE = ord("a") - ord("A")
# How sure the space code is when found by position rather than by words.
_SPACE_CONFIDENCE = 0.8
# The least share of all codes a space found between letters has.
_SPACE_SHARE = 0.05
# Marks solved by where their codes stand, and the telling occurrences each needs.
_HYPHEN = "-"
_BULLET = "\u2022"
_DASH = "\u2013"
_MIN_MARKS = 2
_QUOTES = ("\u201e", "\u201c")  # German quotation marks, opening and closing
# Lines a quotation runs over at most.
_QUOTE_LINES = 3
# Codes this close together belong to one range of a font's glyph table.
_CLUSTER_GAP = 12
_MIN_CLUSTER = 3
# Lines a search scores at most per code, to stay fast on long ciphered texts.
_SAMPLE_UNITS = 60
# Pairs of codes solved together at most per document (each costs thousands of trials).
_MAX_PAIRS = 8
# Decoded letters (in lexicon words) that make a decoding fully trustworthy.
_FULL_EVIDENCE = 12

# Shifted encodings: a decoded word counts as evidence from this length on, and
# an offset needs this many distinct decoded words.
_SHIFT_MIN_WORD = 4
_SHIFT_MIN_WORDS = 2
_SHIFT_MIN_ZIPF = 1.0
_SHIFT_CANDIDATE_OFFSETS = 64

# A frequent word (Zipf): what a short decoded token or a restored word must be,
# unless the document itself has it.
_COMMON_ZIPF = 3.0

# A remnant shorter than this is never restored.  Restored by the same word
# elsewhere in the document, it must be this long; with no witness at all, longer.
_RESTORE_MIN_LENGTH = 3
_RESTORE_DOCUMENT_LENGTH = 4
_RESTORE_ALONE_LENGTH = 5
_TOKEN = re.compile(r"\S+")

Symbol = str | int
"""One position of a unit: a literal character, or a code to solve (an int)."""


def is_private_use(char: str) -> bool:
    """A Private Use Area code: U+E000-U+F8FF, or planes 15 and 16 (unmapped glyph ids)."""
    code = ord(char)
    return 0xE000 <= code <= 0xF8FF or code >= 0xF0000


def _core(word: str) -> str:
    """A word without the punctuation around it."""
    start, end = 0, len(word)
    while start < end and not word[start].isalnum():
        start += 1
    while end > start and not word[end - 1].isalnum():
        end -= 1
    return word[start:end]


def _letters(word: str) -> int:
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


class _Solver:
    """Solves codes in units of text against the lexicon.

    A unit is a sequence of symbols: literal characters and codes (ints; a
    negative code stands for the character at -1 - code).  `spelled` are
    letters the font has other glyphs for, so no code stands for them.  The score of a
    mapping is the number of letters in decoded words the lexicon knows,
    counting only words that hold a decoded code.  A code not yet mapped cuts
    words, so the pieces between unsolved codes still count, at half weight.

    Units are lines; `following` maps a unit to the next line of the text.
    Once the line-break hyphen is known (`join_breaks`), a word broken over
    two lines is scored whole, as the reading of the first unit.
    """

    def __init__(
        self,
        units: list[list[Symbol]],
        lexicon: Lexicon,
        spelled: Iterable[str] = (),
        following: dict[int, int] | None = None,
    ) -> None:
        self.units = units
        self.lexicon = lexicon
        self.spelled = frozenset(spelled)
        self.following = following or {}
        self.mapping: dict[int, str] = {}
        self.occurrences: Counter[int] = Counter(
            symbol for unit in units for symbol in unit if isinstance(symbol, int)
        )
        self.hyphens: frozenset[int] = frozenset()
        self.readings: list[list[Symbol]] = units
        # The units holding each code: as written, and as read for scoring.
        self.lines_of = _index(units)
        self.units_of = self.lines_of

    def join_breaks(self, hyphens: Set[int]) -> None:
        """Score words broken at a line end by one of `hyphens` as one word, without it."""
        if hyphens == self.hyphens:
            return
        self.hyphens = frozenset(hyphens)
        broken = {
            index
            for index, unit in enumerate(self.units)
            if index in self.following and (last := _last_filled(unit)) is not None
            if unit[last] in hyphens
        }
        continued = {self.following[index] for index in broken}
        readings = []
        for index, unit in enumerate(self.units):
            reading = unit[self.first_word_end(unit) if index in continued else 0 :]
            if index in broken:
                last = _last_filled(reading)
                following = self.units[self.following[index]]
                head = following[: self.first_word_end(following)]
                reading = reading[: last or 0] + [s for s in head if not self.is_space(s)]
            readings.append(reading)
        self.readings = readings
        self.units_of = _index(readings)

    def first_word_end(self, unit: list[Symbol]) -> int:
        """Where the first word of `unit` ends: at the first space after it, or the end."""
        index = 0
        while index < len(unit) and self.is_space(unit[index]):
            index += 1
        while index < len(unit) and not self.is_space(unit[index]):
            index += 1
        return index

    def words(self, unit: list[Symbol]) -> Iterator[tuple[str, set[int], bool, int]]:
        """The decoded words of a unit: text, the decoded codes in it, whether it is whole,
        and the letters its codes add beyond one each (a ligature's second letter).

        An unsolved code cuts words; a piece next to one is not whole.
        """
        buffer: list[str] = []
        codes: set[int] = set()
        cut = False
        extra = 0
        for symbol in unit:
            if isinstance(symbol, int):
                decoded = self.mapping.get(symbol)
                if decoded is None:
                    yield "".join(buffer), codes, False, extra
                    buffer, codes, cut, extra = [], set(), True, 0
                    continue
                codes.add(symbol)
                text = decoded
                extra += len(text) - 1
            else:
                text = symbol
            for char in text:
                if char.isspace():
                    yield "".join(buffer), codes, not cut, extra
                    buffer, codes, cut, extra = [], set(), False, 0
                else:
                    buffer.append(char)
        yield "".join(buffer), codes, not cut, extra

    def value(self, word: str, whole: bool, extra: int = 0) -> float:
        """Letters of a known word; words in capitals and cut pieces count half.

        Capitals are valid spelling too, but running text is mostly lower case:
        without this a lower-case range would read as well in capitals.  Pieces
        count, so that one range can be solved before the others, but less than
        whole words, so that solving the code that cut them (often the space) pays.
        A code read as several letters counts once: a longer reading is no
        better evidence ("Austerdem" is no better a word than "Außerdem").
        """
        core = _core(word)
        letters = _letters(core)
        if letters < 2 or not self.lexicon.known_as_written(core):
            return 0
        return (letters - extra) * (0.5 if core.isupper() else 1.0) * (1.0 if whole else 0.5)

    def unit_score(self, index: int) -> float:
        return sum(
            self.value(word, whole, extra)
            for word, codes, whole, extra in self.words(self.readings[index])
            if codes
        )

    def attested(self, code: int, units: list[int]) -> int:
        """Letters of whole words holding `code` that the frequency table has."""
        return sum(
            _letters(word)
            for index in units
            for word, codes, whole, _extra in self.words(self.readings[index])
            if code in codes and whole and self.lexicon.frequency(_core(word)) > 0
        )

    def affected(self, codes: Iterable[int]) -> list[int]:
        indexes: dict[int, None] = {}
        for code in codes:
            indexes.update(dict.fromkeys(self.units_of[code][:_SAMPLE_UNITS]))
        return list(indexes)

    def trial(self, changes: dict[int, str | None], units: list[int]) -> float:
        """The score of `units` with `changes` made; the mapping is left as it was."""
        saved = {code: self.mapping.get(code) for code in changes}
        self.set(changes)
        try:
            return sum(self.unit_score(index) for index in units)
        finally:
            self.set(saved)

    def set(self, changes: dict[int, str | None]) -> None:
        for code, decoded in changes.items():
            if decoded is None:
                self.mapping.pop(code, None)
            else:
                self.mapping[code] = decoded

    def coverage(self, code: int) -> float:
        """The share of decoded words holding `code` that the lexicon knows."""
        known = total = 0
        for index in self.affected([code]):
            for word, codes, whole, extra in self.words(self.readings[index]):
                if code in codes:
                    total += 1
                    known += self.value(word, whole, extra) > 0
        return known / total if total else 0.0

    def is_space(self, symbol: Symbol) -> bool:
        text = self.mapping.get(symbol, "") if isinstance(symbol, int) else symbol
        return text.isspace()

    def at_edge(self, code: int) -> bool:
        """Whether every occurrence of `code` touches white space or the end of its unit."""

        def blank(unit: list[Symbol], index: int) -> bool:
            return not 0 <= index < len(unit) or self.is_space(unit[index])

        return all(
            blank(unit, index - 1) or blank(unit, index + 1)
            for unit in (self.readings[i] for i in self.units_of[code])
            for index, symbol in enumerate(unit)
            if symbol == code
        )

    def taken(self, codes: list[int]) -> frozenset[str]:
        """Letters and ligatures spelled otherwise or by codes other than `codes`.

        A font has one glyph for each, so no other code can stand for them.
        """
        return self.spelled | {
            decoded
            for other, decoded in self.mapping.items()
            if other not in codes and len(decoded) == 1 and decoded.isalnum()
        }

    def solve_range(
        self, codes: list[int], solved: dict[int, str], preferred: list[int]
    ) -> tuple[int | None, float, float, float]:
        """Map a range of codes by the one offset that scores best.

        Offsets that put most codes on ASCII letters, digits, space or common
        punctuation are tried, `preferred` ones (those of ranges already solved)
        first, so they win ties.  A code in `solved` (solved on its own) keeps
        its mapping; one the offset turns into anything rarer, or into a letter
        another code stands for, stays unmapped.  Returns (offset, best,
        runner-up, unmapped scores); the offset is None, and the range
        unmapped, when none beats leaving it so.  The runner-up leaves out the
        best offset's case twin (the same letters in the other case), which is
        no rival reading.
        """
        votes: Counter[int] = Counter()
        for code in codes:
            votes.update(ord(target) - code for target in _OFFSET_OUTPUT)
        needed = max(2, math.ceil(0.6 * len(codes)))
        offsets = list(dict.fromkeys(preferred + sorted(votes)))
        units = self.affected(codes)
        unmapped_changes = {code: solved.get(code) for code in codes}
        unmapped = self.trial(unmapped_changes, units)

        taken = self.taken(codes)

        def changes(offset: int) -> dict[int, str | None]:
            decoded = {code: solved.get(code) or _offset_char(code, offset) for code in codes}
            return {code: None if char in taken else char for code, char in decoded.items()}

        # An offset must give most codes a character no other code stands for.
        trials = {offset: changes(offset) for offset in offsets if votes[offset] >= needed}
        scores = {
            offset: self.trial(decoded, units)
            for offset, decoded in trials.items()
            if sum(char is not None for char in decoded.values()) >= needed
        }
        best_offset = max(scores, key=lambda offset: scores[offset], default=None)
        if best_offset is None or scores[best_offset] <= unmapped:
            self.set(unmapped_changes)
            return None, unmapped, unmapped, unmapped
        self.set(changes(best_offset))
        twins = {best_offset, best_offset + _CASE_DISTANCE, best_offset - _CASE_DISTANCE}
        rivals = [score for offset, score in scores.items() if offset not in twins]
        return best_offset, scores[best_offset], max([unmapped, *rivals]), unmapped

    def solve_code(
        self, code: int, candidates: tuple[str, ...]
    ) -> tuple[str | None, float, float, float, bool]:
        """Map one code to the candidate that scores best.

        A letter or ligature another code stands for is no candidate.  Of
        candidates that score the same, the one whose words the frequency table
        has wins (the lexicon also takes rare compounds, "Kaust|leute"); then
        the earlier one.  Returns (choice, best, runner-up, unmapped scores,
        whether the frequency table decided); the code stays unmapped when no
        candidate beats that.
        """
        taken = self.taken([code])
        units = self.affected([code])
        unmapped = self.trial({code: None}, units)
        scores = {
            candidate: self.trial({code: candidate}, units)
            for candidate in dict.fromkeys(candidates)
            if candidate not in taken
        }
        best = max([unmapped, *scores.values()])
        tied = [candidate for candidate, score in scores.items() if score == best > unmapped]
        choice = tied[0] if tied else None
        second = max([unmapped, *(score for c, score in scores.items() if c != choice)])
        decided = False
        if len(tied) > 1:
            attested = {c: self.trial_attested(code, c, units) for c in tied}
            top = max(attested.values())
            leaders = [c for c in tied if attested[c] == top]
            if top and len(leaders) == 1:
                choice, decided = leaders[0], True
        self.set({code: choice})
        return choice, best, second, unmapped, decided

    def trial_attested(self, code: int, candidate: str, units: list[int]) -> int:
        """`attested` with `code` read as `candidate`; the mapping is left as it was."""
        saved = self.mapping.get(code)
        self.set({code: candidate})
        try:
            return self.attested(code, units)
        finally:
            self.set({code: saved})

    def solve_pair(self, first: int, second: int, candidates: tuple[str, ...]) -> float:
        """Map two codes that only ever meet in the same words, by trying every pair.

        Single codes cannot be solved there ("gr??ere" is no word with one of
        them alone).  Returns how sure the best pair is; nothing is mapped
        unless one pair alone scores best.
        """
        taken = self.taken([first, second])
        units = self.affected([first, second])
        unmapped = self.trial({first: None, second: None}, units)
        best, runner_up, choice = unmapped, unmapped, None
        for pair in itertools.permutations(dict.fromkeys(candidates), 2):
            if taken.intersection(pair):
                continue
            score = self.trial(dict(zip((first, second), pair, strict=True)), units)
            if score > best:
                best, runner_up, choice = score, best, pair
            elif score > runner_up:
                runner_up = score
        if choice is None or best == runner_up:
            return 0.0
        self.set(dict(zip((first, second), choice, strict=True)))
        # One word is little evidence for two letters at once.
        return (
            0.7
            * _evidence(2 * (best - unmapped))
            * min(self.coverage(first), self.coverage(second))
        )

    def unsolved_pairs(self) -> list[tuple[int, int]]:
        """Pairs of unsolved codes that stand together in otherwise decoded words.

        A word must hold both, no other unsolved code, and a few letters, for a
        pair to be worth its thousands of trials; the first few pairs are taken.
        """
        pairs: dict[tuple[int, int], None] = {}
        for unit in self.readings:
            word: list[Symbol] = []
            for symbol in [*unit, " "]:
                if not self.is_space(symbol):
                    word.append(symbol)
                    continue
                unsolved = [s for s in word if isinstance(s, int) and s not in self.mapping]
                letters = sum(isinstance(s, str) and s.isalpha() for s in word)
                if len(unsolved) == 2 and unsolved[0] != unsolved[1] and letters >= 3:
                    pairs[unsolved[0], unsolved[1]] = None
                word = []
        return list(pairs)[:_MAX_PAIRS]

    def decode(self, symbols: Iterable[Symbol]) -> str:
        """Decoded text; an unsolved code stays the character it was."""
        return "".join(
            self.mapping.get(symbol, _original(symbol)) if isinstance(symbol, int) else symbol
            for symbol in symbols
        )


def _index(units: list[list[Symbol]]) -> dict[int, list[int]]:
    """The indexes of the units holding each code."""
    units_of: dict[int, list[int]] = defaultdict(list)
    for index, unit in enumerate(units):
        for code in dict.fromkeys(symbol for symbol in unit if isinstance(symbol, int)):
            units_of[code].append(index)
    return units_of


def _last_filled(unit: list[Symbol]) -> int | None:
    """The index of the last symbol of `unit` that is no blank."""
    for index in range(len(unit) - 1, -1, -1):
        symbol = unit[index]
        if not (isinstance(symbol, str) and symbol.isspace()):
            return index
    return None


def _original(code: int) -> str:
    return chr(code) if code >= 0 else chr(-1 - code)


def _offset_char(code: int, offset: int) -> str | None:
    target = code + offset
    if 0 <= target < 0x110000 and chr(target) in _OFFSET_OUTPUT:
        return chr(target)
    return None


def _ranges(codes: Iterable[int]) -> list[list[int]]:
    """Codes grouped into runs with gaps of at most `_CLUSTER_GAP`."""
    groups: list[list[int]] = []
    for code in sorted(set(codes)):
        if groups and code - groups[-1][-1] <= _CLUSTER_GAP:
            groups[-1].append(code)
        else:
            groups.append([code])
    return groups


def _evidence(letters: float) -> float:
    return min(1.0, letters / _FULL_EVIDENCE)


def _solve_one(
    solver: _Solver,
    code: int,
    candidates: tuple[str, ...],
    derived: tuple[str, ...] = (),
    in_word: bool = False,
) -> float:
    """Solve one code and say how sure that is (0.0 when it stays unsolved).

    Sure means: it made words known, all the words holding it are known, and no
    other candidate did as well.  On a tie the candidate order decided.  That is
    a fair call for a reading `derived` from a solved range's offset, and for a
    ligature inside a word, the glyph fonts most often leave unmapped.  A tie
    at a word's edge (a space or punctuation the lexicon cannot tell apart) is
    left unsolved.
    """
    choice, best, second, unmapped, attested = solver.solve_code(code, derived + candidates)
    if choice is None:
        return 0.0
    if best > second:
        lead = 1.0
    elif attested or choice in derived or (in_word and choice in LIGATURES):
        lead = 0.7
    elif not choice.isalnum() and solver.at_edge(code):
        solver.set({code: None})
        return 0.0
    else:
        lead = 0.4
    return lead * _evidence(2 * (best - unmapped)) * solver.coverage(code)


@dataclass
class _Change:
    """A decoded token: where it is, what it becomes, and how sure that is."""

    line: int
    start: int
    end: int
    after: str
    kind: str
    confidence: float


def _private_use_changes(lines: list[TextLine], lexicon: Lexicon) -> list[_Change]:
    """Decode Private Use Area codes: glyph ciphers and unknown ligature glyphs."""
    line_ids = [i for i, line in enumerate(lines) if any(map(is_private_use, line.text))]
    if not line_ids:
        return []
    units: list[list[Symbol]] = [
        [ord(ch) if is_private_use(ch) else ch for ch in lines[i].text] for i in line_ids
    ]
    cipher = {
        ord(ch)
        for i in line_ids
        for token in lines[i].text.split()
        if _ciphered(token)
        for ch in token
        if is_private_use(ch)
    }
    following = {k: k + 1 for k in range(len(line_ids) - 1) if line_ids[k + 1] == line_ids[k] + 1}
    solver = _Solver(units, lexicon, following=following)
    confidence = _solve_private_use(solver, cipher)

    changes: list[_Change] = []
    for unit, i in zip(units, line_ids, strict=True):
        for start, end in _spans(solver, unit):
            codes = {s for s in unit[start:end] if isinstance(s, int) and s in solver.mapping}
            if not codes:
                continue
            before = lines[i].text[start:end]
            kind = "glyph-cipher" if _ciphered(before) else "ligature-glyph"
            # The sure codes of a token are decoded, an unsure one keeps its code;
            # the whole token decoded is offered as a suggestion.
            sure = {code for code in codes if confidence.get(code, 0.0) >= APPLY_THRESHOLD}
            readings = [sure] if sure else []
            if sure != codes:
                readings.append(codes)
            changes.extend(
                _Change(
                    line=i,
                    start=start,
                    end=end,
                    after=_span_text(solver, unit, start, end, decoded),
                    kind=kind,
                    confidence=min(confidence.get(code, 0.0) for code in decoded),
                )
                for decoded in readings
            )
    return changes


def _span_text(solver: _Solver, unit: list[Symbol], start: int, end: int, codes: Set[int]) -> str:
    """A span of a unit with `codes` decoded, its white space folded."""
    decoded = "".join(
        (solver.mapping[s] if s in codes else _original(s)) if isinstance(s, int) else s
        for s in unit[start:end]
    )
    after = " ".join(decoded.split())
    # Space codes before the next word (no blank of the viewer's there) stay a space.
    if after and decoded[-1].isspace() and end < len(unit) and not solver.is_space(unit[end]):
        after += " "
    return after


def _solve_private_use(solver: _Solver, cipher: set[int]) -> dict[int, float]:
    """Solve every code of the units: ranges by offset, the rest one by one.

    Codes in ciphered text that lie close together form ranges (lower case,
    capitals, digits ...), each solved by one offset; then the space and the
    marks are found by position; the codes left over (umlauts, ligatures,
    space, ligature glyphs inside words) are solved one by one, and last the
    quotation marks among the unsure ones by position.  Returns each code's
    confidence.
    """
    confidence: dict[int, float] = {}
    ranges = [group for group in _ranges(cipher) if len(group) >= _MIN_CLUSTER]
    ranges.sort(key=lambda group: -sum(solver.occurrences[code] for code in group))
    offsets: dict[int, int] = {}
    solved: dict[int, str] = {}
    marks: dict[int, float] = {}
    # The space beside the viewer's blanks is found by position, before any word is read.
    space = _solve_space(solver, cipher)
    if space is not None:
        solved[space], confidence[space] = " ", _SPACE_CONFIDENCE

    def unsure() -> set[int]:
        """Ciphered codes no mark, no sure range and no sure word has decoded yet."""
        return {
            code
            for code in cipher - marks.keys()
            if code != space and confidence.get(code, 0.0) < APPLY_THRESHOLD
        }

    # Two rounds: ranges and single codes each score better once the others are decoded.
    for _ in range(2):
        for index, group in enumerate(ranges):
            preferred = [offset for other, offset in offsets.items() if other != index]
            offset, best, runner_up, unmapped = solver.solve_range(group, solved, preferred)
            if offset is None:
                offsets.pop(index, None)
                continue
            offsets[index] = offset
            gain = best - unmapped
            lead = (best - runner_up) / gain
            if not lead and offset in preferred:
                lead = 0.7  # no word decides, but the font's other ranges share this offset
            for code in group:
                if code not in solved:
                    confidence[code] = _evidence(gain) * lead if code in solver.mapping else 0.0
        # With the letters read, the space and the marks are found by position: no
        # word decides marks, and both cut words until solved.  A range's offset
        # may have given them some unsure reading.
        if space is None:
            space = _solve_space_between_letters(solver, unsure())
            if space is not None:
                solved[space], confidence[space] = " ", _SPACE_CONFIDENCE
        marks.update(_solve_marks(solver, unsure()))
        for code in marks:
            solved[code], confidence[code] = solver.mapping[code], marks[code]
        in_ranges = {
            code
            for index in offsets
            for code in ranges[index]
            if code in solver.mapping and code not in solved
        }
        rest = [
            code
            for code in solver.occurrences
            if code not in in_ranges and code != space and code not in marks
        ]
        rest.sort(key=lambda code: -solver.occurrences[code])
        for code in rest:
            if code in cipher:
                derived = tuple(
                    dict.fromkeys(
                        char
                        for offset in offsets.values()
                        if (char := _offset_char(code, offset)) is not None
                    )
                )
                confidence[code] = _solve_one(solver, code, _CIPHER_CANDIDATES, derived)
            else:
                confidence[code] = _solve_one(solver, code, _IN_WORD_CANDIDATES, in_word=True)
            if code in solver.mapping:
                solved[code] = solver.mapping[code]
            else:
                solved.pop(code, None)
    confidence.update(_solve_quotes(solver, unsure()))
    _solve_pairs(
        solver,
        confidence,
        set(solved) | {code for code in solver.occurrences if code not in solver.mapping},
    )
    return confidence


def _solve_pairs(solver: _Solver, confidence: dict[int, float], single: set[int]) -> None:
    """Try unsure codes in pairs: two codes that only meet each other ("gr??ere").

    `single` are the codes solved one by one.  An unsure one that finds no
    partner keeps its best guess, as a suggestion.
    """
    guesses = {
        code: solver.mapping.pop(code, None)
        for code in single
        if confidence.get(code, 0.0) < APPLY_THRESHOLD
    }
    for first, second in solver.unsolved_pairs():
        if first in guesses and second in guesses and not {first, second} & set(solver.mapping):
            sure = solver.solve_pair(first, second, _LETTERS)
            if sure:
                confidence[first] = confidence[second] = sure
    solver.set({code: guess for code, guess in guesses.items() if code not in solver.mapping})


def _spans(solver: _Solver, unit: list[Symbol]) -> Iterator[tuple[int, int]]:
    """The words of a unit, as spans that take in the space codes after them."""
    index, end = 0, len(unit)
    while index < end:
        symbol = unit[index]
        if isinstance(symbol, str) and symbol.isspace():
            index += 1
            continue
        start = index
        while index < end and not solver.is_space(unit[index]):
            index += 1
        while index < end and isinstance(unit[index], int) and solver.is_space(unit[index]):
            index += 1
        yield start, index


def _ciphered(text: str) -> bool:
    """Text mostly made of codes is ciphered; a code among letters is a glyph in a word."""
    codes = sum(map(is_private_use, text))
    return codes >= 2 and codes >= _letters(text)


def _solve_space(solver: _Solver, codes: set[int]) -> int | None:
    """Decode the space code when the viewer also put blanks beside it.

    Such a code always sits next to a blank or the end of a line, so the
    lexicon cannot tell it from punctuation.  The space is the code always
    placed so, clearly more often than any other code that is; it is mapped and
    returned.
    """

    def beside_blanks(code: int) -> int:
        """How often `code` touches a blank; 0 unless it always touches a blank or an end."""
        blanks = 0
        for unit in (solver.units[i] for i in solver.lines_of[code]):
            for index, symbol in enumerate(unit):
                if symbol != code:
                    continue
                sides = [unit[j] if 0 <= j < len(unit) else None for j in (index - 1, index + 1)]
                if any(isinstance(side, str) and side.isspace() for side in sides):
                    blanks += 1
                elif None not in sides:
                    return 0
        return blanks

    counts = Counter({code: beside_blanks(code) for code in codes if code not in solver.mapping})
    (code, count), *others = counts.most_common() or [(0, 0)]
    if count < 2 or (others and count < 2 * others[0][1]):
        return None
    solver.set({code: " "})
    return code


def _solve_space_between_letters(solver: _Solver, codes: set[int]) -> int | None:
    """Decode the space code no viewer blank shows, once the letters are read.

    Of `codes`, the space is the most frequent that stands between letters
    and never beside itself, and it is frequent: the gaps between words are
    a good part of any text.  It is mapped and returned if it makes words known.
    """
    between: Counter[int] = Counter()
    doubled: set[int] = set()
    for code in codes:
        for unit in (solver.units[i] for i in solver.lines_of[code]):
            for i in (i for i, symbol in enumerate(unit) if symbol == code):
                neighbours = unit[max(i - 1, 0) : i] + unit[i + 1 : i + 2]
                if code in neighbours:
                    doubled.add(code)
                sides = solver.decode(neighbours)
                between[code] += len(sides) == 2 and sides.isalpha()
    for code in doubled:
        del between[code]
    if not between:
        return None
    code, count = between.most_common(1)[0]
    if count < _SPACE_SHARE * sum(solver.occurrences.values()):
        return None
    units = solver.affected([code])
    if solver.trial({code: " "}, units) <= solver.trial({code: None}, units):
        return None
    solver.set({code: " "})
    return code


@dataclass
class _Places:
    """Where a code stands in the lines: what tells a mark by its position."""

    count: int = 0
    alone: int = 0  # a token of its own
    first: int = 0  # alone, and first on its line
    inner: int = 0  # alone, and neither first nor last on its line
    ends: int = 0  # last on its line, right after a non-blank
    lower: int = 0  # of those, the next line goes on in lower case
    upper: int = 0  # ... or in upper case
    joined: int = 0  # ... and the word before it joins the next line's first word into a word


def _places(solver: _Solver, codes: set[int]) -> dict[int, _Places]:
    """Where each of `codes` stands: alone, first, inside or at the end of its line."""
    places = {code: _Places() for code in codes}
    for index in dict.fromkeys(i for code in codes for i in solver.lines_of[code]):
        unit = solver.units[index]
        filled = [i for i, symbol in enumerate(unit) if not solver.is_space(symbol)]
        for i, symbol in enumerate(unit):
            if not isinstance(symbol, int) or symbol not in places:
                continue
            place = places[symbol]
            place.count += 1
            before = i == 0 or solver.is_space(unit[i - 1])
            after = i == len(unit) - 1 or solver.is_space(unit[i + 1])
            if before and after:
                place.alone += 1
                place.first += i == filled[0]
                place.inner += filled[0] < i < filled[-1]
            elif i == filled[-1] and not before and index in solver.following:
                place.ends += 1
                _continuation(solver, place, unit[:i], solver.units[solver.following[index]])
    return places


def _continuation(solver: _Solver, place: _Places, line: list[Symbol], nxt: list[Symbol]) -> None:
    """Count how the line after a line-end code goes on."""
    head = solver.decode(line).split()[-1:]
    tail = solver.decode(nxt).split()[:1]
    if not head or not tail or not tail[0][0].isalpha():
        return
    place.lower += tail[0][0].islower()
    place.upper += tail[0][0].isupper()
    word = _core(head[0] + tail[0])
    place.joined += tail[0][0].islower() and word.isalpha() and solver.lexicon.known(word)


def _solve_marks(solver: _Solver, codes: set[int]) -> dict[int, float]:
    """Solve the codes of marks no word can decide, by where they stand.

    - the line-break hyphen ends lines in at least half of its places, and
      the word before it joins the next line's first, in lower case, into a
      word;
    - a bullet stands alone at the start of lines, and nowhere else;
    - a dash stands alone between words, and nowhere else.

    Maps the codes found and returns their confidence; the solver then reads
    the words the hyphens break as whole words.
    """
    # Unsure readings (a blank at a line end) would hide where the codes stand.
    guesses = {code: solver.mapping.get(code) for code in codes}
    solver.set(dict.fromkeys(codes))
    places = _places(solver, codes)
    solver.set(guesses)
    found: dict[int, float] = {}
    for code, place in places.items():
        if (
            2 * place.ends >= place.count
            and place.joined >= _MIN_MARKS
            and 2 * place.joined >= place.lower
            and place.lower >= 2 * place.upper
        ):
            mark, evidence = _HYPHEN, place.joined
        elif place.alone == place.first == place.count >= _MIN_MARKS:
            mark, evidence = _BULLET, place.first
        elif place.alone == place.count >= _MIN_MARKS and place.inner:
            mark, evidence = _DASH, place.count
        else:
            continue
        solver.set({code: mark})
        found[code] = min(0.95, 0.5 + 0.1 * evidence)
    hyphens = {code for code in found if solver.mapping[code] == _HYPHEN}
    solver.join_breaks(solver.hyphens | hyphens)
    return found


def _solve_quotes(solver: _Solver, codes: set[int]) -> dict[int, float]:
    """Solve quotation marks among `codes` (those the lexicon left unsure), by position.

    An opening mark only ever stands right before a word, a closing mark
    only ever right after one, and the two alternate, each pair within a few
    lines.  The one such pair of codes, if there is no rival, is read as
    German quotation marks.  Maps them and returns their confidence.
    """
    guesses = {code: solver.mapping.get(code) for code in codes}
    solver.set(dict.fromkeys(codes))
    opening, closing = set(codes), set(codes)
    events: list[tuple[int, int]] = []
    for index in sorted({i for code in codes for i in solver.lines_of[code]}):
        unit = solver.units[index]
        for i, symbol in enumerate(unit):
            if not isinstance(symbol, int) or symbol not in guesses:
                continue
            events.append((index, symbol))
            blank_before = i == 0 or solver.is_space(unit[i - 1])
            letter_after = solver.decode(unit[i + 1 : i + 2]).isalnum()
            if not (blank_before and letter_after):
                opening.discard(symbol)
            if blank_before or letter_after:
                closing.discard(symbol)
    solver.set(guesses)
    found = {
        (first, last): pairs
        for first in opening
        for last in closing - {first}
        if (pairs := _quote_pairs([event for event in events if event[1] in (first, last)], first))
    }
    most = max(found.values(), default=0)
    leaders = [pair for pair, pairs in found.items() if pairs == most]
    if len(leaders) != 1:
        return {}
    solver.set(dict(zip(leaders[0], _QUOTES, strict=True)))
    return dict.fromkeys(leaders[0], min(0.95, 0.5 + 0.1 * most))


def _quote_pairs(events: list[tuple[int, int]], opening: int) -> int:
    """How many quotations the events (line, code) make; 0 unless all pair up, open first."""
    if len(events) % 2:
        return 0
    for (start, first), (end, last) in zip(events[::2], events[1::2], strict=True):
        if first != opening or last == opening or end - start >= _QUOTE_LINES:
            return 0
    return len(events) // 2


def _shift_symbols(token: str, offset: int) -> list[Symbol]:
    """A token decoded by `offset`; a character that does not become a letter is a code."""
    symbols: list[Symbol] = []
    for char in token:
        target = ord(char) + offset
        decoded = chr(target) if 0 <= target < 0x110000 else ""
        if decoded.isalpha() or (decoded and decoded in _PUNCTUATION):
            symbols.append(decoded)
        else:
            # Negative, so these codes never meet Private Use Area codes.
            symbols.append(-1 - ord(char))
    return symbols


def _shifted_changes(lines: list[TextLine], lexicon: Lexicon) -> list[_Change]:
    """Decode tokens whose codes are all one constant offset off.

    Every offset that turns unknown tokens into letters is tried; the one whose
    decodings are the most distinct lexicon words wins, if it has enough of
    them and clearly more than any other.  Characters the offset does not turn
    into letters (an umlaut outside the shifted range) are solved as codes.
    """
    tokens: list[tuple[int, re.Match[str]]] = []
    votes: Counter[int] = Counter()
    for i, line in enumerate(lines):
        for match in _TOKEN.finditer(line.text):
            token = match.group()
            if len(token) < 2 or any(map(is_private_use, token)):
                continue
            if lexicon.known_as_written(_core(token)):
                continue
            tokens.append((i, match))
            if len(token) >= _SHIFT_MIN_WORD:
                votes.update(_token_offsets(token))
    # Evidence words must occur in the corpus: a cheap filter before the spell check.
    attested = lexicon.common_forms(_SHIFT_MIN_ZIPF)
    found: dict[int, int] = {}
    for offset, _count in votes.most_common(_SHIFT_CANDIDATE_OFFSETS):
        words = set()
        for _i, match in tokens:
            decoded = _shift_symbols(match.group(), offset)
            if all(isinstance(s, str) for s in decoded):
                word = _core("".join(str(s) for s in decoded))
                if (
                    _letters(word) >= _SHIFT_MIN_WORD
                    and word.casefold() in attested
                    and lexicon.known_as_written(word)
                ):
                    words.add(word)
        found[offset] = len(words)
    best_offset = max(found, key=lambda offset: found[offset], default=0)
    best_words = found.get(best_offset, 0)
    # The case twin reads the same words in capitals: no rival.
    twins = {best_offset, best_offset + _CASE_DISTANCE, best_offset - _CASE_DISTANCE}
    runner_up = max([0, *(count for offset, count in found.items() if offset not in twins)])
    if best_words < _SHIFT_MIN_WORDS or best_words < 2 * runner_up:
        return []
    sure = min(0.95, 0.5 + 0.15 * best_words)

    common = lexicon.common_forms(_COMMON_ZIPF)
    units = [_shift_symbols(match.group(), best_offset) for _i, match in tokens]
    # The offset gave these letters their glyphs, so no unknown code stands for them.
    solver = _Solver(units, lexicon, {s for unit in units for s in unit if isinstance(s, str)})
    code_confidence: dict[int, float] = {}
    # Two rounds: a code scores better once the other codes in its words are solved.
    for _ in range(2):
        for code in sorted(solver.occurrences, key=lambda code: -solver.occurrences[code]):
            code_confidence[code] = _solve_one(solver, code, _IN_WORD_CANDIDATES, in_word=True)
    _solve_pairs(solver, code_confidence, set(code_confidence))
    changes = []
    for (i, match), unit in zip(tokens, units, strict=True):
        if any(isinstance(s, int) and s not in solver.mapping for s in unit):
            continue
        word = solver.decode(unit)
        core = _core(word)
        if not lexicon.known_as_written(core):
            continue
        if _letters(core) < _SHIFT_MIN_WORD and (
            core.isupper() or core.casefold() not in common or not _letters(match.group())
        ):
            continue  # short numbers and abbreviations decode to some word too easily
        codes = [s for s in unit if isinstance(s, int)]
        confidence = min([sure, *(code_confidence[code] for code in codes)])
        changes.append(_Change(i, match.start(), match.end(), word, "shifted-encoding", confidence))
    return changes


def _token_offsets(token: str) -> set[int]:
    """Offsets that turn all characters of `token` but one into ASCII letters."""
    votes: Counter[int] = Counter()
    for char in set(token):
        weight = token.count(char)
        for target in string.ascii_letters:
            offset = ord(target) - ord(char)
            # Offset 0 is the text itself, and the case distance only changes case.
            if offset not in (0, _CASE_DISTANCE, -_CASE_DISTANCE):
                votes[offset] += weight
    return {offset for offset, count in votes.items() if count >= len(token) - 1}


def _apply(lines: list[TextLine], changes: list[_Change]) -> tuple[list[TextLine], list[Repair]]:
    """New lines with the confident changes made, and a repair for every change."""
    by_line: dict[int, list[_Change]] = defaultdict(list)
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


def decode_fonts(lines: list[TextLine], lexicon: Lexicon) -> tuple[list[TextLine], list[Repair]]:
    """Decode text from fonts without a Unicode map, solved against the lexicon.

    Shifted encodings, Private Use Area glyph ciphers and unknown ligature glyphs
    are decoded; each decoded token is one repair ("shifted-encoding",
    "glyph-cipher", "ligature-glyph").  A token decoded with low confidence is
    left as it is, and its repair has `applied=False`; in a glyph cipher, the
    sure codes of such a token are still decoded.  A line that, decoded, goes
    on a word broken at the end of the line before stays in that line's
    paragraph.  The input is not changed.
    """
    changes = _shifted_changes(lines, lexicon) + _private_use_changes(lines, lexicon)
    decoded, repairs = _apply(lines, changes)
    return _continue_broken_words(lines, decoded), repairs


def _continue_broken_words(lines: list[TextLine], decoded: list[TextLine]) -> list[TextLine]:
    """Keep a line in the paragraph of the line before when decoding shows a word broken there.

    The layout judged paragraphs while the codes were unread, so it could not
    see that a line ends in a break hyphen and the next goes on in lower case.
    """
    result = list(decoded)
    for i in range(1, len(decoded)):
        previous, line = decoded[i - 1], decoded[i]
        end = previous.text.rstrip()
        if (
            line.starts_paragraph
            and not lines[i - 1].text.rstrip().endswith(BREAK_HYPHENS)
            and previous.role == line.role
            and end.endswith(BREAK_HYPHENS)
            and end[-2:-1].isalpha()
            and line.text.lstrip()[:1].islower()
        ):
            result[i] = line.model_copy(update={"starts_paragraph": False})
    return result


# What a font can drop without a trace: a ligature, or a letter with a
# diacritic, alone or together with a neighbouring letter ("mö" in "möchte").
_DROPPABLE: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            *LIGATURES,
            *_GERMAN_LOWER,
            *(x + u for u in _GERMAN_LOWER for x in string.ascii_lowercase),
            *(u + x for u in _GERMAN_LOWER for x in string.ascii_lowercase),
        ]
    )
)
_DROPPABLE_FOLDED = tuple((piece, piece.casefold()) for piece in _DROPPABLE)


@dataclass
class _Word:
    """A word token of the document, with where it is."""

    line: int
    start: int
    end: int
    text: str


@dataclass
class _Candidate:
    word: str
    context: bool
    in_document: bool
    frequency: float

    def rank(self) -> tuple[bool, bool, float]:
        return self.context, self.in_document, self.frequency


def _document_words(lines: list[TextLine]) -> list[_Word]:
    """Every token's core, in reading order, artefact lines left out."""
    words = []
    for i, line in enumerate(lines):
        if line.role == "artefact":
            continue
        for match in _TOKEN.finditer(line.text):
            token = match.group()
            core = _core(token)
            start = match.start() + token.find(core) if core else match.start()
            words.append(_Word(i, start, start + len(core), core))
    return words


def _may_be_damaged(words: list[_Word], k: int, lines: list[TextLine], lexicon: Lexicon) -> bool:
    """Whether the word at `k` is a plain unknown word, not a name, number or fragment."""
    word = words[k].text
    if not word.isalpha() or lexicon.known(word):
        return False  # a word, if perhaps in the wrong case: the author's, not damage
    if (len(word) > 1 and word.isupper()) or not (word.islower() or word.istitle()):
        return False  # acronyms (NORAD) and mixed case are names, not damage
    if len(word) == 1 and word.isupper():
        return False  # a label: "Spieler A"
    text = lines[words[k].line].text
    after = text[words[k].end : words[k].end + 1]
    before = text[words[k].start - 1 : words[k].start] if words[k].start else ""
    if {after, before} & set(BREAK_HYPHENS) or (after == "." and len(word) <= 4):
        return False  # a compound part, a line-break fragment or an abbreviation
    if words[k].start == len(text) - len(text.lstrip()) and k > 0:
        previous = lines[words[k - 1].line].text.rstrip()
        if words[k - 1].line != words[k].line and previous.endswith(BREAK_HYPHENS):
            return False  # the second half of a word broken at the line end
    return True


def _restorations(word: str, lexicon: Lexicon, vocabulary: Set[str]) -> list[str]:
    """Known words that `word` becomes with one droppable piece put back.

    A restoration must be a frequent German word or a word of the document.
    Where the remnant lost its first letter, both cases are offered ("würfel"
    and "Würfel"); the caller picks one by the document.
    """
    common = lexicon.common_forms(_COMMON_ZIPF)
    folded = word.casefold()
    found: dict[str, None] = {}
    for position in range(len(word) + 1):
        for piece, folded_piece in _DROPPABLE_FOLDED:
            key = folded[:position] + folded_piece + folded[position:]
            if key not in common and key not in vocabulary:
                continue
            candidate = word[:position] + piece + word[position:]
            forms = [candidate]
            if position == 0:
                forms = (
                    [candidate.capitalize()]
                    if word[0].isupper()
                    else [candidate, candidate.capitalize()]
                )
            found.update(dict.fromkeys(form for form in forms if lexicon.known_as_written(form)))
    return list(found)


def _restore_confidence(word: str, ranked: list[_Candidate]) -> float:
    """How sure the best restoration is; only one clear answer is applied.

    The document is the best witness: the same neighbouring word, or the word
    itself, elsewhere in it.  Without that, only a long remnant with a single
    frequent restoration is trusted: short remnants of foreign words and names
    too easily become some German word.
    """
    best, others = ranked[0], ranked[1:]
    if len(word) < _RESTORE_MIN_LENGTH:
        return 0.3
    if best.context and not any(other.context for other in others):
        return 0.9
    if (
        best.in_document
        and len(word) >= _RESTORE_DOCUMENT_LENGTH
        and not any(other.in_document for other in others)
    ):
        return 0.75
    if not others and len(word) >= _RESTORE_ALONE_LENGTH:
        return 0.7
    return 0.4


def restore_dropped_letters(
    lines: list[TextLine], lexicon: Lexicon
) -> tuple[list[TextLine], list[Repair]]:
    """Put back ligatures and letters a font lost ("Honung" → "Hoffnung", "chte" → "möchte").

    An unknown word is restored only when one droppable piece (a ligature, or a
    letter with a diacritic and perhaps a neighbour) makes it a frequent word or
    a word of the same document, and the answer is unambiguous: the same
    neighbouring word elsewhere in the document, or no rival.  Other cases are
    listed with `applied=False` and the best guess.  Names, acronyms, numbers,
    abbreviations, known words and line-break fragments are never touched.
    """
    words = _document_words(lines)
    written = {word.text for word in words}
    vocabulary = {word.casefold() for word in written}
    pairs = {(a.text.casefold(), b.text.casefold()) for a, b in itertools.pairwise(words)}
    found: dict[str, list[str]] = {}
    changes: list[_Change] = []
    for k, word in enumerate(words):
        if not _may_be_damaged(words, k, lines, lexicon):
            continue
        if word.text not in found:
            found[word.text] = _restorations(word.text, lexicon, vocabulary)
        if not found[word.text]:
            continue
        left = words[k - 1].text.casefold() if k else ""
        right = words[k + 1].text.casefold() if k + 1 < len(words) else ""
        # One candidate per word: the form the document writes, else the first found.
        forms: dict[str, str] = {}
        for candidate in found[word.text]:
            folded = candidate.casefold()
            if folded not in forms or candidate in written:
                forms[folded] = candidate
        ranked = sorted(
            (
                _Candidate(
                    word=candidate,
                    context=(left, folded) in pairs or (folded, right) in pairs,
                    in_document=folded in vocabulary,
                    frequency=lexicon.frequency(candidate),
                )
                for folded, candidate in forms.items()
            ),
            key=_Candidate.rank,
            reverse=True,
        )
        confidence = _restore_confidence(word.text, ranked)
        changes.append(
            _Change(word.line, word.start, word.end, ranked[0].word, "dropped-letters", confidence)
        )
    return _apply(lines, changes)
