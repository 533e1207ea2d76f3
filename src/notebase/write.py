"""Pages and assets -> site/: assembled beside the output and swapped in whole; unchanged files kept."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from notebase.cache import write_atomic
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
IN_PLACE_MIN = 64  # a rebuild changing at most this many files (or a quarter) writes them in place


@dataclass(frozen=True, slots=True)
class WriteOutcome:
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]


def update_site(
    out: Path,
    files: Mapping[str, bytes | None],
    swap_lock: AbstractContextManager[object] | None = None,
    existing: set[str] | None = None,
) -> WriteOutcome:
    """Make `out` hold exactly `files` (None: keep the current file); untouched when nothing changed.

    A new site, or one with many changes, is assembled beside `out` (unchanged files hard-linked,
    so never rewritten) and swapped in whole; a few changes are written in place, each file
    atomically. Either way under `swap_lock`, so a server reading the folder sees old or new.
    `existing` is the listing of `out` when the caller already has it.
    """
    out = out.resolve()
    existing = list_site_files(out) if existing is None else existing
    unchanged = tuple(r for r, d in sorted(files.items()) if is_current(out, r, d, existing))
    written = tuple(sorted(set(files) - set(unchanged)))
    removed = tuple(sorted(existing - set(files)))
    lock = swap_lock or nullcontext()
    if not (out / MARKER_FILE).is_file() or len(written) + len(removed) > in_place_limit(files):
        assemble_site(out, files, set(unchanged), lock)
    elif written or removed:
        update_in_place(out, {rel: files[rel] for rel in written}, removed, lock)
    return WriteOutcome(written, unchanged, removed)


def in_place_limit(files: Mapping[str, bytes | None]) -> int:
    """Up to this many changed files are written in place rather than in a whole new tree."""
    return max(IN_PLACE_MIN, len(files) // 4)


def is_current(out: Path, rel: str, data: bytes | None, existing: set[str]) -> bool:
    if rel not in existing:
        return False
    return data is KEEP or (out / rel).read_bytes() == data


def list_site_files(out: Path) -> set[str]:
    """Every file under `out` (relative posix paths), the marker left out."""
    found: set[str] = set()
    base = len(str(out)) + 1
    for folder, _dirs, names in os.walk(out):
        prefix = folder[base:].replace(os.sep, "/") + "/" if len(folder) >= base else ""
        found.update(prefix + name for name in names)
    return found - {MARKER_FILE}


def update_in_place(
    out: Path,
    changed: Mapping[str, bytes | None],
    removed: tuple[str, ...],
    swap_lock: AbstractContextManager[object],
) -> None:
    """Replace each changed file atomically and delete the stale ones (with their emptied folders)."""
    targets = {rel: safe_join(out, rel) for rel in (*changed, *removed)}  # refuse before writing
    with swap_lock:
        for rel, data in changed.items():
            assert data is not None, f"{rel} is to be kept but is not in the site"
            write_atomic(targets[rel], data, 0o644)  # readable by web servers
        for rel in removed:
            targets[rel].unlink(missing_ok=True)
            prune_empty_folders(targets[rel].parent, out)


def prune_empty_folders(folder: Path, out: Path) -> None:
    while folder != out and folder.is_relative_to(out) and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


def assemble_site(
    out: Path,
    files: Mapping[str, bytes | None],
    unchanged: set[str],
    swap_lock: AbstractContextManager[object],
) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".site-tmp-", dir=out.parent))
    tmp.chmod(0o755)  # mkdtemp's 0700 would hide the site from a web server
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


def swap_folder(new: Path, target: Path, swap_lock: AbstractContextManager[object]) -> None:
    """Put the folder `new` (nothing, when it does not exist) at `target`, a folder of the site,
    under `swap_lock`; the folder it replaces is moved beside `new`, then deleted."""
    old = Path(tempfile.mkdtemp(prefix=".old-", dir=new.parent))
    try:
        with swap_lock:
            if target.exists():
                os.replace(target, old / target.name)
            if new.exists():
                os.replace(new, target)
    finally:
        shutil.rmtree(old, ignore_errors=True)


def swap_in(tmp: Path, out: Path) -> None:
    old = out.with_name(out.name + ".old-" + str(os.getpid()))
    if out.exists():
        os.replace(out, old)
    os.replace(tmp, out)
    shutil.rmtree(old, ignore_errors=True)
