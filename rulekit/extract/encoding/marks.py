"""Marks no word decides, read from where their codes stand.

The space (between letters, never doubled), the line-break hyphen (ends lines,
the halves join into a word), bullets (alone at line starts), dashes (alone
between words), quotation marks (before and after words, alternating) and
sentence punctuation (after words; a full stop before capitals, a comma before
lower case too).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rulekit.extract.encoding.common import Symbol, word_core
from rulekit.extract.encoding.solver import Solver

# How sure the space code is when found by position rather than by words.
SPACE_CONFIDENCE = 0.8
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
# The share of its places where a quotation mark stands before (or after) a word.
_QUOTE_PLACES = 0.75
# Sentence punctuation stands right after a word in this share of its places at
# least ("z.B." has one inside a word).  A sentence starts with a capital, so
# nearly every word after a full stop does; German nouns are capitalised, so
# many words after a comma do too, but a good share are lower case.
_TRAILING = 0.8
_STOP_UPPER = 0.9
_COMMA_LOWER = 0.25


def solve_space(solver: Solver, codes: set[int]) -> int | None:
    """Decode the space code when the viewer also put blanks beside it.

    Such a code always sits next to a blank or the end of a line, so the
    lexicon cannot tell it from punctuation.  The space is the code always
    placed so, clearly more often than any other code that is, and beside
    most of the blanks: a full stop before the blanks a viewer sets for the
    space is placed so too, but beside few of them.  It is mapped and returned.
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
    if 2 * count < _blank_runs(solver, solver.lines_of[code]):
        return None
    solver.set({code: " "})
    return code


def parted_by_blanks(solver: Solver, code: int) -> bool:
    """Whether blanks already part the words on the lines of `code`, as often as it stands.

    A viewer that sets blanks for the space leaves no code for it to be.
    """
    return 2 * _blank_runs(solver, solver.lines_of[code]) >= solver.occurrences[code]


def _blank_runs(solver: Solver, lines: list[int]) -> int:
    """How many runs of blanks stand between two other symbols in `lines`."""
    runs = 0
    for index in lines:
        filled = [not (isinstance(s, str) and s.isspace()) for s in solver.units[index]]
        # A run ends where a filled symbol follows a blank that follows a filled one.
        seen = blank = False
        for full in filled:
            if full:
                runs += seen and blank
                seen, blank = True, False
            else:
                blank = True
    return runs


def space_shaped(solver: Solver, codes: set[int]) -> int | None:
    """The code that looks like the space before any letter is read, if one does.

    Of the codes never first or last on a line and never doubled, it is the
    most frequent (the gaps between words outnumber most letters), and it is
    frequent.  Such a code must not be solved as part of a range of letters
    it happens to lie next to: found by position later, it is the space.
    """
    least = _SPACE_SHARE * sum(solver.occurrences.values())
    shaped = [
        code
        for code in codes
        if solver.occurrences[code] >= least
        and not parted_by_blanks(solver, code)
        and _inside_lines(solver, code)
    ]
    return max(shaped, key=lambda code: solver.occurrences[code], default=None)


def _inside_lines(solver: Solver, code: int) -> bool:
    """Whether `code` stands only between other symbols, and never beside itself."""
    for index in solver.lines_of[code]:
        unit = solver.units[index]
        filled = [i for i, symbol in enumerate(unit) if not solver.is_space(symbol)]
        places = [i for i in filled if unit[i] == code]
        if places[0] == filled[0] or places[-1] == filled[-1]:
            return False
        if any(unit[i + 1] == code for i in places):
            return False
    return True


def solve_space_between_letters(solver: Solver, codes: set[int]) -> int | None:
    """Decode the space code no viewer blank shows, once the letters are read.

    The space stands between letters and never beside itself, and it is
    frequent: the gaps between words are a good part of any text.  Of the
    `codes` so placed, the one that makes the most words known when read as a
    space is it (a letter no range decoded is placed so too, and is more
    frequent in a short text); it is mapped and returned if it makes words
    known.  There is none to find where another code stands for the space,
    or blanks already part the words.
    """
    if any(decoded == " " for code, decoded in solver.mapping.items() if code not in codes):
        return None  # another code surely stands for the space
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
    least = _SPACE_SHARE * sum(solver.occurrences.values())
    gains = {}
    for code, count in between.items():
        if code not in doubled and count >= least and not parted_by_blanks(solver, code):
            units = solver.affected([code])
            gains[code] = solver.trial({code: " "}, units) - solver.trial({code: None}, units)
    space = max(gains, key=lambda code: gains[code], default=None)
    if space is None or gains[space] <= 0:
        return None
    solver.set({space: " "})
    return space


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


def _places(solver: Solver, codes: set[int]) -> dict[int, _Places]:
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


def _continuation(solver: Solver, place: _Places, line: list[Symbol], nxt: list[Symbol]) -> None:
    """Count how the line after a line-end code goes on."""
    head = solver.decode(line).split()[-1:]
    tail = solver.decode(nxt).split()[:1]
    if not head or not tail or not tail[0][0].isalpha():
        return
    place.lower += tail[0][0].islower()
    place.upper += tail[0][0].isupper()
    word = word_core(head[0] + tail[0])
    place.joined += tail[0][0].islower() and word.isalpha() and solver.lexicon.known(word)


def solve_marks(solver: Solver, codes: set[int]) -> dict[int, float]:
    """Solve the codes of marks no word can decide, by where they stand.

    - the line-break hyphen ends lines in at least half of its places, and
      the word before it joins the next line's first, in lower case, into a
      word, in two places or in all;
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
            # Once is enough where every place of the code is such a break.
            and (place.joined >= _MIN_MARKS or place.joined == place.ends == place.count)
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


def solve_quotes(solver: Solver, codes: set[int]) -> dict[int, float]:
    """Solve quotation marks among `codes` (those the lexicon left unsure), by position.

    An opening mark stands before a word (after a blank, a bracket or the
    line start), a closing mark after one (before a blank, a mark or the line
    end); neither ever stands in the other's place, and each in its own in
    nearly all of its places (a viewer may set a stray blank inside the
    marks).  The two alternate, each pair within a few lines.  The one such
    pair of codes, if there is no rival, is read as German quotation marks;
    for a single quotation, only where the closing mark never ends a line.
    Maps them and returns their confidence.
    """
    guesses = {code: solver.mapping.get(code) for code in codes}
    solver.set(dict.fromkeys(codes))
    places = {code: _QuotePlaces() for code in codes}
    events: list[tuple[int, int]] = []
    for index in sorted({i for code in codes for i in solver.lines_of[code]}):
        unit = solver.units[index]
        filled = [i for i, symbol in enumerate(unit) if not solver.is_space(symbol)]
        for i, symbol in enumerate(unit):
            if not isinstance(symbol, int) or symbol not in places:
                continue
            events.append((index, symbol))
            place = places[symbol]
            place.count += 1
            place.ending |= i == filled[-1]
            before = "" if i == 0 else solver.decode(unit[i - 1 : i])
            after = solver.decode(unit[i + 1 : i + 2])
            place.opens += not before.isalnum() and not after.isspace() and bool(after)
            place.closes += not before.isspace() and bool(before) and not after.isalnum()
    solver.set(guesses)
    opening = {code for code, place in places.items() if place.mostly(place.opens, place.closes)}
    closing = {code for code, place in places.items() if place.mostly(place.closes, place.opens)}
    ending = {code for code, place in places.items() if place.ending}
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
    # One quotation is a weak pattern: a capital's code and a break hyphen's that
    # ends a line make one too.
    if most < _MIN_MARKS and leaders[0][1] in ending:
        return {}
    solver.set(dict(zip(leaders[0], _QUOTES, strict=True)))
    return dict.fromkeys(leaders[0], min(0.95, 0.5 + 0.1 * most))


@dataclass
class _QuotePlaces:
    """Where a code stands: before a word as an opening mark does, or after one as a closing."""

    count: int = 0
    opens: int = 0
    closes: int = 0
    ending: bool = False  # last on a line somewhere

    def mostly(self, own: int, other: int) -> bool:
        """Whether the code stands in its own place nearly always, and never in the other's."""
        return not other and own >= _QUOTE_PLACES * self.count


def _quote_pairs(events: list[tuple[int, int]], opening: int) -> int:
    """How many quotations the events (line, code) make; 0 unless all pair up, open first."""
    if len(events) % 2:
        return 0
    for (start, first), (end, last) in zip(events[::2], events[1::2], strict=True):
        if first != opening or last == opening or end - start >= _QUOTE_LINES:
            return 0
    return len(events) // 2


@dataclass
class _Follows:
    """Where a code stands after a word, and the case of the word after it."""

    count: int = 0
    trailing: int = 0  # right after a non-blank, before a blank or the line end
    inside: int = 0  # ... of those, with a word after it on the same line
    upper: int = 0  # the next word starts with a capital
    lower: int = 0  # ... or in lower case


def _follows(solver: Solver, codes: set[int]) -> dict[int, _Follows]:
    """How each of `codes` stands after words, and what case the next word has."""
    follows = {code: _Follows() for code in codes}
    for index in dict.fromkeys(i for code in codes for i in solver.lines_of[code]):
        unit = solver.units[index]
        for i, symbol in enumerate(unit):
            if not isinstance(symbol, int) or symbol not in follows:
                continue
            follow = follows[symbol]
            follow.count += 1
            if i == 0 or solver.is_space(unit[i - 1]):
                continue
            if i + 1 < len(unit) and not solver.is_space(unit[i + 1]):
                continue
            follow.trailing += 1
            after = solver.decode(unit[i + 1 :]).split()[:1]
            follow.inside += bool(after)
            if not after and index in solver.following:
                after = solver.decode(solver.units[solver.following[index]]).split()[:1]
            first = after[0][:1] if after else ""
            follow.upper += first.isupper()
            follow.lower += first.islower()
    return follows


def solve_stops(solver: Solver, codes: set[int]) -> dict[int, float]:
    """Solve the full stop and the comma among `codes`, by where they stand.

    Both stand right after words.  The full stop is the most frequent such
    code whose next words nearly all start with a capital, the comma the most
    frequent one with many next words in lower case; each must be clearly more
    frequent than any other code so placed (a colon, a semicolon, a closing
    bracket), and stand inside a line at least once (the line-break hyphen
    only ends lines).  A mark the lines of these codes spell in plain text,
    or another code stands for, has a glyph of its own already.  Maps the
    codes found and returns their confidence.
    """
    lines = {index for code in codes for index in solver.lines_of[code]}
    spelled = {s for index in lines for s in solver.units[index] if isinstance(s, str)}
    spelled |= {mark for code, mark in solver.mapping.items() if code not in codes}
    guesses = {code: solver.mapping.get(code) for code in codes}
    solver.set(dict.fromkeys(codes))
    follows = {
        code: follow
        for code, follow in _follows(solver, codes).items()
        if follow.trailing >= _MIN_MARKS
        and follow.trailing >= _TRAILING * follow.count
        and follow.inside
    }
    solver.set(guesses)
    stops = [c for c, f in follows.items() if f.upper >= _STOP_UPPER * (f.upper + f.lower)]
    commas = [c for c, f in follows.items() if f.lower >= _COMMA_LOWER * (f.upper + f.lower)]
    found: dict[int, float] = {}
    for mark, group, telling in ((".", stops, "upper"), (",", commas, "lower")):
        group.sort(key=lambda code: -follows[code].trailing)
        if not group or mark in spelled or getattr(follows[group[0]], telling) < _MIN_MARKS:
            continue
        lead = follows[group[0]].trailing - max(
            [0, *(follows[code].trailing for code in group[1:])]
        )
        if 2 * lead <= follows[group[0]].trailing:
            continue  # a rival nearly as frequent: no telling which is which
        solver.set({group[0]: mark})
        found[group[0]] = min(0.95, 0.5 + 0.1 * lead)
    return found
