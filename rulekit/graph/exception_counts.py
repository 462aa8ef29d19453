"""What exceptions and rules count: "2 Karten (statt nur einer)", "ausnahmsweise
mehrmals" against "nur einmal", "zieht 2 Karten" against "zieht 1 Karte nach".

`exception_links` weighs an exception against a rule by these counts, and a reply
(`exception_replies`) answers the rule whose count it changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.graph.clauses import case_clauses
from rulekit.graph.exceptions import negated
from rulekit.graph.overlap import TIMES, counts, quantities, stem
from rulekit.graph.phases import NUMBER_WORDS
from rulekit.graph.special_cases import verbs

if TYPE_CHECKING:
    from spacy.tokens import Token

    from rulekit.cues import Cues
    from rulekit.graph.units import Unit

# Words that open a phrase naming what an exception replaces ("statt nur einer").
REPLACING = frozenset({"statt", "anstatt", "anstelle"})
# After "statt", these say one ("2 Karten statt einer").
ONE_WORDS = frozenset({"einer", "eine", "einen", "einem", "eins"})
# Words that let many of a thing stand in one place: "beliebig viele Igel", "Im Ziel
# haben allerdings alle Hasen Platz".
_MANY = frozenset({"viele", "alle"})
# Counts of more than one: "zwei Schiffe derselben Farbe".
_SEVERAL = frozenset(NUMBER_WORDS)
# A rule that lets only one stand there says "nur" before its count: "immer nur ein Igel".
_ONLY = "nur"
# The thing counted comes within this many words of its count.
_COUNT_REACH = 3
# "mehr als zwei": a bound, not a count.
_THAN = "als"
# How often "einmal" says.
_ONE_TIME = "1"


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


def repeated_once_done(exception: Unit, earlier: list[Unit], cues: Cues) -> Unit | None:
    """The latest rule that does once what the exception lets do more often, however
    far back it is told: "… darf er bis zu dreimal würfeln" against "Wer an der Reihe
    ist, würfelt einmal …", not against "… wird noch einmal gewürfelt" (a second time).
    How often counts in what the exception claims, not in its case ("…, wenn ein Spieler
    dreimal hintereinander eine 6 würfelt"), and in a claim that lets do, not one that
    denies ("…, darf nach dem dritten Wurf nicht noch einmal würfeln")."""
    often = {
        number
        for sentence in exception.sentences
        for clause, names_case in case_clauses(sentence, cues)
        if not names_case and not any(t.lower_ in cues.exception_negations for t in clause)
        for noun, number, _ in counts(clause)
        if noun == TIMES and number != _ONE_TIME
    }
    if not often:
        return None
    done = verbs(exception)
    return next(
        (
            rule
            for rule in reversed(earlier)
            if quantities(rule).get(TIMES) == {_ONE_TIME} and done & verbs(rule)
        ),
        None,
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


def flag_capacity_lifts(units: list[Unit], cues: Cues) -> None:
    """Flag as exceptions the rules that lift a rule's limit of one thing to a place
    (`capacity_limit`), marked or not: "Im Ziel haben beliebig viele Igel Platz"."""
    for index, unit in enumerate(units):
        if unit.kind == "rule" and not unit.exception:
            earlier = [rule for rule in units[:index] if rule.kind == "rule"]
            unit.exception = capacity_limit(unit, earlier, cues) is not None


def capacity_limit(exception: Unit, earlier: list[Unit], cues: Cues) -> Unit | None:
    """The rule that lets only one of a thing stand in a place ("Auf jedem Feld darf
    immer nur ein Igel stehen"), which a sentence that lets many or two stand there
    lifts ("Im Ziel haben beliebig viele Igel Platz", "… dürfen zwei Schiffe derselben
    Farbe liegen"), however far apart the two stand; the latest such rule, None if
    there is none.  Neither says it in a clause that sets a case ("Stehen mehrere
    Ziegen auf dem Talfeld, …", "Liegt auch nur ein Otter hinter dir, …"), nor does
    the first deny it ("Mehr als zwei Kegel dürfen niemals …")."""
    if negated(exception, cues) or not _stands(exception, cues):
        return None
    many = _counted(exception, cues, _MANY | _SEVERAL)
    if not many:
        return None
    return next(
        (
            rule
            for rule in reversed(earlier)
            if _stands(rule, cues) and many & _counted(rule, cues, ONE_WORDS | {"ein"}, _ONLY)
        ),
        None,
    )


def _stands(unit: Unit, cues: Cues) -> bool:
    """The unit says where a thing stands ("stehen", "Platz haben")."""
    return any(t.lemma_.lower() in cues.standing_words for s in unit.sentences for t in s)


def _counted(unit: Unit, cues: Cues, words: frozenset[str], after: str = "") -> set[str]:
    """The stems of the nouns counted by one of `words` ("beliebig viele Igel"), maybe
    only right `after` a word ("nur ein Igel", "immer nur von einer Schildkröte"), in
    the clauses of its sentences that set no case."""
    found = set()
    for sentence in unit.sentences:
        for clause, names_case in case_clauses(sentence, cues):
            if names_case:
                continue
            tokens = [t for t in clause if t.is_alpha]
            for index, token in enumerate(tokens[:-1]):
                if token.lower_ not in words:
                    continue
                if after and after not in {t.lower_ for t in tokens[max(0, index - 2) : index]}:
                    continue
                if index and tokens[index - 1].lower_ == _THAN:
                    continue  # "mehr als zwei Kegel": a bound, not a count
                rest = tokens[index + 1 : index + 1 + _COUNT_REACH]
                noun = next((t for t in rest if t.text[:1].isupper()), None)
                if noun is not None:
                    found.add(stem(noun.lemma_.lower()))
    return found
