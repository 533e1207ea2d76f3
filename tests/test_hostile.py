"""The hostile-notes knowledge base (tests/fixtures/hostile plus byte-level cases made here): every
bad input gives its diagnostic at its file:line, the rest is still built, nothing live from a note
reaches the site, and nothing is written outside the output folder."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from notebase.builder.pipeline import BuildResult, build_site
from notebase.builder.state import BuildOptions
from notebase.diagnostics import format_diagnostic
from tests.sitescan import scan_html, scan_site, unbalanced_tags

FIXTURE = Path(__file__).parent / "fixtures" / "hostile"
MB = 1024 * 1024

# Byte-level and huge cases, made at test time rather than committed.
GENERATED: dict[str, bytes] = {
    "notes/bytes/not-utf8.md": b"---\ntitle: Latin-1\n---\nCaf\xe9 au lait.\n",
    "notes/bytes/binary.md": bytes(range(256)) * 64,
    "notes/bytes/bom.md": "\ufeff---\ntitle: With a BOM\n---\nSee [[Missing BOM target]].\n".encode(),
    "notes/bytes/crlf.md": (
        b"---\r\ntitle: CRLF endings\r\ntags: [crlf]\r\n---\r\nLine one.\r\n\r\n"
        b"See [[Missing CRLF target]].\r\n"
    ),
    "notes/bytes/cr.md": b"---\rtitle: CR endings\r---\rLine one.\r\rSee [[Missing CR target]].\r",
    "notes/bytes/control.md": (
        b'---\ntitle: "Control \\x0c and \\0 and \\x1eR\\x1e in a title"\n'
        b'tldr: "A spoofed marker \\x1eL0\\x1e in the tl;dr [[Cycle B]]"\n---\n'
        b"Body \x01\x0b text and a spoofed link marker \x1eL0\x1e before [[Cycle A]].\n"
    ),
    "notes/names/bell\x07name.md": b"A file name with a control character.\n",
    "notes/huge/huge.md": b"---\ntitle: Huge\n---\n"
    + b"Twenty megabytes of [[Cycle A]].\n" * (20 * MB // 33),
    "notes/huge/nested-lists.md": b"# Nested lists\n\n" + b"- " * 10_000 + b"deep\n",
    "notes/huge/nested-ordered.md": b"# Nested ordered\n\n" + b"1. " * 10_000 + b"deep\n",
    "notes/huge/nested-quotes.md": b"# Nested quotes\n\n" + b"> " * 10_000 + b"deep\n",
    "notes/huge/nested-inline.md": b"# Nested inline\n\n"
    + b"*[" * 10_000
    + b"x"
    + b"](#x)*" * 10_000,
}

# Every diagnostic the whole hostile knowledge base must give, written by hand: where, what.
EXPECTED = {
    "notes/bad/empty.md:1: warning[empty-note]",
    "notes/bad/malformed-yaml.md:3: warning[yaml-syntax]",
    "notes/bad/not-mapping.md:2: warning[yaml-not-mapping]",
    "notes/bad/scalar.md:2: warning[yaml-not-mapping]",
    "notes/bad/unterminated.md:1: warning[frontmatter-unterminated]",
    "notes/bad/wrong-types.md:3: warning[field-type]",  # tags: 5
    "notes/bad/wrong-types.md:4: warning[field-type]",  # date: yesterday
    "notes/bad/wrong-types.md:5: warning[field-type]",  # year: soon
    "notes/bad/wrong-types.md:6: warning[field-type]",  # draft: maybe
    "notes/bytes/binary.md:1: error[binary-file]",
    "notes/bytes/bom.md:4: warning[broken-link]",
    "notes/bytes/cr.md:6: warning[broken-link]",
    "notes/bytes/crlf.md:7: warning[broken-link]",
    "notes/bytes/not-utf8.md:4: error[not-utf8]",
    "notes/dupes/one/page.md:1: error[slug-collision]",
    "notes/dupes/two/page.md:1: error[slug-collision]",
    "notes/dupes/twin.md:1: error[slug-collision]",
    "notes/dupes/twin/index.md:1: error[slug-collision]",
    "notes/escape/backslash.md:3: warning[slug-cleaned]",
    "notes/escape/dotdot.md:3: warning[slug-cleaned]",
    "notes/escape/nul.md:3: warning[slug-cleaned]",
    "notes/escape/only-dots.md:3: error[bad-slug]",
    "notes/hostile/front-matter.md:3: warning[unsafe-url]",
    "notes/hostile/front-matter.md:8: warning[bad-status]",
    "notes/hostile/front-matter.md:12: warning[missing-attachment]",  # <img src=x …> in a quote
    "notes/hostile/raw-html.md:6: warning[missing-attachment]",  # <img src=x onerror=…>
    "notes/hostile/urls.md:5: warning[broken-link]",  # file:///etc/passwd: a file named passwd
    "notes/hostile/urls.md:7: warning[broken-link]",  # <java\tscript:…> is a relative link
    "notes/hostile/wikilinks.md:4: warning[broken-link]",  # [[javascript:alert(1)]]
    "notes/hostile/wikilinks.md:5: warning[broken-link]",  # [[<img …>]]
    "notes/hostile/wikilinks.md:5: warning[missing-anchor]",  # [[Cycle A#"><script>…]]
    "notes/huge/huge.md:1: error[note-too-large]",
    "notes/links/: warning[folder-collision]",  # its notes are no links: /links/ lists none
    "notes/tags/: warning[folder-collision]",  # /tags/ is the tags' index
    "notes/tags/escaping.md:3: warning[bad-tag]",  # ".." and "/" (two messages; "🎉" is a tag)
    "notes/tags/escaping.md:4: warning[bad-tag]",  # category "../.."
    "notes/titles/second.md:1: warning[duplicate-title]",
}
# Files whose errors stop a build; without them the rest of the knowledge base is written.
ERROR_FILES = (
    "notes/bad/malformed-yaml.md",
    "notes/bad/not-mapping.md",
    "notes/bad/scalar.md",
    "notes/bad/wrong-types.md",
    "notes/bytes/binary.md",
    "notes/bytes/not-utf8.md",
    "notes/dupes",
    "notes/escape/only-dots.md",
    "notes/huge/huge.md",
)
# Pages that must exist in the written site: the URL each awkward name or slug becomes.
PAGES = (
    "bad/empty/index.html",
    "bytes/bom/index.html",
    "bytes/control/index.html",
    "bytes/cr/index.html",
    "bytes/crlf/index.html",
    "huge/nested-inline/index.html",
    "huge/nested-lists/index.html",
    "huge/nested-ordered/index.html",
    "huge/nested-quotes/index.html",
    "links/self/index.html",
    "names/bell-name/index.html",
    "names/leading-dash/index.html",
    "names/with-space/index.html",
    "names/ünïcödé/index.html",
    "nul-byte/index.html",
    "outside/index.html",
    "tags/a/b/index.html",  # "a/../../b": a nested tag, its ".." parts dropped
    "tags/b-bold/b/index.html",
    "tags/etc/index.html",
    "tmp/notebase-escape/index.html",
    "titles/emoji/index.html",
    "titles/punctuation/index.html",
    f"titles/n-{hashlib.sha1('🎉'.encode()).hexdigest()[:8]}/index.html",
    "windows/index.html",
)

H1 = '<h1 data-pagefind-meta="title">'  # an entry page's title


def make_kb(dest: Path) -> Path:
    shutil.copytree(FIXTURE, dest)
    for rel, data in GENERATED.items():
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        (dest / rel).write_bytes(data)
    return dest


def snapshot(folder: Path) -> dict[str, str]:
    """Every file and folder under `folder`, with a digest of each file."""
    return {
        path.relative_to(folder).as_posix(): (
            hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        )
        for path in sorted(folder.rglob("*"))
    }


def without_outputs(tree: dict[str, str]) -> dict[str, str]:
    """The snapshot less what a build may write: kb/site and the build cache."""
    outputs = ("kb/site", "kb/.notebase-cache")
    return {
        k: v
        for k, v in tree.items()
        if k not in outputs and not k.startswith(tuple(o + "/" for o in outputs))
    }


def shown(result: BuildResult) -> set[str]:
    return {format_diagnostic(d).split("]:")[0] + "]" for d in result.diagnostics}


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult, dict[str, str]]:
    root = make_kb(tmp_path_factory.mktemp("hostile-full") / "kb")
    before = snapshot(root.parent)
    result = build_site(BuildOptions(root=root, out=root / "site", cache=True))
    return root, result, before


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult, dict[str, str]]:
    root = make_kb(tmp_path_factory.mktemp("hostile-written") / "kb")
    for rel in ERROR_FILES:
        target = root / rel
        shutil.rmtree(target) if target.is_dir() else target.unlink()
    before = snapshot(root.parent)
    result = build_site(BuildOptions(root=root, out=root / "site", cache=True))
    return root, result, before


def test_every_bad_input_gives_its_diagnostic_at_its_line(
    full: tuple[Path, BuildResult, dict],
) -> None:
    _, result, _ = full
    assert shown(result) == EXPECTED
    assert all(d.hint for d in result.diagnostics if d.is_error), "every error carries a hint"


def test_bad_notes_do_not_stop_the_others_from_being_processed(
    full: tuple[Path, BuildResult, dict],
) -> None:
    root, result, before = full
    assert not result.written and result.failed
    # 46 notes: 3 give no entry (unreadable), 2 lose a slug collision (a front matter never
    # closed is read as Obsidian reads it: a rule above the text)
    assert result.entries == 41
    assert not (root / "site").exists()
    assert without_outputs(snapshot(root.parent)) == before


def test_the_rest_of_the_knowledge_base_is_written(written: tuple[Path, BuildResult, dict]) -> None:
    root, result, _ = written
    assert result.written, [format_diagnostic(d) for d in result.diagnostics if d.is_error]
    assert result.entries == 34  # the 46 notes less the 12 files with errors
    missing = [page for page in PAGES if not (root / "site" / page).is_file()]
    assert not missing


def test_nothing_is_written_outside_the_output_folder(
    written: tuple[Path, BuildResult, dict],
) -> None:
    root, _, before = written
    assert without_outputs(snapshot(root.parent)) == before
    assert not Path("/tmp/notebase-escape").exists()
    assert sorted(p.name for p in root.iterdir()) == [
        ".notebase-cache",
        "notebase.yaml",
        "notes",
        "site",
    ]


def test_no_live_markup_from_notes_reaches_the_site(
    written: tuple[Path, BuildResult, dict],
) -> None:
    root, _, _ = written
    assert scan_site(root / "site") == []


def test_every_page_is_balanced_html(written: tuple[Path, BuildResult, dict]) -> None:
    site = written[0] / "site"
    problems = {
        p.relative_to(site).as_posix(): unbalanced_tags(p.read_text(encoding="utf-8"))
        for p in site.rglob("*.html")
    }
    assert {k: v for k, v in problems.items() if v} == {}


def page(root: Path, rel: str) -> str:
    return (root / "site" / rel / "index.html").read_text(encoding="utf-8")


def test_jinja_in_notes_is_shown_never_run(written: tuple[Path, BuildResult, dict]) -> None:
    html = page(written[0], "hostile/templates")
    assert "<title>{{ 7 * 7 }} and {% if true %}jinja{% endif %} · Hostile notes</title>" in html
    assert "{{ 6 * 7 }}" in html and "{% for i in range(3) %}loop{% endfor %}" in html
    assert "42" not in html and "49" not in html and "looploop" not in html
    assert "&lt;class" not in html  # ''.__class__ was not evaluated


def test_hostile_fields_are_escaped_text(written: tuple[Path, BuildResult, dict]) -> None:
    html = page(written[0], "hostile/front-matter")
    assert (
        H1 + "&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt; &amp; &lt;b onmouseover" in html
    )
    assert (
        '<p class="source" data-pagefind-ignore>&lt;img src=x onerror=alert(&#39;source&#39;)&gt; · '
        "&lt;script&gt;alert(&#39;author&#39;)&lt;/script&gt;, Ada &#34; onclick=&#34;alert(1)</p>"
    ) in html
    head = html.split("</head>", 1)[0]  # the title in the meta tags of link previews too
    assert '<meta property="og:title" content="&lt;script&gt;alert(&#39;title&#39;)' in head
    assert "<script>alert" not in head
    assert "javascript:" not in html.split("<main")[1].split("tl;dr")[0]  # the url field is dropped
    # the quote's attribution keeps its bold, never the tag's handler
    assert "— <b>Someone</b>, &quot;&lt;script&gt;alert(2)&lt;/script&gt;&quot;" in html
    assert "<b onmouseover" not in html


def test_unsafe_link_schemes_stay_text(written: tuple[Path, BuildResult, dict]) -> None:
    html = page(written[0], "hostile/urls")
    body = html.split('<div class="body">')[1].split("</div>")[0]
    hrefs = [part.split('"')[0] for part in body.split('href="')[1:]]
    assert hrefs == ["#fn1", "https://example.org/?a=1&amp;b=%222%22", "#fnref1"]
    # a relative link that names no note has no href at all
    assert '<a class="internal unresolved" title="No note at “java\tscript:alert(1)”">' in body
    assert "<img" not in body


def test_control_characters_become_replacement_characters(
    written: tuple[Path, BuildResult, dict],
) -> None:
    root = written[0]
    html = page(root, "bytes/control")
    assert H1 + "Control \ufffd and \ufffd and \ufffdR\ufffd in a title</h1>" in html
    assert "Body \ufffd\ufffd text and a spoofed link marker \ufffdL0\ufffd before" in html
    assert "A spoofed marker \ufffdL0\ufffd in the tl;dr" in html
    assert H1 + "bell\ufffdname</h1>" in page(root, "names/bell-name")  # from the file name
    assert scan_html(html, "bytes/control/index.html") == []


def test_line_endings_and_bom_are_read_as_text(written: tuple[Path, BuildResult, dict]) -> None:
    root = written[0]
    assert H1 + "CRLF endings</h1>" in page(root, "bytes/crlf")
    assert H1 + "CR endings</h1>" in page(root, "bytes/cr")
    assert H1 + "With a BOM</h1>" in page(root, "bytes/bom")
    assert (root / "site/tags/crlf/index.html").is_file()


def test_self_links_and_cycles_resolve(written: tuple[Path, BuildResult, dict]) -> None:
    root = written[0]
    assert page(root, "links/self").count('href="../../links/self/index.html"') == 2
    for name, back in (("cycle-a", "cycle-c"), ("cycle-b", "cycle-a"), ("cycle-c", "cycle-b")):
        assert f'href="../../links/{back}/index.html">Cycle' in page(root, f"links/{name}")
