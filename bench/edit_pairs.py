"""Benchmark: one-shot `notebase build` after one body edit, this checkout against a baseline, paired.

Usage: .venv/bin/python bench/edit_pairs.py KB BASELINE_KB --baseline PATH [--runs 12]

KB and BASELINE_KB are two copies of one knowledge base (say a corpus bench.py generated), each
built once by its own side (this checkout's notebase, and the one of the checkout or Python PATH names,
as bench.py --baseline takes it). Then, --runs times, each side's build after one body edit, the
edit bench.py times (edit_build: a different note each run, put back after), the side going first
taking turns. Prints each side's median and range, and the median and range of the run-by-run
ratios (this / baseline). A build that is no one-edit build (a delta build may not take what changed
since its base, and then a full build makes a new one) is counted as it came: read the range.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from bench import THIS, baseline_install, compile_bytecode, edit_build, origin, run_build
from peers import paired_ratio


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("kb", type=Path)
    parser.add_argument("baseline_kb", type=Path)
    parser.add_argument("--baseline", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=12)
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs: at least 1")
    sides = [(THIS, args.kb), (baseline_install(args.baseline), args.baseline_kb)]
    for install, root in sides:
        compile_bytecode(install)
        print(origin(install))
        run_build(root, 0, install.python)  # the side's own site, cache and base
    times: dict[str, list[float]] = {install.label: [] for install, _ in sides}
    for run in range(args.runs):
        for install, root in sides if run % 2 == 0 else sides[::-1]:
            measured, reached = edit_build(root, 0, install.python, run)
            if not reached:
                raise SystemExit(f"{install.label}: the edit did not reach its page in {root}")
            times[install.label].append(measured.wall)
    for label, found in times.items():
        print(f"{label}: median {statistics.median(found):.2f} s, {fmt(found)}")
    ours, theirs = times.values()
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    print(
        f"paired ratios (this / baseline): median {paired_ratio(ours, theirs):.2f}, {fmt(ratios)}"
    )
    return 0


def fmt(values: list[float]) -> str:
    return "sorted " + " ".join(f"{v:.2f}" for v in sorted(values))


if __name__ == "__main__":
    sys.exit(main())
