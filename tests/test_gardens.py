"""A Quartz garden's quartz.config.ts: the notes it keeps out of its site stay out of notebase's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from notebase.config import load_config
from notebase.diagnostics import Severity
from notebase.reading import gardens
from notebase.reading.gardens import (
    GardenSettings,
    as_ignore_pattern,
    parse_hugo_config,
    parse_quartz_config,
)

GARDEN_CONFIG = Path(__file__).parent / "fixtures" / "vaults" / "k78ma-quartz" / "quartz.config.ts"
EXPLICIT = "filters: [Plugin.RemoveDrafts(), Plugin.ExplicitPublish()],"


def garden_config(filters: str = "") -> str:
    """The real garden's settings (tests/fixtures/vaults/k78ma-quartz), its filters replaced."""
    text = GARDEN_CONFIG.read_text(encoding="utf-8")
    return text.replace("filters: [Plugin.RemoveDrafts()],", filters) if filters else text


def test_a_garden_s_ignore_patterns_are_read_anchored_at_the_notes_folder() -> None:
    settings = parse_quartz_config(garden_config())
    assert settings.ignore == (
        "/private",
        "/templates",
        "/**/private",
        "/**/templates",
        "/**/Private",
        "/**/Excalidraw",
        "/**/excalidraw",
    )
    assert not settings.marked_only
    assert settings.line == 18


def test_marked_only_is_read_from_the_filters_and_not_from_a_comment() -> None:
    assert parse_quartz_config(garden_config(EXPLICIT)).marked_only
    commented = "filters: [\n  Plugin.RemoveDrafts(),\n  // Plugin.ExplicitPublish(),\n],"
    assert not parse_quartz_config(garden_config(commented)).marked_only
    block = "filters: [Plugin.RemoveDrafts() /* , Plugin.ExplicitPublish() */],"
    assert not parse_quartz_config(garden_config(block)).marked_only
    # a filter named elsewhere in the file (an emitter's option, a string) is no filter
    text = 'const x = "filters: [Plugin.ExplicitPublish()]"\n' + garden_config()
    assert not parse_quartz_config(text).marked_only


def test_strings_holding_comment_marks_and_brackets_do_not_derail_the_reading() -> None:
    text = (
        'const config = {\n  baseUrl: "https://example.org/notes", // a comment ]\n'
        "  head: `<meta\n    name=x>`,\n"
        '  ignorePatterns: [\'private\', "drafts/**", `**/*.excalidraw.md`, "!keep"],\n'
        "  filters: [Plugin.ExplicitPublish()],\n}\n"
    )
    settings = parse_quartz_config(text)
    assert settings.ignore == ("/private", "/drafts/**", "/**/*.excalidraw.md")
    assert settings.marked_only and settings.line == 5  # (a template string spans two lines)
    assert parse_quartz_config("export default {}\n").ignore == ()
    assert as_ignore_pattern("./private/") == "/private/"


def write_garden(root: Path, config_text: str, notebase_yaml: str = "search: false\n") -> Path:
    notes = root / "notes"
    (notes / "private").mkdir(parents=True)
    (notes / "Maths" / "Excalidraw").mkdir(parents=True)
    (notes / "index.md").write_text("---\npublish: true\n---\n# Home\n\n[[Shown]]\n", "utf-8")
    (notes / "Shown.md").write_text(
        "---\npublish: true\n---\n# Shown\n\nSee [[Unmarked]].\n", "utf-8"
    )
    (notes / "Unmarked.md").write_text("# Unmarked\n\nNot for the site.\n", "utf-8")
    (notes / "private" / "Diary.md").write_text("---\npublish: true\n---\n# Diary\n", "utf-8")
    (notes / "Maths" / "Excalidraw" / "Sketch.md").write_text("# Sketch\n", "utf-8")
    (root / "quartz.config.ts").write_text(config_text, encoding="utf-8")
    (root / "notebase.yaml").write_text(notebase_yaml, encoding="utf-8")
    return root


def test_a_garden_built_as_it_is_leaves_out_what_quartz_leaves_out(tmp_path: Path) -> None:
    root = write_garden(tmp_path / "garden", garden_config(EXPLICIT))
    result = build_site(BuildOptions(root=root, out=root / "site"))
    site = root / "site"
    assert result.written and (site / "shown" / "index.html").is_file()
    for left_out in ("unmarked", "private", "maths/excalidraw"):
        assert not (site / left_out).exists(), left_out
    said = {d.code: d for d in result.diagnostics}
    told = said["garden-settings"]
    assert told.severity is Severity.INFO and told.pos is not None
    assert (told.pos.path, told.pos.line) == ("quartz.config.ts", 18)
    assert "ExplicitPublish" in told.message and "(private, templates, **/private" in told.message
    assert "[[Unmarked]] is not published" in said["draft-link"].message
    page = (site / "shown" / "index.html").read_text(encoding="utf-8")
    assert "Unmarked" in page and 'href="../unmarked/' not in page


def test_published_all_in_notebase_yaml_publishes_the_unmarked_notes(tmp_path: Path) -> None:
    root = write_garden(tmp_path / "garden", garden_config(EXPLICIT), "published: all\n")
    config, _ = load_config(root)
    assert config.publishes(False, False) and "/private" in config.ignore
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert result.written and (root / "site" / "unmarked" / "index.html").is_file()
    assert not (root / "site" / "private").exists()


def test_a_garden_without_marked_only_publishes_every_note_but_drafts(tmp_path: Path) -> None:
    root = write_garden(tmp_path / "garden", garden_config())
    assert load_config(root)[0].publishes(False, False)
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert result.written and (root / "site" / "unmarked" / "index.html").is_file()
    assert not (root / "site" / "maths" / "excalidraw").exists()


def test_the_settings_beside_a_linked_content_folder_are_read(tmp_path: Path) -> None:
    garden = write_garden(tmp_path / "garden", garden_config(EXPLICIT))
    (garden / "notes").rename(garden / "content")
    kb = tmp_path / "kb"
    kb.mkdir()
    (kb / "notes").symlink_to(garden / "content", target_is_directory=True)
    config, told = load_config(kb)
    assert not config.publishes(False, False) and config.publishes(False, True)
    assert "/private" in config.ignore
    assert [d.code for d in told] == ["garden-settings"]
    assert told[0].pos is not None and told[0].pos.path == str(garden / "quartz.config.ts")


def test_a_garden_publishes_its_notes_named_with_an_underscore_as_quartz_does(
    tmp_path: Path,
) -> None:
    """A garden's map of its notes, `_root.md`, which four notes link (pweissneo/second-brain-
    quartz, whose Quartz site holds `_root.html`), was left out with a left-out-link warning at
    each link; a knowledge base that is no garden leaves it out as before."""
    root = write_garden(tmp_path / "garden", garden_config())
    (root / "notes" / "_root.md").write_text("# Knowledge Base Vault\n\nThe map.\n", "utf-8")
    (root / "notes" / "Wikilinks.md").write_text("# Wikilinks\n\nBack to [[_root]].\n", "utf-8")
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert (root / "site" / "root" / "index.html").is_file()
    assert not [d for d in result.diagnostics if d.code in ("left-out-link", "broken-link")]
    (root / "quartz.config.ts").unlink()
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert not (root / "site" / "root").exists()
    assert [d.code for d in result.diagnostics if d.code == "left-out-link"] == ["left-out-link"]


def test_a_garden_s_notes_are_titled_by_their_file_names_as_quartz_titles_them(
    tmp_path: Path,
) -> None:
    """digitalyoshixi/zettelkasten: `spike.md` opens with `# Installation`, its one heading, and
    was titled "Installation" (696 of its 13,415 notes by such a heading), where its Quartz site
    titles it "spike"; a knowledge base that is no garden is titled by the heading as before."""
    root = write_garden(tmp_path / "garden", garden_config())
    (root / "notes" / "spike.md").write_text("# Installation\n\nRun it.\n", "utf-8")
    (root / "notes" / "Maths" / "index.md").write_text("# Mathematics\n\nNotes.\n", "utf-8")
    build_site(BuildOptions(root=root, out=root / "site"))
    page = (root / "site" / "spike" / "index.html").read_text(encoding="utf-8")
    assert "<title>spike · " in page and '<h1 id="installation">Installation</h1>' in page
    folder = (root / "site" / "maths" / "index.html").read_text(encoding="utf-8")
    assert "<title>Mathematics · " in folder  # a folder's page keeps its heading, no "index"
    (root / "quartz.config.ts").unlink()
    build_site(BuildOptions(root=root, out=root / "site"))
    page = (root / "site" / "spike" / "index.html").read_text(encoding="utf-8")
    assert "<title>Installation · " in page


def test_a_knowledge_base_without_quartz_settings_is_as_before(kb: Path) -> None:
    config, told = load_config(kb)
    assert config.publishes(False, False) and config.ignore == (".obsidian/", ".trash/")
    assert not [d for d in told if d.code == "garden-settings"]


def test_published_takes_all_or_marked(tmp_path: Path) -> None:
    (tmp_path / "notebase.yaml").write_text("published: some\n", encoding="utf-8")
    _, said = load_config(tmp_path)
    assert [(d.code, d.severity) for d in said] == [("config-value", Severity.ERROR)]
    assert "all, marked" in said[0].message


def test_a_digital_garden_vault_publishes_only_its_dg_publish_notes(kb: Path) -> None:
    notes = kb / "notes"
    plugin = notes / ".obsidian" / "plugins" / "digitalgarden"
    plugin.mkdir(parents=True)
    (plugin / "manifest.json").write_text('{"id": "digitalgarden"}\n', encoding="utf-8")
    # as the plugin's users write them (front matter of public vaults)
    (notes / "Lagrangian.md").write_text(
        "---\ndg-publish: true\n---\n- consider a particle moving in a plane\n\n[[Journal]]\n",
        "utf-8",
    )
    (notes / "Cloud models.md").write_text(
        "---\ntopic:\n  - Cloud\npriority: High\n\ndg-publish: true\n---\n# IaaS, PaaS\n", "utf-8"
    )
    (notes / "Journal.md").write_text("---\ndg-publish: false\n---\n# Journal\n", "utf-8")
    (kb / "notebase.yaml").write_text("search: false\n", encoding="utf-8")
    result = build_site(BuildOptions(root=kb, out=kb / "site"))
    site = kb / "site"
    assert result.written
    assert (site / "lagrangian" / "index.html").is_file()
    assert (site / "cloud-models" / "index.html").is_file()
    assert not (site / "journal").exists()
    for unmarked in (kb / "notes").glob("*.md"):  # the knowledge base's own notes say nothing
        if "dg-publish" not in unmarked.read_text(encoding="utf-8"):
            assert not (site / unmarked.stem.lower()).exists(), unmarked.name
    said = [d for d in result.diagnostics if d.code == "garden-settings"]
    assert len(said) == 1 and "dg-publish: true" in said[0].message
    assert said[0].pos is not None and said[0].pos.path.endswith("plugins/digitalgarden")


def test_a_vault_holding_the_digital_garden_plugin_but_marking_no_note_publishes_all(
    tmp_path: Path,
) -> None:
    # yahyaqr/personal-obsidian-pkms holds .obsidian/plugins/digitalgarden/ and marks none of its
    # 405 notes `dg-publish: true`: the site was empty (0 entries), as the plugin's would be
    notes = tmp_path / "kb" / "notes"
    (notes / ".obsidian" / "plugins" / "digitalgarden").mkdir(parents=True)
    (notes / ".trash").mkdir()
    (notes / ".trash" / "Old.md").write_text("---\ndg-publish: true\n---\n# Old\n", "utf-8")
    (notes / "Inbox").mkdir()
    (notes / "Inbox" / "SOP.md").write_text("---\ncreated: 2022-12-07\n---\nSteps.\n", "utf-8")
    (notes / "Goals.md").write_text("# Goals\n\ndg-publish: true is the plugin's mark.\n", "utf-8")
    (notes / "Off.md").write_text("---\ndg-publish: false\n---\n# Off\n", "utf-8")
    root = notes.parent
    (root / "notebase.yaml").write_text("search: false\n", encoding="utf-8")
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert pages_of(root) == {"inbox/sop", "goals", "off"}
    said = [d for d in result.diagnostics if d.code == "garden-settings"]
    assert len(said) == 1 and "marks no note `dg-publish: true`" in said[0].message
    # one note marked (`"yes"`, as a YAML string), and only the marked are published again
    (notes / "Goals.md").write_text('---\ndg-publish: "yes"\n---\n# Goals\n', "utf-8")
    build_site(BuildOptions(root=root, out=root / "site"))
    assert pages_of(root) == {"goals"}


def digital_garden_vault(root: Path) -> Path:
    """A vault holding the Digital Garden plugin, its two notes unmarked."""
    notes = root / "notes"
    (notes / ".obsidian" / "plugins" / "digitalgarden").mkdir(parents=True)
    (notes / "a.md").write_text("# A\n\nText a.\n", "utf-8")
    (notes / "b.md").write_text("# B\n\nText b.\n", "utf-8")
    return notes


@pytest.mark.parametrize(
    ("setting", "marked"),
    [
        ('{"folder": "Templates"}', "Templates/garden.md"),  # the vault's folder of templates
        ("", "_drafts/plan.md"),  # a note named `_x` the site leaves out
        ("", "Private/plan.md"),  # notebase.yaml's `ignore:`
    ],
)
def test_a_note_the_site_never_reads_marks_nothing(
    tmp_path: Path, setting: str, marked: str
) -> None:
    # a template holding `dg-publish: true` made only the marked notes published: none, an empty
    # site, as a vault whose Templates/garden.md marks the notes made from it
    notes = digital_garden_vault(tmp_path)
    if setting:
        (notes / ".obsidian" / "templates.json").write_text(setting, "utf-8")
    (notes / marked).parent.mkdir()
    (notes / marked).write_text("---\ndg-publish: true\n---\n# {{title}}\n", "utf-8")
    (tmp_path / "notebase.yaml").write_text("ignore: [Private/]\n", encoding="utf-8")
    config, said = load_config(tmp_path)
    assert config.published == ""
    assert [d.message for d in said if "marks no note" in d.message]


def test_a_note_marked_in_json_front_matter_marks_the_vault(tmp_path: Path) -> None:
    # the plugin writes a note's front matter as JSON when it publishes it: read as the note is
    notes = digital_garden_vault(tmp_path)
    (notes / "c.md").write_text('---\n{"dg-publish":true,"permalink":"/c/"}\n---\nC.\n', "utf-8")
    assert load_config(tmp_path)[0].published == "marked"


def test_a_rebuild_opens_no_note_unchanged_to_find_the_marked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every build opened each note of a vault marking none (load_config runs on every rebuild)
    notes = digital_garden_vault(tmp_path)
    for note in notes.glob("*.md"):
        os.utime(note, (1_600_000_000, 1_600_000_000))
    opened: list[str] = []
    reads = gardens.reads_marked
    monkeypatch.setattr(gardens, "reads_marked", lambda n, rel: opened.append(rel) or reads(n, rel))
    assert not gardens.marks_a_note(notes) and sorted(opened) == ["a.md", "b.md"]
    assert not gardens.marks_a_note(notes) and len(opened) == 2
    (notes / "b.md").write_text("---\ndg-publish: true\n---\n# B\n", "utf-8")
    assert gardens.marks_a_note(notes) and opened[2:] == ["b.md"]


def pages_of(root: Path) -> set[str]:
    """The notes' pages the site at root/site holds (not its tags', folders' or home page)."""
    site = root / "site"
    pages = {str(p.parent.relative_to(site)) for p in site.rglob("*/index.html")}
    return {p for p in pages if p in ("inbox/sop", "goals", "off", "old")}


def test_dg_home_is_the_home_page_and_dg_permalink_the_page_s_address(tmp_path: Path) -> None:
    notes = tmp_path / "kb" / "notes"
    notes.mkdir(parents=True)
    (notes / "Welcome.md").write_text(
        "---\ndg-home: true\ndg-publish: true\n---\n# Welcome to the garden\n", "utf-8"
    )
    (notes / "Pharyngitis.md").write_text(
        "---\ndg-publish: true\ndg-permalink: /condition/pharyngitis/\n---\n# Pharyngitis\n",
        "utf-8",
    )
    (notes / "Other.md").write_text("---\ndg-home: false\n---\n# Other\n", "utf-8")
    root = notes.parent
    (root / "notebase.yaml").write_text("search: false\n", encoding="utf-8")
    result = build_site(BuildOptions(root=root, out=root / "site"))
    site = root / "site"
    assert result.written, [d.message for d in result.diagnostics]
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Welcome to the garden" in home and not (site / "welcome").exists()
    assert (site / "condition" / "pharyngitis" / "index.html").is_file()
    assert (site / "other" / "index.html").is_file()


def test_a_digital_garden_site_s_entry_note_is_its_home_page(tmp_path: Path) -> None:
    """The plugin publishes the note marked dg-home tagged `gardenEntry`, its permalink its own
    path's, and its site makes that note the home page: real published gardens
    (Arkanis974/wfrp_2nd_ed_fr's Accueil.md, Samuraiflamesf/CofreObisidian's Index.md) had it at
    /accueil/ and /index/, the home page a list of notes. A note tagged so outside a garden the
    plugin published is a note like any."""
    notes = tmp_path / "kb" / "notes"
    (notes / "Carrières").mkdir(parents=True)
    (notes / "Accueil.md").write_text(
        '---\n{"dg-publish":true,"permalink":"/accueil/","tags":["gardenEntry"]}\n---\n'
        "# Bienvenue\n\nVoir les [[Carrières/Aristocrate\\|carrières]].\n",
        "utf-8",
    )
    (notes / "Carrières" / "Aristocrate.md").write_text(
        '---\n{"dg-publish":true,"permalink":"/carrieres/aristocrate/"}\n---\n# Aristocrate\n',
        "utf-8",
    )
    (notes / "Tagged.md").write_text("---\ntags: [gardenEntry]\n---\n# Tagged\n", "utf-8")
    root = notes.parent
    (root / "notebase.yaml").write_text("search: false\n", encoding="utf-8")
    result = build_site(BuildOptions(root=root, out=root / "site"))
    site = root / "site"
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Bienvenue" in home and 'href="carrieres/aristocrate/index.html"' in home
    assert not (site / "accueil").exists() and (site / "tagged" / "index.html").is_file()
    assert not [d for d in result.diagnostics if d.severity is Severity.WARNING]


def test_links_to_many_unpublished_notes_are_summed_up_in_one_warning(tmp_path: Path) -> None:
    from notebase.diagnostics import LISTED, sum_up

    root = write_garden(tmp_path / "garden", garden_config(EXPLICIT))
    names = [f"Idea {i}" for i in range(LISTED + 2)]
    for name in names:
        (root / "notes" / f"{name}.md").write_text(f"# {name}\n", encoding="utf-8")
    links = "\n".join(f"- [[{name}]]" for name in [*names, names[0]])
    (root / "notes" / "Shown.md").write_text(
        f"---\npublish: true\n---\n# Shown\n\n{links}\n", "utf-8"
    )
    result = build_site(BuildOptions(root=root, out=root / "site"))
    every = [d for d in result.diagnostics if d.code == "draft-link"]
    assert len(every) == LISTED + 3 and {d.about for d in every} == set(names)
    summed = [d for d in sum_up(result.diagnostics) if d.code == "draft-link"]
    assert len(summed) == 1
    assert summed[0].message.startswith(f"{LISTED + 3} links in 1 note name {LISTED + 2} notes")
    assert "the most linked: [[Idea 0]] (2)" in summed[0].message


@pytest.mark.parametrize(
    ("unit", "read"),
    [
        ("/*x", ()),  # a block comment left open: what follows is in it
        ("'x\\", ()),  # a string whose last backslash runs it on into the next line, as in JS
        ('"x\\', ()),
        ("`x", ("/private",)),  # (their backticks pair up)
        ("//*'", ("/private",)),  # a line comment holding a comment's and a string's openings
    ],
)
def test_a_config_of_unclosed_strings_and_comments_is_read_in_one_pass(
    unit: str, read: tuple[str, ...]
) -> None:
    """A string or comment left open runs to its line's end (or the text's), so the text is read
    once, not again from every opening: 300 KB of them, which took minutes so, are read at once
    (the suite's time bounds it)."""
    text = unit * 100_000 + '\nignorePatterns: ["private"]\n'
    assert parse_quartz_config(text).ignore == read


def write_publish_vault(root: Path, rules: str) -> Path:
    """A vault published with Obsidian Publish: its folder rules in .obsidian/publish.json (the
    shape Obsidian writes: siteId, host, included, excluded)."""
    notes = root / "notes"
    for folder in ("Notes", "Privacy", "Journal", "Journal/2024", ".obsidian"):
        (notes / folder).mkdir(parents=True, exist_ok=True)
    (notes / "Notes" / "Spaced repetition.md").write_text("# Spaced repetition\n", "utf-8")
    (notes / "Privacy" / "Policy.md").write_text("# Policy\n\n[[Dreams]]\n", "utf-8")
    (notes / "Journal" / "2024" / "Dreams.md").write_text("# Dreams\n", "utf-8")
    (notes / "Loose.md").write_text("# Loose\n", "utf-8")
    (notes / "Chosen.md").write_text("---\npublish: true\n---\n# Chosen\n", "utf-8")
    (notes / "Withheld.md").write_text("---\npublish: false\n---\n# Withheld\n", "utf-8")
    head = (
        '{\n  "siteId": "e06fc8eb0e577dd6b3e0c6295c8602ad",\n  "host": "publish-01.obsidian.md",\n'
    )
    (notes / ".obsidian" / "publish.json").write_text(head + rules + "\n}\n", "utf-8")
    (root / "notebase.yaml").write_text("search: false\n", encoding="utf-8")
    return root


def built_pages(root: Path) -> set[str]:
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert result.written, [d.message for d in result.diagnostics]
    site = root / "site"
    shown = {"spaced-repetition", "policy", "dreams", "loose", "chosen", "withheld"}
    return {name for name in shown if any(site.rglob(f"{name}/index.html"))}


def test_obsidian_publish_s_included_folders_and_marked_notes_are_published(
    tmp_path: Path,
) -> None:
    rules = '  "included": ["Notes", "Privacy/"],\n  "excluded": ["Journal"]'
    root = write_publish_vault(tmp_path / "vault", rules)
    assert built_pages(root) == {"spaced-repetition", "policy", "chosen"}
    config, told = load_config(root)
    assert config.ignore[-1] == "/Journal" and config.included == ("Notes", "Privacy")
    assert [d.code for d in told] == ["garden-settings"]
    assert told[0].pos is not None and told[0].pos.path == "notes/.obsidian/publish.json"
    assert "exclude (Journal)" in told[0].message and "include (Notes, Privacy)" in told[0].message


def test_obsidian_publish_s_excluded_folders_alone_leave_the_rest_published(
    tmp_path: Path,
) -> None:
    rules = '  "included": [],\n  "excluded": ["Journal/2024", "../outside"]'
    root = write_publish_vault(tmp_path / "vault", rules)
    assert built_pages(root) == {"spaced-repetition", "policy", "loose", "chosen"}
    assert load_config(root)[0].ignore[-1] == "/Journal/2024"


def test_obsidian_publish_choosing_notes_one_by_one_is_said(tmp_path: Path) -> None:
    root = write_publish_vault(tmp_path / "vault", '  "included": [],\n  "excluded": []')
    assert built_pages(root) == {"spaced-repetition", "policy", "dreams", "loose", "chosen"}
    _, told = load_config(root)
    assert len(told) == 1 and "one by one, on Obsidian's servers" in told[0].message
    assert "published: marked" in told[0].hint


def test_a_publish_json_nested_too_deep_is_no_traceback(tmp_path: Path) -> None:
    notes = tmp_path / "kb" / "notes"
    (notes / ".obsidian").mkdir(parents=True)
    (notes / ".obsidian" / "publish.json").write_text("[" * 100_000, encoding="utf-8")
    (notes / "Note.md").write_text("# Note\n", encoding="utf-8")
    config, told = load_config(tmp_path / "kb")
    assert config.publishes(False, False) and not told


QUARTZ_3_CONFIG = """baseURL = "https://wiki.example.org/"
languageCode = "en-us"
ignoreFiles = [
    "/content/templates/*",
    "/content/private/*",
    "\\\\.DS_Store$",
]
summaryLength = 20
"""


def test_a_quartz_3_garden_s_ignore_files_are_read_as_folders_of_its_notes() -> None:
    """Quartz 3's config.toml (modelled on Tymotex/wiki's) names Hugo's `ignoreFiles` as patterns
    of paths under content/: a folder's is left out as Quartz 4's ignorePatterns are; one of
    another shape (a file's name) is not read."""
    settings = parse_hugo_config(QUARTZ_3_CONFIG)
    assert (settings.ignore, settings.line) == (("/templates", "/private"), 3)
    assert parse_hugo_config("ignoreFiles = [\n") == GardenSettings()


@pytest.mark.parametrize(
    ("config", "content"),
    [
        (QUARTZ_3_CONFIG, False),  # one naming `ignoreFiles`, in the knowledge base's root
        ('baseURL = "https://wiki.example.org/"\n', True),  # beside the content/ notes/ is
    ],
)
def test_a_quartz_3_config_is_told_by_its_keys_or_by_the_content_beside_it(
    tmp_path: Path, config: str, content: bool
) -> None:
    notes = tmp_path / "content" if content else tmp_path / "kb" / "notes"
    notes.mkdir(parents=True)
    (notes.parent / "config.toml").write_text(config, "utf-8")
    if content:
        (tmp_path / "kb").mkdir()
        (tmp_path / "kb" / "notes").symlink_to(notes, target_is_directory=True)
    assert load_config(tmp_path / "kb")[0].quartz


def test_another_tool_s_config_toml_is_no_quartz_garden_s(tmp_path: Path) -> None:
    # a Zola site's config.toml in the root made the notes a Quartz 3 garden's: notes/_drafts/
    # was published, and notes titled by their file names
    (tmp_path / "notes" / "_drafts").mkdir(parents=True)
    (tmp_path / "config.toml").write_text('base_url = "https://example.org"\n', "utf-8")
    (tmp_path / "notes" / "_drafts" / "plan.md").write_text("# Plan\n", "utf-8")
    config, said = load_config(tmp_path)
    assert not config.quartz and not said


def test_a_quartz_3_garden_has_its_home_page_and_leaves_out_what_hugo_ignores(
    tmp_path: Path,
) -> None:
    """A Quartz 3 garden (Tymotex/wiki, blu3mo/blu3mo-quartz) writes its home page as Hugo's
    content/_index.md: with its config.toml beside content/, that is the site's home page (it
    was left out as a note named with `_`, the home page a list of notes), a folder's
    `_index.md` is its page (no folder-collision: Shin-Jae-Yoon/Shin-Jae-Yoon.github.io's 60
    folders each had one), and the folders its ignoreFiles name are left out."""
    garden = tmp_path / "garden"
    content = garden / "content"
    (content / "private").mkdir(parents=True)
    (content / "Maths").mkdir()
    (content / "_index.md").write_text("---\ntitle: Tim's Wiki\n---\nWelcome, see [[Shown]].\n")
    (content / "Shown.md").write_text("# Shown\n\nA note.\n", "utf-8")
    (content / "Maths" / "_index.md").write_text("# Mathematics\n\nThe maths notes.\n", "utf-8")
    (content / "private" / "Diary.md").write_text("# Diary\n", "utf-8")
    (garden / "config.toml").write_text(QUARTZ_3_CONFIG, "utf-8")
    kb = tmp_path / "kb"
    kb.mkdir()
    (kb / "notes").symlink_to(content, target_is_directory=True)
    (kb / "notebase.yaml").write_text("search: false\n", "utf-8")
    result = build_site(BuildOptions(root=kb, out=kb / "site"))
    home = (kb / "site" / "index.html").read_text(encoding="utf-8")
    assert "Welcome, see" in home and "Tim&#39;s Wiki" in home
    folder = (kb / "site" / "maths" / "index.html").read_text(encoding="utf-8")
    assert "The maths notes." in folder and "<title>Mathematics · " in folder
    assert not (kb / "site" / "private").exists()
    assert not [d for d in result.diagnostics if d.code == "folder-collision"]
    crumbs = folder.partition('class="breadcrumbs"')[2].partition("</nav>")[0]
    assert "maths/index.html" not in crumbs  # the folder's own page: no crumb of itself
    told = [d for d in result.diagnostics if d.code == "garden-settings"]
    assert len(told) == 1 and told[0].pos is not None and told[0].pos.line == 3
    assert "ignoreFiles name (templates, private)" in told[0].message


def test_a_quartz_3_config_toml_toml_cannot_read_is_told_at_its_line(tmp_path: Path) -> None:
    # it was dropped without a word: its ignoreFiles were not applied, every folder published
    (tmp_path / "notes").mkdir()
    (tmp_path / "config.toml").write_text('baseURL = "x"\nignoreFiles = ["a" "b"]\n', "utf-8")
    config, said = load_config(tmp_path)
    assert config.quartz
    assert [(d.code, str(d.pos)) for d in said] == [("garden-settings", "config.toml:2")]
