"""Golden site: tests/golden/kb built into a temp folder must equal tests/golden/expected, file by file.

After an intended change, run `pytest tests/test_golden.py --update-golden`, then review the diff of
tests/golden/expected before committing it. The search bundle (pagefind/) is Pagefind's output, not
ours: tests/test_search.py checks it, so it is left out of the golden tree. The theme's own assets
(templates/assets) must reach the site unchanged: they are compared with the theme's files, not kept
twice in the golden tree; assets the build makes (entries.js, pygments.css) stay in it.
"""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from notebase.diagnostics import format_diagnostic

GOLDEN = Path(__file__).parent / "golden"
KB = GOLDEN / "kb"
EXPECTED = GOLDEN / "expected"
THEME_ASSETS = Path(__file__).resolve().parents[1] / "templates" / "assets"
SEARCH_BUNDLE = "pagefind/"


def read_tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.relative_to(root).as_posix().startswith(SEARCH_BUNDLE)
    }


def read_theme_assets() -> dict[str, bytes]:
    """The theme's assets as the site must carry them: templates/assets/x -> assets/x."""
    return {f"assets/{rel}": data for rel, data in read_tree(THEME_ASSETS).items()}


def read_expected() -> dict[str, bytes]:
    """The expected site: the golden tree plus the theme's assets (which it must not copy)."""
    golden, theme = read_tree(EXPECTED), read_theme_assets()
    assert not golden.keys() & theme.keys(), "theme assets belong in templates/assets only"
    return {**golden, **theme}


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


def not_golden(out: Path, folder: str, names: list[str]) -> list[str]:
    """What --update-golden leaves out of the golden tree: the search bundle, the theme's assets."""
    if folder == str(out):
        return ["pagefind"]
    if folder == str(out / "assets"):
        return [name for name in names if (THEME_ASSETS / name).is_file()]
    return []


def test_golden_site(tmp_path: Path, update_golden: bool) -> None:
    out = tmp_path / "site"
    build_golden(out)
    actual = read_tree(out)
    if update_golden:
        shutil.rmtree(EXPECTED, ignore_errors=True)
        shutil.copytree(out, EXPECTED, ignore=lambda folder, names: not_golden(out, folder, names))
    expected = read_expected()
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
    files = set(read_expected())
    for rel in [
        "index.html",
        "404.html",
        "feed.xml",
        "rss.xml",
        "sitemap.xml",
        "robots.txt",
        "assets/style.css",
        "assets/pygments.css",
        "papers/index.html",
        "links/index.html",
        "tags/index.html",
        "tags/ml/index.html",
        "tags/ml/feed.xml",
        "tags/ml/rss.xml",
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
