"""The words of a story's sentences, token by token: the verbs its players do things
with, the values it tells, the consequence after a case, the polite "Sie" to the
reader.  `narration.StoryJudge` reads stories with them."""

from __future__ import annotations

from itertools import pairwise

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Token

from rulekit.graph.shapes import VERB_ENDINGS

# What a player could or would have done, too: "Gelb könnte mit der 5 …".
MODAL_STORY_VERBS = frozenset(
    {"darf", "kann", "muss", "will", "soll", "möchte", "könnte", "dürfte", "müsste", "sollte"}
)
# Verbs among spaCy's stop words that a story tells of its player: "Lotta hat …", "Rot
# möchte eigentlich nur 2 Felder weit ziehen", "Tim darf …"; not "gibt" or "geht", whose
# subject is a thing as often ("Zusatzpunkte gibt es …").
STORY_VERBS = frozenset({"hat", "ist", "wird", "hätte", "wäre", "würde", *MODAL_STORY_VERBS})
# Words before values that name instances of what a sentence says: "z. B. 2, 3, 4, 5".
_INSTANCE_MARKS = frozenset({"b.", "bsp.", "beispiel", "etwa", "bspw."})
# After a comma, these set out which values a phrase before means ("…, also 1, 3 und 5").
_APPOSITION_MARKS = frozenset({"also", "nämlich"})
# Values listed by commas alone tell a throw when there are at least this many.
LISTED_THROW = 4
# The endings of a strong verb's subjunctive past ("käme", "kämen") and its umlauts.
_SUBJUNCTIVE_ENDINGS = ("e", "en")
_UMLAUTS = ("ä", "ö", "ü")


def subjunctive(token: Token, forms: frozenset[str]) -> bool:
    """A verb in the subjunctive of what would be: one of `forms` ("wäre", "müsste"),
    or a strong verb's past with the umlaut its infinitive lacks ("käme" of "kommen",
    "läge", "gäbe"); the present's umlaut ends otherwise ("fährt", "läuft")."""
    lower = token.lower_
    if lower in forms:
        return True
    lemma = token.lemma_.lower()
    return (
        token.is_lower
        and lower.endswith(_SUBJUNCTIVE_ENDINGS)
        and lemma.endswith("en")
        and lemma != lower
        and sum(lower.count(u) for u in _UMLAUTS) > sum(lemma.count(u) for u in _UMLAUTS)
    )


def consequence(tokens: list[Token]) -> bool:
    """After the case's clause, its comma and the consequence's verb: "…, kann er …",
    "…, so …"."""
    comma = next((i for i, t in enumerate(tokens) if t.text == ","), None)
    if comma is None or comma + 1 >= len(tokens):
        return False
    after = tokens[comma + 1]
    return after.lower_ in ("so", "dann") or inflected_verb(after)


def inflected_verb(token: Token) -> bool:
    """A verb's inflected form in lower case: its lemma differs and ends as an infinitive
    does ("steht", "deckt"), or it is one of the stop words a player does things with
    (`STORY_VERBS`: "hat", "ist", "darf", "könnte" ..., whatever their lemma)."""
    if not (token.is_alpha and token.text[:1].islower()):
        return False
    if token.lower_ in STORY_VERBS:
        return True
    if token.lower_ in STOP_WORDS:
        return False
    lemma = token.lemma_.lower()
    return token.lower_ != lemma and (lemma.endswith(VERB_ENDINGS) or lemma == "sein")


def plural_verb(token: Token) -> bool:
    """A verb after a plural subject: inflected, or in the form of its infinitive
    ("sitzen", "würfeln")."""
    return inflected_verb(token) or (
        token.is_alpha
        and token.text[:1].islower()
        and token.lower_ not in STOP_WORDS
        and token.lemma_.lower() == token.lower_
        and token.lower_.endswith(VERB_ENDINGS)
    )


def names_values(tokens: list[Token], index: int) -> bool:
    """The value at `index`, or the list it ends, stands right after a noun that it
    names ("Zahlen 6 und 8", "Die Felder 8, 17, 27, 35 und 39", "mit den Nummern: 1, 3
    und 5"), not after a word that opens the sentence."""
    before = index - 1
    while before > 0 and (tokens[before].like_num or tokens[before].text in (",", ":")):
        before -= 1
    if tokens[before].lower_ in _INSTANCE_MARKS:
        return True  # "besteht aus Würfeln …, z. B. 2, 3, 4, 5": instances, not a throw
    if tokens[before].lower_ in _APPOSITION_MARKS and before > 0 and tokens[before - 1].text == ",":
        return True  # "die Gipfel mit ungerader Nummer, also 1, 3, 5, 7 und 9": which ones
    return before > 0 and tokens[before].is_alpha and tokens[before].text[:1].isupper()


def counts_after(tokens: list[Token], index: int) -> bool:
    """The values that start at `index` count the noun after them ("Bei 5 und 6
    Spielern erhält jeder …"): a count of things, not a throw."""
    after = index
    while after + 1 < len(tokens) and (
        tokens[after].like_num or tokens[after].lower_ in ("und", ",", "oder")
    ):
        after += 1
    following = tokens[after]
    return following.is_alpha and following.text[:1].isupper() and after > index


def copula_of_clause(verb: Token, tokens: list[Token]) -> bool:
    """The verb is a copula before a clause that names its subject: "Sieger ist, wer
    als Erster das Ziel erreicht" says who wins, it tells no move."""
    after = [t for t in tokens if t.i > verb.i]
    # "Sieger ist, wer …", "Sieger ist am Ende, wer …"
    clause = any(a.text == "," and b.lower_ == "wer" for a, b in pairwise(after))
    return verb.lemma_.lower() == "sein" and bool(after) and (after[0].text == "," or clause)


def listed_throw(tokens: list[Token]) -> bool:
    """Values listed by commas alone, as many as a throw of dice shows: "2, 3, 4, 4, 6"."""
    run = best = 0
    for token in tokens:
        if token.like_num:
            run += 1
            best = max(best, run)
        elif token.text != ",":
            run = 0
    return best >= LISTED_THROW


def polite(words: list[Token]) -> bool:
    """A sentence opened by the polite "Sie", to the reader: its verb in the plural, or
    "Ihr" inside it capitalised ("Sie dürfen Ihren Gipfel nur vollständig auslegen")."""
    return (
        len(words) > 1
        and words[0].text == "Sie"
        and (
            words[1].lower_.endswith("en")
            or any(w.text.startswith("Ihr") or w.text == "Ihnen" for w in words[2:])
        )
    )
