"""discover.py: the notes/ folder -> Sources (decoded, normalised) or one diagnostic per bad file."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from notebase.diagnostics import Diagnostic, FilePos, Severity
from notebase.model import NoteFile
from notebase.reading.discover import (
    decode_note,
    discover_notes,
    list_note_files,
    scan_note_files,
    underscored_notes,
)


def put(root: Path, rel: str, data: bytes) -> None:
    path = root / "notes" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def test_lists_markdown_at_any_depth_sorted_and_skips_hidden_and_underscored(
    tmp_path: Path,
) -> None:
    for rel in [
        "b.md",
        "a/deep/er/note.md",
        "a/z.md",
        "_drafts/skip.md",
        ".obsidian/skip.md",
        "a/_partial.md",
        "a/.hidden.md",
        "a/.git/skip.md",
        "image.png",
        "readme.txt",
        "a/notes.markdown",
    ]:
        put(tmp_path, rel, b"text\n")
    (tmp_path / "notes" / "folder.md").mkdir()  # a folder named like a note
    assert list_note_files(tmp_path / "notes") == ("a/deep/er/note.md", "a/z.md", "b.md")


def test_no_notes_folder_is_no_sources(tmp_path: Path) -> None:
    assert list_note_files(tmp_path / "notes") == ()
    assert discover_notes(tmp_path) == ((), ())


def test_a_notes_file_that_is_no_folder_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes").write_text("not a folder\n")
    sources, diags = discover_notes(tmp_path)
    assert sources == ()
    assert [(d.severity, d.code, d.pos) for d in diags] == [
        (Severity.ERROR, "read-failed", FilePos("notes"))
    ]
    assert diags[0].message == "cannot read folder: Not a directory"


def test_an_unreadable_folder_is_an_error_and_the_rest_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    put(tmp_path, "a.md", b"a\n")
    put(tmp_path, "locked/b.md", b"b\n")
    scandir = os.scandir

    def refuse_locked(path: Path) -> object:
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied")
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refuse_locked)
    sources, diags = discover_notes(tmp_path)
    assert [s.rel_path for s in sources] == ["a.md"]
    assert [(d.code, d.pos, d.message) for d in diags] == [
        ("read-failed", FilePos("notes/locked"), "cannot read folder: Permission denied")
    ]


def test_a_folder_reached_again_through_a_link_is_listed_once(tmp_path: Path) -> None:
    put(tmp_path, "a/x.md", b"x\n")
    (tmp_path / "notes/a/loop").symlink_to("..")  # notes/a/loop/a/loop/... without end
    (tmp_path / "notes/self.md").symlink_to("self.md")  # a link to itself: no note
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "y.md").write_bytes(b"y\n")
    (tmp_path / "notes/shared").symlink_to(outside)  # a folder kept elsewhere is read
    assert list_note_files(tmp_path / "notes") == ("a/x.md", "shared/y.md")


def test_source_fields(tmp_path: Path) -> None:
    data = b"---\ntitle: A\n---\nbody\n"
    put(tmp_path, "papers/a.md", data)
    sources, diags = discover_notes(tmp_path)
    assert diags == ()
    assert sources == (
        NoteFile(
            "papers/a.md",
            "---\ntitle: A\n---\nbody\n",
            hashlib.sha256(data).hexdigest(),
            "notes/papers/a.md",
        ),
    )


def test_bom_is_dropped() -> None:
    result = decode_note("a.md", "notes/a.md", b"\xef\xbb\xbf---\ntitle: A\n---\n")
    assert isinstance(result, NoteFile)
    assert result.text == "---\ntitle: A\n---\n"


def test_crlf_and_cr_become_lf() -> None:
    crlf = decode_note("a.md", "notes/a.md", b"---\r\ntitle: A\r\n---\r\nbody\r\n")
    cr = decode_note("b.md", "notes/b.md", b"line one\rline two\r")
    assert isinstance(crlf, NoteFile) and isinstance(cr, NoteFile)
    assert crlf.text == "---\ntitle: A\n---\nbody\n"
    assert cr.text == "line one\nline two\n"


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        (b"a\x01b\x0bc\x0cd\x1fe\r\n", "a\ufffdb\ufffdc\ufffdd\ufffde\n"),
        ("U+FFFE \ufffe, U+FFFF \uffff\n".encode(), "U+FFFE \ufffd, U+FFFF \ufffd\n"),
        ("tab\tand \ufffd and \uffed stay\n".encode(), "tab\tand \ufffd and \uffed stay\n"),
    ],
)
def test_control_characters_become_replacement_characters(raw: bytes, text: str) -> None:
    note = decode_note("n.md", "notes/n.md", raw)
    assert isinstance(note, NoteFile)
    assert note.text == text


def test_non_utf8_is_an_error_at_its_line() -> None:
    result = decode_note("a.md", "notes/a.md", b"---\ntitle: ok\n---\ncaf\xe9\n")
    assert isinstance(result, Diagnostic)
    assert (result.severity, result.code, result.pos) == (
        Severity.ERROR,
        "not-utf8",
        FilePos("notes/a.md", 4),
    )
    assert result.hint == "save the file as UTF-8"


def test_binary_is_an_error() -> None:
    result = decode_note("a.md", "notes/a.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert isinstance(result, Diagnostic)
    assert (result.severity, result.code, result.pos) == (
        Severity.ERROR,
        "binary-file",
        FilePos("notes/a.md", 1),
    )


def test_a_few_nul_bytes_in_utf8_text_are_shown_as_replacement_characters() -> None:
    """A PDF's source pasted in a code block (digitalyoshixi/zettelkasten) holds a few NUL bytes:
    the note is text all the same. A file with more of them, or with no UTF-8, is binary."""
    text = "# Soln\n\n```pdf\n%PDF-2.0\n" + "1 0 obj\n" * 40 + "\x00\x00 stream\n```\n"
    note = decode_note("a.md", "notes/a.md", text.encode())
    assert isinstance(note, NoteFile)
    assert note.text == text.replace("\x00", "\ufffd")
    for data in (b"text\n" * 20 + b"\x00" * 2, b"\x00\xff" + b"text\n" * 100):
        found = decode_note("a.md", "notes/a.md", data)
        assert isinstance(found, Diagnostic) and found.code == "binary-file"


def test_bad_files_become_diagnostics_and_the_rest_is_read(tmp_path: Path) -> None:
    put(tmp_path, "good.md", b"fine\n")
    put(tmp_path, "latin1.md", b"ol\xe9\n")
    put(tmp_path, "binary.md", b"\x00\x01\x02")
    put(tmp_path, "bom-crlf.md", b"\xef\xbb\xbfx\r\ny\r\n")
    sources, diags = discover_notes(tmp_path)
    assert [(s.rel_path, s.text) for s in sources] == [
        ("bom-crlf.md", "x\ny\n"),
        ("good.md", "fine\n"),
    ]
    assert [(d.code, d.pos) for d in diags] == [
        ("binary-file", FilePos("notes/binary.md", 1)),
        ("not-utf8", FilePos("notes/latin1.md", 1)),
    ]


def test_digest_follows_the_bytes(tmp_path: Path) -> None:
    put(tmp_path, "a.md", b"one\n")
    (first,), _ = discover_notes(tmp_path)
    put(tmp_path, "a.md", b"one\r\n")
    (second,), _ = discover_notes(tmp_path)
    assert first.text == second.text
    assert first.digest != second.digest


def test_ignore_patterns_leave_folders_and_files_out(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    for rel in (
        "a.md",
        "templates/daily.md",
        "deep/Templates/t.md",
        "drafts/top.md",
        "x/drafts/d.md",
        "x/drafts/deeper/gone.md",
        "drawing.excalidraw.md",
        "x/y/sketch.excalidraw.md",
        "templates.md",
    ):
        (notes / rel).parent.mkdir(parents=True, exist_ok=True)
        (notes / rel).write_text("body\n", encoding="utf-8")
    patterns = ("templates/", "Templates/", "**/drafts/*", "*.excalidraw.md")
    # as in git, `**/drafts/*` matches the folder drafts/deeper too, so nothing under it is kept
    assert list_note_files(notes, patterns) == ("a.md", "templates.md")


def test_an_anchored_pattern_matches_from_the_notes_folder_only(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    for rel in ("private/a.md", "x/private/b.md", "x/c.md"):
        (notes / rel).parent.mkdir(parents=True, exist_ok=True)
        (notes / rel).write_text("body\n", encoding="utf-8")
    assert list_note_files(notes, ("/private/",)) == ("x/c.md", "x/private/b.md")
    assert list_note_files(notes, ("x/*.md",)) == ("private/a.md", "x/private/b.md")


def test_a_template_folder_holds_no_note_but_keeps_its_other_files(tmp_path: Path) -> None:
    # as kepano/kepano-obsidian keeps its bases: Templates/Bases/Books.base, embedded elsewhere;
    # a Templates/ folder further down holds notes about templates (obsidian-community/obsidian-hub)
    notes = tmp_path / "notes"
    for rel in ("a.md", "Templates/Book.md", "Templates/Bases/Books.base", "x/Templates/t.md"):
        (notes / rel).parent.mkdir(parents=True, exist_ok=True)
        (notes / rel).write_text("body\n", encoding="utf-8")
    found = [rel for rel, _ in scan_note_files(notes)[0]]
    assert found == ["Templates/Bases/Books.base", "a.md", "x/Templates/t.md"]
    # the vault's own setting names its template folder: that one, and no other
    (notes / ".obsidian").mkdir()
    (notes / ".obsidian/templates.json").write_text('{"folder": "x/Templates/"}', encoding="utf-8")
    found = [rel for rel, _ in scan_note_files(notes)[0]]
    assert found == ["Templates/Bases/Books.base", "Templates/Book.md", "a.md"]
    (notes / "_drafts").mkdir()
    (notes / "_drafts/idea.md").write_text("body\n", encoding="utf-8")
    (notes / "_drafts/pic.png").write_bytes(b"png")
    files, _, left_out = scan_note_files(notes)
    assert left_out == ["_drafts/idea.md", "x/Templates/t.md"]  # the notes left out, by path
    assert "_drafts/pic.png" in [rel for rel, _ in files]


def test_underscored_notes_left_out_of_an_obsidian_vault_are_told(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    for rel in ("_About.md", "_pinned/Start.md", "_templates/Daily.md", ".trash/old.md", "a.md"):
        (notes / rel).parent.mkdir(parents=True, exist_ok=True)
        (notes / rel).write_text("# x\n", encoding="utf-8")
    _, _, left_out = scan_note_files(notes)
    assert underscored_notes(notes, left_out) is None  # no vault: notebase's own rule, unsaid
    (notes / ".obsidian").mkdir()
    told = underscored_notes(notes, left_out)
    assert told is not None and told.code == "underscored-note"
    assert told.message.startswith("2 note(s)") and "notes/_About.md" in told.message
