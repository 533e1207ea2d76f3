"""<root>/.notebase-cache: where it is, and what keys it to the code that wrote it."""

from __future__ import annotations

import functools
from pathlib import Path

from notebase.digests import digest_bytes, digest_value
from notebase.planning.render import CompiledTemplates

CACHE_DIR = ".notebase-cache"
TEMPLATES_DIR = "templates"  # in CACHE_DIR: the templates as compiled (CompiledTemplates)


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


def compiled_templates(root: Path) -> CompiledTemplates | None:
    """Where the templates a build compiles are kept for the next process: in the build cache's
    folder, once a cached build made it (none for a build that keeps no cache)."""
    folder = cache_dir(root) / TEMPLATES_DIR
    try:
        if not cache_dir(root).is_dir():
            return None
        folder.mkdir(exist_ok=True)
    except OSError:  # not writable: the templates are compiled in each process
        return None
    return CompiledTemplates(folder, code_digest())
