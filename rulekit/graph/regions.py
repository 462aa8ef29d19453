"""Regions: sections whose units change kind together.

A section that documents a program is `other`; under a heading whose text is
mostly flavour (an essay, a preface) a rule that does not bind the players is
flavour too; a preface no heading announced may turn out to have been rules; the
lines of a table of contents, the manual's headings beside their pages, are `other`.
"""

from __future__ import annotations

import re
from itertools import pairwise

from rulekit.cues import Cues
from rulekit.extract.textshapes import terminal
from rulekit.graph.clauses import opens_with_case
from rulekit.graph.exceptions import flag
from rulekit.graph.front import box_fact
from rulekit.graph.kinds import PROGRAMMING_SHARE, KindJudge
from rulekit.graph.line_kinds import holds_word
from rulekit.graph.mechanical import ends_game
from rulekit.graph.overlap import stem
from rulekit.graph.shapes import addresses, content_lemmas, verbless
from rulekit.graph.unit import Unit

# A line of the table of contents: a heading, dot leaders (or a tab, or a wide gap)
# and its page ("Spielablauf ........ 3").
_CONTENTS_ENTRY = re.compile(r"^(?P<heading>\S.*?)\s*(?:\.{3,}|…{2,}|_{3,}|\t|\s{3,})\s*\d{1,3}$")
# Share of programming units that makes a whole section program documentation.
PROGRAMMING_SECTION_SHARE = 0.4
# Share of flavour units that makes the unnormative rest of a section flavour.
FLAVOUR_SECTION_SHARE = 0.5
# A sentence taken for a preface's is a rule after all if it says this many content
# words of the rules after it.
PREFACE_RULE_WORDS = 2
# A paragraph the game's idea made flavour is rules after all if each sentence says this
# many.
IDEA_RULE_WORDS = 4
# A word longer than this may end in a genitive's "-s".
GENITIVE_MIN = 5


def smooth(units: list[Unit], opening: set[str], judge: KindJudge, cues: Cues) -> list[Unit]:
    """Regions: program documentation is `other`, a preface without rules `flavour`.

    Under a heading whose text is mostly flavour, a rule stays one only when it binds
    the players beyond a modal verb ("So etwas kann man üben." is flavour); the
    section made up for text before the first heading (`opening`) may be a
    whole manual whose headings the text path missed, so a modal verb keeps a rule.

    A subsection of program documentation that speaks of the program at all, or
    holds text outside the rules, is program documentation too ("2.2.1
    textbasierte Eingabe" under "2.2 Ein- und Ausgabe").

    A rule that ends in a colon and binds no one leads to what follows it, unless it
    ends its section (`_lead_ins`); its context tells this, as no sentence alone does.

    A line that names one of the manual's headings beside a page number, after dot
    leaders, is an entry of its table of contents: `other`.

    Text outside the rules is one unit per sentence: a remark or step that turns
    `other` is cut into its sentences, and so is a line of credits.
    """
    by_section: dict[str | None, list[Unit]] = {}
    parents = {u.node_id: u.section for u in units if u.kind == "section"}
    for unit in units:
        if unit.kind != "section":
            by_section.setdefault(unit.section, []).append(unit)
    program_sections: set[str | None] = set()
    # A word a rulebook may use too ("Die Würfel zeigen 5 Attribute") tells program
    # matter only in a manual that documents a program somewhere.
    documents_program = any(judge.programming(s, strong=True) for u in units for s in u.sentences)
    for section, members in by_section.items():
        about_program = [u for u in members if documents_program and _about_program(u, judge)]
        inherited = parents.get(section or "") in program_sections and any(
            u in about_program or u.kind == "other" for u in members
        )
        if inherited or len(about_program) >= PROGRAMMING_SECTION_SHARE * len(members):
            program_sections.add(section)
            for unit in members:
                if unit.kind not in ("example",) or unit in about_program:
                    unit.kind = "other"
        else:
            for unit in about_program:
                unit.kind = "other"
        flavour = [u for u in members if u.kind == "flavour"]
        told = [u for u in members if u.kind in ("flavour", "rule")]
        if len(flavour) >= FLAVOUR_SECTION_SHARE * len(told):
            for unit in members:
                binds = judge.normative if section in opening else judge.binding
                # The box's facts beside a story on the cover stay what they are.
                if (
                    unit.kind == "rule"
                    and not box_fact(unit.text)
                    and not any(binds(s) for s in unit.sentences)
                    # who wins is a rule beside any story ("Wer dies als erster schafft,
                    # hat gewonnen.")
                    and not ends_game(unit, judge)
                ):
                    unit.kind = "flavour"
    _lead_ins(units, judge)
    headings = {u.text.strip().casefold() for u in units if u.kind == "section"}
    for unit in units:
        entry = _CONTENTS_ENTRY.match(unit.text.strip())
        if unit.kind != "section" and entry and entry["heading"].casefold() in headings:
            unit.kind = "other"
    return _advice_notes(
        [
            part
            for unit in units
            for part in (
                _other_sentences(unit, cues)
                if unit.kind == "other" and len(unit.sentences) > 1
                else [unit]
            )
        ],
        cues,
    )


def _lead_ins(units: list[Unit], judge: KindJudge) -> None:
    """A rule that ends in a colon but binds no one, speaks to no one and pays nothing
    leads to what follows it ("Im Stapel stecken sechs verschiedene Windkarten:", "Für
    die Laubhaufen gilt außerdem:"); not the last line of its section, which leads to
    nothing, not a case of the rules ("Wenn die Karte … geopfert wurde, so wird sie
    sofort ersetzt:"), and not a story's line, which the flavour of its section took
    before."""
    for unit, following in pairwise(units):
        if (
            unit.kind == "rule"
            and unit.text.rstrip().endswith(":")
            and following.kind != "section"
            # "… wie folgt weitergelegt:" tells how, a rule its kind already weighed.
            and not judge.announces(unit.text.lower())
            and not any(
                judge.binds(s) or judge.plays(s) or opens_with_case(s, judge.cues)
                for s in unit.sentences
            )
        ):
            unit.kind = "lead-in"


def _advice_notes(units: list[Unit], cues: Cues) -> list[Unit]:
    """Under a heading of tips ("Tips für Fortgeschrittene", "Spieltipps", "Hinweise zur
    Taktik"), each paragraph is one remark that advises, whatever its sentences say; an
    example or text outside the rules there ("Viel Spaß beim …!") stays what it is."""
    advising = {
        u.node_id
        for u in units
        if u.kind == "section"
        and (
            holds_word(u.text, cues.advice_labels)
            # "Hinweise zur Taktik", not "Wie können Sie Ihre Strategie bewerten?"
            or (holds_word(u.text, cues.advice_headings) and verbless(u.text))
        )
    }
    result: list[Unit] = []
    for unit in units:
        if unit.section not in advising or unit.kind in ("section", "example", "other"):
            result.append(unit)
        elif result and result[-1].kind == "note" and result[-1].block is unit.block:
            result[-1].sentences.extend(unit.sentences)
        else:
            result.append(Unit("note", list(unit.sentences), unit.block, unit.section))
    return result


def _other_sentences(unit: Unit, cues: Cues) -> list[Unit]:
    """Text outside the rules, one unit per sentence; a value without words
    stays with its label ("Art.-Nr.: 693602")."""
    parts: list[Unit] = []
    for sentence in unit.sentences:
        if parts and not any(t.is_alpha for t in sentence):
            parts[-1].sentences.append(sentence)
        else:
            parts.append(Unit("other", [sentence], unit.block, unit.section))
    return [flag(part, cues) for part in parts]


def _about_program(unit: Unit, judge: KindJudge) -> bool:
    """Most of the unit's sentences speak about a program."""
    if not unit.sentences:
        return False
    about = sum(1 for s in unit.sentences if judge.programming(s))
    return about >= PROGRAMMING_SHARE * len(unit.sentences)


def rules_under_idea(imagined: list[Unit], units: list[Unit]) -> None:
    """Make rules again the paragraphs the game's idea made flavour that describe what
    the rules work with: each sentence says `IDEA_RULE_WORDS` content words of the rules
    outside the idea's section and speaks to no one, as a board's description does ("Um
    den Hof herum führt der Rundweg, der aus 48 Feldern besteht.  In jeder Ecke …"),
    not a story that names a piece or two ("Doch der Aufstieg ist tückisch: Immer
    wieder poltern Felsbrocken auf die Pfade …")."""
    if not imagined:
        return
    sections = {unit.section for unit in imagined}
    said = {
        _root(word)
        for u in units
        if u.kind in ("rule", "step") and u.section not in sections
        for s in u.sentences
        for word in content_lemmas(s)
    }
    paragraphs: dict[int, list[Unit]] = {}
    for unit in imagined:
        paragraphs.setdefault(id(unit.block), []).append(unit)
    for paragraph in paragraphs.values():
        described = all(
            terminal(unit.text)
            and not any(addresses(s) for s in unit.sentences)
            and len({_root(w) for s in unit.sentences for w in content_lemmas(s)} & said)
            >= IDEA_RULE_WORDS
            for unit in paragraph
        )
        for unit in paragraph if described else []:
            unit.kind = "rule"


def _root(word: str) -> str:
    """A content word's stem, a genitive's "-s" cut first: the lookup table lacks most
    compounds' genitives ("Spielplans", "Rundweges")."""
    return stem(word[:-1] if word.endswith("s") and len(word) > GENITIVE_MIN else word)


def rules_before_preface(doubted: list[Unit], units: list[Unit]) -> None:
    """Make rules again the sentences taken for a preface's that speak of what the rules
    do (`PREFACE_RULE_WORDS` content words of the rules after them): the text opened
    inside the rules ("Wenn eine Figur ... schlägt, gewinnt der höhere Rang").  A story
    speaks of other things ("Ihr erwacht auf einer Insel"); a title line or the box's
    facts ("für 2-5 Spieler ab 8 Jahren") are no sentences."""
    if not doubted:
        return
    after = units.index(doubted[-1]) + 1
    said = {
        word
        for u in units[after:]
        if u.kind == "rule"
        for s in u.sentences
        for word in content_lemmas(s)
    }
    for unit in doubted:
        shared = {word for s in unit.sentences for word in content_lemmas(s)} & said
        if terminal(unit.text) and len(shared) >= PREFACE_RULE_WORDS:
            unit.kind = "rule"
