"""Search in real Chromium on the example knowledge base: Pagefind's index over http, the small
search of assets/entries.js from file://, filters, links to the right pages, and the search dialog
of every page (`/`, Ctrl-K / Cmd-K, results as you type, arrows and Enter, Escape, focus)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from notebase.builder import search as search_index
from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from tests.conftest import REPO, checked_page
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
        ("quote", "Shampoo: Preconditioned Stochastic Tensor Optimization — Vineet Gupta et al."),
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
    page.select_option("#search select[name=kind]", "note")
    notes = results(page, "q=muon&kind=note")
    assert ("note", "Optimizer landscape") in notes
    assert {kind for kind, _ in notes} == {"note"}
    assert len(notes) < len(everything)
    assert page.url.endswith("?q=muon&kind=note")  # the filtered search has an address of its own
    page.select_option("#search select[name=kind]", "")
    page.select_option("#search select[name=tag]", "second-order")
    shampoo = ("paper", "Shampoo: Preconditioned Stochastic Tensor Optimization")
    soap = ("paper", "SOAP: Improving and Stabilizing Shampoo using Adam")
    assert sorted(results(page, "q=muon&tag=second-order")) == [soap, shampoo]


@pytest.fixture(scope="module")
def sharded_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The example built with shards of at most 2 search results, served over http."""
    out = tmp_path_factory.mktemp("sharded") / "site"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_index, "SHARD_PAGES", 2)
        assert build_site(BuildOptions(root=REPO, out=out)).written
    assert len(json.loads((out / "pagefind/shards.json").read_text())["shards"]) > 4
    with static_server(out) as base:
        yield base


def filter_options(page: Page) -> list[list[str]]:
    expect(page.locator("#search select[name=kind] option")).not_to_have_count(1)
    return [
        page.locator(f"#search select[name={name}] option").all_inner_texts()
        for name in ("kind", "tag", "year", "status")
    ]


@pytest.mark.parametrize(
    "query",
    [
        "q=muon",
        "q=convex",
        "q=optimizers",
        "q=second+order",
        "q=muon&tag=second-order",
        "q=&kind=note",
    ],
)
def test_the_shards_merged_find_what_one_bundle_finds(
    page: Page, http_root: str, sharded_root: str, query: str
) -> None:
    one = search(page, f"{http_root}search/index.html?{query}")
    options, links = filter_options(page), result_links(page)
    merged = search(page, f"{sharded_root}search/index.html?{query}")
    assert sorted(merged) == sorted(one) != []
    assert result_links(page) == links  # the merged shards' results link to the site's pages
    assert filter_options(page) == options  # every shard's filter values offered


def result_links(page: Page) -> list[str]:
    return sorted(a.get_attribute("href") or "" for a in page.locator(".card-title a").all())


def dialog_results(page: Page, shown: str) -> list[tuple[str, str]]:
    """(kind, title) of every result in the search dialog, once those of `shown` are there."""
    found = page.locator("#search-dialog .search-results")
    expect(found).to_have_attribute("data-shown", shown)
    return [
        (item.locator(".kind-badge").inner_text().lower(), item.locator("a").first.inner_text())
        for item in found.locator("> li").all()
    ]


def focused(page: Page) -> str:
    """The focused element: its id, else its class, else its tag and text."""
    script = "(e => e.id || e.className || e.tagName + ':' + e.textContent.trim())(document.activeElement)"
    value: str = page.evaluate(script)
    return value


# "essay" is only in the body of the latent-space link: not its title, tags or tl;dr
@pytest.mark.parametrize(
    "rel",
    [
        "index.html",
        "papers/muon/index.html",
        "tags/optimizers/index.html",
        "papers/index.html",
        "quotes/index.html",
        "sources/arxiv-2502.16982/index.html",
    ],
)
def test_the_dialog_finds_a_word_of_one_notes_body_within_a_second_from_any_page(
    page: Page, http_root: str, rel: str
) -> None:
    page.goto(f"{http_root}{rel}")
    dialog = page.locator("#search-dialog")
    expect(dialog).to_be_hidden()
    page.keyboard.press("/")
    expect(dialog).to_be_visible()
    assert focused(page) == "search-dialog-box"
    started = time.monotonic()
    page.keyboard.type("essay")
    first = dialog.locator(".search-results > li").first
    expect(first).to_contain_text("Generative modelling in latent space", timeout=1000)
    assert time.monotonic() - started < 1.0
    assert dialog_results(page, "q=essay") == [("link", "Generative modelling in latent space")]
    assert first.locator("mark").first.inner_text().lower() == "essay"
    assert page.input_value("#search-dialog-box") == "essay"  # `/` typed nothing into the box


def test_the_first_search_reads_no_filter_file_until_its_results_are_shown(
    page: Page, http_root: str
) -> None:
    held: list[Route] = []
    holding = [True]
    filters: list[str] = []

    def hold(route: Route) -> None:  # the search waits for its words' index while holding
        held.append(route) if holding[0] else route.continue_()

    page.route("**/pagefind/**/index/*", hold)
    page.on(
        "request",
        lambda request: filters.append(request.url) if "/filter/" in request.url else None,
    )
    page.goto(f"{http_root}index.html")
    page.keyboard.press("/")
    page.keyboard.type("muon")
    for _ in range(500):  # the search under way (each wait lets Playwright take the requests)
        if held:
            break
        page.wait_for_timeout(20)
    assert held, "the search asked for no index file within 10 s"
    page.wait_for_timeout(500)
    assert filters == []  # the filters' values would slow it: not read yet
    kinds = page.locator("#search-dialog select[name=kind] option")
    assert kinds.all_inner_texts() == ["any"]
    holding[0] = False
    for route in held:
        route.continue_()
    assert len(dialog_results(page, "q=muon")) > 3
    expect(kinds).not_to_have_count(1)  # read once the results are shown
    assert filters != []


def test_a_filter_reached_for_before_any_search_offers_its_values(
    page: Page, http_root: str
) -> None:
    page.goto(f"{http_root}index.html")
    page.keyboard.press("/")
    kind = page.locator("#search-dialog select[name=kind]")
    expect(page.locator("#search-dialog [role=status]")).to_have_text("Type to search.")
    assert kind.locator("option").all_inner_texts() == ["any"]
    kind.focus()
    expect(kind.locator("option")).to_contain_text(["any", "link", "note", "paper"])


def test_arrow_keys_and_enter_open_a_result(page: Page, http_root: str) -> None:
    page.goto(f"{http_root}papers/muon/index.html")
    page.keyboard.press("Control+k")
    page.keyboard.type("muon")
    found = dialog_results(page, "q=muon")
    assert len(found) > 3
    page.keyboard.press("ArrowDown")
    assert focused(page) == f"A:{found[0][1]}"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    assert focused(page) == f"A:{found[1][1]}"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert focused(page) == "search-dialog-box"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.locator("h1")).to_have_text(found[1][1])


def test_enter_in_the_box_opens_the_first_result_and_filters_narrow(
    page: Page, http_root: str
) -> None:
    page.goto(f"{http_root}index.html")
    page.keyboard.press("Meta+k")
    page.keyboard.type("muon")
    everything = dialog_results(page, "q=muon")
    page.locator("#search-dialog select[name=kind]").select_option("note")
    notes = dialog_results(page, "q=muon&kind=note")
    assert notes and {kind for kind, _ in notes} == {"note"} and len(notes) < len(everything)
    all_results = page.locator("#search-dialog .search-dialog-all")
    assert all_results.get_attribute("href") == "search/index.html?q=muon&kind=note"
    page.locator("#search-dialog-box").press("Enter")
    expect(page.locator("h1")).to_have_text(notes[0][1])


def test_escape_closes_the_dialog_and_focus_returns_to_the_opener(
    page: Page, http_root: str
) -> None:
    page.goto(f"{http_root}tags/optimizers/index.html")
    button = page.locator(".site-header .search-button")
    button.click()
    dialog = page.get_by_role("dialog", name="Search the notes")
    expect(dialog).to_be_visible()
    assert dialog.evaluate("d => d.matches(':modal')")  # the page behind is inert
    page.keyboard.type("essay")
    expect(dialog.locator(".search-results > li")).to_have_count(1)
    page.keyboard.press("Escape")  # in the box: closes, not only clears it
    expect(dialog).to_be_hidden()
    assert focused(page) == "header-button search-button"
    page.keyboard.press("/")  # opened again, the last search is still there
    expect(dialog).to_be_visible()
    assert page.input_value("#search-dialog-box") == "essay"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Escape")  # on a result
    expect(dialog).to_be_hidden()


def test_tab_stays_inside_the_dialog(page: Page, http_root: str) -> None:
    page.goto(f"{http_root}index.html")
    page.locator(".site-header .search-button").click()
    page.keyboard.type("muon")
    dialog_results(page, "q=muon")
    inside = "document.getElementById('search-dialog').contains(document.activeElement)"
    controls: int = page.evaluate(
        "[...document.querySelectorAll('#search-dialog :is(input, select, button, a[href])')]"
        ".filter(e => e.offsetParent !== null).length"
    )
    assert controls > 8  # the box, Close, four filters, results, the search page's link
    seen = []
    for _ in range(controls):
        page.keyboard.press("Tab")
        assert page.evaluate(inside), seen
        seen.append(focused(page))
    round_trip = ["search-dialog-close", "search-dialog-all", "search-dialog-box"]
    assert [seen[0], *seen[-2:]] == round_trip, seen
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(inside)
    assert focused(page) == "search-dialog-all"  # the last control: round the other way


def test_slash_types_a_slash_inside_the_box(page: Page, http_root: str) -> None:
    page.goto(f"{http_root}index.html")
    page.keyboard.press("/")
    page.keyboard.type("a/b")
    assert page.input_value("#search-dialog-box") == "a/b"


def test_on_the_search_page_slash_focuses_its_box(page: Page, http_root: str) -> None:
    page.goto(f"{http_root}search/index.html")
    page.keyboard.press("/")
    assert focused(page) == "search-box"
    expect(page.locator("#search-dialog")).to_be_hidden()
    page.keyboard.type("essay")
    assert results(page, "q=essay") == [("link", "Generative modelling in latent space")]


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


def test_from_disk_the_dialog_searches_titles_and_leads_to_the_search_page(
    page: Page, site: Path
) -> None:
    page.goto((site / "papers" / "muon" / "index.html").as_uri())
    page.keyboard.press("/")
    page.keyboard.type("optimizer landscape")
    assert dialog_results(page, "q=optimizer+landscape")[0] == ("note", "Optimizer landscape")
    assert "Opened from disk" in page.locator("#search-dialog-status").inner_text()
    page.locator("#search-dialog .search-dialog-all").click()
    page.wait_for_url("**/search/index.html?q=optimizer+landscape")
    assert results(page, "q=optimizer+landscape")[0] == ("note", "Optimizer landscape")
    page.select_option("#search select[name=kind]", "paper")
    assert results(page, "q=optimizer+landscape&kind=paper") == []
    expect(page.locator("#search-status")).to_contain_text("0 results")


def test_without_javascript_the_header_form_leads_to_the_search_page(
    browser: Browser, site: Path
) -> None:
    tab = browser.new_page(java_script_enabled=False)
    tab.goto((site / "papers" / "muon" / "index.html").as_uri())
    expect(tab.locator(".site-header .search-button")).to_be_hidden()
    expect(tab.locator(".site-header .theme-toggle")).to_be_hidden()
    tab.locator("#search-box").fill("muon")
    tab.locator("#search-box").press("Enter")
    tab.wait_for_url("**/search/index.html?q=muon")
    tab.close()


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
