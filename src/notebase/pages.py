"""SiteIndex + Config -> PageSpec*: a pure planner of every page, its template and its context."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from notebase.config import Config
from notebase.graph import Graph, layout_graph, neighbourhood
from notebase.model import Backlink, Entry, EntryKind, Mentions, SiteIndex, Status
from notebase.slugs import page_url
from notebase.sourcepages import (
    NO_SOURCES,
    SOURCES,
    SourceInfo,
    SourceMemo,
    bibliography,
    collect_sources,
)

ENTRIES_DATA = "assets/entries.js"
BIBLIOGRAPHY = "papers.bib"
FEED = "feed.xml"
NO_MENTIONS = Mentions(0, ())
# the pages every site has besides its entries' (plan_pages plans each)
LISTINGS = ("", "tags/", "categories/", "papers/", "links/", "quotes/", "reading-list/", "search/")


@dataclass(frozen=True, slots=True)
class PageSpec:
    url: str  # site-relative URL path: "", "tags/ml/", "feed.xml"
    template: str
    context: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Card:
    """What a listing shows of an entry. Hashed by its slug and title alone: a listing's blocks of
    rows are looked up by their cards (equal cards still hash alike; the few of one slug differ)."""

    slug: str
    url: str = field(hash=False)
    title: str
    kind: str = field(hash=False)
    tldr_html: str = field(hash=False)
    tldr_text: str = field(hash=False)
    date: str = field(hash=False)
    year: str = field(hash=False)
    authors: tuple[str, ...] = field(hash=False)
    tags: tuple[str, ...] = field(hash=False)
    categories: tuple[str, ...] = field(hash=False)
    status: str = field(hash=False)
    domain: str = field(hash=False)


def make_card(entry: Entry) -> Card:
    return Card(
        slug=entry.slug,
        url=page_url(entry.slug),
        title=entry.title,
        kind=str(entry.kind),
        tldr_html=entry.tldr_html,
        tldr_text=entry.tldr_text,
        date=entry.date.isoformat() if entry.date else "",
        year=str(entry.year or ""),
        authors=entry.authors,
        tags=entry.tags,
        categories=entry.categories,
        status=str(entry.status),
        domain=entry.source.domain if entry.source else "",
    )


# entry -> its card, as the last build made it (the same record again when the entry is)
CardMemo = dict[int, tuple[Entry, Card]]


def make_cards(entries: Sequence[Entry], previous: CardMemo) -> tuple[dict[str, Card], CardMemo]:
    """Every entry's card by slug; an entry the last build carded is given that same card."""
    memo: CardMemo = {}
    for entry in entries:
        old = previous.get(id(entry))
        memo[id(entry)] = old if old is not None and old[0] is entry else (entry, make_card(entry))
    return {e.slug: memo[id(e)][1] for e in entries}, memo


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
    pages: list[PageSpec] = [plan_home(index, cards, config)]
    discussed = {ref.key: slugs for ref, slugs in index.sources}
    sources, source_memo = collect_sources(index, cards, last.sources, changed)
    plans = {
        e.slug: plan_entry_again(e, index, cards, discussed, sources, last, changed)
        for e in index.entries
    }
    pages += [plan.spec for plan in plans.values()]
    described = {(kind, name): text for kind, name, text in config.descriptions}
    pages += plan_taxonomy("tags", "Tags", index.tags, cards, described)
    pages += plan_taxonomy("categories", "Categories", index.categories, cards, described)
    pages += plan_source_pages(sources)
    pages += [
        plan_papers(index, cards),
        plan_links(index, cards),
        plan_reading_list(index, cards),
        plan_quotes(index, cards),
        PageSpec("search/", "search.html", {"title": "Search"}),
        PageSpec("404.html", "404.html", {"title": "Not found"}),
        plan_entries_data(index, cards),
    ]
    pages += plan_feeds(index, config)
    if config.base_url:  # a sitemap lists absolute URLs, so it needs to know where the site lives
        urls = tuple(p.url for p in pages if p.url.endswith("/") or p.url == "")
        pages.append(PageSpec("sitemap.xml", "sitemap.xml", {"urls": urls}))
    return tuple(pages), PlanMemo(cards, index.outlinks, plans, source_memo)


def changed_slugs(
    cards: dict[str, Card], outlinks: dict[str, tuple[str, ...]], last: PlanMemo
) -> set[str]:
    """The entries whose card or outlinks are not the last build's, and those gone since."""
    changed = {slug for slug, card in cards.items() if last.cards.get(slug) is not card}
    if outlinks is not last.outlinks:
        changed.update(slug for slug, out in outlinks.items() if last.outlinks.get(slug) != out)
    changed.update(last.cards.keys() - cards.keys())
    return changed


def plan_entry_again(
    entry: Entry,
    index: SiteIndex,
    cards: dict[str, Card],
    discussed: dict[str, tuple[str, ...]],
    sources: dict[str, SourceInfo],
    last: PlanMemo,
    changed: set[str],
) -> EntryPlan:
    """The entry's page; the last build's when planned from the same inputs, and none of the
    entries it shows (`changed`) has a new card or new outlinks."""
    slug, key = entry.slug, entry.source.key if entry.source else ""
    inputs = EntryInputs(
        entry,
        index.backlinks.get(slug, ()),
        index.outlinks.get(slug, ()),
        index.related.get(slug, ()),
        index.mentions.get(slug, NO_MENTIONS),
        sources.get(key),
        discussed.get(key, ()),
    )
    old = last.entries.get(slug)
    if old is not None and old.inputs == inputs and changed.isdisjoint(old.shown):
        return old
    shown = {b.slug for b in inputs.backlinks}.union(inputs.outlinks, inputs.related, inputs.same)
    shown.update(m.slug for m in inputs.mentions.shown)
    return EntryPlan(inputs, frozenset(shown), plan_entry(inputs, index, cards))


def site_urls(
    tags: Iterable[str], categories: Iterable[str], source_pages: Iterable[str]
) -> frozenset[str]:
    """The site-relative URLs of what a note may link to besides entries: the listings, each
    tag's and category's page, each source's page (by its id), the feeds and papers.bib."""
    return frozenset(
        (
            *LISTINGS,
            SOURCES,
            FEED,
            BIBLIOGRAPHY,
            *(f"tags/{tag}/{end}" for tag in tags for end in ("", FEED)),
            *(f"categories/{name}/" for name in categories),
            *(f"{SOURCES}{page}/" for page in source_pages),
        )
    )


def plan_home(index: SiteIndex, cards: dict[str, Card], config: Config) -> PageSpec:
    kinds = dict(index.kinds)
    counts = {
        "entries": len(index.entries),
        "papers": len(kinds.get("paper", ())),
        "links": len(kinds.get("link", ())),
        "notes": len(kinds.get("note", ())),
        "quotes": sum(len(e.quotes) for e in index.entries),
        "tags": len(index.tags),
    }
    recent = tuple(cards[e.slug] for e in index.entries[: config.recent])
    top = sorted(((t, len(s)) for t, s in index.tags), key=lambda p: (-p[1], p[0]))
    return PageSpec(
        "",
        "home.html",
        {"title": "", "recent": recent, "counts": counts, "top_tags": tuple(top[:30])},
    )


def plan_entry(inputs: EntryInputs, index: SiteIndex, cards: dict[str, Card]) -> PageSpec:
    entry, source, mentions = inputs.entry, inputs.source, inputs.mentions
    context = {
        "title": entry.title,
        "entry": entry,
        "backlinks": tuple(cards[b.slug] for b in inputs.backlinks),
        "outlinks": tuple(cards[s] for s in inputs.outlinks),
        "also": tuple(cards[s] for s in inputs.same if s != entry.slug),
        "source_url": source.url if source else "",
        "bibtex": source.bibtex if source else "",
        "mentions": tuple((cards[m.slug], m) for m in mentions.shown),
        "mention_total": mentions.total,
        "related": tuple(cards[s] for s in inputs.related),
        "graph": plan_graph(entry, index, cards, inputs.same),
        "description": entry.tldr_text,
    }
    return PageSpec(page_url(entry.slug), "entry.html", context)


def plan_graph(
    entry: Entry, index: SiteIndex, cards: dict[str, Card], same: tuple[str, ...]
) -> Graph | None:
    """The entry's neighbourhood laid out for inline SVG; None when it has no neighbours."""
    around = [(s, cards[s].title, rel) for s, rel in neighbourhood(entry.slug, index, same)]
    return layout_graph((entry.slug, entry.title), around, index.outlinks) if around else None


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
    """Every quote with its attribution and the entry that holds it (anchors are stable)."""
    quotes = tuple((q, cards[e.slug]) for e in index.entries for q in e.quotes)
    return PageSpec("quotes/", "quotes.html", {"title": "Quotes", "quotes": quotes})


def plan_entries_data(index: SiteIndex, cards: dict[str, Card]) -> PageSpec:
    """assets/entries.js: what the browser knows of every entry (search fallback, link previews).

    A script, not JSON, so that pages opened from file:// can load it with a <script> element.
    """
    rows = tuple((cards[e.slug], e.aliases) for e in index.entries)
    return PageSpec(ENTRIES_DATA, "entries.js", {"rows": rows})


def plan_feeds(index: SiteIndex, config: Config) -> list[PageSpec]:
    entries = index.entries[: config.feed_entries]
    feeds = [
        PageSpec(FEED, "feed.xml", {"title": config.title, "entries": entries, "feed_url": FEED})
    ]
    for tag, slugs in index.tags:
        tagged = tuple(index.by_slug[s] for s in slugs[: config.feed_entries])
        url = f"tags/{tag}/{FEED}"
        feeds.append(
            PageSpec(
                url,
                "feed.xml",
                {"title": f"{config.title}: {tag}", "entries": tagged, "feed_url": url},
            )
        )
    return feeds
