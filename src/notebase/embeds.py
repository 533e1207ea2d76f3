"""`![[Note]]`, `![[Note#Heading]]`, `![[Note#^id]]`: another note's rendered part, put in place.

links.py resolves every link marker but those of embedded notes, which it leaves in the HTML; then
each is replaced here by the part it names, with the embeds in that part in turn (at most
MAX_DEPTH deep, never round a cycle). index.py reports the cycles and chains too deep."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from html import escape

from notebase.diagnostics import Diagnostic, SourcePos, warning
from notebase.markdown import MARK, element_inner
from notebase.model import Entry

MAX_DEPTH = 4  # an embed in an embed in … : this many levels are shown
_MARKER = re.compile(f"{MARK}L(\\d+){MARK}")
_HEADING = re.compile(r"<h([1-6])[\s>]")
_ID = re.compile(r'\sid="[^"]*"')
_FOOTNOTE_REF = re.compile(r'<a href="#fn[^"]*"[^>]*>(.*?)</a>', re.S)
_FOOTNOTES = re.compile(r'<section class="footnotes">.*?</section>\n?', re.S)
_OPEN_TAG = re.compile(r"<([a-z0-9]+)\b[^>]*>")

# the HTML of a link to a note (slug#fragment): the embed's heading, or what a cut-off embed shows
LinkTag = Callable[[str, str], str]


def is_note_embed(entry: Entry, i: int, targets: tuple[str, ...]) -> bool:
    target = targets[i] if i < len(targets) else ""
    return entry.links[i].embed and bool(target) and target[0] not in "/@"


def note_embeds(entry: Entry, targets: tuple[str, ...]) -> list[tuple[int, str]]:
    """(link number, target) of each embed of a note in the entry."""
    return [(i, targets[i]) for i in range(len(entry.links)) if is_note_embed(entry, i, targets)]


def expand_embeds(
    html: str,
    entry: Entry,
    filled: dict[str, Entry],
    targets: dict[str, tuple[str, ...]],
    link_tag: LinkTag,
    stack: tuple[str, ...] = (),
) -> str:
    """`html` of `entry` with each marker left (an embedded note) replaced by the part embedded."""
    stack = (*stack, entry.slug)
    own = targets.get(entry.slug, ())

    def embed(m: re.Match[str]) -> str:
        i = int(m.group(1))
        target = own[i] if i < len(own) else ""
        slug, _, fragment = target.partition("#")
        if slug not in filled:
            return ""
        if slug in stack or len(stack) > MAX_DEPTH:  # reported by embed_problems
            return link_tag(slug, fragment)
        inner = expand_embeds(
            part_of(filled[slug].body_html, fragment),
            filled[slug],
            filled,
            targets,
            link_tag,
            stack,
        )
        source = link_tag(slug, fragment)
        return f'<div class="embed">\n<p class="embed-source">{source}</p>\n{quiet(inner)}</div>\n'

    return _MARKER.sub(embed, html)


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
    inner = element_inner(html[start:], tag.group(0), name)
    return f"<p>{inner}</p>\n" if name == "li" else f"{tag.group(0)}{inner}</{name}>\n"


def section(html: str, start: int, level: int) -> str:
    pos = html.find(">", start)
    for m in _HEADING.finditer(html, pos):
        if int(m.group(1)) <= level:
            return html[start : m.start()]
    return html[start:]


def quiet(html: str) -> str:
    """Embedded HTML without ids (the page has its own) or footnotes (they are the other note's)."""
    return _ID.sub("", _FOOTNOTE_REF.sub(r"\1", _FOOTNOTES.sub("", html)))


def embed_problems(
    entries: Iterable[Entry], targets: dict[str, tuple[str, ...]]
) -> list[Diagnostic]:
    """A warning for each embed that leads round to a note it is in, or deeper than MAX_DEPTH."""
    graph = {e.slug: note_embeds(e, targets.get(e.slug, ())) for e in entries}
    diags = []
    by_slug = {e.slug: e for e in entries}
    for slug, embeds in graph.items():
        for i, target in embeds:
            problem = chain_problem(graph, target.partition("#")[0], (slug,))
            if problem:
                link = by_slug[slug].links[i]
                pos = SourcePos(by_slug[slug].pos.path, link.line or 1)
                diags.append(
                    warning(problem[0], f"![[{link.target}]] {problem[1]}", pos, problem[2])
                )
    return diags


def chain_problem(
    graph: dict[str, list[tuple[int, str]]], slug: str, stack: tuple[str, ...]
) -> tuple[str, str, str] | None:
    if slug == stack[0]:
        hint = "embed a part of the note (![[Note#Heading]]), or link to it"
        return ("embed-cycle", "embeds a note that embeds it again", hint)
    if slug in stack:  # a cycle the note is not on: reported at the embeds that are
        return None
    if len(stack) > MAX_DEPTH:
        hint = f"embeds are shown {MAX_DEPTH} levels deep; deeper ones are links"
        return ("embed-too-deep", "leads to embeds too deeply nested", hint)
    for _, target in graph.get(slug, ()):
        found = chain_problem(graph, target.partition("#")[0], (*stack, slug))
        if found:
            return found
    return None
