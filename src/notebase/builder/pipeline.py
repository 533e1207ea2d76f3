"""Runs the pipeline, discover -> parse -> index -> plan -> render -> write, from one BuildState
to the next."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from notebase.builder.cache import (
    load_memo,
    load_parses,
    load_state,
    parse_context,
    parse_key,
    parsed_note,
    save_memo,
    save_stamps,
    save_state,
    saved_state,
)
from notebase.builder.cachefiles import HELD_RELATED, HELD_TOKEN, save_held
from notebase.builder.delta import DeltaDone, delta_build, save_base
from notebase.builder.inputs import (
    RACY_NS,
    Discovery,
    Handed,
    Inputs,
    load_macros,
    read_inputs,
    site_is_current,
    stamp_folders,
)
from notebase.builder.memo import Memo
from notebase.builder.parallel import default_jobs, map_ordered
from notebase.builder.preview import BASIS, Basis, hold_basis
from notebase.builder.related_helper import HELPED, RelatedHelper, RelatedJob
from notebase.builder.related_update import related_state
from notebase.builder.search import (
    EarlyIndex,
    ReadyBundle,
    SearchJob,
    discard_bundle,
    kept_page_search_print,
    page_results,
)
from notebase.builder.sitefiles import FilePlan, add_search_bundle, plan_files
from notebase.builder.state import BuildOptions, BuildState, Stamp, drop_memos
from notebase.builder.write import (
    SiteTree,
    WriteOutcome,
    check_output_dir,
    list_site_files,
    remove_leftovers,
    site_identity,
    site_tree,
    swap_folder,
    update_site,
)
from notebase.config import Config
from notebase.diagnostics import Diagnostic, FilePos, error, has_errors, sort_diagnostics
from notebase.digests import Keyed, direct
from notebase.files import real_path, removals_later, temp_folder
from notebase.linking.analyses import with_mentions, with_related
from notebase.linking.attachments import (
    Copy,
    FileTable,
    Reader,
    drawing_images,
    read_attachment,
    read_attachments,
)
from notebase.linking.bases import base_diagnostics
from notebase.linking.index import (
    Names,
    index_and_names,
    name_targets,
    suggest_name,
    titled_by_file_names,
)
from notebase.linking.linktags import resolve_index
from notebase.linking.mentions import (
    NameTable,
    entry_excerpt,
    entry_phrases,
    names_of,
)
from notebase.linking.related import RelatedState, related_inputs, related_of
from notebase.markdown.admonitions import NO_TYPES, AdmonitionTypes
from notebase.markdown.texmacros import NO_MACROS, TexMacros
from notebase.model import Attachment, Entry, NoteFile, ParseResult, SiteIndex
from notebase.planning.cards import Card, make_cards
from notebase.planning.pages import PageSpec, folder_warnings, plan_pages
from notebase.reading.discover import NOTES_DIR, read_note
from notebase.reading.parse import parse_note, settle_dates
from notebase.slugs import is_drawn_file, output_path
from notebase.urls import ASSETS_DIR, BUNDLE_DIR

NOTHING = WriteOutcome((), (), ())
# per-note results, small and costly, a one-shot build keeps in the cache for the next (memo.pickle)
DURABLE = (entry_phrases, entry_excerpt, name_targets, suggest_name, kept_page_search_print)
# editorial advice: `check` reports it, a build stays quiet about it (it is not a build problem)
CHECK_ONLY = frozenset({"paper-no-tldr", "duplicate-source", "source-by-title"})
# top-level folders of the site holding files other than pages: no note's page may go there
RESERVED_DIRS = {BUNDLE_DIR: "the search index", ASSETS_DIR: "the styles and scripts"}


@dataclass(frozen=True, slots=True)
class BuildResult:
    diagnostics: tuple[Diagnostic, ...]
    entries: int
    pages: int
    written: bool
    seconds: float
    parsed: int = 0  # notes parsed afresh (the others came from the state)
    rendered: int = 0  # pages rendered afresh (the others had an unchanged fingerprint)
    files: WriteOutcome = NOTHING
    search: SearchJob | None = None  # with search_later: the indexing still due

    @property
    def failed(self) -> bool:
        return not self.written and has_errors(self.diagnostics)


def build_site(options: BuildOptions) -> BuildResult:
    """One build, starting from (and leaving) the persistent cache when options.cache is set."""
    if not options.cache:
        return rebuild(BuildState(), options)[1]
    with collector_paused():  # loading and saving the cache too: they allocate by the million
        return cached_build(options)


def cached_build(options: BuildOptions) -> BuildResult:
    """The build, timed from the cache read to the cache written and the build's values freed."""
    start = time.perf_counter()
    with removals_later():  # old sites and scratch folders deleted while the build goes on
        result = build_from_cache(options)
    return replace(result, seconds=time.perf_counter() - start)


def build_from_cache(options: BuildOptions) -> BuildResult:
    """The build from the last build's cache (nothing done when the site is current), leaving
    the cache for the next."""
    last, cache_diags = load_state(options.root, parses=False)  # unusable: empty, not current
    inputs = read_inputs(options, last.stamps, last.scanned_ns, load_macros(options.root))
    if site_is_current(last, options, inputs):
        remove_leftovers(real_path(options.out))  # of builds killed since (their work was undone)
        files = WriteOutcome((), tuple(sorted(last.outputs)), ())
        diags = (*last.diagnostics, *trust_read_notes(options.root, last, inputs.found))
        return BuildResult(diags, *last.counts, True, 0.0, 0, 0, files)  # timed above
    delta = delta_build(options, last, inputs)
    if delta is not None:
        return delta_result(delta, last, cache_diags)
    state, more_diags = load_parses(options.root, last)
    cache_diags += more_diags
    # no next build in this process: nothing is kept for one (the memo's slots, the parses)
    memo = Memo(*load_memo(options.root), slots=False)
    handed = Handed(inputs)
    del inputs  # the build takes them: the notes' text is let go of once they are parsed
    early = SavedEarly(options.root)
    new_state, result = rebuild(state, options, inputs=handed, memo=memo, saves=early)
    new_state = drop_memos(new_state)  # freed before the cache is written (it is not saved)
    if result.written:
        new_state = replace(new_state, folders=stamp_folders(real_path(options.out), new_state))
    new_state = replace(new_state, base=early.token if result.written and early.based else "")
    if new_state != state:
        cache_diags += save_state(options.root, new_state, {})  # the parses saved already
        cache_diags += save_memo(options.root, memo.results_of(DURABLE))
    return replace(result, diagnostics=sort_diagnostics((*result.diagnostics, *cache_diags)))


def trust_read_notes(root: Path, last: BuildState, found: Discovery) -> tuple[Diagnostic, ...]:
    """A build that found nothing changed, having read notes again (too new to trust by their
    stamps when last read, or touched since: a checkout, a copy), saves their stamps as of its
    scan, so that the next such build reads none of them (each read every time, else)."""
    if not found.read:
        return ()
    return save_stamps(root, replace(last, stamps=found.stamps, scanned_ns=found.started_ns))


def delta_result(
    done: DeltaDone, last: BuildState, cache_diags: tuple[Diagnostic, ...]
) -> BuildResult:
    """The result of a delta build (timed by cached_build): the last build's problems stand."""
    diags = sort_diagnostics((*last.diagnostics, *cache_diags, *done.problems))
    entries, pages = last.counts
    return BuildResult(diags, entries, pages, True, 0.0, done.parsed, done.rendered, done.files)


class SavedEarly:
    """What a process that makes one build (`notebase build`) saves for the next as soon as it
    is made, and then lets go of: the parses, and the related entries."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.token = os.urandom(8).hex()  # of the base this build makes for delta builds
        self.keys: tuple[str, ...] = ()  # the content keys its related entries were made of
        self.based = False  # whether it saved that base
        self.names: Keyed[NameTable] | None = None  # the names mentions were found by

    def parses(
        self, state: BuildState, parsed: Mapping[str, ParseResult]
    ) -> tuple[BuildState, tuple[Diagnostic, ...]]:
        """The last build's `state` saved with this build's parses, `parsed` (the shards that
        changed; the rest of the state as it was, which they are consistent with, being keyed
        by content), and that state without them, naming the shards saved."""
        saved, problems = saved_state(self.root, replace(state, parsed=parsed), state.parsed)
        return replace(saved, parsed={}), problems

    def related(self, memo: Memo) -> tuple[Diagnostic, ...]:
        """The related entries the memo holds saved, and no longer held."""
        related = memo.take(HELD_RELATED)
        if not isinstance(related, RelatedState):
            return save_held(self.root, {})
        self.keys = related.keys
        return save_held(self.root, {HELD_RELATED: related, HELD_TOKEN: self.token})

    def job(self, entries: Sequence[Entry]) -> RelatedJob:
        """What a helper is handed to make (and save) the related entries of `entries`."""
        inputs = related_inputs(entries)
        self.keys = inputs.keys
        return RelatedJob(str(self.root), self.token, inputs)

    def base(self, planned: Planned, plan: FilePlan) -> tuple[Diagnostic, ...]:
        """What a delta build starts from, saved for the site `plan` wrote (builder/delta.py)."""
        index, config = planned.basis.index, planned.inputs.config
        assert self.names is not None, "the names mentions were found by are kept first"
        problems = save_base(
            self.root,
            self.token,
            planned.inputs,
            index,
            planned.pages,
            planned.cards,
            self.names,
            self.keys,
            plan,
            config.directory_urls,
        )
        self.based = not problems
        return problems


def rebuild(
    state: BuildState,
    options: BuildOptions,
    swap_lock: AbstractContextManager[object] | None = None,
    inputs: Handed | None = None,
    memo: Memo | None = None,
    saves: SavedEarly | None = None,
) -> tuple[BuildState, BuildResult]:
    """A build that reuses `state`, writing byte for byte the site a clean build writes (from
    `inputs` when they were read already, with the stamps the state was saved with; with
    `memo` the build's memo when the state has none: one loaded from the cache; with `saves`,
    what the next build reuses saved as soon as it is made, and not held)."""
    with collector_paused():
        return run_build(state, options, swap_lock, inputs, memo, saves)


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for one build. A build makes few cycles, but its passes
    walk every object the build holds: at 10,000 notes they were a third of a rebuild after one
    edit. What cycles the build leaves are collected once it is done, unless the collector was
    off already: a process that ends with its build leaves them to the system (cli.run)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def run_build(
    state: BuildState,
    options: BuildOptions,
    swap_lock: AbstractContextManager[object] | None,
    inputs: Handed | None,
    loaded: Memo | None = None,
    saves: SavedEarly | None = None,
) -> tuple[BuildState, BuildResult]:
    start = time.perf_counter()
    refused = check_output_dir(options.out, options.root, options.force) if options.write else None
    if refused is not None:  # before reading a note: nothing the build could do would be written
        return state, finish(Tally(start, 0, 0, 0), [refused], False)
    kept, planned, diags, tally = plan_build(state, options, inputs, loaded, saves, start)
    if not options.write:  # check: render everything (template errors count) but write nothing
        config, copies, assets = planned.inputs.config, planned.copies, planned.inputs.assets
        pool = render_pool(options)
        plan_files(
            options.root,
            planned.pages,
            config,
            {},
            set(),
            diags,
            parallel=pool,
            copies=copies,
            assets=assets,
        )
        return kept, finish(tally, diags, False)
    return write_build(kept, options, planned, diags, tally, swap_lock, saves)


def plan_build(
    state: BuildState,
    options: BuildOptions,
    handed: Handed | None,
    loaded: Memo | None,
    saves: SavedEarly | None,
    start: float,
) -> tuple[BuildState, Planned, list[Diagnostic], Tally]:
    """Read, parse, index and plan: the state to keep, what the build is to render, its problems.
    With `saves`, the notes as parsed are held by none of these, once saved."""
    if handed:
        inputs = handed.take()
    else:
        read = load_macros(options.root)
        inputs = read_inputs(options, trusted_stamps(state), state.scanned_ns, read)
    macros, config = inputs.macros, inputs.config
    context = parse_context(macros, config.admonitions)
    found = read_unparsed(options.root, inputs.found, state.parsed, context)
    parsed, fresh = parse_notes(found, state.parsed, options, macros, config.admonitions)
    found = replace(found, read=())  # the notes' text, parsed: not held while the pages render
    inputs = replace(inputs, found=found)
    kept, diags = replace(state, parsed=parsed), list(inputs.diagnostics)
    memo = state.memo.next_generation() if state.memo else (loaded or Memo())
    memo.held.pop(BASIS, None)  # the last site's, which this build is to replace
    with related_helper(saves, memo, len(parsed), options.jobs or default_jobs()) as helper:
        index, index_diags, copies, (wiki_names, names) = index_parsed(
            parsed.values(), options, found, memo, config
        )
        related = RelatedEntries(index.entries, memo, saves, helper)
        if saves is not None:  # (while a helper makes the related entries)
            kept, saving = saves.parses(state, parsed)
            diags += saving
        del parsed  # (once saved, held by nothing: the notes as parsed go with the index's)
        index = add_mentions(index, memo, saves)
        index = resolve_index(index, config.directory_urls, memo)
        cards = make_cards(index.entries, memo)
        index, saving = related.added_to(index)
        diags += saving
    pages = plan_pages(index, config, cards, memo)
    diags += [*found.diagnostics, *index_diags, *check_collisions(pages, index)]
    diags += folder_warnings(index, memo)
    if options.write:
        diags = [d for d in diags if d.code not in CHECK_ONLY]
    kept = replace(kept, stamps=found.stamps, scanned_ns=found.started_ns, memo=memo)
    basis = Basis(index, wiki_names, names, config, macros)
    planned = Planned(inputs, pages, copies, state.memo is not None, basis, cards)
    return kept, planned, diags, Tally(start, len(index.entries), len(pages), fresh)


@dataclass(frozen=True, slots=True)
class Tally:
    """What a build counts: when it began, its entries and pages, the notes it parsed afresh."""

    start: float
    entries: int
    pages: int
    parsed: int


@dataclass(frozen=True, slots=True)
class Planned:
    """What a build read and planned, before anything is rendered."""

    inputs: Inputs
    pages: tuple[PageSpec, ...]
    copies: dict[str, Copy]  # the files under notes/ the site holds, by their path there
    # the state it began from was built in this process (serve's): it recorded every file it put
    # in the site, and when a trusted site marker says no other build put a site in place since,
    # the walk of the site (a sixth of a rebuild after one edit at 10,000 notes) is skipped. Only
    # a file changed by hand in the site goes unseen, until its page changes or a `notebase build`
    listed: bool
    basis: Basis  # what previews of this site's pages are made from, once it is written
    cards: dict[str, Card]  # the entries' cards


def finish(
    tally: Tally,
    diags: Iterable[Diagnostic],
    written: bool,
    rendered: int = 0,
    files: WriteOutcome = NOTHING,
    due: SearchJob | None = None,
) -> BuildResult:
    seconds = time.perf_counter() - tally.start
    counts = (tally.entries, tally.pages)
    return BuildResult(
        sort_diagnostics(diags), *counts, written, seconds, tally.parsed, rendered, files, due
    )


def write_build(
    state: BuildState,
    options: BuildOptions,
    planned: Planned,
    diags: list[Diagnostic],
    tally: Tally,
    swap_lock: AbstractContextManager[object] | None,
    saves: SavedEarly | None = None,
) -> tuple[BuildState, BuildResult]:
    """Render the pages that changed and, unless the build has errors, write the site; with the
    state after it (`state` itself when nothing was written), and with `saves`, the base of delta
    builds saved."""
    out, config = real_path(options.out), planned.inputs.config
    # a site swapped in by a build this state does not record (killed before saving) is not trusted
    trusted = state.out == str(out) and state.site == site_identity(out)
    previous = state.outputs if trusted else {}
    existing = set(state.outputs) if trusted and planned.listed else list_site_files(out)
    plan, due, outcome, site = None, None, None, (previous, existing)
    try:
        with (
            temp_folder(out) as staging,  # the pages are written there as they are rendered
            early_index(out, planned, site, options, diags, state) as early,
            new_site(out, swap_lock) as tree,
        ):
            plan = plan_files(
                options.root,
                planned.pages,
                config,
                previous,
                existing,
                diags,
                state.memo,
                options.progress,
                render_pool(options),
                staging,
                planned.copies,
                planned.inputs.assets,
                early,
            )
            if tree is not None and not has_errors(diags, options.strict):
                tree.begin(plan.files, existing)  # while the search index is made
            if saves is not None and not has_errors(diags):  # (named by the state once written)
                diags += saves.base(planned, searched_plan(plan, out, config, state))
            plan, due = with_search(plan, out, site, options, config, diags, state, early)
            if not has_errors(diags, options.strict):
                outcome = update_site(out, plan.files, swap_lock, existing, tree)
    except OSError as exc:  # beside or in the output folder
        diags.append(write_failed(options.out, exc))
        # a file the state lists may be what is gone (deleted by hand): the next build walks the site
        state = replace(state, memo=None)
    if plan is None or outcome is None:
        return state, finish(tally, diags, False, plan.rendered if plan else 0)
    done = finish(tally, diags, True, plan.rendered, outcome, due)
    if state.memo is not None:
        hold_basis(state.memo, planned.basis)
    return written_state(state, out, planned, plan.fingerprints, done), done


def written_state(
    state: BuildState, out: Path, planned: Planned, outputs: dict[str, str], done: BuildResult
) -> BuildState:
    """The state after a build `done` wrote the site `out` (its files' fingerprints `outputs`)."""
    return replace(
        state,
        outputs=outputs,
        out=str(out),
        site=site_identity(out),
        inputs=planned.inputs.digest,
        diagnostics=done.diagnostics,
        counts=(done.entries, done.pages),
        unindexed=done.search.stamp if done.search else "",
        base="",  # a site a full build wrote: the base (if any) is named by build_from_cache
        delta_pages=(),
    )


def new_site(
    out: Path, swap_lock: AbstractContextManager[object] | None
) -> AbstractContextManager[SiteTree | None]:
    """Where a build of its own assembles the new site, begun while the search index is made
    (None under a server, which writes a few changes in place instead)."""
    return site_tree(out) if swap_lock is None else nullcontext(None)


def with_search(
    plan: FilePlan,
    out: Path,
    site: tuple[Mapping[str, str], set[str]],
    options: BuildOptions,
    config: Config,
    diags: list[Diagnostic],
    state: BuildState,
    early: EarlyIndex | None = None,
) -> tuple[FilePlan, SearchJob | None]:
    """The plan plus the search bundle when the site has one and the build has no errors (and with
    `search_later`, the indexing due; the shards `early` indexed taken as made)."""
    if not config.search or has_errors(diags, options.strict):
        return plan, None
    previous, existing = site
    later, apply = options.search_later, state.memo or direct
    language = config.language
    return add_search_bundle(plan, out, previous, existing, language, diags, later, apply, early)


def searched_plan(plan: FilePlan, out: Path, config: Config, state: BuildState) -> FilePlan:
    """The plan with its search results as the search bundle will have them (with_search), known
    before it is made: what the base of delta builds is saved with while the shards are indexed."""
    if not config.search:
        return plan
    apply = state.memo or direct
    return replace(
        plan, searched=page_results(out, plan.files, plan.fingerprints, apply, plan.pages)
    )


@contextmanager
def early_index(
    out: Path,
    planned: Planned,
    site: tuple[Mapping[str, str], set[str]],
    options: BuildOptions,
    diags: list[Diagnostic],
    state: BuildState,
) -> Iterator[EarlyIndex | None]:
    """What indexes the shards as their pages are rendered, when this build is to index them
    (not left for later, no errors yet), called off on leaving; else None."""
    config = planned.inputs.config
    if not config.search or options.search_later or has_errors(diags, options.strict):
        yield None
        return
    rels = (output_path(spec.url) for spec in planned.pages)
    with EarlyIndex(out, rels, site, config.language, state.memo or direct) as early:
        yield early


def render_pool(options: BuildOptions) -> tuple[int, int]:
    """(processes, fewest pages worth them) to render pages on."""
    return options.jobs or default_jobs(), options.min_parallel_render


def write_failed(out: Path, exc: OSError) -> Diagnostic:
    where = f"{exc.filename}: " if exc.filename else ""
    message = f"cannot write the site: {where}{exc.strerror or exc}"
    hint = "make the output folder and the folder holding it writable, or choose another --out"
    return error("write-failed", message, FilePos(str(out)), hint)


def swap_search_bundle(
    state: BuildState, ready: ReadyBundle, swap_lock: AbstractContextManager[object]
) -> BuildState:
    """The state after a due search job's bundle replaced the one in the site (serve). The job must
    be the one the state is waiting for: run over the pages the site still holds."""
    out = Path(state.out)
    assert state.unindexed == ready.job.stamp and out == ready.job.out, "a stale search bundle"
    try:
        swap_folder(ready.folder / BUNDLE_DIR, out, BUNDLE_DIR, swap_lock)
    finally:
        discard_bundle(ready)
    outputs = {r: p for r, p in state.outputs.items() if not r.startswith(f"{BUNDLE_DIR}/")}
    outputs.update(ready.fingerprints)
    return replace(state, outputs=outputs, site=site_identity(out), unindexed="")


def trusted_stamps(state: BuildState) -> dict[str, Stamp]:
    """The stamps of the notes whose parse the state holds (a stamp alone cannot stand for a
    note), with whatever TeX macros and Admonition types: those are read with the config, after
    the notes are scanned, and read_unparsed reads a note whose parse with this build's it lacks."""
    held = {parsed_note(key) for key in state.parsed}
    return {rel: stamp for rel, stamp in state.stamps.items() if (rel, stamp.digest) in held}


def read_unparsed(
    root: Path, found: Discovery, parsed: Mapping[str, ParseResult], macros: str = ""
) -> Discovery:
    """`found` with the notes read whose parse the state does not hold (its stamps were trusted
    when the inputs were read, before its parses were loaded: a cache that lost some; or the
    vault's TeX macros or Admonition types changed since: `macros` is the parse_context)."""
    read = {s.rel_path for s in found.read}
    missing = {r for r, d in found.notes if r not in read and parse_key(r, d, macros) not in parsed}
    if not missing:
        return found
    sources: list[NoteFile] = []
    diags = list(found.diagnostics)
    for rel in sorted(missing):
        result = read_note(root / NOTES_DIR, rel)
        if isinstance(result, Diagnostic):
            diags.append(result)
        else:
            sources.append(result)
    got = {s.rel_path: s.digest for s in sources}
    notes = tuple((r, got.get(r, d)) for r, d in found.notes if r not in missing or r in got)
    return replace(found, notes=notes, read=(*found.read, *sources), diagnostics=tuple(diags))


def parse_notes(
    found: Discovery,
    previous: Mapping[str, ParseResult],
    options: BuildOptions,
    macros: TexMacros = NO_MACROS,
    admonitions: AdmonitionTypes = NO_TYPES,
) -> tuple[dict[str, ParseResult], int]:
    """Every note parsed, reusing the parse of any note whose path and content (and the TeX
    macros and custom Admonition types) are unchanged; the others are parsed on every core (in
    path order, so the result never depends on timing)."""
    context = parse_context(macros, admonitions)
    todo = [s for s in found.read if parse_key(s.rel_path, s.digest, context) not in previous]
    jobs = options.jobs or default_jobs()
    show = options.progress
    on_done = (lambda done: show("parsing", done, len(todo))) if show else None
    settings = macros.macros or admonitions.types
    parse = partial(parse_note, macros=macros, admonitions=admonitions) if settings else parse_note
    results = map_ordered(parse, todo, jobs, options.min_parallel, on_done)
    fresh = {
        parse_key(s.rel_path, s.digest, context): r for s, r in zip(todo, results, strict=True)
    }
    keys = [parse_key(rel, digest, context) for rel, digest in found.notes]
    parsed = {key: fresh[key] if key in fresh else previous[key] for key in keys}
    return parsed, len(todo)


def index_parsed(
    parsed: Iterable[ParseResult],
    options: BuildOptions,
    found: Discovery,
    memo: Memo,
    config: Config,
) -> tuple[SiteIndex, list[Diagnostic], dict[str, Copy], tuple[Keyed[Names], Keyed[Names]]]:
    """The index of every entry the site shows (drafts, and with `published: marked` the notes
    not so marked, left out unless drafts are asked for) with the files under notes/
    its links lead to, all diagnostics, those files' copies by where the site holds them, and
    the names its wikilinks and its other links were resolved by."""
    diags: list[Diagnostic] = []
    entries: list[Entry] = []
    drafts: list[Entry] = []
    for result in settle_dates(list(parsed)):
        diags.extend(result.diagnostics)
        if result.entry is not None:
            entry = result.entry
            shown = options.drafts or config.publishes(entry.draft, entry.published, entry.rel_path)
            (entries if shown else drafts).append(entry)
    others = (rel for rel, _, _ in found.files)
    entries = titled_by_file_names(entries) if config.quartz else entries
    index, wiki_names, names = index_and_names(entries, others, drafts, memo, found.left_out)
    diags.extend(index.diagnostics)
    linked = (t[1:] for targets in index.link_targets.values() for t in targets if t[:1] == "@")
    read = attachment_reader(found, memo, names.value.files)
    files, copies, unread = read_attachments(options.root / NOTES_DIR, linked, NOTES_DIR, read)
    diags += [*unread, *base_diagnostics(files.values(), NOTES_DIR)]
    return replace(index, attachments=files), diags, copies, (wiki_names, names)


def attachment_reader(found: Discovery, memo: Memo, files: FileTable) -> Reader:
    """read_attachment through the memo for a file whose stamp (size, mtime) is old enough to
    stand for its bytes (and those of the images it shows, a drawing's or a canvas's: among
    `files`): an attachment unchanged since the last build is not read again."""
    trusted = found.started_ns - RACY_NS  # a file written in the scan's tick may change unseen
    stamps = {rel: (size, mtime) for rel, size, mtime in found.files if mtime < trusted}

    def read(notes_dir: Path, path: str) -> tuple[Attachment, Copy]:
        shown = drawing_images(notes_dir, path, files) if is_drawn_file(path) else {}
        held = [(key, rel, stamps.get(rel)) for key, rel in shown.items()]
        stamp = stamps.get(path)
        if stamp is None or any(s is None for _, _, s in held):
            return read_attachment(notes_dir, path, shown)
        images = tuple((key, rel, *s) for key, rel, s in held if s is not None)
        return memo.call(read_stamped, str(notes_dir), path, *stamp, images)

    return read


def read_stamped(
    notes_dir: str, path: str, size: int, mtime_ns: int, images: tuple[tuple[str, ...], ...]
) -> tuple[Attachment, Copy]:
    """read_attachment, keyed in the memo by the file's stamp as well (and those of the images
    it shows, by their ids: a drawing's or a canvas's)."""
    return read_attachment(Path(notes_dir), path, {image[0]: image[1] for image in images})


@contextmanager
def related_helper(
    saves: SavedEarly | None, memo: Memo, notes: int, jobs: int
) -> Iterator[RelatedHelper | None]:
    """A helper process to make the related entries, started now (stopped on leaving), when the
    build is a one-shot build of HELPED notes or more that has no related entries of the last
    build's to bring up to date, and may use more than one process (`--jobs`; related_helper.py)."""
    try:
        wanted = saves is not None and notes >= HELPED and jobs > 1
        helper = RelatedHelper() if wanted and HELD_RELATED not in memo.held else None
    except OSError:  # no process to be had (the system's limit, no interpreter): made here
        helper = None
    if helper is None:
        yield None
        return
    try:
        yield helper
    finally:
        helper.close()


class RelatedEntries:
    """The index's related entries: made now (brought up to date from the last build's, which
    the memo holds, and with `saves`, saved and no longer held), or by a helper while the build
    goes on."""

    def __init__(
        self,
        entries: Sequence[Entry],
        memo: Memo,
        saves: SavedEarly | None,
        helper: RelatedHelper | None,
    ) -> None:
        self.slugs, self.memo, self.saves = tuple(e.slug for e in entries), memo, saves
        self.job = saves.job(entries) if helper is not None and saves is not None else None
        handed = helper is not None and self.job is not None and helper.hand(self.job)
        self.helper = helper if handed else None
        if self.helper is None:
            self.related, self.problems = self.made_here(
                related_state(entries, memo.take(HELD_RELATED))
            )

    def made_here(
        self, state: RelatedState
    ) -> tuple[list[tuple[str, ...]], tuple[Diagnostic, ...]]:
        """The related entries of `state`, held by the memo (with `saves`: saved, and let go of)."""
        self.memo.hold(HELD_RELATED, state)
        return state.related, self.saves.related(self.memo) if self.saves is not None else ()

    def added_to(self, index: SiteIndex) -> tuple[SiteIndex, tuple[Diagnostic, ...]]:
        """The index with the related entries, and the problems saving them."""
        if self.helper is not None:
            made = self.helper.made()
            if made is not None:
                self.related, self.problems = made.related, made.problems
            else:  # the helper failed: made here, of what it was handed
                assert self.job is not None
                self.related, self.problems = self.made_here(related_of(self.job.inputs))
        return with_related(index, self.slugs, self.related), self.problems


def add_mentions(index: SiteIndex, memo: Memo, saves: SavedEarly | None) -> SiteIndex:
    """The index with each entry's unlinked mentions, through the memo (the names they were
    found by kept by `saves` for the base)."""
    names = names_of(index.entries, memo)
    if saves is not None:
        saves.names = names
    return with_mentions(index, memo, names)


def check_collisions(pages: Iterable[PageSpec], index: SiteIndex) -> list[Diagnostic]:
    """Two pages at one URL (a note at notes/tags.md and the tags page) is an error; so is a note
    in a folder the site generator fills itself (notes/pagefind.md and the search index)."""
    owners: dict[str, PageSpec] = {}
    diags = []
    hint = "move or rename the note, or give it a `slug:`"
    for spec in pages:
        top, entry = spec.url.split("/", 1)[0], spec.context.get("entry")
        if top in RESERVED_DIRS and isinstance(entry, Entry):
            message = f"/{spec.url} is inside /{top}/, kept for {RESERVED_DIRS[top]}"
            diags.append(error("url-collision", message, entry.pos, hint))
        if spec.url in owners:
            entry = entry or owners[spec.url].context.get("entry")
            pos = entry.pos if isinstance(entry, Entry) else FilePos("notes")
            diags.append(error("url-collision", f"/{spec.url} is produced twice", pos, hint))
        owners[spec.url] = spec
    return diags
