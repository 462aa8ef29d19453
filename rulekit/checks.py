"""`rulekit check`: problems an editor or translator must fix, as `path:line: message`."""

from __future__ import annotations

from rulekit.build import Project, analyse
from rulekit.catalogs import TARGET_LANGUAGES, po_path, read_catalog, template_catalog


def check_project(project: Project) -> list[str]:
    """Every problem found in the project's catalogs, in a stable order.

    Sources and the glossary are validated on loading; bad input there raises
    `InputError` rather than being listed.
    """
    problems: list[str] = []
    for manual in analyse(project):
        problems.extend(manual.stale_overrides)
        template = template_catalog(manual.graph, manual.info)
        for lang in TARGET_LANGUAGES:
            path = po_path(project.translations_dir, lang, manual.info.game)
            if not path.is_file():
                problems.append(f"{path}:0: catalog missing; run 'rulekit i18n update'")
                continue
            catalog = read_catalog(path, lang)
            for message in template:
                if not message.id:
                    continue
                entry = catalog.get(message.id, context=message.context)
                if entry is None:
                    problems.append(
                        f"{path}:0: no entry for {message.context} with its current German "
                        "text; run 'rulekit i18n update'"
                    )
    return problems
