"""Lords of Xidit engine: Recruitment and Threat tiles, their piles, and the Barracks."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit.engines import RuleViolation
from rulekit.engines.xidit import CLASSES, KINDS, RECRUIT, THREAT_ONLY, THREAT_REMOVED, Engine

BASE: dict[str, Any] = {
    "tiles": {
        "R1": {"recruitment": {"militia": 1}, "threat": {"infantry": 2}},
        "R2": {"recruitment": {"archers": 2, "clerics": 1}, "threat": {"militia": 3}},
        "R3": {"recruitment": {"infantry": 2}, "threat": {"mages": 1}},
        "R4": {"recruitment": {"militia": 2}, "threat": {"archers": 2}},
        "T1": {"recruitment": {"clerics": 2}, "threat": {"militia": 1, "archers": 1}},
        "T2": {"recruitment": {"mages": 1}, "threat": {"infantry": 1}},
        "T3": {"recruitment": {"militia": 3}, "threat": {"clerics": 1}},
        "T4": {"recruitment": {"archers": 1}, "threat": {"militia": 2}},
    },
    "barracks": {"militia": 9, "archers": 9, "infantry": 9, "clerics": 9, "mages": 9},
    "cities": {
        "Rapha": {"side": "recruitment", "tile": "R1"},
        "Ombel": {"side": "threat", "tile": "T1"},
    },
    "next": {"recruitment": "R2", "threat": "T2"},
    "stacks": {"recruitment": ["R3", "R4"], "threat": ["T3", "T4"]},
    "discards": {"recruitment": [], "threat": []},
    "players": {"Rot": {}, "Blau": dict.fromkeys(CLASSES, 5)},
}


def make(**changes: Any) -> Engine:
    """The base position with some top-level setup keys replaced."""
    return Engine.from_setup({**copy.deepcopy(BASE), **changes}, iter([]), iter([]))


def recruit(engine: Engine, city: str = "Rapha", player: str = "Rot") -> None:
    """Apply a recruit action."""
    engine.apply({"do": "recruit", "player": player, "city": city})


def remove_threat(engine: Engine, city: str = "Ombel", player: str = "Blau") -> None:
    """Apply a remove_threat action."""
    engine.apply({"do": "remove_threat", "player": player, "city": city})


# Removing a tile


@pytest.mark.rule(
    "xidit.ein-anwerbungs-oder-bedrohungsplaettchen.wenn-ein-spieler-die-letzte-einheit",
    "xidit.anwerben-und-bedrohungen-beseitigen.angeworben-wird-nur-in-einer-stadt",
)
def test_recruiting_takes_the_weakest_unit_and_the_last_one_removes_the_tile() -> None:
    engine = make(
        cities={
            "Rapha": {"side": "recruitment", "tile": "R1", "units": {"archers": 1, "militia": 1}},
            "Ombel": {"side": "threat", "tile": "T1"},
        }
    )
    recruit(engine)
    state = engine.state()
    assert state["players"]["Rot"]["militia"] == 1
    assert (state["cities"]["Rapha"]["tile"], state["discards"]["recruitment"]) == ("R1", [])
    recruit(engine)
    state = engine.state()
    assert state["players"]["Rot"]["archers"] == 1
    assert state["discards"]["recruitment"] == ["R1"]
    assert state["cities"]["Rapha"]["tile"] != "R1"


@pytest.mark.rule("xidit.anwerben-und-bedrohungen-beseitigen.angeworben-wird-nur-in-einer-stadt")
def test_recruiting_where_no_unit_is_offered_is_refused_in_german_and_english() -> None:
    engine = make()
    before = engine.state()
    with pytest.raises(RuleViolation) as refused:
        recruit(engine, city="Ombel")
    assert refused.value.rule_id == RECRUIT
    assert refused.value.message("de") == (
        f"{RECRUIT}: Angeworben wird nur in einer Stadt mit einem Anwerbungsplättchen, auf dem "
        "noch Einheiten stehen; der Spieler nimmt eine Einheit der schwächsten Klasse, die dort "
        "steht. (auf Ombel liegt ein Bedrohungsplättchen)"
    )
    assert refused.value.message("en") == (
        f"{RECRUIT}: Units are recruited only in a City with a Recruitment tile on which units "
        "still stand; the player takes a unit of the weakest class standing there. "
        "(Ombel has a Threat tile)"
    )
    assert engine.state() == before


@pytest.mark.rule(
    "xidit.ein-anwerbungs-oder-bedrohungsplaettchen.wenn-ein-spieler-eine-bedrohung-beseitigt",
    "xidit.anwerben-und-bedrohungen-beseitigen.die-einheiten-mit-denen-ein-spieler",
)
def test_defeating_a_threat_gives_its_units_back_and_removes_the_tile() -> None:
    engine = make()
    remove_threat(engine)
    state = engine.state()
    assert state["players"]["Blau"] == {**dict.fromkeys(CLASSES, 5), "militia": 4, "archers": 4}
    assert (state["barracks"]["militia"], state["barracks"]["archers"]) == (10, 10)
    assert state["discards"]["threat"] == ["T1"]


@pytest.mark.rule(
    "xidit.ein-anwerbungs-oder-bedrohungsplaettchen.wenn-ein-spieler-eine-bedrohung-beseitigt",
    "xidit.anwerben-und-bedrohungen-beseitigen.eine-bedrohung-kann-nur-in-einer",
)
def test_a_threat_without_its_units_is_refused_in_german_and_english() -> None:
    engine = make(players={"Rot": {"militia": 1}, "Blau": {}})
    before = engine.state()
    with pytest.raises(RuleViolation) as refused:
        remove_threat(engine, player="Rot")
    assert refused.value.rule_id == THREAT_REMOVED
    assert refused.value.message("de") == (
        f"{THREAT_REMOVED}: Wenn ein Spieler eine Bedrohung beseitigt, indem er die dafür "
        "benötigten Einheiten zur Verfügung stellt, wird das Bedrohungsplättchen vom Stadtfeld "
        "entfernt und auf den Abwurfstapel für Bedrohungsplättchen gelegt. "
        "(Rot fehlt 1 Einheit: Bogenschützen)"
    )
    assert refused.value.message("en") == (
        f"{THREAT_REMOVED}: When a player eliminates a Threat by providing the units it requires, "
        "the Threat tile is removed from the City space and placed on the discard pile for "
        "Threat tiles. (Rot lacks 1 unit: archers)"
    )
    with pytest.raises(RuleViolation) as refused:
        remove_threat(engine, city="Rapha", player="Blau")
    assert refused.value.rule_id == THREAT_ONLY
    assert refused.value.detail == "no Threat tile lies on Rapha"
    assert engine.state() == before


# Bringing a new tile into play


@pytest.mark.rule(
    "xidit.ein-neues-anwerbungs-oder.immer-wenn-ein-anwerbungs-oder-bedrohungsplaettc",
    "xidit.ein-neues-anwerbungs-oder.wurde-ein-anwerbungsplaettchen-entfernt-wird-das",
    "xidit.ein-neues-anwerbungs-oder.es-wird-auf-das-entsprechende-stadtfeld",
)
def test_a_removed_recruitment_tile_is_replaced_at_once_from_the_next_space() -> None:
    engine = make(
        cities={
            "Estoria": {"side": "recruitment", "tile": "R4"},
            "Rapha": {"side": "recruitment", "tile": "R1"},
            "Ombel": {"side": "threat", "tile": "T1"},
        },
        stacks={"recruitment": ["R3"], "threat": ["T3", "T4"]},
    )
    recruit(engine)
    cities = engine.state()["cities"]
    assert cities["Rapha"]["tile"] == "R2"
    assert cities["Estoria"]["tile"] == "R4"
    assert cities["Rapha"]["units"] == {**dict.fromkeys(CLASSES, 0), "archers": 2, "clerics": 1}
    assert (engine.state()["barracks"]["archers"], engine.state()["barracks"]["clerics"]) == (7, 8)


@pytest.mark.rule(
    "xidit.ein-neues-anwerbungs-oder.immer-wenn-ein-anwerbungs-oder-bedrohungsplaettc",
    "xidit.ein-neues-anwerbungs-oder.dementsprechend-wird-das-plaettchen-vom-feld",
)
def test_a_removed_threat_tile_is_replaced_at_once_from_the_next_threat_space() -> None:
    engine = make()
    remove_threat(engine)
    state = engine.state()
    assert state["cities"]["Ombel"]["tile"] == "T2"
    assert state["cities"]["Ombel"]["units"] == dict.fromkeys(CLASSES, 0)
    assert state["cities"]["Rapha"]["tile"] == "R1"
    assert state["next"]["recruitment"] == "R2"


@pytest.mark.rule(
    "xidit.ein-neues-anwerbungs-oder.immer-wenn-ein-anwerbungs-oder-bedrohungsplaettc"
)
def test_a_city_left_empty_takes_a_tile_as_soon_as_there_is_one() -> None:
    # Nothing waits to replace a Threat: Ombel, then Xidit stay empty until R1 is discarded
    # and becomes the Threat pile; Ombel, empty first, gets it first.
    engine = make(
        cities={
            "Rapha": {"side": "recruitment", "tile": "R1"},
            "Xidit": {"side": "threat", "tile": "T3"},
            "Ombel": {"side": "threat", "tile": "T1"},
        },
        next={"recruitment": "R2", "threat": None},
        stacks={"recruitment": ["R3", "R4"], "threat": []},
        discards={"recruitment": [], "threat": ["T2", "T4"]},
    )
    remove_threat(engine, city="Ombel")
    remove_threat(engine, city="Xidit")
    assert [engine.state()["cities"][c]["tile"] for c in ("Ombel", "Xidit")] == [None, None]
    recruit(engine)
    assert [engine.state()["cities"][c]["tile"] for c in ("Ombel", "Xidit")] == ["R1", None]


@pytest.mark.rule(
    "xidit.ein-neues-anwerbungs-oder.sollte-eine-bestimmte-klasse-von-einheiten",
    "xidit.ein-neues-anwerbungs-oder.auf-keinen-fall-werden-freie-plaetze",
)
def test_a_class_missing_from_the_barracks_leaves_the_tile_partly_filled() -> None:
    # R2 asks for two archers and a cleric; the Barracks hold one archer, no cleric, and
    # plenty of every other class, none of which may stand in.
    barracks = {"militia": 9, "archers": 1, "infantry": 9, "clerics": 0, "mages": 9}
    engine = make(barracks=barracks)
    recruit(engine)
    state = engine.state()
    assert state["cities"]["Rapha"]["units"] == {**dict.fromkeys(CLASSES, 0), "archers": 1}
    assert state["barracks"] == {**barracks, "archers": 0}
    # A cleric given back to the Barracks (for T3) does not top the tile up.
    engine = make(
        barracks=barracks,
        cities={
            "Rapha": {"side": "recruitment", "tile": "R1"},
            "Ombel": {"side": "threat", "tile": "T3"},
        },
        stacks={"recruitment": ["R3", "R4"], "threat": ["T1", "T4"]},
        players={"Rot": {}, "Blau": {"clerics": 1}},
    )
    recruit(engine)
    remove_threat(engine)
    assert engine.state()["barracks"]["clerics"] == 1
    assert engine.state()["cities"]["Rapha"]["units"]["clerics"] == 0


# Refilling the next-tile spaces and the piles


@pytest.mark.rule(
    "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.wenn-ein-anwerbungsplaettchen-auf-eine-stadt"
)
def test_placing_a_recruitment_tile_moves_the_top_of_its_pile_to_the_next_space() -> None:
    engine = make()
    recruit(engine)
    state = engine.state()
    assert (state["next"]["recruitment"], state["stacks"]["recruitment"]) == ("R3", ["R4"])
    assert (state["next"]["threat"], state["stacks"]["threat"]) == ("T2", ["T3", "T4"])


@pytest.mark.rule(
    "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.wenn-ein-bedrohungsplaettchen-auf-eine-stadt"
)
def test_placing_a_threat_tile_moves_the_top_of_its_pile_to_the_next_space() -> None:
    engine = make()
    remove_threat(engine)
    state = engine.state()
    assert (state["next"]["threat"], state["stacks"]["threat"]) == ("T3", ["T4"])
    assert (state["next"]["recruitment"], state["stacks"]["recruitment"]) == ("R2", ["R3", "R4"])


@pytest.mark.rule(
    "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.sollte-der-anwerbungs-oder-bedrohungsstapel-leer",
    "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.ist-der-anwerbungsstapel-leer-werden-alle",
    "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.der-gesamte-stapel-wird-als-ganzes",
)
def test_an_empty_recruitment_pile_is_rebuilt_at_once_from_the_threat_discard_pile() -> None:
    # R3 is the last tile of the pile; T4 lies on top of the Threat discard pile, T3 below.
    engine = make(
        stacks={"recruitment": ["R3"], "threat": ["T2"]},
        next={"recruitment": "R2", "threat": "R4"},
        discards={"recruitment": [], "threat": ["T4", "T3"]},
    )
    recruit(engine)
    state = engine.state()
    assert state["next"]["recruitment"] == "R3"
    assert (state["stacks"]["recruitment"], state["discards"]["threat"]) == (["T3", "T4"], [])
    # Turned to its Recruitment side, T3 offers three militia when it reaches Rapha.
    for _ in range(3 + 2):  # R2: two archers and a cleric, R3: two infantry
        recruit(engine)
    assert engine.state()["cities"]["Rapha"]["tile"] == "T3"
    assert engine.state()["cities"]["Rapha"]["units"]["militia"] == 3


@pytest.mark.rule(
    "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.sollte-der-anwerbungs-oder-bedrohungsstapel-leer",
    "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.ist-der-bedrohungsstapel-leer-werden-alle",
    "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.der-gesamte-stapel-wird-als-ganzes-2",
)
def test_an_empty_threat_pile_is_rebuilt_at_once_from_the_recruitment_discard_pile() -> None:
    # T3 is the last tile of the pile; R4 lies on top of the Recruitment discard pile, R3 below.
    blau = {"militia": 1, "archers": 1, "infantry": 1, "clerics": 1}
    engine = make(
        stacks={"recruitment": ["R2"], "threat": ["T3"]},
        next={"recruitment": "T4", "threat": "T2"},
        discards={"recruitment": ["R4", "R3"], "threat": []},
        players={"Rot": {"mages": 1}, "Blau": blau},
    )
    remove_threat(engine)
    state = engine.state()
    assert state["next"]["threat"] == "T3"
    assert (state["stacks"]["threat"], state["discards"]["recruitment"]) == (["R3", "R4"], [])
    # Turned to its Threat side, R3 demands a mage once it reaches Ombel.
    remove_threat(engine)  # T2 goes, T3 comes
    remove_threat(engine)  # T3 goes, R3 comes
    assert engine.state()["cities"]["Ombel"]["tile"] == "R3"
    with pytest.raises(RuleViolation) as refused:
        remove_threat(engine)
    assert refused.value.detail == "Blau lacks 1 unit: mages"
    remove_threat(engine, player="Rot")
    assert engine.state()["discards"]["threat"] == ["R3", "T3", "T2", "T1"]


@pytest.mark.rule(
    "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.sollten-in-einem-der-beiden-abwurfstapel",
    "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.sollte-der-anwerbungs-oder-bedrohungsstapel-leer",
)
def test_with_the_other_discard_pile_empty_the_pile_space_stays_empty_for_now() -> None:
    engine = make(
        stacks={"recruitment": ["R3", "R4"], "threat": []},
        discards={"recruitment": [], "threat": ["T3", "T4"]},
    )
    remove_threat(engine)  # T2 comes into play; nothing can take its place
    state = engine.state()
    assert (state["stacks"]["threat"], state["next"]["threat"]) == ([], None)
    assert state["discards"]["threat"] == ["T1", "T3", "T4"]
    recruit(engine)  # R1 discarded: the Threat pile is rebuilt from it at once
    state = engine.state()
    assert (state["stacks"]["threat"], state["next"]["threat"]) == ([], "R1")
    assert state["discards"]["recruitment"] == []


# Setup and actions


def test_the_setup_is_settled_at_once() -> None:
    engine = make(
        cities={"Rapha": {"side": "recruitment", "tile": None}, "Ombel": BASE["cities"]["Ombel"]},
        next={"recruitment": None, "threat": "T2"},
        stacks={"recruitment": ["R1", "R2", "R3", "R4"], "threat": ["T3", "T4"]},
    )
    state = engine.state()
    assert (state["cities"]["Rapha"]["tile"], state["next"]["recruitment"]) == ("R1", "R2")
    assert (state["cities"]["Rapha"]["units"]["militia"], state["barracks"]["militia"]) == (1, 8)
    assert state["stacks"]["recruitment"] == ["R3", "R4"]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"stacks": {"recruitment": ["R3", "R4", "R1"], "threat": ["T3", "T4"]}}, "exactly one"),
        ({"stacks": {"recruitment": ["R3"], "threat": ["T3", "T4"]}}, "exactly one"),
        ({"barracks": {"dragons": 1}}, "expected counts"),
        ({"barracks": {"militia": -1}}, "≥ 0"),
        ({"cities": {"Rapha": {"side": "market", "tile": "R1"}}}, "needs a side"),
        ({"cities": {"Ombel": {"side": "threat", "tile": "T1", "units": {"militia": 1}}}}, "only"),
    ],
)
def test_a_malformed_setup_is_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make(**changes)


def test_the_engine_takes_no_dice_or_draws() -> None:
    with pytest.raises(ValueError, match="no dice or draws"):
        Engine.from_setup(copy.deepcopy(BASE), iter([]), iter(["R1"]))


@pytest.mark.parametrize(
    "action",
    [
        {"do": "recruit", "player": "Grün", "city": "Rapha"},
        {"do": "recruit", "player": "Rot", "city": "Atlantis"},
        {"do": "trade", "player": "Rot", "city": "Rapha"},
    ],
)
def test_an_unknown_action_player_or_city_is_an_error(action: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="unknown"):
        make().apply(action)


# Properties: for any sequence of actions, legal or not


@st.composite
def games(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """A random position, every tile in one place, and a random sequence of actions."""
    counts = st.dictionaries(st.sampled_from(CLASSES), st.integers(1, 2), max_size=2)
    stock = st.dictionaries(st.sampled_from(CLASSES), st.integers(0, 9))
    tiles = [f"P{number}" for number in range(draw(st.integers(0, 14)))]
    cities = {f"R{n}": "recruitment" for n in range(draw(st.integers(1, 2)))}
    cities |= {f"T{n}": "threat" for n in range(draw(st.integers(1, 2)))}
    setup: dict[str, Any] = {
        "tiles": {tile: {kind: draw(counts) for kind in KINDS} for tile in tiles},
        "barracks": draw(stock),
        "cities": {name: {"side": side, "tile": None} for name, side in cities.items()},
        "next": dict.fromkeys(KINDS),
        "stacks": {kind: [] for kind in KINDS},
        "discards": {kind: [] for kind in KINDS},
        "players": {name: draw(stock) for name in ("Rot", "Blau")},
    }
    # Each tile goes to an empty City or next-tile space, or onto one of the four piles.
    for tile in draw(st.permutations(tiles)):
        place = draw(st.sampled_from(["city", "next", "stacks", "discards"]))
        kind = draw(st.sampled_from(KINDS))
        empty = [c for c in setup["cities"].values() if c["tile"] is None and c["side"] == kind]
        if place == "city" and empty:
            empty[0]["tile"] = tile
        elif place == "next" and setup["next"][kind] is None:
            setup["next"][kind] = tile
        else:
            setup["stacks" if place == "stacks" else "discards"][kind].append(tile)
    # Mostly the action the City's side asks for, sometimes the other one.
    fits = st.sampled_from([True, True, True, False])
    steps = st.lists(
        st.tuples(st.sampled_from(list(cities)), fits, st.sampled_from(["Rot", "Blau"])),
        max_size=40,
    )
    return setup, [
        {
            "do": "recruit" if (cities[city] == "recruitment") == fit else "remove_threat",
            "player": player,
            "city": city,
        }
        for city, fit, player in draw(steps)
    ]


def places(state: dict[str, Any]) -> Counter[str]:
    """How often each tile lies in a City, a next-tile space, a stack or a discard pile."""
    found = [city["tile"] for city in state["cities"].values()] + list(state["next"].values())
    found += [tile for part in ("stacks", "discards") for p in state[part].values() for tile in p]
    return Counter(tile for tile in found if tile is not None)


def unit_totals(state: dict[str, Any]) -> Counter[str]:
    """Units of each class in the Barracks, on the tiles and in the armies together."""
    holders = [state["barracks"], *state["players"].values()]
    holders += [city["units"] for city in state["cities"].values()]
    return sum((Counter(holder) for holder in holders), Counter())


@settings(max_examples=200, deadline=None)
@given(games())
def test_tiles_and_units_are_conserved_and_nothing_waits(
    game: tuple[dict[str, Any], list[dict[str, str]]],
) -> None:
    setup, actions = game
    engine = Engine.from_setup(setup, iter([]), iter([]))
    units_at_start = unit_totals(engine.state())
    for action in actions:
        before = engine.state()
        try:
            engine.apply(action)
        except RuleViolation as refused:
            assert refused.rule_id in (RECRUIT, THREAT_ONLY, THREAT_REMOVED)
            assert engine.state() == before
        state = engine.state()
        assert places(state) == Counter(list(setup["tiles"]))
        assert unit_totals(state) == units_at_start
        holders = [state["barracks"], *state["players"].values()]
        holders += [city["units"] for city in state["cities"].values()]
        assert all(n >= 0 for holder in holders for n in holder.values())
        # The immediate rules leave nothing waiting that could move on.
        for kind, other in zip(KINDS, reversed(KINDS), strict=True):
            vacant = [c for c in state["cities"].values() if c["side"] == kind and not c["tile"]]
            assert not vacant or state["next"][kind] is None
            assert state["next"][kind] is not None or not state["stacks"][kind]
            assert state["stacks"][kind] or not state["discards"][other]
