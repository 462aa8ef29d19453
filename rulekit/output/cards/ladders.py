"""Hyphen ladders: no more than two lines in a row may end in a hyphen.

WeasyPrint bounds hyphenation per word (`hyphenate-limit-chars`) but not per
paragraph: CSS's `hyphenate-limit-lines` is not implemented.  So the layout
is read back instead.  `ladders` finds every run of three or more lines of
one printed text that end in a hyphen (a hyphenation break, or a word such
as "Anwerbungs-" that carries its own) and names a word hyphenated inside
the run; `keep_whole` sets those words unbroken, and the document is laid out
again.  Each round takes a hyphenation point away, so the rounds end.
"""

from __future__ import annotations

import re
from dataclasses import replace

from markupsafe import Markup
from weasyprint.document import Document
from weasyprint.formatting_structure.boxes import Box, LineBox, TextBox

from rulekit.output.cards.content import Entry, Topic

MAX_RUN = 2  # hyphenated line ends allowed in a row
HARD_HYPHENS = ("-", "\u2010", "\u2011")
_TAG = re.compile(r"(<[^>]*>)")
_EDGE = re.compile(r"^\W+|\W+$")


def ladders(document: Document) -> dict[str, set[str]]:
    """Per printed text (element id), the words to keep whole to break its ladders."""
    lines: dict[str, list[tuple[str, bool]]] = {}
    for page in document.pages:
        _collect(page._page_box, None, lines)  # WeasyPrint keeps its layout tree private
    found: dict[str, set[str]] = {}
    for element_id, texts in lines.items():
        for word in _ladder_words(texts):
            found.setdefault(element_id, set()).add(word)
    return found


def _collect(box: Box, owner: str | None, lines: dict[str, list[tuple[str, bool]]]) -> None:
    """Every line of every element with an id: its text and whether hyphenation broke it."""
    element = getattr(box, "element", None)
    own = element.get("id") if element is not None and box.element_tag == "p" else None
    owner = own or owner
    if isinstance(box, LineBox):
        if owner is not None:
            texts = [b for b in box.descendants() if isinstance(b, TextBox)]
            if texts:
                last = texts[-1]
                broken = last.text.endswith(last.style["hyphenate_character"])
                lines.setdefault(owner, []).append(("".join(t.text for t in texts), broken))
        return
    for child in getattr(box, "children", ()):
        _collect(child, owner, lines)


def _ladder_words(texts: list[tuple[str, bool]]) -> list[str]:
    """The word to keep whole in each run of more than `MAX_RUN` hyphenated line ends:
    the one hyphenated nearest the middle of the run."""
    ends = [broken or text.rstrip().endswith(HARD_HYPHENS) for text, broken in texts]
    words = []
    start = 0
    while start < len(ends):
        end = start
        while end < len(ends) and ends[end]:
            end += 1
        if end - start > MAX_RUN:
            middle = (start + end - 1) / 2
            broken = sorted(
                (i for i in range(start, end) if texts[i][1] and i + 1 < len(texts)),
                key=lambda i: abs(i - middle),
            )
            if broken:
                words.append(_broken_word(texts[broken[0]][0], texts[broken[0] + 1][0]))
        start = end + 1
    return [word for word in words if word]


def _broken_word(line: str, following: str) -> str:
    """The word hyphenation broke at the end of `line`, as the source text spells it."""
    head = line.rstrip().split()[-1][:-1]  # without the hyphenation character
    tail = following.split()[0] if following.split() else ""
    return _EDGE.sub("", head + tail)


def keep_whole(topics: list[Topic], words: dict[str, set[str]]) -> list[Topic]:
    """The topics with the given words of each entry set unbroken (`class="whole"`)."""
    if not words:
        return topics
    return [
        replace(
            topic,
            entries=tuple(_kept(entry, words.get(entry.id, set())) for entry in topic.entries),
        )
        for topic in topics
    ]


def _kept(entry: Entry, words: set[str]) -> Entry:
    if not words:
        return entry
    pattern = re.compile(
        r"(?<!\w)("
        + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
        + r")(?!\w)"
    )
    parts = _TAG.split(str(entry.html))
    html = "".join(
        part if part.startswith("<") else pattern.sub(r'<span class="whole">\1</span>', part)
        for part in parts
    )
    return replace(entry, html=Markup(html))
