"""The rule graph as the site draws it: Graphviz SVG, each node a link to its rule.

Labels are short (the node's kind and the last part of its id, wrapped), so a
graph of forty nodes reads at its natural size; the full id is the node's tooltip.
Sections stand left of their members, with unlabelled `part-of` arrows; the other
relations are labelled.
"""

from __future__ import annotations

import re
import subprocess

from markupsafe import Markup

from rulekit.model import RuleGraph

LABEL_WIDTH = 22  # characters per label line


def short_label(node_id: str, kind: str) -> str:
    """`kind` over the last part of a rule id, wrapped at hyphens to LABEL_WIDTH."""
    name = node_id.rsplit(".", 1)[-1]
    lines = [""]
    for piece in re.findall(r"[^-]+-?", name):
        if lines[-1] and len(lines[-1]) + len(piece) > LABEL_WIDTH:
            lines.append("")
        lines[-1] += piece
    return "\n".join([kind, *lines])


def _quote(text: str) -> str:
    """A DOT string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def site_dot(graph: RuleGraph, rules_page: str) -> str:
    """The graph in DOT, left to right (a section's rules one under another), nodes
    linking to `rules_page#<id>`."""
    lines = [
        f"digraph {_quote(graph.game)} {{",
        "  rankdir=LR; ranksep=0.4; nodesep=0.12;",
        '  node [shape=box, style="rounded,filled", fillcolor="#f3f4f7", color="#505058",'
        ' fontname="DejaVu Sans", fontsize=10, margin="0.1,0.05"];',
        '  edge [fontname="DejaVu Sans", fontsize=8, color="#505058", fontcolor="#1d1d1f"];',
    ]
    for node in graph.nodes:
        attributes = {
            "label": short_label(node.id, node.kind),
            "tooltip": node.id,
            "URL": f"{rules_page}#{node.id}",
            "target": "_top",
        }
        fields = ", ".join(f"{key}={_quote(value)}" for key, value in attributes.items())
        lines.append(f"  {_quote(node.id)} [{fields}];")
    for edge in graph.edges:
        if edge.type == "part-of":
            # The section stands left of its members; its arrows, the most common, unlabelled.
            arrow = f"{_quote(edge.to)} -> {_quote(edge.from_)}"
            lines.append(f'  {arrow} [dir=back, color="#8a8a94"];')
        else:
            lines.append(
                f"  {_quote(edge.from_)} -> {_quote(edge.to)} [label={_quote(edge.type)}, "
                "constraint=false];"
            )
    lines.append("}")
    return "\n".join(lines) + "\n"


def graph_svg(graph: RuleGraph, rules_page: str) -> Markup:
    """The rule graph drawn by Graphviz, as inline SVG whose nodes link to `rules_page#<id>`."""
    try:
        result = subprocess.run(
            ["dot", "-Tsvg"],
            input=site_dot(graph, rules_page),
            capture_output=True,
            text=True,
            check=False,
        )
    except FileNotFoundError:
        raise RuntimeError("Graphviz 'dot' not found; install the graphviz package") from None
    if result.returncode != 0:
        raise RuntimeError(f"dot failed for {graph.game}: {result.stderr.strip()}")
    svg = result.stdout
    # Graphviz escapes every label and the ids follow NODE_ID_PATTERN, so the
    # markup is safe to embed; the XML prolog and doctype only suit a standalone file.
    return Markup(svg[svg.index("<svg") :])
