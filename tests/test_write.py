"""write.py: the site is swapped in whole; dangerous output folders are refused."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import pytest

from notebase.build import BuildOptions, build_site
from notebase.diagnostics import Severity
from notebase.write import MARKER_FILE, check_output_dir, safe_join, swap_folder, update_site


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    (root / "notes").mkdir(parents=True)
    return root


def test_update_site_writes_every_file_and_a_marker(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"home", "a/b/index.html": b"deep"})
    assert tree(out) == {
        "index.html": b"home",
        "a/b/index.html": b"deep",
        MARKER_FILE: b"built by notebase\n",
    }


def test_a_second_write_replaces_the_whole_site(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"one", "stale/index.html": b"old"})
    update_site(out, {"index.html": b"two"})
    assert tree(out) == {"index.html": b"two", MARKER_FILE: b"built by notebase\n"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temp folders left


def test_safe_join_refuses_escaping_paths(tmp_path: Path) -> None:
    assert safe_join(tmp_path, "a/b.html") == (tmp_path / "a" / "b.html").resolve()
    for bad in ("../x.html", "a/../../x", "/etc/passwd", "a\x00b"):
        with pytest.raises(ValueError):
            safe_join(tmp_path, bad)


def test_update_site_refuses_an_escaping_path_and_keeps_the_old_site(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"good"})
    with pytest.raises(ValueError):
        update_site(out, {"index.html": b"bad", "../evil.html": b"x"})
    assert (out / "index.html").read_bytes() == b"good"
    assert not (tmp_path / "evil.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_fresh_or_own_output_folder_is_accepted(tmp_path: Path) -> None:
    root = kb(tmp_path)
    assert check_output_dir(root / "site", root) is None  # does not exist yet
    (root / "site").mkdir()
    assert check_output_dir(root / "site", root) is None  # empty
    update_site(root / "site", {"index.html": b"x"})
    assert check_output_dir(root / "site", root) is None  # made by notebase
    assert check_output_dir(tmp_path / "elsewhere" / "out", root) is None


@pytest.mark.parametrize(
    "choose",
    [
        lambda root: Path("/"),
        lambda root: Path.home(),
        lambda root: root,
        lambda root: root / "notes",
        lambda root: root / "notes" / "..",
        lambda root: root.parent,
    ],
    ids=["slash", "home", "root", "notes", "notes-dotdot", "parent-of-root"],
)
def test_dangerous_output_folders_are_refused(tmp_path: Path, choose: object) -> None:
    root = kb(tmp_path)
    out = choose(root)  # type: ignore[operator]
    diag = check_output_dir(out, root, force=True)
    assert diag is not None
    assert (diag.severity, diag.code) == (Severity.ERROR, "unsafe-out")
    assert "refusing" in diag.message


def test_a_non_empty_foreign_folder_needs_force(tmp_path: Path) -> None:
    root = kb(tmp_path)
    out = tmp_path / "docs"
    out.mkdir()
    (out / "precious.txt").write_text("keep me")
    diag = check_output_dir(out, root)
    assert diag is not None and diag.code == "unsafe-out"
    assert "--force" in diag.hint
    assert check_output_dir(out, root, force=True) is None


def test_a_file_is_not_an_output_folder(tmp_path: Path) -> None:
    root = kb(tmp_path)
    (tmp_path / "file").write_text("x")
    diag = check_output_dir(tmp_path / "file", root, force=True)
    assert diag is not None and diag.code == "unsafe-out"


def test_a_build_with_an_error_leaves_the_previous_site_untouched(tmp_path: Path) -> None:
    root = kb(tmp_path)
    out = root / "site"
    (root / "notes" / "a.md").write_text("# Alpha\n", encoding="utf-8")
    assert build_site(BuildOptions(root=root, out=out)).written
    before = tree(out)
    assert "a/index.html" in before
    (root / "notes" / "b.md").write_text("---\ntitle: [broken\n---\n", encoding="utf-8")
    result = build_site(BuildOptions(root=root, out=out))
    assert not result.written
    assert [d.code for d in result.diagnostics if d.is_error] == ["yaml-syntax"]
    assert tree(out) == before


def test_a_refused_output_writes_nothing(tmp_path: Path) -> None:
    root = kb(tmp_path)
    (root / "notes" / "a.md").write_text("# Alpha\n", encoding="utf-8")
    before = tree(root)
    result = build_site(BuildOptions(root=root, out=root / "notes"))
    assert not result.written
    assert [d.code for d in result.diagnostics] == ["unsafe-out"]
    assert tree(root) == before


def test_a_few_changes_are_written_in_place(tmp_path: Path) -> None:
    out = tmp_path / "site"
    update_site(out, {"index.html": b"one", "a/index.html": b"a", "gone/x/index.html": b"x"})
    kept_inode = (out / "a/index.html").stat().st_ino
    outcome = update_site(out, {"index.html": b"two", "a/index.html": None, "new/index.html": b"n"})
    assert tree(out) == {
        "index.html": b"two",
        "a/index.html": b"a",
        "new/index.html": b"n",
        MARKER_FILE: b"built by notebase\n",
    }
    assert (out / "a/index.html").stat().st_ino == kept_inode  # not rewritten
    assert not (out / "gone").exists()  # emptied folders go too
    assert outcome.written == ("index.html", "new/index.html")
    assert outcome.removed == ("gone/x/index.html",)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert not [p for p in out.rglob(".tmp-*")]


def test_many_changes_assemble_a_new_tree(tmp_path: Path) -> None:
    out = tmp_path / "site"
    pages = {f"p{i}/index.html": b"old" for i in range(100)}
    update_site(out, pages)
    marker_inode = (out / MARKER_FILE).stat().st_ino
    update_site(out, {rel: b"new" for rel in pages})
    assert (out / MARKER_FILE).stat().st_ino != marker_inode  # a new tree was swapped in
    assert tree(out) == {**{rel: b"new" for rel in pages}, MARKER_FILE: b"built by notebase\n"}


def test_swap_folder_replaces_a_folder_of_the_site_whole(tmp_path: Path) -> None:
    site, scratch = tmp_path / "site", tmp_path / "scratch"
    (site / "bundle/old").mkdir(parents=True)
    (site / "bundle/old/a.txt").write_text("old")
    (site / "page.html").write_text("page")
    (scratch / "bundle/new").mkdir(parents=True)
    (scratch / "bundle/new/b.txt").write_text("new")
    swap_folder(scratch / "bundle", site / "bundle", nullcontext())
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()) == [
        "bundle/new/b.txt",
        "page.html",
    ]
    assert [p.name for p in scratch.iterdir()] == []  # the old folder is gone, not left beside
    swap_folder(scratch / "bundle", site / "bundle", nullcontext())  # nothing new: none at all
    assert [p.name for p in site.iterdir()] == ["page.html"]
