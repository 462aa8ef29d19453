"""What the print files show, as data: the templates' context, the topics, the glossary.

The printer lays these out (`rulekit.output.cards.printer`), and the build
hashes them (`printed`) to key a game's print files in one language: an edit
that changes nothing they show (an example sentence, a rule the cards leave
out, another language's text) typesets nothing again.  Nothing here loads
WeasyPrint, so the build process computes the hash without it.
"""

from __future__ import annotations

import hashlib

from rulekit.model import Localization, Manual
from rulekit.output.cards.content import (
    CARD_KINDS,
    SHEET_KINDS,
    Entry,
    Topic,
    accent,
    glossary,
    key_numbers,
    local,
    quick_topics,
    topics,
)
from rulekit.output.cards.typography import hyphenation_css
from rulekit.quickref import edition_key, title_key
from rulekit.sources import page_label


def common_context(manual: Manual, texts: Localization) -> dict[str, object]:
    """What every print template is given: the game's title and edition in the card
    language (German marked where untranslated), language, colour, hyphenation, and
    the game's description (publisher, year) without the manual's checksum."""
    game = manual.info.game
    title, title_fallback = local(texts, title_key(game), manual.info.title)
    edition, edition_fallback = local(texts, edition_key(game), manual.info.edition)
    return {
        # The checksum changes with every edit of the manual and prints nowhere; left
        # out, the context holds only what may print, and a template cannot use it.
        "info": manual.info.model_dump(exclude={"sha256"}),
        "lang": texts.lang,
        "title": Entry(title_key(game), "title", key_numbers(title), title_fallback),
        "edition": Entry(edition_key(game), "edition", key_numbers(edition), edition_fallback),
        "accent": accent(game),
        "hyphenation": hyphenation_css(texts.lang),
    }


def sheet_context(
    manual: Manual, texts: Localization, definitions: Localization | None = None
) -> dict[str, object]:
    """What the rules sheet is given besides its topics: `context`, the glossary (its
    definitions from `definitions`, German where they lack one) and the pages cited."""
    return {
        **common_context(manual, texts),
        "glossary": glossary(manual.graph.terms, texts.lang, definitions),
        "pages": page_label(manual.info.pages),
    }


def shown_topics(manual: Manual, texts: Localization, for_cards: bool) -> list[Topic]:
    """The editors' quick reference, else the sections: on cards, mechanical rules only
    (all rules when the game has no mechanical ones)."""
    if manual.quickref is not None:
        return quick_topics(manual, texts)
    if not for_cards:
        return topics(manual.graph, texts, SHEET_KINDS, manual.info.pages)
    return topics(manual.graph, texts, CARD_KINDS, manual.info.pages, mechanical=True) or topics(
        manual.graph, texts, CARD_KINDS, manual.info.pages
    )


def printed(manual: Manual, texts: Localization, definitions: Localization | None) -> str:
    """A digest of all that a game's sheet, deck and A4 imposition in the language of
    `texts` are made from besides the templates and their UI strings: the sheet's
    context and topics, and the cards' topics.

    Equal digests mean equal print files, as long as the printer lays out nothing
    else; the values are frozen dataclasses, Markup and plain data, whose repr
    is their content.
    """
    sheet = shown_topics(manual, texts, for_cards=False)
    # With a quick reference, sheet and cards show the same topics: made once.
    cards = sheet if manual.quickref is not None else shown_topics(manual, texts, for_cards=True)
    shown = sorted(sheet_context(manual, texts, definitions).items())
    return hashlib.sha256(repr((shown, sheet, cards)).encode("utf-8")).hexdigest()
