"""Kinds of lines: what a heading, a list line or a line outside the rules is.

`LineJudge` reads a line's shape and the cue words of `rulekit/data/cues_de.yaml`:
a label opening it ("Beispiel 1:"), the heading of the component list
("Spielmaterial") and its lines ("4 Brücken"), credits, an imprint, a date or an
author line (`outside_rules`), and a heading-shaped line that is a sentence
("Folgende Karten gibt es:").  `kinds.KindJudge` adds the kinds of sentences.
"""

from __future__ import annotations

import re

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.language import Language
from spacy.tokens import Doc, Span

from rulekit.cues import Cues
from rulekit.extract.lexicon import Lexicon
from rulekit.extract.textlayout import sentence_before_colon
from rulekit.extract.textshapes import IMPRINT, ITEM_BULLET, terminal
from rulekit.extract.wordclasses import POLITE
from rulekit.graph.markers import MARKER
from rulekit.graph.shapes import (
    RELATIVE_PRONOUNS,
    has_phrase,
    infinitive_heading,
    interrogative_heading,
    names_a_set,
    outside_brackets,
    verbless,
)
from rulekit.model import Block

# A label opening a line: "Beispiel:", "Achtung!", "Art.-Nr.:", "Design der Spielfiguren:".
LABEL = re.compile(r"^\s*([A-ZÄÖÜ][\w.-]*(?:\s+[\w.-]+){0,3}?)(?:\s*\([^()]{1,40}\))?\s*[:!]\s*")
# A label and whom or what it is for: "Hinweis für Eltern und Erzieher:", "Tipp zur Taktik:".
_ADDRESSED_LABEL = re.compile(r"^\s*([A-ZÄÖÜ][\w-]*)\s+(?:für|zur|zum)\s+[^:.!?]{1,40}:\s")
# A literature reference: a quoted title, then its publisher, place and year
# ("F. Vester „Neuland des Denkens“, DVA, Stuttgart 1980").
_CITATION = re.compile(r"„[^“”]+[“”][^.!?]*,[^.!?]*\b(?:1[89]|20)\d{2}\b")
# A credit's label, also one opening with a digit ("3D-Grafik:").
# A credit label this long also ends a compound label ("Regel|bearbeitung"); a shorter
# one would end words of the rules ("Ein|satz").
_CREDIT_SUFFIX_MIN = 8
_CREDIT_LABEL = re.compile(r"^\s*([\w][\w.-]*(?:\s+[\w.-]+){0,3}?)\s*:")
# A line that is nothing but a label: "Beispiel 1:", "Zum Beispiel:".
LABEL_ONLY = re.compile(r"^\s*[\w .-]{1,45}[:!]\s*$")
# A label word alone on its line without its colon: "BEISPIEL", "Tipp", "Beispiel 2".
_BARE_LABEL = re.compile(r"^\s*([^\W\d_]+)(?:\s+\d+)?\s*$")
# A line that only gives the game's price, maybe after a label: "EVP 3,20 M", "Preis: 19,95 DM".
_PRICE = re.compile(r"^(?:[A-ZÄÖÜ][\w.]*:?\s+)?\d+,(?:\d{2}|[-–])\s*(?:M|DM|Mark|EUR|€|öS|sFr)$")
# An order number's label: "Art.-Nr. 62115", "Best.-Nr. 2507", "Bestell-Nr. 4711".
_ORDER_NUMBER = re.compile(r"\b[A-ZÄÖÜ][a-zäöü]{0,6}\.?-Nr\.?\s*\d")
# The age the box's toy-safety warning names: "für Kinder unter 3 Jahren", "unter 36
# Monaten".
_UNDER_AGE = re.compile(r"\bKinder(?:n)?\s+unter\s+(?:3|drei|36)\s+(?:Jahren|Monaten)\b")
_DATE = re.compile(
    r"\b\d{1,2}\.\s*(?:Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|"
    r"November|Dezember)\s+\d{4}\b"
)
# A number closed by a dot or a bracket is a list's marker ("2. Spielvorbereitung").
_COUNT = re.compile(
    r"^\s*(?:\d+(?![.)\d])|ein|eine|einen|zwei|drei|vier|fünf|sechs)\b", re.IGNORECASE
)
# A piece of a few words, maybe an aside in brackets, and its count after it.
_COUNT_AFTER = re.compile(r"^[A-ZÄÖÜ][^\W\d_]*(?:\s+[^\W\d_]+){0,3}(?:\s+\([^()]*\))?\s+\d{1,3}$")
# An arrow closing a line sends the reader on ("Weiter geht's auf der Rückseite →"); one in
# brackets refers to another part of the rules ("Ritter (➔)").
_POINTER = re.compile(r"(?<![(\[])[→➔⇒➜➞]\s*$")
# The fewest words after a colon that say something of their own, not a pointer's target.
TOLD_AFTER_COLON = 4
# The most words of a lead-in to the component list ("Zu jedem Spiel gehören:").
MATERIAL_LEAD_IN_WORDS = 6
# A sentence that asks what is told elsewhere and says where: "Was auf diesen Feldern
# geschieht, erfahrt ihr ab Seite 2.", "Wie der Rückzug funktioniert, ist in Abschnitt 4
# beschrieben.", "… wird im Abschnitt „Die Felder“ erklärt.", "… auf der nächsten Seite."
_POINTS_ON = re.compile(
    r"^(?:Was|Wie|Welche\w*|Wann|Wo)\b[^.!?]*,[^.!?]*\b(?:(?:Seite|Seiten|S\.|Abschnitt|Kapitel)"
    r"\s+[\d„“\"»]|(?:nächsten|folgenden)\s+(?:Seiten?|Abschnitten?|Kapiteln?)\b)[^!?]*\.$"
)
# A sentence that only says where something is explained: "Sie werden auf Seite 3
# erklärt.", "Die Sonderfelder werden in Abschnitt 6 beschrieben."
_EXPLAINED_AT = re.compile(
    r"^[^\s,]+(?:\s+[^\s,]+)?\s+(?:wird|werden)\s+(?:auf|ab|in|im)\s+(?:Seite|Abschnitt|Kapitel)"
    r"\s+\S+\s+(?:erklärt|beschrieben|erläutert)\.$"
)
# "besteht … aus" with its subject or an adverb between.
_CONSISTS_APART = re.compile(r"\bbesteh(?:t|en)\s+(?:\w+\s+){1,3}aus\b")
# The most words of a line that only names people (an author line).
NAME_LINE_WORDS = 8
# A firm's name has at most this many words ("Kleine Eule Spiele").
FIRM_WORDS = 3
# A heading of the component list ends in its word when it is this short.
MATERIAL_HEADING_WORDS = 3
# A line ending in ":" with this many words is a sentence, not a heading.
SENTENCE_LINE_WORDS = 5


def run_in_label(text: str, cues: Cues) -> str:
    """The lower-case label word a line opens with before its colon ("Beispiel 1:" ->
    "beispiel"), or a remark's label of several words ("Gut zu wissen:"); "" for none."""
    match = LABEL.match(text)
    if not match:
        # A remark's label and whom it is for: "Hinweis für Eltern und Erzieher:".
        addressed = _ADDRESSED_LABEL.match(text)
        word = addressed.group(1).lower() if addressed else ""
        return word if word in cues.note_labels | cues.example_labels else ""
    whole = match.group(1).lower()
    if whole in cues.note_labels:
        return whole
    words = whole.split()
    # The label word closes a label of a few words ("Ein Beispiel:", "Noch ein kleiner
    # Tipp:") or a hyphenated compound ("Profi-Tipp:"), as the head closes a German noun
    # phrase.
    head = words[-1].rsplit("-", 1)[-1]
    if head in cues.example_labels | cues.note_labels | cues.exception_openers:
        return head
    return words[0].rstrip(".")


# Articles, definite and indefinite, before a noun.
_ARTICLES = frozenset(
    {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines"}
)


def _after_article(doc: Doc, index: int) -> bool:
    """The word at `index` follows an article, or an article and an inflected adjective
    ("ein Joker", "ein blaues Entlein", "das geschlagene Entlein"), or a count ("70
    Klee"): a thing counted is no player."""
    before = doc[index - 1]
    # After a comma the article's form opens a relative clause: "…, den Pieter nun …
    # legen muss".
    relative = index > 1 and doc[index - 2].text == "," and before.lower_ in RELATIVE_PRONOUNS
    if (before.lower_ in _ARTICLES and not relative) or before.text.isdigit():
        return True
    return (
        index > 1
        and before.is_alpha
        and before.text.islower()
        and before.text.endswith(("e", "en", "em", "er", "es"))
        and before.lower_ not in STOP_WORDS
        and doc[index - 2].lower_ in _ARTICLES
    )


# A label the layout set apart heads a part of the rules with at most this many words
# ("Varianten", "Kurze Tour").
STACKED_HEADING_WORDS = 3


class LineJudge:
    """Kinds of lines from cue words and their shape."""

    def __init__(self, nlp: Language, cues: Cues, lexicon: Lexicon) -> None:
        self.cues = cues
        self.lexicon = lexicon
        self._lemmas = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_lookup")  # type: ignore[attr-defined]
        # The capitalised words the manual at hand writes after an article or a count
        # ("ein Joker", "die Aussetzkarten", "70 Klee"), and its title's: nouns of the
        # game, never the names of players.
        self.articled: frozenset[str] = frozenset()
        self.polite = False  # the manual speaks to its reader as "Sie"

    def read_manual(self, docs: list[Doc], title: str = "") -> None:
        """Take in what the whole manual says before its units are judged (`articled`,
        `polite`); the words of its `title` name the game, never a player."""
        # The reader spoken to as "Sie", capitalised inside a sentence: "… bis Sie wieder
        # …", "… dürfen Ihren Gipfel …".
        self.polite = any(
            t.text[:1].isupper()
            and t.lower_ in POLITE
            and not t.is_sent_start
            and t.nbor(-1).text != ":"
            for doc in docs
            for t in doc
            if t.i > 0
        )
        self.articled = frozenset(
            token.text
            for doc in docs
            for token in doc[1:]
            if token.text[:1].isupper() and _after_article(doc, token.i)
        ) | frozenset(re.findall(r"[^\W\d_]+", title))

    def label(self, text: str) -> str:
        """The lower-case label word a line opens with ("Beispiel 1:" -> "beispiel"), or
        an example's or a remark's label word, in the singular, that is all the line
        holds ("BEISPIEL")."""
        opened = run_in_label(text, self.cues)
        if opened:
            return opened
        if text.strip().lower() in self.cues.note_labels:
            return text.strip().lower()  # a remark's label of words alone: "Gut zu wissen"
        bare = _BARE_LABEL.match(text)
        word = bare.group(1).lower() if bare else ""
        if word not in self.cues.example_labels | self.cues.note_labels:
            return ""
        # A plural heads a section of several ("Beispiele", "Tipps"), each with its own label.
        stems = [stem.lower() for stem in self.lexicon.noun_stems(word.capitalize())]
        return "" if any(word.startswith(stem) and word != stem for stem in stems) else word

    def label_alone(self, text: str) -> bool:
        """The line is nothing but a label: "Beispiel 1:", "Achtung!", or an example's or
        a remark's label word without its colon ("BEISPIEL", "Tipp")."""
        return (
            LABEL_ONLY.match(text) is not None
            or (_BARE_LABEL.match(text) is not None and bool(self.label(text)))
            or text.strip().lower() in self.cues.note_labels
        )

    def heading_words(self, text: str, words: frozenset[str]) -> bool:
        """A heading that holds one of `words` (`holds_word`)."""
        return holds_word(text, words)

    def asked(self, heading: str | None, following: Block | None) -> bool:
        """A question of the questions and answers, no heading of the rules: under their
        heading ("Noch Fragen?", "Häufige Fragen") or over its answer ("Nein, …")."""
        if heading is not None and self.heading_words(heading, self.cues.question_headings):
            return True
        opener = re.match(r"\w+", following.text.strip()) if following is not None else None
        return opener is not None and opener.group().lower() in self.cues.answer_words

    def asked_under(self, sentence: str, headings: list[str]) -> bool:
        """A question under the heading of the questions and answers ("Fragen und
        Antworten", "Zweifelsfälle"): a player's, whatever it asks."""
        return sentence.rstrip('“”"»« ').endswith("?") and any(
            self.heading_words(heading, self.cues.question_headings) for heading in headings
        )

    def stacked_heading(self, text: str, following: Block | None, above: Block | None) -> bool:
        """A line the layout took for a picture's label that heads a part of the rules:
        a word of the rules' structure ("Varianten" over "Kurze Tour"), and the heading
        it stands over (`above`, the block of the section right before), right above a
        paragraph."""
        words = text.split()
        if (
            following is None
            or not 0 < len(words) <= STACKED_HEADING_WORDS
            or not words[0][:1].isupper()
            or any(c.isdigit() for c in text)
            or terminal(text)
        ):
            return False
        if self.heading_words(text, self.cues.variant_words | self.cues.structure_headings):
            return True
        return following.kind == "paragraph" and above is not None and above.kind == "figure"

    def consists(self, lower: str) -> bool:
        """Says what something consists of: "besteht aus", "setzt sich zusammen", also
        with its subject or an adverb between ("Entsprechend besteht ein Vierling aus
        vier …", "Ein Zug besteht also immer aus Würfeln und Ziehen")."""
        return any(has_phrase(lower, phrase) for phrase in self.cues.consists_phrases) or bool(
            _CONSISTS_APART.search(lower)
        )

    def material_heading(self, text: str) -> bool:
        """The heading of the component list: "Spielmaterial", "Inhalt", a short one
        that ends in such a word ("Benötigte Hilfsmittel"), a question or a call of what
        is in the box ("Was ist in der Schachtel?", "Das ist in der Schachtel!"), or a
        short clause of what the players need ("Das braucht ihr") or what the game holds
        ("Zum Spiel gehören")."""
        words = [w.lower().strip(":?!") for w in re.sub(r"^[\d.\s]+", "", text).split()]
        short = len(words) <= MATERIAL_HEADING_WORDS
        return bool(words) and (
            words[0] in self.cues.material_headings
            or (short and words[-1] in self.cues.material_headings)
            or (
                (text.rstrip().endswith(("?", "!")) or interrogative_heading(text) or short)
                and bool(set(words) & self.cues.material_questions)
            )
            # "ZUM SPIEL GEHÖREN", "Die Schachtel enthält": what the game holds.
            or (short and bool(set(words) & self.cues.material_verbs))
        )

    def _points(self, lower: str) -> bool:
        """The lower-case text sends the reader elsewhere ("lesen Sie", "weiter auf Seite")."""
        return any(has_phrase(lower, phrase) for phrase in self.cues.navigation_phrases)

    def material_lead_in(self, text: str) -> bool:
        """A short sentence before its colon that says what the game holds, the component
        list under it: "Zu jedem Spiel gehören:", "Die Schachtel enthält:", "In dieser
        Schachtel finden Sie:"."""
        words = [w.lower() for w in re.findall(r"[^\W\d_]+", text)]
        return (
            text.rstrip().endswith(":")
            and len(words) <= MATERIAL_LEAD_IN_WORDS
            and bool(set(words) & (self.cues.material_verbs | self.cues.material_questions))
        )

    def material_label(self, text: str) -> bool:
        """A line of the component list under a run-in label: "Material: 1 Spielplan, 4
        Figuren", "Ihr braucht: Spielplan, Würfel, Schere"."""
        label, colon, listed = text.partition(":")
        label = " ".join(label.lower().split())
        return bool(colon and listed.strip()) and (
            label in self.cues.material_headings or label in self.cues.material_labels
        )

    def praises_game(self, sentence: Span) -> bool:
        """The sentence speaks of the game as a game, as a blurb does: "Ein Laufspiel,
        bei dem …", "… nicht das Würfelglück, sondern …", or names it in capitals
        ("IGELSPRINT ist …")."""
        return any(
            t.lower_.endswith(tuple(self.cues.game_words)) or (t.is_upper and len(t) > 3)
            for t in sentence
            if t.is_alpha
        )

    def booklet_title(self, text: str) -> bool:
        """A line that only names the booklet: "Spielregel", "Die Spielregeln"."""
        words = [w for w in re.findall(r"[^\W\d_]+", text.lower()) if w not in STOP_WORDS]
        return len(words) == 1 and any(words[0].startswith(w) for w in self.cues.title_words)

    def other(self, sentence: Span) -> bool:
        """Navigation, the publisher's word, or a remark about the booklet, not a rule."""
        if sentence[0].lower_ == "siehe":
            return True
        # A reference in brackets ("(vergl. die Anleitung)") is an aside of a rule.
        told = sentence if sentence.text.lstrip().startswith("(") else outside_brackets(sentence)
        lemmas = {t.lemma_.lower() for t in told} | {t.lower_ for t in told}
        return (
            bool(lemmas & self.cues.other_lemmas)
            or self.warning(sentence)
            or self.outside_rules(sentence.text)
        )

    def warning(self, sentence: Span) -> bool:
        """The toy-safety warning of the box ("Nicht geeignet für Kinder unter 3 Jahren,
        da verschluckbare Kleinteile enthalten sind")."""
        return any(t.lower_ in self.cues.warning_words for t in sentence) or bool(
            _UNDER_AGE.search(sentence.text)
        )

    def outside_rules(self, text: str, opening: bool = False) -> bool:
        """A line that is not part of the rules: title, navigation, credits, the game's
        duration, imprint, a price, a date, names.

        A line of names without commas is only taken for an author line at the
        `opening` of a manual, before its first section.
        """
        stripped = text.strip()
        if self.material_lead_in(stripped):
            return False  # "In dieser Schachtel finden Sie:" points to the pieces under it
        lower = stripped.lower()
        before, _, after = lower.partition(": ")
        # What a colon opens after the pointer is a rule of its own, unless it points on
        # too ("Es folgt die Rettungsrunde: Jedes Kind würfelt noch einmal …").
        told = len(after.split()) >= TOLD_AFTER_COLON
        if _POINTER.search(stripped) or self._points(after) or (self._points(before) and not told):
            return True
        if _POINTS_ON.match(stripped) and not set(re.findall(r"\w+", lower)) & (
            self.cues.modal_lemmas
        ):
            return True  # "Wie die Fähre funktioniert, lest ihr auf Seite 3."
        if _EXPLAINED_AT.match(stripped):
            return True
        first = first_word(stripped)
        if first in self.cues.title_words:
            return True
        # Credits, and how long a game lasts ("Spieldauer: ca. 45 Minuten").
        credits = self.cues.credit_labels | self.cues.duration_labels
        match = _CREDIT_LABEL.match(stripped)
        # A credit names people or firms; a phrase told as a sentence after the label
        # defines the word ("Satz: Karten mit derselben Zahl.").
        value = stripped[match.end() :] if match else ""
        if match and not (value.endswith(".") and sum(w[:1].islower() for w in value.split()) >= 2):
            label = match.group(1).lower()
            label_words = re.split(r"[\s-]+", label)
            if any(w.strip(".") in credits for w in label_words):
                return True  # "3D-Grafik: …" as "Grafik: …"
            if any(
                w.endswith(credit) and len(credit) >= _CREDIT_SUFFIX_MIN
                for w in label_words
                for credit in credits
            ):
                return True  # "Regelbearbeitung: …", "Titelillustration: …"
            if label.rstrip(".") in credits:
                return True  # "Art.-Nr.: 693602"
        values = stripped.split()[1:]
        if first in credits and values and not any(c.isalpha() for c in "".join(values)):
            return True  # a credit's value without a colon: "Version 1.0"
        if first in self.cues.duration_labels and any(c.isdigit() for c in stripped):
            return True  # "Spieldauer etwa 30 bis 45 Minuten"
        if IMPRINT.search(stripped) or _PRICE.match(stripped) or _ORDER_NUMBER.search(stripped):
            return True
        if _DATE.search(stripped) and len(stripped.split()) <= 4:
            return True
        if _CITATION.search(stripped):
            return True
        # A firm's name beside its town, parted by a middle dot ("Hollerbusch Spiele ·
        # Kassel"): the publisher's line of the cover.
        parts = re.split(r"\s[·|]\s", stripped)
        if len(parts) > 1 and any(self._firm(part) for part in parts):
            return True
        words = {w.strip(".,;:()").lower() for w in stripped.split()}
        if len(words & self.cues.imprint_words) >= 1 and not stripped.endswith(":"):
            return not any(w in self.cues.modal_lemmas for w in words)
        return (opening or stripped.count(",") >= 2) and self._names_only(stripped)

    def _firm(self, text: str) -> bool:
        """A firm's name: a name the dictionary does not know before a word that ends a
        firm's name ("Hollerbusch Spiele")."""
        words = text.split()
        return (
            2 <= len(words) <= FIRM_WORDS
            and words[-1].lower() in self.cues.firm_words
            and words[0][:1].isupper()
            and words[0] not in self._lemmas
            and words[0].lower() not in self._lemmas
        )

    def _names_only(self, text: str) -> bool:
        """An author line: capitalised words the dictionary does not know, maybe comma-separated."""
        words = [w.strip(",") for w in text.split()]
        if not 2 <= len(words) <= NAME_LINE_WORDS * 2 or any(c.isdigit() for c in text):
            return False
        if any(w.lower() in STOP_WORDS for w in words):
            return False
        if not all(w[:1].isupper() and w.isalpha() for w in words):
            return False
        unknown = [w for w in words if w not in self._lemmas and w.lower() not in self._lemmas]
        return len(unknown) * 2 >= len(words) and text.count(",") * 2 + 2 >= len(words) // 2

    def component_line(self, text: str) -> bool:
        """A line of the component list: a count and a noun ("4 Brücken", "1 Startfeld"),
        or a table's row of a piece and its count ("Stempel 8", "Zahlenkarten Rot (1 bis
        11, jede Zahl zweimal) 22"), also a count after a bullet ("• 8 Ersatzpferde
        (Joker)")."""
        stripped = re.sub(rf"^{ITEM_BULLET}\s*(?=\d)", "", text.strip())
        return bool(_COUNT.match(stripped) or _COUNT_AFTER.match(stripped)) and not re.search(
            r"[.!?]\s*$", stripped
        )

    def listed_piece(self, lead: str, text: str) -> bool:
        """A counted piece under a lead-in that says what there is ("Folgende Karten gibt
        es:" / "8 Joker"), not a numbered task ("1. 2 Drillinge") nor a sentence."""
        stripped = text.strip()
        return (
            any(has_phrase(lead.lower(), phrase) for phrase in self.cues.existence_phrases)
            and not MARKER.match(stripped)
            and self.component_line(re.sub(rf"^{ITEM_BULLET}\s*", "", stripped))
            and verbless(stripped)
        )

    def piece_heading(self, block: Block, following: Block | None) -> bool:
        """In the component list, a heading with another heading under it that names a
        piece alone ("Spielplan" over "Würfel"): an item of the list.  A piece with its
        description under it ("Saisonfolien" over "Die Saisonfolien zeigen …") heads it."""
        text = block.text.strip()
        return (
            block.kind == "heading"
            and (following is None or following.kind == "heading")
            and verbless(text)
            and not self.heading_words(text, self.cues.structure_headings)
        )

    def sentence_line(self, text: str) -> bool:
        """A heading-shaped line that is a sentence: it ends in ":" and has a verb."""
        stripped = text.strip()
        words = re.findall(r"[^\W\d_][\w-]*", stripped)
        if not stripped.endswith(":") or len(words) < 3 or re.match(r"^\d+(?:\.\d+)+", stripped):
            return False
        lower = stripped.lower()
        if any(has_phrase(lower, phrase) for phrase in self.cues.lead_in_phrases):
            return True
        if lower.startswith(tuple(f"{opener} " for opener in self.cues.lead_in_openers)):
            return True
        if names_a_set(stripped):
            return True  # "Die vorkommenden Tierarten sind:"
        return sentence_before_colon(stripped) or (
            len(words) >= SENTENCE_LINE_WORDS and not infinitive_heading(words)
        )


def holds_word(text: str, words: frozenset[str]) -> bool:
    """The line holds one of `words`, also as the head of a compound
    ("Spielvorbereitung"); a compound's first part names no topic ("Wertungsblock")."""
    lower = text.lower()
    return any(re.search(rf"{re.escape(word)}\b", lower) for word in words)


def first_word(text: str) -> str:
    """The line's first word in lower case, without a colon or full stop after it."""
    return re.split(r"[\s:]+", text.strip().lower(), maxsplit=1)[0].strip(".")
