"""A rulekit project on disk: its folders, and whether its last build is current.

This module imports nothing heavy, so a build with nothing changed can be
answered before spaCy, pdfium or WeasyPrint are loaded.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from rulekit import __version__
from rulekit.files import leftovers

INPUTS_FILE = "inputs.sha256"
# A game id, the name of its folder under sources/ and the first part of its rule ids.
GAME_ID_PATTERN = r"^[a-z][a-z0-9_]*$"
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
    def config_file(self) -> Path:
        """The project's settings (`rulekit.config`), optional."""
        return self.root / "rulekit.yaml"

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
    rebuilt: list[str] = field(default_factory=list)  # outputs made anew, by key

    def under(self, folder: str) -> list[str]:
        """Paths written under one top-level folder of the build."""
        return sorted(path for path in self.files if path.startswith(f"{folder}/"))


def input_hash(project: Project) -> str:
    """A content hash of everything a build reads: the settings, sources, glossary,
    templates, translations, the tests (the trace reads their markers) and rulekit's own code."""
    digest = hashlib.sha256(__version__.encode())
    if project.config_file.is_file():
        digest.update(f"{project.config_file.name}\0".encode())
        digest.update(project.config_file.read_bytes())
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
                try:
                    content = path.read_bytes()
                except FileNotFoundError:
                    # Gone since the listing: the temporary file of an atomic write,
                    # e.g. `rulekit i18n update` replacing a catalog, renamed meanwhile.
                    continue
                digest.update(f"{path.relative_to(folder.parent)}\0".encode())
                digest.update(content)
    return digest.hexdigest()


def current_build(target: Path, inputs: str) -> BuildResult | None:
    """The build in `target` if it was made from inputs with hash `inputs`, else None.

    This reads without the build lock, so it also answers None when a killed
    build left its leftovers beside `target`: `rulekit.build.build` then takes
    the lock, cleans up and looks again.
    """
    if leftovers(target):
        return None
    return built_from(target, inputs)


def built_from(target: Path, inputs: str) -> BuildResult | None:
    """The build in `target` if it was made from inputs with hash `inputs`, else None.

    None too when another build swaps `target` while it is being listed.
    """
    recorded = target / INPUTS_FILE
    try:
        if not recorded.is_file() or recorded.read_text("utf-8") != inputs:
            return None
        return written_build(target)
    except FileNotFoundError:
        return None


def written_build(target: Path) -> BuildResult:
    """Every file of the build in `target`, with its size; not the build's own
    bookkeeping in hidden top-level folders (`.cache/`)."""
    return BuildResult(
        target,
        {
            str(path.relative_to(target)): path.stat().st_size
            for path in sorted(target.rglob("*"))
            if path.is_file() and not path.relative_to(target).parts[0].startswith(".")
        },
    )
