"""The pages of one game in one language: its rules, glossary, rule graph and repair report.

They are made from that game and language alone (its analysis, its texts, the
glossary's definitions in the language), so the build makes them again only
when one of those changed.
"""

from __future__ import annotations

from functools import partial

from markupsafe import Markup

from rulekit.model import Localization, Manual, SourceInfo
from rulekit.output.site import DOWNLOADS, Pages, game_card, page_path, visible
from rulekit.output.sitetext import glossary_entries, shown_sections


def game_pages(
    pages: Pages,
    manual: Manual,
    texts: Localization,
    definitions: Localization,
    picture: str | None,
    svg: Markup,
) -> None:
    """Add the four pages of `manual`'s game in the language of `texts` to `pages`.

    `picture` is the game's picture on the site, `svg` its rule graph drawn
    (`rulekit.output.sitegraph.graph_svg`, the same in every language).
    """
    info, graph, lang = manual.info, manual.graph, texts.lang
    # A game's own glossary names no other games: each term is this game's.
    own: dict[str, list[SourceInfo]] = {term.id: [info] for term in graph.terms}
    kinds: dict[str, tuple[str, dict[str, object]]] = {
        "": (
            "game.html",
            {
                "sections": shown_sections(graph, texts, definitions),
                "downloads": [
                    (kind, f"downloads/{lang}/{info.game}-{kind}.pdf") for kind in DOWNLOADS
                ],
            },
        ),
        "glossary": (
            "glossary.html",
            {"entries": glossary_entries(graph.terms, own, lang, definitions)},
        ),
        "graph": ("graph.html", {"svg": svg, "graph": graph}),
        "repairs": ("repairs.html", {"manual": manual, "visible": visible}),
    }
    card = game_card(info, texts, picture)
    for kind, (template, context) in kinds.items():
        same_page = partial(page_path, game=info.game, page=kind)
        pages.add(
            page_path(lang, info.game, kind),
            template,
            lang,
            same_page,
            {"info": info, "card": card, **context},
        )
