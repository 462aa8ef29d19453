"""Link choice in isolation: `illustrates` and `exception-of` on the gold units.

`bench/graph_quality.py` scores the whole graph stage, so a wrong kind or a unit cut
in two also costs links.  This diagnostic measures only the link choice: the units are
the gold units of `tests/data/graphs/<stem>.json` (their kinds, their spans, their
sections; a `continues` chain joined into one unit), parsed with the project's German
pipeline, given the glossary terms rulekit finds in them and the cue flags rulekit
sets, and linked by `rulekit.graph.links.link_units`.  Gold kinds rulekit has no kind
for (lead-in, component, other) stay as they are: they are neither examples nor link
targets.

The bundled games in `sources/<game>/` are scored the same way: their units are
rulekit's own (segmentation matches their reviewed outlines), with the kinds the
editors' overrides give, and the gold links are those of the graph with the overrides
applied, as reviewed in `tests/data/outlines/<game>.yaml`, between the manual's own
nodes.

Per manual it prints link precision and recall (true positives / predicted / gold) and,
with `-v`, every predicted edge that is wrong and every gold link that is missed.
It prints figures and never fails.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

# A link: its type, source and target node ids.
Link = tuple[str, str, str]

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.graph_quality import DATA, LINK_TYPES, LinkScore, gold_lines, link_cell  # noqa: E402
from rulekit.model import normalise_text  # noqa: E402

OUTLINES = ROOT / "tests" / "data" / "outlines"

if TYPE_CHECKING:
    from rulekit.build import Manual
    from rulekit.cues import Cues
    from rulekit.graph.builder import GraphBuilder
    from rulekit.graph.units import Unit
    from rulekit.model import Block, Edge


def line_blocks(data: dict[str, Any]) -> dict[str, Block]:
    """The gold line (a paragraph, as one block) each gold unit stands on, by unit id."""
    from rulekit.model import Block

    lines = [normalise_text(line) for line in gold_lines(data["manual"], data["pages"])]
    by_line: dict[int, Block] = {}
    blocks: dict[str, Block] = {}
    index = offset = 0
    for entry in data["units"]:
        text = normalise_text(entry["text"])
        found = next(
            (
                i
                for i in range(index, len(lines))
                if lines[i].find(text, offset if i == index else 0) >= 0
            ),
            index,  # a unit whose text the gold lines lack stays on the current line
        )
        if found != index:
            index, offset = found, 0
        if index not in by_line:
            by_line[index] = Block(
                kind="paragraph", text=lines[index], page=entry["page"], lines=(index, index)
            )
        blocks[entry["id"]] = by_line[index]
        offset = max(lines[index].find(text, offset), offset) + len(text)
    return blocks


def gold_units(data: dict[str, Any], builder: GraphBuilder) -> list[Unit]:
    """The gold units of one annotation as rulekit units, chains joined, in reading order.

    Each unit's block is its (first) gold line, shared by the units of that line.
    """
    from rulekit.graph.exceptions import flag
    from rulekit.graph.units import Unit

    texts: dict[str, list[str]] = {}
    first: dict[str, dict[str, Any]] = {}
    for entry in data["units"]:
        head = entry.get("continues") or entry["id"]
        texts.setdefault(head, []).append(entry["text"])
        first.setdefault(head, entry)
    blocks = line_blocks(data)
    matcher = builder.matcher(data["manual"])
    units: list[Unit] = []
    open_sections: list[Unit] = []
    for head, entry in first.items():
        text = " ".join(texts[head])
        doc = builder.nlp(text)
        block = blocks[head]
        if entry["kind"] == "section":
            level = entry.get("level", 1)
            while open_sections and open_sections[-1].level >= level:
                open_sections.pop()
            parent = open_sections[-1].node_id if open_sections else None
            unit = Unit("section", [], block, parent, level=level, node_id=head)
            open_sections.append(unit)
        else:
            section = open_sections[-1].node_id if open_sections else None
            sentences = [s for s in doc.sents if s.text.strip()]
            unit = flag(Unit(entry["kind"], sentences, block, section, node_id=head), builder.cues)
        unit.terms = list(dict.fromkeys(matcher.terms_in(doc[:])))
        units.append(unit)
    return units


def bundled_units(manual: Manual, builder: GraphBuilder) -> tuple[list[Unit], set[Link]]:
    """A bundled game's units, ids and kinds as in its graph with the editors' overrides,
    and the gold links between them (those of its reviewed outline)."""
    from rulekit.graph import builder as building

    built: list[list[Unit]] = []
    linker = building.link_units

    def keep(units: list[Unit], cues: Cues) -> list[Edge]:
        built.append(units)
        return linker(units, cues)

    # The units the build links, with the node ids it gives them.
    building.link_units = keep
    try:
        builder.build(manual.info, manual.extraction)
    finally:
        building.link_units = linker
    units = built[0]
    kinds = {node.id: node.kind for node in manual.graph.nodes}
    for unit in units:
        unit.kind = kinds.get(unit.node_id, unit.kind)
    ids = {unit.node_id for unit in units}
    outline = yaml.safe_load((OUTLINES / f"{manual.info.game}.yaml").read_text("utf-8"))
    gold = set()
    for kind in LINK_TYPES:
        for link in outline.get(kind) or []:
            source, target = link.split(" -> ")
            if source in ids and target in ids:
                gold.add((kind, source, target))
    return units, gold


def readings(builder: GraphBuilder) -> list[tuple[str, list[Unit], set[Link]]]:
    """Name, units and gold links of each annotated manual, then of each bundled game."""
    from rulekit.build import analyse
    from rulekit.project import Project

    result = []
    for path in sorted((DATA / "graphs").glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        gold = {(link["type"], link["from"], link["to"]) for link in data["links"]}
        result.append((path.stem, gold_units(data, builder), gold))
    for manual in analyse(Project(ROOT), specs=False):
        units, gold = bundled_units(manual, builder)
        result.append((f"sources/{manual.info.game}", units, gold))
    return result


def main() -> None:
    from rulekit.extract.lexicon import german_lexicon
    from rulekit.graph.builder import GraphBuilder
    from rulekit.graph.links import link_units
    from rulekit.i18n.glossary import glossary_words, load_glossary

    verbose = "-v" in sys.argv[1:]
    glossary = load_glossary(ROOT / "glossary" / "terms.yaml")
    builder = GraphBuilder(glossary, german_lexicon(glossary_words(glossary)))
    totals = {group: {kind: [0, 0, 0] for kind in LINK_TYPES} for group in ("corpus", "sources")}
    print(f"{'manual':<17} {'illustrates P/R (tp/pred/gold)':<31}  exception-of P/R (tp/pred/gold)")
    for name, units, gold_links in readings(builder):
        group = "sources" if name.startswith("sources/") else "corpus"
        by_id = {u.node_id: u for u in units}
        edges = link_units(units, builder.cues)
        cells = []
        details = []
        for kind in LINK_TYPES:
            gold = {(source, target) for type_, source, target in gold_links if type_ == kind}
            predicted = {(e.from_, e.to) for e in edges if e.type == kind}
            score = LinkScore(len(gold & predicted), len(predicted), len(gold))
            counts = (score.tp, score.predicted, score.gold)
            totals[group][kind] = [a + b for a, b in zip(totals[group][kind], counts, strict=True)]
            cells.append(link_cell(score))
            for mark, pairs in (("wrong", predicted - gold), ("missed", gold - predicted)):
                for source, target in sorted(pairs):
                    details.append(
                        f"  {kind} {mark}: {source} {by_id[source].text[:70]!r}\n"
                        f"      -> {target} {by_id[target].text[:70]!r}"
                    )
        print(f"{name:<17} {cells[0]:<31}  {cells[1]}")
        if verbose and details:
            print("\n".join(details))
    for group, counts in totals.items():
        pooled = [link_cell(LinkScore(*counts[kind])) for kind in LINK_TYPES]
        print(f"{group + ' (pooled)':<17} {pooled[0]:<31}  {pooled[1]}")


if __name__ == "__main__":
    main()
