"""WordPress's export (WXR): its posts and pages as WordPress shows them, the rest left out."""

from __future__ import annotations

from pathlib import Path

from notebase.importers.feeds import read_feed
from notebase.importers.model import ImportedPost
from notebase.importers.render import note_text
from notebase.importers.wordpress import shown_html

FIXTURES = Path(__file__).parent / "fixtures" / "importers"

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


BLOCK_POST = """<!-- wp:paragraph -->
<p>A line
and its next.</p>
<!-- /wp:paragraph -->

<!-- wp:gallery {"linkTo":"none"} -->
<figure class="wp-block-gallery"><!-- wp:image {"id":1} -->
<figure class="wp-block-image"><img src="https://b.example.org/a.jpg" alt="A"/><figcaption>The harbour
at dawn</figcaption></figure>
<!-- /wp:image -->

<!-- wp:image {"id":2} -->
<figure class="wp-block-image"><img src="https://b.example.org/b.jpg" alt=""/><figcaption>The pier</figcaption></figure>
<!-- /wp:image --><figcaption class="blocks-gallery-caption">A walk by the sea</figcaption></figure>
<!-- /wp:gallery -->

<!-- wp:cover {"url":"https://b.example.org/c.jpg"} -->
<div class="wp-block-cover"><img class="wp-block-cover__image-background" alt="" src="https://b.example.org/c.jpg"/><div class="wp-block-cover__inner-container"><!-- wp:heading -->
<h2>Cover heading</h2>
<!-- /wp:heading -->

<!-- wp:paragraph -->
<p>Cover words.</p>
<!-- /wp:paragraph --></div></div>
<!-- /wp:cover -->

<!-- wp:media-text {"mediaId":3} -->
<div class="wp-block-media-text"><figure class="wp-block-media-text__media"><img src="https://b.example.org/d.jpg" alt="D"/></figure><div class="wp-block-media-text__content"><!-- wp:paragraph -->
<p>Beside the picture.</p>
<!-- /wp:paragraph --></div></div>
<!-- /wp:media-text -->

<!-- wp:pullquote -->
<figure class="wp-block-pullquote"><blockquote><p>Said and pulled.</p><cite>Ada</cite></blockquote></figure>
<!-- /wp:pullquote -->

<!-- wp:code -->
<pre class="wp-block-code"><code>def f():
    return 1

print(f())</code></pre>
<!-- /wp:code -->

<!-- wp:verse -->
<pre class="wp-block-verse">Roses are red,
  violets are blue.</pre>
<!-- /wp:verse -->"""


def test_a_block_editor_post_is_its_blocks_html_with_no_paragraphs_made_of_it() -> None:
    [post] = read_feed(export(("Blocks", BLOCK_POST, "post", "publish")), "wp.xml", "wp.xml").posts
    assert body(post) == (
        "A line and its next.\n\n"
        "![A](https://b.example.org/a.jpg)\n\nThe harbour at dawn\n\n"
        "![](https://b.example.org/b.jpg)\n\nThe pier\n\nA walk by the sea\n\n"
        "![](https://b.example.org/c.jpg)\n\n## Cover heading\n\nCover words.\n\n"
        "![D](https://b.example.org/d.jpg)\n\nBeside the picture.\n\n"
        "> Said and pulled.\n>\n> — Ada\n\n"
        "```\ndef f():\n    return 1\n\nprint(f())\n```\n\n"
        "```\nRoses are red,\n  violets are blue.\n```\n"
    )


def test_a_classic_posts_pre_keeps_its_blank_lines_and_its_line_ends() -> None:
    stored = "A poem:\n<pre>One\n\n\tTwo\nThree</pre>\nAfter it."
    [post] = read_feed(export(("Poem", stored, "post", "publish")), "wp.xml", "wp.xml").posts
    assert body(post) == "A poem:\n\n```\nOne\n\n\tTwo\nThree\n```\n\nAfter it.\n"


def test_theme_unit_test_data_keeps_its_verse_pullquote_gallery_and_cover_text() -> None:
    """tests/fixtures/importers/wp-theme-test-data.xml: three items of WordPress's Theme Unit Test
    export (github.com/WordPress/theme-test-data, themeunittestdata.wordpress.xml, GPL-2.0-or-later),
    cut to their preformatted, verse, pullquote, gallery, cover and media-text blocks."""
    text = (FIXTURES / "wp-theme-test-data.xml").read_text(encoding="utf-8")
    archive = read_feed(text, "wp.xml", "wp.xml")
    classic, formatting, media = (body(p) for p in archive.posts)
    assert "\tTwo roads diverged in a yellow wood,\n\tAnd sorry I could not" in classic
    assert "the undergrowth;\n\n\tThen took the other" in classic
    assert (
        "> The pull quote can be aligned or wide or neither.\n>\n> — Theme Reviewer" in formatting
    )
    assert "```\nThe Verse block\n\nA block for haiku?\n  Why not?\n" in formatting
    assert "```\nThe code block starts with\n<!-- wp:code -->\n<?php echo" in formatting
    for caption in ("Coastline in Huatulco, Oaxaca, Mexico", "Boardwalk at Westport, WA"):
        assert f"\n\n{caption}\n\n" in media
    assert "Fixed background" in media and "This is the Media & Text block" in media
    assert archive.diagnostics == ()
