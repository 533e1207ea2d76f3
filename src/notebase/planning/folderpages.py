"""Folders as pages: each folder of notes/ holding notes has a page at its path (a pure planner).

A folder's page lists its notes and its subfolders. A note at the folder's URL (its `index.md`, as
in Quartz) is that page: its entry page lists the folder too. The site's own pages (`/papers/`,
`/tags/` …) keep their URLs: a folder there has no page of its own, and its entries' breadcrumbs lead
to the site's page.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.model import Entry, EntryKind
from notebase.reading.discover import NOTES_DIR
from notebase.records import fast_pickling
from notebase.slugs import is_folder_page, slugify_or_hash

# the site's own pages that list notes by kind, at the URLs of notebase's folders for them
# (`notebase new` writes papers to notes/papers/, links to notes/links/)
KIND_PAGES = ("papers/", "links/")
LISTED_KINDS = (EntryKind.PAPER, EntryKind.LINK)


@fast_pickling
@dataclass(frozen=True, slots=True)
class FolderLink:
    """A link to a folder's page: its name as written, its URL, how many notes it holds (at any
    depth; 0 in a breadcrumb, which does not show it)."""

    title: str
    url: str  # "ml/deep-learning/"
    notes: int = 0


@fast_pickling
@dataclass(frozen=True, slots=True)
class Folder:
    """A folder of notes/ that holds notes, at any depth."""

    url: str  # "ml/deep-learning/"
    path: str  # as written, the first spelling met: "ML/Deep Learning"
    title: str  # its last part: "Deep Learning"
    crumbs: tuple[FolderLink, ...]  # the folders above it, outermost first
    notes: tuple[str, ...]  # slugs of the notes in it (not in its subfolders), in index order
    subfolders: tuple[FolderLink, ...]  # by name


def folder_url(parts: Sequence[str]) -> str:
    """'ML', 'Deep Learning' -> 'ml/deep-learning/', slugged as notes' URLs are ('' for notes/)."""
    return "".join(f"{slugify_or_hash(p)}/" for p in parts)


def folder_urls(parts: Sequence[str]) -> tuple[str, ...]:
    """The URL of each folder down to the one `parts` name, notes/ itself ("") first."""
    return tuple(folder_url(parts[:depth]) for depth in range(len(parts) + 1))


def folder_parts(rel_path: str) -> tuple[str, ...]:
    """The folders a note is in: 'ML/Deep Learning/x.md' -> ('ML', 'Deep Learning')."""
    return tuple(p for p in rel_path.split("/")[:-1] if p)


def breadcrumbs(rel_path: str) -> tuple[FolderLink, ...]:
    """The folders above a note (or a folder's index note), outermost first, each with its URL."""
    parts = folder_parts(rel_path)
    if is_folder_page(rel_path):
        parts = parts[:-1]  # the folder's own page: its crumbs are the folders above it
    return tuple(FolderLink(name, folder_url(parts[: i + 1])) for i, name in enumerate(parts))


def collect_folders(entries: Iterable[Entry]) -> dict[str, Folder]:
    """URL -> Folder for notes/ itself (URL "": the home page) and every folder holding notes, by
    URL. Two folders of one URL (`ML/` and `ml/`) are one. A note whose slug is the folder's (its
    index.md) is not listed in it: its page is the folder's."""
    names: dict[str, str] = {"": ""}
    direct: dict[str, list[str]] = defaultdict(list)
    counts: dict[str, int] = defaultdict(int)
    children: dict[str, set[str]] = defaultdict(set)
    urls_of: dict[tuple[str, ...], tuple[str, ...]] = {}  # a folder's parts are slugged once
    for entry in entries:
        parts = folder_parts(entry.rel_path)
        urls = urls_of.get(parts)
        if urls is None:
            urls = urls_of[parts] = folder_urls(parts)
        for depth in range(1, len(parts) + 1):
            names.setdefault(urls[depth], "/".join(parts[:depth]))
            counts[urls[depth]] += 1
            children[urls[depth - 1]].add(urls[depth])
        if f"{entry.slug}/" != urls[-1] and entry.slug:
            direct[urls[-1]].append(entry.slug)
    links = {
        url: FolderLink(path.rsplit("/", 1)[-1], url, counts[url]) for url, path in names.items()
    }
    return {
        url: Folder(
            url=url,
            path=names[url],
            title=links[url].title,
            crumbs=breadcrumbs(f"{names[url]}/index.md"),
            notes=tuple(direct[url]),
            subfolders=sorted_links(links[u] for u in children[url]),
        )
        for url in sorted(names)
    }


def sorted_links(links: Iterable[FolderLink]) -> tuple[FolderLink, ...]:
    return tuple(sorted(links, key=lambda link: (link.title.casefold(), link.url)))


def folder_collisions(
    folders: dict[str, Folder], by_slug: dict[str, Entry], site_pages: frozenset[str]
) -> list[Diagnostic]:
    """A warning for each folder whose URL is another page's: a note that is not the folder's
    index.md (its page lists the folder), or a site page that does not list the folder's notes."""
    diags = []
    for folder in folders.values():
        if not folder.url:  # notes/ itself: the home page
            continue
        where = FilePos(f"{NOTES_DIR}/{folder.path}/")
        entry = by_slug.get(folder.url[:-1])
        if entry is not None and not is_page_of(entry, folder):
            message = f"{entry.pos.path} has the URL /{folder.url} of the folder {where}"
            hint = f"its page lists the folder; name it {where}index.md to say so, or rename it"
            diags.append(warning("folder-collision", message, entry.pos, hint))
        elif (
            entry is None
            and folder.url in site_pages
            and not lists_folder(folder, by_slug, site_pages)
        ):
            message = f"folder {where} has no page: /{folder.url} is the site's own page"
            hint = "rename the folder to list its notes on a page of its own"
            diags.append(warning("folder-collision", message, where, hint))
    return diags


def is_page_of(entry: Entry, folder: Folder) -> bool:
    """Whether the note is the folder's page: its index.md (or Hugo's `_index.md`)."""
    in_folder = entry.rel_path.rpartition("/")[0].casefold() == folder.path.casefold()
    return in_folder and is_folder_page(entry.rel_path)


def lists_folder(folder: Folder, by_slug: dict[str, Entry], site_pages: frozenset[str]) -> bool:
    """Whether the site's page at the folder's URL is /papers/ or /links/ and every note in the
    folder is on one of them (a paper kept in notes/links/ is on /papers/), or it is /tags/ and
    every note in the folder is a tag's page (Quartz's `content/tags/plugin.md`)."""
    if folder.url == "tags/":
        return all(f"{slug}/" in site_pages for slug in folder.notes)
    return folder.url in KIND_PAGES and all(by_slug[s].kind in LISTED_KINDS for s in folder.notes)
