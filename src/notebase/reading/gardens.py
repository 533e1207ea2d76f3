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
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from notebase.diagnostics import Diagnostic, FilePos, info
from notebase.reading.vaultjson import NotJson, read_settings

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
    for folder in (root, (root / "notes").resolve().parent):
        for name in (QUARTZ_CONFIG, QUARTZ_3_CONFIG):
            if (folder / name).is_file():
                return folder / name
    return None


def read_garden_settings(root: Path) -> tuple[GardenSettings, tuple[Diagnostic, ...]]:
    """The settings of the garden the knowledge base is, with an info saying what they leave out
    (none when no tool's settings leave anything out)."""
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
        settings, garden = digital_garden(root / "notes", settings)
        said += (garden,)
    return settings, (*told, *said)


def digital_garden(notes: Path, settings: GardenSettings) -> tuple[GardenSettings, Diagnostic]:
    """A vault holding the Digital Garden plugin publishes only its notes marked `dg-publish:
    true`, as the plugin does; one marking none (the plugin tried, never used) publishes every
    note, where the plugin would publish none: an empty site is no vault's."""
    pos = FilePos(f"notes/{DIGITAL_GARDEN}")
    if not marks_a_note(notes):
        message = "the vault holds the Digital Garden plugin but marks no note `dg-publish: true`,"
        message += " which the plugin publishes alone: every note is published"
        hint = "mark the notes to publish `dg-publish: true` to publish only those"
        return settings, info("garden-settings", message, pos, hint)
    message = "the site publishes only the notes marked `dg-publish: true` (or `publish:"
    message += " true`), as the vault's Digital Garden plugin does"
    said = info("garden-settings", message, pos, PUBLISH_ALL_HINT)
    return replace(settings, marked_only=True, included=()), said


# a front-matter line marking a note published (`dg-publish: true`, `publish: "yes"`), and the
# bytes of a note's start read for it
MARKED = re.compile(rb"""^(?:dg-)?publish[ \t]*:[ \t]*["']?(?:true|yes)["']?\s*$""", re.M | re.I)
HEAD = 8192


def marks_a_note(notes: Path) -> bool:
    """Whether a note under notes/ (outside its hidden folders: .obsidian, .trash) says it is
    published in its front matter."""
    for folder, subfolders, files in os.walk(notes):
        subfolders[:] = [name for name in subfolders if not name.startswith(".")]
        if any(name.endswith(".md") and is_marked(Path(folder, name)) for name in files):
            return True
    return False


def is_marked(path: Path) -> bool:
    """Whether the front matter at the file's start marks it published."""
    try:
        with path.open("rb") as file:
            head = file.read(HEAD).removeprefix(b"\xef\xbb\xbf")
    except OSError:
        return False
    end = head.find(b"\n---", 3)
    return head.startswith(b"---") and bool(MARKED.search(head, 3, end if end > 0 else len(head)))


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
