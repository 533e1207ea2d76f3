"""pages.py: the planner decides which pages exist, with which template and context."""

from __future__ import annotations

from dataclasses import replace

from notebase.config import Config
from notebase.index import build_index
from notebase.model import Entry, SiteIndex, Source
from notebase.pages import PageSpec, make_cards, plan_pages
from notebase.parse import parse_source


def note(rel_path: str, text: str) -> Entry:
    result = parse_source(Source(rel_path, text, "d", f"notes/{rel_path}"))
    assert result.entry is not None, result.diagnostics
    return result.entry


def small_index() -> SiteIndex:
    return build_index(
        [
            note(
                "papers/muon.md",
                "---\ntitle: Muon\nurl: https://arxiv.org/abs/2502.16982\ndate: 2025-06-03\n"
                "tags: [optimizers, ml]\ncategory: papers\ntldr: Fast.\n---\n> quoted\n\n[[Idea]]\n",
            ),
            note(
                "links/blog.md",
                "---\ntitle: Blog\nurl: https://sander.ai/x\ndate: 2025-04-01\ntags: [ml]\n---\n[[Muon]]\n",
            ),
            note(
                "links/other.md",
                "---\ntitle: Other blog\nurl: https://www.sander.ai/y\ndate: 2025-03-01\n---\n",
            ),
            note("ideas/idea.md", "---\ntitle: Idea\narxiv: 2502.16982\n---\nSame paper.\n"),
        ]
    )


def by_url(pages: tuple[PageSpec, ...]) -> dict[str, PageSpec]:
    return {p.url: p for p in pages}


PUBLISHED = Config(base_url="https://notes.example.org")


def test_every_page_of_a_small_site_in_order() -> None:
    pages = plan_pages(small_index(), PUBLISHED)
    assert [(p.url, p.template) for p in pages] == [
        ("", "home.html"),
        ("papers/muon/", "entry.html"),
        ("links/blog/", "entry.html"),
        ("links/other/", "entry.html"),
        ("ideas/idea/", "entry.html"),
        ("tags/", "terms.html"),
        ("tags/ml/", "term.html"),
        ("tags/optimizers/", "term.html"),
        ("categories/", "terms.html"),
        ("categories/papers/", "term.html"),
        ("papers/", "papers.html"),
        ("links/", "links.html"),
        ("quotes/", "quotes.html"),
        ("404.html", "404.html"),
        ("assets/entries.js", "entries.js"),
        ("feed.xml", "feed.xml"),
        ("tags/ml/feed.xml", "feed.xml"),
        ("tags/optimizers/feed.xml", "feed.xml"),
        ("sitemap.xml", "sitemap.xml"),
    ]


def test_sitemap_lists_the_html_pages_only() -> None:
    pages = by_url(plan_pages(small_index(), PUBLISHED))
    assert pages["sitemap.xml"].context["urls"] == (
        "",
        "papers/muon/",
        "links/blog/",
        "links/other/",
        "ideas/idea/",
        "tags/",
        "tags/ml/",
        "tags/optimizers/",
        "categories/",
        "categories/papers/",
        "papers/",
        "links/",
        "quotes/",
    )


def test_home_counts_and_recent() -> None:
    home = by_url(plan_pages(small_index(), Config(recent=2)))[""]
    assert home.context["counts"] == {
        "entries": 4,
        "papers": 2,
        "links": 2,
        "notes": 0,
        "quotes": 1,
        "tags": 2,
    }
    assert [c.slug for c in home.context["recent"]] == ["papers/muon", "links/blog"]
    assert home.context["top_tags"] == (("ml", 2), ("optimizers", 1))


def test_entry_page_context() -> None:
    pages = by_url(plan_pages(small_index(), Config()))
    muon = pages["papers/muon/"].context
    assert muon["title"] == "Muon"
    assert muon["description"] == "Fast."
    assert muon["entry"].slug == "papers/muon"
    assert [c.slug for c in muon["outlinks"]] == ["ideas/idea"]
    assert [c.slug for c in muon["backlinks"]] == ["links/blog"]
    assert [c.slug for c in muon["also"]] == ["ideas/idea"]  # same arXiv id
    card = muon["backlinks"][0]
    assert (card.url, card.title, card.kind, card.date, card.domain) == (
        "links/blog/",
        "Blog",
        "link",
        "2025-04-01",
        "sander.ai",
    )
    assert pages["links/other/"].context["also"] == ()


def test_term_pages() -> None:
    pages = by_url(plan_pages(small_index(), Config()))
    assert pages["tags/"].context["terms"] == (("ml", 2), ("optimizers", 1))
    ml = pages["tags/ml/"].context
    assert (ml["title"], ml["term"], ml["base"]) == ("Tag: ml", "ml", "tags")
    assert [c.slug for c in ml["cards"]] == ["papers/muon", "links/blog"]
    assert pages["categories/papers/"].context["title"] == "Category: papers"


def test_papers_and_links_pages() -> None:
    pages = by_url(plan_pages(small_index(), Config()))
    assert [c.slug for c in pages["papers/"].context["cards"]] == ["papers/muon", "ideas/idea"]
    domains = pages["links/"].context["domains"]
    assert [(d, [c.slug for c in cards]) for d, cards in domains] == [
        ("sander.ai", ["links/blog", "links/other"])
    ]


def test_feeds_are_capped() -> None:
    pages = by_url(plan_pages(small_index(), Config(feed_entries=1)))
    assert [e.slug for e in pages["feed.xml"].context["entries"]] == ["papers/muon"]
    assert [e.slug for e in pages["tags/ml/feed.xml"].context["entries"]] == ["papers/muon"]
    assert pages["tags/ml/feed.xml"].context["feed_url"] == "tags/ml/feed.xml"


def test_an_empty_site_still_has_its_fixed_pages() -> None:
    pages = plan_pages(build_index([]), Config())
    assert [p.url for p in pages] == [
        "",
        "tags/",
        "categories/",
        "papers/",
        "links/",
        "quotes/",
        "404.html",
        "assets/entries.js",
        "feed.xml",
    ]


def test_no_sitemap_without_base_url() -> None:
    assert "sitemap.xml" not in by_url(plan_pages(small_index(), Config()))


def test_entries_data_lists_what_previews_and_offline_search_need() -> None:
    data = by_url(plan_pages(small_index(), PUBLISHED))["assets/entries.js"]
    muon = data.context["rows"][0]
    assert muon == {
        "url": "papers/muon/",
        "title": "Muon",
        "kind": "paper",
        "tldr": "Fast.",
        "tags": ["optimizers", "ml"],
        "year": "2025",  # from the date
        "status": "read",  # the default
        "aliases": [],
    }


def test_an_entry_carded_by_the_last_build_gets_the_same_card() -> None:
    entries = small_index().entries
    first, memo = make_cards(entries, {})
    retitled = replace(entries[0], title="Another title")
    second, _ = make_cards((retitled, *entries[1:]), memo)
    assert second[entries[1].slug] is first[entries[1].slug]
    assert second[entries[0].slug].title == "Another title"
    assert first[entries[0].slug].title == entries[0].title
