"""The parse stage on a process pool: the same site, byte for byte, as a serial build."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from notebase.builder import pipeline as build
from notebase.builder.parallel import ignore_interrupts, map_ordered
from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from notebase.config import Config
from notebase.diagnostics import Diagnostic
from notebase.model import NoteFile, ParseResult
from notebase.planning.pages import PageSpec
from notebase.planning.render import Environment, Rows, page_bytes
from notebase.reading.parse import parse_note
from tests.sitecompare import assert_same_tree

TOPICS = ("optimizers", "attention", "retrieval", "compilers", "databases", "tokenizers")


def note_text(i: int) -> str:
    """A varied note: front matter, tl;dr, wikilinks to neighbours, a quote, code and a footnote."""
    tags = f"[{TOPICS[i % 6]}, {TOPICS[(i * 5 + 1) % 6]}]"
    lines = [
        "---",
        f'title: "Note {i:03d} on {TOPICS[i % 6]}"',
        f"date: 2024-{i % 12 + 1:02d}-{i % 27 + 1:02d}",
        f"tags: {tags}",
        f"url: https://arxiv.org/abs/24{i % 12 + 1:02d}.{10000 + i}" if i % 3 else "kind: note",
        "---",
        f"tldr: Note {i} says *something* about `{TOPICS[i % 6]}`.",
        "",
        f"Compare [[Note {(i + 1) % 90:03d} on {TOPICS[(i + 1) % 6]}]] and [[Missing {i}]].[^1]",
        "",
        f"> Quoted line {i}.",
        "> — Someone",
        "",
        "```python",
        f"def f{i}(x):\n    return x * {i}  # comment",
        "```",
        "",
        f"[^1]: Footnote {i} with a [link](https://example.org/{i}).",
    ]
    return "\n".join(lines) + "\n"


def make_corpus(root: Path, count: int) -> Path:
    (root / "notes" / "sub").mkdir(parents=True)
    for i in range(count):
        folder = "sub/" if i % 4 == 0 else ""
        (root / "notes" / f"{folder}note-{i:03d}.md").write_text(note_text(i), encoding="utf-8")
    return root


PIDS_DIR = "NOTEBASE_TEST_PIDS"


def parse_and_record_pid(source: NoteFile) -> ParseResult:
    """parse_note, leaving a file named after the process that ran it."""
    (Path(os.environ[PIDS_DIR]) / str(os.getpid())).touch()
    return parse_note(source)


def render_and_record_pid(
    env: Environment, spec: PageSpec, config: Config, rows: Rows | None = None
) -> bytes | Diagnostic:
    """page_bytes, leaving a file named after the process that ran it."""
    (Path(os.environ[RENDER_PIDS_DIR]) / str(os.getpid())).touch()
    return page_bytes(env, spec, config, rows)


RENDER_PIDS_DIR = "NOTEBASE_TEST_RENDER_PIDS"
PARALLEL_BUILD = """
import sys
from pathlib import Path
from notebase.builder import pipeline as build
from notebase.builder import sitefiles
from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from tests.test_parallel import parse_and_record_pid, render_and_record_pid
build.parse_note = parse_and_record_pid
sitefiles.page_bytes = render_and_record_pid
root, out = Path(sys.argv[1]), Path(sys.argv[2])
result = build_site(BuildOptions(root, out, jobs=2, min_parallel=2, min_parallel_render=2))
print(result.written, result.parsed, sep=",")
print(__import__("os").getpid())
for d in result.diagnostics:
    print(d.code)
"""


def test_a_parallel_build_writes_the_same_site_as_a_serial_one(tmp_path: Path) -> None:
    root = make_corpus(tmp_path / "kb", 90)
    serial = build_site(BuildOptions(root, tmp_path / "serial", jobs=1))
    assert serial.written and serial.parsed == 90

    # a fresh interpreter: the pool forks only from a single-threaded process, and a test
    # session may hold threads (browsers, servers)
    pids, rendering = tmp_path / "pids", tmp_path / "rendering"
    pids.mkdir()
    rendering.mkdir()
    env = {**os.environ, PIDS_DIR: str(pids), RENDER_PIDS_DIR: str(rendering)}
    args = [sys.executable, "-c", PARALLEL_BUILD, str(root), str(tmp_path / "parallel")]
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    summary, pid, *codes = done.stdout.split()
    assert summary == "True,90"
    # the notes were parsed, and the pages rendered, by the build's process and a forked worker
    workers = {int(p.name) for p in pids.iterdir()}
    assert int(pid) in workers and len(workers) <= 2
    renderers = {int(p.name) for p in rendering.iterdir()}
    assert int(pid) in renderers and len(renderers) <= 2
    assert codes == [d.code for d in serial.diagnostics]
    assert_same_tree(tmp_path / "parallel", tmp_path / "serial")


def test_few_notes_are_parsed_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_corpus(tmp_path / "kb", 5)
    pids = tmp_path / "pids"
    pids.mkdir()
    monkeypatch.setenv(PIDS_DIR, str(pids))
    monkeypatch.setattr(build, "parse_note", parse_and_record_pid)
    build_site(BuildOptions(root, tmp_path / "site", jobs=2, min_parallel=10))
    assert [p.name for p in pids.iterdir()] == [str(os.getpid())]


def square(x: int) -> int:
    return x * x


def test_map_ordered_keeps_the_input_order() -> None:
    items = list(range(200, 0, -1))
    assert map_ordered(square, items, jobs=2, min_items=1) == [x * x for x in items]
    assert map_ordered(square, [], jobs=2, min_items=1) == []
    assert map_ordered(square, [3], jobs=4, min_items=1) == [9]


def slow_pid(i: int) -> tuple[int, int]:
    time.sleep(0.01)
    return i, os.getpid()


SHARED_MAP = """
import os
from notebase.builder.parallel import map_ordered
from tests.test_parallel import slow_pid
made = map_ordered(slow_pid, list(range(100)), jobs=2, min_items=1)
assert [i for i, _ in made] == list(range(100)), made  # in order, whoever made each
print(os.getpid(), *sorted({pid for _, pid in made}))
"""


def test_this_process_and_a_worker_take_the_chunks_in_turn() -> None:
    # a fresh interpreter: the pool forks only from a single-threaded process
    done = subprocess.run([sys.executable, "-c", SHARED_MAP], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    me, *makers = done.stdout.split()
    assert me in makers and len(makers) == 2


def test_a_worker_ends_quietly_on_sigterm_whatever_the_parent_had() -> None:
    def raise_interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    before = (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM))
    signal.signal(signal.SIGTERM, raise_interrupt)  # as `notebase serve` has it
    try:
        ignore_interrupts()  # what each forked worker runs first
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before[0])
        signal.signal(signal.SIGTERM, before[1])
