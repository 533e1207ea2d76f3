"""parse.py: one note -> one typed Entry (every front-matter field of the note format) or errors."""

from __future__ import annotations

import datetime as dt

import pytest

from notebase.diagnostics import Diagnostic, FilePos, Severity
from notebase.model import Entry, EntryKind, LinkRef, NoteFile, ParseResult, SourceRef, Status
from notebase.reading.bodysource import CARD_LINES
from notebase.reading.parse import parse_note, settle_dates


def parse(text: str, rel_path: str = "papers/x.md") -> ParseResult:
    return parse_note(NoteFile(rel_path, text, "digest", f"notes/{rel_path}"))


def entry_of(text: str, rel_path: str = "papers/x.md") -> Entry:
    result = parse(text, rel_path)
    assert result.entry is not None, result.diagnostics
    return result.entry


def codes(diags: tuple[Diagnostic, ...]) -> list[tuple[Severity, str, int]]:
    return [(d.severity, d.code, d.pos.line if d.pos else 0) for d in diags]


FULL = """\
---
title: Muon optimizer
kind: paper
url: https://arxiv.org/abs/2502.16982v1
source_title: "Muon is Scalable for LLM Training"
authors: [Jingyuan Liu, Jianlin Su]
year: 2025
date: 2025-06-03
tags: [Optimizers, Machine Learning, optimizers]
category: links-and-recs
tldr: Orthogonalised momentum beats **AdamW**.
status: reading
aliases: [Muon, Moonlight Muon]
draft: false
origin: archive.txt:12
rating: 5
---
Body text.
"""


def test_every_front_matter_field() -> None:
    result = parse(FULL, "papers/muon.md")
    assert result.diagnostics == ()
    e = result.entry
    assert e is not None
    assert e.slug == "papers/muon"
    assert e.rel_path == "papers/muon.md"
    assert e.pos == FilePos("notes/papers/muon.md", 1)
    assert e.title == "Muon optimizer"
    assert e.kind is EntryKind.PAPER
    assert e.source == SourceRef(
        "arxiv:2502.16982", "https://arxiv.org/abs/2502.16982", "arxiv.org", arxiv="2502.16982"
    )
    assert e.source_title == "Muon is Scalable for LLM Training"
    assert e.authors == ("Jingyuan Liu", "Jianlin Su")
    assert e.year == 2025
    assert e.date == dt.date(2025, 6, 3)
    assert e.tags == ("optimizers", "machine-learning")
    assert e.categories == ("links-and-recs",)
    assert e.tldr_html == "Orthogonalised momentum beats <strong>AdamW</strong>."
    assert e.tldr_text == "Orthogonalised momentum beats AdamW."
    assert e.status is Status.READING
    assert e.aliases == ("Muon", "Moonlight Muon")
    assert e.draft is False
    assert e.extra == (("rating", "5"),)  # `origin:` is known (an import's), kept off the page
    assert e.body_html == "<p>Body text.</p>\n"
    assert e.mention_text == "Orthogonalised momentum beats AdamW.\nBody text."
    assert len(e.content_key) == 64  # a sha256 of its path and text: see the test below


def test_defaults_without_front_matter() -> None:
    e = entry_of("Just a thought.\n", "ideas/a-thought.md")
    assert e.title == "a-thought"  # the file's name as it is, as Obsidian and Quartz show it
    assert e.slug == "ideas/a-thought"
    assert e.kind is EntryKind.NOTE
    assert e.status is None  # no reading status: the note is not on the reading list
    assert (e.date, e.year, e.source, e.draft) == (None, None, None, False)
    assert (e.tags, e.categories, e.aliases, e.authors) == ((), (), (), ())
    assert (e.tldr_html, e.source_title, e.extra) == ("", "", ())


def test_a_note_of_several_top_headings_is_titled_by_its_file_name() -> None:
    e = entry_of("# Theory\n\nA.\n\n# Model\n\nB.\n", "Models/🦠 Logistic Regression.md")
    assert e.title == "🦠 Logistic Regression"
    assert '<h1 id="theory">Theory</h1>' in e.body_html and "Model</h1>" in e.body_html
    assert entry_of("# Only one\n\n## Section\n\ntext\n", "n.md").title == "Only one"


def test_title_from_first_heading_is_taken_out_of_the_body() -> None:
    e = entry_of("# Optimizer landscape\n\nA map.\n", "ideas/x.md")
    assert e.title == "Optimizer landscape"
    assert e.body_html == "<p>A map.</p>\n"


def test_title_from_front_matter_keeps_the_body_heading() -> None:
    e = entry_of("---\ntitle: From YAML\n---\n# Body heading\n\ntext\n")
    assert e.title == "From YAML"
    assert "<h1" in e.body_html and "Body heading" in e.body_html


def test_slug_override_and_cleaning() -> None:
    assert entry_of("---\nslug: muon-2025\n---\n").slug == "muon-2025"
    result = parse("---\ntitle: A\nslug: ../../escape\n---\n")
    assert result.entry is not None and result.entry.slug == "escape"
    assert codes(result.diagnostics) == [(Severity.WARNING, "slug-cleaned", 3)]


def test_slug_without_usable_characters_is_an_error() -> None:
    result = parse("---\nslug: '!!!'\n---\n", "papers/y.md")
    assert result.entry is not None and result.entry.slug == "papers/y"
    assert codes(result.diagnostics) == [(Severity.ERROR, "bad-slug", 2)]


@pytest.mark.parametrize(
    ("front", "kind"),
    [
        ("url: https://arxiv.org/abs/2502.16982", EntryKind.PAPER),
        ("url: https://openreview.net/forum?id=abc", EntryKind.PAPER),
        ("url: https://aclanthology.org/2020.acl-main.1/", EntryKind.PAPER),
        ("url: https://doi.org/10.1145/3292500.3330701", EntryKind.PAPER),
        ("arxiv: 2505.02809", EntryKind.PAPER),
        ("doi: 10.1145/3292500.3330701", EntryKind.PAPER),
        ("url: https://sander.ai/2025/04/15/latents.html", EntryKind.LINK),
        ("title: nothing external", EntryKind.NOTE),
        ("url: https://sander.ai/x\nkind: note", EntryKind.NOTE),
        ("kind: Paper", EntryKind.PAPER),
    ],
)
def test_kind(front: str, kind: EntryKind) -> None:
    assert entry_of(f"---\n{front}\n---\nbody\n").kind is kind


def test_body_urls_do_not_make_a_note_a_link() -> None:
    e = entry_of("See https://example.com/post for more.\n")
    assert e.kind is EntryKind.NOTE
    assert e.other_sources == (
        SourceRef("url:example.com/post", "https://example.com/post", "example.com"),
    )


def test_unknown_kind_is_a_warning_and_the_kind_inferred() -> None:
    result = parse("---\nkind: book\nurl: https://sander.ai/x\n---\n")
    assert result.entry is not None and result.entry.kind is EntryKind.LINK
    assert codes(result.diagnostics) == [(Severity.WARNING, "bad-kind", 2)]


def test_a_url_property_held_as_a_list_of_a_markdown_link_is_the_source() -> None:
    """Obsidian's properties may hold `url` as a list of one, or as a markdown link: the note's
    source is that link, with a warning saying how to write it."""
    result = parse('---\nurl:\n  - "[GitHub](https://github.com/a/b)"\n---\nBody.\n')
    assert result.entry is not None and result.entry.source is not None
    assert result.entry.source.url == "https://github.com/a/b"
    assert result.entry.kind is EntryKind.LINK
    assert codes(result.diagnostics) == [(Severity.WARNING, "field-coerced", 2)]


def test_a_web_clipper_note_s_source_author_and_published_date_are_its_source_s() -> None:
    """Obsidian's Web Clipper writes `source:` (the page's address), `author:` (links to people)
    and `published:`: the note is a link to that page, by those authors, of that year."""
    result = parse(
        '---\ntitle: A post\nsource: "https://blog.example.org/a-post"\nauthor:\n'
        '  - "[[Ada Lovelace]]"\n  - "[[cb|Charles Babbage]]"\npublished: 2024-11-05\n'
        "created: 2025-01-02\ndescription:\ntags:\n  - clippings\n---\nText.\n"
    )
    e = result.entry
    assert e is not None and e.source is not None
    assert (e.kind, e.source.url) == (EntryKind.LINK, "https://blog.example.org/a-post")
    assert (e.authors, e.year, e.date) == (
        ("Ada Lovelace", "Charles Babbage"),
        2024,
        dt.date(2025, 1, 2),
    )
    assert result.diagnostics == ()


def test_an_author_linked_without_quotes_is_the_author_as_readwise_writes_one() -> None:
    """Readwise's export writes `author: [[Will Larson]]`, which YAML reads as a list in a list:
    it means the link, the name shown."""
    result = parse("---\nauthor: [[Will Larson]]\nauthors:\n---\nText.\n")
    assert result.entry is not None and result.entry.authors == ("Will Larson",)
    assert result.diagnostics == ()
    two = parse("---\nauthor:\n  - [[Ada Lovelace]]\n  - Charles Babbage\n---\nText.\n")
    assert two.entry is not None and two.entry.authors == ("Ada Lovelace", "Charles Babbage")


def test_a_published_year_written_alone_is_the_source_s_year() -> None:
    result = parse("---\nsource: https://e.org/p\npublished: 2019\nyear: \n---\nText.\n")
    assert result.entry is not None and result.entry.year == 2019
    assert result.diagnostics == ()


def test_a_published_flag_is_no_date_and_no_mistake() -> None:
    """`published: true`, as a garden marks the notes its own builder puts in its feed
    (sub-surface/digital-garden, content/Photography.md; `published: "true"` in another note),
    beside clippings whose `published:` is a date: a flag, not the source's year, and no
    field-type warning saying it must be a date."""
    for flag in ("true", '"true"', "false", "no"):
        result = parse(f"---\ntitle: Photography\npublished: {flag}\n---\nText.\n")
        assert result.entry is not None and result.entry.year is None
        assert result.diagnostics == ()
    clipped = parse("---\nsource: https://e.org/q\npublished: 2026-02-10\n---\nText.\n")
    assert clipped.entry is not None and clipped.entry.year == 2026


def test_a_source_field_that_is_no_web_address_is_left_to_templates() -> None:
    result = parse("---\nsource: [[Some Book]]\nauthor:\npublished:\n---\nText.\n")
    assert result.entry is not None and result.entry.source is None
    assert result.entry.extra == (("source", "[['Some Book']]"),)
    assert result.diagnostics == ()


def test_arxiv_field_stands_in_for_url_and_gives_the_year() -> None:
    e = entry_of("---\narxiv: 1802.09568\n---\n")
    assert e.source is not None
    assert (e.source.key, e.source.url) == ("arxiv:1802.09568", "https://arxiv.org/abs/1802.09568")
    assert e.year == 2018


def test_doi_field() -> None:
    e = entry_of("---\ndoi: 10.18653/V1/2020.ACL-MAIN.1\n---\n")
    assert e.source is not None
    assert e.source.key == "doi:10.18653/v1/2020.acl-main.1"
    assert e.kind is EntryKind.PAPER


CARD = (
    "# Astra：通用交互世界模型\n\n"
    "> **论文**：*Astra: General Interactive World Model with Autoregressive Denoising*\n>\n"
    "> **作者**：Yixuan Zhu, Jiaqi Feng\n>\n> **发布时间**：2025 年 12 月\n>\n"
    "> 🔗 [arXiv](https://arxiv.org/abs/2512.08931) | [PDF](https://arxiv.org/pdf/2512.08931)\n\n"
    "---\n\n## 一句话总结\n\nText citing [another](https://arxiv.org/abs/1706.03762).\n"
)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        # a real paper-notes repository built as a knowledge base (jiabingyang01/llm-paper-notes):
        # 581 of its 654 notes name their paper only so, and each was a note of no source
        (CARD, "arxiv:2512.08931"),
        (CARD.replace("# Astra：通用交互世界模型\n\n", ""), "arxiv:2512.08931"),  # no title line
        ("---\nurl: https://example.org/p\n---\n" + CARD, "url:example.org/p"),  # a url first
        (
            CARD.replace(
                "[PDF](https://arxiv.org/pdf/2512.08931)", "[v](https://arxiv.org/abs/2401.12345)"
            ),
            "",
        ),
        (CARD.replace("> **作者**", "> Words of a quote.\n>\n> **作者**"), ""),  # no card
        ("Intro.\n\n" + CARD, ""),  # a card further down is no header
        # only a note's start is read for one (its whole text was split, twice under a title):
        # a quote running past it is no card
        (CARD.replace("> **作者**", "> **Note**: x\n" * CARD_LINES + "> **作者**"), ""),
    ],
)
def test_a_card_of_its_paper_s_fields_opening_a_note_names_its_source(text: str, key: str) -> None:
    e = entry_of(text)
    assert (e.source.key if e.source else "") == key
    assert e.kind is (
        EntryKind.PAPER if key.startswith("arxiv") else EntryKind.LINK if key else EntryKind.NOTE
    )


def test_a_readwise_note_is_a_link_to_its_document_by_its_author() -> None:
    text = (
        "# 10 Guidelines\n\n## Metadata\n* Author: [[Paul van der Laken]]\n"
        "* Full Title: 10 Guidelines to Better Table Design\n* Category: #articles\n"
        "* URL: https://paulvanderlaken.com/2020/09/01/table-design/\n\n## Highlights\n\n* Text.\n"
    )
    e = entry_of(text)
    assert (e.kind, e.source.key if e.source else "", e.authors) == (
        EntryKind.LINK,
        "url:paulvanderlaken.com/2020/09/01/table-design",
        ("Paul van der Laken",),
    )
    own = entry_of("---\nauthor: Jo Park\n---\n" + text)  # the front matter's author first
    assert own.authors == ("Jo Park",)


def test_bad_identifier_is_a_warning() -> None:
    result = parse("---\nurl: https://example.com/p\narxiv: nope\n---\n")
    assert codes(result.diagnostics) == [(Severity.WARNING, "bad-identifier", 3)]


def test_unsafe_url_is_a_warning_and_dropped() -> None:
    result = parse("---\ntitle: A\nurl: javascript:alert(1)\n---\n")
    assert result.entry is not None
    assert result.entry.source is None
    assert result.entry.kind is EntryKind.NOTE
    assert codes(result.diagnostics) == [(Severity.WARNING, "unsafe-url", 3)]


def test_a_url_with_a_bad_port_is_an_unsafe_url_and_a_body_link_no_source() -> None:
    result = parse("---\ntitle: A\nurl: http://a.org:xyz/\n---\nSee [b](http://b.org:99999/).\n")
    assert result.entry is not None
    assert (result.entry.source, result.entry.other_sources) == (None, ())
    assert codes(result.diagnostics) == [(Severity.WARNING, "unsafe-url", 3)]


def test_tags_as_comma_string_and_normalised() -> None:
    e = entry_of("---\ntags: 'ML, #Deep Learning, second_order'\ncategory: Links and Recs\n---\n")
    assert e.tags == ("ml", "deep-learning", "second-order")
    assert e.categories == ("links-and-recs",)


def test_unusable_tag_is_dropped_with_a_warning() -> None:
    result = parse("---\ntitle: A\ntags: [ok, '###']\n---\n")
    assert result.entry is not None and result.entry.tags == ("ok",)
    assert codes(result.diagnostics) == [(Severity.WARNING, "bad-tag", 3)]
    # `tags: [Math, __]` (xihuanxiaorang/my-obsidian-notes, Articles/Misc/充分条件与必要条件.md)
    # was told with no hint of what to do
    (told,) = parse("---\ntags:\n  - Math\n  - __\n---\n").diagnostics
    assert (told.code, told.hint) == (
        "bad-tag",
        "a tag's page is named by its letters and digits: give it some, or remove it",
    )


@pytest.mark.parametrize(
    ("raw", "status"),
    [("to-read", Status.TO_READ), ("To Read", Status.TO_READ), ("to_read", Status.TO_READ),
     ("reading", Status.READING), ("READ", Status.READ)],
)  # fmt: skip
def test_status(raw: str, status: Status) -> None:
    assert entry_of(f"---\nstatus: {raw}\n---\n").status is status


@pytest.mark.parametrize("raw", ["raeding", "unread", "want to read", "re-read", "red"])
def test_a_status_meant_for_a_reading_status_and_none_is_a_warning(raw: str) -> None:
    result = parse(f"---\ntitle: A\nstatus: {raw}\n---\n")
    assert result.entry is not None and result.entry.status is None
    assert codes(result.diagnostics) == [(Severity.WARNING, "bad-status", 3)]


@pytest.mark.parametrize("raw", ["currently reading", "currently-reading", "re-reading"])
def test_a_status_saying_reading_among_other_words_is_a_warning(raw: str) -> None:
    """Goodreads' shelf `currently-reading`, `re-reading`: meant as a reading status."""
    result = parse(f"---\ntitle: A\nstatus: {raw}\n---\n")
    assert result.entry is not None and result.entry.status is None
    assert codes(result.diagnostics) == [(Severity.WARNING, "bad-status", 3)]


@pytest.mark.parametrize(
    "raw", ["seedling", "evergreen", "active", "🟩", "deprecated", "later", "thread", "spreadsheet"]
)
def test_a_vault_s_own_status_is_no_reading_status_and_no_warning(raw: str) -> None:
    result = parse(f"---\ntitle: A\nstatus: {raw}\n---\n")
    assert result.entry is not None and result.entry.status is None
    assert result.diagnostics == ()


def test_drafts_are_flagged() -> None:
    assert entry_of("---\ndraft: true\n---\n").draft is True
    assert entry_of("---\ndraft: false\n---\n").draft is False


def test_tldr_from_front_matter_wins_and_the_body_paragraph_stays() -> None:
    e = entry_of("---\ntldr: From YAML.\n---\ntldr: from the body\n")
    assert e.tldr_text == "From YAML."
    assert "from the body" in e.body_html


@pytest.mark.parametrize("label", ["tldr:", "TL;DR:", "TLDR:", "tl;dr -"])
def test_tldr_paragraph_is_taken_out_of_the_body(label: str) -> None:
    e = entry_of(f"Intro.\n\n{label} Keep one *preconditioner* per dimension.\n\nMore.\n")
    assert e.tldr_html == "Keep one <em>preconditioner</em> per dimension."
    assert e.tldr_text == "Keep one preconditioner per dimension."
    assert e.body_html == "<p>Intro.</p>\n<p>More.</p>\n"


def test_a_paragraph_mentioning_tldr_later_is_not_the_tldr() -> None:
    e = entry_of("This is not a tldr: it is prose.\n")
    assert e.tldr_html == ""


def test_wikilink_in_front_matter_tldr_is_a_link() -> None:
    e = entry_of("---\ntldr: Like [[Shampoo]].\n---\nSee [[Muon]].\n")
    assert [(link.target, link.is_wiki, link.line) for link in e.links] == [
        ("Muon", True, 4),
        ("Shampoo", True, 2),  # the line of the `tldr:` field
    ]
    assert "\x1eL1\x1e" in e.tldr_html


def test_quotes_attributed_to_dash_line_or_else_the_source() -> None:
    text = """\
---
url: https://sander.ai/2025/latents.html
source_title: Latents – Sander Dieleman
---
> First quote.
> — Keller Jordan, Muon blog post

Between.

> Second quote with no attribution.

> Third quote.
>
> -- Ada Lovelace
"""
    e = entry_of(text)
    assert [(q.text, q.attribution, q.line) for q in e.quotes] == [
        ("First quote.", "Keller Jordan, Muon blog post", 5),
        ("Second quote with no attribution.", "Latents – Sander Dieleman", 10),
        ("Third quote.", "Ada Lovelace", 12),
    ]
    assert e.quotes[0].html == "<p>First quote.</p>"
    anchors = [q.anchor for q in e.quotes]
    assert all(a.startswith("q-") for a in anchors) and len(set(anchors)) == 3
    for anchor in anchors:
        assert f'<blockquote id="{anchor}" class="quote">' in e.body_html
    assert '<footer class="quote-attribution">— Keller Jordan, Muon blog post</footer>' in (
        e.body_html
    )


@pytest.mark.parametrize(
    ("front", "attribution"),
    [
        ("title: Shampoo\narxiv: 1802.09568\nauthors: [Vineet Gupta]", "Vineet Gupta, Shampoo"),
        ("arxiv: 1802.09568\nauthors: [A B, C D]\nsource_title: Shampoo", "A B and C D, Shampoo"),
        ("arxiv: 1802.09568\nauthors: [A B, C D, E F]", "A B et al."),
        ("title: A repo\nurl: https://github.com/a/b", "A repo"),  # never a bare domain
        ("arxiv: 1802.09568", ""),  # never a bare id: the quote is shown as from the note
        ("title: My thoughts", ""),  # no source: the note's title is not who said it
    ],
)
def test_a_quote_without_its_own_attribution_is_by_the_source_as_far_as_known(
    front: str, attribution: str
) -> None:
    e = entry_of(f"---\n{front}\n---\n> We prove convergence.\n")
    assert [(q.text, q.attribution) for q in e.quotes] == [("We prove convergence.", attribution)]
    footer = f'<footer class="quote-attribution">— {attribution}</footer>'
    assert (footer in e.body_html) == bool(attribution)


def test_quote_anchors_are_stable() -> None:
    a = entry_of("> Same words.\n", "a.md").quotes[0].anchor
    b = entry_of("intro\n\n> Same words.\n", "b.md").quotes[0].anchor
    assert a == b


def test_footnotes() -> None:
    e = entry_of("Claim[^ns] and another[^2].\n\n[^ns]: Five *iterations*.\n[^2]: Second.\n")
    assert [(f.label, f.html, f.text) for f in e.footnotes] == [
        ("1", "<p>Five <em>iterations</em>.</p>", "Five iterations."),
        ("2", "<p>Second.</p>", "Second."),
    ]
    assert '<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup>' in e.body_html


def test_wikilinks_and_plain_links_with_their_lines() -> None:
    text = """\
---
title: Links
---
See [[Muon optimizer]] and [[muon|the optimizer]].

Also [[Muon optimizer#Why orthogonalise]], [[papers/shampoo]]
and [[Shampoo#Cost|cost]] and [relative](../papers/muon.md) and [abs](/papers/muon/).
"""
    e = entry_of(text)
    assert e.links == (
        LinkRef("Muon optimizer", True, 4, "", "Muon optimizer"),
        LinkRef("muon", True, 4, "", "the optimizer"),
        LinkRef(
            "Muon optimizer", True, 6, "Why orthogonalise", "Muon optimizer › Why orthogonalise"
        ),
        LinkRef("papers/shampoo", True, 6, "", "papers/shampoo"),
        LinkRef("Shampoo", True, 7, "Cost", "cost"),
        LinkRef("../papers/muon.md", False, 7),
        LinkRef("/papers/muon/", False, 7),
    )


def test_headings_get_anchors() -> None:
    e = entry_of("## Why orthogonalise\n\n### Cost & memory\n\n## Why orthogonalise\n")
    assert [(h.level, h.text, h.anchor) for h in e.headings] == [
        (2, "Why orthogonalise", "why-orthogonalise"),
        (3, "Cost & memory", "cost-memory"),
        (2, "Why orthogonalise", "why-orthogonalise-1"),
    ]


def test_failed_math_is_a_warning_at_its_line() -> None:
    result = parse("---\ntitle: M\n---\nok $x^2$\n\nbad $\\frac{1}{$ here\n")
    assert codes(result.diagnostics) == [(Severity.WARNING, "math-failed", 6)]
    assert result.entry is not None
    assert '<code class="math-tex"' in result.entry.body_html


def test_an_admonition_colour_that_is_none_is_a_warning_at_its_line_with_a_hint() -> None:
    result = parse("---\ntitle: A\n---\n```ad-note\ntitle: T\ncolor: var(--x)\nbody\n```\n")
    assert codes(result.diagnostics) == [(Severity.WARNING, "admonition-color", 6)]
    assert "0-255" in result.diagnostics[0].hint
    assert result.entry is not None and "var(--x)" not in result.entry.body_html


def test_broken_yaml_is_a_warning_at_its_line_and_the_note_is_built_without_it() -> None:
    result = parse("---\ntitle: ok\nsummary: {a\n---\n# Heading\n\nbody\n", "papers/bad.md")
    assert [(d.severity, d.code, d.pos) for d in result.diagnostics] == [
        (Severity.WARNING, "yaml-syntax", FilePos("notes/papers/bad.md", 3))
    ]
    assert result.diagnostics[0].message.endswith("; the note is built without its front matter")
    assert result.entry is not None
    assert (result.entry.title, result.entry.slug) == ("Heading", "papers/bad")
    assert result.entry.body_html == "<p>body</p>\n"  # no front matter in the body


def test_unclosed_list_is_a_warning_near_its_line() -> None:
    result = parse("---\ntitle: ok\ntags: [a, b\n---\nbody\n")
    (diag,) = result.diagnostics
    assert (diag.severity, diag.code) == (Severity.WARNING, "yaml-syntax")
    assert diag.pos == FilePos("notes/papers/x.md", 3)
    assert result.entry is not None and result.entry.tags == ()


def test_front_matter_that_is_no_mapping_is_a_warning() -> None:
    result = parse("---\n- a\n- b\n---\nbody\n")
    assert codes(result.diagnostics) == [(Severity.WARNING, "yaml-not-mapping", 2)]
    assert result.entry is not None and result.entry.title == "x"


def test_unterminated_front_matter_is_a_rule_above_the_text_with_a_warning() -> None:
    result = parse("---\n\nA poem under a rule.\n")
    assert result.entry is not None
    assert result.entry.body_html == "<hr />\n<p>A poem under a rule.</p>\n"
    assert codes(result.diagnostics) == [(Severity.WARNING, "frontmatter-unterminated", 1)]


def test_wrong_field_types_are_dropped_with_warnings_at_their_lines() -> None:
    result = parse("---\ntitle: A\ntags: 5\ndate: yesterday\nyear: soon\ndraft: maybe\n---\n")
    assert sorted(codes(result.diagnostics), key=lambda c: c[2]) == [
        (Severity.WARNING, "field-type", 3),
        (Severity.WARNING, "field-type", 4),
        (Severity.WARNING, "field-type", 5),
        (Severity.WARNING, "field-type", 6),
    ]
    e = result.entry
    assert e is not None
    assert (e.tags, e.date, e.year, e.draft) == ((), None, None, False)


def test_wrong_title_type_is_reported_once() -> None:
    result = parse("---\ntitle: [a, b]\n---\n# Heading\n")
    assert codes(result.diagnostics) == [(Severity.WARNING, "field-type", 2)]
    assert result.entry is not None and result.entry.title == "Heading"


def test_wrong_url_type_is_reported_once_and_the_kind_still_read() -> None:
    # the kind was decided from `url` read a second time, which warned a second time
    result = parse("---\nurl: [a, b]\narxiv: 2501.00001\n---\nbody\n")
    assert codes(result.diagnostics) == [(Severity.WARNING, "field-type", 2)]
    assert result.entry is not None and result.entry.kind is EntryKind.PAPER


def test_misspelt_key_is_a_warning_and_kept() -> None:
    result = parse("---\ntilte: Muon\n---\nbody\n", "papers/muon.md")
    assert [(d.severity, d.code, d.pos, d.hint) for d in result.diagnostics] == [
        (
            Severity.WARNING,
            "unknown-key",
            FilePos("notes/papers/muon.md", 2),
            'did you mean "title"?',
        )
    ]
    assert result.entry is not None
    assert result.entry.title == "muon"
    assert result.entry.extra == (("tilte", "Muon"),)


def test_body_line_numbers_count_the_front_matter() -> None:
    e = entry_of("---\na: 1\nb: 2\n---\n\n\n[[Target]]\n")
    assert [link.line for link in e.links] == [7]


def test_raw_html_in_a_note_never_runs() -> None:
    e = entry_of(
        "---\ntitle: <b>x</b>\n---\n<script>alert(1)</script>\n\nSay <script>x</script>.\n"
    )
    assert "<script>" not in e.body_html and "alert(1)" not in e.body_html  # a block: left out
    assert "Say &lt;script&gt;x&lt;/script&gt;." in e.body_html  # inline: shown as text
    assert e.title == "<b>x</b>"  # escaping titles is the templates' job


def test_inline_tags_join_the_front_matter_tags_once() -> None:
    result = parse("---\ntitle: T\ntags: '#ml, Reading'\n---\nAbout #ml and #Optimizers.\n")
    assert result.entry is not None
    assert result.entry.tags == ("ml", "reading", "optimizers")


def test_a_tag_of_emoji_alone_is_kept_without_a_warning() -> None:
    # AdamMambetov/Obsidian tags 63 notes `tags: [📥]` and writes `#🃏` in the text: each note
    # lost the tag with a bad-tag warning, and the inline one was no tag
    result = parse("---\ntitle: T\ntags:\n  - 📥\n---\nA card #🃏 and #🌱seedling.\n")
    assert result.entry is not None and result.diagnostics == ()
    assert result.entry.tags == ("📥", "🃏", "seedling")
    assert [link.target for link in result.entry.links] == ["/tags/🃏/", "/tags/seedling/"]


@pytest.mark.parametrize("text", ["Ranked #1→#3 this week", "Score #10→12", "v #2024▶ x"])
def test_digits_before_an_arrow_or_a_shape_are_no_tag(text: str) -> None:
    # an arrow or a shape counted as the character a tag of digits needs: `#1→#3` tagged `1`
    assert entry_of(f"---\ntitle: T\n---\n{text}\n").tags == ()


def test_an_emoji_joined_by_zero_width_joiners_is_one_tag() -> None:
    # `#🧑‍💻` was cut at its joiner: tag `🧑` and the text `‍💻` after it
    e = entry_of("---\ntitle: T\ntags: [🧑\u200d💻]\n---\nA #🧑\u200d💻 note.\n")
    assert e.tags == ("🧑\u200d💻",)
    assert "\u200d💻</a>" in e.body_html


def test_quartz_and_obsidian_fields_are_read() -> None:
    result = parse(
        "---\ntitle: Q\ndescription: A short summary.\npermalink: /Garden/Q-Page/\n"
        "aliases: Kew\npublish: false\ncreated: 2023-01-05 10:00\nmodified: 2023/02/01\n"
        "cssclasses: [wide, 'x\"><y']\nunknown_thing: {a: [1, 2]}\n---\nBody.\n"
    )
    e = result.entry
    assert e is not None
    assert e.description == "A short summary."
    assert e.slug == "garden/q-page"
    assert e.aliases == ("Kew",)
    assert e.draft is True
    assert (e.date, e.updated) == (dt.date(2023, 1, 5), dt.date(2023, 2, 1))
    assert e.cssclasses == ("wide", "xy")
    assert codes(result.diagnostics) == [(Severity.WARNING, "slug-cleaned", 4)]


def test_a_permalink_written_as_the_notes_own_path_is_cleaned_without_a_warning() -> None:
    """Obsidian's Digital Garden plugin writes each note it publishes a permalink of its own path
    (`{"dg-publish":true,"permalink":"/docs/ViewSets and routers {drf}/"}`): cleaned, it is the
    URL the note's path gives (or its end, with notes/ the site's folder holding notes/ and
    img/), so nothing to tell; a permalink naming another URL still is."""
    text = '---\n{"dg-publish":true,"permalink":"/docs/ViewSets and routers {drf}/"}\n---\nB.\n'
    result = parse(text, "docs/ViewSets and routers {drf}.md")
    assert result.entry is not None and result.entry.slug == "docs/viewsets-and-routers-drf"
    assert codes(result.diagnostics) == []
    in_site = parse(text, "notes/docs/ViewSets and routers {drf}.md")  # notes/ is src/site
    assert in_site.entry is not None and in_site.entry.slug == "docs/viewsets-and-routers-drf"
    assert codes(in_site.diagnostics) == []
    moved = parse(text, "docs/Other name.md")
    assert moved.entry is not None and moved.entry.slug == "docs/viewsets-and-routers-drf"
    assert codes(moved.diagnostics) == [(Severity.WARNING, "slug-cleaned", 2)]


def test_a_property_link_s_escaped_bar_as_the_digital_garden_plugin_publishes_it_is_read() -> None:
    """The plugin publishes a note's properties as JSON, a link's bar escaped as in its text:
    `"[[WUDAPT\\|WUDAPT]]"`, an escape neither YAML nor JSON knows, so a real published garden
    (SiyaoZheng/luwiki) had 103 notes built without their front matter (title, tags, dates
    lost), a yaml-syntax warning each; the bar is read as the link's, nothing to tell."""
    text = (
        '---\n{"dg-publish":true,"permalink":"/ABot-Earth/","title":"ABot-Earth",'
        '"tags":["世界模型","3DGS"],"created":"2026-08-07","related":"[[WUDAPT\\|WUDAPT]]",'
        '"dg-note-properties":{"sources":["https://x.org/","[[MILO\\|MILO]]"]}}\n---\nBody.\n'
    )
    result = parse(text, "ABot-Earth.md")
    e = result.entry
    assert e is not None and codes(result.diagnostics) == []
    assert (e.title, e.tags, e.date) == ("ABot-Earth", ("世界模型", "3dgs"), dt.date(2026, 8, 7))
    assert [(ref.target, ref.in_properties) for ref in e.links] == [("WUDAPT", True)]


def test_a_field_left_empty_is_absent_without_a_warning() -> None:
    """`updated: ""`, as a real Quartz garden's template leaves it in 17 notes
    (quantumgardener/qg.blog), was a field-type warning each ('must be a date like …, got ""');
    left empty it says nothing, as `updated:` says nothing, and Quartz reads it so. A value
    that is there and wrong is still told."""
    text = '---\ntitle: T\ndate: 2023-01-25\nupdated: ""\ndraft: " "\nyear: ""\n---\nBody.\n'
    result = parse(text)
    assert result.entry is not None and result.entry.updated is None
    assert (result.entry.date, result.entry.draft) == (dt.date(2023, 1, 25), False)
    assert codes(result.diagnostics) == []
    wrong = parse('---\ntitle: T\nupdated: "soon"\n---\nBody.\n')
    assert codes(wrong.diagnostics) == [(Severity.WARNING, "field-type", 3)]


def test_obsidian_s_older_tag_key_is_read_as_tags_without_a_warning() -> None:
    """`tag: moc` (Obsidian's name before 1.4, which Quartz reads too) tags the note; `tags:`
    wins when a note gives both."""
    result = parse("---\ntitle: T\ntag: moc\n---\nBody #x.\n")
    assert result.entry is not None and result.entry.tags == ("moc", "x")
    assert codes(result.diagnostics) == []
    assert entry_of("---\ntags: [a]\ntag: b\n---\nBody.\n").tags == ("a",)


def test_a_publisher_under_publish_is_no_flag_and_no_problem() -> None:
    """A book note's `publish: 北京联合出版公司` (its publisher) neither leaves the note out nor
    is told; `publish: false` still leaves it out."""
    result = parse("---\ntitle: 如何阅读尼采\npublish: 北京联合出版公司\n---\nBody.\n")
    assert result.entry is not None and result.entry.draft is False
    assert codes(result.diagnostics) == []
    assert entry_of("---\ntitle: T\npublish: false\n---\nBody.\n").draft is True


def test_string_draft_and_template_dates_do_not_stop_the_note() -> None:
    result = parse('---\ntitle: T\ndraft: "true"\ndate: {{date:YYYY-MM-DD}}\n---\nBody.\n')
    assert result.entry is not None and result.entry.draft is True
    assert result.entry.date is None
    assert sorted(codes(result.diagnostics), key=lambda c: c[2]) == [
        (Severity.WARNING, "template-placeholder", 2),
        (Severity.WARNING, "field-coerced", 3),
    ]  # the placeholder date is told once, not a second time as a field of the wrong type
    assert not any(d.is_error for d in result.diagnostics)


def test_an_obsidian_publish_permalink_to_the_root_makes_the_note_the_home_page_s() -> None:
    """`permalink: /` on the home note, as the Obsidian Help vault's Home.md has it."""
    result = parse("---\ntitle: Home\npermalink: /\n---\nWelcome.\n", "Home.md")
    assert result.entry is not None and result.entry.slug == ""
    assert result.diagnostics == ()


@pytest.mark.parametrize("permalink", ["tags", "links/x", "assets", "pagefind/y", "/tags/"])
def test_a_permalink_naming_a_page_of_the_site_is_ignored_with_a_warning(permalink: str) -> None:
    result = parse(f"---\ntitle: P\npermalink: {permalink}\n---\nBody.\n", "help/p.md")
    assert result.entry is not None and result.entry.slug == "help/p"
    assert codes(result.diagnostics) == [(Severity.WARNING, "permalink-ignored", 3)]


def test_a_slug_naming_nothing_is_still_an_error() -> None:
    result = parse("---\ntitle: P\nslug: /\n---\nBody.\n", "help/p.md")
    assert codes(result.diagnostics) == [(Severity.ERROR, "bad-slug", 3)]


def test_an_arxiv_page_title_is_shown_without_its_id() -> None:
    entry = parse(
        "---\ntitle: '[2412.09871] BLT'\narxiv: '2412.09871'\n"
        "source_title: '[2412.09871] Byte Latent Transformer'\n---\n> Patches scale.\n"
    ).entry
    assert entry is not None
    assert (entry.title, entry.source_title) == ("BLT", "Byte Latent Transformer")


def test_a_quote_keeps_its_footnote_mark_as_text_not_a_link_to_the_note_s_footnotes() -> None:
    entry = entry_of("> Scaling works.[^1] ^b1\n\nText.\n\n[^1]: A footnote.\n", "q.md")
    (quote,) = entry.quotes
    assert "Scaling works." in quote.html
    assert 'href="#fn' not in quote.html and " id=" not in quote.html


def test_an_entry_is_keyed_by_its_path_and_text() -> None:
    keys = [
        parse(text, rel).entry.content_key  # type: ignore[union-attr]
        for text, rel in (
            ("# A\n", "a.md"),
            ("# A\n", "a.md"),
            ("# A!\n", "a.md"),
            ("# A\n", "b.md"),
        )
    ]
    assert keys[0] == keys[1]
    assert len(set(keys)) == 3


def test_the_entry_carries_its_anchors_and_heading_markup() -> None:
    e = entry_of(
        "---\ntitle: X\n---\n> quoted\n\nThe *lead* [[Y]].\n\n## See `code` [[Z]]\n\nEnd ^end\n"
    )
    assert [h.html for h in e.headings] == ["See <code>code</code> Z"]
    assert e.anchors == (e.quotes[0].anchor, e.headings[0].anchor, "^end")


@pytest.mark.parametrize(
    "name",
    [
        "8 - chiusura di un insieme di attributi",
        "sr.value_counts()",
        "if __name__ == '__main__'",
        "🐘 Conservative Q-Learning",
        "muon_optimizer-notes",
    ],
)
def test_a_note_without_a_title_is_titled_by_its_file_name_as_it_is(name: str) -> None:
    assert entry_of("Some text.\n", f"folder/{name}.md").title == name


def test_obsidians_older_alias_key_names_the_note_too() -> None:
    assert entry_of("---\nalias: [Digraph, Directed graph]\n---\nx\n").aliases == (
        "Digraph",
        "Directed graph",
    )
    assert entry_of("---\nalias: Feature Engineering\n---\nx\n").aliases == ("Feature Engineering",)
    assert entry_of("---\naliases: [A]\nalias: [B]\n---\nx\n").aliases == ("A",)
    assert not parse("---\nalias: [Digraph]\n---\nx\n").diagnostics  # no unknown-key warning


def test_a_title_heading_with_math_reads_as_text() -> None:
    e = entry_of(
        "# Das $\\alpha$ Perzentil und $\\frac{1}{2}$, $\\mathbf{x}_t \\to \\infty$\n\nx\n"
    )
    assert e.title == "Das α Perzentil und 1/2, x_t → ∞"


def dated(name: str, front: str) -> ParseResult:
    return parse(f"---\n{front}\n---\nBody.\n", f"{name}.md")


def test_a_date_either_way_is_read_in_the_order_the_other_notes_dates_show() -> None:
    unclear = dated("a", "created: 09-02-2026\nupdated: 03/04/2026")
    assert unclear.entry is not None and unclear.entry.date is None
    assert unclear.diagnostics == ()  # told later, if the vault does not say
    day_first = dated("b", "created: 26-01-2026")
    settled = settle_dates([unclear, day_first, dated("c", "date: 2026-01-05")])
    assert settled[0].entry is not None
    assert (settled[0].entry.date, settled[0].entry.updated) == (
        dt.date(2026, 2, 9),
        dt.date(2026, 4, 3),
    )
    assert settled[1:] == [day_first, dated("c", "date: 2026-01-05")]
    month_first = settle_dates([unclear, dated("d", "date: 01/26/2026")])[0].entry
    assert month_first is not None and month_first.date == dt.date(2026, 9, 2)
    under_other_key = settle_dates([unclear, dated("e", "created-at: 26/01/2026")])[0].entry
    assert under_other_key is not None and under_other_key.date == dt.date(2026, 2, 9)


@pytest.mark.parametrize(
    "others",
    [
        [],  # no other date
        ["date: 2026-01-26"],  # none of two numbers
        ["date: 26-01-2026", "date: 01-26-2026"],  # both orders
        ["date: 26-01-2026\nupdated: 01-26-2026"],  # both in one note
    ],
)
def test_a_date_either_way_is_a_warning_where_the_vault_shows_no_one_order(
    others: list[str],
) -> None:
    notes = [dated("a", "title: A\ncreated: 09-02-2026"), *map(dated, "bcd", others)]
    first = settle_dates(notes)[0]
    assert first.entry is not None and first.entry.date is None
    assert [(d.code, d.pos.path, d.pos.line) for d in first.diagnostics if d.pos] == [
        ("field-type", "notes/a.md", 3)
    ]
    assert first.diagnostics[0].hint.startswith(
        "the day or the month may come first, and no other note's date says which: "
        "write 2026-02-09 or 2026-09-02"
    )


def test_each_key_s_date_either_way_is_told_where_the_vault_shows_no_one_order() -> None:
    """Each key is read, so each can warn: a second key's date is told too, and one beside a
    clear date, as every other field of the wrong type is."""
    both = settle_dates([dated("a", "title: A\ndate: 09-01-2026\ncreated: 10-02-2026")])[0]
    assert [(d.code, d.pos.line) for d in both.diagnostics if d.pos] == [
        ("field-type", 3),
        ("field-type", 4),
    ]
    clear = dated("b", "title: B\ndate: 2026-01-05\ncreated: 09-03-2026")
    beside = settle_dates([clear])[0]
    assert beside.entry is not None and beside.entry.date == dt.date(2026, 1, 5)
    assert [(d.code, d.pos.line) for d in beside.diagnostics if d.pos] == [("field-type", 4)]
    read = settle_dates([clear, dated("c", "date: 26-01-2026")])[0]  # the vault's order
    assert read.diagnostics == () and read.entry == clear.entry


def test_a_published_date_either_way_still_gives_its_year() -> None:
    entry = entry_of("---\nurl: https://example.com/a\npublished: 09-02-2026\n---\nBody.\n")
    assert entry.year == 2026


@pytest.mark.parametrize(
    ("front", "day"),
    [
        ('data: "`2025-04-24 17:09`"', dt.date(2025, 4, 24)),  # an Italian vault's template
        ("Datum: 5. Januar 2023", dt.date(2023, 1, 5)),
        ("fecha: 2024-03-01", dt.date(2024, 3, 1)),
        ("дата: 2022-12-31", dt.date(2022, 12, 31)),
        ("date: 2021-01-01\ndata: 2025-04-24", dt.date(2021, 1, 1)),  # `date:` first
    ],
)
def test_the_word_for_date_in_the_vault_s_language_dates_the_note(front: str, day: dt.date) -> None:
    result = parse(f"---\n{front}\n---\nText.\n")
    assert result.entry is not None and result.entry.date == day
    assert result.diagnostics == ()


@pytest.mark.parametrize(
    ("front", "day", "changed"),
    [
        # the keys a real vault's Linter writes every note's times under (646 notes of
        # xihuanxiaorang/my-obsidian-notes, its YAML Timestamp rule's date-created-key and
        # date-modified-key), which left them undated: no date on a card, in a feed or in a
        # Dataview column of file.ctime
        (
            "create_time: 2025/04/06 23:17\nupdate_time: 2025/08/19 19:19",
            (2025, 4, 6),
            (2025, 8, 19),
        ),
        ("date created: 2023-01-05\ndate modified: 2023-02-01", (2023, 1, 5), (2023, 2, 1)),
        ("createdAt: 2022-03-01\nlastmod: 2022-04-01", (2022, 3, 1), (2022, 4, 1)),
        (
            "date: 2021-01-01\ncreated_at: 2025-04-24\nmodified: 2021-02-02",
            (2021, 1, 1),
            (2021, 2, 2),
        ),
    ],
)
def test_a_key_naming_the_note_s_creation_or_change_dates_it(
    front: str, day: tuple[int, int, int], changed: tuple[int, int, int]
) -> None:
    result = parse(f"---\n{front}\n---\nText.\n")
    assert result.entry is not None
    assert (result.entry.date, result.entry.updated) == (dt.date(*day), dt.date(*changed))
    assert result.diagnostics == ()


def test_a_key_data_holding_no_date_dates_nothing_and_is_still_told() -> None:
    result = parse("---\ndata: mnist\n---\nText.\n")
    assert result.entry is not None and result.entry.date is None
    assert codes(result.diagnostics) == [(Severity.WARNING, "unknown-key", 2)]


def test_a_local_date_of_two_numbers_is_read_in_the_vault_s_order_as_date_is() -> None:
    unclear, day_first = (
        parse("---\ndata: 09-02-2026\n---\nx\n"),
        parse("---\ndata: 26-01-2026\n---\n"),
    )
    assert unclear.diagnostics == () and unclear.pending_dates
    settled = settle_dates([unclear, day_first])[0]
    assert settled.entry is not None and settled.entry.date == dt.date(2026, 2, 9)
    alone = settle_dates([unclear])[0]
    assert [d.code for d in alone.diagnostics] == ["field-type"]


def test_a_template_s_placeholder_in_a_title_heading_is_told_at_its_line() -> None:
    """`# [[<% tp.file.title %>]]`, a daily note's template's title: the title is the
    placeholder as written, and the note's one template-placeholder warning names its line."""
    result = parse("---\ntags: [daily]\n---\n# [[<% tp.file.title %>]]\n\nDone.\n", "daily.md")
    assert result.entry is not None and result.entry.title == "<% tp.file.title %>"
    assert codes(result.diagnostics) == [(Severity.WARNING, "template-placeholder", 4)]
    assert "Replace templates in the active file" in result.diagnostics[0].hint
    assert result.entry.links == ()


@pytest.mark.parametrize(
    ("written", "year"),
    [("2023-01-15(中国大陆)", 2023), ("2019-05", 2019), ("1999 (USA)", 1999), ("2008年", 2008)],
)
def test_a_year_opening_a_release_date_is_read_as_the_year(written: str, year: int) -> None:
    """The Douban plugin's `year: 2023-01-15(中国大陆)` (a release date and its region): its year,
    with a field-coerced warning saying what to write; a YAML date too."""
    result = parse(f"---\nyear: {written}\n---\nText.\n")
    assert result.entry is not None and result.entry.year == year
    assert codes(result.diagnostics) == [(Severity.WARNING, "field-coerced", 2)]
    assert result.diagnostics[0].hint == f"write `year: {year}`"


def test_a_year_that_is_a_date_is_its_year_and_no_year_stays_a_field_type_warning() -> None:
    result = parse("---\nyear: 2021-03-04\n---\nText.\n")
    assert result.entry is not None and result.entry.year == 2021
    assert codes(result.diagnostics) == [(Severity.WARNING, "field-coerced", 2)]
    for bad in ("soon", "12345", "20-01-2020"):
        result = parse(f"---\nyear: {bad}\n---\nText.\n")
        assert result.entry is not None and result.entry.year is None
        assert codes(result.diagnostics) == [(Severity.WARNING, "field-type", 2)]


@pytest.mark.parametrize(
    ("front", "home"),
    [
        ("dg-publish: true\ntags: [gardenEntry]", True),
        ('dg-publish: true\ntags: "#gardenEntry, x"', True),  # tags as a note's are read
        ("dg-publish: false\ntags: [gardenEntry]", False),  # not published: no home
    ],
)
def test_a_digital_garden_s_home_note_is_a_published_one_tagged_garden_entry(
    front: str, home: bool
) -> None:
    e = entry_of(f"---\n{front}\n---\n# Home\n")
    assert (e.slug == "") is home
