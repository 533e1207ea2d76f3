"""Benchmark table: notebase's builds and save -> reload, and the anchors, in one run.

Usage: .venv/bin/python bench/bench.py [--sizes 1000,10000] [--runs 3] [--edits 5] [--tmpfs]
       [--anchors [--anchor-tools hugo,hugo-pagefind,pelican] [--quartz DIR]] [--cold-only]
       [--pagefind] [--jobs N] [--work DIR] [--baseline PATH]

For each size N the corpus comes from ../shared/bench/gen_corpus.py (the corpus other tools are
measured on), generated once under --corpora and copied into the work folder. Then, --runs times:
  cold   `notebase build` with no cache and no site;
  warm   `notebase build` again right after, nothing changed;
  edit   `notebase build` again after one note's body changed (cache and site kept; a different
         note each run, put back after);
and after the runs, `notebase serve` sessions:
  body / tag   one note's body (tag list) saved: time from the file write to the reload event the
         browser gets (median of 2 x --edits saves: each edit and its undo), as
         bench/save_to_reload.py measures it.
--anchors   each run is a round: notebase's builds, then one clean build of each anchor tool on the
         same corpus (A B C A B C ...): Hugo, Hugo + Pagefind and Pelican by default (--anchor-tools
         takes any of ../shared/bench/run_anchors.py's tools, e.g. eleventy, whose definitions are
         imported from it: bench/peers.py, and hugo-pagefind-bodies, Hugo + Pagefind indexing the
         notes' pages alone), and Quartz with --quartz DIR (or $NOTEBASE_BENCH_QUARTZ):
         a Quartz checkout where `npm ci` ran, built without social images. The anchors are installed by
         ../shared/bench/setup_anchors.sh (--venv, --npm: where it put them). Each build's ratio to
         Hugo, to Hugo + Pagefind and to Quartz is the median of the round-by-round ratios.
--cold-only [N]   cold builds alone (no warm, edit, serve or anchors) for every size, or for the sizes
         of N notes or more: `--sizes 1000,10000,100000 --anchors --cold-only 100000`.
--no-search   notebase builds with `search: false` in notebase.yaml (no Pagefind index).
--pagefind   Pagefind indexing the built site on its own (python -m pagefind).
--tmpfs mounts a tmpfs on the work folder first (root only), as the reference figures were taken.
Each install's bytecode is written first, as a wheel install writes it (an editable install does not).

Every build's figures are its wall time, its CPU seconds (user + system of the process and all it
waited for: workers, Pagefind) and the peak RSS of all its processes: bench/proctree.py samples the
sum of the resident sets of every process in the build's session every 50 ms from /proc (the
larger of that and the largest single process's peak from wait4; a page shared by two processes
counts twice, so this is an upper bound). The same measure is taken of the anchors. The output is
one table: for each size, every cold build of the rounds (notebase, then each anchor) with its ratios,
peak RSS, CPU time and files written, then notebase's warm build, its build after one body edit and
save -> reload for a body edit and a tag change.

--baseline PATH measures a second notebase in the same run, on the same corpus: PATH is another
checkout with its own .venv (`make .venv/.installed` there; its .venv/bin/python runs
`-m notebase`), or that Python itself. Each size's corpus is copied once for each side; the
cold/warm/edit runs alternate between the two (A B, B A, A B, ...: both see the same drift in load
and neither always goes first), and so do the serve sessions, --runs of them each for the body
and for the tag edit (instead of one). The table then gives, for each figure, both medians, their
ratio (this / baseline: below 1 is faster or smaller) and the median and range of the paired
ratios (run by run; for serve, session by session, of each session's median), the files written
and whether the two sites are byte for byte the same; with --anchors the one table follows (of this
checkout; the baseline's builds are in the same rounds). It gives the CPU seconds too, which follow
the machine's load much less than wall time. The commit each side runs is printed first. On a loaded
machine one pair can be off by 30% or more with both sides running the same code: take --runs 5 or
more, and read the paired ratios' range before calling a change a loss. For instance, against main
before a change (`git worktree add --detach ../baseline main`):
  .venv/bin/python bench/bench.py --sizes 1000,10000 --runs 5 --edits 5 --baseline ../baseline
The one table of issue 17 (Quartz checked out and `npm ci`-ed in /tmp/quartz):
  .venv/bin/python bench/bench.py --sizes 1000,10000 --runs 3 --edits 5 --anchors --quartz /tmp/quartz
"""

from __future__ import annotations

import argparse
import itertools
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

from peers import DEFAULT, NAMES, REFERENCES, Anchors, Peer, paired_ratio, quartz_dir
from proctree import Measured, Runs, run_measured
from save_to_reload import edit_body, edit_tags, measure
from vaults import same_tree

REPO = Path(__file__).resolve().parents[1]
SHARED_BENCH = next(  # ../shared/bench from the main checkout, ../../shared/bench from a worktree
    (p / "shared" / "bench" for p in REPO.parents if (p / "shared" / "bench").is_dir()),
    REPO.parent / "shared" / "bench",
)
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
    cold: Runs = field(default_factory=Runs)
    warm: Runs = field(default_factory=Runs)  # again at once, nothing changed
    edit: Runs = field(default_factory=Runs)  # again after one note's body changed
    edit_unseen: int = 0  # edit builds after which the edit was not in the note's page
    cold_only: bool = False  # --cold-only N and at least N notes: cold builds alone
    serve: dict[str, list[list[float]]] = field(  # "body"/"tag" -> each session's timings (ms)
        default_factory=lambda: {kind: [] for kind in SERVE}
    )
    settled: dict[str, list[list[float]]] = field(  # the same, to the whole site rebuilt (ms)
        default_factory=lambda: {kind: [] for kind in SERVE}
    )
    pagefind: list[float] = field(default_factory=list)
    files: int = 0
    same_site: bool | None = None  # with a baseline: its site has the same bytes
    peers: list[Peer] = field(default_factory=list)  # --anchors: the tools built in its rounds


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
    return copy_notes(source, work / f"corpus-{n}")


def copy_notes(source: Path, root: Path) -> Path:
    """A fresh copy of source/notes as root/notes."""
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(source / "notes", root / "notes")
    return root


def baseline_install(path: Path) -> Install:
    """--baseline: a checkout with its own .venv, or the Python of that .venv."""
    python = path / ".venv" / "bin" / "python" if path.is_dir() else path
    if not python.is_file():
        raise SystemExit(f"{python}: no such Python; run `make .venv/.installed` in {path}")
    return Install("baseline", str(python.absolute()))  # not resolved: that leaves the venv


def compile_bytecode(install: Install) -> None:
    """Write the bytecode of the install's notebase, as installing a wheel does: an editable install
    leaves it to the first import, which writes none under PYTHONDONTWRITEBYTECODE, and every build
    then compiles each module again."""
    code = "import compileall, notebase, pathlib; compileall.compile_dir("
    code += "pathlib.Path(notebase.__file__).parent, quiet=1)"
    subprocess.run([install.python, "-c", code], check=True)


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


def run_build(root: Path, jobs: int, python: str = sys.executable) -> Measured:
    """Run `notebase build` on `root` once, with the given Python's notebase: wall and CPU seconds
    and peak RSS of all its processes (workers and Pagefind included: proctree.py)."""
    cmd = [python, "-m", "notebase", "--root", str(root), "build"]
    cmd += ["--jobs", str(jobs)] if jobs else []
    with tempfile.TemporaryFile() as log:
        measured = run_measured(cmd, output=log)
        if measured.code != 0:
            log.seek(0)
            err = log.read().decode(errors="replace")
            raise SystemExit(f"build failed in {root}:\n{err[-2000:]}")
    return measured


def edit_build(root: Path, jobs: int, python: str, run: int) -> tuple[Measured, bool]:
    """`notebase build` after one note's body changed, its cache and site kept: a different note
    each run, put back as it was after the build. Whether the edit reached the note's page."""
    notes = sorted((root / "notes").glob("*.md"))
    note = notes[(len(notes) // 3 + 101 * run) % len(notes)]
    original = note.read_text(encoding="utf-8")
    edited = edit_body(original, run)
    note.write_text(edited, encoding="utf-8")
    try:
        built = run_build(root, jobs, python)
    finally:
        note.write_text(original, encoding="utf-8")
    page = root / "site" / note.stem / "index.html"  # the generated notes' slugs are their names
    added = edited[len(original) :].strip()
    return built, page.is_file() and added in page.read_text(encoding="utf-8")


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


def measure_run(row: Row, root: Path, install: Install, args: argparse.Namespace, run: int) -> None:
    """One cold build (no cache, no site), then a warm one with nothing changed and one after a
    body edit (none of those two for a size --cold-only takes)."""
    clean(root)
    cold = run_build(root, args.jobs, install.python)
    row.cold.add(cold)
    said = f"N={row.n} {install.label}: cold {figures_of(cold)}"
    if not row.cold_only:
        warm = run_build(root, args.jobs, install.python)
        edit, seen = edit_build(root, args.jobs, install.python, run)
        row.warm.add(warm)
        row.edit.add(edit)
        row.edit_unseen += not seen
        said += f", warm {figures_of(warm)}, one edit {figures_of(edit)}"
        said += "" if seen else " (the edit is NOT in the page)"
    say(said)
    if args.pagefind and install == THIS:
        row.pagefind.append(time_pagefind(root / "site"))
        say(f"N={row.n} pagefind {row.pagefind[-1]:.2f}s")
    row.files = count_files(root / "site")


def figures_of(build: Measured) -> str:
    return f"{build.wall:.2f}s (CPU {build.cpu:.2f}s, {build.rss_mb:.0f} MB)"


def measure_serve(row: Row, root: Path, install: Install, edits: int, kind: str) -> None:
    """One `serve` session: `edits` saves of the kind (each with its undo), timed to the reload."""
    notes = sorted((root / "notes").glob("*.md"))
    note = notes[len(notes) // 2]
    settled: list[float] = []
    timings = measure(root, note, edits, SERVE[kind], python=install.python, settled=settled)
    row.serve[kind].append([t * 1000 for t in timings])
    row.settled[kind].append([t * 1000 for t in settled])
    middle = statistics.median(row.serve[kind][-1])
    say(f"N={row.n} {install.label}: {kind} change -> reload: median {middle:.0f} ms")


def in_turn(installs: list[Install], run: int) -> list[int]:
    """The order of the installs in one run: A B, then B A, and so on."""
    order = list(range(len(installs)))
    return order if run % 2 == 0 else order[::-1]


def bench_size(
    n: int, installs: list[Install], args: argparse.Namespace, work: Path, anchors: Anchors | None
) -> list[Row]:
    """Every figure of one size, for each install and anchor (runs in rounds, serve sessions
    alternated between the installs)."""
    rows = [Row(n, cold_only=0 < args.cold_only <= n) for _ in installs]
    anchors = None if rows[0].cold_only else anchors
    roots = corpus_roots(n, installs, args, work, anchors)
    if anchors:
        rows[0].peers = anchors.peers(n, anchors.corpus(n, args.corpora), work / "anchors")
    for run in range(args.runs):  # a round: each install, then each anchor
        for i in in_turn(installs, run):
            measure_run(rows[i], roots[i], installs[i], args, run)
        for peer in rows[0].peers:
            say(f"N={n} {peer.build(work / 'anchors.log', args.timeout)}")
    sessions = args.runs if len(installs) > 1 else 1  # pairs need several sessions
    for kind in SERVE if not rows[0].cold_only else ():
        for session in range(sessions):
            for i in in_turn(installs, session):
                measure_serve(rows[i], roots[i], installs[i], args.edits, kind)
    if len(installs) > 1:
        rows[0].same_site = same_tree(roots[0] / "site", roots[1] / "site")
    for folder in [*(root.parent for root in roots), work / "anchors"]:
        shutil.rmtree(folder, ignore_errors=True)  # the folder of each install, the anchors'
    return rows


def corpus_roots(
    n: int, installs: list[Install], args: argparse.Namespace, work: Path, anchors: Anchors | None
) -> list[Path]:
    """Each install's copy of the corpus of n notes: with --anchors, the plain layout of theirs."""
    if anchors is None:
        roots = [generate(n, args.corpora, work / i.label) for i in installs]
    else:
        plain = anchors.corpus(n, args.corpora) / "plain"
        roots = [copy_notes(plain, work / i.label / f"corpus-{n}") for i in installs]
    for root in roots if args.no_search else ():
        (root / "notebase.yaml").write_text("search: false\n", encoding="utf-8")
    return roots


def median(values: list[float], fmt: str) -> str:
    return format(statistics.median(values), fmt) if values else "–"


def flat(sessions: list[list[float]]) -> list[float]:
    return [t for session in sessions for t in session]


def reference_names(rows: list[Row]) -> list[str]:
    """The anchors every cold build gets a ratio to (Hugo, Hugo + Pagefind, Quartz) that ran."""
    ran = {peer.name for row in rows for peer in row.peers if peer.runs.wall}
    return [name for name in REFERENCES if name in ran]


def ratios(runs: Runs, row: Row, names: list[str]) -> list[str]:
    """The paired ratio of the runs to each reference anchor's in the same rounds."""
    peers = {peer.name: peer.runs.wall for peer in row.peers}
    found = [paired_ratio(runs.wall, peers.get(name, [])) for name in names]
    return ["–" if ratio is None else f"{ratio:.2f}" for ratio in found]


def table_head(names: list[str]) -> list[str]:
    cells = ["notes", "build or figure", "median", *(f"× {NAMES[name]}" for name in names)]
    cells += ["peak RSS, all processes (MB)", "peak PSS, all processes (MB)", "CPU (s)", "files"]
    return ["| " + " | ".join(cells) + " |", "|---" * len(cells) + "|"]


def build_line(row: Row, label: str, runs: Runs, ratio_cells: list[str], files: str) -> str:
    """One build's row: median wall time, the ratios given, peak RSS, CPU seconds, files."""
    rss = f"{max(runs.rss_mb):.0f}" if runs.rss_mb else "–"
    pss = f"{max(runs.pss_mb):.0f}" if any(runs.pss_mb) else "–"
    cells = [f"{row.n:,}", label, median(runs.wall, ".2f") + " s", *ratio_cells]
    return "| " + " | ".join([*cells, rss, pss, median(runs.cpu, ".2f"), files]) + " |"


def figure_line(row: Row, label: str, value: str, names: list[str]) -> str:
    """A row of notebase's own figures that has no ratio, no RSS and no CPU time."""
    cells = [f"{row.n:,}", label, value, *("" for _ in names), "", "", "", ""]
    return "| " + " | ".join(cells) + " |"


def size_lines(row: Row, base: Row | None, names: list[str], args: argparse.Namespace) -> list[str]:
    """The table's rows for one size: every cold build in the rounds, then notebase's own."""
    cold = ratios(row.cold, row, names)
    ours = "**notebase** cold build" + (" (`search: false`)" if args.no_search else "")
    lines = [build_line(row, ours, row.cold, cold, f"{row.files:,}")]
    if base is not None:  # --baseline: its cold builds ran in the same rounds
        cells = ratios(base.cold, row, names)
        lines.append(
            build_line(row, "baseline notebase cold build", base.cold, cells, f"{base.files:,}")
        )
    for peer in row.peers:
        files = f"failed: {peer.failed}" if peer.failed else f"{peer.files:,}"
        lines.append(build_line(row, peer.label, peer.runs, ratios(peer.runs, row, names), files))
    blank = ["" for _ in names]
    if not row.cold_only:
        lines.append(build_line(row, "notebase warm build, nothing changed", row.warm, blank, ""))
        unseen = (
            f" (**the edit missing from the page {row.edit_unseen}×**)" if row.edit_unseen else ""
        )
        lines.append(
            build_line(row, f"notebase build after one body edit{unseen}", row.edit, blank, "")
        )
        for kind, what in (("body", "body edit"), ("tag", "tag change")):
            value = median(flat(row.serve[kind]), ".0f") + " ms"
            lines.append(figure_line(row, f"{what} → reload under serve", value, names))
            value = median(flat(row.settled[kind]), ".0f") + " ms"
            lines.append(figure_line(row, f"{what} → whole site rebuilt under serve", value, names))
    if args.pagefind:
        value = median(row.pagefind, ".2f") + " s"
        lines.append(figure_line(row, "Pagefind alone on notebase's site", value, names))
    return lines


def print_table(results: list[list[Row]], args: argparse.Namespace) -> None:
    """One table: each size's cold builds in the rounds (notebase and the anchors, with the paired
    ratios), then notebase's warm build, its build after an edit and save → reload."""
    rows = [row for row, *_ in results]
    names = reference_names(rows)
    paired = "; × tool: median of the run-by-run ratios (row / tool)" if names else ""
    print(f"medians of {args.runs} runs{paired}\n")
    print("\n".join(table_head(names)))
    for row, *base in results:
        print("\n".join(size_lines(row, base[0] if base else None, names, args)))
    print("\n".join(growth_lines(rows)))


def growth_lines(rows: list[Row]) -> list[str]:
    """How the cold build grows from one size to the next (linear: as the notes)."""
    lines = []
    for small, big in itertools.pairwise(rows):
        if small.cold.wall and big.cold.wall:
            grow = statistics.median(big.cold.wall) / statistics.median(small.cold.wall)
            ratio = f"{grow:.1f}x for {big.n / small.n:.1f}x the notes"
            lines.append(f"cold {big.n:,} / {small.n:,}: {ratio}")
    return [""] * bool(lines) + lines


def settled_figure(row: Row, kind: str) -> tuple[str, list[float], list[float]]:
    sessions = row.settled[kind]
    return (".0f", flat(sessions), [statistics.median(s) for s in sessions if s])


def figures(row: Row) -> dict[str, tuple[str, list[float], list[float]]]:
    """Each compared figure: its format, all its values, and one value per run (or session)."""
    body, tag = row.serve["body"], row.serve["tag"]
    return {
        "cold build (s)": (".2f", row.cold.wall, row.cold.wall),
        "warm build (s)": (".2f", row.warm.wall, row.warm.wall),
        "build after one body edit (s)": (".2f", row.edit.wall, row.edit.wall),
        "cold build CPU (s)": (".2f", row.cold.cpu, row.cold.cpu),
        "warm build CPU (s)": (".2f", row.warm.cpu, row.warm.cpu),
        "build after one body edit CPU (s)": (".2f", row.edit.cpu, row.edit.cpu),
        "body edit → reload (ms)": (".0f", flat(body), [statistics.median(s) for s in body]),
        "tag change → reload (ms)": (".0f", flat(tag), [statistics.median(s) for s in tag]),
        "body edit → site rebuilt (ms)": settled_figure(row, "body"),
        "tag change → site rebuilt (ms)": settled_figure(row, "tag"),
        "cold build peak RSS, all processes (MB)": (".0f", row.cold.rss_mb, row.cold.rss_mb),
        "cold build peak PSS, all processes (MB)": (".0f", row.cold.pss_mb, row.cold.pss_mb),
    }


def comparison_lines(this: Row, base: Row) -> list[str]:
    """The table's rows for one size: each figure for both, the ratio and the paired ratios."""
    lines = []
    theirs = figures(base)
    for name, (fmt, values, runs) in figures(this).items():
        _, base_values, base_runs = theirs[name]
        if not values or not base_values:  # not measured (--cold-only)
            continue
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
    add = parser.add_argument
    add("--edits", type=int, default=5, help="edits (each with its undo) under serve")
    add("--jobs", type=int, default=0, help="notebase build --jobs (0: its default)")
    add("--tmpfs", action="store_true", help="mount a tmpfs on the work folder")
    add("--anchors", action="store_true", help="also build the anchors, in the same rounds")
    add("--anchor-tools", default=DEFAULT, help=f"run_anchors.py tools for --anchors ({DEFAULT})")
    add("--quartz", type=Path, default=None, help="a Quartz checkout after `npm ci` (--anchors)")
    add("--timeout", type=float, default=1800, help="seconds an anchor's build may take")
    add("--venv", type=Path, default=Path("/tmp/anchors-venv"), help="setup_anchors.sh's venv")
    add("--npm", type=Path, default=Path("/tmp/anchors-npm"), help="setup_anchors.sh's npm folder")
    add(
        "--cold-only",
        type=int,
        nargs="?",
        const=1,
        default=0,
        metavar="N",
        help="cold builds alone (no warm, edit, serve, anchors) for the sizes of N notes or more (all)",
    )
    add("--pagefind", action="store_true", help="also time Pagefind on the site")
    add("--no-search", action="store_true", help="build with `search: false` in notebase.yaml")
    add(
        "--baseline",
        type=Path,
        default=None,
        help="another checkout with its .venv (or that .venv's python): measured in turn",
    )
    return parser.parse_args()


def anchors_of(args: argparse.Namespace) -> Anchors | None:
    """--anchors (unless --cold-only takes every size): the anchor tools, Quartz where installed."""
    if args.anchors and 0 < args.cold_only <= min(sizes_of(args)):
        say("--cold-only: the anchors are not built")
        args.anchors = False
    if not args.anchors:
        return None
    names = [name for name in args.anchor_tools.split(",") if name]
    return Anchors(SHARED_BENCH, names, quartz_dir(args.quartz), args.venv, args.npm)


def main() -> int:
    args = parse_args()
    installs = [THIS, *([baseline_install(args.baseline)] if args.baseline else [])]
    anchors = anchors_of(args)
    work = work_of(args, "bench")
    work.mkdir(parents=True, exist_ok=True)
    if args.tmpfs:
        mount_tmpfs(work)
    print(f"command: {shlex.join(sys.argv)}")
    for install in installs:
        compile_bytecode(install)
    if args.baseline:
        print("\n".join(origin(install) for install in installs))
    if anchors:
        print("\n".join(anchors.versions(work)))
    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}, {os.cpu_count()} cores")
    start = time.perf_counter()
    try:
        results = [bench_size(n, installs, args, work, anchors) for n in sizes_of(args)]
        print(f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}\n")
        if args.baseline:
            print_comparison(results, args)
            print()
        if anchors or not args.baseline:
            print_table(results, args)
    finally:
        if args.tmpfs:
            subprocess.run(["umount", str(work)], check=False)
    say(f"bench.py took {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
