"""Whether a unit is mechanical: a statement an engine can implement and test.

Rules and steps are, unless they only advise; definitions are when they do more
than name something; a labelled note is when it says what may or must be done,
unless its label gives advice ("Tipp:").
A fragment without a verb ("Bomben und Mineure (3).") is not, but for a row of
named values ("Aktionspunkte 8 Umweltbelastung 13") and a class with its
members ("Raubtiere: Leopard, Schlange, Pinguin"), a row of a label and its value
("Joker 25"; "Stufe 2: 1 Dreier + 1 Folge aus 4"), a numbered task that counts what
it asks for ("1. Zwei Drillinge") and the box's facts ("Kartenspiel für 2 bis 6
Spieler"), which an engine checks before play.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import TYPE_CHECKING

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.extract.textrows import ROW_NUMBER, VALUE_ROW
from rulekit.extract.textshapes import (
    BOX_FACTS,
)
from rulekit.graph.markers import MARKER
from rulekit.graph.phases import NUMBER_WORDS
from rulekit.graph.shapes import CLAUSE_MIN_WORDS, COPULAS, has_phrase, has_verb, main_clause

# A signed value that modifies another: "+1 Tokens", "-2 Punkte".
_MODIFIER = re.compile(r"(?<![\w+−-])[+−-]\d+\b")
# A note's label ("Erinnerung:", "Bitte beachten:") ends within this many tokens.
LABEL_TOKENS = 4
# A label, its colon and a value with its unit: "Aussetzkarte: 15 Punkte", "Zahlenkarten
# 10–12: 10 Punkte".
_LABELLED_VALUE = re.compile(r"^[^\W\d_][^:]{0,40}:\s+\d+(?:\s+[A-ZÄÖÜ][^\W\d_]*)?$")
# The rules besides those just told: "Alle übrigen Regeln …".
_REST = frozenset({"übrigen", "anderen", "sonstigen"})
# "Alles andere bleibt …", and "Im übrigen gelten …" before the rules it names.
_ALL_ELSE = frozenset({("alles", "andere"), ("alles", "übrige")})
_BESIDES = ["im", "übrigen"]
# What players aim at rather than do: "versuchen".
_AIM_LEMMAS = frozenset({"versuchen"})
# The article that counts one ("Eine Siebenerfolge") before a noun of its own.
_ONE = frozenset({"ein", "eine", "einen"})

if TYPE_CHECKING:
    from spacy.tokens import Span

    from rulekit.graph.kinds import KindJudge
    from rulekit.graph.unit import Unit


def mechanical(unit: Unit, judge: KindJudge, heading: str = "") -> bool:
    """An engine can implement and test it: a rule, step or definition with content.

    A definition that only names something ("Diese Regel heißt ...") and a
    remark without a label are not; a labelled note is when it says what may or
    must be done, unless its label advises ("Tipp:") or reminds ("Hinweis:") without a
    modifier of its own.  Under the heading of the game's aim (`heading`: "Ziel des
    Spiels", "Worum geht es?") a rule sums up the game the later sections rule ("Jeden
    Sprung bezahlt ihr mit Fliegen"), but for who wins and when it ends.
    """
    # A short imperative is a clause though its verb is capitalised ("Zieht eine Karte.").
    if not (is_clause(unit) or any(judge.imperative(s) for s in unit.sentences)):
        if unit.lead is not None and unit.kind == unit.lead.kind:
            # An item completes the sentence its colon ended ("Verteilen Sie die Punkte
            # auf die Bereiche:" / "Sanierung"): it binds as that sentence does.
            return mechanical(unit.lead, judge)
        if unit.kind == "definition":
            return _member_list(unit) or judge.defined_term(unit.sentences[0])
        if unit.kind in ("rule", "step") and counted_task(unit.text):
            return True  # what a task asks for: "1. Zwei Drillinge", "4. Eine Siebenerfolge"
        return unit.kind == "rule" and (_value_row(unit) or bool(BOX_FACTS.search(unit.text)))
    if unit.kind == "rule" and _aim_heading(heading, judge) and not ends_game(unit, judge):
        return False
    if unit.kind in ("rule", "step"):
        # Advice binds no engine ("Nach ein oder zwei Spielen sollten Sie …"), nor an
        # aid to the players ("Als Hilfestellung werden Steinchen gelegt") or the
        # assembly of the material ("Führen Sie die beiliegenden Stifte …"), nor an aim
        # the players pursue ("Ihr versucht, eure Handkarten … abzulegen").
        return not all(
            judge.advice(s) or judge.aid(s) or _aim(s, judge) or _rest_holds(s, judge)
            for s in unit.sentences
        )
    if unit.kind == "definition":
        lemmas = {t.lemma_.lower() for s in unit.sentences for t in s}
        return not lemmas & judge.cues.naming_lemmas
    if unit.kind == "note" and unit.labelled:
        # The label may stand alone over its sentences ("TIPP" / "Baut eure Häfen früh").
        opening = unit.sentences[0].text if unit.sentences else unit.text
        label = judge.label(opening)
        if label in judge.cues.advice_labels:
            return False  # "Tipp: Merkt euch, …" advises
        if label in judge.cues.reminder_labels and not _MODIFIER.search(unit.text):
            # "Hinweis: Wer über ein Kohlfeld nur hinwegzieht, …" reminds of a rule told
            # elsewhere; one that brings a modifier of its own ("+1 Tokens") rules.
            return False
        # Advice in a remark binds no engine either ("Man sollte daher stets …"), but a
        # rule beside it does ("…, so wird sie geschlagen; dort sollte man …").
        return any(
            any(judge.normative(c) and not judge.advice(c) for c in _main_clauses(s))
            or any(t.like_num for t in s)
            or _states_rule(s, judge)
            for s in unit.sentences
        )
    return False


def _main_clauses(sentence: Span) -> list[Span]:
    """The parts of a sentence its semicolons join."""
    cuts = [t.i for t in sentence if t.text == ";"]
    bounds = zip([sentence.start, *(c + 1 for c in cuts)], [*cuts, sentence.end], strict=True)
    return [sentence.doc[a:b] for a, b in bounds if b > a]


def _aim_heading(heading: str, judge: KindJudge) -> bool:
    """The heading of the game's aim or idea: "2. Ziel des Spiels", "Worum geht es?"."""
    lower = heading.lower()
    return any(has_phrase(lower, phrase) for phrase in judge.cues.aim_headings)


def ends_game(unit: Unit, judge: KindJudge) -> bool:
    """Says who wins or when the game or a round ends: "Wer als Erster … hat, gewinnt"."""
    return any(t.lemma_.lower() in judge.cues.ending_lemmas for s in unit.sentences for t in s)


def _aim(sentence: Span, judge: KindJudge) -> bool:
    """Says what the players try to do, not what they must or may: "Jeder Spieler
    versucht, seine vier Figuren … ins Ziel zu bringen."""
    main = main_clause(sentence)
    return any(t.lemma_.lower() in _AIM_LEMMAS for t in main) and not judge.modal(main)


def _rest_holds(sentence: Span, judge: KindJudge) -> bool:
    """Says only that the other rules hold as they are ("Alle übrigen Regeln bleiben
    unverändert.", "Im übrigen gelten die Regeln des Grundspiels.", "Alles andere bleibt
    wie gewohnt."): a variant's or a special case's reminder, nothing to implement."""
    words = [t.lower_ for t in sentence if t.is_alpha]
    rules = judge.cues.rule_nouns
    otherwise = bool(words) and (words[0] in judge.cues.otherwise_words or words[:2] == _BESIDES)
    return (
        any(word in _REST and following in rules for word, following in pairwise(words))
        or tuple(words[:2]) in _ALL_ELSE
        or (otherwise and any(word in rules for word in words))
    )


def _states_rule(sentence: Span, judge: KindJudge) -> bool:
    """After its label, the remark states how play goes on ("Erinnerung: Ab jetzt wird im
    Uhrzeigersinn weitergespielt."), not what the booklet or a tactic is about."""
    colon = next((t.i for t in sentence[:LABEL_TOKENS] if t.text in (":", "!")), None)
    if colon is None or colon + 1 >= sentence.end:
        return False
    body = sentence.doc[colon + 1 : sentence.end]
    return has_verb(body) and judge.sentence_kind(body) == "rule" and not judge.advice(body)


def is_clause(unit: Unit) -> bool:
    """Not a run-in heading like "Bomben und Mineure (3).": longer, or with a verb.

    A lower-case content word is a verb or adjective, and a copula makes a clause
    too; a short run of nouns is a fragment.  (A verb at the sentence start is
    capitalised, hence the length.)
    """
    words = sum(1 for s in unit.sentences for t in s if t.is_alpha)
    return (
        words >= CLAUSE_MIN_WORDS
        or any(has_verb(s) for s in unit.sentences)
        # "Schlagen ist Pflicht!": a copula makes a short clause.
        or any(t.lower_ in COPULAS for s in unit.sentences for t in s)
    )


def _value_row(unit: Unit) -> bool:
    """A row of values, each named ("Aktionspunkte 8 Umweltbelastung 13"): starting values;
    or a row of a label and its value ("Joker 25", "Aussetzkarte: 15 Punkte")."""
    if VALUE_ROW.match(unit.text.strip()) or _LABELLED_VALUE.match(unit.text.strip()):
        return True
    tokens = [t for s in unit.sentences for t in s if not t.is_punct]
    numbers = sum(1 for t in tokens if t.like_num)
    names = [t for t in tokens if t.is_alpha and t.lower_ not in STOP_WORDS]
    return numbers >= 2 and all(t.text[:1].isupper() for t in names)


# A run-in label of a word or two at an item's start: "Station:", "Stufe 1:".
_ITEM_LABEL = re.compile(r"^[^\W\d_]+(?:\s+\d+)?:\s+")


def counted_task(text: str) -> bool:
    """A numbered item that counts things: "1. 2 Drillinge", "1. Zwei Drillinge", "4. Eine
    Siebenerfolge"; what a numbered list of tasks or levels asks for, and a table's row
    of them, its number without a dot ("5 Sechs Karten einer Farbe"), that may join
    things ("6 Vierling + Drilling")."""
    text = text.strip()
    marker, row = MARKER.match(text), ROW_NUMBER.match(text)
    if marker is not None:
        start = marker.end()
    elif row is not None:
        start = row.end("number")
    else:
        return False
    # A label after the number names the part ("1. Station: 1 Satz und 1 Folge").
    words = _ITEM_LABEL.sub("", text[start:].lstrip()).split()
    counted = len(words) >= 2 and (
        words[0].isdigit() or words[0].lower() in NUMBER_WORDS or words[0].lower() in _ONE
    )
    joined = len(words) == 3 and words[1] == "+" and words[2][:1].isupper()
    return len(words) >= 2 and words[1 + joined][:1].isupper() and (counted or joined)


def _member_list(unit: Unit) -> bool:
    """A class and its members ("Raubtiere: Leopard, Schlange, Pinguin")."""
    head, _, members = unit.text.partition(":")
    return bool(head.strip()) and members.count(",") >= 1
