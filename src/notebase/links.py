"""Resolve an entry's link markers into site-relative hrefs (pages fill in their root at render)."""

from __future__ import annotations

from dataclasses import replace
from html import escape

from notebase.attachments import attachment_embed, file_href
from notebase.embeds import expand_embeds, note_embeds
from notebase.markdown.markers import ROOT as ROOT  # render.py's, from here
from notebase.markdown.markers import link_marker, substitute_markers
from notebase.model import Entry, Footnote, LinkRef, Quote, SiteIndex
from notebase.slugs import output_path, page_url

# entry as parsed -> (what its link tags are made of, the entry resolved with them): the last build's
Resolved = dict[int, tuple[Entry, tuple[object, ...], Entry]]


def resolve_index(index: SiteIndex, directory_urls: bool) -> SiteIndex:
    """The index with every entry's link markers resolved."""
    return resolve_index_again(index, directory_urls, {})[0]


def resolve_index_again(
    index: SiteIndex, directory_urls: bool, previous: Resolved
) -> tuple[SiteIndex, Resolved]:
    """resolve_index, where an entry resolved by the last build from the same link targets and
    target titles is that same record again (so later stages can tell it is unchanged by its
    identity, and its link tags are not made again). The index keeps an entry's targets (the same
    tuple) only while every entry is named as before (index.resolve_again): the same targets then
    lead to entries of the same titles, which need not be looked up."""
    resolved: Resolved = {}
    for entry in index.entries:
        old = previous.get(id(entry))
        targets = index.link_targets.get(entry.slug, ())
        if (
            old is not None
            and old[0] is entry
            and old[1][1] is targets
            and old[1][0] == directory_urls
            and not any(t.startswith("@") for t in targets)  # a file's size is no target's
        ):
            resolved[id(entry)] = old
            continue
        made_of = link_inputs(entry, index, directory_urls)
        if old is None or old[0] is not entry or old[1] != made_of:
            old = (entry, made_of, fill_links(entry, link_tags(entry, index, directory_urls)))
        resolved[id(entry)] = old
    entries = embed_notes(index, [resolved[id(e)][2] for e in index.entries], directory_urls)
    return replace(index, entries=entries, by_slug={e.slug: e for e in entries}), resolved


def embed_notes(index: SiteIndex, filled: list[Entry], directory_urls: bool) -> tuple[Entry, ...]:
    """The entries with the notes they embed put in place (their markers are all that is left):
    made again by every build, for an embed changes with the note embedded."""
    by_slug = {e.slug: e for e in filled}

    def note_link(slug: str, fragment: str) -> str:
        anchor = fragment_href(fragment)
        href = url_href(page_url(slug), directory_urls) + anchor
        shown = by_slug[slug].title + (
            f" › {part_name(by_slug[slug], fragment)}" if fragment else ""
        )
        return f'<a class="wikilink" href="{href}">{escape(shown)}</a>'

    def link_only(html: str, entry: Entry) -> str:
        targets = index.link_targets.get(entry.slug, ())

        def tag(i: int) -> str:
            return note_link(*targets[i].partition("#")[::2]) if i < len(targets) else ""

        return substitute_markers(html, tag)

    def embed(entry: Entry) -> Entry:
        if not any(link.embed for link in entry.links):
            return entry
        if not note_embeds(entry, index.link_targets.get(entry.slug, ())):
            return entry
        body = expand_embeds(entry.body_html, entry, by_slug, index.link_targets, note_link)
        return replace(
            entry,
            body_html=body,
            tldr_html=link_only(entry.tldr_html, entry),
            quotes=tuple(replace(q, html=link_only(q.html, entry)) for q in entry.quotes),
            footnotes=tuple(replace(f, html=link_only(f.html, entry)) for f in entry.footnotes),
        )

    return tuple(embed(e) for e in filled)


def link_inputs(entry: Entry, index: SiteIndex, directory_urls: bool) -> tuple[object, ...]:
    """What an entry's link tags are made of (besides the entry): its links' targets, the titles
    of the entries they lead to, the URL style."""
    targets = index.link_targets.get(entry.slug, ())
    slugs = [t.partition("#")[0] for t in targets]
    titles = tuple(index.by_slug[s].title for s in slugs if s and s[0] not in "/@")
    files = tuple(index.attachments.get(s[1:]) for s in slugs if s.startswith("@"))
    return (directory_urls, targets, titles, files)


def link_tags(entry: Entry, index: SiteIndex, directory_urls: bool) -> tuple[str, ...]:
    targets = index.link_targets.get(entry.slug, ())
    return tuple(
        link_tag(entry, i, targets, index, directory_urls) for i in range(len(entry.links))
    )


def fill_links(entry: Entry, tags: tuple[str, ...]) -> Entry:
    """The entry with every internal link marker replaced by its <a> tag (or an unresolved span)."""

    def fill(html: str) -> str:
        return substitute_markers(html, lambda i: tags[i] if i < len(tags) else "")

    return replace(
        entry,
        body_html=fill(entry.body_html),
        tldr_html=fill(entry.tldr_html),
        quotes=tuple(
            Quote(q.anchor, fill(q.html), q.text, q.attribution, q.line) for q in entry.quotes
        ),
        footnotes=tuple(Footnote(f.label, fill(f.html), f.text) for f in entry.footnotes),
    )


def link_tag(
    entry: Entry, i: int, targets: tuple[str, ...], index: SiteIndex, directory_urls: bool
) -> str:
    link = entry.links[i]
    target = targets[i] if i < len(targets) else ""
    if link.embed:
        return embed_tag(link, i, target, index)
    if target.startswith("@"):
        file = index.attachments.get(target[1:])
        href = ROOT + file_href(file) if file else ""
        return (
            f'<a class="attachment" href="{href}">' if file else '<a class="attachment unresolved">'
        )
    if not target:
        if link.is_wiki:
            title = escape(f"No note named “{link.target}” yet")
            return f'<a class="wikilink unresolved" title="{title}">'
        return f'<a href="{escape(link.target)}">'
    slug, _, fragment = target.partition("#")
    anchor = fragment_href(fragment)
    if slug.startswith("/"):  # a page that is no entry's: '/tags/ml/'
        return f'<a class="internal" href="{url_href(slug[1:], directory_urls)}{anchor}">'
    href = url_href(page_url(slug), directory_urls) + anchor
    cls = "wikilink" if link.is_wiki else "internal"
    title = escape(index.by_slug[slug].title)
    return f'<a class="{cls}" href="{href}" data-title="{title}">'


def fragment_href(fragment: str) -> str:
    """`#anchor` for an href; a block's `^id` is written `%5Eid` (a URL may not hold ^, and a
    browser decodes it to find the element)."""
    return f"#{escape(fragment.replace('^', '%5E'))}" if fragment else ""


def part_name(entry: Entry, anchor: str) -> str:
    """The text of the heading of that anchor, else the anchor (a block's `^id`)."""
    return next((h.text for h in entry.headings if h.anchor == anchor), anchor)


def embed_tag(link: LinkRef, i: int, target: str, index: SiteIndex) -> str:
    """What `![[…]]` or `![…](…)` shows in place: the file; a note's marker, left for
    embed_notes; else what was written, marked unresolved."""
    file = index.attachments.get(target[1:]) if target.startswith("@") else None
    if file is not None:
        return attachment_embed(file, link.label, ROOT + file_href(file))
    if target and target[0] not in "@/":  # a note: left for embed_notes
        return link_marker(i)
    shown = f"![[{link.target}]]" if link.is_wiki else link.label or link.target
    title = escape(f"No file or note named “{link.target}”")
    return f'<span class="embed unresolved" title="{title}">{escape(shown)}</span>'


def url_href(url: str, directory_urls: bool) -> str:
    """A page's href with the root placeholder: ROOT + 'papers/muon/index.html'."""
    return ROOT + escape(url if directory_urls else output_path(url))
