"""arXiv metadata: the export API's Atom answer -> ArxivPaper, cached under .notebase-cache/arxiv/."""

from __future__ import annotations

import json
import os
import urllib.request
import xml.etree.ElementTree as ET
from dataclasses import asdict, dataclass
from http.client import HTTPException
from pathlib import Path
from urllib.parse import urlencode

from notebase.builder.cachefiles import cache_dir
from notebase.files import write_atomic

API_ENV = "NOTEBASE_ARXIV_API"
DEFAULT_API = "https://export.arxiv.org/api/query"
TIMEOUT_SECONDS = 5.0
ATOM = "{http://www.w3.org/2005/Atom}"


@dataclass(frozen=True, slots=True)
class ArxivPaper:
    arxiv: str
    title: str
    authors: tuple[str, ...]
    year: int | None
    abstract: str


def api_url(arxiv_id: str) -> str:
    base = os.environ.get(API_ENV) or DEFAULT_API
    return f"{base}?{urlencode({'id_list': arxiv_id})}"


def squash(text: str | None) -> str:
    return " ".join((text or "").split())


def parse_atom(arxiv_id: str, xml_text: str | bytes) -> ArxivPaper | str:
    """The first entry of an API answer; a one-line reason for an empty feed, arXiv's error entry
    or an answer that is not Atom."""
    try:
        feed = ET.fromstring(xml_text)
    except ET.ParseError as exc:
        return f"arXiv's answer is not XML ({exc})"
    entry = feed.find(f"{ATOM}entry")
    title = squash(entry.findtext(f"{ATOM}title")) if entry is not None else ""
    if entry is None or "/api/errors" in (entry.findtext(f"{ATOM}id") or "") or not title:
        return f"arXiv has no paper {arxiv_id}"
    authors = tuple(squash(a.findtext(f"{ATOM}name")) for a in entry.findall(f"{ATOM}author"))
    published = (entry.findtext(f"{ATOM}published") or "")[:4]
    year = int(published) if published.isdecimal() else None
    abstract = squash(entry.findtext(f"{ATOM}summary"))
    return ArxivPaper(arxiv_id, title, tuple(a for a in authors if a), year, abstract)


def cached_paper(root: Path, arxiv_id: str) -> ArxivPaper | None:
    path = cache_dir(root) / "arxiv" / f"{arxiv_id.replace('/', '_')}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return ArxivPaper(
            arxiv_id, str(data["title"]), tuple(map(str, data["authors"])), data["year"],
            str(data["abstract"]),
        )  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError):
        return None


def remember_paper(root: Path, paper: ArxivPaper) -> None:
    path = cache_dir(root) / "arxiv" / f"{paper.arxiv.replace('/', '_')}.json"
    data = json.dumps(asdict(paper), ensure_ascii=False, indent=1)
    try:
        write_atomic(path, data.encode("utf-8"))
    except OSError:
        return  # a cache that cannot be written only costs a fetch next time


def fetch_paper(root: Path, arxiv_id: str) -> ArxivPaper | str:
    """The paper's metadata from the cache or the API; a one-line reason when unavailable."""
    cached = cached_paper(root, arxiv_id)
    if cached is not None:
        return cached
    try:
        with urllib.request.urlopen(api_url(arxiv_id), timeout=TIMEOUT_SECONDS) as response:
            body = response.read()
    except (OSError, HTTPException, ValueError) as exc:  # URLError is an OSError
        reason = getattr(exc, "reason", exc)
        return f"arXiv is unreachable ({reason})"
    paper = parse_atom(arxiv_id, body)
    if isinstance(paper, ArxivPaper):
        remember_paper(root, paper)
    return paper
