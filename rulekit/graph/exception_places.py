"""Exceptions told by a place: a sentence that opens with the place where it holds and
denies an action there ("Auf einer Tauperle kann kein Käfer geschlagen werden"), which
the rules allow elsewhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.graph.clauses import case_clauses

if TYPE_CHECKING:
    from spacy.tokens import Span

    from rulekit.cues import Cues

# Where a local denial holds: a preposition of place before a dative ("Auf einer
# Tauperle", "In den Zielfeldern", "Innerhalb der Heimwabe"), or fused with its article
# ("Im Kasten", "Am Ziel"); a sentence shorter than this names no place and action.
_PLACE_PREPOSITIONS = frozenset({"auf", "in", "im", "am", "innerhalb"})
_CONTRACTED_PLACES = frozenset({"im", "am"})
_DATIVE_DETERMINERS = frozenset(
    {"einem", "einer", "dem", "der", "den", "diesem", "dieser", "ihnen"}
)
# "innerhalb" takes the genitive.
_WITHIN = "innerhalb"
_GENITIVE_DETERMINERS = frozenset({"des", "der", "eines", "einer", "dieses", "dieser"})
PLACE_DENIAL_WORDS = 5


def local_denial(sentence: Span, cues: Cues) -> bool:
    """The sentence opens with the place where it holds and denies an action there:
    "Auf einer Tauperle kann kein Käfer geschlagen werden", "Im Kasten darf jedoch kein
    Kegel einen anderen überspringen", which the rules allow elsewhere.  Not a rule for
    every place ("Auf jedem Feld darf kein …"), a consequence ("… darf deshalb keine
    …"), a condition of entry ("In den Bau darf nur ziehen, wer …"), where a piece
    goes ("Auf ein besetztes Feld darf …") or a time ("Innerhalb eines Zuges …")."""
    words = [t for t in sentence if t.is_alpha]
    if len(words) < PLACE_DENIAL_WORDS or words[0].lower_ not in _PLACE_PREPOSITIONS:
        return False
    contracted = words[0].lower_ in _CONTRACTED_PLACES  # "Im Kasten", "Am Rand"
    # "innerhalb" takes the genitive: "Innerhalb des Baus darf kein Fuchs …".
    cases = _GENITIVE_DETERMINERS if words[0].lower_ == _WITHIN else _DATIVE_DETERMINERS
    if not contracted and words[1].lower_ not in cases:
        return False
    noun = next((t for t in words[1:] if t.text[:1].isupper()), None)
    if noun is None or {noun.lower_, noun.lemma_.lower()} & cues.turn_nouns:
        return False
    if words[1].lower_ == "den" and not noun.lower_.endswith("n"):
        return False  # "In den Bienenkorb darf …": where a piece goes
    lowers = {t.lower_ for t in words}
    limits = cues.derived_words | cues.universal_words | cues.exception_restrictions
    if lowers & limits or "nur" in lowers:
        return False
    return any(
        not names_case and any(t.lower_ in cues.exception_negations for t in clause)
        for clause, names_case in case_clauses(sentence, cues)
    )
