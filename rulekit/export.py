"""Rule-graph exports for people and graph tools: a text outline and Graphviz DOT."""

from __future__ import annotations

from rulekit.model import RuleGraph
from rulekit.output.cards.content import sections

OUTLINE_WIDTH = 72


def graph_outline(graph: RuleGraph) -> str:
    """Sections with their nodes, one line each: kind, id, start of the text."""
    lines = []
    for section in sections(graph):
        lines.append(f"{section.node.id}  {section.node.text}")
        for node in section.children:
            text = " ".join(node.text.split())
            if len(text) > OUTLINE_WIDTH:
                text = text[: OUTLINE_WIDTH - 1] + "…"
            lines.append(f"  {node.kind:<10} {node.id}\n             {text}")
    return "\n".join(lines) + "\n"


def graph_dot(graph: RuleGraph) -> str:
    """The graph in Graphviz DOT: nodes labelled by kind and id, edges by type."""
    lines = [f"digraph {_quote(graph.game)} {{", "  rankdir=LR;", "  node [shape=box];"]
    for node in graph.nodes:
        lines.append(f"  {_quote(node.id)} [label={_quote(f'{node.kind}: {node.id}')}];")
    for edge in graph.edges:
        lines.append(f"  {_quote(edge.from_)} -> {_quote(edge.to)} [label={_quote(edge.type)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    """A DOT string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
