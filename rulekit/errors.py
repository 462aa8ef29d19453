"""The one error type for bad input: it always names a file and a line."""

from __future__ import annotations

from pathlib import Path


class InputError(Exception):
    """Bad input, reported to the user as one line: ``path:line: message``.

    Line 0 means the file (or folder) as a whole.
    """

    def __init__(self, path: Path | str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = str(path)
        self.line = line
        self.message = message


class CheckFailed(Exception):
    """A check found problems; each is already a ``path:line: message`` line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems


class LayoutError(Exception):
    """Print layout failed: text does not fit even at the smallest allowed size."""

    def __init__(self, rule_ids: list[str], where: str) -> None:
        super().__init__(
            f"{where}: text overflows at the smallest type size: {', '.join(rule_ids)}"
        )
        self.rule_ids = rule_ids
        self.where = where

    def __reduce__(self) -> tuple[type[LayoutError], tuple[list[str], str]]:
        # Cards are rendered in worker processes; the error must cross back intact.
        return (LayoutError, (self.rule_ids, self.where))
