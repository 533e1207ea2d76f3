"""An MDX post's source (a Gatsby or Next.js blog's `.mdx`) -> plain markdown: what MDX adds to
markdown, JavaScript the page runs and React components it draws, read as what a note can show
(pure)."""

from __future__ import annotations

import re

from notebase.importers.blogsource import outside_code_blocks

# an ESM block: a paragraph opening with `import` or `export` at its first column, to a blank line
_ESM = re.compile(r"^(?:import|export)\b[^\n]*(?:\n[ \t]*\S[^\n]*)*", re.M)
_COMMENT = re.compile(r"\{/\*.*?\*/\}", re.S)  # `{/* prettier-ignore */}`
# a React component's tag opening a line (`<Example />`, `<Comps.Rendered>`), and its end tag
_COMPONENT = re.compile(r"^[ \t]*<(?P<name>[A-Z][\w.]*)(?=[\s/>])", re.M)
_END_TAG = re.compile(r"^[ \t]*</[A-Z][\w.]*>[ \t]*$", re.M)
_SRC = re.compile(
    r"""\bsrc\s*=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|\{\s*["'](?P<js>[^"']*)["']\s*\})"""
)
_ALT = re.compile(r"""\balt\s*=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)')""")
TAG_MAX = 20_000  # the characters a component's opening tag may take (its props), at most


def from_mdx(body: str) -> str:
    """The body of an MDX post as plain markdown: its `import` / `export` blocks (the page's
    JavaScript) and `{/* comments */}` left out; a React component drawn alone (`<Example />`,
    over lines: `<Themed dark={…} light={…} />`) left out, but an image's (`<Image src="/x.png"
    alt="x" />`, next/image's) as the image; a component's own tags round markdown (`<Note>` …
    `</Note>`) left out, the markdown kept. Every line keeps its number (what is left out is
    blank lines); code blocks as they are."""
    return outside_code_blocks(body, plain_prose)


def plain_prose(text: str) -> str:
    text = _ESM.sub(lambda m: blank(m) if opens_block(text, m.start()) else m.group(0), text)
    text = _COMMENT.sub(blank, text)
    return _END_TAG.sub("", without_components(text))


def opens_block(text: str, at: int) -> bool:
    """Whether the line at `at` opens a block: the text's first, or one after a blank line."""
    before = text[:at].rstrip(" \t")
    return not before.strip() or before.endswith("\n\n")


def blank(match: re.Match[str]) -> str:
    """What a match is left out as: its line breaks, so that the lines after keep their numbers."""
    return "\n" * match.group(0).count("\n")


def without_components(text: str) -> str:
    """The text with each component's opening tag at a line's start read as from_mdx says."""
    out: list[str] = []
    pos = 0
    for found in _COMPONENT.finditer(text):
        if found.start() < pos:
            continue  # (inside a tag already read)
        end = tag_end(text, found.end())
        if end is None:
            continue
        tag = text[found.start() : end]
        out += [text[pos : found.start()], component_markup(tag) + "\n" * tag.count("\n")]
        pos = end
    return "".join(out) + text[pos:]


def tag_end(text: str, at: int) -> int | None:
    """Where the opening tag whose props start at `at` ends (after its `>` or `/>`), its props'
    `{…}` expressions and quoted values read whole; None when it does not end."""
    depth, quote = 0, ""
    for i in range(at, min(len(text), at + TAG_MAX)):
        c = text[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'`" and not text[i - 1].isalnum():  # (not an apostrophe: `don't`)
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth = max(0, depth - 1)
        elif c == ">" and not depth:
            return i + 1
    return None


def component_markup(tag: str) -> str:
    """A component's opening tag as a note shows it: an image's (one with an `src`) as that
    image, another as nothing (what it draws is the page's script's)."""
    if not tag.rstrip().endswith("/>") or not (src := _SRC.search(tag)):
        return ""
    path = src.group("dq") or src.group("sq") or src.group("js") or ""
    alt = _ALT.search(tag)
    words = (alt.group("dq") or alt.group("sq") or "") if alt else ""
    return f"![{words}]({path})" if path and not re.search(r"[\s()]", path) else ""
