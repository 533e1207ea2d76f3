"""Which reader an input file needs: by its extension, then by its content (pure).

Anything not recognised here stays with the plain-text archive reader."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from pathlib import Path

from notebase.diagnostics import FilePos, warning
from notebase.importers.bib import NO_BIBLIOGRAPHY, Bibliography, read_bibtex
from notebase.importers.blogsource import MARKDOWN_SUFFIXES
from notebase.importers.bookmarks import (
    is_bookmarks,
    is_bookmarks_html,
    is_url_list,
    read_bookmarks,
    read_bookmarks_html,
    read_other_csv,
    read_url_list,
)
from notebase.importers.csvfile import is_csv
from notebase.importers.feeds import is_feed, read_feed
from notebase.importers.ghost import is_ghost, read_ghost
from notebase.importers.highlights import is_kindle, is_readwise, read_kindle, read_readwise
from notebase.importers.hypothesis import is_hypothesis, read_hypothesis
from notebase.importers.hypothesis_exports import (
    is_hypothesis_csv,
    is_hypothesis_html,
    is_hypothesis_text,
    read_hypothesis_csv,
    read_hypothesis_html,
    read_hypothesis_text,
)
from notebase.importers.kobo import is_sqlite, read_kobo
from notebase.importers.markdownpost import read_markdown
from notebase.importers.medium import is_medium, read_medium
from notebase.importers.model import ArchiveFormat, ParsedArchive
from notebase.importers.reader import read_archive
from notebase.importers.siteurl import NO_SITE, Site
from notebase.importers.substack import body_names, is_substack, read_substack
from notebase.importers.webpage import read_webpage

Reader = Callable[[str, str, str], ParsedArchive]
HTML_SUFFIXES = (".html", ".htm", ".xhtml")
FEED_SUFFIXES = (".xml", ".rss", ".atom", ".json", ".feed")
# the files a folder given to import (or a zip's) is read as, when it holds no platform's export
IMPORTED_SUFFIXES = (*HTML_SUFFIXES, *FEED_SUFFIXES, *MARKDOWN_SUFFIXES, ".bib", ".csv", ".txt")
BIB_KINDS = [
    "string",
    "comment",
    "preamble",
    "article",
    "book",
    "booklet",
    "misc",
    "inproceedings",
    "proceedings",
    "conference",
    "inbook",
    "incollection",
    "phdthesis",
    "mastersthesis",
    "techreport",
    "manual",
    "unpublished",
    "online",
    "software",
    "dataset",
]
_BIB_START = re.compile(rf"^(?:\s*%[^\n]*\n)*\s*@\s*(?:{'|'.join(BIB_KINDS)})\s*[{{(]", re.I)
_HTML_START = re.compile(r"^\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html)[\s>]", re.I | re.S)


# markup a site generator reads beside markdown that import does not: its files are told so, by
# kind, not read as plain text (Pelican's and Sphinx's reStructuredText, Hugo's Org and AsciiDoc)
UNREAD_MARKUP = {
    ".rst": "reStructuredText", ".rest": "reStructuredText", ".org": "Org", ".adoc": "AsciiDoc",
    ".asciidoc": "AsciiDoc", ".ipynb": "Jupyter notebook",
}  # fmt: skip
UNREAD_HINT = "convert it to markdown first (`pandoc -t gfm FILE -o FILE.md`), then import the .md"


def unread_markup(text: str, name: str, shown: str) -> ParsedArchive:
    """A file of markup import does not read (UNREAD_MARKUP): no post, a warning saying so."""
    kind = UNREAD_MARKUP[suffix_of(name)]
    message = f"{kind} is not read: nothing is imported from this file"
    diag = warning("import-unread-markup", message, FilePos(shown, 1), UNREAD_HINT)
    return ParsedArchive(name, ArchiveFormat.UNKNOWN, (), (diag,))


def suffix_of(name: str) -> str:
    return "." + name.rsplit(".", 1)[-1].lower() if "." in name else ""


def is_html(name: str, text: str) -> bool:
    return suffix_of(name) in HTML_SUFFIXES or bool(_HTML_START.match(text[:4000]))


def choose_reader(name: str, text: str) -> Reader:
    """The reader for a file named `name` holding `text`."""
    if suffix_of(name) in UNREAD_MARKUP:
        return unread_markup
    if suffix_of(name) == ".bib" or _BIB_START.match(text[:4000]):
        return read_bibtex
    if is_substack(name, text):
        return read_substack  # its bodies beside it are read by the caller: read_input
    if is_hypothesis_csv(text):
        return read_hypothesis_csv  # told by its header, whatever its name (a copy is a TSV)
    if is_hypothesis_html(text):
        return read_hypothesis_html  # told by its title and sections, not read as a web page
    if is_hypothesis_text(text):
        return read_hypothesis_text  # told by its summary's lines, not read as an archive
    if is_readwise(name, text):
        return read_readwise
    if is_bookmarks(name, text):
        return read_bookmarks
    if is_bookmarks_html(text):
        return read_bookmarks_html
    if is_csv(name):
        return read_other_csv  # told so, not read as plain text: its cells are no prose
    if is_kindle(name, text):
        return read_kindle
    if is_ghost(text):
        return read_ghost
    if is_hypothesis(text):
        return read_hypothesis
    if suffix_of(name) in FEED_SUFFIXES or (is_feed(text) and not is_html(name, text)):
        return read_feed  # a .xml / .json that is no feed is told so, not read as plain text
    if is_html(name, text):
        return read_medium if is_medium(text) else read_webpage
    if suffix_of(name) in MARKDOWN_SUFFIXES:
        return read_markdown
    return read_url_list if is_url_list(text) else read_archive


def read_input(
    text: str,
    name: str,
    shown: str,
    beside: Callable[[list[str]], dict[str, str]] | None = None,
    site: Site = NO_SITE,
    assets: Collection[str] = (),
    bibliography: Bibliography = NO_BIBLIOGRAPHY,
) -> ParsedArchive:
    """The posts of one input file, whatever its format (told by its file name: `name` may
    hold folders, `p/x/index.html`, to tell it from another input of that name); `beside` reads
    the files an export names beside it (Substack's bodies), by their paths from its folder;
    `site` is the site it was saved from (`--site`), for a page, feed or export saying none (an
    export's files are no pages of the site: a feed's, Ghost's, Substack's and Medium's are at
    its root); `assets` are the files of a markdown post's asset folder (Hexo's, beside it), by
    their paths in it; `bibliography`: what the .bib files imported with it define."""
    reader = choose_reader(name.rpartition("/")[2], text)
    if reader is read_bibtex:
        return read_bibtex(text, name, shown, bibliography)
    if reader is read_markdown and assets:
        return read_markdown(text, name, shown, assets)
    if reader is read_substack and beside is not None:
        return read_substack(text, name, shown, beside(body_names(text)), site.root)
    if site.root and reader is read_medium:
        return read_medium(text, name, shown, site.root)
    if site.root and reader is read_webpage:
        return read_webpage(text, name, shown, site)
    if site.root and reader is read_feed:
        return read_feed(text, name, shown, site.root)
    if site.root and reader is read_ghost:
        return read_ghost(text, name, shown, site.root)
    return reader(text, name, shown)


def read_binary_input(path: Path, name: str, shown: str) -> ParsedArchive | None:
    """The posts of an input file that is no text, told by its content (a Kobo's SQLite
    database, whatever its name); None for one of no such format (read as text)."""
    return read_kobo(path, name, shown) if is_sqlite(path) else None
