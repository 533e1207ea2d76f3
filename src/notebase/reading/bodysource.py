"""The source a note's text names when its front matter names none (pure): the paper a paper
note's card of its fields opens with, or the document a Readwise export's metadata names."""

from __future__ import annotations

import re
from itertools import takewhile
from typing import NamedTuple

from notebase.markdown.quotes import is_card
from notebase.reading.sourcerefs import is_safe_url, make_source


class BodySource(NamedTuple):
    url: str
    author: str


_QUOTED_LINE = re.compile(r" {0,3}>[ \t]?(?P<text>.*)")
_CARD_LINK = re.compile(r"\]\((?P<url>https?://[^)\s]+)\)")
HEADING = re.compile(r"^ {0,3}(?P<marks>#{1,6})\s+(?P<text>.*?)\s*#*\s*$")
METADATA = re.compile(r"metadata", re.I)  # a Readwise export's heading of its document's fields
# a Readwise export's metadata line: `- URL: https://…`, `* Author: [[Jo Park]]`, `**Key:**`,
# Dataview's `Key::`, a line without a list mark
METADATA_FIELD = re.compile(
    r"^[-*+]?\s*(?:\*\*)?(?P<key>[A-Z][\w ]{1,24}?)(?:\*\*)?::?(?:\*\*)?\s*(?P<v>.*)$"
)
_NAME = re.compile(
    r"\[\[(?P<wiki>[^\]|]+)(?:\|(?P<shown>[^\]]+))?\]\]|\[(?P<link>[^\]]+)\]\([^)]*\)"
)
CARD_LINES = 60  # the lines at a note's top a card may fill
_HOST = re.compile(r"[\w-]+(?:\.[\w-]+)+")  # `paulvanderlaken.com`: a site, no author


def body_source(body: str) -> BodySource:
    """What the note's text names as its source: a paper note's card (card_paper), else a
    Readwise export's metadata (readwise_source); none when neither."""
    paper = card_paper(body)
    return BodySource(paper, "") if paper else readwise_source(body)


def card_paper(body: str) -> str:
    """The address of the one paper (an arXiv or DOI page) a card of labelled fields set off as a
    quote names, when it opens the note's text (under its `# Title`), as paper notes head
    themselves (`> **Authors**: … > **Venue**: … > [arXiv](https://arxiv.org/abs/…)`); '' for
    none, or a card naming several."""
    text = body.lstrip("\n")
    if text.startswith("# "):
        text = text.partition("\n")[2].lstrip("\n")
    head = list(takewhile(str.strip, text.split("\n", CARD_LINES)))  # (a note's start alone)
    card = [m["text"] for m in map(_QUOTED_LINE.fullmatch, head) if m]
    if len(card) < len(head) or len(head) > CARD_LINES or not is_card(card):
        return ""  # (a quote running past CARD_LINES lines is no card)
    papers = {
        ref.key: found["url"]
        for line in card
        for found in _CARD_LINK.finditer(line)
        if (ref := make_source(found["url"])) is not None and ref.is_paper
    }
    return next(iter(papers.values())) if len(papers) == 1 else ""


def readwise_source(body: str) -> BodySource:
    """The address and author a Readwise export's `Metadata` section gives (its Obsidian plugin's
    notes: `- Full Title: …`, `- Author: [[Jo Park]]`, `- URL: https://…`); none without a
    `Full Title:` there. A site's name given as the author (`paulvanderlaken.com`) is none."""
    if "Full Title" not in body:  # (most notes: no need to read their lines)
        return BodySource("", "")
    lines = body.split("\n")
    section = section_of(lines, METADATA)
    fields = metadata_fields(lines[section[0] : section[1]]) if section else {}
    if "full title" not in fields:
        return BodySource("", "")
    url, name = fields.get("url", ""), plain_name(fields.get("author", ""))
    return BodySource(url if is_safe_url(url) else "", "" if _HOST.fullmatch(name) else name)


def section_of(lines: list[str], name: re.Pattern[str]) -> tuple[int, int] | None:
    """(first line, end) of the text under the first heading so named, up to the next heading."""
    for i, line in enumerate(lines):
        if (m := HEADING.match(line)) and name.fullmatch(m["text"]):
            end = next((j for j in range(i + 1, len(lines)) if HEADING.match(lines[j])), len(lines))
            return i + 1, end
    return None


def metadata_fields(lines: list[str]) -> dict[str, str]:
    """`Key: value` lines (list items or not, `**Key:**` too), keyed in lower case."""
    found: dict[str, str] = {}
    for line in lines:
        if (m := METADATA_FIELD.match(line.strip())) and m["v"].strip():
            found.setdefault(m["key"].strip().casefold(), m["v"].strip())
    return found


def plain_name(written: str) -> str:
    """An author as a template links or marks one (`[[Tiago Forte]]`, `[Tiago Forte](…md)`,
    `*paulvanderlaken.com*`): the name shown."""
    name = _NAME.sub(lambda m: m["shown"] or m["wiki"] or m["link"] or "", written)
    return name.strip().strip("*_").strip()
