"""Entries -> unlinked mentions: another note's prose names an entry's title or alias (pure).

Names and texts are compared as sequences of case-folded words, so a match is always whole words.
Each note's words were read once, at parse time (NoteWords): its distinct words find one-word names,
and a name of more words is sought only where its rarest pair of words is among them, as a run of
word codes in the note's code string. What a build matched (Memo) is reused by the next by value
(a rebuild after one edit matches the names against the edited note only, unless a name changed).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from notebase.model import Entry, Mention, Mentions, NoteWords
from notebase.words import BARRIER, BREAK, read_words, word_codes, words

__all__ = ["SHOWN", "excerpt", "find_mentions", "words"]

MIN_NAME_CHARS = 3  # shorter names ("AI", "Q") would be found everywhere
SHOWN = 12  # mentions listed on an entry page (the total is always given)
EXCERPT = 70  # characters of context on each side of a mention

Phrase = tuple[str, ...]
Pair = tuple[str, str]
NamesKey = tuple[tuple[str, str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class NameTable:
    owners: dict[Phrase, tuple[str, str]]  # phrase -> (slug, name as written)
    singles: frozenset[str]  # the one-word names
    keys: dict[str, dict[str, list[Phrase]]]  # a, b -> the longer names keyed by the pair (a, b)


@dataclass(frozen=True, slots=True)
class Memo:
    """What the last build matched: its names, and each note's matched names under them."""

    names: NamesKey
    table: NameTable
    matched: dict[NoteWords, tuple[Phrase, ...]]
    excerpts: dict[tuple[str, Phrase], str]


NO_MEMO = Memo((), NameTable({}, frozenset(), {}), {}, {})


def find_mentions(
    entries: Sequence[Entry],
    outlinks: Mapping[str, Iterable[str]],
    df: Mapping[str, int] | None = None,
) -> dict[str, Mentions]:
    """slug -> the notes whose prose names it, in `entries` order (not itself, not linking it).

    `df` (how many notes have each word) helps choose the pair of words each name is sought by."""
    return match_mentions(entries, outlinks, df or {}, NO_MEMO)[0]


def match_mentions(
    entries: Sequence[Entry],
    outlinks: Mapping[str, Iterable[str]],
    df: Mapping[str, int],
    last: Memo,
) -> tuple[dict[str, Mentions], Memo]:
    """find_mentions, reusing what `last` matched where names and notes are the same."""
    names: NamesKey = tuple((e.slug, e.title, e.aliases) for e in entries)
    same = names == last.names
    table = last.table if same else name_table(entries, df)
    known = last.matched if same else {}
    matched: dict[NoteWords, tuple[Phrase, ...]] = {}
    excerpts: dict[tuple[str, Phrase], str] = {}
    found: dict[str, list[Mention]] = defaultdict(list)
    totals: dict[str, int] = defaultdict(int)
    for entry in entries:
        phrases = known.get(entry.words)
        if phrases is None:
            phrases = matched_phrases(entry.words, table)
        matched[entry.words] = phrases
        skip = {entry.slug, *outlinks.get(entry.slug, ())}
        seen: set[str] = set()
        for phrase in phrases:
            slug, name = table.owners[phrase]
            if slug in skip or slug in seen:
                continue
            seen.add(slug)
            totals[slug] += 1
            if len(found[slug]) < SHOWN:
                key = (entry.mention_text, phrase)
                shown = last.excerpts.get(key)
                excerpts[key] = shown if shown is not None else excerpt(*key)
                found[slug].append(Mention(entry.slug, name, excerpts[key]))
    mentions = {slug: Mentions(totals[slug], tuple(found[slug])) for slug in sorted(totals)}
    return mentions, Memo(names, table, matched, excerpts)


def name_table(entries: Sequence[Entry], df: Mapping[str, int]) -> NameTable:
    owners = name_owners(entries)
    keys: dict[str, dict[str, list[Phrase]]] = {}
    for (a, b), phrases in key_pairs(sorted(p for p in owners if len(p) > 1), df).items():
        keys.setdefault(a, {})[b] = phrases
    return NameTable(owners, frozenset(p[0] for p in owners if len(p) == 1), keys)


def name_owners(entries: Sequence[Entry]) -> dict[Phrase, tuple[str, str]]:
    """Phrase -> (slug, name as written): titles first, then aliases; the first entry wins."""
    owners: dict[Phrase, tuple[str, str]] = {}
    for names_of in (lambda e: (e.title,), lambda e: e.aliases):
        for entry in entries:
            for name in names_of(entry):
                phrase = tuple(words(name))
                if sum(len(w) for w in phrase) >= MIN_NAME_CHARS and BARRIER not in phrase:
                    owners.setdefault(phrase, (entry.slug, name))
    return owners


def word_pairs(tokens: Sequence[str]) -> set[Pair]:
    return set(pairwise(tokens))


def key_pairs(phrases: Sequence[Phrase], df: Mapping[str, int]) -> dict[Pair, list[Phrase]]:
    """Each phrase of two words or more under its rarest word pair, so that few notes have both
    words of a key (rarest: fewest notes have its words, by `df`; then fewest names have it)."""
    counts = Counter(pair for phrase in phrases for pair in word_pairs(phrase))

    def rarity(pair: Pair) -> tuple[int, int]:
        return df.get(pair[0], 0) * df.get(pair[1], 0), counts[pair]

    keyed: dict[Pair, list[Phrase]] = defaultdict(list)
    for phrase in phrases:
        keyed[min(sorted(word_pairs(phrase)), key=rarity)].append(phrase)
    return keyed


def matched_phrases(note: NoteWords, table: NameTable) -> tuple[Phrase, ...]:
    """The names (as phrases) that occur in a note as consecutive words, longest first."""
    code_of = word_codes(read_words(note), note.prose)
    present = code_of.keys()
    found: set[Phrase] = {(w,) for w in present & table.singles}
    for a in present & table.keys.keys():
        seconds = table.keys[a]
        for b in seconds.keys() & present:
            if code_of[a] + code_of[b] in note.seq:
                found.update(p for p in seconds[b] if len(p) == 2 or occurs(p, code_of, note.seq))
    return tuple(sorted(found, key=lambda p: (-len(p), p)))


def occurs(phrase: Phrase, code_of: Mapping[str, str], seq: str) -> bool:
    if not all(w in code_of for w in phrase):
        return False
    return "".join(code_of[w] for w in phrase) in seq


def excerpt(text: str, phrase: Phrase) -> str:
    """The line around the first place the phrase is found, trimmed to a few words each side."""
    pattern = r"(?<!\w)" + r"[^\w\n]+".join(re.escape(w) for w in phrase) + r"(?!\w)"
    m = re.search(pattern, text, re.IGNORECASE)
    if m is None:  # a case-folding only equivalence (ß/ss): the mention stands without context
        return ""
    start = text.rfind(BREAK, 0, m.start()) + 1
    end = text.find(BREAK, m.end())
    end = len(text) if end < 0 else end
    left, right = text[start : m.start()], text[m.end() : end]
    if len(left) > EXCERPT:
        left = "…" + left[-EXCERPT:].split(" ", 1)[-1]
    if len(right) > EXCERPT:
        right = right[:EXCERPT].rsplit(" ", 1)[0] + "…"
    return f"{left}{m.group(0)}{right}".strip()
