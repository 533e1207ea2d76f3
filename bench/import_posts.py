"""Benchmark: `notebase import` of one generated archive of N posts, first import and re-import.

Usage: .venv/bin/python bench/import_posts.py [--posts 10000] [--runs 3]

Each post has a paragraph mentioning the next post's title (so title linking is exercised), a URL
and a quote. Prints the median wall time of each phase and its peak RSS.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def write_archive(path: Path, posts: int) -> None:
    lines = ["Tag: bulk", ""]
    for i in range(posts):
        lines += [
            f"  • Generated post number {i}",
            "",
            f"    Text of post {i}, following Generated post number {i + 1}; https://example.org/{i}",
            "",
            f"    > A quote from post {i}.",
            "",
        ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def timed_import(root: Path, archive: Path) -> float:
    start = time.perf_counter()
    cmd = [sys.executable, "-m", "notebase", "--root", str(root), "import", str(archive)]
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    first: list[float] = []
    again: list[float] = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as work:
            root = Path(work)
            (root / "notes").mkdir()
            write_archive(root / "archive.txt", args.posts)
            first.append(timed_import(root, root / "archive.txt"))
            again.append(timed_import(root, root / "archive.txt"))
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"{args.posts} posts: import {statistics.median(first):.1f}s, ", end="")
    print(
        f"re-import {statistics.median(again):.1f}s (medians of {args.runs}); peak RSS {rss:.0f} MB"
    )


if __name__ == "__main__":
    main()
