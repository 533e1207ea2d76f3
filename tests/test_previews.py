"""Link previews and footnote sidenotes/popovers in real Chromium (assets/previews.js, footnotes.js)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from tests.conftest import checked_page
from tests.servehelp import static_server

pytestmark = pytest.mark.browser

MUON = "papers/muon/index.html"
EMBEDDINGS = "imported/harnessing-the-universal-geometry-of-embeddings/index.html"
SHAMPOO_TLDR = (
    "Keep one preconditioner per tensor dimension, so full-matrix AdaGrad becomes affordable."
)


@pytest.fixture
def tab(browser: Browser) -> Iterator[Page]:
    with checked_page(browser, 1280, 800) as page:
        yield page


@pytest.fixture
def narrow_tab(browser: Browser) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 360, "height": 740})
    yield page
    page.close()


def preview(page: Page) -> Locator:
    return page.locator("#nb-preview")


def assert_preview(page: Page, kind: str, title: str, tldr: str) -> None:
    tip = preview(page)
    expect(tip).to_be_visible()
    expect(tip.locator(".kind-badge")).to_have_text(kind)
    expect(tip.locator(".preview-title")).to_have_text(title)
    expect(tip.locator(".preview-tldr")).to_have_text(tldr)


def tab_to(page: Page, link: Locator) -> None:
    """Press Tab until `link` has the keyboard focus."""
    handle = link.element_handle()
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("el => document.activeElement === el", handle):
            return
    raise AssertionError("Tab never reached the link")


def test_hovering_an_entry_link_previews_it_until_escape(example_site: Path, tab: Page) -> None:
    tab.goto((example_site / MUON).as_uri())
    assert tab.evaluate("typeof window.NOTEBASE_ENTRIES") == "undefined"  # loaded lazily
    link = tab.locator(".body a.wikilink", has_text="Shampoo")
    link.hover()
    assert_preview(
        tab, "paper", "Shampoo: Preconditioned Stochastic Tensor Optimization", SHAMPOO_TLDR
    )
    expect(preview(tab).locator(".preview-meta")).to_have_text("paper 2018")
    expect(link).to_have_attribute("aria-describedby", "nb-preview")
    tab.keyboard.press("Escape")
    expect(preview(tab)).to_be_hidden()
    assert link.get_attribute("aria-describedby") is None


def test_leaving_the_link_hides_the_preview(example_site: Path, tab: Page) -> None:
    tab.goto((example_site / MUON).as_uri())
    tab.locator(".body a.wikilink", has_text="Shampoo").hover()
    expect(preview(tab)).to_be_visible()
    tab.locator("h1").hover()
    expect(preview(tab)).to_be_hidden()


def test_keyboard_focus_previews_without_taking_focus(example_site: Path, tab: Page) -> None:
    tab.goto((example_site / MUON).as_uri())
    link = tab.locator(".body a.wikilink", has_text="Optimizer landscape")
    tab_to(tab, link)
    assert_preview(
        tab,
        "note",
        "Optimizer landscape",
        "Adam-style diagonal methods are cheap; Shampoo and Muon buy better geometry with matrix work.",
    )
    expect(link).to_be_focused()
    tab.keyboard.press("Escape")
    expect(preview(tab)).to_be_hidden()
    expect(link).to_be_focused()
    tab.keyboard.press("Tab")
    expect(preview(tab)).to_be_hidden()


def test_a_link_to_a_heading_previews_its_entry(example_site: Path, tab: Page) -> None:
    tab.goto((example_site / "ideas/optimizer-landscape/index.html").as_uri())
    link = tab.locator(".body a.wikilink", has_text="Why orthogonalise")
    assert (link.get_attribute("href") or "").endswith("index.html#why-orthogonalise")
    link.hover()
    assert_preview(
        tab,
        "paper",
        "Muon: orthogonalised momentum",
        "Orthogonalised momentum updates train about 2x more compute-efficiently than AdamW.",
    )


def test_no_preview_for_external_links_or_pages_that_are_not_entries(
    example_site: Path, tab: Page
) -> None:
    tab.goto((example_site / MUON).as_uri())
    for link in (tab.locator("a.source-link"), tab.get_by_role("link", name="Papers", exact=True)):
        link.hover()
        tab.wait_for_timeout(500)  # longer than the hover delay
        assert tab.evaluate("!document.getElementById('nb-preview')")


def test_preview_stays_inside_a_narrow_viewport(example_site: Path, narrow_tab: Page) -> None:
    narrow_tab.goto((example_site / "papers/index.html").as_uri())
    narrow_tab.locator("table a", has_text="Shampoo").first.focus()
    tip = preview(narrow_tab)
    expect(tip).to_be_visible()
    box = tip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert narrow_tab.evaluate("document.scrollingElement.scrollWidth") <= 360


def test_previews_over_http_with_directory_urls(kb: Path, tab: Page) -> None:
    (kb / "notebase.yaml").write_text("title: Test notes\ndirectory_urls: true\n", encoding="utf-8")
    out = kb / "site"
    assert build_site(BuildOptions(root=kb, out=out)).written
    with static_server(out) as base:
        tab.goto(base + "papers/muon/")
        link = tab.locator(".body a.wikilink", has_text="Shampoo")
        assert link.get_attribute("href") == "../../papers/shampoo/"
        link.hover()
        assert_preview(tab, "paper", "Shampoo", "One preconditioner per tensor dimension.")


def test_wide_screens_show_footnotes_as_sidenotes_beside_their_reference(
    example_site: Path, tab: Page
) -> None:
    tab.goto((example_site / EMBEDDINGS).as_uri())
    notes = tab.locator(".sidenote")
    expect(notes).to_have_count(3)
    expect(notes.first).to_contain_text("Shape in the embedding space.")
    expect(notes.nth(1)).to_contain_text("But it’s a great title.")
    text = tab.locator(".entry .body").bounding_box()
    assert text is not None
    bottom = 0.0
    for i in range(3):
        ref = tab.locator(".footnote-ref a").nth(i).bounding_box()
        note = notes.nth(i).bounding_box()
        assert ref is not None and note is not None
        assert note["x"] >= text["x"] + text["width"]  # in the margin, right of the text
        assert note["x"] + note["width"] <= 1280
        assert note["y"] >= bottom  # no overlap with the sidenote above
        assert note["y"] - ref["y"] < 200  # level with (or just below) its reference
        bottom = note["y"] + note["height"]
    expect(tab.locator("#fn1")).to_be_visible()  # the plain list stays
    assert tab.evaluate("document.scrollingElement.scrollWidth <= innerWidth")


def test_narrow_screens_open_a_footnote_popover_and_escape_returns_focus(
    example_site: Path, narrow_tab: Page
) -> None:
    narrow_tab.goto((example_site / EMBEDDINGS).as_uri())
    expect(narrow_tab.locator(".sidenote").first).to_be_hidden()
    ref = narrow_tab.locator(".footnote-ref a").first
    expect(ref).to_have_attribute("aria-expanded", "false")
    ref.click()
    popover = narrow_tab.get_by_role("dialog", name="Footnote 1")
    expect(popover).to_be_visible()
    expect(popover).to_contain_text("Shape in the embedding space.")
    expect(popover).to_be_focused()
    expect(ref).to_have_attribute("aria-expanded", "true")
    assert narrow_tab.evaluate("location.hash") == ""  # stayed in place
    assert narrow_tab.evaluate("document.scrollingElement.scrollWidth") <= 360
    narrow_tab.keyboard.press("Escape")
    expect(popover).to_have_count(0)
    expect(ref).to_be_focused()
    expect(ref).to_have_attribute("aria-expanded", "false")
    narrow_tab.keyboard.press("Enter")
    expect(popover).to_be_focused()
    popover.get_by_role("button", name="Close footnote 1").click()
    expect(popover).to_have_count(0)
    expect(ref).to_be_focused()


def test_without_javascript_footnotes_are_a_plain_list(
    example_site: Path, browser: Browser
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800}, java_script_enabled=False)
    page.goto((example_site / EMBEDDINGS).as_uri())
    assert page.locator(".sidenote").count() == 0
    page.locator(".footnote-ref a").first.click()
    assert page.evaluate("location.hash") == "#fn1"
    expect(page.get_by_role("heading", name="Footnotes")).to_be_visible()
    expect(page.locator("#fn1")).to_contain_text("Shape in the embedding space.")
    page.close()


def test_previews_and_sidenotes_follow_the_dark_scheme(
    example_site: Path, browser: Browser
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    page.goto((example_site / MUON).as_uri())
    page.locator(".body a.wikilink", has_text="Shampoo").focus()
    expect(preview(page)).to_be_visible()
    styles = page.evaluate(
        """() => [document.getElementById('nb-preview'), document.querySelector('.sidenote')]
             .map(el => getComputedStyle(el))
             .map(s => [s.backgroundColor, s.color])"""
    )
    page.close()
    assert styles == [
        ["rgb(22, 24, 28)", "rgb(230, 230, 227)"],
        ["rgba(0, 0, 0, 0)", "rgb(164, 171, 179)"],
    ]
