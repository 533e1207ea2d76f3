"""Quotes, their one home: each top-level blockquote of a note gets its anchor and attribution
in the token stream, and is taken out of the pieces its tokens rendered as."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from dataclasses import dataclass
from typing import NamedTuple

from markdown_it.token import Token

from notebase.markdown.text import html_to_text, inline_plain, plain_text

_ATTRIBUTION = re.compile(r"^\s*(?:—|―|–|--|~)\s*")


@dataclass(frozen=True, slots=True)
class RawQuote:
    anchor: str
    html: str
    text: str
    attribution: str
    line: int


class QuoteMark(NamedTuple):
    """A top-level quote as mark_quotes leaves it: where it opens in the token stream, its anchor,
    attribution and line."""

    start: int
    anchor: str
    attribution: str
    line: int


def mark_quotes(tokens: list[Token], default_attribution: str = "") -> list[QuoteMark]:
    """Give each top-level blockquote a stable anchor and turn its `— Name` line into a footer
    (a quote without one is attributed to `default_attribution`, the entry's source)."""
    found: list[QuoteMark] = []
    seen: set[str] = set()
    for i, token in enumerate(tokens):
        if token.type != "blockquote_open" or token.level != 0:
            continue
        if is_field_card(tokens[i + 1 : matching_close(tokens, i)]):
            continue  # a note's card of its paper's fields, set off as a quote is: no quote
        end = split_attribution_line(tokens, i, matching_close(tokens, i))
        attribution = mark_attribution(tokens, i, end)
        block_id = str(token.attrGet("id") or "")  # `^id` after the quote: Obsidian's block id
        anchor = block_id or unique_anchor(quote_anchor(plain_text(tokens[i:end])), seen)
        if not attribution and default_attribution:
            tokens[end:end] = attribution_tokens(default_attribution, token.level + 1)
            attribution = default_attribution
        token.attrSet("id", anchor)
        token.attrSet("class", "quote")
        line = token.map[0] + 1 if token.map else 0
        found.append(QuoteMark(i, anchor, attribution, line))
    return found


# a line of a card: `**Authors**: …`, `**作者**：…`, `**Paper:** …`; or only links, a paper's
# addresses (`🔗 [arXiv](…) | [PDF](…)`)
# a bold label and its colon, `**Authors**:`, `__Year:__`, `**作者**：` (a card's, a list's)
BOLD_LABEL = r"(?P<bold>\*\*|__)(?P<label>[^*\n]{1,30}?)\s*(?:(?P=bold)\s*[:：]|[:：]\s*(?P=bold))"
_FIELD_LINE = re.compile(BOLD_LABEL)
_LINKS_LINE = re.compile(r"\W{0,3}\s*\[[^\]]+\]\([^)\s]+\)(?:\s*[|·,/]?\s*\[[^\]]+\]\([^)\s]+\))*")
CARD_FIELDS = 3  # the labels a card names at least: fewer, `**Q:**`/`**A:**`, is a dialogue quoted


def is_field_card(inner: list[Token]) -> bool:
    """Whether a blockquote's tokens are a card of labelled fields, as paper notes head
    themselves with their paper's (`> **论文**：… > **作者**：… > 🔗 [arXiv](…)`): paragraphs only,
    each line a field or links alone, of three labels or more."""
    if any(t.type not in ("paragraph_open", "paragraph_close", "inline") for t in inner):
        return False
    return is_card([line for t in inner if t.type == "inline" for line in t.content.split("\n")])


def is_card(lines: list[str]) -> bool:
    """Whether a blockquote's lines (without their `>`) are a card of labelled fields: each a
    field or links alone, of three labels or more (blank lines aside)."""
    lines = [line.strip() for line in lines]
    labels = {m["label"].strip().casefold() for line in lines if (m := _FIELD_LINE.match(line))}
    rest = [line for line in lines if line and not _FIELD_LINE.match(line)]
    return len(labels) >= CARD_FIELDS and all(_LINKS_LINE.fullmatch(line) for line in rest)


def attribution_tokens(text: str, level: int) -> list[Token]:
    opening = Token("paragraph_open", "footer", 1, block=True, level=level)
    opening.attrSet("class", "quote-attribution")
    inline = Token("inline", "", 0, level=level, content=f"— {text}")
    inline.children = [Token("text", "", 0, content=f"— {text}")]
    return [opening, inline, Token("paragraph_close", "footer", -1, block=True, level=level)]


def matching_close(tokens: list[Token], start: int) -> int:
    depth = 0
    for j in range(start, len(tokens)):
        depth += tokens[j].nesting if tokens[j].type.startswith("blockquote") else 0
        if depth == 0:
            return j
    return len(tokens) - 1


def split_attribution_line(tokens: list[Token], start: int, end: int) -> int:
    """`> text` followed by `> — Name` (no blank line) is one paragraph: its last line, when it
    starts with a dash, becomes a paragraph of its own. Returns the quote's new closing index."""
    para = end - 3
    if para <= start or tokens[para].type != "paragraph_open" or tokens[para].level != 1:
        return end
    inline = tokens[para + 1]
    children = inline.children or []
    breaks = [k for k, c in enumerate(children) if c.type in ("softbreak", "hardbreak")]
    head, _, last = inline.content.rpartition("\n")
    if not breaks or not head or not _ATTRIBUTION.match(last):
        return end
    k = breaks[-1]
    tail = dataclasses.replace(inline, content=last, children=children[k + 1 :])
    inline.content, inline.children = head, children[:k]
    new_open = dataclasses.replace(tokens[para], attrs={})
    tokens[para + 2 : para + 2] = [dataclasses.replace(tokens[para + 2]), new_open, tail]
    return end + 3


def mark_attribution(tokens: list[Token], start: int, end: int) -> str:
    """The last paragraph of a quote, when it starts with a dash, is its attribution: its words,
    as the quotes page shows them (a `[[note|Name]]` or `[Name](url)` there reads Name)."""
    para = end - 3
    if para <= start or tokens[para].type != "paragraph_open" or tokens[para].level != 1:
        return ""
    inline = tokens[para + 1]
    if not _ATTRIBUTION.match(inline.content):
        return ""
    for tok in (tokens[para], tokens[para + 2]):
        tok.tag = "footer"
    tokens[para].attrSet("class", "quote-attribution")
    return _ATTRIBUTION.sub("", inline_plain(inline)).strip()


def quote_anchor(text: str) -> str:
    return "q-" + hashlib.sha1(" ".join(text.split()).encode()).hexdigest()[:8]


def unique_anchor(anchor: str, seen: set[str]) -> str:
    candidate, n = anchor, 2
    while candidate in seen:
        candidate, n = f"{anchor}-{n}", n + 1
    seen.add(candidate)
    return candidate


def quotes_of(tokens: list[Token], pieces: list[str], marks: list[QuoteMark]) -> list[RawQuote]:
    """Each marked quote's inner HTML (without its attribution footer) and text, from the pieces
    its tokens rendered as in the body."""
    quotes = []
    for start, anchor, attribution, line in marks:
        inner = "".join(pieces[start + 1 : quote_inner_end(tokens, start)]).strip()
        quotes.append(RawQuote(anchor, inner, html_to_text(inner), attribution, line))
    return quotes


def quote_inner_end(tokens: list[Token], start: int) -> int:
    """Where a top-level quote's words end: at its attribution footer, else at its close."""
    end = matching_close(tokens, start)
    for j in range(start + 1, end):
        if (
            tokens[j].type == "paragraph_open"
            and tokens[j].tag == "footer"
            and tokens[j].level == 1
        ):
            return j
    return end
