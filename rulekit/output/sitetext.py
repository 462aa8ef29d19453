"""What the site's pages show of a game: its sections as a tree, rule text with the
glossary's terms marked, glossary entries, all in the page's language.

Text without a reviewed translation is shown in German and flagged `fallback`;
the templates mark it for readers and keep it out of that language's search index.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count

from rulekit.i18n.catalogs import SOURCE_LANGUAGE
from rulekit.model import Localization, RuleGraph, RuleNode, SourceInfo, Term


@dataclass(frozen=True)
class Part:
    """A run of shown text; a mention of a glossary term when `term` is set."""

    text: str
    term: Term | None = None
    name: str = ""  # the term in the page's language
    tip: str = ""  # the id of the term's tooltip
    definition: Definition | None = None


@dataclass(frozen=True)
class Definition:
    """A term's definition as a page shows it; `fallback` when it is German on another
    language's page."""

    text: str
    fallback: bool


@dataclass(frozen=True)
class Shown:
    """A node as one page shows it; `fallback` when it is German on another language's page."""

    node: RuleNode
    text: str
    parts: list[Part]
    fallback: bool


@dataclass(frozen=True)
class ShownSection:
    """A section as one page shows it: its heading, then its rules and sub-sections in order.

    `level` is the heading's level: 2 for a top section, 3 for one inside it, and so on.
    """

    heading: Shown
    children: list[Shown | ShownSection]
    level: int

    @property
    def subsections(self) -> list[ShownSection]:
        """The sections inside this one, for the contents."""
        return [child for child in self.children if isinstance(child, ShownSection)]


@dataclass(frozen=True)
class Entry:
    """A glossary entry as one language's glossary shows it."""

    term: Term
    name: str
    name_lang: str  # German where the term has no rendering in the page's language
    also: list[str]  # admitted renderings
    definition: Definition | None
    games: list[SourceInfo]


def translated_percent(texts: Localization) -> int:
    """How much of a game reads in its own language, rounded down."""
    total = len(texts.texts) + len(texts.missing)
    return 100 * len(texts.texts) // total if total else 100


def term_name(term: Term, lang: str) -> str:
    """A term as `lang` says it: its preferred translation, else the German term."""
    preferred = [t.term for t in term.translations.get(lang, []) if t.status == "preferred"]
    return preferred[0] if preferred and lang != SOURCE_LANGUAGE else term.de


def term_forms(term: Term, lang: str) -> list[str]:
    """The words that name a term in text of `lang` (deprecated renderings excluded)."""
    if lang == SOURCE_LANGUAGE:
        return [term.de, *term.variants]
    return [t.term for t in term.translations.get(lang, []) if t.status != "deprecated"]


def definition(term: Term, definitions: Localization) -> Definition | None:
    """A term's definition in the language of `definitions`, else German marked as such."""
    if not term.definition:
        return None
    text = definitions.texts.get(term.id)
    return Definition(text, False) if text is not None else Definition(term.definition, True)


def _form_pattern(form: str) -> str:
    """A loose regex for a term form: inflection changes the end of a word
    (Einheit/Einheiten, bitwa/bitwy), so the last letters of longer words may vary."""
    words = []
    for word in form.split():
        cut = 2 if len(word) >= 7 else 1 if len(word) >= 5 else 0
        words.append(re.escape(word[: len(word) - cut]) + r"\w*")
    return r"(?<!\w)" + r"[\s-]+".join(words)


def _common_start(one: str, other: str) -> int:
    """How many leading characters two strings share."""
    shared = 0
    for a, b in zip(one, other, strict=False):
        if a != b:
            break
        shared += 1
    return shared


def mark_terms(
    text: str,
    terms: list[Term],
    text_lang: str,
    page_lang: str,
    tips: Iterator[str],
    definitions: Localization | None = None,
) -> list[Part]:
    """Split `text` into plain runs and the first mention of each term.

    Where two terms claim the same words (befreien, Befreier), the one spelled
    most like them wins.  A mention carries the term's definition in the
    language of `definitions`, when given.
    """
    found = []
    for term in terms:
        for form in term_forms(term, text_lang):
            for match in re.finditer(_form_pattern(form), text, re.IGNORECASE):
                likeness = _common_start(match[0].casefold(), form.casefold())
                found.append(((match.start(), -len(match[0]), -likeness), term, match))
    parts: list[Part] = []
    end = 0
    marked: set[str] = set()
    for _key, term, match in sorted(found, key=lambda item: item[0]):
        if match.start() < end or term.id in marked:
            continue
        parts.append(Part(text[end : match.start()]))
        explained = definition(term, definitions) if definitions is not None else None
        parts.append(Part(match[0], term, term_name(term, page_lang), next(tips), explained))
        marked.add(term.id)
        end = match.end()
    parts.append(Part(text[end:]))
    return [part for part in parts if part.text]


def shown_sections(
    graph: RuleGraph, texts: Localization, definitions: Localization
) -> list[ShownSection]:
    """The game's sections as the page in `texts.lang` shows them, glossary terms marked.

    A sub-section is shown inside its section, once: every id appears on the page once.
    """
    terms = {term.id: term for term in graph.terms}
    missing = set(texts.missing)
    tips = (f"tip-{number}" for number in count(1))
    by_id = {node.id: node for node in graph.nodes}
    members: dict[str, list[RuleNode]] = {}
    inner: set[str] = set()  # sections inside another one
    for edge in graph.edges:
        if edge.type == "part-of":
            members.setdefault(edge.to, []).append(by_id[edge.from_])
            inner.add(edge.from_)

    def shown(node: RuleNode, marks: bool) -> Shown:
        fallback = node.id in missing
        text = node.text if fallback else texts.texts.get(node.id, node.text)
        text_lang = SOURCE_LANGUAGE if fallback else texts.lang
        # Only a term with something to tell gets a tooltip: German pages show the
        # definition, other pages at least the German term.
        useful = [
            terms[term_id]
            for term_id in node.terms
            if texts.lang != SOURCE_LANGUAGE or terms[term_id].definition
        ]
        parts = (
            mark_terms(text, useful, text_lang, texts.lang, tips, definitions)
            if marks
            else [Part(text)]
        )
        return Shown(node, text, parts, fallback)

    def section(node: RuleNode, level: int, seen: frozenset[str]) -> ShownSection:
        children: list[Shown | ShownSection] = []
        for member in members.get(node.id, []):
            if member.kind == "section" and member.id not in seen:
                children.append(section(member, level + 1, seen | {member.id}))
            elif member.kind != "section":
                children.append(shown(member, True))
        # Headings stay plain: they are repeated in the contents, where tooltips would be noise.
        return ShownSection(shown(node, False), children, level)

    return [
        section(node, 2, frozenset({node.id}))
        for node in graph.nodes
        if node.kind == "section" and node.id not in inner
    ]


def glossary_entries(
    terms: list[Term],
    games: dict[str, list[SourceInfo]],
    lang: str,
    definitions: Localization,
) -> list[Entry]:
    """Glossary entries in `lang`, sorted by the name they have there."""
    entries = []
    for term in terms:
        name = term_name(term, lang)
        also = [t.term for t in term.translations.get(lang, []) if t.status == "admitted"]
        entries.append(
            Entry(
                term=term,
                name=name,
                name_lang=SOURCE_LANGUAGE if name == term.de else lang,
                also=also if lang != SOURCE_LANGUAGE else [],
                definition=definition(term, definitions),
                games=games[term.id],
            )
        )
    return sorted(entries, key=lambda entry: (entry.name.casefold(), entry.term.id))
