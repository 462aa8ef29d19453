"""Edges between units: what each node belongs to, illustrates, excepts, starts or names.

Examples and exceptions are linked by what they talk about, with the layout of the text
as a prior: examples see `rulekit.graph.illustrations`, exceptions
`rulekit.graph.exception_links`.  Neither links to a remark that reminds or warns
("Hinweis: …", "Achtung: …"), only to a rule or a remark that states one ("Wichtig: …").
"""

from __future__ import annotations

from rulekit.cues import Cues
from rulekit.graph.exception_counts import flag_capacity_lifts
from rulekit.graph.exception_links import ExceptionContext, excepted
from rulekit.graph.exceptions import flag_in_context
from rulekit.graph.illustrations import shown_rules
from rulekit.graph.line_kinds import run_in_label
from rulekit.graph.mechanical import is_clause
from rulekit.graph.overlap import Overlap
from rulekit.graph.phases import part_headings
from rulekit.graph.rows import table_line
from rulekit.graph.special_cases import special_cases
from rulekit.graph.units import MECHANICAL_KINDS, Unit
from rulekit.model import Edge, EdgeType

# What a link can point to: units with rule content.
TARGET_KINDS = (*MECHANICAL_KINDS, "definition")


def link_units(units: list[Unit], cues: Cues) -> list[Edge]:
    """The edges of a manual's units, which already carry their node ids."""
    edges: list[Edge] = []

    def link(source: Unit, target: Unit, kind: EdgeType) -> None:
        edges.append(Edge(from_=source.node_id, to=target.node_id, type=kind))

    by_id = {u.node_id: u for u in units}
    overlap = Overlap(units, cues.phrase_final_particles)
    leads = flag_in_context(units, by_id, cues)
    flag_capacity_lifts(units, cues)
    targets: list[Unit] = []
    for position, unit in enumerate(units):
        unit.position = position
        if unit.kind in TARGET_KINDS and is_clause(unit):
            targets.append(unit)
        elif unit.lead is not None:
            # A row its colon announced completes the sentence ("Die anderen Spieler zählen
            # die Punkte ihrer Handkarten:" / "Joker: je 25 Punkte"): what an example
            # reckons with the row's values, it reckons with that sentence.
            unit.lead.features |= unit.features
    context = ExceptionContext(
        cues, by_id, leads, special_cases(targets, cues), part_headings(units)
    )
    # What an example shows or an exception limits is a rule, or a remark that states
    # one; not a tip, a reminder of the aim or a warning (`_shows_rule`).
    stated = [rule for rule in targets if _shows_rule(rule, cues)]
    for position, unit in enumerate(units):
        if unit.section is not None:
            link(unit, by_id[unit.section], "part-of")
        if unit.kind == "section":
            continue
        section_targets = [u for u in targets if u.section == unit.section]
        earlier = [u for u in section_targets if u.position < position]
        if unit.kind == "example":
            for rule in shown_rules(unit, units, targets, overlap, context):
                if rule in stated or table_line(rule):
                    link(unit, rule, "illustrates")
        if unit.exception and unit.kind in TARGET_KINDS:
            for rule in excepted(unit, stated, overlap, context):
                link(unit, rule, "exception-of")
        if unit.trigger:
            # What a trigger starts is told next; a following trigger is a parallel
            # rule with its own consequence, and an exception limits it: neither is
            # what this one starts.
            after = (u for u in units[position + 1 :] if u.kind in MECHANICAL_KINDS)
            following = next(after, None)
            if (
                following
                and following.section == unit.section
                and not following.trigger
                and not following.exception
            ):
                link(unit, following, "triggers")
        if unit.kind == "definition" and earlier and _demonstrative(unit, cues):
            link(unit, earlier[-1], "refers-to")
    return edges


def _shows_rule(unit: Unit, cues: Cues) -> bool:
    """A unit an example can show or an exception limit: a rule, or a remark that binds
    and states one ("Wichtig: …"); a remark that reminds or warns ("Hinweis: …",
    "Achtung: …") points to a rule that is shown or limited itself."""
    if unit.kind != "note":
        return True
    if not unit.mechanical:
        return False
    return run_in_label(unit.text, cues) in cues.rule_note_labels


def _demonstrative(unit: Unit, cues: Cues) -> bool:
    """ "Diese Regel heißt ...": a definition that names what came before it."""
    return bool(unit.sentences) and unit.sentences[0][0].lower_ in cues.demonstratives
