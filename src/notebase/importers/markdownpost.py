"""A markdown file (`.md`, `.markdown`) -> one post: a paper note as paper-notes collections write
them (`## [Title](https://arxiv.org/abs/…)`, a `TLDR;` line, `#### Key Points` and lists), kept as
markdown rather than cut as a plain-text archive (pure)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection
from dataclasses import replace
from itertools import takewhile
from urllib.parse import unquote

from notebase.diagnostics import Diagnostic
from notebase.importers.blogsource import (
    CODE_SPAN,
    JEKYLL_DATED,
    MARKDOWN_SUFFIXES,
    from_directives,
    from_hugo,
    from_jekyll,
    from_site_root,
    is_bundle_index,
    is_jekyll_post,
    kramdown_math,
    metadata_header,
    toml_front_matter,
    unsized_images,
)
from notebase.importers.hexo import from_hexo
from notebase.importers.mdx import from_mdx
from notebase.importers.model import ArchiveFormat, ImportedPost, ParsedArchive
from notebase.importers.readwisemd import readwise_note, readwise_post
from notebase.importers.structured import (
    author_names,
    make_post,
    paper_ids,
    parse_date,
    safe_url,
    says_title,
    slug_title,
    source_kind,
)
from notebase.importers.webpage import page_redirect, redirect_page
from notebase.importers.zola import from_zola
from notebase.markdown.quotes import BOLD_LABEL
from notebase.markdown.text import fence_after
from notebase.reading.frontmatter import FieldError, as_tags, key_as_read, split_front_matter
from notebase.reading.sourcerefs import parse_arxiv_id, parse_doi
from notebase.reading.yamlio import load_fields, yaml_warning

# the front-matter fields read into the post; the others are kept in the note as they were
READ_FIELDS = frozenset(
    ("title", "url", "tag", "tags", "keywords", "category", "categories", "date", "authors", "author",
     "arxiv", "eprint", "doi", "year", "source_title", "tldr", "kind", "origin", "import_digest")
)  # fmt: skip
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(?P<text>.+?)[ \t#]*$")
_LINK = re.compile(r"\[(?P<text>[^\]]*)\]\((?P<url>[^)\s]+)\)")
_BRACKETED = re.compile(r"\s*\[\s*\[[^\]]*\]\([^)\s]+\)\s*\]")  # ` [[arXiv](…)]` after a title
# a first line that is one link (and bracketed links after it), standing for a heading
_LINK_LINE = re.compile(
    r"^\s*(?P<text>\[[^\]]+\]\([^)\s]+\)(?:\s*\[\s*\[[^\]]*\]\([^)\s]+\)\s*\])*)\s*$"
)
_BARE_URL = re.compile(r"^<?(?P<url>https?://\S+?)>?$")
_BARE_ADDRESS = re.compile(r"(?<![\w/])<?(?P<url>https?://[^\s<>]+?)>?(?=[\s.,;]*(?:\s|$))")
# `](assets/x.png)`, `](<a b.png> "title")`: a link's or an image's relative path (no scheme, no #)
_LINKED_PATH = re.compile(
    r"\]\(\s*(?:<(?P<angled>(?![a-zA-Z][\w+.-]*:|#|/)[^>#?]+)[^>]*>"
    r"|(?P<path>(?![a-zA-Z][\w+.-]*:|#|/)[^)\s#?]+))"
)
# a reference's definition naming a file by a relative path: `[paper]: assets/x.pdf "title"`
_DEFINED_PATH = re.compile(  # (not a footnote's, `[^1]: [Wikimedia](https://…)`)
    r"^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*<?(?P<path>(?![a-zA-Z][\w+.-]*:|[#/\[(])[^\s<>#?]+)"
)
# an HTML element's file by a relative path: `<img src="assets/x.png">`
_SRC_PATH = re.compile(r"""\bsrc\s*=\s*["'](?P<path>(?![a-zA-Z][\w+.-]*:|#|/)[^"'#?]+)["']""")
LEAD_LINES = 10  # the lines under a note's title that may name the paper it is on
# the words of a link to what the note is on: the paper, or the page read (Omnivore's notes'
# `[Read Original](…)`, beside their `[Read on Omnivore](…)`, the reader's own copy)
_PAPER_WORDS = re.compile(
    r"(?:link\s+to\s+(?:the\s+)?)?(?:paper|pdf|arxiv|full\s+paper)|read\s+(?:the\s+)?original", re.I
)
_ONLY_MARKUP = re.compile(r"\s*(?:<[^<>]*>\s*)+")  # a body of HTML tags and nothing else
_TLDR = re.compile(r"^(?:\*\*)?(?:tl;?dr|tldr)(?:\*\*)?\s*[;:.]?(?:\*\*)?\s*", re.I)


def read_markdown(
    text: str, name: str, shown: str, assets: Collection[str] = (), path: str = ""
) -> ParsedArchive:
    """The file as one post: its title (front matter, else its first heading, whose link is the
    post's `url`, else the slug its file or folder is named by, `2019-05-01-my-post.md` as
    "My Post", else the file's name), a bare URL line under the title as `url`, a `TLDR;`
    paragraph as its tl;dr, and the rest as it is. `assets`: the files of its asset folder, as
    Hexo keeps a post's (beside it, named as its file: `x/a.png` beside `x.md`), or a page
    bundle's (`x/index.md`'s folder), by their paths in it. `path`: the file's own path, whose
    folders tell a Jekyll post (else the path it is shown by)."""
    stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    kramdown = is_jekyll_post(path or shown, text)
    fields, text, body_line, diags = front_matter_of(text, shown)
    fields = read_whatever_case(fields)
    if _ONLY_MARKUP.fullmatch(text) and (target := page_redirect(text)):
        return redirect_page(target, name, shown)  # a post moved (jekyll-redirect-from's stub)
    folder = asset_folder(shown) if is_bundle_index(name) else stem
    assets = assets if folder else ()
    text = from_mdx(text) if name.lower().endswith(".mdx") else text
    text = from_hexo(from_directives(from_zola(text)), folder, assets)
    text = from_hugo(from_jekyll(text), escaped_math=not kramdown)
    text = unsized_images(from_site_root(kramdown_math(text) if kramdown else text))
    lines = text.replace("\r\n", "\n").split("\n")
    if readwise := readwise_note(lines):
        lines = readwise.body
    fields = fields if readwise else listed_fields(lines) | fields
    given = fields.get("title") or (readwise.title if readwise else "")
    title, url, start = title_of(lines, str(given))
    url = url or safe_url(str(fields.get("url") or "")) or lead_paper(lines[start:])
    tldr, body = tldr_of(lines[start:])
    post = make_post(
        str(fields.get("title") or title or slug_title(shown) or stem),
        f"{name}:1",
        ["\n".join(body).strip("\n")] if "".join(body).strip() else [],
        url=url,
        tags=named_or_listed(fields, "tag", "tags") + tags_of(fields.get("keywords")),
        categories=named_or_listed(fields, "category", "categories"),
        date=parse_date(str(fields.get("date") or "")) or file_date(stem),
        authors=authors_of(fields.get("authors") or fields.get("author")),
    )
    post = with_source_fields(replace(post, tldr=tldr or text_of(fields.get("tldr"))), fields)
    post = readwise_post(post, readwise) if readwise else post
    files = linked_files(text, body_line)
    return ParsedArchive(name, ArchiveFormat.MARKDOWN, (post,), diags, files=files)


def asset_folder(shown: str) -> str:
    """The name of a page bundle's folder (`posts/x/index.md`: `x`), where the note's copies of
    its files go, apart from other bundles' files of the same names (each its `cover.png`);
    '' when the path names none."""
    parts = shown.replace("\\", "/").split("/")
    return parts[-2] if len(parts) > 1 and parts[-2] not in ("", ".", "..") else ""


# a lead list's labelled field, `* **Title**: …`, `- **Authors:** …`, `* __Year__: …`, or a line
# of one under the title (`Date: 05/29/2016`, `Tags: a, b`), and the front-matter field
# it stands for
_FIELD_ITEM = re.compile(
    rf"^ {{0,3}}[-*+][ \t]+{BOLD_LABEL}[ \t]*(?P<value>.*?)\s*$"
    r"|^(?P<plain>[A-Z][A-Za-z ]{0,19}):[ \t]+(?P<text>\S.*?)\s*$"  # a line of its own, unindented
)
LISTED_FIELDS = {
    "title": "title", "paper": "title", "authors": "authors", "author": "authors",
    "link": "url", "url": "url", "year": "year", "tags": "tags", "keywords": "tags",
    "date": "date",
}  # fmt: skip
LISTED_AT_LEAST = 2  # fields a lead list names to be one: a post's list of **Tip**: lines is not


def listed_fields(lines: list[str]) -> dict[str, object]:
    """The front-matter fields a paper note's lead list of labelled fields gives, as paper-notes
    collections head a note (`* **Title**: …`, `* **Authors**: A, B`, `* **Link**: https://…`,
    `* **Year**: 2015`, `* **Tags**: a, b`; or lines `Date: 05/29/2016`, `Tags: a`), in its
    first lines; none for fewer than two. A `Link` is the address it gives (a bare one or a
    link's); a `Title` or `Paper` its words (a link's words: `[Attention Is All You
    Need](https://…)`) and its address."""
    found: dict[str, object] = {}
    items = 0
    for line in lead_lines(lines, LEAD_LINES + 5):
        item = _FIELD_ITEM.match(line)
        named = (item["label"] or item["plain"] or "").strip().casefold() if item else ""
        written = (item["value"] or item["text"] or "") if item else ""
        key = LISTED_FIELDS.get(named, "")
        given = field_values(key, written) if key and written else {}
        items += bool(given)
        for field, value in given.items():
            found.setdefault(field, value)
    return found if items >= LISTED_AT_LEAST else {}


def field_values(key: str, value: str) -> dict[str, object]:
    """The fields one labelled item gives (listed_fields), none when it gives nothing."""
    address = first_address(value) if key in ("url", "title") else ""
    if key == "year":
        given: dict[str, object | None] = {key: int(value) if value.isdecimal() else None}
    elif address:
        given = {"url": address, "title": linked_words(value) if key == "title" else None}
    else:
        given = {key: value}
    return {field: found for field, found in given.items() if found is not None}


def linked_words(text: str) -> str | None:
    """A value's words with its links' words for the links (`[Attention Is All You
    Need](https://…)`: the title), without a link whose words are an address or say it is the
    paper (`[PDF](…)`) and without bare addresses; None when no words are left."""
    words = _LINK.sub(lambda m: "" if is_address_or_paper(m["text"]) else m["text"], text)
    return " ".join(_BARE_ADDRESS.sub("", words).split()) or None


def is_address_or_paper(words: str) -> bool:
    words = words.strip(" *_`:.")
    return bool(_BARE_URL.match(words) or _PAPER_WORDS.fullmatch(words))


def first_address(text: str) -> str:
    """The first http(s) address a value gives, as a link's or bare; '' for none."""
    link = _LINK.search(text)
    bare = _BARE_ADDRESS.search(text)
    return safe_url(link["url"] if link else bare["url"] if bare else "")


def file_date(stem: str) -> str:
    """The date a post's file name starts with (`2016-01-06-supercharging-android-apps`), as
    Jekyll dates a post whose front matter says none; '' for none."""
    found = JEKYLL_DATED.match(stem)
    return parse_date(found.group(1)) if found else ""


FrontMatter = tuple[dict[str, object], str, int, tuple[Diagnostic, ...]]
_BLANK_LEAD = re.compile(r"(?:[ \t]*\n)+(?=(?:---|\+\+\+)[ \t]*\n)")  # blank lines, a fence after


def front_matter_of(text: str, shown: str) -> FrontMatter:
    """The file's front matter (YAML, Hugo's TOML, or Pelican's `Key: value` lines), its body,
    the line the body starts on, and the front matter's problems (a front matter that cannot be
    read gives no field); after blank lines too, as Hugo reads it (a post opening with an empty
    line kept its title, date and tags there)."""
    lead = _BLANK_LEAD.match(text)
    if lead is None:
        return front_matter_atop(text, shown)
    skipped = lead.group(0).count("\n")
    fields, body, body_line, diags = front_matter_atop(text[lead.end() :], shown)
    return fields, body, body_line + skipped, tuple(moved_down(d, skipped) for d in diags)


def moved_down(diag: Diagnostic, lines: int) -> Diagnostic:
    """The diagnostic at its line that many lines further down the file."""
    pos = diag.pos
    return diag if pos is None else replace(diag, pos=replace(pos, line=pos.line + lines))


def front_matter_atop(text: str, shown: str) -> FrontMatter:
    """front_matter_of, for a front matter on the file's first line."""
    toml = toml_front_matter(text, shown)
    if toml is not None:
        return toml
    split = split_front_matter(text)
    if split is None or not split.has_front_matter:
        if (header := metadata_header(text)) is not None:
            return (*header, ())
        return {}, text, split.body_line if split is not None else 1, ()
    found, problems = load_fields(split.yaml_text, shown, 2)
    diags = tuple(yaml_warning(d, "the front matter is ignored") for d in problems)
    return {f.key: f.value for f in found}, split.body, split.body_line, diags


def read_whatever_case(fields: dict[str, object]) -> dict[str, object]:
    """The fields with those the importer reads keyed in lower case whatever case they were
    written in (`Title:`, `Date:`, `Tags:`: Hugo reads every key so), unless the lower-case key
    is given too."""
    return {key_as_read(key, READ_FIELDS, fields): value for key, value in fields.items()}


def linked_files(body: str, first_line: int) -> tuple[tuple[str, int], ...]:
    """The relative paths of files the body's links and images name (not an address, an anchor,
    a path from the root or out of the folder, nor another markdown post), each with the line of
    its first link. Code names none: `<script src="js/x.js">` shown in a code block, or
    `f(e.message)` after an index, links nothing (a fenced block, an inline code span)."""
    found: dict[str, int] = {}
    fence = ""
    for at, line in enumerate(body.split("\n"), first_line):
        in_code, fence = bool(fence), fence_after(line, fence)
        if in_code or fence:  # (a fence's own lines too)
            continue
        line = CODE_SPAN.sub("", line)  # (no link in code)
        named = [m.group("angled") or m.group("path") for m in _LINKED_PATH.finditer(line)]
        named += [m.group("path") for m in _DEFINED_PATH.finditer(line)]
        for found_path in [*named, *(m.group("path") for m in _SRC_PATH.finditer(line))]:
            path = posixpath.normpath(unquote(found_path).strip())  # (as a browser reads an src)
            if path.startswith("..") or not is_file_name(path.rsplit("/", 1)[-1]):
                continue
            found.setdefault(path, at)
    return tuple(found.items())


def with_source_fields(post: ImportedPost, fields: dict[str, object]) -> ImportedPost:
    """The post with its front matter's paper fields (an id there makes it a paper) and every
    field the importer does not read kept as it was (`status`, `aliases`, `abstract`, …)."""
    arxiv = parse_arxiv_id(text_of(fields.get("arxiv") or fields.get("eprint")))
    doi = parse_doi(text_of(fields.get("doi")))
    year = fields.get("year")
    post = replace(
        post,
        arxiv=post.arxiv or arxiv,
        doi=post.doi or doi,
        year=year if isinstance(year, int) and not isinstance(year, bool) else post.year,
        source_title=text_of(fields.get("source_title")),
        kept_fields=kept_fields(fields),
        draft=post.draft or fields.get("published") is False,  # Jekyll's unpublished post
    )
    return replace(post, kind=source_kind(post.url, post.arxiv, post.doi))


# Jekyll's and Hugo's words for a post's summary, written as the note's `description`
SUMMARY_FIELDS = ("excerpt", "summary")


def kept_fields(fields: dict[str, object]) -> tuple[tuple[str, object], ...]:
    """The front-matter fields the importer does not read, in their order (not Jekyll's
    `published` flag); a post's summary (SUMMARY_FIELDS) as its `description` when it gives none."""
    given = "description" in fields
    summary = None if given else next((k for k in SUMMARY_FIELDS if text_of(fields.get(k))), None)
    return tuple(
        ("description" if k == summary else k, v)
        for k, v in fields.items()
        if k not in READ_FIELDS and not is_jekyll_published(k, v)
    )


def is_jekyll_published(key: str, value: object) -> bool:
    """Jekyll's `published: true` / `false`, whether the site shows the post (false: a draft),
    which a note's `published`, a date, is not: read as the note's `draft`, not kept."""
    return key == "published" and isinstance(value, bool)


def text_of(value: object) -> str:
    return str(value).strip() if isinstance(value, (str, int, float)) else ""


def authors_of(value: object) -> tuple[str, ...]:
    """`authors: [A, B]`, or one string as author_names reads it (`A and B`, `Weir, Andy`)."""
    if isinstance(value, list):
        return tuple(t for v in value if (t := text_of(v)))
    return tuple(author_names(text_of(value)))


def is_file_name(name: str) -> bool:
    """A name with an extension that is no markdown post's (`rack.png`, `paper.pdf`)."""
    stem, dot, ext = name.rpartition(".")
    return bool(stem and dot and ext) and f".{ext.lower()}" not in MARKDOWN_SUFFIXES


def title_of(lines: list[str], given: str = "") -> tuple[str, str, int]:
    """The first heading's text (its links' words, without a bracketed `[[arXiv](…)]` after it)
    and its first http(s) link, else a bare URL line right under it, and where the body starts.
    Under a title the front matter `given`, a heading saying other words is the text's first
    section's (`## Introduction`), kept in the body as Jekyll and Hugo show it: none found."""
    at = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    heading = (
        (_HEADING.match(lines[at]) or _LINK_LINE.match(lines[at])) if at < len(lines) else None
    )
    if heading is None:
        return "", "", 0
    raw = heading.group("text").strip()
    url = next((u for m in _LINK.finditer(raw) if (u := safe_url(m.group("url")))), "")
    text = _LINK.sub(lambda m: m.group("text"), _BRACKETED.sub("", raw)).strip() or raw
    if given and not says_title(text, given):
        return "", "", 0
    after = next((i for i in range(at + 1, len(lines)) if lines[i].strip()), len(lines))
    if not url and after < len(lines) and (bare := _BARE_URL.match(lines[after].strip())):
        url = safe_url(bare.group("url"))
        if url:
            return text, url, after + 1
    return text, url, at + 1


def lead_paper(lines: list[str]) -> str:
    """The paper a note names in its first lines (before any code), as a paper-notes collection
    does (`* [Link to the paper](https://arxiv.org/abs/…)`, or the page's address alone under
    the paper's venue, `> https://doi.org/10.14778/…`): a link or a bare address to an
    arXiv or DOI page, or a link whose words say it is the paper (`Paper`, `PDF`) or the page
    read (`Read Original`); '' when none."""
    for line in lead_lines(lines, LEAD_LINES):
        for m in _LINK.finditer(line):
            url = "" if line[: m.start()].endswith("!") else safe_url(m.group("url"))
            words = m.group("text").strip(" *_`:.")
            if url and (any(paper_ids(url)) or _PAPER_WORDS.fullmatch(words)):
                return url
        bare = (safe_url(m.group("url")) for m in _BARE_ADDRESS.finditer(_LINK.sub("", line)))
        if url := next((u for u in bare if any(paper_ids(u))), ""):
            return url
    return ""


def lead_lines(lines: list[str], most: int) -> list[str]:
    """A note's first `most` lines with words, before any code block."""
    lead = takewhile(lambda line: not line.lstrip().startswith(("```", "~~~")), lines)
    return [line for line in lead if line.strip()][:most]


def tldr_of(lines: list[str]) -> tuple[str, list[str]]:
    """The first paragraph that opens with `TLDR;` / `TL;DR:` (its text without the label), and
    the lines without it."""
    for i, line in enumerate(lines):
        if not _TLDR.match(line.strip()) or (i > 0 and lines[i - 1].strip()):
            continue
        end = next((j for j in range(i, len(lines)) if not lines[j].strip()), len(lines))
        words = " ".join(" ".join(lines[i:end]).split())
        return _TLDR.sub("", words, count=1).strip(), [*lines[:i], *lines[end:]]
    return "", lines


def named_or_listed(fields: dict[str, object], one: str, many: str) -> tuple[str, ...]:
    """A post's tags or categories as Jekyll reads them: the singular field's text whole
    (`category: Natural Language Processing`, one category; so Pelican's `Category:`), then the
    plural's list, or its text split (`tags: a b`, `tags: a, b`)."""
    named = fields.get(one)
    found = (text_of(named),) if isinstance(named, str) and text_of(named) else tags_of(named)
    return tuple(dict.fromkeys(found + tags_of(fields.get(many))))


def tags_of(value: object) -> tuple[str, ...]:
    """Front matter `tags` read as a note's are; none when they cannot be."""
    try:
        return as_tags(value) if value is not None else ()
    except FieldError:
        return ()
