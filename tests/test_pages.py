"""pages.py: the planner decides which pages exist, with which template and context."""

from __future__ import annotations

import json
from pathlib import Path

from notebase.builder.memo import Memo
from notebase.config import Config
from notebase.digests import direct, remade
from notebase.linking.analyses import analyse
from notebase.linking.index import build_index
from notebase.model import Entry, NoteFile, SiteIndex
from notebase.planning.cards import make_cards
from notebase.planning.pages import PageSpec, describe, plan_pages
from notebase.planning.render import create_environment, render_page
from notebase.reading.parse import parse_note
from notebase.urls import site_urls


def note(rel_path: str, text: str) -> Entry:
    result = parse_note(NoteFile(rel_path, text, "d", f"notes/{rel_path}"))
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
        ("ideas/", "folder.html"),
        ("tags/", "terms.html"),
        ("tags/ml/", "term.html"),
        ("tags/optimizers/", "term.html"),
        ("categories/", "terms.html"),
        ("categories/papers/", "term.html"),
        ("sources/", "sources.html"),
        ("sources/arxiv-2502.16982/", "source.html"),
        ("papers.bib", "papers.bib"),
        ("papers/", "papers.html"),
        ("links/", "links.html"),
        ("reading-list/", "reading-list.html"),
        ("quotes/", "quotes.html"),
        ("search/", "search.html"),
        ("404.html", "404.html"),
        ("assets/entries.js", "entries.js"),
        ("feed.xml", "feed.xml"),
        ("rss.xml", "rss.xml"),
        ("tags/ml/feed.xml", "feed.xml"),
        ("tags/ml/rss.xml", "rss.xml"),
        ("tags/optimizers/feed.xml", "feed.xml"),
        ("tags/optimizers/rss.xml", "rss.xml"),
        ("sitemap.xml", "sitemap.xml"),
    ]


def test_sitemap_lists_the_html_pages_only() -> None:
    pages = by_url(plan_pages(small_index(), PUBLISHED))
    assert tuple(url for url, _ in pages["sitemap.xml"].context["pages"]) == (
        "",
        "papers/muon/",
        "links/blog/",
        "links/other/",
        "ideas/idea/",
        "ideas/",
        "tags/",
        "tags/ml/",
        "tags/optimizers/",
        "categories/",
        "categories/papers/",
        "sources/",
        "sources/arxiv-2502.16982/",
        "papers/",
        "links/",
        "reading-list/",
        "quotes/",
        "search/",
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
    assert [c.slug for c in pages["links/"].context["cards"]] == ["links/blog", "links/other"]


def test_feeds_are_capped() -> None:
    pages = by_url(plan_pages(small_index(), Config(feed_entries=1)))
    assert [e.slug for e in pages["feed.xml"].context["entries"]] == ["papers/muon"]
    assert [e.slug for e in pages["tags/ml/feed.xml"].context["entries"]] == ["papers/muon"]
    assert pages["tags/ml/feed.xml"].context["feed_url"] == "tags/ml/feed.xml"
    assert [e.slug for e in pages["tags/ml/rss.xml"].context["entries"]] == ["papers/muon"]
    assert pages["tags/ml/rss.xml"].context["feed_url"] == "tags/ml/rss.xml"


def test_an_empty_site_still_has_its_fixed_pages() -> None:
    pages = plan_pages(build_index([]), Config())
    assert [p.url for p in pages] == [
        "",
        "tags/",
        "categories/",
        "sources/",
        "papers.bib",
        "papers/",
        "links/",
        "reading-list/",
        "quotes/",
        "search/",
        "404.html",
        "assets/entries.js",
        "feed.xml",
        "rss.xml",
    ]


def test_the_site_urls_a_note_may_link_to_are_planned() -> None:
    idx = small_index()
    urls = site_urls(("ml", "optimizers"), ("papers",), ("arxiv-2502.16982",))
    planned = {p.url for p in plan_pages(idx, Config())}
    assert urls <= planned
    assert planned - urls == {
        "papers/muon/",
        "links/blog/",
        "links/other/",
        "ideas/idea/",
        "ideas/",
        "404.html",
        "assets/entries.js",
    }


def test_no_sitemap_without_base_url() -> None:
    assert "sitemap.xml" not in by_url(plan_pages(small_index(), Config()))


def test_entries_data_lists_what_previews_and_offline_search_need(tmp_path: Path) -> None:
    data = by_url(plan_pages(small_index(), PUBLISHED))["assets/entries.js"]
    script = render_page(create_environment(tmp_path), data, PUBLISHED)
    assert isinstance(script, str)
    prefix = "window.NOTEBASE_ENTRIES = "
    muon = json.loads(script[script.index(prefix) + len(prefix) :].rstrip().removesuffix(";"))[0]
    assert muon == {
        "url": "papers/muon/",
        "title": "Muon",
        "kind": "paper",
        "tldr": "Fast.",
        "tags": ["optimizers", "ml"],
        "year": "2025",  # from the date
        "status": "",  # none given: no reading status
        "aliases": [],
    }


def test_entry_page_links_its_source_page_and_carries_its_bibtex() -> None:
    pages = by_url(plan_pages(small_index(), Config()))
    muon = pages["papers/muon/"].context
    assert muon["source_url"] == "sources/arxiv-2502.16982/"
    assert muon["bibtex"] == (
        "@misc{muon2025,\n"
        "  title = {Muon},\n"
        "  year = {2025},\n"
        "  eprint = {2502.16982},\n"
        "  archivePrefix = {arXiv},\n"
        "  url = {https://arxiv.org/abs/2502.16982},\n"
        "}\n"
    )
    blog = pages["links/blog/"].context
    assert (blog["source_url"], blog["bibtex"]) == ("", "")  # a web page only one note knows


def test_source_page_shows_who_discusses_quotes_and_links_it() -> None:
    index = build_index(
        [
            note(
                "papers/muon.md",
                "---\ntitle: Muon notes\narxiv: 2502.16982\nsource_title: Muon is Scalable\n"
                "authors: [Jingyuan Liu]\n---\n> Scales.\n",
            ),
            note(
                "ideas/idea.md", "---\ntitle: Idea\n---\nSee https://arxiv.org/pdf/2502.16982v2.\n"
            ),
            note(
                "ideas/other.md", "---\ntitle: Other\nurl: https://arxiv.org/abs/2502.16982\n---\n"
            ),
        ]
    )
    page = by_url(plan_pages(index, Config()))["sources/arxiv-2502.16982/"].context
    source = page["source"]
    assert page["title"] == "Muon is Scalable"
    assert (source.title, source.authors, source.year) == (
        "Muon is Scalable",
        ("Jingyuan Liu",),
        "2025",
    )
    assert [c.slug for c in source.discussed] == ["papers/muon", "ideas/other"]  # index order
    assert [c.slug for c in source.linked] == ["ideas/idea"]
    assert [(q.text, c.slug) for q, c in source.quotes] == [("Scales.", "papers/muon")]
    assert source.cite_key == "liu2025muon"


def test_bibliography_holds_every_paper_by_citation_key() -> None:
    index = build_index(
        [
            note("a.md", "---\ntitle: Zeta\ndoi: 10.1000/x_y\nyear: 2020\n---\n"),
            note("b.md", "---\ntitle: Alpha\narxiv: 1802.09568\n---\n"),
            note("c.md", "---\ntitle: Web\nurl: https://example.com/\n---\n"),
        ]
    )
    text = by_url(plan_pages(index, Config()))["papers.bib"].context["bibliography"]
    assert text == (
        "@misc{alpha2018,\n  title = {Alpha},\n  year = {2018},\n  eprint = {1802.09568},\n"
        "  archivePrefix = {arXiv},\n  url = {https://arxiv.org/abs/1802.09568},\n}\n"
        "\n"
        "@misc{zeta2020,\n  title = {Zeta},\n  year = {2020},\n  doi = {10.1000/x_y},\n"
        "  url = {https://doi.org/10.1000/x_y},\n}\n"
    )


def test_reading_list_groups_by_status_to_read_first() -> None:
    index = build_index(
        [
            note("a.md", "---\ntitle: A\nstatus: read\n---\n"),
            note("b.md", "---\ntitle: B\nstatus: reading\n---\n"),
            note("c.md", "---\ntitle: C\nstatus: to-read\n---\n"),
            note("d.md", "---\ntitle: D\nstatus: to-read\n---\n"),
        ]
    )
    groups = by_url(plan_pages(index, Config()))["reading-list/"].context["groups"]
    assert [(status, [c.slug for c in cards]) for status, cards in groups] == [
        ("to-read", ["c", "d"]),
        ("reading", ["b"]),
        ("read", ["a"]),
    ]


def test_entry_page_shows_mentions_related_and_its_neighbourhood() -> None:
    index = build_index(
        [
            note("muon.md", "---\ntitle: Muon\ntags: [opt]\n---\nLinks [[Shampoo]].\n"),
            note("shampoo.md", "---\ntitle: Shampoo\ntags: [opt]\n---\nOlder than Muon.\n"),
            note(
                "soap.md", "---\ntitle: SOAP\n---\nShampoo, then Muon, in a note about [[Muon]].\n"
            ),
        ]
    )
    muon = by_url(plan_pages(analyse(index), Config()))["muon/"].context
    assert [(c.slug, m.excerpt) for c, m in muon["mentions"]] == [("shampoo", "Older than Muon.")]
    assert muon["mention_total"] == 1
    assert [c.slug for c in muon["related"]] == ["shampoo", "soap"]  # a shared tag ranks first
    assert muon["graph"] is None  # two neighbours: the lists of links show them already
    index = build_index(
        [*index.entries, note("adam.md", "---\ntitle: Adam\n---\nBefore [[Muon]].\n")]
    )
    graph = by_url(plan_pages(index, Config()))["muon/"].context["graph"].layout()
    assert [(n.slug, n.relation) for n in graph.nodes] == [
        ("muon", "centre"),
        ("shampoo", "out"),
        ("adam", "in"),
        ("soap", "in"),
    ]
    assert (
        by_url(plan_pages(build_index([note("a.md", "alone")]), Config()))["a/"].context["graph"]
        is None
    )


def test_a_card_is_keyed_by_its_entry() -> None:
    entries = small_index().entries
    first = make_cards(entries)
    retitled = remade(entries[0], title="Another title")
    second = make_cards((retitled, *entries[1:]))
    assert second[entries[1].slug].content_key == first[entries[1].slug].content_key
    assert second[entries[0].slug].content_key != first[entries[0].slug].content_key
    assert second[entries[0].slug].title == "Another title"
    assert first[entries[0].slug].title == entries[0].title


def plan_with(entries: list[Entry], memo: Memo | None) -> dict[str, PageSpec]:
    apply = memo if memo else direct
    index = build_index(entries, apply=apply)
    return by_url(plan_pages(index, Config(), make_cards(index.entries), apply))


def plan_twice(first: list[Entry], second: list[Entry]) -> tuple[dict[str, PageSpec], ...]:
    """The pages of `first`, then of `second` planned through the memo of the first, and `second`
    planned afresh."""
    memo = Memo()
    before = plan_with(first, memo)
    after = plan_with(second, memo.next_generation())
    return before, after, plan_with(second, None)


def test_an_entry_page_planned_from_the_same_inputs_is_planned_alike() -> None:
    entries = list(small_index().entries)
    before, after, fresh = plan_twice(entries, entries)
    assert after["ideas/idea/"] == before["ideas/idea/"]
    assert after == fresh


def test_a_page_showing_an_entry_whose_card_changed_is_planned_again() -> None:
    entries = list(small_index().entries)
    muon = next(e for e in entries if e.slug == "papers/muon")
    retitled = [remade(muon, title="Muon optimiser") if e is muon else e for e in entries]
    before, after, fresh = plan_twice(entries, retitled)
    assert after["links/blog/"] != before["links/blog/"]  # links to Muon
    assert after["links/other/"] == before["links/other/"]  # shows nothing of Muon
    assert after == fresh
    assert after["links/blog/"].context["outlinks"][0].title == "Muon optimiser"


def test_a_page_whose_backlinks_changed_is_planned_again() -> None:
    entries = list(small_index().entries)
    other = next(e for e in entries if e.slug == "links/other")
    linking = note("links/other.md", "---\ntitle: Other blog\ndate: 2025-03-01\n---\n[[Idea]]\n")
    before, after, fresh = plan_twice(entries, [linking if e is other else e for e in entries])
    assert after["ideas/idea/"] != before["ideas/idea/"]
    assert [c.slug for c in after["ideas/idea/"].context["backlinks"]] == [
        "papers/muon",
        "links/other",
    ]
    assert after == fresh


def test_a_source_linked_by_an_entry_whose_card_changed_is_made_again() -> None:
    source = "https://example.org/essay"
    a = note("a.md", f"---\ntitle: A\nurl: {source}\n---\nAn essay.\n")
    b = note("b.md", f"---\ntitle: B\n---\nSee {source}.\n")
    before, after, fresh = plan_twice([a, b], [a, remade(b, title="Bee")])
    url = next(u for u in before if u.startswith("sources/") and u != "sources/")
    assert after[url] != before[url]
    assert [c.title for c in after[url].context["source"].linked] == ["Bee"]
    assert after == fresh
    unchanged = plan_twice([a, b], [a, b])
    assert unchanged[1][url].context["source"] == unchanged[0][url].context["source"]


def test_a_source_whose_note_was_retitled_is_titled_again() -> None:
    a = note("a.md", "---\ntitle: A\nurl: https://example.org/essay\n---\nAn essay.\n")
    b = note("b.md", "---\ntitle: B\n---\nSee https://example.org/essay.\n")
    before, after, fresh = plan_twice([a, b], [remade(a, title="Essay"), b])
    assert [s.title for s in before["sources/"].context["sources"]] == ["A"]
    assert [s.title for s in after["sources/"].context["sources"]] == ["Essay"]
    assert after == fresh


def test_a_description_is_the_meta_and_the_card_summary_without_a_tldr() -> None:
    entries = [
        note("a.md", "---\ntitle: A\ndescription: Fish & chips.\ncssclasses: wide\n---\nBody.\n"),
        note("b.md", "---\ntitle: B\ndescription: Not shown.\ntldr: Shown.\n---\nBody.\n"),
    ]
    cards = make_cards(entries)
    assert (cards["a"].tldr_text, cards["a"].tldr_html) == ("Fish & chips.", "Fish &amp; chips.")
    assert cards["b"].tldr_text == "Shown."
    pages = by_url(plan_pages(build_index(entries), Config()))
    assert pages["a/"].context["description"] == "Fish & chips."
    assert pages["a/"].context["body_class"] == "wide"
    assert pages["b/"].context["description"] == "Not shown."


def test_an_entry_without_a_tldr_is_described_by_its_first_paragraph() -> None:
    quoted = note(
        "a.md", "---\ntitle: A\n---\n> A quote first.\n\n- a list\n\nThe *first* words.\n"
    )
    assert describe(quoted) == "The first words."
    image_only = note("b.md", "---\ntitle: B\n---\n![x](x.png)\n\nThen [[prose]] here.\n")
    assert describe(image_only) == "Then prose here."
    assert describe(note("c.md", "---\ntitle: C\n---\n```\ncode\n```\n")) == ""
    listed = note("f.md", "---\ntitle: F\n---\n## Parts\n\n- one\n- two\n\n```\ncode\n```\n")
    assert describe(listed) == "Parts one two"  # no paragraph: the text but code
    long = note("d.md", "---\ntitle: D\n---\n" + "word " * 100 + "\n")
    cut = describe(long)
    assert cut.endswith("word…") and len(cut) <= 200
    assert describe(note("e.md", "---\ntitle: E\ntldr: Short.\n---\nBody text.\n")) == "Short."


def test_quotes_are_grouped_by_their_entry_in_index_order() -> None:
    index = build_index(
        [
            note("new.md", "---\ntitle: New\ndate: 2025-02-01\n---\n> one\n\n> two\n"),
            note("none.md", "---\ntitle: None\ndate: 2025-01-15\n---\nNo quote.\n"),
            note("old.md", "---\ntitle: Old\ndate: 2025-01-01\n---\n> three\n"),
        ]
    )
    context = by_url(plan_pages(index, Config()))["quotes/"].context
    groups = [(card.slug, [q.text for q in quotes]) for card, quotes in context["groups"]]
    assert groups == [("new", ["one", "two"]), ("old", ["three"])]
    assert len(context["quotes"]) == 3


def vault_pages(*notes: tuple[str, str]) -> dict[str, PageSpec]:
    return by_url(plan_pages(build_index([note(path, text) for path, text in notes]), Config()))


GARDEN = (
    ("index.md", "---\ntitle: Welcome\n---\nMy garden. See [[SVM]] and [home](/).\n"),
    ("ML/index.md", "---\ntitle: Machine learning\n---\nAll about ML.\n"),
    (
        "ML/SVM.md",
        "# SVM\n\n## One\n\n## Two\n\n### Three\n\nBack [[Welcome]], [home](../index.md).\n",
    ),
    ("ML/Deep Learning/CNN.md", "# CNN\n\n## Only one heading\n"),
    ("Misc/Note.md", "Plain.\n"),
)


def test_a_root_index_note_is_the_home_page_not_a_page_of_its_own() -> None:
    pages = vault_pages(*GARDEN)
    home = pages[""].context
    assert home["entry"].title == "Welcome" and "My garden" in home["entry"].body_html
    assert "index/" not in pages and all(p.template != "entry.html" for p in [pages[""]])
    assert [c.slug for c in home["recent"]] == ["ml/deep-learning/cnn", "ml", "misc/note", "ml/svm"]
    assert [f.url for f in home["folders"]] == ["misc/", "ml/"]


def test_a_note_with_a_permalink_to_the_root_is_the_home_page() -> None:
    """Obsidian Publish's home note (`permalink: /`, the Obsidian Help vault's Home.md)."""
    pages = vault_pages(
        ("Start/Home.md", "---\npermalink: /\n---\n# Welcome\n\nHi.\n"),
        ("Misc/Note.md", "Plain.\n"),
    )
    home = pages[""].context
    assert home["entry"].title == "Welcome" and "<p>Hi.</p>" in home["entry"].body_html
    assert "start/home/" not in pages
    assert [c.slug for c in home["recent"]] == ["misc/note"]


def test_links_to_the_root_index_lead_home() -> None:
    index = build_index([note(path, text) for path, text in GARDEN])
    assert index.link_targets["ml/svm"] == ("/", "/")  # [[Welcome]], [home](../index.md)
    assert index.link_targets[""] == ("ml/svm", "/")
    assert not [d for d in index.diagnostics if d.code == "broken-link"]


def test_each_folder_has_a_page_or_is_its_index_notes_page() -> None:
    pages = vault_pages(*GARDEN)
    deep = pages["ml/deep-learning/"]
    assert deep.template == "folder.html"
    assert [c.slug for c in deep.context["folder"].cards] == ["ml/deep-learning/cnn"]
    assert [c.title for c in deep.context["crumbs"]] == ["ML"]
    ml = pages["ml/"]
    assert ml.template == "entry.html" and ml.context["entry"].title == "Machine learning"
    assert [c.slug for c in ml.context["folder"].cards] == ["ml/svm"]
    assert [f.url for f in ml.context["folder"].subfolders] == ["ml/deep-learning/"]
    assert pages["misc/"].template == "folder.html"
    assert pages["ml/svm/"].context["folder"] is None


def test_entry_pages_have_breadcrumbs_and_long_ones_a_table_of_contents() -> None:
    pages = vault_pages(*GARDEN)
    cnn = pages["ml/deep-learning/cnn/"].context
    assert [(c.title, c.url) for c in cnn["crumbs"]] == [
        ("ML", "ml/"),
        ("Deep Learning", "ml/deep-learning/"),
    ]
    assert cnn["toc"] == ()  # one heading: no table of contents
    toc = pages["ml/svm/"].context["toc"]
    assert [(h.level, h.html, h.anchor) for h in toc] == [
        (2, "One", "one"),
        (2, "Two", "two"),
        (3, "Three", "three"),
    ]


def test_a_table_of_contents_shows_headings_as_they_read_without_their_links() -> None:
    text = "## The $x$ rule\n\n## A [[B]] and [c](https://c.org)[^1]\n\n### <b id=x>\n\n[^1]: F.\n"
    pages = vault_pages(("a.md", text), ("b.md", "# B\n"))
    toc = pages["a/"].context["toc"]
    assert "<math" in toc[0].html and "$" not in toc[0].html
    assert toc[1].html == "A B and c"
    assert toc[2].html == "<b></b>"  # a tag keeps none of its attributes (html_tag)


def test_the_nav_names_only_the_collections_with_entries() -> None:
    garden = vault_pages(*GARDEN)
    assert all(
        tuple(spec.context["nav"]) == () for spec in garden.values() if spec.url.endswith("/")
    )
    tagged = vault_pages(("a.md", "---\ntags: [x]\nstatus: to-read\n---\n> a quote\n"))
    assert tuple(tagged[""].context["nav"]) == (
        ("quotes/", "Quotes"),
        ("reading-list/", "Reading list"),
        ("tags/", "Tags"),
    )
    full = by_url(plan_pages(small_index(), Config()))
    assert [label for _, label in full["papers/muon/"].context["nav"]] == [
        "Papers",
        "Links",
        "Quotes",
        "Sources",
        "Tags",
        "Categories",
    ]


def test_only_notes_with_a_status_are_on_the_reading_list() -> None:
    pages = vault_pages(("a.md", "---\nstatus: reading\n---\n"), ("b.md", "B.\n"))
    groups = dict(pages["reading-list/"].context["groups"])
    assert [c.slug for c in groups["reading"]] == ["a"]
    assert groups["read"] == () and groups["to-read"] == ()
