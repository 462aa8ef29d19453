"""Words per second for building the rule graph of a generated 50,000-word manual.

The text is made of paragraphs drawn at random (fixed seed) from the clean
reference readings, under generated headings; the German pipeline and the
glossary are loaded once, before timing.  Target: 20,000 words/s on one core.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.extract.lexicon import german_lexicon  # noqa: E402
from rulekit.graph.builder import GraphBuilder  # noqa: E402
from rulekit.i18n.glossary import glossary_words, load_glossary  # noqa: E402
from rulekit.model import Block, Extraction, SourceInfo  # noqa: E402

WORDS = 50_000
TARGET_WORDS_PER_S = 20_000


def generated_manual(words: int, seed: int = 7) -> Extraction:
    """Paragraphs sampled from the reference readings until `words` words."""
    paragraphs = [
        line
        for path in sorted((ROOT / "tests" / "data" / "reference").glob("*.txt"))
        for line in path.read_text("utf-8").splitlines()
        if len(line.split()) > 8
    ]
    rng = random.Random(seed)
    blocks: list[Block] = []
    count = 0
    while count < words:
        if len(blocks) % 12 == 0:
            blocks.append(
                Block(kind="heading", text=f"Abschnitt {len(blocks)}", page=1, lines=(1, 1))
            )
        text = rng.choice(paragraphs)
        blocks.append(Block(kind="paragraph", text=text, page=1, lines=(1, 1)))
        count += len(text.split())
    return Extraction(blocks=blocks, repairs=[])


def main() -> None:
    glossary = load_glossary(ROOT / "glossary" / "terms.yaml")
    builder = GraphBuilder(glossary, german_lexicon(glossary_words(glossary)))
    manual = generated_manual(WORDS)
    words = sum(len(b.text.split()) for b in manual.blocks)
    info = SourceInfo(
        game="bench",
        title="Bench",
        publisher="-",
        edition="-",
        pages=[1],
        file="-",
        sha256="0" * 64,
    )
    start = time.perf_counter()
    graph = builder.build(info, manual)
    seconds = time.perf_counter() - start
    rate = words / seconds
    print(
        f"graph: {words} words in {seconds:.2f} s = {rate:,.0f} words/s "
        f"({rate / TARGET_WORDS_PER_S:.2f} x the {TARGET_WORDS_PER_S:,} words/s target), "
        f"{len(graph.nodes)} nodes, {len(graph.edges)} edges"
    )


if __name__ == "__main__":
    main()
