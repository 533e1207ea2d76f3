"""Archive text -> ParsedArchive: detect the format, cut the posts, recognise each one (pure)."""

from __future__ import annotations

from collections.abc import Sequence

from notebase.diagnostics import Diagnostic, SourcePos, info, warning
from notebase.importers.archive import (
    cut_posts,
    find_title_lines,
    is_informal,
    parse_header,
    read_preamble,
    split_lines,
)
from notebase.importers.informal import parse_informal
from notebase.importers.model import (
    ArchiveFormat,
    ImportedPost,
    ParsedArchive,
    RawPost,
    SourceLine,
    Taxonomy,
)
from notebase.importers.posts import build_post

TITLE_MAX_CHARS = 100


def read_taxonomy_archive(lines: Sequence[str], name: str, shown: str) -> ParsedArchive:
    """A `Tag:` / `Category:` page: one post per `  • Title` line, plus its description note."""
    titles = find_title_lines(lines)
    taxonomy, preamble = read_preamble(lines, titles[0] if titles else len(lines))
    diags: list[Diagnostic] = []
    if taxonomy == Taxonomy():
        diags.append(
            info(
                "import-no-header",
                "archive has no `Tag:` / `Category:` header line; its posts get no tag or category",
                SourcePos(shown, 1),
            )
        )
    if not titles:
        diags.append(no_posts(shown, bool(preamble)))
    raws = cut_posts(lines, titles)
    diags += [
        empty_post(raw, shown) for raw in raws if not any(ln.text.strip() for ln in raw.lines)
    ]
    posts = [build_post(raw, name, taxonomy) for raw in raws]
    if preamble:
        posts.insert(0, build_preamble_post(preamble, name, taxonomy))
    return ParsedArchive(name, ArchiveFormat.TAXONOMY, tuple(posts), tuple(diags))


def no_posts(shown: str, described: bool) -> Diagnostic:
    what = "only its description is imported" if described else "nothing imported"
    hint = "an archive page lists its posts as `  • Title` lines"
    return warning("import-no-posts", f"archive lists no posts: {what}", SourcePos(shown, 1), hint)


def empty_post(raw: RawPost, shown: str) -> Diagnostic:
    return warning(
        "import-empty-post",
        f"post {raw.title!r} has no text: imported with its title only",
        SourcePos(shown, raw.title_line),
        hint="the post's text goes on the lines after its `  • Title` line, indented",
    )


def build_preamble_post(
    preamble: Sequence[SourceLine], name: str, taxonomy: Taxonomy
) -> ImportedPost:
    """The archive page's own description: a note titled by its first line."""
    first, rest = preamble[0], preamble[1:]
    body: list[SourceLine] = []
    for line in rest:
        body += [line, SourceLine(0, "")]
    return build_post(RawPost(first.text, first.number, tuple(body)), name, taxonomy)


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


def read_unknown(lines: Sequence[str], name: str, shown: str) -> ParsedArchive:
    """Neither format: the whole file as one note, titled by its first line (or its name)."""
    numbered = [(i + 1, line) for i, line in enumerate(lines) if line.strip()]
    if not numbered:  # blank text: nothing to import (the caller says the archive is empty)
        return ParsedArchive(name, ArchiveFormat.UNKNOWN, ())
    first_no, first = numbered[0]
    short = len(first.strip()) <= TITLE_MAX_CHARS
    title = first.strip() if short else name.rsplit(".", 1)[0]
    start = first_no if short else 0
    indent = min(len(t) - len(t.lstrip(" ")) for _, t in numbered)
    body = tuple(SourceLine(i + 1, lines[i][indent:].rstrip()) for i in range(start, len(lines)))
    post = build_post(RawPost(title, first_no, body), name, Taxonomy())
    diag = warning(
        "import-unknown-format",
        "not a recognised archive (no `  • Title` post lines, no `tldr:` lines): imported as one note",
        SourcePos(shown, 1),
        hint="archive pages list posts as `  • Title` lines; paper-reading posts use `tldr:` lines",
    )
    return ParsedArchive(name, ArchiveFormat.UNKNOWN, (post,), (diag,))


def read_archive(text: str, name: str, shown: str) -> ParsedArchive:
    """Detect the archive's format and recover its posts; `shown` is the path for diagnostics."""
    lines = split_lines(text)
    first = next((line for line in lines if line.strip()), "")
    if find_title_lines(lines) or (parse_header(first) and not is_informal(lines)):
        return read_taxonomy_archive(lines, name, shown)
    informal = read_informal_archive(lines, name) if is_informal(lines) else None
    if informal is not None and informal.posts:
        return informal
    return read_unknown(lines, name, shown)  # (an informal post with no entries is one note)
