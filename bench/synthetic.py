"""Body CER of rulekit, pdfplumber and pdftotext on the synthetic manuals of tests/pdfcorpus.py.

Every layout (the flowing ones of `LAYOUTS` and the composed pages of
`COMPOSED`) is rendered with its ground truth and read three ways:

- rulekit: the body blocks (headings, paragraphs, list items) of `extract`;
- pdfplumber: `page.extract_text()` of every page;
- pdftotext: poppler's `pdftotext` in its default reading order.

The CER is the Levenshtein distance over the gold body's length, white space
folded; labels, captions, headers and footers in a reader's text count as
errors.  For rulekit it also checks what tests/test_extract_pdf.py and
tests/test_pdf_layouts.py assert (CER at most 1 %, no label, caption or
running header in the body, every label in a figure block, the captions as
caption blocks) and lists the checks each layout fails.

    .venv/bin/python bench/synthetic.py [LAYOUT ...]
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import Levenshtein
import pdfplumber

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.extract import extract  # noqa: E402
from rulekit.extract.lexicon import german_lexicon  # noqa: E402
from rulekit.model import Extraction  # noqa: E402
from tests.pdfcorpus import COMPOSED, LAYOUTS, CorpusPdf, render, render_composed  # noqa: E402

BODY = ("heading", "paragraph", "list-item")
CER_LIMIT = 0.01
# A list item's bullet glyph is layout, not text (tests/data/corpus/README.md).
_BULLET = re.compile(r"^[•◦▪■►–]\s+")


def cer(text: str, truth: str) -> float:
    """Edit distance over the truth's length, white space folded."""
    truth = " ".join(truth.split())
    return Levenshtein.distance(" ".join(text.split()), truth) / len(truth)


def gold_text(manual: CorpusPdf) -> str:
    """The body blocks of the ground truth as one string, bullet glyphs dropped."""
    return " ".join(_BULLET.sub("", text) for _, text in manual.body)


def pdfplumber_text(path: Path) -> str:
    """pdfplumber's `extract_text` of every page."""
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def pdftotext_text(path: Path) -> str:
    """poppler's `pdftotext` of the whole file; empty when it is missing."""
    if shutil.which("pdftotext") is None:
        return ""
    done = subprocess.run(
        ["pdftotext", "-q", "-enc", "UTF-8", str(path), "-"], capture_output=True, check=False
    )
    return done.stdout.decode("utf-8", "replace")


def failed_checks(manual: CorpusPdf, extraction: Extraction) -> list[str]:
    """What the PDF tests assert of a layout that this extraction does not do."""
    body = [b.text for b in extraction.blocks if b.kind in BODY]
    failed = []
    error = cer(" ".join(body), gold_text(manual))
    if error > CER_LIMIT:
        failed.append(f"body CER {error:.1%} > {CER_LIMIT:.0%}")
    for kind, texts in (
        ("label", manual.labels),
        ("caption", manual.captions),
        ("furniture", manual.furniture),
    ):
        leaked = sorted({text for text in texts if any(text in block for block in body)})
        if leaked:
            failed.append(f"{kind} in body: {', '.join(leaked)}")
    figures = " ".join(b.text for b in extraction.blocks if b.kind == "figure")
    lost = sorted({label for label in manual.labels if label not in figures})
    if lost:
        failed.append(f"label not in a figure block: {', '.join(lost)}")
    captions = [b.text for b in extraction.blocks if b.kind == "caption"]
    if captions != manual.captions:
        failed.append(f"caption blocks {captions} != {manual.captions}")
    return failed


def main() -> None:
    names = sys.argv[1:] or [*LAYOUTS, *COMPOSED]
    german_lexicon()
    print(f"{'layout':<26} {'rulekit':>8} {'pdfplumber':>11} {'pdftotext':>10}  checks")
    failing = 0
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            if name in LAYOUTS:
                manual = render(LAYOUTS[name], Path(folder))
            else:
                manual = render_composed(COMPOSED[name], Path(folder))
            extraction = extract(manual.path)
            ours = " ".join(b.text for b in extraction.blocks if b.kind in BODY)
            truth = gold_text(manual)
            failed = failed_checks(manual, extraction)
            failing += bool(failed)
            plumber = cer(pdfplumber_text(manual.path), truth)
            poppler = cer(pdftotext_text(manual.path), truth)
            verdict = "FAIL" if failed else "ok"
            print(
                f"{name:<26} {cer(ours, truth):>8.2%} {plumber:>11.1%} {poppler:>10.1%}  {verdict}"
            )
            for check in failed:
                print(f"    {check}")
    print(f"{failing} of {len(names)} layouts fail a check")


if __name__ == "__main__":
    main()
