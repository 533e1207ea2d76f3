"""<root>/.notebase-cache: the build state between runs, per notebase build; never trusted blindly."""

from __future__ import annotations

import os
import pickle
from collections.abc import Mapping
from dataclasses import fields, replace
from enum import Enum
from pathlib import Path
from typing import Any

from notebase import __version__
from notebase.builder.cachefiles import (
    CACHE_DIR,
    FORMAT,
    HELD_FILE,
    cache_dir,
    code_digest,
    write_payloads,
)
from notebase.builder.state import BuildState, drop_memos
from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.digests import digest_bytes, digest_value
from notebase.markdown.admonitions import NO_TYPES, AdmonitionTypes
from notebase.markdown.texmacros import TexMacros
from notebase.model import ParseResult

STATE_FILE = "build-state.pickle"  # small: read by every build
PARSES_FILE = "parses-{:02d}.pickle"  # the notes' parses, a shard a file: read only on a change
PARSE_SHARDS = 64  # a note's parse is in the shard of its path's hash: an edit rewrites one
MEMO_FILE = "memo.pickle"  # costly per-note results keyed by content
# Only our own frozen records and a few standard types may be rebuilt from the cache file.
ALLOWED_MODULES = (
    "notebase.model",
    "notebase.diagnostics",
    "notebase.builder.state",
    "notebase.builder.write",
    "notebase.reading.discover",
    "notebase.linking.related",
    "notebase.linking.linktags",
    "notebase.linking.mentions",
    "notebase.planning.cards",
    "notebase.planning.folderpages",
    "notebase.planning.graph",
    "notebase.planning.pages",
    "notebase.planning.sourcepages",
    "notebase.digests",
    "notebase.builder.delta",
)
ALLOWED_GLOBALS = {
    ("datetime", "date"),
    ("builtins", "frozenset"),
    ("builtins", "set"),
    ("collections", "Counter"),
}


class RecordUnpickler(pickle.Unpickler):
    """Refuses every global that is not one of our records: a foreign pickle cannot run code."""

    def find_class(self, module: str, name: str) -> Any:
        if module in ALLOWED_MODULES or (module, name) in ALLOWED_GLOBALS:
            return super().find_class(module, name)
        if (module, name) == ("builtins", "getattr"):  # an enum member, as some 3.11s pickle it
            return enum_member
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in the cache")


def enum_member(cls: object, name: str) -> Enum:
    """getattr(cls, name) for an enum class only: a general getattr would open every door."""
    if isinstance(cls, type) and issubclass(cls, Enum) and name in cls.__members__:
        return cls.__members__[name]
    raise pickle.UnpicklingError(f"getattr({cls!r}, {name!r}) is not allowed in the cache")


def load_state(root: Path, parses: bool = True) -> tuple[BuildState, tuple[Diagnostic, ...]]:
    """The saved state, or an empty one (with a `cache-discarded` warning when a file is unusable).

    The parses of the notes are large and kept in a file of their own: without `parses` the state
    comes without them (enough to tell whether anything changed at all; `load_parses` adds them).
    """
    if not (cache_dir(root) / STATE_FILE).is_file():
        return BuildState(), ()
    payload, problem = load_payload(root, STATE_FILE)
    state = payload.get("state") if payload else None
    if problem is None and not (
        isinstance(state, BuildState) and all(hasattr(state, f.name) for f in fields(state))
    ):
        problem = "it holds no build state"
    if problem is not None or not isinstance(state, BuildState):
        return BuildState(), (discarded(STATE_FILE, problem or ""),)
    return load_parses(root, state) if parses else (state, ())


def load_parses(root: Path, state: BuildState) -> tuple[BuildState, tuple[Diagnostic, ...]]:
    """A state loaded without its parses, with them (an empty state when they are unusable)."""
    if len(state.pair) != PARSE_SHARDS:  # an empty state: no parses were saved with it
        return state, ()
    parsed: dict[str, ParseResult] = {}
    for shard, pair in enumerate(state.pair):
        name = PARSES_FILE.format(shard)
        more, problem = load_payload(root, name)
        if problem is None and (more is None or more.get("pair") != pair):
            problem = "its parses belong to another build"
        if problem is not None or more is None or not isinstance(more.get("parsed"), dict):
            return BuildState(), (discarded(name, problem or "it holds no parses"),)
        parsed.update(more["parsed"])
    return replace(state, parsed=parsed), ()


def parse_key(rel_path: str, digest: str, macros: str = "") -> str:
    """A note's parse by its path and content, and the digest of what else it was parsed with
    (parse_context: the TeX macros, the custom Admonition types; none: '', and the key is as it
    was before macros were read)."""
    return f"{rel_path}\x00{digest}\x00{macros}" if macros else f"{rel_path}\x00{digest}"


def parse_context(macros: TexMacros, admonitions: AdmonitionTypes = NO_TYPES) -> str:
    """What a note's parse depends on beside its path and text, for its parse_key: the digests of
    the vault's TeX macros and of its Admonition plugin's custom types (the macros' alone when
    there are no such types, and '' for neither)."""
    if not admonitions.types:
        return macros.digest
    return digest_value((macros.digest, admonitions.digest))


def parsed_note(key: str) -> tuple[str, str]:
    """(path, content digest) of the note a parse_key names, whatever it was parsed with."""
    path, _, rest = key.partition("\x00")
    return path, rest.partition("\x00")[0]


def parse_shard(key: str) -> int:
    """The shard of a parse (by the path in its key, `path\0digest`): stable across processes."""
    path = key.partition("\x00")[0]
    return int(digest_bytes(path.encode("utf-8", "surrogatepass"))[:4], 16) % PARSE_SHARDS


def parse_shards(parsed: Mapping[str, ParseResult]) -> list[dict[str, ParseResult]]:
    shards: list[dict[str, ParseResult]] = [{} for _ in range(PARSE_SHARDS)]
    for key, result in parsed.items():
        shards[parse_shard(key)][key] = result
    return shards


def load_payload(root: Path, name: str) -> tuple[dict[str, Any] | None, str | None]:
    """A cache file's payload, or why it cannot be used."""
    try:
        with (cache_dir(root) / name).open("rb") as handle:  # read as unpickled, never whole
            payload = RecordUnpickler(handle).load()
    except Exception as exc:  # any unreadable cache is simply rebuilt
        return None, f"it cannot be read ({type(exc).__name__})"
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        return None, "it was not written by notebase"
    if payload.get("version") != __version__:
        return None, f"it was written by notebase {payload.get('version')}"
    if payload.get("code") != code_digest():
        return None, "it was written by another build of notebase"
    return payload, None


def discarded(name: str, reason: str) -> Diagnostic:
    """The warning that the cache file `name` could not be used (and why)."""
    pos = FilePos(f"{CACHE_DIR}/{name}")
    hint = "nothing to do: everything is rebuilt and the cache is rewritten"
    return warning("cache-discarded", f"build cache discarded: {reason}", pos, hint)


def save_state(
    root: Path, state: BuildState, saved: Mapping[str, ParseResult] | None = None
) -> tuple[Diagnostic, ...]:
    """Save the state, and each shard of its parses unless it holds the parses of that shard
    saved with the state already (`saved`: the parses its `pair` names; None: unknown)."""
    return saved_state(root, state, saved)[1]


def save_stamps(root: Path, state: BuildState) -> tuple[Diagnostic, ...]:
    """Save a state loaded without its parses (load_state), its stamps taken again: the state
    file alone, naming the parses saved with it before."""
    assert not state.parsed, "the parses are saved with save_state"
    return write_payloads(root, {STATE_FILE: {"state": drop_memos(state)}})


def saved_state(
    root: Path, state: BuildState, saved: Mapping[str, ParseResult] | None = None
) -> tuple[BuildState, tuple[Diagnostic, ...]]:
    """save_state, and the state with the `pair` it was saved with (its parses are then `saved`
    for a later save_state of it)."""
    shards, before = parse_shards(state.parsed), parse_shards(saved or {})
    old = state.pair if saved is not None and len(state.pair) == PARSE_SHARDS else ()
    pair = tuple(
        old[i] if old and shards[i].keys() == before[i].keys() else os.urandom(8).hex()
        for i in range(PARSE_SHARDS)
    )
    small = replace(drop_memos(state), parsed={}, pair=pair)
    files: dict[str, dict[str, object]] = {
        PARSES_FILE.format(i): {"pair": pair[i], "parsed": shards[i]}
        for i in range(PARSE_SHARDS)
        if not old or pair[i] != old[i]
    }
    files[STATE_FILE] = {"state": small}  # the small file last: it names its parses
    problems = write_payloads(root, files)
    return (state, problems) if problems else (replace(state, pair=pair), ())


def load_memo(root: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The memo results and held values the last build saved (none when unusable: they are only
    ever a shortcut, keyed by content, so a stale or foreign file is simply not used)."""
    return load_dict(root, MEMO_FILE, "results"), load_dict(root, HELD_FILE, "held")


def load_dict(root: Path, name: str, field: str) -> dict[str, Any]:
    """The dict a cache file holds under `field` (empty when the file is missing or unusable)."""
    if not (cache_dir(root) / name).is_file():
        return {}
    payload, problem = load_payload(root, name)
    found = payload.get(field) if payload is not None and problem is None else None
    return found if isinstance(found, dict) else {}


def save_memo(root: Path, results: dict[str, Any]) -> tuple[Diagnostic, ...]:
    """Save the results the next process's memo may start from."""
    return write_payloads(root, {MEMO_FILE: {"results": results}})
