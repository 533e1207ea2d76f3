"""A `notebase build` after a few notes' text changed where no other page shows it: their own
pages made again from what the last full build (the base) planned for them, with the feeds that
hold them and the search shards of the pages that changed; every other file of the site is kept.

A full build from the cache leaves, besides its parses and its related entries (held.pickle),
what it planned each entry's page from (kits-NN.pickle: an EntryKit a note, sharded as the parses
are), the pages holding entries whole (wholes.pickle: the feeds) and what the checks below read
(delta.pickle: a DeltaBase), stamped with a token its state names. A later one-shot build is a
delta build when
- nothing but the text of notes changed since the base (the same notes; the settings, templates,
  static files, other files under notes/ and TeX macros as they were; no error then), and the
  site is as the last build left it;
- at most MOST_NOTES notes differ from the base's, each an entry of the base whose parse has its
  diagnostics and its face (every field but the HTML of its body, its mention text and words, and
  the lines of its links and quotes, which may move when no problem is reported in the note: what
  the other pages show of a note, but the feeds); which no note embeds and which embeds none; and
  whose prose names the same notes, with the same words around (mentions);
- the related entries, brought up to date from the base's for those notes, moved for few entries
  (MOST_PAGES pages in all).
Each entry page that may differ from the base's (of those notes, of the notes changed since the
last build, of the entries whose related entries moved, and of those the delta builds since the
base left differing) is then planned again from its kit with its note as it now reads, and so is
each feed holding one; a page whose fingerprint is the site's is not rendered. The search shards
of the pages that changed are indexed again (a shard put back as it was gets the bundle it had),
the files written in place, the state saved naming the base. Anything else is a full build, which
makes a new base. Both write the site a clean build writes, byte for byte (tests/test_delta.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, TypeVar, cast

from notebase.builder.cache import (
    PARSE_SHARDS,
    PARSES_FILE,
    STATE_FILE,
    load_dict,
    load_payload,
    parse_context,
    parse_key,
    parse_shard,
)
from notebase.builder.cachefiles import HELD_FILE, HELD_RELATED, HELD_TOKEN, write_payloads
from notebase.builder.inputs import Inputs, stamp_folders
from notebase.builder.parallel import map_indexed
from notebase.builder.related_update import relearn_some
from notebase.builder.search import kept_page_search_print, shard_folder
from notebase.builder.sitefiles import FilePlan, add_search_bundle, plan_files
from notebase.builder.state import BuildOptions, BuildState
from notebase.builder.write import WriteOutcome, site_identity, update_site
from notebase.diagnostics import Diagnostic, has_errors
from notebase.digests import Direct, Keyed, direct
from notebase.files import KEEP, Staged, real_path, temp_folder
from notebase.linking.embeds import base_embeds, note_embeds
from notebase.linking.linktags import LinkInputs, fill_links, link_inputs
from notebase.linking.mentions import NameTable, entry_excerpt, entry_phrases
from notebase.linking.related import RelatedState
from notebase.model import NO_WORDS, Entry, NoteFile, ParseResult, SiteIndex
from notebase.planning.cards import Card
from notebase.planning.pages import ENTRY_PAGE, EntryPage, Nav, PageSpec, entry_page
from notebase.reading.discover import NOTES_DIR, read_note
from notebase.reading.parse import parse_note
from notebase.records import fast_pickling
from notebase.urls import BUNDLE_DIR

DELTA_FILE = "delta.pickle"
KITS_FILE = "kits-{:02d}.pickle"  # a note's kit is in the shard of its parse (parse_shard)
WHOLES_FILE = "wholes.pickle"  # the pages holding entries whole (feeds), read when one changed
BUNDLES_FILE = "bundles.pickle"  # search shards' bundles delta builds replaced, by their stamp
KEPT_BUNDLES = 4  # the newest kept
MOST_NOTES = 4  # notes differing from the base's: more is no edit of a few notes
MOST_PAGES = 16  # entry pages planned again
FORKED_RELATED = 2000  # entries from which a forked process brings them up to date (fork costs)
PAGE_FIELDS = tuple(f.name for f in fields(EntryPage))[1:]  # all but the entry
R = TypeVar("R")


@fast_pickling
@dataclass(frozen=True, slots=True)
class EntryKit:
    """What the base planned an entry's page from, besides the entry."""

    parse_key: str  # the base's parse of the note
    content_key: str  # of the entry its index held (which its related entries were made of)
    place: int  # among the index's entries (in the related entries' tables)
    page: tuple[Any, ...]  # the fields of its EntryPage after `entry`
    inputs: LinkInputs  # what its links were filled in with


@fast_pickling
@dataclass(frozen=True, slots=True)
class DeltaBase:
    """What the base was built from, and what the checks of a delta build read."""

    token: str
    head: str  # its inputs but the notes (Inputs.head)
    notes: dict[str, str]  # note path -> digest
    rels: dict[str, str]  # slug -> note path, of every entry
    names: Keyed[NameTable]  # the names unlinked mentions are found by
    cards: dict[str, Card]
    exposed: frozenset[str]  # the entries another entry embeds
    holders: dict[str, tuple[int, ...]]  # slug -> the pages holding it whole (WHOLES_FILE's)
    pages: tuple[str, ...]  # the site's pages (the count of search shards is theirs)
    searched: dict[str, tuple[str, str]]  # each search result's (fingerprint, search print)
    nav: Nav | None  # the site's navigation, which every entry page shows


@dataclass(frozen=True, slots=True)
class Note:
    """A note the delta build plans the page of: as the base parsed it, and as it reads now."""

    rel: str
    kit: EntryKit
    base: Entry
    now: ParseResult

    @property
    def changed(self) -> bool:
        """Whether the note reads otherwise than in the base (it was parsed anew)."""
        return self.now.entry is not self.base


# ---------------------------------------------------------------------------------------------
# The base: saved by a full build


def save_base(
    root: Path,
    token: str,
    inputs: Inputs,
    index: SiteIndex,
    pages: Sequence[PageSpec],
    cards: dict[str, Card],
    names: Keyed[NameTable],
    keys: Sequence[str],
    plan: FilePlan,
    directory_urls: bool,
) -> tuple[Diagnostic, ...]:
    """Save what a delta build starts from: the base the full build that wrote the site makes
    (`keys`: the content keys its related entries were made of, in index order)."""
    planned = {
        p.entry.slug: p for s in pages if isinstance(p := s.context.get(ENTRY_PAGE), EntryPage)
    }
    macros = parse_context(inputs.macros, inputs.config.admonitions)
    notes = dict(inputs.found.notes)
    shards: list[dict[str, EntryKit]] = [{} for _ in range(PARSE_SHARDS)]
    for place, entry in enumerate(index.entries):
        page = planned.get(entry.slug)
        if page is None or place >= len(keys):
            continue
        key = parse_key(entry.rel_path, notes[entry.rel_path], macros)
        parts = tuple(packed(page, name) for name in PAGE_FIELDS)
        made = link_inputs(entry, index, directory_urls)
        shards[parse_shard(key)][entry.rel_path] = EntryKit(key, keys[place], place, parts, made)
    html = tuple(rel for rel in plan.pages if rel.endswith(".html"))
    holders, wholes = held_whole(pages)
    rels = {entry.slug: entry.rel_path for entry in index.entries}
    searched = {rel: (plan.fingerprints[rel], found) for rel, found in plan.searched.items()}
    exposed = frozenset(embedded(index))
    nav = next(iter(planned.values())).nav if planned else None
    facts = (notes, rels, names, cards, exposed, holders, html, searched, nav)
    base = DeltaBase(token, inputs.head, *facts)
    files: dict[str, dict[str, object]] = {
        KITS_FILE.format(i): {"token": token, "kits": shard} for i, shard in enumerate(shards)
    }
    files[WHOLES_FILE] = {"token": token, "pages": tuple(wholes)}
    files[DELTA_FILE] = {"base": base}  # the last: it names the kits
    return write_payloads(root, files)


@fast_pickling
@dataclass(frozen=True, slots=True)
class Cards:
    """Cards in a kit, by their entries' slugs (the base holds every card once)."""

    slugs: tuple[str, ...]


SITE_NAV = "site-nav"  # a kit's navigation: the base's
CARD_FIELDS = frozenset({"backlinks", "outlinks", "also", "mentioned_by", "related"})


def packed(page: EntryPage, name: str) -> object:
    """A field of an EntryPage as a kit keeps it: its cards by slug, the site's navigation named."""
    if name == "nav":
        return SITE_NAV
    value = getattr(page, name)
    return Cards(tuple(card.slug for card in value)) if name in CARD_FIELDS and value else value


def unpacked(value: object, cards: Mapping[str, Card], nav: Nav | None) -> Any:
    """A field of an EntryPage as the kit keeps it (packed), as the page holds it."""
    if isinstance(value, Cards):
        return tuple(cards[slug] for slug in value.slugs)
    return nav if isinstance(value, str) and value == SITE_NAV else value


def embedded(index: SiteIndex) -> Iterable[str]:
    """The entries another entry embeds."""
    for entry in index.entries:
        targets = index.link_targets.get(entry.slug, ())
        for _, target in note_embeds(entry, targets):
            yield target.partition("#")[0]


def held_whole(pages: Sequence[PageSpec]) -> tuple[dict[str, tuple[int, ...]], list[PageSpec]]:
    """The pages other than the entries' own holding entries whole (feeds: their templates may
    show any part of them), and the entries each holds (slug -> their places in that list)."""
    holders: dict[str, list[int]] = {}
    wholes: list[PageSpec] = []
    for spec in pages:
        if isinstance(spec.context.get(ENTRY_PAGE), EntryPage):
            continue
        held = [e.slug for value in spec.context.values() for e in entries_in(value)]
        if held:
            for slug in held:
                holders.setdefault(slug, []).append(len(wholes))
            wholes.append(spec)
    return {slug: tuple(places) for slug, places in holders.items()}, wholes


def entries_in(value: object) -> tuple[Entry, ...]:
    """The entries a context value is or holds (a tuple or list of them)."""
    if isinstance(value, Entry):
        return (value,)
    if isinstance(value, (tuple, list)):
        return tuple(v for v in value if isinstance(v, Entry))
    return ()


def with_entries(spec: PageSpec, now: Mapping[str, Entry]) -> PageSpec:
    """A page holding entries whole, with those among `now` (by slug) as they now read."""

    def new(value: object) -> object:
        if isinstance(value, Entry):
            return now.get(value.slug, value)
        if isinstance(value, (tuple, list)) and entries_in(value):
            return type(value)(now.get(v.slug, v) if isinstance(v, Entry) else v for v in value)
        return value

    return PageSpec(spec.url, spec.template, {k: new(v) for k, v in spec.context.items()})


# ---------------------------------------------------------------------------------------------
# The delta build


@dataclass(frozen=True, slots=True)
class DeltaDone:
    """What a delta build did: the state it saved, its files, the notes parsed, pages rendered."""

    state: BuildState
    files: WriteOutcome
    parsed: int
    rendered: int
    problems: tuple[Diagnostic, ...]  # saving the state


def delta_build(options: BuildOptions, last: BuildState, inputs: Inputs) -> DeltaDone | None:
    """The build as a delta of the base, written; None when it cannot be one (see above).

    The pages are rendered and their shards indexed while a forked process checks the site's
    folders and brings the related entries up to date, on the guess that they moved for none of
    them (an edit of a few words seldom moves them); when they did, the pages are planned and
    indexed again. Nothing is written to the site before both are done."""
    base = usable_base(options, last, inputs)
    notes = changed_notes(options.root, last, inputs, base) if base is not None else None
    if base is None or notes is None:
        return None
    try:
        return delta_of(options, last, inputs, base, notes)
    except OSError:  # beside or in the site: the full build reports it (write-failed)
        return None


def delta_of(
    options: BuildOptions,
    last: BuildState,
    inputs: Inputs,
    base: DeltaBase,
    notes: dict[str, Note],
) -> DeltaDone | None:
    """delta_build's work once the notes are known to be a delta of the base."""
    out = real_path(options.out)
    fixed = (options, last, inputs, base)
    with temp_folder(out) as guessed, temp_folder(out) as again:

        def either(i: int) -> object:
            if i == 0:
                return planned_pages(*fixed, notes.values(), None, guessed)
            if stamp_folders(out, last) != last.folders:  # a file put in or out by hand
                return None
            return related_now(options.root, base, notes)

        jobs = 2 if len(base.rels) >= FORKED_RELATED else 1
        guess, related = map_indexed(either, 2, jobs, 1)
        if not isinstance(related, tuple):
            return None
        moved, related_of = cast(tuple[set[str], dict[str, tuple[str, ...]]], related)
        made = cast(Made | None, guess)
        if moved:
            more = base_notes(
                options.root, last, base, sorted({base.rels[s] for s in moved} - set(notes))
            )
            if more is None or len(notes) + len(more) > MOST_PAGES:
                return None
            everyone = [*notes.values(), *more.values()]
            made = planned_pages(*fixed, everyone, related_of, again)
        if made is None:
            return None
        # the notes whose pages now differ from the base's: those changed since, and moved related
        apart = {rel for rel, note in notes.items() if note.changed}
        apart |= {base.rels[slug] for slug in moved}
        parsed = sum(note.changed for note in notes.values())
        return written(options.root, out, last, inputs, made, apart, parsed)


@dataclass(frozen=True, slots=True)
class Made:
    """The site a delta build planned (its pages rendered, staged), and the bundles of search
    shards the cache kept when it was planned."""

    whole: FilePlan
    known: dict[str, dict[str, bytes]]  # the shards' bundles kept by stamp, as loaded


def planned_pages(
    options: BuildOptions,
    last: BuildState,
    inputs: Inputs,
    base: DeltaBase,
    notes: Iterable[Note],
    related: Mapping[str, tuple[str, ...]] | None,
    staging: Path,
) -> Made | None:
    """The notes' pages (with `related` entries; None: the base's) and the pages holding them
    whole, rendered in `staging`, and the search bundle indexed again."""
    planned = [page_of(note, related, base.cards, base.nav) for note in notes]
    wholes = pages_holding(options.root, base, planned)
    if wholes is None:
        return None
    return rendered(options, last, inputs, base, [*planned, *wholes], staging)


def usable_base(options: BuildOptions, last: BuildState, inputs: Inputs) -> DeltaBase | None:
    """The base the last build's site was planned from, if this build may be a delta of it: the
    site the one it left (whose folders delta_build checks too), nothing but notes changed since,
    no error."""
    out = real_path(options.out)
    if not last.base or not options.write or has_errors(last.diagnostics, options.strict):
        return None
    if last.unindexed or last.out != str(out) or last.site != site_identity(out):
        return None
    base = load_base(options.root, last.base)
    if base is None or base.head != inputs.head:
        return None
    return base if dict(inputs.found.notes).keys() == base.notes.keys() else None


def pages_holding(
    root: Path, base: DeltaBase, planned: Sequence[PageSpec]
) -> list[PageSpec] | None:
    """The pages holding the planned entries whole, planned again with them (None: the base's
    file of them is unusable)."""
    entries = {e.slug: e for spec in planned for e in entries_in(spec.context.get("entry"))}
    places = sorted({i for slug in entries for i in base.holders.get(slug, ())})
    if not places:
        return []
    payload, problem = load_payload(root, WHOLES_FILE)
    usable = payload is not None and problem is None and payload.get("token") == base.token
    pages = payload.get("pages") if payload is not None and usable else None
    if not isinstance(pages, tuple) or places[-1] >= len(pages):
        return None
    return [with_entries(pages[i], entries) for i in places]


def load_base(root: Path, token: str) -> DeltaBase | None:
    """The base the state names (none when the file is missing, unusable or another's)."""
    payload, problem = load_payload(root, DELTA_FILE)
    base = payload.get("base") if payload is not None and problem is None else None
    return base if isinstance(base, DeltaBase) and base.token == token else None


def changed_notes(
    root: Path, last: BuildState, inputs: Inputs, base: DeltaBase
) -> dict[str, Note] | None:
    """The notes whose page is to be planned again, those changed since the base parsed anew;
    None when one of them changed more than its body, or too many changed."""
    now = dict(inputs.found.notes)
    since_base = {rel for rel, digest in now.items() if base.notes[rel] != digest}
    since_last = {rel for rel, digest in now.items() if last_digest(last, rel) != digest}
    todo = sorted(since_base | since_last | set(last.delta_pages))
    if len(since_base) > MOST_NOTES or not todo or len(todo) > MOST_PAGES:
        return None
    notes = base_notes(root, last, base, todo)
    read = {source.rel_path: source for source in inputs.found.read}
    reported = {d.pos.path for d in last.diagnostics if d.pos is not None}
    for rel in sorted(since_base):
        source = read.get(rel) or read_note(root / NOTES_DIR, rel)
        if notes is None or not isinstance(source, NoteFile) or source.digest != now[rel]:
            return None
        parsed = parse_note(source, inputs.macros, inputs.config.admonitions)
        if not reads_alike(notes[rel], parsed, base, notes[rel].base.pos.path in reported):
            return None
        notes[rel] = replace(notes[rel], now=parsed)
    return notes


def last_digest(last: BuildState, rel: str) -> str:
    stamp = last.stamps.get(rel)
    return stamp.digest if stamp is not None else ""


def base_notes(
    root: Path, last: BuildState, base: DeltaBase, rels: Sequence[str]
) -> dict[str, Note] | None:
    """The notes as the base parsed them, with their kits (None when the cache lacks one)."""
    if not rels:
        return {}
    kits = shard_files(root, KITS_FILE, rels, "kits", lambda p, _: p.get("token") == base.token)
    pairs = last.pair
    parses = shard_files(
        root, PARSES_FILE, rels, "parsed", lambda p, i: i < len(pairs) and p.get("pair") == pairs[i]
    )
    notes = {}
    for rel in rels:
        kit = kits.get(rel) if kits is not None else None
        result = parses.get(kit.parse_key) if parses is not None and kit is not None else None
        if not isinstance(kit, EntryKit) or not isinstance(result, ParseResult):
            return None
        if result.entry is None or result.pending_dates:  # (those read by settle_dates)
            return None
        notes[rel] = Note(rel, kit, result.entry, result)
    return notes


def shard_files(
    root: Path,
    pattern: str,
    rels: Iterable[str],
    field: str,
    belongs: Callable[[dict[str, Any], int], bool],
) -> dict[str, Any] | None:
    """What the shards of these notes' paths hold under `field`, merged (None when one is
    unusable, or not the base's)."""
    merged: dict[str, Any] = {}
    for shard in sorted({parse_shard(rel) for rel in rels}):
        payload, problem = load_payload(root, pattern.format(shard))
        usable = payload is not None and problem is None and belongs(payload, shard)
        found = payload.get(field) if payload is not None and usable else None
        if not isinstance(found, dict):
            return None
        merged.update(found)
    return merged


def reads_alike(note: Note, parsed: ParseResult, base: DeltaBase, reported: bool) -> bool:
    """Whether every page but the note's own shows `parsed` as it showed the base's parse, and
    the build reports the same problems (`reported`: the last build reported one in the note, at
    a line the edit may have moved)."""
    now, then = parsed.entry, note.base
    if now is None or parsed.diagnostics != note.now.diagnostics:
        return False
    if parsed.pending_dates or parsed.date_order != note.now.date_order:
        return False  # read by the order of the whole vault's dates (settle_dates)
    if face(now) != face(then) or then.content_key != note.kit.content_key:
        return False
    if reported and (now.links != then.links or now.quotes != then.quotes):
        return False
    targets = note.kit.inputs.targets
    if then.slug in base.exposed or note_embeds(now, targets) or base_embeds(now, targets):
        return False  # (a base's view is of every note: made again by a full build)
    return names_found(now, base.names) == names_found(then, base.names)


def face(entry: Entry) -> Entry:
    """What other pages may show of an entry: all but its body's HTML, mention text and words,
    and the lines of its links and quotes (which only problems reported at them show)."""
    return replace(
        entry,
        body_html="",
        mention_text="",
        words=NO_WORDS,
        links=tuple(replace(link, line=0) for link in entry.links),
        quotes=tuple(replace(quote, line=0) for quote in entry.quotes),
    )


def names_found(entry: Entry, names: Keyed[NameTable]) -> dict[str, tuple[str, str]]:
    """slug -> (name, excerpt) of each entry the note's prose names (find_mentions' first find)."""
    found: dict[str, tuple[str, str]] = {}
    for phrase in entry_phrases(entry, names):
        slug, name = names.value.owners[phrase]
        if slug not in found:
            found[slug] = (name, entry_excerpt(entry, phrase))
    return found


def related_now(
    root: Path, base: DeltaBase, notes: Mapping[str, Note]
) -> tuple[set[str], dict[str, tuple[str, ...]]] | None:
    """The slugs whose related entries differ from the base's, and every entry's related entries,
    brought up to date from the base's for the notes changed since (None: not the base's)."""
    held = load_dict(root, HELD_FILE, "held")
    state = held.get(HELD_RELATED)
    if held.get(HELD_TOKEN) != base.token or not isinstance(state, RelatedState):
        return None
    keys = state.keys
    if any(
        n.kit.place >= len(keys) or keys[n.kit.place] != n.kit.content_key for n in notes.values()
    ):
        return None
    changes = {n.kit.place: n.now.entry for n in notes.values() if n.changed and n.now.entry}
    before = list(state.related)
    after = relearn_some(state, changes)
    pairs = zip(after.slugs, before, after.related, strict=True)
    moved = {slug for slug, was, now in pairs if was != now}
    return moved, dict(zip(after.slugs, after.related, strict=True))


def page_of(
    note: Note,
    related: Mapping[str, tuple[str, ...]] | None,
    cards: Mapping[str, Card],
    nav: Nav | None,
) -> PageSpec:
    """The note's page, planned from its kit with the note as it now reads (and its `related`
    entries; None: the base's, which the kit holds)."""
    assert note.now.entry is not None, "a note with an entry in the base has one still"
    entry = fill_links(note.now.entry, note.kit.inputs)
    page = EntryPage(entry, *(unpacked(part, cards, nav) for part in note.kit.page))
    if related is None:
        return entry_page(page)
    shown = tuple(cards[slug] for slug in related.get(entry.slug, ()))
    return entry_page(replace(page, related=shown))


def rendered(
    options: BuildOptions,
    last: BuildState,
    inputs: Inputs,
    base: DeltaBase,
    pages: Sequence[PageSpec],
    staging: Path,
) -> Made | None:
    """Render the pages whose fingerprint changed into `staging` and index their shards again:
    the whole site's plan; None when a page cannot be rendered (the full build says why)."""
    out, config = real_path(options.out), inputs.config
    existing, diags = set(last.outputs), list[Diagnostic]()
    args = (config, last.outputs, existing, diags, direct, None, (1, 1 << 30), staging)
    plan = plan_files(options.root, pages, *args)
    if diags or not marks_as_base(plan, base.searched):
        return None
    whole = site_plan(plan, last.outputs, base.pages)
    if not config.search:
        return Made(whole, {})
    known = load_dict(options.root, BUNDLES_FILE, "bundles")
    site = (out, last.outputs, existing, config.language, diags, False, KnownPrints(base.searched))
    whole, _ = add_search_bundle(whole, *site, None, known)
    return Made(whole, known) if not diags else None


def written(
    root: Path,
    out: Path,
    last: BuildState,
    inputs: Inputs,
    made: Made,
    apart: set[str],
    parsed: int,
) -> DeltaDone:
    """Write what changed in place and save the state (`apart`: the notes whose pages now differ
    from the base's), with the bundles of the shards replaced."""
    whole, existing = made.whole, set(last.outputs)
    replaced = replaced_bundles(out, last.outputs, whole.fingerprints)
    files = update_site(out, whole.files, nullcontext(), existing)
    state = replace(
        last,
        stamps=inputs.found.stamps,
        scanned_ns=inputs.found.started_ns,
        outputs=whole.fingerprints,
        site=site_identity(out),
        inputs=inputs.digest,
        delta_pages=tuple(sorted(apart)),
    )
    state = replace(state, folders=stamp_folders(out, state, last.folders, folders_of(files)))
    saved: dict[str, dict[str, object]] = {STATE_FILE: {"state": replace(state, parsed={})}}
    if replaced:
        kept = list({**made.known, **replaced}.items())[-KEPT_BUNDLES:]
        saved = {BUNDLES_FILE: {"bundles": dict(kept)}, **saved}
    problems = write_payloads(root, saved)
    return DeltaDone(state, files, parsed, whole.rendered, problems)


def replaced_bundles(
    out: Path, before: Mapping[str, str], after: Mapping[str, str]
) -> dict[str, dict[str, bytes]]:
    """The bundles of the search shards in `out` that the files `after` replace, by their stamp
    (a note put back as it was gets its shard's bundle back without Pagefind)."""
    shards: dict[str, dict[str, str]] = {}  # folder -> its files, by their stamp (all one)
    for rel, stamp in before.items():
        if rel.startswith(f"{BUNDLE_DIR}/") and rel.count("/") >= 2 and after.get(rel) != stamp:
            shards.setdefault(shard_folder(rel), {})[rel] = stamp
    found: dict[str, dict[str, bytes]] = {}
    for folder, files in shards.items():
        stamps = set(files.values())
        if len(stamps) != 1:  # not one shard's bundle: not kept
            continue
        try:
            bundle = {
                f"{BUNDLE_DIR}/{rel.removeprefix(folder)}": (out / rel).read_bytes()
                for rel in files
            }
        except OSError:
            continue
        found[stamps.pop()] = bundle
    return found


def marks_as_base(plan: FilePlan, searched: Mapping[str, tuple[str, str]]) -> bool:
    """Whether each page rendered is a search result just when its page in the base was."""
    return all(
        data.searched is None or bool(data.searched) == (rel in searched)
        for rel, data in plan.files.items()
        if isinstance(data, Staged)
    )


def site_plan(plan: FilePlan, outputs: Mapping[str, str], pages: tuple[str, ...]) -> FilePlan:
    """The whole site: the pages planned, every other file but the search bundle kept."""
    bundle = f"{BUNDLE_DIR}/"
    files: dict[str, bytes | Staged | None] = {
        rel: KEEP for rel in outputs if not rel.startswith(bundle)
    }
    prints = {rel: print_ for rel, print_ in outputs.items() if not rel.startswith(bundle)}
    files.update(plan.files)
    prints.update(plan.fingerprints)
    return FilePlan(files, prints, plan.rendered, pages)


class KnownPrints(Direct):
    """Calls made as they are, but a kept page's search print is the base's when the page is the
    base's (its fingerprint is): a page no base search result is none; one an earlier delta build
    rewrote is read."""

    def __init__(self, searched: Mapping[str, tuple[str, str]]) -> None:
        self.searched = searched

    def call(self, fn: Callable[..., R], /, *args: Any) -> R:
        if fn is kept_page_search_print:
            known = self.searched.get(args[1])
            if known is None:
                return cast(R, "")
            if known[0] == args[2]:
                return cast(R, known[1])
        return fn(*args)


def folders_of(files: WriteOutcome) -> set[str]:
    """The site's folders holding the files written or removed (the site's own too)."""
    touched = {""}
    for rel in (*files.written, *files.removed):
        parts = rel.split("/")[:-1]
        touched.update("/".join(parts[:n]) for n in range(1, len(parts) + 1))
    return touched
