"""The editors' quick reference of a game (`sources/<game>/cards.yaml`), see docs/cards.md.

A spec is a list of titled cards, each with a turn sequence, a table and short
lines; every line and table row names the rules it summarises, each pinned to
the fingerprint of the German text the editor summarised.  Loading validates
the spec against the game's graph (a bad spec is an `InputError` naming its
line) and lists the lines whose rules changed since they were written: those
are suspect, for `rulekit check`, the build report and the translators.

Every text of a spec is a catalog message keyed by `keyed_cards`, and so is
the game's title and edition line (`info_texts`).

When the graph changes, `pin_spec` (`rulekit cards pin GAME`) moves each
pinned rule to the id its unchanged text has now, and reports the rest.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

import yaml
from pydantic import ValidationError

from rulekit.errors import InputError
from rulekit.graph import slugify, unique_id
from rulekit.model import QuickLine, QuickReference, QuickRow, RuleGraph, SourceInfo
from rulekit.sources import YamlLines, load_yaml, validation_error

SPEC_FILE = "cards.yaml"
# A line summarises text of the manual; a section heading is none.  Other kinds are
# allowed: the kind judge may misread a rule, and an editor knows better.
NOT_RULES = ("section",)


@dataclass(frozen=True)
class Text:
    """One translatable text of a quick reference: catalog key, German, rules, spec line."""

    key: str
    text: str
    rules: tuple[str, ...] = ()
    line: int = 0
    suspect: tuple[tuple[str, str], ...] = ()  # (id, pin) of rules changed since, or gone

    @property
    def translatable(self) -> bool:
        """Text with a letter in it; numbers and symbols print as they are."""
        return any(char.isalpha() for char in self.text)


@dataclass(frozen=True)
class KeyedCard:
    """A spec card with every text keyed for the catalogs."""

    title: Text
    sequence: tuple[Text, ...]
    columns: tuple[Text, ...]
    rows: tuple[tuple[Text, ...], ...]  # each row's cells; rules and line on every cell
    lines: tuple[Text, ...]


def load_quickref(folder: Path, graph: RuleGraph) -> tuple[QuickReference | None, list[str]]:
    """The spec in `folder` (None when there is none) and a message per suspect line.

    A line is suspect when a rule it names changed since it was written, or is
    gone from the graph (an edited manual gives an edited rule a new id): the
    message then names the rules nearest to it.
    """
    path = folder / SPEC_FILE
    if not path.is_file():
        return None, []
    data = load_yaml(path)
    if not isinstance(data, dict):
        raise InputError(path, 1, "expected a mapping with a list of cards")
    try:
        spec = QuickReference.model_validate(data)
    except ValidationError as error:
        raise validation_error(path, error) from None
    spec = _with_lines(spec, YamlLines(path))
    _validate(path, spec, graph)
    current = {node.id: node.fingerprint for node in graph.nodes}
    return spec, [
        f"{path}:{text.line}: {rule} changed since this line was written; review the line "
        f"and pin {rule}@{current[rule]}"
        if rule in current
        else f"{path}:{text.line}: {_unknown(rule, pin, graph)} ('rulekit cards pin "
        f"{graph.game}' re-pins rules whose text is unchanged)"
        for card in keyed_cards(graph.game, spec, graph)
        for text in _pinned_texts(card)
        for rule, pin in text.suspect
    ]


def _with_lines(spec: QuickReference, lines: YamlLines) -> QuickReference:
    """The spec with the file line of every line and row filled in."""
    cards = []
    for c, card in enumerate(spec.cards):

        def placed(items: list[QuickLine], field: str, c: int = c) -> list[QuickLine]:
            return [
                item.model_copy(update={"line": lines.line(["cards", c, field, i])})
                for i, item in enumerate(items)
            ]

        table = card.table
        if table is not None:
            rows = [
                row.model_copy(update={"line": lines.line(["cards", c, "table", "rows", i])})
                for i, row in enumerate(table.rows)
            ]
            table = table.model_copy(update={"rows": rows})
        cards.append(
            card.model_copy(
                update={
                    "sequence": placed(card.sequence, "sequence"),
                    "lines": placed(card.lines, "lines"),
                    "table": table,
                }
            )
        )
    return spec.model_copy(update={"cards": cards})


def _validate(path: Path, spec: QuickReference, graph: RuleGraph) -> None:
    """Raise `InputError` at the first line naming a non-rule, or at a bad row or card.

    A rule the graph does not hold makes its line suspect, not the spec bad.
    """
    kinds = {node.id: node.kind for node in graph.nodes}
    titles: set[str] = set()
    lines = YamlLines(path)
    for c, card in enumerate(spec.cards):
        if card.title in titles:
            raise InputError(path, lines.line(["cards", c, "title"]), "a second card of this title")
        titles.add(card.title)
        items: list[QuickLine | QuickRow] = [*card.sequence, *card.lines]
        if card.table is not None:
            items += card.table.rows
            for row in card.table.rows:
                if len(row.cells) != len(card.table.columns):
                    raise InputError(
                        path,
                        row.line,
                        f"{len(row.cells)} cells in a table of {len(card.table.columns)} columns",
                    )
        if not items:
            raise InputError(
                path, lines.line(["cards", c]), "a card needs a sequence, a table or lines"
            )
        for item in items:
            for pinned in item.rules:
                rule = pinned.split("@")[0]
                if kinds.get(rule) in NOT_RULES:
                    raise InputError(path, item.line, f"{rule} is a {kinds[rule]}, not a rule")


def _unknown(rule: str, pin: str, graph: RuleGraph) -> str:
    """Why a pinned rule is unknown, with the rules the editor may have meant."""
    nearest = nearest_rules(rule, pin, graph)
    message = f"rule '{rule}' is not in the graph of {graph.game}"
    return message + (f"; nearest: {', '.join(nearest)}" if nearest else "")


def nearest_rules(rule: str, pin: str, graph: RuleGraph) -> list[str]:
    """The rule whose text has the pinned fingerprint, else up to three ids spelt alike."""
    rules = [node for node in graph.nodes if node.kind not in NOT_RULES]
    same = [node.id for node in rules if node.fingerprint == pin]
    if same:
        return same
    return difflib.get_close_matches(rule, [node.id for node in rules], n=3, cutoff=0.6)


def keyed_cards(game: str, spec: QuickReference, graph: RuleGraph) -> list[KeyedCard]:
    """The spec's cards with a stable catalog key for every text.

    Keys are made from the words of the card's title and of the text, so that an
    edited line keeps its card's prefix and the catalog update can carry its
    translation over (marked fuzzy), as it does for an edited rule.
    """
    fingerprints = {node.id: node.fingerprint for node in graph.nodes}
    used: set[str] = set()
    cards = []

    def key(prefix: str, text: str) -> str:
        made = unique_id(f"{prefix}.{slugify(text)}", used)
        used.add(made)
        return made

    def pinned(prefix: str, text: str, item: QuickLine | QuickRow) -> Text:
        rules = tuple(p.split("@")[0] for p in item.rules)
        changed = tuple(
            (rule, pin)
            for rule, pin in (p.split("@") for p in item.rules)
            if fingerprints.get(rule) != pin
        )
        return Text(key(prefix, text), text, rules, item.line, changed)

    for card in spec.cards:
        title = Text(key(f"{game}#card", card.title), card.title)
        prefix = title.key
        columns = tuple(Text(key(prefix, t), t) for t in card.table.columns) if card.table else ()
        rows = tuple(
            tuple(pinned(prefix, cell, row) for cell in row.cells)
            for row in (card.table.rows if card.table else [])
        )
        cards.append(
            KeyedCard(
                title=title,
                sequence=tuple(pinned(prefix, item.text, item) for item in card.sequence),
                columns=columns,
                rows=rows,
                lines=tuple(pinned(prefix, item.text, item) for item in card.lines),
            )
        )
    return cards


def _pinned_texts(card: KeyedCard) -> list[Text]:
    """The texts of a card that name rules, a table row once (by its first cell)."""
    return [*card.sequence, *(row[0] for row in card.rows), *card.lines]


def card_texts(game: str, spec: QuickReference | None, graph: RuleGraph) -> list[Text]:
    """Every translatable text of a game's quick reference, in spec order."""
    if spec is None:
        return []
    texts: list[Text] = []
    for card in keyed_cards(game, spec, graph):
        texts.append(card.title)
        texts.extend(card.sequence)
        texts.extend(card.columns)
        texts.extend(cell for row in card.rows for cell in row)
        texts.extend(card.lines)
    return [text for text in texts if text.translatable]


def info_texts(info: SourceInfo) -> list[Text]:
    """The game's title and its edition line, which print on every card and sheet."""
    return [Text(title_key(info.game), info.title), Text(edition_key(info.game), info.edition)]


def title_key(game: str) -> str:
    """The catalog key of a game's title."""
    return f"{game}#title"


def edition_key(game: str) -> str:
    """The catalog key of a game's edition line."""
    return f"{game}#edition"


@dataclass(frozen=True)
class Pinning:
    """What `pin_spec` did to a spec: its new text, the rules it re-pinned, what is left."""

    text: str
    pinned: list[str]  # `path:line: old -> new` per rule re-pinned
    left: list[str]  # `path:line: message` per rule the editor must choose


def pin_spec(path: Path, graph: RuleGraph, reviewed: bool = False) -> Pinning:
    """The spec at `path` with every pinned rule pinned to the current graph.

    A rule whose pinned text is now under another id (segmentation changed)
    moves to that id.  A rule whose text changed keeps its pin, so its lines
    stay suspect, unless the editor `reviewed` them: then it is pinned to its
    current text.  A rule that is gone is left as it is and reported with the
    rules nearest to it.  Only the pinned values change; comments, order and
    layout of the file stay as the editor wrote them.
    """
    text = path.read_text(encoding="utf-8")
    data = load_yaml(path)
    try:
        QuickReference.model_validate(data)
    except ValidationError as error:
        raise validation_error(path, error) from None
    current = {node.id: node.fingerprint for node in graph.nodes if node.kind not in NOT_RULES}
    edits: list[tuple[int, int, str]] = []
    pinned: list[str] = []
    left: list[str] = []
    for scalar in _rule_scalars(yaml.compose(text)):
        rule, _, pin = scalar.value.partition("@")
        where = f"{path}:{scalar.start_mark.line + 1}"
        if current.get(rule) == pin:
            continue
        same = [node for node, fp in current.items() if fp == pin]
        if len(same) == 1:
            new = f"{same[0]}@{pin}"
        elif rule in current and reviewed:
            new = f"{rule}@{current[rule]}"
        elif rule in current:
            left.append(f"{where}: {rule} changed since this line was written; review the line")
            continue
        else:
            left.append(f"{where}: {_unknown(rule, pin, graph)}")
            continue
        edits.append((scalar.start_mark.index, scalar.end_mark.index, new))
        pinned.append(f"{where}: {scalar.value} -> {new}")
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return Pinning(text, pinned, left)


def _rule_scalars(node: yaml.Node | None) -> list[yaml.ScalarNode]:
    """The items of every `rules:` list in a composed spec, in file order."""
    found: list[yaml.ScalarNode] = []
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == "rules" and isinstance(value, yaml.SequenceNode):
                found.extend(item for item in value.value if isinstance(item, yaml.ScalarNode))
            else:
                found.extend(_rule_scalars(value))
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            found.extend(_rule_scalars(item))
    return found
