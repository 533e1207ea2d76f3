"""Score the importer against the seed answer keys: precision and recall per recovered field.

Run `PYTHONPATH=src python tests/importers/score_seeds.py [SEEDS_DIR]` to print the table.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notebase.importers.blocks import NUMBER
from notebase.importers.markup import footnote_refs
from notebase.importers.model import BlockKind, ImportedPost, ParsedArchive
from notebase.importers.posts import find_urls
from notebase.importers.reader import read_archive

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
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
    got = [p.title for p in archive.posts] + sections * any(
        b.kind is BlockKind.HEADING and b.text.strip() in sections
        for p in archive.posts
        for b in p.blocks
    )
    totals["titles"] = compare(got, want)
    return totals


def score_seed(path: Path) -> dict[str, Score]:
    key = json.loads((path.parent / "keys" / f"{path.stem}.json").read_text(encoding="utf-8"))
    return score_archive(read_archive(path.read_text(encoding="utf-8"), path.name, path.name), key)


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


def main(argv: list[str]) -> int:
    seeds = Path(argv[1]) if len(argv) > 1 else SEEDS
    scores = {p.name: score_seed(p) for p in sorted(seeds.glob("*.txt"))}
    sys.stdout.write(format_table(scores) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
