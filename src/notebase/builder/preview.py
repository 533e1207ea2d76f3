"""Under `notebase serve`, the pages of the notes just saved, shown before the rest of the site.

A save of a note's text changes its own page first of all. Its page is made again at once from
what the last build planned for it (its backlinks, related entries, mentions, source, navigation)
with the note as it now reads, its links resolved by the last build's names, and written in place;
the browsers reload. The whole rebuild follows: it takes these pages for unknown (their
fingerprints are dropped), so it renders them again and writes whatever differs from the preview,
and the site is then byte for byte the one a clean build writes.

A preview is only attempted for an existing note saved with no error, at the same URL, when
nothing but notes changed (a template, static file or notebase.yaml: the rebuild alone).
"""

from __future__ import annotations

from collections.abc import Collection
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path

from notebase.builder.memo import Memo, slot_key
from notebase.builder.state import BuildOptions, BuildState
from notebase.builder.write import site_identity, write_marker
from notebase.config import Config
from notebase.diagnostics import has_errors
from notebase.digests import Keyed
from notebase.files import real_path, safe_join, write_atomic
from notebase.linking.index import Names, resolve_entry
from notebase.linking.linktags import embed_notes, fill_links, link_inputs
from notebase.markdown.texmacros import NO_MACROS, TexMacros
from notebase.model import Entry, NoteFile, SiteIndex
from notebase.planning.pages import EntryPage, entry_page
from notebase.planning.render import Rows, environment_for_build, page_bytes
from notebase.reading.discover import NOTES_DIR, read_note
from notebase.reading.parse import parse_note
from notebase.slugs import is_note_file, output_path

BASIS = "preview"  # the memo holds the last build's Basis under this name
MOST_NOTES = 4  # a save touching more notes than this is no typing in a note: no preview


@dataclass(frozen=True, slots=True)
class Basis:
    """What the last build left for previews: its index (links filled in, with the analyses),
    the names its links were resolved by and the site's settings."""

    index: SiteIndex
    wiki_names: Keyed[Names]
    names: Keyed[Names]
    config: Config
    macros: TexMacros = NO_MACROS  # the vault's TeX macros the notes were parsed with


def hold_basis(memo: Memo, basis: Basis) -> None:
    memo.held[BASIS] = basis


def preview_notes(
    state: BuildState,
    options: BuildOptions,
    changed: Collection[str],
    swap_lock: AbstractContextManager[object],
) -> tuple[BuildState, tuple[str, ...]]:
    """The pages of the notes among `changed` (paths under the root) made from the last build
    and written in place; the state with their fingerprints dropped (the rebuild renders them
    again), and the site paths written. Nothing when a preview cannot stand for the note."""
    basis = state.memo.held.get(BASIS) if state.memo else None
    notes = notes_of(changed)
    if basis is None or state.memo is None or not notes or len(notes) > MOST_NOTES:
        return state, ()
    out = real_path(options.out)
    if state.out != str(out) or state.site != site_identity(out):
        return state, ()
    pages = {}
    for rel in notes:
        made = preview_page(state, options.root, rel, basis)
        if made is not None:
            pages[made[0]] = made[1]
    if not pages:
        return state, ()
    targets = {rel: safe_join(out, rel) for rel in pages}
    with swap_lock:
        write_marker(out)  # a site changed outside a recorded build is no recorded site
        for rel, data in pages.items():
            write_atomic(targets[rel], data, 0o644)
    outputs = {**state.outputs, **dict.fromkeys(pages, "")}  # "": no fingerprint matches it
    return replace(state, outputs=outputs, site=site_identity(out)), tuple(sorted(pages))


def notes_of(changed: Collection[str]) -> list[str]:
    """The notes (paths under notes/) among the changed paths; none when anything else changed."""
    prefix = f"{NOTES_DIR}/"
    if any(not (p.startswith(prefix) and is_note_file(p)) for p in changed):
        return []
    return sorted(p.removeprefix(prefix) for p in changed)


def preview_page(state: BuildState, root: Path, rel: str, basis: Basis) -> tuple[str, bytes] | None:
    """(site path, bytes) of the note's page as it now reads, or None (a new, unreadable or
    unchanged note, one with errors or a new URL)."""
    stamp = state.stamps.get(rel)
    source = read_note(root / NOTES_DIR, rel)
    if stamp is None or not isinstance(source, NoteFile) or source.digest == stamp.digest:
        return None
    parsed = parse_note(source, basis.macros, basis.config.admonitions)
    old = basis.index.by_slug.get(parsed.entry.slug) if parsed.entry else None
    if parsed.entry is None or old is None or has_errors(parsed.diagnostics):
        return None
    if parsed.pending_dates:  # read by the order of the whole vault's dates: by the build
        return None
    note = parsed.entry
    if old.rel_path != rel or not basis.config.publishes(note.draft, note.published, rel):
        return None
    page = last_page(state.memo, old.slug)
    if page is None:
        return None
    entry = filled_entry(parsed.entry, basis)
    spec = entry_page(replace(page, entry=entry))
    rows = Rows(state.memo or Memo())
    made = page_bytes(environment_for_build(root), spec, basis.config, rows)
    return (output_path(spec.url), made) if isinstance(made, bytes) else None


def last_page(memo: Memo | None, slug: str) -> EntryPage | None:
    """What the last build made the entry's page from (the memo's slot of entry_page)."""
    if memo is None:
        return None
    found = memo.now.get(slot_key(entry_page, slug))
    args = found[0] if found is not None else ()
    return args[0] if args and isinstance(args[0], EntryPage) else None


def filled_entry(entry: Entry, basis: Basis) -> Entry:
    """The entry with its links resolved by the last build's names and its embeds in place."""
    index = basis.index
    names = basis.names if any(not link.is_wiki for link in entry.links) else basis.wiki_names
    targets, _ = resolve_entry(entry, names, index.by_slug, Memo())
    index = replace(
        index,
        link_targets={**index.link_targets, entry.slug: targets},
        by_slug={**index.by_slug, entry.slug: entry},
    )
    directory_urls = basis.config.directory_urls
    filled = fill_links(entry, link_inputs(entry, index, directory_urls))
    others = [e for e in index.entries if e.slug != entry.slug]
    return embed_notes(index, [*others, filled], directory_urls)[-1]
