"""Entries -> unlinked mentions: another note's prose names an entry's title or alias (pure).

Names and texts are compared as sequences of case-folded words, so a match is always whole words.
Each note's words were read once, at parse time (NoteWords): its distinct words find one-word names,
and a name of more words is sought only where its rarest pair of words is among them, as a run of
word codes in the note's code string.
"""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat

from notebase.digests import Apply, Keyed, digest_value, direct
from notebase.model import Entry, Mention, Mentions, NoteWords
from notebase.reading.notewords import BARRIER, BREAK, index_of, read_words, word_codes, words

__all__ = ["SHOWN", "excerpt", "find_mentions", "words"]

MIN_NAME_CHARS = 3  # shorter names ("AI", "Q") would be found everywhere
SHOWN = 12  # mentions listed on an entry page (the total is always given)
EXCERPT = 70  # characters of context on each side of a mention
# stands for a word a note lacks, in a name sought in its code string: a lone surrogate, which no
# code is (notewords.code skips them), so that a name with such a word is never found
ABSENTS = repeat("\ud800")

Phrase = tuple[str, ...]
KEY_WORDS = 3  # a name of more words is sought where its rarest run of this many words is
NamesKey = tuple[tuple[str, str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class NameTable:
    owners: dict[Phrase, tuple[str, str]]  # phrase -> (slug, name as written)
    singles: frozenset[str]  # the one-word names
    keys: dict[Phrase, list[Phrase]]  # a run of words -> the longer names it keys (key_runs)
    # a run of words -> the words that follow it in a key (the empty run: the keys' first words),
    # how keys are sought word by word
    nexts: dict[Phrase, frozenset[str]]


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
    found: dict[str, list[tuple[Entry, str, Phrase]]] = defaultdict(list)
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
                found[slug].append((entry, name, phrase))
    # the excerpts cut entry by entry mentioned, as each one's are mostly of one phrase
    return {
        slug: Mentions(
            totals[slug],
            tuple(
                Mention(entry.slug, name, apply.call(entry_excerpt, entry, phrase))
                for entry, name, phrase in found[slug]
            ),
        )
        for slug in sorted(totals)
    }


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
    keys = key_runs(sorted(p for p in owners if len(p) > 1))
    nexts: dict[Phrase, set[str]] = defaultdict(set)
    for run in keys:
        for end in range(len(run)):
            nexts[run[:end]].add(run[end])
    table = NameTable(
        owners,
        frozenset(p[0] for p in owners if len(p) == 1),
        keys,
        {run: frozenset(words) for run, words in nexts.items()},
    )
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


def word_runs(tokens: Phrase) -> set[Phrase]:
    """The phrase's runs of KEY_WORDS consecutive words (the phrase itself when shorter)."""
    size = min(KEY_WORDS, len(tokens))
    return {tokens[i : i + size] for i in range(len(tokens) - size + 1)}


def key_runs(phrases: Sequence[Phrase]) -> dict[Phrase, list[Phrase]]:
    """Each phrase of two words or more under its likely rarest run of words (word_runs), so
    that few notes hold a key: the run fewest names have, then of the longest words (made from
    the names alone, so that the table is the same until a name changes; which run keys a name
    decides only how many notes are looked at closer, never what is found). A run of three
    words, not a pair: where titles share a small vocabulary (at 100,000 generated notes, 39
    names a pair on average), a pair found in a note had every name under it sought."""
    counts = Counter(run for phrase in phrases for run in word_runs(phrase))

    def rarity(run: Phrase) -> tuple[int, int]:
        return counts[run], -sum(map(len, run))

    keyed: dict[Phrase, list[Phrase]] = defaultdict(list)
    for phrase in phrases:
        keyed[min(sorted(word_runs(phrase)), key=rarity)].append(phrase)
    return dict(keyed)  # a plain dict: the cache holds the table, and reads no defaultdict


def matched_phrases(note: NoteWords, table: NameTable) -> tuple[Phrase, ...]:
    """The names (as phrases) that occur in a note as consecutive words, longest first."""
    distinct = read_words(note)
    code_of = word_codes(distinct, note.prose)
    # (a frozenset's intersection walks the smaller side; `keys() & frozenset` walks the set)
    found: set[Phrase] = {(w,) for w in table.singles.intersection(code_of)}
    seq, code = note.seq, code_of.get
    firsts = table.nexts.get((), frozenset()).intersection(code_of)
    runs: list[tuple[Phrase, str]] = [((a,), code_of[a]) for a in firsts]
    while runs:  # each run of words the note holds that begins a key, one word longer each time
        run, codes = runs.pop()
        for word in followers(seq, codes, distinct) & table.nexts[run]:
            longer = (*run, word)
            for phrase in table.keys.get(longer, ()):
                # a name longer than its key: its codes, joined in C, sought whole (a word the
                # note lacks stands as one of ABSENTS)
                if len(phrase) == len(longer) or "".join(map(code, phrase, ABSENTS)) in seq:
                    found.add(phrase)
            if longer in table.nexts:
                runs.append((longer, codes + code_of[word]))
    return tuple(sorted(found, key=lambda p: (-len(p), p)))


def followers(seq: str, codes: str, distinct: Sequence[str]) -> set[str]:
    """The words that follow the words coded `codes` somewhere in a note's code string `seq`
    (one scan for their places, rather than one for each word that might follow them)."""
    found: set[str] = set()
    size = len(codes)
    at = seq.find(codes)
    while 0 <= at < len(seq) - size:
        found.add(seq[at + size])
        at = seq.find(codes, at + 1)
    return {distinct[i] for i in map(index_of, found) if i >= 0}


@functools.lru_cache(maxsize=256)  # an entry's mentions are cut one after another
def phrase_pattern(phrase: Phrase) -> re.Pattern[str]:
    """The phrase's words, whole, in any case, with anything but words and line breaks between."""
    return re.compile(
        r"(?<!\w)" + r"[^\w\n]+".join(re.escape(w) for w in phrase) + r"(?!\w)", re.IGNORECASE
    )


def excerpt(text: str, phrase: Phrase) -> str:
    """The line around the first place the phrase is found, trimmed to a few words each side."""
    m = phrase_pattern(phrase).search(text)
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
