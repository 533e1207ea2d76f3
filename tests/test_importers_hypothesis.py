"""Reading Hypothesis annotations -> one post per annotated document: the client's JSON export and
the API's search results, and the client's CSV and HTML exports."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from notebase.importers import import_files
from notebase.importers.bookmarks import read_bookmarks, read_other_csv
from notebase.importers.formats import choose_reader
from notebase.importers.ghost import read_ghost
from notebase.importers.highlights import read_kindle, read_readwise
from notebase.importers.hypothesis import is_hypothesis, read_hypothesis, safe_markdown
from notebase.importers.hypothesis_exports import (
    is_hypothesis_csv,
    is_hypothesis_html,
    is_hypothesis_text,
    read_hypothesis_csv,
    read_hypothesis_html,
    read_hypothesis_text,
)
from notebase.importers.medium import read_medium
from notebase.importers.model import ArchiveFormat, ImportedPost
from notebase.importers.render import note_text
from notebase.importers.webpage import read_webpage

FIXTURES = Path(__file__).parent / "fixtures" / "importers"
EXPORT = (FIXTURES / "hypothesis-export.json").read_text(encoding="utf-8")
CSV = (FIXTURES / "hypothesis-export.csv").read_text(encoding="utf-8")
HTML = (FIXTURES / "hypothesis-export.html").read_text(encoding="utf-8")
TEXT = (FIXTURES / "hypothesis-export.txt").read_text(encoding="utf-8")
CSV_HEADER = "Created at,Author,Page,URL,Group,Type,Quote/description,Comment,Tags"


def body(post: ImportedPost) -> str:
    return note_text(post).split("---\n", 2)[2]


def annotation(uri: str, exact: str | None, **fields: Any) -> dict[str, Any]:
    """An annotation as the API returns one (its fields and their order as h writes them)."""
    target: dict[str, Any] = {"source": uri}
    if exact is not None:
        target["selector"] = [
            {"type": "TextQuoteSelector", "exact": exact, "prefix": "", "suffix": ""}
        ]
    return {
        "id": fields.pop("id", "id-" + (exact or "note")[:8]),
        "created": "2024-03-01T12:00:00.000000+00:00",
        "updated": "2024-03-01T12:00:00.000000+00:00",
        "user": "acct:jo@hypothes.is",
        "uri": uri,
        "text": "",
        "tags": [],
        "group": "__world__",
        "target": [target],
        "document": {"title": ["A paper"]},
        "links": {},
        **fields,
    }


def search(*rows: dict[str, Any]) -> str:
    return json.dumps({"total": len(rows), "rows": list(rows)}, indent=2)


def test_export_gives_one_post_per_document_in_reading_order() -> None:
    archive = read_hypothesis(EXPORT, "h.json", "h.json")
    assert archive.format == ArchiveFormat.HYPOTHESIS
    assert len(archive.posts) == 2
    paper = archive.posts[0]
    assert (paper.title, paper.kind, paper.url, paper.arxiv, paper.date, paper.origin) == (
        "Attention Is All You Need",
        "paper",
        "https://arxiv.org/abs/1706.03762",
        "1706.03762",
        "2024-06-04",
        "h.json:6",
    )
    assert paper.taxonomy.tags == ("transformers", "attention", "reading-group")
    assert body(paper) == (
        "Page note:\n\n"
        "Read for the **reading group**, section 3 first.\n\n"
        "> The dominant sequence transduction models are based on complex recurrent or\n"
        "> convolutional neural networks\n>\n"
        "> — *Attention Is All You Need*, "
        "[in context](https://hyp.is/Xa1bQ2cdEe-bbbbbbbbbB/arxiv.org/abs/1706.03762)\n\n"
        "> We propose a new simple network architecture, the Transformer, based solely on "
        "attention mechanisms\n>\n"
        "> — *Attention Is All You Need*, "
        "[in context](https://hyp.is/Xa1bQ2cdEe-aaaaaaaaaA/arxiv.org/abs/1706.03762)\n\n"
        "The key idea: no recurrence. See [the blog post](https://example.org/attention) and "
        "this \\<b>bold\\</b>.\n\n"
        "Reply (tom_w, 2024-06-05):\n\n"
        "Recurrence comes back in later work, though.\n"
    )


def test_a_web_page_is_a_link_its_quote_escaped_and_no_unsafe_link_kept() -> None:
    page = read_hypothesis(EXPORT, "h.json", "h.json").posts[1]
    assert (page.title, page.kind, page.url, page.date, page.taxonomy.tags) == (
        "On notes",
        "link",
        "https://example.com/blog/on-notes",
        "2024-05-28",
        ("notes",),
    )
    assert body(page) == (
        "Page note:\n\nA figure worth redrawing.\n\n"
        "> Write \\*notes\\* for \\<your> future self\n>\n> — *On notes*\n"
    )


def test_export_problems_are_warnings_at_their_lines() -> None:
    diags = read_hypothesis(EXPORT, "h.json", "h.json").diagnostics
    assert [(d.code, d.pos.line if d.pos else 0) for d in diags] == [
        ("import-bad-annotation", 125),  # an image's selector: no `exact`, its note kept
        ("import-bad-annotation", 142),  # a reply to an annotation not in the file
        ("import-bad-annotation", 155),  # a string, not an annotation
        ("import-bad-annotation", 156),  # no `uri`
    ]
    assert "no `exact`" in diags[0].message and "not in the file" in diags[1].message
    assert all(d.hint for d in diags)


def test_api_search_results_with_several_annotators_and_a_doi() -> None:
    uri = "https://doi.org/10.1145/3290605.3300233"
    text = search(
        annotation(uri, "Second", id="b", user="acct:sam@hypothes.is", tags=["hci"]),
        annotation(uri, "First", id="a", text="*Mine*", created="2024-03-02T08:00:00+00:00"),
    )
    (post,) = read_hypothesis(text, "search.json", "search.json").posts
    assert (post.kind, post.doi, post.date, post.taxonomy.tags, post.origin) == (
        "paper",
        "10.1145/3290605.3300233",
        "2024-03-02",
        ("hci",),
        "search.json:4",
    )
    assert body(post) == (
        "> Second\n>\n> — *A paper*, by sam\n\n> First\n>\n> — *A paper*, by jo\n\n*Mine*\n"
    )


def test_highlights_with_positions_are_in_the_text_s_order() -> None:
    def placed(exact: str, start: int, created: str) -> dict[str, Any]:
        item = annotation("https://example.org/a", exact, id=exact, created=created)
        item["target"][0]["selector"].append(
            {"type": "TextPositionSelector", "start": start, "end": start + 5}
        )
        return item

    text = json.dumps(
        [placed("later", 90, "2024-01-01T00:00:00Z"), placed("early", 10, "2024-02-01T00:00:00Z")]
    )
    (post,) = read_hypothesis(text, "rows.json", "rows.json").posts
    assert body(post).index("> early") < body(post).index("> later")
    assert post.origin == "rows.json:1"


def test_lenient_fields_and_a_title_less_document() -> None:
    item = annotation("urn:x-pdf:6f3c1a", "Quoted", tags="not-a-list", text=7, document={})
    item["target"][0]["selector"].append({"type": "PageSelector", "index": 2, "label": "iii"})
    archive = read_hypothesis(search(item), "s.json", "s.json")
    (post,) = archive.posts
    assert (post.title, post.url, post.kind, post.taxonomy.tags) == (
        "urn:x-pdf:6f3c1a",
        "",
        "note",
        (),
    )
    assert body(post) == "> Quoted\n>\n> — *urn:x-pdf:6f3c1a*, page iii\n"
    assert archive.diagnostics == ()


def test_selector_without_exact_and_without_note_is_skipped() -> None:
    item = annotation("https://example.org/a", None)
    item["target"][0]["selector"] = [{"type": "RangeSelector", "startOffset": 0, "endOffset": 3}]
    archive = read_hypothesis(search(item), "s.json", "s.json")
    assert archive.posts == ()
    assert [(d.code, d.pos.line if d.pos else 0) for d in archive.diagnostics] == [
        ("import-bad-annotation", 4),
        ("import-no-posts", 1),
    ]


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('{"rows": [\n  {"uri": "x",\n  }\n]}', 3, "cannot read the export: it is not JSON"),
        ('{"rows": [{"n": ' + "1" * 5000 + "}]}", 1, "a number in it is too long"),
        ('{"rows": [' + "[" * 100_000 + "]" * 100_000 + "]}", 1, "it is nested too deep"),
        ('{"user": "acct:jo@hypothes.is", "uri": "https://a.org/", "rows": {}}', 1, "no list"),
        ('"acct:jo@hypothes.is"', 1, "no list"),
    ],
)
def test_unreadable_files_are_errors_not_crashes(text: str, line: int, words: str) -> None:
    archive = read_hypothesis(text, "bad.json", "bad.json")
    (diag,) = archive.diagnostics
    assert archive.posts == ()
    assert (diag.code, diag.pos.line if diag.pos else 0) == ("import-bad-hypothesis", line)
    assert words in diag.message


def test_recognised_by_content_and_not_mistaken_for_other_json() -> None:
    rows = search(annotation("https://a.org/", "x"))
    assert choose_reader("hypothesis.json", EXPORT) is read_hypothesis
    assert choose_reader("search-results", rows) is read_hypothesis
    assert choose_reader("export.json", json.dumps([annotation("https://a.org/", "x")])) is (
        read_hypothesis
    )
    ghost = (FIXTURES / "ghost-export.json").read_text(encoding="utf-8")
    assert choose_reader("ghost.json", ghost) is read_ghost
    assert not is_hypothesis((FIXTURES / "feed.json").read_text(encoding="utf-8"))
    # a feed quoting an annotation holds its JSON in a string, its quotes escaped
    quoted = json.dumps(
        {"version": "https://jsonfeed.org/version/1.1", "items": [{"content_text": rows}]}
    )
    assert not is_hypothesis(quoted)
    assert not is_hypothesis('{"total": 2, "rows": [{"uri": "https://a.org/", "user": "jo"}]}')


def test_safe_markdown_keeps_markdown_but_no_html_or_unsafe_links() -> None:
    text = (
        "**b** [ok](https://en.wikipedia.org/wiki/A_(b)) [bad](javascript:alert(1)) "
        "![img](data:image/svg+xml,x) [rel](/x) <https://a.org/> <script>x</script> &amp; `<i>`\n"
        "[ref]: javascript:alert(1)"
    )
    assert safe_markdown(text) == (
        "**b** [ok](https://en.wikipedia.org/wiki/A_(b)) bad img rel <https://a.org/> "
        "\\<script>x\\</script> \\&amp; `<i>`\n\\[ref]: javascript:alert(1)"
    )


def test_reimport_changes_nothing(tmp_path: Path) -> None:
    src = tmp_path / "hypothesis.json"
    src.write_text(EXPORT, encoding="utf-8")
    first = import_files([src], tmp_path / "notes", tmp_path)
    assert len(first.written) == 2
    again = import_files([src], tmp_path / "notes", tmp_path)
    assert (again.written, len(again.unchanged)) == ((), 2)


def test_csv_export_gives_the_json_s_note_but_for_what_it_does_not_hold() -> None:
    archive = read_hypothesis_csv(CSV, "h.csv", "h.csv")
    assert archive.format == ArchiveFormat.HYPOTHESIS
    (paper,) = archive.posts
    from_json = read_hypothesis(EXPORT, "h.json", "h.json").posts[0]
    # the same document, day and tags as the JSON export of the same annotations gives
    assert (paper.kind, paper.url, paper.arxiv, paper.date, paper.taxonomy.tags) == (
        from_json.kind,
        from_json.url,
        from_json.arxiv,
        from_json.date,
        from_json.taxonomy.tags,
    )
    # no title in the CSV: its address stands for it; no places: highlights in the order made;
    # no links in context; the reply left out (told below)
    assert (paper.title, paper.origin) == ("https://arxiv.org/abs/1706.03762", "h.csv:2")
    assert body(paper) == (
        "Page note:\n\n"
        "Read for the **reading group**, section 3 first.\n\n"
        "> We propose a new simple network architecture, the Transformer, based solely on "
        "attention mechanisms\n>\n"
        "> — *https://arxiv.org/abs/1706.03762*\n\n"
        "The key idea: no recurrence. See [the blog post](https://example.org/attention) and "
        "this \\<b>bold\\</b>.\n\n"
        "> The dominant sequence transduction models are based on complex recurrent or\n"
        "> convolutional neural networks\n>\n"
        "> — *https://arxiv.org/abs/1706.03762*\n"
    )
    (diag,) = archive.diagnostics
    assert (diag.code, diag.pos.line if diag.pos else 0) == ("import-bad-annotation", 6)
    assert "does not say which annotation it answers" in diag.message


def test_csv_copied_with_tabs_and_its_rows_problems() -> None:
    rows = [
        # the exporter's own quoting of a tab and of quotes (its tests' rows)
        "2024-03-01 12:00\tjane\t\thttp://example.com\tMy group\tAnnotation"
        '\t"includes \t tabs"\tAnnotation text\tfoo,bar',
        "2024-03-01 12:05\tbill\t23\thttp://example.com\tMy group\tHighlight"
        '\t"includes ""double quotes"", and commas"\t\t',
        "2024-03-01 12:06\tbill\tiii\thttp://example.com\tMy group\tHighlight\t\t\t",
        "2024-03-01 12:07\tbill\t\thttp://example.com\tMy group\tAnnotation\t\tSeen.\t",
        "2024-03-01 12:08\tbill\t\t\tMy group\tAnnotation\tlost\tits URL\t",
        "2024-03-01 12:09\tbill\t\thttp://example.com\tMy group\tNote\tx\ty\t",
        "2024-02-01 09:00\tbill\t\thttp://example.com\tMy group\tComment\t\tFirst.\tfoo",
    ]
    text = CSV_HEADER.replace(",", "\t") + "\n" + "\n".join(rows)
    assert choose_reader("copied.txt", text) is read_hypothesis_csv
    archive = read_hypothesis_csv(text, "c.txt", "c.txt")
    (post,) = archive.posts
    assert (post.title, post.url, post.kind, post.date, post.taxonomy.tags) == (
        "http://example.com",
        "http://example.com",
        "link",
        "2024-03-01",
        ("foo", "bar"),
    )
    assert body(post) == (
        "Page note by bill:\n\nFirst.\n\n"
        "Page note by bill:\n\nSeen.\n\n"
        "> includes \t tabs\n>\n> — *http://example.com*, by jane\n\nAnnotation text\n\n"
        '> includes "double quotes", and commas\n>\n> — *http://example.com*, page 23, by bill\n'
    )
    assert [(d.code, d.pos.line if d.pos else 0) for d in archive.diagnostics] == [
        ("import-bad-annotation", 4),  # a highlight quoting nothing, without a comment
        ("import-bad-annotation", 5),  # quoting nothing: its comment kept as a page note
        ("import-bad-annotation", 6),  # no URL
        ("import-bad-annotation", 7),  # a type the exporter never writes
    ]
    assert "skipped" in archive.diagnostics[0].message
    assert "kept as a note on the page" in archive.diagnostics[1].message
    assert "URL" in archive.diagnostics[2].message and "`Note`" in archive.diagnostics[3].message


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        (
            CSV_HEADER
            + '\n2024-03-01 12:00,jo,,https://a.org/,G,Annotation,"'
            + "x" * 200_000
            + '"',
            "import-bad-csv",
            "not valid CSV",
        ),
        (CSV_HEADER, "import-no-posts", "nothing imported"),
    ],
)
def test_unreadable_or_empty_csv_is_a_diagnostic_not_a_crash(
    text: str, code: str, words: str
) -> None:
    archive = read_hypothesis_csv(text, "bad.csv", "bad.csv")
    (diag,) = archive.diagnostics
    assert archive.posts == ()
    assert diag.code == code and words in diag.message


def test_csv_recognised_by_its_header_and_other_csvs_kept_by_their_readers() -> None:
    assert choose_reader("2024-06-10-Attention-Public.csv", CSV) is read_hypothesis_csv
    assert choose_reader("annotations", "\ufeff" + CSV) is read_hypothesis_csv
    readwise = (FIXTURES / "readwise.csv").read_text(encoding="utf-8")
    assert not is_hypothesis_csv(readwise)
    assert choose_reader("readwise.csv", readwise) is read_readwise
    assert choose_reader("b.csv", "URL,Title,Selection,Folder,Timestamp\n") is read_bookmarks
    # one column short, or another's name: not the exporter's header
    short = CSV_HEADER.rsplit(",", 1)[0]
    assert choose_reader("h.csv", short + "\n") is read_other_csv
    assert choose_reader("h.csv", CSV_HEADER.replace("Comment", "Note") + "\n") is read_other_csv
    clippings = (FIXTURES / "My Clippings.txt").read_text(encoding="utf-8-sig")
    assert choose_reader("My Clippings.txt", clippings) is read_kindle
    assert choose_reader("hypothesis.json", EXPORT) is read_hypothesis
    for other in ("rss.xml", "atom.xml", "feed.json", "ghost-export.json", "listing.html"):
        assert not is_hypothesis_csv((FIXTURES / other).read_text(encoding="utf-8"))


def test_csv_reimport_changes_nothing(tmp_path: Path) -> None:
    src = tmp_path / "hypothesis.csv"
    src.write_text(CSV, encoding="utf-8")
    first = import_files([src], tmp_path / "notes", tmp_path)
    assert len(first.written) == 1
    again = import_files([src], tmp_path / "notes", tmp_path)
    assert (again.written, len(again.unchanged)) == ((), 1)


def test_html_export_gives_the_json_s_note_but_for_what_it_does_not_hold() -> None:
    archive = read_hypothesis_html(HTML, "h.html", "h.html")
    (paper,) = archive.posts
    from_json = read_hypothesis(EXPORT, "h.json", "h.json").posts[0]
    assert (paper.title, paper.kind, paper.url, paper.arxiv, paper.date, paper.taxonomy.tags) == (
        from_json.title,
        from_json.kind,
        from_json.url,
        from_json.arxiv,
        from_json.date,
        from_json.taxonomy.tags,
    )
    assert paper.origin == "h.html:54"  # the first <article>
    # no places: highlights in the order made; no links in context; the comment read back from
    # its rendered HTML (the <b> the client let through is bold, its link without href is text)
    assert body(paper) == (
        "Page note:\n\n"
        "Read for the **reading group**, section 3 first.\n\n"
        "> We propose a new simple network architecture, the Transformer, based solely on "
        "attention mechanisms\n>\n"
        "> — *Attention Is All You Need*\n\n"
        "The key idea: no recurrence. See [the blog post](https://example.org/attention) and "
        "this **bold**.\n\n"
        "> The dominant sequence transduction models are based on complex recurrent or\n"
        "> convolutional neural networks\n>\n"
        "> — *Attention Is All You Need*\n"
    )
    (diag,) = archive.diagnostics
    assert (diag.code, diag.pos.line if diag.pos else 0) == ("import-bad-annotation", 158)
    assert "HTML export does not say which annotation it answers" in diag.message


def html_export(*articles: str, link: str = "http://example.com") -> str:
    """An HTML export in the exporter's shape (its test's document), holding `articles`."""
    anchor = f'<a href="{link}" target="_blank">{link}</a>' if link else ""
    return (
        '<html lang="en">\n  <head>\n    <title>\n      Annotations on &quot;A special document'
        '&quot;\n    </title>\n    <meta charset="UTF-8" />\n  </head>\n  <body>\n'
        "    <section>\n      <h1>Summary</h1>\n      <p>\n        <strong>A special document"
        f"</strong>\n      </p>\n      <p>\n        {anchor}\n      </p>\n    </section>\n"
        "    <hr />\n    <section>\n      <h1>Annotations</h1>\n"
        + "".join(articles)
        + "    </section>\n  </body>\n</html>"
    )


def article(*rows: tuple[str, str]) -> str:
    cells = "".join(f"<tr><td>{label}:</td><td>{value}</td></tr>\n" for label, value in rows)
    return f"      <article>\n<h2>Annotation:</h2>\n<table><tbody>\n{cells}</tbody></table>\n</article>\n"


def test_html_export_s_quotes_descriptions_and_comments_made_safe() -> None:
    made = ("Created at", '<time datetime="2024-03-01T12:00:00.000Z">2024-03-01 13:00</time>')
    text = html_export(
        article(
            made,
            ("Author", "bill"),
            ("Page", "23"),
            ("Type", "Annotation"),
            (
                "Quote",
                '<blockquote style="margin:0px;">includes &lt;p>HTML&lt;/p> tags</blockquote>',
            ),
            (
                "Comment",
                '<p>See <a href="javascript:alert(1)">this</a></p><script>alert(2)</script>',
            ),
            ("Tags", "tag_1, tag_2"),
        ),
        article(
            made,
            ("Author", "jane"),
            ("Type", "Annotation"),
            ("Description", "an *image*"),
            ("Comment", "Annotation text"),
        ),
        article(made, ("Author", "jane"), ("Type", "Highlight"), ("Comment", "")),
        article(made, ("Author", "jane"), ("Type", "Note"), ("Comment", "x")),
    )
    assert choose_reader("export.html", text) is read_hypothesis_html
    archive = read_hypothesis_html(text, "e.html", "e.html")
    (post,) = archive.posts
    assert (post.title, post.url, post.date, post.taxonomy.tags) == (
        "A special document",
        "http://example.com",
        "2024-03-01",
        ("tag_1", "tag_2"),
    )
    assert body(post) == (
        "Page note by jane:\n\nImage: an \\*image\\*\n\nAnnotation text\n\n"
        "> includes \\<p>HTML\\</p> tags\n>\n> — *A special document*, page 23, by bill\n\n"
        "See this\n"
    )
    # each told at its <article>'s line: the image's (no quote, its comment a page note), the
    # highlight's quoting nothing without a comment, the one of a type the exporter never writes
    starts = [n for n, line in enumerate(text.split("\n"), 1) if "<article>" in line]
    assert [(d.code, d.pos.line if d.pos else 0) for d in archive.diagnostics] == [
        ("import-bad-annotation", line) for line in starts[1:]
    ]
    assert "kept as a note on the page" in archive.diagnostics[0].message
    assert "skipped" in archive.diagnostics[1].message
    assert "`Note`" in archive.diagnostics[2].message


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (
            html_export(article(("Type", "Page note"), ("Comment", "x")), link=""),
            "import-bad-hypothesis",
        ),
        (html_export(), "import-no-posts"),
        (html_export("<article><table><tr><td>Type:"), "import-bad-annotation"),
    ],
)
def test_malformed_html_export_is_a_diagnostic_not_a_crash(text: str, code: str) -> None:
    archive = read_hypothesis_html(text, "bad.html", "bad.html")
    assert archive.posts == ()
    assert [d.code for d in archive.diagnostics][:1] == [code]


def test_html_export_recognised_and_saved_pages_kept_by_their_readers() -> None:
    assert is_hypothesis_html(HTML)
    assert choose_reader("Annotations.html", HTML) is read_hypothesis_html
    assert choose_reader("annotations", HTML) is read_hypothesis_html
    assert choose_reader("single.html", (FIXTURES / "single.html").read_text()) is read_webpage
    for page in ("headings.html", "listing.html", "single.html", "medium-post.html"):
        assert not is_hypothesis_html((FIXTURES / page).read_text(encoding="utf-8"))
    medium = (FIXTURES / "medium-post.html").read_text(encoding="utf-8")
    assert choose_reader("medium-post.html", medium) is read_medium
    # a page about such exports, titled so but without the export's sections, is a page
    page = '<html><head><title>Annotations on "X"</title></head><body><h1>Summary</h1></body>'
    assert choose_reader("p.html", page) is read_webpage


def test_html_reimport_changes_nothing(tmp_path: Path) -> None:
    src = tmp_path / "hypothesis.html"
    src.write_text(HTML, encoding="utf-8")
    first = import_files([src], tmp_path / "notes", tmp_path)
    assert len(first.written) == 1
    again = import_files([src], tmp_path / "notes", tmp_path)
    assert (again.written, len(again.unchanged)) == ((), 1)


def test_a_csv_row_no_csv_reader_reads_is_told_at_the_line_it_starts_on() -> None:
    good = "2024-03-01 12:00,jo,,https://a.org/,G,Annotation,words,,\n"
    text = f'{CSV_HEADER}\n{good}{good}2024-03-01 12:00,jo,,https://a.org/,G,Annotation,"{"x" * 200_000}"'
    (diag,) = read_hypothesis_csv(text, "bad.csv", "bad.csv").diagnostics
    assert diag.code == "import-bad-csv" and diag.pos is not None and diag.pos.line == 4


def test_csv_the_client_wrote_before_it_said_each_type_gives_the_same_note() -> None:
    rows = list(csv.reader(io.StringIO(CSV, newline="")))
    older = [[*rows[0][:5], "Annotation/Reply Type", "Quote", *rows[0][7:]]]
    for row in rows[1:]:  # a reply, else an annotation; the older client's date
        kind = "Reply" if row[5] == "Reply" else "Annotation"
        older.append(["Monday, 3 June 2024, 10:15", *row[1:5], kind, *row[6:]])
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(older)
    text = out.getvalue()
    assert text.startswith("Created at,Author,Page,URL,Group,Annotation/Reply Type,Quote,Comment,")
    assert choose_reader("hypothesis.csv", text) is read_hypothesis_csv
    archive = read_hypothesis_csv(text, "h.csv", "h.csv")
    newer = read_hypothesis_csv(CSV, "h.csv", "h.csv")
    assert [body(p) for p in archive.posts] == [body(p) for p in newer.posts]  # the page note too
    assert [(d.code, d.pos and d.pos.line) for d in archive.diagnostics] == [
        ("import-bad-annotation", 6)  # the reply, which it says is one
    ]


def test_html_the_client_wrote_before_it_said_each_type_keeps_every_annotation() -> None:
    made = ("Created at", '<time datetime="2024-03-01T12:00:00.000Z">Friday, 1 March 2024</time>')
    text = html_export(
        article(
            made,
            ("Author", "jo"),
            ("Quote", "<blockquote>the words</blockquote>"),
            ("Comment", "Mine."),
        ),
        article(
            made,
            ("Author", "jo"),
            ("Quote", "<blockquote></blockquote>"),
            ("Comment", "On it all."),
        ),
    )
    archive = read_hypothesis_html(text, "e.html", "e.html")
    (post,) = archive.posts
    assert archive.diagnostics == ()
    assert body(post) == (
        "Page note:\n\nOn it all.\n\n> the words\n>\n> — *A special document*\n\nMine.\n"
    )


def test_text_export_gives_the_note_the_other_exports_give() -> None:
    assert (
        is_hypothesis_text(TEXT) and choose_reader("annotations.txt", TEXT) is read_hypothesis_text
    )
    archive = read_hypothesis_text(TEXT, "h.txt", "h.txt")
    (paper,) = archive.posts
    assert (paper.kind, paper.title, paper.arxiv, paper.date, paper.origin) == (
        "paper",
        "Attention Is All You Need",  # the summary's title
        "1706.03762",
        "2024-06-05",
        "h.txt:10",
    )
    assert paper.taxonomy.tags == ("transformers", "attention", "reading-group")
    assert body(paper) == (
        "Page note by mira_k:\n\n"
        "Read for the **reading group**, section 3 first.\n\n"
        "Page note by tom_w:\n\n"
        "Image: A figure of the model's layers\n\n"
        "> We propose a new simple network architecture, the Transformer, based solely on "
        "attention mechanisms\n>\n"
        "> — *Attention Is All You Need*, by mira_k\n\n"
        # a comment over lines: its blank line, and a line that numbers no next annotation
        "The key idea: no recurrence. See [the blog post](https://example.org/attention) and "
        "this \\<b>bold\\</b>.\n\n"
        "Annotation 3: is how I number my own list, not the exporter's\n\n"
        # a quote over lines, one of them starting as a label does
        "> The dominant sequence transduction models are based on complex recurrent or\n"
        "> Comment: convolutional neural networks\n>\n"
        "> — *Attention Is All You Need*, by mira_k\n"
    )
    assert [(d.code, d.pos and d.pos.line) for d in archive.diagnostics] == [
        ("import-bad-annotation", 35),  # the reply: the export does not say what it answers
        ("import-bad-annotation", 41),  # an image's highlight: its description kept as a note
    ]


def test_text_export_the_client_wrote_before_it_said_each_type() -> None:
    text = (
        "Friday, 1 March 2024, 13:00\nA special document\nhttp://example.com\nGroup: Public\n"
        "Total users: 1\nUsers: jo\nTotal annotations: 2\nTotal replies: 0\n\n"
        'Annotation 1:\nCreated at: Friday, 1 March 2024, 12:00\nAuthor: jo\nQuote: "null"\n'
        "Comment: On it all.\n\n"
        'Annotation 2:\nCreated at: Friday, 1 March 2024, 12:01\nAuthor: jo\nQuote: "the words"\n'
        "Comment: \nTags: a, b"
    )
    archive = read_hypothesis_text(text.replace("\n", "\r\n"), "t.txt", "t.txt")
    (post,) = archive.posts
    assert (archive.diagnostics, post.date, post.taxonomy.tags) == ((), "2024-03-01", ("a", "b"))
    assert body(post) == "Page note:\n\nOn it all.\n\n> the words\n>\n> — *A special document*\n"


@pytest.mark.parametrize(
    "text",
    [
        TEXT.replace("Total replies: 1", "Replies: 1"),  # a summary not the exporter's
        "Created at: 2024-06-03\nAuthor: jo\nQuote: x\n",
        (FIXTURES / "hypothesis-export.csv").read_text(encoding="utf-8"),
    ],
)
def test_text_export_told_by_its_whole_summary(text: str) -> None:
    assert not is_hypothesis_text(text)
    assert choose_reader("notes.txt", text) is not read_hypothesis_text


def test_text_export_naming_no_address_is_an_error() -> None:
    lines = TEXT.split("\n")
    archive = read_hypothesis_text("\n".join([*lines[:2], "", *lines[3:]]), "t.txt", "t.txt")
    assert archive.posts == ()
    assert [(d.code, d.is_error) for d in archive.diagnostics] == [("import-bad-hypothesis", True)]


def test_text_export_holding_no_annotation_says_so_and_does_not_crash() -> None:
    summary = TEXT[: TEXT.index("Annotation 1:")]
    archive = read_hypothesis_text(summary, "t.txt", "t.txt")
    assert archive.posts == ()
    assert [d.code for d in archive.diagnostics] == ["import-no-posts"]
