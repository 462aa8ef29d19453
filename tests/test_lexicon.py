"""The German lexicon: word forms, compounds, English words, and what is not a word."""

from __future__ import annotations

import pytest

from rulekit.extract.lexicon import Lexicon, german_lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return german_lexicon()


@pytest.mark.parametrize(
    "word",
    [
        "Hoffnung",
        "befindet",
        "möchte",
        "für",
        "Ägypten",
        # compounds hunspell alone rejects, joined by a linking element or none
        "Anwerbungsplättchen",
        "Schwundkosten",
        "Befreiungsaktion",
        "Spielbrettplättchen",
        "Aktivierungsmarker",
        # English in German manuals, alone, closed or hyphenated
        "Warmachine",
        "Kill-Swarm",
        "Refugees",
        "Shapeshifting",
        # hyphens: compounds, a suspended hyphen, capitals of a heading
        "Menschheit-Spieler",
        "Anwerbungs-",
        "MEHR-FELD-REGEL",
        "z.B.",
        "bzw.",
        # the spelling before 1996: "ß" after a short vowel
        "muß",
        "Nußkarten",
        "Schluß",
    ],
)
def test_known_words(lexicon: Lexicon, word: str) -> None:
    assert lexicon.known(word)


@pytest.mark.parametrize(
    "word",
    [
        # damaged forms: lost ligatures and umlauts, a misspelling, a shifted code
        "chte",
        "Honung",
        "bendet",
        "Zerstrungskarten",
        "gypten",
        "sterreich",
        "Nordwestafrikx",
        "PSEXFTUBGSJLB",
        # tokenizer junk with a wordfreq frequency, letters, numbers, nothing
        "nung",
        "fr",
        "r",
        "12",
        "",
        "-",
    ],
)
def test_unknown_words(lexicon: Lexicon, word: str) -> None:
    assert not lexicon.known(word)


def test_case_does_not_matter_but_can_be_asked(lexicon: Lexicon) -> None:
    assert lexicon.known("ägypten") and lexicon.known("ÄGYPTEN")
    assert lexicon.known_as_written("Ägypten") and lexicon.known_as_written("ÄGYPTEN")
    assert not lexicon.known_as_written("ägypten")
    assert lexicon.known_as_written("Schwundkosten")
    assert not lexicon.known_as_written("schwundkosten")


def test_frequency_is_zero_for_what_is_no_word(lexicon: Lexicon) -> None:
    # wordfreq itself gives the junk token "chte" a Zipf frequency above 2.
    assert lexicon.frequency("chte") == 0.0
    assert lexicon.frequency("für") > lexicon.frequency("Hoffnung") > 3.0
    assert lexicon.frequency("hoffnung") == lexicon.frequency("Hoffnung")


def test_extra_words_extend_the_lexicon() -> None:
    assert not german_lexicon().known("Zwergenquarx")
    extended = german_lexicon(["Zwergenquarx", "Heroes of the Resistance"])
    assert extended.known("Zwergenquarx")
    assert extended.known("Zwergenquarxkarte")  # a glossary term is a compound part too
    assert extended.known("Heroes")


def test_loaded_once() -> None:
    assert german_lexicon() is german_lexicon()
    assert german_lexicon(["Zwergenquarx"]) is german_lexicon(("Zwergenquarx",))


def test_common_forms_are_a_filter_not_an_answer(lexicon: Lexicon) -> None:
    common = lexicon.common_forms(2.0)
    assert "hoffnung" in common
    assert "chte" in common and not lexicon.known("chte")
