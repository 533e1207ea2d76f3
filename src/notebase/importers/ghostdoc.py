"""Ghost's editor documents -> the HTML Ghost shows for them (pure), for a post an export holds
only in its editor's format: Mobiledoc (Ghost 1 to 4: sections of text markers, atoms and cards)
and Lexical (Ghost 5: a tree of nodes, its cards among them).

The HTML is then read as a post's stored HTML is (htmlmd), so it is made safe as that is: a card
of raw HTML keeps no script, a `javascript:` link no URL. A markdown card is rendered as Ghost
renders it (markdown-it, raw HTML and line breaks kept, footnotes), so a post reads the same
whether its export holds its HTML or only its document.

The cards Ghost's editors make are drawn as Ghost draws them, less their styling: markdown, html,
image, code, embed (the text its HTML holds, a tweet's quote, and a link to what it shows),
bookmark (its title linked, its description, publisher and author), gallery, callout, toggle, button,
file, audio and video (a link), a rule; a card of another name is kept as the text and links its
payload holds, and named (Rendered.unknown) so the post can be told of it."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from notebase.importers.htmlmd import LexborHTMLParser, LexborNode, attr, plain_text
from notebase.importers.structured import safe_url
from notebase.markdown.parser import platform_html
from notebase.reading.sourcerefs import normalize_url
from notebase.reading.vaultjson import NotJson, parse_json

__all__ = ["Rendered", "card_html", "editor_html", "lexical_html", "mobiledoc_html"]


@dataclass(frozen=True, slots=True)
class Rendered:
    """A post's document as HTML, the cards (and atoms) of it read as their bare text, by name,
    and why a document could not be read at all ('' when it could)."""

    html: str = ""
    unknown: tuple[str, ...] = ()
    problem: str = ""


@dataclass(slots=True)
class Found:
    """What rendering a document met: the names of the cards it did not know."""

    unknown: list[str] = field(default_factory=list)


def editor_html(post: dict[str, Any]) -> Rendered:
    """The post's HTML from its Lexical document, else from its Mobiledoc (the first that holds
    any); when neither does, the first as it was read (why it could not be, if so)."""
    readers: tuple[tuple[str, Callable[[dict[str, Any], Found], str]], ...] = (
        ("lexical", lexical_root),
        ("mobiledoc", mobiledoc_html),
    )
    done = [
        read_document(post[name], name, render)
        for name, render in readers
        if post.get(name) not in (None, "")
    ]
    return next((d for d in done if d.html.strip()), done[0] if done else Rendered())


def read_document(
    stored: object, name: str, render: Callable[[dict[str, Any], Found], str]
) -> Rendered:
    """One stored document (JSON in a string, as Ghost keeps it) rendered, or why it was not."""
    doc = parse_json(stored) if isinstance(stored, str) else stored
    if isinstance(doc, NotJson):
        return Rendered(problem=f"its {name} cannot be read: {doc.why}")
    if not isinstance(doc, dict):
        return Rendered(problem=f"its {name} is not a {name} document (no JSON object)")
    found = Found()
    try:
        html = render(doc, found)
    except RecursionError:
        return Rendered(problem=f"its {name} is nested too deep to read")
    return Rendered(html, tuple(dict.fromkeys(found.unknown)))


def items(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def text_of(value: object) -> str:
    return value if isinstance(value, str) else ""


# Mobiledoc's section kinds (markup, image, list, card) and the tags it may write
MARKUP_SECTION, IMAGE_SECTION, LIST_SECTION, CARD_SECTION = 1, 2, 3, 10
SECTION_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "blockquote"}
SECTION_ALIASES = {"aside": "blockquote", "pull-quote": "blockquote"}  # Ghost's alternate quote
MARKUP_TAGS = {"a", "b", "strong", "i", "em", "u", "s", "code", "sub", "sup"}
# HTML that is one paragraph (a callout's text, as Ghost 5's editor stores it)
_ONE_PARAGRAPH = re.compile(r"^\s*<p\b[^>]*>(?P<inner>(?:(?!<p\b).)*)</p>\s*$", re.S | re.I)


def mobiledoc_html(doc: dict[str, Any], found: Found) -> str:
    """A Mobiledoc document (0.2 or 0.3) as HTML, section by section."""
    out = []
    for section in items(doc.get("sections")):
        kind = section[0] if isinstance(section, list) and section else None
        if kind == MARKUP_SECTION and len(section) >= 3:
            tag = str(section[1]).lower()
            tag = tag if tag in SECTION_TAGS else SECTION_ALIASES.get(tag, "p")
            out.append(f"<{tag}>{markers_html(section[2], doc, found)}</{tag}>")
        elif kind == IMAGE_SECTION and len(section) >= 2:
            out.append(card_html("image", {"src": section[1]}, found))
        elif kind == LIST_SECTION and len(section) >= 3:
            tag = "ol" if str(section[1]).lower() == "ol" else "ul"
            lis = "".join(f"<li>{markers_html(m, doc, found)}</li>" for m in items(section[2]))
            out.append(f"<{tag}>{lis}</{tag}>")
        elif kind == CARD_SECTION and len(section) >= 2:
            card = item_at(doc.get("cards"), section[1])
            payload = card[1] if len(card) > 1 and isinstance(card[1], dict) else {}
            out.append(card_html(text_of(card[0]) if card else "", payload, found))
    return "".join(out)


def item_at(listed: object, index: object) -> list[Any]:
    """The list at `index` in `listed` (a document's cards, atoms or markups); [] for none."""
    values = items(listed)
    ok = isinstance(index, int) and 0 <= index < len(values)
    return items(values[index]) if ok and isinstance(index, int) else []


def markers_html(markers: object, doc: dict[str, Any], found: Found) -> str:
    """A section's markers as inline HTML: each opens the markups it names, shows its text (or
    its atom), then closes as many of the open markups as it says."""
    old = str(doc.get("version") or "").startswith("0.2")  # markers without their kind
    out: list[str] = []
    open_tags: list[str] = []
    for marker in items(markers):
        fields = [0, *items(marker)] if old else items(marker)
        kind, opens, closes, value = [*fields, None, None, None, None][:4]
        for index in items(opens):
            tag, start = markup_open(item_at(doc.get("markups"), index))
            open_tags.append(tag)
            out.append(start)
        out.append(atom_html(item_at(doc.get("atoms"), value), found) if kind == 1 else "")
        out.append(escape(text_of(value), quote=False) if kind == 0 else "")
        for _ in range(min(closes if isinstance(closes, int) else 0, len(open_tags))):
            out.append(f"</{open_tags.pop()}>")
    out.extend(f"</{tag}>" for tag in reversed(open_tags))
    return "".join(out)


def markup_open(markup: Sequence[Any]) -> tuple[str, str]:
    """A markup's tag and its opening (`<a href="…">`); one Ghost does not write is a span."""
    tag = str(markup[0]).lower() if markup else ""
    if tag not in MARKUP_TAGS:
        return "span", "<span>"
    attrs = items(markup[1]) if len(markup) > 1 else []
    named = dict(zip(attrs[::2], attrs[1::2], strict=False))
    if tag == "a":
        return "a", f'<a href="{escape(text_of(named.get("href")))}">'
    return tag, f"<{tag}>"


def atom_html(atom: Sequence[Any], found: Found) -> str:
    """An atom: Ghost's soft return a line break; another its text, named as not known."""
    name = text_of(atom[0]) if atom else ""
    if name == "soft-return":
        return "<br>"
    found.unknown.append(f"atom {name}" if name else "atom")
    return escape(text_of(atom[1]) if len(atom) > 1 else "", quote=False)


# Lexical's text formats (a bit each) and the HTML they stand for
FORMATS = ((16, "code"), (1, "strong"), (2, "em"), (4, "s"), (8, "u"), (32, "sub"), (64, "sup"))
LEXICAL_TAGS = {"paragraph": "p", "quote": "blockquote", "aside": "blockquote", "listitem": "li"}
LEXICAL_TAGS |= {"extended-quote": "blockquote"}
# a Lexical card's name, and its fields' names, as Mobiledoc's are (one card table for both)
LEXICAL_CARDS = {"codeblock": "code", "horizontalrule": "hr"}


def lexical_root(doc: dict[str, Any], found: Found) -> str:
    return lexical_html(doc.get("root"), found)


def lexical_html(node: object, found: Found) -> str:
    """A Lexical node (a post's `root`) as the HTML Ghost shows for it: text, links, headings,
    lists, quotes, and its cards (card_html)."""
    if not isinstance(node, dict):
        return ""
    kind = text_of(node.get("type"))
    inner = "".join(lexical_html(c, found) for c in items(node.get("children")))
    if kind in ("text", "extended-text"):
        text = escape(text_of(node.get("text")), quote=False)
        fmt = node["format"] if isinstance(node.get("format"), int) else 0
        for bit, tag in FORMATS:
            text = f"<{tag}>{text}</{tag}>" if fmt & bit else text
        return text
    if kind == "link":
        return f'<a href="{escape(text_of(node.get("url")))}">{inner}</a>'
    if kind in ("heading", "extended-heading", "list"):
        tag = text_of(node.get("tag")) or ("ol" if node.get("listType") == "number" else "ul")
        tag = tag if tag in ("h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol") else "p"
        return f"<{tag}>{inner}</{tag}>"
    if kind in LEXICAL_TAGS:
        return f"<{LEXICAL_TAGS[kind]}>{inner}</{LEXICAL_TAGS[kind]}>"
    if kind in ("root", ""):
        return inner
    if kind == "linebreak":
        return "<br>"
    if kind == "tab":
        return "\t"
    payload = dict(node, type=node.get("embedType")) if kind == "embed" else node
    return card_html(LEXICAL_CARDS.get(kind, kind), payload, found)


def link_html(url: object, text: object = "") -> str:
    """A link to `url` (http(s) only: '' for another) shown as `text`, else as the URL."""
    href = safe_url(text_of(url))
    shown = text_of(text).strip() or href
    return f'<p><a href="{escape(href)}">{escape(shown, quote=False)}</a></p>' if href else ""


def caption_html(payload: dict[str, Any]) -> str:
    caption = text_of(payload.get("caption"))  # HTML, as Ghost stores it
    return f"<figcaption>{caption}</figcaption>" if caption.strip() else ""


def image_html(image: dict[str, Any]) -> str:
    src = text_of(image.get("src"))
    if not src:
        return ""
    title = text_of(image.get("title"))
    titled = f' title="{escape(title)}"' if title else ""
    img = f'<img src="{escape(src)}" alt="{escape(text_of(image.get("alt")))}"{titled}>'
    href = text_of(image.get("href"))
    return f'<a href="{escape(href)}">{img}</a>' if href else img


def code_html(payload: dict[str, Any]) -> str:
    lang = escape(text_of(payload.get("language")))
    code = escape(text_of(payload.get("code")), quote=False)
    named = f' class="language-{lang}"' if lang else ""
    return f"<figure><pre><code{named}>{code}</code></pre>{caption_html(payload)}</figure>"


def gallery_html(payload: dict[str, Any]) -> str:
    shown = "".join(
        f"<p>{image_html(i)}</p>" for i in items(payload.get("images")) if isinstance(i, dict) and i
    )
    return f"<figure>{shown}{caption_html(payload)}</figure>" if shown else ""


def metadata_of(payload: dict[str, Any], name: str) -> str:
    """A field of a card's `metadata` (what Ghost read of the page it shows), as text."""
    meta = payload.get("metadata")
    return text_of(meta.get(name)).strip() if isinstance(meta, dict) else ""


def metadata_title(payload: dict[str, Any]) -> str:
    return metadata_of(payload, "title")


def callout_html(payload: dict[str, Any]) -> str:
    """A callout as a quote, its emoji leading its text (HTML: inline, or one paragraph or more)."""
    emoji = escape(text_of(payload.get("calloutEmoji")), quote=False)
    text = text_of(payload.get("calloutText"))
    if not (text.strip() or emoji):
        return ""
    one = _ONE_PARAGRAPH.match(text)
    if one or "<p" not in text.lower():
        return f"<blockquote><p>{emoji} {one['inner'] if one else text}</p></blockquote>"
    return f"<blockquote><p>{emoji}</p>{text}</blockquote>"


def toggle_html(payload: dict[str, Any]) -> str:
    heading = text_of(payload.get("heading"))  # HTML, as its content is
    return f"<p><strong>{heading}</strong></p>{text_of(payload.get('content'))}"


def markdown_card(payload: dict[str, Any]) -> str:
    return platform_html(text_of(payload.get("markdown")))


def figure_html(payload: dict[str, Any]) -> str:
    shown = image_html(payload)
    return f"<figure>{shown}{caption_html(payload)}</figure>" if shown else ""


def embed_tree(embedded: str) -> LexborHTMLParser | None:
    """An embed's HTML parsed, when it holds a quote or a frame (read once for both); else None."""
    lower = embedded.lower()
    return LexborHTMLParser(embedded) if "<blockquote" in lower or "<iframe" in lower else None


def embedded_quote(tree: LexborHTMLParser | None) -> LexborNode | None:
    """The first quote holding text in an embed's HTML (a tweet's `<blockquote>`, as its site's
    oEmbed writes it before the script that draws it); None for none (a video's frame)."""
    quotes = tree.css("blockquote") if tree is not None else []
    return next((q for q in quotes if plain_text(q)), None)


def frame_title(tree: LexborHTMLParser | None) -> str:
    """The title of the frame an embed's HTML shows (a video's `<iframe title=…>`), else ''."""
    frame = tree.css_first("iframe[title]") if tree is not None else None
    return " ".join(attr(frame, "title").split()) if frame is not None else ""


def links_to(node: LexborNode, url: str) -> bool:
    """Whether the node links to `url` (as normalize_url compares them: a tweet's quote links
    its own page, `?ref_src=…` after it)."""
    key = normalize_url(url)
    return any(normalize_url(attr(a, "href")) == key for a in node.css("a[href]"))


def embed_html(payload: dict[str, Any]) -> str:
    """An embed card: the text its HTML holds (a tweet's quote, read as any post's HTML is, so
    made safe as that is), then a link to what it shows, titled by Ghost's metadata or the
    frame's own title (none when the quote links it already); an embed of HTML alone, that."""
    embedded = text_of(payload.get("html"))
    tree = embed_tree(embedded)
    found = embedded_quote(tree)
    quote = (found.html or "") if found is not None else ""
    url = safe_url(text_of(payload.get("url")))
    link = link_html(url, metadata_title(payload) or frame_title(tree))
    linked = found is not None and bool(url) and links_to(found, url)
    shown = quote + ("" if linked else link)
    if not shown and embedded:
        shown = closed_html(embedded)  # an embed of HTML alone: made safe as any
    return f"<figure>{shown}{caption_html(payload)}</figure>" if shown else ""


def bookmark_html(payload: dict[str, Any]) -> str:
    """A bookmark card as Ghost shows one: its title linked, the page's description under it,
    then its publisher and author (`Publisher • Author`), and the card's caption."""
    shown = link_html(payload.get("url"), metadata_title(payload))
    if not shown:
        return ""
    byline = " • ".join(
        n for n in (metadata_of(payload, "publisher"), metadata_of(payload, "author")) if n
    )
    said = (metadata_of(payload, "description"), byline)
    shown += "".join(f"<p>{escape(t, quote=False)}</p>" for t in said if t)
    return f"<figure>{shown}{caption_html(payload)}</figure>"


def media_html(payload: dict[str, Any]) -> str:
    """A file, an audio or a video card: a link to its file, named by its title or file name."""
    name = payload.get("fileTitle") or payload.get("title") or payload.get("fileName")
    return link_html(payload.get("src"), name)


def raw_html_card(payload: dict[str, Any]) -> str:
    return closed_html(text_of(payload.get("html")))  # cleaned with the post's HTML


def closed_html(card: str) -> str:
    """A card's own HTML as a parser reads it alone: each element it leaves open (an `<iframe>`
    never closed, whose text runs on as a browser reads it) closed at the card's end, so that it
    does not swallow the cards after it."""
    body = LexborHTMLParser(card).body if "<" in card else None
    return card if body is None else body.inner_html or ""


def button_html(payload: dict[str, Any]) -> str:
    return link_html(payload.get("buttonUrl"), payload.get("buttonText"))


CARDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "markdown": markdown_card,
    "card-markdown": markdown_card,  # Ghost 1's name for it
    "html": raw_html_card,
    "card-html": raw_html_card,  # Ghost 1's name for it
    "image": figure_html,
    "code": code_html,
    "embed": embed_html,
    "bookmark": bookmark_html,
    "gallery": gallery_html,
    "callout": callout_html,
    "toggle": toggle_html,
    "button": button_html,
    "file": media_html,
    "audio": media_html,
    "video": media_html,
    "hr": lambda p: "<hr>",
    "paywall": lambda p: "",  # where the members-only part starts: nothing to show
}
# the fields of an unknown card that hold what it says (its text; its links: is_link_field)
TEXT_FIELDS = ("title", "heading", "header", "subheader", "text", "caption", "description")


def is_link_field(name: str) -> bool:
    return name in ("src", "href") or name.lower().endswith("url")  # url, buttonUrl


def card_html(name: str, payload: dict[str, Any], found: Found) -> str:
    """A card as HTML; one not known is its payload's text and links, its name told."""
    draw = CARDS.get(name)
    if draw is not None:
        return draw(payload)
    found.unknown.append(name or "unnamed card")
    texts = [text_of(payload.get(f)).strip() for f in TEXT_FIELDS]
    shown = "".join(f"<p>{escape(t, quote=False)}</p>" for t in texts if t)
    links = [v for k, v in payload.items() if is_link_field(k) and safe_url(text_of(v))]
    return shown + "".join(link_html(url) for url in links)
