"""The only reader of notes/: files -> Source(rel path, text, digest), or a diagnostic per unreadable file."""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from notebase.diagnostics import Diagnostic, SourcePos, error
from notebase.model import Source

NOTES_DIR = "notes"
MAX_NOTE_BYTES = 4 * 1024 * 1024  # far beyond any reading note; bounds the time one file can take
# characters that are not allowed in XML (feeds) and are parse errors in HTML; \x1e marks our links
_CONTROL_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def replace_control_chars(text: str) -> str:
    """Control characters (other than tab and newline) become U+FFFD, as markdown does with NUL."""
    return _CONTROL_CHARS.sub("\ufffd", text)


# A file whose stamp is this close to the scan that recorded it is read again: a second edit
# within one tick of the file system's clock (or of a coarse one: FAT's is 2 s) keeps its mtime.
RACY_NS = 2_000_000_000


@dataclass(frozen=True, slots=True)
class Stamp:
    """What a note file looked like when it was read: same stamp, same bytes (see RACY_NS)."""

    size: int
    mtime_ns: int
    inode: int
    digest: str


@dataclass(frozen=True, slots=True)
class Discovery:
    notes: tuple[tuple[str, str], ...]  # (path under notes/, content digest) of every readable note
    read: tuple[Source, ...]  # the notes read this time: new, changed, or too recent to trust
    stamps: dict[str, Stamp] = field(default_factory=dict)
    started_ns: int = 0  # when the scan began (stamps older than this, less RACY_NS, are trusted)
    diagnostics: tuple[Diagnostic, ...] = ()
    # every other file under notes/ (what notes may embed or link to): (path, size, mtime_ns)
    files: tuple[tuple[str, int, int], ...] = ()


def ignore_pattern(pattern: str) -> tuple[re.Pattern[str], bool]:
    """A gitignore-like glob -> (regex over a path under notes/, matches folders only). A pattern
    with a `/` inside (or at its start) is anchored at notes/; without, it matches a name at any
    depth. `*` and `?` stay within a name, `**` crosses folders; a trailing `/` means folders."""
    folders_only = pattern.endswith("/")
    core = pattern.strip().rstrip("/")
    anchored = "/" in core
    parts = re.split(r"(\*\*/|/\*\*|\*\*|\*|\?)", core.lstrip("/"))
    glob = {"**/": "(?:.*/)?", "/**": "(?:/.*)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}
    body = "".join(glob.get(part, re.escape(part)) for part in parts)
    return re.compile(("" if anchored else "(?:.*/)?") + body), folders_only


def make_ignore(patterns: tuple[str, ...]) -> Callable[[str, bool], bool]:
    """Whether a path under notes/ (a folder when the flag is set) is left out by `ignore:`."""
    compiled = [ignore_pattern(p) for p in patterns if p.strip().strip("/")]

    def ignored(path: str, is_folder: bool) -> bool:
        return any(
            rx.fullmatch(path) is not None and (is_folder or not folders_only)
            for rx, folders_only in compiled
        )

    return ignored


def scan_note_files(
    notes_dir: Path, ignore: tuple[str, ...] = ()
) -> tuple[list[tuple[str, os.stat_result]], list[Diagnostic]]:
    """Every file under notes_dir (notes and attachments) with its stat, in path order; names
    starting with _ or . and paths `ignore` patterns match skipped; a diagnostic for each folder
    that cannot be listed (none when notes_dir does not exist)."""
    found: list[tuple[str, os.stat_result]] = []
    diags: list[Diagnostic] = []
    folders, seen = [""], set[tuple[int, int]]()
    ignored = make_ignore(ignore)
    while folders:
        rel = folders.pop()
        entries = list_folder(notes_dir, rel, seen)
        if isinstance(entries, Diagnostic):
            diags.append(entries)
            continue
        for entry in entries:
            path = f"{rel}/{entry.name}" if rel else entry.name
            try:
                if entry.is_dir():
                    if not ignored(path, True):
                        folders.append(path)
                elif entry.is_file() and not ignored(path, False):
                    found.append((path, entry.stat()))
            except OSError:  # gone since listed, or a symbolic link to itself: no note
                continue
    return sorted(found, key=lambda item: item[0]), diags


def list_folder(
    notes_dir: Path, rel: str, seen: set[tuple[int, int]]
) -> list[os.DirEntry[str]] | Diagnostic:
    """The entries of a folder under notes_dir, but names starting with _ or . (none when notes_dir
    does not exist, or when the folder was listed already, through a symbolic link); or why it
    cannot be listed."""
    try:
        stat = os.stat(notes_dir / rel)
        if (stat.st_dev, stat.st_ino) in seen:
            return []
        seen.add((stat.st_dev, stat.st_ino))
        with os.scandir(notes_dir / rel) as entries:
            return sorted(
                (e for e in entries if not e.name.startswith(("_", "."))), key=lambda e: e.name
            )
    except FileNotFoundError:
        return []
    except OSError as exc:
        shown = f"{NOTES_DIR}/{rel}" if rel else NOTES_DIR
        hint = "notes/ must be a folder you can read" if not rel else ""
        return error("read-failed", f"cannot read folder: {exc.strerror}", SourcePos(shown), hint)


def list_note_files(notes_dir: Path, ignore: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Relative posix paths of every *.md under notes_dir, skipping names that start with _ or .
    and what `ignore` matches."""
    return tuple(rel for rel, _ in scan_note_files(notes_dir, ignore)[0] if rel.endswith(".md"))


def read_source(notes_dir: Path, rel_path: str) -> Source | Diagnostic:
    """Decode one note as UTF-8 (a BOM is dropped; CRLF and CR become LF)."""
    shown = f"{NOTES_DIR}/{rel_path}"
    path = notes_dir / rel_path
    try:
        size = path.stat().st_size
        if size > MAX_NOTE_BYTES:
            return too_large(shown, size)
        data = path.read_bytes()
    except OSError as exc:
        return error("read-failed", f"cannot read file: {exc.strerror}", SourcePos(shown))
    return decode_source(rel_path, shown, data)


def too_large(shown: str, size: int) -> Diagnostic:
    limit = MAX_NOTE_BYTES // (1024 * 1024)
    message = f"note is {size / (1024 * 1024):.1f} MB; notes are limited to {limit} MB"
    hint = "split it into several notes, or rename it to start with _ to leave it out"
    return error("note-too-large", message, SourcePos(shown, 1), hint)


def decode_source(rel_path: str, shown: str, data: bytes) -> Source | Diagnostic:
    if b"\x00" in data[:8192]:
        hint = "notes are UTF-8 text; move binary files out of notes/"
        return error(
            "binary-file", "file looks binary (it contains NUL bytes)", SourcePos(shown, 1), hint
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        hint = "save the file as UTF-8"
        return error(
            "not-utf8", f"invalid UTF-8 byte at offset {exc.start}", SourcePos(shown, line), hint
        )
    text = replace_control_chars(text.replace("\r\n", "\n").replace("\r", "\n"))
    digest = hashlib.sha256(data).hexdigest()
    return Source(rel_path, text, digest, shown)


def discover_sources(
    root: Path, ignore: tuple[str, ...] = ()
) -> tuple[tuple[Source, ...], tuple[Diagnostic, ...]]:
    """Every note read afresh."""
    found = discover_changes(root, {}, 0, ignore)
    return found.read, found.diagnostics


def discover_changes(
    root: Path, known: Mapping[str, Stamp], scanned_ns: int, ignore: tuple[str, ...] = ()
) -> Discovery:
    """Every note but those `ignore` leaves out, reading only those whose stamp differs from
    `known` (recorded by a scan that began at `scanned_ns`) or is too close to that scan to be
    trusted."""
    started = time.time_ns()
    notes_dir = root / NOTES_DIR
    notes, read, stamps, others = [], [], {}, []
    files, diags = scan_note_files(notes_dir, ignore)
    for rel, stat in files:
        if not rel.endswith(".md"):
            others.append((rel, stat.st_size, stat.st_mtime_ns))
            continue
        old = known.get(rel)
        if old is None or not is_trusted(old, stat, scanned_ns):
            result = read_source(notes_dir, rel)
            if isinstance(result, Diagnostic):
                diags.append(result)
                continue
            read.append(result)
            old = Stamp(stat.st_size, stat.st_mtime_ns, stat.st_ino, result.digest)
        notes.append((rel, old.digest))
        stamps[rel] = old
    return Discovery(tuple(notes), tuple(read), stamps, started, tuple(diags), tuple(others))


def is_trusted(stamp: Stamp, stat: os.stat_result, scanned_ns: int) -> bool:
    same = (stamp.size, stamp.mtime_ns, stamp.inode) == (
        stat.st_size,
        stat.st_mtime_ns,
        stat.st_ino,
    )
    return same and stamp.mtime_ns < scanned_ns - RACY_NS
