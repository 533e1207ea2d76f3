"""Benchmark: cold and warm `notebase build` on generated corpora; prints medians and peak RSS.

Usage: .venv/bin/python bench/bench.py [--sizes 1000,10000] [--runs 3] [--work DIR]

The corpus comes from ../shared/bench/gen_corpus.py (the corpus other tools are measured on). To time
Hugo, Pelican and Eleventy in the same run, use ../shared/bench/run_anchors.py with
`--add-tool 'notebase:plain:site:notebase build --out {out}'`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GEN_CORPUS = REPO.parent / "shared" / "bench" / "gen_corpus.py"


def generate(n: int, work: Path) -> Path:
    root = work / f"corpus-{n}"
    if not (root / "notes").is_dir():
        cmd = [
            sys.executable,
            str(GEN_CORPUS),
            "-n",
            str(n),
            "-o",
            str(root),
            "--layout",
            "plain",
            "-q",
        ]
        subprocess.run(cmd, check=True)
    return root


def time_build(root: Path) -> tuple[float, int]:
    """Wall seconds and peak RSS (MB) of one `notebase build` in a child process."""
    cmd = [sys.executable, "-m", "notebase", "--root", str(root), "build"]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"build failed in {root}")
    return elapsed, usage.ru_maxrss // 1024


def clean(root: Path) -> None:
    for name in ("site", ".notebase-cache"):
        shutil.rmtree(root / name, ignore_errors=True)


def measure(root: Path, runs: int) -> dict[str, float]:
    cold, warm, rss = [], [], []
    for _ in range(runs):
        clean(root)
        seconds, peak = time_build(root)
        cold.append(seconds)
        rss.append(peak)
        warm.append(time_build(root)[0])
    pages = sum(1 for _ in (root / "site").rglob("*.html"))
    return {
        "cold": statistics.median(cold),
        "warm": statistics.median(warm),
        "rss": max(rss),
        "pages": pages,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated note counts")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (median)")
    parser.add_argument("--work", type=Path, default=None, help="where corpora are generated")
    args = parser.parse_args()
    work = args.work or Path(tempfile.gettempdir()) / "notebase-bench"
    work.mkdir(parents=True, exist_ok=True)
    print("| notes | cold build (s) | warm build (s) | peak RSS (MB) | pages |")
    print("|---|---|---|---|---|")
    for n in (int(s) for s in args.sizes.split(",")):
        m = measure(generate(n, work), args.runs)
        print(f"| {n:,} | {m['cold']:.2f} | {m['warm']:.2f} | {m['rss']:.0f} | {m['pages']:.0f} |")


if __name__ == "__main__":
    main()
