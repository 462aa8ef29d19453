"""Traceability: which engine code and which tests carry each rule.

Code declares `@implements("<rule id>")`; tests carry `@pytest.mark.rule("<rule id>")`.
A pin (`rulekit/engines/pins.yaml`, written by `rulekit trace --pin`) records the
text a rule had when its code and tests were last reviewed: when the German text
changes, the links become `suspect` and the trace shows the difference, just as
a changed rule turns its translations fuzzy.
"""

from __future__ import annotations

import ast
import difflib
from pathlib import Path

import yaml

from rulekit.files import write_atomic
from rulekit.model import RuleGraph, TraceEntry, TraceReport, fingerprint
from rulekit.sources import load_yaml

PINS_FILE = Path(__file__).resolve().parent / "engines" / "pins.yaml"

Links = dict[str, list[str]]


def marked_rules(tests_dir: Path) -> tuple[Links, list[str]]:
    """Rule id to the tests marked `@pytest.mark.rule(...)`, and duplicate markers."""
    links: dict[str, list[str]] = {}
    duplicates: list[str] = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            name = f"{path.relative_to(tests_dir.parent)}::{node.name}"
            for decorator in node.decorator_list:
                for rule_id in _marked_rules(decorator):
                    if name in links.get(rule_id, []):
                        duplicates.append(f"{name}: {rule_id} marked twice")
                    links.setdefault(rule_id, []).append(name)
    return {rule_id: sorted(names) for rule_id, names in links.items()}, duplicates


def load_pins(path: Path = PINS_FILE) -> dict[str, dict[str, str]]:
    """Rule id to the fingerprint and text its links were reviewed against."""
    data = load_yaml(path) if path.is_file() else None
    if not isinstance(data, dict):
        return {}
    return {str(rule_id): dict(pin) for rule_id, pin in data.items()}


def write_pins(graphs: list[RuleGraph], linked: set[str], path: Path = PINS_FILE) -> int:
    """Pin every linked rule to its current text; returns how many are pinned."""
    pins = {
        node.id: {"fingerprint": node.fingerprint, "text": node.text}
        for graph in graphs
        for node in graph.nodes
        if node.id in linked
    }
    header = (
        "# Rule texts the engine code and tests were last reviewed against (rulekit trace --pin).\n"
    )
    text = header + yaml.safe_dump(pins, allow_unicode=True, sort_keys=True, width=100)
    write_atomic(path, text.encode("utf-8"))
    return len(pins)


def trace(
    graphs: list[RuleGraph],
    implemented: Links,
    tested: Links,
    pins: dict[str, dict[str, str]],
    duplicates: list[str],
) -> TraceReport:
    """Link every mechanical rule to its code and tests; unknown linked ids are orphans."""
    entries: list[TraceEntry] = []
    known: set[str] = set()
    for graph in graphs:
        for node in graph.nodes:
            known.add(node.id)
            by_code = implemented.get(node.id, [])
            by_tests = tested.get(node.id, [])
            if not (node.mechanical or by_code or by_tests):
                continue
            pin = pins.get(node.id)
            diff = ""
            if pin and (by_code or by_tests) and pin["fingerprint"] != fingerprint(node.text):
                diff = text_diff(pin["text"], node.text)
            status = "suspect" if diff else "covered" if by_code and by_tests else "uncovered"
            entries.append(
                TraceEntry(
                    id=node.id,
                    mechanical=node.mechanical,
                    implemented_by=by_code,
                    tested_by=by_tests,
                    status=status,
                    diff=diff,
                )
            )
    orphans = sorted((set(implemented) | set(tested)) - known)
    return TraceReport(rules=entries, orphans=orphans, duplicates=sorted(duplicates))


def text_diff(old: str, new: str) -> str:
    """A word-level unified diff of two rule texts."""
    lines = difflib.unified_diff(old.split(), new.split(), "pinned", "current", lineterm="", n=3)
    return "\n".join(lines)


def _marked_rules(decorator: ast.expr) -> list[str]:
    """The rule ids of a `pytest.mark.rule(...)` / `mark.rule(...)` decorator."""
    if not (
        isinstance(decorator, ast.Call)
        and isinstance(decorator.func, ast.Attribute)
        and decorator.func.attr == "rule"
        and isinstance(decorator.func.value, ast.Attribute)
        and decorator.func.value.attr == "mark"
    ):
        return []
    return [
        a.value for a in decorator.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
    ]
