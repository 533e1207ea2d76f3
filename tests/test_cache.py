"""The persistent build cache: reused when sound, discarded with a warning when not."""

from __future__ import annotations

import io
import os
import pickle
from pathlib import Path

import pytest

from notebase import __version__
from notebase.builder.cache import (
    MEMO_FILE,
    PARSE_SHARDS,
    PARSES_FILE,
    STATE_FILE,
    RecordUnpickler,
    load_state,
)
from notebase.builder.cachefiles import CACHE_DIR, FORMAT, HELD_FILE
from notebase.builder.delta import DELTA_FILE, KITS_FILE, WHOLES_FILE
from notebase.builder.inputs import read_inputs
from notebase.builder.pipeline import BuildResult, build_site
from notebase.builder.state import BuildOptions
from notebase.model import Status

CACHE = Path(CACHE_DIR) / STATE_FILE


def build(root: Path) -> BuildResult:
    result = build_site(BuildOptions(root=root, out=root / "site", cache=True))
    assert result.written, result.diagnostics
    return result


def codes(result: BuildResult) -> list[str]:
    return [d.code for d in result.diagnostics]


def set_back(notes: Path, seconds: int = 60) -> None:
    """Every note's mtime set `seconds` back: older than a scan's racy window (inputs.RACY_NS)."""
    for note in notes.rglob("*.md"):
        old = note.stat().st_mtime_ns - seconds * 1_000_000_000
        os.utime(note, ns=(old, old))


def test_second_build_parses_and_writes_nothing(kb: Path) -> None:
    set_back(kb / "notes")  # written just now, they would be read again (and their stamps saved)
    first = build(kb)
    assert first.parsed == 4 and (kb / CACHE).is_file()
    mtimes = {p: p.stat().st_mtime_ns for p in (kb / "site").rglob("*")}
    cache_mtime = (kb / CACHE).stat().st_mtime_ns
    second = build(kb)
    assert (second.parsed, second.rendered, second.files.written) == (0, 0, ())
    assert len(second.files.unchanged) == len(first.files.written)
    assert mtimes == {p: p.stat().st_mtime_ns for p in (kb / "site").rglob("*")}
    assert (kb / CACHE).stat().st_mtime_ns == cache_mtime


def test_notes_read_again_by_a_build_with_nothing_changed_are_trusted_by_the_next(
    kb: Path,
) -> None:
    """A note too new to trust by its stamp, or touched since (a checkout, a copy), is read
    again; a build finding nothing changed saves its stamp, and the next reads none."""
    build(kb)
    set_back(kb / "notes")  # same text, other stamps: read again
    options = BuildOptions(root=kb, out=kb / "site", cache=True)
    last, _ = load_state(kb, parses=False)
    assert read_inputs(options, last.stamps, last.scanned_ns).found.read
    second = build(kb)
    assert (second.parsed, second.rendered, second.files.written) == (0, 0, ())
    last, _ = load_state(kb, parses=False)
    assert read_inputs(options, last.stamps, last.scanned_ns).found.read == ()
    assert build(kb).files.written == ()  # the parses it names still load: a delta build works
    note = kb / "notes/ideas/landscape.md"
    note.write_text(note.read_text() + "\nMore.\n")
    assert build(kb).parsed == 1


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


def test_a_cache_of_other_notebase_code_is_discarded(kb: Path) -> None:
    build(kb)
    shards = [PARSES_FILE.format(i) for i in range(PARSE_SHARDS)]
    for name in (STATE_FILE, *shards):  # as if notebase's own code had been edited since
        payload = pickle.loads((kb / CACHE_DIR / name).read_bytes())
        assert payload["version"] == __version__
        payload["code"] = "0" * 64
        (kb / CACHE_DIR / name).write_bytes(pickle.dumps(payload))
    result = build(kb)
    assert "cache-discarded" in codes(result) and result.parsed == 4
    message = next(d.message for d in result.diagnostics if d.code == "cache-discarded")
    assert message == "build cache discarded: it was written by another build of notebase"


def test_an_enum_member_pickled_by_name_is_read() -> None:
    # how some Python 3.11 releases (3.11.2, Debian 12's python3) pickle an enum member
    data = b"cbuiltins\ngetattr\n(cnotebase.model\nStatus\nVREAD\ntR."
    assert RecordUnpickler(io.BytesIO(data)).load() is Status.READ


@pytest.mark.parametrize(
    "data",
    [
        b"cbuiltins\ngetattr\n(cnotebase.model\nEntry\nV__class__\ntR.",
        b"cbuiltins\ngetattr\n(cnotebase.model\nStatus\nV__class__\ntR.",
    ],
)
def test_getattr_in_a_cache_reaches_enum_members_only(data: bytes) -> None:
    with pytest.raises(pickle.UnpicklingError):
        RecordUnpickler(io.BytesIO(data)).load()


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


PARSES = [Path(CACHE_DIR) / PARSES_FILE.format(i) for i in range(PARSE_SHARDS)]


def delta_files() -> list[str]:
    """What a full build saves for delta builds."""
    kits = [KITS_FILE.format(i) for i in range(PARSE_SHARDS)]
    return [*kits, WHOLES_FILE, DELTA_FILE]


def test_a_build_with_nothing_changed_does_not_read_the_parses(kb: Path) -> None:
    build(kb)
    for shard in PARSES:
        (kb / shard).write_bytes(b"garbage")  # would be discarded, were it read
    second = build(kb)
    assert "cache-discarded" not in codes(second)
    assert (second.parsed, second.rendered, second.files.written) == (0, 0, ())
    note = kb / "notes/ideas/landscape.md"
    note.write_text(note.read_text() + "\nMore.\n")
    third = build(kb)
    assert "cache-discarded" in codes(third) and third.parsed == 4


def test_an_unreadable_parse_shard_is_the_file_the_warning_names(kb: Path) -> None:
    build(kb)
    (kb / PARSES[3]).write_bytes(b"garbage")
    note = kb / "notes/ideas/landscape.md"  # a new title: a full build, which reads every shard
    note.write_text(note.read_text().replace("# Optimizer landscape", "# Optimizer map"))
    result = build(kb)
    warned = [d for d in result.diagnostics if d.code == "cache-discarded"]
    assert [d.pos.path for d in warned if d.pos] == [PARSES[3].as_posix()] and result.written


def test_a_page_deleted_from_the_site_is_written_again(kb: Path) -> None:
    build(kb)
    page = kb / "site/papers/muon/index.html"
    want = page.read_bytes()
    page.unlink()
    result = build(kb)
    assert result.files.written == ("papers/muon/index.html",)
    assert page.read_bytes() == want


def test_a_template_edit_is_not_missed_by_a_build_with_nothing_else_changed(kb: Path) -> None:
    build(kb)
    (kb / "templates").mkdir(exist_ok=True)
    (kb / "templates/404.html").write_text("<p>gone</p>\n")
    result = build(kb)
    assert result.files.written == ("404.html",)
    assert (kb / "site/404.html").read_text() == "<p>gone</p>\n"


def test_strict_fails_on_the_warnings_of_an_unchanged_build(kb: Path) -> None:
    (kb / "notes/broken.md").write_text("---\ntitle: Broken\n---\nSee [[Nowhere]].\n")
    first = build(kb)
    assert "broken-link" in codes(first)
    again = build_site(BuildOptions(root=kb, out=kb / "site", cache=True, strict=True))
    assert not again.written and "broken-link" in codes(again)
    assert "broken-link" in codes(build(kb))  # an unchanged build reports the same warnings


def test_a_file_added_to_the_site_is_removed_by_a_build_with_nothing_changed(kb: Path) -> None:
    build(kb)
    (kb / "site/papers/muon/stray.html").write_text("stray")
    result = build(kb)
    assert result.files.removed == ("papers/muon/stray.html",)
    assert not (kb / "site/papers/muon/stray.html").exists()


def test_a_knowledge_base_without_notes_keeps_its_cache_sound(tmp_path: Path) -> None:
    (tmp_path / "notes").mkdir()
    assert build(tmp_path).entries == 0
    (tmp_path / "static").mkdir()
    (tmp_path / "static/robots.txt").write_text("User-agent: *\n")  # not warm: parses loaded
    result = build(tmp_path)
    assert result.files.written == ("robots.txt",)
    assert "cache-discarded" not in codes(result)


def test_the_state_file_is_read_once_by_a_build_with_changes(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import notebase.builder.cache

    build(kb)
    note = kb / "notes/ideas/landscape.md"  # a new title: a full build
    note.write_text(note.read_text().replace("# Optimizer landscape", "# Optimizer map"))
    read: list[str] = []
    load = notebase.builder.cache.load_payload

    def counted(root: Path, name: str) -> tuple[object, str | None]:
        read.append(name)
        return load(root, name)

    monkeypatch.setattr(notebase.builder.cache, "load_payload", counted)
    assert build(kb).parsed == 1
    shards = [PARSES_FILE.format(i) for i in range(PARSE_SHARDS)]
    assert read == [STATE_FILE, *shards, MEMO_FILE, HELD_FILE]  # each once


def test_an_edit_rewrites_only_the_shard_of_the_parses_holding_the_note(kb: Path) -> None:
    build(kb)
    stamps = {shard: (kb / shard).stat().st_ino for shard in PARSES}
    note = kb / "notes/ideas/landscape.md"  # a new title: a full build (a body's: a delta one)
    note.write_text(note.read_text().replace("# Optimizer landscape", "# Optimizer map"))
    assert build(kb).parsed == 1
    rewritten = [shard for shard in PARSES if (kb / shard).stat().st_ino != stamps[shard]]
    assert len(rewritten) == 1
    again = build(kb)  # the state names the new shard: every parse is read back
    assert (again.parsed, again.rendered) == (0, 0) and "cache-discarded" not in codes(again)
    note.write_text(note.read_text().replace("# Optimizer map", "# Optimizer maps"))
    assert build(kb).parsed == 1 and "cache-discarded" not in codes(build(kb))


def test_a_build_starts_from_the_costly_results_the_last_one_kept(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import notebase.linking.mentions

    build(kb)
    calls: list[str] = []
    matched = notebase.linking.mentions.matched_phrases

    def counted(*args: object) -> object:
        calls.append("matched")
        return matched(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(notebase.linking.mentions, "matched_phrases", counted)
    note = kb / "notes/papers/muon.md"  # a tag: a full build (a body's: a delta one)
    note.write_text(note.read_text().replace("[optimizers, ml]", "[optimizers]"))
    assert build(kb).parsed == 1
    assert calls == ["matched"]  # the edited note's alone: the others' from memo.pickle


def test_a_build_reads_back_only_the_pages_it_wrote_to_find_the_search_results(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build(kb)
    site = (kb / "site").resolve()
    read: list[Path] = []
    read_bytes = Path.read_bytes

    def counted(path: Path) -> bytes:
        if path.suffix == ".html" and path.resolve().is_relative_to(site):
            read.append(path)
        return read_bytes(path)

    monkeypatch.setattr(Path, "read_bytes", counted)
    note = kb / "notes/ideas/landscape.md"
    note.write_text(note.read_text() + "\nMore.\n")
    result = build(kb)
    pages = [rel for rel in (*result.files.written, *result.files.unchanged) if ".html" in rel]
    assert 0 < len(result.files.written) < len(pages) // 2
    # each page written is compared with the one it replaces; the kept ones were known (memo.pickle)
    assert len(read) <= len(result.files.written)


def test_a_build_leaves_no_memo_alive_once_it_is_done(kb: Path) -> None:
    import gc

    from notebase.builder.memo import Memo

    build(kb)
    note = kb / "notes/ideas/landscape.md"
    note.write_text(note.read_text() + "\nMore.\n")
    build(kb)
    gc.collect()
    assert not [o for o in gc.get_objects() if isinstance(o, Memo)]  # (the template cache held it)


def test_a_build_leaves_its_memo_to_no_cycle(kb: Path) -> None:
    """Freed as the build returns, not when the collector next runs: a memo caught in a cycle
    (a page's Jinja context held it once) costs a collection over all it holds."""
    import gc

    from notebase.builder.memo import Memo

    build(kb)
    note = kb / "notes/ideas/landscape.md"
    note.write_text(note.read_text() + "\nMore.\n")
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        build(kb)
        assert not [o for o in gc.get_objects() if isinstance(o, Memo)]
    finally:
        if was_enabled:
            gc.enable()


def test_the_time_a_build_reports_counts_reading_and_writing_the_cache(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    import notebase.builder.pipeline

    build(kb)
    save = notebase.builder.pipeline.save_memo

    def slow(*args: object) -> object:
        time.sleep(0.3)
        return save(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(notebase.builder.pipeline, "save_memo", slow)
    note = kb / "notes/papers/muon.md"  # a tag: a full build, which saves the memo
    note.write_text(note.read_text().replace("[optimizers, ml]", "[optimizers]"))
    assert build(kb).seconds >= 0.3


def test_a_cache_that_cannot_be_written_is_a_warning_and_the_site_is_built(kb: Path) -> None:
    (kb / CACHE_DIR).write_text("not a folder")
    result = build(kb)
    assert (kb / "site/index.html").is_file()
    unwritable = [d for d in result.diagnostics if d.code == "cache-unwritable"]
    assert unwritable and all(d.hint and d.pos for d in unwritable)
    files = {f"{CACHE_DIR}/{name}" for name in (STATE_FILE, MEMO_FILE, HELD_FILE)}
    files |= {str(p) for p in PARSES} | {f"{CACHE_DIR}/{name}" for name in delta_files()}
    assert {d.pos.path for d in unwritable if d.pos} <= files


def test_a_change_to_the_vaults_admonition_types_reparses_every_note(kb: Path) -> None:
    """The plugin's settings are part of every parse's key, as the TeX macros are."""
    note = kb / "notes/ideas/landscape.md"
    note.write_text(note.read_text() + "\n```ad-thesis\nA claim.\n```\n")
    settings = kb / "notes/.obsidian/plugins/obsidian-admonition/data.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"userAdmonitions": {"thesis": {"color": "1, 2, 3", "title": "Claim"}}}')
    first = build(kb)
    page = kb / "site/ideas/landscape/index.html"
    assert 'style="--c: rgb(1, 2, 3)"' in page.read_text() and ">Claim</p>" in page.read_text()
    settings.write_text('{"userAdmonitions": {"thesis": {"color": "4, 5, 6", "title": "Claim"}}}')
    again = build(kb)
    assert again.parsed == first.parsed == 4 and 'style="--c: rgb(4, 5, 6)"' in page.read_text()
    assert build(kb).parsed == 0  # and the next build reuses those parses
    settings.unlink()
    assert build(kb).parsed == 4 and "style=" not in page.read_text()


def test_a_change_to_the_vaults_tex_macros_reparses_every_note(kb: Path) -> None:
    note = kb / "notes/ideas/landscape.md"
    note.write_text(note.read_text() + "\n$\\R^n$\n")
    (kb / "notes/preamble.sty").write_text("\\newcommand{\\R}{\\mathbb{R}}\n")
    first = build(kb)
    assert "math-failed" not in codes(first)
    page = kb / "site/ideas/landscape/index.html"
    assert "&#x0211D;" in page.read_text()
    (kb / "notes/preamble.sty").write_text("\\newcommand{\\R}{\\mathbf{R}}\n")
    again = build(kb)
    assert again.parsed == 4 and "&#x1D411;" in page.read_text()  # a bold R
    assert build(kb).parsed == 0  # and the next build reuses those parses
