"""The manuals in `sources/<game>/`: loading, verifying and registering them."""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path

import yaml
from pydantic import ValidationError

from rulekit.errors import InputError
from rulekit.files import new_folder
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


# libyaml's safe loader where PyYAML was built with it: the pure-Python parser costs a
# cold build more than a second on the project's sources and catalogs of overrides.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(path: Path) -> object:
    """Parse a YAML file; a syntax error becomes an `InputError` with its line."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise InputError(path, 0, f"not UTF-8 text: {error.reason}") from error
    try:
        return yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        problem = getattr(error, "problem", None) or str(error)
        raise InputError(path, line, f"invalid YAML: {problem}") from error


class YamlLines:
    """Where the keys and items of a YAML file stand, to point a message at its line."""

    def __init__(self, path: Path) -> None:
        try:
            self.root: yaml.Node | None = yaml.compose(
                path.read_text(encoding="utf-8"), Loader=_LOADER
            )
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            self.root = None  # the file was read before; a message then names the file

    def line(self, location: Sequence[str | int]) -> int:
        """The 1-based line of the deepest node `location` reaches, 0 for an empty file.

        `location` is a path of mapping keys and list indexes, as in a pydantic
        error's `loc`; a key's line is where the key is written.  A location that
        does not exist (a missing field) stops at its nearest existing parent.
        """
        return self._walk(location)[1]

    def find(self, location: Sequence[str | int], text: str) -> int | None:
        """The line of the first key or value spelt `text` under `location`, if any."""
        pending = [self._walk(location)[0]]
        while pending:
            node = pending.pop(0)
            if isinstance(node, yaml.ScalarNode) and node.value == text:
                return int(node.start_mark.line) + 1
            if isinstance(node, yaml.MappingNode):
                pending.extend(part for pair in node.value for part in pair)
            elif isinstance(node, yaml.SequenceNode):
                pending.extend(node.value)
        return None

    def _walk(self, location: Sequence[str | int]) -> tuple[yaml.Node | None, int]:
        node = self.root
        if node is None:
            return None, 0
        line = node.start_mark.line + 1
        for part in location:
            if isinstance(node, yaml.MappingNode):
                pair = next((kv for kv in node.value if str(kv[0].value) == str(part)), None)
                if pair is None:
                    break
                line, node = pair[0].start_mark.line + 1, pair[1]
            elif isinstance(node, yaml.SequenceNode) and str(part).isdigit():
                if int(part) >= len(node.value):
                    break
                node = node.value[int(part)]
                line = node.start_mark.line + 1
            else:
                break
        return node, int(line)


def item_lines(path: Path) -> dict[tuple[str, int], tuple[int, int]]:
    """First and last line of each item of a YAML file's top-level lists, by (list, index)."""
    root = yaml.compose(path.read_text(encoding="utf-8"), Loader=_LOADER)
    lines: dict[tuple[str, int], tuple[int, int]] = {}
    if isinstance(root, yaml.MappingNode):
        for key, value in root.value:
            if isinstance(value, yaml.SequenceNode):
                for index, item in enumerate(value.value):
                    lines[(str(key.value), index)] = (item.start_mark.line + 1, _last_line(item))
    return lines


def _last_line(node: yaml.Node) -> int:
    """The 1-based line where the last value of a YAML node ends."""
    if isinstance(node, yaml.ScalarNode):
        # A block scalar ends at the start of the line after its text.
        return int(node.end_mark.line) + (1 if node.end_mark.column else 0)
    children = node.value if isinstance(node, yaml.SequenceNode) else []
    if isinstance(node, yaml.MappingNode):
        children = [part for pair in node.value for part in pair]
    return max((_last_line(child) for child in children), default=node.start_mark.line + 1)


def validation_error(path: Path, error: ValidationError, prefix: str = "") -> InputError:
    """The first problem pydantic found in a YAML file, at the line of the offending key."""
    first = error.errors()[0]
    location = tuple(first["loc"])
    where = ".".join(str(part) for part in location)
    message = f"{where}: {first['msg']}" if where else str(first["msg"])
    return InputError(path, YamlLines(path).line(location), prefix + message)


def read_source_info(folder: Path) -> SourceInfo:
    """Read and validate `folder/source.yaml`, without checking the manual against it."""
    meta_path = folder / "source.yaml"
    data = load_yaml(meta_path)
    if not isinstance(data, dict):
        raise InputError(meta_path, 1, "expected a mapping of source fields")
    try:
        return SourceInfo.model_validate(data)
    except ValidationError as error:
        raise validation_error(meta_path, error) from None


def load_source(folder: Path) -> SourceInfo:
    """Read and validate `folder/source.yaml`; the manual's checksum must match."""
    meta_path = folder / "source.yaml"
    info = read_source_info(folder)
    manual = folder / info.file
    if not manual.is_file():
        line = YamlLines(meta_path).line(["file"])
        raise InputError(meta_path, line, f"manual {info.file} is missing")
    actual = sha256_file(manual)
    if actual != info.sha256:
        raise InputError(
            meta_path,
            YamlLines(meta_path).line(["sha256"]),
            f"sha256 of {info.file} is {actual}, not the recorded one; if the manual was "
            f"changed on purpose, re-register it: {reregister_command(folder, info)}",
        )
    return info


def reregister_command(folder: Path, info: SourceInfo) -> str:
    """The `rulekit add ... --replace` that records a changed manual of `folder`."""
    project = folder.parent.parent
    where = "" if project == Path(".") else f" --project {shlex.quote(str(project))}"
    return f"rulekit add {shlex.quote(str(folder / info.file))} --game {info.game} --replace{where}"


def load_sources(sources_dir: Path) -> list[SourceInfo]:
    """All registered manuals, ordered by game id."""
    return [load_source(folder) for folder in game_dirs(sources_dir)]


def game_dirs(sources_dir: Path) -> list[Path]:
    """The folders of the registered games (those with a source.yaml), ordered by game id."""
    # A dot-folder is a registration being assembled (or left by a crash), never a game.
    return sorted(
        p
        for p in sources_dir.iterdir()
        if not p.name.startswith(".") and (p / "source.yaml").is_file()
    )


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
        raise InputError(
            target, 0, f"game {info.game!r} is already registered; add --replace to re-register it"
        )
    sources_dir.mkdir(parents=True, exist_ok=True)
    staging = new_folder(sources_dir, f".{info.game}.")
    try:
        shutil.copyfile(manual, staging / info.file)
        _write_source_yaml(staging, info)
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


def replace_source(sources_dir: Path, manual: Path, info: SourceInfo) -> Path:
    """Re-register a game: `manual` and a new `source.yaml` into its existing folder.

    Everything else in the folder (graph.yaml, the editor's overrides) is kept
    byte for byte.  The folder is copied beside itself, changed there and
    swapped in, so a failure leaves the previous registration as it was.
    """
    target = sources_dir / info.game
    previous = read_source_info(target)
    staging = new_folder(sources_dir, f".{info.game}.")
    aside: Path | None = None
    try:
        shutil.copytree(target, staging, dirs_exist_ok=True)
        # A manual of another kind (.txt for .pdf) replaces the old file, not joins it;
        # only a plain file name is removed, whatever the old source.yaml said.
        if previous.file != info.file and Path(previous.file).name == previous.file:
            (staging / previous.file).unlink(missing_ok=True)
        shutil.copyfile(manual, staging / info.file)
        _write_source_yaml(staging, info)
        aside = new_folder(sources_dir, f".{info.game}.old-")
        os.rename(target, aside)
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        if aside is not None:
            if not target.exists():
                os.rename(aside, target)
            shutil.rmtree(aside, ignore_errors=True)
        raise
    shutil.rmtree(aside, ignore_errors=True)
    return target


def _write_source_yaml(folder: Path, info: SourceInfo) -> None:
    meta = info.model_dump(mode="json", exclude_none=True)
    (folder / "source.yaml").write_text(
        yaml.safe_dump(meta, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
