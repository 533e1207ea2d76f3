"""Cold builds of real vaults: wall and CPU seconds (median of --runs), against a baseline revision.

Usage: .venv/bin/python bench/vaults.py VAULT [VAULT…] [--runs 3] [--baseline REV] [--jobs N]

Each VAULT is a folder of notes (an Obsidian vault, a Quartz content/ folder). It is copied once to a
temporary root as `notes/`, then built cold (no site, no .notebase-cache) --runs times with
`python -m notebase build` in a subprocess, as a person runs it. For each vault the table gives the
notes (the build's entries), the median wall seconds with their range, the median CPU seconds (user
+ system, of the build and all it waited for: parse and render workers, Pagefind) and the load
average around the runs, since on a shared machine wall time follows the load and CPU time much less.

--baseline REV also builds each vault with the notebase of git revision REV (its src/ exported to a
temporary folder with its theme, run with this environment's libraries), the two in turn (A B A B …) so that both
see the same drift in load, and prints the baseline's medians, the median of the run-by-run ratios
(this/baseline), and whether the two sites are byte for byte the same (they must be, for a change
that only makes the build faster). A vault whose build fails is reported with the build's last lines.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SUMMARY = re.compile(r"^notebase: (\d+) entries", re.M)


@dataclass
class Runs:
    """One notebase's cold builds of one vault."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    entries: int = 0
    failure: str = ""


@dataclass(frozen=True)
class Build:
    """How to run one notebase: its source folder on PYTHONPATH (None: the installed one)."""

    label: str
    src: Path | None


def export_revision(rev: str, into: Path) -> Path:
    """The src/ folder of git revision `rev`, exported under `into` with the theme (templates/)."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", rev, "src", "templates"],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def copy_vault(vault: Path, work: Path) -> Path:
    """A root holding a copy of the vault as notes/ (its .git left out)."""
    root = work / (vault.resolve().name or "vault")
    shutil.copytree(vault, root / "notes", ignore=shutil.ignore_patterns(".git"))
    return root


def cold_build(build: Build, root: Path, out: Path, jobs: int, runs: Runs) -> None:
    """One build into `out` with nothing left by an earlier one; its figures added to `runs`."""
    for stale in (out, root / ".notebase-cache"):
        shutil.rmtree(stale, ignore_errors=True)
    cmd = [sys.executable, "-m", "notebase", "build", "--root", str(root), "--out", str(out)]
    cmd += ["--jobs", str(jobs)] if jobs else []
    env = dict(os.environ)
    if build.src is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(build.src), env.get("PYTHONPATH")]))
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True
    )
    said = proc.stderr.read() if proc.stderr else ""
    _, status, usage = os.wait4(proc.pid, 0)
    runs.wall.append(time.perf_counter() - start)
    runs.cpu.append(usage.ru_utime + usage.ru_stime)
    found = SUMMARY.search(said)
    runs.entries = int(found[1]) if found else 0
    if os.waitstatus_to_exitcode(status) != 0:
        runs.failure = "\n".join(said.strip().splitlines()[-5:])


def same_tree(a: Path, b: Path) -> bool:
    """The two folders hold the same files with the same bytes."""
    compared = filecmp.dircmp(a, b)
    if compared.left_only or compared.right_only or compared.funny_files:
        return False
    _, differ, odd = filecmp.cmpfiles(a, b, compared.common_files, shallow=False)
    if differ or odd:
        return False
    return all(same_tree(a / name, b / name) for name in compared.common_dirs)


def median_range(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def bench_vault(vault: Path, builds: list[Build], args: argparse.Namespace, work: Path) -> str:
    """Build the vault --runs times with each notebase in turn; its row of the table."""
    root = copy_vault(vault, work)
    results = {b.label: Runs() for b in builds}
    loads = [load()]
    for _ in range(args.runs):
        for build in builds:
            cold_build(build, root, work / f"site-{build.label}", args.jobs, results[build.label])
    loads.append(load())
    shutil.rmtree(root, ignore_errors=True)
    return row(vault, builds, results, loads, work)


def row(
    vault: Path, builds: list[Build], results: dict[str, Runs], loads: list[str], work: Path
) -> str:
    this = results[builds[0].label]
    if this.failure:
        return f"{vault}: the build failed:\n{this.failure}"
    cells = [str(vault), str(this.entries), median_range(this.wall), median_range(this.cpu)]
    if len(builds) > 1:
        base = results[builds[1].label]
        if base.failure:
            return f"{vault}: the baseline's build failed:\n{base.failure}"
        ratios = [a / b for a, b in zip(this.wall, base.wall, strict=True)]
        same = same_tree(work / f"site-{builds[0].label}", work / f"site-{builds[1].label}")
        cells += [median_range(base.wall), median_range(base.cpu)]
        cells += [f"{statistics.median(ratios):.2f}", "yes" if same else "NO"]
    return " | ".join([*cells, "-".join(loads)])


def header(baseline: str | None) -> str:
    cells = ["vault", "notes", "wall s", "cpu s"]
    if baseline:
        cells += [f"{baseline} wall s", f"{baseline} cpu s", "wall ratio", "same site"]
    return " | ".join([*cells, "load"])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("vaults", nargs="+", type=Path, help="folders of notes")
    parser.add_argument("--runs", type=int, default=3, help="cold builds each (median)")
    parser.add_argument("--baseline", help="a git revision to build with too, in turn")
    parser.add_argument("--jobs", type=int, default=0, help="--jobs of each build (0: default)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="notebase-vaults-") as tmp:
        work = Path(tmp)
        builds = [Build("this", None)]
        if args.baseline:
            builds.append(Build("baseline", export_revision(args.baseline, work)))
        print(f"{args.runs} cold builds each; median (min-max); load: 1-min average before-after")
        print(header(args.baseline))
        for vault in args.vaults:
            print(bench_vault(vault, builds, args, work), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
