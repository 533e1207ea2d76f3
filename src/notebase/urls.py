"""The URLs the site keeps for itself: its listings and folders no note may take."""

from __future__ import annotations

# the pages every site has besides its entries' (pages.plan_pages plans each)
LISTINGS = ("", "tags/", "categories/", "papers/", "links/", "quotes/", "reading-list/", "search/")
SOURCES = "sources/"  # a page per source (sourcepages)
BUNDLE_DIR = "pagefind"  # the search index (search)
ASSETS_DIR = "assets"  # the theme's styles and scripts, and the data the build makes for them
RESERVED_TOPS = (*LISTINGS, SOURCES, f"{BUNDLE_DIR}/", f"{ASSETS_DIR}/")
