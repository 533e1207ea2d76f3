"""An Obsidian-flavoured vault (tests/fixtures/vault/) built whole: attachments, links as
Obsidian resolves them, embeds."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from notebase.builder.pipeline import BuildResult, build_site
from notebase.builder.state import BuildOptions

VAULT = Path(__file__).parent / "fixtures" / "vault"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    root = tmp_path_factory.mktemp("vault") / "kb"
    shutil.copytree(VAULT, root)
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert result.written, result.diagnostics
    return root / "site", result


def body(site: Path, page: str) -> str:
    html = (site / page / "index.html").read_text(encoding="utf-8")
    return html.split('<div class="body">', 1)[1].split("</article>", 1)[0]


def warnings(result: BuildResult, code: str) -> list[tuple[str, str]]:
    return [(str(d.pos), d.message) for d in result.diagnostics if d.code == code]


def test_only_the_files_notes_use_are_copied(built: tuple[Path, BuildResult]) -> None:
    site, _ = built
    copied = sorted(p.relative_to(site / "files").as_posix() for p in (site / "files").rglob("*.*"))
    assert copied == [
        "attachments/Pasted image 1.png",
        "docs/paper.pdf",
        "img/diagram.svg",
        "media/clip.mp3",
        "media/clip.mp4",
    ]
    original = VAULT / "notes" / "attachments" / "Pasted image 1.png"
    assert (site / "files/attachments/Pasted image 1.png").read_bytes() == original.read_bytes()


def test_every_image_has_its_file_size_and_alt(built: tuple[Path, BuildResult]) -> None:
    site, _ = built
    html = body(site, "attachments")
    images = re.findall(r"<img [^>]*>", html)
    assert images == [
        '<img src="../files/attachments/Pasted%20image%201.png" alt="Pasted image 1" width="30" height="20" loading="lazy">',
        '<img src="../files/attachments/Pasted%20image%201.png" alt="Pasted image 1" width="300" height="200" loading="lazy">',
        '<img src="../files/attachments/Pasted%20image%201.png" alt="Pasted image 1" width="300" height="100" loading="lazy">',
        '<img src="../files/img/diagram.svg" alt="A diagram" width="40" height="20" loading="lazy">',
        '<img src="../files/attachments/Pasted%20image%201.png" alt="pasted" width="30" height="20" loading="lazy">',
        '<img src="../files/attachments/Pasted%20image%201.png" alt="pasted" width="30" height="20" loading="lazy">',
    ]


def test_pdfs_audio_and_video(built: tuple[Path, BuildResult]) -> None:
    html = body(built[0], "attachments")
    pdf = '<a class="attachment" href="../files/docs/paper.pdf">'
    assert f"{pdf}paper.pdf</a>, a link to it: {pdf}the paper</a> and {pdf}paper.pdf</a>" in html
    assert '<audio controls preload="metadata" src="../files/media/clip.mp3">' in html
    assert '<video controls preload="metadata" src="../files/media/clip.mp4" width="320">' in html


def test_a_missing_attachment_is_a_warning_at_its_line(built: tuple[Path, BuildResult]) -> None:
    site, result = built
    assert warnings(result, "missing-attachment") == [
        ("notes/Attachments.md:18", "[[nowhere.png]] names no file under notes/")
    ]
    assert (
        '<span class="embed unresolved" title="No file or note named “nowhere.png”">![[nowhere.png]]</span>'
        in body(site, "attachments")
    )


def links_in(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="(?:wikilink|internal)" href="([^"]*)"[^>]*>([^<]*)</a>', html)


def test_links_resolve_as_obsidian_resolves_them(built: tuple[Path, BuildResult]) -> None:
    deep = "../folder/sub/deep-note/index.html"
    assert links_in(body(built[0], "wikilinks")) == [
        (deep, "Folder/Sub/Deep Note"),
        (deep, "Sub/Deep Note"),
        (deep, "deep note"),
        (deep, "Deep Note.md"),
        (deep, "shown text"),
        (f"{deep}#some-heading", "Deep Note › Some Heading"),
        (f"{deep}#%5Eblk1", "Deep Note › ^blk1"),
        (f"{deep}#%5Eli2", "Deep Note › ^li2"),
        ("../wikilinks/index.html#local-heading", "Local Heading"),
        ("../wikilinks/index.html#%5Ehere", "^here"),
        ("../other/note/index.html", "Note"),  # Other/Note.md: the shorter path
        (deep, "encoded"),
        ("../folder/note/index.html", "up and by name"),
        (f"{deep}#next-heading", "with heading"),
        (f"{deep}#no-such-heading", "Deep Note › No Such Heading"),
        (f"{deep}#%5Enope", "Deep Note › ^nope"),
    ]


def test_paths_from_the_root_of_the_vault_resolve_as_obsidian_and_github_read_them(
    tmp_path: Path,
) -> None:
    """`[t](/Folder/Note.md)`, `![alt](/img/x.svg)`: a leading slash is the root of the vault (a
    vault kept readable on GitHub writes its links so); a path gone wrong is found by its end, as
    Obsidian finds it; an image no file under notes/ holds stays the site's (a file of static/)."""
    root = tmp_path / "kb"
    shutil.copytree(VAULT, root)
    (root / "notes" / "Rooted.md").write_text(
        "# Rooted\n\n[vault path](/Folder/Sub/Deep%20Note.md), [its end](/Sub/Deep%20Note.md),"
        " [a page](/tags/) and [nothing](/Nowhere/Note.md).\n\n"
        "![a diagram](/img/diagram.svg)\n\n![logo](/logo.png)\n",
        encoding="utf-8",
    )
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert result.written, result.diagnostics
    html = body(root / "site", "rooted")
    deep = "../folder/sub/deep-note/index.html"
    assert links_in(html) == [
        (deep, "vault path"),
        (deep, "its end"),
        ("../tags/index.html", "a page"),
    ]
    assert re.findall(r"<img [^>]*>", html) == [
        '<img src="../files/img/diagram.svg" alt="a diagram" width="40" height="20" loading="lazy">',
        '<img src="/logo.png" alt="logo" />',
    ]
    assert [(str(d.pos), d.code) for d in result.diagnostics if "Rooted" in str(d.pos)] == [
        ("notes/Rooted.md:3", "broken-link")
    ]


def test_an_attachments_folder_whose_name_starts_with_an_underscore_is_found(
    tmp_path: Path,
) -> None:
    """`_attachments/`, as Obsidian's "subfolder under current folder" setting often names it: its
    files are found by the links that name them; a note there is still left out."""
    root = tmp_path / "kb"
    shutil.copytree(VAULT, root)
    folder = root / "notes" / "Folder" / "_attachments"
    folder.mkdir()
    shutil.copy(VAULT / "notes" / "attachments" / "Pasted image 1.png", folder / "shot one.png")
    (folder / "Hidden.md").write_text("# Hidden\n", encoding="utf-8")
    (root / "notes" / "Folder" / "Shots.md").write_text(
        "# Shots\n\n![|50](_attachments/shot%20one.png)\n\n![[shot one.png]]\n", encoding="utf-8"
    )
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert result.written, result.diagnostics
    src = "../../files/Folder/_attachments/shot%20one.png"
    assert re.findall(r'<img src="([^"]*)"', body(root / "site", "folder/shots")) == [src, src]
    assert (root / "site/files/Folder/_attachments/shot one.png").is_file()
    assert not [p for p in (root / "site").rglob("*") if "hidden" in p.name.casefold()]
    assert not [d for d in result.diagnostics if "Shots" in str(d.pos)]


def test_block_ids_are_anchors_and_never_shown(built: tuple[Path, BuildResult]) -> None:
    html = body(built[0], "folder/sub/deep-note")
    assert '<p id="^blk1">A block to point at.</p>' in html
    assert '<li id="^li2">second item</li>' in html
    assert "^after" not in html.replace('id="^after"', "")


def test_a_heading_or_block_that_is_not_there_is_a_warning(built: tuple[Path, BuildResult]) -> None:
    assert warnings(built[1], "missing-anchor") == [
        ("notes/Wikilinks.md:13", '"Deep Note" has no block "^nope"'),
        ("notes/Wikilinks.md:13", '"Deep Note" has no heading "No Such Heading"'),
    ]
    assert not warnings(built[1], "broken-link")


def embeds_in(html: str) -> list[str]:
    return re.findall(r'<p class="embed-source"><a [^>]*>([^<]*)</a></p>', html)


def test_notes_sections_and_blocks_are_embedded(built: tuple[Path, BuildResult]) -> None:
    html = body(built[0], "embeds")
    assert embeds_in(html) == [
        "The folder note",
        "Deep Note › Some Heading",
        "Deep Note",  # a block's ^id is no name a reader wrote: the note's title alone
        "Deep Note",
        "Chain A",
        "Chain B",
        "The folder note",
    ]
    section = html.split("Deep Note › Some Heading</a></p>\n", 1)[1].split("</div>", 1)[0]
    assert section == (
        "<h2>Some Heading</h2>\n<p>A block to point at.</p>\n<ul>\n<li>first item</li>\n"
        "<li>second item</li>\n</ul>\n<h3>A sub-heading</h3>\n<p>Still in the section.</p>\n"
    )
    assert "Next Heading" not in html and "Intro paragraph" not in html
    assert '<p class="embed-source"><a class="wikilink" href="../folder/note/index.html">' in html
    assert "<p>second item</p>" in html
    assert "B&#x27;s footnote" not in html and "B's footnote" not in html


def test_embedded_quotes_are_not_the_embedding_note_s(built: tuple[Path, BuildResult]) -> None:
    site = built[0]
    assert body(site, "embeds").count("Said in the folder note.") == 2  # embedded twice
    quotes = (site / "quotes" / "index.html").read_text(encoding="utf-8")
    assert quotes.count("Said in the folder note.") == 1  # the folder note's quote, once
    assert quotes.count("A quote of this note") == 1


def test_an_embed_cycle_is_a_warning_and_stops(built: tuple[Path, BuildResult]) -> None:
    site, result = built
    assert warnings(result, "embed-cycle") == [
        ("notes/Cycle Two.md:1", "![[Cycle]] leads round to a part that embeds it"),
        ("notes/Cycle.md:3", "![[Cycle Two]] leads round to a part that embeds it"),
    ]
    html = body(site, "cycle")
    assert embeds_in(html) == ["Cycle Two"]
    assert '<a class="wikilink" href="../cycle/index.html">Cycle</a>' in html


def test_in_a_browser_images_load_and_block_links_reach_their_block(
    built: tuple[Path, BuildResult], browser: Browser
) -> None:
    site = built[0]
    page = browser.new_page()
    try:
        page.goto((site / "attachments" / "index.html").as_uri())
        loaded = page.evaluate("[...document.images].map(i => i.complete && i.naturalWidth)")
        assert loaded == [30, 30, 30, 40, 30, 30]
        page.goto((site / "wikilinks" / "index.html").as_uri())
        page.click("text=Deep Note › ^li2")
        page.wait_for_url("**/deep-note/index.html#%5Eli2")
        assert page.evaluate("document.querySelector(':target').textContent") == "second item"
    finally:
        page.close()


DRAWING = """---
excalidraw-plugin: parsed
tags: [excalidraw]
---
==⚠  Switch to EXCALIDRAW VIEW in the MORE OPTIONS menu of this document. ⚠==

# Text Elements
Circuit 1 ^krlCt47w

%%
# Drawing
```json
{"type": "excalidraw", "elements": []}
```
%%
"""


def test_an_excalidraw_drawing_is_no_page_and_shows_as_the_image_exported_beside_it(
    tmp_path: Path,
) -> None:
    notes = tmp_path / "notes"
    (notes / "Excalidraw").mkdir(parents=True)
    (notes / "Excalidraw" / "Chain.excalidraw.md").write_text(DRAWING, encoding="utf-8")
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"></svg>'
    (notes / "Excalidraw" / "Chain.excalidraw.svg").write_text(svg, encoding="utf-8")
    (notes / "Markov.md").write_text("![[Chain.excalidraw]]\n", encoding="utf-8")
    result = build_site(BuildOptions(root=tmp_path, out=tmp_path / "site"))
    assert result.written and result.entries == 1
    html = body(tmp_path / "site", "markov")
    assert '<img src="../files/Excalidraw/Chain.excalidraw.svg" alt="Chain.excalidraw"' in html
    assert 'width="40" height="20"' in html and "Text Elements" not in html
    assert (tmp_path / "site/files/Excalidraw/Chain.excalidraw.svg").read_text() == svg
    assert not (tmp_path / "site" / "excalidraw").exists()


# LZ-String's compressToBase64 (the lzstring package's, not notebase's) of a scene: a red ellipse
# (0, 0, 80 x 40) and the text "Zürich ✓" at (10, 10), as the plugin's ```compressed-json holds it
COMPRESSED_SCENE = (
    "N4IgLgngDgpiBcACEMAeBjAhgGwJYBMAnTAdxABpkA3GQgZ1wHsA7BRAJkpWxgFsZmYOmwDaoAmxCEAjBWSRYkmNjxQ6c"
    "LqjYAGLhB1cSBMAAs2ADl3ITMXAHMTYNgBYrIOmEKMA1jADCjNiMhJIAxDDaAMzS0XIgAEaY6N52XgCuzPgBQSFI4MTM"
    "dFCYhAJOXB5evgDqxmZInMiMxei4kGzS2m6YzHY8OgC+lOL4kmCyXApweWBo5chaSJ16HW5G+KZsAGxuNvaObOwArJNz"
    "kgBaAD+EuOgmiIDI5HEAZixgAMq4AF7THG6vggAYpheLhsPolqdUGAAIJ4OysPI8Z7zdyeHz+QLBMLSGC43FxZpJNoQx"
    "CdbQDAC6XEwUCg7zAmFmbFAVFwMBIACEkil0plsti8qFniLRSAhshnmCYMIkMABgMgA"
)


def test_a_drawing_exported_as_no_image_is_drawn_from_its_scene(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    scene = DRAWING.replace("```json\n", f"```compressed-json\n{COMPRESSED_SCENE}\n```\n```json\n")
    (notes / "Chain.excalidraw.md").write_text(scene, encoding="utf-8")
    (notes / "Empty.excalidraw.md").write_text("# Drawing\n```json\n\n```\n", encoding="utf-8")
    (notes / "Markov.md").write_text(
        "![[Chain.excalidraw|300]]\n\nSee [[Chain.excalidraw]].\n\n![[Empty.excalidraw]]\n\n"
        "![[Gone.excalidraw]]\n",
        encoding="utf-8",
    )
    result = build_site(BuildOptions(root=tmp_path, out=tmp_path / "site"))
    assert result.written and result.entries == 1  # a drawing's file is no note
    html = body(tmp_path / "site", "markov")
    img = '<a class="drawn" href="../files/Chain.excalidraw.svg"><img src="../files/Chain.excalidraw.svg" alt="Chain.excalidraw" width="300" height="180" loading="lazy"></a>'
    assert img in html and 'See <a class="attachment" href="../files/Chain.excalidraw.svg">' in html
    drawn = (tmp_path / "site/files/Chain.excalidraw.svg").read_text(encoding="utf-8")
    assert drawn.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="60"')
    assert '<ellipse cx="40" cy="20" rx="40" ry="20" stroke="#e03131" fill="none"' in drawn
    assert '<tspan x="10" y="30">Zürich ✓</tspan>' in drawn
    assert ">Drawing: Empty</span>" in html and ">Drawing: Gone</span>" in html
    assert warnings(result, "drawing-unreadable") == [
        (
            "notes/Empty.excalidraw.md",
            "cannot draw the Excalidraw drawing: its json block cannot be read "
            "(Expecting value: line 1 column 1 (char 0))",
        )
    ]
    message = "[[Gone.excalidraw]] names no drawing: no Gone.excalidraw.md under notes/"
    assert warnings(result, "missing-drawing") == [("notes/Markov.md:7", message)]


def test_a_drawing_kept_as_a_plain_markdown_file_is_no_page_and_shows_as_its_drawing(
    tmp_path: Path,
) -> None:
    """A drawing the plugin named `Chain.md` (no `.excalidraw`), as vaults that changed its naming
    settings keep them: [[Chain]] and ![[Chain]] show it drawn, as Obsidian shows it, and its
    markdown (the plugin's "Switch to EXCALIDRAW VIEW" line, its text elements) is no page."""
    notes = tmp_path / "notes"
    (notes / "Excalidraw").mkdir(parents=True)
    scene = DRAWING.replace("```json\n", f"```compressed-json\n{COMPRESSED_SCENE}\n```\n```json\n")
    (notes / "Excalidraw" / "Chain.md").write_text(scene, encoding="utf-8")
    (notes / "Markov.md").write_text("![[Chain]]\n\nSee [[Chain]].\n", encoding="utf-8")
    result = build_site(BuildOptions(root=tmp_path, out=tmp_path / "site"))
    assert result.written and result.entries == 1
    html = body(tmp_path / "site", "markov")
    svg = "../files/Excalidraw/Chain.excalidraw.svg"
    assert f'<a class="drawn" href="{svg}"><img src="{svg}" alt="Chain"' in html
    assert f'See <a class="attachment" href="{svg}">' in html
    assert "EXCALIDRAW VIEW" not in html and "Text Elements" not in html
    drawn = (tmp_path / "site/files/Excalidraw/Chain.excalidraw.svg").read_text(encoding="utf-8")
    assert '<tspan x="10" y="30">Zürich ✓</tspan>' in drawn
    assert not (tmp_path / "site" / "excalidraw" / "chain").exists()
    assert warnings(result, "broken-link") == []


def test_inline_html_links_and_highlights_are_read_as_obsidian_shows_them(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    (notes / "Folder").mkdir(parents=True)
    (notes / "Folder" / "Other Note.md").write_text("Text.\n", encoding="utf-8")
    (notes / "Inline.md").write_text(
        'A <mark style="background: #FFB86CA6;">key point</mark> and\n'
        '<a href="Folder/Other Note.md">the other note</a>, <a href="Gone.md">gone</a>,\n'
        '<a href="https://example.com" target="_blank">a site</a>.\n',
        encoding="utf-8",
    )
    result = build_site(BuildOptions(root=tmp_path, out=tmp_path / "site"))
    assert result.written
    html = body(tmp_path / "site", "inline")
    assert "A <mark>key point</mark> and" in html
    assert links_in(html) == [("../folder/other-note/index.html", "the other note")]
    assert '<a href="https://example.com">a site</a>' in html
    assert not (tmp_path / "site/tags/ffb86ca6").exists()  # a colour in a style is no #tag
    assert warnings(result, "broken-link") == [("notes/Inline.md:2", "Gone.md matches no entry")]
