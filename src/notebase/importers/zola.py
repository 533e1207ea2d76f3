"""A Zola post's shortcodes -> plain markdown: `{{ name(args) }}` and `{% name(args) %}` …
`{% end %}`, Tera's calls of the site's templates, read as what they show (pure)."""

from __future__ import annotations

import re

from notebase.importers.blogsource import (
    CALLOUT_SHORTCODES,
    IMAGE_ARGUMENTS,
    TEX_SHORTCODES,
    callout_line,
    figure_markup,
    quote_blocks,
    shortcode_arguments,
    youtube_link,
)
from notebase.importers.htmlmd import link_target
from notebase.markdown.text import fence_after

# a call's arguments: `key=value` pairs, quoted values read whole (`alt="a, b)"`)
_ARGS = r"""(?P<args>(?:"[^"\n]*"|'[^'\n]*'|[^()"'\n])*)"""
_INLINE = re.compile(r"\{\{-?\s*(?P<name>\w+)\(" + _ARGS + r"\)\s*-?\}\}")
_BODY = re.compile(r"\{%-?\s*(?P<name>\w+)\(" + _ARGS + r"\)\s*-?%\}")
_END = re.compile(r"\{%-?\s*end\s*-?%\}")
_ONE_LINE = re.compile(_BODY.pattern + r"(?P<body>.*?)" + _END.pattern)
# the shortcodes of Zola themes (and Zola's own, before 0.11) that typeset TeX
MATH_SHORTCODES = frozenset((*TEX_SHORTCODES, "equation", "m"))
# those that set a box apart from the text, as Hugo themes' do (Zola themes' `note`, `alert`, …)
BOX_SHORTCODES = CALLOUT_SHORTCODES | {"note", "warning", "tip", "info", "important"}


def from_zola(body: str) -> str:
    """The body of a Zola post as plain markdown: a shortcode with a body (`{% name(…) %}` …
    `{% end %}`) as its body, a formula's (`math`, `katex`: MATH_SHORTCODES) as TeX (`$$…$$`
    alone on its lines or `block=true`, else `$…$`), a box's (`note`, `alert`: BOX_SHORTCODES)
    as a callout of its kind, another's body as it is (a caption's words); a call without one
    (`{{ img(src="x.png", alt="x") }}`) as the image it shows, `{{ youtube(id="…") }}` as a link
    to the video, `{{ toc() }}` left out, another as written. Code blocks as they are."""
    if "{%" not in body and "{{" not in body:
        return body
    body = quote_blocks(body, box_opens, ends_body)
    return body_blocks(body)


def box_opens(line: str) -> tuple[str, str] | None:
    """The callout line a box shortcode alone on its line opens with (`> [!warning] T`)."""
    found = _BODY.fullmatch(line.strip())
    if found is None or found.group("name") not in BOX_SHORTCODES:
        return None
    named = call_arguments(found.group("args"))
    kind = named.get("type") or named.get("kind") or found.group("name")
    return callout_line(kind, named.get("title") or named.get("header") or "")


def call_arguments(args: str) -> dict[str, str]:
    """A call's named arguments: `src="x.png", width=500` -> {"src": "x.png", "width": "500"}."""
    return {k: v.rstrip(",") for k, v in shortcode_arguments(args) if k}


def ends_body(line: str) -> bool:
    return _END.fullmatch(line.strip()) is not None


def body_blocks(body: str) -> str:
    """The body with each shortcode spanning lines (its tags alone on theirs) as from_zola says,
    and each line's own shortcodes; code blocks as they are."""
    out: list[str] = []
    fence, closing = "", None  # closing: what the block under way ends with
    opened = (0, "")  # where it opened in `out`, and its line as written
    for line in body.split("\n"):
        if not fence and closing is not None and ends_body(line):
            out.append(closing)
            closing = None
        elif not fence and closing is None and (found := _BODY.fullmatch(line.strip())):
            closing = "$$" if found.group("name") in MATH_SHORTCODES else ""
            opened = (len(out), line)
            out.append(closing)
        else:
            out.append(line if fence else inline_shortcodes(line))
            fence = fence_after(line, fence)
    if closing is not None:  # never ended: its tag as written, not the rest of the post a formula
        out[opened[0]] = opened[1]
    return "\n".join(out)


def inline_shortcodes(line: str) -> str:
    if "{%" in line:
        line = _ONE_LINE.sub(lambda m: one_line_body(m, line), line)
    return _INLINE.sub(call_markup, line) if "{{" in line else line


def one_line_body(match: re.Match[str], line: str) -> str:
    """A shortcode with its body on one line: a formula's as TeX (`$$…$$` when it is the whole
    line or says `block=true`, else `$…$`), another's body as it is."""
    text = match.group("body")
    if match.group("name") not in MATH_SHORTCODES or not text.strip():
        return text
    block = "block=true" in match.group("args").replace(" ", "").lower()
    if block or match.group(0) == line.strip():
        return f"$${text.strip()}$$"
    return f"${text.strip()}$"


def call_markup(match: re.Match[str]) -> str:
    """What a call without a body shows: an image's (one naming a file) its image, a video its
    link, a table of contents nothing (the note's page has its own); any other as written."""
    name = match.group("name").lower()
    named = call_arguments(match.group("args"))
    src = next((named[k] for k in IMAGE_ARGUMENTS if named.get(k)), "")
    if src and any(w in name for w in ("img", "image", "figure", "picture", "photo")):
        caption = named.get("caption") or named.get("title") or ""
        if caption:
            return figure_markup(src, caption, named)
        return f"![{named.get('alt', '')}]({link_target(src)})"
    if name == "youtube" and (video := youtube_link(named.get("id", ""))):
        return video
    return "" if name == "toc" else match.group(0)
