"""`rulekit build`: every stage, for every game and language, into `build/`.

Stages run in a fixed order and pass plain data along.  All output is first
collected, then written to a fresh directory beside `build/` and swapped in
only when complete, so a failed or interrupted build leaves the previous one
untouched.  Output is byte-identical for identical inputs.  A build holds a
lock beside `build/` throughout, removes what killed builds left there, and
its card workers die with it.

Builds are incremental (`rulekit.buildcache`): each output (a game's analysis,
its texts and print files in one language, the trace, the pages of a game in
one language, each shared page of the site, the search index) is made again
only when the hash of its own inputs changed; the others are taken over from
the previous build.  Print files are keyed by what they show
(`rulekit.output.cards.printed`), computed here without WeasyPrint, which only
the card workers load: they start as this process loads its analysis tools, and
set up meanwhile.  Pagefind indexes the site while the cards are typeset.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import json
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from babel.messages.catalog import Catalog
from babel.support import NullTranslations
from pydantic import TypeAdapter

from rulekit.buildcache import CACHE_DIR, MANIFEST, Inputs, Outputs, digest
from rulekit.buildsite import SiteParts, in_site
from rulekit.engines import implementations
from rulekit.files import locked, remove_leftovers, write_tree
from rulekit.i18n.catalogs import (
    GLOSSARY_DOMAIN,
    SOURCE_LANGUAGE,
    TARGET_LANGUAGES,
    TEMPLATES_DOMAIN,
    definitions,
    gettext_translations,
    localization,
    po_path,
    template_catalog,
)
from rulekit.i18n.checkers import refuse_dangerous
from rulekit.i18n.glossary import glossary_words, load_glossary
from rulekit.i18n.pofile import catalog_bytes, read_catalog
from rulekit.model import (
    Localization,
    Manual,
    QuickReference,
    SourceInfo,
    TraceReport,
    dump_json,
)
from rulekit.output.cards.printed import printed
from rulekit.output.search import Indexing, indexed_pages
from rulekit.output.siteshared import Games
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
from rulekit.quickref import card_texts, info_texts, load_quickref
from rulekit.sources import game_dirs, load_sources
from rulekit.supplements import supplemented
from rulekit.trace import load_pins, marked_rules, trace

if TYPE_CHECKING:
    from rulekit.graph.builder import GraphBuilder
    from rulekit.output.cards.printer import Printer

LANGUAGES = (SOURCE_LANGUAGE, *TARGET_LANGUAGES)
# The collector walks its youngest generation every this many new objects (Python's
# default is 700).  A build makes millions that live on (analysed games, pages,
# WeasyPrint's boxes): at the default, walks that find little garbage took a tenth
# of the build process's time and a twentieth of the card workers'.
GC_THRESHOLD = 50_000


Step = Callable[[str], None]


def analyse(project: Project, step: Step | None = None, specs: bool = True) -> list[Manual]:
    """Extraction and graph for every registered manual, ordered by game id.

    `specs=False` leaves the card specs unread, for commands that repair them.
    """
    return list(analyse_each(project, step, specs))


def analyse_each(
    project: Project, step: Step | None = None, specs: bool = True
) -> Iterator[Manual]:
    """`analyse`, yielding each manual as soon as it is done."""
    analyser = _Analyser(project, specs)
    for info in load_sources(project.sources_dir):
        yield analyser.analyse(info, step)


class _Analyser:
    """Extraction and graph of one manual at a time; the glossary and the German
    lexicon are loaded when the first manual is analysed, not when all are cached.
    `loading`, if given, is called just before they are."""

    def __init__(
        self, project: Project, specs: bool = True, loading: Callable[[], None] | None = None
    ) -> None:
        self.project = project
        self.specs = specs
        self.loading = loading

    @functools.cached_property
    def _tools(self) -> tuple[list[str], GraphBuilder]:
        if self.loading is not None:
            self.loading()
        # Imported here: extraction and the graph load pdfium and spaCy (most of a
        # second), which a build whose graphs are all cached never needs.
        from rulekit.extract.lexicon import german_lexicon
        from rulekit.graph.builder import GraphBuilder

        glossary = load_glossary(self.project.glossary_file)
        words = glossary_words(glossary)
        return words, GraphBuilder(glossary, german_lexicon(words))

    def analyse(self, info: SourceInfo, step: Step | None) -> Manual:
        """One registered manual, extracted, built into a graph and corrected by its
        editors, with its quick reference."""
        return self.quick_reference(self.graph(info, step))

    def graph(self, info: SourceInfo, step: Step | None) -> Manual:
        """One registered manual, extracted, built into a graph and corrected by its
        editors; without its quick reference (see `quick_reference`)."""
        from rulekit.extract import extract

        words, graphs = self._tools
        folder = self.project.sources_dir / info.game
        if step:
            step(f"extract {info.game}")
        extraction = extract(folder / info.file, info.pages, words)
        if step:
            step(f"graph {info.game}")
        overrides, lines = load_overrides(folder / OVERRIDES_FILE)
        # The editors' supplement first, so that overrides may correct its nodes too.
        built = supplemented(graphs.build(info, extraction), folder, graphs)
        graph, stale = apply_overrides(built, overrides, lines, folder / OVERRIDES_FILE)
        return Manual(info=info, extraction=extraction, graph=graph, stale_overrides=stale)

    def quick_reference(self, manual: Manual) -> Manual:
        """`manual` with the editors' quick reference and its lines whose rules changed
        (`load_quickref`); as it is when the specs are left unread."""
        if not self.specs:
            return manual
        folder = self.project.sources_dir / manual.info.game
        quickref, suspect = load_quickref(folder, manual.graph)
        return manual.model_copy(update={"quickref": quickref, "suspect_lines": suspect})


def step_count(project: Project) -> int:
    """How many progress steps a build of this project takes."""
    games = len(game_dirs(project.sources_dir))
    return games * (3 + len(LANGUAGES)) + 2


def load_localizations(
    project: Project, manuals: list[Manual]
) -> dict[tuple[str, str], Localization]:
    """The texts of every game in every language, from the committed catalogs."""
    return {
        (manual.info.game, lang): load_localization(project, manual, lang)
        for manual in manuals
        for lang in LANGUAGES
    }


def load_localization(project: Project, manual: Manual, lang: str) -> Localization:
    """The texts of one game in one language, from its committed catalog."""
    catalog = rendered_catalog(po_path(project.translations_dir, lang, manual.info.game), lang)
    extra = [*info_texts(manual.info), *card_texts(manual.info.game, manual.quickref, manual.graph)]
    return localization(manual.graph, catalog, lang, extra)


def load_definitions(project: Project) -> dict[str, Localization]:
    """The glossary's definitions in every language, from the committed catalogs."""
    terms = load_glossary(project.glossary_file)
    return {
        lang: definitions(
            terms,
            rendered_catalog(po_path(project.translations_dir, lang, GLOSSARY_DOMAIN), lang),
            lang,
        )
        for lang in LANGUAGES
    }


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
    redone: the content hash of the inputs is the cache key.  Otherwise only
    the outputs whose own inputs changed are made again (listed in the result's
    `rebuilt`).  Builds of one `out_dir` take turns: a second one waits (saying
    so on stderr) and then usually finds the first one's result current.
    """
    target = out_dir or project.build_dir
    with locked(target, waiting=_say):
        # Only under the lock are staging folders surely a killed build's, not a running one's.
        remove_leftovers(target)
        inputs = input_hash(project)
        previous = built_from(target, inputs)
        if previous is not None:
            return previous
        outputs = Outputs.after(target)
        outputs.files[INPUTS_FILE] = inputs.encode("utf-8")
        with _fewer_collections():
            _make_outputs(project, outputs, step)
        outputs.files[MANIFEST] = outputs.manifest()
        write_tree(outputs.files, target, kept=outputs.kept)
        result = written_build(target)
        result.rebuilt = outputs.rebuilt
        return result


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


@contextlib.contextmanager
def _fewer_collections() -> Iterator[None]:
    """Collect garbage every GC_THRESHOLD new objects, until the block ends."""
    before = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _make_outputs(project: Project, outputs: Outputs, step: Step | None) -> None:
    """Make, or keep from the previous build, every output."""
    keys = Inputs(project, LANGUAGES)
    made = Made()
    # Read (and refused if dangerous) here, before the workers read them too.
    ui = load_template_translations(project)
    # The sheets and the game pages define the glossary's terms in their language.
    definitions, defined = _definitions(project, keys, outputs)
    # Typesetting dominates the build: the sheet and the deck of each game and
    # language are two jobs for worker processes, queued as soon as the game is
    # analysed, while this process goes on with the next game, the trace and the
    # site.  Two jobs, so that one edited language keeps both cores busy.
    with _card_workers(project) as pool:
        # Loading the analysis tools takes this process seconds, in which the
        # workers set up; a build that analyses nothing starts them at its first job.
        analyser = _Analyser(project, loading=functools.partial(_start_workers, pool))
        jobs: list[tuple[str, str, list[Future[dict[str, bytes]]]]] = []
        for info in load_sources(project.sources_dir):
            game = info.game
            manual, made.manuals[game] = _analysed(analyser, info, keys, outputs, step)
            for lang in LANGUAGES:
                local = _localized(project, manual, lang, keys, made, outputs)
                key = f"cards/{lang}/{game}"
                made.defined[(game, lang)] = used_definitions(manual, definitions[lang])
                # Keyed by what they show, not by the manual and texts: most edits of a
                # manual change no card, or the German ones only.
                inputs = keys.cards(lang, printed(manual, local, definitions[lang]))
                if not outputs.keep(key, inputs):
                    parts = [
                        pool.submit(_language_cards, manual, lang, local, definitions[lang], part)
                        for part in CARD_JOBS
                    ]
                    jobs.append((key, inputs, parts))
                elif step:
                    step(f"cards {game} {lang}")
            made.analysed.append(manual)
        report = _trace_and_report(project, keys, made, outputs, step)
        if step:
            step("site")
        site = SiteParts(project, keys, made, ui, outputs)
        site.make(Games(made.analysed, made.localized, definitions, report, site.pictures), defined)
        # Pagefind runs beside the card workers; when no page it indexes changed, not at all.
        pages = indexed_pages(site.pages())
        search = keys.search(pages)
        indexing = None if outputs.keep("search", search) else Indexing(pages)
        with indexing or contextlib.nullcontext():
            _collect_cards(jobs, outputs, step)
            if indexing is not None:
                outputs.put("search", search, in_site(indexing.files()))


def _collect_cards(
    jobs: list[tuple[str, str, list[Future[dict[str, bytes]]]]],
    outputs: Outputs,
    step: Step | None,
) -> None:
    """Wait for the card workers' print files and record them."""
    for key, inputs, parts in jobs:
        cards = {name: data for part in parts for name, data in part.result().items()}
        # The site is served on its own, so it carries its own copy of the print files.
        downloads = {f"downloads/{p.removeprefix('cards/')}": b for p, b in cards.items()}
        outputs.put(key, inputs, {**cards, **in_site(downloads)})
        if step:
            _, lang, game = key.split("/")
            step(f"cards {game} {lang}")


def _definitions(
    project: Project, keys: Inputs, outputs: Outputs
) -> tuple[dict[str, Localization], dict[str, str]]:
    """The glossary's definitions in every language, kept or made, and the digest of each."""
    names = {lang: f"{CACHE_DIR}/definitions/{lang}.json" for lang in LANGUAGES}
    inputs = keys.definitions()
    if outputs.keep("definitions", inputs):
        data = {lang: outputs.read("definitions", name) for lang, name in names.items()}
    else:
        made = load_definitions(project)
        data = {lang: made[lang].model_dump_json().encode("utf-8") for lang in LANGUAGES}
        outputs.put("definitions", inputs, {names[lang]: data[lang] for lang in LANGUAGES})
    loaded = {lang: Localization.model_validate_json(data[lang]) for lang in LANGUAGES}
    return loaded, {lang: digest(data[lang]) for lang in LANGUAGES}


def used_definitions(manual: Manual, definitions: Localization) -> str:
    """The digest of what a game's pages show of the glossary's definitions
    in one language: those of the game's own terms, and which of them are missing."""
    used = {
        term.id: [definitions.texts.get(term.id), term.id in definitions.missing]
        for term in manual.graph.terms
    }
    return digest(json.dumps(used, sort_keys=True, ensure_ascii=False))


class Made:
    """The analysed manuals and their texts, with the digests of their content."""

    def __init__(self) -> None:
        self.analysed: list[Manual] = []
        self.manuals: dict[str, str] = {}
        self.localized: dict[tuple[str, str], Localization] = {}
        self.texts: dict[tuple[str, str], str] = {}
        self.defined: dict[tuple[str, str], str] = {}  # see `used_definitions`
        self.trace = ""  # the trace's input hash


def _analysed(
    analyser: _Analyser, info: SourceInfo, keys: Inputs, outputs: Outputs, step: Step | None
) -> tuple[Manual, str]:
    """A game's analysis, kept or made, and the digest of its content.

    Its graph and its quick reference are kept or made apart: an edit of the
    quick reference alone (a card's line) reads the spec again and writes the
    template catalog, but neither loads the analysis tools nor builds the graph.
    """
    game = info.game
    key, name = f"analyse/{game}", f"{CACHE_DIR}/manuals/{game}.json"
    inputs = keys.analysis(game)
    if outputs.keep(key, inputs):
        for stage in ("extract", "graph"):
            if step:
                step(f"{stage} {game}")
        data = outputs.read(key, name)
        manual = Manual.model_validate_json(data)
    else:
        manual = analyser.graph(info, step)
        data = manual.model_dump_json().encode("utf-8")
        files = {
            f"graph/{game}.json": dump_json(manual.graph.to_dict()).encode("utf-8"),
            f"extract/{game}.json": dump_json(manual.extraction.to_dict()).encode("utf-8"),
            name: data,
        }
        outputs.put(key, inputs, files)
    if step:
        step(f"catalog {game}")
    quick_key, quick_name = f"quickref/{game}", f"{CACHE_DIR}/manuals/{game}.quickref.json"
    quick_inputs = keys.quick_reference(game, inputs)
    if outputs.keep(quick_key, quick_inputs):
        quick = outputs.read(quick_key, quick_name)
        quickref, suspect = _QUICK_REFERENCE.validate_json(quick)
        manual = manual.model_copy(update={"quickref": quickref, "suspect_lines": suspect})
    else:
        manual = analyser.quick_reference(manual)
        quick = _QUICK_REFERENCE.dump_json((manual.quickref, manual.suspect_lines))
        pot = template_catalog(manual.graph, manual.info, manual.quickref)
        files = {f"catalogs/{game}.pot": catalog_bytes(pot), quick_name: quick}
        outputs.put(quick_key, quick_inputs, files)
    return manual, digest(data, quick)


# A quick reference as the build keeps it: the spec and its suspect lines.
_QUICK_REFERENCE = TypeAdapter(tuple[QuickReference | None, list[str]])


def _localized(
    project: Project, manual: Manual, lang: str, keys: Inputs, made: Made, outputs: Outputs
) -> Localization:
    """A game's texts in one language, kept or made; noted in `made` with their digest."""
    game = manual.info.game
    key, name = f"texts/{lang}/{game}", f"{CACHE_DIR}/texts/{lang}/{game}.json"
    inputs = keys.texts(game, lang, made.manuals[game])
    if outputs.keep(key, inputs):
        data = outputs.read(key, name)
        local = Localization.model_validate_json(data)
    else:
        local = load_localization(project, manual, lang)
        data = local.model_dump_json().encode("utf-8")
        outputs.put(key, inputs, {name: data})
    made.localized[(game, lang)] = local
    made.texts[(game, lang)] = digest(data)
    return local


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


def _start_workers(pool: ProcessPoolExecutor) -> None:
    """Start the card workers now rather than at the first job: a pool of forked
    processes starts all of them at its first job, here one that does nothing."""
    pool.submit(int)


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


def _trace_and_report(
    project: Project, keys: Inputs, made: Made, outputs: Outputs, step: Step | None
) -> TraceReport:
    """trace.json and report.json, each kept or made; returns the trace."""
    manuals, texts = made.analysed, made.localized
    if step:
        step("trace")
    traced = keys.trace(list(made.manuals.values()))
    made.trace = traced
    if outputs.keep("trace", traced):
        report = TraceReport.model_validate_json(outputs.read("trace", "trace.json"))
    else:
        code, code_duplicates = implementations()
        tests, test_duplicates = marked_rules(project.tests_dir)
        graphs = [m.graph for m in manuals]
        report = trace(graphs, code, tests, load_pins(), code_duplicates + test_duplicates)
        outputs.put("trace", traced, {"trace.json": dump_json(report.to_dict()).encode("utf-8")})
    reported = keys.report(list(made.manuals.values()), list(made.texts.values()))
    if not outputs.keep("report", reported):
        report_json = dump_json(build_report(manuals, texts)).encode("utf-8")
        outputs.put("report", reported, {"report.json": report_json})
    return report


# Each worker process sets up its printer (templates, fonts) and UI strings once.
_printer: tuple[Printer, dict[str, NullTranslations]] | None = None
WORKER_NAME = "rulekit-cards"
# The documents of `render_cards` that are one worker's job each.
CARD_JOBS = ("sheet", "deck")


def _start_worker(project: Project, parent: int) -> None:
    """Set up a card worker; `parent` is the build process it must not outlive."""
    die_with_parent(parent)
    name_process(WORKER_NAME)
    # Ctrl-C reaches the whole process group; the build process alone answers it,
    # by ending the workers, so that no worker prints a traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _start_printer(project)
    # What a worker holds by now (WeasyPrint, the hyphenation patterns, and what the
    # build process held when it forked): moved out of the collector's sight, it is
    # no longer walked by every full collection, which WeasyPrint's many short-lived
    # boxes set off again and again (a sixth of the typesetting time).
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD)


def _start_printer(project: Project) -> None:
    # Imported here: WeasyPrint takes half a second to load, which each worker then
    # spends beside the build process instead of before it.
    import pyphen  # type: ignore[import-untyped]

    from rulekit.output.cards.printer import Printer

    global _printer
    env = make_environment(project.templates_dir)
    _printer = (Printer(env, project.templates_dir), load_template_translations(project))
    # WeasyPrint hyphenates with pyphen, which reads a language's patterns once per
    # process (half a second for German) when first asked: asked now, while the
    # build process is still analysing, not in the first card of each language.
    for lang in LANGUAGES:
        pyphen.Pyphen(lang=lang)


def _language_cards(
    manual: Manual, lang: str, local: Localization, definitions: Localization, document: str
) -> dict[str, bytes]:
    """One game's `document` ("sheet" or "deck") in one language, in a worker process."""
    from rulekit.output.cards.printer import render_cards

    assert _printer is not None, "runs in a worker started by _start_printer"
    printer, ui = _printer
    texts = {(manual.info.game, lang): local}
    return render_cards(
        printer,
        manual,
        texts,
        {lang: ui[lang]},
        definitions={lang: definitions},
        documents=[document],
    )


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
            "suspect_card_lines": manual.suspect_lines,
            "fallback": {
                lang: texts[(manual.info.game, lang)].missing
                for lang in LANGUAGES
                if texts[(manual.info.game, lang)].missing
            },
        }
        for manual in manuals
    }
