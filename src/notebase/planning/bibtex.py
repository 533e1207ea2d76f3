"""BibTeX: paper records -> citation keys and @misc entries, escaped for BibTeX (pure)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

_TEXT_ESCAPES = str.maketrans(
    {
        "\\": r"\textbackslash{}",
        "{": r"\{",
        "}": r"\}",
        "&": r"\&",
        "%": r"\%",
        "$": r"\$",
        "#": r"\#",
        "_": r"\_",
        "~": r"\textasciitilde{}",
        "^": r"\textasciicircum{}",
    }
)
_URL_ESCAPES = str.maketrans({"{": "%7B", "}": "%7D", "\\": "%5C", " ": "%20", '"': "%22"})
_KEY_WORD = re.compile(r"[a-z0-9]+")
TITLE_STOPWORDS = frozenset(
    (
        "a",
        "an",
        "the",
        "on",
        "of",
        "in",
        "for",
        "to",
        "and",
        "with",
        "is",
        "are",
        "at",
        "by",
        "from",
        "via",
        "towards",
        "toward",
    )
)


@dataclass(frozen=True, slots=True)
class BibRecord:
    """What a BibTeX entry says of a paper."""

    title: str
    authors: tuple[str, ...]
    year: int | None
    url: str
    arxiv: str = ""
    doi: str = ""


def escape_text(text: str) -> str:
    """Title and author text: BibTeX's special characters escaped; whitespace folded."""
    return " ".join(text.split()).translate(_TEXT_ESCAPES)


def escape_url(url: str) -> str:
    """URL-like fields stay verbatim but for braces, backslashes, quotes and spaces."""
    return url.strip().translate(_URL_ESCAPES)


def ascii_words(text: str) -> list[str]:
    """'Gödel Machines' -> ['godel', 'machines']: lowercase ASCII letters and digits."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return _KEY_WORD.findall(folded.lower())


def surname(author: str) -> str:
    """'Keller Jordan' -> 'jordan'; 'Jordan, Keller' -> 'jordan'; 'van der Berg, J.' -> 'vanderberg'."""
    family = author.split(",", 1)[0] if "," in author else (author.split() or [""])[-1]
    return "".join(ascii_words(family))


def key_base(record: BibRecord) -> str:
    """surname + year + first significant title word: 'jordan2024muon' ('muon2024' without authors)."""
    author = surname(record.authors[0]) if record.authors else ""
    words = [w for w in ascii_words(record.title) if w not in TITLE_STOPWORDS]
    word = words[0] if words else ""
    ident = "".join(ascii_words(record.arxiv or record.doi))
    year = str(record.year or "")
    return f"{author}{year}{word or ident}" if author else f"{word or ident}{year}"


def cite_keys(records: Sequence[BibRecord]) -> list[str]:
    """One key per record, in order; a key already taken gets 'b', 'c', … (then numbers): the
    first of these not taken. A base's search resumes at the suffix it last gave (those before
    it were taken then, and stay taken): probing from 'b' each time made n records of one base
    cost n² lookups (1.46 s against 0.35 s for the 59,984 papers of the 100,000-note corpus,
    up to 779 of them sharing a base)."""
    taken: set[str] = set()
    last: dict[str, int] = {}  # base -> the n of the key it was last given
    keys = []
    for base in (key_base(r) for r in records):
        n = last.get(base, 1)
        key = base if n == 1 else key_suffixed(base, n)
        while key in taken:
            n += 1
            key = key_suffixed(base, n)
        taken.add(key)
        last[base] = n
        keys.append(key)
    return keys


def key_suffixed(base: str, n: int) -> str:
    """The n-th key of a base (n >= 2): 'b' to 'z', then numbers."""
    return base + (chr(ord("a") + n - 1) if n <= 26 else str(n))


def format_author(name: str) -> str:
    """A name holding the word 'and' is braced, so BibTeX keeps it one author."""
    text = escape_text(name)
    return f"{{{text}}}" if " and " in f" {text.casefold()} " else text


def format_entry(key: str, record: BibRecord) -> str:
    fields = [("title", escape_text(record.title))]
    if record.authors:
        fields.append(("author", " and ".join(format_author(a) for a in record.authors)))
    if record.year:
        fields.append(("year", str(record.year)))
    if record.arxiv:
        fields += [("eprint", escape_url(record.arxiv)), ("archivePrefix", "arXiv")]
    if record.doi:
        fields.append(("doi", escape_url(record.doi)))
    fields.append(("url", escape_url(record.url)))
    body = "".join(f"  {name} = {{{value}}},\n" for name, value in fields)
    return f"@misc{{{key},\n{body}}}\n"
