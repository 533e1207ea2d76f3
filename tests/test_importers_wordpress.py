"""WordPress's export (WXR): its posts and pages as WordPress shows them, the rest left out."""

from __future__ import annotations

from notebase.importers.feeds import read_feed
from notebase.importers.model import ImportedPost
from notebase.importers.render import note_text
from notebase.importers.wordpress import shown_html

# the shape of a real WordPress.com export (VincentTam/vincenttam.github.io's wordpress.xml)
ITEM = """<item><title>{title}</title><link>https://b.example.org/{title}/</link>
<pubDate>Tue, 04 Feb 2014 06:11:58 +0000</pubDate><category>Vim</category>
<content:encoded><![CDATA[{content}]]></content:encoded>
<wp:post_type>{kind}</wp:post_type><wp:status>{status}</wp:status></item>
"""
EXPORT = """<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
 xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Blog</title>
<link>https://b.example.org</link>
{items}</channel></rss>"""
STORED = """First line
second line with <a href="/about/">a link</a>.

Errors like this:
[code language="python" gutter="false"]
if a &lt; b:

    print(a)
[/code]
After the code."""


def export(*items: tuple[str, str, str, str]) -> str:
    rows = (ITEM.format(title=t, content=c, kind=k, status=s) for t, c, k, s in items)
    return EXPORT.format(items="".join(rows))


def body(post: ImportedPost) -> str:
    return note_text(post).split("---\n", 2)[2]


def test_a_posts_stored_text_becomes_paragraphs_line_breaks_and_code() -> None:
    [post] = read_feed(export(("Post", STORED, "post", "publish")), "wp.xml", "wp.xml").posts
    assert body(post) == (
        "First line\\\nsecond line with [a link](https://b.example.org/about/).\n\n"
        "Errors like this:\n\n```python\nif a < b:\n\n    print(a)\n```\n\nAfter the code.\n"
    )
    assert (post.kind, post.url, post.taxonomy.tags, post.date) == (
        "note",
        "",
        ("Vim",),
        "2014-02-04",
    )


def test_attachments_and_menu_items_are_left_out_and_drafts_are_drafts() -> None:
    text = export(
        ("Post", "Text.", "post", "publish"),
        ("Page", "About me.", "page", "publish"),
        ("Later", "Not yet.", "post", "draft"),
        ("photo", "", "attachment", "inherit"),
        ("Home", "", "nav_menu_item", "publish"),
        ("Gone", "Deleted.", "post", "trash"),
    )
    archive = read_feed(text, "wp.xml", "wp.xml")
    assert [(p.title, p.draft) for p in archive.posts] == [
        ("Post", False),
        ("Page", False),
        ("Later", True),
    ]
    assert "draft: true" in note_text(archive.posts[2])
    [diag] = archive.diagnostics
    assert diag.code == "import-not-a-post"
    assert (
        "3 item(s)" in diag.message and "(1 attachment, 1 nav_menu_item, 1 trash)" in diag.message
    )


def test_a_caption_is_a_figure_and_html_blocks_stay_blocks() -> None:
    stored = '[caption id="a" width="300"]<img src="a.png" alt="A"> The chart[/caption]\n\n<ul><li>x</li></ul>'
    assert shown_html(stored) == (
        '<figure><img src="a.png" alt="A"><figcaption>The chart</figcaption></figure>\n<ul><li>x</li></ul>'
    )


def test_a_feed_that_is_no_export_is_read_as_before() -> None:
    rss = EXPORT.format(items=ITEM.format(title="P", content="a\n\nb", kind="", status="")).replace(
        "<wp:post_type></wp:post_type><wp:status></wp:status>", ""
    )
    [post] = read_feed(rss, "f.xml", "f.xml").posts
    assert post.url == "https://b.example.org/P/" and body(post) == "a b\n"


def test_an_export_of_today_s_wordpress_with_its_https_namespace_is_one_too() -> None:
    text = export(("Post", "Text.", "post", "publish"), ("Later", "x", "post", "future"))
    text = text.replace("http://wordpress.org/export/1.2/", "https://wordpress.org/export/1.2/")
    assert "https://wordpress.org/export/1.2/" in text
    archive = read_feed(text, "wp.xml", "wp.xml")
    assert [(p.title, p.kind, p.draft) for p in archive.posts] == [
        ("Post", "note", False),
        ("Later", "note", True),
    ]
