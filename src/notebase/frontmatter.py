"""Front matter: split it from the body and coerce each known field to its type, with diagnostics."""

from __future__ import annotations

import datetime as dt
import difflib
import re
from dataclasses import dataclass
from typing import Any

from notebase.diagnostics import Diagnostic, SourcePos, error, warning
from notebase.yamlio import Field, load_fields

KNOWN_KEYS = (
    "title", "kind", "url", "source_title", "authors", "year", "date", "tags", "category",
    "tldr", "status", "aliases", "draft", "slug", "arxiv", "doi", "origin", "series",
    "series_author", "import_digest", "modified", "updated",
)  # fmt: skip
_FENCE = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.M)


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


def read_front_matter(
    text: str, path: str
) -> tuple[dict[str, Field], Split | None, list[Diagnostic]]:
    split = split_front_matter(text)
    if split is None:
        hint = "close the front matter with a line holding only ---"
        return (
            {},
            None,
            [
                error(
                    "frontmatter-unterminated",
                    "front matter is never closed",
                    SourcePos(path, 1),
                    hint,
                )
            ],
        )
    fields, diags = load_fields(split.yaml_text, path, 2)
    out = list(diags)
    by_key: dict[str, Field] = {}
    for fld in fields:
        by_key[fld.key] = fld
        if fld.key not in KNOWN_KEYS:
            out.extend(check_misspelling(fld, path))
    return by_key, split, out


def check_misspelling(fld: Field, path: str) -> list[Diagnostic]:
    close = difflib.get_close_matches(fld.key, KNOWN_KEYS, n=1, cutoff=0.75)
    if not close:
        return []
    msg = f"unknown key `{fld.key}` (kept for templates)"
    return [warning("unknown-key", msg, SourcePos(path, fld.line), f'did you mean "{close[0]}"?')]


class FieldError(ValueError):
    """A front-matter value of the wrong type; becomes a diagnostic at the field's line."""


def as_text(value: Any) -> str:
    if isinstance(value, bool) or value is None or isinstance(value, (list, dict)):
        raise FieldError("must be text")
    return str(value).strip()


def as_list(value: Any) -> tuple[str, ...]:
    """A YAML list of scalars, or one comma-separated string."""
    if isinstance(value, str):
        return tuple(v.strip() for v in value.split(",") if v.strip())
    if isinstance(value, list) and all(
        isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value
    ):
        return tuple(str(v).strip() for v in value if str(v).strip())
    raise FieldError("must be a list like [a, b] or a comma-separated string")


def as_date(value: Any) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip()[:10])
        except ValueError:
            pass
    raise FieldError("must be a date like 2025-06-03")


def as_year(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 10000:
        return value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) == 4:
        return int(value.strip())
    raise FieldError("must be a year like 2025")


def as_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise FieldError("must be true or false")


def coerce(
    fields: dict[str, Field], key: str, convert: Any, path: str, diags: list[Diagnostic]
) -> Any:
    """The converted value of a field, or None when absent or wrong (then an error is recorded)."""
    fld = fields.get(key)
    if fld is None or fld.value is None:
        return None
    try:
        return convert(fld.value)
    except FieldError as exc:
        shown = repr(fld.value) if not isinstance(fld.value, str) else f'"{fld.value}"'
        diags.append(
            error(
                "field-type",
                f"`{key}` {exc}, got {shown[:60]}",
                SourcePos(path, fld.line),
                f"fix or remove `{key}`",
            )
        )
        return None
