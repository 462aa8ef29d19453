"""The manuals' examples and procedures as scenarios: each plays through `rulekit play`,
and every example a manual prints has one."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from rulekit.cli import app
from rulekit.engines import engine_modules, rule_text
from rulekit.i18n.pofile import read_catalog
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


def node_kinds(game: str) -> dict[str, str]:
    """Node id to kind, from the English catalog's comments ("rule, page 13-14")."""
    catalog = read_catalog(ROOT / "translations" / "en" / "LC_MESSAGES" / f"{game}.po", "en")
    return {
        str(m.context): m.auto_comments[0].split(",")[0]
        for m in catalog
        if m.context and m.auto_comments
    }


def editorial_rules(game: str) -> set[str]:
    """The ids of the rules of a game's editors' supplement, from the English catalog."""
    catalog = read_catalog(ROOT / "translations" / "en" / "LC_MESSAGES" / f"{game}.po", "en")
    return {
        str(m.context)
        for m in catalog
        if m.context and m.auto_comments and "editorial" in m.auto_comments[0]
    }


@pytest.mark.parametrize("path", PATHS, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_every_refusal_names_a_rule_not_a_section_or_example(path: Path) -> None:
    kinds = node_kinds(path.parent.name)
    for step in load_scenario(path).steps:
        if step.expect.error:
            assert kinds.get(step.expect.error) in ("rule", "note", "step"), step.expect.error


def test_every_game_with_an_engine_has_scenarios() -> None:
    engines = {path.stem for path in (ROOT / "rulekit" / "engines").glob("[a-z]*.py")}
    assert engines == set(engine_modules()) == set(AT_LEAST) == {p.parent.name for p in PATHS}
