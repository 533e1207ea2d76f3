"""Diagnostics: what a rebuild under `serve` says again, and what it says is resolved."""

from __future__ import annotations

from collections import Counter

from notebase.diagnostics import (
    Diagnostic,
    FilePos,
    Severity,
    error,
    format_diagnostic,
    news_since,
    resolved_line,
    sum_up,
    sum_up_unwritten,
    warning,
)
from notebase.model import NoteFile
from notebase.reading.parse import parse_note

LINK = warning("broken-link", "[[X]] matches no entry", FilePos("notes/a.md", 3))
TYPO = warning("unknown-key", "unknown key `tilte`", FilePos("notes/b.md", 2))
YAML = error("yaml-syntax", "invalid YAML", FilePos("notes/c.md", 4))


def test_the_first_build_says_everything() -> None:
    assert news_since([], [LINK, TYPO]) == ((LINK, TYPO), Counter())


def test_a_rebuild_with_the_same_problems_says_nothing() -> None:
    assert news_since([LINK, TYPO], [LINK, TYPO]) == ((), Counter())


def test_a_new_problem_is_said_alone() -> None:
    assert news_since([LINK], [LINK, YAML]) == ((YAML,), Counter())


def test_fixed_problems_are_counted_by_severity() -> None:
    fresh, resolved = news_since([LINK, TYPO, YAML], [TYPO])
    assert fresh == () and resolved == Counter({Severity.WARNING: 1, Severity.ERROR: 1})
    assert resolved_line(resolved) == "notebase: 1 error, 1 warning resolved"


def test_a_problem_moved_to_another_line_is_said_again_but_not_resolved() -> None:
    moved = warning("broken-link", "[[X]] matches no entry", FilePos("notes/a.md", 5))
    assert news_since([LINK], [moved]) == ((moved,), Counter())


def test_one_of_two_alike_problems_fixed_is_one_resolved() -> None:
    other = warning("broken-link", "[[X]] matches no entry", FilePos("notes/a.md", 9))
    assert news_since([LINK, other], [LINK]) == ((), Counter({Severity.WARNING: 1}))
    assert resolved_line(Counter({Severity.WARNING: 2})) == "notebase: 2 warnings resolved"


def test_nothing_resolved_is_no_line() -> None:
    assert resolved_line(Counter()) == ""


def unwritten(name: str, path: str, line: int) -> Diagnostic:
    """A wikilink's warning as the index makes it for a note written nowhere."""
    message = f"[[{name}]] matches no entry"
    hint, about = "create the note, or fix the link", name.partition("#")[0]
    return warning("broken-link", message, FilePos(path, line), hint, about=about)


def test_a_few_links_to_notes_written_nowhere_are_each_reported_where_they_are() -> None:
    few = [unwritten(f"Note {i}", "notes/a.md", i) for i in range(1, 11)]
    assert sum_up_unwritten([*few, TYPO]) == (*few, TYPO)


def test_many_links_to_notes_written_nowhere_are_one_warning_naming_the_most_linked() -> None:
    many = [
        *(unwritten(f"rare {i}", "notes/a.md", i) for i in range(1, 6)),
        unwritten("Mean", "notes/b.md", 2),
        unwritten("mean#Sample", "notes/c.md", 7),
        unwritten("mean", "notes/d.md", 1),
        unwritten("Median", "notes/b.md", 9),
        unwritten("median", "notes/e.md", 3),
        unwritten("Mode", "notes/b.md", 4),
    ]
    dotted = warning(  # a name that may be a file's, as much a note to come
        "broken-link",
        "[[lethain.com]] matches no entry, nor a file under notes/",
        FilePos("notes/f.md", 1),
        "create the note, put the file in notes/, or fix the link",
        about="lethain.com",
    )
    typo = warning(
        "broken-link",
        '[[Shampo]] matches no entry (did you mean "Shampoo"?)',
        FilePos("notes/b.md", 5),
        "link to [[Shampoo]], or create the note",
    )
    said = sum_up_unwritten([many[0], typo, *many[1:], dotted, LINK, TYPO])
    assert said[:3] == (typo, LINK, TYPO)  # every other problem where it is, in order
    assert [format_diagnostic(d) for d in said[3:]] == [
        "notes/b.md:2: warning[broken-link]: 12 links in 6 notes name 9 notes written nowhere"
        " (unresolved links), the most linked: [[Mean]] (3), [[Median]] (2), [[lethain.com]] (1)\n"
        "  hint: write those notes; `notebase check --unresolved` lists every such link"
    ]


def test_many_empty_notes_are_one_warning_naming_the_first() -> None:
    # wrewsama/obsidian-vault keeps 44 empty notes in Tags/, hubs of their backlinks: each was
    # an empty-note warning; past 10, the printed report says them in one
    def empty(name: str) -> tuple[Diagnostic, ...]:
        return parse_note(
            NoteFile(f"Tags/{name}.md", "", "digest", f"notes/Tags/{name}.md")
        ).diagnostics

    few = [d for i in range(10) for d in empty(f"Topic {i}")]
    assert sum_up([*few, TYPO]) == (*few, TYPO)
    many = [
        d
        for name in ("AI ML", "Behavioural", "Business", *(f"T{i}" for i in range(9)))
        for d in empty(name)
    ]
    said = sum_up([many[0], TYPO, *many[1:]])
    assert said[0] == TYPO
    assert [format_diagnostic(d) for d in said[1:]] == [
        "notes/Tags/AI ML.md:1: warning[empty-note]: 12 notes are empty: notes/Tags/AI ML.md,"
        " notes/Tags/Behavioural.md, notes/Tags/Business.md, …\n"
        "  hint: write them, or delete the files; `notebase check --unresolved` lists every one"
    ]


def test_many_queries_not_read_are_one_warning_saying_the_most_told() -> None:
    # rockman007372/Obsidian-Vault's daily template writes WHERE CONTAINS(date, "…") in each of
    # its 111 daily notes: a dataview-unsupported warning for each, printed one by one
    def daily(day: int, query: str) -> tuple[Diagnostic, ...]:
        text = f"# Day\n\n```dataview\nTABLE FROM #news\nWHERE {query}\n```\n"
        path = f"Daily/2023-10-{day:02}.md"
        return parse_note(NoteFile(path, text, "digest", f"notes/{path}")).diagnostics

    few = [d for day in range(1, 11) for d in daily(day, 'CONTAINS(date, "x")')]
    assert sum_up([*few, TYPO]) == (*few, TYPO)
    many = [*few, *daily(11, 'CONTAINS(date, "y")'), *daily(12, "nosuch(date)")]
    said = sum_up([many[0], TYPO, *many[1:]])
    assert said[0] == TYPO and len(said) == 2
    assert (str(said[1].pos), said[1].code) == (
        "notes/Daily/2023-10-01.md:4",
        "dataview-unsupported",
    )
    assert said[1].message == (
        "12 queries in 12 notes are shown as written; the most told (11): this query uses the"
        " function `CONTAINS()` (functions are named in lower case: `contains()`), which notebase"
        " does not read"
    )
    assert said[1].hint.endswith("; `notebase check --unresolved` lists every one")


def kept_as_text(path: str, urls: int) -> Diagnostic:
    """An imported page's warning as the importer writes it (a built Hexo site's post page)."""
    message = (
        f"{urls} relative link(s) or image(s) kept as text ('/tags/go/'): the page says no address"
    )
    hint = "add a canonical link"
    return warning("import-relative-url", message, FilePos(path, 74), hint, about=str(urls))


def test_many_files_posts_link_that_are_nowhere_are_one_warning_saying_how_many() -> None:
    """kentcdodds/kentcdodds.com's posts show 210 pictures its site serves from elsewhere
    (`/media/w_1600/…`): 210 import-missing-file warnings, one a picture."""
    missing = [
        warning(
            "import-missing-file",
            f"{i}.jpg is nowhere",
            FilePos(f"b/p{i % 3}.mdx", i),
            about=f"{i}.jpg",
        )
        for i in range(11)
    ]
    assert sum_up([*missing[:10], TYPO]) == (*missing[:10], TYPO)
    said = sum_up([missing[0], TYPO, *missing[1:]])
    assert said[0] == TYPO
    assert [format_diagnostic(d) for d in said[1:]] == [
        "b/p0.mdx: warning[import-missing-file]: 11 files the posts link (in 3 files; the first:"
        " 0.jpg) are neither beside them nor at their blog's root: their links are kept, leading"
        " nowhere\n  hint: copy the files into the notes' folder at those paths;"
        " `notebase import --unresolved` lists every one"
    ]


def test_many_posts_keeping_relative_links_as_text_are_one_warning_saying_how_many() -> None:
    few = [kept_as_text(f"site/{i}/index.html", 2) for i in range(10)]
    assert sum_up([*few, TYPO]) == (*few, TYPO)
    many = [*few, kept_as_text("site/10/index.html", 3), kept_as_text("site/10/index.html", 1)]
    said = sum_up([many[0], TYPO, *many[1:]])
    assert said[0] == TYPO
    assert [format_diagnostic(d) for d in said[1:]] == [
        "site/0/index.html:74: warning[import-relative-url]: 24 relative links or images in"
        " 12 posts of 11 files kept as text: their pages or feeds say no address\n"
        "  hint: give the address of the site they were saved from (`notebase import --site"
        " https://example.com/ FILE…`: the folder the files share is its root), or import pages"
        ' that say their address (<link rel="canonical">, which most themes write when the site'
        " is built with it set: Hugo's baseURL, Jekyll's url with jekyll-seo-tag);"
        " `notebase import --unresolved` lists every post"
    ]


def test_missing_files_summed_up_are_counted_once_each() -> None:
    missing = [
        warning("import-missing-file", "x", FilePos(f"p{i % 3}.md", i), about=f"{i % 5}.jpg")
        for i in range(12)
    ]
    (said,) = sum_up(missing)
    assert said.message.startswith("5 files the posts link (in 3 files;")
