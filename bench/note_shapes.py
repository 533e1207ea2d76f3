"""Benchmark: growth of one note's parse in the number of one construct it holds.

Usage: .venv/bin/python bench/note_shapes.py [--counts 1000,4000] [--shapes headings,tags,...]

A real note can hold thousands of one thing: a journal kept in one file (a `## Notes` heading every
day), a list of tags, of tasks, of footnotes, of callouts. For each construct this times
parse_note (front matter, markdown, math, quotes, links: everything a build does to one note) on a
note holding --counts of it, in this process, best of 3, and prints the milliseconds and their
growth against the count's: about 1 is linear; above 1, some step grows faster than the note (one
that grew with the square of the count would show the count's ratio itself).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from notebase.model import NoteFile
from notebase.reading.discover import decode_note
from notebase.reading.parse import parse_note

SHAPES: dict[str, Callable[[int], str]] = {
    "headings": lambda n: "## Notes\n\ntext\n\n" * n,
    "tags": lambda n: " ".join(f"#tag{i}" for i in range(n)),
    "same tags": lambda n: "#same " * n,
    "list links": lambda n: "".join(f"- item {i} with [[Link {i}]]\n" for i in range(n)),
    "tasks": lambda n: "".join(f"- [ ] task {i} [due:: 2024-01-01]\n" for i in range(n)),
    "footnotes": lambda n: (
        "".join(f"text[^{i}]\n\n" for i in range(n))
        + "".join(f"[^{i}]: note {i}\n" for i in range(n))
    ),
    "table rows": lambda n: (
        "| a | b |\n|---|---|\n" + "".join(f"| {i} | [[x{i}]] |\n" for i in range(n))
    ),
    "callouts": lambda n: "".join(f"> [!note] T{i}\n> body {i}\n\n" for i in range(n)),
    "block ids": lambda n: "".join(f"para {i} ^id{i}\n\n" for i in range(n)),
    "math": lambda n: "".join(f"$x_{{{i}}}$ and " for i in range(n)),
    "quotes": lambda n: "".join(f"> quote {i}\n> — Someone\n\n" for i in range(n)),
    "inline fields": lambda n: "".join(f"key{i}:: value {i}\n" for i in range(n)),
}


def parse_ms(text: str) -> float:
    """The best of 3 parses of a note holding `text`, in milliseconds."""
    note = decode_note("x.md", "notes/x.md", text.encode("utf-8"))
    if not isinstance(note, NoteFile):
        raise SystemExit(f"the note is not read: {note}")
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        parse_note(note)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--counts", default="1000,4000")
    parser.add_argument("--shapes", default=",".join(SHAPES))
    args = parser.parse_args()
    counts = [int(c) for c in args.counts.split(",")]
    print(f"parse_note of one note, best of 3, milliseconds at {' and '.join(map(str, counts))}")
    print("construct | " + " | ".join(map(str, counts)) + " | growth / count's growth")
    for name in args.shapes.split(","):
        ms = [parse_ms(SHAPES[name](count)) for count in counts]
        growth = (ms[-1] / ms[0]) / (counts[-1] / counts[0])
        print(f"{name} | " + " | ".join(f"{m:.1f}" for m in ms) + f" | {growth:.2f}", flush=True)


if __name__ == "__main__":
    main()
