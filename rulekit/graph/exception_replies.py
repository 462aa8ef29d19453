"""Replies: an exception that answers the sentence before it ("Das darf aber nicht
...", "Jedoch ...", "Außer ...", "Sie darf jedoch nicht ...") and the rule it answers.
`exception_links` asks these before it weighs an exception against every rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.graph.exception_counts import contrasting_numbers
from rulekit.graph.exceptions import negated

if TYPE_CHECKING:
    from spacy.tokens import Token

    from rulekit.cues import Cues
    from rulekit.graph.overlap import Overlap
    from rulekit.graph.units import Unit

# Pronouns that open a sentence about what was just said ("Das darf aber nicht ...").
ANAPHORS = frozenset({"das", "dies", "dieses", "dieser", "diese"})
# Adverbs that point back to the action just told ("muss dabei nicht genau …").
BACK_REFERENCES = frozenset({"dabei", "hierbei"})
# Words that point to what was just said as what the exception departs from.
DEPARTED_FROM = frozenset({"hiervon", "davon"})
# A contrast word that answers the sentence before stands within this many words of
# the sentence's start ("Sie darf jedoch nicht …").
CONTRAST_REACH = 4


def replied_to(exception: Unit, local: list[Unit], overlap: Overlap, cues: Cues) -> Unit:
    """The rule a reply excepts (`_answered`), or the rule of its paragraph that rule
    draws its consequence from ("Auf jedem Feld darf nur ein Dachs stehen. Ein
    besetztes Feld dürfen Sie also nicht … Ausgenommen sind das Startfeld …")."""
    answered = _answered(exception, local, overlap, cues)
    at = local.index(answered)
    if at and local[at - 1].block is answered.block and _derived(answered, cues):
        return local[at - 1]
    return answered


def _derived(rule: Unit, cues: Cues) -> bool:
    """The rule draws a consequence from what was said before it ("also", "deshalb")."""
    return (
        any(t.lower_ in cues.derived_words for t in rule.sentences[0]) if rule.sentences else False
    )


def _answered(exception: Unit, local: list[Unit], overlap: Overlap, cues: Cues) -> Unit:
    """The rule a reply answers: the last one said, but an "Ausnahme: …" that names its
    case ("Ist das Anfangsfeld besetzt, …") may answer any rule of the paragraph before
    it; the one that shares most with it, if any shares more than the last, unless the
    last denies what it allows; or the rule of its section most alike of those that
    count what it counts otherwise ("Ein Ass zählt 11 Punkte" for "Ausnahme: Ein Ass …
    zählt nur 1 Punkt"), if it shares as much with it as the last one does."""
    last = local[-1]
    words = [t for t in exception.sentences[0] if t.is_alpha]
    if words[0].lower_ not in cues.exception_openers or _departs_from_last(words):
        return last
    if negated(last, cues) and not negated(exception, cues) and overlap.shared(exception, last):
        return last  # it allows what was just denied ("Springen ist nicht erlaubt.")
    recounted = [
        rule
        for rule in local
        if contrasting_numbers(exception, rule) and overlap.shared(exception, rule)
    ]
    recount = max(recounted, key=lambda rule: overlap.shared(exception, rule), default=None)
    # Unless the last one says more of what it is about ("Ein fertiges Dorf bringt …"
    # before "Ausnahme: Ein fertiges Dorf aus nur zwei Plättchen bringt nur 2 Punkte").
    if (
        recount is not None
        and not contrasting_numbers(exception, last)
        and overlap.shared(exception, recount) >= overlap.shared(exception, last)
    ):
        return recount
    paragraph = [rule for rule in local if rule.block is last.block]
    best = max(paragraph, key=lambda rule: overlap.shared(exception, rule))
    return best if overlap.shared(exception, best) > overlap.shared(exception, last) else last


def points_back(exception: Unit, local: list[Unit]) -> bool:
    """The exception says "dabei" (in doing what was just said) right after a rule of its
    own paragraph."""
    return (
        bool(local)
        and local[-1].block is exception.block
        and any(t.lower_ in BACK_REFERENCES for t in exception.sentences[0])
    )


def contrasts_last(unit: Unit, last: Unit, cues: Cues) -> bool:
    """The unit goes on in the paragraph of the rule before it with a pronoun for what
    that rule is about, and contrasts it ("Eine Jokerkarte darf … gespielt werden. Sie
    darf jedoch nicht …")."""
    words = [t.lower_ for t in unit.sentences[0] if t.is_alpha] if unit.sentences else []
    return (
        unit.block is last.block
        and bool(words)
        and words[0] in cues.continuation_pronouns
        and any(word in cues.exception_contrasts for word in words[1:CONTRAST_REACH])
    )


def continues_previous(unit: Unit, cues: Cues) -> bool:
    """The unit opens as a reply to the sentence before it: with a pronoun for what was
    just said ("Das darf aber nicht ...", also after a remark's label: "Achtung: Das
    gilt nicht, wenn …"), a contrast ("Jedoch müssen ...") or an exception opener
    ("Außer auf der Karte steht ...", "Es sei denn ...")."""
    tokens = [t for t in unit.sentences[0] if not t.is_space] if unit.sentences else []
    words = [t for t in tokens if t.is_alpha]
    if len(words) < 2:
        return False
    first, second = words[0].lower_, words[1]
    # After a label ("Achtung:") the reply opens with the word after the colon.
    labelled = len(tokens) > 3 and tokens[0].is_alpha and tokens[1].text == ":"
    return (
        _anaphor(words[0], words[1], cues)
        or (labelled and _anaphor(tokens[2], tokens[3], cues))
        or first in cues.exception_contrasts
        or first in cues.exception_openers
        or (first, second.lower_) == ("es", "sei")
        or _departs_from_last(words)
    )


def departs_from_last(unit: Unit) -> bool:
    """The unit names what was just said as what it departs from ("Abweichend davon
    gehört die 1 nicht der führenden, sondern der letzten Schnecke")."""
    words = [t for t in unit.sentences[0] if t.is_alpha] if unit.sentences else []
    return _departs_from_last(words)


def _departs_from_last(words: list[Token]) -> bool:
    """The exception opens by pointing to what was just said: "Abweichend hiervon …",
    "Abweichend davon …", "Hiervon ausgenommen ist …"."""
    return any(word.lower_ in DEPARTED_FROM for word in words[:2])


def _anaphor(first: Token, second: Token, cues: Cues) -> bool:
    """A pronoun for what was just said, then a verb: "Das darf …", "Dies gilt …"; or a
    demonstrative before a noun that names a rule: "Diese Einschränkung gilt nicht …"."""
    return first.lower_ in ANAPHORS and (
        second.text[:1].islower() or second.lower_ in cues.rule_nouns
    )
