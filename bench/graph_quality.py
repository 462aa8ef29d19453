"""Quality of the rule graph against hand annotations: segmentation, kinds,
mechanical flags and `illustrates` / `exception-of` links, per manual.

Two kinds of manuals are scored:

- The development corpus, against `tests/data/graphs/<stem>.json` (format in that
  folder's README).  The prediction is rulekit's real pipeline on the gold reading:
  the annotated pages' gold lines (`tests/data/corpus/<stem>/page-NN.txt`), page by
  page, are written to a temporary `.txt` and go through `extract()` (the text path)
  and `GraphBuilder`, with the project glossary as `analyse()` uses it.  So the graph
  stage is measured on clean text, without PDF extraction errors.  The gold lines are
  written with a blank line between them: each gold line is a heading, paragraph or
  list item, and a blank line is how a text extract marks a paragraph.
  With `--wrapped` the corpus is scored a second time as a PDF viewer's copy gives it:
  every gold line re-wrapped at a printed line width (`WRAP_WIDTHS`, chosen per
  manual), some words broken at a line end with a hyphen, no blank line anywhere, a
  heading on its own line.  Then the text path has to find the paragraphs, headings
  and lists itself, as it must for a real copy.  With `--copied` it is scored on the
  annotated pages as a viewer copies them out of the PDF (poppler's text, what Evince
  and Okular copy), with `--chrome` as Chromium's viewer copies them (PDFium's text,
  CRLF line ends, a word broken at a line's end joined; Chrome and Edge are the
  viewers most readers open a PDF in).  With `--pdf` it is scored from the
  publisher's PDF itself (`$RULEKIT_CORPUS/<stem>.pdf`, its annotated pages only):
  the whole input end, columns, figures and furniture included.
- The bundled games in `sources/<game>/`: the gold is the graph with the editors'
  overrides applied (what `analyse()` returns), the prediction the graph of the same
  extraction with the overrides switched off (`GraphBuilder` output and the editors'
  supplement of rules the excerpt lacks).
- With `--annotations DIR`, instead, manuals annotated outside the repository, in a
  folder laid out as `tests/data` (`graphs/<stem>.json`, `corpus/<stem>/page-NN.txt`)
  and, where the annotator kept the viewer's copy the manual came as,
  `copies/<stem>.txt`: scored as paragraphs, re-wrapped and as that copy (placed text
  by text, as the poppler and Chrome copies are: a box the viewer copies before or
  after the column it stands in is where the viewer put it, not a segmentation error).

A gold unit that runs over several gold lines (a paragraph over a page break, a worked
example or a numbered step over several lines) is annotated as parts joined by
`continues` (naming the first part); the scorer counts such a chain as one gold unit,
its span running from the first part's start to the last part's end, with the links
given on the first part.

Alignment: white space is folded; every gold unit and every predicted node is placed
as a character span in the document text (the gold lines joined, or for a bundled
game the gold nodes' texts joined) by a word-level alignment, which tolerates the
small text repairs extraction makes.  A predicted node matches a gold unit, one to
one, when their spans overlap with an intersection over union of at least
`IOU_MIN` = 0.9: the node holds the same text but for a few characters (a stray
label, punctuation moved across a boundary), while a unit split in two or two
units run together never reach it.  A section rulekit makes up for body text before
the first heading (titled with the manual's title) is not in the annotated text and
is left out of the corpus predictions.

Metrics per manual:

- segmentation precision = matched / predicted nodes, recall = matched / gold units;
- kind accuracy over matched pairs: the kinds must be equal, so gold kinds rulekit has
  no kind for (lead-in, component, other) count as misses unless predicted exactly;
- mechanical accuracy over matched pairs whose gold unit is not a section;
- per link type: a predicted edge counts when both its ends are matched and the gold
  has the same (type, from, to); precision = counted / predicted edges of the type,
  recall = counted / gold links of the type.

It prints figures and never fails.  Targets of the issue: segmentation P/R >= 0.95,
kinds >= 0.90, mechanical >= 0.90, links P/R >= 0.80.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.model import normalise_text  # noqa: E402

if TYPE_CHECKING:
    from rulekit.graph.builder import GraphBuilder
    from rulekit.model import Extraction, RuleGraph, SourceInfo

# The development corpus's annotations; `--annotations DIR` scores another folder laid
# out the same way (DIR/graphs/<stem>.json, DIR/corpus/<stem>/page-NN.txt and, for the
# "copy" reading, DIR/copies/<stem>.txt: a viewer's copy its annotator made).
DATA = ROOT / "tests" / "data"
PDFS = Path(os.environ.get("RULEKIT_CORPUS", ROOT.parent / "shared" / "corpus"))
# How the corpus is given to rulekit: gold lines as paragraphs, a viewer's copy, the PDF,
# or the viewer's copy kept beside annotations of manuals outside the repository.
READINGS = ("paragraphs", "wrapped", "copied", "chrome", "pdf", "copy")
# PDFium marks a hyphen it found at a line's end (0xFFFE by FPDFText_GetText, 0x02 by
# the bounded text); Chromium's viewer drops it and joins the word (FormatStringWithHyphens).
PDFIUM_LINE_HYPHENS = "\ufffe\x02"
IOU_MIN = 0.9
# A text is placed only where at least this share of its characters is found word for word.
PLACED_MIN = 0.5
# Between gold lines in the temporary manual: a blank line, so each is its own paragraph.
LINE_SEPARATOR = "\n\n"
# `--wrapped`: the printed line widths (characters) a manual is re-wrapped at, one
# chosen per manual; the share of line ends where a long word is broken by a hyphen.
WRAP_WIDTHS = range(55, 76)
HYPHENATE_SHARE = 0.5
HYPHENATE_MIN = 8  # letters of a word that may be broken
LINK_TYPES = ("illustrates", "exception-of")
UNMATCHED = "(unmatched)"
TARGETS = {"seg": 0.95, "kind": 0.90, "mech": 0.90, "links": 0.80}

Span = tuple[int, int]


# Plain data and metrics (what tests/test_graph_quality.py pins) ----------------------


@dataclass(frozen=True)
class Unit:
    """A gold unit or a predicted node: id, kind, text, mechanical flag (None for sections).

    `continues` names the first part of the chain this unit continues (a gold unit that
    runs over several gold lines), None for a unit of its own or a chain's first part.
    """

    id: str
    kind: str
    text: str
    mechanical: bool | None = None
    continues: str | None = None


@dataclass(frozen=True)
class Link:
    """A typed link between two units, by id."""

    type: str
    source: str
    target: str


@dataclass
class Reading:
    """One reading of a manual: its units in reading order and its links."""

    units: list[Unit]
    links: list[Link] = field(default_factory=list)


@dataclass(frozen=True)
class Ratio:
    """hits / total, with None for 0 / 0."""

    hits: int
    total: int

    @property
    def value(self) -> float | None:
        return self.hits / self.total if self.total else None


@dataclass(frozen=True)
class LinkScore:
    """Links of one type: true positives, predicted edges, gold links."""

    tp: int
    predicted: int
    gold: int

    @property
    def precision(self) -> Ratio:
        return Ratio(self.tp, self.predicted)

    @property
    def recall(self) -> Ratio:
        return Ratio(self.tp, self.gold)


@dataclass
class Scores:
    """Every metric of one manual."""

    gold: int
    predicted: int
    matches: dict[str, str]  # gold unit id -> predicted node id
    kind: Ratio
    mechanical: Ratio
    links: dict[str, LinkScore]
    confusion: dict[str, Counter[str]]  # gold kind -> predicted kind (or UNMATCHED) counts
    spurious: Counter[str]  # kinds of the predicted nodes that match no gold unit
    unplaced: list[str]  # predicted ids that could not be placed in the document

    @property
    def precision(self) -> Ratio:
        return Ratio(len(self.matches), self.predicted)

    @property
    def recall(self) -> Ratio:
        return Ratio(len(self.matches), self.gold)


def place(document: str, texts: list[str]) -> list[Span | None]:
    """The character span of each text in `document`, or None where it is not there.

    The texts are in reading order; they are aligned word by word against the
    document (white space folded), so a text placed exactly keeps its exact span
    and a repaired word ("x" for "fix") still lands where it belongs.  Words of
    the document that no text holds (dropped lines) and words of a text that the
    document lacks are skipped; a text less than `PLACED_MIN` of whose characters
    are found word for word is not placed at all.
    """
    document = normalise_text(document)
    doc_words = [(m.start(), m.end()) for m in re.finditer(r"\S+", document)]
    words: list[str] = []
    owner: list[int] = []  # the text each stream word belongs to
    for index, text in enumerate(texts):
        for word in normalise_text(text).split():
            words.append(word)
            owner.append(index)
    mapped: list[Span | None] = [None] * len(words)
    same = [False] * len(words)  # found word for word
    matcher = SequenceMatcher(None, words, [document[a:b] for a, b in doc_words], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for offset in range(i2 - i1):
                mapped[i1 + offset] = doc_words[j1 + offset]
                same[i1 + offset] = True
        elif tag == "replace":
            # Spread the text's words over the document's words of the same stretch,
            # in proportion to their characters.
            lengths = [len(words[i]) + 1 for i in range(i1, i2)]
            start, end = doc_words[j1][0], doc_words[j2 - 1][1]
            scale = (end - start) / sum(lengths)
            position = 0
            for i, length in zip(range(i1, i2), lengths, strict=True):
                a = start + round(position * scale)
                b = start + round((position + length - 1) * scale)
                mapped[i] = (a, max(a, b))
                position += length
    spans: list[Span | None] = [None] * len(texts)
    found = [0] * len(texts)
    for index, span, word, exact in zip(owner, mapped, words, same, strict=True):
        found[index] += len(word) if exact else 0
        if span is None:
            continue
        current = spans[index]
        spans[index] = span if current is None else (current[0], span[1])
    return [
        span if found[index] >= PLACED_MIN * len(normalise_text(text).replace(" ", "")) else None
        for index, (span, text) in enumerate(zip(spans, texts, strict=True))
    ]


def place_anywhere(document: str, texts: list[str]) -> list[Span | None]:
    """The character span of each text in `document`, for a reading whose order is not
    the document's (a viewer's copy of a page set in columns and boxes).

    The texts are placed in order (`place`) where they can be, so that a short one
    ("Chance") lands at its own place and not at an earlier mention; each text left
    over is then found alone (`place_each`).
    """
    spans = place(document, texts)
    missing = [index for index, span in enumerate(spans) if span is None]
    for index, span in zip(missing, place_each(document, [texts[i] for i in missing]), strict=True):
        spans[index] = span
    return spans


def place_each(document: str, texts: list[str]) -> list[Span | None]:
    """The character span of each text in `document`, found wherever it stands: each
    text is aligned alone, around its longest run of words found word for word, and is
    placed as `place` places it."""
    document = normalise_text(document)
    doc_words = [(m.start(), m.end()) for m in re.finditer(r"\S+", document)]
    tokens = [document[a:b] for a, b in doc_words]
    matcher = SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(tokens)
    spans: list[Span | None] = []
    for text in texts:
        words = normalise_text(text).split()
        matcher.set_seq1(words)
        blocks = [b for b in matcher.get_matching_blocks() if b.size]
        if not blocks:
            spans.append(None)
            continue
        longest = max(blocks, key=lambda b: b.size)
        reach = len(words)
        near = [
            b
            for b in blocks
            if b.b >= longest.b - reach - longest.a and b.b + b.size <= longest.b + 2 * reach
        ]
        found = sum(len(w) for b in near for w in words[b.a : b.a + b.size])
        first, last = min(near, key=lambda b: b.b), max(near, key=lambda b: b.b + b.size)
        span = (doc_words[first.b][0], doc_words[last.b + last.size - 1][1])
        spans.append(span if found >= PLACED_MIN * len("".join(words)) else None)
    return spans


def join_continuations(
    reading: Reading, spans: list[Span | None]
) -> tuple[Reading, list[Span | None]]:
    """One unit per `continues` chain, with the span of the whole chain.

    A chain is its first part (kind, flags and id) spanning from the first part's start
    to the last part's end.  Links are the first part's; a link that names a later part
    is read as naming the first.
    """
    first_of: dict[str, str] = {}  # later part -> the chain's first part
    index: dict[str, int] = {}
    units: list[Unit] = []
    joined: list[Span | None] = []
    for unit, span in zip(reading.units, spans, strict=True):
        first = first_of.get(unit.continues, unit.continues) if unit.continues else None
        if first is None or first not in index:
            index[unit.id] = len(units)
            units.append(unit)
            joined.append(span)
            continue
        first_of[unit.id] = first
        current = joined[index[first]]
        if span is not None:
            joined[index[first]] = (
                span if current is None else (min(current[0], span[0]), max(current[1], span[1]))
            )
    links: list[Link] = []
    for link in reading.links:
        mapped = Link(
            link.type,
            first_of.get(link.source, link.source),
            first_of.get(link.target, link.target),
        )
        if mapped not in links:
            links.append(mapped)
    return Reading(units, links), joined


def iou(a: Span, b: Span) -> float:
    """Intersection over union of two character spans."""
    inter = min(a[1], b[1]) - max(a[0], b[0])
    union = max(a[1], b[1]) - min(a[0], b[0])
    return max(inter, 0) / union if union > 0 else float(a == b)


def match(gold: list[Span | None], predicted: list[Span | None]) -> dict[int, int]:
    """One-to-one matches, gold index -> predicted index, best overlap first."""
    pairs = []
    for g, gold_span in enumerate(gold):
        if gold_span is None:
            continue
        for p, predicted_span in enumerate(predicted):
            if predicted_span is None or predicted_span[0] > gold_span[1]:
                continue
            overlap = iou(gold_span, predicted_span)
            if overlap >= IOU_MIN:
                pairs.append((-overlap, g, p))
    pairs.sort()
    result: dict[int, int] = {}
    taken: set[int] = set()
    for _, g, p in pairs:
        if g not in result and p not in taken:
            result[g] = p
            taken.add(p)
    return result


def score(document: str, gold: Reading, predicted: Reading, ordered: bool = True) -> Scores:
    """Align both readings to the document and compute every metric; a prediction not
    in the document's order (`ordered` false) is placed text by text (`place_anywhere`)."""
    gold, gold_spans = join_continuations(gold, place(document, [u.text for u in gold.units]))
    placer = place if ordered else place_anywhere
    predicted, predicted_spans = join_continuations(
        predicted, placer(document, [u.text for u in predicted.units])
    )
    pairs = match(gold_spans, predicted_spans)
    matches = {gold.units[g].id: predicted.units[p].id for g, p in pairs.items()}
    kind_hits = mechanical_hits = mechanical_total = 0
    confusion: dict[str, Counter[str]] = {}
    for g, unit in enumerate(gold.units):
        counts = confusion.setdefault(unit.kind, Counter())
        if g not in pairs:
            counts[UNMATCHED] += 1
            continue
        node = predicted.units[pairs[g]]
        counts[node.kind] += 1
        kind_hits += node.kind == unit.kind
        if unit.kind != "section":
            mechanical_total += 1
            mechanical_hits += bool(node.mechanical) == bool(unit.mechanical)
    matched_predictions = set(pairs.values())
    spurious = Counter(
        u.kind for p, u in enumerate(predicted.units) if p not in matched_predictions
    )
    to_gold = {p: g for g, p in matches.items()}
    links = {}
    for kind in LINK_TYPES:
        gold_links = {(link.source, link.target) for link in gold.links if link.type == kind}
        edges = {(link.source, link.target) for link in predicted.links if link.type == kind}
        tp = sum(
            1
            for source, target in edges
            if source in to_gold
            and target in to_gold
            and (to_gold[source], to_gold[target]) in gold_links
        )
        links[kind] = LinkScore(tp, len(edges), len(gold_links))
    return Scores(
        gold=len(gold.units),
        predicted=len(predicted.units),
        matches=matches,
        kind=Ratio(kind_hits, len(pairs)),
        mechanical=Ratio(mechanical_hits, mechanical_total),
        links=links,
        confusion=confusion,
        spurious=spurious,
        unplaced=[u.id for u, s in zip(predicted.units, predicted_spans, strict=True) if s is None],
    )


# Readings of the manuals --------------------------------------------------------------


def graph_reading(graph: RuleGraph, leave_out: frozenset[str] = frozenset()) -> Reading:
    """A rule graph as plain data, without the nodes in `leave_out`."""
    return Reading(
        units=[
            Unit(n.id, n.kind, n.text, None if n.kind == "section" else n.mechanical)
            for n in graph.nodes
            if n.id not in leave_out
        ],
        links=[Link(e.type, e.from_, e.to) for e in graph.edges],
    )


def gold_lines(stem: str, pages: list[int], data: Path = DATA) -> list[str]:
    """The gold body lines of the annotated pages, page by page."""
    lines: list[str] = []
    for page in pages:
        text = (data / "corpus" / stem / f"page-{page:02d}.txt").read_text("utf-8")
        lines.extend(line for line in text.splitlines() if line.strip())
    return lines


def annotation(data: dict[str, Any]) -> Reading:
    """A `tests/data/graphs/<stem>.json` annotation as plain data."""
    return Reading(
        units=[
            Unit(u["id"], u["kind"], u["text"], u.get("mechanical"), u.get("continues"))
            for u in data["units"]
        ],
        links=[Link(link["type"], link["from"], link["to"]) for link in data["links"]],
    )


def made_up_sections(info: SourceInfo, extraction: Extraction, graph: RuleGraph) -> frozenset[str]:
    """The section rulekit titles with the manual's title when body text comes first.

    It is the first section node titled with the manual's title where no block of
    the text is, or right before the title line of the text read as `other` (the
    game's name on the cover).
    """
    texts = {b.text for b in extraction.blocks}
    following = {a.id: b for a, b in zip(graph.nodes, graph.nodes[1:], strict=False)}
    return frozenset(
        next(
            (
                [n.id]
                for n in graph.nodes
                if n.kind == "section"
                and n.text == info.title
                and (
                    n.text not in texts
                    or (
                        n.id in following
                        and following[n.id].kind == "other"
                        and following[n.id].text == n.text
                    )
                )
            ),
            [],
        )
    )


def wrap_width(stem: str) -> int:
    """The printed line width a manual is re-wrapped at in `--wrapped` mode (stable per stem)."""
    return WRAP_WIDTHS[zlib.crc32(stem.encode("utf-8")) % len(WRAP_WIDTHS)]


_VOWELS = set("aeiouäöüy")


def _break_points(word: str) -> list[int]:
    """Where a word may be broken at a line end: before a consonant that opens a syllable.

    A rough German hyphenation ("Spiel-feld", "Zie-le"): between a vowel and a
    consonant followed by a vowel, or between two consonants after a vowel; both
    parts keep at least three letters.
    """
    lower = word.lower()
    points = []
    for i in range(3, len(word) - 2):
        if not (word[:i].isalpha() and word[i:].rstrip('.,;:!?)\u201c"').isalpha()):
            continue
        a, b, c = lower[i - 1], lower[i], lower[i + 1]
        if b in _VOWELS or (b == "h" and a in "cstp") or (a == "c" and b == "k"):
            continue
        if (a in _VOWELS and c in _VOWELS) or (a not in _VOWELS and lower[i - 2] in _VOWELS):
            points.append(i)
    return points


def wrap(text: str, width: int, rng: random.Random) -> list[str]:
    """One gold line as a viewer copy gives it: lines of at most `width` characters.

    A word that does not fit goes to the next line, unless it is a compound with a
    hyphen (broken after its hyphen) or a long word broken with a hyphen at a
    syllable (in `HYPHENATE_SHARE` of the cases where one fits).
    """
    lines: list[str] = []
    current = ""
    for word in text.split():
        while len(current) + bool(current) + len(word) > width:
            room = width - len(current) - bool(current)
            cut, head = 0, ""
            hyphens = [i + 1 for i, c in enumerate(word[:-1]) if c == "-" and i + 1 <= room]
            if hyphens and word[: hyphens[-1] - 1].isalpha():
                cut = hyphens[-1]
                head = word[:cut]
            elif sum(c.isalpha() for c in word) >= HYPHENATE_MIN and rng.random() < HYPHENATE_SHARE:
                fitting = [i for i in _break_points(word) if i + 1 <= room]
                if fitting:
                    cut = fitting[-1]
                    head = word[:cut] + "-"
            if not current and not head:
                break  # longer than a line: it stands alone
            lines.append(f"{current} {head}".strip())
            current, word = "", word[cut:]
        current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


def wrapped_text(stem: str, lines: list[str]) -> str:
    """The gold lines of a manual as a viewer copy: re-wrapped, no blank lines."""
    rng = random.Random(stem)
    width = wrap_width(stem)
    return "\n".join(part for line in lines for part in wrap(line, width, rng)) + "\n"


def copied_text(stem: str, pages: list[int]) -> str:
    """The annotated pages of a corpus PDF as a viewer's copy gives them: poppler's text
    (what Evince and Okular copy), or for a scanned page Tesseract's plain text (what
    the text layer of an OCR'd PDF gives), every line as it comes, no blank lines."""
    pdf = PDFS / f"{stem}.pdf"
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        for page in pages:
            number = ["-f", str(page), "-l", str(page)]
            text = subprocess.run(
                ["pdftotext", "-enc", "UTF-8", *number, *_crop_area(pdf, page), str(pdf), "-"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            if not text.strip():
                image = Path(folder) / "page"
                render = ["pdftoppm", "-r", "300", "-gray", "-png", "-singlefile", *number]
                subprocess.run([*render, str(pdf), str(image)], check=True)
                text = subprocess.run(
                    ["tesseract", f"{image}.png", "-", "-l", "deu"],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
            lines.extend(line for line in text.replace("\f", "\n").splitlines() if line.strip())
    return "\n".join(lines) + "\n"


def chrome_text(stem: str, pages: list[int]) -> str:
    """The annotated pages of a corpus PDF as Chromium's viewer (Chrome, Edge) copies
    them: PDFium's text of the page's crop box in content order, CRLF line ends, a
    word broken at a line's end joined and the line broken after it instead; a scanned
    page as `copied_text` reads it."""
    import pypdfium2

    document = pypdfium2.PdfDocument(PDFS / f"{stem}.pdf")
    parts: list[str] = []
    for page in pages:
        sheet = document[page - 1]
        text = sheet.get_textpage().get_text_bounded(*sheet.get_cropbox())
        if not text.strip():
            text = copied_text(stem, [page])
        parts.append(_join_line_hyphens(text).replace(" \r\n", "\r\n"))
    return "\r\n".join(parts)


def _join_line_hyphens(text: str) -> str:
    """Chromium's handling of PDFium's line-end hyphens: the mark is dropped, and the
    first space after the joined word becomes the line break."""
    joined: list[str] = []
    broken = False
    for char in text:
        if char in PDFIUM_LINE_HYPHENS:
            broken = True
            continue
        if broken and char.isspace():
            broken = False
            if char not in "\r\n":
                char = "\r\n"
        joined.append(char)
    return "".join(joined)


def _crop_area(pdf: Path, page: int) -> list[str]:
    """pdftotext's options for the page's crop box as displayed, what a viewer shows and
    selects: a page cut from a spread holds the whole spread's text beyond it."""
    info = subprocess.run(
        ["pdfinfo", "-box", "-f", str(page), "-l", str(page), str(pdf)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    boxes = {
        name: [float(v) for v in values.split()]
        for name, values in re.findall(r"(MediaBox|CropBox):\s+([\d.\s]+?)\n", info)
    }
    rotation = re.search(r"rot:\s+(\d+)", info)
    (mx0, my0, mx1, my1), (cx0, cy0, cx1, cy1) = boxes["MediaBox"], boxes["CropBox"]
    width, height = cx1 - cx0, cy1 - cy0
    # The crop box's top-left corner on the page as displayed, turned by /Rotate.
    area = {
        0: (cx0 - mx0, my1 - cy1, width, height),
        90: (cy0 - my0, cx0 - mx0, height, width),
        180: (mx1 - cx1, cy0 - my0, width, height),
        270: (my1 - cy1, mx1 - cx1, height, width),
    }[int(rotation.group(1)) % 360 if rotation else 0]
    return [
        part
        for name, value in zip("xyWH", area, strict=True)
        for part in (f"-{name}", f"{value:.0f}")
    ]


def corpus_manual(
    stem: str,
    builder: GraphBuilder,
    words: list[str],
    reading: str = "paragraphs",
    data: Path = DATA,
) -> tuple[str, Reading, Reading, list[str]]:
    """Document text, gold and predicted reading of one annotated corpus manual.

    `reading` (one of `READINGS`): the gold lines as paragraphs of a text file, a
    viewer copy of them (`wrapped_text`), a viewer copy of the PDF (`copied_text`), the
    annotated pages of the PDF, or the viewer's copy kept in `data`/copies.
    """
    from rulekit.extract import extract
    from rulekit.model import SourceInfo

    annotated = json.loads((data / "graphs" / f"{stem}.json").read_text("utf-8"))
    pages = annotated["pages"]
    lines = gold_lines(stem, pages, data)
    document = " ".join(normalise_text(line) for line in lines)
    gold = annotation(annotated)
    problems = annotation_problems(document, gold)
    with tempfile.TemporaryDirectory() as folder:
        if reading == "pdf":
            manual = PDFS / f"{stem}.pdf"
            extraction = annotated_pages(extract(manual, None, words), pages)
        else:
            manual = Path(folder) / f"{stem}.txt"
            if reading == "wrapped":
                text = wrapped_text(stem, lines)
            elif reading == "copied":
                text = copied_text(stem, pages)
            elif reading == "chrome":
                text = chrome_text(stem, pages)
            elif reading == "copy":
                text = (data / "copies" / f"{stem}.txt").read_text("utf-8")
            else:
                text = LINE_SEPARATOR.join(lines) + "\n"
            manual.write_text(text, encoding="utf-8", newline="")
            extraction = extract(manual, None, words)
    info = SourceInfo(
        game=stem,
        title=stem.capitalize(),
        publisher="-",
        edition="-",
        pages=pages,
        file=manual.name,
        sha256="0" * 64,
    )
    graph = builder.build(info, extraction)
    predicted = graph_reading(graph, made_up_sections(info, extraction, graph))
    return document, gold, predicted, problems


def annotated_pages(extraction: Extraction, pages: list[int]) -> Extraction:
    """The blocks and repairs of a whole PDF's extraction on the annotated `pages`: the
    PDF is read whole, as a user gives it (its tags, its body style, its running heads)."""
    return extraction.model_copy(
        update={
            "blocks": [b for b in extraction.blocks if b.page in pages],
            "repairs": [r for r in extraction.repairs if r.page in pages],
        }
    )


def annotation_problems(document: str, gold: Reading) -> list[str]:
    """Gold units not found, in order, in the gold text, and gold text no unit holds."""
    problems = []
    cursor = 0
    for unit in gold.units:
        text = normalise_text(unit.text)
        found = document.find(text, cursor)
        if found < 0:
            problems.append(f"{unit.id} not found in the gold text after offset {cursor}")
            continue
        if document[cursor:found].strip():
            problems.append(f"text before {unit.id} in no unit: {document[cursor:found][:40]!r}")
        cursor = found + len(text)
    if document[cursor:].strip():
        problems.append(f"text after the last unit in no unit: {document[cursor:][:40]!r}")
    return problems


def bundled_manuals(builder: GraphBuilder) -> list[tuple[str, str, Reading, Reading]]:
    """Name, document text, gold (overrides applied) and prediction of each bundled game."""
    from rulekit.build import analyse
    from rulekit.project import Project
    from rulekit.supplements import supplemented

    result = []
    for manual in analyse(Project(ROOT), specs=False):
        gold = graph_reading(manual.graph)
        # The editors' supplement adds rules the excerpt lacks; only the overrides are off.
        folder = ROOT / "sources" / manual.info.game
        built = supplemented(builder.build(manual.info, manual.extraction), folder, builder)
        predicted = graph_reading(built)
        document = " ".join(normalise_text(u.text) for u in gold.units)
        result.append((f"sources/{manual.info.game}", document, gold, predicted))
    return result


# Report --------------------------------------------------------------------------------


def figure(ratio: Ratio) -> str:
    value = ratio.value
    return "  -  " if value is None else f"{value:.2f}"


def link_cell(link: LinkScore) -> str:
    counts = f"({link.tp}/{link.predicted}/{link.gold})"
    return f"{figure(link.precision)}/{figure(link.recall)} {counts}"


def total(scores: list[Scores]) -> Scores:
    """Pooled counts of several manuals (micro-averages)."""
    matches = {f"{n}:{g}": p for n, s in enumerate(scores) for g, p in s.matches.items()}
    confusion: dict[str, Counter[str]] = {}
    for s in scores:
        for kind, counts in s.confusion.items():
            confusion.setdefault(kind, Counter()).update(counts)
    return Scores(
        gold=sum(s.gold for s in scores),
        predicted=sum(s.predicted for s in scores),
        matches=matches,
        kind=Ratio(sum(s.kind.hits for s in scores), sum(s.kind.total for s in scores)),
        mechanical=Ratio(
            sum(s.mechanical.hits for s in scores), sum(s.mechanical.total for s in scores)
        ),
        links={
            kind: LinkScore(
                sum(s.links[kind].tp for s in scores),
                sum(s.links[kind].predicted for s in scores),
                sum(s.links[kind].gold for s in scores),
            )
            for kind in LINK_TYPES
        },
        confusion=confusion,
        spurious=sum((s.spurious for s in scores), Counter()),
        unplaced=[u for s in scores for u in s.unplaced],
    )


def row(name: str, s: Scores) -> str:
    units = f"{len(s.matches)}/{s.predicted}/{s.gold}"
    return (
        f"{name:<18} {units:>15}  {figure(s.precision):>5}  {figure(s.recall):>5}  "
        f"{figure(s.kind):>5}  {figure(s.mechanical):>5}  "
        f"{link_cell(s.links['illustrates']):<31}  {link_cell(s.links['exception-of'])}"
    ).rstrip()


def confusion_lines(name: str, s: Scores) -> list[str]:
    lines = [f"{name}: gold kind -> predicted kind"]
    for kind in sorted(s.confusion, key=lambda k: -s.confusion[k].total()):
        counts = s.confusion[kind]
        listed = ", ".join(f"{k} {n}" for k, n in counts.most_common())
        lines.append(f"  {kind:<10} {counts.total():>4} -> {listed}")
    if s.spurious:
        listed = ", ".join(f"{k} {n}" for k, n in s.spurious.most_common())
        lines.append(f"  predicted nodes matching no gold unit: {listed}")
    if s.unplaced:
        lines.append(f"  predicted nodes not found in the text: {', '.join(s.unplaced[:5])}")
    return lines


def misses(document: str, gold: Reading, predicted: Reading, ordered: bool = True) -> list[str]:
    """Gold units that were missed or mistyped, with the nodes that overlap them (`--show`)."""
    gold, gold_spans = join_continuations(gold, place(document, [u.text for u in gold.units]))
    placer = place if ordered else place_anywhere
    predicted, spans = join_continuations(
        predicted, placer(document, [u.text for u in predicted.units])
    )
    pairs = match(gold_spans, spans)
    lines = []
    for g, unit in enumerate(gold.units):
        span = gold_spans[g]
        if g in pairs:
            node = predicted.units[pairs[g]]
            same_mech = unit.kind == "section" or bool(node.mechanical) == bool(unit.mechanical)
            if node.kind == unit.kind and same_mech:
                continue
            lines.append(
                f"{unit.id} {unit.kind}/{unit.mechanical} -> {node.kind}/{node.mechanical}: "
                f"{unit.text[:90]}"
            )
            continue
        lines.append(f"{unit.id} {unit.kind}/{unit.mechanical} UNMATCHED: {unit.text[:90]}")
        for p, other in enumerate(spans):
            if span and other and min(span[1], other[1]) > max(span[0], other[0]):
                node = predicted.units[p]
                lines.append(f"    ~ {node.kind}/{node.mechanical}: {node.text[:100]}")
    return lines


def corpus_scores(
    builder: GraphBuilder, words: list[str], reading: str, show: set[str], data: Path = DATA
) -> tuple[list[tuple[str, Scores]], list[str]]:
    """Scores of every manual annotated in `data` in one reading (`READINGS`), and the
    annotation problems; the "copy" reading scores the manuals with a copy in `data`."""
    results: list[tuple[str, Scores]] = []
    notes: list[str] = []
    for path in sorted((data / "graphs").glob("*.json")):
        if reading == "copy" and not (data / "copies" / f"{path.stem}.txt").exists():
            continue
        document, gold, predicted, problems = corpus_manual(
            path.stem, builder, words, reading, data
        )
        # A viewer's copy keeps the viewer's reading order, not the gold's.
        ordered = reading not in ("copied", "chrome", "copy")
        results.append((path.stem, score(document, gold, predicted, ordered)))
        if reading == "paragraphs":
            notes.extend(f"{path.stem}: annotation: {problem}" for problem in problems)
        if path.stem in show:
            notes.append(f"{path.stem} ({reading}): misses")
            notes.extend(f"  {line}" for line in misses(document, gold, predicted, ordered))
    return results, notes


def table(title: str, results: list[tuple[str, Scores]], pooled: list[tuple[str, Scores]]) -> None:
    header = (
        f"{'manual':<18} {'match/pred/gold':>15}  {'seg P':>5}  {'seg R':>5}  "
        f"{'kind':>5}  {'mech':>5}  {'illustrates P/R (tp/pred/gold)':<31}  "
        f"{'exception-of P/R (tp/pred/gold)'}"
    )
    print(title)
    print(header)
    print("-" * len(header))
    for name, scores in results:
        print(row(name, scores))
    print("-" * len(header))
    for name, scores in pooled:
        print(row(name, scores))
    print()


def score_annotations(builder: GraphBuilder, words: list[str], data: Path, show: set[str]) -> None:
    """The tables of the manuals annotated in `data` (`--annotations`)."""
    notes: list[str] = []
    for reading, title in (
        ("paragraphs", "Paragraphs: gold lines separated by blank lines"),
        ("wrapped", "Wrapped: the gold lines re-wrapped as a viewer copy"),
        ("copy", "Copy: the viewer's copy kept beside the annotations"),
    ):
        results, more = corpus_scores(builder, words, reading, show, data)
        notes.extend(more)
        if results:
            table(title, results, [("pooled", total([s for _, s in results]))])
    print("\n".join(notes))


def main(argv: list[str] | None = None) -> None:
    from rulekit.extract.lexicon import german_lexicon
    from rulekit.graph.builder import GraphBuilder
    from rulekit.i18n.glossary import glossary_words, load_glossary

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--wrapped",
        action="store_true",
        help="also score the corpus as a PDF viewer's copy (re-wrapped lines, no blank lines)",
    )
    parser.add_argument(
        "--copied",
        action="store_true",
        help="also score the corpus as a viewer copies its PDFs (poppler's text, OCR for scans)",
    )
    parser.add_argument(
        "--chrome",
        action="store_true",
        help="also score the corpus as Chrome's viewer copies its PDFs (PDFium's text)",
    )
    parser.add_argument(
        "--pdf",
        action="store_true",
        help="also score the corpus from its PDFs (the whole input end)",
    )
    parser.add_argument("--show", nargs="*", default=[], help="list the misses of these manuals")
    parser.add_argument("--corpus-only", action="store_true", help="skip the bundled games")
    parser.add_argument(
        "--annotations",
        type=Path,
        help="score instead the manuals annotated in this folder (graphs/, corpus/ and "
        "optionally copies/, laid out as tests/data), as paragraphs, re-wrapped and as copied",
    )
    args = parser.parse_args(argv)
    show = set(args.show)
    if args.annotations is not None and not (args.annotations / "graphs").is_dir():
        print(f"{args.annotations}: no graphs/ folder of annotations", file=sys.stderr)
        raise SystemExit(2)

    start = time.perf_counter()
    glossary = load_glossary(ROOT / "glossary" / "terms.yaml")
    words = glossary_words(glossary)
    builder = GraphBuilder(glossary, german_lexicon(words))
    if args.annotations is not None:
        score_annotations(builder, words, args.annotations, show)
        return
    corpus, notes = corpus_scores(builder, words, "paragraphs", show)
    bundled: list[tuple[str, Scores]] = []
    if not args.corpus_only:
        for name, document, gold, predicted in bundled_manuals(builder):
            bundled.append((name, score(document, gold, predicted)))
            if name in show:
                notes.append(f"{name}: misses")
                notes.extend(f"  {line}" for line in misses(document, gold, predicted))
    results = corpus + bundled
    pooled = [("corpus (pooled)", total([s for _, s in corpus]))]
    if bundled:
        pooled.append(("sources (pooled)", total([s for _, s in bundled])))
    table("Paragraphs: gold lines separated by blank lines", results, pooled)
    others: dict[str, list[tuple[str, Scores]]] = {}
    for reading, wanted, title in (
        (
            "wrapped",
            args.wrapped,
            "Wrapped: a viewer copy (lines re-wrapped, words hyphenated, no blank lines)",
        ),
        (
            "copied",
            args.copied,
            "Copied: the PDF's text as a viewer copies it (poppler; Tesseract for a scan)",
        ),
        (
            "chrome",
            args.chrome,
            "Chrome: the PDF's text as Chromium's viewer copies it (PDFium; Tesseract for a scan)",
        ),
        ("pdf", args.pdf, "PDF: the publisher's file, its annotated pages"),
    ):
        if not wanted:
            continue
        others[reading], more = corpus_scores(builder, words, reading, show)
        notes.extend(more)
        table(
            title,
            [
                (f"{name} @{wrap_width(name)}" if reading == "wrapped" else name, scores)
                for name, scores in others[reading]
            ],
            [("corpus (pooled)", total([s for _, s in others[reading]]))],
        )
    seconds = time.perf_counter() - start

    for name, scores in results:
        print("\n".join(confusion_lines(name, scores)))
    for reading, scored in others.items():
        for name, scores in scored:
            print("\n".join(confusion_lines(f"{name} ({reading})", scores)))
    for note in notes:
        print(note)
    print()
    print(
        f"targets: seg P/R >= {TARGETS['seg']:.2f}, kind >= {TARGETS['kind']:.2f}, "
        f"mech >= {TARGETS['mech']:.2f}, links P/R >= {TARGETS['links']:.2f}; "
        f"matched at span IoU >= {IOU_MIN}; "
        f"{len(results) + sum(map(len, others.values()))} readings in {seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
