"""Recovered prose -> safe markdown text: escapes, footnote references, wikilinks (pure)."""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

_INLINE = re.compile(
    r"\\(?=[!-/:-@\[-`{-~])|`|\$|<(?=[A-Za-z/!?])|\[(?=\[|\^)|(?<=\[)\[|\](?=\])|(?<=\])\]"
)
_LINE_START = re.compile(r"^(?:#|>|[-+*](?=\s)|=+\s*$|-+\s*$|\||~~~|```)")
_NUMBERED_START = re.compile(r"^(\d{1,9})([.)])(?=\s)")
_WIKI = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")
_WORD = re.compile(r"\w+")
_TITLE_SEP = re.compile(r"[\s\-‐–]+")  # between the words of a title: spaces or dashes
_DASHES = str.maketrans("‐–", "--")
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


def is_linkable(title: str) -> bool:
    """A title worth linking has several words and no wikilink syntax."""
    words = _TITLE_SEP.split(title.strip())
    if not fits_wikilink(title):
        return False
    return len(words) >= MIN_LINK_WORDS and len(title) >= MIN_LINK_CHARS


def fits_wikilink(title: str) -> bool:
    """Whether `[[title]]` links by the whole title (none of `|[]#^`, which a wikilink reads)."""
    return not any(c in title for c in "|[]#^")


def note_link(title: str, text: str) -> str:
    """A link's words `text` as a wikilink to the note `title`: `[[title|text]]`, or `[[title]]`
    when the words say nothing else or cannot stand as a wikilink's words (`|`, `[`, `]`; a `#`
    or `^` can: only a target reads them)."""
    named = text.strip() and text != title and not any(c in text for c in "|[]")
    return f"[[{title}|{text}]]" if named else f"[[{title}]]"


@functools.lru_cache(maxsize=100_000)
def link_pattern(title: str) -> re.Pattern[str] | None:
    """A title worth linking, matched case-insensitively in `fold_dashes(text)`, a space or dash
    standing for any run of them (compiled once; its classes are ASCII, which compile fast)."""
    if not is_linkable(title):
        return None
    words = _TITLE_SEP.split(title.strip())
    body = r"[\s\-]+".join(re.escape(w) for w in words)
    return re.compile(rf"(?<![\w\[])(?:{body})(?![\w\]])", re.I)


def fold_dashes(text: str) -> str:
    """The text with `‐` and `–` written `-` (same length: match positions hold for the text)."""
    return text.translate(_DASHES)


def render_inline(
    text: str, refs: re.Pattern[str] | None, link: tuple[str, re.Pattern[str]] | None
) -> str:
    """Escape one line, turn glued footnote numbers into `[^n]`, and link a known title once."""
    parts: list[str] = []
    pos = 0
    marks: list[tuple[int, int, str]] = []
    if refs is not None:
        marks += [(m.start(), m.end(), f"[^{m.group('n')}]") for m in refs.finditer(text)]
    if link is not None and (m := link[1].search(fold_dashes(text))):
        target, said = link[0], text[m.start() : m.end()]
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


@dataclass(frozen=True, slots=True)
class TitleIndex:
    """Titles worth linking, in the order they are tried, each filed under its rarest word: a line
    is matched only against the titles filed under one of its words, not against every title."""

    titles: tuple[str, ...] = ()
    by_word: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    wordless: tuple[int, ...] = ()  # titles without a word character: tried on every line


def index_titles(titles: Iterable[str]) -> TitleIndex:
    """Every word of a title appears whole in a line that mentions it, so any one word will do."""
    ordered = tuple(titles)
    words = [[w.casefold() for w in _WORD.findall(title)] for title in ordered]
    counts = Counter(w for ws in words for w in set(ws))
    by_word: dict[str, list[int]] = defaultdict(list)
    wordless: list[int] = []
    for i, ws in enumerate(words):
        if ws:
            by_word[min(ws, key=lambda w: counts[w])].append(i)
        else:
            wordless.append(i)
    return TitleIndex(ordered, {w: tuple(ids) for w, ids in by_word.items()}, tuple(wordless))


def find_link(
    text: str, index: TitleIndex, skip: set[int], own_title: str
) -> tuple[int, re.Pattern[str]] | None:
    """The first title of the index mentioned in the text (not in `skip`, not `own_title`)."""
    words = {w.casefold() for w in _WORD.findall(text)}
    candidates = {i for w in words for i in index.by_word.get(w, ())}
    folded = fold_dashes(text)
    for i in sorted(candidates.union(index.wordless)):
        title = index.titles[i]
        if i in skip or title.casefold() == own_title:
            continue
        pattern = link_pattern(title)
        if pattern is not None and pattern.search(folded):
            return i, pattern
    return None
