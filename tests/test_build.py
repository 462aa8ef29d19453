"""`rulekit build`: complete, schema-valid, deterministic and atomic."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from rulekit import buildsite
from rulekit.build import build
from rulekit.extract import lexicon
from rulekit.files import lock_file, write_tree
from rulekit.model import graph_schema
from rulekit.project import Project
from tests.conftest import tree_bytes

GAMES = ["invaders", "midway", "risiko", "stratego", "xidit"]


def test_build_writes_a_schema_valid_graph_per_game(project: Project) -> None:
    result = build(project)
    graphs = sorted(p.stem for p in (project.build_dir / "graph").glob("*.json"))
    assert graphs == GAMES
    validator = jsonschema.Draft202012Validator(graph_schema())
    for game in GAMES:
        data = json.loads((project.build_dir / "graph" / f"{game}.json").read_text("utf-8"))
        validator.validate(data)
        assert data["game"] == game
        assert {"game", "nodes", "edges", "terms"} <= data.keys()
        node = data["nodes"][0]
        assert {"id", "kind", "text", "terms", "fingerprint", "source"} <= node.keys()
        assert {"file", "page", "lines"} <= node["source"].keys()
    assert "site/index.html" in result.files
    assert "cards/pl/risiko-sheet.pdf" in result.files


def test_two_builds_are_byte_identical(project: Project, tmp_path: Path) -> None:
    build(project, out_dir=tmp_path / "first")
    build(project, out_dir=tmp_path / "second")
    first, second = tree_bytes(tmp_path / "first"), tree_bytes(tmp_path / "second")
    assert list(first) == list(second)
    different = [path for path in first if first[path] != second[path]]
    assert different == []


def test_a_stage_that_raises_leaves_the_previous_build_intact(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    build(project)
    before = tree_bytes(project.build_dir)

    def broken_site(*args: object, **kwargs: object) -> None:
        raise RuntimeError("site stage failed")

    monkeypatch.setattr(buildsite, "language_page", broken_site)
    # An input of the site, so that the site is made again (and fails).
    css = project.templates_dir / "site" / "site.css"
    css.write_text(css.read_text("utf-8") + "\n/* edited */\n", "utf-8")
    with pytest.raises(RuntimeError, match="site stage failed"):
        build(project)
    assert tree_bytes(project.build_dir) == before
    beside = [p.name for p in project.root.iterdir() if p.name.startswith(".build")]
    assert beside == [lock_file(project.build_dir).name]  # the lock file stays, by design


def test_write_tree_failing_midway_keeps_the_old_tree(tmp_path: Path) -> None:
    target = tmp_path / "build"
    write_tree({"a.txt": b"old"}, target)
    # A file and a folder of the same name cannot both be written: the write fails midway.
    with pytest.raises(OSError):
        write_tree({"b.txt": b"new", "b.txt/c.txt": b"new"}, target)
    assert tree_bytes(target) == {"a.txt": b"old"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build"]


def test_write_tree_recovers_from_an_interrupted_swap(tmp_path: Path) -> None:
    target = tmp_path / "build"
    write_tree({"a.txt": b"old"}, target)
    # An interruption between the two renames leaves only the moved-aside tree.
    target.rename(tmp_path / ".build.old")
    write_tree({"a.txt": b"new"}, target)
    assert tree_bytes(target) == {"a.txt": b"new"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build"]


def test_a_rebuild_with_nothing_changed_is_skipped(project: Project) -> None:
    first = build(project)
    stamp = (project.build_dir / "graph" / "risiko.json").stat().st_mtime_ns
    again = build(project)
    assert (project.build_dir / "graph" / "risiko.json").stat().st_mtime_ns == stamp
    assert again.files == first.files  # the same report, search index included
    assert "site/pagefind/pagefind.js" in again.files
    assert _stages_loaded_by_cli_build(project) == []
    assert (project.build_dir / "graph" / "risiko.json").stat().st_mtime_ns == stamp
    _edit_an_input(project)
    # A card stylesheet changed: every deck is made again, the graphs are kept.
    rebuilt = build(project).rebuilt
    assert "cards/pl/risiko" in rebuilt and "analyse/risiko" not in rebuilt
    assert (project.build_dir / "graph" / "risiko.json").stat().st_mtime_ns == stamp


def _stages_loaded_by_cli_build(project: Project) -> list[str]:
    """The slow libraries `rulekit build` imported in a fresh interpreter."""
    probe = (
        "import sys\n"
        "from rulekit.cli import app\n"
        f"app(['build', '-q', '--project', {str(project.root)!r}], standalone_mode=False)\n"
        "print(' '.join(m for m in ('spacy', 'pypdfium2', 'weasyprint') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return done.stdout.split()


def _edit_an_input(project: Project) -> None:
    """Change a template without changing what it renders."""
    css = sorted(project.templates_dir.rglob("*.css"))[0]
    css.write_text(css.read_text("utf-8") + "\n/* edited */\n", "utf-8")


def test_the_card_workers_start_before_the_analysis_loads_its_tools(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    # They set up (WeasyPrint, the hyphenation patterns) while the build process loads
    # spaCy and the lexicon, not after the first game is analysed.
    def loading(words: object) -> None:
        raise RuntimeError(f"{len(multiprocessing.active_children())} workers")

    monkeypatch.setattr(lexicon, "german_lexicon", loading)
    with pytest.raises(RuntimeError, match=f"^{os.cpu_count() or 1} workers$"):
        build(project)
    assert multiprocessing.active_children() == []  # ended with the failed build


def test_the_build_process_keys_the_cards_without_loading_weasyprint() -> None:
    # WeasyPrint is the card workers' to load: the build process hashes what the cards
    # show (`rulekit.output.cards.printed`) without it.
    code = (
        "import sys, rulekit.build, rulekit.output.cards.printed; "
        "sys.exit('weasyprint' in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
