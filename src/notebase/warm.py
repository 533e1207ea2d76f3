"""The warm-build shortcut: a build that would read exactly what the last one read, over the site it
left as it left it, has nothing to do (told by file stamps and digests, without parsing a note)."""

from __future__ import annotations

import os
from pathlib import Path

from notebase.buildstate import BuildOptions, BuildState
from notebase.config import Config, load_config
from notebase.diagnostics import Diagnostic, has_errors
from notebase.discover import RACY_NS, Discovery, discover_changes
from notebase.fileplan import STATIC_DIR, read_tree
from notebase.files import real_path
from notebase.fingerprint import digest_bytes, digest_value
from notebase.render import THEME_DIR, default_theme_dir
from notebase.write import MARKER_FILE


def site_is_current(last: BuildState, options: BuildOptions) -> bool:
    """The last build read exactly what this one would, and its site is still there as written:
    then there is nothing to do, and its result stands."""
    out = real_path(options.out)
    if not (options.write and last.inputs and last.out == str(out)):
        return False
    if has_errors(last.diagnostics, options.strict) or not (out / MARKER_FILE).is_file():
        return False
    if last.unindexed:  # its search index lags behind its pages
        return False
    config, _ = load_config(options.root)
    found = discover_changes(options.root, last.stamps, last.scanned_ns, config.ignore)
    if inputs_digest(options, config, found) != last.inputs:
        return False
    # an attachment is known by its stamp alone: one written in the last scan's tick may differ
    if any(mtime >= last.scanned_ns - RACY_NS for _, _, mtime in found.files):
        return False
    return stamp_folders(out, last) == last.folders


def stamp_folders(out: Path, state: BuildState) -> dict[str, int]:
    """The mtime of every folder of the site (with the site's own): a file added to or removed from
    a folder changes it, so equal stamps mean the site still holds just the files written."""
    folders = {rel.rpartition("/")[0] for rel in state.outputs} | {""}
    stamps = {}
    for rel in sorted(folders):
        try:
            stamps[rel] = os.stat(out / rel).st_mtime_ns
        except OSError:
            stamps[rel] = -1
    return stamps


def inputs_digest(options: BuildOptions, config: Config, found: Discovery) -> str:
    """Everything a build reads: its options and config, notes, templates, static files, the
    stamps of the other files under notes/ (notebase's own code is the cache's key: a state left
    by other code is never loaded)."""
    unread: list[Diagnostic] = []  # an unreadable file is left out: the build then reports it
    trees = [
        read_tree(options.root / THEME_DIR, "templates", options.root, unread),
        read_tree(default_theme_dir(), "theme", options.root, unread),
        read_tree(options.root / STATIC_DIR, "static", options.root, unread),
    ]
    files = {rel: digest_bytes(data) for tree in trees for rel, data in tree.items()}
    head = (config, options.drafts, found.diagnostics, files, found.files)
    notes = "\n".join(f"{rel}\x00{digest}" for rel, digest in found.notes)
    return digest_value((head, digest_bytes(notes.encode("utf-8", "surrogatepass"))))
