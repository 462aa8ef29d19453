"""Stratego Original (Jumbo 2006): board, moves, fights and the two repetition rules.

Vocabulary
----------
Squares are named like chess squares: files ``a``-``j`` from left to right, rows ``1``-``10``
from Red's side (Red sets up on rows 1-4, Blue on rows 7-10).  The lakes are c5, d5, c6, d6
and g5, h5, g6, h6.  The ranks are ``marshal`` (10), ``general`` (9), ``colonel`` (8),
``major`` (7), ``captain`` (6), ``lieutenant`` (5), ``sergeant`` (4), ``miner`` (3),
``scout`` (2), ``spy`` (1), ``bomb`` and ``flag``; a piece is ``[colour, rank]`` with colour
``red`` or ``blue``.

setup
    ``{"pieces": {"e4": ["red", "marshal"], "e5": ["blue", "general"], ...},
    "to_move": "red", "opening": false}``.  Any position may be set up, a full army or one
    from the middle of a game, as long as no piece stands on a lake and no side has more
    pieces of a rank than an army holds (`ARMY`: 40 pieces).  With ``"opening": true`` it
    is the players' own set-up before the first move: each side then has its whole army, on
    the four rows nearest to it.  ``to_move`` defaults to ``red``: Red begins.  Dice and
    draws are not used.
action
    ``{"do": "move", "from": "e4", "to": "e7"}`` moves a piece of the player to move; a move
    onto an opponent's piece is an attack.  A malformed action (another ``do``, another key,
    a name that is not a square) raises ``ValueError``, an illegal one `RuleViolation`.
    `Engine.legal_actions` lists the legal moves.
state
    ``to_move``: ``red`` or ``blue``.  ``winner``: null, ``red`` or ``blue``.  ``end``: null,
    ``flag-captured``, ``no-legal-move`` or ``bomb-or-flag-moved``.  ``board``: square to
    ``[colour, rank]``, occupied squares only.  ``counts``: colour to rank to the pieces left.
    ``last_attack``: null unless the last move was an attack, else ``{"from", "to",
    "attacker": [colour, rank], "defender": [colour, rank], "removed": [[colour, rank], ...]}``.
    `Engine.view` is the same seen by one player: the opponent's ranks are null.

Decisions
---------
- The bundled excerpt is pages 13-14 of the German section.  Rules printed elsewhere (board
  and lakes, turn order, one step forwards, backwards or sideways, one piece per square, the
  Two-Squares rule, the spy, winning) follow the Jumbo rules; the editors' supplement
  (``sources/stratego/supplement.yaml``) states them, so their refusals name those rules.
- A move from a square to itself is no move: it breaks the one-step rule.
- Moving a bomb or the flag is refused and loses the game at once (``end``:
  ``bomb-or-flag-moved``): the one refusal that changes the state.
- Two-Squares rule (Jumbo 2006, ISF 10.1): a piece may move back and forth between the same
  two squares at most five times in a row, whatever the opponent does and whether or not it
  attacks; the sixth such move is refused.  Scouts count like any piece: ISF 10.2 (a scout
  also covers the squares it crosses) is not modelled, the Jumbo rule has no scout clause.
- More-Squares rule (ISF 11): a player *threatens* by moving a piece orthogonally next to an
  opponent's piece; the piece *evades* if it moves to an empty square in the very next move;
  a *continuous chase* is one player threatening again and again pieces that keep evading,
  and a *chasing move* threatens a piece that evaded during the chase.  A chasing move may
  not bring back a board that stood after one of the chaser's moves of this chase (the
  manual's "Situation, die vorher schon einmal auf dem Spielbrett war", counted within the
  chase as ISF and Gravon do).  Exception (ISF 11.2): a move back to the square the chasing
  piece came from in its directly preceding move is always allowed, so a piece with only two
  squares to flee is left to the Two-Squares rule.  Ranks play no part.  One chase is
  followed at a time: an evading move that threatens starts no counter-chase.  An attack
  never repeats a board (pieces only leave it), so the rule never refuses one.
- A player to move who has no legal move (repetition rules included) has lost, after a move
  as at setup; Jumbo: "wenn sein Gegenspieler keine Spielfigur mehr bewegen kann".
- The engine keeps no memory of ranks shown in a fight: ``last_attack`` shows both ranks to
  both players until the next move, and `Engine.view` hides the opponent's ranks.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Literal, NoReturn

from rulekit.engines import RuleViolation, detail, implements, ndetail

COLOURS = ("red", "blue")
FILES = "abcdefghij"
SQUARES = tuple(f"{file}{row}" for row in range(1, 11) for file in FILES)
LAKES = frozenset({"c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"})
# Bombs and the flag have no rank: they never attack, and `fight` treats them apart.
RANKS = {
    "marshal": 10,
    "general": 9,
    "colonel": 8,
    "major": 7,
    "captain": 6,
    "lieutenant": 5,
    "sergeant": 4,
    "miner": 3,
    "scout": 2,
    "spy": 1,
}
ARMY = {
    "marshal": 1,
    "general": 1,
    "colonel": 2,
    "major": 3,
    "captain": 4,
    "lieutenant": 4,
    "sergeant": 4,
    "miner": 5,
    "scout": 8,
    "spy": 1,
    "bomb": 6,
    "flag": 1,
}
TWO_SQUARES_LIMIT = 5
# The four rows nearest to each player, where its army is set up.
HOME_ROWS = {"red": range(1, 5), "blue": range(7, 11)}

# Rules printed outside the bundled pages, in the editors' supplement.
TURNS = "stratego.ziehen-und-spielende.rot-beginnt-danach-ziehen-die-spieler"
OWN_PIECE = "stratego.ziehen-und-spielende.wer-am-zug-ist-bewegt-genau"
ONE_STEP = "stratego.ziehen-und-spielende.eine-figur-zieht-ein-feld-weit"
ONE_PER_SQUARE = "stratego.ziehen-und-spielende.auf-jedem-feld-steht-hoechstens-eine"
NO_LAKES = "stratego.ziehen-und-spielende.die-beiden-seen-in-der-mitte"
TWO_SQUARES = "stratego.ziehen-und-spielende.zwei-felder-regel-eine-figur-darf"
FLAG_CAPTURED = "stratego.ziehen-und-spielende.wer-die-fahne-des-gegners-angreift"
NO_MOVE_LOSES = "stratego.ziehen-und-spielende.wer-am-zug-ist-und-keine"
GAME_OVER = "stratego.ziehen-und-spielende.ist-die-partie-entschieden-wird-kein"
SPY = "stratego.die-raenge.greift-die-spionin-den-feldmarschall-an"
WHOLE_ARMY = "stratego.aufstellung.jeder-spieler-fuehrt-ein-heer-aus"
OWN_ROWS = "stratego.aufstellung.vor-spielbeginn-stellt-jeder-spieler-alle"
RANKS_HIDDEN = "stratego.aufstellung.jede-figur-steht-mit-ihrem-rang"
# Rules of the excerpt that refusals name.
DIAGONAL = "stratego.angreifen.diagonal-kann-nie-angegriffen-werden"
ONLY_SCOUTS_FAR = "stratego.stratego-original.aufklaerer-sind-die-einzigen-figuren-die"
STRAIGHT_LINE = "stratego.stratego-original.aufklaerer-duerfen-eine-unbegrenzte-anzahl-leere"
NO_JUMP_OVER_PIECES = "stratego.stratego-original.das-ueberspringen-von-eigenen-oder-gegnerischen"
NO_JUMP_OVER_LAKES = "stratego.stratego-original.ebenso-wenig-koennen-sie-die-seen"
NO_REPEAT = "stratego.stratego-original.sollte-ein-zug-eine-situation-wiederholen"
BOMB_OR_FLAG_MOVED = "stratego.stratego-original.das-ziehen-mit-einer-bombe-oder"

# Colours and ranks as refusal details name them, translated like the details.
NAMES = {
    "red": detail("Red"),
    "blue": detail("Blue"),
    "marshal": detail("Marshal"),
    "general": detail("General"),
    "colonel": detail("Colonel"),
    "major": detail("Major"),
    "captain": detail("Captain"),
    "lieutenant": detail("Lieutenant"),
    "sergeant": detail("Sergeant"),
    "miner": detail("Miner"),
    "scout": detail("Scout"),
    "spy": detail("Spy"),
    "bomb": detail("Bomb"),
    "flag": detail("Flag"),
}

Piece = tuple[str, str]
Position = frozenset[tuple[str, Piece]]
Outcome = Literal["attacker", "defender", "both"]


def _xy(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), int(square[1:])


def _line(square: str, dx: int, dy: int) -> Iterator[str]:
    """The squares from `square` outwards in one direction, to the edge of the board."""
    x, y = _xy(square)
    while 0 <= x + dx < len(FILES) and 1 <= y + dy <= 10:
        x, y = x + dx, y + dy
        yield f"{FILES[x]}{y}"


DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))
# The squares in front of, behind and beside each square, and those in line with it.
NEIGHBOURS = {s: frozenset(t for d in DIRECTIONS for t in islice(_line(s, *d), 1)) for s in SQUARES}
LINES = {s: tuple(t for d in DIRECTIONS for t in _line(s, *d)) for s in SQUARES}


def _square(value: Any, key: str) -> str:
    if not isinstance(value, str) or value not in NEIGHBOURS:
        raise ValueError(f"{key}: not a square: {value!r}")
    return value


def _other(colour: str) -> str:
    return COLOURS[1 - COLOURS.index(colour)]


@implements(WHOLE_ARMY)
def _check_army(board: dict[str, Piece], opening: bool) -> None:
    """No side has more pieces of a rank than an army holds; at the opening, exactly as many."""
    for colour in COLOURS:
        for rank, limit in ARMY.items():
            count = sum(piece == (colour, rank) for piece in board.values())
            if count > limit:
                raise ValueError(f"{colour} has more than {limit} {rank}")
            if opening and count < limit:
                raise ValueError(f"{colour} sets up {count} {rank}, an army has {limit}")


@implements(OWN_ROWS)
def _check_home_rows(board: dict[str, Piece]) -> None:
    """At the opening, every piece stands on the four rows nearest to its player."""
    for square, (colour, _) in board.items():
        if _xy(square)[1] not in HOME_ROWS[colour]:
            rows = HOME_ROWS[colour]
            raise ValueError(
                f"pieces.{square}: {colour} sets up on rows {rows.start}-{rows.stop - 1}"
            )


@implements(
    "stratego.stratego-original.die-bomben-und-die-fahne-sind",
    "stratego.stratego-original.sie-bleiben-waehrend-des-ganzen-spiels",
)
def mobile(rank: str) -> bool:
    """Whether a piece of this rank may move: bombs and the flag stay where they were set up."""
    return rank not in ("bomb", "flag")


@implements(
    "stratego.die-raenge.der-feldmarschall-10-schlaegt-einen-general",
    "stratego.die-raenge.der-general-9-schlaegt-einen-oberst",
    "stratego.angreifen.wird-eine-figur-mit-dem-gleichen",
    "stratego.die-raenge.bomben-und-mineure-3-jede-spielfigur",
    "stratego.die-raenge.dabei-gibt-es-eine-ausnahme-wenn",
    SPY,
)
def fight(attacker: str, defender: str) -> Outcome:
    """Who wins when `attacker` attacks `defender`; "both" means both leave the game."""
    if defender == "flag":
        return "attacker"
    if defender == "bomb":
        return "attacker" if attacker == "miner" else "defender"
    # The spy beats the marshal only when she attacks (Jumbo, "Die Spionin (1)").
    if attacker == "spy" and defender == "marshal":
        return "attacker"
    if RANKS[attacker] == RANKS[defender]:
        return "both"
    return "attacker" if RANKS[attacker] > RANKS[defender] else "defender"


@implements(
    "stratego.angreifen.wenn-eine-spielfigur-direkt-vor-neben",
    DIAGONAL,
    ONLY_SCOUTS_FAR,
    ONE_STEP,
)
def _check_step(board: dict[str, Piece], rank: str, src: str, dst: str) -> None:
    """One square forwards, backwards or sideways, onto an empty square or an opponent's."""
    (x1, y1), (x2, y2) = _xy(src), _xy(dst)
    dx, dy = abs(x1 - x2), abs(y1 - y2)
    move = {"src": src, "dst": dst}
    if dx == dy and dst in board:  # a scout may not attack diagonally either
        raise RuleViolation(DIAGONAL, detail("%(src)s-%(dst)s is diagonal", **move))
    if rank == "scout":
        _check_scout(board, src, dst)
    elif dx and dy:
        raise RuleViolation(
            ONE_STEP, detail("%(src)s-%(dst)s is not forwards, backwards or sideways", **move)
        )
    elif dx + dy > 1:
        raise RuleViolation(
            ONLY_SCOUTS_FAR,
            detail("%(rank)s: one square only, not %(src)s-%(dst)s", rank=NAMES[rank], **move),
        )


@implements(
    "stratego.stratego-original.fuer-die-aufklaerer-2-gelten-besondere",
    "stratego.stratego-original.aufklaerer-duerfen-eine-unbegrenzte-anzahl-leere",
    "stratego.stratego-original.sie-duerfen-so-weit-springen-wie",
    "stratego.stratego-original.das-ueberspringen-von-eigenen-oder-gegnerischen",
    "stratego.stratego-original.ebenso-wenig-koennen-sie-die-seen",
)
def _check_scout(board: dict[str, Piece], src: str, dst: str) -> None:
    """A scout goes any number of empty squares in a straight line, over no piece or lake."""
    if dst not in LINES[src]:
        raise RuleViolation(
            STRAIGHT_LINE, detail("%(src)s-%(dst)s is not a straight line", src=src, dst=dst)
        )
    (x1, y1), (x2, y2) = _xy(src), _xy(dst)
    step = ((x2 > x1) - (x2 < x1), (y2 > y1) - (y2 < y1))
    for square in _line(src, *step):
        if square == dst:
            return
        over = {"src": src, "dst": dst, "square": square}
        if square in LAKES:
            raise RuleViolation(
                NO_JUMP_OVER_LAKES, detail("%(src)s-%(dst)s crosses the lake %(square)s", **over)
            )
        if square in board:
            raise RuleViolation(
                NO_JUMP_OVER_PIECES, detail("%(src)s-%(dst)s jumps over %(square)s", **over)
            )


@dataclass
class _Chase:
    """A continuous chase: `chaser` keeps threatening pieces that keep evading."""

    chaser: str
    threatened: set[str]  # opponent squares next to the last threatening piece
    positions: set[Position]  # boards after the chaser's moves in this chase
    evaders: set[str] = field(default_factory=set)  # squares of the pieces that evaded


class Engine:
    """A game of Stratego; see the module docstring for its setup, actions and state."""

    def __init__(self, board: dict[str, Piece], to_move: str) -> None:
        self._board = board
        self._to_move = to_move
        self._winner: str | None = None
        self._end: str | None = None
        self._last_attack: dict[str, Any] | None = None
        self._moves: dict[str, list[tuple[str, str]]] = {colour: [] for colour in COLOURS}
        self._chase: _Chase | None = None
        if not self._has_legal_move():
            self._finish(_other(to_move), "no-legal-move")

    @classmethod
    def from_setup(cls, setup: dict[str, Any], dice: Iterator[int], draws: Iterator[str]) -> Engine:
        """A position from `setup`; ValueError when no army could stand like that."""
        if not isinstance(setup, dict) or not set(setup) <= {"pieces", "to_move", "opening"}:
            raise ValueError("setup: expected pieces, to_move and opening")
        opening = setup.get("opening", False)
        if not isinstance(opening, bool):
            raise ValueError(f"opening: expected true or false, got {opening!r}")
        pieces = setup.get("pieces", {})
        if not isinstance(pieces, dict):
            raise ValueError("pieces: expected square: [colour, rank]")
        if next(dice, None) is not None or next(draws, None) is not None:
            raise ValueError("dice: Stratego uses no dice or draws")
        board: dict[str, Piece] = {}
        for name, piece in pieces.items():
            square = _square(name, "pieces")
            if not (isinstance(piece, list) and len(piece) == 2):
                raise ValueError(f"pieces.{square}: expected [colour, rank], got {piece!r}")
            colour, rank = piece
            if square in LAKES or colour not in COLOURS or rank not in ARMY:
                raise ValueError(f"pieces.{square}: no {colour} {rank} can stand here")
            board[square] = (colour, rank)
        _check_army(board, opening)
        if opening:
            _check_home_rows(board)
        to_move = setup.get("to_move", "red")
        if to_move not in COLOURS:
            raise ValueError(f"to_move: {to_move!r}")
        return cls(board, to_move)

    @implements(GAME_OVER, OWN_PIECE)
    def apply(self, action: dict[str, Any]) -> None:
        """Carry out one move; an illegal one raises `RuleViolation`."""
        if not isinstance(action, dict) or action.get("do") != "move":
            raise ValueError(f"do: unknown action: {action!r}")
        if set(action) != {"do", "from", "to"}:
            raise ValueError(f"a move has from and to, not {sorted(set(action) - {'do'})}")
        src, dst = _square(action["from"], "from"), _square(action["to"], "to")
        if self._winner is not None:
            raise RuleViolation(
                GAME_OVER,
                detail("the game is over; winner: %(winner)s", winner=NAMES[self._winner]),
            )
        piece = self._board.get(src)
        if piece is None or piece[0] != self._to_move:
            raise RuleViolation(
                OWN_PIECE,
                detail("%(colour)s has no piece on %(src)s", colour=NAMES[self._to_move], src=src),
            )
        if not mobile(piece[1]):
            self._forfeit(src)
        self._check(src, dst)
        self._play(src, dst)

    def state(self) -> dict[str, Any]:
        """The position and the result, as plain data (see the module docstring)."""
        counts = {colour: dict.fromkeys(ARMY, 0) for colour in COLOURS}
        for colour, rank in self._board.values():
            counts[colour][rank] += 1
        return {
            "to_move": self._to_move,
            "winner": self._winner,
            "end": self._end,
            "board": {s: list(self._board[s]) for s in SQUARES if s in self._board},
            "counts": counts,
            "last_attack": copy.deepcopy(self._last_attack),
        }

    @implements("stratego.angreifen.nach-einem-angriff-wird-die-figur", RANKS_HIDDEN)
    def view(self, colour: str) -> dict[str, Any]:
        """The state as `colour` sees it: the opponent's pieces face down (rank null)."""
        state = self.state()
        state["board"] = {
            square: [owner, rank if owner == colour else None]
            for square, (owner, rank) in state["board"].items()
        }
        return state

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every legal move of the player to move, as actions; none once the game is over."""
        return list(self._legal_moves())

    @implements(
        "stratego.angreifen.wichtig-ein-spieler-ist-nicht-zum",
        "stratego.angreifen.spielfiguren-beider-spieler-koennen-beliebig-lan",
    )
    def _legal_moves(self) -> Iterator[dict[str, str]]:
        """Moves to empty squares count as much as attacks: no one must attack or keep away."""
        if self._winner is not None:
            return
        for src in SQUARES:
            colour, rank = self._board.get(src, ("", ""))
            if colour != self._to_move or not mobile(rank):
                continue
            for dst in LINES[src] if rank == "scout" else NEIGHBOURS[src]:
                try:
                    self._check(src, dst)
                except RuleViolation:
                    continue
                yield {"do": "move", "from": src, "to": dst}

    def _has_legal_move(self) -> bool:
        return next(self._legal_moves(), None) is not None

    @implements(NO_LAKES, ONE_PER_SQUARE, ONE_STEP)
    def _check(self, src: str, dst: str) -> None:
        """Refuse an illegal move of a mobile piece, naming the rule it breaks."""
        target = self._board.get(dst)
        move = {"src": src, "dst": dst}
        if src == dst:
            raise RuleViolation(ONE_STEP, detail("%(src)s-%(dst)s goes nowhere", **move))
        if dst in LAKES:
            raise RuleViolation(NO_LAKES, detail("%(dst)s is a lake", **move))
        if target is not None and target[0] == self._to_move:
            raise RuleViolation(
                ONE_PER_SQUARE,
                detail(
                    "%(colour)s already has a piece on %(dst)s", colour=NAMES[target[0]], **move
                ),
            )
        _check_step(self._board, self._board[src][1], src, dst)
        self._check_two_squares(src, dst)
        self._check_more_squares(src, dst)

    @implements(TWO_SQUARES)
    def _check_two_squares(self, src: str, dst: str) -> None:
        """The Two-Squares rule: at most five moves in a row between the same two squares."""
        streak = 0
        for earlier in reversed(self._moves[self._to_move]):
            if set(earlier) != {src, dst}:
                break
            streak += 1
        if streak >= TWO_SQUARES_LIMIT:
            raise RuleViolation(
                TWO_SQUARES,
                ndetail(
                    "%(src)s-%(dst)s: moved between these squares %(count)d time in a row",
                    "%(src)s-%(dst)s: moved between these squares %(count)d times in a row",
                    streak,
                    src=src,
                    dst=dst,
                ),
            )

    @implements("stratego.stratego-original.bedrohen-obwohl-diese-mehr-als-zwei", NO_REPEAT)
    def _check_more_squares(self, src: str, dst: str) -> None:
        """The More-Squares rule: a chasing move may not bring back a board of the chase."""
        chase = self._chase
        if chase is None or chase.chaser != self._to_move or dst in self._board:
            return
        if not chase.evaders & NEIGHBOURS[dst]:
            return  # threatens no piece that evaded: not a chasing move
        if self._moves[self._to_move][-1:] == [(dst, src)]:
            return  # back where it came from: the Two-Squares rule decides
        board = dict(self._board)
        board[dst] = board.pop(src)
        if frozenset(board.items()) in chase.positions:
            raise RuleViolation(
                NO_REPEAT,
                detail("%(src)s-%(dst)s brings back a board of this chase", src=src, dst=dst),
            )

    @implements(BOMB_OR_FLAG_MOVED)
    def _forfeit(self, src: str) -> NoReturn:
        """Moving a bomb or the flag loses the game at once; the piece stays where it is."""
        colour, rank = self._board[src]
        self._finish(_other(colour), "bomb-or-flag-moved")
        raise RuleViolation(
            BOMB_OR_FLAG_MOVED, detail("%(rank)s on %(src)s", rank=NAMES[rank], src=src)
        )

    @implements(TURNS, FLAG_CAPTURED, NO_MOVE_LOSES)
    def _play(self, src: str, dst: str) -> None:
        """Carry out a legal move; then the other player is to move, unless the game is over."""
        mover = self._to_move
        defender = self._board.get(dst)
        if defender is None:
            self._board[dst] = self._board.pop(src)
            self._last_attack = None
        else:
            self._attack(src, dst)
        self._moves[mover].append((src, dst))
        self._track_chase(mover, src, dst, attack=defender is not None)
        self._to_move = _other(mover)
        if defender is not None and defender[1] == "flag":
            self._finish(mover, "flag-captured")
        elif not self._has_legal_move():
            self._finish(mover, "no-legal-move")

    @implements(
        "stratego.angreifen.die-figur-mit-dem-niedrigeren-rand",
        "stratego.angreifen.wenn-der-angreifer-gewinnt-rueckt-er",
        "stratego.angreifen.gewinnt-die-angegriffene-figur-bleibt-sie",
        "stratego.angreifen.beide-spieler-zeigen-sich-die-figuren",
        "stratego.die-raenge.die-bombe-bleibt-einfach-stehen",
        "stratego.die-raenge.der-mineur-rueckt-dann-auf-die",
    )
    def _attack(self, src: str, dst: str) -> None:
        """The loser leaves the game, a winning attacker takes the square; both ranks are shown."""
        attacker, defender = self._board.pop(src), self._board[dst]
        outcome = fight(attacker[1], defender[1])
        removed: list[list[str]] = []
        if outcome != "defender":
            removed.append(list(defender))
            del self._board[dst]
        if outcome != "attacker":
            removed.append(list(attacker))
        else:
            self._board[dst] = attacker
        self._last_attack = {
            "from": src,
            "to": dst,
            "attacker": list(attacker),
            "defender": list(defender),
            "removed": removed,
        }

    @implements(
        "stratego.stratego-original.diese-regel-ist-nur-wichtig-wenn",
        "stratego.stratego-original.dabei-spielt-es-keine-rolle-ob",
    )
    def _track_chase(self, mover: str, src: str, dst: str, attack: bool) -> None:
        """Follow the continuous chase after a move, by squares and colours, never by ranks."""
        opponent = _other(mover)
        owner = {square: colour for square, (colour, _) in self._board.items()}
        threatened = set()
        if owner.get(dst) == mover:
            threatened = {square for square in NEIGHBOURS[dst] if owner.get(square) == opponent}
        chase = self._chase
        if chase is not None and chase.chaser == opponent:
            if src in chase.threatened and not attack:  # the threatened piece evades
                chase.evaders = chase.evaders - {src} | {dst}
                chase.threatened = set()
                return
        elif chase is not None:  # the chaser moved, right after an evasion
            chase.evaders = {square for square in chase.evaders if owner.get(square) == opponent}
            if chase.evaders & threatened:  # a chasing move
                chase.threatened = threatened
                chase.positions.add(frozenset(self._board.items()))
                return
        # The chase, if any, is over; a move that threatens starts a new one.
        board = frozenset(self._board.items())
        self._chase = _Chase(mover, threatened, {board}) if threatened else None

    def _finish(self, winner: str, end: str) -> None:
        self._winner, self._end = winner, end
