"""Scan a built site for live markup that did not come from our templates.

Every <script> must load a file under assets/ or pagefind/ or be one of the theme's own inline
scripts; no element may carry an on* attribute; no URL attribute may use javascript:, vbscript: or
data:; no <iframe>, <object>, <embed>, <base>, <frame> or refreshing <meta> may appear. Atom feeds
are scanned too (their HTML content is what feed readers render), and assets/entries.js must be one
JSON assignment. Usable on any built site:

    python tests/sitescan.py SITE_DIR [--base-url URL] [--theme TEMPLATES_DIR ...]
"""

from __future__ import annotations

import argparse
import json
import posixpath
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
SCRIPT_DIRS = ("assets/", "pagefind/")
URL_ATTRS = frozenset(
    {
        "href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "data",
        "background", "cite", "ping", "manifest", "codebase", "archive", "longdesc", "usemap",
        "lowsrc", "dynsrc", "icon", "profile",
    }
)  # fmt: skip
FORBIDDEN_TAGS = frozenset({"iframe", "object", "embed", "base", "frame", "frameset", "applet"})
UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:", "livescript:")
ATOM = "{http://www.w3.org/2005/Atom}"
ENTRIES_JS = "assets/entries.js"
_INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S | re.I)
_SCRIPT_OPEN = re.compile(r"<script\b", re.I)
# browsers drop these from a URL before reading its scheme
_URL_NOISE = re.compile(r"[\x00-\x20\x7f]+")


@dataclass(frozen=True, slots=True, order=True)
class Finding:
    path: str
    line: int
    problem: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.problem}"


def known_inline_scripts(theme_dirs: Iterable[Path] = (REPO / "templates",)) -> frozenset[str]:
    """The bodies of the inline <script> elements the theme's templates contain."""
    found: set[str] = set()
    for folder in theme_dirs:
        for path in sorted(folder.rglob("*.html")) if folder.is_dir() else ():
            text = path.read_text(encoding="utf-8")
            found.update(m.group(1).strip() for m in _INLINE_SCRIPT.finditer(text))
    return frozenset(found)


def is_unsafe_url(value: str) -> bool:
    """True for a URL a browser would run or that embeds a document (javascript:, data:, ...)."""
    return _URL_NOISE.sub("", value).lower().startswith(UNSAFE_SCHEMES)


def url_values(name: str, value: str) -> list[str]:
    """The URLs an attribute holds: a srcset lists several, each before its size."""
    if name != "srcset":
        return [value]
    return [part.strip().split(" ")[0] for part in value.split(",")]


class PageScanner(HTMLParser):
    """Collects findings for one HTML document (`rel` is its path under the site)."""

    def __init__(self, rel: str, known: frozenset[str], base_url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.rel, self.known, self.base_url = rel, known, base_url.rstrip("/")
        self.findings: list[Finding] = []
        self.scripts = 0
        self.inline: list[str] | None = None  # text of the inline script being read
        self.inline_line = 0

    def report(self, problem: str) -> None:
        self.findings.append(Finding(self.rel, self.getpos()[0], problem))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.check_element(tag, attrs)
        if tag == "script":
            self.scripts += 1
            self.check_script(dict(attrs).get("src"))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def check_element(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in FORBIDDEN_TAGS:
            self.report(f"<{tag}> element")
        values = {name: value or "" for name, value in attrs}
        if tag == "meta" and values.get("http-equiv", "").strip().lower() == "refresh":
            self.report("<meta http-equiv=refresh>")
        for name, value in values.items():
            if name.startswith("on"):
                self.report(f"<{tag}> has an event handler attribute {name}={value[:40]!r}")
            elif name in URL_ATTRS and any(map(is_unsafe_url, url_values(name, value))):
                self.report(f"<{tag}> {name} is an unsafe URL: {value[:60]!r}")

    def check_script(self, src: str | None) -> None:
        if src is None:
            self.inline, self.inline_line = [], self.getpos()[0]
            return
        if not self.script_path_allowed(src):
            self.report(f"<script> loads {src!r}, not a file under {' or '.join(SCRIPT_DIRS)}")

    def script_path_allowed(self, src: str) -> bool:
        if self.base_url and src.startswith(self.base_url + "/"):
            path = src[len(self.base_url) + 1 :]
        else:
            parts = urlsplit(src)
            if parts.scheme or parts.netloc or src.startswith("/"):
                return False
            path = posixpath.normpath(posixpath.join(posixpath.dirname(self.rel), parts.path))
        return path.startswith(SCRIPT_DIRS) and ".." not in path.split("/")

    def handle_data(self, data: str) -> None:
        if self.inline is not None:
            self.inline.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self.inline is not None:
            body = "".join(self.inline).strip()
            if body not in self.known:
                shown = body[:60]
                self.findings.append(
                    Finding(
                        self.rel, self.inline_line, f"inline <script> not in the theme: {shown!r}"
                    )
                )
            self.inline = None


def scan_html(
    text: str, rel: str, known: frozenset[str] = frozenset(), base_url: str = ""
) -> list[Finding]:
    """Findings for one HTML document; its raw `<script` count must match what the parser saw."""
    scanner = PageScanner(rel, known, base_url)
    scanner.feed(text)
    scanner.close()
    raw = len(_SCRIPT_OPEN.findall(text))
    if raw != scanner.scripts:
        scanner.findings.append(
            Finding(rel, 0, f"{raw} `<script` in the text but {scanner.scripts} script elements")
        )
    return scanner.findings


VOID_TAGS = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }
)


class TagBalance(HTMLParser):
    """Checks that every element is closed, in order (void elements excepted)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, int]] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID_TAGS:
            self.open.append((tag, self.getpos()[0]))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        foreign = any(name in ("math", "svg") for name, _ in self.open)  # MathML, SVG: <mo/> ok
        if tag not in VOID_TAGS and not foreign:
            self.problems.append(f"line {self.getpos()[0]}: <{tag} /> is not a void element")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_TAGS:
            self.problems.append(f"line {self.getpos()[0]}: </{tag}> closes a void element")
        elif not self.open or self.open[-1][0] != tag:
            expected = f"</{self.open[-1][0]}>" if self.open else "nothing"
            self.problems.append(f"line {self.getpos()[0]}: </{tag}> where {expected} was due")
        else:
            self.open.pop()


def unbalanced_tags(html: str) -> list[str]:
    """Problems with the nesting of `html`'s elements; [] for a well-formed document."""
    checker = TagBalance()
    checker.feed(html)
    checker.close()
    return checker.problems + [
        f"line {line}: <{tag}> is never closed" for tag, line in checker.open
    ]


def scan_feed(text: str, rel: str, known: frozenset[str], base_url: str) -> list[Finding]:
    """An Atom feed: well-formed XML whose HTML content and summaries hold nothing live."""
    try:
        root = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError as exc:
        return [Finding(rel, exc.position[0], f"not well-formed XML: {exc}")]
    findings: list[Finding] = []
    for element in root.iter():
        html_text = element.tag in (f"{ATOM}content", f"{ATOM}summary", f"{ATOM}title")
        if html_text and element.get("type") == "html":
            where = f"{rel} <{element.tag[len(ATOM) :]}>"
            findings += scan_html(element.text or "", where, known, base_url)
        if element.tag == f"{ATOM}link" and is_unsafe_url(element.get("href", "")):
            findings.append(Finding(rel, 0, f"feed link is an unsafe URL: {element.get('href')!r}"))
    return findings


def scan_entries_js(text: str, rel: str) -> list[Finding]:
    """assets/entries.js is a comment and one `window.NOTEBASE_ENTRIES = <JSON>;` (data, no code)."""
    body = re.sub(r"^/\*.*?\*/\s*", "", text, flags=re.S).strip()
    prefix = "window.NOTEBASE_ENTRIES = "
    if not body.startswith(prefix) or not body.endswith(";"):
        return [Finding(rel, 1, "is not one `window.NOTEBASE_ENTRIES = ...;` assignment")]
    try:
        json.loads(body[len(prefix) : -1])
    except json.JSONDecodeError as exc:
        return [Finding(rel, exc.lineno, f"its value is not JSON: {exc.msg}")]
    return []


def scan_site(
    site: Path, base_url: str = "", theme_dirs: Sequence[Path] = (REPO / "templates",)
) -> list[Finding]:
    """Every finding in every HTML page, feed and entries.js of a built site."""
    known = known_inline_scripts(theme_dirs)
    findings: list[Finding] = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if path.suffix in (".html", ".htm", ".xml", ".js") and not rel.startswith("pagefind/"):
            text = path.read_text(encoding="utf-8")
        else:
            continue
        if path.suffix in (".html", ".htm"):
            findings += scan_html(text, rel, known, base_url)
        elif path.suffix == ".xml" and "<feed" in text[:500]:
            findings += scan_feed(text, rel, known, base_url)
        elif rel == ENTRIES_JS:
            findings += scan_entries_js(text, rel)
    return sorted(findings)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--base-url", default="", help="the site's base_url, if it has one")
    parser.add_argument("--theme", type=Path, action="append", help="template folders")
    args = parser.parse_args(argv)
    findings = scan_site(args.site, args.base_url, args.theme or (REPO / "templates",))
    for finding in findings:
        print(finding)
    print(f"{len(findings)} finding(s) in {args.site}", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
