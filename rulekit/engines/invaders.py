"""Invaders, page 6: card costs, the four-card limit and the Heroes of the Resistance.

Two players, `invader` and `mankind`, play cards from their hands into the three
invasion zones (`Pacific Rim`, `Eurasia`, `Africa`), each player on his own side of a
zone.  Mankind always has one Heroes of the Resistance card, its current hero, in
play; the hero deck holds the ones that replace it.

Setup (every key but `turn` and `cards` may be left out; piles default to empty)::

    turn:  invader                       # whose turn it is (its main phase)
    cards:                               # every card named below, as plain data
      ‘Kraken’ Warmachine: {type: invader, cost: 1, drain: 2, strength: 3}
      Nanobot Kill-Swarm:  {type: action, destroy: 1}
      Hero One:            {type: hero, strength: 2, fixed: true}
    invader: {hand: [...], deck: [...], discard: [...]}
    mankind: {hand: [...], deck: [...], discard: [...], heroes: [...], out_of_game: [...]}
    zones:
      Eurasia: {value: 1, invader: [...], mankind: [‘Mako’ Combat Walker, Hero One]}
    hero:  {rotated: false, tokens: 0}    # the current hero's state

- A card is `type` (free text; `hero` marks a Heroes of the Resistance card), `cost`
  (other hand cards to discard), `drain` (cards to flip from the own deck onto the
  own discard pile), `strength` (its power in a zone; none for a one-shot card,
  which is discarded once played), `destroy` (how many cards its effect may destroy
  when it is played) and, for heroes, `fixed` (the card says it cannot move).
  Everything but `type` defaults to 0, none or false.
- Every pile (deck, discard pile, hero deck) is listed top first; `out_of_game`
  in the order the cards left.  The decks are explicit ordered lists, so the
  engine needs no `draws` (and no `dice`): it refuses both.
- A zone's `value` (default 0; the board's values are not in the excerpt) counts
  toward Mankind's defence there.  Exactly one hero card lies on Mankind's side of
  the zones: the current hero.

Actions::

    {do: play, player: invader, card: NAME, zone: ZONE, discard: [NAME, ...],
     targets: [{card: NAME, zone: ZONE}, ...], hero_zone: ZONE}
    {do: move_hero, zone: ZONE}                        # Mankind moves its current hero
    {do: sacrifice, card: NAME, zone: ZONE, hero_zone: ZONE}   # Mankind sacrifices a card
    {do: add_token, count: 1}                          # +1 tokens onto the current hero
    {do: begin_turn, player: mankind}                  # that player's main phase begins

- `play`: `discard` names exactly `cost` other cards of the hand (the player's
  choice); `zone` is where a card with a strength goes; `targets` are the cards its
  effect destroys (up to `destroy`); `hero_zone` is where Mankind puts the hero
  that replaces a destroyed or sacrificed current hero.
- `add_token` stands for the card effects (not modelled) that give +1 tokens.
- An illegal action raises `RuleViolation` and leaves the game as it was; an action
  the engine cannot read (an unknown action, key, card or zone, a count that is not a
  whole number, a `hero_zone` when no hero is replaced) raises ValueError.
  `Engine.legal_actions` lists every legal action (`add_token` with a count of 1).

State: `turn`, `winner` (none, or `invader`), `invader.{hand, deck, discard}`,
`mankind.{hand, deck, discard, heroes, out_of_game}`, `zones.<zone>.{value, invader,
mankind, attack, defence}` for all three zones (`attack` is the Invader's strength
there, `defence` Mankind's with the zone's value), and `hero.{card, zone, rotated,
tokens, strength}` (none once the last hero is gone).

Decisions where the excerpt is silent (following the published rules):

- The rules of playing cards are on page 5, outside the excerpt; the editors'
  supplement (``sources/invaders/supplement.yaml``) states them, so refusals name
  them: costs, drain costs, zones, the four-card limit, destroying, sacrificing, turns.
- Costs: the discard cost is paid with other hand cards the player names, then
  the drain cost flips cards from the top of his deck onto his discard pile.  A card
  whose full cost cannot be paid cannot be played.
- The four-card limit holds for every card entering a zone.  Mankind may sacrifice a
  card (onto the discard pile) only from a zone whose four places are full.
- A destroy effect hits the opponent's cards; a destroyed card goes onto its
  owner's discard pile, a destroyed hero out of the game.  +1 tokens are modelled
  on the current hero only, the excerpt's case: they add to its strength (and so to
  the defence while it is upright) and do not protect it: one destruction removes
  the hero and its tokens.
- Heroes can always be destroyed by the Invader.  "Valid target for either
  player" while rotated means Mankind's own destroy effects may then hit it too.
  The icon that says which card type heroes count as is missing from the source,
  so the engine has no card-type targeting (that rule is not mechanical in the
  graph): Shapeshifting Alien ‘Thing’ simply destroys up to two cards.
- All targets are destroyed first, then the hero is replaced; the new hero goes
  into any zone with a free place on Mankind's side.
- The hero turns upright when Mankind's turn begins (`begin_turn`), which is where
  its main phase starts; the draw phase, the attack phase and the invasion plot
  are not modelled.  Turn order matters only where a hero rule names a turn: the
  excerpt does not say when cards may be played, so either player may play a card
  at any time.
- The game ends when the last hero is destroyed; sacrificing it is refused, since
  Mankind must always have a hero.  After the end every action is refused.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from rulekit.engines import RuleViolation, detail, implements, ndetail
from rulekit.engines._invaders_moves import PLAYERS, ZONE_LIMIT, ZONES, legal_actions

INVADER, MANKIND = "invader", "mankind"
HERO = "hero"

# The rules of page 5, in the editors' supplement.
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

ALWAYS_A_HERO = "invaders.die-heroes-of-the.die-menschheit-muss-immer-eine-heroes"
HEROES_MOVE = "invaders.die-heroes-of-the.sofern-nicht-anders-angegeben-koennen-sich"
NO_SACRIFICE = "invaders.die-heroes-of-the.waehrend-des-invasorenzuges-kann-eine-heroes"
REPLACED = "invaders.die-heroes-of-the.wenn-die-aktuelle-heroes-of-the"
STEP_REMOVE = "invaders.die-heroes-of-the.1-entferne-die-aktuelle-heroes-of"
STEP_DRAW = "invaders.die-heroes-of-the.2-ziehe-die-oberste-karte-vom"
STEP_ROTATE = "invaders.die-heroes-of-the.3-drehe-die-karte-um-90"
NO_DEFENCE = "invaders.die-heroes-of-the.waehrend-er-um-90-gedreht-ist"
VALID_TARGET = "invaders.die-heroes-of-the.ausserdem-ist-die-heroes-of-the"
UPRIGHT = "invaders.die-heroes-of-the.die-heroes-of-the-resistance-karte"
LAST_HERO = "invaders.die-heroes-of-the.falls-die-letzte-heroes-of-the"
TOKENS = "invaders.die-heroes-of-the.hinweis-wenn-1-tokens-sich-auf"


@dataclass(frozen=True)
class Card:
    """A card as plain data; a card without a strength is a one-shot card."""

    name: str
    type: str
    cost: int = 0
    drain: int = 0
    strength: int | None = None
    destroy: int = 0
    fixed: bool = False


@dataclass
class Player:
    """One player's cards outside the zones; every pile top first."""

    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)


@dataclass
class Hero:
    """The state of Mankind's current hero (the card itself lies in a zone)."""

    card: str
    rotated: bool = False
    tokens: int = 0


@dataclass
class Table:
    """Everything on the table; the engine changes a copy and keeps it only if legal."""

    cards: dict[str, Card]
    players: dict[str, Player]
    zones: dict[str, dict[str, list[str]]]  # zone -> player -> cards on his side
    values: dict[str, int]
    heroes: list[str]  # the Heroes of the Resistance deck, top first
    out_of_game: list[str]
    hero: Hero | None
    turn: str
    winner: str | None = None

    def hero_zone(self) -> str:
        """The zone of the current hero."""
        assert self.hero is not None  # callers run only while the game goes on
        return next(z for z in ZONES if self.hero.card in self.zones[z][MANKIND])

    @implements(TOKENS)
    def strength(self, name: str) -> int:
        """A card's strength in a zone; +1 tokens on the hero add to it and to nothing else."""
        strength = self.cards[name].strength or 0
        if self.hero is not None and name == self.hero.card:
            strength += self.hero.tokens
        return strength

    def attack(self, zone: str) -> int:
        """The Invader's strength in a zone."""
        return sum(self.strength(name) for name in self.zones[zone][INVADER])

    @implements(NO_DEFENCE)
    def defence(self, zone: str) -> int:
        """Mankind's defence in a zone: its value and its cards, not a rotated hero."""
        rotated = self.hero.card if self.hero is not None and self.hero.rotated else None
        cards = [name for name in self.zones[zone][MANKIND] if name != rotated]
        return self.values[zone] + sum(self.strength(name) for name in cards)

    @implements(LIMIT)
    def place(self, player: str, zone: str, name: str) -> None:
        """Put a card on the player's side of a zone, within the four-card limit."""
        side = self.zones[zone][player]
        if len(side) >= ZONE_LIMIT:
            raise RuleViolation(
                LIMIT,
                ndetail(
                    "%(player)s: %(count)d card in %(zone)s already",
                    "%(player)s: %(count)d cards in %(zone)s already",
                    len(side),
                    player=PLAYER_NAMES[player],
                    zone=zone,
                ),
            )
        side.append(name)

    @implements(FROM_HAND, PLACE)
    def play(self, action: dict[str, Any]) -> None:
        """Pay for a card from the hand, place it or discard it, and resolve its effect."""
        player = _player(action["player"])
        name = self.card_name(action["card"], "card")
        discard = [
            self.card_name(n, "discard") for n in _list(action.get("discard", []), "discard")
        ]
        zone = _zone(action["zone"]) if "zone" in action else None
        hand = self.players[player].hand
        if name not in hand:
            raise RuleViolation(
                FROM_HAND,
                detail(
                    "%(player)s: %(card)s is not in the hand",
                    card=name,
                    player=PLAYER_NAMES[player],
                ),
            )
        card = self.cards[name]
        if (card.strength is None) != (zone is None):
            message = (
                detail("%(card)s has a power: name its zone", card=name)
                if zone is None
                else detail("%(card)s has no power: it goes to no zone", card=name)
            )
            raise RuleViolation(PLACE, message)
        hand.remove(name)
        self.pay(player, card, discard)
        if zone is not None:
            self.place(player, zone, name)
        self.destroy(player, card, _list(action.get("targets", []), "targets"), action)
        if card.strength is None:
            self.players[player].discard.insert(0, name)

    @implements(COST, DRAIN, PAY_ALL)
    def pay(self, player: str, card: Card, discard: list[str]) -> None:
        """Discard `cost` other hand cards of the player's choice, then drain `drain` cards."""
        cards = self.players[player]
        if len(cards.hand) < card.cost or len(cards.deck) < card.drain:
            raise RuleViolation(
                PAY_ALL,
                detail(
                    "%(card)s costs %(cost)d and drains %(drain)d: %(hand)d other cards in "
                    "hand, %(deck)d in the deck",
                    card=card.name,
                    cost=card.cost,
                    drain=card.drain,
                    hand=len(cards.hand),
                    deck=len(cards.deck),
                ),
            )
        if len(discard) != card.cost or Counter(discard) - Counter(cards.hand):
            raise RuleViolation(
                COST,
                ndetail(
                    "%(card)s costs %(count)d other card in hand, not %(discard)s",
                    "%(card)s costs %(count)d other cards in hand, not %(discard)s",
                    card.cost,
                    card=card.name,
                    discard=", ".join(discard) or "0",
                ),
            )
        for name in discard:
            cards.hand.remove(name)
            cards.discard.insert(0, name)
        for _ in range(card.drain):
            cards.discard.insert(0, cards.deck.pop(0))

    @implements(VALID_TARGET, DESTROY_TARGETS, DESTROY_COUNT)
    def destroy(self, player: str, card: Card, targets: list[Any], action: dict[str, Any]) -> None:
        """Destroy the targets: the opponent's cards, or a rotated hero of either player."""
        named = [self.target(target) for target in targets]
        if len(named) > card.destroy or len({name for name, _ in named}) < len(named):
            raise RuleViolation(
                DESTROY_COUNT,
                ndetail(
                    "%(card)s destroys at most %(count)d card, each once",
                    "%(card)s destroys at most %(count)d cards, each once",
                    card.destroy,
                    card=card.name,
                ),
            )
        hero_destroyed = False
        for name, zone in named:
            owner = next((p for p in PLAYERS if name in self.zones[zone][p]), None)
            hero = self.hero if self.hero is not None and name == self.hero.card else None
            if owner is None or (owner == player and hero is None):
                raise RuleViolation(
                    DESTROY_TARGETS,
                    detail("%(target)s is no opponent's card in %(zone)s", target=name, zone=zone),
                )
            if hero is not None:
                if owner == player and not hero.rotated:
                    raise RuleViolation(VALID_TARGET, detail("%(card)s is upright", card=name))
                # Tokens or not, one destruction is enough; the hero leaves in `replace_hero`.
                hero_destroyed = True
            else:
                self.zones[zone][owner].remove(name)
                self.players[owner].discard.insert(0, name)
        self.replace_hero(action) if hero_destroyed else _no_hero_zone(action)

    @implements(REPLACED, STEP_REMOVE, STEP_DRAW, STEP_ROTATE, LAST_HERO)
    def replace_hero(self, action: dict[str, Any]) -> None:
        """Replace the current hero at once; with no hero left, the Invader wins."""
        assert self.hero is not None  # only the current hero is ever replaced
        # 1. Out of the game, not onto the discard pile: it never comes back.
        self.zones[self.hero_zone()][MANKIND].remove(self.hero.card)
        self.out_of_game.append(self.hero.card)
        self.hero = None
        if not self.heroes:
            self.winner = INVADER
            _no_hero_zone(action)
            return
        if "hero_zone" not in action:
            raise RuleViolation(
                STEP_DRAW, detail("name the hero_zone of the hero that comes into play")
            )
        # 2. The top card of the hero deck goes into any zone with a free place.
        card = self.heroes.pop(0)
        self.place(MANKIND, _zone(action["hero_zone"]), card)
        # 3. Rotated 90°, as a reminder that it has just come into play.
        self.hero = Hero(card, rotated=True)

    @implements(NO_SACRIFICE, ALWAYS_A_HERO, SACRIFICE)
    def sacrifice(self, action: dict[str, Any]) -> None:
        """Mankind sacrifices a card of a full zone; the hero never in the Invader's turn."""
        name, zone = self.card_name(action["card"], "card"), _zone(action["zone"])
        side = self.zones[zone][MANKIND]
        if name not in side:
            raise RuleViolation(
                SACRIFICE,
                detail("%(card)s is not on Mankind's side of %(zone)s", card=name, zone=zone),
            )
        is_hero = self.hero is not None and name == self.hero.card
        if is_hero and self.turn == INVADER:
            raise RuleViolation(NO_SACRIFICE, detail("%(card)s is the current hero", card=name))
        if len(side) < ZONE_LIMIT:
            raise RuleViolation(
                SACRIFICE, detail("%(zone)s is not full: no need to make room", zone=zone)
            )
        if is_hero and not self.heroes:
            raise RuleViolation(ALWAYS_A_HERO, detail("%(card)s is the last hero", card=name))
        if is_hero:
            self.replace_hero(action)
        else:
            _no_hero_zone(action)
            side.remove(name)
            self.players[MANKIND].discard.insert(0, name)

    @implements(HEROES_MOVE)
    def move_hero(self, action: dict[str, Any]) -> None:
        """Move the current hero to another zone during Mankind's turn, within the limit."""
        assert self.hero is not None  # the game goes on
        target = _zone(action["zone"])
        if self.turn != MANKIND:
            raise RuleViolation(HEROES_MOVE, detail("heroes move only during Mankind's turn"))
        if self.cards[self.hero.card].fixed:
            raise RuleViolation(
                HEROES_MOVE, detail("%(card)s says it cannot move", card=self.hero.card)
            )
        origin = self.hero_zone()
        if target == origin:
            raise RuleViolation(
                HEROES_MOVE,
                detail("%(card)s is already in %(zone)s", card=self.hero.card, zone=target),
            )
        self.zones[origin][MANKIND].remove(self.hero.card)
        self.place(MANKIND, target, self.hero.card)

    def add_token(self, action: dict[str, Any]) -> None:
        """Put +1 tokens on the current hero (what a card effect would do)."""
        count = action.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"count: expected a whole number ≥ 1, got {count!r}")
        assert self.hero is not None  # the game goes on
        self.hero.tokens += count

    @implements(UPRIGHT, TURNS)
    def begin_turn(self, action: dict[str, Any]) -> None:
        """Begin a player's turn at its main phase; Mankind's turns its hero upright."""
        player = _player(action["player"])
        if player == self.turn:
            raise RuleViolation(
                TURNS, detail("%(player)s: already this player's turn", player=PLAYER_NAMES[player])
            )
        self.turn = player
        if player == MANKIND and self.hero is not None:
            self.hero.rotated = False

    def card_name(self, value: Any, key: str) -> str:
        """A card of the game, named by an action's `key`; ValueError for any other value."""
        if not isinstance(value, str) or value not in self.cards:
            raise ValueError(f"{key}: {value!r} is not a card of the game")
        return value

    def target(self, value: Any) -> tuple[str, str]:
        """A target of a destroy effect: `{card, zone}`."""
        if not isinstance(value, dict) or set(value) != {"card", "zone"}:
            raise ValueError(f"targets: expected {{card, zone}}, got {value!r}")
        return self.card_name(value["card"], "targets"), _zone(value["zone"])


ACTIONS: dict[str, Callable[[Table, dict[str, Any]], None]] = {
    "play": Table.play,
    "move_hero": Table.move_hero,
    "sacrifice": Table.sacrifice,
    "add_token": Table.add_token,
    "begin_turn": Table.begin_turn,
}
# The keys each action must have, and those it may have, besides `do`.
KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "play": (
        frozenset({"player", "card"}),
        frozenset({"player", "card", "zone", "discard", "targets", "hero_zone"}),
    ),
    "move_hero": (frozenset({"zone"}), frozenset({"zone"})),
    "sacrifice": (frozenset({"card", "zone"}), frozenset({"card", "zone", "hero_zone"})),
    "add_token": (frozenset(), frozenset({"count"})),
    "begin_turn": (frozenset({"player"}), frozenset({"player"})),
}
PLAYER_NAMES = {INVADER: detail("Invader"), MANKIND: detail("Mankind")}


class Engine:
    """Invaders: card costs, the four-card limit and the Heroes of the Resistance."""

    def __init__(self, table: Table) -> None:
        self.table = table

    @classmethod
    def from_setup(cls, setup: dict[str, Any], dice: Iterator[int], draws: Iterator[str]) -> Engine:
        """Read a setup (see the module docstring); a malformed one is a ValueError."""
        if next(dice, None) is not None or next(draws, None) is not None:
            raise ValueError("invaders uses no dice or draws: the decks are ordered in the setup")
        from rulekit.engines._invaders_setup import table_from_setup  # it reads this module

        return cls(table_from_setup(setup))

    def apply(self, action: dict[str, Any]) -> None:
        """Carry out one action on a copy of the table, kept only if it is legal."""
        if not isinstance(action, dict) or action.get("do") not in ACTIONS:
            raise ValueError(f"do: unknown action {action!r}")
        required, allowed = KEYS[action["do"]]
        keys = set(action) - {"do"}
        if not required <= keys <= allowed:
            raise ValueError(f"{action['do']}: expected the keys {sorted(allowed)}")
        if self.table.winner is not None:
            raise RuleViolation(
                LAST_HERO,
                detail(
                    "the game is over; winner: %(winner)s", winner=PLAYER_NAMES[self.table.winner]
                ),
            )
        table = copy.deepcopy(self.table)
        ACTIONS[action["do"]](table, action)
        self.table = table

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every legal action (see `rulekit.engines._invaders_moves`); none after the end."""
        return legal_actions(self.table)

    def state(self) -> dict[str, Any]:
        """Turn, winner, piles, zones and the current hero, as plain data."""
        table = self.table
        players: dict[str, Any] = {
            p: {
                "hand": list(cards.hand),
                "deck": list(cards.deck),
                "discard": list(cards.discard),
            }
            for p, cards in table.players.items()
        }
        players[MANKIND] |= {"heroes": list(table.heroes), "out_of_game": list(table.out_of_game)}
        zones = {
            zone: {
                "value": table.values[zone],
                INVADER: list(table.zones[zone][INVADER]),
                MANKIND: list(table.zones[zone][MANKIND]),
                "attack": table.attack(zone),
                "defence": table.defence(zone),
            }
            for zone in ZONES
        }
        hero = None
        if table.hero is not None:
            hero = {
                "card": table.hero.card,
                "zone": table.hero_zone(),
                "rotated": table.hero.rotated,
                "tokens": table.hero.tokens,
                "strength": table.strength(table.hero.card),
            }
        return {"turn": table.turn, "winner": table.winner, **players, "zones": zones, "hero": hero}


def _no_hero_zone(action: dict[str, Any]) -> None:
    """Refuse a `hero_zone` where no hero comes into play: it would be ignored."""
    if "hero_zone" in action:
        raise ValueError("hero_zone: no hero comes into play")


def _list(value: Any, key: str) -> list[Any]:
    """An action's list."""
    if not isinstance(value, list):
        raise ValueError(f"{key}: expected a list, got {value!r}")
    return value


def _player(value: Any) -> str:
    """A player id, or ValueError."""
    if value not in PLAYERS:
        raise ValueError(f"unknown player {value!r}: {' or '.join(PLAYERS)}")
    return str(value)


def _zone(value: Any) -> str:
    """A zone name, or ValueError."""
    if value not in ZONES:
        raise ValueError(f"unknown zone {value!r}: {', '.join(ZONES)}")
    return str(value)
