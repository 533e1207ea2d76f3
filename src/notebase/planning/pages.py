"""SiteIndex + Config -> PageSpec*: a pure planner of every page, its template and its context."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from notebase.config import Config
from notebase.diagnostics import Diagnostic
from notebase.digests import Apply, digest_value, direct
from notebase.markdown.text import html_to_text
from notebase.model import Entry, EntryKind, Mentions, SiteIndex, Status
from notebase.planning.cards import Card, make_cards
from notebase.planning.folderpages import (
    Folder,
    FolderLink,
    breadcrumbs,
    collect_folders,
    folder_collisions,
)
from notebase.planning.graph import MIN_NEIGHBOURS, GraphPlan, linked_pairs, neighbourhood
from notebase.planning.sourcepages import SourceInfo, bibliography, collect_sources
from notebase.reading.sourcerefs import source_label
from notebase.records import fast_pickling
from notebase.slugs import page_url
from notebase.urls import BIBLIOGRAPHY, FEED, RSS, SOURCES, site_urls

ENTRIES_DATA = "assets/entries.js"
ENTRY_PAGE = "entry_page"  # an entry page's context holds its EntryPage (kept for delta builds)
NO_MENTIONS = Mentions(0, ())
DESCRIPTION_CHARS = 200  # of a page's meta description (search engines show about 160)
# what a note's first paragraph is not taken from: quotes, lists, code, tables, footnotes
NOT_PROSE = re.compile(r"<(blockquote|ul|ol|pre|table|section|figure)\b.*?</\1>", re.S)
CODE = re.compile(r"<pre\b.*?</pre>", re.S)
# what the build shows in a note that is none of its text: an Obsidian base's view (bases.py)
NOT_OWN = re.compile(r'<div class="base-view"[^>]*>.*?</div>\n', re.S)
PARAGRAPH = re.compile(r"<p>(.*?)</p>", re.S)
# the collections the site's navigation names, each shown only when it has something to list
COLLECTIONS = (
    ("papers/", "Papers"),
    ("links/", "Links"),
    ("quotes/", "Quotes"),
    (SOURCES, "Sources"),
    ("reading-list/", "Reading list"),
    ("tags/", "Tags"),
    ("categories/", "Categories"),
)
TOC_HEADINGS = 2  # an entry with this many headings or more gets a table of contents


@fast_pickling
@dataclass(frozen=True, slots=True)
class Nav:
    """(URL, label) of each collection the navigation shows; on every page, so digested once."""

    links: tuple[tuple[str, str], ...]
    content_key: str = field(default="", compare=False)

    def __iter__(self) -> Iterator[tuple[str, str]]:  # templates: {% for url, label in nav %}
        return iter(self.links)

    def __len__(self) -> int:
        return len(self.links)


@fast_pickling
@dataclass(frozen=True, slots=True)
class PageSpec:
    url: str  # site-relative URL path: "", "tags/ml/", "feed.xml"
    template: str
    context: dict[str, Any]
    # a digest of what the page was made from, when it was made from declared inputs alone (an
    # entry's page): its fingerprint is taken from this, not from a walk of the context
    content_key: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Around:
    """What every entry page is planned from besides its entry: made once a build."""

    index: SiteIndex
    cards: dict[str, Card]
    sources: dict[str, SourceInfo]
    folders: dict[str, Folder]
    nav: Nav
    discussed: dict[str, tuple[str, ...]]  # source key -> the entries whose sources include it


def plan_pages(
    index: SiteIndex, config: Config, cards: dict[str, Card] | None = None, apply: Apply = direct
) -> tuple[PageSpec, ...]:
    """Every page of the site, in a fixed order (given the entries' cards, or making them); the
    costly parts of an entry's page (its description, contents, graph) made through `apply`."""
    cards = cards if cards is not None else make_cards(index.entries)
    sources = collect_sources(index, cards, apply)
    folders, nav = apply.call(collect_folders, index.entries), plan_nav(index, sources)
    discussed = {ref.key: slugs for ref, slugs in index.sources}
    described = {(kind, name): text for kind, name, text in config.descriptions}
    around = Around(index, cards, sources, folders, nav, discussed)
    entry_pages = [plan_entry(e, around, apply) for e in index.entries if e.slug]
    listings = [
        plan_home(index, cards, config, folders[""]),
        *plan_folders(folders, index, cards),
        *plan_taxonomy("tags", "Tags", index.tags, cards, described, index.by_slug),
        *plan_taxonomy("categories", "Categories", index.categories, cards, described),
        *plan_source_pages(sources),
        plan_papers(index, cards),
        plan_links(index, cards),
        plan_reading_list(index, cards),
        plan_quotes(index, cards),
        PageSpec("search/", "search.html", {"title": "Search"}),
        PageSpec("404.html", "404.html", {"title": "Not found"}),
    ]
    pages = [with_nav(listings[0], nav), *entry_pages]
    pages += [with_nav(spec, nav) for spec in listings[1:]]
    pages += [plan_entries_data(index, cards), *plan_feeds(index, config)]
    if config.base_url:  # a sitemap lists absolute URLs, so it needs to know where the site lives
        pages.append(plan_sitemap(pages, index))
    return tuple(pages)


def last_changed(entry: Entry) -> str:
    """When the note last changed, as it says (`modified:`/`updated:`, else `date:`); '' unsaid."""
    day = entry.updated or entry.date
    return day.isoformat() if day else ""


def plan_sitemap(pages: Sequence[PageSpec], index: SiteIndex) -> PageSpec:
    """Every HTML page with its lastmod: an entry's page when its note changed, a listing of cards
    when the newest of them did, any other page when the newest note did (none when no note says)."""
    changed = {e.slug: last_changed(e) for e in index.entries}
    newest = max(changed.values(), default="")
    rows = []
    for page in pages:
        if page.url.endswith("/") or page.url == "":
            entry, cards = page.context.get("entry"), page.context.get("cards")
            if isinstance(entry, Entry):
                lastmod = changed[entry.slug]
            elif cards is not None and page.template == "term.html":
                lastmod = max((changed[c.slug] for c in cards), default="")
            else:
                lastmod = newest
            rows.append((page.url, lastmod))
    return PageSpec("sitemap.xml", "sitemap.xml", {"pages": tuple(rows)})


def with_nav(spec: PageSpec, nav: Nav) -> PageSpec:
    return PageSpec(spec.url, spec.template, {**spec.context, "nav": nav})


def plan_nav(index: SiteIndex, sources: dict[str, SourceInfo]) -> Nav:
    """The collections that have something to list, in the navigation's order."""
    kinds = dict(index.kinds)
    filled = {
        "papers/": bool(kinds.get(str(EntryKind.PAPER))),
        "links/": bool(kinds.get(str(EntryKind.LINK))),
        "quotes/": any(e.quotes for e in index.entries),
        SOURCES: bool(sources),
        "reading-list/": bool(index.statuses),
        "tags/": bool(index.tags),
        "categories/": bool(index.categories),
    }
    links = tuple((url, label) for url, label in COLLECTIONS if filled[url])
    return Nav(links, digest_value(("nav", links)))


def own_urls(index: SiteIndex) -> frozenset[str]:
    """The URLs of the site's own pages besides the entries' (site_urls of the index)."""
    tags, categories = (t for t, _ in index.tags), (c for c, _ in index.categories)
    return site_urls(tags, categories, index.source_ids.values())


def folder_warnings(index: SiteIndex, apply: Apply = direct) -> list[Diagnostic]:
    """A folder-collision warning for each folder whose URL another page has (folderpages)."""
    folders = apply.call(collect_folders, index.entries)  # plan_pages's, when given its memo
    return folder_collisions(folders, index.by_slug, own_urls(index))


def plan_home(index: SiteIndex, cards: dict[str, Card], config: Config, root: Folder) -> PageSpec:
    """The home page: the root index.md's title and body when there is one (else the site's
    title, description and counts), the newest entries, the top folders and tags."""
    kinds = dict(index.kinds)
    counts = {
        "entries": len(index.entries),
        "papers": len(kinds.get("paper", ())),
        "links": len(kinds.get("link", ())),
        "notes": len(kinds.get("note", ())),
        "quotes": sum(len(e.quotes) for e in index.entries),
        "tags": len(index.tags),
    }
    entries = (e for e in index.entries if e.slug)  # the root index.md is the page itself
    recent = tuple(cards[e.slug] for e in islice(entries, config.recent))
    top = sorted(((t, len(s)) for t, s in index.tags), key=lambda p: (-p[1], p[0]))
    context = {
        "title": "",
        "entry": index.by_slug.get(""),
        "recent": recent,
        "counts": counts,
        "top_tags": tuple(top[:30]),
        "folders": root.subfolders,
    }
    return PageSpec("", "home.html", context)


@fast_pickling
@dataclass(frozen=True, slots=True)
class EntryPage:
    """What an entry's page shows, declared once: the page is made from this alone."""

    entry: Entry
    backlinks: tuple[Card, ...]
    outlinks: tuple[Card, ...]
    also: tuple[Card, ...]  # the other notes on its primary source
    source: SourceInfo | None  # its primary source's page, if it has one
    source_notes: int  # the notes on its primary source, itself too
    mentions: Mentions
    mentioned_by: tuple[Card, ...]  # the cards of mentions.shown
    related: tuple[Card, ...]
    neighbours: tuple[tuple[str, str, str], ...]  # (slug, title, relation) around it in the graph
    pairs: tuple[tuple[str, ...], ...]  # the neighbours that link one another
    folder: FolderListing | None  # the folder whose page it is
    nav: Nav


def plan_entry(entry: Entry, around: Around, apply: Apply) -> PageSpec:
    """The entry's page, made through `apply` (the build's memo: again only when what it shows
    changed)."""
    index, cards, slug = around.index, around.cards, entry.slug
    key = entry.source.key if entry.source else ""
    source, same = around.sources.get(key), around.discussed.get(key, ())
    mentions = index.mentions.get(slug, NO_MENTIONS)
    near = tuple((s, cards[s].title, rel) for s, rel in neighbourhood(slug, index, same))
    page = EntryPage(
        entry,
        tuple(cards[b.slug] for b in index.backlinks.get(slug, ())),
        tuple(cards[s] for s in index.outlinks.get(slug, ())),
        tuple(cards[s] for s in same if s != slug),
        source,
        len(same),
        mentions,
        tuple(cards[m.slug] for m in mentions.shown),
        tuple(cards[s] for s in index.related.get(slug, ())),
        near,
        linked_pairs(near, index.outlinks) if len(near) >= MIN_NEIGHBOURS else (),
        folder_listing(around.folders.get(f"{slug}/"), cards) or tag_listing(slug, index, cards),
        around.nav,
    )
    return apply.call_at(entry.slug, entry_page, page)


def tag_listing(slug: str, index: SiteIndex, cards: dict[str, Card]) -> FolderListing | None:
    """What a note at a tag's page lists under its text, as Quartz's tag page does: the notes
    tagged so (but itself)."""
    if not slug.startswith("tags/"):
        return None
    tagged = dict(index.tags).get(slug.removeprefix("tags/"), ())
    return FolderListing((), tuple(cards[s] for s in tagged if s != slug)) if tagged else None


def entry_page(page: EntryPage) -> PageSpec:
    entry, source = page.entry, page.source
    context = {
        "title": entry.title,
        "entry": entry,
        "backlinks": page.backlinks,
        "outlinks": page.outlinks,
        "also": page.also,
        "source_url": source.url if source else "",
        "source_info": source,
        "source_name": source_name(entry, source),
        "source_notes": page.source_notes,
        "bibtex": source.bibtex if source else "",
        "mentions": tuple(zip(page.mentioned_by, page.mentions.shown, strict=True)),
        "mention_total": page.mentions.total,
        "related": page.related,
        "graph": entry_graph(page),
        "description": entry.description or describe(entry),
        "body_class": " ".join(entry.cssclasses),
        "crumbs": breadcrumbs(entry.rel_path),
        "toc": table_of_contents(entry),
        "folder": page.folder,
        "nav": page.nav,
        ENTRY_PAGE: page,
    }
    return PageSpec(page_url(entry.slug), "entry.html", context, digest_value(page))


def entry_graph(page: EntryPage) -> GraphPlan | None:
    """The entry's neighbourhood, for inline SVG (laid out only for a page rendered); None when it
    has too few neighbours to show more than the lists of links do."""
    if len(page.neighbours) < MIN_NEIGHBOURS:
        return None
    return GraphPlan((page.entry.slug, page.entry.title), page.neighbours, page.pairs)


def source_name(entry: Entry, source: SourceInfo | None) -> str:
    """What an entry's source is called: its `source_title`, another note's on the same source
    (the source's title, when it is no note's own title), else its arXiv id, DOI or domain."""
    if entry.source_title or entry.source is None:
        return entry.source_title
    if source is not None and source.title not in {card.title for card in source.discussed}:
        return source.title
    return source_label(entry.source)


def describe(entry: Entry, limit: int = DESCRIPTION_CHARS) -> str:
    """The page's meta description: the tl;dr, else the body's first paragraph (outside quotes,
    lists and code), else its text but code; cut at a word to at most `limit` characters ("" when
    the note has no text: the site's description is used)."""
    own = NOT_OWN.sub("", entry.body_html)
    text = entry.tldr_text or first_paragraph(own) or html_to_text(CODE.sub("", own))
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:.") + "…"


def first_paragraph(html: str) -> str:
    """The text of the first paragraph of rendered body HTML with any text, outside NOT_PROSE."""
    for match in PARAGRAPH.finditer(NOT_PROSE.sub("", html)):
        text = html_to_text(match.group(1))
        if text:
            return text
    return ""


@dataclass(frozen=True, slots=True)
class TocItem:
    level: int
    anchor: str
    html: str  # the heading's own markup (its math too), without links or footnote marks


def table_of_contents(entry: Entry) -> tuple[TocItem, ...]:
    """An entry's headings, when it has TOC_HEADINGS or more, as they read in its body."""
    if len(entry.headings) < TOC_HEADINGS:
        return ()
    return tuple(TocItem(h.level, h.anchor, h.html) for h in entry.headings if h.anchor)


@fast_pickling
@dataclass(frozen=True, slots=True)
class FolderListing:
    """What a folder's page lists: its subfolders and the cards of its notes."""

    subfolders: tuple[FolderLink, ...]
    cards: tuple[Card, ...]


def folder_listing(folder: Folder | None, cards: dict[str, Card]) -> FolderListing | None:
    if folder is None:
        return None
    return FolderListing(folder.subfolders, tuple(cards[s] for s in folder.notes))


def plan_folders(
    folders: dict[str, Folder], index: SiteIndex, cards: dict[str, Card]
) -> list[PageSpec]:
    """A page for each folder no entry is at (an entry there lists the folder on its own page)
    and the site has no page of its own at (`/papers/`, `/tags/` …)."""
    taken = own_urls(index)
    pages = []
    for url, folder in folders.items():
        if url and url[:-1] not in index.by_slug and url not in taken:
            context = {
                "title": folder.title,
                "crumbs": folder.crumbs,
                "folder": folder_listing(folder, cards),
            }
            pages.append(PageSpec(url, "folder.html", context))
    return pages


def plan_taxonomy(
    base: str,
    label: str,
    groups: Sequence[tuple[str, tuple[str, ...]]],
    cards: dict[str, Card],
    described: Mapping[tuple[str, str], str],
    notes: Mapping[str, Entry] | None = None,
) -> list[PageSpec]:
    """The index of a taxonomy and one page per term (with its description, when one is given)
    that is no note's (`notes/tags/plugin.md` is the page of the tag `plugin`: tag_listing)."""
    terms = tuple((name, len(slugs)) for name, slugs in groups)
    pages = [PageSpec(f"{base}/", "terms.html", {"title": label, "base": base, "terms": terms})]
    for name, slugs in groups:
        if notes and f"{base}/{name}" in notes:
            continue
        ctx: dict[str, Any] = {
            "title": f"{label[:-1] if label != 'Categories' else 'Category'}: {name}",
            "base": base,
            "term": name,
            "cards": tuple(cards[s] for s in slugs),
        }
        if (base, name) in described:
            ctx["description"] = described[(base, name)]
        pages.append(PageSpec(f"{base}/{name}/", "term.html", ctx))
    return pages


def plan_papers(index: SiteIndex, cards: dict[str, Card]) -> PageSpec:
    papers = tuple(cards[e.slug] for e in index.entries if e.kind is EntryKind.PAPER)
    return PageSpec("papers/", "papers.html", {"title": "Papers", "cards": papers})


def plan_links(index: SiteIndex, cards: dict[str, Card]) -> PageSpec:
    """Links, the busiest domains first (a table that sorts and filters with JavaScript)."""
    groups: dict[str, list[Card]] = defaultdict(list)
    for entry in index.entries:
        if entry.kind is EntryKind.LINK and entry.source is not None:
            groups[entry.source.domain].append(cards[entry.slug])
    ordered = sorted(groups.items(), key=lambda p: (-len(p[1]), p[0]))
    links = tuple(card for _, group in ordered for card in group)
    return PageSpec("links/", "links.html", {"title": "Links", "cards": links})


def plan_reading_list(index: SiteIndex, cards: dict[str, Card]) -> PageSpec:
    """Entries grouped by status: what is still to read and being read first."""
    statuses = dict(index.statuses)
    groups = tuple(
        (str(status), tuple(cards[s] for s in statuses.get(str(status), ())))
        for status in (Status.TO_READ, Status.READING, Status.READ)
    )
    return PageSpec(
        "reading-list/", "reading-list.html", {"title": "Reading list", "groups": groups}
    )


def plan_source_pages(sources: dict[str, SourceInfo]) -> list[PageSpec]:
    """/sources/, one page per source, and /papers.bib."""
    infos = tuple(sources.values())
    pages = [PageSpec(SOURCES, "sources.html", {"title": "Sources", "sources": infos})]
    pages += [PageSpec(s.url, "source.html", {"title": s.title, "source": s}) for s in infos]
    pages.append(PageSpec(BIBLIOGRAPHY, "papers.bib", {"bibliography": bibliography(sources)}))
    return pages


def plan_quotes(index: SiteIndex, cards: dict[str, Card]) -> PageSpec:
    """Every quote with its attribution and the entry that holds it (anchors are stable), and
    the quotes grouped by entry, in index order."""
    quotes = tuple((q, cards[e.slug]) for e in index.entries for q in e.quotes)
    groups = tuple((cards[e.slug], e.quotes) for e in index.entries if e.quotes)
    context = {"title": "Quotes", "quotes": quotes, "groups": groups}
    return PageSpec("quotes/", "quotes.html", context)


def plan_entries_data(index: SiteIndex, cards: dict[str, Card]) -> PageSpec:
    """assets/entries.js: what the browser knows of every entry (search fallback, link previews).

    A script, not JSON, so that pages opened from file:// can load it with a <script> element.
    """
    rows = tuple((cards[e.slug], e.aliases) for e in index.entries)
    return PageSpec(ENTRIES_DATA, "entries.js", {"rows": rows})


def plan_feeds(index: SiteIndex, config: Config) -> list[PageSpec]:
    """An Atom feed and an RSS 2.0 feed of the newest entries, for the site and for each tag."""
    feeds = feed_pair("", config.title, index.entries[: config.feed_entries])
    for tag, slugs in index.tags:
        tagged = tuple(index.by_slug[s] for s in slugs[: config.feed_entries])
        feeds += feed_pair(f"tags/{tag}/", f"{config.title}: {tag}", tagged)
    return feeds


def feed_pair(folder: str, title: str, entries: Sequence[Entry]) -> list[PageSpec]:
    return [
        PageSpec(
            folder + name, name, {"title": title, "entries": entries, "feed_url": folder + name}
        )
        for name in (FEED, RSS)
    ]
