"""Cue flags of a unit: does it except another rule, does it start one.

An exception limits or overrides another rule of the game.  What marks one is read
from the sentence, not from single words alone (see `exception_cues` in
`rulekit/data/cues_de.yaml`):

- a marker phrase anywhere: "ausnahmsweise", "abweichend von", "im Gegensatz zu",
  "es sei denn", "anders als auf …", "davon ausgenommen", "stattdessen", "statt nur
  einer";
- a rule said not to hold somewhere or in a case ("Das gilt nicht für …", "In den
  Zielfeldern gilt die Regel vom Überspringen nicht", "Dies gilt nicht, wenn …"), but
  not a throw that does not count ("…, so gilt der Wurf nicht") nor what a thing is
  not taken as ("gilt nicht als eigener Zug");
- "Ausnahme" or "außer" opening the sentence as a label or a clause ("Ausnahme: ...",
  "Außer auf der Karte steht ..."), but not a noun phrase that narrows the sentence's
  own rule ("Mit Ausnahme der Salatfelder ...", "Außer dem Startspieler ..."); a
  contrast word as a label ("Aber: Der zweite Extrazug kostet …");
- a contrast word with a negation or restriction ("darf aber nicht", "jedoch ...
  nicht", "allerdings ausschließlich", "darf aber nur, bis …"), and a rule said to hold
  only in a case ("Das gilt nur, solange …");
- "no longer" or "only from now on": a negation with "mehr", or "nur noch", beside a
  modal verb, outside a condition ("kann nicht mehr", "müssen keine Karten mehr",
  "darf nur noch eine Karte", but not "nicht mehr als 3" nor "Wer keinen Zug mehr
  machen kann, ...");
- something said of all of a kind with some left out after it ("Das gilt für alle
  Felder mit Ausnahme der Startfelder", "jede Karte außer einem Joker");
- a case that something is not there ("Sollte keine Karte verfügbar sein, ..."): the
  rule that hands it out cannot be followed;
- a thing said to have no effect ("…, bleibt sie ohne Wirkung", "hat dann keine
  Wirkung mehr"), not in the case a sentence names: the rule that gives its effect
  does not hold then;
- a negated modal clause that a condition after it restricts to a case ("Die Karte
  darf nicht weitergegeben werden, wenn ..."); a condition first ("Hat er nicht genug
  Punkte, kann er nicht ziehen") only says what follows from its case.

Some exceptions show only in their context (`flag_in_context`): "Nur …" right after a
rule of its paragraph ("Nur wer mit der 6 auch gezogen hat, …"); the items of a list
that a flagged lead-in announces ("... werden durch folgende Kriterien
eingeschränkt:"), each item's first sentence; and a rule under an end-phase heading
that negates what it claims ("Sie erhalten weder Plättchen noch Karten"), which
overrides the normal turn.  Others show only beside the rule they except: a sentence
that opens with the case it decides ("Bei einem Fehlwurf erhält ...", "Im Falle eines
Fehlwurfs ...", `opens_case`) excepts the rule next to it that does the same ("...
erhält die Initiativekarte"); a tie ("Bei Gleichstand gewinnt ...") is a case that rule
leaves open, not one it decides otherwise.  `rulekit.graph.links` reads that.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise
from typing import TYPE_CHECKING

from rulekit.graph.clauses import (
    DETERMINERS,
    case_clause,
    case_clauses,
    opens_condition,
    split_clauses,
)
from rulekit.graph.exception_places import local_denial
from rulekit.graph.phases import NUMBER_WORDS, in_end_phase
from rulekit.graph.shapes import (
    COPULAS,
    DEMONSTRATIVES,
    RELATIVE_PRONOUNS,
    has_phrase,
    verb_form,
)

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from rulekit.cues import Cues
    from rulekit.graph.overlap import Overlap
    from rulekit.graph.units import Unit

_NUMBER = re.compile(r"^\d")
# The verb of "… gilt nicht für …": that a rule holds.
_HOLDS = "gelten"
# One-word cues that are also the particle of a verb ("findet ... statt.").
_PARTICLES = frozenset({"statt"})
# "Instead", in one word or two.
_INSTEAD = "stattdessen"
_INSTEAD_APART = ["statt", "dessen"]
# Kinds that may except a rule.
_EXCEPTING_KINDS = ("rule", "step", "note", "definition")
# The marker that opens a list item: "1.", "2)", "a)", a bullet or a dash.
_ITEM_MARKER = re.compile(r"^(?:\d{1,2}[.)]|[a-z]\)|[•\-–*])\s")
# The words that open the case a sentence decides ("Bei Gleichstand ...", "Im Falle
# eines Gleichstands ...", "Für den Fall, dass ...").
_CASE_OPENERS = (("bei",), ("im", "fall"), ("im", "falle"), ("für", "den", "fall"))
# The words that name a case ("Bei einem Unentschieden", "Bei 3 oder 4 Spielern").
_CASE_PHRASE_TOKENS = 5
# A label before a sentence ("Wichtig: ...") ends within this many tokens.
_LABEL_TOKENS = 3
# Condition words that, after the clause they restrict, name the case a rule does not
# hold in ("darf nicht ..., wenn ..."); "wer" and "ob" open a subject or an object.
_RESTRICTING_CONDITIONS = frozenset({"wenn", "falls", "sofern", "solange"})
# Words after a contrast or "gilt" that narrow a rule to a case: "aber nur", "gilt erst".
_NARROWING = frozenset({"nur", "erst"})
# "Nur …" opening a sentence narrows what was just said to a case ("Nur wenn …"), a
# time or a place ("Nur beim Einsetzen …"): after "nur", one of these.
ONLY = "nur"
_CASE_PREPOSITIONS = frozenset(
    {"bei", "beim", "nach", "vor", "während", "ab", "auf", "in", "im", "am", "an", "mit"}
)
# What points back to the rule just said: "Das gilt nur …".
_POINTING_BACK = DEMONSTRATIVES | {"diese"}


def flag_in_context(units: list[Unit], by_id: dict[str, Unit], cues: Cues) -> dict[str, Unit]:
    """Flag what is an exception only in its context: what a heading names as
    exceptions ("Ausnahmen:"), a rule of the end phase that negates what it claims (it
    overrides the normal turn), a sentence opening with "Nur" right after a rule of its
    paragraph (`narrows_last`), and the items of a list that
    a flagged sentence announces ("Die möglichen Züge werden durch folgende Kriterien
    eingeschränkt:"): each limits what the sentence names.  Return the lead-in of each
    such item by the item's node id."""
    leads: dict[str, Unit] = {}
    for index, unit in enumerate(units):
        if unit.kind == "section":
            if names_exceptions(unit, cues):
                for item in _headed(units[index + 1 :]):
                    item.exception = item.exception or item.kind in _EXCEPTING_KINDS
            continue
        if not unit.exception and in_end_phase(unit, by_id, cues) and _denies(unit, cues):
            unit.exception = True
        if not unit.exception and index and narrows_last(unit, units[index - 1], cues):
            unit.exception = True
        if unit.exception and index and _instead_of_denied(unit, units[index - 1], cues):
            unit.exception = False
        if unit.exception and unit.text.rstrip().endswith(":"):
            previous = None
            for item in units[index + 1 :]:
                if item.kind == "section" or not _list_item(item):
                    break
                # The later sentences of an item go on with what its first one allows
                # ("2. Auf ein besetztes Feld kann gezogen werden, wenn ... Das Raubtier
                # frisst dann ..."); only the first names a restriction.
                if item.block is not previous:
                    item.exception = True
                    leads[item.node_id] = unit
                previous = item.block
    return leads


def narrows_last(unit: Unit, previous: Unit, cues: Cues) -> bool:
    """ "Nur …" right after a rule of its own paragraph narrows that rule to a case, a
    time or a place ("Wer eine 6 würfelt, darf noch einmal würfeln. Nur wer mit der 6
    auch gezogen hat, …", "Nur beim Einsetzen …"); opening a paragraph it states a rule
    of its own ("Nur mit einer 6 kommt …"), and so it does of the things it names ("Nur
    Flugzeuge mit einem Marker können aktiviert werden")."""
    words = [t for t in unit.sentences[0] if t.is_alpha] if unit.sentences else []
    return (
        len(words) > 1
        and words[0].lower_ == ONLY
        and (words[1].lower_ in cues.condition_openers or words[1].lower_ in _CASE_PREPOSITIONS)
        # "Nur so …", "Nur auf diesen Feldern …" point back to say where it happens.
        and not any(w.lower_ == "so" or w.lower_.startswith("dies") for w in words[1:3])
        and unit.kind in _EXCEPTING_KINDS
        and previous.kind == "rule"
        and previous.block is unit.block
    )


def _instead_of_denied(unit: Unit, previous: Unit, cues: Cues) -> bool:
    """ "Stattdessen …" right after a sentence that denies ("Gewürfelt wird nicht!
    Stattdessen bezahlt man seine Züge mit Karotten."): it says what is done in place
    of what was just denied, and so goes on with that sentence; it carves nothing out
    of another rule unless something else in it says so."""
    opener = unit.sentences[0].text.lower().split()[:2]
    if opener[:1] != [_INSTEAD] and opener != _INSTEAD_APART:
        return False
    others = replace(cues, exception_cues=tuple(c for c in cues.exception_cues if c != _INSTEAD))
    return (
        previous.block is unit.block
        and negated(previous, cues)
        and not any(excepts(sentence, others) for sentence in unit.sentences)
    )


def _denies(unit: Unit, cues: Cues) -> bool:
    """The unit negates what it claims, not only its case: "Sie erhalten weder Plättchen
    noch Karten", but not "Kann er nicht zahlen, hat er ..."."""
    return any(True for _ in _claim_negations(unit, cues))


def _claim_negations(unit: Unit, cues: Cues) -> Iterator[tuple[list[Token], int]]:
    """Each negation in a clause of the unit that claims rather than names its case,
    with that clause."""
    for sentence in unit.sentences:
        for clause, names_case in case_clauses(sentence, cues):
            if names_case:
                continue
            for index, token in enumerate(clause):
                if token.lower_ in cues.exception_negations:
                    yield clause, index


def negated(unit: Unit, cues: Cues) -> bool:
    """The unit says a negation ("nicht", "keine", "weder ... noch")."""
    return any(t.lower_ in cues.exception_negations for s in unit.sentences for t in s)


def denies_action(unit: Unit, cues: Cues) -> bool:
    """The unit's claim negates an action, not only that a rule holds: "Diese
    Einschränkung gilt nicht für einen Spieler, der keinen Zug bezahlen kann" says where
    a rule stops (its relative clause names the case) and denies nothing."""
    return any(
        not any(t.lemma_.lower() == _HOLDS for t in clause[max(0, index - 2) : index])
        for clause, index in _claim_negations(unit, cues)
    )


def names_rule(unit: Unit, cues: Cues) -> bool:
    """The unit names a rule as such: "Abweichend von der Grundregel …", "Die Regel vom
    Überspringen gilt nicht …"."""
    return any(t.lower_ in cues.rule_nouns for s in unit.sentences for t in s)


def names_exceptions(section: Unit, cues: Cues) -> bool:
    """A heading that names exceptions: "Ausnahmen:", "Ausnahme"."""
    words = re.findall(r"[^\W\d_]+", section.block.text.lower())
    return 0 < len(words) <= _LABEL_TOKENS and words[0] in cues.exception_openers


def _headed(units: list[Unit]) -> list[Unit]:
    """What a heading heads before the text goes on: the items of the list right
    below it, or else its first paragraph."""
    first = next((u for u in units[:1] if u.kind != "section"), None)
    if first is None:
        return []
    headed = []
    for unit in units:
        if unit.kind == "section" or not (
            _list_item(unit) if _list_item(first) else unit.block is first.block
        ):
            break
        headed.append(unit)
    return headed


def opens_case(unit: Unit, cues: Cues) -> bool:
    """The unit opens, after any label, with the case it decides: "Bei einem Fehlwurf
    erhält ...", "Wichtig: Bei einem Pasch gewinnt ...", "Im Falle eines Fehlwurfs ...".
    A case that counts ("Bei 3 Spielern ...", "Bei zwei Spielern ...") adjusts the game
    to a number of players or things, a variant rather than an exception; a tie ("Bei
    Gleichstand ...", "Im Falle eines Unentschiedens ...") is what the rule beside it
    leaves open."""
    if not unit.sentences:
        return False
    tokens = [t for t in unit.sentences[0] if not t.is_space]
    colon = next((i for i, t in enumerate(tokens[:_LABEL_TOKENS]) if t.text == ":"), None)
    words = [t for t in tokens[0 if colon is None else colon + 1 :] if not t.is_punct]
    lowers = [t.lower_ for t in words]
    opener = next((o for o in _CASE_OPENERS if tuple(lowers[: len(o)]) == o), None)
    if opener is None:
        return False
    phrase = words[len(opener) : len(opener) - 1 + _CASE_PHRASE_TOKENS]
    return not any(
        t.like_num or t.lower_ in NUMBER_WORDS or t.lower_ in cues.tie_words for t in phrase
    )


def _list_item(unit: Unit) -> bool:
    """A numbered or bulleted item: a list-item block, or text opening with its marker."""
    return unit.block.kind == "list-item" or _ITEM_MARKER.match(unit.text) is not None


def marked_exception(sentence: Span, cues: Cues) -> bool:
    """The sentence names itself an exception by a marker phrase ("ausnahmsweise",
    "einzige Ausnahme", "abweichend von")."""
    lower = sentence.text.lower()
    return any(has_phrase(lower, cue) for cue in cues.exception_cues)


def flag(unit: Unit, cues: Cues) -> Unit:
    """Set `unit.exception` and `unit.trigger` from what its sentences say."""
    unit.exception = any(excepts(sentence, cues) for sentence in unit.sentences)
    unit.trigger = any(unit.phrase(cue) for cue in cues.trigger_cues)
    return unit


def excepts(sentence: Span, cues: Cues) -> bool:
    """The sentence limits or overrides another rule (see the module docstring), also
    where it denies an action in one place (`local_denial`)."""
    return cued_exception(sentence, cues) or local_denial(sentence, cues)


def cued_exception(sentence: Span, cues: Cues) -> bool:
    """The sentence limits or overrides another rule by its words: a cue, an opener,
    a negation stressed or contrasted, a part left out, a permission withdrawn."""
    words = [t for t in sentence if not t.is_punct and not t.is_space]
    if not words:
        return False
    lowers = [t.lower_ for t in sentence]
    if any(_says(lowers, sentence, cue) for cue in cues.exception_cues):
        return True
    if opens_exception(words, cues):
        return True
    if contrast_label(sentence, cues):
        return True
    tokens = [t for t in sentence if not t.is_space]
    for index, token in enumerate(tokens[:-1]):
        # A clause joined by "außer" ("Das gilt immer wieder, außer nach der dritten 6"),
        # not a noun it leaves out ("alle Spieler, außer dem Startspieler, …").
        rest = [t for t in tokens[index + 1 :] if not t.is_punct]
        if token.text == "," and opens_exception(rest, cues):
            return True
    if _emphasised_negation(sentence, cues) or _all_but(sentence, cues) or _lifted(sentence, cues):
        return True
    # A contrast that follows a main clause of its own sentence turns against that
    # clause ("…, muss er mehr bezahlen, erhält jedoch keine Karten zurück"), not
    # against another rule; after a condition or a relative clause it is the main
    # clause's own ("Ein Hase, der …, nimmt jedoch keine Karotte").
    clauses = split_clauses(sentence)
    contrasted = [
        clause
        for index, clause in enumerate(clauses)
        if (index <= 1 or _subordinate(clauses[index - 1], cues)) and _contrasts(clause, cues)
    ]
    # "jedoch" turns a rule against another though it limits nothing ("Nach der dritten
    # 6 geht der Würfel jedoch an den nächsten Spieler").
    if contrasted and (
        _limited(lowers, cues)
        or any(t.lower_ in cues.overriding_contrasts for c in contrasted for t in c)
        # "Gepustet werden darf aber nur, bis …": the contrast narrows to a case, or
        # bounds what was allowed ("braucht aber mindestens zwei echte Muschelkarten").
        or any(
            word in cues.exception_contrasts
            and (after in _NARROWING or after in cues.lower_bound_words | cues.upper_bound_words)
            for word, after in pairwise(lowers)
        )
    ):
        return True
    if _holds_only(words, cues):
        return True
    return (
        no_longer(sentence, cues)
        or _forbidden_if(sentence, cues)
        or bool(shortage(sentence, cues))
        or bool(voided(sentence, cues))
    )


def contrast_label(sentence: Span, cues: Cues) -> bool:
    """A contrast word as the label of what follows: "Aber: Der zweite Extrazug kostet
    5 Stangen Aufpreis."."""
    tokens = [t for t in sentence if not t.is_space]
    return (
        len(tokens) > 1 and tokens[0].lower_ in cues.exception_contrasts and tokens[1].text == ":"
    )


def _holds_only(words: list[Token], cues: Cues) -> bool:
    """The sentence says that what was just said holds only in a case: "Das gilt nur,
    solange …", "Dies gilt erst ab der zweiten Runde", or may be done only then: "Das
    darf er nur, bevor er selbst würfelt"."""
    lowers = [t.lower_ for t in words[:5]]
    if len(lowers) < 3 or lowers[0] not in _POINTING_BACK:
        return False
    verb = words[1].lemma_.lower()
    if verb == _HOLDS:
        return bool(set(lowers[2:4]) & _NARROWING)
    # After a modal its subject and a contrast may come first ("Das darf er aber nur").
    return verb in cues.modal_lemmas and bool(set(lowers[2:5]) & _NARROWING)


def shortage(sentence: Span, cues: Cues) -> list[Token]:
    """The clause the sentence opens with if it is the case that something is not
    there ("Sollte keine Karte verfügbar sein, ...", "Ist kein Plättchen mehr vorhanden,
    ..."), else none: what the sentence does then replaces the rule that hands that
    thing out."""
    clauses = split_clauses(sentence)
    if not clauses or not opens_condition(clauses[0], clauses[1:2], cues):
        return []
    lowers = [t.lower_ for t in clauses[0]]
    short = _limited(lowers, cues) and any(w in cues.shortage_words for w in lowers)
    return clauses[0] if short else []


def voided(sentence: Span, cues: Cues) -> list[Token]:
    """The clause that says a thing has no effect ("…, bleibt sie ohne Wirkung", "Die
    Aussetzkarte hat dann keine Wirkung mehr"), if the sentence claims that, else none;
    a case it names ("Eine Karte, die keine Wirkung hat, …") voids nothing."""
    for clause, names_case in case_clauses(sentence, cues):
        lower = " ".join(t.lower_ for t in clause)
        if not names_case and any(has_phrase(lower, phrase) for phrase in cues.voided_effects):
            return clause
    return []


def _contrasts(clause: list[Token], cues: Cues) -> bool:
    """A contrast word in the clause; "aber auch nicht" adds, it does not contrast, but
    "jedoch auch" overrides ("erhalten jedoch auch der Fünfte und der Sechste …")."""
    lowers = [t.lower_ for t in clause]
    return any(
        word in cues.exception_contrasts and (after != "auch" or word in cues.overriding_contrasts)
        for word, after in zip(lowers, [*lowers[1:], ""], strict=True)
    )


def _subordinate(clause: list[Token], cues: Cues) -> bool:
    """A clause opened by a condition or a relative pronoun ("wenn …", "der …"), or by
    a relative pronoun after its preposition, its verb last ("in dem er … auslegt")."""
    words = [t for t in clause if t.is_alpha]
    first = words[0].lower_
    if first in cues.condition_openers or first in RELATIVE_PRONOUNS:
        return True
    return (
        len(words) > 2
        and words[0].text.islower()
        and words[1].lower_ in RELATIVE_PRONOUNS
        and verb_form(words[-1])
    )


def _forbidden_if(sentence: Span, cues: Cues) -> bool:
    """A negated modal clause restricted by a condition after it: "Die Karte darf nicht
    weitergegeben werden, wenn ...", a case the rule that allows it does not hold in.
    A condition first ("Hat er nicht genug Punkte, kann er nicht ziehen") only says
    what follows from the case."""
    clauses = split_clauses(sentence)
    for index, clause in enumerate(clauses[:-1]):
        if index == 0 and opens_condition(clause, clauses[1:2], cues):
            return False
        lowers = [t.lower_ for t in clause]
        # "nur" narrows the clause's own rule ("darf nur dann ..., wenn", "nicht nur").
        if not _limited(lowers, cues) or "nur" in lowers:
            continue
        if not any(t.lemma_.lower() in cues.modal_lemmas for t in clause):
            continue
        following = next(t for t in clauses[index + 1] if t.is_alpha).lower_
        if following in _RESTRICTING_CONDITIONS:
            return True
    return False


def _lifted(sentence: Span, cues: Cues) -> bool:
    """A rule said not to hold in a case: "Das gilt nicht für …", "Für Zwillinge gilt
    das nicht", "In den Zielfeldern gilt die Regel vom Überspringen nicht", "Dies gilt
    nicht, wenn …".  Not a throw that does not count ("…, so gilt der Wurf nicht und
    wird wiederholt") nor what a thing is not taken as ("gilt nicht als eigener Zug").
    """
    clauses = case_clauses(sentence, cues)
    for number, (clause, names_case) in enumerate(clauses):
        holds = next((i for i, t in enumerate(clause) if t.lemma_.lower() == _HOLDS), None)
        if names_case or holds is None:
            continue
        lowers = [t.lower_ for t in clause]
        negation = next(
            (i for i in range(holds + 1, len(clause)) if lowers[i] in cues.exception_negations),
            None,
        )
        if negation is None or {"als", "nur"} & set(lowers[holds + 1 : negation + 2]):
            continue
        # Where it does not hold ("für …"), or when ("…, wenn …"), or which rule ("das",
        # "diese Regel"): a thing that does not count names none of them.
        later = clauses[number + 1][0][0] if number + 1 < len(clauses) else None
        subject = lowers[:negation]
        if (
            "für" in lowers
            or (later is not None and later.lower_ in _RESTRICTING_CONDITIONS)
            or lowers[negation - 1] == "das"
            or (holds == 1 and lowers[0] in {"das", "dies"})  # "Das gilt nicht nach …"
            or any(w in cues.demonstratives or w in cues.rule_nouns for w in subject)
        ):
            return True
    return False


def _emphasised_negation(sentence: Span, cues: Cues) -> bool:
    """A negation in capitals ("erhalten KEINE Rohstofferträge", "darf aber NICHT"),
    outside a condition ("nur, wenn die Kreuzungen NICHT besetzt sind")."""
    for clause in split_clauses(sentence):
        opener = next(t for t in clause if t.is_alpha).lower_
        if opener in cues.condition_openers:
            continue
        if any(t.lower_ in cues.exception_negations and len(t) > 2 and t.is_upper for t in clause):
            return True
    return False


def _all_but(sentence: Span, cues: Cues) -> bool:
    """The sentence says something of all of a kind and leaves some of them out, after
    its verb: "Das gilt für alle Felder mit Ausnahme der beiden Startfelder", "Gekauft
    werden darf jede Karte außer einem Joker", or anywhere in a sentence of where a rule
    holds ("Auf allen Feldern außer dem Startfeld gilt diese Regel").  Before the verb,
    the phrase only narrows what the sentence goes on to rule ("Jedes Feld, mit Ausnahme
    der Salatfelder, darf nur …", "Mit Ausnahme des Gebers erhält jeder …")."""
    tokens = list(sentence)
    lowers = [t.lower_ for t in tokens]
    verb = next((t.i - sentence.start for t in tokens if verb_form(t)), None)
    if verb is None:
        return False
    if any(t.lemma_.lower() == _HOLDS for t in tokens):
        verb = 0  # where a rule holds, said anywhere: "Auf allen Feldern außer … gilt sie"
    for phrase in cues.exclusion_phrases:
        parts = phrase.split()
        for start in range(verb + 1, len(lowers) - len(parts) + 1):
            if lowers[start : start + len(parts)] == parts and any(
                word in cues.universal_words for word in lowers[:start]
            ):
                return True
    return False


def _limited(lowers: list[str], cues: Cues) -> bool:
    """A negation or restriction; "nicht nur" ("not only") adds rather than limits."""
    following = [*lowers[1:], ""]
    return any(
        (word in cues.exception_negations and after != "nur") or word in cues.exception_restrictions
        for word, after in zip(lowers, following, strict=True)
    )


def _says(lowers: list[str], sentence: Span, cue: str) -> bool:
    """`cue` occurs as whole words, and is no verb particle.

    "statt" at the end of a clause is the particle of "stattfinden" ("findet ...
    statt."), not the preposition of "statt nur einer".
    """
    parts = cue.split()
    size = len(parts)
    for start in range(len(lowers) - size + 1):
        if lowers[start : start + size] != parts:
            continue
        following = sentence[start + size] if start + size < len(sentence) else None
        if (
            size > 1
            or parts[0] not in _PARTICLES
            # "statt nur einer", "statt 3 sogar 5": not the particle that ends a clause
            or (following is not None and (following.is_alpha or following.like_num))
        ):
            return True
    return False


def opens_exception(words: list[Token], cues: Cues) -> bool:
    """An opener not followed by a noun phrase of the sentence's own rule.

    "Ausnahme: ...", "Außer wenn ...", "Außer auf der Karte steht ..." open an
    exception; "Außer dem Startspieler erhalten alle ..." narrows its own rule.
    """
    first = words[0]
    if first.lower_ not in cues.exception_openers:
        return False
    following = words[1] if len(words) > 1 else None
    if following is None or first.nbor(1).is_punct:
        return True
    # "ist" is no determiner, though the lemmatizer gives it the possessive's lemma "sein".
    determiner = following.lemma_.lower() in DETERMINERS and following.lower_ not in COPULAS
    return following.text[:1].islower() and not determiner


def no_longer(sentence: Span, cues: Cues) -> bool:
    """ "kann nicht mehr", "müssen keine Karten mehr", "darf nur noch": what held so far
    no longer does, or only in part.

    The negation and "mehr" (or "nur noch") stand in one clause with a modal verb,
    "mehr" is no comparison ("nicht mehr als 3"), and the clause is no condition ("Wer
    keinen Zug mehr machen kann, ...", "Hat eine Seite keine Tiere mehr, ...") nor a
    relative clause that names a case ("…, bei dem du keinen Wert mehr nehmen kannst").
    """
    clauses = split_clauses(sentence)
    for number, clause in enumerate(clauses):
        if number == 0 and opens_condition(clause, clauses[1:2], cues):
            continue
        if case_clause(clause, number, cues):
            continue  # "Als Fehlwurf gilt ein Wurf, bei dem du keinen Wert mehr … kannst."
        lowers = [t.lower_ for t in clause]
        if not any(t.lemma_.lower() in cues.modal_lemmas for t in clause):
            continue
        if ("nur", "noch") in pairwise(lowers):
            return True
        negation = next((i for i, w in enumerate(lowers) if w in cues.exception_negations), None)
        if negation is None:
            continue
        for index in range(negation + 1, len(lowers)):
            following = lowers[index + 1] if index + 1 < len(lowers) else ""
            if lowers[index] == "mehr" and following != "als" and not _NUMBER.match(following):
                return True
    return False


def marker_features(exception: Unit, overlap: Overlap, cues: Cues) -> set[str]:
    """The features of the words that mark the exception ("ausnahmsweise", "Ausnahme",
    "gilt nicht") or name the rule it departs from ("Grundregel"), read as its other
    words are: "gilt" is the lemma "gelten", "ausnahmsweise" holds "Weise"."""
    words = {word for phrase in cues.exception_cues for word in phrase.split()}
    words |= cues.exception_openers | cues.rule_nouns
    return overlap.features(
        [[t for t in sentence if t.lower_ in words] for sentence in exception.sentences]
    )
