"""Speed of PDF extraction on real rulebooks, side by side with pdfplumber and pdftotext.

For every born-digital PDF of the corpus (`$RULEKIT_CORPUS`, default
`../shared/corpus` beside the repository; scanned PDFs are OCR's business and left out) prints
pages per second of

- rulekit: `extract_pdf`, the whole PDF path with cleaning, as `rulekit extract` runs it;
- pdfplumber: `page.extract_words()` over every page;
- pdftotext: poppler's `pdftotext` of the whole file,

each on one core, and the totals (target: rulekit at 5 pages/s or more).
Wall-clock rates suffer when the machine is busy, so the CPU seconds per page
(this process's and its children's, as `pdftotext` runs in one) are printed too.
Then memory on a generated 100-page manual: peak traced memory of
`pdf_lines` (the streaming PDF path) for 25 and 100 pages, which should not
grow with the page count.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pikepdf
import pypdfium2

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.extract.lexicon import german_lexicon  # noqa: E402
from rulekit.extract.ocr import has_text_layer  # noqa: E402
from rulekit.extract.pdf import extract_pdf, pdf_lines  # noqa: E402
from tests.pdfcorpus import LAYOUTS, render  # noqa: E402

CORPUS = Path(os.environ.get("RULEKIT_CORPUS", ROOT.parent / "shared" / "corpus"))
TARGET_PAGES_PER_S = 5.0
PAGES = 100
# Chapters of the corpus text that fill a little over 100 A5 pages in two columns.
CHAPTERS = 31


def main() -> None:
    lexicon = german_lexicon()  # loaded once per process, as in a build
    pdfs = [p for p in sorted(CORPUS.glob("*.pdf")) if has_text_layer(p)]
    print(
        f"{'pdf':<14} {'pages':>5} {'rulekit':>9} {'pdfplumber':>11} {'pdftotext':>10}  pages/s"
        f"   {'rulekit':>8} {'pdfplumber':>11} {'pdftotext':>10}  CPU s/page"
    )
    totals = [(0.0, 0.0)] * 3
    pages = 0
    for pdf in pdfs:
        count = len(pypdfium2.PdfDocument(pdf))
        times = [
            _seconds(lambda p=pdf: extract_pdf(p, lexicon=lexicon)),
            _seconds(lambda p=pdf: _plumber_words(p)),
            _seconds(lambda p=pdf: _pdftotext(p)),
        ]
        pages += count
        totals = [(t + s, c + d) for (t, c), (s, d) in zip(totals, times, strict=True)]
        print(f"{pdf.stem:<14} {count:>5}{_row(count, times)}")
    if pages:
        print(f"{'all':<14} {pages:>5}{_row(pages, totals)}")
        wall, cpu = totals[0]
        print(
            f"rulekit: {pages / wall / TARGET_PAGES_PER_S:.2f} of the target by the clock, "
            f"{pages / cpu / TARGET_PAGES_PER_S:.2f} by CPU time"
        )
    _memory(lexicon)


def _row(pages: int, times: list[tuple[float, float]]) -> str:
    """Pages per second by the clock, then CPU seconds per page, for the three readers."""
    rates = "".join(f"{pages / t:>{w}.1f}" for (t, _), w in zip(times, (10, 12, 11), strict=True))
    cpu = "".join(f"{c / pages:>{w}.3f}" for (_, c), w in zip(times, (11, 12, 11), strict=True))
    return f"{rates}         {cpu}"


def _seconds(run: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of a run (child processes included); each reader uses one core."""
    start, cpu = time.perf_counter(), _cpu()
    run()
    return max(time.perf_counter() - start, 1e-6), max(_cpu() - cpu, 1e-6)


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _plumber_words(path: Path) -> None:
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            page.extract_words()
            page.close()


def _pdftotext(path: Path) -> None:
    if shutil.which("pdftotext") is not None:
        subprocess.run(["pdftotext", "-q", str(path), "-"], capture_output=True, check=False)


def _memory(lexicon: object) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        manual = render(replace(LAYOUTS["a5-2col"], name="manual", repeat=CHAPTERS), root)
        files = {n: _first_pages(manual.path, n, root / f"{n}.pdf") for n in (PAGES // 4, PAGES)}
        peaks = {n: _peak(lambda p=path: sum(1 for _ in pdf_lines(p))) for n, path in files.items()}
    low, high = (peaks[n] / 2**20 for n in sorted(peaks))
    print(
        f"memory: pdf_lines peaks at {low:.1f} MiB for {PAGES // 4} pages, {high:.1f} for {PAGES}"
    )


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
