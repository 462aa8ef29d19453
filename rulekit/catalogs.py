"""Translation catalogs (Babel): a POT per game from its rule graph, a PO per language.

The message context (msgctxt) is the rule id, so two rules with the same German
text stay two entries, and a translation is only ever reused for its own rule.
"""

from __future__ import annotations

import datetime
import io
import os
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, read_po, write_po

from rulekit import __version__
from rulekit.errors import InputError
from rulekit.model import Localization, RuleGraph, SourceInfo

PROJECT = "rulekit"
SOURCE_LANGUAGE = "de"
TARGET_LANGUAGES = ("en", "fr", "pl")
HEADER_COMMENT = (
    "# Translations of the rules of {title}.\n"
    "# msgctxt is the rule id; extracted comments give the page and the glossary terms.\n"
    "#"
)


def build_date() -> datetime.datetime:
    """The date stamped into generated files: `SOURCE_DATE_EPOCH`, else the epoch.

    Builds must be byte-identical, so the wall clock never leaks into output.
    """
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))
    return datetime.datetime.fromtimestamp(epoch, tz=datetime.UTC)


def template_catalog(graph: RuleGraph, info: SourceInfo) -> Catalog:
    """The POT of one game: one message per node, msgctxt = node id."""
    catalog = Catalog(
        domain=graph.game,
        header_comment=HEADER_COMMENT.format(title=info.title),
        project=f"{PROJECT} {info.title}",
        version=__version__,
        copyright_holder=info.publisher,
        creation_date=build_date(),
        revision_date=build_date(),
        fuzzy=False,
    )
    terms = {term.id: term for term in graph.terms}
    for node in graph.nodes:
        comments = [f"{node.kind}, page {node.source.page}" if node.source.page else node.kind]
        for term_id in node.terms:
            term = terms[term_id]
            approved = "; ".join(
                f"{lang}: {', '.join(t.term for t in options if t.status == 'preferred')}"
                for lang, options in sorted(term.translations.items())
            )
            comments.append(f"term {term.de}" + (f" = {approved}" if approved else ""))
        catalog.add(
            node.text,
            locations=[(f"{info.game}/{info.file}", node.source.lines[0])],
            auto_comments=comments,
            context=node.id,
        )
    return catalog


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


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """Parse a PO or POT file; a syntax error is an `InputError` with its line."""
    try:
        with path.open("rb") as handle:
            return read_po(handle, locale=locale, abort_invalid=True)
    except PoFileError as error:
        raise InputError(path, error.lineno, str(error)) from None
    except UnicodeDecodeError as error:
        raise InputError(path, 0, f"not UTF-8: {error.reason}") from None


def catalog_bytes(catalog: Catalog) -> bytes:
    """The PO text of a catalog, with previous msgids (`#|`) kept for fuzzy entries."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, include_previous=True, include_lineno=True)
    return buffer.getvalue()


def update_catalog(template: Catalog, current: Catalog) -> Catalog:
    """Merge a new template into a language's catalog without losing any translation.

    - same (msgctxt, msgid): the translation is kept as it is;
    - same msgctxt, changed msgid: kept, marked fuzzy, the old msgid shown as `#|`;
    - a rule that is gone: its entry becomes obsolete (`#~`), and is revived
      when a rule with that id comes back;
    - a new id whose exact German text belonged to a rule id that is gone: the
      rule was renamed, so its translation moves with it.
    Nothing is guessed from another rule's context.
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
    old: dict[str, Message] = {}
    for message in [*current.obsolete.values(), *current]:
        if message.id and message.context:
            old[message.context] = message
    template_ids = {message.context for message in template if message.id}
    orphans_by_text = {
        message.id: message
        for context, message in old.items()
        if context not in template_ids and message.string
    }
    for message in template:
        if not message.id:
            continue
        assert message.context is not None
        previous = old.pop(message.context, None)
        if previous is None and message.id in orphans_by_text:
            previous = orphans_by_text.pop(message.id)
            old.pop(previous.context or "", None)
        entry = merged.add(
            message.id,
            locations=message.locations,
            auto_comments=message.auto_comments,
            context=message.context,
        )
        if previous is None:
            continue
        entry.string = previous.string
        entry.user_comments = list(previous.user_comments)
        if previous.fuzzy:
            entry.flags.add("fuzzy")
            entry.previous_id = previous.previous_id
        if previous.id != message.id and previous.string:
            entry.flags.add("fuzzy")
            entry.previous_id = [previous.id] if isinstance(previous.id, str) else list(previous.id)
    for context, message in sorted(old.items()):
        if message.string:
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            merged.obsolete[(msgid, context)] = message
    return merged


def localization(graph: RuleGraph, catalog: Catalog | None, lang: str) -> Localization:
    """The texts of one game in one language; only reviewed translations are used.

    A node whose translation is missing, fuzzy, or made for other German text is
    listed in `missing`: renderers fall back to German and mark it.
    """
    texts: dict[str, str] = {}
    missing: list[str] = []
    for node in graph.nodes:
        message = catalog.get(node.text, context=node.id) if catalog is not None else None
        if lang == SOURCE_LANGUAGE:
            texts[node.id] = node.text
        elif message is not None and message.string and not message.fuzzy:
            texts[node.id] = str(message.string)
        else:
            missing.append(node.id)
    return Localization(game=graph.game, lang=lang, texts=texts, missing=missing)


def po_path(translations_dir: Path, lang: str, domain: str) -> Path:
    """Where a language's catalog for one game (or for the templates) lives."""
    return translations_dir / lang / "LC_MESSAGES" / f"{domain}.po"
