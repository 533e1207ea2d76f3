"""The Admonition plugin's custom types, read from a vault's settings file
(reading/admonitions.py): the shapes real vaults' data.json files hold, and what an untrusted
value becomes (a warning at its line, never a colour on a page, never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notebase.diagnostics import FilePos
from notebase.markdown import render_markdown
from notebase.markdown.admonitions import (
    NO_TYPES,
    AdmonitionType,
    icon_svg,
    our_icon,
    parse_color,
)
from notebase.reading.admonitions import (
    ADMONITION_SETTINGS,
    CALLOUT_MANAGER_SETTINGS,
    MANAGER_SHOWN_PATH,
    SHOWN_PATH,
    parse_admonition_settings,
    parse_callout_manager_settings,
    read_admonition_types,
)

# In the shapes of real vaults' settings (the plugin writes them with JSON.stringify(…, null, 2)):
# a built-in type given a title, an Octicons icon and noTitle (Atlas975/Notes); a built-in type
# recoloured in hex with the plugin's own "ad" icon (ABSESpy/ABSESpy); a Font Awesome icon with
# the plugin's "r, g, b" (AbbasSrour/notes); new types of a vault whose site syncs them, one
# coloured `rgb(…)`, one with a Lucide icon as Obsidian names it.
VAULT = {
    "userAdmonitions": {
        "important": {
            "type": "important",
            "color": "163, 190, 140",
            "icon": {"type": "octicons", "name": "info"},
            "command": False,
            "title": "Metadata",
            "injectColor": True,
            "noTitle": True,
            "copy": False,
        },
        "note": {
            "type": "note",
            "color": "#7d7d7d",
            "icon": {"name": "ad", "type": "font-awesome"},
            "title": "Note",
            "noTitle": False,
        },
        "memo": {
            "type": "memo",
            "color": "206, 231, 19",
            "icon": {"name": "sticky-note", "type": "font-awesome"},
            "title": "Memo",
        },
        "ai-text": {"color": "rgb(116, 227, 161)", "icon": {"name": "robot", "type": "fas"}},
        "exercise": {
            "color": "183, 148, 246",
            "icon": {"name": "lucide-pencil-line", "type": "obsidian"},
        },
    },
    "syntaxHighlight": False,
    "injectColor": True,
    "version": "10.3.2",
}


def settings_text(settings: object) -> str:
    return json.dumps(settings, indent=2)


def test_the_shapes_real_vaults_hold_are_read() -> None:
    types, diags = parse_admonition_settings(settings_text(VAULT))
    assert diags == ()
    assert types.table() == {
        "ai-text": AdmonitionType("ai-text", "", (116, 227, 161), ""),
        "exercise": AdmonitionType("exercise", "", (183, 148, 246), "pencil"),
        "important": AdmonitionType("important", "Metadata", (163, 190, 140), "info", True),
        "memo": AdmonitionType("memo", "Memo", (206, 231, 19), ""),
        "note": AdmonitionType("note", "Note", (125, 125, 125), ""),
    }
    assert [kind.name for kind in types.types] == sorted(types.table())  # by name: one digest


def test_the_digest_stands_for_the_types_not_the_files_order() -> None:
    types, _ = parse_admonition_settings(settings_text(VAULT))
    declared = VAULT["userAdmonitions"]
    assert isinstance(declared, dict)
    reordered = {"userAdmonitions": dict(reversed(list(declared.items())))}
    assert parse_admonition_settings(settings_text(reordered))[0].digest == types.digest
    recoloured = json.loads(settings_text(VAULT))
    recoloured["userAdmonitions"]["memo"]["color"] = "206, 231, 20"
    assert parse_admonition_settings(settings_text(recoloured))[0].digest != types.digest
    assert types.digest and NO_TYPES.digest == ""


@pytest.mark.parametrize(
    ("written", "color"),
    [
        ("68, 138, 255", (68, 138, 255)),
        (" 0,0,0 ", (0, 0, 0)),
        ("rgb(255, 255, 255)", (255, 255, 255)),
        ("RGB(1 2 3)", (1, 2, 3)),
        ("#0A0b0C", (10, 11, 12)),
        ("#fff", (255, 255, 255)),
        ("256, 0, 0", None),
        ("1, 2", None),
        ("1, 2, 3, 4", None),
        ("-1, 2, 3", None),
        ("1.5, 2, 3", None),
        ("red", None),
        ("var(--callout-color)", None),
        ("#ggg", None),
        ("#12345", None),
        ("1, 2, 3); background: url(//x.example/a.png", None),
        ("１, ２, ３", None),  # full-width digits: no ASCII integers
        ("", None),
    ],
)
def test_a_colour_is_three_integers_0_to_255_or_none(
    written: str, color: tuple[int, int, int] | None
) -> None:
    assert parse_color(written) == color


def test_a_colour_that_is_not_one_is_a_warning_at_its_line_and_the_type_is_kept() -> None:
    settings = {
        "userAdmonitions": {
            "fine": {"color": "1, 2, 3"},
            "hostile": {"color": '1, 2, 3" onmouseover="alert(1)', "title": "Hostile"},
            "number": {"color": 7},
        }
    }
    text = settings_text(settings)
    types, diags = parse_admonition_settings(text)
    lines = text.splitlines()
    assert [(d.code, d.severity.value) for d in diags] == [("admonition-color", "warning")] * 2
    hostile, number = diags
    assert hostile.pos == FilePos(
        SHOWN_PATH, lines.index('      "color": "1, 2, 3\\" onmouseover=\\"alert(1)",') + 1
    )
    assert number.pos == FilePos(SHOWN_PATH, lines.index('      "color": 7') + 1)
    assert "hostile" in hostile.message and "0-255" in hostile.hint
    table = types.table()
    assert table["hostile"] == AdmonitionType("hostile", "Hostile")  # no colour, still a type
    assert table["number"].color is None and table["fine"].color == (1, 2, 3)
    assert table["hostile"].style() == "" and table["fine"].style() == "--c: rgb(1, 2, 3)"


def test_a_colour_spaced_otherwise_is_a_warning_at_its_types_line() -> None:
    text = '{\n  "userAdmonitions": {\n    "fine": {},\n    "odd": {"color":"zz"},\n'
    text += '    "later": {"color": "yy"}\n  }\n}\n'
    _, diags = parse_admonition_settings(text)
    assert [d.pos.line for d in diags if d.pos] == [4, 5]


def test_a_type_a_note_cannot_name_or_that_is_no_object_is_left_out_with_a_warning() -> None:
    settings = {"userAdmonitions": {"two words": {"color": "1, 2, 3"}, "list": [1], "Ok": {}}}
    text = settings_text(settings)
    types, diags = parse_admonition_settings(text)
    assert [kind.name for kind in types.types] == ["ok"]  # as `ad-ok` and `ad-OK` name it
    assert [d.code for d in diags] == ["admonition-type", "admonition-type"]
    assert [d.pos.line for d in diags if d.pos] == [3, 6]
    assert all(d.hint for d in diags)


def test_without_injected_colour_the_type_keeps_the_sites() -> None:
    """The plugin's injectColor off (for every type, or for one) leaves the colour to the vault's
    CSS: the site then draws the type in its own."""
    per_type = {"userAdmonitions": {"a": {"color": "1, 2, 3", "injectColor": False}}}
    assert parse_admonition_settings(settings_text(per_type))[0].table()["a"].color is None
    every = {"userAdmonitions": {"a": {"color": "1, 2, 3"}}, "injectColor": False}
    assert parse_admonition_settings(settings_text(every))[0].table()["a"].color is None


def test_a_file_that_is_not_json_is_a_warning_at_the_error() -> None:
    types, diags = parse_admonition_settings('{\n  "userAdmonitions": {\n    "a": {,\n')
    assert types == NO_TYPES
    (diag,) = diags
    assert diag.code == "admonition-settings" and diag.pos == FilePos(SHOWN_PATH, 3)
    assert diag.hint
    deep = "[" * 100_000 + "]" * 100_000
    assert parse_admonition_settings(deep)[1][0].code == "admonition-settings"


@pytest.mark.parametrize(
    "text", ["{}", '{"userAdmonitions": {}}', '{"userAdmonitions": []}', "[]", '"x"', "null"]
)
def test_settings_without_custom_types_give_none_and_say_nothing(text: str) -> None:
    assert parse_admonition_settings(text) == (NO_TYPES, ())


def test_the_vaults_file_is_read_and_a_missing_one_gives_no_types(tmp_path: Path) -> None:
    assert read_admonition_types(tmp_path) == (NO_TYPES, ())
    path = tmp_path / ADMONITION_SETTINGS
    path.parent.mkdir(parents=True)
    path.write_text("\ufeff" + settings_text(VAULT), encoding="utf-8")  # a BOM is no matter
    types, diags = read_admonition_types(tmp_path)
    assert diags == () and len(types.types) == 5
    path.write_bytes(b"\xff\xfe{")
    assert read_admonition_types(tmp_path) == (NO_TYPES, ())


def test_an_icon_is_ours_only_where_one_of_ours_stands_for_it() -> None:
    assert our_icon("lucide-pencil-line") == our_icon("fa-pencil-alt") == "pencil"
    assert our_icon("info") == our_icon("circle-info") == "info"
    assert our_icon("dragon") == our_icon("") == ""
    # Font Awesome's classes, as a block's `icon:` line writes them: the word that names it
    assert our_icon("fas fa-lightbulb") == our_icon("far  fa-lightbulb") == "lightbulb"
    assert our_icon("fa-solid fa-star") == "star"
    assert our_icon("fas fa-dragon") == our_icon("fas") == ""
    svg = icon_svg("quote")
    assert svg.startswith('<svg class="icon callout-icon"') and "http" not in svg.replace(
        'viewBox="0 0 24 24"', ""
    )
    assert icon_svg("dragon") == icon_svg("") == ""


def test_an_image_icon_is_never_drawn() -> None:
    """The plugin's "image" icons are a URL or a data URI: never loaded by the site."""
    settings = {"userAdmonitions": {"a": {"icon": {"type": "image", "name": "info"}}}}
    assert parse_admonition_settings(settings_text(settings))[0].table()["a"].icon == ""


# The Callout Manager plugin's settings, trimmed from a real vault's (diegotty/obsidian_vault,
# .obsidian/plugins/callout-manager/data.json): its own types, each a list of changes, some only
# for the light or the dark colour scheme; a built-in type given an icon.
MANAGED = {
    "callouts": {
        "custom": ["tuff", "dimostrazione", "index"],
        "settings": {
            "tuff": [
                {"changes": {"icon": "lucide-accessibility"}},
                {"condition": {"colorScheme": "light"}, "changes": {"color": "126, 68, 68"}},
                {"condition": {"colorScheme": "dark"}, "changes": {"color": "179, 77, 77"}},
            ],
            "dimostrazione": [{"changes": {"icon": "lucide-book-open", "color": "255, 187, 0"}}],
            "important": [{"changes": {"icon": "lucide-alert-triangle"}}],
            "index": [{"changes": {"color": "var(--accent)"}}],
        },
    },
}


def test_the_callout_manager_s_types_are_read_as_the_light_scheme_draws_them() -> None:
    """A vault's callouts styled by the Callout Manager plugin (`>[!dimostrazione]- …`, 30 of
    diegotty/obsidian_vault's notes) were drawn as notes, without their colours: each type is
    read as the light colour scheme leaves it (a change for no scheme, then one for the light),
    its icon ours where one stands for it; a colour that is not one is a warning at its type."""
    types, diags = parse_callout_manager_settings(settings_text(MANAGED))
    assert types.table() == {
        "tuff": AdmonitionType("tuff", "", (126, 68, 68), ""),
        "dimostrazione": AdmonitionType("dimostrazione", "", (255, 187, 0), "book"),
        "important": AdmonitionType("important", "", None, "warning"),
        "index": AdmonitionType("index", ""),
    }
    (diag,) = diags
    assert diag.code == "admonition-color" and diag.pos == FilePos(MANAGER_SHOWN_PATH, 50)
    assert "Callout Manager" in diag.message
    html = render_markdown(
        ">[!dimostrazione]- la correttezza\n> per induzione\n", admonitions=types
    ).html
    assert html.startswith('<details class="callout callout-note" data-callout="dimostrazione"')
    assert 'style="--c: rgb(255, 187, 0)"' in html


def test_the_admonition_plugin_s_type_wins_over_the_callout_manager_s(tmp_path: Path) -> None:
    for path, settings in ((ADMONITION_SETTINGS, VAULT), (CALLOUT_MANAGER_SETTINGS, MANAGED)):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(settings_text(settings), encoding="utf-8")
    types, diags = read_admonition_types(tmp_path)
    table = types.table()
    assert len(table) == 8 and len(diags) == 1
    assert table["important"].title == "Metadata" and table["tuff"].color == (126, 68, 68)
    assert parse_callout_manager_settings("[]") == (NO_TYPES, ())
    assert parse_callout_manager_settings("{,")[1][0].code == "admonition-settings"
