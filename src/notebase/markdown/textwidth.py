"""About how wide a line of text is drawn, for laying out pictures the build draws itself (a
canvas's cards, a flowchart's boxes) without a browser to measure it."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

# ems a character takes in DejaVu Sans (measured in Chromium, rounded up to a fiftieth), the sans
# face a page falls back on when the reader's system has no other; Arial, Roboto, Segoe UI and San
# Francisco draw most letters narrower, so a text measured so is seldom drawn wider
_WIDTHS = {
    ch: width
    for chars, width in (
        ("ijl'", 0.28),
        ("IJ", 0.3),
        (",. ", 0.32),
        ("/:;\\|", 0.34),
        ("f", 0.36),
        ("-", 0.38),
        ("rt()[]", 0.4),
        ("!", 0.42),
        ('"', 0.46),
        ("*_`", 0.5),
        ("sz?", 0.54),
        ("cL", 0.56),
        ("kF", 0.58),
        ("vxyT", 0.6),
        ("aeoPY", 0.62),
        ("0123456789bdghnpquES${}", 0.64),
        ("K", 0.66),
        ("BCRVXZ", 0.7),
        ("A", 0.72),
        ("U", 0.74),
        ("HN", 0.76),
        ("DG&", 0.78),
        ("OQ", 0.8),
        ("w", 0.82),
        ("#+<=>^~", 0.84),
        ("M", 0.88),
        ("%", 0.96),
        ("m", 0.98),
        ("W@", 1.0),
    )
    for ch in chars
}
OTHER = 0.64  # a character not in the table (an accented letter: as wide as its letter, about)


def char_width(ch: str, mono: bool = False) -> float:
    """About how wide a character is, in ems (of a monospace font when `mono`): a wide (CJK)
    one a whole em."""
    if unicodedata.east_asian_width(ch) in "WF":
        return 1.0
    if mono:
        return 0.62
    return _WIDTHS.get(ch, OTHER)


def ems(text: str, mono: bool = False) -> float:
    """About how wide a text is, in ems (char_width)."""
    return sum(char_width(ch, mono) for ch in text)


def wrapped(lines: Iterable[str], most: float) -> tuple[str, ...]:
    """The lines, each longer than `most` ems broken at its spaces (a longer word alone on its
    line)."""
    out: list[str] = []
    for line in lines:
        current = ""
        for word in line.split(" "):
            joined = f"{current} {word}" if current else word
            if current and ems(joined) > most:
                out.append(current)
                current = word
            else:
                current = joined
        out.append(current)
    return tuple(out)
