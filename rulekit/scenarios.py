"""Scenarios: the examples printed in a manual, run against its game's engine.

A scenario is a YAML file (see docs/scenarios.md):

```yaml
game: risiko
example: risiko.abwicklung-einer-wuerfelaktion.der-befreier-wuerfelt-3-und-2
setup: {...}            # the engine's own starting position
dice: [3, 2, 6, 2]      # injected rolls, used in order
draws: []               # injected card draws, used in order
steps:
  - action: {...}       # passed to Engine.apply
    expect:
      state: {"territories.Ägypten.units": 3}   # dotted paths into Engine.state()
  - action: {...}
    expect:
      error: risiko.some.rule-id                 # the RuleViolation it must raise
```
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from rulekit.engines import Engine, RuleViolation, engine_class
from rulekit.errors import InputError
from rulekit.i18n.catalogs import SOURCE_LANGUAGE
from rulekit.sources import YamlLines, load_yaml, validation_error

# What an engine raises for input it cannot play (see rulekit/engines/): an unknown
# action or territory, a count that is not a number.  A scenario is input, so these
# are reported at the scenario's line, not as a failure of rulekit.
MALFORMED = (ValueError, TypeError, LookupError)


class Expectation(BaseModel):
    """What must hold after a step: state values, or the rule an illegal action breaks."""

    model_config = ConfigDict(extra="forbid")
    state: dict[str, Any] = Field(default_factory=dict)
    error: str | None = None


class Step(BaseModel):
    """One action and what must hold after it."""

    model_config = ConfigDict(extra="forbid")
    action: dict[str, Any]
    expect: Expectation = Field(default_factory=Expectation)


class Scenario(BaseModel):
    """A worked example as an executable test."""

    model_config = ConfigDict(extra="forbid")
    game: str
    example: str = Field(description="The id of the example node this scenario runs.")
    description: str = ""
    setup: dict[str, Any] = Field(default_factory=dict)
    dice: list[int] = Field(default_factory=list)
    draws: list[str] = Field(default_factory=list)
    steps: list[Step]
    _path: Path = PrivateAttr(default=Path("<scenario>"))

    def error(self, location: tuple[str | int, ...], message: str) -> InputError:
        """Bad input at `location` (keys and list indexes) of the scenario's file."""
        line = YamlLines(self._path).line(location) if self._path.is_file() else 0
        return InputError(self._path, line, message)

    def engine_error(
        self, location: tuple[str | int, ...], data: dict[str, Any], error: Exception, message: str
    ) -> InputError:
        """What an engine refused to play, at the line it most likely means.

        Engines start a message with the key at fault ("units: expected a whole
        number, got 'x'") and quote a value they do not know ("'Atlantis' is not a
        territory"): the key inside `data` (found at `location`), a top-level key
        (dice, draws), or the quoted value, else `location` itself.
        """
        text = str(error)
        key = tuple(text.split(":", 1)[0].strip().split("."))
        if key[0] in data:
            return self.error(location + key, message)
        if key[0] in ("dice", "draws"):
            return self.error(key, message)
        if self._path.is_file():
            lines = YamlLines(self._path)
            for quoted in re.findall(r"'([^']+)'", text):
                line = lines.find(location, quoted)
                if line is not None:
                    return InputError(self._path, line, message)
        return self.error(location, message)


@dataclass
class Outcome:
    """The result of running a scenario: the first expectation that failed, if any."""

    scenario: Scenario
    failure: str | None = None
    checked: list[str] = field(default_factory=list)
    # The expected refusals, with their step numbers.
    refusals: list[tuple[int, RuleViolation]] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.failure is None


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file; bad input is an `InputError` with its line."""
    data = load_yaml(path)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        raise validation_error(path, error) from None
    scenario._path = path
    return scenario


def run_scenario(scenario: Scenario, lang: str = SOURCE_LANGUAGE) -> Outcome:
    """Play the scenario's steps; stop at the first expectation that does not hold.

    An unexpected refusal is reported with its rule and detail in `lang`.

    Input the engine cannot play is an `InputError` at the line of the setup or
    action (and of its key, when the engine's message names one).
    """
    engine = _start(scenario)
    outcome = Outcome(scenario)
    for number, step in enumerate(scenario.steps, start=1):
        try:
            engine.apply(step.action)
        except MALFORMED as error:
            location = ("steps", number - 1, "action")
            raise scenario.engine_error(
                location, step.action, error, f"step {number}: {error}"
            ) from None
        except RuleViolation as violation:
            if step.expect.error == violation.rule_id:
                outcome.checked.append(f"step {number}: refused by {violation.rule_id}")
                outcome.refusals.append((number, violation))
                continue
            outcome.failure = f"step {number}: unexpected refusal: {violation.message(lang)}"
            return outcome
        if step.expect.error:
            outcome.failure = (
                f"step {number}: expected refusal by {step.expect.error}, but it was allowed"
            )
            return outcome
        state = engine.state()
        for path, expected in step.expect.state.items():
            actual = _lookup(state, path)
            if actual != expected:
                outcome.failure = f"step {number}: {path} is {actual!r}, expected {expected!r}"
                return outcome
            outcome.checked.append(f"step {number}: {path} == {expected!r}")
    return outcome


def _start(scenario: Scenario) -> Engine:
    """The game's engine in the scenario's starting position."""
    try:
        engine = engine_class(scenario.game)
    except KeyError:
        raise scenario.error(("game",), f"no engine for game {scenario.game!r}") from None
    try:
        return engine.from_setup(scenario.setup, iter(scenario.dice), iter(scenario.draws))
    except MALFORMED as error:
        message = str(error) if str(error).startswith("setup:") else f"setup: {error}"
        raise scenario.engine_error(("setup",), scenario.setup, error, message) from None


def _lookup(state: Any, path: str) -> Any:
    """`state["a"]["b"]` for "a.b"; list items by index."""
    value = state
    for part in path.split("."):
        if isinstance(value, list) and part.isdigit():
            value = value[int(part)] if int(part) < len(value) else None
        elif isinstance(value, dict):
            value = value.get(part)
        else:
            return None
    return value
