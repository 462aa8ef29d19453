"""Lords of Xidit, phase three, part A: replacing Recruitment and Threat tiles.

A City tile is double-sided: a Recruitment side (the units it offers) and a Threat
side (the units that defeat it).  Each City shows one side; when the tile leaves,
the tile on the matching next-tile space takes its place at once, the next-tile
space is refilled from the top of its pile, and an empty pile is rebuilt from the
OTHER kind's discard pile.

Setup (every key but `tiles` and `cities` may be left out; piles default to empty)::

    tiles:     {R1: {recruitment: {militia: 2, archers: 1}, threat: {infantry: 2}}, ...}
    barracks:  {militia: 9, archers: 6, ...}        # units in the Barracks, by class
    cities:    {Rapha: {side: recruitment, tile: R1, units: {militia: 1}},
                Ombel: {side: threat, tile: T1}}
    next:      {recruitment: R2, threat: T2}        # Next Recruitment / Threat tile space
    stacks:    {recruitment: [R3, R4], threat: [T3]}
    discards:  {recruitment: [], threat: [R9]}
    players:   {Rot: {archers: 1}}                   # each player's army, by class

- Unit classes, weakest first: militia, archers, infantry, clerics, mages (the
  orange, green, grey, white and purple figures).  Omitted classes count 0.
- Every pile (stack or discard pile) is listed top first.  The stacks are explicit
  ordered lists, so the engine needs no `draws` (and no `dice`): it refuses both.
- A City's `side` is the kind of tile it takes; `tile: null` leaves it empty.  The
  `units` on a Recruitment tile default to its full Recruitment side (they are not
  taken from `barracks`); a Threat tile carries no units.
- Every tile of `tiles` lies in exactly one place: a City, a next-tile space, a
  stack or a discard pile.
- The setup is settled at once: the immediate rules below apply before any action.

Actions::

    {do: recruit, player: Rot, city: Rapha}         # take the weakest unit on the tile
    {do: remove_threat, player: Rot, city: Ombel}   # give the Threat's units back

State: the setup's keys but `tiles`, in full: `cities.<name>.{side, tile, units}`,
`next.<kind>`, `stacks.<kind>`, `discards.<kind>` (lists, top first),
`barracks.<class>`, `players.<name>.<class>` (every class, 0 included).

Decisions where the excerpt is silent.  The first two follow the published game (the
recruiting and Threat rules outside this excerpt); the others are readings of this text:

- Recruiting takes one unit, always the weakest class left on the tile; the limit of
  one recruitment per City and Game Year belongs to phase two and is not modelled.
- The units that defeat a Threat go back to the Barracks.
- A new tile goes onto the City the old one left, which so keeps its kind.
- Turning a discard pile over "as a whole" reverses it: its bottom tile becomes the
  top of the new stack, now showing its other side.  Nothing is shuffled.
- The Barracks fill a tile only when it is placed: units that come back later do
  not top up a partly filled tile.  A tile placed with no unit at all stays on its
  City, since only the recruitment of its last unit removes it.
- "Zunächst leer" is temporary: an empty stack is rebuilt as soon as the other
  discard pile holds a tile, an empty next-tile space is refilled as soon as its
  stack holds one, and a City left without a tile takes the next tile of its kind as
  soon as there is one (Cities in the order they lost their tiles).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rulekit.engines import RuleViolation, detail, implements, ndetail

CLASSES = ("militia", "archers", "infantry", "clerics", "mages")  # weakest first
RECRUITMENT, THREAT = "recruitment", "threat"
KINDS = (RECRUITMENT, THREAT)
OTHER = {RECRUITMENT: THREAT, THREAT: RECRUITMENT}

LAST_UNIT = "xidit.ein-anwerbungs-oder-bedrohungsplaettchen.wenn-ein-spieler-die-letzte-einheit"
THREAT_REMOVED = (
    "xidit.ein-anwerbungs-oder-bedrohungsplaettchen.wenn-ein-spieler-eine-bedrohung-beseitigt"
)
# Rules of other chapters, in the editors' supplement.
RECRUIT = "xidit.anwerben-und-bedrohungen-beseitigen.angeworben-wird-nur-in-einer-stadt"
THREAT_ONLY = "xidit.anwerben-und-bedrohungen-beseitigen.eine-bedrohung-kann-nur-in-einer"
BACK_TO_BARRACKS = "xidit.anwerben-und-bedrohungen-beseitigen.die-einheiten-mit-denen-ein-spieler"
# Unit classes as refusal details name them, translated like the details.
CLASS_NAMES = {
    "militia": detail("militia"),
    "archers": detail("archers"),
    "infantry": detail("infantry"),
    "clerics": detail("clerics"),
    "mages": detail("mages"),
}

Units = dict[str, int]


def units(data: Any, where: str) -> Units:
    """Every class with its count, from a mapping that may leave classes out."""
    if data is None:
        data = {}
    if not isinstance(data, dict) or not set(data) <= set(CLASSES):
        raise ValueError(f"{where}: expected counts of {', '.join(CLASSES)}, got {data!r}")
    counts = {name: data.get(name, 0) for name in CLASSES}
    if any(not isinstance(n, int) or n < 0 for n in counts.values()):
        raise ValueError(f"{where}: counts must be whole numbers ≥ 0, got {data!r}")
    return counts


@dataclass
class City:
    """A City space: the kind of tile it takes, the tile on it, the units on that tile."""

    side: str
    tile: str | None
    units: Units


class Engine:
    """Recruitment and Threat tiles, their stacks, next-tile spaces and discard piles."""

    def __init__(
        self,
        tiles: dict[str, dict[str, Units]],
        cities: dict[str, City],
        next_tiles: dict[str, str | None],
        stacks: dict[str, list[str]],
        discards: dict[str, list[str]],
        barracks: Units,
        players: dict[str, Units],
    ) -> None:
        self.tiles = tiles
        self.cities = cities
        self.next = next_tiles
        self.stacks = stacks
        self.discards = discards
        self.barracks = barracks
        self.players = players
        # Cities waiting for a tile, in the order they lost theirs.
        self.vacant = [name for name, city in cities.items() if city.tile is None]
        self._settle()

    @classmethod
    def from_setup(cls, setup: dict[str, Any], dice: Iterator[int], draws: Iterator[str]) -> Engine:
        """Read a setup (see the module docstring); a malformed one is a ValueError."""
        if next(dice, None) is not None or next(draws, None) is not None:
            raise ValueError("xidit uses no dice or draws: the stacks are ordered in the setup")
        _check_setup(setup)
        tiles = {
            str(tile): {kind: units(sides.get(kind), f"tiles.{tile}.{kind}") for kind in KINDS}
            for tile, sides in setup["tiles"].items()
        }
        cities = {
            str(name): _city(str(name), data, tiles) for name, data in setup["cities"].items()
        }
        next_tiles = {kind: setup.get("next", {}).get(kind) for kind in KINDS}
        stacks = {kind: list(setup.get("stacks", {}).get(kind, [])) for kind in KINDS}
        discards = {kind: list(setup.get("discards", {}).get(kind, [])) for kind in KINDS}
        placed = [city.tile for city in cities.values() if city.tile is not None]
        placed += [tile for tile in next_tiles.values() if tile is not None]
        placed += [tile for pile in [*stacks.values(), *discards.values()] for tile in pile]
        if sorted(placed) != sorted(tiles):
            raise ValueError(f"every tile must lie in exactly one place: {sorted(placed)}")
        barracks = units(setup.get("barracks"), "barracks")
        players = {
            str(name): units(army, f"players.{name}")
            for name, army in setup.get("players", {}).items()
        }
        return cls(tiles, cities, next_tiles, stacks, discards, barracks, players)

    def apply(self, action: dict[str, Any]) -> None:
        """Carry out a recruit or remove_threat action; an illegal one raises RuleViolation.

        A refused action changes nothing; an unknown action, key, player or city is a
        ValueError.
        """
        if not isinstance(action, dict) or action.get("do") not in ("recruit", "remove_threat"):
            raise ValueError(f"do: unknown action {action!r}")
        if set(action) != {"do", "player", "city"}:
            raise ValueError(f"{action['do']}: expected the keys city and player")
        player, city = action["player"], action["city"]
        if not isinstance(player, str) or player not in self.players:
            raise ValueError(f"player: unknown player {player!r}")
        if not isinstance(city, str) or city not in self.cities:
            raise ValueError(f"city: unknown city {city!r}")
        if action["do"] == "recruit":
            self._recruit(player, city)
        else:
            self._remove_threat(player, city)

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every action `apply` accepts: recruiting where units stand, removing Threats a
        player's army can meet."""
        actions: list[dict[str, Any]] = []
        for name, city in self.cities.items():
            for player, army in self.players.items():
                if city.side == RECRUITMENT and any(city.units.values()):
                    actions.append({"do": "recruit", "player": player, "city": name})
                elif city.side == THREAT and city.tile is not None:
                    needed = self.tiles[city.tile][THREAT]
                    if all(army[unit] >= n for unit, n in needed.items()):
                        actions.append({"do": "remove_threat", "player": player, "city": name})
        return actions

    def state(self) -> dict[str, Any]:
        """Cities, next-tile spaces, stacks, discard piles, Barracks and armies, as plain data."""
        return {
            "cities": {
                name: {"side": city.side, "tile": city.tile, "units": dict(city.units)}
                for name, city in self.cities.items()
            },
            "next": dict(self.next),
            "stacks": {kind: list(pile) for kind, pile in self.stacks.items()},
            "discards": {kind: list(pile) for kind, pile in self.discards.items()},
            "barracks": dict(self.barracks),
            "players": {name: dict(army) for name, army in self.players.items()},
        }

    @implements(LAST_UNIT, RECRUIT)
    def _recruit(self, player: str, name: str) -> None:
        """Take the weakest unit on the City's Recruitment tile; the last one removes the tile."""
        city = self.cities[name]
        present = [unit for unit in CLASSES if city.units[unit]]
        if city.side != RECRUITMENT:
            raise RuleViolation(RECRUIT, detail("%(city)s has a Threat tile", city=name))
        if not present:
            raise RuleViolation(RECRUIT, detail("no unit stands on %(city)s", city=name))
        city.units[present[0]] -= 1
        self.players[player][present[0]] += 1
        if not any(city.units.values()):
            self._remove(name)

    @implements(THREAT_REMOVED, THREAT_ONLY, BACK_TO_BARRACKS)
    def _remove_threat(self, player: str, name: str) -> None:
        """Give the units the Threat demands back to the Barracks; the tile is removed."""
        city = self.cities[name]
        if city.side != THREAT or city.tile is None:
            raise RuleViolation(THREAT_ONLY, detail("no Threat tile lies on %(city)s", city=name))
        needed, army = self.tiles[city.tile][THREAT], self.players[player]
        missing = [(unit, n - army[unit]) for unit, n in needed.items() if army[unit] < n]
        if missing:
            unit, count = missing[0]
            raise RuleViolation(
                THREAT_REMOVED,
                ndetail(
                    "%(player)s lacks %(count)d unit: %(class)s",
                    "%(player)s lacks %(count)d units: %(class)s",
                    count,
                    player=player,
                    **{"class": CLASS_NAMES[unit]},
                ),
            )
        for unit, n in needed.items():
            army[unit] -= n
            self.barracks[unit] += n
        self._remove(name)

    @implements("xidit.ein-neues-anwerbungs-oder.immer-wenn-ein-anwerbungs-oder-bedrohungsplaettc")
    def _remove(self, name: str) -> None:
        """Put the City's tile on top of its discard pile; a new tile follows at once."""
        city = self.cities[name]
        assert city.tile is not None  # the callers checked the tile is there
        self.discards[city.side].insert(0, city.tile)
        city.tile = None
        self.vacant.append(name)
        self._settle()

    def _settle(self) -> None:
        """Apply the immediate rules, for both kinds, until none of them has anything to do."""
        steps = (self._bring_into_play, self._refill_next, self._rebuild_stack)
        # Each round does the first step that has work, then starts over.  Every step moves
        # a tile one place on (discard pile, stack, next-tile space, City), so this ends.
        while any(step(kind) for kind in KINDS for step in steps):
            pass

    @implements(
        "xidit.ein-neues-anwerbungs-oder.wurde-ein-anwerbungsplaettchen-entfernt-wird-das",
        "xidit.ein-neues-anwerbungs-oder.dementsprechend-wird-das-plaettchen-vom-feld",
        "xidit.ein-neues-anwerbungs-oder.es-wird-auf-das-entsprechende-stadtfeld",
    )
    def _bring_into_play(self, kind: str) -> bool:
        """Move the next tile of this kind onto the first City waiting for one."""
        waiting = [name for name in self.vacant if self.cities[name].side == kind]
        tile = self.next[kind]
        if not waiting or tile is None:
            return False
        self.vacant.remove(waiting[0])
        self.next[kind] = None
        city = self.cities[waiting[0]]
        city.tile = tile
        city.units = self._fill(tile) if kind == RECRUITMENT else dict.fromkeys(CLASSES, 0)
        return True

    @implements(
        "xidit.ein-neues-anwerbungs-oder.sollte-eine-bestimmte-klasse-von-einheiten",
        "xidit.ein-neues-anwerbungs-oder.auf-keinen-fall-werden-freie-plaetze",
    )
    def _fill(self, tile: str) -> Units:
        """Take the tile's units from the Barracks, class by class, as far as they last."""
        taken = {
            unit: min(n, self.barracks[unit]) for unit, n in self.tiles[tile][RECRUITMENT].items()
        }
        for unit, n in taken.items():
            self.barracks[unit] -= n
        return taken

    @implements(
        "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.wenn-ein-anwerbungsplaettchen-auf-eine-stadt",
        "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.wenn-ein-bedrohungsplaettchen-auf-eine-stadt",
    )
    def _refill_next(self, kind: str) -> bool:
        """Move the top tile of the stack onto the empty next-tile space of its kind."""
        if self.next[kind] is not None or not self.stacks[kind]:
            return False
        self.next[kind] = self.stacks[kind].pop(0)
        return True

    @implements(
        "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.sollte-der-anwerbungs-oder-bedrohungsstapel-leer",
        "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.ist-der-anwerbungsstapel-leer-werden-alle",
        "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.der-gesamte-stapel-wird-als-ganzes",
        "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.ist-der-bedrohungsstapel-leer-werden-alle",
        "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.der-gesamte-stapel-wird-als-ganzes-2",
        "xidit.anwerbungsbereich-und-bedrohungsbereich-auffuell.sollten-in-einem-der-beiden-abwurfstapel",
    )
    def _rebuild_stack(self, kind: str) -> bool:
        """Turn the other kind's discard pile over as a whole into this empty stack.

        With that discard pile empty too, the stack space stays empty for now.
        """
        other = self.discards[OTHER[kind]]
        if self.stacks[kind] or not other:
            return False
        self.stacks[kind] = other[::-1]
        other.clear()
        return True


SETUP_KEYS = ("tiles", "barracks", "cities", "next", "stacks", "discards", "players")


def _check_setup(setup: Any) -> None:
    """Refuse a setup of the wrong shape, before its parts are read."""
    if not isinstance(setup, dict) or not {"tiles", "cities"} <= set(setup) <= set(SETUP_KEYS):
        raise ValueError(f"setup: expected tiles and cities, and {', '.join(SETUP_KEYS[2:])}")
    for key in SETUP_KEYS:
        if not isinstance(setup.get(key, {}), dict):
            raise ValueError(f"{key}: expected a mapping")
    for where, value in [
        *(("tiles." + str(k), v) for k, v in setup["tiles"].items()),
        *(("cities." + str(k), v) for k, v in setup["cities"].items()),
    ]:
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected a mapping")
    for key in ("stacks", "discards"):
        for kind, pile in setup.get(key, {}).items():
            if kind not in KINDS or not isinstance(pile, list):
                raise ValueError(f"{key}.{kind}: expected a list of tiles of {' or '.join(KINDS)}")
    if not set(setup.get("next", {})) <= set(KINDS):
        raise ValueError(f"next: expected {' and '.join(KINDS)}")


def _city(name: str, data: dict[str, Any], tiles: dict[str, dict[str, Units]]) -> City:
    """A City from the setup; a Recruitment tile's units default to its full side."""
    side, tile = data.get("side"), data.get("tile")
    if side not in KINDS or (tile is not None and tile not in tiles):
        raise ValueError(f"cities.{name}: needs a side ({' or '.join(KINDS)}) and a known tile")
    if side == RECRUITMENT and tile is not None:
        return City(side, tile, units(data.get("units", tiles[tile][RECRUITMENT]), name))
    if data.get("units"):
        raise ValueError(f"cities.{name}: only a Recruitment tile carries units")
    return City(side, tile, dict.fromkeys(CLASSES, 0))
