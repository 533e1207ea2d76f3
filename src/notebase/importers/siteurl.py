"""`notebase import --site URL`: the address of the site an archive was saved from, which its
relative links resolve against when it says no address of its own; each input file's address on
that site, and the links between imported posts of the site made wikilinks (pure)."""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote, unquote

from notebase.importers.blogsource import with_markdown
from notebase.importers.markup import fits_wikilink, note_link
from notebase.importers.model import ImportedPost
from notebase.reading.sourcerefs import normalize_url, url_parts

INDEX_PAGES = ("index.html", "index.htm")
# a markdown link as the importers write one (not an image's: `![…](…)`), its words holding no
# bracket but an escaped one, its destination bare or in `<…>`
_LINK = re.compile(
    r"(?<![!\\])\[(?P<text>(?:[^\[\]\\\n]|\\.)*)\]\((?:<(?P<angled>[^<>\n]*)>|(?P<bare>[^()<>\s]+))\)"
)


@dataclass(frozen=True, slots=True)
class Site:
    """The site an input was saved from (`--site`): its root's address, and the input's own
    address on it (from the input's path in the folder the imported files share)."""

    root: str = ""
    page: str = ""


NO_SITE = Site()  # no `--site`: an input's relative links resolve against its own address only


def site_problem(value: str) -> str:
    """Why `value` cannot be a site's address ('' when it can): an http(s) URL with a host, no
    credentials, spaces, query or fragment."""
    parts = url_parts(value.strip())
    if not parts.scheme and value.strip().lower().startswith(("http://", "https://")):
        return "its host cannot be read (an IPv6 address without its `]`, or a character no host holds)"
    if parts.scheme.lower() not in ("http", "https"):
        return "it is no http(s) URL"
    if not parts.hostname:
        return "it names no host"
    if "@" in parts.netloc or any(c.isspace() for c in value.strip()):
        return "it holds credentials or spaces"
    if parts.query or parts.fragment or "?" in value or "#" in value:
        return "a site's address has no query or fragment"
    try:
        parts.port  # noqa: B018 (a port that is no number is refused here)
    except ValueError:
        return "its port is no number"
    return ""


def site_root(value: str) -> str:
    """A valid site address (site_problem says none) as the root's: its scheme and host lower
    case, its path ending in `/` (`https://Example.com/blog` -> `https://example.com/blog/`)."""
    parts = url_parts(value.strip())
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}{path}"


def page_address(root: str, rel: str) -> str:
    """The address on the site at `root` of the file at `rel` (a posix path from the folder the
    imported files share): an `index.html` is its folder's (`p/x/index.html` -> `…/p/x/`)."""
    folder, _, name = rel.rpartition("/")
    path = f"{folder}/" if folder else ""
    if name.lower() not in INDEX_PAGES:
        path += name
    return root + quote(path, safe="/~!$&'()*+,;=:@%-._")


def shared_folder(paths: Sequence[str]) -> str:
    """The deepest folder holding every path (absolute posix paths of the input files)."""
    folders = [posixpath.dirname(p) for p in paths]
    return posixpath.commonpath(folders) if folders else ""


def page_key(url: str) -> str:
    """A page's address as links to it may write it: normalized, an `index.html` left out."""
    path = url_parts(url).path
    for index in INDEX_PAGES:
        if path.lower().endswith("/" + index):
            url = url.replace(path, path[: -len(index)], 1)
    return normalize_url(url)


def site_titles(posts: Sequence[ImportedPost], root: str) -> dict[str, str]:
    """The title of each post whose page is on the site at `root`, by its page_key, when no other
    post of another title has that page and the title can be a wikilink's."""
    found: dict[str, set[str]] = {}
    prefix = page_key(root)
    for post in posts:
        key = page_key(post.page) if post.page.startswith(("http://", "https://")) else ""
        if key and key.startswith(prefix):
            found.setdefault(key, set()).add(post.title)
    titles = {k: min(t) for k, t in found.items() if len(t) == 1}
    return {k: title for k, title in titles.items() if fits_wikilink(title)}


def link_site_posts(posts: Sequence[ImportedPost], root: str) -> list[ImportedPost]:
    """The posts with each link to another imported post of the site at `root` (`--site`) made a
    wikilink to its note (`[[Its title|the link's words]]`), as link_site_refs makes a blog
    source's; a link to any other page of the site stays an absolute link."""
    titles = site_titles(posts, root) if root else {}
    if not titles:
        return list(posts)

    def relink(post: ImportedPost, match: re.Match[str]) -> str:
        url = match["angled"] if match["angled"] is not None else match["bare"]
        key = page_key(url)
        title = titles.get(key)
        own = post.page.startswith(("http://", "https://")) and page_key(post.page) == key
        if title is None or own:
            return match[0]
        return note_link(title, match["text"])

    return [
        with_markdown(post, lambda line: _LINK.sub(functools.partial(relink, post), line))  # noqa: B023
        for post in posts
    ]


def file_page(path: str) -> str:
    """A built site's page as its file names it: `…/p/x/index.html` and `…/p/x.html` are `…/p/x`."""
    parts = [part for part in posixpath.normpath(path).split("/") if part]
    if parts and parts[-1].lower() in INDEX_PAGES:
        parts.pop()
    elif parts and parts[-1].lower().endswith((".html", ".htm")):
        parts[-1] = parts[-1].rsplit(".", 1)[0]
    return ("/" if path.startswith("/") else "") + "/".join(parts)


def link_path(href: str) -> str:
    """A link's path, its query and fragment left out and its escapes read (`%E8%A7%86` is the
    folder `视`)."""
    return unquote(href.split("#", 1)[0].split("?", 1)[0])
