"""The home of Jinja2: templates (autoescaped, strict) + PageSpec -> page text, or a diagnostic."""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
import email.utils
import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
import jinja2.meta
from markupsafe import Markup, escape

from notebase.config import Config
from notebase.diagnostics import Diagnostic, FilePos, error
from notebase.digests import Apply, digest_value, direct
from notebase.linking.linktags import ROOT
from notebase.planning.graph import Edge, Graph, Node
from notebase.planning.pages import PageSpec
from notebase.reading.discover import may_hold_control_chars, replace_control_chars
from notebase.slugs import output_path

THEME_DIR = "templates"
Environment = jinja2.Environment  # for the type hints of code that passes one along


def default_theme_dir() -> Path:
    """The theme shipped in the wheel (notebase/templates), or the repository's templates/."""
    packaged = Path(str(resources.files("notebase"))) / "templates"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "templates"


UNREADABLE_HINT = "make the file readable UTF-8 text, or delete it to use the theme's"


class UnreadableTemplate(jinja2.TemplateError):
    """A template file that is there but cannot be read (no permission, an I/O error, not UTF-8)."""

    def __init__(self, name: str, exc: OSError | UnicodeDecodeError) -> None:
        reason = "it is not UTF-8 text" if isinstance(exc, UnicodeDecodeError) else exc.strerror
        super().__init__(f"cannot read the template: {reason or exc}")
        self.name = name


class ThemeLoader(jinja2.BaseLoader):
    """The first folder holding a template wins; a compiled template is reused only while the
    same file still wins with the same text (content, not mtime: edits within a tick count)."""

    def __init__(self, folders: tuple[Path, ...]) -> None:
        self.loaders = tuple(jinja2.FileSystemLoader(folder) for folder in folders)

    def lookup(self, env: jinja2.Environment, name: str) -> tuple[str, str | None] | None:
        for loader in self.loaders:
            try:
                source, filename, _ = loader.get_source(env, name)
            except jinja2.TemplateNotFound:
                continue
            except (OSError, UnicodeDecodeError) as exc:
                raise UnreadableTemplate(name, exc) from exc
            return source, filename
        return None

    def is_unchanged(
        self, env: jinja2.Environment, name: str, found: tuple[str, str | None]
    ) -> bool:
        try:
            return self.lookup(env, name) == found
        except UnreadableTemplate:
            return False

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool]]:
        found = self.lookup(environment, template)
        if found is None:
            raise jinja2.TemplateNotFound(template)
        return found[0], found[1], lambda: self.is_unchanged(environment, template, found)

    def list_templates(self) -> list[str]:
        return sorted({name for loader in self.loaders for name in loader.list_templates()})


@functools.lru_cache(maxsize=8)
def create_environment(root: Path) -> jinja2.Environment:
    """User templates in <root>/templates override the default theme file by file.

    One environment per root is kept, so unchanged templates are compiled once per process; it
    does not check templates for edits on every page: `environment_for_build` does, once a build.
    No compiled template is kept between processes (Jinja's bytecode cache): a file of compiled
    code in the knowledge base's cache folder would run, whoever put it there, and the build cache
    is never trusted so (its pickles rebuild our own records only).
    """
    env = jinja2.Environment(
        auto_reload=False,
        loader=ThemeLoader((root / THEME_DIR, default_theme_dir())),
        autoescape=jinja2.select_autoescape(["html", "xml"], default_for_string=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["href"] = href_filter
    env.filters["absolute"] = absolute_filter
    env.filters["atom_id"] = atom_id_filter
    env.filters["rfc822"] = rfc822_date
    env.globals["each"] = render_each
    env.globals["graph_marks"] = graph_marks
    env.globals["tag_links"] = tag_links
    return env


def environment_for_build(root: Path) -> jinja2.Environment:
    """The root's environment, with the compiled templates whose files changed since dropped."""
    env = create_environment(root)
    cache = env.cache if env.cache is not None else {}
    for key, template in list(cache.items()):
        if not template.is_up_to_date:
            del cache[key]
    return env


@dataclass(frozen=True, slots=True)
class Rows:
    """How one build renders the rows of `each()`: through its memo (`apply`), with the digests
    of the partials, taken once a build. Handed to every page it renders, and set as the rows of
    the render under way (RENDERING) for that call only: never kept in the process's environment,
    which outlives the build, nor in a page's Jinja context (the contexts of imported macros
    make cycles, which would hold the memo until the collector ran)."""

    apply: Apply = direct
    partials: dict[str, str] = field(default_factory=dict)


RENDERING: contextvars.ContextVar[Rows] = contextvars.ContextVar("notebase_rows")


@jinja2.pass_context
def render_each(
    ctx: jinja2.runtime.Context, partial: str, items: Iterable[Any], name: str, **extra: Any
) -> Markup:
    """`{{ each("partials/card.html", cards, "card") }}`: the partial once for each item, which it
    sees as `name`, with `extra`, the page's root and the site, and nothing else. A row is made
    again only when one of these or a template it uses changed: the build's memo keys it by
    their digests, and a template author writes no key."""
    env = ctx.environment
    rows = RENDERING.get(None) or Rows()
    template = env.get_template(partial)
    root, site = ctx["root"], ctx["site"]
    # what every row shares, digested once: a row's key is then this digest and the item's
    # content key, not a walk of the site's settings for each row
    shared = digest_value((template_digest(env, partial, rows.partials), site, root, name, extra))

    def row(_: str, item: object) -> str:
        return template.render(extra, root=root, site=site, **{name: item})

    return Markup("".join(rows.apply.call(row, shared, item) for item in items))


@jinja2.pass_context
def href_filter(ctx: jinja2.runtime.Context, url: str) -> str:
    """A site-relative URL path made relative to the page being rendered."""
    config: Config = ctx["site"]
    return relative_href(url, str(ctx["root"]), config.directory_urls)


def relative_href(url: str, root: str, directory_urls: bool) -> str:
    """A site-relative URL path from a page `root` below the site's top (`../../`)."""
    return root + (url if directory_urls else output_path(url))


@jinja2.pass_context
def tag_links(ctx: jinja2.runtime.Context, tags: Iterable[str], hide: str = "") -> Markup:
    """`{{ tag_links(card.tags, hide_tag) }}`: a card's tags as links, but `hide` (the tag of the
    page listing it), in a paragraph; nothing when none is left. Written here, not by a loop in
    the partial: a listing makes a few of them for each of its cards, and this is several times
    cheaper (a partial may still loop over the tags itself)."""
    config: Config = ctx["site"]
    root, style = str(ctx["root"]), config.directory_urls
    links = [
        f'<a class="tag" href="{escape(relative_href(f"tags/{tag}/", root, style))}">#{escape(tag)}</a>'
        for tag in tags
        if tag != hide
    ]
    return Markup(f'<p class="tag-list">{" ".join(links)}</p>' if links else "")


RELATION_NAMES = {
    "both": "links here and is linked",
    "out": "linked from this note",
    "in": "links to this note",
    "source": "shares a source",
}


@jinja2.pass_context
def graph_marks(ctx: jinja2.runtime.Context, graph: Graph) -> Markup:
    """`{{ graph_marks(graph) }}`: a laid-out neighbourhood's edges (closing their group) and
    nodes as SVG, one node a line. Written here, not by a loop in the partial: a template makes
    some thirty elements of a dozen values each for each of thousands of pages, and this is
    several times cheaper (the partial may still draw its own from graph.edges and graph.nodes)."""
    edges = "".join(edge_mark(e) for e in graph.edges)
    nodes = "".join(node_mark(n, href_filter(ctx, n.url)) for n in graph.nodes)
    return Markup(f"{edges}      </g>\n{nodes}".removesuffix("\n"))


def edge_mark(e: Edge) -> str:
    if e.kind == "between":
        return f'<path class="edge edge-between" d="M{e.x1} {e.y1} Q{e.qx} {e.qy} {e.x2} {e.y2}"/>'
    return f'<line class="edge edge-{escape(e.kind)}" x1="{e.x1}" y1="{e.y1}" x2="{e.x2}" y2="{e.y2}"/>'


def node_mark(n: Node, href: str) -> str:
    """A node: a link to its page (the centre: none), its title, its circle and its label."""
    title, at = escape(n.title), f'x="{n.label_x}" y="{n.label_y}" text-anchor="{escape(n.anchor)}"'
    labels = f'<text class="label" {at}>{escape(n.label)}</text>'
    if n.label != n.title:
        labels += f'<text class="label-full" {at}>{title}</text>'
    if n.relation == "centre":
        circle = f'<circle cx="{n.x}" cy="{n.y}" r="9"/>'
        return f'      <g class="node node-centre"><title>{title} (this note)</title>{circle}{labels}</g>\n'
    circle = f'<circle cx="{n.x}" cy="{n.y}" r="7"/>'
    said = f"{title} ({escape(RELATION_NAMES[n.relation])})"
    opening = f'<a class="node node-{escape(n.relation)}" href="{escape(href)}">'
    return f"      {opening}<title>{said}</title>{circle}{labels}</a>\n"


@jinja2.pass_context
def absolute_filter(ctx: jinja2.runtime.Context, url: str) -> str:
    config: Config = ctx["site"]
    return f"{config.base_url}/{url}" if config.base_url else url


@jinja2.pass_context
def atom_id_filter(ctx: jinja2.runtime.Context, url: str) -> str:
    """A permanent absolute id for a feed or entry: its URL, or a URN when base_url is not set."""
    config: Config = ctx["site"]
    return f"{config.base_url}/{url}" if config.base_url else f"urn:notebase:{url or 'home'}"


def rfc822_date(day: dt.date) -> str:
    """A day as RSS 2.0 dates it (RFC 822, in English whatever the locale): midnight UTC."""
    return email.utils.format_datetime(dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC))


def root_of(url: str) -> str:
    """The relative path from a page to the site root: 'papers/muon/' -> '../../'."""
    return "../" * output_path(url).count("/")


def render_page(
    env: jinja2.Environment, spec: PageSpec, config: Config, rows: Rows | None = None
) -> str | Diagnostic:
    """The page's text (its `each()` rows through `rows`, the build's), or a diagnostic."""
    page = page_bytes(env, spec, config, rows)
    return page.decode("utf-8") if isinstance(page, bytes) else page


def page_bytes(
    env: jinja2.Environment, spec: PageSpec, config: Config, rows: Rows | None = None
) -> bytes | Diagnostic:
    """The page's UTF-8 bytes (its `each()` rows through `rows`, the build's), or a diagnostic."""
    # feeds are read elsewhere and 404.html is served at any depth: both link absolutely when they can
    absolute = spec.url.endswith(".xml") or spec.url == "404.html"
    root = f"{config.base_url}/" if (absolute and config.base_url) else root_of(spec.url)
    try:
        template = env.get_template(spec.template)
        text = render_with(rows or Rows(), template, spec, config, root)
    except jinja2.TemplateSyntaxError as exc:
        where = FilePos(f"templates/{exc.name or spec.template}", exc.lineno)
        return error("template-syntax", f"{exc.message} (rendering /{spec.url})", where)
    except UnreadableTemplate as exc:
        where = FilePos(f"templates/{exc.name}")
        return error("template-error", f"{exc} (rendering /{spec.url})", where, UNREADABLE_HINT)
    except jinja2.TemplateNotFound as exc:
        pos = template_pos(env, exc, spec.template)
        message = f"template {exc.name} not found (rendering /{spec.url})"
        return error(
            "template-error", message, pos, "check the name: templates/ or the theme has it"
        )
    except jinja2.TemplateError as exc:
        pos = template_pos(env, exc, spec.template)
        return error("template-error", f"{exc} (rendering /{spec.url})", pos, "check the template")
    except Exception as exc:  # raised by a user's template (1/0, a bad filter argument, recursion)
        if not raised_in_user_template(env, exc):
            raise
        pos = template_pos(env, exc, spec.template)
        message = f"{type(exc).__name__}: {exc} (rendering /{spec.url})"
        return error("template-error", message, pos, "check the template")
    return clean_bytes(text.replace(ROOT, root))


def clean_bytes(text: str) -> bytes:
    """The text's UTF-8 with its control characters replaced (replace_control_chars): one from a
    front-matter escape ("\0") would make a feed ill-formed XML. Only a page whose bytes may hold
    one (may_hold_control_chars), or with a lone surrogate (which no UTF-8 holds), is given the
    regex (over every page at 10,000 notes, it was a second of the build's CPU)."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: a title from a file name that is not UTF-8
        return replace_control_chars(text).encode("utf-8")
    if not may_hold_control_chars(data):
        return data
    return replace_control_chars(text).encode("utf-8")


def render_with(
    rows: Rows, template: jinja2.Template, spec: PageSpec, config: Config, root: str
) -> str:
    """The page's template rendered, its `each()` rows through `rows`."""
    token = RENDERING.set(rows)
    try:
        return template.render(**spec.context, site=config, page_url=spec.url, root=root)
    finally:
        RENDERING.reset(token)


def template_pos(env: jinja2.Environment, exc: BaseException, fallback: str) -> FilePos:
    """The innermost template frame of a rendering error: an included partial names itself."""
    filename, line = innermost_template_frame(exc)
    name = (theme_name(env, filename) if filename else "") or fallback
    return FilePos(f"templates/{name}", line)


def innermost_template_frame(exc: BaseException) -> tuple[str, int]:
    """(file, line) of the last template frame in the traceback; ("", 0) when there is none."""
    tb, found = exc.__traceback__, ("", 0)
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith((".html", ".xml", ".js", ".css", ".bib")):
            found = (filename, tb.tb_lineno)
        tb = tb.tb_next
    return found


def raised_in_user_template(env: jinja2.Environment, exc: BaseException) -> bool:
    """Whether the innermost template frame of `exc` is a file of the knowledge base's templates/
    (the first theme folder); an error in the default theme is a bug and stays an exception."""
    filename = innermost_template_frame(exc)[0]
    folders = [base for loader in getattr(env.loader, "loaders", ()) for base in loader.searchpath]
    return bool(filename and folders) and Path(filename).is_relative_to(folders[0])


def theme_name(env: jinja2.Environment, filename: str) -> str:
    """'…/templates/partials/card.html' -> 'partials/card.html', for either theme folder."""
    loaders = getattr(env.loader, "loaders", ())
    for loader in loaders:
        for base in getattr(loader, "searchpath", ()):
            path = Path(filename)
            if path.is_relative_to(base):
                return path.relative_to(base).as_posix()
    return ""


def compile_templates(env: jinja2.Environment, names: Iterable[str]) -> None:
    """Compile these templates now (before workers are forked, so once): one that fails to is left
    for render_page to report."""
    for name in sorted(set(names)):
        with contextlib.suppress(jinja2.TemplateError):  # UnreadableTemplate is one
            env.get_template(name)


def template_digest(env: jinja2.Environment, name: str, memo: dict[str, str]) -> str:
    """A digest of a template's source and of every template it extends, includes or imports."""
    if name not in memo:  # a cycle of templates is walked once: collect_template_sources
        memo[name] = digest_value(collect_template_sources(env, name, {}))
    return memo[name]


def template_holds(env: jinja2.Environment, name: str, text: str) -> bool:
    """Whether `text` is in the template's source or in one it references (or may: all
    templates, when a name is computed)."""
    return any(text in source for source in collect_template_sources(env, name, {}).values())


def collect_template_sources(
    env: jinja2.Environment, name: str, seen: dict[str, str]
) -> dict[str, str]:
    """name -> source for the template and everything it references (all templates when unknown)."""
    if name in seen or env.loader is None:
        return seen
    try:
        source = env.loader.get_source(env, name)[0]
    except jinja2.TemplateNotFound:
        seen[name] = "\x00missing"
        return seen
    except UnreadableTemplate:  # its pages are not rendered (render_page says why)
        seen[name] = "\x00unreadable"
        return seen
    seen[name] = source
    refs = referenced_templates(env, source)
    names = sorted(r for r in refs if r is not None)
    if None in refs:  # a computed name: depend on the whole theme
        names = env.list_templates()
    for ref in names:
        collect_template_sources(env, ref, seen)
    return seen


@functools.lru_cache(maxsize=512)
def referenced_templates(env: jinja2.Environment, source: str) -> tuple[str | None, ...]:
    """The names a template extends, includes, imports or renders with `each` (None for a
    computed name)."""
    try:
        tree = env.parse(source)
    except jinja2.TemplateSyntaxError:
        return ()
    return (*jinja2.meta.find_referenced_templates(tree), *rendered_each(tree))


def rendered_each(tree: jinja2.nodes.Template) -> tuple[str | None, ...]:
    """The partials `each(...)` renders (None for a computed name)."""
    calls = (
        call
        for call in tree.find_all(jinja2.nodes.Call)
        if isinstance(call.node, jinja2.nodes.Name) and call.node.name == "each" and call.args
    )
    return tuple(
        call.args[0].value
        if isinstance(call.args[0], jinja2.nodes.Const) and isinstance(call.args[0].value, str)
        else None
        for call in calls
    )
