"""Kinds from cues: what a line or a sentence of a rulebook is, and whether it is mechanical.

`KindJudge` reads general German rulebook language (the cue words of
`rulekit/data/cues_de.yaml`) and the shape of the text: a credits line ("Autor:
...") or an imprint is `other`, "Folgende Karten gibt es:" a `lead-in`, "Jede Karte
besteht aus ..." a `definition`, a sentence with "z. B." and concrete values or a
narrated move ("Lotta steht auf Feld 36") an `example`, a story in the first person
plural `flavour`, and what speaks about a program rather than the game `other`.
Whole lines (labels, credits, the component list) are judged by `line_kinds`, whether
a sentence binds the players by `binding`, a definition's shape by `definitions`.
The segmenter (`units.py`) adds what only structure tells: the component list,
steps, notes, and whole regions of flavour or program documentation.
"""

from __future__ import annotations

import re
from itertools import pairwise

from spacy.tokens import Span

from rulekit.extract.textshapes import BOX_FACTS, CAPTION, IMPRINT
from rulekit.graph.definitions import DefinitionJudge
from rulekit.graph.exceptions import marked_exception
from rulekit.graph.phases import NUMBER_WORDS
from rulekit.graph.shapes import (
    SUBORDINATORS,
    addresses,
    asked_first,
    before_contrast,
    content_lemmas,
    counted_parts,
    done_to,
    has_phrase,
    has_verb,
    in_denied_part,
    inflected_verb,
    main_clause,
    names_a_set,
    says_what_it_is,
    tells_how,
    verbless,
    verdict,
    wish,
)
from rulekit.model import NodeKind

# A wish or greeting standing alone ("Viel Spaß beim Hütchenlauf!") is this short.
SIGN_OFF_WORDS = 8
# Code in running text: a file name ("build.xml"), an identifier with an underscore or
# a path ("blocus_longus", "jar/spiel.jar"), a command-line flag ("-jar", "-xzf").
# The gender gap ("Spieler_innen", "Jede_r", "der_die") is no identifier.
_CODE = re.compile(
    r"\b[A-Za-z]\w+\.[a-z]{2,4}\b|(?:^|\s)--?[a-z]{1,5}\b"
    r"|[A-Za-z0-9]_(?!(?:in|innen|r|n|e|er|es|en|em|die|der|den|dem|des)\b)[A-Za-z0-9]"
)
# Share of the sentences about a program that makes a block program documentation.
PROGRAMMING_SHARE = 0.5
# A run-in label of one word before what it heads ("Außerdem: …").
_RUN_IN = re.compile(r"^[^\W\d_]+:\s+")
# "Ein Paar ist eine Kombination aus ...": a term defined by what it is.
_IS_A = re.compile(r"^(?:ein|eine)\s+[A-ZÄÖÜ][\w-]*\s+(?:ist|sind|heißt|bezeichnet)\b", re.I)
# "besteht … aus" with the subject between.
# A bare "Das" or "Dies" before a `comment_verbs` cue comments on what was just said.
COMMENT_SUBJECTS = frozenset({"das", "dies"})
DEFINITE_ARTICLES = frozenset({"der", "die", "das", "den", "dem", "des"})
# "gelten als": what counts as what.
_COUNTS = frozenset({"gilt", "gelten"})
# A rule named as a noun ("Regel", "Sonderregel", "Grundregel").
_RULE_NOUN = "regel"
# A field told by its number: "auf Feld 17".
_FIELD = "feld"


def counts_as(clause: Span) -> bool:
    """Says what counts as what, in either order: "Als Reihe gilt jede Folge …", "Fünf
    gleiche Würfel gelten dabei nicht als Full House"."""
    words = {t.lower_ for t in clause}
    return "als" in words and bool(words & _COUNTS)


def _passive(clause: Span) -> bool:
    """A passive ending in its participle: "Es wird nicht gewürfelt", not "Das wird
    spannend"."""
    words = [t for t in clause if t.is_alpha]
    return done_to(clause) and words[-1].lower_.endswith(("t", "en"))


# The most content words of a sentence that only says that a block follows.
BLOCK_WORDS = 2


class KindJudge(DefinitionJudge):
    """Kinds of lines and sentences from cue words and the shape of the text."""

    # Sentences ---------------------------------------------------------------------------

    def sentence_kind(self, sentence: Span, material: bool = False) -> NodeKind:
        """The kind of one body sentence (a heading, step or note is told by structure)."""
        text = sentence.text.strip()
        lower = text.lower()
        if self.label(text) in self.cues.duration_labels or (
            lower.split(maxsplit=1)[0].strip(":") in self.cues.duration_labels
            and any(t.like_num for t in sentence)
        ):
            return "other"  # "Spieldauer: ca. 45 Minuten", "Spieldauer etwa 45 Minuten"
        if self.material_lead_in(text):
            return "lead-in"  # "In der Schachtel finden Sie:" over the pieces
        if self.signs_off(sentence):
            return "other"  # "Viel Spaß beim Spielen wünscht euch das Team von …!"
        # "96 Zahlenkarten (die Zahlen 1 bis 12 …, jede Karte zweimal)": what the brackets
        # say of a piece binds no one; "Außerdem: 1 Block Frachtbriefe …" counts one too.
        piece = _RUN_IN.sub("", text)
        if material and self.component_line(piece) and verbless(re.sub(r"\([^)]*\)", "", piece)):
            return "component"
        if self.defined_term(sentence) or self.described_term(sentence):
            # "Satz: zwei oder mehr Karten …, z. B. drei Siebener": the instance belongs
            # to the definition, and the term is no credit label ("Satz: Fa. Müller").
            return "definition"
        if (
            self.other(sentence)
            and not (material and self.component_line(text))
            and not self.consists(lower)
        ):
            # But "1 Spielanleitung" in the component list is a piece, and "Satz: Ein
            # Satz besteht aus …" defines a term that is also a credit's label.
            return "other"
        if (self.consists(lower) and not text.startswith("(")) or (
            says_what_it_is(sentence, self.cues)
            and not self.modal(sentence)
            # "Die einzige Ausnahme ist der Rückzug …: Sie ziehen …" rules.
            and not marked_exception(sentence, self.cues)
        ):
            # "Eine Folge besteht aus Karten mit aufeinanderfolgenden Zahlen, zum Beispiel
            # 4, 5, 6, 7": the instance belongs to the definition; "Der Ablagestapel ist
            # der offene Stapel daneben" says what the thing is.
            return "definition"
        if self.example(sentence):
            return "example"
        if self.material_label(text):
            return "component"
        if CAPTION.match(text):
            return "other"  # a figure's caption ("Abb. 2: Der rote Komet fliegt …")
        if BOX_FACTS.search(text):
            return "rule"  # the box's facts: how many play, from what age
        normative = self.normative(sentence)
        if self.consists(lower) or (_IS_A.match(text) and not normative):
            return "definition"
        if text.endswith(":") and (self.opens_block(sentence) or self.announces_rules(sentence)):
            return "lead-in"
        if self.offers_rules(sentence):
            return "lead-in"
        if (
            text.endswith(":")
            and self.imperative(sentence)
            and not self.modal(sentence)
            and any(has_phrase(lower, phrase) for phrase in self.cues.sequence_phrases)
        ):
            # "Bereiten Sie das Spiel in folgenden Schritten vor:": the steps it
            # announces say what to do.
            return "lead-in"
        if (
            text.endswith(":")
            and (not normative or self.advice(sentence))
            and self.announces(lower)
        ):
            return "rule" if self.manner(lower) else "lead-in"
        if (
            text.endswith(":")
            and not self.normative(main_clause(sentence))
            and self.names_list(sentence)
        ):
            return "lead-in"
        if (
            text.endswith((".", "?"))
            and not normative
            and not self.generic_actor(sentence)  # "Wer …, nimmt sich die folgende Etappe vor."
            and self.announces(lower, strict=True)
        ):
            return "lead-in"
        if (
            text.endswith(":")
            and not (self.modal(sentence) or self.imperative(sentence))
            and counted_parts(sentence)
            and any(t.lemma_.lower() in self.cues.having_lemmas for t in sentence)
        ):
            return "definition"  # "Die Würfel zeigen 5 Attribute:" names what they have
        main = main_clause(sentence)
        # "Die vier Felder mit einer Baumwurzel heißen Fluchtbaue" names, no piece.
        if material and not (
            self.normative(main) or addresses(main) or done_to(main) or self._names(main)
        ):
            # A component's description may say what players can do with it in a
            # clause ("…, die Ihr verwenden könnt"); only its main clause could bind them,
            # as it does when it speaks to them ("Hast du …, erhältst du …") or says
            # what is done with the piece ("Das Kaninchen wird auf das Feld gesetzt.").
            return "component"
        if counts_as(main) and not (self.modal(main) or self.imperative(main)):
            return "definition"  # "Als Reihe gilt jede Folge …": "jede" binds no one
        # "Die Restlaufzeit bezeichnet die Tage, die das Raubtier … auskommen kann":
        # a modal verb of a relative clause does not make the definition a rule.
        if not self.normative(main_clause(sentence)) and (
            self._names(sentence) or self.defining_phrase(lower)
        ):
            return "definition"
        # A wish rules nothing, though its condition says "nur" ("Wenn nur …, würden …").
        wishes = wish(sentence) and not self.modal(sentence)
        if (not normative or wishes) and self.flavour(sentence):
            return "flavour"
        if text.rstrip('“”"»« ').endswith("?"):
            # A player's question about the rules ("Darf ich … gleich wieder ablegen?",
            # "Muss man …?") leads to its answer; any other asks the reader, ruling nothing.
            return "lead-in" if self.players_question(sentence) else "flavour"
        if text.endswith("!") and not (
            normative
            or self.generic_actor(sentence)
            or any(t.like_num for t in sentence)
            or _passive(main)  # "Es wird nicht gewürfelt!" says how the game is played
            or any(t.lower_ in self.cues.duty_words for t in sentence)  # "Schlagen ist Pflicht!"
        ):
            return "flavour"  # an exclamation that binds no one cheers ("Sie sind ein Genie!")
        # "…, ist dies ein großer Vorteil für die Taktik, aber nur wenn …": what the
        # contrast adds does not make the hint a rule.
        if not self.normative(before_contrast(main_clause(sentence))) and self.hint(sentence):
            return "note"
        if self.reminds(sentence):
            return "note"
        if self.comment(sentence) or (not normative and self.hedged(sentence)):
            return "note"
        return "rule"

    def reminds(self, sentence: Span) -> bool:
        """Opens with a request to bear in mind what follows from the rules ("Bedenke
        aber, dass …", "Beachten Sie, daß …"): a remark, not a rule of its own."""
        opening = next((t for t in sentence if t.is_alpha), None)
        return opening is not None and (
            opening.lower_ in self.cues.reminder_lemmas
            or opening.lemma_.lower() in self.cues.reminder_lemmas
        )

    def offers_rules(self, sentence: Span) -> bool:
        """Asks the players to try the rules that follow ("…, probiert diese beiden
        Zusatzregeln aus.", "Probieren Sie dann die folgende Variante.")."""
        words = [t for t in sentence if t.is_alpha]
        tried = any(
            t.lemma_.lower() in self.cues.trial_lemmas or t.lower_ in self.cues.trial_lemmas
            for t in words
        )
        pointed = any(
            w.lower_ in self.cues.demonstratives or w.lower_.startswith("folgend") for w in words
        )
        named = any(
            w.lower_.endswith((_RULE_NOUN, _RULE_NOUN + "n"))
            or w.lower_.rstrip("n") in self.cues.variant_words
            for w in words
        )
        return tried and pointed and named and not self.modal(sentence)

    def _names(self, span: Span) -> bool:
        """The span says what a thing is called or means ("heißen", "bedeutet"), by its
        lemma or as written: the lemma table reads "heißen" as the adjective "heiß"."""
        return any(
            t.lemma_.lower() in self.cues.definition_lemmas
            or t.lower_ in self.cues.definition_lemmas
            for t in span
        )

    def players_question(self, sentence: Span) -> bool:
        """A question a player asks of the rules: in the first person ("Kann ich …?", "Ist
        mein Wiesel … sicher?"), of
        what one may or must do ("Darf man …?", "Darf ein Reiter … überspringen?"), or of
        what happens in a case ("Was geschieht, wenn …?", "Bekommt man …, wenn …?"), or
        one a label marks as the question of a question and its answer ("F: Zählt …?")."""
        tokens = list(sentence)
        words = [t.lower_ for t in tokens if t.is_alpha]
        return bool(words) and (
            bool(set(words) & self.cues.first_person_singular)
            or self.label(sentence.text) in self.cues.question_labels
            # Of what a player or a piece may do ("Darf ein Reiter …?"), not the reader
            # ("Habt ihr … tun muss?") nor a question that goes on ("Oder darf …?").
            or (
                self.modal(sentence)
                and not set(words) & self.cues.reader_pronouns
                and words[0] not in self.cues.exception_contrasts | _QUESTION_JOINS
            )
            # A case in a clause of its own ("…, wenn …", "Und wenn …?"), not the
            # question's "Wer …?" ("… – wer fliegt am klügsten heim?" asks the reader).
            or any(
                t.lower_ in self.cues.condition_openers
                and (before.text == "," or before.lower_ in _QUESTION_JOINS)
                for before, t in pairwise(tokens)
            )
        )

    def hedged(self, sentence: Span) -> bool:
        """Its main clause says what may happen, not what does: "Und wenn es klappt,
        dann haben Sie vielleicht den Rohstoff, …"; a rule is never unsure.  A contrast
        may state the rule after the guess ("…, aber sie zählt doppelt")."""
        main = main_clause(sentence)
        return len(before_contrast(main)) == len(main) and any(
            t.lower_ in self.cues.hedge_words for t in main
        )

    def comment(self, sentence: Span) -> bool:
        """A remark on what was just said, binding no one: a bare "Das" or "Dies" as the
        subject of a copula ("Das ist natürlich nicht überall eindeutig."); a definite
        article after it names a thing of the game ("Das ist der letzte Zug."), and a
        word of permission or duty makes it a rule ("Das ist nur einmal möglich.").  So is
        what a rule is for ("Diese Regel verhindert, dass …")."""
        words = [t for t in sentence if t.is_alpha]
        if len(words) < 3:
            return False
        purpose = (
            words[0].lower_ in self.cues.demonstratives | DEFINITE_ARTICLES
            and words[1].lower_.endswith(_RULE_NOUN)
            and (
                words[2].lemma_.lower() in self.cues.purpose_lemmas
                or words[2].lower_ in self.cues.purpose_lemmas
                # "Die Regel soll verhindern, …"
                or (
                    self.modal(sentence)
                    and len(words) > 3
                    and words[3].lemma_.lower() in self.cues.purpose_lemmas
                )
            )
        )
        return purpose or (
            words[0].lower_ in COMMENT_SUBJECTS
            and words[1].lower_ in self.cues.comment_verbs
            and words[2].lower_ not in DEFINITE_ARTICLES
            and not any(w.lower_ in self.cues.duty_words for w in words)
            and not self.binds(sentence)
        )

    def programming(self, sentence: Span, strong: bool = False) -> bool:
        """The sentence speaks about a program: classes, the console, compiling, input.

        Code set in the text (a file name, an identifier, a command-line flag) tells
        it as well as the words of programming do.  `strong`: more than one word that
        a rulebook may also use ("Attribute", "Objekt") tells it.
        """
        # A web or mail address of the imprint ("www.verlag.de") is no file name.
        if _CODE.search(IMPRINT.sub(" ", sentence.text)):
            return True
        words = 0
        for token in sentence:
            for part in token.lower_.split("-"):
                if part in self.cues.programming_words:
                    words += 1
                if len(part) >= 4 and any(stem in part for stem in self.cues.programming_stems):
                    return True
        return words >= (2 if strong else 1)

    def _lettered_at_field(self, sentence: Span) -> bool:
        """The sentence opens with a player named by letter and tells the field they are
        on by its number, binding no one: a story's moment, not a rule of that role."""
        tokens = [t for t in sentence if not t.is_space]
        return (
            len(tokens) > 2
            and tokens[0].lower_ in self.cues.actor_nouns
            and len(tokens[1].text) == 1
            and tokens[1].text.isupper()
            and not self.normative(sentence)
            and any(
                field.lemma_.lower() == _FIELD and number.is_digit
                for field, number in pairwise(tokens)
            )
        )

    def example(self, sentence: Span) -> bool:
        """A worked case: "z. B." or "zum Beispiel" with concrete values, or in a
        sentence of its own in brackets; "z. B." inside a rule's brackets is not one."""
        lower = sentence.text.lower().strip()
        if lower.lstrip("(").startswith(("zum beispiel", "z. b.", "z.b.", "beispiel")):
            return True
        if lower.lstrip("(").startswith(self.cues.example_openers):
            return True
        words = [t.lower_ for t in sentence if not t.is_space][:3]
        if (
            len(words) == 3
            and words[0] == "so"
            and words[2] in self.cues.instance_particles
            and any(t.like_num for t in sentence)
        ):
            return True  # "So muß etwa ein Spieler, der … 27 Rettiche …": an instance
        if self.worked_cases(sentence):
            return True
        bracketed = lower.startswith("(") and lower.rstrip(".").endswith(")")
        if bracketed and self.lettered_players([sentence]) and any(t.like_num for t in sentence):
            return True  # "(Spieler B legt eine grüne 5 an …)": a move of a player told by letter
        if self._lettered_at_field(sentence):
            return True  # "Spieler A steht auf Feld 17 und hat noch zwei Eicheln …"
        if bracketed:
            lower = lower.lstrip("(")  # a sentence wholly in brackets: read what it says
        for phrase in self.cues.example_phrases:
            position = lower.find(phrase)
            if position < 0 or lower[:position].count("(") > lower[:position].count(")"):
                continue
            if self._instance_in_clause(sentence, phrase) or in_denied_part(
                lower, position, self.cues.exception_negations
            ):
                continue
            concrete = any(t.like_num for t in sentence) or "„" in lower or '"' in lower
            # An aside in brackets that names an instance is one: "(D. h. ein Pinguin
            # kann z. B. einen Elefanten verspeisen.)"; a rule that names itself an
            # exception names its instance ("Ausnahmsweise darfst du …, also z. B. …").
            if (concrete or bracketed or has_phrase(lower, "also")) and not (
                marked_exception(sentence, self.cues) and self.modal(sentence)
            ):
                return True
        return False

    def _instance_in_clause(self, sentence: Span, phrase: str) -> bool:
        """ "z. B." after a rule's general statement, or inside a subordinate clause of a
        rule, names an instance of it, as a bracket's would: "Zeichnen Sie die Kurven
        auf, so wie das z. B. bei Kurve 8 dargestellt ist."; "…, z. B.: „Meine 8 schlägt
        deine 5.“" gives a case."""
        tokens = list(sentence)
        first = phrase.split()[0]
        at = next((i for i, t in enumerate(tokens) if t.lower_.startswith(first)), None)
        commas = [i for i, t in enumerate(tokens[:at]) if t.text == ","] if at else []
        if not commas:
            return False
        clause = tokens[commas[-1] + 1 : at]
        head = sentence.doc[sentence.start : sentence.start + commas[0]]
        if any(t.lower_ in self.cues.general_words for t in tokens[: commas[-1]]):
            # A general statement with an instance run on after a comma: "…, zählt das
            # immer das 100-fache der Augenzahl, also z. B. zählen 3 Vierer 400 Punkte."
            return True
        return any(t.lower_ in SUBORDINATORS for t in clause) and (
            self.modal(head) or self.imperative(head)
        )

    def worked_cases(self, sentence: Span) -> bool:
        """Cases drawn from the rule before and run on with "usw.": "Also heben sich
        ein Plus und ein Minus auf, zwei Minus ziehen zwei Punkte ab, usw."; a rule
        that counts on with "usw." states no conclusion ("Er erhält 4 Karten, der
        zweite 5 usw."), nor does one that names the players or sets out a table."""
        lower = sentence.text.lower().strip()
        return (
            lower.startswith(self.cues.conclusion_words)
            and re.search(r"\b(?:usw|etc)\b|und so weiter", lower) is not None
            and ":" not in lower  # "Also gilt: 1 Stein 1 Punkt, …" states a table
            and any(t.like_num or t.lower_ in NUMBER_WORDS for t in sentence)
            and not (self.modal(sentence) or self.imperative(sentence))
            # Players named make it a rule that counts on ("Also erhält der erste Spieler …").
            and not self.generic_actor(sentence)
            and not any(t.lemma_.lower() in self.cues.actor_nouns for t in sentence)
        )

    def defining_phrase(self, lower: str) -> bool:
        """The lower-case text holds a phrase that defines ("gilt als", "nennt man",
        "kenntlich an")."""
        return any(has_phrase(lower, phrase) for phrase in self.cues.definition_phrases)

    def signs_off(self, sentence: Span) -> bool:
        """The publisher's greeting or closing wish: a wish of fun or luck ("Viel Spaß
        beim Jagen wünscht euch das FIDIBUS-Team!", "Wir wünschen Ihnen viele vergnügte
        Stunden!"), the wish alone ("Viel Spaß beim Hütchenlauf!"), or the greeting of a
        letter to the players ("Liebe Spielfreunde!")."""
        text = sentence.text.strip()
        lower = text.lower()
        words = [t for t in sentence if t.is_alpha]
        if not words:
            return False
        wished = any(has_phrase(lower, phrase) for phrase in self.cues.sign_off_phrases)
        if any(t.lemma_.lower() == "wünschen" for t in words):
            addressed = any(t.lower_ in ("euch", "dir") or t.text == "Ihnen" for t in words)
            return wished or addressed
        exclaimed = text.endswith("!") and len(words) <= SIGN_OFF_WORDS
        # The wish may follow a cheer after a dash ("Alle ins Gold – viel Spaß mit …!").
        wish_part = re.split(r"\s[–—-]\s", lower)[-1]
        opens = any(wish_part.startswith(phrase) for phrase in self.cues.sign_off_phrases)
        return (exclaimed and opens) or self.greets(sentence)

    def greets(self, sentence: Span) -> bool:
        """The greeting of a letter to the players: "Liebe Spielfreunde!"."""
        text = sentence.text.strip()
        words = [t for t in sentence if t.is_alpha]
        return (
            0 < len(words) <= SIGN_OFF_WORDS
            and words[0].lower_ in self.cues.greeting_words
            and text.endswith(("!", ","))
        )

    def announces(self, lower: str, strict: bool = False) -> bool:
        """Announces what follows ("folgende", "wie folgt", "es gibt", and first "So viele
        … :", and before a colon "diese …"); `strict`: no "es gibt"."""
        if lower.startswith(tuple(f"{opener} " for opener in self.cues.lead_in_openers)):
            return True
        if tells_how(lower):
            return True
        phrases = self.cues.lead_in_phrases
        if strict:
            phrases = tuple(p for p in phrases if p not in ("es gibt", "gibt es"))
            # "In der folgenden Runde zieht er …" tells when, not what follows.
            lower = re.sub(
                rf"\bfolgenden?\s+(?:{'|'.join(sorted(self.cues.turn_nouns))})\b", "", lower
            )
            # "Wie ...?" asks what follows; "Was angestrebt wird, ist ..." states it, and so
            # does "Wie viele es sind, hängt von … ab:": a main clause after its comma.
            asks = (
                lower.startswith(("wie ", "was ")) and not lower.endswith(".") and "," not in lower
            )
            return any(has_phrase(lower, p) for p in phrases) or asks
        return (
            any(has_phrase(lower, p) for p in phrases)
            # Before its colon, "diese …" points to what follows ("Nur diese Punkte
            # ändern sich:", "Von oben nach unten gilt diese Rangfolge:").
            or (lower.endswith(":") and any(has_phrase(lower, w) for w in self.cues.demonstratives))
            or not re.search(r"\b[a-zäöüß]{3,}\b", lower.split(":")[0])
        )

    def names_list(self, sentence: Span) -> bool:
        """Before its colon, names what the list holds: "Die vorkommenden Arten sind:", or
        a caption without a verb ("Mögliche Züge eines Pferdes vom Feld e3 aus:")."""
        if names_a_set(sentence.text):
            return True
        return not has_verb(main_clause(sentence))

    def announces_rules(self, sentence: Span) -> bool:
        """A sentence before its colon that names the rules its items give ("Dabei ändern
        sich drei Regeln:", "… könnt ihr mit diesen Zusatzregeln spielen:", "Es gelten
        alle Grundregeln mit diesen Änderungen:")."""
        return any(
            t.lower_ in self.cues.rule_nouns
            or t.lower_ in self.cues.rule_changes
            or t.lower_.endswith(_RULES)
            for t in sentence
        )

    def opens_block(self, sentence: Span) -> bool:
        """A sentence before its colon that says nothing but that a block follows: how
        to go on, in two content words at most ("Bereiten Sie das Spiel wie folgt vor:",
        "Vor jeder Runde geht ihr so vor:"), or a verb whose object is the list ("Die
        Schachtel enthält:", "Auf dem Plan seht ihr:"); not a rule with a modal verb or
        more to say ("Dann wird der Weg mit den Wegeplättchen wie folgt weitergelegt:"),
        nor what a thing consists of ("Die Würfel zeigen 5 Attribute:")."""
        lower = sentence.text.lower()
        main = main_clause(sentence)
        if self.modal(main) or self.consists(lower) or counted_parts(sentence):
            return False
        said = content_lemmas(sentence) - self.cues.announcing_lemmas
        if (self.announces(lower) or has_phrase(lower, "so")) and len(said) <= BLOCK_WORDS:
            return True
        objects = [t for t in main if t.text[:1].isupper() and t.i > main.start]
        verbs = [t for t in main if t.lemma_.lower() in self.cues.showing_lemmas]
        # What it shows is the list, or the question it opens with: "Wie viel … kostet,
        # zeigt Ihnen die Kostentafel:".
        if verbs and (asked_first(sentence) or not any(t.i > verbs[-1].i for t in objects)):
            return True
        # The verb of a simple clause right before the colon takes the list as what it
        # says ("Die Ernte beträgt:"); not after a case or in the passive ("Wenn …, so
        # wird sie sofort ersetzt:" tells how).
        words = [t for t in sentence if t.is_alpha]
        return (
            bool(words)
            and inflected_verb(words[-1])
            and sentence.text.rstrip().endswith(":")
            and "," not in sentence.text
            and not any(t.lemma_.lower() == "werden" for t in words)
        )

    def manner(self, lower: str) -> bool:
        """ "... werden wie folgt gelegt:": how something is done, told by the list: a rule."""
        copula = re.search(r"\b(?:ist|sind|funktioniert)\b", lower)
        return has_phrase(lower, "wie folgt") and not copula

    def flavour(self, sentence: Span) -> bool:
        """Story or atmosphere: an essay's "wir", the words of a legend, a wish that
        rules nothing ("… würden die Generationen …"), a verdict on the reader's play."""
        # An imperative opening the sentence is no legend's word: "Sage zuerst an, …"
        # ("sag-e" as "sag-t" is of "sagen").
        first = sentence[0].lower_ if len(sentence) else ""
        verb = first.endswith("e") and self._lemmas.get(first[:-1] + "t") == first + "n"
        words = {t.lower_ for t in (sentence[1:] if verb else sentence)}
        lemmas = {t.lemma_.lower() for t in sentence}
        return bool(
            words & (self.cues.flavour_words | self.cues.first_person_plural)
            or lemmas & self.cues.flavour_lemmas
            or wish(sentence)
            or verdict(sentence)
        )


# The end of a compound that names rules: "Zusatzregeln", "Sonderregel".
_RULES = ("regel", "regeln")
# Words that join a question to the one before it ("Oder darf …?").
_QUESTION_JOINS = frozenset({"oder", "und"})
