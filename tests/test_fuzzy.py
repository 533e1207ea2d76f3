"""fuzzy.py: which of some names a misspelt one most likely meant."""

from __future__ import annotations

from notebase.fuzzy import closest_within_one, one_slip_from


def test_one_slip_is_a_letter_wrong_missing_added_or_two_swapped() -> None:
    known = ("title", "tags", "date")
    assert [one_slip_from(w, known) for w in ("tilte", "titl", "titles", "tidle")] == ["title"] * 4
    assert one_slip_from("tag", known) == "tags"
    assert one_slip_from("title", known) == "title"  # no slip at all


def test_two_slips_or_other_words_are_no_slip() -> None:
    known = ("title", "tags", "date")
    assert [one_slip_from(w, known) for w in ("tlite", "related", "subtitle", "")] == [None] * 4


def test_the_closest_within_one_slip_is_the_first_of_the_closest() -> None:
    known = ("titles", "titlf", "title", "date")
    assert closest_within_one("title", known) == (0, 2)  # equal is closer than one slip off
    assert closest_within_one("titlx", known) == (1, 1)  # two one slip off: the first
    assert closest_within_one("tlite", known) is None
    assert closest_within_one("title", ()) is None
