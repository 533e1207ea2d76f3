"""notebase.yaml -> Config (frozen, validated); wrong types are errors with their line, unknown keys warnings."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from notebase.diagnostics import Diagnostic, FilePos, error
from notebase.markdown.admonitions import NO_TYPES, AdmonitionTypes
from notebase.reading.admonitions import read_admonition_types
from notebase.reading.gardens import read_garden_settings
from notebase.reading.sourcerefs import is_safe_url
from notebase.reading.yamlio import load_fields, read_mapping, unknown_key_diagnostic
from notebase.slugs import normalize_name, normalize_tag

CONFIG_FILE = "notebase.yaml"
# Vault folders that hold nothing to publish: Obsidian's settings and bin. (Note templates hold no
# note to publish, but a base or an image there may be embedded: discover.TEMPLATE_FOLDERS.)
DEFAULT_IGNORE = (".obsidian/", ".trash/")


@dataclass(frozen=True, slots=True)
class Config:
    title: str = "Reading notes"
    description: str = "Notes on papers, posts and links."
    author: str = ""
    base_url: str = ""  # absolute URL of the published site, for feeds and the sitemap
    language: str = "en"
    recent: int = 20  # entries on the home page
    feed_entries: int = 50
    directory_urls: bool = (
        False  # True: links end in '/', for hosting; False: '…/index.html', works from disk
    )
    search: bool = True  # build the Pagefind full-text index (else the box searches entries.js)
    ignore: tuple[str, ...] = DEFAULT_IGNORE  # gitignore-like globs of notes/ paths left out
    # which notes the site shows: "all" (but drafts), "marked" (those saying `publish: true`), or
    # "" (unsaid: "marked" when a Quartz garden's settings say so, else "all")
    published: str = ""
    # not a notebase.yaml key: (kind, name, description) of tag/category pages, read from the
    # `_collections.yaml` files `notebase import` writes under notes/
    descriptions: tuple[tuple[str, str, str], ...] = ()
    # not a notebase.yaml key: with `published: marked`, the folders whose notes are published
    # unmarked (a vault's Obsidian Publish rules, read from it)
    included: tuple[str, ...] = ()
    # not a notebase.yaml key: the custom types of the vault's Admonition plugin (read from its
    # settings, .obsidian/plugins/obsidian-admonition/data.json), which every note is parsed with
    admonitions: AdmonitionTypes = NO_TYPES
    # not a notebase.yaml key: whether the notes are a Quartz garden's (its settings found), which
    # Quartz publishes named `_x.md` too (or in a folder `_x/`) and titles by their file names,
    # not by a heading opening them
    quartz: bool = False

    def publishes(self, draft: bool, marked: bool, rel_path: str = "") -> bool:
        """Whether the site shows a note (at `rel_path` under notes/): no draft, and with
        `published: marked`, marked `publish: true` or in a folder `included`."""
        if draft:
            return False
        if marked or self.published != "marked":
            return True
        return any(rel_path.startswith(f"{folder}/") for folder in self.included)


DESCRIPTIONS_FILE = "_collections.yaml"
PUBLISHED = ("all", "marked")  # the values of `published:`
# the largest count a setting takes (more entries than any site has; a count past what Python
# slices by, sys.maxsize, made a traceback)
MAX_COUNT = 1_000_000
FIELD_TYPES: dict[str, type] = {
    f.name: type(getattr(Config(), f.name))
    for f in fields(Config)
    if f.name not in ("descriptions", "included", "admonitions", "quartz")
}


TYPE_NAMES = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
    tuple: "a list of patterns like [templates/, '*.draft.md']",
}


def load_config(root: Path) -> tuple[Config, tuple[Diagnostic, ...]]:
    """Read notebase.yaml from the knowledge-base root (a missing file gives the defaults), with
    the tag and category descriptions of the knowledge base's collections files, what a garden's
    settings leave out and the custom types of the vault's Admonition plugin."""
    config, diags = load_settings(root)
    descriptions, broken = load_descriptions(root / "notes")
    garden, told = read_garden_settings(root, config.ignore)
    admonitions, said = read_admonition_types(root / "notes")
    config = replace(
        config,
        descriptions=descriptions,
        ignore=tuple(dict.fromkeys((*config.ignore, *garden.ignore))),
        published=config.published or ("marked" if garden.marked_only else ""),
        included=garden.included,
        admonitions=admonitions,
        quartz=garden.quartz,
    )
    return config, (*diags, *broken, *told, *said)


def load_descriptions(
    notes: Path,
) -> tuple[tuple[tuple[str, str, str], ...], tuple[Diagnostic, ...]]:
    """(kind, name, description) from every notes/**/_collections.yaml, in path order (a later
    file's description of the same page wins); an unreadable file is left out, one that is not
    YAML too, with a warning."""
    found: dict[tuple[str, str], str] = {}
    broken: list[Diagnostic] = []
    for path in sorted(notes.rglob(DESCRIPTIONS_FILE)) if notes.is_dir() else ():
        try:
            written = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        data, problem = read_mapping(written, path.relative_to(notes.parent).as_posix())
        broken += [problem] if problem else []
        for kind in ("tags", "categories"):
            pages = data.get(kind)
            for name, value in pages.items() if isinstance(pages, dict) else ():
                text = value.get("description") if isinstance(value, dict) else None
                key = (normalize_tag if kind == "tags" else normalize_name)(str(name))
                if isinstance(text, str) and text.strip() and key:
                    found[(kind, key)] = text.strip()
    return tuple((kind, name, text) for (kind, name), text in sorted(found.items())), tuple(broken)


def load_settings(root: Path) -> tuple[Config, tuple[Diagnostic, ...]]:
    """notebase.yaml alone."""
    path = root / CONFIG_FILE
    if not path.exists():
        return Config(), ()
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        reason = "it is not UTF-8 text" if isinstance(exc, UnicodeDecodeError) else exc.strerror
        hint = f"make {CONFIG_FILE} a readable UTF-8 file, or delete it to use the defaults"
        message = f"cannot read {CONFIG_FILE}: {reason or exc}"
        return Config(), (error("config-unreadable", message, FilePos(CONFIG_FILE), hint),)
    return parse_config(text)


def parse_config(text: str) -> tuple[Config, tuple[Diagnostic, ...]]:
    parsed, diags = load_fields(text, CONFIG_FILE, 1, what=CONFIG_FILE)
    out = list(diags)
    values: dict[str, Any] = {}
    for fld in parsed:
        pos = FilePos(CONFIG_FILE, fld.line)
        expected = FIELD_TYPES.get(fld.key)
        if expected is None:
            out.append(unknown_key_diagnostic(fld.key, tuple(FIELD_TYPES), pos))
        elif not has_type(fld.value, expected):
            message = f"`{fld.key}` must be {TYPE_NAMES[expected]}, got {fld.value!r}"
            out.append(
                error("config-type", message, pos, f"example: {fld.key}: {example_of(expected)}")
            )
        elif (problem := value_problem(fld.key, fld.value)) is not None:
            out.append(error("config-value", problem[0], pos, problem[1]))
        else:
            values[fld.key] = as_patterns(fld.value) if expected is tuple else fld.value
    config = replace(Config(), **values)
    return replace(config, base_url=config.base_url.rstrip("/")), tuple(out)


def value_problem(key: str, value: object) -> tuple[str, str] | None:
    """(message, hint) for a value of the right type that cannot be used."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"`{key}` must be 0 or more, got {value}", f"example: {key}: 20"
    if isinstance(value, int) and value > MAX_COUNT:
        return f"`{key}` must be at most {MAX_COUNT}, got {value}", f"example: {key}: 20"
    if key == "published" and value not in PUBLISHED:
        message = f"`published` must be one of {', '.join(PUBLISHED)}, got {value!r}"
        return message, "example: published: marked  (only the notes saying `publish: true`)"
    if key == "base_url" and value and not is_safe_url(str(value)):
        message = f"`base_url` must be an http(s) URL, got {value!r}"
        return message, 'example: base_url: "https://example.org/notes"'
    return None


def as_patterns(value: object) -> tuple[str, ...]:
    """`ignore:` as a tuple: a list of patterns, or one pattern."""
    if isinstance(value, str):
        return (value,)
    assert isinstance(value, list)  # has_type checked it
    return tuple(str(v) for v in value)


def has_type(value: object, expected: type) -> bool:
    if expected is tuple:
        return isinstance(value, str) or (
            isinstance(value, list) and all(isinstance(v, str) for v in value)
        )
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if expected is str:
        return isinstance(value, str)
    return isinstance(value, expected)


def example_of(expected: type) -> str:
    return {str: '"text"', int: "20", bool: "true", tuple: "[templates/]"}.get(expected, "…")
