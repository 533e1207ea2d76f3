"""Reading highlights -> one post per book: Kindle clippings and Readwise CSV exports."""

from __future__ import annotations

from pathlib import Path

from notebase.importers.highlights import is_kindle, is_readwise, read_kindle, read_readwise
from notebase.importers.model import ImportedPost
from notebase.importers.render import note_text

FIXTURES = Path(__file__).parent / "fixtures" / "importers"
CLIPPINGS = (FIXTURES / "My Clippings.txt").read_text(encoding="utf-8-sig")
READWISE = (FIXTURES / "readwise.csv").read_text(encoding="utf-8-sig")


def body(post: ImportedPost) -> str:
    return note_text(post).split("---\n", 2)[2]


def test_kindle_books_with_rehighlights_collapsed_and_notes_attached() -> None:
    archive = read_kindle(CLIPPINGS, "My Clippings.txt", "My Clippings.txt")
    pragmatic, kahneman = archive.posts
    assert (pragmatic.title, pragmatic.authors, pragmatic.date, pragmatic.origin) == (
        "The Pragmatic Programmer",
        ("Hunt, Andrew", "Thomas, David"),
        "2024-06-06",
        "My Clippings.txt:1",
    )
    assert body(pragmatic) == (
        "> Don’t live with broken windows. Fix each one as soon as it is discovered.\n>\n"
        "> — Hunt, Andrew; Thomas, David, *The Pragmatic Programmer*, page 12, location 170-174\n\n"
        "same as the \\*boy scout\\* rule\n\n"
        "Bookmark: page 40, location 610\n\n"
        "> Care about your craft.\n>\n"
        "> — Hunt, Andrew; Thomas, David, *The Pragmatic Programmer*, page 50, location 801-803\n"
    )
    assert (kahneman.title, kahneman.authors, kahneman.origin) == (
        "Thinking, Fast and Slow",
        ("Daniel Kahneman",),
        "My Clippings.txt:21",
    )
    assert "> \\# System 1 operates" in body(kahneman)


def test_kindle_entry_that_is_no_clipping_is_a_warning_at_its_line() -> None:
    diags = read_kindle(CLIPPINGS, "My Clippings.txt", "My Clippings.txt").diagnostics
    assert [(d.code, d.pos.line if d.pos else 0) for d in diags] == [("import-bad-clipping", 31)]


def test_kindle_distinct_passages_sharing_a_location_are_both_kept() -> None:
    text = (
        "B (A)\n- Your Highlight on Location 10-12 | Added on Monday, 3 June 2024 09:14:05\n\nOne.\n"
        "==========\nB (A)\n- Your Highlight on Location 12-14 | Added on Monday, 3 June 2024 09:14:05\n\n"
        "Two.\n==========\n"
    )
    (post,) = read_kindle(text, "c.txt", "c.txt").posts
    assert body(post).count("> — A, *B*") == 2


def test_readwise_books_headings_notes_tags_and_escaping() -> None:
    archive = read_readwise(READWISE, "readwise.csv", "readwise.csv")
    deep, graham = archive.posts
    assert (deep.title, deep.authors, deep.date, deep.origin) == (
        "Deep Work",
        ("Cal Newport",),
        "2024-05-03",
        "readwise.csv:2",
    )
    assert deep.taxonomy.tags == ("productivity", "focus", "favorite")
    assert body(deep) == (
        "## Chapter 1\n\n"
        "> Deep work is the ability to focus without distraction\n> on a cognitively demanding task.\n"
        ">\n> — Cal Newport, *Deep Work*, location 61\n\nthe core definition\n\n"
        "> Clarity about what matters provides clarity about what does not.\n>\n"
        "> — Cal Newport, *Deep Work*, location 1204\n"
    )
    assert body(graham) == (
        "> Attention is a \\<b>resource\\</b> \\[\\[not\\]\\] a \\$tool.\n>\n"
        "> — Paul Graham, *How to Do Great Work*, order 3\n\nSeems right\n"
    )
    assert [(d.code, d.pos.line if d.pos else 0) for d in archive.diagnostics] == [
        ("import-bad-highlight", 9)
    ]


def test_readwise_without_its_columns_is_an_error() -> None:
    archive = read_readwise("Highlight,Title\nx,y\n", "r.csv", "r.csv")
    assert archive.posts == ()
    assert [(d.code, d.is_error) for d in archive.diagnostics] == [("import-bad-csv", True)]


def test_detection() -> None:
    assert is_kindle("My Clippings.txt", "") and is_kindle("k.txt", CLIPPINGS)
    assert not is_kindle("notes.txt", "Tag: x\n\n  • Post\n\n    ==========")
    assert is_readwise("export.csv", READWISE) and not is_readwise("export.txt", READWISE)
    assert not is_readwise("other.csv", "a,b\n1,2\n")
