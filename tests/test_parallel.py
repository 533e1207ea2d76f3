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
from notebase.builder.parallel import CHUNK_SHARE, ignore_interrupts, map_ordered
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


def slow_square_by_parent_only(i: int) -> int:
    """i squared, in the process that began the map; a worker fails on its first item."""
    time.sleep(0.01)
    if str(os.getpid()) != os.environ["MAP_PARENT"]:
        raise ValueError(f"worker failed on {i}")
    return i * i


FAILING_MAP = """
import os
os.environ["MAP_PARENT"] = str(os.getpid())
from notebase.builder.parallel import map_ordered
from tests.test_parallel import slow_square_by_parent_only
map_ordered(slow_square_by_parent_only, list(range(100)), jobs=2, min_items=1)
"""


def test_a_worker_error_is_raised_in_this_process_not_waited_for() -> None:
    # the worker hands its chunks over as it makes them: its error must end the map, not leave
    # this process waiting for chunks that never come
    done = subprocess.run(
        [sys.executable, "-c", FAILING_MAP], capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0
    assert "ValueError: worker failed on" in done.stderr


def guided_sizes(count: int, jobs: int) -> list[int]:
    """The sizes of the chunks the map's processes take in turn (run_chunk's rule)."""
    sizes, start = [], 0
    while start < count:
        size = max(1, (count - start) // (jobs * CHUNK_SHARE))
        sizes.append(min(size, count - start))
        start += size
    return sizes


def test_chunks_shrink_so_that_the_last_ones_are_short() -> None:
    sizes = guided_sizes(10_000, 2)
    assert sizes[0] == 10_000 // (2 * CHUNK_SHARE)
    assert sizes == sorted(sizes, reverse=True) and sum(sizes) == 10_000
    assert sizes[-8:] == [1] * 8  # one process alone at the end waits for at most one item


SHARED_CHUNKS = """
import os
from notebase.builder import parallel
from tests.test_parallel import slow_pid
taken = []
run_chunk = parallel.run_chunk
def recording_chunk():
    part = run_chunk()
    taken.append(len(part))
    return part
parallel.run_chunk = recording_chunk  # this process's chunks (the worker, forked, records its own)
parallel.map_ordered(slow_pid, list(range(400)), jobs=2, min_items=1)
print(*taken)
"""


def test_this_process_takes_chunks_as_run_chunk_sizes_them() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SHARED_CHUNKS], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    *sizes, last = [int(n) for n in done.stdout.split()]
    assert last == 0  # the last chunk taken: none left
    assert sizes == sorted(sizes, reverse=True) and sizes[0] > sizes[-1]  # shrinking
    assert all(n in guided_sizes(400, 2) for n in sizes)


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


def square_unless_a_worker(i: int) -> int:
    """i squared; a worker is killed outright (as the system kills a process short of memory) on
    the first item it takes."""
    time.sleep(0.005)
    if str(os.getpid()) != os.environ["MAP_PARENT"]:
        os.kill(os.getpid(), signal.SIGKILL)
    return i * i


KILLED_MAP = """
import os
os.environ["MAP_PARENT"] = str(os.getpid())
from notebase.builder.parallel import map_ordered
from tests.test_parallel import square_unless_a_worker
print(map_ordered(square_unless_a_worker, list(range(200)), jobs=2, min_items=1) == [
    i * i for i in range(200)
])
"""


def test_a_killed_worker_leaves_its_chunk_to_this_process_not_a_map_waiting_forever() -> None:
    done = subprocess.run(
        [sys.executable, "-c", KILLED_MAP], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True"]
