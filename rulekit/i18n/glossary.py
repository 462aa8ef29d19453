"""The glossary: a termbase kept as YAML in `glossary/`, one concept per entry."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import yaml
from pydantic import ValidationError

from rulekit.errors import InputError
from rulekit.model import RuleGraph, Term
from rulekit.nlp import LINKING, NOUN_ENDINGS
from rulekit.sources import load_yaml

if TYPE_CHECKING:
    from rulekit.extract.lexicon import Lexicon

CONTEXTS_PER_CANDIDATE = 2
# The fewest letters of a part of a compound.
_MIN_PART = 3


class _IndentedDumper(yaml.SafeDumper):
    """Indents list items under their key, as the hand-written glossary does."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def load_glossary(path: Path) -> list[Term]:
    """Read `glossary/terms.yaml`: a list of entries under `terms:`, ids unique."""
    data = load_yaml(path)
    entries = data.get("terms") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise InputError(path, 1, "expected a mapping with a 'terms' list")
    lines = _entry_lines(path)
    terms: list[Term] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        line = lines[index] if index < len(lines) else 0
        try:
            term = Term.model_validate(entry)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"])
            raise InputError(path, line, f"term {index + 1}: {where}: {first['msg']}") from None
        if term.id in seen:
            raise InputError(path, line, f"duplicate term id {term.id!r}")
        seen.add(term.id)
        terms.append(term)
    return terms


def glossary_words(terms: list[Term]) -> list[str]:
    """Every German word of the glossary's terms and variants, for the lexicon."""
    words = {word for term in terms for form in [term.de, *term.variants] for word in form.split()}
    return sorted(words)


def write_glossary(terms: list[Term], header: str) -> str:
    """The termbase as YAML, in the layout of `glossary/terms.yaml` (defaults left out)."""
    ordered = [
        {"id": term.id, "de": term.de, **term.model_dump(mode="json", exclude_defaults=True)}
        for term in terms
    ]
    comment = "".join(f"# {line}\n" if line else "#\n" for line in header.splitlines())
    body = yaml.dump(
        {"terms": ordered}, Dumper=_IndentedDumper, allow_unicode=True, sort_keys=False, width=100
    )
    return comment + body


@dataclass(frozen=True)
class Candidate:
    """A word the glossary may be missing, with how often and where it occurs."""

    word: str
    count: int
    contexts: list[str]


def suggest_terms(
    graphs: list[RuleGraph], glossary: list[Term], lexicon: Lexicon
) -> list[Candidate]:
    """Nouns and compounds of the rules that no glossary term covers, most frequent first.

    German capitalises nouns: a capitalised word that does not open its
    sentence is a noun.  Words a term already covers (inflected, in a compound)
    are left out, and so are words that occur once.
    """
    # Imported here: spaCy takes most of a second to load, and a build reads the
    # glossary without it.
    from spacy.lang.de.stop_words import STOP_WORDS

    from rulekit.nlp import TermMatcher, german_pipeline

    nlp = german_pipeline(glossary)
    by_id = {term.id: term for term in glossary}
    counts: dict[str, int] = {}
    contexts: dict[str, list[str]] = {}
    for graph in graphs:
        matcher = TermMatcher(
            [t for t in glossary if not t.games or graph.game in t.games], lexicon
        )
        for node in graph.nodes:
            for sentence in nlp(node.text).sents:
                # Words of the phrase terms this sentence uses ("Heroes of the Resistance").
                covered = {
                    word.lower()
                    for term_id in matcher.terms_in(sentence)
                    for form in [by_id[term_id].de, *by_id[term_id].variants]
                    for word in form.split()
                }
                for token in list(sentence)[1:]:
                    if not (token.is_alpha and token.text[:1].isupper() and len(token.text) >= 4):
                        continue
                    if token.lower_ in STOP_WORDS or token.lower_ in covered:
                        continue
                    if matcher.terms_in(token.doc[token.i : token.i + 1]):
                        continue
                    lemma = noun_lemma(token.text, token.lemma_, lexicon)
                    counts[lemma] = counts.get(lemma, 0) + 1
                    found = contexts.setdefault(lemma, [])
                    if len(found) < CONTEXTS_PER_CANDIDATE and sentence.text not in found:
                        found.append(sentence.text)
    return [
        Candidate(word, count, contexts[word])
        for word, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        if count >= 2
    ]


def noun_lemma(text: str, lemma: str, lexicon: Lexicon) -> str:
    """The base form of a noun, given its lookup lemma: the lemma when the table knows
    the form as a noun, else hunspell's noun stem that the word inflects ("Schnecken"
    -> "Schnecke"; "Blätter" stays, which the table reads as the verb "blättern"),
    else, for a compound neither knows ("Zielfeldern"), its first part with the base
    form of its last ("Zielfeld").  A word set in capitals is read as a noun is written
    ("SCHNECKENRENNEN" -> "Schneckenrennen")."""
    if text.isupper() and len(text) > 1:
        text = lemma = text.capitalize()
    if lemma[:1].isupper() and lemma != text:
        return lemma
    stem = _inflected_stem(text, lexicon)
    if stem:
        return stem
    # The longest known last part leaves the shortest first part.
    for cut in range(_MIN_PART, len(text) - _MIN_PART):
        head, last = text[:cut], text[cut:].capitalize()
        stem = _inflected_stem(last, lexicon)
        if stem and _linked(head, lexicon):
            return head + (stem if text[cut:][:1].isupper() else stem.lower())
    return text


def _inflected_stem(word: str, lexicon: Lexicon) -> str | None:
    """The noun stem hunspell gives for `word` that `word` is an inflection of (an
    ending added, "Karten" of "Karte"), not a stem of another word class
    ("Anwerbungen" -> "Anwerben")."""
    return next(
        (
            stem
            for stem in lexicon.noun_stems(word)
            if word[len(stem) :] in NOUN_ENDINGS and word.startswith(stem)
        ),
        None,
    )


def _linked(part: str, lexicon: Lexicon) -> bool:
    """A compound's first part, with its linking element if any ("Ziel-", "Spiel-s-")."""
    return any(
        part.endswith(link)
        and len(part) - len(link) >= _MIN_PART
        and lexicon.known(part[: len(part) - len(link)])
        for link in LINKING
    )


def _entry_lines(path: Path) -> list[int]:
    """Line numbers of the list items under `terms:`, for error messages."""
    numbers = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("  - ") or line.startswith("- "):
            numbers.append(number)
    return numbers
