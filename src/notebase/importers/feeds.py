"""Feeds -> posts: RSS 2.0 (and 1.0), Atom and JSON Feed, one post per item; item HTML through
the page converter. XML is read by defusedxml: no entity expansion, no external fetch (pure)."""

from __future__ import annotations

import html.entities
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from notebase.diagnostics import Diagnostic, FilePos, error, info, warning
from notebase.importers.htmlmd import (
    SITE_HINT,
    climbs_above,
    fragment_content,
    fragment_text,
    kept_urls_problem,
    resolve,
)
from notebase.importers.model import ArchiveFormat, ParsedArchive
from notebase.importers.structured import (
    LineIndex,
    escape_lines,
    is_zero_date,
    json_authors,
    line_index,
    make_post,
    match_lines,
    parse_date,
    safe_url,
    untitled_title,
    without_lead_title,
)
from notebase.importers.wordpress import is_export, item_role, shown_html
from notebase.reading.sourcerefs import domain_of, join_url
from notebase.reading.vaultjson import json_problem

ATOM = "{http://www.w3.org/2005/Atom}"
CONTENT = "{http://purl.org/rss/1.0/modules/content/}encoded"
DC = "{http://purl.org/dc/elements/1.1/}"
RSS1 = "{http://purl.org/rss/1.0/}"
ITUNES = "{http://www.itunes.com/dtds/podcast-1.0.dtd}"
POST_ROLES = ("post", "draft")
# an Atom entry's kind as a Blogger export says it (`…/blogger/2008/kind#post`, `#page`,
# `#comment`, `#settings`, `#template`): no tag; only a post or a page is a post
KIND_SCHEME = "http://schemas.google.com/g/2005#kind"
POST_KINDS = ("post", "page")
# Atom Publishing's mark of a draft, as Blogger (its first namespace) and RFC 5023 write it
APP_DRAFTS = ("{http://purl.org/atom/app#}control", "{http://www.w3.org/2007/app}control")
MICROBLOG_ITEMS = 3  # untitled items, and most of a feed's, that make it a microblog's
_ITEM_TAG = re.compile(r"<(?:\w+:)?(?:item|entry)[\s>/]")
_JSONFEED = re.compile(r'"version"\s*:\s*"https?://jsonfeed\.org/', re.I)
_XML_FEED = re.compile(r"<(?:\w+:)?(?:rss|feed|RDF)[\s>]")
# what a site generator's feed template holds where its built feed has text: Jekyll's front
# matter atop it, Liquid's and Go templates' `{{ site.title }}`, `{% for post in … %}`
_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n")
_TEMPLATE_TAG = re.compile(r"\{\{-?\s*[\w.$]|\{%-?\s*\w")
# Atom without its namespace (a hand-made feed's `<feed>`), and Atom 0.3's, whose dates were
# `issued` and `modified`
OTHER_ATOMS = ("", "{http://purl.org/atom/ns#}")
ATOM_03_NAMES = {"issued": "published", "modified": "updated"}
# what a generator writing HTML into XML leaves unescaped: HTML's named entities (`&nbsp;`,
# `&mdash;`) and a bare `&`, outside CDATA sections (whose text is taken as it is)
_XML_ENTITIES = frozenset(("amp", "lt", "gt", "quot", "apos"))
_REFERENCE = re.compile(r"&(?:(?P<name>[A-Za-z][A-Za-z0-9]*);|#[0-9]+;|#[xX][0-9A-Fa-f]+;)?")
_WHERE = re.compile(r": line \d+, column \d+$")  # expat's, of the text it was given
_CDATA = re.compile(r"(<!\[CDATA\[.*?\]\]>)", re.S)
# RSS 2.0's <author> is an address with the name in brackets: `jo@example.com (Jo Park)`, or
# the other way round: `Jo Park <jo@example.com>`
_NAMED_ADDRESS = re.compile(r"^\S+@\S+\s*\((?P<a>[^()]+)\)$|^(?P<b>[^<>]+?)\s*<\S+@\S+>$")


@dataclass(frozen=True, slots=True)
class FeedItem:
    """One item as the feed gives it, whichever the format."""

    title: str  # plain text
    url: str
    date: str
    authors: tuple[str, ...]
    tags: tuple[str, ...]
    chunks: tuple[str, ...]  # markdown blocks of its content
    line: int
    date_text: str = ""  # the date as written, told when it is no date `date` could be read from
    # relative links and images no address of the feed's made absolute (kept as their text)
    unresolved: tuple[str, ...] = ()
    role: str = "post"  # a WordPress export's: post, draft, or what else it is (left out)
    page: str = ""  # the item's own page (its permalink, a link to the feed's site), else ''


def is_feed(text: str) -> bool:
    """An XML document whose root is a feed, or a JSON Feed."""
    head = text.lstrip()[:2000]
    if head.startswith("{"):
        return bool(_JSONFEED.search(text[:5000]))
    return head.startswith("<") and bool(_XML_FEED.search(head))


def text_of(elem: ET.Element | None) -> str:
    return " ".join("".join(elem.itertext()).split()) if elem is not None else ""


def author_name(text: str) -> str:
    """An RSS author's name: `jo@example.com (Jo Park)` and `Jo Park <jo@…>` are Jo Park's."""
    if m := _NAMED_ADDRESS.match(text):
        return " ".join((m["a"] or m["b"]).split())
    return text


def rss_authors(elem: ET.Element) -> tuple[str, ...]:
    """Who an RSS item (or channel) names as its author: <author>, <dc:creator>, a podcast's
    <itunes:author>; each once, in that order."""
    names = ("author", f"{DC}creator", f"{ITUNES}author")
    found = (author_name(text_of(e)) for n in names for e in elem.findall(n))
    return tuple(dict.fromkeys(name for name in found if name))


def template_line(text: str) -> int:
    """The line where a feed template shows itself (its front matter, or a `{{ … }}` before its
    first item), or 0 when the text is no template."""
    if _FRONT_MATTER.match(text):
        return 1
    if text.lstrip().startswith(("{", "[")):  # JSON: its posts' text may show templates
        return 0
    first_item = _ITEM_TAG.search(text)
    tag = _TEMPLATE_TAG.search(text, 0, first_item.start() if first_item else len(text))
    return text.count("\n", 0, tag.start()) + 1 if tag else 0


def template_error(line: int, shown: str) -> Diagnostic:
    msg = (
        "a site generator's template of a feed, not a feed: its `{{ … }}` are filled in when"
        " the site is built"
    )
    hint = (
        "import the built feed (Jekyll's _site/feed.xml, Hugo's public/index.xml), or the feed"
        " saved from its address"
    )
    return error("import-bad-feed", msg, FilePos(shown, line), hint)


def html_content(
    html: str, base: str, site_root: str = ""
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An item's HTML content as markdown blocks, and the relative URLs kept as their text when
    nothing says where they are relative to (or, with the `site_root` given by `--site`, those
    climbing above it)."""
    if not html.strip():
        return (), ()
    blocks, unplaced = fragment_content(html, base, site_root)
    return tuple(blocks), unplaced


def plain_chunks(text: str) -> tuple[str, ...]:
    """Plain text: one paragraph per blank-line-separated run, escaped."""
    paras = (" ".join(p.split()) for p in re.split(r"\n\s*\n", text))
    return tuple(escape_lines(p) for p in paras if p)


def site_authors(url: str, site: str, authors: tuple[str, ...]) -> tuple[str, ...]:
    """The feed's authors, for an item without its own that is a page of the feed's site (a link
    blog's item links to another site's page, which someone else wrote)."""
    return authors if not (url and site) or on_site(url, site) else ()


def own_page(url: str, site: str) -> str:
    """The item's link when it leads to a page of the feed's site (the post's own page), not to
    another site's (a link blog's item)."""
    return url if url and site and on_site(url, site) else ""


def content_base(site: str, *permalinks: str) -> str:
    """What relative URLs in an item's content are resolved against: the item's own page on the
    feed's site (a post's images sit beside it: posts/2023-06-23-agent/agent-overview.png), else
    the site. A link blog's item links to another site's page, which the content's links are not
    relative to, so only a page on the feed's own host is taken."""
    for url in permalinks:
        if url and (not site or on_site(url, site)):
            return url
    return site or next((url for url in permalinks if url), "")


def item_link(written: str, site: str, site_root: str = "") -> tuple[str, tuple[str, ...]]:
    """An item's own link (RSS `<link>`, Atom's alternate link, JSON Feed's `url`) as an absolute
    URL: as written when it is one, else resolved against the feed's site (its own address, else
    `--site`'s `site_root`), as its content's links are; '' when nothing places it. A relative
    link climbing above `site_root` is '' too, and given back to be told (kept as its text)."""
    url, written = safe_url(written), written.strip()
    if url or not written or not site:
        return url, ()
    found = resolve(written, site, site_root)
    climbs = not found and bool(site_root) and climbs_above(written, site, site_root)
    return found, ((written,) if climbs else ())


def on_site(url: str, site: str) -> bool:
    """Whether the URL is on the feed's site (its host, with or without www.)."""
    return domain_of(url) == domain_of(site)


@dataclass(frozen=True, slots=True)
class Channel:
    """What an RSS channel says of all its items."""

    exported: bool = False  # a WordPress export's
    authors: tuple[str, ...] = ()
    podcast: bool = False  # a podcast's episodes are the show's wherever their pages are


def rss_channel(root: ET.Element, items: list[ET.Element]) -> Channel:
    channel = root.find("channel")
    if channel is None:
        return Channel(is_export(items))
    podcast = channel.find(f"{ITUNES}author") is not None
    return Channel(is_export(items), rss_authors(channel), podcast)


def channel_authors(channel: Channel, page: str, site: str) -> tuple[str, ...]:
    """The channel's authors, for an item naming none: a podcast's episode's always, another
    item's when it is a page of the feed's site (a link blog's item is someone else's page)."""
    return channel.authors if channel.podcast else site_authors(page, site, channel.authors)


def rss_item(
    item: ET.Element, line: int, site: str, channel: Channel = Channel(), site_root: str = ""
) -> FeedItem:
    """An RSS 2.0 `<item>` (or RSS 1.0's): content:encoded, else description, as HTML (as
    WordPress shows it, for the items of its export); by the channel's authors when it names
    none and is a page of the feed's site, or a podcast's episode; `site_root`: `--site`'s."""
    exported = channel.exported

    def find(*names: str) -> ET.Element | None:
        return next((e for n in names if (e := item.find(n)) is not None), None)

    url, climbed = item_link(text_of(find("link", f"{RSS1}link")), site, site_root)
    guid = find("guid")
    permalink = ""
    if guid is not None and guid.get("isPermaLink", "true") == "true":
        permalink = safe_url(text_of(guid))
    url = url or permalink
    content = find(CONTENT, "description", f"{RSS1}description")
    html = "".join(content.itertext()) if content is not None else ""
    html, base = shown_html(html) if exported else html, content_base(site, url, permalink)
    tags = [text_of(e) for e in [*item.findall("category"), *item.findall(f"{DC}subject")]]
    when = text_of(find("pubDate", f"{DC}date"))
    chunks, unplaced = html_content(html, base, site_root)
    return FeedItem(
        title=fragment_text(text_of(find("title", f"{RSS1}title"))),
        url="" if exported else url,  # an export's post is the writer's own, not a source
        date=parse_date(when),
        authors=rss_authors(item) or channel_authors(channel, url, site),
        tags=tuple(tags),
        chunks=chunks,
        line=line,
        date_text=when,
        unresolved=(*climbed, *unplaced),
        role=item_role(item) if exported else "post",
        page=permalink or own_page(url, site),
    )


def atom_text(
    elem: ET.Element | None, base: str, site_root: str = ""
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An Atom text construct (type text, html or xhtml) as markdown blocks, and (with the
    `site_root` given by `--site`) its relative URLs climbing above that root."""
    if elem is None:
        return (), ()
    kind = elem.get("type", "text")
    if kind == "xhtml":
        for node in elem.iter():
            node.tag = node.tag.rsplit("}", 1)[-1]  # XHTML's namespace off: plain HTML tags
        inner = "".join(ET.tostring(child, encoding="unicode") for child in elem)
        chunks, unplaced = html_content(inner, base, site_root)
    elif kind in ("html", "text/html"):
        chunks, unplaced = html_content("".join(elem.itertext()), base, site_root)
    else:
        chunks, unplaced = plain_chunks("".join(elem.itertext())), ()
    return chunks, (unplaced if site_root else ())


XML_BASE = "{http://www.w3.org/XML/1998/namespace}base"


def xml_base(content: ET.Element | None, entry: ET.Element, base: str) -> str:
    """The base an Atom entry's content declares (xml:base, on it or the entry), else `base`."""
    for elem in (content, entry):
        declared = elem.get(XML_BASE, "").strip() if elem is not None else ""
        if declared and (found := safe_url(join_url(base, declared))):
            return found
    return base


def atom_href(entry: ET.Element) -> str:
    """The address an Atom feed's or entry's alternate link gives, as written: the first that is
    an http(s) URL, else the first written (a relative one)."""
    hrefs = [
        link.get("href", "").strip()
        for link in entry.findall(f"{ATOM}link")
        if link.get("rel", "alternate") == "alternate"
    ]
    return next((h for h in hrefs if safe_url(h)), next((h for h in hrefs if h), ""))


def atom_link(entry: ET.Element) -> str:
    return safe_url(atom_href(entry))


def atom_authors(elem: ET.Element) -> tuple[str, ...]:
    names = (text_of(a.find(f"{ATOM}name")) for a in elem.findall(f"{ATOM}author"))
    return tuple(name for name in names if name)


def atom_entry(
    entry: ET.Element, line: int, site: str, authors: tuple[str, ...] = (), site_root: str = ""
) -> FeedItem:
    """An Atom entry; by the feed's `authors` when it names none (RFC 4287), on the feed's site
    (`site_root`: `--site`'s, when the feed says none); its link resolved against its xml:base."""
    url, climbed = item_link(atom_href(entry), xml_base(None, entry, site), site_root)
    title = entry.find(f"{ATOM}title")
    raw_title = "".join(title.itertext()) if title is not None else ""
    is_html = title is not None and title.get("type") in ("html", "xhtml")
    content = entry.find(f"{ATOM}content")
    if content is None or content.get("src"):
        content = entry.find(f"{ATOM}summary")
    when = text_of(entry.find(f"{ATOM}published")) or text_of(entry.find(f"{ATOM}updated"))
    categories = entry.findall(f"{ATOM}category")
    kinds = [c for c in categories if c.get("scheme") == KIND_SCHEME]
    tags = [c.get("label") or c.get("term") or "" for c in categories if c not in kinds]
    base = xml_base(content, entry, content_base(site, url))
    chunks, unplaced = atom_text(content, base, site_root)
    return FeedItem(
        title=fragment_text(raw_title) if is_html else " ".join(raw_title.split()),
        url=url,
        date=parse_date(when),
        authors=atom_authors(entry) or site_authors(url, site, authors),
        tags=tuple(tags),
        chunks=chunks,
        line=line,
        date_text=when,
        unresolved=(*climbed, *unplaced),
        role=atom_role(entry, kinds),
        page=own_page(url, site),
    )


def atom_role(entry: ET.Element, kinds: Sequence[ET.Element]) -> str:
    """An entry's role: a post (a Blogger export's post or page), a draft, or what else a Blogger
    export's entry is (its blog's settings, its template, a reader's comment): left out."""
    kind = next((c.get("term", "").rpartition("#")[2] for c in kinds), "") or "post"
    if kind not in POST_KINDS:
        return kind
    marks = (d for control in APP_DRAFTS if (c := entry.find(control)) is not None for d in c)
    drafts = (d for d in marks if d.tag.endswith("}draft"))
    return "draft" if any((d.text or "").strip().lower() == "yes" for d in drafts) else "post"


def html_references(text: str) -> str:
    """XML text with HTML's named entities as character references and a bare `&` escaped,
    outside its CDATA sections: what a generator that wrote HTML into XML meant."""

    def meant(ref: re.Match[str]) -> str:
        name = ref["name"]
        if ref.group(0) == "&":
            return "&amp;"
        if name is None or name in _XML_ENTITIES:
            return ref.group(0)
        chars = html.entities.html5.get(f"{name};", "")
        return "".join(f"&#{ord(c)};" for c in chars) if chars else f"&amp;{name};"

    parts = _CDATA.split(text)
    return "".join(p if i % 2 else _REFERENCE.sub(meant, p) for i, p in enumerate(parts))


def parse_xml(text: str) -> tuple[ET.Element, ET.ParseError | None]:
    """The feed's root element, and the error read past by taking HTML's entities and a bare
    `&` as HTML means them (None when the XML is well-formed). Blank lines before the XML
    declaration are passed over; an error's line is the text's."""
    body = text.lstrip()
    skipped = text[: len(text) - len(body)].count("\n")
    try:
        return SafeET.fromstring(body), None
    except ET.ParseError as exc:
        exc.position = (exc.position[0] + skipped, exc.position[1])
        if (repaired := html_references(body)) == body:
            raise
        try:
            return SafeET.fromstring(repaired), exc
        except ET.ParseError:
            raise exc from None


def as_atom(root: ET.Element) -> ET.Element:
    """An Atom feed without its namespace, or of Atom 0.3, with Atom 1.0's element names."""
    for elem in root.iter():
        space, _, local = elem.tag.rpartition("}")
        if (space + "}" if space else "") in OTHER_ATOMS:
            elem.tag = ATOM + ATOM_03_NAMES.get(local, local)
    return root


def xml_problem(exc: ET.ParseError) -> str:
    """What is wrong, with its column (its line is the diagnostic's)."""
    said = _WHERE.sub("", str(exc))
    return f"{said}, column {exc.position[1] + 1}"


def repaired_warning(problem: ET.ParseError, shown: str) -> Diagnostic:
    msg = (
        f"not well-formed XML ({xml_problem(problem)}): read with HTML's named entities (`&nbsp;`) and a"
        " bare `&` as HTML means them"
    )
    hint = "escape `&` as `&amp;` and write other entities as numbers (`&#160;`)"
    return warning("import-feed-repaired", msg, FilePos(shown, problem.position[0]), hint)


def xml_items(root: ET.Element, text: str, site_root: str = "") -> tuple[list[FeedItem], str]:
    """The items of an RSS or Atom document, or ([], why it cannot be read); on the site at
    `site_root` (`--site`) when the feed says no site's address."""
    if root.tag in (f"{space}feed" for space in OTHER_ATOMS):
        root = as_atom(root)
    read: Callable[[ET.Element, int, str], FeedItem]
    if root.tag == f"{ATOM}feed":
        elems, site = root.findall(f"{ATOM}entry"), atom_link(root)
        read = partial(atom_entry, authors=atom_authors(root), site_root=site_root)
    elif root.tag == "rss" or root.tag.endswith("RDF"):
        elems = root.findall("channel/item") + root.findall(f"{RSS1}item")
        read = partial(rss_item, channel=rss_channel(root, elems), site_root=site_root)
        site = safe_url(
            text_of(root.find("channel/link")) or text_of(root.find(f"{RSS1}channel/{RSS1}link"))
        )
    else:
        return [], f"<{root.tag}> is not a feed (RSS <rss>, Atom <feed>)"
    if site:  # the feed's own address: `--site` names no other
        read = partial(read, site_root="")
    lines = match_lines(text, _ITEM_TAG)
    site = site or site_root
    return [read(e, lines[i] if i < len(lines) else 1, site) for i, e in enumerate(elems)], ""


def json_item(
    item: dict[str, Any],
    text: str,
    start: int,
    feed: tuple[str, tuple[str, ...], str],
    lines: LineIndex,
) -> tuple[FeedItem, int]:
    """One JSON Feed item (by the `feed`'s authors when it names none: the feed's site, its
    authors and `--site`'s root when the feed says no site), and where the next one is looked
    for in the text."""
    site, authors, site_root = feed
    own, climbed = item_link(str(item.get("url") or ""), site, site_root)
    url = safe_url(str(item.get("external_url") or "")) or own
    html = item.get("content_html") or item.get("summary") or ""
    base = content_base(site, own, url)
    chunks, unplaced = html_content(str(html), base, site_root)
    chunks = chunks or plain_chunks(str(item.get("content_text") or ""))
    key = json.dumps(str(item.get("id", "")), ensure_ascii=False)
    found = text.find(key, start)
    tags = item.get("tags")
    when = str(item.get("date_published") or item.get("date_modified") or "")
    return FeedItem(
        title=" ".join(str(item.get("title") or "").split()),
        url=url,
        date=parse_date(when),
        authors=json_authors(item) or site_authors(url, site, authors),
        tags=tuple(str(t) for t in tags) if isinstance(tags, list) else (),
        chunks=chunks,
        line=lines.line(found) if found >= 0 else 1,
        date_text=when,
        unresolved=(*climbed, *unplaced),
        page=own,  # JSON Feed's `url` is the item's own page
    ), (found + 1 if found >= 0 else start)


def json_items(text: str, site_root: str = "") -> tuple[list[FeedItem], str]:
    feed = json.loads(text)
    items = feed.get("items") if isinstance(feed, dict) else None
    if not isinstance(items, list):
        return [], "a JSON Feed has an `items` list"
    found: list[FeedItem] = []
    start = 0
    lines = line_index(text)
    home = safe_url(str(feed.get("home_page_url") or ""))
    site = (home or site_root, json_authors(feed), "" if home else site_root)
    for item in items:
        if isinstance(item, dict):
            read, start = json_item(item, text, start, site, lines)
            found.append(read)
    return found, ""


def parsed_items(
    text: str, site_root: str = ""
) -> tuple[list[FeedItem], str, ET.ParseError | None]:
    """The items of a JSON or XML feed, or why it is no feed; and the XML error read past."""
    if is_json(text):
        return *json_items(text, site_root), None
    root, repaired = parse_xml(text)
    return *xml_items(root, text, site_root), repaired


def read_items(
    text: str, shown: str, site_root: str = ""
) -> tuple[list[FeedItem], list[Diagnostic]]:
    """The feed's items and what was read past, or [] and the error saying why it cannot be read."""
    if line := template_line(text):
        return [], [template_error(line, shown)]
    try:
        items, why, repaired = parsed_items(text, site_root)
    except ET.ParseError as exc:
        pos = FilePos(shown, exc.position[0])
        msg = f"not well-formed XML: {xml_problem(exc)}"
        return [], [error("import-bad-feed", msg, pos, "fix the XML")]
    except DefusedXmlException:
        msg = "the feed declares XML entities or a DTD: refused (entity expansion is unsafe)"
        hint = "remove the <!DOCTYPE …> declaration"
        return [], [error("import-bad-feed", msg, FilePos(shown, 1), hint)]
    except (ValueError, RecursionError) as exc:
        return [], [unreadable_feed(text, shown, exc)]
    if why:
        hint = "import an RSS, Atom or JSON Feed file; other XML or JSON is not read"
        return [], [error("import-bad-feed", why, FilePos(shown, 1), hint)]
    return items, [repaired_warning(repaired, shown)] if repaired else []


def unreadable_feed(text: str, shown: str, exc: ValueError | RecursionError) -> Diagnostic:
    """The error of a feed no parser reads: JSON it cannot (a syntax error, nesting too deep, a
    number too long), or XML in an encoding it refuses."""
    if is_json(text):
        why = json_problem(exc)
        message, pos, hint = (
            f"cannot read the feed: {why.why}",
            FilePos(shown, why.line),
            "fix the JSON",
        )
    else:
        message, pos = f"cannot read the feed: {exc}", FilePos(shown, 1)
        hint = "save the feed as UTF-8 XML or JSON"
    return error("import-bad-feed", message, pos, hint)


def is_json(text: str) -> bool:
    """Whether a feed is JSON (JSON Feed), not XML: by its first character."""
    return text.lstrip().startswith(("{", "["))


def item_title(item: FeedItem) -> str:
    if item.title:
        return item.title
    return untitled_title(item.chunks) or item.date or item.url


def untitled_items(items: Sequence[FeedItem]) -> list[FeedItem]:
    """The items without a title that are titled by their words, date or link."""
    return [item for item in items if not item.title and item_title(item)]


def is_microblog(items: Sequence[FeedItem]) -> bool:
    """Whether most of a feed's items have no title: a microblog's (micro.blog, Mastodon), whose
    posts are untitled by their nature."""
    untitled = len(untitled_items(items))
    return untitled >= MICROBLOG_ITEMS and untitled * 2 > len(items)


def untitled_info(items: Sequence[FeedItem], shown: str) -> Diagnostic:
    """One note for a microblog's untitled items, at the first."""
    untitled = untitled_items(items)
    msg = f"{len(untitled)} of {len(items)} items have no title: each titled by its first words"
    pos = FilePos(shown, untitled[0].line)
    return info("import-untitled", msg, pos, hint="a microblog's posts have none: nothing to do")


def item_problems(items: Sequence[FeedItem], shown: str, site_root: str = "") -> list[Diagnostic]:
    microblog = is_microblog(items)
    diags = [untitled_info(items, shown)] if microblog else []
    for item in items:
        pos = FilePos(shown, item.line)
        if not item.title and item_title(item):
            if not microblog:
                msg = f"item has no title: titled by its first words {item_title(item)!r}"
                diags.append(warning("import-untitled", msg, pos, hint="give the item a <title>"))
        elif not item_title(item):
            msg = "item has no title, text, date or link: skipped"
            diags.append(warning("import-empty-post", msg, pos, hint="remove the empty item"))
        if (
            item.date_text
            and not item.date
            and not is_zero_date(item.date_text)
            and item_title(item)
        ):
            msg = f"cannot read the date {item.date_text!r}: imported without a date"
            hint = (
                "write an RFC 822 date (`Mon, 03 Jun 2024 10:00:00 GMT`) or an ISO one (2024-06-03)"
            )
            diags.append(warning("import-bad-date", msg, pos, hint))
        if item.unresolved and item_title(item):
            why = "the feed says no address"
            hint = f"{SITE_HINT} (or add it to the feed: RSS <link>, JSON Feed home_page_url)"
            diags.append(kept_urls_problem(item.unresolved, why, pos, hint, site_root))
    return diags


def left_out_info(items: Sequence[FeedItem], shown: str) -> Diagnostic:
    """What a WordPress or Blogger export holds besides its posts, told by kind once."""
    counts = Counter(item.role for item in items)
    kinds = ", ".join(f"{n} {role}" for role, n in sorted(counts.items()))
    message = f"{len(items)} item(s) of the blog's export are no posts: left out ({kinds})"
    hint = (
        "its posts and pages are imported, drafts as drafts; attachments, menus, trash, the"
        " blog's settings, template and comments are not"
    )
    return info("import-not-a-post", message, FilePos(shown, items[0].line), hint)


def read_feed(text: str, name: str, shown: str, site: str = "") -> ParsedArchive:
    """An RSS, Atom or JSON feed: one post per item; on the `site` (`--site`'s root) when the
    feed says no site's address."""
    items, read_past = read_items(text, shown, site)
    if any(d.is_error for d in read_past):
        return ParsedArchive(name, ArchiveFormat.FEED, (), tuple(read_past))
    left_out = [item for item in items if item.role not in POST_ROLES]
    items = [item for item in items if item.role in POST_ROLES]
    posts = tuple(
        make_post(
            item_title(item),
            f"{name}:{item.line}",
            without_lead_title(item.chunks, item_title(item)),
            url=item.url,
            tags=item.tags,
            date=item.date,
            authors=item.authors,
            draft=item.role == "draft",
            page=item.page,
        )
        for item in items
        if item_title(item)
    )
    diags = [*read_past, *item_problems(items, shown, site)]
    if left_out:
        diags.append(left_out_info(left_out, shown))
    if not items:
        hint = "a feed's posts are its <item> / <entry> elements or its `items`"
        diags.append(
            warning(
                "import-no-posts", "feed has no items: nothing imported", FilePos(shown, 1), hint
            )
        )
    return ParsedArchive(name, ArchiveFormat.FEED, posts, tuple(diags))
