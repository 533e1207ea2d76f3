"""Golden site: tests/golden/kb built into a temp folder must equal tests/golden/expected, file by file.

After an intended change, run `pytest tests/test_golden.py --update-golden`, then review the diff of
tests/golden/expected before committing it. The search bundle (pagefind/) is Pagefind's output, not
ours: tests/test_search.py checks it, so it is left out of the golden tree.
"""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

from notebase.build import BuildOptions, build_site
from notebase.diagnostics import format_diagnostic

GOLDEN = Path(__file__).parent / "golden"
KB = GOLDEN / "kb"
EXPECTED = GOLDEN / "expected"
SEARCH_BUNDLE = "pagefind/"


def read_tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.relative_to(root).as_posix().startswith(SEARCH_BUNDLE)
    }


def describe_difference(rel: str, expected: bytes | None, actual: bytes | None) -> str:
    if expected is None:
        return f"unexpected file in the build: {rel}"
    if actual is None:
        return f"missing from the build: {rel}"
    try:
        want, got = expected.decode("utf-8"), actual.decode("utf-8")
    except UnicodeDecodeError:
        return f"binary file differs: {rel}"
    diff = difflib.unified_diff(
        want.splitlines(keepends=True),
        got.splitlines(keepends=True),
        fromfile=f"expected/{rel}",
        tofile=f"built/{rel}",
    )
    return "".join(diff)


def build_golden(out: Path) -> list[str]:
    result = build_site(BuildOptions(root=KB, out=out))
    assert result.written, "\n".join(format_diagnostic(d) for d in result.diagnostics)
    return [format_diagnostic(d) for d in result.diagnostics]


def test_golden_site(tmp_path: Path, update_golden: bool) -> None:
    out = tmp_path / "site"
    build_golden(out)
    actual = read_tree(out)
    if update_golden:
        shutil.rmtree(EXPECTED, ignore_errors=True)
        shutil.copytree(
            out, EXPECTED, ignore=lambda folder, _: ["pagefind"] if folder == str(out) else []
        )
    expected = read_tree(EXPECTED)
    problems = [
        describe_difference(rel, expected.get(rel), actual.get(rel))
        for rel in sorted(expected.keys() | actual.keys())
        if expected.get(rel) != actual.get(rel)
    ]
    hint = "\n(if the change is intended: pytest tests/test_golden.py --update-golden, then review)"
    assert not problems, "\n".join(problems) + hint


def test_golden_diagnostics(tmp_path: Path) -> None:
    """The golden knowledge base builds with exactly these warnings (written by hand); editorial
    advice (paper-no-tldr, duplicate-source) is left to `notebase check`."""
    assert build_golden(tmp_path / "site") == [
        "notes/links/latent-space.md:17: warning[broken-link]: [[SOAP]] matches no entry\n"
        "  hint: create the note, or fix the link",
        "notes/papers/muon.md:10: warning[broken-link]: [[AdamW baseline]] matches no entry\n"
        "  hint: create the note, or fix the link",
        "notes/papers/shampoo.md:15: warning[math-failed]: cannot convert $\\frac{1}{$\n"
        "  hint: check the TeX; the formula is shown as source",
    ]


def test_golden_tree_has_every_page_type() -> None:
    files = set(read_tree(EXPECTED))
    for rel in [
        "index.html",
        "404.html",
        "feed.xml",
        "sitemap.xml",
        "robots.txt",
        "assets/style.css",
        "assets/pygments.css",
        "papers/index.html",
        "links/index.html",
        "tags/index.html",
        "tags/ml/index.html",
        "tags/ml/feed.xml",
        "categories/index.html",
        "categories/papers/index.html",
        "papers/muon/index.html",
        "papers/shampoo/index.html",
        "links/latent-space/index.html",
        "links/keller-muon/index.html",
        "ideas/optimizer-landscape/index.html",
    ]:
        assert rel in files, rel
    assert not any("half-finished" in f or "drafts-only" in f for f in files)
    assert not any("ignored" in f or "hidden" in f for f in files)
