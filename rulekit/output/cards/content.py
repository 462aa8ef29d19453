"""What print shows: topics of entries in the card language, German fallbacks marked.

A game with a quick reference (`rulekit.quickref`) prints its editors' cards:
a turn sequence, a table and short lines per card.  A game without one prints
its sections, with only the mechanical rules on cards; text that starts
mid-sentence (the rest of a sentence from a page the excerpt does not hold) is
left out.  Every text is typeset for its language (`typography`).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass

from markupsafe import Markup, escape

from rulekit.i18n.catalogs import SOURCE_LANGUAGE, summary_key
from rulekit.model import Localization, Manual, RuleGraph, RuleNode, Term
from rulekit.output.cards.typography import typeset
from rulekit.quickref import KeyedCard, Text, keyed_cards
from rulekit.sources import page_label

# Dark enough for white type on the card frames.
# The games' colours, in the inks of the print files' output intent (SWOP): blue, wine,
# green, violet, brown, teal.  Grey text on the cards is black ink alone (K), so that
# small type never depends on the registration of four plates.
ACCENTS = (
    "device-cmyk(1 0.78 0.31 0.16)",
    "device-cmyk(0.3 1 0.93 0.45)",
    "device-cmyk(0.87 0.39 0.98 0.39)",
    "device-cmyk(0.82 0.99 0.21 0.09)",
    "device-cmyk(0.33 0.73 1 0.33)",
    "device-cmyk(0.99 0.5 0.54 0.31)",
)
# Numbers (3, 2-4, 1,5), dice (W6, 2W6, d6, K6) and die faces: what players look up.
KEY_NUMBER = re.compile(
    r"\b\d*[WwDdKk]\d+\b|\d+(?:[.,]\d+)?(?:\s?[–-]\s?\d+)?(?:\s?%)?|[\u2680-\u2685]"
)
# A bullet typed into the manual's text; print sets its own list marks.
TYPED_BULLET = re.compile(r"^[•·▪◦‣]\s*")
# Flavour text, the component list and text outside the rules (other) are left out
# of print; a sheet keeps the lead-ins that announce its steps, cards only what is
# played by.
SHEET_KINDS = ("lead-in", "rule", "step", "note", "example", "definition")
CARD_KINDS = ("rule", "step", "note")
# Table columns: a card's line at its largest step in em, the most a column asks for,
# and the mean advance of DejaVu Sans, regular and bold, with a cell's right padding.
LINE_EM = 18.0
CELL_EM = 9.0
REGULAR_EM, BOLD_EM, CELL_PADDING_EM = 0.6, 0.7, 0.4


@dataclass(frozen=True)
class Cell:
    """One table cell in the card language, or German marked as a fallback."""

    html: Markup
    fallback: bool


@dataclass(frozen=True)
class Entry:
    """One printed text: the card language's, or German marked as a fallback.

    A step of a turn sequence has its `number`; a table's head and rows have
    `cells` instead of text, set in columns of the `widths` (percent) of their table.
    An `editorial` entry states only rules of the editors' supplement, not the manual's.
    """

    id: str
    kind: str
    html: Markup
    fallback: bool
    number: int = 0
    cells: tuple[Cell, ...] = ()
    widths: tuple[float, ...] = ()
    editorial: bool = False


@dataclass(frozen=True)
class Topic:
    """A section or a spec card as print shows it: heading, entries and their pages."""

    heading: Entry
    entries: tuple[Entry, ...]
    pages: str  # printed pages of the entries, "" when unknown


@dataclass(frozen=True)
class GlossaryItem:
    """A term in the card language beside the German one; German when untranslated.

    The definition is the card language's too, or German marked as a fallback
    (`definition_fallback`); "" for a term the glossary does not define.
    """

    id: str
    term: str
    german: str
    definition: str
    fallback: bool
    definition_fallback: bool = False


class Section:
    """A section node and the nodes that are part of it, in reading order."""

    def __init__(self, node: RuleNode, children: list[RuleNode]) -> None:
        self.node = node
        self.children = children


def sections(graph: RuleGraph) -> list[Section]:
    """The graph's sections with their member nodes, following `part-of` edges."""
    members: dict[str, list[RuleNode]] = {}
    by_id = {node.id: node for node in graph.nodes}
    for edge in graph.edges:
        if edge.type == "part-of":
            members.setdefault(edge.to, []).append(by_id[edge.from_])
    return [
        Section(node, members.get(node.id, [])) for node in graph.nodes if node.kind == "section"
    ]


def key_numbers(text: str) -> Markup:
    """Escaped text with numbers and dice values in `<strong>`.

    The text is split first and every piece escaped on its own, so markup in a
    translation stays inert and entities are never cut apart.
    """
    parts: list[str] = []
    last = 0
    for match in KEY_NUMBER.finditer(text):
        parts.append(escape(text[last : match.start()]))
        parts.append(Markup("<strong>{}</strong>").format(match.group()))
        last = match.end()
    parts.append(escape(text[last:]))
    return Markup("").join(parts)


def local(texts: Localization, key: str, german: str) -> tuple[str, bool]:
    """The text of `key` in the card language, typeset, and whether it is German instead.

    Keys the catalogs do not hold (numbers in a table) print as written.
    """
    fallback = key in texts.missing
    text = texts.texts.get(key, german) if not fallback else german
    return typeset(text, SOURCE_LANGUAGE if fallback else texts.lang), fallback


def entry(node: RuleNode, texts: Localization, emphasise: bool = True) -> Entry:
    """A node's print text: the editor's summary when it has one, else the rule text."""
    key = summary_key(node.id) if node.summary else node.id
    text, fallback = local(texts, key, node.summary or node.text)
    if not emphasise:
        return Entry(node.id, node.kind, escape(text), fallback, editorial=node.editorial)
    html = key_numbers(TYPED_BULLET.sub("", text))
    return Entry(node.id, node.kind, html, fallback, editorial=node.editorial)


def topics(
    graph: RuleGraph,
    texts: Localization,
    kinds: tuple[str, ...],
    excerpt: list[int],
    mechanical: bool = False,
) -> list[Topic]:
    """The sections with the entries of the given kinds; sections left empty are dropped.

    `mechanical` keeps only rules an engine can play by.  Text starting in
    lower case continues a sentence the excerpt does not hold, and is left out.
    A topic cites the printed pages of its entries; where extraction could not
    tell an entry's page, it cites all the `excerpt`'s pages rather than guess.
    """
    found = []
    for section in sections(graph):
        children = [
            node
            for node in section.children
            if node.kind in kinds
            and (node.mechanical or not mechanical)
            and not node.text[:1].islower()
        ]
        if children:
            found.append(
                Topic(
                    heading=entry(section.node, texts, emphasise=False),
                    entries=tuple(entry(node, texts) for node in children),
                    pages=page_label([p for n in children for p in _pages(n, excerpt)]),
                )
            )
    return found


def _pages(node: RuleNode, excerpt: list[int]) -> list[int]:
    """The printed pages a node cites: none for the editors' own rules, which no page of
    the manual holds."""
    if node.editorial:
        return []
    return excerpt if node.source.page is None else [node.source.page]


def quick_topics(manual: Manual, texts: Localization) -> list[Topic]:
    """The editors' quick-reference cards, one topic each (see `rulekit.quickref`)."""
    assert manual.quickref is not None
    pages = {node.id: _pages(node, manual.info.pages) for node in manual.graph.nodes}
    editorial = {node.id for node in manual.graph.nodes if node.editorial}
    found = []
    for card in keyed_cards(manual.info.game, manual.quickref, manual.graph):
        title, fallback = local(texts, card.title.key, card.title.text)
        cited = [
            p
            for text in (*card.sequence, *(row[0] for row in card.rows), *card.lines)
            for rule in text.rules
            for p in pages.get(rule, [])  # a rule gone from the graph: its line is suspect
        ]
        found.append(
            Topic(
                heading=Entry(card.title.key, "section", escape(title), fallback),
                entries=_card_entries(card, texts, editorial),
                pages=page_label(cited),
            )
        )
    return found


def _card_entries(card: KeyedCard, texts: Localization, editorial: set[str]) -> tuple[Entry, ...]:
    """A card's steps, table and lines; those that summarise only rules of the editors'
    supplement are marked editorial."""

    def ours(text: Text) -> bool:
        return bool(text.rules) and set(text.rules) <= editorial

    entries = []
    for number, text in enumerate(card.sequence, start=1):
        entries.append(_line(text, texts, "step", ours(text), number))
    if card.rows:
        head = tuple(_cell(text, texts) for text in card.columns)
        rows = [tuple(_cell(text, texts) for text in row) for row in card.rows]
        widths = _widths(head, rows)
        entries.append(_row(f"{card.title.key}.head", "thead", head, widths))
        for keys, cells in zip(card.rows, rows, strict=True):
            entries.append(_row(f"{keys[0].key}.row", "row", cells, widths, ours(keys[0])))
    entries.extend(_line(text, texts, "line", ours(text)) for text in card.lines)
    return tuple(entries)


def _line(text: Text, texts: Localization, kind: str, editorial: bool, number: int = 0) -> Entry:
    printed, fallback = local(texts, text.key, text.text)
    html = key_numbers(printed)
    return Entry(text.key, kind, html, fallback, number=number, editorial=editorial)


def _cell(text: Text, texts: Localization) -> Cell:
    printed, fallback = local(texts, text.key, text.text)
    return Cell(key_numbers(printed), fallback)


def _row(
    key: str,
    kind: str,
    cells: tuple[Cell, ...],
    widths: tuple[float, ...],
    editorial: bool = False,
) -> Entry:
    fallback = any(cell.fallback for cell in cells)
    return Entry(key, kind, Markup(""), fallback, cells=cells, widths=widths, editorial=editorial)


def _widths(head: tuple[Cell, ...], rows: list[tuple[Cell, ...]]) -> tuple[float, ...]:
    """Column widths in percent of a card's line, from the printed texts.

    Every column is at least as wide as its bold head and its longest word, so
    nothing runs into the next column; the room left goes to the columns whose
    text would wrap, up to `CELL_EM` each.  Where even the least is too wide,
    the columns share the line in proportion to it.
    """
    least: list[float] = []
    wanted: list[float] = []
    for i, cell in enumerate(head):
        texts = [row[i].html.striptags() for row in rows]
        words = [_em(word) for text in texts for word in text.split()]
        least.append(max(_em(cell.html.striptags(), bold=True), *words))
        wanted.append(max(least[-1], min(CELL_EM, max(_em(text) for text in texts))))
    spare = LINE_EM - sum(least)
    extra = [w - low for w, low in zip(wanted, least, strict=True)]
    grow = spare / sum(extra) if spare > 0 and sum(extra) > 0 else 0.0
    shares = [low + grow * e for low, e in zip(least, extra, strict=True)]
    return tuple(round(100 * share / sum(shares), 2) for share in shares)


def _em(text: str, bold: bool = False) -> float:
    """The width of `text` in em, roughly (DejaVu Sans), with a cell's padding."""
    return len(text) * (BOLD_EM if bold else REGULAR_EM) + CELL_PADDING_EM


def glossary(
    terms: list[Term], lang: str, definitions: Localization | None = None
) -> list[GlossaryItem]:
    """The game's terms in `lang` (first preferred translation), in alphabetical order.

    `definitions` are the glossary's definitions in `lang`, keyed by term id, as
    the build reads them from the glossary's catalog; a definition they lack
    (none given, or not yet reviewed) prints in German, marked as a fallback.
    """
    items = []
    for term in terms:
        preferred = [t.term for t in term.translations.get(lang, []) if t.status == "preferred"]
        german = lang == SOURCE_LANGUAGE
        name = term.de if german or not preferred else preferred[0]
        translated = (
            None
            if definitions is None or term.id in definitions.missing
            else definitions.texts.get(term.id)
        )
        shown = term.definition if german else translated or term.definition
        untranslated = bool(term.definition) and not german and not translated
        items.append(
            GlossaryItem(
                id=term.id,
                term=typeset(name, lang if preferred else SOURCE_LANGUAGE),
                german=term.de,
                definition=typeset(shown, SOURCE_LANGUAGE if untranslated else lang),
                fallback=not german and not preferred,
                definition_fallback=untranslated,
            )
        )
    return sorted(items, key=lambda item: (_sort_key(item.term), item.id))


def accent(game: str) -> str:
    """The game's colour, stable across builds and machines."""
    return ACCENTS[int(hashlib.sha256(game.encode()).hexdigest(), 16) % len(ACCENTS)]


def _sort_key(text: str) -> str:
    """Alphabetical order that ignores case and accents (ä with a, ł with l)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("ł", "l"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))
