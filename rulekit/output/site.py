"""The static site: every game in every language, linked relatively.

Page map (paths relative to the site root; `<lang>/` pages exist in every language):

    index.html                     the German home again (canonical: de/index.html)
    404.html                       "not found", in every language, for the web server
    <lang>/index.html              the games, for players: title, players, picture, links
    <lang>/editors.html            translation status, repair reports and rule graphs
    <lang>/<game>.html             the rules with their contents, each anchored by its id
    <lang>/<game>-glossary.html    the game's terms
    <lang>/<game>-graph.html       the rule graph drawn by Graphviz; nodes link to the rules
    <lang>/<game>-repairs.html     what extraction changed in the text, for editors
    <lang>/glossary.html           the terms of every game
    <lang>/trace.html              rule <-> engine code <-> tests, with each rule's text
    images/<game>.<ext>            a game's picture, when its source.yaml names one
    downloads/<lang>/<game>-*.pdf  print files, placed there by the build
    pagefind/                      the search index, written by `rulekit.output.search`
    sitemap.xml, robots.txt        with a base URL only (`rulekit.output.sitemap`)

Links between pages are relative, so the site works from any folder, sub-path or
file://; with a base URL, canonical and hreflang links are absolute, as search
engines want them.

The build makes the site in parts, each only when its own inputs changed: the
four pages of one game in one language (`rulekit.output.sitegames`), and the
pages every language has, the root pages and the files beside them
(`rulekit.output.siteshared`).  This module holds what they share: paths,
links and the page renderer.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.support import NullTranslations
from jinja2 import Environment
from markupsafe import Markup, escape

from rulekit.errors import InputError
from rulekit.model import Localization, SourceInfo
from rulekit.output.sitetext import translated_percent
from rulekit.output.templating import use_language
from rulekit.quickref import edition_key, title_key

# Pages every language has besides the games' own; a game with one of these ids would clash.
SITE_PAGES = ("index", "editors", "glossary", "trace")
# The pages of a game, by the suffix of their path (see `page_path`).
GAME_PAGES = ("", "glossary", "graph", "repairs")
DOWNLOADS = ("sheet", "cards", "cards-a4")
STATIC_FILES = ("site.css", "site.js")
PICTURE_TYPES = (".png", ".jpg", ".jpeg", ".webp")


@dataclass(frozen=True)
class Alternate:
    """A link to the same page in another language."""

    lang: str
    href: str


@dataclass(frozen=True)
class GameCard:
    """A game as the home page of one language presents it to players."""

    info: SourceInfo
    title: str
    edition: str
    percent: int
    picture: str | None  # site-relative path


def game_card(info: SourceInfo, texts: Localization, picture: str | None) -> GameCard:
    """A game as pages in the language of `texts` name it."""
    return GameCard(
        info=info,
        title=texts.texts.get(title_key(info.game), info.title),
        edition=texts.texts.get(edition_key(info.game), info.edition),
        percent=translated_percent(texts),
        picture=picture,
    )


def page_path(lang: str, game: str, page: str = "") -> str:
    """The site-relative path of a game's page ("" rules, "glossary", "graph", "repairs")."""
    return f"{lang}/{game}-{page}.html" if page else f"{lang}/{game}.html"


def site_path(lang: str, name: str) -> str:
    """The site-relative path of one of a language's own pages (SITE_PAGES)."""
    return f"{lang}/{name}.html"


def relative_url(page: str, target: str) -> str:
    """The link from `page` to `target`, both site-relative; `target` may carry a #fragment."""
    path, hash_mark, fragment = target.partition("#")
    link = _relative_path(path, posixpath.dirname(page) or ".")
    if path.endswith("/"):
        link += "/"
    return link + hash_mark + fragment


@cache  # the pages of a folder link to the same few thousand places
def _relative_path(path: str, folder: str) -> str:
    return posixpath.relpath(path, folder)


def visible(text: str) -> str:
    """Text with control, format and private-use characters spelled out (⟨U+E00E⟩),
    so an editor sees what a repair replaced."""
    return "".join(
        f"⟨U+{ord(char):04X}⟩" if unicodedata.category(char) in ("Cc", "Cf", "Co", "Cn") else char
        for char in text
    )


def breakable(name: str) -> Markup:
    """A dotted or `::` code name, escaped, that may wrap after its dots, colons,
    slashes and underscores rather than anywhere."""
    return Markup("").join(
        Markup("{}<wbr>").format(piece) if piece[-1:] in "./:_" else escape(piece)
        for piece in re.findall(r"[^./:_]*[./:_]?", name)
        if piece
    )


def check_game_ids(infos: list[SourceInfo]) -> None:
    """Refuse game ids that are the names of a language's own pages."""
    clashes = sorted(info.game for info in infos if info.game in SITE_PAGES)
    if clashes:
        raise ValueError(f"game ids {clashes} clash with the site's own pages")


def picture_file(sources_dir: Path, info: SourceInfo) -> Path | None:
    """The game's picture named in its source.yaml, checked; None when it names none."""
    if info.picture is None:
        return None
    path = sources_dir / info.game / info.picture
    source = sources_dir / info.game / "source.yaml"
    if path.suffix.lower() not in PICTURE_TYPES:
        raise InputError(source, 0, f"picture {info.picture!r} is not one of {PICTURE_TYPES}")
    if not path.is_file():
        raise InputError(source, 0, f"picture {info.picture!r} not found")
    return path


def picture_path(sources_dir: Path, info: SourceInfo) -> str | None:
    """Where the game's picture is on the site, None when it has none."""
    picture = picture_file(sources_dir, info)
    return None if picture is None else f"images/{info.game}{picture.suffix.lower()}"


class Pages:
    """Collects rendered pages; gives each page its relative `url()`, its alternates and
    its canonical address, absolute under `base_url` when there is one."""

    def __init__(
        self, env: Environment, ui: dict[str, NullTranslations], base_url: str | None
    ) -> None:
        self.env = env
        self.ui = ui
        self.languages = tuple(ui)
        self.base_url = base_url
        self.files: dict[str, bytes] = {}

    def use(self, lang: str) -> None:
        """Render the templates' own strings in `lang` from now on."""
        use_language(self.env, self.ui[lang])

    def add(
        self,
        path: str,
        template: str,
        lang: str,
        same_page: Callable[[str], str],
        context: dict[str, object],
        canonical: str | None = None,
    ) -> None:
        """Render `site/<template>` in `lang` as `path`; `same_page(lang)` is its path in
        another language.

        x-default is the page in the first language, the one the root page has;
        `canonical` is where the page's content lives, when not at `path`.
        """
        self.use(lang)

        def url(target: str) -> str:
            return relative_url(path, target)

        def address(target: str) -> str:
            return self.base_url + target if self.base_url else url(target)

        html = self.env.get_template(f"site/{template}").render(
            lang=lang,
            url=url,
            page=path,
            languages=self.languages,
            alternates=[Alternate(other, address(same_page(other))) for other in self.languages],
            language_links=[Alternate(other, url(same_page(other))) for other in self.languages],
            x_default=address(same_page(self.languages[0])),
            canonical=address(canonical or path),
            game_page=page_path,
            **context,
        )
        self.files[path] = html.encode("utf-8")
