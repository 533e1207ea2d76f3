"""All cores for cold builds: a map over a process pool, results in input order (deterministic merge)."""

from __future__ import annotations

import ctypes
import functools
import gc
import multiprocessing
import os
import queue
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # the pool's module is imported by the first map that forks (not by a warm build)
    from multiprocessing.pool import AsyncResult, Pool
    from multiprocessing.process import BaseProcess
    from multiprocessing.queues import Queue
    from multiprocessing.sharedctypes import Synchronized

T = TypeVar("T")
R = TypeVar("R")

# Below this many items a pool costs more than it saves (bench/parse_time.py times the parse serially
# and on every core: README "Benchmarks").
MIN_PARALLEL = 48


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
    """[fn(x) for x in items], spread over `jobs` processes (this one and forked workers) when
    that pays off; the results come in the order of `items` whatever the order they are made in.
    The workers inherit `fn` and the items when forked; the results must be picklable."""
    return map_indexed(lambda i: fn(items[i]), len(items), jobs, min_items, on_done)


def map_indexed(
    fn: Callable[[int], R],
    count: int,
    jobs: int,
    min_items: int = MIN_PARALLEL,
    on_done: Callable[[int], None] | None = None,
) -> list[R]:
    """[fn(i) for i in range(count)], spread over `jobs` processes when that pays off: this one
    and jobs - 1 forked workers, each taking the next chunk of indexes none has taken. `fn` (a
    closure over big data, or over what cannot be pickled) is never sent: the workers inherit it.
    This process works too rather than wait: one worker fewer holds a copy-on-write copy of the
    pages it reads, and its share of the results is never pickled."""
    jobs = min(jobs, count)
    report = on_done or (lambda done: None)
    if jobs <= 1 or count < min_items or not can_fork():
        results: list[R] = []
        for i in range(count):
            results.append(fn(i))
            report(len(results))
        return results
    return shared_map(fn, count, jobs, report)


@dataclass(frozen=True, slots=True)
class SharedMap:
    """The map under way, which the workers inherit when forked: the function, how many indexes,
    the processes, the next index none has taken (shared), and the queue workers hand chunks to."""

    fn: Callable[[int], Any]
    count: int
    jobs: int
    taken: Synchronized[int]
    handed: Queue[list[tuple[int, Any]]]


_SHARED: list[SharedMap] = []  # the map under way, if one is (set before the workers fork)
WAIT_SECONDS = 0.1  # how often this process, waiting for a worker's chunks, sees whether it failed


def shared_map(
    fn: Callable[[int], R], count: int, jobs: int, report: Callable[[int], None]
) -> list[R]:
    """Each process takes chunk after chunk (run_chunk) until none is left; a worker hands each
    chunk's results over as soon as it is made (through a queue, whose thread pickles them while
    the worker goes on), and this process takes them in between its own chunks. Nothing is left
    to hand over at the end but the last chunks, which are small: no process waits long for
    another, nor for the pickling of a whole share."""
    context = multiprocessing.get_context("fork")
    handed: Queue[list[tuple[int, Any]]] = context.Queue()
    _SHARED[:] = [SharedMap(fn, count, jobs, context.Value("q", 0), handed)]
    made: list[Any] = [_MISSING] * count
    done = 0

    def keep(part: list[tuple[int, Any]]) -> None:
        nonlocal done
        for i, result in part:
            made[i] = result
        done += len(part)
        report(done)

    before = set(multiprocessing.active_children())
    try:
        with forked_pool(jobs - 1) as pool:
            # the processes forked for this map, not another child this process had
            workers = [p for p in multiprocessing.active_children() if p not in before]
            # one task a worker, handed over at once: the pool's threads in this process, which
            # hand tasks over, would wait for the interpreter lock while this process works
            theirs = [pool.apply_async(hand_over_chunks) for _ in range(jobs - 1)]
            while mine := run_chunk():
                keep(mine)
                while (theirs_now := taken_now(handed)) is not None:
                    keep(theirs_now)
            while done < count:
                part = next_handed(handed, theirs, workers)
                if part is None:  # a worker was killed: what it took is made here
                    keep([(i, fn(i)) for i in range(count) if made[i] is _MISSING])
                    break
                keep(part)
    finally:
        _SHARED.clear()
    return made


_MISSING: Any = object()  # a result no process has handed over yet


def hand_over_chunks() -> None:
    """A worker's share: chunk after chunk until none is left, each handed over once made."""
    handed = _SHARED[0].handed
    while part := run_chunk():
        handed.put(part)


def taken_now(handed: Queue[list[tuple[int, Any]]]) -> list[tuple[int, Any]] | None:
    """A chunk a worker handed over, if one is there now."""
    try:
        return handed.get_nowait()
    except queue.Empty:
        return None


def next_handed(
    handed: Queue[list[tuple[int, Any]]],
    tasks: list[AsyncResult[None]],
    workers: list[BaseProcess],
) -> list[tuple[int, Any]] | None:
    """The next chunk a worker hands over; a worker's error is raised here. None: a worker was
    killed (by the system, short of memory), and the others are done: the chunks it had taken
    will never come."""
    while True:
        try:
            return handed.get(timeout=WAIT_SECONDS)
        except queue.Empty:
            for task in tasks:
                if task.ready():
                    task.get()  # raises what the worker raised; else its chunks are on the way
            lost = sum(worker.exitcode is not None for worker in workers)
            if lost and lost + sum(task.ready() for task in tasks) >= len(tasks):
                return taken_now(handed)  # (the last one handed over, if any, first)


# A chunk is this share of the indexes left, over the processes: chunks shrink as the map nears its
# end (guided scheduling), so the last ones, which one process may be alone to work on, are short.
CHUNK_SHARE = 4


def run_chunk() -> list[tuple[int, Any]]:
    """The next chunk of indexes no process has taken, with fn's result for each (none left:
    an empty list)."""
    shared = _SHARED[0]
    with shared.taken.get_lock():
        start = shared.taken.value
        size = max(1, (shared.count - start) // (shared.jobs * CHUNK_SHARE))
        shared.taken.value = start + size
    return [(i, shared.fn(i)) for i in range(start, min(start + size, shared.count))]


@contextmanager
def forked_pool(jobs: int) -> Iterator[Pool]:
    """A pool of forked workers that ignore SIGINT, terminated on leaving (on Ctrl-C too).

    A terminal's Ctrl-C reaches the whole process group: the parent alone stops (KeyboardInterrupt)
    and the workers, quiet, are terminated with the pool. SIGINT is held back while they are
    forked, so none sees it before its initializer ignores it; a Ctrl-C held back arrives after.
    """
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    give_back_free_memory()  # else each worker counts it resident too
    gc.freeze()  # the collector then never touches (so copies) the parent's pages in a worker
    try:
        with multiprocessing.get_context("fork").Pool(jobs, ignore_interrupts) as pool:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            yield pool
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def give_back_free_memory() -> None:
    """Hand the memory the C allocator holds free back to the system (glibc's malloc_trim; where
    there is no glibc, nothing). A worker forked from this process counts every page this one
    has resident in its own RSS, freed ones too: the values a build let go of before the fork."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim  # this process's own symbols
    except (OSError, AttributeError):  # not glibc
        return None
    return trim


def ignore_interrupts() -> None:
    """A worker's initializer: Ctrl-C is the parent's to handle, and SIGTERM (how the pool ends
    its workers) ends a worker quietly, whatever handler the parent had (serve raises on it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
