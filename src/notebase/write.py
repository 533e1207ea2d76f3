"""Pages and assets -> site/: assembled beside the output and swapped in whole; unchanged files kept."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from notebase.diagnostics import Diagnostic, SourcePos, error

MARKER_FILE = ".notebase-site"


def check_output_dir(out: Path, root: Path, force: bool = False) -> Diagnostic | None:
    """Refuse an output folder that would destroy notes, the project, the home folder or /."""
    out, root = out.resolve(), root.resolve()
    forbidden = {Path("/"), Path.home().resolve(), root, (root / "notes").resolve()}
    if out in forbidden or out in root.parents or (root / "notes").resolve().is_relative_to(out):
        hint = "choose a folder of its own, such as site/"
        return error(
            "unsafe-out", f"refusing to write the site into {out}", SourcePos(str(out)), hint
        )
    if out.exists() and not out.is_dir():
        return error("unsafe-out", f"{out} exists and is not a folder", SourcePos(str(out)))
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER_FILE).exists() and not force:
        hint = "notebase only replaces folders it created; pass --force to replace it anyway"
        return error(
            "unsafe-out",
            f"{out} is not empty and was not made by notebase",
            SourcePos(str(out)),
            hint,
        )
    return None


KEEP = None  # in a file plan: the file already in the output folder is current


@dataclass(frozen=True, slots=True)
class WriteOutcome:
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]


def update_site(
    out: Path,
    files: Mapping[str, bytes | None],
    swap_lock: AbstractContextManager[object] | None = None,
) -> WriteOutcome:
    """Make `out` hold exactly `files` (None: keep the current file); untouched when nothing changed.

    Changed sites are assembled beside `out` (unchanged files hard-linked, so never rewritten) and
    swapped in whole, under `swap_lock` when a server is reading the folder.
    """
    out = out.resolve()
    existing = list_site_files(out)
    unchanged = tuple(r for r, d in sorted(files.items()) if is_current(out, r, d, existing))
    written = tuple(sorted(set(files) - set(unchanged)))
    removed = tuple(sorted(existing - set(files)))
    if written or removed or not (out / MARKER_FILE).is_file():
        assemble_site(out, files, set(unchanged), swap_lock or nullcontext())
    return WriteOutcome(written, unchanged, removed)


def is_current(out: Path, rel: str, data: bytes | None, existing: set[str]) -> bool:
    if rel not in existing:
        return False
    return data is KEEP or (out / rel).read_bytes() == data


def list_site_files(out: Path) -> set[str]:
    if not out.is_dir():
        return set()
    found = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    return found - {MARKER_FILE}


def assemble_site(
    out: Path,
    files: Mapping[str, bytes | None],
    unchanged: set[str],
    swap_lock: AbstractContextManager[object],
) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".site-tmp-", dir=out.parent))
    try:
        for rel, data in sorted(files.items()):
            target = safe_join(tmp, rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            if rel in unchanged:
                link_or_copy(out / rel, target)
            else:
                assert data is not None, f"{rel} is to be kept but is not in the site"
                target.write_bytes(data)
        (tmp / MARKER_FILE).write_text("built by notebase\n")
        with swap_lock:
            swap_in(tmp, out)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def link_or_copy(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def safe_join(base: Path, rel: str) -> Path:
    """base/rel, refusing any path that would leave base (a programmer error: slugs are clean)."""
    target = (base / rel).resolve()
    if not target.is_relative_to(base.resolve()) or "\x00" in rel:
        raise ValueError(f"output path escapes the site folder: {rel!r}")
    return target


def swap_in(tmp: Path, out: Path) -> None:
    old = out.with_name(out.name + ".old-" + str(os.getpid()))
    if out.exists():
        os.replace(out, old)
    os.replace(tmp, out)
    shutil.rmtree(old, ignore_errors=True)
