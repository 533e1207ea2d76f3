"""Archive lines -> the repeated post record: title lines of one recurring shape (pure).

Every line that could be a post title gets a shape (indent, leading glyph or number, case, and what
follows it: a byline, a date, a `tl;dr`, a URL, a "featured in") and the evidence that it opens a
record (its body indented under it, a "Read more" or `» date` closing the record before it, a
separator). Candidates are grouped by shape; the group that recurs with the most evidence cuts the
page, as wrapper induction finds the repeated record of an HTML listing. A page without a repeated
record is one post.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from notebase.importers.archive import GLYPH, HEADER, title_text
from notebase.importers.blocks import BACKREF, BARE_URL, MORE
from notebase.importers.posts import is_dateline, is_title_case

BYLINE = re.compile(
    r"^(?:by|posted(?:\s+(?:on|by|in))?|written by|published(?:\s+on)?|author:|filed under)\s"
    r"|\b\d+\s+min(?:ute)?s?\s+read\b|\s[·|•]\s",
    re.I,
)
TLDR = re.compile(r"(?:^|[·|•—–-]\s*)tl;?\s?dr\b|\btl;?\s?dr\s*[:—–-]", re.I)
TLDR_START = re.compile(r"^tl;?\s?dr\b", re.I)
FEATURED = re.compile(
    r"\b(?:featured in|as seen in|originally (?:published|posted) (?:in|on|at)|appeared in"
    r"|included in|from (?:the )?(?:issue|newsletter)|issue\s*#?\s*\d+|\bnewsletter\b)",
    re.I,
)
SEPARATOR = re.compile(r"^\s*(?:[-=*_~·•]\s*){3,}$")
TITLE_MAX_WORDS = 20
TITLE_MAX_CHARS = 160
WINDOW = 2  # non-blank lines after a title that may carry its byline, date, tl;dr
NAME_MAX_WORDS = 4  # an author's name on its own line
HEAD_MAX = 3  # lines glued under a title that may be its head (author, tl;dr, "featured in")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A line that could open a post: its shape, its evidence, its title text."""

    index: int  # 0-based line index
    shape: tuple[str, ...]  # the grouping key
    evidence: int
    title: str
    marker_at: int = -1  # the first byline / date / tl;dr line of its head (-1: none)
    titled: bool = False  # Title Case, or led by a glyph over an indented body


@dataclass(frozen=True, slots=True)
class Records:
    """The chosen cut: title line indexes, their titles, and a word for the shape that chose them."""

    starts: tuple[int, ...]
    titles: tuple[str, ...]
    shape: str  # the record shape in words


def indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def strip_glyph(text: str) -> tuple[str, str]:
    """(glyph class, text without it): `•`, `1.` -> `#`, `##` -> `h`, or ''."""
    m = GLYPH.match(text)
    if not m:
        return "", text
    glyph = m.group("glyph")
    kind = "#" if glyph[0].isdigit() else "h" if glyph.startswith("#") else "•"
    return kind, text[m.end() :]


MARKER_MAX_WORDS = 40  # a byline / tl;dr / "featured in" line, not a paragraph that mentions one


def marker_kinds(text: str) -> set[str]:
    """What a line next to a title says about the record: byline, date, tldr, featured, url."""
    body = text.strip()
    if BARE_URL.match(body):
        return {"url"}
    kinds = set()
    short = len(body.split()) <= MARKER_MAX_WORDS
    if TLDR_START.match(body) or (short and TLDR.search(body[:80])):
        kinds.add("tldr")
    if short and FEATURED.search(body):
        kinds.add("featured")
    if (len(body.split()) <= 14 or kinds) and BYLINE.search(body):
        kinds.add("byline")
    if is_dateline(body):
        kinds.add("date")
    return kinds


def marker_kind(text: str) -> str:
    """One of the line's marker kinds ('' for none)."""
    return min(marker_kinds(text), default="")


def closes_record(text: str) -> bool:
    """A line that ends a listed post: `Read more…`, `Continue reading`, `» 7/21/15`, a rule."""
    body = text.strip()
    return bool(SEPARATOR.match(body) or MORE.search(body[-80:]) or marker_kind(body) == "date")


def next_lines(lines: Sequence[str], i: int, count: int) -> list[int]:
    out: list[int] = []
    for j in range(i + 1, len(lines)):
        if lines[j].strip():
            out.append(j)
            if len(out) == count:
                break
    return out


def glued_lines(lines: Sequence[str], i: int) -> list[int]:
    """The lines right under line i, before a blank line (at most HEAD_MAX)."""
    out: list[int] = []
    for j in range(i + 1, min(i + 1 + HEAD_MAX, len(lines))):
        if not lines[j].strip():
            break
        out.append(j)
    return out


def head_lines(lines: Sequence[str], i: int) -> list[int]:
    """The lines after line i that may still be its head: the lines glued under it; else the next
    non-blank line, and the one after it unless the first is already body text."""
    if glued := glued_lines(lines, i):
        return glued
    after = next_lines(lines, i, WINDOW)
    if len(after) > 1 and not marker_kind(lines[after[0]]) and is_prose(lines[after[0]]):
        return after[:1]
    return after


def is_prose(text: str) -> bool:
    """A line of body text: a finished sentence, or longer than a title."""
    body = text.strip()
    return body.endswith((".", "!", "?", "…")) or len(body.split()) > TITLE_MAX_WORDS


def is_name(text: str) -> bool:
    """A bare author line: two to four capitalised words, no digits or punctuation."""
    words = text.split()
    return 2 <= len(words) <= NAME_MAX_WORDS and all(
        w[:1].isupper() and w.replace(".", "").replace("-", "").isalpha() for w in words
    )


def prev_line(lines: Sequence[str], i: int) -> int:
    for j in range(i - 1, -1, -1):
        if lines[j].strip():
            return j
    return -1


def dated_title(body: str) -> bool:
    """`Title | 1 October 2021`: a title with its date after a separator."""
    head, sep, tail = body.rpartition(" | ")
    return bool(sep and head.strip() and marker_kind(tail) == "date" and not marker_kind(head))


def could_be_title(text: str) -> bool:
    body = title_text(text)
    words = body.split()
    return (
        0 < len(words) <= TITLE_MAX_WORDS
        and len(body) <= TITLE_MAX_CHARS
        and body[-1] not in ":;,"
        and not (marker_kind(body) and not TLDR.search(body) and not dated_title(body))
        and not TLDR_START.match(body)
        and not closes_record(body)
        and not BACKREF.search(body)
        and not HEADER.match(body)
        and not re.match(r"^(?:tl;?dr|eval)\s*:", body, re.I)
    )


def standalone(lines: Sequence[str], i: int, dense: bool) -> bool:
    """A line alone in its paragraph (a dense page has no blank lines: every line is alone), or a
    glyph line over an indented body."""
    after = next_lines(lines, i, 1)
    nxt = lines[after[0]] if after else ""
    if dense or (GLYPH.match(lines[i].strip()) and indent_of(nxt) > indent_of(lines[i])):
        return True
    before = i == 0 or not lines[i - 1].strip()
    glued = glued_lines(lines, i)
    headed = any(marker_kind(lines[j]) for j in glued)
    return before and (not glued or headed or indent_of(nxt) > indent_of(lines[i]))


def candidate(lines: Sequence[str], i: int, dense: bool) -> Candidate | None:
    """The shape and evidence of line i as a post title, or None when it cannot be one."""
    line = lines[i]
    glyph, text = strip_glyph(line.strip())
    after = head_lines(lines, i)
    outdent = bool(after) and indent_of(lines[after[0]]) > indent_of(line)
    over_body = bool(glyph) and outdent and len(text) <= TITLE_MAX_CHARS  # any text: `  • Title`
    if not (over_body or could_be_title(text)) or not standalone(lines, i, dense):
        return None
    markers = {kind for j in after for kind in marker_kinds(lines[j])}
    before = prev_line(lines, i)
    evidence = 3 * outdent + (1 if glyph and outdent else 0)
    evidence += 2 * len(markers - {"url"}) + ("url" in markers)
    evidence += 2 if before >= 0 and closes_record(lines[before]) else 0
    titled = is_title_case(text)
    evidence += 1 if titled else 0
    evidence -= 1 if text.endswith(".") and not markers else 0
    indent = min(indent_of(line), 4)
    shape: tuple[str, ...]
    if glyph and outdent:
        shape = ("glyph", str(indent), glyph)
    elif glyph in ("#", "h"):  # `1. Title` / `## Title` alone over a body: a numbered heading
        evidence += 3
        shape = ("numbered", str(indent), glyph)
    elif markers:
        shape = ("context", str(indent), glyph)
    elif before >= 0 and closes_record(lines[before]):  # what closes a record is the evidence
        shape = ("closed", str(indent), glyph)
    else:
        end = "." if text.endswith(".") else ""
        shape = ("plain", str(indent), glyph, end, "Title" if titled else "other")
    marked = [j for j in after if marker_kind(lines[j])]
    strong = titled or bool(glyph and outdent)
    return Candidate(i, shape, evidence, text.strip(), marked[0] if marked else -1, strong)


def one_per_head(cands: Sequence[Candidate]) -> list[Candidate]:
    """Two candidates before one byline / tl;dr line: the title is the earlier only when it looks
    more like one (the later is an aside under it) and the later is not right above the byline,
    else the later (the earlier is an intro)."""
    kept: list[Candidate] = []
    for cand in cands:
        prev = kept[-1] if kept else None
        if prev is not None and prev.marker_at > cand.index and prev.marker_at == cand.marker_at:
            right_above = cand.marker_at == cand.index + 1 and not is_name(cand.title)
            if prev.titled and (not cand.titled or is_name(cand.title)) and not right_above:
                continue
            kept.pop()
        kept.append(cand)
    return kept


STRONG = 2.5  # mean evidence of a group that cuts the page on its own
SHORT_BODY_LINES = 8  # a link item's commentary: a few lines, not an essay section


def with_bodies(lines: Sequence[str], group: Sequence[Candidate]) -> list[Candidate]:
    """Drop members with nothing between them and the next member (a section heading over a run)."""
    kept: list[Candidate] = []
    for k, cand in enumerate(group):
        end = group[k + 1].index if k + 1 < len(group) else len(lines)
        if any(lines[j].strip() for j in range(cand.index + 1, end)):
            kept.append(cand)
    return kept


def short_bodies(lines: Sequence[str], group: Sequence[Candidate]) -> bool:
    """Every record but the last (which runs to the page's end) has a short body."""
    return all(
        sum(1 for j in range(a.index + 1, b.index) if lines[j].strip()) <= SHORT_BODY_LINES
        for a, b in itertools.pairwise(group)
    )


LINK_TITLE_WORDS = 5  # a linked page's title, longer than an essay's subheading


def is_link_list(lines: Sequence[str], group: Sequence[Candidate]) -> bool:
    """Three or more title lines with short commentary under each (a roundup's linked items):
    Title Case or long enough to be a page's title, none a sentence ending in a full stop."""
    titled = group[0].shape[-1] == "Title"
    words = sum(len(c.title.split()) for c in group) / len(group)
    return (
        len(group) >= 3
        and (titled or words >= LINK_TITLE_WORDS)
        and not any(c.title.endswith(".") for c in group)
        and short_bodies(lines, group)
    )


def group_score(lines: Sequence[str], group: Sequence[Candidate]) -> int:
    """The group's total evidence when it is a repeated record, else 0."""
    if len(group) < 2:
        return 0
    total = sum(c.evidence for c in group)
    if total >= STRONG * len(group) and group[0].shape[0] != "plain":
        return total
    if group[0].shape[0] == "closed" and len(group) >= 3:  # each title after a closing line
        return total
    if group[0].shape[0] == "plain" and is_link_list(lines, group):
        return max(total, len(group))
    if total >= STRONG * len(group) and (len(group) >= 3 or closed_records(lines, group)):
        return total
    return 0


def archive_score(group: Sequence[Candidate]) -> int:
    """Plain title lines under an archive header: two or more, none a finished sentence."""
    plain = bool(group) and group[0].shape[0] == "plain"
    if not plain or len(group) < 2 or any(c.title.endswith(".") for c in group):
        return 0
    return max(1, sum(c.evidence for c in group))


def closed_records(lines: Sequence[str], group: Sequence[Candidate]) -> bool:
    """Every record after the first follows a line that closes the one before (Read more, a date)."""
    return all((j := prev_line(lines, c.index)) >= 0 and closes_record(lines[j]) for c in group[1:])


def same_glyph_lines(lines: Sequence[str], group: Sequence[Candidate]) -> list[Candidate]:
    """Every line with the records' glyph at their indent starts a record, even one with no
    body under it (a post that lost its text is still a post, reported as empty)."""
    indent, glyph = group[0].shape[1], group[0].shape[2]
    known = {c.index for c in group}
    out = list(group)
    for i, line in enumerate(lines):
        mark, text = strip_glyph(line.strip())
        if i not in known and mark == glyph and str(min(indent_of(line), 4)) == indent and text:
            out.append(Candidate(i, group[0].shape, 0, text.strip()))
    return sorted(out, key=lambda c: c.index)


def is_dense(lines: Sequence[str]) -> bool:
    """A page of hardly any blank line between its first and last line of text (a file's final
    line break, or blank lines around the text, are none of its layout)."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled:
        return False
    text = lines[filled[0] : filled[-1] + 1]
    blank = len(text) - len(filled)
    return len(text) > 3 and blank * 20 < len(text)


def find_records(lines: Sequence[str]) -> Records | None:
    """The repeated record that best explains the page, or None (the page is one post). Under a
    `Tag:` / `Category:` header the page says it lists posts, so plain title lines will do."""
    head = next((line for line in lines if line.strip()), "")
    archive = HEADER.match(head.strip()) is not None
    dense = is_dense(lines)
    found = [c for i in range(len(lines)) if (c := candidate(lines, i, dense)) is not None]
    groups: dict[tuple[str, ...], list[Candidate]] = {}
    for cand in one_per_head(found):
        groups.setdefault(cand.shape, []).append(cand)
    best: tuple[int, list[Candidate]] | None = None
    for group in groups.values():
        kept = list(group) if group[0].shape[0] == "glyph" else with_bodies(lines, group)
        score = group_score(lines, kept)
        if score and (best is None or score > best[0]):
            best = (score, kept)
    if best is None and archive:  # plain title lines of any case under the header
        plain = [c for c in found if c.shape[0] == "plain" and not c.title.endswith(".")]
        kept = with_bodies(lines, plain)
        best = (score, kept) if (score := archive_score(kept)) else None
    if best is None:
        return None
    chosen = best[1]
    if chosen[0].shape[0] == "plain" and chosen[0].shape[-1] == "Title":
        chosen = with_other_case(lines, chosen, groups.get((*chosen[0].shape[:-1], "other"), []))
    if chosen[0].shape[0] == "glyph":
        chosen = same_glyph_lines(lines, chosen)
    if chosen[0].shape[0] == "closed":
        chosen = with_first_record(lines, found, chosen)
    first = next((i for i, line in enumerate(lines) if line.strip()), 0)
    if chosen[0].index == first and all(c.evidence <= 1 for c in chosen) and len(chosen) > 2:
        chosen = chosen[1:]  # the page's own title over weak Title Case records: the roundup's
    return Records(
        tuple(c.index for c in chosen), tuple(c.title for c in chosen), describe(chosen[0].shape)
    )


SENTENCE_TITLE_WORDS = 4  # a title in sentence case is longer than a section's name (`Key ideas`)


def with_other_case(
    lines: Sequence[str], titled: Sequence[Candidate], others: Sequence[Candidate]
) -> list[Candidate]:
    """Title Case records with the few lines among them laid out as they are but in another case
    (`MAP-Elites`, `Towards an AI co-scientist`): a name of one word, or a title in sentence case
    of SENTENCE_TITLE_WORDS or more (not a section's `Key ideas`), after the body of a record (not
    right under a title: that is its body) and over a body of its own, in a list whose every
    record has a short body, is one of them too."""
    starts = {c.index for c in titled}
    among: list[Candidate] = []
    for cand in others:
        named = len(cand.title.split()) >= SENTENCE_TITLE_WORDS or (
            cand.title[:1].isupper() and " " not in cand.title
        )
        if named and cand.index > titled[0].index and prev_line(lines, cand.index) not in starts:
            among.append(cand)
            starts.add(cand.index)
    if not among or len(among) * 2 > len(titled):
        return list(titled)
    merged = with_bodies(lines, sorted([*titled, *among], key=lambda c: c.index))
    whole = len(merged) == len(titled) + len(among) and short_bodies(lines, merged)
    return merged if whole else list(titled)


def card_heads(lines: Sequence[str], starts: Sequence[int]) -> list[int] | None:
    """Where each record begins when a short paragraph of its own stands above its title, opened
    by the same line above every title (a card's category, then its picture's text) or by a date
    above each (the first title's too: a date closing each record would stand above none), each
    record above keeping a body of its own: the first line of each such paragraph; else None."""
    heads = [paragraph_above(lines, start) for start in starts]
    if len(starts) < 2 or min(heads) < 0:
        return None
    dated = all(marker_kind(lines[h]) == "date" for h in heads)
    if dated and marker_kind(lines[prev_line(lines, len(lines))]) == "date":
        return None  # the last record ends with a date too: each date closes its record
    if not dated and len({lines[h].strip() for h in heads}) != 1:
        return None
    for above, head in zip(starts, heads[1:], strict=False):
        if not any(lines[j].strip() for j in range(above + 1, head)):
            return None
    return heads


def paragraph_above(lines: Sequence[str], start: int) -> int:
    """The first line of the paragraph of at most HEAD_MAX lines standing right above line
    `start`, a blank line between them (-1: none)."""
    last = prev_line(lines, start)
    if last < 0 or last == start - 1:
        return -1
    top = last
    while top > 0 and lines[top - 1].strip():
        top -= 1
    return top if last - top < HEAD_MAX else -1


def with_first_record(
    lines: Sequence[str], found: Sequence[Candidate], group: Sequence[Candidate]
) -> list[Candidate]:
    """Records known by the line closing the one before them: the first has no such line, so it is
    the nearest title line above the second with a body between them."""
    above = [c for c in found if c.index < group[0].index]
    if not above or not any(lines[j].strip() for j in range(above[-1].index + 1, group[0].index)):
        return list(group)
    return [above[-1], *group]


def describe(shape: tuple[str, ...]) -> str:
    """The record shape in words, for the import report."""
    kind, indent, glyph = shape[0], shape[1], shape[2]
    at = f", indented {indent}" if indent != "0" else ""
    if kind == "glyph":
        return f"`{glyph}` title lines over an indented body{at}"
    if kind == "numbered":
        return f"{'numbered' if glyph == '#' else '`#`'} headings over a body{at}"
    if kind == "closed":
        return f"title lines after a line closing the post before (Read more, a date, `[…]`){at}"
    if kind == "context":
        return f"title lines with a byline, date, tl;dr or 'featured in' under them{at}"
    case = " in Title Case" if shape[-1] == "Title" else ""
    return f"plain title lines{case} over short text{at}"
