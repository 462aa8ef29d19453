"""Segmentation: the body blocks of a manual cut into units, one per node.

Every sentence of the body becomes a unit of its own, so one node holds one
normative statement; what the README of the annotations calls one unit stays
whole: a numbered step, a remark ("Wichtig: ...", or a comment with the sentences
that go on with it), a worked example
(labelled, in parentheses, or narrated with player names, also over the lines
after a "Beispiel 1:" label).  Structure decides what a heading-shaped line is: a
section, an item of the component list, the list item after a colon, or a line
outside the rules (title, credits); `shapes` reads what a line looks like on its
own.  `KindJudge` gives the kinds of sentences; `regions` then smooths them: a
section that documents a program is `other`, a preface without rules is `flavour`.
"""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Span

from rulekit.cues import Cues
from rulekit.extract.lexicon import Lexicon
from rulekit.extract.textfacts import address_line
from rulekit.extract.textrows import (
    TAB_ROW,
)
from rulekit.extract.textshapes import (
    ICON_TEXT,
    ends_open,
    reads_as_text,
    terminal,
)
from rulekit.graph.continuation import (
    goes_on_with_example,
    leaves,
    sets_scene,
    starts_story,
    told_on,
    told_round,
    widen_scene,
)
from rulekit.graph.cover import cover_blocks
from rulekit.graph.front import (
    board_kind,
    front_kind,
    heading_opens,
    rules_begin,
    states_facts,
    told_as_preface,
)
from rulekit.graph.ids import heading_level, section_id
from rulekit.graph.kinds import KindJudge
from rulekit.graph.line_kinds import LABEL
from rulekit.graph.lists import (
    ListReader,
    SegmentState,
    heading_ends_items,
    material_ends,
)
from rulekit.graph.markers import (
    MARKER,
    NUMBERED,
    bulleted_item,
    counts_on,
    marked_level,
    next_item,
    numbered_paragraphs,
    opens_procedure,
)
from rulekit.graph.regions import rules_before_preface, rules_under_idea, smooth
from rulekit.graph.remarks import consequence, labels_next, remark_goes_on
from rulekit.graph.sentences import parenthesised_example
from rulekit.graph.sentences import sentences as split_sentences
from rulekit.graph.shapes import (
    OUTLINE_NUMBER,
    SPEECH,
    closed,
    ends_in_verb,
    interrogative_heading,
    item_line,
    marked_heading,
    open_bracket,
    quoted_sentences,
    run_in_heading,
    verbless,
)
from rulekit.graph.table_shapes import (
    described_row,
    numbers_header,
    table_header,
    table_row,
    table_titles,
)
from rulekit.graph.titles import opens_with_question, paragraph_title
from rulekit.graph.unit import Unit
from rulekit.model import Block, NodeKind, SourceInfo
from rulekit.nlp import TermMatcher

MECHANICAL_KINDS = ("rule", "step", "note")
# Figure text this long is a sentence of the body that the text layout took for a label.
FIGURE_SENTENCE_WORDS = 12
# The kinds of a sentence whose colon opens a list.
ITEM_LEADS = ("lead-in", "rule", "definition", "component")


class Segmenter(ListReader):
    """Cuts body blocks into units with kinds, sections and cue flags."""

    def __init__(self, nlp: Language, cues: Cues, lexicon: Lexicon) -> None:
        self.nlp = nlp
        self.cues = cues
        self.judge = KindJudge(nlp, cues, lexicon)

    def units(self, info: SourceInfo, blocks: list[Block], matcher: TermMatcher) -> list[Unit]:
        """The units of a manual's blocks in reading order, sections included."""
        body = [b for b in blocks if b.kind != "caption"]
        docs = list(self.nlp.pipe(b.text for b in body))
        self.judge.read_manual(docs, info.title)
        units: list[Unit] = []
        state = SegmentState(paragraphs=numbered_paragraphs(body), table_titles=table_titles(body))
        cover, subtitle = cover_blocks(body, self.cues, info.title)
        # The headings over the game's name are the publisher's ("FIDIBUS").
        masthead = body[: body.index(cover)] if cover is not None else []
        for index, (block, doc) in enumerate(zip(body, docs, strict=True)):
            following = body[index + 1] if index + 1 < len(body) else None
            sentences = split_sentences(doc, self.judge)
            if block is cover or (block.kind == "heading" and any(block is b for b in masthead)):
                # The game's name on the cover heads the rulebook, not a part of it.
                if not state.sections:
                    self._open_section(info, block, units, state)
                state.cover = True
                units.append(Unit("other", sentences, block, state.sections[-1].node_id))
                continue
            if block is subtitle:
                units.append(Unit("other", sentences, block, state.sections[-1].node_id))
                continue
            previous = body[index - 1] if index else None
            line = self._line_units(info, block, sentences, (previous, following), state, units)
            if line is not None:
                units.extend(line)
                continue
            if not state.sections:
                self._open_section(info, block, units, state)
            rules_begin(self.judge, state, block)
            added = self._block_units(block, sentences, following, state)
            units.extend(added)
            state.facts = state.facts or states_facts(added, len(units))
        rules_before_preface(state.doubted, units)
        rules_under_idea(state.imagined, units)
        opening = {u.node_id for u in units if u.kind == "section" and u.level == 0}
        units = smooth(units, opening, self.judge, self.cues)
        for unit in units:
            spans = unit.sentences or [self.nlp(unit.block.text)[:]]
            found = {term for span in spans for term in matcher.terms_in(span)}
            unit.terms = [term.id for term in matcher.terms if term.id in found]
        return units

    def _open_section(
        self, info: SourceInfo, block: Block, units: list[Unit], state: SegmentState
    ) -> None:
        """The section titled with the manual's title, for body text before any heading.

        Text before the first heading is a preface, unless it opens mid-sentence: then
        it is an excerpt that starts inside the rules.
        """
        opening = Block(kind="heading", text=info.title, page=block.page, lines=block.lines)
        unit = Unit("section", [], opening, None, level=0)
        unit.node_id = section_id(info.game, info.title, {u.node_id for u in units})
        state.sections.append(unit)
        state.preface = state.assumed_preface = not block.text.lstrip()[:1].islower()
        units.append(unit)

    def _line_units(
        self,
        info: SourceInfo,
        block: Block,
        sentences: list[Span],
        around: tuple[Block | None, Block | None],
        state: SegmentState,
        units: list[Unit],
    ) -> list[Unit] | None:
        """The units of a heading-shaped line, figure text or a short numbered line;
        `around` holds the blocks before and after it.

        None when the block is body text to cut into sentences.
        """
        following = around[1]
        text = block.text.strip()
        judge = self.judge
        if material_ends(judge, state, block, units, following):
            state.material = state.listed_material = False
        numbered_heading = (
            block.kind in ("list-item", "heading")
            and MARKER.match(text) is not None
            and marked_heading(text, following)
            and not counts_on(units[-1].block if units else None, text)
        )
        # A question under the questions' heading is asked, and so is one after a question
        # asked and answered; but "Wußten Sie schon?" heads the facts of a box of its own.
        heading = state.sections[-1].block.text if state.sections else None
        in_questions = judge.asked(heading, following) or any(
            u.kind == "lead-in" and u.text.endswith("?") for u in units[-2:]
        )
        state.asked = in_questions
        title = block.kind == "paragraph" and paragraph_title(
            judge, self.nlp, block, sentences, around, in_questions
        )
        section = state.sections[-1].node_id if state.sections else None
        after_row, state.row = state.row, False
        if block.kind in ("paragraph", "heading") and (
            # "Benötigte Hilfsmittel" over "2 Würfel, 1 Würfelbecher" heads a list.
            (numbers_header(text, following) and not judge.material_heading(text))
            # the imprint's street over its postcode ("Technikumstrasse 38" / "CH-8400 …")
            or (following is not None and address_line(text, following.text))
        ):
            return [Unit("other", sentences, block, section)]
        if (
            state.items is None
            and block.kind != "list-item"
            and state.sections
            and table_row(text, after_row)
            # "96 Zahlenkarten (je zweimal 1 bis 12 in vier Farben)" counts a piece, and so
            # does "Inhalt: 1 Spielplan, 16 Spielfiguren in 4 Farben, 1 Würfel"
            and not (state.material and judge.component_line(text))
            and not judge.material_label(text)
        ):
            # One row, one unit: a row that describes its first cell defines it
            # ("Produktion Die Wirtschaft liegt darnieder 1 29 …"), values rule.
            state.row = True
            kind: NodeKind = "definition" if described_row(text) else "rule"
            return [self._flagged(Unit(kind, sentences, block, section))]
        if (
            state.items is None
            and block.kind != "list-item"
            and state.sections
            and table_header(text, following)
        ):
            return [Unit("other", sentences, block, section)]
        # A question the copy set as a heading is asked there too.
        if (
            (block.kind == "paragraph" and not title)
            or (block.kind == "heading" and text.endswith("?") and in_questions)
            or (block.kind == "list-item" and not numbered_heading)
        ):
            return None
        # After the component list "Spielregel" heads the rules; it is no booklet's title.
        # "Noch Fragen?" over a question heads the questions; it points to no publisher.
        rules_heading = (
            judge.booklet_title(text) and any(u.kind == "component" for u in units)
        ) or (text.endswith("?") and following is not None and opens_with_question(following.text))
        if block.kind == "heading" and any(judge.signs_off(s) for s in sentences[:1]):
            # The publisher's closing wish set apart ("Viel Spaß … wünscht Ihnen HASELHOF
            # SPIELE") heads nothing.
            return [Unit("other", sentences, block, section)]
        if judge.outside_rules(text, opening=not state.sections) and not rules_heading:
            if state.sections:
                # A title line ("Spielanleitung") after the preface: the rules begin.
                state.preface = state.preface_goes_on = False
            return [Unit("other", sentences, block, section)]
        if state.material and judge.piece_heading(block, following):
            return [Unit("component", sentences, block, section)]  # "Spielplan" / "Würfel"
        above = units[-1].block if units and units[-1].kind == "section" else None
        if block.kind == "figure" and not judge.stacked_heading(text, following, above):
            if state.material and judge.component_line(text):
                return [Unit("component", sentences, block, section)]
            if state.items is not None and reads_as_text(text) and not ICON_TEXT.match(text):
                # The line a colon announced, however much it looks like a figure label;
                # not the labels of a diagram ("a b c d e f g h", "0Z0Z0Z0Z", "8",
                # "Animal + female : boolean").
                return [self._item(state.items, sentences, block, section, state)]
            if len(text.split()) < FIGURE_SENTENCE_WORDS or not reads_as_text(text):
                return []  # figure text is no part of the body
            return None  # a whole sentence the layout took for figure text
        label = judge.label(text)
        if labels_next(judge, self.nlp, label, block, following):
            note = label in self.cues.note_labels
            unit = Unit("note" if note else "example", sentences, block, section, labelled=note)
            state.open_unit = unit
            return [unit]
        ends_items = heading_ends_items(block, text, following, state, units, title)
        if state.items is not None and not numbered_heading:
            if self._step_goes_on(sentences, block, following, state):
                return []
            if not ends_items and state.items == "step" and state.lead is None and verbless(text):
                # A line between numbered steps that no colon announced and that instructs
                # nothing is a box or a label of the sheet ("Ergebnis I"), not a step.
                return [Unit("other", sentences, block, section)]
            if not ends_items:
                return [self._item(state.items, sentences, block, section, state)]
        if state.material and judge.component_line(text):
            return [Unit("component", sentences, block, section)]
        if judge.material_lead_in(text):
            # The pieces follow, one a line, up to the first line that counts none.
            state.material = state.listed_material = True
            return [Unit("lead-in", sentences, block, section)]
        last = text.split()[-1].lower()
        last_lemma = sentences[-1][-1].lemma_.lower() if sentences and len(sentences[-1]) else ""
        # A numbered line of nouns closed by a colon heads its paragraphs ("a) Binnenhandel:").
        noun_heading = numbered_heading and verbless(MARKER.sub("", text))
        # A heading numbered in the outline's way ("3.2 Keine Reifen mehr") is one, however
        # its words end.
        outlined = block.kind == "heading" and OUTLINE_NUMBER.match(text) and not terminal(text)
        asked = block.kind == "heading" and interrogative_heading(text)
        # "Das braucht ihr" heads the component list, though it ends in a pronoun.
        listing = block.kind == "heading" and judge.material_heading(text)
        if not (title or noun_heading or outlined or asked or listing) and (
            judge.sentence_line(text)
            or (text.endswith(":") and any(judge.modal(s) for s in sentences))
            # "Die Ernte beträgt:": a heading never ends in its verb.
            or (text.endswith(":") and ends_in_verb(sentences))
            or text.endswith(",")
            or (
                # "Über die Eingabe von", not "Eine Sechs": a capitalised word is a noun.
                ends_open(text)
                and last_lemma not in self.cues.modal_lemmas
                and last not in self.cues.phrase_final_particles
            )
        ):
            # A sentence, or a piece of one ("Über die Eingabe von"); a colon after a
            # modal verb closes a sentence ("Danach muss der Spieler … versetzen:"), but a
            # clause ending in its modal verb heads a section ("Warum man … üben sollte").
            return None
        # A section.
        front = state.cover or state.facts
        state.items, state.listed, state.cover, state.facts = None, False, False, False
        state.step = None
        state.open_unit = None
        level = marked_level(text, state.sections) if numbered_heading else heading_level(text)
        while state.sections and state.sections[-1].level >= level:
            state.sections.pop()
        parent = state.sections[-1].node_id if state.sections else None
        unit = Unit("section", [], block, parent, level=level)
        unit.node_id = section_id(info.game, text, {u.node_id for u in units})
        state.sections.append(unit)
        names_rules = judge.heading_words(text, self.cues.structure_headings) or numbered_heading
        heading_opens(judge, state, (text, sentences), units, bool(names_rules), (front, asked))
        return [unit]

    def _block_units(
        self, block: Block, sentences: list[Span], following: Block | None, state: SegmentState
    ) -> list[Unit]:
        """The units of a paragraph or list item, sentence by sentence."""
        section = state.sections[-1].node_id
        judge = self.judge
        text = block.text.strip()
        if state.open_unit is not None:
            told = told_on(self.judge, sentences, state.open_unit, state.names)
            if told:
                state.open_unit.extend(sentences[:told], block)
                for sentence in sentences[:told] if state.open_unit.kind == "example" else []:
                    judge.join_cast(sentence, state.names)
            if told == len(sentences):
                return []
            state.open_unit = None
            if told:
                # The rest of the block, after the example's last sentence, is running text.
                sentences, text = sentences[told:], ""
        bulleted = bulleted_item(block)
        if state.items is not None and (
            item_line(block, text)
            or (
                bulleted
                and (len(sentences) == 1 or (state.items == "step" and self._ordered(state.lead)))
            )
        ):
            # An item the text path took for a paragraph (one short line without a sentence
            # end), or a bulleted item of one sentence, or any of a procedure in an order
            # its lead-in names ("• Du wirfst eine Karte ab. Dann ist …"); numbered ones
            # are steps (below).
            return [self._item(state.items, sentences, block, section, state)]
        if (
            block.kind == "list-item"
            and NUMBERED.match(text)
            and self._step(
                sentences,
                state,
                opens_procedure(text, following),
                any(block is item for item in state.paragraphs),
            )
        ):
            state.items, state.lead, state.listed = "step", None, False
            state.step = self._flagged(Unit("step", sentences, block, section))
            return [state.step]
        if self._step_goes_on(sentences, block, following, state):
            return []
        # A remark between two steps ("3. …" / "Tipp: …" / "4. …") leaves the procedure open.
        if not (state.step is not None and next_item(state.step.text, following)):
            state.items = None
            state.step = None
        units: list[Unit] = []
        mode: NodeKind | None = None  # a label's kind for the rest of the block
        story = False  # the open example is a story no label opened
        # A block of several printed lines may hold paragraphs the text path could not
        # tell apart: a labelled remark then runs on only while its sentences go on with it.
        run_in: list[Span] = []  # a run-in heading ("Bomben und Mineure (3).") waiting for its rule
        remark: Unit | None = None  # a remark without a label, open for what goes on with it
        quoted = quoted_sentences(sentences)
        for position, sentence in enumerate(sentences):
            if position in quoted:
                # A character speaks ("„Unterhaltet mich …“"): the story's words, not rules.
                units.append(Unit("flavour", [sentence], block, section))
                mode = None
                continue
            if (
                position + 1 < len(sentences)
                and run_in_heading(sentence, opens_block=position == 0)
                # "Antwort: Nein." answers; it heads nothing.
                and not any(t.lower_ in self.cues.answer_words for t in sentence)
            ):
                run_in.append(sentence)
                continue
            if run_in:
                # The heading opens a unit of its own: nothing before it goes on past it.
                count = len(units)
                units.extend(self._sentence_units(sentence, block, section, state, []))
                units[count].sentences[:0] = run_in
                run_in, mode = [], None
                continue
            if units and units[-1].kind == "example" and open_bracket(units[-1].text):
                # "(Beispiel: … Dann muss Gelb … zurückstellen.)": up to its bracket.
                units[-1].sentences.append(sentence)
                continue
            if sentence.text.lstrip().startswith("(") and (
                judge.label(sentence.text.lstrip()[1:]) in self.cues.example_labels
                or (units and units[-1].text.lstrip().startswith("(") and closed(units[-1].text))
            ):
                # An example in brackets stands on its own: no remark runs on into it
                # ("Hinweis: … (Beispiel: …)"), and once its bracket closes it is done.
                mode, story = None, False
            elif units and units[-1].kind == "example" and closed(units[-1].text):
                mode, story = None, False
            after_definition = (
                units and units[-1].kind == "definition" and units[-1].text.endswith(":")
            )
            if after_definition and not judge.normative(sentence):
                units.append(Unit("definition", [sentence], block, section))
                continue
            label = judge.label(sentence.text)
            # A table's row is one unit, its cells parted by a tab ("Suhle\tNur rückwärts …").
            row = TAB_ROW.match(text) and units and units[-1].block is block
            if row or (units and consequence(judge, units[-1], sentence)):
                units[-1].sentences.append(sentence)
                continue
            after = sentences[position + 1] if position + 1 < len(sentences) else None
            if label in self.cues.note_labels and (
                judge.warning(sentence)
                or (judge.label_alone(sentence.text) and after is not None and judge.warning(after))
            ):
                # "Achtung: Nicht geeignet für Kinder unter 3 Jahren …", also after the label
                # alone ("Achtung! Nicht geeignet …"): the box's warning.
                mode, story = None, False
                units.append(Unit("other", [sentence], block, section))
                continue
            if label in self.cues.note_labels:
                mode, story = "note", False
                units.append(self._flagged(Unit("note", [sentence], block, section, labelled=True)))
                continue
            if label in self.cues.example_labels:
                mode, story = "example", False
                # The players its first sentence tells of ("Beispiel: Grün würfelt eine
                # 5.") are its story's, named again later in it.
                judge.narrated(sentence, state.names)
                units.append(Unit("example", [sentence], block, section))
                continue
            # A label standing alone ("Achtung!") is followed by what it labels.
            bare = LABEL.sub("", units[-1].text).strip() == "" if units else False
            if mode is not None and (
                bare
                or (mode == "example" and told_round(judge, sentence, after, block, state.names))
                # A remark keeps its printed paragraph; one the text path ran into it
                # begins on a printed line of its own, where a sentence binds the players.
                or not (
                    (
                        mode == "example"
                        or (
                            sentence.start_char in block.breaks
                            and (
                                judge.binds(sentence)
                                or starts_story(judge, sentence, set(state.names))
                                or judge.signs_off(sentence)
                            )
                        )
                    )
                    and leaves(self.judge, mode, sentence, state.names, units[-1], story)
                )
            ):
                if mode == "example":
                    judge.join_cast(sentence, state.names)
                units[-1].sentences.append(sentence)
                continue
            mode = None
            if remark is not None and remark is units[-1] and remark_goes_on(self.judge, sentence):
                remark.sentences.append(sentence)
                continue
            count = len(units)
            units.extend(self._sentence_units(sentence, block, section, state, units))
            if (
                units
                and units[-1].kind == "example"
                and units[-1].block is block
                # The story's move, after the scene it may have set.
                and any(judge.narrated(s, set(state.names)) for s in units[-1].sentences)
            ):
                # A story goes on in its paragraph as a labelled example does: up to a
                # sentence of players in general ("Tom hat 28 Punkte … Die 28 hat sich
                # aber schon Anna geschnappt … Tom nimmt sich deshalb die 26.").
                mode, story = "example", True
            # A remark without a label is one unit with the sentences that go on with it.
            remark = units[-1] if len(units) == count + 1 and units[-1].kind == "note" else None
        if units and (
            units[-1].kind == "example"
            or (units[-1].kind == "note" and self.judge.label_alone(units[-1].text))
        ):
            # An example may go on in the next paragraph, as a story does ("Er zieht
            # zwei Karten …"); a remark only after its bare label (`told_on`).
            state.open_unit = units[-1]
        last = sentences[-1].text.strip() if sentences else ""
        if last.endswith(":") and units and units[-1].kind in ITEM_LEADS:
            state.items = self._item_kind(units[-1], last)
            state.lead = lead = units[-1]
            state.listed = judge.announces(last.lower(), strict=True) and not self._sequence(lead)
            if judge.material_lead_in(last):  # "In dieser Schachtel finden Sie:"
                state.material = state.listed_material = True
        return units

    def _sentence_units(
        self, sentence: Span, block: Block, section: str, state: SegmentState, units: list[Unit]
    ) -> list[Unit]:
        """One sentence as a unit, joined to the example before it when it goes on with it."""
        judge = self.judge
        previous = units[-1] if units else None
        if judge.narrated(sentence, state.names) or (
            previous is not None and goes_on_with_example(judge, previous, sentence)
        ):
            judge.join_cast(sentence, state.names)
            scene = previous is not None and sets_scene(judge, previous, sentence, block)
            if previous is not None and (
                # An example in brackets is whole: a move told after it is another.
                (previous.kind == "example" and not closed(previous.text)) or scene
            ):
                previous.kind = "example"
                previous.sentences.append(sentence)
                if scene:
                    widen_scene(judge, units, block)
                return []
            return [Unit("example", [sentence], block, section)]
        head, aside = parenthesised_example(sentence, self.judge)
        kind = judge.sentence_kind(head, state.material)
        if SPEECH.match(block.text.strip()):
            kind = "flavour"  # a speech bubble's call set apart: "„Hopp, hopp – und drüber!“"
        elif kind == "flavour" and (
            judge.asked_under(head.text, [u.text for u in state.sections])
            or (state.asked and head.text.endswith("?"))
        ):
            kind = "lead-in"  # "Gilt die Schlagpflicht auch für die Gänge?" leads to its answer
        if kind == "other" and judge.greets(head):
            state.idea = True  # "Liebe Wichtelfreunde!" opens a letter with the game's story
        # What binds the players in a preface no heading announced is a rule: the box's
        # facts ("Spieler: 2 – 4 Personen"), which a story may follow, or a sentence,
        # which ends the preface: the rules begin, and the text path missed their
        # heading, or the text is an excerpt that opened inside them
        # (`rules_before_preface`).
        binds = kind == "rule" and state.assumed_preface and judge.binding(head)
        if binds and terminal(head.text):
            state.preface = state.assumed_preface = False
            state.doubted = list(state.prefaced)
        if not state.assumed_preface:
            state.prefaced.clear()
        # Asked of every sentence: it counts what the preface says.
        prefaced = told_as_preface(judge, state, head, block, previous, binds) and kind == "rule"
        told: NodeKind = "flavour" if prefaced else kind
        told = board_kind(judge, state, head, block, front_kind(judge, state, head, block, told))
        unit = self._flagged(Unit(told, [head], block, section))
        if prefaced and state.assumed_preface:
            state.prefaced.append(unit)
        if prefaced and state.idea and not state.preface:
            state.imagined.append(unit)
        result = [unit]
        if aside is not None:
            result.append(Unit("example", [aside], block, section))
        return result
