"""The home of markdown-it: one configured parser with our rules (wikilinks, math, links, quotes)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from html import escape
from typing import Any
from urllib.parse import unquote, urlsplit

from markdown_it import MarkdownIt
from markdown_it.common.normalize_url import normalizeLink
from markdown_it.renderer import RendererHTML
from markdown_it.ruler import RuleOptionsType
from markdown_it.rules_block import StateBlock
from markdown_it.rules_block.table import table as gfm_table
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.dollarmath.index import math_inline_dollar
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.footnote.index import footnote_inline
from mdit_py_plugins.gfm import gfm_plugin

import notebase.markdown.obsidian as obsidian
from notebase.markdown.highlight import highlight_code
from notebase.markdown.markers import base_query, link_marker
from notebase.markdown.mathml import tex_fallback, tex_to_mathml
from notebase.markdown.mhchem import MHCHEM
from notebase.markdown.rawhtml import (
    RASTER_DATA,
    RawLink,
    known_html_block,
    mark_raw_html,
    render_block,
)
from notebase.markdown.texmacros import SYNONYMS, defined_in, expand
from notebase.markdown.text import FOOTNOTES_START
from notebase.model import LinkRef
from notebase.slugs import looks_like_file, normalize_tag, shows_a_file, slugify

# from `[[` to the first `]]`, as Obsidian reads it: a single bracket inside is the link's
# (`[[V#def $V[f]$|shown]]`, `[[V|a [b] c]]`)
_WIKILINK = re.compile(r"(!?)\[\[(?!\[)((?:[^\[\]\n]|\[(?!\[)|\](?!\]))+?)\]\]")
# an unescaped `|` (a wikilink's, in a table row) and what stands for it while the row is split
_BARE_PIPE = re.compile(r"(?<!\\)\|")
_HIDDEN_PIPE = "\ue000"
_DELIMITER_ROW = re.compile(r"[|:-][|:\- \t]*")  # what GFM's delimiter row may hold
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.\-]*:")
# data: URLs only of raster images, as markdown-it allows them (an image pasted into a note);
# file: URLs are read as the file's name (local_file), never kept
_BAD_SCHEME = re.compile(rf"^\s*(?:javascript:|vbscript:|(?!{RASTER_DATA})data:)", re.I)
_FILE_URL = re.compile(r"^\s*file:", re.I)
# An http(s) URL that markdown-it's normalizeLink returns unchanged: a lowercase ASCII host
# (labels of at most 63 characters, no port) and then only characters it never escapes.
_PLAIN_URL = re.compile(
    r"https?://([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*)"
    r"(?:[/?#](?:[\w;/?:@&=+$,\-.!~*'()#]|%[0-9A-Fa-f]{2})*)?",
    re.ASCII,
)
# `text ^id` ending a paragraph or list item, or `^id` alone after a block: an Obsidian block id
_BLOCK_ID = re.compile(r"(?:^|[ \t])\^([A-Za-z0-9-]+)[ \t]*$")
# a last line `{ #id}`: a block's id as markdown-it-attrs writes it, which Obsidian's Digital
# Garden plugin writes for each `^id` of the notes it publishes
_ATTRIBUTE_ID = re.compile(r"(^|\n)[ \t]*\{[ \t]*#([A-Za-z0-9-]+)[ \t]*\}[ \t]*$")
_LINED = frozenset(
    {
        *("link_open", "wikilink", "math_inline", "math_inline_double", "hashtag", "image"),
        *("raw_inline", "placeholder"),
    }
)  # the inline tokens told their line
# Where plain text stops so that an inline rule may start: the characters our inline rules start
# at, "]" (a link label is read token by token up to it) and the w of "www." (gfm autolinks);
# "#" only where a tag may start (first or after a space), "%" and "=" only doubled (comments,
# highlights) and "^" before "[" (inline footnotes). markdown-it's own set also stops at - + > { } and
# every w, where no rule of ours starts: each such stop costs a call to every inline rule. A new
# inline rule's first character goes here (_PLAIN_STOPS, or a conditioned one beside it). The pattern
# opens with one class of every first character, the conditions after it, so that re skips plain
# text in C: one that opens with an alternation is tried whole at every character (finding every
# stop in the 1,000-note corpus took 0.37 s so, 0.11 s this way).
_PLAIN_STOPS = r"\n!$&*:<@\[\\\]_`~"  # stops wherever they are (a class's contents)
_TEXT_STOP = re.compile(
    rf"[{_PLAIN_STOPS}w#%=^]"
    rf"(?:(?<=[{_PLAIN_STOPS}])|(?<=w)(?=ww\.)|(?<=#)(?<!\S#)|(?<=%)(?=%)|(?<==)(?==)|(?<=\^)(?=\[))"
)
# Where a `$$` line may interrupt: display math opens on the line right after text, in a list or a quote.
_MATH_ALT: RuleOptionsType = {"alt": ["paragraph", "reference", "blockquote", "list"]}


_ID_WORDS = frozenset(
    {"text", "code_inline", "wikilink", "math_inline", "math_inline_double", "placeholder"}
)


@lru_cache(maxsize=1)
def platform_parser() -> MarkdownIt:
    """markdown-it's own default rules (tables, strikethrough), raw HTML kept, a line break a
    break, and footnotes: markdown as a blog platform renders it (Ghost's markdown card), none of
    our rules (no wikilinks, math or callouts)."""
    return MarkdownIt("js-default", {"html": True, "breaks": True}).use(footnote_plugin)


def platform_html(text: str) -> str:
    """Markdown a blog platform stored, as the HTML it shows for it (platform_parser)."""
    html: str = platform_parser().render(text)
    return html


@lru_cache(maxsize=1)
def create_parser() -> MarkdownIt:
    """CommonMark + GFM (tables, strikethrough, task lists, autolinks, footnotes) + our rules."""
    md = MarkdownIt("commonmark", {"html": True, "highlight": highlight_code, "typographer": False})
    md.use(gfm_plugin)
    md.options["alerts"] = (
        False  # GitHub's `> [!NOTE]` alerts are callouts (obsidian.py), as all types
    )
    md.use(dollarmath_plugin, allow_space=False, allow_digits=False, double_inline=True)
    md.inline.ruler.at("math_inline", math_inline_at_start())
    md.inline.ruler.before("escape", "math_brackets", math_brackets)
    md.block.ruler.at("math_block", obsidian.math_block, _MATH_ALT)
    md.block.ruler.at("table", table_keeping_wikilinks, {"alt": ["paragraph", "reference"]})
    md.block.ruler.before("math_block", "comment", obsidian.comment_block, _MATH_ALT)
    md.core.ruler.push("anchor", heading_ids)
    md.inline.ruler.before("link", "wikilink", parse_wikilink)
    md.inline.ruler.before("math_inline", "comment", obsidian.comment_inline)
    md.inline.ruler.before("emphasis", "highlight", obsidian.highlight)
    md.inline.ruler.before("link", "hashtag", obsidian.hashtag)
    md.inline.ruler.after("image", "footnote_inline", footnote_inline)
    md.block.ruler.before("lheading", "callout_title", obsidian.callout_title)
    md.core.ruler.after("block", "callouts", obsidian.mark_callouts)
    md.core.ruler.after("block", "task_marks", obsidian.custom_tasks)
    md.core.ruler.after("block", "admonitions", obsidian.mark_admonitions)
    md.core.ruler.before("inline", "attribute_ids", attribute_ids)
    md.inline.terminator_re = _TEXT_STOP
    md.inline.ruler.after("autolink", "html_tag", obsidian.html_tag)
    md.inline.ruler.before("autolink", "templater", obsidian.templater)
    md.core.ruler.after("inline", "html_tags", obsidian.balance_html_tags)
    md.disable(["html_inline"])  # inline tags are html_tag's; blocks are sanitised (rawhtml)
    md.block.ruler.at(
        "html_block", known_html_block, {"alt": ["paragraph", "reference", "blockquote"]}
    )
    md.core.ruler.push("raw_html", mark_raw_html)
    md.core.ruler.after("inline", "nb_lines", number_inline_lines)
    md.core.ruler.after("nb_lines", "nb_blocks", mark_blocks)
    md.core.ruler.after("nb_lines", "placeholders", obsidian.placeholder_problem)
    md.validateLink = is_allowed_link  # type: ignore[method-assign]
    md.normalizeLink = normalize_link  # type: ignore[method-assign]
    md.add_render_rule("wikilink", render_wikilink)
    md.add_render_rule("link_open", render_link_open)
    md.add_render_rule("image", render_image)
    md.add_render_rule("math_inline", render_math)
    md.add_render_rule("math_block", render_math)
    md.add_render_rule("math_inline_double", render_math)
    md.add_render_rule("hashtag", render_hashtag)
    md.add_render_rule("placeholder", obsidian.render_placeholder)
    md.add_render_rule("comment", lambda *_args: "")
    md.add_render_rule("html_tag", obsidian.render_html_tag)
    md.add_render_rule("html_block", render_raw_html)
    for name in ("fence", "code_block"):
        md.add_render_rule(name, render_code(getattr(RendererHTML, name)))
    md.add_render_rule("raw_inline", render_raw_html)
    for name in ("callout_open", "callout_close"):
        md.add_render_rule(name, obsidian.render_callout)
    for name in ("callout_title_open", "callout_title_close"):
        md.add_render_rule(name, obsidian.render_callout_title)
    md.add_render_rule("footnote_block_open", render_footnote_block_open)
    md.add_render_rule("list_item_open", render_list_item_open)
    return md


def render_pieces(tokens: list[Token], env: EnvType) -> list[str]:
    """What each token of a block stream renders as, in order (markdown-it's render, which joins
    them): a block's HTML, or a part of it, is a slice of the pieces."""
    md = create_parser()
    renderer, options = md.renderer, md.options
    assert isinstance(renderer, RendererHTML)
    rules = renderer.rules
    pieces: list[str] = []
    for i, token in enumerate(tokens):
        if token.type == "inline":
            children = token.children
            pieces.append(renderer.renderInline(children, options, env) if children else "")
        elif token.type in rules:
            pieces.append(rules[token.type](tokens, i, options, env))
        else:
            pieces.append(renderer.renderToken(tokens, i, options, env))
    return pieces


def is_allowed_link(url: str) -> bool:
    """No scheme that runs or shows something of its own; a file: URL naming no file stays text."""
    return not _BAD_SCHEME.match(url) and local_file(url) != ""


def local_file(url: str) -> str | None:
    """`file:///C:/Users/me/vault/pics/x.png`, a path on the author's computer: the file's name
    (found among the vault's files as Obsidian finds a name), never the path; None for another
    URL."""
    if not _FILE_URL.match(url):
        return None
    return unquote(urlsplit(url.strip()).path).rstrip("/").rsplit("/", 1)[-1]


def normalize_link(url: str) -> str:
    """markdown-it's normalizeLink, without its parse, punycode and escape round trip for the
    plain http(s) URLs most links are (it would return them unchanged)."""
    m = _PLAIN_URL.fullmatch(url)
    if m is not None and len(m.group(1)) <= 255:
        return url
    return normalizeLink(url)


def math_inline_at_start() -> Callable[[StateInline, bool], bool]:
    """dollarmath's inline rule with pandoc's and Obsidian's digit rule: no digit right after the
    closing `$` ("$5 and $10" is no math), but one before the opening `$` is no matter (`12$\\pi$`
    is math). The plugin's own rule refuses both, and (0.5 to 0.7) reads a `$` that opens the
    text as coming after src[-1], the text's last character: `$x$ = 76` was no math."""
    rule = math_inline_dollar(allow_space=False, allow_digits=True, allow_double=True)

    def math_inline(state: StateInline, silent: bool) -> bool:
        if state.src[state.pos] != "$":  # tried wherever text stops
            return False
        start = state.pos
        if not rule(state, True):
            return False
        after = state.src[state.pos : state.pos + 1]
        state.pos = start
        return not after.isdigit() and bool(rule(state, silent))

    return math_inline


# `\(…\)` and `\[…\]` (MathJax's, LaTeX's): what reads as TeX between them is math
_BRACKETS = {"(": ("\\)", "math_inline"), "[": ("\\]", "math_inline_double")}
_TEX_LIKE = re.compile(r"\\[A-Za-z]|[\^_=+<>|{}]")
_VARIABLE = re.compile(r"\s*[A-Za-z]\w{0,2}'*\s*")  # `\(t\)`, `\(x'\)`: inline only
# a link or an address: `\[see [it](https://…?a=b)\]`, `\[_[[Citation needed]]_\]` is text
_LINK_IN_TEXT = re.compile(r"\]\(|://|\[\[[^\[\]]+\]\]")
# a run of three words, outside a command's braces (`\text{for all x}`): prose, not TeX (a SQL
# statement a log line quotes, `\[select … as name FROM person p\]`)
_PROSE_RUN = re.compile(r"(?<![\\\w])[A-Za-z]{3,}(?: +[A-Za-z]{3,}){2}(?!\w)")
_COMMAND_TEXT = re.compile(r"\\[A-Za-z]+\s*\{[^{}]*\}")
# a letter right before the opening: an index written with its brackets escaped (`spaces\[i\]`,
# as an editor escapes a list's brackets in prose), never a formula, which stands apart
_INDEXED = re.compile(r"[A-Za-z_]")


def math_brackets(state: StateInline, silent: bool) -> bool:
    """`\\(x_i\\)` inline and `\\[…\\]` display math, as notes written for MathJax (Jekyll,
    MkDocs, Hugo blogs) hold them. Between the two only what reads as TeX (a command, a sub- or
    superscript, a relation, braces; inline, one short variable too) is math: `\\(as here\\)`
    and `\\[sic\\]` stay escaped brackets around text, as CommonMark reads them, and so does
    text holding a link or a run of words. Nor is an opening right after a letter (an index,
    `a\\[i\\]`), nor one whose closing comes after another opening of its kind (its own is
    missing: `\\[1] and a\\[i\\]`)."""
    src, pos = state.src, state.pos
    if src[pos] != "\\" or src[pos + 1 : pos + 2] not in _BRACKETS:
        return False
    if pos > 0 and _INDEXED.fullmatch(src[pos - 1]):
        return False
    closing, kind = _BRACKETS[src[pos + 1]]
    end = src.find(closing, pos + 2)
    tex = src[pos + 2 : end]
    if end < 0 or not tex.strip() or "\n\n" in tex or src[pos : pos + 2] in tex:
        return False
    if _LINK_IN_TEXT.search(tex):
        return False
    if not (_TEX_LIKE.search(tex) or (kind == "math_inline" and _VARIABLE.fullmatch(tex))):
        return False
    if _PROSE_RUN.search(_COMMAND_TEXT.sub(" ", tex)):
        return False
    if not silent:
        token = state.push(kind, "math", 0)
        token.content, token.markup = tex, src[pos : pos + 2]
    state.pos = end + len(closing)
    return True


def parse_wikilink(state: StateInline, silent: bool) -> bool:
    """`[[target#heading|label]]` -> a `wikilink` token carrying target, fragment and label;
    `![[target]]` (an embed) too, marked as one."""
    if not state.src.startswith(("[[", "![["), state.pos):
        return False
    m = _WIKILINK.match(state.src, state.pos)
    if m is None:
        return False
    if not silent:
        target, bar, label = m.group(2).partition("|")
        if bar and target.endswith("\\"):  # `[[Note\|alias]]`, its pipe escaped for a table
            target = target[:-1]  # (Obsidian's Digital Garden plugin writes every link so)
        if obsidian.is_placeholder_target(target.strip()):  # `[[<% tp.file.title %>]]`
            obsidian.push_placeholder(state, label.strip() or target.strip(), m.group(0))
            state.pos = m.end()
            return True
        target, _, fragment = target.partition("#")
        target, fragment = target.strip(), fragment.strip()  # `Part#Section`: resolved later
        section = fragment.rsplit("#", 1)[-1].strip()
        shown = f"{target} › {section}" if target and section else target or section
        token = state.push("wikilink", "a", 0)
        token.meta = {"target": target, "fragment": fragment, "embed": bool(m.group(1))}
        token.content = label.strip() or ("" if m.group(1) else shown)
    state.pos = m.end()
    return True


def table_keeping_wikilinks(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """GFM's table, but a `|` inside a wikilink does not end its cell: `| [[Note|alias]] | x |`
    is a link shown as "alias" in the first cell, as Quartz reads it (and as Obsidian reads the
    `[[Note\\|alias]]` it writes in a table, whose `\\|` GFM itself keeps in the cell). The
    rows are split with those pipes hidden (a character for each: every line keeps its place)."""
    written, first = state.src, state.bMarks[start]
    if "|" not in written[first : state.eMarks[start]] or not delimiter_row_follows(
        state, start, end
    ):
        return False  # as GFM: a table's header row holds a `|`, and its delimiter row follows
    stop = written.find("\n\n", first)  # a table ends by a blank line (a link, by its line)
    stop = len(written) if stop < 0 else stop
    hidden = pipes_hidden(written[first:stop])
    if hidden is None:
        return gfm_table(state, start, end, silent)
    count = len(state.tokens)
    state.src = written[:first] + hidden + written[stop:]
    try:
        found = gfm_table(state, start, end, silent)
    finally:
        state.src = written
    for token in state.tokens[count:]:
        token.content = token.content.replace(_HIDDEN_PIPE, "|")
    return found


def delimiter_row_follows(state: StateBlock, start: int, end: int) -> bool:
    """Whether the line after `start` may be a table's delimiter row (`|---|:-:|`), as GFM's
    rule first asks: every other line of a list or paragraph is asked whether a table starts
    there, and only where one may are the rows below it read for wikilinks."""
    below = start + 1
    if below >= end:
        return False
    row = state.src[state.bMarks[below] + state.tShift[below] : state.eMarks[below]]
    return _DELIMITER_ROW.fullmatch(row) is not None


def pipes_hidden(rows: str) -> str | None:
    """The rows with each unescaped `|` inside a wikilink hidden, or None when they have none
    (or already hold the character that hides them)."""
    if "[[" not in rows or _HIDDEN_PIPE in rows:
        return None
    hidden = _WIKILINK.sub(hide_pipes, rows)
    return hidden if hidden != rows else None


def hide_pipes(link: re.Match[str]) -> str:
    return _BARE_PIPE.sub(_HIDDEN_PIPE, link.group(0))


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


def attribute_ids(state: StateCore) -> None:
    """A block's last line `{ #id}` is its block id `^id`, read so by mark_blocks (its `#id` no
    tag): the Digital Garden plugin publishes `text ^id` as `text` then `{ #id}` on a line of
    its own, for its site's markdown-it-attrs to read."""
    for token in state.tokens:
        if token.type == "inline" and "{" in token.content:
            token.content = _ATTRIBUTE_ID.sub(r"\1^\2", token.content)


def mark_blocks(state: StateCore) -> None:
    """Obsidian's block ids become the `id` of their block, a paragraph's or a heading's (`^id` is
    never shown); a paragraph holding only embeds of notes is no paragraph (the embed is a block
    of its own), and one with lines of them among its words is cut around them."""
    tokens = state.tokens
    i = len(tokens) - 1
    while i > 0:
        token = tokens[i]
        if token.type == "inline" and token.children and marks_a_block(token.content):
            if tokens[i - 1].type == "paragraph_open" and only_note_embeds(token.children):
                tokens[i - 1].hidden = tokens[i + 1].hidden = True
            on_own_line = id_on_own_line(token.children)
            block_id = take_block_id(token.children)
            if block_id and tokens[i - 1].type in ("paragraph_open", "heading_open"):
                place_block_id(tokens, i, f"^{block_id}", on_own_line)
            elif block_id and tokens[i - 1].type == "td_open":
                give_id_to_table(tokens, i, f"^{block_id}")
            kept = i < len(tokens) and tokens[i] is token  # (a paragraph of only an id is gone)
            if kept and tokens[i - 1].type == "paragraph_open" and not tokens[i - 1].hidden:
                tokens[i - 1 : i + 2] = cut_at_embed_lines(tokens[i - 1 : i + 2])
        i = min(i, len(tokens)) - 1


def cut_at_embed_lines(paragraph: list[Token]) -> list[Token]:
    """A paragraph (its three tokens) with lines of embeds of notes among its lines of words,
    cut into paragraphs, each run of embed lines one of no tag (an embed is a block, never in a
    paragraph; Obsidian shows it so, the words on the lines after it under it)."""
    opening, inline, closing = paragraph
    lines = inline_lines(inline.children or [])
    texts = inline.content.split("\n")
    embeds = [only_note_embeds(line) for line in lines]
    if len(lines) != len(texts) or all(embeds) or not any(embeds):
        return paragraph  # (lines of a break inside code or math are not the source's)
    out: list[Token] = []
    for start, end in runs(embeds):
        first_line = (opening.map or [0])[0]
        where = [first_line + start, first_line + end]
        part = Token("inline", "", 0, map=where, level=inline.level)
        part.content = "\n".join(texts[start:end])
        part.children = [c for line in lines[start:end] for c in line]
        if part.children and part.children[-1].type in ("softbreak", "hardbreak"):
            part.children.pop()  # the break before the next part
        # the paragraph's own tags for its first run of words (`in` would compare every field)
        tags = (
            (opening, closing) if not embeds[start] and all(t is not opening for t in out) else None
        )
        first, last = tags or (Token("paragraph_open", "p", 1), Token("paragraph_close", "p", -1))
        for tag in (first, last):
            tag.map, tag.level, tag.block, tag.hidden = where, opening.level, True, embeds[start]
        out += [first, part, last]
    return out


def inline_lines(children: list[Token]) -> list[list[Token]]:
    """An inline run's children by line, each line with the break that ends it."""
    lines: list[list[Token]] = [[]]
    for child in children:
        lines[-1].append(child)
        if child.type in ("softbreak", "hardbreak"):
            lines.append([])
    return lines


def runs(flags: list[bool]) -> list[tuple[int, int]]:
    """(start, end) of each run of equal flags."""
    starts = [i for i in range(len(flags)) if i == 0 or flags[i] != flags[i - 1]]
    return list(zip(starts, [*starts[1:], len(flags)], strict=True))


def marks_a_block(content: str) -> bool:
    """Whether an inline run's source may hold a block id or an embed (most hold neither: their
    children are not walked). A text child's `^` is one of the source (an escaped or entity one
    is a text_special token, never read as a block id)."""
    return "^" in content or "![" in content


def only_note_embeds(children: list[Token]) -> bool:
    """The inline run is embeds of notes, maybe on lines of their own, and nothing else."""
    embeds = 0
    for child in children:
        if is_embed(child):
            if not embeds_a_note(child):
                return False
            embeds += 1
        elif child.type not in ("softbreak", "hardbreak") and child.content.strip():
            return False
    return embeds > 0


def is_embed(token: Token) -> bool:
    """`![[target]]`, or a markdown image `![alt](src)`."""
    return token.type == "image" or (token.type == "wikilink" and bool(token.meta.get("embed")))


def embeds_a_note(token: Token) -> bool:
    """Whether an embed may show a note: `![[Note]]` of no name a file is shown by
    (`![[web.xml]]` may be a note's), or a markdown image of a path of the vault's with no
    extension but a note's (`![Attack Steps](handshake-attack.md#Attack%20Steps)`), which
    Obsidian shows as the note's part, as it shows `![[handshake-attack#Attack Steps]]`."""
    if token.type == "wikilink":
        return not shows_a_file(token.meta["target"])
    src = str(token.attrGet("src") or "")
    src = local_file(src) or src
    path = unquote(src.partition("#")[0].partition("?")[0])
    return is_internal_href(src) and bool(path) and not looks_like_file(path)


def take_block_id(children: list[Token]) -> str:
    """The block id ending an inline run, taken out of its text ("" when there is none)."""
    last = children[-1]
    m = _BLOCK_ID.search(last.content) if last.type == "text" else None
    if m is None:
        return ""
    last.content = last.content[: m.start()].rstrip()
    blank = ("softbreak", "hardbreak", "text")
    while children and children[-1].type in blank and not children[-1].content.strip():
        children.pop()
    return m.group(1)


def id_on_own_line(children: list[Token]) -> bool:
    """Whether the inline run ends with a line that is only a block id (`…\n^id`)."""
    if len(children) < 2 or children[-1].type != "text":
        return False
    m = _BLOCK_ID.search(children[-1].content)
    own = m is not None and not children[-1].content[: m.start()].strip()
    return own and children[-2].type in ("softbreak", "hardbreak")


def give_id_to_quote(tokens: list[Token], i: int, anchor: str) -> bool:
    """`^id` on a line of its own right under a quote or callout (a lazy line of its last
    paragraph) names the whole quote or callout, as in Obsidian."""
    after = i + 2
    if after >= len(tokens) or tokens[after].type not in ("blockquote_close", "callout_close"):
        return False
    opening = block_start(tokens, after)
    if opening is None:
        return False
    tokens[opening].attrSet("id", anchor)
    return True


def give_id_to_table(tokens: list[Token], i: int, anchor: str) -> None:
    """`^id` on the line right under a table, which GFM reads as a last row of one cell, names
    the table (as Obsidian reads it), and the row is dropped; an id in a cell of another row
    is text, as Obsidian shows it, and is put back."""
    end = next(j for j in range(i, len(tokens)) if tokens[j].type == "tr_close")
    row = block_start(tokens, end)
    table = next(j for j in range(i, -1, -1) if tokens[j].type == "table_open")
    cells = (t for t in tokens[row or 0 : end] if t.type == "inline" and t is not tokens[i])
    alone = not tokens[i].children and not any(c.content for c in cells)
    if row is None or tokens[end + 1].type != "tbody_close" or not alone:
        shown = f" {anchor}" if tokens[i].children else anchor
        tokens[i].children = [*(tokens[i].children or []), Token("text", "", 0, content=shown)]
        return
    tokens[table].attrSet("id", anchor)
    empty_body = tokens[row - 1].type == "tbody_open"
    del tokens[row - empty_body : end + 1 + empty_body]


def place_block_id(tokens: list[Token], i: int, anchor: str, on_own_line: bool = False) -> None:
    """The id goes to the paragraph or heading (its list item, in a list); a paragraph that was
    only the id gives it to the block before it, and is dropped; an id on the line under a quote
    or callout names it."""
    if on_own_line and give_id_to_quote(tokens, i, anchor):
        return
    opening = tokens[i - 1]
    only_id = not tokens[i].children and opening.type == "paragraph_open"
    if only_id and i >= 2 and tokens[i - 2].nesting <= 0:
        previous = block_start(tokens, i - 2)
        if previous is not None:
            tokens[previous].attrSet("id", anchor)
            del tokens[i - 1 : i + 2]
            return
    if i >= 2 and tokens[i - 2].type == "list_item_open":
        opening = tokens[i - 2]
    opening.attrSet("id", anchor)


def block_start(tokens: list[Token], end: int) -> int | None:
    """The opening token of the block that ends at `end` (a closing or a self-contained one)."""
    if tokens[end].nesting == 0:
        return end if tokens[end].block else None
    depth = 0
    for j in range(end, -1, -1):
        depth += tokens[j].nesting
        if depth == 0:
            return j
    return None


def add_link(env: EnvType, ref: LinkRef) -> str:
    links: list[LinkRef] = env.setdefault("links", [])
    links.append(ref)
    return link_marker(len(links) - 1)


def render_wikilink(
    _self: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    meta = token.meta
    embed = bool(meta.get("embed"))
    line = meta.get("line", 0)
    ref = LinkRef(meta["target"], True, line, meta["fragment"], token.content, embed)
    if embed:  # the whole element is put in place of the marker
        return add_link(env, ref)
    return add_link(env, ref) + escape(token.content, quote=False) + "</a>"


def render_image(
    self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """An image of the knowledge base's own (a path: relative, or from the root of the vault)
    becomes a marker, as links do: it is found, copied into the site and sized when the pages
    are made."""
    token = tokens[idx]
    src = str(token.attrGet("src") or "")
    src = local_file(src) or src
    alt = self.renderInlineAsText(token.children or [], options, env)
    line = int((token.meta or {}).get("line", 0))
    if not is_internal_href(src):
        if _PAGE_EMBED.match(src):  # a source the note links, as a link to it is
            env.setdefault("urls", []).append((src, line))
        return external_image(src, alt, str(token.attrGet("title") or ""))
    return add_link(env, LinkRef(src, False, line, "", alt, True))


_SIZE = re.compile(r"^(?:(.*)\|)?\s*(\d{1,5})(?:\s*x\s*(\d{1,5}))?\s*$", re.S)
# pages of video and post sites that Obsidian shows as a player or a post in place of `![](url)`
_PAGE_EMBED = re.compile(
    r"https?://(?:www\.|m\.)?(?:youtube\.com/(?:watch|shorts/|live/)|youtu\.be/|vimeo\.com/\d"
    r"|(?:twitter|x)\.com/\w+/status/)",
    re.I,
)


def split_size(label: str) -> tuple[str, int, int]:
    """`alt|300x200` -> ("alt", 300, 200); `300` -> ("", 300, 0); `alt` -> ("alt", 0, 0)."""
    m = _SIZE.match(label)
    if m is None:
        return label, 0, 0
    return (m.group(1) or "").strip(), int(m.group(2)), int(m.group(3) or 0)


def unsized_words(label: str) -> str:
    """An image's words as a note is to show them whole: without the size a note reads in them
    (split_size), for markup that meant none (an imported page's or blog's alt text)."""
    words, width, _height = split_size(label)
    return words if width else label


def external_image(src: str, label: str, title: str = "") -> str:
    """`![alt|300](https://…)` (`src` as markdown-it normalised it): the image, sized as Obsidian
    sizes it; a video's or a post's page, which Obsidian plays in a frame of that site, a link to
    it (the page loads no other site's frames)."""
    alt, width, height = split_size(label)
    url, titled = escape(src), f' title="{escape(title)}"' if title else ""
    if _PAGE_EMBED.match(src):
        shown = escape(alt or src, quote=False)
        return f'<a class="external-embed" href="{url}"{titled}>{shown}</a>'
    size = (f' width="{width}"' if width else "") + (f' height="{height}"' if height else "")
    return f'<img src="{url}" alt="{escape(alt)}"{titled}{size} loading="lazy">'


def render_link_open(
    self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """Internal hrefs become markers (resolved to entry pages later); external URLs are recorded."""
    token = tokens[idx]
    href = str(token.attrGet("href") or "")
    href = local_file(href) or href
    line = int(token.meta.get("line", 0))
    if is_internal_href(href):
        return add_link(env, LinkRef(href, False, line))
    if href.startswith(("http://", "https://")):
        env.setdefault("urls", []).append((href, line))
    return str(self.renderToken(tokens, idx, options, env))


# The blocks table-of-contents plugins draw the note's headings in (Automatic Table of Contents's
# ```table-of-contents, Dynamic Table of Contents's ```toc), their lines the plugin's options
TOC_FENCES = frozenset({"toc", "table-of-contents"})


def render_code(render: Callable[..., str]) -> Callable[..., str]:
    """markdown-it's rule for a code block, with the id a `^id` under it gives (place_block_id):
    the highlighted block it returns as it is would lose it."""

    def code(
        self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        html = render(self, tokens, idx, options, env)
        language = tokens[idx].info.strip().lower() if tokens[idx].type == "fence" else ""
        if language in TOC_FENCES:  # the page shows the note's table of contents beside it
            return ""
        if language in ("base", "dataview"):
            return base_block(tokens[idx], html, env, language == "dataview")
        if language == "mermaid":  # a diagram drawn (its readers imported when one is met)
            from notebase.markdown.diagrams import diagram_html

            html = diagram_html(tokens[idx].content, diagram_link(tokens[idx], env)) or html
        block_id = tokens[idx].attrGet("id")
        if not block_id or f' id="{escape(str(block_id))}"' in html[: html.find(">")]:
            return html
        tag = html[: html.find(" ")] if html.startswith("<figure") else "<pre"
        return html.replace(tag, f'{tag} id="{escape(str(block_id))}"', 1)

    return code


def diagram_link(token: Token, env: EnvType) -> Callable[[str], str]:
    """How a diagram's node of Obsidian's class `internal-link` links the note it names: as a
    `[[name]]` written on the block's first line is."""
    line = token.map[0] + 2 if token.map else 0

    def link(name: str) -> str:
        return (
            add_link(env, LinkRef(name, True, line, "", name)) + escape(name, quote=False) + "</a>"
        )

    return link


def base_block(token: Token, code_html: str, env: EnvType, dataview: bool = False) -> str:
    """A ```base block (an Obsidian base written in the note): its YAML kept for the build, which
    puts the base's first view in its place (linking/bases.py), around the block as written (what
    a page shows when the YAML is no base); what the base uses that notebase does not read, a
    base-unsupported warning at the block's first line."""
    from notebase.linking.bases import base_findings, dataview_findings  # a note with one: rare

    line = token.map[0] + 2 if token.map else 0
    if dataview:  # a query: the base that shows the same notes, else the block as written
        made, problems = dataview_findings(token.content)
    else:
        made, problems = token.content, [(c, m) for c, m, _ in base_findings(token.content)]
    for code, message in problems:
        env.setdefault("problems", []).append((code, message, line))
    if not made:
        return code_html
    env["bases"] = True
    return base_query(made, code_html)


def render_raw_html(
    _self: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, env: EnvType
) -> str:
    """A raw HTML block (or an inline `<img …>`) as rawhtml sanitised it: its links and images
    as the note's own are."""
    token = tokens[idx]
    line = int((token.meta or {}).get("line", 0))

    def link(raw: RawLink) -> str:
        raw = replace(raw, line=raw.line or line)
        if raw.image and not is_internal_href(raw.href):
            return external_image(raw.href, raw.label)
        if is_internal_href(raw.href):
            return add_link(env, LinkRef(raw.href, False, raw.line, "", raw.label, raw.image))
        return f'<a href="{escape(raw.href)}">'

    made = render_block(token.meta.get("pieces", []), link)
    return made if token.block else made.rstrip("\n")


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
    return f'{FOOTNOTES_START}<h2 class="footnotes-title">Footnotes</h2>\n<ol class="footnotes-list">\n'


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


def heading_ids(state: StateCore) -> None:
    """Each heading's id: its words (text, code, a wikilink's label, math's TeX) as a slug, told
    apart by -1, -2, … as mdit-py-plugins' anchors do (they read text and code alone:
    `## [[Flyweight]]` was #section, and `$N$th sum` lost its N)."""
    tokens = state.tokens
    slugs = {str(i) for t in tokens if t.type == "heading_open" and (i := t.attrGet("id"))}
    tried: dict[str, int] = {}
    for at, token in enumerate(tokens):
        if token.type == "heading_open" and not token.attrGet("id"):
            words = (c.content for c in tokens[at + 1].children or () if c.type in _ID_WORDS)
            token.attrSet("id", unique_id(slugify("".join(words)) or "section", slugs, tried))


def unique_id(slug: str, taken: set[str], tried: dict[str, int]) -> str:
    """`slug`, else the first of slug-1, slug-2, … not `taken` (then taken): the numbers tried
    for a slug before are skipped (`tried`: the next number of each), as they stay taken, so that
    a note of a thousand `## Notes` numbers them in one pass, not a thousand."""
    unique, number = slug, tried.get(slug, 1)
    if unique in taken:
        while (unique := f"{slug}-{number}") in taken:
            number += 1
        tried[slug] = number + 1
    taken.add(unique)
    return unique


def is_internal_href(href: str) -> bool:
    return bool(href) and not href.startswith(("#", "//")) and not _SCHEME.match(href)


def tex_with_synonyms(tex: str, display: bool) -> str | None:
    """MathML of a formula, else of it with KaTeX's other names of symbols (`\\R`, `\\isin`)
    spelled out: a formula that converts as it is converts as before."""
    mathml = tex_to_mathml(tex, display)
    if mathml is None and (spelled := expand(tex, SYNONYMS)) != tex:
        return tex_to_mathml(spelled, display)
    return mathml


def render_math(
    _self: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, env: EnvType
) -> str:
    """MathML, or the TeX as code with a math-failed warning; a `$$` block is wrapped in a div
    (`$$…$$` inside a paragraph is display math without one: a div may not sit in a p). An empty
    one (`$$` and `$$` round a blank line, a formula left to write), or one holding only the
    macros it defines (`$$\\newcommand{\\emf}{\\mathcal{E}}$$`), shows nothing, as in Obsidian."""
    token = tokens[idx]
    tex = token.content.strip()
    body, env["macros"] = defined_in(tex, env.get("macros") or {})
    mathml = tex_with_synonyms(expand(body, env["macros"]), token.type != "math_inline")
    if not body.strip():
        mathml = ""
    elif mathml is None:
        line = token.map[0] + 1 if token.map else int(token.meta.get("line", 0))
        shown = " ".join(tex.split())  # a diagnostic is one line
        shown = shown if len(shown) <= 80 else f"{shown[:77]}..."
        why = f"cannot convert ${shown}$"
        if MHCHEM.search(tex):
            why += " (mhchem's \\ce and \\pu are read in their common forms: formulas, charges, +, arrows)"
        env.setdefault("problems", []).append(("math-failed", why, line))
        mathml = tex_fallback(tex)
    if token.type != "math_block":
        return mathml
    block_id = token.attrGet("id")  # `^id` under it (place_block_id)
    named = f' id="{escape(str(block_id))}"' if block_id else ""
    return f'<div class="math"{named}>{mathml}</div>\n'
