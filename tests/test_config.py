"""config.py: notebase.yaml -> Config, with typed errors at their line and did-you-mean warnings."""

from __future__ import annotations

from pathlib import Path

from notebase.config import Config, load_config, parse_config
from notebase.diagnostics import FilePos, Severity, format_diagnostic


def test_missing_file_gives_the_defaults(tmp_path: Path) -> None:
    config, diags = load_config(tmp_path)
    assert diags == ()
    assert config == Config()
    assert config.title == "Reading notes"
    assert config.base_url == ""
    assert config.language == "en"
    assert config.recent == 20
    assert config.feed_entries == 50
    assert config.directory_urls is False
    assert config.search is True


def test_empty_file_gives_the_defaults(tmp_path: Path) -> None:
    (tmp_path / "notebase.yaml").write_text("", encoding="utf-8")
    assert load_config(tmp_path) == (Config(), ())


def test_values_are_read(tmp_path: Path) -> None:
    (tmp_path / "notebase.yaml").write_text(
        "title: My notes\n"
        "author: Ada\n"
        "base_url: https://notes.example.org/\n"
        "language: fr\n"
        "recent: 5\n"
        "directory_urls: true\n",
        encoding="utf-8",
    )
    config, diags = load_config(tmp_path)
    assert diags == ()
    assert config.title == "My notes"
    assert config.author == "Ada"
    assert config.base_url == "https://notes.example.org"  # trailing slash dropped
    assert config.language == "fr"
    assert config.recent == 5
    assert config.directory_urls is True
    assert config.description == Config().description


def test_a_bom_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "notebase.yaml").write_bytes("\ufefftitle: BOM\n".encode())
    config, diags = load_config(tmp_path)
    assert (config.title, diags) == ("BOM", ())


def test_wrong_type_is_an_error_with_its_line() -> None:
    config, diags = parse_config("title: Fine\nrecent: twenty\ndirectory_urls: 1\n")
    assert config.title == "Fine"
    assert config.recent == 20  # the default stays
    assert config.directory_urls is False
    assert [(d.severity, d.code, d.pos) for d in diags] == [
        (Severity.ERROR, "config-type", FilePos("notebase.yaml", 2)),
        (Severity.ERROR, "config-type", FilePos("notebase.yaml", 3)),
    ]
    assert diags[0].message == "`recent` must be a whole number, got 'twenty'"
    assert diags[1].message == "`directory_urls` must be true or false, got 1"
    assert diags[0].hint == "example: recent: 20"
    assert format_diagnostic(diags[0]) == (
        "notebase.yaml:2: error[config-type]: `recent` must be a whole number, got 'twenty'\n"
        "  hint: example: recent: 20"
    )


def test_a_count_too_large_is_an_error_not_a_traceback() -> None:
    # 10**20 passes the type check; slicing the home page's entries by it raised ValueError
    config, diags = parse_config("recent: 100000000000000000000\nfeed_entries: 1000000\n")
    assert (config.recent, config.feed_entries) == (20, 1_000_000)
    assert [(d.severity, d.code, d.pos, d.message) for d in diags] == [
        (
            Severity.ERROR,
            "config-value",
            FilePos("notebase.yaml", 1),
            "`recent` must be at most 1000000, got 100000000000000000000",
        )
    ]


def test_a_bool_is_not_an_int_and_a_number_is_not_text() -> None:
    _, diags = parse_config("recent: true\ntitle: 42\n")
    assert [(d.code, d.pos) for d in diags] == [
        ("config-type", FilePos("notebase.yaml", 1)),
        ("config-type", FilePos("notebase.yaml", 2)),
    ]


def test_unknown_key_is_a_warning_with_did_you_mean() -> None:
    config, diags = parse_config("title: A\ntitel: B\n")
    assert config.title == "A"
    assert len(diags) == 1
    (diag,) = diags
    assert diag.severity is Severity.WARNING
    assert diag.code == "unknown-key"
    assert diag.pos == FilePos("notebase.yaml", 2)
    assert diag.hint == 'did you mean "title"?'


def test_unknown_key_far_from_any_gets_no_suggestion() -> None:
    _, diags = parse_config("colour_scheme: dark\n")
    assert [(d.severity, d.code) for d in diags] == [(Severity.WARNING, "unknown-key")]
    assert "did you mean" not in diags[0].hint


def test_base_url_misspelt() -> None:
    _, diags = parse_config("baseurl: https://x.org\n")
    assert diags[0].hint == 'did you mean "base_url"?'


def test_broken_yaml_is_an_error_with_its_line() -> None:
    config, diags = parse_config("title: ok\nauthor: [unclosed\nlanguage: en\n")
    assert config == Config()
    assert len(diags) == 1
    assert diags[0].severity is Severity.ERROR
    assert diags[0].code == "yaml-syntax"
    assert diags[0].pos is not None and diags[0].pos.path == "notebase.yaml"
    assert diags[0].pos.line == 2


def test_a_list_at_top_level_is_an_error() -> None:
    _, diags = parse_config("- a\n- b\n")
    assert [(d.code, d.pos) for d in diags] == [("yaml-not-mapping", FilePos("notebase.yaml", 1))]


def test_non_utf8_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notebase.yaml").write_bytes(b"title: caf\xe9\n")
    config, diags = load_config(tmp_path)
    assert config == Config()
    assert [(d.code, d.pos) for d in diags] == [("config-unreadable", FilePos("notebase.yaml"))]


def test_a_folder_named_notebase_yaml_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notebase.yaml").mkdir()
    config, diags = load_config(tmp_path)
    assert config == Config()
    assert [(d.code, d.pos, d.message) for d in diags] == [
        (
            "config-unreadable",
            FilePos("notebase.yaml"),
            "cannot read notebase.yaml: Is a directory",
        )
    ]


def test_a_mapping_is_asked_of_notebase_yaml_by_name() -> None:
    _, diags = parse_config("just a sentence\n")
    assert [d.message for d in diags] == ["notebase.yaml is not a mapping"]


def test_a_negative_count_is_an_error() -> None:
    config, diags = parse_config("recent: -5\nfeed_entries: 0\n")
    assert (config.recent, config.feed_entries) == (20, 0)
    assert [(d.code, d.pos, d.message) for d in diags] == [
        ("config-value", FilePos("notebase.yaml", 1), "`recent` must be 0 or more, got -5")
    ]


def test_base_url_must_be_an_http_url() -> None:
    for bad in ("javascript:alert(1)", "notes.example.org", "ftp://example.org"):
        config, diags = parse_config(f'base_url: "{bad}"\n')
        assert config.base_url == ""
        assert [(d.code, d.message) for d in diags] == [
            ("config-value", f"`base_url` must be an http(s) URL, got '{bad}'")
        ]
        assert diags[0].hint == 'example: base_url: "https://example.org/notes"'


def test_a_key_given_twice_is_a_warning_and_the_last_wins() -> None:
    config, diags = parse_config("title: One\ntitle: Two\n")
    assert config.title == "Two"
    assert [(d.severity, d.code, d.pos) for d in diags] == [
        (Severity.WARNING, "duplicate-key", FilePos("notebase.yaml", 2))
    ]


def test_an_explicit_tag_its_text_does_not_fit_is_an_error_at_its_line() -> None:
    config, diags = parse_config("title: T\nrecent: !!int x\n")
    assert config == Config(title="T")
    assert [(d.code, d.pos) for d in diags] == [("yaml-syntax", FilePos("notebase.yaml", 2))]


def test_ignore_defaults_to_vault_settings_and_bin() -> None:
    assert Config().ignore == (".obsidian/", ".trash/")


def test_ignore_is_a_list_of_patterns_or_one_pattern() -> None:
    config, diags = parse_config("ignore: ['**/drafts/*', '*.excalidraw.md']\n")
    assert (config.ignore, diags) == (("**/drafts/*", "*.excalidraw.md"), ())
    assert parse_config("ignore: templates/\n")[0].ignore == ("templates/",)


def test_ignore_of_the_wrong_type_is_an_error_with_its_line() -> None:
    config, diags = parse_config("title: T\nignore: [1, 2]\n")
    assert config.ignore == Config().ignore
    assert [(d.severity, d.code, d.pos) for d in diags] == [
        (Severity.ERROR, "config-type", FilePos("notebase.yaml", 2))
    ]


def test_descriptions_come_from_the_collections_files_under_notes(tmp_path: Path) -> None:
    (tmp_path / "notes" / "imported").mkdir(parents=True)
    (tmp_path / "notes" / "imported" / "_collections.yaml").write_text(
        "categories:\n  Links And Recs:\n    description: Things I liked\n"
        "tags:\n  ml: {description: ''}\n  bad: 5\n",
        encoding="utf-8",
    )
    config, diags = load_config(tmp_path)
    assert config.descriptions == (("categories", "links-and-recs", "Things I liked"),)
    assert diags == ()


def test_a_collections_file_that_is_not_yaml_is_ignored_with_a_warning_at_its_line(
    tmp_path: Path,
) -> None:
    (tmp_path / "notes" / "imported").mkdir(parents=True)
    (tmp_path / "notes" / "imported" / "_collections.yaml").write_text(
        "tags:\n  ml: {description: [unclosed\n", encoding="utf-8"
    )
    config, diags = load_config(tmp_path)
    assert config.descriptions == ()
    assert [(d.severity, d.code, d.pos) for d in diags] == [
        (Severity.WARNING, "yaml-syntax", FilePos("notes/imported/_collections.yaml", 2))
    ]


def test_the_vaults_admonition_types_are_read_with_the_config(tmp_path: Path) -> None:
    """The Admonition plugin's custom types (notes/.obsidian/plugins/obsidian-admonition/
    data.json) are carried in the Config, read once with it; their problems are its warnings."""
    settings = tmp_path / "notes/.obsidian/plugins/obsidian-admonition/data.json"
    settings.parent.mkdir(parents=True)
    settings.write_text(
        '{\n  "userAdmonitions": {\n    "def": {"color": "1, 2, 3", "title": "Definition"},\n'
        '    "odd": {"color": "blue"}\n  }\n}\n',
        encoding="utf-8",
    )
    config, diags = load_config(tmp_path)
    assert [(kind.name, kind.title, kind.color) for kind in config.admonitions.types] == [
        ("def", "Definition", (1, 2, 3)),
        ("odd", "", None),
    ]
    assert [(d.code, d.pos) for d in diags] == [
        ("admonition-color", FilePos("notes/.obsidian/plugins/obsidian-admonition/data.json", 4))
    ]
    assert load_config(tmp_path / "elsewhere")[0].admonitions.types == ()


def test_a_vault_settings_file_nested_too_deep_is_no_traceback(tmp_path: Path) -> None:
    from notebase.reading.discover import TEMPLATE_FOLDERS, template_folders

    notes = tmp_path / "notes"
    deep = "[" * 100_000 + "]" * 100_000
    for setting in (
        ".obsidian/templates.json",
        ".obsidian/publish.json",
        ".obsidian/plugins/obsidian-admonition/data.json",
    ):
        (notes / setting).parent.mkdir(parents=True, exist_ok=True)
        (notes / setting).write_text(deep, encoding="utf-8")
    assert template_folders(notes) == frozenset(TEMPLATE_FOLDERS)
    config, diags = load_config(tmp_path)
    assert not config.admonitions.types and not config.ignore[2:]
    assert [d.code for d in diags] == ["admonition-settings"]
    assert "nested too deep" in diags[0].message
