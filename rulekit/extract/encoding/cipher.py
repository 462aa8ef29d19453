"""Private Use Area codes: glyph ciphers and ligature glyphs inside words."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set

from rulekit.extract.encoding.common import (
    APPLY_THRESHOLD,
    BREAK_HYPHENS,
    CIPHER_CANDIDATES,
    COMMON_ZIPF,
    IN_WORD_CANDIDATES,
    LETTERS,
    Change,
    Symbol,
    is_private_use,
    letter_count,
    word_core,
)
from rulekit.extract.encoding.marks import (
    SPACE_CONFIDENCE,
    parted_by_blanks,
    solve_marks,
    solve_quotes,
    solve_space,
    solve_space_between_letters,
    solve_stops,
    space_shaped,
)
from rulekit.extract.encoding.single import solve_one, solve_pairs
from rulekit.extract.encoding.solver import (
    Solver,
    evidence,
    offset_char,
    original,
)
from rulekit.extract.lexicon import Lexicon
from rulekit.model import TextLine

# What a code may be where it cannot be the space.
_NO_SPACE = tuple(char for char in CIPHER_CANDIDATES if char != " ")
# How much more frequent (Zipf) the word a stray mark read as a letter makes must
# be than with any other letter.
_STRAY_MARGIN = 1.0
_STRAY_CONFIDENCE = 0.7
# Where viewers put the glyph codes of a font without a map (U+E000 + code, ...).
_CODE_PLANES = (0xE000, 0xF000, 0xF0000, 0x100000)
# What a word that starts with a capital follows: a sentence end, a colon.
_CAPITAL_AFTER = ".!?:"
# Codes this close together belong to one range of a font's glyph table.
_CLUSTER_GAP = 12
_MIN_CLUSTER = 3


def private_use_changes(lines: list[TextLine], lexicon: Lexicon) -> list[Change]:
    """Decode Private Use Area codes: glyph ciphers and unknown ligature glyphs."""
    coded = [i for i, line in enumerate(lines) if any(map(is_private_use, line.text))]
    if not coded:
        return []
    # The lines around are read too: a word broken at a line end may have its
    # code in one half and its other half in plain text.
    line_ids = sorted({j for i in coded for j in (i - 1, i, i + 1) if 0 <= j < len(lines)})
    units: list[list[Symbol]] = [
        [ord(ch) if is_private_use(ch) else ch for ch in lines[i].text] for i in line_ids
    ]
    cipher = {
        ord(ch)
        for i in line_ids
        for token in _ciphered_tokens(lines[i].text)
        for ch in token
        if is_private_use(ch)
    }
    following = {k: k + 1 for k in range(len(line_ids) - 1) if line_ids[k + 1] == line_ids[k] + 1}
    solver = Solver(units, lexicon, following=following)
    confidence = _solve_private_use(solver, cipher)
    strays = _stray_letters(solver, confidence)

    changes: list[Change] = []
    for number, (unit, i) in enumerate(zip(units, line_ids, strict=True)):
        for start, end in _spans(solver, unit):
            codes = {s for s in unit[start:end] if isinstance(s, int) and s in solver.mapping}
            if not codes:
                continue
            read = [strays[number, k] for k in range(start, end) if (number, k) in strays]
            before = lines[i].text[start:end]
            kind = "glyph-cipher" if _ciphered(before) else "ligature-glyph"
            # The sure codes of a token are decoded, an unsure one keeps its code;
            # the whole token decoded is offered as a suggestion.
            sure = {code for code in codes if confidence.get(code, 0.0) >= APPLY_THRESHOLD}
            readings = [sure] if sure else []
            if sure != codes:
                readings.append(codes)
            changes.extend(
                Change(
                    line=i,
                    start=start,
                    end=end,
                    after=_span_text(solver, unit, start, end, decoded),
                    kind=kind,
                    confidence=min([*read, *(confidence.get(code, 0.0) for code in decoded)]),
                )
                for decoded in readings
            )
    return changes


def _stray_letters(solver: Solver, confidence: dict[int, float]) -> dict[tuple[int, int], float]:
    """Read the marks a viewer passed off as characters in ciphered words as letters.

    A viewer may give a glyph of a font without a map as some character near
    its code, unflagged (pdfium does so right after a glyph it read as a far
    script's letter).  In a token whose letters are all codes, a literal mark
    before its last symbol (the place of punctuation set in a mapped font) is
    such a glyph where one letter in its place makes a word far more frequent
    than any other letter does, and longer than the word the mark stands
    beside: where that is no word (")ine" as "Eine"), or where the mark's own
    code, read as a glyph code, is that letter ("'er" as "Der").  The letters
    are written into the solver's units, where the codes of the token are
    sure; returns how sure each letter is, by (unit, position).
    """
    letters = {
        code: char
        for code, char in solver.mapping.items()
        if char.isalpha() and confidence.get(code, 0.0) >= APPLY_THRESHOLD
    }
    found: dict[tuple[int, int], float] = {}
    for number, unit in enumerate(solver.units):
        for start, end in _tokens(solver, unit):
            codes = [s for s in unit[start:end] if isinstance(s, int)]
            if not codes or any(isinstance(s, str) and s.isalnum() for s in unit[start:end]):
                continue
            sure = min([_STRAY_CONFIDENCE, *(confidence.get(code, 0.0) for code in codes)])
            for index in range(start, end - 1):
                mark = unit[index]
                if not isinstance(mark, str) or sure < APPLY_THRESHOLD:
                    continue
                own = [letters[c] for b in _CODE_PLANES if (c := b + ord(mark)) in letters]
                known = _known_letters(solver, unit[start:end])
                if known and not own:
                    continue
                # The case: that of the own code's letter, if any; a capital
                # otherwise only where a sentence starts.
                before = solver.decode(unit[:start]).rstrip()
                upper = own[0].isupper() if own else before[-1:] in _CAPITAL_AFTER
                letter = _stray_letter(solver, unit[start:end], index - start, upper)
                if letter is None or (known and letter not in own):
                    continue
                unit[index] = letter
                found[number, index] = sure
    return found


def _stray_letter(solver: Solver, symbols: list[Symbol], place: int, upper: bool) -> str | None:
    """The letter a mark at `place` of a ciphered word stands for, if one clearly does.

    Of a letter whose word is known in either case, the capital is taken when
    `upper`.
    """
    beside = _known_letters(solver, symbols)
    zipf: dict[str, float] = {}
    cases: dict[str, list[str]] = {}
    for letter in LETTERS:
        read = [*symbols[:place], letter, *symbols[place + 1 :]]
        if _known_letters(solver, read) > beside:
            zipf[letter.lower()] = solver.lexicon.frequency(word_core(solver.decode(read)))
            cases.setdefault(letter.lower(), []).append(letter)
    ranked = sorted(zipf, key=lambda letter: -zipf[letter])
    if not ranked or zipf[ranked[0]] < COMMON_ZIPF:
        return None
    if len(ranked) > 1 and zipf[ranked[0]] - zipf[ranked[1]] < _STRAY_MARGIN:
        return None
    forms = cases[ranked[0]]
    return forms[0] if len(forms) == 1 else forms[upper]


def _tokens(solver: Solver, unit: list[Symbol]) -> Iterator[tuple[int, int]]:
    """The words of a unit, as spans between blanks and space codes."""
    start = None
    for index, symbol in enumerate([*unit, " "]):
        if solver.is_space(symbol):
            if start is not None:
                yield start, index
            start = None
        elif start is None:
            start = index


def _known_letters(solver: Solver, symbols: list[Symbol]) -> int:
    """The letters of the word `symbols` decode to, or 0 unless it is a known word."""
    core = word_core(solver.decode(symbols))
    return letter_count(core) if solver.lexicon.known_as_written(core) else 0


def _span_text(solver: Solver, unit: list[Symbol], start: int, end: int, codes: Set[int]) -> str:
    """A span of a unit with `codes` decoded, its white space folded."""
    decoded = "".join(
        (solver.mapping[s] if s in codes else original(s)) if isinstance(s, int) else s
        for s in unit[start:end]
    )
    after = " ".join(decoded.split())
    # Space codes before the next word (no blank of the viewer's there) stay a space.
    if after and decoded[-1].isspace() and end < len(unit) and not solver.is_space(unit[end]):
        after += " "
    return after


def _solve_private_use(solver: Solver, cipher: set[int]) -> dict[int, float]:
    """Solve every code of the units: ranges by offset, the rest one by one.

    Codes that lie close together form ranges (lower case, capitals, digits
    ...), each solved by one offset; then the space and the
    marks are found by position; the codes left over (umlauts, ligatures,
    space, ligature glyphs inside words) are solved one by one, and last the
    quotation marks among the unsure ones by position.  Returns each code's
    confidence.
    """
    confidence: dict[int, float] = {}
    # A space code next to a range of letters would read as one of its marks.
    lone = space_shaped(solver, cipher)
    # Codes inside mapped words form ranges too: a font whose map covers lower
    # case only leaves its capitals as a run of codes, one offset off.
    codes = set(solver.occurrences) - {lone}
    ranges = [group for group in _ranges(codes) if len(group) >= _MIN_CLUSTER]
    ranges.sort(key=lambda group: -sum(solver.occurrences[code] for code in group))
    offsets: dict[int, int] = {}
    sure: dict[int, float] = {}
    solved: dict[int, str] = {}
    marks: dict[int, float] = {}
    # The space beside the viewer's blanks is found by position, before any word is read.
    space = solve_space(solver, cipher)
    if space is not None:
        solved[space], confidence[space] = " ", SPACE_CONFIDENCE

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
            # Codes of the range the offset leaves unread may be a range of their own
            # (capitals right after lower case): they are read by their own offset.
            rest = [code for code in group if code not in solver.mapping]
            if len(rest) >= _MIN_CLUSTER and rest not in ranges:
                ranges.append(rest)
            gain = best - unmapped
            lead = (best - runner_up) / gain
            if not lead and offset in preferred:
                lead = 0.7  # no word decides, but the font's other ranges share this offset
            # Ranges read by one offset are one glyph order: the surest vouches for the
            # others (digits and marks, which few words decide).
            shared = [
                sure[other] for other in offsets if other != index and offsets[other] == offset
            ]
            sure[index] = max([evidence(gain) * lead, *shared])
            for code in group:
                if code not in solved:
                    confidence[code] = sure[index] if code in solver.mapping else 0.0
        # Words broken by a hyphen the offsets decoded, or a plain one, are read whole.
        solver.join_breaks(solver.hyphens | _sure_hyphens(solver, confidence))
        # With the letters read, the space and the marks are found by position: no
        # word decides marks, and both cut words until solved.  A range's offset
        # may have given them some unsure reading.
        if space is None:
            space = solve_space_between_letters(solver, unsure())
            if space is not None:
                solved[space], confidence[space] = " ", SPACE_CONFIDENCE
        marks.update(solve_marks(solver, unsure()))
        marks.update(solve_stops(solver, unsure()))
        for code in marks:
            solved[code], confidence[code] = solver.mapping[code], marks[code]
        # A range's unsure reading is tried against every other, code by code.
        in_ranges = {
            code
            for index in offsets
            for code in ranges[index]
            if code in solver.mapping and code not in solved
            if confidence.get(code, 0.0) >= APPLY_THRESHOLD
        }
        rest = [
            code
            for code in solver.occurrences
            if code not in in_ranges and code != space and code not in marks
        ]
        rest.sort(key=lambda code: -solver.occurrences[code])
        for code in rest:
            if code in cipher:
                # Where blanks part the words and no code stood beside them as the
                # space, no code is the space: one read so only glues marks to words.
                spaced = space is not None or not parted_by_blanks(solver, code)
                derived = tuple(
                    dict.fromkeys(
                        char
                        for offset in offsets.values()
                        if (char := offset_char(code, offset)) is not None
                        if spaced or char != " "
                    )
                )
                candidates = CIPHER_CANDIDATES if spaced else _NO_SPACE
                confidence[code] = solve_one(solver, code, candidates, derived)
            else:
                # The font that left this glyph unmapped maps its letters: the code
                # is none of the letters spelled in plain text where it stands.
                spelled = _plain_letters(solver, code)
                candidates = tuple(c for c in IN_WORD_CANDIDATES if c not in spelled)
                confidence[code] = solve_one(solver, code, candidates, in_word=True)
            if code in solver.mapping:
                solved[code] = solver.mapping[code]
            else:
                solved.pop(code, None)
        # Quotation marks, which no word decides either, are read by position
        # before the font's glyph order reads the marks still unsure; a mapped
        # font's unmapped quotes stand at the edges of plain words.
        edges = {
            code
            for code in solver.occurrences
            if code not in cipher and confidence.get(code, 0.0) < APPLY_THRESHOLD
        }
        quotes = solve_quotes(solver, unsure() | edges)
        marks.update(quotes)
        for code in quotes:
            solved[code], confidence[code] = solver.mapping[code], quotes[code]
        for code, (char, sure_of) in _by_font_order(ranges, offsets, sure, unsure()).items():
            solver.set({code: char})
            solved[code], confidence[code] = char, sure_of
    solve_pairs(
        solver,
        confidence,
        set(solved) | {code for code in solver.occurrences if code not in solver.mapping},
    )
    return confidence


def _by_font_order(
    ranges: list[list[int]], offsets: dict[int, int], sure: dict[int, float], codes: set[int]
) -> dict[int, tuple[str, float]]:
    """Digits and marks among `codes` read by the offset of the font's whole glyph order.

    When the surely read ranges, lower case and capitals among them, share one
    offset, the font keeps its glyphs in one order (ASCII order, say), and a
    digit or mark no word decides, set apart from the ranges, is read by that
    offset too, as sure as the surest range: any ASCII mark ("_" in a file
    name), since the position of each is known in that order.
    """
    trusted = [index for index in offsets if sure.get(index, 0.0) >= APPLY_THRESHOLD]
    shared = {offsets[index] for index in trusted}
    if len(shared) != 1:
        return {}
    offset = shared.pop()
    letters = "".join(
        char for index in trusted for code in ranges[index] if (char := offset_char(code, offset))
    )
    if not (any(map(str.islower, letters)) and any(map(str.isupper, letters))):
        return {}
    sure_of = max(sure[index] for index in trusted)
    return {
        code: (char, sure_of)
        for code in codes
        if (char := _ascii_char(code, offset)) is not None and not char.isalpha()
    }


def _ascii_char(code: int, offset: int) -> str | None:
    """What `offset` turns `code` into, if it is a printable ASCII character other than space."""
    target = code + offset
    return chr(target) if 0x21 <= target < 0x7F else None


def _plain_letters(solver: Solver, code: int) -> set[str]:
    """The letters spelled in plain text on the lines holding `code` and the lines around.

    Lines next to each other are mostly set in one font.
    """
    preceding = {after: before for before, after in solver.following.items()}
    lines = {
        near
        for index in solver.lines_of[code]
        for near in (preceding.get(index), index, solver.following.get(index))
        if near is not None
    }
    return {
        symbol
        for index in lines
        for symbol in solver.units[index]
        if isinstance(symbol, str) and symbol.isalpha()
    }


def _sure_hyphens(solver: Solver, confidence: dict[int, float]) -> set[Symbol]:
    """The hyphens a line may end with: plain ones, and codes surely decoded as one."""
    return set(BREAK_HYPHENS) | {
        code
        for code, decoded in solver.mapping.items()
        if decoded in BREAK_HYPHENS and confidence.get(code, 0.0) >= APPLY_THRESHOLD
    }


def _spans(solver: Solver, unit: list[Symbol]) -> Iterator[tuple[int, int]]:
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


def _ciphered_tokens(text: str) -> list[str]:
    """The tokens of a line in a font without a map.

    On a line with ciphered words, a token of one code is ciphered too (a
    digit, a dash); elsewhere it is a glyph of its own (a symbol font's bullet).
    """
    tokens = text.split()
    if not any(map(_ciphered, tokens)):
        return []
    return [token for token in tokens if _ciphered(token) or all(map(is_private_use, token))]


def _ciphered(text: str) -> bool:
    """Text mostly made of codes is ciphered; a code among letters is a glyph in a word."""
    codes = sum(map(is_private_use, text))
    return codes >= 2 and codes >= letter_count(text)


def _ranges(codes: Iterable[int]) -> list[list[int]]:
    """Codes grouped into runs with gaps of at most `_CLUSTER_GAP`."""
    groups: list[list[int]] = []
    for code in sorted(set(codes)):
        if groups and code - groups[-1][-1] <= _CLUSTER_GAP:
            groups[-1].append(code)
        else:
            groups.append([code])
    return groups
