"""Benchmark: growth in notes of vault shapes the reference corpus does not have.

Usage: .venv/bin/python bench/shapes.py [--sizes 1000,4000] [--shapes daily,mentions,...] [--work DIR]

Real vaults differ from bench/bench.py's generated corpus in ways that can make one stage grow
faster than the notes: thousands of links to notes not written yet, names shared by many notes,
the same Dataview query in every daily note, many tags on every note. For each shape this makes a
vault at each size (seeded, so the same each run), builds it cold (`notebase build`, search off,
in a subprocess, as a person runs it), and prints the wall seconds at each size and their ratio
to the notes' ratio: about 1 is linear growth; above 1, some stage grows faster than the notes (a
build all of whose time grew with the square of the notes would show the notes' ratio itself).
One run each: run it again for another sample.

Shapes:
  daily     dated notes with no title, five links each to notes that are not there
            (broken links, each with a "did you mean" suggestion looked up)
  mentions  titles and five aliases each, named in other notes' prose (unlinked mentions)
  dataview  a Dataview query (FROM a tag) in every tenth note
  tags      fifty tags on every note, of 500 (tag pages, cards, feeds)
  links     thirty wikilinks on every note (backlinks, the graph)
  embeds    three note embeds and three block embeds on every note (transclusion)
  folders   notes in folders up to five deep (folder pages)
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

WORDS = [
    "alpha",
    "beta",
    "gamma",
    "delta",
    "epsilon",
    "zeta",
    "eta",
    "theta",
    "iota",
    "kappa",
    "lambda",
    "mu",
    "nu",
    "xi",
    "omicron",
    "pi",
    "rho",
    "sigma",
    "tau",
]


def prose(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words))


def daily(rng: random.Random, i: int, n: int) -> tuple[str, list[str], list[str]]:
    links = [f"- did {rng.choice(WORDS)} [[Note {rng.randrange(n)}]]" for _ in range(5)]
    return f"note-{i}.md", ["date: 2020-01-01"], links


def mentions(rng: random.Random, i: int, n: int) -> tuple[str, list[str], list[str]]:
    aliases = ", ".join(f"{WORDS[(i + k) % 19]}{i}x{k}" for k in range(5))
    named = " ".join(f"Topic {WORDS[j % 19]} {j}" for j in rng.sample(range(n), 10))
    aliased = " ".join(f"{WORDS[(j + 1) % 19]}{j}x1" for j in rng.sample(range(n), 10))
    front = [f"title: Topic {WORDS[i % 19]} {i}", f"aliases: [{aliases}]"]
    return f"note-{i}.md", front, [prose(rng, 60), named, aliased]


def dataview(rng: random.Random, i: int, _n: int) -> tuple[str, list[str], list[str]]:
    body = [prose(rng, 60)]
    if i % 10 == 0:
        body.append("```dataview\nTABLE rating FROM #t3 SORT rating DESC\n```")
    return f"note-{i}.md", [f"tags: [t{i % 20}]", f"rating: {i % 5}"], body


def tags(rng: random.Random, i: int, _n: int) -> tuple[str, list[str], list[str]]:
    listed = ", ".join(f"t{(i * 7 + k) % 500}" for k in range(50))
    return f"note-{i}.md", [f"title: Note {i}", f"tags: [{listed}]"], [prose(rng, 80)]


def links(rng: random.Random, i: int, n: int) -> tuple[str, list[str], list[str]]:
    linked = " ".join(f"[[Note {rng.randrange(n)}]]" for _ in range(30))
    return f"note-{i}.md", [f"title: Note {i}"], [prose(rng, 80), linked]


def embeds(rng: random.Random, i: int, n: int) -> tuple[str, list[str], list[str]]:
    body = [prose(rng, 60)]
    body += [f"![[note-{rng.randrange(n)}]]" for _ in range(3)]
    body += [f"![[note-{rng.randrange(n)}#^b{rng.randrange(5)}]]" for _ in range(3)]
    body += [f"para {k} {prose(rng, 10)} ^b{k}\n" for k in range(5)]
    return f"note-{i}.md", [], body


def folders(rng: random.Random, i: int, _n: int) -> tuple[str, list[str], list[str]]:
    folder = "/".join(f"f{rng.randrange(8)}" for _ in range(rng.randrange(1, 6)))
    return f"{folder}/note-{i}.md", [], [prose(rng, 60)]


Shape = Callable[[random.Random, int, int], tuple[str, list[str], list[str]]]
SHAPES: dict[str, Shape] = {
    "daily": daily,
    "mentions": mentions,
    "dataview": dataview,
    "tags": tags,
    "links": links,
    "embeds": embeds,
    "folders": folders,
}


def make_vault(root: Path, shape: Shape, notes: int) -> None:
    rng = random.Random(1)
    root.mkdir(parents=True, exist_ok=True)
    (root / "notebase.yaml").write_text("search: false\n", encoding="utf-8")
    for i in range(notes):
        rel, front, body = shape(rng, i, notes)
        text = ("---\n" + "\n".join(front) + "\n---\n" if front else "") + "\n".join(body) + "\n"
        path = root / "notes" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def build_seconds(root: Path) -> float:
    command = [sys.executable, "-m", "notebase", "--root", str(root), "build"]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"the build of {root} failed:\n{done.stderr[-2000:]}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,4000")
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--work", type=Path, default=None, help="where the vaults are made")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    work = Path(tempfile.mkdtemp(prefix="notebase-shapes-", dir=args.work))
    print(f"cold builds, search off; wall seconds at {' and '.join(map(str, sizes))} notes")
    print("shape | " + " | ".join(f"{n} notes" for n in sizes) + " | growth / notes' growth")
    try:
        for name in args.shapes.split(","):
            seconds = []
            for notes in sizes:
                root = work / f"{name}-{notes}"
                make_vault(root, SHAPES[name], notes)
                seconds.append(build_seconds(root))
                shutil.rmtree(root)
            growth = (seconds[-1] / seconds[0]) / (sizes[-1] / sizes[0])
            shown = " | ".join(f"{s:.2f}" for s in seconds)
            print(f"{name} | {shown} | {growth:.2f}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
