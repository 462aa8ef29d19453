"""Time `rulekit build` as its users meet it: by the command line, in a fresh interpreter.

Prints, each beside its target:

    cold       the bundled project (5 games x 4 languages) into an empty build/
    unchanged  the same again, nothing changed
    French     one msgstr of one game's French catalog changed (a translator's edit of
               a section heading: that game's French texts and pages; no card shows it)
    German     one sentence of one manual changed (graph, four catalogs' texts, that
               game's pages; the sentence is an example, which no card prints)
    printed    one line of the same game's quick reference changed, its translations
               carried over (that game's German cards, which alone print it)

and a cold build of 5, 20 and 50 games (the bundled ones copied under other ids),
in seconds per game-language, with a note whether the time grows linearly: whether
each further game-language costs the same (within LINEAR_SPREAD) from size to size.

    .venv/bin/python bench/build.py [--games 5,20,50]

Timings depend on what else runs: the load average before and after is printed,
and beside each wall-clock time the CPU seconds the build and its workers used
(their sum over the cores), which other programs on the machine disturb far less.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("sources", "glossary", "templates", "translations")
LANGUAGES = 4
# A printed line has the German edit's target: it typesets one language's cards.
TARGETS = {"cold": 10.0, "unchanged": 0.5, "French": 1.5, "German": 4.0, "printed": 4.0}
# The scaling is called linear while the cost of a further game-language stays within
# this fraction of what it was between the two smallest projects.
LINEAR_SPREAD = 0.25
EDITED_GAME = "risiko"
GERMAN_BEFORE, GERMAN_AFTER = "(Maximum für Verteidigungen)", "(Maximum bei Abwehr)"
# Edited after the words its catalog key is made of, so that the key stays.
CARD_LINE = "Setze alle Verstärkungen in eigene Gebiete."
CARD_LINE_AFTER = "Setze alle Verstärkungen in eigene Gebiete, auch mehrere in eines."


def make_project(root: Path, games: int) -> Path:
    """A copy of the bundled project with `games` games: the bundled ones, then copies
    of them under new ids (`risiko_2`, ...), each with its catalogs."""
    for part in PARTS:
        shutil.copytree(ROOT / part, root / part)
    shutil.copy(ROOT / "rulekit.yaml", root / "rulekit.yaml")
    (root / "tests").mkdir()
    bundled = sorted(p.name for p in (ROOT / "sources").iterdir() if p.is_dir())
    for number in range(len(bundled), games):
        game = bundled[number % len(bundled)]
        copy_game(root, game, f"{game}_{number // len(bundled) + 1}")
    return root


def copy_game(root: Path, game: str, new: str) -> None:
    """Register `game` again as `new`: its sources and catalogs with the ids renamed."""
    ids = re.compile(rf"(?<![\w-]){re.escape(game)}(?=[.#/])")
    shutil.copytree(root / "sources" / game, root / "sources" / new)
    for path in (root / "sources" / new).glob("*.yaml"):
        text = ids.sub(new, path.read_text("utf-8"))
        path.write_text(re.sub(rf"(?m)^game: {game}$", f"game: {new}", text), "utf-8")
    for catalog in (root / "translations").glob(f"*/LC_MESSAGES/{game}.po"):
        catalog.with_name(f"{new}.po").write_text(ids.sub(new, catalog.read_text("utf-8")))


def timed_build(root: Path) -> tuple[float, float]:
    """Wall-clock and CPU seconds `rulekit build -q` takes on the project in `root`;
    CPU counts the build process and everything it waited for (card workers,
    Ghostscript, Pagefind)."""
    command = [sys.executable, "-m", "rulekit", "build", "-q", "--project", str(root)]
    before = _children_cpu()
    start = time.perf_counter()
    subprocess.run(command, check=True)
    return time.perf_counter() - start, _children_cpu() - before


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def edit_french(root: Path) -> None:
    """Change the first capitalised msgstr of one game's French catalog."""
    catalog = root / "translations" / "fr" / "LC_MESSAGES" / f"{EDITED_GAME}.po"
    text, count = re.subn(
        r'(?m)^msgstr "([A-Z][^"]+)"$', r'msgstr "\1 (revu)"', catalog.read_text("utf-8"), count=1
    )
    assert count == 1, "no msgstr to edit"
    catalog.write_text(text, "utf-8")


def edit_german(root: Path) -> None:
    """Change one sentence of one manual, keeping its rule ids."""
    manual = root / "sources" / EDITED_GAME / "manual.txt"
    text = manual.read_text("utf-8")
    assert GERMAN_BEFORE in text, "the sentence to edit is gone"
    manual.write_text(text.replace(GERMAN_BEFORE, GERMAN_AFTER), "utf-8")
    # Recorded as `rulekit add --replace` would: the build checks a manual's checksum.
    source = manual.with_name("source.yaml")
    checksum = hashlib.sha256(manual.read_bytes()).hexdigest()
    source.write_text(re.sub(r"(?m)^sha256: .*$", f"sha256: {checksum}", source.read_text()))


def edit_card_line(root: Path) -> None:
    """Change one line of one game's quick reference, as translators who find their
    translations still right leave them: the catalogs name the new German."""
    spec = root / "sources" / EDITED_GAME / "cards.yaml"
    text = spec.read_text("utf-8")
    assert CARD_LINE in text, "the line to edit is gone"
    spec.write_text(text.replace(CARD_LINE, CARD_LINE_AFTER), "utf-8")
    for catalog in (root / "translations").glob(f"*/LC_MESSAGES/{EDITED_GAME}.po"):
        po = catalog.read_text("utf-8")
        catalog.write_text(po.replace(f'msgid "{CARD_LINE}"', f'msgid "{CARD_LINE_AFTER}"'))


def line(name: str, seconds: float, cpu: float) -> str:
    target = TARGETS[name]
    verdict = "ok" if seconds <= target else "MISSED"
    return (
        f"{name + ':':<11} {seconds:6.2f} s   target <= {target:4.1f} s   {verdict:<6}"
        f"   (CPU {cpu:6.2f} s)"
    )


def scaling_note(seconds: dict[int, float]) -> str:
    """Whether build time grows linearly with game-languages: the cost of each further
    game-language (between consecutive sizes) stays within LINEAR_SPREAD of the first
    such cost.  Per game-language averages fall as a project grows, since the fixed
    costs (start-up, the site's shared pages) are spread thinner, so they are not used."""
    sizes = sorted(seconds)
    marginal = [
        (seconds[b] - seconds[a]) / ((b - a) * LANGUAGES) for a, b in itertools.pairwise(sizes)
    ]
    shown = ", ".join(f"{cost:.3f}" for cost in marginal)
    if len(marginal) < 2:
        return f"{shown} s per further game-language (three sizes tell whether it is linear)"
    change = max(abs(cost / marginal[0] - 1) for cost in marginal)
    verdict = "linear" if change <= LINEAR_SPREAD else "NOT linear"
    return (
        f"{verdict}: {shown} s per further game-language between the sizes "
        f"(they differ by up to {change:.0%}; linear means within {LINEAR_SPREAD:.0%})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="5,20,50", help="project sizes for the scaling table")
    sizes = [int(n) for n in parser.parse_args().games.split(",")]
    print(f"{os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        root = make_project(Path(folder) / "bundled", 5)
        times = {"cold": timed_build(root), "unchanged": timed_build(root)}
        edit_french(root)
        times["French"] = timed_build(root)
        edit_german(root)
        times["German"] = timed_build(root)
        edit_card_line(root)
        times["printed"] = timed_build(root)
        for name, (seconds, cpu) in times.items():
            print(line(name, seconds, cpu))
        print("scaling, cold builds:")
        print(
            f"{'games':>6} {'seconds':>8} {'CPU s':>8}   per game-language: {'s':>6} {'CPU s':>6}"
        )
        wall: dict[int, float] = {}
        cpu: dict[int, float] = {}
        for games in sizes:
            wall[games], cpu[games] = timed_build(
                make_project(Path(folder) / f"games-{games}", games)
            )
            per = games * LANGUAGES
            print(
                f"{games:>6} {wall[games]:>8.1f} {cpu[games]:>8.1f}   {'':>19} "
                f"{wall[games] / per:>6.3f} {cpu[games] / per:>6.3f}"
            )
        if len(sizes) > 1:
            print(f"wall clock: {scaling_note(wall)}")
            print(f"CPU:        {scaling_note(cpu)}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
