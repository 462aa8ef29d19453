"""Puts a manual's rule graph together: units, their ids and nodes, and the edges."""

from __future__ import annotations

from rulekit.cues import Cues, cues
from rulekit.extract.lexicon import Lexicon
from rulekit.graph.ids import slugify, unique_id
from rulekit.graph.links import link_units
from rulekit.graph.mechanical import mechanical
from rulekit.graph.units import Segmenter, Unit
from rulekit.model import Extraction, Provenance, RuleGraph, RuleNode, SourceInfo, Term, fingerprint
from rulekit.nlp import TermMatcher, german_pipeline


class GraphBuilder:
    """Builds rule graphs with one German pipeline and glossary, loaded once."""

    def __init__(self, glossary: list[Term], lexicon: Lexicon) -> None:
        self.glossary = glossary
        self.lexicon = lexicon
        self.nlp = german_pipeline(glossary)
        self.cues: Cues = cues("de")
        self.segmenter = Segmenter(self.nlp, self.cues, lexicon)
        self._matchers: dict[str, TermMatcher] = {}

    def matcher(self, game: str) -> TermMatcher:
        """Term matching for one game: its own terms and those that name no game.

        A term of another game is another concept, even when the word is the
        same ("Aktion" in Midway is not Risiko's "Aktion").
        """
        if game not in self._matchers:
            terms = [t for t in self.glossary if not t.games or game in t.games]
            self._matchers[game] = TermMatcher(terms, self.lexicon)
        return self._matchers[game]

    def build(self, info: SourceInfo, extraction: Extraction) -> RuleGraph:
        """The rule graph of one manual."""
        units = self.segmenter.units(info, extraction.blocks, self.matcher(info.game))
        nodes = self._nodes(info, units)
        edges = link_units(units, self.cues)
        used_terms = {term_id for node in nodes for term_id in node.terms}
        return RuleGraph(
            game=info.game,
            nodes=nodes,
            edges=edges,
            terms=[term for term in self.glossary if term.id in used_terms],
        )

    def _nodes(self, info: SourceInfo, units: list[Unit]) -> list[RuleNode]:
        used = {u.node_id for u in units if u.kind == "section"}
        headings = {u.node_id: u.text for u in units if u.kind == "section"}
        nodes = []
        for unit in units:
            if unit.kind != "section":
                section_slug = (unit.section or info.game).split(".", 1)[-1]
                unit.node_id = unique_id(f"{info.game}.{section_slug}.{slugify(unit.text)}", used)
                used.add(unit.node_id)
            heading = headings.get(unit.section or "", "")
            unit.mechanical = mechanical(unit, self.segmenter.judge, heading)
            nodes.append(
                RuleNode(
                    id=unit.node_id,
                    kind=unit.kind,
                    text=unit.text,
                    terms=unit.terms,
                    fingerprint=fingerprint(unit.text),
                    source=Provenance(
                        file=info.file,
                        page=unit.block.page,
                        lines=unit.block.lines,
                        bbox=unit.block.bbox,
                    ),
                    mechanical=unit.mechanical,
                )
            )
        return nodes


def build_graph(
    info: SourceInfo, extraction: Extraction, glossary: list[Term], lexicon: Lexicon
) -> RuleGraph:
    """The rule graph of one manual (see `GraphBuilder` to build several with one pipeline)."""
    return GraphBuilder(glossary, lexicon).build(info, extraction)
