"""A small invented game ("probe") for the card tests: nodes and sections to print."""

from __future__ import annotations

from pathlib import Path

from rulekit.model import (
    Edge,
    Extraction,
    Manual,
    Provenance,
    RuleGraph,
    RuleNode,
    SourceInfo,
    Term,
    fingerprint,
)

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
SENTENCE = "Jeder Spieler würfelt mit 2 Würfeln und zieht seine Figur entsprechend weit. "
UNTRANSLATED = "Wer keine Einheit mehr hat, scheidet sofort aus dem Spiel aus."


def probe_node(game: str, section: str, slug: str, kind: str, text: str) -> RuleNode:
    node_id = f"{game}.{section}" if kind == "section" else f"{game}.{section}.{slug}"
    return RuleNode(
        id=node_id,
        kind=kind,  # type: ignore[arg-type]
        text=text,
        terms=[],
        fingerprint=fingerprint(text),
        source=Provenance(file="manual.txt", page=10, lines=(1, 1)),
    )


def probe_manual(
    sections: list[tuple[str, list[tuple[str, str]]]], terms: list[Term] | None = None
) -> Manual:
    """A game with the given sections of (kind, German text) nodes."""
    game = "probe"
    nodes, edges = [], []
    for name, children in sections:
        head = probe_node(game, name, "", "section", name.capitalize())
        nodes.append(head)
        for index, (kind, text) in enumerate(children):
            child = probe_node(game, name, f"r{index}", kind, text)
            nodes.append(child)
            edges.append(Edge.model_validate({"from": child.id, "to": head.id, "type": "part-of"}))
    info = SourceInfo(
        game=game,
        title="Probe",
        publisher="Testverlag",
        year=2024,
        edition="Testausgabe 3",
        pages=[10, 11],
        file="manual.txt",
        sha256="0" * 64,
    )
    return Manual(
        info=info,
        extraction=Extraction(blocks=[], repairs=[]),
        graph=RuleGraph(game=game, nodes=nodes, edges=edges, terms=terms or []),
    )
