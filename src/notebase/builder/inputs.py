"""What a build reads, read once (Inputs): notebase.yaml, the notes (only those whose file stamp
changed), the templates, the theme's assets and static/. Its digest tells the warm-build
shortcut that a build would read exactly what the last one read: over the site it left as it
left it, there is nothing to do."""

from __future__ import annotations

import os
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from notebase.builder.sitefiles import STATIC_DIR
from notebase.builder.state import BuildOptions, BuildState, Stamp
from notebase.builder.write import MARKER_FILE
from notebase.config import Config, load_config
from notebase.diagnostics import Diagnostic, FilePos, error, has_errors
from notebase.digests import digest_bytes, digest_value
from notebase.files import real_path
from notebase.markdown.highlight import pygments_css
from notebase.markdown.texmacros import NO_MACROS, PREAMBLE, TexMacros, read_macros
from notebase.model import NoteFile
from notebase.planning.render import THEME_DIR, default_theme_dir
from notebase.reading.discover import NOTES_DIR, read_note, scan_note_files, underscored_notes
from notebase.slugs import is_drawing_text, is_note_file
from notebase.urls import ASSETS_DIR

# A file whose stamp is this close to the scan that recorded it is read again: a second edit
# within one tick of the file system's clock (or of a coarse one: FAT's is 2 s) keeps its mtime.
RACY_NS = 2_000_000_000


@dataclass(frozen=True, slots=True)
class Discovery:
    notes: tuple[tuple[str, str], ...]  # (path under notes/, content digest) of every readable note
    read: tuple[NoteFile, ...]  # the notes read this time: new, changed, or too recent to trust
    stamps: dict[str, Stamp] = field(default_factory=dict)
    started_ns: int = 0  # when the scan began (stamps older than this, less RACY_NS, are trusted)
    diagnostics: tuple[Diagnostic, ...] = ()
    # every other file under notes/ (what notes may embed or link to): (path, size, mtime_ns)
    files: tuple[tuple[str, int, int], ...] = ()
    # the notes left out (in the template folder, or named _x): a link to one is told apart
    left_out: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Inputs:
    """Everything one build reads, and a digest of it."""

    config: Config
    found: Discovery
    assets: dict[str, bytes]  # site path -> bytes: theme assets (yours win), static/, highlight CSS
    diagnostics: tuple[Diagnostic, ...]  # the config's and the assets' (the notes' are in found)
    digest: str
    macros: TexMacros = NO_MACROS  # the vault's TeX macros, which every note is parsed with
    head: str = ""  # a digest of all but the notes: equal heads, only notes changed


class Handed:
    """Inputs read already, handed down to the build that uses them, which takes them: no
    caller's frame then holds the notes' text (a build lets go of it once the notes are parsed)."""

    def __init__(self, inputs: Inputs) -> None:
        self.inputs: Inputs | None = inputs

    def take(self) -> Inputs:
        inputs, self.inputs = self.inputs, None
        assert inputs is not None, "inputs handed to one build are taken by it once"
        return inputs


def read_inputs(
    options: BuildOptions,
    known: Mapping[str, Stamp],
    scanned_ns: int,
    macros: TexMacros = NO_MACROS,
) -> Inputs:
    """Read what a build reads (with the vault's TeX `macros`, read already); a note whose stamp
    `known` holds (taken by a scan that began at `scanned_ns`) is not read again. Templates are
    digested here and compiled where rendered."""
    root = options.root
    config, config_diags = load_config(root)
    found = discover_changes(root, known, scanned_ns, config.ignore, config.quartz)
    unread: list[Diagnostic] = []  # a template that cannot be read is reported where it is used
    templates = {
        **read_tree(root / THEME_DIR, "templates", root, unread, skip=ASSETS_DIR),
        **read_tree(default_theme_dir(), "theme", root, unread, skip=ASSETS_DIR),
    }
    diags: list[Diagnostic] = [*config_diags]
    assets: dict[str, bytes] = {}
    for base in (default_theme_dir() / ASSETS_DIR, root / THEME_DIR / ASSETS_DIR):
        assets.update(read_tree(base, ASSETS_DIR, root, diags))
    assets[f"{ASSETS_DIR}/pygments.css"] = pygments_css().encode()
    assets.update(read_tree(root / STATIC_DIR, "", root, diags))
    head = inputs_head(options, config, found, {**templates, **assets}, macros.digest, diags)
    return Inputs(config, found, assets, tuple(diags), inputs_digest(head, found), macros, head)


def load_macros(root: Path) -> TexMacros:
    """The vault's TeX macros (notes/preamble.sty), none when there is no such file to read."""
    try:
        return read_macros((root / NOTES_DIR / PREAMBLE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return NO_MACROS


def inputs_head(
    options: BuildOptions,
    config: Config,
    found: Discovery,
    files: Mapping[str, bytes],
    macros: str = "",
    said: Sequence[Diagnostic] = (),
) -> str:
    """A digest of everything a build reads but the notes: its options and config, templates,
    assets and static files, the stamps of the other files under notes/, the TeX macros' digest,
    and what reading them said (`said`: a settings file changed only in what it warns of, such as
    a vault's Admonition colours, is told afresh) (notebase's own code is the cache's key: a state
    left by other code is never loaded)."""
    digests = {rel: digest_bytes(data) for rel, data in files.items()}
    seen = (found.diagnostics, found.files, found.left_out, tuple(said))
    return digest_value((config, options.drafts, seen, digests, macros))


def inputs_digest(head: str, found: Discovery) -> str:
    """A digest of everything a build reads: the `head` (inputs_head) and the notes."""
    notes = "\n".join(f"{rel}\x00{digest}" for rel, digest in found.notes)
    return digest_value((head, digest_bytes(notes.encode("utf-8", "surrogatepass"))))


def site_is_current(last: BuildState, options: BuildOptions, inputs: Inputs) -> bool:
    """The last build read exactly what this one would (`inputs`, read with its stamps), and its
    site is still there as written: then there is nothing to do, and its result stands."""
    out = real_path(options.out)
    if not (options.write and last.inputs and last.out == str(out)):
        return False
    if has_errors(last.diagnostics, options.strict) or not (out / MARKER_FILE).is_file():
        return False
    if last.unindexed:  # its search index lags behind its pages
        return False
    if inputs.digest != last.inputs:
        return False
    # an attachment is known by its stamp alone: one written in the last scan's tick may differ
    if any(mtime >= last.scanned_ns - RACY_NS for _, _, mtime in inputs.found.files):
        return False
    return stamp_folders(out, last) == last.folders


def stamp_folders(
    out: Path,
    state: BuildState,
    since: Mapping[str, int] | None = None,
    touched: Collection[str] = (),
) -> dict[str, int]:
    """The mtime of every folder of the site (with the site's own): a file added to or removed from
    a folder changes it, so equal stamps mean the site still holds just the files written. With
    `since` (the stamps before a few files were written in place), only the folders `touched`
    (those holding them) and new ones are stat'ed again."""
    folders = {rel.rpartition("/")[0] for rel in state.outputs} | {""}
    stamps = {}
    for rel in sorted(folders):
        if since is not None and rel in since and rel not in touched:
            stamps[rel] = since[rel]
            continue
        try:
            stamps[rel] = os.stat(out / rel).st_mtime_ns
        except OSError:
            stamps[rel] = -1
    return stamps


def read_tree(
    base: Path, prefix: str, root: Path, diags: list[Diagnostic], skip: str = ""
) -> dict[str, bytes]:
    """prefix/path -> bytes of every file under `base` (hidden files and folders, and the folder
    `skip` at its top, left out); a read-failed error (its path shown relative to `root`) for
    each file or folder that cannot be read."""
    if not base.is_dir():
        return {}
    found = {}
    for parts in list_tree(base, root, diags, skip):
        path = base.joinpath(*parts)
        try:
            found["/".join((prefix, *parts) if prefix else parts)] = path.read_bytes()
        except OSError as exc:
            diags.append(read_failed(path, root, "file", exc))
    return found


def list_tree(base: Path, root: Path, diags: list[Diagnostic], skip: str) -> list[tuple[str, ...]]:
    """The path parts under `base` of every file in it but hidden ones, in path order; a
    read-failed error for each folder that cannot be listed."""

    def unlisted(exc: OSError) -> None:
        diags.append(read_failed(Path(exc.filename), root, "folder", exc))

    files: list[tuple[str, ...]] = []
    for folder, dirs, names in os.walk(base, onerror=unlisted):
        top = Path(folder) == base
        dirs[:] = [d for d in dirs if not d.startswith(".") and not (top and d == skip)]
        parts = Path(folder).relative_to(base).parts
        visible = (n for n in names if not n.startswith("."))
        files.extend((*parts, n) for n in visible if Path(folder, n).is_file())
    return sorted(files)


def read_failed(path: Path, root: Path, what: str, exc: OSError) -> Diagnostic:
    shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else path
    return error("read-failed", f"cannot read {what}: {exc.strerror}", FilePos(str(shown)))


def discover_changes(
    root: Path,
    known: Mapping[str, Stamp],
    scanned_ns: int,
    ignore: tuple[str, ...] = (),
    underscored: bool = False,
) -> Discovery:
    """Every note but those `ignore` leaves out (and those named `_x.md`, unless `underscored`),
    reading only those whose stamp differs from `known` (recorded by a scan that began at
    `scanned_ns`) or is too close to that scan to be trusted; a markdown file that is a drawing (is_drawing_text) is among the other files."""
    started = time.time_ns()
    notes_dir = root / NOTES_DIR
    notes, read, stamps, others = [], [], {}, []
    files, diags, left_out = scan_note_files(notes_dir, ignore, underscored)
    if (told := underscored_notes(notes_dir, left_out)) is not None:
        diags.append(told)
    for rel, stat in files:
        if not is_note_file(rel):  # a drawing's own file too (X.excalidraw.md)
            others.append((rel, stat.st_size, stat.st_mtime_ns))
            continue
        old = known.get(rel)
        if old is None or not is_trusted(old, stat, scanned_ns):
            result = read_note(notes_dir, rel)
            if isinstance(result, Diagnostic):
                diags.append(result)
                continue
            if is_drawing_text(result.text):  # a drawing kept as X.md: read again each time
                others.append((rel, stat.st_size, stat.st_mtime_ns))
                continue
            read.append(result)
            old = Stamp(stat.st_size, stat.st_mtime_ns, stat.st_ino, result.digest)
        notes.append((rel, old.digest))
        stamps[rel] = old
    return Discovery(
        tuple(notes), tuple(read), stamps, started, tuple(diags), tuple(others), tuple(left_out)
    )


def is_trusted(stamp: Stamp, stat: os.stat_result, scanned_ns: int) -> bool:
    same = (stamp.size, stamp.mtime_ns, stamp.inode) == (
        stat.st_size,
        stat.st_mtime_ns,
        stat.st_ino,
    )
    return same and stamp.mtime_ns < scanned_ns - RACY_NS
