"""The page furniture of a text extract: flattened pages, the viewer's header, page
numbers and the running headers and footers beside them.

A PDF viewer hands over the page numbers, figure callouts and its own header
as lines of text; they are marked as artefacts before the line roles are read
(`textlayout`), and the page numbers tell which page each line is on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise

from wordfreq import zipf_frequency

from rulekit.extract.artefacts import set_apart_as_artefacts
from rulekit.extract.textrows import (
    NUMBERS_ROW,
)
from rulekit.extract.textshapes import (
    BOX_FACTS,
    SECTION_NUMBER,
)
from rulekit.model import Repair, TextLine

# A page flattened onto one line is many times longer than any printed line.
FLATTENED_MIN_CHARS = 400
VIEWER_HEADER_MAX_WORDS = 5

# Callouts and pages are counted from 1: a lone "0" is a value the text displays.
_CALLOUT = re.compile(r"^(?!0$)\d{1,3}(?:\s+\d{1,3})*$")
_PUNCTUATION_ONLY = re.compile(r"^[.,;:!?)]+$")
# Numbers listed up to a conjunction at a line's end, which the next number ends.
_NUMBERS_GO_ON = re.compile(r"\d,?\s+(?:und|oder|bis)\s*$")
# What sets a page number apart from a running title beside it: "Spielregel – Seite 2".
_PAGE_SEPARATOR = r"[-–—|·•]"
# A page number set with its decoration: "- 2 -", "– 12 –", "Seite 3", "S. 3 von 8", "3/8";
# "Seite 3" also beside a running title of a few words ("Spielregel – Seite 2"), or set
# apart from it by a tab or a wide gap, as a viewer copies a footer's tab stops, or
# beside an article number ("Art.-Nr. 6 0317 · Seite 3").
_FEW_WORDS = r"[^\W\d_][\w.&'’-]*(?:\s+[\w.&'’-]+){0,3}"
_DECORATED_PAGE = re.compile(
    r"^(?:[-–—]\s*(\d{1,3})\s*[-–—]"
    rf"|(?:{_FEW_WORDS}(?:\s*{_PAGE_SEPARATOR}\s*|\s{{2,}}|\t))?(?:Seite|S\.)\s*(\d{{1,3}})"
    r"(?:\s*(?:von|/)\s*\d{1,3})?"
    rf"(?:\s*{_PAGE_SEPARATOR}\s*{_FEW_WORDS})?"
    r"|(\d{1,3})\s*/\s*\d{1,3})$"
)
# A page number beside a running title, either side: "Trumpf oder Tod 3", "4 | Trumpf oder
# Tod", or beside the publisher's copyright: "© 2005 Ammer Spiele 1".
_TITLE_WORD = r"[^\W\d_][\w.&'’-]*"
_TITLE = (
    rf"(?:©\s*(?:\d{{4}}\s+)?)?{_TITLE_WORD}(?:\s+(?:{_PAGE_SEPARATOR}\s+)?{_TITLE_WORD}){{0,5}}"
)
_TITLED_PAGE = re.compile(
    rf"^(?:(?P<title>{_TITLE})\s*{_PAGE_SEPARATOR}?\s*(?P<page>\d{{1,3}})"
    rf"|(?P<first>\d{{1,3}})\s*{_PAGE_SEPARATOR}?\s*(?P<heading>{_TITLE}))$"
)
# A titled page number is one of a run, each a page or few further on (an excerpt skips
# pages) and at least this many content lines after the last.
TITLED_PAGE_STEP = 3
TITLED_PAGE_LINES = 6
# The cover's lines, where a running title also stands as the game's name.
COVER_LINES = 5
# Without the page numbers given, lone numbers that rise a page at a time (or two: a
# page the excerpt or the reading order skips), this many at least, each at least
# `PAGE_LINES` content lines after the last, count the pages ("1" … "2" … "4").
PAGE_CHAIN = 4
# Fewer count the pages of a short copy whose first page bears none ("2" … "3" … "4"),
# if they count on one by one.
SHORT_PAGE_CHAIN = 3
PAGE_STEP = 2
PAGE_LINES = 15
# Between two page numbers stand few other lone numbers (a picture's callouts), not the
# ranks of a board.
PAGE_NOISE = 3
# Lines of as many numbers each (two or more), this many one under another, are the
# rows of a table ("1 1" / "2 3" / "3 6"), not callouts run together.
TABLE_ROWS = 3
# A line that stands this near (in content lines) to a page number at each of its
# occurrences but one, two at least, is a running header or footer ("STUFENLEITER –
# Spielregel"); the game's title at the copy's top is not counted with them.
RUNNING_REACH = 2
# The opening lines of a copy, where the game's title stands.
RUNNING_TITLE_LINES = 3
# Split points of a flattened page: before a section number that heads ("3.1 Das
# Krautfeld", not the reference in "Abweichend von 3.1 darf …") or a bullet.
_FLAT_SPLIT = re.compile(rf"\s+(?=(?:{SECTION_NUMBER}\s+[^\W\d_](?<![a-zäöüß])|[•▪●*]\s))")
_TRAILING_CAPS = re.compile(r"(?<=[.!?])\s+((?:[A-ZÄÖÜ]{2,}\s*){1,4})$")


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
    rows = _number_rows(lines)
    counted = (set() if pages else _page_chain(lines)) | _titled_page_numbers(lines)
    result: list[TextLine] = []
    repairs: list[Repair] = []
    previous_text: int | None = None  # index in result of the last content line
    after_callout = False
    for index, line in enumerate(lines):
        text = line.text.strip()
        if line.role == "artefact":
            result.append(line)
            continue
        page = text in forms or index in counted or _DECORATED_PAGE.match(text) is not None
        # The last of numbers listed goes on their sentence ("Felder 7, 13, 37 und" / "43").
        listed_on = previous_text is not None and _NUMBERS_GO_ON.search(result[previous_text].text)
        if page or (_CALLOUT.match(text) and index not in rows and not listed_on):
            kind = "page-number" if page else "callout"
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


def printed_page(text: str) -> int | None:
    """The page a page-number line names: "12", "- 12 -", "Seite 12"; None for facing
    pages run together ("1110") or anything else."""
    stripped = text.strip()
    if stripped.isdigit():
        return int(stripped)
    match = _DECORATED_PAGE.match(stripped)
    if match:
        return int(next(group for group in match.groups() if group))
    titled = _TITLED_PAGE.match(stripped)
    return int(titled["page"] or titled["first"]) if titled else None


def _titled_page_numbers(lines: list[TextLine]) -> set[int]:
    """The indices of page numbers set beside a running title ("Trumpf oder Tod 3").

    The same title comes back with numbers that rise page by page, far enough
    apart (`TITLED_PAGE_STEP`, `TITLED_PAGE_LINES`).  Section headings can look
    alike ("Runde 1" … "Runde 2"), so the run must also show it is page furniture:
    a separator beside the number, the title on the cover, or a sentence that reads
    on across it.
    """
    content = [index for index, line in enumerate(lines) if line.role != "artefact"]
    cover = " ".join(
        lines[index].text
        for index in content[:COVER_LINES]
        if not _TITLED_PAGE.match(lines[index].text.strip())
    ).casefold()
    runs: dict[str, list[tuple[int, int, int, bool]]] = {}
    for position, index in enumerate(content):
        match = _TITLED_PAGE.match(lines[index].text.strip())
        if match is None:
            continue
        title = " ".join(re.findall(_TITLE_WORD, match["title"] or match["heading"]))
        before = lines[content[position - 1]].text.rstrip() if position else "."
        after = lines[content[position + 1]].text.lstrip() if position + 1 < len(content) else ""
        reads_on = not before.endswith((".", "!", "?", ":")) and after[:1].islower()
        furniture = re.search(_PAGE_SEPARATOR, match[0]) is not None or reads_on
        runs.setdefault(title.casefold(), []).append(
            (index, position, int(match["page"] or match["first"]), furniture)
        )
    marked: set[int] = set()
    for title, run in runs.items():
        rising = all(
            1 <= number - earlier <= TITLED_PAGE_STEP and here - there >= TITLED_PAGE_LINES
            for (_, there, earlier, _), (_, here, number, _) in pairwise(run)
        )
        on_cover = re.search(rf"(?<!\w){re.escape(title)}(?!\w)", cover) is not None
        shown = on_cover or any(furniture for *_, furniture in run)
        if len(run) >= 2 and rising and shown:
            marked.update(index for index, *_ in run)
    return marked


def _page_chain(lines: list[TextLine]) -> set[int]:
    """The indices of the lone numbers that count the pages of a copy whose pages were
    not given (`PAGE_CHAIN`): the longest chain of rising numbers far enough apart, few
    other lone numbers between them.  Callouts cluster beside their picture and a
    board's ranks fall line by line."""
    numbers: list[tuple[int, int, int]] = []  # (index, content position, number)
    position = 0
    for index, line in enumerate(lines):
        if line.role == "artefact":
            continue
        text = line.text.strip()
        if text.isdigit() and _CALLOUT.match(text):
            numbers.append((index, position, int(text)))
        else:
            position += 1
    best: list[list[int]] = []
    for at, (_, here, number) in enumerate(numbers):
        links = [
            best[before]
            for before, (_, there, earlier) in enumerate(numbers[:at])
            if 1 <= number - earlier <= PAGE_STEP
            and here - there >= PAGE_LINES
            and at - before - 1 <= PAGE_NOISE
        ]
        best.append([*max(links, key=len, default=[]), at])
    chain = max(best, key=len, default=[])
    counted = [numbers[at][2] for at in chain]
    one_by_one = all(later - earlier == 1 for earlier, later in pairwise(counted))
    if len(chain) >= PAGE_CHAIN or (len(chain) >= SHORT_PAGE_CHAIN and one_by_one):
        return {numbers[at][0] for at in chain}
    return set()


def _number_rows(lines: list[TextLine]) -> set[int]:
    """The indices of content lines that are rows of a table of numbers (`TABLE_ROWS`)."""
    rows: set[int] = set()
    run: list[int] = []
    count = 0
    for index, line in enumerate([*lines, None]):
        if line is not None and line.role == "artefact":
            continue
        text = line.text.strip() if line is not None else ""
        numbers = len(text.split()) if NUMBERS_ROW.match(text) else 0
        if numbers >= 2 and numbers == count:
            run.append(index)
            continue
        if len(run) >= TABLE_ROWS:
            rows.update(run)
        run, count = ([index], numbers) if numbers >= 2 else ([], 0)
    return rows


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
        (index, number)
        for index, line in enumerate(lines)
        if line.artefact == "page-number"
        and (number := printed_page(line.text)) is not None
        and number in pages
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


def mark_running_lines(lines: list[TextLine]) -> tuple[list[TextLine], list[Repair]]:
    """Remove running headers and footers: a line said again and again, each time but
    once at most beside a page number (`RUNNING_REACH`), that ends no sentence.  Without them a
    sentence broken by a page break reads on across it."""
    content = [i for i, line in enumerate(lines) if line.role != "artefact"]
    pages = [
        i
        for i, line in enumerate(lines)
        if line.role == "artefact" and line.artefact == "page-number"
    ]
    near: dict[str, list[tuple[int, bool]]] = {}
    for position, index in enumerate(content):
        text = " ".join(lines[index].text.split())
        if not any(ch.isalpha() for ch in text) or text.endswith((".", "!", "?", ":", ",")):
            continue
        before = content[max(0, position - RUNNING_REACH)] if position else -1
        after = content[min(len(content) - 1, position + RUNNING_REACH)]
        beside = any(before <= page <= after for page in pages)
        near.setdefault(text, []).append((index, beside))
    kinds: dict[int, str] = {}
    for seen in near.values():
        # The first page often has no number: one occurrence may stand away from one;
        # the game's title that opens the copy, which the running head repeats, another.
        # The title is told from a first page's head by the box's facts under it ("Für 2
        # bis 4 Spieler ab 6 Jahren") or by a first page with a head of its own besides.
        numbered = sum(at for _, at in seen)
        first = seen[0][0]
        title = first in content[:RUNNING_TITLE_LINES] and not seen[0][1]
        under = content[content.index(first) + 1 : content.index(first) + 1 + RUNNING_TITLE_LINES]
        if title and (
            2 <= numbered < len(seen) - 1
            or any(BOX_FACTS.search(lines[index].text) for index in under)
        ):
            seen = seen[1:]
        if numbered >= 2 and numbered >= len(seen) - 1:
            kinds.update((index, "running-header") for index, _ in seen)
    return set_apart_as_artefacts(lines, kinds, confidence=0.9)


# The artefacts that stand where a page or a column ends.
BOUNDARY_KINDS = frozenset(
    {"page-number", "printer-slug", "fingerprint", "running-header", "viewer-header"}
)


def boundary_between(lines: list[TextLine], first: int, last: int) -> bool:
    """A boundary artefact (page number, slug, header) stands between two lines."""
    return any(_is_boundary(lines[i]) for i in range(first + 1, last))


def _is_boundary(line: TextLine) -> bool:
    return line.role == "artefact" and line.artefact in BOUNDARY_KINDS
