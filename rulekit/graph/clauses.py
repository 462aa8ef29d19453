"""The clauses of a sentence, and which of them name the case it holds in.

A sentence is cut at its commas (`split_clauses`). A clause names its case when it is
a condition ("Wird das Feld gewürfelt, ...", "..., wenn ...") or a relative clause
("..., auf dem der Räuber steht"); the others say what holds in it (`case_clauses`).
Exceptions, special cases and stories read sentences this way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.graph.shapes import RELATIVE_PRONOUNS, SUBORDINATORS, VERB_ENDINGS

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from rulekit.cues import Cues
    from rulekit.graph.unit import Unit


# Lemmas of the articles and possessives that open a noun phrase ("außer dem
# Startspieler", "außer seiner Figur"), as the lookup lemmatizer gives them.
DETERMINERS = frozenset(
    {"der", "die", "das", "ein", "einen", "mein", "dein", "sein", "ihr", "unser", "euer", "jeder"}
)


# Words that join a clause of the same rank ("Mischt die Karten und ...").
_JOINING_WORDS = frozenset({"und", "oder", "aber", "sondern", "denn", "doch"})


def conditional(unit: Unit, cues: Cues) -> bool:
    """The unit opens with the case it holds in: "Hat der Spieler nicht ..., muss er ...",
    "Wird das Spielfeld ... geteilt, darf ..."."""
    return bool(unit.sentences) and opens_with_case(unit.sentences[0], cues)


def opens_with_case(sentence: Span, cues: Cues) -> bool:
    """The sentence opens with the case it holds in ("Sollte …, wird …", "Wenn …, …")."""
    clauses = case_clauses(sentence, cues)
    return bool(clauses) and clauses[0][1]


def case_clauses(sentence: Span, cues: Cues) -> list[tuple[list[Token], bool]]:
    """The clauses of a sentence, each with whether it names the case the sentence is
    about rather than what holds in it: a condition ("Wird das Feld gewürfelt, ...",
    "..., wenn ...") or a relative clause ("..., auf dem der Räuber steht", "..., die er
    schon hatte")."""
    # A label ("Wichtig: ...", "Es herrscht Schlagzwang: ...") is a clause of its own
    # before the sentence's first.
    clauses = split_clauses(sentence)
    end = clauses[0][-1].i + 1 if clauses else sentence.end
    labelled = end < sentence.end and sentence.doc[end].text == ":"
    start = -1 if labelled else 0
    return [
        (
            clause,
            (number == 0 and opens_condition(clause, clauses[number - start + 1 :][:1], cues))
            or case_clause(clause, number, cues),
        )
        for number, clause in enumerate(clauses, start=start)
    ]


def case_clause(clause: list[Token], number: int, cues: Cues) -> bool:
    """A later clause opened by a condition word or a relative pronoun, alone or after a
    preposition: "wenn ...", "die er ...", "auf dem der ..." (but not "die Karten ...",
    "mit dem Würfel ...")."""
    words = [t for t in clause if t.is_alpha]
    if number <= 0 or not words:
        return False
    if words[0].lower_ in cues.condition_openers:
        return True
    start = (
        1
        if len(words) > 2 and words[0].text.islower() and words[1].lower_ in RELATIVE_PRONOUNS
        else 0
    )
    pronoun = words[start]
    following = words[start + 1] if start + 1 < len(words) else None
    return (
        pronoun.lower_ in RELATIVE_PRONOUNS
        and following is not None
        and following.text[:1].islower()
    )


def split_clauses(sentence: Span) -> list[list[Token]]:
    """The sentence cut at its commas (and other inner punctuation)."""
    clauses: list[list[Token]] = [[]]
    for token in sentence:
        if token.is_punct:
            if clauses[-1]:
                clauses.append([])
        elif not token.is_space:
            clauses[-1].append(token)
    return [clause for clause in clauses if any(t.is_alpha for t in clause)]


def opens_condition(clause: list[Token], following: list[list[Token]], cues: Cues) -> bool:
    """A clause that opens with a subordinator or a finite verb states a condition.

    After a full verb the main clause must follow (`following`, the next clause, if
    any) with its own verb first ("Würfelt er eine Sechs, darf er ..."): an
    imperative goes on otherwise ("Mischt die Karten, bevor ...").  A participle
    opens no condition ("Abweichend von der Grundregel zieht ...").
    """
    first = next(t for t in clause if t.is_alpha)
    lemma = first.lemma_.lower()
    if first.lower_ in cues.condition_openers or lemma in cues.modal_lemmas:
        return True
    if lemma in ("sein", "haben"):
        # "Ist das Feld besetzt, …", not "Seine Karte …" (the possessive's lemma too).
        return not first.lower_.startswith("sein")
    verb_like = (
        lemma != first.lower_
        and lemma.endswith(VERB_ENDINGS)
        and lemma not in DETERMINERS
        and not first.lower_.endswith("end")
    )
    if not verb_like:
        return False
    main = next((t for c in following for t in c if t.is_alpha), None)
    return main is not None and main.lower_ not in SUBORDINATORS | _JOINING_WORDS
