"""A markdown file (`.md`, `.markdown`) -> one post: a paper note as paper-notes collections write
them (`## [Title](https://arxiv.org/abs/…)`, a `TLDR;` line, `#### Key Points` and lists), kept as
markdown rather than cut as a plain-text archive (pure)."""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from urllib.parse import unquote

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.importers.model import ArchiveFormat, BlockKind, ImportedPost, ParsedArchive
from notebase.importers.structured import (
    author_names,
    make_post,
    parse_date,
    safe_url,
    source_kind,
)
from notebase.reading.frontmatter import FieldError, as_tags, split_front_matter
from notebase.reading.sourcerefs import parse_arxiv_id, parse_doi
from notebase.reading.yamlio import load_fields, yaml_warning

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd")
# the front-matter fields read into the post; the others are kept in the note as they were
READ_FIELDS = frozenset(
    ("title", "url", "tags", "keywords", "category", "categories", "date", "authors", "author",
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
# `](assets/x.png)`, `](<a b.png> "title")`: a link's or an image's relative path (no scheme, no #)
_LINKED_PATH = re.compile(
    r"\]\(\s*(?:<(?P<angled>(?![a-zA-Z][\w+.-]*:|#|/)[^>#?]+)[^>]*>"
    r"|(?P<path>(?![a-zA-Z][\w+.-]*:|#|/)[^)\s#?]+))"
)
# an HTML element's file by a relative path: `<img src="assets/x.png">`
_SRC_PATH = re.compile(r"""\bsrc\s*=\s*["'](?P<path>(?![a-zA-Z][\w+.-]*:|#|/)[^"'#?]+)["']""")
# a file named from the blog's root (not a page: it has an extension), in a link or a `src`
_ROOTED = re.compile(
    r"""(?P<before>\]\(\s*<?|\bsrc\s*=\s*["'])/(?P<path>[^/\s)>"'#?][^\s)>"'#?]*\.(?!(?:md|markdown|html?)\b)[A-Za-z0-9]{1,5})(?=[\s)>"'#?])"""
)
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HIGHLIGHT = re.compile(r"^\s*\{%-?\s*highlight(?:\s+(?P<lang>[\w+#.-]+))?[^%]*-?%\}\s*$")
_END_HIGHLIGHT = re.compile(r"^\s*\{%-?\s*endhighlight\s*-?%\}\s*$")
_LIQUID_URL = re.compile(
    r"""\{\{-?\s*(?P<q>['"])(?P<path>[^'"]*)(?P=q)\s*\|\s*(?:relative_url|absolute_url)\s*-?\}\}"""
)
_SITE_VARIABLE = re.compile(r"\{\{-?\s*site\.(?:baseurl|url)\s*-?\}\}")
_BRACKETED_WORDS = re.compile(
    r"\[\[([^\[\]\n]+)\]\]\("
)  # `[[name]](url)`: a link, its words bracketed
_KRAMDOWN_ATTRIBUTES = re.compile(r"^\s*\{:[^}]*\}\s*$")
_TOC_ITEM = re.compile(r"^\s*(?:[*+-]|1\.)\s+TOC\s*$")
_TLDR = re.compile(r"^(?:\*\*)?(?:tl;?dr|tldr)(?:\*\*)?\s*[;:.]?(?:\*\*)?\s*", re.I)
# a link to another post of the blog as its generator's source writes the destination: Jekyll's
# `{% post_url 2019-04-25-recipe %}` and `{% link _posts/x.md %}`, Hugo's `{{< ref "posts/x.md" >}}`,
# `{{< relref "x" >}}` and `{{% ref x %}}` (an anchor after `#` left out)
_SITE_REF = (
    r"\{%-?\s*(?:post_url|link)\s+(?P<jekyll>[^\s%#]+)[^%]*?-?%\}"
    r"|\{\{[<%]-?\s*(?:rel)?ref\s+\"?(?P<hugo>[^\"\s>%#]+)[^}]*?[>%]\}\}"
)
_REF_LINK = re.compile(r"\[(?P<text>[^\]\n]*)\]\(\s*(?:" + _SITE_REF + r")(?:#[^)\s]*)?\s*\)")
_DATED = re.compile(r"^\d{4}-\d{2}-\d{2}-")  # a Jekyll post's file name: 2019-04-25-recipe


def read_markdown(text: str, name: str, shown: str) -> ParsedArchive:
    """The file as one post: its title (front matter, else its first heading, whose link is the
    post's `url`, else the file's name), a bare URL line under the title as `url`, a `TLDR;`
    paragraph as its tl;dr, and the rest as it is."""
    split = split_front_matter(text)
    fields: dict[str, object] = {}
    problems: tuple[Diagnostic, ...] = ()
    if split is not None and split.has_front_matter:
        found, problems = load_fields(split.yaml_text, shown, 2)
        fields = {f.key: f.value for f in found}
        text = split.body
    text = from_site_root(from_jekyll(text))
    lines = text.replace("\r\n", "\n").split("\n")
    title, url, start = title_of(lines)
    url = url or safe_url(str(fields.get("url") or ""))
    tldr, body = tldr_of(lines[start:])
    stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    post = make_post(
        str(fields.get("title") or title or stem),
        f"{name}:1",
        ["\n".join(body).strip("\n")] if "".join(body).strip() else [],
        url=url,
        tags=tags_of(fields.get("tags")) + tags_of(fields.get("keywords")),
        categories=tags_of(fields.get("category") or fields.get("categories")),
        date=parse_date(str(fields.get("date") or "")),
        authors=authors_of(fields.get("authors") or fields.get("author")),
    )
    diags = tuple(yaml_warning(d, "the front matter is ignored") for d in problems)
    post = with_source_fields(replace(post, tldr=tldr or text_of(fields.get("tldr"))), fields)
    files = linked_files(text, split.body_line if split is not None else 1)
    return ParsedArchive(name, ArchiveFormat.MARKDOWN, (post,), diags, files=files)


def link_site_refs(
    posts: Sequence[ImportedPost], shown: Mapping[str, str]
) -> tuple[list[ImportedPost], list[Diagnostic]]:
    """The posts with each link to another post of their blog that their generator's source
    writes (_REF_LINK) made a wikilink to that post's note (`[[Its title|the link's words]]`),
    when the import holds that post's file; else the link's words stay, with a warning naming
    the post it led to."""
    targets = post_names(posts)
    diags: list[Diagnostic] = []

    def relink(post: ImportedPost, match: re.Match[str]) -> str:
        ref = match.group("jekyll") or match.group("hugo")
        text, title = match.group("text"), targets.get(ref_name(ref))
        if title is not None:
            return f"[[{title}|{text}]]" if text.strip() else f"[[{title}]]"
        where = FilePos(shown.get(post.origin_file, post.origin_file), post.origin_line)
        message = (
            f"the link to {ref!r} leads to a post this import does not hold: its words are kept"
        )
        diags.append(warning("import-unresolved-ref", message, where, REF_HINT))
        return text

    return [
        with_markdown(post, lambda line: _REF_LINK.sub(functools.partial(relink, post), line))  # noqa: B023
        if any(_REF_LINK.search(line.text) for b in post.blocks for line in b.lines)
        else post
        for post in posts
    ], diags


def with_markdown(post: ImportedPost, change: Callable[[str], str]) -> ImportedPost:
    """The post with each line of its markdown blocks changed so."""
    blocks = tuple(
        replace(b, lines=tuple(replace(line, text=change(line.text)) for line in b.lines))
        if b.kind is BlockKind.MARKDOWN
        else b
        for b in post.blocks
    )
    return replace(post, blocks=blocks)


REF_HINT = "import that post's file in the same run, or link its note by hand"


def post_names(posts: Sequence[ImportedPost]) -> dict[str, str]:
    """The title of each markdown post by the name a link to it may give (ref_name of its file;
    and without a Jekyll date, `recipe` for 2019-04-25-recipe.md), when no other post has it and
    the title can be a wikilink's."""
    found: dict[str, list[str]] = {}
    for post in posts:
        if not post.origin_file.lower().endswith(MARKDOWN_SUFFIXES):
            continue
        name = ref_name(post.origin_file)
        for key in dict.fromkeys((name, _DATED.sub("", name))):
            found.setdefault(key, []).append(post.title)
    return {
        key: titles[0]
        for key, titles in found.items()
        if len(set(titles)) == 1 and not set(titles[0]) & set("[]|#^")
    }


def ref_name(ref: str) -> str:
    """`_posts/2019-04-25-recipe.markdown`, `/posts/x/`, `posts/x/index.md` -> its post's file
    name without folders or extension (`2019-04-25-recipe`, `x`), case folded."""
    parts = [p for p in ref.strip().strip("/").split("/") if p]
    if not parts:
        return ""
    last = parts[-1]
    stem, dot, ext = last.rpartition(".")
    if dot and f".{ext.lower()}" in MARKDOWN_SUFFIXES:
        last = stem
    if last.lower() in ("index", "_index") and len(parts) > 1:
        last = parts[-2]
    return last.casefold()


def from_jekyll(body: str) -> str:
    """The body of a Jekyll post as plain markdown: `{% highlight py %}` … `{% endhighlight %}` as a
    fenced code block; a link's `{{ '/assets/x.png' | relative_url }}` (or `absolute_url`) as the
    path, `{{ site.baseurl }}` and `{{ site.url }}` before one left out; kramdown's attribute
    lines (`{: class="x"}`, `{:.image-caption}`) and its `* TOC` / `{:toc}` marker, which say
    nothing of the text, left out (blank lines, so that every line keeps its number; the page
    has its own contents); a link whose words are in
    brackets, `[[name]](https://…)`, which a vault would read as a wikilink, with those brackets
    escaped. Code blocks as they are."""
    out: list[str] = []
    fence = ""
    for line in body.split("\n"):
        opened, highlight = _FENCE.match(line), _HIGHLIGHT.match(line)
        if fence == "{%":
            out.append("```" if _END_HIGHLIGHT.match(line) else line)
            fence = "" if _END_HIGHLIGHT.match(line) else fence
        elif opened and (not fence or opened.group(1).startswith(fence)):
            fence = "" if fence else opened.group(1)
            out.append(line)
        elif fence:
            out.append(line)
        elif highlight:
            fence = "{%"
            out.append(f"```{highlight.group('lang') or ''}")
        elif _KRAMDOWN_ATTRIBUTES.match(line):  # (a blank line: the block it followed ends)
            if line.strip() == "{:toc}" and out and _TOC_ITEM.match(out[-1]):
                out[-1] = ""
            out.append("")
        else:
            line = _SITE_VARIABLE.sub("", _LIQUID_URL.sub(lambda m: m.group("path"), line))
            out.append(_BRACKETED_WORDS.sub(r"[\\[\1\\]](", line))
    return "\n".join(out)


def from_site_root(body: str) -> str:
    """The body with each file its links, images and `src` attributes name from the blog's root
    (`![](/assets/x.png)`, `<img src="/assets/rnn/a.gif">`, as Jekyll and Hugo posts write them)
    named by the same path from the note's folder, where the import copies it (copy_linked_files
    finds it at the blog's root); code blocks as they are."""
    out, fence = [], ""
    for line in body.split("\n"):
        opened = _FENCE.match(line)
        if opened and (not fence or opened.group(1).startswith(fence)):
            fence = "" if fence else opened.group(1)
        elif not fence:
            line = _ROOTED.sub(lambda m: m.group("before") + m.group("path"), line)
        out.append(line)
    return "\n".join(out)


def linked_files(body: str, first_line: int) -> tuple[tuple[str, int], ...]:
    """The relative paths of files the body's links and images name (not an address, an anchor,
    a path from the root or out of the folder, nor another markdown post), each with the line of
    its first link."""
    found: dict[str, int] = {}
    for at, line in enumerate(body.split("\n"), first_line):
        named = [m.group("angled") or m.group("path") for m in _LINKED_PATH.finditer(line)]
        for found_path in [*named, *(m.group("path") for m in _SRC_PATH.finditer(line))]:
            path = posixpath.normpath(unquote(found_path))
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
    )
    return replace(post, kind=source_kind(post.url, post.arxiv, post.doi))


# Jekyll's and Hugo's words for a post's summary, written as the note's `description`
SUMMARY_FIELDS = ("excerpt", "summary")


def kept_fields(fields: dict[str, object]) -> tuple[tuple[str, object], ...]:
    """The front-matter fields the importer does not read, in their order; a post's summary
    (SUMMARY_FIELDS) as its `description` when it gives none."""
    summary = next((k for k in SUMMARY_FIELDS if text_of(fields.get(k))), None)
    if "description" in fields or summary is None:
        summary = None
    return tuple(
        ("description" if k == summary else k, v) for k, v in fields.items() if k not in READ_FIELDS
    )


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


def title_of(lines: list[str]) -> tuple[str, str, int]:
    """The first heading's text (its links' words, without a bracketed `[[arXiv](…)]` after it)
    and its first http(s) link, else a bare URL line right under it, and where the body starts."""
    at = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    heading = (
        (_HEADING.match(lines[at]) or _LINK_LINE.match(lines[at])) if at < len(lines) else None
    )
    if heading is None:
        return "", "", 0
    raw = heading.group("text").strip()
    url = next((u for m in _LINK.finditer(raw) if (u := safe_url(m.group("url")))), "")
    text = _LINK.sub(lambda m: m.group("text"), _BRACKETED.sub("", raw)).strip() or raw
    after = next((i for i in range(at + 1, len(lines)) if lines[i].strip()), len(lines))
    if not url and after < len(lines) and (bare := _BARE_URL.match(lines[after].strip())):
        url = safe_url(bare.group("url"))
        if url:
            return text, url, after + 1
    return text, url, at + 1


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


def tags_of(value: object) -> tuple[str, ...]:
    """Front matter `tags` read as a note's are; none when they cannot be."""
    try:
        return as_tags(value) if value is not None else ()
    except FieldError:
        return ()
