"""The manuals' examples and procedures as scenarios: each plays through `rulekit play`,
and every example a manual prints has one."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from rulekit.cli import app
from rulekit.engines import rule_text
from rulekit.scenarios import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
PATHS = sorted(SCENARIOS.glob("*/*.yaml"))
# How many each game has now, so a scenario deleted by accident is noticed.
AT_LEAST = {"invaders": 4, "midway": 7, "risiko": 5, "stratego": 12, "xidit": 5}

runner = CliRunner()


@pytest.mark.parametrize("path", PATHS, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_scenario_plays(path: Path) -> None:
    game = path.parent.name
    scenario = load_scenario(path)
    assert scenario.game == game
    assert scenario.example.startswith(f"{game}.") and rule_text(scenario.example)
    result = runner.invoke(app, ["play", game, str(path)])
    assert result.exit_code == 0, result.output + result.stderr
    assert "expectations hold" in result.stdout


@pytest.mark.parametrize("game", sorted(AT_LEAST))
def test_every_printed_example_has_a_scenario(game: str) -> None:
    outline = yaml.safe_load((ROOT / "tests" / "data" / "outlines" / f"{game}.yaml").read_text())
    examples = {line.split()[1] for line in outline["nodes"] if line.startswith("example ")}
    played = [load_scenario(path).example for path in SCENARIOS.glob(f"{game}/*.yaml")]
    assert examples <= set(played)
    assert len(played) >= AT_LEAST[game]


def test_every_game_with_an_engine_has_scenarios() -> None:
    engines = {path.stem for path in (ROOT / "rulekit" / "engines").glob("*.py")} - {"__init__"}
    assert engines == set(AT_LEAST) == {path.parent.name for path in PATHS}
