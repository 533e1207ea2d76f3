"""Live reload in real Chromium: an open page reloads itself after a save and shows build (and
search index) errors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.servehelp import FAILING_PAGEFIND, PAGEFIND_ENV, Server, fake_pagefind
from tests.test_a11y import AXE, CHOOSE_THEME, SCHEMES, SEVERE

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser: Browser, kb: Path) -> Iterator[tuple[Page, Server]]:
    server = Server(kb)
    tab = browser.new_page()
    tab.goto(f"http://127.0.0.1:{server.port}/papers/muon/")
    tab.wait_for_function("() => window.EventSource && document.querySelector('h1')")
    yield tab, server
    tab.close()
    assert server.stop()[0] == 0


def test_an_open_page_reloads_after_a_save(page: tuple[Page, Server], kb: Path) -> None:
    tab, server = page
    tab.evaluate("window.notReloaded = true")
    built = server.wait_build(-1)["build"]
    note = kb / "notes/papers/muon.md"
    note.write_text(note.read_text().replace("title: Muon optimizer", "title: Muon, saved"))
    saved = "() => document.querySelector('h1')?.textContent === 'Muon, saved'"
    tab.wait_for_function(saved, timeout=15000)
    # the preview's reload may be followed by the rebuild's: the tab is read once both are done
    server.wait_build(built)
    tab.wait_for_timeout(500)
    tab.wait_for_function(saved, timeout=15000)
    assert tab.evaluate("window.notReloaded === undefined")


def test_a_tab_whose_page_a_save_leaves_as_it_was_is_not_reloaded(
    page: tuple[Page, Server], browser: Browser, kb: Path
) -> None:
    tab, server = page  # on the Muon note's page
    other = browser.new_page()
    other.goto(f"http://127.0.0.1:{server.port}/tags/")  # no body edit changes the tag list
    other.wait_for_function("() => window.EventSource && document.querySelector('main')")
    for each in (tab, other):
        each.evaluate("window.notReloaded = true")
    built = server.wait_build(-1)["build"]
    note = kb / "notes/papers/muon.md"
    note.write_text(note.read_text().replace("nearest", "closest"))
    # (the page may be between two documents, without a body, when the predicate runs)
    tab.wait_for_function("() => document.body?.textContent.includes('closest')", timeout=15000)
    server.wait_build(built)  # the rebuild after the preview, done too
    other.wait_for_timeout(500)  # an event the other tab was sent would have reloaded it by now
    assert other.evaluate("window.notReloaded === true")
    other.close()


def test_a_failed_build_shows_an_overlay_until_fixed(page: tuple[Page, Server], kb: Path) -> None:
    tab, _ = page
    note = kb / "notes/papers/muon.md"
    good = note.read_text()
    note.write_bytes(b"\0" * 64 + good.encode())  # a binary file: it stops the build
    overlay = tab.wait_for_selector("#notebase-overlay", timeout=15000)
    assert overlay is not None
    text = overlay.text_content() or ""
    assert text.startswith("notebase: the build failed; showing the last good site")
    assert "notes/papers/muon.md:1: error[binary-file]" in text
    for scheme, theme in SCHEMES.values():  # readable in every theme: axe finds nothing severe
        tab.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
        tab.evaluate(CHOOSE_THEME, theme)
        assert overlay_violations(tab) == [], (scheme, theme)
    note.write_text(good)
    tab.wait_for_selector("#notebase-overlay", state="detached", timeout=15000)
    assert tab.query_selector("h1") is not None


def overlay_violations(tab: Page) -> list[object]:
    """axe's serious and critical violations inside the error overlay."""
    tab.add_script_tag(path=str(AXE))
    found = tab.evaluate(
        """async () => (await axe.run("#notebase-overlay", {resultTypes: ["violations"]}))
          .violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length}))"""
    )
    return [v for v in found if v["impact"] in SEVERE]


def test_a_failed_search_index_is_named_as_such(browser: Browser, kb: Path, tmp_path: Path) -> None:
    script = fake_pagefind(tmp_path / "pagefind", FAILING_PAGEFIND)
    server = Server(kb, {PAGEFIND_ENV: script})
    tab = browser.new_page()
    try:
        tab.goto(f"http://127.0.0.1:{server.port}/papers/muon/")
        overlay = tab.wait_for_selector("#notebase-overlay", timeout=15000)
        assert overlay is not None
        text = overlay.text_content() or ""
        assert text.startswith("notebase: the search index failed; search uses the last good index")
        assert (
            "notebase.yaml: error[search-index]: Pagefind failed: Error: the index exploded" in text
        )
        assert tab.query_selector("h1") is not None  # the page itself is the new one
    finally:
        tab.close()
        assert server.stop()[0] == 0
