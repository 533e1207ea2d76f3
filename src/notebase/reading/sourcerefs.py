"""External sources: URLs, arXiv ids and DOIs normalised into SourceRef identities (pure)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from urllib.parse import SplitResult, parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

from notebase.model import Entry, SourceRef
from notebase.slugs import hyphenate, short_hash

_ARXIV_ID = re.compile(r"(?P<id>\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?", re.I)
_ARXIV_URL = re.compile(
    r"^https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html)/(?P<rest>[^?#]+)", re.I
)
_DOI = re.compile(r"(?P<doi>10\.\d{4,9}/\S+)")
_ARXIV_PREFIX = re.compile(r"^arxiv:\s*", re.I)
_DOI_PREFIX = re.compile(r"^doi:\s*", re.I)
_DOI_URL = re.compile(r"^https?://(?:dx\.)?doi\.org/(?P<doi>10\.\d{4,9}/.+)$", re.I)
# an arXiv page's own title: "[2412.09871] Byte Latent Transformer: …" (an old-style id too)
ARXIV_TITLE = re.compile(r"^\[(?P<id>\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?\]\s+")
_TRACKING = re.compile(r"^(utm_\w+|fbclid|gclid|mc_cid|mc_eid|ref|ref_src|igshid|_hs\w+|si)$")
# the sites of papers alone (a proceedings' or a publisher's pages of papers): a link there is a
# paper's, whatever its path (CVF's open access of CVPR, ICCV and ECCV; NeurIPS's older site; PMLR)
PAPER_HOSTS = (
    "openreview.net", "aclanthology.org", "proceedings.neurips.cc", "dl.acm.org",
    "openaccess.thecvf.com", "papers.nips.cc", "papers.neurips.cc", "proceedings.mlr.press",
    "ieeexplore.ieee.org", "ojs.aaai.org",
)  # fmt: skip
SAFE_SCHEMES = ("http", "https")


def parse_arxiv_id(text: str) -> str:
    """'2505.02809v2', 'arxiv:2505.02809', an abs/pdf URL -> '2505.02809'; '' when not an arXiv id."""
    text = text.strip()
    m = _ARXIV_URL.match(text)
    if m:
        text = m.group("rest").removesuffix(".pdf")
    elif "://" in text:  # another URL: an id has no ':' (most links are such URLs: no more work)
        return ""
    text = _ARXIV_PREFIX.sub("", text)
    m = _ARXIV_ID.fullmatch(text)
    return m.group("id") if m else ""


def parse_doi(text: str) -> str:
    """'doi:10.1/x', 'https://doi.org/10.1/x' or '10.1/x' -> '10.1/x' (lowercased); '' otherwise."""
    text = text.strip()
    m = _DOI_URL.match(text)
    if m:
        return m.group("doi").lower()
    if "://" in text:  # another URL: a DOI starts with '10.'
        return ""
    text = _DOI_PREFIX.sub("", text)
    m = _DOI.fullmatch(text)
    return m.group("doi").lower() if m else ""


def strip_arxiv_prefix(title: str) -> str:
    """'[2412.09871] Byte Latent Transformer' -> 'Byte Latent Transformer': a title copied from
    an arXiv page, without the id arXiv puts before it (a title that is only the id is kept)."""
    rest = ARXIV_TITLE.sub("", title, count=1).strip()
    return rest or title


def is_safe_url(url: str) -> bool:
    """Only absolute http(s) URLs with a host are accepted as sources."""
    return split_url(url) is not None


def split_url(url: str) -> SplitResult | None:
    """The parts of an absolute http(s) URL with a host; None for anything else, such as a URL
    whose port is no number up to 65535 or whose [IPv6] host is not closed (which urllib only
    refuses with a ValueError, when split or when its port is read)."""
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 (reading a bad port raises)
    except ValueError:
        return None
    return parts if parts.scheme.lower() in SAFE_SCHEMES and parts.netloc else None


def url_parts(url: str) -> SplitResult:
    """urlsplit, the parts of no URL for one urllib refuses (an [IPv6] host not closed: a page's
    `href="http://[oops/"`) rather than its ValueError."""
    try:
        return urlsplit(url)
    except ValueError:
        return urlsplit("")


def join_url(base: str, url: str) -> str:
    """urljoin, '' for a URL urllib refuses (see url_parts)."""
    try:
        return urljoin(base, url)
    except ValueError:
        return ""


def normalize_url(url: str) -> str:
    """Lowercase scheme and host, drop default ports, tracking parameters, fragments, trailing '/'."""
    return normalize_parts(urlsplit(url.strip()))


def normalize_parts(parts: SplitResult) -> str:
    host = (parts.hostname or "").lower()
    if parts.port and parts.port not in (80, 443):
        host = f"{host}:{parts.port}"
    query = parts.query
    if query:
        query = urlencode([(k, v) for k, v in parse_qsl(query) if not _TRACKING.match(k)])
    path = parts.path.rstrip("/") or ""
    return urlunsplit((parts.scheme.lower(), host, path, query, ""))


def domain_of(url: str) -> str:
    return host_domain(url_parts(url))


def host_domain(parts: SplitResult) -> str:
    """The host without a leading www., lowercased: how a source's site is named."""
    return (parts.hostname or "").lower().removeprefix("www.")


def is_paper_url(url: str) -> bool:
    host = domain_of(url)
    return bool(parse_arxiv_id(url) or parse_doi(url)) or any(
        host == h or host.endswith("." + h) for h in PAPER_HOSTS
    )


# notes cite the same pages again and again (11,138 body URLs, 2,513 distinct, in a 1,000-note
# corpus): pure, and its SourceRef frozen, so the notes share one
@functools.lru_cache(maxsize=4096)
def make_source(url: str = "", arxiv: str = "", doi: str = "") -> SourceRef | None:
    """The identity of a source from a URL and/or explicit arXiv id / DOI; None when unusable."""
    arxiv_id = parse_arxiv_id(arxiv) if arxiv else (parse_arxiv_id(url) if url else "")
    doi_id = parse_doi(doi) if doi else (parse_doi(url) if url else "")
    if arxiv_id:
        link = f"https://arxiv.org/abs/{arxiv_id}"
        return SourceRef(f"arxiv:{arxiv_id}", link, "arxiv.org", arxiv=arxiv_id, doi=doi_id)
    if doi_id:
        link = f"https://doi.org/{doi_id}"
        return SourceRef(f"doi:{doi_id}", link, "doi.org", doi=doi_id)
    parts = split_url(url) if url else None
    if parts is not None:
        norm = normalize_parts(parts)
        return SourceRef("url:" + norm.split("://", 1)[1], norm, host_domain(parts))
    return None


def source_label(ref: SourceRef) -> str:
    """How a source is named when it has no title: arXiv:ID, doi:ID or its domain."""
    if ref.arxiv:
        return f"arXiv:{ref.arxiv}"
    return f"doi:{ref.doi}" if ref.doi else ref.domain


_ID_UNSAFE = re.compile(r"[^\w.]+")
_LOOSE_DOT = re.compile(r"\.(?!\d)|(?<!\d)\.")  # a dot that is not between two digits
MAX_ID = 80


def source_id(ref: SourceRef) -> str:
    """A readable, path-safe page id: 'arxiv-2505.02809', 'doi-10.1000-xyz', 'example.com-a-b-html'
    (from www.example.com/a/b.html).

    One path segment of word characters and '-'; dots only in the host name and between digits, so it
    is never '.' or '..' and never looks like a file ('x.html').
    """
    kind, _, rest = ref.key.partition(":")
    if kind == "url":
        host, _, path = rest.removeprefix("www.").partition("/")
        text = f"{host}-{_LOOSE_DOT.sub('-', path)}"
    else:
        text = f"{kind}-{_LOOSE_DOT.sub('-', rest)}"
    text = hyphenate(text, _ID_UNSAFE).strip("-.")
    if len(text) > MAX_ID:
        text = text[:MAX_ID].rstrip("-.") + "-" + short_hash(ref.key)
    return text or f"source-{short_hash(ref.key)}"


def assign_source_ids(refs: Iterable[SourceRef]) -> dict[str, str]:
    """key -> unique page id; of keys sharing an id the smallest keeps it, the others add a hash."""
    ids: dict[str, str] = {}
    taken: set[str] = set()
    for ref in sorted(refs, key=lambda r: r.key):
        wanted = source_id(ref)
        ids[ref.key] = wanted if wanted not in taken else f"{wanted}-{short_hash(ref.key)}"
        taken.add(ids[ref.key])
    return ids


def entry_sources(entry: Entry) -> tuple[SourceRef, ...]:
    """The primary source first, then every other source the body links to."""
    return ((entry.source,) if entry.source else ()) + entry.other_sources
