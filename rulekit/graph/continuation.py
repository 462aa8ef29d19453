"""What goes on with an open example or remark: the sentences after its label, in its
block and in the blocks after it, that are part of it, and the one that leaves it; and
the sentence that sets a story's scene before it (`sets_scene`).  `units.Segmenter` asks
these while it cuts a block into units; `remarks` holds what goes on with a remark and
with a labelled exception."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Span, Token

from rulekit.extract.textshapes import CAPTION
from rulekit.graph.clauses import opens_with_case
from rulekit.graph.exceptions import marked_exception
from rulekit.graph.kinds import KindJudge
from rulekit.graph.line_kinds import LABEL
from rulekit.graph.markers import MARKER, NUMBERED, first_item
from rulekit.graph.shapes import EVERY, INDEFINITE_ARTICLES, OUTLINE_NUMBER, closed, content_lemmas
from rulekit.graph.story_cast import (
    PLURAL_ADDRESS,
    STORY_PRONOUNS,
    casts,
    colours,
    exclaimed,
    names_again,
    names_player,
    of_any,
    opens_with_name,
    points_at_told,
    recalls_value,
    refers_to_player,
    story_pronoun,
    supposed,
    supposes,
    tells_story,
    tells_throw,
)
from rulekit.graph.story_words import subjunctive
from rulekit.graph.unit import Unit
from rulekit.model import Block, NodeKind

# Where a sentence goes on from the one before: "Wer dort landet, …", "Alle Plättchen
# darunter …" opens with the place the sentence before named.
_PLACE_BACK = frozenset({"dort", "darunter", "darauf", "daneben"})
# A footnote opens with its mark: "¹ Gemeint ist …", "* Gilt nicht, wenn …".
_FOOTNOTE = re.compile(r"^\s*(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\*{1,3})\s")
# The articles before a piece of the story ("Der gelbe Biber", "Ein roter Kegel").
_ARTICLES = frozenset({"der", "die", "das", "ein", "eine"})
# Words of a sequence that open it rather than go on with it.
_STARTS = frozenset({"zuerst"})
# A word that draws the conclusion of what was just said, early in a sentence.
_CONCLUDING = frozenset({"also", "somit", "folglich", "deshalb", "deswegen", "darum"})
# The subjects that deny an action to every player: "Niemand darf …".
_NO_ONE = frozenset({"niemand", "keiner"})
# Adverbs that point back to what was just said: "damit", "dadurch".
_POINTING_BACK = frozenset({"damit", "dadurch", "dafür", "davon"})
CONCLUDING_REACH = 6
# The ways a text addresses its reader, by the pronouns of each.
_ADDRESS = {
    **dict.fromkeys(("du", "dich", "dir", "dein", "deine", "deinen", "deinem", "deiner"), "du"),
    **dict.fromkeys(("ihr", "euch", "euer", "eure", "euren", "eurem", "eurer"), "ihr"),
}


def leaves(
    judge: KindJudge,
    mode: NodeKind,
    sentence: Span,
    names: set[str],
    unit: Unit | None = None,
    story: bool = False,
) -> bool:
    """A sentence after a labelled remark or example that is no part of it.

    An example goes on until a sentence speaks of players in general ("alle
    Spieler", "jeder", "wer") or binds on every thing of a kind ("Auf jedem Feld darf
    …"), unless it tells the story's moment ("Für alle folgenden Figuren …"); a
    remark (`unit`) goes on while a sentence is joined to it by a connective or a
    demonstrative ("Also ...", "Das gilt ..."), or mostly takes up its words
    ("Wichtig: Mitspieler tauschen nur mit … Die Mitspieler tauschen nicht …").
    A `story` that no label opened also ends where the reader is told what to do
    ("Stellen Sie Ihre … Einheiten auf …"), a case of the rules opens ("Sollte der
    Befreier … geworfen haben, wird dieser ignoriert.") or a sentence tells nothing of
    it: no player, no pronoun for one, no value ("Zunächst wird der höchste Wurf
    verglichen.").
    """
    if mode == "example":
        if _labelled(judge, sentence) or judge.signs_off(sentence):
            return True  # "… Salatblätter. (Beispiel: …)", "… Ausnahme: …", "Viel Spaß …"
        if judge.narrated(sentence, names) or judge.continues(sentence):
            return False
        if judge.judges_move(sentence):
            return False  # "Das ist zu viel, denn hinter dem vierten Feld geht es nicht weiter."
        if marked_exception(sentence, judge.cues) and judge.modal(sentence):
            return True  # "Hängt an diesem Baum kein Apfel mehr, darfst du ausnahmsweise …"
        if (
            story
            and (judge.imperative(sentence) or opens_with_case(sentence, judge.cues))
            and not supposed(judge, sentence)  # "Wären alle Karten blau, hätten Sie …"
        ):
            return True
        if any(t.lower_ in judge.cues.story_moments for t in sentence):
            return False
        opening = _first_word(sentence)
        if (
            opening is not None
            and opening.lower_ in _POINTING_BACK | _CONCLUDING
            and not (judge.modal(sentence) or judge.generic_actor(sentence))
        ):
            # what the move brings about: "Damit ist die Runde zu Ende.", "Deshalb
            # gewinnt Finn."
            return False
        if story and not (tells_story(judge, sentence, names) or supposed(judge, sentence)):
            return True
        if story and of_any(judge, sentence, names):
            return True  # "Eine gefangene Maus braucht wie zu Beginn eine 6, …
        if (
            unit is not None
            and (
                (judge.modal(sentence) and _of_anyone(unit, sentence))
                # not what a reader may do with the story's values ("Vor Jonas liegt
                # die Folge 4-5-6-7. Du darfst eine 3 oder eine 8 anlegen.")
                or (_addresses_other(unit, sentence) and not any(t.like_num for t in sentence))
            )
            and not tells_story(judge, sentence, names)
            and not any(subjunctive(t, judge.cues.supposing_forms) for t in sentence)
        ):
            # What anyone may do, of no one the example tells of, or what the readers do,
            # whom a story of named players never spoke to: the rules go on ("Beispiel:
            # Du bist an der 2. Pforte … Eine Kartengruppe darf mehr Karten haben …",
            # "Beispiel 1: Mira … zahlt sie 10 Stangen. Rückwärts darfst du nie ziehen."),
            # not what would have been ("… hätte Malte nicht auslegen dürfen").
            return True
        if supposed(judge, sentence) or tells_throw(judge, sentence):
            return False  # "Mit jeder anderen Zahl hätte sie … nicht ziehen dürfen."
        if unit is not None and points_at_told(judge, sentence, unit.sentences):
            return False  # "Jede andere Augenzahl nützt diesem Fuchs nichts."
        tokens = [t for t in sentence if not t.is_space]
        if any(judge.colour_adjective(a) and b.like_num for a, b in pairwise(tokens)):
            return False  # "Ein Spieler, dessen Phase ausliegt, legt eine blaue 5 an …"
        every = any(t.lower_ in EVERY for t in sentence)  # "Auf jedem Feld darf nur …"
        # What the reader may do, after a story no label opened that never spoke to the
        # reader ("Lena wirft eine Sperre ab. … Einen Kapitän … darfst du dir nehmen, …").
        told_apart = story and unit is not None and _addresses_other(unit, sentence)
        return (
            judge.generic_actor(sentence)
            or _denied_to_all(judge, sentence)
            or ((every or told_apart) and judge.modal(sentence))
        )
    if starts_story(judge, sentence, names) or judge.signs_off(sentence):
        # a story after the remark ("Ein gelber Kegel sitzt … Rot würfelt …"), or the
        # publisher's closing wish ("… warten. Viel Spaß beim Hüpfen wünscht euch …")
        return True
    words = [t for t in sentence if t.is_alpha]
    if words and words[0].lower_ in judge.cues.remark_connectives:
        return False
    if any(w.lower_ in _CONCLUDING for w in words[1:CONCLUDING_REACH]):
        return False  # "Zwei Herz-Damen und eine Pik-Dame sind also kein Satz!"
    if words and (refers_back(judge, words) or words[0].lower_ in _PLACE_BACK):
        return False  # "Wichtig: Wer einen Felsbrocken erreicht, … Er darf nie …"
    if _points_back(sentence):
        return False  # "Tipp: Hebt euch „Honigbrot“ … auf. Bei … spart ihr damit …"
    if not words or unit is None:
        return True
    # Most of its words are the remark's: it restates or carries on the remark, where
    # a paragraph run together with it would bring words of its own.
    said = set().union(*(content_lemmas(s) for s in unit.sentences))
    own = content_lemmas(sentence)
    shared = len(own & said)
    return shared < 2 or shared * 2 < len(own)


def told_round(
    judge: KindJudge, sentence: Span, after: Span | None, block: Block, names: set[str]
) -> bool:
    """A sentence inside an example's printed line, its players told of again after it,
    is the example's ("Lene landet auf Feld 9. Alle anderen stehen weiter vorn, ihres ist
    also das hinterste. Lene nimmt 5 Stangen."), whatever `leaves` says of it alone."""
    return (
        after is not None
        and sentence.start_char not in block.breaks
        and judge.narrated(after, set(names))
    )


def _denied_to_all(judge: KindJudge, sentence: Span) -> bool:
    """What no one may do ("Niemand darf weiter ziehen, als er bezahlen kann."), not who
    is not there ("Im Ziel ist noch niemand.")."""
    opening = _first_word(sentence)
    return opening is not None and opening.lower_ in _NO_ONE and judge.modal(sentence)


def _first_word(sentence: Span) -> Token | None:
    """The sentence's first word, past any bracket or quote."""
    return next((t for t in sentence if t.is_alpha), None)


def _new_piece(judge: KindJudge, first: Span, unit: Unit, names: set[str]) -> bool:
    """The paragraph opens with a piece of a colour the example has not told of ("Der
    gelbe Biber steht auf Feld 14 …" after "Beispiel: Der blaue Biber …"), and names
    none of its players: a story of its own."""
    words = [t for t in first if t.is_alpha][:3]
    return (
        not judge.label_alone(unit.text)  # "Beispiel:" / "Die blaue Ameise steht …"
        and not names_player(first, names)  # "3. Die blaue Schnecke … zählt Paula mit"
        and len(words) == 3
        and words[0].lower_ in _ARTICLES
        and judge.colour_adjective(words[1])
        and words[2].text[:1].isupper()
        and judge.colour_stem(words[1]) not in colours(judge, unit.sentences)
    )


def starts_story(judge: KindJudge, sentence: Span, names: set[str]) -> bool:
    """The sentence tells a move of named players (`narrated`) or sets pieces of two
    colours on the board, as a story's scene does ("Ein gelber Kegel sitzt auf einem
    Sperrfeld fest, … steht ein roter Kegel."); a rule speaks of pieces in general."""
    if judge.narrated(sentence, names):
        return True
    colours = {judge.colour_stem(t) for t in sentence if judge.colour_adjective(t)}
    return len(colours) > 1 and not (judge.modal(sentence) or judge.generic_actor(sentence))


def _labelled(judge: KindJudge, sentence: Span) -> bool:
    """The sentence opens with the label of an example, a remark or an exception, also
    inside a bracket ("(Beispiel: …)")."""
    cues = judge.cues
    label = judge.label(sentence.text.lstrip("(["))
    return label in cues.note_labels | cues.example_labels | cues.exception_openers


def told_on(judge: KindJudge, sentences: list[Span], unit: Unit, names: set[str]) -> int:
    """How many opening sentences of the next block go on with the open example or
    remark `unit`.

    The block after a bare label ("Beispiel 1:", "Achtung!") opens it; a later block
    goes on with a labelled example when it tells of its players or its values, and
    with one that no label opened when it opens with the story's player,
    by name or as a pronoun ("Er zieht zwei Karten …"); it runs on until a sentence
    leaves it (`leaves`).  A numbered paragraph ("7 Die meisten Siedlungen …") or a
    lead-in opens something of its own.
    """
    if not sentences:
        return 0
    first = sentences[0]
    cues = judge.cues
    # "Achtung: …", "Ausnahme: …", "(Beispiel: …)" after an example is a unit of its own,
    # and so is the publisher's closing wish ("Viel Vergnügen … wünscht Ihnen …!").
    if (
        _labelled(judge, first)
        or judge.signs_off(first)
        or closed(unit.text)
        or _opens_topic(judge, first, unit, names)
        # A figure's caption ("Abb. 2: Der rote Komet …") is no part of the example, nor
        # is the page's footnote under it ("¹ Gemeint ist der ganze Weg …").
        or CAPTION.match(first.text) is not None
        or _FOOTNOTE.match(first.text) is not None
        # Nor is a paragraph in brackets of a player it has not told of ("(Gelb könnte
        # …)"): an example of its own.
        or (
            first.text.lstrip().startswith("(")
            and not opens_with_name(first, _told_names(unit, names))
            and not judge.continues(first)
        )
        # The next numbered paragraph ("10. Der Gartenweg: …", "6. Noch Fragen?") opens
        # something of its own; under a bare label the moves may be numbered from 1
        # ("Beispiel:" / "1. Birgit …" / "2. …"), after the scene it sets too
        # ("Beispiel für einen Spielzug:" / "Anke, Bernd und …" / "1. Zug: …"), and so may
        # what an example's colon
        # announces ("Auf dem Spielplan sieht es so aus:" / "1. Ein roter Igel steht …"),
        # and the moves of the players a story's scene named ("Susanne (Rot), Thomas
        # (Blau) und Katrin (Gelb) sind mitten im Spiel. …" / "1. Susanne würfelt …").
        # A paragraph numbered in the outline's way ("6.2 Zusatzschritt: …") too, always.
        or OUTLINE_NUMBER.match(first.text) is not None
        or (
            NUMBERED.match(first.text) is not None
            and not counts_on_story(unit, first)
            and not (
                (
                    judge.label_alone(unit.sentences[0].text)
                    or unit.text.rstrip().endswith(":")
                    or (unit.kind == "example" and opens_with_name(first, _told_names(unit, names)))
                )
                and first_item(first.text)
            )
        )
    ):
        return 0
    if unit.kind == "example" and (
        _addresses_other(unit, first)
        or of_any(judge, first, names)
        or _new_piece(judge, first, unit, names)
    ):
        return 0
    if unit.kind == "example" and judge.label(unit.sentences[0].text) in judge.cues.example_labels:
        # The players the labelled example tells of ("Beispiel: Katrin steht …") are its
        # story's, named again later ("…, und Katrin kann auslegen.").
        for sentence in unit.sentences:
            judge.narrated(sentence, names)
        # Values of the story ("für Figur A: 1 + 4 + 1 = 6 Punkte und") go on with it too.
        # A sentence that names itself an exception ("Das Zahlenfeld 4 zählt
        # ausnahmsweise …") is a rule of its own.
        marked = marked_exception(first, cues)
        values = any(t.like_num for t in first) and not (
            judge.general(first) or judge.normative(first) or marked
        )
        # So does a sentence that refers to its player ("… ist ihr zu riskant."), also
        # with a modal verb when it names or points to them ("doch in diesem Zug darf
        # sie sie noch nicht anlegen").
        refers = (
            not marked
            and tells_story(judge, first, names)
            and not judge.generic_actor(first)
            and not _denied_to_all(judge, first)
            and (not judge.modal(first) or refers_to_player(judge, first, names))
        )
        story = (
            values
            or refers
            or judge.narrated(first, names)
            or judge.continues(first)
            or supposes(judge, first, names)
            or supposed(judge, first)
            or casts(judge, first)
        )
    else:
        words = [t for t in first if t.is_alpha]
        story = counts_on_story(unit, first) or (
            unit.kind == "example"
            and bool(words)
            and (not first[0].like_num or first_item(first.text))
            and not first.text.rstrip().endswith(":")
            and (
                words[0].text in names
                or judge.continues(first)
                # "Es fällt eine 4, und da … muß Grün die neue Figur …"; a player not
                # yet in it opens a story of its own ("Ole landet auf Feld 20 …").
                or any(t.text in names for t in first if t.is_alpha)
                # "In der nächsten Runde würfelt Gelb eine 6.", "Eine Runde später steht
                # eine grüne Gans auf Feld 18 …": a later turn of the story.
                or (
                    judge.story_turn(first)
                    and (judge.narrated(first, names) or tells_story(judge, first, names))
                )
                or supposes(judge, first, names)
                # "Der blaue Hase steht …" / "Also bleibt Blau zweimal stehen …"; a
                # paragraph the colour opens tells a story of its own ("Blau hat …").
                or (
                    bool(colours(judge, [first]) & colours(judge, unit.sentences))
                    and words[0].lower_ not in judge.cues.colour_words
                )
                # "Blau 1 und Blau 2 bleiben ihm übrig": a pronoun for its player
                or (
                    any(t.i > first.start and story_pronoun(t, STORY_PRONOUNS) for t in first)
                    and not judge.generic_actor(first)
                )
                # "Das ist nicht erlaubt, denn …" after a story no label opened
                or (judge.judges_move(first) and not judge.label(unit.sentences[0].text))
                # "Auch das Igelfeld 41 hinter ihm ist besetzt … Jonas bleibt stehen …"
                or (
                    len(sentences) > 1
                    and (
                        opens_with_name(sentences[1], names)
                        # "Wieder eine 6! Eine zweite Figur kann Uwe nicht einsetzen …"
                        or (exclaimed(first) and names_player(sentences[1], names))
                        # "… auf dem Fuchs von Andrea stehen. Andrea muß …": a player
                        # the paragraph brings in and then tells of.
                        or names_again(judge, first, sentences[1])
                    )
                    and not judge.general(first)
                )
            )
        )
    if not (judge.label_alone(unit.text) or story):
        return 0
    # A story no label opened ends where a sentence tells nothing of it, as in its own
    # paragraph ("… fortziehen. Beim Ziehen dürfen eigene wie fremde Figuren …"), and so
    # does a labelled one in a paragraph after its first ("… Katrin kann auslegen." /
    # "Aussetzkarten gehören zu keiner Kombination.").
    told_story = unit.kind == "example" and (
        judge.label(unit.sentences[0].text) not in cues.example_labels
        or not judge.label_alone(unit.text)
    )
    told = 1
    # A remark under its bare label ("Wichtig!" over a box) is the whole paragraph the
    # label heads, as printed; a story or another label after it is not.
    boxed = unit.kind == "note" and judge.label_alone(unit.text)
    while told < len(sentences) and not (
        (starts_story(judge, sentences[told], names) or _labelled(judge, sentences[told]))
        if boxed
        else leaves(judge, unit.kind, sentences[told], names, unit, told_story)
    ):
        told += 1
    if unit.kind == "example":
        # The players the example tells of under its label ("Beispiel:" / "Mia ist bei
        # Phase 2.") are its story's, whom a later paragraph may name again.
        for sentence in sentences[:told]:
            judge.narrated(sentence, names)
    return told


def goes_on_with_example(judge: KindJudge, previous: Unit, sentence: Span) -> bool:
    """The sentence goes on with the open example before it in its paragraph: its player
    as a pronoun, or a value it told ("Trotz der 6 ist nun …"), unless of any player
    ("Sind alle Kutter eines Spielers aus dem Hafen, darf er mit der 6 …"), a player
    named by a letter after it named one so ("Die Spieler A, B, C und D …" / "Spieler D
    legt …"), a judgment of its move, what would have been, or its colour again."""
    return (
        previous.kind == "example"
        and not closed(previous.text)
        and (
            judge.continues(sentence)
            or (recalls_value(sentence, previous.sentences) and not judge.any_player(sentence))
            or bool(
                judge.lettered_players([sentence]) and judge.lettered_players(previous.sentences)
            )
            # "Das ist zu viel, denn …", "Auch mit einer 3 hätte es nicht geklappt", "Da
            # auch sonst kein grüner Zwerg ziehen kann, …": the move judged, what would
            # have been, the story's colour again.
            or judge.judges_move(sentence)
            or supposed(judge, sentence)
            or bool(colours(judge, [sentence]) & colours(judge, previous.sentences))
            or (
                judge.label(previous.sentences[0].text) in judge.cues.example_labels
                and casts(judge, sentence)
            )
        )
    )


def _told_names(unit: Unit, names: set[str]) -> set[str]:
    """The players of the manual's stories that this example tells of."""
    return {t.text for sentence in unit.sentences for t in sentence if t.text in names}


def _of_anyone(unit: Unit, sentence: Span) -> bool:
    """The sentence opens with a thing of no story ("Eine Kartengruppe darf …") or
    addresses readers the example does not ("Beispiel: Du bist …" and "Ihr müsst nicht
    auslegen …")."""
    words = [t for t in sentence if t.is_alpha]
    if not words:
        return False
    return words[0].lower_ in INDEFINITE_ARTICLES or _addresses_other(unit, words[:1])


def _addresses_other(unit: Unit, words: Iterable[Token]) -> bool:
    """The words address readers as the example does not: a rule after a story of
    named players ("Tim … würfelt danach noch einmal." / "Steht beim Einsetzen ein
    fremder Bergmann auf deinem Startfeld, schlägst du ihn …")."""
    said = {_address(t) for s in unit.sentences for t in s}
    return any(_address(t) not in said | {None} for t in words)


def _address(token: Token) -> str | None:
    """How the word addresses readers ("du", "ihr"), if it does: "ihr" before or after
    its verb ("Ihr müsst", "dürft ihr"), not the possessive ("ihr Startfeld")."""
    if token.lower_ == "ihr":
        # Before its verb ("Ihr müsst …"), not before a noun of hers ("Ihr nächster Wurf").
        after = token.nbor(1) if token.i + 1 < len(token.doc) else token
        opens = token.i == token.sent.start and after.is_lower and after.lower_.endswith(("t", "d"))
        after_verb = token.i > 0 and token.nbor(-1).lower_ in PLURAL_ADDRESS
        return "ihr" if opens or after_verb else None
    return _ADDRESS.get(token.lower_)


def _points_back(sentence: Span) -> bool:
    """An adverb in the sentence points back to what the remark said ("… spart ihr damit
    77 Honigtöpfchen"); after a comma "damit" opens a clause of purpose instead."""
    tokens = [t for t in sentence if not t.is_space]
    return any(
        token.lower_ in _POINTING_BACK and (index == 0 or tokens[index - 1].text != ",")
        for index, token in enumerate(tokens)
    )


def counts_on_story(unit: Unit, sentence: Span) -> bool:
    """The sentence is numbered next to the last numbered sentence of a story ("1. Jonas
    ist an der Reihe …" / "2. Auf dem Blumenfeld steht Mias Bär …"): the story is told
    in numbered sentences, and this is its next moment."""
    this = MARKER.match(sentence.text.strip())
    if unit.kind != "example" or this is None or this.group(1) is None:
        return False
    told = (MARKER.match(s.text.strip()) for s in reversed(unit.sentences))
    last = next((m for m in told if m is not None and m.group(1) is not None), None)
    return last is not None and int(this.group(1)) == int(last.group(1)) + 1


def _opens_topic(judge: KindJudge, sentence: Span, unit: Unit, names: set[str]) -> bool:
    """After a story's paragraph, a paragraph opened by a run-in label of the rules
    ("Ins Ziel: Hat eine Maus …") is a rule of its own; a bare label's example may go
    on with its moves ("Beispiel:" / "Zug 1: Anna würfelt …"), and a player of the story
    with what befalls them ("Ben muss aussetzen: Er legt …")."""
    label = LABEL.match(sentence.text)
    words = label.group(1).split() if label else []
    # What befalls the story's players under a label of their story ("Abrechnung: Anke hat
    # noch die blaue 12 …") goes on with it.
    told = [t for t in sentence if label and t.idx >= sentence.start_char + label.end()]
    return (
        bool(words)
        and not (told[:1] and told[0].text in names and not judge.outside_rules(sentence.text))
        and not judge.label_alone(unit.text)
        and not any(c.isdigit() for w in words for c in w)
        and not set(words) & names
        # A topic is named, or done ("Startfeld räumen:"); "… muss aussetzen:" tells.
        and all(w[:1].isupper() or w.endswith("en") for w in words)
        and judge.label(sentence.text) not in judge.cues.example_labels
    )


def refers_back(judge: KindJudge, words: list[Token]) -> bool:
    """The sentence opens with a pronoun for what was just said ("Er darf nie …", "Sie
    werden nicht …") or a word of its sequence ("Danach geht es reihum …"): it cannot
    open a paragraph of its own."""
    return judge.opens_with_pronoun(words) or (
        words[0].lower_ in judge.cues.sequence_words and words[0].lower_ not in _STARTS
    )


def sets_scene(judge: KindJudge, previous: Unit, sentence: Span, block: Block) -> bool:
    """The sentence before a story, in its paragraph, sets its scene: it binds no one and
    names the story's player ("Alle Figuren von Gelb stehen noch im Stall. Gelb würfelt
    eine 2 …", "Die rote Maus steht auf Feld 12 … Rot möchte …")."""
    if previous.block is not block or previous.kind != "rule" or len(previous.sentences) != 1:
        return False
    scene = previous.sentences[0]
    players = {t.lower_ for t in sentence if t.is_alpha and t.text[:1].isupper()}
    # The colour as a name ("Gelb") or of the piece ("Die rote Maus steht auf Feld 12").
    named = any(
        (t.lower_ in players and t.lower_ in judge.cues.colour_words and t.text[:1].isupper())
        or (judge.colour_adjective(t) and judge.colour_stem(t) in players)
        for t in scene
    )
    # Or the scene opens with a name the story goes on with as a pronoun ("Thomas hat
    # nur noch die Kleine Straße frei. Nach drei Würfen liegen 2, 3, 4, 4, 6 vor ihm").
    opener = next((t for t in scene if not t.is_space), None)
    pointed = (
        opener is not None
        and opener.is_alpha
        and opener.text[:1].isupper()
        and opener.lower_ not in STOP_WORDS
        and not judge.lexicon.german_as_written(opener.lower_)
        and any(t.lower_ in STORY_PRONOUNS for t in sentence)
    )
    # Or it sets a piece by its colour and the story tells of colours ("Der rote Fuchs
    # rastet auf einer Lichtung. Der gelbe Fuchs steht …", "Der grüne Fuchs ist nur noch
    # fünf Felder … entfernt. Da würfelt Blau …").
    placed = any(judge.colour_adjective(t) for t in scene) and any(
        judge.colour_adjective(t) or (t.text[:1].isupper() and t.lower_ in judge.cues.colour_words)
        for t in sentence
    )
    if named and not judge.normative(scene):
        return True
    # "nur noch" limits the story's hand, it binds no one: no modal, no one in general.
    return (pointed or placed) and not (judge.modal(scene) or judge.generic_actor(scene))


def widen_scene(judge: KindJudge, units: list[Unit], block: Block) -> None:
    """A scene of two sentences: the sentence before the one that set the story's scene
    sets it too ("Der rote Fuchs rastet auf einer Lichtung. Der gelbe Fuchs steht …, und
    Gelb würfelt …"), and the last unit, the story, joins it."""
    if len(units) > 1 and sets_scene(judge, units[-2], units[-1].sentences[0], block):
        units[-2].kind = "example"
        units[-2].sentences.extend(units.pop().sentences)
