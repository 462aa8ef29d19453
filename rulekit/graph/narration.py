"""Examples told as stories: a move told of named players ("Lotta steht auf Feld 36 …",
"Conny (Rot) spielt …", "Der rote Spieler würfelt eine 5 …") and the sentences that go
on with it.  `kinds.KindJudge` builds on these judgments."""

from __future__ import annotations

import re

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Span, Token

from rulekit.graph.exceptions import marked_exception
from rulekit.graph.line_kinds import LineJudge
from rulekit.graph.shapes import VERB_ENDINGS, has_verb, outside_brackets

# Endings of abstract nouns and verbs: a word with one is no name.
NOUN_ENDINGS = ("en", "ern", "eln", "ung", "heit", "keit", "ion", "tät", "schaft")
# Who a sentence about players in general speaks of.
GENERIC_ACTORS = frozenset({"alle", "jeder", "jede", "jedes", "wer", "man", "spieler", "spielerin"})


class StoryJudge(LineJudge):
    """Whether a sentence tells a move of named players, or goes on with one."""

    def narrated(self, sentence: Span, names: set[str]) -> bool:
        """A move told of named players: "Conny (Rot) spielt ...", "Lotta steht ...", "Blau erhält".

        Names found are remembered in `names`, so a later sentence naming them is
        narrated too.  A sentence that names itself an exception ("Einzige Ausnahme
        bilden die 1er: Hier zählen 3 Einser 1000 und 4 Einser 10.000 Punkte.") is none.
        """
        if marked_exception(sentence, self.cues):
            return False
        tokens = [t for t in sentence if not t.is_space]
        # After a label ("Beispiel: Lisa würfelt …") the sentence opens where it ends.
        start = 2 if len(tokens) > 2 and tokens[0].is_alpha and tokens[1].text == ":" else 0
        listed = self._listed_subjects(tokens[start:])
        names.update(listed)
        found = bool(listed)
        for index, token in enumerate(tokens[:-1]):
            following = tokens[index + 1]
            if not (token.is_alpha and token.text[:1].isupper()) or token.lower_ in STOP_WORDS:
                continue
            colour_after = (
                self._unknown(token)
                and following.text == "("
                and index + 2 < len(tokens)
                and tokens[index + 2].lower_ in self.cues.colour_words
            )
            named_actor = (
                token.lower_ in self.cues.actor_nouns
                and following.is_alpha
                and following.text[:1].isupper()
                and (
                    following.lower_ in self.cues.colour_words
                    # A name, not a word ("… erhält kein Spieler Rohstofferträge").
                    or (self._unknown(following) and not self.lexicon.known(following.text))
                )
            )
            # "Der rote Spieler würfelt eine 5": a player told by colour, with values.
            coloured = (
                token.lower_ in self.cues.actor_nouns
                and index > 0
                and self.colour_adjective(tokens[index - 1])
                and any(t.like_num for t in tokens)
            )
            if colour_after:
                names.add(token.text)
                found = True
            elif coloured:
                found = True  # "Spieler" names no one of the story
            elif named_actor and len(following.text) > 1:
                # A letter ("Spieler M") names a role the rules speak of, not a player in a story.
                names.add(following.text)
                found = True
            elif index == start and self._bare_subject(token, following):
                names.add(token.text)
                found = True
            elif index == 2 and names and self._inverted_subject(tokens[0], tokens[1], token):
                # Another player joins a story told of named players.
                names.add(token.text)
                found = True
        # Values in a rule's brackets are an instance of it: "Paar: zwei Karten mit der
        # gleichen Zahl (z. B. 7 und 7)." tells no move; an aside wholly in brackets may.
        told = tokens if tokens[:1] and tokens[0].text == "(" else outside_brackets(sentence)
        return found or any(t.text in names for t in tokens) or self._told_values(told)

    def _listed_subjects(self, tokens: list[Token]) -> set[str]:
        """The names a sentence opens with as its subject, two or more, then its verb:
        "Anna, Ben, Clara und David sitzen …", "Rot und Blau würfeln …"."""
        names: list[Token] = []
        for index, token in enumerate(tokens):
            if index % 2 == 0:
                if not self._listed_name(token):
                    return set()
                names.append(token)
            elif token.text != "," and token.lower_ != "und":
                break
            elif token.lower_ == "und" and index + 2 < len(tokens):
                last = tokens[index + 1]
                if self._listed_name(last) and _plural_verb(tokens[index + 2]):
                    return {t.text for t in (*names, last)}
                return set()
        return set()

    def _listed_name(self, token: Token) -> bool:
        """A name or colour in a list of them: a capitalised word the dictionary does
        not know ("Ben", whatever its ending), or a colour."""
        return (
            token.is_alpha
            and token.text[:1].isupper()
            and (self._unknown(token) or token.lower_ in self.cues.colour_words)
        )

    def colour_adjective(self, token: Token) -> bool:
        """A colour word inflected as an adjective: "rote", "blauen", "grüner"."""
        word = token.lower_
        return token.text[:1].islower() and (
            word in self.cues.colour_words
            or re.sub(r"(?:e|en|er|es|em)$", "", word) in self.cues.colour_words
        )

    def _told_values(self, tokens: list[Token]) -> bool:
        """Values thrown or drawn, joined by "und", without a modal: "würfelt 3 und 2".
        Values without a verb are a list's ("Karottenkarten im Wert von 1, 5, 10 und 50");
        values set after a noun name which ones are meant ("Die roten Zahlen 6 und 8 sind
        am größten dargestellt"), as a rule or a description does."""
        if any(t.lemma_.lower() in self.cues.modal_lemmas for t in tokens) or not has_verb(tokens):
            return False
        return any(
            a.like_num and b.lower_ == "und" and c.like_num and not _names_values(tokens, i)
            for i, (a, b, c) in enumerate(zip(tokens, tokens[1:], tokens[2:], strict=False))
        )

    def _bare_subject(self, token: Token, following: Token) -> bool:
        """A sentence opened by a name or colour with no article, then a verb: "Lotta steht"."""
        if not _inflected_verb(following):
            return False
        verb = following.lemma_.lower()
        if verb in self.cues.naming_lemmas or verb in self.cues.definition_lemmas:
            return False  # "Angreifen bedeutet: ..." defines
        return self._player_name(token)

    def _inverted_subject(self, opener: Token, verb: Token, token: Token) -> bool:
        """A name or colour right after the verb, a word of the story's sequence opening
        the sentence: "Danach deckt Tim …", "Dann würfelt Blau …" (not "hat", "ist")."""
        return (
            opener.lower_ in self.cues.sequence_words
            and verb.lower_ not in STOP_WORDS
            and _inflected_verb(verb)
            and self._player_name(token)
        )

    def _player_name(self, token: Token) -> bool:
        """A colour or a name: a word the dictionary does not know, without the ending of
        a verb or an abstract noun."""
        if token.lower_ in self.cues.colour_words:
            return True
        return self._unknown(token) and not token.lower_.endswith(NOUN_ENDINGS)

    def _unknown(self, token: Token) -> bool:
        """A word the dictionary does not know: a name ("Conny"), not a noun ("Punkte").

        Nor a word capitalised only because it opens the sentence ("Zuletzt erhält …",
        "Hierbei wird …"): its lower-case form is a word as written.
        """
        return (
            token.text not in self._lemmas
            and token.lower_ not in self._lemmas
            and not self.lexicon.german_as_written(token.lower_)
        )

    def opens_with_pronoun(self, words: list[Token]) -> bool:
        """The sentence's first words open with a pronoun as its subject: "Er darf nicht
        alle 3 Einheiten …", "Sie legt …" (not the polite "Sie" after a verb: "Legen
        Sie …")."""
        return words[0].lower_ in self.cues.continuation_pronouns and not (
            len(words) > 1 and words[1].text == "Sie"
        )

    def continues(self, sentence: Span) -> bool:
        """A sentence that goes on with an example: its player as a pronoun, no general
        actor, no exception it names."""
        words = [t for t in sentence if t.is_alpha][:4]
        if not words or marked_exception(sentence, self.cues):
            return False
        if self.opens_with_pronoun(words):
            return True
        if any(w.lower_ in GENERIC_ACTORS for w in words):
            return False
        return any(w.text in self.cues.continuation_pronouns for w in words[1:]) or any(
            w.lower_ in self.cues.continuation_possessives for w in words
        )


def _inflected_verb(token: Token) -> bool:
    """A verb's inflected form in lower case: its lemma differs and ends as an infinitive
    does ("steht", "deckt"), or it is one of the auxiliaries "hat", "ist", "wird" ("ist"
    is "sein", the one verb whose infinitive ends in no verb ending)."""
    if not (token.is_alpha and token.text[:1].islower()):
        return False
    if token.lower_ in STOP_WORDS and token.lower_ not in {"hat", "ist", "wird"}:
        return False
    lemma = token.lemma_.lower()
    return token.lower_ != lemma and (lemma.endswith(VERB_ENDINGS) or lemma == "sein")


def _plural_verb(token: Token) -> bool:
    """A verb after a plural subject: inflected, or in the form of its infinitive
    ("sitzen", "würfeln")."""
    return _inflected_verb(token) or (
        token.is_alpha
        and token.text[:1].islower()
        and token.lower_ not in STOP_WORDS
        and token.lemma_.lower() == token.lower_
        and token.lower_.endswith(VERB_ENDINGS)
    )


def _names_values(tokens: list[Token], index: int) -> bool:
    """The value at `index` stands right after a noun that it names ("Zahlen 6 und 8"),
    not after a word that opens the sentence."""
    return index > 1 and tokens[index - 1].is_alpha and tokens[index - 1].text[:1].isupper()
