"""Stable digests of plain values (frozen dataclasses, tuples, dicts, str, ...): equal in every process."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any, Protocol

_SCALARS = (str, int, float, bool, type(None))


class Hasher(Protocol):
    def update(self, data: bytes, /) -> None: ...


def digest_value(value: object) -> str:
    """The sha256 of a type-tagged walk over `value`; independent of hash seeds and object ids."""
    h = hashlib.sha256()
    feed_value(h, value)
    return h.hexdigest()


def digest_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def feed_value(h: Hasher, value: Any) -> None:
    """Feed one value; every container is length-prefixed so no two values share an encoding."""
    if isinstance(value, Enum):
        feed_tag(h, f"enum:{type(value).__qualname__}:{value.value!r}")
    elif isinstance(value, _SCALARS):
        feed_tag(h, f"{type(value).__name__}:{value!r}")
    elif isinstance(value, (dt.date, dt.datetime)):
        feed_tag(h, f"{type(value).__name__}:{value.isoformat()}")
    elif isinstance(value, (tuple, list)):
        feed_tag(h, f"seq:{len(value)}")
        for item in value:
            feed_value(h, item)
    elif isinstance(value, dict):
        feed_tag(h, f"map:{len(value)}")
        for key, item in value.items():  # insertion order: it is what templates iterate
            feed_value(h, key)
            feed_value(h, item)
    elif is_dataclass(value) and not isinstance(value, type):
        feed_dataclass(h, value)
    else:
        raise TypeError(f"cannot fingerprint a {type(value).__qualname__}")


def feed_dataclass(h: Hasher, value: Any) -> None:
    names = [f.name for f in fields(value)]
    feed_tag(h, f"obj:{type(value).__module__}.{type(value).__qualname__}:{len(names)}")
    for name in names:
        feed_tag(h, name)
        feed_value(h, getattr(value, name))


def feed_tag(h: Hasher, text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    h.update(len(data).to_bytes(8, "little"))
    h.update(data)
