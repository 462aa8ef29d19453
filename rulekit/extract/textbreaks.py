"""Where the paragraphs of a copy break: after a colon that announces a block and
before a call in quotes set apart, not where a clause goes on after a semicolon, where
a sentence begun at a line's end goes on, nor where a paragraph a blank line cut (a page
or column break) resumes.  `textlayout.infer_roles` and `textunits.sentence_units` ask
these."""

from __future__ import annotations

import re

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.extract.textcredits import CREDITS_RUN
from rulekit.extract.textlistshapes import alike_rows
from rulekit.extract.textshapes import (
    ANNOUNCING,
    BOX_DURATION,
    BOX_FACTS,
    COUNTED,
    COUNTED_THING,
    INLINE_LABELS,
    LIST_MARKER,
    OPENING_QUOTES,
    RUN_IN_LABEL,
    ends_open,
    goes_on,
    running_text,
    terminal,
)
from rulekit.extract.textwidth import Measure
from rulekit.extract.wordclasses import DETERMINERS, SUBJECT_PRONOUNS

PARAGRAPH_END = 0.8  # a sentence ending on a line shorter than this ends its paragraph
# The most words of a call that heads a section ("Sechs gewürfelt – noch mal!").
EXCLAIMED_WORDS = 5
# The most words of a call that ends in its participle ("Rauswerfen erlaubt!").
CALLED_PARTICIPLE_WORDS = 3
# The pronouns that say who does what a clause tells ("Du hast gewonnen!").
_WHO = SUBJECT_PRONOUNS | {"niemand", "nichts"}
# A sentence's end, then the words of the next up to the line's end.
_BEGUN = re.compile(r"[a-zäöüß]{2}[.!?]\s+[A-ZÄÖÜ][^.!?:]*$")
# A number and a word in lower case: "47 zurückfliegen".
_NUMBER_GOES_ON = re.compile(r"^\d+\s+[a-zäöüß]")
# A count of a thing: "30 Bucheckern, bevor …".
_COUNT_GOES_ON = re.compile(r"^\d+\s+[A-ZÄÖÜ][a-zäöüß]")
# A line that stops on a word in lower case, a verb wanting what it takes ("… und erhält").
_OPEN_VERB = re.compile(r"(?<=\s)[a-zäöüß]{3,}$")
# A sum the typesetter kept on one line ("… Sie bekommt" / "10 + 5 + 15 = 30 Punkte."):
# no list's marker or count opens a line so.
_SUM = re.compile(r"^\d+(?:\s*[+=]\s*\d+)+\b")


def announcing_colon(text: str, following: str, widths: Measure, local: float) -> bool:
    """The line ends in a colon that announces what follows.

    In an evenly wrapped copy a wrap may fall after one of several labels run along
    the line ("(L/l: Leopard, P/p:" / "Pinguin, S/s: Schlange"): that colon
    announces only its label's value; or before the words the sentence quotes
    ("… auf dem sie liegen:" / "„Davon nehm ich noch einen!“"), which it holds.
    Credits run along a line by a middle dot ("Autor: … · Redaktion:") announce their
    last label's name, in any copy, and a sentence that runs on in lower case over a full
    line nothing.  Nor does a call to attention at the end of a full
    line announce a block, nor a label inside a bracket the line opened ("… anzeigt
    (Beispiel:"): it announces what the bracket holds.  Nor does the colon of a clause
    that fills its line (for the `local` width of its column) before a sentence, unless
    its words announce ("… mit diesen Änderungen:"): the sentence goes on in the
    paragraph ("Auch beim Einsetzen wird geschlagen:" / "Steht eine fremde Figur …").
    """
    stripped = text.strip()
    if not stripped.endswith(":") or stripped.count("(") > stripped.count(")"):
        return False
    if widths.wrapped(text, following) and (
        bool(INLINE_LABELS.search(stripped)) or following.strip()[:1] in OPENING_QUOTES
    ):
        return False
    if CREDITS_RUN.search(stripped):
        return False  # "Autor: … · Redaktion:" / "Jörg Saalfeld": the credit's name
    after = following.strip()
    if (
        after[:1].islower()
        and not LIST_MARKER.match(after)
        and not terminal(after)
        and len(after) >= PARAGRAPH_END * widths.width
    ):
        # The sentence runs on in lower case over a full line ("… genau eine Karte:" /
        # "entweder die oberste vom Nachziehstapel oder die oberste"); a list's items
        # stand a line each.
        return False
    if (
        not widths.deliberate(text, following, local)
        and running_text(after)
        and not (LIST_MARKER.match(after) or RUN_IN_LABEL.match(after) or COUNTED.match(after))
        and not _announces(stripped)
    ):
        return False
    # A call to attention after a sentence of a full line ("… loswerden. Doch Vorsicht:" /
    # "Die Mitspieler …") announces the sentence that goes on under it, in its paragraph.
    called = re.search(r"[.!?]\s+((?:\S+\s+)?\S+:)$", stripped)
    return not (
        called is not None
        and not widths.deliberate(text, following, local)
        and following.strip()[:1].isupper()
    )


def _announces(text: str) -> bool:
    """The clause its colon closes announces the block after it, by words near the colon
    ("… mit diesen Änderungen:", "… genau eine der folgenden drei Aktionen aus:"); a
    count or a table said early in a rule is no announcement ("Die Höchstweite von acht
    Feldern gilt nicht für den Zug ins Ziel:")."""
    return ANNOUNCING.search(" ".join(text.split()[-_ANNOUNCING_REACH:])) is not None


# How near the colon a clause's announcing words stand: "… eine der folgenden drei
# Aktionen aus:".
_ANNOUNCING_REACH = 5


def resumes(before: list[str], unit: list[str], width: float, broken: bool = False) -> bool:
    """A paragraph cut by a blank line (a page or column break, a figure) goes on here.

    `before` are the lines of the unit before the blank line, `unit` those after it.
    The blank line ends nothing when the word before it is broken by a hyphen, or
    when running text stops mid-sentence and running text goes on in lower case or
    after a function word or a comma:
    a line left open after a full sentence or at the end of a wrapped paragraph, and
    a continuation that ends a sentence.  A line of a list, a row of a table like the
    row before it but for its numbers, or a displayed command ("ant", "blau für den
    Verteidiger und") does not.  A single line goes on so only
    where a page or column break (`broken`) cut it.
    """
    text = before[-1]
    if alike_rows(text, unit[0]):
        return False  # rows of a table, though in lower case ("als 1. Maus 10 Nüsse" / "als 2. …")
    # A line that ends in a function word wants the next, a noun too ("… legt seine" /
    # "Karten ab."), and so does a clause left open by its comma ("… 215 Strafpunkte," /
    # "Marie aber nur 190.").
    # A number the sentence goes on with across the page ("… auf das Windfeld" / page
    # break / "47 zurückfliegen und …"), not a list's marker or a count that opens a line.
    number_on = not terminal(text) and (
        (
            broken
            and (
                _NUMBER_GOES_ON.match(unit[0].strip())
                # "… liegt er auf Platz 3 und erhält" / page break / "30 Bucheckern, bevor …"
                or (_COUNT_GOES_ON.match(unit[0].strip()) and _OPEN_VERB.search(text.rstrip()))
            )
        )
        or _SUM.match(unit[0].strip())
    )
    if not (goes_on(text, unit[0]) or ends_open(text) or text.rstrip().endswith(",") or number_on):
        return False
    stripped = text.strip()
    if stripped.endswith(BREAK_HYPHENS) and stripped[-2:-1].isalpha():
        return True
    # A list item is running text when its marker opens a sentence ("b) Außerdem
    # erhält … und" / page break / "stellt sie …"), however few its lines.
    item = bool(LIST_MARKER.match(before[0].strip()))
    # A full line of running text whose clauses a comma parts, or that opens a sentence,
    # is a paragraph's, however few its lines ("Die Scheune darfst du nur betreten, wenn
    # du nach dem Bezahlen" / page break / "höchstens …"); a line of a list is not ("2
    # Zusatzpunkte bei zwei gewürfelten Duetten,", "blau für den Verteidiger und").
    alone = (
        broken
        and running_text(stripped)
        # "Hast du nach dem Auslegen und Anlegen" / page break / "keine Handkarte …"
        and ("," in stripped[:-1] or stripped[:1].isupper())
        and not (stripped.endswith(",") or COUNTED.match(stripped))
    )
    wrapped = (len(before) > 1 or item or alone) and len(stripped) >= PARAGRAPH_END * width
    # A comma leaves a clause open, after a full sentence on an earlier line too ("…
    # Hand. Wer dabei … Krone" / "zieht,"); a displayed command ("java -jar x.jar") does not.
    # A semicolon inside the line parts clauses as a sentence's end does ("… nicht
    # verjagt; dort dürfen" / "mehrere Dohlen zugleich sitzen.").
    opened = before if stripped.endswith(",") else [stripped]
    running = wrapped or any(re.search(r"[.!?;]\s", line.strip()) for line in opened)
    # A paragraph of sentences or clauses set over several lines that stops at a
    # function word or goes on in lower case ("Ein Wurf, der über das" / "Hausfeld 4
    # hinausführen" / page break / "würde, kann …") is running text, however short its
    # last line.
    running = (
        running
        # A sentence of lines of running text that a page cut goes on in lower case past
        # the page's foot ("Im nächsten Zug läuft sie mit 2" / "Feldern für 3 Spargel" /
        # "3" / "ins Ziel und …"), however short the column's last line.
        or (
            broken and len(before) > 1 and goes_on(text, unit[0]) and running_text(" ".join(before))
        )
        or (
            len(before) > 1
            and (
                any(re.search(r"[.!?,:;]\s", line.strip()) for line in before)
                # "Nach der dritten 6 hintereinander führst du" / "deinen Zug noch aus,"
                or any(ends_open(line) for line in before[:-1])
                # "Der Jäger bleibt so lange auf seinem Feld," / "bis ihn" / page break
                or any(re.search(r"[.!?,:;]$", line.strip()) for line in before[:-1])
            )
        )
    )
    # The continuation ends a sentence, maybe inside a bracket or quote ("… ziehen.)").
    return bool(running) and any(
        re.search(r"[.!?][)\]“”»\"']*(?:\s|$)", line.strip()) for line in unit
    )


def clause_goes_on(text: str, following: str) -> bool:
    """The next line goes on with the sentence the line leaves open, or with its clause
    after a semicolon ("… ist Feld 23;" / "zieht Gelb dorthin zurück, …")."""
    after = following.strip()
    return goes_on(text, following) or (
        text.rstrip().endswith(";") and after[:1].isalpha() and after[:1].islower()
    )


def begun_sentence(text: str) -> bool:
    """The line ends a sentence and begins the next without ending it: that sentence goes
    on in the next line, whatever opens it ("… aufeinander folgen. Ungerade" / "Folge:
    ebenso, …")."""
    stripped = text.strip()
    begun = _BEGUN.search(stripped)
    # A line of capitals there is an imprint's ("… vorbehalten. MADE in GERMANY").
    return (
        not terminal(stripped)
        and begun is not None
        and not any(len(w) > 1 and w.isupper() for w in begun.group(0).split()[1:])
    )


def quoted_apart(text: str, following: str) -> bool:
    """The next line opens a quotation set apart from the text above, as a speech
    bubble's words are ("Spieldauer: ca. 20 Minuten" / "„Hallo, ich bin Fritzi!“", "…
    statt 12." / "„Eure Zapfen bleiben immer"): the line above ends a sentence or gives
    the box's facts, so no clause is left open that the quote would go on with."""
    stripped, after = text.strip(), following.strip()
    return (
        after[:1] in OPENING_QUOTES
        and stripped.count("(") == stripped.count(")")
        and not stripped.endswith((",", ":"))
        and (
            terminal(stripped)
            or BOX_FACTS.search(stripped) is not None
            or BOX_DURATION.search(stripped) is not None
        )
    )


def asked_apart(unit: list[str], opened: bool, following: str) -> bool:
    """A question alone on the line that opened its paragraph, over a new sentence: a
    question heading or a question its answer follows ("Wann ist das Spiel zu Ende?" /
    "Sobald die erste Schnecke …").  A sentence that opens a paragraph seldom ends just
    at the line's end, and a question there even less."""
    return (
        opened
        and len(unit) == 1
        and unit[0].rstrip().endswith("?")
        and following.strip()[:1].isupper()
    )


def set_alone(unit: list[str], previous: str, following: str, width: float) -> bool:
    """A short question or a call of a few words alone on its line between a sentence's
    end and a new sentence: a heading asked or called out ("… zurück ins gelbe
    Körbchen." / "Wie kommen die Katzen ins Haus?" / "Hat eine Katze …", "… gewinnt." /
    "Der Kleiberweg!" / "Der Kleiberweg beginnt …", `_called_out`; any call over the
    pieces: "Das ist in der Schachtel!" / "1 Spielplan"), though the line before it is
    full."""
    text = unit[0].strip() if len(unit) == 1 else ""
    return (
        (
            text.endswith("?")
            or _called_out(text)
            or (exclaimed(text) and COUNTED_THING.match(following.strip()) is not None)
        )
        and len(text) < PARAGRAPH_END * width
        # after a sentence's end, not a colon that announces it ("… Überlegung:")
        and previous.rstrip().endswith((".", "!", "…"))
        and (following.strip()[:1].isupper() or following.strip()[:1].isdigit())
    )


def exclaimed(text: str) -> bool:
    """A call of a few words, as a heading may be ("Ab ins Nest!", "Eine 6 – noch
    einmal!"): one sentence of at most `EXCLAIMED_WORDS` words, opened by a capital."""
    words = [word for word in text.split() if any(char.isalnum() for char in word)]
    return (
        text.endswith("!")
        and (text[:1].isupper() or text[:1].isdigit())
        and len(words) <= EXCLAIMED_WORDS
        and re.search(r"[.!?:;]\s", text) is None
    )


def _called_out(text: str) -> bool:
    """A call without a verb ("Der Kleiberweg!", "Für die Kleinsten!"): no word in lower
    case with a verb's ending but an article; a sentence that ends a paragraph has one
    ("Schulden macht im Eichenwald niemand!"), and a pronoun that says who does it
    ("Jetzt wird es eng!").  A call of a few words may end in its participle
    ("Rauswerfen erlaubt!")."""
    words = re.findall(r"[^\W\d_]+", text)
    verbs = [
        w for w in words if w[:1].islower() and w.endswith(("t", "en")) and w not in DETERMINERS
    ]
    told = bool({w.casefold() for w in words} & _WHO)
    short = len(words) <= CALLED_PARTICIPLE_WORDS
    return exclaimed(text) and not told and (not verbs or (short and verbs == words[-1:]))
