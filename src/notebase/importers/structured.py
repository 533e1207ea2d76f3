"""Shared by the readers of structured inputs (HTML, feeds, highlights, BibTeX): the post record,
its kind from its source, dates, tags and the line an input's n-th record starts on (pure)."""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from email.utils import parsedate_tz
from itertools import takewhile
from typing import Any

from notebase.importers.markup import escape_line_start
from notebase.importers.model import ArchiveLine, Block, BlockKind, ImportedPost, Taxonomy
from notebase.reading import dates
from notebase.reading.kinds import infer_kind
from notebase.reading.sourcerefs import parse_arxiv_id, parse_doi, split_url

# `]` alone is escaped of the brackets: no link, footnote, wikilink or task can close without it,
# and an escaped `[` would be `\[`, which opens display math as MathJax writes it
_TEXT_SPECIALS = re.compile(r"[\\`*\]<$~|]|(?<!\w)_|_(?!\w)|&(?=#?\w+;)")
_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")
_RFC822 = re.compile(r"^(?:[A-Za-z]{3}, )?\d{1,2} [A-Za-z]{3} (?P<year>\d{2,4}) \d{2}:\d{2}")
# RFC 822 as people and localised generators write it: a weekday in any language or length
# (`Mi,`, `jeu.,`, `Thurs,`) before the day
_WEEKDAY_LEAD = re.compile(r"^\s*[^\W\d]+\.?\s*,\s*")
_TIME_ON = re.compile(r"\s+\d{1,2}:\d{2}.*$")  # a time, and its zone after it
ZERO_DATE = "0001-01-01"  # Go's zero time: the date Hugo writes for a page that has none
_DATE_FORMATS = (  # RFC 822 dates with a time, as RSS writes them, are rfc822_date's
    "%a, %d %b %Y",
    "%a %d %B %Y",  # Pelican's default: Thu 13 September 2018
    "%a %d %b %Y",
    "%d %B %Y",
    "%B %d, %Y",
    "%b %d, %Y",
    "%A, %B %d, %Y",  # Blogger's date header: Sunday, May 8, 2016
    "%A, %d %B %Y %H:%M:%S",  # Kindle: `Added on Monday, 3 June 2024 09:14:05`
    "%A, %B %d, %Y %I:%M:%S %p",  # Kindle (US): `Added on Monday, June 3, 2024 9:14:05 AM`
)


# the names of a list of authors: `A, B`, `A and B`, `A, B, and C`, Chinese `A，B` and `A、B`
_NAME_LIST = re.compile(r",\s*(?:and\s+)?|\s+and\s+|\s*[，、]\s*")
# a site's name (`z-lib.org`, `SoBooKs.cc`): where a download came from, no author's
SITE_NAME = re.compile(
    r"(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|cc|cn|info|io|me|co|ru|top|xyz|vip)",
    re.I,
)
# an address a document was mailed from (`kindle@eub-inc.com`, Send to Kindle's): no author's
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", re.I)
# a Chinese credit's role after a name (`著` wrote, `译` translated) and the country before it
_ROLE = re.compile(r"(?<=\S)\s*(编著|主编|原著|著|编译|翻译|译)(?=\s|$)")
TRANSLATED = frozenset(("译", "翻译", "编译"))
_COUNTRY = re.compile(r"^[\[【（(［〔]\s*[\u4e00-\u9fff]{1,4}\s*[\]】）)］〕]\s*")
# names a file carries for none (Calibre's `Unknown`, Word's user `Administrator`): no author's
NO_AUTHOR = frozenset(("unknown", "administrator", "microsoft office user", "未知"))
# writing whose names are not inverted (`Last, First`): CJK ideographs, kana, hangul, full width
_CJK = re.compile(r"[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]")
UNTITLED_WORDS = 8  # the words an untitled post is titled by
_IMAGE_MD = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK_MD = re.compile(r"\[([^\]]*)\]\([^)]*\)|<(?:https?://|mailto:)[^>]*>")
_LINE_MARK = re.compile(r"^\s*(?:[-*+>#]+|\d+[.)])\s+", re.M)
_ESCAPED = re.compile(r"\\(.)")


def untitled_title(chunks: Sequence[str]) -> str:
    """The first words of a post that has no title, read as text: its markdown's images left
    out, its links as their words, its list, quote and heading marks and emphasis dropped."""
    text = _LINK_MD.sub(lambda m: m.group(1) or "", _IMAGE_MD.sub(" ", "\n".join(chunks)))
    text = _ESCAPED.sub(r"\1", _LINE_MARK.sub("", text)).replace("**", "").replace("__", "")
    words = text.split()[:UNTITLED_WORDS]
    return " ".join(w.strip("*_`[]#>!") for w in words).strip()


# a file or folder name that is a post's slug: two words or more of letters (and digits) joined
# by dashes or underscores, after a Jekyll post's date (`2019-05-01-my-post`, `my_post`, `视-频`)
_SLUG = re.compile(r"(?:\d{4}-\d{1,2}-\d{1,2}-)?([^\W_]+(?:[-_][^\W_]+)+)")
_INDEX_NAMES = ("index", "_index", "default")  # a page named by its folder (`my-post/index.html`)


def slug_title(path: str) -> str:
    """The title a post's file or folder name says when it is a slug (`2019-05-01-my-post.html`,
    `my-post/index.html`: "My Post", as Jekyll titles a post from its file's name); '' for a
    name that is none (`index`, `page`, `123`, a hash `9f86d081`, `Untitled (2)`)."""
    parts = path.replace("\\", "/").split("/")
    stem = parts[-1].rsplit(".", 1)[0]
    if stem.casefold() in _INDEX_NAMES and len(parts) > 1:
        stem = parts[-2]
    if not (m := _SLUG.fullmatch(stem)):
        return ""
    words = re.split(r"[-_]", m.group(1))
    if sum(1 for w in words if any(c.isalpha() for c in w) and not _HEXISH.fullmatch(w)) < 2:
        return ""
    return " ".join(w[:1].upper() + w[1:] for w in words)


_HEXISH = re.compile(r"[0-9a-f]*\d[0-9a-f]*", re.I)  # a hash's piece, `9f86d0`, no word


def author_names(value: str) -> list[str]:
    """Authors as exports and front matter write them: Kindle's `A;B` and `Weir, Andy` (`Beauvoir
    de, Simone`, `García Márquez, Gabriel`), Readwise's `A, B`, `A and B` and `A, B, and C`, a
    Chinese `A，B`, each name as it is read (`Andy Weir`); a site's name, a mail address and a
    placeholder (`Unknown`) are none."""
    names: list[str] = []
    for part in value.split(";"):
        pieces = [p for p in (" ".join(p.split()) for p in _NAME_LIST.split(part)) if p]
        pieces = [p for p in pieces if not is_no_author(p)]
        if _CJK.search(part):
            pieces = [name for piece in pieces for name in credited(piece)]
        names += [read_inverted(*pieces)] if is_inverted(part, pieces) else pieces
    return names


def credited(piece: str) -> list[str]:
    """The authors of a Chinese book's credit, as its publisher writes one: `[英]柏瑞尔·马卡姆 著
    陶立夏 译` -> 柏瑞尔·马卡姆, its translator (`译`) and the author's country (`[英]`, `（美）`)
    left out."""
    parts = _ROLE.split(piece)  # name, role, name, role, …, name
    roles = [(n, role) for n, role in zip(parts[::2], [*parts[1::2], ""], strict=True) if n.strip()]
    names = [n for n, role in roles if role not in TRANSLATED] or [n for n, _ in roles]
    return [bare for n in names if (bare := _COUNTRY.sub("", n).strip())]


def is_no_author(name: str) -> bool:
    """A placeholder, a site's name or a mail address where an author's name would be."""
    return name.casefold() in NO_AUTHOR or bool(SITE_NAME.fullmatch(name) or _EMAIL.fullmatch(name))


def is_inverted(part: str, pieces: Sequence[str]) -> bool:
    """Whether `part` is one name written `Last, First`: two pieces, one of them a single word
    (`Weir, Andy`, `García Márquez, Gabriel`), of a script that inverts names (not `鲁迅, 许广平`)."""
    if len(pieces) != 2 or part.count(",") != 1 or " and " in part or _CJK.search(part):
        return False
    return " " not in pieces[0] or " " not in pieces[1]


def read_inverted(last: str, first: str) -> str:
    """`Beauvoir de, Simone` -> `Simone de Beauvoir`: a surname's particles go before it."""
    words = last.split()
    lead = len(words) - len(list(takewhile(str.islower, reversed(words))))
    return " ".join([first, *words[lead:], *words[:lead]]) if lead else f"{first} {last}"


def escape_text(text: str) -> str:
    """Text taken from markup, made inert in markdown: emphasis, code, links (their closing `]`),
    math, HTML and entity characters backslash-escaped (an underscore inside a word is left
    alone)."""
    return _TEXT_SPECIALS.sub(lambda m: "\\" + m.group(0), text)


def escape_lines(text: str) -> str:
    """`escape_text`, then each line's start made inert (`# x`, `> x`, `1. x`)."""
    return "\n".join(escape_line_start(line) for line in escape_text(text).split("\n"))


def markdown_blocks(chunks: Iterable[str]) -> tuple[Block, ...]:
    """Markdown chunks (already safe) as blocks the note writer keeps as they are."""
    return tuple(
        Block(BlockKind.MARKDOWN, tuple(ArchiveLine(0, line) for line in chunk.split("\n")))
        for chunk in chunks
        if chunk.strip()
    )


def source_kind(url: str, arxiv: str = "", doi: str = "") -> str:
    """paper for a paper source, link for another source, note without one."""
    return infer_kind(url, paper=bool(arxiv or doi)).value


def paper_ids(url: str) -> tuple[str, str]:
    """(arXiv id, DOI) named by a source URL."""
    return (parse_arxiv_id(url), parse_doi(url)) if url else ("", "")


def safe_url(url: str) -> str:
    """An absolute http(s) URL as is; '' for anything else (relative, `javascript:`, `data:`)."""
    url = url.strip()
    return url if split_url(url) is not None and not any(c.isspace() for c in url) else ""


def parse_date(text: str) -> str:
    """'2024-06-03T10:00Z', 'Mon, 03 Jun 2024 10:00:00 GMT', '3 June 2024' -> '2024-06-03',
    else a date as notes write one (reading/dates.py: spelled in another language, a Russian
    Kindle's `суббота, 3 октября 2026 г.`), RFC 822 as localised generators write it too
    (`Mi, 05 Jun 2024 10:00:00 +0200`, `mar, 12 abr 2022 …`: read without its weekday and time);
    '' when the text is no date, or Go's zero time (no date either)."""
    date = read_date(text) or note_date(text)
    return "" if date == ZERO_DATE else date


def note_date(text: str) -> str:
    """The day a text names as notes' dates are read, as ISO; else that of the text without a
    leading weekday (in any language or length: `Mi,`, `jeu.,`, `Thurs,`: Spanish `mar,` is also
    March) and then without what follows a time (`4:00 PM GMT+2`), as RFC 822 writes them;
    '' for no day. (A time before the day, `Published 10:30, 3 June 2024`, is read as written.)"""
    text = " ".join(text.split())
    unled = _WEEKDAY_LEAD.sub("", text)
    for written in (text, unled, _TIME_ON.sub("", unled)):
        if isinstance(day := dates.read_date(written), dt.date):
            return day.isoformat()
    return ""


def is_zero_date(text: str) -> bool:
    """Whether the text is Go's zero time, which Hugo writes for a page without a date."""
    return read_date(text) == ZERO_DATE


def read_date(text: str) -> str:
    text = " ".join(text.split())
    if m := _ISO_DATE.match(text):
        try:
            return datetime(int(m.group(1)), int(m.group(2)), int(m.group(3))).date().isoformat()
        except ValueError:
            return ""
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date().isoformat()
        except ValueError:
            continue
    return rfc822_date(text)


def rfc822_date(text: str) -> str:
    """An RFC 822 date in any of its zones (`UT`, `EST`, `PDT`, `Z`, …: Hakyll's feeds write
    `UT`), '' for other text. A year of four digits is read as written (`0001`, not 2001)."""
    written = _RFC822.match(text)
    parsed = parsedate_tz(text) if written else None
    if written is None or parsed is None:
        return ""
    year = int(written["year"]) if len(written["year"]) == 4 else parsed[0]
    try:
        return datetime(year, *parsed[1:3]).date().isoformat()
    except ValueError:
        return ""


def tag_names(values: Iterable[str]) -> tuple[str, ...]:
    """Tag names, whitespace folded, empty and repeated ones dropped, in their order."""
    names = (" ".join(v.split()) for v in values)
    return tuple(dict.fromkeys(n for n in names if n))


@dataclass(frozen=True, slots=True)
class LineIndex:
    """Where each line of a text starts: the line of any offset by bisection (a large export
    has thousands of records; counting newlines from the start for each is quadratic)."""

    starts: tuple[int, ...]

    def line(self, offset: int) -> int:
        """The 1-based line number of a character offset."""
        return bisect_right(self.starts, offset)


def line_index(text: str) -> LineIndex:
    return LineIndex((0, *(m.end() for m in re.finditer("\n", text))))


def match_lines(text: str, pattern: re.Pattern[str]) -> list[int]:
    """The line of each match of `pattern`, in order."""
    index = line_index(text)
    return [index.line(m.start()) for m in pattern.finditer(text)]


def make_post(
    title: str,
    origin: str,
    chunks: Sequence[str],
    *,
    url: str = "",
    tags: Sequence[str] = (),
    categories: Sequence[str] = (),
    date: str = "",
    authors: Sequence[str] = (),
    draft: bool = False,
    page: str = "",
) -> ImportedPost:
    """A post of markdown chunks, its kind and paper ids taken from its source URL."""
    arxiv, doi = paper_ids(url)
    return ImportedPost(
        title=title,
        origin=origin,
        kind=source_kind(url, arxiv, doi),
        blocks=markdown_blocks(chunks),
        taxonomy=Taxonomy(tags=tag_names(tags), categories=tag_names(categories)),
        url=url,
        arxiv=arxiv,
        doi=doi,
        authors=tuple(authors),
        date=date,
        draft=draft,
        page=page,
    )


_HEADING_CHUNK = re.compile(r"#{1,6} (?P<text>.+)")
_WORD = re.compile(r"\w+")
LEAD_CHUNKS = 3  # the blocks at a post's top that may say its title again


def without_lead_title(chunks: Sequence[str], title: str) -> list[str]:
    """The post's text without, among its first blocks, the title said again (a heading equal
    to it, as Medium's export and many a feed item's content repeat it, or saying a part of it: a
    title split over two headings, as a saved Medium or TMZ page writes it) or a rule (Medium's
    section divider)."""
    lead = [c for c in chunks[:LEAD_CHUNKS] if not is_lead_chrome(c.strip(), title)]
    return lead + list(chunks[LEAD_CHUNKS:])


def is_lead_chrome(chunk: str, title: str) -> bool:
    heading = _HEADING_CHUNK.fullmatch(chunk)
    if heading is None:
        return chunk == "---"
    return says_title(heading["text"], title)


def says_title(heading: str, title: str) -> bool:
    """Whether a heading says the title again, or only words of it."""
    said = word_set(heading)
    return heading.strip().casefold() == title.casefold() or (
        bool(said) and said <= word_set(title)
    )


def word_set(text: str) -> set[str]:
    """The words of a text, case folded: whether a heading says only words of a title."""
    return set(_WORD.findall(text.casefold()))


def json_authors(source: dict[str, Any]) -> tuple[str, ...]:
    """The authors a JSON Feed, one of its items or a schema.org record names: `authors: [{name}]`
    (JSON Feed 1.1), `author: {name}` (1.0), or schema.org's `author`, a name or people's list."""
    value = source.get("authors") or source.get("author") or []
    people = value if isinstance(value, list) else [value]
    names = (p.get("name") if isinstance(p, dict) else p for p in people)
    return tuple(" ".join(n.split()) for n in names if isinstance(n, str) and n.strip())
