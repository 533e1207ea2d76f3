"""`notebase import` on every format at once, then `notebase build`: notes, site, re-import."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from notebase.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "importers"
INPUTS = (
    "listing.html",
    "headings.html",
    "single.html",
    "rss.xml",
    "atom.xml",
    "feed.json",
    "My Clippings.txt",
    "readwise.csv",
    "papers.bib",
)


def test_import_every_format_then_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes").mkdir()
    files = [shutil.copy(FIXTURES / name, tmp_path / name) for name in INPUTS]
    assert main(["--root", str(tmp_path), "import", *map(str, files)]) == 1  # papers.bib:33
    err = capsys.readouterr().err
    assert "papers.bib:33: error[import-bad-bibtex]: unclosed `{`: entry skipped" in err
    assert "imported 9 file(s): 21 note(s) written, 0 unchanged, 0 kept" in err
    notes = tmp_path / "notes" / "imported"
    assert (
        (notes / "deep-work.md")
        .read_text(encoding="utf-8")
        .startswith("---\ntitle: Deep Work\nkind: note\nauthors: [Cal Newport]\n")
    )

    assert main(["--root", str(tmp_path), "build"]) == 0
    site = tmp_path / "site"
    muon = (site / "imported" / "muon-an-optimizer-for-hidden-layers" / "index.html").read_text(
        encoding="utf-8"
    )
    assert '<footer class="quote-attribution">' in muon and "newtonschulz5" in muon
    assert 'class="footnote' in muon
    shampoo = (site / "imported" / "shampoo-revisited" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;" in shampoo and "javascript:" not in shampoo
    bib = (site / "papers.bib").read_text(encoding="utf-8")
    assert "eprint = {1706.03762}" in bib and "doi = {10.5555/abc.123}" in bib

    capsys.readouterr()
    assert main(["--root", str(tmp_path), "import", *map(str, files)]) == 1
    assert "0 note(s) written, 21 unchanged, 0 kept" in capsys.readouterr().err


def test_a_title_too_long_for_a_file_name_is_imported_under_a_shorter_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    links = " ".join(f"https://t.co/link{i:02d}abcdefgh" for i in range(12))
    bib = tmp_path / "long.bib"
    bib.write_text(
        f"@online{{a,\n  title = {{Trimstray on Twitter: Search Engines for Hackers: {links}}},\n"
        "  year = {2019},\n  url = {https://twitter.com/trimstray/status/1086705742793658369}\n}\n\n"
        "@article{b,\n  title = {Equilibrium Propagation},\n  year = {2017}\n}\n",
        encoding="utf-8",
    )
    assert main(["--root", str(tmp_path), "import", str(bib)]) == 0
    assert "2 note(s) written" in capsys.readouterr().err
    imported = tmp_path / "notes" / "imported"
    assert (imported / "equilibrium-propagation.md").is_file()
    [long] = imported.glob("trimstray-on-twitter-*.md")
    assert len(long.name.encode()) <= 183
    assert "title: 'Trimstray on Twitter: Search Engines for Hackers: https://t.co/link00" in (
        long.read_text(encoding="utf-8")
    )


def test_the_files_a_markdown_post_links_beside_it_are_copied_beside_its_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kb, posts = tmp_path / "kb", tmp_path / "posts"
    (kb / "notes").mkdir(parents=True)
    for name, image in (("tpu", b"\x89PNG one"), ("gpu", b"\x89PNG two"), ("npu", None)):
        (posts / name / "assets").mkdir(parents=True)
        text = f"# {name.upper()}\n\nA rack:\n\n![rack](assets/rack.png) and [the spec](<spec sheet.pdf>)\n"
        (posts / name / "README.md").write_text(text, encoding="utf-8")
        if image is not None:
            (posts / name / "assets" / "rack.png").write_bytes(image)
    (posts / "tpu" / "spec sheet.pdf").write_bytes(b"%PDF-1.4")
    readmes = [str(posts / name / "README.md") for name in ("tpu", "gpu", "npu")]
    assert main(["import", "--root", str(kb), *readmes]) == 0
    printed = capsys.readouterr()
    said = printed.out + printed.err
    into = kb / "notes" / "imported"
    assert (into / "assets" / "rack.png").read_bytes() == b"\x89PNG one"  # the first post's
    assert (into / "spec sheet.pdf").read_bytes() == b"%PDF-1.4"
    assert "README.md:5: warning[import-file-conflict]: assets/rack.png is not copied" in said
    assert (
        "README.md:5: warning[import-missing-file]: assets/rack.png is neither beside the post"
        in said
    )
    assert main(["--root", str(kb), "build"]) == 0
    tpu = (kb / "site" / "imported" / "tpu" / "index.html").read_text(encoding="utf-8")
    assert '<img src="../../files/imported/assets/rack.png" alt="rack"' in tpu
