"""Ghost's JSON export: its posts (drafts as drafts) with their tags and authors, the rest left out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notebase.importers import import_files
from notebase.importers.formats import choose_reader, read_input
from notebase.importers.ghost import HINT_UNRESOLVED, read_ghost
from notebase.importers.model import ImportedPost, ParsedArchive
from notebase.importers.render import note_text

FIXTURE = Path(__file__).parent / "fixtures" / "importers" / "ghost-export.json"


def read_fixture() -> ParsedArchive:
    return read_input(FIXTURE.read_text(encoding="utf-8"), "ghost-export.json", "g.json")


def test_an_export_is_read_as_ghost_not_as_a_feed() -> None:
    assert choose_reader("ghost-export.json", FIXTURE.read_text(encoding="utf-8")) is read_ghost
    feed = '{"version": "https://jsonfeed.org/version/1.1", "items": []}'
    assert choose_reader("feed.json", feed) is not read_ghost


def test_one_note_per_post_pages_left_out_with_one_info() -> None:
    archive = read_fixture()
    assert [p.title for p in archive.posts] == [
        "Reading the Attention Paper Again",
        "First Notes",
        "Half-Written Thoughts",
    ]
    infos = [d for d in archive.diagnostics if d.code == "import-not-a-post"]
    assert len(infos) == 1
    assert "1 page(s)" in infos[0].message and "settings" in infos[0].message


def test_a_post_has_its_date_tags_authors_excerpt_and_line() -> None:
    post = read_fixture().posts[0]
    assert post.date == "2024-05-21"
    assert set(post.taxonomy.tags) == {"Transformers", "Papers"}  # `#wide-layout` is internal
    assert post.authors == ("Ada Reader",)
    assert post.tldr == "Second reading of the transformer paper."
    assert post.origin == "ghost-export.json:11"
    assert not post.draft


def test_drafts_are_drafts_and_the_canonical_url_is_the_source() -> None:
    posts = read_fixture().posts
    assert posts[2].draft and posts[2].date == "2024-06-01"  # unpublished: when it was begun
    assert posts[1].url == "https://old-blog.example.com/first-notes"
    assert posts[0].url == ""


def test_the_body_keeps_links_images_quotes_and_code() -> None:
    text = note_text(read_fixture().posts[0])
    assert "![](https://images.example.org/cover.jpg)" in text
    assert "[the paper](https://arxiv.org/abs/1706.03762)" in text
    assert "[[First Notes|my first notes]]" in text  # __GHOST_URL__/first-notes/
    assert "[[First Notes|also]]" in text  # a dated permalink: /2023/01/first-notes/
    assert "> Attention is all you need." in text
    assert "```python\nscores = q @ k.T / d ** 0.5\n```" in text
    assert "## What changed" in text
    assert "__GHOST_URL__" not in text


def test_an_image_of_the_site_is_named_from_the_note_and_listed_to_copy() -> None:
    archive = read_fixture()
    assert archive.files == (("content/images/2024/05/heads.png", 11),)
    text = note_text(archive.posts[0])
    assert "![Attention heads](content/images/2024/05/heads.png)" in text


def test_a_link_to_another_page_of_the_site_is_told() -> None:
    diags = [d for d in read_fixture().diagnostics if d.code == "import-relative-url"]
    assert len(diags) == 1 and "/tag/papers/" in diags[0].message
    assert diags[0].pos is not None and diags[0].pos.line == 11


def test_the_site_images_are_copied_from_the_folder_of_the_export(tmp_path: Path) -> None:
    site = tmp_path / "ghost"
    (site / "content" / "images" / "2024" / "05").mkdir(parents=True)
    (site / "content" / "images" / "2024" / "05" / "heads.png").write_bytes(b"png")
    (site / "export.json").write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    into = tmp_path / "kb" / "notes" / "imported"
    outcome = import_files([site / "export.json"], into, tmp_path / "kb")
    assert (into / "content" / "images" / "2024" / "05" / "heads.png").read_bytes() == b"png"
    assert not [d for d in outcome.diagnostics if d.code == "import-missing-file"]
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    outcome = import_files([elsewhere], tmp_path / "kb2", tmp_path)
    assert [d.code for d in outcome.diagnostics if d.code == "import-missing-file"] == [
        "import-missing-file"
    ]


def export(posts: list[dict[str, object]]) -> str:
    return json.dumps({"db": [{"meta": {"version": "5.0.0"}, "data": {"posts": posts}}]})


def test_a_post_with_only_the_editor_format_is_told() -> None:
    text = export([{"id": "1", "title": "T", "lexical": "{}", "html": None, "type": "post"}])
    archive = read_ghost(text, "g.json", "g.json")
    assert [p.title for p in archive.posts] == ["T"]
    assert [d.code for d in archive.diagnostics if d.severity.name == "WARNING"] == [
        "import-empty-post"
    ]


def test_broken_json_is_an_error_with_its_line() -> None:
    text = '{"db": [{"data": {"posts": [\n{"id": 1,}\n]}}]}'
    archive = read_ghost(text, "g.json", "g.json")
    assert archive.posts == ()
    assert [(d.code, d.pos and d.pos.line, d.is_error) for d in archive.diagnostics] == [
        ("import-bad-feed", 2, True)
    ]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("1" * 5000, "a number in it is too long"),
        ("[" * 100_000 + "]" * 100_000, "it is nested too deep"),
    ],
)
def test_json_no_reader_takes_is_an_error_in_the_files_terms(value: str, words: str) -> None:
    archive = read_ghost('{"db": [{"data": {"posts": [' + value + "]}}]}", "g.json", "g.json")
    (diag,) = archive.diagnostics
    assert (archive.posts, diag.code, diag.is_error) == ((), "import-bad-feed", True)
    assert f"cannot read the export: {words}" in diag.message  # not Python's (sys.set_int_…)
    assert "sys." not in diag.message and "recursion" not in diag.message


def test_old_exports_mark_pages_with_a_flag() -> None:
    text = export([{"id": "1", "title": "About", "html": "<p>x</p>", "page": 1}])
    archive = read_ghost(text, "g.json", "g.json")
    assert archive.posts == ()
    assert {d.code for d in archive.diagnostics} == {"import-not-a-post", "import-no-posts"}


def test_a_post_of_lexical_only_is_read_from_its_document() -> None:
    def text(words: str, fmt: int = 0) -> dict[str, object]:
        return {"type": "text", "text": words, "format": fmt}

    root = {
        "type": "root",
        "children": [
            {"type": "heading", "tag": "h2", "children": [text("Why")]},
            {
                "type": "paragraph",
                "children": [
                    text("Read "),
                    text("this", 1),
                    {"type": "link", "url": "https://example.org/x", "children": [text("paper")]},
                    text(" <now>"),
                ],
            },
            {
                "type": "list",
                "listType": "number",
                "children": [
                    {"type": "listitem", "children": [text("one")]},
                ],
            },
            {"type": "codeblock", "language": "python", "code": "x = 1 < 2"},
            {"type": "image", "src": "https://example.org/a.png", "alt": "A", "caption": "Fig"},
            {"type": "unknowncard", "payload": "ignored"},
        ],
    }
    post = {"id": "1", "title": "T", "html": None, "type": "post", "status": "published"}
    post["lexical"] = json.dumps({"root": root})
    archive = read_ghost(export([post]), "g.json", "g.json")
    body = note_text(archive.posts[0]).split("\n---\n", 1)[1]
    assert body.strip() == (
        "## Why\n\nRead **this**[paper](https://example.org/x) \\<now>\n\n1. one\n\n"
        "```python\nx = 1 < 2\n```\n\n![A](https://example.org/a.png)\n\nFig"
    )
    assert not [d for d in archive.diagnostics if d.code == "import-empty-post"]


MOBILEDOC_FIXTURE = FIXTURE.with_name("ghost-mobiledoc-export.json")


def body_of(post: ImportedPost) -> str:
    return note_text(post).split("\n---\n", 1)[1].strip()


def mobiledoc_post(doc: object, **fields: object) -> str:
    """An export of one post held only as the Mobiledoc `doc` (a string: as it is stored)."""
    stored = doc if isinstance(doc, str) else json.dumps(doc)
    post = {"id": "1", "title": "T", "slug": "t", "html": None, "mobiledoc": stored, **fields}
    return export([{**post, "type": "post", "status": "published"}])


def warnings_of(archive: ParsedArchive) -> list[str]:
    return [d.code for d in archive.diagnostics if d.severity.name == "WARNING"]


def test_an_old_export_of_mobiledoc_only_is_read_from_its_documents() -> None:
    text = MOBILEDOC_FIXTURE.read_text(encoding="utf-8")
    archive = read_input(text, "ghost-mobiledoc-export.json", "g.json")
    first, second = archive.posts
    assert (first.title, first.date, first.authors) == (
        "Organising your content",
        "2021-03-24",
        ("Ghost",),
    )
    assert set(first.taxonomy.tags) == {"Getting Started"}
    assert body_of(first) == (
        "Ghost has a flexible organisational taxonomy called **tags** which can be used to"
        " configure your site structure using **dynamic routing**.\n\n"
        "## Basic Tagging\n\n"
        "If you tag a post with both `News` *and* `Weather` - then it appears in both sections.\n\n"
        "> ***News**, Technology, Startup*\n\n"
        "> *You can find documentation for theme development techniques like this and many more"
        " over on Ghost's extensive [theme documentation](https://themes.ghost.org/v2.0.0/docs).*\n\n"
        "- Setting a custom home page with its own template\n"
        "- Including dates in permalinks for your posts\n"
        "- Setting posts to have a URL relative to their primary tag like"
        " `example.com/europe/story-title/`\n\n"
        "> *Dynamic routing can be configured in Ghost using"
        " [YAML](http://yaml.org/spec/1.2/spec.html) files. Read our dynamic routing"
        " [documentation](https://docs.ghost.org/docs/dynamic-routing) for further details.*\n\n"
        "You can further customise your site using Apps & Integrations."
    )
    assert body_of(second) == (
        "## Make your site private\n\n"
        "You can toggle this preference on at the bottom of Ghost's General Settings:\n\n"
        "![](https://static.ghost.org/v1.0.0/images/private.png)\n\n"
        "Do remember though, this is *not* secure authentication.\n\n"
        "---\n\n"
        "**Contributors**\\\nThis is the base user level in Ghost.\n\n"
        "**The Owner**\\\nFor example: billing details, if using"
        " [**Ghost(Pro)**](https://ghost.org/pricing/).\n\n"
        "Next up: [[Organising your content]]"  # a path from the site's root: /organising-content/
    )
    told = [(d.code, d.pos and d.pos.line) for d in archive.diagnostics]
    assert told == [("import-relative-url", 11), ("import-relative-url", 31)]


def test_a_markdown_card_is_read_as_ghost_renders_it_and_made_safe() -> None:
    markdown = (
        "Intro with *emphasis* and a [link](https://example.org/a).\n\n## Heading\n\n- one\n- two\n"
        "\nA note[^1] and ![a chart](/content/images/2018/01/a.png)\nnext line\n\n"
        '<script>alert(1)</script> [bad](javascript:alert(1)) <a href="javascript:x()">worse</a>'
        "\n\nSee [my other post](__GHOST_URL__/other/).\n\n[^1]: The note."
    )
    doc = {"version": "0.3.1", "atoms": [], "markups": [], "sections": [[10, 0]]}
    doc["cards"] = [["card-markdown", {"cardName": "card-markdown", "markdown": markdown}]]
    other = {"id": "2", "title": "Other Post", "slug": "other", "html": "<p>x</p>", "type": "post"}
    text = mobiledoc_post(doc)
    text = text.replace('"posts": [', '"posts": [' + json.dumps(other) + ", ")
    archive = read_ghost(text, "g.json", "g.json")
    assert body_of(archive.posts[1]) == (
        "Intro with *emphasis* and a [link](https://example.org/a).\n\n## Heading\n\n- one\n- two\n\n"
        "A note[^1] and ![a chart](content/images/2018/01/a.png)\\\nnext line\n\n"
        "[bad\\](javascript:alert(1)) worse\n\n"
        "See [[Other Post|my other post]].\n\n"
        "[^1]: The note."
    )
    assert archive.files == (("content/images/2018/01/a.png", 1),)
    assert warnings_of(archive) == []


CARDS = [
    ["code", {"code": "x = 1 < 2", "language": "python", "caption": "A <em>sum</em>"}],
    ["image", {"src": "https://example.org/a.png", "alt": "A", "caption": "Fig. 1"}],
    ["bookmark", {"url": "https://example.org/post", "metadata": {"title": "A Post"}}],
    [
        "embed",
        {
            "url": "https://www.youtube.com/watch?v=x",
            "html": '<iframe src="https://www.youtube.com/embed/x"></iframe>',
            "type": "video",
            "metadata": {"title": "A Talk"},
            "caption": "Watch it",
        },
    ],
    ["gallery", {"images": [{"src": "https://example.org/1.jpg", "alt": "one"}], "caption": "Two"}],
    ["callout", {"calloutEmoji": "💡", "calloutText": "Mind <b>this</b>"}],
    ["toggle", {"heading": "Why?", "content": "<p>Because.</p>"}],
    ["hr", {}],
    [
        "html",
        {"html": '<p onclick="x()">Raw <a href="javascript:go()">here</a></p><script>x()</script>'},
    ],
    ["button", {"buttonText": "Subscribe", "buttonUrl": "https://example.org/subscribe"}],
    ["signup", {"header": "Join us", "buttonUrl": "https://example.org/join", "style": "dark"}],
]


def test_each_card_of_mobiledoc_is_drawn_and_an_unknown_one_kept_and_told() -> None:
    doc = {"version": "0.3.1", "atoms": [], "markups": [], "cards": CARDS}
    doc["sections"] = [[10, i] for i in range(len(CARDS))]
    archive = read_ghost(mobiledoc_post(doc), "g.json", "g.json")
    assert body_of(archive.posts[0]) == (
        "```python\nx = 1 < 2\n```\n\nA *sum*\n\n"
        "![A](https://example.org/a.png)\n\nFig. 1\n\n"
        "[A Post](https://example.org/post)\n\n"
        "[A Talk](https://www.youtube.com/watch?v=x)\n\nWatch it\n\n"
        "![one](https://example.org/1.jpg)\n\nTwo\n\n"
        "> 💡 Mind **this**\n\n"
        "**Why?**\n\nBecause.\n\n"
        "---\n\n"
        "Raw here\n\n"
        "[Subscribe](https://example.org/subscribe)\n\n"
        "Join us\n\n[https://example.org/join](https://example.org/join)"
    )
    unknown = [d for d in archive.diagnostics if d.code == "import-unknown-card"]
    assert len(unknown) == 1 and "(signup)" in unknown[0].message and unknown[0].hint
    assert unknown[0].pos is not None and unknown[0].pos.line == 1


def test_sections_markers_and_atoms_of_an_older_mobiledoc() -> None:
    doc = {
        "version": "0.2.0",  # its markers are [opened, closed, text]
        "markups": [["em"], ["a", ["href", "https://example.org/"]], ["blink"]],
        "atoms": [["mention", "@ada", {}]],
        "cards": [],
        "sections": [
            [1, "H2", [[[0], 0, "Said "], [[1], 2, "here"], [[2], 1, " <b>"]]],
            [3, "ol", [[[[], 0, "first"]], [[[], 0, "second"]]]],
            [2, "https://example.org/p.png"],
            [1, "aside", [[[], 0, "An aside"]]],
        ],
    }
    archive = read_ghost(mobiledoc_post(doc), "g.json", "g.json")
    assert body_of(archive.posts[0]) == (
        "## *Said [here](https://example.org/)* \\<b>\n\n1. first\n2. second\n\n"
        "![](https://example.org/p.png)\n\n> An aside"
    )
    version3 = {"version": "0.3.1", "markups": [], "cards": [], "atoms": doc["atoms"]}
    version3["sections"] = [[1, "p", [[0, [], 0, "Hi "], [1, [], 0, 0], [0, [], 0, "!"]]]]
    archive = read_ghost(mobiledoc_post(version3), "g.json", "g.json")
    assert body_of(archive.posts[0]) == "Hi @ada!"
    assert warnings_of(archive) == ["import-unknown-card"]  # an atom of no known kind: its text


def test_a_document_that_is_no_json_is_told_and_the_post_still_imported() -> None:
    text = mobiledoc_post('{"version":"0.3.1","sections":[[1,"p"', plaintext="Its plain words.")
    text = text.replace('"posts": [', '"tags": [{"id": "9", "name": "Kept"}], "posts": [')
    text = text.replace('"posts": [', '"posts_tags": [{"post_id": "1", "tag_id": "9"}], "posts": [')
    archive = read_ghost(
        text.replace('"title": "T"', '"title": "T", "published_at": "2019-02-03"'),
        "g.json",
        "g.json",
    )
    (post,) = archive.posts
    assert (post.title, post.date, tuple(post.taxonomy.tags)) == ("T", "2019-02-03", ("Kept",))
    assert body_of(post) == "Its plain words."
    (bad,) = archive.diagnostics
    assert bad.code == "import-bad-document" and bad.severity.name == "WARNING"
    assert "mobiledoc cannot be read: it is not JSON" in bad.message and "plain text" in bad.message
    assert bad.hint and bad.pos is not None and bad.pos.line == 1
    long_number = mobiledoc_post('{"version": "0.3.1", "n": ' + "7" * 5000 + "}")
    (warned,) = read_ghost(long_number, "g.json", "g.json").diagnostics
    assert "mobiledoc cannot be read: a number in it is too long" in warned.message
    deep = '{"root": ' + '{"children": [' * 50_000 + "]}" * 50_000 + "}"
    post_fields = {"id": "1", "title": "Deep", "lexical": deep, "type": "post"}
    archive = read_ghost(export([post_fields]), "g.json", "g.json")
    assert [p.title for p in archive.posts] == ["Deep"]
    assert warnings_of(archive) == ["import-bad-document"]
    assert "imported without its text" in archive.diagnostics[0].message


def test_lexical_cards_are_drawn_as_mobiledoc_cards_are() -> None:
    def text(words: str, fmt: int = 0) -> dict[str, object]:
        return {"type": "extended-text", "text": words, "format": fmt}

    root = {
        "type": "root",
        "children": [
            {"type": "extended-heading", "tag": "h3", "children": [text("Notes")]},
            {"type": "markdown", "markdown": "Some *markdown*\n\n> quoted"},
            {"type": "html", "html": "<p>Raw <script>x()</script><em>HTML</em></p>"},
            {"type": "paragraph", "children": [text("under", 8), text("x", 64)]},
            {"type": "callout", "calloutEmoji": "!", "calloutText": "<p>Careful</p>"},
            {"type": "embed", "url": "https://example.org/v", "embedType": "video", "html": ""},
            {"type": "horizontalrule"},
            {"type": "paywall"},
        ],
    }
    post = {
        "id": "1",
        "title": "T",
        "html": None,
        "type": "post",
        "lexical": json.dumps({"root": root}),
    }
    archive = read_ghost(export([post]), "g.json", "g.json")
    assert body_of(archive.posts[0]) == (
        "### Notes\n\nSome *markdown*\n\n> quoted\n\nRaw *HTML*\n\n<u>under</u><sup>x</sup>\n\n> ! Careful\n\n"
        "[https://example.org/v](https://example.org/v)\n\n---"
    )
    assert warnings_of(archive) == []


def test_a_post_holding_both_documents_is_read_from_the_one_with_text() -> None:
    doc = {"version": "0.3.1", "atoms": [], "cards": [], "markups": []}
    doc["sections"] = [[1, "p", [[0, [], 0, "From mobiledoc."]]]]
    archive = read_ghost(mobiledoc_post(doc, lexical="{not json"), "g.json", "g.json")
    assert body_of(archive.posts[0]) == "From mobiledoc."
    assert warnings_of(archive) == []


def test_an_old_export_on_the_site_given_links_its_other_pages_absolutely() -> None:
    text = MOBILEDOC_FIXTURE.read_text(encoding="utf-8")
    archive = read_ghost(text, "g.json", "g.json", "https://demo.ghost.io/")
    first, second = archive.posts
    assert warnings_of(archive) == []
    assert body_of(first).endswith(
        "You can further customise your site using"
        " [Apps & Integrations](https://demo.ghost.io/apps-integrations/)."
    )
    assert (
        "You can toggle this preference on at the bottom of Ghost's"
        " [General Settings](https://demo.ghost.io/ghost/settings/general/):" in body_of(second)
    )
    assert body_of(second).endswith("Next up: [[Organising your content]]")  # still a wikilink
    told = read_ghost(text, "g.json", "g.json").diagnostics
    assert [d.hint for d in told] == [HINT_UNRESOLVED, HINT_UNRESOLVED]
    assert "--site" in HINT_UNRESOLVED


def test_a_ghost_link_climbing_above_the_site_given_is_an_error() -> None:
    html = '<p><a href="/../../etc/">Up</a> and <a href="__GHOST_URL__/about/">about</a></p>'
    text = export([{"id": "1", "title": "T", "slug": "t", "html": html, "status": "published"}])
    archive = read_ghost(text, "g.json", "g.json", "https://example.com/")
    [diag] = archive.diagnostics
    assert diag.code == "import-url-above-site" and "'/../../etc/'" in diag.message
    assert body_of(archive.posts[0]) == "Up and [about](https://example.com/about/)"


# an embed card's payload as Ghost stores it (the Koenig demo post's tweet, a YouTube oEmbed frame)
TWEET = (
    '<blockquote class="twitter-tweet"><p lang="en" dir="ltr">Launch day, at last.</p>&mdash;'
    ' Ada (@ada) <a href="https://twitter.com/ada/status/42?ref_src=twsrc%5Etfw">August 4, 2016'
    '</a></blockquote>\n<script async src="https://platform.twitter.com/widgets.js"></script>\n'
)
FRAME = (
    '<iframe width="200" height="113" src="https://www.youtube.com/embed/abc?feature=oembed"'
    ' frameborder="0" allowfullscreen title="A Talk  on Raft"></iframe>'
)
EMBEDS = [
    ["embed", {"url": "https://twitter.com/ada/status/42", "html": TWEET, "type": "rich"}],
    ["embed", {"url": "https://www.youtube.com/watch?v=abc", "html": FRAME, "type": "video"}],
    [
        "embed",
        {
            "url": "https://example.org/q",
            "html": '<blockquote onclick="x()"><p>Quoted <a href="javascript:go()">here</a></p>'
            "<script>steal()</script></blockquote>",
        },
    ],
    [
        "bookmark",
        {
            "url": "https://example.org/post",
            "metadata": {
                "title": "A Post",
                "description": "What the <post> says",
                "publisher": "Example Blog",
                "author": "Ada",
                "icon": "https://example.org/icon.png",
            },
            "caption": "Worth <em>reading</em>",
        },
    ],
    ["bookmark", {"url": "https://example.org/bare", "metadata": {"description": "Only this"}}],
]


def test_an_embed_keeps_the_text_its_html_holds_and_a_bookmark_its_description() -> None:
    doc = {"version": "0.3.1", "atoms": [], "markups": [], "cards": EMBEDS}
    doc["sections"] = [[10, i] for i in range(len(EMBEDS))]
    archive = read_ghost(mobiledoc_post(doc), "g.json", "g.json")
    assert body_of(archive.posts[0]) == (
        "> Launch day, at last.\n>\n"
        "> — Ada (@ada) [August 4, 2016](https://twitter.com/ada/status/42?ref_src=twsrc%5Etfw)\n\n"
        "[A Talk on Raft](https://www.youtube.com/watch?v=abc)\n\n"
        "> Quoted here\n\n[https://example.org/q](https://example.org/q)\n\n"
        "[A Post](https://example.org/post)\n\nWhat the \\<post> says\n\n"
        "Example Blog • Ada\n\nWorth *reading*\n\n"
        "[https://example.org/bare](https://example.org/bare)\n\nOnly this"
    )
    assert warnings_of(archive) == []


def test_a_lexical_bookmark_and_tweet_are_drawn_as_mobiledoc_s_are() -> None:
    bookmark = {"type": "bookmark", **EMBEDS[3][1]}
    tweet = {"type": "embed", "embedType": "twitter", "url": EMBEDS[0][1]["url"], "html": TWEET}
    root = {"type": "root", "children": [tweet, bookmark]}
    post = {"id": "1", "title": "T", "html": None, "type": "post"}
    archive = read_ghost(
        export([{**post, "lexical": json.dumps({"root": root})}]), "g.json", "g.json"
    )
    text = body_of(archive.posts[0])
    assert text.startswith("> Launch day, at last.\n>\n> — Ada (@ada)")
    assert text.endswith("What the \\<post> says\n\nExample Blog • Ada\n\nWorth *reading*")
    assert "widgets.js" not in text


def test_a_one_line_export_longer_than_a_csv_cell_may_be_is_read_as_ghost() -> None:
    # Ghost writes its export on one line: telling it from a CSV reads that line as a header
    long = {"id": "1", "title": "Long", "slug": "long", "html": "<p>" + "word " * 40000 + "</p>"}
    text = export([{**long, "type": "post", "status": "published"}])
    assert "\n" not in text and len(text) > 131072
    archive = read_input(text, "g.json", "g.json")
    assert [p.title for p in archive.posts] == ["Long"]


def test_a_gallery_listing_what_is_no_image_shows_the_images_it_has() -> None:
    gallery = {"type": "gallery", "images": [5, None, {"src": "https://example.org/a.png"}]}
    lexical = json.dumps({"root": {"type": "root", "children": [gallery]}})
    post = {"id": "1", "title": "T", "slug": "t", "html": None, "lexical": lexical}
    archive = read_ghost(export([{**post, "type": "post"}]), "g.json", "g.json")
    assert body_of(archive.posts[0]) == "![](https://example.org/a.png)"


def test_a_card_leaving_an_element_open_does_not_swallow_the_cards_after_it() -> None:
    cards = [
        ["html", {"html": '<p>Watch:</p><iframe src="https://player.example/v/1">'}],
        ["embed", {"html": "<iframe src='https://player.example/v/2'><!-- never closed"}],
    ]
    after = [1, "p", [[0, [], 0, "What I thought of it."]]]
    doc = {"version": "0.3.1", "atoms": [], "cards": cards, "markups": []}
    doc["sections"] = [[10, 0], [10, 1], after]
    body = body_of(read_ghost(mobiledoc_post(doc), "g.json", "g.json").posts[0])
    assert body.startswith("Watch:") and body.endswith("What I thought of it.")
