"""Which reader a file gets: by extension, then by content; anything else stays plain text."""

from __future__ import annotations

import pytest

from notebase.importers.bib import read_bibtex
from notebase.importers.bookmarks import read_bookmarks, read_other_csv
from notebase.importers.feeds import read_feed
from notebase.importers.formats import choose_reader
from notebase.importers.highlights import read_kindle, read_readwise
from notebase.importers.reader import read_archive
from notebase.importers.webpage import read_webpage


@pytest.mark.parametrize(
    ("name", "text", "reader"),
    [
        ("page.html", "Tag: x\n", read_webpage),
        ("page.HTM", "<p>x</p>", read_webpage),
        ("saved.txt", "<!-- saved -->\n<!DOCTYPE html><html><p>x</p>", read_webpage),
        ("page", "  <html lang=en><p>x</p>", read_webpage),
        ("notes.txt", "Tag: ml\n\n  • Post\n\n    <b>text</b>", read_archive),
        ("notes.txt", "plain words", read_archive),
    ],
)
def test_reader_choice(name: str, text: str, reader: object) -> None:
    assert choose_reader(name, text) is reader


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("feed.xml", '<?xml version="1.0"?><rss version="2.0"><channel/></rss>'),
        ("index.rss", "<rss><channel/></rss>"),
        ("feed.json", '{"version": "https://jsonfeed.org/version/1", "items": []}'),
        ("downloaded", '<feed xmlns="http://www.w3.org/2005/Atom"></feed>'),
    ],
)
def test_feeds_are_sniffed(name: str, text: str) -> None:
    assert choose_reader(name, text) is read_feed


def test_highlight_exports_are_recognised() -> None:
    clip = "B (A)\n- Your Highlight on Location 1 | Added on x\n\nText\n==========\n"
    assert choose_reader("My Clippings.txt", "anything") is read_kindle
    assert choose_reader("kindle.txt", clip) is read_kindle
    assert choose_reader("r.csv", "Highlight,Book Title,Book Author\n") is read_readwise
    assert choose_reader("b.csv", "URL,Title,Selection\n") is read_bookmarks
    assert choose_reader("r.csv", "a,b\n") is read_other_csv  # refused, not read as text
    assert choose_reader("r.txt", "a,b\n") is read_archive


def test_bibtex_by_extension_or_content() -> None:
    assert choose_reader("refs.bib", "anything") is read_bibtex
    assert choose_reader("refs.txt", "% c\n@Article{k, title={x}}") is read_bibtex
    assert choose_reader("notes.txt", "@someone said hi") is read_archive


def test_a_feed_suffix_always_gets_the_feed_reader_which_says_what_is_wrong() -> None:
    assert choose_reader("sitemap.xml", "<urlset></urlset>") is read_feed
    (diag,) = read_feed("<urlset></urlset>", "sitemap.xml", "sitemap.xml").diagnostics
    assert diag.code == "import-bad-feed" and "<urlset> is not a feed" in diag.message


def test_a_first_line_past_the_csv_cell_limit_is_told_apart_without_a_traceback() -> None:
    # a minified JSON's one line is longer than a CSV cell may be: no reader's header, no error
    text = '{"posts": ["' + "x" * 200_000 + '"]}'
    assert choose_reader("export.json", text) is read_feed
    assert choose_reader("notes.txt", text) is read_archive
