"""The static site: every game in every language, with relative links only."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.support import NullTranslations
from jinja2 import Environment

from rulekit.cards import sections
from rulekit.model import Localization, Manual, SourceInfo, TraceReport
from rulekit.templating import use_language


@dataclass(frozen=True)
class Alternate:
    """A link to the same page in another language."""

    lang: str
    href: str


@dataclass(frozen=True)
class Cell:
    """One game × language cell of the home matrix."""

    href: str
    percent: int


@dataclass(frozen=True)
class GameRow:
    """One row of the home matrix."""

    info: SourceInfo
    cells: list[Cell]


def page_path(lang: str, game: str) -> str:
    """The site-relative path of a game's page in one language."""
    return f"{lang}/{game}.html"


def translated_percent(texts: Localization) -> int:
    """How much of a game reads in its own language, rounded down."""
    total = len(texts.texts) + len(texts.missing)
    return 100 * len(texts.texts) // total if total else 100


def render_site(
    env: Environment,
    templates_dir: Path,
    manuals: list[Manual],
    texts: dict[tuple[str, str], Localization],
    ui: dict[str, NullTranslations],
    trace: TraceReport,
) -> dict[str, bytes]:
    """Every page of the site, as site-relative path -> content.

    `ui` holds the templates' own strings per language; its keys are the
    site's languages, the first being the home page's.
    """
    languages = tuple(ui)
    games = [(manual.info, manual.graph) for manual in manuals]
    pages: dict[str, bytes] = {
        "site.css": (templates_dir / "site" / "site.css").read_bytes(),
    }
    rows = [
        GameRow(
            info=info,
            cells=[
                Cell(page_path(lang, info.game), translated_percent(texts[(info.game, lang)]))
                for lang in languages
            ],
        )
        for info, _graph in games
    ]
    use_language(env, ui[languages[0]])
    index = env.get_template("site/index.html").render(
        lang=languages[0], root="", alternates=[], games=rows, languages=languages
    )
    pages["index.html"] = index.encode("utf-8")
    game_template = env.get_template("site/game.html")
    for info, graph in games:
        game_sections = sections(graph)
        alternates = [Alternate(lang, f"../{page_path(lang, info.game)}") for lang in languages]
        for lang in languages:
            localized = texts[(info.game, lang)]
            use_language(env, ui[lang])
            html = game_template.render(
                lang=lang,
                root="../",
                alternates=alternates,
                info=info,
                sections=game_sections,
                missing=set(localized.missing),
                text=lambda node, localized=localized: localized.texts.get(node.id, node.text),
            )
            pages[page_path(lang, info.game)] = html.encode("utf-8")
    return pages


def index_site(site_dir: Path) -> None:
    """Build the Pagefind search index of a rendered site, with the bundled binary."""
    command = [sys.executable, "-m", "pagefind", "--site", str(site_dir), "--silent"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"pagefind failed: {result.stderr.strip() or result.stdout.strip()}")
    # Pagefind lists languages in hash-map order; sorted, two builds are byte-identical.
    entry = site_dir / "pagefind" / "pagefind-entry.json"
    data = json.loads(entry.read_text("utf-8"))
    entry.write_text(
        json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")), "utf-8"
    )
