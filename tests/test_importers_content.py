"""The content block of a saved page that marks none (no `<main>`, no `<article>`), by scoring its
blocks as Mozilla Readability does; pages written by hand in the shapes of older blogs and news
sites."""

from __future__ import annotations

from notebase.importers.content import content_blocks
from notebase.importers.htmlmd import LexborHTMLParser, attr
from notebase.importers.render import note_text
from notebase.importers.webpage import read_webpage

PROSE = (
    "<p>The river rose, slowly at first, then quickly, and by noon the lower fields were under"
    " water, the fences gone, the road a canal; the town had seen nothing like it since 1927.</p>"
)
LINKS = "".join(f'<li><a href="/p/{i}">Another story number {i}</a></li>' for i in range(12))


def page(body: str, head: str = "<title>Flood</title>") -> str:
    return f"<!DOCTYPE html><html><head>{head}</head><body>{body}</body></html>"


def note(html: str) -> str:
    [post] = read_webpage(html, "p.html", "p.html").posts
    return note_text(post)


def ids(html: str) -> list[str]:
    body = LexborHTMLParser(html).body
    assert body is not None
    return [attr(n, "id") or n.tag or "" for n in content_blocks(body)]


def test_the_block_of_prose_is_the_note_not_the_link_lists_and_blurbs_round_it() -> None:
    html = page(
        '<div id="top"><h1>Flood</h1><p>A site about the weather, and more.</p></div>'
        f'<div id="story">{PROSE * 6}</div>'
        f'<div id="more"><h3>More stories</h3><ul>{LINKS}</ul></div>'
        '<div id="legal"><p>Copyright 2015, the Gazette, all rights reserved.</p></div>'
    )
    text = note(html)
    assert text.count("the lower fields were under water") == 6
    for chrome in ("Another story number", "More stories", "all rights reserved", "A site about"):
        assert chrome not in text
    assert "title: Flood" in text  # the title heading, outside the block, still titles it


def test_siblings_scoring_near_the_best_block_or_sharing_its_class_are_kept() -> None:
    html = page(
        f'<div id="wrap"><div class="part" id="one">{PROSE * 6}</div>'
        '<div class="photo" id="photo"><img src="https://x.example/a.png" alt="A"></div>'
        f'<div class="part" id="two"><div><div><div>{PROSE}</div></div></div></div>'
        '<p id="lead">A sentence of the story set apart from the rest.</p>'
        f'<div class="links" id="links"><ul>{LINKS}</ul></div></div>'
    )
    assert ids(html) == ["one", "two", "lead"]


def test_blocks_alike_scoring_near_each_other_are_parts_of_the_block_holding_them() -> None:
    steps = "".join(f'<div class="step"><div class="content">{PROSE}</div></div>' for _ in range(4))
    html = page(f'<div id="steps">{steps}</div><div id="side"><ul>{LINKS}</ul></div>')
    assert ids(html) == ["steps"]


def test_class_and_id_words_weigh_a_block_for_or_against_the_content() -> None:
    html = page(
        f'<div class="comment-list" id="c">{PROSE * 4}</div><div class="entry" id="e">{PROSE * 3}</div>'
    )
    assert ids(html) == ["e"]


def test_a_page_with_too_little_prose_to_be_sure_of_its_block_is_kept_whole() -> None:
    html = page(
        f'<div id="story">{PROSE * 2}</div><div id="side"><p>Our sponsor, a shop.</p></div>'
    )
    assert ids(html) == ["body"]
    assert "Our sponsor, a shop." in note(html)


def test_the_date_and_tags_round_the_block_are_still_read() -> None:
    html = page(
        '<div id="meta"><time datetime="2015-03-13">13 March</time>'
        ' <a rel="tag" href="/tag/floods">floods</a></div>'
        f'<div id="story">{PROSE * 6}</div>'
    )
    assert ids(html) == ["story"]
    text = note(html)
    assert "date: 2015-03-13" in text and "tags: [floods]" in text


def test_a_page_marking_its_main_content_is_not_scored() -> None:
    html = page(
        f'<main><div id="story">{PROSE * 6}</div><div id="side"><ul>{LINKS}</ul></div></main>'
    )
    assert "Another story number 3" in note(html)


def test_scoring_is_deterministic_between_equal_blocks() -> None:
    html = page(f'<div id="a">{PROSE * 3}</div><div id="b">{PROSE * 3}</div><div>{LINKS}</div>')
    assert ids(html) == ids(html) == ["a", "b"]
