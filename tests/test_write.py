"""write.py: the site is swapped in whole; dangerous output folders are refused."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from notebase.builder.write import (
    MARKER_FILE,
    MARKER_TEXT,
    check_output_dir,
    list_site_files,
    site_identity,
    site_tree,
    swap_folder,
    update_site,
)
from notebase.diagnostics import FilePos, Severity
from notebase.files import (
    Staged,
    clean_rel,
    make_temp_folder,
    removals_later,
    safe_join,
    temp_folder,
    write_file,
)


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    (root / "notes").mkdir(parents=True)
    return root


def test_update_site_writes_every_file_and_a_marker(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"home", "a/b/index.html": b"deep"})
    assert tree(out) == {
        "index.html": b"home",
        "a/b/index.html": b"deep",
        MARKER_FILE: b"built by notebase\n",
    }


def test_a_second_write_replaces_the_whole_site(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"one", "stale/index.html": b"old"})
    update_site(out, {"index.html": b"two"})
    assert tree(out) == {"index.html": b"two", MARKER_FILE: b"built by notebase\n"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temp folders left


def test_write_file_replaces_a_file_s_bytes_and_makes_it_as_open_does(tmp_path: Path) -> None:
    longer, new, made_by_open = tmp_path / "longer", tmp_path / "new", tmp_path / "open"
    longer.write_bytes(b"x" * 100)
    write_file(longer, b"short")
    write_file(str(new), b"\x00" * 70_000)
    made_by_open.write_bytes(b"")
    assert longer.read_bytes() == b"short" and new.read_bytes() == b"\x00" * 70_000
    assert new.stat().st_mode == made_by_open.stat().st_mode


def test_safe_join_refuses_escaping_paths(tmp_path: Path) -> None:
    assert safe_join(tmp_path, "a/b.html") == (tmp_path / "a" / "b.html").resolve()
    for bad in ("../x.html", "a/../../x", "/etc/passwd", "a\x00b"):
        with pytest.raises(ValueError):
            safe_join(tmp_path, bad)


def test_clean_rel_refuses_by_its_words_any_path_that_could_leave_a_folder() -> None:
    assert clean_rel("a/b/index.html") == "a/b/index.html"
    for bad in ("../x.html", "a/../b", "/etc/passwd", "a//b", "./a", "a/", "a\x00b", "a\\..\\b"):
        with pytest.raises(ValueError):
            clean_rel(bad)


def test_update_site_refuses_an_escaping_path_and_keeps_the_old_site(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"good"})
    with pytest.raises(ValueError):
        update_site(out, {"index.html": b"bad", "../evil.html": b"x"})
    assert (out / "index.html").read_bytes() == b"good"
    assert not (tmp_path / "evil.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_fresh_or_own_output_folder_is_accepted(tmp_path: Path) -> None:
    root = kb(tmp_path)
    assert check_output_dir(root / "site", root) is None  # does not exist yet
    (root / "site").mkdir()
    assert check_output_dir(root / "site", root) is None  # empty
    update_site(root / "site", {"index.html": b"x"})
    assert check_output_dir(root / "site", root) is None  # made by notebase
    assert check_output_dir(tmp_path / "elsewhere" / "out", root) is None


@pytest.mark.parametrize(
    "choose",
    [
        lambda root: Path("/"),
        lambda root: Path.home(),
        lambda root: root,
        lambda root: root / "notes",
        lambda root: root / "notes" / "..",
        lambda root: root.parent,
    ],
    ids=["slash", "home", "root", "notes", "notes-dotdot", "parent-of-root"],
)
def test_dangerous_output_folders_are_refused(tmp_path: Path, choose: object) -> None:
    root = kb(tmp_path)
    out = choose(root)  # type: ignore[operator]
    diag = check_output_dir(out, root, force=True)
    assert diag is not None
    assert (diag.severity, diag.code) == (Severity.ERROR, "unsafe-out")
    assert "refusing" in diag.message


def test_a_non_empty_foreign_folder_needs_force(tmp_path: Path) -> None:
    root = kb(tmp_path)
    out = tmp_path / "docs"
    out.mkdir()
    (out / "precious.txt").write_text("keep me")
    diag = check_output_dir(out, root)
    assert diag is not None and diag.code == "unsafe-out"
    assert "--force" in diag.hint
    assert check_output_dir(out, root, force=True) is None


def test_a_file_is_not_an_output_folder(tmp_path: Path) -> None:
    root = kb(tmp_path)
    (tmp_path / "file").write_text("x")
    diag = check_output_dir(tmp_path / "file", root, force=True)
    assert diag is not None and diag.code == "unsafe-out"


def test_a_build_with_an_error_leaves_the_previous_site_untouched(tmp_path: Path) -> None:
    root = kb(tmp_path)
    out = root / "site"
    (root / "notes" / "a.md").write_text("# Alpha\n", encoding="utf-8")
    assert build_site(BuildOptions(root=root, out=out)).written
    before = tree(out)
    assert "a/index.html" in before
    (root / "notes" / "b.md").write_bytes(b"\0" * 64)  # a binary file among the notes
    result = build_site(BuildOptions(root=root, out=out))
    assert not result.written
    assert [d.code for d in result.diagnostics if d.is_error] == ["binary-file"]
    assert tree(out) == before


def test_a_refused_output_writes_nothing(tmp_path: Path) -> None:
    root = kb(tmp_path)
    (root / "notes" / "a.md").write_text("# Alpha\n", encoding="utf-8")
    before = tree(root)
    result = build_site(BuildOptions(root=root, out=root / "notes"))
    assert not result.written
    assert [d.code for d in result.diagnostics] == ["unsafe-out"]
    assert tree(root) == before


def test_a_few_changes_are_written_in_place(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"one", "a/index.html": b"a", "gone/x/index.html": b"x"})
    kept_inode, folder_inode = (out / "a/index.html").stat().st_ino, out.stat().st_ino
    change = {"index.html": b"two", "a/index.html": None, "new/index.html": b"n"}
    outcome = update_site(out, change, threading.Lock())  # a server's lock: few changes in place
    assert tree(out) == {
        "index.html": b"two",
        "a/index.html": b"a",
        "new/index.html": b"n",
        MARKER_FILE: b"built by notebase\n",
    }
    assert (out / "a/index.html").stat().st_ino == kept_inode  # not rewritten
    assert out.stat().st_ino == folder_inode  # the same folder: written in place
    assert not (out / "gone").exists()  # emptied folders go too
    assert outcome.written == ("index.html", "new/index.html")
    assert outcome.removed == ("gone/x/index.html",)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert not [p for p in out.rglob(".tmp-*")]


def test_many_changes_assemble_a_new_tree(tmp_path: Path) -> None:
    out = tmp_path / "site"
    pages = {f"p{i}/index.html": b"old" for i in range(100)}
    update_site(out, pages)
    marker_inode = (out / MARKER_FILE).stat().st_ino
    update_site(out, {rel: b"new" for rel in pages})
    assert (out / MARKER_FILE).stat().st_ino != marker_inode  # a new tree was swapped in
    assert tree(out) == {**{rel: b"new" for rel in pages}, MARKER_FILE: b"built by notebase\n"}


def stage(folder: Path, files: dict[str, bytes | None]) -> dict[str, bytes | Staged | None]:
    """The files, each one with bytes written to `folder` (as the renderer stages pages)."""
    staged: dict[str, bytes | Staged | None] = {}
    for i, (rel, data) in enumerate(files.items()):
        if data is not None:
            (folder / str(i)).write_bytes(data)
        staged[rel] = Staged(folder / str(i)) if data is not None else None
    return staged


def test_a_site_begun_while_the_build_goes_on_is_finished_with_the_files_made_later(
    tmp_path: Path,
) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"one", "a/index.html": b"a", "pagefind/x.js": b"old"})
    same_inode = (out / "a/index.html").stat().st_ino
    with temp_folder(out) as staging, site_tree(out) as new:
        pages = stage(staging, {"index.html": b"two", "a/index.html": None})
        new.begin(pages, list_site_files(out))
        assert (out / "index.html").read_bytes() == b"one"  # nothing swapped in yet
        later = {**pages, "pagefind/x.js": b"new"}  # the search index, made meanwhile
        outcome = update_site(out, later, existing=list_site_files(out), tree=new)
        assert sorted(p.name for p in staging.iterdir()) == ["0"]  # linked: Pagefind may read it
    assert tree(out) == {
        "index.html": b"two",
        "a/index.html": b"a",
        "pagefind/x.js": b"new",
        MARKER_FILE: MARKER_TEXT,
    }
    assert (out / "a/index.html").stat().st_ino == same_inode
    assert outcome.written == ("index.html", "pagefind/x.js")
    assert outcome.unchanged == ("a/index.html",)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # the old site deleted


def test_a_site_begun_but_not_finished_is_deleted_and_the_site_left_as_it_was(
    tmp_path: Path,
) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"one"})
    with site_tree(out) as new:  # a build with errors: never finished
        new.begin({"index.html": b"two"}, {"index.html"})
    assert tree(out) == {"index.html": b"one", MARKER_FILE: MARKER_TEXT}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


@pytest.mark.parametrize("lock", [None, threading.Lock()], ids=["swapped", "in-place"])
def test_staged_files_are_moved_into_the_site(tmp_path: Path, lock: Any) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"one", "a/index.html": b"a", "b/index.html": b"b"})
    same_inode = (out / "a/index.html").stat().st_ino
    with temp_folder(out) as staging:
        change = {"index.html": b"two", "a/index.html": b"a", "b/index.html": None}
        outcome = update_site(out, stage(staging, {**change, "c/index.html": b"c"}), lock)
        assert sorted(p.name for p in staging.iterdir()) == ["1"]  # the unchanged page's copy
    assert tree(out) == {
        "index.html": b"two",
        "a/index.html": b"a",
        "b/index.html": b"b",
        "c/index.html": b"c",
        MARKER_FILE: MARKER_TEXT,
    }
    assert (out / "a/index.html").stat().st_ino == same_inode  # equal bytes: the file is kept
    assert ((out / "c/index.html").stat().st_mode & 0o777) == 0o644
    assert outcome.written == ("c/index.html", "index.html")
    assert outcome.unchanged == ("a/index.html", "b/index.html")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # staging and temp gone


def test_a_staging_folder_is_deleted_even_when_the_build_fails(tmp_path: Path) -> None:
    out = tmp_path / "site"
    with pytest.raises(OSError), temp_folder(out) as staging:
        (staging / "0").write_bytes(b"page")
        raise OSError("disk full")
    assert staging.name.startswith(f".site.tmp-{os.getpid()}-")  # a killed build's is removed
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_the_moment_a_temporary_folder_is_made_leaves_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = Path.mkdir

    def mkdir_then_interrupt(self: Path, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        if self.name.startswith(".site.tmp-"):
            raise KeyboardInterrupt  # as SIGINT would, between the mkdir and the next line

    monkeypatch.setattr(Path, "mkdir", mkdir_then_interrupt)
    with pytest.raises(KeyboardInterrupt), temp_folder(tmp_path / "site"):
        pass
    assert list(tmp_path.iterdir()) == []


def test_swap_folder_replaces_a_folder_of_the_site_whole(tmp_path: Path) -> None:
    site, scratch = tmp_path / "site", tmp_path / "scratch"
    (site / "bundle/old").mkdir(parents=True)
    (site / "bundle/old/a.txt").write_text("old")
    (site / "page.html").write_text("page")
    (scratch / "bundle/new").mkdir(parents=True)
    (scratch / "bundle/new/b.txt").write_text("new")
    (site / MARKER_FILE).write_bytes(MARKER_TEXT)
    before = site_identity(site)
    swap_folder(scratch / "bundle", site, "bundle", nullcontext())
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()) == [
        ".notebase-site",
        "bundle/new/b.txt",
        "page.html",
    ]
    assert [p.name for p in scratch.iterdir()] == []  # the old folder is gone, not left beside
    assert site_identity(site) != before  # a site changed in place has a new marker
    swap_folder(scratch / "bundle", site, "bundle", nullcontext())  # nothing new: none at all
    assert sorted(p.name for p in site.iterdir()) == [".notebase-site", "page.html"]


def test_a_temporary_folder_lies_beside_the_output_and_is_named_for_its_process(
    tmp_path: Path,
) -> None:
    folder = make_temp_folder(tmp_path / "deep/site")  # the output's parent is made as needed
    assert folder.is_dir() and folder.parent == tmp_path / "deep"
    assert folder.name.startswith(f".site.tmp-{os.getpid()}-")


def test_swap_folder_leaves_no_folder_beside_the_site(tmp_path: Path) -> None:
    site, scratch = tmp_path / "site", tmp_path / "scratch"
    (site / "bundle").mkdir(parents=True)
    (site / MARKER_FILE).write_bytes(MARKER_TEXT)
    (scratch / "bundle").mkdir(parents=True)
    swap_folder(scratch / "bundle", site, "bundle", nullcontext())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scratch", "site"]


def test_without_a_server_even_a_small_change_swaps_in_a_whole_new_site(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"one", "a/index.html": b"a"})
    folder_inode = out.stat().st_ino
    update_site(out, {"index.html": b"two", "a/index.html": None})
    assert out.stat().st_ino != folder_inode  # a killed build could not leave half of it
    assert tree(out) == {"index.html": b"two", "a/index.html": b"a", MARKER_FILE: MARKER_TEXT}


def test_an_in_place_write_renews_the_site_identity(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"one", "a/index.html": b"a"})
    before = site_identity(out)
    update_site(out, {"index.html": b"two", "a/index.html": None}, threading.Lock())
    assert site_identity(out) not in ("", before)  # a state recorded before it is not trusted


def write_corpus(root: Path, count: int, version: str) -> None:
    """`count` linked, tagged notes, large enough that a build takes a moment to write."""
    (root / "notes").mkdir(parents=True, exist_ok=True)
    for i in range(count):
        tags = ", ".join(f"t{(i * k) % 37}" for k in (1, 3, 7))
        links = f"[[Note {(i + 1) % count}]] and [[Note {(i * 7) % count}]]"
        (root / "notes" / f"n{i:04d}.md").write_text(
            f"---\ntitle: Note {i}\ntags: [{tags}]\ndate: 2024-01-{i % 28 + 1:02d}\n---\n"
            + f"Body of note {i} ({version}), linking {links}.\n\n" * 20
            + "> A quote.\n> — Someone\n",
            encoding="utf-8",
        )


def temp_folders(root: Path, pid: int | str = "") -> list[Path]:
    """The temporary folders of builds into root/site (of process `pid` only, when given)."""
    return sorted(root.glob(f".site.tmp-{pid}*"))


def start_build(root: Path, *args: str, **popen: Any) -> subprocess.Popen[bytes]:
    """`notebase build` (or the command `args` give) in a subprocess, silent unless `popen` says."""
    cmd = [sys.executable, "-m", "notebase", "--root", str(root), *(args or ("build",))]
    streams: dict[str, Any] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    return subprocess.Popen(cmd, **{**streams, **popen})


def kill_when(proc: subprocess.Popen[bytes], root: Path, delay: float, on_temp: bool) -> bool:
    """SIGKILL the build `delay` seconds after it starts (or after its temporary folder appears);
    True when the temporary folder existed at the moment of the kill."""
    deadline = time.monotonic() + 60
    while on_temp and not temp_folders(root, f"{proc.pid}-") and proc.poll() is None:
        assert time.monotonic() < deadline, "the build never started writing"
        time.sleep(0.002)
    time.sleep(delay)
    mid_write = bool(temp_folders(root, f"{proc.pid}-"))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return mid_write and proc.returncode == -signal.SIGKILL


@pytest.mark.slow
def test_a_killed_build_leaves_a_whole_site_and_the_next_build_cleans_up(tmp_path: Path) -> None:
    root, other = tmp_path / "kb", tmp_path / "other"
    write_corpus(root, 200, "A")
    started = time.monotonic()
    assert start_build(root).wait(timeout=120) == 0
    seconds = time.monotonic() - started  # how long a build that rewrites every page takes
    write_corpus(other, 200, "B")
    assert build_site(BuildOptions(root=other, out=other / "site")).written
    sites = {"A": tree(root / "site"), "B": tree(other / "site")}
    kills = [(seconds * f, False) for f in (0.5, 0.8, 0.95)]
    kills += [(delay, True) for delay in (0.0, 0.01, 0.03, 0.06)]
    killed_mid_write = 0
    for delay, on_temp in kills:
        current = tree(root / "site")
        assert current in sites.values(), f"a half-written site after a kill at {delay:.2f}s"
        write_corpus(root, 200, "B" if current == sites["A"] else "A")  # always work to do
        killed_mid_write += kill_when(start_build(root), root, delay, on_temp)
    assert tree(root / "site") in sites.values()
    assert killed_mid_write >= 2  # the kills really landed while the new site was being written
    write_corpus(root, 200, "B")
    assert start_build(root).wait(timeout=120) == 0
    assert tree(root / "site") == sites["B"]
    assert temp_folders(root) == []  # the killed builds' leftovers are gone


@pytest.mark.parametrize("inside", ["notes/site", "templates/out", "static/site"])
def test_an_output_folder_inside_an_input_folder_is_refused(tmp_path: Path, inside: str) -> None:
    root = kb(tmp_path)
    diag = check_output_dir(root / inside, root, force=True)
    assert diag is not None and diag.code == "unsafe-out"


def test_a_folder_holding_the_home_folder_is_refused(tmp_path: Path) -> None:
    root = kb(tmp_path)
    diag = check_output_dir(Path.home().parent, root, force=True)
    assert diag is not None and diag.code == "unsafe-out"


def test_leftovers_of_dead_builds_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"one"})
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / f".site.tmp-{dead.pid}-abc").mkdir()
    (tmp_path / f".site.tmp-{dead.pid}-abc" / "index.html").write_bytes(b"half")
    (tmp_path / f".site.tmp-{os.getpid()}-live").mkdir()  # a build still running
    (tmp_path / ".other.tmp-1-x").mkdir()  # another output folder's
    update_site(out, {"index.html": b"two"})
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [".other.tmp-1-x", f".site.tmp-{os.getpid()}-live", "site"]


def test_a_site_set_aside_by_a_build_killed_mid_swap_is_put_back(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"old", "a/index.html": b"a"})
    inode = (out / "index.html").stat().st_ino
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    os.replace(out, tmp_path / f".site.tmp-{dead.pid}-xyz-old")  # killed between two renames
    update_site(out, {"index.html": b"old", "a/index.html": b"a"})
    assert (out / "index.html").stat().st_ino == inode  # the very same site, not a new one
    assert tree(out) == {
        "index.html": b"old",
        "a/index.html": b"a",
        MARKER_FILE: b"built by notebase\n",
    }
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_refused_output_is_told_before_any_note_is_read(tmp_path: Path) -> None:
    root = kb(tmp_path)
    (root / "notes" / "a.md").write_text("# Alpha\n", encoding="utf-8")
    result = build_site(BuildOptions(root=root, out=Path("/")))
    assert [d.code for d in result.diagnostics] == ["unsafe-out"]
    assert (result.parsed, result.entries, result.pages) == (0, 0, 0)


@pytest.mark.parametrize("name", ["loop", "x" * 300])
def test_an_output_the_file_system_cannot_look_into_is_a_diagnostic(
    tmp_path: Path, name: str
) -> None:
    root = kb(tmp_path)
    (root / "notes" / "a.md").write_text("# Alpha\n", encoding="utf-8")
    out = tmp_path / name
    if name == "loop":
        out.symlink_to(out)
    result = build_site(BuildOptions(root=root, out=out))
    assert not result.written
    assert [(d.code, d.pos) for d in result.diagnostics if d.is_error] == [
        ("write-failed" if name == "loop" else "unsafe-out", FilePos(str(out)))
    ]


@pytest.mark.parametrize("rm", ["rm", "false"], ids=["removed-by-rm", "rm-failed"])
def test_an_old_site_removed_later_is_gone_when_the_build_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rm: str
) -> None:
    import shutil

    out, work = tmp_path / "kb" / "site", tmp_path / "work"
    work.mkdir()
    pages = {f"p{i}/index.html": b"old" for i in range(50)}
    update_site(out, pages)
    found = shutil.which(rm)
    assert found is not None
    # an rm that starts only once the test has looked (else it may be done before)
    command = work / "held-rm"
    command.write_text(
        f'#!/bin/sh\nwhile [ ! -e "{work}/go" ]; do sleep 0.01; done\nexec {found} "$@"\n'
    )
    command.chmod(0o755)
    monkeypatch.setattr(shutil, "which", lambda name: str(command) if name == "rm" else None)
    with removals_later():
        update_site(out, {rel: b"new" for rel in pages})
        assert tree(out) == {**{rel: b"new" for rel in pages}, MARKER_FILE: MARKER_TEXT}
        beside = [p / "p0/index.html" for p in out.parent.iterdir() if p != out]
        old = [page.read_bytes() for page in beside if page.is_file()]
        assert old == [b"old"]  # the old site, beside the new one, being deleted
        (work / "go").touch()
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]  # none left, whatever rm did


def test_an_old_site_that_no_process_can_delete_is_deleted_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_process(*args: object, **kwargs: object) -> None:
        raise OSError("no more processes")

    out = tmp_path / "site"
    update_site(out, {"index.html": b"old"})
    monkeypatch.setattr(subprocess, "Popen", no_process)
    with removals_later():
        update_site(out, {"index.html": b"new"})  # the new site in place: no failure
    assert tree(out) == {"index.html": b"new", MARKER_FILE: MARKER_TEXT}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
