"""What two units of one manual talk about in common, weighted by how rare it is.

A unit's content is the set of its content words, reduced to stems so that the
noun and the verb of one action meet ("Überquerung", "überqueren"), plus the last
part of each compound that the manual also uses on its own ("Fahnenplättchen" holds
"Plättchen"), its numbers (in digits or words) and its glossary terms.  A separable
verb counts whole as well: "legt die Karten aus" meets "auslegen" by the particle that
ends its clause.  Each feature weighs its
inverse document frequency over the manual's units: a word every rule says
("Spieler", "Karte") counts little, a word few units share counts much.
`Overlap` keeps each unit's features on the unit (`Unit.features`).  `quantities`
reads what a unit counts ("2 Karten", "zwei Karten"), by the stem of the noun.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.graph.phases import NUMBER_WORDS
from rulekit.graph.shapes import INDEFINITE_ARTICLES, VERB_ENDINGS

if TYPE_CHECKING:
    from spacy.tokens import Token

    from rulekit.graph.units import Unit

# Endings cut from a lower-case lemma to reach its stem, longest first.  German
# derivation and inflection that the lookup lemmatizer leaves: "Überquerungen",
# "kostenlose", "gewürfelten".
_ENDINGS = ("ungen", "ung", "ern", "en", "er", "es", "em", "e", "n", "s", "t")
# A stem is never cut shorter than this.
_MIN_STEM = 4
# The last part of a compound counts when it is at least this long.
_MIN_HEAD = 4
_NUMBER = re.compile(r"^\d+$")
# Words that join two clauses without a comma ("legt sie aus und zieht nach").
_JOINING = frozenset({"und", "oder", "sowie"})
_LIMITS = frozenset({"nur", "genau", "höchstens", "mindestens", "maximal", "exakt"})
# Any number of a thing ("beliebig viele Figuren"), counted as "*".
_ANY = "*"
_UNBOUNDED = frozenset({"beliebig", "unbegrenzt", "unendlich"})
# How often ("dreimal", "mehrmals", "beliebig oft", "ein viertes Mal"), counted for "mal".
TIMES = "mal"
_TIMES_WORD = re.compile(r"^(ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|\d+)mal$")
_ORDINALS = {
    word: str(number)
    for number, word in enumerate(
        ("zweit", "dritt", "viert", "fünft", "sechst", "siebt", "acht", "neunt", "zehnt"), start=2
    )
}
_ORDINAL = re.compile(rf"^({'|'.join(_ORDINALS)})(?:e|es|en)$")
_HYPHENATED = re.compile(r"^[^\W\d_]+(?:-[^\W\d_]+)+$")


def stem(word: str) -> str:
    """The stem of a lower-case word: its longest known ending cut off, once, and then
    the "-end" of a present participle ("zu bezahlenden" meets "bezahlen")."""
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= _MIN_STEM:
            word = word[: -len(ending)]
            break
    if word.endswith("end") and len(word) - 3 >= _MIN_STEM:
        return word[:-3]
    return word


def span_features(
    sentences: Iterable[Iterable[Token]], particles: frozenset[str] = frozenset()
) -> set[str]:
    """Stems of the content words and the numbers of some sentences (or clauses), and
    of each verb joined with `particles` that end its clause ("legt ... aus")."""
    features: set[str] = set()
    for sentence in sentences:
        tokens = list(sentence)
        joined, verbs = _separable_verbs(tokens, particles)
        features |= joined
        for token in tokens:
            if token.i in verbs:
                continue  # "legt … ab" is "ablegen", not "legen"
            if token.lower_ in NUMBER_WORDS:
                # "acht Felder" says the number "8 Felder" says (a stop word to spaCy).
                features.add("#" + NUMBER_WORDS[token.lower_])
            elif token.is_alpha and len(token) > 1 and token.lower_ not in STOP_WORDS:
                features.add(stem(token.lemma_.lower()))
            elif _HYPHENATED.match(token.text):
                # "x-Achse", "Minus-Teller": the whole word, and its last part
                parts = token.lower_.split("-")
                features.add(stem(token.lower_))
                if len(parts[-1]) >= _MIN_HEAD and parts[-1] not in STOP_WORDS:
                    features.add(stem(parts[-1]))
            elif _NUMBER.match(token.text.strip("„“”\"'")) and not _item_number(tokens, token):
                features.add("#" + token.text.strip("„“”\"'"))
    return features


def _item_number(tokens: list[Token], token: Token) -> bool:
    """The number in brackets that opens an item ("(2) Steht beim Einsetzen …") numbers
    the paragraph; it says nothing of the rule."""
    place = token.i - tokens[0].i
    return place == 1 and tokens[0].text == "(" and len(tokens) > 2 and tokens[2].text == ")"


def _separable_verbs(tokens: list[Token], particles: frozenset[str]) -> tuple[set[str], set[int]]:
    """The stems of the lower-case content words of each clause joined with the
    particle that ends the clause: "Er legt beide Kombinationen aus" gives
    "auslegen", as the infinitive says it; and the indices of the inflected verbs so
    joined ("legt"), which say that verb only."""
    joined: set[str] = set()
    verbs: set[int] = set()
    clause: list[Token] = []
    for token in [*tokens, None]:
        if token is not None and not token.is_punct and token.lower_ not in _JOINING:
            clause.append(token)
            continue
        words = [t for t in clause if t.is_alpha]
        # A particle is written in lower case: "auf dem Weg" ends in a noun.
        if len(words) > 2 and words[-1].text in particles:
            content = [t for t in words[:-1] if t.text[:1].islower() and t.lower_ not in STOP_WORDS]
            joined |= {stem(words[-1].lower_ + t.lemma_.lower()) for t in content}
            verbs |= {
                t.i
                for t in content
                if t.lower_ != t.lemma_.lower() and t.lemma_.lower().endswith(VERB_ENDINGS)
            }
        clause = []
    return joined, verbs


class Overlap:
    """Content features of a manual's units and their rarity across the manual."""

    def __init__(self, units: list[Unit], particles: frozenset[str] = frozenset()) -> None:
        self.particles = particles
        body = [u for u in units if u.kind != "section"]
        words = {
            f for u in body for f in span_features(u.sentences, particles) if not f.startswith("#")
        }
        self.heads = sorted((w for w in words if len(w) >= _MIN_HEAD), key=len, reverse=True)
        for unit in body:
            unit.features = self.features(unit.sentences) | {f"term:{t}" for t in unit.terms}
            unit.actions = {
                action
                for sentence in unit.sentences
                for action in _separable_verbs(list(sentence), particles)[0]
            }
        counts = Counter(f for unit in body for f in unit.features)
        size = max(len(body), 1)
        self.idf = {f: math.log((1 + size) / count) for f, count in counts.items()}

    def features(self, sentences: Iterable[Iterable[Token]]) -> set[str]:
        """The content features of some sentences: stems, compound heads, numbers."""
        own = span_features(sentences, self.particles)
        heads = {_compound_head(word, self.heads) for word in own}
        return own | {head for head in heads if head}

    @staticmethod
    def of(unit: Unit) -> set[str]:
        """The content features of a unit (none for a section)."""
        return unit.features

    def weight(self, features: Iterable[str]) -> float:
        """How much some features say: the sum of their rarity.  Summed exactly, so that
        the order of a set (which differs between runs) never tips a threshold."""
        return math.fsum(self.idf.get(f, 0.0) for f in features)

    def shared(self, a: Unit, b: Unit) -> float:
        """The weight of what two units both say."""
        return self.weight(self.of(a) & self.of(b))


def _compound_head(word: str, heads: list[str]) -> str | None:
    """The longest other word of the manual that ends `word` as its last compound part."""
    for head in heads:
        if len(head) < len(word) - 2 and word.endswith(head):
            return head
    return None


def quantities(unit: Unit) -> dict[str, set[str]]:
    """The numbers a unit gives, by the stem of the noun they count ("2 Karten")."""
    counted: dict[str, set[str]] = {}
    for sentence in unit.sentences:
        for noun, number, _ in counts(list(sentence)):
            counted.setdefault(noun, set()).add(number)
    return counted


def counts(tokens: list[Token]) -> list[tuple[str, str, int]]:
    """Each number of some tokens that counts a noun: the noun's stem, the number, and
    the number's index ("2 Karten", "zwei Karten", "nur eine Karte"); any number is
    "*" ("beliebig viele Karten"); how often is counted for "mal"
    ("dreimal", "nur einmal", "mehrmals", "ein viertes Mal")."""
    found = []
    for index, token in enumerate(tokens):
        before = tokens[index - 1].lower_ if index else ""
        times = _times(token, before)
        if times is not None:
            found.append((TIMES, times, index))
            continue
        number = token.text if token.is_digit else NUMBER_WORDS.get(token.lower_)
        if number is None and token.lower_ in INDEFINITE_ARTICLES and before in _LIMITS:
            number = "1"  # "nur eine Schnecke": after a limit the article counts
        if number is None and token.lower_ == "viele" and before in _UNBOUNDED:
            number = _ANY
        following = tokens[index + 1 : index + 3]
        noun = next((t for t in following if t.is_alpha and t.text[:1].isupper()), None)
        if number is not None and noun is not None:
            found.append((stem(noun.lemma_.lower()), number, index))
    return found


def _times(token: Token, before: str) -> str | None:
    """How often a word says, after the word `before`: "dreimal" 3, "mehrmals" and
    "beliebig oft" any, "viertes Mal" 4; "noch einmal" a second time."""
    word = token.lower_
    match = _TIMES_WORD.match(word)
    if match:
        if before == "noch" and match.group(1) == "ein":
            return "2"
        count = match.group(1)
        return "1" if count == "ein" else NUMBER_WORDS.get(count, count)
    if word == "mehrmals" or (word == "oft" and before in _UNBOUNDED):
        return _ANY
    ordinal = _ORDINAL.match(before)
    if token.text == "Mal" and ordinal:
        return _ORDINALS[ordinal.group(1)]
    return None
