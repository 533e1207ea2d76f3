"""The link-marker protocol, its one home: how an internal link waits in rendered HTML.

A note's n-th internal link (a wikilink, a relative link or image, an inline #tag) is rendered as
the marker MARK L<n> MARK; linktags.py puts the link's tag in its place once every note is known, and
embeds.py the note embedded. ROOT stands where a page's relative path to the site root goes.
Nothing else builds a marker or reads one."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html import escape, unescape

MARK = "\x1e"  # the record separator: a control character no note's HTML keeps
ROOT = f"{MARK}R{MARK}"  # replaced by the page's relative path to the site root when rendered
_LINK_MARKER = re.compile(f"{MARK}L(\\d+){MARK}")


def link_marker(n: int) -> str:
    """Where the n-th link of a note goes, until it is resolved."""
    return f"{MARK}L{n}{MARK}"


def substitute_markers(html: str, tag: Callable[[int], str]) -> str:
    """`html` with each marker replaced by `tag(n)` of its link number."""
    if MARK not in html:
        return html
    return _LINK_MARKER.sub(lambda m: tag(int(m.group(1))), html)


def renumber_markers(html: str, base: int) -> str:
    """`html` with each link number moved up by `base` (its links now follow `base` others)."""
    return substitute_markers(html, lambda n: link_marker(n + base))


def strip_markers(html: str) -> str:
    """`html` without its markers (the text of their links stays)."""
    return substitute_markers(html, lambda _n: "")


# A ```base block waits in the HTML as its YAML around the block as written, until the build puts
# the base's view in its place (linking/bases.py); a note's own HTML cannot hold this div (its raw
# HTML keeps no attribute of a div).
BASE_QUERY = re.compile(r'<div class="base-query" data-base="([^"]*)">\n(.*?)</div>\n', re.S)
BASE_QUERY_START = '<div class="base-query" '


def base_query(yaml_text: str, code_html: str) -> str:
    """Where a ```base block's view goes, with the block as written inside."""
    return f'{BASE_QUERY_START}data-base="{escape(yaml_text)}">\n{code_html}</div>\n'


def base_queries(html: str, view: Callable[[str, str], str]) -> str:
    """`html` with each base block replaced by `view(its YAML, the block as written)`."""
    if BASE_QUERY_START not in html:
        return html
    return BASE_QUERY.sub(lambda m: view(unescape(m.group(1)), m.group(2)), html)


def marker_numbers(html: str) -> Iterator[int]:
    """The link numbers of the markers in `html`, in order."""
    return (int(m.group(1)) for m in _LINK_MARKER.finditer(html))
