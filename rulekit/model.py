"""The one data model every stage reads and writes.

Data flows one way: a `Source` is extracted into an `Extraction` (blocks and
repairs), the graph stage turns that into a `RuleGraph`, and catalogs, cards,
site and trace read the graph.  Every stage takes and returns these plain
objects, so each can be run and tested alone.  `graph_schema()` is the JSON
Schema that `build/graph/<game>.json` follows; it is derived from these classes
so the two cannot drift apart.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulekit.project import GAME_ID_PATTERN

BBOX_DESCRIPTION = (
    "Where on the page, in PDF points from the top-left corner of the page as displayed: "
    "x0, top, x1, bottom. Null for text extracts."
)
BBox = tuple[float, float, float, float]
NODE_ID_PATTERN = r"^[a-z][a-z0-9_]*(\.[a-z0-9][a-z0-9-]*)+$"

LineRole = Literal["body", "heading", "list-item", "figure", "caption", "artefact"]
BlockKind = Literal["heading", "paragraph", "list-item", "figure", "caption"]
NodeKind = Literal[
    "section",
    "lead-in",
    "component",
    "rule",
    "step",
    "example",
    "note",
    "definition",
    "flavour",
    "other",
]
EdgeType = Literal["part-of", "illustrates", "exception-of", "triggers", "refers-to"]
TermStatus = Literal["preferred", "admitted", "deprecated"]
# The values TBX-Basic allows, so the termbase round-trips through TBX unchanged.
PartOfSpeech = Literal["noun", "verb", "adjective", "adverb", "proper noun", "other", ""]
Gender = Literal["masculine", "feminine", "neuter", "other", ""]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data, with the public key names."""
        return self.model_dump(mode="json", by_alias=True)


class SourceInfo(_Model):
    """One bundled manual, as described by `sources/<game>/source.yaml`."""

    game: str = Field(pattern=GAME_ID_PATTERN)
    title: str
    publisher: str
    year: int | None = None
    edition: str
    language: str = "de"
    pages: list[int] = Field(description="Printed page numbers the file covers, in order.")
    file: str = Field(description="The manual file, relative to the source folder.")
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    players: tuple[int, int] | None = Field(
        default=None, description="Fewest and most players, as the box says (site home page)."
    )
    picture: str | None = Field(
        default=None,
        description="A PNG, JPEG or WebP image of the game (its box), relative to the source "
        "folder, shown on the site's home page.",
    )


class TextLine(_Model):
    """One line of a manual on its way through extraction, in reading order.

    The PDF path fills `role` from layout (font, position, images); the text path
    leaves it None for the cleaning passes to decide.  `starts_paragraph` is
    layout evidence (indent, vertical gap) that a new paragraph begins here.
    """

    text: str
    page: int | None
    line: int = Field(description="1-based line number in the file (text) or on the page (PDF).")
    role: LineRole | None = None
    starts_paragraph: bool = False
    artefact: str | None = Field(
        default=None, description="Why an artefact line was removed: its repair kind."
    )
    bbox: BBox | None = Field(default=None, description=BBOX_DESCRIPTION)


class Block(_Model):
    """One piece of cleaned text: a heading, paragraph, list item, figure text or caption."""

    kind: BlockKind
    text: str
    page: int | None = Field(description="Printed page number, when known.")
    lines: tuple[int, int] = Field(description="First and last source line (1-based).")
    bbox: BBox | None = Field(
        default=None,
        description=BBOX_DESCRIPTION + " The part of the block on its page, for a block that "
        "runs on over a page break.",
    )
    breaks: tuple[int, ...] = Field(
        default=(),
        description="Where in the text each source line after the first begins (character "
        "offsets): a sentence that opens there may open a paragraph the text path ran on.",
    )


class Repair(_Model):
    """One change extraction made to the source text, traceable to its page and line."""

    kind: str
    before: str
    after: str
    page: int | None
    line: int
    confidence: float = Field(ge=0.0, le=1.0)
    applied: bool = Field(
        default=True,
        description="False for a low-confidence suggestion left in the text for an editor.",
    )
    bbox: BBox | None = Field(default=None, description="The line's box. " + BBOX_DESCRIPTION)


class Extraction(_Model):
    """The output of the extraction stage for one manual."""

    blocks: list[Block]
    repairs: list[Repair]


class Provenance(_Model):
    """Where a node's text comes from."""

    file: str
    page: int | None
    lines: tuple[int, int]
    bbox: BBox | None = Field(default=None, description=BBOX_DESCRIPTION)


class RuleNode(_Model):
    """One unit of a manual's text, of one kind.

    Rules, steps, examples, notes, definitions, flavour text and sections; a lead-in
    announces a list, a component is one item of the game's material, and `other` is
    text that is not part of the rules (title, navigation, credits, imprint).
    """

    id: str = Field(pattern=NODE_ID_PATTERN)
    kind: NodeKind
    text: str = Field(description="Cleaned German text.")
    terms: list[str] = Field(description="Ids of the glossary terms the text uses.")
    fingerprint: str = Field(description="Content hash of the normalised text.")
    source: Provenance
    mechanical: bool = Field(
        default=False, description="An engine can implement and test this rule."
    )
    summary: str = Field(default="", description="Short German summary for cards (editors').")
    editorial: bool = Field(
        default=False,
        description="Written by the editors in their own words, not printed in the manual "
        "(an editor's supplement, `sources/<game>/supplement.yaml`).",
    )


class Edge(_Model):
    """A typed link between two nodes."""

    from_: str = Field(alias="from")
    to: str
    type: EdgeType


class Translation(_Model):
    """A glossary term in one target language."""

    term: str
    status: TermStatus = "preferred"
    note: str = ""


class Term(_Model):
    """A glossary entry (a concept with its German term and its translations)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    de: str
    variants: list[str] = Field(default_factory=list)
    pos: PartOfSpeech = ""
    gender: Gender = ""
    definition: str = ""
    note: str = ""
    status: TermStatus = "preferred"
    games: list[str] = Field(default_factory=list)
    translations: dict[str, list[Translation]] = Field(default_factory=dict)


class RuleGraph(_Model):
    """The rule graph of one game: what `build/graph/<game>.json` holds."""

    game: str = Field(pattern=GAME_ID_PATTERN)
    nodes: list[RuleNode]
    edges: list[Edge]
    terms: list[Term]

    def node(self, node_id: str) -> RuleNode:
        """The node with this id; KeyError when there is none."""
        for node in self.nodes:
            if node.id == node_id:
                return node
        raise KeyError(node_id)


class NodeOverride(_Model):
    """An editor's correction of one node, pinned to the text it was reviewed against."""

    id: str
    fingerprint: str
    kind: NodeKind | None = None
    mechanical: bool | None = None
    summary: str | None = None


class EdgeOverride(_Model):
    """An edge an editor adds, or removes with `remove: true`."""

    from_: str = Field(alias="from")
    to: str
    type: EdgeType
    remove: bool = False


class SplitOverride(_Model):
    """One node split into parts; the parts' texts must make up the node's text."""

    id: str
    fingerprint: str
    parts: list[str] = Field(min_length=2)


class MergeOverride(_Model):
    """Consecutive nodes merged into the first one."""

    ids: list[str] = Field(min_length=2)
    fingerprints: list[str]


class GraphOverrides(_Model):
    """`sources/<game>/graph.yaml`: editor overrides that survive re-extraction."""

    nodes: list[NodeOverride] = Field(default_factory=list)
    edges: list[EdgeOverride] = Field(default_factory=list)
    split: list[SplitOverride] = Field(default_factory=list)
    merge: list[MergeOverride] = Field(default_factory=list)


class Localization(_Model):
    """The texts of one game in one language, as renderers use them."""

    game: str
    lang: str
    texts: dict[str, str] = Field(description="Node id to text; reviewed translations only.")
    missing: list[str] = Field(
        description="Node ids shown in German because no reviewed translation exists."
    )
    fuzzy: list[str] = Field(
        default_factory=list, description="Those of `missing` whose translation awaits review."
    )


class TraceEntry(_Model):
    """How one rule is carried by engine code and tests."""

    id: str
    mechanical: bool
    implemented_by: list[str]
    tested_by: list[str]
    status: Literal["covered", "uncovered", "suspect"]
    diff: str = Field(default="", description="What changed since the links were pinned.")


class TraceReport(_Model):
    """The trace of every rule, plus links that name no known rule."""

    rules: list[TraceEntry]
    orphans: list[str] = Field(description="Linked ids that name no rule.")
    duplicates: list[str] = Field(default_factory=list, description="Links declared twice.")

    def problems(self) -> list[str]:
        """What fails the trace: uncovered mechanical rules, suspect links, orphans, duplicates."""
        found = [
            f"{e.id}: mechanical rule not covered by code and tests"
            for e in self.rules
            if e.mechanical and e.status == "uncovered"
        ]
        found += [
            f"{e.id}: text changed since its links were pinned"
            for e in self.rules
            if e.status == "suspect"
        ]
        found += [f"{rule_id}: linked but no such rule" for rule_id in self.orphans]
        found += list(self.duplicates)
        return found


# A rule a quick-reference line summarises: its id and the fingerprint of the text
# the editor summarised, "risiko.kampf.der-hoechste-wurf@0123456789abcdef".
PINNED_RULE_PATTERN = r"^[a-z][a-z0-9_]*(\.[a-z0-9][a-z0-9-]*)+@[0-9a-f]{16}$"
PinnedRule = Annotated[str, Field(pattern=PINNED_RULE_PATTERN)]


class QuickLine(_Model):
    """One short line of a quick-reference card, and the rules it summarises."""

    text: str = Field(min_length=1, max_length=140)
    rules: list[PinnedRule] = Field(min_length=1)
    line: int = Field(default=0, description="Where the line stands in the spec (set on load).")


class QuickRow(_Model):
    """One row of a quick-reference table, and the rules it summarises."""

    cells: list[str] = Field(min_length=1)
    rules: list[PinnedRule] = Field(min_length=1)
    line: int = Field(default=0, description="Where the row stands in the spec (set on load).")


class QuickTable(_Model):
    """A table on a quick-reference card: column heads and rows."""

    columns: list[str] = Field(min_length=2)
    rows: list[QuickRow] = Field(min_length=1)


class QuickCard(_Model):
    """One titled quick-reference card: a turn sequence, a table and lines, in that order."""

    title: str = Field(min_length=1, max_length=60)
    sequence: list[QuickLine] = Field(default_factory=list)
    table: QuickTable | None = None
    lines: list[QuickLine] = Field(default_factory=list)


class QuickReference(_Model):
    """`sources/<game>/cards.yaml`: the editors' quick reference of one game."""

    cards: list[QuickCard] = Field(min_length=1)


class Manual(_Model):
    """One game carried through extraction and the graph stage, for the renderers."""

    info: SourceInfo
    extraction: Extraction
    graph: RuleGraph
    stale_overrides: list[str] = Field(default_factory=list)
    quickref: QuickReference | None = Field(
        default=None, description="The editors' card spec; None prints the mechanical rules."
    )
    suspect_lines: list[str] = Field(
        default_factory=list,
        description="`path:line: message` per spec line whose rules changed since it was written.",
    )


def normalise_text(text: str) -> str:
    """NFC text with runs of white space folded to one space."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def fingerprint(text: str) -> str:
    """A content hash that ignores white space differences."""
    return hashlib.sha256(normalise_text(text).encode("utf-8")).hexdigest()[:16]


def graph_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a rule graph file."""
    schema = RuleGraph.model_json_schema(by_alias=True, mode="serialization")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://rulekit.invalid/schema/rule-graph.json"
    return schema


def dump_json(data: Any) -> str:
    """Deterministic JSON text: sorted keys, two-space indent, UTF-8, final newline."""
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
