"""The build cache's files: where they are, and each written whole, stamped with the code that
wrote it. Apart from cache.py (which reads them back and knows the build state) so that a helper
process (related_helper.py) can write one without importing the build.
"""

from __future__ import annotations

import functools
import pickle
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from notebase import __version__
from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.digests import digest_bytes, digest_value
from notebase.files import open_atomic

CACHE_DIR = ".notebase-cache"
HELD_FILE = "held.pickle"  # what a build brings up to date rather than makes (the related entries)
HELD_RELATED = "related"  # held.pickle's name for the related entries (and the memo's)
HELD_TOKEN = "base"  # held.pickle's name for the token of the base that saved it
FORMAT = "notebase-build-state/9"


@functools.cache
def code_digest() -> str:
    """A digest of notebase's own files: a cache left by other code (a newer release, or an edit
    to an editable install) is never reused, and nor are the parses and page fingerprints in it."""
    package = Path(__file__).resolve().parents[1]  # src/notebase: every file of the package
    files = sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return digest_value(
        [(p.relative_to(package).as_posix(), digest_bytes(p.read_bytes())) for p in files]
    )


def cache_dir(root: Path) -> Path:
    return root / CACHE_DIR


def save_held(root: Path, held: dict[str, Any]) -> tuple[Diagnostic, ...]:
    """Save the values the next process's memo holds to bring up to date."""
    return write_payloads(root, {HELD_FILE: {"held": held}})


def write_payloads(root: Path, files: Mapping[str, dict[str, object]]) -> tuple[Diagnostic, ...]:
    """Each payload, stamped with what wrote it, pickled straight to its file in the cache folder
    (in the order given), each file replaced whole; a warning when one cannot be."""
    head = {"format": FORMAT, "version": __version__, "code": code_digest()}
    for name, payload in files.items():
        try:
            with open_atomic(cache_dir(root) / name) as handle:
                pickle.dump({**head, **payload}, handle, protocol=pickle.HIGHEST_PROTOCOL)
        except OSError as exc:
            pos, message = FilePos(f"{CACHE_DIR}/{name}"), f"cannot save the build cache: {exc}"
            hint = f"make {CACHE_DIR} a folder that can be written: the next build starts afresh"
            return (warning("cache-unwritable", message, pos, hint),)
    return ()
