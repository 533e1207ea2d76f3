"""Entries -> unlinked mentions: another note's prose names an entry's title or alias (pure).

Names and texts are compared as sequences of case-folded words, so a match is always whole words.
Each note's words were read once, at parse time (NoteWords): its distinct words find one-word names,
and a name of more words is sought only where its rarest pair of words is among them, as a run of
word codes in the note's code string.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from notebase.digests import Apply, Keyed, digest_value, direct
from notebase.model import Entry, Mention, Mentions, NoteWords
from notebase.reading.notewords import BARRIER, BREAK, index_of, read_words, word_codes, words

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


def names_of(entries: Sequence[Entry], apply: Apply = direct) -> Keyed[NameTable]:
    """The table of the entries' names, made through `apply` (again only when a name changed)."""
    return apply.call(name_table, tuple(apply.map(entry_names, entries)))


def find_mentions(
    entries: Sequence[Entry],
    outlinks: Mapping[str, Iterable[str]],
    apply: Apply = direct,
    table: Keyed[NameTable] | None = None,
) -> dict[str, Mentions]:
    """slug -> the notes whose prose names it, in `entries` order (not itself, not linking it).

    The name table (unless given: names_of the entries), each note's names matched and each
    excerpt cut are made through `apply` (the build's memo: a rebuild matches only the notes that
    changed, unless a name did)."""
    table = table if table is not None else names_of(entries, apply)
    found: dict[str, list[Mention]] = defaultdict(list)
    totals: dict[str, int] = defaultdict(int)
    for entry, phrases in zip(entries, apply.map(entry_phrases, entries, table), strict=True):
        skip = {entry.slug, *outlinks.get(entry.slug, ())}
        seen: set[str] = set()
        for phrase in phrases:
            slug, name = table.value.owners[phrase]
            if slug in skip or slug in seen:
                continue
            seen.add(slug)
            totals[slug] += 1
            if len(found[slug]) < SHOWN:
                found[slug].append(
                    Mention(entry.slug, name, apply.call(entry_excerpt, entry, phrase))
                )
    return {slug: Mentions(totals[slug], tuple(found[slug])) for slug in sorted(totals)}


def entry_phrases(entry: Entry, table: Keyed[NameTable]) -> tuple[Phrase, ...]:
    return matched_phrases(entry.words, table.value)


def entry_excerpt(entry: Entry, phrase: Phrase) -> str:
    return excerpt(entry.mention_text, phrase)


@dataclass(frozen=True, slots=True)
class Named:
    """What an entry is named by: a rebuild whose entries are named as before keeps the table."""

    slug: str
    title: str
    aliases: tuple[str, ...]
    content_key: str = field(default="", compare=False)


def entry_names(entry: Entry) -> Named:
    return Named(
        entry.slug,
        entry.title,
        entry.aliases,
        digest_value(("named", entry.slug, entry.title, entry.aliases)),
    )


def name_table(names: Sequence[Named]) -> Keyed[NameTable]:
    """The table of the entries' names (keyed by them)."""
    owners = name_owners(names)
    keys: dict[str, dict[str, list[Phrase]]] = {}
    for (a, b), phrases in key_pairs(sorted(p for p in owners if len(p) > 1)).items():
        keys.setdefault(a, {})[b] = phrases
    table = NameTable(owners, frozenset(p[0] for p in owners if len(p) == 1), keys)
    return Keyed(table, digest_value(("names", names)))


def name_owners(names: Sequence[Named]) -> dict[Phrase, tuple[str, str]]:
    """Phrase -> (slug, name as written): titles first, then aliases; the first entry wins."""
    owners: dict[Phrase, tuple[str, str]] = {}
    for pick in (lambda title, _: (title,), lambda _, aliases: aliases):
        for slug, title, aliases in ((n.slug, n.title, n.aliases) for n in names):
            for name in pick(title, aliases):
                phrase = tuple(words(name))
                if sum(len(w) for w in phrase) >= MIN_NAME_CHARS and BARRIER not in phrase:
                    owners.setdefault(phrase, (slug, name))
    return owners


def word_pairs(tokens: Sequence[str]) -> set[Pair]:
    return set(pairwise(tokens))


def key_pairs(phrases: Sequence[Phrase]) -> dict[Pair, list[Phrase]]:
    """Each phrase of two words or more under its likely rarest word pair, so that few notes
    have both words of a key: the pair fewest names have, then of the longest words (made from
    the names alone, so that the table is the same until a name changes; which pair keys a name
    decides only how many notes are looked at closer, never what is found)."""
    counts = Counter(pair for phrase in phrases for pair in word_pairs(phrase))

    def rarity(pair: Pair) -> tuple[int, int]:
        return counts[pair], -len(pair[0]) - len(pair[1])

    keyed: dict[Pair, list[Phrase]] = defaultdict(list)
    for phrase in phrases:
        keyed[min(sorted(word_pairs(phrase)), key=rarity)].append(phrase)
    return keyed


def matched_phrases(note: NoteWords, table: NameTable) -> tuple[Phrase, ...]:
    """The names (as phrases) that occur in a note as consecutive words, longest first."""
    distinct = read_words(note)
    code_of = word_codes(distinct, note.prose)
    present = code_of.keys()
    found: set[Phrase] = {(w,) for w in present & table.singles}
    for a in present & table.keys.keys():
        seconds = table.keys[a]
        for b in followers(note.seq, code_of[a], distinct) & seconds.keys():
            found.update(p for p in seconds[b] if len(p) == 2 or occurs(p, code_of, note.seq))
    return tuple(sorted(found, key=lambda p: (-len(p), p)))


def followers(seq: str, first: str, distinct: Sequence[str]) -> set[str]:
    """The words that follow the word coded `first` somewhere in a note's code string `seq`
    (one scan for its places, rather than one for each word that might follow it)."""
    found: set[str] = set()
    at = seq.find(first)
    while 0 <= at < len(seq) - 1:
        found.add(seq[at + 1])
        at = seq.find(first, at + 1)
    return {distinct[i] for i in map(index_of, found) if i >= 0}


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
