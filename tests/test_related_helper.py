"""builder/related_helper.py: the related entries a helper process makes (and saves) are those the
build would make itself; a helper that fails is made good by the build."""

from __future__ import annotations

import errno
import pickle
import shutil
from pathlib import Path

import pytest

import notebase.builder.pipeline as pipeline
from notebase.builder.cachefiles import CACHE_DIR, HELD_FILE, HELD_RELATED, HELD_TOKEN
from notebase.builder.memo import Memo
from notebase.builder.pipeline import RelatedEntries, SavedEarly, build_site
from notebase.builder.related_helper import RelatedHelper, RelatedJob, RelatedMade
from notebase.builder.state import BuildOptions
from notebase.linking.index import build_index
from notebase.linking.related import RelatedState, compute_related, related_inputs
from tests.sitecompare import assert_same_tree
from tests.test_related_update import corpus


def held(root: Path) -> dict[str, object]:
    with (root / CACHE_DIR / HELD_FILE).open("rb") as handle:
        found: dict[str, object] = pickle.load(handle)["held"]
    return found


def by_slug(state: RelatedState) -> dict[str, tuple[str, ...]]:
    return dict(zip(state.slugs, state.related, strict=True))


def test_the_helper_makes_and_saves_the_related_entries_the_build_would(tmp_path: Path) -> None:
    entries = corpus()
    helper = RelatedHelper()
    try:
        assert helper.hand(RelatedJob(str(tmp_path), "t0ken", related_inputs(entries)))
        made = helper.made()
    finally:
        helper.close()
    want = compute_related(entries)
    assert made is not None and made.problems == ()
    assert made.related == want.related
    assert any(made.related)  # (related entries were found)
    assert held(tmp_path) == {HELD_RELATED: want, HELD_TOKEN: "t0ken"}


@pytest.mark.parametrize("dies", [False, True], ids=["alive", "killed once handed its job"])
def test_the_build_adds_what_its_helper_made_or_makes_it_when_the_helper_dies(
    tmp_path: Path, dies: bool
) -> None:
    entries = corpus()
    saves, helper = SavedEarly(tmp_path), RelatedHelper()
    try:
        related = RelatedEntries(entries, Memo(), saves, helper)
        assert related.helper is helper  # handed over, not made in this process
        if dies:
            helper.process.kill()  # it hands nothing back
        index, problems = related.added_to(build_index(entries))
    finally:
        helper.close()
    want = compute_related(entries)
    assert problems == ()
    assert index.related == by_slug(want)
    assert saves.keys == want.keys  # what the base names the related entries by
    assert held(tmp_path) == {HELD_RELATED: want, HELD_TOKEN: saves.token}


def test_a_helper_gone_before_its_job_is_no_helper(tmp_path: Path) -> None:
    entries = corpus()
    helper = RelatedHelper()
    helper.process.kill()
    helper.process.wait()
    try:
        related = RelatedEntries(entries, Memo(), SavedEarly(tmp_path), helper)
        index, _ = related.added_to(build_index(entries))
    finally:
        helper.close()
    assert related.helper is None
    assert index.related == by_slug(compute_related(entries))


def test_a_cold_one_shot_build_with_a_helper_writes_the_site_and_cache_of_one_without(
    kb: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[RelatedMade | None] = []
    real = RelatedHelper.made

    def spied(self: RelatedHelper) -> RelatedMade | None:
        made.append(real(self))
        return made[-1]

    monkeypatch.setattr(RelatedHelper, "made", spied)
    other = tmp_path / "other"
    shutil.copytree(kb, other)
    for root, helped in ((kb, 0), (other, 10**9)):
        monkeypatch.setattr(pipeline, "HELPED", helped)
        result = build_site(BuildOptions(root=root, out=root / "site", cache=True))
        assert result.written, result.diagnostics
    assert len(made) == 1 and made[0] is not None  # the first build's helper made them
    assert_same_tree(kb / "site", other / "site")
    assert held(kb)[HELD_RELATED] == held(other)[HELD_RELATED]


def test_a_build_told_to_use_one_process_starts_no_helper(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[RelatedHelper] = []
    real = RelatedHelper.__init__

    def spied(self: RelatedHelper) -> None:
        real(self)
        started.append(self)

    monkeypatch.setattr(RelatedHelper, "__init__", spied)
    monkeypatch.setattr(pipeline, "HELPED", 0)
    for jobs in (1, 2):
        shutil.rmtree(kb / ".notebase-cache", ignore_errors=True)  # cold: no related to update
        result = build_site(BuildOptions(root=kb, out=kb / "site", cache=True, jobs=jobs))
        assert result.written, result.diagnostics
        assert len(started) == jobs - 1, jobs  # `--jobs 1`: none; `--jobs 2`: one


def test_a_helper_that_cannot_be_started_leaves_the_build_to_make_them(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(_self: RelatedHelper) -> None:  # as Popen raises when no process can be had
        raise OSError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(RelatedHelper, "__init__", refused)
    monkeypatch.setattr(pipeline, "HELPED", 0)
    result = build_site(BuildOptions(root=kb, out=kb / "site", cache=True))
    assert result.written, result.diagnostics  # not a file-system error: no helper is no failure
    assert isinstance(held(kb)[HELD_RELATED], RelatedState)
