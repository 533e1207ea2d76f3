"""Benchmark: the search index's share of a cold build (Pagefind over the built pages); prints medians.

Usage: .venv/bin/python bench/search_time.py [--sizes 0,1000] [--runs 3] [--work DIR]

Size 0 is the example knowledge base of this repository; other sizes are generated corpora (as in
bench/bench.py). Each run indexes the built site afresh, as a cold build does: staging the pages,
running the Pagefind binary, reading its bundle back and making it canonical.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from bench import corpus_parser, generate, sizes_of, work_of

from notebase.builder.pipeline import build_site
from notebase.builder.search import plan_search
from notebase.builder.state import BuildOptions
from notebase.config import load_config
from notebase.files import KEEP

REPO = Path(__file__).resolve().parents[1]


def time_index(root: Path, out: Path, runs: int) -> tuple[int, list[float]]:
    result = build_site(BuildOptions(root=root, out=out))
    if not result.written:
        raise SystemExit(f"build failed in {root}")
    pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))
    language = load_config(root)[0].language
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        bundle = plan_search(
            out, dict.fromkeys(pages, KEEP), dict.fromkeys(pages, ""), {}, set(pages), language
        )
        times.append(time.perf_counter() - start)
        if not hasattr(bundle, "files"):
            raise SystemExit(f"indexing failed: {bundle}")
    return len(pages), times


def main() -> None:
    args = corpus_parser(__doc__ or "", "0,1000", 3).parse_args()
    work = work_of(args, "search-bench")
    for size in sizes_of(args):
        root = REPO if size == 0 else generate(size, args.corpora, work)
        pages, times = time_index(root, work / f"site-{size}", args.runs)
        label = "example" if size == 0 else f"{size} notes"
        print(f"{label}: {pages} pages, search index median {statistics.median(times):.2f}s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
