"""The link-marker protocol (markdown/markers.py): make, renumber, strip, substitute, read."""

from __future__ import annotations

from notebase.markdown import render_markdown
from notebase.markdown.markers import (
    MARK,
    ROOT,
    link_marker,
    marker_numbers,
    renumber_markers,
    strip_markers,
    substitute_markers,
)


def test_a_marker_is_the_link_number_between_two_marks() -> None:
    assert link_marker(7) == f"{MARK}L7{MARK}"
    assert link_marker(0) != link_marker(10)


def test_the_parser_writes_the_protocols_markers() -> None:
    html = render_markdown("[[A]] and [b](b.md)").html
    assert list(marker_numbers(html)) == [0, 1]
    assert html.startswith(f"<p>{link_marker(0)}A</a> and {link_marker(1)}b</a>")


def test_substitute_gives_each_marker_its_numbers_tag() -> None:
    html = f"<p>{link_marker(0)}a</a>, {link_marker(12)}b</a></p>"
    tagged = substitute_markers(html, lambda n: f'<a href="#{n}">')
    assert tagged == '<p><a href="#0">a</a>, <a href="#12">b</a></p>'


def test_renumber_moves_every_marker_up() -> None:
    html = f"{link_marker(0)}x {link_marker(3)}y"
    assert renumber_markers(html, 5) == f"{link_marker(5)}x {link_marker(8)}y"
    assert list(marker_numbers(renumber_markers(html, 0))) == [0, 3]


def test_strip_takes_markers_but_not_the_root_placeholder() -> None:
    html = f'{link_marker(2)}text</a> <a href="{ROOT}x/">y</a>'
    assert strip_markers(html) == f'text</a> <a href="{ROOT}x/">y</a>'
    assert list(marker_numbers(ROOT)) == []


def test_html_without_markers_is_unchanged() -> None:
    html = "<p>L1 and R</p>"
    assert substitute_markers(html, lambda _n: "X") is html
    assert strip_markers(html) == html
