"""Archive text -> format and raw posts: taxonomy pages (`Tag:`/`Category:` + `  • Title`) (pure)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from notebase.importers.informal import TLDR_LINE
from notebase.importers.model import ArchiveLine, RawPost, Taxonomy

_TITLE = re.compile(r"^ {0,3}[•●▪◦] +(?P<title>\S.*?)\s*$")
GLYPH = re.compile(r"^(?P<glyph>[•●▪◦‣■□►▸*-]|#{1,6}|\d{1,3}[.)])\s+(?=\S)")
HEADER = re.compile(
    r"^(?P<key>tags?|categor(?:y|ies)|topics?|labels?)\s*:\s*(?P<value>\S.*?)\s*$", re.I
)
BODY_INDENT = 4


def split_lines(text: str) -> tuple[str, ...]:
    """The archive's lines without line endings (a final newline, if any, adds no line)."""
    return tuple(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))


def find_title_lines(lines: Sequence[str]) -> tuple[int, ...]:
    """0-based indexes of `  • Title` lines: bullets indented less than the post bodies."""
    return tuple(i for i, line in enumerate(lines) if _TITLE.match(line))


def is_informal(lines: Sequence[str]) -> bool:
    """An informal paper-reading post has unindented `tldr:` lines and no `  • Title` lines."""
    return not find_title_lines(lines) and any(TLDR_LINE.match(line) for line in lines)


def parse_header(line: str) -> Taxonomy | None:
    """`Tag: ml` -> tags ('ml',); `Category: a, b` -> categories ('a', 'b'); None otherwise."""
    m = HEADER.match(line)
    if not m:
        return None
    values = tuple(v.strip() for v in m.group("value").split(",") if v.strip())
    if m.group("key").lower().startswith("categor"):
        return Taxonomy(categories=values)
    return Taxonomy(tags=values)


def dedent_line(number: int, raw: str, indent: int = BODY_INDENT) -> ArchiveLine:
    """Remove up to `indent` leading spaces; a whitespace-only line keeps its spaces (code evidence)."""
    if raw and not raw.strip():
        return ArchiveLine(number, raw)
    width = len(raw) - len(raw.lstrip(" "))
    return ArchiveLine(number, raw[min(width, indent) :].rstrip("\n"))


def body_indent(lines: Sequence[str]) -> int:
    """The indentation every non-blank body line shares (the post's base indent)."""
    return min((len(t) - len(t.lstrip(" ")) for t in lines if t.strip()), default=0)


SEPARATOR_COLON = re.compile(
    r"\s+:$"
)  # `Title :` over its excerpt (a lead-in `…this:` has no space)


def title_text(line: str) -> str:
    """A title line without its bullet or number glyph, nor a ` :` separating it from its excerpt."""
    text = SEPARATOR_COLON.sub("", line.strip())
    m = GLYPH.match(text)
    return text[m.end() :].strip() if m else text


def cut_posts(
    lines: Sequence[str],
    titles: Sequence[int],
    roundup_item: bool = False,
    heads: Sequence[int] = (),
) -> tuple[RawPost, ...]:
    """Each title line starts a post that runs to the line before the next title, or before the
    next post's head (`heads`: where each post begins above its title: a card's lines, a date),
    its RawPost.head."""
    posts = []
    ends = [*(heads or titles)[1:], len(lines)] if titles else []
    for k, (start, end) in enumerate(zip(titles, ends, strict=True)):
        indent = body_indent(lines[start + 1 : end])
        body = tuple(dedent_line(i + 1, lines[i], indent) for i in range(start + 1, end))
        above = range(heads[k], start) if heads else range(0)
        head = tuple(dedent_line(i + 1, lines[i], 0) for i in above)
        title = title_text(lines[start])
        posts.append(RawPost(title, start + 1, body, roundup_item=roundup_item, head=head))
    return tuple(posts)


def read_preamble(
    lines: Sequence[str], first_title: int
) -> tuple[Taxonomy, tuple[ArchiveLine, ...]]:
    """The header's taxonomy and the other non-blank lines before the first post (description)."""
    numbered = [(i, lines[i]) for i in range(first_title) if lines[i].strip()]
    taxonomy = Taxonomy()
    if numbered and (header := parse_header(numbered[0][1])) is not None:
        taxonomy, numbered = header, numbered[1:]
    return taxonomy, tuple(ArchiveLine(i + 1, text.strip()) for i, text in numbered)
