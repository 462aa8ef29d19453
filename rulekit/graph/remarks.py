"""Remarks and labels: what goes on with a remark that has no label (`remark_goes_on`),
what holds in the case a labelled exception names (`consequence`), and a label alone
on its line that labels what follows it (`labels_next`).  `units.Segmenter` asks these
while it cuts a block into units."""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Span

from rulekit.graph.kinds import COMMENT_SUBJECTS, KindJudge
from rulekit.graph.unit import Unit
from rulekit.model import Block


def remark_goes_on(judge: KindJudge, sentence: Span) -> bool:
    """A sentence that goes on with a remark without a label: it binds no one and
    gives the remark's case ("Bei X zum Beispiel …") or, opened by a connective,
    remarks too ("Daher lohnt sich …").

    A bare "Das" or "Dies" opens a statement of its own ("Das ist der letzte Zug."),
    as a paragraph the text path could not tell apart may.
    """
    if judge.binds(sentence):
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


def consequence(judge: KindJudge, unit: Unit, sentence: Span) -> bool:
    """The sentence says what holds in the case a labelled exception only names
    ("Ausnahme: Das A-Feld ist besetzt." / "Dann muss zuerst diese Figur ziehen.")."""
    lower = sentence.text.strip().lower()
    return (
        judge.label(unit.text) in judge.cues.exception_openers
        and not any(judge.modal(s) for s in unit.sentences)
        and any(lower.startswith(opener + " ") for opener in judge.cues.consequence_openers)
    )


def labels_next(
    judge: KindJudge, nlp: Language, label: str, block: Block, following: Block | None
) -> bool:
    """The line is the label of what follows it: an example's or a remark's label alone
    ("Beispiel:", "Achtung!") that heads no rule (`heads_rule`), or an example's box
    titled after its label ("Beispiel: Das große Finale") over its story."""
    cues = judge.cues
    if label not in cues.example_labels | cues.note_labels:
        return False
    titled = (
        label in cues.example_labels
        and block.kind == "heading"
        and following is not None
        and following.kind == "paragraph"
    )
    alone = judge.label_alone(block.text.strip()) and not heads_rule(judge, nlp, label, following)
    return alone or titled


def heads_rule(judge: KindJudge, nlp: Language, label: str, following: Block | None) -> bool:
    """A remark's label of words alone on its line over a rule heads the rule ("Gut zu
    wissen" / "Ziehen darfst du auch dann, …"); over a remark it opens the remark ("Gut zu
    wissen" / "Die Felder des Spielplans sind … nummeriert."); over a question it heads
    the questions and their answers ("Gut zu wissen!" / "Muss ich auch dann ziehen, …?")."""
    if " " not in label or following is None:
        return False
    first = re.split(r"(?<=[.!?])\s", following.text.strip(), maxsplit=1)[0]
    return first.endswith("?") or judge.modal(nlp(first)[:])
