"""Traceability: which engine code and which tests carry each rule."""

from __future__ import annotations

import ast
from pathlib import Path

from rulekit.model import RuleGraph, TraceEntry, TraceReport

TRACED_KINDS = ("rule", "step")


def test_links(tests_dir: Path) -> dict[str, list[str]]:
    """Rule id to the tests marked `@pytest.mark.rule("<id>", ...)` in `tests_dir`."""
    links: dict[str, set[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            for decorator in node.decorator_list:
                if _is_rule_marker(decorator):
                    assert isinstance(decorator, ast.Call)
                    for arg in decorator.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            name = f"{path.relative_to(tests_dir.parent)}::{node.name}"
                            links.setdefault(arg.value, set()).add(name)
    return {rule_id: sorted(names) for rule_id, names in links.items()}


def trace(
    graphs: list[RuleGraph],
    implemented: dict[str, list[str]],
    tested: dict[str, list[str]],
) -> TraceReport:
    """Link every rule to its code and tests; ids linked but unknown are orphans."""
    entries: list[TraceEntry] = []
    known: set[str] = set()
    for graph in graphs:
        for node in graph.nodes:
            known.add(node.id)
            if node.kind not in TRACED_KINDS:
                continue
            by_code = implemented.get(node.id, [])
            by_tests = tested.get(node.id, [])
            entries.append(
                TraceEntry(
                    id=node.id,
                    implemented_by=by_code,
                    tested_by=by_tests,
                    status="covered" if by_code and by_tests else "uncovered",
                )
            )
    orphans = sorted((set(implemented) | set(tested)) - known)
    return TraceReport(rules=entries, orphans=orphans)


def _is_rule_marker(decorator: ast.expr) -> bool:
    """True for `pytest.mark.rule(...)` and `mark.rule(...)`."""
    return (
        isinstance(decorator, ast.Call)
        and isinstance(decorator.func, ast.Attribute)
        and decorator.func.attr == "rule"
        and isinstance(decorator.func.value, ast.Attribute)
        and decorator.func.value.attr == "mark"
    )
