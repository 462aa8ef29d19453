"""The built site every browser test uses, served on 127.0.0.1, and Debian's Chromium.

Fixtures here are session-wide (tests/conftest.py imports them), so that one
build serves tests/test_site*.py.  The build is of a copy of the project whose
English Stratego catalog is tampered with first: one entry holds markup, which
must show as text, and one loses its translation, which must show in German,
marked.  The copy is published under a base URL and Risiko has a picture.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import struct
import threading
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from unittest import mock
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route, sync_playwright

from rulekit.build import build
from rulekit.i18n.catalogs import po_path
from rulekit.i18n.pofile import catalog_bytes, read_catalog
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
BASE_URL = "https://rules.example.org/games/"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@dataclass(frozen=True)
class Site:
    """A built site served over HTTP, and the catalog entries the fixture tampered with."""

    folder: Path
    url: str
    hostile: str  # rule id whose English text is markup
    fallback: str  # rule id whose English translation was removed


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
    (project.root / "rulekit.yaml").write_text(f"site:\n  base_url: {BASE_URL}\n", "utf-8")
    source = project.sources_dir / "risiko" / "source.yaml"
    (source.parent / "box.png").write_bytes(tiny_png())
    source.write_text(source.read_text("utf-8") + "picture: box.png\n", "utf-8")
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


def tiny_png() -> bytes:
    """A 2x2 red PNG, made here rather than shipped."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    pixels = b"".join(b"\x00" + b"\xcc\x22\x22" * 2 for _ in range(2))
    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(pixels))
        + chunk(b"IEND", b"")
    )


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


def publish(page: Page, site: Site) -> None:
    """Answer requests to the base URL from the built site, as its web server would:
    a missing address, however deep, gets 404.html."""

    def answer(route: Route) -> None:
        path = site.folder / urlsplit(route.request.url).path.removeprefix(urlsplit(BASE_URL).path)
        route.fulfill(path=path if path.is_file() else site.folder / "404.html")

    page.route(BASE_URL + "**", answer)
