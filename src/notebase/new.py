"""`notebase new`: a title (or an arXiv id/URL) -> a new note file from templates/new/<kind>.md."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from string import Template

from notebase.arxiv import ArxivPaper, fetch_paper
from notebase.model import EntryKind
from notebase.planning.render import THEME_DIR, default_theme_dir
from notebase.reading.discover import NOTES_DIR
from notebase.reading.kinds import infer_kind
from notebase.reading.sourcerefs import is_safe_url, parse_arxiv_id
from notebase.slugs import normalize_tag, slugify_or_hash

KIND_FOLDERS = {EntryKind.PAPER: "papers", EntryKind.LINK: "links", EntryKind.NOTE: "notes"}
NEW_DIR = "new"
MAX_SLUG = 80


@dataclass(frozen=True, slots=True)
class NewRequest:
    title: str  # a title, or "arxiv:ID" / an arXiv URL
    kind: EntryKind | None = None
    url: str = ""
    tags: tuple[str, ...] = ()
    today: dt.date | None = None


@dataclass(frozen=True, slots=True)
class NewOutcome:
    path: Path | None  # the note written; None when nothing was written
    messages: tuple[str, ...]


def title_arxiv_id(title: str) -> str:
    """The arXiv id a title stands for (`arxiv:ID`, an arXiv URL); '' for a plain title."""
    title = title.strip()
    return parse_arxiv_id(title) if title.lower().startswith(("arxiv:", "http")) else ""


def check_request(request: NewRequest) -> str:
    """Why the request cannot be met as it is; '' when it can."""
    title = request.title.strip()
    if not title:
        return "the title is empty"
    if title.lower().startswith("arxiv:") and not title_arxiv_id(title):
        return f"{title} is not an arXiv id (such as arxiv:2502.16982)"
    if request.url and not is_safe_url(request.url):
        return f"--url must be an http(s) URL: {request.url}"
    return ""


def decide_kind(request: NewRequest, arxiv_id: str) -> EntryKind:
    if request.kind is not None:
        return request.kind
    return infer_kind(request.url, paper=bool(arxiv_id))


def note_path(root: Path, kind: EntryKind, title: str) -> Path:
    """notes/<kind folder>/<slug of the title>.md, e.g. notes/papers/muon-optimizer.md."""
    slug = slugify_or_hash(title)[:MAX_SLUG].strip("-") or "note"
    return root / NOTES_DIR / KIND_FOLDERS[kind] / f"{slug}.md"


def find_template(root: Path, kind: EntryKind) -> Path:
    user = root / THEME_DIR / NEW_DIR / f"{kind}.md"
    return user if user.is_file() else default_theme_dir() / NEW_DIR / f"{kind}.md"


def yaml_text(value: str) -> str:
    """A YAML scalar that reads back as exactly `value` (JSON strings are valid YAML)."""
    return json.dumps(value, ensure_ascii=False)


def abstract_block(paper: ArxivPaper | None) -> str:
    if paper is None or not paper.abstract:
        return ""
    return f"## Abstract\n\n> {paper.abstract}\n"


def fill_template(
    template: str, request: NewRequest, title: str, arxiv_id: str, paper: ArxivPaper | None
) -> str:
    url = request.url or (f"https://arxiv.org/abs/{arxiv_id}" if arxiv_id else "")
    tags = [t for t in (normalize_tag(t) for t in request.tags) if t]
    values = {
        "title": yaml_text(title),
        "url": yaml_text(url),
        "arxiv": yaml_text(arxiv_id),
        "authors": json.dumps(list(paper.authors) if paper else [], ensure_ascii=False),
        "year": str(paper.year) if paper and paper.year else "",
        "date": (request.today or dt.date.today()).isoformat(),
        "tags": json.dumps(tags, ensure_ascii=False),
        "abstract": abstract_block(paper),
    }
    return Template(template).safe_substitute(values)


def create_note(root: Path, request: NewRequest) -> NewOutcome:
    """Write the note; never over an existing file. arXiv metadata is fetched when there is an id."""
    problem = check_request(request)
    if problem:
        return NewOutcome(None, (problem,))
    messages: list[str] = []
    given_id = title_arxiv_id(request.title)
    arxiv_id = given_id or (parse_arxiv_id(request.url) if request.url else "")
    paper = None
    if arxiv_id:
        found = fetch_paper(root, arxiv_id)
        paper = found if isinstance(found, ArxivPaper) else None
        if isinstance(found, str):
            messages.append(f"{found}; writing the note without its title, authors and abstract")
    given = "" if given_id else request.title.strip()
    title = given or (paper.title if paper else f"arXiv {arxiv_id}")
    kind = decide_kind(request, arxiv_id)
    path = note_path(root, kind, title)
    template = find_template(root, kind)
    try:
        text = fill_template(template.read_text(encoding="utf-8"), request, title, arxiv_id, paper)
    except (OSError, UnicodeDecodeError) as exc:
        return NewOutcome(None, (*messages, f"cannot read {template}: {exc}"))
    problem = write_note(path, text)
    if problem:
        return NewOutcome(None, (*messages, problem))
    return NewOutcome(path, tuple(messages))


def write_note(path: Path, text: str) -> str:
    """Create the note file, never over an existing one; '' when written, or why not."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        return "the title, --url or --tags are not valid UTF-8"
    try:
        path.parent.mkdir(
            parents=True, exist_ok=True
        )  # FileExistsError when a file holds its place
        with path.open("xb") as handle:
            handle.write(data)
    except FileExistsError:
        if path.parent.is_dir():
            return f"{path} already exists; not overwriting it"
        return f"cannot write {path}: a file stands where one of its folders should be"
    except OSError as exc:
        return f"cannot write {path}: {exc}"
    return ""
