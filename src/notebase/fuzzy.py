"""The home of rapidfuzz: which of some names a misspelt one most likely meant.

rapidfuzz is imported by the first question asked (a broken link, an unknown front-matter key):
a build with neither never loads it."""

from __future__ import annotations

from collections.abc import Iterable


def one_slip_from(word: str, known: Iterable[str]) -> str | None:
    """The first of `known` that `word` is one slip off (a letter wrong, missing or added, or two
    next to each other swapped), or that it is; None when there is none."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    found = process.extractOne(word, list(known), scorer=OSA.distance, score_cutoff=1)
    return found[0] if found is not None else None
