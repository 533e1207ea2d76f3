"""Sources as entities: one page per source, the /sources/ index and /papers.bib (a pure planner)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from notebase.bibtex import BibRecord, cite_keys, format_entry
from notebase.model import Entry, Quote, SiteIndex, SourceRef
from notebase.sources import source_label

if TYPE_CHECKING:
    from notebase.pages import Card

SOURCES = "sources/"


@dataclass(frozen=True, slots=True)
class SourceInfo:
    """What a source page (and a row of the sources index) shows of a source."""

    id: str
    url: str  # its page: "sources/arxiv-2502.16982/"
    ref: SourceRef
    title: str
    authors: tuple[str, ...]
    year: str
    discussed: tuple[Card, ...]  # notes whose primary source it is
    linked: tuple[Card, ...]  # notes whose body links to it
    quotes: tuple[tuple[Quote, Card], ...]  # quotes in the notes that discuss it
    cite_key: str  # papers only
    bibtex: str  # papers only


def collect_sources(index: SiteIndex, cards: dict[str, Card]) -> dict[str, SourceInfo]:
    """source key -> SourceInfo for every source with a page, in key order."""
    primary: dict[str, list[Entry]] = defaultdict(list)
    linked: dict[str, list[str]] = defaultdict(list)
    for entry in index.entries:
        if entry.source is not None:
            primary[entry.source.key].append(entry)
        for ref in entry.other_sources:
            linked[ref.key].append(entry.slug)
    refs = [r for r, _ in index.sources if r.key in index.source_ids]  # index.sources: by key
    records = {r.key: bib_record(r, primary[r.key]) for r in refs}
    papers = [r for r in refs if r.is_paper]
    keys = dict(
        zip((r.key for r in papers), cite_keys([records[r.key] for r in papers]), strict=True)
    )
    found = {}
    for ref in refs:
        record, notes = records[ref.key], primary[ref.key]
        key = keys.get(ref.key, "")
        found[ref.key] = SourceInfo(
            id=index.source_ids[ref.key],
            url=f"{SOURCES}{index.source_ids[ref.key]}/",
            ref=ref,
            title=record.title,
            authors=record.authors,
            year=str(record.year or ""),
            discussed=tuple(cards[e.slug] for e in notes),
            linked=tuple(cards[s] for s in linked[ref.key]),
            quotes=tuple((q, cards[e.slug]) for e in notes for q in e.quotes),
            cite_key=key,
            bibtex=format_entry(key, record) if key else "",
        )
    return found


def bib_record(ref: SourceRef, notes: list[Entry]) -> BibRecord:
    """A source's metadata from the notes that discuss it: the first note that gives each field."""
    title = next((e.source_title for e in notes if e.source_title), "")
    if ref.arxiv:  # arXiv's own page titles start with "[2404.08335] "
        title = title.removeprefix(f"[{ref.arxiv}]").strip()
    title = title or next((e.title for e in notes), "") or source_name(ref)
    authors = next((e.authors for e in notes if e.authors), ())
    year = next((e.year for e in notes if e.year), None)
    return BibRecord(title, authors, year, ref.url, ref.arxiv, ref.doi)


def bibliography(sources: dict[str, SourceInfo]) -> str:
    """papers.bib: every paper's entry, by citation key."""
    papers = sorted((s for s in sources.values() if s.cite_key), key=lambda s: s.cite_key)
    return "\n".join(s.bibtex for s in papers)


def source_name(ref: SourceRef) -> str:
    """A source no note names: 'arXiv:2502.16982', 'doi:10.1/x' or its URL without the scheme."""
    return source_label(ref) if ref.is_paper else ref.key.removeprefix("url:")
