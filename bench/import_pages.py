"""Benchmark: `notebase import` of saved web pages, scored against answer keys of their article.

Usage: .venv/bin/python bench/import_pages.py PAGES [--only NAME...] [--json OUT] [--against OLD]

PAGES is Mozilla Readability's test corpus (github.com/mozilla/readability, `test/test-pages`): one
folder per page holding `source.html` (the saved page), `expected.html` (the article's body as
Readability extracts it) and `expected-metadata.json` (its title and byline). Each page is imported
as `notebase import` reads it, and scored for:

- title: the note's title equals the key's (spaces folded);
- byline: the key names one, and the note's authors hold one of its words;
- recall: the share of the key article's words found in the note's body;
- precision: the share of the note's body words found in the key article.

Words are counted with their repeats. The keys are Readability's own heuristics: a mismatch is a lead
to look at the page, not proof of a fault. Prints a row per page and the totals; with `--against`
a run's `--json`, also every page scoring lower on any count than it did then.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser

from notebase.importers.formats import read_input
from notebase.importers.model import ImportedPost
from notebase.importers.render import render_body

_WORD = re.compile(r"\w+")
_LINK_TARGET = re.compile(r"\]\([^)\s]*(?:\s+\"[^\"]*\")?\)|<https?://[^>]*>")


@dataclass(frozen=True)
class PageScore:
    name: str
    posts: int
    title_ok: bool
    byline_expected: bool
    byline_ok: bool
    recall: float
    precision: float
    title: str
    expected_title: str


def words(text: str) -> Counter[str]:
    return Counter(w.casefold() for w in _WORD.findall(text))


def body_words(posts: tuple[ImportedPost, ...]) -> Counter[str]:
    """The words of the notes' bodies, link targets left out (only their text is read)."""
    return sum((words(_LINK_TARGET.sub("]", render_body(p))) for p in posts), Counter())


def folded(text: str | None) -> str:
    return " ".join((text or "").split())


def main_post(posts: tuple[ImportedPost, ...]) -> ImportedPost | None:
    """The post holding the most text: the page's article when it was cut into several."""
    return max(posts, key=lambda p: len(render_body(p)), default=None)


def byline_found(post: ImportedPost | None, byline: str) -> bool:
    said = words(byline)
    return post is not None and any(words(a).keys() & said.keys() for a in post.authors)


def score_page(folder: Path) -> PageScore:
    source = (folder / "source.html").read_text(encoding="utf-8", errors="replace")
    key = json.loads((folder / "expected-metadata.json").read_text(encoding="utf-8"))
    expected_html = (folder / "expected.html").read_text(encoding="utf-8", errors="replace")
    expected = words(LexborHTMLParser(expected_html).text(separator=" "))
    posts = read_input(source, "source.html", f"{folder.name}/source.html").posts
    got = body_words(posts)
    common = sum((got & expected).values())
    post = main_post(posts)
    title = folded(post.title if post else "")
    byline = folded(key.get("byline"))
    return PageScore(
        name=folder.name,
        posts=len(posts),
        title_ok=title == folded(key.get("title")),
        byline_expected=bool(byline),
        byline_ok=bool(byline) and byline_found(post, byline),
        recall=common / sum(expected.values()) if expected else 1.0,
        precision=common / sum(got.values()) if got else 0.0,
        title=title,
        expected_title=folded(key.get("title")),
    )


def print_table(scores: list[PageScore]) -> None:
    print(f"{'page':40} {'posts':>5} {'title':>5} {'byline':>6} {'recall':>6} {'prec':>6}")
    for s in scores:
        byline = ("yes" if s.byline_ok else "no") if s.byline_expected else "-"
        title = "yes" if s.title_ok else "no"
        print(
            f"{s.name[:40]:40} {s.posts:5} {title:>5} {byline:>6} {s.recall:6.2f} {s.precision:6.2f}"
        )
    titles = sum(s.title_ok for s in scores)
    bylines = sum(s.byline_ok for s in scores)
    expected = sum(s.byline_expected for s in scores)
    print(
        f"\n{len(scores)} pages: title exact {titles}/{len(scores)}, byline {bylines}/{expected}, "
        f"mean recall {statistics.mean(s.recall for s in scores):.3f}, "
        f"mean precision {statistics.mean(s.precision for s in scores):.3f}"
    )


def lowered(scores: list[PageScore], old: Path) -> list[str]:
    """The pages scoring lower on any count than in the run saved in `old`, with the counts."""
    before = {s["name"]: s for s in json.loads(old.read_text(encoding="utf-8"))}
    found = []
    for s in scores:
        then = before.get(s.name)
        if then is None:
            continue
        worse = [
            f"{k} {then[k]:.3f} -> {getattr(s, k):.3f}"
            for k in ("title_ok", "byline_ok", "recall", "precision")
            if getattr(s, k) < then[k] - 1e-9
        ]
        if worse:
            found.append(f"{s.name}: {', '.join(worse)}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", type=Path, help="readability's test/test-pages folder")
    parser.add_argument("--only", nargs="*", default=[], help="score only these pages")
    parser.add_argument("--json", type=Path, help="write the scores here, to compare two runs")
    parser.add_argument("--against", type=Path, help="a run's --json: list the pages now worse")
    args = parser.parse_args()
    folders = sorted(p for p in args.pages.iterdir() if (p / "source.html").is_file())
    scores = [score_page(f) for f in folders if not args.only or f.name in args.only]
    print_table(scores)
    if args.against:
        worse = lowered(scores, args.against)
        print(f"{len(worse)} pages score lower than in {args.against}")
        print("\n".join(worse))
    if args.json:
        args.json.write_text(json.dumps([asdict(s) for s in scores], indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
