"""Command-line options: each one is checked as it is parsed, before a command does
any work, so a bad one is reported as `rulekit <command>: --option: message` and
nothing is written.

This module imports nothing heavy: it is loaded by every command line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from rulekit.errors import InputError
from rulekit.project import GAME_ID_PATTERN

GAME_ID = re.compile(GAME_ID_PATTERN)
GAME_ID_MAX = 64
PAGE_MAX = 9999  # printed page numbers; also bounds the list a range like 1-10**9 would make
YEAR_MIN, YEAR_MAX = 1000, 9999

Value = TypeVar("Value")
Checked = TypeVar("Checked")


def project_folder(value: Path) -> Path:
    """--project: an existing folder that holds a sources/ folder."""
    if not value.is_dir():
        raise typer.BadParameter(f"not a folder: {str(value)!r}")
    if not (value / "sources").is_dir():
        raise typer.BadParameter(f"{str(value)!r} has no sources/ folder; is it a rulekit project?")
    return value


def game_id(value: str) -> str:
    """A game id: a lower-case letter, then lower-case letters, digits and _."""
    if not GAME_ID.fullmatch(value) or len(value) > GAME_ID_MAX:
        raise typer.BadParameter(
            f"not a game id: {value!r} (a lower-case letter, then lower-case letters, "
            f"digits or _, at most {GAME_ID_MAX} characters)"
        )
    return value


def output_file(value: Path | None) -> Path | None:
    """-o FILE: not a folder, and the folders above it are folders or can be made."""
    if value is not None:
        if value.is_dir():
            raise typer.BadParameter(f"{str(value)!r} is a folder; name a file")
        _creatable(value)
    return value


def output_folder(value: Path) -> Path:
    """-o FOLDER: a folder or nothing yet, below folders that are folders or can be made."""
    if value.exists() and not value.is_dir():
        raise typer.BadParameter(f"{str(value)!r} is a file; name a folder")
    _creatable(value)
    return value


def _creatable(path: Path) -> None:
    """Refuse a path below an existing file: writing there could only fail, and late."""
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise typer.BadParameter(f"{str(parent)!r} is a file, so {str(path)!r} cannot be")
            return


def manual_file(path: Path) -> Path:
    """A manual to register is a .pdf or .txt file."""
    from rulekit.sources import MANUAL_SUFFIXES

    if path.is_dir():
        raise InputError(path, 0, "a folder, not a manual file")
    if not path.is_file():
        raise InputError(path, 0, "no such file")
    if path.suffix.lower() not in MANUAL_SUFFIXES:
        raise InputError(path, 0, f"not a manual: name a {' or '.join(MANUAL_SUFFIXES)} file")
    return path


def registered_fields(folder: Path) -> dict[str, object]:
    """The source.yaml fields of the game that --replace registers again."""
    from rulekit.sources import read_source_info

    if not (folder / "source.yaml").is_file():
        raise typer.BadParameter(
            f"no game {folder.name!r} is registered in {folder.parent}; leave out --replace",
            param_hint="--replace",
        )
    return read_source_info(folder).model_dump(exclude_none=True)


def parse_pages(spec: str) -> list[int]:
    """'10,11' or '3-5,9' -> [10, 11] or [3, 4, 5, 9]: positive, ascending, each page once."""
    pages: list[int] = []
    for part in spec.split(","):
        match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", part)
        if match is None:
            raise typer.BadParameter(f"not a page list: {spec!r} (write e.g. '10,11' or '3-9')")
        first = int(match[1])
        last = int(match[2] or first)
        if first < 1 or last > PAGE_MAX:
            raise typer.BadParameter(f"pages are numbered 1 to {PAGE_MAX}: {part.strip()!r}")
        if last < first:
            raise typer.BadParameter(f"range {part.strip()!r} runs backwards; write {last}-{first}")
        if pages and first <= pages[-1]:
            raise typer.BadParameter(f"pages must ascend, each once: {spec!r}")
        pages.extend(range(first, last + 1))
    return pages


def parse_year(value: str) -> int:
    """--year: a four-digit year."""
    if not value.strip().isdigit() or not YEAR_MIN <= int(value) <= YEAR_MAX:
        raise typer.BadParameter(f"not a year: {value!r} (write e.g. 2019)")
    return int(value)


class Problems:
    """The problems of several options, gathered so that one message names them all.

    Each check runs a validator that raises `typer.BadParameter` (or
    `InputError`, for a file); `raise_any` then raises nothing, the one
    problem as it was raised, or every problem on one line,
    `rulekit <command>: --a: ...; --b: ...`.
    """

    def __init__(self) -> None:
        self.found: list[tuple[str, Exception]] = []

    def check(
        self, label: str, validate: Callable[[Value], Checked], value: Value
    ) -> Checked | None:
        """`validate(value)`, or None with the problem noted under `label` ("--game")."""
        try:
            return validate(value)
        except typer.BadParameter as error:
            self.found.append((label, error))
        except InputError as error:
            self.found.append((error.path, error))
        return None

    def missing(self, label: str, what: str) -> None:
        """Note a required option or argument that was not given."""
        self.found.append((label, typer.BadParameter(f"missing: {what}", param_hint=label)))

    def raise_any(self) -> None:
        """Raise the problems noted, if any."""
        if len(self.found) == 1:
            label, error = self.found[0]
            if isinstance(error, typer.BadParameter) and error.param_hint is None:
                error.param_hint = label
            raise error
        if self.found:
            raise SeveralProblems(
                "; ".join(f"{label}: {_reason(error)}" for label, error in self.found)
            )


class SeveralProblems(typer.BadParameter):
    """Problems of several options: reported as `rulekit <command>: ` and the message."""

    def format_message(self) -> str:
        """The message alone: it names each option itself."""
        return self.message


def _reason(error: Exception) -> str:
    """What a validator said, without the place its error names."""
    if isinstance(error, InputError):
        return error.message
    return str(getattr(error, "message", error))


class GraphFormat(StrEnum):
    """What `rulekit graph` prints."""

    outline = "outline"
    json = "json"
    dot = "dot"


ProjectOption = Annotated[
    Path,
    typer.Option(
        "--project", callback=project_folder, help="Project root (holds sources/, glossary/, ...)."
    ),
]
GameArgument = Annotated[str, typer.Argument(callback=game_id, help="Game id.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print data as JSON.")]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")]
