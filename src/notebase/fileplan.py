"""PageSpecs + assets -> the files of the site: pages rendered only when their fingerprint changed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from notebase.config import Config
from notebase.diagnostics import Diagnostic, SourcePos, error
from notebase.fingerprint import DigestMemo, digest_bytes, digest_value
from notebase.markdown.highlight import pygments_css
from notebase.pages import PageSpec
from notebase.render import (
    THEME_DIR,
    default_theme_dir,
    environment_for_build,
    render_page,
    template_digest,
)
from notebase.search import SearchJob, plan_search
from notebase.slugs import output_path
from notebase.write import KEEP

Progress = Callable[[str, int, int], None]
ASSETS_DIR = "assets"
STATIC_DIR = "static"


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
    existing: set[str],
    diags: list[Diagnostic],
    records: DigestMemo | None = None,
    progress: Progress | None = None,
) -> FilePlan:
    """Render the pages whose fingerprint changed; every other file already in the site is kept.
    (notebase's own code is not in the fingerprints: it is the key of the cache they are kept in.)"""
    pages = tuple(pages)
    env = environment_for_build(root)
    base = digest_value(config)
    memo: dict[str, str] = {}
    files: dict[str, bytes | None] = {}
    prints: dict[str, str] = {}
    for done, spec in enumerate(pages, 1):
        if progress is not None:
            progress("rendering", done, len(pages))
        rel = output_path(spec.url)
        key = (base, template_digest(env, spec.template, memo), spec)
        prints[rel] = records.digest_at(rel, key) if records is not None else digest_value(key)
        if is_kept(rel, prints[rel], previous, existing):
            files[rel] = KEEP
            continue
        page = render_page(env, spec, config)
        if isinstance(page, Diagnostic):
            diags.append(page)
        else:
            files[rel] = page.encode("utf-8")
    rendered = len(prints) - sum(1 for data in files.values() if data is KEEP)
    for rel, data in collect_assets(root, diags).items():
        prints[rel] = digest_bytes(data)
        files[rel] = KEEP if is_kept(rel, prints[rel], previous, existing) else data
    return FilePlan(files, prints, rendered)


def is_kept(rel: str, fingerprint: str, previous: Mapping[str, str], existing: set[str]) -> bool:
    """The file in the site is current: it is there, and was written with this fingerprint."""
    return previous.get(rel) == fingerprint and rel in existing


def add_search_bundle(
    plan: FilePlan,
    out: Path,
    previous: Mapping[str, str],
    existing: set[str],
    language: str,
    diags: list[Diagnostic],
    later: bool,
) -> tuple[FilePlan, SearchJob | None]:
    """The plan plus Pagefind's bundle of its pages (kept as it is when no page changed), and with
    `later` the search job due when Pagefind must run (the bundle in the site kept meanwhile)."""
    args = (plan.files, plan.fingerprints, previous, existing, language, later)
    bundle = plan_search(out, *args)
    if isinstance(bundle, Diagnostic):
        diags.append(bundle)
        return plan, None
    files = {**plan.files, **bundle.files}
    prints = {**plan.fingerprints, **bundle.fingerprints}
    return FilePlan(files, prints, plan.rendered), bundle.due


def collect_assets(root: Path, diags: list[Diagnostic]) -> dict[str, bytes]:
    """Theme assets (user overrides win), generated highlight CSS, and static/ copied as-is."""
    files: dict[str, bytes] = {}
    for base in (default_theme_dir() / ASSETS_DIR, root / THEME_DIR / ASSETS_DIR):
        files.update(read_tree(base, ASSETS_DIR, root, diags))
    files[f"{ASSETS_DIR}/pygments.css"] = pygments_css().encode()
    files.update(read_tree(root / STATIC_DIR, "", root, diags))
    return files


def read_tree(base: Path, prefix: str, root: Path, diags: list[Diagnostic]) -> dict[str, bytes]:
    """prefix/path -> bytes of every file under `base` (hidden ones left out); a read-failed error
    (its path shown relative to `root`) for each file that cannot be read."""
    if not base.is_dir():
        return {}
    found = {}
    for path in sorted(base.rglob("*")):
        if path.is_file() and not any(p.startswith(".") for p in path.relative_to(base).parts):
            rel = path.relative_to(base).as_posix()
            try:
                found[f"{prefix}/{rel}" if prefix else rel] = path.read_bytes()
            except OSError as exc:
                shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else path
                message = f"cannot read file: {exc.strerror}"
                diags.append(error("read-failed", message, SourcePos(str(shown))))
    return found
