"""Score the importer against hand-made answer keys: precision and recall per recovered field.

Run `PYTHONPATH=src python tests/importers/score_seeds.py [DIR...]` to print the table: the seeds by
default; `tests/importers/corpus` for the development corpus (its keys give posts, titles and quotes).
Every page is also scored for the posts it was cut into (`posts_off`: key posts not started where the
key starts them, plus posts the key does not have) and for token recall (the source's words found again
in the written notes and collection descriptions).
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notebase.importers.blocks import NUMBER
from notebase.importers.markup import footnote_refs
from notebase.importers.model import BlockKind, ImportedPost, ParsedArchive
from notebase.importers.posts import find_urls
from notebase.importers.reader import read_archive
from notebase.importers.render import note_text


def find_seeds(start: Path) -> Path:
    """/work/shared/seeds: the first `shared/seeds` beside an ancestor of this file (a worktree nests deeper)."""
    for parent in start.parents:
        if (parent / "shared" / "seeds").is_dir():
            return parent / "shared" / "seeds"
    return start.parents[2].parent / "shared" / "seeds"


SEEDS = find_seeds(Path(__file__).resolve())
CORPUS = Path(__file__).resolve().parent / "corpus"
LABELS = Counter(dict.fromkeys(("tl", "dr", "tldr", "tag", "category"), 10**9))  # become keys
FIELDS = (
    "titles",
    "urls",
    "link_titles",
    "tldr",
    "footnotes",
    "footnote_refs",
    "code_blocks",
    "lists",
    "headings",
    "quotes",
)


@dataclass(frozen=True)
class Score:
    tp: int
    fp: int
    fn: int

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def compare(found: Iterable[Any], expected: Iterable[Any], ignore: Iterable[Any] = ()) -> Score:
    got, want, skip = set(found), set(expected), set(ignore)
    return Score(len(got & want), len(got - want - skip), len(want - got))


def post_line(post: ImportedPost) -> int:
    return int(post.origin.rpartition(":")[2])


def found_refs(post: ImportedPost) -> set[tuple[int, int]]:
    numbers = [
        m.group("n")
        for b in post.blocks
        if b.kind is BlockKind.FOOTNOTE
        if (m := NUMBER.match(b.lines[0].text))
    ]
    pattern = footnote_refs(numbers)
    if pattern is None:
        return set()
    return {
        (int(m.group("n")), line.number)
        for b in post.blocks
        if b.kind not in (BlockKind.CODE, BlockKind.FOOTNOTE)
        for line in b.lines
        for m in pattern.finditer(line.text)
    }


def post_fields(post: ImportedPost) -> dict[str, set[Any]]:
    """What the importer recovered for one post, in the key's terms."""
    blocks = post.blocks
    kinds = {BlockKind.BULLETS: "bullet", BlockKind.NUMBERED: "numbered"}
    return {
        "urls": set(find_urls(blocks)) | ({post.url} if post.url else set()),
        "link_titles": {post.source_title} - {""},
        "tldr": {post.tldr[:60]} - {""},
        "footnotes": {
            (int(m.group("n")), b.first_line)
            for b in blocks
            if b.kind is BlockKind.FOOTNOTE and (m := NUMBER.match(b.lines[0].text))
        },
        "footnote_refs": found_refs(post),
        "code_blocks": {
            (b.first_line, b.lines[-1].number) for b in blocks if b.kind is BlockKind.CODE
        },
        "lists": {
            (kinds[b.kind], b.first_line, b.lines[-1].number) for b in blocks if b.kind in kinds
        },
        "headings": {b.text.strip() for b in blocks if b.kind is BlockKind.HEADING},
        "quotes": {b.first_line for b in blocks if b.quoted},
    }


def entry_fields(entry: dict[str, Any]) -> tuple[dict[str, set[Any]], dict[str, set[Any]]]:
    """(expected values, values not to be scored either way) of one key entry."""
    possible = {
        n
        for q in entry.get("possible_quotes", [])
        for n in range(q["line"], q.get("line_end", q["line"]) + 1)
    }
    ambiguous = {a["text"] for a in entry.get("ambiguous_link_title_lines", [])}
    expected = {
        "urls": set(entry.get("urls", [])),
        "link_titles": set(entry.get("link_titles", [])),
        "tldr": {entry["tldr"][:60]} if entry.get("tldr") else set(),
        "footnotes": {(f["n"], f["line"]) for f in entry.get("footnotes", [])},
        "footnote_refs": {(r["n"], r["line"]) for r in entry.get("footnote_ref_details", [])},
        "code_blocks": {tuple(c["line_range"]) for c in entry.get("code_blocks", [])},
        "lists": {(d["kind"], *d["line_range"]) for d in entry.get("list_details", [])},
        "headings": set(entry.get("subheadings", [])),
        "quotes": {q["line"] for q in entry.get("quotes", [])},
    }
    return expected, {"quotes": possible, "link_titles": ambiguous}


def score_archive(archive: ParsedArchive, key: dict[str, Any]) -> dict[str, Score]:
    """Per-field scores of one parsed archive against its answer key."""
    entries = {e["title_line"]: e for e in key["entries"] if e.get("kind") != "section"}
    sections = [e["title"] for e in key["entries"] if e.get("kind") == "section"]
    totals = {f: Score(0, 0, 0) for f in FIELDS}
    for post in archive.posts:
        found = post_fields(post)
        entry = entries.get(post_line(post))
        expected, ignore = entry_fields(entry) if entry else ({}, {})
        if not entry:
            found["headings"] -= set(sections)
        for field in FIELDS[1:]:
            s = compare(found[field], expected.get(field, set()), ignore.get(field, set()))
            t = totals[field]
            totals[field] = Score(t.tp + s.tp, t.fp + s.fp, t.fn + s.fn)
    want = [e["title"] for e in key["entries"]] + [t for t in [key.get("collection_title")] if t]
    described = [c.description for c in archive.collections]
    got = (
        [p.title for p in archive.posts]
        + described
        + sections
        * any(
            b.kind is BlockKind.HEADING and b.text.strip() in sections
            for p in archive.posts
            for b in p.blocks
        )
    )
    totals["titles"] = compare(got, want)
    return totals


def source_tokens(text: str) -> Counter[str]:
    """Words and numbers, case-folded; a digit run glued to a word counts apart (`striding1`)."""
    return Counter(t.casefold() for t in re.findall(r"[^\W\d_]+|\d+", text))


def token_recall(text: str, archive: ParsedArchive) -> float:
    """The share of the source's tokens found again in the notes and collection descriptions."""
    want = source_tokens(text) - LABELS
    out = "\n".join(note_text(post) for post in archive.posts)
    out += "\n".join(f"{c.name} {c.description}" for c in archive.collections)
    got = source_tokens(out)
    kept = sum(min(n, got[t]) for t, n in want.items())
    return kept / sum(want.values()) if want else 1.0


def key_starts(key: dict[str, Any]) -> list[tuple[int, int]]:
    """(first line, title line) of every post the key has (a seed key's sections are not posts)."""
    return [
        (e.get("start_line", e["title_line"]), e["title_line"])
        for e in key["entries"]
        if e.get("kind") != "section"
    ]


def posts_off(archive: ParsedArchive, key: dict[str, Any]) -> int:
    """Key posts no found post starts (between their first and title line) + found posts unmatched.

    A seed's series note (titled by its `collection_title`) is not counted either way."""
    spans = key_starts(key)
    series = key.get("collection_title")
    found = [post_line(p) for p in archive.posts if p.title != series or "split" in key]
    missed = sum(1 for lo, hi in spans if not any(lo <= n <= hi for n in found))
    extra = sum(1 for n in found if not any(lo <= n <= hi for lo, hi in spans))
    return missed + extra


def page_titles(archive: ParsedArchive, key: dict[str, Any]) -> Score:
    """Titles of a corpus page: a post found where the key has no title (lost in the dump) is skipped."""
    untitled = [(e["start_line"], e["title_line"]) for e in key["entries"] if e["title"] is None]
    got = [
        p.title for p in archive.posts if not any(lo <= post_line(p) <= hi for lo, hi in untitled)
    ]
    return compare(got, [e["title"] for e in key["entries"] if e["title"] is not None])


def score_page(archive: ParsedArchive, key: dict[str, Any]) -> dict[str, Score]:
    """A corpus page: titles and quotes (by line) against its key."""
    quotes = {b.first_line for p in archive.posts for b in p.blocks if b.quoted}
    want = {q["line"] for e in key["entries"] for q in e.get("quotes", [])}
    maybe = {q["line"] for e in key["entries"] for q in e.get("possible_quotes", [])}
    return {"titles": page_titles(archive, key), "quotes": compare(quotes, want, maybe)}


@dataclass(frozen=True)
class PageScore:
    fields: dict[str, Score]
    posts_off: int
    token_recall: float
    split: str


def score_file(path: Path) -> PageScore:
    """Import one page and score it against `keys/<stem>.json` beside it."""
    key = json.loads((path.parent / "keys" / f"{path.stem}.json").read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    archive = read_archive(text, path.name, path.name)
    fields = score_page(archive, key) if "split" in key else score_archive(archive, key)
    split = key.get("split", "seed")
    return PageScore(fields, posts_off(archive, key), token_recall(text, archive), split)


def score_seed(path: Path) -> dict[str, Score]:
    return score_file(path).fields


def format_table(scores: dict[str, dict[str, Score]]) -> str:
    """One row per seed and field: tp/fp/fn, precision, recall."""
    rows = [f"{'seed':<28} {'field':<14} {'tp':>4} {'fp':>4} {'fn':>4} {'prec':>6} {'recall':>6}"]
    for seed, fields in scores.items():
        for field, s in fields.items():
            rows.append(
                f"{seed:<28} {field:<14} {s.tp:>4} {s.fp:>4} {s.fn:>4} "
                f"{s.precision:>6.3f} {s.recall:>6.3f}"
            )
    return "\n".join(rows)


def add(a: Score, b: Score) -> Score:
    return Score(a.tp + b.tp, a.fp + b.fp, a.fn + b.fn)


def format_pages(pages: dict[str, PageScore]) -> str:
    """Per page: posts off, titles and quotes (tp/fp/fn), token recall; then totals per split."""
    rows = [f"{'page':<40} {'split':<8} {'off':>3} {'titles':>9} {'quotes':>9} {'tokens':>6}"]
    totals: dict[str, list[Any]] = {}
    for name, s in pages.items():
        t, q = s.fields["titles"], s.fields["quotes"]
        rows.append(
            f"{name[:40]:<40} {s.split:<8} {s.posts_off:>3} {t.tp:>3}/{t.fp}/{t.fn:<3} "
            f"{q.tp:>3}/{q.fp}/{q.fn:<3} {s.token_recall:>6.3f}"
        )
        tot = totals.setdefault(s.split, [0, 0, Score(0, 0, 0), Score(0, 0, 0), 1.0])
        tot[0] += s.posts_off <= 1
        tot[1] += 1
        tot[2], tot[3] = add(tot[2], t), add(tot[3], q)
        tot[4] = min(tot[4], s.token_recall)
    for split, (ok, n, t, q, tokens) in totals.items():
        rows.append(
            f"{split}: {ok}/{n} pages at most one post off; titles {t.tp}/{t.tp + t.fn} exact "
            f"({t.fp} wrong); quotes precision {q.precision:.2f} recall {q.recall:.2f}; "
            f"least token recall {tokens:.3f}"
        )
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    dirs = [Path(a) for a in argv[1:]] or [SEEDS]
    pages = {p.name: score_file(p) for d in dirs for p in sorted(d.glob("*.txt"))}
    seeds = {name: s.fields for name, s in pages.items() if s.split == "seed"}
    if seeds:
        sys.stdout.write(format_table(seeds) + "\n")
    sys.stdout.write(format_pages(pages) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
