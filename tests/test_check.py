"""`notebase check`: every content problem reported compiler-style, with the right exit code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from notebase.cli import main
from tests.conftest import NOTES, write_kb

PROBLEMS = {
    **NOTES,
    "papers/muon-again.md": "---\ntitle: Muon again\nurl: https://arxiv.org/abs/2502.16982v2\n"
    "tldr: Same paper.\n---\nSee [[Shampo]] and [[Nothing like it]].\n",
    "papers/shampoo-copy.md": "---\ntitle: shampoo\ntilte: typo\ntgas: me\n---\nCopy.\n",
    "links/latents/index.md": "---\ntitle: Latents folder\n---\nSame slug as links/latents.md.\n",
    "papers/bare.md": "---\ntitle: Bare\narxiv: 2505.02809\n---\nNo summary.\n",
}


def run_check(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["--root", str(root), "check", *args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_reports_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_check(write_kb(tmp_path, PROBLEMS), capsys)
    assert code == 1  # the slug collision is an error
    expected = [
        'notes/papers/muon-again.md:6: warning[broken-link]: [[Shampo]] matches no entry (did you mean "Shampoo"?)',
        "notes/papers/muon-again.md:6: warning[broken-link]: [[Nothing like it]] matches no entry",
        "notes/papers/muon.md:1: warning[duplicate-source]: source https://arxiv.org/abs/2502.16982 "
        "is also the source of notes/papers/muon-again.md",
        'notes/papers/bare.md:1: warning[paper-no-tldr]: paper "Bare" has no tl;dr',
        "warning[duplicate-title]: title",
        "notes/papers/shampoo-copy.md:3: warning[unknown-key]: unknown key `tilte`",
        'hint: did you mean "title"?',
        "notes/papers/shampoo-copy.md:4: warning[unknown-key]: unknown key `tgas`",
        "error[slug-collision]: /links/latents/ is produced by notes/links/latents.md, notes/links/latents/index.md",
    ]
    missing = [line for line in expected if line not in out]
    assert not missing, out


def test_shampoo_has_a_tldr_paragraph_so_only_fm_less_papers_warn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = dict(NOTES)
    notes["papers/bare.md"] = "---\ntitle: Bare\narxiv: 2505.02809\n---\nNo summary.\n"
    _, out = run_check(write_kb(tmp_path, notes), capsys)
    assert 'notes/papers/bare.md:1: warning[paper-no-tldr]: paper "Bare" has no tl;dr' in out
    assert "muon.md:1: warning[paper-no-tldr]" not in out


def test_clean_knowledge_base_exits_0_even_strict(
    kb: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_check(kb, capsys)
    assert code == 0 and out.startswith("notebase: ") and out.count("\n") == 1  # the summary
    assert "0 errors, 0 warnings" in out
    assert run_check(kb, capsys, "--strict")[0] == 0


def test_warnings_fail_only_with_strict(kb: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (kb / "notes/ideas/landscape.md").write_text("# Landscape\n\n[[Shampo]]\n")
    code, out = run_check(kb, capsys)
    assert code == 0 and "warning[broken-link]" in out
    assert run_check(kb, capsys, "--strict")[0] == 1


def test_json_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--root", str(write_kb(tmp_path, PROBLEMS)), "check", "--format", "json"])
    rows = json.loads(capsys.readouterr().out)
    assert code == 1
    codes = {row["code"] for row in rows}
    assert {"broken-link", "duplicate-source", "duplicate-title", "unknown-key"} <= codes
    assert {"slug-collision", "paper-no-tldr"} <= codes
    row = next(r for r in rows if r["code"] == "duplicate-source")
    assert (row["file"], row["line"], row["severity"]) == (
        "notes/papers/muon.md",
        1,
        "warning",
    )


def test_build_leaves_editorial_advice_to_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = {**NOTES, "papers/bare.md": "---\ntitle: Bare\narxiv: 2505.02809\n---\nNo summary.\n"}
    root = write_kb(tmp_path, notes)
    assert main(["--root", str(root), "build", "--strict"]) == 0
    assert "paper-no-tldr" not in "".join(capsys.readouterr())
    code, out = run_check(root, capsys, "--strict")
    assert code == 1
    assert 'notes/papers/bare.md:1: warning[paper-no-tldr]: paper "Bare" has no tl;dr' in out


def test_check_ends_with_the_summary_line_of_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_kb(tmp_path, PROBLEMS)
    _, out = run_check(root, capsys)
    last = out.rstrip("\n").splitlines()[-1]
    errors, warnings = out.count(": error["), out.count(": warning[")
    assert errors and warnings
    assert re.fullmatch(
        rf"notebase: \d+ entries, \d+ pages; files: none written \(check\); "
        rf"{errors} errors, {warnings} warnings; \d+\.\d\ds",
        last,
    ), last
    assert not (root / "site").exists()


def test_a_source_is_recognised_by_its_title_when_a_note_has_no_url(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = {
        **NOTES,
        "links/latents.md": "---\ntitle: Generative modelling in latent space\n"
        "url: https://sander.ai/2025/04/15/latents.html\n"
        "source_title: Generative modelling in latent space – Sander Dieleman\n---\nAn essay.\n",
        "imported/latents.md": "---\ntitle: Latents\nkind: link\n"
        "source_title: Generative Modelling in  latent space\n---\nImported without its link.\n",
        "imported/other.md": "---\ntitle: Other\nsource_title: Some other essay\n---\nx\n",
    }
    root = write_kb(tmp_path, notes)
    code, out = run_check(root, capsys)
    assert code == 0
    assert (
        'notes/imported/latents.md:4: warning[source-by-title]: source "Generative Modelling in  '
        'latent space" has no URL here, but is the source of notes/links/latents.md:4\n'
        "  hint: add `url: https://sander.ai/2025/04/15/latents.html` so that both notes share "
        "the source"
    ) in out
    assert out.count("source-by-title") == 1
    assert main(["--root", str(root), "build", "--strict"]) == 0  # advice: check's, not build's
    assert "source-by-title" not in "".join(capsys.readouterr())


def test_many_links_to_notes_written_nowhere_are_summed_up_unless_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    garden = {"garden.md": "# Garden\n\n" + "".join(f"[[Idea {i}]]\n" for i in range(11))}
    root = write_kb(tmp_path, {**NOTES, **garden})
    _, summed = run_check(root, capsys)
    assert summed.count("warning[broken-link]") == 1, summed
    assert "notes/garden.md:3: warning[broken-link]: 11 links in 1 note name 11 notes" in summed
    _, listed = run_check(root, capsys, "--unresolved")
    assert listed.count("warning[broken-link]") == 11, listed
    assert "notes/garden.md:13: warning[broken-link]: [[Idea 10]] matches no entry" in listed
    main(["--root", str(root), "build", "--unresolved"])
    assert capsys.readouterr().err.count("warning[broken-link]") == 11
