"""What exceptions and rules count: "2 Karten (statt nur einer)", "ausnahmsweise
mehrmals" against "nur einmal", "zieht 2 Karten" against "zieht 1 Karte nach".

`exception_links` weighs an exception against a rule by these counts, and a reply
(`exception_replies`) answers the rule whose count it changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.graph.exceptions import NUMBER_WORDS
from rulekit.graph.overlap import TIMES, counts, quantities
from rulekit.graph.special_cases import verbs

if TYPE_CHECKING:
    from spacy.tokens import Token

    from rulekit.graph.units import Unit

# Words that open a phrase naming what an exception replaces ("statt nur einer").
REPLACING = frozenset({"statt", "anstatt", "anstelle"})
# After "statt", these say one ("2 Karten statt einer").
ONE_WORDS = frozenset({"einer", "eine", "einen", "einem", "eins"})


def recounts(exception: Unit, rule: Unit) -> bool:
    """The exception does what the rule does with another number: "zieht 2 Karten"
    against "zieht 1 Karte nach"."""
    return bool(verbs(exception) & verbs(rule)) and contrasting_numbers(exception, rule)


def counts_otherwise(exception: Unit, rule: Unit) -> bool:
    """The exception says how often otherwise than the rule ("ausnahmsweise mehrmals"
    against "nur einmal"), or does what the rule does with another number
    (`recounts`)."""
    first, second = quantities(exception), quantities(rule)
    times = first.get(TIMES), second.get(TIMES)
    return bool(times[0] and times[1] and times[0].isdisjoint(times[1])) or recounts(
        exception, rule
    )


def contrasting_numbers(a: Unit, b: Unit) -> bool:
    """Both count one thing, with different numbers: "2 Karten" and "1 Karte"."""
    first, second = quantities(a), quantities(b)
    return any(first[noun].isdisjoint(second[noun]) for noun in first.keys() & second.keys())


def replaced_counts(exception: Unit) -> set[tuple[str, str]]:
    """The count a "statt" phrase replaces, as (noun stem, number): "2 Karten (statt
    nur einer)" replaces one card, "drei statt zwei Karten" two."""
    replaced = set()
    for sentence in exception.sentences:
        tokens = list(sentence)
        counted = counts(tokens)
        for index, token in enumerate(tokens):
            if token.lower_ not in REPLACING:
                continue
            if index + 1 < len(tokens) and tokens[index + 1].lower_ == "dessen":
                continue  # "statt dessen 10 Salatblätter": the count it pays instead
            words = [t for t in tokens[index + 1 : index + 4] if t.is_alpha or t.is_digit]
            number = next((_number(t) for t in words if _number(t)), None)
            after = [noun for noun, _, at in counted if index < at <= index + 4]
            before = [noun for noun, _, at in counted if at < index]
            noun = after[0] if after else before[-1] if before else None
            if number is not None and noun is not None:
                replaced.add((noun, number))
    return replaced


def _number(token: Token) -> str | None:
    """The number a token says: "2", "zwei", and after "statt" also "einer", "eins"."""
    if token.is_digit:
        return token.text
    return NUMBER_WORDS.get(token.lower_) or ("1" if token.lower_ in ONE_WORDS else None)


def quantity_pairs(unit: Unit) -> set[tuple[str, str]]:
    """The counts a unit gives, as (noun stem, number) pairs."""
    return {(noun, number) for noun, numbers in quantities(unit).items() for number in numbers}
