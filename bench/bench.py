"""Benchmark table: cold/warm builds, save -> reload under `serve`, peak RSS, optionally Hugo and Pelican.

Usage: .venv/bin/python bench/bench.py [--sizes 1000,10000] [--runs 3] [--edits 5] [--tmpfs]
       [--anchors] [--pagefind] [--jobs N] [--work DIR]

For each size N the corpus comes from ../shared/bench/gen_corpus.py (the corpus other tools are
measured on), generated once under --corpora and copied into the work folder. Then:
  cold   `notebase build` with no cache and no site (median of --runs; peak RSS of the process
         and its workers, and the files written);
  warm   `notebase build` again right after, nothing changed (median of --runs);
  body / tag   `notebase serve` running, one note's body (tag list) saved: time from the file
         write to the reload event the browser gets (median of 2 x --edits saves: each edit and its
         undo), as bench/save_to_reload.py measures it;
  --pagefind   Pagefind indexing the built site on its own (python -m pagefind);
  --anchors    Hugo and Pelican, with notebase, through ../shared/bench/run_anchors.py: clean builds
         in rounds (A B C A B C ...) on the same corpus, medians and paired ratios.
--tmpfs mounts a tmpfs on the work folder first (root only), as the reference figures were taken.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from save_to_reload import edit_body, edit_tags, measure

REPO = Path(__file__).resolve().parents[1]
SHARED_BENCH = REPO.parent / "shared" / "bench"
ANCHORS = ("hugo", "pelican")


@dataclass
class Row:
    n: int
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    rss_mb: list[float] = field(default_factory=list)
    body_ms: list[float] = field(default_factory=list)
    tag_ms: list[float] = field(default_factory=list)
    pagefind: list[float] = field(default_factory=list)
    files: int = 0
    anchors: dict[str, float] = field(default_factory=dict)  # tool -> median wall, and ratios


def corpus_parser(doc: str, sizes: str, runs: int) -> argparse.ArgumentParser:
    """The options every corpus benchmark takes: --sizes, --runs, --work, --corpora."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--sizes", default=sizes, help="comma-separated note counts")
    parser.add_argument("--runs", type=int, default=runs, help="runs per measurement (median)")
    parser.add_argument("--work", type=Path, default=None, help="where builds run")
    corpora = Path(tempfile.gettempdir()) / "notebase-bench-corpora"
    parser.add_argument("--corpora", type=Path, default=corpora, help="generated once, kept here")
    return parser


def sizes_of(args: argparse.Namespace) -> list[int]:
    return [int(s) for s in args.sizes.split(",")]


def work_of(args: argparse.Namespace, name: str) -> Path:
    """--work, or a new temporary folder."""
    return Path(args.work or tempfile.mkdtemp(prefix=f"notebase-{name}-"))


def generate(n: int, corpora: Path, work: Path) -> Path:
    """The corpus of n notes, generated once under `corpora`, copied fresh into `work`."""
    source = corpora / f"corpus-{n}"
    if not (source / "notes").is_dir():
        cmd = [sys.executable, str(SHARED_BENCH / "gen_corpus.py"), "-n", str(n)]
        subprocess.run([*cmd, "-o", str(source), "--layout", "plain", "-q"], check=True)
    root = work / f"corpus-{n}"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(source / "notes", root / "notes")
    return root


def run_build(root: Path, jobs: int) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB, the largest of the process and its workers) of one build."""
    cmd = [sys.executable, "-m", "notebase", "--root", str(root), "build"]
    cmd += ["--jobs", str(jobs)] if jobs else []
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise SystemExit(f"build failed in {root}:\n{err[-2000:]}")
    return elapsed, usage.ru_maxrss / 1024


def clean(root: Path) -> None:
    for name in ("site", ".notebase-cache"):
        shutil.rmtree(root / name, ignore_errors=True)


def count_files(site: Path) -> int:
    return sum(len(names) for _, _, names in os.walk(site)) - 1  # the marker is not a page


def time_pagefind(site: Path) -> float:
    start = time.perf_counter()
    cmd = [
        sys.executable,
        "-m",
        "pagefind",
        "--site",
        str(site),
        "--output-path",
        str(site / "_pagefind"),
    ]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    shutil.rmtree(site / "_pagefind", ignore_errors=True)
    return seconds


def measure_builds(row: Row, root: Path, args: argparse.Namespace) -> None:
    for _ in range(args.runs):
        clean(root)
        seconds, rss = run_build(root, args.jobs)
        row.cold.append(seconds)
        row.rss_mb.append(rss)
        row.warm.append(run_build(root, args.jobs)[0])
        say(f"N={row.n} cold {seconds:.2f}s ({rss:.0f} MB), warm {row.warm[-1]:.2f}s")
        if args.pagefind:
            row.pagefind.append(time_pagefind(root / "site"))
            say(f"N={row.n} pagefind {row.pagefind[-1]:.2f}s")
    row.files = count_files(root / "site")


def measure_serve(row: Row, root: Path, edits: int) -> None:
    notes = sorted((root / "notes").glob("*.md"))
    note = notes[len(notes) // 2]
    row.body_ms = [t * 1000 for t in measure(root, note, edits, edit_body)]
    say(f"N={row.n} body edit -> reload: median {statistics.median(row.body_ms):.0f} ms")
    row.tag_ms = [t * 1000 for t in measure(root, note, edits, edit_tags)]
    say(f"N={row.n} tag change -> reload: median {statistics.median(row.tag_ms):.0f} ms")


def measure_anchors(row: Row, work: Path, args: argparse.Namespace) -> None:
    """Hugo, Pelican and notebase clean builds in rounds, on the same corpus, by run_anchors.py."""
    build = f"sh -c 'rm -rf .notebase-cache && {shlex.quote(sys.executable)} -m notebase build"
    build += f" --out {{out}}{f' --jobs {args.jobs}' if args.jobs else ''}'"
    out = work / f"anchors-{row.n}.json"
    cmd = [sys.executable, str(SHARED_BENCH / "run_anchors.py"), "--sizes", str(row.n)]
    cmd += ["--tools", *ANCHORS, "--add-tool", f"notebase:plain:site:{build}"]
    cmd += ["--runs", str(args.runs), "--edit-runs", "0", "--work", str(work / "anchors")]
    cmd += ["--json", str(out)]
    subprocess.run(cmd, check=True, stdout=sys.stderr)
    runs = {r["tool"]: r for r in json.loads(out.read_text())["results"] if r["runs"]}
    for tool, result in runs.items():
        row.anchors[tool] = result["wall_s"]
    ours = [r["wall"] for r in runs.get("notebase", {}).get("runs", [])]
    for tool in ANCHORS:
        theirs = [r["wall"] for r in runs.get(tool, {}).get("runs", [])]
        if ours and theirs:  # paired: the runs of one round ran back to back
            row.anchors[f"x{tool}"] = statistics.median(
                a / b for a, b in zip(ours, theirs, strict=False)
            )


def median(values: list[float], fmt: str) -> str:
    return format(statistics.median(values), fmt) if values else "–"


def print_table(rows: list[Row], args: argparse.Namespace) -> None:
    head = "| notes | cold build (s) | warm build (s) | body edit → reload (ms) | tag change → reload (ms) | peak RSS (MB) | files written |"
    print(head + (" Pagefind alone (s) |" if args.pagefind else ""))
    print("|---" * (head.count("|") - 1 + bool(args.pagefind)) + "|")
    for r in rows:
        cells = [f"{r.n:,}", median(r.cold, ".2f"), median(r.warm, ".2f")]
        cells += [median(r.body_ms, ".0f"), median(r.tag_ms, ".0f")]
        cells += [f"{max(r.rss_mb):.0f}" if r.rss_mb else "–", f"{r.files:,}"]
        cells += [median(r.pagefind, ".2f")] if args.pagefind else []
        print("| " + " | ".join(cells) + " |")
    if len(rows) > 1 and all(r.cold for r in rows):
        grow = statistics.median(rows[-1].cold) / statistics.median(rows[0].cold)
        print(f"\ncold {rows[-1].n:,} / {rows[0].n:,}: {grow:.1f}x")
    if args.anchors:
        print(
            "\n| notes | Hugo (s) | Pelican (s) | notebase (s) | notebase / Hugo | notebase / Pelican |"
        )
        print("|---|---|---|---|---|---|")
        for r in rows:
            a = r.anchors
            cells = [f"{a.get(k, float('nan')):.2f}" for k in ("hugo", "pelican", "notebase")]
            cells += [f"{a.get(k, float('nan')):.2f}" for k in ("xhugo", "xpelican")]
            print(f"| {r.n:,} | " + " | ".join(cells) + " |")


def say(message: str) -> None:
    print(f"# {message}", file=sys.stderr, flush=True)


def mount_tmpfs(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=12g", "notebase-bench", str(folder)], check=True
    )


def main() -> int:
    parser = corpus_parser(__doc__, "1000,10000", 3)
    parser.add_argument(
        "--edits", type=int, default=5, help="edits (each with its undo) under serve"
    )
    parser.add_argument(
        "--jobs", type=int, default=0, help="notebase build --jobs (0: its default)"
    )
    parser.add_argument("--tmpfs", action="store_true", help="mount a tmpfs on the work folder")
    parser.add_argument("--anchors", action="store_true", help="also time Hugo and Pelican")
    parser.add_argument("--pagefind", action="store_true", help="also time Pagefind on the site")
    args = parser.parse_args()
    work = work_of(args, "bench")
    if args.tmpfs:
        mount_tmpfs(work)
    print(f"command: {shlex.join(sys.argv)}")
    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}, {os.cpu_count()} cores")
    try:
        rows = []
        for n in sizes_of(args):
            root = generate(n, args.corpora, work)
            row = Row(n)
            measure_builds(row, root, args)
            measure_serve(row, root, args.edits)
            if args.anchors:
                measure_anchors(row, work, args)
            rows.append(row)
            shutil.rmtree(root, ignore_errors=True)
        print(f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}\n")
        print_table(rows, args)
    finally:
        if args.tmpfs:
            subprocess.run(["umount", str(work)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
