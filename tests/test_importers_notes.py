"""Posts -> planned notes: copies of one post from several files become one note."""

from __future__ import annotations

from pathlib import Path

from notebase.importers import import_files

ATOM = """<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://blog.example.org/"/>
<entry><title>New Gig</title><link href="https://blog.example.org/new-gig.html"/>
<author><name>Martin Wood</name></author><category term="git"/><updated>2012-05-01</updated>
<content type="html">&lt;p&gt;Starting today.&lt;/p&gt;</content></entry></feed>
"""
RSS = """<rss><channel><link>https://blog.example.org/</link>
<item><title>New Gig</title><link>https://blog.example.org/new-gig.html</link>
<category>Career</category>
<description>&lt;p&gt;Starting today.&lt;/p&gt;</description></item></channel></rss>
"""


def test_a_blogs_rss_and_atom_copies_of_a_post_are_one_note_with_what_either_says(
    tmp_path: Path,
) -> None:
    (tmp_path / "index.xml").write_text(RSS, encoding="utf-8")
    (tmp_path / "atom.xml").write_text(ATOM, encoding="utf-8")
    paths = [tmp_path / "index.xml", tmp_path / "atom.xml"]
    out = import_files(paths, tmp_path / "n", tmp_path)
    assert (out.written, out.diagnostics) == (("n/new-gig.md",), ())
    text = (tmp_path / "n/new-gig.md").read_text(encoding="utf-8")
    assert "authors: [Martin Wood]\n" in text and "date: 2012-05-01\n" in text
    assert "tags: [Career, git]\n" in text


def test_a_page_saying_its_index_html_and_its_feed_item_are_one_note(tmp_path: Path) -> None:
    """A built Hexo site (lingyixia's, NexT): each page's `og:url` says `…/dbd/index.html`, its
    atom.xml's entry `…/dbd/`; 108 posts were two notes each, a duplicate-title warning each."""
    atom = ATOM.replace("new-gig.html", "2021/11/20/dbd/")
    (tmp_path / "atom.xml").write_text(atom, encoding="utf-8")
    page = (
        '<html><head><meta property="og:url" content="https://blog.example.org/2021/11/20/dbd/'
        'index.html"><title>New Gig</title></head><body><main><h1>New Gig</h1>'
        "<p>Starting today, and more.</p></main></body></html>"
    )
    (tmp_path / "dbd.html").write_text(page, encoding="utf-8")
    out = import_files([tmp_path / "atom.xml", tmp_path / "dbd.html"], tmp_path / "n", tmp_path)
    assert out.written == ("n/new-gig.md",)
    assert [d.code for d in out.diagnostics] == ["import-same-page"]


def test_copies_naming_different_authors_are_two_notes(tmp_path: Path) -> None:
    (tmp_path / "atom.xml").write_text(ATOM, encoding="utf-8")
    # (not one page: two pages of one page's address are one note, import-same-page)
    other = ATOM.replace("Martin Wood", "Ann Lee").replace("new-gig.html", "ann/new-gig.html")
    (tmp_path / "other.xml").write_text(other, encoding="utf-8")
    out = import_files([tmp_path / "atom.xml", tmp_path / "other.xml"], tmp_path / "n", tmp_path)
    assert out.written == ("n/new-gig-2.md", "n/new-gig.md")
    assert [d.code for d in out.diagnostics] == ["import-duplicate-title"]


def test_a_bookmarks_export_s_many_pages_of_one_title_are_one_warning(tmp_path: Path) -> None:
    """A browser's bookmarks of many sites' "Home" and "About" pages: every bookmark a note of
    its own (its title as the site says it), and one warning a title, not one a bookmark."""
    marks = [
        f'<DT><A HREF="https://s{i}.example.org/" ADD_DATE="1700000000">Home</A>' for i in range(6)
    ]
    marks += ['<DT><A HREF="https://a.example.org/about">About</A>'] * 1
    marks += ['<DT><A HREF="https://b.example.org/about">About</A>']
    text = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<DL><p>\n"
    (tmp_path / "bookmarks.html").write_text(text + "\n".join(marks) + "\n</DL><p>\n", "utf-8")
    out = import_files([tmp_path / "bookmarks.html"], tmp_path / "n", tmp_path)
    assert len(out.written) == 8
    assert [(d.code, d.message) for d in out.diagnostics] == [
        (
            "import-duplicate-title",
            "5 other posts are also titled 'Home' but their text or source differs:"
            " imported as home-2, home-3, home-4 and 2 more",
        ),
        (
            "import-duplicate-title",
            "another post is also titled 'About' but its text or source differs: imported as about-2",
        ),
    ]
