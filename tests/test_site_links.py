"""The repository's example knowledge base builds into a site whose every internal link resolves."""

from __future__ import annotations

import posixpath
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tests.sitescan import scan_site, unbalanced_tags

LINK_ATTRS = {("a", "href"), ("link", "href"), ("img", "src"), ("script", "src"), ("source", "src")}
EXTERNAL = ("http:", "https:", "mailto:")


class PageScan(HTMLParser):
    """Every link target and every element id of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
            if (tag, name) in LINK_ATTRS and value is not None:
                self.links.append(value)


@pytest.fixture(scope="module")
def site(example_site: Path) -> Path:
    return example_site


@pytest.fixture(scope="module")
def scans(site: Path) -> dict[str, PageScan]:
    found = {}
    for page in sorted(site.rglob("*.html")):
        scan = PageScan()
        scan.feed(page.read_text(encoding="utf-8"))
        found[page.relative_to(site).as_posix()] = scan
    return found


def resolve(page: str, href: str) -> tuple[str, str]:
    """The site file a relative href from `page` points at, and its fragment."""
    parts = urlsplit(href)
    assert not parts.scheme and not parts.netloc, f"{page}: unexpected link {href!r}"
    path = unquote(parts.path)
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    if path.endswith("/") or target == ".":
        target = posixpath.join(target, "index.html") if target != "." else "index.html"
    return target, parts.fragment


def internal_links(scans: dict[str, PageScan]) -> list[tuple[str, str]]:
    return [
        (page, href)
        for page, scan in scans.items()
        for href in scan.links
        if not href.startswith(EXTERNAL) and not href.startswith("#")
    ]


def test_every_internal_link_and_fragment_resolves(site: Path, scans: dict[str, PageScan]) -> None:
    links = internal_links(scans)
    assert len(links) > 100  # the walk really saw the site
    broken = []
    for page, href in links:
        target, fragment = resolve(page, href)
        if target.startswith("../") or not (site / target).is_file():
            if not (site / target).is_dir() or not (site / target / "index.html").is_file():
                broken.append(f"{page}: {href} -> {target} (missing)")
            continue
        if fragment and fragment not in scans[target].ids:
            broken.append(f"{page}: {href} -> #{fragment} is not an id in {target}")
    assert broken == []


def test_same_page_fragments_exist(scans: dict[str, PageScan]) -> None:
    missing = [
        f"{page}: {href}"
        for page, scan in scans.items()
        for href in scan.links
        if href.startswith("#") and href[1:] not in scan.ids
    ]
    assert missing == []


def test_no_unsafe_or_empty_link(scans: dict[str, PageScan]) -> None:
    bad = [
        f"{page}: {href!r}"
        for page, scan in scans.items()
        for href in scan.links
        if not href.strip() or href.lower().startswith(("javascript:", "data:", "vbscript:", "//"))
    ]
    assert bad == []


def test_no_live_markup_and_every_page_balanced(site: Path) -> None:
    assert scan_site(site, base_url="https://notes.example.org") == []  # the example's base_url
    pages = {
        p.relative_to(site).as_posix(): p.read_text(encoding="utf-8") for p in site.rglob("*.html")
    }
    assert {
        rel: unbalanced_tags(html) for rel, html in pages.items() if unbalanced_tags(html)
    } == {}


def test_every_page_type_exists(site: Path) -> None:
    for rel in [
        "index.html",
        "404.html",
        "papers/muon/index.html",
        "papers/shampoo/index.html",
        "links/latent-space/index.html",
        "ideas/optimizer-landscape/index.html",
        "tags/index.html",
        "tags/ml/index.html",
        "tags/optimizers/index.html",
        "tags/generative-models/index.html",
        "tags/second-order/index.html",
        "categories/index.html",
        "categories/papers/index.html",
        "categories/links-and-recs/index.html",
        "papers/index.html",
        "links/index.html",
        "feed.xml",
        "tags/ml/feed.xml",
        "tags/optimizers/feed.xml",
        "tags/generative-models/feed.xml",
        "tags/second-order/feed.xml",
        "sitemap.xml",
        "assets/style.css",
        "assets/pygments.css",
    ]:
        assert (site / rel).is_file(), rel
    assert not (site / "ideas" / "half-finished").exists()  # a draft
    assert not (site / "tags" / "ideas").exists()  # the draft's only tag


def listed_terms(site: Path, base: str) -> list[str]:
    """The terms the tags/ or categories/ index page links to."""
    scan = PageScan()
    scan.feed((site / base / "index.html").read_text(encoding="utf-8"))
    prefix = "../" + base + "/"
    return sorted(
        h[len(prefix) :].split("/")[0]
        for h in scan.links
        if h.startswith(prefix) and h != prefix + "index.html"
    )


def test_every_tag_and_category_has_its_page_and_every_tag_its_feed(site: Path) -> None:
    tags = listed_terms(site, "tags")
    assert {"generative-models", "ml", "optimizers", "second-order"} <= set(tags)
    assert "ideas" not in tags
    assert sorted(p.parent.name for p in (site / "tags").glob("*/index.html")) == tags
    for tag in tags:
        assert (site / "tags" / tag / "feed.xml").is_file(), tag
    categories = listed_terms(site, "categories")
    assert {"links-and-recs", "papers"} <= set(categories)
    assert sorted(p.parent.name for p in (site / "categories").glob("*/index.html")) == categories


ATOM = "{http://www.w3.org/2005/Atom}"


def test_feeds_parse_as_atom(site: Path) -> None:
    feeds = sorted(site.rglob("feed.xml"))
    assert len(feeds) == 1 + len(listed_terms(site, "tags"))
    for feed in feeds:
        root = ET.parse(feed).getroot()
        assert root.tag == f"{ATOM}feed", feed
        entries = root.findall(f"{ATOM}entry")
        assert entries, feed
        for entry in entries:
            assert entry.findtext(f"{ATOM}title")
            assert entry.find(f"{ATOM}link") is not None
    titles = {
        e.findtext(f"{ATOM}title")
        for e in ET.parse(site / "feed.xml").getroot().iter(f"{ATOM}entry")
    }
    assert {
        "Muon optimizer",
        "Shampoo: Preconditioned Stochastic Tensor Optimization",
        "Generative modelling in latent space",
        "Optimizer landscape",
    } <= titles
    assert "A thought not ready yet" not in titles  # the draft


def test_sitemap_parses_and_lists_existing_pages(site: Path) -> None:
    root = ET.parse(site / "sitemap.xml").getroot()
    ns = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
    assert root.tag == f"{ns}urlset"
    locs = [loc.text or "" for loc in root.iter(f"{ns}loc")]
    base = "https://notes.example.org/"  # the example's base_url
    assert f"{base}papers/muon/" in locs and f"{base}tags/ml/" in locs
    for loc in locs:
        assert loc.startswith(base), loc
        assert (site / loc.removeprefix(base) / "index.html").is_file(), loc
