"""The manuals in `sources/<game>/`: loading, verifying and registering them."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

import yaml
from pydantic import ValidationError

from rulekit.errors import InputError
from rulekit.model import SourceInfo

MANUAL_SUFFIXES = (".pdf", ".txt")


def sha256_file(path: Path) -> str:
    """The SHA-256 hex digest of a file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


def page_label(pages: Iterable[int]) -> str:
    """Printed pages as people write them: "10", "10–11", "4, 6–8"."""
    runs: list[list[int]] = []
    for page in sorted(set(pages)):
        if runs and page == runs[-1][-1] + 1:
            runs[-1].append(page)
        else:
            runs.append([page])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def load_yaml(path: Path) -> object:
    """Parse a YAML file; a syntax error becomes an `InputError` with its line."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise InputError(path, 0, f"not UTF-8 text: {error.reason}") from error
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        problem = getattr(error, "problem", None) or str(error)
        raise InputError(path, line, f"invalid YAML: {problem}") from error


def load_source(folder: Path) -> SourceInfo:
    """Read and validate `folder/source.yaml`; the manual's checksum must match."""
    meta_path = folder / "source.yaml"
    data = load_yaml(meta_path)
    if not isinstance(data, dict):
        raise InputError(meta_path, 1, "expected a mapping of source fields")
    try:
        info = SourceInfo.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise InputError(
            meta_path, _key_line(meta_path, where), f"{where}: {first['msg']}"
        ) from None
    manual = folder / info.file
    if not manual.is_file():
        raise InputError(meta_path, _key_line(meta_path, "file"), f"manual {info.file} is missing")
    actual = sha256_file(manual)
    if actual != info.sha256:
        raise InputError(
            meta_path,
            _key_line(meta_path, "sha256"),
            f"sha256 of {info.file} is {actual}, not the recorded one; "
            "re-register the manual with 'rulekit add'",
        )
    return info


def load_sources(sources_dir: Path) -> list[SourceInfo]:
    """All registered manuals, ordered by game id."""
    return [load_source(folder) for folder in game_dirs(sources_dir)]


def game_dirs(sources_dir: Path) -> list[Path]:
    """The folders of the registered games (those with a source.yaml), ordered by game id."""
    return sorted(p for p in sources_dir.iterdir() if (p / "source.yaml").is_file())


def add_source(
    sources_dir: Path,
    manual: Path,
    info: SourceInfo,
) -> Path:
    """Copy `manual` byte for byte into `sources/<game>/` and write its `source.yaml`.

    The folder appears complete or not at all: it is assembled beside its final
    place and renamed into it.
    """
    target = sources_dir / info.game
    if target.exists():
        raise InputError(target, 0, f"game {info.game!r} is already registered")
    sources_dir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{info.game}.", dir=sources_dir))
    try:
        shutil.copyfile(manual, staging / info.file)
        meta = info.model_dump(mode="json", exclude_none=True)
        (staging / "source.yaml").write_text(
            yaml.safe_dump(meta, allow_unicode=True, sort_keys=False), encoding="utf-8"
        )
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


def _key_line(path: Path, dotted_key: str) -> int:
    """The line where a top-level key is written, for error messages (0 if absent)."""
    key = dotted_key.split(".")[0]
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith(f"{key}:"):
            return number
    return 0
