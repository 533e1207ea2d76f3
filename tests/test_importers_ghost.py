"""Ghost's JSON export: its posts (drafts as drafts) with their tags and authors, the rest left out."""

from __future__ import annotations

import json
from pathlib import Path

from notebase.importers import import_files
from notebase.importers.formats import choose_reader, read_input
from notebase.importers.ghost import read_ghost
from notebase.importers.model import ParsedArchive
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
