"""embeds.py: the part of a note an embed names, embedded HTML made quiet, cycles and depth."""

from __future__ import annotations

import itertools

from notebase.linking.embeds import MAX_DEPTH, embed_problems, part_of, quiet
from notebase.model import Entry, NoteFile
from notebase.reading.parse import parse_note

BODY = (
    '<p>Intro.</p>\n<h2 id="a">A</h2>\n<p id="^b1">Block.</p>\n<h3 id="a-1">Sub</h3>\n'
    '<ul>\n<li id="^li">Item <em>one</em></li>\n</ul>\n<h2 id="next">Next</h2>\n<p>End.</p>\n'
)


def test_a_heading_s_section_runs_to_the_next_heading_of_its_level_or_higher() -> None:
    assert part_of(BODY, "a") == (
        '<h2 id="a">A</h2>\n<p id="^b1">Block.</p>\n<h3 id="a-1">Sub</h3>\n'
        '<ul>\n<li id="^li">Item <em>one</em></li>\n</ul>\n'
    )
    assert part_of(BODY, "a-1") == (
        '<h3 id="a-1">Sub</h3>\n<ul>\n<li id="^li">Item <em>one</em></li>\n</ul>\n'
    )
    assert part_of(BODY, "next") == '<h2 id="next">Next</h2>\n<p>End.</p>\n'


def test_the_last_section_ends_where_the_footnote_list_begins() -> None:
    body = parse_note(NoteFile("n.md", "## Last\n\nSaid[^1].\n\n[^1]: Why.\n", "d", "notes/n.md"))
    assert body.entry is not None
    part = part_of(body.entry.body_html, "last")
    assert part.startswith('<h2 id="last">Last</h2>\n<p>Said<sup')
    assert part.endswith("</sup>.</p>\n")  # not cut open at the list's own heading
    assert "footnotes" not in part


def test_a_block_is_its_element_and_a_list_item_a_paragraph() -> None:
    assert part_of(BODY, "^b1") == '<p id="^b1">Block.</p>\n'
    assert part_of(BODY, "^li") == "<p>Item <em>one</em></p>\n"


def test_no_fragment_is_the_whole_body_and_an_unknown_one_nothing() -> None:
    assert part_of(BODY, "") == BODY
    assert part_of(BODY, "gone") == ""


def test_embedded_html_has_no_ids_and_no_footnotes() -> None:
    html = (
        '<p id="^x">T<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup></p>\n'
        '<section class="footnotes">\n<ol><li id="fn1">N</li></ol>\n</section>\n'
    )
    assert quiet(html) == '<p>T<sup class="footnote-ref">[1]</sup></p>\n'


def note(rel: str, text: str) -> Entry:
    entry = parse_note(NoteFile(rel, text, "d", f"notes/{rel}")).entry
    assert entry is not None
    return entry


def test_a_cycle_is_reported_at_each_embed_whose_page_it_cuts_short() -> None:
    a, b, c = note("a.md", "![[b]]\n"), note("b.md", "x\n\n![[a]]\n"), note("c.md", "![[a]]\n")
    targets = {"a": ("b",), "b": ("a",), "c": ("a",)}
    diags = embed_problems([a, b, c], targets)
    assert [(d.code, str(d.pos)) for d in diags] == [
        ("embed-cycle", "notes/a.md:1"),
        ("embed-cycle", "notes/b.md:3"),
        ("embed-cycle", "notes/c.md:1"),
    ]


def test_a_note_may_embed_its_own_sections_but_not_the_one_holding_the_embed() -> None:
    text = "![[#Two]]\n\n## One\n\n![[#One]]\n\n## Two\n\ntwo\n"
    entry = note("s.md", text)
    diags = embed_problems([entry], {"s": ("s#two", "s#one")})
    assert [(d.code, d.message, str(d.pos)) for d in diags] == [
        ("embed-cycle", "![[#One]] leads round to a part that embeds it", "notes/s.md:5")
    ]


def test_a_chain_deeper_than_the_limit_is_reported_where_it_starts() -> None:
    names = [f"n{k}" for k in range(MAX_DEPTH + 2)]
    entries = [note(f"{n}.md", f"![[{m}]]\n") for n, m in itertools.pairwise(names)]
    entries.append(note(f"{names[-1]}.md", "end\n"))
    targets = {n: (m,) for n, m in itertools.pairwise(names)}
    diags = embed_problems(entries, targets)
    assert [(d.code, str(d.pos)) for d in diags] == [("embed-too-deep", "notes/n0.md:1")]
    assert embed_problems(entries[1:], targets) == []
