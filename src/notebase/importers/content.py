"""The content block of a page that marks none (no `<main>`, no `<article>`), found by scoring its
blocks as Mozilla Readability does (pure).

Each paragraph of 25 letters or more scores 1, a point per comma and a point per 100 letters (3 at
most), given whole to the block holding it, half to the one holding that, and a third, a sixth,
... to those further out; a block starts from a score of its tag's and of the words of its class
and id (content, post, entry vs comment, sidebar, footer), and its score is cut by the share of its
text in links. The best block is the content, with those of its siblings scoring a fifth of its
score or more (a post cut into several blocks), or that are paragraphs of prose themselves."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from notebase.importers.htmlmd import (
    BLOCKS,
    POST_WORDS,
    LexborNode,
    ancestors,
    attr,
    children,
    classes,
    name_words,
    plain_text,
)

_COMMA = re.compile("[,\u060c\ufe50\ufe10\ufe11\u2e41\u2e34\u2e32\uff0c]")  # Latin, Arabic, CJK
MIN_PARAGRAPH = 25  # letters of a paragraph that counts: not a caption, a button, a date
MIN_CONTENT = 500  # letters of a content block too few to be sure of: the page is kept whole
HOLDER_LEVELS = 5  # blocks round a paragraph that share its score
SIBLING_SHARE = 0.2  # a sibling scoring this share of the best block's is the content's too
MIN_SIBLING_SCORE = 10
TOP_CANDIDATES = 5  # the best blocks that may be parts of one post
RIVAL_SHARE = 0.75  # a block scoring this share of the best's is a rival part of it
RIVALS = 3  # rivals with a block in common: the post is that block
PROSE = 80  # letters of a sibling paragraph that is prose of itself, with few links
TAG_SCORES = {"div": 5, "pre": 3, "td": 3, "blockquote": 3, "h1": -5, "h2": -5, "h3": -5}
TAG_SCORES |= {"h4": -5, "h5": -5, "h6": -5, "th": -5, "address": -3, "ol": -3, "ul": -3}
TAG_SCORES |= {"dl": -3, "dd": -3, "dt": -3, "li": -3, "form": -3}
NAME_SCORE = 25  # a class or an id saying the block holds the content, or holds none
# a post's own words (htmlmd's), and a page's, a blog's, a column's, microformats' `hentry`
CONTENT_WORDS = POST_WORDS | {"hentry", "page", "blog", "column"}
OTHER_WORDS = frozenset(
    ("comment", "comments", "sidebar", "footer", "foot", "widget", "banner", "masthead", "meta",
     "related", "share", "sharing", "social", "sponsor", "promo", "tags", "tool", "tools", "menu",
     "nav", "contact", "combx", "shoutbox", "skyscraper", "shopping", "outbrain", "popup",
     "advertisement", "ad", "ads", "header", "byline", "author", "hidden", "scroll", "login")
)  # fmt: skip


def content_blocks(body: LexborNode) -> tuple[LexborNode, ...]:
    """The block of the page's body holding its content and the siblings that belong with it;
    (body,) when no paragraph scores, or the block holds too little to be sure of."""
    scores, nodes = block_scores(body)
    ranked = sorted(scores, key=lambda i: -scores[i])  # ties in the page's order
    if not ranked:
        return (body,)
    top = scores[ranked[0]]
    rivals = [nodes[i] for i in ranked[1:TOP_CANDIDATES] if scores[i] >= RIVAL_SHARE * top]
    best = better_holder(shared_holder(nodes[ranked[0]], rivals), scores, body)
    while best.parent is not None and best.mem_id != body.mem_id and only_child(best):
        best = best.parent
    if best.mem_id == body.mem_id or best.parent is None:
        return (body,)
    found = tuple(kin(best, scores, top))
    return found if sum(len(plain_text(n)) for n in found) >= MIN_CONTENT else (body,)


def block_scores(body: LexborNode) -> tuple[dict[int, float], dict[int, LexborNode]]:
    """mem_id -> score of each block holding a paragraph, its links' share taken off; and the
    blocks by mem_id, in the order their first paragraph comes in the page."""
    scores: dict[int, float] = {}
    nodes: dict[int, LexborNode] = {}
    for text, holders in paragraphs(body):
        points = 1 + len(_COMMA.findall(text)) + min(len(text) // 100, 3)
        for level, holder in enumerate(holders[:HOLDER_LEVELS]):
            if holder.mem_id not in nodes:
                nodes[holder.mem_id] = holder
                scores[holder.mem_id] = start_score(holder)
            scores[holder.mem_id] += points / (1 if level == 0 else 2 if level == 1 else level * 3)
    return {i: s * (1 - link_density(nodes[i])) for i, s in scores.items()}, nodes


def shared_holder(best: LexborNode, rivals: Sequence[LexborNode]) -> LexborNode:
    """The block holding the best one and most of its rivals beside it (not blocks round it, nor
    in it), when they are RIVALS or more: a post cut into blocks alike (a how-to's steps, each a
    `div.content`)."""
    chain = {a.mem_id for a in ancestors(best)}
    held = [{a.mem_id for a in ancestors(r)} for r in rivals]
    held = [h for r, h in zip(rivals, held, strict=True) if r.mem_id not in chain]
    held = [h for h in held if best.mem_id not in h]
    if len(held) < RIVALS:
        return best
    for holder in ancestors(best):
        if holder.tag == "body":
            break
        if sum(holder.mem_id in h for h in held) >= RIVALS:
            return holder
    return best


def better_holder(best: LexborNode, scores: dict[int, float], body: LexborNode) -> LexborNode:
    """The first block round the best one scoring higher than the block it holds, before one
    scores under a third of the best's: the post round its lead paragraphs."""
    if best.mem_id not in scores:
        return best  # a block round rivals, already out from the best
    last = scores[best.mem_id]
    for holder in up_to_body(ancestors(best), body)[:-1]:
        if holder.mem_id not in scores:
            continue
        if scores[holder.mem_id] < scores[best.mem_id] / 3:
            break
        if scores[holder.mem_id] > last:
            return holder
        last = scores[holder.mem_id]
    return best


def paragraphs(body: LexborNode) -> Iterator[tuple[str, list[LexborNode]]]:
    """Each paragraph's text and the blocks holding it, innermost first: a block's own running
    text (out of its child blocks) is a paragraph of it, held by its parent when it holds no block
    (a `<p>`, a `<div>` of text and line breaks), else by itself."""
    for node in body.css("p, pre, td, div, section"):
        own = [c for c in children(node) if (c.tag or "") not in BLOCKS]
        text = " ".join(" ".join(plain_text(c) for c in own).split())
        if len(text) < MIN_PARAGRAPH:
            continue
        chain = ancestors(node) if is_paragraph(node) else [node, *ancestors(node)]
        yield text, up_to_body(chain, body)


def is_paragraph(node: LexborNode) -> bool:
    """A `<p>`, or a block holding no other (a `<div>` of text and line breaks)."""
    return node.tag == "p" or not any((c.tag or "") in BLOCKS for c in children(node))


def up_to_body(chain: Sequence[LexborNode], body: LexborNode) -> list[LexborNode]:
    """The chain of blocks up to the body, with it."""
    ids = [n.mem_id for n in chain]
    return list(chain[: ids.index(body.mem_id) + 1]) if body.mem_id in ids else list(chain)


def start_score(node: LexborNode) -> float:
    """A block's score before its paragraphs': its tag's, and its class's and id's words'."""
    score = float(TAG_SCORES.get(node.tag or "", 0))
    for name in (" ".join(classes(node)), attr(node, "id")):
        words = set(name_words(name))
        score -= NAME_SCORE if words & OTHER_WORDS else 0
        score += NAME_SCORE if words & CONTENT_WORDS else 0
    return score


def link_density(node: LexborNode) -> float:
    """The share of the block's text in its links."""
    text = len(plain_text(node))
    linked = sum(len(plain_text(a)) for a in node.css("a"))
    return min(1.0, linked / text) if text else 0.0


def only_child(node: LexborNode) -> bool:
    """Whether the block is its parent's one element (then the parent is the same block)."""
    parent = node.parent
    return parent is not None and [c.mem_id for c in parent.iter()] == [node.mem_id]


def kin(best: LexborNode, scores: dict[int, float], top: float) -> Iterator[LexborNode]:
    """The best block and its siblings that score near it (a bonus for sharing its class), or
    that are prose of their own: a long paragraph with few links, a short sentence with none."""
    parent = best.parent
    assert parent is not None
    threshold = max(MIN_SIBLING_SCORE, top * SIBLING_SHARE)
    for node in parent.iter():
        if node.mem_id == best.mem_id:
            yield node
            continue
        bonus = top * SIBLING_SHARE if classes(node) and classes(node) == classes(best) else 0
        if scores.get(node.mem_id, 0.0) + bonus >= threshold or is_prose(node):
            yield node


def is_prose(paragraph: LexborNode) -> bool:
    """A paragraph (see `is_paragraph`) of prose: a long one with few links, a short sentence
    with none."""
    if paragraph.tag not in ("p", "div") or not is_paragraph(paragraph):
        return False
    text = plain_text(paragraph)
    density = link_density(paragraph)
    if len(text) > PROSE:
        return density < 0.25
    return bool(text) and density == 0 and text.endswith(".")
