"""`rulekit build`: every stage, for every game and language, into `build/`.

Stages run in a fixed order and pass plain data along.  All output is first
collected, then written to a fresh directory beside `build/` and swapped in
only when complete, so a failed or interrupted build leaves the previous one
untouched.  Output is byte-identical for identical inputs.  A build holds a
lock beside `build/` throughout, removes what killed builds left there, and
its card workers die with it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.support import NullTranslations

from rulekit.engines import implementations
from rulekit.extract import extract
from rulekit.extract.lexicon import german_lexicon
from rulekit.files import locked, remove_leftovers, write_tree
from rulekit.graph import GraphBuilder
from rulekit.i18n.catalogs import (
    SOURCE_LANGUAGE,
    TARGET_LANGUAGES,
    TEMPLATES_DOMAIN,
    gettext_translations,
    localization,
    po_path,
    template_catalog,
)
from rulekit.i18n.checkers import refuse_dangerous
from rulekit.i18n.glossary import glossary_words, load_glossary
from rulekit.i18n.pofile import catalog_bytes, read_catalog
from rulekit.model import Localization, Manual, dump_json
from rulekit.output.cards import Printer, render_cards
from rulekit.output.site import index_site, render_site
from rulekit.output.templating import make_environment
from rulekit.overrides import OVERRIDES_FILE, apply_overrides, load_overrides
from rulekit.processes import die_with_parent, name_process
from rulekit.project import (
    INPUTS_FILE,
    BuildResult,
    Project,
    built_from,
    input_hash,
    written_build,
)
from rulekit.sources import game_dirs, load_sources
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
            catalog = rendered_catalog(path, lang)
            texts[(manual.info.game, lang)] = localization(manual.graph, catalog, lang)
    return texts


def load_template_translations(project: Project) -> dict[str, NullTranslations]:
    """The templates' own strings per language; English is what the templates say."""
    translations: dict[str, NullTranslations] = {}
    for lang in LANGUAGES:
        path = po_path(project.translations_dir, lang, TEMPLATES_DOMAIN)
        translations[lang] = gettext_translations(rendered_catalog(path, lang))
    return translations


def rendered_catalog(path: Path, lang: str) -> Catalog | None:
    """A catalog about to be rendered, or None where there is none; a dangerous one
    (a translator's markup, a format string that would not format) is refused."""
    if not path.is_file():
        return None
    catalog = read_catalog(path, lang)
    refuse_dangerous(path, catalog)
    return catalog


def build(project: Project, step: Step | None = None, out_dir: Path | None = None) -> BuildResult:
    """Run every stage and swap the complete result into `out_dir` (default `build/`).

    When `out_dir` already holds a build of exactly these inputs, nothing is
    redone: the content hash of the inputs is the cache key.  Builds of one
    `out_dir` take turns: a second one waits (saying so on stderr) and then
    usually finds the first one's result current.
    """
    target = out_dir or project.build_dir
    with locked(target, waiting=_say):
        # Only under the lock are staging folders surely a killed build's, not a running one's.
        remove_leftovers(target)
        inputs = input_hash(project)
        previous = built_from(target, inputs)
        if previous is not None:
            return previous
        files = _output_files(project, inputs, step)
        write_tree(files, target, finish=lambda staging: index_site(staging / "site"))
        # Listed from the tree, so that the search index written there is counted too.
        return written_build(target)


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _output_files(project: Project, inputs: str, step: Step | None) -> dict[str, bytes]:
    """Every output file of the build (but the search index), path -> bytes."""
    files: dict[str, bytes] = {INPUTS_FILE: inputs.encode("utf-8")}
    manuals: list[Manual] = []
    texts: dict[tuple[str, str], Localization] = {}
    # Read (and refused if dangerous) here, before the workers read them too.
    ui = load_template_translations(project)
    # Typesetting dominates the build: the cards of each game and language are a
    # job for a worker process, queued as soon as the game is analysed, while
    # this process goes on with the next game, the trace and the site.
    with _card_workers(project) as pool:
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
        files.update(_trace_report_and_site(project, manuals, texts, ui, step))
        for game, lang, job in jobs:
            files.update(job.result())
            if step:
                step(f"cards {game} {lang}")
    # The site is served on its own, so it carries its own copy of the print files.
    cards = {path: content for path, content in files.items() if path.startswith("cards/")}
    files.update(
        {f"site/downloads/{path.removeprefix('cards/')}": pdf for path, pdf in cards.items()}
    )
    return files


@contextlib.contextmanager
def _card_workers(project: Project) -> Iterator[ProcessPoolExecutor]:
    """A pool of card-rendering processes, ended at once when the build fails.

    Workers are forked (also where Python's default differs): their parent is
    then this process, which `die_with_parent` relies on, and they share the
    build lock, so a killed build's lock is free only once its workers are gone.
    """
    pool = ProcessPoolExecutor(
        max_workers=os.cpu_count() or 1,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_start_worker,
        initargs=(project, os.getpid()),
    )
    try:
        yield pool
    except BaseException:
        _stop_workers(pool)
        raise
    pool.shutdown(wait=True)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Drop the queued jobs and end the running ones: nobody will read their cards.

    A plain shutdown would wait for every queued job, so Ctrl-C or a failing
    stage would hang for as long as the typesetting takes.
    """
    # The executor has no public way to end running jobs (3.14 adds terminate_workers).
    workers = list((pool._processes or {}).values())
    for worker in workers:
        worker.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
    for worker in workers:
        worker.join()


def _trace_report_and_site(
    project: Project,
    manuals: list[Manual],
    texts: dict[tuple[str, str], Localization],
    ui: dict[str, NullTranslations],
    step: Step | None,
) -> dict[str, bytes]:
    """trace.json, report.json and the site (whose downloads are added later)."""
    files: dict[str, bytes] = {}
    env = make_environment(project.templates_dir)
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
WORKER_NAME = "rulekit-cards"


def _start_worker(project: Project, parent: int) -> None:
    """Set up a card worker; `parent` is the build process it must not outlive."""
    die_with_parent(parent)
    name_process(WORKER_NAME)
    # Ctrl-C reaches the whole process group; the build process alone answers it,
    # by ending the workers, so that no worker prints a traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _start_printer(project)


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
