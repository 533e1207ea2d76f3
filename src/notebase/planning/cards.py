"""Cards: what a listing shows of an entry (home, folders, sources, tags), keyed by its entry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from html import escape

from notebase.digests import Apply, digest_value, direct
from notebase.model import Entry
from notebase.records import fast_pickling
from notebase.slugs import page_url


@fast_pickling
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
    status: str = field(hash=False)  # "" when the entry has no reading status
    domain: str = field(hash=False)
    # a digest of the fields above, taken once: listings of 10,000 cards are digested by it
    content_key: str = field(default="", compare=False, hash=False)


def make_card(entry: Entry) -> Card:
    card = Card(
        slug=entry.slug,
        url=page_url(entry.slug),
        title=entry.title,
        kind=str(entry.kind),
        tldr_html=entry.tldr_html or escape(entry.description, quote=False),
        tldr_text=entry.tldr_text or entry.description,
        date=entry.date.isoformat() if entry.date else "",
        year=str(entry.year or ""),
        authors=entry.authors,
        tags=entry.tags,
        categories=entry.categories,
        status=str(entry.status or ""),
        domain=entry.source.domain if entry.source else "",
    )
    return replace(card, content_key=digest_value(card))


def make_cards(entries: Sequence[Entry], apply: Apply = direct) -> dict[str, Card]:
    """Every entry's card by slug (made through `apply`: only for entries that changed)."""
    return {e.slug: apply.call(make_card, e) for e in entries}
