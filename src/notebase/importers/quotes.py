"""Blocks -> blocks with quotations marked, from evidence in the text itself (pure).

A paragraph is a quotation when its evidence adds up: an introducing line ending in `:`, the
source's voice (`we`/`our`), `[…]` elisions, citations, no-break spaces, hard-wrapped copied text;
it is the author's when it speaks as `I`, names the source in the third person or links out.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import replace

from notebase.importers.model import Block, BlockKind

THRESHOLD = 3
_ELISION = re.compile(r"\[(?:…|\.\.\.)\]|\((?:…|\.\.\.)\)")
_CITATION = re.compile(
    r"\(\s*[A-Z][\w'’-]+(?:\s+(?:et\s+al\.?|and|&)(?:\s+[A-Z][\w'’-]+)?)?,?\s+\d{4}[a-z]?"
    r"(?:\s*;[^)]*)?\)|\bet\s+al\.?,?\s*\(\d{4}[a-z]?\)|\[\d+(?:\s*[,–-]\s*\d+)*\]"
)
_WE_START = re.compile(r"(?:^|[.!?:;]\s+|\s[—–]\s*)We\b")
_OUR = re.compile(r"\b(?:our|ours|ourselves)\b", re.I)
_WE = re.compile(r"\b(?:we|us)\b")
_ME = re.compile(r"\b(?:I(?!-)|I[’']m|I[’']ve|I[’']d|I[’']ll|my|me|mine|myself)\b")
_SOURCE_REF = re.compile(
    r"\b(?:the|this)\s+(?:paper|post|article|authors?|blog|book|guide|talk|interview|write-?up)\b",
    re.I,
)
_URL = re.compile(r"https?://")
_CASUAL = re.compile(
    r"\b(?:interesting|clever|fun|nice|neat|cool|useful|helpful|amazing|impressive|kicker|"
    r"favou?rite|love|excellent|fantastic|amusing|awesome|folks|stuff)\b",
    re.I,
)
_REPORTING = re.compile(r"\b(?:wrote|writes|posted|mentions|argues|explains|calls out)\b")
_BACKREF = re.compile(
    r"^(?:This|That|These|Those)\s+(?:insight|means|seems|feels|sounds|reminds|rhymes|kind|"
    r"sort|one|point|idea|approach)\b"
)
_FORMAL = re.compile(
    r"\b(?:thereby|whereby|wherein|whereas|furthermore|moreover|nevertheless|nonetheless|"
    r"consequently|notably|specifically|respectively|qualitatively|quantitatively|inversely|"
    r"predominantly|first and foremost|in contrast|as a result|in particular|commences?|"
    r"demonstrat(?:e|es|ed)|exhibit(?:s|ed)?|facilitat(?:e|es|ed)|"
    r"(?:Figure|Fig\.|Table|Section|Appendix)\s+[A-Z0-9])\b|"
    r"\b(?:e\.g\.|i\.e\.),|\b[a-z]+ \([A-Z]{2,5}\)|(?:^|\.\s+)(?:Second|Third|Fourth),"
)
_PROMO = re.compile(
    r"\b(?:powerful|designed to help|state-of-the-art|seamless(?:ly)?|effortless(?:ly)?|"
    r"cutting-edge|out of the box|blazing(?:ly)? fast|best-in-class)\b",
    re.I,
)
_THEY_START = re.compile(r"^(?:They|Their|Them)\b")
_OWN_READING = re.compile(
    r"(?:as I (?:read|understand|see) it|in my (?:reading|view|words)|my (?:summary|take|notes)"
    r"|to summari[sz]e|in short)\s*:\s*$",
    re.I,
)
_NBSP_INSIDE = re.compile(r"\S\u00a0\S|[.,;:]\u00a0$")
_LIST = (BlockKind.BULLETS, BlockKind.NUMBERED)


def is_hard_wrapped(block: Block) -> bool:
    """Copied text keeps its source's line breaks mid-sentence (`…and its` / `first consumer…`)."""
    texts = [line.text.strip() for line in block.lines]
    return any(
        a and b and (a[-1].isalnum() or a[-1] == ",") and (b[0].islower() or b[0] == "(")
        for a, b in itertools.pairwise(texts)
    )


def voice_score(text: str) -> int:
    """The source speaking as `we` / `our`: strong when it opens a sentence or recurs."""
    if _WE_START.search(text) or _OUR.search(text) or len(_WE.findall(text)) >= 2:
        return 3
    return 1 if _WE.search(text) else 0


def marker_score(block: Block) -> int:
    """Traces of copying: no-break spaces, elisions, citations, hard wraps, formal register."""
    text = block.text
    score = 0
    if text.lstrip(" ").startswith("\u00a0"):
        score += 4
    elif _NBSP_INSIDE.search(text):
        score += 2
    score += 3 if _ELISION.search(text) else 0
    score += 3 if _CITATION.search(text) else 0
    score += 2 if is_hard_wrapped(block) else 0
    score += 2 if text.rstrip().endswith(("…", "...")) else 0
    score += 2 if _PROMO.search(text) and not (_ME.search(text) or _WE.search(text)) else 0
    return score + min(len({m.group(0).lower() for m in _FORMAL.finditer(text)}), 3)


def author_score(text: str) -> int:
    """Evidence that the blog's author is speaking (subtracted from the quotation evidence)."""
    score = 1 if _ME.search(text) else 0
    score += 2 if _SOURCE_REF.search(text) and voice_score(text) < 3 else 0
    score += 3 if _URL.search(text) else 0
    score += 1 if _CASUAL.search(text) else 0
    score += 1 if _REPORTING.search(text) else 0
    score += 2 if _THEY_START.match(text.strip()) else 0
    return score + (2 if _BACKREF.match(text.strip()) else 0)


def introduces(prev: Block | None) -> bool:
    """An author's paragraph ending in `:` announces a quotation (unless it announces a paraphrase)."""
    if prev is None or prev.kind is not BlockKind.PARAGRAPH or prev.quoted:
        return False
    text = prev.text.rstrip()
    return text.endswith(":") and not _OWN_READING.search(text)


def context_score(block: Block, prev: Block | None, nxt: Block | None, lower_ok: bool) -> int:
    """Evidence from the neighbours: an introduction, a quotation being continued, a lead-in."""
    text = block.text.rstrip()
    leads = text.endswith(":") and nxt is not None
    score = 0
    if introduces(prev) and not (leads and nxt is not None and nxt.kind is not BlockKind.PARAGRAPH):
        score += 4
    author = author_score(text) + (1 if len(_ME.findall(text)) > 1 else 0)
    if prev is not None and prev.quoted and author < 2:
        score += 2 + (2 if prev.kind in _LIST else 0) + (1 if author == 0 else 0)
    if leads and nxt is not None and nxt.kind in (BlockKind.PARAGRAPH, BlockKind.CODE):
        score -= 2
    return score + (3 if lower_ok and text.lstrip()[:1].islower() else 0)


def is_candidate(block: Block) -> bool:
    """Paragraphs, and lone list items (a numbered passage lifted from a paper)."""
    if block.kind is BlockKind.PARAGRAPH:
        return True
    starts = sum(1 for line in block.lines if not line.text.startswith(" "))
    return block.kind in _LIST and starts == 1


def names_subject(text: str, title: str, prev: Block | None) -> bool:
    """After the author's opening, a paragraph defining the post's subject (`X is a …`) is the
    subject's own self-description."""
    head = text.lstrip()
    return bool(
        prev is not None
        and title
        and head.startswith(title + " ")
        and re.match(r"(?:is|are)\b", head[len(title) + 1 :])
    )


def quote_score(
    block: Block, prev: Block | None, nxt: Block | None, context: tuple[bool, str]
) -> int:
    lower_ok, title = context
    text = block.text
    evidence = voice_score(text) + marker_score(block) + context_score(block, prev, nxt, lower_ok)
    evidence += 1 if names_subject(text, title, prev) else 0
    return evidence - author_score(text)


def continues_quote(block: Block, prev: Block | None) -> bool:
    """A list right after an unfinished quoted paragraph belongs to the quotation."""
    if prev is None or not prev.quoted or block.kind not in _LIST:
        return False
    return not prev.text.rstrip().endswith((".", "!", "?", "”", '"'))


def mark_quotes(blocks: Sequence[Block], title: str = "") -> tuple[Block, ...]:
    """Each block, with `quoted` set when the text shows it is a quotation."""
    paras = [b for b in blocks if b.kind is BlockKind.PARAGRAPH]
    lower = sum(1 for b in paras if b.text.lstrip()[:1].islower())
    context = (lower * 10 < len(paras) * 3, title)
    out: list[Block] = []
    for i, block in enumerate(blocks):
        prev = out[-1] if out else None
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        quoted = continues_quote(block, prev) or (
            is_candidate(block) and quote_score(block, prev, nxt, context) >= THRESHOLD
        )
        out.append(replace(block, quoted=quoted) if quoted else block)
    return tuple(out)
