"""A saved web page -> posts: `<article>`s, or repeated heading + body blocks on a listing page,
or the page as one post; titles, dates, tags and source links from the markup (pure).

The tree is parsed and converted by htmlmd (selectolax's home); this module only finds the posts."""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import takewhile
from textwrap import shorten
from typing import Any

from notebase.diagnostics import Diagnostic, FilePos, info, warning
from notebase.importers.content import content_blocks
from notebase.importers.htmlmd import (
    SITE_HINT,
    Context,
    LexborHTMLParser,
    LexborNode,
    above_site_warning,
    ancestors,
    attr,
    children,
    classes,
    climbing_urls,
    plain_text,
    prose_length,
    relative_urls,
    resolve,
    scope_markdown,
    strip_chrome,
    unresolved_warning,
    uses_tex,
)
from notebase.importers.model import ArchiveFormat, ImportedPost, ParsedArchive
from notebase.importers.siteurl import NO_SITE, Site, file_page, link_path
from notebase.importers.structured import (
    json_authors,
    line_index,
    make_post,
    paper_ids,
    parse_date,
    safe_url,
    slug_title,
    untitled_title,
    without_lead_title,
    word_set,
)
from notebase.reading.sourcerefs import domain_of, make_source, url_parts
from notebase.slugs import site_suffix

LISTING_LEVELS = ("h1", "h2", "h3")
HEADING_TAGS = "h1, h2, h3, h4, h5, h6"
# a class naming an element as the post's title (`post-title`, `entry-title`, `title`), not a
# subtitle's: a listing's post titled in a `<div>` rather than a heading (Hexo NexT's archive)
_TITLE_CLASS = re.compile(r"(?:^|[-_])title$", re.I)
LEAD_BLOCKS = 2  # paragraphs after the title that may name a link post's source
_TAG_HREF = re.compile(r"/(?:tags?|topics?|labels?)/", re.I)
_INERT = re.compile(r"<!--.*?-->|<(script|style|template)\b.*?</\1\s*>", re.I | re.S)
_SAVED_FROM = re.compile(
    r"<!--\s*(?:saved from url=\(\d+\)|Page saved with SingleFile\b.*?\burl:\s*)"
    r"(?P<url>https?://[^\s<>]+)",
    re.I | re.S,
)
SAVED_NOTE_CHARS = 4000  # the note is at the top of the file
# elements whose text may say the post's date, and a date as such text writes it
DATED = '[class*="date"], [class*="meta"], [class*="time"]'
MAX_META = 200
MAX_LABEL = 12  # the words of a tag list besides its tags: "Tags:", "Filed under"
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*"
_WEEKDAY = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, "
_TEXT_DATE = re.compile(
    rf"\b(?:\d{{4}}-\d{{2}}-\d{{2}}|(?:{_WEEKDAY})?{_MONTH} \d{{1,2}}, \d{{4}}|\d{{1,2}} {_MONTH} \d{{4}})\b"
)
_CATEGORY_HREF = re.compile(r"/(?:categor(?:y|ies))/", re.I)
# what a post's byline says besides its date: "Estimated Reading Time: 21 min", "5 min read",
# "Author: Lilian Weng", "by Ada", "1,203 words"; a meta line of these and dates is no text of it
_BYLINE_PART = re.compile(
    r"(?:(?:estimated\s+)?reading\s+time:?\s*~?\d+\s*min(?:ute)?s?|~?\d+\s*min(?:ute)?s?(?:\s+read)?"
    r"|(?:author|by|written\s+by):?\s+[^|·•]{1,60}|[\d,]+\s+words"
    r"|(?:date|published|posted|updated|last\s+updated|created)(?:\s+on)?:?\s*(?P<date>.+))",
    re.I,
)
_BYLINE_SPLIT = re.compile(r"\s*[|·•]\s*")
_ROLE = re.compile(r"\s+(?:edited|photos?|photographs|illustrations?|reviewed)\s+by\b", re.I)
_CDATA = re.compile(r"^\s*(?://\s*)?<!\[CDATA\[|(?://\s*)?\]\]>\s*$")  # round a script's text
_ARTICLE_TYPE = re.compile(r"Article|BlogPosting|Report|Review|Posting")  # schema.org's kinds
_BY = re.compile(r"^(?:(?:written|posted|words)\s+by|by|par|por|von|author)(?:\s*:\s*|\s+)", re.I)
MAX_AUTHOR = 60  # letters of a name, not of a block about its author
# the head's word of who wrote the page: Dublin Core's creator (preferred by readers of it), the
# author meta, Parse.ly's and Sailthru's; and after its schema.org record, the Open Graph
# article's (often the author's handle or profile's address)
AUTHOR_META = (
    "meta[property~='dc:creator' i]",
    "meta[name='dc.creator' i]",
    "meta[name=author]",
    "meta[name=parsely-author]",
    "meta[name='sailthru.author']",
)
LATE_AUTHOR_META = ("meta[property=author]", "meta[property='article:author']")
# an element whose class says it holds the byline or the author's name (`byline`, `author-name`,
# `c-byline__link`, `by-author`), not readers' comments' (`comment-author`), a box to follow
# an author (`author-follow`) nor a profile in the sidebar or navigation
BYLINE_CLASSES = '[class*="author" i], [class*="byline" i]'
_NOT_BYLINE = re.compile(r"comment|follow", re.I)
_BESIDE = re.compile(r"sidebar", re.I)
NO_BYLINE_TAGS = frozenset(("aside", "nav"))
# words no name holds: a button's ("Follow Author"), a date's label ("Last Updated:")
_NO_NAME = re.compile(r"\b(?:authors?|follow|updated|published|posted)\b|:", re.I)
# what a page names its site by: its Open Graph site name, its web app's name, its Twitter handle
SITE_NAMES = (
    "meta[property='og:site_name'], meta[name=application-name],"
    " meta[name=apple-mobile-web-app-title], meta[name='twitter:site']"
)
FEEDS = "link[rel~=alternate][type*=rss i], link[rel~=alternate][type*=atom i]"
# a title's suffix of these words only names a site, not a part of the title ("My website", "Blog")
_SITE_WORDS = frozenset(("blog", "weblog", "website", "site", "homepage"))
_SITE_FILLER = frozenset(("my", "the", "our", "a", "personal", "official", "home"))
_LEAD_SEPARATOR = re.compile(r"^(?:[|\-–—·»/]|::)\s+")  # a title's empty part before the site's
_TITLE_SEPARATOR = re.compile(r"\s+(?:[|\-–—·»/]|::)\s+")  # "Post – Site", "Post | Site"


@dataclass(frozen=True, slots=True)
class PageMeta:
    """What the page's head says of it."""

    base: str  # the page's own address (canonical, og:url or <base>), '' when unknown
    title: str
    date: str
    site_host: str
    tex: bool  # it loads MathJax or KaTeX: its `$…$` are math
    stated_title: bool = False  # the title is the page's `og:title`, not its `<title>`
    authors: tuple[str, ...] = ()  # who the page says wrote it
    root: str = ""  # the site's root (`--site`) when `base` is the page's address on it


@dataclass(frozen=True, slots=True)
class Scope:
    """The sibling nodes one post is made of, its title heading and its line in the file."""

    nodes: tuple[LexborNode, ...]
    heading: LexborNode | None
    line: int
    # read for the date and tags, not converted: a title block outside the main content
    meta: tuple[LexborNode, ...] = ()
    title: str = ""  # the page's title, when its heading (left out of the text) says only a part
    river: tuple[LexborNode, ...] = ()  # teasers of other pages beside the post: no text of it


def meta_content(tree: LexborHTMLParser, selector: str) -> str:
    node = tree.css_first(selector)
    if node is None:
        return ""
    return attr(node, "content") or attr(node, "href")


def on_site(meta: PageMeta, site: Site) -> PageMeta:
    """The page's meta, its address its own (canonical, og:url, <base>, where it was saved
    from), else its address on the `site` (`--site`): the page is what it says it is."""
    if meta.base or not site.page:
        return meta
    return replace(meta, base=site.page, site_host=domain_of(site.page), root=site.root)


def page_meta(tree: LexborHTMLParser, saved: str = "") -> PageMeta:
    """What the head says of the page; its address, else the one it was `saved` from."""
    base = safe_url(
        meta_content(tree, "link[rel=canonical]")
        or meta_content(tree, "meta[property='og:url']")
        or meta_content(tree, "base[href]")
        or saved
    )
    title_node = tree.css_first("title")
    written = plain_text(title_node) if title_node is not None else ""
    stated = stated_title(tree, written)
    title = stated or written
    date = parse_date(meta_content(tree, "meta[property='article:published_time']"))
    host = domain_of(base) if base else own_host(tree)
    title = without_site_name(tree, " ".join(title.split()), base, host)
    return PageMeta(base, title, date, host, uses_tex(tree), bool(stated), page_author(tree))


def stated_title(tree: LexborHTMLParser, written: str) -> str:
    """The page's `og:title`, unless it only names the site (its `og:site_name`) where the
    `<title>` it is `written` says more: a theme stating its blog's name for a listing (Hexo
    NexT's archive pages: `og:title` "Blog", `<title>` "归档 | Blog")."""
    stated = meta_content(tree, "meta[property='og:title']")
    site = meta_content(tree, "meta[property='og:site_name']")
    if site and folded_name(stated) == folded_name(site) != folded_name(written):
        return ""
    return stated


def without_site_name(tree: LexborHTMLParser, title: str, base: str, host: str) -> str:
    """The title without the site's name it ends in ("Post – Site", "Post | Blog"), when the page
    names its site so (its `og:site_name`, a link home, its host, the start of its feeds' titles)
    or the name is only words for a site ("My website"); a dash of the title's own is kept. A title
    that is only the site's name after a separator (" - Site", a post without a title) is none."""
    if _LEAD_SEPARATOR.match(title):  # " - Site": a page with no title of its own
        return ""
    bare, suffix = site_suffix(title)
    if not suffix or not any(c.isalnum() for c in bare):
        return title
    feeds = [attr(link, "title") for link in tree.css(FEEDS)]
    words = set(suffix.casefold().split())
    if (
        folded_name(suffix) in site_names(tree, base, host)
        or any(starts_with_name(feed, suffix) for feed in feeds)
        or (words & _SITE_WORDS and words <= _SITE_WORDS | _SITE_FILLER)
    ):
        return bare
    return title


def folded_name(name: str) -> str:
    """A name's letters and digits, case folded: "LWN.net" and lwn.net are one name."""
    return "".join(c for c in name.casefold() if c.isalnum())


def starts_with_name(text: str, name: str) -> bool:
    """Whether the text starts with the name as words ("Firefox Nightly News » Feed")."""
    text, name = text.casefold(), name.casefold()
    return text.startswith(name) and not text[len(name) : len(name) + 1].isalnum()


def site_names(tree: LexborHTMLParser, base: str, host: str) -> set[str]:
    """The names the page gives its site, folded: its site-name metadata, the text of its links
    home, its host and the host's labels (en.wikipedia.org: wikipedia)."""
    named = [attr(node, "content") for node in tree.css(SITE_NAMES)]
    named += [plain_text(a) for a in tree.css("a[href]") if is_home_link(a, base, host)]
    labels = host.split(".")[:-1]
    return {f for name in (*named, host, *labels) if len(f := folded_name(name)) >= 2}


def is_home_link(link: LexborNode, base: str, host: str) -> bool:
    """A link to the site's front page (its `rel=home`, or its root address)."""
    href = attr(link, "href")
    if "home" in attr(link, "rel").split():
        return True
    if not href or href.startswith("#"):
        return False
    url = url_parts(resolve(href, base) if base else href)
    own = not url.netloc or domain_of(url.geturl()) == host
    return own and url.path in ("", "/") and not url.query


def page_author(tree: LexborHTMLParser) -> tuple[str, ...]:
    """Who the page says wrote it: its author metadata (`AUTHOR_META`), else the authors of the
    article its schema.org record describes, else the first short name marked as its author
    (`rel=author`, `itemprop=author`), else the first name of two words or more an element whose
    class says it is the byline holds; "By" and a date after the name left out; () when none."""
    if found := meta_author(tree, AUTHOR_META) or linked_data_authors(tree):
        return found
    if found := meta_author(tree, LATE_AUTHOR_META):
        return found
    for node in tree.css("[rel~=author], [itemprop~=author]"):
        if name := byline_name(node):
            return (name,)
    return next(((n,) for n in byline_names(tree) if len(n.split()) >= 2), ())


def meta_author(tree: LexborHTMLParser, selectors: Sequence[str]) -> tuple[str, ...]:
    """The name the first of these author metas says, not an address nor a handle ("devindra")."""
    for selector in selectors:
        named = " ".join(meta_content(tree, selector).split())
        if named and not safe_url(named) and not (named.islower() and " " not in named):
            return (named,)
    return ()


def byline_name(node: LexborNode) -> str:
    """The name a byline says ("By Nathan Willis March 25, 2015 | 3 comments": Nathan Willis);
    '' when it says none, or more than a name."""
    text = plain_text(node)
    if date := _TEXT_DATE.search(text):
        text = text[: date.start()]
    name = _BY.sub("", _BYLINE_SPLIT.split(text.strip())[0]).strip(" —–-|,·")
    name = _ROLE.split(name)[0]
    return "" if len(name) > MAX_AUTHOR or safe_url(name) or _NO_NAME.search(name) else name


def byline_names(tree: LexborHTMLParser) -> list[str]:
    """The names of the elements whose class says they are a byline, the innermost of those
    saying one (a byline's author link, not the byline holding it and its date), outside readers'
    comments."""
    named = [(n, name) for n in tree.css(BYLINE_CLASSES) if (name := byline_name(n))]
    outer = {a.mem_id for n, _ in named for a in ancestors(n)}
    return [name for n, name in named if n.mem_id not in outer and not in_no_byline(n)]


def in_no_byline(node: LexborNode) -> bool:
    """Whether the element is or is in a readers' comment or a box to follow an author (by its
    class or id); or, outside an `<article>` (whose author box is the post's), in a sidebar or an
    `<aside>` or `<nav>` (the body's class aside: a theme's `sidebar-primary`)."""
    chain = list(takewhile(lambda a: a.tag != "body", (node, *ancestors(node))))
    marks = [f"{attr(a, 'class')} {attr(a, 'id')}" for a in chain]
    if any(map(_NOT_BYLINE.search, marks)):
        return True
    if any(a.tag == "article" for a in chain):
        return False
    return any(a.tag in NO_BYLINE_TAGS for a in chain) or any(map(_BESIDE.search, marks))


def linked_data_authors(tree: LexborHTMLParser) -> tuple[str, ...]:
    """The authors of the first article (`NewsArticle`, `BlogPosting`, ...) the page's schema.org
    JSON-LD records describe, names only (not an address); () when none, or the JSON is broken."""
    for script in tree.css('script[type="application/ld+json" i]'):
        try:
            data = json.loads(_CDATA.sub("", script.text(deep=True)))
        except (ValueError, RecursionError):
            continue  # a broken record says nothing, nor one nested too deep to read
        for record in linked_records(data):
            kinds = record.get("@type")
            kinds = kinds if isinstance(kinds, list) else [kinds]
            if any(isinstance(k, str) and _ARTICLE_TYPE.search(k) for k in kinds):
                names = [
                    n for n in json_authors(record) if len(n) <= MAX_AUTHOR and not safe_url(n)
                ]
                if names:
                    return tuple(names)
    return ()


def linked_records(data: object) -> list[dict[str, Any]]:
    """The records of a JSON-LD document: itself, its list's, its `@graph`'s (one level)."""
    items = data if isinstance(data, list) else [data]
    records = [r for r in items if isinstance(r, dict)]
    graphs = [r["@graph"] for r in records if isinstance(r.get("@graph"), list)]
    return records + [r for graph in graphs for r in graph if isinstance(r, dict)]


def saved_from(text: str) -> str:
    """The address a browser's "Save as" (Chrome's `<!-- saved from url=(0041)https://… -->`) or
    SingleFile noted at the top of the page; '' without one."""
    m = _SAVED_FROM.search(text, 0, SAVED_NOTE_CHARS)
    return m.group("url") if m else ""


def own_host(tree: LexborHTMLParser) -> str:
    """The site's host when the page does not say its address: the one host its absolute links
    to tag or category pages lead to, else the one host two or more headings' links lead to (a
    listing's posts); '' when they lead to several, or there are none."""
    links = [attr(a, "href") for a in tree.css("a[href]")]
    taxonomy = {domain_of(u) for u in links if _TAG_HREF.search(u) or _CATEGORY_HREF.search(u)}
    titled = [
        domain_of(attr(a, "href"))
        for a in tree.css(", ".join(f"{h} a[href]" for h in LISTING_LEVELS))
    ]
    for hosts in (
        taxonomy - {""},
        set(titled) - {""} if len(titled) >= 2 and "" not in titled else set(),
    ):
        if len(hosts) == 1:
            return hosts.pop()
    return ""


def blank_inert(text: str) -> str:
    """The source with comments, scripts and styles blanked (their lines kept): tags in them
    are not elements."""
    return _INERT.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def element_lines(tree: LexborHTMLParser, text: str) -> dict[int, int]:
    """mem_id -> line of each article and h1-h3 element, by counting its tag in the source."""
    text = blank_inert(text)
    index = line_index(text)
    lines: dict[int, int] = {}
    for tag in ("article", *LISTING_LEVELS):
        starts = [m.start() for m in re.finditer(rf"<{tag}[\s>/]", text, re.I)]
        for node, start in zip(tree.css(tag), starts, strict=False):
            lines[node.mem_id] = index.line(start)
    return lines


def outermost(nodes: Sequence[LexborNode], tag: str) -> list[LexborNode]:
    return [n for n in nodes if not any(a.tag == tag for a in ancestors(n))]


def first_heading(node: LexborNode) -> LexborNode | None:
    """The first `<h1>`-`<h3>` that is no date heading (Blogger's "Sunday, May 8, 2016" above
    the post's title) nor empty (a theme's title for a page that has none); else a lower heading that opens the text (a card's `<h4 class="card-title">`
    under its picture), not one of its sections."""
    headings = (h for h in node.css("h1, h2, h3") if plain_text(h) and not is_date_heading(h))
    if found := next(headings, None):
        return found
    low = node.css_first("h4, h5, h6")
    if low is None or not (title := plain_text(low)):
        return None
    return low if plain_text(node).startswith(title) else None


def is_date_heading(heading: LexborNode) -> bool:
    """A heading whose class says it holds the date, and that holds one."""
    return heading.css_matches(DATED) and _TEXT_DATE.search(plain_text(heading)) is not None


def holding(scopes: Sequence[Scope], node: LexborNode) -> Scope | None:
    """The scope one of whose nodes holds `node` (or is it)."""
    chain = {a.mem_id for a in (node, *ancestors(node))}
    return next((s for s in scopes if any(n.mem_id in chain for n in s.nodes)), None)


def article_scopes(tree: LexborHTMLParser, lines: dict[int, int]) -> list[Scope]:
    """The page's outermost articles that hold anything (not an empty one a script fills)."""
    articles = [a for a in outermost(tree.css("article"), "article") if holds_anything(a)]
    return [Scope((a,), article_heading(a), lines.get(a.mem_id, 1)) for a in articles]


def article_heading(article: LexborNode) -> LexborNode | None:
    """The article's first heading (first_heading), else the first element whose class says it
    is the title and whose link, holding most of its words, leads to a page of its own: a
    listed post titled in a `<div class="post-title">` (Hexo NexT's archive, tag and category
    pages), which is no heading."""
    if (found := first_heading(article)) is not None:
        return found
    titles = (n for n in article.css("[class]") if any(map(_TITLE_CLASS.search, classes(n))))
    return next((n for n in titles if links_away(n)), None)


def holds_anything(node: LexborNode) -> bool:
    return bool(plain_text(node)) or node.css_first("img, video, audio, picture") is not None


def links_away(heading: LexborNode) -> bool:
    """A heading linking to another page (a post's permalink), not to its own anchor, by a link
    holding most of its words (not a wiki's "[edit]" link beside a section's name)."""
    return any(not attr(a, "href").startswith("#") for a in title_links(heading))


def title_links(heading: LexborNode) -> list[LexborNode]:
    """The heading's links holding most of its words: where its title leads."""
    words = len(plain_text(heading))
    return [a for a in heading.css("a[href]") if 2 * len(plain_text(a)) > words]


def is_listing(headings: Sequence[LexborNode], main: LexborNode) -> bool:
    """Several headings of one level that each link to a page of their own or come with a date."""
    if len(headings) < 2:
        return False
    linked = all(links_away(h) for h in headings)
    return linked or len(main.css("time")) >= len(headings)


def card_scopes(headings: Sequence[LexborNode], lines: dict[int, int]) -> list[Scope]:
    """A listing of cards (PaperMod's archive, many themes' post lists): each heading's parent
    holds it, as its only heading, and an empty link laid over the card to the post's page.
    The headings that are no card's (a year's, a month's) are left out with their counts."""
    cards = [h for h in headings if h.parent is not None and laid_over(h.parent)]
    if len(cards) < 2 or any(len(h.parent.css(HEADING_TAGS)) > 1 for h in cards if h.parent):
        return []
    return [Scope((h.parent,), h, lines.get(h.mem_id, 1)) for h in cards if h.parent]


def laid_over(card: LexborNode) -> list[LexborNode]:
    """The element's links of its own with no text (laid over it by the theme's style, to the
    post's page): a card's, no text of the post; a link round a picture shows it (a screenshot
    linking to its video), and is no card's."""
    return [
        a
        for a in card.css("a[href]")
        if a.parent is not None and a.parent.mem_id == card.mem_id and not holds_anything(a)
        if not attr(a, "href").startswith("#")
    ]


def overlay_links(scope: Scope) -> list[LexborNode]:
    return [a for node in scope.nodes for a in laid_over(node)]


def overlay_url(links: Sequence[LexborNode], meta: PageMeta) -> str:
    """A card's post's own page (its overlay link), as a feed item's link is its `url`."""
    return next((url for a in links if (url := resolve(attr(a, "href"), meta.base))), "")


def linked_posts(headings: Sequence[LexborNode]) -> list[LexborNode]:
    """The headings linking to a page of their own, when they are two or more and outnumber the
    others two to one (a listing's section heading, "Recent posts", is no post)."""
    linked = [h for h in headings if links_away(h)]
    others = len(headings) - len(linked)
    return linked if others > 0 and len(linked) >= max(2, 2 * others) else []


def common_parent(nodes: Sequence[LexborNode]) -> LexborNode | None:
    """The deepest element holding all the nodes."""
    chains = [[a.mem_id for a in reversed(ancestors(n))] for n in nodes]
    depth = 0
    while all(len(c) > depth for c in chains) and len({c[depth] for c in chains}) == 1:
        depth += 1
    if depth == 0:
        return None
    found = ancestors(nodes[0])
    return found[len(found) - depth]


def child_holding(parent: LexborNode, node: LexborNode) -> int:
    """mem_id of the child of `parent` that is or holds `node`."""
    chain = [node, *ancestors(node)]
    for i, a in enumerate(chain[1:], 1):
        if a.mem_id == parent.mem_id:
            return chain[i - 1].mem_id
    return node.mem_id


def heading_scopes(
    headings: Sequence[LexborNode], lines: dict[int, int]
) -> tuple[list[Scope], list[LexborNode]]:
    """Each heading (or the block holding it) and the siblings after it, up to the next one, and
    the nodes before the first; ([], []) when a block holds two headings (no clean boundaries)."""
    parent = common_parent(headings)
    holders = {child_holding(parent, h): h for h in headings} if parent is not None else {}
    if parent is None or len(holders) < len(headings):
        return [], []
    scopes: list[Scope] = []
    lead: list[LexborNode] = []
    for node in children(parent):
        if node.mem_id in holders:
            heading = holders[node.mem_id]
            scopes.append(Scope((node,), heading, lines.get(heading.mem_id, 1)))
        elif scopes:
            last = scopes[-1]
            scopes[-1] = Scope((*last.nodes, node), last.heading, last.line)
        else:
            lead.append(node)
    return scopes, lead


def find_scopes(
    tree: LexborHTMLParser, lines: dict[int, int], title: str = ""
) -> tuple[list[Scope], str]:
    """The posts of the page (its articles, a listing's heading blocks, or the whole page) and
    the text of a listing left before its first post. When a heading says the page's `title`,
    the article holding it is the page (the others are teasers of other stories or readers'
    comments); one in none of them, with more text beside them than in them, makes the page one
    post (a campaign's box in an `<article>` beside a story written in none)."""
    main = tree.css_first("main, [role=main]") or tree.body
    if scopes := article_scopes(tree, lines):
        said = heading_saying(tree, title)
        if said is None:
            return scopes, ""
        if (titled := holding(scopes, said)) is not None:
            return [titled], ""
        if main is None or not outweighed(scopes, main):
            return scopes, ""
        return [page_scope(main, lines)], ""
    if main is None:
        return [], ""
    for level in LISTING_LEVELS:
        headings = main.css(level)
        for group in (headings, linked_posts(headings)):
            if is_listing(group, main) and (found := heading_scopes(group, lines))[0]:
                scopes, lead = found
                if outweighed(scopes, main):
                    return [page_scope(main, lines)], ""
                if river_beside(tree, scopes, title):
                    river = tuple(n for scope in scopes for n in scope.nodes)
                    return [replace(page_scope(main, lines), river=river)], ""
                return scopes, " ".join(" ".join(plain_text(n) for n in lead).split())
        if cards := card_scopes(headings, lines):
            return cards, ""
    return [page_scope(main, lines)], ""


def outweighed(scopes: Sequence[Scope], main: LexborNode) -> bool:
    """Whether the page holds more text beside a listing than in it, its links' left out: the
    listing is a river of links to other posts (Vox's "The Latest") beside the page's own post,
    and links round it are no post (a news story's teasers round its `<article>`)."""
    listed = sum(prose_length(n) for scope in scopes for n in scope.nodes)
    return prose_length(main) - listed > listed


def river_beside(tree: LexborHTMLParser, scopes: Sequence[Scope], title: str) -> bool:
    """Whether a listing is a river of teasers beside the page's own post (Yahoo's stream of
    stories under a story): a heading outside the listing's block says the page's title, in a
    block beside it holding more text of its own than any listed post twice over."""
    said = heading_saying(tree, title)
    block = common_parent([n for scope in scopes for n in scope.nodes])
    if said is None or block is None or block.mem_id in {a.mem_id for a in ancestors(said)}:
        return False
    top = common_parent([said, block])
    chain = (said, *ancestors(said))
    beside = next((n for n in chain if top and n.parent and n.parent.mem_id == top.mem_id), None)
    if beside is None:
        return False
    longest = max(sum(prose_length(n) for n in scope.nodes) for scope in scopes)
    return prose_length(beside) > 2 * longest


def page_scope(main: LexborNode, lines: dict[int, int]) -> Scope:
    """The whole page as one post, titled by its first heading (see `page_title`): its main
    content; on a page that marks none, its best scoring blocks (see `content_blocks`), the
    page's date and tags read from the whole body, as they may be written round them."""
    nodes = content_blocks(main) if main.tag == "body" else (main,)
    heading = next(filter(None, map(first_heading, nodes)), None)
    line = lines.get(heading.mem_id, 1) if heading else 1
    return Scope(nodes, heading, line, meta=() if nodes == (main,) else (main,))


def title_forms(title: str) -> list[str]:
    """The page's title and its parts of two words or more around a separator, longest first
    ("Post title – Site name"), case folded."""
    parts = sorted(_TITLE_SEPARATOR.split(title), key=len, reverse=True)
    return [
        f.casefold() for f in dict.fromkeys([title, *parts]) if len(f.split()) >= 2 or f == title
    ]


def heading_saying(
    tree: LexborHTMLParser, title: str, scope: Scope | None = None
) -> LexborNode | None:
    """The first heading saying the page's title, or its longest part; the post's own first,
    when it says it as a heading outside does too (Medium's bar atop the page)."""
    found: dict[str, LexborNode] = {}
    own = [h for node in scope.nodes for h in node.css(HEADING_TAGS)] if scope else []
    for h in own + tree.css(HEADING_TAGS):
        found.setdefault(plain_text(h).casefold(), h)
    return next((found[f] for f in title_forms(title) if f in found), None) if title else None


def page_title(
    tree: LexborHTMLParser, scope: Scope, meta: PageMeta, lines: dict[int, int]
) -> Scope:
    """The page's one post titled as the page says, not by its first heading, which may be a
    section's (a post's `<h1>` above its `<article>`): the heading saying the page's title, else a
    title block's `<h1>` outside the main content (Quarto's `<header id="title-block-header">`) when
    that holds none, else the first heading; none but the page's `og:title` when that heading is no
    `<h1>` and says otherwise (a title split over two headings)."""
    heading = heading_saying(tree, meta.title, scope) or title_outside(tree, scope)
    if heading is not None:
        held = holding((scope,), heading) is not None
        block = next((a for a in ancestors(heading) if a.tag == "header"), heading)
        line = lines.get(heading.mem_id, scope.line)
        around = scope.meta + (() if held else (block,))
        return replace(scope, heading=heading, line=line, meta=around)
    first = scope.heading
    if first is None or first.tag == "h1" or not meta.stated_title:
        return scope
    if plain_text(first) == meta.title:
        return scope
    if word_set(plain_text(first)) <= word_set(meta.title):  # the title's first part
        return replace(scope, title=meta.title)
    return replace(scope, heading=None)


def title_outside(tree: LexborHTMLParser, scope: Scope) -> LexborNode | None:
    """The page's one `<h1>`, when the post is the page's main content (an `<article>` says its
    own title) and holds none."""
    titles = [h for h in tree.css("h1") if plain_text(h)]
    if len(titles) != 1 or any(n.tag == "article" or n.css_first("h1") for n in scope.nodes):
        return None
    return titles[0]


def post_date(scope: Scope) -> tuple[str, LexborNode | None]:
    """The post's date from its first `<time>` that holds one, and that element; else from the
    text of a short element whose class says it holds the date ("Date: July 4, 2026 | …", kept)."""
    nodes = (*scope.nodes, *scope.meta)
    for node in nodes:
        for time in node.css("time"):
            written = (attr(time, "datetime"), attr(time, "title"), plain_text(time))
            if date := next((d for d in map(parse_date, written) if d), ""):
                return date, time
    for node in nodes:
        for meta in node.css(DATED):
            text = " ".join(meta.text(deep=True, separator=" ").split())  # <p>s apart
            if len(text) > MAX_META:
                continue  # a block holding the post (Blogger's `date-outer`), not its date line
            found = (parse_date(m.group(0)) for m in _TEXT_DATE.finditer(text))
            if date := next((d for d in found if d), ""):
                return date, meta if is_byline(text) or all(map(is_byline, pieces(meta))) else None
    return "", None


def pieces(node: LexborNode) -> list[str]:
    """The element's text nodes, spaces folded, empty ones left out ("Published on: June 25,
    2024" and "5 min read", two spans side by side)."""
    texts = (" ".join((t.text_content or "").split()) for t in node.traverse(include_text=True))
    return [t for t in texts if t]


def is_byline(text: str) -> bool:
    """Whether a meta line is only the post's date and byline ("Date: March 15, 2023 | Reading
    Time: 21 min | Author: Lilian Weng"), left out of its text; else it is kept."""
    for part in _BYLINE_SPLIT.split(text.strip()):
        m = _TEXT_DATE.fullmatch(part) or _BYLINE_PART.fullmatch(part)
        if m is None or (
            m.re is _BYLINE_PART and m["date"] and not _TEXT_DATE.fullmatch(m["date"])
        ):
            return False
    return True


def post_tags(scope: Scope, meta: PageMeta) -> tuple[list[str], list[str]]:
    """(tags, categories): links marked rel=tag, or pointing at a tag / category page of this
    site (another site's tag page is only a link)."""
    found: dict[str, list[str]] = {"tag": [], "category": []}
    for node in (*scope.nodes, *scope.meta):
        for a in node.css("a[href]"):
            if kind := taxonomy_link(a, meta):
                found[kind].append(plain_text(a).lstrip("#"))
    return found["tag"], found["category"]


def taxonomy_link(a: LexborNode, meta: PageMeta) -> str:
    """'tag' or 'category' for a link to such a page of this site (or marked rel=tag), else ''."""
    href = attr(a, "href")
    own = not url_parts(href).netloc or domain_of(resolve(href, meta.base)) == meta.site_host
    if own and _CATEGORY_HREF.search(href):
        return "category"
    return "tag" if "tag" in attr(a, "rel").split() or (own and _TAG_HREF.search(href)) else ""


def taxonomy_lists(scope: Scope, meta: PageMeta) -> list[LexborNode]:
    """The lists of a post's tags and categories (taken as such, so left out of its text): a
    block whose links all lead to tag or category pages and whose words are theirs and a label
    ("Tags:") at most."""
    found = []
    for node in scope.nodes:
        for block in node.css("ul, ol, p, div"):
            links = block.css("a[href]")
            if not links or not all(taxonomy_link(a, meta) for a in links):
                continue  # most blocks: their first link to another page settles it
            words = sum(len(plain_text(a)) + 1 for a in links)
            if len(plain_text(block)) <= words + MAX_LABEL:
                found.append(block)
    return found


def lead_links(scope: Scope) -> list[LexborNode]:
    """The links of the title and of the post's first paragraphs, where a link post names its
    source (a link further down is only mentioned)."""
    links = scope.heading.css("a[href]") if scope.heading is not None else []
    paragraphs = [p for node in scope.nodes for p in node.css("p, li, blockquote")][:LEAD_BLOCKS]
    return links + [a for p in paragraphs for a in p.css("a[href]")]


def source_url(scope: Scope, meta: PageMeta, own: bool) -> str:
    """The first link to another site in the title or the lead (a link post's source); a link
    with no words (round an image, to its full size) names none. A post that is an article of
    its own (a page saved as one post, or a listed post whose title leads to its page on the
    site, which says the same: a link post's title leads off-site): a link in its lead names its
    source only when it is a paper's (notes on a paper), else it is only mentioned (an essay's
    first reference, a news story's source)."""
    for a in lead_links(scope):
        if not plain_text(a):
            continue
        url = resolve(attr(a, "href"), meta.base)
        if is_away(url, meta) and (not own or is_title_link(a, scope) or any(paper_ids(url))):
            return url
    return ""


def is_away(url: str, meta: PageMeta) -> bool:
    """A link to another site than the page's, and to no tag page."""
    return bool(url) and domain_of(url) != meta.site_host and not _TAG_HREF.search(url)


def is_title_link(link: LexborNode, scope: Scope) -> bool:
    return scope.heading is not None and scope.heading.mem_id in {a.mem_id for a in ancestors(link)}


def post_title(scope: Scope, meta: PageMeta, chunks: Sequence[str], page: str | None) -> str:
    """The post's title: its heading's, else a page's `<title>` (`page` is the page's file, or
    None for a listed post), else the slug its file is named by, else its first words."""
    if scope.title:
        return scope.title
    if scope.heading is not None and (title := plain_text(scope.heading)):
        return title
    if page is None:
        return untitled_title(chunks)
    return meta.title or slug_title(page) or untitled_title(chunks)


def read_post(
    scope: Scope, meta: PageMeta, name: str, single: bool, shown: str = ""
) -> ImportedPost:
    date, time = post_date(scope)
    overlays = overlay_links(scope)
    left_out = (scope.heading, time, *taxonomy_lists(scope, meta), *overlays, *scope.river)
    skip = frozenset(n.mem_id for n in left_out if n is not None)
    ctx = Context(base=meta.base, root=meta.root, skip=skip, tex=meta.tex)
    chunks = scope_markdown(scope.nodes, ctx)
    tags, categories = post_tags(scope, meta)
    title = post_title(scope, meta, chunks, shown if single else None)
    page = meta.base if single else listed_page(scope, meta, overlays)
    return make_post(
        title,
        f"{name}:{scope.line}",
        without_lead_title(chunks, title),
        url=source_url(scope, meta, single or bool(page)) or overlay_url(overlays, meta),
        tags=tags,
        categories=categories,
        date=date or (meta.date if single else ""),
        authors=meta.authors if single else (),
        page=page,
    )


def teaser_only(scope: Scope, meta: PageMeta, shown: str = "") -> bool:
    """Whether a page's one post is a teaser of another page of its site (a tag page listing one
    post), its title leading there rather than to the page itself (its file, `shown`, when the
    page says no address)."""
    page = listed_page(scope, meta, overlay_links(scope))
    if page.startswith(SITE_PATH):
        return not names_own_file(page[len(SITE_PATH) :], shown)
    own, listed = make_source(meta.base), make_source(page)
    return own is not None and listed is not None and own.key != listed.key


def listed_page(scope: Scope, meta: PageMeta, overlays: Sequence[LexborNode]) -> str:
    """A listed post's own page on the listing's site, where its title leads: the link holding
    most of its heading's words, the link round its heading (a card as Hugo's Stack theme writes
    one), or the link laid over its card; '' when none leads to a page of the site."""
    links = list(overlays)
    if (heading := scope.heading) is not None:
        links[:0] = [a for a in ancestors(heading) if a.tag == "a"]
        links[:0] = title_links(heading)
    for a in links:
        href = attr(a, "href").strip()
        url = "" if href.startswith("#") else resolve(href, meta.base)
        if url and domain_of(url) == meta.site_host and not _TAG_HREF.search(url):
            return url
        if not meta.base and is_site_path(href):  # a built site's page that says no address
            return SITE_PATH + href
    return ""


SITE_PATH = "path:"  # a listed post's page named by its path in the site (`/p/x/`, `../p/x/`)


def names_own_file(href: str, shown: str) -> bool:
    """Whether a link's path names the page's own file (`shown`): from the site's root, `/p/x/`
    for `…/p/x/index.html`, or from the page's folder."""
    href = link_path(href)
    own = page_parts(shown)
    if not href.startswith("/"):
        return page_parts(posixpath.join(posixpath.dirname(shown), href)) == own
    named = page_parts(href)
    return bool(named) and own[-len(named) :] == named


def page_parts(path: str) -> list[str]:
    """A page's path as the folders naming it (siteurl.file_page): `p/x/index.html` and
    `p/x.html` are p, x."""
    return [part for part in file_page(path.replace("\\", "/")).split("/") if part not in ("", ".")]


def is_site_path(href: str) -> bool:
    """A link to a page of the site by its path, with no scheme or host (not `#`, `?`, `//`)."""
    if not href or href.startswith(("#", "?", "//")) or _TAG_HREF.search(href):
        return False
    return not url_parts(href).scheme


def unplaced_urls(scope: Scope) -> list[str]:
    """The relative URLs of a post's text (not of its title: a listed post's own address)."""
    titles = set(relative_urls([scope.heading])) if scope.heading is not None else set()
    return [url for url in relative_urls(scope.nodes) if url not in titles]


def post_problems(
    posts: Sequence[ImportedPost], scopes: Sequence[Scope], shown: str, meta: PageMeta
) -> list[Diagnostic]:
    diags = []
    for post, scope in zip(posts, scopes, strict=True):
        pos = FilePos(shown, scope.line)
        if not meta.base and (urls := unplaced_urls(scope)):
            why = "the page says no address"
            hint = f'{SITE_HINT} (or add <link rel="canonical" href="…"> to the page)'
            diags.append(unresolved_warning(urls, why, pos, hint))
        elif meta.root and (climbed := climbing_urls(scope.nodes, meta.base, meta.root)):
            diags.append(above_site_warning(climbed, meta.root, pos))
        if scope.heading is None and len(scopes) > 1:
            diags.append(
                warning(
                    "import-untitled",
                    f"post has no heading: titled by its first words {post.title!r}",
                    pos,
                    hint="give each <article> an <h1>-<h3> title",
                )
            )
        # a listing's post, its title and a link to its page (a tag page listing one post too)
        listed = overlay_links(scope) or (post.page and post.page != meta.base)
        if not post.blocks and not listed:
            diags.append(
                warning(
                    "import-empty-post",
                    f"post {post.title!r} has no text: imported with its title only",
                    pos,
                    hint="check that the saved page holds the post's text, not only a script",
                )
            )
    return diags


def redirect_target(tree: LexborHTMLParser) -> str:
    """Where a page sends its reader at once (`<meta http-equiv="refresh" content="0; url=…">`:
    Hugo's alias and `page/1/` pages, jekyll-redirect-from's), '' for a page that is read."""
    for node in tree.css("meta[http-equiv]"):
        if attr(node, "http-equiv").strip().lower() != "refresh":
            continue
        delay, _, rest = attr(node, "content").partition(";")
        key, _, url = rest.partition("=")
        if delay.strip() in ("0", "0.0") and key.strip().lower() == "url" and url.strip(" '\""):
            return url.strip(" '\"")
    return ""


def page_redirect(text: str) -> str:
    """Where HTML sends its reader at once (redirect_target), '' when it is read."""
    return redirect_target(LexborHTMLParser(text))


def taxonomy_index(tree: LexborHTMLParser, address: str) -> int:
    """How many tag or category pages the page lists, when it is a site's index of them (Hugo's
    tags/: its headings, two or more of a level, each a tag's name linking to its page; or, at a
    tag or category page's `address`, its links, linked_taxonomies); 0 else."""
    main = tree.css_first("main, [role=main]") or tree.body
    if main is None:
        return 0
    for level in LISTING_LEVELS:
        headings = main.css(level)
        if len(headings) >= 2:
            if all(to_taxonomy(h) for h in headings):
                return len(headings)
            break
    return linked_taxonomies(main, address)


def linked_taxonomies(main: LexborNode, address: str) -> int:
    """How many tag or category pages a page at such an address (`/tags/`, `/categories/`) lists
    as links (Hexo NexT's tag cloud and category list), when they are two or more and outnumber
    its other links twice over (the site's name linking home); 0 else."""
    if not is_taxonomy_href(address):
        return 0
    hrefs = [attr(a, "href") for a in main.css("a[href]")]
    listed = sum(map(is_taxonomy_href, hrefs))
    return listed if listed >= 2 and listed > 2 * (len(hrefs) - listed) else 0


def is_taxonomy_href(href: str) -> bool:
    return bool(_TAG_HREF.search(href) or _CATEGORY_HREF.search(href))


def to_taxonomy(heading: LexborNode) -> bool:
    """A heading whose title leads to a tag or category page (title_links)."""
    hrefs = [attr(a, "href") for a in title_links(heading)]
    return bool(hrefs) and all(map(is_taxonomy_href, hrefs))


def taxonomy_page(count: int, name: str, shown: str) -> ParsedArchive:
    msg = f"the page lists {count} tag or category pages and no post: nothing imported"
    hint = "its posts carry their tags: import the posts' pages"
    diag = info("import-taxonomy-index", msg, FilePos(shown, 1), hint)
    return ParsedArchive(name, ArchiveFormat.HTML, (), (diag,))


def redirect_page(target: str, name: str, shown: str) -> ParsedArchive:
    msg = f"the page only sends its reader to {shorten(target, 80)}: nothing imported"
    hint = "import the page it leads to"
    diag = info("import-redirect", msg, FilePos(shown, 1), hint)
    return ParsedArchive(name, ArchiveFormat.HTML, (), (diag,))


def read_webpage(text: str, name: str, shown: str, site: Site = NO_SITE) -> ParsedArchive:
    """A saved HTML page as posts: one per article / listed post, else the page as one; none of
    a page that only redirects its reader to another. A page that says no address of its own is
    taken to be at its address on the `site` it was saved from (`--site`), when one is given."""
    tree = LexborHTMLParser(text)
    if target := redirect_target(tree):
        return redirect_page(target, name, shown)
    meta = on_site(page_meta(tree, saved_from(text)), site)
    lines = element_lines(tree, text)
    strip_chrome(tree, heading_saying(tree, meta.title))
    if indexed := taxonomy_index(tree, meta.base or "/" + shown.replace("\\", "/")):
        return taxonomy_page(indexed, name, shown)
    scopes, lead = find_scopes(tree, lines, meta.title)
    single = len(scopes) == 1 and not teaser_only(scopes[0], meta, shown)
    if single:
        scopes = [page_title(tree, scopes[0], meta, lines)]
    posts = [read_post(s, meta, name, single, shown) for s in scopes]
    kept = [(p, s) for p, s in zip(posts, scopes, strict=True) if p.title or p.blocks]
    if not kept:
        diag = warning(
            "import-no-posts",
            "page has no text: nothing imported",
            FilePos(shown, 1),
            hint="save the page as HTML with its content (not only its scripts)",
        )
        return ParsedArchive(name, ArchiveFormat.HTML, (), (diag,))
    diags = post_problems([p for p, _ in kept], [s for _, s in kept], shown, meta)
    if lead:
        msg = f"text before the listing's first post left out: {shorten(lead, 60)!r}"
        hint = "a listing's posts are its <article>s or its repeated linked headings"
        diags.append(info("import-html-lead", msg, FilePos(shown, 1), hint))
    return ParsedArchive(name, ArchiveFormat.HTML, tuple(p for p, _ in kept), tuple(diags))
