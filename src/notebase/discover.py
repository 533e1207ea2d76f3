"""The only reader of notes/: files -> Source(rel path, text, digest), or a diagnostic per unreadable file."""

from __future__ import annotations

import hashlib
import re
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


def list_note_files(notes_dir: Path) -> tuple[str, ...]:
    """Relative posix paths of every *.md under notes_dir, skipping names that start with _ or ."""
    if not notes_dir.is_dir():
        return ()
    found = []
    for path in notes_dir.rglob("*.md"):
        rel = path.relative_to(notes_dir)
        if any(part.startswith(("_", ".")) for part in rel.parts) or not path.is_file():
            continue
        found.append(rel.as_posix())
    return tuple(sorted(found))


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


def discover_sources(root: Path) -> tuple[tuple[Source, ...], tuple[Diagnostic, ...]]:
    notes_dir = root / NOTES_DIR
    sources: list[Source] = []
    diags: list[Diagnostic] = []
    for rel in list_note_files(notes_dir):
        result = read_source(notes_dir, rel)
        if isinstance(result, Source):
            sources.append(result)
        else:
            diags.append(result)
    return tuple(sources), tuple(diags)
