"""Lists in a rulebook: the numbered items of a procedure (steps), an instruction that
goes on with its step, and the lines a colon announces, each of the kind its sentence
gives them ("Folgende Karten gibt es:" / "Joker 20").  `SegmentState` is where the
segmenter stands in a manual; `units.Segmenter` reads lists through `ListReader`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacy.tokens import Span, Token

from rulekit.cues import Cues
from rulekit.extract.textshapes import BOX_FACTS, IMPRINT, terminal
from rulekit.graph.clauses import case_clauses
from rulekit.graph.continuation import refers_back
from rulekit.graph.exceptions import flag
from rulekit.graph.kinds import KindJudge
from rulekit.graph.line_kinds import LABEL, holds_word
from rulekit.graph.markers import after_marker, bulleted_item, first_item, marker_type, next_item
from rulekit.graph.mechanical import counted_task
from rulekit.graph.overlap import stem
from rulekit.graph.phases import names_setup
from rulekit.graph.shapes import (
    COPULAS,
    VERB_ENDINGS,
    heads_after_list,
    infinitive_instruction,
    names_a_set,
    tells_how,
    verb_form,
    verbless,
)
from rulekit.graph.table_shapes import ordered_table_line
from rulekit.graph.unit import Unit
from rulekit.model import Block, NodeKind

# The most sentences an item of a procedure holds; more make a numbered paragraph.
STEP_SENTENCES = 3
# A last line shorter than this share of the longest line before it ends a paragraph.
SHORT_LAST_LINE = 0.6
# A part of the game named by its number, then what it holds: "Aufgabe 1: 2 Drillinge".
NUMBERED_PART = re.compile(r"^\s*[A-ZÄÖÜ][\w-]*\s+\d+\s*[:–—]\s+\S")
# A numbered part and the count it asks for: "1 – 2 Drillinge".
_DEMAND = re.compile(r"^\s*\d{1,2}\s*[–—]\s*\d+\s+[A-ZÄÖÜ]")
# A count against a count: "2 Felder – 3 Nüsse", what one pays for the other.
_COUNT_ROW = re.compile(r"^\s*\d+\s+[^\W\d_]+\s*[–—:=-]\s*\d+\s+[^\W\d_]+\s*$")


@dataclass
class SegmentState:
    """Where the segmenter stands in a manual."""

    sections: list[Unit] = field(default_factory=list)  # open sections, outermost first
    material: bool = False  # inside the component list
    # The list a lead-in announced ("Zu jedem Spiel gehören:"), which ends at its last piece.
    listed_material: bool = False
    preface: bool = False  # inside a preface ("Vorwort", "Hintergrund")
    idea: bool = False  # under the heading of the game's idea ("Spielidee")
    board: bool = False  # under the heading of the board's description ("Der Spielplan")
    # The paragraph that opened with the board's description, under the open heading.
    described: Block | None = None
    cover: bool = False  # under the game's name on the cover, before the rules' first heading
    facts: bool = False  # under the box's facts in the front matter, before the next heading
    # The preface is only assumed: text before the first heading the text path found.
    assumed_preface: bool = False
    # The preface runs on under a heading that names no part of the rules ("Ein Lernspiel").
    preface_goes_on: bool = False
    # Sentences of the preface under its own heading, and those an essay's "wir" speaks.
    preface_said: int = 0
    preface_we: int = 0
    # The rules an assumed preface made flavour, while nothing has shown it is none,
    # and those of a preface a binding rule ended, which may have been rules too.
    prefaced: list[Unit] = field(default_factory=list)
    doubted: list[Unit] = field(default_factory=list)
    # The rules the game's idea made flavour, which may describe its board after all.
    imagined: list[Unit] = field(default_factory=list)
    items: NodeKind | None = None  # the kind of the list lines after a colon
    lead: Unit | None = None  # the unit whose colon announced them
    # The colon announced a set ("folgende Kriterien:"), whose items are no procedure.
    listed: bool = False
    step: Unit | None = None  # the step an unnumbered instruction would go on with
    open_unit: Unit | None = None  # an example or remark that goes on in the next block
    names: set[str] = field(default_factory=set)  # players named in examples
    row: bool = False  # the last line was a row of a table
    asked: bool = False  # the block stands among a player's questions and their answers
    # The numbered paragraphs of a rule sheet (`markers.numbered_paragraphs`), no steps.
    paragraphs: list[Block] = field(default_factory=list)
    # The names over a table's column titles (`table_shapes.table_titles`), headings.
    table_titles: list[Block] = field(default_factory=list)


# "folgendes" as a pronoun, before its participle or colon ("wird folgendes
# vorbereitet:", "passiert Folgendes:"): what follows is done, no set of things.
_WHAT_FOLLOWS = re.compile(r"\bfolgendes(?:\s+[a-zäöüß]+(?:t|en))?\s*:$")


class ListReader:
    """Steps and the items a colon announces, for `units.Segmenter`."""

    cues: Cues
    judge: KindJudge

    def _step_goes_on(
        self, sentences: list[Span], block: Block, following: Block | None, state: SegmentState
    ) -> bool:
        """Take an unnumbered instruction under a step into it, one step with all its
        sentences ("Multiplizieren Sie dann …" under "1. Addieren Sie …"), and a line
        between a step and the next of its list ("3. Der Geber teilt … aus." / "Sein
        linker Nachbar erhält eine 14. Karte." / "4. …")."""
        step = state.step
        if step is None or block.kind == "list-item" or not sentences:
            return False
        if self.judge.label(block.text) in self.cues.note_labels | self.cues.example_labels:
            return False  # "Tipp: Sortiert die Chips …" between two steps is a remark
        # Between two steps, a label of the sheet ("Ergebnis I", "Bilanzzahl u") is no
        # sentence of either.
        between = next_item(step.text, following) and terminal(block.text.strip())
        # On the next printed line, with no blank line between, a sentence that refers
        # back goes on with the step ("4. Wer zuletzt …, beginnt." / "Danach geht es
        # reihum …"): the text path guessed that paragraph break.  A step listed without
        # a sentence's end ("3. Sonderfeld ausführen (wenn …)") ends the list: what
        # follows is the text after it ("Danach ist dein linker Nachbar an der Reihe.").
        words = [t for t in sentences[0] if t.is_alpha]
        adjacent = block.lines[0] == step.block.lines[1] + 1
        goes_on = (
            adjacent
            and bool(words)
            and refers_back(self.judge, words)
            and terminal(step.text.strip())
        )
        # "Gespielt wird reihum …" opens as an instruction does, but tells how play goes;
        # "Liegt als erste Karte eine Aussetzen-Karte aus, muss …" sets a case for a rule.
        instructs = (
            self.judge.imperative(sentences[0])
            and not _impersonal(words)
            and not (
                _opens_with_condition(sentences[0], self.cues) and self.judge.modal(sentences[0])
            )
        )
        if not (instructs or between or goes_on):
            return False
        if not between and _ends_short(step.block):
            # A step that ended on a short line ended its paragraph there ("… Das ist
            # der" / "Ablagestapel." / "Liegt dort ein Sehnenriss, …").
            return False
        step.extend(sentences, block)
        return True

    def _step(
        self,
        sentences: list[Span],
        state: SegmentState,
        opening: bool = False,
        paragraph: bool = False,
    ) -> bool:
        """A numbered item of a procedure: an instruction, or a rule in a run of steps.

        A run starts after a colon, with an instruction ("1. Mischt die Karten") or
        at the `opening` "1." of a numbered list ("1. Würfeln: Wer an der Reihe ist,
        würfelt." over "2. Ziehen: …"); an item that defines or announces ends it.  The
        items of a set the colon announced ("… durch folgende Kriterien
        eingeschränkt:") are no procedure, nor is a rule sheet's long numbered
        `paragraph` (`markers.numbered_paragraphs`) that does not instruct, but under
        "Vorbereitung" or a lead-in that names an order.
        """
        if not sentences:
            return False
        first = after_marker(sentences[0])
        lead = state.lead
        if (
            lead is not None
            and (
                # a compound names rules too ("… der folgenden Zusatzregeln vereinbaren:"),
                # and so do their changes ("… probiert doch einmal diese Änderungen aus:")
                holds_word(lead.text, self.cues.rule_nouns | self.cues.rule_changes)
                or any(
                    t.lower_ in self.cues.choice_words or t.lemma_.lower() == "gelten"
                    for s in lead.sentences
                    for t in s
                )
            )
            and not (self._ordered(lead) or tells_how(lead.text.lower()))
        ):
            # "Für den Gang des Spieles gelten die folgenden neun Regeln:" announces rules,
            # each an item, in no order, and so does what holds ("Für einige seltene
            # Spielsituationen gilt:", "… gilt folgendes:") and a choice ("… die Wahl
            # zwischen zwei Möglichkeiten:").
            return False
        setup = bool(state.sections) and names_setup(state.sections[-1].block.text, self.cues)
        if (
            paragraph
            and state.items != "step"
            and not setup
            and not self.judge.imperative(first)
            and not (lead is not None and self._sequence(lead))
        ):
            return False  # "1. Jeder Spieler wählt eine Farbe … Bei weniger als vier …"
        if state.items is None and _opens_with_condition(first, self.cues) and not setup:
            # "a) Fällt der Würfel vom Tisch, so wird noch einmal gewürfelt." under
            # "Sonderfälle": a list of cases, where no colon announced a procedure; under
            # "Vorbereitung" the list is done in order ("1. Wer zuletzt …, gibt.").
            return False
        if state.items is None and not setup and sentences[0].text.startswith("("):
            # "(2) Eine Spielfigur kann das Nest nur mit einer 6 verlassen; …": the numbered
            # paragraphs of a statute, rules in no order; under "Vorbereitung" they are
            # done in order.
            return False
        if state.items is None and self.judge.narrated(first, set(state.names)):
            return False  # "1. Jonas ist an der Reihe …": a story told in numbered sentences
        label = LABEL.match(first.text)
        parts = self.cues.structure_headings | frozenset(self.cues.aim_headings)
        if state.items is None and label and self.judge.heading_words(label.group(1), parts):
            # "1. Ziel: …", "3. Aufbau: Legt den Plan …": the numbered parts of a box lid's
            # rules, each a paragraph of rules, not the steps of a procedure.
            return False
        if (
            state.items is None
            and not setup
            and len(sentences) > STEP_SENTENCES
            and not self.judge.imperative(first)
        ):
            # "1) Zum Spiel gehören … Der Spielplan zeigt … Rund um den Garten führt …":
            # a leaflet's numbered paragraphs, each of many sentences, rules in no order;
            # "1. Mischt die Karten … Die Vorderseite …" instructs, a step however long.
            return False
        if (
            state.items is None
            and marker_type(sentences[0].text) == "digit"
            and not (first_item(sentences[0].text))
        ):
            return False  # "3. Legen Sie …" under a heading: the text's paragraphs are numbered
        if self.judge.imperative(first) or infinitive_instruction(sentences[0].text):
            return True
        if _does_nothing(first) and (
            (":" not in first.text and any(t.like_num for t in first))
            or counted_task(sentences[0].text)
        ):
            # "1. Platz 5 Punkte", "1. Platz – höchstens 10 Nüsse": a ranked table's row;
            # "1. Zwei Drillinge", "1. Station: 2 Sätze": what a level demands.  Neither
            # is an instruction.
            return False
        # Under "Vorbereitung" a list numbered from 1 is done in order, though a line of
        # the first item's stands between it and the second ("1. Zu Beginn wird ein Geber
        # bestimmt." / "Er mischt …" / "2. …").
        opening = opening or (setup and first_item(sentences[0].text))
        if (state.items is None and not opening) or state.listed:
            return False
        return self.judge.sentence_kind(first) == "rule"

    def _ordered(self, lead: Unit | None) -> bool:
        """The lead-in names an order ("in dieser Reihenfolge", "nacheinander")."""
        lower = lead.text.lower() if lead is not None else ""
        return any(phrase in lower for phrase in self.cues.sequence_phrases)

    def _sequence(self, lead: Unit) -> bool:
        """The lead-in names an order ("wie folgt", "in dieser Reihenfolge",
        "nacheinander"), how a thing is done ("So bereitet ihr das Spiel vor:"), or what
        is done, with no noun that would name a set of things ("Vor Spielbeginn wird
        folgendes vorbereitet:", not "Folgende Karten gibt es:") nor a verb of what a
        thing has ("… zeigt der Spielplan folgendes:")."""
        lower = lead.text.lower()
        lemmas = {t.lemma_.lower() for s in lead.sentences for t in s}
        return (
            self._ordered(lead)
            or tells_how(lower)
            or (bool(_WHAT_FOLLOWS.search(lower)) and not lemmas & self.cues.having_lemmas)
        )

    def _item_kind(self, unit: Unit, sentence: str) -> NodeKind:
        """The kind of the list lines after a sentence that ends in a colon: the parts of
        a whole in an order it names are steps ("Ein Spielzug besteht aus vier Teilen, die
        immer in dieser Reihenfolge ausgeführt werden:")."""
        if unit.kind == "component" or (unit.kind == "definition" and not self._ordered(unit)):
            return unit.kind
        if self._sequence(unit):
            return "step"
        # "Die vorkommenden Arten sind:" names a set, and so does "Es gibt vier Arten von
        # Sonderfeldern:"; its items define its members.
        return "definition" if names_a_set(sentence) or self._names_kinds(sentence) else "rule"

    def _names_kinds(self, text: str) -> bool:
        """The text names kinds of a thing ("… vier Arten von Sonderfeldern:")."""
        return bool({w.lower() for w in re.findall(r"[^\W\d_]+", text)} & self.cues.kind_nouns)

    def _item(
        self,
        kind: NodeKind,
        sentences: list[Span],
        block: Block,
        section: str | None,
        state: SegmentState,
    ) -> Unit:
        """A list line after a colon, of the kind the colon's sentence gave its items; a
        counted piece under a lead-in that says what there is, or in the component list
        ("108 Karten:" / "8 Joker"), is a component, and a line of the imprint other."""
        lead, judge = state.lead, self.judge
        if kind == "step":
            kind = ordered_table_line(block.text) or kind
        part = NUMBERED_PART.match(block.text)
        if (
            (part and kind == "definition")
            or (kind == "definition" and _COUNT_ROW.match(block.text))
            or (kind == "step" and verbless(block.text) and (part or _demands(sentences[0])))
        ):
            # "Aufgabe 1: 2 Drillinge" under "Die Aufgaben lauten:" is what the part
            # demands of the players, not what a word means, nor is "2 Felder – 3 Nüsse"
            # under "Die Kostentafel … lautet:", what a move costs; nor, under "… in dieser
            # Reihenfolge erfüllen:", an instruction; nor is "1. Zwei Drillinge" under
            # "Im Einzelnen verlangen die Proben Folgendes:", which counts, but does nothing.
            kind = "rule"
        if (
            kind == "definition"
            and lead is not None
            and self._names_kinds(lead.text)
            # The kind's name opens a definition, described in brackets or after it
            # ("Gießkannenfelder (blau)", "Pflückfelder, erkennbar an …: Hier …").
            and not verbless(
                re.split(r"[,:]", re.sub(r"\([^()]*\)", "", block.text), maxsplit=1)[0]
            )
        ):
            kind = "rule"  # "Komet ersetzt jede Karte" under "… zwei Sorten Sonderkarten:"
        if kind == "step" and _names_steps(sentences[0]):
            kind = "rule"  # "• Ziehen und Abwerfen sind Pflicht, …" tells of the steps
        if kind == "rule" and judge.defining_phrase(block.text.lower()):
            kind = "definition"  # "Platzfelder, kenntlich an einer großen Ziffer;"
        if kind == "rule" and lead is not None and lead.kind == "lead-in":
            piece = state.material and (
                judge.component_line(block.text) or _names_piece(block.text)
            )
            # "Diese zehn Kronen gibt es:" / "1 – 2 Drillinge": what the first crown asks.
            listed = judge.listed_piece(lead.text, block.text) and not _DEMAND.match(block.text)
            kind = "component" if piece or listed else kind
        if kind == "rule" and IMPRINT.search(block.text):
            kind = "other"  # "Übersicht zum Ausdrucken:" / "www…" / "© 2023 Kranich Spiele …"
        return self._flagged(Unit(kind, sentences, block, section, lead=lead))

    def _flagged(self, unit: Unit) -> Unit:
        return flag(unit, self.cues)


def _ends_short(block: Block) -> bool:
    """The block's last printed line is short for its column, the end of a paragraph."""
    starts = (0, *block.breaks)
    lengths = [
        len(block.text[a:b].strip()) for a, b in zip(starts, (*block.breaks, None), strict=True)
    ]
    return len(lengths) > 1 and lengths[-1] < SHORT_LAST_LINE * max(lengths[:-1])


def _names_steps(item: Span) -> bool:
    """An item that opens with steps named as nouns and says what holds for them: "•
    Ziehen und Abwerfen sind Pflicht, …", "Auslegen ist freiwillig"."""
    words = [t for t in item if t.is_alpha]
    return (
        len(words) > 1
        and words[0].text[:1].isupper()
        and words[0].lower_.endswith(VERB_ENDINGS)
        and words[0].lemma_.lower() == words[0].lower_
        and (words[1].lower_ == "und" or words[1].lower_ in COPULAS)
    )


def _demands(item: Span) -> bool:
    """A numbered item that counts things and does nothing: "1. Zwei Drillinge", "4. Eine
    Reihe aus sieben Karten", not "3. Eine Karte kommt offen neben den Stapel"."""
    return counted_task(item.text) and _does_nothing(item)


def _does_nothing(span: Span) -> bool:
    """No verb but the numbers that look like one ("sieben")."""
    return not any(verb_form(t) and not t.like_num for t in span)


def _impersonal(words: list[Token]) -> bool:
    """An impersonal passive opened by its participle: "Gespielt wird reihum …"."""
    return len(words) > 1 and words[1].lower_ in ("wird", "werden")


def material_ends(
    judge: KindJudge, state: SegmentState, block: Block, units: list[Unit], following: Block | None
) -> bool:
    """The component list ends before this block: a line that counts no piece after the
    list a lead-in announced, or running text right after the pieces, which describes
    the board rather than one more piece ("1 Würfel" / "Der Spielplan: Der Laufweg …
    besteht aus 48 Feldern.", "(1) Auf dem Spielplan führt …"); a piece's description
    under its own heading goes on, and so does a piece named without its count
    (`_uncounted_piece`)."""
    text = block.text.strip()
    if not state.material or judge.component_line(text):
        return False
    if _uncounted_piece(judge, block, units, following):
        return False
    return state.listed_material or (
        block.kind in ("paragraph", "list-item")
        and terminal(text)
        and bool(units)
        and units[-1].kind == "component"
        and judge.component_line(units[-1].text)
    )


def _uncounted_piece(
    judge: KindJudge, block: Block, units: list[Unit], following: Block | None
) -> bool:
    """A piece named without its count between counted ones, a line without a verb
    ("24 Hamsterkarten" / "Rübenscheine im Wert von 1, 5 und 10 Rüben" / "6
    Übersichtskarten"): one more piece of the list."""
    return (
        bool(units)
        and units[-1].kind == "component"
        and following is not None
        and judge.component_line(following.text)
        and _names_piece(block.text)
    )


def _names_piece(text: str) -> bool:
    """A line that names a piece without its count ("Rübenscheine im Wert von 1, 5 und
    10 Rüben"): no verb, no sentence's end."""
    return verbless(text) and not terminal(text.strip())


def names_no_piece(heading: str, pieces: list[str]) -> bool:
    """A heading after a counted component list (`pieces`: "1 Spielplan", "1 Würfel")
    that names none of its pieces ("Rund um die Mühle"): the list is over.  A piece's
    own heading ("Die Karten" over what "110 Spielkarten" are) goes on with it."""
    listed = " ".join(pieces).lower()
    nouns = [w for w in re.findall(r"[^\W\d_]+", heading) if w[:1].isupper()]
    return bool(listed) and not any(stem(w.lower()) in listed for w in nouns)


# What stands before the rules: the title block and its blurb.
_FRONT_KINDS = ("other", "flavour")


# A heading of an article and a noun: "Die Etappen", "Der Joker".
_THING_HEADING = re.compile(r"(?:Der|Die|Das) [A-ZÄÖÜ][^\W\d_]+")


def tells_story(heading: str, units: list[Unit], pieces: list[str], judge: KindJudge) -> bool:
    """A heading without a verb that does not name the rules, over the game's story:
    right after the component list (`pieces`), naming none of its pieces ("Rund um die
    Mühle"), or over the first paragraphs, before anything of the rules ("EINE LANGE
    REISE" under the title block, before "Spielmaterial")."""
    if not verbless(heading):
        return False  # "So wird gespielt" heads the rules
    if units and units[-1].kind == "component":
        # "Die Etappen" names a thing of the game, not the title of its story.
        return names_no_piece(heading, pieces) and not _THING_HEADING.fullmatch(heading.strip())
    return (
        not judge.material_heading(heading)
        and not judge.heading_words(heading, judge.cues.preface_headings)
        and any(u.kind == "other" for u in units)
        # The box's facts ("Für 2 bis 6 Spieler ab 10 Jahren") bind, but stand on the
        # cover; the game's name heads it, a preface is no cover.
        and all(
            u.kind in _FRONT_KINDS
            or BOX_FACTS.search(u.text)
            or (
                u.kind == "section" and not judge.heading_words(u.text, judge.cues.preface_headings)
            )
            for u in units
        )
    )


def _opens_with_condition(span: Span, cues: Cues) -> bool:
    """The item's first clause is a condition ("Fällt der Würfel …, so …", "Wenn …")."""
    clauses = case_clauses(span, cues)
    return bool(clauses) and clauses[0][1]


def heading_ends_items(
    block: Block,
    text: str,
    following: Block | None,
    state: SegmentState,
    units: list[Unit],
    title: bool,
) -> bool:
    """A heading over a paragraph, or a question set as one ("Wie viele Kleeblätter
    darf ich tragen?"), ends a run of numbered steps ("Über 20 Punkte"), and in the
    component list the items of one piece ("Würfel" … "Wertungsblock"); so does a
    heading over a list that counts anew ("Spielablauf" over "1. …") or over a list of
    bullets of its own ("Kurz & knapp" / "• Eine 6 bringt …"); a table's name over its
    column titles ends the items of the colon that announced the table."""
    return (
        (block.kind == "heading" or title)
        and following is not None
        and (
            following.kind == "paragraph"
            or first_item(following.text)
            or (block.kind == "heading" and bulleted_item(following))
        )
        and (
            state.step is not None
            or state.material
            or (
                state.items is not None
                and bool(units)
                and heads_after_list(units[-1].block, text, following)
            )
            or any(block is title for title in state.table_titles)
        )
    )
