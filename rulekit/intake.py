"""What `rulekit add` finds in a manual before it registers it, and how it says so.

A newcomer registers a manual with nothing but its path and a game id; this
module reads it the way a build will (extraction, then the rule graph), fills
in the title from the first heading, and sums up what came out: the blocks,
the repairs, the nodes by kind and the words that look like terms of the game
but are not in the glossary, with the files where each can be corrected.
Nothing here writes: the caller registers the manual once all of it is known.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rulekit.cues import cues
from rulekit.extract import extract
from rulekit.extract.lexicon import german_lexicon
from rulekit.graph.builder import GraphBuilder
from rulekit.graph.cover import title_heading
from rulekit.i18n.glossary import glossary_words, load_glossary, suggest_terms
from rulekit.model import Extraction, RuleGraph, SourceInfo, Term
from rulekit.nlp import NOUN_ENDINGS
from rulekit.overrides import OVERRIDES_FILE, apply_overrides, load_overrides
from rulekit.project import Project
from rulekit.sources import page_label

__all__ = ["Intake", "examine", "game_terms", "report"]

# How many suggested terms the summary lists.
TERMS_SHOWN = 8
# Zipf frequency of the most common German words: a word's distance below it
# is how specific to this manual it is.
_ZIPF_CEILING = 8.0
# A word at least this common (Zipf) is everyday German, not a term of the game.
_EVERYDAY_ZIPF = 5.0


@dataclass
class Intake:
    """A manual as a build would read it, and where its title came from."""

    info: SourceInfo
    extraction: Extraction
    graph: RuleGraph
    title_from: str  # "option", "recorded", "heading" or "game id"
    title_line: int = 0
    terms: list[tuple[str, int]] = field(default_factory=list)  # (word, occurrences)
    stale_overrides: list[str] = field(default_factory=list)


def examine(
    project: Project,
    manual: Path,
    fields: dict[str, object],
    title_from: str,
    progress: Callable[[int, int], None] | None = None,
) -> Intake:
    """Extract `manual`, complete its source fields and build its graph; write nothing.

    `fields` are the source.yaml fields known so far (game, file, sha256 and
    whatever options gave).  Without a title, the heading that names the game is
    the title (`title_heading`), else the game id.  Publisher and edition default
    to empty, pages to none: then the graph and the cards cite sections, never a
    page.
    """
    glossary = _glossary(project)
    words = glossary_words(glossary)
    pages = fields.get("pages")
    extraction = extract(manual, pages if isinstance(pages, list) else None, words, progress)
    title_line = 0
    if "title" not in fields:
        heading = title_heading(extraction.blocks, cues())
        title_from = "heading" if heading else "game id"
        title_line = heading.lines[0] if heading else 0
        fields = {**fields, "title": heading.text if heading else str(fields["game"])}
    info = SourceInfo.model_validate({"publisher": "", "edition": "", "pages": [], **fields})
    lexicon = german_lexicon(words)
    graph = GraphBuilder(glossary, lexicon).build(info, extraction)
    overrides_path = project.sources_dir / info.game / OVERRIDES_FILE
    overrides, lines = load_overrides(overrides_path)
    graph, stale = apply_overrides(graph, overrides, lines, overrides_path)
    candidates = suggest_terms([graph], glossary, lexicon)
    ranked = game_terms([(c.word, c.count) for c in candidates], lexicon.frequency)
    return Intake(info, extraction, graph, title_from, title_line, ranked, stale)


def _glossary(project: Project) -> list[Term]:
    """The project's termbase; a project that has none yet has no terms."""
    path = project.glossary_file
    return load_glossary(path) if path.is_file() else []


def game_terms(
    counts: list[tuple[str, int]], frequency: Callable[[str], float], shown: int = TERMS_SHOWN
) -> list[tuple[str, int]]:
    """The candidates most specific to the manual: frequent in it, rare in German at large.

    Inflected forms the lemmatizer did not know count for their shortest
    form ("Mauersteine" for "Mauerstein").  A word's weight is how often the
    manual uses it times how far its Zipf frequency lies below that of the
    commonest words, so "Zielfeld" used three times outranks "Beginn" used
    four; everyday words are left out.
    """
    merged: dict[str, int] = {}
    for word, count in sorted(counts, key=lambda item: (len(item[0]), item[0])):
        stem = next(
            (word[: -len(end)] for end in NOUN_ENDINGS if end and word[: -len(end)] in merged),
            word,
        )
        merged[stem] = merged.get(stem, 0) + count
    weighted = [
        (count * (_ZIPF_CEILING - zipf), word, count)
        for word, count in merged.items()
        if (zipf := frequency(word)) < _EVERYDAY_ZIPF
    ]
    weighted.sort(key=lambda item: (-item[0], item[1]))
    return [(word, count) for _, word, count in weighted[:shown]]


def report(intake: Intake, target: Path, project: Project) -> list[str]:
    """The lines `rulekit add` prints: what it found, and where to correct it."""
    info, blocks, graph = intake.info, intake.extraction.blocks, intake.graph
    repairs = intake.extraction.repairs
    review = sum(not r.applied for r in repairs)
    source_yaml = target / "source.yaml"
    title = {
        "heading": f"(the first heading, line {intake.title_line})",
        "game id": "(no heading found: the game id)",
    }.get(intake.title_from, "")
    pages = (
        page_label(info.pages)
        if info.pages
        else "none given: the graph and cards cite sections, not pages"
    )
    lines = [
        f"  title:     {info.title} {title}".rstrip(),
        f"  pages:     {pages}",
        f"  blocks:    {len(blocks)} ({_tally(Counter(b.kind for b in blocks))})",
        f"  repairs:   {len(repairs) - review} made, {review} to review"
        + (f" ({_tally(Counter(r.kind for r in repairs))})" if repairs else ""),
        f"  nodes:     {len(graph.nodes)} ({_tally(Counter(n.kind for n in graph.nodes))})",
        "  terms:     "
        + (
            ", ".join(f"{word} ({count})" for word, count in intake.terms)
            if intake.terms
            else "no new candidates"
        ),
    ]
    if intake.stale_overrides:
        lines.append(f"  overrides: {len(intake.stale_overrides)} stale (rulekit check lists them)")
    missing = [
        name
        for name, value in (
            ("title", intake.title_from in ("heading", "game id")),
            ("publisher", not info.publisher),
            ("edition", not info.edition),
            ("pages", not info.pages),
        )
        if value
    ]
    lines += [
        "to correct:",
        f"  {source_yaml}"
        + (
            f"  ({', '.join(missing)}: fill in or check)"
            if missing
            else "  (title, edition, pages)"
        ),
        f"  {target / OVERRIDES_FILE}  (editor's overrides of the rule graph: docs/rule-graph.md)",
        f"  {project.glossary_file}  (terms: rulekit glossary suggest lists them all)",
        f"  repairs: rulekit extract {target} --json",
    ]
    return lines


def _tally(counts: Counter[str]) -> str:
    """ "3 heading, 12 paragraph": most frequent first, ties by name."""
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return ", ".join(f"{count} {name}" for name, count in ordered)
