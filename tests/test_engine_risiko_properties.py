"""The Risiko engine over random games: units never go negative, vanish or appear, and every
comparison of dice costs exactly one unit."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekit.engines import RuleViolation
from rulekit.engines._risiko_map import NEIGHBOURS
from rulekit.engines.risiko import compare
from tests.test_engine_risiko import AFRICA, attack, battle, defend, new_game, units

REGION = ["Nordwestafrika", "Ägypten", "Ostafrika", "Kongo", "Südeuropa", "Mittlerer Osten"]
BORDERING = [(a, b) for a in REGION for b in sorted(NEIGHBOURS[a]) if b in REGION]
ANYTHING = st.one_of(
    st.builds(attack, st.sampled_from(REGION), st.sampled_from(REGION), st.integers(-1, 4)),
    st.builds(defend, st.integers(-1, 3)),
    st.builds(lambda n: {"do": "advance", "units": n}, st.integers(0, 8)),
    # `end` rarely: after it, every attack is refused and the game stands still.
    st.sampled_from([{"do": "stop"}, {"do": "stop"}, {"do": "stop"}, {"do": "end"}]),
)


def mostly(step: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """Three times in four `step`, else any action at all."""
    return st.one_of(step, step, step, ANYTHING)


DEFENCES = mostly(st.builds(defend, st.integers(1, 2)))
ADVANCES = mostly(st.builds(lambda n: {"do": "advance", "units": n}, st.integers(1, 4)))


@cache
def attacks(fronts: tuple[tuple[str, str], ...]) -> st.SearchStrategy[dict[str, Any]]:
    pairs = st.sampled_from(fronts)
    return mostly(st.builds(lambda p, n: attack(p[0], p[1], n), pairs, st.integers(1, 3)))


def likely_action(state: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Mostly the next battle step the position allows, so games run long; else anything."""
    owner = {name: territory["owner"] for name, territory in state["territories"].items()}
    fronts = tuple((a, b) for a, b in BORDERING if owner[a] == "Blau" != owner[b])
    if state["battlefield"]:
        return DEFENCES
    if state["conquest"]:
        return ADVANCES
    return attacks(fronts) if fronts else ANYTHING


def total_units(state: dict[str, Any]) -> int:
    """Every unit counts once: in a territory, on the battlefield or back in the supply."""
    field = state["battlefield"]["units"] if state["battlefield"] else 0
    on_map = sum(t["units"] for t in state["territories"].values())
    return on_map + field + sum(state["losses"].values())


@given(
    data=st.data(),
    owners=st.lists(st.sampled_from(["Blau", "Rot"]), min_size=6, max_size=6),
    counts=st.lists(st.integers(1, 8), min_size=6, max_size=6),
    dice=st.lists(st.integers(1, 6), min_size=100, max_size=100),
)
def test_unit_counts_never_go_negative(
    data: st.DataObject, owners: list[str], counts: list[int], dice: list[int]
) -> None:
    """No territory is ever emptied, nothing is negative, and no unit appears or vanishes."""
    game = new_game({name: (o, n) for name, o, n in zip(REGION, owners, counts, strict=True)}, dice)
    total = total_units(game.state())
    for _ in range(data.draw(st.integers(0, 30))):
        before = game.state()
        try:
            game.apply(data.draw(likely_action(before)))
        except (RuleViolation, ValueError):
            assert game.state() == before
        state = game.state()
        assert all(t["units"] >= 1 for t in state["territories"].values())
        assert not state["battlefield"] or 1 <= state["battlefield"]["units"] <= 3
        assert all(lost >= 0 for lost in state["losses"].values())
        assert total_units(state) == total


def dice_of(count: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(1, 6), min_size=count, max_size=count)


@pytest.mark.rule(
    "risiko.abwicklung-einer-wuerfelaktion.der-verlierer-nimmt-eine-seiner-einheiten",
    "risiko.abwicklung-einer-wuerfelaktion.und-wieder-muss-der-verlierer-eine",
)
@given(data=st.data(), red=st.integers(1, 3), white=st.integers(1, 2))
def test_every_comparison_removes_exactly_one_unit(
    data: st.DataObject, red: int, white: int
) -> None:
    """As many units are removed as dice are paired, whoever loses each comparison."""
    red_dice, white_dice = data.draw(dice_of(red)), data.draw(dice_of(white))
    assert sum(compare(red_dice, white_dice)) == min(red, white)
    game = new_game(AFRICA | {"Ägypten": ("Rot", 5)}, [*red_dice, *white_dice])
    before = game.state()
    battle(game, "Ostafrika", "Ägypten", red, white)
    after = game.state()
    removed = {p: after["losses"][p] - before["losses"][p] for p in ("Blau", "Rot")}
    assert sum(removed.values()) == min(red, white)
    assert units(game, "Ostafrika") == 10 - removed["Blau"]
    assert units(game, "Ägypten") == 5 - removed["Rot"]
