"""Property-based tests: for arbitrary note text, parsing and rendering never raise, the page is
balanced HTML and nothing live comes from the note; for arbitrary archive text, the importer never
raises and loses no line. Derandomized with a fixed number of examples, so CI runs are reproducible."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notebase.builder.inputs import Discovery
from notebase.builder.memo import Memo
from notebase.builder.pipeline import index_parsed
from notebase.builder.state import BuildOptions
from notebase.config import Config
from notebase.importers.notes import plan_notes
from notebase.importers.reader import read_archive
from notebase.linking.linktags import resolve_index
from notebase.model import NoteFile
from notebase.planning.pages import plan_pages
from notebase.planning.render import clean_bytes, create_environment, render_page
from notebase.reading.discover import decode_note
from notebase.reading.parse import parse_note
from tests.sitescan import scan_feed, scan_html, unbalanced_tags

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ROOT = Path(__file__).parent / "golden" / "kb"  # any folder: its templates/ (none) never override

HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '" onmouseover="alert(1)',
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "{{ 7 * 7 }}",
    "{% for x in y %}",
    "</textarea></title></style>",
    "<!--",
    "]]>",
    "&#106;avascript:alert(1)",
    "\x1eL0\x1e",
    "\x1eR\x1e",
    "\x00",
    "\ufeff",
    "\r",
]
words = st.sampled_from(["muon", "Shampoo", "a b", "tags", "..", "/", "#", "😀", "x"])
fragments = st.one_of(
    st.sampled_from(HOSTILE),
    words,
    st.text(max_size=12),
    st.builds(lambda t, label: f"[[{t}|{label}]]", words, st.sampled_from(HOSTILE)),
    st.builds(lambda t: f"[[{t}]]", st.one_of(words, st.sampled_from(HOSTILE))),
    st.builds(lambda u, t: f"[{t}]({u})", st.sampled_from(HOSTILE), words),
    st.builds(lambda u: f"![img]({u})", st.sampled_from(HOSTILE)),
    st.builds(lambda u: f"<{u}>", st.sampled_from(HOSTILE)),
    st.builds(lambda u: f"[ref]\n\n[ref]: {u}", st.sampled_from(HOSTILE)),
    st.sampled_from(
        [
            "\n",
            "\n\n",
            "> ",
            "- ",
            "1. ",
            "# ",
            "```\n",
            "$x^2$",
            "[^1]",
            "\n[^1]: note",
            "|a|b|\n|-|-|\n",
        ]
    ),
)
markdown = st.lists(fragments, max_size=25).map("".join)
yaml_keys = st.sampled_from(
    [
        "title",
        "url",
        "tags",
        "category",
        "slug",
        "date",
        "year",
        "tldr",
        "aliases",
        "authors",
        "status",
        "kind",
        "draft",
        "doi",
        "arxiv",
        "custom",
    ]
)
yaml_values = st.one_of(
    st.sampled_from(HOSTILE).map(lambda v: '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'),
    st.sampled_from(
        ["5", "yesterday", "[a, b]", "{a: 1}", "[", "true", "2025-01-01", "null", "- x", "'x", "|"]
    ),
    words,
    st.text(max_size=10),
)
front_matter = st.lists(
    st.builds(lambda k, v: f"{k}: {v}", yaml_keys, yaml_values), max_size=6
).map(lambda lines: "---\n" + "\n".join(lines) + "\n---\n")
notes = st.builds(lambda fm, body: fm + body, st.one_of(st.just(""), front_matter), markdown)


def render_note(text: str) -> dict[str, str]:
    """Every page a knowledge base of this one note renders to (url -> text)."""
    source = decode_note("n/note.md", "notes/n/note.md", text.encode("utf-8", "surrogatepass"))
    assert isinstance(source, NoteFile)  # text without NUL in its first 8 KB always decodes
    config = Config()
    options = BuildOptions(root=ROOT, out=ROOT / "site", drafts=True)
    index, *_ = index_parsed([parse_note(source)], options, Discovery((), ()), Memo(), Config())
    index = resolve_index(index, config.directory_urls)
    env = create_environment(ROOT)
    pages = {}
    for spec in plan_pages(index, config):
        page = render_page(env, spec, config)
        assert isinstance(page, str), page
        pages[spec.url] = page
    return pages


@SETTINGS
@given(notes)
def test_any_note_renders_to_balanced_pages_with_nothing_live(text: str) -> None:
    text = text.replace("\x00", "")  # a NUL makes a file binary: that case is a diagnostic
    for url, page in render_note(text).items():
        if url.endswith(".xml"):
            assert scan_feed(page, url, frozenset(), "") == [], url
        elif url == "" or url.endswith(("/", ".html")):  # not entries.js or papers.bib
            assert unbalanced_tags(page) == [], url
            assert scan_html(page, url or "index.html") == [], url
            main = page.split('<main id="main">', 1)[1].split("</main>", 1)[0]
            assert "<script" not in main.lower(), url  # content never brings a script


@SETTINGS
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200))
def test_clean_bytes_replaces_exactly_the_control_characters(text: str) -> None:
    expected = "".join(
        "\ufffd" if (ord(c) < 0x20 and c not in "\t\n\r") or c in "\ufffe\uffff" else c
        for c in text
    )
    assert clean_bytes(text) == expected.encode("utf-8")


@SETTINGS
@given(st.text(max_size=400))
def test_any_text_parses_without_raising(text: str) -> None:
    source = NoteFile("note.md", text, "digest", "notes/note.md")
    result = parse_note(source)
    assert result.entry is not None or any(d.is_error for d in result.diagnostics)


archive_lines = st.lists(
    st.one_of(
        st.sampled_from(
            ["Tag: ml", "Category: papers", "", "    ", "tldr: short", "  • A post title"]
        ),
        st.builds(lambda t: f"  • {t}", st.text(min_size=1, max_size=30)),
        st.builds(lambda t: f"    {t}", st.text(max_size=60)),
        st.sampled_from(HOSTILE),
        st.text(max_size=40),
    ),
    max_size=30,
)


_HEADER = re.compile(r"^\s*(?:tags?|categor(?:y|ies)|topics?|labels?)\s*:", re.I)
_LABEL = re.compile(r"^\s*tl;?dr\s*:", re.I)  # a label that becomes the `tldr:` key


def note_words(text: str) -> str:
    """A written note's text as read back: its front-matter values (unescaped) and its body."""
    _, head, body = text.split("---\n", 2)
    fields = yaml.safe_load(head)
    values = [str(v) for v in fields.values()] + [
        str(x) for v in fields.values() if isinstance(v, list) for x in v
    ]
    return "\n".join([*values, body]).casefold()


def words_of(text: str) -> list[str]:
    return re.findall(r"[^\W_]{2,}", text.casefold())


@SETTINGS
@given(archive_lines)
def test_any_archive_imports_without_raising_and_loses_no_line(lines: list[str]) -> None:
    text = "\n".join(
        line.replace("\r", " ").replace("\x0b", " ").replace("\x0c", " ") for line in lines
    )
    archive = read_archive(text, "a.txt", "a.txt")
    plans, _ = plan_notes(archive.posts, (), {"a.txt": "a.txt"})
    written = "\n".join(note_words(plan.text) for plan in plans)
    # a `Tag:` / `Category:` page's description line is kept for that page, not in a note
    written += "\n" + "\n".join(c.description.casefold() for c in archive.collections)
    # a post with a title and no text is no note: the warning that says so names it
    written += "\n" + "\n".join(
        d.message.casefold() for d in archive.diagnostics if d.code == "import-empty-post"
    )
    for line in text.split("\n"):
        header = _HEADER.match(line)
        if header and not plans:
            continue  # a `Tag:` line with no post to carry its tag
        label = header or _LABEL.match(line)
        for word in words_of(line[label.end() :] if label else line):  # every word is kept
            assert word in written, (line, word)
