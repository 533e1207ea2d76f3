"""<root>/.notebase-cache: the build state between runs, per notebase version; never trusted blindly."""

from __future__ import annotations

import io
import os
import pickle
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from notebase import __version__
from notebase.diagnostics import Diagnostic, SourcePos, warning

if TYPE_CHECKING:
    from notebase.build import BuildState

CACHE_DIR = ".notebase-cache"
STATE_FILE = "build-state.pickle"
FORMAT = "notebase-build-state/4"
# Only our own frozen records and a few standard types may be rebuilt from the cache file.
ALLOWED_MODULES = ("notebase.model", "notebase.diagnostics", "notebase.build", "notebase.write")
ALLOWED_GLOBALS = {("datetime", "date"), ("builtins", "frozenset"), ("builtins", "set")}


class RecordUnpickler(pickle.Unpickler):
    """Refuses every global that is not one of our records: a foreign pickle cannot run code."""

    def find_class(self, module: str, name: str) -> Any:
        if module in ALLOWED_MODULES or (module, name) in ALLOWED_GLOBALS:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in the cache")


def cache_dir(root: Path) -> Path:
    return root / CACHE_DIR


def load_state(root: Path) -> tuple[BuildState, tuple[Diagnostic, ...]]:
    """The saved state, or an empty one (with a `cache-discarded` warning when the file is unusable)."""
    from notebase.build import BuildState

    path = cache_dir(root) / STATE_FILE
    if not path.is_file():
        return BuildState(), ()
    try:
        payload = RecordUnpickler(io.BytesIO(path.read_bytes())).load()
    except Exception as exc:  # any unreadable cache is simply rebuilt
        return BuildState(), (discarded(f"it cannot be read ({type(exc).__name__})"),)
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        return BuildState(), (discarded("it was not written by notebase"),)
    if payload.get("version") != __version__:
        return BuildState(), (discarded(f"it was written by notebase {payload.get('version')}"),)
    state = payload.get("state")
    if not isinstance(state, BuildState):
        return BuildState(), (discarded("it holds no build state"),)
    return state, ()


def discarded(reason: str) -> Diagnostic:
    pos = SourcePos(f"{CACHE_DIR}/{STATE_FILE}")
    hint = "nothing to do: everything is rebuilt and the cache is rewritten"
    return warning("cache-discarded", f"build cache discarded: {reason}", pos, hint)


def save_state(root: Path, state: BuildState) -> tuple[Diagnostic, ...]:
    payload = {"format": FORMAT, "version": __version__, "state": state}
    data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        write_atomic(cache_dir(root) / STATE_FILE, data)
    except OSError as exc:
        pos = SourcePos(f"{CACHE_DIR}/{STATE_FILE}")
        return (warning("cache-unwritable", f"cannot save the build cache: {exc}", pos),)
    return ()


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path` and rename it over, so readers see old or new."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
