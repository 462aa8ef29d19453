"""Paragraphs that head what follows as a heading would, though the text path found
them as body text: a name of a few words ("Spielende"), a question ("Worum geht es?",
`question_heading`), a call ("Ab ins Nest!", `exclaimed_heading`), or the box's
question over its pieces ("Was ist in der Schachtel?").  `units.Segmenter` asks
`paragraph_title` of every paragraph before it cuts it into sentences."""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Span

from rulekit.extract.textbreaks import exclaimed
from rulekit.graph.kinds import KindJudge
from rulekit.graph.remarks import labels_next
from rulekit.graph.shapes import (
    INTERROGATIVES,
    QUESTION_HEADING_WORDS,
    SHORT_QUESTION_WORDS,
    TITLE,
)
from rulekit.model import Block


def paragraph_title(
    judge: KindJudge,
    nlp: Language,
    block: Block,
    sentences: list[Span],
    around: tuple[Block | None, Block | None],
    in_questions: bool,
) -> bool:
    """The paragraph heads what follows (`around`: the blocks before and after it).

    A question among the questions and answers (`in_questions`) is asked, unless it
    heads a box of facts ("Wußten Sie schon?", "Kennen Sie den Buchfinken?"); a call is
    no label ("Achtung!"), no closing wish ("Viel Spaß!") and heads none.
    """
    text = block.text.strip()
    previous, following = around
    return (
        TITLE.match(text) is not None
        or (
            question_heading(text, sentences, following)
            and (
                not in_questions
                or judge.heading_words(text, judge.cues.preface_headings)
                or asks_reader(judge, sentences[0])
            )
        )
        or (
            exclaimed_heading(text, previous, following)
            and not labels_next(judge, nlp, judge.label(text), block, following)
            and not judge.signs_off(sentences[0])
            # "Ins Ziel nur ohne Salatköpfe!" / "Viel Spaß …"
            and not (following is not None and judge.signs_off(nlp(following.text)[:]))
        )
        # "Was ist in der Schachtel?" over the pieces, one an item
        or (
            text.endswith("?")
            and judge.material_heading(text)
            and following is not None
            and following.kind == "list-item"
        )
    )


def asks_reader(judge: KindJudge, sentence: Span) -> bool:
    """A short question put to the reader, its verb first and no modal ("Kennen Sie den
    Buchfinken?", "Wusstest du …?"): a box's title, no player's question, and no offer
    the rules go on after ("Möchten Sie das Spiel lieber erklärt bekommen, …?")."""
    words = [t for t in sentence if t.is_alpha]
    return (
        1 < len(words) <= SHORT_QUESTION_WORDS
        and sentence.text.rstrip().endswith("?")
        and (words[1].lower_ in judge.cues.reader_pronouns or words[1].text == "Sie")
        and not judge.modal(sentence)
        # "Haben Sie noch Fragen?" heads the questions and their answers
        and not judge.heading_words(sentence.text, judge.cues.question_headings)
    )


def question_heading(text: str, sentences: list[Span], following: Block | None) -> bool:
    """A short paragraph of one question or interrogative clause over a paragraph:
    "Wie können Sie Ihre Strategie bewerten?", "Was wir über Systeme erfahren können.",
    "Was passiert, wenn ein Würfel vom Tisch fällt?", "Und wenn der Fänger selbst
    gefangen wird?", or a question of a few words: "Weiter oder aufhören?"; an asked
    question over a list too ("Wie bereiten wir das Spiel vor?" over "1. Legt …")."""
    words = text.split()
    if len(sentences) != 1 or following is None or following.kind not in ("paragraph", "list-item"):
        return False
    opener = words[1].lower() if words[0].lower() == "und" and len(words) > 1 else words[0].lower()
    asked = opener in INTERROGATIVES or opener == "wenn"
    if following.kind == "list-item" and not (asked and text.endswith("?")):
        return False  # "Wie bereiten wir das Spiel vor?" over its numbered steps
    if text.endswith("?") and (asked or len(words) <= SHORT_QUESTION_WORDS):
        return len(words) <= QUESTION_HEADING_WORDS
    return (
        len(words) <= QUESTION_HEADING_WORDS
        and words[0].lower() in INTERROGATIVES
        and "," not in text
        and text.endswith(("?", "."))
    )


def exclaimed_heading(text: str, previous: Block | None, following: Block | None) -> bool:
    """A short call set as a paragraph of its own between paragraphs heads what follows,
    as its larger type did in print ("Ab in den Stall!", "Eine 6 – noch einmal!",
    "Gewonnen!"); right under a heading it is the section's opening cry ("Jetzt wird es
    spannend!"), and in a run of them each is a box's point ("Ins Ziel nur ohne
    Salatköpfe!")."""
    return (
        exclaimed(text)
        and previous is not None
        and previous.kind in ("paragraph", "list-item")
        and following is not None
        and following.kind in ("paragraph", "list-item")
        and not exclaimed(following.text.strip())
    )


def opens_with_question(text: str) -> bool:
    """The text's first sentence is a question ("Darf ich …? Nein, …")."""
    return re.match(r"[^.!?]*\?", text) is not None
