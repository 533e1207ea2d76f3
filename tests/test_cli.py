"""The CLI end to end: `python -m notebase` in a subprocess on temporary knowledge bases."""

from __future__ import annotations

import gc
import io
import json
import os
import pty
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from notebase import cli
from notebase.cli import main, progress_bar
from tests.test_write import start_build, temp_folders, write_corpus

NOTES = {
    "notebase.yaml": "title: Test notes\n",
    "notes/papers/muon.md": (
        "---\ntitle: Muon optimizer\nurl: https://arxiv.org/abs/2502.16982\ndate: 2025-06-03\n"
        "tags: [optimizers, ML]\ncategory: papers\naliases: [Muon]\n---\n"
        "Compare [[Shampoo]].\n"
    ),
    "notes/papers/shampoo.md": (
        "---\ntitle: Shampoo\narxiv: 1802.09568\ndate: 2025-05-20\ntags: optimizers\n---\n"
        "Later: [[Muon]].\n"
    ),
}


def write_files(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    return root


def notebase(
    *args: str | Path, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "notebase", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    return write_files(tmp_path / "kb", NOTES)


@pytest.mark.parametrize("command", [[], ["build"], ["check"], ["import"]])
def test_help(command: list[str], tmp_path: Path) -> None:
    result = notebase(*command, "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: notebase")
    assert " ".join(["notebase", *command]) in result.stdout.splitlines()[0]


def test_version(tmp_path: Path) -> None:
    result = notebase("--version", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("notebase ")


def test_build_exit_0_writes_the_site(kb: Path) -> None:
    result = notebase("build", cwd=kb)
    assert result.returncode == 0, result.stderr
    assert "0 errors" in result.stderr
    for rel in ["index.html", "papers/muon/index.html", "tags/ml/index.html", "feed.xml"]:
        assert (kb / "site" / rel).is_file(), rel


def test_build_with_jobs_writes_the_same_site(kb: Path) -> None:
    assert notebase("build", "--jobs", "1", cwd=kb).returncode == 0
    serial = tree(kb / "site")
    result = notebase("build", "--out", "site2", "-j", "2", cwd=kb)
    assert result.returncode == 0, result.stderr
    assert tree(kb / "site2") == serial


def test_content_error_exits_1_names_file_and_line_and_keeps_the_site(kb: Path) -> None:
    assert notebase("build", cwd=kb).returncode == 0
    before = tree(kb / "site")
    write_files(kb, {"notes/x.md": "---\ntitle: Broken\nslug: '!!!'\n---\nbody\n"})
    result = notebase("build", cwd=kb)
    assert result.returncode == 1
    assert "notes/x.md:" in result.stderr
    line = next(ln for ln in result.stderr.splitlines() if ln.startswith("notes/x.md:"))
    assert line.split(":")[1] == "3"
    assert "error[bad-slug]" in line
    assert "site not written" in result.stderr
    assert tree(kb / "site") == before


def test_field_type_warning_names_its_line_and_the_site_is_written(kb: Path) -> None:
    write_files(kb, {"notes/y.md": "---\ntitle: Y\ndate: yesterday\n---\n"})
    result = notebase("build", cwd=kb)
    assert result.returncode == 0
    assert "notes/y.md:3: warning[field-type]: `date` must be a date" in result.stderr
    assert (kb / "site" / "y" / "index.html").is_file()


@pytest.mark.parametrize(
    "args",
    [
        ["build", "--no-such-option"],
        [],
        ["frobnicate"],
        ["check", "--format", "xml"],
        ["import"],
        ["build", "--jobs", "0"],
        ["build", "-j", "two"],
        ["serve", "--port", "99999"],
        ["serve", "--port", "-1"],
    ],
    ids=[
        "unknown-option",
        "no-command",
        "unknown-command",
        "bad-choice",
        "missing-file",
        "zero-jobs",
        "jobs-not-a-number",
        "port-too-high",
        "port-negative",
    ],
)
def test_usage_error_exits_2(kb: Path, args: list[str]) -> None:
    result = notebase(*args, cwd=kb)
    assert result.returncode == 2
    assert "usage:" in result.stderr
    assert not (kb / "site").exists()


def test_a_root_that_is_not_a_folder_exits_2(tmp_path: Path) -> None:
    result = notebase("--root", tmp_path / "missing", "build", cwd=tmp_path)
    assert result.returncode == 2
    assert "not a folder" in result.stderr


def test_root_from_another_folder(kb: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = notebase("--root", kb, "build", cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    assert (kb / "site" / "papers" / "muon" / "index.html").is_file()
    assert list(elsewhere.iterdir()) == []


def test_root_is_accepted_after_every_command(kb: Path, tmp_path: Path) -> None:
    result = notebase("new", "--root", kb, "A new idea", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (kb / "notes" / "notes" / "a-new-idea.md").is_file()
    result = notebase("serve", "--root", tmp_path / "missing", cwd=tmp_path)
    assert result.returncode == 2
    assert "--root" in result.stderr and "is not a folder" in result.stderr


def test_an_out_folder_that_cannot_be_made_is_a_diagnostic(kb: Path) -> None:
    (kb / "taken").write_text("a file, not a folder\n", encoding="utf-8")
    result = notebase("build", "--out", "taken/site", cwd=kb)
    assert result.returncode == 1
    assert "taken/site: error[write-failed]: cannot write the site: " in result.stderr
    assert "hint: make the output folder and the folder holding it writable" in result.stderr
    assert "Traceback" not in result.stderr


LONG_NAME = "a" * 300  # longer than a file name may be (255 bytes)


def test_a_name_the_file_system_refuses_is_a_diagnostic(kb: Path) -> None:
    result = notebase("--root", LONG_NAME, "build", cwd=kb)
    assert result.returncode == 1
    said, hint = result.stderr.splitlines()
    assert said.endswith(f"{LONG_NAME}: error[file-system]: File name too long")
    assert hint == "  hint: check that the folder exists, is a folder, and can be written"
    assert not (kb / "site").exists()


def test_an_out_name_the_file_system_refuses_is_a_diagnostic(kb: Path) -> None:
    result = notebase("build", "--out", LONG_NAME, cwd=kb)
    assert result.returncode == 1
    said, hint, _ = result.stderr.splitlines()
    message = f"cannot use {LONG_NAME} as the output folder: File name too long"
    assert said == f"{LONG_NAME}: error[unsafe-out]: {message}"
    assert hint == "  hint: choose another --out"
    assert not (kb / "site").exists()


def test_out(kb: Path, tmp_path: Path) -> None:
    out = tmp_path / "public"
    result = notebase("build", "--out", out, cwd=kb)
    assert result.returncode == 0, result.stderr
    assert (out / "papers" / "shampoo" / "index.html").is_file()
    assert not (kb / "site").exists()


def test_out_refuses_the_notes_folder(kb: Path) -> None:
    before = tree(kb)
    result = notebase("build", "--out", "notes", cwd=kb)
    assert result.returncode == 1
    assert "unsafe-out" in result.stderr
    notes = {k: v for k, v in tree(kb).items() if not k.startswith(".notebase-cache/")}
    assert notes == before


@pytest.mark.parametrize(
    "out",
    ["/", "~", ".", "..", "notes", "notes/site", "templates/site", "static"],
    ids=["slash", "home", "root", "parent", "notes", "in-notes", "in-templates", "static"],
)
def test_out_refuses_dangerous_folders_even_with_force(kb: Path, out: str) -> None:
    (kb / "static").mkdir()
    before = tree(kb.parent)
    target = str(Path(out).expanduser())
    result = notebase("build", "--out", target, "--force", cwd=kb)
    assert result.returncode == 1, result.stderr
    assert "error[unsafe-out]: refusing to write the site into" in result.stderr
    assert "hint: choose a folder of its own, such as site/" in result.stderr
    after = {k: v for k, v in tree(kb.parent).items() if not k.startswith("kb/.notebase-cache/")}
    assert after == before


def test_out_refuses_a_foreign_folder_unless_forced(kb: Path, tmp_path: Path) -> None:
    out = tmp_path / "docs"
    write_files(out, {"keep.txt": "mine"})
    result = notebase("build", "--out", out, cwd=kb)
    assert result.returncode == 1
    assert "--force" in result.stderr
    assert tree(out) == {"keep.txt": b"mine"}
    assert notebase("build", "--out", out, "--force", cwd=kb).returncode == 0
    assert (out / "index.html").is_file()


def test_drafts(kb: Path) -> None:
    write_files(
        kb, {"notes/ideas/wip.md": "---\ntitle: Work in progress\ndraft: true\n---\nSoon.\n"}
    )
    assert notebase("build", cwd=kb).returncode == 0
    assert not (kb / "site" / "ideas" / "wip").exists()
    assert "Work in progress" not in (kb / "site" / "index.html").read_text(encoding="utf-8")
    assert notebase("build", "--drafts", cwd=kb).returncode == 0
    assert (kb / "site" / "ideas" / "wip" / "index.html").is_file()
    assert "Work in progress" in (kb / "site" / "index.html").read_text(encoding="utf-8")


def test_strict_fails_on_warnings(kb: Path) -> None:
    write_files(kb, {"notes/z.md": "# Z\n\nSee [[Shampo]].\n"})
    relaxed = notebase("build", cwd=kb)
    assert relaxed.returncode == 0
    assert "notes/z.md:3: warning[broken-link]: [[Shampo]] matches no entry" in relaxed.stderr
    before = tree(kb / "site")
    write_files(kb, {"notes/z2.md": "# Z2\n"})
    strict = notebase("build", "--strict", cwd=kb)
    assert strict.returncode == 1
    assert "warning[broken-link]" in strict.stderr
    assert tree(kb / "site") == before


def test_the_program_flushes_what_it_prints_before_it_ends_at_once(kb: Path) -> None:
    """Its output to a pipe is buffered when PYTHONUNBUFFERED is not set: ending without the
    interpreter's teardown must not lose it."""
    write_files(kb, {"notes/z.md": "# Z\n\n[[Nowhere]]\n"})
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    for _ in range(2):  # the cold check, then the warm one
        report = subprocess.run(
            [sys.executable, "-m", "notebase", "check", "--format", "json"],
            cwd=kb,
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        assert report.returncode == 0, report.stderr
        assert "broken-link" in {row["code"] for row in json.loads(report.stdout)}
        assert report.stderr.startswith("notebase: 3 entries")


def test_the_program_ends_as_usual_while_another_thread_runs(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A thread still at work (a server's) is waited for: only a lone thread ends at once."""
    ended: list[int] = []
    monkeypatch.setattr(os, "_exit", ended.append)
    release = threading.Event()
    worker = threading.Thread(target=release.wait)

    def command(exiting: bool) -> int:
        worker.start()
        return 3

    monkeypatch.setattr(cli, "main", command)
    with pytest.raises(SystemExit) as stopped:
        cli.run()
    release.set()
    worker.join()
    assert stopped.value.code == 3 and ended == []
    monkeypatch.setattr(cli, "main", lambda exiting: 4)
    monkeypatch.setattr(
        threading, "active_count", lambda: 1
    )  # this thread alone (pytest's own aside)
    with pytest.raises(SystemExit):  # (os._exit is patched: the program goes on past it)
        cli.run()
    assert ended == [4]


@pytest.mark.parametrize(
    ("command", "exiting", "collecting"),
    [
        (["build"], True, False),
        (["check"], True, False),
        (["build"], False, True),
        (["import", "--dry-run", "notes/papers/muon.md"], True, True),
    ],
)
def test_only_a_process_ending_with_its_build_leaves_the_collector_off(
    kb: Path, command: list[str], exiting: bool, collecting: bool
) -> None:
    assert gc.isenabled()
    try:
        main(["--root", str(kb), *command], exiting=exiting)
        assert gc.isenabled() is collecting
    finally:
        gc.enable()


def test_check_exit_codes_and_json(kb: Path) -> None:
    ok = notebase("check", cwd=kb)
    assert ok.returncode == 0, ok.stderr
    assert not (kb / "site").exists()
    write_files(kb, {"notes/z.md": "# Z\n\n[[Nowhere]]\n"})
    assert notebase("check", cwd=kb).returncode == 0
    assert notebase("check", "--strict", cwd=kb).returncode == 1
    report = notebase("check", "--format", "json", cwd=kb)
    rows = [r for r in json.loads(report.stdout) if r["code"] != "paper-no-tldr"]
    assert rows == [
        {
            "file": "notes/z.md",
            "line": 3,
            "severity": "warning",
            "code": "broken-link",
            "message": "[[Nowhere]] matches no entry",
            "hint": "create the note, or fix the link",
        }
    ]
    write_files(kb, {"notes/bad.md": "---\ntitle: [\n---\n"})  # not YAML: built without it
    assert notebase("check", cwd=kb).returncode == 0
    assert notebase("check", "--strict", cwd=kb).returncode == 1
    write_files(kb, {"notes/bad.md": "\0" * 64})  # a binary file: an error
    assert notebase("check", cwd=kb).returncode == 1
    assert not (kb / "site").exists()


def test_a_new_note_appears_with_its_tags_category_and_cross_links(kb: Path) -> None:
    assert notebase("build", cwd=kb).returncode == 0
    write_files(
        kb,
        {
            "notes/links/new-post.md": (
                "---\ntitle: A brand new post\nurl: https://example.com/post\ndate: 2025-07-01\n"
                "tags: [Fresh Ideas, optimizers]\ncategory: links-and-recs\n---\n"
                "Builds on [[Muon optimizer]] and [shampoo](../papers/shampoo.md).\n"
            )
        },
    )
    result = notebase("build", cwd=kb)
    assert result.returncode == 0, result.stderr
    site = kb / "site"
    page = (site / "links" / "new-post" / "index.html").read_text(encoding="utf-8")
    assert '<h1 data-pagefind-meta="title">A brand new post</h1>' in page
    assert 'href="../../tags/fresh-ideas/index.html"' in page
    assert 'href="../../categories/links-and-recs/index.html"' in page
    assert 'href="../../papers/muon/index.html"' in page
    assert 'href="../../papers/shampoo/index.html"' in page
    muon = (site / "papers" / "muon" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../links/new-post/index.html">A brand new post</a>' in muon  # backlink
    tag = (site / "tags" / "fresh-ideas" / "index.html").read_text(encoding="utf-8")
    assert "A brand new post" in tag
    assert "A brand new post" in (site / "tags" / "optimizers" / "index.html").read_text("utf-8")
    assert "A brand new post" in (site / "categories" / "links-and-recs" / "index.html").read_text(
        "utf-8"
    )
    assert "A brand new post" in (site / "index.html").read_text(encoding="utf-8")
    assert (site / "tags" / "fresh-ideas" / "feed.xml").is_file()


def test_a_removed_note_disappears(kb: Path) -> None:
    assert notebase("build", cwd=kb).returncode == 0
    (kb / "notes" / "papers" / "shampoo.md").unlink()
    assert notebase("build", cwd=kb).returncode == 0
    assert not (kb / "site" / "papers" / "shampoo").exists()


def test_the_build_is_deterministic(kb: Path, tmp_path: Path) -> None:
    first = notebase("build", "--out", tmp_path / "one", cwd=kb, env={"PYTHONHASHSEED": "1"})
    second = notebase("build", "--out", tmp_path / "two", cwd=kb, env={"PYTHONHASHSEED": "2"})
    assert first.returncode == second.returncode == 0
    one, two = tree(tmp_path / "one"), tree(tmp_path / "two")
    assert sorted(one) == sorted(two)
    assert [rel for rel in one if one[rel] != two[rel]] == []


@pytest.mark.parametrize(
    ("archive", "code", "message", "status"),
    [
        (b"", "../in/a.txt: warning[import-empty]", "archive is empty: nothing imported", 0),
        (b"\x00\x01\x02binary", "../in/a.txt: error[import-binary]", "contains NUL bytes", 1),
        (b"caf\xe9\n", "../in/a.txt: error[import-binary]", "not UTF-8 text (byte 3)", 1),
        (b"Tag: ml\n\n", "../in/a.txt:1: warning[import-no-posts]", "nothing imported", 0),
        (
            "Tag: ml\n\n  • A post with no text at all\n  • Another post\n\n    Text.\n".encode(),
            "../in/a.txt:3: warning[import-empty-post]",
            "post 'A post with no text at all' has no text: no note written for it",
            0,
        ),
    ],
    ids=["empty", "binary", "not-utf8", "no-posts", "post-without-body"],
)
def test_import_of_bad_archives_says_why(
    kb: Path, archive: bytes, code: str, message: str, status: int
) -> None:
    (kb.parent / "in").mkdir()
    (kb.parent / "in" / "a.txt").write_bytes(archive)
    result = notebase("import", "../in/a.txt", cwd=kb)
    assert result.returncode == status, result.stderr
    assert f"{code}: " in result.stderr and message in result.stderr
    assert "Traceback" not in result.stderr


def test_import_into_a_file_says_why(kb: Path) -> None:
    archive = kb.parent / "a.txt"
    archive.write_text("Tag: ml\n\n  • One post\n\n    Text.\n", encoding="utf-8")
    (kb / "taken").write_text("a file, not a folder\n", encoding="utf-8")
    result = notebase("import", archive, "--into", "taken/notes", cwd=kb)
    assert result.returncode == 1
    assert (
        "taken/notes/one-post.md: error[import-unwritable]: cannot write note: "
        "Not a directory; 1 note(s) not written"
    ) in result.stderr
    assert "Traceback" not in result.stderr


def test_import_dry_run_prints_the_cut_and_writes_nothing(kb: Path) -> None:
    archive = kb.parent / "a.txt"
    archive.write_text("Tag: ml\n\n  • One post\n\n    Text.\n", encoding="utf-8")
    before = sorted(p.relative_to(kb) for p in kb.rglob("*"))
    result = notebase("import", archive, "--dry-run", cwd=kb)
    assert result.returncode == 0, result.stderr
    assert "- Lines 3–5: **One post** (note)" in result.stdout
    assert "would import 1 file(s): 1 note(s) to write" in result.stderr
    assert sorted(p.relative_to(kb) for p in kb.rglob("*")) == before


def test_import_never_overwrites_an_edited_note(kb: Path) -> None:
    archive = kb.parent / "a.txt"
    archive.write_text(
        "Tag: ml\n\n  • A post to be edited\n\n    Original text.\n", encoding="utf-8"
    )
    assert notebase("import", archive, cwd=kb).returncode == 0
    note = kb / "notes/imported/a-post-to-be-edited.md"
    edited = note.read_text(encoding="utf-8").replace("Original text.", "My own words.")
    note.write_text(edited, encoding="utf-8")
    archive.write_text(archive.read_text(encoding="utf-8") + "    More text.\n", encoding="utf-8")
    result = notebase("import", archive, cwd=kb)
    assert result.returncode == 0, result.stderr
    assert (
        "notes/imported/a-post-to-be-edited.md:1: warning[import-kept-edited]: "
        "notes/imported/a-post-to-be-edited.md was edited since it was imported: left unchanged"
    ) in result.stderr
    assert "hint: delete the file to import the post again" in result.stderr
    assert "0 note(s) written, 0 unchanged, 1 kept (edited by hand)" in result.stderr
    assert note.read_text(encoding="utf-8") == edited


@pytest.mark.slow
def test_import_of_ten_thousand_posts(kb: Path) -> None:
    lines = ["Category: bulk", ""]
    for i in range(10_000):
        lines += [
            f"  • Bulk post number {i}",
            "",
            f"    Text of post {i}, see Bulk post number {i + 1}.",
            "",
        ]
    archive = kb.parent / "bulk.txt"
    archive.write_text("\n".join(lines), encoding="utf-8")
    result = notebase("import", archive, cwd=kb)
    assert result.returncode == 0, result.stderr
    assert "imported 1 file(s): 10000 note(s) written, 0 unchanged, 0 kept" in result.stderr
    notes = sorted(p for p in (kb / "notes/imported").glob("*.md") if not p.name.startswith("_"))
    assert len(notes) == 10_000
    text = (kb / "notes/imported/bulk-post-number-41.md").read_text(encoding="utf-8")
    assert "Text of post 41, see [[Bulk post number 42]].\n" in text
    assert "category: bulk\n" in text


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_draws_on_a_terminal_and_clears_itself() -> None:
    stream = FakeTerminal()
    show = progress_bar(stream)
    assert show is not None
    show("parsing", 1, 4)
    show("parsing", 4, 4)
    text = stream.getvalue()
    assert "parsing [#######......................." in text  # 1/4 of 30 columns
    assert "parsing [##############################] 4/4" in text
    assert text.endswith("\r\x1b[K")  # the finished bar is wiped, the summary line stays alone


def test_no_progress_bar_when_output_is_not_a_terminal() -> None:
    assert progress_bar(io.StringIO()) is None


def test_a_build_in_a_pipe_prints_only_its_summary(kb: Path) -> None:
    done = notebase("build", cwd=kb)
    assert done.returncode == 0
    assert "\r" not in done.stderr and "[#" not in done.stderr
    assert done.stderr.startswith("notebase: ")


def test_a_build_on_a_terminal_shows_its_stages(kb: Path) -> None:
    """Through a pseudo-terminal, as a person at a shell sees it."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the CLI with the pty as its terminal
        os.execv(sys.executable, [sys.executable, "-m", "notebase", "--root", str(kb), "build"])
    out = read_to_end(fd).decode("utf-8", "replace")
    os.waitpid(pid, 0)
    assert "rendering [" in out and "parsing [" in out
    assert "notebase: " in out


def read_to_end(fd: int) -> bytes:
    """All a pseudo-terminal shows until its program ends."""
    chunks = []
    while True:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    return b"".join(chunks)


# --- Ctrl-C ---------------------------------------------------------------------------------------


def children(pid: int) -> list[int]:
    """The processes `pid` started that still run (Linux)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def interrupt(
    proc: subprocess.Popen[bytes], ready: Callable[[], object]
) -> tuple[int, str, list[int]]:
    """Ctrl-C as a terminal sends it (SIGINT to the whole process group) once `ready()`; the exit
    status, what the command said, and the processes it had started then."""
    deadline = time.monotonic() + 60
    while not ready():
        assert proc.poll() is None, "the command ended before it could be interrupted"
        assert time.monotonic() < deadline, "the command never got ready"
        time.sleep(0.002)
    started = children(proc.pid)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    return proc.returncode, err.decode(), started


@pytest.mark.parametrize("command", ["build", "check"])
def test_ctrl_c_while_parsing_stops_the_workers_and_says_one_line(
    tmp_path: Path, command: str
) -> None:
    root = tmp_path / "kb"
    write_corpus(root, 400, "A")
    # --jobs 3: the build's own process and two forked workers parse
    proc = start_build(root, command, "--jobs", "3", stderr=subprocess.PIPE, start_new_session=True)
    code, err, workers = interrupt(proc, lambda: len(children(proc.pid)) >= 2)
    assert (code, err) == (130, "notebase: interrupted\n")  # from none of the workers either
    assert len(workers) == 2 and not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
    assert not (root / "site").exists() and temp_folders(root) == []


def test_ctrl_c_while_writing_leaves_a_whole_site_and_no_temporary_folder(tmp_path: Path) -> None:
    root = tmp_path / "kb"
    write_corpus(root, 300, "A")
    assert start_build(root).wait(timeout=120) == 0
    before = tree(root / "site")
    write_corpus(root, 300, "B")
    proc = start_build(root, stderr=subprocess.PIPE, start_new_session=True)
    code, err, _ = interrupt(proc, lambda: temp_folders(root, f"{proc.pid}-"))
    assert (code, err) == (130, "notebase: interrupted\n")
    assert temp_folders(root) == []
    after = tree(root / "site")  # the old site, or (when Ctrl-C came after the swap) the new one
    pages = [f"n{i:04d}/index.html" for i in range(300)]
    assert after == before or all(b"(B)" in after[page] for page in pages)


def test_ctrl_c_on_a_terminal_wipes_the_progress_bar(tmp_path: Path) -> None:
    root = tmp_path / "kb"
    write_corpus(root, 400, "A")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the CLI with the pty as its terminal
        os.execv(sys.executable, [sys.executable, "-m", "notebase", "--root", str(root), "build"])
    said = b""
    while b"parsing [" not in said:
        said += os.read(fd, 4096)
    os.write(fd, b"\x03")  # Ctrl-C: the terminal sends SIGINT to the build and its workers
    said += read_to_end(fd)
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 130
    assert said.endswith(b"\r\x1b[Knotebase: interrupted\r\n") and b"Traceback" not in said


def test_ctrl_c_during_an_import_says_one_line(
    kb: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("notebase.importers.import_files", interrupted)
    (kb / "a.txt").write_text("Tag: ml\n\n  • One post\n\n    Text.\n", encoding="utf-8")
    assert main(["--root", str(kb), "import", str(kb / "a.txt")]) == 130
    assert capsys.readouterr() == ("", "notebase: interrupted\n")
