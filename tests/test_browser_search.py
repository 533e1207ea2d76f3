"""Search in real Chromium on the example knowledge base: Pagefind's index over http, the small
search of assets/entries.js from file://, filters, the `/` shortcut and links to the right pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import checked_page
from tests.servehelp import static_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(example_site: Path) -> Path:
    return example_site


@pytest.fixture(scope="module")
def http_root(site: Path) -> Iterator[str]:
    """The built site served over http (Pagefind fetches its index)."""
    with static_server(site) as base:
        yield base


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with checked_page(browser, 1000, 900) as tab:
        yield tab


def results(page: Page, shown: str) -> list[tuple[str, str]]:
    """(kind, title) of every result, once the results of the search `shown` (its query string)
    are on the page."""
    expect(page.locator("#search-results")).to_have_attribute("data-shown", shown)
    items = page.locator("#search-results > li")
    return [
        (item.locator(".kind-badge").inner_text().lower(), item.locator("a").first.inner_text())
        for item in items.all()
    ]


def search(page: Page, url: str) -> list[tuple[str, str]]:
    page.goto(url)
    return results(page, url.split("?", 1)[1])


def test_search_finds_an_entry_by_a_word_of_its_body(page: Page, http_root: str) -> None:
    # "essay" is only in the body of the latent-space link: not its title, tags or tl;dr
    found = search(page, f"{http_root}search/index.html?q=essay")
    assert found == [("link", "Generative modelling in latent space")]
    assert "disk" not in page.locator("#search-status").inner_text()
    excerpt = page.locator("#search-results .search-excerpt").first
    assert excerpt.locator("mark").first.inner_text().lower() == "essay"


def test_search_finds_a_quote_by_its_words(page: Page, http_root: str) -> None:
    # "convex" occurs only in the quote of the Shampoo note
    found = search(page, f"{http_root}search/index.html?q=convex")
    assert found == [
        ("paper", "Shampoo: Preconditioned Stochastic Tensor Optimization"),
        ("quote", "Quote"),
    ]
    quote = page.locator("#search-results > li.kind-quote")
    assert "prove convergence in the convex setting" in quote.inner_text()
    quote.locator("a").click()
    page.wait_for_url("**/quotes/index.html#papers-shampoo-q-*")
    target = page.url.split("#", 1)[1]
    assert "convex setting" in page.locator(f"figure#{target}").inner_text()


def test_filters_narrow_the_results(page: Page, http_root: str) -> None:
    everything = search(page, f"{http_root}search/index.html?q=muon")
    assert {kind for kind, _ in everything} >= {"paper", "link", "note"}
    page.select_option("select[name=kind]", "note")
    notes = results(page, "q=muon&kind=note")
    assert ("note", "Optimizer landscape") in notes
    assert {kind for kind, _ in notes} == {"note"}
    assert len(notes) < len(everything)
    assert page.url.endswith("?q=muon&kind=note")  # the filtered search has an address of its own
    page.select_option("select[name=kind]", "")
    page.select_option("select[name=tag]", "second-order")
    shampoo = ("paper", "Shampoo: Preconditioned Stochastic Tensor Optimization")
    soap = ("paper", "SOAP: Improving and Stabilizing Shampoo using Adam")
    assert sorted(results(page, "q=muon&tag=second-order")) == [soap, shampoo]


def test_slash_focuses_the_box_and_enter_shows_results_that_link_to_their_page(
    page: Page, http_root: str
) -> None:
    page.goto(f"{http_root}papers/muon/index.html")
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "search-box"
    page.keyboard.type("essay")
    assert page.input_value("#search-box") == "essay"  # `/` typed nothing into the box
    page.keyboard.press("Enter")
    page.wait_for_url("**/search/index.html?q=essay")
    assert results(page, "q=essay") == [("link", "Generative modelling in latent space")]
    page.locator("#search-results a").first.click()
    page.wait_for_url("**/links/latent-space/index.html")
    assert page.locator("h1").inner_text() == "Generative modelling in latent space"


def test_slash_types_a_slash_inside_the_box(page: Page, http_root: str) -> None:
    page.goto(f"{http_root}index.html")
    page.locator("#search-box").click()
    page.keyboard.type("a/b")
    assert page.input_value("#search-box") == "a/b"


def test_from_disk_the_box_finds_entries_by_title_and_by_tag(page: Page, site: Path) -> None:
    url = (site / "search" / "index.html").as_uri()
    by_title = search(page, f"{url}?q=landscape")
    assert by_title == [("note", "Optimizer landscape")]
    assert "Opened from disk" in page.locator("#search-status").inner_text()
    by_tag = search(page, f"{url}?q=second-order")
    assert sorted(by_tag) == [
        ("paper", "SOAP: Improving and Stabilizing Shampoo using Adam"),
        ("paper", "Shampoo: Preconditioned Stochastic Tensor Optimization"),
    ]
    shampoo = page.locator("#search-results > li", has_text="Preconditioned Stochastic")
    tldr = shampoo.locator(".card-tldr").inner_text()
    assert tldr.startswith("Keep one preconditioner per tensor dimension")
    shampoo.locator("a").first.click()
    page.wait_for_url("**/papers/shampoo/index.html")
    assert (
        page.locator("h1").inner_text() == "Shampoo: Preconditioned Stochastic Tensor Optimization"
    )


def test_from_disk_the_box_on_any_page_leads_to_the_results(page: Page, site: Path) -> None:
    page.goto((site / "papers" / "muon" / "index.html").as_uri())
    page.keyboard.press("/")
    page.keyboard.type("optimizer landscape")
    page.keyboard.press("Enter")
    page.wait_for_url("**/search/index.html?q=optimizer+landscape")
    assert results(page, "q=optimizer+landscape")[0] == ("note", "Optimizer landscape")
    page.select_option("select[name=kind]", "paper")
    assert results(page, "q=optimizer+landscape&kind=paper") == []
    expect(page.locator("#search-status")).to_contain_text("0 results")


def test_without_javascript_the_search_page_says_where_to_browse(
    browser: Browser, site: Path
) -> None:
    tab = browser.new_page(java_script_enabled=False)
    tab.goto((site / "search" / "index.html").as_uri() + "?q=muon")
    note = tab.locator("main p.empty")
    assert "Searching needs JavaScript" in note.inner_text()
    note.get_by_role("link", name="tag").click()
    assert tab.locator("h1").inner_text() == "Tags"
    tab.close()
