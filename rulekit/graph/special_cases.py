"""Exceptions that show only beside the rule they except: special cases of it.

- A case sentence opens with the case it decides and does what the rule next to it
  does ("Bei einem Fehlwurf erhält ..." beside "Wer die meisten Punkte hat, erhält
  ..."): it decides that case otherwise.  A tie ("Bei Gleichstand gewinnt ...") is no
  such case: the rule leaves it open.
- A group sentence has for its subject a group that a relative clause singles out,
  and does for that group what the general rule just before it does for everyone
  ("Spieler, die eine Zutat nicht vertragen, erhalten einen zusätzlichen Giftstein."
  after "Jeder Spieler bekommt ... einen Giftstein."): the same action on the same
  thing, for some of the same people.  "Alle Spieler, die ..." and "Jeder Spieler,
  der ..." are general rules themselves, and a group sentence after a rule about
  something else ("Der Spieler, der ... hat, gewinnt.") adds a rule of its own.
- A case told right before the default that "Sonst" opens excepts it ("Wird das
  Spielfeld in zwei gleich große Gruppen geteilt, darf der Spieler wählen. Sonst gilt
  stets die kleinere Gruppe als geschlagen.").
- A prohibition narrows the free choice a rule just before it leaves, of a thing both
  name ("..., darf dieser seinen ersten Stein nicht in Berührung mit seinem Startstein
  platzieren" after "... legen einen ihrer Steine an einen beliebigen anderen Stein").
- A case of several opens with several who did what a rule before it gives the first
  alone ("Haben mehrere Spieler Phase 10 erfüllt, gewinnt von ihnen, wer …" against
  "Wer als Erster Phase 10 erfüllt, gewinnt"): it decides otherwise who that is.
- A counterpart permission allows as well the opposite of what a rule just before it
  has done, the same verb with the counterpart particle ("In „Produktion“ können Sie
  auch zurückdrehen" after "... indem Sie die Drehscheiben ... vordrehen", "...
  auch rückwärts ziehen" after "... vorwärts"): it widens that rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.graph.clauses import case_clauses, conditional
from rulekit.graph.exceptions import marked_exception, opens_case
from rulekit.graph.overlap import stem
from rulekit.graph.shapes import RELATIVE_PRONOUNS, VERB_ENDINGS

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from rulekit.cues import Cues
    from rulekit.graph.units import Unit

# Contractions that make a verb a noun: "zum Abwerfen", "beim Auslegen".
_NOMINALISING = frozenset({"zum", "beim", "vom", "das"})
# Articles that may open the group's noun phrase ("Die Spieler, die ...").
_ARTICLES = frozenset({"der", "die", "das", "ein", "eine", "einen"})
# A clause opened by "wer" names who does a thing, not the case the sentence holds in.
_WHO = "wer"
# A group sentence excepts one of this many rules before it in its section.
GROUP_REACH = 2
# A counterpart permission widens one of this many rules before it in its section.
COUNTERPART_REACH = 3
# The shortest verb a particle is taken off ("drehen"): not "ab" + "en".
_SHORTEST_BASE = 4
# A particle this long stands alone for its direction too ("rückwärts ziehen"); a
# shorter one alone is a preposition ("vor dir", "auf dem Pfad").
_SHORTEST_ALONE = 5


def special_cases(targets: list[Unit], cues: Cues) -> dict[str, Unit]:
    """The rule each case or group sentence excepts, by the sentence's node id; flags
    each such sentence as an exception."""
    cases: dict[str, Unit] = {}
    for index, unit in enumerate(targets):
        following = targets[index + 1] if index + 1 < len(targets) else None
        if (
            following is not None
            and following.section == unit.section
            and _opens_with(following, cues.otherwise_words)
            # "Andernfalls" after a duty tells what befalls who breaks it, no default.
            and conditional(unit, cues)
        ):
            alike = [following]
        elif opens_case(unit, cues) and unit.kind != "definition":
            beside = [targets[i] for i in (index - 1, index + 1) if 0 <= i < len(targets)]
            alike = [r for r in beside if r.section == unit.section and verbs(unit) & verbs(r)]
        elif several := _several(unit, cues):
            done = verbs(unit) - {stem(word) for word in several}
            alike = [r for r in targets[:index][::-1] if _first_alone(r, cues) and verbs(r) & done]
        elif opposites := _permitted_opposites(unit, cues):
            earlier = targets[max(0, index - COUNTERPART_REACH) : index][::-1]
            alike = [
                r
                for r in earlier
                if r.section == unit.section
                and opposites & {t.lower_ for t in _lower_case(r.sentences)}
            ]
        elif not any(marked_exception(s, cues) for s in unit.sentences) and (
            forbidden := _forbidden(unit, cues)
        ):
            # One that names itself an exception ("Ausnahme: Einen Joker … darf niemand
            # nehmen") says what it denies; it is weighed against every rule.
            earlier = targets[max(0, index - COUNTERPART_REACH) : index][::-1]
            # Inside a paragraph, of the choice that paragraph leaves: one that opened
            # on another rule speaks of another thing ("Joker: …" / "Aussetzen: …").
            opens_paragraph = index == 0 or targets[index - 1].block is not unit.block
            alike = [
                r
                for r in earlier
                if r.section == unit.section
                and (opens_paragraph or r.block is unit.block)
                and any(t.lower_ in cues.free_choice_words for s in r.sentences for t in s)
                and forbidden & _things(r.sentences, cues)
            ]
        else:
            group = _group(unit, cues)
            earlier = targets[max(0, index - GROUP_REACH) : index][::-1]
            alike = [r for r in earlier if group and _same_for_all(group, unit, r, cues)]
        rule = next((r for r in alike if not r.exception), None)
        if rule is not None:
            unit.exception = True
            cases[unit.node_id] = rule
    return cases


def verbs(unit: Unit) -> set[str]:
    """The stems of a unit's lower-case content words: in German, its verbs and
    adjectives; of the verbs its clauses split from their particle ("wirfst … ab"); and
    of the verbs it names as nouns ("1. Ziehen: …", "Die Pflicht zum Abwerfen …")."""
    return (
        {stem(t.lemma_.lower()) for t in _lower_case(unit.sentences) if t.lower_ not in STOP_WORDS}
        | unit.actions
        | {stem(t.lower_) for t in nominalised(unit.sentences)}
    )


def nominalised(sentences: Iterable[Iterable[Token]]) -> Iterator[Token]:
    """Verbs used as nouns: the label a sentence opens with ("Ziehen: Du nimmst …") or
    the word after "zum", "beim" or "das" ("zum Abwerfen", "beim Auslegen", "Das Bezahlen
    nach der Tabelle"), an infinitive that
    the lemmatizer knows as no noun's plural ("Karten:" is one)."""
    for sentence in sentences:
        tokens = [t for t in sentence if not t.is_space and not t.like_num and t.text != "."]
        for index, token in enumerate(tokens):
            opens_label = index == 0 and len(tokens) > 1 and tokens[1].text == ":"
            after = index > 0 and tokens[index - 1].lower_ in _NOMINALISING
            if (
                (opens_label or after)
                and token.is_alpha
                and token.text[:1].isupper()
                and token.lower_.endswith(VERB_ENDINGS)
                and token.lemma_ == token.text
            ):
                yield token


def _lower_case(sentences: Iterable[Span]) -> Iterator[Token]:
    """The words of sentences written in lower case: in German, all but the nouns; and a
    word capitalised only where it opens a sentence or a clause after a label, whose
    lemma is in lower case ("Nimm" of "1. Ziehen: Nimm …", "Würfelt er …")."""
    return (
        t
        for sentence in sentences
        for t in sentence
        if t.is_alpha and (t.text[:1].islower() or t.lemma_[:1].islower())
    )


def counterparts(cues: Cues) -> dict[str, str]:
    """Each particle or direction and its counterpart, both ways: "vor" and "zurück",
    "vorwärts" and "rückwärts"."""
    pairs = [pair.split("/") for pair in cues.particle_counterparts]
    return {a: b for a, b in pairs} | {b: a for a, b in pairs}


def _permitted_opposites(unit: Unit, cues: Cues) -> set[str]:
    """The opposites of the particle verbs a sentence of the unit allows as well ("...
    können Sie auch zurückdrehen": "vordrehen"): one that says "auch" and allows."""
    pairs = counterparts(cues)
    opposites = set()
    for sentence in unit.sentences:
        lowers = {t.lower_ for t in sentence}
        if (
            "auch" not in lowers
            or not {t.lemma_.lower() for t in sentence} & cues.permission_lemmas
        ):
            continue
        for word in {t.lower_ for t in _lower_case([sentence])}:
            for particle, opposite in pairs.items():
                base = word.removeprefix(particle)
                if base != word and len(base) >= _SHORTEST_BASE:
                    opposites.add(opposite + base)
                elif not base and min(len(particle), len(opposite)) >= _SHORTEST_ALONE:
                    opposites.add(opposite)
    return opposites


def _several(unit: Unit, cues: Cues) -> set[str]:
    """The words by which a unit opens with a case of several ("Haben mehrere Spieler
    Phase 10 erfüllt, …", "Sind beide Hasen im Ziel, …"), or none."""
    clauses = case_clauses(unit.sentences[0], cues) if unit.sentences else []
    if not clauses:
        return set()
    words = [t for t in clauses[0][0] if t.is_alpha]
    # A plural verb opens the case as its infinitive would ("Schaffen mehrere …"); one
    # who does it ("Wer zuerst beide Käfer … hat") is no case of several.
    opens = clauses[0][1] or (len(words) > 1 and words[1].lower_ in cues.several_words)
    if not opens or words[0].lower_ == _WHO:
        return set()
    return {t.lower_ for t in words if t.lower_ in cues.several_words}


def _first_alone(rule: Unit, cues: Cues) -> bool:
    """The rule gives something to the first who does a thing ("Wer als Erster Phase 10
    erfüllt, gewinnt") and leaves open what holds if several do it at once."""
    return any(rule.phrase(p) for p in cues.first_phrases) and not any(
        t.lower_ in cues.several_words for s in rule.sentences for t in s
    )


def _opens_with(unit: Unit, words: frozenset[str]) -> bool:
    """The unit's first word is one of `words` ("Sonst gilt ...")."""
    first = next((t for s in unit.sentences[:1] for t in s if t.is_alpha), None)
    return first is not None and first.lower_ in words


def _forbidden(unit: Unit, cues: Cues) -> set[str]:
    """The things a prohibition speaks of: the nouns of a first sentence whose main
    clause says what may not be done ("..., darf dieser seinen ersten Stein nicht an
    seinen Startstein legen"); none for a case it names ("Darf er nicht ziehen, ...")."""
    if not unit.sentences:
        return set()
    sentence = unit.sentences[0]
    for clause, names_case in case_clauses(sentence, cues):
        lemmas = {t.lemma_.lower() for t in clause}
        words = {t.lower_ for t in clause}
        if not names_case and lemmas & cues.permission_lemmas and words & cues.exception_negations:
            return _things([sentence], cues)
    return set()


def _things(sentences: Iterable[Span], cues: Cues) -> set[str]:
    """The stems of the nouns of some sentences, their capitalised content words, but
    for the players who act: every rule speaks of them."""
    return {
        stem(t.lemma_.lower())
        for sentence in sentences
        for t in sentence
        if t.is_alpha
        and t.text[:1].isupper()
        and t.lower_ not in STOP_WORDS
        and t.lemma_.lower() not in cues.actor_nouns
    }


def general(rule: Unit, cues: Cues) -> bool:
    """A general statement: "jeder Spieler", "immer", "prinzipiell", "unabhängig von"."""
    return any(t.norm_ in cues.general_words for s in rule.sentences for t in s)


def _group(unit: Unit, cues: Cues) -> tuple[str, list[Token]] | None:
    """The stem of the group a unit's first sentence singles out, and the sentence's
    claim about it: "Spieler, die ..., erhalten einen Giftstein" gives "spiel" and
    "erhalten einen Giftstein"."""
    if not unit.sentences:
        return None
    sentence = unit.sentences[0]
    noun = _singled_out(sentence, cues)
    if noun is None:
        return None
    # The clauses after the subject that do not name the group: what it says of them.
    clauses = case_clauses(sentence, cues)[1:]
    claim = [t for clause, names_case in clauses if not names_case for t in clause]
    return (stem(noun.lemma_.lower()), claim) if claim else None


def _singled_out(sentence: Span, cues: Cues) -> Token | None:
    """The noun a sentence opens with, if a relative clause follows it: "Spieler, die
    ...", "Der Spieler, der ..."; not "Alle Spieler, die ...", a general rule."""
    tokens = [t for t in sentence if not t.is_space]
    start = 1 if tokens and tokens[0].lower_ in _ARTICLES else 0
    rest = tokens[start : start + 4]
    if len(rest) < 3 or rest[0].norm_ in cues.general_words or rest[0].lower_ in STOP_WORDS:
        return None
    noun, *following = rest
    if following[0].text == ",":
        following = following[1:]
    pronoun, word = following[0], following[1]
    if noun.is_alpha and pronoun.lower_ in RELATIVE_PRONOUNS and word.text[:1].islower():
        return noun
    return None


def _same_for_all(group: tuple[str, list[Token]], unit: Unit, rule: Unit, cues: Cues) -> bool:
    """The rule says for everyone of the group's kind what the unit says for the group:
    it is general, names the group's noun, does the same (or also gives something),
    and names a thing the claim names."""
    noun, claim = group
    if rule.section != unit.section or not general(rule, cues):
        return False
    words = [t for s in rule.sentences for t in s if t.is_alpha]
    stems = {stem(t.lemma_.lower()) for t in words}
    if noun not in stems:
        return False
    claimed = [t for t in claim if t.is_alpha and t.lower_ not in STOP_WORDS]
    actions = {t.lemma_.lower() for t in claimed if t.text[:1].islower()}
    done = {t.lemma_.lower() for t in words if t.text[:1].islower()}
    gains = actions & cues.gain_lemmas and done & cues.gain_lemmas
    things = {stem(t.lemma_.lower()) for t in claimed if t.text[:1].isupper()} - {noun}
    return bool((actions & done or gains) and things & stems)
