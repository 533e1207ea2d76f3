"""File-system helpers shared by the cache, the site writer and the search index: atomic writes,
temporary folders beside the site, safe joins, link-or-copy, and a file plan's KEEP and Staged."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import IO


def write_atomic(path: Path, data: bytes, mode: int = 0o600) -> None:
    """Write to a temporary file beside `path` and rename it over, so readers see old or new."""
    with open_atomic(path, mode) as handle:
        handle.write(data)


@contextmanager
def open_atomic(path: Path, mode: int = 0o600) -> Iterator[IO[bytes]]:
    """A file to write that replaces `path` once closed without error (see write_atomic)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_file(path: str | os.PathLike[str], data: bytes) -> None:
    """Path.write_bytes without its layers (a path object's, a file object's): for the thousands
    of pages a build writes. The file is made as open() makes it (0o666 less the umask)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def real_path(path: Path) -> Path:
    """The absolute path with symlinks resolved; a symlink loop is left as it is (Path.resolve
    raises RuntimeError on one before Python 3.13), for the file system to refuse when used."""
    return Path(os.path.realpath(path))


KEEP = None  # in a file plan: the file already in the output folder is current


@dataclass(frozen=True, slots=True)
class Staged:
    """A file already written to a staging folder (temp_folder): moved into the site, never
    held in memory."""

    path: Path
    # its search print (search.py's search_print: "" when it is no search result), made where it
    # was written (None: not known, the file is read to know)
    searched: str | None = None


@contextmanager
def temp_folder(out: Path) -> Iterator[Path]:
    """A new temporary folder beside `out` (see make_temp_folder), deleted on leaving with what is
    still in it. Named before it is made, so that an interrupt (Ctrl-C) the moment after it is
    made cannot leave it behind."""
    folder = temp_name(out)
    try:
        folder.mkdir(mode=0o700)
        yield folder
    finally:
        remove_folder(folder)


# The folders deleted while removals_later is in force, each with the child process deleting it:
# the kernel's work of unlinking thousands of files (an old site, Pagefind's scratch folders: a
# second and a half at 10,000 notes) is done on another core while the build goes on.
_REMOVING: ContextVar[list[tuple[Path, subprocess.Popen[bytes]]] | None] = ContextVar(
    "removing", default=None
)


@contextmanager
def removals_later() -> Iterator[None]:
    """Folders deleted meanwhile are deleted by child processes, waited for on leaving (one that
    failed or was interrupted, its folder deleted here): none is left once it is over. A thread
    started meanwhile defers its deletions only when run in a copy of this context."""
    removing: list[tuple[Path, subprocess.Popen[bytes]]] = []
    token = _REMOVING.set(removing)
    try:
        yield
    finally:
        _REMOVING.reset(token)
        for folder, process in removing:
            if process.wait() != 0 or folder.exists():
                shutil.rmtree(folder, ignore_errors=True)


def remove_folder(folder: Path) -> None:
    """Delete a folder and all in it: at once, or by a child process under removals_later (where
    no process can be started, at once)."""
    removing, rm = _REMOVING.get(), shutil.which("rm")
    if removing is not None and rm is not None:
        quiet = subprocess.DEVNULL
        try:
            process = subprocess.Popen(
                [rm, "-rf", "--", str(folder)], stdin=quiet, stdout=quiet, stderr=quiet
            )
        except OSError:
            pass
        else:
            removing.append((folder, process))
            return
    shutil.rmtree(folder, ignore_errors=True)


def temp_prefix(out: Path) -> str:
    return f".{out.name}.tmp-"


def make_temp_folder(out: Path) -> Path:
    """A new folder beside `out` (so on its file system) named for this process: should the
    process be killed, the next build's remove_leftovers deletes it."""
    folder = temp_name(out)
    folder.mkdir(mode=0o700)
    return folder


def temp_name(out: Path) -> Path:
    """A name for a new temporary folder beside `out` (whose parent is made as needed)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    return out.parent / f"{temp_prefix(out)}{os.getpid()}-{secrets.token_hex(6)}"


def link_or_copy(src: str | Path, dst: str | Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def clean_rel(rel: str) -> str:
    """`rel` itself when it names a path inside any folder by its words alone (no absolute path, no
    `..`, `.` or empty part, no NUL); a programmer error otherwise, as in safe_join."""
    parts = rel.split("/")
    if "\x00" in rel or "\\" in rel or any(p in ("", ".", "..") for p in parts):
        raise ValueError(f"output path escapes the site folder: {rel!r}")
    return rel


def safe_join(base: Path, rel: str) -> Path:
    """base/rel, refusing any path that would leave base (a programmer error: slugs are clean)."""
    target = (base / rel).resolve()
    if not target.is_relative_to(base.resolve()) or "\x00" in rel:
        raise ValueError(f"output path escapes the site folder: {rel!r}")
    return target
