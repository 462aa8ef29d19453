"""Extraction: a manual file (PDF or text copied out of a PDF viewer) to clean blocks.

`extract(path)` is the stage's entry point; it validates the input first, so
bad input always surfaces as one `InputError` before anything is produced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from rulekit.errors import InputError
from rulekit.extract.lexicon import german_lexicon
from rulekit.extract.pdf import extract_pdf
from rulekit.extract.suspects import suspect_words
from rulekit.extract.text import extract_text
from rulekit.model import Extraction
from rulekit.sources import MANUAL_SUFFIXES, load_source

__all__ = ["extract", "resolve_manual"]


def resolve_manual(path: Path) -> tuple[Path, list[int] | None]:
    """The manual file `path` names, and its printed pages when a source folder says so."""
    if not path.exists():
        raise InputError(path, 0, "no such file or folder")
    if path.is_dir():
        if (path / "source.yaml").is_file():
            info = load_source(path)
            return path / info.file, info.pages
        manuals = sorted(p for p in path.iterdir() if p.suffix.lower() in MANUAL_SUFFIXES)
        if not manuals:
            raise InputError(path, 0, "folder holds no manual (.pdf or .txt) and no source.yaml")
        if len(manuals) > 1:
            names = ", ".join(p.name for p in manuals)
            raise InputError(path, 0, f"folder holds several manuals ({names}); name one")
        return manuals[0], None
    return path, None


def extract(
    path: Path,
    pages: list[int] | None = None,
    extra_words: Iterable[str] = (),
    progress: Callable[[int, int], None] | None = None,
) -> Extraction:
    """Extract the clean body text of a manual.

    `pages` are the printed page numbers the file covers, when known (a source
    folder supplies its own).  `extra_words` extend the German lexicon the
    repairs are checked against, e.g. with the glossary's terms.
    `progress(done, total)` is called as pages are read (for a scan, as OCR
    finishes each page); a text file counts as one page.
    """
    manual, folder_pages = resolve_manual(path)
    pages = pages or folder_pages
    with manual.open("rb") as handle:
        head = handle.read(1024)
    if not head:
        raise InputError(manual, 0, "file is empty")
    lexicon = german_lexicon(extra_words)
    if b"%PDF-" in head:
        extraction = extract_pdf(manual, pages, lexicon, progress)
    elif manual.suffix.lower() == ".pdf":
        raise InputError(manual, 0, "not a PDF: the file has no %PDF- header")
    else:
        extraction = extract_text(manual, lexicon, pages)
        if progress is not None:
            progress(1, 1)
    # Real words nothing proves wrong: listed for an editor, never rewritten.
    suspects = suspect_words(extraction.blocks, lexicon)
    return extraction.model_copy(update={"repairs": [*extraction.repairs, *suspects]})
