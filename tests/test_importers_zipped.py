"""A zip given to import is read as the folder it unzips to; a zip that may not be is refused."""

from __future__ import annotations

import shutil
import tempfile
import warnings
import zipfile
from pathlib import Path

import pytest

from notebase.cli import main
from notebase.importers import ImportOutcome, blog_file, import_files
from notebase.importers import zipped as zipped_module

FIXTURES = Path(__file__).parent / "fixtures" / "importers"
MEDIUM_PAGE = (FIXTURES / "medium-post.html").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def own_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The zips are unzipped in a temporary folder of the test's, to see it left empty."""
    folder = tmp_path / "system-tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def zip_folder(folder: Path, zip_path: Path, under: str = "") -> Path:
    """`folder`'s files zipped (under `under/` in the zip), as an export is handed out."""
    with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            archive.write(path, under + path.relative_to(folder).as_posix())
    return zip_path


def written_files(into: Path) -> dict[str, bytes]:
    """Every file an import wrote (its notes and the files copied beside them), but its report,
    which names the inputs as they were given."""
    return {
        p.relative_to(into).as_posix(): p.read_bytes()
        for p in sorted(into.rglob("*"))
        if p.is_file() and p.name != "_import-report.md"
    }


def medium_export(folder: Path) -> Path:
    (folder / "posts").mkdir(parents=True)
    (folder / "profile").mkdir()
    (folder / "README.html").write_text("<html><body>Your data</body></html>", encoding="utf-8")
    (folder / "profile" / "profile.html").write_text("<html></html>", encoding="utf-8")
    name = "2021-08-24_Reading-Raft-Again-3c7869fdae53.html"
    (folder / "posts" / name).write_text(MEDIUM_PAGE, encoding="utf-8")
    other = MEDIUM_PAGE.replace("Reading Raft Again", "Other").replace("3c7869fdae53", "1a2b")
    (folder / "posts" / "draft_Other-1a2b.html").write_text(other, encoding="utf-8")
    return folder


def told(outcome: ImportOutcome) -> list[tuple[str, str, int]]:
    """Its diagnostics but for the path they are at (the zip's, or the folder's)."""
    return [(d.code, d.message, d.pos.line if d.pos else 0) for d in outcome.diagnostics]


def import_both(
    folder: Path, zip_path: Path, tmp_path: Path
) -> tuple[ImportOutcome, ImportOutcome]:
    from_folder = import_files([folder], tmp_path / "a", tmp_path)
    from_zip = import_files([zip_path], tmp_path / "b", tmp_path)
    return from_folder, from_zip


def test_a_medium_zip_is_imported_as_its_unzipped_folder(tmp_path: Path, own_temp: Path) -> None:
    folder = medium_export(tmp_path / "medium-export")
    zip_path = zip_folder(folder, tmp_path / "medium-export.zip")
    from_folder, from_zip = import_both(folder, zip_path, tmp_path)
    notes = written_files(tmp_path / "b")
    assert sorted(notes) == ["other.md", "reading-raft-again.md"]
    assert notes == written_files(tmp_path / "a")
    assert (
        b"origin: 2021-08-24_Reading-Raft-Again-3c7869fdae53.html:"
        in notes["reading-raft-again.md"]
    )
    assert told(from_zip) == told(from_folder)
    assert "## medium-export.zip/posts/draft_Other-1a2b.html" in from_zip.report
    assert list(own_temp.iterdir()) == []  # the unzipped copy is removed


def test_a_substack_zip_of_a_folder_is_read_as_that_folder(tmp_path: Path) -> None:
    zip_path = zip_folder(FIXTURES / "substack", tmp_path / "substack.zip", "export-123/")
    from_folder, from_zip = import_both(FIXTURES / "substack", zip_path, tmp_path)
    notes = written_files(tmp_path / "b")
    assert len(notes) == 3 and notes == written_files(tmp_path / "a")
    assert told(from_zip) == told(from_folder) != []
    assert b"[^1]: The extended version" in notes["reading-raft-slowly.md"]  # a body beside it
    missing = [d for d in from_zip.diagnostics if d.code == "import-missing-file"]
    assert [d.pos.path for d in missing] == ["substack.zip/export-123/posts.csv"]


def ghost_site(folder: Path) -> Path:
    images = folder / "content" / "images" / "2024" / "05"
    images.mkdir(parents=True)
    (images / "heads.png").write_bytes(b"\x89PNG heads")
    shutil.copy(FIXTURES / "ghost-export.json", folder / "my-site.ghost.json")
    return folder


def test_a_ghost_zip_copies_its_images_as_its_folder_does(tmp_path: Path) -> None:
    folder = ghost_site(tmp_path / "ghost")
    zip_path = zip_folder(folder, tmp_path / "ghost.zip")
    from_folder, from_zip = import_both(folder, zip_path, tmp_path)
    files = written_files(tmp_path / "b")
    assert files["content/images/2024/05/heads.png"] == b"\x89PNG heads"
    assert files == written_files(tmp_path / "a")
    assert told(from_zip) == told(from_folder)
    assert not [d for d in from_zip.diagnostics if d.code == "import-missing-file"]


def test_a_ghost_export_in_a_folder_of_the_zip_is_found(tmp_path: Path) -> None:
    # a backup's layout: the export in `data/`, the site's files in `content/`, a README above
    folder = tmp_path / "backup"
    ghost_site(folder)
    (folder / "data").mkdir()
    (folder / "my-site.ghost.json").rename(folder / "data" / "my-site.ghost.json")
    (folder / "data" / "redirects.json").write_text('{"from": "/a", "to": "/b"}', encoding="utf-8")
    zip_path = zip_folder(folder, tmp_path / "backup.zip", under="backup-2024/")
    from_folder, from_zip = import_both(folder, zip_path, tmp_path)
    files = written_files(tmp_path / "b")
    assert sorted(files) == [
        "content/images/2024/05/heads.png",
        "first-notes.md",
        "half-written-thoughts.md",
        "reading-the-attention-paper-again.md",
    ]
    assert files == written_files(tmp_path / "a")
    assert told(from_zip) == told(from_folder)
    assert {d.pos.path for d in from_zip.diagnostics if d.pos} == {
        "backup.zip/backup-2024/data/my-site.ghost.json"
    }
    assert not [d for d in from_zip.diagnostics if d.is_error or d.code == "import-missing-file"]


def test_a_zip_of_a_wordpress_export_and_macos_copies_reads_the_export(tmp_path: Path) -> None:
    zip_path = tmp_path / "wp.zip"
    with zipfile.ZipFile(zip_path, "w") as archive:
        archive.write(FIXTURES / "wp-theme-test-data.xml", "wp-theme-test-data.xml")
        archive.writestr("__MACOSX/._wp-theme-test-data.xml", b"\x00\x05\x16\x07")
        archive.writestr(".DS_Store", b"\x00\x00\x00\x01Bud1")
    outcome = import_files([zip_path], tmp_path / "notes", tmp_path)
    direct = import_files([FIXTURES / "wp-theme-test-data.xml"], tmp_path / "direct", tmp_path)
    assert len(outcome.written) == len(direct.written) == 3
    assert written_files(tmp_path / "notes") == written_files(tmp_path / "direct")
    assert {d.code for d in outcome.diagnostics}.isdisjoint({"import-binary", "import-bad-feed"})


@pytest.mark.parametrize(
    "name",
    ["../evil.md", "posts/../../evil.md", "/tmp/evil.md", "C:/evil.md", "posts\\..\\evil.md"],
)
def test_a_member_leading_out_of_the_folder_refuses_the_zip(tmp_path: Path, name: str) -> None:
    zip_path = tmp_path / "x.zip"
    with zipfile.ZipFile(zip_path, "w") as archive:
        archive.writestr("ok.md", "# Fine\n\ntext\n")
        archive.writestr(zipfile.ZipInfo(name), "# Evil\n\ntext\n")
    outcome = import_files([zip_path], tmp_path / "notes", tmp_path)
    (problem,) = outcome.diagnostics
    assert (problem.code, problem.pos.path, problem.pos.line) == ("import-zip-unsafe", "x.zip", 0)
    assert repr(name) in problem.message and problem.hint
    assert outcome.written == () and written_files(tmp_path / "notes") == {}
    assert not list(tmp_path.rglob("evil.md"))


@pytest.mark.parametrize(
    "names",
    [("a.md", "a.md"), ("posts/a.md", "Posts/A.md"), ("posts", "posts/a.md"), ("a.md", "a.md/")],
)
def test_a_path_named_twice_refuses_the_zip(tmp_path: Path, names: tuple[str, str]) -> None:
    zip_path = tmp_path / "x.zip"
    with zipfile.ZipFile(zip_path, "w") as archive, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile's "Duplicate name"
        for name in names:
            archive.writestr(name, "" if name.endswith("/") else "# A\n\ntext\n")
    outcome = import_files([zip_path], tmp_path / "notes", tmp_path)
    (problem,) = outcome.diagnostics
    assert (problem.code, problem.pos.path) == ("import-zip-unsafe", "x.zip")
    assert repr(names[1]) in problem.message and written_files(tmp_path / "notes") == {}


def test_a_link_in_the_zip_is_not_followed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.html"
    secret.write_text(MEDIUM_PAGE, encoding="utf-8")
    zip_path = tmp_path / "x.zip"
    with zipfile.ZipFile(zip_path, "w") as archive:
        archive.writestr("posts/2021-08-24_Reading-Raft-Again-3c7869fdae53.html", MEDIUM_PAGE)
        link = zipfile.ZipInfo("posts/2020-01-01_Secret-1a2b.html")
        link.external_attr = 0o120777 << 16
        archive.writestr(link, str(secret))
    outcome = import_files([zip_path], tmp_path / "notes", tmp_path)
    assert [Path(p).name for p in outcome.written] == ["reading-raft-again.md"]
    (problem,) = [d for d in outcome.diagnostics if d.code == "import-zip-link"]
    assert problem.severity == "warning" and "posts/2020-01-01_Secret-1a2b.html" in problem.message


def test_a_zip_bomb_is_refused_with_the_caps_in_the_hint(tmp_path: Path) -> None:
    zip_path = tmp_path / "bomb.zip"
    with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("posts.txt", b"\0" * (4 << 20))  # 4 MiB of zeros: about 4 KiB zipped
    outcome = import_files([zip_path], tmp_path / "notes", tmp_path)
    (problem,) = outcome.diagnostics
    assert (problem.code, problem.pos.path) == ("import-zip-too-large", "bomb.zip")
    assert "1,024 MiB in 50,000 files" in problem.hint and "100 times" in problem.hint
    assert not list((tmp_path / "system-tmp").iterdir())


def test_too_many_members_or_bytes_refuse_the_zip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    zip_path = tmp_path / "many.zip"
    with zipfile.ZipFile(zip_path, "w") as archive:
        for i in range(5):
            archive.writestr(f"{i}.txt", f"https://example.com/{i}\n")
    monkeypatch.setattr(zipped_module, "MAX_MEMBERS", 4)
    (problem,) = import_files([zip_path], tmp_path / "n", tmp_path).diagnostics
    assert problem.code == "import-zip-too-large" and "5 files" in problem.message
    monkeypatch.setattr(zipped_module, "MAX_MEMBERS", 10)
    monkeypatch.setattr(zipped_module, "MAX_TOTAL", 50)
    (problem,) = import_files([zip_path], tmp_path / "n", tmp_path).diagnostics
    assert problem.code == "import-zip-too-large" and "bytes" in problem.message


def test_a_corrupt_zip_is_an_error_at_its_path(tmp_path: Path) -> None:
    good = zip_folder(medium_export(tmp_path / "m"), tmp_path / "good.zip")
    (tmp_path / "cut.zip").write_bytes(good.read_bytes()[:300])
    (tmp_path / "page.zip").write_text("<html>Not found</html>", encoding="utf-8")
    with zipfile.ZipFile(tmp_path / "crc.zip", "w") as archive:  # stored: its bytes as they are
        archive.writestr("links.txt", "https://example.com/a\n")
    data = (tmp_path / "crc.zip").read_bytes()
    (tmp_path / "crc.zip").write_bytes(data.replace(b"example.com/a", b"example.com/b", 1))
    paths = [tmp_path / n for n in ("cut.zip", "page.zip", "crc.zip")]
    outcome = import_files(paths, tmp_path / "notes", tmp_path)
    assert [(d.code, d.pos.path) for d in outcome.diagnostics] == [
        ("import-bad-zip", "crc.zip"),
        ("import-bad-zip", "cut.zip"),
        ("import-bad-zip", "page.zip"),
    ]
    assert all("download the export again" in d.hint for d in outcome.diagnostics)
    assert outcome.written == () and written_files(tmp_path / "notes") == {}


def test_an_encrypted_zip_is_refused(tmp_path: Path) -> None:
    zip_path = tmp_path / "locked.zip"
    with zipfile.ZipFile(zip_path, "w") as archive:
        archive.writestr("posts.txt", "https://example.com/a\n")
    data = bytearray(zip_path.read_bytes())
    data[6] |= 1  # the local header's flags: encrypted
    data[data.index(b"PK\1\2") + 8] |= 1  # and the central directory's
    zip_path.write_bytes(bytes(data))
    (problem,) = import_files([zip_path], tmp_path / "notes", tmp_path).diagnostics
    assert (problem.code, problem.pos.path) == ("import-zip-encrypted", "locked.zip")
    assert "password" in problem.hint


def test_a_zip_inside_the_zip_is_told_not_opened(tmp_path: Path) -> None:
    inner = zip_folder(medium_export(tmp_path / "m"), tmp_path / "inner.zip")
    outer = tmp_path / "outer.zip"
    with zipfile.ZipFile(outer, "w") as archive:
        archive.write(inner, "medium-export.zip")
    outcome = import_files([outer], tmp_path / "notes", tmp_path)
    (problem,) = outcome.diagnostics
    assert (problem.code, problem.pos.path) == ("import-zip-nested", "outer.zip/medium-export.zip")
    assert problem.severity == "error" and problem.hint and outcome.written == ()


def test_a_zip_holding_nothing_to_import_is_told(tmp_path: Path) -> None:
    zip_path = tmp_path / "photos.zip"
    with zipfile.ZipFile(zip_path, "w") as archive:
        archive.writestr("a.png", b"\x89PNG")
    (problem,) = import_files([zip_path], tmp_path / "notes", tmp_path).diagnostics
    assert (problem.code, problem.pos.path) == ("import-unreadable", "photos.zip")


def test_a_linked_file_is_found_only_in_the_zips_folder(tmp_path: Path) -> None:
    (tmp_path / "top" / "posts").mkdir(parents=True)
    (tmp_path / "x.png").write_bytes(b"png")
    assert blog_file(tmp_path / "top" / "posts", "x.png") == tmp_path / "x.png"
    assert blog_file(tmp_path / "top" / "posts", "x.png", tmp_path / "top") is None
    assert blog_file(tmp_path / "top" / "posts", "../../x.png", tmp_path / "top") is None


def test_the_cli_imports_a_zip_and_tells_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes").mkdir()
    good = zip_folder(medium_export(tmp_path / "m"), tmp_path / "medium.zip")
    assert main(["--root", str(tmp_path), "import", str(good), "--dry-run"]) == 0
    assert not (tmp_path / "notes" / "imported").exists()
    assert main(["--root", str(tmp_path), "import", str(good)]) == 0
    assert (tmp_path / "notes" / "imported" / "reading-raft-again.md").is_file()
    capsys.readouterr()
    (tmp_path / "bad.zip").write_bytes(b"PK\3\4 not really")
    assert main(["--root", str(tmp_path), "import", str(tmp_path / "bad.zip")]) == 1
    err = capsys.readouterr().err
    assert "bad.zip: error[import-bad-zip]" in err and "Traceback" not in err
    assert "  hint: download the export again" in err


def test_a_ghost_export_in_a_folder_starting_with_a_bom_is_found(tmp_path: Path) -> None:
    # an export saved by an editor that writes a byte order mark is read as the export it is
    folder = tmp_path / "backup"
    ghost_site(folder)
    (folder / "data").mkdir()
    export = (folder / "my-site.ghost.json").read_bytes()
    (folder / "data" / "my-site.ghost.json").write_bytes(b"\xef\xbb\xbf" + export)
    (folder / "my-site.ghost.json").unlink()
    outcome = import_files([folder], tmp_path / "a", tmp_path)
    assert "first-notes.md" in written_files(tmp_path / "a")
    assert not [d for d in outcome.diagnostics if d.is_error]


def test_a_zip_s_unread_markup_is_one_warning_as_a_folder_s(tmp_path: Path) -> None:
    # a Pelican blog's content zipped: each `.rst` post was a warning of its own
    folder = tmp_path / "content"
    folder.mkdir()
    for name in ("a.rst", "b.rst"):
        (folder / name).write_text("Title\n=====\n\nText.\n", encoding="utf-8")
    (folder / "c.md").write_text("# C\n\nText.\n", encoding="utf-8")
    from_folder, from_zip = import_both(folder, zip_folder(folder, tmp_path / "c.zip"), tmp_path)
    assert told(from_zip) == told(from_folder)
    assert [(d.code, d.pos.path if d.pos else "") for d in from_zip.diagnostics] == [
        ("import-unread-markup", "c.zip")
    ]
    assert "2 file(s) of reStructuredText not read (the first: a.rst)" in told(from_zip)[0][1]
    assert from_zip.written == ("b/c.md",)
