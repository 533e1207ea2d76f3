"""Entries -> unlinked mentions: another note's prose names an entry's title or alias (pure).

Names and texts are compared as sequences of case-folded words, so a match is always whole words.
Each text is read once: its set of words finds one-word names and its set of word pairs finds
longer ones, so the cost grows with the amount of text, not with notes times names.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise

from notebase.model import Entry, Mention, Mentions

BREAK = "\n"  # prose_text puts a line break where code or a link was: no name is read across it
BARRIER = "_"  # the word a line break becomes: no name (of 3 characters or more) is just "_"
_WORD = re.compile(r"\w+")
MIN_NAME_CHARS = 3  # shorter names ("AI", "Q") would be found everywhere
SHOWN = 12  # mentions listed on an entry page (the total is always given)
EXCERPT = 70  # characters of context on each side of a mention

Phrase = tuple[str, ...]
Pair = tuple[str, str]


def words(text: str) -> list[str]:
    """Case-folded words of a text, with BARRIER where a line ends."""
    return _WORD.findall(text.casefold().replace(BREAK, f" {BARRIER} "))


def find_mentions(
    entries: Sequence[Entry],
    outlinks: Mapping[str, Iterable[str]],
    prose: Sequence[list[str]] | None = None,
) -> dict[str, Mentions]:
    """slug -> the notes whose prose names it, in `entries` order (not itself, not linking it).

    `prose` holds the words of each entry's mention_text when the caller has them already."""
    owners = name_owners(entries)
    singles = {p[0] for p in owners if len(p) == 1}
    keys = key_pairs(sorted(p for p in owners if len(p) > 1))
    found: dict[str, list[Mention]] = defaultdict(list)
    totals: dict[str, int] = defaultdict(int)
    for i, entry in enumerate(entries):
        tokens = prose[i] if prose is not None else words(entry.mention_text)
        skip = {entry.slug, *outlinks.get(entry.slug, ())}
        seen: set[str] = set()
        for phrase in sorted(matched_phrases(tokens, singles, keys), key=lambda p: (-len(p), p)):
            slug, name = owners[phrase]
            if slug in skip or slug in seen:
                continue
            seen.add(slug)
            totals[slug] += 1
            if len(found[slug]) < SHOWN:
                found[slug].append(Mention(entry.slug, name, excerpt(entry.mention_text, phrase)))
    return {slug: Mentions(totals[slug], tuple(found[slug])) for slug in sorted(totals)}


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


def key_pairs(phrases: Sequence[Phrase]) -> dict[Pair, list[Phrase]]:
    """Each phrase of two words or more under its rarest word pair, so that a text's pairs call up
    few candidates ("a survey" starts many titles; "survey of" less often; "causal reward" rarely)."""
    counts = Counter(pair for phrase in phrases for pair in word_pairs(phrase))
    keyed: dict[Pair, list[Phrase]] = defaultdict(list)
    for phrase in phrases:
        keyed[min(sorted(word_pairs(phrase)), key=lambda pair: counts[pair])].append(phrase)
    return keyed


def matched_phrases(
    tokens: list[str], singles: set[str], keys: Mapping[Pair, list[Phrase]]
) -> set[Phrase]:
    """The names (as phrases) that occur in a text's tokens as consecutive words."""
    present = set(tokens)
    found: set[Phrase] = {(w,) for w in singles.intersection(present)}
    pairs = word_pairs(tokens)
    for pair in pairs.intersection(keys):
        for phrase in keys[pair]:
            if len(phrase) == 2 or contains_phrase(tokens, phrase, pairs):
                found.add(phrase)
    return found


def contains_phrase(tokens: list[str], phrase: Phrase, pairs: set[Pair]) -> bool:
    if not pairs.issuperset(word_pairs(phrase)):
        return False
    n, wanted = len(phrase), list(phrase)
    return any(tokens[i : i + n] == wanted for i, t in enumerate(tokens) if t == phrase[0])


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
