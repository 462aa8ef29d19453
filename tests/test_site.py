"""The static site in a real browser: Debian's Chromium driven by Playwright.

One build of a copy of the project serves every test.  Its English Stratego
catalog is tampered with first: one entry holds markup, which must show as
text, and one loses its translation, which must show in German, marked.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from unittest import mock
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from rulekit.build import build
from rulekit.i18n.catalogs import po_path
from rulekit.i18n.pofile import catalog_bytes, read_catalog
from rulekit.model import Term, Translation
from rulekit.output.site import mark_terms, relative_url
from tests.conftest import ROOT, copy_project

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIE_RULE = "risiko.abwicklung-einer-wuerfelaktion.wichtig-bei-einem-unentschieden-d-h"
HOSTILE = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">'
LANGUAGES = ("de", "en", "fr", "pl")


@dataclass(frozen=True)
class Site:
    """A built site served over HTTP, and the catalog entries the fixture tampered with."""

    folder: Path
    url: str
    hostile: str  # rule id whose English text is markup
    fallback: str  # rule id whose English translation was removed


@dataclass
class Crawl:
    """What following every link from the home page found."""

    pages: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    absolute: list[str] = field(default_factory=list)
    downloads: list[str] = field(default_factory=list)
    alternates: dict[str, dict[str, str]] = field(default_factory=dict)  # page -> hreflang -> url
    canonical: set[str] = field(default_factory=set)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Keep the test output free of request lines."""


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The project built once, its site served on 127.0.0.1."""
    project = copy_project(tmp_path_factory.mktemp("site") / "project")
    # The trace reads the tests' rule markers.
    shutil.copytree(
        ROOT / "tests",
        project.tests_dir,
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns("data", "__pycache__"),
    )
    path = po_path(project.translations_dir, "en", "stratego")
    catalog = read_catalog(path, "en")
    hostile, fallback = [m for m in catalog if m.context and "#" not in m.context][1:3]
    hostile.string = HOSTILE
    fallback.string = ""
    path.write_bytes(catalog_bytes(catalog))
    # The build refuses such a catalog (tests/test_injection.py); past that check,
    # the renderers must still show the markup as text.
    with mock.patch("rulekit.build.refuse_dangerous"):
        build(project)
    folder = project.build_dir / "site"
    handler = functools.partial(QuietHandler, directory=str(folder))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        yield Site(folder, url, str(hostile.context), str(fallback.context))
        server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium; Playwright downloads no browser of its own."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh tab that fails the test on any console error or uncaught exception."""
    tab = browser.new_page()
    errors = watch(tab)
    yield tab
    tab.close()
    assert errors == []


def watch(tab: Page) -> list[str]:
    """Collect the console errors and uncaught exceptions of a tab."""
    errors: list[str] = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda error: errors.append(str(error)))
    return errors


# Every link-like attribute, raw as written (the language links carry the live #fragment).
LINKS_JS = """() => ({
  ids: [...document.querySelectorAll("[id]")].map((e) => e.id),
  links: [...document.querySelectorAll("a, link[href], script[src], img[src]")].map(
    (e) => e.getAttribute("href") ?? e.getAttribute("src") ?? e.getAttribute("xlink:href")
  ).filter((href) => href !== null),
  alternates: Object.fromEntries(
    [...document.querySelectorAll("link[rel=alternate]")].map((e) => [e.hreflang, e.href])
  ),
  canonical: document.querySelector("link[rel=canonical]") !== null,
})"""


@pytest.fixture(scope="session")
def crawl(site: Site, browser: Browser) -> Crawl:
    """Visit every page reachable from the home page; check every link and #fragment."""
    found = Crawl()
    tab = browser.new_page()
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
        found.alternates[url] = data["alternates"]
        if data["canonical"]:
            found.canonical.add(url)
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


def test_the_home_page_shows_every_game_in_every_language(page: Page, site: Site) -> None:
    page.goto(site.url + "index.html")
    assert page.get_attribute("html", "lang") == "de"
    rows = page.locator("table.matrix tbody tr")
    expect(rows).to_have_count(5)
    expect(rows.first.locator("td a")).to_have_count(len(LANGUAGES))
    expect(page.locator("table.matrix")).to_contain_text("Risiko im Buchformat")
    page.locator(".languages a[hreflang=en]").click()
    page.wait_for_url(site.url + "en/index.html")
    assert page.get_attribute("html", "lang") == "en"


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
        if "pagefind" not in path.parts
    }
    assert on_disk == set(crawl.pages)


def test_every_page_names_its_translations_reciprocally(crawl: Crawl, site: Site) -> None:
    for url, alternates in crawl.alternates.items():
        assert sorted(alternates) == sorted([*LANGUAGES, "x-default"]), url
        assert alternates["x-default"] == alternates["de"]
        if url in crawl.canonical:
            continue  # the root page repeats de/index.html, which is canonical
        assert url in alternates.values(), f"{url} does not name itself"
        for other in alternates.values():
            assert url in crawl.alternates[other].values(), f"{other} does not name {url}"


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
