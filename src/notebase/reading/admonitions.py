"""The Admonition plugin's custom types, read from a vault's settings
(.obsidian/plugins/obsidian-admonition/data.json, its `userAdmonitions`: type name -> {type,
title, icon {type, name}, color "r, g, b", noTitle, injectColor, ...}), once per build, when the
config is loaded; and the callout types the Callout Manager plugin styles
(.obsidian/plugins/callout-manager/data.json, its `callouts.settings`: type name -> a list of
{condition?, changes {color, icon}}), read as types of a colour and an icon (the Admonition
plugin's win where both name one).

The file is the vault's, and its values untrusted: a colour is kept only as three integers 0-255
(written "r, g, b" as the plugin writes it, or `#rrggbb`, `#rgb`, `rgb(r, g, b)`, which vaults
hold too); any other is a warning at its line, and the type is drawn without it. A type whose name
a note cannot write (`ad-name`, `[!name]`), or that is no object, is left out with a warning. A
file that is no JSON is a warning; no file, no types.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.markdown.admonitions import (
    COLOR_HINT_START,
    NO_TYPES,
    AdmonitionType,
    AdmonitionTypes,
    admonition_types,
    our_icon,
    parse_color,
)
from notebase.reading.vaultjson import NotJson, parse_json, settings_text

ADMONITION_SETTINGS = ".obsidian/plugins/obsidian-admonition/data.json"
SHOWN_PATH = f"notes/{ADMONITION_SETTINGS}"
CALLOUT_MANAGER_SETTINGS = ".obsidian/plugins/callout-manager/data.json"
MANAGER_SHOWN_PATH = f"notes/{CALLOUT_MANAGER_SETTINGS}"
# the conditions of a Callout Manager change the site's (light) pages meet: none, or light colours
_LIGHT = (None, {"colorScheme": "light"})
# a name both `ad-name` (a fence's info string) and `[!name]` (a callout's marker) can write
_TYPE_NAME = re.compile(r"[^\s`\[\]|]+")
COLOR_HINT = f'{COLOR_HINT_START}: "color": "68, 138, 255"'
MANAGER = "Callout Manager"


def read_admonition_types(notes: Path) -> tuple[AdmonitionTypes, tuple[Diagnostic, ...]]:
    """The custom types of the vault at `notes` (none without either plugin's settings file),
    with the warnings their settings give."""
    text = settings_text(notes / ADMONITION_SETTINGS)
    ours, said = (NO_TYPES, ()) if text is None else parse_admonition_settings(text)
    text = settings_text(notes / CALLOUT_MANAGER_SETTINGS)
    managed, told = (NO_TYPES, ()) if text is None else parse_callout_manager_settings(text)
    types = {kind.name: kind for kind in (*managed.types, *ours.types)}  # (the Admonition's win)
    return admonition_types(tuple(types.values())), (*said, *told)


def parse_callout_manager_settings(
    text: str, shown: str = MANAGER_SHOWN_PATH
) -> tuple[AdmonitionTypes, tuple[Diagnostic, ...]]:
    """The callout types a Callout Manager data.json styles, with warnings (at `shown`)."""
    settings = parse_json(text)
    if isinstance(settings, NotJson):
        return NO_TYPES, (unreadable(settings.why, FilePos(shown, settings.line), MANAGER),)
    callouts = settings.get("callouts") if isinstance(settings, dict) else None
    styled = callouts.get("settings") if isinstance(callouts, dict) else None
    if not isinstance(styled, dict):
        return NO_TYPES, ()
    found: list[AdmonitionType] = []
    diags: list[Diagnostic] = []
    settings_at = text.find('"settings"')  # (a custom type is named in a list above it too)
    for name, changes in styled.items():
        at = text.find(f"{json.dumps(name)}:", settings_at)
        pos = FilePos(shown, line_at(text, at))
        made, problems = managed_type(str(name), changes, pos, text, at)
        found += [made] if made is not None else []
        diags += problems
    return admonition_types(tuple(found)), tuple(diags)


def managed_type(
    name: str, changes: object, pos: FilePos, text: str, at: int
) -> tuple[AdmonitionType | None, list[Diagnostic]]:
    """One type Callout Manager styles (written at `at` in the file's `text`): its colour and
    icon, as its changes for the light colour scheme leave them (in order: a later change wins);
    None when a note cannot name it."""
    kind = name.strip().lower()
    if not _TYPE_NAME.fullmatch(kind) or not isinstance(changes, list):
        shape = "no list of changes" if _TYPE_NAME.fullmatch(kind) else ""
        return None, [left_out_type(name, shape, MANAGER, "`[!name]` callouts", pos)]
    look: dict[str, object] = {}
    for change in changes:
        made = change.get("changes") if isinstance(change, dict) else None
        if isinstance(made, dict) and change.get("condition") in _LIGHT:
            look |= made
    color, problems = type_color(kind, look.get("color"), pos, text, at, MANAGER)
    icon = look.get("icon")
    return AdmonitionType(
        kind, "", color, our_icon(icon) if isinstance(icon, str) else ""
    ), problems


def left_out_type(
    name: str, wrong_shape: str, plugin: str, written_by: str, pos: FilePos
) -> Diagnostic:
    """The warning that a plugin's custom type is left out: its entry is `wrong_shape` (what it
    is where it should be another thing), or ('') its name is none a note can write."""
    why = wrong_shape or "a name a note cannot write"
    message = f"the {plugin} type {name!r} is left out: it is {why}"
    hint = f"name it in letters, digits and dashes, as {written_by} write it"
    return warning("admonition-type", message, pos, hint)


def parse_admonition_settings(
    text: str, shown: str = SHOWN_PATH
) -> tuple[AdmonitionTypes, tuple[Diagnostic, ...]]:
    """The custom types the text of a data.json declares, with warnings (at `shown`, its path)."""
    settings = parse_json(text)
    if isinstance(settings, NotJson):
        return NO_TYPES, (unreadable(settings.why, FilePos(shown, settings.line)),)
    if not isinstance(settings, dict) or not isinstance(settings.get("userAdmonitions"), dict):
        return NO_TYPES, ()
    declared = settings["userAdmonitions"]
    colored = settings.get("injectColor") is not False  # the plugin's own switch, for every type
    found: dict[str, AdmonitionType] = {}
    diags: list[Diagnostic] = []
    for name, entry in declared.items():
        at = text.find(json.dumps(name))  # where its entry is written (-1: spelt with escapes)
        pos = FilePos(shown, line_at(text, at))
        made, problems = admonition_type(str(name), entry, colored, pos, text, at)
        diags += problems
        if made is not None:
            found[made.name] = made
    return admonition_types(tuple(found.values())), tuple(diags)


def admonition_type(
    name: str, entry: object, colored: bool, pos: FilePos, text: str, at: int
) -> tuple[AdmonitionType | None, list[Diagnostic]]:
    """One declared type (None when it cannot be one), with the warnings it gives (its entry
    written at `at` in the file's `text`, -1 for nowhere found)."""
    kind = name.strip().lower()
    if not _TYPE_NAME.fullmatch(kind) or not isinstance(entry, dict):
        shape = "no object" if _TYPE_NAME.fullmatch(kind) else ""
        return None, [left_out_type(name, shape, "Admonition", "`ad-name` blocks", pos)]
    title = entry.get("title")
    icon = entry.get("icon")
    icon_name = icon.get("name") if isinstance(icon, dict) and icon.get("type") != "image" else ""
    color, problems = type_color(kind, entry.get("color"), pos, text, at)
    if entry.get("injectColor") is False or not colored:
        color = None  # the plugin leaves the colour to the vault's CSS: the site's own then
    made = AdmonitionType(
        kind,
        title.strip() if isinstance(title, str) else "",
        color,
        our_icon(icon_name) if isinstance(icon_name, str) else "",
        entry.get("noTitle") is True,
    )
    return made, problems


def type_color(
    kind: str, written: object, pos: FilePos, text: str, at: int, plugin: str = "Admonition"
) -> tuple[tuple[int, int, int] | None, list[Diagnostic]]:
    """A type's colour as three integers 0-255; None, with a warning at the colour's line, for
    one that is not a colour so written (none for a type that gives no colour)."""
    if written is None or written == "":
        return None, []
    color = parse_color(written) if isinstance(written, str) else None
    if color is not None:
        return color, []
    shown = json.dumps(written)[:40]
    written_at = text.find(f'"color": {json.dumps(written)}', at) if at >= 0 else -1
    line = line_at(text, written_at) or pos.line  # spaced otherwise: the type's line
    message = f"the {plugin} type {kind!r} has a colour that is not one: {shown}"
    return None, [warning("admonition-color", message, FilePos(pos.path, line), COLOR_HINT)]


def line_at(text: str, at: int) -> int:
    """The 1-based line of `text` offset `at` is on; 0 for -1 (written nowhere)."""
    return text.count("\n", 0, at) + 1 if at >= 0 else 0


def unreadable(why: str, pos: FilePos, plugin: str = "Admonition") -> Diagnostic:
    message = f"the {plugin} plugin's settings cannot be read: {why}; its custom types are not used"
    hint = f"let Obsidian write the file again (change any {plugin} setting), or fix the JSON"
    return warning("admonition-settings", message, pos, hint)
