"""Entries -> SiteIndex: taxonomies, sources, resolved links, backlinks, collisions, broken links."""

from __future__ import annotations

import posixpath
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from urllib.parse import unquote

from notebase.diagnostics import (
    Diagnostic,
    FilePos,
    error,
    warning,
)
from notebase.digests import Apply, Keyed, digest_value, direct, made_from, remade
from notebase.fuzzy import closest_within_one
from notebase.linking.attachments import NO_FILES, FileTable, file_table, find_file, site_image
from notebase.linking.embeds import embed_problems
from notebase.model import Backlink, Entry, EntryKind, Heading, LinkRef, SiteIndex, SourceRef
from notebase.reading.discover import NOTES_DIR
from notebase.reading.notewords import note_words
from notebase.reading.parse import title_from_path
from notebase.reading.sourcerefs import assign_source_ids, entry_sources
from notebase.slugs import (
    DRAWING,
    drawing_file_names,
    drawing_path,
    is_folder_page,
    looks_like_file,
    name_key,
    short_hash,
    shows_a_file,
    site_suffix,
    slug_from_path,
    slugify,
    tag_and_parents,
)
from notebase.urls import ASSETS_DIR, BUNDLE_DIR, RESERVED_TOPS, site_urls

Groups = tuple[tuple[str, tuple[str, ...]], ...]


_UP = re.compile(r"^(?:\.\.?/)+")  # leading ./ and ../ of a relative path
_NOT_IN_LINKS = re.compile(r"[#^:|\[\]%\\]")


@dataclass(frozen=True, slots=True)
class Names:
    """What a link may lead to, by name: the entries (by their names, and their slugs' titles),
    the drafts and the notes left out (a link to one is told apart from a link to nothing), the
    site's other pages (by site-relative URL: a tag's, a source's…) and the files under notes/
    that are no notes. The same names resolve an entry's links alike, whatever they hold."""

    names: dict[str, str]  # name_table
    drafts: dict[str, str]  # name_table of the drafts
    titles: dict[str, str]  # slug -> title
    pages: frozenset[str]
    files: FileTable = NO_FILES
    # name_table of the notes never read (a template's, `_x.md`), to their paths
    left_out: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Shape:
    """What an entry's groups and names are made of: a rebuild after an edit that leaves every
    entry's shape as it was groups and names them as before."""

    slug: str
    title: str
    aliases: tuple[str, ...]
    rel_path: str
    tags: tuple[str, ...]
    categories: tuple[str, ...]
    kind: str
    status: str  # "" when the entry has no reading status
    sources: tuple[SourceRef, ...]
    content_key: str = field(default="", compare=False)


def entry_shape(entry: Entry) -> Shape:
    shape = Shape(
        entry.slug,
        entry.title,
        entry.aliases,
        entry.rel_path,
        entry.tags,
        entry.categories,
        str(entry.kind),
        str(entry.status) if entry.status else "",
        entry_sources(entry),
    )
    return replace(shape, content_key=digest_value(shape))


@dataclass(frozen=True, slots=True)
class Called:
    """What an entry is linked by: the names of a rebuild whose entries are called as before
    (whatever their tags, kinds or sources) resolve every link as before."""

    slug: str
    title: str
    aliases: tuple[str, ...]
    rel_path: str
    content_key: str = field(default="", compare=False)


def entry_called(entry: Entry) -> Called:
    called = Called(entry.slug, entry.title, entry.aliases, entry.rel_path)
    return replace(called, content_key=digest_value(called))


@dataclass(frozen=True, slots=True)
class Grouped:
    """What the entries' slugs, tags, categories, kinds, statuses and sources decide: the
    groups, the source pages' ids and the URLs of the site's other pages."""

    tags: Groups
    categories: Groups
    kinds: Groups
    statuses: Groups
    sources: tuple[tuple[SourceRef, tuple[str, ...]], ...]
    source_ids: dict[str, str]
    pages: frozenset[str]


def build_index(
    entries: Sequence[Entry],
    files: Iterable[str] = (),
    drafts: Sequence[Entry] = (),
    apply: Apply = direct,
) -> SiteIndex:
    """Everything the planner needs; unique slugs are required (collisions are errors). `files`
    are the other files under notes/, which links may lead to; `drafts` the entries left out,
    which a link to is told apart from a link to nothing. Each entry's links are resolved by
    `apply` (the build's memo: only those of changed entries, or under changed names)."""
    return index_and_names(entries, files, drafts, apply)[0]


def index_and_names(
    entries: Sequence[Entry],
    files: Iterable[str] = (),
    drafts: Sequence[Entry] = (),
    apply: Apply = direct,
    left_out: Sequence[str] = (),
) -> tuple[SiteIndex, Keyed[Names], Keyed[Names]]:
    """build_index, with the names wikilinks and the other links were resolved by; `left_out`
    the paths of the notes never read (a template's, `_x.md`), which a link to is told apart."""
    unique, diags = drop_collisions(titled_apart(entries))
    ordered = sort_entries(unique)
    by_slug = {e.slug: e for e in ordered}
    diags += duplicate_titles(ordered) + duplicate_sources(ordered) + papers_without_tldr(ordered)
    diags += sources_by_title(ordered)
    shapes = tuple(apply.map(entry_shape, ordered))
    grouped = apply.call(group_shapes, shapes)
    called = tuple(apply.map(entry_called, ordered))
    drafted = tuple(apply.map(entry_called, drafts))
    paths = tuple(files)
    wiki_names = apply.call(make_names, called, drafted, paths, tuple(left_out))
    names = apply.call(with_pages, wiki_names, grouped.pages)
    targets: dict[str, tuple[str, ...]] = {}
    for entry in ordered:
        # only the site's pages the entry's links could name: a new tag page re-resolves none
        named = frozenset(p for p in apply.call(href_pages, entry) if p in grouped.pages)
        table = apply.call(with_pages, wiki_names, named) if named else wiki_names
        targets[entry.slug], problems = resolve_entry(entry, table, by_slug, apply, wiki_names)
        diags += problems
    diags += embed_problems(ordered, targets)
    made = tuple((e.slug, linked_entries(e, targets[e.slug])) for e in ordered)
    outlinks, backlinks = link_graph(made)
    index = SiteIndex(
        entries=ordered,
        by_slug=by_slug,
        tags=grouped.tags,
        categories=grouped.categories,
        kinds=grouped.kinds,
        statuses=grouped.statuses,
        sources=grouped.sources,
        link_targets=targets,
        outlinks=outlinks,
        backlinks=backlinks,
        mentions={},
        related={},
        source_ids=grouped.source_ids,
        diagnostics=tuple(diags),
    )
    return index, wiki_names, names


def group_shapes(shapes: Sequence[Shape]) -> Grouped:
    """The entries' groups, their sources with the ids of their pages, the site's other pages."""
    sources = group_sources(shapes)
    source_ids = assign_source_ids(paged_sources(sources))
    # a note tagged `a/b` is listed under `a` too, as Obsidian's tag search finds it
    tags = group_by(
        shapes, lambda e: dict.fromkeys(t for tag in e.tags for t in tag_and_parents(tag))
    )
    categories = group_by(shapes, lambda e: e.categories)
    pages = site_urls((t for t, _ in tags), (c for c, _ in categories), source_ids.values())
    kinds = group_by(shapes, lambda e: (e.kind,))
    statuses = group_by(shapes, lambda e: (e.status,) if e.status else ())
    return Grouped(tags, categories, kinds, statuses, sources, source_ids, pages)


def make_names(
    shapes: Sequence[Called],
    drafts: Sequence[Called],
    files: Sequence[str],
    left_out: Sequence[str] = (),
) -> Keyed[Names]:
    """The names links are resolved by, without the site's other pages (what wikilinks lead to;
    keyed by what they were made from)."""
    titles = {s.slug: s.title for s in shapes}
    unread = name_table([Called(rel, posixpath.basename(rel)[:-3], (), rel) for rel in left_out])
    table = Names(
        name_table(shapes), name_table(drafts), titles, frozenset(), file_table(files), unread
    )
    return Keyed(table, digest_value(("names", shapes, drafts, files, left_out)))


def with_pages(names: Keyed[Names], pages: frozenset[str]) -> Keyed[Names]:
    """The names with the site's other pages too (what other links lead to): the tables shared,
    not made again."""
    return Keyed(replace(names.value, pages=pages), digest_value(("pages", names, pages)))


def resolve_entry(
    entry: Entry,
    names: Keyed[Names],
    by_slug: dict[str, Entry],
    apply: Apply,
    suggested: Keyed[Names] | None = None,
) -> tuple[tuple[str, ...], list[Diagnostic]]:
    """The entry's link targets, by name and then (a fragment naming a heading or block) by the
    anchors of the entries they lead to; a warning for each link that leads nowhere (with a name
    from `suggested`, the names without the site's pages, when given)."""
    found = apply.call(name_targets, entry, names)
    diags: list[Diagnostic] = []
    wanted = anchor_slugs(entry, found)
    if wanted:
        read = tuple(by_slug[s] for s in wanted if s in by_slug)
        found, problems = apply.call(anchor_targets, entry, found, read)
        diags += problems
    return found, diags + broken_links(entry, found, suggested or names, apply)


def anchor_slugs(entry: Entry, targets: tuple[str, ...]) -> dict[str, None]:
    """The entries (by slug, in order) whose headings or blocks the entry's links name."""
    found: dict[str, None] = {}
    for link, target in zip(entry.links, targets, strict=True):
        slug, _, fragment = target.partition("#")
        if fragment and slug and (slug == "/" or slug[0] not in "/@") and names_anchor(link):
            found[slug.strip("/")] = None  # "/": the root index.md, the home page
    return found


def sort_entries(entries: Iterable[Entry]) -> tuple[Entry, ...]:
    """Newest first; undated entries after dated ones; then by title and slug."""

    def key(e: Entry) -> tuple[int, int, str, str]:
        ordinal = e.date.toordinal() if e.date else 0
        return (0 if e.date else 1, -ordinal, e.title.casefold(), e.slug)

    return tuple(sorted(entries, key=key))


def drop_collisions(entries: Sequence[Entry]) -> tuple[list[Entry], list[Diagnostic]]:
    """One entry per URL, none at a URL the site keeps for its own pages (off_reserved). Notes
    whose different file names clean to one URL (`🎾 PointNet.md`, `🏐 PointNet++.md`) are told
    apart by a short hash of their path, with a warning, but the one claiming it (url_owner); notes that ask for one URL (`slug:`, or
    `x.md` beside `x/index.md`) are an error naming every file."""
    by_slug: dict[str, list[Entry]] = defaultdict(list)
    kept: list[Entry] = []
    entries, diags = one_home(entries)
    taken = term_pages(entries)
    for entry in entries:
        entry, moved = off_reserved(entry, taken)
        diags += moved
        by_slug[entry.slug].append(entry)
    for slug, group in sorted(by_slug.items()):
        group.sort(key=url_owner)
        apart = told_apart(group)
        kept += [group[0], *apart]
        diags += [slug_renamed(e, group[0]) for e in apart]
        if len(group) > 1 and not apart:
            files = ", ".join(e.pos.path for e in group)
            hint = "rename a file or set a different `slug:`"
            for e in group:
                diags.append(
                    error("slug-collision", f"/{slug}/ is produced by {files}", e.pos, hint)
                )
    return kept, diags


def url_owner(entry: Entry) -> tuple[int, str]:
    """The order in which notes sharing a URL claim it: the shortest path first, the name that
    lost the fewest characters to cleaning (`Bash.md` keeps /bash/, where `Bash &&.md` and
    `Bash ;.md` clean to it too; `exit.md` before `exit().md`), as Obsidian and Quartz give
    each its own name; then by path."""
    return len(entry.rel_path), entry.rel_path


def one_home(entries: Sequence[Entry]) -> tuple[list[Entry], list[Diagnostic]]:
    """The entries with one at the home page: the root index.md, else the first by path of the
    notes whose `permalink: /` asks for it (as Obsidian Publish vaults mark their home note); each
    other such note is at its path's URL, with a warning."""
    homes = sorted(
        (e for e in entries if not e.slug), key=lambda e: (e.rel_path != "index.md", e.rel_path)
    )
    if len(homes) < 2:
        return list(entries), []
    moved = {e.rel_path: remade(e, slug=slug_from_path(e.rel_path)) for e in homes[1:]}
    diags = [home_taken(e, homes[0]) for e in moved.values()]
    return [moved.get(e.rel_path, e) if not e.slug else e for e in entries], diags


def home_taken(entry: Entry, home: Entry) -> Diagnostic:
    message = f"permalink '/' names the home page, which is {home.pos.path}'s; this note is at /{entry.slug}/"
    return warning("permalink-ignored", message, entry.pos, "use slug: to choose the URL")


def told_apart(group: Sequence[Entry]) -> list[Entry]:
    """The entries after the first, each at its own URL (its path's with a short hash of the
    path), when every entry's URL comes from a file name of its own (`MaaS.md` and `MAAS.md` are
    two); else none (`x.md` and `x/index.md` both ask for /x/)."""
    if len(group) < 2 or any(e.slug != slug_from_path(e.rel_path) for e in group):
        return []
    names = {e.rel_path.removesuffix(".md").removesuffix("/index") for e in group}
    if len(names) < len(group):
        return []
    return [remade(e, slug=hashed_slug(e.slug, e.rel_path)) for e in group[1:]]


def hashed_slug(slug: str, rel_path: str) -> str:
    """`slug` told apart by a short hash of the note's path: `tags` -> `tags-3f2a1b`."""
    return f"{slug}-{short_hash(rel_path)[:6]}"


def off_reserved(entry: Entry, taken: frozenset[str]) -> tuple[Entry, list[Diagnostic]]:
    """The entry moved off a URL the site keeps for its own pages (a note `Tags.md`, as vaults
    have, to /tags-3f2a1b/; a note at a category's page, `taken`, to /categories-9c04d2/reading/),
    with a warning: Obsidian takes any name. Else as it is: a note at a tag's page
    (`notes/tags/plugin.md`) is that page, as Quartz makes it (its title and text above the
    notes tagged so)."""
    if not is_reserved_slug(entry.slug) and (entry.slug not in taken or is_tag_page(entry.slug)):
        return entry, []
    top, _, rest = entry.slug.partition("/")
    folder = entry.rel_path.split("/", 1)[0]  # (a note at the top: its file)
    moved = remade(entry, slug="/".join(filter(None, (hashed_slug(top, folder), rest))))
    message = f"/{entry.slug}/ is the site's own page, so this note is at /{moved.slug}/"
    return moved, [warning("slug-renamed", message, entry.pos, RENAME_HINT)]


def is_tag_page(slug: str) -> bool:
    """Whether a note there would be at a tag's page, `tags/plugin` (when the tag is used)."""
    return slug.startswith("tags/")


def is_reserved_slug(slug: str) -> bool:
    """Whether an entry there would take one of the site's own pages (/tags/, /search/), or sit
    in a folder the build fills (/pagefind/…, /assets/…)."""
    return f"{slug}/" in RESERVED_TOPS[1:] or slug.split("/", 1)[0] in (BUNDLE_DIR, ASSETS_DIR)


def term_pages(entries: Iterable[Entry]) -> frozenset[str]:
    """The pages of the entries' tags (and their parents') and categories: `tags/ml`."""
    tags = (f"tags/{t}" for e in entries for tag in e.tags for t in tag_and_parents(tag))
    return frozenset((*tags, *(f"categories/{c}" for e in entries for c in e.categories)))


RENAME_HINT = "rename the file or set `slug:` to choose its URL"


def slug_renamed(entry: Entry, first: Entry) -> Diagnostic:
    message = f"/{first.slug}/ is {first.pos.path}'s, so this note is at /{entry.slug}/"
    return warning("slug-renamed", message, entry.pos, RENAME_HINT)


def titled_apart(entries: Sequence[Entry]) -> list[Entry]:
    """Each note titled by the `# heading` it opens with is titled by its file name instead, that
    heading back in its body, when another note has that title too: many notes of a vault open
    with `# Definition` or `# Example`, a copy keeps its original's heading, and Obsidian and
    Quartz title every note by its file name (or front matter). Again until none clashes: a
    note titled by its name so may take the title another note's heading gave it (`Inequality.md`
    opening with `# Properties`, as others do, beside `Jensen Inequality.md`'s `# Inequality`)."""
    titled = list(entries)
    while True:
        count = Counter(name_key(entry.title) for entry in titled)
        clashing = [
            (at, e.opening_heading)
            for at, e in enumerate(titled)
            if e.opening_heading is not None and count[name_key(e.title)] > 1
        ]
        if not clashing:  # each pass retitles a note for good: at most one pass a note
            return titled
        for at, heading in clashing:
            titled[at] = titled_by_file_name(titled[at], heading)


def titled_by_file_names(entries: Sequence[Entry]) -> list[Entry]:
    """A Quartz garden's notes, each titled by its file name (its front matter's title kept), as
    Quartz titles it whatever heading opens it: the heading back in its body. A folder's page,
    `index.md`, keeps its heading, which says more than Quartz's "index"."""
    return [
        titled_by_file_name(e, e.opening_heading)
        if e.opening_heading is not None and not is_folder_page(e.rel_path)
        else e
        for e in entries
    ]


def titled_by_file_name(entry: Entry, heading: Heading) -> Entry:
    title = title_from_path(entry.rel_path)
    shown = f'<h1 id="{heading.anchor}">{heading.html}</h1>\n'
    return made_from(
        titled_by_file_name,
        entry,
        title,
        title=title,
        body_html=shown + entry.body_html,
        headings=(heading, *entry.headings),
        anchors=(heading.anchor, *entry.anchors),
        opening_heading=None,
        words=note_words(entry.mention_text, title),
    )


SHOWN_NOTES = 3  # the other notes a duplicate title's warning names; beyond, how many more


def duplicate_titles(entries: Sequence[Entry]) -> list[Diagnostic]:
    """One warning a title several notes share (a bookmarks import's dozens of "Home"), at the
    second note: the others, the first few by name."""
    by_title: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        by_title[name_key(entry.title)].append(entry)
    diags = []
    for group in by_title.values():
        if len(group) < 2:
            continue
        e, others = group[1], [o.pos.path for o in group if o is not group[1]]
        named = ", ".join(others[:SHOWN_NOTES])
        more = f" and {len(others) - SHOWN_NOTES} more notes" if len(others) > SHOWN_NOTES else ""
        diags.append(
            warning(
                "duplicate-title",
                f'title "{e.title}" is also used by {named}{more}',
                e.pos,
                "[[links]] by this title go to the one beside the linking note, else the first",
            )
        )
    return diags


def duplicate_sources(entries: Sequence[Entry]) -> list[Diagnostic]:
    """Two notes whose primary source is the same paper or URL: probably one note written twice."""
    first: dict[str, Entry] = {}
    diags = []
    for entry in sorted(entries, key=lambda e: e.rel_path):
        if entry.source is None:
            continue
        other = first.setdefault(entry.source.key, entry)
        if other is not entry:
            msg = f"source {entry.source.url} is also the source of {other.pos.path}"
            hint = "merge the notes, or link them with [[wikilinks]]"
            diags.append(warning("duplicate-source", msg, entry.pos, hint))
    return diags


def title_keys(title: str) -> set[str]:
    """How a source title is compared: case, spaces and dashes folded; with and without the site
    or author name a page title ends in (when what is left has several words)."""
    folded = " ".join(title.replace("‐", "-").replace("‒", "-").casefold().split())
    keys = {folded}
    bare = site_suffix(folded)[0]
    if bare != folded and len(bare.split()) >= 3:
        keys.add(bare)
    return keys


def sources_by_title(entries: Sequence[Entry]) -> list[Diagnostic]:
    """A note without a source URL whose `source_title` is that of another note's source: the
    same source, not recognised as one (an imported copy of a post without its link)."""
    named: dict[str, Entry] = {}
    by_path = sorted(entries, key=lambda e: e.rel_path)
    for entry in by_path:
        if entry.source is not None and entry.source_title:
            for key in title_keys(entry.source_title):
                named.setdefault(key, entry)
    diags = []
    for entry in by_path:
        if entry.source is not None or not entry.source_title:
            continue
        other = next((named[k] for k in sorted(title_keys(entry.source_title)) if k in named), None)
        if other is not None and other.source is not None:
            where = FilePos(other.pos.path, other.source_title_line)
            msg = f'source "{entry.source_title}" has no URL here, but is the source of {where}'
            hint = f"add `url: {other.source.url}` so that both notes share the source"
            pos = FilePos(entry.pos.path, entry.source_title_line)
            diags.append(warning("source-by-title", msg, pos, hint))
    return diags


def papers_without_tldr(entries: Sequence[Entry]) -> list[Diagnostic]:
    hint = "add `tldr:` to the front matter, or a paragraph starting with `TL;DR:`"
    return [
        warning("paper-no-tldr", f'paper "{e.title}" has no tl;dr', e.pos, hint)
        for e in entries
        if e.kind is EntryKind.PAPER and not e.tldr_text
    ]


def name_table(entries: Sequence[Called]) -> dict[str, str]:
    """Case-folded title, alias, slug, file name and path -> slug (the first entry wins a shared
    name; a file name or path, the entry of the shortest path). A path or a path's end is kept
    under "/" + it (`/folder/note`, `/note`), apart from names, and also as a name."""
    names: dict[str, str] = {}
    for kind in ("slug", "title", "alias"):
        for e in entries:
            for name in entry_names(e, kind):
                if name.strip():  # the root index.md's slug is ''
                    names.setdefault(name_key(name).strip(), e.slug)
    by_path = sorted(entries, key=lambda e: (e.rel_path.count("/"), len(e.rel_path), e.rel_path))
    for e in by_path:
        for name in entry_names(e, "stem"):
            names.setdefault(name_key(name).strip(), e.slug)
    for e in by_path:
        for tail in path_tails(e.rel_path):
            names.setdefault(f"/{tail}", e.slug)
            names.setdefault(tail, e.slug)
    return names


def path_tails(rel_path: str) -> list[str]:
    """`a/b/Note.md` -> ["a/b/note", "b/note", "note"]: the path, as a name_key, and its ends."""
    parts = name_key(rel_path.removesuffix(".md")).split("/")
    return ["/".join(parts[i:]) for i in range(len(parts))]


def entry_names(entry: Called, kind: str) -> tuple[str, ...]:
    if kind == "slug":
        return (entry.slug,)
    if kind == "title":
        return (entry.title,)
    if kind == "alias":
        return entry.aliases
    return (entry.slug.rsplit("/", 1)[-1], entry.rel_path.rsplit("/", 1)[-1].removesuffix(".md"))


def name_targets(entry: Entry, names: Keyed[Names]) -> tuple[str, ...]:
    """Each link's target by name, its fragment as written ("" when it matches nothing)."""
    return tuple(resolve_link(link, entry, names.value) for link in entry.links)


def anchor_targets(
    entry: Entry, targets: tuple[str, ...], read: tuple[Entry, ...]
) -> tuple[tuple[str, ...], tuple[Diagnostic, ...]]:
    """The targets with each fragment that names a heading or block of an entry (`read`: those
    entries) made its anchor; a warning for each the entry has not. A link to the `# Title`
    heading a note is titled by is a link to the note."""
    by_slug = {e.slug: e for e in read}
    anchored: list[str] = []
    diags: list[Diagnostic] = []
    for link, target in zip(entry.links, targets, strict=True):
        slug, _, fragment = target.partition("#")
        note = by_slug.get(slug.strip("/"))
        names_one = (
            fragment and slug and (slug == "/" or slug[0] not in "/@") and names_anchor(link)
        )
        if names_one and note is not None:
            anchor = find_anchor(note, fragment)
            if not anchor and names_title(note, fragment):
                target = slug  # the whole note
            else:
                if not anchor:
                    diags.append(missing_anchor(link, entry, note, fragment))
                target = f"{slug}#{anchor or as_anchor(named_parts(fragment)[0])}"
        anchored.append(target)
    return tuple(anchored), tuple(diags)


def as_anchor(fragment: str) -> str:
    """The anchor a heading (`Some Heading` -> some-heading) or block (`^id`) would have."""
    return fragment if fragment.startswith("^") else slugify(fragment)


def names_anchor(link: LinkRef) -> bool:
    """The link's fragment names a heading or block as written (`[[Note#Heading]]`,
    `[t](Note.md#Heading)`); a URL's (`/papers/muon/#why`) is an anchor already."""
    return link.is_wiki or link.target.partition("#")[0].endswith(".md")


def resolve_note_href(link: LinkRef, entry: Entry, names: dict[str, str]) -> str:
    """A markdown link to a note that is not where its path says: `[t](Other%20Note.md#Heading)`
    (or without `.md`: `[cbind()](cbind())`, `[t](Node.js)`, a note in another folder;
    `/Folder/Note.md`, from the root of the vault, as Obsidian and GitHub read it) found by its
    path from the root of notes/, or its name, as a wikilink would be (a note first, whatever
    dots its name holds; a file when no note has the name)."""
    href, _, fragment = link.target.partition("#")
    href = unquote(href).lstrip("/")  # `/Folder/Note.md`: from the root of the vault
    if not href:
        return ""
    slug = find_note(_UP.sub("", href), entry, names)
    if slug is None:
        return ""
    slug = slug or "/"  # the root index.md: the home page
    return f"{slug}#{unquote(fragment)}" if fragment else slug


def named_parts(fragment: str) -> tuple[str, ...]:
    """What a link's fragment may name, first to last: its last part, as Obsidian reads
    `Note#Part#Section` (the Section under Part); then all of it, a heading that holds a `#`
    (`C# basics`, `<font color="#ffc000">Red</font>`)."""
    last = fragment.rsplit("#", 1)[-1].strip()
    return (last, fragment) if last != fragment else (fragment,)


def names_title(entry: Entry, fragment: str) -> bool:
    """Whether the fragment names the `# Title` heading the entry is titled by."""
    return any(heading_key(part) == heading_key(entry.title) for part in named_parts(fragment))


def find_anchor(entry: Entry, fragment: str) -> str:
    """The anchor of the heading or block the fragment names in the entry (its last part, else
    all of it), or "" when it has none such."""
    found = (anchor_named(entry, part) for part in named_parts(fragment))
    return next((anchor for anchor in found if anchor), "")


def anchor_named(entry: Entry, fragment: str) -> str:
    """The anchor of the heading (`Heading`, its anchor) or block (`^id`) named in the entry,
    or "" when it has none such. A quote's anchor (`q-…`) and a footnote's stand too."""
    if not fragment.startswith("^"):
        wanted = heading_key(fragment)
        for heading in entry.headings:
            as_written = heading_key(heading.source)
            if wanted in (heading_key(heading.text), as_written) or heading.anchor == fragment:
                return heading.anchor
        slug = slugify(fragment)
        if any(h.anchor == slug for h in entry.headings):
            return slug
    return fragment if fragment in entry.anchors else ""


def heading_key(text: str) -> str:
    """A heading as links name it: Obsidian leaves out the characters a link cannot hold
    (`SYB: Scrap` is linked as `SYB Scrap`); any case, any spacing; without math's dollars (a
    heading's text holds its formula's TeX alone: `come calcolare $X^+$` is `come calcolare X^+`);
    its accents composed (name_key)."""
    return " ".join(name_key(_NOT_IN_LINKS.sub(" ", text.replace("$", ""))).split())


def missing_anchor(link: LinkRef, entry: Entry, target: Entry, fragment: str) -> Diagnostic:
    pos = FilePos(entry.pos.path, link.line or 1)
    what = "block" if fragment.startswith("^") else "heading"
    message = f'"{target.title}" has no {what} "{fragment}"'
    names = ", ".join(f'"{h.text}"' for h in target.headings[:5])
    hint = (
        f"its headings: {names}"
        if names and what == "heading"
        else f"fix the link, or add the {what}"
    )
    return warning("missing-anchor", message, pos, hint)


def resolve_link(link: LinkRef, entry: Entry, links: Names) -> str:
    """A link's target: a note (or another page), else a file under notes/ ("@" + its path);
    an image a markdown image shows is always a file."""
    names = links.names
    path = link.target if link.is_wiki else link.target.partition("#")[0].partition("?")[0]
    if not (link.embed and not link.is_wiki and looks_like_file(path)):
        if link.is_wiki:
            found = resolve_wiki(link, entry, names) or wiki_page(link, links)
        else:
            found = resolve_href(link, entry, links) or resolve_note_href(link, entry, names)
        if found:
            return found
    file = drawing_file(path, entry, links) or find_file(path, entry.rel_path, links.files)
    return f"@{file}" if file else ""


def drawing_file(target: str, entry: Entry, links: Names) -> str:
    """What a link to an Excalidraw drawing shows: the image it was exported as, beside it (the
    plugin's auto-export), as Obsidian Publish does; else its own file, drawn (drawings.py); ""
    when the link names no drawing, or one there is no file of."""
    found = (find_file(path, entry.rel_path, links.files) for path in drawing_file_names(target))
    return next((path for path in found if path), "")


def resolve_wiki(link: LinkRef, entry: Entry, names: dict[str, str]) -> str:
    """`[[Title]]`, `[[alias]]`, `[[file name]]`, `[[Folder/Note]]` (a path or its end, from the
    root of notes/ or, with ./ or ../, from the note), `.md` or not, any case; `[[#Heading]]`
    is the note itself. The fragment is the heading or block as written (resolved later)."""
    slug = find_note(link.target, entry, names) if link.target else entry.slug
    if slug is None:
        return ""
    slug = slug or "/"  # the root index.md: the home page
    return f"{slug}#{link.fragment}" if link.fragment else slug


def wiki_page(link: LinkRef, links: Names) -> str:
    """The site's page a wikilink names by its path, as Quartz links one: `[[tags/plugin/filter]]`
    is the page of the tag `plugin/filter`; "" when none is."""
    page = wiki_page_path(link)
    return next((f"/{path}" for path in (f"{page}/", page) if page and path in links.pages), "")


def wiki_page_path(link: LinkRef) -> str:
    """The site path a wikilink's name would be as a page's (slugged as a note's path is), for
    a path (`[[tags/ml]]`); a bare name (`[[papers]]`) names a note, never one of the pages."""
    return slug_from_path(link.target.strip().strip("/")) if "/" in link.target else ""


def find_note(target: str, entry: Entry, names: dict[str, str]) -> str | None:
    """The slug of the note a link names, None when none ("" is the root index.md's); a name
    ending in `/` names a folder, as Quartz links one: its `index.md`."""
    name = name_key(target.strip()).removesuffix(".md")
    if name.endswith("/") and name.strip("/"):
        name = f"/{name.strip('/')}/index"
    here = name_key(posixpath.dirname(entry.rel_path))  # as the names are keyed
    if name.startswith(("./", "../")):
        path = posixpath.normpath(posixpath.join(here, name))
        found = names.get(f"/{path}")  # else by its name, as Obsidian finds a path gone wrong
        return found if found is not None else names.get(posixpath.basename(name))
    # a name two notes share: the one beside the linking note first
    beside = names.get(f"/{here}/{name}" if here else f"/{name}") if "/" not in name else None
    found = beside if beside is not None else names.get(name)
    return found if found is not None else names.get(f"/{name.lstrip('/')}")


def resolve_href(link: LinkRef, entry: Entry, links: Names) -> str:
    """`../papers/muon.md`, `/papers/muon/`, `papers/muon/index.html` -> 'papers/muon' (and a URL
    its garden's site keeps the case and spaces of, `/Papers/Muon Notes/`, as Hugo does with
    Quartz 3's disablePathToLower and the Digital Garden plugin's permalinks: 'papers/muon-notes');
    a folder with no index.md, `papers/`, its README.md's ('papers/readme'), as GitHub and the
    generators publishing a repository's notes (mdBook, VitePress's rewrites) show it; a page that
    is no entry's: `/tags/ml/` -> '/tags/ml/', `/` -> '/'."""
    href, path = href_path(link, entry)
    fragment = link.target.partition("#")[2]
    slug = slug_from_path(path) if path.endswith(".md") else path
    if not slug:  # the home page: `/`, or the root index.md it shows
        return f"/#{fragment}" if fragment else "/"
    if slug not in links.titles:  # a page's URL as its site wrote it (`/Book/Chap 9/`), else
        # a folder with no index.md: its README.md, as GitHub shows it
        cleaned = "" if path.endswith(".md") else slug_from_path(f"{path}.md")
        slug = next((s for s in (cleaned, f"{slug}/readme") if s in links.titles), slug)
    if slug not in links.titles:
        url = f"{path}/" if path and f"{path}/" in links.pages else path
        slug = f"/{url}" if url in links.pages else ""
    if fragment and href.endswith(".md"):  # a heading as written: `Note.md#Some%20heading`
        fragment = unquote(fragment)
    return f"{slug}#{fragment}" if fragment and slug else slug


def href_path(link: LinkRef, entry: Entry) -> tuple[str, str]:
    """A link's href as written (unquoted, without query) and the site path it names."""
    href = unquote(link.target.partition("#")[0].split("?", 1)[0])  # markdown-it encodes `a b.md`
    if not href:  # `?q=1` alone: the note itself
        path = entry.slug
    elif href.startswith("/"):
        path = href.strip("/")
    else:
        path = posixpath.normpath(posixpath.join(posixpath.dirname(entry.rel_path), href))
    return href, path.removesuffix("index.html").strip("/")


def href_pages(entry: Entry) -> tuple[str, ...]:
    """The site paths (as the site's own pages are listed) the entry's links could lead to: its
    links are resolved as before unless one of these pages came or went."""
    paths = (
        wiki_page_path(link) if link.is_wiki else href_path(link, entry)[1] for link in entry.links
    )
    return tuple(page for path in paths if path for page in (path, f"{path}/"))


def broken_links(
    entry: Entry, targets: tuple[str, ...], names: Keyed[Names], apply: Apply
) -> list[Diagnostic]:
    """A warning for each of the entry's links that matches nothing."""
    return [
        broken_link(link, entry, names, apply)
        for link, target in zip(entry.links, targets, strict=True)
        if not target and not site_image(link) and not link.in_properties
    ]


# a web address written without its scheme (`[x](mp.weixin.qq.com)`, `[x](www.example.com/p)`):
# a host under a top-level domain no file is named with (not .md, .py, .sh, .ai, …)
_BARE_DOMAIN = re.compile(
    r"(?:www\.[\w-]+(?:\.[\w-]+)+|(?:[a-z0-9-]+\.)+(?:com|org|net|edu|gov|io|cn|jp|de|uk|fr|ru"
    r"|info|dev|app|me|co|us|ca|au|in|tv|xyz|top|site|blog|tech|cc|kr|tw|hk|nl|it|es|br|eu))"
    r"(?=$|[/?#:])",
    re.I,
)


# a web address in quotes, `[Tauri]('https://tauri.app')`: CommonMark (and Quartz's parser)
# read the quotes as the address's, which makes it a path no note or page has
_QUOTED_ADDRESS = re.compile(r"""(['"])((?:https?|mailto):[^'"]+)\1""", re.I)


def broken_link(link: LinkRef, entry: Entry, names: Keyed[Names], apply: Apply) -> Diagnostic:
    pos = FilePos(entry.pos.path, link.line or 1)
    shown = f"[[{link.target}]]" if link.is_wiki else unquote(link.target)  # as written
    if linked_note(link, entry, names.value.drafts) is not None:
        message = f"{shown} is not published, left out of the site"
        hint = "publish it (`draft: false`, or `publish: true` where only notes so marked are"
        hint += " published), or build with --drafts"
        return warning("draft-link", message, pos, hint, about=note_name(link))
    if left := linked_note(link, entry, names.value.left_out):
        return left_out_link(shown, left, pos, note_name(link))
    if drawing := drawing_path(link.target):
        message = (
            f"{shown} names no drawing: no {drawing.rsplit('/', 1)[-1]}{DRAWING}.md under notes/"
        )
        hint = (
            "fix the name, or put the drawing (or the SVG or PNG it was exported as) under notes/"
        )
        return warning("missing-drawing", message, pos, hint)
    if not link.is_wiki and _BARE_DOMAIN.match(shown):  # Obsidian, too, opens it as a file
        message = f"{shown} names no file under notes/: a web address needs its https://"
        return warning("broken-link", message, pos, f"write https://{shown} for the web page")
    if not link.is_wiki and (quoted := _QUOTED_ADDRESS.fullmatch(shown)):
        message = f"{shown} names no file under notes/: a web address in quotes is a path"
        return warning("broken-link", message, pos, f"write ({quoted.group(2)}) for the web page")
    # a wikilink names a note unless its name shows a file (`[[aws.svc.EC2]]` is a note's: Dendron's
    # names, `[[Node.js]]`); a path with an extension names a file (`[t](script.py)`)
    names_file = shows_a_file if link.is_wiki else looks_like_file
    if (link.embed and not link.is_wiki) or names_file(link.target.partition("#")[0]):
        message = f"{shown} names no file under notes/"
        hint = "put the file in notes/ (any folder: it is found by name), or fix the path"
        file = link.target.partition("#")[0] or link.target
        file = file if link.is_wiki else unquote(file)
        return warning("missing-attachment", message, pos, hint, about=file)
    close = apply.call(suggest_name, name_key(link.target), apply.call(typo_names, names))
    if close is None:
        note = link.target.partition("#")[0]
        if looks_like_file(note):  # `[[aws.svc.EC2]]`, `[[a.docx]]`
            message = f"{shown} matches no entry, nor a file under notes/"
            hint = "create the note, put the file in notes/, or fix the link"
            return warning("broken-link", message, pos, hint, about=note)
        if not link.is_wiki:
            hint = "fix the path, or create the note it names"
            return warning("broken-link", f"{shown} matches no entry", pos, hint)
        # a note written nowhere: in a garden, often one to come (summed up when many: sum_up)
        hint = "create the note, or fix the link"
        return warning("broken-link", f"{shown} matches no entry", pos, hint, about=note)
    title = names.value.titles[names.value.names[close]]
    name = title if name_key(title) == close else close
    message = f'{shown} matches no entry (did you mean "{name}"?)'
    return warning("broken-link", message, pos, f"link to [[{name}]], or create the note")


def linked_note(link: LinkRef, entry: Entry, table: dict[str, str]) -> str | None:
    """What `table` (the notes the site leaves out: drafts, or those it never reads) holds for
    the note a link names: a wikilink by its name, a markdown link by its path to the note's file
    (`../notes/x.md`); None when it names none of them."""
    if link.is_wiki:
        return find_note(link.target.partition("#")[0], entry, table)
    path = unquote(link.target.partition("#")[0])
    return find_note(path, entry, table) if path.endswith(".md") else None


def note_name(link: LinkRef) -> str:
    """The note a link names, as a name: `[[Note#Part]]` -> `Note`, `../x/Note.md` -> `Note`."""
    target = link.target.partition("#")[0]
    return target if link.is_wiki else posixpath.basename(unquote(target)).removesuffix(".md")


def left_out_link(shown: str, path: str, pos: FilePos, name: str) -> Diagnostic:
    """A link Obsidian follows to a note the site leaves out, `name` (summed up when many:
    diagnostics.sum_up): one of the vault's template folder, or one whose name, or a folder's,
    starts with _."""
    if any(part.startswith("_") for part in path.split("/")):
        why, hint = "whose name starts with _", "rename it without the _ to publish it"
    else:
        why, hint = (
            "in the vault's template folder",
            "move it out of the template folder to publish it",
        )
    message = f"{shown} leads to {NOTES_DIR}/{path}, {why}: left out of the site"
    return warning("left-out-link", message, pos, hint, about=name)


TYPO_MIN = 5  # names shorter than this one slip apart are other words: tcp and tco, rsa and ssa


def suggest_name(wanted: str, typos: Keyed[TypoNames]) -> str | None:
    """The name a broken link's target is probably a typo of: one slip off (a path is no name to
    suggest), if any is. A name further off is another note, one not written yet, as a garden's
    links often name: suggesting `proactivity` for [[associativity]] would be noise. Of two as
    close, the first of the site's names; none of the same name but its numbers (numbered_apart)."""
    wanted = wanted.lstrip("/")  # `[[/folder/note]]`, a name written from the top
    if len(wanted) < TYPO_MIN:
        return None
    found = []  # (slips, place, name): the closest of each length
    for size in (len(wanted) - 1, len(wanted), len(wanted) + 1):  # what one slip can make
        places, named = typos.value.get(size, ((), ()))
        hit = closest_within_one(wanted, named)
        if hit is not None and not numbered_apart(wanted, named[hit[1]]):
            found.append((hit[0], places[hit[1]], named[hit[1]]))
    return min(found)[2] if found else None


_DIGITS = re.compile(r"\d+")


def numbered_apart(wanted: str, name: str) -> bool:
    """Whether two names differ in their numbers alone (`2023-W40` and `2022-W40`, a weekly
    note's link to a week not written; `Lecture 10` and `Lecture 1`): another note of a series,
    no typo."""
    return _DIGITS.sub("", wanted) == _DIGITS.sub("", name)


# typo_names: the names a link may be a typo of by length, each with its place among the site's
TypoNames = dict[int, tuple[tuple[int, ...], tuple[str, ...]]]


def typo_names(names: Keyed[Names]) -> Keyed[TypoNames]:
    """The site's names that suggest_name may suggest, by length: made once a build, so that a
    broken link is compared with the names one slip can reach only (by the fuzzy matcher, with
    no step per name here)."""
    by_size: dict[int, tuple[list[int], list[str]]] = {}
    for place, name in enumerate(names.value.names):
        if name[:1] != "/":
            places, named = by_size.setdefault(len(name), ([], []))
            places.append(place)
            named.append(name)
    table = {size: (tuple(p), tuple(n)) for size, (p, n) in by_size.items()}
    return Keyed(table, f"typo:{names.content_key}")


def linked_entries(entry: Entry, targets: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The other entries an entry links to, in link order, each with the line of its first link."""
    linked: dict[str, int] = {}
    for link, target in zip(entry.links, targets, strict=True):
        slug = target.split("#", 1)[0]
        if slug and slug[0] not in "/@" and slug != entry.slug and slug not in linked:
            linked[slug] = link.line
    return tuple(linked.items())


def link_graph(
    made: tuple[tuple[str, tuple[tuple[str, int], ...]], ...],
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[Backlink, ...]]]:
    """Outlinks in link order and backlinks in entries order, of each entry's (slug, linked
    entries with the line of the first link)."""
    back: dict[str, list[Backlink]] = defaultdict(list)
    for slug, linked in made:
        for target, line in linked:
            back[target].append(Backlink(slug, line))
    outlinks = {slug: tuple(target for target, _ in linked) for slug, linked in made}
    return outlinks, {slug: tuple(refs) for slug, refs in back.items()}


def group_by(entries: Sequence[Shape], keys_of: Callable[[Shape], Iterable[str]]) -> Groups:
    groups: dict[str, list[str]] = defaultdict(list)
    for entry in entries:
        for key in keys_of(entry):
            groups[key].append(entry.slug)
    return tuple((k, tuple(v)) for k, v in sorted(groups.items()))


def group_sources(shapes: Sequence[Shape]) -> tuple[tuple[SourceRef, tuple[str, ...]], ...]:
    refs: dict[str, SourceRef] = {}
    groups: dict[str, dict[str, None]] = defaultdict(dict)  # a dict keeps the first-seen order
    for entry in shapes:
        for ref in entry.sources:
            refs.setdefault(ref.key, ref)
            groups[ref.key][entry.slug] = None
    return tuple((refs[k], tuple(groups[k])) for k in sorted(groups))


def paged_sources(sources: Sequence[tuple[SourceRef, tuple[str, ...]]]) -> list[SourceRef]:
    """Sources worth a page: papers, and whatever two notes or more discuss or link to (a source
    only one note knows is shown by that note's own page)."""
    return [ref for ref, slugs in sources if ref.is_paper or len(slugs) > 1]
