"""The editors' quick reference through the command line: suspect lines and re-pinning.

Bad specs (exit 2, one line) are cases of tests/test_cli_errors.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from rulekit.cli import main
from rulekit.i18n.pofile import read_catalog
from tests.conftest import ROOT

GAME = "xidit"  # the shortest manual
SPEC = f"p/sources/{GAME}/cards.yaml"
LINE = "Bedrohung beseitigt: Bedrohungsplättchen auf seinen Abwurfstapel."


@pytest.fixture(scope="module")
def pinned_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One game's sources, the glossary, templates and translations, its spec pinned to
    the graph as it is now (so that a test sees only the change it makes)."""
    root = tmp_path_factory.mktemp("quickref") / "p"
    shutil.copytree(ROOT / "sources" / GAME, root / "sources" / GAME)
    for part in ("glossary", "templates", "translations"):
        shutil.copytree(ROOT / part, root / part)
    (root / "tests").mkdir()
    with pytest.raises(SystemExit):
        main(["cards", "pin", GAME, "--reviewed", "--project", str(root)])
    return root


@pytest.fixture
def small(pinned_project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of `pinned_project` in `p/` of the cwd."""
    shutil.copytree(pinned_project, tmp_path / "p")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEKIT_DEBUG", raising=False)
    return tmp_path


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """`rulekit ARGS --project p` in this process: exit code and everything it printed."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        main([*args, "--project", "p"])
    captured = capsys.readouterr()
    code = exited.value.code
    return code if isinstance(code, int) else 1, captured.out + captured.err


def pinned_rule(spec: Path) -> str:
    """The `id@fingerprint` the spec pins for LINE."""
    for card in yaml.safe_load(spec.read_text(encoding="utf-8"))["cards"]:
        for line in card.get("lines", []):
            if line["text"] == LINE:
                return str(line["rules"][0])
    raise AssertionError(f"{spec} has no line {LINE!r}")


def spec_line(spec: Path, text: str) -> int:
    return spec.read_text(encoding="utf-8").splitlines().index(text) + 1


def test_a_line_whose_rule_changed_is_suspect_in_check_and_fuzzy_for_translators(
    small: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = small / SPEC
    pinned = pinned_rule(spec)
    rule = pinned.split("@")[0]
    # The German rule changed since the line was written: its pin no longer matches.
    spec.write_text(
        spec.read_text(encoding="utf-8").replace(pinned, f"{rule}@0123456789abcdef"),
        encoding="utf-8",
    )
    where = spec_line(spec, f"    - {rule}@0123456789abcdef")

    code, printed = run(["check"], capsys)
    assert code == 1
    assert f"{SPEC}:{where - 2}: {rule} changed since this line was written" in printed

    code, printed = run(["i18n", "update"], capsys)
    assert code == 0, printed
    for lang in ("en", "fr", "pl"):
        catalog = read_catalog(small / f"p/translations/{lang}/LC_MESSAGES/{GAME}.po", lang)
        message = next(m for m in catalog if m.id == LINE)
        before = read_catalog(ROOT / f"translations/{lang}/LC_MESSAGES/{GAME}.po", lang)
        assert message.fuzzy, lang
        assert message.string == next(m for m in before if m.id == LINE).string != ""
        assert any(c.startswith(f"SUSPECT: {rule} changed") for c in message.auto_comments)


def test_pin_moves_a_rule_to_the_id_its_unchanged_text_has_now(
    small: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = small / SPEC
    original = spec.read_text(encoding="utf-8")
    pinned = pinned_rule(spec)
    rule, fingerprint = pinned.split("@")
    moved = f"{rule.rsplit('.', 1)[0]}.an-id-segmentation-gave-once@{fingerprint}"
    spec.write_text(original.replace(pinned, moved), encoding="utf-8")

    # A rule the graph no longer holds makes its line suspect, naming the likeliest rule.
    code, printed = run(["check"], capsys)
    assert code == 1
    where = spec_line(spec, f"    - {moved}") - 2
    assert (
        f"{SPEC}:{where}: rule '{moved.split('@')[0]}' is not in the graph of {GAME}; "
        f"nearest: {rule} ('rulekit cards pin {GAME}'"
    ) in printed.replace("\n", "")

    code, printed = run(["cards", "pin", GAME], capsys)
    assert code == 0, printed
    assert f"-> {pinned}" in printed
    assert spec.read_text(encoding="utf-8") == original  # comments and layout as written


def test_pin_reports_rules_it_cannot_place_with_the_nearest(
    small: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = small / SPEC
    pinned = pinned_rule(spec)
    rule = pinned.split("@")[0]
    lost = f"{rule}-gone@0123456789abcdef"
    spec.write_text(spec.read_text(encoding="utf-8").replace(pinned, lost), encoding="utf-8")
    before = spec.read_bytes()

    code, printed = run(["cards", "pin", GAME], capsys)
    assert code == 1
    where = spec_line(spec, f"    - {lost}")
    assert f"{SPEC}:{where}: rule '{rule}-gone' is not in the graph of {GAME}; nearest: {rule}" in (
        printed.replace("\n", "")
    )
    assert spec.read_bytes() == before


def test_pin_reviewed_accepts_the_current_text_of_a_changed_rule(
    small: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = small / SPEC
    original = spec.read_text(encoding="utf-8")
    pinned = pinned_rule(spec)
    stale = f"{pinned.split('@')[0]}@0123456789abcdef"
    spec.write_text(original.replace(pinned, stale), encoding="utf-8")

    code, printed = run(["cards", "pin", GAME], capsys)
    assert code == 1 and "changed since this line was written; review the line" in printed
    code, printed = run(["cards", "pin", GAME, "--reviewed"], capsys)
    assert code == 0, printed
    assert spec.read_text(encoding="utf-8") == original
