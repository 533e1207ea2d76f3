"""rawhtml.py: raw HTML blocks of notes, rebuilt from an allowlist, their links the note's own."""

from __future__ import annotations

from notebase.markdown import render_markdown
from notebase.markdown.markers import MARK
from notebase.model import LinkRef


def html(source: str) -> str:
    return render_markdown(source).html


def test_details_hold_the_markdown_between_their_tags() -> None:
    source = (
        "<details>\n<summary>More <b>info</b></summary>\n\nHidden *text*.\n\n</details>\n\nAfter.\n"
    )
    assert html(source) == (
        "<details>\n<summary>More <b>info</b></summary>\n<p>Hidden <em>text</em>.</p>\n"
        "</details>\n<p>After.</p>\n"
    )


def test_an_element_left_open_is_closed_where_its_markdown_element_or_the_note_ends() -> None:
    assert html("- item\n  <div>\n\n  text\n- next\n") == (
        "<ul>\n<li>\n<p>item</p>\n<div>\n<p>text</p>\n</div>\n</li>\n<li>\n<p>next</p>\n</li>\n</ul>\n"
    )
    assert html("<details>\n<summary>S</summary>\n\nText.\n") == (
        "<details>\n<summary>S</summary>\n<p>Text.</p>\n</details>\n"
    )
    assert html("</div>\n\nText.\n") == "<p>Text.</p>\n"  # it closes nothing: left out


def test_only_allowed_elements_and_attributes_are_kept_and_text_is_escaped() -> None:
    source = (
        '<div align="center" style="color:red" onclick="x()">\n<p class="a" id="b">A &amp; B < C</p>\n'
        '<table><tr><td colspan="2" rowspan="x">cell</td></tr></table>\n<font color="red">kept</font>\n</div>\n'
    )
    assert html(source) == (
        '<div class="align-center">\n<p>A &amp; B &lt; C</p>\n'
        '<table><tr><td colspan="2">cell</td></tr></table>\nkept\n</div>\n'
    )


def test_what_runs_styles_or_loads_is_left_out_whole_and_a_frame_is_a_link() -> None:
    source = (
        '<div>\n<script>alert(1)</script><style>p{}</style><object data="x.swf">fallback</object>\n'
        '<iframe src="https://www.youtube.com/embed/xyz" width="560">no frames</iframe>\n'
        '<iframe src="javascript:alert(1)"></iframe>\n</div>\n'
    )
    assert html(source) == (
        '<div>\n\n<a class="external-embed" href="https://www.youtube.com/embed/xyz">'
        "https://www.youtube.com/embed/xyz</a>\n\n</div>\n"
    )


def test_a_link_or_image_of_the_note_s_files_is_a_link_of_the_note() -> None:
    rendered = render_markdown(
        '<p>\n<img src="pics/a b.png" width="300" alt="A">\n<a href="Other.md#Part">other</a>\n</p>\n'
    )
    assert rendered.links == (
        LinkRef("pics/a b.png", False, 2, "", "A|300", True),
        LinkRef("Other.md#Part", False, 3, "", "", False),
    )
    assert rendered.html == f"<p>\n{MARK}L0{MARK}\n{MARK}L1{MARK}other</a>\n</p>\n"


def test_unsafe_urls_are_dropped_however_they_are_written() -> None:
    source = (
        '<p>\n<a href="java&#x09;script:alert(1)">a</a> <a href=" JAVASCRIPT:alert(2)">b</a>\n'
        '<a href="https://ok.org/?a=1&amp;b=2">ok</a> <img src="data:image/svg+xml;base64,PHN2Zz4=">\n'
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" onerror="alert(3)">\n</p>\n'
    )
    assert html(source) == (
        '<p>\na b\n<a href="https://ok.org/?a=1&amp;b=2">ok</a> \n'
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" loading="lazy">\n</p>\n'
    )


def test_an_image_from_the_web_is_sized_and_lazy() -> None:
    assert html('<img src="https://e.org/x.png" width="120" height="80" alt="X">\n') == (
        '<img src="https://e.org/x.png" alt="X" width="120" height="80" loading="lazy">\n'
    )


def test_an_inline_image_tag_is_an_image_of_the_note_and_its_attributes_sanitised() -> None:
    rendered = render_markdown(
        'A <img src="pics/a.png" width=200 onload="x()"> and <img src="https://e.org/b.png" '
        'onerror="alert(1)"> and <img src="javascript:alert(2)">.\n'
    )
    assert rendered.links == (LinkRef("pics/a.png", False, 1, "", "|200", True),)
    assert rendered.html == (
        f'<p>A {MARK}L0{MARK} and <img src="https://e.org/b.png" alt="" loading="lazy"> and .</p>\n'
    )


def test_an_element_left_out_whole_is_left_out_inline_too() -> None:
    """A clipped page's chart, `<svg …>…</svg>` on a line with more after its tag (no HTML block
    as CommonMark reads it), was its markup shown as text; inline, such an element is left out
    with what it holds (an iframe is a link), as in a block. One not closed in its paragraph
    is text."""
    rendered = render_markdown(
        'Chart: <svg viewBox="0 0 9 9"><g><text x="1">1.0</text><svg><rect/></svg></g></svg> '
        'and <iframe src="https://e.org/v"></iframe> **then**\n\n<svg width="2"> *open*\n'
    )
    assert rendered.html == (
        '<p>Chart:  and <a class="external-embed" href="https://e.org/v">https://e.org/v</a> '
        "<strong>then</strong></p>\n"
        "<p>&lt;svg width=&quot;2&quot;&gt; <em>open</em></p>\n"
    )


def test_a_link_left_open_is_closed_inside_the_element_holding_it() -> None:
    assert (
        html('<div><a href="https://x.org">t</div>\n')
        == '<div><a href="https://x.org">t</a></div>\n'
    )
    assert html('<p><a href="javascript:x">bad</a> ok</p>\n') == "<p>bad ok</p>\n"


def test_a_line_starting_with_a_tag_html_does_not_have_starts_no_html_block() -> None:
    rendered = html('<Equation number="1.2">\n$$x^2$$\n</Equation>\n\n<T> is a type *parameter*.\n')
    assert rendered.count("<math") == 1 and "$$" not in rendered
    assert "&lt;T&gt; is a type <em>parameter</em>." in rendered


def test_a_malformed_marked_section_is_text_not_a_crash() -> None:
    assert html("<dl>\n<![ oops ]]> and <b>more</b>\n</dl>\n") == (
        "<dl>\n&lt;![ oops ]]&gt; and <b>more</b>\n</dl>\n"
    )


def test_an_image_tag_is_read_as_an_img_as_browsers_read_it() -> None:
    """Jay Alammar's Jekyll posts (jalammar/jalammar.github.io) draw their figures with `<image>`,
    which HTML's parser reads as `<img>`: 219 figures of nine posts were left out."""
    rendered = render_markdown(
        '<div class="img-div-any-width" markdown="0">\n'
        '  <image src="images/word2vec/word2vec.png"/>\n  <br />\n</div>\n\n'
        'Inline <image src="https://e.org/x.png"> too.\n'
    )
    assert rendered.links == (LinkRef("images/word2vec/word2vec.png", False, 2, "", "", True),)
    assert rendered.html == (
        f"<div>\n  {MARK}L0{MARK}\n  <br>\n</div>\n"
        '<p>Inline <img src="https://e.org/x.png" alt="" loading="lazy"> too.</p>\n'
    )


def test_a_picture_shows_its_image() -> None:
    """`<picture>` offers its `<img>` other sources for dark and light themes, as GitHub
    profiles write it (xihuanxiaorang/my-obsidian-notes, Articles/DevKit/Github.md): its image is
    shown, its sources left out, where the whole element was left out as media is."""
    snake = "https://raw.githubusercontent.com/x/x/output/snake.svg"
    source = (
        '<p align="center">\n  <picture>\n'
        '    <source media="(prefers-color-scheme: dark)" srcset="https://e.org/dark.svg">\n'
        f'    <img alt="github contribution grid snake animation" src="{snake}">\n'
        "  </picture>\n</p>\n\nInline <picture><source srcset=x.webp><img src=pics/a.png></picture>.\n"
    )
    rendered = render_markdown(source)
    assert rendered.html == (
        '<p class="align-center">\n  \n    \n'
        f'    <img src="{snake}" alt="github contribution grid snake animation" loading="lazy">\n'
        f"  \n</p>\n<p>Inline {MARK}L0{MARK}.</p>\n"
    )
    assert rendered.links == (LinkRef("pics/a.png", False, 8, "", "", True),)


def test_an_image_s_size_in_pixels_is_its_size_whatever_its_unit() -> None:
    """`width="360px"`, as a real vault writes it (xihuanxiaorang/my-obsidian-notes,
    Articles/DevKit/Github.md), is 360 pixels as browsers read it, where the size was left out;
    a percentage is no size of the image's own."""
    source = (
        '<img src="https://e.org/a.gif" alt="gif" width="360px" align="right" />\n'
        '<img src="https://e.org/b.png" height="80PX" width="120.5px">\n'
        '<img src="https://e.org/c.png" width="100%">\n'
    )
    assert html(source) == (
        '<img src="https://e.org/a.gif" alt="gif" width="360" loading="lazy">\n'
        '<img src="https://e.org/b.png" alt="" width="120" height="80" loading="lazy">\n'
        '<img src="https://e.org/c.png" alt="" loading="lazy">\n'
    )


def test_a_picture_tag_closing_a_paragraph_is_left_out_not_shown() -> None:
    """`<picture>` on the line under a paragraph's, its `<img>` and `</picture>` in blocks of
    their own after blank lines (TrshPuppy/obsidian-notes, README.md): CommonMark reads the tag
    inline, where it was shown as the text `<picture>`; its tags are left out and the image the
    blocks hold shown, as Obsidian and GitHub show them."""
    rendered = render_markdown(
        'If viewing on GitHub, see "[the notes](a.md)":\n<picture>\n\n'
        '<img src=pics/README-2.png width="500">\n\n</picture>\n'
    )
    assert "picture" not in rendered.html
    assert rendered.html.endswith(f"</a>&quot;:\n</p>\n{MARK}L1{MARK}\n")
    assert rendered.links[1] == LinkRef("pics/README-2.png", False, 4, "", "|500", True)
