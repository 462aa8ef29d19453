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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulekit.engines import RuleViolation, engine_class
from rulekit.errors import InputError
from rulekit.sources import load_yaml


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


@dataclass
class Outcome:
    """The result of running a scenario: the first expectation that failed, if any."""

    scenario: Scenario
    failure: str | None = None
    checked: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.failure is None


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file; bad input is an `InputError` with its line."""
    data = load_yaml(path)
    try:
        return Scenario.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise InputError(path, 0, f"{where}: {first['msg']}") from None


def run_scenario(scenario: Scenario) -> Outcome:
    """Play the scenario's steps; stop at the first expectation that does not hold."""
    engine = engine_class(scenario.game).from_setup(
        scenario.setup, iter(scenario.dice), iter(scenario.draws)
    )
    outcome = Outcome(scenario)
    for number, step in enumerate(scenario.steps, start=1):
        try:
            engine.apply(step.action)
        except RuleViolation as violation:
            if step.expect.error == violation.rule_id:
                outcome.checked.append(f"step {number}: refused by {violation.rule_id}")
                continue
            outcome.failure = f"step {number}: unexpected refusal: {violation.message()}"
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
