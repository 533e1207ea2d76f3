"""What a build is asked to do (BuildOptions) and what it leaves for the next (BuildState): the
records the build, its cache and its warm-build shortcut all read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from notebase.builder.memo import Memo
from notebase.builder.parallel import MIN_PARALLEL
from notebase.builder.sitefiles import MIN_PARALLEL_RENDER, Progress
from notebase.diagnostics import Diagnostic
from notebase.model import ParseResult
from notebase.records import fast_pickling


@fast_pickling
@dataclass(frozen=True, slots=True)
class Stamp:
    """What a note file looked like when it was read: same stamp, same bytes (see RACY_NS)."""

    size: int
    mtime_ns: int
    inode: int
    digest: str


@dataclass(frozen=True, slots=True)
class BuildOptions:
    root: Path
    out: Path
    drafts: bool = False
    strict: bool = False
    force: bool = False
    write: bool = True  # False: check only
    cache: bool = False  # start from, and leave, the state in <root>/.notebase-cache
    jobs: int = 0  # processes parsing notes (0: one per core; 1: serial)
    min_parallel: int = MIN_PARALLEL  # fewer notes to parse than this are parsed serially
    min_parallel_render: int = MIN_PARALLEL_RENDER  # the same for the pages to render
    # serve: write the pages at once and leave the search index to a SearchJob run afterwards
    search_later: bool = False
    # told (stage, done, total) as notes are parsed and pages rendered: the CLI's progress bar
    progress: Progress | None = field(default=None, compare=False)


@fast_pickling
@dataclass(frozen=True, slots=True)
class BuildState:
    """What one build leaves for the next: parses by content digest, fingerprints of site files."""

    parsed: Mapping[str, ParseResult] = field(default_factory=dict)  # parse_key -> result
    stamps: Mapping[str, Stamp] = field(default_factory=dict)  # note path -> when it was read
    # when the scan that took `stamps` began; a later scan alone is no reason to save the state
    # again (an older time trusts fewer stamps: it is only ever more careful)
    scanned_ns: int = field(default=0, compare=False)
    outputs: Mapping[str, str] = field(default_factory=dict)  # file under out -> fingerprint
    out: str = ""  # the resolved output folder `outputs` describes
    # of the last build that wrote the site: a digest of all it read, what it reported, its counts
    inputs: str = ""
    diagnostics: tuple[Diagnostic, ...] = ()
    counts: tuple[int, int] = (0, 0)
    folders: Mapping[str, int] = field(default_factory=dict)  # site folder -> mtime_ns after it
    # the search stamp of the site's pages when its bundle (fingerprinted as it is) is not theirs
    # yet: a search job is due (serve); "" when the bundle is current
    unindexed: str = ""
    # kept in memory only (serve): what the last build's per-item functions returned
    memo: Memo | None = field(default=None, compare=False)
    site: str = ""  # which swap put that site in place: another means a build not recorded here
    # names the parses saved with this state in the cache, a name a shard (none when none are)
    pair: tuple[str, ...] = field(default=(), compare=False)
    # the token of the base (builder/delta.py) the site was planned from ("" when none), and the
    # notes whose pages the delta builds since then planned again
    base: str = ""
    delta_pages: tuple[str, ...] = ()


def drop_memos(state: BuildState) -> BuildState:
    """The state without what only a server keeps between builds (in memory, never cached)."""
    return replace(state, memo=None)
