"""Random legal and illegal actions through every engine (issue #17).

Each engine lists the legal actions of a state (`legal_actions()`).  Random
sequences mix actions from that list with actions drawn from the game's whole
vocabulary, legal or not.  Then: a listed action is never refused; an action that
is refused raises `RuleViolation` (never another exception), is not listed, and
changes nothing, and its detail reads differently in en, fr and pl; an accepted
action of a kind the engine lists is listed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulekit.engines import Engine, RuleViolation, engine_class, engine_modules
from tests.test_scenarios import node_kinds

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
COUNT = st.integers(-1, 5)


def setup_of(game: str, name: str) -> dict[str, Any]:
    """The setup of a bundled scenario."""
    data = yaml.safe_load((SCENARIOS / game / f"{name}.yaml").read_text("utf-8"))
    setup: dict[str, Any] = data["setup"]
    return setup


def stratego_actions(engine: Any) -> st.SearchStrategy[dict[str, Any]]:
    squares = st.sampled_from([f"{f}{r}" for f in "abcdefghij" for r in range(1, 11)])
    return st.fixed_dictionaries({"do": st.just("move"), "from": squares, "to": squares})


def risiko_actions(engine: Any) -> st.SearchStrategy[dict[str, Any]]:
    names = st.sampled_from(sorted(engine.owners))
    return st.one_of(
        st.fixed_dictionaries(
            {"do": st.just("reinforce"), "place": st.dictionaries(names, COUNT, min_size=1)}
        ),
        st.fixed_dictionaries(
            {"do": st.just("attack"), "from": names, "to": names, "units": COUNT}
        ),
        st.fixed_dictionaries({"do": st.sampled_from(["defend", "advance"]), "units": COUNT}),
        st.fixed_dictionaries({"do": st.sampled_from(["stop", "end"])}),
    )


def xidit_actions(engine: Any) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {
            "do": st.sampled_from(["recruit", "remove_threat"]),
            "player": st.sampled_from(sorted(engine.players)),
            "city": st.sampled_from(sorted(engine.cities)),
        }
    )


def invaders_actions(engine: Any) -> st.SearchStrategy[dict[str, Any]]:
    cards = st.sampled_from(sorted(engine.table.cards))
    zones = st.sampled_from(["Pacific Rim", "Eurasia", "Africa"])
    players = st.sampled_from(["invader", "mankind"])
    target = st.fixed_dictionaries({"card": cards, "zone": zones})
    play = st.fixed_dictionaries(
        {"do": st.just("play"), "player": players, "card": cards},
        optional={
            "zone": zones,
            "discard": st.lists(cards, max_size=3),
            "targets": st.lists(target, max_size=3),
            "hero_zone": zones,
        },
    )
    return st.one_of(
        play,
        st.fixed_dictionaries({"do": st.just("move_hero"), "zone": zones}),
        st.fixed_dictionaries(
            {"do": st.just("sacrifice"), "card": cards, "zone": zones},
            optional={"hero_zone": zones},
        ),
        st.fixed_dictionaries({"do": st.just("begin_turn"), "player": players}),
    )


def midway_actions(engine: Any) -> st.SearchStrategy[dict[str, Any]]:
    sides = st.sampled_from(["usa", "japan"])
    planes = st.sampled_from(sorted(engine.aircraft) + engine.destroyed)
    step = st.fixed_dictionaries({}, optional={"turn": st.sampled_from(["left", "right", "up"])})
    return st.one_of(
        st.just({"type": "start_round"}),
        st.fixed_dictionaries({"type": st.just("bid"), "player": sides, "points": COUNT}),
        st.fixed_dictionaries(
            {
                "type": st.just("activate"),
                "player": sides,
                "aircraft": planes,
                "action": st.sampled_from(["flight", "combat", "dogfight"]),
            }
        ),
        st.fixed_dictionaries(
            {
                "type": st.just("activate"),
                "player": sides,
                "aircraft": planes,
                "action": st.sampled_from(["flight", "flight", "combat"]),
                "manoeuvres": st.lists(step, max_size=5),
            }
        ),
    )


def normal(game: str, action: dict[str, Any]) -> dict[str, Any]:
    """An action with the defaults its engine assumes, as `legal_actions` writes it."""
    if game == "invaders" and action.get("do") == "play":
        return {"discard": [], "targets": [], **action}
    if game == "midway" and action.get("action") == "combat" and action.get("manoeuvres") == []:
        # A Combat makes no manoeuvres; legal_actions leaves the empty list out.
        return {key: value for key, value in action.items() if key != "manoeuvres"}
    return action


def listable(game: str, action: dict[str, Any]) -> bool:
    """Whether the engine lists every action of this kind (see each `legal_actions`)."""
    if game == "risiko":
        return action["do"] != "reinforce"
    if game == "invaders":
        return action["do"] != "add_token"
    return True


SETUPS: dict[str, list[dict[str, Any]]] = {
    "stratego": [
        {
            "pieces": {
                "b2": ["red", "scout"],
                "c3": ["red", "bomb"],
                "e4": ["red", "marshal"],
                "a1": ["red", "flag"],
                "e6": ["blue", "spy"],
                "b8": ["blue", "scout"],
                "j10": ["blue", "flag"],
                "f7": ["blue", "miner"],
            }
        }
    ],
    "risiko": [
        {
            "player": "Blau",
            "phase": "reinforce",
            "owners": {"Nordwestafrika": "Blau", "Ägypten": "Rot", "Ostafrika": "Blau"},
            "units": {"Nordwestafrika": 3, "Ägypten": 3, "Ostafrika": 5},
        }
    ],
    "xidit": [setup_of("xidit", "partly-filled"), setup_of("xidit", "stack-rebuilt")],
    "invaders": [setup_of("invaders", name) for name in ("norad-cheyenne-mountain-bunker",)]
    + [setup_of("invaders", "shapeshifting-alien-thing")],
    "midway": [setup_of("midway", "swap-places"), setup_of("midway", "off-board-with-small-tile")],
}
ACTIONS: dict[str, Callable[[Any], st.SearchStrategy[dict[str, Any]]]] = {
    "stratego": stratego_actions,
    "risiko": risiko_actions,
    "xidit": xidit_actions,
    "invaders": invaders_actions,
    "midway": midway_actions,
}


def test_every_engine_is_driven() -> None:
    assert set(SETUPS) == set(ACTIONS) == set(engine_modules())


@pytest.mark.parametrize("game", sorted(SETUPS))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_actions_are_played_or_refused_by_a_rule(game: str, data: st.DataObject) -> None:
    setup = data.draw(st.sampled_from(SETUPS[game]))
    # Only Risiko rolls dice; the other engines refuse them.
    rolls = (
        st.lists(st.integers(1, 6), min_size=200, max_size=200) if game == "risiko" else st.just([])
    )
    dice = iter(data.draw(rolls))
    engine: Engine = engine_class(game).from_setup(copy.deepcopy(setup), dice, iter(()))
    kinds = node_kinds(game)
    for _ in range(data.draw(st.integers(1, 15))):
        legal = engine.legal_actions()
        for action in legal[:: max(1, len(legal) // 4)]:
            copy.deepcopy(engine).apply(copy.deepcopy(action))  # never refused
        if legal and data.draw(st.booleans()):
            action = data.draw(st.sampled_from(legal))
        else:
            action = data.draw(ACTIONS[game](engine))
        before = engine.state()
        try:
            engine.apply(copy.deepcopy(action))
        except RuleViolation as violation:
            assert normal(game, action) not in legal
            assert kinds.get(violation.rule_id) in ("rule", "note", "step"), violation.rule_id
            # The detail is a message of the catalogs: it reads differently in each language.
            assert violation.details is not None
            texts = {violation.details.text(lang) for lang in ("en", "fr", "pl")}
            assert len(texts) == 3, texts
            if not violation.rule_id.endswith("das-ziehen-mit-einer-bombe-oder"):
                assert engine.state() == before  # a refusal changes nothing
            continue
        except ValueError:
            # A malformed action (each engine documents its input errors, such as
            # Invaders' hero_zone where no hero comes into play) is no move at all:
            # never listed as legal, and it changes nothing.
            assert normal(game, action) not in legal
            assert engine.state() == before
            continue
        assert normal(game, action) in legal or not listable(game, action), action
