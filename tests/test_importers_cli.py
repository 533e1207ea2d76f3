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


def built_page(title: str, body: str) -> str:
    """A page of a built site that says no address (no canonical, og:url or <base>)."""
    return (
        f"<!DOCTYPE html><html><head><title>{title} | Notes</title></head><body>"
        f'<nav><a href="/">Notes</a></nav><main><article><h1>{title}</h1>{body}</article></main>'
        "</body></html>"
    )


def built_site(tmp_path: Path) -> list[str]:
    """A built site's folder (`public/`): two posts linking each other, from the site's root and
    from the page's folder, an image beside one, a link to a tag page that is not imported."""
    public = tmp_path / "public"
    public.mkdir()
    (public / "index.html").write_text(built_page("Notes", "<p>Home.</p>"), encoding="utf-8")
    pages = {
        "posts/first-steps/index.html": built_page(
            "First steps",
            '<p>Read <a href="../next-steps/">the next steps</a> and'
            ' <a href="/tags/reading/">the tag</a>.</p><p><img src="map.png" alt="The map"></p>',
        ),
        "posts/next-steps/index.html": built_page(
            "Next steps", '<p>Back to <a href="/posts/first-steps/#start">First steps</a>.</p>'
        ),
    }
    for rel, html in pages.items():
        (public / rel).parent.mkdir(parents=True, exist_ok=True)
        (public / rel).write_text(html, encoding="utf-8")
    (public / "posts" / "first-steps" / "map.png").write_bytes(b"\x89PNG")
    return [str(public / rel) for rel in pages]


def test_import_site_resolves_a_built_sites_relative_links_and_links_its_posts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kb = tmp_path / "kb"
    (kb / "notes").mkdir(parents=True)
    files = built_site(tmp_path)
    assert main(["--root", str(kb), "import", *files]) == 0
    before = capsys.readouterr().err
    assert before.count("warning[import-relative-url]") == 2 and "--site" in before

    into = kb / "notes" / "imported"
    shutil.rmtree(into)
    site = ["--site", "https://notes.example.com"]
    assert main(["--root", str(kb), "import", *site, *files]) == 0
    assert "import-relative-url" not in capsys.readouterr().err
    first = (into / "first-steps.md").read_text(encoding="utf-8")
    assert first.split("\n---\n", 1)[1] == (
        "Read [[Next steps|the next steps]] and"
        " [the tag](https://notes.example.com/tags/reading/).\n\n"
        "![The map](https://notes.example.com/posts/first-steps/map.png)\n"
    )
    assert "Back to [[First steps]]." in (into / "next-steps.md").read_text(encoding="utf-8")
    assert not (into / "map.png").exists()  # a page's image: linked at its address, not copied

    assert main(["--root", str(kb), "import", *site, *files]) == 0  # re-run: nothing changes
    assert "0 note(s) written, 2 unchanged, 0 kept" in capsys.readouterr().err
    edited = first.replace("Read [[Next steps", "I read [[Next steps")
    (into / "first-steps.md").write_text(edited, encoding="utf-8")
    assert main(["--root", str(kb), "import", *site, *files]) == 0
    assert "0 note(s) written, 1 unchanged, 1 kept" in capsys.readouterr().err
    assert (into / "first-steps.md").read_text(encoding="utf-8") == edited


@pytest.mark.parametrize(
    "value", ["javascript:alert(1)", "file:///srv/www/", "notes.example.com", "https://", ""]
)
def test_import_refuses_a_site_that_is_no_http_address_before_reading_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    kb = tmp_path / "kb"
    (kb / "notes").mkdir(parents=True)
    files = built_site(tmp_path)
    assert main(["--root", str(kb), "import", "--site", value, *files]) == 2
    err = capsys.readouterr().err
    assert f"error[import-bad-site]: --site {value!r} is no site's address" in err
    assert "hint: give the site's http(s) address" in err
    assert not (kb / "notes" / "imported").exists()


def test_a_link_climbing_above_the_site_root_is_kept_as_text_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kb = tmp_path / "kb"
    (kb / "notes").mkdir(parents=True)
    files = built_site(tmp_path)
    page = Path(files[1])
    page.write_text(
        page.read_text(encoding="utf-8").replace("/posts/first-steps/", "../../../first-steps/"),
        encoding="utf-8",
    )
    code = main(["--root", str(kb), "import", "--site", "https://notes.example.com/", *files])
    err = capsys.readouterr().err
    assert code == 0
    assert (
        "posts/next-steps/index.html:1: warning[import-url-above-site]: 1 relative link(s) or"
        " image(s) climb above the site's root https://notes.example.com/"
        " ('../../../first-steps/#start'): kept as text" in err
    )
    assert "imported 2 file(s): 2 note(s) written" in err
    assert (kb / "notes" / "imported" / "first-steps.md").is_file()


def test_the_bib_files_imported_together_are_one_bibliography(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # as BibTeX reads `\\bibliography{strings,venues,papers}`: a paper's venue and its year in one
    # file, the macros its venue is written with in another (FreakyPenguin/bibliography's shape)
    (tmp_path / "notes").mkdir()
    (tmp_path / "strings.bib").write_text('@string{s-sosp = "SOSP"}\n', encoding="utf-8")
    (tmp_path / "venues.bib").write_text(
        "@proceedings{sosp21, booktitle = s-sosp, year = {2021}}\n", encoding="utf-8"
    )
    (tmp_path / "papers.bib").write_text(
        "@inproceedings{c, crossref = {sosp21}, title = {Concordia}}\n", encoding="utf-8"
    )
    files = [str(tmp_path / f"{n}.bib") for n in ("papers", "strings", "venues")]
    assert main(["--root", str(tmp_path), "import", *files]) == 0
    assert "imported 3 file(s): 1 note(s) written" in capsys.readouterr().err
    note = (tmp_path / "notes" / "imported" / "concordia.md").read_text(encoding="utf-8")
    assert "\nyear: 2021\n" in note
