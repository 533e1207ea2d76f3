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

--baseline PATH measures a second notebase in the same run, on the same corpus: PATH is another
checkout with its own .venv (`make .venv/.installed` there; its .venv/bin/python runs
`-m notebase`), or that Python itself. Each size's corpus is copied once for each side; the
cold/warm runs alternate between the two (A B, B A, A B, ...: both see the same drift in load
and neither always goes first), and so do the serve sessions, --runs of them each for the body
and for the tag edit (instead of one). The table then gives, for each figure, both medians, their
ratio (this / baseline: below 1 is faster or smaller) and the median and range of the paired
ratios (run by run; for serve, session by session, of each session's median), the files written
and whether the two sites are byte for byte the same. It adds the CPU seconds of the cold and warm
builds (user + system, workers and Pagefind included), which follow the machine's load much less
than wall time. The commit each side runs is printed first. --anchors and --pagefind time this
checkout only. On a loaded machine one pair can be off by 30% or more with both sides running the same
code: take --runs 5 or more, and read the paired ratios' range before calling a change a loss.
For instance, against main before a change (`git worktree add --detach ../baseline main`):
  .venv/bin/python bench/bench.py --sizes 1000,10000 --runs 5 --edits 5 --baseline ../baseline
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
from typing import NamedTuple

from save_to_reload import edit_body, edit_tags, measure
from vaults import same_tree

REPO = Path(__file__).resolve().parents[1]
SHARED_BENCH = next(  # ../shared/bench from the main checkout, ../../shared/bench from a worktree
    (p / "shared" / "bench" for p in REPO.parents if (p / "shared" / "bench").is_dir()),
    REPO.parent / "shared" / "bench",
)
ANCHORS = ("hugo", "pelican")
SERVE = {"body": edit_body, "tag": edit_tags}  # what a serve session changes in the note


@dataclass(frozen=True)
class Install:
    """One notebase to measure: the Python of the environment it is installed in."""

    label: str
    python: str


THIS = Install("this", sys.executable)


@dataclass
class Row:
    n: int
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    rss_mb: list[float] = field(default_factory=list)
    cold_cpu: list[float] = field(default_factory=list)
    warm_cpu: list[float] = field(default_factory=list)
    serve: dict[str, list[list[float]]] = field(  # "body"/"tag" -> each session's timings (ms)
        default_factory=lambda: {kind: [] for kind in SERVE}
    )
    pagefind: list[float] = field(default_factory=list)
    files: int = 0
    same_site: bool | None = None  # with a baseline: its site has the same bytes
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


def baseline_install(path: Path) -> Install:
    """--baseline: a checkout with its own .venv, or the Python of that .venv."""
    python = path / ".venv" / "bin" / "python" if path.is_dir() else path
    if not python.is_file():
        raise SystemExit(f"{python}: no such Python; run `make .venv/.installed` in {path}")
    return Install("baseline", str(python.absolute()))  # not resolved: that leaves the venv


def origin(install: Install) -> str:
    """Which checkout the install's notebase is imported from, at which commit."""
    code = "import notebase, pathlib; print(pathlib.Path(notebase.__file__).resolve().parents[2])"
    found = subprocess.run([install.python, "-c", code], capture_output=True, text=True)
    if found.returncode != 0:
        raise SystemExit(f"{install.python} cannot import notebase:\n{found.stderr[-1000:]}")
    checkout = found.stdout.strip()
    git = ["git", "-C", checkout]
    commit = subprocess.run([*git, "log", "-1", "--format=%h"], capture_output=True, text=True)
    status = [*git, "status", "--porcelain", "--untracked-files=no", "--", "src", "templates"]
    changed = subprocess.run(status, capture_output=True, text=True).stdout.strip()
    where = f"{checkout} at {commit.stdout.strip() or '?'}"
    return f"{install.label}: {install.python} runs {where}" + (" + changes" if changed else "")


class Build(NamedTuple):
    """One build's figures: wall seconds, peak RSS (MB, the largest of the process and its
    workers) and CPU seconds (user + system, of the process and all it waited for: workers,
    Pagefind), which follow the machine's load much less than wall time does."""

    wall: float
    rss_mb: float
    cpu: float


def run_build(root: Path, jobs: int, python: str = sys.executable) -> Build:
    """Run `notebase build` on `root` once, with the given Python's notebase."""
    cmd = [python, "-m", "notebase", "--root", str(root), "build"]
    cmd += ["--jobs", str(jobs)] if jobs else []
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise SystemExit(f"build failed in {root}:\n{err[-2000:]}")
    return Build(elapsed, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime)


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


def measure_run(row: Row, root: Path, install: Install, args: argparse.Namespace) -> None:
    """One cold build (no cache, no site), then a warm one with nothing changed."""
    clean(root)
    cold = run_build(root, args.jobs, install.python)
    warm = run_build(root, args.jobs, install.python)
    row.cold.append(cold.wall)
    row.rss_mb.append(cold.rss_mb)
    row.warm.append(warm.wall)
    row.cold_cpu.append(cold.cpu)
    row.warm_cpu.append(warm.cpu)
    say(
        f"N={row.n} {install.label}: cold {cold.wall:.2f}s (CPU {cold.cpu:.2f}s, "
        f"{cold.rss_mb:.0f} MB), warm {warm.wall:.2f}s (CPU {warm.cpu:.2f}s)"
    )
    if args.pagefind and install == THIS:
        row.pagefind.append(time_pagefind(root / "site"))
        say(f"N={row.n} pagefind {row.pagefind[-1]:.2f}s")
    row.files = count_files(root / "site")


def measure_serve(row: Row, root: Path, install: Install, edits: int, kind: str) -> None:
    """One `serve` session: `edits` saves of the kind (each with its undo), timed to the reload."""
    notes = sorted((root / "notes").glob("*.md"))
    note = notes[len(notes) // 2]
    timings = measure(root, note, edits, SERVE[kind], python=install.python)
    row.serve[kind].append([t * 1000 for t in timings])
    middle = statistics.median(row.serve[kind][-1])
    say(f"N={row.n} {install.label}: {kind} change -> reload: median {middle:.0f} ms")


def in_turn(installs: list[Install], run: int) -> list[int]:
    """The order of the installs in one run: A B, then B A, and so on."""
    order = list(range(len(installs)))
    return order if run % 2 == 0 else order[::-1]


def bench_size(n: int, installs: list[Install], args: argparse.Namespace, work: Path) -> list[Row]:
    """Every figure of one size, for each install (runs and serve sessions alternated)."""
    roots = [generate(n, args.corpora, work / install.label) for install in installs]
    rows = [Row(n) for _ in installs]
    for run in range(args.runs):
        for i in in_turn(installs, run):
            measure_run(rows[i], roots[i], installs[i], args)
    sessions = args.runs if len(installs) > 1 else 1  # pairs need several sessions
    for kind in SERVE:
        for session in range(sessions):
            for i in in_turn(installs, session):
                measure_serve(rows[i], roots[i], installs[i], args.edits, kind)
    if len(installs) > 1:
        rows[0].same_site = same_tree(roots[0] / "site", roots[1] / "site")
    if args.anchors:
        measure_anchors(rows[0], work, args)
    for root in roots:
        shutil.rmtree(root.parent, ignore_errors=True)  # the folder of its install
    return rows


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


def flat(sessions: list[list[float]]) -> list[float]:
    return [t for session in sessions for t in session]


def print_table(rows: list[Row], args: argparse.Namespace) -> None:
    head = "| notes | cold build (s) | warm build (s) | body edit → reload (ms) | tag change → reload (ms) | peak RSS (MB) | files written |"
    print(head + (" Pagefind alone (s) |" if args.pagefind else ""))
    print("|---" * (head.count("|") - 1 + bool(args.pagefind)) + "|")
    for r in rows:
        cells = [f"{r.n:,}", median(r.cold, ".2f"), median(r.warm, ".2f")]
        cells += [median(flat(r.serve["body"]), ".0f"), median(flat(r.serve["tag"]), ".0f")]
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


def figures(row: Row) -> dict[str, tuple[str, list[float], list[float]]]:
    """Each compared figure: its format, all its values, and one value per run (or session)."""
    body, tag = row.serve["body"], row.serve["tag"]
    return {
        "cold build (s)": (".2f", row.cold, row.cold),
        "warm build (s)": (".2f", row.warm, row.warm),
        "cold build CPU (s)": (".2f", row.cold_cpu, row.cold_cpu),
        "warm build CPU (s)": (".2f", row.warm_cpu, row.warm_cpu),
        "body edit → reload (ms)": (".0f", flat(body), [statistics.median(s) for s in body]),
        "tag change → reload (ms)": (".0f", flat(tag), [statistics.median(s) for s in tag]),
        "peak RSS (MB)": (".0f", row.rss_mb, row.rss_mb),
    }


def comparison_lines(this: Row, base: Row) -> list[str]:
    """The table's rows for one size: each figure for both, the ratio and the paired ratios."""
    lines = []
    theirs = figures(base)
    for name, (fmt, values, runs) in figures(this).items():
        _, base_values, base_runs = theirs[name]
        ratio = statistics.median(values) / statistics.median(base_values)
        paired = [a / b for a, b in zip(runs, base_runs, strict=True)]
        spread = f"{statistics.median(paired):.2f} ({min(paired):.2f}–{max(paired):.2f})"
        cells = [median(values, fmt), median(base_values, fmt), f"{ratio:.2f}", spread]
        lines.append(f"| {this.n:,} | {name} | " + " | ".join(cells) + " |")
    files = f"{this.files:,} | {base.files:,} | {this.files / base.files:.2f}"
    same = "same bytes" if this.same_site else "sites DIFFER"
    lines.append(f"| {this.n:,} | files written | {files} | {same} |")
    return lines


def print_comparison(results: list[list[Row]], args: argparse.Namespace) -> None:
    print(
        f"medians of {args.runs} runs; serve: of {args.runs} sessions of {2 * args.edits} saves"
        " each; ratio: this / baseline (below 1: faster or smaller);"
        " paired: the ratios run by run (session by session), median (min–max)\n"
    )
    print("| notes | figure | this | baseline | this / baseline | paired ratios |")
    print("|---|---|---|---|---|---|")
    for this, base in results:
        print("\n".join(comparison_lines(this, base)))


def say(message: str) -> None:
    print(f"# {message}", file=sys.stderr, flush=True)


def mount_tmpfs(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=12g", "notebase-bench", str(folder)], check=True
    )


def parse_args() -> argparse.Namespace:
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
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="another checkout with its .venv (or that .venv's python): measured in turn",
    )
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    installs = [THIS, *([baseline_install(args.baseline)] if args.baseline else [])]
    work = work_of(args, "bench")
    if args.tmpfs:
        mount_tmpfs(work)
    print(f"command: {shlex.join(sys.argv)}")
    if args.baseline:
        print("\n".join(origin(install) for install in installs))
    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}, {os.cpu_count()} cores")
    start = time.perf_counter()
    try:
        results = [bench_size(n, installs, args, work) for n in sizes_of(args)]
        print(f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}\n")
        if args.baseline:
            print_comparison(results, args)
        else:
            print_table([rows[0] for rows in results], args)
    finally:
        if args.tmpfs:
            subprocess.run(["umount", str(work)], check=False)
    say(f"bench.py took {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
