"""The command line as a user meets it: one-line errors, exit codes, nothing half-written."""

from __future__ import annotations

import codecs
import json
import re
import shlex
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from rulekit.cli import app
from rulekit.project import Project
from rulekit.sources import sha256_file
from tests.conftest import tree_bytes

runner = CliRunner()
ERROR_LINE = re.compile(r"^(?P<path>[^\n]+):(?P<line>\d+): (?P<message>[^\n]+)\n$")


def bad_inputs(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    empty_dir = tmp_path / "empty"
    empty_dir.mkdir()
    junk = tmp_path / "junk.txt"
    junk.write_bytes(bytes(range(256)) * 4)
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("Regeln\nDer Spieler würfelt.\n".encode("latin-1"))
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    return {
        "missing file": (tmp_path / "nothing.pdf", "no such file"),
        "empty directory": (empty_dir, "no manual"),
        "binary junk": (junk, "binary data"),
        "non-UTF-8 text": (latin1, "not UTF-8"),
        "empty file": (empty, "empty"),
    }


@pytest.mark.parametrize(
    "case", ["missing file", "empty directory", "binary junk", "non-UTF-8 text", "empty file"]
)
@pytest.mark.parametrize("as_json", [False, True])
def test_extract_rejects_bad_input_with_one_line(tmp_path: Path, case: str, as_json: bool) -> None:
    path, message = bad_inputs(tmp_path)[case]
    output = tmp_path / "out.txt"
    args = ["extract", str(path), "--output", str(output)] + (["--json"] if as_json else [])
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    match = ERROR_LINE.match(result.stderr)
    assert match, result.stderr
    assert match["path"] == str(path)
    assert message in match["message"]
    assert not output.exists()


def test_non_utf8_error_names_the_line(tmp_path: Path) -> None:
    path, _ = bad_inputs(tmp_path)["non-UTF-8 text"]
    result = runner.invoke(app, ["extract", str(path)])
    assert result.stderr.startswith(f"{path}:2: not UTF-8")


def test_extract_prints_text_and_json(project: Project) -> None:
    folder = project.sources_dir / "xidit"
    plain = runner.invoke(app, ["extract", str(folder)])
    assert plain.exit_code == 0
    assert "Anwerbungs" in plain.stdout
    data = json.loads(runner.invoke(app, ["extract", str(folder / "manual.txt"), "--json"]).stdout)
    assert set(data) == {"blocks", "repairs"}
    assert {"kind", "text", "page", "lines"} <= set(data["blocks"][0])


def test_schema_is_valid_json_schema() -> None:
    result = runner.invoke(app, ["schema"])
    schema = json.loads(result.stdout)
    assert schema["$schema"].endswith("2020-12/schema")
    assert set(schema["required"]) == {"game", "nodes", "edges", "terms"}


def test_add_registers_a_manual_byte_for_byte(project: Project, tmp_path: Path) -> None:
    manual = tmp_path / "regeln.txt"
    manual.write_text("Aufbau\nJeder Spieler nimmt 3 Karten.\n", "utf-8")
    args = [
        "add",
        str(manual),
        "--game",
        "demo",
        "--title",
        "Demo",
        "--publisher",
        "Nobody",
        "--edition",
        "test",
        "--pages",
        "3-4",
        "--project",
        str(project.root),
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    folder = project.sources_dir / "demo"
    assert (folder / "manual.txt").read_bytes() == manual.read_bytes()
    meta = (folder / "source.yaml").read_text("utf-8")
    assert "pages:\n- 3\n- 4\n" in meta
    again = runner.invoke(app, args)
    assert again.exit_code == 2
    assert "already registered" in again.stderr


def test_add_refuses_unreadable_input_and_writes_nothing(project: Project, tmp_path: Path) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"\x00\x01\x02")
    result = runner.invoke(
        app,
        [
            "add",
            str(junk),
            "--game",
            "junk",
            "--title",
            "J",
            "--publisher",
            "P",
            "--edition",
            "e",
            "--pages",
            "1",
            "--project",
            str(project.root),
        ],
    )
    assert result.exit_code == 2
    assert ERROR_LINE.match(result.stderr)
    assert not (project.sources_dir / "junk").exists()


@pytest.mark.parametrize(
    "bom, encoding",
    [
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
        (codecs.BOM_UTF8, "utf-8"),
    ],
)
def test_a_manual_in_utf16_or_with_a_bom_is_text(
    project: Project, tmp_path: Path, bom: bytes, encoding: str
) -> None:
    original = project.sources_dir / "xidit" / "manual.txt"
    converted = tmp_path / "manual.txt"
    converted.write_bytes(bom + original.read_text("utf-8").encode(encoding))
    expected = runner.invoke(app, ["extract", str(original)])
    result = runner.invoke(app, ["extract", str(converted)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == expected.stdout


def test_an_edited_manual_is_re_registered_by_the_command_its_error_names(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(project.root)
    folder = Path("sources") / "xidit"
    overrides = (folder / "graph.yaml").read_bytes()
    recorded = yaml.safe_load((folder / "source.yaml").read_text("utf-8"))
    manual = folder / "manual.txt"
    manual.write_bytes(manual.read_bytes() + b"\nJeder Spieler zieht 1 Karte.\n")

    failed = runner.invoke(app, ["extract", str(folder)])
    assert failed.exit_code == 2
    command = failed.stderr.strip().split("re-register it: ")[1]
    assert command == "rulekit add sources/xidit/manual.txt --game xidit --replace"
    replaced = runner.invoke(app, shlex.split(command)[1:])
    assert replaced.exit_code == 0, replaced.stderr

    meta = yaml.safe_load((folder / "source.yaml").read_text("utf-8"))
    assert meta == {**recorded, "sha256": sha256_file(manual)}
    assert (folder / "graph.yaml").read_bytes() == overrides
    assert sorted(p.name for p in project.sources_dir.iterdir()) == sorted(
        ["invaders", "midway", "risiko", "stratego", "xidit"]
    )
    assert runner.invoke(app, ["extract", str(folder)]).exit_code == 0


def test_replace_copies_a_new_manual_and_overrides_only_the_given_fields(
    project: Project, tmp_path: Path
) -> None:
    folder = project.sources_dir / "xidit"
    before = tree_bytes(folder)
    recorded = yaml.safe_load(before["source.yaml"])
    new = tmp_path / "neu.txt"
    new.write_bytes(before["manual.txt"] + b"\nJeder Spieler zieht 1 Karte.\n")
    args = ["add", str(new), "--game", "xidit", "--replace", "--pages", "10-11"]
    result = runner.invoke(app, [*args, "--title", "Xidit", "--project", str(project.root)])
    assert result.exit_code == 0, result.stderr
    after = tree_bytes(folder)
    assert sorted(after) == sorted(before)
    assert after["manual.txt"] == new.read_bytes()
    assert after["graph.yaml"] == before["graph.yaml"]
    meta = yaml.safe_load(after["source.yaml"])
    changed = {"title": "Xidit", "pages": [10, 11], "sha256": sha256_file(new)}
    assert meta == {**recorded, **changed}


def test_a_tampered_manual_is_bad_input(project: Project) -> None:
    manual = project.sources_dir / "risiko" / "manual.txt"
    manual.write_bytes(manual.read_bytes() + b"\nextra")
    result = runner.invoke(app, ["graph", "risiko", "--project", str(project.root)])
    assert result.exit_code == 2
    assert re.match(r".*source\.yaml:\d+: sha256 of manual\.txt", result.stderr)


def test_check_passes_on_the_project_and_fails_on_a_stale_catalog(project: Project) -> None:
    ok = runner.invoke(app, ["check", "--project", str(project.root)])
    assert ok.exit_code == 0, ok.stderr
    po = project.translations_dir / "fr" / "LC_MESSAGES" / "xidit.po"
    po.unlink()
    failed = runner.invoke(app, ["check", "--project", str(project.root)])
    assert failed.exit_code == 1
    assert f"{po}:0: catalog missing" in failed.stderr


def test_graph_outline_and_dot(project: Project) -> None:
    outline = runner.invoke(app, ["graph", "stratego", "--project", str(project.root)])
    assert outline.exit_code == 0
    assert outline.stdout.startswith("stratego.")
    dot = runner.invoke(
        app, ["graph", "stratego", "--format", "dot", "--project", str(project.root)]
    )
    assert dot.stdout.startswith('digraph "stratego" {')
    assert '[label="part-of"]' in dot.stdout


def test_serve_previews_the_site_and_rebuilds_when_an_input_changes(project: Project) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "rulekit", "serve", "--project", str(project.root)]
    server = subprocess.Popen(
        [*command, "--port", str(port)], stdout=subprocess.PIPE, text=True, bufsize=1
    )
    assert server.stdout is not None
    try:
        assert "serving" in server.stdout.readline()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/") as page:
            html = page.read().decode("utf-8")
        assert '<html lang="en"' in html
        # The served page asks for the build's id, to reload itself when it changes.
        assert "/__rulekit/build" in html
        assert "/__rulekit/build" not in (project.build_dir / "site/en/index.html").read_text()
        build_id = f"http://127.0.0.1:{port}/__rulekit/build"
        with urllib.request.urlopen(build_id) as served:
            before = served.read()
        css = project.templates_dir / "site" / "site.css"
        css.write_text(css.read_text("utf-8") + "\n/* edited while serving */\n", "utf-8")
        assert server.stdout.readline().startswith("input changed")
        assert server.stdout.readline().startswith("rebuilt")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/site.css") as served:
            assert "edited while serving" in served.read().decode("utf-8")
        with urllib.request.urlopen(build_id) as served:
            assert served.read() not in (before, b"")
    finally:
        server.terminate()
        server.wait(timeout=30)
