"""Benchmark the index-stage entity work (unlinked mentions, related entries, the whole index).

Usage: .venv/bin/python bench/entities.py [--sizes 1000,10000] [--runs 3] [--work DIR]

Notes come from ../shared/bench/gen_corpus.py (as in bench.py); they are parsed once (in parallel)
and the parsed entries kept in WORK, so only the index stage is timed (CPU seconds, medians).
Columns: mentions, related and the whole index computed cold (nothing kept from a last build);
then the whole index again after a build of the same entries, as `serve` rebuilds it: nothing
changed, one body edited as bench.py edits it ("Edit 1."), one body given a word other notes
use (its idf moves: the vectors that rank it are redone), one tag added.
"""

from __future__ import annotations

import pickle
import statistics
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path

from bench import corpus_parser, generate, sizes_of, work_of  # type: ignore[import-not-found]

from notebase.builder.cachefiles import FORMAT
from notebase.builder.memo import Memo
from notebase.builder.pipeline import add_analyses
from notebase.digests import remade
from notebase.linking.analyses import analyse
from notebase.linking.index import build_index
from notebase.linking.mentions import find_mentions
from notebase.linking.related import compute_related
from notebase.model import Entry, NoteFile, SiteIndex
from notebase.reading.discover import discover_notes
from notebase.reading.notewords import note_words, read_words
from notebase.reading.parse import parse_note


def parse_one(source: NoteFile) -> Entry | None:
    return parse_note(source).entry


def load_entries(root: Path) -> list[Entry]:
    # beside the corpus (copied afresh each run); the entries' shape changes with FORMAT
    cached = root.with_name(f"{root.name}-entries-{FORMAT.rsplit('/', 1)[-1]}.pickle")
    if cached.is_file():
        entries: list[Entry] = pickle.loads(cached.read_bytes())
        return entries
    sources, _ = discover_notes(root)
    with Pool() as pool:
        parsed = pool.map(parse_one, sources, chunksize=64)
    entries = [e for e in parsed if e is not None]
    cached.write_bytes(pickle.dumps(entries))
    return entries


def median_seconds(run: Callable[[], object], runs: int, before: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        before()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def nothing() -> None:
    """Nothing to do before a run: each run starts from nothing, as a new process does."""


def index_all(entries: list[Entry], memo: Memo) -> SiteIndex:
    """The index with its analyses, as a build makes it through its memo."""
    return add_analyses(build_index(entries, apply=memo), memo)


def rebuild_seconds(entries: list[Entry], changed: list[Entry], runs: int) -> float:
    """The index of `changed` built again from what a build of `entries` left (as serve does)."""
    last = [Memo()]

    def before() -> None:
        memo = Memo()
        index_all(entries, memo)
        last[0] = memo.next_generation()

    return median_seconds(lambda: index_all(changed, last[0]), runs, before)


def edited(entries: list[Entry], text: str = "", tag: str = "") -> list[Entry]:
    """The entries with the middle one's mention text (and words) extended, or a tag added."""
    i = len(entries) // 2
    e = entries[i]
    prose = e.mention_text + text
    changed = remade(
        e,
        mention_text=prose,
        words=note_words(prose, e.title),
        tags=(*e.tags, tag) if tag else e.tags,
    )
    return [*entries[:i], changed, *entries[i + 1 :]]


def shared_word(entries: list[Entry]) -> str:
    """A word 1-5% of the notes use and the middle note does not."""
    df = compute_related(entries).df
    has = set(read_words(entries[len(entries) // 2].words))
    n = len(entries)
    return min(
        w for w, c in df.items() if n // 100 <= c <= n // 20 and w.isalpha() and w not in has
    )


def measure(entries: list[Entry], runs: int) -> str:
    """One line: CPU seconds of mentions, related, the whole index, rebuilds; what was found."""
    outlinks = build_index(entries).outlinks
    cold = [
        median_seconds(lambda: find_mentions(entries, outlinks), runs, nothing),
        median_seconds(lambda: compute_related(entries), runs, nothing),
        median_seconds(lambda: analyse(build_index(entries)), runs, nothing),
    ]
    word = shared_word(entries)
    again = [
        rebuild_seconds(entries, changed, runs)
        for changed in (
            entries,
            edited(entries, "\nEdit 1."),
            edited(entries, f"\nOn {word}."),
            edited(entries, tag="bench-tag"),
        )
    ]
    index = analyse(build_index(entries))
    found = f"{sum(m.total for m in index.mentions.values())}m/{len(index.source_ids)}s"
    cells = " ".join(f"{t:>7.2f}s" for t in cold + again)
    return f"{len(entries):>6} {cells} {found:>14}"


def main() -> None:
    args = corpus_parser(__doc__ or "", "1000,10000", 3).parse_args()
    work = work_of(args, "entities-bench")
    cols = ("mentions", "related", "index", "same", "edit", "word", "tag")
    print(f"{'notes':>6} " + " ".join(f"{c:>8}" for c in cols) + f" {'found':>14}")
    for n in sizes_of(args):
        print(measure(load_entries(generate(n, args.corpora, work)), args.runs))


if __name__ == "__main__":
    main()
