"""A Kobo e-reader's `KoboReader.sqlite` -> one post per book, each highlight a quote in reading
order, the reader's note after it, the chapter's title as its place.

The database is opened read-only and immutable (nothing written, no journal replayed), its schema
not trusted (`trusted_schema=OFF`), and only its tables `Bookmark` and `content` are read, by
the columns this firmware has of those known (PRAGMA table_info): one that is no Kobo database, or
is cut short, is told by a diagnostic."""

from __future__ import annotations

import math
import re
import sqlite3
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from notebase.diagnostics import Diagnostic, FilePos, error, info, warning
from notebase.importers.highlights import Book, Highlight, book_post
from notebase.importers.model import ArchiveFormat, ParsedArchive
from notebase.importers.structured import parse_date

SQLITE_HEADER = b"SQLite format 3\0"
DATABASE_NAME = "KoboReader.sqlite"
DEVICE_FOLDER = ".kobo"  # where a Kobo keeps it, at the top of the device
BOOK_TYPE = "6"  # content.ContentType of a book (its chapters: 9, their ToC entries: 899)
# the columns read, each table's first ones needed: a firmware without another reads as NULL
BOOKMARK_COLUMNS = (
    ("VolumeID", "ContentID", "Text"),
    (
        "BookmarkID",
        "Annotation",
        "DateCreated",
        "DateModified",
        "ChapterProgress",
        "StartContainerPath",
        "Type",
        "Hidden",
    ),
)
CONTENT_COLUMNS = (
    ("ContentID", "Title"),
    ("ContentType", "Attribution", "BookTitle", "VolumeIndex"),
)
HINT = "import the `.kobo/KoboReader.sqlite` file of a Kobo e-reader (or the device's folder)"
_DIGITS = re.compile(r"(\d+)")


def is_sqlite(path: Path) -> bool:
    """Whether the file at `path` is an SQLite database (told by its header, not its name)."""
    try:
        with path.open("rb") as file:
            return file.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def device_database(folder: Path) -> Path | None:
    """A Kobo's database in `folder`: the device's top (`.kobo/KoboReader.sqlite`), its `.kobo`
    folder, or a folder it was copied into; None when there is none."""
    for candidate in (folder / DEVICE_FOLDER / DATABASE_NAME, folder / DATABASE_NAME):
        if candidate.is_file() and is_sqlite(candidate):
            return candidate
    return None


@dataclass(frozen=True, slots=True)
class Mark:
    """One row of Bookmark, its values as text (SQLite keeps any type in any column)."""

    volume: str
    content: str
    text: str
    note: str
    date: str
    progress: float
    path: str  # StartContainerPath: where in the chapter's markup it starts
    kind: str  # highlight | note | dogear ('' on firmware without the column)
    hidden: bool
    ident: str


@dataclass(frozen=True, slots=True)
class Content:
    """One row of content: a book (ContentType 6) or a chapter of one."""

    ident: str
    kind: str
    title: str
    author: str
    book_title: str
    index: int | None  # VolumeIndex: a chapter's place in the book's spine


def as_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return str(value)


def as_number(value: object) -> float | None:
    """The value as a finite number (a cell of text `inf` or `nan` is none), else None."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
    else:
        try:
            number = float(as_text(value))
        except ValueError:
            return None
    return number if math.isfinite(number) else None


def connect(path: Path) -> sqlite3.Connection:
    """The database, read-only: by its file URI (a `?` or `#` in its path escaped, as_uri)."""
    uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
    conn = sqlite3.connect(uri, uri=True)
    conn.execute("PRAGMA query_only = ON")
    conn.execute("PRAGMA trusted_schema = OFF")
    return conn


def select(
    conn: sqlite3.Connection, table: str, columns: Sequence[Sequence[str]]
) -> list[tuple[object, ...]] | str:
    """The table's rows (its needed columns, then the optional ones, NULL where it has none), in
    the order they were stored; or what it lacks."""
    kinds = dict(
        conn.execute("SELECT name, type FROM sqlite_master WHERE name = ?", (table,)).fetchall()
    )
    if kinds.get(table) != "table":
        return f"no table {table}"
    have = {as_text(row[1]).casefold() for row in conn.execute(f"PRAGMA table_info({table})")}
    needed, optional = columns
    missing = [c for c in needed if c.casefold() not in have]
    if missing:
        return f"no column {', '.join(missing)} in its table {table}"
    fields = [*needed, *(c if c.casefold() in have else f"NULL AS {c}" for c in optional)]
    query = f"SELECT {', '.join(fields)} FROM {table} ORDER BY rowid"  # names: ours, not its
    return conn.execute(query).fetchall()


def read_tables(path: Path) -> tuple[list[Mark], list[Content]] | str:
    """The bookmarks and contents of the database at `path`, or why it cannot be read as a Kobo's."""
    try:
        conn = connect(path)
    except sqlite3.Error as exc:
        return f"cannot be opened: {exc}"
    try:
        marks = select(conn, "Bookmark", BOOKMARK_COLUMNS)
        contents = select(conn, "content", CONTENT_COLUMNS)
    except sqlite3.Error as exc:  # not a database, cut short, malformed
        return f"cannot be read: {exc}"
    finally:
        conn.close()
    if isinstance(marks, str) or isinstance(contents, str):
        return f"is no Kobo's database: {marks if isinstance(marks, str) else contents}"
    return [mark_of(row) for row in marks], [content_of(row) for row in contents]


def mark_of(row: Sequence[object]) -> Mark:
    volume, content, text, ident, note, created, modified, progress, start, kind, hidden = row
    return Mark(
        volume=as_text(volume),
        content=as_text(content),
        text=as_text(text),
        note=as_text(note).strip(),
        date=parse_date(as_text(created)) or parse_date(as_text(modified)),
        progress=as_number(progress) or 0.0,
        path=as_text(start),
        kind=as_text(kind).strip().casefold(),
        hidden=as_text(hidden).strip().casefold() in ("1", "true"),
        ident=as_text(ident),
    )


def content_of(row: Sequence[object]) -> Content:
    ident, title, kind, author, book_title, index = row
    number = as_number(index)
    return Content(
        ident=as_text(ident),
        kind=as_text(kind).strip(),
        title=" ".join(as_text(title).split()),
        author=" ".join(as_text(author).split()),
        book_title=" ".join(as_text(book_title).split()),
        index=int(number) if number is not None else None,
    )


def natural(text: str) -> tuple[str | int, ...]:
    """`ch10.xhtml` after `ch9.xhtml`: the text's runs of digits compared as numbers."""
    return tuple(int(p) if i % 2 else p for i, p in enumerate(_DIGITS.split(text)))


@dataclass(frozen=True, slots=True)
class Library:
    """The content rows: by their ContentID, and their ids sorted (a chapter found by prefix)."""

    by_id: dict[str, Content]
    ids: list[str]

    def chapter(self, mark: Mark) -> Content | None:
        """The chapter a bookmark is in: the row of its ContentID, else the first whose id starts
        with it (a chapter row may add to the id its bookmarks give: a kepub's `-1`)."""
        if not mark.content or mark.content == mark.volume:
            return None
        if (found := self.by_id.get(mark.content)) is not None:
            return found
        at = bisect_left(self.ids, mark.content)
        if at < len(self.ids) and self.ids[at].startswith(mark.content):
            return self.by_id[self.ids[at]]
        return None


def library(contents: Sequence[Content]) -> Library:
    by_id: dict[str, Content] = {}
    for row in contents:
        by_id.setdefault(row.ident, row)
    return Library(by_id, sorted(by_id))


def reading_key(mark: Mark, chapter: Content | None) -> tuple[object, ...]:
    """A bookmark's place in its book: its chapter's place in the spine (VolumeIndex; a chapter
    without one after those with one, by its id, digits as numbers), how far into the chapter
    (ChapterProgress), where its markup starts (StartContainerPath, for two at one progress),
    then when it was made and its id (for two at one place: a key that never ties)."""
    index = chapter.index if chapter is not None else None
    return (
        index is None,
        index or 0,
        natural(mark.content),
        mark.progress,
        natural(mark.path),
        mark.date,
        mark.ident,
    )


def volume_name(volume: str) -> str:
    """A book's title from its volume's id when the database names it nowhere: a sideloaded
    file's name (`file:///mnt/onboard/Dune.epub` -> `Dune`), else the id itself."""
    name = volume.rstrip("/").rpartition("/")[2].removesuffix(".kepub.epub")
    stem, dot, suffix = name.rpartition(".")
    return stem if dot and stem and suffix.isalnum() else name or volume


def book_of(volume: str, marks: Sequence[Mark], lib: Library) -> Book:
    """The book of a volume's bookmarks, in reading order, each with its chapter's title."""
    row = lib.by_id.get(volume)
    chapters = [lib.chapter(mark) for mark in marks]
    named = next((c.book_title for c in chapters if c is not None and c.book_title), "")
    title = (row.title if row else "") or named or volume_name(volume)
    author = row.author if row else ""
    ordered = sorted(zip(marks, chapters, strict=True), key=lambda mc: reading_key(*mc))
    items = []
    for number, (mark, chapter) in enumerate(ordered, 1):
        where = chapter.title if chapter is not None and chapter.title != title else ""
        if mark.text.strip():
            item = Highlight(mark.text, where, 0, 0, number, mark.note, date=mark.date)
        else:  # a note on no highlighted words
            item = Highlight(mark.note, where, 0, 0, number, kind="note", date=mark.date)
        items.append(item)
    return Book(title, author, 0, tuple(items))


def is_dogear(mark: Mark) -> bool:
    """A dog-ear: a bookmarked page, no words highlighted and nothing said."""
    return mark.kind == "dogear" or not (mark.text.strip() or mark.note)


def kobo_books(marks: Sequence[Mark], contents: Sequence[Content]) -> tuple[list[Book], int, int]:
    """The books with highlights or notes, by title (then author and volume id, so the order is
    one whatever order the database keeps them in), each numbered by its place; and how many
    dog-ears and hidden (deleted) bookmarks were left out."""
    lib = library(contents)
    shown = [m for m in marks if not m.hidden]
    kept = [m for m in shown if not is_dogear(m)]
    by_volume: dict[str, list[Mark]] = {}
    for mark in kept:
        by_volume.setdefault(mark.volume, []).append(mark)
    books = sorted(
        ((book_of(volume, group, lib), volume) for volume, group in by_volume.items()),
        key=lambda bv: (bv[0].title.casefold(), bv[0].author.casefold(), bv[1]),
    )
    numbered = [replace(b, line=n) for n, (b, _) in enumerate(books, 1)]
    return numbered, len(shown) - len(kept), len(marks) - len(shown)


def read_kobo(path: Path, name: str, shown: str) -> ParsedArchive:
    """A Kobo's `KoboReader.sqlite`: one post per book with highlights or notes (its origin's
    number: the book's place among them, by title), dog-ears and hidden bookmarks left out and
    counted."""
    tables = read_tables(path)
    pos = FilePos(shown)
    if isinstance(tables, str):
        return ParsedArchive(
            name,
            ArchiveFormat.KOBO,
            (),
            (
                error(
                    "import-kobo-unreadable",
                    f"an SQLite database that {tables}: skipped",
                    pos,
                    HINT,
                ),
            ),
        )
    books, dogears, hidden = kobo_books(*tables)
    posts = tuple(book_post(book, name) for book in books)
    diags: list[Diagnostic] = []
    if dogears:
        message = f"{dogears} dog-ear(s) (bookmarked pages, no words highlighted) left out"
        diags.append(info("import-kobo-dogears", message, pos))
    if hidden:
        message = f"{hidden} bookmark(s) deleted on the device (hidden) left out"
        diags.append(info("import-kobo-hidden", message, pos))
    if not posts:
        message = "no highlights or notes found: nothing imported"
        diags.append(
            warning(
                "import-no-posts",
                message,
                pos,
                "highlight passages on the Kobo, then import its database again",
            )
        )
    return ParsedArchive(name, ArchiveFormat.KOBO, posts, tuple(diags))
