"""The one home of incrementality: what per-item functions returned, kept from one build to the
next and keyed by the content digests of their arguments (never by object identity).

A stage calls its per-item functions through an `Apply` (digests.py): `direct` when it runs
alone, `Memo.call` in a build. Either way the result is the same, since the functions are pure;
the memo only skips the call when it has the result for arguments of the same digests. Records
with a `content_key` (entries, cards, `Keyed` values) are digested as that key, so looking a
call up costs a digest of a few keys, not a walk of a note's body.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from notebase.digests import VERIFY_KEYS, digest_value, function_key

R = TypeVar("R")


def arguments_key(args: tuple[Any, ...]) -> str:
    """The arguments' content keys (and short strings) joined, when that is all they are: their
    digest, without a walk; else the digest of a walk of them."""
    parts = []
    for arg in args:
        key = getattr(arg, "content_key", "")
        if key and not VERIFY_KEYS:
            parts.append(f"k{key}")
        elif type(arg) is str and len(arg) <= 256:
            parts.append(f"s{len(arg)}:{arg}")
        else:
            return digest_value(args)
    return "".join(parts)


def slot_key(fn: Callable[..., Any], slot: str) -> str:
    """The key of `call_at`'s result of `fn` in `slot`."""
    return f"{function_key(fn)}@{slot}"


class Memo:
    """The results of one build (`now`) and of the build before (`last`). A build looks a call
    up in both; the next build keeps only what this one used, so the memo never holds more than
    two builds' results. `held` keeps results that are brought up to date rather than made
    again (the related entries): handed over to one build, which gives back the new one."""

    def __init__(
        self,
        last: dict[str, Any] | None = None,
        held: dict[str, Any] | None = None,
        slots: bool = True,
    ):
        self.last = last or {}
        self.now: dict[str, Any] = {}
        self.held = held or {}
        # whether `call_at` keeps its arguments and result for the next build: a process that
        # makes one build (`notebase build`) has no next, and the arguments it would keep are
        # the notes as parsed, a second copy of every body while the pages render
        self.slots = slots

    def call(self, fn: Callable[..., R], /, *args: Any) -> R:
        key = f"{function_key(fn)}:{arguments_key(args)}"
        if key in self.now:
            found: R = self.now[key]
            return found
        value = self.last[key] if key in self.last else fn(*args)
        self.now[key] = value
        return value

    def remember(self, fn: Callable[..., R], args: tuple[Any, ...], value: R, /) -> None:
        """Keep `value` as the result of fn(*args), found by other means (`fn` would give it)."""
        self.now[f"{function_key(fn)}:{arguments_key(args)}"] = value

    def call_at(self, slot: str, fn: Callable[..., R], /, *args: Any) -> R:
        """fn(*args), or the result of the call in the same slot (a page's URL) when its arguments
        were equal, compared by value: for arguments cheaper to compare than to digest (records
        made of the entries and cards the memo gave, which compare as the same objects)."""
        if not self.slots:
            return fn(*args)
        key = slot_key(fn, slot)
        found = self.now.get(key) or self.last.get(key)
        value: R = found[1] if found is not None and found[0] == args else fn(*args)
        self.now[key] = (args, value)
        return value

    def map(self, fn: Callable[..., R], items: Sequence[Any], /, *shared: Any) -> list[R]:
        """[fn(item, *shared) for item in items], each kept as `call` keeps it (the shared
        arguments keyed once)."""
        prefix = f"{function_key(fn)}:"
        tail = arguments_key(shared)
        keys = [f"{prefix}{arguments_key((item,))}|{tail}" for item in items]
        now, last = self.now, self.last
        missing = [i for i, key in enumerate(keys) if key not in now and key not in last]
        todo = [items[i] for i in missing]
        made = [fn(x, *shared) for x in todo]
        fresh = dict(zip((keys[i] for i in missing), made, strict=True))
        results = []
        for key in keys:
            value = fresh[key] if key in fresh else now[key] if key in now else last[key]
            now[key] = value
            results.append(value)
        return results

    def results_of(self, fns: Iterable[Callable[..., Any]]) -> dict[str, Any]:
        """This build's results of the functions `fns`, by key: what a memo of another process
        may start from (`Memo(last=…)`), its keys being content, never identity."""
        prefixes = tuple(f"{function_key(fn)}:" for fn in fns)
        return {key: value for key, value in self.now.items() if key.startswith(prefixes)}

    def take(self, name: str) -> Any:
        """The result held under `name` (None when there is none); it is not held any more."""
        return self.held.pop(name, None)

    def hold(self, name: str, value: object) -> None:
        self.held[name] = value

    def next_generation(self) -> Memo:
        return Memo(self.now, self.held)
