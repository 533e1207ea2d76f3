"""fuzzy.py: which of some names a misspelt one most likely meant."""

from __future__ import annotations

from notebase.fuzzy import one_slip_from


def test_one_slip_is_a_letter_wrong_missing_added_or_two_swapped() -> None:
    known = ("title", "tags", "date")
    assert [one_slip_from(w, known) for w in ("tilte", "titl", "titles", "tidle")] == ["title"] * 4
    assert one_slip_from("tag", known) == "tags"
    assert one_slip_from("title", known) == "title"  # no slip at all


def test_two_slips_or_other_words_are_no_slip() -> None:
    known = ("title", "tags", "date")
    assert [one_slip_from(w, known) for w in ("tlite", "related", "subtitle", "")] == [None] * 4
