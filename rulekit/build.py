"""`rulekit build`: every stage, for every game and language, into `build/`.

Stages run in a fixed order and pass plain data along.  All output is first
collected, then written to a fresh directory beside `build/` and swapped in
only when complete, so a failed or interrupted build leaves the previous one
untouched.  Output is byte-identical for identical inputs.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from babel.support import NullTranslations

from rulekit.cards import Printer, render_cards
from rulekit.catalogs import (
    SOURCE_LANGUAGE,
    TARGET_LANGUAGES,
    TEMPLATES_DOMAIN,
    catalog_bytes,
    gettext_translations,
    localization,
    po_path,
    read_catalog,
    template_catalog,
)
from rulekit.engines import implementations
from rulekit.extract import extract
from rulekit.extract.lexicon import german_lexicon
from rulekit.glossary import glossary_words, load_glossary
from rulekit.graph import GraphBuilder
from rulekit.model import Localization, Manual, dump_json
from rulekit.overrides import OVERRIDES_FILE, apply_overrides, load_overrides
from rulekit.project import (
    INPUTS_FILE,
    BuildResult,
    Project,
    current_build,
    input_hash,
    written_build,
)
from rulekit.site import index_site, render_site
from rulekit.sources import game_dirs, load_sources
from rulekit.templating import make_environment
from rulekit.trace import load_pins, marked_rules, trace

LANGUAGES = (SOURCE_LANGUAGE, *TARGET_LANGUAGES)


Step = Callable[[str], None]


def analyse(project: Project, step: Step | None = None) -> list[Manual]:
    """Extraction and graph for every registered manual, ordered by game id."""
    return list(analyse_each(project, step))


def analyse_each(project: Project, step: Step | None = None) -> Iterator[Manual]:
    """`analyse`, yielding each manual as soon as it is done."""
    glossary = load_glossary(project.glossary_file)
    words = glossary_words(glossary)
    graphs = GraphBuilder(glossary, german_lexicon(words))
    for info in load_sources(project.sources_dir):
        if step:
            step(f"extract {info.game}")
        extraction = extract(project.sources_dir / info.game / info.file, info.pages, words)
        if step:
            step(f"graph {info.game}")
        overrides_path = project.sources_dir / info.game / OVERRIDES_FILE
        overrides, lines = load_overrides(overrides_path)
        graph, stale = apply_overrides(
            graphs.build(info, extraction), overrides, lines, overrides_path
        )
        yield Manual(info=info, extraction=extraction, graph=graph, stale_overrides=stale)


def step_count(project: Project) -> int:
    """How many progress steps a build of this project takes."""
    games = len(game_dirs(project.sources_dir))
    return games * (3 + len(LANGUAGES)) + 2


def load_localizations(
    project: Project, manuals: list[Manual]
) -> dict[tuple[str, str], Localization]:
    """The texts of every game in every language, from the committed catalogs."""
    texts = {}
    for manual in manuals:
        for lang in LANGUAGES:
            path = po_path(project.translations_dir, lang, manual.info.game)
            catalog = read_catalog(path, lang) if path.is_file() else None
            texts[(manual.info.game, lang)] = localization(manual.graph, catalog, lang)
    return texts


def load_template_translations(project: Project) -> dict[str, NullTranslations]:
    """The templates' own strings per language; English is what the templates say."""
    translations: dict[str, NullTranslations] = {}
    for lang in LANGUAGES:
        path = po_path(project.translations_dir, lang, TEMPLATES_DOMAIN)
        translations[lang] = gettext_translations(
            read_catalog(path, lang) if path.is_file() else None
        )
    return translations


def build(project: Project, step: Step | None = None, out_dir: Path | None = None) -> BuildResult:
    """Run every stage and swap the complete result into `out_dir` (default `build/`).

    When `out_dir` already holds a build of exactly these inputs, nothing is
    redone: the content hash of the inputs is the cache key.
    """
    target = out_dir or project.build_dir
    inputs = input_hash(project)
    previous = current_build(target, inputs)
    if previous is not None:
        return previous
    files: dict[str, bytes] = {INPUTS_FILE: inputs.encode("utf-8")}
    manuals: list[Manual] = []
    texts: dict[tuple[str, str], Localization] = {}
    # Typesetting dominates the build: the cards of each game and language are a
    # job for a worker process, queued as soon as the game is analysed, while
    # this process goes on with the next game, the trace and the site.
    pool = ProcessPoolExecutor(
        max_workers=os.cpu_count() or 1, initializer=_start_printer, initargs=(project,)
    )
    with pool:
        jobs: list[tuple[str, str, Future[dict[str, bytes]]]] = []
        for manual in analyse_each(project, step):
            manuals.append(manual)
            game = manual.info.game
            files[f"graph/{game}.json"] = dump_json(manual.graph.to_dict()).encode("utf-8")
            files[f"extract/{game}.json"] = dump_json(manual.extraction.to_dict()).encode("utf-8")
            if step:
                step(f"catalog {game}")
            pot = template_catalog(manual.graph, manual.info)
            files[f"catalogs/{game}.pot"] = catalog_bytes(pot)
            texts.update(load_localizations(project, [manual]))
            jobs.extend(
                (game, lang, pool.submit(_language_cards, manual, lang, texts[(game, lang)]))
                for lang in LANGUAGES
            )
        files.update(_trace_report_and_site(project, manuals, texts, step))
        for game, lang, job in jobs:
            files.update(job.result())
            if step:
                step(f"cards {game} {lang}")
    # The site is served on its own, so it carries its own copy of the print files.
    cards = {path: content for path, content in files.items() if path.startswith("cards/")}
    files.update(
        {f"site/downloads/{path.removeprefix('cards/')}": pdf for path, pdf in cards.items()}
    )

    write_tree(files, target, finish=lambda staging: index_site(staging / "site"))
    # Listed from the tree, so that the search index written there is counted too.
    return written_build(target)


def _trace_report_and_site(
    project: Project,
    manuals: list[Manual],
    texts: dict[tuple[str, str], Localization],
    step: Step | None,
) -> dict[str, bytes]:
    """trace.json, report.json and the site (whose downloads are added later)."""
    files: dict[str, bytes] = {}
    env = make_environment(project.templates_dir)
    ui = load_template_translations(project)
    if step:
        step("trace")
    code, code_duplicates = implementations()
    tests, test_duplicates = marked_rules(project.tests_dir)
    report = trace(
        [m.graph for m in manuals], code, tests, load_pins(), code_duplicates + test_duplicates
    )
    files["trace.json"] = dump_json(report.to_dict()).encode("utf-8")
    files["report.json"] = dump_json(build_report(manuals, texts)).encode("utf-8")

    if step:
        step("site")
    site = render_site(env, project.templates_dir, manuals, texts, ui, report)
    files.update({f"site/{path}": content for path, content in site.items()})
    return files


# Each worker process sets up its printer (templates, fonts) and UI strings once.
_printer: tuple[Printer, dict[str, NullTranslations]] | None = None


def _start_printer(project: Project) -> None:
    global _printer
    env = make_environment(project.templates_dir)
    _printer = (Printer(env, project.templates_dir), load_template_translations(project))


def _language_cards(manual: Manual, lang: str, local: Localization) -> dict[str, bytes]:
    """One game's print files in one language, in a worker process."""
    assert _printer is not None, "runs in a worker started by _start_printer"
    printer, ui = _printer
    texts = {(manual.info.game, lang): local}
    return render_cards(printer, manual, texts, {lang: ui[lang]})


def build_report(
    manuals: list[Manual], texts: dict[tuple[str, str], Localization]
) -> dict[str, object]:
    """What an editor should look at: repairs, and text shown in German as a fallback."""
    return {
        manual.info.game: {
            "nodes": len(manual.graph.nodes),
            "repairs": len(manual.extraction.repairs),
            "low_confidence_repairs": [
                f"{r.line}: {r.before} -> {r.after}"
                for r in manual.extraction.repairs
                if not r.applied
            ],
            "stale_overrides": manual.stale_overrides,
            "fallback": {
                lang: texts[(manual.info.game, lang)].missing
                for lang in LANGUAGES
                if texts[(manual.info.game, lang)].missing
            },
        }
        for manual in manuals
    }


def write_tree(
    files: dict[str, bytes], target: Path, finish: Callable[[Path], None] | None = None
) -> None:
    """Write `files` (relative path -> bytes) as the new `target` directory, atomically.

    The tree is assembled in a sibling directory; the old tree is moved aside
    and the new one renamed into place, so readers see the old or the new
    build, never a mix.  `finish` runs on the complete staging tree before the
    swap (the site's search index is built there).  Anything left over from an interrupted swap is
    restored or removed first.
    """
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    old = parent / f".{target.name}.old"
    if old.exists():
        if target.exists():
            shutil.rmtree(old)
        else:
            os.rename(old, target)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=parent))
    try:
        for relative, content in files.items():
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        if finish is not None:
            finish(staging)
        if target.exists():
            os.rename(target, old)
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        if old.exists() and not target.exists():
            os.rename(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)
