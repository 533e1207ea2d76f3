"""Text -> words: the case-folded words the index compares (mentions, related), read once per note
at parse time into a compact NoteWords record (a few strings: quick to pickle, cache and digest)."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable
from itertools import repeat

from notebase.model import NoteWords

BREAK = "\n"  # prose_text puts a line break where code or a link was: no name is read across it
BARRIER = "_"  # the word a line break becomes: no name (of 3 characters or more) is just "_"
_WORD = re.compile(r"\w+")
NO_CODE = "\0"  # stands for a word past MAX_CODES distinct words (it matches no name)
SURROGATES = 0x800  # U+D800..U+DFFF are no characters: codes skip them
MAX_CODES = 0x110000 - SURROGATES - 1


def words(text: str) -> list[str]:
    """Case-folded words of a text, with BARRIER where a line ends."""
    return _WORD.findall(text.casefold().replace(BREAK, f" {BARRIER} "))


def code(i: int) -> str:
    """The character that stands for a note's i-th distinct word in NoteWords.seq."""
    return chr(i + 1 if i + 1 < 0xD800 else i + 1 + SURROGATES)


def index_of(c: str) -> int:
    """The i of code(i): which of a note's distinct words a code stands for (NO_CODE: -1)."""
    o = ord(c)
    return o - 1 if o < 0xD800 else o - 1 - SURROGATES


@functools.cache
def first_codes() -> str:
    """code(i) for each i below 0xD800 - 1: made when a note's words are first read (5 ms that a
    build with no note to parse, as most rebuilds under serve, never spends)."""
    return "".join(map(chr, range(1, 0xD800)))


def codes(n: int) -> str:
    """The codes of a note's first n distinct words (at most MAX_CODES)."""
    first = first_codes()
    if n <= len(first):
        return first[:n]
    return first + "".join(map(code, range(len(first), min(n, MAX_CODES))))


def word_codes(distinct: Iterable[str], prose: int) -> dict[str, str]:
    """Word -> its code, for the first `prose` of a note's distinct words."""
    return dict(zip(distinct, codes(prose), strict=False))


def note_words(mention_text: str, title: str) -> NoteWords:
    """The words of a note's mention text (and how often each, with its title's) as NoteWords."""
    tokens = words(mention_text)
    counts = Counter(tokens)  # in order of first use
    prose = len(counts)
    counts.update(words(title))
    code_of = word_codes(counts, prose)
    return NoteWords(
        words=f" {' '.join(counts)} ",
        prose=prose,
        counts=count_codes(list(counts.values())),
        seq="".join(map(code_of.get, tokens, repeat(NO_CODE))),
    )


def count_codes(counts: list[int]) -> str:
    """Each count stored as code(count - 1) (chr(count) below the surrogates, done in C); a count
    past MAX_CODES as MAX_CODES's."""
    if max(counts, default=0) < 0xD800:
        return "".join(map(chr, counts))
    return "".join(code(min(c, MAX_CODES) - 1) for c in counts)


def read_words(note: NoteWords) -> list[str]:
    """The distinct words of NoteWords (the mention text's, then the title's others)."""
    return note.words.split()


def read_counts(note: NoteWords) -> list[int]:
    """How often each of the words occurs (a count is stored as its code: chr(count), but for
    the surrogates it skips; a count past MAX_CODES is stored as MAX_CODES)."""
    if not note.counts or max(note.counts) < "\ud800":
        return list(map(ord, note.counts))
    return [o if o < 0xD800 else o - SURROGATES for o in map(ord, note.counts)]
