"""Editor's supplements (`sources/<game>/supplement.yaml`): rules the excerpt lacks.

A bundled excerpt is a few pages of a manual; the engines also enforce rules
printed elsewhere (Stratego's lakes, Risiko's reinforcements).  So that every
refusal names a rule a player can read, the editors write those rules in their
own words (never the manual's) into the supplement.  Each becomes a node of the
rule graph marked `editorial`, with an id derived from its text like any other
node's, so catalogs, site, cards and the trace treat it like every rule and
show that it is not the manual's text.  See docs/supplements.md.

```yaml
sections:                      # new sections, after the manual's own
  - title: Züge und Spielende
rules:
  - section: stratego.zuege-und-spielende   # a section of the manual or of this file
    text: Seen dürfen nicht betreten werden.
    basis: Jumbo-Spielregel 2006, „Das Spielbrett“   # where the rule is printed
    kind: rule                 # default rule
    mechanical: true           # default true
```
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulekit.errors import InputError
from rulekit.graph import slugify, unique_id
from rulekit.graph.ids import section_id
from rulekit.model import (
    Edge,
    NodeKind,
    Provenance,
    RuleGraph,
    RuleNode,
    Term,
    fingerprint,
    normalise_text,
)
from rulekit.sources import item_lines, load_yaml, validation_error

if TYPE_CHECKING:
    from rulekit.graph.builder import GraphBuilder

SUPPLEMENT_FILE = "supplement.yaml"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SupplementSection(_Model):
    """A section the manual's excerpt does not have."""

    title: str = Field(min_length=1)


class SupplementRule(_Model):
    """One rule written by the editors, in the section it belongs to."""

    section: str = Field(description="The id of a section of the graph or of this file.")
    text: str = Field(min_length=1, description="German, in the editors' own words.")
    basis: str = Field(min_length=1, description="Where the published rules state it.")
    kind: NodeKind = "rule"
    mechanical: bool = True


class Supplement(_Model):
    """`sources/<game>/supplement.yaml`."""

    sections: list[SupplementSection] = Field(default_factory=list)
    rules: list[SupplementRule] = Field(default_factory=list)


# Where each item stands in the file: (section, index) -> (first line, last line).
Lines = dict[tuple[str, int], tuple[int, int]]


def load_supplement(path: Path) -> tuple[Supplement, Lines]:
    """Read and validate a supplement; a missing file means none.  Bad input is an
    `InputError` at its line."""
    if not path.is_file():
        return Supplement(), {}
    data = load_yaml(path)
    try:
        supplement = Supplement.model_validate(data or {})
    except ValidationError as error:
        raise validation_error(path, error) from None
    return supplement, item_lines(path)


def supplemented(graph: RuleGraph, folder: Path, builder: GraphBuilder) -> RuleGraph:
    """The graph with the supplement of its source folder, if there is one."""
    path = folder / SUPPLEMENT_FILE
    supplement, lines = load_supplement(path)
    matcher = builder.matcher(graph.game)

    def terms(text: str) -> list[str]:
        return matcher.terms_in(builder.nlp(text))

    return apply_supplement(graph, supplement, lines, path, terms, builder.glossary)


def apply_supplement(
    graph: RuleGraph,
    supplement: Supplement,
    lines: Lines,
    path: Path,
    terms: Callable[[str], list[str]],
    glossary: list[Term],
) -> RuleGraph:
    """The graph with the supplement's sections and rules, each marked editorial.

    A rule joins the end of its section; new sections follow the manual's.  A
    section that does not exist, a rule the manual or the file already has (by
    its normalised text), or a kind that cannot stand in a section, is an
    `InputError` at the item's line.
    """
    nodes, edges = list(graph.nodes), list(graph.edges)
    used = {node.id for node in nodes}
    texts = {normalise_text(node.text): node.id for node in nodes}
    sections = {node.id for node in nodes if node.kind == "section"}

    def node(section: str, index: int, node_id: str, kind: NodeKind, text: str) -> RuleNode:
        first, last = lines.get((section, index), (0, 0))
        return RuleNode(
            id=node_id,
            kind=kind,
            text=text,
            terms=terms(text),
            fingerprint=fingerprint(text),
            source=Provenance(file=path.name, page=None, lines=(first, last)),
            editorial=True,
        )

    for index, item in enumerate(supplement.sections):
        _unique_text(path, lines, "sections", index, item.title, texts)
        new_id = section_id(graph.game, item.title, used)
        section = node("sections", index, new_id, "section", item.title)
        nodes.append(section)
        used.add(section.id)
        sections.add(section.id)
        texts[normalise_text(item.title)] = section.id
    for index, rule in enumerate(supplement.rules):
        where = lines.get(("rules", index), (0, 0))[0]
        if rule.section not in sections:
            raise InputError(path, where, f"section: {rule.section} is no section of the graph")
        if rule.kind == "section":
            raise InputError(path, where, "kind: a rule cannot be a section; list it in sections")
        _unique_text(path, lines, "rules", index, rule.text, texts)
        slug = rule.section.split(".", 1)[1]
        node_id = unique_id(f"{graph.game}.{slug}.{slugify(rule.text)}", used)
        added = node("rules", index, node_id, rule.kind, rule.text)
        added = added.model_copy(update={"mechanical": rule.mechanical})
        members = [i for i, n in enumerate(nodes) if _in_section(n.id, rule.section, edges)]
        nodes.insert(max(members, default=nodes.index(_by_id(nodes, rule.section))) + 1, added)
        edges.append(Edge(from_=node_id, to=rule.section, type="part-of"))
        used.add(node_id)
        texts[normalise_text(rule.text)] = node_id
    used_terms = {term_id for n in nodes for term_id in n.terms}
    used_glossary = [term for term in glossary if term.id in used_terms]
    return graph.model_copy(update={"nodes": nodes, "edges": edges, "terms": used_glossary})


def _unique_text(
    path: Path, lines: Lines, section: str, index: int, text: str, texts: dict[str, str]
) -> None:
    """Refuse a text the graph already has: a supplement adds what the manual lacks."""
    known = texts.get(normalise_text(text))
    if known is not None:
        where = lines.get((section, index), (0, 0))[0]
        raise InputError(path, where, f"text: {known} already says this")


def _in_section(node_id: str, section: str, edges: list[Edge]) -> bool:
    return node_id == section or any(
        e.from_ == node_id and e.to == section and e.type == "part-of" for e in edges
    )


def _by_id(nodes: list[RuleNode], node_id: str) -> RuleNode:
    return next(node for node in nodes if node.id == node_id)
