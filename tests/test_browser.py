"""What only a browser shows: the built example site in real Chromium (layout, dark mode, no JS needed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

PAGE_TYPES = {
    "home": "index.html",
    "paper": "papers/muon/index.html",
    "link": "links/latent-space/index.html",
    "note": "ideas/optimizer-landscape/index.html",
    "tags": "tags/index.html",
    "tag": "tags/optimizers/index.html",
    "categories": "categories/index.html",
    "category": "categories/papers/index.html",
    "papers": "papers/index.html",
    "links": "links/index.html",
    "404": "404.html",
    "search": "search/index.html",
    "quotes": "quotes/index.html",
}


@pytest.fixture(scope="module")
def site(example_site: Path) -> Path:
    return example_site


def open_page(browser: Browser, url: str, width: int, scheme: str = "light") -> Page:
    page = browser.new_page(
        viewport={"width": width, "height": 800},
        color_scheme=scheme,  # type: ignore[arg-type]
        java_script_enabled=False,
    )
    page.goto(url)
    return page


@pytest.mark.browser
@pytest.mark.parametrize("name", sorted(PAGE_TYPES))
def test_narrow_viewport_has_no_horizontal_scrolling(
    site: Path, browser: Browser, name: str
) -> None:
    target = site / PAGE_TYPES[name]
    assert target.is_file(), f"{name} page is missing"
    page = open_page(browser, target.as_uri(), 360)
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    page.close()
    assert scroll_width <= 360, f"{name}: content is {scroll_width}px wide in a 360px viewport"


@pytest.mark.browser
def test_dark_mode_follows_the_system_setting(site: Path, browser: Browser) -> None:
    url = (site / "index.html").as_uri()
    colours = {}
    for scheme in ("light", "dark"):
        page = open_page(browser, url, 1000, scheme)
        colours[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
        page.close()
    assert colours["light"] == "rgb(253, 252, 250)"
    assert colours["dark"] == "rgb(22, 24, 28)"


@pytest.mark.browser
def test_site_navigates_from_disk_without_javascript(site: Path, browser: Browser) -> None:
    page = open_page(browser, (site / "index.html").as_uri(), 1000)
    page.get_by_role("link", name="Muon: orthogonalised momentum").first.click()
    assert page.locator("h1").inner_text() == "Muon: orthogonalised momentum"
    page.get_by_role("link", name="#optimizers").first.click()
    assert page.locator("h1").inner_text() == "Tag: optimizers"
    assert page.url.endswith("/tags/optimizers/index.html")
    page.close()
