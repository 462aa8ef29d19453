"""A rulekit project on disk: its folders, and whether its last build is current.

This module imports nothing heavy, so a build with nothing changed can be
answered before spaCy, pdfplumber or WeasyPrint are loaded.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from rulekit import __version__

INPUTS_FILE = "inputs.sha256"
PACKAGE_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Project:
    """The folders of a rulekit project, all under one root."""

    root: Path

    @property
    def sources_dir(self) -> Path:
        return self.root / "sources"

    @property
    def glossary_file(self) -> Path:
        return self.root / "glossary" / "terms.yaml"

    @property
    def templates_dir(self) -> Path:
        return self.root / "templates"

    @property
    def translations_dir(self) -> Path:
        return self.root / "translations"

    @property
    def tests_dir(self) -> Path:
        return self.root / "tests"

    @property
    def build_dir(self) -> Path:
        return self.root / "build"


@dataclass
class BuildResult:
    """What a build wrote, for the CLI to report."""

    out_dir: Path
    files: dict[str, int] = field(default_factory=dict)

    def under(self, folder: str) -> list[str]:
        """Paths written under one top-level folder of the build."""
        return sorted(path for path in self.files if path.startswith(f"{folder}/"))


def input_hash(project: Project) -> str:
    """A content hash of everything a build reads: sources, glossary, templates,
    translations, the tests (the trace reads their markers) and rulekit's own code."""
    digest = hashlib.sha256(__version__.encode())
    folders = [
        project.sources_dir,
        project.glossary_file.parent,
        project.templates_dir,
        project.translations_dir,
        project.tests_dir,
        PACKAGE_DIR,
    ]
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(f"{path.relative_to(folder.parent)}\0".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def current_build(target: Path, inputs: str) -> BuildResult | None:
    """The build in `target` if it was made from inputs with hash `inputs`, else None."""
    recorded = target / INPUTS_FILE
    if not recorded.is_file() or recorded.read_text("utf-8") != inputs:
        return None
    return written_build(target)


def written_build(target: Path) -> BuildResult:
    """Every file of the build in `target`, with its size."""
    return BuildResult(
        target,
        {
            str(path.relative_to(target)): path.stat().st_size
            for path in sorted(target.rglob("*"))
            if path.is_file()
        },
    )
