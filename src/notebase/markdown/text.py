"""The text of tokens and of rendered HTML: what search, excerpts and descriptions read."""

from __future__ import annotations

import re
from html import unescape

from markdown_it.token import Token

from notebase.markdown.markers import strip_markers

_TAG = re.compile(r"<[^>]+>")
_BLOCK_TAG = re.compile(
    r"</?(?:p|li|ul|ol|div|br|h\d|blockquote|pre|tr|td|th|footer|section)\b[^>]*>"
)


def plain_text(tokens: list[Token]) -> str:
    parts: list[str] = []
    for token in tokens:
        if token.type == "inline":
            parts.append(inline_plain(token))
        elif token.type in ("fence", "code_block", "math_block"):
            parts.append(token.content)
    return "\n".join(p for p in parts if p)


_WORDS = frozenset({"text", "code_inline", "math_inline", "math_inline_double", "wikilink"})
_BREAKS = frozenset({"softbreak", "hardbreak"})


def inline_plain(inline: Token) -> str:
    """The words of an inline run: its text, code, TeX, wikilinks' labels and #tags; a line
    break is a space."""
    parts: list[str] = []
    for child in inline.children or ():
        kind = child.type
        if kind in _WORDS:
            parts.append(child.content)
        elif kind == "hashtag":
            parts.append(f"#{child.content}")
        elif kind in _BREAKS:
            parts.append(" ")
    return "".join(parts)


def html_to_text(html: str) -> str:
    """Visible text of rendered HTML: block boundaries become spaces, other tags vanish."""
    text = _BLOCK_TAG.sub(" ", strip_markers(html))
    return " ".join(unescape(_TAG.sub("", text)).split())


_ID = re.compile(r'\sid="[^"]*"')
_FOOTNOTE_REF = re.compile(r'<a href="#fn[^"]*"[^>]*>(.*?)</a>', re.S)
_FOOTNOTES = re.compile(r'<section class="footnotes">.*?</section>\n?', re.S)


def quiet(html: str) -> str:
    """Embedded HTML without ids (the page has its own) or footnotes (they are the other note's)."""
    return _ID.sub("", _FOOTNOTE_REF.sub(r"\1", _FOOTNOTES.sub("", html)))
