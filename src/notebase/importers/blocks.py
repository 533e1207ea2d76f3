"""Body lines -> blocks: paragraphs, code, lists, footnote definitions, URLs, fields, headings (pure)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from notebase.importers.model import ArchiveLine, Block, BlockKind

BULLET = re.compile(r"^ {0,3}[•●▪◦‣*-] +(?=\S)")
NUMBER = re.compile(r"^ {0,3}(?P<n>\d{1,3})[.)] +(?=\S)")
BACKREF = re.compile(r"\s*↩\ufe0e?\ufe0f?\s*$")
FIELD = re.compile(r"^(?P<label>tl;?dr|eval)\s*:\s*", re.I)
BARE_URL = re.compile(r"^<?https?://\S+>?$")
_PY = re.compile(
    r"^(?:import \w|from [\w.]+ import |def \w|class \w|async def |return\b|raise\b|"
    r"@\w|(?:if|elif|for|while|with|try|except|else)\b.*:$|print\()"
)
_SHELL = re.compile(
    r"^(?:\$ |(?:pip|pip3|uv|npm|npx|git|curl|wget|cd|ls|python3?|apt(?:-get)?|"
    r"brew|docker|make|export|echo|sudo|conda|cargo|go|yarn|pnpm) \S)"
)
_CODE_END = re.compile(r"[:({\[,;=\\]$|^[)\]}]+[,;]?$")
_ASSIGN = re.compile(r"^[\w.\[\]'\"]+\s*(?:[+\-*/]?=)\s*\S")
_BOX = re.compile(r"[\u2500-\u257f]|^=+$|^-{3,}$")
MORE_LINK = re.compile(r"^(?:read more|continue reading|keep reading|read the rest)\b", re.I)
MORE = re.compile(  # what ends a listed post's excerpt: `Read more`, `» date`, `word […]`
    r"(?:^|\s|\w)(?:read more|continue reading|keep reading|read the rest|read the full|more…|"
    r"more\.\.\.)\b.*$|»\s*\S+\s*$|\w[^\w\s]*\s+\[(?:…|\.\.\.)\]$",
    re.I,
)
HEADING_MAX_WORDS = 6
HEADING_MAX_CHARS = 60


def split_chunks(lines: Sequence[ArchiveLine]) -> tuple[tuple[ArchiveLine, ...], ...]:
    """Runs of lines between empty lines; whitespace-only lines stay inside (code evidence)."""
    chunks: list[tuple[ArchiveLine, ...]] = []
    run: list[ArchiveLine] = []
    for line in [*lines, ArchiveLine(0, "")]:
        if line.text:
            run.append(line)
        elif run:
            chunks.append(tuple(run))
            run = []
    return tuple(c for c in chunks if any(line.text.strip() for line in c))


def is_code_line(text: str) -> bool:
    """A line that reads as source code or program output rather than prose."""
    body = text.strip()
    return bool(
        not body
        or _PY.match(body)
        or _SHELL.match(body)
        or _CODE_END.search(body)
        or _ASSIGN.match(body)
        or _BOX.search(body)
        or body.startswith(("#", "//", '"""', "'''"))
    )


def is_list_start(text: str) -> bool:
    return bool(BULLET.match(text) or NUMBER.match(text))


def looks_like_code(chunk: Sequence[ArchiveLine]) -> bool:
    """Whitespace-only lines, or mostly code-like lines over several lines, make a code block."""
    if is_list_start(chunk[0].text):
        return False
    if any(not line.text.strip() for line in chunk):
        return True
    if len(chunk) < 2:
        return bool(_SHELL.match(chunk[0].text) and chunk[0].text.startswith("$ "))
    code = sum(is_code_line(line.text) for line in chunk)
    nested = any(line.text.startswith(" ") for line in chunk[1:])
    return code * 2 >= len(chunk) or (nested and code >= 1)


def detect_language(lines: Sequence[ArchiveLine]) -> str:
    """python / bash / json when the code says so; '' when it is not evident."""
    texts = [line.text.strip() for line in lines if line.text.strip()]
    if any(_PY.match(t) for t in texts):
        return "python"
    if texts and all(_SHELL.match(t) for t in texts):
        return "bash"
    if texts and texts[0][:1] in "{[" and texts[-1][-1:] in "}]":
        return "json"
    return ""


def trim_code(chunk: Sequence[ArchiveLine]) -> tuple[ArchiveLine, ...]:
    """Drop the trailing whitespace-only lines that closed a code block."""
    end = len(chunk)
    while end > 1 and not chunk[end - 1].text.strip():
        end -= 1
    return tuple(chunk[:end])


def split_items(chunk: Sequence[ArchiveLine]) -> list[list[ArchiveLine]]:
    """Group lines into items (a marker line + indented continuation lines) and plain runs."""
    groups: list[list[ArchiveLine]] = []
    for line in chunk:
        starts = is_list_start(line.text)
        joins = (
            groups
            and not starts
            and (line.text.startswith(" ") or not is_list_start(groups[-1][0].text))
        )
        if joins:
            groups[-1].append(line)
        else:
            groups.append([line])
    return groups


def item_kind(group: Sequence[ArchiveLine]) -> BlockKind:
    first = group[0].text
    if NUMBER.match(first) and BACKREF.search(group[-1].text):
        return BlockKind.FOOTNOTE
    if NUMBER.match(first):
        return BlockKind.NUMBERED
    if BULLET.match(first):
        return BlockKind.BULLETS
    return BlockKind.PARAGRAPH


def chunk_blocks(chunk: Sequence[ArchiveLine]) -> list[Block]:
    """The blocks of one chunk: code, or lists / footnotes / paragraphs item by item."""
    if looks_like_code(chunk):
        lines = trim_code(chunk)
        return [Block(BlockKind.CODE, lines, lang=detect_language(lines))]
    blocks: list[Block] = []
    for group in split_items(chunk):
        kind = item_kind(group)
        mergeable = kind in (BlockKind.BULLETS, BlockKind.NUMBERED)
        if blocks and mergeable and blocks[-1].kind is kind:
            blocks[-1] = Block(kind, blocks[-1].lines + tuple(group))
        else:
            blocks.append(
                Block(classify_plain(group) if kind is BlockKind.PARAGRAPH else kind, tuple(group))
            )
    return blocks


def classify_plain(group: Sequence[ArchiveLine]) -> BlockKind:
    """A plain run: a bare URL line, a `tldr:` / `eval:` field, or a paragraph."""
    if len(group) == 1 and BARE_URL.match(group[0].text.strip()):
        return BlockKind.URL
    if FIELD.match(group[0].text):
        return BlockKind.FIELD
    return BlockKind.PARAGRAPH


def is_heading_text(text: str) -> bool:
    """A short capitalised line without sentence punctuation, e.g. `Similarities`."""
    body = text.strip()
    words = body.split()
    return (
        0 < len(words) <= HEADING_MAX_WORDS
        and len(body) <= HEADING_MAX_CHARS
        and body[0].isupper()
        and body[-1] not in '.:;,!?…)"”’'
        and "," not in body
        and not BARE_URL.match(body)
        and not MORE_LINK.match(body)
    )


def mark_headings(blocks: Sequence[Block], heading_lines: Sequence[int]) -> tuple[Block, ...]:
    """Lines the format marks as headings, and short lines between paragraphs, become headings."""
    out: list[Block] = []
    for i, block in enumerate(blocks):
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        natural = (
            i > 0
            and block.kind is BlockKind.PARAGRAPH
            and len(block.lines) == 1
            and nxt is not None
            and nxt.kind in (BlockKind.PARAGRAPH, BlockKind.CODE)
            and is_heading_text(block.text)
        )
        forced = block.first_line in heading_lines and len(block.lines) == 1
        out.append(Block(BlockKind.HEADING, block.lines) if natural or forced else block)
    return tuple(out)


def build_blocks(
    lines: Sequence[ArchiveLine], heading_lines: Sequence[int] = ()
) -> tuple[Block, ...]:
    """All the blocks of a post body, in order."""
    blocks = [block for chunk in split_chunks(lines) for block in chunk_blocks(chunk)]
    return mark_headings(blocks, heading_lines)
