"""What goes on with an open example or remark: the sentences after its label, in its
block and in the blocks after it, that are part of it, and the one that leaves it.
`units.Segmenter` asks these while it cuts a block into units."""

from __future__ import annotations

from spacy.tokens import Span

from rulekit.graph.kinds import COMMENT_SUBJECTS, KindJudge
from rulekit.graph.shapes import content_lemmas
from rulekit.graph.unit import Unit
from rulekit.model import NodeKind

# Determiners of every thing of a kind: "auf jedem Feld", "in allen Runden".
_EVERY = frozenset({"jedem", "jeden", "jeder", "jede", "jedes", "allen", "alle"})


def leaves(
    judge: KindJudge, mode: NodeKind, sentence: Span, names: set[str], unit: Unit | None = None
) -> bool:
    """A sentence after a labelled remark or example that is no part of it.

    An example goes on until a sentence speaks of players in general ("alle
    Spieler", "jeder", "wer") or binds on every thing of a kind ("Auf jedem Feld darf
    …"), unless it tells the story's moment ("Für alle folgenden Figuren …"); a
    remark (`unit`) goes on while a sentence is joined to it by a connective or a
    demonstrative ("Also ...", "Das gilt ..."), or mostly takes up its words
    ("Wichtig: Mitspieler tauschen nur mit … Die Mitspieler tauschen nicht …").
    """
    if mode == "example":
        if judge.narrated(sentence, names) or judge.continues(sentence):
            return False
        if any(t.lower_ in judge.cues.story_moments for t in sentence):
            return False
        every = any(t.lower_ in _EVERY for t in sentence)  # "Auf jedem Feld darf nur …"
        return judge.generic_actor(sentence) or (every and judge.modal(sentence))
    words = [t for t in sentence if t.is_alpha]
    if words and words[0].lower_ in judge.cues.remark_connectives:
        return False
    if not words or unit is None:
        return True
    # Most of its words are the remark's: it restates or carries on the remark, where
    # a paragraph run together with it would bring words of its own.
    said = set().union(*(content_lemmas(s) for s in unit.sentences))
    own = content_lemmas(sentence)
    shared = len(own & said)
    return shared < 2 or shared * 2 < len(own)


def remark_goes_on(judge: KindJudge, sentence: Span) -> bool:
    """A sentence that goes on with a remark without a label: it binds no one and
    gives the remark's case ("Bei X zum Beispiel …") or, opened by a connective,
    remarks too ("Daher lohnt sich …").

    A bare "Das" or "Dies" opens a statement of its own ("Das ist der letzte Zug."),
    as a paragraph the text path could not tell apart may.
    """
    if judge.normative(sentence) or judge.binding(sentence):
        return False
    words = [t for t in sentence if t.is_alpha]
    if not words or words[0].lower_ in COMMENT_SUBJECTS:
        return False
    if judge.example(sentence):
        return True
    # A connective joins a sentence that states no rule of its own ("Daher baut der
    # Startspieler zuerst." is one).
    return words[0].lower_ in judge.cues.remark_connectives and judge.sentence_kind(sentence) in (
        "note",
        "flavour",
    )


def told_on(judge: KindJudge, sentences: list[Span], unit: Unit, names: set[str]) -> int:
    """How many opening sentences of the next block go on with the open example or
    remark `unit`.

    The block after a bare label ("Beispiel 1:", "Achtung!") opens it; a later block
    goes on with an example when it tells of its players or its values, and it runs
    on until a sentence leaves it (`leaves`).
    """
    if not sentences:
        return 0
    first = sentences[0]
    bare = judge.label_alone(unit.text)
    # Values of the story ("für Figur A: 1 + 4 + 1 = 6 Punkte und") go on with it too.
    values = any(t.like_num for t in first) and not (judge.general(first) or judge.normative(first))
    story = values or judge.narrated(first, names) or judge.continues(first)
    if not (bare or (unit.kind == "example" and story)):
        return 0
    told = 1
    while told < len(sentences) and not leaves(judge, unit.kind, sentences[told], names, unit):
        told += 1
    return told
