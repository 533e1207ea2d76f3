"""Compiler-style diagnostics: a position, a severity, a stable code, a message and a hint."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial

from notebase.records import fast_pickling


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@fast_pickling
@dataclass(frozen=True, slots=True, order=True)
class FilePos:
    """A place in a file: path as shown to the user (relative to the knowledge base) and 1-based line."""

    path: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


@fast_pickling
@dataclass(frozen=True, slots=True)
class Diagnostic:
    severity: Severity
    code: str
    message: str
    pos: FilePos | None = None
    hint: str = ""
    # what a problem that comes by the dozen is about, which the printed report sums it up by
    # (sum_up): the note a link to a note written nowhere, or left out, names; the file a link to
    # a file not under notes/ names; the empty note's path; how many relative links a post kept
    # as text; "" for any other
    about: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


def error(code: str, message: str, pos: FilePos | None = None, hint: str = "") -> Diagnostic:
    return Diagnostic(Severity.ERROR, code, message, pos, hint)


def warning(
    code: str, message: str, pos: FilePos | None = None, hint: str = "", about: str = ""
) -> Diagnostic:
    return Diagnostic(Severity.WARNING, code, message, pos, hint, about)


def info(code: str, message: str, pos: FilePos | None = None, hint: str = "") -> Diagnostic:
    return Diagnostic(Severity.INFO, code, message, pos, hint)


LISTED = 10  # such links listed one by one up to this many; beyond, one warning says them all
MOST_LINKED = 3  # the notes not written named in that warning


def linked_note(code: str, diag: Diagnostic) -> str | None:
    """What a `code` diagnostic is about (its `about`): the name of the note its link names
    (`[[Name#part]]`: `Name`) for a note written nowhere (broken-link), a draft (draft-link), one
    the site never reads (left-out-link); the note an empty-note warning is of, the file an
    imported post links and is nowhere to copy, how many links a post kept as text; None for a
    diagnostic of another code."""
    return diag.about if diag.code == code and diag.about else None


def summed_up(
    diags: Sequence[Diagnostic],
    pick: Callable[[Diagnostic], str | None],
    total: Callable[[list[tuple[Diagnostic, str]]], Diagnostic],
) -> tuple[Diagnostic, ...]:
    """The diagnostics as printed: more than LISTED of one kind (those `pick` names a key for)
    are one warning at the end, made by `total` of them and their keys; every other problem is
    reported where it is."""
    picked = [(d, key) for d in diags if (key := pick(d)) is not None]
    if len(picked) <= LISTED:
        return tuple(diags)
    return (*(d for d in diags if pick(d) is None), total(picked))


def sum_up_links(
    code: str, what: str, hint: str, diags: Sequence[Diagnostic], thing: str = "note"
) -> tuple[Diagnostic, ...]:
    """`code` warnings of links to notes (linked_note), or to files (`thing`), past LISTED, as
    one warning saying how many links, in how many notes, to how many of them `what` says
    (linked_total)."""
    total = partial(linked_total, code, what, hint, thing=thing)
    return summed_up(diags, partial(linked_note, code), total)


def sum_up_unwritten(diags: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Links to notes written nowhere, past LISTED, as one warning (how many links, in how many
    notes, to how many notes; the most linked of those, at the first place that names it); a
    link that is probably a typo of a note's name is reported where it is."""
    hint = "write those notes; `notebase check --unresolved` lists every such link"
    return sum_up_links("broken-link", "written nowhere (unresolved links)", hint, diags)


def sum_up_unpublished(diags: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Links to notes the site leaves out, past LISTED, as one warning, as sum_up_unwritten says
    them: in a garden that publishes only its marked notes, most of its links lead to others."""
    hint = "publish them (`draft: false`, or `publish: true` where only notes so marked are"
    hint += " published), or build with --drafts; `notebase check --unresolved` lists every link"
    return sum_up_links("draft-link", "the site leaves out (not published)", hint, diags)


def sum_up_left_out(diags: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Links to notes the site never reads, past LISTED, as one warning, as sum_up_unwritten says
    them: a vault that names its hub notes `_Python.md` links them from thousands of notes."""
    hint = "rename them without the _, or move them out of the template folder, to publish them;"
    hint += " `notebase check --unresolved` lists every link"
    what = "the site leaves out (named with _, or in the template folder)"
    return sum_up_links("left-out-link", what, hint, diags)


def sum_up_missing_files(diags: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Links and embeds of files not under notes/, past LISTED, as one warning, as
    sum_up_unwritten says them: a vault kept on GitHub often leaves its attachments out (its
    .gitignore naming their folder), and then every picture of every note is missing."""
    hint = "put the files in notes/ (any folder: each is found by name), or fix the links;"
    hint += " `notebase check --unresolved` lists every one"
    return sum_up_links("missing-attachment", "not under notes/", hint, diags, "file")


def unread_query(diag: Diagnostic) -> str | None:
    """What a dataview-unsupported warning says its query uses (its message); None for any other
    diagnostic."""
    return diag.message if diag.code == "dataview-unsupported" else None


def sum_up_unread(diags: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Dataview queries notebase does not read, past LISTED, as one warning saying the most told
    of them: a daily note's template writes its query in every daily note."""
    return summed_up(diags, unread_query, unread_total)


def unread_total(unread: list[tuple[Diagnostic, str]]) -> Diagnostic:
    most, times = Counter(message for _, message in unread).most_common(1)[0]
    first = next(d for d, message in unread if message == most)
    notes = counted(len({d.pos.path for d, _ in unread if d.pos}), "note")
    message = (
        f"{len(unread)} queries in {notes} are shown as written; the most told ({times}): {most}"
    )
    hint = f"{first.hint}; `notebase check --unresolved` lists every one"
    return warning("dataview-unsupported", message, first.pos, hint)


def sum_up_empty(diags: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Empty notes, past LISTED, as one warning naming the first few: a vault keeps them as hubs
    of their backlinks (`Tags/AI ML.md`), or as Obsidian makes a note of a link clicked."""
    return summed_up(diags, partial(linked_note, "empty-note"), empty_total)


def empty_total(empty: list[tuple[Diagnostic, str]]) -> Diagnostic:
    named = ", ".join(path for _, path in empty[:MOST_LINKED])
    message = f"{len(empty)} notes are empty: {named}, …"
    hint = "write them, or delete the files; `notebase check --unresolved` lists every one"
    return warning("empty-note", message, empty[0][0].pos, hint)


def linked_total(
    code: str, what: str, hint: str, linked: list[tuple[Diagnostic, str]], thing: str = "note"
) -> Diagnostic:
    """One `code` warning for the links to notes (or files: `thing`) `what` said (each with the
    note's name, or the file's path as written)."""
    counts = Counter(note.casefold() for _, note in linked)
    spelt = {note.casefold(): note for _, note in reversed(linked)}  # as first spelt
    most = sorted(counts, key=lambda key: (-counts[key], key))[:MOST_LINKED]
    linking = len({d.pos.path for d, _ in linked if d.pos})
    shown = "[[{}]]" if thing == "note" else "{}"
    named = ", ".join(f"{shown.format(spelt[key])} ({counts[key]})" for key in most)
    message = (
        f"{len(linked)} links in {counted(linking, 'note')} name"
        f" {counted(len(counts), thing)} {what}, the most linked: {named}"
    )
    first = next(d for d, note in linked if note.casefold() == most[0])
    return warning(code, message, first.pos, hint)


RELATIVE_URL = "import-relative-url"  # an imported post's relative links kept as their text


def sum_up_relative(diags: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Imported posts' relative links kept as text, past LISTED posts (a built site's pages,
    none saying its address), as one warning: how many, in how many posts and files."""
    return summed_up(diags, partial(linked_note, RELATIVE_URL), relative_total)


def relative_total(kept: list[tuple[Diagnostic, str]]) -> Diagnostic:
    links = sum(int(n) for _, n in kept)
    files = len({d.pos.path for d, _ in kept if d.pos})
    message = (
        f"{links} relative links or images in {counted(len(kept), 'post')} of"
        f" {counted(files, 'file')} kept as text: their pages or feeds say no address"
    )
    hint = (
        "give the address of the site they were saved from (`notebase import --site"
        " https://example.com/ FILE…`: the folder the files share is its root), or import pages"
        ' that say their address (<link rel="canonical">, which most themes write when the site'
        " is built with it set: Hugo's baseURL, Jekyll's url with jekyll-seo-tag);"
        " `notebase import --unresolved` lists every post"
    )
    return warning(RELATIVE_URL, message, kept[0][0].pos, hint)


MISSING_FILE = "import-missing-file"  # a file an imported post links, found nowhere to copy


def sum_up_missing(diags: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Files imported posts link that are nowhere to copy, past LISTED, as one warning: a blog
    whose pictures its site serves from elsewhere (a CDN's `/media/…`) names hundreds."""
    return summed_up(diags, partial(linked_note, MISSING_FILE), missing_total)


def missing_total(missing: list[tuple[Diagnostic, str]]) -> Diagnostic:
    posts = len({d.pos.path for d, _ in missing if d.pos})
    files = len({path for _, path in missing})  # (a file linked twice is one)
    first = missing[0][1]
    message = (
        f"{counted(files, 'file')} the posts link (in {counted(posts, 'file')}; the"
        f" first: {first}) are neither beside them nor at their blog's root: their links are"
        " kept, leading nowhere"
    )
    hint = (
        "copy the files into the notes' folder at those paths;"
        " `notebase import --unresolved` lists every one"
    )
    return warning(MISSING_FILE, message, missing[0][0].pos, hint)


SUMMED_UP = (
    sum_up_unwritten,
    sum_up_unpublished,
    sum_up_left_out,
    sum_up_missing_files,
    sum_up_empty,
    sum_up_unread,
    sum_up_relative,
    sum_up_missing,
)  # each kind that comes by the dozen, summed up in this order


def sum_up(diags: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """The diagnostics as printed: each kind of SUMMED_UP summed up in turn."""
    said = tuple(diags)
    for summing in SUMMED_UP:
        said = summing(said)
    return said


def counted(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def format_diagnostic(diag: Diagnostic) -> str:
    """`file:line: severity[code]: message` plus an indented hint line when there is one."""
    where = f"{diag.pos}: " if diag.pos else ""
    text = f"{where}{diag.severity}[{diag.code}]: {diag.message}"
    return f"{text}\n  hint: {diag.hint}" if diag.hint else text


def sort_diagnostics(diags: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Deterministic order: by file, line, then code and message."""

    def key(d: Diagnostic) -> tuple[str, int, str, str]:
        pos = d.pos or FilePos("", 0)
        return (pos.path, pos.line, d.code, d.message)

    return tuple(sorted(set(diags), key=key))


def has_errors(diags: Iterable[Diagnostic], strict: bool = False) -> bool:
    """True when any diagnostic fails the build (warnings too when strict)."""
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    return any(d.severity in failing for d in diags)


def diagnostics_to_json(diags: Iterable[Diagnostic]) -> str:
    rows = [
        {
            "file": d.pos.path if d.pos else None,
            "line": d.pos.line if d.pos else None,
            "severity": str(d.severity),
            "code": d.code,
            "message": d.message,
            "hint": d.hint or None,
        }
        for d in diags
    ]
    return json.dumps(rows, ensure_ascii=False, indent=2)


def news_since(
    reported: Collection[Diagnostic], current: Iterable[Diagnostic]
) -> tuple[tuple[Diagnostic, ...], Counter[Severity]]:
    """What to say after a rebuild, when `reported` was said after the one before: the current
    diagnostics not reported (new, or changed, such as moved to another line), and how many of
    each severity were resolved (reported, and now gone even from another line)."""
    said = set(reported)
    fresh = tuple(d for d in current if d not in said)
    gone = Counter(where_and_what(d) for d in reported)
    gone.subtract(where_and_what(d) for d in current)
    resolved: Counter[Severity] = Counter()
    for (_, severity, _, _), n in gone.items():
        resolved[severity] += max(n, 0)
    return fresh, +resolved


def where_and_what(diag: Diagnostic) -> tuple[str, Severity, str, str]:
    """A diagnostic less its line: the same problem moved by an edit above it is still one."""
    return (diag.pos.path if diag.pos else "", diag.severity, diag.code, diag.message)


def resolved_line(resolved: Counter[Severity]) -> str:
    """'notebase: 2 warnings resolved', '1 error, 3 warnings resolved'; '' when none were."""
    parts = [
        f"{n} {severity}{'' if n == 1 else 's'}"
        for severity in Severity
        if (n := resolved.get(severity, 0))
    ]
    return f"notebase: {', '.join(parts)} resolved" if parts else ""
