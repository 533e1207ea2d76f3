"""linktags.py: link markers become <a> tags; through the memo, only entries whose links changed are
resolved again."""

from __future__ import annotations

from notebase.builder.memo import Memo
from notebase.digests import remade
from notebase.linking.index import build_index
from notebase.linking.linktags import part_name, resolve_index
from notebase.model import Entry, NoteFile
from notebase.reading.parse import parse_note


def entry(rel: str, text: str) -> Entry:
    result = parse_note(NoteFile(rel, text, "d", f"notes/{rel}"))
    assert result.entry is not None
    return result.entry


def test_an_entry_whose_links_did_not_change_is_resolved_to_the_same_record() -> None:
    a = entry("a.md", "---\ntitle: A\n---\nSee [[B]].\n")
    b = entry("b.md", "---\ntitle: B\n---\nPlain.\n")
    c = entry("c.md", "---\ntitle: C\n---\nAlone.\n")
    memo = Memo()
    first = resolve_index(build_index([a, b, c]), False, memo)
    assert 'href="\x1eR\x1eb/index.html" data-title="B">B</a>' in first.by_slug["a"].body_html

    renamed = remade(b, title="Bee")  # a's link to b now shows another title
    second = resolve_index(build_index([a, renamed, c]), False, memo.next_generation())
    assert second.by_slug["c"] is first.by_slug["c"]
    assert second.by_slug["a"] is not first.by_slug["a"]
    assert 'data-title="Bee"' in second.by_slug["a"].body_html
    assert second.by_slug["b"].title == "Bee"


def test_a_link_to_a_page_that_is_no_entry_is_relative_to_the_root() -> None:
    a = entry("a.md", "---\ntitle: A\ntags: [ml]\n---\n[home](/) and [ml](/tags/ml/#top).\n")
    files = resolve_index(build_index([a]), False)
    folders = resolve_index(build_index([a]), True)
    assert files.by_slug["a"].body_html == (
        '<p><a class="internal" href="\x1eR\x1eindex.html">home</a> and '
        '<a class="internal" href="\x1eR\x1etags/ml/index.html#top">ml</a>.</p>\n'
    )
    assert '<a class="internal" href="\x1eR\x1e">home</a>' in folders.by_slug["a"].body_html
    assert 'href="\x1eR\x1etags/ml/#top"' in folders.by_slug["a"].body_html


def test_an_unresolved_plain_link_to_a_note_is_drawn_unresolved_not_left_to_404() -> None:
    # a shared vault links notes it does not hold (ObsidianTTRPGShare: 2,613 such links)
    a = entry(
        "sub/a.md",
        "---\ntitle: A\n---\n[gone](../rules/gone.md), [w](Wiki%20Dir/Gone), [cv](/cv.pdf).\n",
    )
    html = resolve_index(build_index([a]), False).by_slug["sub/a"].body_html
    assert '<a class="internal unresolved" title="No note at “../rules/gone.md”">gone</a>' in html
    assert '<a class="internal unresolved" title="No note at “Wiki Dir/Gone”">w</a>' in html
    assert '<a href="/cv.pdf">cv</a>' in html  # a file: static/ may hold it


def test_an_embed_s_caption_shows_its_heading_s_math_as_math_and_no_block_id() -> None:
    made = parse_note(
        NoteFile("s.md", "# Schemes\n\n## On $\\mathbb{A}^1$\n\nx ^blk\n", "d", "notes/s.md")
    )
    assert made.entry is not None
    [heading] = [h for h in made.entry.headings if h.level == 2]
    assert part_name(made.entry, heading.anchor).startswith(" › On <math")
    assert "\\mathbb" not in part_name(made.entry, heading.anchor)
    assert part_name(made.entry, "^blk") == ""
    assert part_name(made.entry, "gone") == " › gone"
