"""Front matter: split it from the body and coerce each known field to its type, with diagnostics."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.fuzzy import one_slip_from
from notebase.reading.dates import PLACEHOLDER, read_date
from notebase.reading.yamlio import Field, load_fields, reads_as_value

KNOWN_KEYS = (
    "title", "kind", "url", "source_title", "authors", "year", "date", "tags", "tag", "category",
    "tldr", "status", "aliases", "alias", "draft", "slug", "arxiv", "doi", "origin", "series",
    "series_author", "import_digest", "description", "permalink", "publish", "created",
    "modified", "updated", "cssclasses", "cssclass", "author", "published",
)  # fmt: skip
_FENCE = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.M)
# A template's placeholder as a whole value (`date: {{date:YYYY-MM-DD}}`, `- {{tag}}`), which
# YAML would read as a mapping in a mapping: it is quoted, so that the field reads it as text.
_PLACEHOLDER = re.compile(
    r"^([ \t]*(?:-[ \t]+|[^\s:#][^:\n]*:[ \t]+))(\{\{[^\n]*\}\})[ \t]*$", re.M
)
# A value YAML cannot start a plain scalar with (`- @kepano`, as obsidian-community/obsidian-hub
# writes aliases): quoted, so that the field reads it as text, when nothing else is wrong.
_RESERVED_START = re.compile(
    r"^([ \t]*(?:-[ \t]+|[^\s:#][^:\n]*:[ \t]+))([@`][^\n]*?)[ \t]*$", re.M
)
# A key at the start of its line and the value after it on that line (its trailing blanks apart).
_TOP_LEVEL_PAIR = re.compile(r"^([^\s:#\-'\"\[{][^:\n]*?:[ \t]+)(\S[^\n\r]*?)([ \t\r]*)$")
_WIKILINKS = re.compile(r"(?:\[\[[^\[\]\n]+\]\][ \t,]*)+")  # `related: [[a]] [[b]]`
_MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(<?([^\s<>()]+)>?\)")  # `[GitHub](https://…)`
_BOOLS = {
    "true": True,
    "yes": True,
    "on": True,
    "1": True,
    "false": False,
    "no": False,
    "off": False,
    "0": False,
}


@dataclass(frozen=True, slots=True)
class Split:
    yaml_text: str
    body: str
    body_line: int  # 1-based line of the file where the body starts
    has_front_matter: bool


def split_front_matter(text: str) -> Split | None:
    """`---` on the first line opens front matter; None when it is never closed."""
    if not re.match(r"---[ \t]*\n", text):
        return Split("", text, 1, False)
    m = _FENCE.search(text, text.index("\n") + 1)
    if m is None:
        return None
    yaml_text = text[text.index("\n") + 1 : m.start()]
    body_start = min(m.end() + 1, len(text))
    body_line = text.count("\n", 0, body_start) + 1
    return Split(yaml_text, text[body_start:], body_line, True)


def read_front_matter(text: str, path: str) -> tuple[dict[str, Field], Split, list[Diagnostic]]:
    """The note's fields by key, its split, and the problems of its front matter (never one that
    leaves the note unread)."""
    split = split_front_matter(text)
    if split is None:  # as Obsidian reads it: no properties, the `---` a rule above the text
        hint = "close the front matter with a line of ---, or put a blank line above the rule"
        message = "front matter is never closed: the note is read without it"
        unclosed = warning("frontmatter-unterminated", message, FilePos(path, 1), hint)
        return {}, Split("", text, 1, False), [unclosed]
    fields, out = mended_fields(split.yaml_text, path)
    by_key: dict[str, Field] = {}
    written = {fld.key for fld in fields}
    for fld in fields:
        known = key_as_read(fld.key, KNOWN_KEYS, written)
        if known != fld.key:
            by_key[known] = replace(fld, key=known)
            continue
        by_key[fld.key] = fld
        if fld.key not in KNOWN_KEYS:
            out.extend(check_misspelling(fld, path, written))
    return by_key, split, out


def mended_fields(yaml_text: str, path: str) -> tuple[tuple[Field, ...], list[Diagnostic]]:
    """The front matter's fields and problems, read again past a mistake whose meaning is plain:
    template placeholders (kept quoted even if the text still fails), then a value YAML reserves
    the start of, then one that is plainly text, each mend made on the text the last left (a
    template's note may need all three) and kept once the text reads whole."""
    fields, diags = load_fields(yaml_text, path, 2)
    text, told = yaml_text, []
    if diags and _ESCAPED_BAR.search(yaml_text):  # written so by a tool: no warning
        text = _ESCAPED_BAR.sub("|", yaml_text)
        fields, diags = load_fields(text, path, 2)
    if diags and "{{" in text:
        text = _PLACEHOLDER.sub(quote_placeholder, text)
        fields, diags = load_fields(text, path, 2)
        told = [placeholder_warning(path)]
    mends: list[Diagnostic] = []
    for mend in (reserved_starts, text_values):
        mended = mend(text, path) if diags else None
        if mended is None:
            continue
        text, mends = mended[0], [*mends, mended[1]]
        again, still = load_fields(text, path, 2)
        if not still:
            fields, diags, told = again, (), [*told, *mends]
    return fields, [*diags, *told]


# a wikilink's bar escaped, `"[[Note\|shown]]"`, as Obsidian's Digital Garden plugin writes the
# links of the properties it publishes (as JSON): no escape YAML (nor JSON) knows, so the whole
# front matter failed to read
_ESCAPED_BAR = re.compile(r"(?<!\\)\\\|(?=[^\[\]\n]*\]\])")


def key_as_read(key: str, known: Collection[str], written: Collection[str]) -> str:
    """A known key written in another case (`Tags:`, `Title:`) as that key, which Obsidian and
    Hugo read whatever its case, unless it is written too (then kept as written, and told); any
    other key as written."""
    folded = key.casefold()
    return folded if folded in known and folded not in written else key


def reserved_starts(yaml_text: str, path: str) -> tuple[str, Diagnostic] | None:
    """The front matter with each value YAML reserves the start of quoted, and a warning at the
    first; None when there is none."""
    reserved = _RESERVED_START.search(yaml_text)
    if reserved is None:
        return None
    line = 2 + yaml_text.count("\n", 0, reserved.start())
    return _RESERVED_START.sub(quote_placeholder, yaml_text), reserved_warning(path, line)


def text_values(yaml_text: str, path: str) -> tuple[str, Diagnostic] | None:
    """The front matter with each top-level value of one line that YAML cannot read as a value
    (`title: Attention: a survey`, `title: "Quoted" and more`) quoted whole, as the text it
    plainly is, and a warning at the first; None when there is none. A value that opens a list,
    a mapping or a block, or goes on below, is left as it is: its meaning is not plain."""
    lines, first = yaml_text.split("\n"), None
    for i, line in enumerate(lines):
        pair = _TOP_LEVEL_PAIR.match(line)
        if pair is None or not plain_text_value(pair.group(2)):
            continue
        if i + 1 < len(lines) and lines[i + 1][:1] in (" ", "\t"):
            continue
        key, value, rest = pair.groups()
        lines[i] = key + single_quoted(value) + rest
        first = i if first is None else first
    if first is None:
        return None
    return "\n".join(lines), text_value_warning(path, 2 + first)


def plain_text_value(value: str) -> bool:
    """Whether a value YAML cannot read is plainly text: wikilinks side by side (`[[a]] [[b]]`),
    or a value that opens no list, mapping or block and closes on its line a quote it opens, text
    following (a quote left open is a mistake)."""
    if reads_as_value(value):
        return False
    if _WIKILINKS.fullmatch(value):
        return True
    if value[0] in "[{|>&*!":
        return False
    return value[0] not in "'\"" or value.find(value[0], 1) not in (-1, len(value) - 1)


def text_value_warning(path: str, line: int) -> Diagnostic:
    message = (
        "a value holds ': ' or goes on after its quotes, which YAML does not read; read as text"
    )
    hint = "quote the whole value: title: 'Attention: a survey'"
    return warning("yaml-text-value", message, FilePos(path, line), hint)


def quote_placeholder(m: re.Match[str]) -> str:
    return m.group(1) + single_quoted(m.group(2))


def single_quoted(text: str) -> str:
    """The text as a YAML single-quoted scalar."""
    return "'" + text.replace("'", "''") + "'"


def reserved_warning(path: str, line: int) -> Diagnostic:
    message = "a value starts with @ or `, which YAML reserves; read as text"
    hint = "quote it: '@name'"
    return warning("yaml-reserved", message, FilePos(path, line), hint)


def is_placeholder(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("{{") and value.rstrip().endswith("}}")


def placeholder_warning(path: str) -> Diagnostic:
    message = "front matter holds template placeholders like {{date}}; read as text"
    hint = "fill them in, or keep templates in a folder `ignore:` leaves out (templates/)"
    return warning("template-placeholder", message, FilePos(path, 2), hint)


# the word for date in the languages dates are read in (dates.py): a vault's `data:` (Italian,
# Portuguese), `Datum:`, `fecha:`, `дата:` dates its note as `date:` does, when it holds a date
LOCAL_DATE_KEYS = ("data", "datum", "fecha", "дата")


# keys plugins and templates write a note's creation and last change under, besides `created`
# and `modified`/`updated`: the Linter's `date created` and `date modified` (or the keys its YAML
# Timestamp rule is given: `create_time` and `update_time` in xihuanxiaorang/my-obsidian-notes),
# `created_at`, `createdAt`, `creation date`, `last modified`, Hugo's `lastmod`
_STAMP = r"[ _-]?(?:at|on|time|date|timestamp)"
CREATED_KEY = re.compile(rf"date[ _-]?(?:created|creation)|(?:created?|creation){_STAMP}", re.I)
MODIFIED_KEY = re.compile(
    rf"date[ _-]?(?:modified|updated|changed)|(?:modified|updated?|changed){_STAMP}"
    r"|last[ _-]?(?:modified|updated|changed)|lastmod",
    re.I,
)


def other_date(fields: dict[str, Field], name: str = "date") -> dt.date | None:
    """The date a note's other keys for a date field (other_keys) hold, if any."""
    found = (date_or_none(fields[key].value) for key in other_keys(fields, name))
    return next((day for day in found if day is not None), None)


def date_or_none(value: Any) -> dt.date | None:
    try:
        return as_date(value)
    except FieldError:
        return None


def other_keys(fields: dict[str, Field], name: str = "date") -> tuple[str, ...]:
    """The note's other keys, as written, for its `date` (the word for date in its vault's
    language, LOCAL_DATE_KEYS, or a key naming its creation, CREATED_KEY) or its `updated` (a
    key naming its last change, MODIFIED_KEY)."""
    words, named = (LOCAL_DATE_KEYS, CREATED_KEY) if name == "date" else ((), MODIFIED_KEY)
    return tuple(key for key in fields if key.casefold() in words or named.fullmatch(key.strip()))


def holds_date(value: Any) -> bool:
    """Whether a value is a date, or one of two days the vault's order settles (parse.py)."""
    try:
        as_date(value)
    except FieldError as exc:
        return exc.readings is not None
    return True


def check_misspelling(fld: Field, path: str, written: set[str]) -> list[Diagnostic]:
    """A warning for a key one slip off a known key (a letter wrong, missing or added, or two
    swapped, in any case: `tilte`, `tgas`, `Title`); a key of other words (`related`, `class`,
    `created-at`, `dg-show-toc`, `subtitle`), as vaults' templates and plugins write them, is none,
    and so is one close to `date` holding no date beside a `date:` (`rate: 10`, a reading
    template's rating; `data: mnist` alone is told), or close to `published` holding no date
    (`publisher: Harper & Row`, a book's, as book templates write it)."""
    close = one_slip_from(fld.key.casefold(), KNOWN_KEYS)
    if close is None or (close == "date" and "date" in written and not holds_date(fld.value)):
        return []
    if close == "published" and not holds_date(fld.value):
        return []
    if fld.key.casefold() in LOCAL_DATE_KEYS and (fld.value in (None, "") or holds_date(fld.value)):
        return []  # (`data: 2024-08-31` is Italian for date: read as the note's date; `data:`
        # left blank, as a template writes it in each note, dates it no more than `date:` does)
    msg = f"unknown key `{fld.key}` (kept for templates)"
    return [warning("unknown-key", msg, FilePos(path, fld.line), f'did you mean "{close}"?')]


class FieldError(ValueError):
    """A front-matter value of the wrong type; becomes a diagnostic at the field's line, with
    `hint` (when given) saying what is wrong with it."""

    def __init__(
        self, message: str, hint: str = "", readings: tuple[dt.date, dt.date] | None = None
    ) -> None:
        super().__init__(message)
        self.hint = hint
        # a date either way (day first, month first): read, or told, by the vault's order
        self.readings = readings


DATE_WANTED = "must be a date like 2025-06-03"


@dataclass(frozen=True, slots=True)
class Coerced:
    """A value read from another type whose meaning is clear (`draft: "yes"`): kept, with a warning."""

    value: Any


def as_text(value: Any) -> str:
    if isinstance(value, bool) or value is None or isinstance(value, (list, dict)):
        raise FieldError("must be text")
    return str(value).strip()


def as_url(value: Any) -> str | Coerced:
    """A URL; as Obsidian's properties hold one too (a list of one, a markdown link to it: both
    shown as the link), read as the URL."""
    one = value[0] if isinstance(value, list) and len(value) == 1 else value
    text = as_text(one)
    link = _MARKDOWN_LINK.fullmatch(text)
    url = link.group(1) if link else text
    return url if one is value and link is None else Coerced(url)


def as_list(value: Any) -> tuple[str, ...]:
    """A YAML list of scalars, or one comma-separated string; an empty item (`aliases:` over a
    bare `- `, as a vault's template leaves it) is no item."""
    if isinstance(value, str):
        return tuple(v.strip() for v in value.split(",") if v.strip())
    if isinstance(value, list):
        value = [unquoted_link(v) for v in value if v is not None]
    if isinstance(value, list) and all(
        isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value
    ):
        return tuple(str(v).strip() for v in value if str(v).strip())
    raise FieldError("must be a list like [a, b] or a comma-separated string")


def unquoted_link(item: Any) -> Any:
    """A list item as written: YAML reads an unquoted `[[Will Larson]]` (as Readwise's export
    writes `author: [[Will Larson]]`, and `- [[Will Larson]]` an item of such a list) as a list
    in a list, which means the link; its commas split it (`[[Gene Kim, Kevin Behr]]`)."""
    inner = item
    while isinstance(inner, list) and len(inner) == 1 and isinstance(inner[0], list):
        inner = inner[0]
    if isinstance(inner, list) and inner and all(isinstance(part, str) for part in inner):
        return f"[[{', '.join(inner)}]]"
    return item


def as_tags(value: Any) -> tuple[str, ...]:
    """Tags as vaults write them: a list, or one string split at commas (else at spaces); a
    leading # is dropped later, with the rest of the normalising."""
    if isinstance(value, str) and "," not in value:
        return tuple(value.split())
    if isinstance(value, list):
        value = [v for v in value if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
    return as_list(value)


def as_date(value: Any) -> dt.date:
    """A date: YAML's, or one written as text as notes write one (dates.py), else a FieldError
    saying why it is none."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 1000 <= value <= 9999:
        value = str(value)  # `date: 2007`: a year alone (told so by read_date)
    if isinstance(value, str):
        found = read_date(value)
        if isinstance(found, dt.date):
            return found
        raise FieldError(DATE_WANTED, found.hint, found.readings)
    # `date:` over `  "{ date }":`, a template's placeholder YAML read as a mapping
    raise FieldError(DATE_WANTED, PLACEHOLDER if "{" in str(value) else "")


# a year opening a date or a release as the Douban plugin writes it: `2023-01-15(中国大陆)`,
# `2019-05`, `2008年`, `1999 (USA)`
_LEADING_YEAR = re.compile(r"\s*(\d{4})(?=$|[-/.年(（\s])")


def plain_year(value: Any) -> int | None:
    """A year written alone: `2025` or `"2025"`."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 10000:
        return value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) == 4:
        return int(value.strip())
    return None


def as_year(value: Any) -> int | Coerced:
    """A year; one opening a date (`year: 2023-01-15(中国大陆)`) is its year, coerced."""
    if (year := plain_year(value)) is not None:
        return year
    if isinstance(value, dt.date):
        return Coerced(value.year)
    if isinstance(value, str) and (leading := _LEADING_YEAR.match(value)):
        return Coerced(int(leading.group(1)))
    raise FieldError("must be a year like 2025")


def as_year_of_date(value: Any) -> int | None:
    """A year, written alone (`2024`) or as a date's (`2024-11-05`); none, and no mistake, of
    a flag (`published: true`, as a site's own builder marks the notes it publishes)."""
    if is_flag(value):
        return None
    if (year := plain_year(value)) is not None:
        return year
    try:
        return as_date(value).year
    except FieldError as exc:
        if exc.readings is None:
            raise
        return exc.readings[0].year  # the day or the month first: the same year


def is_flag(value: Any) -> bool:
    """true or false, or a word of them (`"true"`, `yes`), not a number."""
    if isinstance(value, bool):
        return True
    word = value.strip().lower() if isinstance(value, str) else ""
    return word in _BOOLS and not word.isdigit()


def as_bool(value: Any) -> bool | Coerced:
    """true or false; "true"/"yes"/"no"/… (as Quartz and Obsidian read them) are coerced."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (str, int)) and str(value).strip().lower() in _BOOLS:
        return Coerced(_BOOLS[str(value).strip().lower()])
    raise FieldError("must be true or false")


def as_publish_flag(value: Any) -> bool | Coerced | None:
    """Obsidian Publish's `publish: true` / `false`; a value no slip of such a word is the note's
    own field, no flag (a book's publisher: `publish: 清华大学出版社`, `publish: No Starch Press`,
    as the Douban plugin's templates write it), kept without a warning; `flase` is told."""
    try:
        return as_bool(value)
    except FieldError:
        if isinstance(value, str) and one_slip_from(value.strip().casefold(), _BOOLS) is None:
            return None
        raise


def field_type_warning(key: str, wanted: str, shown: str, pos: FilePos, hint: str) -> Diagnostic:
    """A field dropped for being of the wrong type: what it must be (`wanted`), and why it is not."""
    message = f"`{key}` {wanted}, got {shown[:60]}; ignored"
    return warning(
        "field-type",
        message,
        pos,
        f"{hint}; or remove `{key}`" if hint else f"fix or remove `{key}`",
    )


def shown(value: object) -> str:
    """A field's value as a diagnostic quotes it (made only for one): as YAML writes it (a date
    `2011-03-01`, a flag `true`), not as Python would."""
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return value.isoformat() if isinstance(value, dt.date | dt.time) else repr(value)


def coerce(
    fields: dict[str, Field], key: str, convert: Any, path: str, diags: list[Diagnostic]
) -> Any:
    """The converted value of a field, or None when absent or of the wrong type (then it is
    dropped with a field-type warning: a note's page is still made). A field left empty,
    `updated: ""` as a template writes it, is absent, as `updated:` is (Quartz reads it so)."""
    fld = fields.get(key)
    if fld is None or fld.value is None or (isinstance(fld.value, str) and not fld.value.strip()):
        return None
    try:
        value = convert(fld.value)
    except FieldError as exc:
        if not is_placeholder(fld.value) and not exc.readings:  # a {{date}}: told once
            pos = FilePos(path, fld.line)
            diags.append(field_type_warning(key, str(exc), shown(fld.value), pos, exc.hint))
        return None
    if isinstance(value, Coerced):
        pos = FilePos(path, fld.line)
        message = f"`{key}` is {shown(fld.value)[:60]}, read as {shown(value.value)}"
        written = str(value.value).lower() if isinstance(value.value, bool) else value.value
        hint = f"write `{key}: {written}`"
        diags.append(warning("field-coerced", message, pos, hint))
        return value.value
    return value
