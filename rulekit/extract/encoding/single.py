"""Codes solved one at a time, or two that only ever meet each other, and how sure each is."""

from __future__ import annotations

from rulekit.extract.encoding.common import APPLY_THRESHOLD, LETTERS, LIGATURES
from rulekit.extract.encoding.solver import DECIDED, Solver, evidence


def solve_one(
    solver: Solver,
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
    choice, best, second, unmapped, decided = solver.solve_code(code, derived + candidates)
    if choice is None:
        return 0.0
    if best > second:
        lead = 1.0
    elif decided or choice in derived or (in_word and choice in LIGATURES):
        lead = max(decided, DECIDED)
    elif not choice.isalnum() and solver.at_edge(code):
        solver.set({code: None})
        return 0.0
    else:
        lead = 0.4
    return lead * evidence(2 * (best - unmapped)) * solver.coverage(code)


def solve_pairs(solver: Solver, confidence: dict[int, float], single: set[int]) -> None:
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
            sure = solver.solve_pair(first, second, LETTERS)
            if sure:
                confidence[first] = confidence[second] = sure
    solver.set({code: guess for code, guess in guesses.items() if code not in solver.mapping})
