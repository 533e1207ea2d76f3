"""`notebase serve` end to end: rebuild on save, reload events, error overlay, safe paths, clean exit,
and the search index brought up to date after the reload."""

from __future__ import annotations

import gc
import http.client
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from pagefind.service import get_executable

from notebase.builder.cache import PARSE_SHARDS, PARSES_FILE
from notebase.builder.cachefiles import CACHE_DIR
from notebase.builder.pipeline import BuildResult, build_site, rebuild
from notebase.builder.state import BuildOptions, BuildState
from notebase.livehttp import LiveSite
from notebase.serve import Indexer, build_once, is_watched, swap_index
from tests.servehelp import PAGEFIND_ENV, Server, fake_pagefind, wait_until
from tests.sitecompare import assert_same_tree, tree


@pytest.fixture
def server(kb: Path) -> Iterator[Server]:
    srv = Server(kb)
    yield srv
    srv.stop()


def test_a_saved_note_changes_the_page_and_sends_a_reload(kb: Path) -> None:
    server = Server(kb, page="/papers/muon/")  # told what a tab showing the note is told
    try:
        first = server.events[-1]
        assert first["ok"] and "live.js" in server.get("/papers/muon/")[1]
        note = kb / "notes/papers/muon.md"
        note.write_text(note.read_text().replace("nearest", "closest"))
        preview = server.wait_site(first["site"])
        assert preview["settling"] and preview["build"] == first["build"]  # the page, first
        event = server.wait_build(first["build"])
        assert event["ok"] and event["site"] == first["site"] + 1  # one reload: the rebuild's
        assert "closest" in server.get("/papers/muon/")[1]  # page is the preview's, byte for byte
    finally:
        server.stop()


def test_a_change_to_the_admonition_settings_rebuilds_the_notes_drawn_with_them(kb: Path) -> None:
    """The Admonition plugin's settings file is in the vault (notes/.obsidian/, which the site
    leaves out): saved, it rebuilds the site as notebase.yaml does, its blocks redrawn."""
    note = kb / "notes/papers/muon.md"
    note.write_text(note.read_text() + "\n```ad-claim\nIt works.\n```\n")
    settings = kb / "notes/.obsidian/plugins/obsidian-admonition/data.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"userAdmonitions": {"claim": {"color": "1, 2, 3"}}}')
    server = Server(kb)
    try:
        first = server.events[-1]
        assert 'style="--c: rgb(1, 2, 3)"' in server.get("/papers/muon/")[1]
        settings.write_text('{"userAdmonitions": {"claim": {"color": "7, 8, 9"}}}')
        event = server.wait_build(first["build"])
        assert event["ok"] and 'style="--c: rgb(7, 8, 9)"' in server.get("/papers/muon/")[1]
    finally:
        server.stop()


def test_a_broken_note_shows_its_error_until_fixed(server: Server, kb: Path) -> None:
    before = server.events[-1]
    good_page = server.get("/papers/muon/")[1]
    bad = kb / "notes/papers/bad.md"
    bad.write_bytes(b"\0" * 64)  # a binary file among the notes
    event = server.wait_build(before["build"])
    assert not event["ok"] and event["failed"] == "build"
    assert any(
        line.startswith("notes/papers/bad.md:1: error[binary-file]")
        for line in event["diagnostics"]
    ), event
    assert server.status()["diagnostics"] == event["diagnostics"]
    assert server.get("/papers/muon/")[1] == good_page  # the last good site is still served
    bad.write_text("---\ntitle: Bad\n---\nFixed.\n")
    fixed = server.wait_build(event["build"])
    assert fixed["ok"] and fixed["diagnostics"] == [] and fixed["site"] > before["site"]
    assert server.get("/papers/bad/")[0] == 200


def test_renames_and_deletions_rebuild(server: Server, kb: Path) -> None:
    start = server.events[-1]["build"]
    (kb / "notes/links/latents.md").rename(kb / "notes/links/latent-space.md")
    event = server.wait_build(start)
    wait_until(lambda: server.get("/links/latent-space/")[0] == 200, what="the renamed page")
    assert server.get("/links/latents/")[0] == 404
    (kb / "notes/links/latent-space.md").unlink()
    server.wait_build(event["build"])
    wait_until(lambda: server.get("/links/latent-space/")[0] == 404, what="the page to go")


def test_a_burst_of_saves_is_one_rebuild(server: Server, kb: Path) -> None:
    start = server.events[-1]["build"]
    note = kb / "notes/ideas/landscape.md"
    for i in range(5):
        note.write_text(f"# Landscape\n\nVersion {i}.\n")
    event = server.wait_build(start)
    wait_until(lambda: "Version 4" in server.get("/ideas/landscape/")[1], what="the last save")
    assert event["build"] == start + 1
    assert [e["build"] for e in server.events].count(start + 2) == 0


def test_editor_temporary_files_are_ignored(server: Server, kb: Path) -> None:
    start = server.events[-1]["build"]
    for name in (".muon.md.swp", "muon.md~", ".#muon.md", "4913"):
        (kb / "notes/papers" / name).write_text("x")
    time.sleep(0.5)  # longer than the debounce: a rebuild for them would be one of its own
    (kb / "notes/papers/sentinel.md").write_text("# Sentinel\n")
    event = server.wait_build(start)
    assert event["build"] == start + 1 and event["ok"]
    assert server.get("/papers/sentinel/")[0] == 200


def test_a_garden_s_quartz_config_saved_rebuilds_without_what_it_leaves_out(
    server: Server, kb: Path
) -> None:
    assert server.get("/papers/muon/")[0] == 200
    start = server.events[-1]["build"]
    (kb / "quartz.config.ts").write_text('const c = { ignorePatterns: ["papers"] }\n')
    event = server.wait_build(start)
    assert event["ok"] and server.get("/papers/muon/")[0] == 404


@pytest.mark.parametrize("name", ["quartz.config.ts", "config.toml", "notebase.yaml"])
def test_a_garden_s_settings_saved_are_watched(tmp_path: Path, name: str) -> None:
    # a Quartz 3 garden's config.toml was read by each build but not watched: saving it rebuilt
    # nothing
    assert is_watched(tmp_path, str(tmp_path / name))


@pytest.mark.parametrize(
    "path",
    [
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/papers/%2E%2E/%2E%2E/%2E%2E/etc/passwd",
        "//etc/passwd",
        "/..%2f..%2f..%2fetc/passwd",
        "/%5c..%5c..%5cetc/passwd",
        "/outside/passwd",
        "/leak.txt",
    ],
)
def test_paths_leaving_the_site_are_not_found(server: Server, kb: Path, path: str) -> None:
    (kb / "site/leak.txt").symlink_to("/etc/passwd")
    (kb / "site/outside").symlink_to("/etc")
    code, body = server.get(path)
    assert code == 404 and "root:" not in body


@pytest.mark.parametrize(
    "target",
    [
        b"/..\\..\\..\\etc\\passwd",
        b"/papers/..\\..\\..\\..\\etc/passwd",
        b"/%00/../../etc/passwd",
        b"/papers/muon/%00",
        b"/etc/passwd",
        b"/%2fetc%2fpasswd",
        b"/%252e%252e/%252e%252e/etc/passwd",
        b"http://127.0.0.1/../../../../etc/passwd",
        b"/..;/..;/etc/passwd",
        b"/.%2e/.%2e/.%2e/etc/passwd",
        b"/secret/",
        b"/secret/index.html",
        b"/tags/../../secret.html",
    ],
)
def test_raw_targets_leaving_the_site_are_not_found(
    server: Server, kb: Path, target: bytes
) -> None:
    outside = kb.parent / "outside-site"
    outside.mkdir(exist_ok=True)
    (outside / "index.html").write_text("<p>secret page</p>")
    (kb.parent / "secret.html").write_text("<p>secret page</p>")
    (kb / "site/secret").symlink_to(outside)  # a folder inside the site pointing outside it
    code, body = server.raw_get(target)
    assert code == 404, (target, code)
    assert b"root:" not in body and b"secret page" not in body


def test_a_folder_redirects_and_a_missing_page_is_404(server: Server) -> None:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", "/papers/muon")
    response = conn.getresponse()
    assert (response.status, response.getheader("Location")) == (301, "/papers/muon/")
    conn.close()
    code, body = server.get("/no/such/page/")
    assert code == 404 and "live.js" in body


def test_ctrl_c_exits_cleanly(kb: Path) -> None:
    srv = Server(kb)
    code, err = srv.stop()
    assert code == 0, err
    assert "Traceback" not in err and "notebase: stopped" in err
    assert "serving http://127.0.0.1:" in err


def test_a_server_started_over_a_current_cache_keeps_its_parses(kb: Path) -> None:
    code, err = Server(kb).stop()  # leaves the cache
    assert code == 0, err
    parses = [kb / CACHE_DIR / PARSES_FILE.format(i) for i in range(PARSE_SHARDS)]
    before = [shard.stat().st_ino for shard in parses]
    srv = Server(kb)  # answers once the first build is saved
    assert [shard.stat().st_ino for shard in parses] == before  # not written again
    srv.proc.kill()  # no save on the way out: the cache is what the start left
    srv.proc.communicate()
    result = build_site(BuildOptions(root=kb, out=kb / "site", cache=True))
    assert result.parsed == 0 and not [d for d in result.diagnostics if d.code.startswith("cache")]


def serve_command(kb: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "notebase", "--root", str(kb), "serve", *args]


def test_ctrl_c_during_the_first_build_exits_cleanly(kb: Path, tmp_path: Path) -> None:
    started = tmp_path / "started"
    hold = (  # the first build is held (as a long one would be) once it has begun
        "import time, notebase.serve as serve\n"
        "def held(*args, **kwargs):\n"
        f"    open({str(started)!r}, 'w').close()\n"
        "    time.sleep(60)\n"
        "serve.rebuild = held\n"
        "from notebase.cli import main\n"
        f"raise SystemExit(main(['--root', {str(kb)!r}, 'serve', '--port', '0']))\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", hold], stderr=subprocess.PIPE, text=True)
    wait_until(started.exists, what="the first build to start")
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=15)
    assert (proc.returncode, err) == (0, "notebase: stopped\n")


def test_folders_that_cannot_be_watched_are_not_called_an_address_that_cannot_be_served(
    kb: Path,
) -> None:
    unwatchable = (  # as watchdog fails when the system's inotify watches run out
        "import errno, notebase.serve as serve\n"
        "def full(*args, **kwargs):\n"
        "    raise OSError(errno.ENOSPC, 'inotify watch limit reached')\n"
        "serve.start_watching = full\n"
        "from notebase.cli import main\n"
        f"raise SystemExit(main(['--root', {str(kb)!r}, 'serve', '--port', '0']))\n"
    )
    done = subprocess.run([sys.executable, "-c", unwatchable], capture_output=True, text=True)
    assert done.returncode == 1
    said = done.stderr.splitlines()
    assert said[-2:] == [
        "error[file-system]: inotify watch limit reached",
        "  hint: check that the folder exists, is a folder, and can be written",
    ]
    assert "cannot serve" not in done.stderr and "Traceback" not in done.stderr
    assert (kb / "site/papers/muon/index.html").is_file()  # the first build was written
    assert not [p for p in kb.iterdir() if p.name.startswith(".site.tmp-")]  # nor indexing


def test_a_port_in_use_is_one_line_before_building(kb: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = subprocess.run(serve_command(kb, "--port", port), capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    said = f"notebase: error: cannot serve on 127.0.0.1:{port}: [Errno 98] Address already in use\n"
    assert done.stderr == said
    assert not (kb / "site").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (  # an address of no interface here (TEST-NET-1): refused without asking any network
            ("--host", "192.0.2.1", "--port", "0"),
            "cannot serve on 192.0.2.1:0: [Errno 99] Cannot assign requested address",
        ),
    ],
    ids=["not-this-machine"],
)
def test_an_address_that_cannot_be_served_is_one_line(
    kb: Path, args: tuple[str, ...], said: str
) -> None:
    done = subprocess.run(serve_command(kb, *args), capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.startswith(f"notebase: error: {said}") and done.stderr.count("\n") == 1
    assert not (kb / "site").exists()


# --- the search index, after the reload ----------------------------------------------------------


def gated_pagefind(gate: Path) -> dict[str, str]:
    """The environment of a server whose Pagefind waits until gate/open exists, fails while
    gate/fail exists, and notes in gate/runs each run it lets through to the real Pagefind."""
    real, folder = shlex.quote(str(get_executable())), shlex.quote(str(gate))
    script = fake_pagefind(
        gate / "pagefind",
        f"while [ ! -e {folder}/open ]; do sleep 0.02; done\n"
        f"if [ -e {folder}/fail ]; then echo 'Error: the index exploded'; exit 3; fi\n"
        f"echo run >> {folder}/runs\n"
        f'exec {real} "$@"\n',
    )
    return {PAGEFIND_ENV: script}


def indexed_server(kb: Path, gate: Path) -> Server:
    """A server with a gated Pagefind, once its first search index is in the site."""
    (gate / "open").touch()
    server = Server(kb, gated_pagefind(gate))
    try:
        server.wait_indexed(server.events[-1]["build"])
    except BaseException:
        server.stop()
        raise
    return server


@pytest.fixture
def gate(tmp_path: Path) -> Path:
    folder = tmp_path / "gate"
    folder.mkdir()
    return folder


def assert_clean_site(kb: Path, clean: Path) -> None:
    """The served site is the one a clean build of the same notes writes (its index included)."""
    _, result = rebuild(BuildState(), BuildOptions(root=kb, out=clean))
    assert result.written, result.diagnostics
    assert_same_tree(kb / "site", clean)


def runs(gate: Path) -> int:
    return (gate / "runs").read_text().count("run") if (gate / "runs").exists() else 0


def test_the_reload_comes_before_the_search_index(kb: Path, gate: Path, tmp_path: Path) -> None:
    server = Server(kb, gated_pagefind(gate), page="/papers/muon/")
    try:
        first = server.events[-1]
        assert first["ok"] and first["indexing"]  # served at once, the index still due
        assert (kb / "site/papers/muon/index.html").is_file()
        assert not (kb / "site/pagefind").exists()  # a first build has no index to keep
        (gate / "open").touch()
        assert server.wait_indexed(first["build"])["ok"]
        assert_clean_site(kb, tmp_path / "clean-1")
        bundle = tree(kb / "site/pagefind")
        (gate / "open").unlink()
        note = kb / "notes/papers/muon.md"
        note.write_text(note.read_text().replace("nearest", "closest"))
        event = server.wait_build(first["build"])
        assert event["ok"] and event["indexing"] and event["site"] == first["site"] + 1
        assert "closest" in server.get("/papers/muon/")[1]  # the page is new at the reload
        assert tree(kb / "site/pagefind") == bundle  # the index is still the last one
        (gate / "open").touch()
        done = server.wait_indexed(event["build"])
        assert done["ok"] and done["build"] == event["build"] and done["site"] == event["site"]
        assert_clean_site(kb, tmp_path / "clean-2")
        assert tree(kb / "site/pagefind") != bundle
        assert runs(gate) == 2
    finally:
        server.stop()


def test_a_save_while_indexing_gives_one_index_of_the_newest_pages(
    kb: Path, gate: Path, tmp_path: Path
) -> None:
    server = indexed_server(kb, gate)
    try:
        (gate / "open").unlink()
        note = kb / "notes/papers/muon.md"
        text = note.read_text()
        note.write_text(text.replace("nearest", "first-save"))
        first = server.wait_build(server.events[-1]["build"])
        assert first["indexing"]
        note.write_text(text.replace("nearest", "second-save"))
        second = server.wait_build(first["build"])
        assert second["indexing"] and "second-save" in server.get("/papers/muon/")[1]
        (gate / "open").touch()
        done = server.wait_indexed(second["build"])
        assert done["ok"] and done["build"] == second["build"]
        assert_clean_site(kb, tmp_path / "clean")
        assert runs(gate) == 2  # the first build's and the second save's: the first save's was off
        assert not [p for p in kb.iterdir() if p.name.startswith((".site.tmp-", ".old-"))]
    finally:
        server.stop()


def test_a_failed_search_index_is_shown_and_the_last_one_kept(
    kb: Path, gate: Path, tmp_path: Path
) -> None:
    server = indexed_server(kb, gate)
    try:
        bundle = tree(kb / "site/pagefind")
        (gate / "fail").touch()
        note = kb / "notes/papers/muon.md"
        note.write_text(note.read_text().replace("nearest", "closest"))
        event = server.wait_build(server.events[-1]["build"])
        failed = server.wait_indexed(event["build"])
        assert not failed["ok"] and failed["site"] == event["site"]
        assert failed["failed"] == "search index"  # the build itself went well
        problem = "notebase.yaml: error[search-index]: Pagefind failed: Error: the index exploded"
        assert [line.split("\n")[0] for line in failed["diagnostics"]] == [problem]
        assert server.status()["diagnostics"] == failed["diagnostics"]
        assert tree(kb / "site/pagefind") == bundle  # the last good index
        assert "closest" in server.get("/papers/muon/")[1]
        (gate / "fail").unlink()
        note.write_text(note.read_text().replace("closest", "nearest"))
        fixed = server.wait_indexed(server.wait_build(failed["build"])["build"])
        assert fixed["ok"] and fixed["diagnostics"] == []
        assert_clean_site(kb, tmp_path / "clean")  # the index kept was that of these pages
    finally:
        code, err = server.stop()
    assert code == 0 and problem in err  # the log says it too


class Builder:
    """serve's builder run in this process: one build, then its search index swapped in."""

    def __init__(self, kb: Path) -> None:
        self.site = kb / "site"
        self.live, self.indexer, self.said = LiveSite(self.site.resolve()), Indexer(), []
        self.options = BuildOptions(root=kb, out=self.site, search_later=True)

    def build_and_index(self, state: BuildState) -> BuildState:
        results: list[BuildResult] = []
        state = build_once(self.live, self.options, state, results.append, self.indexer)
        assert results[0].written and self.indexer.thread is not None
        self.indexer.thread.join(timeout=60)
        return swap_index(self.live, state, self.indexer, self.said.append)


def test_a_search_index_that_cannot_be_swapped_in_is_shown_and_the_server_goes_on(
    kb: Path,
) -> None:
    builder = Builder(kb)
    site, live, indexer, said = builder.site, builder.live, builder.indexer, builder.said
    options, build_and_index = builder.options, builder.build_and_index
    state = build_once(live, options, BuildState(), lambda result: None, indexer)
    assert indexer.thread is not None
    indexer.thread.join(timeout=60)
    shutil.rmtree(site)
    site.write_text("not a folder\n")  # the site folder gone (a file in its place) meanwhile
    state = swap_index(live, state, indexer, said.append)  # told, not raised
    assert said[0].startswith(
        "notebase.yaml: error[search-index]: cannot put the search index into the site: "
    )
    assert (live.snapshot.failed, live.snapshot.indexing) == ("search index", False)
    assert live.snapshot.diagnostics == (said[0],)
    site.unlink()
    state = build_and_index(state)  # the next save rebuilds the site, its index follows
    assert (live.snapshot.failed, live.snapshot.diagnostics) == ("", ())
    assert (site / "papers/muon/index.html").is_file() and (site / "pagefind").is_dir()
    assert said[1].startswith("notebase: search index of ") and len(said) == 2
    assert not [p for p in kb.iterdir() if p.name.startswith(".site.tmp-")]


def test_rebuilds_leave_no_garbage_in_the_heap_frozen_after_each(kb: Path) -> None:
    """What a build drops is freed at once (reference counts), as the collector never sees the
    frozen heap: garbage in cycles there would stay for as long as the server runs."""
    builder = Builder(kb)
    state = builder.build_and_index(BuildState())  # (and what a process looks up once)
    gc.unfreeze()
    gc.collect()
    try:
        for i in range(3):
            note = kb / "notes/papers/muon.md"
            note.write_text(note.read_text() + f"\nEdit {i}.\n")
            state = builder.build_and_index(state)
        gc.collect()  # what was never frozen
        gc.unfreeze()
        assert gc.collect() == 0
    finally:
        gc.unfreeze()
    assert builder.said[-1].startswith("notebase: search index of ")


def test_raw_requests_reach_the_site(server: Server) -> None:
    code, body = server.raw_get(b"/papers/muon/")  # the control for the raw targets above
    assert code == 200 and b"Muon optimizer" in body


LIVE_TAG = re.compile(rb'<script src="/__notebase/live\.js" data-site="\d+"></script>')


def whole_page(server: Server, path: str) -> bytes:
    """The page without the live-reload tag (whose site number changes with every build)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        assert response.status == 200, (path, response.status)
        assert len(body) == int(response.getheader("Content-Length") or -1)
        return LIVE_TAG.sub(b"", body)
    finally:
        conn.close()


@pytest.mark.slow
def test_requests_during_rebuilds_get_whole_pages(kb: Path) -> None:
    for i in range(300):  # enough pages that each rebuild takes a while to assemble and swap
        (kb / f"notes/filler/n{i:03d}.md").parent.mkdir(exist_ok=True)
        (kb / f"notes/filler/n{i:03d}.md").write_text(f"# Filler {i}\n\nSee [[Muon]].\n" * 3)
    note = kb / "notes/papers/muon.md"
    original = note.read_text(encoding="utf-8")

    def set_version(k: int) -> None:
        note.write_text(original.replace("nearest", f"nearest (version {k})"), encoding="utf-8")

    server = Server(kb)
    try:
        versions = {0: whole_page(server, "/papers/muon/")}
        seen: list[bytes] = []
        done = threading.Event()

        def edit() -> None:
            for k in (1, 2, 3):
                build = server.events[-1]["build"]
                set_version(k)
                server.wait_build(build, timeout=60)
            done.set()

        def ask() -> None:
            deadline = time.monotonic() + 120
            while (len(seen) < 200 or not done.is_set()) and time.monotonic() < deadline:
                seen.append(whole_page(server, "/papers/muon/"))

        editor = threading.Thread(target=edit)
        editor.start()
        with ThreadPoolExecutor(max_workers=20) as pool:
            for future in [pool.submit(ask) for _ in range(20)]:
                future.result()
        editor.join()
        versions[3] = whole_page(server, "/papers/muon/")
        for k in (1, 2):  # the whole page of each version, asked for when nothing is building
            build = server.events[-1]["build"]
            set_version(k)
            server.wait_build(build, timeout=60)
            versions[k] = whole_page(server, "/papers/muon/")
    finally:
        server.stop()
    assert len(set(versions.values())) == 4
    assert len(seen) >= 200
    assert all(body in versions.values() for body in seen), "a mixed or truncated page was served"
    assert len(set(seen)) >= 3  # the requests really spanned the rebuilds


def test_a_rebuild_prints_only_new_diagnostics_and_what_was_resolved(kb: Path) -> None:
    (kb / "notes/ideas/stale.md").write_text("# Stale\n\n[[Nowhere]]\n")
    srv = Server(kb)
    try:
        build = srv.events[-1]["build"]
        note = kb / "notes/ideas/landscape.md"
        for i in range(3):  # saves that touch neither problem
            note.write_text(f"# Optimizer landscape\n\nVersion {i}.\n")
            build = srv.wait_build(build)["build"]
        (kb / "notes/ideas/typo.md").write_text("---\ntitle: Typo\ntilte: x\n---\nA typo.\n")
        build = srv.wait_build(build)["build"]
        (kb / "notes/ideas/stale.md").write_text("# Stale\n\nFixed.\n")
        srv.wait_build(build)
    finally:
        code, err = srv.stop()
    assert code == 0, err
    assert err.count("warning[broken-link]: [[Nowhere]] matches no entry") == 1, err
    assert err.count("notes/ideas/typo.md:3: warning[unknown-key]") == 1, err
    assert err.count("notebase: 1 warning resolved") == 1, err
    assert err.count("warnings; ") == 6  # a summary line after every build still


def relative_luminance(colour: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_the_overlay_sets_its_own_colours_on_every_element() -> None:
    """The page's theme styles `pre` (a light background in light mode): the overlay's text
    elements set both colours, which read at WCAG AAA contrast."""
    script = (Path(__file__).parents[1] / "src/notebase/live.js").read_text()
    background = re.search(r'var BACKGROUND = "(#[0-9a-f]{6})"', script)
    text = re.search(r'var TEXT = "(#[0-9a-f]{6})"', script)
    assert background and text
    darker, lighter = sorted((relative_luminance(background[1]), relative_luminance(text[1])))
    assert (lighter + 0.05) / (darker + 0.05) >= 7
    for element in ("box", "pre"):
        css = re.search(rf"{element}\.style\.cssText =(.*?);\n", script, re.S)
        assert css, element
        assert 'background:" + BACKGROUND' in css[1] and ';color:" + TEXT' in css[1], element
    assert re.search(r'title\.style\.cssText = "color:" \+ TEXT', script)


def test_a_page_is_told_of_its_own_changes_and_of_what_every_page_shows(tmp_path: Path) -> None:
    live = LiveSite(tmp_path)
    page, other = tmp_path / "a/index.html", tmp_path / "b/index.html"
    live.publish(True, (), ("a/index.html", "b/index.html", "assets/style.css"))
    assert live.page_version(page) == live.page_version(other) == 1
    live.publish(True, (), ("b/index.html", "feed.xml", "pagefind/s00/x.pf_index"))
    assert (live.page_version(page), live.page_version(other)) == (1, 2)  # a's tab: no reload
    live.preview(("a/index.html",))
    assert live.snapshot.settling and live.snapshot.build == 2 and live.page_version(page) == 3
    live.publish(True, (), ("assets/search.js",))  # a script every page loads: all reload
    assert live.page_version(page) == live.page_version(other) == 4
    assert not live.snapshot.settling
    assert live.page_version(None) == live.snapshot.site == 4  # no page: the site's version
