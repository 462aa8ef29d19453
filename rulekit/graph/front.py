"""Where a rulebook's parts change what a sentence is: the cover and its box's facts
before the rules (`front_kind`), the run-in labels that begin the rules in a rulebook
without headings, a box lid's (`rules_begin`), the board's description, whose
sentences define the board (`board_kind`), and what a heading sets going under it: a
preface, the game's story, the component list (`heading_opens`).  `units.Segmenter`
asks these as it goes, with its `lists.SegmentState`."""

from __future__ import annotations

import re

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Span

from rulekit.extract.textbreaks import exclaimed
from rulekit.extract.textshapes import BOX_DURATION, BOX_FACTS, terminal
from rulekit.graph.kinds import KindJudge
from rulekit.graph.line_kinds import LABEL
from rulekit.graph.lists import SegmentState, names_no_piece, tells_story
from rulekit.graph.markers import first_item
from rulekit.graph.shapes import addresses, verbless
from rulekit.graph.titles import asks_reader
from rulekit.graph.unit import Unit
from rulekit.model import Block, NodeKind

# Share of a preface's sentences in the first person plural that makes it an essay,
# which may run on under headings of its own ("Warum man vernetztes Denken üben sollte").
ESSAY_SHARE = 1 / 3

# The box's facts stand among this many first units of a manual, its front matter.
FRONT_UNITS = 15
# A story on the cover holds this many sentences at least; a blurb is a line or two.
STORY_SENTENCES = 3
# The reader, spoken to as the object of a sentence.
_READER = frozenset({"Ihnen", "Euch", "euch", "dich", "dir", "du", "Du"})
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ])")
# What a sentence under the box's facts may have been taken for, being neither.
_COVER_KINDS = frozenset({"rule", "definition", "note", "lead-in", "flavour"})
# A bold lead closed by a full stop before its paragraph's first sentence ("Der
# Spielplan. Auf dem Spielplan …", "Ziel des Spiels. Jeder Spieler …").
_STOPPED_LABEL = re.compile(r"^\s*([A-ZÄÖÜ][\w-]*(?:\s+[\w-]+){0,3})\.\s+(?=[A-ZÄÖÜ„(])")
# The last part of a field's name: "Rettichfeld", "Zielfelder".
_FIELD_NOUNS = ("feld", "felder")


def states_facts(added: list[Unit], count: int) -> bool:
    """The units just added, `count` units into the manual, hold the box's facts
    (`box_fact`)."""
    return count < FRONT_UNITS and any(box_fact(u.text) for u in added)


def box_fact(text: str) -> bool:
    """A line of the box's facts, no sentence: "Für 2 bis 4 Spieler ab 6 Jahren"."""
    return BOX_FACTS.search(text) is not None and not terminal(text)


def front_kind(
    judge: KindJudge, state: SegmentState, head: Span, block: Block, told: NodeKind
) -> NodeKind:
    """The kind of a sentence of the front matter, told as `told` from its words.

    Under the box's facts the cover tells no rule: it says how long a game lasts,
    praises the game ("Ein Wettlauf ganz ohne Würfel!", "IGELSPRINT ist ein Rennspiel,
    bei dem …"), the publisher's blurb, or tells its story ("Vier junge Kuckucke sind in
    fremden Nestern groß geworden …"); a sentence that tells the players what to do
    begins the rules.  Elsewhere on the cover, beside the game's name,
    a story or a paragraph that exclaims or asks is the blurb too ("Wer … hinaufkommt,
    hat die Nase vorn – doch auf jeder Stufe kann man hängen bleiben!"), where no
    sentence of it instructs.
    """
    exclaimed = head.text.rstrip().endswith("!")
    in_blurb = re.search(r"[!?](?:\s|$)", block.text) is not None and not judge.modal(head)
    cheered = (exclaimed or in_blurb) and not judge.imperative(head)
    if (
        # "Der Wiedehopf … ist ein scheuer Vogel." says what a thing of the world is.
        told in ("flavour", "rule", "definition")
        and (state.facts or state.cover)
        and _tells_world(judge, head, block)
        # "Wer als Erster drei Mäuse beim Käse hat, gewinnt.": the rules begin; not a
        # story's prize ("…, gewinnt den goldenen Wirsing") or doubt ("Wer glaubt, dass …
        # gewinnt, der irrt sich").
        and not (_says_who_wins(judge, head) and _ends_in_ending(judge, head))
    ):
        return "flavour"
    if (
        state.facts
        and told in _COVER_KINDS
        and not BOX_FACTS.search(head.text)
        # "Jeder Spieler zieht sofort zwei Karten." tells the players what to do, and "Wer
        # dies als erster schafft, hat gewonnen." who wins: the rules begin.
        and not (
            judge.imperative(head)
            or any(t.lower_ in judge.cues.actor_nouns for t in head)
            or _says_who_wins(judge, head)
        )
    ):
        blurb = cheered or judge.praises_game(head) or BOX_DURATION.search(head.text)
        return "other" if blurb else "flavour"
    if state.cover and (told == "flavour" or (told == "rule" and cheered)):
        return "other"
    return told


def _ends_in_ending(judge: KindJudge, head: Span) -> bool:
    """The sentence ends in a verb that says who wins or that the game ends ("…,
    gewinnt.", "… hat gewonnen."), not in the infinitive a story foretells with ("…
    wird das Rennen gewinnen.") or a noun ("…, hat Aussicht auf den Sieg.")."""
    words = [t for t in head if t.is_alpha]
    if not words:
        return False
    last = words[-1]
    return (
        last.text[:1].islower()
        and last.lower_ != last.lemma_.lower()
        and last.lemma_.lower() in judge.cues.ending_lemmas
    )


def _says_who_wins(judge: KindJudge, head: Span) -> bool:
    """The sentence says who wins after the clause of its subject ("Wer dies als erster
    schafft, hat gewonnen."), not of a subject that only wants to ("Doch wer hier gewinnen
    will, muss …")."""
    comma = next((t.i for t in head if t.text == ","), None)
    said = [t for t in head if comma is not None and t.i > comma]
    return judge.generic_actor(head) and any(
        t.lemma_.lower() in judge.cues.ending_lemmas for t in said
    )


def _tells_world(judge: KindJudge, head: Span, block: Block) -> bool:
    """A sentence of a story of several sentences on the cover that tells of the game's
    world, not of the game ("Im Bauerngarten ist Pflanzzeit! Jeder Gärtner möchte …
    Doch der Gartenweg ist schmal, …"): it binds no one, and its paragraph neither
    praises the game ("Ein Spiel voller Überlegung …"), nor asks ("Wer hat das meiste
    Glück?") before it told the world, nor speaks to the reader ("Zehn Häfen liegen vor
    Ihnen …"), as a blurb does."""
    text = block.text.strip()
    words = re.findall(r"[^\W\d_]+", text)
    said = _SENTENCE_END.split(text)
    # A story may end by asking who will win ("Wer bringt … zuerst ins Futterhaus?")
    # after it told its world; a blurb asks first ("Wer hat das meiste Glück? …").
    asked = next((i for i, sentence in enumerate(said) if "?" in sentence), len(said))
    return (
        len(said) >= STORY_SENTENCES
        and asked >= STORY_SENTENCES - 1
        and not BOX_FACTS.search(text)
        # Not even in a compound ("Ein altbewährter Spielgedanke …").
        and not any(g in w.lower() for w in words for g in judge.cues.game_words)
        and not any(w in _READER for w in words)
        and not re.search(r"[a-zäöüß,] Sie\b", text)
        and not (judge.modal(head) or judge.imperative(head) or addresses(head))
    )


def board_kind(
    judge: KindJudge, state: SegmentState, head: Span, block: Block, told: NodeKind
) -> NodeKind:
    """Under the heading of the board's description a sentence that only says how the
    board is laid out defines it ("Die Beetfelder sind von außen nach innen nummeriert"),
    as a sentence that says what a thing consists of does; one that binds the players
    is a rule.  So does such a sentence in and after a paragraph that opens with the
    board's description under another heading ("Der Spielplan zeigt einen Bauerngarten,
    …" under "Vorbereitung", "(1) Auf dem Spielplan führt …" / "(2) Kurz vor jedem
    Startfeld …" under "Spielmaterial"), up to the next heading."""
    if told not in ("rule", "component") or not judge.describes_board(head):
        return told
    words = [t for t in head if t.is_alpha]
    opens = next((t for t in words if t.text[:1].isupper() and t.lower_ not in STOP_WORDS), None)
    if opens is not None and opens.lower_ in judge.cues.board_headings:
        state.described = block
    if told == "component" and not (state.board or state.described is block):
        return told  # a piece of the list and what it is ("1 Spielplan mit 64 Feldern")
    # Under the board's own heading ("Der Spielplan") or in the paragraph that opens
    # with it, the board is described, not listed: "Auf dem Spielplan ist eine Rennbahn
    # aus 40 Feldern aufgedruckt …" in "SPIELMATERIAL: 1 Spielplan, … ".  So is a field
    # in the sentence its name labels ("Rettichfeld: Hier ist ein Rettich abgebildet.").
    label = LABEL.match(head.text)
    field = label is not None and label.group(1).lower().endswith(_FIELD_NOUNS)
    return "definition" if state.board or state.described is not None or field else told


def rules_begin(judge: KindJudge, state: SegmentState, block: Block) -> None:
    """A paragraph opened by a run-in label that names a part of the rules ("Spielziel:
    …", "Vorbereitung: …", "Inhalt: …", "Der Spielplan: …", or a bold lead closed by a
    full stop: "Inhalt. Zum Spiel gehören …") begins the rules as a heading would, in a
    rulebook that has none (a box lid's, a leaflet's): the cover, its box facts and an
    assumed preface end there, and after "Inhalt:" the component list begins."""
    match = LABEL.match(block.text) or _STOPPED_LABEL.match(block.text)
    label = match.group(1) if match is not None else ""
    if match is not None and match.re is _STOPPED_LABEL:
        # A lead names; a sentence of few words has a verb ("Das Spiel beginnt.").
        label = "" if any(w.islower() and w not in STOP_WORDS for w in label.split()) else label
    parts = judge.cues.structure_headings | judge.cues.board_headings
    # So does the first of a leaflet's numbered paragraphs ("1) Zum Spiel gehören …
    # Der Spielplan zeigt …"), a paragraph of sentences the cover has none of.
    numbered = first_item(block.text) and _SENTENCE_END.search(block.text) is not None
    material = bool(label) and judge.material_heading(label)
    part = bool(label) and judge.heading_words(label, parts)
    if numbered or material or part:
        state.cover = state.facts = False
        if state.assumed_preface:
            state.preface = state.assumed_preface = False
    if material or part:
        # As under a heading: after "Inhalt: 108 Spielkarten" the pieces follow, one a
        # line ("96 Zahlenkarten (…)" / "8 Narren"), up to the next part's label.
        state.material = state.listed_material = material
        # "Der Spielplan. Ein Weg aus 36 Feldern führt …" describes the board
        # (`board_kind`); the next part's label ends the description.
        board = judge.heading_words(label, judge.cues.board_headings)
        state.described = block if board else None


def told_as_preface(
    judge: KindJudge,
    state: SegmentState,
    head: Span,
    block: Block,
    previous: Unit | None,
    binds: bool,
) -> bool:
    """A rule's sentence that the preface or the game's idea tells, as flavour.

    A preface's own section keeps a modal rule; under a later heading of the essay only
    an instruction is one ("Allerdings ziehen Sie nach jeder 5. Runde …"); under a
    heading of the preface, a story's paragraph goes on as story ("Wer einem anderen
    Marder in die Quere kommt, … muss zurück in sein Versteck").  Under the game's idea,
    an exclamation warns as the story does ("Doch Vorsicht: Wer zu lange zögert, bleibt
    auf seinen Karten sitzen!"), unless it instructs.  Counts what the preface says.
    """
    in_story = (
        not state.assumed_preface
        and previous is not None
        and previous.block is block
        and previous.kind == "flavour"
    )
    keeps = judge.instructs(head) if state.preface_goes_on else (judge.modal(head) and not in_story)
    if state.preface and not state.preface_goes_on:
        state.preface_said += 1
        state.preface_we += judge.speaks_as_we(head)
    exclaims = head.text.rstrip().endswith("!") and not (
        judge.normative(head)
        or judge.imperative(head)
        or any(t.lower_ in judge.cues.duty_words for t in head)  # "Schlagen ist Pflicht!"
    )
    return (state.preface and not (keeps or binds)) or (
        state.idea and (exclaims or not (judge.modal(head) or judge.plays(head)))
    )


def heading_opens(
    judge: KindJudge,
    state: SegmentState,
    heading: tuple[str, list[Span]],
    units: list[Unit],
    names_rules: bool,
    opened: tuple[bool, bool],
) -> None:
    """What the heading `heading` (its text and sentences) sets going under it: a preface,
    the game's idea or story, the board's description, the component list.
    `names_rules`: it names a part of the rules ("Spielablauf", "3. Bauen"); `opened`:
    whether it stands on the cover or under the box's facts, and whether it asks
    ("Worum es geht").  An essay's preface runs on under headings of its own."""
    text, sentences = heading
    front, asked = opened
    # A call on the cover heads the game's story ("Vorhang auf!", "Willkommen im Stadion!").
    # So does a question to the reader ("Kennen Sie den Buchfinken?") a box of facts.
    preface = (
        judge.heading_words(text, judge.cues.preface_headings)
        or (front and exclaimed(text) and not (names_rules or judge.material_heading(text)))
        or (bool(sentences) and asks_reader(judge, sentences[0]))
    )
    pieces = [u.text for u in units if u.kind == "component" and judge.component_line(u.text)]
    story = not names_rules and tells_story(text, units, pieces, judge)
    state.idea = story or judge.heading_words(text, judge.cues.idea_headings)
    state.board = judge.heading_words(text, judge.cues.board_headings)
    state.described = None
    if judge.material_heading(text):
        state.material = True
    elif (
        names_rules
        or asked
        or text.endswith("?")
        or not verbless(text)
        or preface
        or state.idea
        or names_no_piece(text, pieces)
    ):
        # "Worum geht es?" names no piece of the material, nor does a heading with a
        # verb ("So wird gespielt") or of the game's story ("Die Geschichte", "Rund um
        # die Mühle"); a piece's name ("Saisonfolien") goes on with it.
        state.material = False
    # Only an essay runs on under headings of its own: a "Vorwort" that addresses the
    # players ends where the next heading begins, whatever that heading says.
    state.preface_goes_on = (
        not preface
        and state.preface
        and not state.assumed_preface
        and not (names_rules or state.material)
        and state.preface_we >= ESSAY_SHARE * state.preface_said > 0
    )
    if not state.preface_goes_on:
        state.preface_said = state.preface_we = 0
    state.preface = preface or state.preface_goes_on
    state.assumed_preface = False
