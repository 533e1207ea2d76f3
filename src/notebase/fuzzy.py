"""The home of rapidfuzz: which of some names a misspelt one most likely meant.

rapidfuzz is imported by the first question asked (a broken link, an unknown front-matter key):
a build with neither never loads it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def one_slip_from(word: str, known: Iterable[str]) -> str | None:
    """The first of `known` that `word` is one slip off (a letter wrong, missing or added, or two
    next to each other swapped), or that it is; None when there is none."""
    names = list(known)
    found = closest_within_one(word, names)
    return names[found[1]] if found is not None else None


def closest_within_one(word: str, known: Sequence[str]) -> tuple[int, int] | None:
    """(slips, index) of the first of `known` closest to `word` if it is one slip off or equal
    (as one_slip_from measures); None when none is."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    found = process.extractOne(word, known, scorer=OSA.distance, score_cutoff=1)
    return (int(found[1]), int(found[2])) if found is not None else None
