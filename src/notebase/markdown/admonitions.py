"""The custom types of the Admonition plugin (a vault's own callout types, each with a title, a
colour and an icon), as the parse draws them: read from the vault's settings by
reading/admonitions.py, carried in the Config, handed to each note's parse in its env.

What reaches a page from them is only what was validated: a colour of three integers 0-255 and
an icon of ours (inline SVG drawn here, no icon font and no remote asset), chosen by the name of
the plugin's icon when one of ours stands for it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from notebase.digests import digest_value
from notebase.markdown.highlight import parse_hex

# "r, g, b" (the plugin's), `rgb(r, g, b)` (or spaced: `rgb(r g b)`), `#rrggbb` and `#rgb`
_TRIPLE = re.compile(r"(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})", re.A)  # ASCII digits
_RGB = re.compile(r"rgb\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*\)", re.I | re.A)
_HEX = re.compile(r"#(?:[0-9a-f]{6}|[0-9a-f]{3})", re.I)
COLOR_HINT_START = "write the colour as the plugin does, three numbers 0-255"


def parse_color(written: str) -> tuple[int, int, int] | None:
    """Three integers 0-255 from "r, g, b", `rgb(r, g, b)`, `#rrggbb` or `#rgb`; None for
    anything else (no name, no variable, no number out of range)."""
    written = written.strip()
    if _HEX.fullmatch(written):
        return parse_hex(written)
    parts = _TRIPLE.fullmatch(written) or _RGB.fullmatch(written)
    if parts is None:
        return None
    red, green, blue = (int(part) for part in parts.groups())
    if max(red, green, blue) > 255:
        return None
    return red, green, blue


def color_style(color: tuple[int, int, int]) -> str:
    """A callout's style attribute value for a colour: only integers reach it."""
    red, green, blue = (int(part) for part in color)
    return f"--c: rgb({red}, {green}, {blue})"


@dataclass(frozen=True, slots=True)
class AdmonitionType:
    """One custom type: its name (lowercase, as `ad-name` and `[!name]` write it), the title an
    ```ad- block of it shows when it gives none, its colour, our icon for it ("" for none), and
    whether the block shows no title bar unless it gives a title (the plugin's noTitle)."""

    name: str
    title: str = ""
    color: tuple[int, int, int] | None = None
    icon: str = ""
    no_title: bool = False

    def style(self) -> str:
        """The callout's style attribute value ("" without a colour)."""
        return color_style(self.color) if self.color is not None else ""


@dataclass(frozen=True, slots=True)
class AdmonitionTypes:
    """A vault's custom types, by name order, and a digest of them ('' for none): part of the key
    of every note's parse, as the TeX macros' digest is."""

    types: tuple[AdmonitionType, ...] = ()
    digest: str = ""

    def table(self) -> dict[str, AdmonitionType]:
        return {kind.name: kind for kind in self.types}


NO_TYPES = AdmonitionTypes()


def admonition_types(types: tuple[AdmonitionType, ...]) -> AdmonitionTypes:
    ordered = tuple(sorted(types, key=lambda kind: kind.name))
    return AdmonitionTypes(ordered, digest_value(ordered) if ordered else "")


# Our icons (24×24, stroked in the callout's colour, as the theme's other icons are), by name.
ICONS = {
    "info": '<circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7v1"/>',
    "warning": '<path d="M12 3 2 21h20z"/><path d="M12 10v5M12 18v1"/>',
    "check": '<circle cx="12" cy="12" r="9"/><path d="m8 12 3 3 5-6"/>',
    "question": '<circle cx="12" cy="12" r="9"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3'
    'c-.6.3-1 .8-1 1.5v.7M12 17v1"/>',
    "lightbulb": '<path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9V16h7v-2.1A6 6 0 0 0 12 3z"/>',
    "pencil": '<path d="M4 20l1-4L16 5l3 3L8 19zM14 7l3 3"/>',
    "book": '<path d="M3 5h6a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H3zM21 5h-6a3 3 0 0 0-3 3v12a2 2 0 0 1'
    ' 2-2h7z"/>',
    "quote": '<path d="M4 18c3 0 5-2 5-6V6H4v6h5M15 18c3 0 5-2 5-6V6h-5v6h5"/>',
    "star": '<path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2'
    ' 6.1-.8z"/>',
}
# The plugin's icon names (Font Awesome's, Lucide's as Obsidian names them, Octicons') that one
# of ours stands for; any other icon is drawn as none.
ICON_NAMES = {
    **dict.fromkeys(("info", "info-circle", "circle-info"), "info"),
    **dict.fromkeys(
        ("exclamation-triangle", "triangle-exclamation", "alert-triangle", "alert", "warning"),
        "warning",
    ),
    **dict.fromkeys(
        ("check", "check-circle", "circle-check", "check-circle-2", "check-square"), "check"
    ),
    **dict.fromkeys(("question", "question-circle", "circle-question", "help-circle"), "question"),
    **dict.fromkeys(("lightbulb", "light-bulb"), "lightbulb"),
    **dict.fromkeys(
        ("pencil", "pencil-alt", "pencil-line", "pen", "edit", "pen-to-square"), "pencil"
    ),
    **dict.fromkeys(("book", "book-open"), "book"),
    **dict.fromkeys(("quote", "quote-left", "quote-right", "quote-glyph"), "quote"),
    "star": "star",
}


def our_icon(name: str) -> str:
    """The name of our icon for a plugin icon name (`lucide-pencil-line`, `fa-book`, `info`), or
    for Font Awesome's classes as notes write them (`fas fa-lightbulb`, `fa-solid fa-star`): the
    first word one of ours stands for; '' when none does."""
    for word in name.lower().split():
        ours = ICON_NAMES.get(word.removeprefix("lucide-").removeprefix("fa-"))
        if ours:
            return ours
    return ""


def icon_svg(icon: str) -> str:
    """Our icon's inline SVG ('' for a name that is not ours)."""
    shapes = ICONS.get(icon)
    if shapes is None:
        return ""
    return f'<svg class="icon callout-icon" viewBox="0 0 24 24" aria-hidden="true">{shapes}</svg>'
