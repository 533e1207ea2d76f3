"""Entries -> related entries: shared sources, shared tags and shared distinctive words (pure).

Each entry is a sparse vector of weighted features (its sources, its tags and its most distinctive
words by tf-idf), normalised to unit length; two entries are as related as the dot product of their
vectors. Candidates come from an inverted index whose lists keep only the strongest holders of each
feature, so the work per entry is bounded and 10,000 notes need no all-pairs comparison.

What one build computes is kept for the next (RelatedState); builder/related_update.py brings it up to date with
the entries that changed, so a rebuild after one edit redoes only what that edit can reach.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import itemgetter, mul

from notebase.model import Entry, NoteWords
from notebase.reading.notewords import read_counts, read_words
from notebase.reading.sourcerefs import entry_sources
from notebase.records import fast_pickling

RELATED = 5  # shown per entry
TOP_TERMS = 16  # distinctive words kept per entry
POSTINGS = 16  # strongest holders kept per feature
SEARCHED = 12  # an entry's strongest features whose holders are scored
SOURCE_WEIGHT, TAG_WEIGHT, TERM_WEIGHT = 2.0, 1.0, 1.0
MIN_WORD = 3
STOPWORDS = frozenset(
    (
        "about",
        "above",
        "after",
        "again",
        "against",
        "also",
        "among",
        "and",
        "any",
        "are",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "can",
        "could",
        "did",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "either",
        "even",
        "ever",
        "every",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "her",
        "here",
        "hers",
        "him",
        "his",
        "how",
        "however",
        "into",
        "its",
        "itself",
        "just",
        "least",
        "less",
        "like",
        "many",
        "may",
        "more",
        "most",
        "much",
        "must",
        "neither",
        "nor",
        "not",
        "now",
        "off",
        "once",
        "one",
        "only",
        "other",
        "our",
        "ours",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "since",
        "some",
        "still",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "though",
        "through",
        "thus",
        "too",
        "under",
        "until",
        "upon",
        "very",
        "was",
        "way",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "whose",
        "why",
        "will",
        "with",
        "within",
        "without",
        "would",
        "yet",
        "you",
        "your",
        "yours",
    )
)

Vector = dict[str, float]
Base = tuple[tuple[str, float], ...]  # source and tag features with their base weights
Postings = dict[str, list[tuple[int, float]]]


@fast_pickling
@dataclass(frozen=True, slots=True)
class Weighed:
    """An entry's vector, and what decides whether a new idf of one of its words changes it."""

    vector: Vector
    candidates: str  # " w1 w2 … ": the words of its 2 * TOP_TERMS weightiest candidates
    floor: tuple[float, str] | None  # the least of them, when there were that many
    searched: tuple[tuple[str, float], ...]  # its SEARCHED strongest features, strongest first


@fast_pickling
@dataclass(frozen=True, slots=True)
class RelatedState:
    """Everything one computation of related entries made (builder/related_update.py updates it for the next)."""

    keys: tuple[str, ...]  # the content keys of the entries it was computed for
    slugs: tuple[str, ...]
    bases: list[Base]
    notes: list[NoteWords]
    df: Counter[str]  # feature -> how many entries have it
    idf: dict[str, float]
    weighed: list[Weighed]
    holders: dict[str, dict[int, float]]  # feature -> every entry whose vector has it -> weight
    postings: Postings  # feature -> its POSTINGS strongest holders, strongest first (2 or more)
    searchers: dict[str, set[int]]  # feature -> the entries that search it
    related: list[tuple[str, ...]]


def find_related(entries: Sequence[Entry]) -> dict[str, tuple[str, ...]]:
    """slug -> up to RELATED other slugs, most related first, ties broken by slug."""
    state = compute_related(entries)
    return dict(zip(state.slugs, state.related, strict=True))


@fast_pickling
@dataclass(frozen=True, slots=True)
class RelatedInputs:
    """What related entries are computed from: per entry, its content key, slug, base features
    and words (all compute_related reads of an entry: what a helper process is handed)."""

    keys: tuple[str, ...]
    slugs: tuple[str, ...]
    bases: list[Base]
    notes: list[NoteWords]


def related_inputs(entries: Sequence[Entry]) -> RelatedInputs:
    return RelatedInputs(
        tuple(e.content_key for e in entries),
        tuple(e.slug for e in entries),
        [entry_base(e) for e in entries],
        [e.words for e in entries],
    )


def compute_related(entries: Sequence[Entry]) -> RelatedState:
    """The related entries of every entry, with the tables they were found by."""
    return related_of(related_inputs(entries))


def related_of(inputs: RelatedInputs) -> RelatedState:
    """compute_related of the entries these are the inputs of."""
    slugs, bases, notes = inputs.slugs, inputs.bases, inputs.notes
    df: Counter[str] = Counter(f for base in bases for f, _ in base)
    for note in notes:  # a note's words read again below, not held: 3 million strings at 10,000
        df.update(read_words(note))
    idf = {f: v for f, c in df.items() if (v := idf_of(f, c, len(slugs))) is not None}
    weighed = [
        weigh_entry(base, read_words(note), read_counts(note), idf)
        for base, note in zip(bases, notes, strict=True)
    ]
    holders: dict[str, dict[int, float]] = defaultdict(dict)
    searchers: dict[str, set[int]] = defaultdict(set)
    for j, w in enumerate(weighed):
        for feature, weight in w.vector.items():
            holders[feature][j] = weight
        for feature, _ in w.searched:
            searchers[feature].add(j)
    postings = {f: strongest(h) for f, h in holders.items() if len(h) > 1}
    related = [score_entry(i, w.searched, postings, slugs) for i, w in enumerate(weighed)]
    return RelatedState(
        inputs.keys,
        slugs,
        bases,
        notes,
        df,
        idf,
        weighed,
        dict(holders),
        postings,
        dict(searchers),
        related,
    )


def entry_base(entry: Entry) -> Base:
    """Source and tag features with their base weights."""
    base = {f"s:{ref.key}": SOURCE_WEIGHT for ref in entry_sources(entry)}
    base.update({f"t:{tag}": TAG_WEIGHT for tag in entry.tags})
    return tuple(base.items())


def is_feature(name: str) -> bool:
    """Sources and tags (s:…, t:…) are features; so are words but for short ones, stopwords and numbers."""
    if name[1:2] == ":" and name[0] in "st":
        return True
    return len(name) >= MIN_WORD and name not in STOPWORDS and not name.isdigit()


def idf_of(feature: str, count: int, entries: int) -> float | None:
    """The inverse document frequency of a feature `count` of `entries` entries have (None: it
    is no feature, or only one entry has it). Always > 0."""
    return math.log((entries + 1) / count) if count > 1 and is_feature(feature) else None


def weigh_entry(
    base: Base, terms: list[str], counts: list[int], idf: Mapping[str, float]
) -> Weighed:
    """The entry's base features and its TOP_TERMS weightiest words (count x idf), at unit length.

    Words without an idf (one entry has them, or they are no feature) are left out."""
    vector = {f: w * idf[f] for f, w in base if f in idf}
    candidates = weightiest(terms, counts, idf, TOP_TERMS * 2)
    top = sorted(candidates, key=lambda p: (-p[0], p[1]))[:TOP_TERMS]
    norm = math.sqrt(sum(v * v for v, _ in top)) or 1.0
    vector.update((f"w:{w}", TERM_WEIGHT * v / norm) for v, w in top)
    length = math.sqrt(sum(v * v for v in vector.values())) or 1.0
    vector = {f: v / length for f, v in sorted(vector.items())}
    return Weighed(
        vector,
        f" {' '.join(w for _, w in candidates)} ",
        candidates[-1] if len(candidates) == TOP_TERMS * 2 else None,
        tuple(heapq.nlargest(SEARCHED, vector.items(), key=itemgetter(1))),
    )


def weightiest(
    terms: list[str], counts: list[int], idf: Mapping[str, float], n: int
) -> list[tuple[float, str]]:
    """heapq.nlargest(n, (count x idf, word)) over the words with an idf (all > 0), done in C."""
    chosen = list(map(idf.__contains__, terms))
    words = list(compress(terms, chosen))
    weights = list(map(mul, compress(counts, chosen), map(idf.__getitem__, words)))
    cut = sorted(weights)[-n] if len(weights) > n else 0.0
    kept = compress(zip(weights, words, strict=True), map(cut.__le__, weights))
    return sorted(kept, reverse=True)[:n]


def strongest(holders: dict[int, float]) -> list[tuple[int, float]]:
    """The POSTINGS strongest holders of a feature (entry number, weight), strongest first."""
    return heapq.nsmallest(POSTINGS, holders.items(), key=lambda p: (-p[1], p[0]))


def score_entry(
    i: int, searched: Sequence[tuple[str, float]], postings: Postings, slugs: Sequence[str]
) -> tuple[str, ...]:
    """The entries most related to entry i, by their dot products over i's strongest features."""
    scores: dict[int, float] = {}
    score = scores.get
    for feature, weight in searched:
        for j, other in postings.get(feature, ()):
            scores[j] = score(j, 0.0) + weight * other
    scores.pop(i, None)
    return tuple(slugs[j] for j in best_of(scores, slugs))


def best_of(scores: dict[int, float], slugs: Sequence[str]) -> list[int]:
    """The RELATED best-scoring entries; scores equal to 9 places are ordered by slug."""
    if not scores:
        return []
    cut = sorted(scores.values())[-RELATED:][0] - 1e-9
    pool = [(-round(s, 9), slugs[j], j) for j, s in scores.items() if s >= cut]
    return [j for score, _, j in sorted(pool)[:RELATED] if score < 0]
