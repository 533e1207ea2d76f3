"""RelatedState + the entries now -> RelatedState: the last related entries brought up to date.

The state equals what compute_related makes of the same entries, but only what the changed entries
can reach is redone: their document frequencies; the vectors whose words or tags got a new idf that
can change them; the postings of features whose holders changed; the entries searching those.
Entries added, removed or reordered (a new title or date) are computed afresh.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from notebase.linking.related import (
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
from notebase.model import Entry, NoteWords
from notebase.reading.notewords import read_counts, read_words

V = TypeVar("V")


def related_state(entries: Sequence[Entry], last: RelatedState | None) -> RelatedState:
    """compute_related(entries), reusing `last` (what the
    last build computed, handed over by the build's memo) where it still holds. `last` is used
    up: its tables are updated in place."""
    if last is not None and last.slugs == tuple(e.slug for e in entries):
        return relearn(last, entries)
    return compute_related(entries)


def relearn(last: RelatedState, entries: Sequence[Entry]) -> RelatedState:
    """`last` updated for entries with the same slugs in the same order. Its tables are updated in
    place (copying them would cost more than the update), so `last` is used up."""
    new = [
        i
        for i, (now, then) in enumerate(zip(entries, last.keys, strict=True))
        if not now.content_key or now.content_key != then
    ]
    if not new:
        return last
    return relearn_some(last, {i: entries[i] for i in new})


def relearn_some(last: RelatedState, new: Mapping[int, Entry]) -> RelatedState:
    """`last` updated for the entries at these places, now `new` (the others, the slugs and the
    order as they were). Its tables are updated in place, so `last` is used up."""
    bases, notes = last.bases, last.notes
    old = {i: (bases[i], notes[i]) for i in new}
    for i, entry in new.items():
        bases[i], notes[i] = entry_base(entry), entry.words
    changed = [i for i in new if (bases[i], notes[i]) != old[i]]
    keys = list(last.keys)
    for i, entry in new.items():
        keys[i] = entry.content_key
    state = replace(last, keys=tuple(keys))
    if not changed:
        return state
    moved = recount(last.df, last.idf, len(bases), [(*old[i], bases[i], notes[i]) for i in changed])
    weighed = last.weighed
    redo = sorted(set(changed) | reached(weighed, moved, bases, notes, last.idf))
    before = {j: weighed[j] for j in redo}
    for j in redo:
        weighed[j] = weigh_entry(bases[j], read_words(notes[j]), read_counts(notes[j]), last.idf)
    reweighed = {j: w for j, w in before.items() if weighed[j].vector != w.vector}
    dirty = move_holders(last.holders, reweighed, weighed)
    reposted = repost(last.postings, last.holders, dirty)
    move_searchers(last.searchers, reweighed, weighed)
    rescore = set(reweighed).union(*(last.searchers.get(f, ()) for f in reposted))
    for i in rescore:
        last.related[i] = score_entry(i, weighed[i].searched, last.postings, last.slugs)
    return state


def features_of(base: Base, note: NoteWords) -> set[str]:
    return {f for f, _ in base} | set(read_words(note))


def recount(
    df: Counter[str],
    idf: dict[str, float],
    entries: int,
    changes: Iterable[tuple[Base, NoteWords, Base, NoteWords]],
) -> set[str]:
    """Update the document frequencies and idf for entries' (old base, words, new base, words);
    the features whose idf changed."""
    touched: set[str] = set()
    for old_base, old_note, new_base, new_note in changes:
        old, new = features_of(old_base, old_note), features_of(new_base, new_note)
        df.subtract(old - new)
        df.update(new - old)
        touched |= old ^ new
    moved = set()
    for f in touched:
        if df[f] <= 0:
            del df[f]
        if put(idf, f, idf_of(f, df[f], entries)):
            moved.add(f)
    return moved


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
    holders: dict[str, dict[int, float]], before: dict[int, Weighed], after: Sequence[Weighed]
) -> set[str]:
    """Update the holders of each feature for the entries whose vector changed (from `before`);
    the features whose holders changed."""
    dirty: set[str] = set()
    for j, was in before.items():
        old, new = was.vector, after[j].vector
        for f in old.keys() | new.keys():
            if old.get(f) == new.get(f):
                continue
            dirty.add(f)
            if f in new:
                holders.setdefault(f, {})[j] = new[f]
            else:
                del holders[f][j]
    for f in dirty:
        if not holders[f]:
            del holders[f]
    return dirty


def repost(
    postings: Postings, holders: dict[str, dict[int, float]], dirty: Iterable[str]
) -> set[str]:
    """Update the postings of the features whose holders changed; those whose postings changed."""
    reposted = set()
    for f in dirty:
        found = holders.get(f, {})
        if put(postings, f, strongest(found) if len(found) > 1 else None):
            reposted.add(f)
    return reposted


def put(table: dict[str, V], key: str, value: V | None) -> bool:
    """Set table[key], or remove it for None; whether that changed the table."""
    if value == table.get(key):
        return False
    if value is None:
        del table[key]
    else:
        table[key] = value
    return True


def move_searchers(
    searchers: dict[str, set[int]], before: dict[int, Weighed], after: Sequence[Weighed]
) -> None:
    """Update which entries search each feature, for the entries whose vector changed."""
    for j, was in before.items():
        old = {f for f, _ in was.searched}
        new = {f for f, _ in after[j].searched}
        for f in old - new:
            searchers[f].discard(j)
            if not searchers[f]:
                del searchers[f]
        for f in new - old:
            searchers.setdefault(f, set()).add(j)
