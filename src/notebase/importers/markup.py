"""Recovered prose -> safe markdown text: escapes, footnote references, wikilinks (pure)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_INLINE = re.compile(
    r"\\(?=[!-/:-@\[-`{-~])|`|\$|<(?=[A-Za-z/!?])|\[(?=\[|\^)|(?<=\[)\[|\](?=\])|(?<=\])\]"
)
_LINE_START = re.compile(r"^(?:#|>|[-+*](?=\s)|=+\s*$|-+\s*$|\||~~~|```)")
_NUMBERED_START = re.compile(r"^(\d{1,9})([.)])(?=\s)")
_WIKI = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")
MIN_LINK_WORDS = 3
MIN_LINK_CHARS = 15


def escape_inline(text: str) -> str:
    """Backslash-escape characters that would change meaning inside a line (`` ` $ < [[ [^ ``)."""
    return _INLINE.sub(lambda m: "\\" + m.group(0), text)


def escape_line(text: str) -> str:
    """Escape a prose line: inline characters, and a start that markdown would read as syntax."""
    return escape_line_start(escape_inline(text))


def footnote_refs(numbers: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern for references glued to words: `striding1.`, `index)4`, `provenance.1`."""
    alts = "|".join(sorted(set(numbers), key=lambda n: (-len(n), n)))
    if not alts:
        return None
    return re.compile(
        rf"(?:(?<=[a-z][a-z])|(?<=[A-Za-z][)\]”’\"'.,;:!?]))(?P<n>{alts})(?![\dA-Za-z]|[.,]\d)"
    )


def link_pattern(title: str) -> re.Pattern[str] | None:
    """A title worth linking (several words), matched case-insensitively, `-` standing for ` `."""
    words = re.split(r"[\s\-‐–]+", title.strip())
    if any(c in title for c in "|[]#^"):
        return None
    if len(words) < MIN_LINK_WORDS or len(title) < MIN_LINK_CHARS:
        return None
    body = r"[\s\-‐–]+".join(re.escape(w) for w in words)
    return re.compile(rf"(?<![\w\[])(?:{body})(?![\w\]])", re.I)


def render_inline(
    text: str, refs: re.Pattern[str] | None, link: tuple[str, re.Pattern[str]] | None
) -> str:
    """Escape one line, turn glued footnote numbers into `[^n]`, and link a known title once."""
    parts: list[str] = []
    pos = 0
    marks: list[tuple[int, int, str]] = []
    if refs is not None:
        marks += [(m.start(), m.end(), f"[^{m.group('n')}]") for m in refs.finditer(text)]
    if link is not None and (m := link[1].search(text)):
        target, said = link[0], m.group(0)
        marks.append(
            (m.start(), m.end(), f"[[{target}]]" if said == target else f"[[{target}|{said}]]")
        )
    for start, end, repl in sorted(marks):
        if start < pos:
            continue
        parts += [escape_inline(text[pos:start]), repl]
        pos = end
    parts.append(escape_inline(text[pos:]))
    line = "".join(parts)
    return escape_line_start(line)


def escape_line_start(line: str) -> str:
    """Escape a line start that markdown would read as a heading, quote, list, rule or table."""
    if m := _NUMBERED_START.match(line):
        return f"{m.group(1)}\\{m.group(2)}{line[m.end() :]}"
    return "\\" + line if _LINE_START.match(line) else line


def strip_wikilinks(text: str) -> str:
    """`[[Target|shown]]` -> `shown`, `[[Target]]` -> `Target`: the words as written."""
    return _WIKI.sub(lambda m: m.group(1), text)


def find_link(
    text: str, titles: Sequence[tuple[str, re.Pattern[str]]]
) -> tuple[str, re.Pattern[str]] | None:
    """The first known title mentioned in the text, if any."""
    for title, pattern in titles:
        if pattern.search(text):
            return title, pattern
    return None
