"""Font-encoding repairs: text from fonts without a Unicode map, and lost letters.

A PDF font without a usable Unicode map gives codes instead of letters.  Three
forms are repaired by `decode_fonts`, each solved against the lexicon over the
whole document, since a code means the same letter everywhere in it:

- shifted encoding (`shifted`): every code a constant offset off
  ("/PSEXFTUBGSJLB" for "Nordwestafrika").  The offset is found by trying
  every offset that turns unknown tokens into letters and counting the
  lexicon words it yields;
- glyph cipher (`cipher`): glyph ids anywhere in the Private Use Area
  (U+E000, U+F000, planes 15 and 16), in contiguous ranges for lower case,
  capitals, digits and space, in any order.  Each range's offset is searched
  against the lexicon (`solver`); ranges read by one offset vouch for each
  other.  Marks no word decides (the space, the line-break hyphen, bullets,
  dashes, quotation marks, sentence punctuation) are read from where their
  codes stand (`marks`), and the codes left over are solved one by one
  (`single`).  A mark a viewer passed off as a character inside a ciphered
  word is read as the letter the word needs, where one clearly does;
- codes inside otherwise mapped words (`cipher`): ligature glyphs
  ("Ho\\ue1a1nung") and the capitals of a font whose map covers lower case
  only, read as ranges where they cluster and one by one otherwise, never as
  a letter the same lines spell in plain text.

`restore_dropped_letters` (`dropped`) puts back ligatures and letters a font
lost without a trace ("Honung", "chte"), only when the lexicon and the
document give one confident answer; a document seen to lose one kind of
piece (ligatures, letters with diacritics) is taken to lose the others.

Nothing here knows an offset, a code range or a word of any manual: every
decision comes from the lexicon and from the document itself.  A change below
`APPLY_THRESHOLD` confidence is listed with `applied=False` and the text kept.
"""

from __future__ import annotations

from rulekit.extract.encoding.cipher import private_use_changes
from rulekit.extract.encoding.common import (
    APPLY_THRESHOLD,
    BREAK_HYPHENS,
    BREAK_MARKS,
    HYPHENS,
    LIGATURE_CHARACTERS,
    LIGATURES,
    SOFT_HYPHEN,
    apply_changes,
    is_private_use,
)
from rulekit.extract.encoding.dropped import restore_dropped_letters
from rulekit.extract.encoding.shifted import shifted_changes
from rulekit.extract.lexicon import Lexicon
from rulekit.model import Repair, TextLine

__all__ = [
    "APPLY_THRESHOLD",
    "BREAK_HYPHENS",
    "BREAK_MARKS",
    "HYPHENS",
    "LIGATURES",
    "LIGATURE_CHARACTERS",
    "SOFT_HYPHEN",
    "decode_fonts",
    "is_private_use",
    "restore_dropped_letters",
]


def decode_fonts(lines: list[TextLine], lexicon: Lexicon) -> tuple[list[TextLine], list[Repair]]:
    """Decode text from fonts without a Unicode map, solved against the lexicon.

    Shifted encodings, Private Use Area glyph ciphers and unknown ligature glyphs
    are decoded; each decoded token is one repair ("shifted-encoding",
    "glyph-cipher", "ligature-glyph").  A token decoded with low confidence is
    left as it is, and its repair has `applied=False`; in a glyph cipher, the
    sure codes of such a token are still decoded.  A line that, decoded, goes
    on a word broken at the end of the line before stays in that line's
    paragraph.  The input is not changed.
    """
    changes = shifted_changes(lines, lexicon) + private_use_changes(lines, lexicon)
    decoded, repairs = apply_changes(lines, changes)
    return _continue_broken_words(lines, decoded), repairs


def _continue_broken_words(lines: list[TextLine], decoded: list[TextLine]) -> list[TextLine]:
    """Keep a line in the paragraph of the line before when decoding shows a word broken there.

    The layout judged paragraphs while the codes were unread, so it could not
    see that a line ends in a break hyphen and the next goes on in lower case.
    """
    result = list(decoded)
    for i in range(1, len(decoded)):
        previous, line = decoded[i - 1], decoded[i]
        end = previous.text.rstrip()
        if (
            line.starts_paragraph
            and not lines[i - 1].text.rstrip().endswith(BREAK_HYPHENS)
            and previous.role == line.role
            and end.endswith(BREAK_HYPHENS)
            and end[-2:-1].isalpha()
            and line.text.lstrip()[:1].islower()
        ):
            result[i] = line.model_copy(update={"starts_paragraph": False})
    return result
