"""Obsidian's markdown as markdown-it rules (parser.py, the home of markdown-it, registers them):
callouts (and the Admonition plugin's ```ad-type blocks, with the vault's custom types: the env's
"admonitions"), %%comments%%, ==highlights==, inline #tags and $$display math$$ wherever it
opens."""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from notebase.markdown.admonitions import (
    AdmonitionType,
    color_style,
    icon_svg,
    our_icon,
    parse_color,
)
from notebase.markdown.rawhtml import (
    IMAGE_TAGS,
    allowed_attributes,
    sanitise,
    start_tag_values,
    url_of,
)
from notebase.slugs import EMOJI

# Obsidian's callout types, each with the group that styles it; an unknown type is a note.
CALLOUT_GROUPS = {
    "note": "note",
    **dict.fromkeys(("abstract", "summary", "tldr"), "abstract"),
    "info": "info",
    "todo": "todo",
    **dict.fromkeys(("tip", "hint", "important"), "tip"),
    **dict.fromkeys(("success", "check", "done"), "success"),
    **dict.fromkeys(("question", "help", "faq"), "question"),
    **dict.fromkeys(("warning", "caution", "attention"), "warning"),
    **dict.fromkeys(("failure", "fail", "missing"), "failure"),
    **dict.fromkeys(("danger", "error"), "danger"),
    "bug": "bug",
    "example": "example",
    **dict.fromkeys(("quote", "cite"), "quote"),
}
# `[!type|metadata]`: the metadata (`|wide`, `|n-th`) is for a theme's CSS, no part of the type:
# kept as the callout's data-callout-metadata, as Obsidian and Quartz keep it
_CALLOUT = re.compile(r"\[!([^\]\s|]+)(?:\|([^\]]*))?\]([+-]?)[ \t]*([^\n]*)(?:\n|$)")
# A tag: letters, digits, emoji (and their variation selector), _ - and /, with one character at
# least that is not a digit (Obsidian takes any character but punctuation and spaces).
_TAG_CHAR = f"(?:[\\w/\ufe0f{EMOJI}-])"
_HASHTAG = re.compile(f"#({_TAG_CHAR}*(?:[^\\W\\d_]|[{EMOJI}]){_TAG_CHAR}*)")


def mark_callouts(state: StateCore) -> None:
    """A blockquote whose first line is `[!type]±? Title` becomes a callout (before the inline
    rules run, so its title is parsed as markdown). Nested ones too. A custom type of the vault's
    Admonition plugin gives it its colour and icon (the plugin styles callouts of its types so):
    its title stays the callout's, as Obsidian shows it."""
    tokens = state.tokens
    i = 0
    while i < len(tokens):
        if tokens[i].type == "blockquote_open" and is_callout(tokens, i):
            make_callout(tokens, i, state.env.get("admonitions") or {})
        i += 1


def custom_look(meta: dict[str, Any], custom: AdmonitionType | None) -> dict[str, Any]:
    """A callout's meta with its custom type's colour (a style of validated integers) and icon."""
    if custom is not None:
        meta["style"], meta["icon"] = custom.style(), custom.icon
    return meta


# The Admonition plugin's ```ad-note block: its first lines may set `title:` (a blank one: no title
# bar), `collapse:`, `icon:` (drawn when one of our icons stands for it) and `color:` (as its
# settings write one); the rest is markdown
_AD_FENCE = re.compile(r"ad-([^\s`]+)\s*$")
_AD_PARAM = re.compile(r"(title|collapse|icon|color):[ \t]*(.*)$")
_AD_FOLDS = {"open": "+", "none": "", "": "-"}  # `closed`, `true`: closed, as it reads them


def mark_admonitions(state: StateCore) -> None:
    """A ```ad-type block of the Admonition plugin is the callout it draws: its markdown parsed
    in place (lines numbered as in the note), titled by its `title:` (else its type; a blank one
    shows no title bar), folded by its `collapse:`, with our icon for its `icon:`'s name. Nested
    ones too: the tokens put in its place are looked at in turn. A custom type of the vault's
    (the env's "admonitions") gives its title, colour and icon, and with the plugin's noTitle, a
    block that names no title shows none."""
    tokens = state.tokens
    i = 0
    while i < len(tokens):
        token = tokens[i]
        m = _AD_FENCE.match(token.info.strip()) if token.type == "fence" else None
        if m is not None:
            kind = m.group(1).lower()
            custom = (state.env.get("admonitions") or {}).get(kind)
            tokens[i : i + 1] = admonition_tokens(state, token, kind, custom)
        i += 1


def admonition_tokens(
    state: StateCore, fence: Token, kind: str, custom: AdmonitionType | None = None
) -> list[Token]:
    lines = fence.content.split("\n")
    params: dict[str, str] = {}
    given = 0  # the param lines (one may be given twice: the last counts)
    color_at = 0  # the block's line of its `color:` (1-based)
    while given < len(lines) and (param := _AD_PARAM.match(lines[given].strip())):
        params[param.group(1)] = param.group(2).strip()
        given += 1
        color_at = given if param.group(1) == "color" else color_at
    first = (fence.map[0] + 1 if fence.map else 0) + given
    body: list[Token] = []
    state.md.block.parse("\n".join(lines[given:]), state.md, state.env, body)
    for tok in body:
        tok.level += fence.level + 1
        tok.map = [tok.map[0] + first, tok.map[1] + first] if tok.map else None
    title, untitled = block_title(params, custom)
    fold = "" if untitled else _AD_FOLDS.get(params.get("collapse", "none").lower(), "-")
    meta = {"kind": kind, "group": CALLOUT_GROUPS.get(kind, "note"), "fold": fold}
    meta = custom_look({**meta, "untitled": True} if untitled else meta, custom)
    if own_icon := our_icon(params.get("icon", "")):  # the block's own icon, when ours has it
        meta["icon"] = own_icon
    block_color(state, meta, params.get("color", ""), first - given + color_at)
    opening = Token(
        "callout_open", "div", 1, level=fence.level, meta=meta, block=True, map=fence.map
    )
    closing = Token("callout_close", "div", -1, level=fence.level, meta=meta, block=True)
    if untitled:  # the body alone (render_callout opens it)
        return [opening, *body, closing]
    level = fence.level + 1
    title = title or kind.capitalize()
    head = Token("inline", "", 0, content=title, level=level, map=fence.map, children=[])
    return [
        opening,
        Token("callout_title_open", "", 1, level=level, meta=meta, block=True),
        head,
        Token("callout_title_close", "", -1, level=level, meta=meta, block=True),
        *body,
        closing,
    ]


def block_title(params: dict[str, str], custom: AdmonitionType | None) -> tuple[str, bool]:
    """A block's title ('' for its type's name) and whether it shows none, as the plugin reads
    them: its own `title:`, where a blank one shows no title bar; else its custom type's title,
    where the type's noTitle shows none."""
    if "title" in params:
        return params["title"], not params["title"]
    if custom is not None:
        return ("", True) if custom.no_title else (custom.title, False)
    return "", False


def block_color(state: StateCore, meta: dict[str, Any], written: str, line: int) -> None:
    """A block's own `color:` (three integers 0-255, as the plugin's settings write them) over
    its type's; one that is no such colour, an admonition-color problem at its line."""
    if not written:
        return
    color = parse_color(written)
    if color is not None:
        meta["style"] = color_style(color)
        return
    shown = written if len(written) <= 40 else f"{written[:37]}..."
    problem = (
        "admonition-color",
        f"`color: {shown}` is no colour: the block keeps its type's",
        line,
    )
    state.env.setdefault("problems", []).append(problem)


def callout_title(state: StateBlock, start: int, _end: int, silent: bool) -> bool:
    """A blockquote's first line `[!type] Title` is a paragraph of its own (made a callout's title
    by mark_callouts): the next line never continues it, as text or as a setext underline (`>-`,
    `===`), and a list there starts at any number."""
    if state.parentType != "blockquote" or not state.tokens:
        return False
    if state.tokens[-1].type != "blockquote_open" or state.sCount[start] - state.blkIndent >= 4:
        return False
    line = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    if not _CALLOUT.match(line):
        return False
    if not silent:
        state.push("paragraph_open", "p", 1).map = [start, start + 1]
        title = state.push("inline", "", 0)
        title.content, title.map, title.children = line.strip(), [start, start + 1], []
        state.push("paragraph_close", "p", -1)
        state.line = start + 1
    return True


def is_callout(tokens: list[Token], i: int) -> bool:
    if i + 2 >= len(tokens) or tokens[i + 1].type != "paragraph_open":
        return False
    return _CALLOUT.match(tokens[i + 2].content) is not None


def make_callout(tokens: list[Token], i: int, custom: dict[str, AdmonitionType]) -> None:
    opening, inline = tokens[i], tokens[i + 2]
    m = _CALLOUT.match(inline.content)
    assert m is not None
    kind = m.group(1).lower()
    meta = {"kind": kind, "group": CALLOUT_GROUPS.get(kind, "note"), "fold": m.group(3)}
    meta = custom_look(meta, custom.get(kind))
    meta["metadata"] = (m.group(2) or "").strip()
    close = closing_blockquote(tokens, i)
    tokens[close].type, tokens[close].meta = "callout_close", meta
    opening.type, opening.meta = "callout_open", meta
    rest = inline.content[m.end() :]
    if rest.strip():
        inline.content = rest
        for tok in (tokens[i + 1], inline):
            tok.map = [tok.map[0] + 1, tok.map[1]] if tok.map else None
    else:
        del tokens[i + 1 : i + 4]  # the paragraph held the marker line alone
    title = m.group(4).strip() or kind.capitalize()
    level = opening.level + 1
    head = Token("inline", "", 0, content=title, level=level, map=opening.map, children=[])
    tokens[i + 1 : i + 1] = [
        Token("callout_title_open", "", 1, level=level, meta=meta, block=True),
        head,
        Token("callout_title_close", "", -1, level=level, meta=meta, block=True),
    ]


def closing_blockquote(tokens: list[Token], start: int) -> int:
    depth = 0
    for j in range(start, len(tokens)):
        if tokens[j].type in ("blockquote_open", "blockquote_close"):
            depth += tokens[j].nesting
            if depth == 0:
                return j
    return len(tokens) - 1


def render_callout(
    _self: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, _env: EnvType
) -> str:
    token = tokens[idx]
    meta = token.meta
    tag = "details" if meta["fold"] else "div"
    if token.nesting < 0:
        return f"</div>\n</{tag}>\n"
    opened = " open" if meta["fold"] == "+" else ""
    kind = escape(meta["kind"])
    block_id = token.attrGet("id")  # an Obsidian block id naming the callout
    shown_id = f' id="{escape(str(block_id))}"' if block_id else ""
    extra = meta.get("metadata")
    shown_extra = f' data-callout-metadata="{escape(extra)}"' if extra else ""
    style = meta.get("style")  # a custom type's colour: `--c: rgb(…)` of three integers
    shown_extra += f' style="{escape(style)}"' if style else ""
    body = '<div class="callout-body">\n' if meta.get("untitled") else ""
    return (
        f'<{tag}{shown_id} class="callout callout-{meta["group"]}" data-callout="{kind}"'
        f"{shown_extra}{opened}>\n{body}"
    )


def render_callout_title(
    _self: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, _env: EnvType
) -> str:
    token = tokens[idx]
    tag = "summary" if token.meta["fold"] else "p"
    if token.nesting < 0:
        return f'</{tag}>\n<div class="callout-body">\n'
    return f'<{tag} class="callout-title">{icon_svg(token.meta.get("icon", ""))}'


def block_line(state: StateBlock, line: int, marker: str) -> str | None:
    """A line's text after its indent when it starts with `marker`; None when it does not, or is
    indented code (4 spaces or more). The first character is looked at before any slicing: the
    block rules are tried at the start of every line."""
    start = state.bMarks[line] + state.tShift[line]
    if not state.src.startswith(marker, start) or state.sCount[line] - state.blkIndent >= 4:
        return None
    return state.src[start : state.eMarks[line]]


# Obsidian's comments, and HTML's (which Obsidian hides too), by their first character:
# (opening, closing)
COMMENTS = {"%": ("%%", "%%"), "<": ("<!--", "-->")}


def comment_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A `%%` (or `<!--`) at the start of a line opens a comment up to the next `%%` (`-->`):
    blank lines, fences and anything else inside it included; unclosed, to the end of the note,
    as in Obsidian. A line with text after its closing is left to the inline rule."""
    at = state.bMarks[start] + state.tShift[start]
    marks = COMMENTS.get(state.src[at : at + 1])  # tried at every line: one look first
    line = block_line(state, start, marks[0]) if marks else None
    if marks is None or line is None:
        return False
    opening, closing = marks
    rest = line[len(opening) :]
    if closing in rest:
        if rest.split(closing, 1)[1].strip():
            return False
        last = start
    else:
        last = next_comment_close(state, start + 1, end, closing)
    if not silent:
        token = state.push("comment", "", 0)
        token.map = [start, last + 1]
    state.line = last + 1
    return True


def next_comment_close(state: StateBlock, first: int, end: int, closing: str) -> int:
    for line in range(first, end):
        if closing in state.src[state.bMarks[line] : state.eMarks[line]]:
            return line
    return end - 1


def comment_inline(state: StateInline, silent: bool) -> bool:
    """`%%…%%` (or `<!--…-->`) inside a paragraph is dropped (an unclosed one stays text)."""
    marks = COMMENTS.get(state.src[state.pos])  # tried wherever text stops: one look first
    if marks is None or not state.src.startswith(marks[0], state.pos):
        return False
    opening, closing = marks
    close = state.src.find(closing, state.pos + len(opening))
    if close < 0:
        return False
    state.pos = close + len(closing)
    return True


def highlight(state: StateInline, silent: bool) -> bool:
    """`==text==` -> <mark>text</mark>; the text inside is parsed as markdown."""
    src, start = state.src, state.pos
    if not src.startswith("==", start) or start + 2 >= state.posMax or src[start + 2] in " \t\n=":
        return False
    close = src.find("==", start + 3)
    while close > 0 and src[close - 1].isspace():
        close = src.find("==", close + 1)
    if close < 0 or close + 2 > state.posMax:
        return False
    if not silent:
        state.push("mark_open", "mark", 1)
        old_max = state.posMax
        state.pos, state.posMax = start + 2, close
        state.md.inline.tokenize(state)
        state.posMax = old_max
        state.push("mark_close", "mark", -1)
    state.pos = close + 2
    return True


def hashtag(state: StateInline, silent: bool) -> bool:
    """`#tag` or `#nested/tag` after a space or at the start of a line (not `#1`, not in a link's
    text) -> a `hashtag` token; the render rule links it to its tag page."""
    src, pos = state.src, state.pos
    if src[pos] != "#" or state.linkLevel > 0 or (pos > 0 and not src[pos - 1].isspace()):
        return False
    m = _HASHTAG.match(src, pos, state.posMax)
    if m is None:
        return False
    if not silent:
        token = state.push("hashtag", "a", 0)
        token.content = m.group(1).rstrip("/")
    state.pos = m.end()
    return True


_NEW_BLOCK = re.compile(r"(?:[-*+]|\d{1,9}[.)])(?:\s|$)|#{1,6}(?:\s|$)|>|```|~~~")


def math_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """`$$` at the start of a line opens display math up to the next `$$`: on the same line, on a
    later one (blank lines may come between), where text may follow it (a paragraph of its own,
    which may open the next block: `$$ and so $$`). Registered to interrupt paragraphs (and
    quotes, by a lazy line), so a `$$` on the line after text is math, not `$…$` pairs."""
    first = block_line(state, start, "$$")
    if first is None or (silent and state.parentType in CONTINUED and closes_inline(state, start)):
        return False
    closing = first.find("$$", 2)
    if closing >= 0 and first[closing + 2 :].strip():
        return False  # `$$a$$ and more`: inline display math in a paragraph
    found = math_block_rest(state, start, first[2:], end)
    if found is None:
        return False
    if not silent:  # asked whether it may interrupt (silent), a rule moves no line
        state.line = push_math_blocks(state, start, found, end)
    return True


# the blocks whose text a `$$` line may go on (a paragraph's next line, a quote's lazy one)
CONTINUED = ("paragraph", "blockquote")


def math_block_rest(
    state: StateBlock, start: int, opened: str, end: int
) -> tuple[int, str, str] | None:
    """For math opened on line `start` with `opened` after its `$$`: the line it closes on, its
    TeX and the text after the closing `$$` (None: it never closes)."""
    closing = opened.find("$$")
    if closing >= 0:
        return start, opened[:closing], opened[closing + 2 :].strip()
    found = math_block_end(state, start + 1, end)
    if found is None:
        return None
    last, tail, rest = found
    middle = state.getLines(start + 1, last, state.blkIndent, False)
    return last, "\n".join(t for t in (opened, middle, tail) if t.strip()), rest


def closes_inline(state: StateBlock, line: int) -> bool:
    """Whether the paragraph that ends above `line` left a `$$` open (`Thus the map $$` and the
    TeX on the next lines): the `$$` line closes that math, it opens none. The paragraph began at
    state.line (the block parser's line while it asks what may interrupt it): a `$$` above it
    closed a block of its own, though no blank line may come between."""
    opened = 0
    while line > state.line and not state.isEmpty(line - 1):
        line -= 1
        opened += state.src.count("$$", state.bMarks[line], state.eMarks[line])
    return opened % 2 == 1


def push_math_blocks(state: StateBlock, start: int, found: tuple[int, str, str], end: int) -> int:
    """The math block's token, and the text after its closing `$$` as a paragraph: up to a `$$`
    it leaves open, which opens the next block when a later line closes it. The line after."""
    last, tex, rest = found
    while True:
        token = state.push("math_block", "math", 0)
        token.block, token.content, token.markup, token.map = True, tex, "$$", [start, last + 1]
        text, opened = rest, None
        if rest.count("$$") % 2 == 1:
            before, _, after = rest.rpartition("$$")
            opened = math_block_rest(state, last, after, end)
            text = before.strip() if opened is not None else rest
        if text:
            push_paragraph(state, text, [last, last + 1])
        if opened is None:
            return last + 1
        start, (last, tex, rest) = last, opened


def push_paragraph(state: StateBlock, text: str, lines: list[int]) -> None:
    state.push("paragraph_open", "p", 1).map = lines
    inline = state.push("inline", "", 0)
    inline.content, inline.map, inline.children = text, lines, []
    state.push("paragraph_close", "p", -1)


def math_block_end(state: StateBlock, first: int, end: int) -> tuple[int, str, str] | None:
    """The line of the closing `$$`, the TeX before it on that line and the text after it; None
    when the block is never closed, a heading comes first, or a line leaves its container (a list
    item's indent) by starting a block of its own there (a list item of words, a heading, a
    quote): TeX written from the margin under a list item's `$$` (`\\left[…`, `-4 & 2 \\\\`,
    an operator alone, `+`, or before a number, `- 5`) is the block's, as in Obsidian."""
    for line in range(first, end):
        if state.isEmpty(line):
            continue
        text = state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]
        # sCount -1: a lazy line of a quote, kept
        leaves = 0 <= state.sCount[line] < state.blkIndent and starts_a_block(text)
        if leaves or (state.sCount[line] - state.blkIndent < 4 and _HEADING.match(text)):
            return None
        tex, found, rest = text.partition("$$")
        if found:
            return line, tex, rest.strip()
    return None


def starts_a_block(text: str) -> bool:
    """Whether a line of a `$$` block starts a block of its own (a list item of words, a quote),
    not a row of TeX (`+`, `- 5`); asked of a line left of the block's indent only."""
    return _NEW_BLOCK.match(text) is not None and _TEX_ROW.fullmatch(text) is None


_HEADING = re.compile(r"#{1,6}(?:[ \t]|$)")
# a line of TeX that reads as a bullet: an operator alone between two matrices (`+`, `-`), or
# one before a number or a command (`- 5`, `- \left[`); an item of words (`- c`) is an item
_TEX_ROW = re.compile(r"[-+*](?:[ \t]+(?:\\.*|[^A-Za-z]*))?[ \t]*")


# `- [/] task`: a status of Obsidian's (any one character but a space) marks a task as done; a
# digit, as in `- [1] Smith et al.`, is a reference, not a status
_TASK_MARK = re.compile(r"\[([^\s\d\[\]])\][ \t]")


def custom_tasks(state: StateCore) -> None:
    """A list item starting `[/] `, `[-] `, `[>] `, … is a done task, as Obsidian shows it
    (markdown-it reads `[ ]` and `[x]` alone); its status is the item's data-task."""
    tokens = state.tokens
    for at, token in enumerate(tokens[:-2]):
        if token.type != "list_item_open" or "checked" in (token.meta or {}):
            continue
        inline = tokens[at + 2]
        mark = _TASK_MARK.match(inline.content) if inline.type == "inline" else None
        if mark is None or tokens[at + 1].type != "paragraph_open":
            continue
        token.meta = {**(token.meta or {}), "checked": True}
        token.attrSet("data-task", mark.group(1))
        token.attrJoin("class", "task-list-item")
        inline.content = inline.content[mark.end() :]
        owner = next(t for t in reversed(tokens[:at]) if t.level == token.level - 1)
        if "contains-task-list" not in str(owner.attrGet("class") or ""):
            owner.attrJoin("class", "contains-task-list")


# The inline HTML tags vaults write (Obsidian renders them): kept, with no attribute but those a
# raw HTML block's element keeps (`<abbr title>`), so `<mark style="background: …">` (the
# Highlightr plugin's) is a highlight; any other tag stays text, but for `<font …>` and `<span …>`,
# whose tags are left out and their words kept, and `<a href>`, a link (html_anchor).
# (`<img …>` is an image, its attributes sanitised as a raw HTML block's: rawhtml.)
KEPT_TAGS = frozenset(
    (
        *("br", "u", "sup", "sub", "mark", "ins", "del", "s", "kbd", "small", "b", "i", "em"),
        *("strong", "code", "cite", "q", "dfn", "var", "samp", "abbr"),
    )
)
_HTML_TAG = re.compile(r"<(/?)([A-Za-z]+)(\s[^<>]*?)?\s*/?>")
# tags left out, their words kept: `<font …>` and `<span …>` (above), and `<picture>` and its
# `<source srcset>`s, which only offer other sources for the `<img>` it holds: that image is shown,
# as a raw HTML block's is, whether the element is closed in the inline run or not
DROPPED_TAGS = frozenset(("font", "span", "picture", "source"))
# controls a vault writes around words (`[<button>Open in Obsidian</button>](obsidian://…)`, on
# each plugin's note of obsidian-community/obsidian-hub): their tags left out, the words kept, when
# the element is closed in the inline run (else `<button>` is prose about one, and stays text)
UNWRAPPED_TAGS = frozenset(("button", "label", "nobr"))
# elements that draw, play or frame something, as a clipped page holds them inline: left out
# whole (an iframe is a link), as in a raw HTML block (a `<script>` written in prose stays text)
MEDIA_TAGS = frozenset(("svg", "iframe", "video", "audio", "canvas", "object", "embed"))


def html_tag(state: StateInline, silent: bool) -> bool:
    """`<br>`, `<u>…</u>`, `<sup>` and the like as `html_tag` tokens (balanced by
    balance_html_tags); `<font color=…>` and `<span …>` left out; `<img …>` and a media
    element (`<svg …>…</svg>`, `<iframe …></iframe>`) a `raw_inline`, sanitised as a raw HTML
    block is."""
    if not state.src.startswith("<", state.pos):
        return False
    m = _HTML_TAG.match(state.src, state.pos, state.posMax)
    if m is None:
        return False
    closing, name, attrs = m.group(1), m.group(2).lower(), m.group(3)
    if name == "a":
        return html_anchor(state, m, silent)
    end = m.end() if name in IMAGE_TAGS else element_end(state, m, name)
    if not closing and end is not None:
        if not silent:
            pieces = sanitise(state.src[state.pos : end], 0, [])
            state.push("raw_inline", name, 0).meta = {"pieces": pieces}
        state.pos = end
        return True
    dropped = name in DROPPED_TAGS or (name in UNWRAPPED_TAGS and closed_in_run(state, m, name))
    if not dropped and name not in KEPT_TAGS:
        return False
    if not silent and not dropped:
        token = state.push("html_tag", name, 0)  # its nesting in meta: markdown-it's nesting
        token.meta = {"side": -1 if closing else (0 if name == "br" else 1)}  # moves delimiters
        token.content = m.group(0)
        if attrs and not closing:
            token.meta["attributes"] = allowed_attributes(name, start_tag_values(m.group(0)))
        state.env["html_tags"] = True  # the note has some: balance_html_tags has work
    state.pos = m.end()
    return True


_ANCHOR_END = re.compile(r"</a\s*>|<a[\s>]", re.I)  # what ends an <a>: its end tag, or another <a>


def html_anchor(state: StateInline, start: re.Match[str], silent: bool) -> bool:
    """`<a href="…">text</a>` in prose: a link, as `[text](…)` is, its text read as markdown.
    The tags of one with no URL that may be shown (`<a name="…">`, `javascript:`), one not
    closed in the inline run (before another `<a`), one inside a link, and every `</a>` are left
    out, the words kept."""
    end = _ANCHOR_END.search(state.src, start.end(), state.posMax)
    end = end if end and end.group(0).startswith("</") else None
    href = "" if start.group(1) else url_of(start_tag_values(start.group(0)).get("href", ""), False)
    url = state.md.normalizeLink(href) if href else ""
    if end is None or not url or not state.md.validateLink(url) or state.linkLevel > 0:
        state.pos = start.end()
        return True
    if not silent:
        state.push("link_open", "a", 1).attrs = {"href": url}
        posmax, state.posMax, state.pos = state.posMax, end.start(), start.end()
        state.linkLevel += 1
        state.md.inline.tokenize(state)
        state.linkLevel -= 1
        state.posMax = posmax
        state.push("link_close", "a", -1)
    state.pos = end.end()
    return True


def closed_in_run(state: StateInline, tag: re.Match[str], name: str) -> bool:
    """Whether a start tag is closed later in the inline run (a closing tag: opened before)."""
    if tag.group(1):
        return re.search(rf"<{name}\b[^<>]*>", state.src[: tag.start()], re.I) is not None
    closing = re.compile(rf"</{name}\s*>", re.I)
    return closing.search(state.src, tag.end(), state.posMax) is not None


def element_end(state: StateInline, start: re.Match[str], name: str) -> int | None:
    """Where a media element (`<svg …>…</svg>`) ends in the inline run: after its closing tag
    (None for another element, or one not closed in the run, whose tags are text)."""
    if name not in MEDIA_TAGS:
        return None
    if start.group(0).endswith("/>"):
        return start.end()
    depth, tags = 1, re.compile(rf"<(/?){name}\b[^<>]*>", re.I)
    for tag in tags.finditer(state.src, start.end(), state.posMax):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return tag.end()
    return None


def balance_html_tags(state: StateCore) -> None:
    """Each inline run's kept tags nested with its own elements (emphasis, links): a tag still
    open where an element it sits in ends is closed there, a closing tag with no open one is
    left out (so is one that would cross an element), and a tag left open is closed at the
    end."""
    if not state.env.get("html_tags"):
        return
    for block in state.tokens:
        if block.type == "inline" and block.children:
            block.children = balanced_tags(block.children)


def balanced_tags(children: list[Token]) -> list[Token]:
    out: list[Token] = []
    opened: list[Token] = []  # the kept tags and markdown elements open, innermost last
    for token in children:
        side = token.meta.get("side", 0) if token.type == "html_tag" else token.nesting
        if side == 1:
            opened.append(token)
        elif side == -1 and token.type == "html_tag":
            at = next((i for i in range(len(opened) - 1, -1, -1) if opened[i].tag == token.tag), -1)
            if at < 0:  # it closes nothing: left out, as a browser does
                continue
            if any(t.type != "html_tag" for t in opened[at:]):
                continue
            out += [closing_tag(t) for t in reversed(opened[at:])]
            del opened[at:]
            continue
        elif side == -1:
            while opened and opened[-1].type == "html_tag":
                out.append(closing_tag(opened.pop()))
            if opened:
                opened.pop()
        out.append(token)
    return out + [closing_tag(t) for t in reversed(opened) if t.type == "html_tag"]


def closing_tag(opening: Token) -> Token:
    return Token("html_tag", opening.tag, 0, meta={"side": -1})


def render_html_tag(
    _self: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, _env: EnvType
) -> str:
    token = tokens[idx]
    if token.meta.get("side") == -1:
        return f"</{token.tag}>"
    return f"<{token.tag}{token.meta.get('attributes', '')}>"


# A template's placeholders left in a note: Templater's `<% tp.file.title %>` (`<%*`, `<%+`,
# `<%-` …), and a link whose target is one or is a core template's `{{date}}`
_TEMPLATER_END = "%>"
_CORE_PLACEHOLDER = re.compile(r"\{\{[^{}]*\}\}")


def is_placeholder_target(target: str) -> bool:
    """Whether a wikilink's target is a template's placeholder (no note's name)."""
    return "<%" in target or _CORE_PLACEHOLDER.fullmatch(target) is not None


def templater(state: StateInline, silent: bool) -> bool:
    """`<% … %>` (Templater's command, which runs only when it makes a note from a template) in
    prose: a `placeholder` token, shown as written, as Obsidian shows it (a note's words), and
    told once for the note (placeholder_problem)."""
    if not state.src.startswith("<%", state.pos):
        return False
    end = state.src.find(_TEMPLATER_END, state.pos + 2, state.posMax)
    if end < 0:
        return False
    if not silent:
        push_placeholder(state, state.src[state.pos : end + 2])
    state.pos = end + 2
    return True


def push_placeholder(state: StateInline, shown: str, written: str = "") -> None:
    """A placeholder shown as `shown` (a link's label: `[[<% … %>|yesterday]]`), written so."""
    token = state.push("placeholder", "", 0)
    token.content, token.meta = shown, {"written": written or shown}
    state.env["placeholders"] = True  # placeholder_problem has work


def placeholder_problem(state: StateCore) -> None:
    """One `template-placeholder` problem for a note holding placeholders (a template's note
    holds many): at the first, with their count."""
    if not state.env.get("placeholders"):
        return
    found = [
        child
        for block in state.tokens
        if block.type == "inline"
        for child in block.children or ()
        if child.type == "placeholder"
    ]
    first = found[0]
    shown = " ".join(first.meta["written"].split())
    shown = shown if len(shown) <= 60 else f"{shown[:57]}..."
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    message = f"a template's placeholder {shown} is left in the note{more}; shown as written"
    line = int(first.meta.get("line", 0))
    state.env.setdefault("problems", []).append(("template-placeholder", message, line))


def render_placeholder(
    _self: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, _env: EnvType
) -> str:
    return escape(tokens[idx].content, quote=False)
