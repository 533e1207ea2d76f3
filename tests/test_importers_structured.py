"""What the structured readers share: escaping, dates, URLs, kinds and line numbers."""

from __future__ import annotations

import re

import pytest

from notebase.importers.structured import (
    escape_lines,
    escape_text,
    line_index,
    match_lines,
    parse_date,
    safe_url,
    source_kind,
    untitled_title,
    without_lead_title,
)


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("2024-06-03T10:00:00Z", "2024-06-03"),
        ("Mon, 03 Jun 2024 10:00:00 GMT", "2024-06-03"),
        ("Sun, 08 Dec 2024 09:30:00 +0000", "2024-12-08"),
        ("3 June 2024", "2024-06-03"),
        ("June 3, 2024", "2024-06-03"),
        ("Monday, 3 June 2024 09:14:05", "2024-06-03"),
        ("Monday, June 3, 2024 9:14:05 AM", "2024-06-03"),
        ("2024-02-30", ""),
        ("Mon, 07 Jul 2014 00:00:00 UT", "2014-07-07"),  # Hakyll's feeds (colah.github.io)
        ("Tue, 10 Jun 2003 04:00:00 EST", "2003-06-10"),
        ("07 Jul 14 00:00 PDT", "2014-07-07"),
        ("Mon, 31 Feb 2014 00:00:00 UT", ""),
        ("Thu 13 September 2018", "2018-09-13"),
        (
            "Sunday, May 8, 2016",
            "2016-05-08",
        ),  # Blogger's date header  # Pelican's default (jakevdp.github.io)
        ("Sat, 01 Jan 0005 00:00:00 +0000", "0005-01-01"),  # four digits: not 2005
        ("Mon, 01 Jan 0001 00:00:00 +0000", ""),  # Go's zero time: Hugo's page without a date
        ("0001-01-01T00:00:00Z", ""),
        ("yesterday", ""),
        ("", ""),
    ],
)
def test_dates(text: str, date: str) -> None:
    assert parse_date(text) == date


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Published 10:30, 3 June 2024", "2024-06-03"),
        ("Tue,10 Sept 2003 4:00 PM GMT+2", "2003-09-10"),
    ],
)
def test_a_time_before_the_day_is_read_as_written_and_one_after_it_left_out(
    text: str, date: str
) -> None:
    assert parse_date(text) == date


def test_escaping() -> None:
    assert escape_text("a*b_c d_ `x` [y] <z> $1 ~ | &amp;") == (
        "a\\*b_c d\\_ \\`x\\` [y\\] \\<z> \\$1 \\~ \\| \\&amp;"
    )
    assert escape_lines("# h\n> q\n- l\n2. n") == "\\# h\n\\> q\n\\- l\n2\\. n"


def test_urls_and_kinds() -> None:
    assert safe_url(" https://e.org/a ") == "https://e.org/a"
    assert [safe_url(u) for u in ("javascript:x", "/rel", "data:x", "https://e.org/a b")] == [
        ""
    ] * 4
    assert source_kind("https://arxiv.org/abs/2502.16982") == "paper"
    assert (source_kind("https://e.org/"), source_kind(""), source_kind("", doi="10.1/x")) == (
        "link",
        "note",
        "paper",
    )


def test_line_numbers() -> None:
    index = line_index("a\nbc\n\nd")
    assert [index.line(i) for i in (0, 1, 2, 4, 5, 6)] == [1, 1, 2, 2, 3, 4]
    assert match_lines("x\n<item>\n\n<item> <item>", re.compile("<item>")) == [2, 4, 4]


def test_an_untitled_post_is_titled_by_its_first_words_as_text() -> None:
    chunks = [
        "2018-04-11",
        "[![](http://m.example/a.jpg)](http://m.example/a.jpg)",
        "Testing **here**.",
    ]
    assert untitled_title(chunks) == "2018-04-11 Testing here."
    assert (
        untitled_title(["Test.", "![](http://m.example/b.jpg)", "- Test\n- Test 2"])
        == "Test. Test Test 2"
    )
    assert untitled_title(
        ["> A [quoted](https://e.org) \\*word\\*", "## and more words to cut here"]
    ) == ("A quoted word and more words to cut")


def test_lead_headings_saying_the_title_or_a_part_of_it_are_left_out() -> None:
    chunks = ["## Open Project:", "#### *Better Journalism*", "Body.", "## Better"]
    title = "The Open Project: Better Journalism"
    assert without_lead_title(chunks, title) == ["Body.", "## Better"]  # the lead only
    kept = ["## Open Project: Sources", "Body."]  # a word the title does not say
    assert without_lead_title(kept, title) == kept
