"""The home of rapidfuzz: which of some names a misspelt one most likely meant.

rapidfuzz is imported by the first question asked (a broken link, an unknown front-matter key):
a build with neither never loads it."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

CUTOFF = 0.6  # how alike a broken link and a name must be for the name to be suggested
SLACK = 1e-6  # rapidfuzz's ratio is a float worked out otherwise: a bound taken this much looser


def closest_name(wanted: str, names: Iterable[str]) -> str | None:
    """difflib.get_close_matches(wanted, names, n=1, cutoff=CUTOFF), sooner. difflib's ratio is
    twice the characters of its matching blocks (a common subsequence) over both lengths, so
    rapidfuzz's Indel ratio (twice the longest common subsequence over both lengths), worked out
    for every name at once in compiled code, is never below it: ratio() (the costly part) is worked
    out from the likeliest name down, until no name left can beat the best found."""
    from rapidfuzz import fuzz, process

    scores = process.extract(
        wanted, list(names), scorer=fuzz.ratio, score_cutoff=100 * CUTOFF - SLACK, limit=None
    )
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(wanted)
    best: tuple[float, str] | None = None
    for bound, name in sorted(((score / 100, name) for name, score, _ in scores), reverse=True):
        if best is not None and bound < best[0] - SLACK:
            break
        matcher.set_seq1(name)
        if (ratio := matcher.ratio()) >= CUTOFF and (best is None or (ratio, name) > best):
            best = (ratio, name)
    return best[1] if best is not None else None


def one_slip_from(word: str, known: Iterable[str]) -> str | None:
    """The first of `known` that `word` is one slip off (a letter wrong, missing or added, or two
    next to each other swapped), or that it is; None when there is none."""
    from rapidfuzz.distance import OSA

    slips = ((OSA.distance(word, name, score_cutoff=1), name) for name in known)
    return min((slip for slip in slips if slip[0] <= 1), default=(0, None), key=lambda s: s[0])[1]
