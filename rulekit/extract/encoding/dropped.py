"""Letters a font lost without a trace: ligatures and letters with diacritics."""

from __future__ import annotations

import itertools
import string
from collections.abc import Set
from dataclasses import dataclass

from rulekit.extract.encoding.common import (
    APPLY_THRESHOLD,
    BREAK_HYPHENS,
    COMMON_ZIPF,
    DEFAULT_LIGATURES,
    GERMAN_LOWER,
    LIGATURES,
    TOKEN,
    Change,
    apply_changes,
    is_private_use,
    word_core,
)
from rulekit.extract.lexicon import Lexicon
from rulekit.model import Repair, TextLine

# A remnant shorter than this is never restored.  Restored by the same word
# elsewhere in the document, it must be this long; with no witness at all, longer.
_RESTORE_MIN_LENGTH = 3
_RESTORE_DOCUMENT_LENGTH = 4
_RESTORE_ALONE_LENGTH = 5
# Remnants a kind of piece must explain to show that the document loses it.
_LOST_WITNESSES = 2
# A shorter remnant is offered only as a very common word (Zipf), "r" as "für".
_SHORT_REMNANT_ZIPF = 5.0


# What a font can drop without a trace: a ligature a shaper sets by default,
# or a letter with a diacritic, alone or together with a neighbouring letter
# ("mö" in "möchte").
_DROPPABLE: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            *DEFAULT_LIGATURES,
            *GERMAN_LOWER,
            *(x + u for u in GERMAN_LOWER for x in string.ascii_lowercase),
            *(u + x for u in GERMAN_LOWER for x in string.ascii_lowercase),
        ]
    )
)
_DROPPABLE_FOLDED = tuple((piece, piece.casefold()) for piece in _DROPPABLE)


@dataclass
class _Word:
    """A word token of the document, with where it is."""

    line: int
    start: int
    end: int
    text: str


@dataclass
class _Candidate:
    word: str
    lost: bool  # its piece is of a kind this document is known to lose
    context: bool
    in_document: bool
    frequency: float

    def rank(self) -> tuple[bool, bool, bool, float]:
        """What orders candidates, best last: the lost kind, the document, the frequency."""
        return self.lost, self.context, self.in_document, self.frequency


@dataclass
class _Document:
    """What the document itself says about words: how it writes them, and their neighbours."""

    words: list[_Word]
    written: set[str]
    vocabulary: set[str]
    pairs: set[tuple[str, str]]

    @classmethod
    def of(cls, words: list[_Word]) -> _Document:
        """What `words`, the document's in reading order, say."""
        written = {word.text for word in words}
        return cls(
            words=words,
            written=written,
            vocabulary={word.casefold() for word in written},
            pairs={(a.text.casefold(), b.text.casefold()) for a, b in itertools.pairwise(words)},
        )


@dataclass
class _Restoration:
    """The restorations of one damaged word, best first, and how sure the best is."""

    ranked: list[_Candidate]
    pieces: dict[str, str]
    confidence: float


def _kind(piece: str) -> str:
    """What a droppable piece is: a ligature, or letters with a diacritic."""
    return "ligature" if piece in LIGATURES else "diacritic"


def _document_words(lines: list[TextLine]) -> list[_Word]:
    """Every token's core, in reading order, artefact lines left out."""
    words = []
    for i, line in enumerate(lines):
        if line.role == "artefact":
            continue
        for match in TOKEN.finditer(line.text):
            token = match.group()
            core = word_core(token)
            start = match.start() + token.find(core) if core else match.start()
            words.append(_Word(i, start, start + len(core), core))
    return words


def _may_be_damaged(words: list[_Word], k: int, lines: list[TextLine], lexicon: Lexicon) -> bool:
    """Whether the word at `k` is a plain unknown word, not a name, number or fragment."""
    word = words[k].text
    if not word.isalpha() or lexicon.known(word):
        return False  # a word, if perhaps in the wrong case: the author's, not damage
    text = lines[words[k].line].text
    token = text[words[k].start - 1 if words[k].start else 0 : words[k].end + 1]
    if any(map(is_private_use, token)):
        return False  # beside a code left for the editor: its letters are not lost
    if (len(word) > 1 and word.isupper()) or not (word.islower() or word.istitle()):
        return False  # acronyms (NORAD) and mixed case are names, not damage
    if len(word) == 1 and word.isupper():
        return False  # a label: "Spieler A"
    after = text[words[k].end : words[k].end + 1]
    before = text[words[k].start - 1 : words[k].start] if words[k].start else ""
    if {after, before} & set(BREAK_HYPHENS) or (after == "." and len(word) <= 4):
        return False  # a compound part, a line-break fragment or an abbreviation
    if words[k].start == len(text) - len(text.lstrip()) and k > 0:
        previous = lines[words[k - 1].line].text.rstrip()
        if words[k - 1].line != words[k].line and previous.endswith(BREAK_HYPHENS):
            return False  # the second half of a word broken at the line end
    return True


def _restorations(
    word: str, lexicon: Lexicon, vocabulary: Set[str], lost: Set[str] = frozenset()
) -> dict[str, str]:
    """Known words that `word` becomes with one droppable piece put back, with that piece.

    A restoration must be a frequent German word or a word of the document;
    with a piece of a `lost` kind, any word the lexicon knows.  Where the
    remnant lost its first letter, both cases are offered ("würfel" and
    "Würfel"); the caller picks one by the document.  A ligature is lost only at
    the start of a word in lower case: "gur" is no "Figur".
    """
    common = lexicon.common_forms(COMMON_ZIPF)
    folded = word.casefold()
    found: dict[str, str] = {}
    for position in range(len(word) + 1):
        for piece, folded_piece in _DROPPABLE_FOLDED:
            key = folded[:position] + folded_piece + folded[position:]
            if key not in common and key not in vocabulary and _kind(piece) not in lost:
                continue
            candidate = word[:position] + piece + word[position:]
            forms = [candidate]
            if position == 0 and _kind(piece) == "ligature":
                # A ligature joins lower-case letters: "Figur" never lost its "Fi".
                forms = [] if word[0].isupper() else [candidate]
            elif position == 0:
                forms = (
                    [candidate.capitalize()]
                    if word[0].isupper()
                    else [candidate, candidate.capitalize()]
                )
            for form in forms:
                if form not in found and lexicon.known_as_written(form):
                    found[form] = piece
    return found


def _restore_confidence(word: str, ranked: list[_Candidate]) -> float:
    """How sure the best restoration is; only one clear answer is applied.

    The document is the best witness: the same neighbouring word, or the word
    itself, elsewhere in it, or other words that lost a piece of the same kind.
    Without that, only a long remnant with a single frequent restoration is
    trusted: short remnants of foreign words and names too easily become some
    German word.
    """
    best, others = ranked[0], ranked[1:]
    if len(word) < _RESTORE_MIN_LENGTH:
        return 0.3
    if best.context and not any(other.context for other in others):
        return 0.9
    if (
        best.in_document
        and len(word) >= _RESTORE_DOCUMENT_LENGTH
        and not any(other.in_document for other in others)
    ):
        return 0.75
    if best.lost and not any(other.lost for other in others):
        return 0.75
    if not others and len(word) >= _RESTORE_ALONE_LENGTH:
        return 0.7
    return 0.4


def _restore(
    k: int, document: _Document, lexicon: Lexicon, lost: Set[str] = frozenset()
) -> _Restoration | None:
    """The restorations of the word at `k`, ranked by what the document says."""
    words = document.words
    word = words[k].text
    pieces = _restorations(word, lexicon, document.vocabulary, lost)
    if not pieces:
        return None
    left = words[k - 1].text.casefold() if k else ""
    right = words[k + 1].text.casefold() if k + 1 < len(words) else ""
    # One candidate per word: the form the document writes, else the first found.
    forms: dict[str, str] = {}
    for candidate in pieces:
        folded = candidate.casefold()
        if folded not in forms or candidate in document.written:
            forms[folded] = candidate
    ranked = sorted(
        (
            _Candidate(
                word=candidate,
                lost=_kind(pieces[candidate]) in lost,
                context=(left, folded) in document.pairs or (folded, right) in document.pairs,
                in_document=folded in document.vocabulary,
                frequency=lexicon.frequency(candidate),
            )
            for folded, candidate in forms.items()
        ),
        key=_Candidate.rank,
        reverse=True,
    )
    return _Restoration(ranked, pieces, _restore_confidence(word, ranked))


def _lost_kinds(
    document: _Document, damaged: list[int], found: dict[int, _Restoration], lexicon: Lexicon
) -> set[str]:
    """Kinds of pieces (ligatures, letters with diacritics) the document is seen to lose.

    A font or viewer that loses one ligature loses them all, and one that
    loses one letter with a diacritic loses the others: such a loss is a
    property of the document.  A kind is lost when it explains at least two
    remnants (long enough to trust) and either two that no other kind
    explains, or every remnant another kind explains too: the one loss that
    accounts for all the damage.  A ligature explains a remnant that a word
    of the frequency table restores with it, however rare (there are few
    ligatures to try; the compound splitter alone would find a reading for
    names: "Paffgina"); a letter with a diacritic one that a frequent word does.
    """
    explains: dict[str, set[str]] = {"ligature": set(), "diacritic": set()}
    for k in damaged:
        remnant = document.words[k].text
        if len(remnant) < _RESTORE_MIN_LENGTH:
            continue
        pieces = set(found[k].pieces.values()) if k in found else set()
        relaxed = _restorations(remnant, lexicon, document.vocabulary, {"ligature"})
        pieces.update(
            piece
            for word, piece in relaxed.items()
            if _kind(piece) == "ligature" and lexicon.frequency(word) > 0
        )
        for piece in pieces:
            explains[_kind(piece)].add(remnant.casefold())
    lost = set()
    for kind, remnants in explains.items():
        others = set().union(*(other for name, other in explains.items() if name != kind))
        if len(remnants) >= _LOST_WITNESSES and (
            len(remnants - others) >= _LOST_WITNESSES or others <= remnants
        ):
            lost.add(kind)
    return lost


def restore_dropped_letters(
    lines: list[TextLine], lexicon: Lexicon
) -> tuple[list[TextLine], list[Repair]]:
    """Put back ligatures and letters a font lost ("Honung" → "Hoffnung", "chte" → "möchte").

    An unknown word is restored only when one droppable piece (a ligature, or a
    letter with a diacritic and perhaps a neighbour) makes it a frequent word or
    a word of the same document, and the answer is unambiguous: the same
    neighbouring word elsewhere in the document, or no rival.  Once two words
    are surely restored with pieces of one kind (ligatures, say), the document
    is known to lose that kind: then any word the lexicon knows is a
    restoration, and one with a piece of that kind beats its rivals.  Other
    cases are listed with `applied=False` and the best guess.  Names,
    acronyms, numbers, abbreviations, known words and line-break fragments are
    never touched.
    """
    words = _document_words(lines)
    document = _Document.of(words)
    damaged = [k for k in range(len(words)) if _may_be_damaged(words, k, lines, lexicon)]
    found: dict[int, _Restoration] = {}
    for k in damaged:
        restoration = _restore(k, document, lexicon)
        if restoration is not None:
            found[k] = restoration
    lost = _lost_kinds(document, damaged, found, lexicon)
    if lost:
        for k in damaged:
            if k not in found or found[k].confidence < APPLY_THRESHOLD:
                restoration = _restore(k, document, lexicon, lost)
                if restoration is not None:
                    found[k] = restoration
    found = _without_idle_guesses(found, words)
    changes = [
        Change(
            words[k].line,
            words[k].start,
            words[k].end,
            restoration.ranked[0].word,
            "dropped-letters",
            restoration.confidence,
        )
        for k, restoration in sorted(found.items())
    ]
    return apply_changes(lines, changes)


def _without_idle_guesses(
    found: dict[int, _Restoration], words: list[_Word]
) -> dict[int, _Restoration]:
    """The restorations without guesses an editor would never take ("a" as "aß", "d" as "Süd").

    A remnant of one or two letters is a label, a unit or an abbreviation as
    often as a damaged word: it is offered only as one of the commonest words
    ("r" as "für"), whose loss the editor then sees at once.
    """
    return {
        k: r
        for k, r in found.items()
        if len(words[k].text) >= _RESTORE_MIN_LENGTH or r.ranked[0].frequency >= _SHORT_REMNANT_ZIPF
    }
