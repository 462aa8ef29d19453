"""Line cleaning shared by the PDF and text paths: lines in reading order to blocks.

`clean_lines` runs the repairs in a fixed order: font encodings first (later
passes need real letters), spacing accents set on their letters, then artefact
removal, the path's own layout pass, dropped letters, typography, and last the
assembly of lines into blocks with
line-break hyphenation undone.  Every change is listed as a `Repair`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from itertools import count

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.lang.de.tokenizer_exceptions import TOKENIZER_EXCEPTIONS

from rulekit.extract.artefacts import mark_artefacts
from rulekit.extract.encoding import (
    BREAK_MARKS,
    HYPHENS,
    LIGATURE_CHARACTERS,
    SOFT_HYPHEN,
    decode_fonts,
    restore_dropped_letters,
)
from rulekit.extract.lexicon import Lexicon
from rulekit.model import Block, BlockKind, Extraction, LineRole, Repair, TextLine

Pass = Callable[[list[TextLine]], tuple[list[TextLine], list[Repair]]]

_BLOCK_KIND: dict[LineRole, BlockKind] = {
    "heading": "heading",
    "list-item": "list-item",
    "figure": "figure",
    "caption": "caption",
    "body": "paragraph",
}
_LIGATURE_RE = re.compile("[" + "".join(LIGATURE_CHARACTERS) + "]")
# A glyph of the Private Use Area alone before a line's text: a symbol font's bullet;
# set against a capital or a digit ("\uf0b7Jeder"), as PDFium copies it, too.  A letter
# of a font without a map is followed by the rest of its word in lower case.
_SYMBOL_BULLET = re.compile(r"^(\s*)[\ue000-\uf8ff](?=[ \t]+\S|[A-ZÄÖÜ0-9])")
# A list marker set against its item's first word: a viewer that copies by glyph
# positions (PDFium, as Chrome and Edge copy) drops the gap a bullet's tab or indent
# makes ("•Jeder Spieler", "2.Er kann handeln", "b)Seehandel").  German sets a space
# after an item's number, so a letter right after one is the item's text.
_GLUED_MARKER = re.compile(
    r"^(\s*(?:\d{1,2}[.)](?=[^\W\d_])|(?:[•▪◦‣●○■□◆◇►▶▸➤➢✓✔]|[a-z]\))(?=\w)))"
)
# A diaeresis a viewer copies as a glyph of its own beside its vowel, as TeX sets it
# before the letter ("erh¨alt", "W¨urfel", "¨uber"); some copies put it after ("a¨").
_DIAERESIS_BEFORE = re.compile(r"\u00a8\s?([aouAOU])")
_DIAERESIS_AFTER = re.compile(r"([aouAOU])\u00a8")
# German opening quotes always follow a space, a bracket or the start of a line.
_GLUED_QUOTE = re.compile(r"(?<=[^\s(\[/–—„‚])(?=[„‚])")
# An opening low quote is never followed by a blank: a viewer or a spacing glyph put it there.
_LOOSE_QUOTE = re.compile(r"(?<=[„‚])[ \t]+(?=\S)")
# German sets no space before a colon; a copy puts one after a run-in label set bold
# ("Spielverlauf : Zu Beginn …").  A ratio keeps its spaces ("Hafen 3 : 1"), and so does
# a diagram's notation ("female : boolean").
_LOOSE_COLON = re.compile(r"(?<=[^\W\d_])[ \t]+(?=:(?:\s+[A-ZÄÖÜ„»\"]|\s*$))")
_WORD = re.compile(r"[^\W\d_]+(?:\.(?=\s|$))?")
# Closing quotation marks and brackets: a hyphen right after one is a compound's.
_CLOSERS = frozenset("“”’‘«»›‹\"')]")


def clean_lines(
    lines: list[TextLine],
    lexicon: Lexicon,
    layout: Pass | None = None,
    repairs: list[Repair] | None = None,
    asides: bool = False,
) -> Extraction:
    """Repair and assemble lines into blocks; `layout` decides roles where layout was lost.

    With `asides`, figure text and captions do not interrupt the body: a
    paragraph runs on past them (the PDF path lists a page's figure text
    after its body, where a paragraph may go on over the page break).
    """
    found = list(repairs or [])
    passes: list[Pass] = [
        expand_ligatures,
        lambda ls: decode_fonts(ls, lexicon),
        set_bullets,
        compose_accents,
        mark_artefacts,
        *([layout] if layout else []),
        lambda ls: restore_dropped_letters(ls, lexicon),
        fix_typography,
    ]
    for run in passes:
        lines, more = run(lines)
        found.extend(more)
    # A text extract's pages are known only once its layout pass has read the
    # page numbers: repairs listed before (or without a page) take their line's.
    page_of = {line.line: line.page for line in lines}
    found = [
        r if r.page is not None else r.model_copy(update={"page": page_of.get(r.line)})
        for r in found
    ]
    box_of = {(line.page, line.line): line.bbox for line in lines if line.bbox is not None}
    if box_of:
        found = [
            r.model_copy(update={"bbox": box_of.get((r.page, r.line))}) if r.bbox is None else r
            for r in found
        ]
    blocks, more = assemble(lines, lexicon, asides)
    found.extend(more)
    # PDF line numbers restart on every page.
    found.sort(key=lambda repair: (repair.page or 0, repair.line))
    return Extraction(blocks=blocks, repairs=found)


def set_bullets(lines: list[TextLine]) -> tuple[list[TextLine], list[Repair]]:
    """Set a bullet for the symbol font's glyph that opens a list item, and a space after
    a marker set against its item's text.

    A Word document's bullets ("Symbol", "Wingdings") copy as codes of the Private Use
    Area ("\uf0b7 1 Spielplan" is "• 1 Spielplan"); a viewer that copies by glyph
    positions drops the gap after a marker ("•Jeder", "2.Er", "b)Seehandel").
    """
    result: list[TextLine] = []
    repairs: list[Repair] = []
    for line in lines:
        fixed = _SYMBOL_BULLET.sub(r"\1•", line.text, count=1)
        spaced = _GLUED_MARKER.sub(r"\1 ", fixed, count=1)
        if fixed != line.text:
            repairs.append(_repair("bullet", line.text, fixed, line))
        if spaced != fixed:
            repairs.append(_repair("spacing", fixed, spaced, line))
        if spaced != line.text:
            line = line.model_copy(update={"text": spaced})
        result.append(line)
    return result, repairs


def compose_accents(lines: list[TextLine]) -> tuple[list[TextLine], list[Repair]]:
    """Set a spacing diaeresis on its vowel: "erh¨alt" is "erhält"."""
    result: list[TextLine] = []
    repairs: list[Repair] = []
    for line in lines:
        text = line.text
        fixed = _DIAERESIS_BEFORE.sub(lambda m: _umlaut(m.group(1)), text)
        fixed = _DIAERESIS_AFTER.sub(lambda m: _umlaut(m.group(1)), fixed)
        if fixed != text:
            repairs.append(_repair("accent", text, fixed, line))
            line = line.model_copy(update={"text": fixed})
        result.append(line)
    return result, repairs


def _umlaut(vowel: str) -> str:
    return unicodedata.normalize("NFC", vowel + "\u0308")


def expand_ligatures(lines: list[TextLine]) -> tuple[list[TextLine], list[Repair]]:
    """Spell out ligature characters ("ﬁ" as "fi"), before the layout reads the words: a
    copy of a font that keeps its ligatures holds them ("Pﬁff-Felder")."""
    result: list[TextLine] = []
    repairs: list[Repair] = []
    for line in lines:
        fixed = _LIGATURE_RE.sub(lambda m: LIGATURE_CHARACTERS[m.group()], line.text)
        if fixed != line.text:
            repairs.append(_repair("ligature", line.text, fixed, line))
            line = line.model_copy(update={"text": fixed})
        result.append(line)
    return result, repairs


def fix_typography(lines: list[TextLine]) -> tuple[list[TextLine], list[Repair]]:
    """Drop soft hyphens inside lines, set „ against its word and a colon against the
    word it follows."""
    result: list[TextLine] = []
    repairs: list[Repair] = []
    for line in lines:
        text = fixed = line.text
        inner = fixed.rstrip()
        if SOFT_HYPHEN in inner[:-1]:
            unhyphenated = inner[:-1].replace(SOFT_HYPHEN, "") + inner[-1]
            repairs.append(_repair("soft-hyphen", fixed, unhyphenated, line))
            fixed = unhyphenated
        spaced = _LOOSE_COLON.sub("", _LOOSE_QUOTE.sub("", _GLUED_QUOTE.sub(" ", fixed)))
        if spaced != fixed:
            repairs.append(_repair("spacing", fixed, spaced, line))
        result.append(line.model_copy(update={"text": spaced}) if spaced != text else line)
    return result, repairs


def assemble(
    lines: list[TextLine], lexicon: Lexicon, asides: bool = False
) -> tuple[list[Block], list[Repair]]:
    """Blocks from role-tagged lines; artefacts are dropped.

    Consecutive lines of one role form one block; a line with
    `starts_paragraph` opens a new one.  With `asides`, figure and caption
    lines form their blocks apart from the body: an open body block stays
    open past them.  Blocks are listed in the order they start.
    """
    done: list[tuple[int, Block]] = []
    repairs: list[Repair] = []
    runs: dict[bool, tuple[int, list[TextLine]]] = {}  # aside or not -> (start, lines)
    starts = count()

    def flush(aside: bool) -> None:
        if aside not in runs:
            return
        start, current = runs.pop(aside)
        text = current[0].text.strip()
        breaks = []
        for line in current[1:]:
            right = line.text.strip()
            text, repair = join_lines(text, right, lexicon)
            breaks.append(len(text) - len(right))
            if repair is not None:
                repairs.append(repair.model_copy(update={"page": line.page, "line": line.line}))
        boxes = [ln.bbox for ln in current if ln.bbox is not None and ln.page == current[0].page]
        block = Block(
            kind=_BLOCK_KIND[current[0].role or "body"],
            text=text,
            page=current[0].page,
            lines=(current[0].line, current[-1].line),
            bbox=_union(boxes) if boxes else None,
            breaks=tuple(breaks),
        )
        done.append((start, block))

    for line in lines:
        role = line.role or "body"
        if role == "artefact" or not line.text.strip():
            continue
        aside = asides and role in ("figure", "caption")
        run = runs.get(aside)
        if run is not None and ((run[1][0].role or "body") != role or line.starts_paragraph):
            flush(aside)
        if aside not in runs:
            runs[aside] = (next(starts), [])
        runs[aside][1].append(line)
    flush(False)
    flush(True)
    done.sort(key=lambda item: item[0])
    return [block for _, block in done], repairs


def _union(boxes: list[tuple[float, float, float, float]]) -> tuple[float, float, float, float]:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def join_lines(left: str, right: str, lexicon: Lexicon) -> tuple[str, Repair | None]:
    """Join two lines of running text, undoing line-break hyphenation.

    - a slash at the line end joins without a space ("und/" + "oder");
    - a soft hyphen (or a not sign in its place) always marks a break;
    - a hyphen after a closing quote or bracket joins a compound ("„smart“-Funktion");
    - a hyphen before an upper-case continuation belongs to a compound ("Bunker-Karte");
    - a hyphen before a conjunction or an abbreviation is a suspended hyphen ("hin- und
      herbewegen"), unless the joined word is a word ("her-" + "ein");
    - any other hyphen before a lower-case continuation is a line break.
    """
    if not left or not right:
        return left or right, None
    if left.endswith("/"):
        # "und/" at a line end: the alternative goes on without a space ("und/oder").
        return left + right, None
    if left.endswith(BREAK_MARKS):
        return left[:-1] + right, _hyphenation(left, right, 1.0)
    if left.endswith(HYPHENS) and len(left) > 1 and left[-2] in _CLOSERS:
        # A hyphen after a closing quote or bracket never splits a word: it
        # joins a compound ("„Play it smart“-" + "Funktion").
        return left + right, None
    if not (left.endswith(HYPHENS) and len(left) > 1 and left[-2].isalpha()):
        return f"{left} {right}", None
    if not right[:1].islower():
        return left + right, None
    head = _WORD.findall(left[:-1])[-1:] or [""]
    tail_match = _WORD.match(right)
    tail = tail_match.group() if tail_match else ""
    joined = head[0] + tail.rstrip(".")
    if lexicon.known(joined):
        return left[:-1] + right, _hyphenation(left, right, 0.95)
    # "Ein-" / "bzw. Ausgänge": an abbreviation goes on as a conjunction does; a word
    # that ends the sentence ("Pasti-" / "naken.") is the rest of the broken word.
    if tail.casefold() in STOP_WORDS or tail in TOKENIZER_EXCEPTIONS:
        return f"{left} {right}", None
    return left[:-1] + right, _hyphenation(left, right, 0.75)


def _hyphenation(left: str, right: str, confidence: float) -> Repair:
    last, first = left.split()[-1], right.split()[0]
    return Repair(
        kind="hyphenation",
        before=f"{last}\n{first}",
        after=last[:-1] + first,
        page=None,
        line=0,
        confidence=confidence,
    )


def _repair(kind: str, before: str, after: str, line: TextLine) -> Repair:
    return Repair(
        kind=kind, before=before, after=after, page=line.page, line=line.line, confidence=0.95
    )
