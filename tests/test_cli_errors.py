"""Bad input through the real command line: one line on stderr, exit 2, nothing written.

Each case runs `rulekit.cli.main` in-process, in a folder holding a small project
(`p/`: one game, the glossary, templates and translations) and whatever files the
case needs.  Every file and folder there is compared before and after the run.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from rulekit.cli import main
from tests.conftest import ROOT

GAME = "xidit"  # the shortest manual: the cases that analyse it stay quick
ERROR_LINE = re.compile(r"^(?:\S[^\n]*:\d+: |rulekit(?: [a-z0-9]+)*: )\S[^\n]*$")
BOX_DRAWING = re.compile("[\u2500-\u257f]")
# The build's lock file stays by design (see rulekit/files.py: removing it would
# let two builds lock different files); it holds no data.
KEPT_BY_DESIGN = {"p/.build.lock"}

Setup = Callable[[Path], None]

# A Risiko scenario that plays; each play case spoils one line of it.
SCENARIO = """\
game: risiko
example: risiko.befreiungsaktion-von-einem-anderen.spieler-blau-wollte-aegypten-von-nordwestafrika
setup:
  player: Blau
  owners: {Nordwestafrika: Blau, Ostafrika: Blau, Ägypten: Rot}
  units: {Nordwestafrika: 3, Ostafrika: 10, Ägypten: 3}
dice: [3, 2, 6, 2]
steps:
  - action: {do: attack, from: Nordwestafrika, to: Ägypten, units: 2}
  - action:
      do: defend
      units: 2
    expect:
      state:
        territories.Nordwestafrika.units: 1
"""

BROKEN_PO = f"p/translations/fr/LC_MESSAGES/{GAME}.po"
TBX_NAMESPACE = "urn:iso:std:iso:30042:ed-2"


def write(relative: str, content: str | bytes) -> Setup:
    """Create (or overwrite) a file under the case's folder."""

    def setup(root: Path) -> None:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")

    return setup


def edit(relative: str, old: str, new: str) -> Setup:
    """Replace the first `old` in a file by `new`."""

    def setup(root: Path) -> None:
        path = root / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{relative} has no {old!r}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return setup


def append(relative: str, content: bytes) -> Setup:
    """Add bytes to the end of a file."""

    def setup(root: Path) -> None:
        path = root / relative
        path.write_bytes(path.read_bytes() + content)

    return setup


def remove_game(root: Path) -> None:
    """An empty sources/: a build then renders the site at once, without analysing."""
    shutil.rmtree(root / "p" / "sources" / GAME)


def scenario(old: str = "", new: str = "") -> Setup:
    """The scenario above as s.yaml, with `old` replaced by `new`."""
    assert old in SCENARIO
    return write("s.yaml", SCENARIO.replace(old, new, 1))


def combine(*setups: Setup) -> Setup:
    """Several setups in order."""

    def setup(root: Path) -> None:
        for each in setups:
            each(root)

    return setup


def tbx(body: str) -> str:
    """A TBX document around `body`."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tbx xmlns="{TBX_NAMESPACE}" type="TBX-Basic" style="dca" xml:lang="de">\n'
        f"<text><body>\n{body}\n</body></text>\n</tbx>\n"
    )


@dataclass(frozen=True)
class Case:
    """A command line, what to prepare for it, and a pattern its error line must match."""

    id: str
    args: list[str]
    expect: str
    setup: Setup | None = None
    marks: list[pytest.MarkDecorator] = field(default_factory=list)


PROJECT = ["--project", "p"]
ADD = ["add", "new.txt", "--title", "T", "--publisher", "P", "--edition", "e", *PROJECT]
NEW_MANUAL = write("new.txt", "Aufbau\nJeder Spieler nimmt 3 Karten.\n")
TEMPLATE = "p/templates/site/index.html"
# The line a test inserts into that template: the one after its main block opens.
INSERTED_LINE = (ROOT / "templates" / "site" / "index.html").read_text("utf-8").splitlines().index(
    "{% block main %}"
) + 2

CASES = [
    # The root command.
    Case("root-unknown-command", ["bogus"], r"^rulekit: no such command 'bogus'"),
    Case("root-unknown-option", ["--frob"], r"^rulekit: no such option: --frob"),
    # build
    Case("build-project-missing", ["build", "--project", "nowhere"], r"--project: not a folder"),
    Case(
        "build-project-is-file",
        ["build", "--project", "p/glossary/terms.yaml"],
        r"^rulekit build: --project: not a folder",
    ),
    Case(
        "build-project-without-sources",
        ["build", "--project", "p/templates"],
        r"--project: 'p/templates' has no sources/ folder",
    ),
    Case("build-unknown-option", ["build", "--frob", *PROJECT], r"^rulekit build: no such option"),
    Case("build-extra-argument", ["build", "extra", *PROJECT], r"^rulekit build: got unexpected"),
    Case(
        "build-template-syntax-error",
        ["build", "-q", *PROJECT],
        r"^p/templates/site/index\.html:\d+: Unexpected end of template",
        combine(remove_game, append(TEMPLATE, b"{% if broken %}\n")),
    ),
    Case(
        "build-template-undefined-variable",
        ["build", "-q", *PROJECT],
        rf"^p/templates/site/index\.html:{INSERTED_LINE}: 'no_such_variable' is undefined",
        combine(
            remove_game,
            edit(TEMPLATE, "{% block main %}\n", "{% block main %}\n{{ no_such_variable }}\n"),
        ),
    ),
    Case(
        "build-template-include-missing",
        ["build", "-q", *PROJECT],
        rf"^p/templates/site/index\.html:{INSERTED_LINE}: template 'site/nope\.html' not found",
        combine(
            remove_game,
            edit(
                TEMPLATE, "{% block main %}\n", '{% block main %}\n{% include "site/nope.html" %}\n'
            ),
        ),
    ),
    Case(
        "build-source-yaml-bad-page",
        ["build", "-q", *PROJECT],
        rf"^p/sources/{GAME}/source\.yaml:8: pages\.0: Input should be a valid integer",
        edit(f"p/sources/{GAME}/source.yaml", "- 10", "- ten"),
    ),
    # extract
    Case("extract-missing-file", ["extract", "nothing.txt"], r"^nothing\.txt:0: no such file"),
    Case(
        "extract-empty-folder",
        ["extract", "empty"],
        r"^empty:0: folder holds no manual",
        lambda root: (root / "empty").mkdir(),
    ),
    Case(
        "extract-two-manuals",
        ["extract", "two"],
        r"^two:0: folder holds several manuals",
        combine(write("two/a.txt", "Regeln\n"), write("two/b.txt", "Regeln\n")),
    ),
    Case(
        "extract-binary",
        ["extract", "junk.txt"],
        r"^junk\.txt:1: binary data",
        write("junk.txt", bytes(range(256)) * 4),
    ),
    Case(
        "extract-latin1",
        ["extract", "latin1.txt"],
        r"^latin1\.txt:2: not UTF-8 text",
        write("latin1.txt", "Regeln\nDer Spieler würfelt.\n".encode("latin-1")),
    ),
    Case(
        "extract-broken-utf16",
        ["extract", "u16.txt"],
        r"^u16\.txt:2: not UTF-16-LE text",
        write("u16.txt", b"\xff\xfe" + "Regeln\nab".encode("utf-16-le") + b"\x00"),
    ),
    Case(
        "extract-empty-file",
        ["extract", "empty.txt"],
        r"^empty\.txt:0: file is empty",
        write("empty.txt", b""),
    ),
    Case(
        "extract-text-named-pdf",
        ["extract", "fake.pdf"],
        r"^fake\.pdf:0: not a PDF",
        write("fake.pdf", "Regeln\n"),
    ),
    Case(
        "extract-output-is-folder",
        ["extract", f"p/sources/{GAME}/manual.txt", "-o", "p"],
        r"^rulekit extract: --output: 'p' is a folder",
    ),
    Case(
        "extract-output-below-file",
        ["extract", f"p/sources/{GAME}/manual.txt", "-o", "p/glossary/terms.yaml/out.txt"],
        r"^rulekit extract: --output: 'p/glossary/terms\.yaml' is a file",
    ),
    Case(
        "extract-name-too-long",
        ["extract", "a" * 300 + ".txt"],
        r"^a{300}\.txt:0: File name too long$",
    ),
    Case("extract-no-path", ["extract"], r"^rulekit extract: missing argument"),
    Case(
        "extract-tampered-source",
        ["extract", f"p/sources/{GAME}"],
        rf"sha256 of manual\.txt is [0-9a-f]{{64}}, not the recorded one; .*"
        rf"rulekit add p/sources/{GAME}/manual\.txt --game {GAME} --replace --project p$",
        append(f"p/sources/{GAME}/manual.txt", b"\nextra\n"),
    ),
    # check
    Case("check-project-missing", ["check", "--project", "nowhere"], r"^rulekit check: --project"),
    Case("check-unknown-option", ["check", "--frob", *PROJECT], r"^rulekit check: no such option"),
    Case(
        "check-glossary-invalid-yaml",
        ["check", *PROJECT],
        r"^p/glossary/terms\.yaml:\d+: invalid YAML",
        append("p/glossary/terms.yaml", b"\n  - [unclosed\n"),
    ),
    Case(
        "check-source-yaml-unknown-key",
        ["check", *PROJECT],
        rf"^p/sources/{GAME}/source\.yaml:4: yaer: Extra inputs are not permitted",
        edit(f"p/sources/{GAME}/source.yaml", "year:", "yaer:"),
    ),
    # serve: argument errors only, so no server ever starts
    Case("serve-port-zero", ["serve", "--port", "0", *PROJECT], r"^rulekit serve: --port: .*'0'"),
    Case(
        "serve-port-text", ["serve", "--port", "abc", *PROJECT], r"^rulekit serve: --port: .*'abc'"
    ),
    Case("serve-port-too-high", ["serve", "--port", "70000", *PROJECT], r"^rulekit serve: --port"),
    Case("serve-project-missing", ["serve", "--project", "nowhere"], r"^rulekit serve: --project"),
    Case("serve-extra-argument", ["serve", "extra", *PROJECT], r"^rulekit serve: got unexpected"),
    # schema
    Case("schema-extra-argument", ["schema", "extra"], r"^rulekit schema: got unexpected"),
    Case("schema-unknown-option", ["schema", "--json"], r"^rulekit schema: no such option: --json"),
    # add
    Case(
        "add-game-capitals",
        [*ADD, "--game", "Bad-Game", "--pages", "1"],
        r"^rulekit add: --game: not a game id: 'Bad-Game'",
        NEW_MANUAL,
    ),
    Case(
        "add-game-escapes",
        [*ADD, "--game", "../escape", "--pages", "1"],
        r"^rulekit add: --game: not a game id: '\.\./escape'",
        NEW_MANUAL,
    ),
    Case(
        "add-game-empty",
        [*ADD, "--game", "", "--pages", "1"],
        r"--game: not a game id: ''",
        NEW_MANUAL,
    ),
    Case(
        "add-game-too-long",
        [*ADD, "--game", "a" * 65, "--pages", "1"],
        r"--game: not a game id",
        NEW_MANUAL,
    ),
    Case(
        "add-pages-text",
        [*ADD, "--game", "demo", "--pages", "abc"],
        r"^rulekit add: --pages: not a page list: 'abc'",
        NEW_MANUAL,
    ),
    Case(
        "add-pages-backwards",
        [*ADD, "--game", "demo", "--pages", "5-3"],
        r"^rulekit add: --pages: range '5-3' runs backwards",
        NEW_MANUAL,
    ),
    Case(
        "add-pages-zero",
        [*ADD, "--game", "demo", "--pages", "0"],
        r"--pages: pages are numbered 1",
        NEW_MANUAL,
    ),
    Case(
        "add-pages-twice",
        [*ADD, "--game", "demo", "--pages", "3,3"],
        r"--pages: pages must ascend",
        NEW_MANUAL,
    ),
    Case(
        "add-pages-empty",
        [*ADD, "--game", "demo", "--pages", ""],
        r"--pages: not a page list",
        NEW_MANUAL,
    ),
    Case(
        "add-pages-open-range",
        [*ADD, "--game", "demo", "--pages", "3-"],
        r"--pages: not a page list",
        NEW_MANUAL,
    ),
    Case(
        "add-year-text",
        [*ADD, "--game", "demo", "--pages", "1", "--year", "abc"],
        r"^rulekit add: --year: .*'abc'",
        NEW_MANUAL,
    ),
    Case(
        "add-year-five-digits",
        [*ADD, "--game", "demo", "--pages", "1", "--year", "20066"],
        r"^rulekit add: --year: ",
        NEW_MANUAL,
    ),
    Case(
        "add-several-problems",
        ["add", "nothing.txt", "--game", "Demo", "--pages", "3-", "--year", "x", *PROJECT],
        r"^rulekit add: nothing\.txt: no such file; --game: not a game id: 'Demo' .*; "
        r"--pages: not a page list: '3-' .*; --year: not a year: 'x'",
    ),
    Case(
        "add-game-missing",
        [*ADD, "--pages", "1"],
        r"^rulekit add: --game: missing: name the game",
        NEW_MANUAL,
    ),
    Case(
        "add-already-registered",
        [*ADD, "--game", GAME, "--pages", "1"],
        rf"^p/sources/{GAME}:0: game '{GAME}' is already registered; add --replace",
        NEW_MANUAL,
    ),
    Case(
        "add-replace-unregistered",
        ["add", "new.txt", "--game", "demo", "--replace", *PROJECT],
        r"^rulekit add: --replace: no game 'demo' is registered",
        NEW_MANUAL,
    ),
    Case(
        "add-replace-broken-source-yaml",
        ["add", "new.txt", "--game", GAME, "--replace", *PROJECT],
        rf"^p/sources/{GAME}/source\.yaml:2: title: Input should be a valid string",
        combine(
            NEW_MANUAL, edit(f"p/sources/{GAME}/source.yaml", "title: Lords of Xidit", "title: [x]")
        ),
    ),
    Case(
        "add-missing-manual", [*ADD, "--game", "demo", "--pages", "1"], r"^new\.txt:0: no such file"
    ),
    Case(
        "add-manual-is-folder",
        [
            "add",
            "p",
            "--game",
            "demo",
            "--title",
            "T",
            "--publisher",
            "P",
            "--edition",
            "e",
            "--pages",
            "1",
            *PROJECT,
        ],
        r"^p:0: a folder, not a manual file",
    ),
    Case(
        "add-manual-wrong-kind",
        [
            "add",
            "rules.docx",
            "--game",
            "demo",
            "--title",
            "T",
            "--publisher",
            "P",
            "--edition",
            "e",
            "--pages",
            "1",
            *PROJECT,
        ],
        r"^rules\.docx:0: not a manual: name a \.pdf or \.txt file",
        write("rules.docx", "Regeln\n"),
    ),
    Case(
        "add-manual-binary",
        [*ADD, "--game", "demo", "--pages", "1"],
        r"^new\.txt:1: binary data",
        write("new.txt", b"\x00\x01\x02"),
    ),
    Case(
        "add-project-missing",
        [
            "add",
            "new.txt",
            "--game",
            "demo",
            "--title",
            "T",
            "--publisher",
            "P",
            "--edition",
            "e",
            "--pages",
            "1",
            "--project",
            "nowhere",
        ],
        r"^rulekit add: --project: not a folder",
        NEW_MANUAL,
    ),
    # graph
    Case(
        "graph-game-capitals",
        ["graph", "Xidit", *PROJECT],
        r"^rulekit graph: GAME: not a game id: 'Xidit'",
    ),
    Case("graph-game-escapes", ["graph", "../p", *PROJECT], r"^rulekit graph: GAME: not a game id"),
    Case(
        "graph-game-unregistered",
        ["graph", "chess", *PROJECT],
        r"^p/sources/chess:0: no game 'chess' is registered",
    ),
    Case(
        "graph-format-unknown",
        ["graph", GAME, "--format", "svg", *PROJECT],
        r"^rulekit graph: --format: 'svg' is not one of 'outline', 'json', 'dot'$",
    ),
    Case("graph-no-game", ["graph", *PROJECT], r"^rulekit graph: missing argument"),
    Case(
        "graph-overrides-unknown-section",
        ["graph", GAME, *PROJECT],
        rf"^p/sources/{GAME}/graph\.yaml:4: nodez: Extra inputs are not permitted",
        write(
            f"p/sources/{GAME}/graph.yaml", "# overrides\nedges: []\n\nnodez:\n  - id: xidit.x\n"
        ),
    ),
    Case(
        "graph-overrides-unknown-field",
        ["graph", GAME, *PROJECT],
        rf"^p/sources/{GAME}/graph\.yaml:4: nodes\.0\.mechanicall: Extra inputs",
        write(
            f"p/sources/{GAME}/graph.yaml",
            'nodes:\n  - id: xidit.a.b\n    fingerprint: "0"\n    mechanicall: true\n',
        ),
    ),
    Case(
        "graph-overrides-bad-edge-type",
        ["graph", GAME, *PROJECT],
        rf"^p/sources/{GAME}/graph\.yaml:5: edges\.0\.type: ",
        write(
            f"p/sources/{GAME}/graph.yaml",
            "edges:\n  - from: xidit.a.b\n    to: xidit.a.c\n\n    type: friend-of\n",
        ),
    ),
    Case(
        "graph-tampered-manual",
        ["graph", GAME, *PROJECT],
        rf"^p/sources/{GAME}/source\.yaml:10: sha256 of manual\.txt .* --game {GAME} --replace",
        append(f"p/sources/{GAME}/manual.txt", b"\nextra\n"),
    ),
    Case(
        "graph-source-yaml-invalid",
        ["graph", GAME, *PROJECT],
        rf"^p/sources/{GAME}/source\.yaml:\d+: invalid YAML",
        append(f"p/sources/{GAME}/source.yaml", b"pages: [\n"),
    ),
    # i18n
    Case("i18n-unknown-command", ["i18n", "bogus"], r"^rulekit i18n: no such command 'bogus'"),
    Case(
        "i18n-update-project-missing",
        ["i18n", "update", "--project", "nowhere"],
        r"^rulekit i18n update: --project",
    ),
    Case(
        "i18n-update-unknown-option",
        ["i18n", "update", "--frob", *PROJECT],
        r"^rulekit i18n update: no such option",
    ),
    Case(
        "i18n-update-broken-po",
        ["i18n", "update", "--quiet", *PROJECT],
        rf"^{BROKEN_PO}:\d+: ",
        append(BROKEN_PO, b'\nmsgid "unterminated\nmsgstr ""\n'),
    ),
    Case(
        "i18n-stats-broken-po",
        ["i18n", "stats", *PROJECT],
        rf"^{BROKEN_PO}:\d+: ",
        append(BROKEN_PO, b'\nmsgid "unterminated\nmsgstr ""\n'),
    ),
    Case(
        "i18n-stats-po-unknown-keyword",
        ["i18n", "stats", *PROJECT],
        rf"^{BROKEN_PO}:4: ",
        edit(BROKEN_PO, "msgstr", "msgstrr"),
    ),
    Case(
        "i18n-stats-po-garbage",
        ["i18n", "stats", *PROJECT],
        rf"^{BROKEN_PO}:\d+: ",
        write(BROKEN_PO, b"\xff\xfe\x00"),
    ),
    Case(
        "i18n-stats-project-missing",
        ["i18n", "stats", "--project", "nowhere"],
        r"^rulekit i18n stats: --project",
    ),
    Case(
        "i18n-xliff-output-is-file",
        ["i18n", "xliff", "-o", "p/glossary/terms.yaml", *PROJECT],
        r"^rulekit i18n xliff: --output: 'p/glossary/terms\.yaml' is a file",
    ),
    Case(
        "i18n-xliff-output-below-file",
        ["i18n", "xliff", "-o", "p/glossary/terms.yaml/x", *PROJECT],
        r"^rulekit i18n xliff: --output: 'p/glossary/terms\.yaml' is a file",
    ),
    Case(
        "i18n-xliff-broken-po",
        ["i18n", "xliff", "-o", "out", *PROJECT],
        rf"^{BROKEN_PO}:\d+: ",
        append(BROKEN_PO, b'\nmsgid "unterminated\nmsgstr ""\n'),
    ),
    # trace
    Case("trace-project-missing", ["trace", "--project", "nowhere"], r"^rulekit trace: --project"),
    Case("trace-unknown-option", ["trace", "--frob", *PROJECT], r"^rulekit trace: no such option"),
    Case(
        "trace-source-yaml-missing-field",
        ["trace", *PROJECT],
        rf"^p/sources/{GAME}/source\.yaml:1: edition: Field required",
        edit(f"p/sources/{GAME}/source.yaml", "edition: Deutsche Spielregel\n", ""),
    ),
    # play
    Case(
        "play-unknown-action",
        ["play", "risiko", "s.yaml"],
        r"^s\.yaml:11: step 2: do: 'fly' is not one of",
        scenario("do: defend", "do: fly"),
    ),
    Case(
        "play-units-not-a-number",
        ["play", "risiko", "s.yaml"],
        r"^s\.yaml:12: step 2: units: expected a whole number, got 'two'",
        scenario("units: 2\n    expect", "units: two\n    expect"),
    ),
    Case(
        "play-unknown-territory",
        ["play", "risiko", "s.yaml"],
        r"^s\.yaml:9: step 1: from: 'Atlantis' is not a territory in play",
        scenario("from: Nordwestafrika", "from: Atlantis"),
    ),
    Case(
        "play-unknown-territory-in-setup",
        ["play", "risiko", "s.yaml"],
        r"^s\.yaml:5: setup: 'Atlantis' is not a territory of the map",
        combine(
            scenario("owners: {", "owners: {Atlantis: Rot, "),
            edit("s.yaml", "units: {", "units: {Atlantis: 1, "),
        ),
    ),
    Case(
        "play-setup-units-not-a-number",
        ["play", "risiko", "s.yaml"],
        r"^s\.yaml:6: setup: units\.Ostafrika: expected a whole number",
        scenario("Ostafrika: 10", "Ostafrika: zehn"),
    ),
    Case(
        "play-dice-run-out",
        ["play", "risiko", "s.yaml"],
        r"^s\.yaml:7: step 2: dice: 2 needed",
        scenario("dice: [3, 2, 6, 2]", "dice: [3, 2]"),
    ),
    Case(
        "play-step-unknown-key",
        ["play", "risiko", "s.yaml"],
        r"^s\.yaml:13: steps\.1\.expekt: Extra inputs are not permitted",
        scenario("    expect:", "    expekt:"),
    ),
    Case(
        "play-dice-not-a-list",
        ["play", "risiko", "s.yaml"],
        r"^s\.yaml:7: dice: Input should be a valid list",
        scenario("dice: [3, 2, 6, 2]", "dice: lots"),
    ),
    Case(
        "play-invalid-yaml",
        ["play", "risiko", "s.yaml"],
        r"^s\.yaml:\d+: invalid YAML",
        scenario("units: 2}", "units: 2"),
    ),
    Case(
        "play-other-game",
        ["play", "stratego", "s.yaml"],
        r"^s\.yaml:1: scenario is for 'risiko', not 'stratego'",
        scenario(),
    ),
    Case(
        "play-game-without-engine",
        ["play", "chess", "s.yaml"],
        r"^s\.yaml:1: no engine for game 'chess'",
        scenario("game: risiko", "game: chess"),
    ),
    Case(
        "play-missing-file", ["play", "risiko", "nothing.yaml"], r"^nothing\.yaml:0: no such file"
    ),
    Case(
        "play-game-capitals",
        ["play", "Risiko", "s.yaml"],
        r"^rulekit play: GAME: not a game id",
        scenario(),
    ),
    Case("play-no-arguments", ["play"], r"^rulekit play: missing argument"),
    # glossary
    Case(
        "glossary-export-invalid-yaml",
        ["glossary", "export", *PROJECT],
        r"^p/glossary/terms\.yaml:\d+: invalid YAML",
        write("p/glossary/terms.yaml", "terms: [\n"),
    ),
    Case(
        "glossary-export-no-terms",
        ["glossary", "export", *PROJECT],
        r"^p/glossary/terms\.yaml:1: expected a mapping with a 'terms' list",
        write("p/glossary/terms.yaml", "entries: []\n"),
    ),
    Case(
        "glossary-export-output-is-folder",
        ["glossary", "export", "-o", "p", *PROJECT],
        r"^rulekit glossary export: --output: 'p' is a folder",
    ),
    Case(
        "glossary-export-project-missing",
        ["glossary", "export", "--project", "nowhere"],
        r"--project: not a folder",
    ),
    Case(
        "glossary-import-not-xml",
        ["glossary", "import", "bad.tbx", *PROJECT],
        r"^bad\.tbx:1: not well-formed XML",
        write("bad.tbx", "<tbx\n"),
    ),
    Case(
        "glossary-import-not-tbx",
        ["glossary", "import", "bad.tbx", *PROJECT],
        r"^bad\.tbx:2: not a TBX v3 document",
        write("bad.tbx", "<?xml version='1.0'?>\n<html/>\n"),
    ),
    Case(
        "glossary-import-no-german-term",
        ["glossary", "import", "bad.tbx", *PROJECT],
        r"^bad\.tbx:4: conceptEntry 1: no German term",
        write(
            "bad.tbx",
            tbx('<conceptEntry id="x"><langSec xml:lang="de"></langSec></conceptEntry>'),
        ),
    ),
    Case(
        "glossary-import-missing-file",
        ["glossary", "import", "nothing.tbx", *PROJECT],
        r"^nothing\.tbx:0: no such file",
    ),
    Case(
        "glossary-import-output-is-folder",
        ["glossary", "import", "bad.tbx", "-o", "p/glossary", *PROJECT],
        r"^rulekit glossary import: --output: 'p/glossary' is a folder",
        write("bad.tbx", tbx("")),
    ),
    Case(
        "glossary-suggest-project-missing",
        ["glossary", "suggest", "--project", "nowhere"],
        r"--project: not a folder",
    ),
    Case(
        "glossary-suggest-invalid-yaml",
        ["glossary", "suggest", *PROJECT],
        r"^p/glossary/terms\.yaml:\d+: invalid YAML",
        write("p/glossary/terms.yaml", "terms:\n  - id: [\n"),
    ),
    Case(
        "glossary-suggest-extra-argument",
        ["glossary", "suggest", "x", *PROJECT],
        r"^rulekit glossary suggest: got unexpected",
    ),
    Case("glossary-unknown-command", ["glossary", "bogus"], r"^rulekit glossary: no such command"),
    # card specs
    Case(
        "check-card-spec-title-twice",
        ["check", *PROJECT],
        rf"^p/sources/{GAME}/cards\.yaml:\d+: a second card of this title",
        append(
            f"p/sources/{GAME}/cards.yaml",
            "- title: Plättchen entfernen\n  lines:\n  - text: X\n    rules:\n"
            "    - xidit.a.b@0123456789abcdef\n".encode(),
        ),
    ),
    Case(
        "check-card-spec-unpinned-rule",
        ["check", *PROJECT],
        rf"^p/sources/{GAME}/cards\.yaml:\d+: cards\.0\.lines\.0\.rules\.0: .*pattern",
        edit(
            f"p/sources/{GAME}/cards.yaml", f"\n    - {GAME}.", f"\n    - {GAME}.a.b\n    - {GAME}."
        ),
    ),
    Case(
        "build-card-spec-empty-card",
        ["build", *PROJECT],
        rf"^p/sources/{GAME}/cards\.yaml:\d+: a card needs a sequence, a table or lines",
        append(f"p/sources/{GAME}/cards.yaml", b"- title: Leer\n"),
    ),
    Case("cards-pin-no-spec", ["cards", "pin", "risiko", *PROJECT], r"^p/sources/risiko/cards"),
    Case("cards-pin-bad-game", ["cards", "pin", "Bad", *PROJECT], r"^rulekit cards pin: .*game"),
]


@pytest.fixture(scope="module")
def small_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One game's sources, the glossary, templates and translations: copied once per module."""
    root = tmp_path_factory.mktemp("small") / "p"
    shutil.copytree(ROOT / "sources" / GAME, root / "sources" / GAME)
    for part in ("glossary", "templates", "translations"):
        shutil.copytree(ROOT / part, root / part)
    (root / "tests").mkdir()
    return root


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """`rulekit ARGS` through `main()`, in this process: exit code, stdout, stderr."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        main(args)
    captured = capsys.readouterr()
    code = exited.value.code
    return code if isinstance(code, int) else 1, captured.out, captured.err


def snapshot(root: Path) -> dict[str, tuple[str, bytes | None]]:
    """Every file and folder under `root`: kind, content and permissions."""
    tree: dict[str, tuple[str, bytes | None]] = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if relative in KEPT_BY_DESIGN:
            continue
        mode = oct(stat.S_IMODE(path.lstat().st_mode))
        if path.is_dir():
            tree[relative] = (f"dir {mode}", None)
        else:
            tree[relative] = (f"file {mode}", path.read_bytes())
    return tree


def test_there_are_enough_cases_and_every_command_has_some() -> None:
    assert len(CASES) >= 60
    assert len({case.id for case in CASES}) == len(CASES)
    covered = {
        " ".join(case.args[:2]) if case.args[0] in ("i18n", "glossary", "cards") else case.args[0]
        for case in CASES
    }
    commands = {"build", "extract", "check", "serve", "schema", "add", "graph", "trace", "play"}
    commands |= {"i18n update", "i18n stats", "i18n xliff"}
    commands |= {"glossary export", "glossary import", "glossary suggest", "cards pin"}
    assert commands <= covered


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_bad_input_gets_one_line_and_exit_2(
    case: Case,
    small_project: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    shutil.copytree(small_project, tmp_path / "p")
    if case.setup is not None:
        case.setup(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEKIT_DEBUG", raising=False)
    before = snapshot(tmp_path)

    code, out, err = run(case.args, capsys)

    assert code == 2, err
    assert "Traceback" not in out + err
    assert not BOX_DRAWING.search(out + err), err
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    assert ERROR_LINE.match(lines[0]), lines[0]
    assert re.search(case.expect, lines[0]), lines[0]
    assert snapshot(tmp_path) == before, "a file or folder was created or changed"


def test_the_scenario_the_play_cases_spoil_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario()(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["play", "risiko", "s.yaml"], capsys)
    assert code == 0, err
    assert "expectations hold" in out


def test_an_internal_error_is_one_line_and_exit_70(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("rulekit.model.graph_schema", broken)
    monkeypatch.delenv("RULEKIT_DEBUG", raising=False)
    code, _, err = run(["schema"], capsys)
    assert code == 70
    assert err == (
        "rulekit schema: internal error: RuntimeError: a bug; "
        "set RULEKIT_DEBUG=1 for the traceback\n"
    )
    monkeypatch.setenv("RULEKIT_DEBUG", "1")
    code, _, err = run(["schema"], capsys)
    assert code == 70
    assert err.startswith("Traceback") and 'raise RuntimeError("a bug")' in err
    assert err.endswith("set RULEKIT_DEBUG=1 for the traceback\n")


def test_ctrl_c_exits_130_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("rulekit.model.graph_schema", interrupted)
    code, out, err = run(["schema"], capsys)
    assert (code, out, err) == (130, "", "")


def test_help_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--help"], capsys)
    assert code == 0 and "add" in out and err == ""
    code, out, err = run(["add", "--help"], capsys)
    assert code == 0 and "--replace" in out and err == ""
    # No command at all shows the help too; as in Click, that is a usage error.
    code, out, err = run([], capsys)
    assert code == 2 and "build" in out and err == ""


def test_the_console_entry_points_report_the_same_way(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("RULEKIT_DEBUG", None)
    done = subprocess.run(
        [sys.executable, "-m", "rulekit", "add", "x.txt", "--game", "Bad-Game"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("rulekit add: x.txt: no such file; --game: not a game id")
    assert done.stderr.count("\n") == 1 and done.stdout == ""
