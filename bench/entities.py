"""Benchmark the index-stage entity work (unlinked mentions, related entries, the whole index).

Usage: .venv/bin/python bench/entities.py [--sizes 1000,10000] [--runs 3] [--work DIR]

Notes come from ../shared/bench/gen_corpus.py (as in bench.py); they are parsed once (in parallel)
and the parsed entries kept in WORK, so only the index stage is timed (CPU seconds, medians).
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import tempfile
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path

from bench import generate  # type: ignore[import-not-found]

from notebase.discover import discover_sources
from notebase.index import build_index, link_graph, name_table, resolve_links
from notebase.mentions import find_mentions
from notebase.model import Entry, Source
from notebase.parse import parse_source
from notebase.related import find_related


def parse_one(source: Source) -> Entry | None:
    return parse_source(source).entry


def load_entries(root: Path) -> list[Entry]:
    cached = root / "entries.pickle"
    if cached.is_file():
        entries: list[Entry] = pickle.loads(cached.read_bytes())
        return entries
    sources, _ = discover_sources(root)
    with Pool() as pool:
        parsed = pool.map(parse_one, sources, chunksize=64)
    entries = [e for e in parsed if e is not None]
    cached.write_bytes(pickle.dumps(entries))
    return entries


def median_seconds(run: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def measure(entries: list[Entry], runs: int) -> str:
    """One line: CPU seconds of mentions, related and the whole index, and what was found."""
    by_slug = {e.slug: e for e in entries}
    names = name_table(entries)
    targets = {e.slug: resolve_links(e, by_slug, names)[0] for e in entries}
    outlinks, _ = link_graph(entries, targets)
    mentions = median_seconds(lambda: find_mentions(entries, outlinks), runs)
    related = median_seconds(lambda: find_related(entries), runs)
    whole = median_seconds(lambda: build_index(entries), runs)
    index = build_index(entries)
    found = f"{sum(m.total for m in index.mentions.values())}m/{len(index.source_ids)}s"
    n = len(entries)
    return f"{n:>6} {mentions:>8.2f}s {related:>7.2f}s {whole:>6.2f}s {found:>14}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated note counts")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "notebase-bench")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    print(f"{'notes':>6} {'mentions':>9} {'related':>8} {'index':>7} {'found':>14}")
    for n in (int(s) for s in args.sizes.split(",")):
        print(measure(load_entries(generate(n, args.work)), args.runs))


if __name__ == "__main__":
    main()
