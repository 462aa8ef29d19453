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
- The rules the excerpt lacks (reinforcements, the target held by another player, the
  bordering origin, conquest and advance) are in the editors' supplement
  (``sources/risiko/supplement.yaml``), so every refusal names a rule: `RuleViolation`.
  Only malformed input (unknown territories, actions or keys, a count that is not a
  whole number, dice outside 1-6 or running out) raises `ValueError`.  Either way a
  refused action changes nothing.  `Engine.legal_actions` lists the legal actions.

The map (territories, borders, continents) is in `rulekit.engines._risiko_map`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from rulekit.engines import Detail, RuleViolation, detail, implements, ndetail
from rulekit.engines._risiko_map import NEIGHBOURS, TERRITORIES, reinforcements

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
COMPARED = (
    "risiko.durchfuehrung-einer-befreiungsaktion.danach-werden-die-wurfergebnisse-miteinander-ver"
)
COMPARED_AFTER_ROLLS = (
    "risiko.abwicklung-einer-wuerfelaktion.nachdem-beide-spieler-gewuerfelt-haben-werden"
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
# Rules of the editors' supplement.
ENEMY_TARGET = "risiko.durchfuehrung-einer-befreiungsaktion.befreit-wird-nur-ein-gebiet-das"
BORDERING = (
    "risiko.durchfuehrung-einer-befreiungsaktion.die-einheiten-einer-wuerfelaktion-kommen-aus"
)
REINFORCE_FIRST = "risiko.verstaerkung-und-eroberung.die-verstaerkung-wird-einmal-zu-beginn"
PLACE_ALL = "risiko.verstaerkung-und-eroberung.der-spieler-setzt-alle-einheiten-seiner"
OWN_TERRITORIES = "risiko.verstaerkung-und-eroberung.verstaerkungen-kommen-nur-in-gebiete-die"
CONQUEST = "risiko.verstaerkung-und-eroberung.verliert-der-besatzer-seine-letzte-einheit"
ADVANCE = "risiko.verstaerkung-und-eroberung.nach-einer-befreiung-darf-der-befreier"
ONE_ORIGIN = (
    "risiko.befreiungsaktion-von-einem-anderen.waehrend-einer-wuerfelaktion-muessen-alle-ihre"
)


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
        if not isinstance(setup, dict):
            raise ValueError("setup: expected player, owners, units and phase")
        unknown = sorted(set(setup) - {"player", "owners", "units", "phase"})
        if unknown:
            raise ValueError(f"setup: unknown keys {unknown}")
        player, phase = setup.get("player"), setup.get("phase", "attack")
        owners, units = setup.get("owners", {}), setup.get("units", {})
        if not isinstance(player, str):
            raise ValueError("setup: player must name whose turn it is")
        if phase not in ("reinforce", "attack"):
            raise ValueError(f"setup: phase must be reinforce or attack, not {phase!r}")
        if not (isinstance(owners, dict) and isinstance(units, dict)):
            raise ValueError("setup: owners and units map territories to a player and a count")
        if set(owners) != set(units):
            raise ValueError("setup: owners and units must list the same territories")
        for name, count in units.items():
            if name not in NEIGHBOURS:
                raise ValueError(f"setup: {name!r} is not a territory of the map")
            if not isinstance(owners[name], str):
                raise ValueError(f"owners.{name}: expected a player, got {owners[name]!r}")
            # No territory is ever empty (page 12).
            if _whole(count, f"units.{name}") < 1:
                raise ValueError(f"setup: {name} needs at least 1 unit")
        return cls(player, dict(owners), dict(units), phase, dice)

    def apply(self, action: dict[str, Any]) -> None:
        """Carry out one action (see the module docstring); refused ones change nothing."""
        if not isinstance(action, dict):
            raise ValueError(f"action: expected a mapping with do, got {action!r}")
        if action.get("do") not in ACTION_KEYS:
            raise ValueError(f"do: {action.get('do')!r} is not one of {sorted(ACTION_KEYS)}")
        keys = ACTION_KEYS[action["do"]]
        if set(action) != keys | {"do"}:
            raise ValueError(f"{action['do']}: expected the keys {sorted(keys)}")
        getattr(self, f"_{action['do']}")(action)

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every action `apply` accepts now: placing reinforcements is listed one unit at a
        time per territory (all on one territory), then attacks, defences, advances, stop
        and end."""
        actions: list[dict[str, Any]] = []
        mine = [name for name in TERRITORIES if self.owners.get(name) == self.player]
        if self.phase == "reinforce":
            return [{"do": "reinforce", "place": {name: self.reinforcements}} for name in mine]
        if self.phase == "over":
            return []
        field = self.battlefield
        if field is not None:
            there = self.units[field.target]
            actions += [{"do": "defend", "units": n} for n in range(1, min(2, there) + 1)]
            sent = min(3 - field.units, self.units[field.origin] - 1)
            actions += [
                {"do": "attack", "from": field.origin, "to": field.target, "units": n}
                for n in range(1, sent + 1)
            ]
            return actions
        for origin in mine:
            for target in sorted(NEIGHBOURS[origin] & self.owners.keys()):
                if self.owners[target] != self.player:
                    actions += [
                        {"do": "attack", "from": origin, "to": target, "units": n}
                        for n in range(1, min(3, self.units[origin] - 1) + 1)
                    ]
        if self.conquest is not None:
            spare = self.units[self.conquest[0]] - 1
            actions += [{"do": "advance", "units": n} for n in range(1, spare + 1)]
        if self.target is not None:
            actions.append({"do": "stop"})
        return [*actions, {"do": "end"}]

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

    @implements(REINFORCE_FIRST, PLACE_ALL, OWN_TERRITORIES)
    def _reinforce(self, action: dict[str, Any]) -> None:
        """Place exactly this turn's reinforcements on the player's own territories."""
        if self.phase != "reinforce":
            raise RuleViolation(
                REINFORCE_FIRST, detail("the reinforcements of this turn are placed")
            )
        place = action["place"]
        if not isinstance(place, dict) or not place:
            raise ValueError("place: expected {territory: units}")
        counts = {
            self._territory(name, "place"): _whole(n, f"place.{name}") for name, n in place.items()
        }
        for name, count in counts.items():
            if self.owners[name] != self.player:
                raise RuleViolation(
                    OWN_TERRITORIES,
                    detail(
                        "%(territory)s is held by %(owner)s",
                        territory=name,
                        owner=self.owners[name],
                    ),
                )
            if count < 1:
                raise RuleViolation(
                    PLACE_ALL,
                    ndetail(
                        "%(count)d unit for %(territory)s",
                        "%(count)d units for %(territory)s",
                        count,
                        territory=name,
                    ),
                )
        placed = sum(counts.values())
        if placed != self.reinforcements:
            raise RuleViolation(
                PLACE_ALL,
                ndetail(
                    "%(count)d unit placed, %(due)d due",
                    "%(count)d units placed, %(due)d due",
                    placed,
                    due=self.reinforcements,
                ),
            )
        for name, count in counts.items():
            self.units[name] += count
        self.reinforcements = 0
        self.phase = "attack"

    @implements(
        ORIGIN,
        AT_MOST_THREE,
        BEFREIER_SIDE,
        RED_AND_WHITE,
        STOP,
        ANOTHER_TARGET,
        SWITCH_ORIGIN,
        NOT_MIXED,
        ONE_ORIGIN,
        ENEMY_TARGET,
        BORDERING,
    )
    def _attack(self, action: dict[str, Any]) -> None:
        """Put Befreier units on the Aktionsfeld, from one territory bordering the target."""
        origin = self._territory(action["from"], "from")
        target = self._territory(action["to"], "to")
        count = _whole(action["units"], "units")
        self._in_attack_phase()
        if self.owners[origin] != self.player:
            raise RuleViolation(
                ORIGIN,
                detail(
                    "%(territory)s is held by %(owner)s",
                    territory=origin,
                    owner=self.owners[origin],
                ),
            )
        if self.owners[target] == self.player:
            raise RuleViolation(
                ENEMY_TARGET,
                detail("%(territory)s is held by %(owner)s", territory=target, owner=self.player),
            )
        if target not in NEIGHBOURS[origin]:
            raise RuleViolation(
                BORDERING,
                detail("%(origin)s does not border %(target)s", origin=origin, target=target),
            )
        field = self.battlefield
        if field and field.target != target:
            # Attacking elsewhere would end this Befreiungsaktion in the middle of a battle.
            raise RuleViolation(STOP, self._units_on_battlefield())
        if field and field.origin != origin:
            raise RuleViolation(
                NOT_MIXED,
                detail("units from %(origin)s are on the battlefield", origin=field.origin),
            )
        placed = field.units if field else 0
        if count < 1:
            raise RuleViolation(RED_AND_WHITE, detail("the attacker rolls 1, 2 or 3 dice"))
        if placed + count > 3:
            raise RuleViolation(
                AT_MOST_THREE,
                ndetail(
                    "%(count)d unit in the battle", "%(count)d units in the battle", placed + count
                ),
            )
        self._keep_one(origin, count, ORIGIN)
        self.units[origin] -= count
        self.battlefield = Battlefield(origin, target, placed + count)
        self.target = target
        self.conquest = None

    @implements(BESATZER_DECIDES, AT_MOST_TWO, RED_AND_WHITE)
    def _defend(self, action: dict[str, Any]) -> None:
        """The Besatzer decides how many of his units defend; then the battle is rolled."""
        count = _whole(action["units"], "units")
        field = self.battlefield
        if field is None:
            raise RuleViolation(
                BESATZER_DECIDES, detail("no attacking units are on the battlefield yet")
            )
        if count < 1:
            raise RuleViolation(RED_AND_WHITE, detail("the defender rolls 1 or 2 dice"))
        if count > 2:
            raise RuleViolation(AT_MOST_TWO, ndetail("%(count)d unit", "%(count)d units", count))
        there = self.units[field.target]
        if count > there:
            raise RuleViolation(
                BESATZER_DECIDES,
                ndetail(
                    "%(territory)s has %(count)d unit, %(wanted)d wanted",
                    "%(territory)s has %(count)d units, %(wanted)d wanted",
                    there,
                    territory=field.target,
                    wanted=count,
                ),
            )
        self._battle(field, count)

    @implements(
        BESATZER_SIDE,
        ONE_DIE_PER_UNIT,
        RED_AND_WHITE,
        COMPARED,
        COMPARED_AFTER_ROLLS,
        LOSER_REMOVES,
        LOSER_AGAIN,
    )
    def _battle(self, field: Battlefield, defenders: int) -> None:
        """One die per unit on the Aktionsfeld, both sides rolled before the dice are compared;
        each lost comparison costs the loser a unit."""
        red, white = self._roll(field.units), self._roll(defenders)
        befreier_losses, besatzer_losses = compare(red, white)
        besatzer = self.owners[field.target]
        self.units[field.target] -= defenders  # onto the Besatzer side of the Aktionsfeld
        self.losses[self.player] += befreier_losses  # back into each loser's supply
        self.losses[besatzer] += besatzer_losses
        self.roll = (tuple(red), tuple(white))
        self.battlefield = None
        self._return_survivors(field, field.units - befreier_losses, defenders - besatzer_losses)

    @implements(SURVIVORS_RETURN, SENT_AGAIN, CONQUEST)
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

    @implements(ADVANCE)
    def _advance(self, action: dict[str, Any]) -> None:
        """After a conquest, move more units from the origin into the conquered territory."""
        count = _whole(action["units"], "units")
        if self.conquest is None:
            raise RuleViolation(ADVANCE, detail("no territory was just conquered"))
        origin, target = self.conquest
        if count < 1:
            raise RuleViolation(
                ADVANCE, ndetail("%(count)d unit advances", "%(count)d units advance", count)
            )
        self._keep_one(origin, count, ADVANCE)
        self.units[origin] -= count
        self.units[target] += count

    @implements(STOP)
    def _stop(self, action: dict[str, Any]) -> None:
        """End the Befreiungsaktion under way, after a battle."""
        self._in_attack_phase()
        self._between_battles()
        if self.target is None:
            raise RuleViolation(STOP, detail("no attack is under way"))
        self.target = None

    @implements(END_PHASE)
    def _end(self, action: dict[str, Any]) -> None:
        """End the attack phase: no further Befreiungsaktion this turn."""
        self._in_attack_phase()
        self._between_battles()
        self.phase = "over"
        self.target = None
        self.conquest = None

    @implements(END_PHASE, REINFORCE_FIRST)
    def _in_attack_phase(self) -> None:
        """Befreiungsaktionen follow the reinforcements and stop when the phase is ended."""
        if self.phase == "reinforce":
            raise RuleViolation(
                REINFORCE_FIRST,
                ndetail(
                    "%(count)d unit of reinforcements still to place",
                    "%(count)d units of reinforcements still to place",
                    self.reinforcements,
                ),
            )
        if self.phase == "over":
            raise RuleViolation(END_PHASE, detail("the attack phase of this turn is over"))

    @implements(STOP)
    def _between_battles(self) -> None:
        """A Befreiungsaktion may end after any battle, not while units are on the battlefield."""
        if self.battlefield:
            raise RuleViolation(STOP, self._units_on_battlefield())

    def _units_on_battlefield(self) -> Detail:
        assert self.battlefield is not None  # callers checked
        return detail(
            "units stand on the battlefield for %(target)s", target=self.battlefield.target
        )

    def _keep_one(self, origin: str, count: int, rule: str) -> None:
        """One unit stays behind to guard the origin (of an attack, or of an advance)."""
        there = self.units[origin]
        if there - count < 1:
            raise RuleViolation(
                rule,
                ndetail(
                    "%(territory)s has %(count)d unit, %(sent)d sent",
                    "%(territory)s has %(count)d units, %(sent)d sent",
                    there,
                    territory=origin,
                    sent=count,
                ),
            )

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
        if not isinstance(name, str) or name not in self.owners:
            raise ValueError(f"{key}: {name!r} is not a territory in play")
        return name


# The keys of each action, besides `do`.
ACTION_KEYS: dict[str, frozenset[str]] = {
    "reinforce": frozenset({"place"}),
    "attack": frozenset({"from", "to", "units"}),
    "defend": frozenset({"units"}),
    "advance": frozenset({"units"}),
    "stop": frozenset(),
    "end": frozenset(),
}


def _whole(value: Any, key: str) -> int:
    """An action's or setup's whole number."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key}: expected a whole number, got {value!r}")
    return value
