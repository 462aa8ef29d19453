"""Cue flags of a unit: does it except another rule, does it start one.

An exception limits or overrides another rule of the game.  What marks one is read
from the sentence, not from single words alone (see `exception_cues` in
`rulekit/data/cues_de.yaml`):

- a marker phrase anywhere: "ausnahmsweise", "abweichend von", "im Gegensatz zu",
  "es sei denn", "gilt nicht", "stattdessen", "statt nur einer";
- "Ausnahme" or "außer" opening the sentence as a label or a clause ("Ausnahme: ...",
  "Außer auf der Karte steht ..."), but not a noun phrase that narrows the sentence's
  own rule ("Mit Ausnahme der Salatfelder ...", "Außer dem Startspieler ...");
- a contrast word with a negation or restriction ("darf aber nicht", "jedoch ...
  nicht", "allerdings ausschließlich");
- "no longer": a negation with "mehr" beside a modal verb, outside a condition
  ("kann nicht mehr", "müssen keine Karten mehr", but not "nicht mehr als 3" nor
  "Wer keinen Zug mehr machen kann, ...").

Some exceptions show only beside the rule they except: a sentence that opens with the
case it decides ("Bei Gleichstand erhält ...", `opens_case`) excepts the rule next to
it that does the same ("... erhält die Initiativekarte"); `rulekit.graph.links` reads
that.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from rulekit.graph.units import Unit
    from rulekit.nlp import Cues

# Lemmas of the articles and possessives that open a noun phrase ("außer dem
# Startspieler", "außer seiner Figur"), as the lookup lemmatizer gives them.
_DETERMINERS = frozenset(
    {"der", "die", "das", "ein", "einen", "mein", "dein", "sein", "ihr", "unser", "euer", "jeder"}
)
_NUMBER = re.compile(r"^\d")
# One-word cues that are also the particle of a verb ("findet ... statt.").
_PARTICLES = frozenset({"statt"})
# The marker that opens a list item: "1.", "2)", "a)", a bullet or a dash.
_ITEM_MARKER = re.compile(r"^(?:\d{1,2}[.)]|[a-z]\)|[•\-–*])\s")
# Relative pronouns, which open a relative clause ("..., auf dem der Räuber steht").
_RELATIVES = frozenset(
    {
        *("der", "die", "das", "dem", "den", "deren", "dessen", "denen"),
        *("welche", "welcher", "welches", "welchem", "welchen"),
    }
)
# The preposition that opens the case a sentence decides ("Bei Gleichstand ...").
_CASE_OPENERS = frozenset({"bei"})
# Number words that count a noun ("zwei Karten"); "ein" is mostly the article.
NUMBER_WORDS = {
    word: str(number)
    for number, word in enumerate(
        ("zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn"), start=2
    )
}
# The words that name a case ("Bei einem Unentschieden", "Bei 3 oder 4 Spielern").
_CASE_PHRASE_TOKENS = 5
# A label before a sentence ("Wichtig: ...") ends within this many tokens.
_LABEL_TOKENS = 3


def flag_in_context(units: list[Unit], by_id: dict[str, Unit], cues: Cues) -> dict[str, Unit]:
    """Flag the items of a list that a flagged sentence announces ("Die möglichen Züge
    werden durch folgende Kriterien eingeschränkt:"): each limits what the sentence
    names.  Return the lead-in of each such item by the item's node id."""
    leads: dict[str, Unit] = {}
    for index, unit in enumerate(units):
        if unit.kind == "section":
            continue
        if unit.exception and unit.text.rstrip().endswith(":"):
            for item in units[index + 1 :]:
                if item.kind == "section" or not _list_item(item):
                    break
                item.exception = True
                leads[item.node_id] = unit
    return leads


def negated(unit: Unit, cues: Cues) -> bool:
    """The unit says a negation ("nicht", "keine", "weder ... noch")."""
    return any(t.lower_ in cues.exception_negations for s in unit.sentences for t in s)


def in_end_phase(unit: Unit, by_id: dict[str, Unit], cues: Cues) -> bool:
    """A heading the unit stands under names the end of the game ("Spielende")."""
    section = by_id.get(unit.section) if unit.section else None
    while section is not None:
        heading = " ".join(section.block.text.lower().split())
        if any(re.search(rf"\b{re.escape(word)}\b", heading) for word in cues.end_phase_words):
            return True
        section = by_id.get(section.section) if section.section else None
    return False


def opens_case(unit: Unit) -> bool:
    """The unit opens, after any label, with the case it decides: "Bei Gleichstand
    erhält ...", "Wichtig: Bei einem Unentschieden gewinnt ...".  A case that counts
    ("Bei 3 Spielern ...", "Bei zwei Spielern ...") adjusts the game to a number of
    players or things, a variant rather than an exception."""
    if not unit.sentences:
        return False
    tokens = [t for t in unit.sentences[0] if not t.is_space]
    colon = next((i for i, t in enumerate(tokens[:_LABEL_TOKENS]) if t.text == ":"), None)
    words = [t for t in tokens[0 if colon is None else colon + 1 :] if not t.is_punct]
    phrase = words[:_CASE_PHRASE_TOKENS]
    return (
        bool(phrase)
        and phrase[0].lower_ in _CASE_OPENERS
        and not any(t.like_num or t.lower_ in NUMBER_WORDS for t in phrase)
    )


def _list_item(unit: Unit) -> bool:
    """A numbered or bulleted item: a list-item block, or text opening with its marker."""
    return unit.block.kind == "list-item" or _ITEM_MARKER.match(unit.text) is not None


def flag(unit: Unit, cues: Cues) -> Unit:
    """Set `unit.exception` and `unit.trigger` from what its sentences say."""
    unit.exception = any(excepts(sentence, cues) for sentence in unit.sentences)
    unit.trigger = any(unit.phrase(cue) for cue in cues.trigger_cues)
    return unit


def excepts(sentence: Span, cues: Cues) -> bool:
    """The sentence limits or overrides another rule (see the module docstring)."""
    words = [t for t in sentence if not t.is_punct and not t.is_space]
    if not words:
        return False
    lowers = [t.lower_ for t in sentence]
    if any(_says(lowers, sentence, cue) for cue in cues.exception_cues):
        return True
    if _opens(words, cues):
        return True
    if _emphasised_negation(sentence, cues):
        return True
    following = [*lowers[1:], ""]
    contrasts = (
        word in cues.exception_contrasts and after != "auch"  # "aber auch nicht" adds
        for word, after in zip(lowers, following, strict=True)
    )
    if _limited(lowers, cues) and any(contrasts):
        return True
    return _no_longer(sentence, cues)


def _emphasised_negation(sentence: Span, cues: Cues) -> bool:
    """A negation in capitals ("erhalten KEINE Rohstofferträge", "darf aber NICHT"),
    outside a condition ("nur, wenn die Kreuzungen NICHT besetzt sind")."""
    for clause in _clauses(sentence):
        opener = next(t for t in clause if t.is_alpha).lower_
        if opener in cues.condition_openers:
            continue
        if any(t.lower_ in cues.exception_negations and len(t) > 2 and t.is_upper for t in clause):
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
        if size > 1 or parts[0] not in _PARTICLES or (following is not None and following.is_alpha):
            return True
    return False


def _opens(words: list[Token], cues: Cues) -> bool:
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
    return following.text[:1].islower() and following.lemma_.lower() not in _DETERMINERS


def _no_longer(sentence: Span, cues: Cues) -> bool:
    """ "kann nicht mehr", "müssen keine Karten mehr": what held so far no longer does.

    The negation and "mehr" stand in one clause with a modal verb, "mehr" is no
    comparison ("nicht mehr als 3"), and the clause is no condition ("Wer keinen Zug
    mehr machen kann, ...", "Hat eine Seite keine Tiere mehr, ...").
    """
    for number, clause in enumerate(_clauses(sentence)):
        if number == 0 and _condition(clause, cues):
            continue
        lowers = [t.lower_ for t in clause]
        modal = any(t.lemma_.lower() in cues.modal_lemmas for t in clause)
        negation = next((i for i, w in enumerate(lowers) if w in cues.exception_negations), None)
        if not modal or negation is None:
            continue
        for index in range(negation + 1, len(lowers)):
            following = lowers[index + 1] if index + 1 < len(lowers) else ""
            if lowers[index] == "mehr" and following != "als" and not _NUMBER.match(following):
                return True
    return False


def case_clauses(sentence: Span, cues: Cues) -> list[tuple[list[Token], bool]]:
    """The clauses of a sentence, each with whether it names the case the sentence is
    about rather than what holds in it: a condition ("Wird das Feld gewürfelt, ...",
    "..., wenn ...") or a relative clause ("..., auf dem der Räuber steht", "..., die er
    schon hatte")."""
    # A label ("Wichtig: ...") is a clause of its own before the sentence's first.
    labelled = any(t.text == ":" for t in list(sentence)[:_LABEL_TOKENS])
    return [
        (clause, (number == 0 and _condition(clause, cues)) or _case_clause(clause, number, cues))
        for number, clause in enumerate(_clauses(sentence), start=-1 if labelled else 0)
    ]


def _case_clause(clause: list[Token], number: int, cues: Cues) -> bool:
    """A later clause opened by a condition word or a relative pronoun, alone or after a
    preposition: "wenn ...", "die er ...", "auf dem der ..." (but not "die Karten ...",
    "mit dem Würfel ...")."""
    words = [t for t in clause if t.is_alpha]
    if number <= 0 or not words:
        return False
    if words[0].lower_ in cues.condition_openers:
        return True
    start = 1 if len(words) > 2 and words[0].text.islower() and words[1].lower_ in _RELATIVES else 0
    pronoun = words[start]
    following = words[start + 1] if start + 1 < len(words) else None
    return pronoun.lower_ in _RELATIVES and following is not None and following.text[:1].islower()


def _clauses(sentence: Span) -> list[list[Token]]:
    """The sentence cut at its commas (and other inner punctuation)."""
    clauses: list[list[Token]] = [[]]
    for token in sentence:
        if token.is_punct:
            if clauses[-1]:
                clauses.append([])
        elif not token.is_space:
            clauses[-1].append(token)
    return [clause for clause in clauses if any(t.is_alpha for t in clause)]


def _condition(clause: list[Token], cues: Cues) -> bool:
    """A clause that opens with a subordinator or a finite verb states a condition."""
    first = next(t for t in clause if t.is_alpha)
    lemma = first.lemma_.lower()
    if first.lower_ in cues.condition_openers or lemma in cues.modal_lemmas:
        return True
    verb_like = (lemma != first.lower_ and lemma.endswith("en")) or lemma in ("sein", "haben")
    return verb_like and lemma not in _DETERMINERS
