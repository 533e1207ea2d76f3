"""Incremental = full: after every edit, a rebuild from the previous state equals a clean build."""

from __future__ import annotations

import filecmp
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from notebase.builder.pipeline import BuildResult, build_site, rebuild
from notebase.builder.state import BuildOptions, BuildState
from notebase.digests import digest_value
from tests.sitecompare import assert_same_tree, png

Edit = Callable[[Path], object]
ADMONITIONS = "notes/.obsidian/plugins/obsidian-admonition/data.json"


def edit(rel: str, old: str, new: str) -> Edit:
    def apply(root: Path) -> None:
        path = root / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, (rel, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return apply


def write(rel: str, text: str) -> Edit:
    def apply(root: Path) -> None:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")

    return apply


def write_bytes(rel: str, data: bytes) -> Edit:
    def apply(root: Path) -> None:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)

    return apply


def append(rel: str, text: str) -> Edit:
    def apply(root: Path) -> None:
        with (root / rel).open("a", encoding="utf-8") as file:
            file.write(text)

    return apply


def delete(rel: str) -> Edit:
    return lambda root: (root / rel).unlink()


def rename(rel: str, new_rel: str) -> Edit:
    return lambda root: (root / rel).rename(root / new_rel)


PAPERS_BASE = """filters: 'file.inFolder("papers")'
views:
  - type: table
    name: Papers
    order: [file.name, date, category]
    sort:
      - property: date
        direction: DESC
"""
EDITS: list[tuple[str, Edit]] = [
    (
        "add a note",
        write("notes/papers/adam.md", "---\ntitle: Adam\ntags: [optimizers]\n---\nBody.\n"),
    ),
    ("retitle", edit("notes/papers/shampoo.md", "title: Shampoo", "title: Shampoo optimizer")),
    ("add a tag", edit("notes/papers/adam.md", "[optimizers]", "[optimizers, adaptive]")),
    ("remove a tag", edit("notes/papers/adam.md", "[optimizers, adaptive]", "[optimizers]")),
    ("change a category", edit("notes/links/latents.md", "links-and-recs", "essays")),
    ("add a wikilink", edit("notes/papers/adam.md", "Body.", "Body, see [[Muon]] and [[Nope]].")),
    ("remove a wikilink", edit("notes/papers/adam.md", "[[Muon]] and ", "")),
    ("rename a note", rename("notes/papers/adam.md", "notes/papers/adam-optimizer.md")),
    ("edit a tl;dr", edit("notes/papers/muon.md", "Orthogonalised", "Orthogonalized")),
    ("delete a note", delete("notes/papers/shampoo.md")),
    (
        "override a template",
        write("templates/partials/card.html", '<p class="my-card">{{ card.title }}</p>\n'),
    ),
    ("edit the override", edit("templates/partials/card.html", "my-card", "their-card")),
    ("remove the override", delete("templates/partials/card.html")),
    ("change notebase.yaml", write("notebase.yaml", "title: Renamed notes\nrecent: 2\n")),
    ("add a static file", write("static/robots.txt", "User-agent: *\n")),
    ("remove the static file", delete("static/robots.txt")),
    ("a draft", write("notes/ideas/draft.md", "---\ndraft: true\n---\n# Draft\n")),
    ("link to the draft", edit("notes/papers/muon.md", "\n---\n", "\n---\n[[Draft]]\n")),
    ("retitle the draft", edit("notes/ideas/draft.md", "# Draft", "# Sketch")),
    ("publish it", edit("notes/ideas/draft.md", "draft: true", "draft: false")),
    ("restore a note", write("notes/papers/shampoo.md", "---\ntitle: Shampoo\n---\nBack.\n")),
    ("mention an entry", edit("notes/papers/shampoo.md", "Back.", "Back, unlike Muon.")),
    (
        "link a new source",
        edit("notes/papers/shampoo.md", "Muon.", "Muon (https://doi.org/10.1/x)."),
    ),
    ("link it twice", edit("notes/papers/muon.md", "\n---\n", "\n---\nhttps://doi.org/10.1/x\n")),
    (
        "change a status",
        edit("notes/papers/shampoo.md", "title: Shampoo", "title: S\nstatus: reading"),
    ),
    ("remove the status", edit("notes/papers/shampoo.md", "\nstatus: reading", "")),
    # a garden: folder pages, the folders' index notes, the root index.md as the home page
    ("add a note to a new folder", write("notes/ideas/Deep Dive/cnn.md", "# CNN\n\nConv.\n")),
    ("add another", write("notes/ideas/Deep Dive/rnn.md", "# RNN\n\n## A\n\n## B\n\n## C\n")),
    ("a folder's index note", write("notes/ideas/index.md", "---\ntitle: Ideas\n---\nThoughts.\n")),
    ("retitle a note in it", edit("notes/ideas/Deep Dive/cnn.md", "# CNN", "# ConvNets")),
    ("retitle a note the index lists", edit("notes/ideas/landscape.md", "landscape", "map")),
    ("delete a note from a folder", delete("notes/ideas/Deep Dive/rnn.md")),
    ("rename a folder", rename("notes/ideas", "notes/Thoughts")),
    ("delete a folder's index note", delete("notes/Thoughts/index.md")),
    ("a note beside its folder", write("notes/thoughts.md", "# Beside\n")),
    ("delete it again", delete("notes/thoughts.md")),
    ("a home page note", write("notes/index.md", "# Hello\n\nSee [[Muon]] and [[ConvNets]].\n")),
    ("edit the home page note", edit("notes/index.md", "Hello", "Hello there")),
    ("link to the home page", edit("notes/Thoughts/Deep Dive/cnn.md", "Conv.", "[[Hello there]]")),
    ("remove the home page note", delete("notes/index.md")),
    # Obsidian Publish marks its home note so (the Obsidian Help vault's Home.md)
    (
        "a permalink to the root",
        write("notes/Start.md", "---\npermalink: /\n---\n# Start\n\nHi.\n"),
    ),
    ("edit the home note", edit("notes/Start.md", "Hi.", "Hi there, see [[Muon]].")),
    ("a root index.md beside it", write("notes/index.md", "# Hello\n")),
    ("remove the root index.md again", delete("notes/index.md")),
    ("drop the permalink", edit("notes/Start.md", "permalink: /", "title: Start")),
    ("empty the last folder", delete("notes/Thoughts/Deep Dive/cnn.md")),
    ("add an image nothing embeds", write_bytes("notes/img/plot one.png", png(4, 3))),
    ("embed the image", edit("notes/papers/shampoo.md", "Muon (", "Muon ![[plot one.png]] (")),
    ("change the image's bytes", write_bytes("notes/img/plot one.png", png(8, 3))),
    (
        "link the image too",
        edit("notes/papers/muon.md", "\n---\n", "\n---\n[p](../img/plot%20one.png)\n"),
    ),
    ("stop embedding it", edit("notes/papers/shampoo.md", "![[plot one.png]] ", "")),
    ("stop linking it", edit("notes/papers/muon.md", "[p](../img/plot%20one.png)\n", "")),
    ("embed a missing image", edit("notes/papers/shampoo.md", "Muon (", "Muon ![[gone.png]] (")),
    ("add the missing image", write_bytes("notes/gone.png", png(2, 2))),
    ("add a heading", edit("notes/links/latents.md", "An essay", "## Why latents\n\nAn essay ^b1")),
    (
        "link to it",
        edit("notes/papers/muon.md", "\n---\n", "\n---\n[[latents#Why latents]] [[latents#^b1]]\n"),
    ),
    ("rename the heading", edit("notes/links/latents.md", "## Why latents", "## Why not")),
    ("drop the block id", edit("notes/links/latents.md", " ^b1", "")),
    ("link by path", edit("notes/papers/muon.md", "[[latents#", "[[Links/Latents.md#")),
    ("embed a note", append("notes/papers/muon.md", "\n![[latents]]\n")),
    ("edit the embedded note", edit("notes/links/latents.md", "An essay", "A long essay")),
    ("embed a section", edit("notes/papers/muon.md", "![[latents]]", "![[latents#Why not]]")),
    ("edit in the section", edit("notes/links/latents.md", "A long essay", "A longer essay")),
    ("rename the embedded heading", edit("notes/links/latents.md", "## Why not", "## Why so")),
    ("embed the embedding note", append("notes/papers/shampoo.md", "\n![[Muon optimizer]]\n")),
    ("edit the end of the chain", edit("notes/links/latents.md", "## Why so", "## Why not")),
    ("make a cycle", append("notes/links/latents.md", "\n![[Shampoo]]\n")),
    ("break the cycle", edit("notes/links/latents.md", "\n![[Shampoo]]\n", "\n")),
    (
        "retitle the embedded note",
        edit("notes/links/latents.md", "title: Generative", "title: Gen"),
    ),
    ("delete the embedded note", delete("notes/links/latents.md")),
    # the vault's TeX macros (notes/preamble.sty, as Obsidian's Extended MathJax reads it)
    ("use a macro no preamble defines", append("notes/papers/muon.md", "\n$\\R^n$\n")),
    ("define it", write("notes/preamble.sty", "\\newcommand{\\R}{\\mathbb{R}}\n")),
    ("redefine it", edit("notes/preamble.sty", "mathbb", "mathbf")),
    ("remove the preamble", delete("notes/preamble.sty")),
    # the Admonition plugin's custom types (its settings in the vault), in every note's parse
    ("an admonition block", append("notes/papers/muon.md", "\n```ad-claim\nIt works.\n```\n")),
    ("its custom type", write(ADMONITIONS, '{"userAdmonitions": {"claim": {"color": "1, 2, 3"}}}')),
    ("recolour the type", edit(ADMONITIONS, "1, 2, 3", "250, 0, 0")),
    ("a colour that is none", edit(ADMONITIONS, "250, 0, 0", "no colour")),
    ("remove the settings", delete(ADMONITIONS)),
    # an Obsidian base's view, and a Dataview query's, show the other notes' fields
    ("a base", write("notes/Templates/Bases/Papers.base", PAPERS_BASE)),
    ("embed it", append("notes/papers/muon.md", "\n![[Papers.base]]\n")),
    (
        "a field its view shows",
        edit("notes/papers/shampoo.md", "title: S\n", "title: S\ndate: 2025-05-21\n"),
    ),
    ("the base itself", edit("notes/Templates/Bases/Papers.base", "DESC", "ASC")),
    ("a query", append("notes/papers/shampoo.md", '\n```dataview\nLIST FROM "papers"\n```\n')),
    ("a note both find", write("notes/papers/adam.md", "---\ntitle: Adam\n---\nAdam.\n")),
    ("that note gone", delete("notes/papers/adam.md")),
    (
        "the query gone",
        edit("notes/papers/shampoo.md", '```dataview\nLIST FROM "papers"\n```\n', ""),
    ),
]


def clean_build(root: Path, out: Path) -> BuildResult:
    _, result = rebuild(BuildState(), BuildOptions(root=root, out=out))
    assert result.written, result.diagnostics
    return result


def test_every_edit_rebuilds_the_clean_site(kb: Path, tmp_path: Path) -> None:
    options = BuildOptions(root=kb, out=kb / "site")
    state, first = rebuild(BuildState(), options)
    assert first.written and first.parsed == 4
    for number, (label, apply) in enumerate(EDITS):
        apply(kb)
        state, result = rebuild(state, options)
        assert result.written, (label, result.diagnostics)
        clean = clean_build(kb, tmp_path / f"clean-{number}")
        assert_same_tree(kb / "site", tmp_path / f"clean-{number}")
        assert result.diagnostics == clean.diagnostics, label
        assert result.rendered <= clean.rendered, label


def test_one_edit_reparses_one_note_and_renders_few_pages(kb: Path) -> None:
    options = BuildOptions(root=kb, out=kb / "site")
    state, first = rebuild(BuildState(), options)
    edit("notes/links/latents.md", "An essay", "A long essay")(kb)
    state, result = rebuild(state, options)
    assert result.parsed == 1
    shows_body = (
        "feed.xml",
        "links/latents/index.html",
        "rss.xml",
        "tags/generative-models/feed.xml",
        "tags/generative-models/rss.xml",
        "tags/ml/feed.xml",
        "tags/ml/rss.xml",
    )
    assert result.rendered == len(shows_body)  # the entry page and the feeds carrying it
    pages = tuple(rel for rel in result.files.written if not rel.startswith("pagefind/"))
    assert pages == shows_body
    search = [rel for rel in result.files.written if rel.startswith("pagefind/")]
    assert len([rel for rel in search if rel.startswith("pagefind/s00/fragment/")]) == 1
    assert first.rendered == result.pages


def test_unchanged_files_keep_their_inode(kb: Path) -> None:
    options = BuildOptions(root=kb, out=kb / "site")
    state, _ = rebuild(BuildState(), options)
    before = (kb / "site/papers/muon/index.html").stat()
    edit("notes/links/latents.md", "An essay", "Another essay")(kb)
    state, _ = rebuild(state, options)
    after = (kb / "site/papers/muon/index.html").stat()
    assert (before.st_ino, before.st_mtime_ns) == (after.st_ino, after.st_mtime_ns)


def test_nothing_changed_touches_nothing(kb: Path) -> None:
    options = BuildOptions(root=kb, out=kb / "site")
    state, _ = rebuild(BuildState(), options)
    marker = (kb / "site/.notebase-site").stat().st_ino
    state, result = rebuild(state, options)
    assert (result.parsed, result.rendered, result.files.written) == (0, 0, ())
    assert (kb / "site/.notebase-site").stat().st_ino == marker


def test_a_failed_rebuild_keeps_the_last_site(kb: Path, tmp_path: Path) -> None:
    options = BuildOptions(root=kb, out=kb / "site")
    state, _ = rebuild(BuildState(), options)
    snapshot = tmp_path / "snapshot"
    clean_build(kb, snapshot)
    write("notes/papers/bad.md", "\0" * 64)(kb)  # a binary file: an error
    state, result = rebuild(state, options)
    assert not result.written and result.failed
    assert not filecmp.dircmp(kb / "site", snapshot).diff_files
    (kb / "notes/papers/bad.md").unlink()
    state, result = rebuild(state, options)
    assert result.written and result.parsed == 0


def test_a_build_killed_after_its_swap_does_not_mislead_the_next(kb: Path, tmp_path: Path) -> None:
    options = BuildOptions(root=kb, out=kb / "site")
    recorded, _ = rebuild(BuildState(), options)
    edit("notes/papers/muon.md", "nearest", "closest")(kb)
    rebuild(recorded, options)  # swaps its site in, but is killed before its state is saved
    edit("notes/papers/muon.md", "closest", "nearest")(kb)
    rebuild(recorded, options)  # starts again from the last state that was saved
    clean_build(kb, tmp_path / "clean")
    assert_same_tree(kb / "site", tmp_path / "clean")


def test_fingerprints_do_not_depend_on_the_hash_seed(kb: Path) -> None:
    import subprocess
    import sys

    script = (
        "import sys; from pathlib import Path; from notebase.builder.pipeline import rebuild; "
        "from notebase.builder.state import BuildOptions, BuildState; "
        "s, r = rebuild(BuildState(), BuildOptions(Path(sys.argv[1]), Path(sys.argv[2]))); "
        "print(sorted(s.outputs.items()))"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script, str(kb), str(kb / f"site-{seed}")],
            env={"PYTHONHASHSEED": str(seed), "PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in (1, 2, 3)
    }
    assert len(outputs) == 1
    assert re.search(r"'papers/muon/index.html', '[0-9a-f]{64}'", outputs.pop())


def test_digest_value_tells_containers_apart() -> None:
    assert digest_value(("a", "b")) != digest_value(("ab",))
    assert digest_value({"a": 1}) != digest_value((("a", 1),))
    assert digest_value(1) != digest_value("1") != digest_value(True)


def test_a_template_edit_within_one_mtime_tick_is_seen(kb: Path) -> None:
    import os

    options = BuildOptions(root=kb, out=kb / "site")
    template = kb / "templates/404.html"
    template.parent.mkdir()
    template.write_text("first\n")
    state, _ = rebuild(BuildState(), options)
    stamp = template.stat().st_mtime_ns
    template.write_text("second\n")
    os.utime(template, ns=(stamp, stamp))
    state, result = rebuild(state, options)
    assert (kb / "site/404.html").read_text() == "second\n"
    assert result.files.written == ("404.html",)


def test_a_warm_build_sees_an_attachment_change(kb: Path) -> None:
    import os

    from notebase.builder.pipeline import build_site

    options = BuildOptions(root=kb, out=kb / "site", cache=True)
    write_bytes("notes/img/x.png", png(4, 3))(kb)
    edit("notes/papers/muon.md", "\n---\n", "\n---\n![[x.png]]\n")(kb)
    assert build_site(options).written
    long_ago = 1_000_000_000_000_000_000
    os.utime(kb / "notes/img/x.png", ns=(long_ago, long_ago))
    assert not build_site(options).files.written  # nothing changed: nothing written
    write_bytes("notes/img/x.png", png(9, 3))(kb)
    os.utime(kb / "notes/img/x.png", ns=(long_ago, long_ago + 1))
    result = build_site(options)
    assert (kb / "site/files/img/x.png").read_bytes() == png(9, 3)
    assert "files/img/x.png" in result.files.written
    assert 'width="9" height="3"' in (kb / "site/papers/muon/index.html").read_text()


def test_an_unchanged_attachment_is_not_read_again(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from notebase.builder import pipeline

    reads: list[str] = []
    real = pipeline.read_attachment
    monkeypatch.setattr(pipeline, "read_attachment", lambda *a: reads.append(a[1]) or real(*a))
    options = BuildOptions(root=kb, out=kb / "site")
    write_bytes("notes/img/x.png", png(4, 3))(kb)
    edit("notes/papers/muon.md", "\n---\n", "\n---\n![[x.png]]\n")(kb)
    long_ago = 1_000_000_000_000_000_000
    os.utime(kb / "notes/img/x.png", ns=(long_ago, long_ago))
    state, _ = rebuild(BuildState(), options)
    state, _ = rebuild(state, options)
    assert reads == ["img/x.png"]  # the second build had it from the memo
    write_bytes("notes/img/x.png", png(9, 3))(kb)  # same size, another stamp: read again
    os.utime(kb / "notes/img/x.png", ns=(long_ago, long_ago + 1))
    state, _ = rebuild(state, options)
    assert reads == ["img/x.png", "img/x.png"]
    assert (kb / "site/files/img/x.png").read_bytes() == png(9, 3)
    assert 'width="9" height="3"' in (kb / "site/papers/muon/index.html").read_text()


SKETCH = (
    '{"elements": [{"type": "image", "x": 0, "y": 0, "width": 40, "height": 30, "fileId": "f1"}]}'
)
DRAWN = [
    (
        "art/Sketch.excalidraw.md",
        f"# Embedded files\nf1: [[x.png]]\n\n%%\n# Drawing\n```json\n{SKETCH}\n```\n%%\n",
        "Sketch.excalidraw",
        "art/Sketch.excalidraw.svg",
    ),
    (
        "art/Board.canvas",
        '{"nodes": [{"id": "n", "type": "file", "file": "img/x.png", "x": 0, "y": 0, '
        '"width": 40, "height": 30}]}',
        "Board.canvas",
        "art/Board.canvas.svg",
    ),
]


@pytest.mark.parametrize(("path", "text", "link", "svg_path"), DRAWN)
def test_a_drawing_or_canvas_is_drawn_again_when_an_image_it_shows_changes(
    kb: Path, tmp_path: Path, path: str, text: str, link: str, svg_path: str
) -> None:
    import base64
    import os

    write(f"notes/{path}", text)(kb)
    write_bytes("notes/img/x.png", png(4, 3))(kb)
    edit("notes/papers/muon.md", "\n---\n", f"\n---\n![[{link}]]\n")(kb)
    long_ago = 1_000_000_000_000_000_000
    for rel in ("notes/img/x.png", f"notes/{path}"):
        os.utime(kb / rel, ns=(long_ago, long_ago))
    options = BuildOptions(root=kb, out=kb / "site")
    state, _ = rebuild(BuildState(), options)
    svg = kb / "site/files" / svg_path
    assert f"data:image/png;base64,{base64.b64encode(png(4, 3)).decode()}" in svg.read_text()
    state, result = rebuild(state, options)  # the drawing from the memo
    assert not result.files.written  # nothing changed: nothing written
    write_bytes("notes/img/x.png", png(9, 3))(kb)  # the drawing's file as it was
    os.utime(kb / "notes/img/x.png", ns=(long_ago, long_ago + 1))
    state, result = rebuild(state, options)
    assert f"files/{svg_path}" in result.files.written
    assert f"data:image/png;base64,{base64.b64encode(png(9, 3)).decode()}" in svg.read_text()
    clean_build(kb, tmp_path / "clean")
    assert_same_tree(kb / "site", tmp_path / "clean")


def test_an_attachment_rewritten_within_one_mtime_tick_is_seen(kb: Path) -> None:
    import os

    options = BuildOptions(root=kb, out=kb / "site")
    write_bytes("notes/img/x.png", png(4, 3))(kb)
    edit("notes/papers/muon.md", "\n---\n", "\n---\n![[x.png]]\n")(kb)
    state, _ = rebuild(BuildState(), options)
    stamp = (kb / "notes/img/x.png").stat().st_mtime_ns
    write_bytes("notes/img/x.png", png(9, 3))(kb)
    os.utime(kb / "notes/img/x.png", ns=(stamp, stamp))  # the stamp the last build saw
    state, _ = rebuild(state, options)
    assert (kb / "site/files/img/x.png").read_bytes() == png(9, 3)
    assert 'width="9" height="3"' in (kb / "site/papers/muon/index.html").read_text()


def test_a_settings_file_changed_only_in_its_warnings_is_told_afresh(tmp_path: Path) -> None:
    """The Admonition plugin's data.json moved down a line (its types the same): the build reads
    what it says again, not the last build's warning at the old line."""
    settings = "notes/.obsidian/plugins/obsidian-admonition/data.json"
    text = '{"userAdmonitions": {"odd": {"color": "zz"}}}\n'
    write("notes/a.md", "# A\n")(tmp_path)
    lines = []
    for edit in (write(settings, text), write(settings, "\n" + text)):
        edit(tmp_path)
        result = build_site(BuildOptions(tmp_path, tmp_path / "site", cache=True))
        lines += [d.pos.line for d in result.diagnostics if d.code == "admonition-color" and d.pos]
    assert lines == [1, 2]
