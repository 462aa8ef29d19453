"""Roles of lines from typography and position.

- figure text: lines inside a picture or drawing, unless they are running
  text set over it (several long lines at body size); and clusters of
  short, small labels anywhere;
- captions: small or italic lines right below, above or beside a figure,
  but not a component's count and name set under its picture in a list;
- headings: set larger than the body, or bold at body size (not a list's
  items set bold), unless they run on as sentences (an introduction set
  large, a paragraph set bold);
- body: the rest.

Where paragraphs start is `paragraphs`.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter

from rulekit.extract.encoding import is_private_use
from rulekit.extract.lines import Line
from rulekit.extract.page import Box, area, centre_in, overlap
from rulekit.extract.regions import Regions
from rulekit.extract.textshapes import BULLETS
from rulekit.model import Repair, TextLine

__all__ = ["classify", "drawn_figures", "labelled_captions", "page_style"]

# A heading's font is at least this much larger than the body font.
HEADING_RATIO = 1.15
# A heading set in bold at body size has at most this many lines.
HEADING_LINES = 2
# A line that ends a sentence (a colon goes on with what it announces).
_FULL_STOP = re.compile(r"[^\W\d_][.!?][\"'“”»)]*$")
# A sentence end inside a run's text, after a word and before the next sentence's capital.
_SENTENCE_INSIDE = re.compile(r"[^\W\d_]{2}[.!?]\s+[A-ZÄÖÜ]")
# Labels and captions are set smaller than this fraction of the body font.
SMALL_RATIO = 0.92
# A caption reaches this many ems past its figure's sides at most.
CAPTION_REACH = 1.5
# A caption wider than its figure (set under a picture with its labels) is short.
CAPTION_LINES = 4
# A caption in the body's style is at most this fraction of the page's usual line.
NARROW = 0.6
# A caption stands at most this many ems below its figure (LaTeX's skip and a line).
CAPTION_SKIP = 2.5
# A callout has at most this many letters ("2A", "B").
CALLOUT = 3
# Figure text reads as running text from this many lines of this many ems on.
RUNNING_LINES = 2
RUNNING_WIDTH = 12
# A page is set in a style of its own when less than this share of its running
# text is at the document's body size.
OWN_STYLE = 0.5
_WORD = re.compile(r"(?=[^\W\d_]*[aeiouyäöüAEIOUYÄÖÜ])[^\W\d_]{2,}")
# A component list's entry: a count, then the component ("12 Spielfiguren", "4 x Brücke").
_COUNTED = re.compile(r"^\d{1,3}\s+(?:[x×]\s+)?[^\W\d_]{2,}")
# A line that opens with a bullet: a list's item, also where it is set bold.
_BULLETED = re.compile(rf"^[{re.escape(BULLETS)}]\s*[^\W\d_]")
# A caption's label: "Abbildung 2:", "Abb. 3.", "Bild 1 –", "Figure 4:".
_FIGURE_LABEL = re.compile(
    r"^(?:Abbildung|Abb\.|Bild|Grafik|Figure|Fig\.)\s?\d{1,3}[a-z]?\s?[:.–—]", re.IGNORECASE
)


def classify(lines: list[Line], regions: Regions, body: float, face: str = "") -> None:
    """Give every line without a role one: figure, caption, heading or body.

    `body` is the body font size and `face` the body font of the document.
    """
    _figure_text(lines, regions.figures, body, face)
    _wordless(lines)
    for line in lines:
        if line.role is None and (
            line.size >= HEADING_RATIO * body
            or (line.bold and line.size >= 0.95 * body and not _BULLETED.match(line.text))
        ):
            line.role = "heading"
    _set_off_paragraphs(lines, body)
    _labels(lines, body)
    _captions(lines, regions.figures, body)
    for line in lines:
        if line.role is None:
            line.role = "body"


def _set_off_paragraphs(lines: list[Line], body: float) -> None:
    """Lines set large or bold that run on as sentences are a paragraph set off (an
    introduction, a warning), not a heading: a sentence ends inside them ("… brauchen!
    Benötigen Sie …"), or, bold at body size, there are more than `HEADING_LINES`."""
    for run in _runs([ln for ln in lines if ln.role == "heading"]):
        # A heading set close under the paragraph, after its last full stop, is no part of it.
        stops = [i for i, line in enumerate(run) if _FULL_STOP.search(line.text)]
        paragraph = run[: stops[-1] + 1] if stops else run
        text = " ".join(line.text for line in paragraph)
        bold_body = run[0].size < HEADING_RATIO * body
        if _SENTENCE_INSIDE.search(text) or (bold_body and len(paragraph) > HEADING_LINES):
            for line in paragraph:
                line.role = None


def page_style(lines: list[Line], body: float, face: str) -> tuple[float, str]:
    """The body size and face of a page: the document's, unless the page has a style of its own.

    An overview sheet or a poster page may set all its running text (long
    lines) in another size and font than the rest of the document.  Measured
    against the document's body, such a page would be all small print
    (captions, labels) or all headings; when less than `OWN_STYLE` of its
    running text is at the document's body size, the size most of it is set
    in, and the font most of that is set in, are its body.
    """
    sizes: Counter[float] = Counter()
    for line in lines:
        if line.x1 - line.x0 >= RUNNING_WIDTH * line.size:
            sizes[round(line.size * 2) / 2] += len(line.text)
    total = sum(sizes.values())
    at_body = sum(count for size, count in sizes.items() if abs(size - body) <= 0.5)
    if not total or at_body >= OWN_STYLE * total:
        return body, face
    size, count = sizes.most_common(1)[0]
    if count < OWN_STYLE * total:
        return body, face
    fonts: Counter[str] = Counter()
    for line in lines:
        if abs(line.size - size) <= 0.5:
            for word in line.words:
                fonts[word.font] += len(word.text)
    return size, fonts.most_common(1)[0][0]


def drawn_figures(figures: list[Box], lines: list[Line], body: float) -> list[Box]:
    """The figures that are not panels behind running text.

    A picture with several long lines of body text on it is the background
    of a box (parchment, a coloured panel), not an illustration: its text
    is no figure text, and what stands below it is no caption.
    """
    return [figure for figure in figures if len(_running(lines, figure, body)) < RUNNING_LINES]


def _running(lines: list[Line], figure: Box, body: float) -> list[Line]:
    """The long lines at body size standing on a figure."""
    return [
        ln
        for ln in lines
        if overlap(ln.box, figure) >= 0.7 * area(ln.box)
        and ln.x1 - ln.x0 >= RUNNING_WIDTH * ln.size
        and ln.size >= SMALL_RATIO * body
    ]


def _figure_text(lines: list[Line], figures: list[Box], body: float, face: str) -> None:
    """Lines inside a figure are figure text, unless they read as text set over it.

    Text over a picture is running text when it is set in the body face
    (an inventory entry beside its picture, a name on a cover) and longer
    than a callout.  `figures` are drawn figures (see `drawn_figures`).
    """
    for figure in figures:
        inside = [ln for ln in lines if ln.role is None and centre_in(ln.box, figure)]
        for line in inside:
            if not _in_body_face(line, body, face):
                line.role = "figure"


def _wordless(lines: list[Line]) -> None:
    """Runs of lines without a single word are figure text: callouts, legends, glyph art.

    A word here is two letters or more with a vowel among them; a board set
    in a chess font ("0Z0Z0Z0Z"), coordinates ("a b c d"), formula signs
    ("= + +") and callouts ("2A") have none.  Glyph codes a font left
    unmapped are unknown letters and count as words.
    """
    for run in _runs([ln for ln in lines if ln.role is None]):
        if not any(_WORD.search(ln.text) or _has_codes(ln.text) for ln in run):
            for line in run:
                line.role = "figure"


def _has_codes(text: str) -> bool:
    return any(is_private_use(c) for c in text)


def _in_body_face(line: Line, body: float, face: str) -> bool:
    """Set like the running text: its font, its size, not bold, and more than a callout."""
    return (
        bool(face)
        and all(w.font == face and not w.bold for w in line.words)
        and abs(line.size - body) <= 0.5
        and sum(c.isalpha() for c in line.text) > CALLOUT
    )


def _captions(lines: list[Line], figures: list[Box], body: float) -> None:
    """Runs of lines attached to a figure are captions.

    A run set off from the body (smaller or italic) is a caption right below
    or beside a figure and within its extent (or, a few lines long,
    overlapping it: a figure's labels reach past it); a run in the body's
    style only right below it, centred under it (a LaTeX caption) or within
    its extent in ragged lines or narrow ones (a justified paragraph after
    a figure is text; where the running text is set ragged itself, so is a
    paragraph after a figure).  Centred runs right below a centred caption go on with
    it (a closing bold line).  A run that opens with a bold lead ending in a
    colon ("Beispiel: ...") is a paragraph with a run-in heading, not a
    caption; a bold run is a label.
    """
    widths = [ln.x1 - ln.x0 for ln in lines if ln.role is None and abs(ln.size - body) < 0.5]
    measure = statistics.median(widths) if widths else 0.0
    drawn = figures + _figure_text_boxes(lines)
    groups = _side_by_side(drawn)
    runs = _runs([ln for ln in lines if ln.role in (None, "heading")])
    # The running text: runs of body text that do not stand where a caption would.
    running = [
        r
        for r in runs
        if len(r) > 2
        and all(abs(ln.size - body) < 0.5 for ln in r)
        and not any(_attached(r, figure, False, measure, False) for figure in drawn + groups)
    ]
    # Most of its lines are set ragged.
    ragged = 2 * sum(len(r) for r in running if not _justified(r)) > sum(map(len, running))
    marked: list[list[Line]] = []
    for run in runs:
        if any(ln.role is not None for ln in run) or _run_in(run[0]) or all(ln.bold for ln in run):
            continue
        set_off = all(ln.size <= SMALL_RATIO * body or ln.italic for ln in run)
        if not set_off and _entry(run):
            continue
        # A caption in the body's style may stand under figures side by side
        # (LaTeX centres one under a row of pictures); one set off belongs to one.
        targets = drawn if set_off else drawn + groups
        if set_off and len(run) > 2 * CAPTION_LINES:
            continue
        if any(_attached(run, figure, set_off, measure, ragged) for figure in targets):
            marked.append(run)
    for run in marked:
        for line in run:
            line.role = "caption"
    for run in runs:
        previous = next((m for m in marked if m is not run and _follows(run, m)), None)
        if previous is not None and _centred(previous) and _centred(run, _axis(previous)):
            for line in run:
                line.role = "caption"
            marked.append(run)


def _entry(run: list[Line]) -> bool:
    """Whether a run names a component with its count ("24 Wasserplättchen"), not a sentence.

    A component list sets each entry under or beside its picture in the
    body's style: the entries are the list's text, not captions of the pictures.
    """
    text = " ".join(ln.text for ln in run).strip()
    return bool(_COUNTED.match(text)) and not text.endswith((".", ":", "!", "?"))


def _attached(
    run: list[Line], figure: Box, set_off: bool, measure: float, ragged_text: bool
) -> bool:
    """Whether a run stands right below, above or beside a figure, within its extent.

    `ragged_text` says the page's running text is set ragged: then ragged
    lines do not set a run in the body's style off from it.
    """
    size = run[0].size
    x0, top = min(ln.x0 for ln in run), min(ln.top for ln in run)
    x1, bottom = max(ln.x1 for ln in run), max(ln.bottom for ln in run)
    margin = CAPTION_REACH * size
    within_x = x0 >= figure[0] - margin and x1 <= figure[2] + margin
    below = -size <= top - figure[3] <= 2 * size
    if not set_off:
        centred = _centred(run, (figure[0] + figure[2]) / 2)
        ragged = len(run) > 2 and not _justified(run) and not ragged_text
        narrow = x1 - x0 <= NARROW * measure
        below = -size <= top - figure[3] <= CAPTION_SKIP * size
        return below and (centred or (within_x and (ragged or narrow)))
    # Labels reaching past a figure still start under it: a run whose top
    # line stands beside the figure is text set next to it (an imprint).
    overlap_x = run[0].x0 < figure[2] and figure[0] < run[0].x1
    if (within_x or (overlap_x and len(run) <= CAPTION_LINES)) and below:
        return True
    # Beside: a picture's margin may reach over the caption's edge a little.
    within_y = top >= figure[1] - margin and bottom <= figure[3] + margin
    reach = 1.5 * size
    beside = -reach <= figure[0] - x1 <= 2 * size or -reach <= x0 - figure[2] <= 2 * size
    return within_y and beside and not (figure[0] < x0 and x1 < figure[2])


def _figure_text_boxes(lines: list[Line]) -> list[Box]:
    """Boxes around figure text that stands together: a board set in glyphs, a legend."""
    boxes: list[list[float]] = []
    for line in sorted((ln for ln in lines if ln.role == "figure"), key=lambda ln: ln.top):
        reach = 1.5 * line.size
        for box in boxes:
            if (
                line.top <= box[3] + reach
                and line.x0 <= box[2] + reach
                and box[0] - reach <= line.x1
            ):
                box[0], box[2] = min(box[0], line.x0), max(box[2], line.x1)
                box[3] = max(box[3], line.bottom)
                break
        else:
            boxes.append([line.x0, line.top, line.x1, line.bottom])
    return [(b[0], b[1], b[2], b[3]) for b in boxes]


def _justified(run: list[Line]) -> bool:
    """Whether the lines of a run (its last aside) end at one right edge: running text."""
    right = max(ln.x1 for ln in run)
    return sum(abs(ln.x1 - right) <= 1.0 for ln in run[:-1]) >= max(1, (len(run) - 1) // 2)


def _side_by_side(figures: list[Box]) -> list[Box]:
    """Boxes around figures set side by side in one band: a caption may belong to them all."""
    groups = []
    for a in figures:
        row = [b for b in figures if _level(a, b)]
        if len(row) > 1:
            groups.append(
                (
                    min(b[0] for b in row),
                    min(b[1] for b in row),
                    max(b[2] for b in row),
                    max(b[3] for b in row),
                )
            )
    return list(dict.fromkeys(groups))


def _level(a: Box, b: Box) -> bool:
    """Whether two boxes share most of their height."""
    shared = min(a[3], b[3]) - max(a[1], b[1])
    return shared > 0.5 * min(a[3] - a[1], b[3] - b[1])


def _axis(run: list[Line]) -> float:
    return sum((ln.x0 + ln.x1) / 2 for ln in run) / len(run)


def _centred(run: list[Line], axis: float | None = None) -> bool:
    """Whether every line of a run is centred on one axis (`axis`, or their own)."""
    centre = _axis(run) if axis is None else axis
    return all(abs((ln.x0 + ln.x1) / 2 - centre) <= ln.size for ln in run)


def _follows(run: list[Line], above: list[Line]) -> bool:
    """Whether a run starts right below another one."""
    gap = min(ln.top for ln in run) - max(ln.bottom for ln in above)
    return -0.5 * run[0].size <= gap <= run[0].size


def _runs(lines: list[Line]) -> list[list[Line]]:
    """Consecutive lines of one region, role and style, each right below the one before."""
    runs: list[list[Line]] = []
    for line in lines:
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and last.region == line.region
            and last.role == line.role
            and last.italic == line.italic
            and abs(last.size - line.size) < 0.5
            and -0.5 * line.size <= line.top - last.bottom <= line.size
        ):
            runs[-1].append(line)
        else:
            runs.append([line])
    return runs


def _run_in(line: Line) -> bool:
    """Whether a line opens with a bold lead ending in a colon, text after it."""
    lead = ""
    for word in line.words:
        if not word.bold:
            break
        lead += word.text
    return lead.endswith(":") and len(lead) < len("".join(w.text for w in line.words))


def _labels(lines: list[Line], body: float) -> None:
    """Clusters of short, small labels outside any drawing are figure text too.

    Small print set as running text is not: a short line with a long one
    next to it (a note's last line), or lines stacked at one left edge at
    the leading (a list, a table, a code listing).
    """
    small = [ln for ln in lines if ln.role in (None, "figure") and ln.size <= SMALL_RATIO * body]
    for line in small:
        if line.role is not None:
            continue
        near = [o for o in small if o is not line and abs(o.top - line.top) <= 4 * line.size]
        stacked = any(
            o.region == line.region
            and (len(o.text) > 30 or abs(o.x0 - line.x0) <= 1)
            and min(abs(o.top - line.bottom), abs(line.top - o.bottom)) <= 0.6 * line.size
            for o in near
        )
        if len(line.text) <= 30 and near and not stacked:
            line.role = "figure"


def labelled_captions(
    lines: list[TextLine], figures: dict[int | None, list[Box]]
) -> tuple[list[TextLine], list[Repair]]:
    """Paragraphs that open with a figure's label right under or over a figure are captions.

    "Abbildung 2: …", "Abb. 3.", "Figure 1:" at the start of a paragraph
    that overlaps a figure across and stands within a caption's skip of its
    lower or upper edge is that figure's caption, however it is set (as wide
    as the text, at body size, bold).  This runs on decoded text, since a
    font without a Unicode map hides the label until the whole document is
    read.  `figures` are each page's drawn figures; figure text counts too.
    The line after such a caption starts a paragraph of its own.
    """
    result = list(lines)
    index = 0
    while index < len(result):
        line = result[index]
        end = index + 1
        while end < len(result) and _continues(result[end], result[end - 1]):
            end += 1
        run = result[index:end]
        if (
            line.role in ("body", "heading")
            and line.starts_paragraph
            and _FIGURE_LABEL.match(line.text.strip())
            and len(run) <= 2 * CAPTION_LINES
            and _next_to_figure(run, figures.get(line.page, []) + _figure_boxes(lines, line.page))
        ):
            result[index:end] = [ln.model_copy(update={"role": "caption"}) for ln in run]
            following = result[end] if end < len(result) else None
            if following is not None and following.page == line.page:
                result[end] = following.model_copy(update={"starts_paragraph": True})
        index = end
    return result, []


def _continues(line: TextLine, previous: TextLine) -> bool:
    """Whether a line goes on with the paragraph of the line before it, right below it."""
    if line.bbox is None or previous.bbox is None:
        return False
    height = previous.bbox[3] - previous.bbox[1]
    return (
        line.page == previous.page
        and line.role == previous.role
        and not line.starts_paragraph
        and -0.5 * height <= line.bbox[1] - previous.bbox[3] <= height
    )


def _figure_boxes(lines: list[TextLine], page: int | None) -> list[Box]:
    return [ln.bbox for ln in lines if ln.role == "figure" and ln.page == page and ln.bbox]


def _next_to_figure(run: list[TextLine], figures: list[Box]) -> bool:
    """Whether a run of lines overlaps a figure across and stands right under or over it."""
    boxes = [ln.bbox for ln in run if ln.bbox is not None]
    if not boxes:
        return False
    size = boxes[0][3] - boxes[0][1]
    x0, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return any(
        x0 < figure[2]
        and figure[0] < x1
        and (
            -size <= top - figure[3] <= CAPTION_SKIP * size
            or -size <= figure[1] - bottom <= CAPTION_SKIP * size
        )
        for figure in figures
    )
