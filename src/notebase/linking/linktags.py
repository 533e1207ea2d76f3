"""Resolve an entry's link markers into site-relative hrefs (pages fill in their root at render)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from urllib.parse import unquote

from notebase.digests import Apply, direct, made_from, remade
from notebase.linking.attachments import attachment_embed, file_href, site_image
from notebase.linking.bases import BaseRows
from notebase.linking.embeds import base_embeds, expand_embeds, note_embeds
from notebase.markdown.markers import ROOT as ROOT  # render.py's, from here
from notebase.markdown.markers import base_queries, link_marker, substitute_markers
from notebase.model import NO_WORDS, Attachment, Entry, Footnote, LinkRef, Quote, SiteIndex
from notebase.records import fast_pickling
from notebase.slugs import (
    CANVAS,
    drawing_path,
    is_canvas_file,
    looks_like_file,
    output_path,
    page_url,
)


@fast_pickling
@dataclass(frozen=True, slots=True)
class LinkInputs:
    """What an entry's link tags are made of, besides the entry: its links' targets, the titles
    of the entries and the files they lead to, the URL style."""

    targets: tuple[str, ...]
    titles: dict[str, str]  # slug -> title
    files: dict[str, Attachment]  # path under notes/ -> the file
    directory_urls: bool


def resolve_index(index: SiteIndex, directory_urls: bool, apply: Apply = direct) -> SiteIndex:
    """The index with every entry's link markers resolved (by `apply`: the build's memo makes
    only the entries whose links lead elsewhere than before again)."""
    filled = [
        apply.call_at(entry.slug, fill_links, entry, link_inputs(entry, index, directory_urls))
        for entry in index.entries
    ]
    entries = embed_notes(index, filled, directory_urls)
    return replace(index, entries=entries, by_slug={e.slug: e for e in entries})


def link_inputs(entry: Entry, index: SiteIndex, directory_urls: bool) -> LinkInputs:
    targets = index.link_targets.get(entry.slug, ())
    slugs = [t.partition("#")[0] for t in targets]
    titles = {s: index.by_slug[s].title for s in slugs if s and s[0] not in "/@"}
    files = {s[1:]: index.attachments[s[1:]] for s in slugs if s[1:] in index.attachments}
    return LinkInputs(targets, titles, files, directory_urls)


def embed_notes(index: SiteIndex, filled: list[Entry], directory_urls: bool) -> tuple[Entry, ...]:
    """The entries with the notes they embed put in place (their markers are all that is left):
    made again by every build, for an embed changes with the note embedded."""
    by_slug = {e.slug: e for e in filled}

    def note_link(slug: str, fragment: str) -> str:
        anchor = fragment_href(fragment)
        href = url_href(page_url(slug), directory_urls) + anchor
        shown = escape(by_slug[slug].title) + part_name(by_slug[slug], fragment)
        return f'<a class="wikilink" href="{href}">{shown}</a>'

    def link_only(html: str, entry: Entry) -> str:
        targets = index.link_targets.get(entry.slug, ())

        def tag(i: int) -> str:
            return note_link(*targets[i].partition("#")[::2]) if i < len(targets) else ""

        return substitute_markers(html, tag)

    def view_link(slug: str, shown: str) -> str:
        href = url_href(page_url(slug), directory_urls)
        return f'<a class="wikilink" href="{href}">{escape(shown)}</a>'

    rows = BaseRows(index, view_link, lambda e: by_slug.get(e.slug, e).body_html)

    def embed(entry: Entry) -> Entry:
        if not entry.holds_base and not any(link.embed for link in entry.links):
            return entry
        targets = index.link_targets.get(entry.slug, ())
        if not note_embeds(entry, targets) and not base_embeds(entry, targets):
            return entry
        body = expand_embeds(
            entry.body_html, entry, by_slug, index.link_targets, note_link, (), rows.view
        )
        body = base_queries(body, lambda yaml_text, written: rows.inline(yaml_text, written, entry))
        return remade(
            entry,
            body_html=body,
            tldr_html=link_only(entry.tldr_html, entry),
            quotes=tuple(replace(q, html=link_only(q.html, entry)) for q in entry.quotes),
            footnotes=tuple(replace(f, html=link_only(f.html, entry)) for f in entry.footnotes),
        )

    return tuple(embed(e) for e in filled)


def fill_links(entry: Entry, made: LinkInputs) -> Entry:
    """The entry with every internal link marker replaced by its <a> tag (or an unresolved span),
    without its mention text and words: the analyses that read them are done before the links are
    filled, and no page shows them (a quarter of a parsed note's memory, held while pages render)."""
    tags = tuple(link_tag(entry.links[i], i, made) for i in range(len(entry.links)))

    def fill(html: str) -> str:
        return substitute_markers(html, lambda i: tags[i] if i < len(tags) else "")

    return made_from(
        fill_links,
        entry,
        made,
        body_html=fill(entry.body_html),
        tldr_html=fill(entry.tldr_html),
        quotes=tuple(
            Quote(q.anchor, fill(q.html), q.text, q.attribution, q.line) for q in entry.quotes
        ),
        footnotes=tuple(Footnote(f.label, fill(f.html), f.text) for f in entry.footnotes),
        mention_text="",
        words=NO_WORDS,
    )


def link_tag(link: LinkRef, i: int, made: LinkInputs) -> str:
    target = made.targets[i] if i < len(made.targets) else ""
    if link.embed:
        return embed_tag(link, i, target, made)
    if target.startswith("@"):
        file = made.files.get(target[1:])
        href = ROOT + file_href(file) if file else ""
        return (
            f'<a class="attachment" href="{href}">' if file else '<a class="attachment unresolved">'
        )
    if not target:
        if link.is_wiki:
            title = escape(f"No note named “{link.target}” yet")
            return f'<a class="wikilink unresolved" title="{title}">'
        if looks_like_file(link.target):  # a file the site may hold all the same (from static/)
            return f'<a href="{escape(link.target)}">'
        title = escape(f"No note at “{unquote(link.target)}”")
        return f'<a class="internal unresolved" title="{title}">'
    slug, _, fragment = target.partition("#")
    anchor = fragment_href(fragment)
    if slug.startswith("/"):  # a page that is no entry's: '/tags/ml/'
        return f'<a class="internal" href="{url_href(slug[1:], made.directory_urls)}{anchor}">'
    href = url_href(page_url(slug), made.directory_urls) + anchor
    cls = "wikilink" if link.is_wiki else "internal"
    title = escape(made.titles[slug])
    return f'<a class="{cls}" href="{href}" data-title="{title}">'


def fragment_href(fragment: str) -> str:
    """`#anchor` for an href; a block's `^id` is written `%5Eid` (a URL may not hold ^, and a
    browser decodes it to find the element)."""
    return f"#{escape(fragment.replace('^', '%5E'))}" if fragment else ""


def part_name(entry: Entry, anchor: str) -> str:
    """What names the part an embed shows after the note's title, as HTML: ` › ` and its
    heading as the table of contents shows it (math as math); nothing for a block (`^id`), an
    id no reader wrote to be read; the anchor when the note has no such heading."""
    if not anchor or anchor.startswith("^"):
        return ""
    heading = next((h.html for h in entry.headings if h.anchor == anchor), escape(anchor))
    return f" › {heading}"


def embed_tag(link: LinkRef, i: int, target: str, made: LinkInputs) -> str:
    """What `![[…]]` or `![…](…)` shows in place: the file; a note's marker, left for
    embed_notes; else what was written, marked unresolved."""
    file = made.files.get(target[1:]) if target.startswith("@") else None
    if file is not None and file.kind == "base":  # a view of other notes: left for embed_notes
        return link_marker(i)
    if file is not None:
        return attachment_embed(file, link.label, ROOT + file_href(file))
    if target and target[0] not in "@/":  # a note: left for embed_notes
        return link_marker(i)
    if site_image(link) and not target:  # no file under notes/: one the site holds (static/)
        return f'<img src="{escape(link.target)}" alt="{escape(link.label)}" />'
    shown = f"![[{link.target}]]" if link.is_wiki else link.label or link.target
    title = escape(f"No file or note named “{link.target}”")
    if drawing := drawing_path(link.target):  # none to show: missing-drawing, drawing-unreadable
        shown = f"Drawing: {drawing.rsplit('/', 1)[-1]}"
        title = "An Excalidraw drawing that cannot be shown"
    elif is_canvas_file(link.target):  # none to show: canvas-unreadable
        shown = f"Canvas: {link.target.rsplit('/', 1)[-1][: -len(CANVAS)]}"
        title = "An Obsidian canvas that cannot be shown"
    return f'<span class="embed unresolved" title="{title}">{escape(shown)}</span>'


def url_href(url: str, directory_urls: bool) -> str:
    """A page's href with the root placeholder: ROOT + 'papers/muon/index.html'."""
    return ROOT + escape(url if directory_urls else output_path(url))
