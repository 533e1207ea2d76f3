"""Cards: what a listing shows of an entry (home, folders, sources, tags), made once per entry and
kept across builds while the entry is the same record."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from notebase.model import Entry
from notebase.slugs import page_url


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


def make_card(entry: Entry) -> Card:
    return Card(
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


# entry -> its card, as the last build made it (the same record again when the entry is)
CardMemo = dict[int, tuple[Entry, Card]]


def make_cards(entries: Sequence[Entry], previous: CardMemo) -> tuple[dict[str, Card], CardMemo]:
    """Every entry's card by slug; an entry the last build carded is given that same card."""
    memo: CardMemo = {}
    for entry in entries:
        old = previous.get(id(entry))
        memo[id(entry)] = old if old is not None and old[0] is entry else (entry, make_card(entry))
    return {e.slug: memo[id(e)][1] for e in entries}, memo
