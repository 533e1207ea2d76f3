"""The persistent build cache: reused when sound, discarded with a warning when not."""

from __future__ import annotations

import pickle
from pathlib import Path

from notebase import __version__
from notebase.build import BuildOptions, BuildResult, build_site
from notebase.cache import CACHE_DIR, FORMAT, STATE_FILE

CACHE = Path(CACHE_DIR) / STATE_FILE


def build(root: Path) -> BuildResult:
    result = build_site(BuildOptions(root=root, out=root / "site", cache=True))
    assert result.written, result.diagnostics
    return result


def codes(result: BuildResult) -> list[str]:
    return [d.code for d in result.diagnostics]


def test_second_build_parses_and_writes_nothing(kb: Path) -> None:
    first = build(kb)
    assert first.parsed == 4 and (kb / CACHE).is_file()
    mtimes = {p: p.stat().st_mtime_ns for p in (kb / "site").rglob("*")}
    cache_mtime = (kb / CACHE).stat().st_mtime_ns
    second = build(kb)
    assert (second.parsed, second.rendered, second.files.written) == (0, 0, ())
    assert len(second.files.unchanged) == len(first.files.written)
    assert mtimes == {p: p.stat().st_mtime_ns for p in (kb / "site").rglob("*")}
    assert (kb / CACHE).stat().st_mtime_ns == cache_mtime


def test_an_edited_note_is_the_only_one_parsed(kb: Path) -> None:
    build(kb)
    note = kb / "notes/ideas/landscape.md"
    note.write_text(note.read_text() + "\nMore.\n")
    assert build(kb).parsed == 1


def test_a_corrupt_cache_is_discarded_with_a_warning(kb: Path) -> None:
    build(kb)
    (kb / CACHE).write_bytes(b"\x80\x05garbage")
    result = build(kb)
    assert "cache-discarded" in codes(result)
    assert result.parsed == 4
    assert "cache-discarded" not in codes(build(kb))  # rewritten and sound again


def test_a_cache_of_another_version_is_discarded(kb: Path) -> None:
    build(kb)
    payload = {"format": FORMAT, "version": __version__ + ".old", "state": None}
    (kb / CACHE).write_bytes(pickle.dumps(payload))
    result = build(kb)
    assert "cache-discarded" in codes(result) and result.parsed == 4


def test_a_foreign_pickle_never_runs(kb: Path, tmp_path: Path) -> None:
    build(kb)
    canary = tmp_path / "ran"

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str, str]]:
            return (open, (str(canary), "w"))

    (kb / CACHE).write_bytes(pickle.dumps({"format": FORMAT, "x": Evil()}))
    result = build(kb)
    assert "cache-discarded" in codes(result)
    assert not canary.exists()


def test_a_discarded_cache_does_not_fail_a_strict_check(kb: Path) -> None:
    from notebase.cli import main

    build(kb)
    (kb / CACHE).write_bytes(b"not a pickle")
    assert main(["--root", str(kb), "check", "--strict"]) == 0
