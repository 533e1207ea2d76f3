"""Medium's export: one post per file, read from its microformats; drafts by their file's name."""

from __future__ import annotations

from pathlib import Path

from notebase.importers import import_files
from notebase.importers.formats import choose_reader, read_input
from notebase.importers.medium import read_medium
from notebase.importers.model import ParsedArchive
from notebase.importers.render import note_text
from notebase.importers.webpage import read_webpage

FIXTURE = Path(__file__).parent / "fixtures" / "importers" / "medium-post.html"


def read(name: str = "posts/2021-08-24_Reading-Raft-Again-3c7869fdae53.html") -> ParsedArchive:
    return read_input(FIXTURE.read_text(encoding="utf-8"), name, name)


def test_a_medium_file_is_read_as_medium_and_other_pages_are_not() -> None:
    assert choose_reader("x.html", FIXTURE.read_text(encoding="utf-8")) is read_medium
    page = '<!DOCTYPE html><html><body><article class="h-entry"><p>x</p></article></body></html>'
    assert choose_reader("x.html", page) is read_webpage


def test_title_date_author_canonical_and_subtitle() -> None:
    (post,) = read().posts
    assert post.title == "Reading Raft Again"
    assert post.date == "2021-08-24"
    assert post.authors == ("Ada Reader",)
    assert post.url == "https://medium.com/@ada/reading-raft-again-3c7869fdae53"
    assert post.tldr == "Leader election, read a second time, with notes"
    assert set(post.taxonomy.tags) == {"Distributed Systems", "Papers"}
    assert not post.draft
    assert post.origin.endswith(".html:6")


def test_the_body_without_title_subtitle_or_summary() -> None:
    text = note_text(read().posts[0])
    body = text.split("\n---\n", 1)[1]
    assert body.startswith("I read [the Raft paper](https://raft.github.io/raft.pdf) again")
    assert "Leader election" not in body  # the subtitle heading and the hidden p-summary
    assert "![](https://cdn-images-1.medium.com/max/800/1*abc.png)" in body
    assert "> Each server stores a current term number." in body
    assert "```\nif term > current:\n    current = term\n```" in body
    assert "- Timers are randomised\n- Heartbeats reset them" in body
    assert "Second section." in body and "Canonical link" not in body
    assert "Exported from" not in body


def test_a_draft_is_told_by_its_file_name() -> None:
    (post,) = read("posts/draft_Reading-Raft-Again-3c7869fdae53.html").posts
    assert post.draft


def test_a_file_without_a_body_is_told() -> None:
    text = (
        '<html><body><article class="h-entry"><p class="p-canonical">x</p></article></body></html>'
    )
    archive = read_medium(text.replace("<p", '<div data-field="x"><p'), "m.html", "m.html")
    assert archive.posts == ()
    assert [d.code for d in archive.diagnostics] == ["import-no-posts"]


RESPONSE = """<!DOCTYPE html><html><head><title>Good point, but the timers</title></head><body>
<article class="h-entry"><header><h1 class="p-name">Good point, but the timers…</h1></header>
<section data-field="body" class="e-content"><section class="section section--body"><div
class="section-content"><div class="section-inner"><p class="graf graf--p graf--leading">Good
point, but the timers are randomised for a reason.</p></div></div></section></section>
<footer><p><a href="https://medium.com/@ada/good-point-1a2b3c" class="p-canonical">Canonical
link</a></p></footer></article></body></html>"""


def test_a_response_is_a_draft_told_once() -> None:
    archive = read_medium(RESPONSE, "posts/2021-09-01_Good-point-1a2b3c.html", "r.html")
    (post,) = archive.posts
    assert post.draft
    assert [d.code for d in archive.diagnostics] == ["import-not-a-post"]


def test_a_short_post_with_its_own_title_is_no_response() -> None:
    text = RESPONSE.replace("Good point, but the timers…", "On Timers")
    archive = read_medium(text, "posts/2021-09-01_On-Timers-1a2b3c.html", "r.html")
    assert not archive.posts[0].draft and archive.diagnostics == ()


def test_the_export_folder_is_read_as_its_posts(tmp_path: Path) -> None:
    (tmp_path / "export" / "posts").mkdir(parents=True)
    (tmp_path / "export" / "profile").mkdir()
    page = FIXTURE.read_text(encoding="utf-8")
    (tmp_path / "export" / "posts" / "2021-08-24_Reading-Raft-Again-3c7869fdae53.html").write_text(
        page
    )
    (tmp_path / "export" / "posts" / "draft_Other-1a2b.html").write_text(
        page.replace("Reading Raft Again", "Other").replace("3c7869fdae53", "1a2b")
    )
    outcome = import_files([tmp_path / "export"], tmp_path / "notes", tmp_path)
    assert [Path(p).name for p in outcome.written] == ["other.md", "reading-raft-again.md"]
    assert "draft: true" in (tmp_path / "notes" / "other.md").read_text()


def test_a_code_block_split_by_a_blank_line_is_one_block_in_its_language() -> None:
    code = (
        '<pre class="graf graf--pre graf-after--p" data-code-block-lang="python">'
        '<span class="pre--content">import os<br>x = 1 &lt; 2</span></pre>\n'
        '<pre class="graf graf--pre graf-after--pre" data-code-block-lang="python">'
        '<span class="pre--content">print(x)</span></pre>'
        '<p class="graf graf--p graf-after--pre">After.</p>'
        '<pre class="graf graf--pre graf-after--p">other</pre>'
    )
    page = FIXTURE.read_text(encoding="utf-8")
    start = page.index('<pre name="c1"')
    end = page.index("</pre>", start) + len("</pre>")
    archive = read_medium(page[:start] + code + page[end:], "p.html", "p.html")
    text = note_text(archive.posts[0])
    assert "```python\nimport os\nx = 1 < 2\n\nprint(x)\n```\n\nAfter.\n\n```\nother\n```" in text


def test_a_link_card_and_an_embed_are_links() -> None:
    card = (
        '<div class="graf graf--mixtapeEmbed graf-after--p"><a href="https://example.org/post"'
        ' class="markup--anchor markup--mixtapeEmbed-anchor"><strong class="markup--strong">'
        'A Post Title</strong><br><em class="markup--em">What it says</em>example.org</a>'
        '<a href="https://example.org/post" class="js-mixtapeImage mixtapeImage"'
        ' style="background-image: url(https://cdn-images-1.medium.com/x.png);"></a></div>'
        '<figure class="graf graf--figure graf--iframe"><iframe'
        ' src="https://medium.com/media/abc123?postId=1" width="700"></iframe></figure>'
    )
    page = FIXTURE.read_text(encoding="utf-8")
    start = page.index('<blockquote name="b1"')
    page = page[:start] + card + page[start:]
    text = note_text(read_medium(page, "p.html", "p.html").posts[0])
    assert "[A Post Title](https://example.org/post) — What it says\n" in text
    assert "<https://example.org/post>" not in text
    assert "[Embedded media](https://medium.com/media/abc123?postId=1)" in text


DRAFT_LINKS = (
    '<p class="graf graf--p">See <a href="/@ada/older-post-1a2b">my older post</a> and'
    ' <a href="notes/">the notes</a>.</p>'
)


def with_paragraph(paragraph: str, canonical: bool = True) -> str:
    page = FIXTURE.read_text(encoding="utf-8")
    start = page.index('<blockquote name="b1"')
    page = page[:start] + paragraph + page[start:]
    return page if canonical else page.replace('class="p-canonical"', 'class="p-link"')


def test_relative_links_resolve_against_the_canonical_else_the_site_given_else_medium() -> None:
    site = "https://blog.example.com/"
    stated = read_medium(with_paragraph(DRAFT_LINKS), "p.html", "p.html", site).posts[0]
    assert "[my older post](https://medium.com/@ada/older-post-1a2b)" in note_text(stated)
    assert "[the notes](https://medium.com/@ada/notes/)" in note_text(stated)
    draft = with_paragraph(DRAFT_LINKS, canonical=False)
    given = read_medium(draft, "posts/draft_x.html", "draft_x.html", site)
    assert "[my older post](https://blog.example.com/@ada/older-post-1a2b)" in note_text(
        given.posts[0]
    )
    assert "[the notes](https://blog.example.com/notes/)" in note_text(given.posts[0])
    assert given.diagnostics == ()
    alone = read_medium(draft, "posts/draft_x.html", "draft_x.html").posts[0]
    assert "[the notes](https://medium.com/notes/)" in note_text(alone)


def test_a_link_climbing_above_the_site_given_is_told_and_kept_as_text() -> None:
    draft = with_paragraph('<p class="graf graf--p">Up <a href="../x/">there</a>.</p>', False)
    archive = read_medium(draft, "posts/draft_x.html", "draft_x.html", "https://example.com/blog/")
    (climbed,) = archive.diagnostics
    assert climbed.code == "import-url-above-site" and "'../x/'" in climbed.message
    assert "--site" in (climbed.hint or "")
    assert "Up there." in note_text(archive.posts[0])


def test_importing_with_site_reads_a_medium_draft_on_that_site(tmp_path: Path) -> None:
    posts = tmp_path / "medium" / "posts"
    posts.mkdir(parents=True)
    draft = with_paragraph(DRAFT_LINKS, canonical=False)
    (posts / "draft_Reading-Raft-Again-3c7869fdae53.html").write_text(draft, encoding="utf-8")
    into = tmp_path / "notes"
    import_files([tmp_path / "medium"], into, tmp_path, site="https://blog.example.com")
    text = (into / "reading-raft-again.md").read_text(encoding="utf-8")
    assert "[the notes](https://blog.example.com/notes/)" in text
