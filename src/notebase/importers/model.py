"""Records of the import stage: archive lines, recognised body blocks and posts (no behaviour)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from notebase.diagnostics import Diagnostic


class BlockKind(StrEnum):
    PARAGRAPH = "paragraph"
    HEADING = "heading"
    CODE = "code"
    BULLETS = "bullets"
    NUMBERED = "numbered"
    FOOTNOTE = "footnote"
    URL = "url"
    FIELD = "field"  # a `tldr:` / `eval:` line
    MARKDOWN = (
        "markdown"  # markdown already made safe by a structured reader (HTML, feeds): kept as is
    )


class ArchiveFormat(StrEnum):
    TAXONOMY = "taxonomy"  # a `Tag: …` / `Category: …` archive page of `  • Title` posts
    INFORMAL = "informal"  # a paper-reading post: title lines followed by `tldr:` / `eval:` lines
    RECORDS = "records"  # any page of repeated post records (a title line of one recurring shape)
    UNKNOWN = "unknown"  # anything else: imported whole as one note
    HTML = "html"  # a saved web page: one post, or a listing of several
    FEED = "feed"  # RSS 2.0, Atom or JSON Feed: one post per item
    KINDLE = "kindle"  # Kindle's `My Clippings.txt`: one post per book
    READWISE = "readwise"  # a Readwise CSV export: one post per book or article
    KOBO = "kobo"  # a Kobo e-reader's KoboReader.sqlite: one post per book
    BOOKMARKS = "bookmarks"  # a bookmarks CSV export (Instapaper, Raindrop, ...): one per bookmark
    BIBTEX = "bibtex"  # a .bib file: one paper per entry
    MARKDOWN = "markdown"  # a .md file: one post, its markdown kept
    GHOST = "ghost"  # Ghost's JSON export: one post per post
    SUBSTACK = "substack"  # Substack's posts.csv, with the bodies beside it: one post per post
    HYPOTHESIS = "hypothesis"  # Hypothesis annotations (export or API JSON): one per document


@dataclass(frozen=True, slots=True)
class ArchiveLine:
    """One line of an archive: 1-based number and text with the post's base indentation removed."""

    number: int
    text: str


@dataclass(frozen=True, slots=True)
class Block:
    """A run of body lines recognised as one markdown block; `quoted` puts it in a blockquote."""

    kind: BlockKind
    lines: tuple[ArchiveLine, ...]
    lang: str = ""  # code blocks: the language when evident
    quoted: bool = False
    quote_confidence: float = 0.0  # candidates for a quotation: how sure (0..1) it is one

    @property
    def first_line(self) -> int:
        return self.lines[0].number if self.lines else 0

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@dataclass(frozen=True, slots=True)
class RawPost:
    """A post cut out of an archive: its title line and its body lines (base indent removed)."""

    title: str
    title_line: int
    lines: tuple[ArchiveLine, ...]
    heading_lines: tuple[int, ...] = ()  # line numbers the format itself marks as section headings
    roundup_item: bool = False  # a linked item of a roundup / weeknotes post (a `link` entry)
    listed: bool = False  # a post a listing of the site's own shows: its excerpt, never a quote
    # lines above its title that are the post's own (a card's category and picture text, its
    # date): written after its body, its date read
    head: tuple[ArchiveLine, ...] = ()


@dataclass(frozen=True, slots=True)
class Taxonomy:
    """What an archive says about all its posts: tags, categories, series and its author."""

    tags: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    series: str = ""
    series_author: str = ""


@dataclass(frozen=True, slots=True)
class ImportedPost:
    """One post as recovered from an archive: the neutral record written as one note."""

    title: str
    origin: str  # "archive-file-name:line"
    kind: str  # paper | link | note
    blocks: tuple[Block, ...]
    taxonomy: Taxonomy = field(default_factory=Taxonomy)
    url: str = ""
    arxiv: str = ""
    doi: str = ""
    source_title: str = ""
    tldr: str = ""
    authors: tuple[str, ...] = ()  # the source's authors, when the input names them
    year: int | None = None
    date: str = ""  # YYYY-MM-DD: when the post was written or the item published
    end_line: int = 0  # the last line of the archive the post was cut from (0: unknown)
    roundup: str = ""  # a roundup's linked item: the title of the roundup's own note
    draft: bool = False  # not published where it came from (a WordPress draft)
    # the address of the post's own page (a saved page's, a feed item's permalink on its site):
    # two inputs holding one page are one post; '' when unknown; not written
    page: str = ""
    # front-matter fields of a markdown post the importer does not read, written as they were
    # (status, aliases, modified, an abstract): (key, YAML value) in their order
    kept_fields: tuple[tuple[str, Any], ...] = ()

    @property
    def origin_file(self) -> str:
        """The archive file's name, from `origin`."""
        return self.origin.rpartition(":")[0]

    @property
    def origin_line(self) -> int:
        """The line the post starts on, from `origin` (0: unknown)."""
        line = self.origin.rpartition(":")[2]
        return int(line) if line.isdigit() else 0


@dataclass(frozen=True, slots=True)
class Collection:
    """A tag or category page's own description (`Category: x` + the line under it)."""

    kind: str  # "tags" | "categories"
    name: str
    description: str
    line: int  # the description's first line


@dataclass(frozen=True, slots=True)
class ParsedArchive:
    """The posts of one archive file plus the problems found while reading it."""

    name: str
    format: ArchiveFormat
    posts: tuple[ImportedPost, ...]
    diagnostics: tuple[Diagnostic, ...] = ()
    collections: tuple[Collection, ...] = ()
    cut_by: str = ""  # the record shape the posts were cut at, in words ("": not cut at one)
    # files beside the archive its notes link to by a relative path (a markdown post's images),
    # with the line of the first link: copied beside the notes, at the same path
    files: tuple[tuple[str, int], ...] = ()
