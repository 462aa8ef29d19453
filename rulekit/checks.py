"""`rulekit check`: problems an editor or translator must fix, as `path:line: message`."""

from __future__ import annotations

from rulekit.build import analyse
from rulekit.i18n.catalogs import (
    DETAILS_DOMAIN,
    DETAILS_LANGUAGES,
    GLOSSARY_DOMAIN,
    TARGET_LANGUAGES,
    TEMPLATE_LANGUAGES,
    TEMPLATES_DOMAIN,
    details_catalog,
    glossary_catalog,
    po_path,
    template_catalog,
)
from rulekit.i18n.checkers import check_catalog
from rulekit.i18n.glossary import load_glossary
from rulekit.i18n.pofile import read_catalog
from rulekit.project import Project


def check_project(project: Project) -> list[str]:
    """Every problem in overrides and catalogs, in a stable order.

    Sources, glossary and overrides are validated on loading; bad input there
    raises `InputError` rather than being listed.
    """
    glossary = {term.id: term for term in load_glossary(project.glossary_file)}
    problems: list[str] = []
    for manual in analyse(project):
        problems.extend(manual.stale_overrides)
        problems.extend(manual.suspect_lines)
        template = template_catalog(manual.graph, manual.info, manual.quickref)
        nodes = {node.id: node for node in manual.graph.nodes}
        for lang in TARGET_LANGUAGES:
            path = po_path(project.translations_dir, lang, manual.info.game)
            if not path.is_file():
                problems.append(f"{path}:0: catalog missing; run 'rulekit i18n update'")
                continue
            catalog = read_catalog(path, lang)
            stale = [
                message.context
                for message in template
                if message.id and catalog.get(message.id, context=message.context) is None
            ]
            if stale:
                problems.append(
                    f"{path}:0: {len(stale)} rules changed or new since the last update, "
                    f"e.g. {stale[0]}; run 'rulekit i18n update'"
                )
            problems.extend(str(p) for p in check_catalog(path, catalog, nodes, glossary, lang))
    definitions = glossary_catalog(list(glossary.values()))
    for lang in TARGET_LANGUAGES:
        path = po_path(project.translations_dir, lang, GLOSSARY_DOMAIN)
        if not path.is_file():
            problems.append(f"{path}:0: catalog missing; run 'rulekit i18n update'")
            continue
        catalog = read_catalog(path, lang)
        stale = [m.context for m in definitions if m.id and catalog.get(m.id, m.context) is None]
        if stale:
            problems.append(
                f"{path}:0: {len(stale)} definitions changed or new since the last update, "
                f"e.g. {stale[0]}; run 'rulekit i18n update'"
            )
        problems.extend(str(p) for p in check_catalog(path, catalog, {}, glossary, lang))
    for lang in TEMPLATE_LANGUAGES:
        path = po_path(project.translations_dir, lang, TEMPLATES_DOMAIN)
        if not path.is_file():
            problems.append(f"{path}:0: catalog missing; run 'rulekit i18n update'")
            continue
        problems.extend(str(p) for p in check_catalog(path, read_catalog(path, lang), {}, {}, lang))
    problems.extend(check_details(project))
    return problems


def check_details(project: Project) -> list[str]:
    """Problems of the `engines` catalogs, the refusal details of the engines.

    Placeholders and numbers are checked in every plural form; a message the
    engines write that a catalog lacks means `rulekit i18n update` is due.
    """
    details = details_catalog()
    problems: list[str] = []
    for lang in DETAILS_LANGUAGES:
        path = po_path(project.translations_dir, lang, DETAILS_DOMAIN)
        if not path.is_file():
            problems.append(f"{path}:0: catalog missing; run 'rulekit i18n update'")
            continue
        catalog = read_catalog(path, lang)
        stale = [m.id for m in details if m.id and catalog.get(m.id) is None]
        if stale:
            first = stale[0] if isinstance(stale[0], str) else stale[0][0]
            problems.append(
                f"{path}:0: {len(stale)} details changed or new since the last update, "
                f"e.g. {first!r}; run 'rulekit i18n update'"
            )
        problems.extend(str(p) for p in check_catalog(path, catalog, {}, {}, lang))
    return problems
