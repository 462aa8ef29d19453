"""Page CER of rulekit, pdfplumber and pdftotext on the gold pages of the real corpus.

For every gold page `tests/data/corpus/<pdf stem>/page-NN.txt` (conventions in
that folder's README) whose PDF is found, prints the character error rate
(Levenshtein distance over the gold length, white space folded) of:

- rulekit: the body blocks (headings, paragraphs, list items) of the page;
- pdfplumber: `page.extract_text()`;
- pdftotext: poppler's `pdftotext -f N -l N` in its default reading order.

The PDFs are looked up in `$RULEKIT_CORPUS` (default `../shared/corpus` beside the repository).
Targets: rulekit at most 2 % on every page and never worse than pdftotext.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import Levenshtein
import pdfplumber

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.errors import InputError  # noqa: E402
from rulekit.extract.lexicon import german_lexicon  # noqa: E402
from rulekit.extract.pdf import extract_pdf  # noqa: E402
from rulekit.model import normalise_text  # noqa: E402

GOLD = ROOT / "tests" / "data" / "corpus"
CORPUS = Path(os.environ.get("RULEKIT_CORPUS", ROOT.parent / "shared" / "corpus"))
BODY = ("heading", "paragraph", "list-item")
TARGET_CER = 0.02


@dataclass(frozen=True)
class GoldPage:
    """One gold page: the PDF it reads, its 1-based physical page and its body text."""

    pdf: Path
    page: int
    text: str


def gold_pages(gold: Path = GOLD, corpus: Path = CORPUS) -> list[GoldPage]:
    """Every gold page whose PDF is present, in file and page order."""
    found = []
    for folder in sorted(p for p in gold.iterdir() if p.is_dir()):
        pdf = corpus / f"{folder.name}.pdf"
        if not pdf.is_file():
            continue
        for path in sorted(folder.glob("page-[0-9][0-9].txt")):
            text = path.read_text("utf-8")
            if text.strip():  # an empty file is a reading still being written
                found.append(GoldPage(pdf, int(path.stem.removeprefix("page-")), text))
    return found


def cer(text: str, gold: str) -> float:
    """Levenshtein distance over the gold length, both with white space folded."""
    reference = normalise_text(gold)
    return Levenshtein.distance(normalise_text(text), reference) / max(1, len(reference))


def rulekit_pages(pdf: Path) -> dict[int, str]:
    """The body text of each physical page of a PDF, as rulekit extracts it.

    Blocks are cut at page breaks (a paragraph running on over a page
    break is one block in rulekit's output), so each page's text is its own.
    """
    try:
        extraction = extract_pdf(pdf, lexicon=german_lexicon(), page_breaks=True)
    except InputError as error:
        print(f"  rulekit refuses {pdf.name}: {error}", file=sys.stderr)
        return {}
    pages: dict[int, list[str]] = {}
    for block in extraction.blocks:
        if block.kind in BODY and block.page is not None:
            pages.setdefault(block.page, []).append(block.text)
    return {page: "\n".join(texts) for page, texts in pages.items()}


def pdfplumber_page(pdf: Path, page: int) -> str:
    """pdfplumber's `extract_text` of one page; empty when it cannot read it."""
    try:
        with pdfplumber.open(pdf) as document:
            return document.pages[page - 1].extract_text() or ""
    except Exception:
        return ""


def pdftotext_page(pdf: Path, page: int) -> str:
    """poppler's `pdftotext` of one page; empty when it is missing or fails."""
    if shutil.which("pdftotext") is None:
        return ""
    result = subprocess.run(
        ["pdftotext", "-q", "-enc", "UTF-8", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        check=False,
    )
    return result.stdout.decode("utf-8", "replace")


def main() -> None:
    german_lexicon()  # loaded once, outside any one file's figures
    pages = gold_pages()
    if not pages:
        print(f"no gold pages with their PDF (gold {GOLD}, PDFs {CORPUS})")
        return
    print(f"{'pdf':<14} {'page':>4} {'rulekit':>8} {'pdfplumber':>11} {'pdftotext':>10}")
    ours: dict[Path, dict[int, str]] = {}
    short = 0
    for gold in pages:
        if gold.pdf not in ours:
            ours[gold.pdf] = rulekit_pages(gold.pdf)
        mine = cer(ours[gold.pdf].get(gold.page, ""), gold.text)
        plumber = cer(pdfplumber_page(gold.pdf, gold.page), gold.text)
        poppler = cer(pdftotext_page(gold.pdf, gold.page), gold.text)
        missed = mine > TARGET_CER or mine > poppler
        short += missed
        flag = "  <" if missed else ""
        print(
            f"{gold.pdf.stem:<14} {gold.page:>4} {mine:>8.1%} {plumber:>11.1%} "
            f"{poppler:>10.1%}{flag}"
        )
    print(f"{short} of {len(pages)} pages miss the target (CER <= 2 % and <= pdftotext's)")


if __name__ == "__main__":
    main()
