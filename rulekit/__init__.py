"""rulekit: German board-game rulebooks to rule graphs, catalogs, cards and a site."""

__version__ = "0.1.0"
