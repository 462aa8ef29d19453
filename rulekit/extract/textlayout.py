"""The layout of a text extract, inferred from the text alone.

Text copied out of a PDF viewer has lost fonts and positions, so roles are read
from the shape of the lines: page numbers and callout digits stand alone,
headings are short lines without sentence punctuation followed by a sentence
start, and figure labels are runs of lines that never form a sentence, or
short names stacked one under another.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise
from statistics import quantiles

from spacy.lang.de.stop_words import STOP_WORDS
from wordfreq import zipf_frequency

from rulekit.extract.encoding import BREAK_HYPHENS
from rulekit.model import LineRole, Repair, TextLine

# A page flattened onto one line is many times longer than any printed line.
FLATTENED_MIN_CHARS = 400
SHORT_LINE = 0.6  # of the typical line width: labels and headings are shorter
PARAGRAPH_END = 0.8  # a sentence ending on a line shorter than this ends its paragraph
HEADING_MAX_LINES = 2
# The most words of a figure label set on a line of its own.
_LABEL_WORDS = 2
# A heading, set larger than the body, fits this share of a body line's characters.
_HEADING_LINE = 0.75
VIEWER_HEADER_MAX_WORDS = 5

_SECTION_NUMBER = r"\d+(?:\.\d+)+\.?"
_LIST_MARKER = re.compile(
    rf"^(?:[•▪◦‣●*–-]\s|\d{{1,2}}[.)](?:\s|$)|[a-z][.)]\s|{_SECTION_NUMBER}\s)"
)
_MARKER_ONLY = re.compile(r"^(?:[•▪◦‣●*–-]|\d{1,2}[.)])$")
_NUMBERED_HEADING = re.compile(rf"^{_SECTION_NUMBER}\s")
_LABELLED_OPENER = re.compile(r"^[A-ZÄÖÜ][\w-]*:\s")
_CALLOUT = re.compile(r"^\d{1,3}(?:\s+\d{1,3})*$")
_PUNCTUATION_ONLY = re.compile(r"^[.,;:!?)]+$")
_TRAILING_CLOSERS = "\"')]»“”’"
# Split points of a flattened page: before a section number or a bullet.
_FLAT_SPLIT = re.compile(rf"\s+(?=(?:{_SECTION_NUMBER}\s+\S|[•▪●*]\s))")
_TRAILING_CAPS = re.compile(r"(?<=[.!?])\s+((?:[A-ZÄÖÜ]{2,}\s*){1,4})$")

BOUNDARY_KINDS = frozenset(
    {"page-number", "printer-slug", "fingerprint", "running-header", "viewer-header"}
)


def split_flattened(lines: list[TextLine]) -> tuple[list[TextLine], list[Repair]]:
    """Split a page that a viewer flattened onto one line back at section numbers and bullets.

    A trailing run of capitals after the last sentence (a tab or margin label)
    is split off as well.
    """
    result: list[TextLine] = []
    repairs: list[Repair] = []
    for line in lines:
        if len(line.text) < FLATTENED_MIN_CHARS:
            result.append(line)
            continue
        text = line.text.strip()
        tail = _TRAILING_CAPS.search(text)
        label = ""
        if tail:
            label, text = tail.group(1).strip(), text[: tail.start()].rstrip()
        parts = [part.strip() for part in _FLAT_SPLIT.split(text) if part.strip()]
        if label:
            parts.append(label)
        if len(parts) < 2:
            result.append(line)
            continue
        for number, part in enumerate(parts):
            result.append(line.model_copy(update={"text": part, "starts_paragraph": number > 0}))
        repairs.append(
            Repair(
                kind="flattened-page",
                before=f"{len(line.text)} characters on one line",
                after=f"{len(parts)} lines",
                page=line.page,
                line=line.line,
                confidence=0.9,
            )
        )
    return result, repairs


def looks_english(text: str) -> bool:
    """True when every word is more frequent in English than in German."""
    words = re.findall(r"[^\W\d_]+", text)
    return bool(words) and all(
        zipf_frequency(word, "en") > zipf_frequency(word, "de") for word in words
    )


def mark_viewer_header(
    lines: list[TextLine], raw: list[str]
) -> tuple[list[TextLine], list[Repair]]:
    """The PDF viewer's own header: a short English first line set off by a blank line."""
    if len(raw) < 3 or raw[1].strip() or not lines:
        return lines, []
    first = lines[0]
    text = first.text.strip()
    if first.line != 1 or len(text.split()) > VIEWER_HEADER_MAX_WORDS or not looks_english(text):
        return lines, []
    repair = Repair(
        kind="viewer-header", before=text, after="", page=first.page, line=1, confidence=0.9
    )
    marked = first.model_copy(update={"role": "artefact", "artefact": "viewer-header"})
    return [marked, *lines[1:]], [repair]


def page_number_forms(pages: Iterable[int]) -> set[str]:
    """How the excerpt's page numbers can appear: alone, or two facing pages run together."""
    forms = {str(page) for page in pages}
    for a in pages:
        for b in (a - 1, a + 1):
            if b in pages:
                forms.update({f"{a}{b}", f"{a} {b}"})
    return forms


def mark_numbers(lines: list[TextLine], pages: list[int]) -> tuple[list[TextLine], list[Repair]]:
    """Remove page numbers and figure callout digits that stand on lines of their own.

    A callout inside a sentence often leaves the sentence's punctuation on the
    next line ("gelegt", "1", "."); that punctuation goes back to its sentence.
    Page numbers also tell which page the lines are on (see `page_of_lines`).
    """
    forms = page_number_forms(pages)
    result: list[TextLine] = []
    repairs: list[Repair] = []
    previous_text: int | None = None  # index in result of the last content line
    after_callout = False
    for line in lines:
        text = line.text.strip()
        if line.role == "artefact":
            result.append(line)
            continue
        if text in forms or _CALLOUT.match(text):
            kind = "page-number" if text in forms else "callout"
            result.append(line.model_copy(update={"role": "artefact", "artefact": kind}))
            repairs.append(
                Repair(kind=kind, before=text, after="", page=None, line=line.line, confidence=0.85)
            )
            after_callout = kind == "callout"
            continue
        if after_callout and previous_text is not None and _PUNCTUATION_ONLY.match(text):
            target = result[previous_text]
            result[previous_text] = target.model_copy(update={"text": target.text.rstrip() + text})
            moved = {"role": "artefact", "artefact": "callout-punctuation"}
            result.append(line.model_copy(update=moved))
            repairs.append(
                Repair(
                    kind="callout-punctuation",
                    before=text,
                    after=f"{target.text.rstrip()[-12:]}{text}",
                    page=None,
                    line=line.line,
                    confidence=0.9,
                )
            )
            continue
        after_callout = False
        previous_text = len(result)
        result.append(line)
    return page_of_lines(result, pages), repairs


def page_of_lines(lines: list[TextLine], pages: list[int]) -> list[TextLine]:
    """Set the printed page of every line where the text tells it, else None.

    A one-page excerpt is that page throughout.  Otherwise the page-number
    lines that name one page are the boundaries: when no content comes before
    the first of them they head their pages, when none comes after the last
    they close them.  Facing pages run together ("1110") or numbers that
    could be either give no page: a card then cites the whole excerpt rather
    than a wrong page.
    """
    if len(pages) == 1:
        return [line.model_copy(update={"page": pages[0]}) for line in lines]
    markers = [
        (index, int(line.text.strip()))
        for index, line in enumerate(lines)
        if line.artefact == "page-number"
        and line.text.strip().isdigit()
        and int(line.text.strip()) in pages
    ]
    content = [index for index, line in enumerate(lines) if line.role != "artefact"]
    page_at: list[int | None] = [None] * len(lines)
    if markers and content:
        if content[0] > markers[0][0]:  # each number heads its page
            for (start, page), (end, _) in pairwise([*markers, (len(lines), 0)]):
                page_at[start:end] = [page] * (end - start)
        elif content[-1] < markers[-1][0]:  # each number closes its page
            for (before, _), (end, page) in pairwise([(-1, 0), *markers]):
                page_at[before + 1 : end + 1] = [page] * (end - before)
    return [
        line.model_copy(update={"page": page}) for line, page in zip(lines, page_at, strict=True)
    ]


def infer_roles(lines: list[TextLine]) -> list[TextLine]:
    """Roles and paragraph starts for the content lines of a text extract."""
    content = [i for i, line in enumerate(lines) if line.role != "artefact"]
    if not content:
        return lines
    width = _typical_width([lines[i].text for i in content])
    capitalised_inside = _capitalised_inside([lines[i].text for i in content])
    units = _units(lines, content, capitalised_inside)
    roles = _classify(lines, units, width)
    result = list(lines)
    previous_role: LineRole | None = None
    previous_last: TextLine | None = None
    for unit, role in zip(units, roles, strict=True):
        first = lines[unit[0]]
        new_paragraph = (
            role != "body"
            or previous_role != "body"
            or first.starts_paragraph
            or bool(_LABELLED_OPENER.match(first.text.strip()))
            or (
                previous_last is not None
                and len(previous_last.text.strip()) < PARAGRAPH_END * width
            )
        )
        for position, index in enumerate(unit):
            if position == 0:
                starts = new_paragraph
            elif role == "heading":
                # A capitals line over a mixed-case line: two headings of different levels.
                starts = _all_caps(lines[index].text) != _all_caps(lines[unit[position - 1]].text)
            else:
                starts = role == "figure"
            result[index] = lines[index].model_copy(
                update={"role": role, "starts_paragraph": starts}
            )
        previous_role, previous_last = role, lines[unit[-1]]
    return result


def _typical_width(texts: list[str]) -> float:
    """The width of a full line in characters: the upper quartile of line lengths."""
    lengths = [len(text.strip()) for text in texts]
    if len(lengths) < 4:
        return float(max(lengths))
    return quantiles(lengths, n=4)[2]


def _capitalised_inside(texts: list[str]) -> set[str]:
    """Function words the document capitalises mid-sentence (the polite "Sie", "Ihre").

    Only a capitalised function word that the document never capitalises
    inside a sentence can mark a sentence start.
    """
    found = set()
    for text in texts:
        words = text.split()
        for before, word in pairwise(words):
            if word[:1].isupper() and before[-1:].isalpha() and before[:1].islower():
                found.add(word.casefold())
    return found


def _terminal(text: str) -> bool:
    """Ends a sentence (or introduces what follows, with a colon)."""
    stripped = text.strip()
    if _MARKER_ONLY.match(stripped):
        return False
    return stripped.rstrip(_TRAILING_CLOSERS)[-1:] in (".", "!", "?", ":", ";")


def _starts_sentence(text: str, capitalised_inside: set[str]) -> bool:
    """A line that can only be the start of a sentence, list item or labelled note."""
    stripped = text.strip()
    if (
        _LIST_MARKER.match(stripped)
        or _MARKER_ONLY.match(stripped)
        or _LABELLED_OPENER.match(stripped)
    ):
        return True
    first = stripped.split(maxsplit=1)[0] if stripped else ""
    word = first.casefold()
    return first[:1].isupper() and word in STOP_WORDS and word not in capitalised_inside


def _units(
    lines: list[TextLine], content: list[int], capitalised_inside: set[str]
) -> list[list[int]]:
    """Content lines grouped into sentence units: runs of lines up to a sentence end.

    A unit also ends before a boundary artefact (page number, slug, header)
    and before a line that can only start a sentence.
    """
    units: list[list[int]] = []
    current: list[int] = []
    for position, index in enumerate(content):
        line = lines[index]
        if current:
            previous = content[position - 1]
            if (
                _boundary_between(lines, previous, index)
                or line.starts_paragraph
                or _starts_sentence(line.text, capitalised_inside)
            ):
                units.append(current)
                current = []
        current.append(index)
        if _terminal(line.text):
            units.append(current)
            current = []
    if current:
        units.append(current)
    return units


def _boundary_between(lines: list[TextLine], first: int, last: int) -> bool:
    return any(_is_boundary(lines[i]) for i in range(first + 1, last))


def _is_boundary(line: TextLine) -> bool:
    return line.role == "artefact" and line.artefact in BOUNDARY_KINDS


def _classify(lines: list[TextLine], units: list[list[int]], width: float) -> list[LineRole]:
    """A role per unit: heading, body, list item or figure text."""
    roles: list[LineRole] = []
    for number, unit in enumerate(units):
        texts = [lines[i].text.strip() for i in unit]
        following = units[number + 1] if number + 1 < len(units) else None
        ends_at_boundary = following is None or _boundary_between(lines, unit[-1], following[0])
        roles.append(_unit_role(texts, ends_at_boundary, width))
    # A cluster of labels often comes with a short legend or list beside it: absorb the
    # short units right before it, up to the first full-width line.  A single label
    # (a margin tab) does not make a figure of its neighbours.
    for number in range(len(units) - 1, 0, -1):
        if roles[number] != "figure" or len(units[number]) < 2:
            continue
        previous = number - 1
        while (
            previous >= 0
            and roles[previous] != "figure"
            and not _boundary_between(lines, units[previous][-1], units[previous + 1][0])
            and all(len(lines[i].text.strip()) < SHORT_LINE * width for i in units[previous])
        ):
            roles[previous] = "figure"
            previous -= 1
    return roles


def _all_caps(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters)


def _unit_role(texts: list[str], ends_at_boundary: bool, width: float) -> LineRole:
    first = texts[0]
    if _LIST_MARKER.match(first) or _MARKER_ONLY.match(first):
        if _NUMBERED_HEADING.match(first) and len(texts) == 1 and len(first) < width:
            return "heading"
        return "list-item"
    if _stacked_names(texts, width):
        return "figure"
    all_caps = _all_caps(" ".join(texts))
    terminal = _terminal(texts[-1])
    heading_shaped = (
        len(texts) <= HEADING_MAX_LINES
        and (first[:1].isupper() or first[:1].isdigit())
        and all(len(text) <= width for text in texts)
        and not any(re.search(r"[.!?]\s", text) for text in texts)
        and (not terminal or (texts[-1].endswith(":") and len(texts) == 1 and "," not in first))
    )
    if heading_shaped and not ends_at_boundary:
        return "heading"
    if all_caps and not terminal:
        return "figure" if ends_at_boundary else "heading"
    if terminal:
        return "body"
    if ends_at_boundary or all(len(text) < SHORT_LINE * width for text in texts):
        return "figure"
    return "body"


def _stacked_names(texts: list[str], width: float) -> bool:
    """Short names set one under another: labels beside a picture, not a wrapped heading.

    A line breaks where the next word no longer fits, so a short line whose
    next line's first word would have fitted on it, even in a heading's larger
    type, was set apart on purpose.  Each line is a name of a word or two; a
    hyphen at a line end is a wrap.
    """
    return (
        len(texts) >= 2
        and all(
            len(text.split()) <= _LABEL_WORDS and not text.endswith(BREAK_HYPHENS) for text in texts
        )
        and all(
            len(text) + 1 + len(following.split()[0]) <= _HEADING_LINE * width
            for text, following in pairwise(texts)
        )
    )
