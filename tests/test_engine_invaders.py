"""The Invaders engine: card costs, the four-card limit, the Heroes of the Resistance."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit.engines import RuleViolation
from rulekit.engines.invaders import PLAYERS, ZONE_LIMIT, ZONES, Engine

# The rules of playing cards (page 5), in the editors' supplement.
FROM_HAND = "invaders.karten-spielen.jeder-spieler-spielt-nur-karten-aus"
COST = "invaders.karten-spielen.um-eine-karte-zu-spielen-legt"
DRAIN = "invaders.karten-spielen.dazu-dreht-er-so-viele-karten"
PAY_ALL = "invaders.karten-spielen.kann-er-die-kosten-oder-die"
PLACE = "invaders.karten-spielen.eine-karte-mit-staerke-legt-ihr"
LIMIT = "invaders.karten-spielen.vier-karten-limit-auf-seiner-seite"
DESTROY_TARGETS = "invaders.karten-spielen.ein-zerstoerungseffekt-trifft-karten-die-der"
DESTROY_COUNT = "invaders.karten-spielen.ein-effekt-zerstoert-hoechstens-so-viele"
SACRIFICE = "invaders.karten-spielen.die-menschheit-opfert-eine-ihrer-karten"
TURNS = "invaders.karten-spielen.invasor-und-menschheit-sind-abwechselnd-am"
# The rules of the excerpt.
ALWAYS_A_HERO = "invaders.die-heroes-of-the.die-menschheit-muss-immer-eine-heroes"
HEROES_MOVE = "invaders.die-heroes-of-the.sofern-nicht-anders-angegeben-koennen-sich"
NO_SACRIFICE = "invaders.die-heroes-of-the.waehrend-des-invasorenzuges-kann-eine-heroes"
VALID_TARGET = "invaders.die-heroes-of-the.ausserdem-ist-die-heroes-of-the"
LAST_HERO = "invaders.die-heroes-of-the.falls-die-letzte-heroes-of-the"

CARDS: dict[str, dict[str, Any]] = {
    "Nanobot Kill-Swarm": {"type": "action", "destroy": 1},
    "Kraken": {"type": "invader", "cost": 1, "drain": 2, "strength": 3},
    "Thing": {"type": "invader", "strength": 2, "destroy": 2},
    "Drone": {"type": "invader", "strength": 1},
    "NORAD": {"type": "location", "cost": 5, "strength": 3},
    "Air Strike": {"type": "action", "destroy": 1},
    "Partisans": {"type": "defender", "strength": 1},
    "Tank": {"type": "defender", "strength": 2},
    "Hero A": {"type": "hero", "strength": 3},
    "Hero B": {"type": "hero", "strength": 2},
    "Hero C": {"type": "hero", "strength": 1, "fixed": True},
}


def setup(**changes: Any) -> dict[str, Any]:
    """Hero A in Eurasia beside Partisans; Hero B and C in the hero deck; Mankind's turn."""
    base: dict[str, Any] = {
        "turn": "mankind",
        "cards": CARDS,
        "invader": {"hand": ["Nanobot Kill-Swarm", "Thing", "Drone"], "deck": ["Drone"]},
        "mankind": {"hand": ["Air Strike", "Tank"], "heroes": ["Hero B", "Hero C"]},
        "zones": {"Eurasia": {"value": 1, "mankind": ["Partisans", "Hero A"]}},
    }
    return base | changes


def engine(data: dict[str, Any]) -> Engine:
    """An engine for the setup, with no dice and no draws."""
    return Engine.from_setup(data, iter([]), iter([]))


def refused(game: Engine, action: dict[str, Any], rule: str) -> RuleViolation:
    """Apply an illegal action: it must break `rule` and leave the game as it was."""
    before = game.state()
    with pytest.raises(RuleViolation) as caught:
        game.apply(action)
    assert caught.value.rule_id == rule
    assert game.state() == before
    return caught.value


def full_zone(*names: str) -> dict[str, Any]:
    """Eurasia with Mankind's four places taken."""
    return {"Eurasia": {"mankind": list(names)}}


# Playing cards (page 5, in the editors' supplement).


@pytest.mark.rule("invaders.karten-spielen.jeder-spieler-spielt-nur-karten-aus")
def test_a_player_plays_only_cards_from_his_own_hand() -> None:
    game = engine(setup(turn="invader"))
    drone = {"do": "play", "card": "Drone", "zone": "Africa"}
    violation = refused(game, drone | {"player": "mankind"}, FROM_HAND)
    assert violation.detail == "Mankind: Drone is not in the hand"
    game.apply(drone | {"player": "invader"})
    refused(game, drone | {"player": "invader"}, FROM_HAND)  # the hand had one Drone


@pytest.mark.rule("invaders.karten-spielen.um-eine-karte-zu-spielen-legt")
def test_a_card_without_cost_needs_no_discard() -> None:
    game = engine(setup(turn="invader"))
    game.apply(
        {
            "do": "play",
            "player": "invader",
            "card": "Nanobot Kill-Swarm",
            "targets": [{"card": "Partisans", "zone": "Eurasia"}],
        }
    )
    state = game.state()
    assert state["invader"]["hand"] == ["Thing", "Drone"]
    assert state["invader"]["discard"] == ["Nanobot Kill-Swarm"]
    assert state["mankind"]["discard"] == ["Partisans"]
    assert state["zones"]["Eurasia"]["mankind"] == ["Hero A"]


@pytest.mark.rule("invaders.karten-spielen.um-eine-karte-zu-spielen-legt")
def test_the_player_chooses_which_cards_pay_the_discard_cost() -> None:
    hand = ["NORAD", "Tank", "Partisans", "Air Strike", "Drone", "Tank", "Partisans"]
    game = engine(setup(mankind={"hand": hand, "heroes": []}, invader={}))
    paid = ["Tank", "Air Strike", "Partisans", "Drone", "Tank"]
    game.apply(
        {"do": "play", "player": "mankind", "card": "NORAD", "zone": "Africa", "discard": paid}
    )
    state = game.state()
    assert state["mankind"]["hand"] == ["Partisans"]
    assert Counter(state["mankind"]["discard"]) == Counter(paid)
    assert state["zones"]["Africa"]["mankind"] == ["NORAD"]


@pytest.mark.rule("invaders.karten-spielen.um-eine-karte-zu-spielen-legt")
def test_the_discard_cost_takes_exactly_that_many_other_hand_cards() -> None:
    game = engine(setup(mankind={"hand": ["NORAD", "Tank", "Tank", "Tank", "Tank", "Air Strike"]}))
    play = {"do": "play", "player": "mankind", "card": "NORAD", "zone": "Africa"}
    refused(game, play | {"discard": ["Tank", "Tank", "Tank", "Tank"]}, COST)
    too_many = ["Tank", "Tank", "Tank", "Tank", "Air Strike", "Air Strike"]
    violation = refused(game, play | {"discard": too_many}, COST)
    assert violation.detail.startswith("NORAD costs 5 other cards in hand, not Tank, Tank")
    # The card itself is not one of the "other" hand cards.
    refused(game, play | {"discard": ["Tank", "Tank", "Tank", "Tank", "NORAD"]}, COST)


@pytest.mark.rule("invaders.karten-spielen.kann-er-die-kosten-oder-die")
def test_a_card_that_cannot_be_paid_for_cannot_be_played() -> None:
    game = engine(setup(mankind={"hand": ["NORAD", "Tank", "Tank", "Tank", "Tank"]}))
    violation = refused(
        game,
        {"do": "play", "player": "mankind", "card": "NORAD", "zone": "Africa", "discard": []},
        PAY_ALL,
    )
    assert violation.detail == "NORAD costs 5 and drains 0: 4 other cards in hand, 0 in the deck"
    game = engine(setup(turn="invader", invader={"hand": ["Kraken", "Drone"], "deck": ["Drone"]}))
    kraken = {"do": "play", "player": "invader", "card": "Kraken", "zone": "Africa"}
    refused(game, kraken | {"discard": ["Drone"]}, PAY_ALL)


@pytest.mark.rule(
    "invaders.karten-spielen.um-eine-karte-zu-spielen-legt",
    "invaders.karten-spielen.dazu-dreht-er-so-viele-karten",
)
def test_a_discard_cost_and_a_drain_cost_are_both_paid() -> None:
    deck = ["Drone", "Thing", "Nanobot Kill-Swarm"]
    game = engine(setup(turn="invader", invader={"hand": ["Kraken", "Drone"], "deck": deck}))
    game.apply(
        {
            "do": "play",
            "player": "invader",
            "card": "Kraken",
            "zone": "Africa",
            "discard": ["Drone"],
        }
    )
    state = game.state()
    assert state["invader"]["hand"] == []
    assert state["invader"]["deck"] == ["Nanobot Kill-Swarm"]
    # Top first: the drained cards lie on the discarded one.
    assert state["invader"]["discard"] == ["Thing", "Drone", "Drone"]
    assert state["zones"]["Africa"]["attack"] == 3


@pytest.mark.rule("invaders.karten-spielen.eine-karte-mit-staerke-legt-ihr")
def test_a_one_shot_card_goes_to_no_zone() -> None:
    game = engine(setup(turn="invader"))
    swarm = {"do": "play", "player": "invader", "card": "Nanobot Kill-Swarm"}
    violation = refused(game, swarm | {"zone": "Africa"}, PLACE)
    assert violation.detail == "Nanobot Kill-Swarm has no power: it goes to no zone"
    refused(game, {"do": "play", "player": "invader", "card": "Drone"}, PLACE)
    game.apply(swarm)
    assert game.state()["invader"]["discard"] == ["Nanobot Kill-Swarm"]
    assert all(not game.state()["zones"][z]["invader"] for z in ZONES)


@pytest.mark.rule("invaders.karten-spielen.ein-zerstoerungseffekt-trifft-karten-die-der")
def test_a_destroy_effect_hits_only_the_opponents_cards_in_play() -> None:
    zones = {"Eurasia": {"mankind": ["Partisans", "Hero A"], "invader": ["Drone"]}}
    game = engine(setup(turn="invader", zones=zones))
    swarm = {"do": "play", "player": "invader", "card": "Nanobot Kill-Swarm"}
    own = refused(
        game, swarm | {"targets": [{"card": "Drone", "zone": "Eurasia"}]}, DESTROY_TARGETS
    )
    assert own.detail == "Drone is no opponent's card in Eurasia"
    elsewhere = [{"card": "Partisans", "zone": "Africa"}]
    refused(game, swarm | {"targets": elsewhere}, DESTROY_TARGETS)
    game.apply(swarm | {"targets": [{"card": "Partisans", "zone": "Eurasia"}]})
    assert game.state()["mankind"]["discard"] == ["Partisans"]


@pytest.mark.rule("invaders.karten-spielen.ein-effekt-zerstoert-hoechstens-so-viele")
def test_an_effect_destroys_at_most_its_number_of_cards_each_once() -> None:
    zones = {"Eurasia": {"mankind": ["Partisans", "Tank", "Hero A"]}}
    game = engine(setup(turn="invader", zones=zones))
    swarm = {"do": "play", "player": "invader", "card": "Nanobot Kill-Swarm"}
    two = [{"card": "Partisans", "zone": "Eurasia"}, {"card": "Tank", "zone": "Eurasia"}]
    violation = refused(game, swarm | {"targets": two}, DESTROY_COUNT)
    assert violation.detail == "Nanobot Kill-Swarm destroys at most 1 card, each once"
    thing = {"do": "play", "player": "invader", "card": "Thing", "zone": "Africa"}
    refused(game, thing | {"targets": [two[0], two[0]]}, DESTROY_COUNT)
    game.apply(thing | {"targets": two})
    assert Counter(game.state()["mankind"]["discard"]) == Counter(["Partisans", "Tank"])


@pytest.mark.rule("invaders.karten-spielen.invasor-und-menschheit-sind-abwechselnd-am")
def test_the_invader_and_mankind_take_turns() -> None:
    game = engine(setup())
    violation = refused(game, {"do": "begin_turn", "player": "mankind"}, TURNS)
    assert violation.detail == "Mankind: already this player's turn"
    game.apply({"do": "begin_turn", "player": "invader"})
    assert game.state()["turn"] == "invader"
    refused(game, {"do": "begin_turn", "player": "invader"}, TURNS)
    game.apply({"do": "begin_turn", "player": "mankind"})
    assert game.state()["turn"] == "mankind"


# The four-card limit.


@pytest.mark.rule("invaders.karten-spielen.vier-karten-limit-auf-seiner-seite")
def test_no_side_of_a_zone_takes_a_fifth_card() -> None:
    zones = {"Eurasia": {"invader": ["Drone"] * 4, "mankind": ["Partisans"] * 3 + ["Hero A"]}}
    game = engine(setup(turn="invader", zones=zones))
    drone = {"do": "play", "player": "invader", "card": "Drone", "discard": []}
    refused(game, drone | {"zone": "Eurasia"}, LIMIT)
    game.apply(drone | {"zone": "Africa"})
    assert game.state()["zones"]["Africa"]["invader"] == ["Drone"]
    with pytest.raises(ValueError, match="more than 4 cards"):
        engine(setup(zones={"Africa": {"mankind": ["Hero A"], "invader": ["Drone"] * 5}}))


@pytest.mark.rule("invaders.karten-spielen.die-menschheit-opfert-eine-ihrer-karten")
def test_mankind_sacrifices_a_card_only_to_make_room() -> None:
    game = engine(setup(zones=full_zone("Partisans", "Tank", "Tank", "Hero A")))
    elsewhere = refused(game, {"do": "sacrifice", "card": "Partisans", "zone": "Africa"}, SACRIFICE)
    assert elsewhere.detail == "Partisans is not on Mankind's side of Africa"
    game.apply({"do": "sacrifice", "card": "Tank", "zone": "Eurasia"})
    state = game.state()
    assert state["zones"]["Eurasia"]["mankind"] == ["Partisans", "Tank", "Hero A"]
    assert state["mankind"]["discard"] == ["Tank"]
    refused(game, {"do": "sacrifice", "card": "Tank", "zone": "Eurasia"}, SACRIFICE)


# The Heroes of the Resistance.


@pytest.mark.rule("invaders.die-heroes-of-the.die-menschheit-muss-immer-eine-heroes")
def test_mankind_always_has_one_hero_in_play() -> None:
    for zones in (
        {"Eurasia": {"mankind": ["Partisans"]}},
        {"Eurasia": {"mankind": ["Hero A"]}, "Africa": {"mankind": ["Hero B"]}},
    ):
        with pytest.raises(ValueError, match="exactly one hero"):
            engine(setup(zones=zones, mankind={"heroes": ["Hero C"]}))
    # The last hero cannot be sacrificed: nothing could replace it.
    game = engine(setup(zones=full_zone("Partisans", "Tank", "Tank", "Hero A"), mankind={}))
    sacrifice = {"do": "sacrifice", "card": "Hero A", "zone": "Eurasia", "hero_zone": "Africa"}
    refused(game, sacrifice, ALWAYS_A_HERO)


@pytest.mark.rule("invaders.die-heroes-of-the.sofern-nicht-anders-angegeben-koennen-sich")
def test_the_hero_moves_between_zones_in_mankinds_turn() -> None:
    zones = {"Eurasia": {"mankind": ["Hero A"]}, "Africa": {"mankind": ["Tank"] * 4}}
    game = engine(setup(zones=zones))
    refused(game, {"do": "move_hero", "zone": "Africa"}, LIMIT)
    refused(game, {"do": "move_hero", "zone": "Eurasia"}, HEROES_MOVE)
    game.apply({"do": "move_hero", "zone": "Pacific Rim"})
    assert game.state()["hero"]["zone"] == "Pacific Rim"
    assert game.state()["zones"]["Eurasia"]["mankind"] == []
    game.apply({"do": "begin_turn", "player": "invader"})
    refused(game, {"do": "move_hero", "zone": "Eurasia"}, HEROES_MOVE)


@pytest.mark.rule("invaders.die-heroes-of-the.sofern-nicht-anders-angegeben-koennen-sich")
def test_a_hero_whose_card_says_so_does_not_move() -> None:
    game = engine(setup(zones={"Eurasia": {"mankind": ["Hero C"]}}, mankind={}))
    violation = refused(game, {"do": "move_hero", "zone": "Africa"}, HEROES_MOVE)
    assert "cannot move" in violation.detail


@pytest.mark.rule("invaders.die-heroes-of-the.waehrend-des-invasorenzuges-kann-eine-heroes")
def test_no_hero_is_sacrificed_in_the_invaders_turn() -> None:
    zones = full_zone("Partisans", "Tank", "Tank", "Hero A")
    sacrifice = {"do": "sacrifice", "card": "Hero A", "zone": "Eurasia", "hero_zone": "Africa"}
    game = engine(setup(turn="invader", zones=zones))
    violation = refused(game, sacrifice, NO_SACRIFICE)
    assert violation.message() == (
        f"{NO_SACRIFICE}: Während des Invasorenzuges kann eine Heroes of the Resistance-Karte "
        "niemals geopfert werden. (Hero A ist der aktuelle Held)"
    )
    assert violation.message("en") == (
        f"{NO_SACRIFICE}: A Heroes of the Resistance card can never be sacrificed during "
        "the Invader's turn. (Hero A is the current hero)"
    )
    # Other cards may be sacrificed in the Invader's turn; the hero in Mankind's.
    game.apply({"do": "sacrifice", "card": "Tank", "zone": "Eurasia"})
    game = engine(setup(zones=zones))
    game.apply(sacrifice)
    assert game.state()["hero"]["card"] == "Hero B"


@pytest.mark.rule(
    "invaders.die-heroes-of-the.wenn-die-aktuelle-heroes-of-the",
    "invaders.die-heroes-of-the.1-entferne-die-aktuelle-heroes-of",
    "invaders.die-heroes-of-the.2-ziehe-die-oberste-karte-vom",
    "invaders.die-heroes-of-the.3-drehe-die-karte-um-90",
)
def test_a_destroyed_hero_is_replaced_at_once() -> None:
    game = engine(setup(turn="invader"))
    game.apply(
        {
            "do": "play",
            "player": "invader",
            "card": "Nanobot Kill-Swarm",
            "targets": [{"card": "Hero A", "zone": "Eurasia"}],
            "hero_zone": "Pacific Rim",
        }
    )
    state = game.state()
    assert state["mankind"]["out_of_game"] == ["Hero A"]
    assert state["mankind"]["discard"] == []
    assert state["mankind"]["heroes"] == ["Hero C"]
    assert state["zones"]["Eurasia"]["mankind"] == ["Partisans"]
    assert state["zones"]["Pacific Rim"]["mankind"] == ["Hero B"]
    assert state["hero"] == {
        "card": "Hero B",
        "zone": "Pacific Rim",
        "rotated": True,
        "tokens": 0,
        "strength": 2,
    }


@pytest.mark.rule(
    "invaders.die-heroes-of-the.wenn-die-aktuelle-heroes-of-the",
    "invaders.die-heroes-of-the.2-ziehe-die-oberste-karte-vom",
)
def test_a_sacrificed_hero_is_replaced_into_a_zone_with_room() -> None:
    zones = full_zone("Partisans", "Tank", "Tank", "Hero A") | {"Africa": {"mankind": ["Tank"] * 4}}
    game = engine(setup(zones=zones))
    sacrifice = {"do": "sacrifice", "card": "Hero A", "zone": "Eurasia"}
    refused(game, sacrifice | {"hero_zone": "Africa"}, LIMIT)
    game.apply(sacrifice | {"hero_zone": "Eurasia"})
    state = game.state()
    assert state["zones"]["Eurasia"]["mankind"] == ["Partisans", "Tank", "Tank", "Hero B"]
    assert state["mankind"]["out_of_game"] == ["Hero A"]
    assert state["hero"]["rotated"]


@pytest.mark.rule("invaders.die-heroes-of-the.waehrend-er-um-90-gedreht-ist")
def test_a_rotated_hero_adds_nothing_to_the_defence() -> None:
    upright = engine(setup())
    rotated = engine(setup(hero={"rotated": True}))
    assert upright.state()["zones"]["Eurasia"]["defence"] == 1 + 1 + 3
    assert rotated.state()["zones"]["Eurasia"]["defence"] == 1 + 1
    assert rotated.state()["hero"]["strength"] == 3


@pytest.mark.rule("invaders.die-heroes-of-the.ausserdem-ist-die-heroes-of-the")
def test_a_rotated_hero_is_a_target_for_either_player() -> None:
    strike = {
        "do": "play",
        "player": "mankind",
        "card": "Air Strike",
        "targets": [{"card": "Hero A", "zone": "Eurasia"}],
        "hero_zone": "Eurasia",
    }
    violation = refused(engine(setup()), strike, VALID_TARGET)
    assert violation.message("en").startswith(
        f"{VALID_TARGET}: In addition, while it is in this state,"
    )
    game = engine(setup(hero={"rotated": True}))
    game.apply(strike)
    assert game.state()["mankind"]["out_of_game"] == ["Hero A"]
    assert game.state()["hero"]["card"] == "Hero B"
    # The Invader may destroy the hero upright or rotated.
    game = engine(setup(turn="invader"))
    game.apply(strike | {"player": "invader", "card": "Nanobot Kill-Swarm"})
    assert game.state()["hero"]["card"] == "Hero B"


@pytest.mark.rule("invaders.die-heroes-of-the.die-heroes-of-the-resistance-karte")
def test_the_hero_turns_upright_when_mankinds_main_phase_begins() -> None:
    zones = full_zone("Partisans", "Tank", "Tank", "Hero A")
    game = engine(setup(zones=zones))
    game.apply({"do": "sacrifice", "card": "Hero A", "zone": "Eurasia", "hero_zone": "Africa"})
    # Replaced in Mankind's own turn, it waits for Mankind's next main phase.
    game.apply({"do": "begin_turn", "player": "invader"})
    assert game.state()["hero"]["rotated"]
    assert game.state()["zones"]["Africa"]["defence"] == 0
    game.apply({"do": "begin_turn", "player": "mankind"})
    assert not game.state()["hero"]["rotated"]
    assert game.state()["zones"]["Africa"]["defence"] == 2


@pytest.mark.rule("invaders.die-heroes-of-the.falls-die-letzte-heroes-of-the")
def test_the_invader_wins_when_the_last_hero_is_destroyed() -> None:
    game = engine(setup(turn="invader", mankind={}))
    kill = {
        "do": "play",
        "player": "invader",
        "card": "Nanobot Kill-Swarm",
        "targets": [{"card": "Hero A", "zone": "Eurasia"}],
    }
    game.apply(kill)
    state = game.state()
    assert state["winner"] == "invader"
    assert state["hero"] is None
    assert state["mankind"]["out_of_game"] == ["Hero A"]
    refused(game, {"do": "play", "player": "invader", "card": "Drone", "zone": "Africa"}, LAST_HERO)


@pytest.mark.rule("invaders.die-heroes-of-the.hinweis-wenn-1-tokens-sich-auf")
def test_tokens_raise_the_heros_strength_but_one_destruction_removes_it() -> None:
    game = engine(setup(turn="invader"))
    game.apply({"do": "add_token", "count": 2})
    state = game.state()
    assert (state["hero"]["tokens"], state["hero"]["strength"]) == (2, 5)
    assert state["zones"]["Eurasia"]["defence"] == 1 + 1 + 5
    game.apply(
        {
            "do": "play",
            "player": "invader",
            "card": "Nanobot Kill-Swarm",
            "targets": [{"card": "Hero A", "zone": "Eurasia"}],
            "hero_zone": "Eurasia",
        }
    )
    assert game.state()["mankind"]["out_of_game"] == ["Hero A"]
    assert game.state()["hero"]["tokens"] == 0


# Setup and scenarios.


def test_the_decks_are_ordered_in_the_setup_so_draws_are_refused() -> None:
    with pytest.raises(ValueError, match="draws"):
        Engine.from_setup(setup(), iter([]), iter(["Drone"]))
    with pytest.raises(ValueError, match="heroes lie only"):
        engine(setup(mankind={"hand": ["Hero B"]}))


# Properties, over random setups and random (legal or illegal) actions.

HEROES = ["Hero A", "Hero B", "Hero C"]
SIDE_CARDS = {"invader": ["Kraken", "Thing", "Drone", "Nanobot Kill-Swarm"]}
SIDE_CARDS["mankind"] = ["NORAD", "Air Strike", "Partisans", "Tank"]


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    """A random position: hands, decks, cards in the zones, the heroes."""
    data: dict[str, Any] = {"turn": draw(st.sampled_from(PLAYERS)), "cards": CARDS, "zones": {}}
    for player, names in SIDE_CARDS.items():
        pile = st.lists(st.sampled_from(names), max_size=6)
        data[player] = {"hand": draw(pile), "deck": draw(pile), "discard": draw(pile)}
    hero_zone = draw(st.sampled_from(ZONES))
    for zone in ZONES:
        room = ZONE_LIMIT - (zone == hero_zone)
        data["zones"][zone] = {
            player: draw(st.lists(st.sampled_from(names), max_size=room))
            for player, names in SIDE_CARDS.items()
        }
    heroes = draw(st.permutations(HEROES))
    data["zones"][hero_zone]["mankind"].append(heroes[0])
    data["mankind"]["heroes"] = heroes[1 : draw(st.integers(1, 3))]
    data["hero"] = {"rotated": draw(st.booleans()), "tokens": draw(st.integers(0, 2))}
    return data


def random_action(data: st.DataObject, state: dict[str, Any]) -> dict[str, Any]:
    """An action drawn from what lies on the table: mostly legal, sometimes not."""
    zone = st.sampled_from(ZONES)
    kind = data.draw(st.sampled_from(["play", "move_hero", "sacrifice", "token", "turn"]))
    if kind == "play":
        player = data.draw(st.sampled_from(PLAYERS))
        hand = state[player]["hand"]
        card = data.draw(st.sampled_from(hand)) if hand else "Drone"
        others = list(hand)
        if card in others:
            others.remove(card)
        # Mostly the opponent's cards, the hero sometimes Mankind's own.
        opponent = "mankind" if player == "invader" else "invader"
        in_play = [(n, z) for z in ZONES for n in state["zones"][z][opponent]]
        in_play.append((state["hero"]["card"], state["hero"]["zone"]))
        targets = data.draw(
            st.lists(st.sampled_from(in_play), max_size=CARDS[card].get("destroy", 0))
        )
        action = {
            "do": "play",
            "player": player,
            "card": card,
            "discard": data.draw(st.permutations(others))[: CARDS[card].get("cost", 0)],
            "targets": [{"card": name, "zone": where} for name, where in targets],
            "hero_zone": data.draw(zone),
        }
        if "strength" in CARDS[card]:
            action["zone"] = data.draw(zone)
        return action
    if kind == "sacrifice":
        mankind = [(n, z) for z in ZONES for n in state["zones"][z]["mankind"]]
        name, where = data.draw(st.sampled_from(mankind))
        return {"do": "sacrifice", "card": name, "zone": where, "hero_zone": data.draw(zone)}
    if kind == "move_hero":
        return {"do": "move_hero", "zone": data.draw(zone)}
    if kind == "token":
        return {"do": "add_token", "count": data.draw(st.integers(1, 2))}
    return {"do": "begin_turn", "player": "mankind" if state["turn"] == "invader" else "invader"}


def every_card(state: dict[str, Any]) -> Counter[str]:
    """Every card in the state, wherever it lies."""
    places = [state[p][pile] for p in PLAYERS for pile in ("hand", "deck", "discard")]
    places += [state["mankind"]["heroes"], state["mankind"]["out_of_game"]]
    places += [state["zones"][z][p] for z in ZONES for p in PLAYERS]
    return Counter(name for place in places for name in place)


@pytest.mark.rule(
    "invaders.karten-spielen.vier-karten-limit-auf-seiner-seite",
    "invaders.die-heroes-of-the.die-menschheit-muss-immer-eine-heroes",
)
@settings(max_examples=150, deadline=None)
@given(start=setups(), data=st.data())
def test_cards_are_conserved_and_zones_never_overflow(
    start: dict[str, Any], data: st.DataObject
) -> None:
    game = engine(start)
    cards = every_card(game.state())
    for _ in range(data.draw(st.integers(1, 25))):
        before = game.state()
        if before["winner"]:
            break
        try:
            game.apply(random_action(data, before))
        except (RuleViolation, ValueError):
            assert game.state() == before
            continue
        state = game.state()
        assert every_card(state) == cards
        for zone in ZONES:
            assert all(len(state["zones"][zone][p]) <= ZONE_LIMIT for p in PLAYERS)
            assert state["zones"][zone]["attack"] >= 0
            assert state["zones"][zone]["defence"] >= 0
        heroes_in_play = [n for z in ZONES for n in state["zones"][z]["mankind"] if n in HEROES]
        if state["winner"] is None:
            assert heroes_in_play == [state["hero"]["card"]]
            assert state["hero"]["tokens"] >= 0
        else:
            assert heroes_in_play == []
