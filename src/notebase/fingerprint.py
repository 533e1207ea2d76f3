"""Stable digests of plain values (frozen dataclasses, tuples, dicts, str, ...): equal in every process."""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import hashlib
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

_SCALARS = (str, int, float, bool, type(None))


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
    parts: list[str] = []
    walk_value(parts, value, memo)
    return digest_parts(parts)


def digest_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest_parts(parts: list[str]) -> str:
    """The walk is gathered as text and hashed once: far cheaper than feeding a hash each piece."""
    return hashlib.sha256("".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def walk_value(parts: list[str], value: Any, memo: DigestMemo | None = None) -> None:
    """Append one value's pieces; every piece and container is length-prefixed, so no two values
    share an encoding."""
    kind = type(value)
    if kind is str:  # the common case, and long bodies: taken as they are, not as repr
        parts.append(f"s{len(value)}:")
        parts.append(value)
    elif isinstance(value, (tuple, list)):
        parts.append(f"q{len(value)}:")
        known = memo.by_id if memo is not None else {}
        for item in value:  # a listing of 10,000 cards: those already walked are taken at once
            hit = known.get(id(item))
            if hit is not None and hit[0] is item:
                parts.append(f"r{hit[1]}")  # as walk_record takes it
            else:
                walk_value(parts, item, memo)
    elif isinstance(value, Enum):
        add_tag(parts, f"enum:{kind.__qualname__}:{value.value!r}")
    elif isinstance(value, _SCALARS):
        add_tag(parts, f"{kind.__name__}:{value!r}")
    elif isinstance(value, (dt.date, dt.datetime)):
        add_tag(parts, f"{kind.__name__}:{value.isoformat()}")
    elif isinstance(value, dict):
        parts.append(f"m{len(value)}:")
        for key, item in value.items():  # insertion order: it is what templates iterate
            walk_value(parts, key, memo)
            walk_value(parts, item, memo)
    elif is_dataclass(value) and not isinstance(value, type):
        walk_record(parts, value, memo)
    else:
        raise TypeError(f"cannot fingerprint a {kind.__qualname__}")


def walk_record(parts: list[str], value: Any, memo: DigestMemo | None) -> None:
    """A frozen record is taken as the digest of its own walk, so a memo can stand in for it."""
    if not type(value).__dataclass_params__.frozen:
        walk_dataclass(parts, value, memo)
        return
    digest = memo.lookup(value) if memo is not None else None
    if digest is None:
        inner: list[str] = []
        walk_dataclass(inner, value, memo)
        digest = digest_parts(inner)
        if memo is not None:
            memo.store(value, digest)
    parts.append(f"r{digest}")  # a digest has a fixed length


def walk_dataclass(parts: list[str], value: Any, memo: DigestMemo | None = None) -> None:
    kind: type = type(value)
    head, names = record_layout(kind)
    parts.append(head)
    for tag, name in names:
        parts.append(tag)
        walk_value(parts, getattr(value, name), memo)


@functools.cache
def record_layout(kind: type) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A record type's head piece and, for each field, its tag piece and name: made once."""
    names = [f.name for f in fields(kind)]
    head = tag_piece(f"obj:{kind.__module__}.{kind.__qualname__}:{len(names)}")
    return head, tuple((tag_piece(name), name) for name in names)


def add_tag(parts: list[str], text: str) -> None:
    parts.append(tag_piece(text))


def tag_piece(text: str) -> str:
    return f"t{len(text)}:{text}"
