"""Editor overrides of a rule graph (`sources/<game>/graph.yaml`).

Overrides are applied after every build of the graph, so re-extraction keeps
them.  Each names its node by id and pins the fingerprint of the text the
editor reviewed.  An override whose node is gone, or whose text has changed
since, is reported (`rulekit check` fails on it and the build report lists it);
it is never dropped silently.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from rulekit.graph import slugify, unique_id
from rulekit.model import (
    Edge,
    GraphOverrides,
    Provenance,
    RuleGraph,
    RuleNode,
    fingerprint,
    normalise_text,
)
from rulekit.sources import item_lines, load_yaml, validation_error

OVERRIDES_FILE = "graph.yaml"

# Where each override item stands in the file, for messages: (section, index) -> line.
Lines = dict[tuple[str, int], int]


def load_overrides(path: Path) -> tuple[GraphOverrides, Lines]:
    """Read and validate an overrides file; a missing file means no overrides."""
    if not path.is_file():
        return GraphOverrides(), {}
    data = load_yaml(path) or {}
    try:
        return GraphOverrides.model_validate(data), {
            key: first for key, (first, _) in item_lines(path).items()
        }
    except ValidationError as error:
        raise validation_error(path, error) from None


def apply_overrides(
    graph: RuleGraph, overrides: GraphOverrides, lines: Lines, path: Path
) -> tuple[RuleGraph, list[str]]:
    """The graph with the overrides applied, and a `path:line: message` per stale override."""
    problems: list[str] = []
    nodes = list(graph.nodes)
    edges = list(graph.edges)

    def report(section: str, index: int, message: str) -> None:
        problems.append(f"{path}:{lines.get((section, index), 0)}: {message}")

    def find(node_id: str) -> int | None:
        return next((i for i, node in enumerate(nodes) if node.id == node_id), None)

    def check_text(section: str, index: int, node: RuleNode, pinned: str) -> None:
        if node.fingerprint != pinned:
            report(
                section,
                index,
                f"text of {node.id} changed since this override was reviewed "
                f"(fingerprint {pinned}, now {node.fingerprint}); "
                "review it and update the fingerprint",
            )

    for index, split in enumerate(overrides.split):
        position = find(split.id)
        if position is None:
            report("split", index, f"node {split.id} no longer exists")
            continue
        node = nodes[position]
        check_text("split", index, node, split.fingerprint)
        if normalise_text(" ".join(split.parts)) != normalise_text(node.text):
            report("split", index, f"the parts do not make up the text of {split.id}")
            continue
        prefix = node.id.rsplit(".", 1)[0]
        taken = {n.id for n in nodes} - {node.id}
        parts = []
        for text in split.parts:
            part_id = unique_id(f"{prefix}.{slugify(text)}", taken)
            taken.add(part_id)
            parts.append(_derived(node, part_id, text))
        nodes[position : position + 1] = parts
        edges = _renamed(edges, {node.id: parts[0].id}) + [
            Edge(from_=part.id, to=edge.to, type="part-of")
            for part in parts[1:]
            for edge in edges
            if edge.from_ == node.id and edge.type == "part-of"
        ]

    for index, merge in enumerate(overrides.merge):
        positions = [find(node_id) for node_id in merge.ids]
        if any(p is None for p in positions):
            missing = [i for i, p in zip(merge.ids, positions, strict=True) if p is None]
            report("merge", index, f"node {', '.join(missing)} no longer exists")
            continue
        found = [nodes[p] for p in positions if p is not None]
        for node, pinned in zip(found, merge.fingerprints, strict=False):
            check_text("merge", index, node, pinned)
        merged = _derived(found[0], found[0].id, " ".join(n.text for n in found))
        # The merged node carries every part's terms, and is mechanical if any part is.
        merged = merged.model_copy(
            update={
                "terms": list(dict.fromkeys(t for n in found for t in n.terms)),
                "mechanical": any(n.mechanical for n in found),
            }
        )
        drop = {n.id for n in found[1:]}
        nodes = [merged if n.id == found[0].id else n for n in nodes if n.id not in drop]
        edges = [e for e in _renamed(edges, dict.fromkeys(drop, found[0].id)) if e.from_ != e.to]

    for index, override in enumerate(overrides.nodes):
        position = find(override.id)
        if position is None:
            report("nodes", index, f"node {override.id} no longer exists")
            continue
        check_text("nodes", index, nodes[position], override.fingerprint)
        changes = {
            key: value
            for key, value in (
                ("kind", override.kind),
                ("mechanical", override.mechanical),
                ("summary", override.summary),
            )
            if value is not None
        }
        nodes[position] = nodes[position].model_copy(update=changes)
        if override.kind not in (None, "example"):
            # What an editor says is no example illustrates nothing.
            edges = [e for e in edges if not (e.type == "illustrates" and e.from_ == override.id)]

    ids = {node.id for node in nodes}
    for index, change in enumerate(overrides.edges):
        missing = [end for end in (change.from_, change.to) if end not in ids]
        if missing:
            report("edges", index, f"node {', '.join(missing)} no longer exists")
            continue
        edge = Edge(from_=change.from_, to=change.to, type=change.type)
        if change.remove:
            if edge not in edges:
                report("edges", index, f"no {edge.type} edge {edge.from_} -> {edge.to} to remove")
            edges = [e for e in edges if e != edge]
        elif edge not in edges:
            edges.append(edge)

    return graph.model_copy(update={"nodes": nodes, "edges": _unique(edges)}), problems


def _derived(node: RuleNode, node_id: str, text: str) -> RuleNode:
    return node.model_copy(
        update={
            "id": node_id,
            "text": text,
            "fingerprint": fingerprint(text),
            "source": Provenance.model_validate(node.source.model_dump()),
        }
    )


def _renamed(edges: list[Edge], renames: dict[str, str]) -> list[Edge]:
    return [
        Edge(from_=renames.get(e.from_, e.from_), to=renames.get(e.to, e.to), type=e.type)
        for e in edges
    ]


def _unique(edges: list[Edge]) -> list[Edge]:
    seen: set[tuple[str, str, str]] = set()
    result = []
    for edge in edges:
        key = (edge.from_, edge.to, edge.type)
        if key not in seen:
            seen.add(key)
            result.append(edge)
    return result
