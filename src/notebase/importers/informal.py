"""Informal paper-reading post -> raw posts: title lines found before `tldr:` lines (pure)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from notebase.importers.blocks import FIELD
from notebase.importers.model import ArchiveLine, RawPost, Taxonomy

TLDR_LINE = re.compile(r"^\s*tl;?dr\s*:", re.I)
_CLOSING = re.compile(
    r"^(?:(?:concluding|closing|final|overall|some|my)\s+)?"
    r"(?:thoughts|conclusions?|summary|takeaways|wrap[- ]?up|remarks)\s*:?\s*$",
    re.I,
)
SHORT_WORDS = 20  # a paragraph of more words is prose, never a title
PREAMBLE_MAX = 4  # author, tagline, post title, intro


@dataclass(frozen=True, slots=True)
class Paragraph:
    start: int  # 0-based index of its first line
    end: int  # 0-based index one past its last line

    def text(self, lines: Sequence[str]) -> str:
        return " ".join(lines[i].strip() for i in range(self.start, self.end))


@dataclass(frozen=True, slots=True)
class InformalPost:
    """The series (preamble + closing section) and the paper entries of an informal post."""

    taxonomy: Taxonomy
    series_post: RawPost
    entries: tuple[RawPost, ...]


def find_paragraphs(lines: Sequence[str]) -> tuple[Paragraph, ...]:
    """Runs of consecutive non-blank lines."""
    paras: list[Paragraph] = []
    start = None
    for i, line in enumerate([*lines, ""]):
        if line.strip() and start is None:
            start = i
        elif not line.strip() and start is not None:
            paras.append(Paragraph(start, i))
            start = None
    return tuple(paras)


def is_short(para: Paragraph, lines: Sequence[str]) -> bool:
    """A candidate title: one line, few words, not a `tldr:` / `eval:` field."""
    text = para.text(lines)
    return para.end - para.start == 1 and len(text.split()) <= SHORT_WORDS and not FIELD.match(text)


def pick_title(paras: Sequence[Paragraph], lo: int, hi: int, lines: Sequence[str]) -> int:
    """The entry title in paras[lo:hi]: the first short paragraph after the last long one."""
    title = lo
    for i in range(lo, hi):
        if not is_short(paras[i], lines):
            title = i + 1
    return min(title, hi - 1)


def find_entry_titles(paras: Sequence[Paragraph], lines: Sequence[str]) -> tuple[int, ...]:
    """Paragraph indexes of the entry titles, one per `tldr:` paragraph (preamble skipped)."""
    tldrs = [i for i, p in enumerate(paras) if TLDR_LINE.match(lines[p.start])]
    titles: list[int] = []
    lo = 0
    for k, t in enumerate(tldrs):
        if k == 0:
            lo = min(PREAMBLE_MAX, t - 1) if t > 0 else 0
        if t > lo:
            titles.append(pick_title(paras, lo, t, lines))
        lo = t + 1
    return tuple(sorted(set(titles)))


def find_closing(paras: Sequence[Paragraph], after: int, lines: Sequence[str]) -> int:
    """Index of a closing-section heading (`concluding thoughts:`) after paragraph `after`, or -1."""
    for i in range(after + 1, len(paras)):
        if is_short(paras[i], lines) and _CLOSING.match(paras[i].text(lines)):
            return i
    return -1


def assign_preamble(
    pre: Sequence[Paragraph], lines: Sequence[str]
) -> tuple[str, Paragraph | None, tuple[Paragraph, ...]]:
    """(author, series-title paragraph, other preamble paragraphs) from the opening paragraphs."""
    rest = list(pre)
    author = ""
    if len(rest) >= 3 and len(rest[0].text(lines).split()) <= 4:
        author = rest.pop(0).text(lines)
    if not rest:
        return author, None, ()
    title_at = 1 if len(rest) >= 3 else 0
    title = rest.pop(title_at)
    return author, title, tuple(rest)


def take_lines(lines: Sequence[str], start: int, end: int) -> tuple[ArchiveLine, ...]:
    return tuple(ArchiveLine(i + 1, lines[i].strip()) for i in range(start, end))


def parse_informal(lines: Sequence[str]) -> InformalPost:
    """Split an informal post into its series note and one raw post per paper entry."""
    paras = find_paragraphs(lines)
    titles = find_entry_titles(paras, lines)
    first = titles[0] if titles else len(paras)
    author, series_para, intro = assign_preamble(paras[:first], lines)
    closing = find_closing(paras, titles[-1], lines) if titles else -1
    stop = paras[closing].start if closing >= 0 else len(lines)
    entries = []
    for k, t in enumerate(titles):
        end = paras[titles[k + 1]].start if k + 1 < len(titles) else stop
        title = paras[t].text(lines)
        entries.append(RawPost(title, paras[t].start + 1, take_lines(lines, paras[t].end, end)))
    series_lines: list[ArchiveLine] = []
    for para in intro:
        series_lines += [*take_lines(lines, para.start, para.end), ArchiveLine(0, "")]
    heading: tuple[int, ...] = ()
    if closing >= 0:
        series_lines += take_lines(lines, stop, len(lines))
        heading = (stop + 1,)
    series = series_para.text(lines) if series_para else ""
    series_line = series_para.start + 1 if series_para else 1
    taxonomy = Taxonomy(series=series, series_author=author)
    series_post = RawPost(series, series_line, tuple(series_lines), heading)
    return InformalPost(taxonomy, series_post, tuple(entries))
