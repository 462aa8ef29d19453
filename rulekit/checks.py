"""`rulekit check`: problems an editor or translator must fix, as `path:line: message`."""

from __future__ import annotations

from rulekit.build import analyse
from rulekit.i18n.catalogs import (
    TARGET_LANGUAGES,
    TEMPLATE_LANGUAGES,
    TEMPLATES_DOMAIN,
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
        template = template_catalog(manual.graph, manual.info)
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
    for lang in TEMPLATE_LANGUAGES:
        path = po_path(project.translations_dir, lang, TEMPLATES_DOMAIN)
        if not path.is_file():
            problems.append(f"{path}:0: catalog missing; run 'rulekit i18n update'")
            continue
        problems.extend(str(p) for p in check_catalog(path, read_catalog(path, lang), {}, {}, lang))
    return problems
