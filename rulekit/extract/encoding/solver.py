"""The solver: codes in lines of text read as the letters that make the most lexicon words."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence, Set
from typing import cast

from rulekit.extract.encoding.common import (
    CASE_DISTANCE,
    OFFSET_OUTPUT,
    Symbol,
    letter_count,
    word_core,
)
from rulekit.extract.lexicon import Lexicon

# Lines a search scores at most per code, to stay fast on long ciphered texts.
_SAMPLE_UNITS = 60
# Pairs of codes solved together at most per document (each costs thousands of trials).
_MAX_PAIRS = 8
# The share of a range's codes (or of their occurrences) its offset must decode.
_RANGE_SHARE = 0.6
# Offsets of a range first scored on a sample of this many lines; the best few
# of them are scored on all.
_SCREEN_UNITS = 8
_SCREENED_OFFSETS = 6
# How much more frequent (Zipf, per letter) the words of one reading must be than
# those of another that reads as well, to decide between them.
_ZIPF_MARGIN = 1.0
# How sure a tie decided is: by the case where a code stands, the frequency table or
# the order of the candidates; and by the frequency table having no rival's words.
DECIDED = 0.7
_ATTESTED_ALONE = 0.85
# What a sentence, whose first word is capitalised, follows.
_SENTENCE_ENDS = ".!?"
# Decoded letters (in lexicon words) that make a decoding fully trustworthy.
_FULL_EVIDENCE = 12
_BLANK = re.compile(r"\s")


class Solver:
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
        self.hyphens: frozenset[Symbol] = frozenset()
        self.broken: set[int] = set()
        self.readings: list[list[Symbol]] = units
        # The units holding each code: as written, and as read for scoring.
        self.lines_of = _index(units)
        self.units_of = self.lines_of
        self.runs = [_runs(unit) for unit in units]
        # Each word's value once known: its core's letters (0 unless a known
        # word), and whether it is in capitals.
        self._known: dict[str, tuple[int, bool]] = {}

    def join_breaks(self, hyphens: Set[Symbol]) -> None:
        """Score words broken at a line end by one of `hyphens` as one word, without it.

        A hyphen code is a break wherever it ends a line.  A hyphen in plain
        text is one only where the next line goes on in lower case, as far as
        it is decoded: before a capital it joins a compound ("Besatzer-Seite").
        Called again, it reads the words anew if more breaks are known.
        """
        self.hyphens = frozenset(hyphens)
        broken = {
            index
            for index, unit in enumerate(self.units)
            if index in self.following and (last := _last_filled(unit)) is not None
            if unit[last] in hyphens
            if isinstance(unit[last], int) or self._goes_on(self.units[self.following[index]])
        }
        if broken == self.broken:
            return
        self.broken = broken
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
        self.runs = [_runs(reading) for reading in readings]

    def _goes_on(self, unit: list[Symbol]) -> bool:
        """Whether `unit` starts in lower case: a word's second half.

        An undecoded code is lower case where it stands after a letter elsewhere.
        """
        head = [symbol for symbol in unit[: self.first_word_end(unit)] if not self.is_space(symbol)]
        if not head:
            return False
        first = head[0]
        if isinstance(first, int) and first not in self.mapping:
            return self._case_at(first) is False
        return self.decode([first])[:1].islower()

    def first_word_end(self, unit: list[Symbol]) -> int:
        """Where the first word of `unit` ends: at the first space after it, or the end."""
        index = 0
        while index < len(unit) and self.is_space(unit[index]):
            index += 1
        while index < len(unit) and not self.is_space(unit[index]):
            index += 1
        return index

    def words(self, unit: Sequence[Symbol]) -> Iterator[tuple[str, set[int], bool, int]]:
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
        known = self._known.get(word)
        if known is None:
            core = word_core(word)
            letters = letter_count(core)
            if letters < 2 or not self.lexicon.known_as_written(core):
                letters = 0
            known = self._known[word] = (letters, core.isupper())
        letters, upper = known
        if not letters:
            return 0
        return (letters - extra) * (0.5 if upper else 1.0) * (1.0 if whole else 0.5)

    def run_score(self, symbols: tuple[Symbol, ...]) -> float:
        """The value of the words holding a decoded code in a run of symbols without blanks.

        Mostly the run is one word with all its codes decoded, read at once;
        otherwise its words are read one by one.
        """
        decoded = [self.mapping.get(s) if isinstance(s, int) else s for s in symbols]
        if None not in decoded:
            text = "".join(cast(list[str], decoded))
            if not _BLANK.search(text):
                return self.value(text, True, len(text) - len(symbols))
        return sum(
            self.value(word, whole, extra)
            for word, codes, whole, extra in self.words(symbols)
            if codes
        )

    def attested(self, code: int, units: list[int]) -> tuple[int, float]:
        """Letters of whole words holding `code` that the frequency table has, and the
        same letters weighted by their word's Zipf frequency."""
        letters, weighted = 0, 0.0
        for symbols in self._runs_holding({code}, units):
            for word, codes, whole, _extra in self.words(symbols):
                if code in codes and whole:
                    frequency = self.lexicon.frequency(word_core(word))
                    if frequency > 0:
                        letters += letter_count(word)
                        weighted += letter_count(word) * frequency
        return letters, weighted

    def affected(self, codes: Iterable[int]) -> list[int]:
        """The units (a sample of each code's) whose score `codes` change."""
        indexes: dict[int, None] = {}
        for code in codes:
            indexes.update(dict.fromkeys(self.units_of[code][:_SAMPLE_UNITS]))
        return list(indexes)

    def trial(self, changes: dict[int, str | None], units: list[int]) -> float:
        """The score of `units` with `changes` made; the mapping is left as it was.

        Only the words that hold a changed code are scored: the others score
        the same whatever the changes, so trials of the same codes over the
        same units compare as if the whole units were scored.
        """
        saved = {code: self.mapping.get(code) for code in changes}
        self.set(changes)
        try:
            return sum(map(self.run_score, self._runs_holding(changes.keys(), units)))
        finally:
            self.set(saved)

    def _runs_holding(self, codes: Iterable[int], units: list[int]) -> list[tuple[Symbol, ...]]:
        """The runs between blanks of the readings of `units` that hold one of `codes`."""
        wanted = set(codes)
        return [
            symbols
            for index in units
            for symbols, held in self.runs[index]
            if not wanted.isdisjoint(held)
        ]

    def set(self, changes: dict[int, str | None]) -> None:
        """Map codes as `changes` says; None unmaps one."""
        for code, decoded in changes.items():
            if decoded is None:
                self.mapping.pop(code, None)
            else:
                self.mapping[code] = decoded

    def coverage(self, code: int) -> float:
        """The share of decoded words holding `code` that the lexicon knows."""
        known = total = 0
        for symbols in self._runs_holding({code}, self.affected([code])):
            for word, codes, whole, extra in self.words(symbols):
                if code in codes:
                    total += 1
                    known += self.value(word, whole, extra) > 0
        return known / total if total else 0.0

    def is_space(self, symbol: Symbol) -> bool:
        """Whether `symbol` is white space, or a code decoded as white space."""
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
        """Letters, digits and the space spelled otherwise or by codes other than `codes`.

        A font has one glyph for each, so no other code can stand for them (a
        cluster of ligature glyphs would otherwise read as a space and marks
        that cut words into shorter known ones).  Marks may have several glyphs
        (a hyphen and a break hyphen).
        """
        return self.spelled | {
            decoded
            for other, decoded in self.mapping.items()
            if other not in codes and len(decoded) == 1 and (decoded.isalnum() or decoded == " ")
        }

    def solve_range(
        self, codes: list[int], solved: dict[int, str], preferred: list[int]
    ) -> tuple[int | None, float, float, float]:
        """Map a range of codes by the one offset that scores best.

        Offsets that put most codes (or most of their occurrences) on ASCII
        letters, digits, space or common punctuation are tried, `preferred`
        ones (those of ranges already solved) first, so they win ties.  A code
        in `solved` (solved on its own) keeps its mapping; one the offset turns
        into anything rarer, or into a letter another code stands for, stays
        unmapped.  Returns (offset, best, runner-up, unmapped scores); the
        offset is None, and the range unmapped, when none beats leaving it so.
        The runner-up leaves out the best offset's case twin (the same letters
        in the other case), which is no rival reading.
        """
        # Votes by codes, and by their occurrences: a range may run on from lower
        # case into the capitals, rarer codes that another offset reads.
        votes: Counter[int] = Counter()
        weighed: Counter[int] = Counter()
        for code in codes:
            for target in OFFSET_OUTPUT:
                votes[ord(target) - code] += 1
                weighed[ord(target) - code] += self.occurrences[code]
        needed = max(2, math.ceil(_RANGE_SHARE * len(codes)))
        needed_weight = _RANGE_SHARE * sum(self.occurrences[code] for code in codes)

        def enough(counted: Iterable[int]) -> bool:
            chosen = list(counted)
            weight = sum(self.occurrences[code] for code in chosen)
            return len(chosen) >= needed or (len(chosen) >= 2 and weight >= needed_weight)

        offsets = list(dict.fromkeys(preferred + sorted(votes)))
        units = self.affected(codes)
        unmapped_changes = {code: solved.get(code) for code in codes}
        unmapped = self.trial(unmapped_changes, units)

        taken = self.taken(codes)

        def changes(offset: int) -> dict[int, str | None]:
            decoded = {code: solved.get(code) or offset_char(code, offset) for code in codes}
            return {code: None if char in taken else char for code, char in decoded.items()}

        # An offset must give most codes, or most of their occurrences, a character
        # no other code stands for.
        trials = {
            offset: changes(offset)
            for offset in offsets
            if votes[offset] >= needed or weighed[offset] >= needed_weight
        }
        trials = {
            offset: decoded
            for offset, decoded in trials.items()
            if enough(code for code, char in decoded.items() if char is not None)
        }
        trials = self._screen(trials, units, preferred)
        scores = {offset: self.trial(decoded, units) for offset, decoded in trials.items()}
        best_offset = max(scores, key=lambda offset: scores[offset], default=None)
        if best_offset is None or scores[best_offset] <= unmapped:
            self.set(unmapped_changes)
            return None, unmapped, unmapped, unmapped
        self.set(changes(best_offset))
        twins = {best_offset, best_offset + CASE_DISTANCE, best_offset - CASE_DISTANCE}
        rivals = [score for offset, score in scores.items() if offset not in twins]
        return best_offset, scores[best_offset], max([unmapped, *rivals]), unmapped

    def _screen(
        self, trials: dict[int, dict[int, str | None]], units: list[int], preferred: list[int]
    ) -> dict[int, dict[int, str | None]]:
        """The offsets worth scoring on all `units`: the best on a sample of them.

        Most offsets read a range as no words at all, which a few lines show
        as well as all of them.  The `preferred` offsets are always kept.
        """
        if len(trials) <= _SCREENED_OFFSETS or len(units) <= 2 * _SCREEN_UNITS:
            return trials
        sample = units[:: math.ceil(len(units) / _SCREEN_UNITS)]
        screened = {offset: self.trial(decoded, sample) for offset, decoded in trials.items()}
        kept = set(sorted(screened, key=lambda offset: -screened[offset])[:_SCREENED_OFFSETS])
        return {
            offset: decoded
            for offset, decoded in trials.items()
            if offset in kept or offset in preferred
        }

    def solve_code(
        self, code: int, candidates: tuple[str, ...]
    ) -> tuple[str | None, float, float, float, float]:
        """Map one code to the candidate that scores best.

        A letter or ligature another code stands for is no candidate.  Of
        candidates that score the same, the letter of the case where the code
        stands wins, then the one the frequency table prefers (the lexicon
        also takes rare compounds, "Kaust|leute"), then the earlier one.
        Returns (choice, best, runner-up, unmapped scores, how far a tie was
        decided: 0.0 when only the order did); the code stays unmapped when no
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
        decided = 0.0
        if len(tied) > 1:
            # Words read the same in either case: where the code stands tells.
            tied = self.by_case(code, tied)
            choice = tied[0]
            decided = DECIDED if len(tied) == 1 else 0.0
        if len(tied) > 1:
            choice, decided = self._by_frequency(code, tied, units)
        self.set({code: choice})
        return choice, best, second, unmapped, decided

    def by_case(self, code: int, candidates: list[str]) -> list[str]:
        """The letters among `candidates` of the case where `code` stands, and the others.

        A sentence starts with a capital, and a letter after another inside a
        word is lower case.  All candidates are kept when the places do not
        tell, or no candidate has that case.
        """
        case = self._case_at(code)
        if case is None:
            return candidates
        kept = [c for c in candidates if not c.isalpha() or len(c) > 1 or c.isupper() == case]
        return kept or candidates

    def _case_at(self, code: int) -> bool | None:
        """True where `code` starts sentences, False where it stands after a letter."""
        preceding = {after: before for before, after in self.following.items()}
        starts = False
        for index in self.lines_of[code]:
            unit = self.units[index]
            for i in (i for i, symbol in enumerate(unit) if symbol == code):
                if i and not self.is_space(unit[i - 1]):
                    if self.decode(unit[i - 1 : i]).isalpha():
                        return False
                    continue
                before = self.decode(unit[:i]).rstrip()
                if not before and index in preceding:
                    before = self.decode(self.units[preceding[index]]).rstrip()
                starts |= before[-1:] in _SENTENCE_ENDS
        return True if starts else None

    def _by_frequency(self, code: int, tied: list[str], units: list[int]) -> tuple[str, float]:
        """Of candidates that score the same, the one the frequency table prefers, if any.

        First the one whose words the table has, then the one whose words are
        clearly more frequent (by `_ZIPF_MARGIN` per letter); failing both, the
        first candidate.  Returns it and how far the table decided: most when
        it has the words of no other candidate at all, whose words are then
        only the compound splitter's readings ("Offziere" for "Offiziere"), or
        only far rarer ones.
        """
        attested = {c: self.trial_attested(code, c, units) for c in tied}
        top = max(letters for letters, _ in attested.values())
        leaders = sorted((c for c in tied if attested[c][0] == top), key=lambda c: -attested[c][1])
        if not top:
            return tied[0], 0.0
        if len(leaders) == 1:
            alone = not any(attested[c][0] for c in tied if c != leaders[0])
            return leaders[0], _ATTESTED_ALONE if alone else DECIDED
        first, second = (attested[c][1] for c in leaders[:2])
        if first - second >= 2 * _ZIPF_MARGIN * top:
            return leaders[0], _ATTESTED_ALONE
        if first - second >= _ZIPF_MARGIN * top:
            return leaders[0], DECIDED
        return tied[0], 0.0

    def trial_attested(self, code: int, candidate: str, units: list[int]) -> tuple[int, float]:
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
            0.7 * evidence(2 * (best - unmapped)) * min(self.coverage(first), self.coverage(second))
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
            self.mapping.get(symbol, original(symbol)) if isinstance(symbol, int) else symbol
            for symbol in symbols
        )


def _runs(unit: list[Symbol]) -> list[tuple[tuple[Symbol, ...], frozenset[int]]]:
    """The runs of a unit between blanks of the text that hold codes, with their codes.

    A code decoded as the space parts a run into words; a blank of the text
    always parts words, so the words holding codes lie in these runs.
    """
    runs = []
    run: list[Symbol] = []
    for symbol in [*unit, " "]:
        if isinstance(symbol, str) and symbol.isspace():
            codes = frozenset(s for s in run if isinstance(s, int))
            if codes:
                runs.append((tuple(run), codes))
            run = []
        else:
            run.append(symbol)
    return runs


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


def original(code: int) -> str:
    """The character a code stood for in the text."""
    return chr(code) if code >= 0 else chr(-1 - code)


def offset_char(code: int, offset: int) -> str | None:
    """What `offset` turns `code` into, if it is a character a range may decode to."""
    target = code + offset
    if 0 <= target < 0x110000 and chr(target) in OFFSET_OUTPUT:
        return chr(target)
    return None


def evidence(letters: float) -> float:
    """How far decoded letters in known words make a decoding trustworthy (0 to 1)."""
    return min(1.0, letters / _FULL_EVIDENCE)
