"""The home of Pagefind: the site's rendered pages -> its search bundle (pagefind/), or a diagnostic.

Pagefind 1.5 writes the same bytes for the same pages except in its filter indexes, whose values come
out in hash-map order (and so the names of those files, the metadata file listing them and the entry
file naming that change from run to run); canonical_bundle sorts them and names them by content. The
bundle is then a function of the pages, so it is fingerprinted by them: a build where no page changed
keeps the bundle already in the site without running Pagefind, and one where any page changed
re-indexes them all, exactly as a clean build does. Under `serve` a build may leave the indexing for
later: it keeps the bundle in the site as it is and hands back a SearchJob, which index_later runs
(cancellable) into a folder beside the site, ready to be swapped in. Its scratch folders are
write.py's temporary folders, so those of a process that was killed are deleted by the next build.
"""

from __future__ import annotations

import functools
import gzip
import shutil
import subprocess
import threading
import time
import zlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from pagefind.service import get_executable

from notebase.config import CONFIG_FILE
from notebase.diagnostics import Diagnostic, FilePos, error
from notebase.digests import digest_bytes, digest_value
from notebase.files import KEEP, Staged, link_or_copy, make_temp_folder, safe_join, temp_folder
from notebase.urls import BUNDLE_DIR

FILTERS_DIR = f"{BUNDLE_DIR}/filter"
ENTRY_FILE = f"{BUNDLE_DIR}/pagefind-entry.json"
UNUSED_FILES = (
    "pagefind-ui.",
    "pagefind-modular-ui.",
    "pagefind-component-ui.",
    "pagefind-highlight.",
)
SIGNATURE = b"pagefind_dcd"  # starts every Pagefind index file (gzipped or not)
INDEXED_MARK = b"data-pagefind-body"  # only pages carrying it are search results
TIMEOUT_SECONDS = 600
POLL_SECONDS = 0.01  # how often a running Pagefind looks whether it was cancelled
# what reading a Pagefind file we do not understand raises (gzip.BadGzipFile is an OSError)
FORMAT_ERRORS = (ValueError, LookupError, TypeError, EOFError, OSError, zlib.error)
HINT = "set `search: false` in notebase.yaml to build the site without its full-text index"


@dataclass(frozen=True, slots=True)
class SearchJob:
    """The indexing a build left for later: the pages it wrote to `out`, and their search stamp."""

    out: Path
    pages: tuple[str, ...]
    language: str
    stamp: str


@dataclass(frozen=True, slots=True)
class SearchBundle:
    files: dict[str, bytes | None]  # file under out -> bytes, or KEEP when already current
    fingerprints: dict[str, str]
    due: SearchJob | None = None  # left for later: the bundle kept (if any) is not these pages'


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
) -> SearchBundle | Diagnostic:
    """The bundle for the site `files` describe (KEEP: the file already in `out`, listed in
    `existing`; Staged: a page rendered to a file beside `out`). With `later`, Pagefind does not
    run: the bundle in the site stays as it is (with the fingerprints it has) and the result says
    what is due."""
    pages = sorted(rel for rel in files if rel.endswith(".html"))
    listing = "\0".join(f"{p}\0{fingerprints[p]}" for p in pages)  # no path holds a NUL
    stamp = digest_value((pagefind_version(), language, digest_bytes(listing.encode())))
    kept = [rel for rel in previous if rel.startswith(f"{BUNDLE_DIR}/")]
    whole = all(rel in existing for rel in kept)
    if kept and whole and all(previous[rel] == stamp for rel in kept):
        return SearchBundle(dict.fromkeys(kept, KEEP), dict.fromkeys(kept, stamp))
    if later:
        job = SearchJob(out, tuple(pages), language, stamp)
        old = kept if whole else []  # never half a bundle
        return SearchBundle(dict.fromkeys(old, KEEP), {r: previous[r] for r in old}, job)
    bundle = index_bundle(out, {rel: files[rel] for rel in pages}, language)
    if isinstance(bundle, Diagnostic):
        return bundle
    return SearchBundle(dict(bundle), dict.fromkeys(bundle, stamp))


@functools.cache
def pagefind_version() -> str:
    """Looked up once: importlib.metadata scans every folder on sys.path (and leaves cyclic
    garbage, which serve's frozen heap would keep)."""
    return version("pagefind")


def index_later(job: SearchJob, cancel: threading.Event) -> ReadyBundle | Diagnostic:
    """Run a job left by a build over the pages now in the site; the bundle is written in a folder
    beside the site. Raises Cancelled as soon as it can once `cancel` is set."""
    try:
        bundle = index_bundle(job.out, dict.fromkeys(job.pages, KEEP), job.language, cancel)
        if isinstance(bundle, Diagnostic):
            return bundle
        check_cancel(cancel)
        folder = write_folder(job.out, bundle)
    except OSError as exc:  # a full disk; no scratch folder beside the site
        return search_error(f"cannot index the site: {exc}")
    return ReadyBundle(job, folder, dict.fromkeys(bundle, job.stamp))


def search_error(message: str) -> Diagnostic:
    return error("search-index", message, FilePos(CONFIG_FILE), HINT)


def write_folder(out: Path, files: Mapping[str, bytes]) -> Path:
    """A new temporary folder beside `out` holding `files` (none of it left behind on failure)."""
    folder = make_temp_folder(out)
    try:
        for rel, data in files.items():
            target = safe_join(folder, rel)
            target.parent.mkdir(parents=True, exist_ok=True)
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


def index_bundle(
    out: Path,
    pages: Mapping[str, bytes | Staged | None],
    language: str,
    cancel: threading.Event | None = None,
) -> dict[str, bytes] | Diagnostic:
    """Pagefind's canonical bundle of the pages (empty when none is a search result), or why not.
    Raises OSError when no scratch folder can be made beside `out` (the site could not be either)."""
    with temp_folder(out) as scratch:
        try:
            bundle = index_pages(scratch, out, pages, language, cancel)
        except OSError as exc:  # a full disk; under serve, a page gone: it is being rebuilt
            check_cancel(cancel)  # (and this called off)
            return search_error(f"cannot index the site: {exc}")
    if isinstance(bundle, Diagnostic) or not bundle:
        return bundle
    try:
        return canonical_bundle(bundle)
    except FORMAT_ERRORS as exc:  # a Pagefind whose files we cannot read
        return search_error(f"unexpected output from Pagefind {pagefind_version()}: {exc!r}")


def index_pages(
    scratch: Path,
    out: Path,
    pages: Mapping[str, bytes | Staged | None],
    language: str,
    cancel: threading.Event | None = None,
) -> dict[str, bytes] | Diagnostic:
    """Run Pagefind over the pages (placed in `scratch`) and read back its bundle."""
    if not stage_pages(scratch, out, pages, cancel):
        return {}  # no page to index (no entries): the search box falls back to titles
    problem = run_pagefind(scratch, language, cancel)
    return problem if problem is not None else read_bundle(scratch / BUNDLE_DIR)


def stage_pages(
    scratch: Path,
    out: Path,
    pages: Mapping[str, bytes | Staged | None],
    cancel: threading.Event | None = None,
) -> int:
    """Place the pages that are search results in `scratch`: those in a file (current in `out`, or
    staged) hard-linked, each read only to look for the mark, so the pages are never held at once."""
    staged = 0
    for rel, data in pages.items():
        check_cancel(cancel)
        source = data.path if isinstance(data, Staged) else out / rel
        text = data if isinstance(data, bytes) else source.read_bytes()
        if INDEXED_MARK not in text:
            continue
        target = safe_join(scratch, rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            target.write_bytes(data)
        else:
            link_or_copy(source, target)
        staged += 1
    return staged


def run_pagefind(
    site: Path, language: str, cancel: threading.Event | None = None
) -> Diagnostic | None:
    executable = get_executable()
    if executable is None:
        return search_error("the Pagefind binary is missing")
    command = [str(executable), "--site", str(site), "--output-subdir", BUNDLE_DIR]
    command += ["--force-language", language, "--quiet"]
    try:
        done = run_command(command, cancel)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return search_error(f"Pagefind did not run: {exc}")
    if done.returncode != 0:
        said = [line.strip() for line in (done.stdout + done.stderr).splitlines() if line.strip()]
        errors = [line for line in said if line.lower().startswith("error")] or said
        reason = errors[0] if errors else f"exit status {done.returncode}"
        return search_error(f"Pagefind failed: {reason}")
    return None


def run_command(
    command: list[str], cancel: threading.Event | None
) -> subprocess.CompletedProcess[str]:
    """Run to the end (TimeoutExpired after TIMEOUT_SECONDS); killed, raising Cancelled, once
    `cancel` is set."""
    deadline = time.monotonic() + TIMEOUT_SECONDS
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
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


def read_bundle(bundle: Path) -> dict[str, bytes]:
    """Pagefind's bundle less its prebuilt search interfaces (the site brings its own)."""
    return {
        f"{BUNDLE_DIR}/{path.relative_to(bundle).as_posix()}": path.read_bytes()
        for path in sorted(bundle.rglob("*"))
        if path.is_file() and not path.name.startswith(UNUSED_FILES)
    }


def canonical_bundle(bundle: dict[str, bytes]) -> dict[str, bytes]:
    """The bundle with every filter's values sorted, and the files that change with them renamed
    by their content (stored uncompressed, which Pagefind reads as well, so no zlib is involved)."""
    files, renamed = dict(bundle), {}
    for rel in sorted(r for r in bundle if r.startswith(f"{FILTERS_DIR}/")):
        name, values = read_index_file(files.pop(rel))
        data = write_index_file([name, sorted(values)])
        renamed[Path(rel).stem] = new = rename_by_content(Path(rel).stem, data, 7)
        files[f"{FILTERS_DIR}/{new}.pf_filter"] = data
    entry = files[ENTRY_FILE].decode("utf-8")
    for rel in sorted(r for r in bundle if r.endswith(".pf_meta")):
        meta = read_index_file(files.pop(rel))
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
