"""fingerprint.py: a memo of record digests changes the cost of a digest, never its value."""

from __future__ import annotations

from dataclasses import dataclass

from notebase.fingerprint import DigestMemo, digest_value


@dataclass(frozen=True, slots=True)
class Card:
    title: str
    tags: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Listing:
    cards: tuple[Card, ...]
    extra: dict[str, int]  # unhashable: never looked up by value


def test_a_memo_gives_the_digest_a_walk_gives() -> None:
    page = {
        "cards": (Card("a", ("x",)), Card("b", ())),
        "listing": Listing((Card("a", ("x",)),), {}),
    }
    memo = DigestMemo()
    assert digest_value(page, memo) == digest_value(page)
    assert digest_value(page, memo) == digest_value(page)  # from the memo this time
    assert digest_value(page, memo.next_generation()) == digest_value(page)


def test_an_equal_record_of_the_last_build_is_found_by_value() -> None:
    memo = DigestMemo()
    digest_value(Card("a", ("x",)), memo)
    following = memo.next_generation()
    assert following.lookup(Card("a", ("x",))) == memo.lookup(Card("a", ("x",)))
    assert following.lookup(Card("a", ("y",))) is None


def test_a_changed_field_changes_the_digest_through_the_memo() -> None:
    memo = DigestMemo()
    before = digest_value({"cards": (Card("a", ("x",)),)}, memo)
    after = digest_value({"cards": (Card("a", ("x", "y")),)}, memo.next_generation())
    assert before != after
    assert digest_value(Listing((), {"n": 1}), memo) != digest_value(Listing((), {"n": 2}), memo)


def test_the_memo_keeps_two_builds_only() -> None:
    first = DigestMemo()
    digest_value(Card("old", ()), first)
    second = first.next_generation()
    third = second.next_generation()
    assert third.lookup(Card("old", ())) is None


def test_a_slot_holding_an_equal_value_keeps_its_digest_without_a_walk() -> None:
    page = Listing((Card("a", ("x",)),), {"n": 1})
    memo = DigestMemo()
    assert memo.digest_at("tags/x/", page) == digest_value(page)
    following = memo.next_generation()
    equal = Listing((Card("a", ("x",)),), {"n": 1})
    following.previous.by_slot["tags/x/"] = (equal, "kept")  # type: ignore[union-attr]
    assert following.digest_at("tags/x/", equal) == "kept"  # compared, not walked


def test_a_slot_holding_a_changed_value_is_walked_again() -> None:
    memo = DigestMemo()
    memo.digest_at("tags/x/", Listing((Card("a", ("x",)),), {"n": 1}))
    following = memo.next_generation()
    changed = Listing((Card("a", ("x",)),), {"n": 2})
    assert following.digest_at("tags/x/", changed) == digest_value(changed)
    other = following.next_generation()
    assert other.digest_at("tags/y/", changed) == digest_value(changed)  # another slot: walked


def test_values_that_print_alike_have_different_digests() -> None:
    tricky = [
        ("ab", "c"),
        ("a", "bc"),
        "1",
        1,
        1.0,
        True,
        None,
        "None",
        ("s1:a",),
        ("a",),
        {"a": "b"},
        ("a", "b"),
        Card("a", ()),
        Card("", ("a",)),
        {"t3:abc": ""},
    ]
    digests = [digest_value(value) for value in tricky]
    assert len(set(digests)) == len(tricky)
