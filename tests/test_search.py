"""search.py and the markup it reads: the build indexes entry pages and quotes with Pagefind, the
bundle is canonical and kept when no page changed, a failure is a diagnostic that keeps the old site."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from notebase.builder import search, sitefiles
from notebase.builder.cache import load_state, save_state
from notebase.builder.memo import Memo
from notebase.builder.pipeline import (
    BuildResult,
    build_site,
    rebuild,
    stamp_folders,
    swap_search_bundle,
)
from notebase.builder.search import (
    Cancelled,
    ReadyBundle,
    SearchBundle,
    SearchJob,
    canonical_bundle,
    index_later,
    plan_search,
    plan_shards,
    search_results,
    shard_count,
    stage_pages,
)
from notebase.builder.state import BuildOptions, BuildState
from notebase.diagnostics import Diagnostic
from notebase.files import KEEP, Staged
from tests.conftest import write_kb
from tests.servehelp import FAILING_PAGEFIND, PAGEFIND_ENV, fake_pagefind
from tests.sitecompare import assert_same_tree, tree
from tests.test_hostile import ERROR_FILES, make_kb
from tests.test_incremental import EDITS, clean_build, edit, write


def build(kb: Path, state: BuildState | None = None) -> tuple[BuildState, BuildResult]:
    return rebuild(state or BuildState(), BuildOptions(root=kb, out=kb / "site"))


def read_fragments(site: Path, shards: str = "s*") -> dict[str, dict[str, Any]]:
    """Pagefind's record of each indexed page (gzipped JSON after a signature) in the shards, by
    URL."""
    found = {}
    for path in site.glob(f"pagefind/{shards}/fragment/*"):
        raw = gzip.decompress(path.read_bytes())
        assert raw.startswith(b"pagefind_dcd")
        record = json.loads(raw[len(b"pagefind_dcd") :])
        found[record["url"]] = record
    return found


def failing_pagefind(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point Pagefind's Python package at a binary that fails the way Pagefind does."""
    monkeypatch.setenv(PAGEFIND_ENV, fake_pagefind(folder / "fake-pagefind", FAILING_PAGEFIND))


# --- what gets indexed ---------------------------------------------------------------------------


def test_the_build_indexes_the_entry_pages_and_the_quotes_page(kb: Path) -> None:
    build(kb)
    fragments = read_fragments(kb / "site")
    assert sorted(fragments) == [
        "/ideas/landscape/",
        "/links/latents/",
        "/papers/muon/",
        "/papers/shampoo/",
        "/quotes/",
    ]
    assert json.loads((kb / "site/pagefind/shards.json").read_text()) == {"shards": ["s00"]}
    entry = json.loads((kb / "site/pagefind/s00/pagefind-entry.json").read_text())
    assert entry["languages"]["en"]["page_count"] == 5
    assert (kb / "site/pagefind/s00/pagefind.js").is_file()
    assert not (kb / "site/pagefind/s00/pagefind-ui.js").exists()  # the site brings its own UI


def give_muon_a_status(kb: Path) -> None:
    muon = kb / "notes/papers/muon.md"
    muon.write_text(muon.read_text().replace("---\n", "---\nstatus: read\n", 1))


def test_filters_and_result_fields_come_from_the_entry_model(kb: Path) -> None:
    give_muon_a_status(kb)
    build(kb)
    fragments = read_fragments(kb / "site")
    muon = fragments["/papers/muon/"]
    assert muon["filters"] == {
        "kind": ["paper"],
        "status": ["read"],
        "tag": ["optimizers", "ml"],
        "year": ["2025"],
    }
    assert muon["meta"] == {
        "kind": "paper",
        "title": "Muon optimizer",
        "tldr": "Orthogonalised momentum updates.",
    }
    assert fragments["/links/latents/"]["filters"] == {
        "kind": ["link"],
        "tag": ["generative-models", "ml"],
    }
    assert fragments["/ideas/landscape/"]["meta"] == {
        "kind": "note",
        "title": "Optimizer landscape",
    }


def test_the_body_and_its_quotes_are_indexed_but_not_the_page_furniture(kb: Path) -> None:
    build(kb)
    content = read_fragments(kb / "site")["/papers/muon/"]["content"]
    assert "nearest semi-orthogonal matrix" in content
    assert "Muon operates on 2D tensors only." in content
    for furniture in ("Skip to content", "Backlinks", "Atom feed", "Tags:", "read", "tl;dr"):
        assert furniture not in content.split(), furniture
    # nor the entry's header chrome: its source link, identifiers and byline
    for chrome in ("arXiv:2502.16982", "Every note on this source", "Jingyuan Liu", "(arxiv.org)"):
        assert chrome not in content, chrome


def test_each_quote_is_an_anchor_of_the_quotes_page(kb: Path) -> None:
    build(kb)
    quotes = read_fragments(kb / "site")["/quotes/"]
    assert quotes["filters"] == {"kind": ["quote"]}
    figures = [a for a in quotes["anchors"] if a["element"] == "figure"]
    assert len(figures) == 1
    figure = figures[0]["id"]
    assert figure.startswith("papers-muon-q-")
    # its group's heading names the entry, its attribution has an anchor: what a result is titled by
    anchors = {a["id"]: (a["element"], a["text"]) for a in quotes["anchors"]}
    assert anchors["quotes-papers-muon"] == ("h2", "Muon optimizer")
    assert anchors[f"{figure}-by"] == ("span", "Keller Jordan, Muon blog post")
    assert quotes["content"] == (
        "Muon optimizer. Muon operates on 2D tensors only. — Keller Jordan, Muon blog post"
    )  # attributions are searchable too; tags, "in context" and separators are not


# --- determinism and the fast path ---------------------------------------------------------------


def test_two_clean_builds_write_the_same_bundle(kb: Path) -> None:
    build(kb)
    first = tree(kb / "site")
    build(kb)  # a fresh state: Pagefind runs again over the same pages
    assert tree(kb / "site") == first
    assert any(rel.startswith("pagefind/s00/filter/") for rel in first)


def test_filter_values_are_sorted_and_files_renamed_by_content() -> None:
    # CBOR written by hand: ["kind", [["paper", [1]], ["link", [0]]]], values out of order
    unsorted = b"pagefind_dcd\x82\x64kind\x82\x82\x65paper\x81\x01\x82\x64link\x81\x00"
    sorted_ = b"pagefind_dcd\x82\x64kind\x82\x82\x64link\x81\x00\x82\x65paper\x81\x01"
    # ["1.5.2", [], [], [["kind", "en_aaaaaaa"]], [], []]: version, pages, chunks, filters, sorts, meta
    meta = b"pagefind_dcd\x86\x651.5.2\x80\x80\x81\x82\x64kind\x6aen_aaaaaaa\x80\x80"
    bundle = {
        "pagefind/filter/en_aaaaaaa.pf_filter": gzip.compress(unsorted),
        "pagefind/pagefind.en_bbbbbbbbbb.pf_meta": gzip.compress(meta),
        "pagefind/pagefind-entry.json": b'{"languages":{"en":{"hash":"en_bbbbbbbbbb"}}}',
        "pagefind/pagefind.js": b"js",
    }
    files = canonical_bundle(bundle)
    (filter_name,) = [rel for rel in files if rel.startswith("pagefind/filter/")]
    assert files[filter_name] == sorted_
    assert filter_name != "pagefind/filter/en_aaaaaaa.pf_filter"
    (meta_name,) = [rel for rel in files if rel.endswith(".pf_meta")]
    new_filter = filter_name.removeprefix("pagefind/filter/").removesuffix(".pf_filter")
    assert new_filter.encode() in files[meta_name]
    new_meta = meta_name.removeprefix("pagefind/pagefind.").removesuffix(".pf_meta")
    entry = json.loads(files["pagefind/pagefind-entry.json"])
    assert entry == {"languages": {"en": {"hash": new_meta}}}
    assert files["pagefind/pagefind.js"] == b"js"


def test_a_bundle_left_where_pagefind_wrote_it_is_read_only_where_it_is_rewritten(
    example_site: Path, tmp_path: Path
) -> None:
    """index_folder(left=True): every file but the filters, the metadata and the entry file stays
    where Pagefind wrote it (Staged, unread), and the bundle's bytes are those it reads whole."""
    folder = tmp_path / "pages"
    for page in example_site.rglob("*.html"):
        if b"data-pagefind-body" in page.read_bytes():
            target = folder / page.relative_to(example_site)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(search.search_page(page.read_bytes()))
    left = search.index_folder(folder, "en", left=True)
    assert not isinstance(left, Diagnostic)
    read = canonical_bundle(search.read_bundle(folder / "pagefind"))
    staged = {rel for rel, data in left.items() if isinstance(data, Staged)}
    assert any("/fragment/" in rel for rel in staged) and any("/index/" in rel for rel in staged)
    assert not any(search.rewritten(rel) for rel in staged)
    assert {rel for rel in left if search.rewritten(rel)} == {
        rel for rel in read if search.rewritten(rel)
    }
    as_read = {
        rel: data.path.read_bytes() if isinstance(data, Staged) else data
        for rel, data in left.items()
    }
    assert as_read == read


def test_a_rebuild_where_no_page_changed_keeps_the_bundle_without_pagefind(
    kb: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    state, _ = build(kb)
    before = tree(kb / "site")
    failing_pagefind(tmp_path, monkeypatch)  # any run of Pagefind would now fail the build
    state, result = build(kb, state)
    assert result.written and result.diagnostics == ()
    (kb / "templates/assets").mkdir(parents=True)
    (kb / "templates/assets/extra.css").write_text("p { color: red }\n")
    state, result = build(kb, state)  # a new asset, no page changed
    assert result.written and result.diagnostics == ()
    assert result.files.written == ("assets/extra.css",)
    after = tree(kb / "site")
    assert {rel: data for rel, data in after.items() if rel != "assets/extra.css"} == before


def test_plan_search_runs_pagefind_only_when_a_page_changed(kb: Path) -> None:
    build(kb)
    out = kb / "site"
    pages = {p.relative_to(out).as_posix(): KEEP for p in out.rglob("*.html")}
    prints = dict.fromkeys(pages, "print")
    first = plan_search(out, pages, prints, {}, set(pages), "en")
    assert isinstance(first, SearchBundle) and "pagefind/s00/pagefind.js" in first.files
    assert all(data is not KEEP for data in first.files.values())  # a new bundle, from Pagefind
    current = {rel: first.fingerprints[rel] for rel in first.files}
    for rel, data in first.files.items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        assert data is not None
        target.write_bytes(data)
    listing = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    again = plan_search(out, pages, prints, current, listing, "en")
    assert isinstance(again, SearchBundle) and set(again.files) == set(first.files)
    assert set(again.files.values()) == {KEEP}  # the bundle in the site kept, Pagefind not run
    plain = plan_search(
        out, pages, {**prints, "tags/ml/index.html": "other"}, current, listing, "en"
    )
    assert isinstance(plain, SearchBundle) and set(plain.files.values()) == {KEEP}  # no result's
    muon = out / "papers/muon/index.html"
    page = muon.read_bytes()
    muon.write_bytes(page.replace(b"</body>", b"<aside>a sidebar</aside></body>"))
    aside = plan_search(
        out, pages, {**prints, muon.relative_to(out).as_posix(): "x"}, current, listing, "en"
    )
    assert isinstance(aside, SearchBundle) and set(aside.files.values()) == {KEEP}  # not searched
    muon.write_bytes(page.replace(b"data-pagefind-body>", b"data-pagefind-body><p>new</p>", 1))
    changed = plan_search(
        out, pages, {**prints, "papers/muon/index.html": "y"}, current, listing, "en"
    )
    assert isinstance(changed, SearchBundle) and "pagefind/s00/pagefind.js" in changed.files
    assert changed.files["pagefind/shards.json"] is KEEP  # the same one shard
    assert all(changed.files[rel] is not KEEP for rel in changed.files if "/s00/" in rel)


def test_pagefind_reads_each_page_cut_to_its_search_body_one_page_at_a_time(tmp_path: Path) -> None:
    out, staging, scratch = tmp_path / "site", tmp_path / "staging", tmp_path / "scratch"
    for folder in (out, staging, scratch):
        folder.mkdir()
    page = PAGE % b"<main data-pagefind-body>text</main>"
    (out / "kept.html").write_bytes(page)
    (staging / "0").write_bytes(page)
    (staging / "1").write_bytes(b"<main>not a search result</main>")
    pages = {
        "kept.html": KEEP,
        "a/staged.html": Staged(staging / "0"),
        "b/plain.html": Staged(staging / "1"),
        "held.html": page,
    }
    found = search_results(out, pages, dict.fromkeys(pages, "new"))
    assert list(found) == ["a/staged.html", "held.html", "kept.html"]
    assert len(set(found.values())) == 1  # one page, staged, held or kept: one search print
    stage_pages(scratch, out, {rel: pages[rel] for rel in found})
    found = {p.relative_to(scratch).as_posix() for p in scratch.rglob("*") if p.is_file()}
    assert found == {"kept.html", "a/staged.html", "held.html"}
    cut = b'<!doctype html><html lang="en"><head><title>T</title></head><body>'
    cut += b"<main data-pagefind-body>text</main></body></html>"
    assert {(scratch / rel).read_bytes() for rel in found} == {cut}
    assert (staging / "0").read_bytes() == page  # the page itself is untouched


PAGE = (
    b'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title>'
    b'<link rel="stylesheet" href="s.css"></head><body><nav><a href="/">Home</a></nav>'
    b'%s<footer>site footer</footer><script src="search.js"></script></body></html>'
)


@pytest.mark.parametrize(
    "body",
    [
        b"<main data-pagefind-body>a <main>nested</main> b</main>",
        b'<article class="x" data-pagefind-body data-pagefind-filter="kind:quote">a</article>',
    ],
)
def test_a_search_body_is_cut_at_its_own_end_tag(body: bytes) -> None:
    cut = search.search_page(PAGE % body)
    assert cut.endswith(body + b"</body></html>")
    assert b"<nav>" not in cut and b"site footer" not in cut


@pytest.mark.parametrize(
    "body",
    [
        b"<main>no search body</main>",
        b"<h1>a heading Pagefind reads</h1><main data-pagefind-body>a</main>",
        b'<img src="a.png"><main data-pagefind-body>a</main>',
        b'<p data-pagefind-meta="author">A</p><main data-pagefind-body>a</main>',
        b"<main data-pagefind-body>a <!-- </main> --> b</main>",
        b"<main data-pagefind-body>a <script>'</main>'</script></main>",
        b"<main data-pagefind-body>never ends",
        b"<main data-pagefind-body>a</main><div data-pagefind-body>b</div>",
    ],
)
def test_a_page_cut_could_index_otherwise_is_given_whole(body: bytes) -> None:
    assert search.search_page(PAGE % body) == PAGE % body


@pytest.mark.parametrize("notes", ["example", "hostile", "vault"])
def test_pagefind_indexes_the_cut_pages_as_it_indexes_the_whole_pages(
    notes: str, example_site: Path, tmp_path: Path
) -> None:
    """The index Pagefind makes of the pages cut by search_page is byte for byte the index it
    makes of the whole pages, for every kind of page three real knowledge bases have."""
    site = example_site if notes == "example" else built_fixture(notes, tmp_path)
    pages = {
        p.relative_to(site).as_posix(): p.read_bytes()
        for p in site.rglob("*.html")
        if b"data-pagefind-body" in p.read_bytes()
    }
    bundles = []
    for name, cut in (("whole", lambda page: page), ("cut", search.search_page)):
        folder = tmp_path / name
        for rel, page in pages.items():
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            (folder / rel).write_bytes(cut(page))
        assert search.run_pagefind(folder, "en") is None
        bundles.append(canonical_bundle(search.read_bundle(folder / "pagefind")))
    assert len(pages) >= 8 and len(bundles[0]) > 10
    assert bundles[0] == bundles[1]
    cut_bytes = sum(len(search.search_page(page)) for page in pages.values())
    assert cut_bytes < 0.7 * sum(len(page) for page in pages.values())


def built_fixture(notes: str, tmp_path: Path) -> Path:
    """The site of tests/fixtures/hostile, or of the trimmed real vault's notes."""
    root = tmp_path / notes
    if notes == "hostile":  # less the notes that are errors (no site is written with them)
        make_kb(root)
        for rel in ERROR_FILES:
            shutil.rmtree(root / rel) if (root / rel).is_dir() else (root / rel).unlink()
    else:
        vault = Path(__file__).parent / "fixtures" / "vaults" / "k78ma-quartz" / "notes"
        shutil.copytree(vault, root / "notes")
    out = tmp_path / f"{notes}-site"
    result = build_site(BuildOptions(root=root, out=out, cache=False))
    assert result.written
    return out


# --- shards ---------------------------------------------------------------------------------------


def test_shards_are_a_power_of_two_holding_a_few_hundred_pages_each() -> None:
    counts = [shard_count(n) for n in (0, 1, 400, 401, 800, 801, 1000, 16_825, 20_000)]
    assert counts == [1, 1, 1, 2, 2, 4, 4, 64, 64]


def test_a_page_keeps_its_shard_whatever_its_content() -> None:
    results = [f"entry-{i}/index.html" for i in range(1000)]
    before = plan_shards(dict.fromkeys(results, "a"), "en", 4)
    after = plan_shards({**dict.fromkeys(results, "a"), results[7]: "b"}, "en", 4)
    assert [s.name for s in before] == ["s00", "s01", "s02", "s03"]
    assert [s.pages for s in before] == [s.pages for s in after]
    assert sorted(p for s in before for p in s.pages) == sorted(results)
    assert all(150 < len(s.pages) < 350 for s in before)  # a stable hash spreads them
    changed = [old.name for old, new in zip(before, after, strict=True) if old.stamp != new.stamp]
    assert changed == [next(s.name for s in before if results[7] in s.pages)]


@pytest.fixture
def sharded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shards of at most 12 pages: the kb's 23 (5 of them search results, its 4 entries and the
    quotes) in 2 shards, 4 past 24 pages."""
    monkeypatch.setattr(search, "SHARD_PAGES", 12)


def shard_names(site: Path) -> list[str]:
    names: list[str] = json.loads((site / "pagefind/shards.json").read_text())["shards"]
    return names


def shard_holding(site: Path, url: str) -> str:
    (found,) = [n for n in shard_names(site) if url in read_fragments(site, n)]
    return found


def test_an_edit_reindexes_only_its_shard(kb: Path, tmp_path: Path, sharded: None) -> None:
    state, _ = build(kb)
    site = kb / "site"
    assert shard_names(site) == ["s00", "s01"]
    assert set(read_fragments(site / "pagefind/s00")).isdisjoint(
        read_fragments(site / "pagefind/s01")
    )
    edit("notes/links/latents.md", "An essay", "A long essay")(kb)
    _, result = build(kb, state)
    assert {rel.split("/")[1] for rel in result.files.written if rel.startswith("pagefind/")} == {
        shard_holding(site, "/links/latents/")
    }
    other = next(n for n in shard_names(site) if n != shard_holding(site, "/links/latents/"))
    assert any(rel.startswith(f"pagefind/{other}/") for rel in result.files.unchanged)
    clean_build(kb, tmp_path / "clean")
    assert_same_tree(site, tmp_path / "clean")


def recorded(events: list[str], name: str, real: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        events.append(name)
        return real(*args, **kwargs)

    return call


def test_a_shard_is_indexed_as_soon_as_its_pages_are_rendered(
    kb: Path, sharded: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    monkeypatch.setattr(sitefiles, "render_due", recorded(events, "render", sitefiles.render_due))
    monkeypatch.setattr(search, "index_folder", recorded(events, "index", search.index_folder))
    monkeypatch.setattr(search, "stage_pages", recorded(events, "restage", search.stage_pages))
    options = BuildOptions(root=kb, out=kb / "site", min_parallel_render=1)
    state, result = rebuild(BuildState(), options)
    assert result.written and len(shard_names(kb / "site")) == 2
    last_render = len(events) - 1 - events[::-1].index("render")
    assert "index" in events[:last_render]  # the first shard's Pagefind ran while pages rendered
    assert "restage" not in events  # each page was staged for Pagefind as it was rendered
    events.clear()
    edit("notes/links/latents.md", "An essay", "A long essay")(kb)
    _, result = rebuild(state, options)
    assert result.written
    assert events.count("render") < 10 and events.count("restage") == 1  # with its kept pages


def test_the_pages_that_may_be_search_results_render_first_and_their_shards_index_meanwhile(
    kb: Path, sharded: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    render, start = sitefiles.render_due, search.Indexer.start

    def rendered(env: Any, config: Any, due: sitefiles.Due, *args: Any) -> Any:
        events.append(due.key[2].template)
        return render(env, config, due, *args)

    def started(self: search.Indexer, shard: search.Shard, *args: Any) -> None:
        if shard.stamp not in self.started:  # plan_search asks again for the bundles made
            events.append("index")
        start(self, shard, *args)

    monkeypatch.setattr(sitefiles, "render_due", rendered)
    monkeypatch.setattr(search.Indexer, "start", started)
    _, result = rebuild(BuildState(), BuildOptions(root=kb, out=kb / "site", min_parallel_render=1))
    assert result.written and len(shard_names(kb / "site")) == 2
    results = {"entry.html", "quotes.html", "home.html"}  # the templates that mark search results
    first_other = next(i for i, event in enumerate(events) if event not in results | {"index"})
    assert events[:first_other].count("index") == 2  # both shards, before any other page rendered
    assert set(events[first_other:]).isdisjoint(results | {"index"})  # and none again


def test_a_page_found_a_search_result_only_once_rendered_is_indexed_with_its_shard(
    kb: Path, tmp_path: Path, sharded: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = sitefiles.may_be_results

    def quotes_unseen(env: Any, todo: list[sitefiles.Due]) -> list[bool]:
        return [due.key[2].template == "entry.html" for due in todo]

    monkeypatch.setattr(sitefiles, "may_be_results", quotes_unseen)  # rendered after the entries
    options = BuildOptions(root=kb, out=kb / "site", min_parallel_render=1)
    _, result = rebuild(BuildState(), options)
    assert result.written
    monkeypatch.setattr(sitefiles, "may_be_results", seen)
    clean_build(kb, tmp_path / "clean")
    assert_same_tree(kb / "site", tmp_path / "clean")
    assert "/quotes/" in read_fragments(kb / "site")


# the default: the few pages an edit renders are indexed once they all are; 1: always as they
# render, where some edits re-render listings alone, whose shards are indexed before they render
@pytest.mark.parametrize("min_parallel_render", [sitefiles.MIN_PARALLEL_RENDER, 1])
def test_every_edit_gives_the_bundle_of_a_clean_build(
    kb: Path, tmp_path: Path, sharded: None, min_parallel_render: int
) -> None:
    options = BuildOptions(root=kb, out=kb / "site", min_parallel_render=min_parallel_render)
    state, _ = rebuild(BuildState(), options)
    counts = {len(shard_names(kb / "site"))}
    for number, (label, apply) in enumerate(EDITS):
        apply(kb)
        state, result = rebuild(state, options)
        assert result.written, (label, result.diagnostics)
        clean_build(kb, tmp_path / f"clean-{number}")
        assert_same_tree(kb / "site", tmp_path / f"clean-{number}")
        counts.add(len(shard_names(kb / "site")))
    assert counts == {2, 4}  # past 24 pages, 4 shards: every shard new, as in a clean build


def test_a_page_is_read_for_the_mark_again_only_with_a_new_fingerprint(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_bytes(b"<main data-pagefind-body>a</main>")
    (tmp_path / "b.html").write_bytes(b"<main>b</main>")
    pages: dict[str, bytes | Staged | None] = {"a.html": KEEP, "b.html": KEEP}
    memo = Memo()  # serve's, from one build to the next
    found = search_results(tmp_path, pages, {"a.html": "1", "b.html": "1"}, memo)
    assert list(found) == ["a.html"]
    (tmp_path / "a.html").unlink()  # not read again: its fingerprint is the same (serve)
    (tmp_path / "b.html").write_bytes(b"<main data-pagefind-body>b</main>")
    memo = memo.next_generation()
    found = search_results(tmp_path, pages, {"a.html": "1", "b.html": "2"}, memo)
    assert list(found) == ["a.html", "b.html"]


# --- left for later (serve) ----------------------------------------------------------------------


def later(kb: Path) -> BuildOptions:
    return BuildOptions(root=kb, out=kb / "site", search_later=True)


def catch_up(state: BuildState, job: SearchJob | None) -> BuildState:
    """What serve does once the pages are written and the reload sent."""
    assert job is not None and state.unindexed == job.stamp
    ready = index_later(job, threading.Event())
    assert isinstance(ready, ReadyBundle), ready
    return swap_search_bundle(state, ready, nullcontext())


def bundle_on_disk(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.glob("pagefind/**/*") if p.is_file()}


def bundle_in_state(state: BuildState) -> set[str]:
    return {rel for rel in state.outputs if rel.startswith("pagefind/")}


def test_an_index_left_for_later_catches_up_with_the_clean_site(kb: Path, tmp_path: Path) -> None:
    state, result = rebuild(BuildState(), later(kb))
    assert not (kb / "site/pagefind").exists()  # a first build has no index to keep
    assert bundle_in_state(state) == set() and (kb / "site/papers/muon/index.html").is_file()
    steps = [*EDITS[:4], ("add a static file", write("static/robots.txt", "User-agent: *\n"))]
    for number, (label, apply) in enumerate(steps):
        state = catch_up(state, result.search)
        assert state.unindexed == "", label
        clean_build(kb, tmp_path / f"clean-{number}")
        assert_same_tree(kb / "site", tmp_path / f"clean-{number}")
        assert bundle_in_state(state) == bundle_on_disk(kb / "site") != set(), label
        before = tree(kb / "site/pagefind")
        apply(kb)
        state, result = rebuild(state, later(kb))
        assert result.written and tree(kb / "site/pagefind") == before, label  # kept as it is
        assert bundle_in_state(state) == bundle_on_disk(kb / "site"), label  # and said to be
        if label == "add a static file":  # no page changed: the index is current
            assert result.search is None and state.unindexed == ""
        else:
            assert result.search is not None and state.unindexed == result.search.stamp, label


def test_an_index_left_for_later_reindexes_only_the_shards_due(
    kb: Path, tmp_path: Path, sharded: None
) -> None:
    state, result = rebuild(BuildState(), later(kb))
    state = catch_up(state, result.search)
    site = kb / "site"
    edit("notes/links/latents.md", "An essay", "A long essay")(kb)
    state, result = rebuild(state, later(kb))
    job = result.search
    assert job is not None and [s.name for s in job.shards] == ["s00", "s01"]
    (due,) = job.due
    assert due.name == shard_holding(site, "/links/latents/")
    other = next(s.name for s in job.shards if s != due)
    assert job.kept and all(rel.startswith(f"pagefind/{other}/") for rel in job.kept)
    inodes = {rel: (site / rel).stat().st_ino for rel in job.kept}
    state = catch_up(state, job)
    assert {rel: (site / rel).stat().st_ino for rel in job.kept} == inodes  # linked, not rewritten
    assert bundle_in_state(state) == bundle_on_disk(site)
    clean_build(kb, tmp_path / "clean")
    assert_same_tree(site, tmp_path / "clean")


def test_a_site_whose_index_lags_is_never_taken_for_a_current_one(kb: Path, tmp_path: Path) -> None:
    build_site(BuildOptions(root=kb, out=kb / "site", cache=True))
    bundle = tree(kb / "site/pagefind")
    edit("notes/links/latents.md", "An essay", "A long essay")(kb)
    state, _ = load_state(kb)
    state, result = rebuild(state, later(kb))  # serve, stopped before the index caught up
    assert tree(kb / "site/pagefind") == bundle  # the bundle of the pages before the edit
    assert result.search is not None
    save_state(kb, replace(state, folders=stamp_folders(kb / "site", state)))
    again = build_site(BuildOptions(root=kb, out=kb / "site", cache=True))
    assert again.written and any(rel.startswith("pagefind/") for rel in again.files.written)
    clean_build(kb, tmp_path / "clean")
    assert_same_tree(kb / "site", tmp_path / "clean")


def test_an_index_called_off_stops_pagefind_and_leaves_nothing(
    kb: Path, tmp_path: Path, sharded: None
) -> None:
    _, result = rebuild(BuildState(), later(kb))
    assert result.search is not None and len(result.search.due) == 2  # two Pagefinds at once
    script = fake_pagefind(tmp_path / "slow-pagefind", "exec sleep 120\n")
    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(PAGEFIND_ENV, script)
        timer.start()
        with pytest.raises(Cancelled):
            index_later(result.search, cancel)
    assert not [p for p in kb.iterdir() if p.name.startswith(".site.tmp-")]


def test_an_index_for_later_that_fails_is_a_diagnostic(
    kb: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _, result = rebuild(BuildState(), later(kb))
    assert result.written and result.diagnostics == ()  # Pagefind has not run yet
    failing_pagefind(tmp_path, monkeypatch)
    assert result.search is not None
    failed = index_later(result.search, threading.Event())
    assert isinstance(failed, Diagnostic) and failed.code == "search-index"
    assert failed.message == "Pagefind failed: Error: the index exploded"
    assert not [p for p in kb.iterdir() if p.name.startswith(".site.tmp-")]


# --- failures and settings -----------------------------------------------------------------------


def test_a_failed_index_is_a_diagnostic_and_the_old_site_stays(
    kb: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    state, _ = build(kb)
    before = tree(kb / "site")
    failing_pagefind(tmp_path, monkeypatch)
    edit("notes/links/latents.md", "An essay", "A long essay")(kb)
    _, result = build(kb, state)
    assert not result.written
    (diag,) = result.diagnostics
    assert diag.code == "search-index" and diag.is_error
    assert diag.message == "Pagefind failed: Error: the index exploded"
    assert diag.pos is not None and diag.pos.path == "notebase.yaml"
    assert "search: false" in diag.hint
    assert tree(kb / "site") == before
    assert not [p for p in kb.iterdir() if p.name.startswith(".site.tmp-")]  # scratch removed


def test_a_missing_binary_is_a_diagnostic(kb: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PAGEFIND_ENV, str(kb / "no-such-pagefind"))
    _, result = build(kb)
    assert not result.written
    (diag,) = result.diagnostics
    assert diag.code == "search-index"
    assert diag.message.startswith("Pagefind did not run:")


def test_a_pagefind_that_is_not_executable_is_a_diagnostic(kb: Path, tmp_path: Path) -> None:
    script = tmp_path / "pagefind"
    script.write_text("#!/bin/sh\nexit 0\n")
    script.chmod(0o644)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(PAGEFIND_ENV, str(script))
        _, result = build(kb)
    (diag,) = result.diagnostics
    assert diag.code == "search-index" and "Permission denied" in diag.message
    assert not (kb / "site").exists()


@pytest.mark.parametrize(
    "filter_file",
    [b"\x1f\x8bnot gzip at all", b"pagefind_dcd\x9f", b"pagefind_dcd\x83\x01\x02", b"\xff"],
    ids=["bad-gzip", "cbor-indefinite", "cbor-not-one-array", "no-signature"],
)
def test_pagefind_output_we_cannot_read_is_a_diagnostic(
    kb: Path, tmp_path: Path, filter_file: bytes
) -> None:
    (tmp_path / "filter-file").write_bytes(filter_file)
    script = fake_pagefind(
        tmp_path / "odd-pagefind",
        'mkdir -p "$2/pagefind/filter"\n'
        f'cp {tmp_path}/filter-file "$2/pagefind/filter/en_1234567.pf_filter"\n',
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(PAGEFIND_ENV, script)
        _, result = build(kb)
    assert not result.written
    (diag,) = result.diagnostics
    assert diag.code == "search-index"
    assert diag.message.startswith("unexpected output from Pagefind 1.")
    assert not [p for p in kb.iterdir() if p.name.startswith(".site.tmp-")]


def test_the_scratch_folder_of_a_build_killed_while_indexing_goes_with_the_next_build(
    kb: Path, tmp_path: Path
) -> None:
    script = fake_pagefind(tmp_path / "killing-pagefind", "kill -9 $PPID\nsleep 5\n")
    command = [sys.executable, "-m", "notebase", "--root", str(kb), "build"]
    env = {**os.environ, PAGEFIND_ENV: script}  # the build dies mid-index
    killed = subprocess.run(command, env=env, capture_output=True, timeout=120, check=False)
    assert killed.returncode == -signal.SIGKILL
    # the pages rendered, the shard staged for Pagefind and the new site begun meanwhile
    left = [p for p in kb.iterdir() if p.name.startswith(".site.tmp-")]
    staged = [page for p in left for page in p.glob("**/papers/muon/index.html")]  # by shard
    assert len(left) == 3 and staged
    _, result = build(kb)
    assert result.written
    assert not [p for p in kb.iterdir() if p.name.startswith(".site.tmp-")]


def test_search_false_builds_no_bundle_and_removes_an_old_one(kb: Path) -> None:
    state, _ = build(kb)
    assert (kb / "site/pagefind/s00/pagefind.js").is_file()
    (kb / "notebase.yaml").write_text("title: Test notes\nsearch: false\n")
    _, result = build(kb, state)
    assert result.written
    assert not (kb / "site/pagefind").exists()
    assert any(rel.startswith("pagefind/") for rel in result.files.removed)
    home = (kb / "site/index.html").read_text()
    assert "data-pagefind" not in home.split("\n")[1]  # the <html> element: no index to load
    assert 'id="search-box"' in home  # the box stays, searching titles, tags and tl;drs


def test_a_site_without_entries_has_no_bundle(tmp_path: Path) -> None:
    (tmp_path / "kb/notes").mkdir(parents=True)
    kb = write_kb(tmp_path / "kb", {})
    _, result = build(kb)
    assert result.written and result.diagnostics == ()
    assert not (kb / "site/pagefind").exists()


# --- markup --------------------------------------------------------------------------------------


def test_entry_pages_mark_what_pagefind_reads(kb: Path) -> None:
    give_muon_a_status(kb)
    build(kb)
    page = (kb / "site/papers/muon/index.html").read_text()
    assert '<article class="entry kind-paper" data-pagefind-body>' in page
    assert '<p class="entry-meta" data-pagefind-ignore>' in page
    assert (
        '<span class="kind-badge" data-pagefind-filter="kind" data-pagefind-meta="kind">paper</span>'
        in page
    )
    assert '<span class="status status-read" data-pagefind-filter="status">read</span>' in page
    assert '<span data-pagefind-filter="year">2025</span>' in page
    assert '<span data-pagefind-meta="tldr">Orthogonalised momentum updates.</span>' in page
    assert 'data-pagefind-filter="tag:optimizers">#optimizers</a>' in page
    assert '<footer class="entry-footer" data-pagefind-ignore>' in page
    assert '<header class="site-header" data-pagefind-ignore>' in page
    assert '<footer class="site-footer" data-pagefind-ignore>' in page


def test_only_entry_pages_and_quotes_are_search_results(kb: Path) -> None:
    build(kb)
    site = kb / "site"
    for rel in ("index.html", "tags/ml/index.html", "papers/index.html", "search/index.html"):
        assert "data-pagefind-body" not in (site / rel).read_text(), rel
    quotes = (site / "quotes/index.html").read_text()
    assert '<div class="quote-list" data-pagefind-body data-pagefind-filter="kind:quote">' in quotes


def test_every_page_has_a_labelled_search_form(kb: Path) -> None:
    build(kb)
    page = (kb / "site/papers/muon/index.html").read_text()
    assert '<html lang="en" data-root="../../" data-index-file="index.html" data-pagefind>' in page
    assert (
        '<form class="site-search" role="search" action="../../search/index.html" method="get">'
        in page
    )
    assert '<label class="visually-hidden" for="search-box">Search the notes</label>' in page
    assert '<input id="search-box" name="q" type="search"' in page
    assert '<script src="../../assets/search.js" defer></script>' in page
    assert (kb / "site/assets/search.js").is_file()


def test_directory_urls_change_the_form_target_and_the_result_links(kb: Path) -> None:
    (kb / "notebase.yaml").write_text("title: Test notes\ndirectory_urls: true\n")
    build(kb)
    page = (kb / "site/papers/muon/index.html").read_text()
    assert 'data-root="../../" data-index-file="" data-pagefind>' in page
    assert 'action="../../search/" method="get"' in page


def test_the_search_page_offers_the_four_filters_and_a_no_script_way_out(kb: Path) -> None:
    build(kb)
    page = (kb / "site/search/index.html").read_text()
    for name in ("kind", "tag", "year", "status"):
        assert f'<select name="{name}"><option value="">any</option></select>' in page
    assert "<noscript><p" in page and 'href="../tags/index.html">tag</a>' in page
    assert '<ol id="search-results"' in page and 'role="status"' in page


def test_pagefind_runs_behind_the_rendering_only_beside_it() -> None:
    # the command run as Pagefind is: what priority it runs at, once started (it yields at once);
    # the shards indexed as the pages render run behind them, the others at the build's own
    own = os.getpriority(os.PRIO_PROCESS, 0)
    asks = "import os, time; time.sleep(0.3); print(os.getpriority(os.PRIO_PROCESS, 0))"
    behind = search.run_command([sys.executable, "-c", asks], None, search.PAGEFIND_NICENESS)
    assert int(behind.stdout) == min(own + search.PAGEFIND_NICENESS, 19) and own < 19
    alone = search.run_command([sys.executable, "-c", asks], None)
    assert int(alone.stdout) == own
    early = search.EarlyIndex(Path("/nonexistent"), (), ({}, ()), "en")
    with early:
        assert early.indexer.niceness == search.PAGEFIND_NICENESS
