"""Substack's export (Settings → Export: a zip holding `posts.csv`, one row per post, and
`posts/<post_id>.html`, each post's body) -> one post per newsletter or podcast post, its row's
title, date and draft status, its file's body (pure: the files' text is given).

`post_id` is `<number>.<slug>`; a draft's `post_date` may be empty; `type` is newsletter, podcast,
thread (a readers' discussion) or page; the rest (`*.opens.csv`, `*.delivers.csv`,
`email_list.*.csv`) is about readers, not posts."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from html import escape, unescape

from notebase.diagnostics import Diagnostic, FilePos, info, warning
from notebase.importers.csvfile import csv_header, csv_rows
from notebase.importers.feeds import html_content
from notebase.importers.htmlmd import SITE_HINT, LexborHTMLParser, iframe_links, kept_urls_problem
from notebase.importers.model import ArchiveFormat, ImportedPost, ParsedArchive
from notebase.importers.structured import (
    escape_text,
    make_post,
    parse_date,
    safe_url,
    without_lead_title,
)

COLUMNS = ("post_id", "post_date", "is_published", "title")
POST_TYPES = ("newsletter", "podcast", "")
BODIES = "posts"  # the folder beside posts.csv holding the bodies
# Substack's editor's chrome in a post: subscribe, share and comment buttons, the sign-up form
_CHROME = (
    ".subscription-widget-wrap, .subscription-widget-wrap-editor, .button-wrapper, .share-dialog"
)
_CHROME_LINK = ("/subscribe", "action=share", "/comments", "share=")
# a link to the publication's sign-up page (its buttons'): where its posts are, `<address>/p/<slug>`
_SUBSCRIBE = re.compile(r"""href=["'](?P<site>https://[^/"'\s]+)/subscribe\b""")
HINT = "import the posts.csv of Substack's export, its posts/ folder beside it"
LINKS_HINT = f"{SITE_HINT} (the publication's, `https://x.substack.com/`), or fix the links by hand"


def is_substack(name: str, text: str) -> bool:
    """Whether a CSV is Substack's posts.csv (by its columns)."""
    return name.lower().endswith(".csv") and all(c in csv_header(text[:2000]) for c in COLUMNS)


def body_names(text: str) -> list[str]:
    """The body files the export's posts.csv names (`posts/<post_id>.html`), for the caller to read."""
    rows, _ = csv_rows(text, "", COLUMNS, HINT)
    return [f"{BODIES}/{row['post_id']}.html" for _, row in rows if row.get("post_id")]


def post_html(body: str) -> str:
    """A post's body as its page shows it, less the editor's buttons (a button linking on
    elsewhere is kept), its footnotes (`div.footnote`, the mark `a.footnote-number` holding
    the id the text's `a.footnote-anchor` names) written as the footnote list HTML writes."""
    if not any(mark in body for mark in ("footnote", "button", "subscri", "<iframe")):
        return body
    tree = LexborHTMLParser(body)
    if tree.body is not None:
        iframe_links(tree.body)
    for node in tree.css(_CHROME):
        hrefs = [str(a.attributes.get("href") or "") for a in node.css("a")]
        if not hrefs or any(m in h for h in hrefs for m in _CHROME_LINK):
            node.decompose()
    items = []
    for note in tree.css("div.footnote"):
        mark, content = note.css_first("a.footnote-number[id]"), note.css_first(".footnote-content")
        if mark is not None and content is not None:
            items.append(f'<li id="{escape(str(mark.attributes.get("id")))}">{content.html}</li>')
            note.decompose()
    html = tree.body.html if tree.body is not None else body
    html = (html or "").removeprefix("<body>").removesuffix("</body>")
    return html + (
        f'<section class="footnotes"><ol>{"".join(items)}</ol></section>' if items else ""
    )


def publication(bodies: Mapping[str, str]) -> str:
    """The publication's address, as most of its posts' sign-up buttons link it ('' when none)."""
    sites = Counter(m["site"] for body in bodies.values() for m in _SUBSCRIBE.finditer(body))
    return sites.most_common(1)[0][0] if sites else ""


@dataclass(frozen=True, slots=True)
class Publication:
    """Where the posts are: the publication's root address (`https://x.substack.com/`), as its
    sign-up buttons state it, else the site `--site` names ('' for neither); and `--site`'s root
    when the root is that one (the export stating none), which relative links may not climb above."""

    root: str = ""
    given: str = ""


def publication_of(bodies: Mapping[str, str], site_root: str = "") -> Publication:
    """The publication its bodies state, else the one `--site` names (site_root's: ends in `/`)."""
    stated = publication(bodies)
    return Publication(stated + "/") if stated else Publication(site_root, site_root)


def cell(row: dict[str, str], column: str) -> str:
    """A cell as words (Substack writes a title's quotes as HTML's `&#x201C;`)."""
    return " ".join(unescape(row.get(column, "")).split())


def post_chunks(
    row: dict[str, str], body: str, base: str = "", site_root: str = ""
) -> tuple[list[str], tuple[str, ...]]:
    """The body's markdown blocks (a podcast's audio linked first, a closing rule left out), its
    relative links resolved against `base` (the post's page, else its publication's); those kept
    as their text (all without a `base`; with `--site`'s `site_root`, those climbing above it)."""
    chunks, unplaced = html_content(post_html(body), base, site_root)
    audio = safe_url(row.get("podcast_url", "").strip())
    lead = [f"[Audio]({audio})"] if audio.startswith("https://") and " " not in audio else []
    blocks = [*lead, *chunks]
    while blocks and blocks[-1] == "---":
        blocks.pop()
    return blocks, unplaced


def substack_post(
    row: dict[str, str],
    origin: str,
    body: str | None,
    pos: FilePos,
    site: Publication = Publication(),
) -> tuple[ImportedPost, list[Diagnostic]]:
    """One row's post, at `<publication>/p/<slug>` when the publication is known and it is
    published (a draft has no page); its body's relative links resolved against that page."""
    title = cell(row, "title")
    draft = row.get("is_published", "").strip().lower() != "true"
    slug = row.get("post_id", "").partition(".")[2]
    url = f"{site.root}p/{slug}" if site.root and slug and not draft else ""
    chunks, unplaced = post_chunks(row, body or "", url or site.root, site.given)
    diags = []
    if body is None:
        msg = f"{BODIES}/{row['post_id']}.html is not beside posts.csv: the post is imported without its text"
        diags.append(warning("import-missing-file", msg, pos, HINT))
    if unplaced:
        why = "Substack's export says no address of the publication"
        diags.append(kept_urls_problem(unplaced, why, pos, LINKS_HINT, site.given))
    post = make_post(
        title,
        origin,
        without_lead_title(chunks, title),
        url=url,
        date=parse_date(row.get("post_date", "")),
        draft=draft,
        page=url,
    )
    lead = cell(row, "subtitle")
    return (replace(post, tldr=escape_text(lead)) if lead else post), diags


def read_substack(
    text: str, name: str, shown: str, bodies: Mapping[str, str] | None = None, site_root: str = ""
) -> ParsedArchive:
    """Substack's posts.csv, with the text of each body file it names that could be read; the
    publication at `site_root` (`--site`'s) when its bodies' sign-up buttons state none."""
    rows, problem = csv_rows(text, shown, COLUMNS, HINT)
    if problem is not None:
        return ParsedArchive(name, ArchiveFormat.SUBSTACK, (), (problem,))
    posts: list[ImportedPost] = []
    diags: list[Diagnostic] = []
    left_out: Counter[str] = Counter()
    site = publication_of(bodies or {}, site_root)
    for line, row in rows:
        kind = row.get("type", "").strip().lower()
        pos = FilePos(shown, line)
        if kind not in POST_TYPES:
            left_out[kind] += 1
        elif not cell(row, "title"):
            msg = "post has no title: skipped"
            diags.append(warning("import-empty-post", msg, pos, "give the post a title"))
        else:
            body = (bodies or {}).get(f"{BODIES}/{row.get('post_id', '')}.html")
            post, problems = substack_post(row, f"{name}:{line}", body, pos, site)
            posts.append(post)
            diags += problems
    if left_out:
        kinds = ", ".join(f"{n} {k or 'untyped'}" for k, n in sorted(left_out.items()))
        msg = (
            f"{sum(left_out.values())} row(s) of Substack's export are no posts: left out ({kinds})"
        )
        hint = "its newsletter and podcast posts are imported, drafts as drafts; pages and threads are not"
        diags.append(info("import-not-a-post", msg, FilePos(shown, 1), hint))
    return ParsedArchive(name, ArchiveFormat.SUBSTACK, tuple(posts), tuple(diags))
