"""Substack's export: posts.csv's rows with the bodies beside it in posts/."""

from __future__ import annotations

from pathlib import Path

from notebase.importers import import_files
from notebase.importers.formats import choose_reader, read_input
from notebase.importers.model import ParsedArchive
from notebase.importers.render import note_text
from notebase.importers.substack import post_html, read_substack

EXPORT = Path(__file__).parent / "fixtures" / "importers" / "substack"


def read(beside: bool = True) -> ParsedArchive:
    text = (EXPORT / "posts.csv").read_text(encoding="utf-8")

    def bodies(names: list[str]) -> dict[str, str]:
        found = [n for n in names if (EXPORT / n).is_file()]
        return {n: (EXPORT / n).read_text(encoding="utf-8") for n in found}

    return read_input(text, "posts.csv", "posts.csv", bodies if beside else None)


def test_posts_csv_is_read_as_substack_and_another_csv_is_not() -> None:
    assert choose_reader("posts.csv", (EXPORT / "posts.csv").read_text()) is read_substack
    assert choose_reader("posts.csv", "id,title\n1,x\n") is not read_substack


def test_one_note_per_post_pages_and_threads_left_out_with_one_info() -> None:
    archive = read()
    assert [p.title for p in archive.posts] == ["Reading Raft, Slowly", "Half an Idea", "Lost Post"]
    (left,) = [d for d in archive.diagnostics if d.code == "import-not-a-post"]
    assert "1 page, 1 thread" in left.message


def test_a_post_has_its_date_subtitle_and_draft_status() -> None:
    first, draft, _ = read().posts
    assert (first.date, first.draft) == ("2024-03-10", False)
    assert first.tldr == "Notes on \u201cleader election\u201d"  # the CSV writes `&#x201C;`
    assert first.origin == "posts.csv:2"
    assert draft.draft and draft.date == ""


def test_a_post_is_at_its_publication_as_its_sign_up_buttons_say() -> None:
    first, draft, podcast = read().posts
    assert first.url == "https://ada.substack.com/p/reading-raft"
    assert podcast.url == "https://ada.substack.com/p/lost-post"
    assert draft.url == ""  # a draft has no page
    assert read(beside=False).posts[0].url == ""  # no body: no button to tell


def test_a_podcast_links_its_audio() -> None:
    assert note_text(read().posts[2]).split("\n---\n", 1)[1].strip() == (
        "[Audio](https://cdn.example.org/episode-5.mp3)"
    )


def test_the_body_keeps_links_images_quotes_code_and_footnotes_but_no_buttons() -> None:
    text = note_text(read().posts[0])
    assert "I read [the Raft paper](https://raft.github.io/raft.pdf) again[^1]." in text
    assert "[^1]: The extended version, from 2014." in text
    assert "![Terms and elections](https://substackcdn.com/image/fetch/w_1456/terms.png)" in text
    assert "> Each server stores a current term number." in text
    assert "```\nif term > current:\n    current = term\n```" in text
    assert "Subscribe" not in text
    assert not text.rstrip().endswith("---")  # the rule before the sign-up button


def test_a_body_not_beside_the_csv_is_told_and_the_post_kept() -> None:
    archive = read()
    (missing,) = [d for d in archive.diagnostics if d.code == "import-missing-file"]
    assert "posts/140005.lost-post.html" in missing.message
    assert missing.pos is not None and missing.pos.line == 6
    assert len(read(beside=False).posts) == 3


def test_a_button_linking_elsewhere_is_kept() -> None:
    body = '<p class="button-wrapper"><a class="button" href="https://example.org/book">Get the book</a></p>'
    assert "https://example.org/book" in post_html(body)
    sub = '<p class="button-wrapper"><a class="button" href="https://a.substack.com/subscribe?">Sub</a></p>'
    assert "subscribe" not in post_html(sub)


def test_importing_the_csv_reads_the_bodies_beside_it_and_again_changes_nothing(
    tmp_path: Path,
) -> None:
    into = tmp_path / "notes" / "imported"
    first = import_files([EXPORT / "posts.csv"], into, tmp_path)
    assert len(first.written) == 3
    assert "[^1]: The extended version" in (into / "reading-raft-slowly.md").read_text()
    again = import_files([EXPORT / "posts.csv"], into, tmp_path)
    assert again.written == () and len(again.unchanged) == 3


def test_the_export_folder_is_read_as_its_posts_csv(tmp_path: Path) -> None:
    outcome = import_files([EXPORT], tmp_path / "notes", tmp_path)
    assert len(outcome.written) == 3
    assert not [d for d in outcome.diagnostics if d.code == "import-unreadable"]


def test_an_embedded_video_is_a_link_to_it() -> None:
    body = (
        '<p>Watch:</p><div id="youtube2-abc" class="youtube-wrap"><div class="youtube-inner">'
        '<iframe src="https://www.youtube-nocookie.com/embed/abc?rel=0" width="728"></iframe>'
        "</div></div>"
    )
    assert '<a href="https://www.youtube-nocookie.com/embed/abc?rel=0">' in post_html(body)


ROW = "140001.reading-raft,2024-03-10T12:00:00.000Z,true,,,newsletter,everyone,Reading Raft,,\n"
HEAD = (EXPORT / "posts.csv").read_text(encoding="utf-8").splitlines()[0] + "\n"
RELATIVE = '<p>After <a href="/p/half-an-idea">half an idea</a>, <img src="/img/terms.png" alt="terms"></p>'
BUTTON = '<p class="button-wrapper"><a class="button" href="https://ada.substack.com/subscribe?">Sub</a></p>'


def read_body(body: str, site_root: str = "") -> ParsedArchive:
    bodies = {"posts/140001.reading-raft.html": body}
    return read_substack(HEAD + ROW, "posts.csv", "posts.csv", bodies, site_root)


def test_relative_links_resolve_against_the_publication_its_buttons_state() -> None:
    archive = read_body(RELATIVE + BUTTON, "https://elsewhere.example.com/")  # stated: it wins
    (post,) = archive.posts
    assert post.url == "https://ada.substack.com/p/reading-raft"
    assert note_text(post).split("\n---\n", 1)[1].strip() == (
        "After [half an idea](https://ada.substack.com/p/half-an-idea),"
        " ![terms](https://ada.substack.com/img/terms.png)"
    )
    assert archive.diagnostics == ()


def test_a_publication_stating_no_address_is_at_the_site_given() -> None:
    alone = read_body(RELATIVE)
    (kept,) = alone.diagnostics
    assert kept.code == "import-relative-url" and "'/p/half-an-idea'" in kept.message
    assert "--site" in (kept.hint or "") and "by hand" in (kept.hint or "")
    assert "](/" not in note_text(alone.posts[0]) and alone.posts[0].url == ""
    archive = read_body(RELATIVE, "https://news.example.com/")
    (post,) = archive.posts
    assert (post.url, post.page) == ("https://news.example.com/p/reading-raft",) * 2
    assert "[half an idea](https://news.example.com/p/half-an-idea)" in note_text(post)
    assert "![terms](https://news.example.com/img/terms.png)" in note_text(post)
    assert archive.diagnostics == ()


def test_a_link_climbing_above_the_site_given_is_kept_as_text_with_a_warning() -> None:
    archive = read_body('<p>See <a href="../../../x/">it</a>.</p>', "https://example.com/news/")
    (climbed,) = archive.diagnostics
    assert climbed.code == "import-url-above-site" and "'../../../x/'" in climbed.message
    assert climbed.pos is not None and climbed.pos.line == 2
    assert "See it." in note_text(archive.posts[0])


def test_importing_with_site_places_the_export_at_the_site(tmp_path: Path) -> None:
    export = tmp_path / "export"
    (export / "posts").mkdir(parents=True)
    (export / "posts.csv").write_text(HEAD + ROW, encoding="utf-8")
    (export / "posts" / "140001.reading-raft.html").write_text(RELATIVE, encoding="utf-8")
    into = tmp_path / "notes"
    outcome = import_files([export], into, tmp_path, site="https://News.example.com")
    assert not [d for d in outcome.diagnostics if d.code.startswith("import-")]
    text = (into / "reading-raft.md").read_text(encoding="utf-8")
    assert "url: https://news.example.com/p/reading-raft" in text
    assert "[half an idea](https://news.example.com/p/half-an-idea)" in text
