"""Sources as entities: one page per source, the /sources/ index and /papers.bib (a pure planner)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from notebase.digests import Apply, digest_value, direct
from notebase.model import Entry, Quote, SiteIndex, SourceRef
from notebase.planning.bibtex import BibRecord, cite_keys, format_entry
from notebase.planning.cards import Card
from notebase.reading.sourcerefs import source_label
from notebase.records import fast_pickling
from notebase.urls import SOURCES


@fast_pickling
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


@fast_pickling
@dataclass(frozen=True, slots=True)
class Cited:
    """What the pages of a note's sources take from the note: its sources' fields and quotes."""

    slug: str
    title: str
    source: SourceRef | None  # its primary source
    others: tuple[SourceRef, ...]  # the sources its body links to
    source_title: str
    authors: tuple[str, ...]
    year: int | None
    quotes: tuple[Quote, ...]


def cited(entry: Entry) -> Cited:
    return Cited(
        entry.slug,
        entry.title,
        entry.source,
        entry.other_sources,
        entry.source_title,
        entry.authors,
        entry.year,
        entry.quotes,
    )


@dataclass(frozen=True, slots=True)
class SourceInputs:
    """What a SourceInfo is made from, besides the cards of these notes."""

    ref: SourceRef
    id: str
    record: BibRecord
    notes: tuple[Cited, ...]  # whose primary source it is
    linked: tuple[str, ...]  # slugs of the notes linking to it
    cite_key: str


Groups = tuple[tuple[SourceRef, tuple[str, ...]], ...]


def collect_sources(
    index: SiteIndex, cards: dict[str, Card], apply: Apply = direct
) -> dict[str, SourceInfo]:
    """source key -> SourceInfo for every source with a page, in key order; the sources' records
    made again (through `apply`) only when the notes citing them changed, and each source's info
    only when its own records or the cards of its notes did."""
    notes = tuple(apply.call(cited, e) for e in index.entries if e.source or e.other_sources)
    made = apply.call_at("sources", source_inputs, index.sources, index.source_ids, notes)
    return {
        key: apply.call_at(key, make_info, inputs, shown_cards(inputs, cards))
        for key, inputs in made.items()
    }


def source_inputs(
    sources: Groups, source_ids: dict[str, str], notes: tuple[Cited, ...]
) -> dict[str, SourceInputs]:
    """source key -> what its SourceInfo is made from, for every source with a page (`source_ids`),
    in key order."""
    primary, linked = group_notes(notes)
    refs = [r for r, _ in sources if r.key in source_ids]  # sources: by key
    records = {r.key: bib_record(r, primary[r.key]) for r in refs}
    papers = [records[r.key] for r in refs if r.is_paper]
    keys = dict(zip((r.key for r in refs if r.is_paper), cite_keys(papers), strict=True))
    return {
        ref.key: SourceInputs(
            ref,
            source_ids[ref.key],
            records[ref.key],
            tuple(primary[ref.key]),
            tuple(linked[ref.key]),
            keys.get(ref.key, ""),
        )
        for ref in refs
    }


def shown_cards(made: SourceInputs, cards: dict[str, Card]) -> tuple[tuple[Card, ...], ...]:
    """The cards of the notes discussing the source and of those linking to it."""
    return tuple(cards[n.slug] for n in made.notes), tuple(cards[s] for s in made.linked)


def group_notes(notes: tuple[Cited, ...]) -> tuple[dict[str, list[Cited]], dict[str, list[str]]]:
    """source key -> the notes whose primary source it is, and -> the slugs linking to it."""
    primary: dict[str, list[Cited]] = defaultdict(list)
    linked: dict[str, list[str]] = defaultdict(list)
    for note in notes:
        if note.source is not None:
            primary[note.source.key].append(note)
        for ref in note.others:
            linked[ref.key].append(note.slug)
    return primary, linked


def make_info(made: SourceInputs, shown: tuple[tuple[Card, ...], ...]) -> SourceInfo:
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


def bib_record(ref: SourceRef, notes: list[Cited]) -> BibRecord:
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
