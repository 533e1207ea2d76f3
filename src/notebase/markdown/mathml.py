"""The home of latex2mathml: $…$ and $$…$$ converted to MathML at build time (no JavaScript)."""

from __future__ import annotations

from html import escape

from latex2mathml.converter import convert


def tex_to_mathml(tex: str, display: bool) -> str | None:
    """MathML for a TeX formula, or None when it cannot be converted."""
    try:
        return str(convert(tex, display="block" if display else "inline"))
    except Exception:
        return None


def tex_fallback(tex: str, display: bool) -> str:
    tag = "pre" if display else "code"
    return f'<{tag} class="math-error" title="formula could not be converted">{escape(tex)}</{tag}>'
