"""The Risiko engine: the Befreiungsaktion rule by rule, the map, and the manual's examples."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from rulekit.cli import app
from rulekit.engines import RuleViolation, rule_text
from rulekit.engines import risiko as engine_module
from rulekit.engines._risiko_map import (
    BORDERS,
    CONTINENT_BONUS,
    CONTINENTS,
    NEIGHBOURS,
    TERRITORIES,
    reinforcements,
)
from rulekit.engines.risiko import Engine, compare
from tests.conftest import ROOT
from tests.test_scenarios import editorial_rules

OUTLINE = yaml.safe_load((ROOT / "tests" / "data" / "outlines" / "risiko.yaml").read_text("utf-8"))
runner = CliRunner()

# Blau's two territories bordering Rot's Ägypten, as in the manual's examples.
AFRICA = {"Nordwestafrika": ("Blau", 3), "Ostafrika": ("Blau", 10), "Ägypten": ("Rot", 3)}


def new_game(
    territories: dict[str, tuple[str, int]], dice: Iterable[int] = (), phase: str = "attack"
) -> Engine:
    """Blau's turn on the given territories (name: (owner, units)); `dice` may be an iterator."""
    setup = {
        "player": "Blau",
        "owners": {name: owner for name, (owner, _) in territories.items()},
        "units": {name: units for name, (_, units) in territories.items()},
        "phase": phase,
    }
    return Engine.from_setup(setup, iter(dice), iter(()))


def attack(origin: str, target: str, units: int) -> dict[str, Any]:
    return {"do": "attack", "from": origin, "to": target, "units": units}


def defend(units: int) -> dict[str, Any]:
    return {"do": "defend", "units": units}


def units(game: Engine, name: str) -> int:
    return int(game.state()["territories"][name]["units"])


def refused(game: Engine, action: dict[str, Any]) -> RuleViolation:
    """The rule an action breaks; a refused action must change nothing."""
    before = game.state()
    with pytest.raises(RuleViolation) as caught:
        game.apply(action)
    assert game.state() == before
    return caught.value


def battle(game: Engine, origin: str, target: str, red: int, white: int) -> None:
    game.apply(attack(origin, target, red))
    game.apply(defend(white))


# The map


def test_the_map_has_42_territories_in_6_continents() -> None:
    assert len(TERRITORIES) == len(set(TERRITORIES)) == 42
    assert {name: len(names) for name, names in CONTINENTS.items()} == {
        "Nordamerika": 9,
        "Südamerika": 4,
        "Europa": 7,
        "Afrika": 6,
        "Asien": 12,
        "Australien": 4,
    }
    assert set(CONTINENT_BONUS) == set(CONTINENTS)
    assert {"Nordwestafrika", "Ägypten", "Ostafrika"} <= set(CONTINENTS["Afrika"])


def test_the_borders_are_the_standard_83_and_connect_the_world() -> None:
    pairs = {frozenset(pair) for pair in BORDERS}
    assert len(pairs) == len(BORDERS) == 83
    assert all(len(pair) == 2 and pair <= set(TERRITORIES) for pair in pairs)
    assert all(a in NEIGHBOURS[b] and b in NEIGHBOURS[a] for a, b in BORDERS)
    # Spot checks: the excerpt's examples, the links between continents, the busiest territories.
    assert {"Nordwestafrika", "Ostafrika"} <= NEIGHBOURS["Ägypten"]
    for a, b in [
        ("Alaska", "Kamtschatka"),
        ("Grönland", "Island"),
        ("Mittelamerika", "Venezuela"),
        ("Brasilien", "Nordwestafrika"),
        ("Südeuropa", "Ägypten"),
        ("Ostafrika", "Mittlerer Osten"),
        ("Ukraine", "Ural"),
        ("Siam", "Indonesien"),
    ]:
        assert b in NEIGHBOURS[a]
    assert {name for name in TERRITORIES if len(NEIGHBOURS[name]) == 6} == {
        "Ontario",
        "Ukraine",
        "Südeuropa",
        "Nordwestafrika",
        "Ostafrika",
        "Mittlerer Osten",
        "China",
    }
    reached, frontier = {"Ägypten"}, ["Ägypten"]
    while frontier:
        new = NEIGHBOURS[frontier.pop()] - reached
        reached |= new
        frontier.extend(new)
    assert reached == set(TERRITORIES)


@pytest.mark.rule("risiko.verstaerkung-und-eroberung.zu-beginn-seines-zuges-erhaelt-der")
@pytest.mark.parametrize(
    ("held", "expected"),
    [
        (["Ägypten"], 3),
        ([*CONTINENTS["Nordamerika"][:8], *CONTINENTS["Südamerika"][:3]], 3),  # 11, no continent
        ([*CONTINENTS["Nordamerika"][:8], *CONTINENTS["Südamerika"]], 4 + 2),  # 12
        ([*CONTINENTS["Nordamerika"], *CONTINENTS["Europa"][:5]], 4 + 5),  # 14 // 3 = 4
        (CONTINENTS["Australien"], 3 + 2),
        (CONTINENTS["Afrika"], 3 + 3),
        (CONTINENTS["Asien"], 4 + 7),
        (CONTINENTS["Europa"][1:], 3),  # Europa but Island: no bonus
        (TERRITORIES, 14 + 24),
    ],
)
def test_reinforcements_are_a_third_of_the_territories_plus_continents(
    held: Iterable[str], expected: int
) -> None:
    owners = dict.fromkeys(TERRITORIES, "Rot") | dict.fromkeys(held, "Blau")
    assert reinforcements(owners, "Blau") == expected


@pytest.mark.rule(
    "risiko.verstaerkung-und-eroberung.die-verstaerkung-wird-einmal-zu-beginn",
    "risiko.verstaerkung-und-eroberung.der-spieler-setzt-alle-einheiten-seiner",
    "risiko.verstaerkung-und-eroberung.verstaerkungen-kommen-nur-in-gebiete-die",
)
def test_reinforcements_are_placed_before_attacking() -> None:
    territories = {name: ("Blau", 1) for name in CONTINENTS["Australien"]} | {"Siam": ("Rot", 2)}
    game = new_game(territories, phase="reinforce")
    assert game.state()["reinforcements"] == 5
    early = refused(game, attack("Indonesien", "Siam", 1))
    assert early.rule_id == engine_module.REINFORCE_FIRST
    assert early.detail == "5 units of reinforcements still to place"
    for place, rule in [
        ({"Indonesien": 4}, engine_module.PLACE_ALL),
        ({"Indonesien": 5, "Siam": 1}, engine_module.OWN_TERRITORIES),
        ({"Indonesien": 6}, engine_module.PLACE_ALL),
        ({"Indonesien": 6, "Neu-Guinea": -1}, engine_module.PLACE_ALL),
    ]:
        assert refused(game, {"do": "reinforce", "place": place}).rule_id == rule
    few = refused(game, {"do": "reinforce", "place": {"Indonesien": 1}})
    assert few.detail == "1 unit placed, 5 due"
    assert few.message("pl").endswith("(1 jednostka rozmieszczona, należnych 5)")
    assert few.message("fr").endswith("(1 unité placée, 5 dues)")
    game.apply({"do": "reinforce", "place": {"Indonesien": 4, "Neu-Guinea": 1}})
    state = game.state()
    assert (state["phase"], state["reinforcements"]) == ("attack", 0)
    assert (units(game, "Indonesien"), units(game, "Neu-Guinea")) == (5, 2)
    again = refused(game, {"do": "reinforce", "place": {"Indonesien": 5}})
    assert again.rule_id == engine_module.REINFORCE_FIRST


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"owners": {"Ägypten": "Rot"}, "units": {"Ägypten": 1}}, "player"),
        ({"player": "Blau", "owners": {"Atlantis": "Rot"}, "units": {"Atlantis": 1}}, "Atlantis"),
        ({"player": "Blau", "owners": {"Ägypten": "Rot"}, "units": {"Ägypten": 0}}, "at least 1"),
        ({"player": "Blau", "owners": {"Ägypten": "Rot"}, "units": {}}, "same territories"),
        ({"player": "Blau", "owners": {}, "units": {}, "phase": "fortify"}, "phase"),
        ({"player": "Blau", "armies": {}}, "unknown keys"),
    ],
)
def test_a_bad_setup_is_refused(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Engine.from_setup(setup, iter(()), iter(()))


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"do": "fortify"}, "not one of"),
        (attack("Atlantis", "Ägypten", 1), "not a territory in play"),
        (attack("Mittlerer Osten", "Ägypten", 1), "not a territory in play"),
        (attack("Ostafrika", "Ägypten", 1) | {"units": "drei"}, "whole number"),
        ({"do": "attack", "from": "Ostafrika", "to": "Ägypten"}, "keys"),
        ({"do": "stop", "now": True}, "keys"),
    ],
)
def test_a_malformed_action_is_refused(action: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        new_game(AFRICA).apply(action)


def test_the_dice_must_be_dice_and_enough() -> None:
    for dice in ([6, 6], [6, 7, 1]):
        game = new_game(AFRICA, dice)
        game.apply(attack("Ostafrika", "Ägypten", 2))
        before = game.state()
        with pytest.raises(ValueError, match="dice"):
            game.apply(defend(1))
        assert game.state() == before


# Durchführung einer Befreiungsaktion


@pytest.mark.rule("risiko.durchfuehrung-einer-befreiungsaktion.in-dem-gebiet-von-dem-aus")
def test_the_origin_needs_two_units_because_one_stays_behind() -> None:
    game = new_game(AFRICA | {"Nordwestafrika": ("Blau", 1)})
    assert refused(game, attack("Nordwestafrika", "Ägypten", 1)).rule_id == engine_module.ORIGIN
    game = new_game(AFRICA)
    assert refused(game, attack("Nordwestafrika", "Ägypten", 3)).rule_id == engine_module.ORIGIN
    game.apply(attack("Nordwestafrika", "Ägypten", 2))
    assert units(game, "Nordwestafrika") == 1


@pytest.mark.rule("risiko.durchfuehrung-einer-befreiungsaktion.in-dem-gebiet-von-dem-aus")
def test_the_origin_must_hold_the_players_own_units() -> None:
    game = new_game(AFRICA | {"Ägypten": ("Rot", 5), "Ostafrika": ("Rot", 10)})
    assert refused(game, attack("Ostafrika", "Ägypten", 1)).rule_id == engine_module.ORIGIN


@pytest.mark.rule(
    "risiko.durchfuehrung-einer-befreiungsaktion.an-ihrer-wuerfelaktion-duerfen-hoechstens-3"
)
def test_at_most_three_units_take_part_however_many_the_origin_holds() -> None:
    game = new_game(AFRICA)
    violation = refused(game, attack("Ostafrika", "Ägypten", 4))
    assert violation.rule_id == engine_module.AT_MOST_THREE
    game.apply(attack("Ostafrika", "Ägypten", 2))
    violation = refused(game, attack("Ostafrika", "Ägypten", 2))
    assert violation.rule_id == engine_module.AT_MOST_THREE
    game.apply(attack("Ostafrika", "Ägypten", 1))
    assert game.state()["battlefield"]["units"] == 3


@pytest.mark.rule("risiko.durchfuehrung-einer-befreiungsaktion.stellen-sie-ihre-an-der-aktion")
def test_the_befreier_units_leave_their_territory_for_the_battlefield() -> None:
    dice = iter([6, 6])
    game = new_game(AFRICA, dice)
    game.apply(attack("Ostafrika", "Ägypten", 2))
    state = game.state()
    assert state["battlefield"] == {"from": "Ostafrika", "to": "Ägypten", "units": 2}
    assert (units(game, "Ostafrika"), units(game, "Ägypten")) == (8, 3)
    assert state["roll"] is None
    assert list(dice) == [6, 6]  # nothing rolled before the Besatzer has decided


@pytest.mark.rule(
    "risiko.durchfuehrung-einer-befreiungsaktion.danach-entscheidet-der-spieler-der-das",
    "risiko.durchfuehrung-einer-befreiungsaktion.stellen-sie-ihre-an-der-aktion-2",
)
def test_only_the_units_the_besatzer_puts_on_the_battlefield_fight() -> None:
    game = new_game(AFRICA, dice=[6, 6, 6, 1])
    assert refused(game, defend(1)).rule_id == engine_module.BESATZER_DECIDES  # nothing to defend
    battle(game, "Ostafrika", "Ägypten", 3, 1)
    assert units(game, "Ägypten") == 2  # three sixes, but only one unit was at risk
    assert game.state()["losses"] == {"Blau": 0, "Rot": 1}

    game = new_game(AFRICA | {"Ägypten": ("Rot", 1)})
    game.apply(attack("Ostafrika", "Ägypten", 3))
    assert refused(game, defend(2)).rule_id == engine_module.BESATZER_DECIDES  # only 1 there
    game = new_game(AFRICA)


@pytest.mark.rule("risiko.durchfuehrung-einer-befreiungsaktion.befreit-wird-nur-ein-gebiet-das")
def test_only_another_players_territory_is_attacked() -> None:
    violation = refused(new_game(AFRICA), attack("Ostafrika", "Nordwestafrika", 1))
    assert violation.rule_id == engine_module.ENEMY_TARGET
    assert violation.detail == "Nordwestafrika is held by Blau"


@pytest.mark.rule(
    "risiko.durchfuehrung-einer-befreiungsaktion.der-besatzer-darf-hoechstens-2-einheiten"
)
def test_the_besatzer_defends_with_at_most_two_units_however_many_he_has() -> None:
    game = new_game(AFRICA | {"Ägypten": ("Rot", 8)}, dice=[1, 1, 1, 6, 6])
    game.apply(attack("Ostafrika", "Ägypten", 3))
    assert refused(game, defend(3)).rule_id == engine_module.AT_MOST_TWO
    game.apply(defend(2))
    assert game.state()["roll"]["white"] == [6, 6]


@pytest.mark.rule(
    "risiko.durchfuehrung-einer-befreiungsaktion.die-wuerfelaktion-beginnt-jede-partei-wirft"
)
@pytest.mark.parametrize(("red", "white"), [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)])
def test_each_side_rolls_one_die_per_unit(red: int, white: int) -> None:
    dice = iter([*range(1, red + white + 1), 99])
    game = new_game(AFRICA, dice)
    battle(game, "Ostafrika", "Ägypten", red, white)
    roll = game.state()["roll"]
    assert (len(roll["red"]), len(roll["white"])) == (red, white)
    assert next(dice) == 99  # no die more


@pytest.mark.rule(
    "risiko.durchfuehrung-einer-befreiungsaktion.beide-spieler-wuerfeln-gleichzeitig-der-befreier"
)
def test_the_befreier_rolls_1_to_3_red_dice_and_the_besatzer_1_or_2_white() -> None:
    game = new_game(AFRICA, dice=[2, 5, 3, 4, 1])
    assert refused(game, attack("Ostafrika", "Ägypten", 0)).rule_id == engine_module.RED_AND_WHITE
    game.apply(attack("Ostafrika", "Ägypten", 3))
    assert refused(game, defend(0)).rule_id == engine_module.RED_AND_WHITE
    game.apply(defend(2))
    # The Befreier's dice come first; each side's dice stand high to low.
    assert game.state()["roll"] == {"red": [5, 3, 2], "white": [4, 1]}


# Abwicklung einer Würfelaktion


@pytest.mark.rule(
    "risiko.durchfuehrung-einer-befreiungsaktion.danach-werden-die-wurfergebnisse-miteinander-ver",
    "risiko.abwicklung-einer-wuerfelaktion.nachdem-beide-spieler-gewuerfelt-haben-werden",
)
def test_the_dice_are_compared_once_both_players_have_rolled() -> None:
    game = new_game(AFRICA, dice=[2, 6, 5])
    game.apply(attack("Ostafrika", "Ägypten", 2))
    before = game.state()
    assert (before["roll"], before["losses"]) == (None, {"Blau": 0, "Rot": 0})
    game.apply(defend(1))
    state = game.state()
    # Red rolled 2 and 6, white 5: the highest pair is compared, and the Besatzer loses.
    assert state["roll"] == {"red": [6, 2], "white": [5]}
    assert state["losses"] == {"Blau": 0, "Rot": 1}
    assert (units(game, "Ostafrika"), units(game, "Ägypten")) == (10, 2)


@pytest.mark.rule("risiko.abwicklung-einer-wuerfelaktion.der-hoechste-wurf-des-befreiers-wird")
def test_the_highest_dice_are_compared_whatever_order_they_fell_in() -> None:
    assert compare([1, 6], [5]) == (0, 1)
    assert compare([6, 1], [2, 5]) == (1, 1)
    assert compare([2, 1, 3], [1, 3]) == (1, 1)


@pytest.mark.rule("risiko.abwicklung-einer-wuerfelaktion.das-hoehere-ergebnis-gewinnt")
def test_the_higher_result_wins() -> None:
    assert compare([5], [4]) == (0, 1)
    assert compare([4], [5]) == (1, 0)
    assert compare([1], [6]) == (1, 0)


@pytest.mark.rule("risiko.abwicklung-einer-wuerfelaktion.wichtig-bei-einem-unentschieden-d-h")
def test_a_tie_always_goes_to_the_besatzer() -> None:
    assert compare([4], [4]) == (1, 0)
    assert compare([3, 2], [6, 2]) == (2, 0)  # the manual's example
    assert compare([6, 6, 6], [6, 6]) == (2, 0)


@pytest.mark.rule("risiko.abwicklung-einer-wuerfelaktion.haben-beide-spieler-mehr-als-einen")
def test_the_next_highest_dice_are_compared_when_both_rolled_several() -> None:
    assert compare([6, 3], [5, 4]) == (1, 1)
    assert compare([6, 3], [5]) == (0, 1)  # one white die: one comparison
    assert compare([3], [2, 1]) == (0, 1)


@pytest.mark.rule(
    "risiko.abwicklung-einer-wuerfelaktion.der-verlierer-nimmt-eine-seiner-einheiten",
    "risiko.abwicklung-einer-wuerfelaktion.und-wieder-muss-der-verlierer-eine",
)
def test_each_lost_comparison_sends_one_unit_back_to_the_supply() -> None:
    game = new_game(AFRICA, dice=[6, 5, 1, 1, 2, 1, 6, 6])
    battle(game, "Ostafrika", "Ägypten", 2, 2)
    assert (units(game, "Ostafrika"), units(game, "Ägypten")) == (10, 1)
    assert game.state()["losses"] == {"Blau": 0, "Rot": 2}
    battle(game, "Ostafrika", "Ägypten", 2, 1)
    assert game.state()["losses"] == {"Blau": 1, "Rot": 2}
    assert units(game, "Ostafrika") == 9


@pytest.mark.rule("risiko.abwicklung-einer-wuerfelaktion.sollte-der-befreier-noch-einen-dritten")
def test_the_befreiers_third_die_is_ignored() -> None:
    assert compare([6, 6, 1], [5, 5]) == (0, 2)
    assert compare([6, 4, 4], [5, 5]) == (1, 1)  # page 12: the last 4 has no partner
    game = new_game(AFRICA | {"Ägypten": ("Rot", 5)}, dice=[6, 6, 1, 5, 5])
    battle(game, "Ostafrika", "Ägypten", 3, 2)
    assert game.state()["losses"] == {"Blau": 0, "Rot": 2}


@pytest.mark.rule(
    "risiko.abwicklung-einer-wuerfelaktion.nach-der-wuerfelaktion-kehren-alle-ueberlebenden"
)
def test_the_survivors_return_to_their_territories() -> None:
    game = new_game(AFRICA, dice=[6, 1, 1, 5, 5])
    battle(game, "Ostafrika", "Ägypten", 3, 2)
    state = game.state()
    assert state["battlefield"] is None
    assert (units(game, "Ostafrika"), units(game, "Ägypten")) == (9, 2)


@pytest.mark.rule("risiko.abwicklung-einer-wuerfelaktion.danach-duerfen-sie-erneut-in-die")
def test_the_survivors_may_be_sent_again() -> None:
    game = new_game(AFRICA | {"Nordwestafrika": ("Blau", 4)}, dice=[6, 1, 1, 5, 5, 6, 6, 1])
    battle(game, "Nordwestafrika", "Ägypten", 3, 2)
    assert units(game, "Nordwestafrika") == 3  # 1 stayed, 2 came back
    battle(game, "Nordwestafrika", "Ägypten", 2, 1)
    assert game.state()["roll"] == {"red": [6, 6], "white": [1]}


@pytest.mark.rule("risiko.verstaerkung-und-eroberung.verliert-der-besatzer-seine-letzte-einheit")
def test_beating_the_last_defender_conquers_the_territory() -> None:
    game = new_game(AFRICA | {"Ägypten": ("Rot", 1)}, dice=[6, 5, 1, 3])
    battle(game, "Ostafrika", "Ägypten", 3, 1)
    state = game.state()
    # Page 12: the Befreier's survivors move in; the Befreiungsaktion is over.
    assert state["territories"]["Ägypten"] == {"owner": "Blau", "units": 3}
    assert (units(game, "Ostafrika"), state["target"]) == (7, None)
    assert state["conquest"] == {"from": "Ostafrika", "to": "Ägypten"}
    # A defender left standing keeps the territory, and the survivors go home.
    game = new_game(AFRICA | {"Ägypten": ("Rot", 2)}, dice=[6, 5, 1, 3])
    battle(game, "Ostafrika", "Ägypten", 3, 1)
    assert game.state()["territories"]["Ägypten"] == {"owner": "Rot", "units": 1}
    assert (units(game, "Ostafrika"), game.state()["conquest"]) == (10, None)


@pytest.mark.rule("risiko.verstaerkung-und-eroberung.nach-einer-befreiung-darf-der-befreier")
def test_after_a_conquest_more_units_may_follow_but_one_stays() -> None:
    game = new_game(AFRICA | {"Ägypten": ("Rot", 1)}, dice=[6, 5, 1, 3])
    assert refused(game, {"do": "advance", "units": 1}).rule_id == engine_module.ADVANCE
    battle(game, "Ostafrika", "Ägypten", 3, 1)
    assert refused(game, {"do": "advance", "units": 7}).rule_id == engine_module.ADVANCE
    assert refused(game, {"do": "advance", "units": 0}).rule_id == engine_module.ADVANCE
    game.apply({"do": "advance", "units": 6})
    assert (units(game, "Ostafrika"), units(game, "Ägypten")) == (1, 9)
    game.apply({"do": "end"})
    assert refused(game, {"do": "advance", "units": 1}).rule_id == engine_module.ADVANCE


# Befreiungsaktion beenden


@pytest.mark.rule("risiko.befreiungsaktion-beenden.der-befreier-darf-eine-befreiungsaktion-nach")
def test_the_befreier_may_stop_after_any_battle_but_not_during_one() -> None:
    game = new_game(AFRICA | {"Kongo": ("Rot", 2)}, dice=[6, 1, 1, 5, 5])
    assert refused(game, {"do": "stop"}).rule_id == engine_module.STOP  # nothing under way
    game.apply(attack("Ostafrika", "Ägypten", 3))
    assert refused(game, {"do": "stop"}).rule_id == engine_module.STOP
    assert refused(game, {"do": "end"}).rule_id == engine_module.STOP
    assert refused(game, attack("Ostafrika", "Kongo", 1)).rule_id == engine_module.STOP
    game.apply(defend(2))
    assert game.state()["target"] == "Ägypten"
    game.apply({"do": "stop"})
    assert game.state()["target"] is None


@pytest.mark.rule("risiko.befreiungsaktion-beenden.wenn-sie-moechten-und-koennen-duerfen")
def test_after_ending_one_the_befreier_may_attack_a_new_or_an_earlier_territory() -> None:
    game = new_game(AFRICA | {"Kongo": ("Grün", 4)}, dice=[6, 1, 6, 1, 6, 1, 6, 1])
    battle(game, "Ostafrika", "Ägypten", 1, 1)
    game.apply({"do": "stop"})
    battle(game, "Ostafrika", "Kongo", 1, 1)
    assert game.state()["target"] == "Kongo"
    # Attacking elsewhere between battles ends the Befreiungsaktion under way.
    battle(game, "Nordwestafrika", "Ägypten", 1, 1)
    assert game.state()["target"] == "Ägypten"
    assert game.state()["losses"] == {"Blau": 0, "Grün": 1, "Rot": 2}


@pytest.mark.rule("risiko.befreiungsaktion-beenden.wenn-sie-keine-befreiungsaktion-mehr-beginnen")
def test_ending_the_phase_ends_the_attacks_of_the_turn() -> None:
    game = new_game(AFRICA, dice=[6, 1])
    battle(game, "Ostafrika", "Ägypten", 1, 1)
    game.apply({"do": "end"})
    assert (game.state()["phase"], game.state()["target"]) == ("over", None)
    violation = refused(game, attack("Ostafrika", "Ägypten", 1))
    assert violation.rule_id == engine_module.END_PHASE
    assert refused(game, {"do": "end"}).rule_id == engine_module.END_PHASE


# Befreiungsaktion von einem anderen Gebiet aus


@pytest.mark.rule(
    "risiko.befreiungsaktion-von-einem-anderen.zwischen-den-einzelnen-wuerfelaktionen-koennen-s",
    "risiko.durchfuehrung-einer-befreiungsaktion.die-einheiten-einer-wuerfelaktion-kommen-aus",
)
def test_between_battles_the_befreier_may_switch_to_another_bordering_origin() -> None:
    territories = AFRICA | {"Ägypten": ("Rot", 5), "Kongo": ("Blau", 5)}
    game = new_game(territories, dice=[6, 6, 1, 1, 6, 6, 6, 1])
    battle(game, "Nordwestafrika", "Ägypten", 2, 2)
    battle(game, "Ostafrika", "Ägypten", 3, 1)
    assert game.state()["target"] == "Ägypten"
    assert units(game, "Ägypten") == 2
    # Kongo is Blau's, but it does not border Ägypten.
    violation = refused(game, attack("Kongo", "Ägypten", 2))
    assert violation.rule_id == engine_module.BORDERING
    assert violation.detail == "Kongo does not border Ägypten"


@pytest.mark.rule(
    "risiko.befreiungsaktion-von-einem-anderen.sie-duerfen-nur-nicht-in-einer",
    "risiko.befreiungsaktion-von-einem-anderen.waehrend-einer-wuerfelaktion-muessen-alle-ihre",
)
def test_the_units_of_one_battle_all_come_from_one_territory() -> None:
    game = new_game(AFRICA | {"Nordwestafrika": ("Blau", 5)})
    game.apply(attack("Ostafrika", "Ägypten", 2))
    violation = refused(game, attack("Nordwestafrika", "Ägypten", 1))
    assert violation.rule_id == engine_module.NOT_MIXED
    game.apply(attack("Ostafrika", "Ägypten", 1))
    assert game.state()["battlefield"] == {"from": "Ostafrika", "to": "Ägypten", "units": 3}


# Refusals name their rule in every language


@pytest.mark.rule(
    "risiko.durchfuehrung-einer-befreiungsaktion.in-dem-gebiet-von-dem-aus",
    "risiko.durchfuehrung-einer-befreiungsaktion.der-besatzer-darf-hoechstens-2-einheiten",
)
def test_a_refusal_reads_in_german_and_in_english() -> None:
    game = new_game(AFRICA)
    violation = refused(game, attack("Nordwestafrika", "Ägypten", 3))
    assert violation.message().startswith(
        f"{engine_module.ORIGIN}: In dem Gebiet, von dem aus Sie die Befreiungsaktion"
    )
    assert "mindestens 2 Ihrer Armee-Einheiten" in violation.message("de")
    assert "must contain at least 2 of your units" in violation.message("en")
    assert violation.message("en").endswith("(Nordwestafrika has 3 units, 3 sent)")
    game.apply(attack("Nordwestafrika", "Ägypten", 2))
    violation = refused(game, defend(3))
    assert "höchstens 2 Einheiten zur Verteidigung" in str(violation)
    assert "The defender may use at most 2 units for the defence" in violation.message("en")


REFUSALS = {
    "ORIGIN": [attack("Nordwestafrika", "Ägypten", 3)],
    "AT_MOST_THREE": [attack("Ostafrika", "Ägypten", 4)],
    "RED_AND_WHITE": [attack("Ostafrika", "Ägypten", 0)],
    "BESATZER_DECIDES": [defend(1)],
    "BORDERING": [attack("Nordwestafrika", "Südafrika", 1)],
    "ENEMY_TARGET": [attack("Ostafrika", "Nordwestafrika", 1)],
    "ADVANCE": [{"do": "advance", "units": 1}],
    "STOP": [{"do": "stop"}],
    "NOT_MIXED": [attack("Ostafrika", "Ägypten", 1), attack("Nordwestafrika", "Ägypten", 1)],
    "AT_MOST_TWO": [attack("Ostafrika", "Ägypten", 1), defend(3)],
    "END_PHASE": [{"do": "end"}, {"do": "end"}],
}


@pytest.mark.parametrize("rule", sorted(REFUSALS))
def test_every_refusal_names_a_translated_rule(rule: str) -> None:
    game = new_game(AFRICA | {"Südafrika": ("Rot", 1)})
    *legal, illegal = REFUSALS[rule]
    for action in legal:
        game.apply(action)
    violation = refused(game, illegal)
    rule_id = getattr(engine_module, rule)
    assert violation.rule_id == rule_id
    german, english = rule_text(rule_id, "de"), rule_text(rule_id, "en")
    assert german and english and english != german
    assert violation.message("en") == f"{rule_id}: {english} ({violation.detail})"
    assert violation.details is not None
    assert violation.message() == f"{rule_id}: {german} ({violation.details.text('de')})"
    details = {violation.details.text(lang) for lang in ("en", "fr", "pl")}
    assert len(details) == 3, details


def test_the_engine_names_only_rules_of_the_graph() -> None:
    rules = {line.split()[1] for line in OUTLINE["nodes"] if line.split()[0] in ("rule", "note")}
    rules |= editorial_rules("risiko")
    named = {
        value
        for name, value in vars(engine_module).items()
        if name.isupper() and isinstance(value, str) and value.startswith("risiko.")
    }
    assert len(named) == 32
    assert named <= rules


# The manual's examples as scenarios


@pytest.mark.parametrize(
    ("step", "expect", "failure"),
    [
        (
            1,
            {"state": {"territories.Ägypten.units": 4}},
            "territories.Ägypten.units is 3, expected 4",
        ),
        (1, {"state": {"losses.Blau": 1}}, "losses.Blau is 2, expected 1"),
        (1, {"error": engine_module.AT_MOST_TWO}, "expected refusal by"),
        (0, {"error": engine_module.ORIGIN}, "expected refusal by"),
    ],
)
def test_a_wrong_expectation_fails_the_play(
    tmp_path: Path, step: int, expect: dict[str, Any], failure: str
) -> None:
    scenario = yaml.safe_load(
        (ROOT / "tests/scenarios/risiko/befreier-wuerfelt-3-und-2.yaml").read_text("utf-8")
    )
    scenario["steps"][step]["expect"] = expect
    path = tmp_path / "wrong.yaml"
    path.write_text(yaml.safe_dump(scenario, allow_unicode=True), "utf-8")
    result = runner.invoke(app, ["play", "risiko", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}: step {step + 1}: ")
    assert failure in result.stderr
