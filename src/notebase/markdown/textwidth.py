"""About how wide a line of text is drawn, for laying out pictures the build draws itself (a
canvas's cards, a flowchart's boxes) without a browser to measure it."""

from __future__ import annotations

import unicodedata


def char_width(ch: str, mono: bool = False) -> float:
    """About how wide a character is, in ems (of a monospace font when `mono`): a wide (CJK)
    one a whole em."""
    if unicodedata.east_asian_width(ch) in "WF":
        return 1.0
    if mono:
        return 0.62
    return 0.3 if ch in " il.,:;'!|" else 0.56


def ems(text: str, mono: bool = False) -> float:
    """About how wide a text is, in ems (char_width)."""
    return sum(char_width(ch, mono) for ch in text)
