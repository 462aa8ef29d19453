"""Whether a sentence binds the players: a modal verb, an imperative, a rule word
("nur", "immer", "jeder"), the players named ("wer", "Spieler"); or whether it only
advises ("sollten Sie …"), hints at a tactic or serves the players' convenience.

`BindingJudge` reads these for `kinds.KindJudge`, which tells a sentence's kind by them.
"""

from __future__ import annotations

from itertools import dropwhile, pairwise

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Span, Token

from rulekit.graph.clauses import split_clauses
from rulekit.graph.narration import GENERIC_ACTORS, StoryJudge
from rulekit.graph.shapes import (
    RELATIVE_PRONOUNS,
    SUBORDINATORS,
    VERB_ENDINGS,
    addresses,
    has_phrase,
)

# Rule words a story uses as plain words ("Nur am Brunnen herrscht Frieden").
_STORY_RULE_WORDS = frozenset({"nur", "immer", "keine", "keinen"})
# Who comes first ("Wer als Erster … erreicht, …").
_FIRST = ("als erster", "als erste", "als erstes")
# Who wins, which a game's idea may tell beside its story ("Wer dies als erster
# geschafft hat, ist Sieger.").
_WINNING = frozenset({"gewinnen", "sieger", "siegerin", "gewinner", "gewinnerin"})
# Articles and pronouns that follow a verb in the imperative: "Platziert die …".
OBJECT_WORDS = frozenset({"die", "der", "das", "den", "einen", "eine", "ein", "ihn", "ihr"})
# The words that open a subordinate clause, but for relative pronouns, which also open
# a main clause as articles ("Die Spieler könnten …").
_CONJUNCTIONS = SUBORDINATORS - RELATIVE_PRONOUNS


class BindingJudge(StoryJudge):
    """Whether a sentence binds the players, and how."""

    def general(self, sentence: Span) -> bool:
        """A sentence about players in general ("alle Spieler", "jeder", "wer"): not a story."""
        return self.generic_actor(sentence) or self.modal(sentence)

    def generic_actor(self, sentence: Span) -> bool:
        """Speaks of players in general: "alle", "jeder", "wer", "man"."""
        return any(t.lower_ in GENERIC_ACTORS for t in sentence)

    def normative(self, sentence: Span) -> bool:
        """Says what players must, may or cannot do: a modal, an imperative, a rule word."""
        if self.modal(sentence) or self.imperative(sentence):
            return True
        words = {t.lower_ for t in sentence}
        return bool(words & self.cues.normative_words)

    def binding(self, sentence: Span) -> bool:
        """Binds the players beyond a modal verb: an instruction, a count, a rule word
        ("nur", "immer", "jeder") or the players named ("Spieler").  In a preface or
        an essay "kann man üben" is no rule; "Jeder Spieler zieht 2 Karten" is."""
        words = {t.lower_ for t in sentence}
        return (
            self.imperative(sentence)
            or any(t.like_num for t in sentence)
            or bool(words & self.cues.normative_words)
            or any(t.lemma_.lower() in self.cues.actor_nouns for t in sentence)
            # "Wer …", "jeder", "alle" bind the players; an essay's "man" does not.
            or any(t.lower_ in GENERIC_ACTORS and t.lower_ != "man" for t in sentence)
        )

    def binds(self, sentence: Span) -> bool:
        """Binds the players, by a rule word, a modal verb or what `binding` counts."""
        return self.normative(sentence) or self.binding(sentence)

    def plays(self, sentence: Span) -> bool:
        """Tells how the game is played, as a game's idea may beside its story: an
        instruction, the players spoken to or named ("ihr", "Spieler"), what is paid or
        gained ("Vorwärts zu kriechen kostet Salat"), a rule word ("Pflicht",
        "niemals"), "man", or who wins.  A story tells of its own people in general words too
        ("Wer zu schnell lospaddelt, dem gehen die Kräfte aus")."""
        rule_words = (self.cues.normative_words - GENERIC_ACTORS - _STORY_RULE_WORDS) | {"man"}
        lower = sentence.text.lower()
        # Who comes first wins ("Wer als Erster … erreicht, …"); a story's wish to be
        # first ("Jede möchte als erste …", "…, wer als Erster …") wins nothing.
        words = [t for t in sentence if t.is_alpha]
        first = (
            bool(words)
            and words[0].lower_ == "wer"
            and any(has_phrase(lower, phrase) for phrase in _FIRST)
        )
        trade = self.cues.cost_lemmas | self.cues.gain_lemmas | self.cues.actor_nouns
        return (
            self.imperative(sentence)
            or addresses(sentence)
            or any(t.lemma_.lower() in trade | _WINNING for t in sentence)
            or any(t.lower_ in self.cues.duty_words | rule_words for t in sentence)
            or first
        )

    def instructs(self, sentence: Span) -> bool:
        """Tells the players what to do: an imperative, or the players named ("Spieler",
        "wer").  In an essay "nur", "jeder" or a number are no more than words."""
        return (
            self.imperative(sentence)
            or any(t.lemma_.lower() in self.cues.actor_nouns for t in sentence)
            or any(t.lower_ == "wer" for t in sentence)
        )

    def hint(self, sentence: Span) -> bool:
        """A strategy hint: what is wise, an advantage, a tactic."""
        return any(
            t.lower_ in self.cues.hint_lemmas or t.lemma_.lower() in self.cues.hint_lemmas
            for t in sentence
        )

    def advice(self, sentence: Span) -> bool:
        """Recommends rather than rules: "sollten Sie …", "könntet Ihr …", "wir empfehlen".

        A sentence or a clause that opens with the verb states a case ("Solltest du
        keine Karten mehr haben, …", "…; sollte er einmal nicht ausreichen, …"): that
        is a condition, not advice.
        """
        words = [t for t in sentence if t.is_alpha]
        return any(
            t.lower_ in self.cues.advice_words
            and not _subordinate(t, sentence)
            and not _opens_case(t, sentence)
            and not (t.lower_ in self.cues.passive_rule_modals and _passive_after(t, sentence))
            for t in words[1:]
        )

    def aid(self, sentence: Span) -> bool:
        """Serves the players' convenience ("Als Hilfestellung …", "zur besseren Übersicht")
        or readies the material before play ("die beiliegenden Stifte"), or puts only the
        table's equipment in its place ("Legt den Spielplan in die Tischmitte.", "Die
        Würfel und der Becher werden bereitgelegt."), which holds no state of the game."""
        lower = sentence.text.lower()
        phrases = self.cues.aid_phrases + self.cues.assembly_phrases
        return any(has_phrase(lower, phrase) for phrase in phrases) or self._lays_out(sentence)

    def _lays_out(self, sentence: Span) -> bool:
        """A placing verb whose things are all equipment or places (`equipment_words`,
        `table_places`): no count, no player, no card or piece in play."""
        # A step's number ("1. Legt …") counts nothing.
        words = list(dropwhile(lambda t: not t.is_alpha, sentence))
        lemmas = {t.lemma_.lower() for t in words}
        nouns = {t.lemma_.lower() for t in words[1:] if t.is_alpha and t.text[:1].isupper()}
        return (
            bool(lemmas & self.cues.placing_lemmas)
            and bool(nouns & self.cues.equipment_words)
            and nouns <= self.cues.equipment_words | self.cues.table_places
            and not any(t.like_num for t in words)
        )

    def speaks_as_we(self, sentence: Span) -> bool:
        """Written in the first person plural, an essay's voice ("Wir glauben, ...")."""
        return any(t.lower_ in self.cues.first_person_plural for t in sentence)

    def modal(self, sentence: Span) -> bool:
        """A modal verb whose subject is not "wir" (an essay's "müssen wir" is no rule)."""
        words = {t.lower_ for t in sentence}
        if words & {"wir", "uns"}:
            return False
        return any(t.lemma_.lower() in self.cues.modal_lemmas for t in sentence)

    def imperative(self, sentence: Span) -> bool:
        """Opens with a verb in the imperative: "Mischt die Karten", "Verteilen Sie ..."."""
        tokens = [t for t in sentence if t.is_alpha]
        if (
            len(tokens) < 2
            or not tokens[0].text[:1].isupper()
            or sentence.text.strip().endswith("?")
        ):
            return False
        first, second = tokens[0], tokens[1]
        if any(
            b.text == "Sie" and a.lower_ not in STOP_WORDS and (a is first or a.text[:1].islower())
            for a, b in pairwise(tokens[:5])
        ):
            return True  # "Verteilen Sie ...", "Zu Beginn stellen Sie ..."
        if second.lower_ in ("du", "ihr"):
            return False  # a case set by the verb first: "Spielst du …, wirfst du ab"
        if self._lemmas.get(first.text, first.text) != first.text or first.lower_ in STOP_WORDS:
            return False  # a known noun ("Karten" -> "Karte") or a function word
        if first.lower_ in SUBORDINATORS or first.lower_ in self.cues.condition_openers:
            return False  # a clause that sets a case: "Solange ein Spieler …"
        lemma = self._lemmas.get(first.lower_, "")
        if lemma.endswith(VERB_ENDINGS) and lemma != first.lower_:
            return True
        # An unknown capitalised word ending like a verb, then an article: "Platziert die";
        # not a label ("Pforte: eine Folge aus 7 Karten").
        labelled = first.i + 1 < len(first.doc) and first.doc[first.i + 1].text == ":"
        return first.lower_.endswith(("t", "e")) and second.lower_ in OBJECT_WORDS and not labelled


def _subordinate(token: Token, sentence: Span) -> bool:
    """The token stands in a clause that a conjunction opens ("…, auch wenn er bedienen
    könnte"): a case, not what the sentence tells the players to do."""
    start = next(
        (t.i + 1 for t in reversed(sentence.doc[sentence.start : token.i]) if t.text == ","),
        sentence.start,
    )
    opening = [t.lower_ for t in sentence.doc[start : token.i] if t.is_alpha][:2]
    return any(word in _CONJUNCTIONS for word in opening)


def _passive_after(modal: Token, sentence: Span) -> bool:
    """A passive infinitive ends the modal's clause ("… sollte … bewegt werden")."""
    clause = next((c for c in split_clauses(sentence) if modal in c), [])
    words = [t for t in clause if t.is_alpha and t.i > modal.i]
    return len(words) >= 2 and words[-1].lower_ == "werden"


def _opens_case(verb: Token, sentence: Span) -> bool:
    """The verb opens a clause of its own that a comma closes before the sentence goes on
    ("…; sollte er einmal nicht ausreichen, nimmt man …"): a case, not the main clause
    after one ("Wer vorn liegt, sollte … meiden.")."""
    before = verb.nbor(-1)
    return before.is_punct and (
        before.text != "," or any(t.text == "," for t in sentence if t.i > verb.i)
    )
