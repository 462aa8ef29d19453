"""Edges between units: what each node belongs to, illustrates, excepts, starts or names.

Examples and exceptions are linked by what they talk about (`overlap.Overlap`: the
content a unit shares with another, rare words weighing more), with the layout of
the text as a prior:

- An example illustrates the rules it comes after: the rules told before it in its
  own paragraph, or, when it opens a paragraph, those of the paragraph before
  ("Beispiel: ..." after the rules it shows).  Of these it takes the nearest and
  every other one it shares more than an everyday word with (one thing that both
  count, "9 Karten" and "mehr als 7 Rohstoffkarten", weighs as such a word), and the
  rules after it in its own paragraph that it shares much with.  A worked example of
  several sentences also shows rules told earlier (a figure box at the top of a page
  shows the rules of the page before): it takes every earlier rule whose content it
  mostly repeats.  A rule that points to an example ("siehe Beispiel 2") is shown by it.
- An exception that opens as a reply to the sentence before it ("Das darf aber
  nicht ...", "Jedoch ...", "Außer ...") excepts the rule before it, and one that
  replaces a count ("2 Karten statt nur einer") the rule that gives that count.
  Otherwise every rule of the manual is judged as a pair with the exception: what
  both say (rare words and shared verbs weigh more), how near it is, whether it is a
  general rule ("jeder", "immer", "prinzipiell") and not itself negated; the best one
  is excepted if alike enough, with the rules almost as alike.  The items of a list
  announced as restrictions ("... werden durch folgende Kriterien eingeschränkt:")
  are exceptions too (each item's first sentence), judged by the words of their
  lead-in alone.  A sentence that opens with a case and does what the rule beside it
  does ("Bei Gleichstand erhält ...", "Im Falle eines Gleichstands erhält ...")
  excepts that rule.  A variant's rules except nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.graph.exceptions import (
    NUMBER_WORDS,
    case_clauses,
    flag_in_context,
    in_end_phase,
    negated,
    opens_case,
)
from rulekit.graph.mechanical import is_clause
from rulekit.graph.overlap import Overlap, stem
from rulekit.graph.units import MECHANICAL_KINDS, Unit
from rulekit.model import Edge, EdgeType
from rulekit.nlp import Cues

if TYPE_CHECKING:
    from spacy.tokens import Token

# What a link can point to: units with rule content.
TARGET_KINDS = (*MECHANICAL_KINDS, "definition")
# Each sentence of a worked example illustrates the earlier rules that share at least
# this share of the best rule's weight with it, and at least `WORKED_MIN_SHARED`;
# per unit of distance, the weight a rule shares loses `WORKED_DISTANCE_DECAY`.
WORKED_SHARE_OF_BEST = 0.8
WORKED_DISTANCE_DECAY = 0.015
WORKED_MIN_SHARED = 4.0
# Besides the nearest, an example shows the rules of the paragraph before it that it
# shares at least this weight with: more than one everyday word of the manual (a word
# of one unit in ten weighs about 2.4).
FOLLOWED_MIN_SHARED = 2.5
# An example that counts what a rule counts ("9 Karten", "7 Rohstoffkarten") shares this
# weight more with it: as much as a word of one unit in ten.
EXAMPLE_COUNT_BONUS = 2.4
# A counted noun meets another as its last compound part if at least this long.
MIN_COUNTED_HEAD = 4
# A worked example has at least this many sentences besides its label.
WORKED_MIN_SENTENCES = 2
# An exception excepts every rule at least this share as alike as the best one.
EXCEPTION_SHARE_OF_BEST = 0.85
# An exception's likeness to a rule halves at this distance (in units) before it, and
# at `EXCEPTION_AFTER_SCALE` after it.
EXCEPTION_DISTANCE_SCALE = 10.0
EXCEPTION_AFTER_SCALE = 5.0
# An exception of the end phase overrides the normal turn, told long before: its
# likeness fades this many times slower.
EXCEPTION_END_PHASE_REACH = 3.0
# Shared verbs (what the rule does) count this much again.
EXCEPTION_VERB_BONUS = 1.0
# A word that only names the exception's case (its conditions, its relative clauses)
# counts this much of its weight.
EXCEPTION_CASE_WEIGHT = 0.5
# A noun both count with different numbers adds this much likeness.
EXCEPTION_NUMBER_BONUS = 4.0
# Likeness is multiplied by these: a rule of the exception's own section, a general
# rule, and a rule negated like the exception.
EXCEPTION_SECTION_FACTOR = 1.5
EXCEPTION_GENERAL_FACTOR = 1.25
EXCEPTION_BOTH_NEGATED_FACTOR = 0.5
# Below this likeness no rule is taken as the excepted one.
EXCEPTION_MIN_SCORE = 4.0
# Words that open a phrase naming what an exception replaces ("statt nur einer").
REPLACING = frozenset({"statt", "anstatt", "anstelle"})
# After "statt", these say one ("2 Karten statt einer").
ONE_WORDS = frozenset({"einer", "eine", "einen", "einem", "eins"})
# Pronouns that open a sentence about what was just said ("Das darf aber nicht ...").
ANAPHORS = frozenset({"das", "dies", "dieses", "dieser", "diese"})


@dataclass(frozen=True)
class ExceptionContext:
    """What choosing an exception's rule needs besides the units: the cue words, the
    units by node id, the lead-in of each list item that a lead-in makes an
    exception (its words say what the item limits), and the rule each case sentence
    excepts ("Bei Gleichstand ...")."""

    cues: Cues
    by_id: dict[str, Unit]
    leads: dict[str, Unit]
    cases: dict[str, Unit]


def link_units(units: list[Unit], cues: Cues) -> list[Edge]:
    """The edges of a manual's units, which already carry their node ids."""
    edges: list[Edge] = []

    def link(source: Unit, target: Unit, kind: EdgeType) -> None:
        edges.append(Edge(from_=source.node_id, to=target.node_id, type=kind))

    by_id = {u.node_id: u for u in units}
    overlap = Overlap(units)
    leads = flag_in_context(units, by_id, cues)
    targets: list[Unit] = []
    for position, unit in enumerate(units):
        unit.position = position
        if unit.kind in TARGET_KINDS and is_clause(unit):
            targets.append(unit)
    context = ExceptionContext(cues, by_id, leads, _cases(targets))
    for position, unit in enumerate(units):
        if unit.section is not None:
            link(unit, by_id[unit.section], "part-of")
        if unit.kind == "section":
            continue
        section_targets = [u for u in targets if u.section == unit.section]
        earlier = [u for u in section_targets if u.position < position]
        if unit.kind == "example":
            shown = _illustrated(unit, units, targets, overlap)
            shown += [rule for rule in _pointing(unit, units, targets, cues) if rule not in shown]
            for rule in shown:
                link(unit, rule, "illustrates")
        if unit.exception and unit.kind in TARGET_KINDS and not _in_variant(unit, by_id, cues):
            for rule in _excepted(unit, targets, overlap, context):
                link(unit, rule, "exception-of")
        if unit.trigger:
            # What a trigger starts is told next; a following trigger is a parallel
            # rule with its own consequence, not what this one starts.
            after = (u for u in units[position + 1 :] if u.kind in MECHANICAL_KINDS)
            following = next(after, None)
            if following and following.section == unit.section and not following.trigger:
                link(unit, following, "triggers")
        if unit.kind == "definition" and earlier and _demonstrative(unit, cues):
            link(unit, earlier[-1], "refers-to")
    return edges


def _cases(targets: list[Unit]) -> dict[str, Unit]:
    """The rule each case sentence excepts, by the sentence's node id; flags it.

    A sentence that opens with a case ("Bei Gleichstand erhält ...") and does what
    the rule next to it in its section does ("Wer die meisten Punkte hat, erhält ...")
    decides that case otherwise: it excepts that rule.  One that does something else
    ("Bei Gleichstand gibt es mehrere Sieger") adds to the rule.
    """
    cases: dict[str, Unit] = {}
    for index, unit in enumerate(targets):
        if not opens_case(unit):
            continue
        beside = (targets[i] for i in (index - 1, index + 1) if 0 <= i < len(targets))
        for rule in beside:
            if rule.section == unit.section and not rule.exception and _verbs(unit) & _verbs(rule):
                unit.exception = True
                cases[unit.node_id] = rule
                break
    return cases


def _illustrated(
    example: Unit, units: list[Unit], targets: list[Unit], overlap: Overlap
) -> list[Unit]:
    """The rules an example shows: those it follows, and for a worked example, more.

    Each sentence of a worked example shows the earlier rules it is most alike.
    """
    chosen = _followed(example, units, targets, overlap)
    if not _worked(example):
        return chosen
    earlier = [rule for rule in targets if rule.position < example.position]
    for sentence in example.sentences:
        features = overlap.features([sentence])
        scored = [
            (
                overlap.weight(features & rule.features)
                * max(0.0, 1.0 - WORKED_DISTANCE_DECAY * (example.position - rule.position)),
                rule,
            )
            for rule in earlier
        ]
        best = max((score for score, _ in scored), default=0.0)
        cut = max(WORKED_MIN_SHARED, WORKED_SHARE_OF_BEST * best)
        chosen.extend(rule for score, rule in scored if score >= cut and rule not in chosen)
    return chosen


def _followed(
    example: Unit, units: list[Unit], targets: list[Unit], overlap: Overlap
) -> list[Unit]:
    """The rules of the paragraph an example closes or follows, nearest first: the
    nearest (for a worked example, only if it shares more than an everyday word with
    it), and the others it shares more than an everyday word with; then the rules
    that go on after it in its own paragraph ("So zeigt die Kurve ... . Auf der x-Achse
    ist also ...") that it shares as much with as a worked example's rules."""
    target_ids = {id(u) for u in targets}
    paragraph: list[Unit] = []
    for unit in reversed(units[: example.position]):
        if unit.kind in ("section", "example") or (
            paragraph and unit.block is not paragraph[0].block
        ):
            break
        if id(unit) in target_ids:
            paragraph.append(unit)
    after = []
    for unit in units[example.position + 1 :]:
        if unit.kind in ("section", "example") or unit.block is not example.block:
            break
        if id(unit) in target_ids and overlap.shared(example, unit) >= WORKED_MIN_SHARED:
            after.append(unit)
    if not paragraph:
        return after
    nearest, *others = paragraph
    alike = [rule for rule in others if _shown(example, rule, overlap) >= FOLLOWED_MIN_SHARED]
    if _worked(example) and _shown(example, nearest, overlap) < FOLLOWED_MIN_SHARED:
        return [*alike, *after]  # a worked example shows what it talks about
    return [nearest, *alike, *after]


def _shown(example: Unit, rule: Unit, overlap: Overlap) -> float:
    """How much of `rule` an example shows: what both say, and a fixed weight more when
    both count one thing ("wer 9 Karten hat" shows "mehr als 7 Rohstoffkarten")."""
    shared = overlap.shared(example, rule)
    if _count_alike(_quantities(example), _quantities(rule)):
        shared += EXAMPLE_COUNT_BONUS
    return shared


def _count_alike(first: dict[str, set[str]], second: dict[str, set[str]]) -> bool:
    """Both count one thing: a noun of the same stem, or one that is the other's last
    compound part ("Karten", "Rohstoffkarten")."""
    return any(
        a == b or (min(len(a), len(b)) >= MIN_COUNTED_HEAD and (a.endswith(b) or b.endswith(a)))
        for a in first
        for b in second
    )


def _pointing(example: Unit, units: list[Unit], targets: list[Unit], cues: Cues) -> list[Unit]:
    """The rules that point to the example: "(siehe Beispiel 2)" to the example labelled
    "Beispiel 2", "(siehe Beispiel)" to the next example after the rule."""
    labels = "|".join(re.escape(label) for label in cues.example_labels)
    pointer = re.compile(rf"\b(?:siehe|vgl\.?|s\.)\s+(?:{labels})\b\s*(\d+)?", re.IGNORECASE)
    label = re.match(rf"\W*(?:{labels})\s*(\d+)", example.text, re.IGNORECASE)
    pointing = []
    for rule in targets:
        match = pointer.search(rule.text)
        if match is None:
            continue
        if match.group(1) is not None:
            if label is not None and label.group(1) == match.group(1):
                pointing.append(rule)
            continue
        following = (u for u in units[rule.position + 1 :] if u.kind == "example")
        if next(following, None) is example and example.section == rule.section:
            pointing.append(rule)
    return pointing


def _worked(example: Unit) -> bool:
    """An example of several sentences (its label not counted): a worked move."""
    sentences = [s for s in example.sentences if sum(t.is_alpha for t in s) > 2]
    return len(sentences) >= WORKED_MIN_SENTENCES


def _excepted(
    exception: Unit,
    targets: list[Unit],
    overlap: Overlap,
    context: ExceptionContext,
) -> list[Unit]:
    """The rules an exception limits or overrides, most alike first.

    A case sentence excepts the rule beside it (`_cases`); a reply to the sentence
    before it excepts that sentence; a count it replaces ("2 Karten statt nur einer")
    is the count of the rule it excepts.  Otherwise every rule of the manual is weighed
    as a pair with the exception (`_pair_score`): what the two share, nearer rules and
    rules of its own section first; the best one is taken if alike enough, with every
    rule almost as alike and every alike rule that the exception recounts ("zieht 2
    Karten" against "zieht 1 Karte nach").  An exception of the end phase overrides the
    normal turn, so its own phase holds none of its rules.
    """
    cues, by_id = context.cues, context.by_id
    if exception.node_id in context.cases:
        return [context.cases[exception.node_id]]
    # What follows an exception in its own paragraph goes on with it ("Der Mineur rückt
    # dann ... vor"); it is not what the exception carves a case out of.
    candidates = [
        rule
        for rule in targets
        if rule is not exception
        and not rule.exception
        and not (rule.block is exception.block and rule.position > exception.position)
    ]
    earlier = [rule for rule in candidates if rule.position < exception.position]
    local = [rule for rule in earlier if rule.section == exception.section]
    if local and _continues_previous(exception, cues):
        return [local[-1]]
    replaced = _replaced(exception)
    said = [rule for rule in candidates if replaced & _quantity_pairs(rule)]
    if said:
        return said
    ending = in_end_phase(exception, by_id, cues)
    if ending:
        candidates = [rule for rule in candidates if not in_end_phase(rule, by_id, cues)]
    lead = context.leads.get(exception.node_id)
    # A list item says what it limits only through its lead-in ("Die möglichen Züge
    # werden ... eingeschränkt:"); its own words name the case, which other rules share.
    features = lead.features if lead else exception.features
    # What only the exception's conditions and relative clauses say names its case
    # ("Wird das Feld gewürfelt, auf dem der Räuber steht, ..."), which the rule it
    # excepts rarely says: such words count less.
    case = set() if lead else _case_features(exception, overlap, cues)
    scored = [
        (_pair_score(exception, (features, case), rule, overlap, cues, ending), rule)
        for rule in candidates
    ]
    best = max((score for score, _ in scored), default=0.0)
    # The lead-in of a list item already says it limits something: the most alike rule.
    if best >= EXCEPTION_MIN_SCORE or (lead is not None and best > 0):
        chosen = [
            (score, rule)
            for score, rule in scored
            if score >= EXCEPTION_SHARE_OF_BEST * best
            or (score >= EXCEPTION_MIN_SCORE and _recounts(exception, rule))
        ]
        return [rule for _, rule in sorted(chosen, key=lambda pair: -pair[0])]
    # Too little said to tell: an elliptic clause excepts what was just said.
    return [] if ending else local[-1:]


def _case_features(exception: Unit, overlap: Overlap, cues: Cues) -> set[str]:
    """The features an exception says only in the clauses that name its case."""
    case: list[list[Token]] = []
    claim: list[list[Token]] = []
    for sentence in exception.sentences:
        for clause, names_case in case_clauses(sentence, cues):
            (case if names_case else claim).append(clause)
    return overlap.features(case) - overlap.features(claim)


def _pair_score(
    exception: Unit,
    said: tuple[set[str], set[str]],
    rule: Unit,
    overlap: Overlap,
    cues: Cues,
    ending: bool,
) -> float:
    """How likely `rule` is what `exception` carves a case out of; `said` holds the
    exception's features and those of them that only name its case.

    What both say (shared verbs count double, words that only name the exception's
    case half, a noun counted with different numbers, "2 Karten" against "1 Karte",
    adds a fixed weight), less with distance (more for a rule told after the
    exception, less for an exception of the end phase, which overrides the normal turn
    told long before), more in its own section and for a general rule ("jeder",
    "immer", "prinzipiell"), less when both are negated (an exception negates what the
    rule allows).
    """
    features, case = said
    verbs = (_verbs(exception) & _verbs(rule)) - case
    alike = (
        overlap.weight((features - case) & rule.features)
        + EXCEPTION_CASE_WEIGHT * overlap.weight(features & case & rule.features)
        + EXCEPTION_VERB_BONUS * overlap.weight(verbs)
    )
    if _contrasting_numbers(exception, rule):
        alike += EXCEPTION_NUMBER_BONUS
    distance = exception.position - rule.position
    scale = EXCEPTION_DISTANCE_SCALE if distance > 0 else EXCEPTION_AFTER_SCALE
    if ending:
        scale *= EXCEPTION_END_PHASE_REACH
    alike /= 1.0 + abs(distance) / scale
    if rule.section == exception.section:
        alike *= EXCEPTION_SECTION_FACTOR
    if _general(rule, cues):
        alike *= EXCEPTION_GENERAL_FACTOR
    if negated(exception, cues) and negated(rule, cues):
        alike *= EXCEPTION_BOTH_NEGATED_FACTOR
    return alike


def _recounts(exception: Unit, rule: Unit) -> bool:
    """The exception does what the rule does with another number: "zieht 2 Karten"
    against "zieht 1 Karte nach"."""
    return bool(_verbs(exception) & _verbs(rule)) and _contrasting_numbers(exception, rule)


def _contrasting_numbers(a: Unit, b: Unit) -> bool:
    """Both count one thing, with different numbers: "2 Karten" and "1 Karte"."""
    first, second = _quantities(a), _quantities(b)
    return any(first[noun].isdisjoint(second[noun]) for noun in first.keys() & second.keys())


def _quantities(unit: Unit) -> dict[str, set[str]]:
    """The numbers a unit gives, by the stem of the noun they count ("2 Karten")."""
    counted: dict[str, set[str]] = {}
    for sentence in unit.sentences:
        for noun, number, _ in _counts(list(sentence)):
            counted.setdefault(noun, set()).add(number)
    return counted


def _counts(tokens: list[Token]) -> list[tuple[str, str, int]]:
    """Each number of some tokens that counts a noun: the noun's stem, the number, and
    the number's index ("2 Karten", "zwei Karten")."""
    counts = []
    for index, token in enumerate(tokens):
        number = token.text if token.is_digit else NUMBER_WORDS.get(token.lower_)
        following = tokens[index + 1 : index + 3]
        noun = next((t for t in following if t.is_alpha and t.text[:1].isupper()), None)
        if number is not None and noun is not None:
            counts.append((stem(noun.lemma_.lower()), number, index))
    return counts


def _replaced(exception: Unit) -> set[tuple[str, str]]:
    """The count a "statt" phrase replaces, as (noun stem, number): "2 Karten (statt
    nur einer)" replaces one card, "drei statt zwei Karten" two."""
    replaced = set()
    for sentence in exception.sentences:
        tokens = list(sentence)
        counts = _counts(tokens)
        for index, token in enumerate(tokens):
            if token.lower_ not in REPLACING:
                continue
            words = [t for t in tokens[index + 1 : index + 4] if t.is_alpha or t.is_digit]
            number = next((_number(t) for t in words if _number(t)), None)
            after = [noun for noun, _, at in counts if index < at <= index + 4]
            before = [noun for noun, _, at in counts if at < index]
            noun = after[0] if after else before[-1] if before else None
            if number is not None and noun is not None:
                replaced.add((noun, number))
    return replaced


def _number(token: Token) -> str | None:
    """The number a token says: "2", "zwei", and after "statt" also "einer", "eins"."""
    if token.is_digit:
        return token.text
    return NUMBER_WORDS.get(token.lower_) or ("1" if token.lower_ in ONE_WORDS else None)


def _quantity_pairs(unit: Unit) -> set[tuple[str, str]]:
    """The counts a unit gives, as (noun stem, number) pairs."""
    return {(noun, number) for noun, numbers in _quantities(unit).items() for number in numbers}


def _general(rule: Unit, cues: Cues) -> bool:
    """A general statement: "jeder Spieler", "immer", "prinzipiell", "unabhängig von"."""
    return any(t.lower_ in cues.general_words for s in rule.sentences for t in s)


def _continues_previous(unit: Unit, cues: Cues) -> bool:
    """The unit opens as a reply to the sentence before it: with a pronoun for what was
    just said ("Das darf aber nicht ..."), a contrast ("Jedoch müssen ...") or an
    exception opener ("Außer auf der Karte steht ...", "Es sei denn ...")."""
    words = [t for t in unit.sentences[0] if t.is_alpha] if unit.sentences else []
    if len(words) < 2:
        return False
    first, second = words[0].lower_, words[1]
    return (
        (first in ANAPHORS and second.text[:1].islower())
        or first in cues.exception_contrasts
        or first in cues.exception_openers
        or (first, second.lower_) == ("es", "sei")
    )


def _verbs(unit: Unit) -> set[str]:
    """The stems of a unit's lower-case content words: in German, its verbs and adjectives."""
    return {
        stem(t.lemma_.lower())
        for sentence in unit.sentences
        for t in sentence
        if t.is_alpha and t.text[:1].islower() and t.lower_ not in STOP_WORDS
    }


def _in_variant(unit: Unit, by_id: dict[str, Unit], cues: Cues) -> bool:
    """The unit, or a heading it stands under, names a variant of the game."""
    texts = [unit.text]
    section = by_id.get(unit.section) if unit.section else None
    while section is not None:
        texts.append(section.block.text)
        section = by_id.get(section.section) if section.section else None
    words = {word.lower().strip('.,:;!?()„“"') for text in texts for word in text.split()}
    return any(word.endswith(variant) for word in words for variant in cues.variant_words)


def _demonstrative(unit: Unit, cues: Cues) -> bool:
    """ "Diese Regel heißt ...": a definition that names what came before it."""
    return bool(unit.sentences) and unit.sentences[0][0].lower_ in cues.demonstratives
