"""Benchmark: the wall and CPU time of each pipeline stage in one `notebase build` (the cache kept),
in process.

Usage: .venv/bin/python bench/stages.py --root KB [--edit notes/some-note.md] [--jobs N]

With --edit, a line is appended to that note first, so the build is the one-shot build after one body
edit that bench/bench.py times as a whole; without a cache (delete KB/.notebase-cache) it is a cold
build. Prints for each stage function of a full build, or of a delta build (builder/delta.py), a
stage called more than once summed: its seconds, the CPU seconds of this process and of the children
it waited for over it (forked workers, Pagefind), and this process's resident memory after it; then
the whole call, and the process's peak RSS and that of its largest child. One run: for medians,
run it several times (each with --edit, or the build has nothing to do).
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from proctree import PAGE, parse_stat

import notebase.builder.delta as delta
import notebase.builder.pipeline as pipeline
from notebase.cli import main

STAGES = (
    "load_state",
    "read_inputs",
    "load_parses",
    "load_memo",
    "parse_notes",
    "saved_state",
    "index_parsed",
    "add_analyses",
    "save_held",
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
    "save_base",
)
# a delta build's (builder/delta.py), when the build is one
DELTA_STAGES = (
    "delta_build",
    "load_base",
    "changed_notes",
    "related_now",
    "pages_holding",
    "plan_files",
    "add_search_bundle",
    "update_site",
    "stamp_folders",
    "write_payloads",
)


def resident_mb() -> int:
    """This process's resident memory now."""
    return parse_stat(Path("/proc/self/stat").read_text()).rss_pages * PAGE // 2**20


class Timings:
    """Per stage: wall seconds, CPU seconds of this process and of its children, and the RSS
    after it (MB)."""

    def __init__(self) -> None:
        self.wall: dict[str, float] = {}
        self.own: dict[str, float] = {}
        self.children: dict[str, float] = {}
        self.memory: dict[str, int] = {}

    def timed(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            start, cpu = time.perf_counter(), os.times()
            try:
                return fn(*args, **kwargs)
            finally:
                now = os.times()
                add(self.wall, name, time.perf_counter() - start)
                add(self.own, name, (now.user - cpu.user) + (now.system - cpu.system))
                spent = (now.children_user - cpu.children_user) + (
                    now.children_system - cpu.children_system
                )
                add(self.children, name, spent)
                self.memory[name] = resident_mb()

        return call

    def report(self, name: str) -> str:
        return (
            f"{name:18s} {self.wall[name]:8.3f} s  CPU {self.own[name]:7.2f} s"
            f" + children {self.children[name]:7.2f} s  RSS after it {self.memory[name]:6d} MB"
        )


def add(totals: dict[str, float], name: str, value: float) -> None:
    totals[name] = totals.get(name, 0.0) + value


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
    timings = Timings()
    for module, names in ((pipeline, STAGES), (delta, DELTA_STAGES)):
        for name in names:
            setattr(module, name, timings.timed(name, getattr(module, name)))
    start = time.perf_counter()
    jobs = ["--jobs", str(args.jobs)] if args.jobs else []
    code = main(["build", "--root", str(args.root), *jobs])
    whole = time.perf_counter() - start
    for name in dict.fromkeys((*STAGES, *DELTA_STAGES)):
        if name in timings.wall:
            print(timings.report(name))
    print(f"{'main()':18s} {whole:8.3f} s  (exit {code})")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(f"peak RSS: this process {own} MB, largest child {children} MB")


if __name__ == "__main__":
    main_stages()
