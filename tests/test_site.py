"""The static site in a real browser: Debian's Chromium driven by Playwright.

One build serves every test (tests/sitefixtures.py).  Every page is visited at a
phone's width (390 px); search is typed into in tests/test_site_search.py, and
axe-core checks each kind of page in tests/test_site_a11y.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from rulekit.model import Term, Translation
from rulekit.output.site import relative_url
from rulekit.output.sitetext import mark_terms
from tests.sitefixtures import (
    BASE_URL,
    DESKTOP,
    HOSTILE,
    LANGUAGES,
    PHONE,
    TIE_RULE,
    Site,
    publish,
    watch,
)


@dataclass
class Crawl:
    """What following every link from the home page found."""

    pages: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    absolute: list[str] = field(default_factory=list)
    downloads: list[str] = field(default_factory=list)
    alternates: dict[str, dict[str, str]] = field(default_factory=dict)  # page -> hreflang -> url
    canonical: dict[str, str] = field(default_factory=dict)  # page -> its canonical URL
    duplicate_ids: list[str] = field(default_factory=list)
    too_wide: list[str] = field(default_factory=list)  # at a phone's width
    descriptions: dict[str, str] = field(default_factory=dict)


# Every link-like attribute, raw as written (the language links carry the live #fragment);
# canonical and alternate links, absolute under the base URL, are read on their own.
LINKS_JS = """() => ({
  ids: [...document.querySelectorAll("[id]")].map((e) => e.id),
  links: [...document.querySelectorAll(
    "a, link[href]:not([rel=canonical]):not([rel=alternate]), script[src], img[src]"
  )].map(
    (e) => e.getAttribute("href") ?? e.getAttribute("src") ?? e.getAttribute("xlink:href")
  ).filter((href) => href !== null),
  alternates: Object.fromEntries(
    [...document.querySelectorAll("link[rel=alternate]")].map((e) => [e.hreflang, e.href])
  ),
  canonical: document.querySelector("link[rel=canonical]")?.href ?? "",
  description: document.querySelector("meta[name=description]")?.content ?? "",
  width: document.documentElement.scrollWidth,
})"""


@pytest.fixture(scope="session")
def crawl(site: Site, browser: Browser) -> Crawl:
    """Visit every page reachable from the home page at a phone's width; check every
    link and #fragment, and that no id is repeated and nothing is wider than the phone."""
    found = Crawl()
    tab = browser.new_page(viewport=PHONE)
    errors = watch(tab)
    ids: dict[str, set[str]] = {}
    targets: list[tuple[str, str, str]] = []  # page, target, fragment
    queue = [site.url + "index.html"]
    while queue:
        url = queue.pop(0)
        if url in ids:
            continue
        tab.goto(url)
        data = tab.evaluate(LINKS_JS)
        found.errors += [f"{url}: {error}" for error in errors]
        errors.clear()
        found.pages.append(url)
        ids[url] = set(data["ids"])
        found.duplicate_ids += sorted(
            f"{url}#{name}" for name in ids[url] if data["ids"].count(name) > 1
        )
        if data["width"] > PHONE["width"]:
            found.too_wide.append(f"{url}: {data['width']} px")
        found.descriptions[url] = data["description"]
        # Published addresses, mapped back to the test server.
        local = {
            lang: href.replace(BASE_URL, site.url) for lang, href in data["alternates"].items()
        }
        found.alternates[url] = local
        found.canonical[url] = data["canonical"].replace(BASE_URL, site.url)
        assert all(href.startswith(BASE_URL) for href in data["alternates"].values()), url
        assert data["canonical"].startswith(BASE_URL), url
        for raw in data["links"]:
            if raw.startswith("data:"):
                continue  # the empty favicon, which spares a request for /favicon.ico
            if raw.startswith("/") or "://" in raw:
                found.absolute.append(f"{url}: {raw}")
            target, fragment = urldefrag(urljoin(url, raw))
            targets.append((url, target, fragment))
            if target.endswith(".html") and target not in ids:
                queue.append(target)
    tab.close()
    for source, target, fragment in targets:
        path = site.folder / urlsplit(target).path.lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        if target.startswith(site.url + "downloads/"):
            found.downloads.append(str(path))
        elif not path.is_file():
            found.broken.append(f"{source} -> {target}")
        elif fragment and fragment not in ids.get(target, set()):
            found.broken.append(f"{source} -> {target}#{fragment}")
    return found


def test_the_home_page_shows_players_every_game_first(page: Page, site: Site) -> None:
    page.goto(site.url + "index.html")
    assert page.get_attribute("html", "lang") == "de"
    games = page.locator("ul.games > li")
    expect(games).to_have_count(5)
    stratego = games.filter(has_text="Stratego Original")
    expect(stratego).to_contain_text("Spieler: 2")
    expect(games.filter(has_text="Lords of Xidit")).to_contain_text("Spieler: 3–5")
    risiko = games.filter(has_text="Risiko im Buchformat")
    # The picture loads after the page does: wait for it rather than read it at once.
    image = risiko.locator("img").element_handle()
    page.wait_for_function("(img) => img.complete && img.naturalWidth === 2", arg=image)
    expect(page.locator("main table")).to_have_count(0)  # the editors' tables have their page
    stratego.get_by_role("link", name="Stratego Original", exact=True).click()
    page.wait_for_url(site.url + "de/stratego.html")
    page.locator(".languages a[hreflang=en]").click()
    page.wait_for_url(site.url + "en/stratego.html")
    assert page.get_attribute("html", "lang") == "en"


def test_the_editors_page_has_the_translation_status_of_games_and_glossary(
    page: Page, site: Site
) -> None:
    page.goto(site.url + "en/editors.html")
    rows = page.locator("table.matrix tbody tr")
    expect(rows).to_have_count(6)
    expect(rows.last).to_contain_text("Glossary definitions")
    expect(rows.last.locator("td a")).to_have_text([re.compile(r"100 %$")] * len(LANGUAGES))
    expect(rows.first.locator("td a")).to_have_count(len(LANGUAGES))


def test_switching_language_lands_on_the_same_rule(page: Page, site: Site) -> None:
    page.goto(site.url + "de/risiko.html")
    page.locator(f'[id="{TIE_RULE}"] a.permalink').click()  # a hashchange, after load
    page.locator(".languages a[hreflang=fr]").click()
    page.wait_for_url(f"{site.url}fr/risiko.html#{TIE_RULE}")
    assert page.get_attribute("html", "lang") == "fr"
    expect(page.locator(f'[id="{TIE_RULE}"]')).to_be_in_viewport()
    page.locator(".languages a[hreflang=en]").click()  # the fragment came with the page
    page.wait_for_url(f"{site.url}en/risiko.html#{TIE_RULE}")
    expect(page.locator(f'[id="{TIE_RULE}"]')).to_be_in_viewport()


def test_searching_besatzer_in_german_reaches_the_risiko_tie_rule(page: Page, site: Site) -> None:
    page.goto(site.url + "de/risiko.html")
    page.get_by_role("searchbox").fill("Besatzer")
    page.locator(f'.search-list a[href$="#{TIE_RULE}"]').click()
    page.wait_for_url(f"{site.url}de/risiko.html#{TIE_RULE}")
    rule = page.locator(f'[id="{TIE_RULE}"]')
    expect(rule).to_be_in_viewport()
    expect(rule).to_contain_text("gewinnt immer der Besatzer")


def test_a_term_explains_itself_on_hover_and_on_keyboard_focus(page: Page, site: Site) -> None:
    page.goto(site.url + "en/risiko.html")
    term = page.locator(".term").first
    tip = page.locator(f"#{term.get_attribute('aria-describedby')}")
    expect(tip).to_be_hidden()
    assert term.get_attribute("tabindex") == "0"
    term.focus()
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("Gebiet")
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    page.locator("h1").click()  # focus leaves the term
    term.hover()
    expect(tip).to_be_visible()


def test_every_page_loads_without_console_errors(crawl: Crawl) -> None:
    assert len(crawl.pages) > 1
    assert crawl.errors == []


def test_no_internal_link_is_broken_and_every_page_is_reachable(crawl: Crawl, site: Site) -> None:
    assert crawl.broken == []
    assert crawl.absolute == []
    on_disk = {
        site.url + str(path.relative_to(site.folder))
        for path in site.folder.rglob("*.html")
        if "pagefind" not in path.parts and path.name != "404.html"
    }
    assert on_disk == set(crawl.pages)


def test_no_page_repeats_an_id(crawl: Crawl) -> None:
    assert crawl.duplicate_ids == []


def test_no_page_is_wider_than_a_phone(crawl: Crawl) -> None:
    assert len(crawl.pages) > 90
    assert crawl.too_wide == []


def test_every_page_describes_itself(crawl: Crawl) -> None:
    empty = [url for url, text in crawl.descriptions.items() if len(text) < 30]
    assert empty == []
    # One per game and language (the root page repeats de/index.html).
    game_pages = [url for url in crawl.descriptions if re.search(r"/[a-z]{2}/[a-z]+\.html$", url)]
    assert len({crawl.descriptions[url] for url in game_pages}) == len(game_pages)


def test_every_page_names_its_translations_reciprocally(crawl: Crawl, site: Site) -> None:
    for url, alternates in crawl.alternates.items():
        assert sorted(alternates) == sorted([*LANGUAGES, "x-default"]), url
        assert alternates["x-default"] == alternates["de"]
        if crawl.canonical[url] != url:
            assert url == site.url + "index.html"  # repeats de/index.html, its canonical
            assert crawl.canonical[url] == site.url + "de/index.html"
            continue
        assert url in alternates.values(), f"{url} does not name itself"
        for other in alternates.values():
            assert url in crawl.alternates[other].values(), f"{other} does not name {url}"


def test_the_sitemap_lists_every_page_with_its_translations(crawl: Crawl, site: Site) -> None:
    sitemap = (site.folder / "sitemap.xml").read_text("utf-8")
    listed = {loc.replace(BASE_URL, site.url) for loc in re.findall(r"<loc>(.*?)</loc>", sitemap)}
    assert listed == set(crawl.pages) - {site.url + "index.html"}
    assert sitemap.count('hreflang="fr"') == len(listed)
    robots = (site.folder / "robots.txt").read_text("utf-8")
    assert f"Sitemap: {BASE_URL}sitemap.xml" in robots


def test_a_missing_page_says_so_in_every_language(page: Page, site: Site) -> None:
    """As published: the server answers a missing address, however deep, with 404.html."""
    publish(page, site)
    page.goto(BASE_URL + "fr/no/such/page.html")
    assert page.locator("meta[name=robots]").get_attribute("content") == "noindex"
    expect(page.locator("section.not-found[lang=fr]")).to_contain_text("Page introuvable")
    assert page.evaluate("getComputedStyle(document.body).marginTop") == "0px"  # site.css
    page.locator("section.not-found[lang=fr] a").click()
    page.wait_for_url(BASE_URL + "fr/index.html")
    assert page.get_attribute("html", "lang") == "fr"


def test_the_card_downloads_are_part_of_the_site(crawl: Crawl) -> None:
    assert crawl.downloads
    missing = [path for path in crawl.downloads if not Path(path).is_file()]
    assert missing == []


def test_a_rule_page_screenshot_is_a_png(page: Page, site: Site, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1024, "height": 800})
    page.goto(f"{site.url}de/risiko.html#{TIE_RULE}")
    shot = tmp_path / "risiko.png"
    page.screenshot(path=shot, full_page=True)
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 10_000


def test_markup_in_a_translation_shows_as_text(page: Page, site: Site) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: dialogs.append(dialog.message))
    page.goto(site.url + "en/stratego.html")
    rule = page.locator(f'[id="{site.hostile}"]')
    expect(rule).to_contain_text(HOSTILE)
    expect(rule.locator("script, img")).to_have_count(0)
    assert page.evaluate("window.pwned") is None
    assert dialogs == []


def test_text_without_a_translation_shows_in_german_and_says_so(page: Page, site: Site) -> None:
    page.goto(site.url + "en/stratego.html")
    rule = page.locator(f'[id="{site.fallback}"]')
    assert rule.get_attribute("lang") == "de"
    expect(rule.locator(".badge.fallback")).to_have_text("German")
    expect(page.locator(f'[id="{site.hostile}"]')).not_to_have_attribute("lang", "de")


def test_a_term_is_marked_in_its_inflected_form_by_the_closest_spelling() -> None:
    befreien = Term(id="befreien", de="befreien", translations={})
    befreier = Term(id="befreier", de="Befreier", translations={})
    unit = Term(id="einheit", de="Einheit", translations={"pl": [Translation(term="jednostka")]})
    tips = iter(["t1", "t2", "t3"])
    parts = mark_terms("Der Befreiers Einheiten", [befreien, befreier, unit], "de", "pl", tips)
    marked = [(part.text, part.term.id, part.name) for part in parts if part.term]
    assert marked == [("Befreiers", "befreier", "Befreier"), ("Einheiten", "einheit", "jednostka")]


def test_links_between_pages_are_relative() -> None:
    assert relative_url("de/risiko.html", "de/risiko-graph.html") == "risiko-graph.html"
    assert relative_url("de/risiko.html", "en/risiko.html#a.b") == "../en/risiko.html#a.b"
    assert relative_url("index.html", "de/index.html") == "de/index.html"
    assert relative_url("de/index.html", "pagefind/") == "../pagefind/"


def test_contents_beside_the_rules_on_a_desktop_and_folded_on_a_phone(
    page: Page, site: Site
) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(site.url + "de/stratego.html")
    contents = page.locator("details.toc")
    expect(contents).to_have_attribute("open", "")
    sidebar, rules = (
        page.locator(".sidebar").bounding_box(),
        page.locator(".rules-text").bounding_box(),
    )
    assert sidebar and rules and sidebar["x"] + sidebar["width"] <= rules["x"]
    link = contents.locator("a", has_text="Die Ränge").first
    target = link.get_attribute("href")
    link.click()
    heading = page.locator(f'[id="{target.lstrip("#")}"] > :is(h2, h3)')
    expect(heading).to_be_in_viewport()
    assert abs(heading.bounding_box()["y"]) < 100  # the heading, not a line far above it
    page.mouse.wheel(0, 3000)
    expect(contents).to_be_in_viewport()  # it stays beside the text
    page.set_viewport_size(PHONE)
    page.goto(site.url + "de/stratego.html")
    expect(contents).not_to_have_attribute("open", "")
    contents.locator("summary").click()
    expect(link).to_be_visible()


def test_print_shows_the_rules_alone(page: Page, site: Site) -> None:
    page.emulate_media(media="print")
    page.goto(site.url + "fr/risiko.html")
    for hidden in (".site-header", ".sidebar", ".site-footer", ".game-nav", ".permalink"):
        expect(page.locator(hidden).first).to_be_hidden()
    expect(page.locator(".rules-text")).to_be_visible()


def test_the_trace_shows_each_rule_s_text(page: Page, site: Site) -> None:
    page.goto(site.url + "fr/trace.html")
    rule = page.locator(f'.trace th a[href$="#{TIE_RULE}"]')
    expect(rule).to_contain_text("défenseur")
    assert rule.get_attribute("lang") is None


def test_the_rule_graph_reads_at_its_natural_size(page: Page, site: Site) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(site.url + "en/risiko-graph.html")
    label = page.locator(".graph svg g.node text").first
    assert label.bounding_box()["height"] >= 10  # px: legible, not shrunk to the page width
    page.locator(f'.graph svg g.node:has(title:text-is("{TIE_RULE}")) a').click()
    page.wait_for_url(f"{site.url}en/risiko.html#{TIE_RULE}")


def test_glossary_definitions_read_in_the_page_s_language(page: Page, site: Site) -> None:
    page.goto(site.url + "fr/glossary.html")
    entries = page.locator("dl.glossary > div")
    expect(entries.locator("dd[lang=de]")).to_have_count(0)
    expect(page.locator("#term-wuerfelaktion dd").first).to_contain_text("lancer de dés simultané")
    page.goto(site.url + "pl/risiko.html")
    expect(page.locator(".tip .definition[lang=de]")).to_have_count(0)
    expect(page.locator(".tip .definition").first).not_to_be_empty()


def test_an_editors_addition_is_marked(page: Page, site: Site) -> None:
    page.goto(site.url + "en/risiko.html")
    added = page.locator(".node.editorial")
    assert added.count() > 0
    expect(added.first.locator(".badge.editorial")).to_have_text("Editors' addition")
