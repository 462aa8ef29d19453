"""`rulekit add` for a newcomer: a path and a game id, everything else optional."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from rulekit.build import analyse
from rulekit.cli import app
from rulekit.cues import cues
from rulekit.graph.cover import title_heading
from rulekit.i18n.catalogs import localization
from rulekit.intake import game_terms
from rulekit.model import Block
from rulekit.output.cards.content import topics
from rulekit.project import Project
from tests.conftest import ROOT, tree_bytes

runner = CliRunner()
ONE_LINE = re.compile(r"^(?:\S[^\n]*:\d+: |rulekit add: )\S[^\n]*\n$")

# A small manual without page numbers, written for these tests.
MANUAL = """\
Turmbau

Spielvorbereitung
Jeder Spieler wählt eine Farbe und stellt seine Turmfigur auf das Startfeld.
Die Bausteine liegen als Vorrat neben dem Spielplan bereit.

Spielablauf
Wer am Zug ist, würfelt und zieht seine Turmfigur um so viele Felder vorwärts.
Landet die Turmfigur auf einem Baufeld, nimmt der Spieler zwei Bausteine.
Mit vier Bausteinen baut der Spieler einen Turm auf ein freies Baufeld.

Spielende
Sobald ein Spieler drei Türme gebaut hat, endet das Spiel sofort.
Wer die meisten Bausteine übrig hat, gewinnt bei Gleichstand.
"""


@pytest.fixture
def fresh(tmp_path: Path) -> Project:
    """A project as a newcomer starts it: an empty sources/ folder and the glossary."""
    root = tmp_path / "fresh"
    (root / "sources").mkdir(parents=True)
    shutil.copytree(ROOT / "glossary", root / "glossary")
    return Project(root)


@pytest.fixture
def manual(tmp_path: Path) -> Path:
    path = tmp_path / "regeln.txt"
    path.write_text(MANUAL, encoding="utf-8")
    return path


def add(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["add", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_path_and_a_game_id_register_a_manual_and_say_what_was_found(
    fresh: Project, manual: Path
) -> None:
    code, out, err = add(str(manual), "--game", "turmbau", "--project", str(fresh.root))
    assert code == 0, err
    folder = fresh.sources_dir / "turmbau"
    assert (folder / "manual.txt").read_bytes() == manual.read_bytes()
    meta = yaml.safe_load((folder / "source.yaml").read_text("utf-8"))
    assert meta["title"] == "Turmbau"  # the first heading
    assert (meta["publisher"], meta["edition"], meta["pages"]) == ("", "", [])
    assert f"registered turmbau in {folder}" in out
    assert "Turmbau (the first heading, line 1)" in out
    assert re.search(r"blocks: +\d+ \(\d+ (heading|paragraph)", out)
    assert re.search(r"repairs: +\d+ made, \d+ to review", out)
    assert re.search(r"nodes: +\d+ \(.*\d+ rule", out)
    terms = re.search(r"terms: +(.*)", out)
    assert terms and "Baustein" in terms.group(1) and "Turmfigur" in terms.group(1)
    assert "cite sections" in out
    assert f"{folder / 'source.yaml'}  (title, publisher, edition, pages" in out


def test_the_title_option_wins_over_the_first_heading(fresh: Project, manual: Path) -> None:
    args = ["--game", "turmbau", "--title", "Türme bauen", "--project", str(fresh.root)]
    code, out, err = add(str(manual), *args)
    assert code == 0, err
    meta = yaml.safe_load((fresh.sources_dir / "turmbau" / "source.yaml").read_text("utf-8"))
    assert meta["title"] == "Türme bauen"
    assert "first heading" not in out


@pytest.mark.parametrize(
    ("texts", "title"),
    [
        (["Spielanleitung", "Hütchen hüpf", "Inhalt"], "Hütchen hüpf"),
        (["Spielregel", "Phase 10", "Spielmaterial"], "Phase 10"),
        # The component list or a sentence begins the rules: no heading after it names
        # the game.
        (["Spielanleitung", "Inhalt", "Spielziel"], None),
        (["Spielvorbereitung", "Jeder nimmt drei Karten.", "Eine Sechs"], None),
    ],
)
def test_the_title_is_the_heading_that_names_the_game(texts: list[str], title: str | None) -> None:
    blocks = [
        Block(
            kind="paragraph" if text.endswith(".") else "heading",
            text=text,
            page=None,
            lines=(n, n),
        )
        for n, text in enumerate(texts, 1)
    ]
    found = title_heading(blocks, cues())
    assert (found.text if found else None) == title


def test_a_project_without_a_glossary_still_takes_a_manual(tmp_path: Path, manual: Path) -> None:
    (tmp_path / "bare" / "sources").mkdir(parents=True)
    code, _, err = add(str(manual), "--game", "turmbau", "--project", str(tmp_path / "bare"))
    assert code == 0, err
    assert (tmp_path / "bare" / "sources" / "turmbau" / "source.yaml").is_file()


def test_without_page_numbers_the_graph_and_cards_cite_sections(
    fresh: Project, manual: Path
) -> None:
    code, _, err = add(str(manual), "--game", "turmbau", "--project", str(fresh.root))
    assert code == 0, err
    (found,) = analyse(fresh)
    assert all(node.source.page is None for node in found.graph.nodes)
    assert not any(block.page for block in found.extraction.blocks)
    texts = localization(found.graph, None, "de")
    cited = topics(found.graph, texts, ("rule",), found.info.pages)
    assert cited and all(topic.pages == "" for topic in cited)
    assert {topic.heading.kind for topic in cited} == {"section"}


@pytest.mark.parametrize(
    "args, expected",
    [
        (["--game", "Turm-Bau"], r"^rulekit add: --game: not a game id: 'Turm-Bau'"),
        (["--game", "turmbau", "--project", "nowhere"], r"^rulekit add: --project: not a folder"),
        ([], r"^rulekit add: --game: missing"),
    ],
    ids=["bad-id", "no-project", "no-game"],
)
def test_a_bad_option_is_one_line_and_writes_nothing(
    fresh: Project,
    manual: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    expected: str,
) -> None:
    monkeypatch.chdir(fresh.root)
    before = tree_bytes(fresh.root.parent)
    code, out, err = add(str(manual), *args)
    assert code == 2 and out == ""
    assert ONE_LINE.match(err) and re.search(expected, err), err
    assert "Traceback" not in err
    assert tree_bytes(fresh.root.parent) == before
    assert not (fresh.root / "nowhere").exists() and not Path("nowhere").exists()


def test_a_missing_manual_is_one_line_naming_it(fresh: Project, tmp_path: Path) -> None:
    missing = tmp_path / "fehlt.txt"
    code, _, err = add(str(missing), "--game", "turmbau", "--project", str(fresh.root))
    assert code == 2
    assert err == f"{missing}:0: no such file\n"
    assert list(fresh.sources_dir.iterdir()) == []


def test_every_missing_or_bad_option_is_reported_at_once(fresh: Project, tmp_path: Path) -> None:
    missing = tmp_path / "fehlt.txt"
    args = ["--game", "Turm", "--pages", "9-3", "--year", "neu", "--project", str(tmp_path / "x")]
    code, _, err = add(str(missing), *args)
    assert code == 2 and ONE_LINE.match(err), err
    labels = [str(missing), "--game", "--pages", "--year", "--project"]
    assert re.match("^rulekit add: " + ".*; ".join(re.escape(f"{x}: ") for x in labels), err)
    code, _, err = add()
    assert code == 2
    assert err.startswith("rulekit add: PATH: missing") and "--game: missing" in err


def test_a_registered_game_is_refused_and_kept(fresh: Project, manual: Path) -> None:
    args = [str(manual), "--game", "turmbau", "--project", str(fresh.root)]
    assert add(*args)[0] == 0
    before = tree_bytes(fresh.sources_dir)
    code, _, err = add(*args)
    assert code == 2 and "already registered; add --replace" in err
    assert tree_bytes(fresh.sources_dir) == before


def test_suggested_terms_prefer_words_of_the_game() -> None:
    zipf = {"Baustein": 1.5, "Bausteine": 1.4, "Beginn": 4.6, "Spieler": 5.3, "Turmfigur": 0.0}
    counts = [("Bausteine", 3), ("Baustein", 2), ("Beginn", 4), ("Spieler", 9), ("Turmfigur", 2)]
    ranked = game_terms(counts, lambda word: zipf[word])
    assert ranked == [("Baustein", 5), ("Turmfigur", 2), ("Beginn", 4)]
