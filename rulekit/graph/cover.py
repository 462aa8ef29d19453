"""The rulebook's cover: the heading that names the game, and the subtitle under it
that says what kind of game it is or for whom."""

from __future__ import annotations

import re

from rulekit.cues import Cues
from rulekit.extract.textshapes import BOX_FACTS, terminal
from rulekit.graph.line_kinds import first_word, holds_word
from rulekit.model import Block

# A compound of this names a kind of game ("Kartenspiel", "Würfelspiel").
GAME_NOUN = "spiel"


def title_heading(blocks: list[Block], words: Cues) -> Block | None:
    """The heading that names the game: the first one, passing over a booklet's own
    title ("Spielanleitung", "Spielregel"), and none from the component list or the
    first sentence of the rules on."""
    for block in blocks:
        if block.kind == "paragraph" and terminal(block.text):
            return None  # the rules have begun
        if block.kind != "heading":
            continue
        names = [word.strip(".:!?").casefold() for word in block.text.split()]
        if any(name.endswith(heading) for name in names for heading in words.material_headings):
            return None
        generic = words.title_words | words.structure_headings
        if set(names) & words.title_words or (
            len(names) == 1 and any(names[0].endswith(word) for word in generic)
        ):
            continue  # "Spielanleitung", "Spielregel": the booklet's, not the game's
        return block
    return None


def cover_title(blocks: list[Block], words: Cues) -> Block | None:
    """The game's name as the rulebook's cover prints it, a line outside the rules.

    It is the heading that names the game (`title_heading`) when what follows it is no
    rule text under a heading: a subtitle or the box's facts ("Das Kartenspiel für 2
    bis 6 Spieler"), or a heading of the material or of a part of the rules
    ("Spielmaterial", "Spielidee").  A section's heading has its rules under it ("Ziel
    des Spiels" over "Der Gewinner kann …"), a chapter's its own sections.
    """
    title = title_heading(blocks, words)
    # A numbered heading ("2.4. Spielweise:") or a run-in label heads a part.
    if title is None or title.text.strip()[:1].isdigit() or title.text.rstrip().endswith(":"):
        return None
    index = blocks.index(title)
    # The booklet's own title may stand under it ("Spielanleitung").
    following = next(
        (
            b
            for b in blocks[index + 1 :]
            if b.kind != "caption" and first_word(b.text) not in words.title_words
        ),
        None,
    )
    if following is None:
        return None
    if following.kind == "heading":
        parts = words.material_headings | words.structure_headings
        named = holds_word(following.text, parts) or cover_subtitle(following, words)
        return title if named else None
    text = following.text.strip()
    return title if BOX_FACTS.search(text) or not terminal(text) else None


def cover_blocks(
    blocks: list[Block], words: Cues, name: str = ""
) -> tuple[Block | None, Block | None]:
    """The game's name on the cover and the subtitle heading right under it
    (`cover_subtitle`), each None when the copy has none.  The name is the heading
    before the rules that says the game's registered `name` ("EICHELPFAD" for
    "Eichelpfad", after a publisher's line), else `cover_title`; under the registered
    name, any heading or question that names no part of the rules is its subtitle ("Wer
    bezwingt als Erster das Donnerhorn?", not "Worum geht es?")."""
    by_name = _named_heading(blocks, name)
    title = by_name or cover_title(blocks, words)
    if title is None:
        return None, None
    after = blocks[blocks.index(title) + 1 :][:1]
    named = by_name is not None
    parts = (
        words.material_headings
        | words.structure_headings
        | words.idea_headings
        | words.preface_headings
        | words.title_words
    )
    return title, next(
        (
            b
            for b in after
            if cover_subtitle(b, words)
            or (
                named
                # a heading, or a question the copy set as a line of text
                and (b.kind == "heading" or b.text.rstrip().endswith("?"))
                and not holds_word(b.text, parts)
            )
        ),
        None,
    )


_SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def _named_heading(blocks: list[Block], name: str) -> Block | None:
    """The heading before the rules begin that says the game's registered `name`
    ("EICHELPFAD" for "Eichelpfad", after a publisher's line)."""
    if not _letters(name):
        return None
    for block in blocks:
        if block.kind == "paragraph" and terminal(block.text):
            return None  # the rules have begun
        # The name with its article ("Der Gimpelweg" for "Gimpelweg") is the name too.
        bare = re.sub(r"^(?:der|die|das)\s+", "", block.text.strip(), flags=re.IGNORECASE)
        if block.kind == "heading" and _letters(name) in (_letters(block.text), _letters(bare)):
            return block
    return None


def _letters(text: str) -> str:
    """The letters of a text in one case, umlauts spelled out as an id spells them:
    "EICHELPFAD®" and "Eichelpfad", "MÖHRENLAUF" and "moehrenlauf" are one name."""
    spelled = text.casefold().translate(_SPELLED_OUT)
    return "".join(c for c in spelled if c.isalpha())


def cover_subtitle(block: Block, words: Cues) -> bool:
    """A heading under the game's name that says what kind of game it is ("Das rasante
    Kartenspiel für die ganze Familie") or for whom (`BOX_FACTS`): the cover's, not a
    part of the rules.  A copy may give the first as a line of text, without a sentence's
    end ("Das listige Wettlaufspiel um jedes Mohnkorn"), unless it says for whom too."""
    line = block.kind == "paragraph" and not terminal(block.text.strip())
    if block.kind != "heading" and not line:
        return False
    names = [word.strip(".,:!?").casefold() for word in block.text.split()]
    genre = any(
        name.endswith(GAME_NOUN)
        and len(name) > len(GAME_NOUN)
        and not any(name.endswith(label) for label in words.example_labels)
        for name in names
    )
    facts = BOX_FACTS.search(block.text) is not None
    # A line of text that says for whom ("Ein Würfelspiel für 2 bis 4 Spieler") binds.
    return (genre and not (line and facts)) or (facts and not line)
