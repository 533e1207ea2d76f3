"""build/pipeline.py and build/sitefiles.py: a site that cannot be written, or a file that cannot be read, is an
error diagnostic (with the old site left as it was), never a traceback."""

from __future__ import annotations

import os
import re
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from notebase.builder.pipeline import build_site, rebuild
from notebase.builder.state import BuildOptions, BuildState
from notebase.diagnostics import FilePos, Severity


@pytest.mark.parametrize("search", [False, True])
def test_an_output_folder_that_cannot_be_made_is_an_error(
    kb: Path, tmp_path: Path, search: bool
) -> None:
    (kb / "notebase.yaml").write_text(f"search: {str(search).lower()}\n", encoding="utf-8")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n")
    out = blocker / "site"  # its parent is a file: neither the site nor a scratch folder fits
    result = build_site(BuildOptions(root=kb, out=out, cache=True))
    assert not result.written
    assert [(d.severity, d.code, d.pos) for d in result.diagnostics] == [
        (Severity.ERROR, "write-failed", FilePos(str(out)))
    ]
    assert result.diagnostics[0].message.startswith(f"cannot write the site: {blocker}")
    assert not out.exists()


def test_an_unreadable_static_file_is_an_error_and_the_site_is_kept(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (kb / "static").mkdir()
    (kb / "static/robots.txt").write_text("User-agent: *\n")
    assert build_site(BuildOptions(root=kb, out=kb / "site", cache=True)).written
    read_bytes = Path.read_bytes

    def refuse_robots(path: Path) -> bytes:
        if path.name == "robots.txt":
            raise PermissionError(13, "Permission denied", str(path))
        return read_bytes(path)

    monkeypatch.setattr(Path, "read_bytes", refuse_robots)
    (kb / "notes/ideas/landscape.md").write_text("---\ntitle: Changed\n---\nNew.\n")
    result = build_site(BuildOptions(root=kb, out=kb / "site", cache=True))
    assert not result.written
    assert [(d.code, d.pos, d.message) for d in result.diagnostics if d.is_error] == [
        ("read-failed", FilePos("static/robots.txt"), "cannot read file: Permission denied")
    ]
    assert (kb / "site/robots.txt").read_text() == "User-agent: *\n"


def test_an_unreadable_static_folder_is_an_error_and_the_site_is_kept(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (kb / "static/files").mkdir(parents=True)
    (kb / "static/files/paper.txt").write_text("text\n")
    assert build_site(BuildOptions(root=kb, out=kb / "site", cache=True)).written
    scandir = os.scandir

    def refuse_files(path: Any) -> Any:
        if not isinstance(path, int) and Path(path).name == "files":  # rmtree passes an fd
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refuse_files)
    result = build_site(BuildOptions(root=kb, out=kb / "site", cache=True))
    assert not result.written
    assert [(d.code, d.pos, d.message) for d in result.diagnostics if d.is_error] == [
        ("read-failed", FilePos("static/files"), "cannot read folder: Permission denied")
    ]
    assert (kb / "site/files/paper.txt").read_text() == "text\n"


def test_a_static_file_in_a_page_s_place_is_an_error_and_the_site_is_kept(kb: Path) -> None:
    first = build_site(BuildOptions(root=kb, out=kb / "site", cache=True))
    assert first.written
    page = (kb / "site/tags/index.html").read_bytes()
    (kb / "static/tags").mkdir(parents=True)
    (kb / "static/tags/index.html").write_text("<p>my own tags page</p>\n")
    result = build_site(BuildOptions(root=kb, out=kb / "site", cache=True))
    assert not result.written
    assert [(d.code, d.pos, d.message, d.hint) for d in result.diagnostics if d.is_error] == [
        (
            "url-collision",
            FilePos("static/tags/index.html"),
            "static/tags/index.html would replace the page written to tags/index.html",
            "rename or move the file",
        )
    ]
    assert (kb / "site/tags/index.html").read_bytes() == page


def test_a_note_at_a_tag_s_page_is_that_page_above_the_notes_tagged_so(kb: Path) -> None:
    """Quartz's `content/tags/<tag>.md`: the tag's page shows its title and text, then lists
    the notes tagged so; the tags' index still lists the tag."""
    (kb / "notes/tags").mkdir()
    page = "---\ntitle: Hardware shelf\n---\nBoards and [[muon|optimizers]] I keep.\n"
    (kb / "notes/tags/hardware.md").write_text(page, encoding="utf-8")
    (kb / "notes/board.md").write_text("---\ntags: [hardware]\n---\n# Pi board\n", "utf-8")
    result = build_site(BuildOptions(root=kb, out=kb / "site"))
    assert result.written
    assert not [d for d in result.diagnostics if d.code in ("slug-renamed", "folder-collision")]
    html = (kb / "site/tags/hardware/index.html").read_text(encoding="utf-8")
    assert "Hardware shelf" in html and "Boards and" in html and "Pi board" in html
    assert ">optimizers</a>" in html
    assert 'href="../tags/hardware/index.html"' in (kb / "site/tags/index.html").read_text("utf-8")


@pytest.mark.parametrize(
    ("rel", "front", "wanted"),
    [
        ("notes/pagefind.md", "", "pagefind"),
        ("notes/ideas/x.md", "slug: pagefind/ui\n", "pagefind/ui"),
        ("notes/assets.md", "", "assets"),
        ("notes/assets/style.md", "", "assets/style"),
        ("notes/tags.md", "", "tags"),
        ("notes/Search.md", "", "search"),
        ("notes/reading-list.md", "", "reading-list"),
        ("notes/sources.md", "", "sources"),
        ("notes/Categories/Reading.md", "category: reading\n", "categories/reading"),
    ],
)
def test_a_note_where_the_site_generator_writes_is_moved_with_a_warning(
    kb: Path, rel: str, front: str, wanted: str
) -> None:
    (kb / rel).parent.mkdir(parents=True, exist_ok=True)
    (kb / rel).write_text(f"---\ntitle: Reserved\n{front}---\nText.\n", encoding="utf-8")
    result = build_site(BuildOptions(root=kb, out=kb / "site"))
    assert result.written
    [moved] = [d for d in result.diagnostics if d.code == "slug-renamed"]
    assert (moved.pos, moved.is_error) == (FilePos(rel, 1), False)
    top, _, rest = wanted.partition("/")
    at = f"{top}-[0-9a-f]{{6}}" + (f"/{rest}" if rest else "")
    found = re.fullmatch(
        f"/{wanted}/ is the site's own page, so this note is at /({at})/", moved.message
    )
    assert found is not None
    assert "<h1" in (kb / "site" / found.group(1) / "index.html").read_text(encoding="utf-8")
    assert "Reserved" in (kb / "site" / found.group(1) / "index.html").read_text(encoding="utf-8")
    if "/" not in wanted and wanted not in ("pagefind", "assets"):
        assert "Reserved</h1>" not in (kb / "site" / wanted / "index.html").read_text("utf-8")


def test_a_rebuild_in_memory_lists_the_site_by_what_it_wrote(kb: Path) -> None:
    options, lock = BuildOptions(root=kb, out=kb / "site"), threading.Lock()  # as serve does
    state, _ = rebuild(BuildState(), options, lock)
    (kb / "site/links/latents/index.html").unlink()  # by hand: this state does not see it
    (kb / "site/stray.txt").write_text("left by hand")
    (kb / "notes/links/latents.md").write_text("---\ntitle: Latents\n---\nRewritten.\n")
    state, result = rebuild(state, options, lock)
    assert result.written, result.diagnostics
    assert "links/latents/index.html" in result.files.written
    assert "Rewritten." in (kb / "site/links/latents/index.html").read_text()
    assert (kb / "site/stray.txt").exists()
    _, walked = rebuild(replace(state, memo=None), options, lock)  # a state from the cache walks it
    assert walked.files.removed == ("stray.txt",)


def test_a_rebuild_in_memory_that_misses_a_file_deleted_by_hand_walks_the_site_next(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "notebase.builder.write.IN_PLACE_MIN", 0
    )  # a change to every page: a new tree
    options, lock = BuildOptions(root=kb, out=kb / "site"), threading.Lock()  # as serve does
    state, _ = rebuild(BuildState(), options, lock)
    (kb / "site/assets/search.js").unlink()  # by hand: kept by a tree assembled from this state
    (kb / "notebase.yaml").write_text("title: Other notes\n", encoding="utf-8")
    state, failed = rebuild(state, options, lock)
    assert [d.code for d in failed.diagnostics] == ["write-failed"]
    state, result = rebuild(state, options, lock)  # the next save: the site is walked
    assert result.written, result.diagnostics
    assert "assets/search.js" in result.files.written
    assert (kb / "site/assets/search.js").is_file()


def test_template_folders_are_left_out_and_ignore_patterns_follow_the_config(kb: Path) -> None:
    (kb / "notes" / "templates").mkdir()
    (kb / "notes" / "templates" / "daily.md").write_text(
        "---\ndate: {{date:YYYY-MM-DD}}\n---\n# {{title}}\n", encoding="utf-8"
    )
    (kb / "notes" / "sketch.draft.md").write_text("# Sketch\n", encoding="utf-8")
    out = kb / "site"
    (kb / "notebase.yaml").write_text("search: false\n", encoding="utf-8")
    result = build_site(BuildOptions(root=kb, out=out))
    assert result.written and not (out / "templates").exists()
    assert (out / "sketch-draft" / "index.html").is_file()
    (kb / "notebase.yaml").write_text(
        "search: false\nignore: [templates/, '*.draft.md']\n", encoding="utf-8"
    )
    result = build_site(BuildOptions(root=kb, out=out))
    assert result.written and not (out / "sketch-draft").exists()


def test_an_attachment_in_the_place_of_a_static_file_is_an_error(kb: Path) -> None:
    (kb / "notes" / "x.png").write_bytes(b"png")
    (kb / "notes" / "papers" / "shampoo.md").write_text("![[x.png]]\n", encoding="utf-8")
    (kb / "static" / "files").mkdir(parents=True)
    (kb / "static" / "files" / "x.png").write_bytes(b"static")
    result = build_site(BuildOptions(root=kb, out=kb / "site"))
    assert not result.written
    assert [(d.code, str(d.pos)) for d in result.diagnostics if d.is_error] == [
        ("url-collision", "notes/x.png")
    ]


def test_names_too_long_for_a_file_are_cut_and_the_site_is_written(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_text("---\ntags: [" + "longtag" * 40 + "]\n---\n# A\n\nbody\n")
    (notes / "b.md").write_text("---\nslug: " + "slug" * 80 + "\n---\n# B\n\nbody\n")
    (notes / "c.md").write_text("# C\n\nA #" + "hashtag" * 40 + " here.\n")
    (notes / ("n" * 250 + ".md")).write_text("# Long file name\n")
    result = build_site(BuildOptions(root=tmp_path, out=tmp_path / "site", cache=True))
    assert result.written and not result.failed
    assert [d.code for d in result.diagnostics] == ["slug-cleaned"]
    site = tmp_path / "site"
    names = [p.name for p in site.rglob("*")]
    assert max(len(name.encode()) for name in names) <= 180
    assert len(list((site / "tags").glob("longtaglongtag*-*/index.html"))) == 1
    assert len(list((site / "tags").glob("hashtaghashtag*-*/index.html"))) == 1
    assert len(list(site.glob("slugslug*-*/index.html"))) == 1
    assert len(list(site.glob("nnnn*-*/index.html"))) == 1


def test_a_note_whose_file_name_is_not_utf8_is_built_with_a_replacement_character(
    tmp_path: Path,
) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / os.fsdecode(b"caf\xe9-x.md")).write_text("Body text.\n")
    result = build_site(BuildOptions(root=tmp_path, out=tmp_path / "site", cache=True))
    assert result.written and not result.failed
    page = (tmp_path / "site" / "caf-x" / "index.html").read_text(encoding="utf-8")
    assert '<h1 data-pagefind-meta="title">caf\ufffd-x</h1>' in page
