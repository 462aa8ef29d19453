"""The graph stage: cleaned blocks of one manual to its rule graph.

Every sentence of the body becomes a node of its own, so one node holds one
normative statement; a numbered step, a labelled example ("Beispiel: ...") and
a narrative example that runs over several sentences stay whole.  Edges link
nodes to their section, examples to the rules they illustrate, exceptions to
the rule they except, triggers to what they start, and rules to what they name.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Span

from rulekit.extract.lexicon import Lexicon
from rulekit.model import (
    Block,
    Edge,
    EdgeType,
    Extraction,
    NodeKind,
    Provenance,
    RuleGraph,
    RuleNode,
    SourceInfo,
    Term,
    fingerprint,
)
from rulekit.nlp import Cues, TermMatcher, cues, german_pipeline, lemmas

SLUG_WORDS = 6
SECTION_SLUG_WORDS = 4
SLUG_MAX = 48
# How alike an example and a rule must be (shared content lemmas, terms, numbers)
# for the example to illustrate the rule.
ILLUSTRATES_MIN_SCORE = 3
# An example illustrates every rule nearly as alike as the best one.
ILLUSTRATES_SHARE_OF_BEST = 0.6
MECHANICAL_KINDS = ("rule", "step", "note")
CLAUSE_MIN_WORDS = 5

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_NUMBERED_STEP = re.compile(r"^\d{1,2}[.)]\s")
_SECTION_NUMBER = re.compile(r"^(\d+(?:\.\d+)*)\.?\s")
_LABEL = re.compile(r"^([A-ZÄÖÜ][\w-]*):\s")


def slugify(text: str, words: int = SLUG_WORDS) -> str:
    """An ASCII slug of the first words of `text` ("Würfel-Aktion 1" -> "wuerfel-aktion-1")."""
    folded = unicodedata.normalize("NFKD", text.lower().translate(_FOLD))
    ascii_text = folded.encode("ascii", "ignore").decode("ascii")
    parts = re.findall(r"[a-z0-9]+", ascii_text)[:words]
    slug = "-".join(parts)[:SLUG_MAX].strip("-")
    return slug or "x"


@dataclass(eq=False)
class _Unit:
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


class GraphBuilder:
    """Builds rule graphs with one German pipeline and glossary, loaded once."""

    def __init__(self, glossary: list[Term], lexicon: Lexicon) -> None:
        self.glossary = glossary
        self.lexicon = lexicon
        self.nlp = german_pipeline(glossary)
        self.cues: Cues = cues("de")
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
        units = self._units(info, extraction.blocks, self.matcher(info.game))
        nodes = self._nodes(info, units)
        edges = self._edges(units)
        used_terms = {term_id for node in nodes for term_id in node.terms}
        return RuleGraph(
            game=info.game,
            nodes=nodes,
            edges=edges,
            terms=[term for term in self.glossary if term.id in used_terms],
        )

    # Segmentation ---------------------------------------------------------------

    def _units(self, info: SourceInfo, blocks: list[Block], matcher: TermMatcher) -> list[_Unit]:
        body = [b for b in blocks if b.kind not in ("figure", "caption")]
        docs = self.nlp.pipe(b.text for b in body)
        units: list[_Unit] = []
        sections: list[_Unit] = []  # the open sections, outermost first
        names: set[str] = set()  # players named in examples ("Blau", "Rot")
        for block, doc in zip(body, docs, strict=True):
            if block.kind == "heading":
                level = _heading_level(block.text)
                while sections and sections[-1].level >= level:
                    sections.pop()
                parent = sections[-1].node_id if sections else None
                unit = _Unit("section", [], block, parent, level=level)
                unit.node_id = self._section_id(info, block.text, units)
                sections.append(unit)
                units.append(unit)
                continue
            if not sections:
                opening = Block(kind="heading", text=info.title, page=block.page, lines=block.lines)
                unit = _Unit("section", [], opening, None, level=0)
                unit.node_id = self._section_id(info, info.title, units)
                sections.append(unit)
                units.append(unit)
            section = sections[-1].node_id
            units.extend(self._block_units(block, list(doc.sents), section, names))
        for unit in units:
            spans = unit.sentences or [self.nlp(unit.block.text)[:]]
            found = {term for span in spans for term in matcher.terms_in(span)}
            unit.terms = [term.id for term in self.glossary if term.id in found]
        return units

    def _block_units(
        self, block: Block, sentences: list[Span], section: str, names: set[str]
    ) -> list[_Unit]:
        label = _LABEL.match(block.text)
        label_word = label.group(1).lower() if label else ""
        if label_word in self.cues.example_labels:
            return [_Unit("example", sentences, block, section)]
        if block.kind == "list-item" and _NUMBERED_STEP.match(block.text):
            return [self._flagged(_Unit("step", sentences, block, section))]
        units: list[_Unit] = []
        in_example = False
        for position, sentence in enumerate(sentences):
            if position == 0 and label_word in self.cues.note_labels:
                units.append(self._flagged(_Unit("note", [sentence], block, section)))
                continue
            named = self._names_player(sentence, names)
            if named or self._narrates(sentence) or (in_example and self._continues(sentence)):
                if in_example:
                    units[-1].sentences.append(sentence)
                else:
                    units.append(_Unit("example", [sentence], block, section))
                in_example = True
                continue
            in_example = False
            units.append(
                self._flagged(_Unit(self._sentence_kind(sentence), [sentence], block, section))
            )
        return units

    def _flagged(self, unit: _Unit) -> _Unit:
        text = " ".join(s.text for s in unit.sentences).lower()
        unit.exception = any(_has_phrase(text, cue) for cue in self.cues.exception_cues)
        unit.trigger = any(_has_phrase(text, cue) for cue in self.cues.trigger_cues)
        return unit

    def _sentence_kind(self, sentence: Span) -> NodeKind:
        sentence_lemmas = {t.lemma_.lower() for t in sentence}
        text = sentence.text.lower()
        modal = bool(sentence_lemmas & self.cues.modal_lemmas)
        if not modal and (
            sentence_lemmas & self.cues.definition_lemmas
            or any(_has_phrase(text, phrase) for phrase in self.cues.definition_phrases)
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

    # Nodes and ids ---------------------------------------------------------------

    def _section_id(self, info: SourceInfo, title: str, units: list[_Unit]) -> str:
        text = _SECTION_NUMBER.sub("", title) or title
        slug = slugify(text, SECTION_SLUG_WORDS)
        return unique_id(f"{info.game}.{slug}", {u.node_id for u in units})

    def _nodes(self, info: SourceInfo, units: list[_Unit]) -> list[RuleNode]:
        used = {u.node_id for u in units if u.kind == "section"}
        nodes = []
        for unit in units:
            if unit.kind != "section":
                section_slug = (unit.section or info.game).split(".", 1)[-1]
                unit.node_id = unique_id(f"{info.game}.{section_slug}.{slugify(unit.text)}", used)
                used.add(unit.node_id)
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
                    mechanical=self._mechanical(unit),
                )
            )
        return nodes

    def _mechanical(self, unit: _Unit) -> bool:
        """An engine can implement and test it: a normative statement with a rule in it."""
        if unit.kind not in MECHANICAL_KINDS or not _is_clause(unit):
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

    # Edges -----------------------------------------------------------------------

    def _edges(self, units: list[_Unit]) -> list[Edge]:
        edges: list[Edge] = []

        def link(source: _Unit, target: _Unit, kind: EdgeType) -> None:
            edges.append(Edge(from_=source.node_id, to=target.node_id, type=kind))

        by_id = {u.node_id: u for u in units}
        # Link targets: the clauses with rule content, grouped by section in order.
        targets: dict[str | None, list[_Unit]] = {}
        for position, unit in enumerate(units):
            unit.position = position
            unit.features = _features(unit)
            if unit.kind in MECHANICAL_KINDS and _is_clause(unit):
                targets.setdefault(unit.section, []).append(unit)
        for position, unit in enumerate(units):
            if unit.section is not None:
                link(unit, by_id[unit.section], "part-of")
            if unit.kind == "section":
                continue
            section_targets = targets.get(unit.section, [])
            earlier = [u for u in section_targets if u.position < position]
            if unit.kind == "example":
                for rule in self._illustrated(unit, section_targets):
                    link(unit, rule, "illustrates")
            if unit.exception and earlier:
                link(
                    unit,
                    max(reversed(earlier), key=lambda rule: _alike(unit, rule)),
                    "exception-of",
                )
            if unit.trigger:
                # What a trigger starts is told next; a following trigger is a parallel
                # rule with its own consequence, not what this one starts.
                after = (u for u in units[position + 1 :] if u.kind in MECHANICAL_KINDS)
                following = next(after, None)
                if following and following.section == unit.section and not following.trigger:
                    link(unit, following, "triggers")
            if unit.kind == "definition" and earlier and self._demonstrative(unit):
                link(unit, earlier[-1], "refers-to")
        return edges

    def _illustrated(self, example: _Unit, candidates: list[_Unit]) -> list[_Unit]:
        """The rules of the example's section that it is most alike, best first."""
        scored = [
            (_alike(example, rule), -abs(rule.position - example.position), rule)
            for rule in candidates
        ]
        scored = [item for item in scored if item[0] >= ILLUSTRATES_MIN_SCORE]
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        if not scored:
            return []
        best = scored[0][0]
        cut = max(ILLUSTRATES_MIN_SCORE, ILLUSTRATES_SHARE_OF_BEST * best)
        return [rule for score, _, rule in scored if score >= cut]

    def _demonstrative(self, unit: _Unit) -> bool:
        """ "Diese Regel heißt ...": a definition that names what came before it."""
        return bool(unit.sentences) and unit.sentences[0][0].lower_ in self.cues.demonstratives


def build_graph(
    info: SourceInfo, extraction: Extraction, glossary: list[Term], lexicon: Lexicon
) -> RuleGraph:
    """The rule graph of one manual (see `GraphBuilder` to build several with one pipeline)."""
    return GraphBuilder(glossary, lexicon).build(info, extraction)


def _alike(a: _Unit, b: _Unit) -> int:
    """Shared content lemmas, glossary terms and numbers; shared verbs count twice.

    German capitalises every noun, so a lower-case content word is a verb or an
    adjective: what a rule does, rather than what it is about.
    """
    shared = a.features & b.features
    return len(shared) + sum(1 for feature in shared if feature.startswith("verb:"))


def _features(unit: _Unit) -> set[str]:
    words = {lemma for s in unit.sentences for lemma in lemmas(s)}
    verbs = {
        f"verb:{t.lemma_.lower()}"
        for s in unit.sentences
        for t in s
        if t.is_alpha and t.text[:1].islower() and t.lower_ not in STOP_WORDS
    }
    numbers = {t.text for s in unit.sentences for t in s if t.like_num}
    return words | verbs | numbers | {f"term:{t}" for t in unit.terms}


def _is_clause(unit: _Unit) -> bool:
    """Not a run-in heading like "Bomben und Mineure (3).": longer, or with a verb.

    A lower-case content word is a verb or adjective; a short run of nouns is a
    fragment.  (A verb at the sentence start is capitalised, hence the length.)
    """
    words = [t for s in unit.sentences for t in s if t.is_alpha]
    return len(words) >= CLAUSE_MIN_WORDS or any(
        t.text[:1].islower() and t.lower_ not in STOP_WORDS for t in words
    )


def _heading_level(text: str) -> int:
    """Numbered headings nest by their numbers; capitals outrank mixed case."""
    number = _SECTION_NUMBER.match(text)
    if number:
        return number.group(1).count(".") + 1
    letters = [c for c in text if c.isalpha()]
    return 1 if letters and all(c.isupper() for c in letters) else 2


def unique_id(candidate: str, used: set[str]) -> str:
    """`candidate`, or `candidate-2`, `-3`, ... if that id is taken."""
    unique, counter = candidate, 2
    while unique in used:
        unique, counter = f"{candidate}-{counter}", counter + 1
    return unique


def _has_phrase(text: str, phrase: str) -> bool:
    return re.search(rf"\b{re.escape(phrase)}\b", text) is not None
