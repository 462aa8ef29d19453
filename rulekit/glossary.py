"""The glossary: a termbase kept as YAML in `glossary/`, one concept per entry."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from rulekit.errors import InputError
from rulekit.model import Term
from rulekit.sources import load_yaml


def load_glossary(path: Path) -> list[Term]:
    """Read `glossary/terms.yaml`: a list of entries under `terms:`, ids unique."""
    data = load_yaml(path)
    entries = data.get("terms") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise InputError(path, 1, "expected a mapping with a 'terms' list")
    lines = _entry_lines(path)
    terms: list[Term] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        line = lines[index] if index < len(lines) else 0
        try:
            term = Term.model_validate(entry)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"])
            raise InputError(path, line, f"term {index + 1}: {where}: {first['msg']}") from None
        if term.id in seen:
            raise InputError(path, line, f"duplicate term id {term.id!r}")
        seen.add(term.id)
        terms.append(term)
    return terms


def terms_in(text: str, terms: list[Term]) -> list[str]:
    """Ids of the terms whose German form or a variant occurs in `text`, in glossary order.

    A form matches inside a word as well, so compounds and inflected forms
    ("Anwerbungsplättchen", "Befreiers") carry their term.
    """
    folded = text.casefold()
    return [
        term.id
        for term in terms
        if any(form.casefold() in folded for form in [term.de, *term.variants])
    ]


def glossary_words(terms: list[Term]) -> list[str]:
    """Every German word of the glossary's terms and variants, for the lexicon."""
    words = {word for term in terms for form in [term.de, *term.variants] for word in form.split()}
    return sorted(words)


def _entry_lines(path: Path) -> list[int]:
    """Line numbers of the list items under `terms:`, for error messages."""
    numbers = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("  - ") or line.startswith("- "):
            numbers.append(number)
    return numbers
