"""Count the print files and pages of a build that break the print rules of issue #15.

Reads every PDF under build/cards (run `make build` first) and prints, per rule,
how many files or pages break it; exits 1 when any does.

- intent:     no CMYK output intent (file)
- rgb:        a colour left in RGB, in a content stream or a colour space (file)
- lang/title: no /Lang or no title in the metadata (file)
- tool:       "rulekit" printed on a page instead of only in the metadata (page)
- marks:      a stroke of a card page inside its BleedBox but outside its TrimBox
              (crop marks on the card's edge) (page)
- tiny:       a glyph under 6.5 pt (page)
- body:       more than one body size in a deck, or one under 7 pt (file)
- u2010:      U+2010 in the text layer, a hyphenated word cut in two (page)
- hyphens:    more than two hyphenated line ends in a row (page)
- pl-orphan:  a Polish line ending in a one-letter word (page)
- fr-space:   French ; : ! ? without a no-break space before them (page)
"""

from __future__ import annotations

import itertools
import re
import sys
from collections import Counter
from pathlib import Path

import pdfplumber
import pikepdf

from rulekit.output.cards.prepress import holds_rgb

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "build" / "cards"
GUTTER = 8  # pt: the narrowest white between two columns
ACROSS_COLUMNS = 3  # words that may cross a gutter: a running head or foot
COLUMN_WORDS = 10  # words a column holds at the least
ONE_LETTER = re.compile(r"(?:^|\s)[aiouwzAIOUWZ]$")


def file_problems(path: Path) -> set[str]:
    """The file-level rules a print file breaks."""
    found = set()
    with pikepdf.open(path) as pdf:
        intents = pdf.Root.get("/OutputIntents")
        if not intents or not any("/DestOutputProfile" in i for i in intents):
            found.add("intent")
        if "/Lang" not in pdf.Root or not str(pdf.docinfo.get("/Title", "")):
            found.add("lang/title")
        if holds_rgb(pdf):
            found.add("rgb")
    if path.name.endswith("-cards.pdf"):
        with pdfplumber.open(path) as pdf:
            sizes = Counter(
                round(c["size"], 1)
                for page in pdf.pages
                for c in page.chars
                if 6.9 <= c["size"] < 9
            )
        body = [size for size, count in sizes.items() if count > 40]
        if len(body) != 1 or body[0] < 7:
            found.add("body")
    return found


def page_problems(path: Path, lang: str) -> list[set[str]]:
    """The page-level rules each page of a print file breaks."""
    pages = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            found = set()
            text = page.extract_text() or ""
            # Line ends are read column by column: a sheet's two columns (or an A4
            # imposition's three cards) extracted together would join the lines
            # that stand side by side into one.
            lines = [
                line
                for column in _columns(page)
                for line in (column.extract_text() or "").splitlines()
            ]
            if "rulekit" in text:
                found.add("tool")
            if any(c["size"] < 6.45 for c in page.chars):
                found.add("tiny")
            if "\u2010" in text:
                found.add("u2010")
            ends = [line.rstrip().endswith(("-", "\u2010", "\u00ad")) for line in lines]
            if any(all(ends[i : i + 3]) and len(ends[i : i + 3]) == 3 for i in range(len(ends))):
                found.add("hyphens")
            if lang == "pl" and any(ONE_LETTER.search(line.rstrip()) for line in lines):
                found.add("pl-orphan")
            if lang == "fr" and _bare_french_punctuation(page.chars):
                found.add("fr-space")
            if path.name.endswith("-cards.pdf") and _marks_on_card(page):
                found.add("marks")
            pages.append(found)
    return pages


def _columns(page: pdfplumber.page.Page) -> list[pdfplumber.page.Page]:
    """The page cut at its gutters: vertical strips at least GUTTER wide that no word
    crosses but the few lines set across columns (a running head or foot)."""
    words = page.extract_words()
    left, right = int(page.bbox[0]), int(page.bbox[2])
    crossing = [0] * (right - left + 1)
    for word in words:
        for x in range(int(word["x0"]) - left, int(word["x1"]) - left + 1):
            crossing[min(max(x, 0), right - left)] += 1
    text_left = min((int(w["x0"]) for w in words), default=left) - left
    text_right = max((int(w["x1"]) for w in words), default=right) - left
    cuts, start = [], None
    for x in range(text_left, text_right + 1):
        if crossing[x] <= ACROSS_COLUMNS:
            start = x if start is None else start
            continue
        if start is not None and x - start >= GUTTER:
            cut, before = left + (start + x) / 2, cuts[-1] if cuts else left
            # A column holds text of its own, not just the ends of a running head.
            beside = [w for w in words if w["x0"] >= before and w["x1"] <= cut]
            if len(beside) > COLUMN_WORDS and sum(w["x0"] >= cut for w in words) > COLUMN_WORDS:
                cuts.append(cut)
        start = None
    bounds = [page.bbox[0], *cuts, page.bbox[2]]
    return [page.crop((a, page.bbox[1], b, page.bbox[3])) for a, b in itertools.pairwise(bounds)]


def _bare_french_punctuation(chars: list[dict[str, object]]) -> bool:
    """; : ! ? after a letter or an ordinary space (the text layer keeps no-break spaces)."""
    return any(
        str(char["text"]) in ";:!?" and (str(before["text"]).isalpha() or before["text"] == " ")
        for before, char in itertools.pairwise(chars)
    )


def _marks_on_card(page: pdfplumber.page.Page) -> bool:
    """A thin line inside the bleed but outside the trim: a crop mark on the card."""
    obj = page.page_obj.attrs
    trim = [float(v) for v in obj.get("TrimBox", page.mediabox)]
    bleed = [float(v) for v in obj.get("BleedBox", page.mediabox)]
    # pdfplumber measures x in user space and y up from the media box's bottom.
    bottom = float(obj["MediaBox"][1])
    for line in page.lines:
        x, y = (line["x0"] + line["x1"]) / 2, bottom + (line["y0"] + line["y1"]) / 2
        inside_bleed = bleed[0] <= x <= bleed[2] and bleed[1] <= y <= bleed[3]
        inside_trim = trim[0] < x < trim[2] and trim[1] < y < trim[3]
        if inside_bleed and not inside_trim and line["linewidth"] < 1:
            return True
    return False


def main() -> int:
    files = sorted(CARDS.glob("*/*.pdf"))
    if not files:
        print("no print files: run `make build` first")
        return 1
    broken_files: Counter[str] = Counter()
    broken_pages: Counter[str] = Counter()
    total_pages = 0
    for path in files:
        lang = path.parent.name
        broken_files.update(file_problems(path))
        for found in page_problems(path, lang):
            total_pages += 1
            broken_pages.update(found)
    print(f"{len(files)} files, {total_pages} pages")
    for rule in ("intent", "rgb", "lang/title", "body"):
        print(f"{rule:11} {broken_files[rule]:4} files")
    for rule in ("tool", "marks", "tiny", "u2010", "hyphens", "pl-orphan", "fr-space"):
        print(f"{rule:11} {broken_pages[rule]:4} pages")
    return 1 if broken_files or broken_pages else 0


if __name__ == "__main__":
    sys.exit(main())
