"""TeX read as text: where a `{…}` group ends (the math, mhchem and macro modules read groups so)."""

from __future__ import annotations


def matching_brace(tex: str, end: int) -> int:
    """Where the group opened just before `end` closes (just after its `}`); -1 if it does not."""
    depth = 1
    while end < len(tex) and depth:
        depth += {"{": 1, "}": -1}.get(tex[end], 0) if tex[end - 1] != "\\" else 0
        end += 1
    return -1 if depth else end
