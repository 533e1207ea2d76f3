"""render.py: Jinja2 with autoescape and strict undefined; theme overrides; template errors as diagnostics."""

from __future__ import annotations

import builtins
import errno
import json
from pathlib import Path
from typing import Any

import pytest

from notebase.build import BuildOptions, build_site
from notebase.config import Config
from notebase.diagnostics import Diagnostic, Severity, SourcePos
from notebase.index import build_index
from notebase.links import resolve_index
from notebase.model import Source
from notebase.pages import PageSpec, plan_pages
from notebase.parse import parse_source
from notebase.render import create_environment, environment_for_build, render_page, root_of


def site_pages(*notes: tuple[str, str], config: Config | None = None) -> dict[str, PageSpec]:
    entries = []
    for rel, text in notes:
        result = parse_source(Source(rel, text, "d", f"notes/{rel}"))
        assert result.entry is not None
        entries.append(result.entry)
    index = resolve_index(build_index(entries), (config or Config()).directory_urls)
    return {p.url: p for p in plan_pages(index, config or Config())}


def render(root: Path, spec: PageSpec, config: Config | None = None) -> str:
    result = render_page(create_environment(root), spec, config or Config())
    assert isinstance(result, str), result
    return result


def test_root_of() -> None:
    assert root_of("") == ""
    assert root_of("404.html") == ""
    assert root_of("tags/") == "../"
    assert root_of("papers/muon/") == "../../"
    assert root_of("tags/ml/feed.xml") == "../../"


def test_a_script_title_is_escaped(tmp_path: Path) -> None:
    pages = site_pages(
        ("evil.md", "---\ntitle: <script>alert(1)</script>\ntags: ['<b>']\n---\nbody\n")
    )
    html = render(tmp_path, pages["evil/"])
    assert "<script>alert(1)</script>" not in html
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; · Reading notes</title>" in html
    assert '<h1 data-pagefind-meta="title">&lt;script&gt;alert(1)&lt;/script&gt;</h1>' in html
    home = render(tmp_path, pages[""])
    assert "<script>" not in home
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in home


def test_site_settings_are_escaped_too(tmp_path: Path) -> None:
    config = Config(title='Notes "&" <i>me</i>')
    html = render(tmp_path, site_pages(config=config)[""], config)
    assert "<i>me</i>" not in html
    assert "Notes &#34;&amp;&#34; &lt;i&gt;me&lt;/i&gt;" in html


def test_internal_links_are_relative_to_the_page(tmp_path: Path) -> None:
    pages = site_pages(("papers/a.md", "# A\n\n[[B]]\n"), ("b.md", "# B\n"))
    html = render(tmp_path, pages["papers/a/"])
    assert '<a class="wikilink" href="../../b/index.html" data-title="B">B</a>' in html
    assert '<link rel="stylesheet" href="../../assets/style.css">' in html
    assert "\x1e" not in html


def test_directory_urls(tmp_path: Path) -> None:
    config = Config(directory_urls=True)
    pages = site_pages(("papers/a.md", "# A\n\n[[B]]\n"), ("b.md", "# B\n"), config=config)
    html = render(tmp_path, pages["papers/a/"], config)
    assert 'href="../../b/"' in html
    assert "index.html" not in html


def test_feeds_use_the_base_url(tmp_path: Path) -> None:
    config = Config(base_url="https://notes.example.org")
    pages = site_pages(("a.md", "---\ntitle: A\ndate: 2025-01-02\n---\nx\n"), config=config)
    feed = render(tmp_path, pages["feed.xml"], config)
    assert '<link rel="alternate" href="https://notes.example.org/a/"/>' in feed
    assert "<updated>2025-01-02T00:00:00Z</updated>" in feed


def test_the_root_index_is_the_home_page_in_feeds_too(tmp_path: Path) -> None:
    config = Config(base_url="https://notes.example.org")
    pages = site_pages(("index.md", "---\ntitle: Home\ndate: 2025-01-02\n---\nx\n"), config=config)
    feed = render(tmp_path, pages["feed.xml"], config)
    assert '<link rel="alternate" href="https://notes.example.org/"/>' in feed
    assert "<id>https://notes.example.org/</id>" in feed
    home = render(tmp_path, pages[""], config)
    assert '<h1 data-pagefind-meta="title">Home</h1>' in home and "<p>x</p>" in home


def test_a_template_in_root_templates_replaces_the_default(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "404.html").write_text(
        "custom 404 for {{ site.title }}\n", encoding="utf-8"
    )
    pages = site_pages()
    assert render(tmp_path, pages["404.html"]) == "custom 404 for Reading notes\n"
    assert '<main id="main">' in render(tmp_path, pages[""])  # the others stay the default


def test_a_partial_override_is_used_by_default_templates(tmp_path: Path) -> None:
    (tmp_path / "templates" / "partials").mkdir(parents=True)
    (tmp_path / "templates" / "partials" / "card.html").write_text(
        "<li class=mine>{{ card.title }}</li>\n", encoding="utf-8"
    )
    html = render(tmp_path, site_pages(("a.md", "# Alpha\n"))[""])
    assert "<li class=mine>Alpha</li>" in html


def render_error(tmp_path: Path, name: str, text: str, url: str = "404.html") -> Diagnostic:
    path = tmp_path / "templates" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    pages = site_pages(("a.md", "# Alpha\n"))
    result = render_page(create_environment(tmp_path), pages[url], Config())
    assert isinstance(result, Diagnostic)
    return result


def test_an_undefined_variable_is_a_diagnostic_with_template_and_line(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "404.html", "line one\n{{ no_such_thing }}\n")
    assert (diag.severity, diag.code, diag.pos) == (
        Severity.ERROR,
        "template-error",
        SourcePos("templates/404.html", 2),
    )
    assert "no_such_thing" in diag.message
    assert diag.message.endswith("(rendering /404.html)")


def test_a_syntax_error_is_a_diagnostic_with_template_and_line(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "404.html", "ok\nok\n{% if %}\n")
    assert (diag.code, diag.pos) == ("template-syntax", SourcePos("templates/404.html", 3))
    assert "(rendering /404.html)" in diag.message


def test_an_error_in_a_partial_names_the_partial(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "partials/card.html", "<li>\n{{ card.nope }}</li>\n", url="")
    assert (diag.code, diag.pos) == ("template-error", SourcePos("templates/partials/card.html", 2))
    assert diag.message.endswith("(rendering /)")


def test_a_missing_template_is_a_diagnostic(tmp_path: Path) -> None:
    spec = PageSpec("x/", "no-such-template.html", {})
    result = render_page(create_environment(tmp_path), spec, Config())
    assert isinstance(result, Diagnostic)
    assert result.code == "template-error"
    assert "no-such-template.html" in result.message


def test_a_missing_include_names_the_template_and_line(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "404.html", "ok\n{% include 'partials/nope.html' %}\n")
    assert (diag.code, diag.pos) == ("template-error", SourcePos("templates/404.html", 2))
    assert diag.message == "template partials/nope.html not found (rendering /404.html)"


def test_an_exception_raised_by_a_user_template_is_a_diagnostic(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "partials/card.html", "<li>\n{{ 1 / 0 }}</li>\n", url="")
    assert (diag.code, diag.pos) == ("template-error", SourcePos("templates/partials/card.html", 2))
    assert diag.message == "ZeroDivisionError: division by zero (rendering /)"
    diag = render_error(tmp_path, "404.html", "a\nb\n{{ 5 | href }}\n")
    assert (diag.code, diag.pos) == ("template-error", SourcePos("templates/404.html", 3))
    assert diag.message.startswith("AttributeError: ")


def test_a_template_that_includes_itself_is_a_diagnostic(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "404.html", "{% include '404.html' %}\n")
    assert (diag.code, diag.pos) == ("template-error", SourcePos("templates/404.html", 1))
    assert diag.message.startswith("RecursionError: ")


UNREADABLE_HINT = "make the file readable UTF-8 text, or delete it to use the theme's"


def template_errors(kb: Path) -> list[Diagnostic]:
    """The diagnostics of a build of `kb`, which must fail."""
    result = build_site(BuildOptions(root=kb, out=kb / "site"))
    assert not result.written and not (kb / "site").exists()
    return list(result.diagnostics)


def test_a_template_that_is_not_utf8_is_a_diagnostic_at_the_template(kb: Path) -> None:
    (kb / "templates/partials").mkdir(parents=True)
    (kb / "templates/partials/card.html").write_bytes(b"<li>caf\xe9 {{ card.title }}</li>\n")
    diags = template_errors(kb)  # one for each page showing cards
    where = ("template-error", SourcePos("templates/partials/card.html"), UNREADABLE_HINT)
    assert {(d.code, d.pos, d.hint) for d in diags} == {where}
    message = "cannot read the template: it is not UTF-8 text (rendering /)"
    assert message in [d.message for d in diags]


def test_a_template_that_cannot_be_read_is_a_diagnostic_at_the_template(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    template = kb / "templates/404.html"
    template.parent.mkdir()
    template.write_text("<p>Lost.</p>\n", encoding="utf-8")
    assert build_site(BuildOptions(root=kb, out=kb / "built")).written  # compiled, then:
    real_open = builtins.open

    def open_as_chmod_000(file: Any, *args: Any, **kwargs: Any) -> Any:
        if str(file) == str(template):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_as_chmod_000)
    message = "cannot read the template: Permission denied (rendering /404.html)"
    assert [(d.code, d.pos, d.message, d.hint) for d in template_errors(kb)] == [
        ("template-error", SourcePos("templates/404.html"), message, UNREADABLE_HINT)
    ]
    monkeypatch.undo()
    assert build_site(BuildOptions(root=kb, out=kb / "site")).written


def test_an_exception_in_the_default_theme_stays_an_exception(tmp_path: Path) -> None:
    spec = site_pages(("a.md", "# Alpha\n"))[""]
    broken = PageSpec(spec.url, spec.template, {**spec.context, "recent": 5})
    with pytest.raises(TypeError):
        render_page(create_environment(tmp_path), broken, Config())


def test_404_links_absolutely_when_the_base_url_is_known(tmp_path: Path) -> None:
    """404.html is served at any depth, so relative links would break there."""
    config = Config(base_url="https://notes.example.org")
    html = render(tmp_path, site_pages(config=config)["404.html"], config)
    assert '<link rel="stylesheet" href="https://notes.example.org/assets/style.css">' in html
    assert 'href="https://notes.example.org/tags/index.html"' in html
    plain = render(tmp_path, site_pages()["404.html"])
    assert '<link rel="stylesheet" href="assets/style.css">' in plain


def fragment_page(root: Path, url: str, items: tuple[str, ...]) -> str:
    """Render templates/frag.html, whose block counts how often it runs (in `calls`)."""
    spec = PageSpec(url, "frag.html", {"items": items, "calls": calls})
    return render(root, spec)


calls: list[str] = []


def test_a_cached_fragment_is_rendered_once_per_key_and_depth(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    block = '{% call cached("row", item) %}<{{ item }}:{{ calls.append(item) or "" }}>{% endcall %}'
    (tmp_path / "templates/frag.html").write_text(f"{{% for item in items %}}{block}{{% endfor %}}")
    calls.clear()
    environment_for_build(tmp_path)
    assert fragment_page(tmp_path, "a/", ("x", "y", "x")) == "<x:><y:><x:>"
    assert fragment_page(tmp_path, "b/", ("y",)) == "<y:>"
    assert calls == ["x", "y"]
    assert fragment_page(tmp_path, "b/c/", ("y",)) == "<y:>"  # another depth: its own links
    assert calls == ["x", "y", "y"]


def test_cached_fragments_last_one_build_more_and_go_with_a_template_edit(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    frag = tmp_path / "templates/frag.html"
    frag.write_text(
        "{% for i in items %}{% call cached(i) %}{{ calls.append(i) or i }}{% endcall %}{% endfor %}"
    )
    calls.clear()
    environment_for_build(tmp_path)
    fragment_page(tmp_path, "a/", ("x", "y"))
    environment_for_build(tmp_path)
    fragment_page(tmp_path, "a/", ("x",))  # y unused in this build
    environment_for_build(tmp_path)
    fragment_page(tmp_path, "a/", ("x", "y"))
    assert calls == ["x", "y", "y"]
    frag.write_text("{% for i in items %}{% call cached(i) %}[{{ i }}]{% endcall %}{% endfor %}")
    environment_for_build(tmp_path)
    assert fragment_page(tmp_path, "a/", ("x",)) == "[x]"


def test_a_listing_longer_than_a_block_of_rows_renders_as_afresh_after_a_change(
    tmp_path: Path,
) -> None:
    notes = [
        (f"n{i:03}.md", f"---\ntitle: Note {i:03}\ntags: [t]\nstatus: read\n---\nBody.\n")
        for i in range(250)
    ]
    changed = [
        *notes[:150],
        ("n150.md", "---\ntitle: Note 150b\ntags: [t]\nstatus: read\n---\nBody.\n"),
        *notes[151:],
    ]
    urls = ("assets/entries.js", "papers/", "reading-list/", "quotes/", "sources/", "tags/t/")
    environment_for_build(tmp_path)
    first = {url: render(tmp_path, site_pages(*notes)[url]) for url in urls}
    environment_for_build(tmp_path)  # the next build: blocks of rows cached by the last one
    again = {url: render(tmp_path, site_pages(*changed)[url]) for url in urls}
    rows = json.loads(again["assets/entries.js"].split(" = ", 1)[1].rstrip().removesuffix(";"))
    assert len(rows) == 250 and rows[150]["title"] == "Note 150b"
    assert again["tags/t/"].count('<li class="card') == 250 and "Note 150b" in again["tags/t/"]
    assert again["reading-list/"] != first["reading-list/"]
    fresh = {url: render(tmp_path / "elsewhere", site_pages(*changed)[url]) for url in urls}
    assert again == fresh
