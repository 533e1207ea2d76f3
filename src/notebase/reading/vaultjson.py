"""A vault's JSON settings files (under .obsidian/: Obsidian's own, its plugins' data.json), read
as their readers need them: the file's text, or none when it is not there or not text; and its
value, or why it is no JSON value (a syntax error at its line, nesting too deep for the parser, a
number too long to read), never an exception. What a file's value means is each reader's."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class NotJson:
    """Why a settings file's text is no JSON value, and the line it says so at (1 for anywhere)."""

    why: str
    line: int = 1


def settings_text(path: Path) -> str | None:
    """The text of a settings file (a byte-order mark left out); None when there is no such file,
    or it is no UTF-8 text."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None


def parse_json(text: str) -> object | NotJson:
    """The JSON value of a text (a settings file's, an export's), or why it is none."""
    try:
        value: object = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return json_problem(exc)
    return value


def json_problem(exc: ValueError | RecursionError) -> NotJson:
    """Why json.loads refused a text, in words a reader of the file can act on (not Python's:
    its limit on an integer's digits names a function to call), at the line it says."""
    if isinstance(exc, json.JSONDecodeError):
        return NotJson(f"it is not JSON ({exc.msg})", exc.lineno)
    if isinstance(exc, RecursionError):
        return NotJson("it is nested too deep")
    return NotJson("a number in it is too long")  # an integer past the parser's limit on digits


def read_settings(path: Path) -> object | NotJson | None:
    """The JSON value of a settings file, or why it is none; None when there is no such file."""
    text = settings_text(path)
    return None if text is None else parse_json(text)
