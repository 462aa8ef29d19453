"""Accessibility: axe-core (through axe-playwright-python) on every kind of page,
at a phone's width and a desktop's, in German and French; no serious or
critical violation is allowed."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from tests.sitefixtures import BASE_URL, DESKTOP, PHONE, Site, publish

PAGES = (
    "index.html",
    "404.html",
    "fr/index.html",
    "fr/editors.html",
    "fr/risiko.html",
    "de/stratego.html",
    "fr/risiko-glossary.html",
    "fr/glossary.html",
    "fr/risiko-graph.html",
    "fr/risiko-repairs.html",
    "fr/trace.html",
)


@pytest.fixture(scope="module")
def axe() -> Axe:
    return Axe()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_serious_accessibility_violation(
    page: Page, site: Site, axe: Axe, viewport: dict[str, int]
) -> None:
    page.set_viewport_size(viewport)
    publish(page, site)  # the 404 page reads its style sheet from the base URL
    found = []
    for path in PAGES:
        page.goto((BASE_URL if path == "404.html" else site.url) + path)
        page.wait_for_load_state("load")
        for violation in axe.run(page).response["violations"]:
            if violation["impact"] in ("serious", "critical"):
                targets = [node["target"] for node in violation["nodes"][:3]]
                found.append(f"{path}: {violation['id']} ({violation['impact']}) {targets}")
    assert found == []
