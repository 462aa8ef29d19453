"""The `rulekit` command line: a thin layer over the stages.

Bad input prints one line `path:line: message` and exits 2; a failed check
exits 1.  Commands whose output is data take `--json`.

The stages are imported inside the commands that use them: spaCy, pdfplumber
and WeasyPrint take over a second to load, and `rulekit build` with nothing
changed must answer well within one.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from rulekit.errors import CheckFailed, InputError, LayoutError
from rulekit.project import BuildResult, Project, current_build, input_hash

app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
i18n_app = typer.Typer(no_args_is_help=True, help="Translation catalogs.")
app.add_typer(i18n_app, name="i18n")
glossary_app = typer.Typer(no_args_is_help=True, help="The termbase: TBX exchange and suggestions.")
app.add_typer(glossary_app, name="glossary")

F = TypeVar("F", bound=Callable[..., Any])
err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)

ProjectOption = Annotated[
    Path, typer.Option("--project", help="Project root (holds sources/, glossary/, ...).")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print data as JSON.")]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")]


def reports_errors(command: F) -> F:
    """`InputError`: one line, exit 2.  `CheckFailed`, `LayoutError`: their lines, exit 1."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except InputError as error:
            err.print(str(error), markup=False)
            raise typer.Exit(2) from None
        except CheckFailed as failure:
            for line in failure.problems:
                err.print(line, markup=False)
            raise typer.Exit(1) from None
        except LayoutError as error:
            err.print(str(error), markup=False)
            raise typer.Exit(1) from None

    return run  # type: ignore[return-value]


def write_atomic(path: Path, content: bytes) -> None:
    """Replace a file in one step, so a reader never sees it half-written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}.", delete=False) as tmp:
        tmp.write(content)
    Path(tmp.name).replace(path)


@app.command("build")
@reports_errors
def build_command(
    project: ProjectOption = Path("."),
    quiet: QuietOption = False,
    as_json: JsonOption = False,
) -> None:
    """Run every stage for every game and language into build/."""
    proj = Project(project)
    result = current_build(proj.build_dir, input_hash(proj))
    if result is None:
        result = _build_with_progress(proj, show=not quiet and not as_json and sys.stderr.isatty())
    if as_json:
        out.print_json(json.dumps({"out": str(result.out_dir), "files": result.files}))
    elif not quiet:
        for folder in ("graph", "catalogs", "cards", "site"):
            out.print(
                f"{folder + ':':<10} {result.out_dir / folder}  ({len(result.under(folder))} files)"
            )
        out.print(f"{'trace:':<10} {result.out_dir / 'trace.json'}")
        out.print(f"{'report:':<10} {result.out_dir / 'report.json'}")


def _build_with_progress(project: Project, show: bool) -> BuildResult:
    from rulekit.build import build, step_count

    with Progress(
        TextColumn("{task.description:<24}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not show,
        transient=True,
    ) as progress:
        task = progress.add_task("build", total=step_count(project))

        def step(description: str) -> None:
            progress.update(task, advance=1, description=description)

        return build(project, step)


@app.command("extract")
@reports_errors
def extract_command(
    path: Annotated[Path, typer.Argument(help="A manual (.pdf or .txt) or a source folder.")],
    as_json: JsonOption = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file instead of stdout.")
    ] = None,
) -> None:
    """Print the clean body text of a manual (or blocks and repairs with --json)."""
    from rulekit.extract import extract as extract_manual
    from rulekit.model import dump_json

    extraction = extract_manual(path)
    if as_json:
        text = dump_json(extraction.to_dict())
    else:
        text = "".join(
            block.text + "\n"
            for block in extraction.blocks
            if block.kind not in ("figure", "caption")
        )
    if output is None:
        sys.stdout.write(text)
    else:
        write_atomic(output, text.encode("utf-8"))


@app.command("check")
@reports_errors
def check_command(project: ProjectOption = Path("."), as_json: JsonOption = False) -> None:
    """Check sources, graph and catalogs; exit 1 on any problem."""
    from rulekit.checks import check_project

    problems = check_project(Project(project))
    if as_json:
        out.print_json(json.dumps({"problems": problems}))
    if problems:
        raise CheckFailed([] if as_json else problems)
    if not as_json:
        out.print("no problems")


@app.command("serve")
@reports_errors
def serve_command(
    project: ProjectOption = Path("."),
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1.")] = 8000,
) -> None:
    """Preview build/site on http://127.0.0.1:PORT/, rebuilding when an input changes."""
    from rulekit.build import build

    proj = Project(project)
    seen = input_hash(proj)
    build(proj)
    site = proj.build_dir / "site"
    # The handler resolves each request under this path afresh, so it serves
    # whichever tree the atomic build has swapped in.
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        out.print(f"serving {site} on http://127.0.0.1:{port}/ (Ctrl-C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(1)
                now = input_hash(proj)
                if now == seen:
                    continue
                seen = now
                out.print("input changed, rebuilding")
                try:
                    build(proj)
                except Exception as error:  # keep serving the last good build while editing
                    err.print(str(error), markup=False)
                else:
                    out.print("rebuilt")
        server.shutdown()


@app.command("schema")
def schema_command() -> None:
    """Print the JSON Schema of build/graph/<game>.json."""
    from rulekit.model import dump_json, graph_schema

    sys.stdout.write(dump_json(graph_schema()))


@app.command("add")
@reports_errors
def add_command(
    path: Annotated[Path, typer.Argument(help="The manual to register (.pdf or .txt).")],
    game: Annotated[str, typer.Option(help="Game id: lower case letters, digits, _.")],
    title: Annotated[str, typer.Option(help="The game's title.")],
    publisher: Annotated[str, typer.Option(help="The publisher.")],
    edition: Annotated[str, typer.Option(help="Edition and language of the rulebook.")],
    pages: Annotated[str, typer.Option(help="Printed page numbers, e.g. '10,11' or '3-9'.")],
    year: Annotated[int | None, typer.Option(help="Year of the edition.")] = None,
    project: ProjectOption = Path("."),
) -> None:
    """Register a further manual under sources/<game>/."""
    from rulekit.extract import extract as extract_manual
    from rulekit.model import SourceInfo
    from rulekit.sources import add_source, sha256_file

    if not path.is_file():
        raise InputError(path, 0, "no such file")
    extract_manual(path)  # refuse a manual extraction cannot read before registering it
    info = SourceInfo(
        game=game,
        title=title,
        publisher=publisher,
        year=year,
        edition=edition,
        pages=parse_pages(pages),
        file=f"manual{path.suffix.lower()}",
        sha256=sha256_file(path),
    )
    target = add_source(Project(project).sources_dir, path, info)
    out.print(f"registered {game} in {target}")


def parse_pages(spec: str) -> list[int]:
    """'10,11' or '3-5,9' -> [10, 11] or [3, 4, 5, 9]."""
    pages: list[int] = []
    try:
        for part in spec.split(","):
            first, _, last = part.strip().partition("-")
            pages.extend(range(int(first), int(last or first) + 1))
    except ValueError:
        raise typer.BadParameter(f"not a page list: {spec!r}") from None
    return pages


@app.command("graph")
@reports_errors
def graph_command(
    game: Annotated[str, typer.Argument(help="Game id.")],
    project: ProjectOption = Path("."),
    fmt: Annotated[str, typer.Option("--format", help="outline, json or dot.")] = "outline",
) -> None:
    """Print a game's rule graph as an outline, JSON or Graphviz DOT."""
    from rulekit.build import analyse
    from rulekit.export import graph_dot, graph_outline
    from rulekit.model import dump_json

    proj = Project(project)
    if not (proj.sources_dir / game / "source.yaml").is_file():
        raise InputError(proj.sources_dir / game, 0, f"no game {game!r} is registered")
    manual = next(m for m in analyse(proj) if m.info.game == game)
    if fmt == "json":
        sys.stdout.write(dump_json(manual.graph.to_dict()))
    elif fmt == "dot":
        sys.stdout.write(graph_dot(manual.graph))
    elif fmt == "outline":
        sys.stdout.write(graph_outline(manual.graph))
    else:
        raise typer.BadParameter(f"unknown format {fmt!r}; use outline, json or dot")


@i18n_app.command("update")
@reports_errors
def i18n_update_command(
    project: ProjectOption = Path("."),
    quiet: QuietOption = False,
) -> None:
    """Merge the current rule text into every language's catalogs, keeping all translations."""
    from rulekit.build import analyse
    from rulekit.catalogs import (
        TARGET_LANGUAGES,
        TEMPLATE_LANGUAGES,
        TEMPLATES_DOMAIN,
        catalog_bytes,
        empty_catalog,
        po_path,
        read_catalog,
        template_catalog,
        templates_catalog,
        update_catalog,
    )

    proj = Project(project)
    templates = [
        (template_catalog(m.graph, m.info), m.info.game, TARGET_LANGUAGES) for m in analyse(proj)
    ]
    templates.append((templates_catalog(proj.templates_dir), TEMPLATES_DOMAIN, TEMPLATE_LANGUAGES))
    staged: list[tuple[Path, bytes]] = []
    for template, domain, languages in templates:
        for lang in languages:
            path = po_path(proj.translations_dir, lang, domain)
            current = read_catalog(path, lang) if path.is_file() else empty_catalog(template, lang)
            staged.append((path, catalog_bytes(update_catalog(template, current))))
    # Every catalog is read and merged before the first one is written.
    for path, content in staged:
        if not path.is_file() or path.read_bytes() != content:
            write_atomic(path, content)
            if not quiet:
                out.print(f"updated {path}")


@i18n_app.command("stats")
@reports_errors
def i18n_stats_command(project: ProjectOption = Path("."), as_json: JsonOption = False) -> None:
    """Translated, fuzzy and untranslated entries per game and language."""
    from rulekit.catalogs import TARGET_LANGUAGES, catalog_stats, po_path, read_catalog
    from rulekit.model import dump_json
    from rulekit.sources import game_dirs

    proj = Project(project)
    rows = []
    for folder in game_dirs(proj.sources_dir):
        for lang in TARGET_LANGUAGES:
            path = po_path(proj.translations_dir, lang, folder.name)
            stats = catalog_stats(read_catalog(path, lang)) if path.is_file() else None
            rows.append({"game": folder.name, "lang": lang, **(stats.__dict__ if stats else {})})
    if as_json:
        sys.stdout.write(dump_json(rows))
        return
    out.print(f"{'game':<10} {'lang':<5} {'translated':>10} {'fuzzy':>6} {'untranslated':>12}")
    for row in rows:
        if "translated" not in row:
            out.print(f"{row['game']:<10} {row['lang']:<5} {'no catalog':>10}")
            continue
        out.print(
            f"{row['game']:<10} {row['lang']:<5} {row['translated']:>10} {row['fuzzy']:>6} "
            f"{row['untranslated']:>12}"
        )


@i18n_app.command("xliff")
@reports_errors
def i18n_xliff_command(
    project: ProjectOption = Path("."),
    output: Annotated[Path, typer.Option("--output", "-o", help="Folder to write.")] = Path(
        "build/xliff"
    ),
) -> None:
    """Export every catalog as XLIFF 1.2 (<output>/<lang>/<game>.xlf) for CAT tools."""
    from rulekit.catalogs import TARGET_LANGUAGES, catalog_xliff, po_path, read_catalog
    from rulekit.sources import game_dirs

    proj = Project(project)
    staged = []
    for folder in game_dirs(proj.sources_dir):
        for lang in TARGET_LANGUAGES:
            path = po_path(proj.translations_dir, lang, folder.name)
            if path.is_file():
                xliff = catalog_xliff(read_catalog(path, lang), folder.name)
                staged.append((output / lang / f"{folder.name}.xlf", xliff))
    for target, content in staged:
        write_atomic(target, content)
    out.print(f"{len(staged)} XLIFF files in {output}")


@app.command("trace")
@reports_errors
def trace_command(
    project: ProjectOption = Path("."),
    as_json: JsonOption = False,
    pin: Annotated[bool, typer.Option("--pin", help="Record the reviewed rule texts.")] = False,
) -> None:
    """Rule <-> engine code <-> tests; exit 1 on uncovered, suspect, orphan or duplicate links."""
    from rulekit.build import analyse
    from rulekit.engines import implementations
    from rulekit.model import dump_json
    from rulekit.trace import load_pins, marked_rules, trace, write_pins

    proj = Project(project)
    graphs = [m.graph for m in analyse(proj)]
    code, code_duplicates = implementations()
    tests, test_duplicates = marked_rules(proj.tests_dir)
    if pin:
        count = write_pins(graphs, set(code) | set(tests))
        out.print(f"pinned {count} rules to their current text")
    report = trace(graphs, code, tests, load_pins(), code_duplicates + test_duplicates)
    if as_json:
        sys.stdout.write(dump_json(report.to_dict()))
    else:
        for entry in report.rules:
            out.print(f"{entry.status:<9} {entry.id}", markup=False)
            if entry.diff:
                out.print(entry.diff, markup=False)
    problems = report.problems()
    if problems:
        raise CheckFailed([] if as_json else problems)


@app.command("play")
@reports_errors
def play_command(
    game: Annotated[str, typer.Argument(help="Game id.")],
    path: Annotated[Path, typer.Argument(help="A scenario file (YAML).")],
) -> None:
    """Run a scenario; exit 1 with the first expectation that failed."""
    from rulekit.scenarios import load_scenario, run_scenario

    if not path.is_file():
        raise InputError(path, 0, "no such file")
    scenario = load_scenario(path)
    if scenario.game != game:
        raise InputError(path, 1, f"scenario is for {scenario.game!r}, not {game!r}")
    try:
        outcome = run_scenario(scenario)
    except KeyError:
        raise InputError(path, 1, f"no engine for game {game!r}") from None
    if outcome.failure:
        raise CheckFailed([f"{path}: {outcome.failure}"])
    out.print(f"{path}: {len(outcome.checked)} expectations hold")


@glossary_app.command("export")
@reports_errors
def glossary_export_command(
    project: ProjectOption = Path("."),
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="TBX file to write (default stdout).")
    ] = None,
) -> None:
    """Export the termbase as TBX v3 (TBX-Basic) for CAT tools."""
    from rulekit.glossary import load_glossary
    from rulekit.tbx import write_tbx

    data = write_tbx(load_glossary(Project(project).glossary_file))
    if output is None:
        sys.stdout.write(data.decode("utf-8"))
    else:
        write_atomic(output, data)


@glossary_app.command("import")
@reports_errors
def glossary_import_command(
    path: Annotated[Path, typer.Argument(help="A TBX v3 (TBX-Basic) file.")],
    project: ProjectOption = Path("."),
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="YAML to write (default the termbase).")
    ] = None,
) -> None:
    """Import a TBX termbase into the YAML glossary (replacing its entries)."""
    from rulekit.glossary import write_glossary
    from rulekit.tbx import read_tbx

    if not path.is_file():
        raise InputError(path, 0, "no such file")
    terms = read_tbx(path)
    target = output or Project(project).glossary_file
    header = f"The rulekit termbase, imported from {path.name}. One entry per concept."
    write_atomic(target, write_glossary(terms, header).encode("utf-8"))
    out.print(f"{len(terms)} terms written to {target}")


@glossary_app.command("suggest")
@reports_errors
def glossary_suggest_command(
    project: ProjectOption = Path("."), as_json: JsonOption = False
) -> None:
    """List nouns and compounds of the rules that the glossary does not cover yet."""
    from rulekit.build import analyse
    from rulekit.extract.lexicon import german_lexicon
    from rulekit.glossary import glossary_words, load_glossary, suggest_terms
    from rulekit.model import dump_json

    proj = Project(project)
    glossary = load_glossary(proj.glossary_file)
    manuals = analyse(proj)
    candidates = suggest_terms(
        [m.graph for m in manuals], glossary, german_lexicon(glossary_words(glossary))
    )
    if as_json:
        sys.stdout.write(dump_json([c.__dict__ for c in candidates]))
        return
    for candidate in candidates:
        out.print(f"{candidate.count:4}  {candidate.word}", markup=False)
        for context in candidate.contexts:
            out.print(f"        {context}", markup=False)


def main() -> None:
    """Entry point for `python -m rulekit`."""
    app()


if __name__ == "__main__":
    main()
