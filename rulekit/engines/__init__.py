"""Game engines: engine code declares the rule ids it implements with `@implements`.

Each game's engine is a module of this package.  `implementations()` imports
them all and returns which code implements which rule, for the trace stage.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

_LINKS: dict[str, set[str]] = {}


def implements(*rule_ids: str) -> Callable[[T], T]:
    """Declare that the decorated function or class implements these rules."""

    def register(obj: T) -> T:
        name = f"{getattr(obj, '__module__', '?')}.{getattr(obj, '__qualname__', repr(obj))}"
        for rule_id in rule_ids:
            _LINKS.setdefault(rule_id, set()).add(name)
        return obj

    return register


def implementations() -> dict[str, list[str]]:
    """Rule id to the sorted names of the engine code that implements it."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    return {rule_id: sorted(names) for rule_id, names in sorted(_LINKS.items())}
