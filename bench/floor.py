"""Benchmark: how close the parse and render stages come to the floor of their libraries, per core.

Usage: .venv/bin/python bench/floor.py [--sizes 1000] [--runs 3] [--work DIR] [--baseline CHECKOUT]

On a generated corpus (as in bench/bench.py), each run in a fresh process on one core, CPU seconds:
  bare     markdown-it-py alone: MarkdownIt("commonmark").render of every note's body (the text
           after its front matter); MB/s of that markdown. The floor of the parse stage.
  parse    parse_note over the same notes (front matter, one markdown parse with our rules and
           plugins, Pygments, MathML, quotes, links): MB/s of the same markdown, and the ratio
           to the bare library (1.00 would be the floor); of which our markdown-it parser's
           parse alone (no render) and Pygments (the other library floor: code blocks).
  render   every page rendered by its Jinja template: pages/s and MB/s of the HTML written.
  build    the whole clean build (jobs 1, no search index), of which "rest" is what is neither
           parse nor render (indexing, planning, writing).
Parse and render are timed inside that build (the build's own calls, wrapped).

--baseline CHECKOUT times another checkout's notebase (its .venv/bin/python, `make .venv/.installed`
there) in the same rounds, this then that, then that then this, ...: both see the same drift in
load. It prints both medians, their ratio (this / baseline) and whether the two sites of the last
round are byte for byte the same.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import baseline_install, corpus_parser, generate, sizes_of, work_of
from vaults import same_tree

STAGES = ("bare", "bare_parse", "parse", "md_parse", "pygments", "render", "rest", "build")


def cpu() -> float:
    return time.process_time()


def bodies(notes: Path) -> list[str]:
    """Each note's markdown after its front matter, in path order."""
    from notebase.reading.frontmatter import split_front_matter

    texts = [p.read_text(encoding="utf-8") for p in sorted(notes.rglob("*.md"))]
    return [split.body if (split := split_front_matter(t)) else t for t in texts]


def time_bare(texts: list[str], render: bool) -> float:
    """markdown-it-py's CommonMark parser alone: render (parse and render), or parse only."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    run = md.render if render else md.parse
    start = cpu()
    for text in texts:
        run(text)
    return cpu() - start


def timed(module: Any, name: str, spent: list[float], sizes: list[int]) -> None:
    """Wrap module.name so that the CPU seconds of its calls add up in `spent`, and the length
    of each str (UTF-8) or bytes it returns in `sizes`."""
    inner: Callable[..., Any] = getattr(module, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = cpu()
        result = inner(*args, **kwargs)
        spent.append(cpu() - start)
        if isinstance(result, bytes | str):
            sizes.append(len(result.encode("utf-8") if isinstance(result, str) else result))
        return result

    setattr(module, name, wrapper)


def time_parts() -> dict[str, list[float]]:
    """Inside parse_note: our markdown-it parser's parse (CommonMark, GFM, plugins, our rules)
    and Pygments, wrapped in place; the lists fill as the build runs."""
    import notebase.markdown.highlight as highlight
    from notebase.markdown.parser import create_parser

    parts: dict[str, list[float]] = {"md_parse": [], "pygments": []}
    timed(create_parser(), "parse", parts["md_parse"], [])  # the one parser, cached
    timed(highlight, "highlight", parts["pygments"], [])
    return parts


def time_build(root: Path) -> dict[str, float]:
    """A clean build with parse_note and page_bytes timed (CPU seconds, HTML bytes)."""
    import notebase.builder.pipeline as pipeline
    import notebase.builder.sitefiles as sitefiles
    from notebase.builder.state import BuildOptions

    parsed: list[float] = []
    rendered: list[float] = []
    html: list[int] = []
    timed(pipeline, "parse_note", parsed, [])
    timed(sitefiles, "page_bytes", rendered, html)
    parts = time_parts()
    (root / "notebase.yaml").write_text("search: false\n", encoding="utf-8")
    shutil.rmtree(root / "site", ignore_errors=True)
    start = cpu()
    result = pipeline.build_site(BuildOptions(root, root / "site", jobs=1))
    total = cpu() - start
    if not result.written:
        raise SystemExit("the build failed")
    parse, render = sum(parsed), sum(rendered)
    return {
        **{name: sum(spent) for name, spent in parts.items()},
        "parse": parse,
        "render": render,
        "rest": total - parse - render,
        "build": total,
        "pages": len(rendered),
        "html_mb": sum(html) / 1e6,
    }


def measure_one(root: Path) -> None:
    """One run in this process (as a child of main): prints its figures as JSON."""
    texts = bodies(root / "notes")
    figures = {"bare": time_bare(texts, True), "bare_parse": time_bare(texts, False)}
    figures |= {"md_mb": sum(len(t.encode()) for t in texts) / 1e6}
    figures |= time_build(root)
    print(json.dumps(figures))


def run_one(python: str, root: Path) -> dict[str, float]:
    cmd = [python, str(Path(__file__).resolve()), "--one", str(root)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{python}: the run failed:\n{done.stderr[-2000:]}")
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def median(runs: list[dict[str, float]], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def print_side(label: str, runs: list[dict[str, float]]) -> None:
    md_mb, pages, html_mb = (median(runs, k) for k in ("md_mb", "pages", "html_mb"))
    bare, parse, render = (median(runs, k) for k in ("bare", "parse", "render"))
    md_parse, pygments = median(runs, "md_parse"), median(runs, "pygments")
    print(f"  {label}: median CPU seconds of {len(runs)} runs, one core")
    print(
        f"    bare markdown-it  {bare:6.2f}s  {md_mb / bare:5.2f} MB/s of markdown ({md_mb:.1f} MB)"
    )
    print(
        f"    parse             {parse:6.2f}s  {md_mb / parse:5.2f} MB/s, {parse / bare:.2f} x bare"
    )
    print(
        f"      markdown-it     {md_parse:6.2f}s  our parser's parse, no render: "
        f"{md_parse / median(runs, 'bare_parse'):.2f} x bare markdown-it's parse"
    )
    print(f"      Pygments        {pygments:6.2f}s  highlighting the code blocks")
    print(
        f"      the rest        {parse - md_parse - pygments:6.2f}s  render, front matter, extraction"
    )
    print(
        f"    render            {render:6.2f}s  {pages / render:6.0f} pages/s, "
        f"{html_mb / render:5.2f} MB/s of HTML ({pages:.0f} pages, {html_mb:.1f} MB)"
    )
    print(f"    rest              {median(runs, 'rest'):6.2f}s  (neither parse nor render)")
    print(f"    build             {median(runs, 'build'):6.2f}s")


def print_ratios(this: list[dict[str, float]], base: list[dict[str, float]]) -> None:
    print("  this / baseline, median of the paired ratios (range):")
    for key in STAGES:
        ratios = [a[key] / b[key] for a, b in zip(this, base, strict=True)]
        print(f"    {key:<8} {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})")


def main() -> None:
    parser = corpus_parser(__doc__ or "", "1000", 3)
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout to time")
    parser.add_argument("--one", type=Path, default=None, help=argparse_hidden())
    args = parser.parse_args()
    if args.one:
        return measure_one(args.one)
    work = work_of(args, "floor")
    pythons = {"this": sys.executable}
    if args.baseline:
        pythons["baseline"] = baseline_install(args.baseline).python
    for size in sizes_of(args):
        roots = {label: generate(size, args.corpora, work / label) for label in pythons}
        runs: dict[str, list[dict[str, float]]] = {label: [] for label in pythons}
        for n in range(args.runs):
            order = list(pythons) if n % 2 == 0 else list(reversed(pythons))
            for label in order:
                runs[label].append(run_one(pythons[label], roots[label]))
        print(f"{size} notes:")
        for label, taken in runs.items():
            print_side(label, taken)
        if args.baseline:
            print_ratios(runs["this"], runs["baseline"])
            same = same_tree(roots["this"] / "site", roots["baseline"] / "site")
            print(f"  sites byte for byte the same: {'yes' if same else 'NO'}")


def argparse_hidden() -> str:
    import argparse

    return argparse.SUPPRESS


if __name__ == "__main__":
    main()
