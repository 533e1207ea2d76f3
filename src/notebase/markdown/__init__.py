"""Markdown -> rendered body plus what it holds: tl;dr, quotes, footnotes, headings, links (one parse)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from markdown_it.token import Token

from notebase.markdown.admonitions import NO_TYPES, AdmonitionTypes
from notebase.markdown.markers import strip_markers
from notebase.markdown.parser import create_parser, render_pieces
from notebase.markdown.quotes import RawQuote, mark_quotes, quotes_of
from notebase.markdown.texmacros import NO_MACROS, TexMacros
from notebase.markdown.text import html_to_text, inline_plain, plain_text, readable_tex
from notebase.model import Footnote, Heading, LinkRef

__all__ = [
    "RawQuote",
    "Rendered",
    "render_inline",
    "render_markdown",
    "strip_paragraph",
]

_TLDR = re.compile(r"^\s*(?:tl;?dr|tldr)\s*[:.\-–—]\s*", re.I)
_FOOTNOTE_REF = re.compile(r'<sup class="footnote-ref">.*?</sup>', re.S)
_LINK_TAG = re.compile(r"</?a\b[^>]*>")
_SPACES = frozenset({"softbreak", "hardbreak"})
_LINK_ENDS = frozenset({"link_open", "link_close"})
_PROSE_BREAKS = frozenset(
    {
        "code_inline",
        "math_inline",
        "math_inline_double",
        "wikilink",
        "link_open",
        "link_close",
        "image",
        "footnote_ref",
        "hashtag",
    }
)


@dataclass(frozen=True, slots=True)
class Rendered:
    html: str
    text: str
    mention_text: str  # prose only: no code, math or link text (where unlinked mentions are sought)
    tldr_html: str
    tldr_text: str
    first_heading: str
    opening: Heading | None  # the `# heading` taken out as the title (first_heading), as a heading
    quotes: tuple[RawQuote, ...]
    footnotes: tuple[Footnote, ...]
    headings: tuple[Heading, ...]
    links: tuple[LinkRef, ...]
    urls: tuple[tuple[str, int], ...]
    problems: tuple[tuple[str, str, int], ...]  # (code, message, line relative to the text)
    tags: tuple[str, ...] = ()  # inline #tags, as written (without the #)
    anchors: tuple[str, ...] = ()  # the ids of the body's elements, in order
    holds_base: bool = False  # a ```base block, whose view the build puts in its place


def render_markdown(
    text: str,
    want_tldr: bool = True,
    want_title: bool = False,
    default_attribution: str = "",
    macros: TexMacros = NO_MACROS,
    admonitions: AdmonitionTypes = NO_TYPES,
) -> Rendered:
    """Parse once, take out the tl;dr paragraph and the title heading (when wanted), mark quotes,
    render (the formulas with the vault's TeX `macros`, the ```ad- blocks and callouts with the
    custom `admonitions` types), then extract what the entry needs from the tokens and the
    rendered HTML."""
    md = create_parser()
    env: dict[str, Any] = {"macros": macros.table()} if macros.macros else {}
    if admonitions.types:
        env["admonitions"] = admonitions.table()
    tokens = md.parse(text, env)
    opening = pop_title_heading(tokens) if want_title else []
    title = inline_plain(opening[1], readable_tex) if opening else ""
    tldr_tokens = pop_tldr(tokens) if want_tldr else []
    quote_marks = mark_quotes(tokens, default_attribution)
    pieces = render_pieces(tokens, env)
    html = "".join(pieces)
    tldr_html = md.renderer.render(tldr_tokens, md.options, env) if tldr_tokens else ""
    tldr_html = strip_paragraph(tldr_html)
    return Rendered(
        html=html,
        text=plain_text(tokens),
        mention_text=prose_text(tldr_tokens + tokens),
        tldr_html=tldr_html,
        tldr_text=html_to_text(tldr_html),
        first_heading=title,
        opening=opening_heading(opening, env) if title else None,
        quotes=tuple(quotes_of(tokens, pieces, quote_marks)),
        footnotes=tuple(footnotes_of(tokens, pieces)),
        headings=tuple(collect_headings(tokens, pieces)),
        links=tuple(env.get("links", [])),
        urls=tuple(env.get("urls", [])),
        problems=tuple(env.get("problems", [])),
        tags=tuple(env.get("tags", [])),
        anchors=tuple(element_ids(tokens)),
        holds_base=bool(env.get("bases")),
    )


def render_inline(text: str, macros: TexMacros = NO_MACROS) -> Rendered:
    """A one-paragraph markdown string (a front-matter tl;dr) rendered the same way."""
    return render_markdown(text, want_tldr=False, macros=macros)


def pop_tldr(tokens: list[Token]) -> list[Token]:
    """Remove the first top-level `tldr:` paragraph from the stream; return it without the label."""
    for i, token in enumerate(tokens):
        if token.type != "paragraph_open" or token.level != 0:
            continue
        inline = tokens[i + 1]
        first = inline.children[0] if inline.children else None
        if first is None or first.type != "text" or not _TLDR.match(first.content):
            continue
        first.content = _TLDR.sub("", first.content, count=1)
        inline.content = _TLDR.sub("", inline.content, count=1)
        taken = tokens[i : i + 3]
        del tokens[i : i + 3]
        return taken
    return []


def pop_title_heading(tokens: list[Token]) -> list[Token]:
    """Take the note's first `# heading` out of the body when it opens the note and is its only
    one; return its tokens. A note of several `#` sections (Theory, Model, Training) is titled
    by its file name, as Obsidian titles every note, its first section kept in the body."""
    if len(tokens) < 3 or tokens[0].type != "heading_open" or tokens[0].tag != "h1":
        return []
    if any(t.type == "heading_open" and t.tag == "h1" for t in tokens[3:]):
        return []
    title = tokens[0:3]
    del tokens[0:3]
    return title


def opening_heading(tokens: list[Token], env: dict[str, Any]) -> Heading | None:
    """The heading taken out as the title, as the body would hold it: with its anchor and HTML
    (its links' words as text: rendered apart, with the TeX macros alone, it adds no link,
    URL or tag to the note's)."""
    if not tokens:
        return None
    apart = {"macros": env["macros"]} if "macros" in env else {}
    (heading,) = collect_headings(tokens, render_pieces(tokens, apart))
    return heading


def footnotes_of(tokens: list[Token], pieces: list[str]) -> list[Footnote]:
    """Each footnote's HTML (without its back links) and text, from the pieces its tokens
    rendered as in the body's footnote list."""
    notes: list[Footnote] = []
    start = 0
    for i, token in enumerate(tokens):
        if token.type == "footnote_open":
            start = i
        elif token.type == "footnote_close":
            kept = (pieces[j] for j in range(start + 1, i) if tokens[j].type != "footnote_anchor")
            inner = "".join(kept).strip()
            label = str(tokens[start].meta["id"] + 1)
            notes.append(Footnote(label, inner, html_to_text(inner)))
    return notes


def collect_headings(tokens: list[Token], pieces: list[str]) -> list[Heading]:
    """Each heading: its level, text, anchor and the HTML a table of contents shows."""
    heads = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            text = inline_plain(tokens[i + 1])
            anchor = str(token.attrGet("id") or "")
            html, source = heading_html(pieces[i + 1]), tokens[i + 1].content
            heads.append(Heading(int(token.tag[1]), text, anchor, html, source))
    return heads


def heading_html(inline_html: str) -> str:
    """A heading's rendered words as they read away from it: without footnote marks, and
    without its links (their words stay; an embed in it is left out)."""
    return strip_markers(_LINK_TAG.sub("", _FOOTNOTE_REF.sub("", inline_html)))


def element_ids(tokens: list[Token]) -> list[str]:
    """The id of each element the tokens render with one: headings, blocks with a `^id`, quotes,
    footnotes (`fn1`) and the marks that refer to them (`fnref1`, `fnref1:1` for the second)."""
    ids: list[str] = []
    for token in tokens:
        if token.hidden:
            continue
        if token.type == "footnote_open":
            ids.append(f"fn{token.meta['id'] + 1}")
        elif token.type == "inline":
            ids.extend(footnote_ref_id(c) for c in token.children or () if c.type == "footnote_ref")
        elif (found := token.attrGet("id")) is not None:
            ids.append(str(found))
    return ids


def footnote_ref_id(token: Token) -> str:
    sub_id = token.meta.get("subId", -1)
    return f"fnref{token.meta['id'] + 1}" + (f":{sub_id}" if sub_id > 0 else "")


def prose_text(tokens: list[Token]) -> str:
    """The words a reader sees as running text; code, math, links and wikilinks leave a line
    break, so that no phrase is read across them."""
    parts: list[str] = []
    add = parts.append
    for token in tokens:
        if token.type != "inline":
            continue
        depth = 0  # inside a link's text
        for child in token.children or ():
            kind = child.type
            if kind == "text":
                if depth == 0:
                    add(child.content)
            elif kind in _SPACES:
                add(" ")
            elif kind in _PROSE_BREAKS:
                depth += child.nesting if kind in _LINK_ENDS else 0
                add("\n")
        add("\n")
    return "\n".join(" ".join(p.split()) for p in "".join(parts).split("\n") if p.strip())


def strip_paragraph(html: str) -> str:
    html = html.strip()
    if html.startswith("<p>") and html.endswith("</p>"):
        return html[3:-4]
    return html
