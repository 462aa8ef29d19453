"""Game engines: each mechanical rule implemented in code that names the rule.

Each game's engine is a module of this package with a class `Engine` that
follows the `Engine` protocol below.  Code declares the rule ids it implements
with `@implements`; an illegal action raises `RuleViolation`, which names the
rule it breaks and gives its text in any language.  Engines are deterministic:
dice rolls and card draws are injected.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from babel.support import NullTranslations

from rulekit.i18n.catalogs import (
    DETAILS_DOMAIN,
    DETAILS_LANGUAGE,
    SOURCE_LANGUAGE,
    TARGET_LANGUAGES,
    gettext_translations,
    po_path,
)
from rulekit.i18n.pofile import read_catalog

T = TypeVar("T")

_LINKS: dict[str, set[str]] = {}
_DUPLICATES: list[str] = []
TRANSLATIONS_DIR = Path(__file__).resolve().parent.parent.parent / "translations"


def implements(*rule_ids: str) -> Callable[[T], T]:
    """Declare that the decorated function or class implements these rules."""

    def register(obj: T) -> T:
        name = f"{getattr(obj, '__module__', '?')}.{getattr(obj, '__qualname__', repr(obj))}"
        for rule_id in rule_ids:
            if name in _LINKS.get(rule_id, set()):
                _DUPLICATES.append(f"{name}: implements {rule_id} twice")
            _LINKS.setdefault(rule_id, set()).add(name)
        return obj

    return register


def engine_modules() -> list[str]:
    """The game ids that have an engine (modules whose name starts with _ are shared code)."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def implementations() -> tuple[dict[str, list[str]], list[str]]:
    """Rule id to the sorted names of the engine code that implements it, and duplicates."""
    for game in engine_modules():
        importlib.import_module(f"{__name__}.{game}")
    links = {rule_id: sorted(names) for rule_id, names in sorted(_LINKS.items())}
    return links, sorted(set(_DUPLICATES))


class Engine(Protocol):
    """What every game's `Engine` class offers the scenario runner."""

    @classmethod
    def from_setup(
        cls, setup: dict[str, Any], dice: Iterator[int], draws: Iterator[str]
    ) -> Engine: ...

    def apply(self, action: dict[str, Any]) -> None:
        """Carry out one action; an illegal one raises `RuleViolation` and changes nothing.

        An action the engine cannot read (an unknown action, a name that is not in
        the game, a count that is not a number) raises `ValueError`: it is bad
        input, reported at its line, not a move a player could make.
        """

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every action `apply` accepts in this state (none once the game is over)."""

    def state(self) -> dict[str, Any]:
        """The observable state, as plain data for scenario expectations."""


def engine_class(game: str) -> type[Engine]:
    """The `Engine` class of a game; KeyError when the game has no engine."""
    if game not in engine_modules():
        raise KeyError(game)
    module = importlib.import_module(f"{__name__}.{game}")
    engine: type[Engine] = module.Engine
    return engine


@cache
def _rule_texts(game: str, lang: str, translations_dir: Path) -> dict[str, str]:
    """Rule id to text, from a catalog: msgid is the German, msgstr the translation."""
    catalog_lang = lang if lang in TARGET_LANGUAGES else TARGET_LANGUAGES[0]
    path = po_path(translations_dir, catalog_lang, game)
    if not path.is_file():
        return {}
    texts = {}
    for message in read_catalog(path, catalog_lang):
        if message.id and message.context:
            translated = message.string and not message.fuzzy and lang != SOURCE_LANGUAGE
            texts[message.context] = str(message.string if translated else message.id)
    return texts


def rule_text(
    rule_id: str, lang: str = SOURCE_LANGUAGE, translations_dir: Path = TRANSLATIONS_DIR
) -> str:
    """The text of a rule in `lang` (German when no reviewed translation exists)."""
    game = rule_id.split(".", 1)[0]
    texts = _rule_texts(game, lang, translations_dir)
    return texts.get(rule_id) or _rule_texts(game, SOURCE_LANGUAGE, translations_dir).get(
        rule_id, ""
    )


class RuleViolation(Exception):
    """An illegal action: names the rule it breaks, with the rule's text in a language.

    `rule_id` is the most specific rule node that forbids the action: a rule of the
    manual, or of the editors' supplement where the excerpt lacks it, never a
    section or an example.  `detail` says what in the action breaks it.
    """

    def __init__(self, rule_id: str, detail: Detail | None = None) -> None:
        super().__init__(rule_id, detail)
        self.rule_id = rule_id
        self.details = detail

    @property
    def detail(self) -> str:
        """The detail in English, the language the engines write it in."""
        return self.details.text(DETAILS_LANGUAGE) if self.details else ""

    def message(self, lang: str = SOURCE_LANGUAGE) -> str:
        """`rule id: rule text (detail)` in `lang`."""
        text = rule_text(self.rule_id, lang)
        suffix = f" ({self.details.text(lang)})" if self.details else ""
        return f"{self.rule_id}: {text}{suffix}"

    def __str__(self) -> str:
        return self.message()


@dataclass(frozen=True)
class Detail:
    """What in an action breaks a rule: a message of the `engines` catalogs, and its values.

    Messages are English Python format strings (`%(name)s`), written in the engines
    through `detail` and `ndetail`, which Babel extracts.  A value that is itself a
    `Detail` (a rank, a player) is translated too.
    """

    message: str
    values: Mapping[str, object] = field(default_factory=dict)
    plural: str = ""
    count: int = 1

    def text(self, lang: str = DETAILS_LANGUAGE) -> str:
        """The detail in `lang`; English where the catalog has no reviewed translation."""
        translations = _detail_translations(lang, TRANSLATIONS_DIR)
        if self.plural:
            template = translations.ngettext(self.message, self.plural, self.count)
        else:
            template = translations.gettext(self.message)
        values = {
            key: value.text(lang) if isinstance(value, Detail) else value
            for key, value in self.values.items()
        }
        return template % {"count": self.count, **values}


def detail(message: str, **values: object) -> Detail:
    """A refusal's detail; `message` is an English literal of the `engines` catalogs."""
    return Detail(message, values)


def ndetail(singular: str, plural: str, count: int, **values: object) -> Detail:
    """A detail with a count ("1 unit", "2 units"), in the plural form of each language."""
    return Detail(singular, values, plural, count)


@cache
def _detail_translations(lang: str, translations_dir: Path) -> NullTranslations:
    """The reviewed translations of the engines' details in `lang`."""
    path = po_path(translations_dir, lang, DETAILS_DOMAIN)
    if lang == DETAILS_LANGUAGE or not path.is_file():
        return NullTranslations()
    return gettext_translations(read_catalog(path, lang))
