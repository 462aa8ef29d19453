"""Character error rate of the font-encoding repairs on random damage (tests/damage.py).

Text copied out of a viewer: for every seed, German rule text written for the
tests is damaged one way at random (glyph ciphers at random Private Use Area
bases and glyph orders, mixed plain and ciphered lines, unmapped or dropped
ligatures, shifted encodings); `decode_fonts` and `restore_dropped_letters`
then repair it.  PDFs: the text is set by WeasyPrint and its fonts' Unicode
maps removed or pointed into the Private Use Area; `extract` reads it.  PDFs
mapped into planes 15 and 16 are listed apart: what the decoder gets of them
depends on the PDF reader turning those code points (surrogate pairs in
pdfium) into characters.

Prints, per kind of damage, the CER of the damaged text and of the repaired
text against the gold, how many documents come out exact, and the worst seeds.

    .venv/bin/python bench/damage.py [SEEDS] [FIRST] [PDF_SEEDS]
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import Levenshtein

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.extract import extract  # noqa: E402
from rulekit.extract.encoding import decode_fonts, restore_dropped_letters  # noqa: E402
from rulekit.extract.lexicon import german_lexicon  # noqa: E402
from rulekit.extract.pdf import pdf_lines  # noqa: E402
from rulekit.model import TextLine  # noqa: E402
from tests.damage import KINDS, PDF_KINDS, Sample, damaged_pdf, sample  # noqa: E402

SEEDS = 200
PDF_SEEDS = 24
WORST = 3
BODY = ("heading", "paragraph", "list-item")


def cer(lines: list[str], gold: list[str]) -> float:
    """Edit distance over the gold's length, white space folded."""
    text, truth = " ".join(" ".join(lines).split()), " ".join(" ".join(gold).split())
    return Levenshtein.distance(text, truth) / len(truth)


def repaired(damage: Sample) -> list[str]:
    """The damaged lines after the two encoding passes."""
    lexicon = german_lexicon()
    lines = [TextLine(text=text, page=1, line=n) for n, text in enumerate(damage.damaged, 1)]
    decoded, _ = decode_fonts(lines, lexicon)
    restored, _ = restore_dropped_letters(decoded, lexicon)
    return [line.text for line in restored]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else SEEDS
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    pdfs = int(sys.argv[3]) if len(sys.argv) > 3 else PDF_SEEDS
    german_lexicon()
    results: dict[str, list[tuple[float, float, int]]] = defaultdict(list)
    start = time.perf_counter()
    for seed in range(first, first + count):
        damage = sample(seed)
        results[damage.kind].append(
            (cer(damage.damaged, damage.gold), cer(repaired(damage), damage.gold), seed)
        )
    print(
        f"text copied out of a viewer: {count} seeds from {first}, "
        f"{(time.perf_counter() - start) / max(count, 1):.2f} s each"
    )
    report(results, KINDS)
    if not pdfs:
        return
    results = defaultdict(list)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(first, first + pdfs):
            manual = damaged_pdf(seed, Path(folder))
            raw = [line.text for line in pdf_lines(manual.path) if line.role != "artefact"]
            blocks = extract(manual.path).blocks
            body = [block.text for block in blocks if block.kind in BODY]
            # Codes beyond the Basic Multilingual Plane: the PDF reader's business.
            astral = manual.base is not None and manual.base > 0xFFFF
            kind = f"{manual.kind} (planes 15/16)" if astral else manual.kind
            results[kind].append((cer(raw, manual.body), cer(body, manual.body), seed))
    print(
        f"PDFs whose fonts lost their maps: {pdfs} seeds from {first}, "
        f"{(time.perf_counter() - start) / pdfs:.2f} s each"
    )
    report(results, tuple(kind for base in PDF_KINDS for kind in (base, f"{base} (planes 15/16)")))


def report(results: dict[str, list[tuple[float, float, int]]], kinds: tuple[str, ...]) -> None:
    """One line per kind: documents, mean CER damaged and repaired, exact ones, worst seeds."""
    print(f"  {'kind':31} {'docs':>5} {'damaged':>9} {'repaired':>9} {'exact':>6}  worst")
    everything = [result for kind in kinds for result in results[kind]]
    for kind, rows in [*((kind, results[kind]) for kind in kinds), ("all", everything)]:
        if not rows:
            continue
        damaged = sum(row[0] for row in rows) / len(rows)
        mean = sum(row[1] for row in rows) / len(rows)
        exact = sum(row[1] == 0 for row in rows)
        worst = sorted(rows, key=lambda row: -row[1])[:WORST] if kind != "all" else []
        shown = ", ".join(f"{seed}: {error:.1%}" for _, error, seed in worst if error)
        print(f"  {kind:31} {len(rows):5} {damaged:9.2%} {mean:9.3%} {exact:6}  {shown}")


if __name__ == "__main__":
    main()
