"""Raw HTML blocks in notes, sanitised: the elements vaults write that are safe to show
(`<details>`, `<div align=center>`, HTML tables, `<img width>`, `<a href>`) rebuilt from an
allowlist, their text escaped; an `<iframe>` a link to what it would frame; what could run or
load something (`<script>`, `<style>`, `<object>`, `<svg>`, …) left out with what it holds; any
other tag left out, its text kept. Nothing of the note's HTML reaches the page as written.

A block's HTML is read with the standard library's parser (html.parser) into pieces: safe HTML,
and the links and images the note's own files may answer (a LinkRef made when the block is
rendered, so links keep their order in the note). An element a block leaves open (a `<details>`
whose summary is followed by markdown) stays open across the blocks after it, until its closing
tag, the end of the markdown element holding it, or the end of the note (mark_raw_html)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from html.parser import HTMLParser

from markdown_it.rules_block import StateBlock
from markdown_it.rules_block.html_block import html_block
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

# tag -> the attributes kept (their values escaped); a tag not here is left out, its text kept
ALLOWED: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        ("div", "p", "section", "blockquote", "figure", "figcaption", "summary", "pre", "code"),
        (),
    ),
    **dict.fromkeys(("table", "thead", "tbody", "tfoot", "tr", "caption"), ()),
    **dict.fromkeys(("th", "td"), ("colspan", "rowspan")),
    **dict.fromkeys(("ul", "dl", "dt", "dd", "li", "hr", "br", "wbr"), ()),
    **dict.fromkeys(("h1", "h2", "h3", "h4", "h5", "h6"), ()),
    **dict.fromkeys(("b", "i", "u", "s", "em", "strong", "mark", "small", "sub", "sup"), ()),
    **dict.fromkeys(("kbd", "samp", "var", "cite", "q", "del", "ins", "dfn"), ()),
    "abbr": ("title",),
    "ol": ("start", "reversed"),
    "details": ("open",),
}
RENAMED = {"center": "div", "big": "strong", "strike": "s", "tt": "code"}
# an image's tags: `<image>` is read as `<img>` by HTML's parser, as browsers show it (Jay
# Alammar's Jekyll posts, jalammar/jalammar.github.io, draw their 219 figures so)
IMAGE_TAGS = frozenset(("img", "image"))
VOID = frozenset(
    ("br", "hr", *IMAGE_TAGS, "wbr", "source", "track", "input", "meta", "link", "col")
)
# left out with all they hold: they run, style, load or frame something, or hold no text (not
# `<picture>`, which only offers its `<img>` other sources, `<source srcset>`: its tags are left
# out and the image it holds shown, as GitHub shows a README's image for dark and light themes)
DROPPED = frozenset(
    (
        *("script", "style", "template", "noscript", "textarea", "select", "button", "object"),
        *("embed", "applet", "frame", "frameset", "iframe", "head", "title", "svg", "math"),
        *("canvas", "audio", "video", "map", "form"),
    )
)
# HTML's own elements: a line starting with any other tag (`<Equation n="2">`, a site's component,
# `<T>` in prose) starts no HTML block, so the markdown after it is read as markdown
KNOWN = frozenset(
    (
        *ALLOWED, *RENAMED, *VOID, *DROPPED, "a", "img", "span", "font", "html", "body", "nav",
        "picture", "header", "footer", "main", "article", "aside", "address", "fieldset", "legend", "label",
        "option", "optgroup", "colgroup", "dialog", "menu", "search", "param", "base", "basefont",
        "dir", "noframes", "meter", "progress", "output", "data", "time", "ruby", "rt", "rp",
        "bdi", "bdo", "slot", "portal", "hgroup", "marquee", "blink", "nobr", "xmp",
    )
)  # fmt: skip
_FIRST_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9-]*)")
_NUMBER = re.compile(r"\d{1,5}")
# an image's width or height as browsers read one: pixels, `360` or `360px` (`360.5` is 360); a
# percentage is no size of the image's own
_PIXELS = re.compile(r"(\d{1,5})(?:\.\d*)?\s*(?:px)?", re.I)
SAFE_SCHEME = re.compile(r"(?:https?|mailto):", re.I)
# a data: URL of a raster image: the one data: URL an image may have (parser.is_allowed_link too)
RASTER_DATA = r"data:image/(?:gif|png|jpeg|webp);"
RASTER_URL = re.compile(RASTER_DATA, re.I)
_SCHEME = re.compile(r"[a-z][a-z0-9+.-]*:", re.I)
_INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")  # what a browser ignores inside a URL's scheme


@dataclass(frozen=True, slots=True)
class RawLink:
    """A link or an image of the note's raw HTML, made a LinkRef when the block is rendered:
    `href` as written, the `label` (an image's `alt|width` as ![[…]] writes it), its line."""

    href: str
    line: int
    label: str = ""
    image: bool = False


Piece = str | RawLink


def url_of(value: str, image: bool) -> str:
    """The URL an attribute names, when it may be shown: a path of the note's, http(s), mailto
    (and an image's a data: URL of a raster image); "" for any other scheme."""
    url = value.strip()
    bare = _INVISIBLE.sub("", url)
    if SAFE_SCHEME.match(bare) or (image and RASTER_URL.match(bare)):
        return url
    return "" if _SCHEME.match(bare) or not url else url


class LenientHTMLParser(HTMLParser):
    """The standard library's HTML parser, never raising on what a note or an export may hold:
    a malformed `<![…` (which it rejects with an AssertionError) is read as text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)

    def parse_html_declaration(self, i: int) -> int:
        try:
            return super().parse_html_declaration(i)
        except AssertionError:  # `<![` and no marked section's keyword: text, as a browser reads it
            self.handle_data(self.rawdata[i : i + 3])
            return i + 3


class Sanitiser(LenientHTMLParser):
    """One raw HTML block as pieces, given the elements earlier blocks left open (`open`, the
    innermost last), which it may close; the ones it leaves open are in `open` after it."""

    def __init__(self, line: int, open_tags: list[str]) -> None:
        super().__init__()
        self.line, self.open = line, open_tags
        self.pieces: list[Piece] = []
        self.dropping: list[str] = []  # the DROPPED elements being left out, innermost last

    def emit(self, piece: Piece) -> None:
        if not self.dropping:
            self.pieces.append(piece)

    def here(self) -> int:
        return self.line + self.getpos()[0] - 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if self.dropping or tag in DROPPED:
            if (
                tag == "iframe"
                and not self.dropping
                and (src := url_of(values.get("src", ""), False))
            ):
                self.pieces.append(
                    f'<a class="external-embed" href="{escape(src)}">{escape(src, False)}</a>'
                )
            if tag not in VOID:
                self.dropping.append(tag)
            return
        if tag in IMAGE_TAGS:
            self.image(values)
        elif tag == "a":
            self.anchor(values)
        elif (name := RENAMED.get(tag, tag)) in ALLOWED:
            self.emit(f"<{name}{allowed_attributes(name, values)}{aligned(tag, values)}>")
            if tag not in VOID:
                self.open.append(name)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.dropping:
            if tag == self.dropping[-1]:
                self.dropping.pop()
            return
        name = RENAMED.get(tag, tag)
        if name in self.open:
            while self.open:
                closing = self.open.pop()
                self.emit(f"</{closing}>")
                if closing == name:
                    break

    def handle_data(self, data: str) -> None:
        self.emit(escape(data, quote=False))

    def image(self, values: dict[str, str]) -> None:
        src = url_of(values.get("src", ""), True)
        width, height = (
            m.group(1) if (m := _PIXELS.fullmatch(values.get(a, "").strip())) else ""
            for a in ("width", "height")
        )
        size = f"|{width}x{height}" if width and height else (f"|{width}" if width else "")
        if src:
            self.emit(RawLink(src, self.here(), f"{values.get('alt', '')}{size}", image=True))

    def anchor(self, values: dict[str, str]) -> None:
        href = url_of(values.get("href", ""), False)
        if href:  # else the tag is left out, and its end tag closes nothing
            self.emit(RawLink(href, self.here()))
            self.open.append("a")


class StartTag(LenientHTMLParser):
    """The attributes of one start tag, their character references read."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.values = {name: value or "" for name, value in attrs}


def start_tag_values(tag: str) -> dict[str, str]:
    """The attributes of a start tag as written in a note (`<abbr title="…">`): name -> value."""
    reader = StartTag()
    reader.feed(tag)
    reader.close()
    return reader.values


def allowed_attributes(tag: str, values: dict[str, str]) -> str:
    """The attributes an allowed element keeps (ALLOWED: `<abbr title>`, `<td colspan>`), of
    those it has, as HTML; no other (a class, a style)."""
    return "".join(attribute(a, values[a]) for a in ALLOWED.get(tag, ()) if a in values)


def aligned(tag: str, values: dict[str, str]) -> str:
    """`<center>`, `<div align="center">`, `<p align="right">`: a class of the theme's (its
    `align` attribute, like `style`, is never kept)."""
    side = "center" if tag == "center" else values.get("align", "").strip().lower()
    return (
        f' class="align-{side}"'
        if side in ("center", "right") and tag in ("center", "div", "p")
        else ""
    )


def attribute(name: str, value: str) -> str:
    """A kept attribute: a number where one is meant, else a flag's name or escaped text."""
    if name in ("colspan", "rowspan", "start"):
        return f' {name}="{value.strip()}"' if _NUMBER.fullmatch(value.strip()) else ""
    if name in ("open", "reversed"):
        return f" {name}"
    return f' {name}="{escape(value)}"'


# what a block may leave open around the markdown after it (`<details>`, then its text)
CONTAINERS = frozenset(("details", "div", "section", "blockquote", "figure"))


def sanitise(html: str, line: int, open_tags: list[str]) -> list[Piece]:
    """A raw HTML block (starting at `line`) as pieces; `open_tags` is updated (mark_raw_html):
    what it leaves open but a container is closed at its end."""
    parser = Sanitiser(line, open_tags)
    parser.feed(html)
    parser.close()
    while open_tags and open_tags[-1] not in CONTAINERS:
        parser.pieces.append(f"</{open_tags.pop()}>")
    return parser.pieces


def known_html_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it's HTML block, of HTML's own elements (and comments, declarations) only. Asked
    at every line of every paragraph (whether it ends it), it reads no further on one that does
    not start with `<`."""
    pos = state.bMarks[start] + state.tShift[start]
    if not state.src.startswith("<", pos):
        return False
    tag = _FIRST_TAG.match(state.src, pos, state.eMarks[start])
    if tag is not None and tag.group(1).lower() not in KNOWN:
        return False
    return html_block(state, start, end, silent)


def mark_raw_html(state: StateCore) -> None:
    """Each html_block's pieces (its meta), the elements left open closed where the markdown
    element holding them ends (or the note does), in a block of closing tags of their own. A note
    with no HTML block (most) is not walked."""
    if not any(token.type == "html_block" for token in state.tokens):
        return
    tokens: list[Token] = []
    scopes: list[list[str]] = [[]]  # the raw elements open in each markdown element, innermost last
    for token in state.tokens:
        if token.nesting == -1 and len(scopes) > 1:
            tokens += closing_block(scopes.pop())
        if token.type == "html_block":
            line = token.map[0] + 1 if token.map else 0
            token.meta = {**(token.meta or {}), "pieces": sanitise(token.content, line, scopes[-1])}
        tokens.append(token)
        if token.nesting == 1:
            scopes.append([])
    state.tokens = tokens + [t for scope in reversed(scopes) for t in closing_block(scope)]


def closing_block(open_tags: list[str]) -> list[Token]:
    if not open_tags:
        return []
    token = Token("html_block", "", 0, block=True)
    token.meta = {"pieces": [f"</{tag}>" for tag in reversed(open_tags)]}
    return [token]


def render_block(pieces: list[Piece], link: Callable[[RawLink], str]) -> str:
    """The block's HTML: its links and images as `link` makes them."""
    html = "".join(p if isinstance(p, str) else link(p) for p in pieces).strip("\n")
    return f"{html}\n" if html else ""
