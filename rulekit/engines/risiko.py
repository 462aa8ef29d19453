"""Risiko: the Befreiungsaktion (attack) of the Kommandobuch, on the standard world map.

The engine plays one turn of `player`: placing the reinforcements, then any number of
Befreiungsaktionen.  A Befreiungsaktion against a territory is a series of battles
(Würfelaktionen); for each battle the Befreier (attacker) puts 1 to 3 units from one
neighbouring territory on the Aktionsfeld (battlefield), the Besatzer (defender) puts 1
or 2 there, both roll and the dice are compared highest to highest.

Setup::

    player: Blau                    # whose turn it is: the Befreier
    owners: {Nordwestafrika: Blau, Ostafrika: Blau, Ägypten: Rot}
    units: {Nordwestafrika: 3, Ostafrika: 10, Ägypten: 3}
    phase: attack                   # or "reinforce" (place reinforcements first); default attack

Only the territories listed are in play, so a scenario names just the few it needs; every
territory holds at least 1 unit.

Actions::

    {do: reinforce, place: {Ostafrika: 2, Nordwestafrika: 1}}   # exactly `reinforcements`
    {do: attack, from: Nordwestafrika, to: Ägypten, units: 2}   # onto the Befreier side
    {do: defend, units: 2}          # onto the Besatzer side; then both roll and compare
    {do: advance, units: 5}         # after a conquest: more units from the origin
    {do: stop}                      # end the Befreiungsaktion under way
    {do: end}                       # end the attack phase of the turn

State::

    player: Blau
    phase: reinforce | attack | over
    reinforcements: 0               # units still to place this turn
    territories: {Ägypten: {owner: Rot, units: 3}, ...}   # in map order
    battlefield: {from: Ostafrika, to: Ägypten, units: 3} | null   # the Befreier side
    target: Ägypten | null          # the territory the Befreiungsaktion under way is against
    roll: {red: [6, 4, 4], white: [5, 5]} | null   # the last battle's dice, high to low
    losses: {Blau: 1, Rot: 1}       # units each player has put back into the supply
    conquest: {from: Ostafrika, to: Ägypten} | null   # where `advance` moves units

Dice come from the injected iterator: the Befreier's red dice first, then the
Besatzer's white ones.  `draws` is not used: territory cards are not modelled.

Decisions where the excerpt (pages 10-11) leaves the game open; they follow the published
Risk rules and, where it prints them, page 12 of this edition:

- The Aktionsfeld is modelled: units placed on it leave their territory until the battle is
  rolled.  Repeated `attack` actions before the defence add units to the same battle.
  The dice are rolled when the Besatzer has placed his units, so he decides without seeing
  them ("gleichzeitig").
- Only as many pairs are compared as the smaller side has dice: an unmatched die of either
  side is ignored (the excerpt names the Befreier's third die; a Besatzer's second die
  against a single red die is the same case in the published rules).
- The origin must border the target.  The excerpt says so only for switching origins
  ("von einem anderen, angrenzenden Gebiet"), so a non-bordering origin breaks that rule.
  A territory of the player's own has no Besatzer to decide on its defence.
- Conquest (page 12): when the Besatzer's last unit is beaten, the Befreier's survivors of
  that battle move onto the territory, which becomes his; `advance` may then move more
  units from the origin (1 stays) until the next attack.  The Befreiungsaktion is over.
- A Befreiungsaktion ends with `stop`, a conquest, an attack on another territory or
  `end`; each only between battles, never while units stand on the battlefield.
- Reinforcements (published rules): max(3, territories // 3), plus the bonus of each
  continent held whole (Nordamerika 5, Südamerika 2, Europa 5, Afrika 3, Asien 7,
  Australien 2).  Card sets, the closing troop move, turn order and victory are not
  modelled.
- No rule of the excerpt covers the frame (reinforcements, the advance's own conditions)
  or malformed input (unknown territories or actions, dice outside 1-6 or running out):
  those raise `ValueError`; `RuleViolation` always names a rule of the graph.  Either way
  a refused action changes nothing.

Territory names: Nordwestafrika, Ägypten and Ostafrika as the excerpt prints them; the
others as on the German Risiko board.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from rulekit.engines import RuleViolation, implements

# The rules of the graph, by short name.
ORIGIN = "risiko.durchfuehrung-einer-befreiungsaktion.in-dem-gebiet-von-dem-aus"
AT_MOST_THREE = (
    "risiko.durchfuehrung-einer-befreiungsaktion.an-ihrer-wuerfelaktion-duerfen-hoechstens-3"
)
BEFREIER_SIDE = "risiko.durchfuehrung-einer-befreiungsaktion.stellen-sie-ihre-an-der-aktion"
BESATZER_DECIDES = (
    "risiko.durchfuehrung-einer-befreiungsaktion.danach-entscheidet-der-spieler-der-das"
)
AT_MOST_TWO = "risiko.durchfuehrung-einer-befreiungsaktion.der-besatzer-darf-hoechstens-2-einheiten"
BESATZER_SIDE = "risiko.durchfuehrung-einer-befreiungsaktion.stellen-sie-ihre-an-der-aktion-2"
ONE_DIE_PER_UNIT = (
    "risiko.durchfuehrung-einer-befreiungsaktion.die-wuerfelaktion-beginnt-jede-partei-wirft"
)
RED_AND_WHITE = (
    "risiko.durchfuehrung-einer-befreiungsaktion.beide-spieler-wuerfeln-gleichzeitig-der-befreier"
)
HIGHEST_FIRST = "risiko.abwicklung-einer-wuerfelaktion.der-hoechste-wurf-des-befreiers-wird"
TIE_TO_BESATZER = "risiko.abwicklung-einer-wuerfelaktion.wichtig-bei-einem-unentschieden-d-h"
HIGHER_WINS = "risiko.abwicklung-einer-wuerfelaktion.das-hoehere-ergebnis-gewinnt"
LOSER_REMOVES = "risiko.abwicklung-einer-wuerfelaktion.der-verlierer-nimmt-eine-seiner-einheiten"
NEXT_HIGHEST = "risiko.abwicklung-einer-wuerfelaktion.haben-beide-spieler-mehr-als-einen"
LOSER_AGAIN = "risiko.abwicklung-einer-wuerfelaktion.und-wieder-muss-der-verlierer-eine"
THIRD_IGNORED = "risiko.abwicklung-einer-wuerfelaktion.sollte-der-befreier-noch-einen-dritten"
SURVIVORS_RETURN = (
    "risiko.abwicklung-einer-wuerfelaktion.nach-der-wuerfelaktion-kehren-alle-ueberlebenden"
)
SENT_AGAIN = "risiko.abwicklung-einer-wuerfelaktion.danach-duerfen-sie-erneut-in-die"
STOP = "risiko.befreiungsaktion-beenden.der-befreier-darf-eine-befreiungsaktion-nach"
ANOTHER_TARGET = "risiko.befreiungsaktion-beenden.wenn-sie-moechten-und-koennen-duerfen"
END_PHASE = "risiko.befreiungsaktion-beenden.wenn-sie-keine-befreiungsaktion-mehr-beginnen"
SWITCH_ORIGIN = (
    "risiko.befreiungsaktion-von-einem-anderen.zwischen-den-einzelnen-wuerfelaktionen-koennen-s"
)
NOT_MIXED = "risiko.befreiungsaktion-von-einem-anderen.sie-duerfen-nur-nicht-in-einer"
ONE_ORIGIN = (
    "risiko.befreiungsaktion-von-einem-anderen.waehrend-einer-wuerfelaktion-muessen-alle-ihre"
)

CONTINENTS: dict[str, tuple[str, ...]] = {
    "Nordamerika": (
        "Alaska",
        "Nordwest-Territorium",
        "Grönland",
        "Alberta",
        "Ontario",
        "Quebec",
        "Weststaaten",
        "Oststaaten",
        "Mittelamerika",
    ),
    "Südamerika": ("Venezuela", "Peru", "Brasilien", "Argentinien"),
    "Europa": (
        "Island",
        "Skandinavien",
        "Großbritannien",
        "Mitteleuropa",
        "Westeuropa",
        "Südeuropa",
        "Ukraine",
    ),
    "Afrika": ("Nordwestafrika", "Ägypten", "Ostafrika", "Kongo", "Südafrika", "Madagaskar"),
    "Asien": (
        "Ural",
        "Sibirien",
        "Jakutien",
        "Kamtschatka",
        "Irkutsk",
        "Mongolei",
        "Japan",
        "Afghanistan",
        "China",
        "Mittlerer Osten",
        "Indien",
        "Siam",
    ),
    "Australien": ("Indonesien", "Neu-Guinea", "West-Australien", "Ost-Australien"),
}

CONTINENT_BONUS: dict[str, int] = {
    "Nordamerika": 5,
    "Südamerika": 2,
    "Europa": 5,
    "Afrika": 3,
    "Asien": 7,
    "Australien": 2,
}

# Each border once; the map is symmetric.
BORDERS: tuple[tuple[str, str], ...] = (
    ("Alaska", "Nordwest-Territorium"),
    ("Alaska", "Alberta"),
    ("Alaska", "Kamtschatka"),
    ("Nordwest-Territorium", "Alberta"),
    ("Nordwest-Territorium", "Ontario"),
    ("Nordwest-Territorium", "Grönland"),
    ("Grönland", "Ontario"),
    ("Grönland", "Quebec"),
    ("Grönland", "Island"),
    ("Alberta", "Ontario"),
    ("Alberta", "Weststaaten"),
    ("Ontario", "Weststaaten"),
    ("Ontario", "Oststaaten"),
    ("Ontario", "Quebec"),
    ("Quebec", "Oststaaten"),
    ("Weststaaten", "Oststaaten"),
    ("Weststaaten", "Mittelamerika"),
    ("Oststaaten", "Mittelamerika"),
    ("Mittelamerika", "Venezuela"),
    ("Venezuela", "Peru"),
    ("Venezuela", "Brasilien"),
    ("Peru", "Brasilien"),
    ("Peru", "Argentinien"),
    ("Brasilien", "Argentinien"),
    ("Brasilien", "Nordwestafrika"),
    ("Island", "Großbritannien"),
    ("Island", "Skandinavien"),
    ("Großbritannien", "Skandinavien"),
    ("Großbritannien", "Mitteleuropa"),
    ("Großbritannien", "Westeuropa"),
    ("Skandinavien", "Mitteleuropa"),
    ("Skandinavien", "Ukraine"),
    ("Mitteleuropa", "Ukraine"),
    ("Mitteleuropa", "Südeuropa"),
    ("Mitteleuropa", "Westeuropa"),
    ("Westeuropa", "Südeuropa"),
    ("Westeuropa", "Nordwestafrika"),
    ("Südeuropa", "Ukraine"),
    ("Südeuropa", "Mittlerer Osten"),
    ("Südeuropa", "Ägypten"),
    ("Südeuropa", "Nordwestafrika"),
    ("Ukraine", "Ural"),
    ("Ukraine", "Afghanistan"),
    ("Ukraine", "Mittlerer Osten"),
    ("Nordwestafrika", "Ägypten"),
    ("Nordwestafrika", "Ostafrika"),
    ("Nordwestafrika", "Kongo"),
    ("Ägypten", "Ostafrika"),
    ("Ägypten", "Mittlerer Osten"),
    ("Ostafrika", "Kongo"),
    ("Ostafrika", "Südafrika"),
    ("Ostafrika", "Madagaskar"),
    ("Ostafrika", "Mittlerer Osten"),
    ("Kongo", "Südafrika"),
    ("Südafrika", "Madagaskar"),
    ("Ural", "Sibirien"),
    ("Ural", "China"),
    ("Ural", "Afghanistan"),
    ("Sibirien", "Jakutien"),
    ("Sibirien", "Irkutsk"),
    ("Sibirien", "Mongolei"),
    ("Sibirien", "China"),
    ("Jakutien", "Kamtschatka"),
    ("Jakutien", "Irkutsk"),
    ("Kamtschatka", "Irkutsk"),
    ("Kamtschatka", "Mongolei"),
    ("Kamtschatka", "Japan"),
    ("Irkutsk", "Mongolei"),
    ("Mongolei", "Japan"),
    ("Mongolei", "China"),
    ("Afghanistan", "China"),
    ("Afghanistan", "Indien"),
    ("Afghanistan", "Mittlerer Osten"),
    ("China", "Indien"),
    ("China", "Siam"),
    ("Mittlerer Osten", "Indien"),
    ("Indien", "Siam"),
    ("Siam", "Indonesien"),
    ("Indonesien", "Neu-Guinea"),
    ("Indonesien", "West-Australien"),
    ("Neu-Guinea", "West-Australien"),
    ("Neu-Guinea", "Ost-Australien"),
    ("West-Australien", "Ost-Australien"),
)

TERRITORIES: tuple[str, ...] = tuple(name for names in CONTINENTS.values() for name in names)
NEIGHBOURS: dict[str, frozenset[str]] = {
    name: frozenset(b if a == name else a for a, b in BORDERS if name in (a, b))
    for name in TERRITORIES
}


def reinforcements(owners: Mapping[str, str], player: str) -> int:
    """New units for `player`: max(3, territories // 3) plus each whole continent's bonus."""
    held = {name for name, owner in owners.items() if owner == player}
    bonus = sum(CONTINENT_BONUS[c] for c, names in CONTINENTS.items() if held.issuperset(names))
    return max(3, len(held) // 3) + bonus


@implements(HIGHEST_FIRST, TIE_TO_BESATZER, HIGHER_WINS, NEXT_HIGHEST, THIRD_IGNORED)
def compare(red: Sequence[int], white: Sequence[int]) -> tuple[int, int]:
    """The losses (Befreier, Besatzer) of one battle: dice paired highest to highest."""
    befreier = besatzer = 0
    # zip stops at the shorter side: an unmatched die is ignored.
    pairs = zip(sorted(red, reverse=True), sorted(white, reverse=True), strict=False)
    for red_die, white_die in pairs:
        if red_die > white_die:
            besatzer += 1
        else:  # the higher die wins, and a tie goes to the Besatzer
            befreier += 1
    return befreier, besatzer


@dataclass(frozen=True)
class Battlefield:
    """The Befreier side of the Aktionsfeld: units from one territory, against one target."""

    origin: str
    target: str
    units: int

    def state(self) -> dict[str, Any]:
        """As in `Engine.state()`."""
        return {"from": self.origin, "to": self.target, "units": self.units}


class Engine:
    """One turn of Risiko: the reinforcements, then the Befreiungsaktionen of `player`."""

    def __init__(
        self,
        player: str,
        owners: dict[str, str],
        units: dict[str, int],
        phase: str,
        dice: Iterator[int],
    ) -> None:
        self.player = player
        self.owners = owners
        self.units = units
        self.phase = phase
        self.dice = dice
        self.reinforcements = reinforcements(owners, player) if phase == "reinforce" else 0
        self.battlefield: Battlefield | None = None
        self.target: str | None = None
        self.roll: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.losses = dict.fromkeys(sorted({*owners.values(), player}), 0)
        self.conquest: tuple[str, str] | None = None

    @classmethod
    def from_setup(cls, setup: dict[str, Any], dice: Iterator[int], draws: Iterator[str]) -> Engine:
        """The position a setup describes (see the module docstring); `draws` is unused."""
        unknown = sorted(set(setup) - {"player", "owners", "units", "phase"})
        if unknown:
            raise ValueError(f"setup: unknown keys {unknown}")
        player, phase = setup.get("player"), setup.get("phase", "attack")
        owners, units = dict(setup.get("owners", {})), dict(setup.get("units", {}))
        if not isinstance(player, str):
            raise ValueError("setup: player must name whose turn it is")
        if phase not in ("reinforce", "attack"):
            raise ValueError(f"setup: phase must be reinforce or attack, not {phase!r}")
        if set(owners) != set(units):
            raise ValueError("setup: owners and units must list the same territories")
        for name, count in units.items():
            if name not in NEIGHBOURS:
                raise ValueError(f"setup: {name!r} is not a territory of the map")
            # No territory is ever empty (page 12).
            if _whole(count, f"units.{name}") < 1:
                raise ValueError(f"setup: {name} needs at least 1 unit")
        return cls(player, owners, units, phase, dice)

    def apply(self, action: dict[str, Any]) -> None:
        """Carry out one action (see the module docstring); refused ones change nothing."""
        handlers = {
            "reinforce": self._reinforce,
            "attack": self._attack,
            "defend": self._defend,
            "advance": self._advance,
            "stop": self._stop,
            "end": self._end,
        }
        handler = handlers.get(action.get("do", ""))
        if handler is None:
            raise ValueError(f"do: {action.get('do')!r} is not one of {sorted(handlers)}")
        handler(action)

    def state(self) -> dict[str, Any]:
        """The position as plain data (see the module docstring)."""
        field, roll, conquest = self.battlefield, self.roll, self.conquest
        return {
            "player": self.player,
            "phase": self.phase,
            "reinforcements": self.reinforcements,
            "territories": {
                name: {"owner": self.owners[name], "units": self.units[name]}
                for name in TERRITORIES
                if name in self.owners
            },
            "battlefield": field.state() if field else None,
            "target": self.target,
            "roll": {"red": list(roll[0]), "white": list(roll[1])} if roll else None,
            "losses": dict(self.losses),
            "conquest": {"from": conquest[0], "to": conquest[1]} if conquest else None,
        }

    def _reinforce(self, action: dict[str, Any]) -> None:
        """Place exactly this turn's reinforcements on the player's own territories."""
        if self.phase != "reinforce":
            raise ValueError("reinforcements are placed once, at the start of the turn")
        place = action.get("place")
        if not isinstance(place, dict) or not place:
            raise ValueError("place: expected {territory: units}")
        counts = {
            self._territory(name, "place"): _whole(n, f"place.{name}") for name, n in place.items()
        }
        for name, count in counts.items():
            if self.owners[name] != self.player:
                raise ValueError(f"place: {name} is held by {self.owners[name]}")
            if count < 1:
                raise ValueError(f"place.{name}: at least 1 unit")
        if sum(counts.values()) != self.reinforcements:
            raise ValueError(
                f"place: {sum(counts.values())} units, not the {self.reinforcements} due"
            )
        for name, count in counts.items():
            self.units[name] += count
        self.reinforcements = 0
        self.phase = "attack"

    @implements(
        ORIGIN,
        AT_MOST_THREE,
        BEFREIER_SIDE,
        BESATZER_DECIDES,
        RED_AND_WHITE,
        STOP,
        ANOTHER_TARGET,
        SWITCH_ORIGIN,
        NOT_MIXED,
        ONE_ORIGIN,
    )
    def _attack(self, action: dict[str, Any]) -> None:
        """Put Befreier units on the Aktionsfeld, from one territory bordering the target."""
        self._in_attack_phase()
        origin = self._territory(action.get("from"), "from")
        target = self._territory(action.get("to"), "to")
        count = _whole(action.get("units"), "units")
        if self.owners[origin] != self.player:
            raise RuleViolation(ORIGIN, f"{origin} is held by {self.owners[origin]}")
        if self.owners[target] == self.player:
            raise RuleViolation(BESATZER_DECIDES, f"{target} is {self.player}'s own")
        if target not in NEIGHBOURS[origin]:
            raise RuleViolation(SWITCH_ORIGIN, f"{origin} does not border {target}")
        field = self.battlefield
        if field and field.target != target:
            # Attacking elsewhere would end this Befreiungsaktion in the middle of a battle.
            raise RuleViolation(STOP, f"units stand on the battlefield for {field.target}")
        if field and field.origin != origin:
            raise RuleViolation(NOT_MIXED, f"units from {field.origin} are on the battlefield")
        placed = field.units if field else 0
        if count < 1:
            raise RuleViolation(RED_AND_WHITE, "the Befreier rolls 1, 2 or 3 dice")
        if placed + count > 3:
            raise RuleViolation(AT_MOST_THREE, f"{placed + count} units")
        self._keep_one(origin, count)
        self.units[origin] -= count
        self.battlefield = Battlefield(origin, target, placed + count)
        self.target = target
        self.conquest = None

    @implements(BESATZER_DECIDES, AT_MOST_TWO, RED_AND_WHITE)
    def _defend(self, action: dict[str, Any]) -> None:
        """The Besatzer decides how many of his units defend; then the battle is rolled."""
        field = self.battlefield
        if field is None:
            raise RuleViolation(BESATZER_DECIDES, "no Befreier units on the battlefield yet")
        count = _whole(action.get("units"), "units")
        if count < 1:
            raise RuleViolation(RED_AND_WHITE, "the Besatzer rolls 1 or 2 dice")
        if count > 2:
            raise RuleViolation(AT_MOST_TWO, f"{count} units")
        if count > self.units[field.target]:
            there = self.units[field.target]
            raise RuleViolation(BESATZER_DECIDES, f"{count} units, {there} in {field.target}")
        self._battle(field, count)

    @implements(BESATZER_SIDE, ONE_DIE_PER_UNIT, RED_AND_WHITE, LOSER_REMOVES, LOSER_AGAIN)
    def _battle(self, field: Battlefield, defenders: int) -> None:
        """One die per unit on the Aktionsfeld; each lost comparison costs the loser a unit."""
        red, white = self._roll(field.units), self._roll(defenders)
        befreier_losses, besatzer_losses = compare(red, white)
        besatzer = self.owners[field.target]
        self.units[field.target] -= defenders  # onto the Besatzer side of the Aktionsfeld
        self.losses[self.player] += befreier_losses  # back into each loser's supply
        self.losses[besatzer] += besatzer_losses
        self.roll = (tuple(red), tuple(white))
        self.battlefield = None
        self._return_survivors(field, field.units - befreier_losses, defenders - besatzer_losses)

    @implements(SURVIVORS_RETURN, SENT_AGAIN)
    def _return_survivors(self, field: Battlefield, befreier: int, besatzer: int) -> None:
        """Survivors go back to their territories, free to fight again; or conquer (page 12)."""
        self.units[field.target] += besatzer
        if self.units[field.target]:
            self.units[field.origin] += befreier
            return
        self.owners[field.target] = self.player
        self.units[field.target] = befreier
        self.target = None
        self.conquest = (field.origin, field.target)

    def _advance(self, action: dict[str, Any]) -> None:
        """After a conquest, move more units from the origin into the conquered territory."""
        if self.conquest is None:
            raise ValueError("advance follows a conquest, before the next attack")
        origin, target = self.conquest
        count = _whole(action.get("units"), "units")
        if count < 1:
            raise ValueError("units: advance at least 1 unit")
        self._keep_one(origin, count)
        self.units[origin] -= count
        self.units[target] += count

    @implements(STOP)
    def _stop(self, action: dict[str, Any]) -> None:
        """End the Befreiungsaktion under way, after a battle."""
        self._between_battles()
        if self.target is None:
            raise RuleViolation(STOP, "no Befreiungsaktion is under way")
        self.target = None

    @implements(END_PHASE)
    def _end(self, action: dict[str, Any]) -> None:
        """End the attack phase: no further Befreiungsaktion this turn."""
        self._in_attack_phase()
        self._between_battles()
        self.phase = "over"
        self.target = None
        self.conquest = None

    @implements(END_PHASE)
    def _in_attack_phase(self) -> None:
        """Befreiungsaktionen follow the reinforcements and stop when the phase is ended."""
        if self.phase == "reinforce":
            raise ValueError("place the reinforcements first")
        if self.phase == "over":
            raise RuleViolation(END_PHASE, "the attack phase of this turn is over")

    @implements(STOP)
    def _between_battles(self) -> None:
        """A Befreiungsaktion may end after any battle, not while units are on the battlefield."""
        if self.battlefield:
            raise RuleViolation(
                STOP, f"units stand on the battlefield for {self.battlefield.target}"
            )

    @implements(ORIGIN)
    def _keep_one(self, origin: str, count: int) -> None:
        """One unit stays behind to guard the origin."""
        if self.units[origin] - count < 1:
            raise RuleViolation(ORIGIN, f"{origin} has {self.units[origin]} units, {count} sent")

    def _roll(self, count: int) -> list[int]:
        """`count` injected dice, high to low as they stand on the Aktionsfeld."""
        dice = list(islice(self.dice, count))
        if len(dice) < count:
            raise ValueError(f"dice: {count} needed, only {len(dice)} left")
        if not all(isinstance(die, int) and 1 <= die <= 6 for die in dice):
            raise ValueError(f"dice: {dice} are not all 1 to 6")
        return sorted(dice, reverse=True)

    def _territory(self, name: Any, key: str) -> str:
        """A territory in play, named by an action's `key`."""
        if name not in self.owners:
            raise ValueError(f"{key}: {name!r} is not a territory in play")
        return str(name)


def _whole(value: Any, key: str) -> int:
    """An action's or setup's whole number."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key}: expected a whole number, got {value!r}")
    return value
