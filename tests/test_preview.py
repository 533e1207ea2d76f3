"""preview.py: under serve, a saved note's page is written from the last build before the rebuild,
which then leaves the site a clean build writes (tests/test_edit_sequences.py runs it on every
generated edit too)."""

from __future__ import annotations

from pathlib import Path
from threading import Lock

from notebase.builder.pipeline import rebuild
from notebase.builder.preview import preview_notes
from notebase.builder.state import BuildOptions, BuildState
from tests.conftest import write_kb
from tests.sitecompare import assert_same_tree

MUON = "notes/papers/muon.md"
PAGE = "papers/muon/index.html"


def served(tmp_path: Path) -> tuple[Path, BuildOptions, BuildState]:
    root = write_kb(tmp_path / "kb")
    with (root / "notebase.yaml").open("a") as config:
        config.write("search: false\n")  # the index is serve's to make later
    options = BuildOptions(root=root, out=root / "site", search_later=True)
    state, result = rebuild(BuildState(), options, Lock())
    assert result.written
    return root, options, state


def test_a_saved_note_is_previewed_and_the_rebuild_leaves_a_clean_site(tmp_path: Path) -> None:
    root, options, state = served(tmp_path)
    note = root / MUON
    note.write_text(note.read_text().replace("nearest", "closest"))
    other = (root / "site/tags/index.html").read_bytes()
    state, shown = preview_notes(state, options, {MUON}, Lock())
    assert shown == (PAGE,)
    assert "closest" in (root / "site" / PAGE).read_text()  # before any rebuild
    assert (root / "site/tags/index.html").read_bytes() == other  # no other page touched
    previewed = (root / "site" / PAGE).read_bytes()
    state, result = rebuild(state, options, Lock())
    assert PAGE not in result.files.written  # the preview had the rebuild's bytes: no new reload
    assert (root / "site" / PAGE).read_bytes() == previewed
    _, clean = rebuild(BuildState(), BuildOptions(root=root, out=tmp_path / "clean"))
    assert clean.written
    assert_same_tree(root / "site", tmp_path / "clean")


def test_a_new_link_in_the_note_is_resolved_in_its_preview(tmp_path: Path) -> None:
    root, options, state = served(tmp_path)
    link = 'class="wikilink" href="../../papers/shampoo/index.html"'
    links = (root / "site" / PAGE).read_text().count(link)
    note = root / MUON
    note.write_text(note.read_text() + "\nSee [[Shampoo]] again.\n")
    state, shown = preview_notes(state, options, {MUON}, Lock())
    assert shown == (PAGE,)
    assert (root / "site" / PAGE).read_text().count(link) == links + 1


def test_no_preview_when_more_than_notes_changed_or_the_note_is_not_an_old_one(
    tmp_path: Path,
) -> None:
    root, options, state = served(tmp_path)
    note = root / MUON
    before = (root / "site" / PAGE).read_bytes()
    note.write_text(note.read_text().replace("nearest", "closest"))
    assert preview_notes(state, options, {MUON, "templates/entry.html"}, Lock())[1] == ()
    assert preview_notes(state, options, {MUON, "notebase.yaml"}, Lock())[1] == ()
    (root / "notes/papers/new.md").write_text("# New\n\nA new note.\n")
    assert preview_notes(state, options, {"notes/papers/new.md"}, Lock())[1] == ()
    note.write_text("\0" * 64)  # a binary file, an error: the rebuild
    # shows it, no preview hides it
    assert preview_notes(state, options, {MUON}, Lock())[1] == ()
    assert (root / "site" / PAGE).read_bytes() == before


def test_a_note_saved_as_it_was_is_not_previewed(tmp_path: Path) -> None:
    root, options, state = served(tmp_path)
    note = root / MUON
    note.write_text(note.read_text())  # a save with no change: nothing to show
    assert preview_notes(state, options, {MUON}, Lock())[1] == ()


def test_no_preview_after_a_failed_build(tmp_path: Path) -> None:
    root, options, state = served(tmp_path)
    (root / "notes/papers/bad.md").write_text("\0" * 64)  # a binary file: an error
    state, result = rebuild(state, options, Lock())
    assert not result.written
    note = root / MUON
    note.write_text(note.read_text().replace("nearest", "closest"))
    assert preview_notes(state, options, {MUON}, Lock())[1] == ()  # the last good site stays
