"""Sources as entities: one page per source, the /sources/ index and /papers.bib (a pure planner)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from notebase.digests import Apply, digest_value, direct
from notebase.model import Entry, Quote, SiteIndex, SourceRef
from notebase.planning.bibtex import BibRecord, cite_keys, format_entry
from notebase.planning.cards import Card
from notebase.reading.sourcerefs import source_label
from notebase.urls import SOURCES


@dataclass(frozen=True, slots=True)
class SourceInfo:
    """What a source page (and a row of the sources index) shows of a source."""

    id: str
    url: str  # its page: "sources/arxiv-2502.16982/"
    ref: SourceRef
    title: str
    authors: tuple[str, ...]
    year: str
    # hashed without these (a listing's rows are looked up by value): equal records hash alike still
    discussed: tuple[Card, ...] = field(hash=False)  # notes whose primary source it is
    linked: tuple[Card, ...] = field(hash=False)  # notes whose body links to it
    quotes: tuple[tuple[Quote, Card], ...] = field(hash=False)  # quotes in the notes discussing it
    cite_key: str  # papers only
    bibtex: str  # papers only
    # a digest of what it was made from (page fingerprints take the source as this key)
    content_key: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class SourceInputs:
    """What a SourceInfo is made from, besides the cards of these notes."""

    ref: SourceRef
    id: str
    record: BibRecord
    notes: tuple[Entry, ...]  # whose primary source it is
    linked: tuple[str, ...]  # slugs of the notes linking to it
    cite_key: str


def collect_sources(
    index: SiteIndex, cards: dict[str, Card], apply: Apply = direct
) -> dict[str, SourceInfo]:
    """source key -> SourceInfo for every source with a page, in key order (each made through
    `apply`: only for sources whose notes changed)."""
    primary, linked = group_notes(index)
    refs = [r for r, _ in index.sources if r.key in index.source_ids]  # index.sources: by key
    records = {r.key: bib_record(r, primary[r.key]) for r in refs}
    papers = [records[r.key] for r in refs if r.is_paper]
    keys = dict(zip((r.key for r in refs if r.is_paper), cite_keys(papers), strict=True))
    infos = {}
    for ref in refs:
        notes, ident, links = tuple(primary[ref.key]), index.source_ids[ref.key], linked[ref.key]
        made = SourceInputs(
            ref, ident, records[ref.key], notes, tuple(links), keys.get(ref.key, "")
        )
        shown = tuple(cards[e.slug] for e in notes), tuple(cards[s] for s in links)
        infos[ref.key] = apply.call_at(ref.key, make_info, made, shown)
    return infos


def group_notes(index: SiteIndex) -> tuple[dict[str, list[Entry]], dict[str, list[str]]]:
    """source key -> the entries whose primary source it is, and -> the slugs linking to it."""
    primary: dict[str, list[Entry]] = defaultdict(list)
    linked: dict[str, list[str]] = defaultdict(list)
    for entry in index.entries:
        if entry.source is not None:
            primary[entry.source.key].append(entry)
        for ref in entry.other_sources:
            linked[ref.key].append(entry.slug)
    return primary, linked


def make_info(made: SourceInputs, shown: tuple[tuple[Card, ...], tuple[Card, ...]]) -> SourceInfo:
    """The source's record; `shown`: the cards of the notes discussing it and linking to it."""
    record, key = made.record, made.cite_key
    cards = {c.slug: c for c in shown[0]}
    info = SourceInfo(
        id=made.id,
        url=f"{SOURCES}{made.id}/",
        ref=made.ref,
        title=record.title,
        authors=record.authors,
        year=str(record.year or ""),
        discussed=shown[0],
        linked=shown[1],
        quotes=tuple((q, cards[e.slug]) for e in made.notes for q in e.quotes),
        cite_key=key,
        bibtex=format_entry(key, record) if key else "",
    )
    return replace(info, content_key=digest_value(info))


def bib_record(ref: SourceRef, notes: list[Entry]) -> BibRecord:
    """A source's metadata from the notes that discuss it: the first note that gives each field."""
    title = next((e.source_title for e in notes if e.source_title), "")  # "[id] " stripped
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
