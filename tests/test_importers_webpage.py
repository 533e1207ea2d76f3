"""Saved web pages -> posts: article listings, heading listings, a single page, bad pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from notebase.importers.render import note_text
from notebase.importers.siteurl import Site
from notebase.importers.webpage import read_webpage

FIXTURES = Path(__file__).parent / "fixtures" / "importers"


def read(name: str) -> tuple[str, ...]:
    archive = read_webpage((FIXTURES / name).read_text(encoding="utf-8"), name, name)
    return tuple(note_text(p) for p in archive.posts)


def test_articles_of_a_listing_are_posts_with_fields_from_the_markup() -> None:
    text = (FIXTURES / "listing.html").read_text(encoding="utf-8")
    archive = read_webpage(text, "listing.html", "listing.html")
    first, second = archive.posts
    assert [p.title for p in archive.posts] == [
        "Muon: An optimizer for hidden layers",
        "Shampoo, revisited",
    ]
    assert [p.origin for p in archive.posts] == ["listing.html:14", "listing.html:47"]
    assert (first.kind, first.url, first.date) == (
        "link",
        "https://kellerjordan.github.io/posts/muon/",
        "2024-12-08",
    )
    assert (first.taxonomy.tags, first.taxonomy.categories) == (("optimizers", "ml"), ("Links",))
    assert (second.kind, second.arxiv, second.date) == ("paper", "1802.09568", "2024-11-20")
    assert archive.diagnostics == ()


def test_article_body_keeps_quotes_code_footnotes_and_drops_chrome() -> None:
    muon, shampoo = read("listing.html")
    assert (
        "> — [*Keller Jordan*, Muon blog post](https://kellerjordan.github.io/posts/muon/)" in muon
    )
    assert "```python\ndef newtonschulz5(G, steps=5):\n" in muon
    assert "records.[^1] The core" in muon and "[^1]: Records on 8×H100" in muon
    assert "- only **2D** weights" in muon
    assert "| Shampoo | m² + n² |" in shampoo
    assert "![Shampoo's preconditioner](https://log.example.net/images/shampoo.png)" in shampoo
    assert "a script link stays text." in shampoo and "javascript" not in shampoo
    for chrome in ("Home", "Archives", "©", "tracking", "commented out", "Tagged", "8 December"):
        assert chrome not in muon + shampoo


def test_repeated_heading_blocks_are_posts() -> None:
    text = (FIXTURES / "headings.html").read_text(encoding="utf-8")
    archive = read_webpage(text, "headings.html", "headings.html")
    blt, tiny = archive.posts
    assert (blt.title, blt.arxiv, blt.date, blt.origin) == (
        "Byte Latent Transformers",
        "2412.09871",
        "2024-06-02",
        "headings.html:8",
    )
    assert (tiny.title, tiny.kind, tiny.date) == ("TinyStories", "note", "2024-06-09")
    body = note_text(blt).split("---\n", 2)[2]
    assert body.startswith("Patches instead of tokens")  # the date line went to the front matter
    assert [d.code for d in archive.diagnostics] == ["import-html-lead"]


def test_single_page_is_one_post_with_sections() -> None:
    (note,) = read("single.html")
    assert note.startswith("---\ntitle: Notes on Attention Sinks\nkind: paper\n")
    assert "arxiv: '2309.17453'\ndate: 2024-03-15\n" in note
    assert "\n## What the sink is\n" in note and "\n### Code\n" in note
    assert "> — Xiao et al., 2023" in note
    assert "```bash\npip install streaming-llm\n" in note
    assert (
        "beside it.[^1]" in note and "[^1]: Version 4 of the paper; *see* the appendix.\n" in note
    )
    for chrome in ("Archive", "leave a comment", "Related"):
        assert chrome not in note


def test_page_without_heading_is_titled_by_its_title_element() -> None:
    archive = read_webpage("<title>Saved</title><p>Body.</p>", "s.html", "s.html")
    assert [(p.title, p.kind) for p in archive.posts] == [("Saved", "note")]


@pytest.mark.parametrize(
    "head",
    [
        '<meta property="og:site_name" content="Field Notes">',
        '<link rel="alternate" type="application/rss+xml" title="Field Notes » Feed" href="/feed">',
        '<link rel="canonical" href="https://www.fieldnotes.net/p/">',
        '<header><a href="/">Field Notes</a></header>',
        '<header><a rel="home" href="https://fieldnotes.example/">FIELD NOTES</a></header>',
    ],
)
def test_a_title_element_s_suffix_naming_the_site_is_left_out(head: str) -> None:
    html = f"<title>Spring migration counts – Field Notes</title>{head}<p>Body.</p>"
    (post,) = read_webpage(html, "s.html", "s.html").posts
    assert post.title == "Spring migration counts"


@pytest.mark.parametrize("suffix", ["My website", "Blog", "The Personal Blog"])
def test_a_title_element_s_suffix_of_words_for_a_site_is_left_out(suffix: str) -> None:
    html = f"<title>Spring migration counts | {suffix}</title><p>Body.</p>"
    (post,) = read_webpage(html, "s.html", "s.html").posts
    assert post.title == "Spring migration counts"


@pytest.mark.parametrize("title", [" - 1024th&#39;s Blog", "| Field Notes", " — Notes"])
def test_a_title_element_of_only_the_site_s_name_after_a_separator_titles_nothing(
    title: str,
) -> None:
    """A post written without a title, as a Hugo theme's `{{ .Title }} - {{ .Site.Title }}` says
    it (1024th/blog): titled by its first words, not by the site's name."""
    html = f"<title>{title}</title><h1></h1><p>From the binomial formula one finds the mean.</p>"
    (post,) = read_webpage(html, "index.html", "index.html").posts
    assert post.title == "From the binomial formula one finds the mean."


@pytest.mark.parametrize(
    "title",
    [
        "Spring migration – a second look",  # the page names no site
        "Spring migration – Field Notes of a Birder",  # more than the site's name
        "Spring migration - Building a website",  # a site's word, and others
    ],
)
def test_a_dash_of_the_title_s_own_is_kept(title: str) -> None:
    head = '<meta property="og:site_name" content="Field Notes"><a href="/">Home</a>'
    (post,) = read_webpage(f"<title>{title}</title>{head}<p>Body.</p>", "s.html", "s.html").posts
    assert post.title == title


def test_untitled_article_is_titled_by_its_words_with_a_warning() -> None:
    html = "<article><h2>One</h2><p>x</p></article><article><p>Just *some* words here</p></article>"
    archive = read_webpage(html, "u.html", "u.html")
    assert [p.title for p in archive.posts] == ["One", "Just some words here"]
    assert [(d.code, d.pos.line if d.pos else 0) for d in archive.diagnostics] == [
        ("import-untitled", 1)
    ]


def test_page_without_text_imports_nothing_with_a_warning() -> None:
    archive = read_webpage("<html><script>x()</script></html>", "e.html", "e.html")
    assert archive.posts == () and [d.code for d in archive.diagnostics] == ["import-no-posts"]


def test_headings_linking_to_their_own_anchors_are_sections_not_posts() -> None:
    html = (
        '<main><h1><a class="header" href="#t">Title</a></h1><p>a</p>'
        '<h2><a class="header" href="#one">One</a></h2><p>b</p>'
        '<h2><a class="header" href="#two">Two</a></h2><p>c</p></main>'
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "Title" and "## One" in note_text(post) and "## Two" in note_text(post)


def test_a_link_deep_in_the_post_is_no_source() -> None:
    html = (
        "<article><h2>Essay</h2><p>One.</p><p>Two.</p>"
        '<p>See <a href="https://en.wikipedia.org/wiki/X">X</a>.</p></article>'
        '<article><h2>Link</h2><p>Intro.</p><p>Via <a href="https://ex.org/a">ex</a>.</p></article>'
    )
    essay, link = read_webpage(html, "p.html", "p.html").posts
    assert (essay.kind, essay.url) == ("note", "")
    assert (link.kind, link.url) == ("link", "https://ex.org/a")


def test_a_link_round_an_image_is_no_source() -> None:
    html = (
        '<link rel="canonical" href="https://blog.example.org/p/"><article><h1>Hiring trends</h1>'
        '<p><a href="https://cdn.example.net/chart.png"><img src="https://cdn.example.net/s.png">'
        '</a></p><p>Stack Overflow published its <a href="https://doi.org/10.1000/trends">'
        "analysis</a>.</p></article>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.url == "https://doi.org/10.1000/trends"


# Saved articles of Mozilla Readability's test corpus (a news story citing Stanford's site in
# its first paragraph, an essay linking Wikipedia's "Code coverage" in its lead)
def test_a_page_saved_as_one_post_takes_no_source_from_a_mention_in_its_lead() -> None:
    html = (
        '<link rel="canonical" href="https://news.example.com/p/"><article><h1>Mobility</h1>'
        '<p>Economists at <a href="https://web.stanford.edu/group/x/">Stanford</a> found it.</p>'
        "<p>More.</p></article>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert (post.kind, post.url) == ("note", "")
    titled = html.replace("<h1>Mobility</h1>", '<h1><a href="https://ex.org/a">Mobility</a></h1>')
    (post,) = read_webpage(titled, "p.html", "p.html").posts
    assert post.url == "https://ex.org/a"  # a link post's title links to its source


def test_a_date_heading_above_the_title_is_the_posts_date_not_its_title() -> None:
    html = (  # Blogger: the day's date heading, then the post (its wrapper's class says date)
        '<div class="blog-posts"><div class="date-outer"><h2 class="date-header"><span>'
        'Sunday, May 8, 2016</span></h2><div class="post"><h3 class="post-title">Open Verilog'
        "</h3><p>I've written a couple of posts in the past few months but they were all for "
        "the blog at work, so I figured I'm long overdue for one on Silicon Exposed.</p>"
        "<h2>So what's a GreenPak?</h2><p>A small programmable logic device.</p></div></div></div>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert (post.title, post.date) == ("Open Verilog", "2016-05-08")
    assert "Sunday" not in note_text(post) and "## So what's a GreenPak?" in note_text(post)


def test_a_river_of_links_beside_the_pages_own_post_is_no_listing() -> None:
    teasers = "".join(
        f'<h2><a href="https://news.example.com/2019/{i}">Teaser {i}</a></h2><p>By Ann</p>'
        for i in range(3)
    )
    html = (  # Vox: the article, then "The Latest", a river of linked headings
        "<body><h1>The 21 best movies of 2017</h1>"
        + "<p>2017 was a great year for movies, and here is how to watch them.</p>" * 8
        + f'<section class="river"><h2>The Latest</h2>{teasers}</section></body>'
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "The 21 best movies of 2017" and "a great year" in note_text(post)


def test_a_date_and_reading_time_side_by_side_are_a_byline_left_out() -> None:
    html = (  # GitLab's blog: the date and the reading time in two elements of one date block
        '<main><div class="date"><span>Published on: June 25, 2024 <!----></span>'
        '<div class="pill"><span>5 min read</span></div></div><h1>3 surprising findings</h1>'
        "<p>This year, our survey revealed changes.</p></main>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.date == "2024-06-25" and "min read" not in note_text(post)
    assert "This year, our survey revealed changes." in note_text(post)


def test_a_single_post_is_titled_by_the_heading_saying_the_pages_title() -> None:
    html = (  # an old Tumblr theme: the blog's name as <h1>, the post's title as <h3>
        '<head><meta property="og:title" content="Minecraft 1.8 - The Bountiful Update"></head>'
        "<body><h1>Minecraft News</h1><div class='post'><h3><a href='/post/9'>"
        "Minecraft 1.8 - The Bountiful Update</a></h3><p>+ Added Slime Block</p></div></body>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "Minecraft 1.8 - The Bountiful Update"
    assert "Added Slime Block" in note_text(post)


def test_another_sites_tag_page_is_no_tag() -> None:
    html = (
        '<link rel="canonical" href="https://me.net/p/"><article><h2>T</h2><p>x '
        '<a href="https://other.org/tags/rust/">rust</a> <a href="/tags/go/">go</a> '
        '<a href="https://me.net/category/notes/">Notes</a></p></article>'
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert (post.taxonomy.tags, post.taxonomy.categories) == (("go",), ("Notes",))


@pytest.mark.parametrize(
    "comments",
    [
        '<div id="comments"><ol class="comment-list"><li><article class="comment">'
        "<p>Great post!</p></article></li></ol></div>",
        # WP Tavern: an empty #comments anchor, the comments beside it in WordPress's own class
        '<div id="comments"></div><div class="comments-area"><h3>2 comments</h3>'
        '<article class="comment-body"><p>Great post!</p></article>'
        '<article class="comment-body"><p>Agreed.</p></article></div>',
        '<ol class="commentlist"><li><article><p>Great post!</p></article></li></ol>',
    ],
)
def test_readers_comments_are_no_posts(comments: str) -> None:
    html = f"<article><h1>Post</h1><p>Text.</p></article>{comments}"
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "Post" and "Great" not in note_text(post)


def test_a_page_that_typesets_tex_keeps_every_dollar_pair_as_math() -> None:
    page = (
        "<!DOCTYPE html><html><head><title>T</title>"
        '<script src="https://cdn.example.org/mathjax/tex-mml-chtml.js"></script></head>'
        "<body><article><h1>T</h1><p>Pick $ab$ and $x$, not $5 or $ 6$.</p></article></body></html>"
    )
    [post] = read_webpage(page, "p.html", "p.html").posts
    assert note_text(post).endswith("Pick $ab$ and $x$, not \\$5 or \\$ 6\\$.\n")
    without = page.replace("mathjax/tex-mml-chtml.js", "site.js")
    [post] = read_webpage(without, "p.html", "p.html").posts
    assert note_text(post).endswith("Pick \\$ab\\$ and $x$, not \\$5 or \\$ 6\\$.\n")


# the shape of a Hugo PaperMod archive page (lilianweng.github.io/archives/): cards of a heading
# and a link laid over them, under year and month headings that are no posts
CARDS = """<html><head><title>Archive | Log</title></head><body>
<header class="header"><nav><a href="/">Log</a></nav></header>
<main class="main"><header class="page-header"><h1>Archive</h1></header>
<div class="archive-year"><h2>2026<sup>&nbsp;2</sup></h2>
<div class="archive-month"><h3>July<sup>&nbsp;2</sup></h3><div class="archive-posts">
<div class="archive-entry"><h3 class="archive-entry-title">Harness engineering</h3>
<div class="archive-meta">Date: July 4, 2026&nbsp;|&nbsp;Author: A. Writer</div>
<a class="entry-link" aria-label="post link" href="https://log.example.net/posts/harness/"></a></div>
<div class="archive-entry"><h3 class="archive-entry-title">Scaling laws</h3>
<div class="archive-meta">Date: 1 July 2026</div>
<a class="entry-link" href="https://log.example.net/posts/scaling/"></a></div>
</div></div></div></main></body></html>"""


def test_cards_with_a_link_laid_over_them_are_posts_dated_by_their_meta_text() -> None:
    archive = read_webpage(CARDS, "archive.html", "archive.html")
    assert archive.diagnostics == ()  # a card holding no text is no empty post
    assert [(p.title, p.date, p.origin) for p in archive.posts] == [
        ("Harness engineering", "2026-07-04", "archive.html:6"),
        ("Scaling laws", "2026-07-01", "archive.html:9"),
    ]
    first = note_text(archive.posts[0])
    assert archive.posts[0].url == "https://log.example.net/posts/harness/"  # its own page
    assert "Author: A. Writer" not in first and "Reading" not in first  # a byline: no text of it
    assert "July" not in first  # the month's heading is no post's text


def test_features_each_with_a_picture_linking_to_its_video_are_one_page_not_cards() -> None:
    feature = (
        '<li class="feature"><a href="https://video.example.com/{0}"><img src="/{0}.png"></a>'
        "<h2>{0}</h2><p>What {0} does for you, said in a sentence.</p></li>"
    )
    html = (
        "<title>Welcome to the Workbench</title><main><h1>Welcome to the Workbench</h1><ul>"
        + "".join(feature.format(name) for name in ("Inspector", "Console", "Debugger"))
        + "</ul></main>"
    )
    (post,) = read_webpage(html, "w.html", "w.html").posts
    assert post.title == "Welcome to the Workbench"
    assert "## Console" in note_text(post) and "What Debugger does" in note_text(post)


STORY = "<p>" + "The story's own words, told at length. " * 12 + "</p>"
TEASERS = "".join(
    f'<li><a href="https://news.example.com/{n}">Another story worth a click, number {n}</a></li>'
    for n in range(12)
)


def test_a_header_holding_the_heading_that_says_the_page_s_title_is_kept() -> None:
    html = (
        "<title>Flood waters recede</title><h1 class='Hidden'>Morning Show</h1>"
        f"<section><header><h1>Flood waters recede</h1></header>{STORY}</section>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "Flood waters recede" and "The story's own words" in note_text(post)


def test_a_story_s_article_under_its_title_header_is_the_page_not_the_links_round_it() -> None:
    html = (
        "<title>Flood waters recede</title><h1>Morning Show</h1>"
        "<div class='precontent'><header><h1>Flood waters recede</h1></header></div>"
        f"<main><ul>{TEASERS}</ul><article>{STORY}</article><ul>{TEASERS}</ul></main>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "Flood waters recede" and "The story's own words" in note_text(post)
    assert "worth a click" not in note_text(post)


def stream(count: int, summary: str) -> str:
    item = '<li><h3><a href="https://news.example.com/{0}">Teaser {0}</a></h3><p>{1}</p></li>'
    return "<ul class='stream'>" + "".join(item.format(n, summary) for n in range(count)) + "</ul>"


def test_a_stream_of_teasers_beside_the_story_titled_as_the_page_is_left_out() -> None:
    html = (
        "<title>Flood waters recede</title><div role='main'>"
        f"<section><header><h1>Flood waters recede</h1></header>{STORY}</section>"
        f"{stream(20, 'A short summary of another story, for the reader to click.')}</div>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "Flood waters recede" and "The story's own words" in note_text(post)
    assert "Teaser" not in note_text(post) and "short summary" not in note_text(post)


def test_a_listing_under_a_heading_saying_the_page_s_title_stays_a_listing() -> None:
    html = (
        "<title>Posts about birds</title><main><header><h1>Posts about birds</h1>"
        "<p>What I wrote about birds.</p></header>"
        f"{stream(3, 'The excerpt of a post, longer than the words above the listing.')}</main>"
    )
    archive = read_webpage(html, "p.html", "p.html")
    assert [p.title for p in archive.posts] == ["Teaser 0", "Teaser 1", "Teaser 2"]


def test_a_header_in_the_main_content_is_the_pages_not_the_sites() -> None:
    page = (
        '<header class="header"><a href="/">My Log</a></header>'
        '<main><header class="page-header"><h1>Archive</h1></header><p>Every post.</p></main>'
    )
    (post,) = read_webpage(page, "archive.html", "archive.html").posts
    assert post.title == "Archive"
    assert "Every post." in note_text(post) and "My Log" not in note_text(post)


def test_a_site_header_is_left_out_even_inside_the_main_content() -> None:
    page = '<main><header class="site-header">My Site</header><h1>Post</h1><p>Text.</p></main>'
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.title == "Post" and "My Site" not in note_text(post)


def test_a_page_without_its_address_warns_of_the_relative_links_kept_as_text() -> None:
    page = (
        '<main><h1>Post</h1><p><a href="../other/">Other</a> <img src="a.png" alt="A"></p></main>'
    )
    archive = read_webpage(page, "p.html", "p.html")
    assert "Other" in note_text(archive.posts[0]) and "](" not in note_text(archive.posts[0])
    [diag] = archive.diagnostics
    assert diag.code == "import-relative-url" and "('../other/', 'a.png')" in diag.message
    canonical = '<link rel="canonical" href="https://x.example.org/p/">' + page
    assert read_webpage(canonical, "p.html", "p.html").diagnostics == ()


# Quarto's title block (11rchitwood.github.io), a hand-written page's header (henryhmko.github.io)
QUARTO = """<html><head><title>Contrasts – site</title></head><body>
<header id="title-block-header"><div><h1 class="title">Better A/B Testing</h1></div>
<div class="quarto-title-meta"><div>Published</div><p class="date">January 17, 2026</p></div>
</header><div id="quarto-content"><main class="content"><p>You are running tests.</p>
<h2>A Quick Review</h2><p>A scenario.</p></main></div></body></html>"""


def test_a_title_block_before_the_main_content_titles_and_dates_the_page() -> None:
    (post,) = read_webpage(QUARTO, "q.html", "q.html").posts
    assert (post.title, post.date) == ("Better A/B Testing", "2026-01-17")
    assert note_text(post).split("---\n", 2)[2] == (
        "You are running tests.\n\n## A Quick Review\n\nA scenario.\n"
    )


def test_a_header_holding_the_pages_one_h1_is_the_posts_title_block() -> None:
    page = (
        "<body><header><h1>MoE Overview</h1><span class='date'>May 18, 2024</span></header>"
        "<p>Key ideas.</p><h2>Benefits</h2><p>Parallelism.</p></body>"
    )
    (post,) = read_webpage(page, "m.html", "m.html").posts
    assert (post.title, post.date) == ("MoE Overview", "2024-05-18")
    assert "## Benefits" in note_text(post) and "May 18" not in note_text(post)


def test_a_site_name_heading_that_links_home_is_still_the_sites_header() -> None:
    page = (
        "<body><header><h1><a href='https://x.example.org/'>My Site</a></h1></header>"
        "<main><h2>The Post</h2><p>Text.</p></main></body>"
    )
    (post,) = read_webpage(page, "s.html", "s.html").posts
    assert post.title == "The Post" and "My Site" not in note_text(post)


def test_a_time_whose_datetime_is_no_date_is_read_from_its_text() -> None:
    page = (
        '<article><h1>Post</h1><time datetime="article.date.isoformat()">Thu 13 September 2018'
        "</time><p>Text.</p></article>"
    )
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.date == "2018-09-13"


def test_a_listings_section_heading_does_not_stop_its_linked_headings_being_posts() -> None:
    # the shape of a Hugo theme's home page (094459/blog): "Recent posts" among the posts' <h2>s
    item = (
        '<li><h2><a href="https://b.example.org/{0}/">{0}</a></h2>'
        '<div class="meta-data"><p>Dec 1{1}, 2023 | 5 minute read</p></div><p>About {0}.</p></li>'
    )
    page = (
        '<link rel="canonical" href="https://b.example.org/"><main><h1>Home</h1>'
        f"<div><h2>Recent posts</h2><ul>{item.format('One', 1)}{item.format('Two', 2)}</ul></div>"
        "</main>"
    )
    posts = read_webpage(page, "home.html", "home.html").posts
    assert [(p.title, p.date) for p in posts] == [("One", "2023-12-11"), ("Two", "2023-12-12")]
    assert "About Two" not in note_text(posts[0])


def test_without_its_address_a_pages_host_is_the_one_its_tag_links_or_post_titles_lead_to() -> None:
    # jakevdp.github.io's Pelican pages say no address; their tag and post links are absolute
    post = (
        "<article><h1>Paradox</h1><p>Text, after <a href='https://en.example.org/w'>a source</a>.</p>"
        "<a href='http://jv.example.io/tag/simulation.html'>simulation</a></article>"
    )
    (read,) = read_webpage(post, "p.html", "p.html").posts
    assert read.taxonomy.tags == ("simulation",)
    entry = "<h2><a href='http://jv.example.io/blog/{0}/'>{0}</a></h2><time>2018-09-1{1}</time><p>On {0}.</p>"
    listing = f"<main>{entry.format('One', 1)}{entry.format('Two', 2)}</main>"
    posts = read_webpage(listing, "i.html", "i.html").posts
    assert [(p.title, p.kind, p.url) for p in posts] == [("One", "note", ""), ("Two", "note", "")]


def test_a_posts_tag_list_toc_and_copyright_box_are_not_its_text() -> None:
    # Hugo themes "cupper" (094459/blog) and "even" (ouuan.github.io)
    page = (
        '<link rel="canonical" href="https://b.example.org/p/"><main><h1>Ragna</h1>'
        '<div class="date"><p>Published Nov 12, 2023</p><p>Reading time 27 minutes</p></div>'
        '<div class="tags"><strong>Tags: </strong><ul><li><a href="/tags/ragna">Ragna</a></li>'
        '<li><a href="/tags/openai">OpenAI</a></li></ul></div>'
        '<div class="post-toc"><h2>Contents</h2><nav><ul><li><a href="#a">A</a></li></ul></nav></div>'
        '<p>I tried <a href="/tags/ragna">Ragna</a> this week.</p>'
        '<div class="post-copyright"><p>Author ouuan</p><p>License CC BY-SA 4.0</p></div></main>'
    )
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert (post.date, post.taxonomy.tags) == ("2023-11-12", ("Ragna", "OpenAI"))
    body = note_text(post).split("---\n", 2)[2]
    assert "Tags" not in body and "Contents" not in body and "License" not in body
    assert "I tried [Ragna](https://b.example.org/tags/ragna) this week." in body


@pytest.mark.parametrize(
    "note",
    [
        "<!-- saved from url=(0040)https://colah.example.io/posts/lstm/ -->",  # Chrome's "Save as"
        "<!--\n Page saved with SingleFile \n url: https://colah.example.io/posts/lstm/ \n-->",
    ],
)
def test_a_saved_page_is_read_at_the_address_it_was_saved_from(note: str) -> None:
    page = f'{note}\n<html><body><article><h1>LSTMs</h1><p><img src="img/chain.png" alt="chain"></p></article></body></html>'
    archive = read_webpage(page, "lstm.html", "lstm.html")
    assert "![chain](https://colah.example.io/posts/lstm/img/chain.png)" in note_text(
        archive.posts[0]
    )
    assert archive.diagnostics == ()


def test_a_meta_line_of_date_and_byline_is_left_out_and_one_with_more_words_kept() -> None:
    page = (
        '<html><head><link rel="canonical" href="https://b.example/p/"></head><body><article>'
        "<h1>Post</h1><p class='post-meta'>Published on March 15, 2023 · 5 min read · by Ada</p>"
        "<p>Body.</p></article></body></html>"
    )
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.date == "2023-03-15" and "min read" not in note_text(post)
    kept = page.replace("5 min read · by Ada", "the day the fire alarm went off twice")
    (post,) = read_webpage(kept, "p.html", "p.html").posts
    assert "fire alarm" in note_text(post)


def test_a_sidebar_and_the_author_s_profile_beside_the_posts_are_no_text_of_them() -> None:
    page = (
        '<html><head><title>Publications - Ada</title></head><body><div id="main">'
        '<div class="sidebar sticky"><div itemscope itemtype="http://schema.org/Person">'
        '<h3 class="author__name">Ada, PhD</h3><p>Research scientist</p></div></div>'
        '<h1 class="page__title">Publications</h1><p>Our paper.</p>'
        '<article><h2>A post</h2><div itemscope itemtype="http://schema.org/Person">By Ada</div></article>'
        "</div></body></html>"
    )
    posts = read_webpage(page, "p.html", "p.html").posts
    assert [p.title for p in posts] == ["A post"]  # the page's one article
    text = "".join(note_text(p) for p in posts)
    assert "Research scientist" not in text and "Ada, PhD" not in text
    assert "By Ada" in text  # an article's own author box is its text


def test_a_page_s_title_is_its_h1_not_the_sidebar_heading_before_it() -> None:
    page = (
        '<html><body><div class="sidebar"><h3>Ada, PhD</h3><p>Bio.</p></div>'
        "<h1>Publications</h1><h2>LGAP (2023)</h2><p>A parser.</p></body></html>"
    )
    [post] = read_webpage(page, "p.html", "p.html").posts
    assert post.title == "Publications" and "Bio." not in note_text(post)


def test_a_post_s_title_said_again_at_its_top_and_a_leading_rule_are_left_out() -> None:
    page = (
        '<html><body><article class="h-entry"><header><h1 class="p-name">PikesPeak</h1></header>'
        '<section data-field="body"><hr class="section-divider"><h3 class="graf--title">PikesPeak</h3>'
        "<p>Pay attention.</p><h3>Later</h3><p>More.</p><hr><p>End.</p></section></article></body></html>"
    )
    [post] = read_webpage(page, "p.html", "p.html").posts
    assert (
        note_text(post).split("---\n", 2)[2]
        == "Pay attention.\n\n### Later\n\nMore.\n\n---\n\nEnd.\n"
    )


# A saved news page (modelled on the pages of Mozilla Readability's test corpus: aclu, ehow,
# toc-missing): the title `<h1>` in a header above the `<article>`, which starts with a section.
def test_the_heading_saying_the_page_s_title_above_its_article_titles_it() -> None:
    page = (
        "<html><head><title>Lift the Sanctions | Daily News</title></head><body>"
        "<header><h1>Lift the Sanctions</h1><time datetime='2017-01-13'>Jan 13</time></header>"
        "<article><h2>Background</h2><p>Body.</p></article></body></html>"
    )
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.title == "Lift the Sanctions" and post.date == "2017-01-13"
    assert "## Background" in note_text(post)  # a section's heading, kept in the text


def test_a_one_word_part_of_the_page_s_title_names_no_heading() -> None:
    page = (
        "<html><head><title>Notes - Ada</title></head><body><main>"
        "<h2>Ada</h2><p>Bio.</p><h2>Notes</h2><p>Body.</p></main></body></html>"
    )
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.title == "Ada"  # the first heading, no part of the title chosen by one word


# A page whose og:title no heading says (a saved TMZ or Medium page): its first heading, no `<h1>`,
# is a section's or a part of a title split over two headings.
def test_the_og_title_titles_a_page_whose_first_heading_says_otherwise() -> None:
    page = (
        '<html><head><meta property="og:title" content="The Story of Metroid"></head><body>'
        "<article><p>Intro.</p><h3>Notes on Lore</h3><p>Body.</p></article></body></html>"
    )
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.title == "The Story of Metroid" and "### Notes on Lore" in note_text(post)


def test_a_title_split_over_two_headings_is_the_og_title_and_left_out_of_the_text() -> None:
    page = (
        '<html><head><meta property="og:title" content="The Open Project: Better Journalism">'
        "</head><body><article><h2>Open Project:</h2><h4><em>Better Journalism</em></h4>"
        "<p>Body.</p></article></body></html>"
    )
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.title == "The Open Project: Better Journalism"
    assert "Project" not in note_text(post).partition("\n---\n")[2]  # the body


@pytest.mark.parametrize(
    ("head", "body", "authors"),
    [
        ('<meta name="author" content="Ada Lovelace">', "", ("Ada Lovelace",)),
        ('<meta name="author" content="https://b.example/ada">', "", ()),
        ("", '<a rel="author" href="/ada">Ada Lovelace —</a>', ("Ada Lovelace",)),
        ("", '<span itemprop="author">por Ada Lovelace</span>', ("Ada Lovelace",)),
        ("", '<div itemprop="author">' + "Ada wrote " * 20 + "</div>", ()),
        ("", '<span itemprop="author">By Ada Lovelace, March 4, 2024</span>', ("Ada Lovelace",)),
        (
            '<meta name="author" content="FAIL"><meta property="dc:creator x:y" content="Ada L">',
            "",
            ("Ada L",),
        ),
        ('<meta name="parsely-author" content="Ada Lovelace">', "", ("Ada Lovelace",)),
        ('<meta property="article:author" content="Ada Lovelace">', "", ("Ada Lovelace",)),
        ('<meta property="article:author" content="adal">', "", ()),  # a handle
    ],
)
def test_a_page_s_author_is_its_author_meta_else_the_name_marked_as_its_author(
    head: str, body: str, authors: tuple[str, ...]
) -> None:
    page = f"<html><head>{head}</head><body><article><h1>T</h1>{body}<p>Text.</p></article></body></html>"
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.authors == authors


@pytest.mark.parametrize(
    ("byline", "authors"),
    [
        (
            '<p class="byline"><span class="by-author">by <a class="byauthor" href="/a/ln">'
            'Lucas Nolan</a></span><span class="bydate">22 Dec 2016</span></p>',
            ("Lucas Nolan",),
        ),
        (
            '<div class="FeatureByline">By <b>Nathan Willis</b> March 25, 2015</div>',
            ("Nathan Willis",),
        ),
        (
            '<div class="pb-byline">Written by Rob Ewaschuk Edited by Betsy Beyer</div>',
            ("Rob Ewaschuk",),
        ),
        ('<em class="byline">JOE HILDEBRAND</em>', ("JOE HILDEBRAND",)),
        ('<span class="author-name">Ada</span>', ()),  # one word: a label as likely as a name
        ('<a class="author-link">Follow Author</a>', ()),  # a button, no name
        ('<p class="byline">Last Updated: January 7, 2025</p>', ()),
        ('<div class="comment-author">Bob Reader</div>', ()),  # a reader's, not the page's
        ('<li class="author-follow">Matt Bai The real problem</li>', ()),  # another writer's box
    ],
)
def test_a_page_s_author_is_the_name_its_byline_element_says(
    byline: str, authors: tuple[str, ...]
) -> None:
    page = f"<title>T</title><article><h1>T</h1>{byline}<p>Text.</p></article>"
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.authors == authors


def test_a_byline_in_the_sidebar_is_no_author_but_one_in_the_post_s_author_box_is() -> None:
    sidebar = '<div class="sidebar"><p class="author-name">Site Owner</p></div>'
    box = '<aside class="post-author"><div class="author__text">Scott Cunningham</div></aside>'
    page = f'<body class="sidebar-primary">{sidebar}<article><h1>T</h1><p>Text.</p>{{}}</article>'
    (alone,) = read_webpage(page.format(""), "p.html", "p.html").posts
    (boxed,) = read_webpage(page.format(box), "p.html", "p.html").posts
    assert (alone.authors, boxed.authors) == ((), ("Scott Cunningham",))


def test_a_page_s_schema_org_author_comes_before_its_open_graph_article_author() -> None:
    record = '{"@type": "NewsArticle", "author": {"name": "Devindra Hardawar"}}'
    page = (
        f'<meta property="article:author" content="Devindra H"><script type="application/ld+json">'
        f"{record}</script><article><h1>T</h1><p>Text.</p></article>"
    )
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.authors == ("Devindra Hardawar",)


def test_the_posts_of_a_listing_take_no_author_from_the_page() -> None:
    page = (
        '<html><head><meta name="author" content="Ada"></head><body>'
        "<article><h2>One</h2><p>A.</p></article><article><h2>Two</h2><p>B.</p></article>"
        "</body></html>"
    )
    assert [p.authors for p in read_webpage(page, "p.html", "p.html").posts] == [(), ()]


# A saved Wikipedia article: each section's heading has an "[edit]" link to another page
def test_headings_with_an_edit_link_beside_their_name_are_sections_not_posts() -> None:
    edit = '<span class="mw-editsection">[<a href="/w/index.php?action=edit&section={n}">edit</a>]</span>'
    html = (
        "<html><head><title>Mozilla - Wikipedia</title></head><body><main><h1>Mozilla</h1>"
        "<p>Lead.</p>"
        f'<h2><span class="mw-headline">History</span>{edit.format(n=1)}</h2><p>a</p>'
        f'<h2><span class="mw-headline">Values</span>{edit.format(n=2)}</h2><p>b</p>'
        "</main></body></html>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "Mozilla" and "Lead." in note_text(post) and "\nb\n" in note_text(post)
    linked = html.replace(">History<", '><a href="/wiki/History">History of Mozilla</a><')
    linked = linked.replace(">Values<", '><a href="/wiki/Values">Values of Mozilla</a><')
    assert len(read_webpage(linked, "p.html", "p.html").posts) == 2  # a listing's headings


# A saved news story (NYTimes, Lifehacker in Readability's corpus): the story's <article> and,
# beside it, <article>s teasing other stories or holding readers' comments
def test_the_article_saying_the_page_s_title_is_the_page_not_the_teasers_beside_it() -> None:
    html = (
        "<html><head><title>Sanctions Lifted - The Times</title></head><body>"
        "<article><h1>Sanctions Lifted</h1><p>The story.</p></article>"
        "<article><h2><a href='/other'>Another story</a></h2><p>Teaser.</p></article>"
        "<article><h2><a href='/third'>A third story</a></h2><p>Teaser.</p></article>"
        "</body></html>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "Sanctions Lifted" and "Teaser" not in note_text(post)
    listing = html.replace("<title>Sanctions Lifted - The Times", "<title>The Times")
    assert len(read_webpage(listing, "p.html", "p.html").posts) == 3


# A saved Medium post: its title in the bar atop the page and again in the post's text
def test_the_post_s_own_heading_saying_the_title_is_left_out_not_the_bar_s() -> None:
    html = (
        '<html><head><meta property="og:title" content="On Behalf of Literally"></head><body>'
        "<div class='metabar'><h4>On Behalf of Literally</h4></div><article><p>A.</p><p>B.</p><p>Words need "
        "defenders.</p><h3>On Behalf of Literally</h3><p>Body.</p></article></body></html>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "On Behalf of Literally" and "### On" not in note_text(post)


# schema.org records as news sites write them (Readability's corpus: aclu, theverge, engadget):
# in CDATA, in an @graph, the author as a Person, a list of them or a plain name
@pytest.mark.parametrize(
    ("record", "authors"),
    [
        (
            '<![CDATA[ {"@type": "NewsArticle", "author": {"@type": "Person", "name": "Ada L"}} ]]>',
            ("Ada L",),
        ),
        (
            '{"@graph": [{"@type": "WebSite", "author": "Site"}, {"@type": ["BlogPosting"],'
            ' "author": [{"name": "Ada"}, {"name": "Bo"}]}]}',
            ("Ada", "Bo"),
        ),
        ('[{"@type": "Review", "author": "Ada"}]', ("Ada",)),
        ('{"@type": "Article", "author": "https://ex.org/ada"}', ()),
        ('{"@type": "Article", "author": {"name": "Ada"}', ()),  # broken: says nothing
        ("[" * 100_000 + "]" * 100_000, ()),  # nested too deep to read
    ],
)
def test_a_page_s_author_is_read_from_its_schema_org_record(
    record: str, authors: tuple[str, ...]
) -> None:
    page = (
        f'<html><head><script type="application/ld+json">{record}</script></head>'
        "<body><article><h1>T</h1><p>Text.</p></article></body></html>"
    )
    (post,) = read_webpage(page, "p.html", "p.html").posts
    assert post.authors == authors


# CNET's saved story: an empty <article> (a script fills it) after the story's own
def test_an_empty_article_beside_the_post_makes_no_listing() -> None:
    html = (
        "<html><head><title>Zuck's strategy</title></head><body><h1>Zuck's strategy</h1>"
        "<article><h2>Share your voice</h2><p>The story.</p></article><article> </article>"
        "</body></html>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "Zuck's strategy"  # the page's one post, titled as the page says
    photo = html.replace(
        "<article> </article>", "<article><img src='https://ex.org/a.png'></article>"
    )
    assert len(read_webpage(photo, "p.html", "p.html").posts) == 2  # a photo is something


# The ACLU's saved story: a campaign box in an <article> beside the story, written in none
def test_an_article_box_beside_a_story_written_in_none_is_not_the_page() -> None:
    story = "<p>" + "The story's own words. " * 30 + "</p>"
    html = (
        "<html><head><title>Tracked</title></head><body><div role='main'><h1>Tracked</h1>"
        f"{story}<article><h2>Act now</h2><p>Send a message.</p></article>{story}"
        "</div></body></html>"
    )
    (post,) = read_webpage(html, "p.html", "p.html").posts
    assert post.title == "Tracked" and "The story's own words." in note_text(post)
    untitled = html.replace("<h1>Tracked</h1>", "")  # no heading says the page is elsewhere
    assert [p.title for p in read_webpage(untitled, "p.html", "p.html").posts] == ["Act now"]


@pytest.mark.parametrize("canonical", ["", '<link rel="canonical" href="https://example.com/p/">'])
def test_a_link_urllib_refuses_is_kept_as_text_not_a_traceback(canonical: str) -> None:
    """`href="http://[oops/"` (an [IPv6] host not closed) made urllib raise ValueError, home link
    test and body alike: the page is imported, that link kept as its text."""
    html = (
        f"<html><head><title>A post - Example</title>{canonical}</head><body>"
        '<a href="http://[oops/">home</a><article><h1>A post</h1>'
        "<p>Some text long enough to be a post, with words in it.</p>"
        '<p>See <a href="http://[bad/x">the bad link</a> here.</p></article></body></html>'
    )
    (post,) = read_webpage(html, "s.html", "s.html").posts
    assert post.title == "A post"
    assert "the bad link" in note_text(post) and "[bad" not in note_text(post).split("---")[-1]


# the shape of a built Hugo site's pages (the Stack theme): a listing's cards are each an <article>
# holding one link round its title and date; `page/1/` and an alias are pages that only redirect
STACK_CARD = """<article><a href="/p/{slug}/"><div class="article-details">
<h2 class="article-title">{title}</h2><footer class="article-time">
<time datetime='2021-03-18T23:01:00&#43;08:00'>Mar 18, 2021</time></footer></div></a></article>"""
STACK_LISTING = """<!DOCTYPE html><html><head><title>{title}</title>
<link rel="canonical" href="https://blog.example.org/{at}"></head><body>
<aside class="sidebar"><nav><a href="/">Home</a></nav></aside><main class="main">
<header><h3 class="section-title"><a href="/tags/">Tags</a></h3>
<h1 class="section-term">{term}</h1></header><section class="article-list">
{cards}</section></main></body></html>"""
REDIRECT = """<!DOCTYPE html><html><head><title>https://blog.example.org/tags/go/</title>
<link rel="canonical" href="https://blog.example.org/tags/go/"/><meta name="robots" content="noindex">
<meta charset="utf-8" /><meta http-equiv="refresh" content="0; url=https://blog.example.org/tags/go/" />
</head></html>"""


def stack_listing(term: str, at: str, *cards: tuple[str, str]) -> str:
    shown = "\n".join(STACK_CARD.format(slug=slug, title=t) for slug, t in cards)
    return STACK_LISTING.format(title=f"Tag: {term} - Blog", term=term, at=at, cards=shown)


def test_a_page_that_only_redirects_is_no_post() -> None:
    archive = read_webpage(REDIRECT, "index.html", "tags/go/page/1/index.html")
    assert archive.posts == ()
    assert [(d.code, d.severity.value, d.pos.path) for d in archive.diagnostics] == [
        ("import-redirect", "info", "tags/go/page/1/index.html")
    ]
    assert "https://blog.example.org/tags/go/" in archive.diagnostics[0].message
    slow = REDIRECT.replace('content="0; url', 'content="30; url').replace("</head>", "</head>")
    slow = slow.replace("</head></html>", "</head><body><p>Read me.</p></body></html>")
    assert [p.title for p in read_webpage(slow, "x.html", "x.html").posts] != []


def test_a_sites_index_of_its_tags_is_no_post() -> None:
    """Hugo's tags/ page, each heading a tag's name linking to its page: 524 empty posts from a
    real built blog (094459/blog), where it lists no post."""
    page = (
        "<main><h1>Tags</h1>"
        + "".join(
            f'<h2><a href="https://blog.example.org/tags/{t}/">({n}) {t}</a></h2>'
            for n, t in ((3, "go"), (1, "rust"), (12, "python"))
        )
        + "</main>"
    )
    archive = read_webpage(page, "index.html", "tags/index.html")
    assert archive.posts == ()
    assert [(d.code, d.severity.value) for d in archive.diagnostics] == [
        ("import-taxonomy-index", "info")
    ]
    assert "3 tag or category pages" in archive.diagnostics[0].message
    listing = page.replace("/tags/", "/posts/")  # the same headings leading to posts: a listing
    assert len(read_webpage(listing, "index.html", "index.html").posts) == 3


def test_listed_posts_are_their_own_pages_and_hold_no_text_of_their_own() -> None:
    """A card's title leads to its post's page: a copy of that page, to be merged with it, and
    no empty post."""
    page = stack_listing("Go", "tags/go/", ("logs", "Logs and errors"), ("es", "Search"))
    archive = read_webpage(page, "index.html", "tags/go/index.html")
    assert [(p.title, p.page, p.date) for p in archive.posts] == [
        ("Logs and errors", "https://blog.example.org/p/logs/", "2021-03-18"),
        ("Search", "https://blog.example.org/p/es/", "2021-03-18"),
    ]
    assert archive.diagnostics == ()


def test_a_tag_page_listing_one_post_is_that_post_s_teaser_not_a_page_of_its_own() -> None:
    page = stack_listing("Go", "tags/go/", ("logs", "Logs and errors"))
    [post] = read_webpage(page, "index.html", "tags/go/index.html").posts
    assert (post.title, post.page) == ("Logs and errors", "https://blog.example.org/p/logs/")
    itself = stack_listing("Logs and errors", "p/logs/", ("logs", "Logs and errors"))
    [post] = read_webpage(
        itself, "index.html", "p/logs/index.html"
    ).posts  # its title's link: itself
    assert (post.title, post.page) == ("Logs and errors", "https://blog.example.org/p/logs/")


# the shape of a Bootstrap theme's card grid (a built Hugo site, 0pankajkumar/blog's docs/blog/):
# each card an <article> whose title is an <h4 class="card-title"> under its picture
BOOTSTRAP_CARD = """<div class="col-lg-4"><article class="card shadow">
<img class="card-img-top" src="https://ex.org/images/{n}.jpg" alt="post-thumb">
<div class="card-body"><h4 class="card-title"><a href="https://ex.org/blog/{n}/">{title}</a></h4>
<p class="card-text">{text}</p><a href="https://ex.org/blog/{n}/" class="btn">Read More</a></div>
</article></div>"""


def test_a_card_s_lower_heading_opening_it_is_its_title_not_a_section_s() -> None:
    cards = "".join(
        BOOTSTRAP_CARD.format(n=n, title=t, text=x)
        for n, t, x in (("a", "Ditch lists", "Use a dict."), ("b", "Threads", "Mostly waiting."))
    )
    head = '<title>Blog</title><link rel="canonical" href="https://ex.org/blog/">'
    page = f"<html><head>{head}</head><body><main>{cards}</main></body></html>"
    archive = read_webpage(page, "index.html", "blog/index.html")
    assert [(p.title, p.page) for p in archive.posts] == [
        ("Ditch lists", "https://ex.org/blog/a/"),
        ("Threads", "https://ex.org/blog/b/"),
    ]
    assert [d.code for d in archive.diagnostics] == []
    sectioned = page.replace('<h4 class="card-title">', "<p>An opening line of the post.</p><h4>")
    archive = read_webpage(sectioned, "index.html", "blog/index.html")
    assert [d.code for d in archive.diagnostics] == ["import-untitled", "import-untitled"]
    assert "Ditch lists" in note_text(archive.posts[0])  # a section's heading: kept in the text


def test_a_page_with_no_title_is_titled_by_the_slug_its_file_or_folder_is_named_by() -> None:
    """A built post's page whose theme writes no `<title>` or heading: its folder (Hugo's and
    Hexo's `my-post/index.html`) or file (Jekyll's `2019-05-01-my-post.html`) names it as the
    post's slug; a name that is no slug (`index`, `page`, a hash) leaves its first words."""
    page = "<html><body><main><p>Caches go stale when nobody looks.</p></main></body></html>"

    def title(shown: str) -> str:
        return read_webpage(page, shown.rsplit("/", 1)[-1], shown).posts[0].title

    assert title("site/2019/05/01/on-stale-caches/index.html") == "On Stale Caches"
    assert title("_site/2019-05-01-on-stale-caches.html") == "On Stale Caches"
    for unnamed in ("index.html", "site/page.html", "site/9f86d081-884c7d65/index.html"):
        assert title(unnamed) == "Caches go stale when nobody looks."
    titled = page.replace("<body>", "<head><title>Stale</title></head><body>")
    assert read_webpage(titled, "index.html", "site/on-caches/index.html").posts[0].title == "Stale"


SITE_PAGE = (
    "<html><head><title>Second post</title></head><body><main><h1>Second post</h1>"
    '<p>After <a href="/posts/first/">the first</a>, see <a href="../../tags/go/">Go</a>'
    ' and <a href="https://other.org/x">elsewhere</a>.</p>'
    '<p><img src="chart.png" alt="A chart"> <img src="/img/logo.png" alt="Logo"></p>'
    "</main></body></html>"
)


def test_a_page_saying_no_address_is_at_its_address_on_the_site_given() -> None:
    site = Site("https://example.com/", "https://example.com/posts/second/")
    archive = read_webpage(SITE_PAGE, "index.html", "public/posts/second/index.html", site)
    assert archive.diagnostics == ()
    (post,) = archive.posts
    assert post.page == "https://example.com/posts/second/"
    assert note_text(post).split("---\n", 2)[2] == (
        "After [the first](https://example.com/posts/first/), see"
        " [Go](https://example.com/tags/go/) and [elsewhere](https://other.org/x).\n\n"
        "![A chart](https://example.com/posts/second/chart.png)"
        " ![Logo](https://example.com/img/logo.png)\n"
    )
    alone = read_webpage(SITE_PAGE, "index.html", "index.html")  # without --site: text, told
    assert [d.code for d in alone.diagnostics] == ["import-relative-url"]
    assert "--site" in (alone.diagnostics[0].hint or "")


def test_the_address_a_page_says_wins_over_the_site_given() -> None:
    page = SITE_PAGE.replace(
        "<head>", '<head><link rel="canonical" href="https://blog.example.org/2019/05/second/">'
    )
    site = Site("https://example.com/", "https://example.com/posts/second/")
    (post,) = read_webpage(page, "index.html", "index.html", site).posts
    assert post.page == "https://blog.example.org/2019/05/second/"
    text = note_text(post)
    assert "[the first](https://blog.example.org/posts/first/)" in text
    assert "![A chart](https://blog.example.org/2019/05/second/chart.png)" in text


def test_a_link_climbing_above_the_site_root_is_a_warning_and_kept_as_text() -> None:
    page = SITE_PAGE.replace("../../tags/go/", "../../../tags/go/")
    site = Site("https://example.com/", "https://example.com/posts/second/")
    archive = read_webpage(page, "index.html", "public/posts/second/index.html", site)
    [diag] = archive.diagnostics
    assert (diag.code, diag.is_error) == ("import-url-above-site", False)
    assert diag.pos is not None and diag.pos.path == "public/posts/second/index.html"
    assert "'../../../tags/go/'" in diag.message and "https://example.com/" in diag.message
    assert "--site" in (diag.hint or "")
    assert "see Go and" in note_text(archive.posts[0])


# the shape of Hexo NexT's archive, tag and category pages (a built Hexo site committed whole,
# Yu2erer/yu2erer.github.io's archives/, tags/GC/): each listed post an <article> whose title is
# a link in a <div class="post-title">, no heading
NEXT_TEASER = """<article itemscope itemtype="http://schema.org/Article"><header class="post-header">
<div class="post-meta-container"><time itemprop="dateCreated" datetime="{date}T21:40:20+08:00"
 content="{date}">10-30</time></div><div class="post-title"><a class="post-title-link"
 href="/{slug}/" itemprop="url"><span itemprop="name">{title}</span></a></div></header></article>"""


def next_listing(*posts: tuple[str, str, str]) -> str:
    teasers = "".join(NEXT_TEASER.format(slug=s, title=t, date=d) for s, t, d in posts)
    return (
        '<html><head><link rel="canonical" href="https://yuerer.com/archives/"></head><body>'
        '<main class="main"><div class="main-inner archive posts-collapse"><div class="post-block">'
        f'<div class="post-content">{teasers}</div></div></div></main></body></html>'
    )


def test_a_listed_post_titled_in_a_title_div_is_a_teaser_of_its_page() -> None:
    page = next_listing(
        ("ue5-gc", "UE5 增量垃圾回收深度解析", "2025-10-30"),
        ("unlua", "UE5 UnLua 脚本方案原理", "2025-10-24"),
    )
    archive = read_webpage(page, "index.html", "archives/index.html")
    assert [(p.title, p.page, p.date) for p in archive.posts] == [
        ("UE5 增量垃圾回收深度解析", "https://yuerer.com/ue5-gc/", "2025-10-30"),
        ("UE5 UnLua 脚本方案原理", "https://yuerer.com/unlua/", "2025-10-24"),
    ]
    assert archive.diagnostics == ()


def test_a_tag_page_listing_one_post_titled_in_a_title_div_warns_of_no_empty_post() -> None:
    """Its one teaser is a copy of the post's page (tags/GC/ of Yu2erer/yu2erer.github.io), not a
    post with no text."""
    page = next_listing(("ue5-gc", "UE5 增量垃圾回收深度解析", "2025-10-30"))
    archive = read_webpage(
        page.replace("/archives/", "/tags/GC/"), "index.html", "tags/GC/index.html"
    )
    [post] = archive.posts
    assert (post.title, post.page) == ("UE5 增量垃圾回收深度解析", "https://yuerer.com/ue5-gc/")
    assert archive.diagnostics == ()


def test_an_og_title_naming_only_the_site_is_no_title_of_a_listing() -> None:
    """Hexo NexT states its blog's name as every archive page's og:title (its <title> says
    "归档 | Yuerer's Blog") and shows that name in an <h1> of the <main> (Yu2erer/yu2erer.github.io's
    archives/2018/10/): the page is the listing of its one post, not a post titled by the site."""
    head = (
        "<head><title>归档 | Yuerer's Blog</title>"
        '<meta property="og:title" content="Yuerer&#39;s Blog">'
        '<meta property="og:site_name" content="Yuerer&#39;s Blog">'
        '<link rel="canonical" href="https://yuerer.com/archives/2018/10/"></head>'
    )
    brand = (
        '<header class="header"><a href="/" class="brand" rel="start">'
        '<h1 class="site-title">Yuerer\'s Blog</h1></a>'
        '<p class="site-subtitle">钰儿的Blog</p></header>'
        '<div class="collection-title"><span>不错! 目前共计 65 篇日志。 继续努力。</span></div>'
    )
    page = next_listing(("os-boot", "操作系统之 系统启动、中断、调用", "2018-10-31"))
    page = page.replace("<head>", head + "<!--").replace("</head>", "-->")
    page = page.replace('<main class="main">', f'<main class="main">{brand}')
    archive = read_webpage(page, "index.html", "archives/2018/10/index.html")
    [post] = archive.posts
    assert (post.title, post.page) == (
        "操作系统之 系统启动、中断、调用",
        "https://yuerer.com/os-boot/",
    )


# Hexo NexT's tags/ and categories/ pages (Yu2erer/yu2erer.github.io): a cloud of tag links and a
# list of category links with their counts, under a heading of the page's name
NEXT_TAG_CLOUD = """<main class="main"><header class="header"><a href="/" class="brand" rel="start">
<h1 class="site-title">Yuerer's Blog</h1></a></header><div class="post-block"><header class="post-header">
<h1 class="post-title" itemprop="name headline">{title}</h1></header><div class="post-body">
<div class="tag-cloud"><div class="tag-cloud-title">目前共计 3 个标签</div><div class="tag-cloud-tags">
<a href="/{kind}/Bunch/" class="tag-cloud-1">Bunch</a> <a href="/{kind}/C/" class="tag-cloud-4">C++</a>
<a href="/{kind}/CPython/" class="tag-cloud-2">CPython</a></div></div></div></div></main>"""


@pytest.mark.parametrize("kind", ["tags", "categories"])
def test_a_site_s_page_of_tag_links_at_its_tags_address_is_its_index_of_them(kind: str) -> None:
    page = NEXT_TAG_CLOUD.format(title="标签", kind=kind)
    archive = read_webpage(page, "index.html", f"{kind}/index.html")
    assert archive.posts == ()
    assert [d.code for d in archive.diagnostics] == ["import-taxonomy-index"]
    assert "3 tag or category pages" in archive.diagnostics[0].message
    # the same links on a post's page are its tags, not an index
    post = page.replace("目前共计 3 个标签", "A post about three things, " * 4)
    [note] = read_webpage(post, "index.html", "2019/bunch/index.html").posts
    assert (note.taxonomy.tags or note.taxonomy.categories) == ("Bunch", "C++", "CPython")


def test_an_empty_heading_titles_nothing() -> None:
    """Jekyll's minima writes an empty <h1 class="post-title"> for a page with no title, its
    <title> the site's name (0b01/rickyhan.com's _site/cribdrag/): the page's first heading
    with words titles it, not the site's name."""
    page = (
        "<html><head><title>Ricky Han blog</title></head><body>"
        '<div class="page-content"><article class="post"><header class="post-header">'
        '<h1 class="post-title"></h1></header><div class="post-content">'
        '<h1 id="crib-dragging">Crib Dragging</h1><p>First of all, the plain text is the '
        "following, and it took me five hours.</p></div></article></div></body></html>"
    )
    [post] = read_webpage(page, "index.html", "cribdrag/index.html").posts
    assert post.title == "Crib Dragging"
    assert note_text(post).split("---\n")[-1].startswith("First of all")


def test_a_tag_page_saying_no_address_listing_one_post_is_its_teaser() -> None:
    """An Octopress tag page listing one post (1Feng/1feng.github.com's tags/cpp/), built with an
    empty canonical link: its post's title leads to another file of the site than its own."""
    page = (
        '<html><head><link rel="canonical" href=""></head><body><main><article>'
        '<h2 class="title"><a href="/2014/04/27/std-bind-in-c-plus-plus/">函数对象与std::bind</a>'
        '</h2><div class="meta"><div class="date">Apr 27 2014</div></div></article></main></body>'
        "</html>"
    )
    archive = read_webpage(page, "index.html", "site/tags/cpp/index.html")
    [post] = archive.posts
    assert post.page == "path:/2014/04/27/std-bind-in-c-plus-plus/"
    assert archive.diagnostics == ()
    itself = read_webpage(page, "index.html", "site/2014/04/27/std-bind-in-c-plus-plus/index.html")
    assert itself.posts[0].page == ""  # the page's own title, linking to it: the page itself
