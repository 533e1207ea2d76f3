"""NoteFile -> Entry | diagnostics: front matter fields, one markdown parse, typed and frozen."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from notebase.diagnostics import Diagnostic, FilePos, error, warning
from notebase.digests import digest_value, remade
from notebase.fuzzy import one_slip_from
from notebase.linking.bases import HINTS as BASE_HINTS
from notebase.markdown import Rendered, render_inline, render_markdown, strip_paragraph
from notebase.markdown.admonitions import COLOR_HINT_START, NO_TYPES, AdmonitionTypes
from notebase.markdown.markers import renumber_markers
from notebase.markdown.texmacros import NO_MACROS, TexMacros
from notebase.markdown.text import quiet
from notebase.model import (
    Entry,
    EntryKind,
    LinkRef,
    NoteFile,
    ParseResult,
    PendingDate,
    Quote,
    SourceRef,
    Status,
)
from notebase.reading.bodysource import BodySource, body_source
from notebase.reading.dates import Unclear, either_order, order_shown, read_date
from notebase.reading.frontmatter import (
    DATE_WANTED,
    KNOWN_KEYS,
    Split,
    as_bool,
    as_date,
    as_list,
    as_tags,
    as_text,
    as_url,
    as_year,
    as_year_of_date,
    coerce,
    field_type_warning,
    other_date,
    other_keys,
    publish_flags,
    read_front_matter,
)
from notebase.reading.inlinefields import inline_fields
from notebase.reading.kinds import infer_kind
from notebase.reading.notewords import note_words
from notebase.reading.sourcerefs import (
    is_safe_url,
    make_source,
    strip_arxiv_prefix,
)
from notebase.reading.yamlio import Field, yaml_warning
from notebase.slugs import (
    MAX_SLUG_BYTES,
    clean_slug,
    is_folder_page,
    looks_like_file,
    normalize_name,
    normalize_tag,
    slug_from_path,
)
from notebase.urls import RESERVED_TOPS

# a status meant as a reading status: `unread`, `re-read`, `want to read`, `currently-reading`
# (not `thread`)
_READ_WORD = re.compile(r"(?<![a-z])(?:un|re-?)?read(?:ing)?(?![a-z])")
UNREADABLE_YAML = ("yaml-syntax", "yaml-not-mapping")  # no field of the front matter can be read
# an author written as a link to their note: `[[Jane Doe]]`, `[[jane-doe|Jane Doe]]`
_NAME_LINK = re.compile(r"\[\[([^\[\]|]+)(?:\|([^\[\]]+))?\]\]")


def parse_note(
    source: NoteFile, macros: TexMacros = NO_MACROS, admonitions: AdmonitionTypes = NO_TYPES
) -> ParseResult:
    """Turn one note into an Entry (its formulas with the vault's TeX `macros`, its ```ad- blocks
    and callouts with the custom `admonitions` types); content problems become diagnostics, never
    exceptions."""
    path = source.display_path
    fields, split, diags = read_front_matter(source.text, path)
    if any(d.code in UNREADABLE_YAML for d in diags):
        fields, diags = {}, [without_front_matter(d) for d in diags]
    if not source.text.strip():
        hint = "write the note, or delete the file"
        diags.append(warning("empty-note", "note is empty", FilePos(path, 1), hint, about=path))
    entry = build_entry(source, fields, split, diags, macros, admonitions)
    return ParseResult(entry, tuple(diags), pending_dates(entry, fields), date_order(fields))


# the entry's date fields, each by the front-matter keys that give it, first first
DATE_FIELDS = (("date", ("date", "created")), ("updated", ("modified", "updated")))


def date_order(fields: dict[str, Field]) -> str:
    """The order the note's dates of two numbers show, under any key (`created-at:` too, as a
    template writes them all alike): a ParseResult's date_order."""
    orders = {order_shown(f.value) for f in fields.values() if isinstance(f.value, str)} - {""}
    return "both" if len(orders) > 1 else next(iter(orders), "")


def pending_dates(entry: Entry, fields: dict[str, Field]) -> tuple[PendingDate, ...]:
    """The entry's dates left unread for being two numbers of 12 or less (`09-01-2026`), under
    each key that gives one (coerce told none of them): the vault's order fills a field no key
    gave a date, and where there is none, each is told (its other keys, other_keys, only where
    the note gives the field none)."""
    pending = []
    for name, keys in DATE_FIELDS:
        empty = getattr(entry, name) is None
        for key in keys + (other_keys(fields, name) if empty else ()):
            fld = fields.get(key)
            found = read_date(fld.value) if fld and isinstance(fld.value, str) else None
            if isinstance(found, Unclear) and found.readings and fld is not None:
                pending.append(PendingDate(name, key, fld.line, fld.value, *found.readings))
    return tuple(pending)


def settle_dates(results: Sequence[ParseResult]) -> list[ParseResult]:
    """The notes' dates of two numbers of 12 or less read in the order the vault's other dates
    show (`26-01-2026` somewhere, and no `01-26-2026`: `09-01-2026` is 9 January), as Obsidian
    users write them all in one template's format; where the vault shows no one order, each such
    date is a field-type warning and left out."""
    orders = {result.date_order for result in results} - {""}
    order = next(iter(orders)) if len(orders) == 1 and "both" not in orders else ""
    return [settled(result, order) if result.pending_dates else result for result in results]


def settled(result: ParseResult, order: str) -> ParseResult:
    """The result with its pending dates read in `order` (none: each told as a warning)."""
    entry, pending = result.entry, result.pending_dates
    if entry is None:
        return result
    if order:
        days: dict[str, dt.date] = {}
        for p in pending:  # each empty field by its first key
            if getattr(entry, p.field) is None and p.field not in days:
                days[p.field] = p.day_first if order == "day" else p.month_first
        return replace(result, entry=remade(entry, **days) if days else entry, pending_dates=())
    unread = tuple(
        field_type_warning(
            p.key, DATE_WANTED, f'"{p.written}"', FilePos(entry.pos.path, p.line), ambiguous_hint(p)
        )
        for p in pending
    )
    return replace(result, diagnostics=(*result.diagnostics, *unread), pending_dates=())


def ambiguous_hint(pending: PendingDate) -> str:
    why = ", and no other note's date says which"
    return either_order(pending.day_first, pending.month_first, why)


def without_front_matter(diag: Diagnostic) -> Diagnostic:
    """A front matter that is not YAML, as a warning: the note is built without it, as Obsidian
    opens such a note and only flags its properties (one such note stopped a vault's whole site)."""
    if diag.code not in UNREADABLE_YAML:
        return diag
    return yaml_warning(diag, "the note is built without its front matter")


def entry_source(
    get: Any, path: str, fields: dict[str, Field], diags: list[Diagnostic], body: str = ""
) -> tuple[SourceRef | None, str, str, tuple[str, ...]]:
    """The note's primary source, its `url` (when safe), the source's title (without an arXiv
    id) and its authors; a note whose front matter names none, the source its `body` names as a
    paper note's card or a Readwise export does (body_source)."""
    source_ref, url = primary_source(get, path, fields, diags)
    named = body_source(body) if source_ref is None else BodySource("", "")
    if named.url:
        source_ref, url = make_source(named.url), named.url
    title = strip_arxiv_prefix(get("source_title", as_text) or "")
    authors = first_field(get, ("authors", "author"), as_list) or [named.author] * bool(
        named.author
    )
    return source_ref, url, title, tuple(map(person_name, authors))


def person_name(written: str) -> str:
    """An author as Obsidian's Web Clipper writes one, a link to their note (`[[Jane Doe]]`,
    `[[jane-doe|Jane Doe]]`): the name shown."""
    link = _NAME_LINK.fullmatch(written)
    return (link.group(2) or link.group(1)).strip() if link else written


def build_entry(
    source: NoteFile,
    fields: dict[str, Field],
    split: Split,
    diags: list[Diagnostic],
    macros: TexMacros = NO_MACROS,
    admonitions: AdmonitionTypes = NO_TYPES,
) -> Entry:
    path = source.display_path

    def get(key: str, convert: Any) -> Any:
        return coerce(fields, key, convert, path, diags)

    fm_tldr = get("tldr", as_text) or ""
    fm_title = front_matter_title(get)
    source_ref, url, source_title, authors = entry_source(get, path, fields, diags, split.body)
    cited = quote_attribution(authors, source_title or (fm_title if source_ref else "") or "")
    body = render_markdown(split.body, not fm_tldr, fm_title is None, cited, macros, admonitions)
    tldr_html, tldr_text, prose, links = entry_tldr(body, fm_tldr, fields, split.body_line, macros)
    diags.extend(problem_diagnostics(body, path, split.body_line))
    title = fm_title or body.first_heading or title_from_path(source.rel_path)
    (publish, marked), slug, tags = published_slug(get, source, fields, diags, body.tags)
    return Entry(
        slug=slug,
        rel_path=source.rel_path,
        pos=FilePos(path, 1),
        title=title,
        kind=entry_kind(get("kind", as_text), source_ref, url, path, fields, diags),
        date=first_field(get, ("date", "created"), as_date) or other_date(fields),
        **tags,
        categories=normalize_tags(
            get("category", as_list) or (), path, fields.get("category"), diags, normalize_name
        ),
        status=entry_status(get("status", as_text), path, fields, diags),
        aliases=first_field(get, ("aliases", "alias"), as_list) or (),
        draft=bool(get("draft", as_bool)) or publish is False,
        source=source_ref,
        source_title=source_title,
        authors=authors,
        year=get("year", as_year) or source_year(get, source_ref),
        tldr_html=tldr_html,
        tldr_text=tldr_text,
        body_html=body.html,
        mention_text=prose,
        quotes=make_quotes(body, split.body_line),
        footnotes=body.footnotes,
        headings=body.headings,
        links=(*links, *property_links(fields)),
        other_sources=other_sources(body, source_ref),
        **kept_fields(fields, split.body),
        content_key=note_key(source, macros, admonitions),
        words=note_words(prose, title),
        **body_marks(body),
        description=get("description", as_text) or "",
        cssclasses=css_classes(first_field(get, ("cssclasses", "cssclass"), as_tags) or ()),
        updated=first_field(get, ("modified", "updated"), as_date) or other_date(fields, "updated"),
        source_title_line=fields["source_title"].line if source_title else 0,
        published=marked,
    )


def note_key(source: NoteFile, macros: TexMacros, admonitions: AdmonitionTypes) -> str:
    """An entry's content key: its note's path and text, and the vault's settings it was parsed
    with (the TeX macros, the custom Admonition types)."""
    return digest_value(("note", source.rel_path, source.text, macros.digest, admonitions.digest))


def front_matter_title(get: Any) -> str | None:
    """The front matter's `title`, without the `[2412.09871] ` arXiv puts before its titles."""
    title: str | None = get("title", as_text)
    return strip_arxiv_prefix(title) if title else title


def source_year(get: Any, source_ref: SourceRef | None) -> int | None:
    """The year of the source's `published:` date (or year), as Obsidian's Web Clipper writes
    it, else of its arXiv id."""
    return get("published", as_year_of_date) or year_from_arxiv(source_ref)


def entry_tags(
    get: Any, inline: tuple[str, ...], path: str, fields: dict[str, Field], diags: list[Diagnostic]
) -> dict[str, Any]:
    """The front matter's tags (`tags:`, else `tag:`, Obsidian's older name, as Quartz reads it
    too) and then the body's inline #tags: normalized (`tags`), and as written."""
    written = first_field(get, ("tags", "tag"), as_tags) or ()
    field = fields.get("tags", fields.get("tag"))
    tags = normalize_tags(written + inline, path, field, diags)
    return {"tags": tags, "written_tags": tags_as_written(written + inline)}


def tags_as_written(tags: tuple[str, ...]) -> tuple[str, ...]:
    """The tags as the note writes them, without their `#`, each spelling once (`Resource`,
    `Frontend/Vue`): what Dataview's file.tags hold, whose case a query compares
    (`filter(file.tags, (x) => x != "#Resource")`); a tag of no usable characters left out."""
    return tuple(dict.fromkeys(str(t).lstrip("#") for t in tags if normalize_tag(str(t))))


def first_field(get: Any, keys: tuple[str, ...], convert: Any) -> Any:
    """The value of the first of the keys a note gives (each is checked, so each can warn)."""
    values = [get(key, convert) for key in keys]
    return next((v for v in values if v is not None), None)


def css_classes(raw: tuple[str, ...]) -> tuple[str, ...]:
    """`cssclasses:` kept for the page's body class, each cut to letters, digits, - and _."""
    cleaned = (re.sub(r"[^\w-]", "", name) for name in raw)
    return tuple(dict.fromkeys(name for name in cleaned if name))


def quote_attribution(authors: tuple[str, ...], work: str) -> str:
    """Who a quote without its own `— …` line is by: the source's authors and its title, as far
    as the note says ('Gupta et al., Shampoo'); '' when it says neither (never a bare domain or
    id: the quote is then shown as from the note)."""
    names = authors[0] if len(authors) == 1 else ""
    if len(authors) == 2:
        names = f"{authors[0]} and {authors[1]}"
    elif len(authors) > 2:
        names = f"{authors[0]} et al."
    return ", ".join(part for part in (names, work) if part)


def entry_tldr(
    body: Rendered,
    fm_tldr: str,
    fields: dict[str, Field],
    body_line: int,
    macros: TexMacros = NO_MACROS,
) -> tuple[str, str, str, tuple[LinkRef, ...]]:
    """The tl;dr (HTML, text), the prose mentions are found in, and the links: the body's, then
    those of a front-matter tl;dr, which is rendered on its own and comes first in the prose."""
    links = shift_lines(body.links, body_line)
    if not fm_tldr:
        return body.tldr_html, body.tldr_text, body.mention_text, links
    tldr = render_inline(fm_tldr, macros)
    tldr_html, tldr_text, links = merge_tldr(tldr, links, fields["tldr"].line)
    return tldr_html, tldr_text, f"{tldr.mention_text}\n{body.mention_text}", links


def merge_tldr(
    tldr: Rendered, body_links: tuple[LinkRef, ...], line: int
) -> tuple[str, str, tuple[LinkRef, ...]]:
    """A front-matter tl;dr is rendered on its own; its link markers are renumbered after the body's."""
    base = len(body_links)
    html = renumber_markers(tldr.html, base)
    moved = tuple(replace(link, line=line) for link in tldr.links)
    return strip_paragraph(html), " ".join(tldr.text.split()), body_links + moved


PROBLEM_HINTS = {  # what to do about each problem the markdown reports
    "math-failed": "check the TeX; the formula is shown as source",
    "template-placeholder": (
        "a template's placeholders are filled in only as a note is made from it (Templater:"
        " 'Replace templates in the active file'): fill them in, or keep the template in the"
        " template folder, which is left out"
    ),
    "admonition-color": f"{COLOR_HINT_START}: `color: 68, 138, 255`",
    **BASE_HINTS,
}


def problem_diagnostics(body: Rendered, path: str, first_line: int) -> list[Diagnostic]:
    return [
        warning(code, msg, FilePos(path, line + first_line - 1), PROBLEM_HINTS[code])
        for code, msg, line in body.problems
    ]


def shift_lines(links: tuple[LinkRef, ...], first_line: int) -> tuple[LinkRef, ...]:
    return tuple(
        replace(link, line=link.line + first_line - 1) if link.line else link for link in links
    )


def clipped_url(fields: dict[str, Field]) -> str:
    """Obsidian's Web Clipper's `source:`, the clipped page's address (read when there is no
    `url`; a `source:` that is no http(s) URL is some other field of the vault's, left as it is)."""
    found = fields.get("source")
    text = found.value.strip() if found and isinstance(found.value, str) else ""
    return text if is_safe_url(text) else ""


def primary_source(
    get: Any, path: str, fields: dict[str, Field], diags: list[Diagnostic]
) -> tuple[SourceRef | None, str]:
    """The source the note's `url`, `arxiv` and `doi` name, and its `url` ("" when unsafe)."""
    url = get("url", as_url) or clipped_url(fields)
    if url and not is_safe_url(url):
        pos = FilePos(path, fields["url"].line)
        diags.append(
            warning("unsafe-url", f"`url` is not an http(s) URL: {url[:80]}", pos, "use https://…")
        )
        url = ""
    arxiv, doi = get("arxiv", as_text) or "", get("doi", as_text) or ""
    ref = make_source(url, arxiv, doi)
    if (arxiv or doi) and ref is not None and not ref.is_paper:
        key = "arxiv" if arxiv else "doi"
        diags.append(
            warning(
                "bad-identifier",
                f"`{key}` is not a valid identifier",
                FilePos(path, fields[key].line),
            )
        )
    return ref, url


def page_slug(
    get: Any,
    rel_path: str,
    path: str,
    fields: dict[str, Field],
    diags: list[Diagnostic],
    garden_home: bool = False,
) -> str:
    """The page's URL (entry_slug) from `slug:`, else `permalink:` (Quartz's and Obsidian
    Publish's) or `dg-permalink:` (Obsidian's Digital Garden plugin's), else from its path; a note
    marked `dg-home: true` without one is the home page's, as that plugin makes it, and so is
    one its site makes its home (`garden_home`: published `dg-publish: true`, tagged
    `gardenEntry`, as a note's tags are read)."""
    key = next((k for k in ("slug", "permalink", "dg-permalink") if k in fields), "slug")
    raw = get(key, as_text)
    if raw is None and key == "slug" and get("dg-home", as_bool) is True:
        return ""
    if garden_home:
        return ""
    return entry_slug(raw, key, rel_path, path, fields, diags)


GARDEN_ENTRY = normalize_tag("gardenEntry")  # the Digital Garden plugin's tag of its home note


def published_slug(
    get: Any, source: NoteFile, fields: dict[str, Field], diags: list[Diagnostic], inline: Any
) -> tuple[tuple[bool | None, bool], str, dict[str, Any]]:
    """The note's publish flags (publish_flags), its page's URL (page_slug) and its tags (entry_tags, with the
    body's `inline` ones), which the URL of a Digital Garden site's home note depends on."""
    path, rel_path = source.display_path, source.rel_path
    publish, marked = publish_flags(fields, path, diags)
    tags = entry_tags(get, inline, path, fields, diags)
    home = garden_home(fields, marked, tags)
    return (publish, marked), page_slug(get, rel_path, path, fields, diags, home), tags


def garden_home(fields: dict[str, Field], marked: bool, tags: dict[str, Any]) -> bool:
    """Whether a Digital Garden site makes the note its home: published by the plugin
    (`dg-publish: true`) and tagged `gardenEntry` (entry_tags: as a note's tags are read)."""
    return "dg-publish" in fields and marked and GARDEN_ENTRY in tags["tags"]


def entry_slug(
    raw: str | None,
    key: str,
    rel_path: str,
    path: str,
    fields: dict[str, Field],
    diags: list[Diagnostic],
) -> str:
    """The page's URL from `slug:` (or Quartz's `permalink:`), cleaned, else from its path. An
    Obsidian Publish `permalink: /` makes the note the home page's, as the root index.md is
    (index.drop_collisions keeps one such note)."""
    if raw is None:
        return slug_from_path(rel_path)
    slug = clean_slug(raw)
    if key != "slug" and not slug and raw.strip() == "/":
        return ""
    if key != "slug" and not usable_permalink(slug):
        pos = FilePos(path, fields[key].line)
        message = f"permalink {raw!r} names no page of its own on this site; the path's URL is used"
        diags.append(warning("permalink-ignored", message, pos, "use slug: to choose the URL"))
        return slug_from_path(rel_path)
    if not slug or slug != raw.strip().strip("/"):
        pos = FilePos(path, fields[key].line)
        if not slug:
            diags.append(
                error(
                    "bad-slug",
                    f"slug {raw!r} has no usable characters",
                    pos,
                    "use letters, digits and -",
                )
            )
            return slug_from_path(rel_path)
        if not names_own_path(slug, rel_path):
            diags.append(slug_cleaned_warning(raw, slug, pos))
    return slug


def names_own_path(slug: str, rel_path: str) -> bool:
    """Whether a cleaned `permalink:` is the note's own path's URL, or its end: Obsidian's Digital
    Garden plugin writes every note it publishes one of its path in the vault (`/docs/My Note/`
    of src/site/notes/docs/My Note.md), whether notes/ is that folder or the site's, src/site
    (notes/docs/My Note.md): cleaned, it says nothing new."""
    own = slug_from_path(rel_path)
    return own == slug or own.endswith("/" + slug)


def slug_cleaned_warning(raw: str, slug: str, pos: FilePos) -> Diagnostic:
    """A `slug:` (or permalink) whose characters a URL cannot hold, and the URL made of it."""
    return warning(
        "slug-cleaned",
        f"slug {raw!r} was cleaned to {slug!r}",
        pos,
        f"slugs are lowercase words joined by - and /, each part {MAX_SLUG_BYTES} bytes at most",
    )


def usable_permalink(slug: str) -> bool:
    """Whether a cleaned `permalink:` can be an entry's URL: names of the site's own pages
    (`tags`, `links`, …) are not, where a `slug:` given so is an error (Publish and Quartz vaults
    use permalinks their own way)."""
    top = slug.split("/", 1)[0] + "/"
    return bool(slug) and top not in RESERVED_TOPS


def entry_kind(
    raw: str | None,
    ref: SourceRef | None,
    url: str,
    path: str,
    fields: dict[str, Field],
    diags: list[Diagnostic],
) -> EntryKind:
    if raw is not None:
        try:
            return EntryKind(raw.lower())
        except ValueError:
            pos = FilePos(path, fields["kind"].line)
            message = f"kind {raw!r} is not one of paper, link, note; inferred instead"
            diags.append(warning("bad-kind", message, pos, "omit `kind` to infer it"))
    if ref is None:
        return infer_kind()
    return infer_kind(url, paper=ref.is_paper, source=True)


def entry_status(
    raw: str | None, path: str, fields: dict[str, Field], diags: list[Diagnostic]
) -> Status | None:
    """The reading status a note gives; None when it gives none, or one that is none of them: a
    warning when it looks meant for one (`unread`, `re-read`, a slip: `raeding`), else taken for
    the vault's own (`seedling`, `active`, `🟩`, as gardens and project notes write them)."""
    if raw is None:
        return None
    word = raw.lower().replace(" ", "-").replace("_", "-")
    try:
        return Status(word)
    except ValueError:
        pass
    if _READ_WORD.search(word) or one_slip_from(word, tuple(Status)) is not None:
        pos = FilePos(path, fields["status"].line)
        message = f"status {raw!r} is not one of to-read, reading, read"
        hint = "fix it, or remove it: a note without `status` has no reading status"
        diags.append(warning("bad-status", message, pos, hint))
    return None


def normalize_tags(
    raw: tuple[str, ...],
    path: str,
    field: Field | None,
    diags: list[Diagnostic],
    normalize: Callable[[str], str] = normalize_tag,
) -> tuple[str, ...]:
    tags: dict[str, None] = {}  # in first-seen order
    for tag in raw:
        norm = normalize(tag)
        if not norm:
            line = field.line if field is not None else 1
            diags.append(
                warning(
                    "bad-tag",
                    f"tag {tag!r} has no usable characters; dropped",
                    FilePos(path, line),
                    "a tag's page is named by its letters and digits: give it some, or remove it",
                )
            )
        else:
            tags.setdefault(norm)
    return tuple(tags)


def year_from_arxiv(ref: SourceRef | None) -> int | None:
    """arXiv ids start with YYMM: 2505.02809 was submitted in 2025."""
    if ref is None or not ref.arxiv[:2].isdigit() or "." not in ref.arxiv:
        return None
    return 2000 + int(ref.arxiv[:2])


def other_sources(body: Rendered, primary: SourceRef | None) -> tuple[SourceRef, ...]:
    seen = {primary.key} if primary else set()
    found: list[SourceRef] = []
    for url, _line in body.urls:
        ref = make_source(url)
        if ref is not None and ref.key not in seen:
            seen.add(ref.key)
            found.append(ref)
    return tuple(found)


def make_quotes(body: Rendered, first_line: int) -> tuple[Quote, ...]:
    """The note's quotes as the quotes and source pages show them, away from the note: without
    ids or footnote links (its footnotes are on its own page)."""
    return tuple(
        Quote(q.anchor, quiet(q.html), q.text, q.attribution, q.line + first_line - 1)
        for q in body.quotes
    )


def title_from_path(rel_path: str) -> str:
    """The file's name without `.md`, as it is: as Obsidian and Quartz title a note
    (`8 - chiusura.md`, `sr.value_counts().md`, `Q-Learning.md`); a folder's page, its
    `index.md` (or Hugo's `_index.md`), by the folder's name, as MkDocs titles a section's page,
    where "index" says nothing and every folder's page would share it."""
    folder, _, name = rel_path.rpartition("/")
    stem = (
        folder.rsplit("/", 1)[-1] if folder and is_folder_page(name) else name.removesuffix(".md")
    )
    return stem.strip() or stem


def property_links(fields: dict[str, Field]) -> list[LinkRef]:
    """The `[[Note]]` links front-matter fields hold as whole values (`categories: ["[[Books]]"]`),
    in the order of their lines; links to a file (`cover: "[[x.jpg]]"`) are left out."""
    found: list[LinkRef] = []
    for fld in sorted(fields.values(), key=lambda f: f.line):
        for text in texts_in(fld.value):
            m = _NAME_LINK.fullmatch(text.strip())
            target, _, fragment = m.group(1).partition("#") if m else ("", "", "")
            if target.strip() and not looks_like_file(target):
                link = LinkRef(target.strip(), True, fld.line, fragment.strip(), in_properties=True)
                found.append(link)
    return found


def texts_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in texts_in(item)]
    return []


def body_marks(body: Rendered) -> dict[str, Any]:
    """What the entry keeps of its body's markup besides the HTML: its element ids, the `# heading`
    it opens with, and whether it holds a base or query block."""
    return {"anchors": body.anchors, "opening_heading": body.opening, "holds_base": body.holds_base}


def kept_fields(fields: dict[str, Field], body: str) -> dict[str, Any]:
    """The front matter kept for templates (`extra`: the keys the build does not read) and for
    Obsidian bases and Dataview queries (`properties`: every key, and the body's inline fields)."""
    return {"extra": extra_fields(fields), "properties": properties_json(fields, body)}


def properties_json(fields: dict[str, Field], body: str = "") -> str:
    """The front matter as JSON, keys sorted, a date or time as its ISO text, with the inline
    fields of the body that it does not hold ("" when none)."""
    values = inline_fields(body) | {key: plain_value(fld.value) for key, fld in fields.items()}
    return json.dumps(values, sort_keys=True, ensure_ascii=False) if values else ""


def plain_value(value: Any) -> Any:
    """A YAML value as JSON holds it: a mapping's keys as text, a date or time as its ISO text."""
    if isinstance(value, dict):
        return {str(k): plain_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_value(v) for v in value]
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return value if value is None or isinstance(value, str | int | float) else str(value)


def extra_fields(fields: dict[str, Field]) -> tuple[tuple[str, str], ...]:
    return tuple((k, str(f.value)) for k, f in sorted(fields.items()) if k not in KNOWN_KEYS)
