"""Stable digests of plain values (frozen dataclasses, tuples, dicts, str, ...): equal in every process."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

_SCALARS = (str, int, float, bool, type(None))
T = TypeVar("T")
R = TypeVar("R")


# Set NOTEBASE_VERIFY_KEYS=1 (the tests do) to walk every keyed record in full as well, and fail
# when two records of one content key differ: a key that does not stand for its record's content.
VERIFY_KEYS = os.environ.get("NOTEBASE_VERIFY_KEYS") == "1"
_verified: dict[str, str] = {}


def digest_value(value: object) -> str:
    """The sha256 of a type-tagged walk over `value`; independent of hash seeds and object ids. A
    record with a `content_key` (a digest of what it was made from) is taken as that key."""
    parts: list[str] = []
    walk_value(parts, value)
    return digest_parts(parts)


def digest_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest_parts(parts: list[str]) -> str:
    """The walk is gathered as text and hashed once: far cheaper than feeding a hash each piece."""
    return hashlib.sha256("".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def walk_value(parts: list[str], value: Any) -> None:
    """Append one value's pieces; every piece and container is length-prefixed, so no two values
    share an encoding."""
    kind = type(value)
    if kind is str:  # the common case, and long bodies: taken as they are, not as repr
        parts.append(f"s{len(value)}:")
        parts.append(value)
    elif isinstance(value, (tuple, list)):
        parts.append(f"q{len(value)}:")
        for item in value:
            walk_value(parts, item)
    elif isinstance(value, (frozenset, set)):  # in an order of their own, not of hash seeds
        parts.append(f"f{len(value)}:")
        for item in sorted(value, key=repr):
            walk_value(parts, item)
    elif isinstance(value, Enum):
        add_tag(parts, f"enum:{kind.__qualname__}:{value.value!r}")
    elif isinstance(value, _SCALARS):
        add_tag(parts, f"{kind.__name__}:{value!r}")
    elif isinstance(value, (dt.date, dt.datetime)):
        add_tag(parts, f"{kind.__name__}:{value.isoformat()}")
    elif isinstance(value, dict):
        parts.append(f"m{len(value)}:")
        for key, item in value.items():  # insertion order: it is what templates iterate
            walk_value(parts, key)
            walk_value(parts, item)
    elif is_dataclass(value) and not isinstance(value, type):
        walk_record(parts, value)
    else:
        raise TypeError(f"cannot fingerprint a {kind.__qualname__}")


def walk_record(parts: list[str], value: Any) -> None:
    """A record with a content key is taken as the key (a digest has a fixed length)."""
    key = getattr(value, "content_key", "")
    if not key:
        walk_dataclass(parts, value)
        return
    parts.append(f"k{key}")
    if VERIFY_KEYS:
        verify_key(key, value)


def verify_key(key: str, value: Any) -> None:
    inner: list[str] = []
    walk_dataclass(inner, value)
    digest = digest_parts(inner)
    known = _verified.setdefault(key, digest)
    assert known == digest, f"two {type(value).__name__} records of one content key differ"


def walk_dataclass(parts: list[str], value: Any) -> None:
    kind: type = type(value)
    head, names = record_layout(kind)
    parts.append(head)
    for tag, name in names:
        parts.append(tag)
        walk_value(parts, getattr(value, name))


@functools.cache
def record_layout(kind: type) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A record type's head piece and, for each field, its tag piece and name: made once."""
    names = [f.name for f in fields(kind) if f.name != "content_key"]
    head = tag_piece(f"obj:{kind.__module__}.{kind.__qualname__}:{len(names)}")
    return head, tuple((tag_piece(name), name) for name in names)


def add_tag(parts: list[str], text: str) -> None:
    parts.append(tag_piece(text))


def tag_piece(text: str) -> str:
    return f"t{len(text)}:{text}"


@dataclass(frozen=True, slots=True)
class Keyed(Generic[T]):
    """A value shared by many calls (a site's name table), with its digest taken once: a memo
    key holds the digest, not the value walked again for every call."""

    value: T
    content_key: str = field(compare=False)


def keyed(value: T) -> Keyed[T]:
    return Keyed(value, digest_value(value))


class Apply(Protocol):
    """How a stage calls its per-item functions: `fn(*args)` itself (`direct`), or through the
    build's memo, which gives the result of an earlier call with arguments of the same digests."""

    def __call__(self, fn: Callable[..., R], /, *args: Any) -> R: ...


def direct(fn: Callable[..., R], /, *args: Any) -> R:
    return fn(*args)


def remade(record: T, **changes: Any) -> T:
    """The record with `changes`, keyed by its own key and the changes' digest (a record
    without a key stays without: it is walked whole)."""
    key: str = getattr(record, "content_key", "")
    made = replace(record, **changes)  # type: ignore[type-var]
    if not key:
        return made
    return replace(made, content_key=digest_value((key, changes)))  # type: ignore[type-var]
