"""Parsed archives -> the import report and the collections file (pure).

The report says how each file was cut (post titles with their line ranges) and every judgement with
its confidence: quotes (the model's probability), paragraphs left as the author's text but close
enough to a quote to review, code blocks, footnotes and link titles.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from notebase.importers.blocks import NUMBER
from notebase.importers.model import Block, BlockKind, Collection, ImportedPost, ParsedArchive
from notebase.importers.posts import link_title_confidence
from notebase.importers.quotes import QUOTE_AT, REVIEW_AT
from notebase.reading.yamlio import dump_fields, load_mapping

REPORT_FILE = "_import-report.md"
COLLECTIONS_FILE = "_collections.yaml"
FOOTNOTE_CONFIDENCE = 0.99  # a numbered line ending in the `↩︎` back-reference
CODE_CLOSED = 0.95  # code whose language shows, or holding the dumps' whitespace-only lines
CODE_BY_LOOK = 0.75  # recognised by its lines reading as code


def line_span(first: int, last: int) -> str:
    return f"line {first}" if last <= first else f"lines {first}–{last}"


def block_judgement(block: Block) -> str | None:
    """One report line for a block the importer judged, or None for plain text."""
    if block.quoted:
        return f"quote, line {block.first_line} ({block.quote_confidence:.2f})"
    if block.quote_confidence >= REVIEW_AT:
        return (
            f"review: line {block.first_line} reads partly like a quote "
            f"({block.quote_confidence:.2f}); kept as the author's text"
        )
    if block.kind is BlockKind.CODE:
        closed = bool(block.lang) or any(not line.text.strip() for line in block.lines)
        lang = f", {block.lang}" if block.lang else ""
        span = line_span(block.first_line, block.lines[-1].number)
        return f"code, {span}{lang} ({CODE_CLOSED if closed else CODE_BY_LOOK:.2f})"
    if block.kind is BlockKind.FOOTNOTE:
        m = NUMBER.match(block.lines[0].text)
        n = m.group("n") if m else "?"
        return f"footnote {n}, line {block.first_line} ({FOOTNOTE_CONFIDENCE:.2f})"
    return None


def post_section(post: ImportedPost) -> list[str]:
    """The post's line range and title, then its judgements."""
    span = line_span(post.origin_line, post.end_line)
    out = [f"- {span[0].upper()}{span[1:]}: **{post.title}** ({post.kind})"]
    if post.source_title:
        confidence = link_title_confidence(post.source_title)
        out.append(f"  - link title: {post.source_title} ({confidence:.2f})")
    if post.url:
        out.append(f"  - source: <{post.url}>")
    out += [f"  - {text}" for b in post.blocks if (text := block_judgement(b))]
    return out


def archive_section(shown: str, archive: ParsedArchive) -> list[str]:
    """How one file was cut, its collections, and each post."""
    n = len(archive.posts)
    if archive.cut_by:
        how = f"cut at its repeated record ({archive.cut_by}) into {n} note(s)"
    else:
        how = f"read as `{archive.format}`: {n} note(s)"
    out = [f"## {shown}", "", how + "."]
    out += [
        f"- description of the {c.kind[:-1] if c.kind == 'tags' else 'category'} `{c.name}`, "
        f"line {c.line}: written to {COLLECTIONS_FILE}"
        for c in archive.collections
    ]
    out.append("")
    for post in archive.posts:
        out += post_section(post)
    return [*out, ""]


def import_report(archives: Iterable[tuple[str, ParsedArchive]]) -> str:
    """The whole report, one section per archive in the order read."""
    out = [
        "# Import report",
        "",
        f"How each file was cut into notes, and every judgement with its confidence (0–1). A "
        f"paragraph is a quote from {QUOTE_AT:.2f}; from {REVIEW_AT:.2f} it is listed for review "
        "and kept as the author's text.",
        "",
    ]
    for shown, archive in archives:
        out += archive_section(shown, archive)
    return "\n".join(out).rstrip("\n") + "\n"


def collections_text(existing: str, collections: Sequence[Collection]) -> str:
    """The collections file with these descriptions added to (or replacing) those it had."""
    data: dict[str, Any] = load_mapping(existing) if existing else {}
    merged: dict[str, dict[str, Any]] = {
        kind: dict(value) for kind, value in data.items() if isinstance(value, Mapping)
    }
    for c in collections:
        merged.setdefault(c.kind, {})[c.name] = {"description": c.description}
    ordered = {kind: dict(sorted(merged[kind].items())) for kind in sorted(merged)}
    head = (
        "# Descriptions of the tag and category pages, from imported archives (notebase import).\n"
    )
    return head + dump_fields(ordered)
