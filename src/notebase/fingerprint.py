"""Stable digests of plain values (frozen dataclasses, tuples, dicts, str, ...): equal in every process."""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
from dataclasses import fields
from enum import Enum
from typing import Any, Protocol

_SCALARS = (str, int, float, bool, type(None))


class Hasher(Protocol):
    def update(self, data: bytes, /) -> None: ...


class DigestMemo:
    """Digests of frozen records already walked, so a card shown on 50 pages is walked once.

    Looked up by identity (the record is kept alive with its digest, so its id is never reused
    meanwhile), then by value (a record equal to one seen before, e.g. the same card planned again
    in the next build). By value is sound for records whose equal values feed equal digests, as
    typed fields do: not 1 for True, -0.0 for 0.0, a str for a StrEnum, nor a dict field (equal in
    any order) in a hashable record. `next_generation` starts the memo of the next build: it keeps
    only what the last build used.
    """

    def __init__(self, previous: DigestMemo | None = None) -> None:
        self.by_id: dict[int, tuple[object, str]] = {}
        self.by_value: dict[object, str] = {}
        self.by_slot: dict[str, tuple[object, str]] = {}
        self.previous = previous

    def digest_at(self, slot: str, value: object) -> str:
        """digest_value(value, self), or the last build's digest of the value in the same slot (a
        page's URL) when equal to this one: comparing contexts made of the same records is far
        cheaper than walking one. Sound as by value is, and for dicts whose order the code fixes."""
        old = self.previous.by_slot.get(slot) if self.previous else None
        digest = old[1] if old is not None and old[0] == value else digest_value(value, self)
        self.remember(slot, value, digest)
        return digest

    def remember(self, slot: str, value: object, digest: str) -> None:
        """The digest of the value in a slot, taken elsewhere (by a worker process)."""
        self.by_slot[slot] = (value, digest)

    def lookup(self, value: object) -> str | None:
        hit = self.by_id.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        found = self.lookup_older(value)
        if found is not None:
            self.by_id[id(value)] = (value, found)
        return found

    def lookup_older(self, value: object) -> str | None:
        old = self.previous.by_id.get(id(value)) if self.previous else None
        if old is not None and old[0] is value:
            return old[1]
        try:
            found = self.by_value.get(value)
            if found is None and self.previous is not None:
                found = self.previous.by_value.get(value)
        except TypeError:  # a record holding a list or dict has no value key
            return None
        if found is not None:
            self.by_value[value] = found
        return found

    def store(self, value: object, digest: str) -> None:
        self.by_id[id(value)] = (value, digest)
        with contextlib.suppress(TypeError):  # a record holding a list or dict has no value key
            self.by_value[value] = digest

    def next_generation(self) -> DigestMemo:
        self.previous = None  # the chain stays two builds long
        return DigestMemo(self)


def digest_value(value: object, memo: DigestMemo | None = None) -> str:
    """The sha256 of a type-tagged walk over `value`; independent of hash seeds and object ids."""
    h = hashlib.sha256()
    feed_value(h, value, memo)
    return h.hexdigest()


def digest_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def feed_value(h: Hasher, value: Any, memo: DigestMemo | None = None) -> None:
    """Feed one value; every container is length-prefixed so no two values share an encoding."""
    if type(value) is str:  # the common case, and long bodies: fed as they are, not as repr
        feed_tag(h, "str:" + value)
    elif hasattr(type(value), "__dataclass_fields__"):  # next: a listing holds 10,000 records
        feed_record(h, value, memo)
    elif isinstance(value, Enum):
        feed_tag(h, f"enum:{type(value).__qualname__}:{value.value!r}")
    elif isinstance(value, _SCALARS):
        feed_tag(h, f"{type(value).__name__}:{value!r}")
    elif isinstance(value, (dt.date, dt.datetime)):
        feed_tag(h, f"{type(value).__name__}:{value.isoformat()}")
    elif isinstance(value, (tuple, list)):
        feed_tag(h, f"seq:{len(value)}")
        known = memo.by_id if memo is not None else {}
        for item in value:  # a listing's 10,000 cards: those this build walked are fed at once
            hit = known.get(id(item))
            if hit is not None and hit[0] is item:
                feed_tag(h, "record:" + hit[1])
            else:
                feed_value(h, item, memo)
    elif isinstance(value, dict):
        feed_tag(h, f"map:{len(value)}")
        for key, item in value.items():  # insertion order: it is what templates iterate
            feed_value(h, key, memo)
            feed_value(h, item, memo)
    else:
        raise TypeError(f"cannot fingerprint a {type(value).__qualname__}")


def feed_record(h: Hasher, value: Any, memo: DigestMemo | None) -> None:
    """A frozen record is fed as the digest of its own walk, so a memo can stand in for the walk."""
    if not type(value).__dataclass_params__.frozen:
        feed_dataclass(h, value, memo)
        return
    digest = memo.lookup(value) if memo is not None else None
    if digest is None:
        inner = hashlib.sha256()
        feed_dataclass(inner, value, memo)
        digest = inner.hexdigest()
        if memo is not None:
            memo.store(value, digest)
    feed_tag(h, f"record:{digest}")


def feed_dataclass(h: Hasher, value: Any, memo: DigestMemo | None = None) -> None:
    names = [f.name for f in fields(value)]
    feed_tag(h, f"obj:{type(value).__module__}.{type(value).__qualname__}:{len(names)}")
    for name in names:
        feed_tag(h, name)
        feed_value(h, getattr(value, name), memo)


def feed_tag(h: Hasher, text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    h.update(len(data).to_bytes(8, "little"))
    h.update(data)
