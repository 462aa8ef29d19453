"""Edges between units: what each node belongs to, illustrates, excepts, starts or names.

An example illustrates the rules of its section that it is most alike; an exception
excepts the earlier rule it is most alike; a trigger starts the rule told next.
"""

from __future__ import annotations

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.graph.units import MECHANICAL_KINDS, Unit, is_clause
from rulekit.model import Edge, EdgeType
from rulekit.nlp import Cues, lemmas

# How alike an example and a rule must be (shared content lemmas, terms, numbers)
# for the example to illustrate the rule.
ILLUSTRATES_MIN_SCORE = 3
# An example illustrates every rule nearly as alike as the best one.
ILLUSTRATES_SHARE_OF_BEST = 0.6


def link_units(units: list[Unit], cues: Cues) -> list[Edge]:
    """The edges of a manual's units, which already carry their node ids."""
    edges: list[Edge] = []

    def link(source: Unit, target: Unit, kind: EdgeType) -> None:
        edges.append(Edge(from_=source.node_id, to=target.node_id, type=kind))

    by_id = {u.node_id: u for u in units}
    # Link targets: the clauses with rule content, grouped by section in order.
    targets: dict[str | None, list[Unit]] = {}
    for position, unit in enumerate(units):
        unit.position = position
        unit.features = _features(unit)
        if unit.kind in MECHANICAL_KINDS and is_clause(unit):
            targets.setdefault(unit.section, []).append(unit)
    for position, unit in enumerate(units):
        if unit.section is not None:
            link(unit, by_id[unit.section], "part-of")
        if unit.kind == "section":
            continue
        section_targets = targets.get(unit.section, [])
        earlier = [u for u in section_targets if u.position < position]
        if unit.kind == "example":
            for rule in _illustrated(unit, section_targets):
                link(unit, rule, "illustrates")
        if unit.exception and earlier:
            link(unit, max(reversed(earlier), key=lambda rule: _alike(unit, rule)), "exception-of")
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


def _illustrated(example: Unit, candidates: list[Unit]) -> list[Unit]:
    """The rules of the example's section that it is most alike, best first."""
    scored = [
        (_alike(example, rule), -abs(rule.position - example.position), rule) for rule in candidates
    ]
    scored = [item for item in scored if item[0] >= ILLUSTRATES_MIN_SCORE]
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    if not scored:
        return []
    best = scored[0][0]
    cut = max(ILLUSTRATES_MIN_SCORE, ILLUSTRATES_SHARE_OF_BEST * best)
    return [rule for score, _, rule in scored if score >= cut]


def _demonstrative(unit: Unit, cues: Cues) -> bool:
    """ "Diese Regel heißt ...": a definition that names what came before it."""
    return bool(unit.sentences) and unit.sentences[0][0].lower_ in cues.demonstratives


def _alike(a: Unit, b: Unit) -> int:
    """Shared content lemmas, glossary terms and numbers; shared verbs count twice.

    German capitalises every noun, so a lower-case content word is a verb or an
    adjective: what a rule does, rather than what it is about.
    """
    shared = a.features & b.features
    return len(shared) + sum(1 for feature in shared if feature.startswith("verb:"))


def _features(unit: Unit) -> set[str]:
    words = {lemma for s in unit.sentences for lemma in lemmas(s)}
    verbs = {
        f"verb:{t.lemma_.lower()}"
        for s in unit.sentences
        for t in s
        if t.is_alpha and t.text[:1].islower() and t.lower_ not in STOP_WORDS
    }
    numbers = {t.text for s in unit.sentences for t in s if t.like_num}
    return words | verbs | numbers | {f"term:{t}" for t in unit.terms}
