"""Run a command and measure it whole: wall time, CPU time and peak RSS (and PSS) of all its processes.

The command starts a session of its own; every process in that session (the command, the workers it
forks, Pagefind, a shell's children: anything that does not call setsid itself) is one of its
processes. A thread reads /proc/<pid>/stat of every process every 50 ms and keeps the largest sum of
their resident set sizes; the result is the larger of that and the largest single process's peak that
wait4 reports (which a short-lived process between two samples can only raise). A page two processes
share (a forked worker's copy-on-write pages, shared libraries) counts once for each: the sum is an
upper bound of the memory the build holds, never below it. Processes sharing one address space count
once: a child started with vfork (as Python's subprocess and Node start theirs) shows its parent's
resident pages until it calls exec, which would count the parent twice. CPU time is user + system of the command
and all it waited for, from wait4. The sampling takes about 5% of one core (every tool alike).
"""

from __future__ import annotations

import ctypes
import os
import platform
import signal
import subprocess
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, NamedTuple

PAGE = os.sysconf("SC_PAGE_SIZE")
INTERVAL = 0.05  # seconds between two samples of the process tree
PSS_EVERY = 4  # samples between two of the proportional set sizes (slower to read)
SYS_KCMP = {"x86_64": 312, "aarch64": 272}.get(platform.machine())  # kcmp(2)'s syscall number
KCMP_VM = 1  # kcmp(2): do the two processes share one address space
LIBC = ctypes.CDLL(None, use_errno=True)


class Stat(NamedTuple):
    """What one line of /proc/<pid>/stat says that a tree's memory needs."""

    ppid: int
    session: int
    rss_pages: int


def parse_stat(text: str) -> Stat:
    """Fields of /proc/<pid>/stat (proc(5)); the command name, in parentheses, may hold spaces."""
    fields = text[text.rindex(")") + 2 :].split()
    # after the name: state (field 3), ppid (4), pgrp (5), session (6), ... rss (24)
    return Stat(int(fields[1]), int(fields[3]), int(fields[21]))


def stats(proc: Path = Path("/proc")) -> Iterator[tuple[int, Stat]]:
    """Every process now running, with its stat (one that ends while read is left out)."""
    for entry in os.scandir(proc):
        if entry.name.isdigit():
            try:
                text = Path(entry.path, "stat").read_text()
            except OSError:  # gone between the listing and the read
                continue
            yield int(entry.name), parse_stat(text)


def session_stats(leader: int, proc: Path = Path("/proc")) -> list[tuple[int, Stat]]:
    """Every process of the session `leader` started (it included), one per address space."""
    distinct: list[tuple[int, Stat]] = []
    for pid, stat in stats(proc):
        if stat.session != leader and pid != leader:
            continue
        if not any(same_memory(pid, other) for other, _ in distinct):
            distinct.append((pid, stat))
    return distinct


def same_memory(pid: int, other: int) -> bool:
    """Whether two processes share one address space (kcmp(2); False where it is not known)."""
    if SYS_KCMP is None:
        return False
    return int(LIBC.syscall(SYS_KCMP, pid, other, KCMP_VM, 0, 0)) == 0


def session_rss(leader: int, proc: Path = Path("/proc")) -> int:
    """Bytes resident in every process of the session `leader` started (it included)."""
    return sum(s.rss_pages for _, s in session_stats(leader, proc)) * PAGE


def session_pss(leader: int, proc: Path = Path("/proc")) -> int:
    """Bytes of the proportional set size of every process of the session `leader` started: a
    page two processes share counts half in each (a forked worker's copy-on-write pages), so
    the sum is the memory the processes hold together (/proc/<pid>/smaps_rollup)."""
    total = 0
    for pid, _ in session_stats(leader, proc):
        try:
            rollup = Path(proc, str(pid), "smaps_rollup").read_text()
        except OSError:  # gone meanwhile, or not ours to read
            continue
        total += next(
            (int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:")), 0
        )
    return total * 1024


class PeakSampler:
    """Samples session_rss(leader) every `interval` seconds in a thread, until stopped, and
    session_pss every PSS_EVERY samples (reading it walks every page a process maps)."""

    def __init__(self, leader: int, interval: float = INTERVAL, timeout: float = 0) -> None:
        self.leader, self.interval = leader, interval
        self.deadline = time.perf_counter() + timeout if timeout else None
        self.killed = False
        self.peak = 0
        self.peak_pss = 0
        self.samples = 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.sample, daemon=True)

    def sample(self) -> None:
        while True:
            self.peak = max(self.peak, session_rss(self.leader))
            if self.samples % PSS_EVERY == 0:
                self.peak_pss = max(self.peak_pss, session_pss(self.leader))
            self.samples += 1
            if self.deadline is not None and time.perf_counter() > self.deadline:
                self.killed = kill_group(self.leader)
                return
            if self.done.wait(self.interval):
                return

    def __enter__(self) -> PeakSampler:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self.thread.join()


def kill_group(leader: int) -> bool:
    """Kill every process of the group `leader` started (whether there was one)."""
    try:
        os.killpg(leader, signal.SIGKILL)
        return True
    except (ProcessLookupError, PermissionError):
        return False


class Measured(NamedTuple):
    """One command's figures: wall and CPU seconds, peak RSS of all its processes (MB), exit code."""

    wall: float
    cpu: float
    rss_mb: float
    code: int
    pss_mb: float = 0.0  # peak of the sum of the processes' proportional set sizes


def run_measured(
    argv: Sequence[str],
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    output: IO[bytes] | int = subprocess.DEVNULL,
    timeout: float = 0,
) -> Measured:
    """Run argv to its end (its output to `output`) and measure it and all its processes; after
    `timeout` seconds (if not 0) they are killed and the exit code is that of the kill (-9). Any
    process of its group still running when it ends is killed then."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    with PeakSampler(proc.pid, timeout=timeout) as sampler:
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    kill_group(proc.pid)  # what it left behind
    proc.returncode = os.waitstatus_to_exitcode(status)
    rss = max(sampler.peak, usage.ru_maxrss * 1024)
    cpu, pss = usage.ru_utime + usage.ru_stime, sampler.peak_pss / 2**20
    return Measured(wall, cpu, rss / 2**20, proc.returncode, pss)


class Runs:
    """The figures of several runs of one build: wall and CPU seconds, peak RSS (MB)."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.rss_mb: list[float] = []
        self.pss_mb: list[float] = []

    def add(self, measured: Measured) -> None:
        self.wall.append(measured.wall)
        self.cpu.append(measured.cpu)
        self.rss_mb.append(measured.rss_mb)
        self.pss_mb.append(measured.pss_mb)
