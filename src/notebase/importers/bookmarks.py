"""A bookmarks export as CSV (Instapaper's, Raindrop's, Pocket's, ...): one link note per
bookmark, its highlighted selection or excerpt quoted, its note after it; and a reading list of
bare URLs, one a line: one link note per URL (pure).

The columns are found by name, whatever their case: a URL and a title column make a bookmarks
export; any other CSV is no format notebase reads, and is told so rather than read as text."""

from __future__ import annotations

import ast
import re
from datetime import UTC, datetime

from notebase.diagnostics import Diagnostic, FilePos, error, warning
from notebase.importers.csvfile import csv_header, csv_rows, is_csv
from notebase.importers.model import ArchiveFormat, ImportedPost, ParsedArchive
from notebase.importers.structured import escape_lines, make_post, parse_date, safe_url
from notebase.markdown.rawhtml import LenientHTMLParser

# Readwise Reader's `url` is its own reader's page of the document; `source_url` is the document
URL_COLUMNS = ("source_url", "url", "link", "href")
TITLE_COLUMNS = ("title", "name")
QUOTED_COLUMNS = ("selection", "excerpt", "highlights")  # words of the page itself
NOTE_COLUMNS = ("note", "description", "comment")  # the reader's own
TAG_COLUMNS = ("tags",)
FOLDER_COLUMNS = ("folder", "collection")
DATE_COLUMNS = (
    "timestamp", "created", "created_at", "saved_at", "time_added", "add_date", "date", "added"
)  # fmt: skip
AUTHOR_COLUMNS = ("author", "authors")
# Instapaper's and Pocket's own folders, which say where a bookmark is in the reading, not what it
# is about, and the browsers' own
STATE_FOLDERS = frozenset(
    (
        *("unread", "archive", "starred", "read archive", "bookmarks", "bookmarks bar"),
        *("bookmarks toolbar", "bookmarks menu", "other bookmarks", "mobile bookmarks"),
    )
)
# an HTML list of bookmarks: Pocket's export, or the Netscape file browsers and Pinboard write
_LINK_LIST = re.compile(
    r"<!DOCTYPE\s+NETSCAPE-Bookmark-file|<title>\s*Pocket Export\s*</title>", re.I
)
_SAVED_LINK = re.compile(r"<a\s[^>]*\b(?:time_added|add_date)\s*=", re.I)
SNIFFED_CHARS = 20_000
# Firefox's own folders of its places (`place:sort=8&maxResults=10`: recently bookmarked, most
# visited): queries of the browser's, no page anyone bookmarked
_PLACE_QUERY = re.compile(r"place:", re.I)
_TAG_SPLIT = re.compile(r"\s*[,|]\s*")
_LISTED_URL = re.compile(r"^\s*(?:[-*•]\s+|\d+[.)]\s+)?(?P<url>https?://\S+)\s*$")


def header(text: str) -> list[str]:
    return [c.casefold() for c in csv_header(text)]


def is_bookmarks(name: str, text: str) -> bool:
    columns = header(text)
    return is_csv(name) and any(c in columns for c in URL_COLUMNS) and "title" in columns


def column(row: dict[str, str], names: tuple[str, ...]) -> str:
    return next((row[n].strip() for n in names if row.get(n, "").strip()), "")


def bookmark_date(value: str) -> str:
    """A Unix time (seconds, or milliseconds) or a written date, as YYYY-MM-DD; '' for neither."""
    if value.isdigit():
        seconds = int(value) / (1000 if len(value) > 11 else 1)
        try:
            return datetime.fromtimestamp(seconds, UTC).date().isoformat()
        except (OverflowError, OSError, ValueError):  # past the calendar: no date
            return ""
    return parse_date(value)


def bookmark_url(raw: str) -> str:
    """A bookmark's address, its spaces percent-encoded as a browser sends them (Pocket keeps
    `…/Draft Model (13).pdf` as it was typed); "" when it is no http(s) URL."""
    return safe_url(raw.strip().replace(" ", "%20"))


def address_title(url: str) -> str:
    """How a page known only by its address is titled: the address without its scheme and a
    last slash (`www.gsd.harvard.edu`)."""
    return url.split("://", 1)[-1].rstrip("/")


def bookmark_title(title: str, raw_url: str, url: str) -> str:
    """A bookmark's title; its address's (address_title) when it has none or only its address,
    as Pocket titles a page it never read."""
    said, written = title.rstrip("/"), raw_url.strip()
    if said and said not in (written.rstrip("/"), url.rstrip("/")):
        return title
    return address_title(written or url)  # (as written: its spaces, not %20)


def bookmark_post(row: dict[str, str], name: str, line: int) -> ImportedPost:
    url = bookmark_url(column(row, URL_COLUMNS))
    quoted = column(row, QUOTED_COLUMNS)
    note = column(row, NOTE_COLUMNS)
    chunks = [f"> {p}" if p else ">" for p in escape_lines(quoted).split("\n")] if quoted else []
    chunks = (["\n".join(chunks)] if chunks else []) + ([escape_lines(note)] if note else [])
    folder = column(row, FOLDER_COLUMNS)
    return make_post(
        bookmark_title(column(row, TITLE_COLUMNS), column(row, URL_COLUMNS), url)
        if url
        else column(row, TITLE_COLUMNS),
        f"{name}:{line}",
        chunks,
        url=url,
        tags=bookmark_tags(column(row, TAG_COLUMNS)),
        categories=[folder] if folder and folder.casefold() not in STATE_FOLDERS else [],
        date=bookmark_date(column(row, DATE_COLUMNS)),
        authors=[a for a in [column(row, AUTHOR_COLUMNS)] if a],
    )


def bookmark_tags(cell: str) -> list[str]:
    """`a, b` or `a|b`; Readwise Reader writes a Python mapping, `{'ml': {'name': 'ml', …}}`,
    whose keys are the tags (`{}`: none)."""
    if not cell.startswith("{"):
        return [t for t in _TAG_SPLIT.split(cell) if t]
    try:
        tags = ast.literal_eval(cell)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return []
    return [str(t) for t in tags if str(t).strip()] if isinstance(tags, dict) else []


def read_bookmarks(text: str, name: str, shown: str) -> ParsedArchive:
    """One link note per row that names a page (by its URL or title); a row naming none is told."""
    rows, problem = csv_rows(text, shown, (), "export the bookmarks as CSV")
    if problem is not None:
        return ParsedArchive(name, ArchiveFormat.BOOKMARKS, (), (problem,))
    posts: list[ImportedPost] = []
    diags: list[Diagnostic] = []
    for line, raw in rows:
        row = {k.strip().casefold(): v for k, v in raw.items()}
        if not (bookmark_url(column(row, URL_COLUMNS)) or column(row, TITLE_COLUMNS)):
            msg, hint = "bookmark has no http(s) URL and no title: skipped", "fill its URL column"
            diags.append(warning("import-bad-bookmark", msg, FilePos(shown, line), hint))
            continue
        posts.append(bookmark_post(row, name, line))
    return ParsedArchive(name, ArchiveFormat.BOOKMARKS, tuple(posts), tuple(diags))


def is_bookmarks_html(text: str) -> bool:
    """A Netscape bookmarks file or Pocket's export, by its heading, or by links that carry the
    day they were saved (`time_added`, `add_date`): a Pocket export with its head cut off."""
    head = text[:SNIFFED_CHARS]
    return bool(_LINK_LIST.search(head[:2000])) or len(_SAVED_LINK.findall(head)) >= 2


class LinkList(LenientHTMLParser):
    """The bookmarks of an HTML list of them, as rows: each link's address, title, date
    (`time_added`, `add_date`), tags, folder (the heading it is under) and description
    (a Netscape file's `<DD>`), with its line."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[int, dict[str, str]]] = []
        self.folders: list[str] = []  # the headings the links are under, by nesting
        self.depth = 0  # how deep in <dl>/<ul> lists
        self.reading = ""  # "heading", "link", "description" or ""
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k.casefold(): v or "" for k, v in attrs}
        if tag in ("dl", "ul"):
            self.depth += 1
        elif tag in ("h1", "h2", "h3"):
            self.reading, self.text = "heading", []
        elif tag == "a" and values.get("href"):
            self.finish()
            row = {"url": values["href"], "tags": values.get("tags", "")}
            row["time_added"] = values.get("time_added") or values.get("add_date", "")
            row["folder"] = self.folders[-1] if self.folders else ""
            self.rows.append((self.getpos()[0], row))
            self.reading, self.text = "link", []
        elif tag == "dd" and self.rows:
            self.reading, self.text = "description", []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("dl", "ul"):
            self.finish()
            self.depth -= 1
            del self.folders[max(self.depth, 0) :]
        elif self.reading == "heading" and tag in ("h1", "h2", "h3"):
            del self.folders[self.depth :]
            self.folders.append(" ".join("".join(self.text).split()))
            self.reading = ""
        elif self.reading == "link" and tag == "a":
            self.finish()

    def handle_data(self, data: str) -> None:
        if self.reading:
            self.text.append(data)

    def finish(self) -> None:
        """The link's title, or the description, read so far into its row."""
        if self.reading in ("link", "description") and self.rows:
            key = "title" if self.reading == "link" else "description"
            self.rows[-1][1][key] = " ".join("".join(self.text).split())
        if self.reading != "heading":
            self.reading = ""


def read_bookmarks_html(text: str, name: str, shown: str) -> ParsedArchive:
    """One link note per bookmark of Pocket's HTML export or a browser's bookmarks file."""
    parser = LinkList()
    parser.feed(text)
    parser.close()
    parser.finish()
    posts: list[ImportedPost] = []
    diags: list[Diagnostic] = []
    for line, row in parser.rows:
        if _PLACE_QUERY.match(row["url"]):
            continue
        if not bookmark_url(row["url"]):
            msg, hint = f"bookmark {row['url']!r} is no http(s) URL: skipped", "nothing to do"
            diags.append(warning("import-bad-bookmark", msg, FilePos(shown, line), hint))
            continue
        posts.append(bookmark_post(row, name, line))
    return ParsedArchive(name, ArchiveFormat.BOOKMARKS, tuple(posts), tuple(diags))


def read_other_csv(text: str, name: str, shown: str) -> ParsedArchive:
    """A CSV of no export notebase reads: an error naming its columns (its cells are no prose)."""
    columns = ", ".join(header(text)) or "none"
    message = f"a CSV with the columns {columns} is no export notebase reads: nothing imported"
    hint = "CSV is read as a Readwise export (Highlight, Book Title) or bookmarks (URL, Title)"
    problem = error("import-bad-csv", message, FilePos(shown, 1), hint)
    return ParsedArchive(name, ArchiveFormat.UNKNOWN, (), (problem,))


def is_url_list(text: str) -> bool:
    """Two lines or more, each a bare URL (a bullet or a number before it at most)."""
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) >= 2 and all(_LISTED_URL.match(line) for line in lines)


def read_url_list(text: str, name: str, shown: str) -> ParsedArchive:
    """A reading list of URLs: a link note per URL, titled by the URL without its scheme."""
    posts = []
    for number, line in enumerate(text.splitlines(), 1):
        if (m := _LISTED_URL.match(line)) and (url := safe_url(m.group("url"))):
            posts.append(make_post(address_title(url), f"{name}:{number}", [], url=url))
    return ParsedArchive(name, ArchiveFormat.BOOKMARKS, tuple(posts), ())
