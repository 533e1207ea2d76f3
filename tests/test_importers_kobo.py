"""A Kobo's KoboReader.sqlite -> one post per book: databases built here with the tables a Kobo
writes (their CREATE TABLE statements as the device's firmware has them, cut to what is read)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from notebase.importers import import_files
from notebase.importers.kobo import read_kobo
from notebase.importers.model import ImportedPost
from notebase.importers.render import note_text

# as a recent firmware writes them (other columns left out)
BOOKMARK = """CREATE TABLE Bookmark (
  BookmarkID TEXT NOT NULL, VolumeID TEXT NOT NULL, ContentID TEXT NOT NULL,
  StartContainerPath TEXT NOT NULL, StartContainerChildIndex INTEGER NOT NULL,
  StartOffset INTEGER NOT NULL, EndContainerPath TEXT NOT NULL,
  EndContainerChildIndex INTEGER NOT NULL, EndOffset INTEGER NOT NULL, Text TEXT,
  Annotation TEXT, ExtraAnnotationData BLOB, DateCreated TEXT,
  ChapterProgress REAL NOT NULL DEFAULT 0, Hidden BOOL NOT NULL DEFAULT 0, Version TEXT,
  DateModified TEXT, Creator TEXT, UUID TEXT, UserID TEXT, SyncTime TEXT,
  Published BIT default false, ContextString TEXT, Type TEXT, Color INTEGER DEFAULT 0,
  PRIMARY KEY (BookmarkID) )"""
# an older firmware's: no Type, Color, Hidden
OLD_BOOKMARK = """CREATE TABLE Bookmark (
  BookmarkID TEXT NOT NULL, VolumeID TEXT NOT NULL, ContentID TEXT NOT NULL,
  StartContainerPath TEXT NOT NULL, Text TEXT, Annotation TEXT, DateCreated TEXT,
  ChapterProgress REAL NOT NULL DEFAULT 0, PRIMARY KEY (BookmarkID) )"""
CONTENT = """CREATE TABLE content(
  ContentID TEXT NOT NULL, ContentType TEXT NOT NULL, MimeType TEXT NOT NULL, BookID TEXT,
  BookTitle TEXT, Title TEXT COLLATE NOCASE, Attribution TEXT COLLATE NOCASE, Publisher TEXT,
  DateLastRead TEXT, VolumeIndex INTEGER, ___UserID TEXT NOT NULL, ISBN TEXT,
  PRIMARY KEY (ContentID) )"""
DUNE = "file:///mnt/onboard/Herbert, Frank/Dune - Frank Herbert.epub"
KEPUB = "5d3d1c2a-6a9e-4a7b-9f3e-0c1d2e3f4a5b"
CONTENTS = [
    (DUNE, "6", "application/epub+zip", None, None, "Dune", "Frank Herbert", None),
    (DUNE + "#(2)OEBPS/ch1.xhtml", "9", "", DUNE, "Dune", "Book One: Dune", None, 2),
    (DUNE + "#(9)OEBPS/ch10.xhtml", "9", "", DUNE, "Dune", "Chapter 10", None, 9),
    (KEPUB, "6", "application/kepub+zip", None, None, "Atomic Habits", "James Clear", None),
    (KEPUB + "!OEBPS!intro.xhtml-1", "899", "", KEPUB, "Atomic Habits", "Introduction", None, 1),
]
# (id, volume, chapter, path, text, note, created, progress, hidden, type)
MARKS = [
    (
        "b1",
        DUNE,
        DUNE + "#(9)OEBPS/ch10.xhtml",
        "span#kobo\\.3\\.1",
        "Later words.",
        None,
        "2023-03-02T09:00:00.000",
        0.5,
        0,
        "highlight",
    ),
    (
        "b2",
        DUNE,
        DUNE + "#(2)OEBPS/ch1.xhtml",
        "span#kobo\\.12\\.1",
        "Fear is the mind-killer.",
        "the litany",
        "2023-03-05T21:10:00Z",
        0.25,
        0,
        "note",
    ),
    (
        "b3",
        DUNE,
        DUNE + "#(2)OEBPS/ch1.xhtml",
        "span#kobo\\.9\\.1",
        "A beginning is the time.",
        None,
        "2023-03-06T08:00:00.000",
        0.25,
        0,
        "highlight",
    ),
    (
        "b4",
        DUNE,
        DUNE + "#(2)OEBPS/ch1.xhtml",
        "span#kobo\\.1\\.1",
        None,
        None,
        "2023-03-01T08:00:00.000",
        0.1,
        0,
        "dogear",
    ),
    (
        "b5",
        DUNE,
        DUNE + "#(2)OEBPS/ch1.xhtml",
        "span#kobo\\.2\\.1",
        "Deleted words.",
        None,
        "2023-03-01T08:00:00.000",
        0.1,
        1,
        "highlight",
    ),
    (
        "b6",
        KEPUB,
        KEPUB + "!OEBPS!intro.xhtml",
        "span#kobo\\.4\\.2",
        "Habits are the *compound* interest.",
        None,
        "2024-01-10T12:00:00.000",
        0.3,
        0,
        "highlight",
    ),
]


def kobo_db(
    path: Path, bookmark: str = BOOKMARK, marks: list[tuple[object, ...]] | None = None
) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute(bookmark)
        conn.execute(CONTENT)
        conn.executemany(
            "INSERT INTO content (ContentID, ContentType, MimeType, BookID, BookTitle, Title,"
            " Attribution, VolumeIndex, ___UserID) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'u')",
            CONTENTS,
        )
        if bookmark == BOOKMARK:
            conn.executemany(
                "INSERT INTO Bookmark VALUES (?, ?, ?, ?, 0, 0, '', 0, 0, ?, ?, NULL, ?, ?, ?,"
                " NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, ?, 0)",
                MARKS if marks is None else marks,
            )
    conn.close()
    return path


def body(post: ImportedPost) -> str:
    return note_text(post).split("---\n", 2)[2]


def test_books_by_title_highlights_in_reading_order_with_chapters_and_notes(tmp_path: Path) -> None:
    db = kobo_db(tmp_path / "KoboReader.sqlite")
    archive = read_kobo(db, "KoboReader.sqlite", "KoboReader.sqlite")
    habits, dune = archive.posts
    assert (dune.title, dune.authors, dune.date, dune.origin) == (
        "Dune",
        ("Frank Herbert",),
        "2023-03-06",
        "KoboReader.sqlite:2",
    )
    assert body(dune) == (
        "> A beginning is the time.\n>\n"
        "> — Frank Herbert, *Dune*, Book One: Dune\n\n"
        "> Fear is the mind-killer.\n>\n"
        "> — Frank Herbert, *Dune*, Book One: Dune\n\n"
        "the litany\n\n"
        "> Later words.\n>\n"
        "> — Frank Herbert, *Dune*, Chapter 10\n"
    )
    assert (habits.title, habits.authors, habits.origin) == (
        "Atomic Habits",
        ("James Clear",),
        "KoboReader.sqlite:1",
    )
    assert body(habits) == (
        "> Habits are the \\*compound\\* interest.\n>\n"
        "> — James Clear, *Atomic Habits*, Introduction\n"
    )
    assert [(d.code, d.message) for d in archive.diagnostics] == [
        ("import-kobo-dogears", "1 dog-ear(s) (bookmarked pages, no words highlighted) left out"),
        ("import-kobo-hidden", "1 bookmark(s) deleted on the device (hidden) left out"),
    ]


def test_older_firmware_without_type_and_hidden_columns(tmp_path: Path) -> None:
    db = kobo_db(tmp_path / "old.sqlite", OLD_BOOKMARK)
    with sqlite3.connect(db) as conn:
        conn.executemany(
            "INSERT INTO Bookmark VALUES (?, ?, ?, '', ?, ?, ?, ?)",
            [
                ("x1", DUNE, DUNE + "#(9)OEBPS/ch10.xhtml", "Late.", None, "2020-01-02", 0.1),
                ("x2", DUNE, DUNE + "#(2)OEBPS/ch1.xhtml", "", None, "2020-01-01", 0.0),
                (
                    "x3",
                    "file:///mnt/onboard/Lost Book.kepub.epub",
                    "gone",
                    "Orphan.",
                    "mine",
                    None,
                    0,
                ),
            ],
        )
    conn.close()
    archive = read_kobo(db, "old.sqlite", "old.sqlite")
    assert [(p.title, p.authors) for p in archive.posts] == [
        ("Dune", ("Frank Herbert",)),
        ("Lost Book", ()),
    ]
    assert body(archive.posts[1]) == "> Orphan.\n>\n> — *Lost Book*\n\nmine\n"
    assert [d.code for d in archive.diagnostics] == ["import-kobo-dogears"]


def test_other_sqlite_and_corrupt_files_are_errors_not_crashes(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE Bookmark (id TEXT)")
    conn.close()
    cut = tmp_path / "cut.sqlite"
    cut.write_bytes(kobo_db(tmp_path / "whole.sqlite").read_bytes()[:200])
    diags = [read_kobo(p, p.name, p.name).diagnostics for p in (other, cut)]
    assert [[(d.code, d.severity.value) for d in ds] for ds in diags] == [
        [("import-kobo-unreadable", "error")],
        [("import-kobo-unreadable", "error")],
    ]
    assert "no column VolumeID, ContentID, Text in its table Bookmark" in diags[0][0].message
    assert diags[0][0].hint


def test_database_is_left_untouched_and_its_path_may_hold_uri_characters(tmp_path: Path) -> None:
    folder = tmp_path / "a?b#c%20d"
    folder.mkdir()
    db = kobo_db(folder / "KoboReader.sqlite")
    before = db.read_bytes()
    archive = read_kobo(db, "KoboReader.sqlite", "KoboReader.sqlite")
    assert [p.title for p in archive.posts] == ["Atomic Habits", "Dune"]
    assert db.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["KoboReader.sqlite"]


def test_import_of_a_device_folder_and_again_changes_nothing(tmp_path: Path) -> None:
    device = tmp_path / "KOBOeReader"
    (device / ".kobo").mkdir(parents=True)
    (device / "Dune.txt").write_text("not the clippings", encoding="utf-8")
    kobo_db(device / ".kobo" / "KoboReader.sqlite")
    notes = tmp_path / "notes"
    first = import_files([device], notes, tmp_path)
    assert first.written == ("notes/atomic-habits.md", "notes/dune.md")
    again = import_files([device / ".kobo" / "KoboReader.sqlite"], notes, tmp_path)
    assert (again.written, again.unchanged) == ((), first.written)
    assert "origin: KoboReader.sqlite:2" in (notes / "dune.md").read_text(encoding="utf-8")


def test_a_cell_of_infinity_or_nan_is_read_as_no_number_not_a_crash(tmp_path: Path) -> None:
    db = kobo_db(tmp_path / "KoboReader.sqlite")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE content SET VolumeIndex = 'inf' WHERE ContentType = '9'")
        conn.execute("UPDATE Bookmark SET ChapterProgress = 'nan'")
    conn.close()
    archive = read_kobo(db, "KoboReader.sqlite", "KoboReader.sqlite")
    assert [p.title for p in archive.posts] == ["Atomic Habits", "Dune"]
    assert [d.severity.value for d in archive.diagnostics] == ["info", "info"]
