"""The bundled manuals' rule graphs match their reviewed outlines."""

from __future__ import annotations

import pytest
import yaml

from rulekit.build import Manual, analyse
from rulekit.project import Project
from tests.conftest import ROOT, copy_project

GAMES = ["xidit", "risiko", "invaders", "stratego", "midway"]


@pytest.fixture(scope="module")
def manuals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Manual]:
    project: Project = copy_project(tmp_path_factory.mktemp("outlines") / "project")
    return {manual.info.game: manual for manual in analyse(project)}


def edges(manual: Manual, kind: str) -> list[str]:
    return [f"{e.from_} -> {e.to}" for e in manual.graph.edges if e.type == kind]


@pytest.mark.parametrize("game", GAMES)
def test_graph_matches_the_reviewed_outline(manuals: dict[str, Manual], game: str) -> None:
    expected = yaml.safe_load(
        (ROOT / "tests" / "data" / "outlines" / f"{game}.yaml").read_text("utf-8")
    )
    manual = manuals[game]
    # The outline is the manual's text; the editors' supplement adds to it (docs/supplements.md).
    manual_nodes = [n for n in manual.graph.nodes if not n.editorial]
    assert [f"{n.kind} {n.id}" for n in manual_nodes] == expected["nodes"]
    # Edges are a set: their order in the file says nothing.
    assert sorted(edges(manual, "illustrates")) == sorted(expected["illustrates"])
    assert sorted(edges(manual, "exception-of")) == sorted(expected["exception-of"])
    assert manual.stale_overrides == []


def test_risiko_keeps_paired_rules_apart(manuals: dict[str, Manual]) -> None:
    texts = [n.text for n in manuals["risiko"].graph.nodes]

    def node_with(*fragments: str) -> str:
        found = [t for t in texts if all(f in t for f in fragments)]
        assert len(found) == 1, fragments
        return found[0]

    assert node_with("Unentschieden", "gewinnt immer der Besatzer") != node_with(
        "höchste Wurf des Befreiers", "verglichen"
    )
    assert node_with("höchstens", "3 Einheiten") != node_with("höchstens 2 Einheiten")


def test_every_example_is_an_example_node_with_its_rules(manuals: dict[str, Manual]) -> None:
    for game, manual in manuals.items():
        for node in manual.graph.nodes:
            if node.text.startswith("Beispiel") or node.text.startswith(
                ("Spieler Blau", "Spielerin Rot")
            ):
                assert node.kind == "example", (game, node.id)
    # Examples whose rules are in the excerpt illustrate them; Invaders' first three
    # examples are about card costs, which the excerpt does not contain.
    for game in ("risiko", "invaders"):
        graph = manuals[game].graph
        illustrating = {e.from_ for e in graph.edges if e.type == "illustrates"}
        examples = [n for n in graph.nodes if n.kind == "example"]
        in_excerpt = [n for n in examples if not n.id.startswith("invaders.invaders.")]
        assert in_excerpt and all(n.id in illustrating for n in in_excerpt)
    thing = "invaders.die-heroes-of-the.beispiel-der-invasor-spielt-shapeshifting-alien"
    steps = {e.to for e in manuals["invaders"].graph.edges if e.from_ == thing}
    assert {n.id for n in manuals["invaders"].graph.nodes if n.kind == "step"} <= steps
