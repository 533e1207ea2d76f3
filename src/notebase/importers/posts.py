"""Raw post -> ImportedPost: blocks, source URL / link title / arXiv id, tl;dr, kind, quotes (pure)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from notebase.importers.blocks import FIELD, build_blocks
from notebase.importers.model import Block, BlockKind, ImportedPost, RawPost, Taxonomy
from notebase.importers.quotes import mark_quotes
from notebase.importers.structured import paper_ids, parse_date
from notebase.reading.kinds import infer_kind
from notebase.reading.sourcerefs import ARXIV_TITLE, parse_doi, strip_arxiv_prefix

LEAD_MAX = 3  # blocks after the title that may still be the link card / tagline
TAGLINE_MAX_WORDS = 12
_URL = re.compile(r"https?://[^\s<>\"'”’)\]]+")
_SITE_SEP = re.compile(r"\s[–—|·:-]\s")
_DOI_TITLE = re.compile(r"\b10\.\d{4,9}/\S+")
_REPO = re.compile(r"^[\w.-]+/[\w.-]+:\s")
_SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-Z]")
_SMALL = {"a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "with", "by", "at", "vs"}
_PAPER_SITES = ("openreview", "arxiv", "aclanthology", "acl anthology")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
DATE = re.compile(
    rf"\b(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}|\d{{1,2}}\s+{_MONTH}\s+\d{{4}}"
    r"|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}"
    rf"|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,\s+(?:\d|{_MONTH}))",
    re.I,
)
DATE_LINE_WORDS = 8  # a line this short holding a date is a dateline, not a title


def is_title_case(text: str) -> bool:
    """Most significant words capitalised (or numbers), as in a page title."""
    words = [w for w in text.split() if w.lower() not in _SMALL]
    big = sum(1 for w in words if w[:1].isupper() or w[:1].isdigit())
    return len(words) >= 2 and big * 4 >= len(words) * 3


def is_dateline(text: str) -> bool:
    """A line of a few words holding a date: a dateline, a byline with its date."""
    return len(text.split()) <= DATE_LINE_WORDS and DATE.search(text) is not None


def is_link_title(text: str, post_title: str) -> bool:
    """A line under the post title that names the linked page (`Title – Site`, `[id] Title`)."""
    line = text.strip()
    if not line or len(line) > 200 or _URL.search(line) or line[-1] in ".,;:!":
        return False
    if _SENTENCE_BREAK.search(line) or FIELD.match(line):
        return False
    if is_dateline(line):
        return False
    return bool(
        _SITE_SEP.search(line)
        or ARXIV_TITLE.match(line)
        or _REPO.match(line)
        or line.casefold() == post_title.casefold()
        or is_title_case(line)
    )


def link_title_confidence(text: str) -> float:
    """How sure a link title is one: a site separator, an arXiv id or a repository name says so;
    Title Case alone is weaker evidence."""
    line = text.strip()
    if ARXIV_TITLE.match(line) or _REPO.match(line) or _SITE_SEP.search(line):
        return 0.9
    return 0.6


def is_single(block: Block) -> bool:
    return block.kind in (BlockKind.PARAGRAPH, BlockKind.URL) and len(block.lines) == 1


def take_lead(blocks: Sequence[Block], title: str) -> tuple[str, str, tuple[Block, ...]]:
    """(url, link title, remaining blocks): the URL / link-card lines right under the title."""
    url = source_title = ""
    kept: list[Block] = []
    for i, block in enumerate(blocks):
        if i >= LEAD_MAX or not is_single(block):
            return url, source_title, (*kept, *blocks[i:])
        text = block.text.strip()
        if block.kind is BlockKind.URL and not url:
            url = text.strip("<>")
        elif not source_title and is_link_title(text, title):
            source_title = text
        elif len(text.split()) <= TAGLINE_MAX_WORDS:
            kept.append(block)
        else:
            return url, source_title, (*kept, *blocks[i:])
    return url, source_title, tuple(kept)


def take_date(blocks: Sequence[Block]) -> tuple[str, tuple[Block, ...]]:
    """The date of the first dateline among `blocks` (`May 12, 2025`, `Monday, May 12, 2025`,
    `By Ann Lee / 3 June 2024`), as YYYY-MM-DD, and the blocks without that line when it holds
    the date alone ('' and the blocks as they were: none)."""
    for i, block in enumerate(blocks):
        text = block.text.strip()
        if not is_single(block) or not is_dateline(text):
            continue
        if found := first_date(text):
            date, written = found
            alone = not any(c.isalnum() for c in text.replace(written, ""))
            return date, (*blocks[:i], *blocks[i + 1 :]) if alone else tuple(blocks)
    return "", tuple(blocks)


def first_date(text: str) -> tuple[str, str] | None:
    """The first date a text writes (YYYY-MM-DD, and as written): matches are tried from each
    place one starts, as a weekday's match (`Monday, May`) is no date but the next may be."""
    at = 0
    while (found := DATE.search(text, at)) is not None:
        if date := parse_date(found.group(0)):
            return date, found.group(0)
        at = found.start() + 1
    return None


def take_tldr(blocks: Sequence[Block]) -> tuple[str, tuple[Block, ...]]:
    """The first `tldr:` field becomes the post's tl;dr; other blocks are kept in order."""
    for i, block in enumerate(blocks):
        m = FIELD.match(block.text) if block.kind is BlockKind.FIELD else None
        if m and m.group("label").lower().startswith("tl"):
            text = " ".join(line.text.strip() for line in block.lines)
            return FIELD.sub("", text, count=1).strip(), (*blocks[:i], *blocks[i + 1 :])
    return "", tuple(blocks)


def find_urls(blocks: Sequence[Block]) -> tuple[str, ...]:
    """Every URL of the prose (code excluded), in order, without trailing punctuation."""
    urls: list[str] = []
    for block in blocks:
        if block.kind is BlockKind.CODE:
            continue
        if block.kind is BlockKind.URL:
            urls.append(block.text.strip().strip("<>"))
            continue
        urls += [m.group(0).rstrip(".,;:!") for m in _URL.finditer(block.text)]
    return tuple(dict.fromkeys(urls))


def source_ids(url: str, source_title: str) -> tuple[str, str]:
    """(arXiv id, DOI) from the source URL or a `[2412.09871] Title` link title."""
    arxiv, doi = paper_ids(url)
    if not arxiv and (m := ARXIV_TITLE.match(source_title)):
        arxiv = m.group("id")
    if not doi and (d := _DOI_TITLE.search(source_title)):
        doi = parse_doi(d.group(0))
    return arxiv, doi


def decide_kind(url: str, source_title: str, ids: tuple[str, str], paper_entry: bool) -> str:
    """paper for a paper source (or an entry of a paper-reading post), link for another, else note."""
    site = source_title.rsplit("|", 1)[-1].strip().lower() if "|" in source_title else ""
    paper = paper_entry or any(ids) or site in _PAPER_SITES
    return infer_kind(url, paper=paper, source=bool(source_title)).value


def build_post(
    raw: RawPost, origin: str, taxonomy: Taxonomy, paper_entry: bool = False
) -> ImportedPost:
    """Recognise a raw post's blocks and source fields."""
    blocks = build_blocks(raw.lines, raw.heading_lines)
    head = build_blocks(raw.head)
    date, head = take_date(head)
    if not date:
        date, lead = take_date(blocks[:LEAD_MAX])
        blocks = (*lead, *blocks[LEAD_MAX:])
    url, source_title, blocks = take_lead(blocks, raw.title)
    title = strip_arxiv_prefix(raw.title)  # "[2412.09871] Title": an arXiv page's title
    if title != raw.title and not source_title:
        source_title = raw.title  # kept whole, as a link-title line is (it names the paper)
    tldr, blocks = take_tldr(blocks)
    blocks = blocks if raw.listed else mark_quotes(blocks, raw.title)
    blocks = (*blocks, *head)  # (a card's lines: no quotation)
    if not url and (urls := find_urls(blocks)):
        url = urls[0]
    ids = source_ids(url, source_title)
    kind = decide_kind(url, source_title, ids, paper_entry)
    kind = "link" if raw.roundup_item and kind == "note" else kind
    return ImportedPost(
        title=title,
        origin=f"{origin}:{raw.title_line}",
        kind=kind,
        blocks=blocks,
        taxonomy=taxonomy,
        url=url,
        arxiv=ids[0],
        doi=ids[1],
        source_title=source_title,
        tldr=tldr,
        date=date,
    )
