"""The graph stage: cleaned blocks of one manual to its rule graph."""

from __future__ import annotations

import re
import unicodedata

from rulekit.glossary import terms_in
from rulekit.model import (
    Block,
    Edge,
    Extraction,
    NodeKind,
    Provenance,
    RuleGraph,
    RuleNode,
    SourceInfo,
    Term,
    fingerprint,
)

SLUG_WORDS = 6
SLUG_MAX = 48

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_NOTE_OPENERS = ("wichtig", "hinweis", "achtung", "anmerkung")
_EXAMPLE_OPENERS = ("beispiel",)


def slugify(text: str, words: int = SLUG_WORDS) -> str:
    """An ASCII slug of the first words of `text` ("Würfel-Aktion 1" -> "wuerfel-aktion-1")."""
    folded = unicodedata.normalize("NFKD", text.casefold().translate(_FOLD))
    ascii_text = folded.encode("ascii", "ignore").decode("ascii")
    parts = re.findall(r"[a-z0-9]+", ascii_text)[:words]
    slug = "-".join(parts)[:SLUG_MAX].strip("-")
    return slug or "x"


def node_kind(block: Block) -> NodeKind:
    """The node kind a body block becomes, from its opening word."""
    opener = re.split(r"[\s:.!]", block.text.strip().casefold(), maxsplit=1)[0]
    if opener in _EXAMPLE_OPENERS:
        return "example"
    if opener in _NOTE_OPENERS:
        return "note"
    if block.kind == "list-item" and re.match(r"^\d+[.)]", block.text.strip()):
        return "step"
    return "rule"


def build_graph(info: SourceInfo, extraction: Extraction, glossary: list[Term]) -> RuleGraph:
    """The rule graph of one manual.

    A node's id is `<game>.<section>.<slug>`, where both slugs come from the
    node's own text and the heading above it; so editing one rule never moves
    another rule's id.  Equal slugs in one section are numbered in reading order.
    """
    nodes: list[RuleNode] = []
    edges: list[Edge] = []
    used: set[str] = set()
    section_id: str | None = None

    def add(node_id: str, kind: NodeKind, block: Block) -> RuleNode:
        unique, counter = node_id, 2
        while unique in used:
            unique, counter = f"{node_id}-{counter}", counter + 1
        used.add(unique)
        node = RuleNode(
            id=unique,
            kind=kind,
            text=block.text,
            terms=terms_in(block.text, glossary),
            fingerprint=fingerprint(block.text),
            source=Provenance(file=info.file, page=block.page, lines=block.lines),
        )
        nodes.append(node)
        return node

    for block in extraction.blocks:
        if block.kind in ("figure", "caption"):
            continue
        if block.kind == "heading":
            section_id = add(f"{info.game}.{slugify(block.text)}", "section", block).id
            continue
        if section_id is None:
            # Text before the first heading belongs to a section named after the manual.
            opening = Block(kind="heading", text=info.title, page=block.page, lines=block.lines)
            section_id = add(f"{info.game}.{slugify(info.title)}", "section", opening).id
        node = add(f"{section_id}.{slugify(block.text)}", node_kind(block), block)
        edges.append(Edge(from_=node.id, to=section_id, type="part-of"))

    used_terms = {term_id for node in nodes for term_id in node.terms}
    return RuleGraph(
        game=info.game,
        nodes=nodes,
        edges=edges,
        terms=[term for term in glossary if term.id in used_terms],
    )
