"""Benchmark: the parse stage and the whole cold build, wall time and CPU time; prints medians.

Usage: .venv/bin/python bench/parse_time.py [--sizes 1000] [--runs 5] [--work DIR]

For each size a generated corpus (as in bench/bench.py) is timed in this process, in rounds:
  parse   build.parse_notes over every note, serially (jobs 1) and on every core;
  build   build_site with no cache and no site, with the search index left out and with it.
CPU is this process's and its reaped children's (the parse workers, Pagefind): on a busy machine the
wall times drift with the load, the CPU times much less.
"""

from __future__ import annotations

import resource
import shutil
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from bench import corpus_parser, generate, sizes_of, work_of

from notebase.builder.inputs import discover_changes
from notebase.builder.parallel import default_jobs
from notebase.builder.pipeline import BuildResult, build_site, parse_notes
from notebase.builder.state import BuildOptions

Sample = tuple[float, float]  # wall seconds, CPU seconds


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(work: Callable[[], object]) -> Sample:
    wall, cpu = time.perf_counter(), cpu_seconds()
    work()
    return time.perf_counter() - wall, cpu_seconds() - cpu


def time_parse(root: Path, jobs: int) -> Sample:
    found = discover_changes(root, {}, 0)
    return measure(lambda: parse_notes(found, {}, BuildOptions(root, root / "site", jobs=jobs)))


def time_build(root: Path, search: bool) -> Sample:
    (root / "notebase.yaml").write_text(f"search: {str(search).lower()}\n", encoding="utf-8")
    shutil.rmtree(root / "site", ignore_errors=True)
    return measure(lambda: check_written(build_site(BuildOptions(root, root / "site"))))


def check_written(result: BuildResult) -> None:
    if not result.written:
        raise SystemExit("the build failed")


def report(label: str, samples: list[Sample]) -> None:
    wall = statistics.median(s[0] for s in samples)
    cpu = statistics.median(s[1] for s in samples)
    print(f"  {label:<22} wall {wall:6.2f}s   cpu {cpu:6.2f}s")


def main() -> None:
    args = corpus_parser(__doc__ or "", "1000", 5).parse_args()
    work = work_of(args, "parse-bench")
    jobs = default_jobs()
    stages: dict[str, Callable[[Path], Sample]] = {
        "parse, jobs 1": lambda root: time_parse(root, 1),
        f"parse, jobs {jobs}": lambda root: time_parse(root, jobs),
        "cold build, no search": lambda root: time_build(root, False),
        "cold build, search": lambda root: time_build(root, True),
    }
    for size in sizes_of(args):
        root = generate(size, args.corpora, work)
        samples: dict[str, list[Sample]] = {label: [] for label in stages}
        for _ in range(args.runs):  # in rounds: a change in the machine's load hits every stage
            for label, stage in stages.items():
                samples[label].append(stage(root))
        print(f"{size} notes, median of {args.runs}:")
        for label, taken in samples.items():
            report(label, taken)


if __name__ == "__main__":
    main()
