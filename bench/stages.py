"""Benchmark: the wall time of each pipeline stage in one `notebase build` (the cache kept), in process.

Usage: .venv/bin/python bench/stages.py --root KB [--edit notes/some-note.md] [--jobs N]

With --edit, a line is appended to that note first, so the build is the one-shot build after one body
edit that bench/bench.py times as a whole. Prints each stage function's seconds (a stage called more
than once is summed) and the process's resident memory after it, the time the build printed, the whole call, and the process's peak RSS and that
of its children. One run: for medians, run it several times (each with --edit, or the build has
nothing to do).
"""

from __future__ import annotations

import argparse
import functools
import resource
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import notebase.builder.pipeline as pipeline
from notebase.cli import main

STAGES = (
    "load_state",
    "read_inputs",
    "load_parses",
    "load_memo",
    "parse_notes",
    "index_parsed",
    "add_analyses",
    "resolve_index",
    "make_cards",
    "plan_pages",
    "check_collisions",
    "folder_warnings",
    "list_site_files",
    "plan_files",
    "with_search",
    "update_site",
    "stamp_folders",
    "save_state",
    "save_memo",
)


def resident_mb() -> int:
    """This process's resident memory now (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * resource.getpagesize() // 2**20


def timed(
    seconds: dict[str, float], memory: dict[str, int], name: str, fn: Callable[..., Any]
) -> Callable[..., Any]:
    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            seconds[name] = seconds.get(name, 0.0) + time.perf_counter() - start
            memory[name] = resident_mb()

    return call


def main_stages() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, required=True, help="the knowledge base")
    parser.add_argument("--edit", type=Path, help="a note (relative to --root) to append a line to")
    parser.add_argument(
        "--jobs", type=int, help="notebase build --jobs (its default when not given)"
    )
    args = parser.parse_args()
    if args.edit is not None:
        note = args.root / args.edit
        note.write_text(note.read_text(encoding="utf-8") + f"\nEdited at {time.time()}.\n")
    seconds: dict[str, float] = {}
    memory: dict[str, int] = {}
    for name in STAGES:
        setattr(pipeline, name, timed(seconds, memory, name, getattr(pipeline, name)))
    start = time.perf_counter()
    jobs = ["--jobs", str(args.jobs)] if args.jobs else []
    code = main(["build", "--root", str(args.root), *jobs])
    whole = time.perf_counter() - start
    for name in STAGES:
        if name in seconds:
            print(f"{name:18s} {seconds[name]:8.3f} s  RSS after it {memory[name]:6d} MB")
    print(f"{'main()':18s} {whole:8.3f} s  (exit {code})")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(f"peak RSS: this process {own} MB, largest child {children} MB")


if __name__ == "__main__":
    main_stages()
