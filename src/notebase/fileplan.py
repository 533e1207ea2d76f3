"""PageSpecs + assets -> the files of the site: pages rendered only when their fingerprint changed."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from notebase.attachments import FILES_DIR, Copy, unreadable
from notebase.config import Config
from notebase.diagnostics import Diagnostic, SourcePos, error
from notebase.discover import NOTES_DIR
from notebase.files import KEEP, Staged
from notebase.fingerprint import digest_bytes, digest_value
from notebase.markdown.highlight import pygments_css
from notebase.pages import PageSpec
from notebase.parallel import map_indexed
from notebase.render import (
    THEME_DIR,
    Environment,
    compile_templates,
    default_theme_dir,
    environment_for_build,
    render_page,
    template_digest,
)
from notebase.search import SearchJob, plan_search
from notebase.slugs import output_path
from notebase.urls import ASSETS_DIR

Progress = Callable[[str, int, int], None]
STATIC_DIR = "static"


@dataclass(frozen=True, slots=True)
class FilePlan:
    files: dict[str, bytes | Staged | None]  # file under out -> bytes (a page's: staged), or KEEP
    fingerprints: dict[str, str]
    rendered: int


def plan_files(
    root: Path,
    pages: Iterable[PageSpec],
    config: Config,
    previous: Mapping[str, str],
    existing: set[str],
    diags: list[Diagnostic],
    fingerprint: bool = False,
    progress: Progress | None = None,
    parallel: tuple[int, int] = (1, 0),
    staging: Path | None = None,
    copies: Mapping[str, Copy] | None = None,
) -> FilePlan:
    """Render the pages whose fingerprint changed (on `parallel` = (jobs, at least this many pages)
    processes when there are that many to render, and forking is safe); every
    other file already in the site is kept. A page the last build did not write is rendered
    whatever its fingerprint, which is then taken where it is rendered. Without `fingerprint` (a
    check, which writes nothing) every page is rendered and none fingerprinted. Each page rendered
    is written to the `staging` folder where it is rendered (none: it is not kept), so that no
    process holds the whole site. `copies` are the files under notes/ the notes link to, by their
    path in the site.
    (notebase's own code is not in the fingerprints: it is the key of the cache they are kept in.)"""
    pages = tuple(pages)
    env = environment_for_build(root)
    base = digest_value(config)
    memo: dict[str, str] = {}
    files: dict[str, bytes | Staged | None] = {}
    prints: dict[str, str] = {}
    todo: list[Due] = []
    order = [output_path(spec.url) for spec in pages]
    for rel, spec in zip(order, pages, strict=True):
        key = (base, template_digest(env, spec.template, memo), spec)
        if not fingerprint or rel not in previous:  # taken as rendered (none: a check)
            todo.append(Due(rel, key, fingerprint))
            continue
        prints[rel] = digest_value(key)
        if is_kept(rel, prints[rel], previous, existing):
            files[rel] = KEEP
        else:
            todo.append(Due(rel, key, False))
    kept = len(files)
    show = (lambda done: progress("rendering", kept + done, len(pages))) if progress else None
    compile_templates(env, (due.key[2].template for due in todo))  # once, before any fork
    staged = [staging / str(i) if staging else None for i in range(len(todo))]
    results = map_indexed(
        lambda i: render_due(env, config, todo[i], staged[i]), len(todo), *parallel, show
    )
    for due, target, (digest, problem) in zip(todo, staged, results, strict=True):
        prints[due.rel] = digest or prints.get(due.rel, "")
        if problem is not None:
            diags.append(problem)
        elif target is not None:
            files[due.rel] = Staged(target)
    prints = {rel: prints[rel] for rel in order}
    files = {rel: files[rel] for rel in order if rel in files}
    add_assets(root, files, prints, (previous, existing), diags)
    add_copies(root, copies or {}, files, prints, (previous, existing), diags)
    return FilePlan(files, prints, len(todo))


def add_assets(
    root: Path,
    files: dict[str, bytes | Staged | None],
    prints: dict[str, str],
    site: tuple[Mapping[str, str], set[str]],
    diags: list[Diagnostic],
) -> None:
    """The theme's assets and the static files: kept when the copy in `site` (fingerprints, files
    there) is current."""
    for rel, data in collect_assets(root, diags).items():
        if rel in prints:  # a page's file: the page is kept, the build fails
            diags.append(asset_collision(root, rel))
            continue
        prints[rel] = digest_bytes(data)
        files[rel] = KEEP if is_kept(rel, prints[rel], *site) else data


def add_copies(
    root: Path,
    copies: Mapping[str, Copy],
    files: dict[str, bytes | Staged | None],
    prints: dict[str, str],
    site: tuple[Mapping[str, str], set[str]],
    diags: list[Diagnostic],
) -> None:
    """The files under notes/ the site holds copies of: read only when the copy in `site`
    (fingerprints, files there) is not current."""
    for rel, copy in copies.items():
        if rel in prints:  # a page's file or a static one: it is kept, the build fails
            diags.append(asset_collision(root, rel))
            continue
        prints[rel] = copy.digest
        if is_kept(rel, copy.digest, *site):
            files[rel] = KEEP
            continue
        try:
            files[rel] = copy.source.read_bytes()
        except OSError as exc:
            diags.append(unreadable(f"{NOTES_DIR}/{rel.removeprefix(FILES_DIR + '/')}", exc))
            del prints[rel]


def asset_collision(root: Path, rel: str) -> Diagnostic:
    static = root / STATIC_DIR / rel
    where = f"{STATIC_DIR}/{rel}" if static.is_file() else f"{THEME_DIR}/{rel}"
    if rel.startswith(f"{FILES_DIR}/"):
        where = f"{NOTES_DIR}/{rel.removeprefix(FILES_DIR + '/')}"
    message = f"{where} would replace the page written to {rel}"
    return error("url-collision", message, SourcePos(where), "rename or move the file")


# Below this many pages to render, forking workers costs more than it saves.
MIN_PARALLEL_RENDER = 200


@dataclass(frozen=True, slots=True)
class Due:
    """A page to render: its file, (config digest, template digest, page), whether its
    fingerprint is still to be taken."""

    rel: str
    key: tuple[str, str, PageSpec]
    digest: bool


def render_due(
    env: Environment, config: Config, due: Due, target: Path | None
) -> tuple[str, Diagnostic | None]:
    """Render a page due into the file `target` (none: nowhere); its fingerprint when still to be
    taken (else ""), and why it has no bytes, if it has none."""
    digest = digest_value(due.key) if due.digest else ""
    page = render_page(env, due.key[2], config)
    if isinstance(page, Diagnostic):
        return digest, page
    if target is not None:
        target.write_bytes(page.encode("utf-8"))
    return digest, None


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
    """prefix/path -> bytes of every file under `base` (hidden files and folders left out); a
    read-failed error (its path shown relative to `root`) for each file or folder that cannot be read."""
    if not base.is_dir():
        return {}
    found = {}
    for parts in list_tree(base, root, diags):
        path = base.joinpath(*parts)
        try:
            found["/".join((prefix, *parts) if prefix else parts)] = path.read_bytes()
        except OSError as exc:
            diags.append(read_failed(path, root, "file", exc))
    return found


def list_tree(base: Path, root: Path, diags: list[Diagnostic]) -> list[tuple[str, ...]]:
    """The path parts under `base` of every file in it but hidden ones, in path order; a
    read-failed error for each folder that cannot be listed."""

    def unlisted(exc: OSError) -> None:
        diags.append(read_failed(Path(exc.filename), root, "folder", exc))

    files: list[tuple[str, ...]] = []
    for folder, dirs, names in os.walk(base, onerror=unlisted):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        parts = Path(folder).relative_to(base).parts
        visible = (n for n in names if not n.startswith("."))
        files.extend((*parts, n) for n in visible if Path(folder, n).is_file())
    return sorted(files)


def read_failed(path: Path, root: Path, what: str, exc: OSError) -> Diagnostic:
    shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else path
    return error("read-failed", f"cannot read {what}: {exc.strerror}", SourcePos(str(shown)))
