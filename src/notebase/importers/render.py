"""ImportedPost -> note text: YAML front matter in a fixed key order + recovered markdown (pure)."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable
from typing import Any

from notebase.importers.blocks import BACKREF, BULLET, FIELD, NUMBER
from notebase.importers.markup import TitleIndex, find_link, footnote_refs, render_inline
from notebase.importers.model import Block, BlockKind, ImportedPost
from notebase.reading.yamlio import dump_fields

DIGEST_KEY = "import_digest"
_DIGEST_LINE = re.compile(rf"^{DIGEST_KEY}: .*\n", re.M)
NO_TITLES = TitleIndex()
_PROSE = (BlockKind.PARAGRAPH, BlockKind.BULLETS, BlockKind.NUMBERED)


def front_matter(post: ImportedPost) -> dict[str, Any]:
    """The note's fields in their fixed order; empty ones left out."""
    tax = post.taxonomy
    category: str | list[str] = list(tax.categories)
    if len(tax.categories) == 1:
        category = tax.categories[0]
    fields: dict[str, Any] = {
        "title": post.title,
        "kind": post.kind,
        "url": post.url,
        "arxiv": post.arxiv,
        "doi": post.doi,
        "source_title": post.source_title,
        "authors": list(post.authors),
        "year": post.year,
        "date": dt.date.fromisoformat(post.date) if post.date else "",
        "tags": list(tax.tags),
        "category": category,
        "series": tax.series,
        "series_author": tax.series_author,
        "tldr": post.tldr,
        "draft": post.draft,
    }
    kept = dict(post.kept_fields)  # as the source wrote them: empty ones too
    fields |= {key: value for key, value in kept.items() if not fields.get(key)}
    fields["origin"] = post.origin
    return {k: v for k, v in fields.items() if v or k in kept}


def code_fence(block: Block) -> list[str]:
    """A fenced block longer than any backtick run inside it, with the language when evident."""
    return fenced([line.text if line.text.strip() else "" for line in block.lines], block.lang)


def fenced(lines: list[str], lang: str, closed: bool = True) -> list[str]:
    """The code lines between fences longer than any backtick run in them (no closing fence
    unless `closed`: a block the source never closed runs to the end as it did)."""
    runs = [len(r) for text in lines for r in re.findall(r"`+", text)]
    fence = "`" * max(3, max(runs, default=0) + 1)
    return [fence + lang, *lines, *([fence] if closed else [])]


def list_lines(block: Block, inline: Callable[[str], str]) -> list[str]:
    """`• item` -> `- item`, `3. item` kept; continuation lines indented under their item."""
    out: list[str] = []
    indent = "  "
    for line in block.lines:
        text = line.text
        if m := NUMBER.match(text):
            out.append(f"{m.group('n')}. {inline(text[m.end() :])}")
            indent = " " * (len(m.group("n")) + 2)
        elif m := BULLET.match(text):
            out.append(f"- {inline(text[m.end() :])}")
            indent = "  "
        else:
            out.append(indent + inline(text.strip()))
    return out


def block_lines(block: Block, inline: Callable[[str], str]) -> list[str]:
    """The markdown lines of one block (without blockquote markers)."""
    kind = block.kind
    if kind is BlockKind.MARKDOWN:
        return [line.text for line in block.lines]
    if kind is BlockKind.CODE:
        return code_fence(block)
    if kind is BlockKind.HEADING:
        return ["## " + inline(block.text.strip())]
    if kind is BlockKind.URL:
        return [f"<{block.text.strip().strip('<>')}>"]
    if kind in (BlockKind.BULLETS, BlockKind.NUMBERED):
        return list_lines(block, inline)
    if kind is BlockKind.FOOTNOTE:
        m = NUMBER.match(block.lines[0].text)
        n = m.group("n") if m else "1"
        texts = [BACKREF.sub("", line.text.strip()) for line in block.lines]
        texts[0] = texts[0][m.end() :] if m else texts[0]
        return [f"[^{n}]: {inline(texts[0])}", *("    " + inline(t) for t in texts[1:])]
    if kind is BlockKind.FIELD:
        first = block.lines[0].text.strip()
        m = FIELD.match(first)
        label, rest = (m.group("label"), first[m.end() :]) if m else ("", first)
        return [
            f"**{label}:** {inline(rest)}",
            *(inline(ln.text.strip()) for ln in block.lines[1:]),
        ]
    return [inline(line.text.strip()) for line in block.lines]


def make_inline(post: ImportedPost, titles: TitleIndex) -> Callable[[str, bool], str]:
    """A line renderer for this post: footnote references always, each known title linked once."""
    numbers = [
        m.group("n")
        for b in post.blocks
        if b.kind is BlockKind.FOOTNOTE
        if (m := NUMBER.match(b.lines[0].text))
    ]
    refs = footnote_refs(numbers)
    linked: set[int] = set()
    own = post.title.casefold()

    def inline(text: str, linkable: bool = False) -> str:
        found = find_link(text, titles, linked, own) if linkable else None
        if found is None:
            return render_inline(text, refs, None)
        linked.add(found[0])
        return render_inline(text, refs, (titles.titles[found[0]], found[1]))

    return inline


def render_body(post: ImportedPost, titles: TitleIndex = NO_TITLES) -> str:
    """The body: blocks separated by blank lines, consecutive quoted blocks in one blockquote."""
    inline = make_inline(post, titles)
    out: list[str] = []
    prev: Block | None = None
    for block in post.blocks:
        linkable = block.kind in _PROSE and not block.quoted

        def render(text: str, linkable: bool = linkable) -> str:
            return inline(text, linkable)

        lines = block_lines(block, render if block.kind is not BlockKind.CODE else str)
        if block.quoted:
            sep = [">"] if prev is not None and prev.quoted else [""] if out else []
            out += sep + [f"> {line}" if line else ">" for line in lines]
        else:
            out += ([""] if out else []) + lines
        prev = block
    if post.roundup and is_linkable_target(post.roundup):
        out += ["", f"From [[{post.roundup}]]."]
    return "\n".join(out) + "\n"


def is_linkable_target(title: str) -> bool:
    """A title a wikilink can name as written (no `[`, `]`, `|` or `#` in it)."""
    return bool(title.strip()) and not any(c in title for c in "[]|#")


def content_digest(text: str) -> str:
    """The digest of a note's text, not counting its own `import_digest:` line."""
    return hashlib.sha256(_DIGEST_LINE.sub("", text, count=1).encode()).hexdigest()[:16]


def recorded_digest(text: str) -> str:
    m = re.search(rf"^{DIGEST_KEY}: (\S+)$", text, re.M)
    return m.group(1) if m else ""


def is_hand_edited(text: str) -> bool:
    """True when a note no longer matches the digest recorded when it was imported (or has none)."""
    recorded = recorded_digest(text)
    return not recorded or recorded != content_digest(text)


def note_text(post: ImportedPost, titles: TitleIndex = NO_TITLES) -> str:
    """The full note: front matter (with its import digest last) and body."""
    head = dump_fields(front_matter(post))
    body = render_body(post, titles)
    digest = content_digest(f"---\n{head}---\n{body}")
    return f"---\n{head}{DIGEST_KEY}: {digest}\n---\n{body}"
