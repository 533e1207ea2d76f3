"""Dev server: build, serve site/ from the stdlib, rebuild on change (watchdog), live reload, errors.

A save rebuilds the pages and sends the reload at once; the search index follows on a worker thread
(Pagefind is slow on large sites), and its bundle is swapped in by the builder unless a newer save
came first, which calls the indexing off and starts it again for the newer pages.
"""

from __future__ import annotations

import gc
import signal
import threading
import time
import webbrowser
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from http.server import ThreadingHTTPServer
from pathlib import Path
from types import FrameType

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver

from notebase.builder.cache import load_state, save_state, saved_state
from notebase.builder.pipeline import BuildResult, rebuild, swap_search_bundle
from notebase.builder.preview import preview_notes
from notebase.builder.search import (
    Cancelled,
    ReadyBundle,
    SearchJob,
    discard_bundle,
    index_later,
    search_error,
)
from notebase.builder.state import BuildOptions, BuildState
from notebase.config import CONFIG_FILE
from notebase.diagnostics import Diagnostic, error, format_diagnostic
from notebase.files import real_path
from notebase.livehttp import LiveSite, make_server
from notebase.model import ParseResult
from notebase.reading.gardens import QUARTZ_3_CONFIG, QUARTZ_CONFIG

DEBOUNCE_SECONDS = 0.05  # a burst of saves within this quiet time is one rebuild
# the search index starts once saves have paused this long: in a burst of saves (an editor saving
# as one types) Pagefind is not started for each only to be stopped by the next, slowing its build
INDEX_PAUSE_SECONDS = 0.5
POLL_SECONDS = 0.1  # how often the builder looks for a change or a finished search index
WATCHED_DIRS = ("notes", "templates", "static")
IGNORED_EVENTS = {"opened", "closed_no_write"}


@dataclass(frozen=True, slots=True)
class ServeOptions:
    root: Path
    out: Path
    host: str = "127.0.0.1"
    port: int = 8000
    drafts: bool = False
    open_browser: bool = False


def is_editor_temp(name: str) -> bool:
    """Swap, backup and lock files editors write next to the file being saved."""
    return (
        name.endswith((".swp", ".swo", ".swx", "~", ".tmp"))
        or name.startswith((".#", "#", "."))
        or name == "4913"
    )


def is_watched(root: Path, raw_path: str | bytes) -> bool:
    """True for notes/, templates/, static/, notebase.yaml and a garden's quartz.config.ts (or
    Quartz 3's config.toml), minus editor temporaries."""
    path = Path(raw_path.decode() if isinstance(raw_path, bytes) else raw_path)
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return False
    if not parts or is_editor_temp(parts[-1]):
        return False
    settings = (CONFIG_FILE, QUARTZ_CONFIG, QUARTZ_3_CONFIG)
    return parts[0] in WATCHED_DIRS or (len(parts) == 1 and parts[0] in settings)


class Changes:
    """What changed since the builder last looked: `pending` is set on any change that matters,
    and `paths` gathers the paths changed (under the root, as posix paths; FOLDER for a folder's
    change), which tell the builder whether a preview of the notes saved can go first."""

    FOLDER = "/"  # no note's path: a folder created, moved or deleted

    def __init__(self) -> None:
        self.pending = threading.Event()
        self.lock = threading.Lock()
        self.paths: set[str] = set()

    def add(self, paths: Iterable[str]) -> None:
        with self.lock:
            self.paths.update(paths)
        self.pending.set()

    def take(self) -> frozenset[str]:
        with self.lock:
            taken, self.paths = frozenset(self.paths), set()
        return taken


class ChangeHandler(FileSystemEventHandler):
    """Tells `changes` of any change that matters, including both ends of a rename. A folder's
    `modified` is left out: it only echoes a change to a file in it, told on its own."""

    def __init__(self, root: Path, changes: Changes, observer: BaseObserver) -> None:
        self.root, self.changes, self.observer = root, changes, observer

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in IGNORED_EVENTS or (
            event.is_directory and event.event_type == "modified"
        ):
            return
        paths = (event.src_path, getattr(event, "dest_path", "") or "")
        watched = [p for p in paths if p and is_watched(self.root, p)]
        if watched:
            self.changes.add(
                Changes.FOLDER if event.is_directory else under(self.root, p) for p in watched
            )
        if event.is_directory and event.event_type in ("created", "moved"):
            watch_new_folder(self, paths[-1] or paths[0])


def under(root: Path, raw_path: str | bytes) -> str:
    """A watched path as a posix path under the root."""
    path = Path(raw_path.decode() if isinstance(raw_path, bytes) else raw_path)
    return path.relative_to(root).as_posix()


def watch_new_folder(handler: ChangeHandler, raw_path: str | bytes) -> None:
    """A notes/, templates/ or static/ folder created while serving is watched from then on."""
    path = Path(raw_path.decode() if isinstance(raw_path, bytes) else raw_path)
    if path.parent == handler.root and path.name in WATCHED_DIRS:
        handler.observer.schedule(handler, str(path), recursive=True)


def start_watching(root: Path, changes: Changes) -> BaseObserver:
    """Watch the root (for notebase.yaml and new folders) and each watched folder recursively."""
    observer = Observer()
    handler = ChangeHandler(root, changes, observer)
    observer.schedule(handler, str(root), recursive=False)
    for name in WATCHED_DIRS:
        if (root / name).is_dir():
            observer.schedule(handler, str(root / name), recursive=True)
    observer.start()
    return observer


def settle(pending: threading.Event, quiet: float) -> None:
    """Wait until no change has arrived for `quiet` seconds."""
    pending.clear()
    while pending.wait(quiet):
        pending.clear()


class Indexer:
    """Runs the search job a build left on a worker thread; keeps what it made for the builder."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.cancel = threading.Event()
        self.thread: threading.Thread | None = None
        self.due: SearchJob | None = None  # the job the site waits for (running or finished)
        self.done: ReadyBundle | Diagnostic | None = None
        self.started = 0.0

    def start(self, job: SearchJob | None) -> None:
        self.stop()
        self.due, self.cancel, self.started = job, threading.Event(), time.perf_counter()
        if job is not None:
            args = (job, self.cancel)
            self.thread = threading.Thread(
                target=self.run, args=args, name="notebase-search", daemon=True
            )
            self.thread.start()

    def run(self, job: SearchJob, cancel: threading.Event) -> None:
        if cancel.wait(INDEX_PAUSE_SECONDS):
            return  # a newer build came first
        try:
            done = index_later(job, cancel)
        except Cancelled:
            return
        except Exception as exc:  # a bug must not stop the server; it is shown like any error
            done = crash_diagnostic(exc)
        with self.lock:
            if cancel.is_set():
                if isinstance(done, ReadyBundle):
                    discard_bundle(done)
                return
            self.done = done

    def stop(self) -> None:
        """Call the running job off (the job stays due) and drop what a finished one made."""
        with self.lock:
            self.cancel.set()
            done, self.done = self.done, None
        if isinstance(done, ReadyBundle):
            discard_bundle(done)

    def take(self) -> ReadyBundle | Diagnostic | None:
        with self.lock:
            done, self.done = self.done, None
        if done is not None:
            self.due = None
        return done

    def close(self) -> None:
        """Call the running job off and wait (a while) for its thread to end."""
        self.stop()
        if self.thread is not None:
            self.thread.join(timeout=5)


def crash_diagnostic(exc: Exception) -> Diagnostic:
    return error("build-crashed", f"{type(exc).__name__}: {exc}", hint="please report this")


def build_once(
    live: LiveSite,
    options: BuildOptions,
    state: BuildState,
    on_build: Callable[[BuildResult], None],
    indexer: Indexer,
    changed: Collection[str] = (),
) -> BuildState:
    """One rebuild, published to the browsers, then the search index it leaves due started; a
    crash in the build is shown, not fatal. When only notes were saved (`changed`), their pages
    are previewed first: written from the last build and published before the rebuild."""
    indexer.stop()  # the build needs the cores, and may change the pages being indexed
    try:
        state, shown = preview_notes(state, options, changed, live.swap_lock)
        if shown:
            live.preview(shown)
        state, result = rebuild(state, options, live.swap_lock)
    except Exception as exc:  # a bug must not stop the server; it is shown like any error
        result = BuildResult((crash_diagnostic(exc),), 0, 0, False, 0.0)
    due = result.search if result.written else indexer.due  # a failed build changed nothing
    changed = (*result.files.written, *result.files.removed)
    live.publish(result.written, result.diagnostics, changed, due is not None)
    on_build(result)
    indexer.start(due)
    # what outlives a build is the state the next one reuses: exempt it from the collector's full
    # passes, which otherwise walk every parse and page of the site during each rebuild (the young
    # garbage is collected first; the frozen is still freed when no longer referenced)
    gc.collect(1)
    gc.freeze()
    return state


def swap_index(
    live: LiveSite, state: BuildState, indexer: Indexer, on_message: Callable[[str], None]
) -> BuildState:
    """Put a finished search bundle into the site (or show why there is none); a failure to is
    shown, not fatal. A failed job is not run again by itself: what failed (a full disk, the site
    folder gone) would fail it again, so the next save starts a new one."""
    done = indexer.take()
    if done is None:
        return state
    if isinstance(done, ReadyBundle):
        try:
            state = swap_search_bundle(state, done, live.swap_lock)
        except OSError as exc:  # a full disk; the site folder gone meanwhile
            done = search_error(f"cannot put the search index into the site: {exc}")
        except Exception as exc:  # a bug must not stop the server; it is shown like any error
            done = crash_diagnostic(exc)
    if isinstance(done, Diagnostic):
        live.publish_index(done)
        on_message(format_diagnostic(done))
        return state
    live.publish_index(None)
    seconds = time.perf_counter() - indexer.started
    job = done.job
    pages, shards = sum(len(s.pages) for s in job.shards), f"{len(job.due)} of {len(job.shards)}"
    on_message(f"notebase: search index of {pages} pages updated ({shards} shards); {seconds:.2f}s")
    return state


def run_builder(
    live: LiveSite,
    options: BuildOptions,
    state: BuildState,
    changes: Changes,
    on_build: Callable[[BuildResult], None],
    on_message: Callable[[str], None],
    indexer: Indexer,
    saved: Mapping[str, ParseResult],
) -> None:
    """Rebuild on every change until the server stops; then save the state (the shards of
    its parses that differ from those `saved` with it)."""
    while not live.stopping:
        if changes.pending.wait(POLL_SECONDS):
            settle(changes.pending, DEBOUNCE_SECONDS)
            state = build_once(live, options, state, on_build, indexer, changes.take())
        state = swap_index(live, state, indexer, on_message)
    indexer.close()
    report(save_state(options.root, state, saved), on_message)


def report(diags: Iterable[Diagnostic], on_message: Callable[[str], None]) -> None:
    for diag in diags:
        on_message(format_diagnostic(diag))


def stop_on_signals() -> None:
    """Ctrl-C and SIGTERM end the server cleanly, even when SIGINT was ignored by a parent shell."""

    def raise_interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, raise_interrupt)
    signal.signal(signal.SIGTERM, raise_interrupt)


class CannotServe(Exception):
    """The address cannot be served: a port in use, a host not of this machine or not found."""


def serve(
    options: ServeOptions,
    on_build: Callable[[BuildResult], None],
    on_message: Callable[[str], None],
) -> None:
    """Build, then serve and rebuild until interrupted (Ctrl-C or SIGTERM). Raises CannotServe
    before building when the address cannot be served."""
    stop_on_signals()
    live = LiveSite(real_path(options.out))
    try:
        server = make_server(options.host, options.port, live)
    except OSError as exc:
        raise CannotServe(f"cannot serve on {options.host}:{options.port}: {exc}") from exc
    try:
        serve_site(server, live, options, on_build, on_message)
    except KeyboardInterrupt:
        on_message("notebase: stopped")
    finally:
        server.server_close()


def serve_site(
    server: ThreadingHTTPServer,
    live: LiveSite,
    options: ServeOptions,
    on_build: Callable[[BuildResult], None],
    on_message: Callable[[str], None],
) -> None:
    build_options = BuildOptions(
        options.root, options.out, drafts=options.drafts, search_later=True
    )
    loaded, cache_diags = load_state(options.root)
    report(cache_diags, on_message)
    indexer, changes = Indexer(), Changes()
    try:
        state = build_once(live, build_options, loaded, on_build, indexer)
        # the shards of the parses (2 s to write at 10,000 notes) the first build changed
        state, saving = saved_state(options.root, state, loaded.parsed)
        report(saving, on_message)
        observer = start_watching(options.root.resolve(), changes)
    except BaseException:  # Ctrl-C during the first build; the folders cannot be watched
        indexer.close()
        raise
    args = (live, build_options, state, changes, on_build, on_message, indexer, state.parsed)
    builder = threading.Thread(target=run_builder, args=args, name="notebase-builder")
    builder.start()
    url = f"http://{options.host}:{server.server_address[1]}/"
    on_message(f"notebase: serving {url} (Ctrl-C to stop)")
    if options.open_browser:
        webbrowser.open(url)
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        live.stop()
        observer.stop()
        builder.join(timeout=5)
        observer.join(timeout=5)
