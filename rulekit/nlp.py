"""German NLP for rule text: spaCy's blank German pipeline with the lookup lemmatizer.

No model is downloaded: `spacy.blank("de")` tokenises (its exceptions keep
"z.B.", "d.h.", "bzw." whole), the sentencizer splits, a small component fixes
the boundaries after numbers, and the lookup lemmatizer from
`spacy-lookups-data` gives lemmas.  Game vocabulary the lookup table lacks is
added from the glossary, and term matching understands compounds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import cast

import spacy
from spacy.lang.de.stop_words import STOP_WORDS
from spacy.lang.de.tokenizer_exceptions import TOKENIZER_EXCEPTIONS as ABBREVIATIONS
from spacy.language import Language
from spacy.lookups import Lookups
from spacy.tokenizer import Tokenizer
from spacy.tokens import Doc, Span
from spacy.util import load_language_data, registry

from rulekit.extract.lexicon import Lexicon
from rulekit.extract.textshapes import CLOSING_QUOTES
from rulekit.extract.wordclasses import CONJUNCTIONS, SUBJECT_PRONOUNS
from rulekit.model import Term

# Inflection endings of German nouns; a term followed by one is the same term.
NOUN_ENDINGS = ("", "s", "es", "n", "en", "e", "er", "ern", "nen")
# Linking elements between the parts of a compound ("Anwerbung-s-plättchen").
LINKING = ("", "s", "es", "n", "en", "e", "er")
_NUMBER_DOT = re.compile(r"^\d+(?:\.\d+)*\.$")
# A letter and its full stop, which the tokenizer keeps whole as an initial ("A.").
_LETTER_DOT = re.compile(r"^[^\W\d_]\.$")
# Signs that follow a name and never open a sentence.
_TRADE_MARKS = frozenset({"®", "™"})
# An aside in brackets is looked back over for at most this many tokens.
ASIDE_TOKENS = 60
# Dashes after which a quoted title goes on with what it names.
_DASHES = ("–", "—")
# The articles a subject opens with after its verb ("Steht eine Ameise …").
_ARTICLES = frozenset(
    {"der", "die", "das", "ein", "eine", "einer", "kein", "keine", "jeder", "jede"}
)
# A preposition fused with its article ("am", "zum") wants a noun: a number after it is
# an ordinal ("am 3. Tag", "zum 2. Mal"), whatever word follows.
_FUSED_ARTICLES = frozenset({"am", "im", "zum", "zur", "beim", "vom", "ans", "ins"})
# Gender-inclusive forms: "Spieler_innen", "Spieler*in", "Spieler:innen", "Jede_r",
# "eine*n", "SpielerInnen", "der_die".  Group 1 is the masculine stem, group 2 what a
# separator joins to it, group 3 a capital "In" ("Binnen-I").
_GENDERED = re.compile(r"^([^\W\d_]+)(?:[_*:/·]([^\W\d_]+)|(?<=[a-zäöüß])(In(?:nen)?))$")
# What a separator joins to a noun to name the women ("Spieler_in", "Spieler*innen").
_FEMININE = frozenset({"in", "innen"})
# What it joins to an article or pronoun: its masculine ending ("Jede_r", "eine*n").
_MASCULINE_ENDINGS = frozenset({"r", "n", "m", "s", "er", "en", "em"})


@Language.factory("rule_sentence_boundaries")
def rule_sentence_boundaries(nlp: Language, name: str) -> Callable[[Doc], Doc]:
    """Sentence boundaries after numbers and letters (`sentence_boundaries`), with the
    lemmatizer's table, which tells a verb after a number."""
    table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_lookup")  # type: ignore[attr-defined]

    def set_boundaries(doc: Doc) -> Doc:
        return sentence_boundaries(doc, table)

    return set_boundaries


def sentence_boundaries(doc: Doc, lemmas: Mapping[str, str]) -> Doc:
    """Sentence boundaries after numbers and letters, which the German tokenizer keeps
    with their full stop as "2." and "A.".

    "würfelt 3 und 2. Der Besatzer" and the last of a list of numbers ("… 41 und 51.
    Weiß …") end a sentence; "am 3. Tag" and a section
    number "2.4.1. Start" do not: an ordinal follows a preposition fused with its
    article ("am", "zum"), or a function word before a content word.  A letter naming a
    piece or a field ends one before a function word ("… zu Connys Figur A. Dann spielt
    er …"); an initial goes on with
    a name ("A. Müller"), and the letters of "z. B." or "d. h." abbreviate together; an
    abbreviation with dots inside ends none before its number ("Art.-Nr. 49021",
    "Spielregel-Nr. 3/77"); a
    trade mark sign goes with the name before it ("Ärgern verboten!® ist …"); a sentence
    closed inside its bracket ends at it ("(… eine 8.) In seinem Zug …") and one in
    brackets after a sentence's end opens with its bracket; a quoted call
    goes on before a word in lower case ("… rufst du „Angezweifelt!“ und hebst …").
    """
    for token in doc[:-1]:
        following = doc[token.i + 1]
        if token.text in (".", "!", "?") and following.text == "(" and following.i + 1 < len(doc):
            # An aside in brackets after a sentence's end opens a sentence of its own, its
            # bracket and all ("… Wabe hat. (Beispiel: Grün hat …)").
            following.is_sent_start = True
            doc[following.i + 1].is_sent_start = False
            continue
        if following.text in _TRADE_MARKS:
            # The mark goes with the name before it, an exclamation mark and all
            # ("Ärgern verboten!® ist eine Marke …").
            following.is_sent_start = False
            continue
        if (
            token.text == ")"
            and token.i > 0
            and (
                doc[token.i - 1].text[-1:] in (".", "!", "?") or _aside_after_sentence(doc, token.i)
            )
            and following.text[:1].isupper()
            and not _item_marker(doc, token.i)
        ):
            # A sentence closed inside its bracket ends there ("(Beispiel: … eine 8.) In
            # seinem Zug darf …"), and so does an aside after a sentence's end ("… keine
            # Rolle. (Beispiel: Rot 7, Blau 7) Zwilling, Vierling …").
            following.is_sent_start = True
            continue
        if (
            token.text in CLOSING_QUOTES
            and token.i > 0
            and doc[token.i - 1].text in ("!", "?")
            and (following.text[:1].islower() or following.text in (",", ";", *_DASHES))
        ):
            # A quoted call goes on in its sentence ("… rufst du „Angezweifelt!“ und
            # hebst den Becher …", "Elif ruft „Licht aus!“, noch bevor …"), and a card's
            # quoted title with what it does ("„Ein Sack ist geplatzt!“ – Der Spieler …").
            following.is_sent_start = False
            if following.text in (",", ";", *_DASHES) and following.i + 1 < len(doc):
                doc[following.i + 1].is_sent_start = False
            continue
        if token.text == "." and token.i > 0 and following.like_num:
            # The full stop of an abbreviation with dots inside ("Art.-Nr. 49021") or of
            # one closing a compound ("Spielregel-Nr. 3/77"), which the tokenizer cuts
            # off, ends no sentence before its number.
            abbreviated = doc[token.i - 1].text
            last_part = abbreviated.rsplit("-", 1)[-1]
            if (
                "." in abbreviated or ("-" in abbreviated and f"{last_part}." in ABBREVIATIONS)
            ) and abbreviated.replace(".", "").replace("-", "").isalpha():
                following.is_sent_start = False
                continue
        if _LETTER_DOT.match(token.text):
            if (
                token.i > 0
                and following.text[:1].isupper()
                and following.lower_ in STOP_WORDS
                and not doc[token.i - 1].text.endswith(".")
            ):
                following.is_sent_start = True
            continue
        if not _NUMBER_DOT.match(token.text):
            continue
        if token.i == 0 or not following.text[:1].isupper():
            following.is_sent_start = False
            continue
        previous = doc[token.i - 1]
        if "." in token.text[:-1]:
            # A section number ("2.4.1.") ends a sentence only before a function word.
            following.is_sent_start = following.lower_ in STOP_WORDS
            continue
        # The last of a list of numbers is none ("auf den Feldern 1, 11 und 51. Weiß
        # …"): after "und" or "oder" that follows a plain number, the full stop ends.
        listed = (
            previous.lower_ in ("und", "oder")
            and token.i > 1
            and doc[token.i - 2].like_num
            and not doc[token.i - 2].text.endswith(".")
        )
        # A conjunction opens a clause after the number ("… mit einer 6. Solange …").
        ordinal = not listed and (
            previous.lower_ in _FUSED_ARTICLES
            or (
                previous.lower_ in STOP_WORDS
                and following.lower_ not in STOP_WORDS
                and following.lower_ not in CONJUNCTIONS
            )
        )
        # A verb before its subject opens a sentence ("… eine 6. Würfelst du …", "… 3
        # oder 4. Steht eine Ameise …"); an ordinal's noun has none after it ("die 6.
        # Runde beginnt").
        subject = doc[following.i + 1].lower_ if following.i + 1 < len(doc) else ""
        verb_first = subject in SUBJECT_PRONOUNS or (
            subject in _ARTICLES and _inflected_verb(following.text, lemmas)
        )
        following.is_sent_start = not ordinal or verb_first
    return doc


def _inflected_verb(word: str, lemmas: Mapping[str, str]) -> bool:
    """An inflected form of a verb, capitalised as it opens a sentence: "Steht" of
    "stehen", "Hat" of "haben"; not a noun whose lower-case form is a verb's too
    ("Runde", whose lemma the table gives as a noun's)."""
    lemma = lemmas.get(word) or lemmas.get(word.lower(), "")
    return lemma[:1].islower() and lemma != word.lower() and lemma.endswith(("en", "ern", "eln"))


def _item_marker(doc: Doc, closing: int) -> bool:
    """The bracket that closes at `closing` encloses the marker that opens an item ("(2)
    Jeder Spieler wählt …"): its sentence goes on after it."""
    return closing == 2 and doc[0].text == "(" and len(doc[1].text) <= 2 and doc[1].text.isalnum()


def _aside_after_sentence(doc: Doc, closing: int) -> bool:
    """The bracket that closes at `closing` opened right after a sentence's end."""
    depth = 0
    for i in range(closing, max(-1, closing - ASIDE_TOKENS), -1):
        depth += {")": 1, "(": -1}.get(doc[i].text, 0)
        if depth == 0:
            return i == 0 or doc[i - 1].text[-1:] in (".", "!", "?")
    return False


@Language.factory("gendered_forms")
def gendered_forms(nlp: Language, name: str) -> Callable[[Doc], Doc]:
    """Gender-inclusive forms read as their masculine form, the one the lemma table and
    the cue lists know: "Spieler_innen" takes the lemma of "Spieler", "Jede_r" and
    "der_die" the lemma and norm of "Jeder" and "der".  Without this an actor, a term or
    a general rule ("Jede_r Spieler_in bekommt ...") goes unrecognised in a manual
    written that way; so they count as words of letters.  Added after the lemmatizer,
    whose table it reads."""
    table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_lookup")  # type: ignore[attr-defined]

    def read_masculine(doc: Doc) -> Doc:
        for token in doc:
            masculine = masculine_form(token.text)
            if masculine is not None:
                token.lemma_ = table.get(masculine, masculine)
                token.norm_ = masculine.lower()
                # A word of letters, as its masculine form is ("Spieler_in" is a content
                # word, "Jede_r" opens a clause).
                token.lex.is_alpha = True
        return doc

    return read_masculine


def masculine_form(word: str) -> str | None:
    """The masculine form of a gender-inclusive word, or None for any other word:
    "Spieler_innen", "Spieler*in", "SpielerInnen" -> "Spieler"; "Jede_r" -> "Jeder";
    "der_die" -> "der".  A slash between two words ("und/oder") is no such form."""
    match = _GENDERED.match(word)
    if match is None:
        return None
    stem, joined, capital = match.groups()
    if capital is not None:
        return stem
    if joined.lower() in _FEMININE and stem[:1].isupper():
        return stem
    if joined in _MASCULINE_ENDINGS:
        return stem + joined
    if stem.lower() in STOP_WORDS and joined.lower() in STOP_WORDS and "/" not in word:
        return stem  # "der_die", "ihr_sein": the first of two pronouns or articles
    return None


def _gendered_word(text: str) -> re.Match[str] | None:
    """The tokenizer's match for a gender-inclusive word, which stays one token."""
    return _GENDERED.match(text) if masculine_form(text) else None


@cache
@Language.factory("opening_lemmas")
def opening_lemmas(nlp: Language, name: str) -> Callable[[Doc], Doc]:
    """A word capitalised only because it opens its sentence takes the lemma of its
    lower-case form when the table knows only that: "Würfelt er eine Sechs, ..." and
    "Wird eine Sieben gewürfelt, ..." open with the verbs "würfeln" and "werden" (the
    case they name), as "würfelt" and "wird" inside a sentence are.  Nouns keep theirs:
    the table knows "Karten" as written.  Added after the lemmatizer, whose table it
    reads."""
    table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_lookup")  # type: ignore[attr-defined]

    def read_openings(doc: Doc) -> Doc:
        for sentence in doc.sents:
            words = [t for t in sentence if t.is_alpha]
            # An item's letter ("a) Fällt der Würfel …") is no word of its sentence.
            if len(words) > 1 and len(words[0]) == 1 and words[0].nbor(1).text in (")", "."):
                words = words[1:]
            # A clause after a run-in label opens capitalised too ("1. Ziehen: Nimm …").
            after_colon = [t.nbor(1) for t in sentence[:-1] if t.text == ":"]
            for first in [*words[:1], *after_colon]:
                if not first.text[:1].isupper() or first.text in table:
                    continue
                lemma = table.get(first.lower_)
                if lemma is not None:
                    first.lemma_ = lemma
        return doc

    return read_openings


# Forms of "müssen" and "sollen" that spacy-lookups-data's table does not hold, in the
# spelling since 1996 and before it ("du musst", "ihr müsst", "er muß"): without them
# "In deinem Zug musst du … bewegen" would oblige no one.
MODAL_FORMS = {
    "muss": "müssen",
    "musst": "müssen",
    "müsst": "müssen",
    "muß": "müssen",
    "soll": "sollen",
}


def _pipeline() -> Language:
    nlp = spacy.blank("de")
    # Gender-inclusive forms stay one token: split at "*" or ":", "Spieler:innen" would
    # read as a label "Spieler:" followed by "innen".
    tokenizer = cast(Tokenizer, nlp.tokenizer)
    tokenizer.token_match = _gendered_word
    nlp.add_pipe("sentencizer")
    lemmatizer = nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
    # The lemmatizer is the one component with data to initialise.  spaCy would
    # put the table's 355,000 forms one by one into a hashing `Table` (most of a
    # second); a plain dict answers `get` and `in` the same, by the same strings.
    lookups = Lookups()
    lookups.set_table("lemma_lookup", _lemma_table())  # type: ignore[arg-type]
    lemmatizer.initialize(lookups=lookups)  # type: ignore[attr-defined]
    nlp.add_pipe("rule_sentence_boundaries")
    nlp.add_pipe("gendered_forms")
    nlp.add_pipe("opening_lemmas")
    return nlp


def _lemma_table() -> dict[str, str]:
    """spacy-lookups-data's German lemma table, from the file spaCy itself reads, with
    the forms of the modal verbs it lacks (`MODAL_FORMS`)."""
    table = load_language_data(registry.lookups.get("de")["lemma_lookup"])
    assert isinstance(table, dict), "a lemma table maps forms to lemmas"
    for form, lemma in MODAL_FORMS.items():
        table.setdefault(form, lemma)
    return table


def german_pipeline(terms: Iterable[Term] = ()) -> Language:
    """The German pipeline, with lemma exceptions for the glossary's nouns.

    An inflected form of a term ("Befreiers", "Anwerbungen") that the lookup
    table does not know is mapped to the term; forms the table knows are left
    alone, so real words are never re-lemmatised.
    """
    nlp = _pipeline()
    table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_lookup")  # type: ignore[attr-defined]
    for term in terms:
        for form in [term.de, *term.variants]:
            if " " in form or not form[:1].isupper():
                continue
            for ending in NOUN_ENDINGS:
                inflected = form + ending
                if inflected not in table:
                    table[inflected] = form
    return nlp


@dataclass
class TermMatcher:
    """Finds the glossary terms a text uses: by lemma, inside compounds, and as phrases."""

    terms: list[Term]
    lexicon: Lexicon
    _words: dict[str, str] = field(default_factory=dict)
    _nouns: dict[str, bool] = field(default_factory=dict)
    _phrases: list[tuple[tuple[str, ...], str]] = field(default_factory=list)
    _cache: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for term in self.terms:
            for form in [term.de, *term.variants]:
                words = tuple(form.lower().split())
                if len(words) == 1:
                    self._words.setdefault(words[0], term.id)
                    self._nouns.setdefault(words[0], form[:1].isupper())
                else:
                    self._phrases.append((words, term.id))
        # Longest first, so "befreiungsaktion" wins over a shorter term inside it.
        self._stems = sorted(self._words, key=len, reverse=True)

    def terms_in(self, span: Doc | Span) -> list[str]:
        """Term ids used in `span`, in glossary order, each once."""
        found: set[str] = set()
        # Phrases match across hyphens too: "Heroes of the Resistance-Karte".
        parts = [(part, token.i) for token in span for part in token.lower_.split("-") if part]
        lowers = [part for part, _ in parts]
        covered: set[int] = set()  # tokens inside a phrase term carry only the phrase
        for words, term_id in self._phrases:
            for start in _occurrences(lowers, words):
                found.add(term_id)
                covered.update(index for _, index in parts[start : start + len(words)])
        for token in span:
            if token.i not in covered and (token.is_alpha or "-" in token.text):
                found.update(self._word_terms(token.text, token.lemma_))
        return [term.id for term in self.terms if term.id in found]

    def _word_terms(self, text: str, lemma: str) -> tuple[str, ...]:
        key = f"{text}\t{lemma}"
        if key not in self._cache:
            found: list[str] = []
            for part in text.split("-"):
                found.extend(self._part_terms(part))
            lemma_term = self._words.get(lemma.lower())
            if lemma_term:
                found.append(lemma_term)
            self._cache[key] = tuple(dict.fromkeys(found))
        return self._cache[key]

    def _part_terms(self, part: str) -> Iterator[str]:
        """Terms a single word carries: itself inflected, or as a part of a compound.

        German capitalises every noun, so a noun term is only found in a
        capitalised word ("Oberst" is not in "oberste").
        """
        word = part.lower()
        for stem in self._stems:
            if self._nouns[stem] and not part[:1].isupper():
                continue
            position = word.find(stem)
            if position < 0:
                continue
            head, tail = word[:position], word[position + len(stem) :]
            if (not head or self._compound_part(head)) and (
                tail in NOUN_ENDINGS or self._compound_tail(tail)
            ):
                yield self._words[stem]
                return

    def _compound_part(self, part: str) -> bool:
        """`part` is a word (or compound) that can precede another in a compound."""
        return any(
            part.endswith(link)
            and len(part) - len(link) >= 3
            and self.lexicon.known(part[: len(part) - len(link)])
            for link in LINKING
        )

    def _compound_tail(self, tail: str) -> bool:
        """`tail` is a linking element plus a word: the rest of a compound."""
        return any(
            tail.startswith(link)
            and len(tail) - len(link) >= 3
            and self.lexicon.known(tail[len(link) :])
            for link in LINKING
        )


def _occurrences(tokens: list[str], words: tuple[str, ...]) -> list[int]:
    size = len(words)
    return [i for i in range(len(tokens) - size + 1) if tuple(tokens[i : i + size]) == words]


def lemmas(span: Doc | Span) -> list[str]:
    """Lower-case lemmas of the content words of `span` (no stop words, no punctuation)."""
    return [t.lemma_.lower() for t in span if t.is_alpha and t.lower_ not in STOP_WORDS]


def sentence_texts(doc: Doc) -> list[str]:
    """The sentences of a parsed text."""
    return [sentence.text.strip() for sentence in doc.sents if sentence.text.strip()]
