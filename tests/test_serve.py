"""`notebase serve` end to end: rebuild on save, reload events, error overlay, safe paths, clean exit."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servehelp import Server, wait_until


@pytest.fixture
def server(kb: Path) -> Iterator[Server]:
    srv = Server(kb)
    yield srv
    srv.stop()


def test_a_saved_note_changes_the_page_and_sends_a_reload(server: Server, kb: Path) -> None:
    first = server.events[-1]
    assert first["ok"] and "live.js" in server.get("/papers/muon/")[1]
    note = kb / "notes/papers/muon.md"
    note.write_text(note.read_text().replace("nearest", "closest"))
    event = server.wait_build(first["build"])
    assert event["ok"] and event["site"] == first["site"] + 1
    assert "closest" in server.get("/papers/muon/")[1]


def test_a_broken_note_shows_its_error_until_fixed(server: Server, kb: Path) -> None:
    before = server.events[-1]
    good_page = server.get("/papers/muon/")[1]
    bad = kb / "notes/papers/bad.md"
    bad.write_text("---\ntitle: Bad\n")
    event = server.wait_build(before["build"])
    assert not event["ok"]
    assert any(
        line.startswith("notes/papers/bad.md:1: error[frontmatter-unterminated]")
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
    (kb / "notes/papers/sentinel.md").write_text("# Sentinel\n")
    event = server.wait_build(start)
    assert event["build"] == start + 1 and event["ok"]
    assert server.get("/papers/sentinel/")[0] == 200


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
