"""The PDF path on composed pages (tests/pdfcomposed.py, COMPOSED) whose text is known.

Each check runs on the layouts the PDF path reads right today; bench/synthetic.py
measures every layout, these and the ones still read in the wrong order, against
pdfplumber and pdftotext, and lists the checks each one fails.
"""

from __future__ import annotations

from pathlib import Path

import Levenshtein
import pytest

from rulekit.extract import extract
from rulekit.model import Extraction
from tests.pdfcorpus import COMPOSED, CorpusPdf, render_composed

CER_LIMIT = 0.01
BODY = ("heading", "paragraph", "list-item")
# The layouts each check holds for; a layout the layout analysis does not read
# yet stays in bench/synthetic.py only.
SORTED_OUT = ["a4-side-box", "a4-framed-boxes", "a4-callouts", "a4-rotated-margin"]
SORTED_OUT += ["a6-2col-figures", "a4-3col-unequal", "a4-heading-between-bands"]
SORTED_OUT += ["a5-captions-beside", "a4-overview", "a4-cover", "a4-labelled-caption"]
SORTED_OUT += ["a4-contents-collage"]
READ_IN_ORDER = SORTED_OUT
KEPT_OUT = READ_IN_ORDER


class Composed:
    """Each composed layout rendered and extracted at most once per test session."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.pdfs: dict[str, CorpusPdf] = {}
        self.extractions: dict[str, Extraction] = {}

    def pdf(self, name: str) -> CorpusPdf:
        if name not in self.pdfs:
            self.pdfs[name] = render_composed(COMPOSED[name], self.folder)
        return self.pdfs[name]

    def extraction(self, name: str) -> Extraction:
        if name not in self.extractions:
            self.extractions[name] = extract(self.pdf(name).path)
        return self.extractions[name]


@pytest.fixture(scope="session")
def composed(tmp_path_factory: pytest.TempPathFactory) -> Composed:
    return Composed(tmp_path_factory.mktemp("composed"))


def body_text(extraction: Extraction) -> str:
    """Headings, paragraphs and list items in order, white space folded."""
    return " ".join(" ".join(b.text for b in extraction.blocks if b.kind in BODY).split())


@pytest.mark.parametrize("name", READ_IN_ORDER)
def test_body_text_matches_the_ground_truth(composed: Composed, name: str) -> None:
    truth = composed.pdf(name).body_text
    error = Levenshtein.distance(body_text(composed.extraction(name)), truth) / len(truth)
    assert error <= CER_LIMIT


@pytest.mark.parametrize("name", KEPT_OUT)
def test_labels_captions_headers_and_footers_stay_out_of_the_body(
    composed: Composed, name: str
) -> None:
    manual = composed.pdf(name)
    body = [b.text for b in composed.extraction(name).blocks if b.kind in BODY]
    for text in manual.labels + manual.captions + manual.furniture:
        assert not [block for block in body if text in block], text


@pytest.mark.parametrize("name", SORTED_OUT)
def test_labels_are_figure_text_and_captions_are_captions(composed: Composed, name: str) -> None:
    manual = composed.pdf(name)
    blocks = composed.extraction(name).blocks
    figures = " ".join(b.text for b in blocks if b.kind == "figure")
    assert all(label in figures for label in manual.labels)
    assert [b.text for b in blocks if b.kind == "caption"] == manual.captions


def test_every_composed_layout_has_its_ground_truth(composed: Composed) -> None:
    # What the layouts are measured against: body text, and what must stay out of it.
    for name in COMPOSED:
        manual = composed.pdf(name)
        assert manual.pages == COMPOSED[name].sheets, name
        assert manual.body and manual.furniture, name
    assert {text for name in COMPOSED for text in composed.pdf(name).labels} >= {"2A", "Nordtor"}
