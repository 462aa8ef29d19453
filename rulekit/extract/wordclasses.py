"""The closed classes of German words that tell how a line or a clause goes on: the
determiners and possessives that want their noun, the pronouns of polite address,
the conjunctions that open a subordinate clause."""

from __future__ import annotations

# The words that open a noun phrase: after one, a lower-case word is an adjective
# ("Ein neues Plättchen", "als der aktuelle").
DETERMINERS = frozenset(
    {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer"}
    | {"eines", "kein", "keine", "keinen", "keinem"}
)
# Conjunctions that open a subordinate clause ("Solange ein Spieler …", "…, wenn …").
CONJUNCTIONS = frozenset(
    {"dass", "daß", "weil", "wenn", "ob", "wie", "um", "damit", "sodass", "falls", "obwohl",
     "was", "wo", "wobei", "sofern", "solange", "sobald", "bevor", "nachdem", "indem"}
)  # fmt: skip
# Possessive determiners, which want their noun as an article does ("… seinen letzten").
_OWNERS = ("mein", "dein", "sein", "ihr", "unser", "eur")
_ENDINGS = ("e", "en", "em", "er", "es")
POSSESSIVES = frozenset({*_OWNERS[:-1], "euer"} | {o + e for o in _OWNERS for e in _ENDINGS})
# Possessives with an ending, which are determiners: the bare "sein" and "ihr" may end
# a clause as a verb or a pronoun.
INFLECTED_POSSESSIVES = POSSESSIVES - {"mein", "dein", "sein", "ihr", "unser", "euer"}
# Pronouns of polite address, capitalised inside a sentence.
POLITE = frozenset(("sie", "ihr", "ihre", "ihrem", "ihren", "ihrer", "ihres", "ihnen"))
# The personal pronouns a clause's subject may be: no heading said as an instruction or
# a call has one ("Spielt ihr mit …", "Jetzt wird es eng!").
SUBJECT_PRONOUNS = frozenset({"ich", "du", "er", "sie", "es", "wir", "ihr", "man"})
# The finite forms of the modal verbs, and "wird": before an infinitive they make it
# part of a statement ("Steine dürfen nicht überlappen", "Eine Figur darf … verlassen").
FINITE_MODALS = frozenset(
    {"darf", "darfst", "dürfen", "dürft", "muss", "muß", "musst", "mußt", "müssen", "müsst",
     "müßt", "kann", "kannst", "können", "könnt", "soll", "sollst", "sollen", "sollt",
     "will", "willst", "wollen", "wollt", "mag", "möchte", "möchten", "wird"}
)  # fmt: skip
