"""Feeds -> posts: RSS 2.0, Atom and JSON Feed items, and feeds that cannot be read."""

from __future__ import annotations

from pathlib import Path

import pytest

from notebase.importers.feeds import is_feed, read_feed
from notebase.importers.model import ImportedPost
from notebase.importers.render import note_text

FIXTURES = Path(__file__).parent / "fixtures" / "importers"


def posts_of(name: str) -> tuple[ImportedPost, ...]:
    archive = read_feed((FIXTURES / name).read_text(encoding="utf-8"), name, name)
    return archive.posts


def body(post: ImportedPost) -> str:
    return note_text(post).split("---\n", 2)[2]


def test_rss_items() -> None:
    muon, sinks, untitled = posts_of("rss.xml")
    assert (muon.title, muon.url, muon.date, muon.authors, muon.origin) == (
        "Muon & the Newton–Schulz step",
        "https://kellerjordan.github.io/posts/muon/",
        "2024-12-08",
        ("Sam Reader",),
        "rss.xml:8",
    )
    assert muon.taxonomy.tags == ("optimizers", "ml") and muon.kind == "link"
    assert body(muon) == (
        "Orthogonalised momentum, *five* iterations.\n\n> Muon optimizes 2D parameters.\n>\n"
        "> — Keller Jordan\n\n```python\nX = a * X + B @ X\n```\n"
    )
    assert (sinks.kind, sinks.arxiv, sinks.date) == ("paper", "2309.17453", "2024-03-15")
    assert (
        body(sinks)
        == "Keep the first four tokens [(notes)](https://log.example.net/notes/sinks/).\n"
    )
    assert (untitled.title, untitled.origin) == ("A note without a title, only words", "rss.xml:27")


def test_rss_untitled_item_is_a_warning_at_its_line() -> None:
    text = (FIXTURES / "rss.xml").read_text(encoding="utf-8")
    diags = read_feed(text, "rss.xml", "feeds/rss.xml").diagnostics
    assert [(d.code, str(d.pos)) for d in diags] == [("import-untitled", "feeds/rss.xml:27")]


def test_atom_entries() -> None:
    tiny, blt, xhtml = posts_of("atom.xml")
    assert (tiny.title, tiny.url, tiny.date, tiny.authors) == (
        "TinyStories: how small can a LM be?",
        "https://notes.example.org/tinystories/",
        "2024-06-09",
        ("Ann Lee", "Bo Chen"),
    )
    assert tiny.taxonomy.tags == ("small models", "datasets")
    assert (
        body(tiny) == "Synthetic stories with a small vocabulary.[^1]\n\n[^1]: GPT-4 wrote them.\n"
    )
    assert (blt.kind, blt.arxiv, blt.date) == ("paper", "2412.09871", "2024-06-02")
    assert body(blt) == "Patches, not tokens.\n\nEntropy decides \\* where \\* a patch ends.\n"
    assert body(xhtml) == "Inline **xhtml** body.\n"


def test_json_feed_items() -> None:
    evals, plain = posts_of("feed.json")
    assert (evals.url, evals.authors, evals.taxonomy.tags, evals.date, evals.origin) == (
        "https://hamel.dev/blog/posts/evals/",
        ("Hamel Husain",),
        ("evals", "llm"),
        "2024-05-20",
        "feed.json:7",
    )
    assert "> Unit tests for LLMs." in body(evals)
    assert (plain.kind, body(plain)) == ("note", "First paragraph.\n\n\\# not a heading\n")


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ((FIXTURES / "bad-entities.xml").read_text(encoding="utf-8"), 1, "entities"),
        ("<rss><channel><item><title>x</title></channel></rss>", 1, "not well-formed XML"),
        ('{"version": "https://jsonfeed.org/version/1",\n "items": [,]}', 2, "it is not JSON"),
        ('{"items": [' + "[" * 100_000 + "]" * 100_000 + "]}", 1, "it is nested too deep"),
        ('{"items": [{"id": ' + "1" * 5000 + "}]}", 1, "a number in it is too long"),
        ('{"version": "https://jsonfeed.org/version/1"}', 1, "`items` list"),
        ('[{"title": "x"}]', 1, "`items` list"),  # JSON, though not an object: not "XML"
        ("<html><body/></html>", 1, "is not a feed"),
    ],
)
def test_unreadable_feed_is_an_error_at_its_line(text: str, line: int, words: str) -> None:
    archive = read_feed(text, "f.xml", "f.xml")
    (diag,) = archive.diagnostics
    assert archive.posts == ()
    assert (diag.code, diag.is_error, diag.pos.line if diag.pos else 0) == (
        "import-bad-feed",
        True,
        line,
    )
    assert words in diag.message


def test_feed_without_items_warns() -> None:
    archive = read_feed("<rss><channel><title>t</title></channel></rss>", "f.xml", "f.xml")
    assert archive.posts == () and [d.code for d in archive.diagnostics] == ["import-no-posts"]


def test_feed_sniffing() -> None:
    assert is_feed('<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom">')
    assert is_feed('  <rss version="2.0">')
    assert is_feed('{"version": "https://jsonfeed.org/version/1.1", "items": []}')
    assert not is_feed('{"items": []}') and not is_feed("<html><p>rss</p></html>")


@pytest.mark.parametrize(
    "text",
    [
        "<rss><channel>\n<item><title>T</title><pubDate>not a date</pubDate></item>\n</channel></rss>",
        '<feed xmlns="http://www.w3.org/2005/Atom">\n<entry><title>T</title>'
        "<updated>2020-13-45</updated></entry>\n</feed>",
        '{"version": "https://jsonfeed.org/version/1.1",\n'
        ' "items": [{"id": "1", "title": "T", "date_published": "soon"}]}',
    ],
)
def test_unreadable_date_is_a_warning_at_its_item(text: str) -> None:
    archive = read_feed(text, "f.xml", "f.xml")
    (post,) = archive.posts
    (diag,) = archive.diagnostics
    assert (post.title, post.date) == ("T", "")
    assert (diag.code, diag.is_error, str(diag.pos)) == ("import-bad-date", False, "f.xml:2")


def test_an_item_without_authors_is_by_the_feeds_when_it_is_a_page_of_the_feeds_site() -> None:
    atom = (
        '<feed xmlns="http://www.w3.org/2005/Atom"><link href="http://dev.example.io/"/>'
        "<author><name>Quang Duong</name></author>\n"
        '<entry><title>Mine</title><link href="http://dev.example.io/2015/07/04/a/"/></entry>\n'
        '<entry><title>Guest</title><link href="http://dev.example.io/b/"/>'
        "<author><name>Ada</name></author></entry>\n"
        '<entry><title>Link</title><link href="https://other.example.com/essay"/></entry></feed>'
    )
    json_feed = (
        '{"version": "https://jsonfeed.org/version/1.1", "home_page_url": "https://me.example/",'
        ' "authors": [{"name": "Manton"}], "items": [{"id": "1", "title": "Mine",'
        ' "url": "https://me.example/1"}]}'
    )
    mine, guest, link = read_feed(atom, "f.xml", "f.xml").posts
    assert (mine.authors, guest.authors, link.authors) == (("Quang Duong",), ("Ada",), ())
    (post,) = read_feed(json_feed, "f.json", "f.json").posts
    assert post.authors == ("Manton",)


def test_an_items_title_said_again_atop_its_content_is_left_out() -> None:
    atom = (  # Hugo's Atom template: the post's own <h1> leads its content
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>二十三，九局下半</title>'
        '<content type="html">&lt;h1 id="x"&gt;二十三，九局下半&lt;/h1&gt;&lt;blockquote&gt;&lt;p&gt;'
        "何为成长&lt;/p&gt;&lt;/blockquote&gt;&lt;h2&gt;学会选择放弃&lt;/h2&gt;</content></entry></feed>"
    )
    (post,) = read_feed(atom, "f.xml", "f.xml").posts
    assert body(post) == "> 何为成长\n\n### 学会选择放弃\n"


def test_an_empty_entry_is_told_at_its_own_line() -> None:
    atom = (
        '<feed xmlns="http://www.w3.org/2005/Atom">\n<entry/>\n'
        "<entry><title>T</title></entry>\n</feed>"
    )
    archive = read_feed(atom, "f.xml", "f.xml")
    (post,) = archive.posts
    (diag,) = archive.diagnostics
    assert (post.origin, diag.code, str(diag.pos)) == ("f.xml:3", "import-empty-post", "f.xml:2")


def test_hugos_zero_date_is_no_date_and_no_warning() -> None:
    text = (
        "<rss><channel>\n<item><title>About</title>"
        "<pubDate>Mon, 01 Jan 0001 00:00:00 +0000</pubDate></item>\n</channel></rss>"
    )
    archive = read_feed(text, "f.xml", "f.xml")
    (post,) = archive.posts
    assert (post.title, post.date, archive.diagnostics) == ("About", "", ())


RSS_RELATIVE = """<?xml version="1.0"?>
<rss version="2.0"><channel><title>Blog</title><link>https://blog.example.org/</link>
<item><title>Agents</title><link>https://blog.example.org/posts/2023-06-23-agent/</link>
<description>&lt;p&gt;&lt;img src="agent-overview.png" alt="overview"&gt; and
&lt;a href="/about/"&gt;about&lt;/a&gt;&lt;/p&gt;</description></item>
<item><title>Link post</title><link>https://other.example.com/deep/article</link>
<guid>https://www.blog.example.org/2024/05/link-post.html</guid>
<description>&lt;p&gt;My &lt;a href="notes.html"&gt;notes&lt;/a&gt;.&lt;/p&gt;</description></item>
<item><title>Link post, no permalink</title><link>https://other.example.com/deep/article</link>
<description>&lt;p&gt;See &lt;a href="archive/"&gt;the archive&lt;/a&gt;.&lt;/p&gt;</description></item>
</channel></rss>
"""


def test_relative_urls_in_an_item_are_read_against_its_own_page_on_the_feeds_site() -> None:
    agents, link_post, no_permalink = read_feed(RSS_RELATIVE, "rss.xml", "rss.xml").posts
    assert body(agents) == (
        "![overview](https://blog.example.org/posts/2023-06-23-agent/agent-overview.png) and "
        "[about](https://blog.example.org/about/)\n"
    )
    # a link blog's item links to another site: its permalink (guid) is the page on the blog
    assert link_post.url == "https://other.example.com/deep/article"
    assert body(link_post) == "My [notes](https://www.blog.example.org/2024/05/notes.html).\n"
    assert body(no_permalink) == "See [the archive](https://blog.example.org/archive/).\n"


def test_an_atom_entry_reads_relative_urls_against_its_xml_base() -> None:
    text = """<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>F</title>
<link href="https://notes.example.org/"/>
<entry><title>Based</title><link href="https://notes.example.org/2024/based/"/>
<content type="html" xml:base="https://cdn.example.org/media/">&lt;img src="a.png" alt="a"&gt;</content>
</entry>
<entry><title>Beside</title><link href="https://notes.example.org/2024/beside/"/>
<content type="html">&lt;img src="b.png" alt="b"&gt;</content></entry>
</feed>
"""
    based, beside = read_feed(text, "atom.xml", "atom.xml").posts
    assert body(based) == "![a](https://cdn.example.org/media/a.png)\n"
    assert body(beside) == "![b](https://notes.example.org/2024/beside/b.png)\n"


def test_a_json_feed_item_reads_relative_urls_against_its_url_not_its_external_url() -> None:
    text = (
        '{"version": "https://jsonfeed.org/version/1.1", "home_page_url": "https://j.example.org/",'
        ' "items": [{"id": "1", "title": "Linked", "url": "https://j.example.org/2024/linked/",'
        ' "external_url": "https://elsewhere.example.com/paper",'
        ' "content_html": "<p><img src=\\"fig.png\\" alt=\\"fig\\"></p>"}]}'
    )
    [linked] = read_feed(text, "feed.json", "feed.json").posts
    assert linked.url == "https://elsewhere.example.com/paper"
    assert body(linked) == "![fig](https://j.example.org/2024/linked/fig.png)\n"


# the shape of 0swin/oswin.io's feed.json: root-relative links, and no address of the site's
UNPLACED = (
    '{"version": "https://jsonfeed.org/version/1.1", "title": "Log", "items": [{"id": "1",'
    ' "title": "A post", "content_html": "<p>See <a href=\\"/notes/x/\\">my notes</a>, <a href='
    '\\"#top\\">top</a>, <a href=\\"mailto:a@b.org\\">mail</a>.</p><img src=\\"/img/a.png\\" alt='
    '\\"a chart\\">"}]}'
)


def test_relative_urls_no_address_makes_absolute_are_kept_as_text_with_a_warning() -> None:
    archive = read_feed(UNPLACED, "feed.json", "feed.json")
    [post] = archive.posts
    assert "my notes" in body(post) and "a chart" in body(post) and "](/" not in body(post)
    [diag] = archive.diagnostics
    assert (diag.code, diag.severity, diag.pos.line) == ("import-relative-url", "warning", 1)
    assert "2 relative link(s) or image(s) kept as text ('/notes/x/', '/img/a.png')" in diag.message


def test_relative_urls_of_a_feed_that_says_its_address_need_no_warning() -> None:
    text = UNPLACED.replace('"title": "Log",', '"home_page_url": "https://log.example.org/",')
    archive = read_feed(text, "feed.json", "feed.json")
    assert "![a chart](https://log.example.org/img/a.png)" in body(archive.posts[0])
    assert archive.diagnostics == ()


def test_an_item_s_own_page_is_its_permalink_or_a_link_to_the_feed_s_site() -> None:
    json_feed = (
        '{"version": "https://jsonfeed.org/version/1.1", "home_page_url": "https://log.example/",'
        ' "items": [{"id": "1", "title": "A", "url": "https://log.example/a",'
        ' "external_url": "https://other.example/x", "content_text": "Text."}]}'
    )
    atom = (
        '<feed xmlns="http://www.w3.org/2005/Atom"><title>Log</title>'
        '<link href="https://www.log.example/"/>'
        '<entry><title>Own</title><link href="https://log.example/own"/><content>a</content></entry>'
        '<entry><title>Away</title><link href="https://other.example/y"/><content>b</content>'
        "</entry></feed>"
    )
    (item,) = read_feed(json_feed, "f.json", "f.json").posts
    own, away = read_feed(atom, "f.xml", "f.xml").posts
    assert (item.url, item.page) == ("https://other.example/x", "https://log.example/a")
    assert (own.page, away.page) == ("https://log.example/own", "")


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("Mi, 05 Jun 2024 10:00:00 +0200", "2024-06-05"),  # German weekday
        ("mar, 12 abr 2022 10:00:00 +0200", "2022-04-12"),  # Spanish: `mar` is Tuesday here
        ("jeu., 03 juil. 2025 14:06:49 +0200", "2025-07-03"),
        ("Thurs, 12 June 2003 04:00:00 GMT", "2003-06-12"),
        ("Tue,10 Sept 2003 4:00 PM GMT+2", "2003-09-10"),
        ("Пн, 01 апр 2019 10:00:00 +0300", "2019-04-01"),
        ("2020年3月4日", "2020-03-04"),
    ],
)
def test_rfc822_dates_as_localised_generators_write_them_are_read(written: str, day: str) -> None:
    rss = f"<rss><channel><item><title>T</title><pubDate>{written}</pubDate></item></channel></rss>"
    atom = (
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>T</title>'
        f"<published>{written}</published></entry></feed>"
    )
    for text in (rss, atom):
        archive = read_feed(text, "f.xml", "f.xml")
        assert ([p.date for p in archive.posts], archive.diagnostics) == ([day], ())


def test_rss_authors_are_named_by_author_creator_or_itunes_and_else_by_the_channel() -> None:
    rss = (
        '<rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"'
        ' xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>'
        "<link>https://pod.example.de/</link><dc:creator>Gerd Groß</dc:creator>"
        "<item><title>Folge 1</title><itunes:author>Ute Lang</itunes:author>"
        "<guid>https://pod.example.de/1.mp3</guid></item>"
        "<item><title>Mail</title><author>jo@example.com (Jo Park)</author></item>"
        "<item><title>Angle</title><author>Al Ng &lt;al@example.com&gt;</author></item>"
        "<item><title>Folge 2</title><link>https://pod.example.de/2</link></item>"
        "<item><title>Elsewhere</title><link>https://other.example.org/essay</link></item>"
        "</channel></rss>"
    )
    posts = read_feed(rss, "f.xml", "f.xml").posts
    assert [p.authors for p in posts] == [
        ("Ute Lang",),
        ("Jo Park",),
        ("Al Ng",),
        ("Gerd Groß",),
        (),
    ]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            '---\nlayout: null\n---\n<?xml version="1.0"?>\n<rss><channel>'
            "<title>{{ site.title }}</title></channel></rss>",
            1,
        ),
        (
            '<rss version="2.0">\n<channel>\n<title>{{ .Site.Title }}</title>\n'
            "{{ range .Pages }}<item><title>{{ .Title }}</title></item>{{ end }}\n</channel></rss>",
            3,
        ),
        (
            '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n'
            "{% for post in site.posts %}<entry><title>{{ post.title }}</title></entry>{% endfor %}"
            "</feed>",
            3,
        ),
    ],
)
def test_a_feed_template_is_an_error_saying_to_import_the_built_feed(text: str, line: int) -> None:
    archive = read_feed(text, "feed.xml", "feed.xml")
    (diag,) = archive.diagnostics
    assert (archive.posts, diag.code, diag.is_error, str(diag.pos)) == (
        (),
        "import-bad-feed",
        True,
        f"feed.xml:{line}",
    )
    assert "template" in diag.message and "built feed" in (diag.hint or "")


def test_a_post_about_templates_is_no_template() -> None:
    rss = (
        "<rss><channel><title>Blog</title><item><title>Liquid</title>"
        "<description>&lt;p&gt;Write {{ site.title }} or {% raw %}.&lt;/p&gt;</description>"
        "</item></channel></rss>"
    )
    json_feed = (
        '{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "1", "title": "Liquid",'
        ' "content_text": "Write {{ site.title }}."}]}'
    )
    for text in (rss, json_feed):
        archive = read_feed(text, "f.xml", "f.xml")
        assert ([p.title for p in archive.posts], archive.diagnostics) == (["Liquid"], ())


def test_a_podcasts_episodes_are_by_its_author_wherever_their_pages_are() -> None:
    rss = (
        '<rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>'
        "<link>https://www.show.example.com/</link><itunes:author>The Show</itunes:author>"
        "<item><title>EP1</title><link>https://show.host.example.net/ep1/</link></item>"
        "</channel></rss>"
    )
    (episode,) = read_feed(rss, "f.xml", "f.xml").posts
    assert episode.authors == ("The Show",)


@pytest.mark.parametrize(
    "feed",
    [
        '<feed><entry><title>E</title><link rel="alternate" href="https://x.example/a"/>'
        "<published>2020-10-17T17:11:00+02:00</published><author><name>Ann</name></author>"
        '<summary type="html">&lt;p&gt;Hello &lt;b&gt;World&lt;/b&gt;&lt;/p&gt;</summary>'
        "</entry></feed>",
        '<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><title>E</title>'
        '<link rel="alternate" type="text/html" href="https://x.example/a"/>'
        "<author><name>Ann</name></author><issued>2020-10-17T17:11:00Z</issued>"
        '<content type="text/html" mode="escaped">&lt;p&gt;Hello &lt;b&gt;World&lt;/b&gt;'
        "&lt;/p&gt;</content></entry></feed>",
    ],
)
def test_atom_without_its_namespace_and_atom_0_3_are_read_as_atom(feed: str) -> None:
    archive = read_feed(feed, "f.xml", "f.xml")
    (post,) = archive.posts
    assert (post.title, post.url, post.authors, post.date) == (
        "E",
        "https://x.example/a",
        ("Ann",),
        "2020-10-17",
    )
    assert (body(post), archive.diagnostics) == ("Hello **World**\n", ())


def test_blank_lines_before_the_xml_declaration_are_passed_over() -> None:
    head = '\n\n<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>\n'
    archive = read_feed(head + "<item><title>T</title></item></channel></rss>", "f.xml", "f.xml")
    assert ([(p.title, p.origin) for p in archive.posts], archive.diagnostics) == (
        [("T", "f.xml:5")],
        (),
    )
    broken = read_feed(head + "<item><title>T</title></channel></rss>", "f.xml", "f.xml")
    (diag,) = broken.diagnostics
    assert (diag.code, str(diag.pos)) == ("import-bad-feed", "f.xml:5")
    assert diag.message.startswith("not well-formed XML: mismatched tag, column ")
    assert "line" not in diag.message  # expat's line is of the text without the blank lines


def test_html_entities_and_bare_ampersands_are_read_as_html_means_them_with_a_warning() -> None:
    rss = (
        "<rss><channel>\n<item><title>Q &amp; A&nbsp;&mdash; caf&eacute;</title>"
        "<link>https://x.example/?a=1&b=2</link>\n"
        "<description><![CDATA[<p>x &amp;&amp; y&nbsp;z</p>]]> &hellip; &bogus;</description>"
        "</item></channel></rss>"
    )
    archive = read_feed(rss, "f.xml", "f.xml")
    (post,) = archive.posts
    assert (post.title, post.url) == ("Q & A — café", "https://x.example/?a=1&b=2")
    assert body(post).startswith("x && y") and body(post).endswith("… \\&bogus;\n")
    (diag,) = archive.diagnostics
    assert (diag.code, diag.is_error, str(diag.pos)) == ("import-feed-repaired", False, "f.xml:2")


def test_a_microblogs_untitled_items_are_told_once() -> None:
    item = "<item><description>&lt;p&gt;Lunch at {0}.&lt;/p&gt;</description></item>\n"
    rss = (
        "<rss><channel>\n"
        + "".join(item.format(n) for n in "ABC")
        + ("<item><title>A titled post</title></item>\n<item/>\n</channel></rss>")
    )
    archive = read_feed(rss, "f.xml", "f.xml")
    assert [p.title for p in archive.posts] == [
        "Lunch at A.",
        "Lunch at B.",
        "Lunch at C.",
        "A titled post",
    ]
    assert [(d.code, d.severity.value, str(d.pos), d.message) for d in archive.diagnostics] == [
        (
            "import-untitled",
            "info",
            "f.xml:2",
            "3 of 5 items have no title: each titled by its first words",
        ),
        (
            "import-empty-post",
            "warning",
            "f.xml:6",
            "item has no title, text, date or link: skipped",
        ),
    ]


def test_a_blogger_export_is_its_posts_and_pages_not_its_settings_template_or_comments() -> None:
    text = (FIXTURES / "blogger-export.xml").read_text(encoding="utf-8")
    archive = read_feed(text, "blog-11-22-2015.xml", "blog-11-22-2015.xml")
    posts = {p.title: p for p in archive.posts}
    assert list(posts) == ["Cron runs with an empty PATH", "About", "Half a thought"]
    cron = posts["Cron runs with an empty PATH"]
    assert (cron.taxonomy.tags, cron.authors, cron.date) == (
        ("cron", "backups"),
        ("Ada",),
        "2015-02-08",
    )
    assert "```\n0 3 * * * /usr/bin/dump > out.sql\n```" in note_text(cron)
    assert (posts["Half a thought"].draft, cron.draft, posts["About"].draft) == (True, False, False)
    [diag] = archive.diagnostics
    assert (diag.code, diag.severity.value) == ("import-not-a-post", "info")
    assert "3 item(s)" in diag.message and "(1 comment, 1 settings, 1 template)" in diag.message


SITELESS_RSS = (
    "<rss><channel><title>Notes</title>\n"
    '<item><title>Second</title><description><![CDATA[<p>After <a href="/posts/first/">the'
    ' first</a>, <img src="/img/a.png" alt="A"></p>]]></description></item>\n'
    "</channel></rss>"
)


def test_a_feed_saying_no_site_is_on_the_site_given() -> None:
    alone = read_feed(SITELESS_RSS, "index.xml", "index.xml")
    assert [d.code for d in alone.diagnostics] == ["import-relative-url"]
    assert "--site" in (alone.diagnostics[0].hint or "")
    archive = read_feed(SITELESS_RSS, "index.xml", "index.xml", "https://example.com/")
    assert archive.diagnostics == ()
    assert body(archive.posts[0]) == (
        "After [the first](https://example.com/posts/first/), ![A](https://example.com/img/a.png)\n"
    )


def test_the_site_a_feed_says_wins_over_the_site_given() -> None:
    feed = SITELESS_RSS.replace("<title>Notes</title>", "<link>https://blog.example.org/</link>")
    archive = read_feed(feed, "index.xml", "index.xml", "https://example.com/")
    assert "[the first](https://blog.example.org/posts/first/)" in body(archive.posts[0])


def test_a_feed_item_link_climbing_above_the_site_given_is_an_error() -> None:
    for feed in (
        SITELESS_RSS.replace("/posts/first/", "/../first/"),
        '<feed xmlns="http://www.w3.org/2005/Atom"><title>N</title>\n<entry><title>Second</title>'
        '<content type="html">&lt;a href="/../first/"&gt;the first&lt;/a&gt;</content></entry></feed>',
        '{"version": "https://jsonfeed.org/version/1.1", "title": "N", "items": [{"id": "1",'
        ' "title": "Second", "content_html": "<a href=\\"/../first/\\">the first</a>"}]}',
    ):
        archive = read_feed(feed, "f.xml", "f.xml", "https://example.com/")
        [diag] = archive.diagnostics
        assert diag.code == "import-url-above-site" and "'/../first/'" in diag.message
        assert "](" not in body(archive.posts[0]).split("the first")[0]


RELATIVE_LINKS = (
    "<rss><channel><title>Notes</title>\n"
    '<item><title>Second</title><link>/posts/second/</link><description><![CDATA[<img src="a.png"'
    ' alt="A">]]></description></item>\n'
    "</channel></rss>",
    '<feed xmlns="http://www.w3.org/2005/Atom"><title>Notes</title>\n'
    '<entry><title>Second</title><link href="/posts/second/"/><content type="html">'
    '&lt;img src="a.png" alt="A"&gt;</content></entry></feed>',
    '{"version": "https://jsonfeed.org/version/1.1", "title": "Notes", "items": [{"id": "1",'
    ' "title": "Second", "url": "/posts/second/", "content_html": "<img src=\\"a.png\\" alt=\\"A\\">"}]}',
)


@pytest.mark.parametrize("feed", RELATIVE_LINKS)
def test_an_item_s_relative_link_resolves_against_the_site_given(feed: str) -> None:
    archive = read_feed(feed, "f.xml", "f.xml", "https://example.com/")
    (post,) = archive.posts
    assert (post.url, post.page) == ("https://example.com/posts/second/",) * 2
    assert body(post) == "![A](https://example.com/posts/second/a.png)\n"  # beside its page
    assert archive.diagnostics == ()
    (alone,) = read_feed(feed, "f.xml", "f.xml").posts  # no address at all: no url, as before
    assert (alone.url, alone.page) == ("", "")


def test_an_item_s_relative_link_resolves_against_the_feed_s_own_site_first() -> None:
    rss = RELATIVE_LINKS[0].replace(
        "<title>Notes</title>", "<link>https://blog.example.org/</link>"
    )
    atom = RELATIVE_LINKS[1].replace(
        "<title>Notes</title>", '<title>Notes</title><link href="https://blog.example.org/"/>'
    )
    json_feed = RELATIVE_LINKS[2].replace(
        '"title": "Notes",', '"home_page_url": "https://blog.example.org/",'
    )
    for feed in (rss, atom, json_feed):
        (post,) = read_feed(feed, "f.xml", "f.xml", "https://example.com/").posts
        assert post.url == "https://blog.example.org/posts/second/"


def test_an_atom_entry_s_relative_link_resolves_against_its_xml_base() -> None:
    atom = (
        RELATIVE_LINKS[1]
        .replace("<entry>", '<entry xml:base="https://notes.example.net/2024/">')
        .replace("/posts/second/", "second/")
    )
    (post,) = read_feed(atom, "f.xml", "f.xml", "https://example.com/").posts
    assert post.url == "https://notes.example.net/2024/second/"


def test_an_item_s_link_climbing_above_the_site_given_is_told_and_left_out() -> None:
    rss = RELATIVE_LINKS[0].replace("/posts/second/", "/../second/")
    archive = read_feed(rss, "f.xml", "f.xml", "https://example.com/")
    (post,) = archive.posts
    assert post.url == ""
    (climbed,) = archive.diagnostics
    assert climbed.code == "import-url-above-site" and "'/../second/'" in climbed.message
    assert climbed.pos is not None and climbed.pos.line == 2


def test_an_item_s_link_that_is_no_web_address_stays_none_with_a_site_given() -> None:
    rss = RELATIVE_LINKS[0].replace("/posts/second/", "javascript:alert(1)")
    (post,) = read_feed(rss, "f.xml", "f.xml", "https://example.com/").posts
    assert post.url == "" and "javascript" not in note_text(post)
