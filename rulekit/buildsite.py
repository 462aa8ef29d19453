"""The site as the build makes it: in parts, each kept from the previous build or made.

The parts (see `rulekit.output.site`) are the pages of a game in a language,
each page every language has in each language, the root pages and the files
beside them; each has its own input hash (`rulekit.buildcache.Inputs`), so an
edit of one game's French texts renders that game's French pages, the French
pages that name every game, and the editors' pages, and nothing else.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from babel.support import NullTranslations
from markupsafe import Markup

from rulekit.buildcache import Inputs, Outputs
from rulekit.config import load_config
from rulekit.model import Manual
from rulekit.output.site import SITE_PAGES, Pages, check_game_ids, picture_path
from rulekit.output.sitegames import game_pages
from rulekit.output.sitegraph import graph_svg
from rulekit.output.siteshared import Games, language_page, root_pages, site_files
from rulekit.output.templating import make_environment
from rulekit.project import Project

if TYPE_CHECKING:
    from rulekit.build import Made


class SiteParts:
    """The site in parts, each kept or made (see `rulekit.output.site`): the pages of
    a game in a language, each page every language has, the root pages, the files
    beside them.  The downloads come with the cards, the search index after."""

    def __init__(
        self,
        project: Project,
        keys: Inputs,
        made: Made,
        ui: dict[str, NullTranslations],
        outputs: Outputs,
    ) -> None:
        self.project, self.keys, self.made, self.outputs = project, keys, made, outputs
        self.ui = ui
        self.env = make_environment(project.templates_dir)
        self.base_url = load_config(project.config_file).site.base_url
        infos = [manual.info for manual in made.analysed]
        check_game_ids(infos)
        self.pictures = {
            info.game: path
            for info in infos
            if (path := picture_path(project.sources_dir, info)) is not None
        }
        self.units: list[str] = []
        self.svgs: dict[str, Markup] = {}

    def make(self, games: Games, defined: dict[str, str]) -> None:
        """Keep or make every part of the site; `defined` holds the digest of each
        language's glossary definitions."""
        made, keys = self.made, self.keys
        manuals = list(made.manuals.values())
        for manual in made.analysed:
            game = manual.info.game
            for lang in self.ui:
                local, used = made.texts[(game, lang)], made.defined[(game, lang)]
                inputs = keys.game_pages(lang, game, made.manuals[game], local, used)
                self._unit(
                    f"site/{lang}/{game}",
                    inputs,
                    functools.partial(self._game, manual, lang, games),
                )
        every_text = list(made.texts.values())
        for lang in self.ui:
            texts = [made.texts[(game, lang)] for game in made.manuals]
            for name in SITE_PAGES:
                # The editors' page shows the translation status of every language.
                editors = name == "editors"
                inputs = keys.language_page(
                    name,
                    lang,
                    manuals,
                    every_text if editors else texts,
                    list(defined.values()) if editors else [defined[lang]],
                    made.trace,
                )
                render = functools.partial(language_page, name=name, lang=lang, games=games)
                self._unit(f"site/{lang}/{name}", inputs, render)
        first = [made.texts[(game, next(iter(self.ui)))] for game in made.manuals]
        render = functools.partial(root_pages, games=games)
        self._unit("site/root", keys.root_pages(manuals, first), render)
        files = keys.site_files()
        if not self.outputs.keep("site/files", files):
            made_files = site_files(
                self.project.templates_dir,
                self.project.sources_dir,
                [manual.info for manual in made.analysed],
                tuple(self.ui),
                self.base_url,
            )
            self.outputs.put("site/files", files, in_site(made_files))

    def _game(self, manual: Manual, lang: str, games: Games, pages: Pages) -> None:
        game = manual.info.game
        if game not in self.svgs:
            # Drawn once for the four languages.
            self.svgs[game] = graph_svg(manual.graph, f"{game}.html")
        texts, definitions = games.texts[(game, lang)], games.definitions[lang]
        game_pages(pages, manual, texts, definitions, self.pictures.get(game), self.svgs[game])

    def _unit(self, key: str, inputs: str, render: Callable[[Pages], None]) -> None:
        """Keep the pages of `key` or render them afresh."""
        self.units.append(key)
        if self.outputs.keep(key, inputs):
            return
        pages = Pages(self.env, self.ui, self.base_url)
        render(pages)
        self.outputs.put(key, inputs, in_site(pages.files))

    def pages(self) -> dict[str, bytes]:
        """Every page of the site, new or kept, as site-relative path -> content."""
        return {
            name.removeprefix("site/"): self.outputs.read(key, name)
            for key in self.units
            for name in self.outputs.made[key].files
        }


def in_site(files: dict[str, bytes]) -> dict[str, bytes]:
    """Site-relative paths made build-relative."""
    return {f"site/{path}": content for path, content in files.items()}
