"""argv -> exit code: parses the command line, runs a command, prints diagnostics (no logic here)."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from notebase import __version__
from notebase.builder.pipeline import BuildResult, build_site
from notebase.builder.state import BuildOptions
from notebase.diagnostics import (
    Diagnostic,
    FilePos,
    diagnostics_to_json,
    error,
    format_diagnostic,
    has_errors,
    news_since,
    resolved_line,
    sum_up,
)

EXIT_OK, EXIT_CONTENT, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 128 + 2  # as a shell reports a command ended by SIGINT
# the commands whose process ends with their one build: what it leaves is never collected (run)
ONE_SHOT = frozenset({"build", "check"})
ROOT_HELP = "the knowledge-base folder (holding notes/); default: the current folder"


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="notebase",
        description="A knowledge base for reading notes: markdown notes in, a static site out.",
    )
    parser.add_argument("--version", action="version", version=f"notebase {__version__}")
    parser.add_argument(
        "--root",
        type=Path,
        default=Path("."),
        help=ROOT_HELP,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    add_build_parser(sub)
    add_check_parser(sub)
    add_import_parser(sub)
    add_serve_parser(sub)
    add_new_parser(sub)
    return parser


def root_option() -> argparse.ArgumentParser:
    """`--root` is accepted after the command too (`notebase build --root DIR`)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--root", type=Path, default=argparse.SUPPRESS, help=ROOT_HELP)
    return common


def add_build_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "build",
        parents=[root_option()],
        help="build the site into site/",
        description="Build the static site from notes/ into site/ (or --out).",
    )
    add_out_option(p)
    add_drafts_option(p)
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    add_unresolved_option(p)
    add_jobs_option(p)
    p.add_argument(
        "--force",
        action="store_true",
        help="replace a non-empty --out folder notebase did not create",
    )


def add_unresolved_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--unresolved",
        action="store_true",
        help=(
            "list every link to a note written nowhere or left out of the site, or to a file not"
            " under notes/, every empty note and Dataview query not read, and every link kept as"
            " text on import (else, past 10 of a kind, one warning sums them up)"
        ),
    )


def add_out_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out", type=Path, default=None, help="output folder (default: site/ in the root)"
    )


def add_drafts_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--drafts", action="store_true", help="include notes marked `draft: true`")


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--jobs",
        "-j",
        type=positive_int,
        default=0,
        metavar="N",
        help="processes parsing notes (default: one per core)",
    )


def positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return int(text)


def port_number(text: str) -> int:
    if not text.isdigit() or int(text) > MAX_PORT:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to {MAX_PORT}, got {text!r}")
    return int(text)


MAX_PORT = 65535


def add_check_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "check",
        parents=[root_option()],
        help="report problems without writing a site",
        description="Report everything the build would report, without writing a site.",
    )
    add_drafts_option(p)
    p.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    add_jobs_option(p)
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    add_unresolved_option(p)


def add_import_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "import",
        parents=[root_option()],
        help="import archives, web pages, feeds, highlights and BibTeX as notes",
        description=(
            "Import blog archives (plain text), saved web pages, RSS/Atom/JSON feeds, Kindle and"
            " Readwise highlights and BibTeX files as notes."
        ),
    )
    p.add_argument("files", nargs="+", type=Path, metavar="FILE", help="files to import")
    p.add_argument(
        "--into", type=Path, default=None, help="folder for the notes (default: notes/imported/)"
    )
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="print how each file would be cut and every judgement, without writing",
    )
    p.add_argument(
        "--site",
        default=None,
        metavar="URL",
        help=(
            "the address of the site the files were saved from (the folder they share is its"
            " root): relative links resolve against it where a file says no address of its own"
        ),
    )
    add_unresolved_option(p)


def add_serve_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        parents=[root_option()],
        help="build, serve and rebuild on change, reloading open pages",
        description="Serve the site locally; rebuild on every save and reload open pages.",
    )
    p.add_argument(
        "--port", type=port_number, default=8000, help="port (default 8000; 0 picks a free one)"
    )
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    p.add_argument("--open", action="store_true", help="open the site in a web browser")
    add_out_option(p)
    add_drafts_option(p)


def add_new_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "new",
        parents=[root_option()],
        help="start a new note from a template",
        description="Write a new note under notes/<kind>s/. Given arxiv:ID or an arXiv URL, "
        "fill in its title, authors, year and abstract from arXiv.",
    )
    p.add_argument("title", help='the title, or "arxiv:2505.02809", or an arXiv URL')
    p.add_argument("--kind", choices=("paper", "link", "note"), default=None)
    p.add_argument("--url", default="", help="the source URL")
    p.add_argument("--tags", default="", help="comma-separated tags, e.g. ml,optimizers")


def run() -> None:
    """The program (`notebase`, `python -m notebase`): main, and then out at once. A build
    leaves the Jinja contexts of its pages in reference cycles that hold most of what it made
    (650,000 objects and 460 MB at 10,000 notes): collecting them, or the interpreter's teardown
    freeing them, took 0.7 to 1 s after every `notebase build` of that size. A process about to
    end leaves them to the system: a build or check runs with the collector off throughout, and
    once no other thread is left, the process ends as soon as its output is flushed (every file
    is closed and every child waited for by then)."""
    code = main(exiting=True)
    if threading.active_count() == 1:
        flush_output()
        os._exit(code)
    sys.exit(code)


def flush_output() -> None:
    """What is printed and still buffered, written (a pipe closed by its reader, a stream
    closed: nothing to write to)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()


def main(argv: Sequence[str] | None = None, exiting: bool = False) -> int:
    """argv -> exit code (`exiting`: the process ends when this returns, as under `run`)."""
    args = make_parser().parse_args(argv)
    root: Path = args.root
    try:
        if not root.is_dir():
            print(f"notebase: error: --root {root} is not a folder", file=sys.stderr)
            return EXIT_USAGE
        if exiting and args.command in ONE_SHOT:
            gc.disable()  # (build_site pauses it and restores it as it was: left off)
        return run_command(root, args)
    except OSError as exc:  # what the file system refused that no stage names (a name too long)
        print_diagnostics([file_system_error(exc)])
        return EXIT_CONTENT
    except KeyboardInterrupt:  # Ctrl-C: the site is whole (old or new), the workers are gone
        wipe = "\r\x1b[K" if sys.stderr.isatty() else ""  # a progress bar being drawn
        print(f"{wipe}notebase: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def file_system_error(exc: OSError) -> Diagnostic:
    pos = FilePos(str(exc.filename)) if exc.filename else None
    hint = "check that the folder exists, is a folder, and can be written"
    return error("file-system", exc.strerror or str(exc), pos, hint)


def run_command(root: Path, args: argparse.Namespace) -> int:
    if args.command == "import":
        return run_import(root, args.files, args.into, args.dry_run, args.unresolved, args.site)
    if args.command == "new":
        return run_new(root, args)
    if args.command == "serve":
        return run_serve(root, args)
    if args.command == "check":
        return run_check(root, args.drafts, args.strict, args.format, args.jobs, args.unresolved)
    return run_build(root, args)


def run_build(root: Path, args: argparse.Namespace) -> int:
    options = BuildOptions(
        root=root,
        out=args.out if args.out is not None else root / "site",
        drafts=args.drafts,
        strict=args.strict,
        force=args.force,
        cache=True,
        jobs=args.jobs,
        progress=progress_bar(sys.stderr),
    )
    result = build_site(options)
    print_diagnostics(result.diagnostics, args.unresolved)
    print(summary_line(result, options.out), file=sys.stderr)
    return EXIT_OK if result.written else EXIT_CONTENT


def progress_bar(stream: TextIO) -> Callable[[str, int, int], None] | None:
    """A one-line bar redrawn in place on a terminal (cleared when a stage ends); None elsewhere,
    so logs and pipes stay quiet."""
    if not stream.isatty():
        return None
    shown = {"at": -1.0}

    def show(stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - shown["at"] < 0.1:  # redraw at most ten times a second
            return
        shown["at"] = now
        filled = BAR_WIDTH * done // max(total, 1)
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        end = "\r\x1b[K" if done >= total else ""
        stream.write(f"\r\x1b[K{stage} [{bar}] {done}/{total}{end}")
        stream.flush()

    return show


BAR_WIDTH = 30


def run_check(
    root: Path, drafts: bool, strict: bool, fmt: str, jobs: int, every_link: bool = False
) -> int:
    options = BuildOptions(
        root, root / "site", drafts=drafts, strict=strict, write=False, cache=True, jobs=jobs
    )
    result = build_site(options)
    if fmt == "json":
        print(diagnostics_to_json(result.diagnostics))
    else:
        print_diagnostics(result.diagnostics, every_link)
    print(summary_line(result, None), file=sys.stderr)
    content = [d for d in result.diagnostics if not d.code.startswith("cache-")]
    return EXIT_CONTENT if has_errors(content, strict) else EXIT_OK  # a bad cache is not the notes'


def run_import(
    root: Path,
    files: list[Path],
    into: Path | None,
    dry_run: bool = False,
    every: bool = False,
    site: str | None = None,
) -> int:
    from notebase.importers import import_files, site_problem

    if site is not None and (why := site_problem(site)):
        message = f"--site {site!r} is no site's address: {why}; nothing imported"
        hint = "give the site's http(s) address, e.g. --site https://example.com/blog/"
        print_diagnostics([error("import-bad-site", message, None, hint)])
        return EXIT_USAGE
    target = into if into is not None else root / "notes" / "imported"
    outcome = import_files(files, target, root, progress_bar(sys.stderr), dry_run, site or "")
    print_diagnostics(outcome.diagnostics, every)
    if dry_run:
        sys.stdout.write(outcome.report)
    did, verb = ("would import", "to write") if dry_run else ("imported", "written")
    print(
        f"{did} {len(files)} file(s): {len(outcome.written)} note(s) {verb}, "
        f"{len(outcome.unchanged)} unchanged, {len(outcome.kept)} kept (edited by hand)",
        file=sys.stderr,
    )
    return EXIT_CONTENT if has_errors(outcome.diagnostics) else EXIT_OK


def run_new(root: Path, args: argparse.Namespace) -> int:
    from notebase.model import EntryKind
    from notebase.new import NewRequest, create_note

    kind = EntryKind(args.kind) if args.kind else None
    tags = tuple(t.strip() for t in args.tags.split(",") if t.strip())
    outcome = create_note(root, NewRequest(args.title, kind, args.url, tags))
    for message in outcome.messages:
        print(f"notebase: {message}", file=sys.stderr)
    if outcome.path is None:
        return EXIT_CONTENT
    print(f"notebase: wrote {outcome.path}", file=sys.stderr)
    return EXIT_OK


def run_serve(root: Path, args: argparse.Namespace) -> int:
    from notebase.serve import CannotServe, ServeOptions, serve

    out = args.out if args.out is not None else root / "site"
    options = ServeOptions(root, out, args.host, args.port, args.drafts, args.open)

    reported: list[Diagnostic] = []  # what the last build said: a build says what is new

    def on_build(result: BuildResult) -> None:
        fresh, resolved = news_since(reported, result.diagnostics)
        print_diagnostics(fresh)
        if resolved:
            print(resolved_line(resolved), file=sys.stderr)
        reported[:] = result.diagnostics
        print(summary_line(result, out), file=sys.stderr, flush=True)

    try:
        serve(options, on_build, lambda line: print(line, file=sys.stderr, flush=True))
    except CannotServe as exc:
        print(f"notebase: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def print_diagnostics(diags: Sequence[Diagnostic], every_link: bool = False) -> None:
    for diag in diags if every_link else sum_up(diags):
        print(format_diagnostic(diag), file=sys.stderr)


def summary_line(result: BuildResult, out: Path | None) -> str:
    """One line: entries, pages, files written/unchanged/removed (none for `check`: `out` is
    None), errors, warnings, seconds."""
    errors = sum(1 for d in result.diagnostics if d.is_error)
    warnings = sum(1 for d in result.diagnostics if d.severity == "warning")
    return (
        f"notebase: {result.entries} entries, {result.pages} pages; "
        f"files: {files_written(result, out)}; "
        f"{errors} errors, {warnings} warnings; {result.seconds:.2f}s"
    )


def files_written(result: BuildResult, out: Path | None) -> str:
    """What a build did to the site's files (`out` None: a check, which writes none)."""
    if out is None:
        return "none written (check)"
    if not result.written:
        return "site not written"
    files = result.files
    return (
        f"{len(files.written)} written, {len(files.unchanged)} unchanged, "
        f"{len(files.removed)} removed in {out}"
    )
