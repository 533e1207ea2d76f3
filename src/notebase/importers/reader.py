"""Archive text -> ParsedArchive: detect the format, cut the posts, recognise each one (pure)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.importers.archive import (
    GLYPH,
    cut_posts,
    find_title_lines,
    is_informal,
    parse_header,
    read_preamble,
    split_lines,
)
from notebase.importers.blocks import MORE
from notebase.importers.informal import parse_informal
from notebase.importers.model import (
    ArchiveFormat,
    ArchiveLine,
    Collection,
    ImportedPost,
    ParsedArchive,
    RawPost,
    Taxonomy,
)
from notebase.importers.posts import build_post
from notebase.importers.segment import (
    HEAD_MAX,
    card_heads,
    could_be_title,
    find_records,
    is_prose,
    marker_kind,
)

TITLE_MAX_CHARS = 100


def read_records(
    lines: Sequence[str], starts: Sequence[int], name: str, shown: str, cut_by: str
) -> ParsedArchive:
    """One post per record start; before the first, a header's description (its collection) or,
    on a page without a header, the roundup's own note whose linked items the records are."""
    heads = card_heads(lines, starts) or ()
    taxonomy, preamble = read_preamble(lines, (heads or starts)[0] if starts else len(lines))
    header = taxonomy != Taxonomy() or parse_header(first_line(lines)) is not None
    diags: list[Diagnostic] = []
    if not starts:
        diags.append(no_posts(shown, bool(preamble)))
    roundup = None
    dated = bool(starts) and all(marker_kind(line.text) for line in preamble)
    raws = cut_posts(lines, starts, False, heads)
    # every record cut at `Read more`: a listing of posts (its heading and the first post's picture
    # above them), not a roundup's own note over its linked items
    listing = len(raws) > 1 and all(any(MORE.search(ln.text) for ln in r.lines) for r in raws)
    listing = listing or (bylined(raws) and not any(is_prose(line.text) for line in preamble))
    if listing:  # the site's own posts, each shown by its excerpt
        raws = tuple(replace(raw, listed=True) for raw in raws)
    if preamble and not header and not dated and not listing:
        roundup = build_roundup(lines, starts[0] if starts else len(lines), name)
        taxonomy = replace(taxonomy, series=roundup.title)
        raws = cut_posts(lines, starts, True, heads)
    if preamble and not header and (dated or listing):  # the first post's head above its title
        raws = (replace(raws[0], lines=(*preamble, *raws[0].lines)), *raws[1:])
    if roundup is not None and not has_text(roundup):  # only a title over the items: no note
        roundup = None
    diags += [
        empty_post(raw, shown) for raw in raws if not any(ln.text.strip() for ln in raw.lines)
    ]
    posts = [
        replace(with_end(build_post(raw, name, taxonomy), raw), roundup=roundup.title)
        if roundup is not None
        else with_end(build_post(raw, name, taxonomy), raw)
        for raw in raws
        if any(ln.text.strip() for ln in raw.lines)  # never an empty note
    ]
    if roundup is not None:
        posts.insert(0, roundup)
    collections = describe(taxonomy, preamble) if header else ()
    fmt = ArchiveFormat.RECORDS if cut_by else ArchiveFormat.TAXONOMY
    return ParsedArchive(name, fmt, tuple(posts), tuple(diags), collections, cut_by)


def bylined(raws: Sequence[RawPost]) -> bool:
    """Every record's head (its first lines) holds a byline or a date: `4 minute read`,
    `Posted on May 3`. Under a page's heading alone (`Blog posts`, a year), such records are
    the site's own posts, listed, not a roundup's linked items."""
    heads = [[ln.text for ln in r.lines if ln.text.strip()][:HEAD_MAX] for r in raws]
    return len(raws) > 1 and all(any(marker_kind(text) for text in head) for head in heads)


def has_text(post: ImportedPost) -> bool:
    """Whether a post has anything besides its title (a note of a title alone is never written)."""
    return bool(post.blocks or post.tldr or post.url or post.source_title)


def first_line(lines: Sequence[str]) -> str:
    return next((line for line in lines if line.strip()), "")


def with_end(post: ImportedPost, raw: RawPost) -> ImportedPost:
    last = max((ln.number for ln in raw.lines if ln.text.strip()), default=raw.title_line)
    return replace(post, end_line=last)


def describe(taxonomy: Taxonomy, preamble: Sequence[ArchiveLine]) -> tuple[Collection, ...]:
    """The description under a `Tag:` / `Category:` header belongs to that tag's page."""
    if not preamble:
        return ()
    text = "\n".join(line.text for line in preamble)
    kind, names = (
        ("categories", taxonomy.categories) if taxonomy.categories else ("tags", taxonomy.tags)
    )
    return tuple(Collection(kind, n, text, preamble[0].number) for n in names)


def build_roundup(lines: Sequence[str], end: int, name: str) -> ImportedPost:
    """The page's own post (a roundup, weeknotes): its text before the first linked item, titled
    by its first line when that reads as a title, else by the file's name."""
    body = [i for i in range(end) if lines[i].strip()]
    head = lines[body[0]].strip()
    titled = could_be_title(head) and not GLYPH.match(head)
    title = head if titled else name.rsplit(".", 1)[0]
    first = body[0] + 1 if titled else 0
    numbered = tuple(ArchiveLine(i + 1, lines[i].strip()) for i in range(first, end))
    post = build_post(RawPost(title, body[0] + 1, numbered), name, Taxonomy())
    return replace(post, end_line=body[-1] + 1)


def no_posts(shown: str, described: bool) -> Diagnostic:
    what = "only its description is imported" if described else "nothing imported"
    hint = "an archive page lists its posts as `  • Title` lines"
    return warning("import-no-posts", f"archive lists no posts: {what}", FilePos(shown, 1), hint)


def empty_post(raw: RawPost, shown: str) -> Diagnostic:
    return warning(
        "import-empty-post",
        f"post {raw.title!r} has no text: no note written for it",
        FilePos(shown, raw.title_line),
        hint="the post's text goes on the lines after its `  • Title` line, indented",
    )


def read_informal_archive(lines: Sequence[str], name: str) -> ParsedArchive:
    """A paper-reading post: one note per paper entry plus the post's own note (intro, closing)."""
    parsed = parse_informal(lines)
    taxonomy = parsed.taxonomy
    posts = [build_post(raw, name, taxonomy, paper_entry=True) for raw in parsed.entries]
    series = parsed.series_post
    if any(line.text.strip() for line in series.lines):
        title = series.title or name.rsplit(".", 1)[0]
        posts.insert(
            0,
            build_post(
                RawPost(title, series.title_line, series.lines, series.heading_lines),
                name,
                taxonomy,
            ),
        )
    return ParsedArchive(name, ArchiveFormat.INFORMAL, tuple(posts))


NO_TAXONOMY = Taxonomy()
HEAD_LINES = 3  # a page's title is among its first lines: after a site name or a date line


_NAV = re.compile(
    r"^(?:(?:home|archives?|about|blog|posts|tags|categories|contact|rss|feed|search|menu|"
    r"subscribe|projects|now)\b[\s|·•/]*){2,}$",
    re.I,
)


def single_title(numbered: Sequence[tuple[int, str]]) -> int | None:
    """Which of the first lines titles a one-post page: one followed by its date or byline, else
    the first that is not itself a date or byline, nor the site's menu (`archive about`); None when
    none is short enough."""
    head = [text.strip() for _, text in numbered[:HEAD_LINES]]
    for k, text in enumerate(head[:-1]):
        if could_be_title(text) and marker_kind(head[k + 1]) in ("date", "byline"):
            return k
    k = next(
        (k for k, text in enumerate(head) if not marker_kind(text) and not _NAV.match(text)), 0
    )
    return k if len(head[k]) <= TITLE_MAX_CHARS else None


def read_unknown(
    lines: Sequence[str], name: str, shown: str, taxonomy: Taxonomy = NO_TAXONOMY
) -> ParsedArchive:
    """No repeated record: the whole file as one note, titled by its first line (or its name);
    a `Tag:` / `Category:` header line gives its taxonomy instead of text."""
    header = taxonomy != Taxonomy()
    lines = [("" if header and parse_header(t) else t) for t in lines]
    numbered = [(i + 1, line) for i, line in enumerate(lines) if line.strip()]
    if not numbered:  # blank text: nothing to import (the caller says the archive is empty)
        return ParsedArchive(name, ArchiveFormat.UNKNOWN, ())
    at = single_title(numbered)
    title_no = numbered[at][0] if at is not None else numbered[0][0]
    title = numbered[at][1].strip() if at is not None else name.rsplit(".", 1)[0]
    indent = min(len(t) - len(t.lstrip(" ")) for _, t in numbered)
    body = tuple(
        ArchiveLine(i + 1, lines[i][indent:].rstrip())
        for i in range(len(lines))
        if at is None or i + 1 != title_no
    )
    post = replace(
        build_post(RawPost(title, title_no, body), name, taxonomy), end_line=numbered[-1][0]
    )
    diag = warning(
        "import-unknown-format",
        "no repeated post record found (no title line of one recurring shape): imported as one note",
        FilePos(shown, 1),
        hint="an archive page repeats one shape per post: a title line with a byline, date, "
        "`tl;dr:`, `Read more`, or a `  • Title` bullet over an indented body",
    )
    return ParsedArchive(name, ArchiveFormat.UNKNOWN, (post,), (diag,))


def read_archive(text: str, name: str, shown: str) -> ParsedArchive:
    """Cut the page at its repeated post record and recover each post; `shown` names it in
    diagnostics. Records anchored on `tldr:` lines are read as a paper-reading post."""
    lines = split_lines(text)
    records = find_records(lines)
    entries = parse_informal(lines).entries if is_informal(lines) else ()
    found = {raw.title_line - 1 for raw in entries}
    informal = bool(entries) and (records is None or found == set(records.starts))
    if informal and (parsed := read_informal_archive(lines, name)).posts:
        return parsed
    if records is not None:
        return read_records(lines, records.starts, name, shown, records.shape)
    header = parse_header(first_line(lines))
    titles = find_title_lines(lines)
    if header is not None and (titles or len([t for t in lines if t.strip()]) <= 2):
        return read_records(lines, titles, name, shown, "")  # one `  • Title` post, or none
    return read_unknown(lines, name, shown, header or NO_TAXONOMY)
