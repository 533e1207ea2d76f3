"""PageSpecs + assets -> the files of the site: pages rendered only when their fingerprint changed."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from notebase.builder.parallel import give_back_free_memory, map_indexed
from notebase.builder.search import (
    INDEXED_MARK,
    Bundle,
    EarlyIndex,
    SearchJob,
    indexed_copy,
    plan_search,
    print_of_copy,
    stage_page,
)
from notebase.config import Config
from notebase.diagnostics import Diagnostic, FilePos, error
from notebase.digests import Apply, digest_bytes, digest_value, direct
from notebase.files import KEEP, Staged, write_file
from notebase.linking.attachments import FILES_DIR, Copy, unreadable
from notebase.planning.pages import PageSpec
from notebase.planning.render import (
    THEME_DIR,
    Environment,
    Rows,
    compile_templates,
    environment_for_build,
    page_bytes,
    template_digest,
    template_holds,
)
from notebase.reading.discover import NOTES_DIR
from notebase.slugs import output_path

Progress = Callable[[str, int, int], None]
STATIC_DIR = "static"
SEARCH_MARK = INDEXED_MARK.decode()


@dataclass(frozen=True, slots=True)
class FilePlan:
    files: dict[str, bytes | Staged | None]  # file under out -> bytes (a page's: staged), or KEEP
    fingerprints: dict[str, str]
    rendered: int
    pages: tuple[str, ...]  # the files that are pages (rendered from the templates)
    # the search results' search prints (search.search_print), once the bundle is made
    searched: Mapping[str, str] = field(default_factory=dict)


def plan_files(
    root: Path,
    pages: Iterable[PageSpec],
    config: Config,
    previous: Mapping[str, str],
    existing: set[str],
    diags: list[Diagnostic],
    memo: Apply | None = None,
    progress: Progress | None = None,
    parallel: tuple[int, int] = (1, 0),
    staging: Path | None = None,
    copies: Mapping[str, Copy] | None = None,
    assets: Mapping[str, bytes] | None = None,
    early: EarlyIndex | None = None,
) -> FilePlan:
    """Render the pages whose fingerprint changed (on `parallel` = (jobs, at least this many pages)
    processes when there are that many to render, and forking is safe); every other file already
    in the site is kept. A page the last build did not write is rendered whatever its fingerprint,
    which is then taken where it is rendered. Without a `memo` (a check, which writes nothing)
    every page is rendered and none fingerprinted. Each page rendered is written to the `staging`
    folder where it is rendered (none: it is not kept), so that no process holds the whole site.
    With `early`, that many pages render here, shard by shard, each indexed once its pages are.
    `copies` (files under notes/ the notes link to) and `assets` (the theme's and static/ files)
    are by their path in the site. (notebase's code is the cache's key.)"""
    pages = tuple(pages)
    env, rows = environment_for_build(root), Rows(memo or direct)
    files: dict[str, bytes | Staged | None] = {}
    prints: dict[str, str] = {}
    order = [output_path(spec.url) for spec in pages]
    todo = pages_due(env, config, order, pages, memo, (previous, existing), files, prints)
    kept = len(files)
    show = (lambda done: progress("rendering", kept + done, len(pages))) if progress else None
    compile_templates(env, (due.key[2].template for due in todo))  # once, before any fork
    staged = [staging / str(i) if staging else None for i in range(len(todo))]
    give_back_free_memory()  # what planning let go of: not counted resident while pages render
    early = early if len(todo) >= parallel[1] else None  # few pages: the bundle is made after

    def render(i: int) -> Rendered:
        search_copy = early.stage_folder(todo[i].rel) if early else None
        return render_due(env, config, todo[i], staged[i], rows, search_copy)

    def take(i: int, rendered: Rendered) -> None:
        (digest, problem, searched), target = rendered, staged[i]
        prints[todo[i].rel] = digest or prints.get(todo[i].rel, "")
        if problem is not None:
            diags.append(problem)
        elif target is not None:
            files[todo[i].rel] = Staged(target, searched)

    if early is None:
        for i, rendered in enumerate(map_indexed(render, len(todo), *parallel, show)):
            take(i, rendered)
    else:
        ready = functools.partial(early.rendered, files=files, fingerprints=prints)
        render_by_shard(early, todo, render, take, ready, show, may_be_results(env, todo))
    prints = {rel: prints[rel] for rel in order}
    files = {rel: files[rel] for rel in order if rel in files}
    add_files(root, assets or {}, files, prints, (previous, existing), diags)
    add_files(root, copies or {}, files, prints, (previous, existing), diags)
    return FilePlan(files, prints, len(todo), tuple(order))


def pages_due(
    env: Environment,
    config: Config,
    order: list[str],
    pages: tuple[PageSpec, ...],
    memo: Apply | None,
    site: tuple[Mapping[str, str], set[str]],
    files: dict[str, bytes | Staged | None],
    prints: dict[str, str],
) -> list[Due]:
    """The pages to render (`order`: their files); the fingerprint of each other page is put in
    `prints`, and KEEP in `files` for those the site holds as they are (see plan_files)."""
    base = digest_value(config)
    templates: dict[str, str] = {}
    todo: list[Due] = []
    for rel, spec in zip(order, pages, strict=True):
        key = (base, template_digest(env, spec.template, templates), spec)
        if memo is None or rel not in site[0]:  # taken as rendered (none: a check)
            todo.append(Due(rel, key, memo is not None))
            continue
        prints[rel] = memo.call_at(rel, digest_value, key)
        if is_kept(rel, prints[rel], *site):
            files[rel] = KEEP
        else:
            todo.append(Due(rel, key, False))
    return todo


Rendered = tuple[str, Diagnostic | None, str]  # render_due's: fingerprint, problem, search print


def render_by_shard(
    early: EarlyIndex,
    todo: list[Due],
    render: Callable[[int], Rendered],
    take: Callable[[int, Rendered], None],
    ready: Callable[[int], None],
    show: Callable[[int], None] | None,
    first: list[bool],
) -> None:
    """Render the pages due (`todo`) here: first those that may be search results (`first`), a
    shard's after another's (each's in the order of their paths, as stage_pages stages them),
    each shard `ready` once they are rendered (one with none to render is left to plan_search);
    then the others, while the last shards are indexed. A page of these that is a search result
    after all (its template was not seen to mark one) changes its shard's results: plan_search
    then indexes that shard again."""
    rels = [due.rel for due in todo]
    numbers = [early.shard_of(rel) for rel in rels]
    left = Counter(number for number, result in zip(numbers, first, strict=True) if result)
    for number in sorted(set(numbers) - left.keys() - {-1}):
        ready(number)  # no page of it to render is a search result: indexed from the others
    order = sorted(range(len(rels)), key=lambda i: (not first[i], numbers[i], rels[i]))
    for done, i in enumerate(order, 1):
        take(i, render(i))
        if show:
            show(done)
        number = numbers[i]
        if not first[i]:
            continue
        left[number] -= 1
        if left[number] == 0 and number >= 0:
            ready(number)


def may_be_results(env: Environment, todo: list[Due]) -> list[bool]:
    """For each page due, whether it may be a search result: its template, or one it extends,
    includes or imports, holds the mark (any may, when a name is computed)."""
    templates = {due.key[2].template for due in todo}
    marked = {name for name in templates if template_holds(env, name, SEARCH_MARK)}
    return [due.key[2].template in marked for due in todo]


def add_files(
    root: Path,
    found: Mapping[str, bytes | Copy],
    files: dict[str, bytes | Staged | None],
    prints: dict[str, str],
    site: tuple[Mapping[str, str], set[str]],
    diags: list[Diagnostic],
) -> None:
    """The theme's assets and the static files (bytes), or the files under notes/ the site holds
    copies of (read only when needed): kept when the copy in `site` (fingerprints, files there)
    is current."""
    for rel, item in found.items():
        if rel in prints:  # a page's file (or a static one): it is kept, the build fails
            diags.append(asset_collision(root, rel))
            continue
        digest = item.digest if isinstance(item, Copy) else digest_bytes(item)
        if is_kept(rel, digest, *site):
            files[rel] = KEEP
        elif isinstance(item, Copy):
            try:
                files[rel] = item.site_bytes()
            except OSError as exc:
                diags.append(unreadable(f"{NOTES_DIR}/{rel.removeprefix(FILES_DIR + '/')}", exc))
                continue
        else:
            files[rel] = item
        prints[rel] = digest


def asset_collision(root: Path, rel: str) -> Diagnostic:
    static = root / STATIC_DIR / rel
    where = f"{STATIC_DIR}/{rel}" if static.is_file() else f"{THEME_DIR}/{rel}"
    if rel.startswith(f"{FILES_DIR}/"):
        where = f"{NOTES_DIR}/{rel.removeprefix(FILES_DIR + '/')}"
    message = f"{where} would replace the page written to {rel}"
    return error("url-collision", message, FilePos(where), "rename or move the file")


# Below this many pages to render, forking workers costs more than it saves, and so does indexing
# each shard as soon as its pages are rendered (EarlyIndex) rather than all due shards afterwards.
MIN_PARALLEL_RENDER = 200


@dataclass(frozen=True, slots=True)
class Due:
    """A page to render: its file, (config digest, template digest, page), whether its
    fingerprint is still to be taken."""

    rel: str
    key: tuple[str, str, PageSpec]
    digest: bool


def render_due(
    env: Environment,
    config: Config,
    due: Due,
    target: Path | None,
    rows: Rows,
    search_copy: Path | None = None,
) -> Rendered:
    """Render a page due into the file `target` (none: nowhere); its fingerprint when still to be
    taken (else ""), why it has no bytes, if it has none, and whether it is a search result
    (seen here, where its bytes are at hand: one is staged for Pagefind at `search_copy`)."""
    digest = digest_value(due.key) if due.digest else ""
    data = page_bytes(env, due.key[2], config, rows)
    if isinstance(data, Diagnostic):
        return digest, data, ""
    if target is not None:
        write_file(target, data)
    copy = indexed_copy(data)
    if copy is not None and search_copy is not None:
        stage_page(search_copy, due.rel, copy)
    return digest, None, print_of_copy(copy)


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
    apply: Apply = direct,
    early: EarlyIndex | None = None,
    known: Mapping[str, Bundle] | None = None,
) -> tuple[FilePlan, SearchJob | None]:
    """The plan plus Pagefind's bundle of its pages (kept as it is when no page changed; the
    shards `early` indexed taken as it made them, and those `known` by their stamp), and with
    `later` the search job due when Pagefind must run (the bundle in the site kept meanwhile)."""
    args = (plan.files, plan.fingerprints, previous, existing, language, later, apply)
    bundle = plan_search(out, *args, plan.pages, early, known)
    if isinstance(bundle, Diagnostic):
        diags.append(bundle)
        return plan, None
    files = {**plan.files, **bundle.files}
    prints = {**plan.fingerprints, **bundle.fingerprints}
    return FilePlan(files, prints, plan.rendered, plan.pages, bundle.results), bundle.due
