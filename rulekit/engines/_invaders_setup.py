"""Reading an Invaders setup (see `rulekit.engines.invaders`): the table it describes."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from rulekit.engines import implements
from rulekit.engines.invaders import (
    ALWAYS_A_HERO,
    HERO,
    INVADER,
    MANKIND,
    PLAYERS,
    ZONE_LIMIT,
    ZONES,
    Card,
    Hero,
    Player,
    Table,
    _player,
    _zone,
)


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
    for key in ("cost", "drain", "destroy"):
        _count(getattr(card, key), f"cards.{name}.{key}")
    if card.strength is not None:
        _count(card.strength, f"cards.{name}.strength")
    if not isinstance(card.type, str) or not isinstance(card.fixed, bool):
        raise ValueError(f"cards.{name}: type is text, fixed true or false")
    return card


@implements(ALWAYS_A_HERO)
def table_from_setup(setup: dict[str, Any]) -> Table:
    """The table a setup describes, with exactly one hero in play; ValueError otherwise."""
    if not isinstance(setup, dict) or not {"turn", "cards"} <= set(setup):
        raise ValueError("setup: expected turn and cards")
    unknown = set(setup) - {"turn", "cards", *PLAYERS, "zones", "hero"}
    if unknown:
        raise ValueError(f"unknown setup keys: {sorted(unknown)}")
    piles, zone_data, hero = (_mapping(setup, key) for key in ("mankind", "zones", "hero"))
    cards = {str(name): _card(str(name), data) for name, data in _mapping(setup, "cards").items()}
    players = {
        p: Player(*(_names(_mapping(setup, p), key, p) for key in ("hand", "deck", "discard")))
        for p in PLAYERS
    }
    zones: dict[str, dict[str, list[str]]] = {z: {p: [] for p in PLAYERS} for z in ZONES}
    values = dict.fromkeys(ZONES, 0)
    table = Table(
        cards,
        players,
        zones,
        values,
        _names(piles, "heroes", MANKIND),
        _names(piles, "out_of_game", MANKIND),
        None,
        _player(setup["turn"]),
    )
    for zone, data in zone_data.items():
        if not isinstance(data, dict) or not set(data) <= {"value", *PLAYERS}:
            raise ValueError(f"zones.{zone}: expected value, invader and mankind")
        values[_zone(zone)] = _count(data.get("value", 0), f"zones.{zone}.value")
        for p in PLAYERS:
            zones[zone][p] = _names(data, p, f"zones.{zone}")
            if len(zones[zone][p]) > ZONE_LIMIT:
                raise ValueError(f"zones.{zone}.{p}: more than {ZONE_LIMIT} cards")
    everywhere = _all_cards(table)
    unknown = {name for name in everywhere if name not in cards}
    if unknown:
        raise ValueError(f"not among the setup's cards: {sorted(unknown)}")
    outside = [name for p in players.values() for name in (*p.hand, *p.deck, *p.discard)]
    outside += [name for z in ZONES for name in zones[z][INVADER]]
    if any(cards[name].type == HERO for name in outside) or any(
        cards[name].type != HERO for name in [*table.heroes, *table.out_of_game]
    ):
        raise ValueError("heroes lie only in the hero deck, on Mankind's side or out of the game")
    in_play = [name for z in ZONES for name in zones[z][MANKIND] if cards[name].type == HERO]
    if len(in_play) != 1:
        raise ValueError(f"zones: exactly one hero is in play, not {len(in_play)}")
    if not set(hero) <= {"rotated", "tokens"} or not isinstance(hero.get("rotated", False), bool):
        raise ValueError("hero: expected rotated (true or false) and tokens")
    tokens = _count(hero.get("tokens", 0), "hero.tokens")
    table.hero = Hero(in_play[0], hero.get("rotated", False), tokens)
    return table


def _mapping(data: dict[str, Any], key: str) -> dict[str, Any]:
    """A setup key's mapping, empty when left out."""
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ValueError(f"{key}: expected a mapping, got {value!r}")
    return value


def _count(value: Any, key: str) -> int:
    """A whole number ≥ 0 of the setup."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{key}: expected a whole number ≥ 0, got {value!r}")
    return value


def _all_cards(table: Table) -> list[str]:
    """Every card of the game, wherever it lies."""
    piles = [name for p in table.players.values() for name in (*p.hand, *p.deck, *p.discard)]
    placed = [name for z in ZONES for p in PLAYERS for name in table.zones[z][p]]
    return [*piles, *placed, *table.heroes, *table.out_of_game]
