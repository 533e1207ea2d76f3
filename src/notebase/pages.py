"""SiteIndex + Config -> PageSpec*: a pure planner of every page, its template and its context."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from notebase.cards import Card, make_cards
from notebase.config import Config
from notebase.diagnostics import Diagnostic
from notebase.folderpages import (
    Folder,
    FolderLink,
    breadcrumbs,
    collect_folders,
    folder_collisions,
)
from notebase.graph import MIN_NEIGHBOURS, Graph, layout_graph, neighbourhood
from notebase.markdown.text import html_to_text
from notebase.model import Backlink, Entry, EntryKind, Mentions, SiteIndex, Status
from notebase.slugs import page_url
from notebase.sourcepages import (
    NO_SOURCES,
    SourceInfo,
    SourceMemo,
    bibliography,
    collect_sources,
)
from notebase.sources import source_label
from notebase.urls import BIBLIOGRAPHY, FEED, RSS, SOURCES, site_urls

ENTRIES_DATA = "assets/entries.js"
NO_MENTIONS = Mentions(0, ())
DESCRIPTION_CHARS = 200  # of a page's meta description (search engines show about 160)
# what a note's first paragraph is not taken from: quotes, lists, code, tables, footnotes
NOT_PROSE = re.compile(r"<(blockquote|ul|ol|pre|table|section|figure)\b.*?</\1>", re.S)
CODE = re.compile(r"<pre\b.*?</pre>", re.S)
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
Nav = tuple[tuple[str, str], ...]  # (URL, label) of each collection the navigation shows


@dataclass(frozen=True, slots=True)
class PageSpec:
    url: str  # site-relative URL path: "", "tags/ml/", "feed.xml"
    template: str
    context: dict[str, Any]


@dataclass(frozen=True, slots=True)
class EntryInputs:
    """What an entry's page is planned from, besides the cards of the entries it shows (and, for
    its graph, their outlinks): the index's records of the entry, looked up once."""

    entry: Entry
    backlinks: tuple[Backlink, ...]
    outlinks: tuple[str, ...]
    related: tuple[str, ...]
    mentions: Mentions
    source: SourceInfo | None  # its primary source's page, if it has one
    same: tuple[str, ...]  # the entries whose sources include its primary source (itself too)
    folder: Folder | None  # the folder whose page it is (it is at the folder's URL)
    nav: Nav


@dataclass(frozen=True, slots=True)
class EntryPlan:
    """An entry's page, what it was planned from, and the entries whose card or outlinks it reads."""

    inputs: EntryInputs
    shown: frozenset[str]
    spec: PageSpec


@dataclass(frozen=True, slots=True)
class PlanMemo:
    """What one build planned, for the next: the cards and outlinks its pages read, each entry's
    page and the sources."""

    cards: dict[str, Card]
    outlinks: dict[str, tuple[str, ...]]
    entries: dict[str, EntryPlan]
    sources: SourceMemo


NO_PLAN = PlanMemo({}, {}, {}, NO_SOURCES)


def plan_pages(
    index: SiteIndex, config: Config, cards: dict[str, Card] | None = None
) -> tuple[PageSpec, ...]:
    """Every page of the site, in a fixed order (given the entries' cards, or making them)."""
    cards = cards if cards is not None else make_cards(index.entries, {})[0]
    return plan_pages_again(index, config, cards, NO_PLAN)[0]


def plan_pages_again(
    index: SiteIndex, config: Config, cards: dict[str, Card], last: PlanMemo
) -> tuple[tuple[PageSpec, ...], PlanMemo]:
    """plan_pages, where an entry page (a source) the last build planned from the same inputs is
    that same PageSpec (SourceInfo) again, so that later stages can tell it unchanged by its
    identity; with what this build leaves for the next."""
    changed = changed_slugs(cards, index.outlinks, last)
    sources, source_memo = collect_sources(index, cards, last.sources, changed)
    folders, nav = collect_folders(index.entries), plan_nav(index, sources)
    discussed = {ref.key: slugs for ref, slugs in index.sources}
    described = {(kind, name): text for kind, name, text in config.descriptions}
    around = Around(index, cards, sources, folders, nav, discussed)
    plans = {e.slug: plan_entry_again(e, around, last, changed) for e in index.entries if e.slug}
    listings = [
        plan_home(index, cards, config, folders[""]),
        *plan_folders(folders, index, cards),
        *plan_taxonomy("tags", "Tags", index.tags, cards, described),
        *plan_taxonomy("categories", "Categories", index.categories, cards, described),
        *plan_source_pages(sources),
        plan_papers(index, cards),
        plan_links(index, cards),
        plan_reading_list(index, cards),
        plan_quotes(index, cards),
        PageSpec("search/", "search.html", {"title": "Search"}),
        PageSpec("404.html", "404.html", {"title": "Not found"}),
    ]
    pages = [with_nav(listings[0], nav), *(plan.spec for plan in plans.values())]
    pages += [with_nav(spec, nav) for spec in listings[1:]]
    pages += [plan_entries_data(index, cards), *plan_feeds(index, config)]
    if config.base_url:  # a sitemap lists absolute URLs, so it needs to know where the site lives
        pages.append(plan_sitemap(pages, index))
    return tuple(pages), PlanMemo(cards, index.outlinks, plans, source_memo)


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


def changed_slugs(
    cards: dict[str, Card], outlinks: dict[str, tuple[str, ...]], last: PlanMemo
) -> set[str]:
    """The entries whose card or outlinks are not the last build's, and those gone since."""
    changed = {slug for slug, card in cards.items() if last.cards.get(slug) is not card}
    if outlinks is not last.outlinks:
        changed.update(slug for slug, out in outlinks.items() if last.outlinks.get(slug) != out)
    changed.update(last.cards.keys() - cards.keys())
    return changed


@dataclass(frozen=True, slots=True)
class Around:
    """What every entry page is planned from besides its entry: made once a build."""

    index: SiteIndex
    cards: dict[str, Card]
    sources: dict[str, SourceInfo]
    folders: dict[str, Folder]
    nav: Nav
    discussed: dict[str, tuple[str, ...]]  # source key -> the entries whose sources include it


def plan_entry_again(entry: Entry, around: Around, last: PlanMemo, changed: set[str]) -> EntryPlan:
    """The entry's page; the last build's when planned from the same inputs, and none of the
    entries it shows (`changed`) has a new card or new outlinks."""
    index, slug, key = around.index, entry.slug, entry.source.key if entry.source else ""
    folder = around.folders.get(f"{slug}/")
    inputs = EntryInputs(
        entry,
        index.backlinks.get(slug, ()),
        index.outlinks.get(slug, ()),
        index.related.get(slug, ()),
        index.mentions.get(slug, NO_MENTIONS),
        around.sources.get(key),
        around.discussed.get(key, ()),
        folder,
        around.nav,
    )
    old = last.entries.get(slug)
    if old is not None and old.inputs == inputs and changed.isdisjoint(old.shown):
        return old
    shown = {b.slug for b in inputs.backlinks}.union(inputs.outlinks, inputs.related, inputs.same)
    shown.update(m.slug for m in inputs.mentions.shown)
    shown.update(folder.notes if folder else ())
    return EntryPlan(inputs, frozenset(shown), plan_entry(inputs, index, around.cards))


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
    return tuple((url, label) for url, label in COLLECTIONS if filled[url])


def own_urls(index: SiteIndex) -> frozenset[str]:
    """The URLs of the site's own pages besides the entries' (site_urls of the index)."""
    tags, categories = (t for t, _ in index.tags), (c for c, _ in index.categories)
    return site_urls(tags, categories, index.source_ids.values())


def folder_warnings(index: SiteIndex) -> list[Diagnostic]:
    """A folder-collision warning for each folder whose URL another page has (folderpages)."""
    return folder_collisions(collect_folders(index.entries), index.by_slug, own_urls(index))


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


def plan_entry(inputs: EntryInputs, index: SiteIndex, cards: dict[str, Card]) -> PageSpec:
    entry, source, mentions = inputs.entry, inputs.source, inputs.mentions
    context = {
        "title": entry.title,
        "entry": entry,
        "backlinks": tuple(cards[b.slug] for b in inputs.backlinks),
        "outlinks": tuple(cards[s] for s in inputs.outlinks),
        "also": tuple(cards[s] for s in inputs.same if s != entry.slug),
        "source_url": source.url if source else "",
        "source_info": source,
        "source_name": source_name(entry, source),
        "source_notes": len(inputs.same),  # the notes on its primary source, itself too
        "bibtex": source.bibtex if source else "",
        "mentions": tuple((cards[m.slug], m) for m in mentions.shown),
        "mention_total": mentions.total,
        "related": tuple(cards[s] for s in inputs.related),
        "graph": plan_graph(entry, index, cards, inputs.same),
        "description": entry.description or describe(entry),
        "body_class": " ".join(entry.cssclasses),
        "crumbs": breadcrumbs(entry.rel_path),
        "toc": table_of_contents(entry),
        "folder": folder_listing(inputs.folder, cards),
        "nav": inputs.nav,
    }
    return PageSpec(page_url(entry.slug), "entry.html", context)


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
    text = (
        entry.tldr_text
        or first_paragraph(entry.body_html)
        or html_to_text(CODE.sub("", entry.body_html))
    )
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


def plan_graph(
    entry: Entry, index: SiteIndex, cards: dict[str, Card], same: tuple[str, ...]
) -> Graph | None:
    """The entry's neighbourhood laid out for inline SVG; None when it has too few neighbours to
    show more than the lists of links do."""
    around = [(s, cards[s].title, rel) for s, rel in neighbourhood(entry.slug, index, same)]
    if len(around) < MIN_NEIGHBOURS:
        return None
    return layout_graph((entry.slug, entry.title), around, index.outlinks)


def plan_taxonomy(
    base: str,
    label: str,
    groups: Sequence[tuple[str, tuple[str, ...]]],
    cards: dict[str, Card],
    described: Mapping[tuple[str, str], str],
) -> list[PageSpec]:
    """The index of a taxonomy and one page per term (with its description, when one is given)."""
    terms = tuple((name, len(slugs)) for name, slugs in groups)
    pages = [PageSpec(f"{base}/", "terms.html", {"title": label, "base": base, "terms": terms})]
    for name, slugs in groups:
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
