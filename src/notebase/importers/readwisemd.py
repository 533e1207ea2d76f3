"""Readwise's markdown export (its Obsidian plugin's notes, its Markdown download): one document's
`# Title`, a `## Metadata` list (`Author: [[Name]]`, `Full Title:`, `Category: #articles`,
`Document Tags:`, `Summary:`, `URL:`) and its `## Highlights`, each a list item whose place follows
it (`([Location 50](…))`, `(Page 12)`, `([View Highlight](…))`), a `Note:` and `Tags:` under it.
Read into the post's fields, each highlight a quote attributed as a Kindle clipping's is (pure)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from notebase.importers.highlights import (
    Book,
    Highlight,
    heading_level,
    is_readwise_mark,
    quoted,
    source_text,
)
from notebase.importers.model import ImportedPost, Taxonomy
from notebase.importers.structured import (
    author_names,
    paper_ids,
    parse_date,
    safe_url,
    source_kind,
    tag_names,
)
from notebase.reading.bodysource import (
    HEADING,
    METADATA,
    METADATA_FIELD,
    metadata_fields,
    plain_name,
    section_of,
)

_HIGHLIGHTS = re.compile(r".*\bhighlights\b.*", re.I)  # `Highlights`, `New highlights added …`
_ITEM = re.compile(r"^(?P<indent> {0,3})[-*+](?: +|$)")
# where a highlight is, after its words: `([Location 50](https://readwise.io/to_kindle?…))`,
# `(Page 12)`, `([View Highlight](https://read.readwise.io/…))`, `([Time 0:16:39](…))`; then what a
# template adds: `[Open in Readwise](…)`, a block id `^rw54387690`, Logseq's `#Highlight`
_PLACE = re.compile(
    r"\s*\((?:\[(?P<label>[^\]]+)\]\([^)\s]*\)|(?P<plain>(?:location|page|time|position)\s[^()]*))\)"
    r"(?:\s*\[Open in Readwise\]\([^)\s]*\))?(?:\s*\^[\w-]+)?\s*$",
    re.I,
)
_NO_PLACE = re.compile(r"view (?:highlight|tweet)", re.I)  # a link to the reader's own copy
_TAG = re.compile(
    r"\[\[(?P<wiki>[^\]|#]+)[^\]]*\]\]|\[(?P<link>[^\]]+)\]\([^)]*\)|#(?P<hash>[\w/-]+)"
    r"|\*(?P<em>[^*]+)\*"
)


@dataclass(frozen=True, slots=True)
class ReadwiseNote:
    """What a Readwise export says of its document, and its text with the highlights quoted."""

    title: str
    url: str
    author: str
    tags: tuple[str, ...]
    summary: str
    date: str
    body: list[str]


def is_readwise_export(lines: list[str]) -> bool:
    """A `Metadata` heading with `Full Title:` under it, and a heading of highlights."""
    metadata = section_of(lines, METADATA)
    return metadata is not None and any(
        (m := METADATA_FIELD.match(line.strip())) and m["key"].casefold() == "full title"
        for line in lines[metadata[0] : metadata[1]]
    )


def readwise_note(lines: list[str]) -> ReadwiseNote | None:
    """The export's fields and text: its `# Title` line and metadata left out (read as fields),
    each highlight quoted; None when the file is no Readwise export."""
    if not is_readwise_export(lines):
        return None
    start, end = section_of(lines, METADATA) or (0, 0)
    fields = metadata_fields(lines[start:end])
    rest = [*lines[: start - 1], *lines[end:]]
    first = next((i for i, line in enumerate(rest) if line.strip()), len(rest))
    if first < len(rest) and (m := HEADING.match(rest[first])) and m["marks"] == "#":
        rest = rest[first + 1 :]  # the template's `# {{title}}`
    title = fields.get("full title", "")
    book = Book(title, plain_name(fields.get("author", "")), 1, ())
    body, tags, dates = quoted_highlights(rest, book)
    return ReadwiseNote(
        title=title,
        url=safe_url(fields.get("url") or fields.get("source") or ""),
        author=book.author,
        tags=(
            *tag_words(fields.get("category", "")),
            *tag_words(fields.get("document tags", "")),
            *tags,
        ),
        summary=fields.get("summary", ""),
        date=max(dates, default="") or parse_date(plain_name(fields.get("date highlighted", ""))),
        body=body,
    )


def tag_words(written: str) -> list[str]:
    """Tags as a template writes them: `[[a]] [[b]]`, `#a #b`, `*a*`, links, or `a, b`."""
    found = [next(g for g in m.groups() if g) for m in _TAG.finditer(written)]
    return found or [t.strip() for t in written.split(",") if t.strip()]


def quoted_highlights(lines: list[str], book: Book) -> tuple[list[str], list[str], list[str]]:
    """The text with each top-level list item under a heading of highlights a quote (the note
    under it after it), and the highlights' tags and days."""
    body: list[str] = []
    tags: list[str] = []
    dates: list[str] = []
    in_highlights, at = False, 0
    while at < len(lines):
        line = lines[at]
        if heading := HEADING.match(line):
            in_highlights = bool(_HIGHLIGHTS.fullmatch(heading["text"]))
        if not in_highlights or not (item := _ITEM.match(line)):
            body.append(line)
            at += 1
            continue
        end = item_end(lines, at + 1)
        words, note, marks = highlight_parts(lines[at:end], len(item.group(0)))
        text, where = highlight_place(words)
        tags += [t for t in marks.get("tags", []) if not is_readwise_mark(t)]
        dates += [d for v in marks.get("date", []) if (d := parse_date(plain_name(v)))]
        if level := heading_level([*marks.get("tags", []), note]):
            body += ["", f"{'#' * max(2, level)} {' '.join(text.split())}", ""]
        elif text.strip():
            body += ["", quoted(text, source_text(book, Highlight(text, where, 0, 0, at + 1)))]
            body += ["", note, ""] if note else [""]
        at = end
    return without_blank_runs(body), tags, dates


def without_blank_runs(lines: list[str]) -> list[str]:
    return [line for i, line in enumerate(lines) if line.strip() or i == 0 or lines[i - 1].strip()]


def item_end(lines: list[str], at: int) -> int:
    """Where a top-level list item's lines end: at the next line not indented under it (a blank
    line ends it only when no indented line follows)."""
    while at < len(lines):
        line = lines[at]
        if line.strip() and not line.startswith((" ", "\t")):
            break
        if not line.strip() and not (at + 1 < len(lines) and lines[at + 1].startswith((" ", "\t"))):
            break
        at += 1
    return at


_MARK = re.compile(r"^[-*+]\s+(?P<key>Note|Tags|Date)::?\s*(?P<v>.*)$", re.I)


def highlight_parts(item: list[str], indent: int) -> tuple[str, str, dict[str, list[str]]]:
    """A list item's highlighted words, the note under it and its other marks (`Tags:`,
    Dataview's `Date::`), each a sub-item; other sub-items are the highlight's own words."""
    lines = [item[0][indent:], *(dedent(line, indent) for line in item[1:])]
    words: list[str] = []
    note: list[str] = []
    marks: dict[str, list[str]] = {}
    into = words
    for line in lines:
        mark = _MARK.match(line.lstrip())
        key = mark["key"].casefold() if mark else ""
        if key == "note":
            note.append(mark["v"] if mark else "")
            into = note
        elif mark:
            marks.setdefault(key, []).extend(tag_words(mark["v"]) if key == "tags" else [mark["v"]])
        else:
            into.append(line.strip() if into is note else line)
    return "\n".join(words).strip("\n"), "\n".join(note).strip(), marks


def dedent(line: str, indent: int) -> str:
    width = len(line) - len(line.lstrip(" "))
    return line[min(width, indent) :]


def highlight_place(words: str) -> tuple[str, str]:
    """The highlight's words without the place written after them, and that place as the
    attribution says it (`location 50`; none for a link to the reader's own copy)."""
    found = _PLACE.search(words)
    if found is None:
        return words, ""
    place = " ".join((found["label"] or found["plain"] or "").split())
    where = "" if _NO_PLACE.fullmatch(place) else place[:1].lower() + place[1:]
    return words[: found.start()].rstrip(), where


def readwise_post(post: ImportedPost, note: ReadwiseNote) -> ImportedPost:
    """The post with what the export's metadata says: its full title, source, author, tags and
    summary (as the tl;dr), the latest day highlighted."""
    url = note.url or post.url
    arxiv, doi = paper_ids(url)
    tags = tag_names([*post.taxonomy.tags, *note.tags])
    return replace(
        post,
        title=note.title or post.title,
        url=url,
        arxiv=arxiv,
        doi=doi,
        kind=source_kind(url, arxiv, doi),
        authors=tuple(author_names(note.author)) or post.authors,
        taxonomy=Taxonomy(tags=tags, categories=post.taxonomy.categories),
        tldr=note.summary or post.tldr,
        date=post.date or note.date,
    )
