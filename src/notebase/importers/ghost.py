"""Ghost's export (Settings → Export: `{"db": [{"meta": …, "data": {"posts": […], "tags": […],
"posts_tags": […], "users": […], "posts_authors": […]}}]}`, its database as JSON) -> one post per
published or draft post, its tags and authors from the join tables; pages and the rest of the
database (settings, members, newsletters) left out (pure).

Ghost stores each post's HTML as it shows it, its own site's address written `__GHOST_URL__`
(since Ghost 4; before it, a path from the site's root, `/slug/`): a link to another post of the
export is made a wikilink to its note; its other links and images (`__GHOST_URL__/content/images/…`)
are named from the site's root. A post the export holds only in its editor's document (mobiledoc,
lexical) is read from the HTML ghostdoc.py makes of it."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import unquote

from notebase.diagnostics import Diagnostic, FilePos, error, info, warning
from notebase.importers.feeds import html_content, plain_chunks
from notebase.importers.ghostdoc import Rendered, editor_html
from notebase.importers.htmlmd import SITE_HINT, kept_urls_problem
from notebase.importers.markup import fits_wikilink, note_link
from notebase.importers.model import ArchiveFormat, ImportedPost, ParsedArchive
from notebase.importers.structured import (
    LineIndex,
    escape_text,
    line_index,
    make_post,
    parse_date,
    safe_url,
    without_lead_title,
)
from notebase.reading.vaultjson import NotJson, parse_json

# the export's start: Ghost writes `db` (or, in an export of one database, `meta`) first
_GHOST_START = re.compile(r'^\s*\{\s*"(?:db|meta)"\s*:\s*[\[{]')
SITE = "__GHOST_URL__"
# what a link to another post of the export is made before conversion: absolute, so kept a link
_OWN = "https://ghost-post.invalid/"
_OWN_LINK = re.compile(r"\[(?P<text>[^\]\n]*)\]\(" + re.escape(_OWN) + r"(?P<slug>[^)/\s]+)/?\)")
# what a file of the site (`__GHOST_URL__/content/images/…`) is named before conversion, and after
# it from the note's folder (copied there from the site's folder, when the export is in it)
_FILES = "https://ghost-site.invalid/"
_FILE_LINK = re.compile(re.escape(_FILES) + r"(?P<rel>content/[^)\s>]+)")
# a link or an image from the site's root: `__GHOST_URL__/…` (Ghost 4 on), `/…` (before it)
_SITE_HREF = re.compile(
    r"""(?P<attr>\b(?:href|src)\s*=\s*["'])(?:""" + SITE + r")?/(?!/)(?P<rest>[^\"'#?]*)"
)
DRAFTS = ("draft", "scheduled")
RESAVE_HINT = "open and save the post in Ghost, then export again"
HINT_UNRESOLVED = f"{SITE_HINT} (the export does not say it)"


@dataclass(frozen=True, slots=True)
class Tables:
    """The export's tables a post is read with: tag and author names by post id."""

    tags: dict[str, list[str]]
    authors: dict[str, list[str]]
    slugs: dict[str, str]  # each post's title by its slug (a link to it made a wikilink)


def starts_as_ghost(head: str) -> bool:
    """Whether a file's first characters are those of Ghost's export (its `db` or `meta` first)."""
    return bool(_GHOST_START.match(head.lstrip("\ufeff")))


def is_ghost(text: str) -> bool:
    """Whether the text is Ghost's export (cheap: its first characters)."""
    return starts_as_ghost(text[:200]) and '"posts"' in text


def databases(export: Any) -> list[dict[str, Any]]:
    """The export's databases' `data` (an export holds one, in `db`; an old one none around it)."""
    found = export.get("db", [export]) if isinstance(export, dict) else []
    return [db["data"] for db in found if isinstance(db, dict) and isinstance(db.get("data"), dict)]


def rows(data: dict[str, Any], table: str) -> list[dict[str, Any]]:
    value = data.get(table)
    return [r for r in value if isinstance(r, dict)] if isinstance(value, list) else []


def joined(
    data: dict[str, Any], table: str, key: str, names: dict[str, str]
) -> dict[str, list[str]]:
    """Each post's names through a join table (`posts_tags`), in the order it says (`sort_order`)."""
    out: dict[str, list[str]] = {}
    links = sorted(rows(data, table), key=lambda r: r.get("sort_order") or 0)
    for link in links:
        name = names.get(str(link.get(key)))
        if name:
            out.setdefault(str(link.get("post_id")), []).append(name)
    return out


def tables(data: dict[str, Any]) -> Tables:
    # a tag named `#…` is Ghost's internal tag (for themes and filters): no topic
    tags = {
        str(t.get("id")): str(t.get("name") or "").strip()
        for t in rows(data, "tags")
        if not str(t.get("name") or "").startswith("#")
    }
    users = {str(u.get("id")): str(u.get("name") or "").strip() for u in rows(data, "users")}
    slugs = {
        str(p.get("slug")): str(p.get("title") or "").strip()
        for p in rows(data, "posts")
        if p.get("slug") and p.get("type", "post") == "post"
    }
    return Tables(
        joined(data, "posts_tags", "tag_id", tags),
        joined(data, "posts_authors", "author_id", users),
        {s: t for s, t in slugs.items() if t and fits_wikilink(t)},
    )


def site_html(html: str, slugs: dict[str, str]) -> str:
    """A post's HTML with its links from the site's root read (`__GHOST_URL__/…`, `/…`): a link
    to a post of the export kept for a wikilink, any other named from the site's root."""

    def where(m: re.Match[str]) -> str:
        rest = m["rest"]
        *dated, slug = rest.strip("/").split("/")
        if slug in slugs and all(part.isdigit() for part in dated):  # /slug/, /2021/05/slug/
            return m["attr"] + _OWN + slug + "/"
        return m["attr"] + (_FILES if rest.startswith("content/") else "/") + rest

    return _SITE_HREF.sub(where, html)


def own_links(chunk: str, slugs: dict[str, str]) -> str:
    """The chunk's links to posts of the export as wikilinks to their notes."""

    def wikilink(m: re.Match[str]) -> str:
        return note_link(slugs[m["slug"]], m["text"])

    return _OWN_LINK.sub(wikilink, chunk) if _OWN in chunk else chunk


def site_files(chunk: str, files: list[str]) -> str:
    """The chunk with its links to the site's files named from the note's folder (`content/…`),
    each file's path added to `files`."""
    if _FILES not in chunk:
        return chunk

    def rel(m: re.Match[str]) -> str:
        files.append(unquote(m["rel"]))
        return m["rel"]

    return _FILE_LINK.sub(rel, chunk)


def post_html(post: dict[str, Any]) -> Rendered:
    """The post's HTML: as the export holds it, else made from its editor's document (a Ghost 1
    to 4 export may hold a post only as mobiledoc, a Ghost 5 one only as lexical)."""
    html = str(post.get("html") or "")
    return Rendered(html) if html.strip() else editor_html(post)


def post_chunks(
    post: dict[str, Any], html: str, slugs: dict[str, str], site: str = ""
) -> tuple[list[str], Sequence[str], list[str]]:
    """The post's body (its `html`) as markdown blocks (its feature image first), its relative
    URLs kept as text (without `site`: all; with it, those climbing above it), and the site's
    files it shows."""
    chunks, unplaced = html_content(site_html(html, slugs), site, site)
    if not chunks:
        chunks = plain_chunks(str(post.get("plaintext") or ""))
    image = safe_url(str(post.get("feature_image") or "").replace(SITE + "/", _FILES))
    lead = [f"![]({image})"] if image.startswith(("http://", "https://")) else []
    files: list[str] = []
    return [site_files(own_links(c, slugs), files) for c in [*lead, *chunks]], unplaced, files


def document_problems(
    post: dict[str, Any], body: Rendered, has_text: bool, pos: FilePos
) -> list[Diagnostic]:
    """What the post's editor document (read for want of its HTML) lacked: its JSON unreadable,
    no text in it, cards not known (kept as their text and links)."""
    diags = []
    if body.problem:
        kept = "imported from its plain text" if has_text else "imported without its text"
        diags.append(warning("import-bad-document", f"{body.problem}: {kept}", pos, RESAVE_HINT))
    elif not has_text and (post.get("mobiledoc") or post.get("lexical")):
        msg = "the post's editor document (it has no html) holds no text: imported without it"
        diags.append(warning("import-empty-post", msg, pos, RESAVE_HINT))
    if body.unknown:
        names = ", ".join(body.unknown)
        msg = f"card(s) of Ghost's editor not known ({names}): kept as their text and links"
        hint = "compare the note with the post on the site and complete it by hand"
        diags.append(warning("import-unknown-card", msg, pos, hint))
    return diags


def ghost_post(
    post: dict[str, Any], origin: str, found: Tables, pos: FilePos, site: str = ""
) -> tuple[ImportedPost | None, list[Diagnostic], list[str]]:
    """One post of the export as a note's post, what was read past in it, and the site's files
    it shows; its links to the site's other pages resolved against `site` (`--site`), if given."""
    title = " ".join(str(post.get("title") or "").split())
    if not title:
        msg = "post has no title: skipped"
        return None, [warning("import-empty-post", msg, pos, "give the post a title in Ghost")], []
    body = post_html(post)
    chunks, unplaced, files = post_chunks(post, body.html, found.slugs, site)
    diags = document_problems(post, body, bool(chunks), pos)
    if unplaced:
        why = "Ghost's export says no site address"
        diags.append(kept_urls_problem(unplaced, why, pos, HINT_UNRESOLVED, site))
    pid = str(post.get("id"))
    canonical = safe_url(str(post.get("canonical_url") or ""))
    canonical = canonical if canonical.startswith(("http://", "https://")) else ""
    made = make_post(
        title,
        origin,
        without_lead_title(chunks, title),
        url=canonical,
        tags=found.tags.get(pid, ()),
        date=parse_date(str(post.get("published_at") or post.get("created_at") or "")),
        authors=found.authors.get(pid, ()),
        draft=str(post.get("status")) in DRAFTS,
        page=canonical,
    )
    excerpt = " ".join(str(post.get("custom_excerpt") or "").split())
    return (replace(made, tldr=escape_text(excerpt)) if excerpt else made), diags, files


def post_line(post: dict[str, Any], text: str, lines: LineIndex) -> int:
    found = text.find(f'"id": {json.dumps(str(post.get("id")))}')
    if found < 0:
        found = text.find(f'"id":{json.dumps(str(post.get("id")))}')
    return lines.line(found) if found >= 0 else 1


SHOWN_TABLES = 6  # the tables left out that are named (a Ghost 5 export holds some 40)
READ_TABLES = ("posts", "tags", "posts_tags", "users", "posts_authors")


def left_out(kinds: Counter[str], data: Sequence[dict[str, Any]], shown: str) -> Diagnostic | None:
    """What the export holds besides posts (its pages, the tables not read), told once."""
    held = dict.fromkeys(t for d in data for t, v in d.items() if isinstance(v, list) and v)
    others = sorted(t for t in held if t not in READ_TABLES)
    named = ", ".join(others[:SHOWN_TABLES]) + (", …" if len(others) > SHOWN_TABLES else "")
    parts = [", ".join(f"{n} {k}(s)" for k, n in sorted(kinds.items()))] if kinds else []
    parts += [f"its {len(others)} other table(s) ({named})"] if others else []
    if not parts:
        return None
    message = f"Ghost's export: {' and '.join(parts)} left out"
    hint = (
        "its posts are imported, drafts as drafts; pages, settings, members and newsletters are not"
    )
    return info("import-not-a-post", message, FilePos(shown, 1), hint)


def read_ghost(text: str, name: str, shown: str, site: str = "") -> ParsedArchive:
    """Ghost's JSON export: one post per post (drafts as drafts); the site's address `site`
    (`--site`), which the export does not say, when given."""
    export = parse_json(text)
    if isinstance(export, NotJson):
        msg, pos = f"cannot read the export: {export.why}", FilePos(shown, export.line)
        hint = "fix the JSON, or export again from Ghost"
        return ParsedArchive(
            name, ArchiveFormat.GHOST, (), (error("import-bad-feed", msg, pos, hint),)
        )
    data = databases(export)
    lines = line_index(text)
    posts: list[ImportedPost] = []
    diags: list[Diagnostic] = []
    kinds: Counter[str] = Counter()
    files: dict[str, int] = {}  # each file of the site a post shows, with its first post's line
    for db in data:
        found = tables(db)
        for post in rows(db, "posts"):
            kind = str(post.get("type") or ("page" if post.get("page") else "post"))
            if kind != "post":
                kinds[kind] += 1
                continue
            line = post_line(post, text, lines)
            pos = FilePos(shown, line)
            made, problems, shows = ghost_post(post, f"{name}:{line}", found, pos, site)
            posts += [made] if made else []
            diags += problems
            files.update((rel, line) for rel in shows if rel not in files)
    if (told := left_out(kinds, data, shown)) is not None:
        diags.append(told)
    if not posts:
        hint = "Ghost's export holds its posts in `db[0].data.posts`"
        diags.append(
            warning(
                "import-no-posts",
                "no posts in the export: nothing imported",
                FilePos(shown, 1),
                hint,
            )
        )
    return ParsedArchive(
        name, ArchiveFormat.GHOST, tuple(posts), tuple(diags), files=tuple(files.items())
    )
