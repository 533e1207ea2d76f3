"""Benchmark: the most a cold build could gain by starting Pagefind earlier (an upper bound).

Usage: .venv/bin/python bench/overlap.py [--sizes 1000] [--runs 3] [--delay 0.4] [--work DIR]

A build indexes a shard once its pages are rendered (builder/search.py, EarlyIndex), so Pagefind
has nothing to do while the notes are parsed and the index is planned on one core. This measures
what the build would take if every page's search copy were ready at --delay seconds into it: on a
generated corpus (as in bench/bench.py), the copies of one build are staged by shard first; then,
each run, in turn:
  search     a cold `notebase build` as it is (search on);
  overlap    a cold `notebase build` with `search: false`, and --delay seconds after it starts the
             staged shards' Pagefinds (INDEX_JOBS at a time, PAGEFIND_NICENESS below the build, as
             the build runs them), the wall time until both are done.
It prints the medians and their ratio (overlap / search). The overlap build writes no index, so no
search bundle is compared: the figure bounds a design, it is no build.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench import clean, corpus_parser, generate, sizes_of, work_of

from notebase.builder.search import (
    INDEX_JOBS,
    PAGEFIND_NICENESS,
    indexed_copy,
    run_pagefind,
    shard_count,
    shard_number,
    site_pages,
    stage_page,
)

LANGUAGE = "en"  # the generated corpus's


def build(root: Path) -> float:
    """A cold `notebase build` of `root`: its wall time."""
    clean(root)
    start = time.perf_counter()
    command = [sys.executable, "-m", "notebase", "--root", str(root), "build"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def stage_copies(site: Path, copies: Path) -> list[Path]:
    """The search copies of the site's pages staged in one folder per shard, as a build
    stages them; the shard folders, in order."""
    shutil.rmtree(copies, ignore_errors=True)
    pages = site_pages(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    count = shard_count(len(pages))
    for rel in pages:
        copy = indexed_copy((site / rel).read_bytes())
        if copy is not None:
            stage_page(copies / f"s{shard_number(rel, count)}", rel, copy)
    return sorted(p for p in copies.iterdir() if p.is_dir())


def index_shards(shards: list[Path]) -> None:
    """Pagefind over every shard folder, INDEX_JOBS at a time."""

    def run(share: list[Path]) -> None:
        for folder in share:
            shutil.rmtree(folder / "pagefind", ignore_errors=True)
            if run_pagefind(folder, LANGUAGE, niceness=PAGEFIND_NICENESS) is not None:
                raise SystemExit(f"Pagefind failed on {folder}")

    threads = [
        threading.Thread(target=run, args=(shards[i::INDEX_JOBS],)) for i in range(INDEX_JOBS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def overlapped(root: Path, shards: list[Path], delay: float) -> float:
    """A cold build without search, and the shards indexed from `delay` seconds into it: the
    wall time until both are done."""
    clean(root)
    start = time.perf_counter()
    command = [sys.executable, "-m", "notebase", "--root", str(root), "build"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(delay)
    index_shards(shards)
    if proc.wait() != 0:
        raise SystemExit(f"notebase build failed in {root}")
    return time.perf_counter() - start


def main() -> None:
    parser = corpus_parser(__doc__, "1000", 3)
    parser.add_argument("--delay", type=float, default=0.4, help="seconds before Pagefind starts")
    args = parser.parse_args()
    work = work_of(args, "overlap")
    for n in sizes_of(args):
        root = generate(n, work / "corpora", work)
        bare = work / f"bare-{n}"
        shutil.rmtree(bare, ignore_errors=True)
        shutil.copytree(root / "notes", bare / "notes")
        (bare / "notebase.yaml").write_text("search: false\n", encoding="utf-8")
        build(root)
        shards = stage_copies(root / "site", work / f"copies-{n}")
        searched, overlaps = [], []
        for _ in range(args.runs):
            searched.append(build(root))
            overlaps.append(overlapped(bare, shards, args.delay))
        s, o = statistics.median(searched), statistics.median(overlaps)
        print(f"{n} notes, medians of {args.runs}: search {s:.2f} s, overlap {o:.2f} s", end="")
        print(f" (Pagefind from {args.delay:g} s), ratio {o / s:.2f}")


if __name__ == "__main__":
    main()
