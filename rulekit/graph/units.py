"""Segmentation and kinds: the body blocks of a manual cut into units, one per node.

Every sentence of the body becomes a unit of its own, so one node holds one
normative statement; a numbered step, a labelled example ("Beispiel: ...") and a
narrative example that runs over several sentences stay whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.language import Language
from spacy.tokens import Span

from rulekit.graph.ids import heading_level, section_id
from rulekit.model import Block, NodeKind, SourceInfo
from rulekit.nlp import Cues, TermMatcher

MECHANICAL_KINDS = ("rule", "step", "note")
CLAUSE_MIN_WORDS = 5

_NUMBERED_STEP = re.compile(r"^\d{1,2}[.)]\s")
_LABEL = re.compile(r"^([A-ZÄÖÜ][\w-]*):\s")


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

    @property
    def text(self) -> str:
        if not self.sentences:
            return self.block.text
        return " ".join(sentence.text.strip() for sentence in self.sentences)

    def phrase(self, phrase: str) -> bool:
        """The unit says `phrase` as whole words (case-insensitive)."""
        text = " ".join(s.text for s in self.sentences).lower()
        return has_phrase(text, phrase)


class Segmenter:
    """Cuts body blocks into units with kinds, sections and cue flags."""

    def __init__(self, nlp: Language, cues: Cues) -> None:
        self.nlp = nlp
        self.cues = cues

    def units(self, info: SourceInfo, blocks: list[Block], matcher: TermMatcher) -> list[Unit]:
        """The units of a manual's blocks in reading order, sections included."""
        body = [b for b in blocks if b.kind not in ("figure", "caption")]
        docs = self.nlp.pipe(b.text for b in body)
        units: list[Unit] = []
        sections: list[Unit] = []  # the open sections, outermost first
        names: set[str] = set()  # players named in examples ("Blau", "Rot")
        for block, doc in zip(body, docs, strict=True):
            if block.kind == "heading":
                level = heading_level(block.text)
                while sections and sections[-1].level >= level:
                    sections.pop()
                parent = sections[-1].node_id if sections else None
                unit = Unit("section", [], block, parent, level=level)
                unit.node_id = section_id(info.game, block.text, {u.node_id for u in units})
                sections.append(unit)
                units.append(unit)
                continue
            if not sections:
                opening = Block(kind="heading", text=info.title, page=block.page, lines=block.lines)
                unit = Unit("section", [], opening, None, level=0)
                unit.node_id = section_id(info.game, info.title, {u.node_id for u in units})
                sections.append(unit)
                units.append(unit)
            section = sections[-1].node_id
            units.extend(self._block_units(block, list(doc.sents), section, names))
        for unit in units:
            spans = unit.sentences or [self.nlp(unit.block.text)[:]]
            found = {term for span in spans for term in matcher.terms_in(span)}
            unit.terms = [term.id for term in matcher.terms if term.id in found]
        return units

    def _block_units(
        self, block: Block, sentences: list[Span], section: str, names: set[str]
    ) -> list[Unit]:
        label = _LABEL.match(block.text)
        label_word = label.group(1).lower() if label else ""
        if label_word in self.cues.example_labels:
            return [Unit("example", sentences, block, section)]
        if block.kind == "list-item" and _NUMBERED_STEP.match(block.text):
            return [self._flagged(Unit("step", sentences, block, section))]
        units: list[Unit] = []
        in_example = False
        for position, sentence in enumerate(sentences):
            if position == 0 and label_word in self.cues.note_labels:
                units.append(self._flagged(Unit("note", [sentence], block, section)))
                continue
            named = self._names_player(sentence, names)
            if named or self._narrates(sentence) or (in_example and self._continues(sentence)):
                if in_example:
                    units[-1].sentences.append(sentence)
                else:
                    units.append(Unit("example", [sentence], block, section))
                in_example = True
                continue
            in_example = False
            units.append(
                self._flagged(Unit(self._sentence_kind(sentence), [sentence], block, section))
            )
        return units

    def _flagged(self, unit: Unit) -> Unit:
        unit.exception = any(unit.phrase(cue) for cue in self.cues.exception_cues)
        unit.trigger = any(unit.phrase(cue) for cue in self.cues.trigger_cues)
        return unit

    def _sentence_kind(self, sentence: Span) -> NodeKind:
        sentence_lemmas = {t.lemma_.lower() for t in sentence}
        text = sentence.text.lower()
        modal = bool(sentence_lemmas & self.cues.modal_lemmas)
        if not modal and (
            sentence_lemmas & self.cues.definition_lemmas
            or any(has_phrase(text, phrase) for phrase in self.cues.definition_phrases)
        ):
            return "definition"
        if not modal and sentence_lemmas & self.cues.flavour_lemmas:
            return "flavour"
        return "rule"

    def _names_player(self, sentence: Span, names: set[str]) -> bool:
        """The sentence names a player ("Spielerin Rot"), or one named before."""
        found = False
        for token in sentence[:-1]:
            following = sentence.doc[token.i + 1]
            if (
                token.lower_ in self.cues.actor_nouns
                and following.is_alpha
                and following.text[:1].isupper()
                and following.lower_ not in STOP_WORDS
            ):
                names.add(following.text)
                found = True
        return found or any(token.text in names for token in sentence)

    def _narrates(self, sentence: Span) -> bool:
        """Concrete values joined by "und" without a modal verb: "würfelt 3 und 2"."""
        if any(t.lemma_.lower() in self.cues.modal_lemmas for t in sentence):
            return False
        tokens = list(sentence)
        return any(
            a.like_num and b.lower_ == "und" and c.like_num
            for a, b, c in zip(tokens, tokens[1:], tokens[2:], strict=False)
        )

    def _continues(self, sentence: Span) -> bool:
        """A sentence that goes on with an example: a pronoun for its player comes early."""
        words = [t for t in sentence if t.is_alpha][:4]
        if not words:
            return False
        first = words[0]
        if first.lower_ in self.cues.continuation_pronouns and not (
            len(words) > 1 and words[1].text == "Sie"
        ):
            return True
        return any(w.text in self.cues.continuation_pronouns for w in words[1:])

    def mechanical(self, unit: Unit) -> bool:
        """An engine can implement and test it: a normative statement with a rule in it."""
        if unit.kind not in MECHANICAL_KINDS or not is_clause(unit):
            return False
        words = {t.lower_ for s in unit.sentences for t in s}
        numbers = any(t.like_num for s in unit.sentences for t in s)
        modal = any(t.lemma_.lower() in self.cues.modal_lemmas for s in unit.sentences for t in s)
        return (
            numbers
            or modal
            or unit.exception
            or unit.trigger
            or bool(unit.terms)
            or bool(words & self.cues.normative_words)
        )


def is_clause(unit: Unit) -> bool:
    """Not a run-in heading like "Bomben und Mineure (3).": longer, or with a verb.

    A lower-case content word is a verb or adjective; a short run of nouns is a
    fragment.  (A verb at the sentence start is capitalised, hence the length.)
    """
    words = [t for s in unit.sentences for t in s if t.is_alpha]
    return len(words) >= CLAUSE_MIN_WORDS or any(
        t.text[:1].islower() and t.lower_ not in STOP_WORDS for t in words
    )


def has_phrase(text: str, phrase: str) -> bool:
    """`phrase` occurs in `text` as whole words."""
    return re.search(rf"\b{re.escape(phrase)}\b", text) is not None
