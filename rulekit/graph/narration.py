"""Examples told as stories: a move told of named players ("Lotta steht auf Feld 36 …",
"Conny (Rot) spielt …", "Der rote Spieler würfelt eine 5 …") and the sentences that go
on with it.  `kinds.KindJudge` builds on these judgments."""

from __future__ import annotations

import re
from itertools import pairwise

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Span, Token

from rulekit.extract.textshapes import CAPTION, INFLECTED
from rulekit.extract.wordclasses import INFLECTED_POSSESSIVES, SUBJECT_PRONOUNS
from rulekit.graph.exceptions import marked_exception, opens_exception
from rulekit.graph.line_kinds import LineJudge
from rulekit.graph.markers import MARKER
from rulekit.graph.shapes import (
    DEMONSTRATIVES,
    INDEFINITE_ARTICLES,
    PLAIN_DEFINITE_ARTICLES,
    VERB_ENDINGS,
    has_verb,
    outside_brackets,
)
from rulekit.graph.story_words import (
    MODAL_STORY_VERBS,
    STORY_VERBS,
    consequence,
    copula_of_clause,
    counts_after,
    inflected_verb,
    listed_throw,
    names_values,
    plural_verb,
    polite,
)

# The endings of a German noun's plural (or its dative plural): "Käfer-n", "Hase-n",
# "Kobold-e".
PLURAL_ENDINGS = ("n", "en", "e")
# Words that join the items of a list: after one, a capitalised word is the next item.
_JOINING = frozenset({"und", "oder", "sowie", "aber"})
# Prepositions that open a time of a story ("In der nächsten Runde", "Beim nächsten Zug"),
# whose turn noun stands among its first this many words.
_TIME_PREPOSITIONS = frozenset({"in", "im", "bei", "beim", "nach", "am"})
# What follows a turn told as a time after the last ("Eine Runde später", "Zwei Züge danach").
_LATER = frozenset({"später", "danach", "darauf"})
# The past tense of "sein" and "haben", in which a story is told and no rule.
_PAST_AUXILIARIES = frozenset({"war", "waren", "hatte", "hatten"})
STORY_TURN_WORDS = 4
NOUN_ENDINGS = ("en", "ern", "eln", "ung", "heit", "keit", "ion", "tät", "schaft")
# Who a sentence about players in general speaks of.
GENERIC_ACTORS = frozenset({"alle", "jeder", "jede", "jedes", "wer", "man", "spieler", "spielerin"})
# The possessives of a player told of as "sie", with their endings ("ihre", "ihren", …).
_HERS = frozenset(word for word in INFLECTED_POSSESSIVES if word.startswith("ihr"))
# Articles before a value told: "eine 5 und eine 1", "die 6 und die 3".
_VALUE_ARTICLES = frozenset({"eine", "einen", "die", "der", "den"})
# A name that joins a story stands before a comma or its verb ("Emil, der links von ihm
# sitzt, muss …") and is no longer than this: a coined card or field name is a compound.
CAST_NAME_LENGTH = 10
# The fewest letters of a name in the genitive ("Oles", "Merles"): "Ums" is none.
GENITIVE_NAME_LENGTH = 3
_TURN = ["an", "der", "reihe"]  # after the name of the player whose turn it is


class StoryJudge(LineJudge):
    """Whether a sentence tells a move of named players, or goes on with one."""

    def narrated(self, sentence: Span, names: set[str]) -> bool:
        """A move told of named players: "Conny (Rot) spielt ...", "Lotta steht ...", "Blau erhält".

        Names found are remembered in `names`, so a later sentence naming them is
        narrated too.  A sentence that names itself an exception ("Einzige Ausnahme
        bilden die 1er: Hier zählen 3 Einser 1000 und 4 Einser 10.000 Punkte.") is none,
        unless it names a player of the story.
        """
        tokens = [t for t in sentence if not t.is_space]
        if (
            # What a player of the story does instead ("zieht aber statt dessen …") is told.
            (marked_exception(sentence, self.cues) and not any(named(t, names) for t in tokens))
            or opens_exception(tokens, self.cues)
            # A figure's caption tells what the picture shows ("Abb. 2: Der rote Komet …").
            or CAPTION.match(sentence.text.strip()) is not None
            # "Zwilling, Vierling und Fünfling bestehen aus …" defines.
            or self.consists(sentence.text.lower())
            # A credit names people ("Redaktion: Jonas Merten, Anke Wiesner").
            or self.outside_rules(sentence.text)
        ):
            return False
        # After an opening bracket ("(Rot würfelt …") and a label ("Beispiel: Lisa würfelt
        # …") the sentence opens where they end.
        start = 1 if tokens and tokens[0].text in ("(", "[") else 0
        # So does a story told in numbered sentences after the number ("1. Jonas ist …").
        marker = MARKER.match(sentence.text)
        if marker is not None:
            end = sentence.start_char + len(marker.group(0).rstrip())
            start = next((i for i, t in enumerate(tokens) if t.idx >= end), start)
        if len(tokens) > start + 2 and tokens[start].is_alpha and tokens[start + 1].text == ":":
            start += 2
        # "Angenommen, Petra steht …": the story opens after the supposition.
        if (
            len(tokens) > start + 2
            and tokens[start].lower_ in self.cues.supposition_words
            and tokens[start + 1].text == ","
        ):
            start += 2
        # A clause after a colon opens as a sentence does ("Vier Mäuse sind unterwegs:
        # Blau führt auf Feld 38, dahinter folgen Rot …").
        opens = {start} | {i + 1 for i in range(start, len(tokens) - 1) if tokens[i].text == ":"}
        listed = self._listed_subjects(tokens[start:])
        names.update(listed)
        found = bool(listed)
        for index, token in enumerate(tokens[:-1]):
            following = tokens[index + 1]
            # "Jede*r" is read as "jeder" (`rulekit.nlp.gendered_forms`), no name.
            if not (token.is_alpha and token.text[:1].isupper()) or token.norm_ in STOP_WORDS:
                continue
            # "Conny (Rot)" names a player by her colour; "4 Rastscheiben (weiß)" counts a
            # piece and "je Farbe (rot, gelb, grün)" lists the colours there are.
            colour_after = (
                self._unknown(token)
                and following.text == "("
                and index + 3 < len(tokens)
                and tokens[index + 2].lower_ in self.cues.colour_words
                and tokens[index + 3].text not in (",", "/")
                and tokens[index + 3].lower_ not in ("und", "oder")
                and not (index > 0 and tokens[index - 1].like_num)
            )
            named_actor = (
                token.lower_ in self.cues.actor_nouns
                and following.is_alpha
                and following.text[:1].isupper()
                and (
                    following.lower_ in self.cues.colour_words
                    # A name, not a word ("… erhält kein Spieler Rohstofferträge", "… ein
                    # Spieler Hummeln außerhalb seiner Wabe hat").
                    or (
                        self._unknown(following)
                        and not self.lexicon.known(following.text)
                        and self.cast_name(following)
                    )
                )
            )
            # "Der rote Spieler würfelt eine 5", "Die gelbe Schnecke steht 3 Felder vor …":
            # a player or the piece of one told by colour, with values.
            coloured = (
                index > 0
                and self.colour_adjective(tokens[index - 1])
                and (
                    token.lower_ in self.cues.actor_nouns
                    # one piece as the subject ("die gelbe Schnecke"), not the red
                    # numbers of a board ("Die roten Zahlen 6 und 8 …")
                    or (
                        index > 1
                        and tokens[index - 2].lower_ in PLAIN_DEFINITE_ARTICLES
                        and tokens[index - 1].lower_.endswith("e")
                    )
                )
                and any(t.like_num for t in tokens)
            )
            # "Herr Kofler zieht …", "Oma Rosi steht …": a title and the name after it.
            kin = self.cues.kin_titles if index == start else frozenset()
            titled = (
                token.lower_ in self.cues.honorifics | kin
                and following.is_alpha
                and following.text[:1].isupper()
                and following.lower_ not in STOP_WORDS
            )
            if titled:
                names.add(following.text)
                found = True
            elif colour_after:
                names.add(token.text)
                found = True
            elif coloured:
                found = True  # "Spieler" names no one of the story
            elif named_actor and len(following.text) > 1:
                # A letter ("Spieler M") names a role the rules speak of, not a player in a story.
                names.add(following.text)
                found = True
            elif index in opens and (
                self._bare_subject(token, following, tokens)
                or self._described_subject(token, following, tokens[index + 2 : index + 3])
            ):
                names.add(token.text)
                found = True
            elif (
                index == start + 1
                and self._opening_verb(tokens[start])
                and self._player_name(token)
                and self.cast_name(token)
                and consequence(tokens[index:])
            ):
                # A case told of a player, the verb first: "Hat Klaus nur noch 2 …, kann er …"
                # (not a request: "Helft Oma Lene bei der Ernte, bevor …").
                names.add(token.text)
                found = True
            elif index == start and self._genitive_name(token, following):
                # "Merles graues Kaninchen steht auf Feld 6": whose piece it is.
                names.update((token.text, token.text[:-1]))
                found = True
            elif (
                names or tokens[index - 1].lower_ in _PAST_AUXILIARIES
            ) and self._inverted_subject(tokens[start : index - 1], tokens[index - 1], token):
                # Another player joins a story told of named players; a story told in the
                # past tense names its first.
                names.add(token.text)
                found = True
        if found and any(tokens[i].text in names for i in opens if i < len(tokens)):
            # A player set beside the story's subject in a clause cut short ("Anja spielt
            # mit den roten, Peter mit den blauen Schiffen") joins it; a list of things
            # ("… 1 Erz, Holz und Getreide") does not.
            names.update(
                token.text
                for before, token, after in zip(tokens, tokens[1:], tokens[2:], strict=False)
                if before.text in (",", "und")
                and token.text[:1].isupper()
                and token.lower_ not in STOP_WORDS
                and after.lower_ in STOP_WORDS - _JOINING
                and self._player_name(token)
            )
        # Values in a rule's brackets are an instance of it: "Paar: zwei Karten mit der
        # gleichen Zahl (z. B. 7 und 7)." tells no move; an aside wholly in brackets may.
        told = tokens if tokens[:1] and tokens[0].text == "(" else outside_brackets(sentence)
        return (
            found
            or any(named(t, names) for t in self._before_instance(sentence))
            or (self._told_values(told))
        )

    def _before_instance(self, sentence: Span) -> list[Token]:
        """The words before an instance the sentence names ("Jeder Spieler führt zwei
        Farben, …, z. B. Rot und Grün."): the players after it are no story's."""
        lower = sentence.text.lower()
        found = [lower.find(phrase) for phrase in self.cues.example_phrases]
        at = min((position for position in found if position > 0), default=len(lower))
        return [t for t in sentence if not t.is_space and t.idx - sentence.start_char < at]

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
                if self._listed_name(last) and plural_verb(tokens[index + 2]):
                    return {t.text for t in (*names, last)}
                return set()
        return set()

    def _listed_name(self, token: Token) -> bool:
        """A name or colour in a list of them: a capitalised word the dictionary does
        not know ("Ben", whatever its ending), or knows only as a name ("Anna"), or a
        colour; not a compound it knows as a noun ("Salatkarten und Salatblätter liegen
        …")."""
        compound = self.lexicon.german_as_written(token.text) and self.lexicon.noun_stems(
            token.text
        ) != [token.text]
        return (
            token.is_alpha
            and token.text[:1].isupper()
            and token.text not in self.articled
            and ((self._unknown(token) and not compound) or token.lower_ in self.cues.colour_words)
        )

    def lettered_players(self, sentences: list[Span]) -> set[str]:
        """The players named by a letter ("Spieler B", "Die Spieler A, B und C"): the
        cast of an example that names no one."""
        letters: set[str] = set()
        for sentence in sentences:
            tokens = list(sentence)
            for index, token in enumerate(tokens):
                if token.lower_ not in self.cues.actor_nouns:
                    continue
                for following in tokens[index + 1 :]:
                    if len(following.text) == 1 and following.text.isupper():
                        letters.add(following.text)
                    elif following.text not in (",", "und", "oder"):
                        break
        return letters

    def colour_adjective(self, token: Token) -> bool:
        """A colour word inflected as an adjective: "rote", "blauen", "grüner"."""
        return token.text[:1].islower() and self.colour_stem(token) in self.cues.colour_words

    def colour_stem(self, token: Token) -> str:
        """The word without an adjective's ending if that leaves a colour ("roten" ->
        "rot"), else the word in lower case."""
        word = token.lower_
        bare = re.sub(r"(?:e|en|er|es|em)$", "", word)
        return (
            bare if word not in self.cues.colour_words and bare in self.cues.colour_words else word
        )

    def _told_values(self, tokens: list[Token]) -> bool:
        """Values thrown or drawn, joined by "und", without a modal: "würfelt 3 und 2".
        Values without a verb are a list's ("Karottenkarten im Wert von 1, 5, 10 und 50");
        values set after a noun name which ones are meant ("Die roten Zahlen 6 und 8 sind
        am größten dargestellt"), as a rule or a description does."""
        if any(t.lemma_.lower() in self.cues.modal_lemmas for t in tokens) or not has_verb(tokens):
            return False
        # An article may stand before each value ("bekommt eine 5 und eine 1"), and a
        # throw may be listed by commas alone ("liegen 2, 3, 4, 4, 6 vor ihm").
        # An ordinal ("für den 5. und 6. Platz") ranks; it is no value thrown.  A value at
        # the sentence's end keeps its full stop ("würfelt 3 und 2.").
        values = [
            t
            for t in tokens[:-1]
            if t.lower_ not in _VALUE_ARTICLES and not (t.like_num and t.text.endswith("."))
        ] + tokens[-1:]
        # Values thrown are told in digits; "aus zwei, vier und fünf Karten" counts.
        joined = any(
            a.like_num and b.lower_ in ("und", ",") and c.like_num and (a.is_digit or c.is_digit)
            for a, b, c in zip(values, values[1:], values[2:], strict=False)
        )
        return (
            joined
            and not any(
                names_values(tokens, i) or counts_after(tokens, i)
                for i, (a, b) in enumerate(pairwise(tokens))
                if a.like_num and b.lower_ in ("und", ",")
            )
            and (any(t.lower_ == "und" for t in values) or listed_throw(values))
        )

    def _bare_subject(self, token: Token, following: Token, tokens: list[Token]) -> bool:
        """A sentence opened by a name or colour with no article, then a verb: "Lotta steht".

        Before a modal the name is a colour, or the sentence tells values ("Rot möchte
        nur 2 Felder weit ziehen"): a rule puts its object first too ("Ereigniskarten
        darf man …")."""
        if not inflected_verb(following) or copula_of_clause(following, tokens):
            return False
        after = next((t for t in tokens if t.i > following.i), None)
        if after is not None and after.lower_ in SUBJECT_PRONOUNS:
            return False  # the object first: "Schneckenfelder erreichst du nur, indem …"
        if following.lower_ in MODAL_STORY_VERBS and not (
            token.lower_ in self.cues.colour_words or any(t.like_num for t in tokens)
        ):
            return False
        verb = following.lemma_.lower()
        if verb in self.cues.naming_lemmas or verb in self.cues.definition_lemmas:
            return False  # "Angreifen bedeutet: ..." defines
        return self._player_name(token)

    def _genitive_name(self, token: Token, following: Token) -> bool:
        """A name in the genitive before the piece it owns: "Merles graues Kaninchen",
        "Pauls Hase"; a word the dictionary does not know, its "s" cut a name."""
        return (
            token.is_alpha
            and len(token.text) > GENITIVE_NAME_LENGTH
            and token.text.endswith("s")
            and self._player_name(token)
            and following.is_alpha
            and (
                bool(INFLECTED.match(following.text))
                or (following.text[:1].isupper() and self.lexicon.known(following.text))
            )
        )

    def _opening_verb(self, token: Token) -> bool:
        """A finite verb capitalised as the sentence's first word: "Hat", "Würfelt", not
        a participle ("Gegessene Kohlköpfe …")."""
        lower = token.lower_
        lemma = self._lemmas.get(lower, lower)
        return (
            token.is_alpha
            and token.text[:1].isupper()
            and (
                lower in STORY_VERBS
                or (lower.endswith("t") and lower != lemma and lemma.endswith(VERB_ENDINGS))
            )
        )

    def _described_subject(self, token: Token, following: Token, after: list[Token]) -> bool:
        """A name, then a clause that says who it is: "Malte, der links von ihr sitzt, …"."""
        return (
            following.text == ","
            and bool(after)
            and after[0].lower_ in ("der", "die")
            and self.cast_name(token)
        )

    def story_turn(self, opening: list[Token] | Span) -> bool:
        """The words open with a turn of a story: "In der nächsten Runde", "Im folgenden
        Zug", "In derselben Runde" (up to the verb after them), "Eine Runde später"."""
        words = list(opening)
        turn = next((i for i, t in enumerate(words) if t.lower_ in self.cues.turn_nouns), None)
        if turn is None or not 0 < turn < STORY_TURN_WORDS:
            return False
        later = turn + 1 < len(words) and words[turn + 1].lower_ in _LATER
        return all(t.is_alpha for t in words[: turn + 1]) and (
            words[0].lower_ in _TIME_PREPOSITIONS or later
        )

    def _inverted_subject(self, opening: list[Token], verb: Token, token: Token) -> bool:
        """A name or colour right after the verb, the `opening` before it a word of the
        story's sequence or a turn of it: "Danach deckt Tim …", "Dann würfelt Blau …",
        "In der nächsten Runde würfelt Gelb …" (not "hat", "ist"; but the past tense a rule
        is never said in: "In der neunten Runde war Blau …")."""
        sequence = len(opening) == 1 and opening[0].lower_ in self.cues.sequence_words
        return (
            (sequence or self.story_turn(opening))
            # The subject before the verb ("…: Du machst Verdauungspause."): an object after it.
            and not (opening and opening[-1].lower_ in SUBJECT_PRONOUNS)
            and (
                (verb.lower_ not in STOP_WORDS and inflected_verb(verb))
                or verb.lower_ in _PAST_AUXILIARIES
            )
            and self._player_name(token)
        )

    def _player_name(self, token: Token) -> bool:
        """A colour or a name: a word the dictionary does not know, without the ending of
        a verb or an abstract noun, unless the dictionary holds the word itself as a base
        form ("Jürgen", "Sven", not the plural "Aktionskarten"); not a word in capitals,
        which names the game."""
        if token.lower_ in self.cues.colour_words:
            return True
        if token.text.isupper() or token.text in self.articled:
            # A title in capitals ("IGELSPRINT ist ein Rennspiel …"), or a noun the manual
            # writes after an article ("Ein Joker kann …").
            return False
        if self._misread_name(token):
            return True
        return self._unknown(token) and (
            not token.lower_.endswith(NOUN_ENDINGS)
            or self.lexicon.noun_stems(token.text) == [token.text]
        )

    def _misread_name(self, token: Token) -> bool:
        """A name ending in "s" that the lemma table takes for a genitive ("Thomas" of
        "Thoma"), which the dictionary holds as a base form of its own and no word
        written in lower case."""
        lemma = self._lemmas.get(token.text)
        return (
            token.text.endswith("s")
            and lemma == token.text[:-1]
            and not self.lexicon.german_as_written(token.lower_)
            and self.lexicon.noun_stems(token.text) == [token.text]
        )

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
        Sie …", nor an "Es" that stands for no one)."""
        return (
            words[0].lower_ in self.cues.continuation_pronouns
            and not (len(words) > 1 and words[1].text == "Sie")
            # "Es besteht kein Schlagzwang", "Es gibt …": no one's story.
            and words[0].lower_ != "es"
            and not polite(words)
        )

    def continues(self, sentence: Span) -> bool:
        """A sentence that goes on with an example: its player as a pronoun, no general
        actor, no exception it names.  An "es" after its verb is no player ("Nach der 12
        geht es nicht weiter"); a pronoun may stand after an opening clause ("Weil Feld
        33 ein Katzenfeld ist, zieht sie noch ein Feld weiter")."""
        words = [t for t in sentence if t.is_alpha][:4]
        if not words or marked_exception(sentence, self.cues):
            return False
        if self.opens_with_pronoun(words) or self._pronoun_after_clause(sentence):
            return True
        if self._owned(words[0]) and not any(w.lower_ in GENERIC_ACTORS - {"alle"} for w in words):
            # "Ihre Kleiber sitzen alle noch …", but "Seine Karten hält jeder Spieler …"
            return True
        if any(w.lower_ in GENERIC_ACTORS for w in words):
            return False
        return (
            any(
                w.text in self.cues.continuation_pronouns
                # "es" after its verb is an expletive ("geht es"), no player.
                and not (w.text == "es" and before.text[:1].islower())
                for before, w in pairwise(words)
            )
            or any(self._owned(w) for w in words)
        )

    def _owned(self, word: Token) -> bool:
        """A possessive of the story's player: "seine", and hers or theirs where "Ihre"
        is not the reader's ("Ihre Meise erschrickt …")."""
        return word.lower_ in self.cues.continuation_possessives or (
            not self.polite and word.lower_ in _HERS
        )

    def any_player(self, sentence: Span) -> bool:
        """The sentence speaks of a player by the indefinite article: any player, none
        of a story's ("Sind alle Kutter eines Spielers aus dem Hafen, darf er …")."""
        return any(
            article.lower_ in INDEFINITE_ARTICLES and noun.lemma_.lower() in self.cues.actor_nouns
            for article, noun in pairwise(sentence)
        )

    def judges_move(self, sentence: Span) -> bool:
        """The sentence opens with a demonstrative for the move just told, then its verb:
        "Das ist nicht erlaubt, denn …", "Dies kostet ihn 6 Möhren" (not "Das gilt auch
        für …", which extends a rule, nor "Das Spiel endet", whose "Das" is an article)."""
        tokens = [t for t in sentence if not t.is_space][:2]
        return (
            len(tokens) == 2
            and tokens[0].lower_ in DEMONSTRATIVES
            and inflected_verb(tokens[1])
            and tokens[1].lemma_.lower() != "gelten"
        )

    def _pronoun_after_clause(self, sentence: Span) -> bool:
        """The main clause after an opening clause has a pronoun for its subject, and
        the opening clause speaks of no player in general ("Weil Feld 33 ein
        Katzenfeld ist, zieht sie …", not "Würfelt ein Spieler eine 6, darf er …")."""
        tokens = [t for t in sentence if not t.is_space]
        comma = next((i for i, t in enumerate(tokens) if t.text == ","), None)
        if comma is None or comma + 2 >= len(tokens):
            return False
        verb, subject = tokens[comma + 1], tokens[comma + 2]
        # "alle" counts the pieces of the story too ("Stünden alle anderen Hasen vor ihr");
        # a player in general may be inflected ("Sind alle Kutter eines Spielers …").
        general = (GENERIC_ACTORS - {"alle"}) | self.cues.actor_nouns
        return (
            subject.text in self.cues.continuation_pronouns - {"es"}
            and inflected_verb(verb)
            and not any(
                t.lower_ in general or t.lemma_.lower() in self.cues.actor_nouns
                for t in tokens[:comma]
            )
        )

    def join_cast(self, sentence: Span, names: set[str]) -> None:
        """Remember the players a story's sentence brings in: a name before a comma or
        its verb ("Emil, der links von ihm sitzt, muss nun aussetzen"), so that a later
        sentence naming them goes on with the story ("Als Nächste ist Hanna an der Reihe,
        die links neben Emil sitzt")."""
        tokens = [t for t in sentence if not t.is_space]
        for index, (token, following) in enumerate(pairwise(tokens)):
            # A name has no article ("auf ein Nussfeld, …" names a field).
            before = tokens[index - 1] if index else None
            bare = before is None or before.text in (",", "(") or before.lower_ == "und"
            # A card among values ("legt Rot 4, Kobold, Kobold und Grün 7 aus") is no one.
            if bare and index >= 2 and tokens[index - 2].like_num:
                continue
            turn = [t.lower_ for t in tokens[index + 1 : index + 4]] == _TURN  # "Finn an der Reihe"
            subject = bare or (before is not None and inflected_verb(before))
            acts = following.text == "," or inflected_verb(following)
            if (turn or (subject and acts)) and self.cast_name(token, inflected=not turn):
                names.add(token.text)

    def cast_name(self, token: Token, inflected: bool = True) -> bool:
        """A word that may name a player: capitalised, short, spelled as no German word is
        ("Emil", not "Karte"); unless `inflected`, also a noun's stem ("Finn", "Finnen")."""
        return (
            token.is_alpha
            and token.text[:1].isupper()
            and token.lower_ not in STOP_WORDS
            and len(token.text) <= CAST_NAME_LENGTH
            and token.lower_ not in self.cues.actor_nouns  # "Spieler, die …" are any
            # A noun the manual writes after an article ("ein blaues Entlein").
            and token.text not in self.articled
            and not self.lexicon.german_as_written(token.lower_)
            and not token.lower_.endswith(NOUN_ENDINGS)
            and (
                not inflected
                # No inflected noun: "Felder, die sich nur an einer Ecke berühren, …"
                or (
                    token.lemma_ == token.text
                    and self.lexicon.noun_stems(token.text) in ([], [token.text])
                    # Nor a noun whose plural the dictionary knows: "Käfer, die schon in der
                    # Heimwabe sind, …" ("Käfern"), "Hase" ("Hasen"); a name has none.
                    and not any(
                        self.lexicon.german_as_written(token.text + ending)
                        for ending in PLURAL_ENDINGS
                    )
                )
            )
        )


def named(token: Token, names: set[str]) -> bool:
    """The token names a player of the story, or what is theirs ("Peters vorderes
    Schiff", "Anjas Schiff")."""
    return token.text in names or (token.text.endswith("s") and token.text[:-1] in names)
