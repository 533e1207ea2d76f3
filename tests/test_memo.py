"""memo.py: a call is made again only for arguments of new digests; two builds are kept."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from notebase import digests as fingerprint
from notebase.builder.memo import Memo

calls: list[str] = []


@dataclass(frozen=True, slots=True)
class Note:
    text: str
    content_key: str = field(default="", compare=False)


def shout(note: Note, suffix: str) -> str:
    calls.append(note.text)
    return note.text.upper() + suffix


def test_a_call_with_arguments_of_the_same_digests_is_made_once() -> None:
    calls.clear()
    memo = Memo()
    assert memo.call(shout, Note("a"), "!") == "A!"
    assert memo.call(shout, Note("a"), "!") == "A!"  # an equal note: the same digest
    assert memo.call(shout, Note("a"), "?") == "A?"
    assert calls == ["a", "a"]


def test_a_keyed_argument_is_looked_up_by_its_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fingerprint, "VERIFY_KEYS", False)  # the test breaks the key's promise
    calls.clear()
    memo = Memo()
    memo.call(shout, Note("a", "k1"), "")
    assert memo.call(shout, Note("b", "k1"), "") == "A"  # the key stands for the content
    assert memo.call(shout, Note("b", "k2"), "") == "B"
    assert calls == ["a", "b"]


def test_the_next_build_keeps_what_this_one_used_only() -> None:
    calls.clear()
    first = Memo()
    first.call(shout, Note("a"), "")
    first.call(shout, Note("b"), "")
    second = first.next_generation()
    second.call(shout, Note("a"), "")  # from the last build
    third = second.next_generation()
    third.call(shout, Note("a"), "")
    third.call(shout, Note("b"), "")  # b was not used by the second build: made again
    assert calls == ["a", "b", "b"]


def test_a_held_result_is_handed_over_once() -> None:
    memo = Memo()
    memo.hold("related", [1, 2])
    following = memo.next_generation()
    assert following.take("related") == [1, 2]
    assert following.take("related") is None  # used up: never given to two builds


def test_map_makes_only_the_calls_no_build_made() -> None:
    calls.clear()
    first = Memo()
    assert first.map(shout, [Note("a"), Note("b")], "!") == ["A!", "B!"]
    second = first.next_generation()
    assert second.map(shout, [Note("b"), Note("c"), Note("a")], "!") == ["B!", "C!", "A!"]
    assert second.map(shout, [Note("c")], "!") == ["C!"]  # kept within the build too
    assert second.map(shout, [Note("a")], "?") == ["A?"]  # another shared argument: a new call
    assert calls == ["a", "b", "c", "a"]
