"""The anchors notebase is measured against, built clean in the rounds of bench.py --anchors.

Hugo, Hugo + Pagefind, Pelican and Eleventy are ../shared/bench/run_anchors.py's tool definitions (its
TOOLS, corpus layouts and work folders, imported, not copied); Quartz is one more definition of the
same kind, for a Quartz checkout given with --quartz DIR (or $NOTEBASE_BENCH_QUARTZ) where `npm ci`
was run: its app is copied beside the corpus's notes, its node_modules linked, social images (the
CustomOgImages emitter) and Google fonts (fontOrigin: "local": no fetch at build time, no link in pages) turned off in the copy's quartz.config.ts, and
`node quartz/bootstrap-cli.mjs build -d notes` (what `npx quartz build` runs) is timed. One more,
hugo-pagefind-bodies, is Hugo + Pagefind with only the notes' pages indexed (their article marked
`data-pagefind-body` in a copy of the Hugo anchor's files), which is what notebase indexes. Each build is
measured by proctree.run_measured: wall, CPU and the peak RSS of all its processes.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import re
import shutil
import signal
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from proctree import Runs, run_measured

NAMES = {
    "hugo": "Hugo",
    "hugo-pagefind": "Hugo + Pagefind",
    "hugo-pagefind-bodies": "Hugo + Pagefind, note bodies only",
    "pelican": "Pelican",
    "eleventy": "Eleventy",
    "mkdocs": "MkDocs",
    "mkdocs-material": "MkDocs-Material",
    "quartz": "Quartz",
}
DEFAULT = "hugo,hugo-pagefind,pelican"  # eleventy and the others on request (--anchor-tools)
BODIES = (
    "hugo-pagefind-bodies"  # hugo-pagefind with only the notes' pages indexed, as notebase does
)
REFERENCES = ("hugo", "hugo-pagefind", "quartz")  # the tools every build gets a ratio to
QUARTZ_SKIP = ("node_modules", ".git", "content", "public", ".quartz-cache", "docs")
QUARTZ_OFF = (  # what the copy's quartz.config.ts has switched off: the line, or the setting
    (re.compile(r"^\s*Plugin\.CustomOgImages\(.*\n", re.M), ""),
    # fonts from the theme's CSS: Quartz fetches Google's stylesheet at build time when cdnCaching
    # is off (and fails offline), and links it from every page when it is on
    (re.compile(r"fontOrigin:\s*\"googleFonts\""), 'fontOrigin: "local"'),
)


def load_run_anchors(shared: Path) -> ModuleType:
    """../shared/bench/run_anchors.py as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location("run_anchors", shared / "run_anchors.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"{shared / 'run_anchors.py'}: not found")
    module = importlib.util.module_from_spec(spec)
    sys.modules["run_anchors"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@dataclass
class Peer:
    """One anchor at one size: its clean build in its work folder, and its runs."""

    name: str
    argv: list[str]
    workdir: Path
    out: str
    clean: list[str]
    env: dict[str, str]
    runs: Runs = field(default_factory=Runs)
    files: int = 0
    failed: str = ""
    title: str = ""  # its name in the table, if not NAMES's

    @property
    def label(self) -> str:
        return self.title or NAMES.get(self.name, self.name)

    def build(self, log: Path, timeout: float) -> str:
        """One clean build (its output and caches removed first; killed after `timeout` seconds,
        and the tool then dropped); what to print of it."""
        if self.failed:
            return f"{self.label}: skipped ({self.failed})"
        for name in (self.out, *self.clean):
            remove(self.workdir / name)
        with log.open("ab") as out:
            env = {**os.environ, **self.env}
            measured = run_measured(self.argv, self.workdir, env, out, timeout)
        if measured.code != 0:
            killed = f"killed after {timeout:.0f} s" if measured.code == -signal.SIGKILL else ""
            self.failed = f"{killed or f'exit {measured.code}'}, see {log}"
            return f"{self.label}: FAILED ({self.failed})"
        self.runs.add(measured)
        self.files = sum(len(names) for _, _, names in os.walk(self.workdir / self.out))
        return f"{self.label}: {measured.wall:.2f}s (CPU {measured.cpu:.2f}s, {measured.rss_mb:.0f} MB)"


def remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


class Anchors:
    """The anchor tools a run measures, from run_anchors.py (and Quartz where installed)."""

    def __init__(self, shared: Path, names: list[str], quartz: Path | None, venv: Path, npm: Path):
        self.ra = load_run_anchors(shared)
        self.ra.register(dataclasses.replace(self.ra.TOOLS["hugo-pagefind"], name=BODIES))
        unknown = [name for name in names if name not in self.ra.TOOLS]
        if unknown:
            raise SystemExit(
                f"unknown anchor(s) {unknown}: run_anchors.py has {list(self.ra.TOOLS)}"
            )
        if not (venv / "bin" / "python").is_file():
            raise SystemExit(f"{venv}: no anchors venv; run {shared / 'setup_anchors.sh'}")
        self.tools = [self.ra.TOOLS[name] for name in names]
        self.seed = sys.modules["gen_corpus"].DEFAULT_SEED  # run_anchors.py's corpus, as it runs
        self.quartz = quartz
        self.ctx: dict[str, Any] = {"venv": str(venv), "npm": str(npm), "out": "", "n": 0}
        self.ctx["hugo_bin"] = self.ra.hugo_binary(str(venv))

    def layouts(self) -> list[str]:
        return sorted({"plain", *(tool.layout for tool in self.tools)})

    def corpus(self, n: int, corpora: Path) -> Path:
        """The corpus of n notes in every layout the tools read, generated once (run_anchors.py's
        corpus-N/<layout>/ under corpora/anchors: bench.py's corpus-N beside it is plain only)."""
        found = self.ra.ensure_corpus(str(corpora / "anchors"), n, self.seed, self.layouts())
        return Path(found)

    def versions(self, work: Path) -> list[str]:
        lines = []
        scratch = work / "version-scratch"  # with node_modules, for the tools that need it
        scratch.mkdir(parents=True, exist_ok=True)
        remove(scratch / "node_modules")
        (scratch / "node_modules").symlink_to(Path(self.ctx["npm"], "node_modules"))
        for tool in self.tools:
            found = self.ra.tool_version(tool, self.ctx, str(scratch))
            lines.append(f"{NAMES.get(tool.name, tool.name)}: {found}")
        remove(scratch)
        if self.quartz:
            lines.append(f"Quartz: {quartz_version(self.quartz)} from {self.quartz}")
        return lines

    def peers(self, n: int, corpus: Path, work: Path) -> list[Peer]:
        """Each tool's work folder for the corpus of n notes under `work`, ready to build."""
        tools = [
            self.bodies_only(tool, work) if tool.name == BODIES else tool for tool in self.tools
        ]
        if self.quartz:
            tools.append(self.quartz_tool(work / "quartz-app"))
        made = []
        for tool in tools:
            npm = str(self.quartz) if tool.name == "quartz" else self.ctx["npm"]  # node_modules
            here = dict(self.ctx, work=str(work), n=n, out=tool.out, npm=npm)
            folder = self.ra.prepare_workdir(tool, str(corpus), str(work), n, here)
            here["work"] = folder
            argv = self.ra.expand(tool.build, here)
            peer = Peer(tool.name, argv, Path(folder), tool.out, list(tool.clean), dict(tool.env))
            if tool.name == "quartz" and self.quartz:
                peer.title = f"Quartz {quartz_version(self.quartz)} (no social images)"
            made.append(peer)
        return made

    def bodies_only(self, tool: Any, work: Path) -> Any:
        """The Hugo + Pagefind tool over a copy of the Hugo anchor's files whose note pages mark their
        article `data-pagefind-body`: Pagefind then indexes those pages alone."""
        app = work / "hugo-bodies-app"
        remove(app)
        shutil.copytree(Path(self.ra.ANCHORS_DIR, "hugo"), app)
        single = app / "layouts" / "single.html"
        text = single.read_text(encoding="utf-8")
        single.write_text(
            text.replace("<article>", "<article data-pagefind-body>", 1), encoding="utf-8"
        )
        return dataclasses.replace(tool, anchor_dir=str(app))

    def quartz_tool(self, app: Path) -> Any:
        """Quartz as one more run_anchors Tool: its app (less node_modules) copied to `app`."""
        assert self.quartz is not None
        remove(app)
        shutil.copytree(self.quartz, app, ignore=shutil.ignore_patterns(*QUARTZ_SKIP))
        config = app / "quartz.config.ts"
        config.write_text(quiet_quartz_config(config.read_text(encoding="utf-8")), encoding="utf-8")
        build = ["node", "quartz/bootstrap-cli.mjs", "build", "-d", "notes", "-o", "{out}"]
        return self.ra.Tool(
            name="quartz",
            layout="plain",
            build=build,
            out="public",
            clean=[".quartz-cache"],
            link_node_modules=True,
            anchor_dir=str(app),
        )


def quiet_quartz_config(text: str) -> str:
    """quartz.config.ts without social images and without fetching fonts at build time."""
    for pattern, replacement in QUARTZ_OFF:
        text = pattern.sub(replacement, text)
    return text


def quartz_version(quartz: Path) -> str:
    try:
        return str(json.loads((quartz / "package.json").read_text())["version"])
    except (OSError, ValueError, KeyError):
        return "?"


def quartz_dir(given: Path | None) -> Path | None:
    """--quartz, else $NOTEBASE_BENCH_QUARTZ, if it holds a Quartz checkout with node_modules."""
    found = given or (
        Path(os.environ["NOTEBASE_BENCH_QUARTZ"])
        if os.environ.get("NOTEBASE_BENCH_QUARTZ")
        else None
    )
    if found is None:
        return None
    if (
        not (found / "quartz" / "bootstrap-cli.mjs").is_file()
        or not (found / "node_modules").is_dir()
    ):
        raise SystemExit(f"{found}: not a Quartz checkout with node_modules (run `npm ci` there)")
    return found.resolve()


def paired_ratio(ours: list[float], theirs: list[float]) -> float | None:
    """The median of the run-by-run ratios (ours / theirs): run k of each ran in the same round."""
    pairs = [a / b for a, b in zip(ours, theirs, strict=False) if b > 0]
    return statistics.median(pairs) if pairs else None
