"""Shifted encodings: every code of a font a constant offset off its letter."""

from __future__ import annotations

import itertools
import re
import string
from collections import Counter
from dataclasses import dataclass

from rulekit.extract.encoding.common import (
    BREAK_HYPHENS,
    CASE_DISTANCE,
    COMMON_ZIPF,
    IN_WORD_CANDIDATES,
    PUNCTUATION,
    TOKEN,
    Change,
    Symbol,
    is_private_use,
    letter_count,
    word_core,
)
from rulekit.extract.encoding.single import solve_one, solve_pairs
from rulekit.extract.encoding.solver import Solver
from rulekit.extract.lexicon import Lexicon
from rulekit.model import TextLine

# Shifted encodings: a decoded word counts as evidence from this length on, and
# an offset needs this many distinct decoded words.
_SHIFT_MIN_WORD = 4
_SHIFT_MIN_WORDS = 2
_SHIFT_MIN_ZIPF = 1.0
_SHIFT_CANDIDATE_OFFSETS = 64


def _shift_symbols(token: str, offset: int) -> list[Symbol]:
    """A token decoded by `offset`; a character that becomes no letter, digit or mark is a code."""
    symbols: list[Symbol] = []
    for char in token:
        target = ord(char) + offset
        decoded = chr(target) if 0 <= target < 0x110000 else ""
        if decoded.isalpha() or (decoded and decoded in PUNCTUATION + string.digits):
            symbols.append(decoded)
        else:
            # Negative, so these codes never meet Private Use Area codes.
            symbols.append(-1 - ord(char))
    return symbols


@dataclass
class _Token:
    """An unknown token of the text, where it stands, and its symbols decoded by the offset."""

    line: int
    match: re.Match[str]
    symbols: list[Symbol]
    unit: int = 0
    start: int = 0


def shifted_changes(lines: list[TextLine], lexicon: Lexicon) -> list[Change]:
    """Decode tokens whose codes are all one constant offset off.

    Every offset that turns unknown tokens into letters is tried; the one whose
    decodings are the most distinct lexicon words wins, if it has enough of
    them and clearly more than any other.  Characters the offset does not turn
    into letters (an umlaut outside the shifted range) are solved as codes.  A
    decoded token is taken when it is a word, or the half of a word broken at
    a line end whose other half is decoded too.
    """
    matches, votes = _unknown_tokens(lines, lexicon)
    offset, sure = _best_offset(matches, votes, lexicon)
    if offset is None:
        return []
    tokens = [_Token(i, match, _shift_symbols(match.group(), offset)) for i, match in matches]
    units, following = _line_units(tokens)
    # The offset gave these letters their glyphs, so no unknown code stands for them.
    spelled = {s for token in tokens for s in token.symbols if isinstance(s, str) and s.isalpha()}
    solver = Solver(units, lexicon, spelled, following)
    solver.join_breaks(set(BREAK_HYPHENS))
    code_confidence: dict[int, float] = {}
    # Two rounds: a code scores better once the other codes in its words are solved.
    for _ in range(2):
        for code in sorted(solver.occurrences, key=lambda code: -solver.occurrences[code]):
            code_confidence[code] = solve_one(solver, code, IN_WORD_CANDIDATES, in_word=True)
    solve_pairs(solver, code_confidence, set(code_confidence))
    common = lexicon.common_forms(COMMON_ZIPF)
    halves = _broken_halves(lines, tokens, solver, lexicon)
    taken: dict[int, float] = {}
    for index, token in enumerate(tokens):
        if any(isinstance(s, int) and s not in solver.mapping for s in token.symbols):
            continue
        core = word_core(solver.decode(token.symbols))
        if index not in halves:
            if not lexicon.known_as_written(core):
                continue
            if letter_count(core) < _SHIFT_MIN_WORD and (
                core.isupper()
                or core.casefold() not in common
                or not letter_count(token.match.group())
            ):
                continue  # short numbers and abbreviations decode to some word too easily
        codes = [s for s in token.symbols if isinstance(s, int)]
        taken[index] = min([sure, *(code_confidence[code] for code in codes)])
    taken.update(_beside_words(tokens, solver, taken))
    return [
        Change(
            tokens[index].line,
            tokens[index].match.start(),
            tokens[index].match.end(),
            solver.decode(tokens[index].symbols),
            "shifted-encoding",
            confidence,
        )
        for index, confidence in sorted(taken.items())
    ]


def _beside_words(
    tokens: list[_Token], solver: Solver, taken: dict[int, float]
) -> dict[int, float]:
    """Tokens no word decides (numbers, names) on lines whose words the offset decoded.

    The line is in the shifted font, so they are too, unless they could be
    plain text: a token with an ASCII letter or digit is left alone.
    """
    sure: dict[int, float] = {}
    for index, confidence in taken.items():
        line = tokens[index].line
        sure[line] = min(confidence, sure.get(line, confidence))
    found = {}
    for index, token in enumerate(tokens):
        if index in taken or token.line not in sure:
            continue
        if any(isinstance(s, int) and s not in solver.mapping for s in token.symbols):
            continue
        if any(char.isascii() and char.isalnum() for char in token.match.group()):
            continue
        core = word_core(solver.decode(token.symbols))
        if core and core.isalnum():
            found[index] = sure[token.line]
    return found


def _unknown_tokens(
    lines: list[TextLine], lexicon: Lexicon
) -> tuple[list[tuple[int, re.Match[str]]], Counter[int]]:
    """Tokens that are no word as written, and the offsets that would make letters of them."""
    tokens: list[tuple[int, re.Match[str]]] = []
    votes: Counter[int] = Counter()
    for i, line in enumerate(lines):
        for match in TOKEN.finditer(line.text):
            token = match.group()
            if any(map(is_private_use, token)) or (len(token) < 2 and token.isascii()):
                continue
            if lexicon.known_as_written(word_core(token)):
                continue
            tokens.append((i, match))
            if len(token) >= _SHIFT_MIN_WORD:
                votes.update(_token_offsets(token))
    return tokens, votes


def _best_offset(
    tokens: list[tuple[int, re.Match[str]]], votes: Counter[int], lexicon: Lexicon
) -> tuple[int | None, float]:
    """The offset that decodes the most distinct words, if clearly best, and how sure it is."""
    if not votes:
        return None, 0.0
    # Evidence words must occur in the corpus: a cheap filter before the spell check.
    attested = lexicon.common_forms(_SHIFT_MIN_ZIPF)
    found: dict[int, int] = {}
    for offset, _count in votes.most_common(_SHIFT_CANDIDATE_OFFSETS):
        words = set()
        for _i, match in tokens:
            decoded = _shift_symbols(match.group(), offset)
            if all(isinstance(s, str) for s in decoded):
                word = word_core("".join(str(s) for s in decoded))
                if (
                    letter_count(word) >= _SHIFT_MIN_WORD
                    and word.casefold() in attested
                    and lexicon.known_as_written(word)
                ):
                    words.add(word)
        found[offset] = len(words)
    best_offset = max(found, key=lambda offset: found[offset], default=0)
    best_words = found.get(best_offset, 0)
    # The case twin reads the same words in capitals: no rival.
    twins = {best_offset, best_offset + CASE_DISTANCE, best_offset - CASE_DISTANCE}
    runner_up = max([0, *(count for offset, count in found.items() if offset not in twins)])
    if best_words < _SHIFT_MIN_WORDS or best_words < 2 * runner_up:
        return None, 0.0
    return best_offset, min(0.95, 0.5 + 0.15 * best_words)


def _line_units(tokens: list[_Token]) -> tuple[list[list[Symbol]], dict[int, int]]:
    """One unit per line of the tokens' symbols, blank between; which unit follows which.

    Each token learns its unit and where it starts in it.
    """
    units: list[list[Symbol]] = []
    lines: list[int] = []
    for token in tokens:
        if not lines or lines[-1] != token.line:
            units.append([])
            lines.append(token.line)
        unit = units[-1]
        if unit:
            unit.append(" ")
        token.unit, token.start = len(units) - 1, len(unit)
        unit.extend(token.symbols)
    following = {k: k + 1 for k in range(len(lines) - 1) if lines[k + 1] == lines[k] + 1}
    return units, following


def _broken_halves(
    lines: list[TextLine], tokens: list[_Token], solver: Solver, lexicon: Lexicon
) -> set[int]:
    """Tokens that are the halves of a word broken at a line end, both decoded.

    The first half is the last token of its line and ends in a hyphen, the
    second the first token of the next line; together they make a word.
    """
    halves: set[int] = set()
    for index, (head, tail) in enumerate(itertools.pairwise(tokens)):
        if tail.line != head.line + 1:
            continue
        if lines[head.line].text[head.match.end() :].strip():
            continue
        if lines[tail.line].text[: tail.match.start()].strip():
            continue
        first, second = solver.decode(head.symbols), solver.decode(tail.symbols)
        if first[-1:] in BREAK_HYPHENS and lexicon.known_as_written(word_core(first[:-1] + second)):
            halves.update((index, index + 1))
    return halves


def _token_offsets(token: str) -> set[int]:
    """Offsets that turn all characters of `token` but one into ASCII letters."""
    votes: Counter[int] = Counter()
    for char in set(token):
        weight = token.count(char)
        for target in string.ascii_letters:
            offset = ord(target) - ord(char)
            # Offset 0 is the text itself, and the case distance only changes case.
            if offset not in (0, CASE_DISTANCE, -CASE_DISTANCE):
                votes[offset] += weight
    return {offset for offset, count in votes.items() if count >= len(token) - 1}
