"""Battle of Midway (COBI), §2.4 Spielweise: round start, fight for initiative, activation.

Hexes are axial coordinates `[q, r]`.  An aircraft faces one of the six hex sides,
`facing` 0–5 counter-clockwise from east: 0 = (+1, 0), 1 = (+1, -1), 2 = (0, -1),
3 = (-1, 0), 4 = (-1, +1), 5 = (0, +1).  Turning left adds 1, turning right takes 1.
Sides are `usa` and `japan`; aircraft types are `fighter` (Jäger) and `bomber`.

Setup:

    board: {columns: 8, rows: 6}          # the main board: hexes q in 0..7, r in 0..5
    tiles:                                 # small board tiles, all beside the board at first:
      klein-1: [[0, 0], [1, 0], [0, 1]]    # their hexes, relative to where a tile is attached
    aircraft:
      F1: {side: usa, type: fighter, hex: [1, 1], facing: 0}

Actions:

    {type: start_round}                    # markers beside every aircraft, 3 command points each
    {type: bid, player: usa, points: 2}    # secret; both bids are revealed once both are in
    {type: activate, player: usa, aircraft: F1, action: combat}
    {type: activate, player: usa, aircraft: F1, action: flight, manoeuvres: [M, ...]}
    {type: order_move, aircraft: F1, manoeuvres: [M, ...]}   # a move an order card causes
    M = {turn: left | right, tile: {id: klein-1, at: [q, r]}}  # both keys optional

A manoeuvre moves one hex straight ahead, then turns one side if `turn` is given.
`tile` attaches a small board tile with its origin at `at` (moving it if it was
attached elsewhere), when the hex ahead is off the board.

An illegal action (an activation out of turn, an action that is neither Flight nor
Combat, a Combat that makes manoeuvres, a turn that is not left or right) raises
`RuleViolation` and changes nothing; an action the engine cannot read (an unknown type
or key, an aircraft or tile the setup does not have, a manoeuvre declared for an aircraft
already destroyed) raises `ValueError`.
`Engine.legal_actions` lists the legal actions.

State:

    round: 1                               # 0 before the first round starts
    phase: start | bid | activation        # start: waiting for a round to start
    initiative: usa | japan | null         # who holds the initiative card
    command_points: {usa: 3, japan: 3}
    bids: {usa: hidden}                    # {usa: 2, japan: 2} once both are revealed
    aircraft: {F1: {side, type, hex: [q, r], facing, marker: true}}
    destroyed: [F2]
    tiles: {klein-1: [q, r] | null}        # where each small tile is attached; null beside it

No dice or cards are drawn in this excerpt.

Decisions on the machine-translated text (§2.4):
- "Die Initiativekarte sollte nicht weitergegeben werden, wenn der Spieler keine Flugzeuge
  mit Aktivierungsmarkern hat": the card is not passed when the *rival* has no aircraft
  with a marker; the active player keeps it and activates again.  By the same reading a
  bid winner with no aircraft left to activate hands the card to the rival.
- The card passes after a Combat as after a Flight, so activations alternate.  Combat
  uses the activation (its marker); its resolution lies outside §2.4 and is not modelled.
- Every round starts from 3 command points: points not bid are not carried over.
- An aircraft is destroyed only when it leaves the board and no small tile is free; a
  manoeuvre off the board that names no tile while one is free is refused.
- A free tile holds no aircraft at all: the tile under the moving aircraft cannot be
  picked up.  A tile must cover the hex ahead and may not overlap the board.
- The manoeuvre count applies to the declared flight; an aircraft destroyed on the way
  flies no further, and the manoeuvres declared after that must be empty (`{}`).  The
  aircraft it swaps with keeps its facing and does not turn.
- An order card's move is a list of manoeuvres of any length, in any phase; it uses no
  marker and leaves the initiative where it is.  The cards themselves are out of scope.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rulekit.engines import RuleViolation, detail, implements

MARKERS = "midway.start-der-spielrunde.platziere-1-aktivierungsmarker-neben-jedem-flugz"
POINTS = "midway.start-der-spielrunde.jeder-spieler-erhaelt-3-kommandopunkte"
SECRET_BID = "midway.kampf-um-die-initiative.jeder-spieler-nimmt-heimlich-0-bis"
REVEAL = "midway.kampf-um-die-initiative.auf-stichwort-zeigen-die-spieler-gleichzeitig"
HIGHEST_BID = "midway.kampf-um-die-initiative.der-spieler-der-die-meisten-seiner"
TIE = "midway.kampf-um-die-initiative.bei-einem-unentschieden-erhaelt-der-spieler"
HOLDER_ACTIVATES = "midway.flugzeug-aktivierung.die-spieler-mit-der-initiativekarte-waehlen"
DISCARD_MARKER = "midway.flugzeug-aktivierung.dazu-legen-sie-den-aktivierungsmarker-neben"
ONLY_MARKED = "midway.flugzeug-aktivierung.nur-flugzeuge-mit-einem-aktivierungsmarker-an"
TWO_ACTIONS = "midway.flugzeug-aktivierung.der-spieler-der-eines-seiner-flugzeuge"
CONTINUE = "midway.flugzeug-aktivierung.wenn-ein-flugzeug-auf-dem-spielbrett"
COUNT = "midway.flugzeug-aktivierung.der-spieler-fuehrt-3-bis-4"
FORWARD = "midway.flugzeug-aktivierung.ein-flugzeug-sollte-immer-nach-vorne"
TURN = "midway.flugzeug-aktivierung.nach-jedem-manoever-kann-der-spieler"
PASS = "midway.flugzeug-aktivierung.nach-beendigung-des-flugs-gibt-der"
KEEP = "midway.flugzeug-aktivierung.die-initiativekarte-sollte-nicht-weitergegeben-w"
EXTEND = "midway.flugzeug-aktivierung.wenn-das-flugzeug-infolge-einer-bewegung"
ANY_TILE = "midway.flugzeug-aktivierung.dazu-koennen-sie-ein-beliebiges-kleines"
DESTROYED = "midway.flugzeug-aktivierung.wenn-das-flugzeug-vom-spielbrett-fliegen"
SWAP = "midway.flugzeug-aktivierung.wenn-ein-flugzeug-zu-irgendeinem-zeitpunkt"
TURN_AFTER_SWAP = "midway.flugzeug-aktivierung.nach-dieser-bewegung-kann-ein-spieler"
ORDER_CARDS = "midway.flugzeug-aktivierung.diese-regel-gilt-auch-fuer-bewegungen"

Hex = tuple[int, int]

SIDES = ("usa", "japan")
AMERICAN = "usa"
COMMAND_POINTS = 3
MAX_BID = 3
MANOEUVRES = {"fighter": range(3, 5), "bomber": range(2, 4)}
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
TURNS = {"left": 1, "right": -1}
ACTIONS = ("flight", "combat")


@dataclass
class Aircraft:
    """One aircraft on the board."""

    side: str
    type: str
    hex: Hex
    facing: int
    marker: bool = False


class Engine:
    """The Midway rules of §2.4 over a hex board that small tiles extend."""

    def __init__(
        self, board: set[Hex], tiles: dict[str, set[Hex]], aircraft: dict[str, Aircraft]
    ) -> None:
        self.main = board
        self.tile_shapes = tiles
        self.tile_at: dict[str, Hex | None] = dict.fromkeys(tiles)
        self.aircraft = aircraft
        self.destroyed: list[str] = []
        self.round = 0
        self.phase = "start"
        self.initiative: str | None = None
        self.command_points = dict.fromkeys(SIDES, 0)
        self.bids: dict[str, int] = {}

    @classmethod
    def from_setup(cls, setup: dict[str, Any], dice: Iterator[int], draws: Iterator[str]) -> Engine:
        """The board, the small tiles beside it and the aircraft, before the first round."""
        if not isinstance(setup, dict) or not {"board", "aircraft"} <= set(setup):
            raise ValueError("setup: expected board, aircraft and tiles")
        if not set(setup) <= {"board", "aircraft", "tiles"}:
            raise ValueError(
                f"setup: unknown keys {sorted(set(setup) - {'board', 'aircraft', 'tiles'})}"
            )
        size, shapes, planes = setup["board"], setup.get("tiles", {}), setup["aircraft"]
        if not (isinstance(size, dict) and set(size) == {"columns", "rows"}):
            raise ValueError("board: expected columns and rows")
        columns, rows = _whole(size["columns"], "board.columns"), _whole(size["rows"], "board.rows")
        if not (isinstance(shapes, dict) and isinstance(planes, dict)):
            raise ValueError("tiles, aircraft: expected mappings by name")
        board = {(q, r) for q in range(columns) for r in range(rows)}
        tiles = {
            str(name): {_hex(cell, f"tiles.{name}") for cell in _list(cells, f"tiles.{name}")}
            for name, cells in shapes.items()
        }
        aircraft: dict[str, Aircraft] = {}
        for name, spec in planes.items():
            plane = _aircraft(name, spec)
            if plane.hex not in board or any(p.hex == plane.hex for p in aircraft.values()):
                raise ValueError(f"{name}: {list(plane.hex)} is not a free hex of the board")
            aircraft[name] = plane
        return cls(board, tiles, aircraft)

    def apply(self, action: dict[str, Any]) -> None:
        """Carry out one action; an illegal one raises `RuleViolation` and changes nothing."""
        # Played on a copy: a flight refused at its third manoeuvre must leave no trace.
        draft = copy.deepcopy(self)
        draft._play(action)
        self.__dict__.update(draft.__dict__)

    def state(self) -> dict[str, Any]:
        """Round, phase, initiative, command points, bids, aircraft and tiles (module docstring)."""
        revealed = len(self.bids) == len(SIDES)
        return {
            "round": self.round,
            "phase": self.phase,
            "initiative": self.initiative,
            "command_points": dict(self.command_points),
            "bids": {side: points if revealed else "hidden" for side, points in self.bids.items()},
            "aircraft": {
                name: {
                    "side": plane.side,
                    "type": plane.type,
                    "hex": list(plane.hex),
                    "facing": plane.facing,
                    "marker": plane.marker,
                }
                for name, plane in self.aircraft.items()
            },
            "destroyed": list(self.destroyed),
            "tiles": {name: None if at is None else list(at) for name, at in self.tile_at.items()},
        }

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every legal start, bid and activation (each flight with every choice of turns and
        tiles).  Order-card moves are not listed: a card may cause any move at any time."""
        candidates: list[dict[str, Any]] = [{"type": "start_round"}]
        candidates += [
            {"type": "bid", "player": side, "points": points}
            for side in SIDES
            for points in range(MAX_BID + 1)
        ]
        for name, plane in self.aircraft.items():
            base = {"type": "activate", "player": plane.side, "aircraft": name}
            candidates.append({**base, "action": "combat"})
            candidates += [
                {**base, "action": "flight", "manoeuvres": flight}
                for count in MANOEUVRES[plane.type]
                for flight in self._flights(name, count)
            ]
        return [action for action in candidates if self._accepts(action)]

    def _accepts(self, action: dict[str, Any]) -> bool:
        try:
            copy.deepcopy(self)._play(action)
        except RuleViolation:
            return False
        return True

    def _flights(self, name: str, count: int) -> Iterator[list[dict[str, Any]]]:
        """Every list of `count` manoeuvres: each turn or none, and each tile that fits
        (none once the aircraft is destroyed)."""
        if count == 0 or name not in self.aircraft:
            yield [{} for _ in range(count)]
            return
        plane = self.aircraft[name]
        dq, dr = DIRECTIONS[plane.facing]
        ahead = (plane.hex[0] + dq, plane.hex[1] + dr)
        tiles: list[dict[str, Any] | None] = [None]
        if ahead not in self._board():
            tiles += [
                {"id": tile, "at": [ahead[0] - q, ahead[1] - r]}
                for tile in self._free_tiles()
                for q, r in sorted(self.tile_shapes[tile])
            ]
        for tile in tiles:
            for turn in (None, *TURNS):
                step: dict[str, Any] = {}
                if turn is not None:
                    step["turn"] = turn
                if tile is not None:
                    step["tile"] = tile
                after = copy.deepcopy(self)
                try:
                    after._fly(name, [step])
                except RuleViolation:
                    continue
                for rest in after._flights(name, count - 1):
                    yield [step, *rest]

    def _play(self, action: dict[str, Any]) -> None:
        """Dispatch one action by its type; an action of the wrong shape is a ValueError."""
        if not isinstance(action, dict) or action.get("type") not in ACTION_KEYS:
            raise ValueError(f"type: unknown action {action!r}")
        kind = action["type"]
        required, allowed = ACTION_KEYS[kind]
        if not required <= set(action) - {"type"} <= allowed:
            raise ValueError(f"{kind}: expected the keys {sorted(allowed)}")
        if kind == "start_round":
            self._start_round()
        elif kind == "bid":
            self._bid(_side(action["player"]), _whole(action["points"], "points", negative=True))
        elif kind == "activate":
            name, manoeuvres = self._name(action["aircraft"]), action.get("manoeuvres", [])
            self._activate(_side(action["player"]), name, action["action"], _steps(manoeuvres))
        else:
            self._order_move(self._name(action["aircraft"]), _steps(action["manoeuvres"]))

    def _name(self, value: Any) -> str:
        """An aircraft of the setup, on the board or destroyed."""
        if not isinstance(value, str) or not (value in self.aircraft or value in self.destroyed):
            raise ValueError(f"aircraft: {value!r} is no aircraft of the game")
        return value

    @implements(MARKERS, POINTS, CONTINUE)
    def _start_round(self) -> None:
        """A marker beside every aircraft and 3 command points each; refused mid-round."""
        marked = [name for name, plane in self.aircraft.items() if plane.marker]
        if marked:
            raise RuleViolation(
                CONTINUE, detail("%(aircraft)s still to be activated", aircraft=", ".join(marked))
            )
        self.round += 1
        self.phase = "bid"
        self.initiative = None
        self.bids = {}
        for plane in self.aircraft.values():
            plane.marker = True
        self.command_points = dict.fromkeys(SIDES, COMMAND_POINTS)

    @implements(SECRET_BID)
    def _bid(self, player: str, points: int) -> None:
        """Take 0–3 command points secretly in hand, once a round, before the activations."""
        if self.phase != "bid" or player in self.bids:
            raise RuleViolation(
                SECRET_BID, detail("%(player)s: no bid now", player=SIDE_NAMES[player])
            )
        # Every round starts from 3 points, so the cap of 3 is also the whole pool.
        if not 0 <= points <= MAX_BID:
            raise RuleViolation(
                SECRET_BID, detail("%(points)d points: a bid is 0 to 3", points=points)
            )
        self.bids[player] = points
        if len(self.bids) == len(SIDES):
            self._reveal()

    @implements(REVEAL, HIGHEST_BID, TIE)
    def _reveal(self) -> None:
        """Both bids shown at once and discarded; the higher takes the initiative card."""
        for side, points in self.bids.items():
            self.command_points[side] -= points
        best = max(self.bids.values())
        leaders = [side for side, points in self.bids.items() if points == best]
        # A tie goes to the player commanding the American forces.
        winner = leaders[0] if len(leaders) == 1 else AMERICAN
        self.phase = "activation"
        self._hand_initiative(winner)

    @implements(KEEP, CONTINUE)
    def _hand_initiative(self, player: str) -> None:
        """Give the card to `player`, or keep it from one with nothing left to activate."""
        if not self._can_activate(player):
            player = _rival(player)
        self.initiative = player
        if not self._can_activate(player):
            # No aircraft has a marker left: the round is over.
            self.phase = "start"
            self.initiative = None

    def _can_activate(self, player: str) -> bool:
        """Whether `player` has an aircraft with an activation marker."""
        return any(p.marker and p.side == player for p in self.aircraft.values())

    @implements(HOLDER_ACTIVATES, DISCARD_MARKER, ONLY_MARKED, TWO_ACTIONS, PASS)
    def _activate(
        self, player: str, name: str, action: str, manoeuvres: list[dict[str, Any]]
    ) -> None:
        """The initiative holder activates one of their marked aircraft for Flight or Combat."""
        side = SIDE_NAMES[player]
        if self.phase != "activation" or player != self.initiative:
            raise RuleViolation(
                HOLDER_ACTIVATES,
                detail("%(player)s: not the holder of the Initiative Card", player=side),
            )
        plane = self.aircraft.get(name)
        if plane is None:
            raise RuleViolation(DESTROYED, detail("%(aircraft)s is destroyed", aircraft=name))
        if plane.side != player:
            raise RuleViolation(
                HOLDER_ACTIVATES,
                detail("%(aircraft)s: no aircraft of %(player)s", aircraft=name, player=side),
            )
        if not plane.marker:
            raise RuleViolation(
                ONLY_MARKED, detail("%(aircraft)s has no activation marker", aircraft=name)
            )
        if action not in ACTIONS:
            raise RuleViolation(
                TWO_ACTIONS, detail("%(action)s is neither Flight nor Combat", action=str(action))
            )
        if action == "combat" and manoeuvres:
            raise RuleViolation(
                TWO_ACTIONS, detail("%(aircraft)s: a Combat is no Flight", aircraft=name)
            )
        plane.marker = False
        if action == "flight":
            self._flight(name, manoeuvres)
        # Combat only uses the activation: its resolution lies outside §2.4.  The card
        # passes after either action, so that the players' activations alternate.
        self._hand_initiative(_rival(player))

    @implements(COUNT)
    def _flight(self, name: str, manoeuvres: list[dict[str, Any]]) -> None:
        """3–4 manoeuvres for a fighter, 2–3 for a bomber."""
        kind = self.aircraft[name].type
        allowed, made = MANOEUVRES[kind], len(manoeuvres)
        if made not in allowed:
            raise RuleViolation(
                COUNT,
                detail(
                    "%(type)s: %(least)d to %(most)d manoeuvres, not %(made)d",
                    type=TYPE_NAMES[kind],
                    least=allowed[0],
                    most=allowed[-1],
                    made=made,
                ),
            )
        self._fly(name, manoeuvres)

    @implements(ORDER_CARDS)
    def _order_move(self, name: str, manoeuvres: list[dict[str, Any]]) -> None:
        """A move an order card causes: the same manoeuvres, swaps and board extension."""
        if name not in self.aircraft:
            raise RuleViolation(DESTROYED, detail("%(aircraft)s is destroyed", aircraft=name))
        self._fly(name, manoeuvres)
        if self.initiative is not None:
            # An aircraft lost off the board may leave the holder nothing to activate.
            self._hand_initiative(self.initiative)

    def _fly(self, name: str, manoeuvres: list[dict[str, Any]]) -> None:
        """Manoeuvre after manoeuvre, until the aircraft is destroyed or done.  The
        manoeuvres declared after it is destroyed are flown by no one: each must be
        empty (`{}`), or the action is malformed."""
        for number, step in enumerate(manoeuvres):
            if name not in self.aircraft:
                if any(manoeuvres[number:]):
                    raise ValueError(f"manoeuvres: {name} is destroyed; later ones must be {{}}")
                break
            self._manoeuvre(name, step)

    @implements(FORWARD, TURN_AFTER_SWAP)
    def _manoeuvre(self, name: str, step: dict[str, Any]) -> None:
        """One hex straight ahead, then an optional turn, which a swap does not forfeit.
        The turn is read first: one that is no turn is refused even where the aircraft
        is lost before it could make it."""
        sides = self._sides(step.get("turn"))
        plane = self.aircraft[name]
        dq, dr = DIRECTIONS[plane.facing]
        ahead = (plane.hex[0] + dq, plane.hex[1] + dr)
        if ahead in self._board():
            if "tile" in step:
                raise RuleViolation(
                    EXTEND, detail("%(hex)s is on the board: no tile is needed", hex=list(ahead))
                )
        elif not self._off_board(name, ahead, step.get("tile")):
            return
        self._enter(name, ahead)
        plane.facing = (plane.facing + sides) % len(DIRECTIONS)

    @implements(EXTEND, DESTROYED)
    def _off_board(self, name: str, ahead: Hex, tile: dict[str, Any] | None) -> bool:
        """Extend the board with a small tile; without a free tile the aircraft is lost."""
        if tile is not None:
            self._attach(tile["id"], _hex(tile["at"], "tile.at"), ahead)
            return True
        free = self._free_tiles()
        if free:
            raise RuleViolation(
                EXTEND,
                detail(
                    "%(hex)s is off the board; extend it with %(tiles)s",
                    hex=list(ahead),
                    tiles=", ".join(free),
                ),
            )
        del self.aircraft[name]
        self.destroyed.append(name)
        return False

    @implements(ANY_TILE)
    def _attach(self, tile: str, at: Hex, ahead: Hex) -> None:
        """Lay any tile free of aircraft, beside the board or attached, over the hex ahead."""
        if tile not in self.tile_shapes:
            raise ValueError(f"tile: {tile!r} is no small board tile of the setup")
        where = {"tile": tile, "at": list(at), "hex": list(ahead)}
        if tile not in self._free_tiles():
            raise RuleViolation(ANY_TILE, detail("an aircraft stands on %(tile)s", **where))
        hexes = self._tile_hexes(tile, at)
        if ahead not in hexes:
            raise RuleViolation(
                ANY_TILE, detail("%(tile)s at %(at)s does not cover %(hex)s", **where)
            )
        if hexes & self._board(without=tile):
            raise RuleViolation(ANY_TILE, detail("%(tile)s at %(at)s overlaps the board", **where))
        self.tile_at[tile] = at

    @implements(SWAP)
    def _enter(self, name: str, ahead: Hex) -> None:
        """Move into the hex ahead; an aircraft there swaps places, both keep their facing."""
        plane = self.aircraft[name]
        for other in self.aircraft.values():
            if other.hex == ahead:
                other.hex = plane.hex
        plane.hex = ahead

    @implements(TURN)
    def _sides(self, turn: str | None) -> int:
        """The hex sides a turn turns by: one, left or right, or none at all."""
        if turn is None:
            return 0
        if turn not in TURNS:
            raise RuleViolation(
                TURN, detail("%(turn)s: turn one side, left or right", turn=str(turn))
            )
        return TURNS[turn]

    def _board(self, without: str | None = None) -> set[Hex]:
        """The main board and every attached small tile but `without`."""
        hexes = set(self.main)
        for tile, at in self.tile_at.items():
            if at is not None and tile != without:
                hexes |= self._tile_hexes(tile, at)
        return hexes

    def _tile_hexes(self, tile: str, at: Hex) -> set[Hex]:
        """The hexes a small tile covers with its origin at `at`."""
        return {(q + at[0], r + at[1]) for q, r in self.tile_shapes[tile]}

    def _free_tiles(self) -> list[str]:
        """The small tiles that hold no aircraft, beside the board or attached to it."""
        taken = {plane.hex for plane in self.aircraft.values()}
        return [
            tile
            for tile, at in self.tile_at.items()
            if at is None or not self._tile_hexes(tile, at) & taken
        ]


@implements(FORWARD)
def _aircraft(name: str, spec: dict[str, Any]) -> Aircraft:
    """An aircraft from the setup; its nose must face one of the six hex sides."""
    if not isinstance(spec, dict) or set(spec) != {"side", "type", "hex", "facing"}:
        raise ValueError(f"aircraft.{name}: expected side, type, hex and facing")
    if spec["side"] not in SIDES or spec["type"] not in MANOEUVRES:
        raise ValueError(f"{name}: side must be one of {SIDES}, type one of {list(MANOEUVRES)}")
    facing = spec["facing"]
    if isinstance(facing, bool) or facing not in range(len(DIRECTIONS)):
        raise ValueError(f"aircraft.{name}.facing: {facing!r} is not a hex side 0–5")
    return Aircraft(spec["side"], spec["type"], _hex(spec["hex"], f"aircraft.{name}.hex"), facing)


def _hex(cell: Any, key: str) -> Hex:
    """An axial hex from its `[q, r]` list."""
    if not isinstance(cell, list) or len(cell) != 2:
        raise ValueError(f"{key}: expected [q, r], got {cell!r}")
    return (_whole(cell[0], key, negative=True), _whole(cell[1], key, negative=True))


def _whole(value: Any, key: str, negative: bool = False) -> int:
    """A whole number of an action or the setup (≥ 0 unless `negative`)."""
    if isinstance(value, bool) or not isinstance(value, int) or (value < 0 and not negative):
        raise ValueError(f"{key}: expected a whole number, got {value!r}")
    return value


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{key}: expected a list, got {value!r}")
    return value


def _side(value: Any) -> str:
    if value not in SIDES:
        raise ValueError(f"player: {value!r} is not one of {', '.join(SIDES)}")
    return str(value)


def _steps(value: Any) -> list[dict[str, Any]]:
    """Manoeuvres: each `{turn, tile: {id, at}}`, both keys optional."""
    for step in _list(value, "manoeuvres"):
        if not isinstance(step, dict) or not set(step) <= {"turn", "tile"}:
            raise ValueError(f"manoeuvres: expected {{turn, tile}}, got {step!r}")
        tile = step.get("tile")
        if tile is not None and not (isinstance(tile, dict) and set(tile) == {"id", "at"}):
            raise ValueError(f"manoeuvres: a tile is {{id, at}}, got {tile!r}")
    return list(value)


# The keys each action must have, and those it may have, besides `type`.
ACTION_KEYS: dict[str, tuple[set[str], set[str]]] = {
    "start_round": (set(), set()),
    "bid": ({"player", "points"}, {"player", "points"}),
    "activate": ({"player", "aircraft", "action"}, {"player", "aircraft", "action", "manoeuvres"}),
    "order_move": ({"aircraft", "manoeuvres"}, {"aircraft", "manoeuvres"}),
}
SIDE_NAMES = {"usa": detail("USA"), "japan": detail("Japan")}
TYPE_NAMES = {"fighter": detail("Fighter"), "bomber": detail("Bomber")}


def _rival(player: str) -> str:
    """The other player."""
    return SIDES[1 - SIDES.index(player)]
