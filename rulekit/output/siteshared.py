"""The pages made from every game: each language's home, glossary of all games,
trace and editors' page, the root pages (the German home again, "not found"),
and the files beside them (stylesheet, script, pictures, sitemap.xml, robots.txt).

Each is made again only when what it shows changed: the home of a language
shows every game's title in it, the editors' page the translation status of
every game in every language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from markupsafe import Markup

from rulekit.model import Localization, Manual, SourceInfo, Term, TraceEntry, TraceReport
from rulekit.output.site import (
    DOWNLOADS,
    GAME_PAGES,
    SITE_PAGES,
    STATIC_FILES,
    Pages,
    breakable,
    game_card,
    page_path,
    picture_file,
    site_path,
)
from rulekit.output.sitemap import robots_txt, sitemap_xml
from rulekit.output.sitetext import glossary_entries, translated_percent


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


@dataclass(frozen=True)
class Games:
    """Every game as the shared pages show it: analysed, in every language, traced.

    `texts` holds each (game, language)'s texts, `definitions` the glossary's
    definitions per language, `pictures` each game's picture on the site.
    """

    manuals: list[Manual]
    texts: dict[tuple[str, str], Localization]
    definitions: dict[str, Localization]
    trace: TraceReport
    pictures: dict[str, str]


def language_page(pages: Pages, name: str, lang: str, games: Games) -> None:
    """Add one of the pages every language has (`SITE_PAGES`) in `lang` to `pages`."""
    template, context = _language_page(name, lang, games, pages.languages)
    pages.add(site_path(lang, name), template, lang, partial(site_path, name=name), context)


def root_pages(pages: Pages, games: Games) -> None:
    """Add index.html (the home of the first language again, which it names canonical)
    and 404.html (its message in every language) to `pages`."""
    lang = pages.languages[0]
    index = site_path(lang, "index")
    same_page = partial(site_path, name="index")
    template, context = _language_page("index", lang, games, pages.languages)
    pages.add("index.html", template, lang, same_page, context, index)
    not_found: dict[str, object] = {"base": pages.base_url, "messages": _not_found_messages(pages)}
    pages.add("404.html", "404.html", lang, same_page, not_found, index)


def site_files(
    templates_dir: Path,
    sources_dir: Path,
    infos: list[SourceInfo],
    languages: tuple[str, ...],
    base_url: str | None,
) -> dict[str, bytes]:
    """The files beside the pages: stylesheet, script, the games' pictures, and with a
    base URL the sitemap of every page in every language and robots.txt."""
    files = {name: (templates_dir / "site" / name).read_bytes() for name in STATIC_FILES}
    for info in infos:
        picture = picture_file(sources_dir, info)
        if picture is not None:
            files[f"images/{info.game}{picture.suffix.lower()}"] = picture.read_bytes()
    if base_url:
        files["sitemap.xml"] = sitemap_xml(base_url, _alternates(infos, languages))
        files["robots.txt"] = robots_txt(base_url)
    return files


def _alternates(infos: list[SourceInfo], languages: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """Every page with its own address (not the root pages), with its path in each language."""
    same_pages = [partial(site_path, name=name) for name in SITE_PAGES]
    same_pages += [
        partial(page_path, game=info.game, page=kind) for info in infos for kind in GAME_PAGES
    ]
    return {
        same_page(lang): {other: same_page(other) for other in languages}
        for lang in languages
        for same_page in same_pages
    }


def _language_page(
    name: str, lang: str, games: Games, languages: tuple[str, ...]
) -> tuple[str, dict[str, object]]:
    """The template and context of the page `name` in `lang`."""
    cards = [
        game_card(m.info, games.texts[(m.info.game, lang)], games.pictures.get(m.info.game))
        for m in games.manuals
    ]
    if name == "index":
        return "index.html", {"cards": cards, "downloads": DOWNLOADS}
    if name == "editors":
        rows = _status_rows(games, languages)
        return "editors.html", {"rows": rows, "manuals": games.manuals, "trace": games.trace}
    if name == "glossary":
        terms: dict[str, Term] = {}
        term_games: dict[str, list[SourceInfo]] = {}
        for manual in games.manuals:
            for term in manual.graph.terms:
                terms.setdefault(term.id, term)
                term_games.setdefault(term.id, []).append(manual.info)
        entries = glossary_entries(list(terms.values()), term_games, lang, games.definitions[lang])
        titles = {card.info.game: card.title for card in cards}
        return "glossary.html", {"info": None, "entries": entries, "titles": titles}
    assert name == "trace", name
    groups = _trace_groups(games, lang)
    return "trace.html", {"groups": groups, "report": games.trace, "breakable": breakable}


def _status_rows(games: Games, languages: tuple[str, ...]) -> list[GameRow]:
    """The translation status of every game, then of the glossary's definitions."""

    def cell(localized: Localization, lang: str, href: str) -> Cell:
        percent = translated_percent(localized)
        return Cell(lang, href, percent, len(localized.missing), len(localized.fuzzy))

    rows = [
        GameRow(
            m.info,
            [
                cell(games.texts[(m.info.game, lang)], lang, page_path(lang, m.info.game))
                for lang in languages
            ],
        )
        for m in games.manuals
    ]
    glossary = [
        cell(games.definitions[lang], lang, site_path(lang, "glossary")) for lang in languages
    ]
    return [*rows, GameRow(None, glossary)]


def _trace_groups(games: Games, lang: str) -> list[TraceGroup]:
    """The trace of each game, each rule with its text in `lang`."""
    groups = []
    for manual in games.manuals:
        game = manual.info.game
        german = {node.id: node.text for node in manual.graph.nodes}
        localized = games.texts[(game, lang)].texts
        rows = [
            TraceRow(
                entry, localized.get(entry.id, german.get(entry.id, "")), entry.id not in localized
            )
            for entry in games.trace.rules
            if entry.id.split(".", 1)[0] == game
        ]
        groups.append(TraceGroup(manual.info, rows))
    return groups


def _not_found_messages(pages: Pages) -> list[Markup]:
    """The 404 page's message in every language, each linking to that language's home."""
    messages = []
    for lang in pages.languages:
        pages.use(lang)
        template = pages.env.get_template("site/404-message.html")
        messages.append(Markup(template.render(lang=lang, home=site_path(lang, "index"))))
    return messages
