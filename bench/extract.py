"""Time PDF extraction on a generated 100-page manual and show that memory stays flat.

Prints pages per second of `extract_pdf` (target: 5 on one core), its time
relative to pdfplumber's own `extract_words` over the same file (target: at
most 1.5), peak traced memory for 25 and for 100 pages, and for scale the
character error rate of pdfplumber's `page.extract_text()` on a two-column
page.  Memory is shown twice: streaming `pdf_lines` (the PDF path, which
should not grow with the page count) and `extract_pdf`, which also holds the
whole manual's lines, blocks and repairs.
"""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import Levenshtein
import pdfplumber
import pikepdf

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.extract.lexicon import german_lexicon  # noqa: E402
from rulekit.extract.pdf import extract_pdf, pdf_lines  # noqa: E402
from tests.pdfcorpus import LAYOUTS, render  # noqa: E402

PAGES = 100
TARGET_PAGES_PER_S = 5.0
TARGET_RATIO = 1.5
# Chapters of the corpus text that fill a little over 100 A5 pages in two columns.
CHAPTERS = 31


def main() -> None:
    lexicon = german_lexicon()  # loaded once per process, as in a build
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        manual = render(replace(LAYOUTS["a5-2col"], name="manual", repeat=CHAPTERS), root)
        full = _first_pages(manual.path, PAGES, root / "100.pdf")
        quarter = _first_pages(manual.path, PAGES // 4, root / "25.pdf")

        start = time.perf_counter()
        extract_pdf(full, lexicon=lexicon)
        ours = time.perf_counter() - start
        start = time.perf_counter()
        with pdfplumber.open(full) as pdf:
            for page in pdf.pages:
                page.extract_words()
                page.close()
        words = time.perf_counter() - start

        files = {PAGES // 4: quarter, PAGES: full}
        streamed = {
            n: _peak(lambda p=path: sum(1 for _ in pdf_lines(p))) for n, path in files.items()
        }
        whole = {
            n: _peak(lambda p=path: extract_pdf(p, lexicon=lexicon)) for n, path in files.items()
        }
        page = render(LAYOUTS["a4-2col-page"], root)
        with pdfplumber.open(page.path) as pdf:
            text = " ".join(pdf.pages[0].extract_text().split())
        cer = Levenshtein.distance(text, page.body_text) / len(page.body_text)

    rate = PAGES / ours
    target = f"{rate / TARGET_PAGES_PER_S:.2f} of the {TARGET_PAGES_PER_S:.0f} pages/s target"
    print(f"speed:  {rate:.1f} pages/s ({target})")
    print(
        f"ratio:  {ours / words:.2f} x pdfplumber extract_words "
        f"({ours:.1f} s vs {words:.1f} s; target at most {TARGET_RATIO})"
    )
    for name, peaks in (("pdf_lines", streamed), ("extract_pdf", whole)):
        low, high = (peaks[n] / 2**20 for n in sorted(peaks))
        print(f"memory: {name} peaks at {low:.1f} MiB for 25 pages, {high:.1f} MiB for 100")
    print(f"for scale: pdfplumber extract_text on a two-column page has {cer:.0%} CER")


def _first_pages(source: Path, count: int, target: Path) -> Path:
    with pikepdf.open(source) as pdf:
        if len(pdf.pages) < count:
            raise SystemExit(f"the generated manual has only {len(pdf.pages)} pages")
        del pdf.pages[count:]
        pdf.save(target)
    return target


def _peak(run: Callable[[], object]) -> int:
    tracemalloc.start()
    run()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


if __name__ == "__main__":
    main()
