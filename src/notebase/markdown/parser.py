"""The home of markdown-it: one configured parser with our rules (wikilinks, math, links, quotes)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from html import escape
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.normalize_url import normalizeLink
from markdown_it.ruler import RuleOptionsType
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from mdit_py_plugins.anchors import anchors_plugin
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.footnote.index import footnote_inline
from mdit_py_plugins.gfm import gfm_plugin

from notebase.markdown import obsidian
from notebase.markdown.highlight import highlight_code
from notebase.markdown.mathml import tex_fallback, tex_to_mathml
from notebase.model import LinkRef
from notebase.slugs import normalize_tag, slugify

MARK = "\x1e"  # internal links are emitted as MARK L<n> MARK and resolved when a page is rendered
_WIKILINK = re.compile(r"\[\[([^\[\]\n]+?)\]\]")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.\-]*:")
_BAD_SCHEME = re.compile(r"^\s*(javascript|vbscript|data|file):", re.I)
# An http(s) URL that markdown-it's normalizeLink returns unchanged: a lowercase ASCII host
# (labels of at most 63 characters, no port) and then only characters it never escapes.
_PLAIN_URL = re.compile(
    r"https?://([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*)"
    r"(?:[/?#](?:[\w;/?:@&=+$,\-.!~*'()#]|%[0-9A-Fa-f]{2})*)?",
    re.ASCII,
)
_LINED = frozenset(
    {"link_open", "wikilink", "math_inline", "math_inline_double", "hashtag"}
)  # the inline tokens told their line
# Where plain text stops so that an inline rule may start: the characters our inline rules start
# at, "]" (a link label is read token by token up to it) and the w of "www." (gfm autolinks);
# "#" only where a tag may start (first or after a space), "%" and "=" only doubled (comments,
# highlights) and "^" before "[" (inline footnotes). markdown-it's own set also stops at - + > { } and
# every w, where no rule of ours starts: each such stop costs a call to every inline rule. A new
# inline rule's first character goes here.
_TEXT_STOP = re.compile(r"[\n!$&*:<@\[\\\]_`~]|w(?=ww\.)|(?:^|(?<=\s))#|%%|==|\^\[")
# Where a `$$` line may interrupt: display math opens on the line right after text, in a list or a quote.
_MATH_ALT: RuleOptionsType = {"alt": ["paragraph", "reference", "blockquote", "list"]}


@lru_cache(maxsize=1)
def create_parser() -> MarkdownIt:
    """CommonMark + GFM (tables, strikethrough, task lists, autolinks, footnotes) + our rules."""
    md = MarkdownIt(
        "commonmark", {"html": False, "highlight": highlight_code, "typographer": False}
    )
    md.use(gfm_plugin)
    md.options["alerts"] = (
        False  # GitHub's `> [!NOTE]` alerts are callouts (obsidian.py), as all types
    )
    md.use(dollarmath_plugin, allow_space=False, allow_digits=False, double_inline=True)
    md.block.ruler.at("math_block", obsidian.math_block, _MATH_ALT)
    md.block.ruler.before("math_block", "comment", obsidian.comment_block, _MATH_ALT)
    md.use(anchors_plugin, min_level=1, max_level=6, slug_func=lambda t: slugify(t) or "section")
    md.inline.ruler.before("link", "wikilink", parse_wikilink)
    md.inline.ruler.before("math_inline", "comment", obsidian.comment_inline)
    md.inline.ruler.before("emphasis", "highlight", obsidian.highlight)
    md.inline.ruler.before("link", "hashtag", obsidian.hashtag)
    md.inline.ruler.after("image", "footnote_inline", footnote_inline)
    md.core.ruler.after("block", "callouts", obsidian.mark_callouts)
    md.inline.terminator_re = _TEXT_STOP
    md.disable(["html_block", "html_inline"])  # they match nothing when html is off
    md.core.ruler.after("inline", "nb_lines", number_inline_lines)
    md.validateLink = is_allowed_link  # type: ignore[method-assign]
    md.normalizeLink = normalize_link  # type: ignore[method-assign]
    md.add_render_rule("wikilink", render_wikilink)
    md.add_render_rule("link_open", render_link_open)
    md.add_render_rule("math_inline", render_math)
    md.add_render_rule("math_block", render_math)
    md.add_render_rule("math_inline_double", render_math)
    md.add_render_rule("hashtag", render_hashtag)
    md.add_render_rule("comment", lambda *_args: "")
    for name in ("callout_open", "callout_close"):
        md.add_render_rule(name, obsidian.render_callout)
    for name in ("callout_title_open", "callout_title_close"):
        md.add_render_rule(name, obsidian.render_callout_title)
    md.add_render_rule("footnote_block_open", render_footnote_block_open)
    md.add_render_rule("list_item_open", render_list_item_open)
    return md


def is_allowed_link(url: str) -> bool:
    return not _BAD_SCHEME.match(url)


def normalize_link(url: str) -> str:
    """markdown-it's normalizeLink, without its parse, punycode and escape round trip for the
    plain http(s) URLs most links are (it would return them unchanged)."""
    m = _PLAIN_URL.fullmatch(url)
    if m is not None and len(m.group(1)) <= 255:
        return url
    return normalizeLink(url)


def parse_wikilink(state: StateInline, silent: bool) -> bool:
    """`[[target#heading|label]]` -> a `wikilink` token carrying target, fragment and label."""
    if not state.src.startswith("[[", state.pos):
        return False
    m = _WIKILINK.match(state.src, state.pos)
    if m is None:
        return False
    if not silent:
        target, _, label = m.group(1).partition("|")
        target, _, fragment = target.partition("#")
        target, fragment = target.strip(), fragment.strip()
        shown = f"{target} › {fragment}" if target and fragment else target or fragment
        token = state.push("wikilink", "a", 0)
        token.meta = {"target": target, "fragment": fragment}
        token.content = label.strip() or shown
    state.pos = m.end()
    return True


def number_inline_lines(state: StateCore) -> None:
    """Give every inline link, wikilink and formula a 1-based `line` (relative to the markdown
    text) for diagnostics: the render rules of those tokens read it."""
    for token in state.tokens:
        if token.type != "inline" or not token.children or token.map is None:
            continue
        line = token.map[0] + 1
        for child in token.children:
            if child.type in _LINED:
                child.meta = {**(child.meta or {}), "line": line}
            elif child.type in ("softbreak", "hardbreak"):
                line += 1


def add_link(env: EnvType, ref: LinkRef) -> str:
    links: list[LinkRef] = env.setdefault("links", [])
    links.append(ref)
    return f"{MARK}L{len(links) - 1}{MARK}"


def render_wikilink(
    _self: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    meta = token.meta
    ref = LinkRef(meta["target"], True, meta.get("line", 0), meta["fragment"], token.content)
    return add_link(env, ref) + escape(token.content, quote=False) + "</a>"


def render_link_open(
    self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """Internal hrefs become markers (resolved to entry pages later); external URLs are recorded."""
    token = tokens[idx]
    href = str(token.attrGet("href") or "")
    line = int(token.meta.get("line", 0))
    if is_internal_href(href):
        return add_link(env, LinkRef(href, False, line))
    if href.startswith(("http://", "https://")):
        env.setdefault("urls", []).append((href, line))
    return str(self.renderToken(tokens, idx, options, env))


def render_hashtag(
    _self: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, env: EnvType
) -> str:
    """An inline `#tag` links to its tag page (recorded in env["tags"] for the entry's tags)."""
    token = tokens[idx]
    shown = escape(f"#{token.content}", quote=False)
    tag = normalize_tag(token.content)
    if not tag:
        return shown
    env.setdefault("tags", []).append(token.content)
    ref = LinkRef(f"/tags/{tag}/", False, int(token.meta.get("line", 0)))
    return f'<span class="hashtag">{add_link(env, ref)}{shown}</a></span>'


def render_footnote_block_open(*_args: Any) -> str:
    """The footnote list as a titled section (no separator rule: the section draws its own)."""
    return '<section class="footnotes">\n<h2 class="footnotes-title">Footnotes</h2>\n<ol class="footnotes-list">\n'


def render_list_item_open(
    self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """A task-list item's checkbox is read-only and named "done" or "to do" for screen readers."""
    meta = tokens[idx].meta or {}
    html = str(self.renderToken(tokens, idx, options, env))
    if "checked" not in meta:
        return html
    state, name = (' checked=""', "done") if meta["checked"] else ("", "to do")
    box = f'<input class="task-list-item-checkbox" disabled="" type="checkbox"{state} aria-label="{name}">'
    return f"{html}{box} "


def is_internal_href(href: str) -> bool:
    return bool(href) and not href.startswith(("#", "//")) and not _SCHEME.match(href)


def render_math(
    _self: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, env: EnvType
) -> str:
    """MathML, or the TeX as code with a math-failed warning; a `$$` block is wrapped in a div
    (`$$…$$` inside a paragraph is display math without one: a div may not sit in a p)."""
    token = tokens[idx]
    tex = token.content.strip()
    mathml = tex_to_mathml(tex, token.type != "math_inline")
    if mathml is None:
        line = token.map[0] + 1 if token.map else int(token.meta.get("line", 0))
        shown = tex if len(tex) <= 80 else f"{tex[:77]}..."
        env.setdefault("problems", []).append(("math-failed", f"cannot convert ${shown}$", line))
        mathml = tex_fallback(tex)
    return f'<div class="math">{mathml}</div>\n' if token.type == "math_block" else mathml
