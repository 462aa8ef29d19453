"""Every legal action of an Invaders table, enumerated from the rules (not by trying them).

The property tests check the engine against this list: each action listed is
accepted, and every other action is refused with a `RuleViolation`.  `add_token`
is listed with a count of 1, standing for every count.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulekit.engines.invaders import Table

INVADER, MANKIND = "invader", "mankind"
PLAYERS = (INVADER, MANKIND)
ZONES = ("Pacific Rim", "Eurasia", "Africa")
ZONE_LIMIT = 4


def legal_actions(table: Table) -> list[dict[str, Any]]:
    """Every action the engine accepts at this table; none once the game is over."""
    if table.winner is not None or table.hero is None:
        return []
    other = MANKIND if table.turn == INVADER else INVADER
    actions: list[dict[str, Any]] = [
        {"do": "begin_turn", "player": other},
        {"do": "add_token", "count": 1},
    ]
    hero, origin = table.hero.card, table.hero_zone()
    if table.turn == MANKIND and not table.cards[hero].fixed:
        actions += [
            {"do": "move_hero", "zone": zone}
            for zone in ZONES
            if zone != origin and len(table.zones[zone][MANKIND]) < ZONE_LIMIT
        ]
    actions += _sacrifices(table)
    for player in PLAYERS:
        actions += _plays(table, player)
    return actions


def _sacrifices(table: Table) -> Iterator[dict[str, Any]]:
    """Mankind's cards of a full zone; the hero not in the Invader's turn, nor the last one."""
    assert table.hero is not None
    for zone in ZONES:
        side = table.zones[zone][MANKIND]
        if len(side) < ZONE_LIMIT:
            continue
        for name in side:
            action = {"do": "sacrifice", "card": name, "zone": zone}
            if name != table.hero.card:
                yield action
            elif table.turn == MANKIND and table.heroes:
                counts = _mankind_counts(table, {name: zone})
                yield from _with_hero_zone(action, counts)


def _plays(table: Table, player: str) -> Iterator[dict[str, Any]]:
    """Each card of the hand, with every choice of discards, zone and targets."""
    hand, deck = table.players[player].hand, table.players[player].deck
    for name in dict.fromkeys(hand):
        card = table.cards[name]
        others = list(hand)
        others.remove(name)
        if len(others) < card.cost or len(deck) < card.drain:
            continue
        if card.strength is None:
            zones: list[str | None] = [None]
        else:
            zones = [z for z in ZONES if len(table.zones[z][player]) < ZONE_LIMIT]
        for discard in dict.fromkeys(combinations(others, card.cost)):
            for zone in zones:
                base: dict[str, Any] = {"do": "play", "player": player, "card": name}
                base["discard"] = list(discard)
                if zone is not None:
                    base["zone"] = zone
                yield from _with_targets(table, player, base, card.destroy, zone)


def _with_targets(
    table: Table, player: str, base: dict[str, Any], most: int, zone: str | None
) -> Iterator[dict[str, Any]]:
    """`base` with every set of up to `most` valid targets, and a zone for a new hero."""
    assert table.hero is not None
    valid = [
        (name, z)
        for z in ZONES
        for owner in PLAYERS
        for name in table.zones[z][owner]
        if (owner != player and name != table.hero.card)
        or (name == table.hero.card and (player == INVADER or table.hero.rotated))
    ]
    for size in range(min(most, len(valid)) + 1):
        for chosen in combinations(valid, size):
            action = {**base, "targets": [{"card": n, "zone": z} for n, z in chosen]}
            if table.hero.card not in {n for n, _ in chosen}:
                yield action
            elif not table.heroes:
                yield action  # the last hero is destroyed: the Invader wins
            else:
                removed = {n: z for n, z in chosen if n in table.zones[z][MANKIND]}
                counts = _mankind_counts(table, removed)
                if player == MANKIND and zone is not None:
                    counts[zone] += 1
                yield from _with_hero_zone(action, counts)


def _mankind_counts(table: Table, removed: dict[str, str]) -> dict[str, int]:
    """Mankind's cards per zone once the `removed` cards (name -> zone) are gone."""
    counts = {zone: len(table.zones[zone][MANKIND]) for zone in ZONES}
    for zone in removed.values():
        counts[zone] -= 1
    return counts


def _with_hero_zone(action: dict[str, Any], counts: dict[str, int]) -> Iterator[dict[str, Any]]:
    """`action` with each zone that has room on Mankind's side for the new hero."""
    for zone in ZONES:
        if counts[zone] < ZONE_LIMIT:
            yield {**action, "hero_zone": zone}
