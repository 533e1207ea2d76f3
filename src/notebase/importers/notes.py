"""Posts + existing notes -> planned note files: dedup, slugs, taxonomy merge, hand-edit guard (pure)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from notebase.diagnostics import Diagnostic, FilePos, info, warning
from notebase.importers.markup import TitleIndex, index_titles, is_linkable, strip_wikilinks
from notebase.importers.model import ImportedPost, Taxonomy
from notebase.importers.render import is_hand_edited, note_text, render_body
from notebase.importers.siteurl import page_key as address_key
from notebase.reading.frontmatter import split_front_matter
from notebase.reading.sourcerefs import make_source
from notebase.reading.yamlio import load_mapping
from notebase.slugs import slugify_or_hash

WRITTEN, UNCHANGED, KEPT = "written", "unchanged", "kept"


@dataclass(frozen=True, slots=True)
class PlannedNote:
    """What to do with one note file: its slug (file stem), its new text, and the verdict."""

    slug: str
    text: str  # the text to write ("" when kept)
    status: str  # written | unchanged | kept


@dataclass(frozen=True, slots=True)
class ExistingNote:
    """A note already in the import folder, as read from disk (its front matter read once)."""

    slug: str
    text: str
    shown: str  # its path as shown in diagnostics
    fields: Mapping[str, Any]  # {} when it has no readable front matter
    body: str


def read_note(slug: str, text: str, shown: str) -> ExistingNote:
    split = split_front_matter(text)
    if split is None or not split.has_front_matter:
        return ExistingNote(slug, text, shown, {}, text)
    return ExistingNote(slug, text, shown, load_mapping(split.yaml_text), split.body)


def as_tuple(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    return ()


def merge_taxonomy(a: Taxonomy, b: Taxonomy) -> Taxonomy:
    """Tags and categories of both (sorted, unique); series of the first that has one."""
    return Taxonomy(
        tags=tuple(sorted({*a.tags, *b.tags})),
        categories=tuple(sorted({*a.categories, *b.categories})),
        series=a.series or b.series,
        series_author=a.series_author or b.series_author,
    )


def post_signature(post: ImportedPost) -> str:
    """What makes two copies of a post the same post: title, source and body text (two BibTeX
    entries of one title and no text, a paper and its reprint, differ in their year or ids); its
    authors too, unless one copy names none (is_copy)."""
    source = (post.arxiv, post.doi, str(post.year or ""))
    body, kept = render_body(post), repr(post.kept_fields)
    parts = (post.title, post.url, post.source_title, post.tldr, body, *source, kept)
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def is_copy(first: ImportedPost, other: ImportedPost) -> bool:
    """Whether two posts of one signature are copies of one post: the same authors, or none named
    in one of them (a blog's RSS feed leaves out the author its Atom feed names)."""
    return first.authors == other.authors or not (first.authors and other.authors)


def merge_duplicates(posts: Sequence[ImportedPost]) -> tuple[ImportedPost, ...]:
    """Copies of one post (several archives) become one post carrying all their taxonomies."""
    merged: list[ImportedPost] = []
    copies: dict[str, list[int]] = {}  # a signature's posts, by their place in `merged`
    for post in posts:
        places = copies.setdefault(post_signature(post), [])
        at = next((i for i in places if is_copy(merged[i], post)), None)
        if at is None:
            places.append(len(merged))
            merged.append(replace(post, taxonomy=merge_taxonomy(post.taxonomy, Taxonomy())))
        else:
            merged[at] = one_post(merged[at], post)  # (of one text: the first, added to)
    return tuple(merged)


def merge_same_pages(
    posts: Sequence[ImportedPost],
) -> tuple[tuple[ImportedPost, ...], list[tuple[ImportedPost, ImportedPost]]]:
    """Posts of one page read from two inputs (a feed's item and the saved page, by their page's
    address) become one post; two of one input stay two. Also each pair merged (first, other)."""
    merged: list[ImportedPost] = []
    at: dict[str, int] = {}  # a page's post, by its place in `merged` (pages keyed as sources)
    pairs: list[tuple[ImportedPost, ImportedPost]] = []
    for post in posts:
        key = page_key(post.page)
        i = at.get(key) if key else None
        if i is not None and merged[i].origin_file != post.origin_file:
            pairs.append((merged[i], post))
            merged[i] = one_post(merged[i], post)
            continue
        if key and i is None:
            at[key] = len(merged)
        merged.append(post)
    return tuple(merged), pairs


FILE_PAGE = "file:"  # a page known by its file in a built site, its pages saying no address


def page_key(page: str) -> str:
    """A post's page as one key whichever way it is written: its address as a source's (http://
    and https://, a trailing slash, an `index.html`: Hexo's pages say `…/x/index.html` of the
    page its feed calls `…/x/`), or a built site's file (`file:…`, its pages saying none)."""
    if page.startswith(FILE_PAGE):
        return page
    source = make_source(address_key(page)) if page else None
    return source.key if source is not None else ""


def merged_info(first: ImportedPost, other: ImportedPost, shown: Mapping[str, str]) -> Diagnostic:
    def where(post: ImportedPost) -> FilePos:
        return FilePos(shown.get(post.origin_file, post.origin_file), post.origin_line)

    return info(
        "import-same-page",
        f"the post is {other.page}, as the one at {where(first)} is: imported as one note",
        where(other),
        hint="its text is the copy's holding more; its tags, date and source are both copies'",
    )


def one_post(a: ImportedPost, b: ImportedPost) -> ImportedPost:
    """Two copies of a post as one (of one signature, or of one page from two inputs): the one
    holding more text (the first, of two alike), with what only the other says (its source,
    date, authors, summary) and the tags and categories of both."""
    main, other = (a, b) if len(render_body(a)) >= len(render_body(b)) else (b, a)
    if not main.url and other.url:
        main = replace(main, url=other.url, kind=other.kind, arxiv=other.arxiv, doi=other.doi)
    return replace(
        main,
        date=main.date or other.date,
        authors=main.authors or other.authors,
        tldr=main.tldr or other.tldr,
        source_title=main.source_title or other.source_title,
        taxonomy=merge_taxonomy(main.taxonomy, other.taxonomy),
    )


def link_titles(posts: Sequence[ImportedPost], existing: Sequence[ExistingNote]) -> TitleIndex:
    """Titles other notes may link to: the imported posts' and the existing notes'."""
    titles = [p.title for p in posts]
    titles += [str(t) for n in existing if (t := n.fields.get("title"))]
    found = [t for t in dict.fromkeys(titles) if is_linkable(t)]
    return index_titles(sorted(found, key=lambda t: (-len(t), t)))


def existing_taxonomy(fields: Mapping[str, Any]) -> Taxonomy:
    return Taxonomy(tags=as_tuple(fields.get("tags")), categories=as_tuple(fields.get("category")))


def same_post(note: ExistingNote, post: ImportedPost) -> bool:
    """An unedited note holds this post when it came from the same archive or has the same body."""
    origin_file = str(note.fields.get("origin", "")).rsplit(":", 1)[0]
    if note.fields.get("title") != post.title:
        return False
    same_file = origin_file == post.origin_file
    return same_file or strip_wikilinks(note.body) == strip_wikilinks(render_body(post))


def place_post(
    post: ImportedPost, slug: str, note: ExistingNote | None, titles: TitleIndex
) -> PlannedNote | None:
    """The plan for `post` at `slug`, or None when that slot belongs to another post."""
    if note is None:
        return PlannedNote(slug, note_text(post, titles), WRITTEN)
    if is_hand_edited(note.text):
        same_title = note.fields.get("title") == post.title
        return PlannedNote(slug, "", KEPT) if same_title else None
    if not same_post(note, post):
        return None
    merged = replace(post, taxonomy=merge_taxonomy(post.taxonomy, existing_taxonomy(note.fields)))
    text = note_text(merged, titles)
    return PlannedNote(slug, text, UNCHANGED if text == note.text else WRITTEN)


def kept_warning(note: ExistingNote) -> Diagnostic:
    return warning(
        "import-kept-edited",
        f"{note.shown} was edited since it was imported: left unchanged",
        FilePos(note.shown, 1),
        hint="delete the file to import the post again",
    )


SHOWN_SLUGS = 3  # the files a duplicate title's warning names; beyond, how many more


def duplicate_warnings(
    placed: Sequence[tuple[ImportedPost, str]], shown: Mapping[str, str]
) -> list[Diagnostic]:
    """One warning a title that later posts share with the first (a bookmarks export's dozens
    of "Home" and "About"), at the first of them: how many, and the files they went to."""
    by_title: dict[str, list[tuple[ImportedPost, str]]] = {}
    for post, slug in placed:
        by_title.setdefault(post.title, []).append((post, slug))
    diags = []
    for title, group in by_title.items():
        first, name = group[0][0], group[0][0].origin_file
        slugs = ", ".join(slug for _, slug in group[:SHOWN_SLUGS])
        more = f" and {len(group) - SHOWN_SLUGS} more" if len(group) > SHOWN_SLUGS else ""
        others = "another post is" if len(group) == 1 else f"{len(group)} other posts are"
        diags.append(
            warning(
                "import-duplicate-title",
                f"{others} also titled {title!r} but {'its' if len(group) == 1 else 'their'}"
                f" text or source differs: imported as {slugs}{more}",
                FilePos(shown.get(name, name), first.origin_line),
                hint="rename one of the posts if they are not meant to share a title",
            )
        )
    return diags


def plan_notes(
    posts: Sequence[ImportedPost], existing: Sequence[ExistingNote], shown: Mapping[str, str]
) -> tuple[tuple[PlannedNote, ...], tuple[Diagnostic, ...]]:
    """Decide every note file: new, updated, unchanged, or kept because it was edited by hand."""
    merged, pairs = merge_same_pages(merge_duplicates(posts))
    titles = link_titles(merged, existing)
    on_disk = {n.slug: n for n in existing}
    used: set[str] = set()
    plans: list[PlannedNote] = []
    diags: list[Diagnostic] = [merged_info(first, other, shown) for first, other in pairs]
    duplicates: list[tuple[ImportedPost, str]] = []
    for post in merged:
        base, n = slugify_or_hash(post.title), 1
        while True:
            slug = base if n == 1 else f"{base}-{n}"
            plan = None if slug in used else place_post(post, slug, on_disk.get(slug), titles)
            if plan is not None:
                break
            n += 1
        used.add(slug)
        plans.append(plan)
        if plan.status == KEPT:
            diags.append(kept_warning(on_disk[slug]))
        if n > 1:
            duplicates.append((post, slug))
    return tuple(plans), (*diags, *duplicate_warnings(duplicates, shown))
