"""Reading highlights -> one post per book or article: Kindle's `My Clippings.txt` and a Readwise
CSV export; each highlight a quote attributed with its location, a note on it kept after it,
re-highlights of one passage collapsed (pure)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.importers.csvfile import csv_header, csv_rows, is_csv
from notebase.importers.model import ArchiveFormat, ImportedPost, ParsedArchive
from notebase.importers.structured import (
    SITE_NAME,
    author_names,
    escape_lines,
    escape_text,
    make_post,
    parse_date,
)

SEPARATOR = "=========="
READWISE_COLUMNS = ("Highlight", "Book Title")
# A clipping's meta line, as Kindles write it in their languages: "- Your Highlight on page 12 |
# location 123-125 | Added on …", "- Ihre Markierung bei Position 610-612 | Hinzugefügt am …",
# "- Tu subrayado en la posición …", "- 您在位置 #469-471的标注 | 添加于 …", "- 位置No. 12のハイライト".
_KINDS = {  # its kind's words: whole words, and words of scripts without spaces anywhere
    "bookmark": (
        r"bookmark|lesezeichen|marcador|signet|segnalibro|bladwijzer|закладк\w*",
        "书签|ブックマーク",
    ),
    "note": (r"note|notiz|nota|notitie|заметк\w*", "笔记|メモ"),
    "highlight": (
        r"highlight|clip|markierung|subrayado|surlignement|evidenziazione|destaque|markering"
        r"|выделени\w*|выделенный",
        "标注|ハイライト",
    ),
}
_KIND = {
    kind: re.compile(rf"\b(?:{words})\b|{unspaced}", re.I)
    for kind, (words, unspaced) in _KINDS.items()
}
_CLIP_META = re.compile(r"^-\s*(?P<rest>\S.*)$")
_PAGE = re.compile(
    r"\b(?:page|seite|página|pagina|strona|странице)\s+(?P<v>[\w-]+)|第\s*(?P<zh>[\w-]+)\s*页"
    r"|(?P<ja>[\w-]+)\s*ページ",
    re.I,
)
_LOCATION = re.compile(
    r"(?:\b(?:location|loc\.|position|posición|emplacement|posizione|posição|locatie|positie"
    r"|местоположени\w*|позиции|место)|位置)\s*(?:No\.|#)?\s*(?P<a>\d+)(?:-(?P<b>\d+))?",
    re.I,
)
_ADDED = re.compile(
    r"(?:\bAdded on|\bHinzugefügt am|\bAñadido el|\bAjouté le|\bAggiunto in data|\bAdicionado:?"
    r"|\bToegevoegd op|\bДобавлено:?|添加于|作成日:?)\s*(?P<v>.+?)\s*$",
    re.I,
)
_CJK_DATE = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")
_DAY_MONTH_YEAR = re.compile(r"(\d{1,2})\.?\s+(?:de\s+)?([^\W\d]+)\.?\s+(?:de\s+)?(\d{4})")
_MONTHS = {  # the months' names (and their common starts) in the Kindle's languages
    name: number
    for number, names in enumerate(
        (
            "january januar enero janvier gennaio janeiro januari",
            "february februar febrero février febbraio fevereiro februari",
            "march märz marzo mars março maart",
            "april abril avril aprile",
            "may mai mayo maggio maio mei",
            "june juni junio juin giugno junho",
            "july juli julio juillet luglio julho",
            "august agosto août augustus",
            "september septiembre septembre settembre setembro",
            "october oktober octubre octobre ottobre outubro",
            "november noviembre novembre novembro",
            "december dezember diciembre décembre dicembre dezembro",
        ),
        1,
    )
    for name in names.split()
}
# what a Kindle writes in place of a highlight's words: `<You have reached the clipping limit for
# this item>`, in its language: a sentence in angle brackets, not code highlighted in a programming
# book (`<T>`, `<div class="note">`, `<stdio.h>`: too short, or with code's punctuation)
_NOTICE = re.compile(r"<[^<>\n=\"'/.(){}\[\];:]{10,}>")
# a shadow library's name for its download, which Kindles show as the book's: Anna's Archive's
# `Title -- Author -- Publisher -- <md5> -- Anna’s Archive`, Z-Library's `Title by Author
# [Author, Sorted] (z-lib.org)`
_LIBRARY_FIELD = " -- "
_DIGEST = re.compile(r"[0-9a-f]{32}", re.I)
_BY_SORTED = re.compile(r"(?P<title>.+?)\s+by\s+[^\[\]]+?\s*\[(?P<author>[^\[\]]+)\]")
# Readwise marks a heading by the note `.h2`, which it also gives as the tag `h2`
_HEADING_TAG = re.compile(r"^\.?h(?P<n>[1-6])$")


@dataclass(frozen=True, slots=True)
class Highlight:
    """One highlighted passage (or a note or bookmark) of a book, where it is and what was said."""

    text: str
    where: str  # `page 12, location 123-125` ('' when unknown)
    start: int  # first location (0 when unknown), for overlap and note placement
    end: int
    line: int  # where it is in the export
    note: str = ""  # the reader's own note on it
    kind: str = "highlight"  # highlight | note | bookmark | heading
    date: str = ""
    level: int = 0  # a heading's level (Readwise's `.h1` … `.h6` tags)


@dataclass(frozen=True, slots=True)
class Book:
    title: str
    author: str
    line: int
    highlights: tuple[Highlight, ...]
    tags: tuple[str, ...] = ()


def folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def overlaps(a: Highlight, b: Highlight) -> bool:
    return bool(a.start and b.start and a.start <= b.end and b.start <= a.end)


def is_rehighlight(old: Highlight, new: Highlight) -> bool:
    """The same passage highlighted again: same text, or overlapping ranges, one text holding the
    other (Kindle keeps both when a highlight is extended)."""
    a, b = folded(old.text), folded(new.text)
    return a == b or (overlaps(old, new) and (a in b or b in a))


def rehighlighted(kept: Sequence[Highlight], new: Highlight) -> int | None:
    """The index of the kept highlight that `new` highlights again, if any."""
    for i, old in enumerate(kept):
        if old.kind == new.kind == "highlight" and is_rehighlight(old, new):
            return i
    return None


def holding(items: Sequence[Highlight], location: int) -> int | None:
    """The index of the last highlight whose range holds the location, if any."""
    for i in range(len(items) - 1, -1, -1):
        if items[i].kind == "highlight" and items[i].start <= location <= items[i].end:
            return i
    return None


def collapse(highlights: Iterable[Highlight]) -> tuple[Highlight, ...]:
    """Highlights with re-highlights of one passage kept once (the longer text, the first place)."""
    kept: list[Highlight] = []
    for new in highlights:
        same = rehighlighted(kept, new)
        if same is None:
            kept.append(new)
            continue
        old = kept[same]
        longer = new if len(new.text) > len(old.text) else old
        note = "\n\n".join(n for n in dict.fromkeys((old.note, new.note)) if n)
        kept[same] = replace(longer, line=old.line, note=note)
    return tuple(kept)


def attach_notes(items: Sequence[Highlight]) -> tuple[Highlight, ...]:
    """Kindle notes placed on the highlight whose range holds their location: one before it, or
    the next (a note made while highlighting is listed first); else kept alone."""
    out: list[Highlight] = []
    carried: list[str] = []  # notes listed just before the highlight that holds them
    for i, item in enumerate(items):
        if item.kind == "note" and item.start:
            target = holding(out, item.start)
            if target is not None:
                out[target] = with_note(out[target], item.text)
                continue
            if holding(items[i + 1 : i + 2], item.start) is not None:
                carried.append(item.text)
                continue
        for text in carried:
            item = with_note(item, text)
        carried = []
        out.append(item)
    return tuple(out)


def with_note(host: Highlight, text: str) -> Highlight:
    return replace(host, note="\n\n".join(n for n in (host.note, text) if n))


def quote_chunks(item: Highlight, book: Book) -> list[str]:
    """A highlight as a blockquote attributed to its book and place, its note after it."""
    if item.kind == "heading":
        return [f"{'#' * max(2, item.level)} {escape_text(' '.join(item.text.split()))}"]
    if item.kind == "bookmark":
        return [f"Bookmark: {escape_text(item.where)}"]
    if item.kind == "note":
        where = f" ({escape_text(item.where)})" if item.where else ""
        return [f"Note{where}: {escape_lines(item.text)}"]
    chunks = [quoted(escape_lines(item.text.strip()), source_text(book, item))]
    return chunks + ([escape_lines(item.note)] if item.note else [])


def quoted(markdown: str, source: str) -> str:
    """Markdown as a blockquote, its last line `— source` saying where it is from."""
    quote = [f"> {line}" if line.strip() else ">" for line in markdown.split("\n")]
    return "\n".join([*quote, ">", f"> — {source}"])


def source_text(book: Book, item: Highlight) -> str:
    author = ", ".join(author_names(book.author))
    parts = [escape_text(author), f"*{escape_text(book.title)}*", escape_text(item.where)]
    return ", ".join(p for p in parts if p.strip("*"))


def book_post(book: Book, name: str) -> ImportedPost:
    items = collapse(book.highlights)
    chunks = [chunk for item in items for chunk in quote_chunks(item, book)]
    dates = sorted(h.date for h in items if h.date)
    authors = author_names(book.author)
    return make_post(
        book.title,
        f"{name}:{book.line}",
        chunks,
        tags=book.tags,
        date=dates[-1] if dates else "",
        authors=authors,
    )


# Kindle's My Clippings.txt


def is_kindle(name: str, text: str) -> bool:
    if name.casefold() == "my clippings.txt":
        return True
    head = text[:4000]
    return SEPARATOR in head and any(clip_kind(line.strip()) for line in head.split("\n"))


def clip_kind(line: str) -> str:
    """ "highlight", "note" or "bookmark" for a clipping's meta line, "" for any other line."""
    m = _CLIP_META.match(line)
    if m is None or not (_LOCATION.search(line) or _PAGE.search(line) or "|" in line):
        return ""
    return next((kind for kind, words in _KIND.items() if words.search(m.group("rest"))), "")


def added_date(text: str) -> str:
    """The day a meta line's "Added on …" names, as ISO (in the Kindle's language), or ""."""
    if m := _CJK_DATE.search(text):
        return parse_date(f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}")
    if (m := _DAY_MONTH_YEAR.search(text)) and (month := _MONTHS.get(m.group(2).casefold())):
        return parse_date(f"{m.group(3)}-{month:02d}-{int(m.group(1)):02d}")
    return parse_date(text)


def split_entries(text: str) -> list[tuple[int, list[str]]]:
    """(first line number, lines) of each entry between `==========` lines."""
    entries: list[tuple[int, list[str]]] = []
    start, lines = 1, list[str]()
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        if line.strip() == SEPARATOR:
            if any(ln.strip() for ln in lines):
                entries.append((start, lines))
            start, lines = number + 1, []
        else:
            lines.append(line.replace("\ufeff", ""))
    if any(ln.strip() for ln in lines):
        entries.append((start, lines))
    return entries


def place(rest: str) -> tuple[str, int, int]:
    """(`page 12, location 123-125`, 123, 125) from the meta line's words."""
    found = _PAGE.search(rest)
    page = (found.group("v") or found.group("zh") or found.group("ja")) if found else ""
    first, dash, last = page.partition("-")
    page = first if dash and first == last else page  # `página 8-8`: one page, as a location
    loc = _LOCATION.search(rest)
    start = int(loc.group("a")) if loc else 0
    end = int(loc.group("b")) if loc and loc.group("b") else start
    if loc and loc.group("b") and end < start:  # `Loc. 1234-56`: the end's leading digits left out
        b = loc.group("b")
        end = int(str(start)[: -len(b)] + b) if len(b) < len(str(start)) else start
    parts = [
        f"page {page}" if page else "",
        f"location {start}" + (f"-{end}" if end != start else "") if loc else "",
    ]
    return ", ".join(p for p in parts if p), start, end


@dataclass(frozen=True, slots=True)
class Skipped:
    """Why an entry of My Clippings.txt is imported as no clipping, and what to do about it."""

    why: str
    hint: str = "each clipping ends with a `==========` line"


def parse_entry(line: int, lines: list[str]) -> tuple[str, Highlight] | Skipped:
    """(book line, highlight) of one clipping, or why it is not one."""
    filled = [ln for ln in lines if ln.strip()]
    meta_at, kind = next(
        ((i, kind) for i, ln in enumerate(lines) if (kind := clip_kind(ln.strip()))), (0, "")
    )
    if len(filled) < 2 or meta_at == 0:
        return Skipped("not a clipping (a `Title (Author)` line, then `- Your Highlight on …`)")
    rest = lines[meta_at].strip()[1:]
    where, start, end = place(rest)
    added = _ADDED.search(rest)
    text = "\n".join(lines[meta_at + 1 :]).strip()
    if kind != "bookmark" and not text:
        return Skipped(f"{kind} has no text", "a Kindle clips no text of an image: nothing to do")
    if kind == "highlight" and _NOTICE.fullmatch(text):
        hint = (
            "the book's publisher limits how much of it may be clipped: its words are in the book"
        )
        return Skipped(f"the Kindle's notice {text!r} in place of the highlighted words", hint)
    date = added_date(added.group("v")) if added else ""
    book_line = " ".join(lines[0].split()) if lines[0].strip() else filled[0].strip()
    return book_line, Highlight(text, where, start, end, line + meta_at + 1, kind=kind, date=date)


def split_book(book_line: str) -> tuple[str, str]:
    """A Kindle book line's (title, author): the author is its last parenthesised group, which may
    hold parentheses itself (`Title (Name (Translator))`); ('line', '') without one."""
    line = book_line.rstrip()
    depth = 0
    for i in range(len(line) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(line[i], 0)
        if depth == 0:
            break
    if not line.endswith(")") or depth != 0 or not (title := line[:i].rstrip()):
        return book_line, ""
    return title, line[i + 1 : -1].strip()


def library_book(title: str, author: str) -> tuple[str, str]:
    """A book's (title, author) when a shadow library's download name stands for its title."""
    if SITE_NAME.fullmatch(author):  # `(z-lib.org)`: where the file came from, not who wrote it
        title, author = split_book(title)
    if not author and (by := _BY_SORTED.fullmatch(title)):
        title, author = by["title"], by["author"]
    fields = [field.strip() for field in title.split(_LIBRARY_FIELD)]
    said = (
        f for f in fields[1:] if _DIGEST.fullmatch(f) or (author and folded(f) == folded(author))
    )
    return (fields[0], author) if len(fields) > 2 and any(said) else (title, author)


def is_same_book(book: Book, title: str, author: str) -> bool:
    """Whether a clipping's title and author are `book`'s: one title whatever its case and spaces,
    by one author, whose name one of them may leave out or cut short (a sample's `Eva García
    Sáenz`, the bought book's `Eva García Sáenz de Urturi`) or write in capitals."""
    if folded(title) != folded(book.title):
        return False
    ours, theirs = folded(book.author).split(), folded(author).split()
    return ours[: len(theirs)] == theirs or theirs[: len(ours)] == ours


def fuller_author(kept: str, other: str) -> str:
    """Of two spellings of one author, the one of more words, else the one not in capitals."""
    if len(other.split()) != len(kept.split()):
        return max(kept, other, key=lambda name: len(name.split()))
    return other if kept.isupper() and not other.isupper() else kept


def add_clipping(
    books: list[Book], by_title: dict[str, list[int]], book_line: str, line: int, item: Highlight
) -> None:
    """The clipping added to its book's, which is added when it is the book's first (`by_title`:
    the books' places in `books` by their folded title, the only ones it may be)."""
    title, author = library_book(*split_book(book_line))
    places = by_title.setdefault(folded(title), [])
    at = next((i for i in places if is_same_book(books[i], title, author)), None)
    if at is None:
        places.append(len(books))
        books.append(Book(title, author, line, (item,)))
        return
    book = books[at]
    author = fuller_author(book.author, author)
    books[at] = replace(book, author=author, highlights=(*book.highlights, item))


def read_kindle(text: str, name: str, shown: str) -> ParsedArchive:
    """My Clippings.txt: one post per book, in the order books first appear; a book's clippings
    under spellings of its title and author that differ only in case or in what one leaves out
    are one book's."""
    books: list[Book] = []
    by_title: dict[str, list[int]] = {}
    diags: list[Diagnostic] = []
    for line, lines in split_entries(text):
        parsed = parse_entry(line, lines)
        if isinstance(parsed, Skipped):
            message, pos = f"{parsed.why}: skipped", FilePos(shown, line)
            diags.append(warning("import-bad-clipping", message, pos, parsed.hint))
            continue
        book_line, item = parsed
        add_clipping(books, by_title, book_line, line, item)
    posts = [
        book_post(replace(book, highlights=attach_notes(book.highlights)), name) for book in books
    ]
    if not posts:
        diags.append(
            warning(
                "import-no-posts",
                "no clippings found: nothing imported",
                FilePos(shown, 1),
                hint="import the `My Clippings.txt` file from the Kindle's documents folder",
            )
        )
    return ParsedArchive(name, ArchiveFormat.KINDLE, tuple(posts), tuple(diags))


# Readwise CSV export


def is_readwise(name: str, text: str) -> bool:
    header = csv_header(text)
    return is_csv(name) and all(c in header for c in READWISE_COLUMNS)


def readwise_item(row: dict[str, str], line: int) -> Highlight:
    location, kind = (row.get("Location") or "").strip(), (row.get("Location Type") or "").strip()
    # an article's highlights are numbered in their `order`, which orders them but is no place
    where = f"{kind or 'location'} {location}" if location and kind != "order" else ""
    start = int(location) if location.isdecimal() else 0
    marks = [*tag_list(row.get("Tags")), (row.get("Note") or "").strip()]
    if level := heading_level(marks):
        text = row.get("Highlight") or ""
        return Highlight(text, where, start, start, line, kind="heading", level=level)
    date = parse_date(row.get("Highlighted at") or "")
    return Highlight(
        row.get("Highlight") or "",
        where,
        start,
        start,
        line,
        (row.get("Note") or "").strip(),
        date=date,
    )


def heading_level(marks: Iterable[str]) -> int:
    """The level of the heading a highlight is, as Readwise marks one (the note `.h2`, the tag
    `h2`); 0 for a highlight that is none."""
    return next((int(m.group("n")) for t in marks if (m := _HEADING_TAG.match(t.strip()))), 0)


def is_readwise_mark(tag: str) -> bool:
    """A tag Readwise gives for its own use (`h2`, a heading's; `.h2`, `.qa`), no reader's."""
    return tag.startswith(".") or bool(_HEADING_TAG.match(tag))


def in_reading_order(book: Book) -> Book:
    """The book's highlights by their place in it, a heading before what it heads (Readwise
    exports the newest first), when each has one; else as exported."""
    if not all(h.start for h in book.highlights):
        return book
    ordered = sorted(book.highlights, key=lambda h: (h.start, h.kind != "heading"))
    return replace(book, highlights=tuple(ordered))


def tag_list(value: str | None) -> list[str]:
    return [t.strip() for t in (value or "").split(",") if t.strip()]


def readwise_rows(
    text: str, shown: str
) -> tuple[list[tuple[int, dict[str, str]]], Diagnostic | None]:
    return csv_rows(text, shown, READWISE_COLUMNS, "export highlights from Readwise as CSV")


def read_readwise(text: str, name: str, shown: str) -> ParsedArchive:
    """A Readwise CSV export: one post per book or article, each highlight a quote."""
    rows, problem = readwise_rows(text, shown)
    if problem is not None:
        return ParsedArchive(name, ArchiveFormat.READWISE, (), (problem,))
    books: dict[tuple[str, str], Book] = {}
    diags: list[Diagnostic] = []
    for line, row in rows:
        key = (
            " ".join((row.get("Book Title") or "").split()),
            " ".join((row.get("Book Author") or "").split()),
        )
        if not (row.get("Highlight") or "").strip() or not key[0]:
            diags.append(
                warning(
                    "import-bad-highlight",
                    "row has no highlight or no book title: skipped",
                    FilePos(shown, line),
                    hint="each row needs its Highlight and Book Title columns filled",
                )
            )
            continue
        item = readwise_item(row, line)
        tags = (
            *tag_list(row.get("Document tags")),
            *(t for t in tag_list(row.get("Tags")) if not is_readwise_mark(t)),
        )
        old = books.get(key, Book(key[0], key[1], line, ()))
        books[key] = replace(
            old, highlights=(*old.highlights, item), tags=tuple(dict.fromkeys((*old.tags, *tags)))
        )
    posts = tuple(book_post(in_reading_order(book), name) for book in books.values())
    if not posts:
        diags.append(
            warning(
                "import-no-posts",
                "no highlights found: nothing imported",
                FilePos(shown, 1),
                hint="export highlights from Readwise as CSV",
            )
        )
    return ParsedArchive(name, ArchiveFormat.READWISE, posts, tuple(diags))
