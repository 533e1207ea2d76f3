"""All cores for cold builds: a map over a process pool, results in input order (deterministic merge)."""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.pool import Pool
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# Below this many items a pool costs more than it saves (bench/parse_time.py times the parse serially
# and on every core: README "Benchmarks").
MIN_PARALLEL = 48
# small enough chunks to balance uneven notes, big enough to amortise pickling
CHUNKS_PER_WORKER = 8


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Forking is safe only from a single-threaded process (a dev server's rebuild runs serially)."""
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def map_ordered(
    fn: Callable[[T], R],
    items: Sequence[T],
    jobs: int,
    min_items: int = MIN_PARALLEL,
    on_done: Callable[[int], None] | None = None,
) -> list[R]:
    """[fn(x) for x in items], spread over `jobs` forked processes when that pays off.

    `fn` must be a module-level function, and items and results picklable; the results come back
    in the order of `items` whatever the order the workers finish in.
    """
    jobs = min(jobs, len(items))
    report = on_done or (lambda done: None)
    results: list[R] = []
    if jobs <= 1 or len(items) < min_items or not can_fork():
        for item in items:
            results.append(fn(item))
            report(len(results))
        return results
    chunk = max(1, len(items) // (jobs * CHUNKS_PER_WORKER))
    with forked_pool(jobs) as pool:
        for result in pool.imap(fn, items, chunksize=chunk):  # in order, as they come
            results.append(result)
            report(len(results))
    return results


@contextmanager
def forked_pool(jobs: int) -> Iterator[Pool]:
    """A pool of forked workers that ignore SIGINT, terminated on leaving (on Ctrl-C too).

    A terminal's Ctrl-C reaches the whole process group: the parent alone stops (KeyboardInterrupt)
    and the workers, quiet, are terminated with the pool. SIGINT is held back while they are
    forked, so none sees it before its initializer ignores it; a Ctrl-C held back arrives after.
    """
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    gc.freeze()  # the collector then never touches (so copies) the parent's pages in a worker
    try:
        with multiprocessing.get_context("fork").Pool(jobs, ignore_interrupts) as pool:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            yield pool
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def ignore_interrupts() -> None:
    """A worker's initializer: Ctrl-C is the parent's to handle, and SIGTERM (how the pool ends
    its workers) ends a worker quietly, whatever handler the parent had (serve raises on it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


_INHERITED: list[
    Callable[[int], Any]
] = []  # the fn of the map_indexed under way: workers inherit it


def map_indexed(
    fn: Callable[[int], R],
    count: int,
    jobs: int,
    min_items: int = MIN_PARALLEL,
    on_done: Callable[[int], None] | None = None,
) -> list[R]:
    """[fn(i) for i in range(count)] as map_ordered does it; `fn` (a closure over big data, or over
    what cannot be pickled) is never sent to the workers: they inherit it when forked."""
    _INHERITED[:] = [fn]
    try:
        return map_ordered(call_inherited, range(count), jobs, min_items, on_done)
    finally:
        _INHERITED.clear()


def call_inherited(i: int) -> Any:
    return _INHERITED[0](i)
