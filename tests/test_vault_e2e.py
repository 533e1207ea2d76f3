"""A trimmed real vault (tests/fixtures/vaults/k78ma-quartz) built whole, as `notebase build` builds it.

The figures are bench/vault_bar.py's, worked out from the vault's files and the site's HTML by that
file's own resolver and parser, never by notebase's code; the bar is the one the script prints.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from bench.vault_bar import (
    Figures,
    MathRun,
    PageScan,
    Vault,
    build_vault,
    folder_parts,
    load_vault,
    measure,
    page_file,
    prose_math,
    read_page,
    resolve,
    slug_part,
)

FIXTURE = Path(__file__).parent / "fixtures" / "vaults" / "k78ma-quartz" / "notes"


@dataclass(frozen=True)
class Built:
    vault: Vault
    site: Path
    log: str
    figures: Figures

    def page(self, rel: str) -> PageScan:
        scan = read_page(self.site / rel)
        assert scan is not None, f"no page {rel}"
        return scan


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Built]:
    work = tmp_path_factory.mktemp("vault")
    site, log, seconds = build_vault(FIXTURE, work)
    vault = load_vault(work / "notes")
    yield Built(vault, site, log, measure(vault, site, log, seconds))


def examples(built: Built, key: str) -> str:
    return "\n".join(built.figures.examples.get(key, []))


# --- the bar ------------------------------------------------------------------------------------


def test_the_build_writes_the_site_without_a_traceback(built: Built) -> None:
    assert built.figures.site_written
    assert not built.figures.traceback
    assert built.figures.pages == built.figures.notes == 54


def test_no_broken_link_warning_for_a_link_obsidian_resolves(built: Built) -> None:
    found = built.figures.broken_links_obsidian_resolves
    assert found == 0, examples(built, "broken_links_obsidian_resolves")


def test_image_embeds_are_shown(built: Built) -> None:
    f = built.figures
    assert f.image_embeds == 17  # 16 wiki embeds of the vault's images, one markdown image
    assert f.percent(f.image_embeds_shown, f.image_embeds) >= 95, examples(built, "images_missing")


def test_note_embeds_show_the_embedded_text(built: Built) -> None:
    f = built.figures
    assert f.note_embeds == 4  # a heading, two blocks, a whole note (one more embeds only math)
    missing = examples(built, "note_embeds_missing")
    assert f.percent(f.note_embeds_shown, f.note_embeds) >= 90, missing


def test_no_page_shows_a_literal_callout_marker(built: Built) -> None:
    assert built.figures.callout_marker_pages == 0, examples(built, "callout")


def test_no_page_publishes_a_comment(built: Built) -> None:
    assert built.figures.comment_pages == 0, examples(built, "comments")


def test_no_prose_turns_into_math_and_little_tex_is_left_raw(built: Built) -> None:
    assert built.figures.prose_math_pages == 0, examples(built, "prose_math")
    assert built.figures.raw_tex_pages <= 3, examples(built, "raw_tex")


def test_the_root_index_is_the_home_page(built: Built) -> None:
    assert built.figures.root_index_is_home is True
    assert not (built.site / "index" / "index.html").exists()
    assert "collision" not in built.log  # no url-, slug- or folder-collision


def test_the_cold_build_is_quick(built: Built) -> None:
    assert built.figures.build_seconds < 10


# --- a garden: folder pages, breadcrumbs, no reading log where there is none ---------------------


def folders_of(vault: Vault) -> dict[str, list[str]]:
    """Each folder holding notes (at any depth), as written -> the notes right in it."""
    folders: dict[str, list[str]] = {}
    for note in vault.notes:
        parts = folder_parts(note)
        for depth in range(1, len(parts) + 1):
            folders.setdefault("/".join(parts[:depth]), [])
        if parts:
            folders["/".join(parts)].append(note)
    return folders


def folder_page(folder: str) -> str:
    return "/".join(slug_part(p) for p in folder.split("/")) + "/index.html"


def target(page: str, href: str) -> str:
    """The site file a relative link on a page leads to."""
    path = posixpath.normpath(posixpath.join(posixpath.dirname(page), href.split("#")[0]))
    return path if path.endswith(".html") else f"{path}/index.html"


def test_every_folder_has_a_page_listing_its_notes_and_subfolders(built: Built) -> None:
    folders = folders_of(built.vault)
    assert {"Calculus", "2B", "2B/MTE 204", "Fixture extras"} <= folders.keys()
    for folder, notes in folders.items():
        page = folder_page(folder)
        scan = built.page(page)
        shown = {target(page, href) for href in scan.links}
        assert {built.vault.pages[n] for n in notes} <= shown, folder
        subfolders = {folder_page(f) for f in folders if posixpath.dirname(f) == folder}
        assert subfolders <= shown, folder


def test_the_home_page_lists_the_top_folders(built: Built) -> None:
    shown = {target("index.html", href) for href in built.page("index.html").links}
    top = {folder_page(f) for f in folders_of(built.vault) if "/" not in f}
    assert top <= shown


def test_entry_pages_have_breadcrumbs_to_their_folders(built: Built) -> None:
    note = "2B/MTE 204/Shooting Method.md"
    page = built.vault.pages[note]
    scan = built.page(page)
    assert "breadcrumbs" in scan.classes
    shown = [target(page, href) for href in scan.links]
    assert shown[:3] == ["index.html", "2b/index.html", "2b/mte-204/index.html"]
    assert all((built.site / rel).is_file() for rel in shown[:3])


def headings(text: str) -> int:
    in_code, count = False, 0
    for line in text.splitlines():
        in_code = in_code != line.lstrip().startswith(("```", "~~~"))
        count += not in_code and line.startswith("#") and line.lstrip("#").startswith(" ")
    return count


def test_long_entries_have_a_table_of_contents(built: Built) -> None:
    long = [n for n in built.vault.notes if n != "index.md" and headings(built.vault.read(n)) >= 4]
    assert len(long) >= 5
    for note in long:
        assert "toc" in built.page(built.vault.pages[note]).classes, note


def test_a_vault_without_statuses_has_no_reading_badges_nor_reading_list(built: Built) -> None:
    for note, page in built.vault.pages.items():
        scan = built.page(page)
        assert "status" not in scan.classes, note
        named = {target(page, href) for href in scan.outside}
        assert not named & {"papers/index.html", "links/index.html", "reading-list/index.html"}
    reading = built.page("reading-list/index.html")
    assert not [href for href in reading.links if not href.startswith("#")]


# --- the checks themselves ----------------------------------------------------------------------


def test_the_resolver_finds_notes_as_obsidian_does() -> None:
    vault = load_vault(FIXTURE)
    here = "Calculus/Spherical Coordinates.md"
    assert resolve(vault, here, "cylindrical coordinates") == "Calculus/Cylindrical Coordinates.md"
    assert resolve(vault, here, "Linear Algebra/Subspaces") == "Linear Algebra/Subspaces.md"
    assert resolve(vault, here, "MTE 220/LED#x|y", notes_only=True) == "2B/MTE 220/LED.md"
    assert resolve(vault, here, "spherical front.png") == "Calculus/attachments/spherical front.png"
    assert resolve(vault, here, "Nowhere") is None
    assert page_file("") == "index.html" and vault.pages["index.md"] == "index.html"


def test_prose_as_math_is_told_from_math() -> None:
    def letters(text: str) -> MathRun:
        return MathRun([("mi", c) for c in text])

    assert prose_math(letters("Thisisinunitsofthevalue"))
    assert not prose_math(letters("xyzabc"))
    assert not prose_math(MathRun([("mi", "x"), ("mo", "="), ("mtext", "for all x in the set")]))
    assert prose_math(MathRun([], "then we pay the rest"))
    assert not prose_math(MathRun([], r"\frac{a}{b} \text{for all points in the set}"))
