"""What only a browser shows: the built example site in real Chromium (layout, dark mode, no JS needed;
with JS: the theme toggle, the phone header and its menu, tables, the table of contents, quotes)."""

from __future__ import annotations

import base64
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from tests.conftest import write_kb
from tests.servehelp import static_server

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
    page.locator("main").get_by_label("Status").select_option("to-read")
    assert column(page, "Title") == ["SOAP: Improving and Stabilizing Shampoo using Adam"]
    assert page.locator(".filter-status").inner_text() == "1 of 16 shown"
    page.locator("main").get_by_label("Status").select_option("")
    page.locator("main").get_by_label("Tag").select_option("second-order")
    assert column(page, "Title") == [  # still sorted by title
        "Shampoo: Preconditioned Stochastic Tensor Optimization",
        "SOAP: Improving and Stabilizing Shampoo using Adam",
    ]
    page.locator("main").get_by_label("Year").select_option("2018")
    assert column(page, "Title") == ["Shampoo: Preconditioned Stochastic Tensor Optimization"]
    page.close()


@pytest.mark.browser
def test_tables_are_complete_without_javascript(site: Path, browser: Browser) -> None:
    page = open_page(browser, (site / "reading-list/index.html").as_uri(), 1000)
    assert page.locator("main select").count() == 0
    assert page.locator("th button").count() == 0
    headings = page.locator("main h2").all_inner_texts()
    assert [h.split()[0] for h in headings] == ["To", "Reading", "Read"]
    assert page.locator("tbody tr").count() == 4  # the notes with a status (the imported have none)
    page.close()


@pytest.mark.browser
def test_neighbourhood_graph_renders_with_links(site: Path, browser: Browser) -> None:
    page = open_page(browser, (site / "ideas/optimizer-landscape/index.html").as_uri(), 360, "dark")
    svg = page.locator("figure.graph svg")
    box = svg.bounding_box()
    assert box is not None and 200 < box["width"] <= 344 and box["height"] > 80
    nodes = svg.locator("a.node")
    shown = sorted(nodes.locator("text.label").all_text_contents())
    assert shown == [
        "Generative modelling in…",
        "Muon: orthogonalised mo…",
        "Shampoo: Preconditioned…",
    ]
    label = svg.locator("a.node text").first
    assert label.evaluate("(t) => getComputedStyle(t).fill") == "rgb(138, 180, 248)"  # dark accent
    muon = svg.locator("a.node", has_text="Muon")
    full = muon.locator("text.label-full")
    assert not full.is_visible()
    muon.focus()  # the whole title while focused (or hovered), the short one hidden
    assert full.is_visible() and full.text_content() == "Muon: orthogonalised momentum"
    assert not muon.locator("text.label").is_visible()
    muon.click()
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


# --- the header: theme toggle and the menu of narrow screens (JavaScript on, served over http) ---

PUBLISHED = "https://notes.example.org/"  # the example's base_url
FIRST_PAINT = """(() => {
  /* what the page looks like when <body> is first inserted: nothing of it can be painted earlier */
  new MutationObserver((records, observer) => {
    if (!document.body) return;
    observer.disconnect();
    const html = document.documentElement;
    window.atBody = {
      theme: html.getAttribute("data-theme"),
      bg: getComputedStyle(html).getPropertyValue("--bg").trim(),
    };
  }).observe(document, { childList: true, subtree: true });
})();"""


@pytest.fixture(scope="module")
def http_root(site: Path) -> Iterator[str]:
    with static_server(site) as base:
        yield base


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
    ctx.add_init_script(FIRST_PAINT)
    yield ctx
    ctx.close()


def background(page: Page) -> str:
    colour: str = page.evaluate("getComputedStyle(document.body).backgroundColor")
    return colour


@pytest.mark.browser
def test_theme_toggle_cycles_and_is_remembered_without_a_flash(
    context: BrowserContext, http_root: str
) -> None:
    page = context.new_page()
    page.goto(f"{http_root}papers/muon/index.html")
    toggle = page.get_by_role("button", name="Colour theme: system (switch to light)")
    assert background(page) == "rgb(253, 252, 250)"  # the system's light
    toggle.click()
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.get_by_role("button", name="Colour theme: light (switch to dark)").click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert background(page) == "rgb(22, 24, 28)"
    code = page.locator(".highlight .k").first  # code colours follow the chosen theme too
    assert code.evaluate("(e) => getComputedStyle(e).color") == "rgb(255, 123, 114)"
    page.goto(f"{http_root}tags/index.html")  # another page, then a reload: still dark
    page.reload()
    assert page.evaluate("window.atBody") == {"theme": "dark", "bg": "#16181c"}
    assert background(page) == "rgb(22, 24, 28)"
    page.get_by_role("button", name="Colour theme: dark (switch to system)").click()
    assert page.evaluate("document.documentElement.dataset.theme") is None
    page.reload()
    assert page.evaluate("window.atBody") == {"theme": None, "bg": "#fdfcfa"}
    page.emulate_media(color_scheme="dark")  # "system" follows the system again
    assert background(page) == "rgb(22, 24, 28)"
    page.close()


@pytest.mark.browser
def test_light_chosen_wins_over_a_dark_system(browser: Browser, http_root: str) -> None:
    ctx = browser.new_context(color_scheme="dark")
    ctx.add_init_script(FIRST_PAINT)
    ctx.add_init_script("localStorage.setItem('notebase-theme', 'light')")
    page = ctx.new_page()
    page.goto(f"{http_root}index.html")
    assert page.evaluate("window.atBody") == {"theme": "light", "bg": "#fdfcfa"}
    assert background(page) == "rgb(253, 252, 250)"
    ctx.close()


def from_site(site: Path, route: Route) -> None:
    """404.html links to the example's base_url absolutely: answered from the built site."""
    rel = route.request.url.removeprefix(PUBLISHED).split("?")[0].split("#")[0]
    target = site / rel / "index.html" if (site / rel).is_dir() else site / rel
    if target.is_file():
        route.fulfill(path=target)
    else:
        route.fulfill(status=404, body="")


@pytest.mark.browser
@pytest.mark.parametrize("name", sorted(PAGE_TYPES))
def test_phone_header_is_one_row_and_no_page_scrolls_sideways(
    site: Path, browser: Browser, http_root: str, name: str
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.route(PUBLISHED + "**", lambda route: from_site(site, route))
    page.goto(http_root + PAGE_TYPES[name])
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] <= 844 / 5, f"{name}: {header}"
    page.set_viewport_size({"width": 360, "height": 740})
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 360, f"{name}: {width}px wide at 360px"
    page.close()


@pytest.mark.browser
def test_the_menu_button_shows_the_site_nav_on_a_phone(browser: Browser, http_root: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{http_root}papers/muon/index.html")
    nav = page.get_by_role("navigation", name="Site")
    menu = page.get_by_role("button", name="Menu")
    expect(nav).to_be_hidden()
    assert menu.get_attribute("aria-expanded") == "false"
    menu.click()
    expect(nav).to_be_visible()
    assert menu.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    expect(nav).to_be_hidden()
    assert (
        page.evaluate(
            "document.activeElement.getAttribute('aria-label') || document.activeElement.textContent"
        )
        == "Menu"
    )
    menu.click()
    nav.get_by_role("link", name="Quotes").click()
    expect(page.locator("h1")).to_have_text("Quotes")
    page.set_viewport_size({"width": 1280, "height": 900})  # wide: the nav is always there
    expect(page.get_by_role("navigation", name="Site")).to_be_visible()
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    page.close()


@pytest.mark.browser
def test_a_wide_table_scrolls_inside_its_box_on_a_phone(browser: Browser, http_root: str) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(f"{http_root}papers/index.html")
    wrap = page.locator(".table-wrap").first
    inner, outer = wrap.evaluate("(w) => [w.scrollWidth, w.clientWidth]")
    assert inner > outer  # the whole table is there, to scroll to
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    wrap.evaluate("(w) => { w.scrollLeft = w.scrollWidth; }")
    tags = page.locator("th.col-tags").bounding_box()
    assert tags is not None and tags["x"] + tags["width"] <= 360 + 1  # the last column is reachable
    page.close()


@pytest.mark.browser
def test_the_table_of_contents_fills_the_right_column_on_wide_screens(
    context: BrowserContext, http_root: str
) -> None:
    page = context.new_page()
    page.goto(f"{http_root}imported/jepa/index.html")
    toc = page.get_by_role("navigation", name="On this page")
    expect(toc).to_be_visible()
    article = page.locator("article.entry").bounding_box()
    box = toc.bounding_box()
    assert article is not None and box is not None
    assert box["x"] >= article["x"] + article["width"] + 20  # beside the note, not under it
    assert box["y"] < article["y"] + 100
    toc.get_by_role("link", name="Challenges").click()
    assert page.url.endswith("#challenges")
    page.mouse.wheel(0, 1500)  # sticky: still in view further down the note
    expect(toc).to_be_in_viewport()
    page.set_viewport_size({"width": 800, "height": 900})
    page.reload()  # narrow: folded above the note, not beside it
    expect(toc.locator("details")).not_to_have_attribute("open", "")
    folded, note = toc.bounding_box(), page.locator("article.entry").bounding_box()
    assert folded is not None and note is not None and folded["y"] < note["y"]
    page.close()


def quotes_in_notes(notes: Path = Path(__file__).parents[1] / "notes") -> int:
    """The example's blockquotes, counted from its markdown: each run of `>` lines outside code."""
    count = 0
    for path in sorted(notes.rglob("*.md")):
        if any(part.startswith(("_", ".")) for part in path.relative_to(notes).parts):
            continue
        fenced, before = False, ""
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            if not fenced and line.startswith(">") and not before.startswith(">"):
                count += 1
            before = line
    return count


@pytest.mark.browser
def test_quotes_filter_by_author_and_tag_and_hide_empty_groups(
    context: BrowserContext, http_root: str
) -> None:
    page = context.new_page()
    page.goto(f"{http_root}quotes/index.html")
    quotes = page.locator("figure.quote-item:visible")
    groups = page.locator("section.quote-group:visible")
    total = quotes_in_notes()
    assert quotes.count() == total > 30
    all_groups = groups.count()
    page.locator("main").get_by_label("Author").select_option("Keller Jordan, Muon blog post")
    expect(quotes).to_have_count(1)
    expect(groups).to_have_count(1)
    assert groups.locator("h2").inner_text() == "Muon: orthogonalised momentum"
    assert page.locator(".filter-status").inner_text() == f"1 of {total} shown"
    page.locator("main").get_by_label("Author").select_option("")
    page.locator("main").get_by_label("Tag").select_option("second-order")
    expect(groups).to_have_count(1)
    page.locator("main").get_by_label("Tag").select_option("")
    page.locator("main").get_by_label("Source").select_option("github.com")
    assert 0 < groups.count() < all_groups
    assert all("github.com" in g.locator(".quote-group-meta").inner_text() for g in groups.all())
    page.close()


@pytest.mark.browser
def test_quotes_page_is_whole_without_javascript_and_in_two_columns_when_wide(
    site: Path, browser: Browser
) -> None:
    page = open_page(browser, (site / "quotes/index.html").as_uri(), 1280)
    assert page.locator("figure.quote-item").count() == quotes_in_notes()
    assert page.locator("main select").count() == 0
    height = page.evaluate("document.scrollingElement.scrollHeight")
    lefts = {
        round(b["x"])
        for b in page.locator("section.quote-group").evaluate_all(
            "(gs) => gs.map((g) => g.getBoundingClientRect()).map((r) => ({x: r.x}))"
        )
    }
    assert len(lefts) == 2  # two columns
    page.close()
    narrow = open_page(browser, (site / "quotes/index.html").as_uri(), 390)
    assert height < narrow.evaluate("document.scrollingElement.scrollHeight") / 2
    narrow.close()


@pytest.mark.browser
def test_sidenotes_start_below_the_table_of_contents(browser: Browser, tmp_path: Path) -> None:
    note = (
        "---\ntitle: Footnoted\n---\nA first line.[^a]\n\n## One\n\ntext[^b]\n\n## Two\n\n"
        "## Three\n\n## Four\n\n[^a]: Note A.\n[^b]: Note B.\n"
    )
    root = write_kb(tmp_path / "kb", {"f.md": note})
    out = tmp_path / "site"
    assert build_site(BuildOptions(root=root, out=out)).written
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto((out / "f" / "index.html").as_uri())
    toc = page.get_by_role("navigation", name="On this page").bounding_box()
    first, second = (page.locator(".sidenote").nth(i).bounding_box() for i in (0, 1))
    ref = page.locator(".footnote-ref").nth(1).bounding_box()
    assert toc and first and second and ref
    assert first["x"] == toc["x"]  # in the same column
    assert first["y"] >= toc["y"] + toc["height"]  # not over the contents
    assert abs(second["y"] - ref["y"]) < 2  # a note with room beside its reference stays level
    page.close()


@pytest.mark.browser
def test_a_base_table_sorts_by_its_columns(browser: Browser, tmp_path: Path) -> None:
    notes = {
        "Books.md": (
            "# Books\n\n```base\nfilters: 'file.hasTag(\"book\")'\n"
            "views:\n  - type: table\n    order: [file.name, year]\n```\n"
        ),
        "a.md": "---\ntitle: Alpha\ntags: [book]\nyear: 1992\n---\nA.\n",
        "b.md": "---\ntitle: Beta\ntags: [book]\nyear: 1909\n---\nB.\n",
        "c.md": "---\ntitle: Gamma\ntags: [book]\n---\nC.\n",
    }
    root = write_kb(tmp_path / "kb", notes)
    out = tmp_path / "site"
    assert build_site(BuildOptions(root=root, out=out)).written
    page = open_page(browser, (out / "books" / "index.html").as_uri(), 1000, js=True)

    def years() -> list[str]:
        cells = page.locator(".base-view tbody tr td:nth-child(2)")
        return [text.strip() for text in cells.all_inner_texts()]

    assert years() == ["1992", "1909", ""]  # as built: by file name
    page.get_by_role("button", name="year").click()
    assert years() == ["1909", "1992", ""]
    page.get_by_role("button", name="year").click()
    assert years() == ["1992", "1909", ""]  # no year: last either way
    page.close()


# What is drawn in a PNG (given as a data URL), in the boxes given in CSS pixels: for each, its
# columns' counts of pixels unlike the box's top-left one, the background; from them the runs of
# inked columns (a glyph each, or an arrow) in CSS pixels, and the height in device pixels of the
# ink near the right end (an arrow's head) and at the middle (its shaft).
INK = """async ([url, boxes]) => {
  const img = new Image(); img.src = url; await img.decode();
  const canvas = document.createElement('canvas'); canvas.width = img.width; canvas.height = img.height;
  const g = canvas.getContext('2d'); g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, img.width, img.height).data, dpr = devicePixelRatio;
  return boxes.map((b) => {
    const x0 = Math.max(0, Math.floor(b.x * dpr)), x1 = Math.min(img.width, Math.ceil((b.x + b.width) * dpr));
    const y0 = Math.max(0, Math.floor(b.y * dpr)), y1 = Math.min(img.height, Math.ceil((b.y + b.height) * dpr));
    const bg = (y0 * img.width + x0) * 4, cols = [];
    for (let x = x0; x < x1; x++) {
      let n = 0;
      for (let y = y0; y < y1; y++) {
        const i = (y * img.width + x) * 4;
        if (Math.abs(d[i] - d[bg]) + Math.abs(d[i + 1] - d[bg + 1]) + Math.abs(d[i + 2] - d[bg + 2]) > 150) n++;
      }
      cols.push(n);
    }
    const runs = [];
    cols.forEach((n, x) => {
      if (!n) return;
      const last = runs[runs.length - 1];
      if (last && last[1] === x - 1) last[1] = x; else runs.push([x, x]);
    });
    if (!runs.length) return {runs: [], head: 0, shaft: 0};
    const first = runs[0][0], end = runs[runs.length - 1][1], span = end - first + 1;
    const middle = cols.slice(first + Math.floor(span / 3), first + Math.ceil(2 * span / 3)).sort((a, c) => a - c);
    return {
      runs: runs.map(([a, c]) => [a / dpr, (c + 1) / dpr]),
      head: Math.max(...cols.slice(Math.max(first, end + 1 - Math.round(4 * dpr)), end + 1)),
      shaft: middle[Math.floor(middle.length / 2)],
    };
  });
}"""
# the width of a label's text: from the left of its first letter to the right of its last
TEXT_WIDTH = """(e) => {
  const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT), range = document.createRange();
  let left = Infinity, right = -Infinity;
  while (walk.nextNode()) {
    range.selectNodeContents(walk.currentNode);
    const box = range.getBoundingClientRect(); left = Math.min(left, box.left); right = Math.max(right, box.right);
  }
  return right - left;
}"""
SHOWN_ONLY = ".shown-only * { visibility: hidden } .shown-only .shown, .shown-only .shown * { visibility: visible }"
LABELS = ["a", "ab", "heat", "H2O", "reflux", "catalyst", "Pt, 500 K", "quite a long label"]


def ink(page: Page, shown: str, boxes: list[dict[str, float]]) -> list[dict[str, Any]]:
    """The ink in each box (CSS pixels) with only the elements `shown` selects drawn."""
    page.add_style_tag(content=SHOWN_ONLY)
    page.evaluate(f"document.querySelectorAll({shown!r}).forEach((e) => e.classList.add('shown'))")
    page.evaluate("document.body.classList.add('shown-only')")
    shot = base64.b64encode(page.screenshot()).decode()
    page.evaluate("document.body.classList.remove('shown-only')")
    drawn: list[dict[str, Any]] = page.evaluate(INK, [f"data:image/png;base64,{shot}", boxes])
    return drawn


def arrows_page(
    browser: Browser, tmp_path: Path, note: str, width: int, scheme: str, dpr: int
) -> Page:
    root = write_kb(tmp_path / "kb", {"x.md": note})
    out = tmp_path / "site"
    assert build_site(BuildOptions(root=root, out=out)).written
    page = browser.new_page(
        viewport={"width": width, "height": 2400},
        color_scheme=scheme,  # type: ignore[arg-type]
        device_scale_factor=dpr,
    )
    page.goto((out / "x" / "index.html").as_uri())
    return page


@pytest.mark.browser
@pytest.mark.parametrize(
    ("width", "scheme", "dpr"),
    [(1000, "light", 1), (390, "dark", 2), (390, "light", 2), (1000, "dark", 3)],
)
def test_an_arrow_is_drawn_across_its_label_head_and_all(
    browser: Browser, tmp_path: Path, width: int, scheme: str, dpr: int
) -> None:
    """mhchem's `->[heat]` and `\\xrightarrow{long label}`, with labels of many lengths at many
    places in the line: each arrow, drawn by itself (all else hidden), is as wide as its label's text
    and a margin more (it was a short arrow under a label overhanging it), and has its head (at a
    device pixel ratio of 2 and 3 Chromium painted some, by their place in the line, headless)."""
    lines = [
        f"{'w' * (k % 5)}{'i' * (k % 3)} $\\ce{{A ->[{label}] B}}$ or $A \\xrightarrow{{\\text{{{label}}}}} B$."
        for k, label in enumerate(LABELS)
    ]
    page = arrows_page(browser, tmp_path, "\n\n".join(lines) + "\n", width, scheme, dpr)
    arrows = page.locator("article mover")
    assert arrows.count() == 2 * len(LABELS)
    labels = [
        arrows.nth(k).evaluate(f"(e) => ({TEXT_WIDTH})(e.children[1])")
        for k in range(arrows.count())
    ]
    boxes = [arrows.nth(k).bounding_box() for k in range(arrows.count())]
    margin = [{**b, "x": b["x"] - 20, "width": b["width"] + 40} for b in boxes if b]
    drawn = ink(page, "article mover > mo", margin)
    for k, (label, arrow) in enumerate(zip(labels, drawn, strict=True)):
        assert label > 5
        assert arrow["runs"], k
        inked = arrow["runs"][-1][1] - arrow["runs"][0][0]
        assert inked >= label + 4, (k, inked, label)  # the label's width, and a margin
        assert arrow["head"] >= arrow["shaft"] + 2 * dpr, (
            k,
            arrow,
        )  # its head, not the shaft alone
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize(("width", "scheme"), [(1000, "light"), (390, "dark")])
def test_the_rows_of_an_aligned_formula_line_up_where_they_are_aligned(
    browser: Browser, tmp_path: Path, width: int, scheme: str
) -> None:
    """align's `&=` and `&\\propto` (a real vault's proof, ys-zhang/obsidian-vault-research), an
    array's {lr} columns and cases: each row's cell starts (left) or ends (right) where the
    others' do, where Chromium, which reads no columnalign, centred each cell."""
    note = (
        "$$\n\\begin{align}\np(x | y) &= \\frac{P(x, y)}{P(y)} \\\\\n"
        "&\\propto P(y | x) \\cdot P(x) \\\\\n&\\propto \\pi(x)\n\\end{align}\n$$\n\n"
        "$$\n\\begin{array}{lr} a & bbbbbb \\\\ cccccc & d \\end{array}\n$$\n\n"
        "$$\nf(x) = \\begin{cases} 1 & x > 0 \\\\ -100 & \\text{otherwise} \\end{cases}\n$$\n"
    )
    page = arrows_page(browser, tmp_path, note, width, scheme, 1)
    tables = page.locator("article mtable")
    assert tables.count() == 3
    edges = """(t, side) => [...t.querySelectorAll(':scope > mtr')].map(r => {
        const cells = [...r.querySelectorAll(':scope > mtd')];
        return cells.map(c => {
            const kids = [...c.children].filter(k => k.getBoundingClientRect().width > 0);
            const boxes = kids.map(k => k.getBoundingClientRect());
            return [Math.min(...boxes.map(b => b.left)), Math.max(...boxes.map(b => b.right))];
        });
    })"""
    align, array, cases = (tables.nth(k).evaluate(edges) for k in range(3))
    starts = [row[1][0] for row in align]  # the `=` and the `∝`s: the right column's left edge
    assert max(starts) - min(starts) < 1, starts
    assert abs(array[0][0][0] - array[1][0][0]) < 1  # l: the left edges
    assert abs(array[0][1][1] - array[1][1][1]) < 1  # r: the right edges
    assert abs(cases[0][0][0] - cases[1][0][0]) < 1 and abs(cases[0][1][0] - cases[1][1][0]) < 1
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize(("width", "scheme"), [(1000, "light"), (390, "dark")])
def test_a_proof_trees_premises_stand_on_its_line(
    browser: Browser, tmp_path: Path, width: int, scheme: str
) -> None:
    """A bussproofs tree whose premises are a subtree and a leaf: the leaf stands level with the
    subtree's conclusion, on the line (each its bottom at most 6 px above the line's top), where the
    leaf was centred on the subtree, half a row above its conclusion."""
    note = (
        "$$\n\\begin{prooftree}\n\\AXC{$\\Gamma, x:A \\vdash e : B$}\n"
        "\\UIC{$\\Gamma \\vdash \\lambda x.e : A \\to B$}\n\\AXC{$\\Gamma \\vdash a : A$}\n"
        "\\BIC{$\\Gamma \\vdash (\\lambda x.e)\\,a : B$}\n\\end{prooftree}\n$$\n"
    )
    page = arrows_page(browser, tmp_path, note, width, scheme, 1)
    cells = page.locator("article mtd")
    assert cells.count() == 2
    bottoms = [cells.nth(k).evaluate(f"(c) => ({INK_BOTTOM})(c)") for k in range(2)]
    line = page.locator("article mfrac").first.evaluate(
        "(f) => f.lastElementChild.getBoundingClientRect().top"
    )
    assert all(line - 6 <= bottom <= line + 1 for bottom in bottoms), (bottoms, line)
    assert abs(bottoms[0] - bottoms[1]) < 6, bottoms  # (glyphs of other fonts drop lower)
    page.close()


# the lowest bottom of the text drawn in an element (its glyphs' boxes, not its own box)
INK_BOTTOM = """(e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    return Math.max(...[...range.getClientRects()].map(r => r.bottom));
}"""


@pytest.mark.browser
@pytest.mark.parametrize(("width", "dpr"), [(1000, 1), (390, 2)])
def test_mhchem_spaces_its_arrows_and_plus_from_the_species(
    browser: Browser, tmp_path: Path, width: int, dpr: int
) -> None:
    """`\\ce{A -> B}`, `\\ce{A <=> B}`, `\\ce{A + B}` and `\\ce{A ->[heat] B}`: between the ink of
    each species and the operator's a gap of TeX's spacing, as mhchem sets them (a relation's
    0.278em, a binary operator's 0.222em), where the arrows stood tight against their species."""
    formulas = ["A -> B", "A <=> B", "A + B", "A ->[heat] B"]
    note = "\n\n".join(f"Then $\\ce{{{formula}}}$ here." for formula in formulas) + "\n"
    page = arrows_page(browser, tmp_path, note, width, "light", dpr)
    maths = page.locator("article math")
    assert maths.count() == len(formulas)
    em = maths.first.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
    boxes = [maths.nth(k).bounding_box() for k in range(maths.count())]
    # each formula drawn but an arrow's label, which overhangs the species
    shown = "article math, article math :not(mover > :nth-child(2), mover > :nth-child(2) *)"
    for formula, drawn in zip(formulas, ink(page, shown, [b for b in boxes if b]), strict=True):
        runs = drawn["runs"]
        gaps = [after[0] - before[1] for before, after in itertools.pairwise(runs)]
        assert len(runs) == 3, (formula, runs)  # A, the operator, B
        assert min(gaps) >= 0.2 * em, (formula, gaps, em)
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize(("width", "scheme", "dpr"), [(1000, "light", 1), (390, "dark", 2)])
def test_a_charge_is_drawn_with_no_gap_before_its_sign(
    browser: Browser, tmp_path: Path, width: int, scheme: str, dpr: int
) -> None:
    """`\\ce{Cu^2+}`, `\\ce{SO4^2-}`, `\\ce{Fe^{3+}}`, `\\ce{[Cu(NH3)4]^{2+}}`: the charge's digit and
    its sign side by side, as TeX sets them (Chromium spaced the sign as a binary operator: "2 +",
    a gap of about 0.3em between their ink)."""
    formulas = ["Cu^2+", "SO4^2-", "Fe^{3+}", "[Cu(NH3)4]^{2+}"]
    note = "\n\n".join(f"Then $\\ce{{{formula}}}$ here." for formula in formulas) + "\n"
    page = arrows_page(browser, tmp_path, note, width, scheme, dpr)
    em = page.locator("article math").first.evaluate(
        "(e) => parseFloat(getComputedStyle(e).fontSize)"
    )
    charges = page.locator("article msup > :last-child, article msubsup > :last-child")
    assert charges.count() == len(formulas)
    boxes = [charges.nth(k).bounding_box() for k in range(charges.count())]
    margin = [{**b, "x": b["x"] - 4, "width": b["width"] + 8} for b in boxes if b]
    shown = "article :is(msup, msubsup) > :last-child, article :is(msup, msubsup) > :last-child *"
    for formula, drawn in zip(formulas, ink(page, shown, margin), strict=True):
        runs = drawn["runs"]
        assert len(runs) == 2, (formula, runs)  # the digit, the sign
        assert runs[1][0] - runs[0][1] < 0.2 * em, (formula, runs, em)
    page.close()


MERMAID_DOCS = [
    Path(__file__).parent / "fixtures" / "mermaid" / f"{name}.md"
    for name in ("flowcharts", "sequences", "ers")
]
# each group the selector names (a drawn node, a timeline's box): whether its text's box lies in
# its shape's (the group's first element), and the text's and shape's colours
SHAPES_FIT = """(selector) => [...document.querySelectorAll(selector)].map(g => {
  const shape = g.firstElementChild.getBBox(), text = g.querySelector('text').getBBox();
  const inside = text.x >= shape.x - 1 && text.y >= shape.y - 1
    && text.x + text.width <= shape.x + shape.width + 1
    && text.y + text.height <= shape.y + shape.height + 1;
  return [inside, getComputedStyle(g.querySelector('text')).fill,
          getComputedStyle(g.firstElementChild).fill, g.textContent];
})"""


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_flowcharts_text_fits_its_shapes_and_the_page_does_not_scroll_across(
    browser: Browser, tmp_path: Path, scheme: str
) -> None:
    """The widths guessed for a node's text at build time hold in a browser's font (Mermaid's
    docs' flowcharts, sequence and entity relationship diagrams, on a phone: a participant, a
    note, an entity and its attributes), its colours are the theme's, and a chart too wide for
    the page scrolls within its figure."""
    text = "\n\n".join(path.read_text(encoding="utf-8") for path in MERMAID_DOCS)
    root = write_kb(tmp_path / "kb", {"charts.md": f"---\ntitle: Charts\n---\n{text}"})
    assert build_site(BuildOptions(root=root, out=root / "site")).written
    page = open_page(browser, (root / "site" / "charts" / "index.html").as_uri(), 390, scheme)
    nodes = page.evaluate(SHAPES_FIT, "svg.mermaid-chart g.node")
    assert len(nodes) > 120
    assert [label for inside, _, _, label in nodes if not inside] == []
    assert all(ink != ground for _, ink, ground, label in nodes if label)  # (a start has none)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


# each task's name: where it is written (in its bar, or beside it), whether it is there, and its
# colour and its bar's
GANTT_ROWS = """() => [...document.querySelectorAll('svg.mermaid-chart g.gantt-row')].map(g => {
  const bar = g.firstElementChild.getBBox(), text = g.querySelector('text').getBBox();
  const where = g.querySelector('text').getAttribute('text-anchor');
  const placed = where === 'middle'
    ? text.x >= bar.x && text.x + text.width <= bar.x + bar.width
      && text.y >= bar.y - 1 && text.y + text.height <= bar.y + bar.height + 1
    : where === 'start' ? text.x >= bar.x + bar.width : text.x + text.width <= bar.x;
  return [where, placed, getComputedStyle(g.querySelector('text')).fill,
          getComputedStyle(g.firstElementChild).fill, g.textContent];
})"""
# how many charts have two axis labels that overlap
AXIS_OVERLAPS = """() => [...document.querySelectorAll('svg.mermaid-chart')].map(svg => {
  const boxes = [...svg.querySelectorAll('.gantt-axis')].map(t => t.getBBox());
  return boxes.some((b, i) => i && b.x < boxes[i - 1].x + boxes[i - 1].width);
}).filter(Boolean).length"""


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_gantt_charts_names_sit_in_or_beside_their_bars(
    browser: Browser, tmp_path: Path, scheme: str
) -> None:
    """Mermaid's docs' Gantt charts on a phone: a task's name in its bar only when it fits there
    in the browser's font (else beside the bar, clear of it), in a colour of its own against the
    bar's; the axis' labels apart; the chart scrolled within its figure, not the page."""
    text = (Path(__file__).parent / "fixtures" / "mermaid" / "gantts.md").read_text("utf-8")
    root = write_kb(tmp_path / "kb", {"plans.md": f"---\ntitle: Plans\n---\n{text}"})
    assert build_site(BuildOptions(root=root, out=root / "site")).written
    page = open_page(browser, (root / "site" / "plans" / "index.html").as_uri(), 390, scheme)
    rows = page.evaluate(GANTT_ROWS)
    assert len(rows) == 4 + 17 + 3 + 4 + 4
    assert {where for where, *_ in rows} == {"middle", "start", "end"}
    assert [name for _, placed, _, _, name in rows if not placed] == []
    assert all(ink != ground for where, _, ink, ground, _ in rows if where == "middle")
    assert page.evaluate(AXIS_OVERLAPS) == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


# Mermaid's docs' diagrams of a kind (their fixture), the boxed texts drawn in them (their groups'
# classes) and the least number of those a page of them has
BOXED = {
    "timelines": (("timeline-period", "timeline-event", "timeline-section"), 60),
    "gitgraphs": (("gitgraph-name", "gitgraph-tag", "gitgraph-id"), 100),
    "journeys": (("journey-task", "journey-section"), 6),
}


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", sorted(BOXED))
def test_diagrams_texts_fit_their_boxes(
    browser: Browser, tmp_path: Path, kind: str, scheme: str
) -> None:
    """Mermaid's docs' timelines, git graphs and user journeys on a phone: each period's, event's,
    section's and task's text (wrapped at build time), each branch's name, tag and commit id
    inside the box drawn for it in the browser's font, in a colour apart from the box's; the
    page not scrolled across."""
    text = (Path(__file__).parent / "fixtures" / "mermaid" / f"{kind}.md").read_text("utf-8")
    root = write_kb(tmp_path / "kb", {"charts.md": f"---\ntitle: Charts\n---\n{text}"})
    assert build_site(BuildOptions(root=root, out=root / "site")).written
    page = open_page(browser, (root / "site" / "charts" / "index.html").as_uri(), 390, scheme)
    groups, least = BOXED[kind]
    boxes = page.evaluate(SHAPES_FIT, ", ".join(f"svg.mermaid-chart g.{g}" for g in groups))
    assert len(boxes) > least
    assert [label for inside, _, _, label in boxes if not inside] == []
    assert all(ink != ground for _, ink, ground, _ in boxes)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()
