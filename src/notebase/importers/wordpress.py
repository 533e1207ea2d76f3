"""WordPress's export (WXR: RSS 2.0 with `wp:` fields): which items are posts, and their content
as WordPress shows it, from the text it stores (pure).

WordPress stores a post as its editor wrote it: paragraphs apart by blank lines, lines by a line
break, `[code]` blocks; it adds the paragraphs when it shows the post (wpautop). The export holds
that text, and every attachment and menu item as an item too."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

WP = re.compile(r"^\{https?://wordpress\.org/export/[\d.]+/\}")  # https since about 2019
POSTS = ("post", "page")
DRAFTS = ("draft", "pending", "private", "future")
# blocks WordPress leaves as they are, not made paragraphs
_BLOCK = re.compile(
    r"^\s*<(?:(?:p|div|ul|ol|li|pre|blockquote|h[1-6]|table|figure|hr|dl|section|address)\b|!--)",
    re.I,
)
# what is shown as it is stored, no paragraphs made in it: a `[code]` block (as code) and a `<pre>`
_KEPT = re.compile(
    r"\[(?P<tag>code|sourcecode)(?P<attrs>[^\]]*)\](?P<code>.*?)\[/(?P=tag)\]|<pre\b.*?</pre\s*>",
    re.S | re.I,
)
# the block editor's markup (`<!-- wp:paragraph -->`): WordPress makes no paragraphs of a post
# holding it (do_blocks turns wpautop off, as has_blocks tells)
BLOCK_MARK = "<!-- wp:"
_LANG = re.compile(r"\b(?:language|lang)\s*=\s*[\"']?(?P<lang>[\w+#.-]+)", re.I)
_CAPTION = re.compile(r"\[caption[^\]]*\](?P<body>.*?)\[/caption\]", re.S | re.I)


def wp_field(item: ET.Element, name: str) -> str:
    """The text of the item's `wp:name` field, whatever the export's version ('' without)."""
    for child in item:
        if WP.match(child.tag) and child.tag.rsplit("}", 1)[1] == name:
            return (child.text or "").strip()
    return ""


def is_export(items: list[ET.Element]) -> bool:
    """Whether the items are WordPress's (they say their post type)."""
    return any(
        WP.match(child.tag) and child.tag.endswith("}post_type") for i in items for child in i
    )


def item_role(item: ET.Element) -> str:
    """'post', 'draft' (imported as a draft), or what the item is instead, which is left out
    ('attachment', 'nav_menu_item', 'trash', ...)."""
    kind, status = wp_field(item, "post_type"), wp_field(item, "status")
    if kind and kind not in POSTS:
        return kind
    if status in DRAFTS:
        return "draft"
    return "post" if status in ("publish", "") else status


def shown_html(stored: str) -> str:
    """A post's stored text as the HTML WordPress shows: its `[code]` blocks as code, its
    `[caption]`s as figures, the rest made paragraphs and line breaks (but in a `<pre>`, and in
    a post of the block editor, whose blocks are HTML as they are shown: a gallery's and an
    image's captions, a cover's text, a pullquote, a verse's lines)."""
    shown = captions if BLOCK_MARK in stored else paragraphs
    parts, start = [], 0
    for m in _KEPT.finditer(stored):
        kept = code_html(m["code"], m["attrs"]) if m["tag"] else m.group(0)
        parts += [shown(stored[start : m.start()]), kept]
        start = m.end()
    parts.append(shown(stored[start:]))
    return "\n".join(p for p in parts if p)


def code_html(code: str, attrs: str) -> str:
    lang = m.group("lang").lower() if (m := _LANG.search(attrs)) else ""
    cls = f' class="language-{lang}"' if lang else ""
    text = html.escape(html.unescape(code.strip("\n")), quote=False)
    return f"<pre><code{cls}>{text}</code></pre>"


def paragraphs(text: str) -> str:
    """wpautop's part that matters here: blocks apart by blank lines become paragraphs (their
    lines apart by line breaks) unless they are HTML blocks already."""
    blocks = (b.strip() for b in re.split(r"\n\s*\n", captions(text)))
    return "\n".join(
        b if _BLOCK.match(b) else f"<p>{b.replace(chr(10), '<br>' + chr(10))}</p>"
        for b in blocks
        if b
    )


def captions(text: str) -> str:
    """The text's `[caption]`s as figures, its line ends made `\\n`."""
    return _CAPTION.sub(figure, text.replace("\r\n", "\n"))


def figure(m: re.Match[str]) -> str:
    """`[caption …]<img …> The caption[/caption]` as a figure."""
    body = m.group("body")
    end = body.rfind(">") + 1
    return f"<figure>{body[:end]}<figcaption>{body[end:].strip()}</figcaption></figure>"
