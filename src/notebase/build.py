"""Orchestrates the pipeline: discover -> parse -> index -> plan -> render -> write (I/O at the ends)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from notebase.config import Config, load_config
from notebase.diagnostics import Diagnostic, SourcePos, error, has_errors, sort_diagnostics
from notebase.discover import discover_sources
from notebase.index import build_index
from notebase.links import resolve_index
from notebase.markdown.highlight import pygments_css
from notebase.model import Entry, SiteIndex
from notebase.pages import PageSpec, plan_pages
from notebase.parse import parse_source
from notebase.render import THEME_DIR, create_environment, default_theme_dir, render_page
from notebase.slugs import output_path
from notebase.write import check_output_dir, write_site

ASSETS_DIR = "assets"
STATIC_DIR = "static"


@dataclass(frozen=True, slots=True)
class BuildOptions:
    root: Path
    out: Path
    drafts: bool = False
    strict: bool = False
    force: bool = False
    write: bool = True  # False: check only


@dataclass(frozen=True, slots=True)
class BuildResult:
    diagnostics: tuple[Diagnostic, ...]
    entries: int
    pages: int
    written: bool
    seconds: float

    @property
    def failed(self) -> bool:
        return not self.written and has_errors(self.diagnostics)


def load_index(root: Path, drafts: bool) -> tuple[Config, SiteIndex, list[Diagnostic]]:
    """Everything up to the index: config, notes, entries (drafts left out unless asked for)."""
    config, diags = load_config(root)
    sources, read_diags = discover_sources(root)
    out = [*diags, *read_diags]
    entries: list[Entry] = []
    for source in sources:
        result = parse_source(source)
        out.extend(result.diagnostics)
        if result.entry is not None and (drafts or not result.entry.draft):
            entries.append(result.entry)
    index = build_index(entries)
    out.extend(index.diagnostics)
    return config, resolve_index(index, config.directory_urls), out


def build_site(options: BuildOptions) -> BuildResult:
    start = time.perf_counter()
    config, index, diags = load_index(options.root, options.drafts)
    pages = plan_pages(index, config)
    diags.extend(check_collisions(pages, index))
    files = render_pages(options.root, pages, config, diags)
    out_problem = (
        check_output_dir(options.out, options.root, options.force) if options.write else None
    )
    if out_problem is not None:
        diags.append(out_problem)
    ok = options.write and not has_errors(diags, options.strict)
    if ok:
        files.update(collect_assets(options.root))
        write_site(options.out, files)
    elapsed = time.perf_counter() - start
    return BuildResult(sort_diagnostics(diags), len(index.entries), len(pages), ok, elapsed)


def render_pages(
    root: Path, pages: Iterable[PageSpec], config: Config, diags: list[Diagnostic]
) -> dict[str, bytes]:
    env = create_environment(root)
    files: dict[str, bytes] = {}
    for spec in pages:
        result = render_page(env, spec, config)
        if isinstance(result, Diagnostic):
            diags.append(result)
        else:
            files[output_path(spec.url)] = result.encode("utf-8")
    return files


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
