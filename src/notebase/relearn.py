"""RelatedState + the entries now -> RelatedState: the last related entries brought up to date.

The state equals what compute_related makes of the same entries, but only what the changed entries
can reach is redone: their document frequencies; the vectors whose words or tags got a new idf that
can change them; the postings of features whose holders changed; the entries searching those.
Entries added, removed or reordered (a new title or date) are computed afresh.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from notebase.model import Entry, NoteWords
from notebase.related import (
    Base,
    Postings,
    RelatedState,
    Weighed,
    compute_related,
    entry_base,
    idf_of,
    score_entry,
    strongest,
    weigh_entry,
)
from notebase.words import read_counts, read_words

_last: RelatedState | None = None  # what the last build computed (serve rebuilds after each save)


def related_state(entries: Sequence[Entry]) -> RelatedState:
    """compute_related(entries), reusing the last build's computation where it still holds."""
    global _last
    last = _last
    same_order = last is not None and last.slugs == tuple(e.slug for e in entries)
    state = relearn(last, entries) if last is not None and same_order else compute_related(entries)
    _last = state
    return state


def relearn(last: RelatedState, entries: Sequence[Entry]) -> RelatedState:
    """`last` updated for entries with the same slugs in the same order (a state is never changed:
    what changes is copied)."""
    new = [
        i
        for i, (now, then) in enumerate(zip(entries, last.entries, strict=True))
        if now is not then
    ]
    bases, notes = list(last.bases), list(last.notes)
    for i in new:
        bases[i], notes[i] = entry_base(entries[i]), entries[i].words
    changed = [i for i in new if bases[i] != last.bases[i] or notes[i] != last.notes[i]]
    if not changed:
        return replace(last, entries=tuple(entries)) if new else last
    df, idf, moved = recount(last, changed, bases, notes)
    weighed = list(last.weighed)
    redo = sorted(set(changed) | reached(last.weighed, moved, bases, notes, idf))
    for j in redo:
        weighed[j] = weigh_entry(bases[j], read_words(notes[j]), read_counts(notes[j]), idf)
    reweighed = [j for j in redo if weighed[j].vector != last.weighed[j].vector]
    holders, dirty = move_holders(last.holders, reweighed, last.weighed, weighed)
    postings, reposted = repost(last.postings, holders, dirty)
    searchers = move_searchers(last.searchers, reweighed, last.weighed, weighed)
    rescore = set(reweighed).union(*(searchers.get(f, ()) for f in reposted))
    related = list(last.related)
    for i in rescore:
        related[i] = score_entry(i, weighed[i].searched, postings, last.slugs)
    return RelatedState(
        tuple(entries),
        last.slugs,
        bases,
        notes,
        df,
        idf,
        weighed,
        holders,
        postings,
        searchers,
        related,
    )


def features_of(base: Base, note: NoteWords) -> set[str]:
    return {f for f, _ in base} | set(read_words(note))


def recount(
    last: RelatedState, changed: Iterable[int], bases: Sequence[Base], notes: Sequence[NoteWords]
) -> tuple[Counter[str], dict[str, float], set[str]]:
    """The new document frequencies and idf, and the features whose idf changed."""
    df = Counter(last.df)
    touched: set[str] = set()
    for i in changed:
        old, new = features_of(last.bases[i], last.notes[i]), features_of(bases[i], notes[i])
        df.subtract(old - new)
        df.update(new - old)
        touched |= old ^ new
    idf = dict(last.idf)
    moved = set()
    for f in touched:
        if df[f] <= 0:
            del df[f]
        weight = idf_of(f, df[f], len(bases))
        if weight != last.idf.get(f):
            moved.add(f)
            if weight is None:
                del idf[f]
            else:
                idf[f] = weight
    return df, idf, moved


def reached(
    weighed: Sequence[Weighed],
    moved: set[str],
    bases: Sequence[Base],
    notes: Sequence[NoteWords],
    idf: dict[str, float],
) -> set[int]:
    """The entries whose vector a new idf of the `moved` features can change: every holder of a
    moved source or tag; a holder of a moved word when the word is, or now gets, among its
    candidates."""
    tags = {f for f in moved if f[1:2] == ":"}
    hits = {j for j, base in enumerate(bases) if any(f in tags for f, _ in base)} if tags else set()
    texts = [note.words for note in notes]
    for word in moved - tags:
        needle = f" {word} "
        for j in (j for j, text in enumerate(texts) if needle in text):
            place = texts[j].count(" ", 0, texts[j].find(needle))
            weight = read_counts(notes[j])[place] * idf.get(word, 0.0)
            if may_change(weighed[j], word, weight):
                hits.add(j)
    return hits


def may_change(weighed: Weighed, word: str, weight: float) -> bool:
    """Whether a word's new weight can change an entry's candidates (so its vector)."""
    if f" {word} " in weighed.candidates:
        return True
    return weight > 0 and (weighed.floor is None or (weight, word) > weighed.floor)


def move_holders(
    holders: dict[str, dict[int, float]],
    reweighed: Iterable[int],
    before: Sequence[Weighed],
    after: Sequence[Weighed],
) -> tuple[dict[str, dict[int, float]], set[str]]:
    """The holders of each feature after some vectors changed, and the features whose changed."""
    moved = dict(holders)
    dirty: set[str] = set()
    for j in reweighed:
        old, new = before[j].vector, after[j].vector
        for f in old.keys() | new.keys():
            if old.get(f) == new.get(f):
                continue
            if f not in dirty:
                moved[f] = dict(moved.get(f, {}))
                dirty.add(f)
            if f in new:
                moved[f][j] = new[f]
            else:
                del moved[f][j]
    for f in dirty:
        if not moved[f]:
            del moved[f]
    return moved, dirty


def repost(
    postings: Postings, holders: dict[str, dict[int, float]], dirty: Iterable[str]
) -> tuple[Postings, set[str]]:
    """The postings after some holders changed, and the features whose postings changed."""
    new = dict(postings)
    reposted = set()
    for f in dirty:
        found = holders.get(f, {})
        strong = strongest(found) if len(found) > 1 else None
        if strong != postings.get(f):
            reposted.add(f)
            if strong is None:
                new.pop(f, None)
            else:
                new[f] = strong
    return new, reposted


def move_searchers(
    searchers: dict[str, set[int]],
    reweighed: Iterable[int],
    before: Sequence[Weighed],
    after: Sequence[Weighed],
) -> dict[str, set[int]]:
    moved = dict(searchers)
    copied: set[str] = set()
    for j in reweighed:
        old = {f for f, _ in before[j].searched}
        new = {f for f, _ in after[j].searched}
        for f in old ^ new:
            if f not in copied:
                moved[f] = set(moved.get(f, ()))
                copied.add(f)
            moved[f].symmetric_difference_update((j,))
    for f in copied:
        if not moved[f]:
            del moved[f]
    return moved
