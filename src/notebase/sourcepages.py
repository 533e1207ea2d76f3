"""Sources as entities: one page per source, the /sources/ index and /papers.bib (a pure planner)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from notebase.bibtex import BibRecord, cite_keys, format_entry
from notebase.cards import Card
from notebase.model import Entry, Quote, SiteIndex, SourceRef
from notebase.sources import entry_sources, source_label
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


@dataclass(frozen=True, slots=True)
class SourceMemo:
    """What one build made of its sources, for the next: each source's record with the notes it
    was made from, the papers' records with their citation keys, each SourceInfo with its inputs."""

    records: dict[str, tuple[tuple[Entry, ...], BibRecord]]
    cited: tuple[list[BibRecord], list[str]]
    infos: dict[str, tuple[SourceInputs, SourceInfo]]
    grouping: tuple[tuple[SourceRef, tuple[str, ...]], ...] = ()  # the index's sources, as made


@dataclass(frozen=True, slots=True)
class SourceInputs:
    """What a SourceInfo is made from, besides the cards of these notes."""

    ref: SourceRef
    id: str
    record: BibRecord
    notes: tuple[Entry, ...]  # whose primary source it is
    linked: tuple[str, ...]  # slugs of the notes linking to it
    cite_key: str


NO_SOURCES = SourceMemo({}, ([], []), {})


def collect_sources(
    index: SiteIndex,
    cards: dict[str, Card],
    last: SourceMemo = NO_SOURCES,
    changed: AbstractSet[str] = frozenset(),
) -> tuple[dict[str, SourceInfo], SourceMemo]:
    """source key -> SourceInfo for every source with a page, in key order; with what the next
    build may reuse. A source made from the same notes, linking notes and citation key as the last
    build's (`last`), none of whose linking notes has a card not the last build's (`changed`:
    their slugs), is that same SourceInfo again."""
    if last.grouping is index.sources and last.infos:
        updated = update_sources(index, cards, last, changed)
        if updated is not None:
            return updated
    primary, linked = group_notes(index)
    refs = [r for r, _ in index.sources if r.key in index.source_ids]  # index.sources: by key
    records = {r.key: same_record(r, tuple(primary[r.key]), last) for r in refs}
    papers = [records[r.key][1] for r in refs if r.is_paper]
    cited = last.cited if papers == last.cited[0] else (papers, cite_keys(papers))
    keys = dict(zip((r.key for r in refs if r.is_paper), cited[1], strict=True))
    infos = {}
    for ref in refs:
        notes, record = records[ref.key]
        ident, links = index.source_ids[ref.key], tuple(linked[ref.key])
        inputs = SourceInputs(ref, ident, record, notes, links, keys.get(ref.key, ""))
        old = last.infos.get(ref.key)
        if old is None or old[0] != inputs or not changed.isdisjoint(links):
            old = (inputs, make_info(inputs, cards))
        infos[ref.key] = old
    found = {key: info for key, (_, info) in infos.items()}
    return found, SourceMemo(records, cited, infos, index.sources)


def update_sources(
    index: SiteIndex, cards: dict[str, Card], last: SourceMemo, changed: AbstractSet[str]
) -> tuple[dict[str, SourceInfo], SourceMemo] | None:
    """collect_sources when every source is discussed by the same entries as in the last build
    (the index's groups are its): only the sources of the changed entries are made again. None
    when one of their records changed, which may change the citation keys of others."""
    groups = {ref.key: (ref, slugs) for ref, slugs in index.sources}
    entries = (index.by_slug[slug] for slug in changed if slug in index.by_slug)
    touched = {r.key for e in entries for r in entry_sources(e) if r.key in index.source_ids}
    records, infos = dict(last.records), dict(last.infos)
    for key in sorted(touched):
        ref, slugs = groups[key]
        around = [index.by_slug[slug] for slug in slugs]
        notes = tuple(e for e in around if e.source is not None and e.source.key == key)
        links = tuple(e.slug for e in around if any(r.key == key for r in e.other_sources))
        records[key] = same_record(ref, notes, last)
        if records[key][1] != last.records[key][1]:
            return None
        made = last.infos[key][0]
        inputs = SourceInputs(ref, made.id, records[key][1], notes, links, made.cite_key)
        infos[key] = (inputs, make_info(inputs, cards))
    found = {key: info for key, (_, info) in infos.items()}
    return found, SourceMemo(records, last.cited, infos, index.sources)


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


def same_record(
    ref: SourceRef, notes: tuple[Entry, ...], last: SourceMemo
) -> tuple[tuple[Entry, ...], BibRecord]:
    """The source's record, the last build's when made from the same notes."""
    old = last.records.get(ref.key)
    return old if old is not None and old[0] == notes else (notes, bib_record(ref, list(notes)))


def make_info(made: SourceInputs, cards: dict[str, Card]) -> SourceInfo:
    record, key = made.record, made.cite_key
    return SourceInfo(
        id=made.id,
        url=f"{SOURCES}{made.id}/",
        ref=made.ref,
        title=record.title,
        authors=record.authors,
        year=str(record.year or ""),
        discussed=tuple(cards[e.slug] for e in made.notes),
        linked=tuple(cards[s] for s in made.linked),
        quotes=tuple((q, cards[e.slug]) for e in made.notes for q in e.quotes),
        cite_key=key,
        bibtex=format_entry(key, record) if key else "",
    )


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
