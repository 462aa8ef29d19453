"""Where a unit stands in a manual: the headings over it, and whether they name the
set-up ("Spielvorbereitung"), the end phase ("Spielende") or a variant ("Variante für
Kenner", or a number of players a rule is for: "Zu zweit …").  Exceptions, examples
and the end-phase rules read a unit's place here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulekit.graph.shapes import has_phrase

# Number words that count a noun ("zwei Karten"); "ein" is mostly the article.
NUMBER_WORDS = {
    word: str(number)
    for number, word in enumerate(
        ("zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn"), start=2
    )
}

if TYPE_CHECKING:
    from rulekit.cues import Cues
    from rulekit.graph.units import Unit


def headings(unit: Unit, by_id: dict[str, Unit]) -> list[Unit]:
    """The sections a unit stands under, nearest first."""
    found: list[Unit] = []
    section = by_id.get(unit.section) if unit.section else None
    while section is not None and section not in found:
        found.append(section)
        section = by_id.get(section.section) if section.section else None
    return found


def in_end_phase(unit: Unit, by_id: dict[str, Unit], cues: Cues) -> bool:
    """A heading the unit stands under names the end of the game ("Spielende")."""
    return any(
        re.search(rf"\b{re.escape(word)}\b", " ".join(section.block.text.lower().split()))
        for section in headings(unit, by_id)
        for word in cues.end_phase_words
    )


def in_setup(unit: Unit, by_id: dict[str, Unit], cues: Cues) -> bool:
    """A heading the unit stands under names the set-up ("Spielvorbereitung", "Aufbau")."""
    return any(names_setup(section.block.text, cues) for section in headings(unit, by_id))


def names_setup(heading: str, cues: Cues) -> bool:
    """The heading names the set-up: a word of it ends in a set-up word ("Spielvorbereitung")."""
    return any(
        word.endswith(setup)
        for word in re.findall(r"[^\W\d_]+", heading.lower())
        for setup in cues.setup_words
    )


def in_variant(
    unit: Unit, by_id: dict[str, Unit], cues: Cues, parts: dict[str, Unit] | None = None
) -> bool:
    """The unit, or a heading it stands under, names a variant of the game; `parts`
    (`part_headings`) gives the heading of the part each section belongs to."""
    return names_variant([unit.text, *variant_headings(unit, by_id, parts or {})], cues)


def variant_headings(unit: Unit, by_id: dict[str, Unit], parts: dict[str, Unit]) -> list[str]:
    """The headings a unit stands under, with the heading of the part of each."""
    found = headings(unit, by_id)
    found += [parts[h.node_id] for h in found if h.node_id in parts]
    return [h.block.text for h in found]


def part_headings(units: list[Unit]) -> dict[str, Unit]:
    """The heading of the part each section belongs to, by the section's node id: a
    heading that stands right over another ("Varianten" over "Kurze Tour") heads the
    sections after it, up to the next such heading, when the copy gave all headings
    one level."""
    parts: dict[str, Unit] = {}
    part: Unit | None = None
    for unit, following in zip(units, [*units[1:], None], strict=True):
        if unit.kind != "section":
            continue
        if following is not None and following.kind == "section":
            part = unit
        elif part is not None and part is not unit and unit.section != part.node_id:
            parts[unit.node_id] = part
    return parts


def names_variant(texts: list[str], cues: Cues) -> bool:
    """One of the texts names a variant of the game ("Variante für Kenner")."""
    words = {word.lower().strip('.,:;!?()„“"') for text in texts for word in text.split()}
    return any(word.endswith(variant) for word in words for variant in cues.variant_words)


def for_player_count(text: str, cues: Cues) -> bool:
    """The text says what holds for a number of players ("Spielen nur zwei Personen, so
    erhält jeder …", "Zu zweit bekommt jeder 50 statt 40 …", "bei sechs Spielern"),
    not a case its own exception makes of it ("…, es sei denn, ihr spielt zu zweit")."""
    words = re.findall(r"[^\W_]+", text.lower())
    for index, word in enumerate(words):
        counted = index > 0 and word in cues.player_nouns and _count(words[index - 1])
        grouped = any(words[index : index + 2] == group.split() for group in cues.player_groups)
        if counted or grouped:
            before = words[:index]
            return not (
                set(before) & cues.exception_openers
                or any(has_phrase(" ".join(before), cue) for cue in cues.exception_cues)
            )
    return False


def _count(word: str) -> bool:
    """A number in digits or in words ("2", "zwei")."""
    return word.isdigit() or word in NUMBER_WORDS
