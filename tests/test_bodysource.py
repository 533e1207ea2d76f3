"""bodysource.py: the source a note's text names when its front matter names none."""

from __future__ import annotations

import pytest

from notebase.reading.bodysource import BodySource, body_source, readwise_source

# the notes Readwise's Obsidian plugin writes, in the shape of two public vaults' (jimbrig/KaaS,
# dexter-stpierre/Second-Brain-Backup: 1,332 such notes, each a note of no source in their sites)
READWISE = """# Design Your Work

![rw-book-cover](https://example.org/cover.png)

## Metadata
- Author: {author}
- Full Title: Design Your Work
- Category: #articles
- URL: {url}

## Highlights
- I have to write to know what I think. ([View Highlight](https://read.readwise.io/read/01h))
"""


@pytest.mark.parametrize(
    ("author", "url", "named"),
    [
        (
            "[[Tiago Forte]]",
            "https://fortelabs.com/blog/x",
            ("https://fortelabs.com/blog/x", "Tiago Forte"),
        ),
        (
            "[Tiago Forte](../People/Tiago%20Forte.md)",
            "https://a.org/x",
            ("https://a.org/x", "Tiago Forte"),
        ),
        ("*paulvanderlaken.com*", "https://a.org/x", ("https://a.org/x", "")),  # a site: no author
        ("[[Jo Park]]", "javascript:alert(1)", ("", "Jo Park")),
    ],
)
def test_a_readwise_note_s_metadata_names_its_source(
    author: str, url: str, named: tuple[str, str]
) -> None:
    assert body_source(READWISE.format(author=author, url=url)) == BodySource(*named)


def test_a_metadata_section_without_readwise_s_full_title_names_nothing() -> None:
    text = "# Plan\n\n## Metadata\n- URL: https://example.org/x\n- Owner: me\n"
    assert body_source(text) == BodySource("", "")


def test_readwise_metadata_in_bold_labels_gives_its_source_as_the_import_reads_it() -> None:
    # `- **Full Title:** …`, as a Readwise template may write its fields: the importer read them,
    # the build of the same vault did not (its own narrower reader)
    body = (
        "# T\n\n## Metadata\n- **Author:** [[Jo Park]]\n- **Full Title:** T\n"
        "- **URL:** https://example.com/a\n\n## Highlights\n- A line.\n"
    )
    assert readwise_source(body) == BodySource("https://example.com/a", "Jo Park")
