"""Benchmark: the browser's first-search latency against the number of shards of the search index.

Usage: .venv/bin/python bench/search_latency.py SITE [--shards 1,4,16] [--words quantization] [--runs 5]
       [--search-js FILE,...]

SITE is a built site. For each K, a copy of it (hard links) gets its index rebuilt in K shards; then, in
a fresh Chromium tab for each run, `/` opens the search dialog and a word is typed at once: the time
from the first key to the first result in the page (measured in the page; the dialog's 120 ms typing
pause included). Prints the median for each K and word. With --search-js, each of those files is
served as the site's assets/search.js in turn (another checkout's, say), run for run, so that
their figures are paired.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from notebase.builder import search
from notebase.files import KEEP

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tests.servehelp import static_server  # noqa: E402

WATCH = """() => {
  window.__t = {};
  document.addEventListener("keydown", () => { window.__t.start ??= performance.now(); }, true);
  new MutationObserver(() => {
    if (!window.__t.end && document.querySelector("#search-dialog .search-results > li"))
      window.__t.end = performance.now();
  }).observe(document.body, { childList: true, subtree: true });
}"""


def resharded(site: Path, copy: Path, shards: int) -> None:
    """`site` copied to `copy` (hard links) with its index in `shards` shards."""
    subprocess.run(["cp", "-al", str(site), str(copy)], check=True)
    shutil.rmtree(copy / "pagefind", ignore_errors=True)
    pages = {p.relative_to(site).as_posix(): KEEP for p in site.rglob("*.html")}
    search.SHARD_PAGES = -(-len(pages) // shards)  # shard_count gives `shards`
    bundle = search.plan_search(site, pages, dict.fromkeys(pages, ""), {}, set(pages), "en")
    if not isinstance(bundle, search.SearchBundle):
        raise SystemExit(f"indexing failed: {bundle}")
    for rel, data in bundle.files.items():
        assert data is not None
        (copy / rel).parent.mkdir(parents=True, exist_ok=True)
        (copy / rel).write_bytes(data)


def first_search_ms(browser: Browser, base: str, word: str) -> float:
    context = browser.new_context()  # an empty cache
    try:
        page = context.new_page()
        page.goto(f"{base}index.html")
        page.wait_for_load_state("networkidle")
        page.evaluate(WATCH)
        page.keyboard.press("/")
        page.keyboard.type(word)
        page.locator("#search-dialog .search-results > li").first.wait_for(timeout=60_000)
        elapsed: float = page.evaluate("() => window.__t.end - window.__t.start")
        return elapsed
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("site", type=Path)
    parser.add_argument("--shards", default="1,4,16")
    parser.add_argument("--words", default="quantization")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--search-js", default="", help="comma-separated scripts served in turn")
    args = parser.parse_args()
    scripts = [Path(name) for name in args.search_js.split(",") if name]
    missing = [str(script) for script in scripts if not script.is_file()]
    if missing:
        parser.error(f"--search-js: no such file: {', '.join(missing)}")
    with tempfile.TemporaryDirectory(dir=args.site.parent) as work, sync_playwright() as play:
        browser = play.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for shards in (int(k) for k in args.shards.split(",")):
            copy = Path(work) / f"k{shards}"
            resharded(args.site, copy, shards)
            with static_server(copy) as base:
                for word in args.words.split(","):
                    measure_word(browser, base, copy, scripts, word, shards, args.runs)
            sys.stdout.flush()


def measure_word(
    browser: Browser, base: str, copy: Path, scripts: list[Path], word: str, shards: int, runs: int
) -> None:
    """The word's first-search latency, each script (none: the site's own) served in turn."""
    times: dict[str, list[float]] = {}
    for _ in range(runs):
        for script in scripts or [None]:
            if script is not None:
                (copy / "assets/search.js").unlink()  # a hard link to the site's
                shutil.copyfile(script, copy / "assets/search.js")
            times.setdefault(str(script or ""), []).append(first_search_ms(browser, base, word))
    for name, found in times.items():
        label = f" {name}" if name else ""
        print(
            f"K={shards} {word!r}{label}: median {statistics.median(found):.0f} ms {[round(t) for t in found]}"
        )


if __name__ == "__main__":
    main()
