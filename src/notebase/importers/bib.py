"""A BibTeX file -> one paper post per entry: our own small parser (brace-balanced and quoted
values, `#` concatenation, `@string` macros, month names, `@comment` / `@preamble` and text
between entries skipped) and a LaTeX accent decoder (pure)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace

from notebase.diagnostics import Diagnostic, FilePos, error, info, warning
from notebase.importers.model import ArchiveFormat, ImportedPost, ParsedArchive
from notebase.importers.structured import (
    LineIndex,
    escape_lines,
    line_index,
    make_post,
    paper_ids,
    safe_url,
    tag_names,
)
from notebase.reading.sourcerefs import parse_arxiv_id, parse_doi

_ENTRY = re.compile(r"@\s*(?P<kind>[A-Za-z]+)\s*(?P<open>[{(])")
_NAME = re.compile(r"\s*(?P<name>[^\s=,{}()\"#%]+)\s*")
_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]  # fmt: skip
MONTHS = {m[:3]: m.capitalize() for m in _MONTHS}
_ACCENTS = {
    '"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a", "d": "\u0323", "b": "\u0331",
}  # fmt: skip
_LETTERS = {"ss": "ß", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ", "oe": "œ",
            "OE": "Œ", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}  # fmt: skip
_ACCENT = re.compile(
    r"\\(?P<a>[\"'`^~=.]|[uvHckrdb](?=[\s{]))\s*(?:\{(?P<x>\\?\w?)\}|(?P<y>\\?\w))"
)
_LETTER = re.compile(r"\\(?P<n>ss|aa|AA|ae|AE|oe|OE|[oOlLij])(?![A-Za-z])\s?")
_ESCAPED = re.compile(r"\\([&%$#_{}])")
_COMMAND = re.compile(r"\\(?:emph|textit|textbf|textsc|texttt|mathrm|url|href|text)\s*(?=\{)")
# named symbols, as Zotero and biblatex write them; a tilde and a backslash kept as such
_TILDE, _BACKSLASH = "\x01", "\x02"
_SYMBOLS = {"textasciitilde": _TILDE, "textbackslash": _BACKSLASH, "TeX": "TeX", "LaTeX": "LaTeX"}
_SYMBOLS |= {"hyphen": "-", "textendash": "–", "textemdash": "—", "ldots": "…", "dots": "…"}
_SYMBOL = re.compile(rf"\\(?P<n>{'|'.join(_SYMBOLS)})(?![A-Za-z])(?:\{{\}}|\s(?=\S))?")
_QUOTED = re.compile(r"\\(?:mkbibquote|enquote|textquote)\s*\{(?P<x>[^{}]*)\}")
_OTHER = re.compile(r"\\[A-Za-z]+\*?\s*")  # any other command: its argument's braces go later
_TEXT_OR_MATH = re.compile(r"(?P<math>\$[^$]*\$)|[^$]+|\$")
_ABS_VOLUME = re.compile(r"\s*\{?\s*abs/(?P<id>\d{4}\.\d{4,5}(?:v\d+)?)")
_ARXIV_NOTE = re.compile(r"arxiv[:\s]+(?P<id>\d{4}\.\d{4,5}(?:v\d+)?)", re.I)
# natbib's @misc gives its address in `howpublished` (or `note`): `\url{https://…}`, or bare
_URL_IN = re.compile(r"\\url\s*\{(?P<url>[^{}\s]+)\}|(?P<bare>https?://[^\s{}]+)")


class BibError(Exception):
    """A syntax error at a character offset of the file."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True, slots=True)
class BibEntry:
    kind: str
    key: str
    fields: dict[str, str]  # lowercase names -> raw values (braces kept, macros expanded)
    offset: int


def read_braced(text: str, start: int) -> tuple[str, int]:
    """The text inside the braces opening at `start`, and the offset after the closing one."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":  # BibTeX counts every brace, escaped or not
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i], i + 1
        elif text[i] == "@" and depth == 1 and text[i - 1] == "\n":
            break  # a new entry at a line start: this value was never closed
    raise BibError("unclosed `{`", start)


def read_quoted(text: str, start: int) -> tuple[str, int]:
    """A `"…"` value (braces inside may hold quotes) and the offset after it."""
    depth = 0
    for i in range(start + 1, len(text)):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == '"' and depth == 0:
            return text[start + 1 : i], i + 1
        elif c == "@" and text[i - 1] == "\n":
            break
    raise BibError('unclosed `"`', start)


def after_paren(text: str, start: int) -> int:
    """The offset after the `)` closing a `@comment(…` opened before `start` (on a line before
    the next entry's, as `read_braced` looks for a `}`)."""
    stop = text.find("\n@", start)
    end = text.find(")", start, len(text) if stop < 0 else stop)
    if end < 0:
        raise BibError("unclosed `(`", start)
    return end + 1


def read_piece(text: str, pos: int, macros: dict[str, str]) -> tuple[str, int]:
    """One part of a value: braced, quoted, a number or a macro name."""
    pos = skip_space(text, pos)
    if pos >= len(text):
        raise BibError("the file ends inside an entry", pos)
    if text[pos] == "{":
        return read_braced(text, pos)
    if text[pos] == '"':
        return read_quoted(text, pos)
    m = _NAME.match(text, pos)
    if m is None:
        raise BibError(f"expected a value, found {text[pos]!r}", pos)
    name = m.group("name")
    if name.isdigit():
        return name, m.end()
    value = macros.get(name.lower(), MONTHS.get(name.lower()[:3]) if len(name) == 3 else None)
    if value is None:
        raise BibError(f"unknown @string macro {name!r}", pos)
    return value, m.end()


def read_value(text: str, pos: int, macros: dict[str, str]) -> tuple[str, int]:
    """A field value: pieces joined by `#`."""
    parts = []
    while True:
        piece, pos = read_piece(text, pos, macros)
        parts.append(piece)
        pos = skip_space(text, pos)
        if pos >= len(text) or text[pos] != "#":
            return "".join(parts), pos
        pos += 1


def skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def read_fields(
    text: str, pos: int, close: str, macros: dict[str, str]
) -> tuple[dict[str, str], int]:
    """`name = value` pairs up to the entry's closing character."""
    fields: dict[str, str] = {}
    while True:
        pos = skip_space(text, pos)
        if pos < len(text) and text[pos] == close:
            return fields, pos + 1
        m = _NAME.match(text, pos)
        if m is None or text[skip_space(text, m.end()) : skip_space(text, m.end()) + 1] != "=":
            raise BibError("expected `name = value`", pos)
        value, pos = read_value(text, skip_space(text, m.end()) + 1, macros)
        fields[m.group("name").lower()] = value
        pos = skip_space(text, pos)
        if pos < len(text) and text[pos] == ",":
            pos += 1
        elif pos >= len(text) or text[pos] != close:
            raise BibError(f"expected `,` or `{close}` after field {m.group('name')!r}", pos)


def read_entry(text: str, m: re.Match[str], macros: dict[str, str]) -> tuple[BibEntry | None, int]:
    """The entry (None for @string, @comment, @preamble) and where reading goes on."""
    kind, close = m.group("kind").lower(), ")" if m.group("open") == "(" else "}"
    if kind in ("comment", "preamble"):
        end = read_braced(text, m.end() - 1)[1] if close == "}" else after_paren(text, m.end())
        return None, end
    if kind == "string":
        fields, end = read_fields(text, m.end(), close, macros)
        macros.update(fields)
        return None, end
    key_end = text.find(",", m.end())
    if key_end < 0 or "\n@" in text[m.end() : key_end]:
        raise BibError("entry has no citation key followed by `,`", m.start())
    key = text[m.end() : key_end].strip()
    if not key:  # BibTeX refuses it too; untitled, it would become a note without a title
        raise BibError("entry has no citation key", m.start())
    fields, end = read_fields(text, key_end + 1, close, macros)
    return BibEntry(kind, key, fields, m.start()), end


def parse_bibtex(
    text: str, macros: dict[str, str] | None = None
) -> tuple[list[BibEntry], list[BibError]]:
    """Every entry of the file, and the errors of the ones that could not be read; `macros`: the
    @string macros known before it (another file's), which its own @strings add to."""
    entries: list[BibEntry] = []
    problems: list[BibError] = []
    macros = {} if macros is None else macros
    pos = 0
    while (at := text.find("@", pos)) >= 0:
        m = _ENTRY.match(text, at)
        if m is None:
            pos = at + 1
            continue
        try:
            entry, pos = read_entry(text, m, macros)
        except BibError as exc:
            problems.append(BibError(str(exc), m.start()))
            nxt = text.find("\n@", m.end())
            pos = nxt + 1 if nxt >= 0 else len(text)
            continue
        if entry is not None:
            entries.append(entry)
    return entries, problems


def decode_value(value: str) -> str:
    """LaTeX text -> Unicode: accents, special letters, escapes, dashes, quotes and a few named
    symbols; any other command left out, its argument kept (not in `$math$`); braces dropped."""
    text = _SYMBOL.sub(lambda m: _SYMBOLS[m.group("n")], value)
    text = _QUOTED.sub(r"“\g<x>”", _COMMAND.sub("", text))
    text = _ACCENT.sub(lambda m: accented(m.group("x") or m.group("y") or "", m.group("a")), text)
    text = _LETTER.sub(lambda m: _LETTERS[m.group("n")], text)
    text = _ESCAPED.sub(lambda m: "\x00" + m.group(1), text)
    text = _TEXT_OR_MATH.sub(
        lambda m: m.group(0) if m.group("math") else _OTHER.sub("", m.group(0)), text
    )
    text = text.replace("---", "—").replace("--", "–").replace("~", " ")
    text = text.replace("``", "“").replace("''", "”")
    text = re.sub(r"(?<!\x00)[{}]", "", text).replace("\x00", "")
    text = text.replace(_TILDE, "~").replace(_BACKSLASH, "\\")
    return unicodedata.normalize("NFC", " ".join(text.split()))


def accented(letter: str, accent: str) -> str:
    base = {"\\i": "i", "\\j": "j"}.get(letter, letter.lstrip("\\"))
    return base + _ACCENTS[accent] if base else _ACCENTS[accent]


def person(name: str) -> str:
    """'Vaswani, Ashish' -> 'Ashish Vaswani'; 'Ashish Vaswani' as is."""
    parts = [p.strip() for p in name.split(",")]
    if len(parts) == 2 and all(parts):
        return f"{parts[1]} {parts[0]}"
    if len(parts) == 3 and all(parts):  # 'von Last, Jr, First'
        return f"{parts[2]} {parts[0]} {parts[1]}"
    return name.strip()


def split_authors(value: str) -> tuple[str, ...]:
    """The `and`-separated names (an `and` inside braces is part of a name); `others` dropped."""
    names, depth, start = [], 0, 0
    for m in re.finditer(r"[{}]|\s+and\s+", value, re.I):
        token = m.group(0)
        depth += 1 if token == "{" else -1 if token == "}" else 0
        if depth == 0 and token not in "{}":
            names.append(value[start : m.start()])
            start = m.end()
    names.append(value[start:])
    found = (person(decode_value(n)) for n in names)
    return tuple(n for n in found if n and n.lower() != "others")


def entry_ids(fields: dict[str, str]) -> tuple[str, str, str]:
    """(url, arXiv id, DOI) of an entry: its url, doi and eprint fields, or an arXiv journal."""
    prefix = (fields.get("archiveprefix") or fields.get("eprinttype") or "").lower()
    eprint = decode_value(fields.get("eprint", ""))
    arxiv = parse_arxiv_id(eprint) if prefix in ("arxiv", "") and eprint else ""
    if not arxiv and (
        m := _ARXIV_NOTE.search(fields.get("journal", "") + " " + fields.get("note", ""))
    ):
        arxiv = parse_arxiv_id(m.group("id"))
    journal = decode_value(fields.get("journal", "")).casefold()
    if (
        not arxiv
        and journal in ("corr", "arxiv")
        and (m := _ABS_VOLUME.match(fields.get("volume", "")))
    ):
        arxiv = parse_arxiv_id(m.group("id"))  # DBLP's and Semantic Scholar's `volume = {abs/…}`
    doi = parse_doi(decode_value(fields.get("doi", "")))
    url = entry_url(fields)
    url_arxiv, url_doi = paper_ids(url)
    return url, arxiv or url_arxiv, doi or url_doi


def entry_url(fields: dict[str, str]) -> str:
    """An entry's address: its `url`, else the one its `howpublished` or `note` gives; one
    written without its scheme (`www.example.org/…`, as people type it) read as https."""
    said = fields.get("url", "").strip()
    for other in ("howpublished", "note"):
        if not said and (found := _URL_IN.search(fields.get(other, ""))):
            said = found["url"] or found["bare"].rstrip(".,;:")  # a sentence's, not the URL's
    return safe_url(f"https://{said}" if said.casefold().startswith("www.") else said)


# biblatex's `date` is ISO 8601: 2017, 2017-05, 2017-05-04, or a range 2017-05/2018 (its year first)
DATE_YEAR = re.compile(r"\s*(\d{4})(?![\d:])")


def entry_year(fields: dict[str, str]) -> int | None:
    """The `year`, else the year `date` begins with (biblatex: Zotero writes `date` alone)."""
    year = decode_value(fields.get("year", ""))
    if year[:4].isdigit():
        return int(year[:4])
    found = DATE_YEAR.match(decode_value(fields.get("date", "")))
    return int(found.group(1)) if found else None


def entry_post(entry: BibEntry, name: str, lines: LineIndex) -> ImportedPost:
    fields = entry.fields
    url, arxiv, doi = entry_ids(fields)
    abstract = decode_value(fields.get("abstract", ""))
    tags = re.split(r"[,;]", decode_value(fields.get("keywords", "")))
    post = make_post(
        decode_value(fields.get("title", "")) or entry.key,
        f"{name}:{lines.line(entry.offset)}",
        [escape_lines(abstract)] if abstract else [],
        url=url,
        tags=tag_names(tags),
        authors=split_authors(fields.get("author", "") or fields.get("editor", "")),
    )
    return replace(post, kind="paper", arxiv=arxiv, doi=doi, year=entry_year(fields))


# what a crossref's entry keeps to itself: its links, and what names the entry itself (a
# chapter is not its book: a DOI, an arXiv id or a URL would make it the book's source)
NOT_INHERITED = frozenset(("crossref", "xref", "ids", "key", "entryset", "xdata"))
NOT_INHERITED |= {"doi", "url", "eprint", "eprinttype", "archiveprefix", "isbn"}


@dataclass(frozen=True, slots=True)
class Bibliography:
    """What the .bib files imported together define for each other, as BibTeX reads the files of
    `\\bibliography{strings,venues,papers}` as one: their @string macros, and their entries by
    key (a crossref's target)."""

    macros: dict[str, str]
    entries: dict[str, BibEntry]
    owners: dict[str, str]  # each key's first file (by its name): a later one repeats it
    # each file's entries and errors as read with the macros (by its name): not read again
    parsed: dict[str, tuple[list[BibEntry], list[BibError]]] = field(default_factory=dict)


NO_BIBLIOGRAPHY = Bibliography({}, {}, {})
_STRING = re.compile(r"@\s*string\s*[{(]", re.I)  # a file of macros for the others


def bibliography_of(files: list[tuple[str, str]]) -> Bibliography:
    """The macros and entries of .bib files read together, each (name, text) (each file's macros
    defined wherever in the others, as a file of @strings is read before the rest whatever its
    name: read only when a file defines one); an entry of a key an earlier file gives is that
    file's, as BibTeX keeps the first."""
    macros: dict[str, str] = {}
    if any(_STRING.search(text) for _, text in files):
        for _, text in [*files, *files]:  # (twice: a macro defined from another file's)
            parse_bibtex(text, macros)
    entries: dict[str, BibEntry] = {}
    owners: dict[str, str] = {}
    parsed = {name: parse_bibtex(text, dict(macros)) for name, text in files}
    for name, (found, _) in parsed.items():
        for entry in found:
            entries.setdefault(entry.key.casefold(), entry)
            owners.setdefault(entry.key.casefold(), name)
    return Bibliography(macros, entries, owners, parsed)


def with_crossrefs(
    entries: list[BibEntry], others: dict[str, BibEntry] | None = None
) -> list[BibEntry]:
    """Each entry with the fields it leaves to the entry its `crossref` names (a paper its
    proceedings' year, an article of DBLP's its venue), as BibTeX fills them; `others`: the
    entries of the files read with this one, by key."""
    by_key = (others or {}) | {e.key.casefold(): e for e in entries}
    filled = []
    for entry in entries:
        parent = by_key.get(entry.fields.get("crossref", "").strip('{}" ').casefold())
        if parent is not None and parent is not entry:
            inherited = {k: v for k, v in parent.fields.items() if k not in NOT_INHERITED}
            entry = replace(entry, fields=inherited | entry.fields)
        filled.append(entry)
    return filled


def without_venues(
    entries: list[BibEntry], others: dict[str, BibEntry]
) -> tuple[list[BibEntry], list[BibEntry]]:
    """The entries that are papers, and those that are only a venue (an untitled @proceedings, or
    an untitled record others' `crossref` names, a journal's, whose fields fill theirs): no paper
    of its own, as BibTeX lists none it is not asked to cite."""
    named = {
        ref
        for e in [*entries, *others.values()]
        if (ref := e.fields.get("crossref", "").strip('{}" ').casefold())
    }
    papers: list[BibEntry] = []
    venues: list[BibEntry] = []
    for e in entries:
        venue = not e.fields.get("title") and (e.kind == "proceedings" or e.key.casefold() in named)
        (venues if venue else papers).append(e)
    return papers, venues


def owned_entries(
    entries: list[BibEntry], shared: Bibliography, name: str
) -> tuple[list[BibEntry], list[BibEntry]]:
    """The entries whose key is this file's (`name`), and those an earlier file gives (BibTeX
    keeps the first): one pass, no entry compared with another."""
    owned: list[BibEntry] = []
    repeated: list[BibEntry] = []
    for e in entries:
        (owned if shared.owners.get(e.key.casefold(), name) == name else repeated).append(e)
    return owned, repeated


def untitled(key: str, pos: FilePos) -> Diagnostic:
    msg = f"entry {key!r} has no title: titled by its key"
    return warning("import-untitled", msg, pos, hint="add a `title = {…}` field")


def venues_note(venues: list[BibEntry], pos: FilePos) -> Diagnostic:
    keys = ", ".join(e.key for e in venues[:3]) + (", …" if len(venues) > 3 else "")
    message = (
        f"{len(venues)} entries without a title are venues ({keys}), no papers: their fields "
        "fill those of the entries naming them by `crossref`"
    )
    return info("import-bib-venues", message, pos)


def repeated_note(repeated: list[BibEntry], owner: str, pos: FilePos) -> Diagnostic:
    keys = ", ".join(e.key for e in repeated[:3]) + (", …" if len(repeated) > 3 else "")
    message = (
        f"{len(repeated)} entries repeat the keys of a .bib file imported before this one "
        f"({keys}; the first in {owner}): that file's are kept, as BibTeX keeps the first"
    )
    return info("import-bib-repeated", message, pos)


def read_bibtex(
    text: str, name: str, shown: str, shared: Bibliography = NO_BIBLIOGRAPHY
) -> ParsedArchive:
    """A .bib file: one paper post per entry; an entry that cannot be read is an error at its
    line. `shared`: what the .bib files imported with it define (bibliography_of)."""
    entries, problems = shared.parsed.get(name) or parse_bibtex(text, dict(shared.macros))
    entries, venues = without_venues(with_crossrefs(entries, shared.entries), shared.entries)
    entries, repeated = owned_entries(entries, shared, name)
    lines = line_index(text)
    diags: list[Diagnostic] = [
        error("import-bad-bibtex", f"{exc}: entry skipped", FilePos(shown, lines.line(exc.offset)),
              hint="check the entry's braces, quotes and commas")
        for exc in problems
    ]  # fmt: skip
    diags += [
        untitled(entry.key, FilePos(shown, lines.line(entry.offset)))
        for entry in entries
        if not entry.fields.get("title")
    ]
    if venues:
        diags.append(venues_note(venues, FilePos(shown, lines.line(venues[0].offset))))
    if repeated:
        owner = shared.owners[repeated[0].key.casefold()]
        diags.append(repeated_note(repeated, owner, FilePos(shown, lines.line(repeated[0].offset))))
    if not entries and not problems and not venues and not repeated and not _STRING.search(text):
        diags.append(
            warning(
                "import-no-posts",
                "no BibTeX entries: nothing imported",
                FilePos(shown, 1),
                hint="entries start with `@article{key,` and the like",
            )
        )
    posts = tuple(entry_post(e, name, lines) for e in entries)
    return ParsedArchive(name, ArchiveFormat.BIBTEX, posts, tuple(diags))
