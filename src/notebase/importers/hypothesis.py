"""Reading Hypothesis (hypothes.is) annotations -> one post per annotated document: the client's
JSON export (`{"export_date", "export_userid", "client_version", "annotations": […]}`) or the API's
search results (`{"total", "rows": […]}`, or the rows alone); each highlight a quote (its
`TextQuoteSelector`'s `exact`) with the annotator's note after it, page notes as their text,
replies under the annotation they answer (pure)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from notebase.diagnostics import Diagnostic, FilePos, error, warning
from notebase.importers.model import ArchiveFormat, ImportedPost, ParsedArchive
from notebase.importers.structured import (
    escape_text,
    line_index,
    make_post,
    parse_date,
    safe_url,
    tag_names,
)
from notebase.reading.sourcerefs import strip_arxiv_prefix
from notebase.reading.vaultjson import NotJson, parse_json

_ACCOUNT = re.compile(r'"(?:user|export_userid)"\s*:\s*"acct:[^"@\s]+@[^"\s]+"')
_ANNOTATION_KEY = re.compile(r'"(?:uri|target|annotations|rows)"\s*:')
_ACCT = re.compile(r"^acct:(?P<name>[^@]+)@")
_CODE = re.compile(r"^(`{3,}|~{3,})[^\n]*\n.*?^\1[ \t]*$|(`+)(?!`).+?(?<!`)\2(?!`)", re.M | re.S)
_MD_LINK = re.compile(
    r"!?\[(?P<label>[^\]\n]*)\]\(\s*<?(?P<url>(?:[^\s()<>]|\([^\s()<>]*\))*)>?"
    r"(?:\s+\"[^\"\n]*\")?\s*\)"
)
_REF_DEF = re.compile(r"^(?P<lead> {0,3})\[(?P<rest>[^\]\n]+\]:[ \t]*<?(?P<url>[^\s>]*).*)$", re.M)
_TAG_OPEN = re.compile(r"<(?!https?://[^\s<>]*>)(?=[a-z/!?])", re.I)
_ENTITY = re.compile(r"&(?=#?\w+;)")
HINT = "export the annotations from Hypothesis (Share › Export, JSON) or save the API's search"


@dataclass(frozen=True, slots=True)
class Annotation:
    """One annotation as the note shows it: where it is, what it quotes and what was said."""

    id: str
    uri: str
    title: str
    line: int
    quote: str = ""  # the highlighted words ('' for a page note or a reply)
    page: str = ""  # a PDF's page label
    start: int = -1  # its place in the document's text (-1 when unknown)
    text: str = ""  # the annotator's note, markdown
    tags: tuple[str, ...] = ()
    created: str = ""  # as written: ISO times order as text
    user: str = ""
    link: str = ""  # the annotation in context, on hyp.is
    parent: str = ""  # the annotation a reply answers (its thread's first)
    converted: bool = False  # `text` is already safe markdown (converted from the HTML export)


def is_hypothesis(text: str) -> bool:
    """Whether the text is Hypothesis's JSON: annotations by `acct:` users (cheap: its start)."""
    head = text[:20000].lstrip()
    return (
        head.startswith(("{", "["))
        and bool(_ACCOUNT.search(head))
        and bool(_ANNOTATION_KEY.search(head))
    )


def annotation_list(data: Any) -> tuple[str, list[Any]] | None:
    """(the key holding them, '' for a bare list; the annotations) of an export or a search."""
    if isinstance(data, list):
        return "", data
    if isinstance(data, dict):
        for key in ("annotations", "rows"):
            if isinstance(data.get(key), list):
                return key, data[key]
    return None


def element_lines(text: str, key: str) -> list[int]:
    """The line each element of the annotations' list starts on (the text is valid JSON)."""
    start = re.compile(rf'"{key}"\s*:\s*\[' if key else r"\s*\[").search(text)
    if start is None:
        return []
    index, decoder, at = line_index(text), json.JSONDecoder(), start.end()
    lines: list[int] = []
    while True:
        while at < len(text) and text[at] in " \t\r\n,":
            at += 1
        if at >= len(text) or text[at] == "]":
            return lines
        lines.append(index.line(at))
        try:
            at = decoder.raw_decode(text, at)[1]
        except ValueError:
            return lines


def string(value: Any) -> str:
    return value if isinstance(value, str) else ""


def document_title(raw: dict[str, Any]) -> str:
    """`document.title`: a list of one title as the API gives it, or a string."""
    document = raw.get("document")
    title = document.get("title") if isinstance(document, dict) else None
    titles = title if isinstance(title, list) else [title]
    title = next((" ".join(t.split()) for t in titles if isinstance(t, str) and t.strip()), "")
    return strip_arxiv_prefix(title)


def selectors(raw: dict[str, Any]) -> list[dict[str, Any]]:
    """The selectors of the annotation's first target ([] for a page note or a reply)."""
    targets = raw.get("target")
    target = targets[0] if isinstance(targets, list) and targets else None
    found = target.get("selector") if isinstance(target, dict) else None
    return [s for s in found if isinstance(s, dict)] if isinstance(found, list) else []


def selected(found: list[dict[str, Any]]) -> tuple[str, str, int]:
    """(quoted words, page label, place in the text) its selectors give."""
    by_type = {string(s.get("type")): s for s in found}
    quote = next((string(s.get("exact")) for s in found if string(s.get("exact")).strip()), "")
    page = by_type.get("PageSelector", {}).get("label")
    start = by_type.get("TextPositionSelector", {}).get("start")
    place = start if isinstance(start, int) and not isinstance(start, bool) else -1
    return quote, page if isinstance(page, str) else "", place


def parent_of(raw: dict[str, Any]) -> str:
    references = raw.get("references")
    return string(references[0]) if isinstance(references, list) and references else ""


def read_annotation(raw: Any, line: int, shown: str) -> Annotation | Diagnostic:
    """One annotation of the list, or why it is imported as none."""
    pos = FilePos(shown, line)
    if not isinstance(raw, dict):
        return warning("import-bad-annotation", "not an annotation (an object): skipped", pos, HINT)
    uri = string(raw.get("uri")).strip()
    if not uri:
        msg = "annotation has no `uri` (the annotated document): skipped"
        return warning("import-bad-annotation", msg, pos, "each annotation names its `uri`")
    found, text = selectors(raw), string(raw.get("text")).strip()
    quote, page, start = selected(found)
    if found and not quote and not text:
        msg = "annotation's selector quotes no text (no `exact`) and it has no note: skipped"
        return warning("import-bad-annotation", msg, pos, "a `TextQuoteSelector` holds `exact`")
    tags = raw.get("tags")
    links = raw.get("links")
    return Annotation(
        id=string(raw.get("id")),
        uri=uri,
        title=document_title(raw),
        line=line,
        quote=quote,
        page=page,
        start=start,
        text=text,
        tags=tag_names(t for t in tags if isinstance(t, str)) if isinstance(tags, list) else (),
        created=string(raw.get("created")),
        user=user_name(string(raw.get("user"))),
        link=safe_url(string(links.get("incontext"))) if isinstance(links, dict) else "",
        parent=parent_of(raw),
    )


def quote_warning(raw: Any, found: Annotation, shown: str) -> Diagnostic | None:
    """A highlight whose selector holds no quoted words is kept as a note on the page: told."""
    if not isinstance(raw, dict) or found.quote or found.parent or not selectors(raw):
        return None
    return warning(
        "import-bad-annotation",
        "annotation's selector quotes no text (no `exact`): its note kept as a note on the page",
        FilePos(shown, found.line),
        "a `TextQuoteSelector` holds the highlighted words in `exact`",
    )


def user_name(user: str) -> str:
    """`acct:jo@hypothes.is` -> `jo`."""
    m = _ACCT.match(user)
    return m.group("name") if m else user


def safe_markdown(text: str) -> str:
    """The annotator's markdown kept, but for its HTML (escaped) and its links that are no
    http(s) address (`javascript:`, relative): their text kept. Code is left as written."""
    out, at = [], 0
    for m in _CODE.finditer(text):
        out += [safe_prose(text[at : m.start()]), m.group(0)]
        at = m.end()
    return "".join([*out, safe_prose(text[at:])])


def safe_prose(text: str) -> str:
    text = _MD_LINK.sub(lambda m: m.group(0) if safe_url(m["url"]) else m["label"], text)
    text = _REF_DEF.sub(
        lambda m: m.group(0) if safe_url(m["url"]) else f"{m['lead']}\\[{m['rest']}", text
    )
    return _ENTITY.sub(r"\\&", _TAG_OPEN.sub(r"\\<", text))


def attribution(item: Annotation, title: str, users: int) -> str:
    """`*Title*, page 3, by jo, [in context](https://hyp.is/…)`."""
    parts = [
        f"*{escape_text(title)}*",
        f"page {escape_text(item.page)}" if item.page else "",
        f"by {escape_text(item.user)}" if users > 1 and item.user else "",
        f"[in context]({item.link})" if item.link else "",
    ]
    return ", ".join(p for p in parts if p)


def annotation_chunks(
    item: Annotation, title: str, users: int, replies: Sequence[Annotation]
) -> list[str]:
    """A highlight as a quote, its note after it; a page note as its text; then its replies."""
    if item.quote:
        body = escape_text(item.quote.strip()).split("\n")
        quote = [f"> {line}" if line.strip() else ">" for line in body]
        chunks = ["\n".join([*quote, ">", f"> — {attribution(item, title, users)}"])]
    else:
        by = f" by {escape_text(item.user)}" if users > 1 and item.user else ""
        chunks = [f"Page note{by}:"]
    chunks += [item.text if item.converted else safe_markdown(item.text)] if item.text else []
    for reply in replies:
        day = parse_date(reply.created)
        said = ", ".join(p for p in (escape_text(reply.user), day) if p)
        chunks += [f"Reply ({said}):" if said else "Reply:", safe_markdown(reply.text)]
    return chunks


def reading_order(items: Sequence[Annotation]) -> list[Annotation]:
    """Page notes first, then highlights by their place in the text when each has one, else as
    they were made."""
    notes = sorted((i for i in items if not i.quote), key=lambda i: i.created)
    quotes = [i for i in items if i.quote]
    placed = all(i.start >= 0 for i in quotes)
    quotes.sort(key=lambda i: (i.start, i.created) if placed else (0, i.created))
    return notes + quotes


def document_post(
    items: Sequence[Annotation], replies: dict[str, list[Annotation]], name: str
) -> ImportedPost:
    first = items[0]
    title = next((i.title for i in items if i.title), first.uri)
    users = len({i.user for i in items})  # a reply is always told by whom
    chunks = [
        chunk
        for item in reading_order(items)
        for chunk in annotation_chunks(item, title, users, replies.get(item.id, []))
    ]
    dates = sorted(d for i in items if (d := parse_date(i.created)))
    return make_post(
        title,
        f"{name}:{first.line}",
        chunks,
        url=safe_url(first.uri),
        tags=[t for i in items for t in i.tags],
        date=dates[-1] if dates else "",
    )


def parse_export(text: str, shown: str) -> tuple[list[tuple[Any, int]], Diagnostic | None]:
    """(annotation, line) of each element of the file's annotations, or why there are none."""
    data = parse_json(text)
    if isinstance(data, NotJson):
        msg, pos = f"cannot read the export: {data.why}", FilePos(shown, data.line)
        return [], error("import-bad-hypothesis", msg, pos, "fix the JSON")
    found = annotation_list(data)
    if found is None:
        msg = "no list of annotations (`annotations` or `rows`) in the Hypothesis file"
        return [], error("import-bad-hypothesis", msg, FilePos(shown, 1), HINT)
    key, elements = found
    lines = element_lines(text, key)
    return [(raw, lines[i] if i < len(lines) else 1) for i, raw in enumerate(elements)], None


def read_hypothesis(text: str, name: str, shown: str) -> ParsedArchive:
    """One post per annotated document, in the order each first appears; replies are kept under
    the annotation their thread starts at, or left out, told, when it is not in the file."""
    elements, problem = parse_export(text, shown)
    diags = [problem] if problem else []
    read: list[Annotation] = []
    for raw, line in elements:
        found = read_annotation(raw, line, shown)
        if isinstance(found, Diagnostic):
            diags.append(found)
            continue
        diags += [d for d in (quote_warning(raw, found, shown),) if d]
        read.append(found)
    return annotations_archive(read, diags, name, shown, told=problem is not None)


def annotations_archive(
    read: Sequence[Annotation], diags: list[Diagnostic], name: str, shown: str, told: bool
) -> ParsedArchive:
    """The posts of annotations read from any of Hypothesis's export formats, one per document
    in the order each first appears, with the problems met reading them (`told`: the file was
    unreadable, an error said so, so no warning that it held nothing)."""
    roots = {a.id for a in read if not a.parent}
    replies: dict[str, list[Annotation]] = {}
    documents: dict[str, list[Annotation]] = {}
    for item in read:
        if not item.parent:
            documents.setdefault(item.uri, []).append(item)
        elif item.parent in roots and item.text:
            replies.setdefault(item.parent, []).append(item)
        else:
            diags.append(orphan(item, shown))
    for thread in replies.values():
        thread.sort(key=lambda r: r.created)
    posts = tuple(document_post(items, replies, name) for items in documents.values())
    diags = sorted(diags, key=lambda d: d.pos.line if d.pos else 0)
    if not posts and not told:
        msg = "no annotations found: nothing imported"
        diags.append(warning("import-no-posts", msg, FilePos(shown, 1), HINT))
    return ParsedArchive(name, ArchiveFormat.HYPOTHESIS, posts, tuple(diags))


def orphan(item: Annotation, shown: str) -> Diagnostic:
    why = "has no text" if not item.text else "answers an annotation that is not in the file"
    hint = "a reply is kept under the annotation it answers: export the whole conversation"
    return warning(
        "import-bad-annotation", f"reply {why}: skipped", FilePos(shown, item.line), hint
    )
