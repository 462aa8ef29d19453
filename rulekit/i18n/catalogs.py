"""Translation catalogs (Babel): a POT per game from its rule graph, a PO per language.

The message context (msgctxt) is the rule id, so two rules with the same German
text stay two entries, and a translation is only ever reused for its own rule.
"""

from __future__ import annotations

import datetime
import io
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations

from rulekit import __version__
from rulekit.i18n.pofile import catalog_bytes, read_catalog
from rulekit.model import Localization, QuickReference, RuleGraph, SourceInfo, Term
from rulekit.quickref import SPEC_FILE, Text, card_texts, info_texts
from rulekit.sources import page_label

PROJECT = "rulekit"
SOURCE_LANGUAGE = "de"
TARGET_LANGUAGES = ("en", "fr", "pl")
TEMPLATES_DOMAIN = "templates"
SUMMARY_SUFFIX = "#summary"
# Opens the extracted comment of a card line whose rules changed since it was written.
SUSPECT = "SUSPECT"
# Template strings are English; these languages translate them.
TEMPLATES_SOURCE_LANGUAGE = "en"
TEMPLATE_LANGUAGES = ("de", "fr", "pl")
# The details of the engines' refusals ("Ägypten has 1 unit") are written in English
# in rulekit/engines/ and translated into these languages.
DETAILS_DOMAIN = "engines"
DETAILS_LANGUAGE = "en"
DETAILS_LANGUAGES = ("de", "fr", "pl")
ENGINES_DIR = Path(__file__).resolve().parent.parent / "engines"
# How the engines write a detail (rulekit.engines.detail, ndetail), for Babel's extractor.
DETAILS_KEYWORDS = {"detail": None, "ndetail": (1, 2)}
# The definitions of the termbase's terms (glossary/terms.yaml), one message per term.
GLOSSARY_DOMAIN = "glossary"
# How alike the texts of a vanished and a new rule id in one section must be for
# the new one to be the old rule edited.
EDITED_RULE_SIMILARITY = 0.75
HEADER_COMMENT = (
    "# Translations of the rules of {title}.\n"
    "# msgctxt is the rule id; extracted comments give the page and the glossary terms."
)
TEMPLATES_HEADER_COMMENT = (
    "# Translations of the strings of rulekit's card and site templates.\n"
    "# Every message is a Python format string: write %% for a percent sign."
)
GLOSSARY_HEADER_COMMENT = (
    "# Translations of the definitions of the glossary's terms (glossary/terms.yaml).\n"
    "# msgctxt is the term's id; name the term as its approved translation does."
)
DETAILS_HEADER_COMMENT = (
    "# Translations of the details of the engines' refusals (what in an action breaks a rule).\n"
    "# Every message is a Python format string: keep each %(name)s; write %% for a percent sign."
)


def build_date() -> datetime.datetime:
    """The date stamped into generated files: `SOURCE_DATE_EPOCH`, else the epoch.

    Builds must be byte-identical, so the wall clock never leaks into output.
    """
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))
    return datetime.datetime.fromtimestamp(epoch, tz=datetime.UTC)


def template_catalog(
    graph: RuleGraph, info: SourceInfo, quickref: QuickReference | None = None
) -> Catalog:
    """The POT of one game: one message per node, msgctxt = node id.

    Then the game's title and edition line and the texts of its quick reference
    (`rulekit.quickref`), each keyed as that module says; a card line whose rules
    changed since it was written carries a SUSPECT comment.
    """
    catalog = _template(graph.game, HEADER_COMMENT.format(title=info.title), info.title)
    catalog.copyright_holder = info.publisher
    terms = {term.id: term for term in graph.terms}
    for node in graph.nodes:
        # Where extraction could not tell the page, point to the whole excerpt.
        pages = page_label([node.source.page] if node.source.page else info.pages)
        comments = [f"{node.kind}, page {pages}" if pages else node.kind]
        if node.editorial:
            comments = [f"{node.kind}, editorial: written by the editors, not in the manual"]
        for term_id in node.terms:
            term = terms[term_id]
            approved = "; ".join(
                f"{lang}: {', '.join(t.term for t in options if t.status == 'preferred')}"
                for lang, options in sorted(term.translations.items())
            )
            comments.append(f"term {term.de}" + (f" = {approved}" if approved else ""))
        _add_text(
            catalog,
            node.text,
            locations=[(f"{info.game}/{node.source.file}", node.source.lines[0])],
            auto_comments=comments,
            context=node.id,
        )
        if node.summary:
            _add_text(
                catalog,
                node.summary,
                auto_comments=[f"card summary of {node.id}, written by an editor"],
                context=summary_key(node.id),
            )
    for text in info_texts(info):
        _add_text(catalog, text.text, auto_comments=["printed on every card"], context=text.key)
    for text in card_texts(graph.game, quickref, graph):
        comments = [f"quick reference, summarises {', '.join(text.rules)}"] if text.rules else []
        comments += [
            f"{SUSPECT}: {rule} changed since this line was written" for rule, _ in text.suspect
        ]
        _add_text(
            catalog,
            text.text,
            locations=[(f"{info.game}/{SPEC_FILE}", text.line)] if text.line else [],
            auto_comments=comments or ["quick reference"],
            context=text.key,
        )
    return catalog


def glossary_catalog(terms: Sequence[Term]) -> Catalog:
    """The POT of the glossary's definitions: one message per defined term, msgctxt = term id.

    Its comments name the term and its approved translations, which a
    translation of the definition should use.
    """
    catalog = _template(GLOSSARY_DOMAIN, GLOSSARY_HEADER_COMMENT, "glossary")
    for term in terms:
        if not term.definition:
            continue
        approved = "; ".join(
            f"{lang}: {', '.join(t.term for t in options if t.status == 'preferred')}"
            for lang, options in sorted(term.translations.items())
        )
        comments = [f"definition of {term.de}" + (f" = {approved}" if approved else "")]
        _add_text(catalog, term.definition, auto_comments=comments, context=term.id)
    return catalog


def _add_text(catalog: Catalog, text: str, **fields: Any) -> None:
    """Add a rule text: never a format string, whatever "%" it contains ("50 % der")."""
    message = catalog.add(text, **fields)
    message.flags.discard("python-format")


def _template(domain: str, header_comment: str, title: str) -> Catalog:
    """An empty POT with rulekit's header, dated for reproducible builds."""
    return Catalog(
        domain=domain,
        header_comment=header_comment,
        project=f"{PROJECT} {title}",
        version=__version__,
        creation_date=build_date(),
        revision_date=build_date(),
        fuzzy=False,
    )


def summary_key(node_id: str) -> str:
    """The catalog context (and text key) of a rule's card summary."""
    return f"{node_id}{SUMMARY_SUFFIX}"


def templates_catalog(templates_dir: Path) -> Catalog:
    """The POT of the templates' own strings (`{{ _("...") }}`), extracted by Babel.

    Template strings are written in English, so English needs no catalog.
    """
    catalog = _template(TEMPLATES_DOMAIN, TEMPLATES_HEADER_COMMENT, "templates")
    extracted = extract_from_dir(
        str(templates_dir),
        method_map=[("**.html", "jinja2")],
        options_map={"**.html": {"extensions": "jinja2.ext.i18n"}},
    )
    # Jinja's newstyle gettext %-formats every message, so each one is checked
    # as a Python format string (msgfmt --check, `rulekit check`), "%" or not.
    return _add_format_strings(catalog, extracted, "templates")


def details_catalog(engines_dir: Path = ENGINES_DIR) -> Catalog:
    """The POT of the engines' refusal details (`detail(...)`, `ndetail(...)`), by Babel."""
    catalog = _template(DETAILS_DOMAIN, DETAILS_HEADER_COMMENT, "engines")
    extracted = extract_from_dir(
        str(engines_dir),
        method_map=[("**.py", "python")],
        keywords=DETAILS_KEYWORDS,
        comment_tags=("Translators:",),
    )
    return _add_format_strings(catalog, extracted, "rulekit/engines")


def _add_format_strings(catalog: Catalog, extracted: Iterable[Any], folder: str) -> Catalog:
    """Babel's extracted messages in file and line order, each a Python format string.

    A message found in several places is one entry with all its locations.
    """
    for filename, line, message, comments, context in sorted(extracted, key=lambda x: (x[0], x[1])):
        entry = catalog.get(message if isinstance(message, str) else message[0], context=context)
        if entry is not None:
            entry.locations.append((f"{folder}/{filename}", line))
            continue
        entry = catalog.add(
            message,
            locations=[(f"{folder}/{filename}", line)],
            auto_comments=comments,
            context=context,
        )
        entry.flags.add("python-format")
    return catalog


def gettext_translations(catalog: Catalog | None) -> NullTranslations:
    """Reviewed translations of a catalog, for Jinja's i18n extension; none gives the msgids."""
    if catalog is None:
        return NullTranslations()
    reviewed = Catalog(locale=catalog.locale, domain=catalog.domain, fuzzy=False)
    # The catalog's own plural forms, which its translations were written for, not the
    # plural rules of the installed Babel's locale data (CLDR gave French a third form).
    reviewed.mime_headers = [("Plural-Forms", catalog.plural_forms)]
    for message in catalog:
        if message.id and message.string and not message.fuzzy:
            reviewed.add(message.id, message.string, context=message.context)
    buffer = io.BytesIO()
    write_mo(buffer, reviewed)
    buffer.seek(0)
    return Translations(buffer, domain=catalog.domain)


def empty_catalog(template: Catalog, lang: str) -> Catalog:
    """A new catalog for `lang`, with the template's header and no entries yet."""
    return Catalog(
        locale=lang,
        domain=template.domain,
        header_comment=template.header_comment,
        project=template.project,
        version=template.version,
        creation_date=template.creation_date,
        revision_date=template.revision_date,
        language_team=f"{lang} <LL@li.org>",
        fuzzy=False,
    )


def update_catalog(template: Catalog, current: Catalog) -> Catalog:
    """Merge a new template into a language's catalog without losing any translation.

    - same (msgctxt, msgid): the translation is kept as it is;
    - same msgctxt, changed msgid: kept, marked fuzzy, the old msgid shown as `#|`;
    - a rule that is gone: its entry becomes obsolete (`#~`), and is revived
      when a rule with that id comes back;
    - a new id whose exact German text belonged to a rule id that is gone: the
      rule was renamed, so its translation moves with it;
    - a new id in the section of a rule id that is gone, with nearly the same
      text: the rule was edited where its id comes from, so its translation
      moves with it, marked fuzzy.
    Nothing is guessed from a rule that still exists.
    """
    merged = Catalog(
        locale=current.locale,
        domain=current.domain or template.domain,
        header_comment=current.header_comment,
        project=template.project,
        version=template.version,
        creation_date=template.creation_date,
        revision_date=current.revision_date,
        last_translator=current.last_translator,
        language_team=current.language_team,
        fuzzy=current.fuzzy,
    )
    # The plural forms the translators wrote for, whatever the installed Babel's locale
    # data now says (a third French form would leave their msgstr[2] missing).
    merged.mime_headers = [("Plural-Forms", current.plural_forms)]
    # Rules are keyed by their id (msgctxt); template strings, which have none, by text.
    old: dict[str, Message] = {}
    for message in [*current.obsolete.values(), *current]:
        if message.id:
            old[_key(message)] = message
    template_keys = {_key(message) for message in template if message.id}
    orphans_by_text: dict[str, Message] = {
        str(message.id): message
        for key, message in old.items()
        if key not in template_keys and message.context and message.string
    }
    for message in template:
        if not message.id:
            continue
        previous = old.pop(_key(message), None)
        if message.context and previous is None:
            previous = orphans_by_text.pop(str(message.id), None) or _edited_original(
                message, orphans_by_text
            )
            if previous is not None:
                old.pop(_key(previous), None)
                orphans_by_text.pop(str(previous.id), None)
        entry = merged.add(
            message.id,
            locations=message.locations,
            auto_comments=message.auto_comments,
            context=message.context,
        )
        # The template's flags, not Babel's guess from the text ("50 % der" is no format).
        entry.flags = set(message.flags)
        if previous is not None:
            _carry_translation(previous, entry)
        if entry.string and any(c.startswith(SUSPECT) for c in message.auto_comments):
            entry.flags.add("fuzzy")  # what it translates may no longer be the rule
            if not entry.previous_id:
                # `#|` records the German the translation was made for, as for any fuzzy entry.
                entry.previous_id = [entry.id] if isinstance(entry.id, str) else list(entry.id)
    for _, message in sorted(old.items()):
        if message.string:
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            merged.obsolete[(msgid, message.context) if message.context else msgid] = message
    return merged


def _carry_translation(previous: Message, entry: Message) -> None:
    """Give `entry` the translation of `previous`, fuzzy unless made for the same text.

    The previous msgid (`#|`) stays the text the translation was made for, however
    often the German changed since, so a translator diffs against what they translated.
    """
    entry.string = previous.string
    entry.user_comments = list(previous.user_comments)
    changed = previous.id != entry.id and bool(previous.string)
    if not (previous.fuzzy or changed):
        return
    entry.flags.add("fuzzy")
    if previous.fuzzy and previous.previous_id:
        entry.previous_id = list(previous.previous_id)
    elif changed:
        entry.previous_id = [previous.id] if isinstance(previous.id, str) else list(previous.id)


def _key(message: Message) -> str:
    return message.context or f"\x04{message.id}"


def _edited_original(message: Message, orphans: dict[str, Message]) -> Message | None:
    """The vanished rule of the same section whose text this one most resembles."""
    section = (message.context or "").rsplit(".", 1)[0]
    best: tuple[float, Message] | None = None
    for orphan in orphans.values():
        if (orphan.context or "").rsplit(".", 1)[0] != section:
            continue
        ratio = SequenceMatcher(None, str(orphan.id), str(message.id)).ratio()
        if ratio >= EDITED_RULE_SIMILARITY and (best is None or ratio > best[0]):
            best = (ratio, orphan)
    return best[1] if best else None


def localization(
    graph: RuleGraph, catalog: Catalog | None, lang: str, extra: Sequence[Text] = ()
) -> Localization:
    """The texts of one game in one language; only reviewed translations are used.

    A node whose translation is missing, fuzzy, or made for other German text is
    listed in `missing`: renderers fall back to German and mark it.  Card
    summaries are keyed by `summary_key(node id)`; `extra` texts (title, edition,
    quick reference) by their own keys.
    """
    texts: dict[str, str] = {}
    missing: list[str] = []
    fuzzy: list[str] = []
    sources = [(node.id, node.text) for node in graph.nodes] + [
        (summary_key(node.id), node.summary) for node in graph.nodes if node.summary
    ]
    sources += [(text.key, text.text) for text in extra]
    for key, text in sources:
        message = catalog.get(text, context=key) if catalog is not None else None
        if lang == SOURCE_LANGUAGE:
            texts[key] = text
        elif message is not None and message.string and not message.fuzzy:
            texts[key] = str(message.string)
        else:
            missing.append(key)
            if message is not None and message.string:
                fuzzy.append(key)
    return Localization(game=graph.game, lang=lang, texts=texts, missing=missing, fuzzy=fuzzy)


def definitions(terms: Sequence[Term], catalog: Catalog | None, lang: str) -> Localization:
    """The glossary's definitions in one language, keyed by term id, reviewed ones only.

    As with rules, a definition without a reviewed translation for its current
    German is listed in `missing`, and shown in German.
    """
    texts: dict[str, str] = {}
    missing: list[str] = []
    fuzzy: list[str] = []
    for term in terms:
        if not term.definition:
            continue
        message = catalog.get(term.definition, context=term.id) if catalog is not None else None
        if lang == SOURCE_LANGUAGE:
            texts[term.id] = term.definition
        elif message is not None and message.string and not message.fuzzy:
            texts[term.id] = str(message.string)
        else:
            missing.append(term.id)
            if message is not None and message.string:
                fuzzy.append(term.id)
    return Localization(game=GLOSSARY_DOMAIN, lang=lang, texts=texts, missing=missing, fuzzy=fuzzy)


@dataclass(frozen=True)
class CatalogStats:
    """How far one catalog is translated."""

    translated: int
    fuzzy: int
    untranslated: int

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated


def catalog_stats(catalog: Catalog) -> CatalogStats:
    """Translated, fuzzy and untranslated entries (the header not counted)."""
    messages = [m for m in catalog if m.id]
    fuzzy = sum(1 for m in messages if m.string and m.fuzzy)
    untranslated = sum(1 for m in messages if not m.string)
    return CatalogStats(len(messages) - fuzzy - untranslated, fuzzy, untranslated)


@dataclass(frozen=True)
class CatalogDomain:
    """One kind of catalog translators keep: its domain, source language and targets."""

    domain: str
    source_language: str
    languages: tuple[str, ...]


def catalog_domains(games: Iterable[str]) -> list[CatalogDomain]:
    """Every catalog a translator keeps: each game's rules, then the glossary's
    definitions, the templates' strings and the engines' refusal details."""
    return [
        *(CatalogDomain(game, SOURCE_LANGUAGE, TARGET_LANGUAGES) for game in games),
        CatalogDomain(GLOSSARY_DOMAIN, SOURCE_LANGUAGE, TARGET_LANGUAGES),
        CatalogDomain(TEMPLATES_DOMAIN, TEMPLATES_SOURCE_LANGUAGE, TEMPLATE_LANGUAGES),
        CatalogDomain(DETAILS_DOMAIN, DETAILS_LANGUAGE, DETAILS_LANGUAGES),
    ]


def po_path(translations_dir: Path, lang: str, domain: str) -> Path:
    """Where a language's catalog for one game (or for the templates) lives."""
    return translations_dir / lang / "LC_MESSAGES" / f"{domain}.po"


def updated_catalogs(
    translations_dir: Path,
    games: list[tuple[RuleGraph, SourceInfo, QuickReference | None]],
    templates_dir: Path,
    glossary: Sequence[Term],
) -> list[tuple[Path, bytes]]:
    """Every language's catalog merged with the current German, as (path, PO bytes).

    The glossary's definitions have a catalog of their own per language.

    All catalogs are read and merged before the caller writes the first one, so
    a bad catalog stops the update with nothing written.
    """
    templates = [
        (template_catalog(graph, info, quickref), info.game, TARGET_LANGUAGES)
        for graph, info, quickref in games
    ]
    templates.append((templates_catalog(templates_dir), TEMPLATES_DOMAIN, TEMPLATE_LANGUAGES))
    templates.append((details_catalog(), DETAILS_DOMAIN, DETAILS_LANGUAGES))
    templates.append((glossary_catalog(glossary), GLOSSARY_DOMAIN, TARGET_LANGUAGES))
    staged: list[tuple[Path, bytes]] = []
    for template, domain, languages in templates:
        for lang in languages:
            path = po_path(translations_dir, lang, domain)
            current = read_catalog(path, lang) if path.is_file() else empty_catalog(template, lang)
            staged.append((path, catalog_bytes(update_catalog(template, current))))
    return staged
