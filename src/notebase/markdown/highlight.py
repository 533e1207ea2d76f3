"""The home of Pygments: code fences highlighted at build time with CSS classes, and the theme CSS."""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.style import Style
from pygments.styles import get_style_by_name
from pygments.util import ClassNotFound

LIGHT_STYLE = "friendly"
DARK_STYLE = "github-dark"
MIN_CONTRAST = 4.5  # WCAG AA for normal text
_COLOUR = re.compile(r"(?<![:\w])#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
_BACKGROUND = re.compile(r"\bbg:(#[0-9a-fA-F]{3,6})\b")


@lru_cache(maxsize=256)
def find_lexer(lang: str) -> Lexer | None:
    try:
        return get_lexer_by_name(lang, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None


@lru_cache(maxsize=1)
def code_formatter() -> HtmlFormatter[str]:
    """One formatter for every block: making one builds a whole style sheet."""
    return HtmlFormatter(nowrap=True)


def highlight_code(code: str, lang: str, _attrs: str) -> str:
    """markdown-it's `highlight` option: a whole <pre> block, highlighted when the language is known."""
    name = lang.strip().split(maxsplit=1)[0].lower() if lang.strip() else ""
    lexer = find_lexer(name) if name else None
    body = highlight(code, lexer, code_formatter()) if lexer else escape(code, quote=False)
    cls = f' class="language-{escape(name)}"' if name else ""
    return f'<pre class="highlight"><code{cls}>{body}</code></pre>\n'


@lru_cache(maxsize=1)  # the same text for the whole process: made once, not on every rebuild
def pygments_css() -> str:
    """Token colours for light mode, and for dark mode: under prefers-color-scheme unless the
    theme toggle chose light (<html data-theme="light">), and whenever it chose dark."""
    light = HtmlFormatter(style=readable_style(LIGHT_STYLE)).get_style_defs(".highlight")  # type: ignore[no-untyped-call]
    dark = HtmlFormatter(style=readable_style(DARK_STYLE))
    system = dark.get_style_defs(':root:not([data-theme="light"]) .highlight')  # type: ignore[no-untyped-call]
    chosen = dark.get_style_defs(':root[data-theme="dark"] .highlight')  # type: ignore[no-untyped-call]
    system_block = "\n".join("  " + line for line in system.splitlines())
    return f"{light}\n@media (prefers-color-scheme: dark) {{\n{system_block}\n}}\n{chosen}\n"


def readable_style(name: str) -> type[Style]:
    """A Pygments style whose token colours are darkened (or, on a dark background, lightened)
    just enough to reach MIN_CONTRAST against the background they are drawn on."""
    base = get_style_by_name(name)
    styles = {
        token: readable_definition(definition, base.background_color)
        for token, definition in base.styles.items()
    }
    return type(f"Readable{base.__name__}", (base,), {"styles": styles})


def readable_definition(definition: str, background: str) -> str:
    """One style string ("italic #60a0b0 bg:#fff0f0") with its colour made readable."""
    own = _BACKGROUND.search(definition)
    under = own.group(1) if own else background
    return _COLOUR.sub(lambda m: readable_colour(m.group(0), under), definition)


def readable_colour(colour: str, background: str) -> str:
    """`colour` moved towards black or white in small steps until it reads on `background`."""
    rgb, bg = parse_hex(colour), parse_hex(background)
    target = 0.0 if luminance(bg) > 0.5 else 255.0
    for step in range(21):
        mixed = tuple(round(c + (target - c) * step / 20) for c in rgb)
        if contrast(mixed, bg) >= MIN_CONTRAST:
            return "#{:02x}{:02x}{:02x}".format(*mixed)
    return colour


def parse_hex(colour: str) -> tuple[int, ...]:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return tuple(int(digits[i : i + 2], 16) for i in (0, 2, 4))


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG relative luminance of an sRGB colour."""
    srgb = [c / 255 for c in rgb]
    linear = [s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4 for s in srgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
