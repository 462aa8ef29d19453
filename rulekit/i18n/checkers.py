"""Translation checks: a wrong term, a lost number or broken markup, caught before print.

Each checker takes one catalog message with the rule node it translates and
returns problems.  Terms are compared by lemma, so plurals and cases in the
target language ("defenders", "obrońcy") do not raise false alarms.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from rulekit.errors import InputError
from rulekit.i18n.catalogs import DETAILS_DOMAIN, TEMPLATES_DOMAIN
from rulekit.model import RuleNode, Term

# Spoken forms a token may stand for: its lower-case text and its possible lemmas.
Forms = list[frozenset[str]]
Lemmatize = Callable[[str], Forms]

# Polish lemma tables come one per part of speech; without a tagger, a token may
# be any of them.
_POLISH_TABLES = ("noun", "adj", "verb", "adv", "num", "pron", "adp", "aux", "part")
# Typographic ligatures a translator may or may not type ("manœuvre", "manoeuvre").
_UNFOLD = str.maketrans({"œ": "oe", "æ": "ae", "Œ": "oe", "Æ": "ae"})
# Plural endings the English and French lookup tables do not always list.
_PLURAL_ENDINGS = {"en": ("s",), "fr": ("s", "x")}
# A term matches by its stem where lemma tables miss inflected forms: verbs in
# every language, and every word in Polish, which declines nouns by their endings.
STEM_MIN = 3
STEM_ENDING = 3
STEMMED_LANGUAGES = ("pl",)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_MARKUP = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}|</?[a-zA-Z][^>]*>")
# A printf-style conversion in a Python format string: (name, whole spec).
_FORMAT = re.compile(r"%(?:\((\w*)\))?([-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfFgGcrsa%])")


@dataclass(frozen=True)
class Problem:
    """One problem in a catalog, reported as `path:line: message`."""

    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@cache
def lemmatizer(lang: str) -> Lemmatize:
    """Token forms (text and lemmas, lower case) of a text in `lang`, from spaCy's lookups."""
    # Imported here: spaCy takes most of a second to load, and a build only checks
    # catalogs for dangerous markup, which needs no lemmas.
    import spacy
    from spacy.lookups import load_lookups

    nlp = spacy.blank(lang)
    if lang == "pl":
        lookups = load_lookups("pl", [f"lemma_lookup_{table}" for table in _POLISH_TABLES])
        tables = [lookups.get_table(f"lemma_lookup_{table}") for table in _POLISH_TABLES]

        def polish(text: str) -> Forms:
            return [
                frozenset({t.lower_} | {table[t.lower_] for table in tables if t.lower_ in table})
                for t in nlp(text.translate(_UNFOLD))
                if not t.is_punct
            ]

        return polish
    nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
    nlp.initialize()
    endings = _PLURAL_ENDINGS.get(lang, ())

    def lookup(text: str) -> Forms:
        forms = []
        for token in nlp(text.translate(_UNFOLD)):
            if token.is_punct:
                continue
            # The lookup tables are case-sensitive: a capitalised word is looked up again.
            found = {token.lower_, token.lemma_.lower(), nlp(token.lower_)[0].lemma_.lower()}
            found.update(token.lower_[: -len(e)] for e in endings if token.lower_.endswith(e))
            forms.append(frozenset(found))
        return forms

    return lookup


def contains(text: Forms, term: Forms, stemmed: bool = False) -> bool:
    """The term's tokens occur in order in the text, each in one of its forms.

    With `stemmed`, a one-word term also matches a token that shares its stem
    ("bat", "battu" for "battre"; "manewrów" for "manewr"), for the inflected
    forms lemma tables do not list.
    """
    size = len(term)
    if size == 1 and stemmed:
        stems = {form[: max(STEM_MIN, len(form) - STEM_ENDING)] for form in term[0]}
        return any(f.startswith(stem) for forms in text for f in forms for stem in stems)
    return size > 0 and any(
        all(text[i + k] & term[k] for k in range(size)) for i in range(len(text) - size + 1)
    )


def check_terms(
    message: Message, node: RuleNode, glossary: dict[str, Term], lang: str
) -> list[str]:
    """Every term of the German rule has an approved translation; no deprecated one is used."""
    problems: list[str] = []
    lemmatize = lemmatizer(lang)
    target = lemmatize(str(message.string))
    for term_id in node.terms:
        term = glossary[term_id]
        options = term.translations.get(lang, [])
        approved = [t.term for t in options if t.status != "deprecated"]
        stemmed = term.pos == "verb" or lang in STEMMED_LANGUAGES
        if approved and not any(contains(target, lemmatize(o), stemmed) for o in approved):
            problems.append(
                f"{message.context}: the German uses '{term.de}'; "
                f"the approved {lang} term '{approved[0]}' is missing"
            )
        for option in options:
            if option.status == "deprecated" and contains(target, lemmatize(option.term)):
                problems.append(
                    f"{message.context}: deprecated term '{option.term}' for '{term.de}'; "
                    f"use '{approved[0] if approved else '?'}'"
                )
    return problems


def _forms(value: object) -> tuple[str, ...]:
    """The texts of a msgid or msgstr: one, or each plural form."""
    if isinstance(value, list | tuple):
        return tuple(str(form) for form in value)
    return (str(value),)


def check_numbers(message: Message, in_terms: Counter[str] | None = None) -> list[str]:
    """Every number and dice value of the source is in the translation.

    Each plural form of a translation is compared with the source's singular
    and plural text, and must match one of them.  `in_terms` are the numbers of
    the approved terms the rule uses ("règle des 2 cases" for "Zwei-Felder-Regel"):
    the translation may add those.
    """
    sources = [Counter(_NUMBER.findall(text)) for text in _forms(message.id)]
    allowed = in_terms or Counter()
    for form in _forms(message.string):
        target = Counter(_NUMBER.findall(form))
        if any(not source - target and not target - source - allowed for source in sources):
            continue
        source = sources[-1]
        missing = sorted((source - target).elements())
        extra = sorted((target - source).elements())
        details = []
        if missing:
            details.append(f"missing {', '.join(missing)}")
        if extra:
            details.append(f"added {', '.join(extra)}")
        return [f"{_name(message)}: numbers differ from the German ({'; '.join(details)})"]
    return []


def check_markup(message: Message) -> list[str]:
    """Placeholders and markup of the source survive in the translation, and no more.

    Each plural form must have those of the source's singular or plural text.
    """
    sources = [Counter(_MARKUP.findall(text)) for text in _forms(message.id)]
    if all(Counter(_MARKUP.findall(form)) in sources for form in _forms(message.string)):
        return []
    return [f"{_name(message)}: placeholders or markup differ from the source text"]


def check_format(message: Message, formatted: bool = False) -> list[str]:
    """A format string's translation formats with the variables its source text names.

    `formatted` says the renderer formats every message of the catalog, flagged
    or not: Jinja's newstyle gettext %-formats every template string with the
    named variables of the call, so a lone "%" or a placeholder the source does
    not have would stop the build, even where a tool dropped the flag.
    """
    if not formatted and "python-format" not in message.flags:
        return []
    names = {name for text in _forms(message.id) for name, _ in _FORMAT.findall(text) if name}
    for form in _forms(message.string):
        if any(not name and spec != "%" for name, spec in _FORMAT.findall(form)):
            return [f"{_name(message)}: a placeholder without a name; use %(name)s or %%"]
        try:
            form % dict.fromkeys(names, 0)
        except (ValueError, KeyError, TypeError) as error:
            return [f"{_name(message)}: not a valid format string for its source text ({error})"]
    return []


def dangerous_problems(path: Path, catalog: Catalog) -> list[Problem]:
    """Problems that would put a translator's markup on a page or stop rendering.

    The build refuses a catalog with any of them; `rulekit check` lists them too.
    """
    # Templates and the engines' details format every message, flagged or not.
    formatted = catalog.domain in (TEMPLATES_DOMAIN, DETAILS_DOMAIN)
    return [
        Problem(path, message.lineno or 0, text)
        for message in _reviewed(catalog)
        for text in check_markup(message) + check_format(message, formatted)
    ]


def refuse_dangerous(path: Path, catalog: Catalog) -> None:
    """Raise `InputError` at the first dangerous problem of a catalog about to be rendered."""
    problems = dangerous_problems(path, catalog)
    if problems:
        first = problems[0]
        raise InputError(path, first.line, f"{first.message} (not built; see 'rulekit check')")


def _term_numbers(node: RuleNode | None, glossary: dict[str, Term], lang: str) -> Counter[str]:
    """The numbers of the approved `lang` terms of a rule's terms."""
    numbers: Counter[str] = Counter()
    for term_id in node.terms if node is not None else []:
        for option in glossary[term_id].translations.get(lang, []):
            if option.status != "deprecated":
                numbers |= Counter(_NUMBER.findall(option.term))
    return numbers


def _reviewed(catalog: Catalog) -> list[Message]:
    """The translations renderers use: present (every plural form) and not fuzzy."""
    return [m for m in catalog if m.id and _translated(m) and not m.fuzzy]


def _translated(message: Message) -> bool:
    """Whether a message has its translation, in every plural form."""
    return all(_forms(message.string))


def _name(message: Message) -> str:
    return message.context or repr(_forms(message.id)[0])


def check_catalog(
    path: Path,
    catalog: Catalog,
    nodes: dict[str, RuleNode],
    glossary: dict[str, Term],
    lang: str,
) -> list[Problem]:
    """All problems of one language's catalog for one game, in file order."""
    problems = dangerous_problems(path, catalog)
    for message in _reviewed(catalog):
        node = nodes.get(message.context or "")
        found = check_numbers(message, _term_numbers(node, glossary, lang))
        if node is not None:
            found += check_terms(message, node, glossary, lang)
        problems.extend(Problem(path, message.lineno or 0, text) for text in found)
    problems.sort(key=lambda problem: problem.line)
    stats = [m for m in catalog if m.id]
    untranslated = sum(1 for m in stats if not _translated(m))
    fuzzy = sum(1 for m in stats if _translated(m) and m.fuzzy)
    if untranslated or fuzzy:
        problems.append(Problem(path, 0, f"{untranslated} untranslated and {fuzzy} fuzzy entries"))
    return problems
