"""The data model: frozen records passed between the pipeline stages (no behaviour here)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum

from notebase.diagnostics import Diagnostic, FilePos
from notebase.records import fast_pickling


class EntryKind(StrEnum):
    PAPER = "paper"
    LINK = "link"
    NOTE = "note"


class Status(StrEnum):
    TO_READ = "to-read"
    READING = "reading"
    READ = "read"


@fast_pickling
@dataclass(frozen=True, slots=True)
class NoteFile:
    """One note file as discovered: path relative to notes/ (posix), its text and content digest."""

    rel_path: str
    text: str
    digest: str
    display_path: str  # the path shown in diagnostics, relative to the knowledge-base root


@fast_pickling
@dataclass(frozen=True, slots=True)
class SourceRef:
    """An external source a note discusses: a paper (arXiv id / DOI) or a normalised URL."""

    key: str  # "arxiv:2505.02809" | "doi:10.1/x" | "url:example.com/path"
    url: str  # the canonical URL to link to
    domain: str
    arxiv: str = ""
    doi: str = ""

    @property
    def is_paper(self) -> bool:
        return bool(self.arxiv or self.doi)


@fast_pickling
@dataclass(frozen=True, slots=True)
class Quote:
    anchor: str  # stable id within the entry page, e.g. "q-3f2a9c1b"
    html: str  # rendered inner html (without the attribution line)
    text: str  # plain text, for search and excerpts
    attribution: str  # "— Name, Work" line without the dash, or the source title/domain
    line: int


@fast_pickling
@dataclass(frozen=True, slots=True)
class Footnote:
    label: str
    html: str
    text: str


@fast_pickling
@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    text: str
    anchor: str
    # as the table of contents shows it: its markup (math too), no links or footnote marks
    html: str
    source: str = ""  # as written (Obsidian's links name a heading by it: `_def:_ $N$th`)


@fast_pickling
@dataclass(frozen=True, slots=True)
class LinkRef:
    """An outgoing link found in the body: a wikilink target or a URL, with its line."""

    target: str  # wikilink: the text before | and #; url: the href as written
    is_wiki: bool
    line: int
    fragment: str = ""  # heading part of [[Title#Heading]]
    label: str = ""
    embed: bool = False  # ![[…]] or ![…](…): the target is shown in place (an image, a note)
    # a `[[link]]` a front-matter field holds (`author: "[[Kevin Kelly]]"`): a backlink of the
    # note it leads to, as Obsidian counts it, and no warning when it leads to none
    in_properties: bool = False


@fast_pickling
@dataclass(frozen=True, slots=True)
class Attachment:
    """A file under notes/ that is no note, as a note embeds or links to it."""

    rel_path: str  # under notes/ (posix)
    url: str  # where the site holds it: "files/" + rel_path
    kind: str  # image | audio | video | pdf | file
    width: int = 0  # an image's size in pixels, from its header (0: unknown)
    height: int = 0
    text: str = ""  # an Obsidian base's YAML (kind "base"), which its embeds show (bases.py)


@fast_pickling
@dataclass(frozen=True, slots=True)
class NoteWords:
    """A note's words as the index reads them (notewords.py makes them once, when the note is parsed).

    Strings, not tuples, so that the cache and the parse workers pickle them fast."""

    words: (
        str  # distinct case-folded words: the mention text's by first use, then the title's others
    )
    prose: int  # how many of `words` are the mention text's
    counts: str  # how often each of `words` occurs in the mention text and title: a character each
    seq: str  # the mention text, a character per word: the code of its place in `words`


NO_WORDS = NoteWords("", 0, "", "")


@fast_pickling
@dataclass(frozen=True, slots=True)
class Entry:
    """One note, fully parsed. Templates read these fields; nothing downstream re-parses markdown."""

    slug: str  # "papers/muon": the page lives at /papers/muon/
    rel_path: str  # path under notes/
    pos: FilePos  # file:1 of the note, as shown to the user
    title: str
    kind: EntryKind
    date: dt.date | None
    tags: tuple[str, ...]
    categories: tuple[str, ...]  # usually one; a post imported from several category pages has more
    status: Status | None  # None: no reading status (the note is no reading-log entry)
    aliases: tuple[str, ...]
    draft: bool
    source: SourceRef | None  # the primary source (url / arxiv / doi field)
    source_title: str
    authors: tuple[str, ...]
    year: int | None
    tldr_html: str
    tldr_text: str
    body_html: str  # internal links are markers resolved at render time (see render.py)
    mention_text: (
        str  # tl;dr and body prose without code, math or link text (for unlinked mentions)
    )
    quotes: tuple[Quote, ...]
    footnotes: tuple[Footnote, ...]
    headings: tuple[Heading, ...]
    links: tuple[LinkRef, ...]
    other_sources: tuple[SourceRef, ...]  # every other external URL in the body
    extra: tuple[tuple[str, str], ...] = ()  # unknown front-matter keys, kept for templates
    # a digest of what this record was made from (its file, then each change made to it): equal
    # keys, equal entries; the build's memo and the page fingerprints take an entry as its key
    content_key: str = field(default="", compare=False)
    words: NoteWords = NO_WORDS  # of mention_text and title, for mentions and related
    description: str = ""  # front matter's, for <meta> and (without a tl;dr) the card
    cssclasses: tuple[str, ...] = ()  # classes for the page's <body>
    updated: dt.date | None = None  # `modified:` or `updated:`, when the note says it changed
    source_title_line: int = 0  # the line of `source_title:` (0: none)
    anchors: tuple[str, ...] = ()  # the ids of the body's elements (a link's #fragment names one)
    # the `# heading` the note opens with, taken out of the body as its title (None: titled
    # otherwise); put back, and the note titled by its file name, when another note has the title
    opening_heading: Heading | None = None
    # every front-matter field as YAML read it, as JSON (dates as their ISO text): what an
    # Obsidian base's filters and columns read of the note (linking/bases.py); "" when none
    properties: str = ""
    holds_base: bool = False  # its body holds a ```base block (markers.base_query)
    published: bool = False  # its front matter says `publish: true` (config's `published: marked`)
    # its tags as written, each spelling once (`Frontend/Vue`; `tags` holds `frontend/vue`): what
    # Dataview's file.tags hold (linking/bases.py)
    written_tags: tuple[str, ...] = ()


@fast_pickling
@dataclass(frozen=True, slots=True)
class PendingDate:
    """A date of two numbers of 12 or less (`09-01-2026`), read once the vault's order is known."""

    field: str  # the entry's field it fills: "date" or "updated"
    key: str  # the front-matter key it is written under
    line: int
    written: str
    day_first: dt.date
    month_first: dt.date


@fast_pickling
@dataclass(frozen=True, slots=True)
class ParseResult:
    entry: Entry | None
    diagnostics: tuple[Diagnostic, ...]
    pending_dates: tuple[PendingDate, ...] = ()
    # the order its dates of two numbers show, where one is over 12: "day" (26-01-2026) first,
    # "month" first (01-26-2026), "both", or ""
    date_order: str = ""


@fast_pickling
@dataclass(frozen=True, slots=True)
class Backlink:
    slug: str  # the entry that links here
    line: int


@fast_pickling
@dataclass(frozen=True, slots=True)
class Mention:
    """Another note's prose names an entry (its title or an alias) without linking to it."""

    slug: str  # the note whose text names the entry
    name: str  # the name found, as the entry spells it
    excerpt: str  # the words around it


@fast_pickling
@dataclass(frozen=True, slots=True)
class Mentions:
    total: int  # every note that mentions the entry
    shown: tuple[Mention, ...]  # the first few, in index order


@fast_pickling
@dataclass(frozen=True, slots=True)
class SiteIndex:
    """Everything the planner needs, computed once from all entries."""

    entries: tuple[Entry, ...]  # sorted: newest date first, then title, then slug
    by_slug: dict[str, Entry] = field(hash=False)
    tags: tuple[tuple[str, tuple[str, ...]], ...]  # tag -> entry slugs
    categories: tuple[tuple[str, tuple[str, ...]], ...]
    kinds: tuple[tuple[str, tuple[str, ...]], ...]
    statuses: tuple[tuple[str, tuple[str, ...]], ...]
    sources: tuple[tuple[SourceRef, tuple[str, ...]], ...]  # source -> slugs discussing it
    # slug -> per link: "slug#frag", "/url#frag" (a page that is no entry's: "/tags/ml/") or ""
    link_targets: dict[str, tuple[str, ...]] = field(hash=False)
    outlinks: dict[str, tuple[str, ...]] = field(hash=False)  # slug -> linked entry slugs
    backlinks: dict[str, tuple[Backlink, ...]] = field(hash=False)
    mentions: dict[str, Mentions] = field(hash=False)  # slug -> unlinked mentions of it
    related: dict[str, tuple[str, ...]] = field(hash=False)  # slug -> up to five related slugs
    source_ids: dict[str, str] = field(hash=False)  # source key -> id of its page (sources/<id>/)
    diagnostics: tuple[Diagnostic, ...] = ()
    # the files under notes/ that links lead to ("@" + path in link_targets), read by build
    attachments: dict[str, Attachment] = field(default_factory=dict, hash=False)
