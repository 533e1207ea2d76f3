"""Orchestrates the pipeline: discover -> parse -> index -> plan -> render -> write; keeps BuildState."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from pathlib import Path

from notebase import __version__
from notebase.cache import load_state, save_state
from notebase.config import Config, load_config
from notebase.diagnostics import Diagnostic, SourcePos, error, has_errors, sort_diagnostics
from notebase.discover import discover_sources
from notebase.fingerprint import digest_bytes, digest_value
from notebase.index import build_index
from notebase.links import resolve_index
from notebase.markdown.highlight import pygments_css
from notebase.model import Entry, ParseResult, SiteIndex, Source
from notebase.pages import PageSpec, plan_pages
from notebase.parse import parse_source
from notebase.render import (
    THEME_DIR,
    create_environment,
    default_theme_dir,
    render_page,
    template_digest,
)
from notebase.slugs import output_path
from notebase.write import KEEP, WriteOutcome, check_output_dir, site_identity, update_site

ASSETS_DIR = "assets"
STATIC_DIR = "static"
NOTHING = WriteOutcome((), (), ())
# editorial advice: `check` reports it, a build stays quiet about it (it is not a build problem)
CHECK_ONLY = frozenset({"paper-no-tldr", "duplicate-source"})


@dataclass(frozen=True, slots=True)
class BuildOptions:
    root: Path
    out: Path
    drafts: bool = False
    strict: bool = False
    force: bool = False
    write: bool = True  # False: check only
    cache: bool = False  # start from, and leave, the state in <root>/.notebase-cache


@dataclass(frozen=True, slots=True)
class BuildState:
    """What one build leaves for the next: parses by content digest, fingerprints of site files."""

    parsed: Mapping[str, ParseResult] = field(default_factory=dict)  # parse_key -> result
    outputs: Mapping[str, str] = field(default_factory=dict)  # file under out -> fingerprint
    out: str = ""  # the resolved output folder `outputs` describes
    site: str = ""  # which swap put that site in place: another means a build not recorded here


@dataclass(frozen=True, slots=True)
class BuildResult:
    diagnostics: tuple[Diagnostic, ...]
    entries: int
    pages: int
    written: bool
    seconds: float
    parsed: int = 0  # notes parsed afresh (the others came from the state)
    rendered: int = 0  # pages rendered afresh (the others had an unchanged fingerprint)
    files: WriteOutcome = NOTHING

    @property
    def failed(self) -> bool:
        return not self.written and has_errors(self.diagnostics)


def build_site(options: BuildOptions) -> BuildResult:
    """One build, starting from (and leaving) the persistent cache when options.cache is set."""
    state, cache_diags = load_state(options.root) if options.cache else (BuildState(), ())
    new_state, result = rebuild(state, options)
    if options.cache and new_state != state:
        cache_diags += save_state(options.root, new_state)
    return replace(result, diagnostics=sort_diagnostics((*result.diagnostics, *cache_diags)))


def rebuild(
    state: BuildState,
    options: BuildOptions,
    swap_lock: AbstractContextManager[object] | None = None,
) -> tuple[BuildState, BuildResult]:
    """A build that reuses `state`, writing byte for byte the site a clean build writes."""
    start = time.perf_counter()
    config, config_diags = load_config(options.root)
    sources, read_diags = discover_sources(options.root)
    parsed, fresh = parse_sources(sources, state.parsed)
    index, index_diags = index_parsed(parsed.values(), options.drafts, config)
    pages = plan_pages(index, config)
    diags = [*config_diags, *read_diags, *index_diags, *check_collisions(pages, index)]
    if options.write:
        diags = [d for d in diags if d.code not in CHECK_ONLY]
    kept = replace(state, parsed=parsed)

    def result(written: bool, rendered: int = 0, files: WriteOutcome = NOTHING) -> BuildResult:
        seconds = time.perf_counter() - start
        found = sort_diagnostics(diags)
        counts = (len(index.entries), len(pages))
        return BuildResult(found, *counts, written, seconds, fresh, rendered, files)

    if not options.write:  # check: render everything (template errors count) but write nothing
        plan_files(options.root, pages, config, {}, options.out.resolve(), diags)
        return kept, result(False)
    out = options.out.resolve()
    problem = check_output_dir(out, options.root, options.force)
    diags.extend([problem] if problem is not None else [])
    trusted = state.out == str(out) and state.site == site_identity(out)
    plan = plan_files(options.root, pages, config, state.outputs if trusted else {}, out, diags)
    if has_errors(diags, options.strict):
        return kept, result(False, plan.rendered)
    outcome = update_site(out, plan.files, swap_lock)
    new_state = BuildState(parsed, plan.fingerprints, str(out), site_identity(out))
    return new_state, result(True, plan.rendered, outcome)


def parse_key(source: Source) -> str:
    return f"{source.rel_path}\x00{source.digest}"


def parse_sources(
    sources: Iterable[Source], previous: Mapping[str, ParseResult]
) -> tuple[dict[str, ParseResult], int]:
    """Every source parsed, reusing the parse of any source whose path and content are unchanged."""
    parsed: dict[str, ParseResult] = {}
    fresh = 0
    for source in sources:
        key = parse_key(source)
        cached = previous.get(key)
        if cached is None:
            fresh += 1
        parsed[key] = cached if cached is not None else parse_source(source)
    return parsed, fresh


def index_parsed(
    parsed: Iterable[ParseResult], drafts: bool, config: Config
) -> tuple[SiteIndex, list[Diagnostic]]:
    """The resolved index of every entry (drafts left out unless asked for), with all diagnostics."""
    diags: list[Diagnostic] = []
    entries: list[Entry] = []
    for result in parsed:
        diags.extend(result.diagnostics)
        if result.entry is not None and (drafts or not result.entry.draft):
            entries.append(result.entry)
    index = build_index(entries)
    diags.extend(index.diagnostics)
    return resolve_index(index, config.directory_urls), diags


@dataclass(frozen=True, slots=True)
class FilePlan:
    files: dict[str, bytes | None]  # file under out -> bytes, or KEEP (None) when already current
    fingerprints: dict[str, str]
    rendered: int


def plan_files(
    root: Path,
    pages: Iterable[PageSpec],
    config: Config,
    previous: Mapping[str, str],
    out: Path,
    diags: list[Diagnostic],
) -> FilePlan:
    """Render the pages whose fingerprint changed; every other file already in `out` is kept."""
    env = create_environment(root)
    base = digest_value((__version__, config))
    memo: dict[str, str] = {}
    files: dict[str, bytes | None] = {}
    prints: dict[str, str] = {}
    for spec in pages:
        rel = output_path(spec.url)
        prints[rel] = digest_value((base, template_digest(env, spec.template, memo), spec))
        if previous.get(rel) == prints[rel] and (out / rel).is_file():
            files[rel] = KEEP
            continue
        page = render_page(env, spec, config)
        if isinstance(page, Diagnostic):
            diags.append(page)
        else:
            files[rel] = page.encode("utf-8")
    rendered = len(prints) - sum(1 for data in files.values() if data is KEEP)
    for rel, data in collect_assets(root).items():
        prints[rel] = digest_bytes(data)
        current = previous.get(rel) == prints[rel] and (out / rel).is_file()
        files[rel] = KEEP if current else data
    return FilePlan(files, prints, rendered)


def check_collisions(pages: Iterable[PageSpec], index: SiteIndex) -> list[Diagnostic]:
    """Two pages at one URL (a note at notes/tags/x.md and the tag page x) is an error."""
    owners: dict[str, PageSpec] = {}
    diags = []
    for spec in pages:
        if spec.url in owners:
            entry = spec.context.get("entry") or owners[spec.url].context.get("entry")
            pos = entry.pos if isinstance(entry, Entry) else SourcePos("notes")
            hint = "move or rename the note, or give it a `slug:`"
            diags.append(error("url-collision", f"/{spec.url} is produced twice", pos, hint))
        owners[spec.url] = spec
    return diags


def collect_assets(root: Path) -> dict[str, bytes]:
    """Theme assets (user overrides win), generated highlight CSS, and static/ copied as-is."""
    files: dict[str, bytes] = {}
    for base in (default_theme_dir() / ASSETS_DIR, root / THEME_DIR / ASSETS_DIR):
        files.update(read_tree(base, ASSETS_DIR))
    files[f"{ASSETS_DIR}/pygments.css"] = pygments_css().encode()
    files.update(read_tree(root / STATIC_DIR, ""))
    return files


def read_tree(base: Path, prefix: str) -> dict[str, bytes]:
    if not base.is_dir():
        return {}
    found = {}
    for path in sorted(base.rglob("*")):
        if path.is_file() and not any(p.startswith(".") for p in path.relative_to(base).parts):
            rel = path.relative_to(base).as_posix()
            found[f"{prefix}/{rel}" if prefix else rel] = path.read_bytes()
    return found
