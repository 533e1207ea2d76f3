"""Entries -> related entries: shared sources, shared tags and shared distinctive words (pure).

Each entry is a sparse vector of weighted features (its sources, its tags and its most distinctive
words by tf-idf), normalised to unit length; two entries are as related as the dot product of their
vectors. Candidates come from an inverted index whose lists keep only the strongest holders of each
feature, so the work per entry is bounded and 10,000 notes need no all-pairs comparison.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from itertools import repeat
from operator import itemgetter, mul

from notebase.model import Entry, NoteWords
from notebase.sources import entry_sources
from notebase.words import read_counts, read_words

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


def find_related(entries: Sequence[Entry]) -> dict[str, tuple[str, ...]]:
    """slug -> up to RELATED other slugs, most related first, ties broken by slug."""
    bases = [entry_base(e) for e in entries]
    vectors = weigh_features(bases, [e.words for e in entries])
    postings = build_postings(vectors)
    slugs = [e.slug for e in entries]
    related: dict[str, tuple[str, ...]] = {}
    for i, vector in enumerate(vectors):
        scores: dict[int, float] = defaultdict(float)
        for feature, weight in heapq.nlargest(SEARCHED, vector.items(), key=itemgetter(1)):
            for j, other in postings.get(feature, ()):
                scores[j] += weight * other
        scores.pop(i, None)
        related[slugs[i]] = tuple(slugs[j] for j in best_of(scores, slugs))
    return related


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


def weigh_features(bases: Sequence[Base], notes: Sequence[NoteWords]) -> list[Vector]:
    """Unit vectors of tf-idf weights, over the features that at least two entries share."""
    terms = [read_words(note) for note in notes]
    df: Counter[str] = Counter(f for base in bases for f, _ in base)
    for distinct in terms:
        df.update(distinct)
    n = len(bases) + 1
    idf = {f: math.log(n / c) for f, c in df.items() if c > 1 and is_feature(f)}
    return [
        entry_vector(base, distinct, read_counts(note), idf)
        for base, distinct, note in zip(bases, terms, notes, strict=True)
    ]


def entry_vector(base: Base, terms: list[str], counts: list[int], idf: dict[str, float]) -> Vector:
    """The entry's base features and its TOP_TERMS weightiest words (count x idf), at unit length.

    Words without an idf weigh 0 and are dropped (every idf is > 0: a feature is in 2 entries of n-1)."""
    vector = {f: w * idf[f] for f, w in base if f in idf}
    weighted = zip(map(mul, counts, map(idf.get, terms, repeat(0.0))), terms, strict=True)
    top = sorted(heapq.nlargest(TOP_TERMS * 2, weighted), key=lambda p: (-p[0], p[1]))
    top = [p for p in top[:TOP_TERMS] if p[0] > 0]
    norm = math.sqrt(sum(v * v for v, _ in top)) or 1.0
    vector.update((f"w:{w}", TERM_WEIGHT * v / norm) for v, w in top)
    length = math.sqrt(sum(v * v for v in vector.values())) or 1.0
    return {f: v / length for f, v in sorted(vector.items())}


def build_postings(vectors: Sequence[Vector]) -> dict[str, list[tuple[int, float]]]:
    """feature -> its POSTINGS strongest holders (entry number, weight), strongest first."""
    postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for i, vector in enumerate(vectors):
        for feature, weight in vector.items():
            postings[feature].append((i, weight))
    return {
        f: sorted(holders, key=lambda p: (-p[1], p[0]))[:POSTINGS]
        for f, holders in postings.items()
        if len(holders) > 1
    }


def best_of(scores: dict[int, float], slugs: Sequence[str]) -> list[int]:
    """The RELATED best-scoring entries; scores equal to 9 places are ordered by slug."""
    if not scores:
        return []
    cut = heapq.nlargest(RELATED, scores.values())[-1] - 1e-9
    pool = [(-round(s, 9), slugs[j], j) for j, s in scores.items() if s >= cut]
    return [j for score, _, j in sorted(pool)[:RELATED] if score < 0]
