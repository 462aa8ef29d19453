"""The Midway engine (COBI Battle of Midway, §2.4): every mechanical rule, its scenarios, and
properties that hold over any sequence of actions."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit.engines import RuleViolation
from rulekit.engines.midway import DIRECTIONS, Engine

TWO_TILES = {"klein-1": [[0, 0], [0, 1]], "klein-2": [[0, 0], [1, 0]]}


def plane(side: str, kind: str, hex_: list[int], facing: int) -> dict[str, Any]:
    """An aircraft of the setup."""
    return {"side": side, "type": kind, "hex": hex_, "facing": facing}


# On an 8 × 6 board (q 0..7, r 0..5) the Americans fly east, the Japanese west.
FLEET = {
    "F1": plane("usa", "fighter", [1, 1], 0),
    "B1": plane("usa", "bomber", [1, 4], 0),
    "Z1": plane("japan", "fighter", [6, 1], 3),
    "Z2": plane("japan", "bomber", [6, 4], 3),
}


def new(
    aircraft: dict[str, dict[str, Any]] | None = None,
    tiles: dict[str, list[list[int]]] | None = None,
    board: tuple[int, int] = (8, 6),
) -> Engine:
    """An engine before the first round."""
    setup = {
        "board": {"columns": board[0], "rows": board[1]},
        "tiles": TWO_TILES if tiles is None else tiles,
        "aircraft": FLEET if aircraft is None else aircraft,
    }
    return Engine.from_setup(setup, iter([]), iter([]))


def started(usa: int = 0, japan: int = 0, **kwargs: Any) -> Engine:
    """An engine in the activations of round 1, after the given bids."""
    engine = new(**kwargs)
    engine.apply({"type": "start_round"})
    engine.apply({"type": "bid", "player": "usa", "points": usa})
    engine.apply({"type": "bid", "player": "japan", "points": japan})
    return engine


def activate(player: str, name: str, action: str = "combat", *manoeuvres: Any) -> dict[str, Any]:
    """An activation action."""
    return {
        "type": "activate",
        "player": player,
        "aircraft": name,
        "action": action,
        "manoeuvres": list(manoeuvres),
    }


def fly(engine: Engine, player: str, name: str, *manoeuvres: dict[str, Any]) -> None:
    """Activate an aircraft for a flight."""
    engine.apply(activate(player, name, "flight", *manoeuvres))


def fight(engine: Engine, player: str, name: str) -> None:
    """Activate an aircraft for a combat."""
    engine.apply(activate(player, name))


def order_move(engine: Engine, name: str, *manoeuvres: dict[str, Any]) -> None:
    """Move an aircraft as an order card's effect."""
    engine.apply({"type": "order_move", "aircraft": name, "manoeuvres": list(manoeuvres)})


def refused(rule_id: str, engine: Engine, action: dict[str, Any]) -> RuleViolation:
    """Apply an action that must break `rule_id` and change nothing."""
    before = engine.state()
    with pytest.raises(RuleViolation) as caught:
        engine.apply(action)
    assert caught.value.rule_id == rule_id, caught.value.message()
    assert engine.state() == before
    return caught.value


def where(engine: Engine, name: str) -> tuple[list[int], int]:
    """An aircraft's hex and facing."""
    aircraft = engine.state()["aircraft"][name]
    return aircraft["hex"], aircraft["facing"]


# --- 2.4.1 Start der Spielrunde ---------------------------------------------------------


@pytest.mark.rule("midway.start-der-spielrunde.platziere-1-aktivierungsmarker-neben-jedem-flugz")
def test_round_start_places_a_marker_beside_every_aircraft() -> None:
    engine = new()
    assert not any(a["marker"] for a in engine.state()["aircraft"].values())
    engine.apply({"type": "start_round"})
    state = engine.state()
    assert state["round"] == 1 and state["phase"] == "bid"
    assert all(a["marker"] for a in state["aircraft"].values())


@pytest.mark.rule("midway.start-der-spielrunde.jeder-spieler-erhaelt-3-kommandopunkte")
def test_every_round_starts_with_3_command_points_each() -> None:
    engine = new()
    engine.apply({"type": "start_round"})
    assert engine.state()["command_points"] == {"usa": 3, "japan": 3}
    engine.apply({"type": "bid", "player": "usa", "points": 2})
    engine.apply({"type": "bid", "player": "japan", "points": 1})
    assert engine.state()["command_points"] == {"usa": 1, "japan": 2}
    for player, name in (("usa", "F1"), ("japan", "Z1"), ("usa", "B1"), ("japan", "Z2")):
        fight(engine, player, name)
    engine.apply({"type": "start_round"})
    assert engine.state()["command_points"] == {"usa": 3, "japan": 3}


# --- 2.4.2 Kampf um die Initiative ------------------------------------------------------


@pytest.mark.rule("midway.kampf-um-die-initiative.jeder-spieler-nimmt-heimlich-0-bis")
@pytest.mark.parametrize("points", [-1, 4])
def test_a_bid_is_0_to_3_command_points(points: int) -> None:
    engine = new()
    engine.apply({"type": "start_round"})
    bid = {"type": "bid", "player": "usa", "points": points}
    refused("midway.kampf-um-die-initiative.jeder-spieler-nimmt-heimlich-0-bis", engine, bid)


@pytest.mark.rule("midway.kampf-um-die-initiative.jeder-spieler-nimmt-heimlich-0-bis")
def test_each_player_bids_once_at_the_start_of_a_round() -> None:
    rule = "midway.kampf-um-die-initiative.jeder-spieler-nimmt-heimlich-0-bis"
    engine = new()
    refused(rule, engine, {"type": "bid", "player": "usa", "points": 1})
    engine.apply({"type": "start_round"})
    engine.apply({"type": "bid", "player": "usa", "points": 0})
    refused(rule, engine, {"type": "bid", "player": "usa", "points": 3})
    engine.apply({"type": "bid", "player": "japan", "points": 0})
    refused(rule, engine, {"type": "bid", "player": "japan", "points": 1})


@pytest.mark.rule("midway.kampf-um-die-initiative.auf-stichwort-zeigen-die-spieler-gleichzeitig")
def test_bids_are_revealed_together_and_discarded() -> None:
    engine = new()
    engine.apply({"type": "start_round"})
    engine.apply({"type": "bid", "player": "japan", "points": 2})
    state = engine.state()
    assert state["bids"] == {"japan": "hidden"}
    assert state["command_points"] == {"usa": 3, "japan": 3}
    assert state["initiative"] is None
    engine.apply({"type": "bid", "player": "usa", "points": 3})
    state = engine.state()
    assert state["bids"] == {"japan": 2, "usa": 3}
    assert state["command_points"] == {"usa": 0, "japan": 1}


@pytest.mark.rule("midway.kampf-um-die-initiative.der-spieler-der-die-meisten-seiner")
@pytest.mark.parametrize(
    ("usa", "japan", "winner"), [(1, 0, "usa"), (0, 3, "japan"), (2, 3, "japan"), (3, 2, "usa")]
)
def test_the_higher_bid_takes_the_initiative_card(usa: int, japan: int, winner: str) -> None:
    engine = started(usa, japan)
    assert engine.state()["initiative"] == winner
    assert engine.state()["phase"] == "activation"


@pytest.mark.rule("midway.kampf-um-die-initiative.bei-einem-unentschieden-erhaelt-der-spieler")
@pytest.mark.parametrize("points", [0, 2, 3])
def test_a_tie_goes_to_the_american_player(points: int) -> None:
    assert started(points, points).state()["initiative"] == "usa"


# --- 2.4.3 Flugzeug Aktivierung ---------------------------------------------------------


@pytest.mark.rule("midway.flugzeug-aktivierung.die-spieler-mit-der-initiativekarte-waehlen")
def test_only_the_initiative_holder_activates_and_only_their_own_aircraft() -> None:
    rule = "midway.flugzeug-aktivierung.die-spieler-mit-der-initiativekarte-waehlen"
    engine = new()
    engine.apply({"type": "start_round"})
    refused(rule, engine, activate("usa", "F1"))  # nobody holds the card before the bids
    engine.apply({"type": "bid", "player": "usa", "points": 0})
    engine.apply({"type": "bid", "player": "japan", "points": 1})
    refused(rule, engine, activate("usa", "F1"))
    refused(rule, engine, activate("japan", "F1"))
    fight(engine, "japan", "Z1")
    assert engine.state()["initiative"] == "usa"


@pytest.mark.rule("midway.flugzeug-aktivierung.dazu-legen-sie-den-aktivierungsmarker-neben")
def test_activation_discards_the_aircrafts_marker() -> None:
    engine = started()
    fly(engine, "usa", "F1", {}, {}, {})
    markers = {name: a["marker"] for name, a in engine.state()["aircraft"].items()}
    assert markers == {"F1": False, "B1": True, "Z1": True, "Z2": True}


@pytest.mark.rule("midway.flugzeug-aktivierung.nur-flugzeuge-mit-einem-aktivierungsmarker-an")
def test_only_an_aircraft_with_a_marker_can_be_activated() -> None:
    rule = "midway.flugzeug-aktivierung.nur-flugzeuge-mit-einem-aktivierungsmarker-an"
    engine = started()
    fight(engine, "usa", "F1")
    fight(engine, "japan", "Z1")
    refused(rule, engine, activate("usa", "F1"))
    with pytest.raises(ValueError, match="no aircraft of the game"):
        engine.apply(activate("usa", "X9"))  # not a name of the game: bad input
    fight(engine, "usa", "B1")


@pytest.mark.rule("midway.flugzeug-aktivierung.nur-flugzeuge-mit-einem-aktivierungsmarker-an")
def test_a_refusal_names_its_rule_in_german_and_english() -> None:
    engine = started()
    fight(engine, "usa", "F1")
    fight(engine, "japan", "Z1")
    violation = refused(
        "midway.flugzeug-aktivierung.nur-flugzeuge-mit-einem-aktivierungsmarker-an",
        engine,
        activate("usa", "F1"),
    )
    assert violation.message("de") == (
        "midway.flugzeug-aktivierung.nur-flugzeuge-mit-einem-aktivierungsmarker-an: "
        "Nur Flugzeuge mit einem Aktivierungsmarker an der Seite können aktiviert werden. "
        "(F1 hat keinen Aktivierungsmarker)"
    )
    assert violation.message("en") == (
        "midway.flugzeug-aktivierung.nur-flugzeuge-mit-einem-aktivierungsmarker-an: "
        "Only Aircraft with an Activation Marker next to them can be activated. "
        "(F1 has no activation marker)"
    )


@pytest.mark.rule("midway.flugzeug-aktivierung.der-spieler-der-eines-seiner-flugzeuge")
def test_an_activation_is_one_flight_or_one_combat() -> None:
    rule = "midway.flugzeug-aktivierung.der-spieler-der-eines-seiner-flugzeuge"
    engine = started()
    refused(rule, engine, activate("usa", "F1", "bombing"))
    violation = refused(rule, engine, activate("usa", "F1", "combat", {}, {}))
    assert violation.detail == "F1: a Combat is no Flight"
    fight(engine, "usa", "F1")
    assert where(engine, "F1") == ([1, 1], 0)  # combat moves nothing but uses the activation
    assert engine.state()["aircraft"]["F1"]["marker"] is False
    fly(engine, "japan", "Z1", {}, {}, {})
    assert where(engine, "Z1") == ([3, 1], 3)


@pytest.mark.rule("midway.flugzeug-aktivierung.wenn-ein-flugzeug-auf-dem-spielbrett")
def test_activations_go_on_while_any_aircraft_has_a_marker() -> None:
    rule = "midway.flugzeug-aktivierung.wenn-ein-flugzeug-auf-dem-spielbrett"
    engine = started()
    refused(rule, engine, {"type": "start_round"})
    for player, name in (("usa", "F1"), ("japan", "Z1"), ("usa", "B1")):
        fight(engine, player, name)
        assert engine.state()["phase"] == "activation"
        refused(rule, engine, {"type": "start_round"})
    fight(engine, "japan", "Z2")
    assert engine.state()["phase"] == "start"
    assert engine.state()["initiative"] is None
    engine.apply({"type": "start_round"})
    assert engine.state()["round"] == 2


@pytest.mark.rule("midway.flugzeug-aktivierung.der-spieler-fuehrt-3-bis-4")
@pytest.mark.parametrize(
    ("name", "count", "legal"),
    [
        ("F1", 2, False),
        ("F1", 3, True),
        ("F1", 4, True),
        ("F1", 5, False),
        ("B1", 1, False),
        ("B1", 2, True),
        ("B1", 3, True),
        ("B1", 4, False),
    ],
)
def test_a_fighter_makes_3_to_4_manoeuvres_a_bomber_2_to_3(
    name: str, count: int, legal: bool
) -> None:
    engine = started()
    action = activate("usa", name, "flight", *[{}] * count)
    if not legal:
        refused("midway.flugzeug-aktivierung.der-spieler-fuehrt-3-bis-4", engine, action)
        return
    engine.apply(action)
    start = FLEET[name]["hex"]
    assert where(engine, name) == ([start[0] + count, start[1]], 0)


@pytest.mark.rule("midway.flugzeug-aktivierung.ein-flugzeug-sollte-immer-nach-vorne")
@pytest.mark.parametrize("facing", range(6))
def test_a_manoeuvre_moves_one_hex_towards_the_nose(facing: int) -> None:
    engine = started(aircraft={"F1": plane("usa", "fighter", [5, 5], facing)}, board=(10, 10))
    fly(engine, "usa", "F1", {}, {}, {})
    dq, dr = DIRECTIONS[facing]
    assert where(engine, "F1") == ([5 + 3 * dq, 5 + 3 * dr], facing)


@pytest.mark.rule("midway.flugzeug-aktivierung.ein-flugzeug-sollte-immer-nach-vorne")
@pytest.mark.parametrize("facing", [6, -1, 1.5])
def test_an_aircraft_faces_one_of_the_six_hex_sides(facing: Any) -> None:
    # A setup is input: a facing that is no hex side is bad input, not a move.
    with pytest.raises(ValueError, match="is not a hex side 0–5"):
        new(aircraft={"F1": plane("usa", "fighter", [1, 1], facing)})


@pytest.mark.rule("midway.flugzeug-aktivierung.nach-jedem-manoever-kann-der-spieler")
def test_after_each_manoeuvre_the_aircraft_may_turn_one_side() -> None:
    engine = started()
    fly(engine, "usa", "F1", {"turn": "right"}, {}, {"turn": "left"}, {"turn": "left"})
    # (1,1) east → (2,1), turn to south-east → (2,2) → (2,3), turn east → (3,3), turn north-east
    assert where(engine, "F1") == ([3, 3], 1)


@pytest.mark.rule("midway.flugzeug-aktivierung.nach-jedem-manoever-kann-der-spieler")
@pytest.mark.parametrize("turn", ["back", "left-left", 2])
def test_a_turn_is_one_side_left_or_right(turn: Any) -> None:
    engine = started()
    action = activate("usa", "F1", "flight", {}, {"turn": turn}, {})
    refused("midway.flugzeug-aktivierung.nach-jedem-manoever-kann-der-spieler", engine, action)


@pytest.mark.rule("midway.flugzeug-aktivierung.nach-beendigung-des-flugs-gibt-der")
def test_after_the_flight_the_initiative_card_passes_to_the_rival() -> None:
    engine = started()
    fly(engine, "usa", "F1", {}, {}, {})
    assert engine.state()["initiative"] == "japan"
    fly(engine, "japan", "Z2", {}, {})
    assert engine.state()["initiative"] == "usa"
    fight(engine, "usa", "B1")  # combat passes it on too
    assert engine.state()["initiative"] == "japan"


@pytest.mark.rule("midway.flugzeug-aktivierung.die-initiativekarte-sollte-nicht-weitergegeben-w")
def test_the_card_stays_when_the_rival_has_nothing_left_to_activate() -> None:
    fleet = {**FLEET, "F2": plane("usa", "fighter", [3, 3], 0)}
    del fleet["Z2"]
    engine = started(aircraft=fleet)
    fight(engine, "usa", "F1")
    fight(engine, "japan", "Z1")
    fly(engine, "usa", "B1", {}, {})
    assert engine.state()["initiative"] == "usa"
    fight(engine, "usa", "F2")
    assert engine.state()["phase"] == "start"


@pytest.mark.rule("midway.flugzeug-aktivierung.die-initiativekarte-sollte-nicht-weitergegeben-w")
def test_a_bid_winner_without_aircraft_leaves_the_card_to_the_rival() -> None:
    engine = started(aircraft={"Z1": FLEET["Z1"]})
    assert engine.state()["initiative"] == "japan"


# Flying off the east edge: F1 at (6,1) facing east reaches (7,1), then (8,1) is off the board.
EDGE = {"F1": plane("usa", "fighter", [6, 1], 0), "Z1": FLEET["Z1"] | {"hex": [1, 1]}}


@pytest.mark.rule("midway.flugzeug-aktivierung.wenn-das-flugzeug-infolge-einer-bewegung")
def test_an_aircraft_flying_off_the_board_extends_it_with_a_small_tile() -> None:
    engine = started(aircraft=EDGE)
    # (7,1), then (8,1) on klein-1 (covering (8,1) and (8,2)), turn south-east, (8,2).
    fly(engine, "usa", "F1", {}, {"tile": {"id": "klein-1", "at": [8, 1]}, "turn": "right"}, {})
    assert engine.state()["tiles"] == {"klein-1": [8, 1], "klein-2": None}
    assert where(engine, "F1") == ([8, 2], 5)


@pytest.mark.rule("midway.flugzeug-aktivierung.wenn-das-flugzeug-infolge-einer-bewegung")
def test_the_board_is_extended_only_off_its_edge_and_then_must_be() -> None:
    rule = "midway.flugzeug-aktivierung.wenn-das-flugzeug-infolge-einer-bewegung"
    engine = started(aircraft=EDGE)
    # (7,1) is on the board: no tile may be laid there.
    tile = {"tile": {"id": "klein-1", "at": [7, 1]}, "turn": "right"}
    refused(rule, engine, activate("usa", "F1", "flight", tile, {}, {}))
    # (8,1) is off the board and a tile is still free: the flight must lay it.
    refused(rule, engine, activate("usa", "F1", "flight", {}, {}, {}))
    fly(engine, "usa", "F1", {"turn": "right"}, {}, {})
    assert where(engine, "F1") == ([7, 3], 5)


@pytest.mark.rule("midway.flugzeug-aktivierung.dazu-koennen-sie-ein-beliebiges-kleines")
def test_any_tile_free_of_aircraft_can_be_laid_even_one_already_attached() -> None:
    engine = started(aircraft={"F1": plane("usa", "fighter", [7, 1], 0), "Z1": EDGE["Z1"]})
    # Onto klein-1 (covering (8,1) and (8,2)) and back to the main board.
    order_move(engine, "F1", {"tile": {"id": "klein-1", "at": [8, 1]}, "turn": "right"})
    order_move(engine, "F1", {"turn": "right"}, {})
    assert where(engine, "F1") == ([7, 3], 4)
    # Z1 at (1,1) flies west off the board and takes klein-1 from the other side.
    order_move(engine, "Z1", {}, {"tile": {"id": "klein-1", "at": [-1, 0]}})
    assert engine.state()["tiles"]["klein-1"] == [-1, 0]
    assert where(engine, "Z1") == ([-1, 1], 3)


@pytest.mark.rule("midway.flugzeug-aktivierung.dazu-koennen-sie-ein-beliebiges-kleines")
@pytest.mark.parametrize(
    ("tile", "at"),
    [
        ("klein-1", [-1, 0]),  # holds F1
        ("klein-2", [-3, 0]),  # does not reach the hex ahead, (-1,0)
        ("klein-2", [-1, 0]),  # its second hex lies on (0,0) of the main board
    ],
)
def test_a_tile_must_be_free_cover_the_hex_ahead_and_lie_beside_the_board(
    tile: str, at: list[int]
) -> None:
    engine = started(
        aircraft={
            "F1": plane("usa", "fighter", [7, 1], 0),
            "Z1": plane("japan", "fighter", [0, 0], 3),
        }
    )
    order_move(engine, "F1", {"tile": {"id": "klein-1", "at": [8, 1]}})
    action = {
        "type": "order_move",
        "aircraft": "Z1",
        "manoeuvres": [{"tile": {"id": tile, "at": at}}],
    }
    refused("midway.flugzeug-aktivierung.dazu-koennen-sie-ein-beliebiges-kleines", engine, action)
    unknown = {
        "type": "order_move",
        "aircraft": "Z1",
        "manoeuvres": [{"tile": {"id": "klein-9", "at": at}}],
    }
    with pytest.raises(ValueError, match="no small board tile"):
        engine.apply(unknown)  # no such tile in the setup: bad input
    order_move(engine, "Z1", {"tile": {"id": "klein-2", "at": [-2, 0]}})
    assert where(engine, "Z1") == ([-1, 0], 3)


@pytest.mark.rule("midway.flugzeug-aktivierung.wenn-das-flugzeug-vom-spielbrett-fliegen")
def test_an_aircraft_leaving_the_board_with_no_tile_left_is_destroyed() -> None:
    engine = started(aircraft=EDGE, tiles={})
    fly(engine, "usa", "F1", {}, {}, {})
    state = engine.state()
    assert "F1" not in state["aircraft"]
    assert state["destroyed"] == ["F1"]
    assert state["initiative"] == "japan"


@pytest.mark.rule("midway.flugzeug-aktivierung.wenn-das-flugzeug-vom-spielbrett-fliegen")
def test_a_flight_that_ends_in_destruction_is_legal_and_flown_no_further() -> None:
    engine = started(aircraft=EDGE, tiles={})
    legal = engine.legal_actions()
    # F1 leaves the board on its second manoeuvre; the declared count is kept.
    for flight in ([{}, {}, {}], [{}, {"turn": "left"}, {}], [{}, {}, {}, {}]):
        assert activate("usa", "F1", "flight", *flight) in legal
    turning = activate("usa", "F1", "flight", {}, {}, {"turn": "left"})
    assert turning not in legal
    before = engine.state()
    with pytest.raises(ValueError, match="F1 is destroyed"):
        engine.apply(turning)  # a turn after the loss is flown by no one: bad input
    assert engine.state() == before
    # A turn that is none is refused on the manoeuvre that loses the aircraft too.
    no_turn = activate("usa", "F1", "flight", {}, {"turn": "up"}, {})
    refused("midway.flugzeug-aktivierung.nach-jedem-manoever-kann-der-spieler", engine, no_turn)


@pytest.mark.rule("midway.flugzeug-aktivierung.wenn-das-flugzeug-vom-spielbrett-fliegen")
def test_the_tile_under_the_aircraft_is_not_free() -> None:
    engine = started(aircraft=EDGE, tiles={"klein-1": [[0, 0]]})
    fly(engine, "usa", "F1", {}, {"tile": {"id": "klein-1", "at": [8, 1]}}, {}, {})
    state = engine.state()
    assert state["destroyed"] == ["F1"]
    assert state["tiles"] == {"klein-1": [8, 1]}


@pytest.mark.rule("midway.flugzeug-aktivierung.die-initiativekarte-sollte-nicht-weitergegeben-w")
def test_a_holder_whose_last_aircraft_an_order_card_loses_leaves_the_card() -> None:
    engine = started(aircraft=EDGE, tiles={})
    order_move(engine, "F1", {}, {})
    assert engine.state()["destroyed"] == ["F1"]
    assert engine.state()["initiative"] == "japan"


@pytest.mark.rule("midway.flugzeug-aktivierung.wenn-ein-flugzeug-zu-irgendeinem-zeitpunkt")
def test_entering_an_occupied_hex_swaps_places_keeping_facings() -> None:
    engine = started(aircraft={"F1": FLEET["F1"], "Z1": plane("japan", "fighter", [3, 1], 3)})
    fly(engine, "usa", "F1", {}, {}, {})
    assert where(engine, "F1") == ([4, 1], 0)
    assert where(engine, "Z1") == ([2, 1], 3)


@pytest.mark.rule("midway.flugzeug-aktivierung.nach-dieser-bewegung-kann-ein-spieler")
def test_after_a_swap_the_moving_aircraft_may_still_turn() -> None:
    engine = started(aircraft={"F1": FLEET["F1"], "Z1": plane("japan", "fighter", [3, 1], 3)})
    fly(engine, "usa", "F1", {}, {"turn": "left"}, {})
    assert where(engine, "F1") == ([4, 0], 1)
    assert where(engine, "Z1") == ([2, 1], 3)


@pytest.mark.rule("midway.flugzeug-aktivierung.diese-regel-gilt-auch-fuer-bewegungen")
def test_order_card_moves_swap_places_too() -> None:
    engine = started(aircraft={"F1": FLEET["F1"], "Z1": plane("japan", "fighter", [2, 1], 3)})
    order_move(engine, "F1", {"turn": "right"})
    state = engine.state()
    assert where(engine, "F1") == ([2, 1], 5)
    assert where(engine, "Z1") == ([1, 1], 3)
    # An order card's move is no activation: markers and initiative stay.
    assert all(a["marker"] for a in state["aircraft"].values())
    assert state["initiative"] == "usa"


def test_a_flight_refused_halfway_changes_nothing() -> None:
    engine = started()
    refused(
        "midway.flugzeug-aktivierung.nach-jedem-manoever-kann-der-spieler",
        engine,
        activate("usa", "F1", "flight", {}, {"turn": "left"}, {"turn": "about"}),
    )
    assert where(engine, "F1") == ([1, 1], 0)


# --- Properties --------------------------------------------------------------------------

PROPERTY_FLEET = {
    "F1": plane("usa", "fighter", [1, 1], 0),
    "B1": plane("usa", "bomber", [1, 3], 0),
    "Z1": plane("japan", "fighter", [4, 1], 3),
    "Z2": plane("japan", "bomber", [4, 3], 3),
}
PROPERTY_TILES = {"klein-1": [[0, 0], [1, 0]]}  # one tile, soon taken: aircraft get lost


# An action is drawn as plain values (cheap to generate and to shrink) and decoded against
# the state it meets.  "next" is the action the phase calls for, by the right player.
SEEDS = st.tuples(
    st.sampled_from(["next", "next", "next", "next", "start_round", "bid", "activate", "move"]),
    st.sampled_from(["usa", "japan"]),
    st.integers(0, 4),
    st.sampled_from(["flight", "flight", "flight", "combat", "bombing"]),
    st.integers(-1, 4),
    st.booleans(),
    st.lists(st.sampled_from([None, None, "left", "right"]), min_size=2, max_size=4),
)
Seed = tuple[str, str, int, str, int, bool, list[str | None]]


def decode(seed: Seed, state: dict[str, Any]) -> dict[str, Any]:
    """A plausible action for `state`: often legal, sometimes not."""
    kind, player, index, action, points, extend, turns = seed
    if kind == "next":
        kind = {"start": "start_round", "bid": "bid", "activation": "activate"}[state["phase"]]
        bidders = [side for side in ("usa", "japan") if side not in state["bids"]]
        player = state["initiative"] or (bidders or [player])[0]
        points = min(max(points, 0), 3)
    names = [*sorted(state["aircraft"]), *state["destroyed"]]
    if seed[0] == "next":
        marked = [n for n, a in state["aircraft"].items() if a["side"] == player and a["marker"]]
        names = marked or names
    name = names[index % len(names)]
    if kind == "start_round":
        return {"type": kind}
    if kind == "bid":
        return {"type": kind, "player": player, "points": points}
    manoeuvres = flight_path(state, name, turns, extend)
    if kind == "move" and name in state["aircraft"]:
        return {"type": "order_move", "aircraft": name, "manoeuvres": manoeuvres}
    return activate(player, name, action, *manoeuvres)


def flight_path(
    state: dict[str, Any], name: str, turns: list[str | None], extend: bool
) -> list[dict[str, Any]]:
    """Manoeuvres with these turns; with `extend`, the tile under any hex ahead off the board."""
    aircraft = state["aircraft"].get(name, {"hex": [0, 0], "facing": 0})
    (q, r), facing = aircraft["hex"], aircraft["facing"]
    board = board_hexes(state)
    manoeuvres: list[dict[str, Any]] = []
    for turn in turns:
        q, r = q + DIRECTIONS[facing][0], r + DIRECTIONS[facing][1]
        step: dict[str, Any] = {} if turn is None else {"turn": turn}
        if extend and (q, r) not in board:
            tile = "klein-1"
            step["tile"] = {"id": tile, "at": [q, r]}
            board |= {(q + dq, r + dr) for dq, dr in PROPERTY_TILES[tile]}
        manoeuvres.append(step)
        facing = (facing + {None: 0, "left": 1, "right": -1}[turn]) % 6
    return manoeuvres


def board_hexes(state: dict[str, Any]) -> set[tuple[int, int]]:
    """The hexes of the 6 × 5 main board and of the attached tiles."""
    hexes = {(q, r) for q in range(6) for r in range(5)}
    for tile, at in state["tiles"].items():
        if at is not None:
            hexes |= {(q + at[0], r + at[1]) for q, r in PROPERTY_TILES[tile]}
    return hexes


@pytest.mark.rule(
    "midway.start-der-spielrunde.jeder-spieler-erhaelt-3-kommandopunkte",
    "midway.flugzeug-aktivierung.dazu-legen-sie-den-aktivierungsmarker-neben",
    "midway.flugzeug-aktivierung.wenn-das-flugzeug-infolge-einer-bewegung",
)
@settings(max_examples=150, deadline=None, database=None)
@given(st.lists(SEEDS, min_size=5, max_size=40))
def test_invariants_hold_over_any_sequence_of_actions(seeds: list[Seed]) -> None:
    engine = new(PROPERTY_FLEET, PROPERTY_TILES, (6, 5))
    for seed in seeds:
        before = engine.state()
        action = decode(seed, before)
        try:
            engine.apply(action)
        except (RuleViolation, ValueError):
            # A refusal changes nothing, nor does a turn declared after the aircraft is lost.
            assert engine.state() == before
            continue
        state = engine.state()
        assert all(points >= 0 for points in state["command_points"].values())
        markers = sum(a["marker"] for a in state["aircraft"].values())
        assert markers >= 0
        if action["type"] == "activate":
            # Exactly one marker used: the activated aircraft's, even if it was lost.
            assert sum(a["marker"] for a in before["aircraft"].values()) - markers == 1
            assert before["aircraft"][action["aircraft"]]["marker"]
        hexes = [tuple(a["hex"]) for a in state["aircraft"].values()]
        assert set(hexes) <= board_hexes(state)
        assert len(set(hexes)) == len(hexes)  # one aircraft to a hex
