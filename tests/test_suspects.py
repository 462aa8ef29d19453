"""Suspect words: doubled runs and real but unlikely words, listed for an editor, never applied."""

from __future__ import annotations

from rulekit.extract.lexicon import german_lexicon
from rulekit.extract.suspects import suspect_words
from rulekit.model import Block


def _blocks(*texts: str) -> list[Block]:
    return [
        Block(kind="paragraph", text=text, page=13, lines=(n, n)) for n, text in enumerate(texts, 1)
    ]


def test_a_doubled_run_of_words_is_listed_and_not_applied() -> None:
    blocks = _blocks("Die Figur muss genommen werden genommen werden, sagt die Regel.")
    found = suspect_words(blocks, german_lexicon())
    doubled = [r for r in found if r.kind == "doubled-words"]
    assert [(r.before, r.after, r.applied, r.page, r.line) for r in doubled] == [
        ("genommen werden genommen werden", "genommen werden", False, 13, 1)
    ]
    assert blocks[0].text.count("genommen werden") == 2  # nothing rewritten


def test_numbers_repeated_are_no_doubled_words() -> None:
    assert suspect_words(_blocks("Wirf 6 6 und ziehe."), german_lexicon()) == []


def test_a_real_word_once_among_a_likelier_one_is_listed() -> None:
    blocks = _blocks(
        "Der Rang entscheidet. Der höhere Rang gewinnt.",
        "Die Figur mit dem niedrigeren Rand ist geschlagen.",
        "Nenne deinen Rang.",
    )
    found = suspect_words(blocks, german_lexicon())
    assert [(r.kind, r.before, r.after, r.applied, r.line) for r in found] == [
        ("unlikely-word", "Rand", "Rang", False, 2)
    ]
    assert "Rand" in blocks[1].text


def test_inflected_forms_and_unknown_words_are_not_suspect() -> None:
    blocks = _blocks(
        "Der Angreifer gewinnt. Der Angreifer verliert.",
        "Beim Angreifen zeigt man die Figur.",  # an ending, not a slip
        "Der Ranx steht hier. Der Rang zählt. Der Rang gilt.",  # no word: repairs handle it
    )
    assert suspect_words(blocks, german_lexicon()) == []
