"""Blocks -> blocks with quotations marked, from evidence in the text itself (pure).

Each paragraph is described by features (an introducing line ending in `:`, the source's voice
`we`/`our`, citations, no-break spaces, quotation marks around it, a sentence cut
at an edge, hard-wrapped copied text, an impersonal academic register, running on from a quotation
that was announced; against: the author's `I`/`my`, naming the source in the third person, links
out, casual words, a short line) and a logistic model turns them into the probability that it is
a quotation. A `[…]` paragraph, and one with `[…]` inside its text, is a quotation by rule (the
paragraph after it reads on from one). Its weights were fit on the tuning pages (tests/importers/fit_quotes.py). A
paragraph is marked a quote only when that probability is high; one in between stays the author's
text and is listed for review.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import replace

from notebase.importers.blocks import MORE_LINK, is_list_start
from notebase.importers.model import Block, BlockKind

QUOTE_AT = 0.45  # probability from which a paragraph is marked a quotation
REVIEW_AT = 0.25  # from here up to QUOTE_AT it stays the author's text, listed for review
_ELISION_ONLY = re.compile(r"^(?:\[(?:…|\.\.\.)\]|\((?:…|\.\.\.)\)|…)$")
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
    r"\b(?i:thereby|whereby|wherein|whereas|furthermore|moreover|nevertheless|nonetheless|"
    r"consequently|notably|specifically|respectively|qualitatively|quantitatively|inversely|"
    r"predominantly|first and foremost|in contrast|as a result|in particular|commences?|"
    r"demonstrat(?:e|es|ed)|exhibit(?:s|ed)?|facilitat(?:e|es|ed))\b|"
    r"\b(?:(?:Figure|Fig\.|Table|Section|Appendix)\s+[A-Z0-9])\b|"
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
_EMBED_INTRO = re.compile(
    r"\b(?:tweet(?:ed)?|thread|toot|video|image|picture|photo|screenshot|chart|graph|figure|plot|"
    r"diagram|clip|demo|gif|embed(?:ded)?|below|here(?:'s|’s| is| are))\b",
    re.I,
)
_QUOTE_INTRO = re.compile(
    r"\b(?:says?|said|writes?|wrote|puts? it|notes?|argues?|explains?|summary|summari[sz]es?|"
    r"conclu(?:sion|des?)|bit|quote|excerpt|passage|wording|abstract|paper|post|answer|describes?|"
    r"according|states?|examples?|adds?|from the|in their)\b",
    re.I,
)
_REACTS = re.compile(
    r"^(?:This|That|These|Those|So|I|I[’']m|I[’']ve|It[’']s|Which|In other words|Basically|"
    r"Essentially|Interesting|Nice|Neat|Great)\b"
)
_CONTRACTION = re.compile(r"\b\w+(?:[’'](?:re|ll|ve|d|s|m)|n[’']t)\b", re.I)
_ASIDE = re.compile(r"\((?:and|ish|or|which|though|but|i\.e\.|e\.g\.|see|via|also)\b", re.I)
_NBSP_INSIDE = re.compile(r"\S\u00a0\S|[.,;:]\u00a0$")
_LIST = (BlockKind.BULLETS, BlockKind.NUMBERED)
_READ_ON = re.compile(r"(?:read more|continue reading|keep reading|read the rest)\b[^.!?]*$", re.I)


def is_hard_wrapped(block: Block) -> bool:
    """Copied text keeps its source's line breaks mid-sentence (`…and its` / `first consumer…`)."""
    texts = [line.text.strip() for line in block.lines]
    return any(
        a and b and (a[-1].isalnum() or a[-1] == ",") and (b[0].islower() or b[0] == "(")
        for a, b in itertools.pairwise(texts)
    )


def introduces(prev: Block | None) -> bool:
    """An author's paragraph ending in `:` announces a quotation (unless it announces a paraphrase)."""
    if prev is None or prev.kind is not BlockKind.PARAGRAPH or prev.quoted:
        return False
    text = prev.text.rstrip()
    return text.endswith(":") and not _OWN_READING.search(text)


def is_candidate(block: Block) -> bool:
    """Paragraphs (not a `Read more` link nor an excerpt ending in one), and lone list items (a numbered passage lifted from a
    paper)."""
    if block.kind is BlockKind.PARAGRAPH:  # a listed post's excerpt cut at `Read more` is its own
        text = block.text.strip()
        return not MORE_LINK.match(text) and not _READ_ON.search(text[-80:])
    starts = sum(1 for line in block.lines if is_list_start(line.text))
    return block.kind in _LIST and starts == 1


def names_subject(text: str, title: str) -> bool:
    """A paragraph defining the post's subject (`X is a …`): the subject's own self-description."""
    head = text.lstrip()
    return bool(
        title and head.startswith(title + " ") and re.match(r"(?:is|are)\b", head[len(title) + 1 :])
    )


def in_quotation_marks(text: str) -> bool:
    """The whole paragraph between quotation marks (`“…”`, `"…"`), or opening one at its start."""
    body = text.strip()
    return len(body) > 40 and body[0] in '“"«' and body.count(body[0]) + body.count("”") >= 1


def closes_quotation(text: str) -> bool:
    """The paragraph ends a quotation opened before it: a closing mark with no opening one."""
    body = text.strip()
    if not body.endswith(("”", '"')):
        return False
    return body.count("“") < body.count("”") or (body[-1] == '"' and body.count('"') % 2 == 1)


def speaks_as_me(block: Block | None) -> bool:
    return block is not None and block.kind is BlockKind.PARAGRAPH and bool(_ME.search(block.text))


def text_features(text: str) -> dict[str, float]:
    """Evidence in the paragraph's own words."""
    stripped = text.strip()
    me = len(_ME.findall(text))
    plain = not (me or _CONTRACTION.search(text) or _CASUAL.search(text) or _URL.search(text))
    return {
        "impersonal": float(
            plain
            and len(text.split()) >= 25
            and not _SOURCE_REF.search(text)
            and not _REPORTING.search(text)
            and not re.search(r"[!?]|:\s*$", text)
        ),
        "we_strong": float(bool(_WE_START.search(text) or _OUR.search(text))),
        "we_weak": float(len(_WE.findall(text)) >= 1),
        "nbsp": float(text.lstrip(" ").startswith("\u00a0") or bool(_NBSP_INSIDE.search(text))),
        "citation": float(bool(_CITATION.search(text))),
        "quoted_marks": float(in_quotation_marks(text)),
        "closes_marks": float(closes_quotation(text)),
        "formal": min(len({m.group(0).lower() for m in _FORMAL.finditer(text)}), 3) / 3,
        "promo": float(bool(_PROMO.search(text)) and not (me or _WE.search(text))),
        "me": min(me, 3) / 3,
        "source_ref": float(bool(_SOURCE_REF.search(text))),
        "url": float(bool(_URL.search(text))),
        "casual": float(bool(_CASUAL.search(text))),
        "reporting": float(bool(_REPORTING.search(text))),
        "they_start": float(bool(_THEY_START.match(stripped))),
        "backref": float(bool(_BACKREF.match(stripped))),
        "leads": float(stripped.endswith(":")),
        "long": min(len(text.split()), 120) / 120,
        "short": float(len(text.split()) < 8),
        "contractions": min(len(_CONTRACTION.findall(text)), 3) / 3,
        "aside": float(bool(_ASIDE.search(text))),
    }


def announced_run(done: Sequence[Block]) -> bool:
    """The quotation the last decided block belongs to was announced by a line ending in `:`
    (an announced quotation often runs on over several paragraphs)."""
    i = len(done) - 1
    if i < 0 or not done[i].quoted:
        return False
    while i >= 0 and done[i].quoted:
        i -= 1
    return i >= 0 and introduces(done[i])


def quote_features(
    done: Sequence[Block], block: Block, nxt: Block | None, context: tuple[bool, str]
) -> dict[str, float]:
    """Everything the model weighs for one candidate block, given the blocks decided before it
    and the next one."""
    lower_ok, title = context
    prev = done[-1] if done else None
    text = block.text
    features = text_features(text)
    # a line ending in `:` right after one is the announcement going on, not what it announced;
    # an announced picture, tweet or video is lost from the text: what follows is the author's again
    intro_text = prev.text if introduces(prev) and prev is not None else ""
    intro = bool(intro_text) and not text.rstrip().endswith(":")
    intro = intro and not _EMBED_INTRO.search(intro_text)
    features |= {
        "we_opens": float(bool(re.match(r"(?:We|Our)\b", text.lstrip(" \u00a0")))),
        "intro": float(intro),
        "intro_says": float(intro and bool(_QUOTE_INTRO.search(intro_text))),
        # the source's own first person, unless the paragraph also names the source or links out
        "intro_but_me": float(
            intro
            and bool(_ME.search(text))
            and not _SOURCE_REF.search(text)
            and not _URL.search(text)
        ),
        "intro_plain": float(intro and not _ME.search(text) and not _CASUAL.search(text)),
        "continues_plain": float(
            prev is not None and prev.quoted and not _ME.search(text) and not _CASUAL.search(text)
        ),
        "continues": float(prev is not None and prev.quoted),
        "continues_announced": float(announced_run(done) and not _ME.search(text)),
        "after_list_quote": float(prev is not None and prev.quoted and prev.kind in _LIST),
        "cut_edge": float(
            (lower_ok and text.lstrip()[:1].islower()) or text.rstrip().endswith(("…", "..."))
        ),
        "hard_wrapped": float(is_hard_wrapped(block)),
        "voice_change": float(not _ME.search(text) and (speaks_as_me(prev) or speaks_as_me(nxt))),
        "names_subject": float(prev is not None and names_subject(text, title)),
        "next_reacts": float(
            nxt is not None and nxt.kind is BlockKind.PARAGRAPH and bool(_REACTS.match(nxt.text))
        ),
        "list_item": float(block.kind in _LIST),
    }
    return features


# fitted by tests/importers/fit_quotes.py on the tuning pages
WEIGHTS: dict[str, float] = {
    "after_list_quote": -0.09,
    "aside": 0.12,
    "backref": -1.45,
    "casual": -0.64,
    "citation": 2.24,
    "closes_marks": 0.56,
    "continues": 1.10,
    "continues_announced": 0.78,
    "continues_plain": 1.09,
    "contractions": 0.55,
    "cut_edge": 2.56,
    "formal": 3.30,
    "hard_wrapped": 0.95,
    "impersonal": 1.51,
    "intro": 3.10,
    "intro_but_me": 1.59,
    "intro_plain": 0.67,
    "intro_says": 1.92,
    "leads": -0.30,
    "list_item": -2.09,
    "long": 0.85,
    "me": -1.47,
    "names_subject": 1.00,
    "nbsp": 2.62,
    "next_reacts": 0.30,
    "promo": 1.00,
    "quoted_marks": 0.45,
    "reporting": -0.74,
    "short": -0.42,
    "source_ref": -1.81,
    "they_start": -0.63,
    "url": -0.30,
    "voice_change": 0.97,
    "we_opens": -0.32,
    "we_strong": 1.86,
    "we_weak": 0.79,
}
BIAS = -3.89


def quote_probability(features: dict[str, float]) -> float:
    z = BIAS + sum(WEIGHTS.get(name, 0.0) * value for name, value in features.items())
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def continues_quote(block: Block, prev: Block | None) -> bool:
    """A list right after an unfinished quoted paragraph belongs to the quotation."""
    if prev is None or not prev.quoted or block.kind not in _LIST:
        return False
    return not prev.text.rstrip().endswith((".", "!", "?", "”", '"'))


def page_context(blocks: Sequence[Block], title: str) -> tuple[bool, str]:
    """(whether a lower-case start is unusual on this page, the post's title)."""
    paras = [b for b in blocks if b.kind is BlockKind.PARAGRAPH]
    lower = sum(1 for b in paras if b.text.lstrip()[:1].islower())
    return lower * 10 < len(paras) * 3, title


def mark_quotes(blocks: Sequence[Block], title: str = "") -> tuple[Block, ...]:
    """Each block, with `quoted` set when the text shows it is a quotation and the model's
    probability kept on every candidate (for the import report)."""
    context = page_context(blocks, title)
    out: list[Block] = []
    for i, block in enumerate(blocks):
        prev = out[-1] if out else None
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if continues_quote(block, prev) or is_elision(block) or elides(block):
            out.append(replace(block, quoted=True, quote_confidence=1.0))
            continue
        if not is_candidate(block):
            out.append(block)
            continue
        p = quote_probability(quote_features(out, block, nxt, context))
        out.append(replace(block, quoted=p >= QUOTE_AT, quote_confidence=round(p, 2)))
    return join_elisions(out)


def is_elision(block: Block) -> bool:
    """A paragraph that is only `[…]`: the mark of text cut out of a quotation."""
    return block.kind is BlockKind.PARAGRAPH and bool(_ELISION_ONLY.match(block.text.strip()))


def elides(block: Block) -> bool:
    """A paragraph with `[…]` inside its text was cut out of a quotation: an author does not elide
    their own words (a `[…]` at its very end may be an archive's excerpt cut, and is not counted)."""
    text = block.text.strip()
    return block.kind is BlockKind.PARAGRAPH and any(
        m.end() < len(text) for m in _ELISION.finditer(text)
    )


def join_elisions(blocks: Sequence[Block]) -> tuple[Block, ...]:
    """A `[…]` paragraph is part of a quotation, and so are the paragraphs either side of it that
    read at all like one (from REVIEW_AT): the elision joins two cut parts of one quote."""
    out = list(blocks)
    for i, block in enumerate(blocks):
        if not is_elision(block):
            continue
        out[i] = replace(block, quoted=True, quote_confidence=1.0)
        for j in (i - 1, i + 1):
            near = out[j] if 0 <= j < len(out) else None
            if near is not None and is_candidate(near) and near.quote_confidence >= REVIEW_AT:
                out[j] = replace(near, quoted=True)
    return tuple(out)
