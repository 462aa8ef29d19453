"""Shared fixtures: a private copy of the project, so tests never touch the real tree."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulekit.graph.builder import GraphBuilder
from rulekit.model import Block, Extraction, RuleGraph, SourceInfo
from rulekit.project import Project

ROOT = Path(__file__).resolve().parent.parent
PROJECT_PARTS = ("sources", "glossary", "templates", "translations")


def copy_project(target: Path) -> Project:
    """Copy the inputs of the real project (not its build) under `target`."""
    for part in PROJECT_PARTS:
        shutil.copytree(ROOT / part, target / part)
    shutil.copy(ROOT / "rulekit.yaml", target / "rulekit.yaml")
    (target / "tests").mkdir()
    return Project(target)


@pytest.fixture
def project(tmp_path: Path) -> Project:
    """A fresh, writable copy of the project's inputs."""
    return copy_project(tmp_path / "project")


def tree_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, as relative path -> content."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def builder() -> GraphBuilder:
    """The graph pipeline without a glossary, one per test module; a module whose manuals
    use glossary terms defines its own."""
    from rulekit.extract.lexicon import german_lexicon

    return GraphBuilder([], german_lexicon())


def invented_manual(game: str) -> SourceInfo:
    """The source of a small manual a test invents: one page, no real file behind it."""
    return SourceInfo(
        game=game,
        title=game.capitalize(),
        publisher="Nobody",
        edition="test",
        pages=[1],
        file="manual.txt",
        sha256="0" * 64,
    )


def invented_blocks(*texts: str) -> Extraction:
    """The extraction of an invented one-page manual: "# Title" is a heading, any
    other text a paragraph, one line each."""
    blocks = [
        Block(
            kind="heading" if t.startswith("#") else "paragraph",
            text=t.lstrip("# "),
            page=1,
            lines=(i, i),
        )
        for i, t in enumerate(texts, start=1)
    ]
    return Extraction(blocks=blocks, repairs=[])


# The built site and the browser, session-wide for every tests/test_site*.py.


from tests.sitefixtures import browser, page, site  # noqa: E402, F401


def read_copy(folder: Path, text: str, game: str) -> tuple[Extraction, RuleGraph]:
    """A manual copied out of a viewer, saved in `folder`: its extraction and graph."""
    from rulekit.extract import extract
    from rulekit.extract.lexicon import german_lexicon
    from rulekit.graph.builder import GraphBuilder

    path = folder / "manual.txt"
    path.write_text(text, encoding="utf-8")
    extraction = extract(path, None)
    return extraction, GraphBuilder([], german_lexicon()).build(invented_manual(game), extraction)


def linked(graph: RuleGraph, edge_type: str, opening: str) -> list[str]:
    """The texts of the nodes that the node opening with `opening` links to by `edge_type`."""
    text = {node.id: node.text for node in graph.nodes}
    return [
        text[edge.to]
        for edge in graph.edges
        if edge.type == edge_type and text[edge.from_].startswith(opening)
    ]


def node_kinds(graph: RuleGraph) -> dict[str, str]:
    """Each node's text and its kind."""
    return {node.text: node.kind for node in graph.nodes}
