"""Pages and assets -> site/: assembled beside the output and swapped in whole; unchanged files kept."""

from __future__ import annotations

import contextvars
import ctypes
import os
import shutil
from collections.abc import Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from notebase.diagnostics import Diagnostic, FilePos, error
from notebase.files import (
    KEEP,
    Staged,
    clean_rel,
    link_or_copy,
    real_path,
    remove_folder,
    safe_join,
    temp_folder,
    temp_prefix,
    write_atomic,
)
from notebase.records import fast_pickling

MARKER_FILE = ".notebase-site"
MARKER_TEXT = b"built by notebase\n"
INPUT_DIRS = ("notes", "templates", "static")
RENAME_EXCHANGE, AT_FDCWD = 2, -100  # renameat2(2) on Linux


def check_output_dir(out: Path, root: Path, force: bool = False) -> Diagnostic | None:
    """Refuse an output folder that is or holds the notes, the project, the home folder (so /), or
    that lies inside an input folder; a foreign non-empty folder unless `force`; and one the file
    system will not look into (a name too long). A symlink loop passes (it does not exist, to
    these checks): writing the site into it fails, as `write-failed`."""
    try:
        return refuse_output_dir(real_path(out), real_path(root), force)
    except OSError as exc:
        message = f"cannot use {out} as the output folder: {exc.strerror or exc}"
        return error("unsafe-out", message, FilePos(str(out)), "choose another --out")


def refuse_output_dir(out: Path, root: Path, force: bool) -> Diagnostic | None:
    precious = (real_path(Path.home()), root, real_path(root / "notes"))  # never replaced whole
    inputs = tuple(real_path(root / name) for name in INPUT_DIRS)  # never written into
    if any(p.is_relative_to(out) for p in precious) or any(out.is_relative_to(p) for p in inputs):
        hint = "choose a folder of its own, such as site/"
        return error(
            "unsafe-out", f"refusing to write the site into {out}", FilePos(str(out)), hint
        )
    if out.exists() and not out.is_dir():
        return error("unsafe-out", f"{out} exists and is not a folder", FilePos(str(out)))
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER_FILE).exists() and not force:
        hint = "notebase only replaces folders it created; pass --force to replace it anyway"
        return error(
            "unsafe-out",
            f"{out} is not empty and was not made by notebase",
            FilePos(str(out)),
            hint,
        )
    return None


IN_PLACE_MIN = 64  # a rebuild changing at most this many files (or a quarter) writes them in place


@fast_pickling
@dataclass(frozen=True, slots=True)
class WriteOutcome:
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]


def update_site(
    out: Path,
    files: Mapping[str, bytes | Staged | None],
    swap_lock: AbstractContextManager[object] | None = None,
    existing: set[str] | None = None,
    tree: SiteTree | None = None,
) -> WriteOutcome:
    """Make `out` hold exactly `files` (None: keep the current file; Staged: that file put in);
    untouched when nothing changed.

    The new site is assembled beside `out` (unchanged files hard-linked, so never rewritten) and
    swapped in whole, so an interrupted build leaves the old site. Under a server (`swap_lock`
    given), a few changes are written in place instead, under the lock, so readers see old or new.
    `existing` is the listing of `out` when the caller already has it; `tree`, a new site begun
    with some of the files already (SiteTree.begin), is finished rather than begun again.
    """
    out = real_path(out)
    remove_leftovers(out)
    existing = list_site_files(out) if existing is None else existing
    known = tree.wait() if tree is not None else {}
    unchanged = tuple(
        rel
        for rel, data in sorted(files.items())
        if is_known_current(out, rel, data, existing, known)
    )
    written = tuple(sorted(set(files) - set(unchanged)))
    removed = tuple(sorted(existing - set(files)))
    lock = swap_lock or nullcontext()
    changes = len(written) + len(removed)
    in_place = swap_lock is not None and changes <= in_place_limit(files)
    if not (out / MARKER_FILE).is_file() or (changes and not in_place):
        with nullcontext(tree) if tree is not None else site_tree(out) as new:
            new.add(files, set(unchanged))
            new.swap_in(lock)
    elif changes:
        update_in_place(out, {rel: files[rel] for rel in written}, removed, lock)
    return WriteOutcome(written, unchanged, removed)


def is_known_current(
    out: Path, rel: str, data: bytes | Staged | None, existing: set[str], known: Mapping[str, bool]
) -> bool:
    """is_current, or what `known` says of it (a SiteTree's files placed already)."""
    return known[rel] if rel in known else is_current(out, rel, data, existing)


def in_place_limit(files: Mapping[str, object]) -> int:
    """Up to this many changed files are written in place rather than in a whole new tree."""
    return max(IN_PLACE_MIN, len(files) // 4)


def site_identity(out: Path) -> str:
    """Which swap put the site in place: its marker file is new with each one ("" when none)."""
    try:
        stat = (out / MARKER_FILE).stat()
    except OSError:
        return ""
    return f"{stat.st_ino}:{stat.st_mtime_ns}"


def write_marker(site: Path) -> None:
    """The file that tells a folder notebase made: new with each change (see site_identity)."""
    write_atomic(site / MARKER_FILE, MARKER_TEXT, 0o644)


def remove_leftovers(out: Path) -> None:
    """Delete the temporary folders (make_temp_folder) of processes that are gone: builds that were
    killed; an old site set aside by a build killed mid-swap is put back first."""
    if not out.parent.is_dir():
        return
    for path in sorted(out.parent.glob(temp_prefix(out) + "*")):
        pid = path.name[len(temp_prefix(out)) :].split("-", 1)[0]
        if not path.is_dir() or not pid.isdigit() or is_running(int(pid)):
            continue
        if path.name.endswith("-old") and not out.exists():
            os.replace(path, out)
        else:
            shutil.rmtree(path, ignore_errors=True)


def is_running(pid: int) -> bool:
    if os.name != "posix":  # os.kill(pid, 0) would signal the process there: assume it runs
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def is_current(out: Path, rel: str, data: bytes | Staged | None, existing: set[str]) -> bool:
    if rel not in existing:
        return False
    try:  # `existing` may be what the last build wrote (build.site_files), not a listing
        if isinstance(data, Staged):
            return same_bytes(out / rel, data.path)
        return data is KEEP or (out / rel).read_bytes() == data
    except FileNotFoundError:
        return False


def same_bytes(a: Path, b: Path) -> bool:
    return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()


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
    changed: Mapping[str, bytes | Staged | None],
    removed: tuple[str, ...],
    swap_lock: AbstractContextManager[object],
) -> None:
    """Replace each changed file atomically and delete the stale ones (with their emptied folders)."""
    targets = {rel: safe_join(out, rel) for rel in (*changed, *removed)}  # refuse before writing
    with swap_lock:
        # a new marker first: a site whose writing was cut short is not the one any state recorded
        write_marker(out)
        for rel, data in changed.items():
            assert data is not None, f"{rel} is to be kept but is not in the site"
            if isinstance(data, Staged):  # a rename: atomic as well
                targets[rel].parent.mkdir(parents=True, exist_ok=True)
                data.path.chmod(0o644)
                os.replace(data.path, targets[rel])
            else:
                write_atomic(targets[rel], data, 0o644)  # readable by web servers
        for rel in removed:
            targets[rel].unlink(missing_ok=True)
            prune_empty_folders(targets[rel].parent, out)


def prune_empty_folders(folder: Path, out: Path) -> None:
    while folder != out and folder.is_relative_to(out) and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


@contextmanager
def site_tree(out: Path) -> Iterator[SiteTree]:
    """A new site being assembled beside `out`: after the swap, its folder holds the old site, and
    is deleted on leaving (with the new site, when it was not swapped in)."""
    with temp_folder(out) as folder:
        folder.chmod(0o755)  # a temporary folder's 0700 would hide the site from a web server
        tree = SiteTree(out, folder)
        try:
            yield tree
        finally:
            tree.close()


class SiteTree:
    """A new site assembled in a temporary folder beside `out`, then swapped in whole. Its first
    files may be placed in a thread (`begin`) while the build makes the rest (the search index);
    `add` places the others, `swap_in` puts it in place."""

    def __init__(self, out: Path, folder: Path) -> None:
        self.out, self.folder = out, folder
        self.made: set[str] = set()  # a new folder holds no symlink: the paths are checked by words
        self.current: dict[str, bool] = {}  # each file placed: whether it was the one in `out`
        self.pool: ThreadPoolExecutor | None = None
        self.begun: Future[None] | None = None

    def begin(self, files: Mapping[str, bytes | Staged | None], existing: set[str]) -> None:
        """Place `files` in a thread (each unchanged one linked from `out`), `add` waiting for it."""
        self.pool = ThreadPoolExecutor(1, "notebase-site")
        run = contextvars.copy_context().run  # its deletions deferred as the build's are
        self.begun = self.pool.submit(run, self.place_current, dict(files), existing)

    def place_current(self, files: Mapping[str, bytes | Staged | None], existing: set[str]) -> None:
        current = {rel: is_current(self.out, rel, data, existing) for rel, data in files.items()}
        self.place(files, {rel for rel, same in current.items() if same}, move=False)
        self.current.update(current)

    def add(self, files: Mapping[str, bytes | Staged | None], unchanged: set[str]) -> None:
        """Place the files not placed yet (those in `unchanged` linked from `out`)."""
        assert self.wait().keys() <= files.keys(), "a file placed is not in the site"
        self.place({r: d for r, d in files.items() if r not in self.current}, unchanged)

    def place(
        self, files: Mapping[str, bytes | Staged | None], unchanged: set[str], move: bool = True
    ) -> None:
        """Each file put in the tree: linked from `out` when `unchanged`, moved (or with `move`
        False, linked: the search index may read it still) when it is Staged, else written."""
        for rel, data in sorted(files.items()):
            folder, _, _ = clean_rel(rel).rpartition("/")
            if folder not in self.made:
                os.makedirs(os.path.join(self.folder, folder), exist_ok=True)
                self.made.add(folder)
            target = os.path.join(self.folder, rel)
            if rel in unchanged:
                link_or_copy(os.path.join(self.out, rel), target)
            elif isinstance(data, Staged):
                (os.replace if move else link_or_copy)(data.path, target)
            else:
                assert data is not None, f"{rel} is to be kept but is not in the site"
                with open(target, "wb") as handle:
                    handle.write(data)

    def swap_in(self, swap_lock: AbstractContextManager[object]) -> None:
        write_marker(self.folder)
        with swap_lock:
            swap_in(self.folder, self.out)

    def wait(self) -> dict[str, bool]:
        """The files `begin` placed, each with whether it was the one in `out`, once they are
        (raising what placing them raised)."""
        if self.begun is not None:
            begun, self.begun = self.begun, None
            begun.result()
        return self.current

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)


def swap_folder(new: Path, out: Path, name: str, swap_lock: AbstractContextManager[object]) -> None:
    """Put the folder `new` (nothing, when it does not exist) at out/`name` under `swap_lock`, after
    a new site marker (as in update_in_place); the folder it replaces is moved into a temporary
    folder beside `out`, then deleted. `new` must be on the file system of `out`."""
    target = safe_join(out, name)
    with temp_folder(out) as old, swap_lock:
        write_marker(out)
        if target.exists():
            os.replace(target, old / name)
        if new.exists():
            os.replace(new, target)


def swap_in(tmp: Path, out: Path) -> None:
    """`out` becomes the new site in one step: at every instant it is the old site or the new one
    (where the system cannot exchange two folders, the old one is renamed aside for an instant).
    The old site is deleted with the temporary folder `tmp` (remove_folder: by a child process
    under removals_later)."""
    if out.exists() and exchange_paths(tmp, out):
        return  # tmp now holds the old site
    old, first = tmp.with_name(tmp.name + "-old"), not out.exists()
    if not first:
        os.replace(out, old)
    os.replace(tmp, out)
    if not first:
        remove_folder(old)


def exchange_paths(a: Path, b: Path) -> bool:
    """Atomically swap two paths (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError, TypeError):
        return False
    renameat2.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    result = renameat2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE)
    return bool(result == 0)
