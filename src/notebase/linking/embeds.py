"""`![[Note]]`, `![[Note#Heading]]`, `![[Note#^id]]`: another note's rendered part, put in place.

linktags.py resolves every link marker but those of embedded notes, which it leaves in the HTML; then
each is replaced here by the part it names, with the embeds in that part in turn (at most
MAX_DEPTH deep, never round a cycle). index.py reports the cycles and chains too deep."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from html import escape

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.markdown.markers import marker_numbers, substitute_markers
from notebase.markdown.text import FOOTNOTES_START, quiet
from notebase.model import Entry
from notebase.slugs import is_base_file

MAX_DEPTH = 4  # an embed in an embed in … : this many levels are shown
_HEADING = re.compile(r"<h([1-6])[\s>]")
_OPEN_TAG = re.compile(r"<([a-z0-9]+)\b[^>]*>")

Node = tuple[str, str]  # a note (its slug) or a part of it (slug, heading anchor or ^id)
# the HTML of a link to a note (slug#fragment): the embed's heading, or what a cut-off embed shows
LinkTag = Callable[[str, str], str]
BaseView = Callable[[str, str, Entry], str]  # (the base's path, the view named, this note) -> HTML


def is_note_embed(entry: Entry, i: int, targets: tuple[str, ...]) -> bool:
    target = targets[i] if i < len(targets) else ""
    return entry.links[i].embed and bool(target) and target[0] not in "/@"


def base_embeds(entry: Entry, targets: tuple[str, ...]) -> bool:
    """Whether the entry shows an Obsidian base (a view of other notes): embeds one
    (`![[X.base]]`), or holds a ```base block."""
    return entry.holds_base or any(
        link.embed and i < len(targets) and targets[i][:1] == "@" and is_base_file(targets[i])
        for i, link in enumerate(entry.links)
    )


def note_embeds(entry: Entry, targets: tuple[str, ...]) -> list[tuple[int, str]]:
    """(link number, target) of each embed of a note in the entry."""
    return [(i, targets[i]) for i in range(len(entry.links)) if is_note_embed(entry, i, targets)]


def expand_embeds(
    html: str,
    entry: Entry,
    filled: dict[str, Entry],
    targets: dict[str, tuple[str, ...]],
    link_tag: LinkTag,
    stack: tuple[Node, ...] = (),
    base_view: BaseView | None = None,
) -> str:
    """`html` of `entry` with each marker left (an embedded note) replaced by the part embedded,
    and each of an embedded base by `base_view` of it (its path, the view named, the entry)."""
    stack = stack or ((entry.slug, ""),)
    own = targets.get(entry.slug, ())

    def embed(i: int) -> str:
        slug, _, fragment = (own[i] if i < len(own) else "").partition("#")
        if slug.startswith("@"):  # a base (its target holds no fragment: the link has it)
            view = entry.links[i].fragment if i < len(entry.links) else ""
            return base_view(slug[1:], view, entry) if base_view else ""
        if slug not in filled:
            return ""
        node = (slug, fragment)
        if node in stack or len(stack) > MAX_DEPTH:  # reported by embed_problems
            return link_tag(slug, fragment)
        part = part_of(filled[slug].body_html, fragment)
        inner = expand_embeds(
            part, filled[slug], filled, targets, link_tag, (*stack, node), base_view
        )
        source = link_tag(slug, fragment)
        head = f'<div class="embed" data-pagefind-ignore>\n<p class="embed-source">{source}</p>\n'
        return f"{head}{quiet(inner)}</div>\n"

    return substitute_markers(html, embed)


def part_of(html: str, fragment: str) -> str:
    """The whole body, the section of a heading (to the next heading of its level or higher), or
    a block (`^id`); "" when it has no such part."""
    if not fragment:
        return html
    start = html.find(f' id="{escape(fragment)}"')
    if start < 0:
        return ""
    start = html.rfind("<", 0, start)
    tag = _OPEN_TAG.match(html, start)
    if tag is None:
        return ""
    name = tag.group(1)
    if name[0] == "h" and name[1:].isdigit():
        return section(html, start, int(name[1:]))
    inner = element_inner(html, tag.end(), name)
    return f"<p>{inner}</p>\n" if name == "li" else f"{tag.group(0)}{inner}</{name}>\n"


def element_inner(html: str, body_start: int, tag: str) -> str:
    """The inner HTML of the `tag` element whose opening tag ends at `body_start`, nesting of the
    same tag respected."""
    depth, pos = 1, body_start
    pattern = re.compile(f"<(/?){tag}[\\s>]")
    while depth and (m := pattern.search(html, pos)):
        depth += -1 if m.group(1) else 1
        pos = m.end()
        if depth == 0:
            return html[body_start : m.start()]
    return html[body_start:]


def section(html: str, start: int, level: int) -> str:
    """From the heading at `start` to the next of its level or higher, or to the footnote list
    (whose own heading would cut it open)."""
    end = html.find(FOOTNOTES_START, start)
    end = len(html) if end < 0 else end
    for m in _HEADING.finditer(html, html.find(">", start), end):
        if int(m.group(1)) <= level:
            return html[start : m.start()]
    return html[start:end]


def embed_problems(
    entries: Iterable[Entry], targets: dict[str, tuple[str, ...]]
) -> list[Diagnostic]:
    """A warning for each embed whose page would be cut short: one that leads round to a part
    it is in (a note, or a section embedding itself), or deeper than MAX_DEPTH."""
    by_slug = {e.slug: e for e in entries}

    @cache  # a part embedded by many is scanned once, not once per chain through it
    def embeds_of(node: Node) -> tuple[Node, ...]:
        entry = by_slug[node[0]]
        own = targets.get(entry.slug, ())
        found = marker_numbers(part_of(entry.body_html, node[1]))
        return tuple(
            node_of(own[i]) for i in found if i < len(own) and is_note_embed(entry, i, own)
        )

    diags = []
    for entry in by_slug.values():
        own = targets.get(entry.slug, ())
        for i, target in note_embeds(entry, own):
            problem = chain_problem(embeds_of, node_of(target), ((entry.slug, ""),))
            if problem:
                link = entry.links[i]
                shown = link.target + (f"#{link.fragment}" if link.fragment else "")
                message = f"![[{shown}]] {problem[1]}"
                pos = FilePos(entry.pos.path, link.line or 1)
                diags.append(warning(problem[0], message, pos, problem[2]))
    return diags


def node_of(target: str) -> Node:
    slug, _, fragment = target.partition("#")
    return (slug, fragment)


def chain_problem(
    embeds_of: Callable[[Node], tuple[Node, ...]], node: Node, stack: tuple[Node, ...]
) -> tuple[str, str, str] | None:
    if node in stack:
        hint = "embed another part of the note (![[Note#Heading]]), or link to it"
        return ("embed-cycle", "leads round to a part that embeds it", hint)
    if len(stack) > MAX_DEPTH:
        hint = f"embeds are shown {MAX_DEPTH} levels deep; deeper ones are links"
        return ("embed-too-deep", "leads to embeds too deeply nested", hint)
    for inner in embeds_of(node):
        found = chain_problem(embeds_of, inner, (*stack, node))
        if found:
            return found
    return None
