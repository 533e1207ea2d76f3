"""fuzzy.py: which of some names a misspelt one most likely meant."""

from __future__ import annotations

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from notebase.fuzzy import closest_name, one_slip_from


def test_the_closest_name_is_the_likeliest_and_on_a_tie_the_greater() -> None:
    names = {"abcd": "a", "abce": "b", "wxyz": "c"}
    assert closest_name("abcx", names) == "abce"  # abcd and abce: 0.75 each
    assert closest_name("abcxy", {**names, "abcxyz": "d"}) == "abcxyz"  # 0.909; abcd: 0.667
    assert closest_name("qqqq", names) is None
    assert closest_name("abcd", {"abc": "a", "abcd": "b"}) == "abcd"


@settings(max_examples=300, deadline=None)
@given(
    st.text("abc", min_size=1, max_size=16),
    st.lists(st.text("abc", min_size=1, max_size=20), max_size=30, unique=True),
)  # few letters: difflib's matching blocks are often fewer than the longest common subsequence
def test_the_closest_name_is_difflibs_closest_match(wanted: str, names: list[str]) -> None:
    expected = difflib.get_close_matches(wanted, names, n=1, cutoff=0.6)
    assert closest_name(wanted, names) == (expected[0] if expected else None)


def test_the_closest_name_of_a_long_link_is_difflibs_closest_match() -> None:
    # 200 characters or more: difflib treats the link's common characters as junk; its ratio is
    # lower then, and the result still its own
    wanted = "the category of sets and functions " * 7
    names = [wanted[:150] + "x", wanted[::-1], wanted.replace("s", "z"), "sets"]
    expected = difflib.get_close_matches(wanted, names, n=1, cutoff=0.6)
    assert expected and closest_name(wanted, names) == expected[0]


def test_one_slip_is_a_letter_wrong_missing_added_or_two_swapped() -> None:
    known = ("title", "tags", "date")
    assert [one_slip_from(w, known) for w in ("tilte", "titl", "titles", "tidle")] == ["title"] * 4
    assert one_slip_from("tag", known) == "tags"
    assert one_slip_from("title", known) == "title"  # no slip at all


def test_two_slips_or_other_words_are_no_slip() -> None:
    known = ("title", "tags", "date")
    assert [one_slip_from(w, known) for w in ("tlite", "related", "subtitle", "")] == [None] * 4
