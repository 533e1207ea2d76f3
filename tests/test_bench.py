"""The benchmark's own helpers (bench/): the process-tree RSS sampler, the Quartz config it builds
with, the paired ratios and the one table bench.py prints."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load(name: str, file: str = "") -> ModuleType:
    """A script of bench/ as the top-level module `name` (they import each other so), read from
    its file: bench/ itself is not put on sys.path, where its bench.py would hide the folder."""
    spec = importlib.util.spec_from_file_location(name, BENCH / (file or f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


proctree = load("proctree")
peers = load("peers")


def load_bench() -> ModuleType:
    """bench/bench.py under a name of its own, with the scripts it imports."""
    for name in ("save_to_reload", "vaults"):
        load(name)
    return load("bench_script", "bench.py")


CHILD = "import time; block = b'x' * (100 * 2**20); time.sleep(1.0)"  # written: resident
PARENT = (
    "import subprocess, sys; block = b'x' * (100 * 2**20); "
    f"subprocess.run([sys.executable, '-c', {CHILD!r}])"
)


def test_parse_stat_reads_past_a_name_with_spaces_and_parentheses() -> None:
    line = "4242 (a (weird) name) S 17 4243 4242 0 -1 4194304 1 2 3 4 5 6 7 8 20 0 1 0 77 12345678 321 9"
    assert proctree.parse_stat(line) == proctree.Stat(ppid=17, session=4242, rss_pages=321)


def test_parse_stat_reads_this_process() -> None:
    stat = proctree.parse_stat(Path("/proc/self/stat").read_text())
    assert (stat.ppid, stat.session) == (os.getppid(), os.getsid(0))
    assert stat.rss_pages * proctree.PAGE > 10 * 2**20  # a Python running pytest


def test_peak_rss_counts_the_children_of_the_command() -> None:
    measured = proctree.run_measured([sys.executable, "-c", PARENT])
    assert measured.code == 0
    # two processes of 100 MB each at once; the largest single one (wait4's figure) is about 110
    assert measured.rss_mb > 200
    assert measured.pss_mb > 150  # pages of their own: shared by neither, counted whole
    assert measured.wall >= 1.0


def test_a_process_shares_its_address_space_with_itself_and_not_with_a_forked_child() -> None:
    # a vfork child before exec shares its parent's, and must not count its pages a second time
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(write_end)
        os.read(read_end, 1)  # alive until the parent closes its end
        os._exit(0)
    try:
        assert proctree.same_memory(os.getpid(), os.getpid())
        assert not proctree.same_memory(os.getpid(), child)
    finally:
        os.close(write_end)
        os.waitpid(child, 0)


def test_a_failing_command_gives_its_exit_code() -> None:
    measured = proctree.run_measured([sys.executable, "-c", "raise SystemExit(3)"])
    assert measured.code == 3


def test_quartz_config_loses_social_images_and_font_downloads() -> None:
    config = (
        '    fontOrigin: "googleFonts",\n'
        "    cdnCaching: false,\n"
        "    emitters: [\n"
        "      Plugin.ContentPage(),\n"
        "      Plugin.CustomOgImages(),\n"
        "      Plugin.Static(),\n"
    )
    quiet = peers.quiet_quartz_config(config)
    assert "CustomOgImages" not in quiet
    assert 'fontOrigin: "local"' in quiet  # no stylesheet fetched at build time, none linked
    assert "Plugin.ContentPage(),\n      Plugin.Static()," in quiet


def test_paired_ratio_is_the_median_of_the_ratios_round_by_round() -> None:
    assert peers.paired_ratio([2.0, 9.0, 3.0], [1.0, 3.0, 3.0]) == 2.0
    assert peers.paired_ratio([2.0], []) is None


def test_the_table_gives_each_build_its_ratios_to_the_anchors(capsys) -> None:  # type: ignore[no-untyped-def]
    bench = load_bench()
    row = bench.Row(1000)
    for wall, rss in ((4.0, 900.0), (6.0, 950.0), (5.0, 920.0)):
        row.cold.add(proctree.Measured(wall, wall * 1.5, rss, 0, rss * 0.6))
        row.warm.add(proctree.Measured(0.5, 0.4, 80.0, 0))
        row.edit.add(proctree.Measured(1.5, 1.2, 300.0, 0))
    row.serve = {"body": [[100.0, 120.0]], "tag": [[400.0, 500.0]]}
    row.files = 3500
    for name, walls in (("hugo", (1.0, 1.5, 1.25)), ("hugo-pagefind", (4.0, 6.0, 4.0))):
        peer = peers.Peer(name, ["true"], Path("."), "public", [], {}, files=320)
        for wall in walls:
            peer.runs.add(proctree.Measured(wall, wall, 100.0, 0))
        row.peers.append(peer)
    args = bench.argparse.Namespace(runs=3, pagefind=False, anchors=True, no_search=False)
    base = bench.Row(1000)
    for wall in (2.0, 3.0, 2.5):  # its cold builds ran in the same rounds as the anchors
        base.cold.add(proctree.Measured(wall, wall, 500.0, 0))
    bench.print_table([[row, base]], args)
    lines = capsys.readouterr().out.splitlines()
    head = next(line for line in lines if line.startswith("| notes"))
    assert head.split(" | ")[3:5] == ["× Hugo", "× Hugo + Pagefind"]
    cold = next(line for line in lines if "notebase** cold" in line)
    assert cold.split(" | ")[2:8] == ["5.00 s", "4.00", "1.00", "950", "570", "7.50"]
    baseline = next(line for line in lines if "baseline notebase cold" in line)
    assert baseline.split(" | ")[2:6] == ["2.50 s", "2.00", "0.50", "500"]
    hugo = next(line for line in lines if line.startswith("| 1,000 | Hugo |"))
    assert hugo.split(" | ")[2:5] == ["1.25 s", "1.00", "0.25"]
    edit = next(line for line in lines if "after one body edit" in line)
    assert edit.split(" | ")[2:6] == ["1.50 s", "", "", "300"]
    assert any("tag change" in line and "450 ms" in line for line in lines)


def test_growth_compares_each_size_with_the_one_before() -> None:
    bench = load_bench()
    rows = [bench.Row(n) for n in (1000, 10000, 100000)]
    for row, wall in zip(rows, (5.0, 45.0, 500.0), strict=True):
        row.cold.add(proctree.Measured(wall, wall, 100.0, 0))
    assert bench.growth_lines(rows) == [
        "",
        "cold 10,000 / 1,000: 9.0x for 10.0x the notes",
        "cold 100,000 / 10,000: 11.1x for 10.0x the notes",
    ]


def test_a_command_past_its_timeout_is_killed_with_its_children() -> None:
    sleeper = "import subprocess, sys; subprocess.run([sys.executable, '-c', 'import time; time.sleep(30)'])"
    measured = proctree.run_measured([sys.executable, "-c", sleeper], timeout=1.0)
    assert measured.code == -9
    assert measured.wall < 10


import_pages = load("import_pages")


def test_a_page_is_scored_against_its_answer_key(tmp_path: Path) -> None:
    page = tmp_path / "one"
    page.mkdir()
    (page / "source.html").write_text(
        '<html><head><meta name="author" content="Ada"></head><body><article><h1>Title</h1>'
        "<p>one two three four</p><p>menu menu</p></article></body></html>",
        encoding="utf-8",
    )
    (page / "expected.html").write_text("<div><p>one two three four five</p></div>", "utf-8")
    key = '{"title": " Title ", "byline": "By Ada"}'
    (page / "expected-metadata.json").write_text(key, encoding="utf-8")
    score = import_pages.score_page(page)
    assert (score.title_ok, score.byline_expected, score.byline_ok) == (True, True, True)
    assert (score.recall, score.precision) == (4 / 5, 4 / 6)


def test_lowered_lists_the_pages_scoring_lower_than_before(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    row = {"name": "a", "title_ok": True, "byline_ok": False, "recall": 0.5, "precision": 0.5}
    old.write_text(json.dumps([row]), encoding="utf-8")
    now = import_pages.PageScore("a", 1, False, False, False, 0.6, 0.5, "", "")
    assert import_pages.lowered([now], old) == ["a: title_ok 1.000 -> 0.000"]


def load_beside_bench(name: str) -> ModuleType:
    """A script of bench/ that imports from bench.py (`from bench import ...`): bench.py stands
    as `bench` while it is read, and the name is given back (tests import the folder by it)."""
    folder = sys.modules.pop("bench", None)
    sys.modules["bench"] = load_bench()
    try:
        return load(name)
    finally:
        del sys.modules["bench"]
        if folder is not None:
            sys.modules["bench"] = folder


busy = load_beside_bench("busy")


def test_busy_reads_the_first_line_of_proc_stat() -> None:
    text = "cpu  100 5 20 300 10 0 2 0 0 0\ncpu0 50 2 10 150 5 0 1 0 0 0\n"
    assert busy.read_stat(text, 1.5) == busy.Sample(1.5, 437, 310)


def test_busy_shares_and_the_idle_and_one_core_seconds_they_sum_to() -> None:
    samples = [
        busy.Sample(0.0, 0, 0),
        busy.Sample(1.0, 200, 0),  # both cores busy for a second
        busy.Sample(2.0, 400, 100),  # one of two
        busy.Sample(2.5, 500, 200),  # none
    ]
    shares = busy.shares(samples)
    assert [(s.at, s.seconds, s.busy) for s in shares] == [
        (1.0, 1.0, 1.0),
        (2.0, 1.0, 0.5),
        (2.5, 0.5, 0.0),
    ]
    assert busy.idle_core_seconds(shares, 2) == 2.0  # 1 core-s, then 1 more (2 x 0.5 s)
    assert busy.one_core_seconds(shares, 2) == 1.0


def test_overlap_stages_the_search_results_copies_by_shard(tmp_path: Path) -> None:
    from notebase.builder.search import shard_count, shard_number

    stage_copies = load_beside_bench("overlap").stage_copies
    site = tmp_path / "site"
    pages = {
        "a/index.html": b"<html><head><title>A</title></head><body><nav>menu</nav>"
        b"<article data-pagefind-body><p>alpha</p></article></body></html>",
        "b/index.html": b"<html><head></head><body><article data-pagefind-body>"
        b"<p>beta</p></article></body></html>",
        "tags/index.html": b"<html><head></head><body><p>a listing</p></body></html>",
    }
    for rel, data in pages.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes(data)
    shards = stage_copies(site, tmp_path / "copies")
    staged = {
        p.relative_to(tmp_path / "copies").as_posix() for s in shards for p in s.rglob("*.html")
    }
    count = shard_count(3)
    assert staged == {
        f"s{shard_number(rel, count)}/{rel}" for rel in ("a/index.html", "b/index.html")
    }
    copy = next(p for s in shards for p in s.rglob("*.html") if p.parts[-2] == "a").read_bytes()
    assert b"alpha" in copy and b"menu" not in copy


def test_shapes_makes_each_vault_the_same_every_time(tmp_path: Path) -> None:
    shapes = load("shapes")
    for name, shape in shapes.SHAPES.items():
        first, second = tmp_path / f"{name}-1", tmp_path / f"{name}-2"
        shapes.make_vault(first, shape, 30)
        shapes.make_vault(second, shape, 30)
        made = sorted(p.relative_to(first / "notes") for p in (first / "notes").rglob("*.md"))
        assert len(made) == 30, name
        assert all(
            (first / "notes" / p).read_bytes() == (second / "notes" / p).read_bytes() for p in made
        )
    daily = (tmp_path / "daily-1" / "notes" / "note-0.md").read_text(encoding="utf-8")
    assert daily.startswith("---\ndate: 2020-01-01\n---\n- did ") and "[[Note " in daily


def test_note_shapes_times_a_note_of_each_construct() -> None:
    shapes = load("note_shapes")
    for name, make in shapes.SHAPES.items():
        assert make(8) != make(4), name  # the count shows in the note
        assert shapes.parse_ms(make(4)) > 0, name
    assert shapes.SHAPES["headings"](3).count("## Notes") == 3
