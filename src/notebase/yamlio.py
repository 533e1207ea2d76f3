"""The home of PyYAML: YAML text -> mapping fields with their line numbers, or a diagnostic."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from notebase.diagnostics import Diagnostic, SourcePos, error, warning
from notebase.discover import replace_control_chars

FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML was built with it


@dataclass(frozen=True, slots=True)
class Field:
    key: str
    value: Any
    line: int  # 1-based line in the file


def load_fields(
    text: str, path: str, first_line: int
) -> tuple[tuple[Field, ...], tuple[Diagnostic, ...]]:
    """Parse a YAML mapping that starts at `first_line` of `path`; a mapping or nothing is accepted."""
    if not text.strip():
        return (), ()
    try:
        node = yaml.compose(text, Loader=FAST_LOADER)
    except yaml.YAMLError as exc:
        return (), (yaml_error(exc, path, first_line),)
    if node is None:
        return (), ()
    if not isinstance(node, yaml.MappingNode):
        pos = SourcePos(path, first_line + node.start_mark.line)
        hint = "write one `key: value` per line"
        return (), (error("yaml-not-mapping", "front matter is not a mapping", pos, hint),)
    return construct_fields(node, path, first_line)


def construct_fields(
    node: yaml.MappingNode, path: str, first_line: int
) -> tuple[tuple[Field, ...], tuple[Diagnostic, ...]]:
    loader = yaml.SafeLoader("")
    fields: list[Field] = []
    diags: list[Diagnostic] = []
    for key_node, value_node in node.value:
        line = first_line + key_node.start_mark.line
        try:
            key = loader.construct_object(key_node, deep=True)
            value = loader.construct_object(value_node, deep=True)
        except yaml.YAMLError as exc:
            diags.append(yaml_error(exc, path, first_line))
            continue
        if not isinstance(key, str):
            diags.append(error("yaml-bad-key", f"key {key!r} is not text", SourcePos(path, line)))
            continue
        fields.append(Field(key, clean_value(value), line))
    return tuple(fields), tuple(diags)


def clean_value(value: Any) -> Any:
    """A value with control characters in its text (from escapes like "\\0") replaced."""
    if isinstance(value, str):
        return replace_control_chars(value)
    if isinstance(value, list):
        return [clean_value(v) for v in value]
    if isinstance(value, dict):
        return {k: clean_value(v) for k, v in value.items()}
    return value


def yaml_error(exc: yaml.YAMLError, path: str, first_line: int) -> Diagnostic:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = first_line + (mark.line if mark is not None else 0)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    hint = "check indentation, and quote values that contain ': ' or start with [ { * & ! | > @"
    return error("yaml-syntax", f"invalid YAML: {problem}", SourcePos(path, line), hint)


def unknown_key_diagnostic(
    key: str, known: Mapping[str, object] | tuple[str, ...], pos: SourcePos
) -> Diagnostic:
    close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.7)
    hint = f'did you mean "{close[0]}"?' if close else f"known keys: {', '.join(known)}"
    return warning("unknown-key", f"unknown key `{key}`", pos, hint)


def dump_fields(fields: Mapping[str, Any]) -> str:
    """Deterministic front matter: block keys in the given order, lists inline, lines never folded."""
    out = []
    for key, value in fields.items():
        if isinstance(value, list):
            flow = yaml.safe_dump(
                value, allow_unicode=True, width=1_000_000, default_flow_style=True
            )
            out.append(f"{key}: {flow}")
        else:
            out.append(
                yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, width=1_000_000)
            )
    return "".join(out)


def load_mapping(text: str) -> dict[str, Any]:
    """A YAML mapping written by notebase; {} when it is not readable or not a mapping."""
    try:
        data = yaml.load(text, Loader=FAST_LOADER)
    except yaml.YAMLError:
        return {}
    return data if isinstance(data, dict) else {}
