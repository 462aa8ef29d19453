"""Micro-typography per card language, and hyphen ladders broken up by keeping a word whole."""

from __future__ import annotations

from markupsafe import Markup

from rulekit.output.cards.content import Entry, Topic
from rulekit.output.cards.ladders import _ladder_words, keep_whole
from rulekit.output.cards.typography import hyphenation_css, typeset

NBSP, NNBSP = "\u00a0", "\u202f"


def test_german_gets_low_high_quotes_and_typographic_apostrophes() -> None:
    assert typeset('Er ruft "Halt" und geht\'s an', "de") == "Er ruft „Halt“ und geht’s an"


def test_english_gets_curly_quotes() -> None:
    assert typeset('Say "stop" and it\'s over', "en") == "Say “stop” and it’s over"


def test_french_gets_guillemets_and_no_break_spaces_before_high_punctuation() -> None:
    text = typeset('Attention: le "tout" compte ; oui ! l\'unité ? 50 %', "fr")
    assert text == (
        f"Attention{NBSP}: le «{NBSP}tout{NBSP}» compte{NNBSP}; oui{NNBSP}! "
        f"l’unité{NNBSP}? 50{NBSP}%"
    )


def test_polish_one_letter_words_are_bound_to_the_next_word() -> None:
    text = typeset("Gracz i w z o A u bierze kartę w ręce, a potem", "pl")
    assert text == (
        f"Gracz i{NBSP}w{NBSP}z{NBSP}o{NBSP}A{NBSP}u{NBSP}bierze kartę w{NBSP}ręce, a{NBSP}potem"
    )
    # Only Polish typesetting asks for it.
    assert typeset("a w z", "de") == "a w z"


def test_the_text_never_carries_the_hyphenation_character() -> None:
    for lang in ("de", "en", "fr", "pl"):
        assert "\u2010" not in typeset("Nord\u2010Afrika", lang)


def test_hyphenation_limits_leave_no_lone_syllables() -> None:
    for lang in ("de", "en", "fr", "pl", "xx"):
        word, before, after = (int(n) for n in hyphenation_css(lang).split())
        assert before >= 2 and after >= 3 and word >= before + after
    assert hyphenation_css("de") == "8 3 4"


def test_a_run_of_three_hyphenated_lines_names_the_middle_word() -> None:
    lines = [
        ("Ersetze es durch das Plätt\u2010", True),
        ("chen vom Feld Nächstes Anwer\u2010", True),
        ("bungs- bzw. Bedrohungsplätt\u2010", True),
        ("chen.", False),
    ]
    assert _ladder_words(lines) == ["Anwerbungs"]
    # Two in a row are allowed; a word's own hyphen counts as a line end in a hyphen.
    assert _ladder_words([*lines[:2], ("chen.", False)]) == []
    hard = [("Nord-", False), ("Süd Ost\u2010", True), ("westen Bedrohungs\u2010", True)]
    assert _ladder_words([*hard, ("plättchen", False)]) == ["Ostwesten"]


def test_a_word_kept_whole_is_wrapped_outside_markup() -> None:
    html = Markup("Die <strong>3</strong> Bedrohungsplättchen, strong Bedrohungsplättchenablage")
    topic = Topic(
        heading=Entry("g.s", "section", Markup("S"), False),
        entries=(Entry("g.s.r", "rule", html, False), Entry("g.s.q", "rule", html, False)),
        pages="",
    )
    kept = keep_whole([topic], {"g.s.r": {"Bedrohungsplättchen", "strong"}})
    assert kept[0].entries[0].html == Markup(
        'Die <strong>3</strong> <span class="whole">Bedrohungsplättchen</span>, '
        '<span class="whole">strong</span> Bedrohungsplättchenablage'
    )
    assert kept[0].entries[1] == topic.entries[1]
