"""Time the site stage alone: every page, each part as the build makes it, then Pagefind.

Prints seconds for the pages of the games (each game in each language, what an
edit of one game's texts makes again), the pages every language has with the
root pages and files, and the Pagefind index; the target is 2 s for all of it
(5 games x 4 languages).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.build import (  # noqa: E402
    LANGUAGES,
    analyse,
    load_definitions,
    load_localizations,
    load_template_translations,
)
from rulekit.model import TraceReport  # noqa: E402
from rulekit.output.search import Indexing, indexed_pages  # noqa: E402
from rulekit.output.site import SITE_PAGES, Pages, picture_path  # noqa: E402
from rulekit.output.sitegames import game_pages  # noqa: E402
from rulekit.output.sitegraph import graph_svg  # noqa: E402
from rulekit.output.siteshared import Games, language_page, root_pages, site_files  # noqa: E402
from rulekit.output.templating import make_environment  # noqa: E402
from rulekit.project import Project  # noqa: E402

TARGET_S = 2.0


def main() -> None:
    project = Project(ROOT)
    manuals = analyse(project)
    texts = load_localizations(project, manuals)
    ui = load_template_translations(project)
    definitions = load_definitions(project)
    # The trace page is one table; an empty trace keeps this bench to the site's own code.
    report = TraceReport(rules=[], orphans=[])
    pictures = {
        m.info.game: path
        for m in manuals
        if (path := picture_path(project.sources_dir, m.info)) is not None
    }
    pages = Pages(make_environment(project.templates_dir), ui, None)

    start = time.perf_counter()
    for manual in manuals:
        svg = graph_svg(manual.graph, f"{manual.info.game}.html")
        for lang in LANGUAGES:
            local = texts[(manual.info.game, lang)]
            game_pages(pages, manual, local, definitions[lang], pictures.get(manual.info.game), svg)
    games_s = time.perf_counter() - start

    start = time.perf_counter()
    games = Games(manuals, texts, definitions, report, pictures)
    for lang in LANGUAGES:
        for name in SITE_PAGES:
            language_page(pages, name, lang, games)
    root_pages(pages, games)
    infos = [m.info for m in manuals]
    files = site_files(project.templates_dir, project.sources_dir, infos, LANGUAGES, None)
    shared_s = time.perf_counter() - start

    start = time.perf_counter()
    with Indexing(indexed_pages(pages.files)) as indexing:
        index = indexing.files()
    index_s = time.perf_counter() - start

    total = games_s + shared_s + index_s
    per_unit = games_s / (len(manuals) * len(LANGUAGES))
    size = sum(map(len, pages.files.values()))
    print(f"game pages:   {games_s:.2f} s ({per_unit:.3f} s per game-language)")
    print(f"shared pages: {shared_s:.2f} s ({len(pages.files) + len(files)} files, {size:,} bytes)")
    print(f"pagefind:     {index_s:.2f} s ({len(index)} files)")
    print(f"site:         {total:.2f} s ({total / TARGET_S:.2f} of the {TARGET_S:.0f} s target)")


if __name__ == "__main__":
    main()
