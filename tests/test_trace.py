"""Traceability: mechanical rules are carried by code and tests; changed rules are flagged."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rulekit.build import analyse
from rulekit.cli import app
from rulekit.engines import RuleViolation, implementations
from rulekit.model import TraceReport
from rulekit.project import Project
from rulekit.sources import sha256_file
from rulekit.trace import load_pins, marked_rules, trace
from tests.conftest import ROOT

runner = CliRunner()


def project_trace(project: Project) -> TraceReport:
    code, code_duplicates = implementations()
    tests, test_duplicates = marked_rules(ROOT / "tests")
    graphs = [m.graph for m in analyse(project)]
    return trace(graphs, code, tests, load_pins(), code_duplicates + test_duplicates)


def test_every_mechanical_rule_is_covered_and_no_link_is_broken(project: Project) -> None:
    report = project_trace(project)
    assert report.problems() == []
    mechanical = [e for e in report.rules if e.mechanical]
    assert len(mechanical) > 50
    assert all(e.status == "covered" for e in mechanical)


def test_an_edited_rule_makes_its_links_suspect_with_the_diff(project: Project) -> None:
    manual = project.sources_dir / "risiko" / "manual.txt"
    manual.write_text(
        manual.read_text("utf-8").replace(
            "zu seinem Vorrat zurück.", "zu seinem Vorrat zurück, sofort."
        ),
        "utf-8",
    )
    meta = project.sources_dir / "risiko" / "source.yaml"
    meta.write_text(
        "\n".join(
            f"sha256: {sha256_file(manual)}" if line.startswith("sha256:") else line
            for line in meta.read_text("utf-8").splitlines()
        )
        + "\n",
        "utf-8",
    )
    report = project_trace(project)
    suspect = [e for e in report.rules if e.status == "suspect"]
    rule = "risiko.abwicklung-einer-wuerfelaktion.der-verlierer-nimmt-eine-seiner-einheiten"
    assert [e.id for e in suspect] == [rule]
    assert "-zurück." in suspect[0].diff and "+sofort." in suspect[0].diff
    assert "text changed since its links were pinned" in report.problems()[0]


def test_an_orphan_marker_is_an_error(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        'import pytest\n\n\n@pytest.mark.rule("risiko.no.such-rule")\n'
        '@pytest.mark.rule("risiko.no.such-rule")\ndef test_x() -> None:\n    pass\n',
        "utf-8",
    )
    links, duplicates = marked_rules(tests)
    report = trace([], {}, links, {}, duplicates)
    assert report.orphans == ["risiko.no.such-rule"]
    assert any("marked twice" in line for line in report.duplicates)
    assert len(report.problems()) == 2


def test_trace_command_reports_json() -> None:
    result = runner.invoke(app, ["trace", "--json", "--project", str(ROOT)])
    data = json.loads(result.stdout)
    assert set(data) == {"rules", "orphans", "duplicates"}
    assert {"id", "mechanical", "implemented_by", "tested_by", "status"} <= set(data["rules"][0])
    assert result.exit_code == 0


def test_a_rule_violation_names_its_rule_in_the_chosen_language() -> None:
    violation = RuleViolation("risiko.abwicklung-einer-wuerfelaktion.das-hoehere-ergebnis-gewinnt")
    assert violation.message("de").endswith("Das höhere Ergebnis gewinnt.")
    assert "higher" in violation.message("en").lower()
    assert violation.message("fr") != violation.message("de")
