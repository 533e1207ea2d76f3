"""Delta builds (builder/delta.py): a one-shot build after a few notes' body changed plans their
pages alone, and writes the site a clean build writes; any other change is a full build."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from notebase.builder.cache import load_state
from notebase.builder.delta import MOST_NOTES, face
from notebase.builder.pipeline import BuildResult, build_site, rebuild
from notebase.builder.state import BuildOptions, BuildState
from notebase.reading.discover import read_note
from notebase.reading.parse import parse_note
from tests.conftest import REPO
from tests.sitecompare import assert_same_tree
from tests.test_incremental import Edit, append, delete, edit, write

DELTA, FULL = True, False
PAPERS_BASE = """filters:
  and:
    - file.inFolder("papers")
views:
  - type: table
    name: Papers
    order: [file.name, date, tags]
    sort:
      - property: date
        direction: DESC
"""
# each edit, and whether the next one-shot build may be a delta build
STEPS: list[tuple[str, Edit, bool]] = [
    # a date of two numbers of 12 or less is read by the order of the other notes' dates
    ("a date either way", edit("notes/papers/muon.md", "2025-06-03", "03-06-2025"), FULL),
    ("its body then", append("notes/papers/muon.md", "\nA note.\n"), FULL),
    ("another's day first", edit("notes/papers/shampoo.md", "2025-05-20", "20-05-2025"), FULL),
    (  # muon's page is planned again too (they are related): from its parse, read once more
        "that other's body",
        append("notes/papers/shampoo.md", "\nA note.\n"),
        FULL,
    ),
    ("the first's date back", edit("notes/papers/muon.md", "03-06-2025", "2025-06-03"), FULL),
    ("append to a note's body", append("notes/papers/muon.md", "\nA closing remark.\n"), DELTA),
    ("another note's body", append("notes/links/latents.md", "\nWorth a second read.\n"), DELTA),
    ("put the first back", edit("notes/papers/muon.md", "\nA closing remark.\n", ""), DELTA),
    ("a word in a body", edit("notes/papers/shampoo.md", "cheaper ways", "cheap ways"), DELTA),
    (  # the lines of its link and quote move: only a problem reported at one would show them
        "a paragraph above a link and a quote",
        edit("notes/papers/muon.md", "Muon replaces", "A first paragraph.\n\nMuon replaces"),
        DELTA,
    ),
    ("a link that leads nowhere", append("notes/links/latents.md", "\nSee [[Nowhere]].\n"), FULL),
    (  # the warning on that link now names another line
        "a paragraph above it",
        edit("notes/links/latents.md", "An essay", "A word first.\n\nAn essay"),
        FULL,
    ),
    ("a paragraph below it", append("notes/links/latents.md", "\nA last word.\n"), DELTA),
    (
        "name another note in prose",  # an unlinked mention on that note's page
        edit(
            "notes/ideas/landscape.md",
            "geometry.",
            "geometry, as Generative modelling in latent space.",
        ),
        FULL,
    ),
    ("a tag", edit("notes/papers/muon.md", "[optimizers, ml]", "[optimizers]"), FULL),
    ("a quote", edit("notes/papers/muon.md", "2D tensors", "2-D tensors"), FULL),
    ("a body after that", append("notes/papers/shampoo.md", "\nSee also K-FAC.\n"), DELTA),
    ("embed a note", append("notes/papers/shampoo.md", "\n![[latents]]\n"), FULL),
    ("the embedded note's body", edit("notes/links/latents.md", "An essay", "A long essay"), FULL),
    ("a body after that", append("notes/papers/muon.md", "\nAgain.\n"), DELTA),
    ("a link in a body", append("notes/papers/muon.md", "\n[[Optimizer landscape]]\n"), FULL),
    ("a note gone", delete("notes/ideas/landscape.md"), FULL),
    (
        "a body after that",
        append("notes/papers/muon.md", "\nOnce more.\n"),
        DELTA,
    ),  # an Obsidian base's view shows the other notes' fields: every page holding one is made again
    ("a base", write("notes/Templates/Bases/Papers.base", PAPERS_BASE), FULL),
    ("embed it", append("notes/papers/muon.md", "\n![[Papers.base]]\n"), FULL),
    ("a field the view shows", edit("notes/papers/shampoo.md", "second-order", "hessians"), FULL),
    ("the embedding note's body", append("notes/papers/muon.md", "\nMore.\n"), FULL),
    ("the base itself", edit("notes/Templates/Bases/Papers.base", "DESC", "ASC"), FULL),
    ("the embed gone", edit("notes/papers/muon.md", "\n![[Papers.base]]\n", ""), FULL),
    ("a base block", append("notes/papers/muon.md", "\n```base\n" + PAPERS_BASE + "```\n"), FULL),
    ("the body of the note holding it", append("notes/papers/muon.md", "\nStill.\n"), FULL),
    ("the block gone", edit("notes/papers/muon.md", "```base\n" + PAPERS_BASE + "```\n", ""), FULL),
    ("a body after that", append("notes/papers/muon.md", "\nAnd again.\n"), DELTA),
]


def one_shot(root: Path) -> BuildResult:
    result = build_site(BuildOptions(root=root, out=root / "site", cache=True))
    assert result.written, result.diagnostics
    return result


def base_of(root: Path) -> str:
    state, _ = load_state(root, parses=False)
    return state.base


def delta_one_shot(root: Path) -> tuple[BuildResult, bool]:
    """A one-shot build, and whether it was a delta build: one that kept the base (a full build
    from the cache makes a new one)."""
    before = base_of(root)
    result = one_shot(root)
    return result, bool(before) and base_of(root) == before


def assert_clean(root: Path, clean: Path, result: BuildResult) -> None:
    """The site is the one a clean build of the notes writes, with the same problems."""
    shutil.rmtree(clean, ignore_errors=True)
    _, want = rebuild(BuildState(), BuildOptions(root=root, out=clean))
    assert want.written
    assert_same_tree(root / "site", clean)
    assert result.diagnostics == want.diagnostics


@pytest.fixture(params=["in process", "forked", "helper"])
def related_aside(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Related entries brought up to date in the build's process, or (as on a big site) in a
    forked one while the pages are rendered; or made, by a cold build, by a helper process (and
    then brought up to date as the helper saved them)."""
    import notebase.builder.delta as delta
    import notebase.builder.pipeline as pipeline

    monkeypatch.setattr(delta, "FORKED_RELATED", 0 if request.param == "forked" else 10**9)
    monkeypatch.setattr(pipeline, "HELPED", 0 if request.param == "helper" else 10**9)


@pytest.mark.usefixtures("related_aside")
def test_each_edit_writes_the_clean_site(kb: Path, tmp_path: Path) -> None:
    one_shot(kb)
    for label, apply, delta in STEPS:
        apply(kb)
        result, was_delta = delta_one_shot(kb)
        assert was_delta is delta, label
        assert_clean(kb, tmp_path / "clean", result)
    again = one_shot(kb)
    assert again.files.written == () and again.files.removed == ()


def test_a_delta_build_renders_only_the_pages_of_the_notes_changed(kb: Path) -> None:
    one_shot(kb)
    append("notes/links/latents.md", "\nWorth a second read.\n")(kb)
    result, was_delta = delta_one_shot(kb)
    assert was_delta
    assert result.parsed == 1
    pages = {rel for rel in result.files.written if not rel.startswith("pagefind/")}
    assert "links/latents/index.html" in pages
    assert "papers/muon/index.html" not in pages  # its page shows no part of the body
    assert any(rel.startswith("pagefind/") for rel in result.files.written)  # its shard again
    assert "Worth a second read." in (kb / "site/links/latents/index.html").read_text()


def test_a_file_deleted_from_the_site_is_put_back(kb: Path, tmp_path: Path) -> None:
    one_shot(kb)
    (kb / "site/papers/shampoo/index.html").unlink()
    append("notes/links/latents.md", "\nWorth a second read.\n")(kb)
    result, was_delta = delta_one_shot(kb)
    assert not was_delta
    assert_clean(kb, tmp_path / "clean", result)


def test_more_notes_changed_than_a_delta_takes_is_a_full_build(tmp_path: Path) -> None:
    root = tmp_path / "kb"
    shutil.copytree(REPO / "notes", root / "notes")
    one_shot(root)
    notes = sorted((root / "notes/imported").glob("[a-z]*.md"))[: MOST_NOTES + 1]
    for note in notes[:-1]:
        append(f"notes/imported/{note.name}", "\nA remark of mine.\n")(root)
    assert delta_one_shot(root)[1]
    append(f"notes/imported/{notes[-1].name}", "\nA remark of mine.\n")(root)
    result, was_delta = delta_one_shot(root)
    assert not was_delta
    assert_clean(root, tmp_path / "clean", result)


@pytest.mark.parametrize(
    ("old", "new", "alike"),
    [
        ("orthogonal matrix.", "orthogonal matrix, and more words.", True),
        ("Compare [[Shampoo]].", "Compare [[Shampoo]] again.", True),
        ("date: 2025-06-03", "date: 2025-06-04", False),
        ("Orthogonalised", "Orthogonalized", False),
        ("2D tensors", "3D tensors", False),
    ],
)
def test_the_face_is_all_but_the_body(kb: Path, old: str, new: str, alike: bool) -> None:
    note = kb / "notes/papers/muon.md"
    before = parse_note(read_note(kb / "notes", "papers/muon.md"))  # type: ignore[arg-type]
    note.write_text(note.read_text().replace(old, new), encoding="utf-8")
    after = parse_note(read_note(kb / "notes", "papers/muon.md"))  # type: ignore[arg-type]
    assert before.entry is not None and after.entry is not None
    assert before.entry.body_html != after.entry.body_html or not alike
    assert (face(before.entry) == face(after.entry)) is alike


@pytest.mark.usefixtures("related_aside")
def test_pages_whose_related_entries_an_edit_moved_are_put_back_with_it(tmp_path: Path) -> None:
    root = tmp_path / "kb"
    shutil.copytree(REPO / "notes", root / "notes")
    one_shot(root)
    before = {p: p.read_bytes() for p in (root / "site").rglob("index.html")}
    note = root / "notes/imported/jepa.md"
    text = note.read_text(encoding="utf-8")
    # words of the optimizer notes, and none of their names: their related entries move
    note.write_text(text + "\nOrthogonal momentum, Newton-Schulz iterations, spectral norm.\n")
    moved, was_delta = delta_one_shot(root)
    assert was_delta
    assert_clean(root, tmp_path / "moved", moved)
    changed = {
        p.relative_to(root / "site").as_posix() for p in before if p.read_bytes() != before[p]
    }
    assert "imported/jepa/index.html" in changed and len(changed) > 1  # others' related entries
    note.write_text(text, encoding="utf-8")
    result, was_delta = delta_one_shot(root)
    assert was_delta
    assert all(p.read_bytes() == data for p, data in before.items())
    assert_clean(root, tmp_path / "clean", result)


def test_a_note_put_back_gets_its_search_shard_back_without_pagefind(
    kb: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import notebase.builder.search as search

    one_shot(kb)
    note = kb / "notes/links/latents.md"
    text = note.read_text(encoding="utf-8")
    note.write_text(text + "\nWorth a second read.\n", encoding="utf-8")
    assert delta_one_shot(kb)[1]
    runs: list[object] = []
    run = search.run_pagefind

    def counted(*args: Any, **kwargs: Any) -> Any:
        runs.append(args)
        return run(*args, **kwargs)

    monkeypatch.setattr(search, "run_pagefind", counted)
    note.write_text(text, encoding="utf-8")
    result, was_delta = delta_one_shot(kb)
    assert was_delta and runs == []  # the shard's bundle as the build before the edit made it
    assert any(rel.startswith("pagefind/") for rel in result.files.written)
    assert_clean(kb, tmp_path / "clean", result)


def test_a_site_that_cannot_be_written_in_place_is_left_to_the_full_build(
    kb: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import notebase.builder.delta as delta

    one_shot(kb)

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied", str(kb / "site"))

    monkeypatch.setattr(delta, "update_site", refused)
    append("notes/links/latents.md", "\nWorth a second read.\n")(kb)
    result, was_delta = delta_one_shot(kb)  # no traceback: the full build writes the site
    assert not was_delta
    assert_clean(kb, tmp_path / "clean", result)


def ring_after(kb: Path, tmp_path: Path, edit: Edit) -> str:
    """Ring's page after `edit`, in a delta build from a site where Ring and Group both open
    with `# Definition` (each titled by its file name, the heading in its body: linking/index.py),
    checked against a clean build."""
    for name in ("Ring", "Group"):
        (kb / "notes" / f"{name}.md").write_text("# Definition\n\nA set.\n", encoding="utf-8")
    one_shot(kb)
    edit(kb)
    result, _ = delta_one_shot(kb)
    assert_clean(kb, tmp_path / "clean", result)
    return (kb / "site/ring/index.html").read_text(encoding="utf-8")


def test_notes_opening_with_one_heading_are_built_clean_after_an_edit(
    kb: Path, tmp_path: Path
) -> None:
    page = ring_after(kb, tmp_path, append("notes/Ring.md", "\nWith two operations.\n"))
    assert '<h1 id="definition">Definition</h1>' in page and "With two operations." in page


def test_a_note_whose_heading_no_longer_collides_takes_it_back_as_its_title(
    kb: Path, tmp_path: Path
) -> None:
    """The other note edited to open otherwise: the one left is titled by its heading again."""
    page = ring_after(kb, tmp_path, write("notes/Group.md", "# Group axioms\n\nA set.\n"))
    assert "<title>Definition" in page and '<h1 id="definition">' not in page
