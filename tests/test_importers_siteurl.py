"""`--site`: the site's address checked and normalised, each file's address on it, and the links
between imported posts of the site made wikilinks."""

from __future__ import annotations

import pytest

from notebase.importers.model import BlockKind
from notebase.importers.render import note_text
from notebase.importers.siteurl import (
    link_site_posts,
    page_address,
    shared_folder,
    site_problem,
    site_root,
)
from notebase.importers.structured import make_post


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("javascript:alert(1)", "it is no http(s) URL"),
        ("file:///home/me/site/", "it is no http(s) URL"),
        ("example.com", "it is no http(s) URL"),
        ("/blog/", "it is no http(s) URL"),
        ("https://", "it names no host"),
        ("https:///blog/", "it names no host"),
        ("https://me:secret@example.com/", "it holds credentials or spaces"),
        ("https://example.com/my blog/", "it holds credentials or spaces"),
        ("https://example.com/?p=1", "a site's address has no query or fragment"),
        ("https://example.com/#top", "a site's address has no query or fragment"),
        ("https://example.com:port/", "its port is no number"),
        ("http://[::1", "its host cannot be read (an IPv6 address without its `]`, or a"),
    ],
)
def test_an_address_that_is_no_site_is_refused_saying_why(value: str, why: str) -> None:
    assert site_problem(value).startswith(why)


def test_a_site_address_is_its_root_folder_ending_in_a_slash() -> None:
    assert site_problem("https://Example.COM/blog") == ""
    assert site_root("https://Example.COM/blog") == "https://example.com/blog/"
    assert site_root("http://example.com") == "http://example.com/"
    assert site_root(" https://example.com:8080/a/b/ ") == "https://example.com:8080/a/b/"


def test_a_file_is_at_its_path_from_the_folder_the_inputs_share() -> None:
    root = "https://example.com/blog/"
    assert page_address(root, "index.html") == root
    assert page_address(root, "posts/first/index.html") == root + "posts/first/"
    assert page_address(root, "posts/first.html") == root + "posts/first.html"
    assert page_address(root, "index.xml") == root + "index.xml"
    assert page_address(root, "文章/a b/index.html") == root + "%E6%96%87%E7%AB%A0/a%20b/"
    paths = ["/w/public/index.html", "/w/public/posts/a/index.html", "/w/public/index.xml"]
    assert shared_folder(paths) == "/w/public"
    assert shared_folder(["/w/public/posts/a/index.html"]) == "/w/public/posts/a"


def test_a_link_to_another_imported_post_of_the_site_is_a_wikilink() -> None:
    root = "https://example.com/"
    first = make_post(
        "First steps",
        "a.html:1",
        [
            "See [the next one](https://example.com/posts/next-steps/#why),"
            " [again](<https://example.com/posts/next-steps/index.html>),"
            " [my tags](https://example.com/tags/) and [this post](https://example.com/posts/first/)."
            " ![a chart](https://example.com/posts/next-steps/) stays an image."
        ],
        page="https://example.com/posts/first/",
    )
    second = make_post(
        "Next steps", "b.html:1", ["Back to [First steps](https://example.com/posts/first/)."],
        page="https://example.com/posts/next-steps/",
    )  # fmt: skip
    elsewhere = make_post(
        "Elsewhere",
        "c.html:1",
        ["[x](https://example.com/posts/first/)"],
        page="https://other.org/x/",
    )
    linked = link_site_posts([first, second, elsewhere], root)
    assert linked[0].blocks[0].kind is BlockKind.MARKDOWN
    assert note_text(linked[0]).split("---\n", 2)[2].strip() == (
        "See [[Next steps|the next one]], [[Next steps|again]],"
        " [my tags](https://example.com/tags/) and [this post](https://example.com/posts/first/)."
        " ![a chart](https://example.com/posts/next-steps/) stays an image."
    )
    assert "Back to [[First steps]]." in note_text(linked[1])
    assert "[[First steps|x]]" in note_text(linked[2])  # a post of another site linking this one
    assert link_site_posts([first, second], "") == [first, second]  # no --site: nothing changes


def test_posts_of_one_page_under_two_titles_are_linked_by_none() -> None:
    page = "https://example.com/p/"
    one = make_post("One title", "a.html:1", ["x"], page=page)
    two = make_post("Another title", "b.html:1", ["x"], page=page)
    linking = make_post("Linking", "c.html:1", ["[it](https://example.com/p/)"], page="")
    assert note_text(link_site_posts([one, two, linking], "https://example.com/")[2]).endswith(
        "[it](https://example.com/p/)\n"
    )
