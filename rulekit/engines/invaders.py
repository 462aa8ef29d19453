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
  that does not fit the game (an unknown card or zone, a card not in the hand, a
  target that is not there) raises ValueError.

State: `turn`, `winner` (none, or `invader`), `invader.{hand, deck, discard}`,
`mankind.{hand, deck, discard, heroes, out_of_game}`, `zones.<zone>.{value, invader,
mankind, attack, defence}` for all three zones (`attack` is the Invader's strength
there, `defence` Mankind's with the zone's value), and `hero.{card, zone, rotated,
tokens, strength}` (none once the last hero is gone).

Decisions where the excerpt is silent (following the published rules):

- Costs: the discard cost is paid with other hand cards the player names, then
  the drain cost flips cards from the top of his deck onto his discard pile.  A card
  whose full cost cannot be paid cannot be played.  The rules of costs are on page
  5, outside the excerpt, so a refusal names the example that shows them: the NORAD
  example (discard, "falls diese verfügbar sind") or the Kraken example (drain).
- The four-card limit holds for every card entering a zone, not only for a hero
  moving; a refusal names the hero-movement rule, the excerpt's only text on the
  limit.  Following page 5, Mankind may sacrifice a card (onto the discard pile)
  only from a zone whose four places are full.
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
from dataclasses import dataclass, field, fields
from typing import Any

from rulekit.engines import RuleViolation, implements

INVADER, MANKIND = "invader", "mankind"
PLAYERS = (INVADER, MANKIND)
ZONES = ("Pacific Rim", "Eurasia", "Africa")
ZONE_LIMIT = 4
HERO = "hero"

# The cost rules are on page 5; only these examples of page 6 state them.
DISCARD_COST = "invaders.invaders.beispiel-die-menschheit-moechte-die-norad"
DRAIN_COST = "invaders.invaders.beispiel-der-invasor-moechte-eine-kraken"

ALWAYS_A_HERO = "invaders.die-heroes-of-the.die-menschheit-muss-immer-eine-heroes"
# Heroes moving, and the excerpt's only text on the four-card limit.
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

    @implements(HEROES_MOVE)
    def place(self, player: str, zone: str, name: str) -> None:
        """Put a card on the player's side of a zone, within the four-card limit."""
        side = self.zones[_zone(zone)][player]
        if len(side) >= ZONE_LIMIT:
            raise RuleViolation(HEROES_MOVE, f"{player} already has {ZONE_LIMIT} cards in {zone}")
        side.append(name)

    def play(self, action: dict[str, Any]) -> None:
        """Pay for a card from the hand, place it or discard it, and resolve its effect."""
        player = _player(action.get("player"))
        name = action.get("card")
        hand = self.players[player].hand
        if name not in hand:
            raise ValueError(f"{name!r} is not in {player}'s hand")
        card = self.cards[name]
        hand.remove(name)
        self.pay(player, card, list(action.get("discard", [])))
        if card.strength is not None:
            self.place(player, action.get("zone", ""), name)
        elif "zone" in action:
            raise ValueError(f"{name} has no strength: a one-shot card goes to no zone")
        self.destroy(player, card, list(action.get("targets", [])), action.get("hero_zone"))
        if card.strength is None:
            self.players[player].discard.insert(0, name)

    def pay(self, player: str, card: Card, discard: list[str]) -> None:
        """Discard `cost` other hand cards of the player's choice, then drain `drain` cards."""
        cards = self.players[player]
        if len(cards.hand) < card.cost:
            raise RuleViolation(
                DISCARD_COST,
                f"{card.name} costs {card.cost}: {len(cards.hand)} other cards in hand",
            )
        if len(discard) != card.cost or Counter(discard) - Counter(cards.hand):
            raise RuleViolation(
                DISCARD_COST, f"{card.name} costs {card.cost} other cards in hand, not {discard}"
            )
        if len(cards.deck) < card.drain:
            raise RuleViolation(
                DRAIN_COST, f"{card.name} drains {card.drain}: {len(cards.deck)} cards in the deck"
            )
        for name in discard:
            cards.hand.remove(name)
            cards.discard.insert(0, name)
        for _ in range(card.drain):
            cards.discard.insert(0, cards.deck.pop(0))

    @implements(VALID_TARGET)
    def destroy(
        self, player: str, card: Card, targets: list[dict[str, str]], hero_zone: str | None
    ) -> None:
        """Destroy the targets: the opponent's cards, or a rotated hero of either player."""
        if len(targets) > card.destroy:
            raise ValueError(f"{card.name} destroys at most {card.destroy} cards")
        hero_destroyed = False
        for target in targets:
            name, zone = target.get("card", ""), _zone(target.get("zone"))
            owner = next((p for p in PLAYERS if name in self.zones[zone][p]), None)
            if owner is None:
                raise ValueError(f"{name!r} is not in play in {zone}")
            hero = self.hero if self.hero is not None and name == self.hero.card else None
            if hero is not None:
                if owner == player and not hero.rotated:
                    raise RuleViolation(VALID_TARGET, f"{name} is upright")
                if hero_destroyed:
                    raise ValueError(f"{name} is a target twice")
                # Tokens or not, one destruction is enough; the hero leaves in `replace_hero`.
                hero_destroyed = True
            elif owner == player:
                raise ValueError(f"{card.name} destroys the opponent's cards, not {name}")
            else:
                self.zones[zone][owner].remove(name)
                self.players[owner].discard.insert(0, name)
        if hero_destroyed:
            self.replace_hero(hero_zone)

    @implements(REPLACED, STEP_REMOVE, STEP_DRAW, STEP_ROTATE, LAST_HERO)
    def replace_hero(self, zone: str | None) -> None:
        """Replace the current hero at once; with no hero left, the Invader wins."""
        assert self.hero is not None  # only the current hero is ever replaced
        # 1. Out of the game, not onto the discard pile: it never comes back.
        self.zones[self.hero_zone()][MANKIND].remove(self.hero.card)
        self.out_of_game.append(self.hero.card)
        self.hero = None
        if not self.heroes:
            self.winner = INVADER
            return
        if zone is None:
            raise ValueError("name the hero_zone for the hero that replaces the current one")
        # 2. The top card of the hero deck goes into any zone with a free place.
        card = self.heroes.pop(0)
        self.place(MANKIND, zone, card)
        # 3. Rotated 90°, as a reminder that it has just come into play.
        self.hero = Hero(card, rotated=True)

    @implements(NO_SACRIFICE, ALWAYS_A_HERO)
    def sacrifice(self, action: dict[str, Any]) -> None:
        """Mankind sacrifices a card of a full zone; the hero never in the Invader's turn."""
        name, zone = action.get("card"), _zone(action.get("zone"))
        side = self.zones[zone][MANKIND]
        if name not in side:
            raise ValueError(f"{name!r} is not on Mankind's side of {zone}")
        is_hero = self.hero is not None and name == self.hero.card
        if is_hero and self.turn == INVADER:
            raise RuleViolation(NO_SACRIFICE, f"{name} is the current hero")
        if len(side) < ZONE_LIMIT:
            raise RuleViolation(HEROES_MOVE, f"{zone} is not full: no need to make room")
        if is_hero and not self.heroes:
            raise RuleViolation(ALWAYS_A_HERO, f"{name} is the last hero")
        if is_hero:
            self.replace_hero(action.get("hero_zone"))
        else:
            side.remove(name)
            self.players[MANKIND].discard.insert(0, name)

    @implements(HEROES_MOVE)
    def move_hero(self, action: dict[str, Any]) -> None:
        """Move the current hero to another zone during Mankind's turn, within the limit."""
        assert self.hero is not None  # the game goes on
        if self.turn != MANKIND:
            raise RuleViolation(HEROES_MOVE, "heroes move only during Mankind's turn")
        if self.cards[self.hero.card].fixed:
            raise RuleViolation(HEROES_MOVE, f"{self.hero.card} says it cannot move")
        origin, target = self.hero_zone(), _zone(action.get("zone"))
        if target == origin:
            raise ValueError(f"{self.hero.card} is already in {target}")
        self.zones[origin][MANKIND].remove(self.hero.card)
        self.place(MANKIND, target, self.hero.card)

    def add_token(self, action: dict[str, Any]) -> None:
        """Put +1 tokens on the current hero (what a card effect would do)."""
        count = action.get("count", 1)
        if not isinstance(count, int) or count < 1:
            raise ValueError(f"count must be a whole number ≥ 1, got {count!r}")
        assert self.hero is not None  # the game goes on
        self.hero.tokens += count

    @implements(UPRIGHT)
    def begin_turn(self, action: dict[str, Any]) -> None:
        """Begin a player's turn at its main phase; Mankind's turns its hero upright."""
        player = _player(action.get("player"))
        if player == self.turn:
            raise ValueError(f"it is already {player}'s turn")
        self.turn = player
        if player == MANKIND and self.hero is not None:
            self.hero.rotated = False


ACTIONS: dict[str, Callable[[Table, dict[str, Any]], None]] = {
    "play": Table.play,
    "move_hero": Table.move_hero,
    "sacrifice": Table.sacrifice,
    "add_token": Table.add_token,
    "begin_turn": Table.begin_turn,
}


class Engine:
    """Invaders: card costs, the four-card limit and the Heroes of the Resistance."""

    def __init__(self, table: Table) -> None:
        self.table = table

    @classmethod
    def from_setup(cls, setup: dict[str, Any], dice: Iterator[int], draws: Iterator[str]) -> Engine:
        """Read a setup (see the module docstring); a malformed one is a ValueError."""
        if next(dice, None) is not None or next(draws, None) is not None:
            raise ValueError("invaders uses no dice or draws: the decks are ordered in the setup")
        return cls(_table(setup))

    def apply(self, action: dict[str, Any]) -> None:
        """Carry out one action on a copy of the table, kept only if it is legal."""
        if self.table.winner is not None:
            raise RuleViolation(LAST_HERO, f"the game is over: {self.table.winner} won")
        handler = ACTIONS.get(action.get("do", ""))
        if handler is None:
            raise ValueError(f"unknown action {action!r}")
        table = copy.deepcopy(self.table)
        handler(table, action)
        self.table = table

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


def _names(data: dict[str, Any], key: str, where: str) -> list[str]:
    """A list of card names from the setup."""
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise ValueError(f"{where}.{key}: expected a list of card names, got {value!r}")
    return list(value)


def _card(name: str, data: dict[str, Any]) -> Card:
    """A card from the setup's `cards`."""
    known = {f.name for f in fields(Card)} - {"name"}
    if not isinstance(data, dict) or not set(data) <= known or "type" not in data:
        raise ValueError(f"cards.{name}: expected a type and {', '.join(sorted(known))}")
    card = Card(name, **data)
    counts = (card.cost, card.drain, card.destroy)
    if any(not isinstance(n, int) or n < 0 for n in counts) or not (
        card.strength is None or isinstance(card.strength, int)
    ):
        raise ValueError(f"cards.{name}: cost, drain, destroy and strength are whole numbers")
    return card


@implements(ALWAYS_A_HERO)
def _table(setup: dict[str, Any]) -> Table:
    """The table a setup describes, with exactly one hero in play."""
    unknown = set(setup) - {"turn", "cards", *PLAYERS, "zones", "hero"}
    if unknown:
        raise ValueError(f"unknown setup keys: {sorted(unknown)}")
    cards = {str(name): _card(str(name), data) for name, data in setup["cards"].items()}
    players = {
        p: Player(*(_names(setup.get(p, {}), key, p) for key in ("hand", "deck", "discard")))
        for p in PLAYERS
    }
    heroes = _names(setup.get(MANKIND, {}), "heroes", MANKIND)
    out_of_game = _names(setup.get(MANKIND, {}), "out_of_game", MANKIND)
    zones: dict[str, dict[str, list[str]]] = {z: {p: [] for p in PLAYERS} for z in ZONES}
    values = dict.fromkeys(ZONES, 0)
    table = Table(cards, players, zones, values, heroes, out_of_game, None, _player(setup["turn"]))
    for zone, data in setup.get("zones", {}).items():
        values[_zone(zone)] = int(data.get("value", 0))
        for p in PLAYERS:
            for name in _names(data, p, f"zones.{zone}"):
                table.place(p, zone, name)
    unknown = {name for name in _all_cards(table) if name not in cards}
    if unknown:
        raise ValueError(f"not among the setup's cards: {sorted(unknown)}")
    outside = [name for p in players.values() for name in (*p.hand, *p.deck, *p.discard)]
    outside += [name for z in ZONES for name in zones[z][INVADER]]
    if any(cards[name].type == HERO for name in outside) or any(
        cards[name].type != HERO for name in [*heroes, *out_of_game]
    ):
        raise ValueError("heroes lie only in the hero deck, on Mankind's side or out of the game")
    in_play = [name for z in ZONES for name in zones[z][MANKIND] if cards[name].type == HERO]
    if len(in_play) != 1:
        raise RuleViolation(ALWAYS_A_HERO, f"{len(in_play)} heroes in play")
    hero = setup.get("hero", {})
    table.hero = Hero(in_play[0], bool(hero.get("rotated", False)), int(hero.get("tokens", 0)))
    if table.hero.tokens < 0:
        raise ValueError("hero.tokens must be ≥ 0")
    return table


def _all_cards(table: Table) -> list[str]:
    """Every card of the game, wherever it lies."""
    piles = [name for p in table.players.values() for name in (*p.hand, *p.deck, *p.discard)]
    placed = [name for z in ZONES for p in PLAYERS for name in table.zones[z][p]]
    return [*piles, *placed, *table.heroes, *table.out_of_game]
