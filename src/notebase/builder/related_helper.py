"""The related entries of a one-shot build, made by a helper process on the core the planning
leaves idle, while the build finds the unlinked mentions, resolves the links and makes the cards.

The helper is a fresh interpreter, not a fork: a forked process counts every page of the
build's memory (the parsed notes) in its own resident size, and the build's processes together
are to stay under a bound. Started when the notes are parsed (it imports what it needs while the
build indexes them), it is handed what related entries are computed from (RelatedInputs: a few
strings an entry), computes them as the build would (related_of), saves them in the cache for
the next build (what a delta build brings up to date: save_held) and hands back the related
entries alone. When it fails (killed, short of memory), the build computes them itself.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, cast

from notebase.builder.cachefiles import HELD_RELATED, HELD_TOKEN, save_held
from notebase.diagnostics import Diagnostic
from notebase.linking.related import RelatedInputs, related_of

HELPED = 500  # notes from which a helper pays for its start (README "Benchmarks")


@dataclass(frozen=True, slots=True)
class RelatedJob:
    """What the helper is handed: where the cache is, the token of the base the build saves
    (held with the related entries), and the inputs."""

    root: str
    token: str
    inputs: RelatedInputs


@dataclass(frozen=True, slots=True)
class RelatedMade:
    """What the helper hands back: each entry's related entries, and the problems saving them."""

    related: list[tuple[str, ...]]
    problems: tuple[Diagnostic, ...]


class RelatedHelper:
    """A helper process, started, waiting for its job."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", f"from {__name__} import main; main()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # a failure is made good by the build (see above)
        )

    def hand(self, job: RelatedJob) -> bool:
        """Hand the job over (False: the helper is gone)."""
        stdin = cast(IO[bytes], self.process.stdin)
        try:
            with stdin:
                pickle.dump(job, stdin, protocol=pickle.HIGHEST_PROTOCOL)
        except OSError:
            return False
        return True

    def made(self) -> RelatedMade | None:
        """What the helper made of its job, once it is done (None: it failed)."""
        stdout = cast(IO[bytes], self.process.stdout)
        with stdout:
            data = stdout.read()
        if self.process.wait() != 0:
            return None
        try:
            made = pickle.loads(data)
        except (pickle.UnpicklingError, EOFError, ValueError):
            return None
        return made if isinstance(made, RelatedMade) else None

    def close(self) -> None:
        """Stop the helper if it still runs (a build that ended early), and reap it."""
        if self.process.poll() is None:
            self.process.kill()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()
        self.process.wait()


def run_job(job: RelatedJob) -> RelatedMade:
    """The job done: the related entries computed and saved in the cache."""
    state = related_of(job.inputs)
    problems = save_held(Path(job.root), {HELD_RELATED: state, HELD_TOKEN: job.token})
    return RelatedMade(state.related, problems)


def main() -> None:
    job = pickle.load(sys.stdin.buffer)
    assert isinstance(job, RelatedJob), "the helper is handed a RelatedJob"
    pickle.dump(run_job(job), sys.stdout.buffer, protocol=pickle.HIGHEST_PROTOCOL)
