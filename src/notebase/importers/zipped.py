"""A zip given to `import`, unzipped into a temporary folder to be read as the folder it unzips to.

Its members are checked before any is unzipped: none may name a path out of the folder (`..`, an
absolute path, a drive letter, a backslash, a name twice), none may be encrypted, and the whole
may not unzip to more than MAX_TOTAL bytes or MAX_MEMBERS members, nor a member to more than
MAX_RATIO times its zipped size (a zip bomb). Links are not unzipped, nor macOS's `__MACOSX/`
copies. A zip inside is unzipped as a file, never opened. The only module that reads zips."""

from __future__ import annotations

import re
import stat
import tempfile
import zipfile
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from notebase.diagnostics import Diagnostic, FilePos, error, warning

__all__ = ["MAC_COPIES", "MAX_MEMBERS", "MAX_RATIO", "MAX_TOTAL", "is_zip", "unzipped"]

MAX_MEMBERS = 50_000
MAX_TOTAL = 1 << 30  # bytes unzipped: 1 GiB
MAX_RATIO = 100  # a member unzips to at most this many times its zipped size…
RATIO_FLOOR = 1 << 20  # …once it unzips to more than 1 MiB (a small file may shrink more)
CHUNK = 1 << 20
MAC_COPIES = "__MACOSX"  # the copies of its files' attributes macOS's Finder adds to a zip
_DRIVE = re.compile(r"^[A-Za-z]:")
BAD_ZIP_HINT = (
    "download the export again (the zip may be cut short), or unzip it and import its folder"
)


def is_zip(path: Path) -> bool:
    """A file named `.zip`: read as a zip, whatever it holds (one that is none is told so)."""
    return path.suffix.lower() == ".zip" and path.is_file()


@dataclass(frozen=True, slots=True)
class Member:
    info: zipfile.ZipInfo
    parts: tuple[str, ...]  # its path in the folder, checked


class Refused(Exception):
    """The zip is not unzipped: `problem` says why."""

    def __init__(self, problem: Diagnostic) -> None:
        super().__init__(problem.message)
        self.problem = problem


@contextmanager
def unzipped(path: Path, shown: str) -> Iterator[tuple[Path | None, list[Diagnostic]]]:
    """The folder `path` unzips to (named as the zip, less `.zip`), in a temporary folder removed
    on leaving, with the problems met; None, with the reason, for a zip that is refused."""
    with tempfile.TemporaryDirectory(prefix="notebase-import-", ignore_cleanup_errors=True) as tmp:
        folder = Path(tmp) / (path.stem.strip(". ") or "zip")
        try:
            notes = unzip(path, shown, folder)
        except Refused as exc:
            yield None, [exc.problem]
        else:
            yield folder, notes


def unzip(path: Path, shown: str, folder: Path) -> list[Diagnostic]:
    """Unzip `path` into `folder` once every member is checked; Refused when one may not be."""
    pos = FilePos(shown)
    try:
        with zipfile.ZipFile(path) as archive:
            members, notes = checked_members(archive.infolist(), shown)
            folder.mkdir()
            for member in members:
                extract(archive, member, folder)
    except Refused:
        raise
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        NotImplementedError,
        EOFError,
        RuntimeError,
        ValueError,
        zlib.error,
    ) as exc:
        raise Refused(
            error("import-bad-zip", f"not a readable zip: {exc}", pos, BAD_ZIP_HINT)
        ) from exc
    except OSError as exc:
        message = f"cannot unzip: {exc.strerror or exc}"
        hint = "check that the zip can be read and the temporary folder (TMPDIR) has room"
        raise Refused(error("import-bad-zip", message, pos, hint)) from exc
    return notes


def checked_members(
    infos: Sequence[zipfile.ZipInfo], shown: str
) -> tuple[list[Member], list[Diagnostic]]:
    """The members to unzip, each checked (Refused at the first that may not be), and a warning
    for the links left out."""
    pos = FilePos(shown)
    if len(infos) > MAX_MEMBERS:
        raise Refused(too_large(f"it holds {len(infos):,} files", pos))
    members, links, total = [], [], 0
    for info in infos:
        parts = member_parts(info.filename)
        if parts is None:
            raise Refused(unsafe(info.filename, "a path out of the folder it unzips to", pos))
        if info.flag_bits & 0x1:
            message = f"{info.filename} is encrypted: the zip is not read"
            hint = "unzip it with its password, then import its folder"
            raise Refused(error("import-zip-encrypted", message, pos, hint))
        total += info.file_size
        if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise Refused(
                too_large(f"{info.filename} unzips to over {MAX_RATIO} times its size", pos)
            )
        if parts[0] == MAC_COPIES:
            continue
        if stat.S_ISLNK(info.external_attr >> 16):
            links.append(info.filename)
            continue
        members.append(Member(info, parts))
    if total > MAX_TOTAL:
        raise Refused(too_large(f"it unzips to {total:,} bytes", pos))
    check_names(members, pos)
    notes = []
    if links:
        message = f"{len(links)} link(s) in the zip not followed, {links[0]} first"
        notes.append(warning("import-zip-link", message, pos, "import the files they lead to"))
    return members, notes


def check_names(members: Sequence[Member], pos: FilePos) -> None:
    """Refused when two members name one path (in any case: one file on macOS or Windows), or a
    file names a folder another member is in."""
    seen: set[tuple[str, ...]] = set()
    files: set[tuple[str, ...]] = set()
    for member in members:
        key = tuple(part.casefold() for part in member.parts)
        if key in seen and (not member.info.is_dir() or key in files):
            raise Refused(unsafe(member.info.filename, "named twice", pos))
        seen.add(key)
        if not member.info.is_dir():
            files.add(key)
    for member in members:
        key = tuple(part.casefold() for part in member.parts)
        if any(key[:k] in files for k in range(1, len(key))):
            raise Refused(unsafe(member.info.filename, "in a folder named as a file", pos))


def unsafe(name: str, why: str, pos: FilePos) -> Diagnostic:
    message = f"{name!r} is {why}: the zip is not read"
    hint = "unzip it with a tool you trust and import the files you want"
    return error("import-zip-unsafe", message, pos, hint)


def too_large(why: str, pos: FilePos) -> Diagnostic:
    limit = f"{MAX_TOTAL >> 20:,} MiB in {MAX_MEMBERS:,} files, no file over {MAX_RATIO} times its zipped size"
    hint = f"a zip is read up to {limit}; unzip one you trust and import its folder"
    return error("import-zip-too-large", f"{why}: the zip is not read", pos, hint)


def member_parts(name: str) -> tuple[str, ...] | None:
    """A member's path as its folders and name (`./` and `//` read as nothing), or None when it
    would lead out of the folder: `..`, an absolute path, a drive letter, a backslash, a NUL."""
    if not name or name.startswith("/") or _DRIVE.match(name) or "\\" in name or "\0" in name:
        return None
    parts = tuple(part for part in name.split("/") if part not in ("", "."))
    if not parts or ".." in parts:
        return None
    return parts


def extract(archive: zipfile.ZipFile, member: Member, folder: Path) -> None:
    """One member written under `folder` (a new file: none is overwritten), no more bytes than
    it says it holds."""
    target = folder.joinpath(*member.parts)
    if member.info.is_dir():
        target.mkdir(parents=True, exist_ok=True)
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    written = 0
    with archive.open(member.info) as source, target.open("xb") as out:
        while chunk := source.read(CHUNK):
            written += len(chunk)
            if written > member.info.file_size:
                raise zipfile.BadZipFile(f"{member.info.filename} holds more than it says")
            out.write(chunk)
