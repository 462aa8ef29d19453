"""Incremental builds: each output is made again only when one of its own inputs changed.

An output is a unit the build makes in one go: a game's analysis (its graph,
extraction and catalog template), the texts of a game in one language, the print
files of a game in one language, the glossary's definitions, the trace, the pages
of a game in one language, each page every language has (home, glossary, trace,
editors) in one language, the root pages, the site's other files, the search
index.  Each has a key ("cards/fr/risiko") and an input hash: a digest of exactly what it is
made from (a manual's bytes and its editors' files, a catalog, the glossary, the
templates it uses, and the source of the rulekit modules its stage imports).
A game's print files in one language are keyed not by the manual and texts
they come from but by what they show (the templates' context, topics and
glossary: `rulekit.output.cards.printed`, the very values the printer lays
out), besides their templates, UI strings and code.  The build process
computes it without typesetting anything, or loading WeasyPrint.

Every build records, per output, its input hash and its files in
`.cache/outputs.json` inside the build folder.  The next build computes each
input hash afresh; where it equals the recorded one, the output's files are
taken over from the previous build (hard-linked into the new tree, so the
bytes, the inode and the mtime stay) instead of being made again.  The
atomic swap of the whole tree is unchanged, and since an output's bytes are a
function of its inputs, an incremental build is byte-identical to a cold one.

Intermediate results the next stage needs (the analysed manual, a game's texts
in one language) are outputs too, under `.cache/`, read back as JSON.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rulekit import __version__
from rulekit.i18n.catalogs import GLOSSARY_DOMAIN, TEMPLATES_DOMAIN, po_path
from rulekit.project import PACKAGE_DIR, Project
from rulekit.quickref import SPEC_FILE

CACHE_DIR = ".cache"
MANIFEST = f"{CACHE_DIR}/outputs.json"

# Which rulekit modules each stage runs; their imports are followed (see `Code`).
ANALYSE_MODULES = (
    "rulekit.extract",
    "rulekit.extract.lexicon",
    "rulekit.graph",
    "rulekit.overrides",
    "rulekit.supplements",
    "rulekit.quickref",
    "rulekit.sources",
    "rulekit.i18n.glossary",
    "rulekit.i18n.catalogs",
    "rulekit.i18n.pofile",
)
QUICKREF_MODULES = ("rulekit.quickref", "rulekit.i18n.catalogs", "rulekit.i18n.pofile")
TEXTS_MODULES = ("rulekit.i18n.catalogs", "rulekit.i18n.checkers", "rulekit.quickref")
DEFINITIONS_MODULES = ("rulekit.i18n.glossary", "rulekit.i18n.catalogs", "rulekit.i18n.checkers")
CARDS_MODULES = (
    "rulekit.output.cards.printer",
    "rulekit.output.templating",
    "rulekit.i18n.catalogs",
)
SITE_MODULES = (
    "rulekit.output.site",
    "rulekit.output.sitegames",
    "rulekit.output.siteshared",
    "rulekit.output.templating",
    "rulekit.i18n.catalogs",
    "rulekit.config",
)
# The engines are imported by name at run time: their whole folder counts, pins included.
TRACE_MODULES = ("rulekit.trace", "rulekit.engines")
SEARCH_MODULES = ("rulekit.output.search",)
# The orchestration itself is part of every stage.
BUILD_FILES = ("build.py", "buildcache.py", "buildsite.py")

_IMPORT = re.compile(
    r"^\s*(?:from\s+(rulekit[\w.]*)\s+import\s+(\([^)]*\)|[^\n]*)|import\s+(rulekit[\w.]*))",
    re.MULTILINE,
)


def digest(*parts: str | bytes) -> str:
    """A hex SHA-256 over `parts`, each length-prefixed so that no two splits collide."""
    hasher = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        hasher.update(len(data).to_bytes(8, "big"))
        hasher.update(data)
    return hasher.hexdigest()


def file_digest(path: Path) -> str:
    """The digest of one input file; a missing file has a digest of its own."""
    return digest(path.read_bytes()) if path.is_file() else digest("missing")


def folder_digest(folder: Path, leave_out: Iterable[str] = ()) -> str:
    """The digest of every file under `folder`, by relative path and content, but the
    files at the relative paths in `leave_out`."""
    parts: list[str | bytes] = []
    left_out = set(leave_out)
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            relative = str(path.relative_to(folder))
            if path.is_file() and "__pycache__" not in path.parts and relative not in left_out:
                parts += [relative, path.read_bytes()]
    return digest(*parts)


class Code:
    """Digests of rulekit's own source, per stage: the modules a stage names and the
    rulekit code they import (found by reading the source, lazy imports included),
    plus the package's data files and version.

    `from rulekit.graph import slugify` counts the module that defines `slugify`
    (followed through the package's re-exports), not all the package imports: the
    quick reference needs the graph's id rules, not its builder.  The packages'
    `__init__` files themselves always count.
    """

    def __init__(self, package_dir: Path = PACKAGE_DIR) -> None:
        self.package_dir = package_dir
        self._sources: dict[str, bytes] = {}
        data = [
            path
            for path in sorted(package_dir.rglob("*"))
            if path.is_file() and path.suffix not in (".py", ".pyc")
            if "__pycache__" not in path.parts
        ]
        self._data = digest(
            __version__,
            *(p for d in data for p in (str(d.relative_to(package_dir)), d.read_bytes())),
        )

    def stage(self, modules: Iterable[str], folders: Iterable[str] = ()) -> str:
        """The digest of a stage's code: `modules` with what they import, and whole
        `folders` of the package (relative to it)."""
        files = self.closure(modules) | set(BUILD_FILES)
        for folder in folders:
            files |= {
                str(p.relative_to(self.package_dir))
                for p in (self.package_dir / folder).rglob("*.py")
            }
        parts: list[str | bytes] = [self._data]
        for name in sorted(files):
            parts += [name, self._source(name)]
        return digest(*parts)

    def closure(self, modules: Iterable[str]) -> set[str]:
        """The package-relative files `modules` run, with all they import, transitively."""
        files: set[str] = set()
        followed: set[str] = set()
        pending: list[tuple[str, str | None]] = [(module, None) for module in modules]
        seen: set[tuple[str, str | None]] = set()
        while pending:
            item = pending.pop()
            if item in seen:
                continue
            seen.add(item)
            module, name = item
            parts = module.split(".")[1:]
            files |= {
                "/".join([*parts[:depth], "__init__.py"])
                for depth in range(len(parts))
                if self._exists("/".join([*parts[:depth], "__init__.py"]))
            }
            path = self._path(module)
            if path is None:
                continue
            if name is not None and path.endswith("__init__.py"):
                if self._path(f"{module}.{name}") is not None:
                    pending.append((f"{module}.{name}", None))
                    continue
                source = next((m for m, n in self._imports(path) if n == name), None)
                if source is not None:
                    pending.append((source, name))
                    continue
            files.add(path)
            if path not in followed:
                followed.add(path)
                pending += self._imports(path)
        return files

    def _path(self, module: str) -> str | None:
        """The file of a rulekit module, None for anything else."""
        parts = module.split(".")
        if parts[0] != "rulekit":
            return None
        for name in ("/".join(parts[1:]) + ".py", "/".join([*parts[1:], "__init__.py"])):
            if name != ".py" and self._exists(name):
                return name
        return None

    def _exists(self, name: str) -> bool:
        return (self.package_dir / name).is_file()

    def _imports(self, name: str) -> list[tuple[str, str | None]]:
        """What one file imports from rulekit: (module, name) for `from module import
        name`, (module, None) for `import module`."""
        found: list[tuple[str, str | None]] = []
        for match in _IMPORT.finditer(self._source(name).decode("utf-8")):
            if match.group(3):
                found.append((match.group(3), None))
            else:
                names = re.findall(r"(\w+)(?:\s+as\s+\w+)?", match.group(2))
                found += [(match.group(1), imported) for imported in names]
        return found

    def _source(self, name: str) -> bytes:
        if name not in self._sources:
            self._sources[name] = (self.package_dir / name).read_bytes()
        return self._sources[name]


class Inputs:
    """The input hash of each output of one project's build in `languages`.

    Outputs made from earlier outputs (texts and pages from a game's analysis)
    are keyed by the digest of those outputs' content, not by their inputs: an
    edit that leaves a game's graph as it was (a glossary entry the game does not
    use) re-runs the analysis but re-renders none of its pages.  Print files go
    further: they are keyed by the digest of what they show, so that an edited
    sentence that no card prints typesets nothing, and one that the German cards
    print typesets those alone (the other languages print their translations).
    """

    def __init__(self, project: Project, languages: tuple[str, ...]) -> None:
        self.project = project
        self.languages = languages
        code = Code()
        self.analyse_code = code.stage(ANALYSE_MODULES)
        self.quickref_code = code.stage(QUICKREF_MODULES)
        self.texts_code = code.stage(TEXTS_MODULES)
        self.definitions_code = code.stage(DEFINITIONS_MODULES)
        self.cards_code = code.stage(CARDS_MODULES)
        self.site_code = code.stage(SITE_MODULES)
        self.site = digest(
            "site",
            self.site_code,
            folder_digest(project.templates_dir / "site"),
            file_digest(project.config_file),
            *languages,
        )
        self.trace_code = code.stage(TRACE_MODULES, folders=["engines"])
        self.search_code = code.stage(SEARCH_MODULES)
        self.glossary = file_digest(project.glossary_file)
        translations = project.translations_dir
        self.ui = {
            lang: file_digest(po_path(translations, lang, TEMPLATES_DOMAIN)) for lang in languages
        }
        self.card_templates = folder_digest(project.templates_dir / "cards")
        self.tests = folder_digest(project.tests_dir)
        self.sources: dict[str, str] = {}

    def analysis(self, game: str) -> str:
        """A game's analysis: its source folder (manual, editors' files, picture) but
        its quick reference, the glossary, and where the folder is (the editors'
        messages name their files)."""
        folder = self.project.sources_dir / game
        self.sources[game] = folder_digest(folder)
        graph = folder_digest(folder, leave_out=[SPEC_FILE])
        return digest("analyse", self.analyse_code, self.glossary, graph, str(folder))

    def quick_reference(self, game: str, analysis: str) -> str:
        """A game's quick reference and its template catalog: the spec file, and the
        game's analysis (`analysis`, its input hash), whose graph the spec is checked
        against."""
        spec = file_digest(self.project.sources_dir / game / SPEC_FILE)
        return digest("quickref", self.quickref_code, analysis, spec)

    def texts(self, game: str, lang: str, manual: str) -> str:
        """A game's texts in one language: the analysed manual and the game's catalog."""
        catalog = file_digest(po_path(self.project.translations_dir, lang, game))
        return digest("texts", self.texts_code, manual, catalog)

    def definitions(self) -> str:
        """The glossary's definitions in every language: the glossary and its catalogs."""
        catalogs = [
            file_digest(po_path(self.project.translations_dir, lang, GLOSSARY_DOMAIN))
            for lang in self.languages
        ]
        return digest("definitions", self.definitions_code, self.glossary, *catalogs)

    def cards(self, lang: str, printed: str) -> str:
        """A game's print files in one language: what they show (`printed`, the digest
        of `rulekit.output.cards.printed`), the UI strings, the card templates."""
        return digest("cards", self.cards_code, printed, self.ui[lang], self.card_templates)

    def trace(self, manuals: list[str]) -> str:
        """The trace: every game's graph, the engines and the tests' markers."""
        return digest("trace", self.trace_code, self.tests, *manuals)

    def report(self, manuals: list[str], texts: list[str]) -> str:
        """The editors' report: every manual and its texts."""
        return digest("report", self.texts_code, *manuals, *texts)

    # The site: every part depends on the site's code and templates, the settings
    # (the base URL) and the languages (`self.site`), and on what it shows.

    def game_pages(self, lang: str, game: str, manual: str, texts: str, definitions: str) -> str:
        """The pages of a game in one language: the analysed manual, its texts and the
        glossary's definitions in that language, the UI strings, the game's source
        folder (its picture)."""
        return digest(
            "site-game", self.site, self.ui[lang], self.sources[game], manual, texts, definitions
        )

    def language_page(
        self,
        name: str,
        lang: str,
        manuals: list[str],
        texts: list[str],
        definitions: list[str],
        trace: str,
    ) -> str:
        """One of the pages every language has: every manual and game's picture,
        `texts` and `definitions` (those of its language, or all for the editors'
        page), the trace, the UI strings."""
        return digest(
            "site-page",
            name,
            self.site,
            self.ui[lang],
            *self._sources(),
            *manuals,
            *texts,
            *definitions,
            trace,
        )

    def root_pages(self, manuals: list[str], texts: list[str]) -> str:
        """index.html and 404.html: the home of the first language (every manual and its
        `texts` in that language, the pictures) and the UI strings of every language."""
        return digest("site-root", self.site, *self.ui.values(), *self._sources(), *manuals, *texts)

    def site_files(self) -> str:
        """Stylesheet, script, pictures, sitemap.xml and robots.txt: the site's templates,
        the games and their source folders (pictures)."""
        return digest("site-files", self.site, *self._sources())

    def search(self, pages: dict[str, bytes]) -> str:
        """The search index: the pages it indexes, by path and content."""
        parts = [part for path in sorted(pages) for part in (path, pages[path])]
        return digest("search", self.search_code, *parts)

    def _sources(self) -> list[str]:
        return [part for game in sorted(self.sources) for part in (game, self.sources[game])]


@dataclass(frozen=True)
class Recorded:
    """What a build recorded of one output: its input hash and its files."""

    inputs: str
    files: list[str]


@dataclass
class Outputs:
    """The outputs of the build being made: new bytes, and files taken over from the
    previous build in `previous` (the current build folder, under the build lock)."""

    previous: Path
    recorded: dict[str, Recorded] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)
    kept: dict[str, Path] = field(default_factory=dict)
    made: dict[str, Recorded] = field(default_factory=dict)
    rebuilt: list[str] = field(default_factory=list)

    @classmethod
    def after(cls, previous: Path) -> Outputs:
        """Start a build that may take over outputs of the build in `previous`."""
        try:
            data = json.loads((previous / MANIFEST).read_text("utf-8"))
            recorded = {key: Recorded(**entry) for key, entry in data.items()}
        except (FileNotFoundError, NotADirectoryError, ValueError, TypeError):
            recorded = {}
        return cls(previous, recorded)

    def keep(self, key: str, inputs: str) -> bool:
        """Take over the output `key` from the previous build when it was made from
        the same inputs and all its files are still there; say whether it was."""
        old = self.recorded.get(key)
        if old is None or old.inputs != inputs:
            return False
        if not all((self.previous / name).is_file() for name in old.files):
            return False
        self.kept.update({name: self.previous / name for name in old.files})
        self.made[key] = old
        return True

    def put(self, key: str, inputs: str, files: dict[str, bytes]) -> None:
        """Record the output `key`, made anew from inputs with hash `inputs`."""
        self.files.update(files)
        self.made[key] = Recorded(inputs, sorted(files))
        self.rebuilt.append(key)

    def read(self, key: str, name: str) -> bytes:
        """The bytes of file `name` of the output `key`, whether new or kept."""
        if name in self.files:
            return self.files[name]
        assert key in self.made, f"{key} is neither made nor kept"
        return self.kept[name].read_bytes()

    def manifest(self) -> bytes:
        """`.cache/outputs.json`: every output's input hash and files, sorted."""
        data = {key: {"inputs": r.inputs, "files": r.files} for key, r in self.made.items()}
        return (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8")
