"""slugs.py: title/tag/path -> slug -> URL -> output path (table-driven)."""

from __future__ import annotations

import hashlib

import pytest

from notebase.slugs import (
    MAX_SLUG_BYTES,
    clean_slug,
    drawing_file_names,
    drawn_path,
    is_drawing_text,
    looks_like_file,
    normalize_tag,
    output_path,
    page_url,
    shows_a_file,
    site_suffix,
    slug_from_path,
    slugify,
    slugify_or_hash,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Muon optimizer", "muon-optimizer"),
        ("  Hello,   World!  ", "hello-world"),
        ("snake_case_name", "snake-case-name"),
        ("a -- b", "a-b"),
        ("C++ & Rust", "c-rust"),
        ("Straße", "strasse"),
        ("Ünïcödé Café", "ünïcödé-café"),
        ("機械学習", "機械学習"),
        ("ＦＵＬＬ width", "full-width"),
        ("2502.16982v1", "2502-16982v1"),
        ("!!!", ""),
        ("", ""),
    ],
)
def test_slugify(text: str, expected: str) -> None:
    assert slugify(text) == expected


def test_slugify_or_hash_falls_back_to_a_stable_hash() -> None:
    assert slugify_or_hash("Muon") == "muon"
    first = slugify_or_hash("🚀🚀")
    assert first == slugify_or_hash("🚀🚀")
    assert first.startswith("n-") and len(first) == len("n-") + 8
    assert slugify_or_hash("🚀🚀") != slugify_or_hash("🔥")


def test_a_file_name_of_undecodable_bytes_gets_a_hashed_slug() -> None:
    # Python reads the file name b"\xff.md" as "\udcff.md" (a lone surrogate)
    assert slug_from_path("\udcff.md") == "n-" + hashlib.sha1(b"\xed\xb3\xbf").hexdigest()[:8]


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("ML", "ml"),
        ("Machine Learning", "machine-learning"),
        ("#optimizers", "optimizers"),
        ("second_order", "second-order"),
        ("  links-and-recs ", "links-and-recs"),
        ("#", ""),
        ("C#", "c"),
        # emoji alone name a tag in Obsidian (a real vault, AdamMambetov/Obsidian, tags its inbox
        # notes `📥`): they were dropped as "no usable characters"
        ("📥", "📥"),
        ("❤️", "❤"),  # its variation selector left out
        ("🎓/Учёба", "🎓/учёба"),
        ("🌱seedling", "seedling"),
    ],
)
def test_normalize_tag(tag: str, expected: str) -> None:
    assert normalize_tag(tag) == expected


@pytest.mark.parametrize(
    ("rel_path", "expected"),
    [
        ("papers/muon.md", "papers/muon"),
        ("papers/Muon Optimizer.md", "papers/muon-optimizer"),
        ("muon.md", "muon"),
        ("Deep/Nested Folder/My_Note.md", "deep/nested-folder/my-note"),
        ("papers/index.md", "papers"),
        ("a/b/index.md", "a/b"),
        ("index.md", ""),  # the home page
    ],
)
def test_slug_from_path(rel_path: str, expected: str) -> None:
    assert slug_from_path(rel_path) == expected


def test_slug_from_path_of_a_name_without_letters_is_a_hash() -> None:
    slug = slug_from_path("papers/🚀.md")
    assert slug.startswith("papers/n-")
    assert slug == slug_from_path("papers/🚀.md")


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("muon", "muon"),
        ("Papers/Muon Optimizer", "papers/muon-optimizer"),
        ("../../x", "x"),
        ("../../../etc/passwd", "etc/passwd"),
        ("/etc/passwd", "etc/passwd"),
        ("/abs/path/", "abs/path"),
        ("a\\..\\b", "a/b"),
        ("a/./b", "a/b"),
        ("a\x00b", "a-b"),
        ("\x00", ""),
        ("..", ""),
        ("/", ""),
    ],
)
def test_clean_slug_never_leaves_the_output_folder(raw: str, expected: str) -> None:
    assert clean_slug(raw) == expected


@pytest.mark.parametrize(
    ("slug", "url", "out"),
    [
        ("", "", "index.html"),
        ("papers/muon", "papers/muon/", "papers/muon/index.html"),
        ("muon", "muon/", "muon/index.html"),
        ("tags/ml", "tags/ml/", "tags/ml/index.html"),
    ],
)
def test_page_url_and_output_path(slug: str, url: str, out: str) -> None:
    assert page_url(slug) == url
    assert output_path(url) == out


@pytest.mark.parametrize(
    ("url", "out"),
    [("feed.xml", "feed.xml"), ("tags/ml/feed.xml", "tags/ml/feed.xml"), ("404.html", "404.html")],
)
def test_output_path_of_a_file_url_is_the_url(url: str, out: str) -> None:
    assert output_path(url) == out


def test_what_looks_like_a_file() -> None:
    assert looks_like_file("x.png") and looks_like_file("a b.PDF")
    assert not looks_like_file("Note.md") and not looks_like_file("Version 2.5")
    assert not looks_like_file("Note")


def test_what_shows_a_file_whatever_the_notes() -> None:
    """An image, a sound, a video or a PDF by its name; a name with another extension may be a
    note's (`web.xml.md`)."""
    assert all(map(shows_a_file, ("x.png", "a%20b.JPG", "talk.mp3", "clip.webm", "p.pdf")))
    assert not any(map(shows_a_file, ("java simple web.xml", "Node.js", "Note", "Version 2.5")))


LINKS = " ".join(f"https://t.co/link{i:02d}abcdefgh" for i in range(12))


def test_a_slug_too_long_for_a_file_name_is_cut_and_told_apart_by_a_hash() -> None:
    slug = slugify(f"Trimstray on Twitter: Search Engines for Hackers: {LINKS}")
    assert len(slug.encode()) <= MAX_SLUG_BYTES == 180
    assert slug.startswith(
        "trimstray-on-twitter-search-engines-for-hackers-https-t-co-link00abcdefgh"
    )
    whole = "trimstray-on-twitter-search-engines-for-hackers-" + "-".join(
        f"https-t-co-link{i:02d}abcdefgh" for i in range(12)
    )
    assert slug.endswith("-" + hashlib.sha1(whole.encode()).hexdigest()[:8])
    other = slugify(f"Trimstray on Twitter: Search Engines for Hackers: {LINKS} and one more")
    assert other != slug and other[:-8] == slug[:-8]  # the same start, another hash
    assert slugify(f"Short: {LINKS[:40]}") == "short-https-t-co-link00abcdefgh-https-t-co"


def test_a_long_slug_is_cut_between_characters() -> None:
    slug = slugify("中" * 100)  # 300 bytes of UTF-8
    assert len(slug.encode()) <= MAX_SLUG_BYTES
    assert slug == "中" * 57 + "-" + hashlib.sha1(("中" * 100).encode()).hexdigest()[:8]
    assert len(clean_slug("a/" + "b" * 300).split("/")[1].encode()) <= MAX_SLUG_BYTES
    assert len(normalize_tag("#" + "tag" * 100).encode()) <= MAX_SLUG_BYTES
    assert len(slug_from_path("x" * 250 + ".md").encode()) <= MAX_SLUG_BYTES


@pytest.mark.parametrize(
    ("title", "split"),
    [
        ("Post – Sander Dieleman", ("Post", "Sander Dieleman")),
        ("Post | PyTorch", ("Post", "PyTorch")),
        ("Post » Field Notes", ("Post", "Field Notes")),
        ("Spring - migration - counts", ("Spring - migration", "counts")),
        ("Fact-checker says", ("Fact-checker says", "")),
    ],
)
def test_site_suffix_is_the_name_after_a_title_s_last_separator(
    title: str, split: tuple[str, str]
) -> None:
    assert site_suffix(title) == split


@pytest.mark.parametrize(
    ("text", "drawing"),
    [
        ("---\nexcalidraw-plugin: parsed\ntags: [excalidraw]\n---\n# Text Elements\n", True),
        ("---\n\nexcalidraw-plugin: raw\n\n---\n==⚠  Switch to EXCALIDRAW VIEW", True),
        ("---\ntags: [a]\n---\nexcalidraw-plugin: parsed\n", False),  # in the text: a note's
        ("excalidraw-plugin: parsed\n", False),
        ("---\nexcalidraw-plugin: parsed\n", False),  # a front matter never closed
        ("---\ntitle: x\n---\nAbout the excalidraw-plugin: settings.\n", False),
        # a note whose front matter keeps the key empty (digitalyoshixi/zettelkasten, Market
        # Economy.md: prose, headings, no drawing), which Obsidian and Quartz show as a note
        (
            "---\naliases:\n  - Capitalism\nexcalidraw-plugin:\n---\nBuilt of free enterprise\n",
            False,
        ),
        ("---\nexcalidraw-plugin: \ntags: [a]\n---\n# What to produce\n", False),
    ],
)
def test_a_drawing_is_told_by_its_front_matter_whatever_its_name(text: str, drawing: bool) -> None:
    assert is_drawing_text(text) is drawing


def test_a_drawing_kept_as_a_plain_markdown_file_is_drawn_and_linked_by_its_name() -> None:
    """A drawing `X.md` (the plugin named without `.excalidraw`) is drawn to `X.excalidraw.svg`
    beside it, as `X.excalidraw.md` is; [[X]] names the file X.md once no note is X."""
    assert drawn_path("Excalidraw/HTML 单标签.md") == "Excalidraw/HTML 单标签.excalidraw.svg"
    assert drawn_path("pics/Chain.excalidraw.md") == "pics/Chain.excalidraw.svg"
    assert drawn_path("maps/Board.canvas") == "maps/Board.canvas.svg"
    assert drawing_file_names("HTML 单标签") == ("HTML 单标签.md",)
    assert drawing_file_names("paper.pdf") == ()
