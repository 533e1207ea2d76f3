"""Print the fastest build, on this machine, of the Python that `python3` is (same version).

`make` makes the .venv with it. Builds of one version differ by a tenth or more in speed: one
built with profile-guided optimisation and linked statically (as distributions build theirs) runs
notebase about 10% faster than one built without (as version managers build theirs by default):
README "Benchmarks". Every `python3.X` and `python3` on PATH that has this version and can make a
venv is timed on a small pure-Python workload; a build is chosen over the one `python3` runs only
when it is at least MARGIN faster, so a machine with one build, or builds alike, keeps `python3`.
Run by the Python it chooses for (any 3.x), it needs nothing but the standard library.
"""

from __future__ import annotations

import os
import subprocess
import sys

MARGIN = 0.05  # how much faster another build must be to be chosen
RUNS = 3  # the workload's best of this many runs counts
PROBE = "import sys, venv, ensurepip; print(sys.version_info[0], sys.version_info[1]); print(sys.executable)"
WORKLOAD = """
import time
def work():
    words = ("alpha", "beta", "gamma", "delta", "epsilon") * 40
    counts = {}
    for _ in range(600):
        for i, word in enumerate(words):
            key = word[: 1 + i % 4]
            counts[key] = counts.get(key, 0) + len(word)
        "".join(f"<p>{w}</p>" for w in words).replace("p>", "li>").split("<")
    return counts
best = min((lambda t: (work(), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(RUNS))
print(best)
"""


def candidates(version: str) -> list[str]:
    """The programs named python3 or python3.X in the folders of PATH, in PATH's order."""
    names = ("python3", f"python{version}")
    found = []
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        for name in names:
            path = os.path.join(folder or ".", name)
            if os.access(path, os.X_OK) and not os.path.isdir(path):
                found.append(path)
    return found


def probe(program: str) -> tuple[str, str] | None:
    """(version "3.X", the interpreter's own path) of a program that can make a venv; else None."""
    try:
        said = subprocess.run([program, "-c", PROBE], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = said.stdout.split("\n")
    if said.returncode != 0 or len(lines) < 2:
        return None
    return lines[0].replace(" ", "."), os.path.realpath(lines[1])


def seconds(interpreter: str) -> float:
    """The workload's best time under `interpreter` (infinite: it failed)."""
    code = WORKLOAD.replace("RUNS", str(RUNS))
    try:
        said = subprocess.run([interpreter, "-c", code], capture_output=True, text=True, timeout=60)
        return float(said.stdout)
    except (OSError, subprocess.TimeoutExpired, ValueError):
        return float("inf")


def fastest(default: str) -> str:
    """The build to use: `default` (python3) unless a build of its version is MARGIN faster."""
    own = probe(default)
    if own is None:
        return default
    version, own_path = own
    builds = {own_path}
    for program in candidates(version):
        found = probe(program)
        if found is not None and found[0] == version:
            builds.add(found[1])
    if len(builds) == 1:
        return default
    times = {build: seconds(build) for build in sorted(builds)}
    best = min(times, key=times.__getitem__)
    return best if times[best] < times[own_path] * (1 - MARGIN) else default


if __name__ == "__main__":
    print(fastest(sys.argv[1] if len(sys.argv) > 1 else "python3"))
