"""The text of tokens and of rendered HTML: what search, excerpts and descriptions read."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape

from markdown_it.token import Token

from notebase.markdown.markers import strip_markers

_TAG = re.compile(r"<[^>]+>")
_BLOCK_TAG = re.compile(
    r"</?(?:p|li|ul|ol|div|br|h\d|blockquote|pre|tr|td|th|footer|section)\b[^>]*>"
)


def plain_text(tokens: list[Token]) -> str:
    parts: list[str] = []
    for token in tokens:
        if token.type == "inline":
            parts.append(inline_plain(token))
        elif token.type in ("fence", "code_block", "math_block"):
            parts.append(token.content)
    return "\n".join(p for p in parts if p)


_WORDS = frozenset(
    {"text", "code_inline", "math_inline", "math_inline_double", "wikilink", "placeholder"}
)
_BREAKS = frozenset({"softbreak", "hardbreak"})


def inline_plain(inline: Token, math: Callable[[str], str] = str) -> str:
    """The words of an inline run: its text, code, TeX (through `math`), wikilinks' labels and
    #tags; a line break is a space."""
    parts: list[str] = []
    for child in inline.children or ():
        kind = child.type
        if kind in _WORDS:
            parts.append(math(child.content) if kind.startswith("math") else child.content)
        elif kind == "hashtag":
            parts.append(f"#{child.content}")
        elif kind in _BREAKS:
            parts.append(" ")
    return "".join(parts)


# What a title's TeX reads as in plain text (a title is text wherever it is shown: <title>, cards,
# the graph): the Greek letters and the symbols notes put in titles; `\mathbf{X}` is X.
_GREEK = (
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
    "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi",
    "psi", "omega",
)  # fmt: skip
_TEX_SYMBOLS = {
    **{name: chr(0x3B1 + i + (i > 16)) for i, name in enumerate(_GREEK)},
    **{name.capitalize(): chr(0x391 + i + (i > 16)) for i, name in enumerate(_GREEK)},
    "varepsilon": "ε", "vartheta": "ϑ", "varphi": "φ", "ell": "ℓ", "infty": "∞", "cdot": "·",
    "times": "×", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "neq": "≠", "ne": "≠",
    "approx": "≈", "sim": "∼", "to": "→", "rightarrow": "→", "leftarrow": "←", "in": "∈",
    "sum": "∑", "prod": "∏", "int": "∫", "partial": "∂", "nabla": "∇", "pm": "±", "sqrt": "√",
    "log": "log", "exp": "exp", "max": "max", "min": "min", "mid": "|", "ldots": "…", "dots": "…",
}  # fmt: skip
_TEX_COMMAND = re.compile(r"\\([A-Za-z]+)")
_TEX_FRACTION = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_TEX_GROUP = re.compile(r"[{}]")


def readable_tex(tex: str) -> str:
    """A formula as text: `\\alpha` as α, `\\mathbf{x}` as x, other commands and braces left out
    (`Das $\\alpha$ Perzentil` is titled `Das α Perzentil`)."""
    text = _TEX_FRACTION.sub(r"\1/\2", tex)
    text = _TEX_COMMAND.sub(lambda m: _TEX_SYMBOLS.get(m.group(1), ""), text)
    return _TEX_GROUP.sub("", text).strip()


def html_to_text(html: str) -> str:
    """Visible text of rendered HTML: block boundaries become spaces, other tags vanish."""
    text = _BLOCK_TAG.sub(" ", strip_markers(html))
    return " ".join(unescape(_TAG.sub("", text)).split())


_ID = re.compile(r'\sid="[^"]*"')
_FOOTNOTE_REF = re.compile(r'<a href="#fn[^"]*"[^>]*>(.*?)</a>', re.S)
FOOTNOTES_START = '<section class="footnotes">\n'  # a body's footnote list, at its end (parser)
_FOOTNOTES = re.compile(f"{re.escape(FOOTNOTES_START)}.*?</section>\n?", re.S)


def quiet(html: str) -> str:
    """Embedded HTML without ids (the page has its own) or footnotes (they are the other note's)."""
    return _ID.sub("", _FOOTNOTE_REF.sub(r"\1", _FOOTNOTES.sub("", html)))


# a fence line of markdown source: up to three spaces, then three backticks or tildes or more
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def fence_after(line: str, fence: str) -> str:
    """The code fence open after a line of markdown source, `fence` being the one open before it
    ("": none): a fence line opens one; one of the same character, as long or longer, closes it."""
    opened = FENCE.match(line)
    if opened and (not fence or opened.group(1).startswith(fence)):
        return "" if fence else opened.group(1)
    return fence
