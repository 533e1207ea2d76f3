"""The site scanner finds every kind of live markup it is meant to, and the sites we ship have none."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.sitescan import (
    is_unsafe_url,
    scan_entries_js,
    scan_feed,
    scan_html,
    scan_site,
    unbalanced_tags,
)

GOLDEN = Path(__file__).parent / "golden" / "expected"
PAGE = "<!doctype html><html><head><title>t</title></head><body>{}</body></html>"


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("<script>alert(1)</script>", "inline <script> not in the theme"),
        ("<SCRIPT SRC='https://evil.example/x.js'></SCRIPT>", "<script> loads"),
        ("<script src='//evil.example/x.js'></script>", "<script> loads"),
        ("<script src='/assets/x.js'></script>", "<script> loads"),
        ("<script src='../../etc/x.js'></script>", "<script> loads"),
        ("<script src='assets/../evil.js'></script>", "<script> loads"),
        ("<img src=x onerror=alert(1)>", "event handler attribute onerror"),
        ("<b OnMouseOver='x()'>b</b>", "event handler attribute onmouseover"),
        ("<a href='javascript:alert(1)'>a</a>", "href is an unsafe URL"),
        ("<a href=' JaVaScRiPt:alert(1)'>a</a>", "href is an unsafe URL"),
        ("<a href='java&#9;script:alert(1)'>a</a>", "href is an unsafe URL"),
        ("<a href='&#106;avascript:alert(1)'>a</a>", "href is an unsafe URL"),
        ("<a href='vbscript:msgbox(1)'>a</a>", "href is an unsafe URL"),
        ("<img src='data:image/svg+xml;base64,AAAA'>", "src is an unsafe URL"),
        ("<img srcset='a.png 1x, data:image/png;base64,AA 2x'>", "srcset is an unsafe URL"),
        ("<form action='javascript:x()'></form>", "action is an unsafe URL"),
        ("<button formaction='javascript:x()'>b</button>", "formaction is an unsafe URL"),
        ("<svg><a xlink:href='javascript:x()'>a</a></svg>", "xlink:href is an unsafe URL"),
        ("<iframe src='https://example.org/'></iframe>", "<iframe> element"),
        ("<object data='x.swf'></object>", "<object> element"),
        ("<embed src='x.swf'>", "<embed> element"),
        ("<base href='https://evil.example/'>", "<base> element"),
        ("<meta http-equiv='Refresh' content='0;url=https://evil.example/'>", "http-equiv=refresh"),
    ],
)
def test_each_kind_of_live_markup_is_found(body: str, problem: str) -> None:
    findings = scan_html(PAGE.format(body), "x/index.html")
    assert findings, body
    assert any(problem in f.problem for f in findings), findings


@pytest.mark.parametrize(
    "body",
    [
        "&lt;script&gt;alert(1)&lt;/script&gt; and &lt;img onerror=x&gt;",
        "<a href='https://example.org/?q=javascript:'>ok</a>",
        "<a href='../papers/muon/index.html#javascript'>ok</a>",
        "<p data-onclick='x' title='onerror=1'>attribute names and values that merely mention on…</p>",
        "<script src='../assets/search.js'></script><script src='../pagefind/pagefind-ui.js'></script>",
        "<pre><code>javascript:alert(1)</code></pre>",
    ],
)
def test_escaped_or_harmless_markup_is_not_a_finding(body: str) -> None:
    assert scan_html(PAGE.format(body), "x/index.html") == []


def test_known_inline_scripts_are_allowed_and_others_not() -> None:
    known = frozenset({"document.documentElement.dataset.js = 1;"})
    ours = "<script>\ndocument.documentElement.dataset.js = 1;\n</script>"
    assert scan_html(PAGE.format(ours), "index.html", known) == []
    assert scan_html(PAGE.format(ours.replace("1;", "2;")), "index.html", known)


def test_a_script_the_parser_did_not_see_is_reported() -> None:
    # a `<script` inside an attribute value is text to html.parser; the raw count disagrees
    findings = scan_html(PAGE.format("<p title='<script>'>x</p>"), "index.html")
    assert [f.problem for f in findings] == ["1 `<script` in the text but 0 script elements"]


def test_absolute_script_urls_are_allowed_under_the_base_url_only() -> None:
    good = "<script src='https://example.org/notes/assets/x.js'></script>"
    assert scan_html(PAGE.format(good), "404.html", base_url="https://example.org/notes") == []
    assert scan_html(PAGE.format(good), "404.html", base_url="https://example.org/other")


def test_unsafe_url_detection() -> None:
    assert is_unsafe_url("javascript:alert(1)")
    assert is_unsafe_url("\x01 java\nscript:alert(1)")
    assert is_unsafe_url("DATA:text/html,x")
    assert not is_unsafe_url("https://example.org/javascript:")
    assert not is_unsafe_url("notes/javascript/index.html")


def test_feeds_are_well_formed_and_their_html_is_scanned() -> None:
    feed = (
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>t</title>'
        '<content type="html">&lt;img src=x onerror=alert(1)&gt;</content></entry></feed>'
    )
    assert [f.problem for f in scan_feed(feed, "feed.xml", frozenset(), "")] == [
        "<img> has an event handler attribute onerror='alert(1)'"
    ]
    broken = feed.replace("<title>t</title>", "<title>\x00</title>")
    assert scan_feed(broken, "feed.xml", frozenset(), "")[0].problem.startswith("not well-formed")


def test_entries_js_must_be_data() -> None:
    good = '/* comment */\nwindow.NOTEBASE_ENTRIES = [{"title": "</script>"}];\n'
    assert scan_entries_js(good, "assets/entries.js") == []
    evil = 'window.NOTEBASE_ENTRIES = [{"title": ""}]; alert(1);\n'
    assert scan_entries_js(evil, "assets/entries.js")


def test_unbalanced_tags_are_reported() -> None:
    assert unbalanced_tags("<p><b>x</b></p><br><hr />") == []
    assert unbalanced_tags("<p><b>x</p></b>") == [
        "line 1: </p> where </b> was due",  # then </b> closes <b>, and <p> stays open
        "line 1: <p> is never closed",
    ]
    assert unbalanced_tags("<div>") == ["line 1: <div> is never closed"]
    assert unbalanced_tags("<div />") == ["line 1: <div /> is not a void element"]
    assert unbalanced_tags("<math><mi>x</mi><mo /></math>") == []


def test_the_golden_site_has_no_findings() -> None:
    assert scan_site(GOLDEN, base_url="https://notes.example.org") == []  # the golden base_url


def test_the_scanner_runs_from_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(PAGE.format("<a href='javascript:x()'>a</a>"))
    script = Path(__file__).parent / "sitescan.py"
    run = subprocess.run(
        [sys.executable, str(script), str(tmp_path)], capture_output=True, text=True
    )
    assert run.returncode == 1
    assert run.stdout == "index.html:1: <a> href is an unsafe URL: 'javascript:x()'\n"
