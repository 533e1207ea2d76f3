"""The only reader of notes/: files -> NoteFile(rel path, text, digest), or a diagnostic per unreadable file."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from notebase.diagnostics import Diagnostic, FilePos, error, info
from notebase.model import NoteFile
from notebase.reading.vaultjson import read_settings
from notebase.slugs import is_drawing_text, is_note_file

NOTES_DIR = "notes"
MAX_NOTE_BYTES = 4 * 1024 * 1024  # far beyond any reading note; bounds the time one file can take
# characters that are not allowed in XML (feeds) and are parse errors in HTML; \x1e marks our links;
# and lone surrogates, which no UTF-8 can hold (a file name that is not UTF-8 decodes to them)
_CONTROL_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def replace_control_chars(text: str) -> str:
    """Control characters (other than tab and newline) become U+FFFD, as markdown does with NUL;
    so do lone surrogates."""
    return _CONTROL_CHARS.sub("\ufffd", text)


# the UTF-8 of what replace_control_chars replaces, taken from its pattern: the C0 controls it
# matches (each its own byte), and the lead U+FFFE and U+FFFF share (EF BF, which also begins a
# few rare characters); a lone surrogate has no UTF-8
CONTROL_BYTES = bytes(c for c in range(0x20) if _CONTROL_CHARS.match(chr(c)))
CONTROL_LEAD = "\ufffe".encode()[:2]


def may_hold_control_chars(data: bytes) -> bool:
    """Whether the text whose UTF-8 is `data` may hold a character replace_control_chars
    replaces: sought as bytes, several times faster than the regex over the text (which, over
    every note at 10,000 notes, was 0.45 s of reading them)."""
    return len(data.translate(None, CONTROL_BYTES)) != len(data) or CONTROL_LEAD in data


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
    if not compiled:
        return lambda _path, _is_folder: False

    def ignored(path: str, is_folder: bool) -> bool:
        return any(
            rx.fullmatch(path) is not None and (is_folder or not folders_only)
            for rx, folders_only in compiled
        )

    return ignored


def scan_note_files(
    notes_dir: Path, ignore: tuple[str, ...] = (), underscored: bool = False
) -> tuple[list[tuple[str, os.stat_result]], list[Diagnostic], list[str]]:
    """Every file under notes_dir (notes and attachments) with its stat, in path order; names
    starting with . and paths `ignore` patterns match skipped, and notes (*.md) whose name or a
    folder's starts with _ (unless `underscored`: a Quartz garden publishes them), or in the vault's folder of note templates (template_folders), whose
    other files are attachments all the same (a vault's `_attachments/`, a base kept in
    `Templates/`); a diagnostic for each folder that cannot be listed (none when notes_dir does
    not exist); and the paths of the notes so left out (a link to one is told apart)."""
    found: list[tuple[str, os.stat_result]] = []
    diags: list[Diagnostic] = []
    left: list[str] = []
    folders, seen = [("", False)], set[tuple[int, int]]()
    ignored = make_ignore(ignore)
    templates = template_folders(notes_dir)
    while folders:
        rel, hidden = folders.pop()
        entries = list_folder(notes_dir, rel, seen)
        if isinstance(entries, Diagnostic):
            diags.append(entries)
            continue
        for entry in entries:
            path = f"{rel}/{entry.name}" if rel else entry.name
            # no note there, files all the same
            private = entry.name.startswith("_") and not underscored
            left_out = hidden or private or path.casefold() in templates
            no_note = left_out and path.endswith(".md")
            try:
                if entry.is_dir():
                    if not ignored(path, True):
                        folders.append((path, left_out))
                elif entry.is_file() and not ignored(path, False):
                    if no_note:
                        left.append(path)
                    else:
                        found.append((path, entry.stat()))
            except OSError:  # gone since listed, or a symbolic link to itself: no note
                continue
    return sorted(found, key=lambda item: item[0]), diags, sorted(left)


TEMPLATE_FOLDERS = ("templates", "_templates")  # at the top of a vault with no setting, any case
# where Obsidian's core Templates plugin, and the Templater plugin, keep the vault's template folder
TEMPLATE_SETTINGS = (
    (".obsidian/templates.json", "folder"),
    (".obsidian/plugins/templater-obsidian/data.json", "templates_folder"),
)


def template_folders(notes_dir: Path) -> frozenset[str]:
    """The folders (case-folded paths under notes/) of the vault's note templates: those its
    Obsidian settings name, else a top-level `templates/` or `_templates/` (a folder of that name
    deeper down is taken for notes about templates, as in obsidian-community/obsidian-hub)."""
    named = set()
    for setting, key in TEMPLATE_SETTINGS:
        settings = read_settings(notes_dir / setting)  # none, unreadable, or no JSON object
        value = settings.get(key) if isinstance(settings, dict) else None
        if isinstance(value, str) and value.strip("/ "):
            named.add(value.strip("/ ").casefold())
    return frozenset(named or TEMPLATE_FOLDERS)


def underscored_notes(notes_dir: Path, left_out: Sequence[str]) -> Diagnostic | None:
    """In an Obsidian vault (notes/.obsidian), which gives `_` no meaning, the notes left out for
    a name or a folder's starting with `_` (notebase's rule for notes kept aside; not its note
    templates) are told, never lost unsaid: how many, and the first."""
    if not left_out or not (notes_dir / ".obsidian").is_dir():
        return None
    templates = template_folders(notes_dir)
    private = [
        path
        for path in left_out
        if any(part.startswith("_") for part in path.split("/"))
        and not any(part.startswith(".") for part in path.split("/"))
        and not any(path.casefold().startswith(f"{folder}/") for folder in templates)
    ]
    if not private:
        return None
    message = f"{len(private)} note(s) named with a leading `_` (or in such a folder) left out"
    message += f", as notebase leaves such names aside: the first, notes/{private[0]}"
    hint = "rename the note (or its folder) without the `_` to publish it"
    return info("underscored-note", message, FilePos(f"{NOTES_DIR}/{private[0]}"), hint)


def list_folder(
    notes_dir: Path, rel: str, seen: set[tuple[int, int]]
) -> list[os.DirEntry[str]] | Diagnostic:
    """The entries of a folder under notes_dir, but names starting with . (none when notes_dir
    does not exist, or when the folder was listed already, through a symbolic link); or why it
    cannot be listed."""
    try:
        stat = os.stat(notes_dir / rel)
        if (stat.st_dev, stat.st_ino) in seen:
            return []
        seen.add((stat.st_dev, stat.st_ino))
        with os.scandir(notes_dir / rel) as entries:
            return sorted((e for e in entries if not e.name.startswith(".")), key=lambda e: e.name)
    except FileNotFoundError:
        return []
    except OSError as exc:
        shown = f"{NOTES_DIR}/{rel}" if rel else NOTES_DIR
        hint = "notes/ must be a folder you can read" if not rel else ""
        return error("read-failed", f"cannot read folder: {exc.strerror}", FilePos(shown), hint)


def list_note_files(notes_dir: Path, ignore: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Relative posix paths of every *.md under notes_dir, skipping names that start with . (and
    notes whose name or folder starts with _) and what `ignore` matches."""
    return tuple(rel for rel, _ in scan_note_files(notes_dir, ignore)[0] if is_note_file(rel))


def read_note(notes_dir: Path, rel_path: str) -> NoteFile | Diagnostic:
    """Decode one note as UTF-8 (a BOM is dropped; CRLF and CR become LF)."""
    shown = f"{NOTES_DIR}/{rel_path}"
    path = notes_dir / rel_path
    try:
        size = path.stat().st_size
        if size > MAX_NOTE_BYTES:
            return too_large(shown, size)
        data = path.read_bytes()
    except OSError as exc:
        return error("read-failed", f"cannot read file: {exc.strerror}", FilePos(shown))
    return decode_note(rel_path, shown, data)


def too_large(shown: str, size: int) -> Diagnostic:
    limit = MAX_NOTE_BYTES // (1024 * 1024)
    message = f"note is {size / (1024 * 1024):.1f} MB; notes are limited to {limit} MB"
    hint = "split it into several notes, or rename it to start with _ to leave it out"
    return error("note-too-large", message, FilePos(shown, 1), hint)


BINARY_NULS = 100  # a file with more than 1 NUL byte in this many (in its first 8 KiB) is binary


def decode_note(rel_path: str, shown: str, data: bytes) -> NoteFile | Diagnostic:
    """The note a file's bytes hold, or why they hold none. A few NUL bytes in UTF-8 text (a PDF's
    source pasted in a code block) are control characters like the others, shown as U+FFFD."""
    head = data[:8192]
    nuls = head.count(b"\x00")
    if nuls * BINARY_NULS > len(head):
        return binary_file(shown)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if nuls:  # NUL bytes, and no UTF-8 text
            return binary_file(shown)
        line = data[: exc.start].count(b"\n") + 1
        hint = "save the file as UTF-8"
        return error(
            "not-utf8", f"invalid UTF-8 byte at offset {exc.start}", FilePos(shown, line), hint
        )
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if may_hold_control_chars(data):  # strict UTF-8 decoding leaves no lone surrogate
        text = replace_control_chars(text)
    digest = hashlib.sha256(data).hexdigest()
    return NoteFile(rel_path, text, digest, shown)


def binary_file(shown: str) -> Diagnostic:
    hint = "notes are UTF-8 text; move binary files out of notes/"
    message = "file looks binary (it contains NUL bytes)"
    return error("binary-file", message, FilePos(shown, 1), hint)


def discover_notes(
    root: Path, ignore: tuple[str, ...] = ()
) -> tuple[tuple[NoteFile, ...], tuple[Diagnostic, ...]]:
    """Every note read (a drawing kept as `X.md` is none: is_drawing_text), with a diagnostic
    for each that cannot be."""
    notes_dir = root / NOTES_DIR
    files, diags, _ = scan_note_files(notes_dir, ignore)
    sources: list[NoteFile] = []
    for rel, _ in files:
        result = read_note(notes_dir, rel) if is_note_file(rel) else None
        if isinstance(result, Diagnostic):
            diags.append(result)
        elif result is not None and not is_drawing_text(result.text):
            sources.append(result)
    return tuple(sources), tuple(diags)
