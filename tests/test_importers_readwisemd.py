"""Readwise's markdown export (its Obsidian plugin's notes): the metadata read into the post, each
highlight a quote. Inputs written by hand in the shape of the notes two public vaults commit
(jimbrig/KaaS's 3-Resources/Highlights/Readwise, dexter-stpierre/Second-Brain-Backup's Readwise):
imported, each was a note of kind `note` holding its metadata as a list and its highlights as list
items, no source, no author, the place and a link to the reader's own copy after every highlight."""

from __future__ import annotations

from notebase.importers.markdownpost import read_markdown
from notebase.importers.render import note_text

ARTICLE = """# Muon Is Scalable

![rw-book-cover](https://example.org/cover.png)

## Metadata
- Author: [[Jo Park]]
- Full Title: Muon Is Scalable for LLM Training
- Category: #articles
- Document Tags: [[optimizers]] [[ml]]
- Summary: Orthogonalised updates train **twice** as efficiently.
- URL: https://arxiv.org/abs/2502.16982

## Highlights
- Muon operates on *2D* tensors only. ([View Highlight](https://read.readwise.io/read/01h5q0b))
    - Note: so embeddings use AdamW
      still true at scale
    - Tags: [[key-idea]]
- It needs no tuning
  across model sizes. ([View Highlight](https://read.readwise.io/read/01h5q0c))

## New highlights added August 3, 2023 at 7:17 AM
- Scaling laws hold. ([View Highlight](https://read.readwise.io/read/01h6wgj))
"""


def test_an_article_s_metadata_is_read_and_its_highlights_are_quotes() -> None:
    [post] = read_markdown(ARTICLE, "Muon Is Scalable.md", "Readwise/Muon Is Scalable.md").posts
    assert (post.title, post.kind, post.url, post.arxiv) == (
        "Muon Is Scalable for LLM Training",
        "paper",
        "https://arxiv.org/abs/2502.16982",
        "2502.16982",
    )
    assert post.authors == ("Jo Park",)
    assert post.taxonomy.tags == ("articles", "optimizers", "ml", "key-idea")
    assert post.tldr == "Orthogonalised updates train **twice** as efficiently."
    assert note_text(post).split("\n---\n", 1)[1] == (
        "![rw-book-cover](https://example.org/cover.png)\n\n"
        "## Highlights\n\n"
        "> Muon operates on *2D* tensors only.\n>\n"
        "> — Jo Park, *Muon Is Scalable for LLM Training*\n\n"
        "so embeddings use AdamW\nstill true at scale\n\n"
        "> It needs no tuning\n> across model sizes.\n>\n"
        "> — Jo Park, *Muon Is Scalable for LLM Training*\n\n"
        "## New highlights added August 3, 2023 at 7:17 AM\n\n"
        "> Scaling laws hold.\n>\n"
        "> — Jo Park, *Muon Is Scalable for LLM Training*\n"
    )


BOOK = """---
aliases: [Design Your Work]
author: Tiago Forte
---
# Design Your Work by Tiago Forte

### Metadata
* Author: [Tiago Forte](../People/Tiago%20Forte.md)
* Full Title: Design Your Work
* Category: #books
* Source: [[{source}]]

## Highlights
### New highlights synced
* I have to write to know what I think. ([Location 58](https://readwise.io/to_kindle?action=open&asin=B07&location=58)) [Open in Readwise](https://readwise.io/open/54387690) ^rw54387690
  * Note: Good description!
  * Date:: [[February 15th, 2020, Saturday]]
* praxis, a theory of practical action. (Page 12)
  * Date:: [[March 2nd, 2020, Monday]]
"""


def test_a_book_s_highlights_say_their_place_and_the_latest_day_dates_the_note() -> None:
    [post] = read_markdown(BOOK, "Design Your Work.md", "Readwise/Books/Design Your Work.md").posts
    assert (post.title, post.kind, post.url, post.authors, post.date) == (
        "Design Your Work",
        "note",
        "",
        ("Tiago Forte",),
        "2020-03-02",
    )
    assert post.kept_fields == (("aliases", ["Design Your Work"]),)
    text = note_text(post)
    assert (
        "> I have to write to know what I think.\n>\n"
        "> — Tiago Forte, *Design Your Work*, location 58\n\nGood description!\n\n"
        "> praxis, a theory of practical action.\n>\n"
        "> — Tiago Forte, *Design Your Work*, page 12\n"
    ) in text
    assert "Metadata" not in text and "readwise.io" not in text and "Date::" not in text


def test_a_post_with_a_section_of_highlights_but_no_readwise_metadata_is_kept_as_written() -> None:
    text = "# Reading log\n\n## Highlights\n\n- A line I liked. (Page 3)\n"
    [post] = read_markdown(text, "log.md", "log.md").posts
    assert post.title == "Reading log"
    assert note_text(post).endswith("## Highlights\n\n- A line I liked. (Page 3)\n")


def test_a_highlight_marked_as_a_heading_is_a_heading_and_its_mark_no_tag() -> None:
    # Readwise marks a highlight that heads a part by the note `.h2` and the tag `h2` (as its CSV
    # export does): it was a quote, a stray `.h2` paragraph, and the tag `h2`
    text = (
        "# Book\n\n## Metadata\n- Author: [[Jo Park]]\n- Full Title: A Book\n\n## Highlights\n"
        "- Part One ([Location 10](https://readwise.io/to_kindle?location=10))\n"
        "    - Tags: [[h2]] [[craft]]\n    - Note: .h2\n"
        "- Words here. ([Location 12](https://readwise.io/to_kindle?location=12))\n"
    )
    [post] = read_markdown(text, "Book.md", "Readwise/Book.md").posts
    assert post.taxonomy.tags == ("craft",)
    assert note_text(post).split("\n---\n", 1)[1] == (
        "## Highlights\n\n## Part One\n\n> Words here.\n>\n> — Jo Park, *A Book*, location 12\n"
    )


def test_an_export_s_metadata_without_list_marks_and_its_day_highlighted() -> None:
    # a vault's Readwise template as the code index holds one: `### Metadata`, its lines without
    # list marks, a `Date Highlighted: [[2021-09-30-Thursday]]`, the author a site's name
    text = (
        "---\naliases: []\ntags:\n---\n# Towards a Conversational Agent\n\n"
        "### Metadata\nAuthor: [[ai.googleblog.com]]\n"
        "Full Title: Towards a Conversational Agent That Can Chat About…Anything\n"
        "Category: #readwise/articles\n"
        "URL: http://ai.googleblog.com/2020/01/towards-conversational-agent-that-can.html\n"
        "Date Highlighted: [[2021-09-30-Thursday]]\n\n"
        "## Highlights\n- The Meena model has 2.6 billion parameters.\n"
    )
    [post] = read_markdown(text, "Towards.md", "Readwise/Towards.md").posts
    assert (post.title, post.kind, post.authors, post.date, post.taxonomy.tags) == (
        "Towards a Conversational Agent That Can Chat About…Anything",
        "link",
        (),
        "2021-09-30",
        ("readwise/articles",),
    )
    assert note_text(post).endswith(
        "> The Meena model has 2.6 billion parameters.\n>\n"
        "> — *Towards a Conversational Agent That Can Chat About…Anything*\n"
    )
