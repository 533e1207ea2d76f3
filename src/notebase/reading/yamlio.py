"""The home of PyYAML: YAML text -> mapping fields with their line numbers, or a diagnostic."""

from __future__ import annotations

import difflib
import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from notebase.diagnostics import Diagnostic, FilePos, error, warning
from notebase.reading.discover import replace_control_chars

FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML was built with it


YAML_TAG = "tag:yaml.org,2002:"
Constructor = Callable[[Any, Any], Any]  # (loader, node) -> value


def construct_timestamp(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    """A date or time, or its text when there is no such day or time (2025-02-30, 24:61): the
    field that reads it then says what is wrong with it, at its line."""
    try:
        return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
    except ValueError:
        return loader.construct_scalar(node)


def raising_yaml_errors(construct: Constructor) -> Constructor:
    """The constructor, raising YAML's own error at the value (which the readers report) where
    PyYAML's raises a Python one: on text an explicit tag cannot read (`!!int abc`, `!!bool maybe`,
    `!!timestamp yesterday`)."""

    def construct_checked(loader: Any, node: yaml.ScalarNode) -> Any:
        try:
            return construct(loader, node)
        except (ValueError, KeyError, AttributeError) as exc:
            problem = f"!!{node.tag.removeprefix(YAML_TAG)} cannot read {node.value!r}"
            raise yaml.constructor.ConstructorError(None, None, problem, node.start_mark) from exc

    return construct_checked


def make_loader() -> Any:
    """The safe loader (libyaml's when there), except that a date that does not exist stays text
    and an explicit tag on text it cannot read is a YAML error."""
    loader: Any = type("NoteLoader", (FAST_LOADER,), {})
    constructors: dict[str, Constructor] = {
        "int": yaml.SafeLoader.construct_yaml_int,
        "float": yaml.SafeLoader.construct_yaml_float,
        "bool": yaml.SafeLoader.construct_yaml_bool,
        "timestamp": construct_timestamp,
    }
    for name, construct in constructors.items():
        loader.add_constructor(YAML_TAG + name, raising_yaml_errors(construct))
    return loader


LOADER = make_loader()


@dataclass(frozen=True, slots=True)
class Field:
    key: str
    value: Any
    line: int  # 1-based line in the file


def load_fields(
    text: str, path: str, first_line: int, what: str = "front matter"
) -> tuple[tuple[Field, ...], tuple[Diagnostic, ...]]:
    """Parse a YAML mapping that starts at `first_line` of `path`; a mapping or nothing (YAML's
    null too: `~`, `null`) is accepted (`what` names the text in the diagnostic when it is
    something else)."""
    if not text.strip():
        return (), ()
    try:
        node = yaml.compose(text, Loader=LOADER)
    except yaml.YAMLError as exc:
        return (), (yaml_error(exc, path, first_line, text),)
    if node is None or node.tag == YAML_TAG + "null":
        return (), ()
    if not isinstance(node, yaml.MappingNode):
        pos = FilePos(path, first_line + node.start_mark.line)
        hint = "write one `key: value` per line"
        return (), (error("yaml-not-mapping", f"{what} is not a mapping", pos, hint),)
    return construct_fields(node, path, first_line)


def construct_fields(
    node: yaml.MappingNode, path: str, first_line: int
) -> tuple[tuple[Field, ...], tuple[Diagnostic, ...]]:
    loader = LOADER("")
    fields: list[Field] = []
    diags: list[Diagnostic] = []
    seen: set[str] = set()
    for key_node, value_node in node.value:
        line = first_line + key_node.start_mark.line
        try:
            key = loader.construct_object(key_node, deep=True)
            value = loader.construct_object(value_node, deep=True)
        except yaml.YAMLError as exc:
            diags.append(yaml_error(exc, path, first_line))
            continue
        if not isinstance(key, str):
            diags.append(error("yaml-bad-key", f"key {key!r} is not text", FilePos(path, line)))
            continue
        if key in seen:
            message = f"`{key}` is given twice; the last one wins"
            diags.append(warning("duplicate-key", message, FilePos(path, line)))
        seen.add(key)
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


# the contexts that start where the mistake is (an opening quote or bracket, a key missing its
# colon), reported further on, where the scanner gave up: often at the next key or the end
OPENED_AT = (
    "while scanning a quoted scalar",
    "while scanning a simple key",
    "while parsing a flow",
    "while scanning a block scalar",
)


def yaml_error(exc: yaml.YAMLError, path: str, first_line: int, text: str = "") -> Diagnostic:
    """A YAML error at the line of the mistake: where what was left open was opened, else where
    the parser stopped, but never past the text's last line (the end of the stream is one more)."""
    context = getattr(exc, "context", None) or ""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    if context.startswith(OPENED_AT) and getattr(exc, "context_mark", None) is not None:
        mark, problem = exc.context_mark, f"{problem} {context}"  # type: ignore[attr-defined]
    last = max(len(text.splitlines()) - 1, 0) if text else None
    at = mark.line if mark is not None else 0
    line = first_line + (min(at, last) if last is not None else at)
    hint = "check indentation, and quote values that contain ': ' or start with [ { * & ! | > @"
    return error("yaml-syntax", f"invalid YAML: {problem}", FilePos(path, line), hint)


def unknown_key_diagnostic(
    key: str, known: Mapping[str, object] | tuple[str, ...], pos: FilePos
) -> Diagnostic:
    close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.7)
    hint = f'did you mean "{close[0]}"?' if close else f"known keys: {', '.join(known)}"
    return warning("unknown-key", f"unknown key `{key}`", pos, hint)


def dump_fields(fields: Mapping[str, Any]) -> str:
    """Deterministic front matter: block keys in the given order, lists inline, lines never folded."""
    return "".join(dump_field(key, value) for key, value in fields.items())


def dump_field(key: str, value: Any) -> str:
    """One `key: value` line; short one-line text is written the way PyYAML's emitter would write
    it (its own analysis and resolver choose the style) without running the emitter."""
    head = scalar_text(key, False) if len(key) < SIMPLE_KEY else None
    shown = value_text(value)
    if head is not None and shown is not None:
        return f"{head}: {shown}\n"
    inline = None if isinstance(value, list) else False  # None: a list of scalars is written inline
    return yaml.safe_dump(
        {key: value}, sort_keys=False, allow_unicode=True, width=WIDTH, default_flow_style=inline
    )


def value_text(value: Any) -> str | None:
    """A text, or a list of texts written inline; None when PyYAML's emitter must write it."""
    if not isinstance(value, list):
        return scalar_text(value, False)
    texts = [scalar_text(item, True) for item in value]
    return None if None in texts else f"[{', '.join(t for t in texts if t is not None)}]"


WIDTH = 1_000_000  # no line is folded
SIMPLE_KEY = 128  # a longer key is written as a complex key (`? key`)
_ANALYZER = yaml.emitter.Emitter(io.StringIO(), allow_unicode=True)
_RESOLVER = yaml.resolver.Resolver()
_STR_TAG = "tag:yaml.org,2002:str"


def scalar_text(value: Any, in_flow: bool) -> str | None:
    """A string as PyYAML writes it (plain or single-quoted) in a block mapping or a flow list;
    None when it needs more than that (double quotes, line breaks, another type)."""
    if not isinstance(value, str) or not value or len(value) > WIDTH // 4:
        return None
    analysis = _ANALYZER.analyze_scalar(value)
    if analysis.multiline:
        return None
    plain = analysis.allow_flow_plain if in_flow else analysis.allow_block_plain
    if plain and plain_tag(value) == _STR_TAG:
        return value
    if analysis.allow_single_quoted:
        return "'" + value.replace("'", "''") + "'"
    return None


def plain_tag(text: str) -> str:
    """The type YAML reads an unquoted text as (str, or int, bool, null, a date...)."""
    tag: str = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))  # type: ignore[no-untyped-call]
    return tag


def reads_as_value(text: str) -> bool:
    """Whether YAML reads the text, after a key on its line, as that key's value."""
    try:
        yaml.compose(f"k: {text}", Loader=LOADER)
    except yaml.YAMLError:
        return False
    return True


def load_mapping(text: str) -> dict[str, Any]:
    """A YAML mapping written by notebase; {} when it is not readable or not a mapping."""
    return read_mapping(text, "")[0]


def read_mapping(text: str, path: str) -> tuple[dict[str, Any], Diagnostic | None]:
    """A YAML mapping notebase wrote and a person may have edited since: {} when it is not a
    mapping, with a yaml-syntax warning at the line of the mistake when it is not YAML."""
    try:
        data = yaml.load(text, Loader=LOADER)
    except yaml.YAMLError as exc:
        return {}, yaml_warning(yaml_error(exc, path, 1, text), "the file is ignored")
    return (data if isinstance(data, dict) else {}), None


def yaml_warning(found: Diagnostic, instead: str) -> Diagnostic:
    """A YAML problem as a warning that says what is done instead ("the file is ignored")."""
    return warning(found.code, f"{found.message}; {instead}", found.pos, found.hint)
