"""The home of Pygments: code fences highlighted at build time with CSS classes, and the theme CSS."""

from __future__ import annotations

from functools import lru_cache
from html import escape

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

LIGHT_STYLE = "friendly"
DARK_STYLE = "github-dark"


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


def pygments_css() -> str:
    """Token colours for light mode, and for dark mode under prefers-color-scheme."""
    light = HtmlFormatter(style=LIGHT_STYLE).get_style_defs(".highlight")  # type: ignore[no-untyped-call]
    dark = HtmlFormatter(style=DARK_STYLE).get_style_defs(".highlight")  # type: ignore[no-untyped-call]
    dark_block = "\n".join("  " + line for line in dark.splitlines())
    return f"{light}\n@media (prefers-color-scheme: dark) {{\n{dark_block}\n}}\n"
