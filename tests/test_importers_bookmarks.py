"""Bookmarks exports as CSV: one link note per bookmark; any other CSV is refused, not read as text."""

from __future__ import annotations

from notebase.importers.bookmarks import read_bookmarks
from notebase.importers.formats import read_input
from notebase.importers.model import ArchiveFormat
from notebase.importers.render import note_text

# the shape of a real Instapaper export (stephenmatheis/bookmarks' instapaper-export.csv)
INSTAPAPER = """URL,Title,Selection,Folder,Timestamp
https://landings.dev/,Landings - Landing Page Examples,,Unread,1692762914
https://e.example.org/post,"A post, quoted","The words
I highlighted.",Design,1692762472
javascript:alert(1),,,Unread,1692762493
"""


def test_each_bookmark_is_a_link_note_with_its_selection_quoted() -> None:
    archive = read_input(INSTAPAPER, "instapaper-export.csv", "instapaper-export.csv")
    landings, post = archive.posts
    assert (landings.title, landings.kind, landings.url, landings.date) == (
        "Landings - Landing Page Examples",
        "link",
        "https://landings.dev/",
        "2023-08-23",
    )
    assert landings.taxonomy.categories == ()  # Unread is where it is in the reading, no topic
    assert (post.title, post.origin, post.taxonomy.categories) == (
        "A post, quoted",
        "instapaper-export.csv:3",
        ("Design",),
    )
    assert note_text(post).endswith("---\n> The words\n> I highlighted.\n")
    [skipped] = archive.diagnostics
    assert (skipped.code, skipped.pos.line) == ("import-bad-bookmark", 5)


def test_columns_are_found_by_name_tags_and_dates_as_raindrop_writes_them() -> None:
    raindrop = (
        "id,title,note,excerpt,url,folder,tags,created\n"
        '1,Paper,my take,Its abstract.,https://arxiv.org/abs/2502.16982,ML,"optim, ml",'
        "2025-03-01T10:00:00.000Z\n"
    )
    [post] = read_bookmarks(raindrop, "r.csv", "r.csv").posts
    assert (post.kind, post.arxiv, post.date) == ("paper", "2502.16982", "2025-03-01")
    assert post.taxonomy.tags == ("optim", "ml")
    assert note_text(post).endswith("---\n> Its abstract.\n\nmy take\n")


def test_a_csv_of_no_export_notebase_reads_is_an_error_naming_its_columns() -> None:
    archive = read_input("a,b\n1,2\n", "sales.csv", "sales.csv")
    assert archive.posts == ()
    [diag] = archive.diagnostics
    assert diag.code == "import-bad-csv" and "the columns a, b" in diag.message


def test_a_reading_list_of_bare_urls_is_a_link_note_per_url() -> None:
    # myagues/reading_list's reading_list.txt: one URL a line
    text = "https://grafik.agency/insight/wave\n\n- https://arxiv.org/abs/2502.16982\n"
    archive = read_input(text, "reading_list.txt", "reading_list.txt")
    assert [(p.title, p.kind, p.url, p.origin) for p in archive.posts] == [
        (
            "grafik.agency/insight/wave",
            "link",
            "https://grafik.agency/insight/wave",
            "reading_list.txt:1",
        ),
        (
            "arxiv.org/abs/2502.16982",
            "paper",
            "https://arxiv.org/abs/2502.16982",
            "reading_list.txt:3",
        ),
    ]


def test_a_text_with_urls_among_its_words_is_no_reading_list() -> None:
    text = "Tag: ml\n\n  • A post\n\n    https://e.org/a\n"
    assert read_input(text, "t.txt", "t.txt").posts[0].title == "A post"


def test_a_timestamp_past_the_calendar_is_no_date_and_no_crash() -> None:
    [post] = read_bookmarks(
        "URL,Title,Timestamp\nhttps://a.org/,A,99999999999999999999\n", "b.csv", "b.csv"
    ).posts
    assert (post.title, post.date) == ("A", "")


# three columns of the header and two rows of a Readwise Reader export (its own CSV layout)
READER = (
    "id,url,source_url,title,author,location,tags,published_date,saved_at\n"
    "01k5,https://read.readwise.io/read/01k5,https://www.youtube.com/watch?v=i27tjR5Zjxw,"
    "Truckin',Nextlander,archive,\"{'skipped': {'name': 'skipped', 'type': 'manual'}}\","
    "2025-09-24,2025-09-24T20:43:44.576000+00:00\n"
    "01k6,https://read.readwise.io/read/01k6,https://e.org/post,Post,,feed,{},"
    "2025-09-26,2025-09-27T00:10:04.204000+00:00\n"
)


def test_a_readwise_reader_export_links_the_document_with_its_tags_author_and_date() -> None:
    posts = read_bookmarks(READER, "reader.csv", "reader.csv").posts
    assert [(p.url, p.taxonomy.tags, p.authors, p.date) for p in posts] == [
        (
            "https://www.youtube.com/watch?v=i27tjR5Zjxw",
            ("skipped",),
            ("Nextlander",),
            "2025-09-24",
        ),
        ("https://e.org/post", (), (), "2025-09-27"),
    ]


POCKET = """<!DOCTYPE html>
<html><head><title>Pocket Export</title></head><body>
<h1>Unread</h1>
<ul>
<li><a href="https://os.phil-opp.com/async-await/" time_added="1585609524" tags="rust,os">Async/Await</a></li>
<li><a href="https://golem.ph.utexas.edu/category/2019/09/rh.html" time_added="1568025528" tags="">RH</a></li>
</ul>
<h1>Read Archive</h1>
<ul><li><a href="https://arxiv.org/abs/1706.03762" time_added="1500000000" tags="papers">Attention</a></li></ul>
</body></html>
"""

NETSCAPE = """<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3>Bookmarks bar</H3>
    <DL><p>
        <DT><H3>ML Papers</H3>
        <DL><p>
            <DT><A HREF="https://arxiv.org/abs/2502.16982" ADD_DATE="1700000000" TAGS="optim">Muon</A>
            <DD>Orthogonalised momentum &amp; more.
        </DL><p>
        <DT><A HREF="https://example.org/top" ADD_DATE="1600000001">Top</A>
        <DT><A HREF="javascript:alert(1)">bookmarklet</A>
    </DL><p>
</DL><p>
"""


def test_pocket_s_html_export_is_a_link_note_per_bookmark() -> None:
    archive = read_input(POCKET, "ril_export.html", "ril_export.html")
    assert [
        (p.title, p.kind, p.url, p.date, p.taxonomy.tags, p.taxonomy.categories, p.origin)
        for p in archive.posts
    ] == [
        (
            "Async/Await",
            "link",
            "https://os.phil-opp.com/async-await/",
            "2020-03-30",
            ("rust", "os"),
            (),
            "ril_export.html:5",
        ),
        (
            "RH",
            "link",
            "https://golem.ph.utexas.edu/category/2019/09/rh.html",
            "2019-09-09",
            (),
            (),
            "ril_export.html:6",
        ),
        (
            "Attention",
            "paper",
            "https://arxiv.org/abs/1706.03762",
            "2017-07-14",
            ("papers",),
            (),
            "ril_export.html:9",
        ),
    ]


def test_a_browser_s_bookmarks_file_keeps_folders_as_categories_and_descriptions() -> None:
    archive = read_input(NETSCAPE, "bookmarks.html", "bookmarks.html")
    assert [(p.title, p.taxonomy.categories, p.date) for p in archive.posts] == [
        ("Muon", ("ML Papers",), "2023-11-14"),
        ("Top", (), "2020-09-13"),  # the browser's own folder is no category
    ]
    assert note_text(archive.posts[0]).endswith("---\nOrthogonalised momentum & more.\n")
    [skipped] = archive.diagnostics
    assert (skipped.code, str(skipped.pos)) == ("import-bad-bookmark", "bookmarks.html:13")


def test_a_bookmark_s_address_with_spaces_is_sent_as_a_browser_sends_it() -> None:
    page = POCKET.replace(
        "https://os.phil-opp.com/async-await/", "https://e.org/Draft Model (13).pdf"
    )
    archive = read_input(page, "ril_export.html", "ril_export.html")
    assert archive.posts[0].url == "https://e.org/Draft%20Model%20(13).pdf"
    assert archive.diagnostics == ()


def test_a_bookmarks_file_with_a_malformed_marked_section_is_read_all_the_same() -> None:
    text = NETSCAPE.replace("<DL><p>\n", "<DL><p>\n<![ broken\n", 1)
    archive = read_input(text, "bookmarks.html", "bookmarks.html")
    assert [p.title for p in archive.posts] == ["Muon", "Top"]


def test_a_pocket_export_with_its_head_cut_off_is_read_by_its_saved_links() -> None:
    page = (
        '<html><body><li><a href="https://a.example.org/x" tags="" time_added="1660754879">X</a>'
        '</li><li><a href="https://b.example.org/y" tags="" time_added="1511126327">Y</a></li>'
    )
    archive = read_input(page, "ril_export.html", "ril_export.html")
    assert [(p.title, p.url, p.date) for p in archive.posts] == [
        ("X", "https://a.example.org/x", "2022-08-17"),
        ("Y", "https://b.example.org/y", "2017-11-19"),
    ]


def test_a_page_with_one_saved_link_is_no_bookmarks_export() -> None:
    page = '<html><body><p>See <a href="https://a.example.org/x" time_added="1">x</a>.</p>'
    archive = read_input(page, "page.html", "page.html")
    assert archive.format != ArchiveFormat.BOOKMARKS


def test_firefoxs_own_place_queries_are_left_out_without_a_warning() -> None:
    text = NETSCAPE.replace(
        "<DL><p>\n    <DT><H3>Bookmarks bar</H3>",
        '<DL><p>\n    <DT><A HREF="place:sort=8&amp;maxResults=10">Recently Bookmarked</A>\n'
        "    <DT><H3>Bookmarks bar</H3>",
        1,
    )
    archive = read_input(text, "bookmarks.html", "bookmarks.html")
    assert [p.title for p in archive.posts] == ["Muon", "Top"]
    assert [d.message for d in archive.diagnostics] == [
        "bookmark 'javascript:alert(1)' is no http(s) URL: skipped"
    ]


def test_a_tab_separated_bookmarks_export_is_read() -> None:
    text = "URL\tTitle\tTags\nhttps://a.example.org/x\tX, with a comma\tweb\n"
    archive = read_input(text, "bookmarks.csv", "bookmarks.csv")
    assert [(p.title, p.url, p.taxonomy.tags) for p in archive.posts] == [
        ("X, with a comma", "https://a.example.org/x", ("web",))
    ]


def test_a_bookmark_titled_only_by_its_address_is_titled_as_a_reading_list_s_url() -> None:
    # Pocket's CSV export (omerkocaaga/Vault's part_000000.csv) and HTML export (dandavison/pocket):
    # 371 of their 1,007 bookmarks are titled by their address, a page Pocket never read
    pocket = (
        "title,url,time_added,tags,status\n"
        "https://www.gsd.harvard.edu/,https://www.gsd.harvard.edu/,1616419496,web design,unread\n"
        "https://github.com/x/Hiring Documents/Guide.md,https://github.com/x/Hiring Documents/Guide.md,"
        "1616419496,,unread\n"
        "Milton Glaser,https://www.miltonglaser.com/,1583333313,,unread\n"
        ",https://example.org/untitled/,1583333313,,unread\n"
    )
    posts = read_input(pocket, "part_000000.csv", "part_000000.csv").posts
    assert [(p.title, p.url) for p in posts] == [
        ("www.gsd.harvard.edu", "https://www.gsd.harvard.edu/"),
        (
            "github.com/x/Hiring Documents/Guide.md",
            "https://github.com/x/Hiring%20Documents/Guide.md",
        ),
        ("Milton Glaser", "https://www.miltonglaser.com/"),
        ("example.org/untitled", "https://example.org/untitled/"),
    ]
