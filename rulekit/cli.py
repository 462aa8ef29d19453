"""The `rulekit` command line: a thin layer over the stages.

Bad input prints one line `path:line: message` (or `rulekit <command>:
message` for a bad option) and exits 2; a failed check exits 1.  Commands
whose output is data take `--json`.

The stages are imported inside the commands that use them: spaCy, pdfium
and WeasyPrint take over a second to load, and `rulekit build` with nothing
changed must answer well within one.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from typer.core import TyperGroup

from rulekit.errors import CheckFailed, InputError
from rulekit.files import write_atomic
from rulekit.options import (
    GameArgument,
    GraphFormat,
    JsonOption,
    Problems,
    ProjectOption,
    QuietOption,
    game_id,
    manual_file,
    output_file,
    output_folder,
    parse_pages,
    parse_year,
    project_folder,
    registered_fields,
)
from rulekit.project import BuildResult, Project, current_build, input_hash
from rulekit.reporting import command_label, run_reporting


class RulekitGroup(TyperGroup):
    """The root command: however it is called, every failure is reported by `run_reporting`.

    Typer would print a usage box for a bad option and a traceback for any
    other error; here the app always runs in Click's non-standalone mode, so
    every exception reaches `run_reporting`.
    """

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; in standalone mode (the default) exit with its code."""
        if not standalone_mode:  # the caller handles errors itself
            return TyperGroup.main(
                self, args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        words = sys.argv[1:] if args is None else list(args)
        # Messages say "rulekit add" however rulekit was started (`python -m`, a test runner).
        code = run_reporting(
            lambda: TyperGroup.main(
                self, words, "rulekit", complete_var, False, windows_expand_args, **extra
            ),
            command_label(self, words),
        )
        sys.exit(code)


app = typer.Typer(
    cls=RulekitGroup,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help=__doc__,
)
i18n_app = typer.Typer(no_args_is_help=True, help="Translation catalogs.")
app.add_typer(i18n_app, name="i18n")
glossary_app = typer.Typer(no_args_is_help=True, help="The termbase: TBX exchange and suggestions.")
app.add_typer(glossary_app, name="glossary")
cards_app = typer.Typer(no_args_is_help=True, help="The editors' quick-reference cards.")
app.add_typer(cards_app, name="cards")

err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)


@app.command("build")
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
def extract_command(
    path: Annotated[Path, typer.Argument(help="A manual (.pdf or .txt) or a source folder.")],
    as_json: JsonOption = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", callback=output_file, help="Write to this file instead of stdout."
        ),
    ] = None,
) -> None:
    """Print the clean body text of a manual (or blocks and repairs with --json)."""
    from rulekit.extract import extract as extract_manual
    from rulekit.model import dump_json

    with page_progress() as progress:
        extraction = extract_manual(path, progress=progress)
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


@contextlib.contextmanager
def page_progress() -> Iterator[Callable[[int, int], None]]:
    """A progress bar of pages read, on stderr when it is a terminal (OCR takes seconds a page)."""
    with Progress(
        TextColumn("pages"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not sys.stderr.isatty(),
        transient=True,
    ) as bar:
        task = bar.add_task("pages", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


@app.command("check")
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
def serve_command(
    project: ProjectOption = Path("."),
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port on 127.0.0.1.")] = 8000,
) -> None:
    """Preview build/site on http://127.0.0.1:PORT/, rebuilding what an edit touched and
    reloading the open page."""
    from rulekit.build import build
    from rulekit.serve import serve

    proj = Project(project)
    serve(
        proj,
        port,
        rebuild=lambda: build(proj),
        say=lambda line: out.print(line, markup=False),
        complain=lambda line: err.print(line, markup=False),
    )


@app.command("schema")
def schema_command() -> None:
    """Print the JSON Schema of build/graph/<game>.json."""
    from rulekit.model import dump_json, graph_schema

    sys.stdout.write(dump_json(graph_schema()))


@app.command("add")
def add_command(
    path: Annotated[
        Path | None,
        typer.Argument(
            metavar="PATH", help="The manual to register (.pdf or .txt).", show_default=False
        ),
    ] = None,
    game: Annotated[
        str | None, typer.Option(help="Game id: a lower-case letter, then letters, digits, _.")
    ] = None,
    title: Annotated[
        str | None, typer.Option(help="The game's title (default: the first heading).")
    ] = None,
    publisher: Annotated[str | None, typer.Option(help="The publisher.")] = None,
    edition: Annotated[
        str | None, typer.Option(help="Edition and language of the rulebook.")
    ] = None,
    pages: Annotated[
        str | None,
        typer.Option(help="Printed page numbers, e.g. '10,11' or '3-9' (default: cite sections)."),
    ] = None,
    year: Annotated[str | None, typer.Option(help="Year of the edition.")] = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help="Re-register a registered game: new manual and sha256; "
            "other fields kept unless given, graph.yaml untouched.",
        ),
    ] = False,
    project: Annotated[
        Path, typer.Option("--project", help="Project root (holds sources/, glossary/, ...).")
    ] = Path("."),
) -> None:
    """Register a manual under sources/<game>/, or re-register an edited one with --replace.

    Only PATH and --game are needed: the title defaults to the first heading,
    and without --pages the graph and cards cite sections.  It prints what it
    found and where to correct it.  --replace keeps the recorded fields that
    are not given, and never touches graph.yaml.
    """
    from rulekit.intake import examine, report
    from rulekit.sources import add_source, replace_source, sha256_file

    problems = Problems()
    if path is None:
        problems.missing("PATH", "name the manual to register (.pdf or .txt)")
    else:
        problems.check(str(path), manual_file, path)
    if game is None:
        problems.missing("--game", "name the game with an id such as --game my_game")
    else:
        problems.check("--game", game_id, game)
    page_numbers = None if pages is None else problems.check("--pages", parse_pages, pages)
    year_number = None if year is None else problems.check("--year", parse_year, year)
    problems.check("--project", project_folder, project)
    problems.raise_any()
    assert path is not None and game is not None  # each was reported above when missing
    proj = Project(project)
    sources = proj.sources_dir
    given: dict[str, object] = {
        "title": title,
        "publisher": publisher,
        "edition": edition,
        "year": year_number,
        "pages": page_numbers,
    }
    fields = {key: value for key, value in given.items() if value is not None}
    title_from = "option" if title is not None else "recorded"
    if replace:
        fields = {**registered_fields(sources / game), **fields}
    elif (sources / game).exists():
        raise InputError(sources / game, 0, f"game {game!r} is already registered; add --replace")
    fields.update(game=game, file=f"manual{path.suffix.lower()}", sha256=sha256_file(path))
    # The manual is read, and its graph built, before anything is registered.
    with page_progress() as progress:
        intake = examine(proj, path, fields, title_from, progress)
    target = (replace_source if replace else add_source)(sources, path, intake.info)
    out.print(f"{'re-registered' if replace else 'registered'} {game} in {target}", markup=False)
    for line in report(intake, target, proj):
        out.print(line, markup=False)


@app.command("graph")
def graph_command(
    game: GameArgument,
    project: ProjectOption = Path("."),
    fmt: Annotated[GraphFormat, typer.Option("--format", help="What to print.")] = (
        GraphFormat.outline
    ),
) -> None:
    """Print a game's rule graph as an outline, JSON or Graphviz DOT."""
    from rulekit.build import analyse
    from rulekit.export import graph_dot, graph_outline
    from rulekit.model import dump_json

    proj = Project(project)
    if not (proj.sources_dir / game / "source.yaml").is_file():
        raise InputError(proj.sources_dir / game, 0, f"no game {game!r} is registered")
    manual = next(m for m in analyse(proj, specs=False) if m.info.game == game)
    if fmt is GraphFormat.json:
        sys.stdout.write(dump_json(manual.graph.to_dict()))
    elif fmt is GraphFormat.dot:
        sys.stdout.write(graph_dot(manual.graph))
    else:
        sys.stdout.write(graph_outline(manual.graph))


@i18n_app.command("update")
def i18n_update_command(
    project: ProjectOption = Path("."),
    quiet: QuietOption = False,
) -> None:
    """Merge the current rule text into every language's catalogs, keeping all translations."""
    from rulekit.build import analyse
    from rulekit.i18n.catalogs import updated_catalogs
    from rulekit.i18n.glossary import load_glossary

    proj = Project(project)
    games = [(m.graph, m.info, m.quickref) for m in analyse(proj)]
    glossary = load_glossary(proj.glossary_file)
    staged = updated_catalogs(proj.translations_dir, games, proj.templates_dir, glossary)
    # Every catalog is read and merged before the first one is written.
    for path, content in staged:
        if not path.is_file() or path.read_bytes() != content:
            write_atomic(path, content)
            if not quiet:
                out.print(f"updated {path}")


@i18n_app.command("stats")
def i18n_stats_command(project: ProjectOption = Path("."), as_json: JsonOption = False) -> None:
    """Translated, fuzzy and untranslated entries per catalog and language."""
    from rulekit.i18n.catalogs import catalog_domains, catalog_stats, po_path
    from rulekit.i18n.pofile import read_catalog
    from rulekit.model import dump_json
    from rulekit.sources import game_dirs

    proj = Project(project)
    rows = []
    for domain in catalog_domains(folder.name for folder in game_dirs(proj.sources_dir)):
        for lang in domain.languages:
            path = po_path(proj.translations_dir, lang, domain.domain)
            stats = catalog_stats(read_catalog(path, lang)) if path.is_file() else None
            rows.append(
                {"catalog": domain.domain, "lang": lang, **(stats.__dict__ if stats else {})}
            )
    if as_json:
        sys.stdout.write(dump_json(rows))
        return
    out.print(f"{'catalog':<10} {'lang':<5} {'translated':>10} {'fuzzy':>6} {'untranslated':>12}")
    for row in rows:
        if "translated" not in row:
            out.print(f"{row['catalog']:<10} {row['lang']:<5} {'no catalog':>10}")
            continue
        out.print(
            f"{row['catalog']:<10} {row['lang']:<5} {row['translated']:>10} {row['fuzzy']:>6} "
            f"{row['untranslated']:>12}"
        )


@i18n_app.command("xliff")
def i18n_xliff_command(
    project: ProjectOption = Path("."),
    output: Annotated[
        Path, typer.Option("--output", "-o", callback=output_folder, help="Folder to write.")
    ] = Path("build/xliff"),
) -> None:
    """Export every catalog as XLIFF 1.2 (<output>/<lang>/<catalog>.xlf) for CAT tools."""
    from rulekit.i18n.catalogs import catalog_domains, po_path
    from rulekit.i18n.pofile import read_catalog
    from rulekit.i18n.xliff import catalog_xliff
    from rulekit.sources import game_dirs

    proj = Project(project)
    staged = []
    for domain in catalog_domains(folder.name for folder in game_dirs(proj.sources_dir)):
        for lang in domain.languages:
            path = po_path(proj.translations_dir, lang, domain.domain)
            if path.is_file():
                catalog = read_catalog(path, lang)
                xliff = catalog_xliff(catalog, domain.domain, domain.source_language)
                staged.append((output / lang / f"{domain.domain}.xlf", xliff))
    for target, content in staged:
        write_atomic(target, content)
    out.print(f"{len(staged)} XLIFF files in {output}")


@cards_app.command("pin")
def cards_pin_command(
    game: GameArgument,
    project: ProjectOption = Path("."),
    reviewed: Annotated[
        bool, typer.Option("--reviewed", help="Also pin rules whose text changed.")
    ] = False,
) -> None:
    """Pin a card spec's rules to the current graph; exit 1 on rules left to choose."""
    from rulekit.build import analyse_each
    from rulekit.quickref import SPEC_FILE, pin_spec

    proj = Project(project)
    path = proj.sources_dir / game / SPEC_FILE
    if not path.is_file():
        raise InputError(path, 0, f"no card spec of {game!r}")
    manual = next(m for m in analyse_each(proj, specs=False) if m.info.game == game)
    pinning = pin_spec(path, manual.graph, reviewed)
    if pinning.pinned:
        write_atomic(path, pinning.text.encode())
    for line in pinning.pinned:
        out.print(f"re-pinned {line}", markup=False)
    if pinning.left:
        raise CheckFailed(pinning.left)


@app.command("trace")
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
def play_command(
    game: GameArgument,
    path: Annotated[Path, typer.Argument(help="A scenario file (YAML).")],
    lang: Annotated[
        str, typer.Option("--lang", help="Language of the refusals shown: de, en, fr or pl.")
    ] = "de",
) -> None:
    """Run a scenario; show each refusal in `--lang`; exit 1 at the first failed expectation."""
    from rulekit.i18n.catalogs import SOURCE_LANGUAGE, TARGET_LANGUAGES
    from rulekit.scenarios import load_scenario, run_scenario

    if lang not in (SOURCE_LANGUAGE, *TARGET_LANGUAGES):
        raise typer.BadParameter(f"{lang!r} is not one of de, en, fr, pl", param_hint="--lang")

    if not path.is_file():
        raise InputError(path, 0, "no such file")
    scenario = load_scenario(path)
    if scenario.game != game:
        raise scenario.error(("game",), f"scenario is for {scenario.game!r}, not {game!r}")
    outcome = run_scenario(scenario, lang)
    for number, violation in outcome.refusals:
        out.print(f"step {number}: {violation.message(lang)}", markup=False)
    if outcome.failure:
        raise CheckFailed([f"{path}: {outcome.failure}"])
    out.print(f"{path}: {len(outcome.checked)} expectations hold")


@glossary_app.command("export")
def glossary_export_command(
    project: ProjectOption = Path("."),
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", callback=output_file, help="TBX file to write (default stdout)."
        ),
    ] = None,
) -> None:
    """Export the termbase as TBX v3 (TBX-Basic) for CAT tools."""
    from rulekit.i18n.glossary import load_glossary
    from rulekit.i18n.tbx import write_tbx

    data = write_tbx(load_glossary(Project(project).glossary_file))
    if output is None:
        sys.stdout.write(data.decode("utf-8"))
    else:
        write_atomic(output, data)


@glossary_app.command("import")
def glossary_import_command(
    path: Annotated[Path, typer.Argument(help="A TBX v3 (TBX-Basic) file.")],
    project: ProjectOption = Path("."),
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", callback=output_file, help="YAML to write (default the termbase)."
        ),
    ] = None,
) -> None:
    """Import a TBX termbase into the YAML glossary (replacing its entries)."""
    from rulekit.i18n.glossary import write_glossary
    from rulekit.i18n.tbx import read_tbx

    if not path.is_file():
        raise InputError(path, 0, "no such file")
    terms = read_tbx(path)
    target = output or Project(project).glossary_file
    header = f"The rulekit termbase, imported from {path.name}. One entry per concept."
    write_atomic(target, write_glossary(terms, header).encode("utf-8"))
    out.print(f"{len(terms)} terms written to {target}")


@glossary_app.command("suggest")
def glossary_suggest_command(
    project: ProjectOption = Path("."), as_json: JsonOption = False
) -> None:
    """List nouns and compounds of the rules that the glossary does not cover yet."""
    from rulekit.build import analyse
    from rulekit.extract.lexicon import german_lexicon
    from rulekit.i18n.glossary import glossary_words, load_glossary, suggest_terms
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


def main(args: Sequence[str] | None = None) -> None:
    """The `rulekit` console script and `python -m rulekit`; exits with the command's code.

    `args` default to the command line.  The app runs in Click's non-standalone
    mode inside `run_reporting` (see `RulekitGroup`), which reports every error.
    """
    typer.main.get_command(app).main(args, prog_name="rulekit")


if __name__ == "__main__":
    main()
