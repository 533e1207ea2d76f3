"""HTML -> safe markdown, from the markup's own structure: the one home of selectolax (pure).

Text is escaped as it is read, so no tag, entity or markdown syntax of the page reaches a note
unescaped; links and images keep only absolute http(s) URLs (relative ones are resolved against
the page's address when it is known)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape

from selectolax.lexbor import LexborHTMLParser, LexborNode

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.importers.markup import escape_line_start
from notebase.importers.structured import escape_text, safe_url
from notebase.markdown.parser import unsized_words
from notebase.reading.sourcerefs import join_url, url_parts

__all__ = ["Context", "LexborHTMLParser", "LexborNode", "blocks_of", "fragment_markdown"]

CHROME = ["script", "style", "noscript", "template", "form", "button", "input", "select"]
CHROME += ["textarea", "iframe", "object", "embed", "svg", "canvas", "nav", "aside", "dialog"]
# readers' comments (WordPress themes: `.comments-area`, and `.commentlist` in older ones)
COMMENTS = "#comments, .comments, .comments-area, .comment-list, .commentlist, #respond"
COMMENTS += ", .comment-respond"
# the trail of links to the page's sections above its title (Blog › Insights › the post)
TRAILS = ".breadcrumb, .breadcrumbs, [itemtype*='schema.org/BreadcrumbList']"
# Jetpack's blocks under a WordPress post: its likes ("Like this: Like Loading...") and sharing
TRAILS += ", .sharedaddy, #jp-post-flair, .jetpack-likes-widget-wrapper"
# a link sharing the page on another site, a share button (the page's address in its query):
# Twitter's and Threads' intents, Facebook's sharer, LinkedIn's shareArticle, Hacker News'
# submitlink, Blogger's share-post.g, Pinterest's pin/create, Reddit's submit, WhatsApp's send,
# Jetpack's `?share=twitter`
_SHARE_HREF = re.compile(
    r"/(?:sharer(?:\.php)?|share(?:Article|-post\.g|\.php)?|intent/(?:tweet|post|compose)"
    r"|submitlink|pin/create(?:/button)?)/?\?|reddit\.com/submit/?\?|[?&]share=|^whatsapp:",
    re.I,
)
SHARE_LABEL = 30  # the words of a block of share buttons besides theirs: "Share this article"
# a label set before a block of share buttons, as an element of its own (GitLab's "Share this
# article", "Share:", "Partager", "Compartir")
_SHARE_WORD = re.compile(r"\b(?:share|teilen|partager|compartir|compartilhe|condividi)\b", re.I)
# a newsletter's sign-up box: a form asking for an email address (or one a script fills in), and
# the words round it (its heading, "All fields required") up to these letters
SIGN_UP_TEXT = 120
SIGN_UP_DEPTH = 8  # elements round the form it may fill
# a block of links to the site's other posts, by its class: `related`, `related-posts`,
# Jetpack's `jp-relatedposts`, Minimal Mistakes' `page__related`, `module--related` (not a
# paper's `related-work` section)
_RELATED = re.compile(
    r"(?:^|[-_])related(?:[-_]?(?:posts?|articles?|content|stories|list|box|links|items))?(?:$|__)",
    re.I,
)
# a box of ads or of other pages, by a word of its classes or id: an ad slot (`ad-slot`, `ads`,
# `adsbygoogle`), a sponsor's, a promotion, Outbrain's and Taboola's (`trc_`) recommendations, what
# is recommended, trending or popular, a newsletter's box; not a block whose words say it holds the
# content (`post-ad`)
_WIDGET_WORDS = frozenset(
    ("ads", "adsbygoogle", "advert", "adverts", "advertisement", "advertising", "sponsor",
     "sponsors", "sponsored", "promo", "promos", "promoted", "promotion", "outbrain", "taboola",
     "recommended", "recommendations", "trending", "popular", "newsletter", "subscribe",
     "breadcrumb")
)  # fmt: skip
# a widget's words too short to tell alone: one of a page's generated class names (Medium's `ad`
# beside `ay`, `b`, `cy`) may be one; they count as part of a longer name (`js-stream-ad`)
_SHORT_WIDGET_WORDS = frozenset(("ad", "dfp", "trc"))
_FRAME_WORDS = frozenset(("footer",))  # the page's, when in no post nor main content
POST_WORDS = frozenset(("content", "article", "body", "main", "post", "entry", "story", "text"))
# the words of a class or id that say what the element is (widget_words)
_TELLING_WORDS = _WIDGET_WORDS | _SHORT_WIDGET_WORDS | _FRAME_WORDS | POST_WORDS
_NAME_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_NAME_PARTS = re.compile(r"[-_]+")
# what a page does not show (`hidden`; aria-hidden: a decoration, or KaTeX's visual copy of the
# MathML beside it) and its table of contents (the note gets one of its own)
UNSHOWN = '[hidden], [aria-hidden="true"], .toc, #toc, .table-of-contents, #TableOfContents'
UNSHOWN += ", .post-toc, .toc-container, #table-of-contents, .post-copyright"
# hidden by its own style (a saved page keeps what its scripts had hidden)
UNSHOWN += ', [style*="display:none" i], [style*="display: none" i]'
UNSHOWN += ', [style*="visibility:hidden" i], [style*="visibility: hidden" i]'
# the page's own header and footer, as elements or as the divs older sites and themes use
PAGE_FRAME = "header, footer, #header, #footer, #banner"
SITE_FRAME = (
    "#site-header, #site-footer, .site-header, .site-footer, [role=banner], [role=contentinfo]"
    # a sidebar, and the author's profile card beside the posts (Jekyll's Minimal Mistakes)
    ", #sidebar, .sidebar, [role=complementary], [itemtype*='schema.org/Person']"
)
# a header or footer in these is a post's, a quote's or a figure's own; one in the main content
# is the content's (a listing's `<main><header><h1>Archive</h1>`) unless it says it is the site's
POSTS_OWN = frozenset(("article", "blockquote", "figure"))
MAINS_OWN = POSTS_OWN | {"main"}
PAGE_TAGS = frozenset(("html", "body"))
_ID_OR_CLASS = re.compile(r"(?<![\w'\"/.-])(?P<mark>[#.])(?P<name>[\w-]+)")
HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
HEADINGS_CSS = ", ".join(HEADINGS)
MATH_SCRIPTS = 'script[type^="math/tex" i]'  # MathJax 2's TeX: kramdown's, the MathJax plugins'
NEVER_WIDGETS = MAINS_OWN | PAGE_TAGS | frozenset(HEADINGS)  # (is_widget)
HEADING_LINKS = ", ".join(f'{h} a[href^="#"]' for h in HEADINGS)
HEADING_ANCHORS = ", ".join(f"{h} a" for h in HEADINGS)
BLOCKS = frozenset(
    (*HEADINGS, "p", "div", "section", "main", "article", "ul", "ol", "li", "blockquote", "pre",
     "table", "hr", "figure", "figcaption", "dl", "dt", "dd", "details", "summary", "address",
     "center", "header", "footer", "body", "html")
)  # fmt: skip
_EMPHASIS = {"em": "*", "i": "*", "cite": "*", "dfn": "*", "strong": "**", "b": "**"}
_EMPHASIS |= {"del": "~~", "s": "~~", "strike": "~~"}
_CODE = ("code", "kbd", "samp", "tt")
# what only a table laying out the page holds in a cell: a heading, another table
LAYOUT_CONTENT = "h1, h2, h3, h4, h5, h6, table, pre, blockquote"
KEPT_INLINE = ("sub", "sup", "u", "mark")  # kept as tags: a note shows them (E = mc<sup>2</sup>)
_SPACE = re.compile(r"[ \t\r\n\f]+")
_NOTE_ID = re.compile(r"^(?:fn|footnote)[-:_]?(?P<label>[A-Za-z0-9][\w-]*)$")
# a `[` of a link's words (`[Redis] caching`), which would open a link of its own inside it and
# leave the words before it out; not an image's (`![`) nor one in code
_LINK_TEXT_OPENER = re.compile(r"(`+[^`]*?`+)|(?<![!\\])\[")
_BACKREF = re.compile(r"fnref|backref|reversefootnote|footnote-back", re.I)
_ARROW = re.compile(r"\s*↩[\ufe0e\ufe0f]?\s*$")
_LINE_NUMBERS = re.compile(r"[\d\s]*\d[\d\s]*")  # a code table's gutter: 1 2 3 …
_LANG_CLASS = re.compile(r"^(?:language|lang|highlight|brush)[-:](?P<lang>[A-Za-z0-9_+#.-]+)$")
_LEAD_DASH = re.compile(r"^\s*(?:—|―|–|--|~)\s*")
_LIST_START = re.compile(r"^(?:-|\d+\.) ")
HARD_BREAK = "\\\n"
MAX_DEPTH = 100  # element nesting the converter follows; deeper elements are read as text


def any_case(selector: str) -> str:
    """The selector with its `#id`s and `.class`es matching them in any case, as a browser reads
    an old page (quirks mode): Daring Fireball's `<div id="Sidebar">`."""
    return _ID_OR_CLASS.sub(
        lambda m: f'[{"id=" if m["mark"] == "#" else "class~="}"{m["name"]}" i]', selector
    )


DROPPED = any_case(f"{COMMENTS}, {TRAILS}, {UNSHOWN}")
FRAMES = ((any_case(SITE_FRAME), POSTS_OWN), (any_case(PAGE_FRAME), MAINS_OWN))


@dataclass(frozen=True, slots=True)
class Context:
    """What converting one post needs: its address, its footnotes and what to leave out."""

    base: str = ""  # the address relative links resolve against ('' when unknown)
    # the site's root address when `base` was given by `notebase import --site`: a relative link
    # climbing above it is kept as its text
    root: str = ""
    notes: Mapping[str, str] = field(default_factory=dict)  # footnote element id -> label
    skip: frozenset[int] = frozenset()  # mem_ids of elements left out (title, footnote list)
    tex: bool = False  # the page typesets TeX (MathJax, KaTeX): any `$…$` in its text is math
    # the post's sections start at <h1> (its title is the note's): each heading goes a level down
    h1_sections: bool = False


def children(node: LexborNode) -> list[LexborNode]:
    return list(node.iter(include_text=True))


def attr(node: LexborNode, name: str) -> str:
    return (node.attributes.get(name) or "").strip()


def classes(node: LexborNode) -> list[str]:
    return attr(node, "class").split()


def plain_text(node: LexborNode) -> str:
    """The element's text, whitespace folded (no markup): titles, tags, attributions."""
    return " ".join(node.text(deep=True).split())


def first_text(node: LexborHTMLParser | LexborNode, selector: str) -> str:
    """The text (plain_text) of the first element `selector` finds in `node`; '' when none."""
    found = node.css_first(selector)
    return plain_text(found) if found is not None else ""


def first_attr(node: LexborHTMLParser | LexborNode, selector: str, name: str) -> str:
    """An attribute of the first element `selector` finds in `node`; '' when none."""
    found = node.css_first(selector)
    return attr(found, name) if found is not None else ""


def replaced(node: LexborNode, html: str) -> None:
    """`node` replaced by the first element of `html`."""
    made = LexborHTMLParser(html).css_first("body > *")
    if made is not None:
        node.insert_before(made)
    node.decompose()


def iframe_links(body: LexborNode) -> None:
    """Each embed (an iframe: a gist, a tweet, a video) as a link to it, which a page of notes
    shows (an exported post's iframe shows nothing without its platform's scripts)."""
    for frame in body.css("iframe[src]"):
        src = escape(attr(frame, "src"))
        replaced(frame, f'<p><a href="{src}">Embedded media</a></p>')


def prose_length(node: LexborNode) -> int:
    """The letters of the element's text outside its links, but for its headings' (a post's title
    links to its page; a river of links has few letters of its own)."""
    titles = {a.mem_id for a in node.css(HEADING_ANCHORS)}
    return len(plain_text(node)) - sum(
        len(plain_text(a)) for a in node.css("a") if a.mem_id not in titles
    )


def resolve(url: str, base: str, root: str = "") -> str:
    """An absolute http(s) URL for `url` (resolved against `base`), or ''; '' too for a relative
    URL climbing above the site's `root` (climbs_above)."""
    url = url.strip()
    if not url or url.startswith("#") or (root and climbs_above(url, base, root)):
        return ""
    return safe_url(join_url(base, url) if base else url)


def climbs_above(url: str, base: str, root: str) -> bool:
    """Whether a relative URL's `..` climb above the site's root: a path from the page's folder
    (`../../x.png`, from `base`) above the folder `root` names, or one from the host's root
    (`/../x`) above it; an absolute URL (`https://…`, `//host/…`) climbs nothing."""
    parts = url_parts(url)
    if parts.scheme or parts.netloc or url.startswith("//") or not parts.path:
        return False
    floor = 0 if parts.path.startswith("/") else len(folder_parts(url_parts(root).path))
    depth = 0 if parts.path.startswith("/") else len(folder_parts(url_parts(base).path))
    for segment in parts.path.split("/"):
        if segment == "..":
            depth -= 1
            if depth < floor:
                return True
        elif segment not in ("", "."):
            depth += 1
    return False


def folder_parts(path: str) -> list[str]:
    """The folders of a URL's path (`/a/b/page.html` and `/a/b/`: a, b)."""
    return [part for part in path.rsplit("/", 1)[0].split("/") if part]


def link_target(url: str) -> str:
    """A URL as a markdown link destination: `<…>` when it holds parentheses or spaces (a file's
    name, `my pic.png`)."""
    if "(" in url or ")" in url or any(c.isspace() for c in url):
        return "<" + url.replace("<", "%3C").replace(">", "%3E") + ">"
    return url


def wrap(text: str, mark: str) -> str:
    """`mark` around the text, its outer spaces kept outside (markdown emphasis needs that)."""
    core = text.strip()
    doubled = mark and core.startswith(mark) and core.endswith(mark)
    if not core or (doubled and not core.startswith(mark + mark[0])):
        return text  # empty, or already marked so (`<b><b>x</b></b>`)
    lead, trail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
    return f"{lead}{mark}{core}{mark}{trail}"


def code_span(text: str) -> str:
    text = " ".join(text.split())
    if not text:
        return ""
    fence = "`" * (max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def link(node: LexborNode, ctx: Context) -> str:
    """A footnote reference, a link with an http(s) target, or just its text."""
    href = attr(node, "href")
    if href.startswith("#") and href[1:] in ctx.notes:
        return f"[^{ctx.notes[href[1:]]}]"
    if _BACKREF.search(href if href.startswith("#") else "") or _BACKREF.search(
        attr(node, "class")
    ):
        return ""
    text = inline_of(node, ctx)
    target = resolve(href, ctx.base, ctx.root)
    if not target:
        return text
    core = text.strip()
    if not core:
        return (
            f"<{target}>"
            if ")" not in target
            else f"[{escape_text(target)}]({link_target(target)})"
        )
    lead, trail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
    core = _LINK_TEXT_OPENER.sub(lambda m: m.group(1) or "\\[", core)
    return f"{lead}[{core}]({link_target(target)}){trail}"


def image(node: LexborNode, ctx: Context) -> str:
    alt = escape_text(unsized_words(" ".join(attr(node, "alt").split())))
    src = resolve(attr(node, "src") or attr(node, "data-src"), ctx.base, ctx.root)
    return f"![{alt}]({link_target(src)})" if src else alt


# TeX as pages write it for MathJax or KaTeX to typeset: $$…$$, \[…\], \(…\) and $…$ (no space
# inside the dollars, no digit right after: "$5 and $10" is no pair)
_TEX = re.compile(
    r"\$\$(?P<dd>[^$]+?)\$\$|\\\[(?P<bd>.+?)\\\]|\\\((?P<pi>.+?)\\\)"
    r"|(?<![\\$\w])\$(?P<di>[^\s$](?:[^$]*?[^\s$\\])?)\$(?![\d$])"
)
_TEX_LIKE = re.compile(r"[\\^_{]|^[A-Za-z]$")  # a command, a script, a group, one letter
TEX_SCRIPTS = ("mathjax", "katex")


def uses_tex(tree: LexborHTMLParser) -> bool:
    """Whether the page loads MathJax or KaTeX (its scripts or style sheets)."""
    for node in tree.css("script, link[rel=stylesheet]"):
        said = f"{attr(node, 'src')} {attr(node, 'href')} {node.text()}".lower()
        if any(name in said for name in TEX_SCRIPTS):
            return True
    return False


def text_markdown(text: str, ctx: Context) -> str:
    """A text node as markdown: escaped, but for the TeX in it, kept as notebase math."""
    pieces, end = [], 0
    for found in _TEX.finditer(text):
        math = tex_markdown(found, ctx)
        if math:
            pieces += [escape_text(text[end : found.start()]), math]
            end = found.end()
    return "".join(pieces) + escape_text(text[end:])


def tex_markdown(found: re.Match[str], ctx: Context) -> str:
    """The math a match of _TEX is as markdown; "" when it is text (`$…$` that is not TeX on a
    page that typesets none), or cannot be written back as math."""
    display = found.group("dd") or found.group("bd")
    tex = display or found.group("pi") or found.group("di") or ""
    if found.group("di") is not None and not ctx.tex and not _TEX_LIKE.search(tex):
        return ""
    return math_markdown(tex, display is not None)


def math_element(node: LexborNode) -> str:
    """MathML (KaTeX's, beside its hidden visual copy) as its TeX when it carries it, else as
    TeX read from its presentation markup (MathJax's, a hand-written page's), else its text."""
    annotation = node.css_first('annotation[encoding="application/x-tex"]')
    tex = annotation.text(deep=True) if annotation is not None else mathml_tex(node)
    return math_markdown(tex, attr(node, "display") == "block") or escape_text(plain_text(node))


def mathml_tex(node: LexborNode) -> str:
    """Presentation MathML as TeX: its tokens as written, its layout elements as commands."""
    tag = node.tag or ""
    if tag in MATHML_TOKENS:
        return mathml_token(tag, plain_text(node))
    if tag in ("annotation", "annotation-xml", "mphantom", "mspace", "-comment"):
        return ""
    parts = [mathml_tex(c) for c in children(node) if c.tag != "-text"]
    if tag == "mfrac" and attr(node, "linethickness") in ("0", "0px"):
        tag = "binom"  # a fraction without its bar: a binomial coefficient
    if tag == "semantics":
        return parts[0] if parts else ""
    if tag == "mfenced":
        return f"{attr(node, 'open') or '('}{','.join(parts)}{attr(node, 'close') or ')'}"
    if tag == "mtable":
        return "\\begin{matrix}" + " \\\\ ".join(p for p in parts if p) + "\\end{matrix}"
    if tag == "mtr":
        return " & ".join(parts)
    if tag == "msqrt":
        return f"\\sqrt{{{' '.join(parts)}}}"
    if (layout := MATHML_LAYOUT.get(tag)) and len(parts) == len(set(_SLOT.findall(layout))):
        return _SLOT.sub(lambda m: parts[int(m.group(1))], layout)
    return " ".join(p for p in parts if p)


def mathml_token(tag: str, text: str) -> str:
    """A token (an identifier, number, operator or text) as TeX, its special characters escaped."""
    text = _TEX_SPECIAL.sub(
        lambda m: "\\backslash " if m.group(0) == "\\" else f"\\{m.group(0)}", text
    )
    if tag == "mtext" and text:
        return f"\\text{{{text}}}"
    return f"\\mathrm{{{text}}}" if tag == "mi" and len(text) > 1 else text


MATHML_TOKENS = ("mi", "mn", "mo", "mtext", "ms")
_TEX_SPECIAL = re.compile(r"[{}#%&_^$~\\]")
# a layout element's TeX, #i its i-th child's
MATHML_LAYOUT = {"msup": "{#0}^{#1}", "msub": "{#0}_{#1}", "msubsup": "{#0}_{#1}^{#2}"}
MATHML_LAYOUT |= {"munderover": "{#0}_{#1}^{#2}", "mfrac": "\\frac{#0}{#1}"}
MATHML_LAYOUT |= {"mroot": "\\sqrt[#1]{#0}", "munder": "\\underset{#1}{#0}"}
MATHML_LAYOUT |= {"mover": "\\overset{#1}{#0}", "binom": "\\binom{#0}{#1}"}
_SLOT = re.compile(r"#(\d)")


def math_markdown(tex: str, display: bool) -> str:
    """TeX as notebase math (`$…$`, `$$…$$`, its spaces folded); "" when it cannot be written so
    (empty, holding a `$`, or ending in a backslash that would escape the closing one)."""
    tex = " ".join(tex.split())
    if not tex or "$" in tex or tex.endswith("\\"):
        return ""
    return f"$${tex}$$" if display else f"${tex}$"


def inline_piece(node: LexborNode, ctx: Context) -> str:
    """One node of running text as markdown."""
    tag = node.tag or ""
    if tag == "-text":
        return text_markdown(_SPACE.sub(" ", node.text_content or ""), ctx)
    if tag == "math":
        return math_element(node)
    if tag.startswith("-") or node.mem_id in ctx.skip:
        return ""  # comments, doctype
    if tag in _EMPHASIS:
        return wrap(inline_of(node, ctx), _EMPHASIS[tag])
    if tag in _CODE:
        return code_span(node.text(deep=True))
    if tag == "br":
        return HARD_BREAK
    if tag == "img":
        return image(node, ctx)
    if tag == "a":
        return link(node, ctx)
    if tag == "q":
        return f"“{inline_of(node, ctx)}”"
    if tag in KEPT_INLINE:
        return kept_inline(tag, inline_of(node, ctx))
    if tag in BLOCKS:
        return f" {inline_of(node, ctx)} "
    return inline_of(node, ctx)


def kept_inline(tag: str, text: str) -> str:
    """`<sup>2</sup>`; a footnote's mark (`<sup>[^1]</sup>`) is the reference alone."""
    if not text.strip() or text.strip().startswith("[^"):
        return text
    return f"<{tag}>{text}</{tag}>"


def inline_of(node: LexborNode, ctx: Context) -> str:
    return "".join(inline_piece(child, ctx) for child in children(node))


def paragraph(text: str) -> list[str]:
    """Running text as one paragraph: spaces folded, hard breaks kept, line starts made inert."""
    lines = [" ".join(line.split()) for line in text.split("\n")]
    lines = [line for line in lines if line and line != "\\"]
    if lines and lines[-1].endswith("\\"):
        lines[-1] = lines[-1][:-1].rstrip()
    return ["\n".join(escape_line_start(line) for line in lines)] if lines else []


def one_line(text: str) -> str:
    """Running text on one line (a heading, a table cell, an attribution)."""
    return " ".join(text.replace(HARD_BREAK, " ").split())


def is_block(node: LexborNode) -> bool:
    return (node.tag or "") in BLOCKS


def blocks_of_nodes(nodes: Iterable[LexborNode], ctx: Context) -> list[str]:
    """Markdown blocks of a run of sibling nodes: runs of inline nodes become paragraphs."""
    out: list[str] = []
    run: list[str] = []
    for node in nodes:
        if node.mem_id in ctx.skip:
            continue
        if is_block(node):
            out += paragraph("".join(run))
            run = []
            out += block(node, ctx)
        else:
            run.append(inline_piece(node, ctx))
    return out + paragraph("".join(run))


def blocks_of(node: LexborNode, ctx: Context) -> list[str]:
    return blocks_of_nodes(children(node), ctx)


def block(node: LexborNode, ctx: Context) -> list[str]:
    """One block element as markdown blocks."""
    tag = node.tag or ""
    if tag in HEADINGS:
        text = one_line(inline_of(node, ctx))
        level = min(6, int(tag[1]) + 1) if ctx.h1_sections else max(2, int(tag[1]))
        return [f"{'#' * level} {text}"] if text else []
    if tag in ("ul", "ol"):
        return list_block(node, ctx)
    if tag == "blockquote":
        return quote_block(node, ctx)
    if tag == "pre":
        return code_block(node)
    if tag == "table":
        return table_block(node, ctx)
    if tag == "hr":
        return ["---"]
    if tag == "figure":
        return figure_block(node, ctx)
    if tag in ("header", "footer"):
        return []  # a post's own header and footer: title, date, tags are read from them
    if tag in ("p", "dt", "summary", "figcaption"):
        text = inline_of(node, ctx)
        return paragraph(wrap(text, "**") if tag == "dt" else text)
    return blocks_of(node, ctx)


def join_item(chunks: Sequence[str]) -> str:
    """A list item's blocks: a nested list right under the text before it (a tight list)."""
    text = chunks[0] if chunks else ""
    for chunk in chunks[1:]:
        text += ("\n" if _LIST_START.match(chunk) else "\n\n") + chunk
    return text


def indent_item(marker: str, chunks: Sequence[str]) -> str:
    """A list item: its marker, then its blocks indented under the marker's text."""
    lines = join_item(chunks).split("\n")
    pad = " " * (len(marker) + 1)
    rest = [pad + line if line else "" for line in lines[1:]]
    return "\n".join([f"{marker} {lines[0]}".rstrip(), *rest])


def list_block(node: LexborNode, ctx: Context) -> list[str]:
    items = [c for c in children(node) if c.tag == "li" and c.mem_id not in ctx.skip]
    start = attr(node, "start")
    first = int(start) if start.isdecimal() and len(start) < 9 else 1
    markers = [f"{first + i}." if node.tag == "ol" else "-" for i in range(len(items))]
    text = "\n".join(
        indent_item(m, blocks_of(li, ctx)) for m, li in zip(markers, items, strict=True)
    )
    return [text] if text else []


def attribution_node(quote: LexborNode) -> LexborNode | None:
    """The last element of a blockquote when it names the source: a footer, a lone cite, or a
    paragraph starting with a dash."""
    elements = [c for c in children(quote) if not (c.tag or "").startswith("-")]
    if not elements:
        return None
    last = elements[-1]
    if last.tag in ("footer", "cite") or (len(elements) > 1 and _LEAD_DASH.match(plain_text(last))):
        return last
    inner = [c for c in children(last) if c.tag != "-text" or (c.text_content or "").strip()]
    return last if len(elements) > 1 and len(inner) == 1 and inner[0].tag == "cite" else None


def quote_block(node: LexborNode, ctx: Context, attribution: str = "") -> list[str]:
    """A blockquote, its source (cite, footer, figcaption, `cite=` URL) as its last `— ` line."""
    source = attribution_node(node)
    inner_ctx = ctx if source is None else replace(ctx, skip=ctx.skip | {source.mem_id})
    if source is not None:
        attribution = _LEAD_DASH.sub("", one_line(inline_of(source, ctx)))
    cited = resolve(attr(node, "cite"), ctx.base, ctx.root)
    if cited:
        attribution = f"[{attribution}]({link_target(cited)})" if attribution else f"<{cited}>"
    chunks = blocks_of(node, inner_ctx)
    if attribution:
        chunks.append(f"— {attribution}")
    lines = "\n\n".join(chunks).split("\n")
    return ["\n".join(f"> {line}" if line else ">" for line in lines)] if chunks else []


def code_language(*nodes: LexborNode | None) -> str:
    for node in nodes:
        if node is None:
            continue
        if lang := attr(node, "data-lang"):
            return lang.lower() if re.fullmatch(r"[\w+#.-]+", lang) else ""
        names = classes(node)
        for name in names:
            if m := _LANG_CLASS.match(name):
                return m.group("lang").lower()
        # pandoc's and Quarto's `sourceCode r`, Hexo's `<figure class="highlight c">`
        if lead := next((n for n in ("sourceCode", "highlight") if n in names[:-1]), ""):
            lang = names[names.index(lead) + 1]
            return lang.lower() if re.fullmatch(r"[\w+#.-]+", lang) else ""
    return ""


def gutter_code(table: LexborNode) -> LexborNode | None:
    """The `<pre>` of code of a highlighter's table that numbers its lines in a cell of their
    own before it (Hexo's `td.gutter`, Hugo's `lntable`, Pygments' `linenos`), else None."""
    cells = [c for tr in own_rows(table) for c in children(tr) if c.tag in ("td", "th")]
    pres = [c.css_first("pre") for c in cells]
    if len(pres) != 2 or pres[0] is None or pres[1] is None:
        return None
    numbers = pres[0].text(deep=True, separator=" ")
    return pres[1] if _LINE_NUMBERS.fullmatch(numbers) else None


def code_block(pre: LexborNode, *outer: LexborNode) -> list[str]:
    """A `<pre>` as a fence in its language, said by it, its `<code>`, the blocks round it
    (rouge's `div.language-x`) or the `outer` ones (a highlighter's table's)."""
    for br in pre.css("br"):  # Medium's and WordPress's preformatted lines end so
        br.replace_with("\n")
    code = pre.css_first("code")
    text = (code or pre).text(deep=True).strip("\n")
    if not text.strip():
        return []
    wrapper = pre.parent.parent if pre.parent is not None else None  # rouge's div.language-x
    lang = code_language(code, pre, pre.parent, wrapper, *outer)
    fence = "`" * max(3, max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    lines = [line.rstrip() for line in text.split("\n")]
    return ["\n".join([fence + lang, *lines, fence])]


def table_block(node: LexborNode, ctx: Context) -> list[str]:
    """A GFM table: the first row is the header; short rows are padded. A table laying out the
    page is its cells' blocks, in order, as is a table of one column holding an image: a figure
    and its caption (Blogger's `tr-caption-container`)."""
    if (code := gutter_code(node)) is not None:
        return code_block(code, *ancestors(node)[:2])
    cells = [[c for c in children(tr) if c.tag in ("td", "th")] for tr in own_rows(node)]
    if attr(node, "role") == "presentation" or any(
        c.css_first(LAYOUT_CONTENT) is not None for row in cells for c in row
    ):
        return [b for row in cells for c in row for b in blocks_of(c, ctx)]
    if all(len(row) <= 1 for row in cells) and node.css_first("img") is not None:
        return [b for row in cells for c in row for b in blocks_of(c, ctx)]
    rows = [[one_line(inline_of(c, ctx)) for c in row] for row in cells]
    rows = [row for row in rows if row]
    caption = node.css_first("caption")
    before = paragraph(inline_of(caption, ctx)) if caption is not None else []
    if not rows:
        return before
    width = max(len(row) for row in rows)
    rows = [row + [""] * (width - len(row)) for row in rows]
    lines = ["| " + " | ".join(row) + " |" for row in rows]
    lines.insert(1, "|" + " --- |" * width)
    return [*before, "\n".join(lines)]


def own_rows(table: LexborNode) -> list[LexborNode]:
    """The table's rows, not those of a table in one of its cells."""
    return [
        tr
        for tr in table.css("tr")
        if next(a for a in ancestors(tr) if a.tag == "table").mem_id == table.mem_id
    ]


def figure_block(node: LexborNode, ctx: Context) -> list[str]:
    """A figure: a quote attributed to its caption, or its content and caption."""
    quote = node.css_first("blockquote")
    caption = node.css_first("figcaption")
    if quote is not None and caption is not None:
        said = _LEAD_DASH.sub("", one_line(inline_of(caption, ctx)))
        return quote_block(quote, ctx, said)
    return blocks_of(node, ctx)


def footnote_ids(scope: Sequence[LexborNode]) -> dict[str, str]:
    """Footnote list items (`<li id="fn1">`, `fn:1`, `footnote-1`) -> unique labels."""
    labels: dict[str, str] = {}
    for root in scope:
        for li in root.css("li[id]"):
            m = _NOTE_ID.match(attr(li, "id"))
            if m and attr(li, "id") not in labels:
                label = re.sub(r"[^A-Za-z0-9-]", "-", m.group("label"))
                while label in labels.values():
                    label += "b"
                labels[attr(li, "id")] = label
    return labels


def footnote_lists(scope: Sequence[LexborNode], notes: Mapping[str, str]) -> list[LexborNode]:
    """The elements holding the footnote items: a `.footnotes` section, else the list itself."""
    found: dict[int, LexborNode] = {}
    for root in scope:
        for li in root.css("li[id]"):
            if attr(li, "id") not in notes or li.parent is None:
                continue
            holder = li.parent
            outer = holder.parent
            if outer is not None and (
                any("footnote" in c for c in classes(outer)) or "data-footnotes" in outer.attributes
            ):
                holder = outer
            found[holder.mem_id] = holder
    return list(found.values())


def footnote_defs(scope: Sequence[LexborNode], ctx: Context) -> list[str]:
    """`[^label]: text` for each footnote, its later paragraphs indented under it."""
    defs = []
    for root in scope:
        for li in root.css("li[id]"):
            label = ctx.notes.get(attr(li, "id"))
            if label is None:
                continue
            chunks = blocks_of(li, ctx) or [""]
            chunks[-1] = _ARROW.sub("", chunks[-1])
            lines = "\n\n".join(chunks).split("\n")
            rest = ["    " + line if line else "" for line in lines[1:]]
            defs.append("\n".join([f"[^{label}]: {lines[0]}".rstrip(), *rest]))
    return defs


def with_footnotes(scope: Sequence[LexborNode], ctx: Context) -> Context:
    """The context with the scope's footnotes known and their list left out of the body."""
    notes = footnote_ids(scope)
    holders = footnote_lists(scope, notes)
    seps = [hr for root in scope for hr in root.css("hr") if "footnotes-sep" in classes(hr)]
    skip = ctx.skip | {n.mem_id for n in [*holders, *seps]}
    return replace(ctx, notes=notes, skip=frozenset(skip))


def scope_markdown(scope: Sequence[LexborNode], ctx: Context) -> list[str]:
    """The markdown blocks of a post made of sibling nodes, its footnotes last."""
    ctx = with_footnotes(scope, ctx)
    ctx = replace(ctx, h1_sections=has_h1(scope, ctx.skip))
    return blocks_of_nodes(scope, ctx) + footnote_defs(scope, ctx)


def has_h1(scope: Sequence[LexborNode], skip: frozenset[int]) -> bool:
    """Whether the post's body (not its title, left out) holds an <h1>: its sections' level."""
    for node in scope:
        found = [node] if node.tag == "h1" else node.css("h1") if node.tag != "-text" else []
        if any(h.mem_id not in skip for h in found):
            return True
    return False


def flatten_deep(root: LexborNode) -> None:
    """Elements nested deeper than MAX_DEPTH become their text: the converter recurses once per
    level, and a hostile or broken page may nest thousands deep."""
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        for child in node.iter():
            if depth + 1 >= MAX_DEPTH:
                child.replace_with(child.text(deep=True))
            else:
                stack.append((child, depth + 1))


def strip_chrome(tree: LexborHTMLParser, title: LexborNode | None = None) -> None:
    """Remove scripts, styles, forms, navigation, asides, readers' comments, related posts, what
    the page hides, tables of contents, headings' permalinks, newsletters' sign-up boxes, share
    buttons and their label, and the page's own header and footer (not those of a post, a quote, a
    figure or the main content, nor one holding the page's one `<h1>` or its `title` heading);
    flatten what nests too deep."""
    for node in tree.css(MATH_SCRIPTS):
        node.replace_with(script_math(node))
    for node in outermost_nodes(sign_up_box(f) for f in tree.css("form") if asks_email(f)):
        node.decompose()
    for node in tree.css("a[href]"):
        if is_icon_link(node):
            node.decompose()
    tree.strip_tags(CHROME)
    for node in tree.css(DROPPED):
        node.decompose()
    for node in tree.css('[class*="related" i]'):
        if any(_RELATED.search(name) for name in classes(node)) and node.css_first("h1") is None:
            node.decompose()
    for node in outermost_nodes(n for n in tree.css("[class], [id]") if is_widget(n, title)):
        node.decompose()
    for node in [n for h in tree.css(HEADINGS_CSS) for n in unmarked_toc(h)]:
        node.decompose()
    for node in tree.css(HEADING_LINKS):  # a heading's own permalink: "#", "¶", "§", "🔗"
        if not any(c.isalnum() for c in node.text(deep=True)):
            node.decompose()
    if tree.root is not None:
        flatten_deep(tree.root)
    shares = outermost_nodes(share_block(a) for a in tree.css("a[href]") if is_share(a))
    for node in shares + [label for n in shares if (label := share_label(n)) is not None]:
        node.decompose()
    titles = (tree.css("h1"), [title] if title is not None else [])
    for selector, own in FRAMES:
        for node in tree.css(selector):
            if any(a.tag in own for a in ancestors(node)):
                continue
            if not any(is_title_block(node, heads) for heads in titles):
                node.decompose()


def script_math(script: LexborNode) -> str:
    """The TeX of a script MathJax 2 typesets (`<script type="math/tex">`, kramdown's math) as
    the text MathJax reads as math, `\\(…\\)`, or `\\[…\\]` for a display
    (`math/tex; mode=display`)."""
    tex = (script.text(deep=True) or "").strip()
    if not tex:
        return ""
    return f"\\[{tex}\\]" if "display" in attr(script, "type").lower() else f"\\({tex}\\)"


def unmarked_toc(heading: LexborNode) -> list[LexborNode]:
    """A table of contents no class marks (a page MATLAB publishes: `<h2>Contents</h2>` and a
    list of links to its sections): the heading and the element after it, when that holds only
    links, each to an anchor of the page; else []."""
    after = heading.next
    while after is not None and after.tag == "-text" and not (after.text_content or "").strip():
        after = after.next
    if after is None or after.tag in HEADINGS or after.tag == "-text":
        return []
    links = after.css("a[href]")
    if not links or not all(attr(a, "href").startswith("#") for a in links):
        return []
    linked = "".join("".join(plain_text(a).split()) for a in links)
    return [heading, after] if linked == "".join(plain_text(after).split()) else []


def is_icon_link(link: LexborNode) -> bool:
    """A link showing only an icon, a button of the page's (a profile's, a feed's, a share's):
    Font Awesome's `<i class="fab fa-github">`, an `<svg>` drawn inline (its `<title>` is the
    icon's name, no word of the post); a picture or a word beside the icon is the link's text."""
    if link.css_first("i, svg") is None or link.css_first("img") is not None:
        return False
    drawn = sum(len("".join(svg.text(deep=True).split())) for svg in link.css("svg"))
    return len("".join(link.text(deep=True).split())) <= drawn


def name_words(name: str) -> list[str]:
    """The words of a class or id, split at dashes, underscores and capitals (`thirdCol_area`:
    third, col, area), case folded."""
    return [w.casefold() for w in _NAME_WORD.findall(name)]


def widget_words(node: LexborNode) -> set[str]:
    """The words of the element's classes and id that say what it is (_TELLING_WORDS): the short
    ones only as a part of a name cut by dashes or underscores (not `e1ad`, a generated id); none
    of a name that says the element's own text (a section's anchor,
    `Eich_CEO_promotion_controversy`; a menu item's class, `menu-ad-ops-recertification`). That
    text is read only for a name holding such a word: every wrapper of a page has a class."""
    found: set[str] = set()
    text: set[str] | None = None
    for name in [*classes(node), attr(node, "id")]:
        words, parts = name_words(name), _NAME_PARTS.split(name.casefold())
        telling = _TELLING_WORDS.intersection(words) - _SHORT_WIDGET_WORDS
        telling |= _SHORT_WIDGET_WORDS.intersection(parts) if len(parts) > 1 else set()
        if not telling:
            continue
        text = set(name_words(plain_text(node))) if text is None else text
        if sum(w in text for w in words) < max(2, len(words) / 2):
            found |= telling
    return found


def is_widget(node: LexborNode, title: LexborNode | None) -> bool:
    """A box of ads or of other pages (by `_WIDGET_WORDS`), or the page's footer by a
    word of its name (`footer_rdr`) outside a post and the main content; not the
    page nor its main content, nor a heading, nor a block holding its `<h1>` or `title` heading."""
    if node.tag in NEVER_WIDGETS:
        return False
    words = widget_words(node)
    if not words or words & POST_WORDS:
        return False
    if not words & (_WIDGET_WORDS | _SHORT_WIDGET_WORDS):
        framed = words & _FRAME_WORDS
        if not framed or any(a.tag in MAINS_OWN for a in ancestors(node)):
            return False
    held = title is not None and any(a.mem_id == node.mem_id for a in ancestors(title))
    return not held and node.css_first("h1") is None


def is_share(link: LexborNode) -> bool:
    return _SHARE_HREF.search(attr(link, "href")) is not None


def share_block(link: LexborNode) -> LexborNode:
    """The largest element round a share button that holds only share buttons and a label."""
    block = link
    for parent in ancestors(link):
        if parent.tag in ("body", "html") or not holds_only_shares(parent):
            break
        block = parent
    return block


def share_label(block: LexborNode) -> LexborNode | None:
    """The element just before a block of share buttons that labels it ("Share this article"),
    when it has no link."""
    label = block.prev
    while label is not None and label.tag == "-text" and not (label.text_content or "").strip():
        label = label.prev
    if label is None or label.tag in ("-text", "_comment") or label.css_first("a") is not None:
        return None
    text = plain_text(label)
    return label if len(text) <= SHARE_LABEL and _SHARE_WORD.search(text) else None


def asks_email(form: LexborNode) -> bool:
    """A form asking for an email address, or one a script fills in (Marketo's, HubSpot's, left
    empty in a saved page)."""
    return form.css_first("input[type=email i]") is not None or form.child is None


def sign_up_box(form: LexborNode) -> LexborNode:
    """The largest element round a form asking for an email address that holds few words besides
    the form's: a newsletter's sign-up box, its heading with it."""
    box, own = form, len(plain_text(form))
    for parent in ancestors(form)[:SIGN_UP_DEPTH]:
        if parent.tag in ("body", "html", "main", "article"):
            break
        if len(plain_text(parent)) - own > SIGN_UP_TEXT:
            break
        box = parent
    return box


def holds_only_shares(node: LexborNode) -> bool:
    """No link but share buttons has words, and few words are not theirs ("Share this:")."""
    links = node.css("a[href]")
    if any(plain_text(a) for a in links if not is_share(a)):
        return False
    theirs = sum(len(plain_text(a)) + 1 for a in links if is_share(a))
    return len(plain_text(node)) - theirs <= SHARE_LABEL


def outermost_nodes(nodes: Iterable[LexborNode]) -> list[LexborNode]:
    """The nodes that no other of them holds, each once."""
    found = {n.mem_id: n for n in nodes}
    return [n for n in found.values() if not any(a.mem_id in found for a in ancestors(n))]


def is_title_block(node: LexborNode, titles: Sequence[LexborNode]) -> bool:
    """A `<header>` holding the page's one title (`<h1>`, or heading saying its title), as text
    (Quarto's and pandoc's title block, a hand-written page's, a news story's): the post's title,
    not the site's (a site's name links home)."""
    if node.tag != "header" or len(titles) != 1 or titles[0].css_first("a") is not None:
        return False
    return any(a.mem_id == node.mem_id for a in ancestors(titles[0]))


def ancestors(node: LexborNode) -> list[LexborNode]:
    found = []
    parent = node.parent
    while parent is not None:
        found.append(parent)
        parent = parent.parent
    return found


def fragment_markdown(html: str, base: str = "") -> list[str]:
    """An HTML fragment (a feed item's content) as markdown blocks."""
    return fragment_content(html, base)[0]


def fragment_content(
    html: str, base: str = "", root: str = ""
) -> tuple[list[str], tuple[str, ...]]:
    """An HTML fragment as markdown blocks, and the relative URLs of its links and images kept as
    their text: all of them without a `base`; with the site's `root` (`--site`), those climbing
    above it (climbing_urls). One parse for both."""
    tree = LexborHTMLParser(html)
    strip_chrome(tree)
    body = tree.body
    if body is None:
        return [], ()
    blocks = scope_markdown(children(body), Context(base=base, root=root))
    if not base:
        return blocks, relative_urls([body])
    return blocks, (climbing_urls([body], base, root) if root else ())


def relative_urls(nodes: Iterable[LexborNode]) -> tuple[str, ...]:
    """The links' and images' addresses in `nodes` that only an address of the page could make
    absolute (`/img/a.png`, `../notes/`), in their order, each once: converted without one, a
    link is kept as its text and an image as its alt text."""
    found: dict[str, None] = {}
    for node in nodes:
        for element in node.css("a[href], img[src]"):
            url = attr(element, "href" if element.tag == "a" else "src")
            if url and not url.startswith("#") and not url_parts(url).scheme:
                found[url] = None
    return tuple(found)


def climbing_urls(nodes: Iterable[LexborNode], base: str, root: str) -> tuple[str, ...]:
    """The relative URLs of `nodes` (relative_urls) that climb above the site's `root` from the
    page at `base` (climbs_above): each kept as its text."""
    return tuple(url for url in relative_urls(nodes) if climbs_above(url.strip(), base, root))


SITE_HINT = "give the site's address: `notebase import --site https://example.com/ FILE…`"
ABOVE_SITE = "import-url-above-site"


def unresolved_warning(urls: Sequence[str], why: str, pos: FilePos, hint: str) -> Diagnostic:
    """A post's relative links and images kept as their text, for `why` (no address known)."""
    shown = ", ".join(repr(u) for u in urls[:3]) + (", …" if len(urls) > 3 else "")
    message = f"{len(urls)} relative link(s) or image(s) kept as text ({shown}): {why}"
    return warning("import-relative-url", message, pos, hint, about=str(len(urls)))


def above_site_warning(urls: Sequence[str], root: str, pos: FilePos) -> Diagnostic:
    """A post's relative links climbing above the site's root (`--site`), kept as their text: a
    warning, the post imported (a browser would clamp them at the host's root, a guess)."""
    shown = ", ".join(repr(u) for u in urls[:3]) + (", …" if len(urls) > 3 else "")
    message = (
        f"{len(urls)} relative link(s) or image(s) climb above the site's root {root}"
        f" ({shown}): kept as text"
    )
    hint = (
        "give --site the address of the folder the imported files share (a built site's root,"
        " its pages imported together), or fix the links"
    )
    return warning(ABOVE_SITE, message, pos, hint)


def kept_urls_problem(
    urls: Sequence[str], why: str, pos: FilePos, hint: str, root: str = ""
) -> Diagnostic:
    """What a post's relative URLs kept as their text say: with the site's `root` (`--site`),
    they climb above it (above_site_warning); else no address was known (unresolved_warning)."""
    return above_site_warning(urls, root, pos) if root else unresolved_warning(urls, why, pos, hint)


def fragment_text(html: str) -> str:
    """An HTML fragment's text, whitespace folded (a feed title that holds markup)."""
    body = LexborHTMLParser(html).body
    return plain_text(body) if body is not None else ""
