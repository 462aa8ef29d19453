"""Definitions by their shape: a term and the noun phrase it stands for ("Paar: zwei
Karten mit der gleichen Zahl"), a term and where or what it is ("Stall: In jeder Ecke
liegt der Stall …"), and under the board's heading a sentence that says how the board
is laid out ("Der Waldweg führt über 64 Felder bis zum Kobel").  `kinds.KindJudge`
reads them among the other kinds of a sentence."""

from __future__ import annotations

import re
from itertools import pairwise

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Span, Token

from rulekit.extract.textshapes import BOX_FACTS, INFLECTED
from rulekit.extract.wordclasses import DETERMINERS
from rulekit.graph.binding import BindingJudge
from rulekit.graph.phases import NUMBER_WORDS
from rulekit.graph.shapes import RELATIVE_PRONOUNS, VERB_ENDINGS, addresses, outside_brackets

# A term and what it is: "Paar: zwei Karten …", "Folge: mindestens vier Karten …".
_TERM = re.compile(
    r"^([A-ZÄÖÜ][\w-]*(?:(?:\s+|,\s+|\s+(?:und|oder)\s+)[A-ZÄÖÜ][\w-]*){0,3})"
    r"(?::\s+(?=\w)|\s*(=)\s+(?=\w))"
)
# What opens the noun phrase a term is defined by: a count or an article.
_PHRASE_OPENERS = frozenset({"ein", "eine", "einen", "der", "die", "das", "alle", "je"})
# The verbs of a path across the board, which particles make more of ("herumführen").
_PATH_VERBS = ("führen", "zweigen")


class DefinitionJudge(BindingJudge):
    """Tells a definition by the shape of its sentence."""

    def defined_term(self, sentence: Span) -> bool:
        """A term and the noun phrase it stands for, without a verb: "Paar: zwei Karten mit
        der gleichen Zahl (z. B. 7 und 7).", "Folge: mindestens vier Karten …",
        "Drilling = drei Karten mit derselben Zahl".

        The terms may be several ("Drilling, Vierling, Fünfling: drei, vier oder fünf
        Karten …").  The phrase opens with a count, in words or digits ("Farbe: 7 Karten
        einer Farbe"), an article (a bound before it: "mindestens") or a noun, and ends
        in a noun before any comma, with no verb in it ("Zug: eine Karte
        ziehen", "Reserve: die Karten kommen unter den Stapel" are rules).  A labelled
        note or example ("Tipp: …") is told by its label, the box's facts ("Spieler: 2 – 4
        Personen") by their shape, the component list by its label ("Inhalt: 1 Spielplan").
        """
        match = _TERM.match(sentence.text)
        labels = self.cues.example_labels | self.cues.note_labels | self.cues.exception_openers
        if (
            not match
            or match.group(1).lower() in labels
            or BOX_FACTS.search(sentence.text)
            or self.material_label(sentence.text)
            # A numbered label names an item of a sequence ("1. Stufe: 2 Sätze …").
            or (sentence.start > 0 and sentence.doc[sentence.start - 1].text[:1].isdigit())
        ):
            return False
        start = sentence.start_char + match.end()
        tokens = [t for t in outside_brackets(sentence) if t.idx >= start]
        # The phrase may end at its first comma, a clause after it adding to the definition
        # ("Folge = Karten mit aufeinanderfolgenden Zahlen, die Farben sind beliebig"), or
        # run on over a list of counts ("drei, vier oder fünf Karten mit …").
        comma = next((i for i, t in enumerate(tokens) if t.text in ",;"), len(tokens))
        # A modal verb binds ("Farbe: alle Karten müssen …", "Startschutz: Eine Maus, die
        # …, kann nicht geschlagen werden"), but not in a relative clause that says what
        # the thing is for ("Mauseloch: ein Erdloch, das du nur rückwärts betreten darfst").
        if any(t.lemma_.lower() in self.cues.modal_lemmas for t in _outside_relatives(tokens)):
            return False
        return any(
            self._noun_phrase(phrase, sentence, after_equals=match.group(2) is not None)
            for phrase in (tokens[:comma], tokens)
        )

    def described_term(self, sentence: Span) -> bool:
        """A term and a sentence that says what or where it is, with no action in it:
        "Stall: In jeder Ecke liegt der Stall einer Farbe.", "Hüttenfeld: Die vier Hütten
        sind sichere Rastplätze am Berg." (not "Häuschen: Hier starten eure Hütchen",
        "Joker: Ein Joker ersetzt jede beliebige Karte")."""
        match = _TERM.match(sentence.text)
        labels = self.cues.example_labels | self.cues.note_labels | self.cues.exception_openers
        if not match or match.group(2) or match.group(1).lower() in labels:
            return False
        start = sentence.start_char + match.end()
        # A verb named as a noun labels an action ("3. Weitergeben: Danach ist …").
        term = [t for t in sentence if t.idx < start and t.is_alpha]
        if any(t.lower_.endswith(VERB_ENDINGS) and t.lemma_ == t.text for t in term):
            return False
        verbs = self._verbs([t for t in sentence if t.idx >= start and t.is_alpha])
        return (
            bool(verbs)
            and all(t.lemma_.lower() in self.cues.state_lemmas for t in verbs)
            and not self.modal(sentence)
            and not addresses(sentence)
        )

    def describes_board(self, sentence: Span) -> bool:
        """Says how the board is laid out, binding no one: "Der Waldweg beginnt am
        Startfeld und führt über 64 Felder bis zum Kobel", "Jeder Baum hat sechs Mulden"
        (not "Hier betreten die Figuren die Laufbahn", "Gezogen wird im Uhrzeigersinn")."""
        verbs = self._verbs([t for t in sentence if t.is_alpha])
        laid_out = self.cues.state_lemmas | self.cues.layout_lemmas
        # "In jeder Ecke liegt …": "jeder" counts places, it binds no one.
        rule_words = self.cues.normative_words - self.cues.universal_words
        return (
            bool(verbs)
            # A path's verb with its particle too: "… die um die Mitte herumführt".
            and all(
                t.lemma_.lower() in laid_out or t.lemma_.lower().endswith(_PATH_VERBS)
                for t in verbs
            )
            and not (self.modal(sentence) or self.imperative(sentence))
            and not any(t.lower_ in rule_words for t in sentence)
            and not self.plays(sentence)
            and not self.instructs(sentence)
            and not addresses(sentence)
        )

    def _verbs(self, words: list[Token]) -> list[Token]:
        """The inflected verbs among some words, and a plural's, which reads as its
        infinitive ("… bilden ein Paar", "… zeigen eine dunkle Wolke")."""
        plurals = self.cues.state_lemmas | self.cues.layout_lemmas
        return [
            t
            for t in words
            if t.text[:1].islower()
            and (t.lower_ not in STOP_WORDS or t.lemma_.lower() == "sein")
            and (t.lemma_.lower() != t.lower_ or t.lower_ in plurals)
            and (t.lemma_.lower().endswith(VERB_ENDINGS) or t.lemma_.lower() == "sein")
        ]

    def _noun_phrase(self, phrase: list[Token], sentence: Span, after_equals: bool) -> bool:
        """The tokens are a noun phrase a term stands for: opened by a count, an article
        or a noun, ended by a noun, with no verb in it.  After a colon a capitalised
        opening must read as a noun ("Farbe: Karten derselben Farbe"), not as a verb
        opening a sentence ("Schlagen: Kommt eine Figur …"), nor a name of the credits
        ("Autor: Klaus Teuber")."""
        words = [t for t in phrase if t.is_alpha]
        bounds = self.cues.upper_bound_words | self.cues.lower_bound_words
        opening = next(
            (t for t in phrase if (t.is_alpha or t.is_digit) and t.lower_ not in bounds), None
        )
        if opening is None or not words:
            return False
        bare_noun = (
            opening.text[:1].isupper()
            and opening.lower_ not in STOP_WORDS
            and (
                after_equals
                or (bool(self.lexicon.noun_stems(opening.text)) and not self.other(sentence))
            )
        )
        counted = opening.is_digit or opening.lower_ in NUMBER_WORDS
        # An adjective before its noun opens one too ("beliebige Karten, die …").
        following = next((t for t in phrase if t.i > opening.i), None)
        qualified = (
            INFLECTED.match(opening.text) is not None
            and following is not None
            and following.text[:1].isupper()
        )
        if not (counted or opening.lower_ in _PHRASE_OPENERS or bare_noun or qualified):
            return False
        return words[-1].text[:1].isupper() and not any(
            self._phrase_verb(word, following) for word, following in pairwise(words)
        )

    def _phrase_verb(self, word: Token, following: Token) -> bool:
        """A lower-case word that is a verb, not an adjective before its noun ("gleichen
        Zahl"): a form of a verb ("liegt", "kommen", "ist") not followed by a noun."""
        if word.text[:1].isupper() or following.text[:1].isupper():
            return False
        if word.lower_ in STOP_WORDS and following.lower_ in DETERMINERS:
            return False  # a preposition before its article ("neben dem Häuschen")
        lemma = word.lemma_.lower()
        return word.lower_ in self.cues.comment_verbs or lemma.endswith(("en", "ern", "eln"))


def _outside_relatives(tokens: list[Token]) -> list[Token]:
    """The tokens outside the relative clauses among them: from a comma before a relative
    pronoun, maybe after its preposition (", das du …", ", auf dem du …"), to the next
    comma."""
    kept: list[Token] = []
    inside = False
    for index, token in enumerate(tokens):
        if token.text == ",":
            after = [t.lower_ for t in tokens[index + 1 : index + 3]]
            inside = bool(after) and (
                after[0] in RELATIVE_PRONOUNS
                or (len(after) > 1 and after[1] in RELATIVE_PRONOUNS and after[0].isalpha())
            )
            continue
        if not inside:
            kept.append(token)
    return kept
