"""inputs.py: what a build reads, read once; a note whose stamp is unchanged is not read again."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from notebase.builder.inputs import discover_changes
from notebase.reading.discover import list_note_files
from tests.test_discover import put


def test_a_note_whose_stamp_is_unchanged_is_not_read_again(tmp_path: Path) -> None:
    put(tmp_path, "old.md", b"old\n")
    put(tmp_path, "new.md", b"new\n")
    long_ago = 1_000_000_000_000_000_000  # 2001
    os.utime(tmp_path / "notes/old.md", ns=(long_ago, long_ago))
    first = discover_changes(tmp_path, {}, 0)
    assert [s.rel_path for s in first.read] == ["new.md", "old.md"]
    second = discover_changes(tmp_path, first.stamps, first.started_ns)
    # new.md was written just before the first scan: too recent to trust its stamp
    assert [s.rel_path for s in second.read] == ["new.md"]
    assert (
        second.notes
        == first.notes
        == (
            ("new.md", hashlib.sha256(b"new\n").hexdigest()),
            ("old.md", hashlib.sha256(b"old\n").hexdigest()),
        )
    )


def test_a_same_size_edit_that_keeps_the_mtime_is_still_seen_when_recent(tmp_path: Path) -> None:
    put(tmp_path, "a.md", b"one\n")
    first = discover_changes(tmp_path, {}, 0)
    stamp = os.stat(tmp_path / "notes/a.md")
    put(tmp_path, "a.md", b"two\n")
    os.utime(tmp_path / "notes/a.md", ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    second = discover_changes(tmp_path, first.stamps, first.started_ns)
    assert [s.text for s in second.read] == ["two\n"]


def test_a_changed_or_removed_note_is_seen(tmp_path: Path) -> None:
    long_ago = 1_000_000_000_000_000_000
    for rel in ("a.md", "b.md"):
        put(tmp_path, rel, b"text\n")
        os.utime(tmp_path / "notes" / rel, ns=(long_ago, long_ago))
    first = discover_changes(tmp_path, {}, 0)
    put(tmp_path, "a.md", b"longer text\n")
    os.utime(tmp_path / "notes/a.md", ns=(long_ago, long_ago))  # same mtime, other size
    (tmp_path / "notes/b.md").unlink()
    second = discover_changes(tmp_path, first.stamps, first.started_ns)
    assert [s.text for s in second.read] == ["longer text\n"]
    assert [rel for rel, _ in second.notes] == ["a.md"] and set(second.stamps) == {"a.md"}


def test_files_that_are_no_notes_are_listed_with_their_stamp(tmp_path: Path) -> None:
    put(tmp_path, "a.md", b"![[x.png]]\n")
    put(tmp_path, "img/x.png", b"png bytes")
    put(tmp_path, "_attachments/y.png", b"an image")  # a vault's attachments folder
    put(tmp_path, "_attachments/n.md", b"no note")
    put(tmp_path, ".obsidian/z.json", b"{}")
    found = discover_changes(tmp_path, {}, 0)
    stat = os.stat(tmp_path / "notes/img/x.png")
    beside = os.stat(tmp_path / "notes/_attachments/y.png")
    assert found.files == (
        ("_attachments/y.png", 8, beside.st_mtime_ns),
        ("img/x.png", 9, stat.st_mtime_ns),
    )
    assert [rel for rel, _ in found.notes] == ["a.md"]
    assert list_note_files(tmp_path / "notes") == ("a.md",)


def test_a_drawing_kept_as_a_plain_markdown_file_is_no_note(tmp_path: Path) -> None:
    """The Excalidraw plugin's drawing named `Chain.md` (its front matter says so) is among the
    other files, in every scan (it is read each time: no stamp of a note is kept for it)."""
    drawing = b"---\nexcalidraw-plugin: parsed\n---\n# Text Elements\nA ^x\n"
    put(tmp_path, "Excalidraw/Chain.md", drawing)
    put(tmp_path, "note.md", b"![[Chain]]\n")
    first = discover_changes(tmp_path, {}, 0)
    second = discover_changes(tmp_path, first.stamps, first.started_ns)
    for found in (first, second):
        assert [rel for rel, _ in found.notes] == ["note.md"]
        assert [rel for rel, _, _ in found.files] == ["Excalidraw/Chain.md"]
    assert list(first.stamps) == ["note.md"]


def test_the_notes_left_out_are_found_by_path_and_never_read(tmp_path: Path) -> None:
    put(tmp_path, "Templates/Daily.md", b"# {{date}}\n")
    put(tmp_path, "_private.md", b"x\n")
    put(tmp_path, "a.md", b"[[Daily]]\n")
    found = discover_changes(tmp_path, {}, 0)
    assert [s.rel_path for s in found.read] == ["a.md"]
    assert found.left_out == ("Templates/Daily.md", "_private.md")
