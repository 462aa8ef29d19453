"""Incremental builds: an edit re-makes the outputs made from it, and only those.

Each test starts from a copy of one complete build of a two-game project and
checks which outputs a second build made anew (`BuildResult.rebuilt`), that the
files of the others are the very files of the first build (same inode: taken
over, not written again), and, where it matters, that the result is the same
bytes a cold build gives.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest

from rulekit.build import LANGUAGES, build
from rulekit.buildcache import MANIFEST, Code
from rulekit.output.site import SITE_PAGES
from rulekit.project import PACKAGE_DIR, Project
from rulekit.sources import sha256_file
from tests.conftest import copy_project, tree_bytes

GAMES = ("midway", "risiko")
EDITED, OTHER = "risiko", "midway"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project of two games, built once; a pristine copy of it beside it."""
    base = tmp_path_factory.mktemp("incremental")
    project = copy_project(base / "project")
    for folder in project.sources_dir.iterdir():
        if folder.name not in GAMES:
            shutil.rmtree(folder)
    build(project)
    shutil.copytree(project.root, base / "pristine")
    return base


@pytest.fixture
def project(built: Path) -> Project:
    """The built project, as the build left it, at the place it was built (the editors'
    messages in a build name their files by absolute path)."""
    shutil.rmtree(built / "project")
    shutil.copytree(built / "pristine", built / "project")
    return Project(built / "project")


def inodes(project: Project) -> dict[str, int]:
    """Every file of the build, as relative path -> inode."""
    folder = project.build_dir
    return {str(p.relative_to(folder)): p.stat().st_ino for p in folder.rglob("*") if p.is_file()}


def register_again(folder: Path) -> None:
    """Record the edited manual's new checksum, as `rulekit add --replace` would."""
    source = folder / "source.yaml"
    checksum = sha256_file(folder / "manual.txt")
    text = re.sub(r"(?m)^sha256: .*$", f"sha256: {checksum}", source.read_text("utf-8"))
    source.write_text(text, "utf-8")


def cards_of(game: str, lang: str) -> list[str]:
    """The print files of one game in one language, with their copies on the site."""
    names = [f"{lang}/{game}-{kind}.pdf" for kind in ("sheet", "cards", "cards-a4")]
    return [f"{folder}/{name}" for folder in ("cards", "site/downloads") for name in names]


# The first French translation of a text the cards print (a quick-reference card's title),
# and of one they do not (a section heading: a game with a quick reference prints its cards).
FRENCH = {
    True: r'(?m)^(msgctxt "risiko#card\.[^"]*"\nmsgid "[^"]+"\nmsgstr "[^"]+)"$',
    False: r'(?m)^(msgctxt "risiko\.[^"#]*"\nmsgid "[^"]+"\nmsgstr "[A-Z][^"]+)"$',
}
# A line of the German quick reference, and an edit of it after the words its key is made of.
CARD_LINE = "Setze alle Verstärkungen in eigene Gebiete."
CARD_LINE_EDITED = "Setze alle Verstärkungen in eigene Gebiete, auch mehrere in eines."


def card_files(project: Project) -> dict[str, int]:
    """The inode of every print file of the build, with their copies on the site."""
    return {name: inode for name, inode in inodes(project).items() if name.endswith(".pdf")}


@pytest.mark.parametrize("printed", [True, False], ids=["printed", "not-printed"])
def test_one_french_string_remakes_only_that_games_french_outputs(
    project: Project, tmp_path: Path, printed: bool
) -> None:
    before = inodes(project)
    catalog = project.translations_dir / "fr" / "LC_MESSAGES" / f"{EDITED}.po"
    edited, count = re.subn(FRENCH[printed], r'\1 (revu)"', catalog.read_text("utf-8"), count=1)
    assert count == 1
    catalog.write_text(edited, "utf-8")

    result = build(project)

    # That game's French pages, the French pages of all games (their titles), and the
    # editors' page, which shows every language's translation status.
    pages = [f"site/fr/{EDITED}", "site/fr/index", "site/fr/glossary", "site/fr/trace"]
    pages += [f"site/{lang}/editors" for lang in LANGUAGES]
    # The French cards are typeset again only when they show the string; the search index
    # is made again only when the site shows it (it shows no quick-reference card).
    cards = [f"cards/fr/{EDITED}"] if printed else []
    search = [] if printed else ["search"]
    assert sorted(result.rebuilt) == sorted(
        [f"texts/fr/{EDITED}", *cards, "report", *pages, *search]
    )
    after = inodes(project)
    assert all((after[name] != before[name]) == printed for name in cards_of(EDITED, "fr"))
    kept_pages = [f"site/de/{EDITED}.html", f"site/fr/{OTHER}.html", f"site/fr/{OTHER}-graph.html"]
    assert [name for name in kept_pages if after[name] != before[name]] == []
    untouched = [
        name
        for game in GAMES
        for lang in LANGUAGES
        if (game, lang) != (EDITED, "fr")
        for name in cards_of(game, lang)
    ]
    untouched += [f"graph/{game}.json" for game in GAMES] + ["trace.json"]
    assert [name for name in untouched if after[name] != before[name]] == []
    build(project, out_dir=tmp_path / "cold")
    assert tree_bytes(project.build_dir) == tree_bytes(tmp_path / "cold")


def test_a_german_sentence_no_card_prints_remakes_that_games_graph_texts_and_pages_only(
    project: Project, tmp_path: Path
) -> None:
    # An example's sentence: the cards print the editors' quick reference, not the manual.
    manual = project.sources_dir / EDITED / "manual.txt"
    text = manual.read_text("utf-8")
    assert "(Maximum für Verteidigungen)" in text
    manual.write_text(text.replace("(Maximum für Verteidigungen)", "(Maximum bei Abwehr)"), "utf-8")
    register_again(project.sources_dir / EDITED)

    before = card_files(project)

    result = build(project)

    per_language = [f"{kind}/{lang}/{EDITED}" for kind in ("texts", "site") for lang in LANGUAGES]
    site = [f"site/{lang}/{name}" for lang in LANGUAGES for name in SITE_PAGES]
    shared = ["trace", "report", *site, "site/root", "site/files", "search"]
    analysis = [f"analyse/{EDITED}", f"quickref/{EDITED}"]
    assert sorted(result.rebuilt) == sorted([*analysis, *per_language, *shared])
    # No print file is typeset again: every one is the very file of the first build.
    assert card_files(project) == before
    build(project, out_dir=tmp_path / "cold")
    assert tree_bytes(project.build_dir) == tree_bytes(tmp_path / "cold")


def test_a_printed_german_line_remakes_only_that_games_german_cards(
    project: Project, tmp_path: Path
) -> None:
    # The translators have reviewed the edit: their translations stand for the new German,
    # so the other languages print what they printed.
    spec = project.sources_dir / EDITED / "cards.yaml"
    text = spec.read_text("utf-8")
    assert f"- text: {CARD_LINE}\n" in text
    spec.write_text(text.replace(CARD_LINE, CARD_LINE_EDITED), "utf-8")
    for lang in LANGUAGES[1:]:  # German has no catalog of its own
        catalog = project.translations_dir / lang / "LC_MESSAGES" / f"{EDITED}.po"
        po = catalog.read_text("utf-8")
        assert f'msgid "{CARD_LINE}"' in po
        catalog.write_text(po.replace(f'msgid "{CARD_LINE}"', f'msgid "{CARD_LINE_EDITED}"'))
    before = card_files(project)

    result = build(project)

    assert [key for key in result.rebuilt if key.startswith("cards/")] == [f"cards/de/{EDITED}"]
    # The spec is read again against the graph kept: no graph is built anew.
    assert f"quickref/{EDITED}" in result.rebuilt
    assert f"analyse/{EDITED}" not in result.rebuilt
    after = card_files(project)
    german = cards_of(EDITED, "de")
    assert all(after[name] != before[name] for name in german)
    assert [name for name in after if name not in german and after[name] != before[name]] == []
    with pdfplumber.open(project.build_dir / german[1]) as deck:
        shown = " ".join(" ".join((page.extract_text() or "").split()) for page in deck.pages)
    assert "auch mehrere in eines" in shown
    build(project, out_dir=tmp_path / "cold")
    assert tree_bytes(project.build_dir) == tree_bytes(tmp_path / "cold")


def test_a_card_template_remakes_every_deck_and_nothing_else(project: Project) -> None:
    stylesheet = project.templates_dir / "cards" / "card.css"
    stylesheet.write_text(stylesheet.read_text("utf-8") + "\n/* edited */\n", "utf-8")
    before = inodes(project)

    result = build(project)

    decks = [f"cards/{lang}/{game}" for game in GAMES for lang in LANGUAGES]
    assert sorted(result.rebuilt) == sorted(decks)
    after = inodes(project)
    assert after["site/fr/risiko.html"] == before["site/fr/risiko.html"]
    assert after[f"graph/{EDITED}.json"] == before[f"graph/{EDITED}.json"]


def test_a_page_the_search_does_not_index_leaves_the_search_index_as_it_was(
    project: Project,
) -> None:
    template = project.templates_dir / "site" / "graph.html"
    text = template.read_text("utf-8")
    template.write_text(text.replace("</figure>", "</figure>\n<!-- edited -->"), "utf-8")
    before = inodes(project)

    result = build(project)

    # Every part of the site shares the templates, so every part is made again ...
    assert {f"site/{lang}/{game}" for lang in LANGUAGES for game in GAMES} <= set(result.rebuilt)
    after = inodes(project)
    assert after["site/fr/risiko-graph.html"] != before["site/fr/risiko-graph.html"]
    assert b"<!-- edited -->" in (project.build_dir / "site/fr/risiko-graph.html").read_bytes()
    # ... but no page Pagefind indexes changed, so it is not run again.
    assert "search" not in result.rebuilt
    index = [name for name in after if name.startswith("site/pagefind/")]
    assert index and [name for name in index if after[name] != before[name]] == []


def test_a_glossary_entry_remakes_the_outputs_of_the_games_that_use_it(project: Project) -> None:
    terms = {
        game: {
            t["id"]
            for t in json.loads((project.build_dir / "graph" / f"{game}.json").read_bytes())[
                "terms"
            ]
        }
        for game in GAMES
    }
    term = sorted(terms[EDITED] - terms[OTHER])[0]
    glossary = project.glossary_file.read_text("utf-8")
    entry = re.compile(rf"(?m)^(  - id: {re.escape(term)}\n(?:    .*\n)*?    definition: .*)$")
    assert entry.search(glossary), term
    project.glossary_file.write_text(entry.sub(r"\1 Geändert.", glossary, count=1), "utf-8")

    result = build(project)

    assert {f"cards/{lang}/{EDITED}" for lang in LANGUAGES} <= set(result.rebuilt)
    assert [
        key
        for key in result.rebuilt
        if key.endswith(f"/{OTHER}") and not key.startswith(("analyse/", "quickref/"))
    ] == []


def test_the_build_records_every_outputs_input_hash_and_files(project: Project) -> None:
    manifest = json.loads((project.build_dir / MANIFEST).read_bytes())
    recorded = {name for entry in manifest.values() for name in entry["files"]}
    folder = project.build_dir
    written = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}
    assert written - recorded == {"inputs.sha256", MANIFEST}
    assert {f"cards/{lang}/{game}" for game in GAMES for lang in LANGUAGES} <= set(manifest)
    assert all(len(entry["inputs"]) == 64 for entry in manifest.values())


def test_a_stage_counts_the_code_it_imports_and_not_the_rest(tmp_path: Path) -> None:
    code = Code()
    cards = code.closure(["rulekit.output.cards.printer"])
    assert "output/cards/layout.py" in cards and "graph/ids.py" in cards
    # The cards import the graph's id rules (through the quick reference), not its builder.
    assert not any(name.startswith(("extract/", "graph/builder")) for name in cards)
    package = tmp_path / "rulekit"
    shutil.copytree(PACKAGE_DIR, package, ignore=shutil.ignore_patterns("__pycache__"))
    before = [
        Code(package).stage([module])
        for module in ("rulekit.output.cards.printer", "rulekit.graph")
    ]
    layout = package / "output" / "cards" / "layout.py"
    layout.write_text(layout.read_text("utf-8") + "\n# edited\n", "utf-8")
    after = [
        Code(package).stage([module])
        for module in ("rulekit.output.cards.printer", "rulekit.graph")
    ]
    assert after[0] != before[0]  # the cards' code changed
    assert after[1] == before[1]  # the graph stage's did not
