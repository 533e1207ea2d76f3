"""The home of Pagefind: the site's rendered pages -> its search bundle (pagefind/), or a diagnostic.

The index is sharded: each page belongs, by a hash of its path, to one of K shards, and each shard's
search results are a Pagefind bundle of its own (pagefind/s03/...); pagefind/shards.json names them
and search.js merges them in the browser (Pagefind's mergeIndex). K is a power of two chosen from
the number of pages (a shard holds at most SHARD_PAGES), so it changes only when that number
crosses a threshold, and then every shard is new. Being known before a page is rendered, it lets a
build index each shard as soon as its pages are rendered (EarlyIndex), while the rest render.

Pagefind 1.5 writes the same bytes for the same pages except in its filter indexes, whose values come
out in hash-map order (and so the names of those files, the metadata file listing them and the entry
file naming that change from run to run); canonical_bundle sorts them and names them by content. A
shard's bundle is then a function of what Pagefind reads of its pages (search_page), so it is
stamped with that (search_print): a build re-indexes only the shards one of whose pages changed
where Pagefind reads it (not in a sidebar) and keeps the others' files, and the bundle is the one a
clean build writes. Under `serve` a build may leave the indexing for later: it keeps the bundle in
the site as it is and hands back a SearchJob, which index_later runs (cancellable, over the shards
due only) into a folder beside the site, ready to be swapped in. Its scratch folders are write.py's
temporary folders, so those of a process that was killed are deleted by the next build.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gzip
import json
import os
import re
import shutil
import subprocess
import threading
import time
import zlib
from collections.abc import Collection, Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

from notebase.config import CONFIG_FILE
from notebase.diagnostics import Diagnostic, FilePos, error
from notebase.digests import Apply, digest_bytes, digest_value, direct
from notebase.files import (
    KEEP,
    Staged,
    clean_rel,
    link_or_copy,
    make_temp_folder,
    safe_join,
    temp_folder,
    write_file,
)
from notebase.urls import BUNDLE_DIR

FILTERS_DIR = f"{BUNDLE_DIR}/filter"
ENTRY_FILE = f"{BUNDLE_DIR}/pagefind-entry.json"
MANIFEST_FILE = f"{BUNDLE_DIR}/shards.json"  # the shards search.js merges
SHARD_PAGES = 400  # the most pages a shard holds (about half that after a threshold)
UNUSED_FILES = (
    "pagefind-ui.",
    "pagefind-modular-ui.",
    "pagefind-component-ui.",
    "pagefind-highlight.",
)
SIGNATURE = b"pagefind_dcd"  # starts every Pagefind index file (gzipped or not)
INDEXED_MARK = b"data-pagefind-body"  # only pages carrying it are search results
TIMEOUT_SECONDS = 600
INDEX_JOBS = 2  # Pagefinds run at once (each uses more than one core a little of the time)
PAGEFIND_NICENESS = 10  # how far below the build's own process a Pagefind runs
POLL_SECONDS = 0.01  # how often a running Pagefind looks whether it was cancelled
# what reading a Pagefind file we do not understand raises (gzip.BadGzipFile is an OSError)
FORMAT_ERRORS = (ValueError, LookupError, TypeError, EOFError, OSError, zlib.error)
HINT = "set `search: false` in notebase.yaml to build the site without its full-text index"


Bundle = Mapping[str, bytes | Staged]  # a shard's files: bytes, or where Pagefind wrote them


@dataclass(frozen=True, slots=True)
class Shard:
    """One bundle of the index, in pagefind/<name>/: its pages, stamped with what indexes them."""

    name: str
    pages: tuple[str, ...]
    stamp: str

    @property
    def folder(self) -> str:
        return f"{BUNDLE_DIR}/{self.name}/"


@dataclass(frozen=True, slots=True)
class SearchJob:
    """The indexing a build left for later: the shards of the pages it wrote to `out`, those of
    them `due` to be indexed (the others' files, `kept`, are current in `out`), and the stamp of
    the whole index."""

    out: Path
    shards: tuple[Shard, ...]
    due: tuple[Shard, ...]
    kept: tuple[str, ...]
    language: str
    stamp: str


@dataclass(frozen=True, slots=True)
class SearchBundle:
    # file under out -> bytes, where Pagefind wrote it (Staged), or KEEP when already current
    files: dict[str, bytes | Staged | None]
    fingerprints: dict[str, str]
    due: SearchJob | None = None  # left for later: the bundle kept (if any) is not these pages'
    results: dict[str, str] = field(default_factory=dict)  # the search results' search prints


@dataclass(frozen=True, slots=True)
class ReadyBundle:
    """A job's bundle, written in `folder`/pagefind (absent when no page is a search result)."""

    job: SearchJob
    folder: Path
    fingerprints: dict[str, str]


class Cancelled(Exception):
    """The indexing was called off (a newer build is coming)."""


def plan_search(
    out: Path,
    files: Mapping[str, bytes | Staged | None],
    fingerprints: Mapping[str, str],
    previous: Mapping[str, str],
    existing: Collection[str],
    language: str,
    later: bool = False,
    apply: Apply = direct,
    pages: Collection[str] | None = None,
    early: EarlyIndex | None = None,
    known: Mapping[str, Bundle] | None = None,
) -> SearchBundle | Diagnostic:
    """The bundle for the site `files` describe (KEEP: the file already in `out`, listed in
    `existing`; Staged: a page rendered to a file beside `out`): the shards whose pages changed
    indexed, the others kept. The pages are `pages` (none: every HTML file), and the bundles
    `early` made of shards as they are now are taken as made. With `later`, Pagefind does not
    run: the bundle in the site stays as it is (with the fingerprints it has) and the result
    says what is due. A shard whose stamp `known` holds is given that bundle (made before)."""
    html = site_pages(files if pages is None else pages)
    results = page_results(out, files, fingerprints, apply, html)
    shards = plan_shards(results, language, shard_count(len(html)))
    bundle = site_bundle(previous, existing)
    current = current_files(shards, bundle)
    present = {shard_folder(rel) for rel in current}
    due = tuple(s for s in shards if s.folder not in present)
    manifest = manifest_file(shards)
    if not due:
        kept: dict[str, bytes | Staged | None] = dict.fromkeys(current, KEEP)
        kept |= manifest_kept(manifest, previous, existing)
        return SearchBundle(kept, {**current, **manifest_prints(manifest)}, None, results)
    if later:
        stamp = digest_value([s.stamp for s in shards])
        job = SearchJob(out, shards, due, tuple(current), language, stamp)
        return SearchBundle(dict.fromkeys(bundle, KEEP), bundle, job, results)  # never half
    indexer = early.indexer if early else None
    made = index_shards(out, files, due, language, indexer=indexer, known=known)
    if isinstance(made, Diagnostic):
        return made
    files_out: dict[str, bytes | Staged | None] = dict.fromkeys(current, KEEP)
    files_out |= made[0]
    files_out |= manifest_kept(manifest, previous, existing)
    prints = {**current, **made[1], **manifest_prints(manifest)}
    return SearchBundle(files_out, prints, None, results)


def page_results(
    out: Path,
    files: Mapping[str, bytes | Staged | None],
    fingerprints: Mapping[str, str],
    apply: Apply,
    pages: Iterable[str],
) -> dict[str, str]:
    """The search results among `pages` (those of them `files` holds), each with its search
    print (search_results)."""
    return search_results(
        out, {rel: files[rel] for rel in pages if rel in files}, fingerprints, apply
    )


def site_pages(files: Iterable[str]) -> list[str]:
    """The pages (HTML files) among `files`, in order: what may be a search result, and counts
    for the number of shards."""
    return sorted(rel for rel in files if rel.endswith(".html"))


def site_bundle(previous: Mapping[str, str], existing: Collection[str]) -> dict[str, str]:
    """The bundle in the site (its files' fingerprints): none of it unless all of it is there."""
    bundle = {rel: p for rel, p in previous.items() if rel.startswith(f"{BUNDLE_DIR}/")}
    return bundle if all(rel in existing for rel in bundle) else {}


class EarlyIndex:
    """The shards indexed while the pages are rendered. A page rendered is staged for Pagefind
    where it is rendered, in its shard's folder (`stage_folder`); once the last of a shard's pages
    this build renders is rendered, the build says so (`rendered`), and the shard's Pagefind
    starts then if the shard is due (INDEX_JOBS at a time, on the cores the rendering leaves).
    plan_search takes the bundles it made, a shard's stamp standing for its pages. Leaving it
    calls off the Pagefinds left and deletes its scratch folder."""

    def __init__(
        self,
        out: Path,
        pages: Iterable[str],
        site: tuple[Mapping[str, str], Collection[str]],
        language: str,
        apply: Apply = direct,
    ) -> None:
        self.html = site_pages(pages)
        self.out, self.language, self.apply = out, language, apply
        self.count = shard_count(len(self.html))
        self.bundle = site_bundle(*site)
        self.indexer = Indexer(out, language, niceness=PAGEFIND_NICENESS)  # beside the rendering
        self.closing = contextlib.ExitStack()  # the scratch folder, made when a page is staged
        self.folder: Path | None = None
        self.numbers: dict[str, int] = {}  # each page's shard, hashed when first asked

    @functools.cached_property
    def groups(self) -> dict[int, list[str]]:
        """The pages by shard: hashed when a shard is first rendered (a build rendering fewer
        pages than MIN_PARALLEL_RENDER never asks)."""
        groups: dict[int, list[str]] = {}
        for rel in self.html:
            groups.setdefault(self.shard_of(rel), []).append(rel)
        return groups

    def shard_of(self, rel: str) -> int:
        """The number of the shard a page belongs to (-1: a file that is no page), each page's
        hashed once."""
        number = self.numbers.get(rel)
        if number is None:
            number = self.numbers[rel] = (
                shard_number(rel, self.count) if rel.endswith(".html") else -1
            )
        return number

    def stage_folder(self, rel: str) -> Path | None:
        """The folder a page is staged in for Pagefind, if it is a search result (stage_page;
        none: the file is no page)."""
        number = self.shard_of(rel)
        return self.shard_folder(number) if number >= 0 else None

    def shard_folder(self, number: int) -> Path:
        """The scratch folder the pages of shard `number` are staged in (made when first asked)."""
        if self.folder is None:
            self.folder = self.closing.enter_context(temp_folder(self.out))
        return self.folder / f"s{number}"

    def rendered(
        self,
        number: int,
        files: Mapping[str, bytes | Staged | None],
        fingerprints: Mapping[str, str],
    ) -> None:
        """Every page of shard `number` is rendered (or kept, or failed): its indexing starts
        when it is due. Pagefind numbers pages in the order it finds their files (the folder's
        listing, by age on tmpfs), so the pages staged as they were rendered (in order) are
        indexed where they are only when they are all of its search results (each rendered by
        this build, so staged); else they are staged again, in order (stage_pages)."""
        pages = self.groups.get(number, ())
        results = page_results(self.out, files, fingerprints, self.apply, pages)
        for shard in plan_shards(results, self.language, self.count):
            if current_files((shard,), self.bundle):
                continue
            whole = all(isinstance(files[rel], Staged) for rel in shard.pages)
            self.indexer.start(shard, files, self.shard_folder(number) if whole else None)

    def __enter__(self) -> EarlyIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.indexer.close()  # first: no Pagefind reads the scratch folder then
        finally:
            self.closing.close()


class Indexer:
    """Shards' Pagefinds run INDEX_JOBS at a time, each started once (by its stamp), each in a
    copy of the context it was started in (its scratch folders are deleted as that thread's are),
    `niceness` steps below this process (yield_to: beside work of the build's own). Closing it
    calls off those still running (unless they answer to a `cancel` of the caller's), and waits
    for them."""

    def __init__(
        self,
        out: Path,
        language: str,
        cancel: threading.Event | None = None,
        niceness: int = 0,
    ) -> None:
        self.out, self.language, self.niceness = out, language, niceness
        self.owned = cancel is None
        self.cancel = cancel or threading.Event()
        self.pool = ThreadPoolExecutor(INDEX_JOBS, "notebase-pagefind")
        self.started: dict[str, Future[Bundle | Diagnostic]] = {}

    def start(
        self, shard: Shard, files: Mapping[str, bytes | Staged | None], staged: Path | None = None
    ) -> None:
        """Index the shard's pages (their files as `files` has them), or those `staged` already
        in a scratch folder (stage_pages) of the caller's, which is to outlive the bundle: its
        files are left where Pagefind wrote them there (Staged), to be moved into the site."""
        if shard.stamp in self.started:
            return
        run = contextvars.copy_context().run
        if staged is not None:
            future = self.pool.submit(
                run, index_folder, staged, self.language, self.cancel, self.niceness, True
            )
        else:
            pages = {rel: files[rel] for rel in shard.pages}
            future = self.pool.submit(
                run, index_bundle, self.out, pages, self.language, self.cancel, self.niceness
            )
        self.started[shard.stamp] = future

    def bundle(self, shard: Shard) -> Bundle | Diagnostic:
        return self.started[shard.stamp].result()

    def close(self) -> None:
        if self.owned:
            self.cancel.set()
        self.pool.shutdown(wait=True, cancel_futures=True)


def search_results(
    out: Path,
    files: Mapping[str, bytes | Staged | None],
    fingerprints: Mapping[str, str],
    apply: Apply = direct,
) -> dict[str, str]:
    """The pages that carry the mark, in order, each with its search print (search_print). A page
    rendered by this build was seen where it was rendered (Staged.searched); a page the site holds
    already is read (one at a time) unless the build's memo (`apply`) saw it with the same
    fingerprint: a build after an edit, in this process (serve) or from the cache, reads none of
    the pages."""

    def print_of(rel: str) -> str:
        data, key = files[rel], (str(out), rel, fingerprints[rel])
        if data is KEEP:
            return apply.call(kept_page_search_print, *key)
        if isinstance(data, bytes):
            found = search_print(data)
        else:
            known = data.searched
            found = known if known is not None else search_print(data.path.read_bytes())
        apply.remember(kept_page_search_print, key, found)  # for the build that keeps the page
        return found

    found = {rel: print_of(rel) for rel in sorted(files) if rel.endswith(".html")}
    return {rel: searched for rel, searched in found.items() if searched}


def kept_page_search_print(out: str, rel: str, _fingerprint: str) -> str:
    """The search print of the page of this fingerprint the site holds."""
    return search_print(Path(out, rel).read_bytes())


def search_print(page: bytes) -> str:
    """What a shard's stamp holds of a page: "" when it is no search result, else the digest of
    what Pagefind reads of it (search_page). A page that changed outside its search body (its
    sidebars: related entries, backlinks) leaves its shard's stamp, and bundle, as they were."""
    return print_of_copy(indexed_copy(page))


def indexed_copy(page: bytes) -> bytes | None:
    """What Pagefind reads of a page (search_page); None when it is no search result."""
    return search_page(page) if INDEXED_MARK in page else None


def print_of_copy(copy: bytes | None) -> str:
    """search_print of the page whose indexed_copy this is."""
    return digest_bytes(copy) if copy is not None else ""


def shard_count(pages: int) -> int:
    """K: the fewest power of two shards holding at most SHARD_PAGES pages each."""
    count = 1
    while count * SHARD_PAGES < pages:
        count *= 2
    return count


def shard_number(rel: str, count: int) -> int:
    """The shard of a page: a stable hash of its path, never of its content."""
    return int(digest_bytes(rel.encode("utf-8"))[:8], 16) % count


def plan_shards(results: Mapping[str, str], language: str, count: int) -> tuple[Shard, ...]:
    """The search results by shard (of `count`), each stamped with its pages' search prints
    (search_results); shards without a search result are left out."""
    width = len(str(count - 1)) if count > 10 else 2
    groups: dict[int, list[str]] = {}
    for rel in results:
        groups.setdefault(shard_number(rel, count), []).append(rel)
    shards = []
    for number in sorted(groups):
        pages = tuple(groups[number])
        listing = "\0".join(f"{p}\0{results[p]}" for p in pages)  # no path holds a NUL
        stamp = (pagefind_version(), language, count, number, digest_bytes(listing.encode()))
        shards.append(Shard(f"s{number:0{width}d}", pages, digest_value(stamp)))
    return tuple(shards)


def shard_folder(rel: str) -> str:
    """pagefind/s03/index/x.pf_index -> pagefind/s03/ (the manifest: pagefind/)."""
    return "/".join(rel.split("/")[:2]) + "/" if rel.count("/") >= 2 else f"{BUNDLE_DIR}/"


def current_files(shards: Iterable[Shard], bundle: Mapping[str, str]) -> dict[str, str]:
    """The files of `bundle` (in the site, by fingerprint) of the shards it holds as they are now."""
    stamps = {shard.folder: shard.stamp for shard in shards}
    by_folder: dict[str, dict[str, str]] = {}
    for rel, stamp in bundle.items():
        by_folder.setdefault(shard_folder(rel), {})[rel] = stamp
    return {
        rel: stamp
        for folder, found in by_folder.items()
        if folder in stamps and set(found.values()) == {stamps[folder]}
        for rel, stamp in found.items()
    }


def manifest_file(shards: tuple[Shard, ...]) -> dict[str, bytes]:
    """pagefind/shards.json, naming the shards (none without a search result)."""
    if not shards:
        return {}
    names = json.dumps({"shards": [shard.name for shard in shards]})
    return {MANIFEST_FILE: names.encode("utf-8") + b"\n"}


def manifest_prints(manifest: Mapping[str, bytes]) -> dict[str, str]:
    return {rel: digest_bytes(data) for rel, data in manifest.items()}


def manifest_kept(
    manifest: Mapping[str, bytes], previous: Mapping[str, str], existing: Collection[str]
) -> dict[str, bytes | None]:
    """The manifest, KEEP when the site holds it already."""
    return {
        rel: KEEP if previous.get(rel) == digest_bytes(data) and rel in existing else data
        for rel, data in manifest.items()
    }


@functools.cache
def pagefind_version() -> str:
    """Looked up once: importlib.metadata scans every folder on sys.path (and leaves cyclic
    garbage, which serve's frozen heap would keep)."""
    return version("pagefind")


def index_later(job: SearchJob, cancel: threading.Event) -> ReadyBundle | Diagnostic:
    """Run a job left by a build over the pages now in the site; the bundle (the shards due
    indexed, the others' files linked from the site) is written in a folder beside the site.
    Raises Cancelled as soon as it can once `cancel` is set."""
    try:
        pages = dict.fromkeys((rel for shard in job.due for rel in shard.pages), KEEP)
        made = index_shards(job.out, pages, job.due, job.language, cancel, PAGEFIND_NICENESS)
        if isinstance(made, Diagnostic):
            return made
        check_cancel(cancel)
        manifest = manifest_file(job.shards)
        folder = write_folder(job.out, made[0] | manifest, job.kept)
    except OSError as exc:  # a full disk; no scratch folder beside the site
        return search_error(f"cannot index the site: {exc}")
    stamps = {shard.folder: shard.stamp for shard in job.shards}
    kept = {rel: stamps[shard_folder(rel)] for rel in job.kept}
    return ReadyBundle(job, folder, {**kept, **made[1], **manifest_prints(manifest)})


def search_error(message: str) -> Diagnostic:
    return error("search-index", message, FilePos(CONFIG_FILE), HINT)


def write_folder(
    out: Path, files: Mapping[str, bytes | Staged], linked: Iterable[str] = ()
) -> Path:
    """A new temporary folder beside `out` holding `files`, and the files `linked` from `out`
    (none of it left behind on failure)."""
    folder = make_temp_folder(out)
    try:
        for rel, data in [*files.items(), *((rel, None) for rel in linked)]:
            target = safe_join(folder, rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            if data is None:
                link_or_copy(safe_join(out, rel), target)
            elif isinstance(data, Staged):
                link_or_copy(data.path, target)
            else:
                target.write_bytes(data)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder


def discard_bundle(ready: ReadyBundle) -> None:
    shutil.rmtree(ready.folder, ignore_errors=True)


def check_cancel(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise Cancelled


def index_shards(
    out: Path,
    pages: Mapping[str, bytes | Staged | None],
    shards: Iterable[Shard],
    language: str,
    cancel: threading.Event | None = None,
    niceness: int = 0,
    indexer: Indexer | None = None,
    known: Mapping[str, Bundle] | None = None,
) -> tuple[dict[str, bytes | Staged], dict[str, str]] | Diagnostic:
    """Each shard's canonical bundle in its folder, and the files' fingerprints (their shard's
    stamp), or why not (the first shard's that failed): by `indexer` (the bundles it made
    already taken as they are), else by one of its own; a shard whose stamp `known` holds, that
    bundle. Each Pagefind holds a shard's pages only."""
    made: dict[str, bytes | Staged] = {}
    prints: dict[str, str] = {}
    shards, known = tuple(shards), known or {}
    runs = indexer or Indexer(out, language, cancel, niceness)
    try:
        for shard in shards:
            if shard.stamp not in known:
                runs.start(shard, pages)
        bundles = [
            known[shard.stamp] if shard.stamp in known else runs.bundle(shard) for shard in shards
        ]
    finally:
        if runs is not indexer:  # its own, closed here; a given one is its owner's to close
            runs.close()
    for shard, bundle in zip(shards, bundles, strict=True):
        if isinstance(bundle, Diagnostic):
            return bundle
        for rel, data in bundle.items():
            moved = shard.folder + rel.removeprefix(f"{BUNDLE_DIR}/")
            made[moved], prints[moved] = data, shard.stamp
    return made, prints


def index_bundle(
    out: Path,
    pages: Mapping[str, bytes | Staged | None],
    language: str,
    cancel: threading.Event | None = None,
    niceness: int = 0,
) -> Bundle | Diagnostic:
    """Pagefind's canonical bundle of the pages (all search results), or why not. Raises OSError
    when no scratch folder can be made beside `out` (the site could not be either)."""
    with temp_folder(out) as scratch:
        try:
            stage_pages(scratch, out, pages, cancel)
        except OSError as exc:  # a full disk; under serve, a page gone: it is being rebuilt
            check_cancel(cancel)  # (and this called off)
            return search_error(f"cannot index the site: {exc}")
        return index_folder(scratch, language, cancel, niceness)


def index_folder(
    scratch: Path,
    language: str,
    cancel: threading.Event | None = None,
    niceness: int = 0,
    left: bool = False,
) -> Bundle | Diagnostic:
    """Pagefind's canonical bundle of the pages staged in `scratch` (stage_pages), or why not;
    `left`: the files canonical_bundle keeps as they are left in `scratch` (Staged), not read."""
    try:
        problem = run_pagefind(scratch, language, cancel, niceness)
        bundle = problem if problem is not None else read_bundle(scratch / BUNDLE_DIR, left)
    except OSError as exc:  # a full disk
        check_cancel(cancel)
        return search_error(f"cannot index the site: {exc}")
    if isinstance(bundle, Diagnostic):
        return bundle
    try:
        return canonical_bundle(bundle)
    except FORMAT_ERRORS as exc:  # a Pagefind whose files we cannot read
        return search_error(f"unexpected output from Pagefind {pagefind_version()}: {exc!r}")


def stage_pages(
    scratch: Path,
    out: Path,
    pages: Mapping[str, bytes | Staged | None],
    cancel: threading.Event | None = None,
) -> None:
    """Place what Pagefind reads of each page in `scratch` (search_page), one page at a time, so
    the pages are never held at once (those in a file: current in `out`, or staged)."""
    for rel, data in pages.items():
        check_cancel(cancel)
        if not isinstance(data, bytes):
            data = (data.path if isinstance(data, Staged) else out / rel).read_bytes()
        stage_page(scratch, rel, search_page(data))


def stage_page(scratch: Path, rel: str, copy: bytes) -> None:
    """Place what Pagefind reads of a page (search_page) in `scratch` (in a folder of its own:
    made here, holding no link)."""
    target = os.path.join(scratch, clean_rel(rel))
    os.makedirs(os.path.dirname(target), exist_ok=True)
    write_file(target, copy)


TAG_NAME = re.compile(rb"<([a-z][a-z0-9]*)[\s/>]")  # an element's start tag, and its name
HEAD_START = re.compile(rb"<head\b[^>]*>")
TITLE = re.compile(rb"<title\b[^>]*>.*?</title>", re.S)
# markup that Pagefind reads wherever it is (its default title and image, an attribute other than
# data-pagefind-ignore): outside the search body, the page is staged whole
READ_ANYWHERE = re.compile(rb"<(?:h1|img)")
ATTRIBUTE, IGNORED = b"data-pagefind-", b"data-pagefind-ignore"
# where `<tag` may be text, not a tag: inside the search body, the page is staged whole
# (one pattern: HTML is mostly `<`, where a find of each would stop every time)
NOT_MARKUP = re.compile(rb"<(?:!--|!\[CDATA\[|script|style|textarea|template|xmp)")
NAME_ENDS = b" \t\r\n/>="  # what may follow a tag's or an attribute's name


def search_page(page: bytes) -> bytes:
    """The page as Pagefind reads it: the <html> and <head> start tags, the <title>, and the one
    element marked data-pagefind-body, without the rest (the navigation, the sidebars, the
    search dialog), which Pagefind would parse only to skip. Pagefind makes the same index of it
    as of the whole page (tests/test_search.py compares the two) from about half the bytes. A
    page with anything else Pagefind reads outside that element (meta, filters, headings,
    images), or that this plain scan could misread, is returned whole."""
    mark = page.find(INDEXED_MARK)
    if mark < 0 or page.find(INDEXED_MARK, mark + 1) >= 0:
        return page
    start = page.rfind(b"<", 0, mark)
    tag = TAG_NAME.match(page, start) if start >= 0 else None
    head = HEAD_START.search(page, 0, start)
    if tag is None or head is None or page.find(b">", start, mark) >= 0:
        return page
    end = element_end(page, start, tag.group(1))
    inside_is_markup = end > 0 and NOT_MARKUP.search(page, start, end) is None
    if not inside_is_markup or read_anywhere(page, 0, start) or read_anywhere(page, end):
        return page
    title = TITLE.search(page, head.end(), start)
    kept = page[: head.end()] + (title.group(0) if title else b"") + b"</head><body>"
    return kept + page[start:end] + b"</body></html>"


def read_anywhere(page: bytes, lo: int, hi: int | None = None) -> bool:
    """Whether page[lo:hi] holds markup Pagefind reads outside the search body."""
    if READ_ANYWHERE.search(page, lo, len(page) if hi is None else hi) is not None:
        return True
    at = page.find(ATTRIBUTE, lo, hi)
    while at >= 0:
        if not (page.startswith(IGNORED, at) and name_ends(page, at + len(IGNORED))):
            return True
        at = page.find(ATTRIBUTE, at + 1, hi)
    return False


def element_end(page: bytes, start: int, tag: bytes) -> int:
    """Where the element that starts at `start` ends (after its end tag), counting the elements
    of the same name nested in it; -1 when it never ends."""
    opening, closing, depth, at = b"<" + tag, b"</" + tag + b">", 1, start + 1
    while True:
        close = page.find(closing, at)
        if close < 0:
            return -1
        nested = page.find(opening, at, close)
        while nested >= 0:  # an element of the same name (not a longer one) opened before it
            depth += name_ends(page, nested + len(opening))
            nested = page.find(opening, nested + 1, close)
        depth -= 1
        if depth == 0:
            return close + len(closing)
        at = close + len(closing)


def name_ends(page: bytes, at: int) -> bool:
    """Whether a name read up to `at` ends there (the end of the page ends it)."""
    return page[at : at + 1] in NAME_ENDS  # b"" at the end is in it


def run_pagefind(
    site: Path, language: str, cancel: threading.Event | None = None, niceness: int = 0
) -> Diagnostic | None:
    from pagefind.service import get_executable  # imported when Pagefind runs: it imports asyncio

    executable = get_executable()
    if executable is None:
        return search_error("the Pagefind binary is missing")
    command = [str(executable), "--site", str(site), "--output-subdir", BUNDLE_DIR]
    command += ["--force-language", language, "--quiet"]
    try:
        done = run_command(command, cancel, niceness)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return search_error(f"Pagefind did not run: {exc}")
    if done.returncode != 0:
        said = [line.strip() for line in (done.stdout + done.stderr).splitlines() if line.strip()]
        errors = [line for line in said if line.lower().startswith("error")] or said
        reason = errors[0] if errors else f"exit status {done.returncode}"
        return search_error(f"Pagefind failed: {reason}")
    return None


def run_command(
    command: list[str], cancel: threading.Event | None, niceness: int = 0
) -> subprocess.CompletedProcess[str]:
    """Run to the end (TimeoutExpired after TIMEOUT_SECONDS), `niceness` steps below this
    process; killed, raising Cancelled, once `cancel` is set."""
    deadline = time.monotonic() + TIMEOUT_SECONDS
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        if niceness:
            yield_to(proc.pid, niceness)
        while True:
            try:
                said, complained = proc.communicate(timeout=POLL_SECONDS)
            except subprocess.TimeoutExpired:
                if time.monotonic() < deadline and not (cancel and cancel.is_set()):
                    continue
                proc.kill()
                proc.communicate()
                check_cancel(cancel)
                raise subprocess.TimeoutExpired(command, TIMEOUT_SECONDS) from None
            return subprocess.CompletedProcess(command, proc.returncode, said, complained)


def yield_to(pid: int, niceness: int) -> None:
    """Run a Pagefind behind the build's own process: when the cores are all busy, the pages are
    rendered first (they are what the next shards' indexing waits for), and Pagefind takes what
    is left; on a core left idle it runs as fast as ever. A Pagefind with nothing of the build's
    beside it is not set back so (another program's work would come first)."""
    with contextlib.suppress(OSError):  # (gone already, or a system that refuses)
        own = os.getpriority(os.PRIO_PROCESS, 0)
        os.setpriority(os.PRIO_PROCESS, pid, min(own + niceness, 19))


def read_bundle(bundle: Path, left: bool = False) -> dict[str, bytes | Staged]:
    """Pagefind's bundle less its prebuilt search interfaces (the site brings its own); `left`:
    the files canonical_bundle keeps as they are left where they are (Staged), not read (at
    10,000 notes, 11,000 files and 76 MB the build would read, hold and write again)."""
    found: dict[str, bytes | Staged] = {}
    for path in sorted(bundle.rglob("*")):
        if path.is_file() and not path.name.startswith(UNUSED_FILES):
            rel = f"{BUNDLE_DIR}/{path.relative_to(bundle).as_posix()}"
            found[rel] = Staged(path) if left and not rewritten(rel) else path.read_bytes()
    return found


def rewritten(rel: str) -> bool:
    """Whether canonical_bundle rewrites the bundle's file `rel`: the filters, the metadata
    naming them, and the entry file naming that."""
    return is_filter(rel) or is_meta(rel) or rel == ENTRY_FILE


def is_filter(rel: str) -> bool:
    return rel.startswith(f"{FILTERS_DIR}/")


def is_meta(rel: str) -> bool:
    return rel.endswith(".pf_meta")


def canonical_bundle(bundle: Mapping[str, bytes | Staged]) -> dict[str, bytes | Staged]:
    """The bundle with every filter's values sorted, and the files that change with them renamed
    by their content (stored uncompressed, which Pagefind reads as well, so no zlib is involved).
    The files it rewrites (rewritten) are bytes; the others are kept as they are."""
    files, renamed = dict(bundle), {}

    def taken(rel: str) -> bytes:  # (read_bundle reads these: a Staged one is read here)
        data = files.pop(rel)
        return data if isinstance(data, bytes) else data.path.read_bytes()

    for rel in sorted(filter(is_filter, bundle)):
        name, values = read_index_file(taken(rel))
        data = write_index_file([name, sorted(values)])
        renamed[Path(rel).stem] = new = rename_by_content(Path(rel).stem, data, 7)
        files[f"{FILTERS_DIR}/{new}.pf_filter"] = data
    entry = taken(ENTRY_FILE).decode("utf-8")
    for rel in sorted(filter(is_meta, bundle)):
        meta = read_index_file(taken(rel))
        meta[3] = sorted([name, renamed[old]] for name, old in meta[3])  # [[filter, file]]
        data = write_index_file(meta)
        old = Path(rel).stem.removeprefix("pagefind.")
        new = rename_by_content(old, data, 10)
        files[f"{BUNDLE_DIR}/pagefind.{new}.pf_meta"] = data
        entry = entry.replace(f'"{old}"', f'"{new}"')
    files[ENTRY_FILE] = entry.encode("utf-8")
    return dict(sorted(files.items()))


def rename_by_content(old: str, data: bytes, length: int) -> str:
    """'en_6468763' -> 'en_' + the first `length` hex digits of the data's digest."""
    return f"{old.rpartition('_')[0]}_{digest_bytes(data)[:length]}"


def read_index_file(data: bytes) -> list[Any]:
    """A Pagefind index file: an optionally gzipped signature followed by one CBOR array."""
    raw = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    if not raw.startswith(SIGNATURE):
        raise ValueError("an index file without Pagefind's signature")
    value, end = decode_cbor(raw, len(SIGNATURE))
    if end != len(raw) or not isinstance(value, list):
        raise ValueError("an index file that is not one CBOR array")
    return value


def write_index_file(value: list[Any]) -> bytes:
    return SIGNATURE + encode_cbor(value)


def decode_cbor(data: bytes, at: int) -> tuple[Any, int]:
    """The CBOR subset Pagefind's metadata and filter files use: unsigned ints, text, arrays."""
    major, size = data[at] >> 5, data[at] & 31
    at += 1
    if 24 <= size <= 27:
        width = 1 << (size - 24)
        size, at = int.from_bytes(data[at : at + width], "big"), at + width
    elif size > 27:
        raise ValueError(f"unsupported CBOR length {size}")
    if major == 0:
        return size, at
    if major == 3:
        return data[at : at + size].decode("utf-8"), at + size
    if major == 4:
        items = []
        for _ in range(size):
            item, at = decode_cbor(data, at)
            items.append(item)
        return items, at
    raise ValueError(f"unsupported CBOR type {major}")


def encode_cbor(value: object) -> bytes:
    """Shortest-form CBOR, as Pagefind writes it."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return cbor_head(0, value)
    if isinstance(value, str):
        raw = value.encode("utf-8")
        return cbor_head(3, len(raw)) + raw
    if isinstance(value, list):
        return cbor_head(4, len(value)) + b"".join(encode_cbor(item) for item in value)
    raise ValueError(f"cannot write {value!r} as CBOR")


def cbor_head(major: int, size: int) -> bytes:
    if size < 24:
        return bytes([major << 5 | size])
    width = next(w for w in (1, 2, 4, 8) if size < 1 << (8 * w))
    return bytes([major << 5 | (23 + width.bit_length())]) + size.to_bytes(width, "big")
