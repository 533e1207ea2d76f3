"""Stable digests of plain values (frozen dataclasses, tuples, dicts, str, ...): equal in every process."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import os
from collections.abc import Callable, Sequence
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
    share an encoding. Each type's walk is chosen once (walker_for)."""
    kind = type(value)
    if kind is str:  # the common case, and long bodies: taken as they are, not as repr
        parts.append(f"s{len(value)}:")
        parts.append(value)
        return
    walk = _WALKS.get(kind)
    if walk is None:
        walk = _WALKS[kind] = walker_for(kind)
    walk(parts, value)


Walk = Callable[[list[str], Any], None]
_WALKS: dict[type, Walk] = {}


def walker_for(kind: type) -> Walk:
    """How values of a type are walked."""
    if issubclass(kind, (tuple, list)):
        return walk_sequence
    if issubclass(kind, (frozenset, set)):
        return walk_set
    if issubclass(kind, Enum):
        return lambda parts, value: add_tag(parts, f"enum:{kind.__qualname__}:{value.value!r}")
    if issubclass(kind, _SCALARS):
        return lambda parts, value: add_tag(parts, f"{kind.__name__}:{value!r}")
    if issubclass(kind, (dt.date, dt.datetime)):
        return lambda parts, value: add_tag(parts, f"{kind.__name__}:{value.isoformat()}")
    if issubclass(kind, dict):
        return walk_dict
    if is_dataclass(kind):
        return record_walker(kind)
    raise TypeError(f"cannot fingerprint a {kind.__qualname__}")


def walk_sequence(parts: list[str], value: Any) -> None:
    parts.append(f"q{len(value)}:")
    for item in value:
        if type(item) is str:  # walk_value's first case, without the call
            parts.append(f"s{len(item)}:{item}")
        else:
            walk_value(parts, item)


def walk_set(parts: list[str], value: Any) -> None:  # in an order of its own, not of hash seeds
    parts.append(f"f{len(value)}:")
    for item in sorted(value, key=repr):
        walk_value(parts, item)


def walk_dict(parts: list[str], value: Any) -> None:
    parts.append(f"m{len(value)}:")
    for key, item in value.items():  # insertion order: it is what templates iterate
        walk_value(parts, key)
        walk_value(parts, item)


def record_walker(kind: type) -> Walk:
    """A record is walked field by field; one with a content key is taken as the key (a digest
    has a fixed length)."""
    walk_plain = fields_walker(kind)
    if "content_key" not in {f.name for f in fields(kind)}:
        return walk_plain

    def walk_keyed(parts: list[str], value: Any) -> None:
        key = value.content_key
        if not key:
            walk_plain(parts, value)
            return
        parts.append(f"k{key}")
        if VERIFY_KEYS:
            verify_key(key, value)

    return walk_keyed


def verify_key(key: str, value: Any) -> None:
    inner: list[str] = []
    kind: type = type(value)
    fields_walker(kind)(inner, value)
    digest = digest_parts(inner)
    known = _verified.setdefault(key, digest)
    assert known == digest, f"two {type(value).__name__} records of one content key differ"


@functools.cache
def fields_walker(kind: type) -> Walk:
    """How a record of this type is walked field by field (its content key left out): its head
    piece, then each field's tag piece and value, a text field's in the same piece."""
    head, names = record_layout(kind)

    def walk_fields(parts: list[str], value: Any) -> None:
        parts.append(head)
        for tag, name in names:
            item = getattr(value, name)
            if type(item) is str:  # walk_value's first case, without the call
                parts.append(f"{tag}s{len(item)}:{item}")
            else:
                parts.append(tag)
                walk_value(parts, item)

    return walk_fields


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


class Apply(Protocol):
    """How a stage calls its per-item functions: `fn(*args)` itself (`direct`), or through the
    build's memo, which gives the result of an earlier call with arguments of the same digests
    (`call`) or, in the same slot, of equal arguments (`call_at`)."""

    def call(self, fn: Callable[..., R], /, *args: Any) -> R: ...

    def call_at(self, slot: str, fn: Callable[..., R], /, *args: Any) -> R: ...

    def remember(self, fn: Callable[..., R], args: tuple[Any, ...], value: R, /) -> None:
        """Keep `value` as what fn(*args) gives, found by other means (a memo keeps it)."""
        ...

    def map(self, fn: Callable[..., R], items: Sequence[Any], /, *shared: Any) -> list[R]:
        """[fn(item, *shared) for item in items], each call as `call` makes it."""
        ...


class Direct:
    """Calls made as they are: what a stage does run on its own."""

    def call(self, fn: Callable[..., R], /, *args: Any) -> R:
        return fn(*args)

    def call_at(self, slot: str, fn: Callable[..., R], /, *args: Any) -> R:
        return fn(*args)

    def remember(self, fn: Callable[..., R], args: tuple[Any, ...], value: R, /) -> None:
        pass

    def map(self, fn: Callable[..., R], items: Sequence[Any], /, *shared: Any) -> list[R]:
        return [fn(item, *shared) for item in items]


direct = Direct()


def remade(record: T, **changes: Any) -> T:
    """The record with `changes`, keyed by its own key and the changes' digest (a record
    without a key stays without: it is walked whole)."""
    return rekeyed(record, changes, lambda key: (key, changes))


def made_from(fn: Callable[..., Any], record: T, inputs: object, **changes: Any) -> T:
    """The record with `changes` that the pure function `fn` made of it and `inputs` alone: keyed
    by the function, the record's key and the inputs' digest, which stand for the changes (a walk
    of a few names where one of the changes would hash whole bodies); without a key, as remade."""
    return rekeyed(record, changes, lambda key: (function_key(fn), key, inputs))


def rekeyed(record: T, changes: dict[str, Any], made_of: Callable[[str], object]) -> T:
    """The record with `changes` and the digest of `made_of(its key)` for its key (none when it
    has no key)."""
    key: str = getattr(record, "content_key", "")
    if not key:
        return replace(record, **changes)  # type: ignore[type-var]
    return replace(record, **changes, content_key=digest_value(made_of(key)))  # type: ignore[type-var]


def function_key(fn: Callable[..., Any]) -> str:
    """What stands for a function in a key (its module and qualified name): a memo's, a record's."""
    return f"{fn.__module__}.{fn.__qualname__}"
