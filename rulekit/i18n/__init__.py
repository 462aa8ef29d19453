"""Translation: the termbase (YAML, TBX), the catalogs per game and language, their checks."""
