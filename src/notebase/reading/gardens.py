"""What a garden's publishing tool keeps out of its site, so that notebase keeps it out too.

- Quartz reads its notes from content/ and publishes all but what its quartz.config.ts leaves out:
  the paths its `ignorePatterns` globs match (relative to content/: `private` is the top folder of
  that name), and, with the `Plugin.ExplicitPublish()` filter, every note whose front matter does
  not say `publish: true`. The file is TypeScript: only its comments and strings are told apart
  from code, and these two settings read from it; anything else in it is Quartz's own.
- Quartz 3, a Hugo site, keeps its settings in config.toml beside content/: its `ignoreFiles`
  (Hugo's patterns of paths, written `/content/private/*`) leave folders out, and its pages are
  every note, its home page `content/_index.md` (a folder's page, `_index.md`) as Hugo makes them.
- Obsidian's Digital Garden plugin (a vault holding .obsidian/plugins/digitalgarden/) publishes
  only the notes marked `dg-publish: true` (a vault marking none publishes every note).
- Obsidian Publish keeps its folder rules in .obsidian/publish.json: the folders `excluded` are
  never published, and when it names folders `included`, a note outside them is published only
  when marked `publish: true` (the notes chosen one by one are kept on Obsidian's servers, not in
  the vault). Its paths are literal folders, matched as prefixes of a note's path.
A garden brought as it is (notes/ being its content/ or its vault) keeps those notes private.
"""

from __future__ import annotations

import os
import re
import time
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from notebase.diagnostics import Diagnostic, FilePos, info, warning
from notebase.reading.discover import read_note, scan_note_files
from notebase.reading.frontmatter import publish_flags, read_front_matter
from notebase.reading.vaultjson import NotJson, read_settings
from notebase.slugs import is_note_file

QUARTZ_CONFIG = "quartz.config.ts"
QUARTZ_3_CONFIG = "config.toml"  # Quartz 3's, a Hugo site's
# a Hugo `ignoreFiles` pattern naming a folder of content/ as Quartz 3's settings write one:
# `/content/private/*`, `^content/templates/`
HUGO_FOLDER_PATTERN = re.compile(r"\^?/?content/([^*?+()\[\]{}|^$\\]+?)/?(?:\.?\*)?\$?")
DIGITAL_GARDEN = ".obsidian/plugins/digitalgarden"  # the plugin's folder in a vault
OBSIDIAN_PUBLISH = ".obsidian/publish.json"  # Obsidian Publish's folder rules in a vault
# a string literal or a comment; one left open runs to the end of its line (a template literal,
# a block comment: to the end of the text), so that any text is read in one pass
TOKEN = re.compile(
    r'"(?:[^"\\\n]|\\.)*+(?:"|\\?$)|\'(?:[^\'\\\n]|\\.)*+(?:\'|\\?$)|`[^`]*`?|//[^\n]*'
    r"|/\*.*?(?:\*/|\Z)",
    re.S | re.M,
)
IGNORE_PATTERNS = re.compile(r"\bignorePatterns\s*:\s*\[([^\]]*)\]")
FILTERS = re.compile(r"\bfilters\s*:\s*\[([^\]]*)\]")
EXPLICIT_PUBLISH = re.compile(r"\bExplicitPublish\s*\(")
MASK = "\0"  # what a string's text is replaced by, while the code around it is searched


@dataclass(frozen=True, slots=True)
class GardenSettings:
    """What a garden's settings leave out: notes/ paths (notebase `ignore:` patterns), and whether
    only the notes marked to be (`publish: true`, `dg-publish: true`) are published."""

    ignore: tuple[str, ...] = ()
    marked_only: bool = False
    line: int = 0  # of quartz.config.ts's `ignorePatterns`, or 1
    included: tuple[str, ...] = ()  # folders whose notes are published unmarked (marked_only)
    # a Quartz garden's (its quartz.config.ts found): Quartz publishes a note named `_x.md`,
    # leaving out only what its ignorePatterns name, and titles notes by their file names
    quartz: bool = False


def find_quartz_config(root: Path) -> Path | None:
    """quartz.config.ts (or Quartz 3's config.toml) in the knowledge base's root, else beside the
    folder notes/ is (a link to a garden's content/)."""
    notes = (root / "notes").resolve()
    for folder in (root, notes.parent):
        if (folder / QUARTZ_CONFIG).is_file():
            return folder / QUARTZ_CONFIG
        if is_quartz_3_config(folder / QUARTZ_3_CONFIG, notes):
            return folder / QUARTZ_3_CONFIG
    return None


def is_quartz_3_config(path: Path, notes: Path) -> bool:
    """Whether a config.toml is a Quartz 3 garden's (a Hugo site's), not another tool's (Zola's,
    a Python project's): notes/ is the content/ beside it, or it names Hugo's `ignoreFiles`."""
    if not path.is_file():
        return False
    if (path.parent / "content").resolve() == notes:
        return True
    try:  # (named, not parsed here: read_quartz_settings reads it, and says when it cannot)
        return HUGO_IGNORE.search(path.read_text(encoding="utf-8-sig")) is not None
    except (OSError, UnicodeDecodeError):
        return False


def read_garden_settings(
    root: Path, ignore: tuple[str, ...] = ()
) -> tuple[GardenSettings, tuple[Diagnostic, ...]]:
    """The settings of the garden the knowledge base is, with an info saying what they leave out
    (none when no tool's settings leave anything out); `ignore`: notebase.yaml's patterns."""
    quartz, told = read_quartz_settings(root)
    published, said = read_publish_settings(root / "notes")
    settings = GardenSettings(
        tuple(dict.fromkeys((*quartz.ignore, *published.ignore))),
        quartz.marked_only or published.marked_only,
        quartz.line,
        published.included,
        quartz.quartz,
    )
    if (root / "notes" / DIGITAL_GARDEN).is_dir():
        settings, garden = digital_garden(root / "notes", settings, ignore)
        said += (garden,)
    return settings, (*told, *said)


def digital_garden(
    notes: Path, settings: GardenSettings, ignore: tuple[str, ...] = ()
) -> tuple[GardenSettings, Diagnostic]:
    """A vault holding the Digital Garden plugin publishes only its notes marked `dg-publish:
    true`, as the plugin does; one marking none (the plugin tried, never used) publishes every
    note, where the plugin would publish none: an empty site is no vault's. A note the site
    never reads (a template, one `ignore` leaves out) marks nothing."""
    pos = FilePos(f"notes/{DIGITAL_GARDEN}")
    if not marks_a_note(notes, (*ignore, *settings.ignore), settings.quartz):
        message = "the vault holds the Digital Garden plugin but marks no note `dg-publish: true`,"
        message += " which the plugin publishes alone: every note is published"
        hint = "mark the notes to publish `dg-publish: true` to publish only those"
        return settings, info("garden-settings", message, pos, hint)
    message = "the site publishes only the notes marked `dg-publish: true` (or `publish:"
    message += " true`), as the vault's Digital Garden plugin does"
    said = info("garden-settings", message, pos, PUBLISH_ALL_HINT)
    return replace(settings, marked_only=True, included=()), said


# a key that may mark a note published (`dg-publish: true`, `Publish: "yes"`, JSON's
# `{"dg-publish":true}`) in the bytes of a note's start: only a note holding one is read whole
MAY_MARK = re.compile(rb"""(?:dg-)?publish["']?[ \t]*:""", re.I)
HEAD = 8192
# whether each note (by its path, and the size, time and inode it had) marks itself published, so
# that a rebuild opens only the notes changed since; a stamp younger than SETTLED_NS is not kept
# (a change within the same tick of the file system's clock would keep it)
MARKED: dict[Path, tuple[tuple[int, int, int], bool]] = {}
SETTLED_NS = 2_000_000_000


def marks_a_note(notes: Path, ignore: tuple[str, ...] = (), underscored: bool = False) -> bool:
    """Whether a note the site reads under notes/ (scan_note_files: not in a hidden folder or the
    vault's folder of templates, nor one `ignore` leaves out, nor one named `_x.md` unless
    `underscored`) says in its front matter it is published, as its parse reads it."""
    files, _, _ = scan_note_files(notes, ignore, underscored)
    return any(is_note_file(rel) and is_marked(notes, rel, stat) for rel, stat in files)


def is_marked(notes: Path, rel_path: str, stat: os.stat_result) -> bool:
    """Whether the note's front matter marks it published (what was found is kept by its stamp)."""
    path = notes / rel_path
    stamp = (stat.st_size, stat.st_mtime_ns, stat.st_ino)
    known = MARKED.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    marked = reads_marked(notes, rel_path)
    if stat.st_mtime_ns < time.time_ns() - SETTLED_NS:
        MARKED[path] = (stamp, marked)
    return marked


def reads_marked(notes: Path, rel_path: str) -> bool:
    """Whether the note, read as its parse reads it, is marked published."""
    try:
        with (notes / rel_path).open("rb") as file:
            head = file.read(HEAD)
    except OSError:
        return False
    if MAY_MARK.search(head) is None:
        return False
    note = read_note(notes, rel_path)
    if isinstance(note, Diagnostic):
        return False
    fields, _, _ = read_front_matter(note.text, note.display_path)
    return publish_flags(fields, note.display_path, [])[1]


def read_publish_settings(notes: Path) -> tuple[GardenSettings, tuple[Diagnostic, ...]]:
    """Obsidian Publish's folder rules (.obsidian/publish.json), with an info saying what they
    leave out; none without the file (or one that cannot be read as JSON)."""
    rules = read_settings(notes / OBSIDIAN_PUBLISH)
    if rules is None or isinstance(rules, NotJson):
        return GardenSettings(), ()
    excluded, included = (folder_list(rules, key) for key in ("excluded", "included"))
    settings = GardenSettings(tuple(f"/{f}" for f in excluded), bool(included), 1, included)
    pos = FilePos(f"notes/{OBSIDIAN_PUBLISH}")
    said = []
    if excluded:
        said.append(f"the folders its rules exclude ({', '.join(excluded)})")
    if included:
        shown = ", ".join(included)
        said.append(
            f"every note outside the folders they include ({shown}) not marked `publish: true`"
        )
    if not said:
        message = "the vault's Obsidian Publish settings choose notes one by one, on Obsidian's"
        message += " servers: every note is published here but those marked `publish: false`"
        hint = "notebase.yaml's `published: marked` publishes only the notes marked `publish: true`"
        return settings, (info("garden-settings", message, pos, hint),)
    message = "the site leaves out, as the vault's Obsidian Publish settings do: " + "; and ".join(
        said
    )
    return settings, (info("garden-settings", message, pos, PUBLISH_ALL_HINT if included else ""),)


def folder_list(rules: object, key: str) -> tuple[str, ...]:
    """publish.json's folder list under `key`: its paths that lead nowhere outside notes/."""
    listed = rules.get(key) if isinstance(rules, dict) else None
    paths = (
        (p.strip().strip("/") for p in listed if isinstance(p, str))
        if isinstance(listed, list)
        else ()
    )
    return tuple(p for p in paths if p and ".." not in p.split("/"))


def read_quartz_settings(root: Path) -> tuple[GardenSettings, tuple[Diagnostic, ...]]:
    """The settings of a Quartz garden's quartz.config.ts (find_quartz_config), with an info
    saying what they leave out (none without the file, or when it leaves nothing out)."""
    path = find_quartz_config(root)
    try:
        text = path.read_text(encoding="utf-8-sig") if path else ""
    except (OSError, UnicodeDecodeError):
        return GardenSettings(), ()
    if path is not None and path.name == QUARTZ_3_CONFIG and (bad := toml_problem(text)):
        shown = path.name if path.parent == root else str(path)
        return GardenSettings(quartz=True), (unreadable_config(bad, shown),)
    read = parse_hugo_config if path and path.name == QUARTZ_3_CONFIG else parse_quartz_config
    settings = replace(read(text), quartz=path is not None)
    if path is None or not (settings.ignore or settings.marked_only):
        return settings, ()
    shown = path.name if path.parent == root else str(path)
    return settings, (settings_info(settings, FilePos(shown, settings.line)),)


def parse_quartz_config(text: str) -> GardenSettings:
    """The settings read from the text of a quartz.config.ts."""
    strings: list[str] = []

    def masked(match: re.Match[str]) -> str:
        token = match.group(0)
        if token.startswith("/"):  # a comment: gone, its lines kept
            return "\n" * token.count("\n")
        strings.append(token[1:-1])
        return f"{MASK}{len(strings) - 1}{MASK}" + "\n" * token.count("\n")  # (a template's)

    code = TOKEN.sub(masked, text)
    listed = IGNORE_PATTERNS.search(code)
    numbers = re.findall(f"{MASK}(\\d+){MASK}", listed.group(1)) if listed else []
    patterns = tuple(p for n in numbers if (p := as_ignore_pattern(strings[int(n)])))
    filters = FILTERS.search(code)
    explicit = filters is not None and EXPLICIT_PUBLISH.search(filters.group(1)) is not None
    line = code.count("\n", 0, listed.start()) + 1 if listed else 1
    return GardenSettings(patterns, explicit, line)


HUGO_IGNORE = re.compile(r"^\s*ignoreFiles\s*=", re.M)  # a Hugo site's `ignoreFiles = [...]`


def toml_problem(text: str) -> tomllib.TOMLDecodeError | None:
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return exc
    return None


def unreadable_config(exc: tomllib.TOMLDecodeError, shown: str) -> Diagnostic:
    """A Quartz 3 garden's config.toml that TOML cannot read: its `ignoreFiles` are not applied."""
    at = re.search(r"at line (\d+)", str(exc))
    line = int(at.group(1)) if at else 1
    message = f"{shown} is no TOML ({exc}): its ignoreFiles"
    message += " are not read, every folder is published"
    hint = "fix the file as Hugo would have to read it"
    return warning("garden-settings", message, FilePos(shown, line), hint)


def parse_hugo_config(text: str) -> GardenSettings:
    """The settings read from a Quartz 3 garden's config.toml: the folders its `ignoreFiles`
    name (a pattern of another shape, a file's name or extension, is not read)."""
    try:
        listed = tomllib.loads(text).get("ignoreFiles")
    except tomllib.TOMLDecodeError:
        return GardenSettings()
    found = (
        HUGO_FOLDER_PATTERN.fullmatch(p.strip())
        for p in (listed if isinstance(listed, list) else ())
        if isinstance(p, str)
    )
    patterns = tuple(as_ignore_pattern(m.group(1)) for m in found if m)
    line = next((i for i, row in enumerate(text.split("\n"), 1) if "ignoreFiles" in row), 1)
    return GardenSettings(tuple(dict.fromkeys(patterns)), False, line)


def as_ignore_pattern(glob: str) -> str:
    """A Quartz ignore glob (relative to content/) as a notebase `ignore:` pattern, anchored at
    notes/ as the glob is ("" for a negated glob, which leaves nothing out)."""
    glob = glob.strip()
    if not glob or glob.startswith("!"):
        return ""
    return "/" + glob.removeprefix("./").lstrip("/")


def ignore_key(config_path: str) -> str:
    return "ignoreFiles" if config_path.endswith(QUARTZ_3_CONFIG) else "ignorePatterns"


PUBLISH_ALL_HINT = "notebase.yaml's `published: all` publishes unmarked notes too"


def settings_info(settings: GardenSettings, pos: FilePos) -> Diagnostic:
    said = []
    if settings.ignore:
        globs = ", ".join(pattern.removeprefix("/") for pattern in settings.ignore)
        said.append(f"the paths its {ignore_key(pos.path)} name ({globs})")
    if settings.marked_only:
        said.append("as its ExplicitPublish filter does, every note not marked `publish: true`")
    message = "the site leaves out, as the Quartz garden does: " + "; and ".join(said)
    return info("garden-settings", message, pos, PUBLISH_ALL_HINT if settings.marked_only else "")
