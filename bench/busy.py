"""Benchmark: how busy the machine's cores are, interval by interval, through one cold build.

Usage: .venv/bin/python bench/busy.py --root KB [--every 0.1] [--runs 1] [--timeline]

Each run removes KB's cache and site, runs `notebase build` on KB and reads /proc/stat every
--every seconds meanwhile. It prints, per run: the build's wall time; the core-seconds the
machine left idle while it ran (cores x wall, less what was busy); and the seconds spent with
about one core busy (a stretch where the build had work for one core only, on a machine of two or
more). With --timeline, each interval's busy share of all the cores too (100: all busy). The
figures are of the whole machine: run it on an otherwise idle one, and compare runs made
together (the load before each run is printed, as bench.py does).
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench import clean


@dataclass(frozen=True, slots=True)
class Sample:
    at: float  # seconds since the build started
    total: int  # /proc/stat's jiffies of all the cores, all states
    idle: int  # of them idle or waiting for I/O


@dataclass(frozen=True, slots=True)
class Share:
    at: float  # the end of the interval
    seconds: float
    busy: float  # the busy share of all the cores over it, 0.0 to 1.0


def read_stat(text: str, at: float) -> Sample:
    """The first line of /proc/stat (every core together) as a sample taken `at`."""
    values = [int(v) for v in text.split("\n", 1)[0].split()[1:]]
    return Sample(at, sum(values), values[3] + values[4])


def shares(samples: Sequence[Sample]) -> list[Share]:
    """Each interval between two samples, with the busy share of the cores over it."""
    out = []
    for before, after in itertools.pairwise(samples):
        total = after.total - before.total
        busy = 1 - (after.idle - before.idle) / total if total else 0.0
        out.append(Share(after.at, after.at - before.at, busy))
    return out


def idle_core_seconds(intervals: Sequence[Share], cores: int) -> float:
    """The core-seconds left idle over the intervals."""
    return sum(s.seconds * cores * (1 - s.busy) for s in intervals)


def one_core_seconds(intervals: Sequence[Share], cores: int) -> float:
    """The seconds with about one core busy: more than half of one, less than one and a half."""
    return sum(s.seconds for s in intervals if 0.5 / cores < s.busy < 1.5 / cores)


def run_build(root: Path, every: float) -> tuple[float, list[Share]]:
    """A cold `notebase build` of `root`, sampled: its wall time and intervals."""
    clean(root)
    command = [sys.executable, "-m", "notebase", "build"]
    with tempfile.TemporaryFile() as said_file:  # (a pipe left unread could fill, and block it)
        start = time.perf_counter()
        proc = subprocess.Popen(command, cwd=root, stdout=subprocess.DEVNULL, stderr=said_file)
        samples = [read_stat(Path("/proc/stat").read_text(), 0.0)]
        while proc.poll() is None:
            time.sleep(every)
            samples.append(read_stat(Path("/proc/stat").read_text(), time.perf_counter() - start))
        wall = time.perf_counter() - start
        said_file.seek(0)
        said = said_file.read().decode(errors="replace")
    if proc.returncode != 0:
        raise SystemExit(f"notebase build failed in {root} (exit {proc.returncode}):\n{said}")
    return wall, shares(samples)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--root", type=Path, required=True)
    parser.add_argument("--every", type=float, default=0.1)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--timeline", action="store_true")
    args = parser.parse_args(argv)
    if not (args.root / "notes").is_dir():
        parser.error(f"{args.root} holds no notes/ folder: give a knowledge base's folder")
    cores = os.cpu_count() or 1
    for run in range(1, args.runs + 1):
        load = " ".join(f"{v:.2f}" for v in os.getloadavg()[:2])
        wall, intervals = run_build(args.root, args.every)
        idle = idle_core_seconds(intervals, cores)
        alone = one_core_seconds(intervals, cores)
        print(
            f"run {run}: wall {wall:.2f} s on {cores} cores (load before {load}); "
            f"idle {idle:.2f} core-s; about one core busy {alone:.2f} s"
        )
        if args.timeline:
            print(" ".join(f"{s.at:.1f}:{round(100 * s.busy)}" for s in intervals))


if __name__ == "__main__":
    main()
