"""The URLs the site keeps for itself: its listings and folders no note may take, and the pages
besides the entries' a note may link to (site_urls)."""

from __future__ import annotations

from collections.abc import Iterable

# the pages every site has besides its entries' (pages.plan_pages plans each)
LISTINGS = ("", "tags/", "categories/", "papers/", "links/", "quotes/", "reading-list/", "search/")
SOURCES = "sources/"  # a page per source (sourcepages)
BUNDLE_DIR = "pagefind"  # the search index (search)
ASSETS_DIR = "assets"  # the theme's styles and scripts, and the data the build makes for them
RESERVED_TOPS = (*LISTINGS, SOURCES, f"{BUNDLE_DIR}/", f"{ASSETS_DIR}/")
BIBLIOGRAPHY = "papers.bib"
FEED = "feed.xml"  # Atom
RSS = "rss.xml"  # RSS 2.0, beside each Atom feed


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
            RSS,
            BIBLIOGRAPHY,
            *(f"tags/{tag}/{end}" for tag in tags for end in ("", FEED, RSS)),
            *(f"categories/{name}/" for name in categories),
            *(f"{SOURCES}{page}/" for page in source_pages),
        )
    )
