"""The Risiko world map: continents, their bonuses, borders, and the reinforcements they give.

Territory names: Nordwestafrika, Ägypten and Ostafrika as the excerpt prints them; the
others as on the German Risiko board.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulekit.engines import implements

REINFORCEMENTS = "risiko.verstaerkung-und-eroberung.zu-beginn-seines-zuges-erhaelt-der"

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


@implements(REINFORCEMENTS)
def reinforcements(owners: Mapping[str, str], player: str) -> int:
    """New units for `player`: max(3, territories // 3) plus each whole continent's bonus."""
    held = {name for name, owner in owners.items() if owner == player}
    bonus = sum(CONTINENT_BONUS[c] for c, names in CONTINENTS.items() if held.issuperset(names))
    return max(3, len(held) // 3) + bonus
