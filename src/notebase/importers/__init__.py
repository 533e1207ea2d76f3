"""Archives, web pages, feeds, highlights, BibTeX -> notes under notes/imported/: the import's
I/O (a zip given to it unzipped by zipped.py)."""

from __future__ import annotations

import functools
import os
import posixpath
import shutil
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path

from notebase.diagnostics import (
    MISSING_FILE,
    Diagnostic,
    FilePos,
    error,
    sort_diagnostics,
    warning,
)
from notebase.importers.bib import NO_BIBLIOGRAPHY, Bibliography, bibliography_of
from notebase.importers.blogsource import MARKDOWN_SUFFIXES, is_bundle_index, link_site_refs
from notebase.importers.feeds import is_feed
from notebase.importers.formats import (
    HTML_SUFFIXES,
    IMPORTED_SUFFIXES,
    UNREAD_HINT,
    UNREAD_MARKUP,
    read_binary_input,
    read_input,
    suffix_of,
)
from notebase.importers.ghost import is_ghost, starts_as_ghost
from notebase.importers.kobo import device_database
from notebase.importers.model import ArchiveFormat, Collection, ParsedArchive
from notebase.importers.notes import (
    FILE_PAGE,
    KEPT,
    UNCHANGED,
    ExistingNote,
    PlannedNote,
    plan_notes,
    read_note,
)
from notebase.importers.report import (
    COLLECTIONS_FILE,
    REPORT_FILE,
    collections_text,
    import_report,
)
from notebase.importers.siteurl import (
    INDEX_PAGES,
    Site,
    file_page,
    link_path,
    link_site_posts,
    page_address,
    shared_folder,
    site_problem,
    site_root,
)
from notebase.importers.webpage import SITE_PATH
from notebase.importers.zipped import MAC_COPIES, is_zip, unzipped

__all__ = ["ImportOutcome", "import_files", "site_problem"]


@dataclass(frozen=True, slots=True)
class ImportOutcome:
    written: tuple[str, ...]  # note paths (relative to display_root, posix) created or updated
    unchanged: tuple[str, ...]  # already identical
    kept: tuple[str, ...]  # edited by hand since import: left alone (with a warning diagnostic)
    diagnostics: tuple[Diagnostic, ...]
    report: str = ""  # how each file was cut and every judgement (also written as REPORT_FILE)


def show_path(path: Path, root: Path) -> str:
    """`path` relative to the knowledge-base root, in posix form (`..` when outside it)."""
    return Path(os.path.relpath(path.resolve(), root.resolve())).as_posix()


def read_text(path: Path, shown: str) -> tuple[str, Diagnostic | None]:
    """The archive's text, or a diagnostic saying why it cannot be imported."""
    pos = FilePos(shown)
    if path.exists() and not path.is_file():  # a FIFO or device would be read forever
        what = "a folder" if path.is_dir() else "not a regular file"
        hint = "name the files to import (a folder's: `notebase import DIR/*`)"
        return "", error("import-unreadable", f"{what}: skipped", pos, hint)
    try:
        data = path.read_bytes()
    except OSError as exc:
        return "", error("import-unreadable", f"cannot read archive: {exc.strerror or exc}", pos)
    if b"\0" in data:
        pk = data.startswith(b"PK\3\4")
        hint = "a zip: import it named .zip, or unzip it and import its folder" if pk else ""
        return "", error(
            "import-binary", "not a text file (contains NUL bytes): skipped", pos, hint
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        msg = f"not UTF-8 text (byte {exc.start}): skipped"
        return "", error("import-binary", msg, pos, hint="convert the file to UTF-8")
    if not text.strip():
        return "", warning("import-empty", "archive is empty: nothing imported", pos)
    return text, None


def read_existing(into: Path, root: Path) -> tuple[ExistingNote, ...]:
    """The notes already in the import folder (its *.md files; `_` names are not notes)."""
    if not into.is_dir():
        return ()
    notes = []
    for path in sorted(p for p in into.glob("*.md") if not p.name.startswith("_")):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        notes.append(read_note(path.stem, text, show_path(path, root)))
    return tuple(notes)


def write_notes(
    plans: Sequence[PlannedNote],
    into: Path,
    display_root: Path,
    progress: Callable[[str, int, int], None] | None,
) -> tuple[list[str], Diagnostic | None]:
    """Write the new and updated notes; the first that cannot be written stops the writing."""
    todo = [plan for plan in plans if plan.status not in (KEPT, UNCHANGED)]
    for done, plan in enumerate(todo, 1):
        if progress is not None:
            progress("writing notes", done, len(todo))
        path = into / f"{plan.slug}.md"
        try:
            into.mkdir(parents=True, exist_ok=True)
            path.write_text(plan.text, encoding="utf-8", newline="\n")
        except OSError as exc:
            if progress is not None:
                progress("writing notes", len(todo), len(todo))  # a finished bar clears its line
            left = len(todo) - done + 1
            message = f"cannot write note: {exc.strerror or exc}; {left} note(s) not written"
            pos = FilePos(show_path(path, display_root))
            hint = "check that the import folder (--into) can be written"
            return [p.slug for p in todo[: done - 1]], error(
                "import-unwritable", message, pos, hint
            )
    return [plan.slug for plan in todo], None


def write_extras(
    into: Path, display_root: Path, report: str, collections: Sequence[Collection]
) -> Diagnostic | None:
    """The report, and the tag/category descriptions merged into the collections file."""
    try:
        into.mkdir(parents=True, exist_ok=True)
        (into / REPORT_FILE).write_text(report, encoding="utf-8", newline="\n")
        if collections:
            path = into / COLLECTIONS_FILE
            old = path.read_text(encoding="utf-8") if path.is_file() else ""
            text = collections_text(old, collections)
            path.write_text(text, encoding="utf-8", newline="\n")
    except (OSError, UnicodeDecodeError) as exc:
        pos = FilePos(show_path(into, display_root))
        message = f"cannot write the import report or collections: {exc}"
        return error("import-unwritable", message, pos, "check that --into can be written")
    return None


def copy_linked_files(
    files: Sequence[tuple[str, int]], folder: Path, into: Path, shown: str, top: Path | None = None
) -> list[Diagnostic]:
    """The files a post links beside it (its images) copied beside its note, at the same relative
    path, so its links lead to them (found beside the post, else at its blog's root, never out
    of `top`: blog_file); a warning for one missing (not a page, `x/index.html`: one of the site,
    a generator's address of a post, whose link the build tells of if it leads to no note), or
    in the way of another file."""
    diags: list[Diagnostic] = []
    for rel, line in files:
        pos = FilePos(shown, line)
        try:
            source = blog_file(folder, rel, top)
            target = (into / rel).resolve()
            if not target.is_relative_to(into.resolve()):  # through a link out of --into
                message = f"{rel} is not copied: it leads out of the import folder"
                diags.append(warning("import-missing-file", message, pos))
            elif source is None and suffix_of(rel) in HTML_SUFFIXES:
                continue  # a page of the site (mdBook's x/index.html), told at build if no note
            elif source is None:
                message = f"{rel} is neither beside the post nor at its blog's root: its link is kept, leading nowhere"
                hint = "copy the file into the notes' folder, at that path"
                diags.append(warning(MISSING_FILE, message, pos, hint, about=rel))
            elif not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
            elif target.read_bytes() != source.read_bytes():
                message = f"{rel} is not copied: another file is at {target.name} already"
                hint = "rename one of the two files and its link"
                diags.append(warning("import-file-conflict", message, pos, hint))
        except (OSError, ValueError) as exc:  # unreadable, unwritable, or a NUL in the path
            diags.append(warning("import-missing-file", f"{rel} is not copied: {exc}", pos))
    return diags


ROOT_LEVELS = 3  # how many folders up from a post its blog's root may be (content/posts/x/index.md)
SOURCE_LEVELS = 8  # …or, up to its generator's source (content/docs/cpp/mmul/x.md), how many


@functools.lru_cache(maxsize=4096)
def blog_roots(folder: Path) -> tuple[Path, ...]:
    """The folders above a post's that may be its blog's root: ROOT_LEVELS of them, or up to its
    generator's source (is_site_source: Hugo Book's `docs/` nest deeper), nearest first."""
    above = folder.parents[:SOURCE_LEVELS]
    source = next((i for i, base in enumerate(above) if is_site_source(base)), None)
    return tuple(
        above[: max(ROOT_LEVELS, source + 1)] if source is not None else above[:ROOT_LEVELS]
    )


def blog_file(folder: Path, rel: str, top: Path | None = None) -> Path | None:
    """Where the file a post in `folder` names by `rel` is: beside it, else in a folder holding
    it (Jekyll's site root, above `_posts/`; blog_roots) or in that folder's `static/` or
    `public/` (Hugo's and Gatsby's, Next.js's, whose files a post names from the site's root),
    nearest first; None when in none. With `top` (a zip's
    folder), only a file in it is found."""
    for base in (folder, *blog_roots(folder)):
        for candidate in (base / rel, base / "static" / rel, base / "public" / rel):
            if top is not None and not candidate.resolve().is_relative_to(top.resolve()):
                continue
            if candidate.is_file():
                return candidate
    return None


def input_names(paths: Sequence[Path]) -> list[str]:
    """Each input's name in its notes' `origin`: its file name, or, for files of one name in
    different folders (a built Hugo site's `index.html` and `index.xml`, page bundles' `index.md`,
    two Kindles' `My Clippings.txt`), its path from as many folders up as tell them apart."""
    parts = [path.resolve().parts for path in paths]
    depth = [1] * len(paths)
    while True:
        tails = Counter(p[-d:] for p, d in zip(parts, depth, strict=True))
        clash = [i for i, p in enumerate(parts) if tails[p[-depth[i] :]] > 1 and depth[i] < len(p)]
        if not clash:
            return ["/".join(p[-d:]) for p, d in zip(parts, depth, strict=True)]
        for i in clash:
            depth[i] += 1


@dataclass(frozen=True, slots=True)
class SitePages:
    """The pages of a built site that say no address, by their files (`own`: an input's index)."""

    own: dict[int, str]
    by_tail: dict[str, list[str]]  # each page by the last parts of its path

    def named(self, href: str, folder: Path) -> str:
        """The page a link names by its path: from the listing's folder, or from the site's root:
        the page at that path from the nearest folder holding the listing (a site copied whole
        into its `public/` beside itself is two sites), else the one page whose path ends so;
        '' when none is known."""
        href = link_path(href)
        if not href.startswith("/"):
            return file_page((folder / href).as_posix())
        found = self.by_tail.get(file_page(href).lstrip("/"), [])
        for root in (folder, *folder.parents):
            if (key := file_page(root.as_posix() + href)) in found:
                return key
        return found[0] if len(found) == 1 else ""


def site_pages(archives: Sequence[tuple[Path, ParsedArchive]]) -> SitePages:
    own = {
        i: file_page(path.resolve().as_posix())
        for i, (path, archive) in enumerate(archives)
        if archive.format == ArchiveFormat.HTML and len(archive.posts) == 1
        if not archive.posts[0].page
    }
    by_tail: dict[str, list[str]] = {}
    for key in own.values():
        parts = key.lstrip("/").split("/")
        for n in range(1, len(parts) + 1):
            by_tail.setdefault("/".join(parts[-n:]), []).append(key)
    return SitePages(own, by_tail)


def with_file_pages(archives: Sequence[tuple[Path, ParsedArchive]]) -> list[ParsedArchive]:
    """The posts of a built site's pages that say no address, each known by its file: a page read
    as one post by its own, a listed post by the file its title's link names; so two copies of
    one page from two files are one note, as those of pages that say their address are."""
    pages = site_pages(archives)
    out = []
    for i, (path, archive) in enumerate(archives):
        posts = list(archive.posts)
        if i in pages.own:
            posts = [replace(posts[0], page=FILE_PAGE + pages.own[i])]
        for k, post in enumerate(posts):
            if post.page.startswith(SITE_PATH):
                key = pages.named(post.page[len(SITE_PATH) :], path.resolve().parent)
                posts[k] = replace(post, page=FILE_PAGE + key if key else "")
        out.append(replace(archive, posts=tuple(posts)))
    return out


def files_beside(folder: Path, names: Sequence[str]) -> dict[str, str]:
    """The text of each file named (by its path from `folder`, never out of it) that is there
    and UTF-8; those that are not, left out for the reader to tell."""
    found = {}
    for name in names:
        path = (folder / name).resolve()
        try:
            if path.is_relative_to(folder.resolve()) and path.is_file():
                found[name] = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError, ValueError):
            continue
    return found


ASSETS_MAX = 2_000  # the files of a post's asset folder looked at, at most


def asset_files(post: Path) -> frozenset[str]:
    """The files of a markdown post's asset folder, by their paths in it: the folder beside it
    named as its file, as Hexo keeps a post's pictures (`_posts/x/a.png` for `_posts/x.md`,
    published beside the post's page, where its relative links lead), or a page bundle's own
    folder (`posts/x/index.md` and its `posts/x/a.png`, as Hugo, Zola and Gatsby keep a post's
    pictures), its markdown and the folders of other bundles in it aside; none for another
    input."""
    if suffix_of(post.name) not in MARKDOWN_SUFFIXES:
        return frozenset()
    bundle = is_bundle_index(post.name) and is_bundle(post.parent)
    folder = post.parent if bundle else post.with_suffix("")
    if not folder.is_dir():
        return frozenset()
    found: list[str] = []
    for at, folders, names in os.walk(folder):  # (errors below the top are skipped)
        folders[:] = [f for f in folders if f[0] != "." and not is_bundle(Path(at, f))]
        names = [n for n in names if n[0] != "." and not (bundle and is_markdown(n))]
        found += (Path(at, n).relative_to(folder).as_posix() for n in names)
        if len(found) >= ASSETS_MAX:
            break
    return frozenset(found[:ASSETS_MAX])


def is_markdown(name: str) -> bool:
    return suffix_of(name) in MARKDOWN_SUFFIXES


def is_bundle(folder: Path) -> bool:
    """Whether the folder is a page bundle of its own: an `index.md` in it and no other markdown
    post (a section's index, MkDocs' `docs/index.md` beside `docs/page.md`, is none: the files
    its folder holds are shared)."""
    try:
        with os.scandir(folder) as entries:
            posts = [e.name for e in entries if e.name[0] != "." and is_markdown(e.name)]
    except OSError:
        return False
    return len(posts) == 1 and is_bundle_index(posts[0])


@dataclass(frozen=True, slots=True)
class Input:
    """A file to import: read at `path`; named in its notes' `origin` from `named` (a zip's member:
    its path in the folder the zip unzips to, beside it); shown in diagnostics as `shown` (a zip's
    member: `x.zip/posts/a.html`; "": its path); the files it links found only in `top` (a zip's
    folder; None: anywhere)."""

    path: Path
    named: Path
    shown: str = ""
    top: Path | None = None


SITE_LEVELS = 4  # how far above the inputs' folder a built site's root may be (/2019/05/20/x/)


def site_folder(folder: Path) -> Path:
    """The folder of a built site's root that holds `folder`: the highest one holding a home page
    (`index.html`) up to SITE_LEVELS folders above it (`public/`, `_site/`, above sections and
    dated folders), else `folder` itself (a page saved alone)."""
    found = folder
    for candidate in (folder, *folder.parents[:SITE_LEVELS]):
        if any((candidate / name).is_file() for name in INDEX_PAGES):
            found = candidate
    return found


def input_sites(inputs: Sequence[Input], root: str) -> list[Site]:
    """Each input's place on the site at `root` (`--site`): at its path from the site's root
    folder (site_folder of the folder the inputs share); none without a `root`."""
    if not root or not inputs:
        return [Site() for _ in inputs]
    paths = [i.named.resolve().as_posix() for i in inputs]
    top = site_folder(Path(shared_folder(paths))).as_posix()
    return [Site(root, page_address(root, posixpath.relpath(p, top))) for p in paths]


def read_archives(
    inputs: Sequence[Input],
    display_root: Path,
    progress: Callable[[str, int, int], None] | None,
    site: str = "",
) -> tuple[list[tuple[str, ParsedArchive]], list[Diagnostic], dict[str, str], list[Input]]:
    """Each readable archive parsed, with the problems of those that could not be read, and the
    input each was read from (where the files it links are); on the site at `site` (`--site`)
    where it says no address of its own."""
    read: list[tuple[Path, ParsedArchive]] = []
    read_from: list[Input] = []
    diags: list[Diagnostic] = []
    shown: dict[str, str] = {}
    names = input_names([i.named for i in inputs])
    places = input_sites(inputs, site)
    bibliography, bib_texts = shared_bibliography(inputs, names)
    for done, (given, name, place) in enumerate(zip(inputs, names, places, strict=True), 1):
        if progress is not None:
            progress("reading archives", done, len(inputs))
        shown[name] = given.shown or show_path(given.path, display_root)
        archive = read_binary_input(given.path, name, shown[name]) if given.path.is_file() else None
        if archive is None:
            known = bib_texts.get(given.path)  # (read already)
            text, problem = (
                (known, None) if known is not None else read_text(given.path, shown[name])
            )
            if problem is not None:
                diags.append(problem)
                continue
            beside = functools.partial(files_beside, given.path.parent)
            assets = asset_files(given.path)
            own = given.named.resolve().as_posix()  # (its folders, whatever --root is)
            archive = read_input(text, name, shown[name], beside, place, assets, bibliography, own)
        read.append((given.named, archive))
        read_from.append(given)
        diags += archive.diagnostics
    archives = [(shown[a.name], a) for a in with_file_pages(read)]
    return archives, diags, shown, read_from


def shared_bibliography(
    inputs: Sequence[Input], names: Sequence[str]
) -> tuple[Bibliography, dict[Path, str]]:
    """What the .bib files among the inputs (named `names`) define for each other (their @string
    macros, the entries a crossref names, which file's a key is), as BibTeX reads the files of
    one bibliography (none for one file), and the text of each file read so, as read_text gives
    it (not read again)."""
    files = [
        (name, i.path)
        for i, name in zip(inputs, names, strict=True)
        if suffix_of(i.path.name) == ".bib" and i.path.is_file()
    ]
    if len(files) < 2:
        return NO_BIBLIOGRAPHY, {}
    read = {path: read_text(path, "") for _, path in files}
    texts = {path: text for path, (text, problem) in read.items() if problem is None}
    named = [(name, texts[path]) for name, path in files if path in texts]
    return bibliography_of(named), texts


def export_root(folder: Path) -> Path:
    """The folder holding an export: `folder`, or the one folder in it when it holds nothing else
    (a zip of a folder; hidden files and macOS's `__MACOSX` aside), and so on down."""
    while True:
        try:
            entries = [
                p for p in folder.iterdir() if not p.name.startswith(".") and p.name != MAC_COPIES
            ]
        except OSError:
            return folder
        if len(entries) != 1 or entries[0].is_symlink() or not entries[0].is_dir():
            return folder
        folder = entries[0]


def export_files(folder: Path) -> list[Path]:
    """The files of an export in `folder` (a blog platform's, unzipped) that hold its posts:
    a Kobo's database (a device's `.kobo/KoboReader.sqlite`), Substack's `posts.csv` (whose
    reader reads the bodies beside it), Medium's `posts/*.html`;
    else the markdown notes below it, a folder of notes kept in folders (nested_notes); else the
    files at its top of a format import reads by its name (a Ghost or WordPress export, a feed,
    Kindle's clippings, a zip: not hidden), and a Ghost export in a folder of it when there is
    none at its top (nested_ghost); [] for none."""
    folder = export_root(folder)
    if (kobo := device_database(folder)) is not None:
        return [kobo]
    table = folder / "posts.csv"
    if table.is_file():
        return [table]
    if built := built_site_files(folder):
        return built  # (before Medium's: a built Hugo site's posts/ holds its section's page)
    posts = folder / "posts"
    pages = sorted(p for p in posts.glob("*.html") if p.is_file()) if posts.is_dir() else []
    if pages:
        return pages
    if is_site_source(folder) and (content := site_content(folder)):
        return content
    suffixes = (*IMPORTED_SUFFIXES, *UNREAD_MARKUP, ".zip")
    try:
        found = [p for p in folder.iterdir() if suffix_of(p.name) in suffixes]
    except OSError:
        return []
    found = sorted(p for p in found if not p.name.startswith(".") and p.is_file())
    if nested := nested_notes(folder, found):
        return nested
    return found if any(is_ghost_file(p) for p in found) else found + nested_ghost(folder)


def nested_notes(folder: Path, top: Sequence[Path]) -> list[Path]:
    """Every markdown file below `folder` when it is a folder of notes kept in folders (an
    mdBook's `src/<topic>/`, Hugo's `content/posts/` of page bundles, a Hexo blog's `_posts/` in
    folders): the files at its top (`top`) are markdown or none, and none is a generator's source
    (SITE_SOURCES: a blog's own folder, whose themes and packages hold markdown of their own);
    hidden folders and `node_modules` aside. [] for another folder, or one holding none below
    its top."""
    suffixes = (*MARKDOWN_SUFFIXES, *UNREAD_MARKUP)  # (the second told, not read: gather_inputs)
    if any(suffix_of(p.name) not in suffixes for p in top):
        return []
    if is_site_source(folder):
        return []
    found = markdown_below(folder)
    return found if any(p.parent != folder for p in found) else []


def markdown_below(folder: Path) -> list[Path]:
    """The markdown files below a folder (and those of markup told unread: UNREAD_MARKUP),
    hidden folders and `node_modules` aside, sorted."""
    suffixes = (*MARKDOWN_SUFFIXES, *UNREAD_MARKUP)
    found: list[Path] = []
    for at, folders, names in os.walk(folder):  # (one walk; errors below the top are skipped)
        folders[:] = [f for f in folders if f[0] != "." and f != "node_modules"]
        found += (Path(at, n) for n in names if n[0] != "." and suffix_of(n) in suffixes)
    return sorted(found)


# where a generator's source keeps its posts: Jekyll's `_posts/`, Hugo's, Zola's and Pelican's
# `content/`, Hexo's `source/_posts/`, Astro's `src/content/`, a Next.js starter's `data/blog/`
CONTENT_FOLDERS = ("_posts", "content", "source/_posts", "src/content", "data/blog")


def site_content(folder: Path) -> list[Path]:
    """The markdown posts of a generator's source given as a folder (the blog's repository):
    those below its content folders (CONTENT_FOLDERS), not its templates, themes and pages."""
    return [
        p
        for name in CONTENT_FOLDERS
        if (folder / name).is_dir()
        for p in markdown_below(folder / name)
    ]


# what a generator's source holds at its top, which its built site does not: such a folder's
# HTML files are its templates and layouts (`_layouts/`, `layouts/`), no pages
SITE_SOURCES = (
    "_config.yml", "_config.yaml", "_config.toml", "config.toml", "config.yaml", "hugo.toml",
    "hugo.yaml", "hugo.json", "Gemfile", "package.json", "mkdocs.yml", "pelicanconf.py",
    "book.toml", "notebase.yaml",
)  # fmt: skip


def is_site_source(folder: Path) -> bool:
    """Whether the folder is a site generator's source (SITE_SOURCES at its top), not what it
    builds or the notes it holds."""
    return any((folder / name).exists() for name in SITE_SOURCES)


# the feeds a generator writes at a built site's top (Hugo's index.xml, Jekyll's feed.xml, …)
SITE_FEEDS = ("index.xml", "feed.xml", "atom.xml", "rss.xml", "feed.json", "index.json")


def built_site_files(folder: Path) -> list[Path]:
    """A built site's pages (every HTML file below `folder`, hidden and `_` folders aside) and the
    feeds at its top, when the folder is one: an index.html at its top, pages in its folders, and
    no generator's source beside (SITE_SOURCES: Hugo's public/, Jekyll's _site/, not the blog's
    own folder); [] else. Its other files (sitemap.xml, robots.txt) and its page for an address
    it does not have (`404.html` at its top) hold no post."""
    if not (folder / "index.html").is_file() or is_site_source(folder):
        return []
    pages: list[Path] = []
    for at, folders, names in os.walk(folder):  # (one walk; errors below the top are skipped)
        folders[:] = [f for f in folders if f[0] not in "._"]
        pages += (Path(at, n) for n in names if n[0] not in "._" and suffix_of(n) in HTML_SUFFIXES)
    if not any(p.parent != folder for p in pages):
        return []
    pages = [p for p in pages if p != folder / "404.html"]
    return sorted(pages) + [folder / name for name in SITE_FEEDS if is_site_feed(folder / name)]


def is_site_feed(path: Path) -> bool:
    """Whether a built site's file of a feed's name is a feed: not the search index a Hugo theme
    writes as `index.json` (PaperMod's, a list of its pages for Fuse.js)."""
    try:
        with path.open(encoding="utf-8", errors="replace") as file:
            return is_feed(file.read(FEED_HEAD))
    except OSError:
        return False


FEED_HEAD = 5_000  # the characters a feed is told by (feeds.is_feed)


NESTED_LEVELS = 3  # how deep below an export's folder a Ghost export is looked for
HEAD = 200  # the characters a file is first told by


def nested_ghost(folder: Path) -> list[Path]:
    """The Ghost exports in the folders of `folder`, up to NESTED_LEVELS deep (hidden folders and
    macOS's copies aside): a backup holds its export in `data/`, beside the site's `content/`."""
    found: list[Path] = []
    for depth in range(1, NESTED_LEVELS + 1):
        try:
            paths = sorted(folder.glob("*/" * depth + "*.json"))
        except OSError:
            continue
        for path in paths:
            parts = path.relative_to(folder).parts
            if any(p.startswith(".") or p == MAC_COPIES for p in parts) or path.is_symlink():
                continue
            if is_ghost_file(path):
                found.append(path)
    return found


def is_ghost_file(path: Path) -> bool:
    """Whether the file at `path` is Ghost's JSON export (read whole only when it starts as one)."""
    if suffix_of(path.name) != ".json" or not path.is_file():
        return False
    try:
        with path.open(encoding="utf-8", errors="replace") as file:
            if not starts_as_ghost(file.read(HEAD)):
                return False
        return is_ghost(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return False


def zip_inputs(
    path: Path, display_root: Path, stack: ExitStack
) -> tuple[list[Input], list[Diagnostic]]:
    """The files of a zip's export, as those of the folder it unzips to are read, unzipped into a
    temporary folder that `stack` removes; a zip inside it is told, not opened."""
    shown = show_path(path, display_root)
    folder, diags = stack.enter_context(unzipped(path, shown))
    if folder is None:
        return [], diags
    beside = path.resolve().parent / folder.name
    files, unread = without_unread(export_files(folder), folder, shown)
    diags = [*diags, *unread]
    inputs = []
    for file in files:
        rel = file.relative_to(folder).as_posix()
        if is_zip(file):
            message = f"{rel}: a zip inside the zip is not read"
            hint = "unzip this zip, then import the zip it holds"
            diags.append(error("import-zip-nested", message, FilePos(f"{shown}/{rel}"), hint))
        else:
            inputs.append(Input(file, beside / rel, f"{shown}/{rel}", folder))
    if not inputs and not diags:
        message = "a zip holding no export and no file import reads: skipped"
        hint = "import the files it holds by name once unzipped"
        diags.append(error("import-unreadable", message, FilePos(shown), hint))
    return inputs, diags


def gather_inputs(
    paths: Sequence[Path], display_root: Path, stack: ExitStack
) -> tuple[list[Input], list[Diagnostic]]:
    """The files to import: each file given; a folder (or a zip, unzipped for as long as `stack`
    lasts) as the files of the export it holds (a folder holding none is kept, to be told it is
    skipped), a zip among them unzipped in turn."""
    inputs: list[Input] = []
    diags: list[Diagnostic] = []
    for path in paths:
        found = export_files(path) if path.is_dir() else []
        found, unread = without_unread(found, path, show_path(path, display_root))
        diags += unread
        found = found if unread else (found or [path])
        for file in found:
            if is_zip(file):
                got, problems = zip_inputs(file, display_root, stack)
                inputs += got
                diags += problems
            else:
                inputs.append(Input(file, file))
    return inputs, diags


def without_unread(
    files: list[Path], folder: Path, shown: str
) -> tuple[list[Path], list[Diagnostic]]:
    """A folder's (or a zip's) files but those of markup import does not read, and one warning
    for these, at the folder, when there are any (a file named alone is told by its reader)."""
    unread = [p for p in files if suffix_of(p.name) in UNREAD_MARKUP]
    if not unread:
        return files, []
    left = [p for p in files if suffix_of(p.name) not in UNREAD_MARKUP]
    return left, [unread_files(unread, folder, shown)]


def unread_files(files: Sequence[Path], folder: Path, shown: str) -> Diagnostic:
    """One warning for the files of a folder whose markup import does not read (UNREAD_MARKUP:
    a Pelican blog's reStructuredText posts beside its markdown), naming how many and the first
    (by its path in the folder)."""
    kinds = " and ".join(sorted({UNREAD_MARKUP[suffix_of(p.name)] for p in files}))
    first = files[0].relative_to(folder).as_posix()
    message = (
        f"{len(files)} file(s) of {kinds} not read (the first: {first}): nothing imported from them"
    )
    return warning("import-unread-markup", message, FilePos(shown), UNREAD_HINT)


def import_files(
    paths: Sequence[Path],
    into: Path,
    display_root: Path,
    progress: Callable[[str, int, int], None] | None = None,
    dry_run: bool = False,
    site: str = "",
) -> ImportOutcome:
    """Import archives into `into` (one note per post); never overwrite a note edited by hand.
    `site` (`--site`, a valid address: site_problem) is the address of the site the inputs were
    saved from, which their relative links resolve against where they say no address of their
    own; a relative link climbing above it is kept as its text, with a warning.

    A folder, or a zip (unzipped into a temporary folder removed on return), is read as the files
    of the export it holds (export_files). `progress` is told (stage, done, total) as archives are
    read and notes written. A dry run
    writes nothing: its outcome lists what would be written, and its report how each file was cut."""
    with ExitStack() as unzipped_zips:
        inputs, diags = gather_inputs(paths, display_root, unzipped_zips)
        root = site_root(site) if site else ""
        return import_inputs(inputs, diags, into, display_root, progress, dry_run, root)


def import_inputs(
    inputs: Sequence[Input],
    problems: Sequence[Diagnostic],
    into: Path,
    display_root: Path,
    progress: Callable[[str, int, int], None] | None,
    dry_run: bool,
    site: str = "",
) -> ImportOutcome:
    """import_files once its inputs are found (and zips unzipped)."""
    archives, diags, shown, read_from = read_archives(inputs, display_root, progress, site)
    diags = [*problems, *diags]
    posts, unresolved = link_site_refs([p for _, a in archives for p in a.posts], shown)
    posts = link_site_posts(posts, site)
    diags += unresolved
    report = import_report(archives)
    plans, plan_diags = plan_notes(posts, read_existing(into, display_root), shown)
    if dry_run:
        written = [p.slug for p in plans if p.status not in (KEPT, UNCHANGED)]
    else:
        written, problem = write_notes(plans, into, display_root, progress)
        collections = [c for _, a in archives for c in a.collections]
        problem = problem or write_extras(into, display_root, report, collections)
        if problem is not None:
            diags.append(problem)
        for (where, archive), given in zip(archives, read_from, strict=True):
            diags += copy_linked_files(archive.files, given.path.parent, into, where, given.top)

    def paths_of(slugs: Sequence[str]) -> tuple[str, ...]:
        return tuple(sorted(show_path(into / f"{s}.md", display_root) for s in slugs))

    return ImportOutcome(
        written=paths_of(written),
        unchanged=paths_of([p.slug for p in plans if p.status == UNCHANGED]),
        kept=paths_of([p.slug for p in plans if p.status == KEPT]),
        diagnostics=sort_diagnostics([*diags, *plan_diags]),
        report=report,
    )
