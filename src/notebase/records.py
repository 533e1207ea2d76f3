"""Frozen records that pickle fast: the build cache and the workers' results are mostly records."""

from __future__ import annotations

import operator
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def fast_pickling(cls: type[T]) -> type[T]:
    """A slotted frozen dataclass pickled as the tuple of its fields' values, read by one
    attrgetter. The state `dataclass(slots=True)` gives a record asks `fields()` for every
    record pickled and unpickled: reading the build cache's parses (tens of thousands of
    records) took twice as long."""
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    read = operator.attrgetter(*names)
    assign = object.__setattr__  # a frozen record refuses its own __setattr__

    def get_state(self: Any) -> tuple[Any, ...]:
        state = read(self)
        return state if len(names) > 1 else (state,)

    def set_state(self: Any, state: tuple[Any, ...]) -> None:
        for name, value in zip(names, state, strict=True):
            assign(self, name, value)

    cls.__getstate__ = get_state  # type: ignore[method-assign]
    cls.__setstate__ = set_state  # type: ignore[attr-defined]
    return cls
