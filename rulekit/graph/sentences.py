"""Sentence boundaries of rule text, put right where the sentencizer misplaces them.

spaCy's sentencizer ends a sentence at every full stop it does not know as part of an
abbreviation, and never inside a line: rulebooks also write identifiers
("Globals.ANSI"), abbreviations before numbers ("Pfizerstr. 5"), field names ("h8."),
asides in brackets after a sentence and items run on after a colon.
"""

from __future__ import annotations

import re

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Doc, Span, Token

from rulekit.extract.textshapes import ITEM_SEPARATORS
from rulekit.extract.wordclasses import DETERMINERS, POSSESSIVES, SUBJECT_PRONOUNS
from rulekit.graph.kinds import KindJudge
from rulekit.graph.phases import NUMBER_WORDS
from rulekit.graph.shapes import closing_bracket, has_verb

_OPENERS = frozenset("([„“\"'»‚")
# What closes a bracket or a quote after the full stop of the sentence inside it.
_CLOSERS = frozenset(")]“”\"'«‘")
# A number with its full stop, which the tokenizer keeps as an ordinal ("17.").
_ORDINAL = re.compile(r"^\d+\.$")
# A field or code closed by its full stop ("h8.", "A4."), which the tokenizer keeps whole.
_CODE_DOT = re.compile(r"^[^\W\d_]+\d+\.$")
# An ellipsis or a list's "usw." before a capitalised function word ends a sentence.
_PAUSES = frozenset({"...", "…", "usw.", "etc."})
# Words that refer to a numbered section: "(siehe 5. Schlagen)".
_REFERRING = frozenset({"siehe", "vgl.", "s."})
# A dash between two sentences opens the second: an answer run on after its question.
_DASHES = frozenset({"–", "—"})
_ENDS = frozenset({".", "!", "?"})


def sentences(doc: Doc, judge: KindJudge) -> list[Span]:
    """The sentences of a block, with the boundaries the sentencizer misplaces put right.

    A full stop without a space after it ("Globals.ANSI") ends no sentence, nor does
    an abbreviation's before a number ("Pfizerstr. 5–7, …") or before a lower-case
    word ("(vergl. die Anleitung)"): no sentence starts in lower case; an opening
    bracket or quote before a boundary opens the next sentence ("… werden. (D. h. …)"),
    and so does a dash after the question it answers ("Darf ich …? – Nein, …"); a
    section a number refers to ends none ("siehe 5. Schlagen");
    a full stop inside a closing bracket ("… auf Feld 17.) Landet …") or after a number
    before a function word or a verb and its subject ("… bis 6. Steht dein …"),
    a field closed by its full stop ("bis h8. Graphisch …") and an ellipsis, "usw." or a
    unit after its number before a capitalised function word ("usw. ... Ob Ihr …", "usw.
    Jede …", "erhält 2 Pkt. Wer …") end one,
    and so does the colon of a clause that announces a list or says what something
    consists of, before the items run on in the same line ("… wie folgt: Wer dran ist, …").
    """
    for token in doc[1:]:
        previous = doc[token.i - 1]
        if (
            token.is_sent_start
            and previous.text == "."
            and (
                not previous.whitespace_
                or _abbreviated_number(token)
                or (token.is_alpha and token.text[:1].islower())
            )
        ) or (token.is_sent_start and _refers(doc, token)):
            token.is_sent_start = False
        elif not token.is_sent_start and token.text[:1].isupper():
            code = _CODE_DOT.match(previous.text) is not None
            # "usw." closes its list: a capitalised function word opens the next sentence.
            pause = (
                previous.lower_ in _PAUSES or _unit_after_number(previous)
            ) and token.lower_ in STOP_WORDS
            # "(Beispiel: … auf Feld 17.) Landet man …": the bracket closed a sentence.
            closed = (
                previous.text in _CLOSERS
                and token.i >= 2
                # a number keeps its full stop as an ordinal's ("17.")
                and (
                    doc[token.i - 2].text in (".", "!", "?")
                    or _ORDINAL.match(doc[token.i - 2].text) is not None
                )
            )
            token.is_sent_start = (
                code
                or pause
                or closed
                or _number_closes(previous, token)
                or _announcing_colon(previous, judge)
            )
    for token in doc[1:-1]:
        following = doc[token.i + 1]
        if not following.is_sent_start:
            continue
        # "Darf ich …? – Nein, …": the sentencizer closes the question with the dash.
        answer = token.text in _DASHES and doc[token.i - 1].text in _ENDS
        if answer or (token.text in _OPENERS and token.whitespace_ == ""):
            token.is_sent_start, following.is_sent_start = True, False
    return list(doc.sents)


def _refers(doc: Doc, token: Token) -> bool:
    """The token names the section a number refers to: "(siehe 5. Schlagen)"; a function
    word opens a sentence after it ("… siehe 5. Dann …").  So does the token after the
    number of an item run along a line by middle dots ("Inhalt: Spielidee · 1.
    Spielmaterial · 2. Die Sonderfelder"), whatever word it is."""
    if token.i < 2 or _ORDINAL.match(doc[token.i - 1].text) is None:
        return False
    before = doc[token.i - 2]
    return before.text in ITEM_SEPARATORS or (
        before.lower_ in _REFERRING and token.lower_ not in STOP_WORDS
    )


def _number_closes(number: Token, token: Token) -> bool:
    """A number in running text closes its sentence with its full stop ("… von 1 bis 6.
    Steht dein Hamster …", "… auf Feld 17. Dann …"): the tokenizer keeps "6." as an
    ordinal, but an ordinal names the thing after it, and here a function word follows,
    or a capitalised verb before the next clause's subject."""
    doc = token.doc
    if _ORDINAL.match(number.text) is None or number.i < 1 or not doc[number.i - 1].is_alpha:
        return False
    if doc[number.i - 1].lower_ in _REFERRING | _BEFORE_ORDINALS:
        return False  # "(siehe 5. Schlagen)", "nach jeder 5. Runde eine Karte"
    if token.lower_ in STOP_WORDS:
        return True
    following = doc[token.i + 1] if token.i + 1 < len(doc) else None
    return following is not None and following.text in _CLAUSE_SUBJECTS


# Words an ordinal follows as an adjective does: "jeder 5. Runde", "zum 3. Mal", "am 6.".
_BEFORE_ORDINALS = (
    DETERMINERS
    | POSSESSIVES
    | {"jeder", "jede", "jedes", "jedem", "jeden", "zum", "zur", "am", "im", "beim", "vom"}
)
# What opens a clause's subject after its verb, in lower case: "Steht dein Hamster …".
_CLAUSE_SUBJECTS = DETERMINERS | POSSESSIVES | SUBJECT_PRONOUNS


def _unit_after_number(token: Token) -> bool:
    """An abbreviated unit after its number ("2 Pkt.", "10 Min."): a sentence may end
    with it, its full stop doing for both."""
    return (
        token.i > 0
        and token.doc[token.i - 1].like_num
        and token.text.endswith(".")
        and token.text[:-1].isalpha()
        and len(token.text) > 2
    )


def _announcing_colon(token: Token, judge: KindJudge) -> bool:
    """A colon closing a clause that announces its items ("… besteht aus zwei Teilen:").

    Items that are clauses of their own follow it; a run of nouns ("… aus drei
    Phasen: Die Präferenzphase, die Würfelphase und …") finishes the sentence.
    """
    if token.text != ":":
        return False
    head = token.doc[token.sent.start : token.i].text.lower()
    if judge.label(token.doc[token.sent.start : token.i + 1].text) in judge.cues.exception_openers:
        return False  # "… setzen. Ausnahme: Auf ein Kleeblattfeld darf …" labels its sentence
    items = token.doc[token.i + 1 : token.sent.end]
    return (judge.announces(head, strict=True) or judge.consists(head)) and has_verb(items)


def _abbreviated_number(token: Token) -> bool:
    """A number after a word and a full stop that goes on with it ("Pfizerstr. 5–7, …").

    A number that opens a sentence is an item's ("… Rohstoffe. 5 Wie kommen …"): a
    capitalised word follows it.
    """
    doc = token.doc
    if not token.text[:1].isdigit() or token.i < 2 or not doc[token.i - 2].is_alpha:
        return False
    following = doc[token.i + 1] if token.i + 1 < len(doc) else None
    return following is None or not following.text[:1].isupper()


def parenthesised_example(sentence: Span, judge: KindJudge) -> tuple[Span, Span | None]:
    """A sentence cut before "(z. B. ...)" that ends it: the rule and its example.

    The brackets must close the sentence (a bracket inside it keeps the rule
    whole), and the example must be a case of its own, labelled or a clause
    ("(wer z. B. 9 Karten hat, muss 4 abgeben)"); a phrase that only names an
    instance ("(z. B. in der Klasse Vegetarian)") belongs to its sentence.
    """
    for index, token in enumerate(sentence[1:], start=1):
        if token.text != "(":
            continue
        close = closing_bracket(sentence[index:])
        if close is None or any(t.is_alpha for t in sentence.doc[close + 1 : sentence.end]):
            continue
        inside = sentence[index:]
        enclosed = sentence.doc[token.i + 1 : close]
        if inside.text.lower().startswith("(beispiel") or (
            judge.example(enclosed) and _clause(enclosed)
        ):
            return sentence[:index], inside
    return sentence, None


def _clause(tokens: Span) -> bool:
    """A verb among the words: a lower-case content word that is no count and stands
    before no noun ("wer z. B. 9 Karten hat"), not the words before a noun that describe
    it ("z. B. sieben grüne Karten")."""
    words = [t for t in tokens if not t.is_space]
    return any(
        has_verb([token])
        and token.lower_ not in NUMBER_WORDS
        and not (following.is_alpha and following.text[:1].isupper())
        for token, following in zip(words, [*words[1:], words[-1]], strict=True)
    )
