"""render.py: Jinja2 with autoescape and strict undefined; theme overrides; template errors as diagnostics."""

from __future__ import annotations

import builtins
import errno
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from notebase.config import Config
from notebase.diagnostics import Diagnostic, FilePos, Severity
from notebase.linking.index import build_index
from notebase.linking.linktags import resolve_index
from notebase.model import NoteFile
from notebase.planning.pages import PageSpec, plan_pages
from notebase.planning.render import (
    clean_bytes,
    create_environment,
    environment_for_build,
    render_page,
    root_of,
    template_digest,
)
from notebase.reading.parse import parse_note


def site_pages(*notes: tuple[str, str], config: Config | None = None) -> dict[str, PageSpec]:
    entries = []
    for rel, text in notes:
        result = parse_note(NoteFile(rel, text, "d", f"notes/{rel}"))
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


def test_a_card_links_its_tags_but_the_page_s_own_in_either_url_style(tmp_path: Path) -> None:
    note = ("a.md", "---\ntitle: A\ntags: [ml, 'x&y', opt]\n---\nbody\n")
    for config, end in ((Config(), "index.html"), (Config(directory_urls=True), "")):
        pages = site_pages(note, config=config)
        tag_page = render(tmp_path, pages["tags/ml/"], config)
        start = tag_page.index('<li class="card')
        card = tag_page[start : tag_page.index("</li>", start) + 5]
        assert card.endswith(
            '<p class="tag-list"><a class="tag" href="../../tags/x-y/'
            f'{end}">#x-y</a> <a class="tag" href="../../tags/opt/{end}">#opt</a></p></li>'
        )
        home = render(tmp_path, pages[""], config)
        assert f'<a class="tag" href="tags/ml/{end}">#ml</a> <a class="tag"' in home


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


def test_control_characters_a_template_writes_are_replaced(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "404.html").write_text(
        "a\x01b\x1f c\ufffe d\uffff e\x0b\x0c f\t g \ufffd \uffc2 \u00bf \u043f", encoding="utf-8"
    )
    html = render(tmp_path, site_pages(("a.md", "# Alpha\n"))["404.html"])
    assert html == "a\ufffdb\ufffd c\ufffd d\ufffd e\ufffd\ufffd f\t g \ufffd \uffc2 \u00bf \u043f"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "plain <p>ASCII</p>\n\twith tab\r\n",
        "\u00bf \u043f \u4e2d\u6587 \uffc2 \ufffd \U0001f600",  # UTF-8 with BF/EF BF bytes, no control
        "\x00",
        "x\x08y\x0bz\x1f",
        "\ufffe\uffff",
        "\u4e2d\x07\u00bf\ufffe",
    ],
)
def test_clean_bytes_replaces_what_the_regex_replaces(text: str) -> None:
    expected = "".join(
        "\ufffd" if (ord(c) < 0x20 and c not in "\t\n\r") or c in "\ufffe\uffff" else c
        for c in text
    )
    assert clean_bytes(text) == expected.encode("utf-8")


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
        FilePos("templates/404.html", 2),
    )
    assert "no_such_thing" in diag.message
    assert diag.message.endswith("(rendering /404.html)")


def test_a_syntax_error_is_a_diagnostic_with_template_and_line(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "404.html", "ok\nok\n{% if %}\n")
    assert (diag.code, diag.pos) == ("template-syntax", FilePos("templates/404.html", 3))
    assert "(rendering /404.html)" in diag.message


def test_an_error_in_a_partial_names_the_partial(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "partials/card.html", "<li>\n{{ card.nope }}</li>\n", url="")
    assert (diag.code, diag.pos) == ("template-error", FilePos("templates/partials/card.html", 2))
    assert diag.message.endswith("(rendering /)")


def test_a_missing_template_is_a_diagnostic(tmp_path: Path) -> None:
    spec = PageSpec("x/", "no-such-template.html", {})
    result = render_page(create_environment(tmp_path), spec, Config())
    assert isinstance(result, Diagnostic)
    assert result.code == "template-error"
    assert "no-such-template.html" in result.message


def test_a_missing_include_names_the_template_and_line(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "404.html", "ok\n{% include 'partials/nope.html' %}\n")
    assert (diag.code, diag.pos) == ("template-error", FilePos("templates/404.html", 2))
    assert diag.message == "template partials/nope.html not found (rendering /404.html)"


def test_an_exception_raised_by_a_user_template_is_a_diagnostic(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "partials/card.html", "<li>\n{{ 1 / 0 }}</li>\n", url="")
    assert (diag.code, diag.pos) == ("template-error", FilePos("templates/partials/card.html", 2))
    assert diag.message == "ZeroDivisionError: division by zero (rendering /)"
    diag = render_error(tmp_path, "404.html", "a\nb\n{{ 5 | href }}\n")
    assert (diag.code, diag.pos) == ("template-error", FilePos("templates/404.html", 3))
    assert diag.message.startswith("AttributeError: ")


def test_a_template_that_includes_itself_is_a_diagnostic(tmp_path: Path) -> None:
    diag = render_error(tmp_path, "404.html", "{% include '404.html' %}\n")
    assert (diag.code, diag.pos) == ("template-error", FilePos("templates/404.html", 1))
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
    where = ("template-error", FilePos("templates/partials/card.html"), UNREADABLE_HINT)
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
        ("template-error", FilePos("templates/404.html"), message, UNREADABLE_HINT)
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


FEED_NOTES = (
    ("a.md", "---\ntitle: A & B\ndate: 2025-06-03\ntags: [ml]\n---\nSee <this>.\n"),
    ("b.md", "---\ntitle: B\ndate: 2024-12-31\nmodified: 2025-07-01\ntags: [ml]\n---\nx\n"),
    ("c.md", "# Undated\n\nNo date at all.\n"),
)


def test_the_rss_feed_is_rss_2_with_a_self_link_guids_and_rfc_822_dates(tmp_path: Path) -> None:
    config = Config(base_url="https://notes.example.org", description="Mine")
    pages = site_pages(*FEED_NOTES, config=config)
    for url in ("rss.xml", "tags/ml/rss.xml"):
        rss = ET.fromstring(render(tmp_path, pages[url], config))
        assert rss.tag == "rss" and rss.get("version") == "2.0"
        channel = rss.find("channel")
        assert channel is not None
        assert [c.tag for c in channel][:3] == ["title", "link", "description"]
        assert channel.findtext("link") == "https://notes.example.org/"
        assert channel.findtext("description") == "Mine"
        self_link = channel.find(f"{ATOM}link")
        assert self_link is not None and self_link.attrib == {
            "href": f"https://notes.example.org/{url}",
            "rel": "self",
            "type": "application/rss+xml",
        }
        assert channel.findtext("lastBuildDate") == "Tue, 03 Jun 2025 00:00:00 +0000"
    items = ET.fromstring(render(tmp_path, pages["rss.xml"], config)).findall("channel/item")
    assert [i.findtext("title") for i in items] == ["A & B", "B", "Undated"]
    assert [i.findtext("guid") for i in items] == [
        f"https://notes.example.org/{slug}/" for slug in ("a", "b", "c")
    ]
    assert {i.find("guid").get("isPermaLink") for i in items} == {"true"}  # type: ignore[union-attr]
    assert [i.findtext("pubDate") for i in items] == [
        "Tue, 03 Jun 2025 00:00:00 +0000",
        "Tue, 31 Dec 2024 00:00:00 +0000",
        None,  # undated: no pubDate rather than an invented one
    ]
    assert "&lt;this&gt;" in (items[0].findtext("description") or "")  # escaped HTML, as text


def test_without_a_base_url_rss_guids_are_not_permalinks(tmp_path: Path) -> None:
    pages = site_pages(*FEED_NOTES)
    items = ET.fromstring(render(tmp_path, pages["rss.xml"])).findall("channel/item")
    assert [(i.findtext("guid"), i.find("guid").get("isPermaLink")) for i in items] == [  # type: ignore[union-attr]
        ("urn:notebase:a/", "false"),
        ("urn:notebase:b/", "false"),
        ("urn:notebase:c/", "false"),
    ]


def test_the_sitemap_says_when_each_page_last_changed(tmp_path: Path) -> None:
    config = Config(base_url="https://notes.example.org")
    pages = site_pages(*FEED_NOTES, config=config)
    sitemap = ET.fromstring(render(tmp_path, pages["sitemap.xml"], config))
    lastmod = {
        (u.findtext(f"{SITEMAP}loc") or "").removeprefix("https://notes.example.org/"): u.findtext(
            f"{SITEMAP}lastmod"
        )
        for u in sitemap
    }
    assert lastmod["a/"] == "2025-06-03"
    assert lastmod["b/"] == "2025-07-01"  # modified: wins over date:
    assert lastmod["c/"] is None  # the note says nothing: no lastmod (never the clock)
    assert lastmod["tags/ml/"] == "2025-07-01"  # the newest of its entries
    assert lastmod[""] == lastmod["quotes/"] == "2025-07-01"  # the newest note


ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


ENTRY_NOTES = (
    (
        "blt.md",
        "---\ntitle: BLT\narxiv: '2412.09871'\nsource_title: '[2412.09871] Byte Latent Transformer'\n"
        "origin: 001_fcfb23ecd0d5ce7b.txt:254\n---\nPatches.\n",
    ),
    (
        "blt-again.md",
        "---\ntitle: BLT again\narxiv: '2412.09871'\nauthors: [Artidoro Pagnoni]\n---\nMore.\n",
    ),
    ("solo.md", "---\ntitle: Solo\nurl: https://example.com/essay\n---\nSee [[BLT]].\n"),
)


def source_line(html: str) -> str:
    start = html.index('<p class="source" data-pagefind-ignore>')
    return html[start : html.index("</p>", start) + 4]


def test_an_entry_header_says_its_source_in_one_line(tmp_path: Path) -> None:
    pages = site_pages(*ENTRY_NOTES)
    blt = render(tmp_path, pages["blt/"])
    assert source_line(blt) == (
        '<p class="source" data-pagefind-ignore><a class="source-link" href="https://arxiv.org/abs/2412.09871" '
        'rel="noopener">Byte Latent Transformer</a> · Artidoro Pagnoni · '
        '<span data-pagefind-filter="year">2024</span> · <span class="ident">arXiv:2412.09871</span>'
        ' · <a class="source-page-link" href="../sources/arxiv-2412.09871/index.html">'
        "2 notes on this source</a></p>"
    )
    assert "2412.09871]" not in blt  # the id arXiv puts before its titles is gone
    again = source_line(render(tmp_path, pages["blt-again/"]))
    assert ">Byte Latent Transformer</a>" in again  # named as the other note names it
    solo = source_line(render(tmp_path, pages["solo/"]))
    assert solo == (  # one note on it: no count, no separator left over
        '<p class="source" data-pagefind-ignore><a class="source-link" href="https://example.com/essay" '
        'rel="noopener">example.com</a></p>'
    )


def test_an_entry_page_shows_no_import_origin_and_its_bibtex_after_the_backlinks(
    tmp_path: Path,
) -> None:
    html = render(tmp_path, site_pages(*ENTRY_NOTES)["blt/"])
    assert "001_fcfb23ecd0d5ce7b" not in html and "Imported from" not in html
    assert html.index('id="backlinks-heading"') < html.index('id="bibtex-heading"')
    bibtex = html[html.index("@misc{") :]
    assert "author = {Artidoro Pagnoni}" in bibtex[: bibtex.index("</pre>")]


def card_meta(html: str, title: str) -> str:
    card = html[: html.index(f">{title}</a></h3>")]
    start = card.rindex('<p class="card-meta">')
    return card[start : card.index("</p>", start) + 4]


def test_a_card_joins_only_the_parts_it_has() -> None:
    pages = site_pages(
        ("undated.md", "---\ntitle: Undated\narxiv: '1802.09568'\ntags: [ml]\n---\nx\n"),
        ("dated.md", "---\ntitle: Dated\nurl: https://a.org/x\ndate: 2025-01-02\n---\nx\n"),
        ("bare.md", "---\ntitle: Bare\nstatus: to-read\n---\nx\n"),
    )
    home = render(Path("."), pages[""])
    badge = '<p class="card-meta"><span class="kind-badge">'
    assert (
        card_meta(home, "Undated")
        == f'{badge}paper</span> <span class="domain">arxiv.org</span></p>'
    )
    assert card_meta(home, "Dated") == (
        f'{badge}link</span> <time datetime="2025-01-02">2025-01-02</time> · '
        '<span class="domain">a.org</span></p>'
    )
    assert card_meta(home, "Bare") == (
        f'{badge}note</span> <span class="status status-to-read">to-read</span></p>'
    )


def test_a_tag_page_does_not_repeat_its_tag_on_its_cards(tmp_path: Path) -> None:
    pages = site_pages(
        ("a.md", "---\ntitle: A\ntags: [ml, optimizers]\n---\nx\n"),
        ("b.md", "---\ntitle: B\ntags: [ml]\n---\nx\n"),
    )
    ml = render(tmp_path, pages["tags/ml/"])
    cards = ml[ml.index('<ul class="cards">') :]
    assert "#ml<" not in cards and ">#optimizers</a>" in cards
    assert '<p class="tag-list"></p>' not in cards  # B has no other tag: no empty list
    optimizers = render(tmp_path, pages["tags/optimizers/"])
    assert ">#ml</a>" in optimizers[optimizers.index('<ul class="cards">') :]
    home = render(tmp_path, pages[""])
    assert ">#ml</a> <a" in home  # every tag elsewhere


def test_the_quotes_page_names_the_entry_once(tmp_path: Path) -> None:
    pages = site_pages(
        ("repo.md", "---\ntitle: A repo\nurl: https://github.com/a/b\n---\n> Fast.\n"),
        ("p.md", "---\ntitle: P\narxiv: '1802.09568'\nauthors: [Ann, Bo, Cy]\n---\n> Slow.\n"),
    )
    html = render(tmp_path, pages["quotes/"])
    bys = [c.split(">", 1)[1].split("<", 1)[0] for c in html.split('<span class="quote-by"')[1:]]
    assert bys == ["A repo", "Ann et al., P"]  # the work or its authors, never a domain or an id
    assert html.count('<a href="../p/index.html">P</a>') == 1  # the entry named once
    assert "arXiv:" not in html


def test_the_graph_legend_names_only_the_edges_drawn_and_long_labels_are_whole_on_focus(
    tmp_path: Path,
) -> None:
    long = "A very long title for a note that links here"
    pages = site_pages(
        ("hub.md", "# Hub\n\nAlone.\n"),
        *((f"n{i}.md", f"# {long} {i}\n\nSee [[Hub]].\n") for i in range(3)),
    )
    html = render(tmp_path, pages["hub/"])
    figure = html[html.index('<figure class="graph">') :]
    svg = figure[figure.index("<svg") : figure.index("</figure>")]
    assert "solid: a link between the notes" in svg and "dashed" not in svg and " · " not in svg
    width, height = (int(v) for v in svg.split('viewBox="0 0 ')[1].split('"')[0].split())
    assert f'width="{width}" height="{height}"' in svg
    assert '<text class="label-full" ' in svg and f">{long} 0</text>" in svg
    assert ">A very long title for a…</text>" in svg
    alone = site_pages(("hub.md", "# Hub\n\nAlone.\n"), ("n.md", "# N\n\n[[Hub]]\n"))
    assert '<figure class="graph">' not in render(tmp_path, alone["hub/"])  # one neighbour: none


def test_the_graph_escapes_titles_and_links_each_neighbour_relative_to_the_page(
    tmp_path: Path,
) -> None:
    pages = site_pages(
        ("hub.md", '# Tom & "Jerry" <3\n\n[[a]] [[b]] [[c]]\n'),
        ("a.md", "# Rock 'n' roll\n\n[[hub]]\n"),
        ("b.md", "# B\n\n[[c]]\n"),
        ("c.md", "# C\n\n[[b]]\n"),
    )
    svg = render(tmp_path, pages["hub/"]).split('<g class="edges">')[1].split("</svg>")[0]
    assert "<title>Tom &amp; &#34;Jerry&#34; &lt;3 (this note)</title>" in svg
    assert (
        '<a class="node node-both" href="../a/index.html"><title>Rock &#39;n&#39; roll'
        " (links here and is linked)</title>"
    ) in svg
    assert '<a class="node node-out" href="../b/index.html"><title>B (linked from' in svg
    assert svg.count('<path class="edge edge-between" d="M') == 1  # b and c link each other
    assert svg.count('<line class="edge edge-link" ') == 3
    assert svg.count("\n      <a class=") == 3 and svg.endswith("</a>\n    ")


def test_pages_describe_themselves_to_search_engines_and_link_previews(tmp_path: Path) -> None:
    config = Config(title="Notes", description="All my notes.", base_url="https://n.example.org")
    pages = site_pages(
        ("a.md", "---\ntitle: A <b>\ntldr: About A & more.\n---\nBody of A.\n"),
        ("b.md", "---\ntitle: B\n---\nFirst paragraph of B.\n\nSecond.\n"),
        config=config,
    )
    a = render(tmp_path, pages["a/"], config)
    assert '<meta name="description" content="About A &amp; more.">' in a
    assert '<meta property="og:title" content="A &lt;b&gt;">' in a
    assert '<meta property="og:description" content="About A &amp; more.">' in a
    assert '<meta property="og:type" content="article">' in a
    assert '<meta property="og:url" content="https://n.example.org/a/">' in a
    assert '<meta property="og:site_name" content="Notes">' in a
    assert '<meta name="twitter:card" content="summary">' in a
    b = render(tmp_path, pages["b/"], config)
    assert '<meta name="description" content="First paragraph of B.">' in b
    home = render(tmp_path, pages[""], config)
    assert '<meta name="description" content="All my notes.">' in home
    assert '<meta property="og:type" content="website">' in home
    assert '<meta property="og:title" content="Notes">' in home
    for page in (a, home):
        assert (
            '<link rel="icon" href="' in page
            and 'assets/favicon.svg" type="image/svg+xml">' in page
        )
        assert '<link rel="alternate" type="application/atom+xml" title="Notes" href="' in page


def test_without_a_base_url_there_is_no_og_url(tmp_path: Path) -> None:
    pages = site_pages(("a.md", "# A\n\nx\n"))
    assert "og:url" not in render(tmp_path, pages["a/"])


def test_the_theme_script_runs_before_the_first_paint(tmp_path: Path) -> None:
    """header.js sets <html data-theme> from localStorage: loaded in <head>, neither deferred nor
    async (an inline script would need the sitescan allowance), so it runs before the first paint."""
    html = render(tmp_path, site_pages(("a.md", "# A\n\nx\n"))["a/"])
    head = html.split("</head>", 1)[0]
    assert '<script src="../assets/header.js"></script>' in head
    assert (Path(__file__).parents[1] / "templates/assets/header.js").is_file()


def test_a_partial_rendered_with_each_is_a_template_the_page_uses(tmp_path: Path) -> None:
    (tmp_path / "templates/partials").mkdir(parents=True)
    (tmp_path / "templates/list.html").write_text('{{ each("partials/row.html", items, "item") }}')
    (tmp_path / "templates/partials/row.html").write_text("<{{ item }}>")
    env = environment_for_build(tmp_path)
    before = template_digest(env, "list.html", {})
    assert render(tmp_path, PageSpec("a/", "list.html", {"items": ("x", "y")})) == "<x><y>"
    (tmp_path / "templates/partials/row.html").write_text("[{{ item }}]")
    env = environment_for_build(tmp_path)
    assert template_digest(env, "list.html", {}) != before  # the page is rendered again
    assert render(tmp_path, PageSpec("a/", "list.html", {"items": ("x",)})) == "[x]"


def test_clean_bytes_replaces_a_lone_surrogate() -> None:
    assert clean_bytes("caf\udce9-x \x01") == "caf\ufffd-x \ufffd".encode()
