"""Generated edit sequences over a small site: after every edit, the serve path's rebuild (its state
kept in memory) and the CLI's cached build (its state in .notebase-cache) each write exactly the
files, byte for byte, and report exactly the diagnostics of a clean build of the same tree.

Every file the test writes gets its own mtime, long past: discover trusts a stamp (size, mtime,
inode) well older than its scan, so the stamps are trusted and every edit still changes one."""

from __future__ import annotations

import atexit
import functools
import itertools
import os
import posixpath
import shutil
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from threading import Lock

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from notebase.builder.pipeline import BuildResult, build_site, rebuild
from notebase.builder.preview import preview_notes
from notebase.builder.state import BuildOptions, BuildState
from notebase.diagnostics import Diagnostic, format_diagnostic
from notebase.planning.render import default_theme_dir
from tests.sitecompare import png, tree, tree_differences

MAX_NOTES = 6
FOLDERS = ("", "papers", "ideas/deep")
STEMS = ("alpha", "beta", "gamma", "index")
NOTE_PATHS = tuple(posixpath.join(folder, f"{stem}.md") for folder in FOLDERS for stem in STEMS)
# what wikilinks and embeds name: file names, titles, an alias, a path, nothing at all
TARGETS = ("alpha", "beta", "Gamma notes", "Al", "index", "ideas/deep/alpha", "missing")
HEADINGS = ("Heading A", "Heading B")
PICTURES = ("pic.png", "img/plot.png")  # under notes/
PICTURE_NAMES = ("pic.png", "plot.png", "img/plot.png")  # what embeds name
FIELDS = (
    ("title", "Alpha"),
    ("title", "Gamma notes"),
    ("tags", "[ml]"),
    ("tags", "ml, optimizers"),
    ("category", "papers"),
    ("category", "[essays, links-and-recs]"),
    ("url", "https://arxiv.org/abs/2502.16982"),
    ("url", "https://example.com/post"),
    ("arxiv", "1802.09568"),
    ("doi", "10.1/x"),
    ("kind", "link"),
    ("status", "reading"),
    ("status", "to-read"),
    ("date", "2025-06-03"),
    ("date", "2024-01-31"),
    ("date", "03-06-2025"),  # either way: read in the order other notes show (settle_dates)
    ("date", "31-01-2024"),  # the day first
    ("date", "01/31/2024"),  # the month first
    ("aliases", "[Al]"),
    ("aliases", "[Gamma notes, Beta]"),
    ("draft", "true"),
    ("draft", "false"),
    ("tldr", "Short."),
    ("slug", "shared"),
)
FIELD_KEYS = tuple(sorted({key for key, _ in FIELDS}))
PLAIN = (
    "Plain words.",
    "TL;DR: a paragraph that is the tl;dr.",
    "See https://example.com/post and https://doi.org/10.1/x for more.",
    "> Quoted text.\n> — Someone, A Work",
    "> A quote without attribution.",
    "A claim.[^1]\n\n[^1]: Its footnote.",
)
TEMPLATES = ("entry.html", "partials/card.html")
STATIC_FILES = ("robots.txt", "extra/notes.txt")
BASE_NS = 1_600_000_000 * 10**9  # 2020: far older than any scan, so every stamp is trusted
TICKS = itertools.count(1)
# no Pagefind: a search run costs a second per build
CONFIG = "title: {title}\ndirectory_urls: {directory_urls}\nsearch: false\n"
# a build makes and removes hundreds of folders: in memory when the machine has such a folder
FAST_TMP = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None


@functools.cache
def workspace() -> Path:
    """One folder for every sequence, emptied after each: one root, so the theme's templates are
    compiled once per process (notebase keeps a Jinja environment per root), as in `serve`."""
    folder = Path(tempfile.mkdtemp(prefix="notebase-edits-", dir=FAST_TMP))
    atexit.register(shutil.rmtree, folder, True)
    return folder


def new_mtime() -> int:
    """A time no file the test wrote had: an edit always changes a file's stamp."""
    return BASE_NS + next(TICKS) * 1_000_000_000


def blocks() -> st.SearchStrategy[str]:
    """A paragraph of a note's body: text, a quote, a footnote, a heading, a link or an embed."""
    target, heading = st.sampled_from(TARGETS), st.sampled_from(HEADINGS)
    return st.one_of(
        st.sampled_from(PLAIN),
        st.builds("## {}".format, heading),
        st.builds("See [[{}]].".format, target),
        st.builds("See [[{}#{}]].".format, target, heading),
        st.builds("![[{}]]".format, target),
        st.builds("![[{}#{}]]".format, target, heading),
        st.builds("![[{}]]".format, st.sampled_from(PICTURE_NAMES)),
    )


@dataclass
class Note:
    fields: dict[str, str] = field(default_factory=dict)
    body: list[str] = field(default_factory=list)

    def text(self) -> str:
        head = "".join(f"{key}: {value}\n" for key, value in self.fields.items())
        front = f"---\n{head}---\n" if head else ""
        return front + "\n\n".join(self.body) + "\n"


def template_override(name: str, line: str) -> str:
    """The theme's template with one more line, inside its first block when it has one."""
    text = (default_theme_dir() / name).read_text(encoding="utf-8")
    first_block_end = text.find("%}", text.find("{% block")) + 2 if "{% block" in text else 0
    return f'{text[:first_block_end]}\n<p class="extra">{line}</p>\n{text[first_block_end:]}'


def diagnostic_lines(diags: Iterable[Diagnostic]) -> list[str]:
    return sorted(format_diagnostic(d) for d in diags)


class EditSequences(RuleBasedStateMachine):
    """The site as files, the edits made to it (the story a failure tells), and two incremental
    builders following it: serve's rebuild and the CLI's cached build."""

    def __init__(self) -> None:
        super().__init__()
        self.tmp = workspace()
        self.root = self.tmp / "kb"
        self.notes: dict[str, Note] = {}
        self.story: list[str] = []
        self.serve_state = BuildState()
        self.changed: set[str] = set()  # the paths written or removed since serve's last rebuild
        self.last_sites: dict[str, dict[str, bytes]] = {}
        self.builds = 0

    def teardown(self) -> None:
        for folder in self.tmp.iterdir():  # the root and a clean site a failed check left
            shutil.rmtree(folder, ignore_errors=True)

    # -- writing files, each with a new mtime ------------------------------------------------------

    def write(self, rel: str, data: bytes, mtime: str = "new") -> None:
        """Write a file with a new mtime long past; or ("now") the clock's, as an editor saves; or
        ("kept") the one it had, as an edit within one tick of a coarse clock leaves it."""
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        self.changed.add(rel)
        stamp = path.stat().st_mtime_ns if mtime == "kept" and path.exists() else new_mtime()
        path.write_bytes(data)
        if mtime != "now":
            os.utime(path, ns=(stamp, stamp))

    def save(self, rel_note: str, what: str, mtime: str = "new") -> None:
        self.write(f"notes/{rel_note}", self.notes[rel_note].text().encode(), mtime)
        self.story.append(
            f"{what} ({mtime} mtime): notes/{rel_note} =\n{self.notes[rel_note].text()}"
        )

    def remove(self, rel: str, what: str) -> None:
        (self.root / rel).unlink()
        self.changed.add(rel)
        self.story.append(f"{what}: {rel}")

    def existing(self, folder: str) -> list[str]:
        base = self.root / folder
        return sorted(p.relative_to(base).as_posix() for p in base.rglob("*") if p.is_file())

    # -- the edits ---------------------------------------------------------------------------------

    @initialize(
        first=st.lists(blocks(), min_size=1, max_size=3),
        second=st.lists(blocks(), max_size=2),
    )
    def start(self, first: list[str], second: list[str]) -> None:
        self.write("notebase.yaml", CONFIG.format(title="Notes", directory_urls=False).encode())
        self.notes["alpha.md"] = Note({"title": "Alpha", "tags": "[ml]"}, first)
        self.save("alpha.md", "start with")
        self.notes["papers/beta.md"] = Note({}, ["# Beta", *second])
        self.save("papers/beta.md", "start with")

    @precondition(lambda self: len(self.notes) < MAX_NOTES)
    @rule(path=st.sampled_from(NOTE_PATHS), body=st.lists(blocks(), max_size=3))
    def add_note(self, path: str, body: list[str]) -> None:
        self.notes[path] = Note({}, body)
        self.save(path, "write")

    @precondition(lambda self: self.notes)
    @rule(data=st.data(), block=blocks(), mtime=st.sampled_from(("new", "now")))
    def add_block(self, data: st.DataObject, block: str, mtime: str) -> None:
        path = data.draw(st.sampled_from(sorted(self.notes)), label="note")
        body = self.notes[path].body
        body.insert(data.draw(st.integers(0, len(body)), label="at"), block)
        self.save(path, "add a paragraph", mtime)

    @precondition(lambda self: self.notes)
    @rule(data=st.data(), to=st.sampled_from(NOTE_PATHS), heading=st.booleans())
    def add_markdown_link(self, data: st.DataObject, to: str, heading: bool) -> None:
        path = data.draw(st.sampled_from(sorted(self.notes)), label="note")
        href = posixpath.relpath(to, posixpath.dirname(path) or ".")
        fragment = "#heading-a" if heading else ""
        self.notes[path].body.append(f"A [markdown link]({href}{fragment}).")
        self.save(path, "add a markdown link")

    @precondition(lambda self: any(note.body for note in self.notes.values()))
    @rule(data=st.data())
    def drop_block(self, data: st.DataObject) -> None:
        with_body = sorted(path for path, note in self.notes.items() if note.body)
        path = data.draw(st.sampled_from(with_body), label="note")
        body = self.notes[path].body
        del body[data.draw(st.integers(0, len(body) - 1), label="paragraph")]
        self.save(path, "drop a paragraph")

    @precondition(lambda self: self.notes)
    @rule(data=st.data(), key_value=st.sampled_from(FIELDS))
    def set_field(self, data: st.DataObject, key_value: tuple[str, str]) -> None:
        path = data.draw(st.sampled_from(sorted(self.notes)), label="note")
        self.notes[path].fields[key_value[0]] = key_value[1]
        self.save(path, "set a front matter field")

    @precondition(lambda self: any(note.fields for note in self.notes.values()))
    @rule(data=st.data())
    def drop_field(self, data: st.DataObject) -> None:
        with_fields = sorted(path for path, note in self.notes.items() if note.fields)
        path = data.draw(st.sampled_from(with_fields), label="note")
        fields = self.notes[path].fields
        del fields[data.draw(st.sampled_from(sorted(fields)), label="field")]
        self.save(path, "drop a front matter field")

    @precondition(lambda self: self.notes and len(self.notes) < len(NOTE_PATHS))
    @rule(data=st.data())
    def rename_note(self, data: st.DataObject) -> None:
        path = data.draw(st.sampled_from(sorted(self.notes)), label="note")
        free = [p for p in NOTE_PATHS if p not in self.notes]
        new = data.draw(st.sampled_from(free), label="new path")
        (self.root / "notes" / new).parent.mkdir(parents=True, exist_ok=True)
        (self.root / "notes" / path).rename(self.root / "notes" / new)
        self.changed.update((f"notes/{path}", f"notes/{new}"))
        self.notes[new] = self.notes.pop(path)
        self.story.append(f"rename: notes/{path} -> notes/{new}")

    @precondition(lambda self: self.notes)
    @rule(data=st.data())
    def delete_note(self, data: st.DataObject) -> None:
        path = data.draw(st.sampled_from(sorted(self.notes)), label="note")
        del self.notes[path]
        self.remove(f"notes/{path}", "delete")

    # templates and static files are read whole by every build: an edit keeping the mtime counts
    @rule(
        name=st.sampled_from(TEMPLATES),
        line=st.sampled_from(("one", "two")),
        mtime=st.sampled_from(("new", "kept")),
    )
    def write_template(self, name: str, line: str, mtime: str) -> None:
        self.write(f"templates/{name}", template_override(name, line).encode(), mtime)
        self.story.append(f"override templates/{name}, extra line {line!r} ({mtime} mtime)")

    @rule(
        name=st.sampled_from(STATIC_FILES),
        text=st.sampled_from(("one\n", "two\n")),
        mtime=st.sampled_from(("new", "kept")),
    )
    def write_static(self, name: str, text: str, mtime: str) -> None:
        self.write(f"static/{name}", text.encode(), mtime)
        self.story.append(f"write static/{name} = {text!r} ({mtime} mtime)")

    @rule(name=st.sampled_from(PICTURES), size=st.sampled_from(((2, 2), (3, 2), (2, 2, 9))))
    def write_picture(self, name: str, size: tuple[int, ...]) -> None:
        self.write(f"notes/{name}", png(*size))
        self.story.append(f"write the picture notes/{name}, png{size}")

    @precondition(lambda self: self.existing("templates") or self.existing("static"))
    @rule(data=st.data())
    def delete_theme_file(self, data: st.DataObject) -> None:
        present = [f"templates/{r}" for r in self.existing("templates")]
        present += [f"static/{r}" for r in self.existing("static")]
        self.remove(data.draw(st.sampled_from(present), label="file"), "delete")

    @precondition(lambda self: any((self.root / "notes" / name).exists() for name in PICTURES))
    @rule(data=st.data())
    def delete_picture(self, data: st.DataObject) -> None:
        present = [name for name in PICTURES if (self.root / "notes" / name).exists()]
        self.remove(f"notes/{data.draw(st.sampled_from(present), label='picture')}", "delete")

    @rule(title=st.sampled_from(("Notes", "Other notes")), directory_urls=st.booleans())
    def write_config(self, title: str, directory_urls: bool) -> None:
        text = CONFIG.format(title=title, directory_urls=directory_urls)
        self.write("notebase.yaml", text.encode())
        self.story.append(f"write notebase.yaml =\n{text}")

    # -- the property ------------------------------------------------------------------------------

    def options(self, out: Path) -> BuildOptions:
        return BuildOptions(root=self.root, out=out, jobs=1)

    @invariant()
    def rebuilds_write_the_clean_site(self) -> None:
        self.builds += 1
        clean_out = self.tmp / f"clean-{self.builds}"
        _, clean = rebuild(BuildState(), self.options(clean_out))
        serve_options = replace(self.options(self.root / "serve-site"), search_later=True)
        # as serve does: the pages of the notes saved previewed first, then the rebuild
        changed, self.changed = self.changed, set()
        self.serve_state, _ = preview_notes(self.serve_state, serve_options, changed, Lock())
        self.serve_state, served = rebuild(self.serve_state, serve_options)
        assert served.search is None, "search: false, yet a search job is due"
        built = build_site(replace(self.options(self.root / "site"), cache=True))
        want = tree(clean_out) if clean.written else None
        self.compare("serve (rebuild in memory)", served, self.root / "serve-site", clean, want)
        self.compare("build (cache=True)", built, self.root / "site", clean, want)
        shutil.rmtree(clean_out, ignore_errors=True)

    def compare(
        self,
        name: str,
        result: BuildResult,
        out: Path,
        clean: BuildResult,
        want: dict[str, bytes] | None,
    ) -> None:
        """The incremental build wrote what the clean one did (or, like it, nothing: its site is
        then the last one written), and said the same."""
        story = "\n".join(f"{n}. {line}" for n, line in enumerate(self.story, 1))
        heading = f"{name} after the edits:\n{story}\n"
        got_lines, want_lines = (
            diagnostic_lines(result.diagnostics),
            diagnostic_lines(clean.diagnostics),
        )
        assert result.written == clean.written, f"{heading}written: {result.written}\n{got_lines}"
        assert got_lines == want_lines, f"{heading}diagnostics differ: {got_lines} != {want_lines}"
        got = tree(out) if out.exists() else {}
        expected = want if want is not None else self.last_sites.get(name, {})
        differences = tree_differences(got, expected)
        assert not differences, heading + "\n".join(differences)
        self.last_sites[name] = got


TestEditSequences = EditSequences.TestCase
# 300 sequences: 500 took 304 s of a 13-minute suite on a 2-core machine, and `make test` is to stay
# under 15 minutes there (the sequences are derandomized: the same ones every run)
TestEditSequences.settings = settings(
    max_examples=300,
    stateful_step_count=8,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
