"""The markers that number or letter the items of a list ("1.", "b)", "(3)"), and what
they tell: which item a line is, whether the next one follows it, where a procedure
opens.  The segmenter (`units.py`) and the list reader (`lists.py`) read them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulekit.model import Block

if TYPE_CHECKING:
    from spacy.tokens import Span

    from rulekit.graph.unit import Unit

# A bracket that opens a marker closes right after it: "(2) …", "(b) …", not "(z. B. …)".
_OPEN_MARKER = r"(?:\((?=\w{1,2}\)))?"
# A numbered or lettered item: "1. …", "2) …", "(3) …", "a) …" (not "z. B. …").
NUMBERED = re.compile(rf"^{_OPEN_MARKER}(?:\d{{1,2}}[.)]|[a-z][.)](?!\s\w\.))\s")
# A list marker: a number ("2.", "3)", "(4)") or a letter ("a)", "b.", "(c)").
MARKER = re.compile(rf"^{_OPEN_MARKER}(?:(\d{{1,2}})|([a-z]))[.)]\s")
# The fewest words a numbered list's items hold on average to be paragraphs of rules.
PARAGRAPH_ITEM_WORDS = 28


def bulleted_item(block: Block) -> bool:
    """A list item the text path found that no number or letter opens: a bullet's."""
    return block.kind == "list-item" and not NUMBERED.match(block.text.strip())


def next_item(text: str, following: Block | None) -> bool:
    """The block after is the item numbered next to this one ("3. …" then "4. …")."""
    number = MARKER.match(text)
    after = MARKER.match(following.text.strip()) if following is not None else None
    return (
        number is not None
        and after is not None
        and number.group(1) is not None
        and after.group(1) is not None
        and int(after.group(1)) == int(number.group(1)) + 1
    )


def marker_type(text: str) -> str | None:
    """ "digit" or "letter" for a line opened by a list marker, else None."""
    match = MARKER.match(text.strip())
    if match is None:
        return None
    return "digit" if match.group(1) else "letter"


def first_item(text: str) -> bool:
    """The line opens the first item of a numbered or lettered list ("1. …", "(1) …",
    "a) …")."""
    match = MARKER.match(text.lstrip())
    return match is not None and match.group(1) in ("1", None) and match.group(2) in ("a", None)


def after_marker(sentence: Span) -> Span:
    """An item's sentence after its list marker ("1.", "b)", "(2)"), or after its first
    token when it has none; a sentence of one token as it is."""
    if len(sentence) < 2:
        return sentence
    match = MARKER.match(sentence.text)
    if match is None:
        return sentence[1:]
    end = sentence.start_char + len(match.group(0).rstrip())
    rest = [t.i for t in sentence if t.idx >= end]
    return sentence.doc[rest[0] : sentence.end] if rest else sentence


def opens_procedure(text: str, following: Block | None) -> bool:
    """The first item of a numbered list, its second right under it ("1. …" over "2. …",
    "(1) …" over "(2) …")."""
    first = MARKER.match(text)
    second = MARKER.match(following.text.lstrip()) if following is not None else None
    return (
        first is not None
        and first.group(1) == "1"
        and following is not None
        and following.kind == "list-item"
        and second is not None
        and second.group(1) == "2"
    )


def marked_level(text: str, sections: list[Unit]) -> int:
    """The level of a numbered or lettered heading: beside an open heading of the same
    marker ("b) Seehandel" after "a) Binnenhandel"), else one below the open section."""
    marker = marker_type(text)
    for section in reversed(sections):
        if marker_type(section.block.text) == marker:
            return section.level
    return (sections[-1].level if sections else 0) + 1


def counts_on(previous: Block | None, text: str) -> bool:
    """The line's number follows the item before it ("7. 2 Vierlinge" / "8. 1 Fünfling
    + 1 Drilling"): the last item of a list, though a heading comes after it."""
    match = MARKER.match(text)
    if match is None or not match.group(1) or previous is None or previous.kind != "list-item":
        return False
    before = MARKER.match(previous.text.strip())
    return before is not None and before.group(1) == str(int(match.group(1)) - 1)


def _item_number(text: str) -> int:
    """The item's place in its list: 3 for "3. …" and for "c) …", 0 for no item."""
    marker = MARKER.match(text.strip())
    if marker is None:
        return 0
    return int(marker.group(1)) if marker.group(1) else ord(marker.group(2)) - ord("a") + 1


def numbered_paragraphs(blocks: list[Block]) -> list[Block]:
    """The items of numbered or lettered lists whose items run to `PARAGRAPH_ITEM_WORDS`
    words and more on average: a rule sheet's numbered paragraphs ("1. Jeder Spieler
    wählt eine Farbe … Bei weniger als vier Spielern … 2. …"), rules in no order, where
    the steps of a procedure are short ("1. Mischt die Karten.").  Text between two
    items leaves the list open; a heading or an item numbered out of turn closes it."""
    found: list[Block] = []
    run: list[Block] = []
    for block in [*blocks, None]:
        count = _item_number(block.text) if block is not None else 0
        if block is not None and block.kind == "list-item" and count == len(run) + 1:
            run.append(block)
            continue
        if block is not None and block.kind != "heading" and not count:
            continue
        words = sum(len(item.text.split()) for item in run)
        if len(run) > 1 and words >= PARAGRAPH_ITEM_WORDS * len(run):
            found.extend(run)
        run = [block] if block is not None and block.kind == "list-item" and count == 1 else []
    return found
