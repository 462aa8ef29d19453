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
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from babel.support import NullTranslations
from jinja2 import Environment
from markupsafe import Markup, escape

from rulekit.errors import InputError
from rulekit.model import Localization, Manual, SourceInfo, Term, TraceEntry, TraceReport
from rulekit.output.sitegraph import graph_svg
from rulekit.output.sitemap import robots_txt, sitemap_xml
from rulekit.output.sitetext import glossary_entries, shown_sections, translated_percent
from rulekit.output.templating import use_language
from rulekit.quickref import edition_key, title_key

# Pages every language has besides the games' own; a game with one of these ids would clash.
SITE_PAGES = ("index", "editors", "glossary", "trace")
DOWNLOADS = ("sheet", "cards", "cards-a4")
STATIC_FILES = ("site.css", "site.js")
PICTURE_TYPES = (".png", ".jpg", ".jpeg", ".webp")


@dataclass(frozen=True)
class Alternate:
    """A link to the same page in another language."""

    lang: str
    href: str


@dataclass(frozen=True)
class Cell:
    """One game x language cell of the translation status."""

    lang: str
    href: str
    percent: int
    missing: int
    fuzzy: int


@dataclass(frozen=True)
class GameRow:
    """One row of the translation status: a game, or the glossary when `info` is None."""

    info: SourceInfo | None
    cells: list[Cell]


@dataclass(frozen=True)
class GameCard:
    """A game as the home page of one language presents it to players."""

    info: SourceInfo
    title: str
    edition: str
    percent: int
    picture: str | None  # site-relative path


@dataclass(frozen=True)
class TraceRow:
    """A rule of the trace, with its text in the page's language (or German, marked)."""

    entry: TraceEntry
    text: str
    fallback: bool


@dataclass(frozen=True)
class TraceGroup:
    """The trace rows of one game."""

    info: SourceInfo
    rows: list[TraceRow]


def page_path(lang: str, game: str, page: str = "") -> str:
    """The site-relative path of a game's page ("" rules, "glossary", "graph", "repairs")."""
    return f"{lang}/{game}-{page}.html" if page else f"{lang}/{game}.html"


def site_path(lang: str, name: str) -> str:
    """The site-relative path of one of a language's own pages (SITE_PAGES)."""
    return f"{lang}/{name}.html"


def relative_url(page: str, target: str) -> str:
    """The link from `page` to `target`, both site-relative; `target` may carry a #fragment."""
    path, hash_mark, fragment = target.partition("#")
    link = posixpath.relpath(path, posixpath.dirname(page) or ".")
    if path.endswith("/"):
        link += "/"
    return link + hash_mark + fragment


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


class _Site:
    """Collects rendered pages; gives each page its relative `url()`, its alternates and
    its canonical address, absolute under `base_url` when there is one."""

    def __init__(self, env: Environment, languages: tuple[str, ...], base_url: str | None) -> None:
        self.env = env
        self.languages = languages
        self.base_url = base_url
        self.files: dict[str, bytes] = {}
        self.alternates: dict[str, dict[str, str]] = {}  # for the sitemap

    def add(
        self,
        path: str,
        template: str,
        lang: str,
        same_page: Callable[[str], str],
        context: dict[str, object],
        canonical: str | None = None,
    ) -> None:
        """Render `site/<template>` as `path`; `same_page(lang)` is its path in another language.

        x-default is the page in the first language, the one the root page has;
        `canonical` is where the page's content lives, when not at `path`.
        """

        def url(target: str) -> str:
            return relative_url(path, target)

        def address(target: str) -> str:
            return self.base_url + target if self.base_url else url(target)

        if canonical is None:
            self.alternates[path] = {other: same_page(other) for other in self.languages}
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


def _status_rows(
    manuals: list[Manual],
    texts: dict[tuple[str, str], Localization],
    definitions: dict[str, Localization],
    languages: tuple[str, ...],
) -> list[GameRow]:
    """The translation status of every game, then of the glossary's definitions."""

    def cell(localized: Localization, lang: str, href: str) -> Cell:
        percent = translated_percent(localized)
        return Cell(lang, href, percent, len(localized.missing), len(localized.fuzzy))

    rows = [
        GameRow(
            m.info,
            [
                cell(texts[(m.info.game, lang)], lang, page_path(lang, m.info.game))
                for lang in languages
            ],
        )
        for m in manuals
    ]
    glossary = [cell(definitions[lang], lang, site_path(lang, "glossary")) for lang in languages]
    return [*rows, GameRow(None, glossary)]


def _trace_groups(
    manuals: list[Manual], trace: TraceReport, texts: dict[tuple[str, str], Localization], lang: str
) -> list[TraceGroup]:
    """The trace of each game, each rule with its text in `lang`."""
    groups = []
    for manual in manuals:
        game = manual.info.game
        german = {node.id: node.text for node in manual.graph.nodes}
        localized = texts[(game, lang)].texts
        rows = [
            TraceRow(
                entry, localized.get(entry.id, german.get(entry.id, "")), entry.id not in localized
            )
            for entry in trace.rules
            if entry.id.split(".", 1)[0] == game
        ]
        groups.append(TraceGroup(manual.info, rows))
    return groups


def _not_found_messages(env: Environment, ui: dict[str, NullTranslations]) -> list[Markup]:
    """The 404 page's message in every language, each linking to that language's home."""
    messages = []
    for lang in ui:
        use_language(env, ui[lang])
        template = env.get_template("site/404-message.html")
        messages.append(Markup(template.render(lang=lang, home=site_path(lang, "index"))))
    return messages


def render_site(
    env: Environment,
    templates_dir: Path,
    manuals: list[Manual],
    texts: dict[tuple[str, str], Localization],
    ui: dict[str, NullTranslations],
    trace: TraceReport,
    definitions: dict[str, Localization],
    sources_dir: Path,
    base_url: str | None = None,
) -> dict[str, bytes]:
    """Every page of the site, as site-relative path -> content.

    `ui` holds the templates' own strings per language; its keys are the
    site's languages, the first being the one of the root page. `definitions`
    holds the glossary's definitions per language; pictures are read from
    `sources_dir`.
    """
    languages = tuple(ui)
    infos = [manual.info for manual in manuals]
    clashes = sorted(info.game for info in infos if info.game in SITE_PAGES)
    if clashes:
        raise ValueError(f"game ids {clashes} clash with the site's own pages")
    all_terms: dict[str, Term] = {}
    term_games: dict[str, list[SourceInfo]] = {}
    for manual in manuals:
        for term in manual.graph.terms:
            all_terms.setdefault(term.id, term)
            term_games.setdefault(term.id, []).append(manual.info)
    svgs = {m.info.game: graph_svg(m.graph, f"{m.info.game}.html") for m in manuals}
    site = _Site(env, languages, base_url)
    pictures: dict[str, str] = {}
    for info in infos:
        picture = picture_file(sources_dir, info)
        if picture is not None:
            pictures[info.game] = f"images/{info.game}{picture.suffix.lower()}"
            site.files[pictures[info.game]] = picture.read_bytes()
    status = _status_rows(manuals, texts, definitions, languages)
    for lang in languages:
        use_language(env, ui[lang])
        cards = [
            GameCard(
                info=info,
                title=texts[(info.game, lang)].texts.get(title_key(info.game), info.title),
                edition=texts[(info.game, lang)].texts.get(edition_key(info.game), info.edition),
                percent=translated_percent(texts[(info.game, lang)]),
                picture=pictures.get(info.game),
            )
            for info in infos
        ]
        titles = {card.info.game: card.title for card in cards}
        own_pages: dict[str, tuple[str, dict[str, object]]] = {
            "index": ("index.html", {"cards": cards, "downloads": DOWNLOADS}),
            "editors": ("editors.html", {"rows": status, "manuals": manuals, "trace": trace}),
            "glossary": (
                "glossary.html",
                {
                    "info": None,
                    "entries": glossary_entries(
                        list(all_terms.values()), term_games, lang, definitions[lang]
                    ),
                    "titles": titles,
                },
            ),
            "trace": (
                "trace.html",
                {
                    "groups": _trace_groups(manuals, trace, texts, lang),
                    "report": trace,
                    "breakable": breakable,
                },
            ),
        }
        for name, (template, context) in own_pages.items():
            same_page = partial(site_path, name=name)
            site.add(site_path(lang, name), template, lang, same_page, context)
        if lang == languages[0]:
            home, context = own_pages["index"]
            index = site_path(lang, "index")
            site.add("index.html", home, lang, partial(site_path, name="index"), context, index)
            not_found: dict[str, object] = {
                "base": base_url,
                "messages": _not_found_messages(env, ui),
            }
            use_language(env, ui[lang])
            site.add(
                "404.html", "404.html", lang, partial(site_path, name="index"), not_found, index
            )
        for manual, card in zip(manuals, cards, strict=True):
            info, graph = manual.info, manual.graph
            localized = texts[(info.game, lang)]
            game_pages: dict[str, tuple[str, dict[str, object]]] = {
                "": (
                    "game.html",
                    {
                        "sections": shown_sections(graph, localized, definitions[lang]),
                        "downloads": [
                            (kind, f"downloads/{lang}/{info.game}-{kind}.pdf") for kind in DOWNLOADS
                        ],
                    },
                ),
                "glossary": (
                    "glossary.html",
                    {
                        "entries": glossary_entries(
                            graph.terms, term_games, lang, definitions[lang]
                        ),
                        "titles": titles,
                    },
                ),
                "graph": ("graph.html", {"svg": svgs[info.game], "graph": graph}),
                "repairs": ("repairs.html", {"manual": manual, "visible": visible}),
            }
            for kind, (template, context) in game_pages.items():
                same_page = partial(page_path, game=info.game, page=kind)
                site.add(
                    page_path(lang, info.game, kind),
                    template,
                    lang,
                    same_page,
                    {"info": info, "card": card, **context},
                )
    for name in STATIC_FILES:
        site.files[name] = (templates_dir / "site" / name).read_bytes()
    if base_url:
        site.files["sitemap.xml"] = sitemap_xml(base_url, site.alternates)
        site.files["robots.txt"] = robots_txt(base_url)
    return site.files
