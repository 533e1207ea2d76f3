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
    "folder": "ideas/index.html",
    "tags": "tags/index.html",
    "tag": "tags/optimizers/index.html",
    "categories": "categories/index.html",
    "category": "categories/papers/index.html",
    "papers": "papers/index.html",
    "links": "links/index.html",
    "sources": "sources/index.html",
    "source": "sources/arxiv-2502.16982/index.html",
    "reading-list": "reading-list/index.html",
    "404": "404.html",
    "search": "search/index.html",
    "quotes": "quotes/index.html",
}


@pytest.fixture(scope="module")
def site(example_site: Path) -> Path:
    return example_site


def open_page(
    browser: Browser, url: str, width: int, scheme: str = "light", js: bool = False
) -> Page:
    page = browser.new_page(
        viewport={"width": width, "height": 800},
        color_scheme=scheme,  # type: ignore[arg-type]
        java_script_enabled=js,
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


def column(page: Page, name: str) -> list[str]:
    """The visible texts of a column of the first entry table, top to bottom."""
    script = """([name]) => {
        const table = document.querySelector("table.entry-table");
        const heads = [...table.tHead.rows[0].cells].map((th) => th.textContent.trim());
        const index = heads.indexOf(name);
        return [...table.tBodies[0].rows].filter((row) => !row.hidden)
            .map((row) => row.cells[index].textContent.trim());
    }"""
    texts: list[str] = page.evaluate(script, [name])
    return texts


@pytest.mark.browser
def test_papers_table_sorts_by_column_and_filters_by_status(site: Path, browser: Browser) -> None:
    page = open_page(browser, (site / "papers/index.html").as_uri(), 1000, js=True)
    years = column(page, "Year")
    assert len(years) == 16 and years[:2] == ["2024", "2025"]  # newest note first, as built
    year_header = page.locator("th", has=page.get_by_role("button", name="Year"))
    assert year_header.get_attribute("aria-sort") is None
    page.get_by_role("button", name="Year").click()
    assert year_header.get_attribute("aria-sort") == "ascending"
    assert column(page, "Year")[:2] == ["2018", "2024"]
    page.get_by_role("button", name="Year").click()
    assert year_header.get_attribute("aria-sort") == "descending"
    assert column(page, "Year")[0] == "2025"
    assert column(page, "Year")[-5:] == ["2018", "", "", "", ""]  # no year: last either way
    page.get_by_role("button", name="Title").click()
    titles = column(page, "Title")
    assert titles[:2] == ["A patchwork quilt view of AI Alignment", "AbsenceBench"]
    assert year_header.get_attribute("aria-sort") is None
    page.get_by_label("Status").select_option("to-read")
    assert column(page, "Title") == ["SOAP: Improving and Stabilizing Shampoo using Adam"]
    assert page.locator(".filter-status").inner_text() == "1 of 16 shown"
    page.get_by_label("Status").select_option("")
    page.get_by_label("Tag").select_option("second-order")
    assert column(page, "Title") == [  # still sorted by title
        "Shampoo: Preconditioned Stochastic Tensor Optimization",
        "SOAP: Improving and Stabilizing Shampoo using Adam",
    ]
    page.get_by_label("Year").select_option("2018")
    assert column(page, "Title") == ["Shampoo: Preconditioned Stochastic Tensor Optimization"]
    page.close()


@pytest.mark.browser
def test_tables_are_complete_without_javascript(site: Path, browser: Browser) -> None:
    page = open_page(browser, (site / "reading-list/index.html").as_uri(), 1000)
    assert page.locator("select").count() == 0
    assert page.locator("th button").count() == 0
    headings = page.locator("main h2").all_inner_texts()
    assert [h.split()[0] for h in headings] == ["To", "Reading", "Read"]
    assert page.locator("tbody tr").count() == 4  # the notes with a status (the imported have none)
    page.close()


@pytest.mark.browser
def test_neighbourhood_graph_renders_with_links(site: Path, browser: Browser) -> None:
    page = open_page(browser, (site / "papers/shampoo/index.html").as_uri(), 360, "dark")
    svg = page.locator("figure.graph svg")
    box = svg.bounding_box()
    assert box is not None and 200 < box["width"] <= 344 and box["height"] > 100
    nodes = svg.locator("a.node")
    names = sorted(nodes.locator("text").all_text_contents())
    assert names == ["Muon: orthogona…", "Optimizer lands…"]
    label = svg.locator("a.node text").first
    assert label.evaluate("(t) => getComputedStyle(t).fill") == "rgb(138, 180, 248)"  # dark accent
    svg.locator("a.node", has_text="Muon").click()
    assert page.locator("h1").inner_text() == "Muon: orthogonalised momentum"
    page.close()


@pytest.mark.browser
def test_bibtex_copy_button_copies_the_entry(site: Path, browser: Browser) -> None:
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto((site / "papers/muon/index.html").as_uri())
    page.get_by_role("button", name="Copy").click()
    page.get_by_role("status").filter(has_text="Copied").wait_for()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("@misc{liu2025muon,\n  title = {Muon is Scalable for LLM Training},")
    context.close()
