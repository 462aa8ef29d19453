"""Searching the site as a reader does: typing into the search box of one language.

Each language's index holds that language's own text only, rules rank above the
glossary, every hit links to its rule, and the glossary of all games is the only
glossary searched (tests/sitefixtures.py builds the site).
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.sitefixtures import PHONE, Site


def search(page: Page, query: str) -> Locator:
    """Type `query` key by key into the search box; the result pages, once listed."""
    box = page.get_by_role("searchbox")
    box.fill("")
    box.press_sequentially(query, delay=20)
    status = page.locator(".search-status")
    expect(status).not_to_be_empty()
    return page.locator(".search-list > li")


def test_german_text_is_not_found_on_the_french_site(page: Page, site: Site) -> None:
    page.goto(site.url + "fr/index.html")
    search(page, "Würfel")
    expect(page.locator(".search-status")).to_have_text("Aucun résultat.")
    search(page, "Befreiungsaktion")  # the German term beside its French name
    expect(page.locator(".search-status")).to_have_text("Aucun résultat.")


def test_rules_rank_above_the_glossary_which_is_found_once(page: Page, site: Site) -> None:
    page.goto(site.url + "fr/index.html")
    pages = search(page, "défenseur")
    titles = pages.locator(":scope > a").all_inner_texts()
    assert titles[-1] == "Glossaire de tous les jeux"
    assert "Risk, édition livre" in titles[:-1]
    assert not any(href.endswith("-glossary.html") for href in result_links(pages))


def test_a_hit_lands_on_its_rule(page: Page, site: Site) -> None:
    page.set_viewport_size(PHONE)
    page.goto(site.url + "en/index.html")
    pages = search(page, "defender")
    place = pages.first.locator("ul a", has_text="defender").first
    target = place.get_attribute("href")
    assert target and re.search(r"risiko\.html#risiko\.[a-z0-9.-]+$", target)
    place.click()
    rule = page.locator(f'[id="{target.split("#")[1]}"]')
    expect(rule).to_be_in_viewport()
    expect(rule).to_contain_text("defender")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_french_des_with_an_accent_finds_dice_not_the_article(page: Page, site: Site) -> None:
    page.goto(site.url + "fr/index.html")
    pages = search(page, "dés")
    marked = {word.casefold() for word in pages.locator("mark").all_inner_texts()}
    assert marked and all(word.startswith("dé") for word in marked), marked
    assert pages.first.locator(":scope > a").inner_text() == "Risk, édition livre"


def test_glossary_excerpts_keep_their_words_apart(page: Page, site: Site) -> None:
    page.goto(site.url + "fr/index.html")
    pages = search(page, "défenseur")
    glossary = pages.filter(has_text="Glossaire de tous les jeux").locator("ul a")
    texts = glossary.all_inner_texts()
    assert texts
    assert not [text for text in texts if re.search(r"[a-zé](aussi|Jeux) :", text)]


def result_links(pages: Locator) -> list[str]:
    return [link.get_attribute("href") or "" for link in pages.locator("a").all()]
