"""Substack's export (Settings → Export: a zip holding `posts.csv`, one row per post, and
`posts/<post_id>.html`, each post's body) -> one post per newsletter or podcast post, its row's
title, date and draft status, its file's body (pure: the files' text is given).

`post_id` is `<number>.<slug>`; a draft's `post_date` may be empty; `type` is newsletter, podcast,
thread (a readers' discussion) or page; the rest (`*.opens.csv`, `*.delivers.csv`,
`email_list.*.csv`) is about readers, not posts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from html import escape

from selectolax.lexbor import LexborHTMLParser

from notebase.diagnostics import Diagnostic, FilePos, info, warning
from notebase.importers.csvfile import csv_header, csv_rows
from notebase.importers.feeds import html_content
from notebase.importers.htmlmd import unresolved_warning
from notebase.importers.model import ArchiveFormat, ImportedPost, ParsedArchive
from notebase.importers.structured import escape_text, make_post, parse_date, without_lead_title

COLUMNS = ("post_id", "post_date", "is_published", "title")
POST_TYPES = ("newsletter", "podcast", "")
BODIES = "posts"  # the folder beside posts.csv holding the bodies
# Substack's editor's chrome in a post: subscribe, share and comment buttons, the sign-up form
_CHROME = (
    ".subscription-widget-wrap, .subscription-widget-wrap-editor, .button-wrapper, .share-dialog"
)
_CHROME_LINK = ("/subscribe", "action=share", "/comments", "share=")
HINT = "import the posts.csv of Substack's export, its posts/ folder beside it"


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
    if "footnote" not in body and "button" not in body and "subscri" not in body:
        return body
    tree = LexborHTMLParser(body)
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


def substack_post(
    row: dict[str, str], origin: str, body: str | None, pos: FilePos
) -> tuple[ImportedPost, list[Diagnostic]]:
    title = " ".join(row.get("title", "").split())
    chunks, unplaced = html_content(post_html(body or ""), "")
    diags = []
    if body is None:
        msg = f"{BODIES}/{row['post_id']}.html is not beside posts.csv: the post is imported without its text"
        diags.append(warning("import-missing-file", msg, pos, HINT))
    if unplaced:
        why = "Substack's export says no address of the publication"
        diags.append(unresolved_warning(unplaced, why, pos, "fix the links by hand"))
    post = make_post(
        title,
        origin,
        without_lead_title(chunks, title),
        date=parse_date(row.get("post_date", "")),
        draft=row.get("is_published", "").strip().lower() != "true",
    )
    lead = " ".join(row.get("subtitle", "").split())
    return (replace(post, tldr=escape_text(lead)) if lead else post), diags


def read_substack(
    text: str, name: str, shown: str, bodies: Mapping[str, str] | None = None
) -> ParsedArchive:
    """Substack's posts.csv, with the text of each body file it names that could be read."""
    rows, problem = csv_rows(text, shown, COLUMNS, HINT)
    if problem is not None:
        return ParsedArchive(name, ArchiveFormat.SUBSTACK, (), (problem,))
    posts: list[ImportedPost] = []
    diags: list[Diagnostic] = []
    left_out: Counter[str] = Counter()
    for line, row in rows:
        kind = row.get("type", "").strip().lower()
        pos = FilePos(shown, line)
        if kind not in POST_TYPES:
            left_out[kind] += 1
        elif not " ".join(row.get("title", "").split()):
            msg = "post has no title: skipped"
            diags.append(warning("import-empty-post", msg, pos, "give the post a title"))
        else:
            body = (bodies or {}).get(f"{BODIES}/{row.get('post_id', '')}.html")
            post, problems = substack_post(row, f"{name}:{line}", body, pos)
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
