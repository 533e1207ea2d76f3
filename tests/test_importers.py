"""Unit tests of the importer's recognition rules, note writing, dedup and hand-edit protection."""

from __future__ import annotations

from pathlib import Path

import yaml

from notebase.importers import import_files
from notebase.importers.blocks import build_blocks
from notebase.importers.markup import escape_line, footnote_refs, index_titles
from notebase.importers.model import ArchiveLine, Block, BlockKind
from notebase.importers.quotes import REVIEW_AT, mark_quotes
from notebase.importers.reader import read_archive
from notebase.importers.render import is_hand_edited, note_text


def lines_of(text: str) -> tuple[ArchiveLine, ...]:
    return tuple(ArchiveLine(i + 1, t) for i, t in enumerate(text.split("\n")))


def kinds(text: str) -> list[BlockKind]:
    return [b.kind for b in build_blocks(lines_of(text))]


def quoted(text: str) -> list[bool]:
    return [b.quoted for b in mark_quotes(build_blocks(lines_of(text)))]


ARCHIVE = """Tag: ml

  • First Post

    https://arxiv.org/abs/2505.02809

    The authors say something I liked:

    We show that our method works (Zhang et al., 2024b).

    I think this is neat1.

    1. A footnote. ↩︎
  • Second Post

    Some Page Title – Example Site

    Plain text by me, I promise."""


def test_code_block_closed_by_whitespace_line() -> None:
    assert kinds("uv add pydantic-evals\n    \n\nText after.") == [
        BlockKind.CODE,
        BlockKind.PARAGRAPH,
    ]


def test_code_language_is_detected() -> None:
    blocks = build_blocks(lines_of("for opt in optimizers:\n    opt.step()"))
    assert (blocks[0].kind, blocks[0].lang) == (BlockKind.CODE, "python")


def test_hard_wrapped_prose_is_not_code() -> None:
    assert kinds("In Pascal’s Triangle, every row starts\nand ends with 1, …") == [
        BlockKind.PARAGRAPH
    ]


def test_lists_and_footnotes() -> None:
    text = "• a\n• b\n\n1. one\n2. two\n\n1. Note. ↩︎\n2. Other. ↩︎"
    assert kinds(text) == [
        BlockKind.BULLETS,
        BlockKind.NUMBERED,
        BlockKind.FOOTNOTE,
        BlockKind.FOOTNOTE,
    ]


def test_subheading_between_paragraphs() -> None:
    assert kinds("Some text here.\n\nSimilarities\n\nMore text.")[1] is BlockKind.HEADING


def confidences(text: str) -> list[float]:
    return [b.quote_confidence for b in mark_quotes(build_blocks(lines_of(text)))]


def test_announced_quotation_runs_on_until_the_author_speaks_again() -> None:
    # as the seeds' keys judge it: a paragraph in the source's register after an announced quote
    # continues it; the author's own voice ends it
    text = (
        "The post puts it well:\n\nAssistance games avoid the drawbacks of RLHF by explicitly "
        "accounting for the interactive nature of assistance.\n\nIn particular, an assistance game "
        "is a two player game in which an assistant and a user take actions in a shared environment."
        "\n\nI think that is a neat framing, and I liked it a lot."
    )
    assert quoted(text) == [False, True, True, False]
    assert confidences(text)[3] < REVIEW_AT


def test_colon_before_a_dropped_embed_does_not_make_the_authors_words_a_quote() -> None:
    text = "Here is the tweet that started it:\n\nI think this is a great point, and my favourite part."
    assert quoted(text) == [False, False]


def test_quote_from_citation_and_elision() -> None:
    assert quoted("My own words here.\n\nAs shown (Zhang et al., 2024b), it works […] well.") == [
        False,
        True,
    ]


def test_author_voice_is_not_a_quote() -> None:
    assert quoted("I read the paper:\n\nThe paper shows I was right, see https://x.org") == [
        False,
        False,
    ]


def test_footnote_references_glued_to_words() -> None:
    pattern = footnote_refs(["1", "4"])
    assert pattern is not None
    found = [
        m.group("n")
        for t in ("striding1.", "index)4", "provenance.1", "Qwen 2.5", "W3")
        for m in pattern.finditer(t)
    ]
    assert found == ["1", "4", "1"]


def test_escaping_keeps_text_readable() -> None:
    assert escape_line("# not a heading") == "\\# not a heading"
    assert escape_line("1. not a list") == "1\\. not a list"
    escaped = escape_line("see [[x]] and <b> for $5")
    assert "\\[\\[x\\]\\]" in escaped and "\\<b>" in escaped and "\\$5" in escaped


def test_archive_post_fields() -> None:
    archive = read_archive(ARCHIVE, "a.txt", "a.txt")
    first, second = archive.posts
    assert (first.title, first.kind, first.arxiv, first.origin) == (
        "First Post",
        "paper",
        "2505.02809",
        "a.txt:3",
    )
    assert first.taxonomy.tags == ("ml",)
    assert [b.quoted for b in first.blocks if b.kind is BlockKind.PARAGRAPH] == [False, True, False]
    assert (second.kind, second.source_title) == ("link", "Some Page Title – Example Site")
    text = note_text(first)
    assert "neat[^1]." in text and "[^1]: A footnote." in text
    fields = yaml.safe_load(text.split("---\n")[1])
    assert fields["title"] == "First Post" and fields["tags"] == ["ml"]


def test_informal_post() -> None:
    text = (
        "me\n\ntagline\n\nmy reading\n\nintro\n\nA Paper: Title.\n\ntldr: short.\n\neval: ok.\n\n"
    )
    text += "notes.\n\nconcluding thoughts:\n\nbye"
    posts = read_archive(text, "i.txt", "i.txt").posts
    assert [p.title for p in posts] == ["my reading", "A Paper: Title."]
    assert (posts[1].tldr, posts[1].kind, posts[1].taxonomy.series) == (
        "short.",
        "paper",
        "my reading",
    )
    assert posts[0].blocks[-2].kind is BlockKind.HEADING


def test_unknown_format_is_one_note_with_warning(tmp_path: Path) -> None:
    src = tmp_path / "x.txt"
    src.write_text("Just a title\n\nSome words.", encoding="utf-8")
    out = import_files([src], tmp_path / "notes", tmp_path)
    assert out.written == ("notes/just-a-title.md",)
    assert [d.code for d in out.diagnostics] == ["import-unknown-format"]


def test_a_blog_s_posts_link_each_other_once_imported(tmp_path: Path) -> None:
    """A Jekyll blog's `_posts/` (karpathy.github.io links its posts with `{% post_url %}`)."""
    posts = tmp_path / "_posts"
    posts.mkdir()
    (posts / "2015-03-30-convnets.markdown").write_text(
        "---\ntitle: Breaking convnets\n---\nAs [before]({% post_url 2011-04-27-cifar %}); "
        "[gone]({% post_url 2009-01-01-gone %}).\n",
        encoding="utf-8",
    )
    (posts / "2011-04-27-cifar.markdown").write_text(
        "---\ntitle: Classifying CIFAR-10\n---\nBy hand.\n", encoding="utf-8"
    )
    out = import_files(sorted(posts.iterdir()), tmp_path / "notes", tmp_path)
    text = (tmp_path / "notes" / "breaking-convnets.md").read_text(encoding="utf-8")
    assert "As [[Classifying CIFAR-10|before]]; gone.\n" in text
    assert [(d.code, d.pos.path) for d in out.diagnostics] == [
        ("import-unresolved-ref", "_posts/2015-03-30-convnets.markdown")
    ]


def test_a_blog_s_images_named_from_its_root_are_copied_beside_the_notes(tmp_path: Path) -> None:
    """Jekyll's `assets/` above `_posts/`; Hugo's `static/` beside `content/`."""
    jekyll, hugo = tmp_path / "jekyll", tmp_path / "hugo"
    for path in ("jekyll/_posts", "jekyll/assets/rnn", "hugo/content/posts/p", "hugo/static/img"):
        (tmp_path / path).mkdir(parents=True)
    (jekyll / "assets" / "rnn" / "d.jpeg").write_bytes(b"jpeg")
    (hugo / "static" / "img" / "c.png").write_bytes(b"png")
    (jekyll / "_posts" / "2015-05-21-rnn.markdown").write_text(
        '---\ntitle: RNN\n---\n<img src="/assets/rnn/d.jpeg">\n![gone](/assets/gone.png)\n',
        encoding="utf-8",
    )
    (hugo / "content" / "posts" / "p" / "index.md").write_text(
        "---\ntitle: Hugo post\n---\n![c](/img/c.png)\n", encoding="utf-8"
    )
    posts = [jekyll / "_posts" / "2015-05-21-rnn.markdown", hugo / "content/posts/p/index.md"]
    out = import_files(posts, tmp_path / "notes", tmp_path)
    notes = tmp_path / "notes"
    assert (notes / "assets" / "rnn" / "d.jpeg").read_bytes() == b"jpeg"
    assert (notes / "img" / "c.png").read_bytes() == b"png"
    assert '<img src="assets/rnn/d.jpeg">' in (notes / "rnn.md").read_text(encoding="utf-8")
    assert "![c](img/c.png)" in (notes / "hugo-post.md").read_text(encoding="utf-8")
    assert [(d.code, d.pos.line) for d in out.diagnostics] == [("import-missing-file", 5)]


def test_a_next_js_blog_s_images_in_its_public_folder_are_copied(tmp_path: Path) -> None:
    """A Next.js blog names from the site's root the files of its `public/` (timlrx's
    tailwind-nextjs-starter-blog: `data/blog/x.mdx` shows `/static/images/ocean.jpeg`, in
    `public/static/images/`): they were missing."""
    (tmp_path / "data" / "blog").mkdir(parents=True)
    (tmp_path / "public" / "static" / "images").mkdir(parents=True)
    (tmp_path / "public" / "static" / "images" / "ocean.jpeg").write_bytes(b"jpeg")
    post = tmp_path / "data" / "blog" / "images.mdx"
    post.write_text("---\ntitle: Images\n---\n![ocean](/static/images/ocean.jpeg)\n")
    out = import_files([post], tmp_path / "notes", tmp_path)
    assert out.diagnostics == ()
    assert (tmp_path / "notes" / "static" / "images" / "ocean.jpeg").read_bytes() == b"jpeg"


def test_a_deep_docs_page_s_pictures_are_found_at_its_site_s_root(tmp_path: Path) -> None:
    """Hugo Book's `content/docs/cpp/mmul/basic.md` shows `/images/docs/cpp/mmul/plot.png`, in
    the site's `static/` four folders up (htakeuchi0's site: 20 pictures missing)."""
    (tmp_path / "site" / "content" / "docs" / "cpp" / "mmul").mkdir(parents=True)
    (tmp_path / "site" / "static" / "images").mkdir(parents=True)
    (tmp_path / "site" / "static" / "images" / "plot.png").write_bytes(b"png")
    (tmp_path / "site" / "config.toml").write_text('title = "Notes"\n')
    post = tmp_path / "site" / "content" / "docs" / "cpp" / "mmul" / "basic.md"
    post.write_text("---\ntitle: Basics\n---\n![plot](/images/plot.png)\n")
    out = import_files([post], tmp_path / "notes", tmp_path)
    assert out.diagnostics == ()
    assert (tmp_path / "notes" / "images" / "plot.png").read_bytes() == b"png"


def test_a_hexo_post_s_asset_folder_is_copied_beside_its_note(tmp_path: Path) -> None:
    """Hexo's `post_asset_folder` (kebingzao/blog_hexo: 319 posts, each picture named `1.png`,
    `2.png`, … in the folder named as its post): each post's pictures are its own, where they
    were missing, or one post's `1.png` taken for another's."""
    posts = tmp_path / "source" / "_posts"
    for name in ("2fa", "cvss"):
        (posts / name).mkdir(parents=True)
        (posts / name / "1.png").write_bytes(name.encode())
        (posts / f"{name}.md").write_text(
            f"---\ntitle: {name}\n---\n![1](1.png)\n{{% asset_img 1.png One %}}\n",
            encoding="utf-8",
        )
    out = import_files([posts], tmp_path / "notes", tmp_path)
    notes = tmp_path / "notes"
    assert out.diagnostics == ()
    assert (notes / "2fa" / "1.png").read_bytes() == b"2fa"
    assert (notes / "cvss" / "1.png").read_bytes() == b"cvss"
    assert "![](cvss/1.png)\n![One](cvss/1.png)" in (notes / "cvss.md").read_text(encoding="utf-8")


def test_each_page_bundle_s_pictures_are_its_own(tmp_path: Path) -> None:
    """Page bundles (gaearon/overreacted.io's `public/<slug>/index.md`, a Zola or Hugo blog's
    `content/posts/<slug>/index.md`) each with a `1.png` of its own: the second post showed the
    first's, its own not copied (`import-file-conflict`)."""
    posts = tmp_path / "content" / "posts"
    for name in ("beyond booleans", "where-its-at"):
        (posts / name / "img").mkdir(parents=True)
        (posts / name / "1.png").write_bytes(name.encode())
        (posts / name / "img" / "2.svg").write_bytes(b"svg " + name.encode())
        (posts / name / "index.md").write_text(
            f'---\ntitle: {name}\n---\n![one](./1.png)\n<img src="img/2.svg">\n',
            encoding="utf-8",
        )
    (posts / "where-its-at" / "part" / "index.md").parent.mkdir()
    (posts / "where-its-at" / "part" / "index.md").write_text("# Part\n\n![p](p.png)\n")
    (posts / "where-its-at" / "part" / "p.png").write_bytes(b"part")
    out = import_files([posts], tmp_path / "notes", tmp_path)
    notes = tmp_path / "notes"
    assert out.diagnostics == ()
    assert (notes / "beyond booleans" / "1.png").read_bytes() == b"beyond booleans"
    assert (notes / "where-its-at" / "1.png").read_bytes() == b"where-its-at"
    assert (notes / "where-its-at" / "img" / "2.svg").read_bytes() == b"svg where-its-at"
    assert (notes / "part" / "p.png").read_bytes() == b"part"  # (a bundle in a bundle: its own)
    text = (notes / "where-its-at.md").read_text(encoding="utf-8")
    assert '![one](where-its-at/1.png)\n<img src="where-its-at/img/2.svg">' in text
    text = (notes / "beyond-booleans.md").read_text(encoding="utf-8")
    assert "![one](beyond%20booleans/1.png)" in text


# modelled on a Pelican blog's reStructuredText post (content/articles/*.rst)
RST_POST = """ML Demystified: K Nearest Neighbors
###################################

:date: 2022-04-25 22:10
:tags: ML

Say Hi to Your Neighbor!
########################
KNN is a simple approach.
"""


def test_restructuredtext_is_told_unread_not_imported_as_text(tmp_path: Path) -> None:
    """A Pelican blog's `.rst` post was read as a plain-text archive (a note titled by a hash,
    its markup as text, a warning about archive pages); in a folder, it was left out unsaid."""
    articles = tmp_path / "content" / "articles"
    (tmp_path / "content" / "notes").mkdir(parents=True)
    articles.mkdir()
    for name in ("knn.rst", "svm.rst"):
        (articles / name).write_text(RST_POST, encoding="utf-8")
    (tmp_path / "content" / "notes" / "x.md").write_text("Title: X\n\nText.\n")
    out = import_files([tmp_path / "content"], tmp_path / "notes", tmp_path)
    assert out.written == ("notes/x.md",)
    assert [(d.code, d.pos.path, d.pos.line) for d in out.diagnostics] == [
        ("import-unread-markup", "content", 0)
    ]
    assert "2 file(s) of reStructuredText" in out.diagnostics[0].message
    assert "articles/knn.rst" in out.diagnostics[0].message
    out = import_files([articles / "knn.rst"], tmp_path / "notes", tmp_path)
    assert out.written == ()
    assert [(d.code, d.pos.path, d.pos.line) for d in out.diagnostics] == [
        ("import-unread-markup", "content/articles/knn.rst", 1)
    ]


def test_a_book_s_pictures_above_its_notes_are_copied_beside_them(tmp_path: Path) -> None:
    """An mdBook's notes (zhjwpku/paper-notes: `src/fs/polarfs.md` shows `../assets/images/x.jpg`)."""
    (tmp_path / "src" / "fs").mkdir(parents=True)
    (tmp_path / "src" / "assets" / "images").mkdir(parents=True)
    (tmp_path / "src" / "assets" / "images" / "x.jpg").write_bytes(b"jpg")
    note = tmp_path / "src" / "fs" / "polarfs.md"
    note.write_text(
        "# PolarFS\n\n![The stack](../assets/images/x.jpg)\n[File systems](index.html)\n",
        encoding="utf-8",
    )  # (a page of the book, mdBook's of fs/README.md: no file to copy, nothing missing)
    out = import_files([note], tmp_path / "notes", tmp_path)
    notes = tmp_path / "notes"
    assert out.diagnostics == () and (notes / "assets" / "images" / "x.jpg").read_bytes() == b"jpg"
    assert "![The stack](assets/images/x.jpg)" in (notes / "polarfs.md").read_text(encoding="utf-8")


def test_a_folder_of_notes_kept_in_folders_is_every_note_below_it(tmp_path: Path) -> None:
    """An mdBook's `src/` (zhjwpku/paper-notes: README.md and SUMMARY.md at its top, its 100
    notes in topics' folders) or Hugo's `content/posts/` of page bundles: a folder given to
    import was its top's files only, 2 notes of 104. A blog's own folder (its generator's
    configuration at its top, its themes' markdown below) is still its top's files."""
    book = tmp_path / "src"
    (book / "fs").mkdir(parents=True)
    (book / "node_modules" / "x").mkdir(parents=True)
    (book / "README.md").write_text("# Paper Notes\n", encoding="utf-8")
    (book / "fs" / "polarfs.md").write_text("# PolarFS\n\nText.\n", encoding="utf-8")
    (book / "node_modules" / "x" / "README.md").write_text("# A package\n", encoding="utf-8")
    out = import_files([book], tmp_path / "notes", tmp_path)
    assert sorted(p.rsplit("/", 1)[-1] for p in out.written) == ["paper-notes.md", "polarfs.md"]
    (book / "book.toml").write_text("[book]\n", encoding="utf-8")
    out = import_files([book], tmp_path / "n2", tmp_path)
    assert [p.rsplit("/", 1)[-1] for p in out.written] == ["paper-notes.md"]


def test_unreadable_binary_and_empty_inputs(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_bytes(b"\x00\x01")
    (tmp_path / "e.txt").write_text("  \n", encoding="utf-8")
    paths = [tmp_path / "b.txt", tmp_path / "e.txt", tmp_path / "missing.txt"]
    out = import_files(paths, tmp_path / "notes", tmp_path)
    assert out.written == ()
    assert sorted(d.code for d in out.diagnostics) == [
        "import-binary",
        "import-empty",
        "import-unreadable",
    ]


def test_folder_or_device_is_not_read(tmp_path: Path) -> None:
    out = import_files([tmp_path, Path("/dev/null")], tmp_path / "notes", tmp_path)
    assert out.written == ()
    assert [(d.code, d.message) for d in out.diagnostics] == [
        ("import-unreadable", "a folder: skipped"),
        ("import-unreadable", "not a regular file: skipped"),
    ]
    assert all(d.hint for d in out.diagnostics)


def test_reimport_is_idempotent_and_keeps_hand_edits(tmp_path: Path) -> None:
    src = tmp_path / "a.txt"
    src.write_text(ARCHIVE, encoding="utf-8")
    first = import_files([src], tmp_path / "notes", tmp_path)
    assert len(first.written) == 2
    again = import_files([src], tmp_path / "notes", tmp_path)
    assert (again.written, len(again.unchanged)) == ((), 2)
    note = tmp_path / "notes" / "first-post.md"
    note.write_text(note.read_text(encoding="utf-8") + "\nmy edit\n", encoding="utf-8")
    assert is_hand_edited(note.read_text(encoding="utf-8"))
    third = import_files([src], tmp_path / "notes", tmp_path)
    assert third.kept == ("notes/first-post.md",) and third.written == ()
    assert "import-kept-edited" in [d.code for d in third.diagnostics]
    assert note.read_text(encoding="utf-8").endswith("my edit\n")


def test_same_post_in_two_archives_is_one_note(tmp_path: Path) -> None:
    body = "\n\n  • Shared Post\n\n    Same body text."
    (tmp_path / "t.txt").write_text("Tag: ml" + body, encoding="utf-8")
    (tmp_path / "c.txt").write_text("Category: links" + body, encoding="utf-8")
    out = import_files([tmp_path / "t.txt", tmp_path / "c.txt"], tmp_path / "n", tmp_path)
    assert out.written == ("n/shared-post.md",)
    fields = yaml.safe_load(
        (tmp_path / out.written[0]).read_text(encoding="utf-8").split("---\n")[1]
    )
    assert (fields["tags"], fields["category"]) == (["ml"], "links")


def test_later_archive_merges_into_existing_note(tmp_path: Path) -> None:
    body = "\n\n  • Shared Post\n\n    Same body text."
    (tmp_path / "t.txt").write_text("Tag: ml" + body, encoding="utf-8")
    (tmp_path / "c.txt").write_text("Category: links\n\nMore" + body, encoding="utf-8")
    import_files([tmp_path / "t.txt"], tmp_path / "n", tmp_path)
    out = import_files([tmp_path / "c.txt"], tmp_path / "n", tmp_path)
    assert "n/shared-post.md" in out.written
    text = (tmp_path / "n/shared-post.md").read_text(encoding="utf-8")
    assert "tags: [ml]" in text and "category: links" in text


FEED = """<?xml version="1.0"?><rss version="2.0"><channel><title>Log</title>
<link>https://blog.example.org/</link>
<item><title>Muon, an optimizer</title><link>{link}</link><category>ml</category>
<pubDate>Sun, 08 Dec 2024 10:00:00 GMT</pubDate><description>The first lines.</description></item>
</channel></rss>"""
PAGE = """<html><head><title>Muon, an optimizer | Log</title>
<link rel="canonical" href="{canonical}"></head><body><article><h1>Muon, an optimizer</h1>
<p>The first lines.</p><p>And the rest of the post, which the feed left out.</p></article></body></html>"""


def test_a_feed_item_and_the_saved_page_of_its_post_are_one_note(tmp_path: Path) -> None:
    (tmp_path / "feed.xml").write_text(FEED.format(link="https://blog.example.org/muon/"))
    (tmp_path / "page.html").write_text(PAGE.format(canonical="https://blog.example.org/muon"))
    paths = [tmp_path / "feed.xml", tmp_path / "page.html"]
    out = import_files(paths, tmp_path / "n", tmp_path)
    assert out.written == ("n/muon-an-optimizer.md",)
    text = (tmp_path / out.written[0]).read_text(encoding="utf-8")
    assert "the rest of the post" in text  # the page's text, the copy holding more
    assert "tags: [ml]" in text and "date: 2024-12-08" in text  # what only the feed said
    assert [(d.code, str(d.pos)) for d in out.diagnostics] == [("import-same-page", "page.html:2")]


def test_a_feed_s_http_link_and_the_page_s_https_address_are_one_page(tmp_path: Path) -> None:
    """One page, however its scheme is written (an old feed's http:// permalinks), as sources are
    one source (make_source's key)."""
    (tmp_path / "feed.xml").write_text(FEED.format(link="http://blog.example.org/muon/"))
    (tmp_path / "page.html").write_text(PAGE.format(canonical="https://blog.example.org/muon"))
    out = import_files([tmp_path / "feed.xml", tmp_path / "page.html"], tmp_path / "n", tmp_path)
    assert out.written == ("n/muon-an-optimizer.md",)
    assert [d.code for d in out.diagnostics] == ["import-same-page"]


def test_a_link_blog_s_item_and_the_saved_page_it_links_to_are_two_notes(tmp_path: Path) -> None:
    (tmp_path / "feed.xml").write_text(FEED.format(link="https://other.example.com/muon"))
    (tmp_path / "page.html").write_text(PAGE.format(canonical="https://other.example.com/muon"))
    paths = [tmp_path / "feed.xml", tmp_path / "page.html"]
    out = import_files(paths, tmp_path / "n", tmp_path)
    assert len(out.written) == 2  # a note about the page, and the page
    assert "import-same-page" not in [d.code for d in out.diagnostics]


def test_same_title_different_body_gets_two_notes(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Tag: x\n\n  • Same\n\n    Body one.", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Tag: y\n\n  • Same\n\n    Body two.", encoding="utf-8")
    out = import_files([tmp_path / "a.txt", tmp_path / "b.txt"], tmp_path / "n", tmp_path)
    assert out.written == ("n/same-2.md", "n/same.md")
    assert [d.code for d in out.diagnostics] == ["import-duplicate-title"]


def test_two_bibtex_entries_of_one_title_and_no_text_are_two_notes(tmp_path: Path) -> None:
    # biblatex-examples.bib's moore and moore:related: a paper and its reprint, one title
    entry = "@article{{{key},\n  author = {{Moore, Gordon E.}},\n  title = {{Cramming}},\n  year = {year},\n}}\n"
    bib = entry.format(key="moore", year=1965) + entry.format(key="reprint", year=1998)
    (tmp_path / "m.bib").write_text(bib, encoding="utf-8")
    out = import_files([tmp_path / "m.bib"], tmp_path / "n", tmp_path)
    assert out.written == ("n/cramming-2.md", "n/cramming.md")
    assert "year: 1998" in (tmp_path / "n/cramming-2.md").read_text(encoding="utf-8")
    assert [d.code for d in out.diagnostics] == ["import-duplicate-title"]


def linked_note(title: str, mention: str) -> str:
    """The note of a post whose text is `mention`, with `title` another post's title."""
    archive = f"Tag: t\n\n  • {title}\n\n    Body.\n  • Other\n\n    {mention}"
    posts = read_archive(archive, "a.txt", "a.txt").posts
    return note_text(posts[1], index_titles([title]))


def test_mention_of_another_title_becomes_wikilink() -> None:
    text = linked_note("Byte-Latent Transformers", "The Byte Latent Transformers paper is cited.")
    assert "[[Byte-Latent Transformers|Byte Latent Transformers]] paper" in text


def test_block_text_property() -> None:
    block = Block(BlockKind.PARAGRAPH, lines_of("a\nb"))
    assert block.text == "a\nb" and block.first_line == 1


def test_a_title_is_found_across_unicode_dashes_and_keeps_its_spelling() -> None:
    text = linked_note("Byte Latent Transformers", "See the byte‐latent – transformers paper.")
    assert "See the [[Byte Latent Transformers|byte‐latent – transformers]] paper." in text


def test_an_arxiv_id_before_a_post_title_is_cleaned_and_kept_as_its_source_title() -> None:
    archive = read_archive(
        "Tag: ml\n\n  • [2412.09871] Byte Latent Transformer\n\n    Who needs a tokenizer.\n"
        "  • [2505.02809v2] Other Paper\n\n    [2505.02809] Other Paper: The Long Title\n\n"
        "    Text.",
        "a.txt",
        "a.txt",
    )
    first, second = archive.posts
    assert (first.title, first.source_title, first.arxiv, first.kind) == (
        "Byte Latent Transformer",
        "[2412.09871] Byte Latent Transformer",
        "2412.09871",
        "paper",
    )
    # the link-title line under it is the source title, whole
    assert (second.title, second.source_title) == (
        "Other Paper",
        "[2505.02809] Other Paper: The Long Title",
    )
    fields = yaml.safe_load(note_text(first).split("---\n")[1])
    assert fields["title"] == "Byte Latent Transformer"
    assert fields["source_title"] == "[2412.09871] Byte Latent Transformer"


def titles_of(text: str) -> list[str]:
    return [p.title for p in read_archive(text, "p.txt", "p.txt").posts]


def test_titles_followed_by_a_byline_with_tldr_and_newsletter_are_records() -> None:
    text = "\n\n".join(
        f"{title}\nby Ann Lee · tl;dr: {tldr}. Featured in Issue #{n}\n\nBody text number {n}."
        for n, (title, tldr) in enumerate(
            [("Caching is hard", "it is"), ("On small models", "they help"), ("Evals", "do them")]
        )
    )
    assert titles_of(text) == ["Caching is hard", "On small models", "Evals"]


def test_digest_posts_with_dates_and_read_more_are_records() -> None:
    posts = [
        f"Weekly digest #{n}\nMarch {n}, 2024\n\nWhat happened in week {n}.\n\nRead more"
        for n in (1, 2)
    ]
    assert titles_of("Category: digest\n\nAll the digests\n\n" + "\n\n".join(posts)) == [
        "Weekly digest #1",
        "Weekly digest #2",
    ]


def test_weeknotes_link_items_are_link_entries_of_the_roundup() -> None:
    items = "\n\n".join(
        f"{t}\n\nMy short comment on it, number {n}."
        for n, t in enumerate(
            ["The Case For Digital Minimalism", "Learning to Love Paper Books", "Golden Age of Tea"]
        )
    )
    posts = read_archive("Weeknotes 12\n\nA busy week.\n\n" + items, "w.txt", "w.txt").posts
    assert [p.title for p in posts] == [
        "Weeknotes 12",
        "The Case For Digital Minimalism",
        "Learning to Love Paper Books",
        "Golden Age of Tea",
    ]
    assert [p.kind for p in posts[1:]] == ["link"] * 3
    assert all(p.taxonomy.series == "Weeknotes 12" for p in posts[1:])
    assert note_text(posts[1]).endswith("\n\nFrom [[Weeknotes 12]].\n")


def test_an_essay_with_subheadings_is_one_post() -> None:
    text = "My essay\n\nWhat is it?\n\nSome words here.\n\nWho is it for?\n\nMore words.\n\nWhy?\n\nEnd."
    assert titles_of(text) == ["My essay"]


def test_category_description_goes_to_the_collections_file_and_report(tmp_path: Path) -> None:
    src = tmp_path / "c.txt"
    src.write_text("Category: recs\n\nThings I liked\n\n  • One\n\n    Body one.", encoding="utf-8")
    out = import_files([src], tmp_path / "notes", tmp_path)
    assert out.written == ("notes/one.md",)
    described = yaml.safe_load((tmp_path / "notes/_collections.yaml").read_text(encoding="utf-8"))
    assert described == {"categories": {"recs": {"description": "Things I liked"}}}
    report = (tmp_path / "notes/_import-report.md").read_text(encoding="utf-8")
    assert "Lines 5–7: **One** (note)" in report and "category `recs`, line 3" in report


def test_dry_run_writes_nothing_and_reports_the_cut(tmp_path: Path) -> None:
    src = tmp_path / "a.txt"
    src.write_text(ARCHIVE, encoding="utf-8")
    out = import_files([src], tmp_path / "notes", tmp_path, dry_run=True)
    assert out.written == ("notes/first-post.md", "notes/second-post.md")
    assert not (tmp_path / "notes").exists()
    assert "Lines 3–13: **First Post** (paper)" in out.report
    assert "quote, line 9 (" in out.report and "footnote 1, line 13 (0.99)" in out.report


def test_titles_over_a_glued_author_tldr_and_featured_in_head_are_records() -> None:
    records = [
        ("How we built an agent", "Jane Doe"),
        ("Why evals matter", "John Roe"),
        ("Small models, big wins", "Ann Lee"),
    ]
    text = "Tag: agents\n\n" + "\n\n".join(
        f"{t}\n{a}\nTL;DR: the short of it.\nFeatured in Newsletter #{n}\n\nThe body {n}."
        for n, (t, a) in enumerate(records)
    )
    assert titles_of(text) == [t for t, _ in records]


def test_numbered_paper_headings_are_records() -> None:
    text = (
        "Papers I read this week\n\nA short intro.\n\n1. Attention is all you need\n\nNotes on it."
        "\n\nMore notes.\n\n2. Scaling laws for neural language models\n\nOther notes."
    )
    posts = read_archive(text, "r.txt", "r.txt").posts
    assert [p.title for p in posts] == [
        "Papers I read this week",
        "Attention is all you need",
        "Scaling laws for neural language models",
    ]


def test_sentence_case_link_items_of_a_weeknotes_post_are_records() -> None:
    items = [
        "The case for digital minimalism in 2024",
        "Learning to love paper books again",
        "Now entering the golden age of tea",
    ]
    text = "Weeknotes 7\n\nA quiet week.\n\n" + "\n\n".join(
        f"{t}\n\nMy comment on item {n}." for n, t in enumerate(items)
    )
    assert titles_of(text)[1:] == items


def test_an_author_name_line_between_title_and_tldr_is_the_head_not_a_title() -> None:
    records = [("How We Built An Agent", "Jane Doe"), ("Why Evals Matter", "John Roe")]
    text = "\n\n".join(
        f"{t}\n\n{a}\n\ntl;dr: the short of it.\n\nFeatured in Issue #{n}\n\nThe body {n}."
        for n, (t, a) in enumerate(records)
    )
    assert titles_of(text) == [t for t, _ in records]


def test_a_dense_category_page_of_digests_is_cut_under_its_description() -> None:
    posts = [
        (f"Weekly Digest {n}: week {n} notes", f"March {n}, 2024", f"What happened in week {n}.")
        for n in (12, 11, 10)
    ]
    text = "Category: Weekly Digest\nWeekly digest posts from the team.\n" + "\n".join(
        f"{t}\nPosted on {d} by admin\n{body}\nContinue reading →" for t, d, body in posts
    )
    archive = read_archive(text, "d.txt", "d.txt")
    assert [p.title for p in archive.posts] == [t for t, _, _ in posts]
    assert [c.description for c in archive.collections] == ["Weekly digest posts from the team."]


def test_a_title_case_list_keeps_its_few_titles_of_another_case() -> None:
    # a notes index: each note's name over a one-sentence summary, the names in Title Case but a
    # one-word name and one in sentence case; a summary without a full stop stays a summary
    titles = [
        "Minimal Criterion Coevolution",
        "Darwin Godel Machine (DGM)",
        "Towards an AI co-scientist",
        "Grouped Query Attention (GQA)",
        "AlphaEvolve",
        "Rotary Position Embeddings (RoPE)",
        "Mixture of Experts in Transformers (MoE)",
    ]
    summaries = [f"How idea {n} helps" if n % 2 else f"What idea {n} does." for n in range(7)]
    text = "My working notes.\n\n" + "\n\n".join(
        f"{t}\n\n{s}" for t, s in zip(titles, summaries, strict=True)
    )
    assert titles_of(text) == titles


def test_a_card_head_above_each_title_belongs_to_its_own_post() -> None:
    # a category page of cards: the category's name and the picture's text over each title
    cards = [
        ("Neural ODEs: Continuous-Depth Deep Learning", "A diagram of discrete layers"),
        ("Mixture Density Networks: Modeling Distributions", "A plot of one input, two outputs"),
        ("Distributed Representations: A Foundational Theory", "Three pools of units"),
    ]
    text = "\n\n".join(
        f"Machine Learning\n{picture}\n\n{title}\n\nThe excerpt of {title}."
        for title, picture in cards
    )
    posts = read_archive(text, "c.txt", "c.txt").posts
    assert [p.title for p in posts] == [title for title, _ in cards]
    for post, (title, picture) in zip(posts, cards, strict=True):
        texts = [b.text for b in post.blocks]
        assert texts[0] == f"The excerpt of {title}." and picture in texts[-1], texts


def test_a_blog_listing_with_reading_times_is_its_own_posts_not_quoted_links() -> None:
    # a theme's list of the blog's posts under its heading and a year: title, reading time, an
    # empty `Published:` label (its date lost), the post's excerpt
    posts = [
        (
            "Nested Learning: The Illusion of Depth",
            "A new paper from Google Research reimagines deep learning as nested optimization problems, revealing how models compress context.",
        ),
        (
            "Subliminal Learning in Language Models",
            "A recent paper uncovers a surprising phenomenon: models transmit hidden traits through unrelated data.",
        ),
        (
            "Modeling Tennis Matches with Markov Chains",
            "From winning a point to winning a match, exploring how Markov chains model tennis scoring.",
        ),
    ]
    text = "Blog posts\n\n2025\n\n" + "\n\n".join(
        f"{title}\n\n{n} minute read\n\nPublished:\n\n{excerpt}"
        for n, (title, excerpt) in enumerate(posts, 4)
    )
    found = read_archive(text, "b.txt", "b.txt").posts
    assert [p.title for p in found] == [title for title, _ in posts]
    assert {p.kind for p in found} == {"note"} and not any(p.roundup for p in found)
    assert not any(b.quoted for p in found for b in p.blocks)


def test_a_dense_listing_is_cut_the_same_when_its_file_ends_in_blank_lines() -> None:
    # a tag page's titles and one-line excerpts with no blank line between them, as a saved text
    # file ends: a line break, or a few
    posts = [
        (f"Optimization ({n}): Part {n} of the Series", f"What part {n} proves.") for n in (3, 2, 1)
    ]
    text = "ML\n" + "\n".join(f"{t}\n{excerpt}" for t, excerpt in posts)
    want = [t for t, _ in posts]
    for ending in ("", "\n", "\n\n\n"):
        assert titles_of(text + ending) == want, repr(ending)


def test_a_date_under_a_title_is_the_posts_date_and_a_byline_stays_its_text() -> None:
    # a block theme's tag archive as a text dump writes it: each post a bullet over its body, its
    # date the first line under its title (alone, or in a byline)
    text = (
        "Tag: ml\n\n  • Optimizers and Hessians\n\n    May 12, 2025\n\n"
        "    https://arxiv.org/abs/2505.02809\n\n    Optimizers are a great area of ML.\n\n"
        "  • Scaling Laws Again\n\n    By Ann Lee / 2 April 2025\n\n    Another post body."
    )
    posts = read_archive(text, "t.txt", "t.txt").posts
    assert [p.date for p in posts] == ["2025-05-12", "2025-04-02"]
    assert posts[0].url == "https://arxiv.org/abs/2505.02809" and posts[0].kind == "paper"
    assert "May 12" not in note_text(posts[0]) and "By Ann Lee" in note_text(posts[1])


def test_a_date_closing_each_record_stays_its_own_records() -> None:
    # each post's date under its excerpt, and a dated line above the first title: the dates close
    # the records, none of them heads the next
    posts = [("Post One About Papers", "May 2, 2025"), ("Post Two About Models", "April 20, 2025")]
    posts.append(("Post Three About Data", "March 3, 2025"))
    text = "Last updated June 1, 2025\n\n" + "\n\n".join(
        f"{title}\n\nThe excerpt of {title}.\n\n{date}" for title, date in posts
    )
    found = read_archive(text, "c.txt", "c.txt").posts
    assert [p.title for p in found] == [title for title, _ in posts]
    assert [p.date for p in found][1:] == ["2025-04-20", "2025-03-03"]
    assert "May 2, 2025" in note_text(found[0]) and "April 20" not in note_text(found[0])


def test_a_weekday_before_a_date_still_dates_the_post() -> None:
    text = "Tag: ml\n\n  • A Post\n\n    Monday, May 12, 2025\n\n    The body.\n\n  • Another\n\n    The body."
    assert [p.date for p in read_archive(text, "w.txt", "w.txt").posts] == ["2025-05-12", ""]


def test_a_short_section_line_in_a_title_case_list_is_no_record() -> None:
    titles = ["Alpha Beta Gamma Paper", "Delta Epsilon Zeta Paper", "Eta Theta Iota Paper"]
    titles.append("Kappa Lambda Mu Paper")
    bodies = [
        "Body one.",
        "Body two.\n\nKey ideas\n\nOne line about it",
        "Body three.",
        "Body four.",
    ]
    text = "\n\n".join(f"{t}\n\n{b}" for t, b in zip(titles, bodies, strict=True))
    assert titles_of(text) == titles


def test_posts_with_a_dateline_above_the_title_are_records_with_their_date() -> None:
    text = "\n\n".join(
        f"March {d}, 2024\n\nWeekly Digest {n}\n\nThe excerpt of digest {n}.\n\nRead more"
        for d, n in ((22, "Twelve"), (15, "Eleven"))
    )
    posts = read_archive(text, "d.txt", "d.txt").posts
    assert [p.title for p in posts] == ["Weekly Digest Twelve", "Weekly Digest Eleven"]
    # each date above a title is its post's (the next post's is no line of this one's)
    assert [p.date for p in posts] == ["2024-03-22", "2024-03-15"]
    assert posts[0].source_title == "" and "March" not in note_text(posts[0])


def test_a_listing_of_posts_cut_at_read_more_has_no_roundup_note() -> None:
    # the page's heading and the first post's picture text come before the first record: with
    # every record cut at `Read more` the page lists posts, so they are the first post's head
    text = "Blog Posts\n\n" + "\n".join(
        f"A picture of {t}\n\nRead of the week: {t}\n\nBy Ann Lee / May {d}, 2021\n\n"
        f"An excerpt about {t}.\n\nRead More"
        for t, d in (("Cats", 3), ("Sofas", 10), ("Naps", 17))
    )
    posts = read_archive(text, "b.txt", "b.txt").posts
    assert [p.title for p in posts] == [
        "Read of the week: Cats",
        "Read of the week: Sofas",
        "Read of the week: Naps",
    ]
    assert posts[0].blocks[0].text.startswith("Blog Posts") and posts[0].taxonomy.series == ""


def test_posts_cut_at_an_excerpt_elision_are_records_over_their_section_headings() -> None:
    # an archive shows each post's excerpt cut at `word […]`: the line after it opens the next
    # post whatever its case, and a Title Case heading inside a post is not a post
    text = (
        "First post of the year\n\nIt begins with a long sentence that runs on and on until it is […]"
        "\n\nWeekend Edition: 9-8\n\nBulletin Board\n\nSome news of the week, and more of it […]"
        "\n\nSad news about reading\n\nA report on reading came out today and it says […]"
        "\n\nWeekend Edition: 8-25\n\nBookish Linkage\n\nWhere do the dead books go […]"
    )
    assert titles_of(text) == [
        "First post of the year",
        "Weekend Edition: 9-8",
        "Sad news about reading",
        "Weekend Edition: 8-25",
    ]


def test_a_one_post_page_is_not_titled_by_the_sites_menu() -> None:
    text = "archive about\n\nOld posts as a pot of gold.\n\nWhat if old posts were hard to find?"
    assert titles_of(text) == ["Old posts as a pot of gold."]


def test_title_lines_holding_their_date_are_records() -> None:
    text = "\n\n".join(
        f"The One About {t} | {d} 2021\n\nWeekend Digest: a long excerpt about {t} that goes on "
        f"and on until it isContinue reading “The One About {t} | {d} 2021”"
        for t, d in (("Podcasts", "1 October"), ("Summer", "3 September"), ("Leisure", "12 March"))
    )
    assert titles_of(text) == [
        "The One About Podcasts | 1 October 2021",
        "The One About Summer | 3 September 2021",
        "The One About Leisure | 12 March 2021",
    ]


def test_a_title_colon_separates_it_from_its_excerpt_under_a_dateline() -> None:
    text = "\n\n".join(
        f"03/0{n}/2022\n\n{t} : \n\nThe summary of issue {n}, a sentence or two long.\n#{160 + n}"
        for n, t in (
            (3, "A Creator’s Market"),
            (2, "Brand Safety"),
            (1, "The Death of Consistency"),
        )
    )
    assert titles_of(text) == ["A Creator’s Market", "Brand Safety", "The Death of Consistency"]


def test_plain_titles_under_a_category_header_are_records() -> None:
    text = (
        "Category: notes\n\nOn Small Models\n\nAn excerpt about small models, long enough.\n\n"
        "Why evals\n\nAn excerpt about evals, long enough too.\n\nTools I use\n\nThird excerpt."
    )
    assert titles_of(text) == ["On Small Models", "Why evals", "Tools I use"]


def test_a_tag_page_without_records_is_one_post_with_the_tag() -> None:
    posts = read_archive("Tag: ml\n\nOne essay paragraph.\n\nAnother.", "t.txt", "t.txt").posts
    assert [(p.title, p.taxonomy.tags) for p in posts] == [("One essay paragraph.", ("ml",))]


def test_a_category_description_is_shown_on_its_page_and_followed_by_rebuilds(
    tmp_path: Path,
) -> None:
    from notebase.builder.pipeline import build_site
    from notebase.builder.state import BuildOptions

    kb = tmp_path / "kb"
    (kb / "notes").mkdir(parents=True)
    src = tmp_path / "c.txt"
    src.write_text("Category: Links And Recs\n\nThings I liked\n\n  • One\n\n    Body.", "utf-8")
    import_files([src], kb / "notes" / "imported", kb)
    options = BuildOptions(root=kb, out=kb / "site", cache=True, jobs=1)
    build_site(options)
    page = kb / "site/categories/links-and-recs/index.html"
    assert '<p class="lede">Things I liked</p>' in page.read_text(encoding="utf-8")
    described = kb / "notes/imported/_collections.yaml"
    described.write_text(described.read_text("utf-8").replace("I liked", "I loved"), "utf-8")
    build_site(options)  # only the collections file changed: the page follows it
    assert '<p class="lede">Things I loved</p>' in page.read_text(encoding="utf-8")


HUGO_FEED = """<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<rss version="2.0"><channel><title>{title}</title><link>https://ex.org/{section}</link>
<item><title>Bloom filters</title><link>https://ex.org/p/bloom/</link>
<pubDate>Mon, 28 Mar 2022 01:56:51 +0800</pubDate><guid>https://ex.org/p/bloom/</guid>
<description>{body}</description></item>
</channel></rss>
"""


def test_inputs_of_one_name_in_different_folders_are_told_apart(tmp_path: Path) -> None:
    """A built Hugo site's feeds are all `index.xml`: the site's (whole posts) and a section's
    (their summaries) hold one post, which is one note; its origin names the feed's folder."""
    (tmp_path / "site" / "post").mkdir(parents=True)
    whole = "&lt;p&gt;Bloom filters answer membership with no false negatives.&lt;/p&gt;" * 3
    (tmp_path / "site" / "index.xml").write_text(
        HUGO_FEED.format(title="Blog", section="", body=whole), encoding="utf-8"
    )
    (tmp_path / "site" / "post" / "index.xml").write_text(
        HUGO_FEED.format(title="Posts on Blog", section="post/", body="&lt;p&gt;Bloom.&lt;/p&gt;"),
        encoding="utf-8",
    )
    feeds = [tmp_path / "site" / "index.xml", tmp_path / "site" / "post" / "index.xml"]
    out = import_files(feeds, tmp_path / "notes", tmp_path)
    assert out.written == ("notes/bloom-filters.md",)
    assert [(d.code, d.pos.path, d.pos.line) for d in out.diagnostics] == [
        ("import-same-page", "site/post/index.xml", 3)
    ]
    text = (tmp_path / "notes" / "bloom-filters.md").read_text(encoding="utf-8")
    assert "\norigin: site/index.xml:3\n" in text
    assert text.count("no false negatives") == 3


def test_page_bundles_link_each_other_by_their_folders(tmp_path: Path) -> None:
    """Hugo's page bundles are each `index.md`: a `relref` to one is found by its folder."""
    for name, text in (("a", 'See [b]({{< relref "posts/b" >}}).'), ("b", "Bee.")):
        (tmp_path / "posts" / name).mkdir(parents=True)
        (tmp_path / "posts" / name / "index.md").write_text(
            f"---\ntitle: Post {name.upper()}\n---\n{text}\n", encoding="utf-8"
        )
    bundles = [tmp_path / "posts" / "a" / "index.md", tmp_path / "posts" / "b" / "index.md"]
    out = import_files(bundles, tmp_path / "notes", tmp_path)
    assert out.diagnostics == ()
    text = (tmp_path / "notes" / "post-a.md").read_text(encoding="utf-8")
    assert "See [[Post B|b]].\n" in text
    assert "\norigin: a/index.md:1\n" in text


def test_a_built_site_s_listings_and_post_pages_are_one_note_a_post(tmp_path: Path) -> None:
    """A post listed on the home page, a tag page and page/2/, beside its own page: one note,
    holding the text of its page and the tags of all; `page/1/` only redirects."""
    card = '<article><a href="/p/bloom/"><h2 class="article-title">Bloom filters</h2></a></article>'
    listing = (
        '<html><head><link rel="canonical" href="https://ex.org/{0}"></head><body><main>'
        f"<h1>{{1}}</h1>{card}"
        '<article><a href="/p/{2}/"><h2 class="article-title">{2}</h2></a></article></main></body></html>'
    )
    post = (
        '<html><head><link rel="canonical" href="https://ex.org/p/bloom/"></head><body><main>'
        "<article><h1>Bloom filters</h1><p>They answer membership with no false negatives.</p>"
        '<footer><a href="/tags/go/" rel="tag">Go</a></footer></article></main></body></html>'
    )
    pages = {
        "index.html": listing.format("", "Blog", "cuckoo"),
        "page/2/index.html": listing.format("page/2/", "Blog", "tries"),
        "tags/sets/index.html": listing.format("tags/sets/", "Sets", "heaps"),
        "page/1/index.html": '<html><head><meta http-equiv="refresh" content="0; url=/"></head></html>',
        "p/bloom/index.html": post,
    }
    for rel, text in pages.items():
        (tmp_path / "site" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "site" / rel).write_text(text, encoding="utf-8")
    out = import_files([tmp_path / "site" / p for p in pages], tmp_path / "notes", tmp_path)
    assert out.written == tuple(
        f"notes/{s}.md" for s in ("bloom-filters", "cuckoo", "heaps", "tries")
    )
    codes = sorted(d.code for d in out.diagnostics)
    assert codes == ["import-redirect", "import-same-page"]  # the listings' copies are alike
    text = (tmp_path / "notes" / "bloom-filters.md").read_text(encoding="utf-8")
    assert text.endswith("\n---\nThey answer membership with no false negatives.\n")
    assert "\ntags: [Go]\n" in text


def test_a_built_site_s_pages_that_say_no_address_are_known_by_their_files(tmp_path: Path) -> None:
    """A Hexo or Hugo site built without canonical links: a listing's posts name their pages by
    a path from the site's root (`/2014/04/bloom/`) or from the listing (`../../p/%E8%A7%86/`, a
    folder of non-ASCII letters), and are one note with those pages."""
    card = '<article><h2><a href="{0}">{1}</a></h2><p>Teaser of {1}.</p></article>'
    listing = "<html><body><main>{}</main></body></html>".format(
        card.format("/2014/04/bloom/", "Bloom filters") + card.format("../../p/%E8%A7%86/", "视")
    )
    post = "<html><head><title>{0}</title></head><body><main><article><h1>{0}</h1><p>{1}</p>"
    post += '<a href="/tags/sets/" rel="tag">sets</a></article></main></body></html>'
    pages = {
        "site/page/2/index.html": listing,
        "site/2014/04/bloom/index.html": post.format("Bloom filters", "No false negatives."),
        "site/p/视/index.html": post.format("视", "频处理工具。"),
        "other/2014/04/bloom.html": post.format("Bloom filters", "Another blog's post."),
    }
    for rel, text in pages.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    out = import_files([tmp_path / p for p in list(pages)[:3]], tmp_path / "notes", tmp_path)
    assert out.written == ("notes/bloom-filters.md", "notes/视.md")
    codes = [d.code for d in out.diagnostics if d.code != "import-relative-url"]  # no address
    assert codes == ["import-same-page"] * 2
    text = (tmp_path / "notes" / "bloom-filters.md").read_text(encoding="utf-8")
    assert "\n---\nNo false negatives.\n" in text and "\ntags: [sets]\n" in text
    # two pages whose paths end alike: the listing's `/2014/04/bloom/` names the one of its site
    out = import_files([tmp_path / p for p in pages], tmp_path / "again", tmp_path)
    [dup] = [d for d in out.diagnostics if d.code == "import-duplicate-title"]
    assert "another post is also titled 'Bloom filters'" in dup.message
    assert dup.pos.path == "other/2014/04/bloom.html"


def test_a_listing_s_link_from_the_site_s_root_names_the_page_of_its_own_copy(
    tmp_path: Path,
) -> None:
    """A built Octopress site committed at a repository's top and again in its `public/`
    (1Feng/1feng.github.com): each copy's archive names its own copy's pages from the root."""
    card = '<article><h2 class="title"><a href="/2017/06/{0}/">{1}</a></h2></article>'
    listing = "<html><body><main>{}</main></body></html>".format(
        card.format("16/smarter", "Read-only") + card.format("15/cap", "CAP")
    )
    post = "<html><head><title>{0}</title></head><body><main><article><h1>{0}</h1>"
    post += "<p>{1}</p></article></main></body></html>"
    pages = {"site/archives/index.html": listing, "site/public/archives/index.html": listing}
    for top, copy in (("site", ""), ("site/public", " (public)")):
        pages[f"{top}/2017/06/16/smarter/index.html"] = post.format("Read-only", "Reads." + copy)
        pages[f"{top}/2017/06/15/cap/index.html"] = post.format("CAP", "Choose two." + copy)
    for rel, text in pages.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    out = import_files([tmp_path / p for p in pages], tmp_path / "notes", tmp_path)
    assert len(out.written) == 4  # a note for each copy's page, its archive's teaser in it
    codes = sorted(d.code for d in out.diagnostics if d.code != "import-relative-url")
    assert codes == ["import-duplicate-title"] * 2 + ["import-same-page"] * 2


def test_a_built_site_s_post_whose_lead_links_away_is_no_link_post(tmp_path: Path) -> None:
    """A Hexo listing's full copy of a post whose first words link to its project (`<a
    href="https://github.com/…" rel="external">ledis</a> is a database…`) is the post on its own
    page, as that page is: an essay, not a link post; a post whose title links off-site is one."""
    essay = '<p><a href="https://github.com/jo/ledis" rel="external">ledis</a> is a store.</p>'
    card = '<article><header><h1 class="title"><a href="{0}">{1}</a></h1></header>'
    card += '<div class="entry">{2}</div></article>'
    listing = "<html><body><main>{}</main></body></html>".format(
        card.format("/2014/05/30/ledis/", "Ledis design", essay)
        + card.format("https://example.com/talk/", "A talk on stores", "<p>Worth a watch.</p>")
    )
    post = "<html><head><title>Ledis design</title></head><body><main><article>"
    post += f'<h1 class="title">Ledis design</h1><div class="entry">{essay}</div>'
    post += "</article></main></body></html>"
    pages = {"site/index.html": listing, "site/2014/05/30/ledis/index.html": post}
    for rel, text in pages.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    out = import_files([tmp_path / p for p in pages], tmp_path / "notes", tmp_path)
    assert out.written == ("notes/a-talk-on-stores.md", "notes/ledis-design.md")
    essay_note = (tmp_path / "notes" / "ledis-design.md").read_text(encoding="utf-8")
    assert "\nkind: note\n" in essay_note and "\nurl:" not in essay_note
    talk = (tmp_path / "notes" / "a-talk-on-stores.md").read_text(encoding="utf-8")
    assert "\nkind: link\nurl: https://example.com/talk/\n" in talk


def test_a_folder_is_read_as_the_files_at_its_top_that_import_reads(tmp_path: Path) -> None:
    site = tmp_path / "download" / "export"  # a lone folder wrapping the export
    (site / "images").mkdir(parents=True)
    (site / "feed.rss").write_text(RSS_FOR_FOLDER, encoding="utf-8")
    (site / "logo.png").write_bytes(b"\x89PNG\0")
    (site / ".hidden.txt").write_text("https://example.com/hidden\n", encoding="utf-8")
    (site / "images" / "links.txt").write_text("https://example.com/deep\n", encoding="utf-8")
    (tmp_path / "download" / "__MACOSX").mkdir()
    out = import_files([tmp_path / "download"], tmp_path / "notes", tmp_path)
    assert [Path(p).name for p in out.written] == ["from-a-folder.md"]
    assert out.diagnostics == ()


def test_a_built_sites_folder_is_read_as_all_its_pages_and_its_feed(tmp_path: Path) -> None:
    """Hugo's public/ given as a folder: its posts' pages below its top, its listings, its feed;
    not its sitemap, robots.txt and browserconfig.xml, which hold no post (a real built blog,
    094459/blog, of which only the home page's teasers and the feed's summaries were read)."""
    site = tmp_path / "public"
    (site / "posts" / "first").mkdir(parents=True)
    (site / "index.html").write_text(
        '<main><h2><a href="/posts/first/">First post</a></h2><p>Its teaser.</p>'
        '<h2><a href="/posts/second/">Second</a></h2><p>A teaser.</p></main>',
        encoding="utf-8",
    )
    (site / "posts" / "first" / "index.html").write_text(
        "<main><h1>First post</h1><p>The whole text of the first post.</p></main>",
        encoding="utf-8",
    )
    (site / "index.xml").write_text(RSS_FOR_FOLDER, encoding="utf-8")
    (site / "sitemap.xml").write_text('<urlset xmlns="x"></urlset>', encoding="utf-8")
    (site / "robots.txt").write_text("User-agent: *\n", encoding="utf-8")
    out = import_files([site], tmp_path / "notes", tmp_path, site="https://example.com")
    assert sorted(Path(p).name for p in out.written) == [
        "first-post.md",
        "from-a-folder.md",
        "second.md",
    ]
    first = (tmp_path / "notes" / "first-post.md").read_text(encoding="utf-8")
    assert "The whole text of the first post." in first and "Its teaser." not in first
    assert all(d.severity.value != "error" for d in out.diagnostics), out.diagnostics


def test_a_built_site_with_a_posts_section_is_no_medium_export(tmp_path: Path) -> None:
    """A built Hugo site whose posts are in `posts/` (JhuoW/JhuoW.github.io, Hugo's default
    section): its `posts/index.html`, the section's listing, was taken for Medium's
    `posts/*.html` and was all that was read (10 notes of about 80 posts); its `index.json`,
    PaperMod's search index (a list), was an `import-bad-feed` error; its `404.html`, the page
    for an address it does not have, was a note."""
    site = tmp_path / "public"
    for name in ("first", "second"):
        (site / "posts" / name).mkdir(parents=True)
        (site / "posts" / name / "index.html").write_text(
            f"<main><h1>The {name} post</h1><p>The whole text of the {name} post.</p></main>",
            encoding="utf-8",
        )
    listing = '<main><h2><a href="/posts/first/">The first post</a></h2><p>Teaser.</p></main>'
    (site / "index.html").write_text(listing, encoding="utf-8")
    (site / "posts" / "index.html").write_text(listing, encoding="utf-8")
    (site / "index.json").write_text('[{"content": "x", "title": "The first post"}]')
    (site / "404.html").write_text("<main><h1>404 Page not found</h1><p>Go home.</p></main>")
    out = import_files([site], tmp_path / "notes", tmp_path, site="https://example.com")
    assert sorted(Path(p).name for p in out.written) == ["the-first-post.md", "the-second-post.md"]
    assert all(d.severity.value != "error" for d in out.diagnostics), out.diagnostics


def test_a_generators_source_folder_is_no_built_site(tmp_path: Path) -> None:
    """A Jekyll blog's own folder: its `_layouts/` and `_includes/` are templates, no pages, and
    beside `_config.yml` the folder is read as the files at its top."""
    blog = tmp_path / "blog"
    (blog / "_layouts").mkdir(parents=True)
    (blog / "about").mkdir()
    (blog / "_config.yml").write_text("title: Blog\n", encoding="utf-8")
    (blog / "index.html").write_text("<main><h1>Home</h1><p>Hello there.</p></main>", "utf-8")
    (blog / "_layouts" / "post.html").write_text("<main><h1>{{ page.title }}</h1></main>", "utf-8")
    (blog / "about" / "index.html").write_text("<main><h1>About</h1><p>Me.</p></main>", "utf-8")
    out = import_files([blog], tmp_path / "notes", tmp_path)
    assert [Path(p).name for p in out.written] == ["home.md"]


def test_a_blogs_own_folder_is_read_as_its_posts(tmp_path: Path) -> None:
    """A blog's repository given as a folder (karpathy/karpathy.github.io): its Liquid template
    `index.html` became a note, 'Layout Default Post Date Date B', its about page another, and
    none of its 23 posts in `_posts/` was read; so with Hugo's and Zola's `content/`, Hexo's
    `source/_posts/`."""
    jekyll, hugo = tmp_path / "jekyll", tmp_path / "hugo"
    (jekyll / "_posts").mkdir(parents=True)
    (jekyll / "_layouts").mkdir()
    (jekyll / "_config.yml").write_text("title: Blog\n", encoding="utf-8")
    (jekyll / "index.html").write_text("---\nlayout: default\n---\n{{ post.date }}", "utf-8")
    (jekyll / "about.md").write_text("---\nlayout: page\ntitle: About\n---\nMe.\n", "utf-8")
    (jekyll / "_posts" / "2015-05-21-rnn.markdown").write_text("---\ntitle: RNN\n---\nA.\n")
    (hugo / "content" / "posts" / "p").mkdir(parents=True)
    (hugo / "themes" / "t").mkdir(parents=True)
    (hugo / "hugo.toml").write_text('title = "Blog"\n', encoding="utf-8")
    (hugo / "README.md").write_text("# How to build\n", encoding="utf-8")
    (hugo / "themes" / "t" / "README.md").write_text("# A theme\n", encoding="utf-8")
    (hugo / "content" / "posts" / "p" / "index.md").write_text("---\ntitle: Hugo post\n---\nB.\n")
    out = import_files([jekyll, hugo], tmp_path / "notes", tmp_path)
    assert [Path(p).name for p in out.written] == ["hugo-post.md", "rnn.md"]


RSS_FOR_FOLDER = """<?xml version="1.0"?>
<rss version="2.0"><channel><title>Blog</title><link>https://example.com/</link>
<item><title>From a folder</title><link>https://example.com/a</link>
<description>Some text.</description></item>
</channel></rss>
"""


def test_a_page_imported_alone_is_placed_by_its_path_from_its_built_sites_root(
    tmp_path: Path,
) -> None:
    site = tmp_path / "_site"
    post = site / "2019" / "05" / "20" / "first-steps" / "index.html"
    post.parent.mkdir(parents=True)
    (site / "index.html").write_text("<main><h1>Home</h1></main>", encoding="utf-8")
    post.write_text(
        '<main><h1>First steps</h1><p><a href="../../../../about/">About</a>'
        ' <img src="map.png" alt="Map"></p></main>',
        encoding="utf-8",
    )
    outcome = import_files([post], tmp_path / "kb", tmp_path, site="https://me.example.com")
    assert outcome.diagnostics == ()
    text = (tmp_path / "kb" / "first-steps.md").read_text(encoding="utf-8")
    assert "[About](https://me.example.com/about/)" in text
    assert "![Map](https://me.example.com/2019/05/20/first-steps/map.png)" in text
    (site / "index.html").unlink()  # no home page above it: the page is at the site's root
    outcome = import_files([post], tmp_path / "kb2", tmp_path, site="https://me.example.com")
    assert [d.code for d in outcome.diagnostics] == ["import-url-above-site"]
    text = (tmp_path / "kb2" / "first-steps.md").read_text(encoding="utf-8")
    assert "About" in text and "](https://me.example.com/about/)" not in text  # kept as its text
