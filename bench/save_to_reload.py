"""Measure save -> reload-event latency of `notebase serve` on a knowledge base (default: this repo).

Usage: .venv/bin/python bench/save_to_reload.py [--root DIR] [--note notes/papers/muon.md] [-n 10]
       [--tag] [--index]
The note is edited (its body, or with --tag its tags) and restored; each save is one timing; its
original text is put back even when interrupted. The search index follows the reload in the
background; with --index each save also waits for it (save -> index up to date is timed too).
"""

from __future__ import annotations

import argparse
import http.client
import json
import queue
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def connect_events(port: int, timeout: float = 900.0) -> http.client.HTTPResponse:
    deadline = time.monotonic() + timeout
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            conn.request("GET", "/__notebase/events")
            return conn.getresponse()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def read_events(response: http.client.HTTPResponse, out: queue.Queue[tuple[float, dict]]) -> None:
    while line := response.fp.readline():
        if line.startswith(b"data: "):
            out.put((time.perf_counter(), json.loads(line[6:])))


def next_build(
    events: queue.Queue[tuple[float, dict]], after: int, timeout: float = 60
) -> tuple[float, dict]:
    """The next event of a whole build after build #`after` (a preview's is none)."""
    while True:
        stamp, event = events.get(timeout=timeout)
        if event["build"] > after and not event.get("settling"):
            return stamp, event


def next_reload(
    events: queue.Queue[tuple[float, dict]], build: int, site: int, timeout: float = 60
) -> tuple[float, dict]:
    """The next event after build #`build` at site version `site`: the first a browser reloads
    on (a preview of the note's page, or the build), or the build, when it changed nothing."""
    while True:
        stamp, event = events.get(timeout=timeout)
        if event["site"] > site or event["build"] > build:
            return stamp, event


def next_indexed(
    events: queue.Queue[tuple[float, dict]], build: int, timeout: float = 900
) -> float:
    """When the server said the search index caught up with build #`build` (or gave up)."""
    while True:
        stamp, event = events.get(timeout=timeout)
        if event["build"] >= build and not event.get("indexing"):
            return stamp


def edit_body(text: str, i: int) -> str:
    return text + f"\nEdit {i}.\n"


def edit_tags(text: str, i: int) -> str:
    """One more tag on the note (the `tags:` line of its front matter, which must have one)."""
    head, sep, rest = text.partition("\ntags:")
    if not sep:
        raise SystemExit("the note has no `tags:` line to change")
    line, newline, tail = rest.partition("\n")
    values = line.strip().strip("[]").strip()
    tags = f"bench-tag-{i}, {values}" if values else f"bench-tag-{i}"
    return f"{head}\ntags: [{tags}]{newline}{tail}"


def measure(
    root: Path,
    note: Path,
    rounds: int,
    change: Callable[[str, int], str] = edit_body,
    indexed: list[float] | None = None,
    python: str = sys.executable,
    settled: list[float] | None = None,
) -> list[float]:
    """Save `rounds` changed versions of `note`, each followed by the original: one timing a save,
    until the first event a browser reloads on (the note's page previewed, or the build). Given
    `settled`, the time until the whole site is rebuilt is added to it; given `indexed`, each
    save also waits for the search index, and that time is added to it. `python` is the
    interpreter whose environment has the notebase to serve."""
    port = free_port()
    cmd = [python, "-m", "notebase", "--root", str(root), "serve", "--port", str(port)]
    server = subprocess.Popen(cmd, stderr=subprocess.DEVNULL)
    original = note.read_text(encoding="utf-8")
    events: queue.Queue[tuple[float, dict]] = queue.Queue()
    try:
        threading.Thread(
            target=read_events, args=(connect_events(port), events), daemon=True
        ).start()
        first = next_build(events, -1, timeout=900)[1]
        build, site = first["build"], first["site"]
        timings = []
        for i in range(rounds):
            for text in (change(original, i), original):
                saved = time.perf_counter()
                note.write_text(text, encoding="utf-8")
                stamp, event = next_reload(events, build, site)
                timings.append(stamp - saved)
                settling = event.get("settling")  # a notebase before previews: never
                done, event = next_build(events, build) if settling else (stamp, event)
                build, site = event["build"], event["site"]
                if settled is not None:
                    settled.append(done - saved)
                if indexed is not None:
                    done = next_indexed(events, build) if event.get("indexing") else stamp
                    indexed.append(done - saved)
        return timings
    finally:
        note.write_text(original, encoding="utf-8")
        server.terminate()
        server.wait(timeout=120)  # a large site saves its build state on the way out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=REPO)
    parser.add_argument("--note", default="notes/papers/muon.md")
    parser.add_argument("-n", "--rounds", type=int, default=10)
    parser.add_argument("--tag", action="store_true", help="change the note's tags, not its body")
    parser.add_argument("--index", action="store_true", help="also wait for the search index")
    args = parser.parse_args()
    change = edit_tags if args.tag else edit_body
    indexed: list[float] | None = [] if args.index else None
    settled: list[float] = []
    timings = measure(
        args.root, args.root / args.note, args.rounds, change, indexed, settled=settled
    )
    report("save -> reload event", timings)
    report("save -> whole site rebuilt", settled)
    if indexed:
        report("save -> search index up to date", indexed)
    return 0


def report(what: str, timings: list[float]) -> None:
    ms = sorted(t * 1000 for t in timings)
    print(
        f"{what} over {len(ms)} saves: median {statistics.median(ms):.0f} ms, "
        f"min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms"
    )


if __name__ == "__main__":
    sys.exit(main())
