"""The home of Jinja2: templates (autoescaped, strict) + PageSpec -> page text, or a diagnostic."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import jinja2

from notebase.config import Config
from notebase.diagnostics import Diagnostic, SourcePos, error
from notebase.links import ROOT
from notebase.pages import PageSpec
from notebase.slugs import output_path

THEME_DIR = "templates"


def default_theme_dir() -> Path:
    """The theme shipped in the wheel (notebase/templates), or the repository's templates/."""
    packaged = Path(str(resources.files("notebase"))) / "templates"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "templates"


def create_environment(root: Path) -> jinja2.Environment:
    """User templates in <root>/templates override the default theme file by file."""
    loader = jinja2.ChoiceLoader(
        [jinja2.FileSystemLoader(root / THEME_DIR), jinja2.FileSystemLoader(default_theme_dir())]
    )
    env = jinja2.Environment(
        loader=loader,
        autoescape=jinja2.select_autoescape(["html", "xml"], default_for_string=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["href"] = href_filter
    env.filters["absolute"] = absolute_filter
    env.filters["atom_id"] = atom_id_filter
    return env


@jinja2.pass_context
def href_filter(ctx: jinja2.runtime.Context, url: str) -> str:
    """A site-relative URL path made relative to the page being rendered."""
    config: Config = ctx["site"]
    target = url if config.directory_urls else output_path(url)
    return str(ctx["root"]) + target


@jinja2.pass_context
def absolute_filter(ctx: jinja2.runtime.Context, url: str) -> str:
    config: Config = ctx["site"]
    return f"{config.base_url}/{url}" if config.base_url else url


@jinja2.pass_context
def atom_id_filter(ctx: jinja2.runtime.Context, url: str) -> str:
    """A permanent absolute id for a feed or entry: its URL, or a URN when base_url is not set."""
    config: Config = ctx["site"]
    return f"{config.base_url}/{url}" if config.base_url else f"urn:notebase:{url or 'home'}"


def root_of(url: str) -> str:
    """The relative path from a page to the site root: 'papers/muon/' -> '../../'."""
    return "../" * output_path(url).count("/")


def render_page(env: jinja2.Environment, spec: PageSpec, config: Config) -> str | Diagnostic:
    # feeds are read elsewhere and 404.html is served at any depth: both link absolutely when they can
    absolute = spec.url.endswith(".xml") or spec.url == "404.html"
    root = f"{config.base_url}/" if (absolute and config.base_url) else root_of(spec.url)
    try:
        template = env.get_template(spec.template)
        text = template.render(**spec.context, site=config, page_url=spec.url, root=root)
    except jinja2.TemplateSyntaxError as exc:
        where = SourcePos(f"templates/{exc.name or spec.template}", exc.lineno)
        return error("template-syntax", f"{exc.message} (rendering /{spec.url})", where)
    except jinja2.TemplateError as exc:
        pos = template_pos(env, exc, spec.template)
        return error("template-error", f"{exc} (rendering /{spec.url})", pos, "check the template")
    return text.replace(ROOT, root)


def template_pos(env: jinja2.Environment, exc: BaseException, fallback: str) -> SourcePos:
    """The innermost template frame of a rendering error: an included partial names itself."""
    tb = exc.__traceback__
    name, line = fallback, 0
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith((".html", ".xml")):
            name, line = theme_name(env, filename) or fallback, tb.tb_lineno
        tb = tb.tb_next
    return SourcePos(f"templates/{name}", line)


def theme_name(env: jinja2.Environment, filename: str) -> str:
    """'…/templates/partials/card.html' -> 'partials/card.html', for either theme folder."""
    loaders = env.loader.loaders if isinstance(env.loader, jinja2.ChoiceLoader) else []
    for loader in loaders:
        for base in getattr(loader, "searchpath", ()):
            path = Path(filename)
            if path.is_relative_to(base):
                return path.relative_to(base).as_posix()
    return ""
