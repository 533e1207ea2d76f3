"""digests.py: digests of values; a record's content key stands for its content."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

import pytest

from notebase import digests as fingerprint
from notebase.digests import digest_value, made_from, remade


@dataclass(frozen=True, slots=True)
class Card:
    title: str
    tags: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Listing:
    cards: tuple[Card, ...]
    extra: dict[str, int]  # unhashable: never looked up by value


@dataclass(frozen=True, slots=True)
class Keyed:
    body: str
    content_key: str = field(default="", compare=False)


def test_a_record_with_a_content_key_is_digested_as_the_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fingerprint, "VERIFY_KEYS", False)  # the test breaks the key's promise
    assert digest_value(Keyed("long body", "k1")) == digest_value(Keyed("other body", "k1"))
    assert digest_value(Keyed("long body", "k1")) != digest_value(Keyed("long body", "k2"))
    assert digest_value(Keyed("a")) != digest_value(Keyed("b"))  # no key: walked whole


def test_the_tests_verify_that_a_key_stands_for_one_content() -> None:
    assert fingerprint.VERIFY_KEYS  # set by conftest.py for every test
    digest_value(Keyed("one", "verify-1"))
    digest_value(Keyed("one", "verify-1"))
    with pytest.raises(AssertionError, match="records of one content key differ"):
        digest_value(Keyed("two", "verify-1"))


def test_a_record_remade_has_a_key_of_its_changes() -> None:
    first = Keyed("a", "k1")
    changed, same = remade(first, body="b"), remade(first, body="b")
    assert changed.body == "b" and changed.content_key not in {"", "k1"}
    assert changed.content_key == same.content_key
    assert remade(first, body="c").content_key != changed.content_key
    assert remade(Keyed("a"), body="b").content_key == ""  # no key to start from: none


def test_a_keyed_value_is_digested_as_its_key() -> None:
    listing = Listing((Card("a", ("x",)),), {"n": 1})
    key = digest_value(listing)
    once = digest_value((fingerprint.Keyed(listing, key),))
    assert once == digest_value((fingerprint.Keyed(Listing((Card("a", ("x",)),), {"n": 1}), key),))
    assert once != digest_value((fingerprint.Keyed(listing, "another key"),))


def test_a_record_is_digested_as_its_type_then_each_field_length_prefixed() -> None:
    """The encoding, written out by hand: pieces may be joined in any grouping, never changed (a
    digest the walk gives must be the one the last release gave for the same value)."""
    card = Card("abc", ("x", "yz"))
    name = f"obj:{Card.__module__}.{Card.__qualname__}:2"
    text = f"t{len(name)}:{name}" + "t5:title" + "s3:abc" + "t4:tags" + "q2:" + "s1:x" + "s2:yz"
    assert digest_value(card) == hashlib.sha256(text.encode()).hexdigest()
    assert digest_value((card, 7)) == hashlib.sha256(f"q2:{text}t5:int:7".encode()).hexdigest()


def test_sets_are_digested_in_an_order_of_their_own() -> None:
    assert digest_value(frozenset({"b", "a", "c"})) == digest_value(frozenset(["c", "a", "b"]))
    assert digest_value(frozenset({"a"})) != digest_value(("a",))


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


def upper(record: Keyed, inputs: str) -> Keyed:
    return made_from(upper, record, inputs, body=record.body.upper() + inputs)


def lower(record: Keyed, inputs: str) -> Keyed:
    return made_from(lower, record, inputs, body=record.body.lower() + inputs)


def test_a_record_made_from_inputs_is_keyed_by_the_function_its_key_and_the_inputs() -> None:
    first = Keyed("a", "k1")
    made, same = upper(first, "!"), upper(first, "!")
    assert made.body == "A!" and made.content_key not in {"", "k1"}
    assert made.content_key == same.content_key
    assert upper(first, "?").content_key != made.content_key  # other inputs
    assert upper(Keyed("b", "k2"), "!").content_key != made.content_key  # another record
    assert lower(first, "!").content_key != made.content_key  # another function
    assert upper(Keyed("a"), "!").content_key == ""  # no key to start from: none
