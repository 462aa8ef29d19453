"""A node in the making: the unit the segmenter cuts, the linker joins and the
builder turns into a node of the rule graph."""

from __future__ import annotations

from dataclasses import dataclass, field

from spacy.tokens import Span

from rulekit.graph.shapes import has_phrase
from rulekit.model import Block, NodeKind


@dataclass(eq=False)
class Unit:
    """A node in the making: its kind, text and where it came from."""

    kind: NodeKind
    sentences: list[Span]
    block: Block
    section: str | None
    level: int = 0
    exception: bool = False
    trigger: bool = False
    node_id: str = ""
    terms: list[str] = field(default_factory=list)
    position: int = 0
    features: set[str] = field(default_factory=set)
    # The verbs its clauses split from their particle ("wirfst … ab": "abwerfen"),
    # set with `features` (`overlap.Overlap`).
    actions: set[str] = field(default_factory=set)
    labelled: bool = False  # a note opened by its label ("Wichtig: ...")
    lead: Unit | None = None  # the sentence whose colon announced this item
    mechanical: bool = False  # set by the builder (`mechanical.mechanical`)

    @property
    def text(self) -> str:
        if not self.sentences:
            return self.block.text
        return " ".join(sentence.text.strip() for sentence in self.sentences)

    def phrase(self, phrase: str) -> bool:
        """The unit says `phrase` as whole words (case-insensitive)."""
        text = " ".join(s.text for s in self.sentences).lower()
        return has_phrase(text, phrase)

    def extend(self, sentences: list[Span], block: Block) -> None:
        """Take in the sentences of a later block (an example told over several lines)."""
        self.sentences.extend(sentences)
        self.block = self.block.model_copy(
            update={"lines": (self.block.lines[0], block.lines[1]), "text": self.text}
        )
