"""An Obsidian base (`X.base`, embedded as `![[X.base]]` or `![[X.base#View]]`) -> the HTML of its
view over the site's notes (pure).

A base is YAML: `filters` (a statement, or `and`/`or`/`not` lists of them), `formulas`,
`properties` (column names) and `views` (each a `type`, `name`, `filters`, `order` of columns,
`sort`, `limit`). An embed shows the view it names, else the first, as Obsidian does; a table view
is a table, any other a list of the notes. The rows are the site's notes (not its other files).
Statements are read by a small interpreter of Obsidian's expression language: literals, `!`, `&&`,
`||`, comparisons, arithmetic, `note`/`file`/`formula`/`this`, and the functions of FUNCTIONS and
METHODS. What it does not read (`now()`, `file.mtime`: what would change the site from day to
day, or what the vault's app alone knows) is a `base-unsupported` warning, and the view shows
that in its place instead of rows it cannot choose. A ```base block in a note is shown as an
embedded base is, and so is a ```dataview query, read into a base by dataview.py (a TASK
query's view, of type `task`, lists the notes' tasks under each note: task_rows)."""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import json
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from html import escape, unescape
from typing import Any

from notebase.diagnostics import Diagnostic, FilePos, Severity, warning
from notebase.linking.dataview import NotRead, dataview_base
from notebase.linking.dateformat import (
    MONTHS,
    WEEKDAYS,
    Unreadable,
    dateformat,
    format_parts,
    moment_format,
    read_when,
)
from notebase.linking.durations import (
    Duration,
    between,
    duration_format,
    duration_text,
    plus,
    read_duration,
    scaled,
    shifted,
)
from notebase.linking.jsregex import (
    BadPattern,
    Budget,
    Pattern,
    compile_pattern,
    replace_all,
    search,
)
from notebase.markdown.markers import marker_numbers
from notebase.markdown.rawhtml import SAFE_SCHEME, RawLink, sanitise
from notebase.markdown.text import html_to_text
from notebase.model import Attachment, Backlink, Entry, SiteIndex
from notebase.reading.dates import read_date
from notebase.reading.inlinefields import inline_fields
from notebase.reading.vaultjson import parse_json
from notebase.reading.yamlio import load_fields
from notebase.slugs import name_key, normalize_tag

# an expression: ("lit", v), ("name", n), ("get", obj, n), ("call", f, args), …
Node = tuple[Any, ...]
# the global functions read: the bases' own, and Dataview's as its queries call them (dataview.py:
# contains(a, b), length(a), lower(a), startswith(a, b)), the last a method of their first argument
AS_METHODS = {
    "contains": "contains", "lower": "lower", "upper": "upper", "startswith": "startsWith",
    "endswith": "endsWith", "join": "join", "split": "split",
}  # fmt: skip
# Dataview's regular expressions (jsregex.py): each function's pattern is its argument PATTERN_AT
PATTERN_AT = {"regexmatch": 0, "regextest": 0, "regexreplace": 1}
# Dataview's functions of a list and a lambda (list_function)
LIST_FUNCTIONS = frozenset({"map", "filter", "all", "any", "none", "reduce", "sort"})
# Dataview's functions of values (dataview_function)
DATAVIEW_FUNCTIONS = frozenset(
    {
        "dateformat", "round", "sum", "product", "min", "max", "icontains", "econtains",
        "replace", "default", "nonnull", "padleft", "padright", "truncate", "reverse", "typeof",
        "dur", "durationformat", "substring",
    }
)  # fmt: skip
FUNCTIONS = frozenset(
    {
        "link", "list", "if", "number", "file", "length", "date", "string", *AS_METHODS,
        *PATTERN_AT, "choice", "meta", "embed", *DATAVIEW_FUNCTIONS, *LIST_FUNCTIONS, "array",
        "elink",
    }
)  # fmt: skip
METHODS = frozenset(
    {
        "contains", "containsAll", "containsAny", "startsWith", "endsWith", "isEmpty", "lower",
        "upper", "trim", "toString", "join", "hasTag", "hasLink", "inFolder", "hasProperty",
        "asLink", "isTruthy", "round", "floor", "ceil", "abs", "toFixed", "split", "slice",
        "format",
    }
)  # fmt: skip
FILE_FIELDS = frozenset(
    {
        "name",
        "basename",
        "path",
        "folder",
        "ext",
        "tags",
        "links",
        "file",
        *("inlinks", "cday", "mday", "day", "tagLevels", "lists", "tasks"),
    }
)  # the last seven Dataview's (dataview.py): the notes linking to it, its dates (file_date),
# its tags with each of their levels (`#a/b` is `#a`, `#a/b`: Dataview's file.tags), and its list
# items and tasks (list_items)
# a date a file's name holds, as Dataview reads `file.day` of a daily note (`2024-03-05 Notes.md`)
_NAME_DATE = re.compile(r"(?<!\d)(\d{4})-?(\d{2})-?(\d{2})(?!\d)")
# `file`, `this.file`, and a Dataview group's `rows.file`
FILE_OBJECTS = (
    ("name", "file"),
    ("get", ("name", "this"), "file"),
    ("get", ("name", "rows"), "file"),
)
MAX_ROWS = 1000  # a view shows at most this many notes (`limit` can lower it)
MAX_STEPS = 200_000  # a view's lambdas are called at most this many times (or it is not shown)


class Unsupported(Exception):
    """What a base asks that this interpreter does not read (the message names it)."""


@dataclass(frozen=True, slots=True)
class Link:
    """A link value: what it leads to, as written (`Books`, `Folder/Books.md`, `Books#Part`), the
    text it shows instead of its name (Dataview's `link(path, display)`), and whether it is an
    embed (`embed(link)`)."""

    target: str
    display: str = ""
    embed: bool = False


@dataclass(frozen=True, slots=True)
class WebLink:
    """A link to a web page (Dataview's `elink(url, display)`): its address, as written, and
    the text it shows instead of it."""

    url: str
    display: str = ""


@dataclass(frozen=True, slots=True)
class Row:
    """A note as a base reads it."""

    entry: Entry
    properties: dict[str, Any]
    links: frozenset[str]  # the slugs it links to, in its body or its properties
    inlinks: tuple[str, ...] = ()  # the paths of the notes linking to it (Dataview's file.inlinks)
    outlinks: tuple[str, ...] = ()  # the paths of the notes it links to (file.links, file.outlinks)
    unwritten: tuple[str, ...] = ()  # its `[[links]]` to no note, as written (file.outlinks too)
    task: str = ""  # a task of the note, a Dataview TASK query's row: its item's HTML (task_rows)
    group: bool = False  # a group of a query's GROUP BY: its fields `key` and `rows` (group_rows)


# ---------------------------------------------------------------- reading expressions

_TOKEN = re.compile(
    r"""\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')"""
    r"""|(?P<name>[^\W\d]\w*)|(?P<op>&&|\|\||=>|==|!=|<=|>=|[!<>+\-*/%().,\[\]{}:]))"""
)


def tokens(text: str) -> list[tuple[str, str]]:
    found, at = [], 0
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None or m.end() == at:
            if text[at:].strip():
                raise Unsupported(f"cannot read `{text[at:].strip()[:20]}`")
            break
        kind = m.lastgroup or ""
        found.append((kind, m.group(kind)))
        at = m.end()
    return found


class Parser:
    """Obsidian's expression grammar, precedence climbing from `||` down to a call."""

    LEVELS = (("||",), ("&&",), ("==", "!=", "<", ">", "<=", ">="), ("+", "-"), ("*", "/", "%"))

    def __init__(self, text: str) -> None:
        self.toks, self.at = tokens(text), 0

    def peek(self) -> str:
        return self.toks[self.at][1] if self.at < len(self.toks) else ""

    def take(self, wanted: str = "") -> tuple[str, str]:
        if self.at >= len(self.toks) or (wanted and self.toks[self.at][1] != wanted):
            raise Unsupported(f"expected `{wanted or 'more'}`")
        self.at += 1
        return self.toks[self.at - 1]

    def whole(self) -> Node:
        node = self.binary(0)
        if self.at != len(self.toks):
            raise Unsupported(f"cannot read `{self.peek()}` here")
        return node

    def binary(self, level: int) -> Node:
        if level == len(self.LEVELS):
            return self.unary()
        node = self.binary(level + 1)
        while self.peek() in self.LEVELS[level] and self.toks[self.at][0] == "op":
            op = self.take()[1]
            node = ("bin", op, node, self.binary(level + 1))
        return node

    def unary(self) -> Node:
        if self.peek() in ("!", "-") and self.toks[self.at][0] == "op":
            return ("not" if self.take()[1] == "!" else "neg", self.unary())
        return self.postfix(self.primary())

    def primary(self) -> Node:
        kind, text = self.take()
        if kind == "num":
            if len(text) > 30:  # (int() refuses thousands of digits)
                raise Unsupported(f"the number {text[:20]}…")
            return ("lit", float(text) if "." in text else int(text))
        if kind == "str":
            return ("lit", re.sub(r"\\(.)", r"\1", text[1:-1]))
        if kind == "name":
            literal = {"true": True, "false": False, "null": None}
            return ("lit", literal[text]) if text in literal else ("name", text)
        if text == "(":
            params = self.lambda_params()
            if params is not None:  # Dataview's `(x) => expr`, `(a, b) => expr`
                return ("lambda", params, self.binary(0))
            node = self.binary(0)
            self.take(")")
            return node
        if text == "[":
            return ("list", self.items("]"))
        if text == "{":
            return self.object()
        raise Unsupported(f"cannot read `{text}` here")

    def lambda_params(self) -> tuple[str, ...] | None:
        """After `(`: the names of a lambda's parameters, taken with its `) =>` (None, and none
        taken: no lambda starts here)."""
        at, names = self.at, []
        while at < len(self.toks) and self.toks[at][0] == "name":
            names.append(self.toks[at][1])
            at += 1
            if at < len(self.toks) and self.toks[at][1] == ",":
                at += 1
        if self.toks[at : at + 2] != [("op", ")"), ("op", "=>")]:
            return None
        self.at = at + 2
        return tuple(names)

    def object(self) -> Node:
        """After `{`: Dataview's object, `{ "Drama": 1, key: 2 }` (a key a name or a string)."""
        keys: list[str] = []
        values: list[Node] = []
        while self.peek() != "}":
            kind, key = self.take()
            if kind not in ("name", "str"):
                raise Unsupported(f"cannot read `{key}` as a key")
            keys.append(key if kind == "name" else re.sub(r"\\(.)", r"\1", key[1:-1]))
            self.take(":")
            values.append(self.binary(0))
            if self.peek() != "}":
                self.take(",")
        self.take("}")
        return ("object", tuple(keys), values)

    def items(self, end: str) -> list[Node]:
        found: list[Node] = []
        while self.peek() != end:
            found.append(self.binary(0))
            if self.peek() != end:
                self.take(",")
        self.take(end)
        return found

    def postfix(self, node: Node) -> Node:
        while self.peek() in (".", "[", "("):
            text = self.take()[1]
            if text == ".":
                node = ("get", node, self.take()[1])
            elif text == "[":
                node = ("index", node, self.binary(0))
                self.take("]")
            else:
                node = ("call", node, self.items(")"))
        return node


def parse_expression(text: str) -> Node:
    """The expression, its names checked (Unsupported: one this interpreter cannot read)."""
    try:
        node = Parser(text).whole()
        check(node)
    except RecursionError:
        raise Unsupported("an expression nested too deep") from None
    return node


THIS = ("name", "this")
PLAIN = (str, int, float, bool, type(None), dt.date)  # values no caller can change


def fixed_parts(node: Node) -> Node:
    """The expression with each part that reads nothing but the note showing the view (a field
    of `this`: `this.file.cday` in `file.mday = this.file.cday`, a daily note template's query)
    marked ("fixed", part): Scope.value finds it once a view, not once for each note it filters.
    A lambda's body is left as it is."""
    kind = node[0]
    if kind == "get":
        root = node
        while root[0] == "get":
            root = root[1]
        return ("fixed", node) if root == THIS else ("get", fixed_parts(node[1]), node[2])
    if kind == "call":
        callee = node[1]
        if callee[0] == "get":  # a method: its object may be fixed, the call stays a call
            callee = ("get", fixed_parts(callee[1]), callee[2])
        return ("call", callee, [fixed_parts(arg) for arg in node[2]])
    if kind == "list":
        return ("list", [fixed_parts(item) for item in node[1]])
    if kind == "object":
        return ("object", node[1], [fixed_parts(value) for value in node[2]])
    if kind == "index":
        return ("index", fixed_parts(node[1]), fixed_parts(node[2]))
    if kind in ("not", "neg"):
        return (kind, fixed_parts(node[1]))
    if kind == "bin":
        return ("bin", node[1], fixed_parts(node[2]), fixed_parts(node[3]))
    return node  # a literal, a name, a lambda


def lower_case(name: str) -> str:
    """What a function's name in capitals (`CONTAINS()`, as a query's keywords are written) is:
    none, Dataview's and the bases' functions being named in lower case (Dataview, too, knows
    no `CONTAINS`); "" for any other name."""
    if name.lower() in FUNCTIONS and name != name.lower():
        return f" (functions are named in lower case: `{name.lower()}()`)"
    return ""


def check(node: Node) -> None:
    kind = node[0]
    if kind == "lambda":
        return check(node[2])
    if kind == "object":
        return check(("list", node[2]))
    if kind == "call":
        callee = node[1]
        if callee[0] == "name" and callee[1] not in FUNCTIONS:
            raise Unsupported(f"the function `{callee[1]}()`{lower_case(callee[1])}")
        if callee[0] == "get" and callee[2] not in METHODS:
            raise Unsupported(f"the function `.{callee[2]}()`")
        if callee[0] == "name" and callee[1] in PATTERN_AT:
            check_pattern(callee[1], node[2])
        if callee[0] == "name" and callee[1] == "dateformat":
            check_format(node[2])
        if callee[0] == "get":
            check(callee[1])
        for arg in node[2]:
            check(arg)
        return
    if kind == "get" and node[1] in FILE_OBJECTS and node[2] not in FILE_FIELDS:
        raise Unsupported(f"`file.{node[2]}`")
    for part in node[1:]:
        if isinstance(part, tuple):
            check(part)
        elif isinstance(part, list):
            for item in part:
                check(item)


def check_pattern(function: str, args: list[Node]) -> None:
    """A pattern written in the query, one the matcher runs (a pattern a field holds is checked
    when the view is drawn)."""
    at = PATTERN_AT[function]
    if len(args) != (3 if function == "regexreplace" else 2):
        raise Unsupported(f"`{function}()` with {len(args)} arguments")
    written = args[at]
    if written[0] == "lit" and isinstance(written[1], str):
        try:
            compile_pattern(written[1])
        except BadPattern as exc:
            raise Unsupported(
                f"the pattern `{written[1][:60]}` of `{function}()` ({exc})"
            ) from None


def check_format(args: list[Node]) -> None:
    """A `dateformat()` format written in the query, one that needs no zone of the build."""
    if len(args) > 1 and args[1][0] == "lit" and isinstance(args[1][1], str):
        try:
            dateformat(dt.datetime(2000, 1, 1), args[1][1])
        except Unreadable as exc:
            raise Unsupported(str(exc)) from None


# ---------------------------------------------------------------- the base file


@dataclass(frozen=True, slots=True)
class View:
    name: str
    type: str
    filters: Any
    order: tuple[str, ...]
    sort: tuple[tuple[str, bool], ...]  # (property, descending)
    limit: int
    group: str = ""  # a Dataview query's GROUP BY: its rows are then the groups (group_rows)
    group_name: str = ""  # the name its key is read by besides `key` (`GROUP BY x AS name`, `x`)
    # a query's FLATTENs, each (expression, name, filter after), each of the last's rows
    flatten: tuple[tuple[str, str, str], ...] = ()
    sort_flattened: bool = False  # the view's sort is of the rows its FLATTENs made
    list_values: bool = False  # a Dataview LIST's: its expression's value shown of each note
    # the clauses after a query's GROUP BY, in order: each a FLATTEN (expression, name, "", ()),
    # WHERE ("", "", filter, ()) or SORT ("", "", "", its sort), of the rows the last made
    group_steps: tuple[tuple[str, str, str, tuple[tuple[str, bool], ...]], ...] = ()
    html: bool = False  # a Dataview query's: the inline HTML of its values shown (markup_html)


@dataclass(frozen=True, slots=True)
class Base:
    filters: Any
    formulas: dict[str, str]
    names: dict[str, str]  # property -> the name its column shows
    views: tuple[View, ...]


def read_base(text: str) -> Base:
    """The base a `.base` file holds (ValueError: YAML that is no base)."""
    data = base_data(text)
    formulas = {str(k): str(v) for k, v in mapping(data.get("formulas")).items()}
    names = {
        str(k): str(v["displayName"])
        for k, v in mapping(data.get("properties")).items()
        if isinstance(v, dict) and v.get("displayName") is not None
    }
    views = tuple(read_view(v, n) for n, v in enumerate(listed(data.get("views"))))
    return Base(data.get("filters"), formulas, names, views or (read_view({}, 0),))


def base_data(text: str) -> dict[str, Any]:
    """A base's YAML as a mapping; a base a Dataview query made is JSON, read as JSON (which YAML
    would read the same but for a key over 1,024 characters: a long column's expression)."""
    if text.startswith("{"):
        made = parse_json(text)
        if isinstance(made, dict):
            return made
    fields, problems = load_fields(text, "", 1, "a base")
    errors = [p for p in problems if p.severity is Severity.ERROR]  # (a key given twice: read)
    if errors:
        raise ValueError(errors[0].message)
    return {fld.key: fld.value for fld in fields}


def read_view(data: Any, number: int) -> View:
    data = mapping(data)
    sort = read_sort(data.get("sort"))
    limit = data.get("limit")
    name = data.get("name")
    group = mapping(data.get("dataviewGroup"))
    return View(
        f"View {number + 1}" if name is None else str(name),
        str(data.get("type") or "table"),
        data.get("filters"),
        tuple(str(p) for p in listed(data.get("order"))) or ("file.name",),
        sort,
        min(limit, MAX_ROWS) if isinstance(limit, int) and limit > 0 else MAX_ROWS,
        str(group.get("property") or ""),
        str(group.get("name") or ""),
        tuple(
            (str(f.get("property") or ""), str(f.get("name") or ""), str(f.get("filter") or ""))
            for f in listed(data.get("dataviewFlatten"))
            if isinstance(f, dict) and f.get("property")
        ),
        data.get("dataviewSortFlattened") is True,
        data.get("dataviewValues") is True,
        tuple(
            (
                str(f.get("property") or ""),
                str(f.get("name") or ""),
                str(f.get("filter") or ""),
                read_sort(f.get("sort")),
            )
            for f in listed(data.get("dataviewGroupSteps"))
            if isinstance(f, dict)
        ),
        data.get("dataviewHtml") is True,
    )


def read_sort(value: Any) -> tuple[tuple[str, bool], ...]:
    """A view's `sort`: each (property, descending)."""
    return tuple(
        (str(s.get("property", "")), str(s.get("direction", "ASC")).upper() == "DESC")
        for s in listed(value)
        if isinstance(s, dict)
    )


def mapping(value: Any) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


def listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def statements(filters: Any) -> Iterable[str]:
    """Every statement of a filter tree."""
    if isinstance(filters, str):
        yield filters
    elif isinstance(filters, dict):
        for key in ("and", "or", "not"):
            for part in listed(filters.get(key)):
                yield from statements(part)


def base_problems(base: Base) -> list[tuple[str, str]]:
    """What of the base this interpreter cannot read, each once, with the text holding it: its
    statements, its formulas and its views' columns."""
    texts = [*statements(base.filters), *base.formulas.values()]
    for view in base.views:
        texts += [*statements(view.filters), *view.order, *(p for p, _ in view.sort)]
        texts.append(view.group)
        steps = (*view.flatten, *(step[:3] for step in view.group_steps))
        texts += [text for made, _, where in steps for text in (made, where)]
        texts += [p for step in view.group_steps for p, _ in step[3]]
    problems: dict[str, str] = {}
    for text in filter(str.strip, texts):
        try:
            parse_expression(text)
        except Unsupported as exc:
            problems.setdefault(str(exc), text)
    return list(problems.items())


HINTS = {
    "base-unsupported": "its views that use it show a note saying so; the others are shown",
    "base-unreadable": "write the base in Obsidian, or fix its YAML",
    "dataview-unsupported": "the query is shown as written; TABLE, LIST, TASK and CALENDAR "
    "queries FROM tags, folders and links, with WHERE, SORT, GROUP BY, FLATTEN and LIMIT, are "
    "read; a query on the day of the build is not, as the same notes make the same site (write "
    'the day: date("2024-03-05")); a pattern needing backreferences or lookaround is not',
}


def base_diagnostics(files: Iterable[Attachment], shown: str) -> list[Diagnostic]:
    """A warning for each base file that cannot be read, and for what of each this interpreter
    does not read (at the first line holding it)."""
    diags: list[Diagnostic] = []
    for file in (f for f in files if f.kind == "base"):
        lines = file.text.splitlines()
        for code, message, text in base_findings(file.text):
            line = next((n for n, t in enumerate(lines, 1) if text and text in t), 1)
            pos = FilePos(f"{shown}/{file.rel_path}", line)
            diags.append(warning(code, message, pos, HINTS[code]))
    return diags


def base_findings(text: str) -> list[tuple[str, str, str]]:
    """(code, message, the text holding it) of each problem of a base's YAML: none when this
    interpreter reads all of it."""
    try:
        base = read_base(text)
    except ValueError as exc:
        return [("base-unreadable", str(exc), "")]
    return [
        ("base-unsupported", f"this base uses {problem}, which notebase does not read", held)
        for problem, held in base_problems(base)
    ]


def dataview_findings(text: str) -> tuple[str, list[tuple[str, str]]]:
    """A Dataview query's base (as JSON), and the one warning naming what of it is not read: ""
    and that warning when there is any (the block then stays as written)."""
    try:
        made = dataview_base(text)
        unread = [problem for problem, _ in base_problems(read_base(made))]
    except NotRead as exc:
        unread = [str(exc)]
    if not unread:
        return made, []
    message = f"this query uses {', '.join(unread)}, which notebase does not read"
    return "", [("dataview-unsupported", message)]


# ---------------------------------------------------------------- evaluating


@dataclass(frozen=True, slots=True)
class Kept:
    """What the views of one build read alike, kept as they read it: each note's list items
    (file.lists, read when a query first asks), the notes passing filters every view shares
    (filtered_rows), and the notes' file fields that are plain data (Scope.file_value)."""

    lists: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    passed: dict[str, frozenset[str]] = field(default_factory=dict)
    fields: dict[tuple[str, str], Any] = field(default_factory=dict)
    by_value: dict[str, ByValue | None] = field(default_factory=dict)  # (equal_candidates)


@dataclass(frozen=True, slots=True)
class ByValue:
    """The places of the rows a filter reads, by the value of a field chain (`file.mday`) where
    that value equals only what is == to it (plain data: no link, no `[[link]]` text); the
    places of the rows whose value is other data, apart."""

    places: dict[Any, list[int]]
    others: list[int]


class Scope:
    """What a base's expressions read besides the note at hand: the note embedding the base
    (`this`), the base's formulas, and the notes' names, which links are resolved by."""

    def __init__(
        self,
        base: Base,
        this: Row,
        names: Mapping[str, str],
        rows: Mapping[str, Row] | None = None,
        kept: Kept | None = None,
    ) -> None:
        self.base, self.this, self.names = base, this, names
        self.rows = rows or {}  # the notes by slug, which a link's fields are read of
        self.parsed: dict[str, Node] = {}
        self.patterns: dict[str, Pattern] = {}
        self.budget = Budget()  # the steps the view's patterns may take (jsregex.py)
        self.kept = Kept() if kept is None else kept  # the build's, when given
        self.steps = 0  # the calls of lambdas so far (MAX_STEPS)
        self.html = False  # its values' inline HTML shown (a Dataview query's: markup_html)
        self.fixed: dict[int, Any] = {}  # the values of its expressions' fixed parts, by part

    def expression(self, text: str) -> Node:
        if text not in self.parsed:
            self.parsed[text] = fixed_parts(parse_expression(text))
        return self.parsed[text]

    def slug_of(self, value: Any) -> str | None:
        """The note a value names (a link, a file, `[[Note]]` text, a path), if it names one."""
        if isinstance(value, Row):
            return value.entry.slug
        target = value.target if isinstance(value, Link) else value
        if not isinstance(target, str):
            return None
        return self.names.get(link_key(target))

    def link_path(self, value: Any) -> str:
        """The path of the note a link leads to (else its target), as Dataview orders links."""
        slug = self.slug_of(value)
        row = self.rows.get(slug) if slug is not None else None
        return row.entry.rel_path if row is not None else text_of(value)

    def equal(self, a: Any, b: Any) -> bool:
        if isinstance(a, Duration) and isinstance(b, Duration):
            return a.millis() == b.millis()
        if isinstance(a, Link | Row) or isinstance(b, Link | Row):
            slug = self.slug_of(a)
            if slug is not None:
                return slug == self.slug_of(b)
            return (
                isinstance(a, Link | str)
                and isinstance(b, Link | str)
                and (link_key(text_of(a)) == link_key(text_of(b)))
            )
        if isinstance(a, str) and isinstance(b, str) and is_wikilink(a) != is_wikilink(b):
            return link_key(a) == link_key(b)
        return bool(a == b)

    def passes(self, filters: Any, row: Row) -> bool:
        if filters is None:
            return True
        if isinstance(filters, str):
            return truthy(self.value(self.expression(filters), row))
        if isinstance(filters, dict):
            if "and" in filters:
                return all(self.passes(f, row) for f in listed(filters["and"]))
            if "or" in filters:
                return any(self.passes(f, row) for f in listed(filters["or"]))
            if "not" in filters:
                return not any(self.passes(f, row) for f in listed(filters["not"]))
        return True

    def prop(self, name: str, row: Row) -> Any:
        """A column's or a sort's property of the row: `file.name`, `note.x`, `x`, `formula.f`."""
        if not name.strip():
            return None
        return self.value(self.expression(name), row)

    def value(self, node: Node, row: Row, depth: int = 0) -> Any:
        if depth > 50:
            raise Unsupported("a formula that uses itself")
        kind = node[0]
        if kind == "lit":
            return node[1]
        if kind == "list":
            return [self.value(n, row, depth + 1) for n in node[1]]
        if kind == "lambda":
            return Lambda(node[1], node[2], row, depth + 1)
        if kind == "object":
            return {k: self.value(n, row, depth + 1) for k, n in zip(node[1], node[2], strict=True)}
        if kind == "name":
            return self.name(node[1], row, depth)
        if kind == "get":
            return self.field(node[1], node[2], row, depth)
        if kind == "fixed":  # (fixed_parts): the same for every row, found once when plain data
            found = self.fixed.get(id(node), node)
            if found is node:
                found = self.value(node[1], row, depth)
                if isinstance(found, PLAIN):
                    self.fixed[id(node)] = found
            return found
        if kind == "index":
            return self.item(self.value(node[1], row, depth), self.value(node[2], row, depth))
        if kind == "call":
            return self.call(node[1], [self.value(a, row, depth + 1) for a in node[2]], row, depth)
        if kind == "not":
            return not truthy(self.value(node[1], row, depth))
        if kind == "neg":
            return -number(self.value(node[1], row, depth))
        return self.binary(node[1], node[2], node[3], row, depth)

    def name(self, name: str, row: Row, depth: int) -> Any:
        if name == "file":
            return None if row.group else row
        if name == "this":
            return self.this
        if name == "note":
            return row.properties
        if name == "formula":
            return Formulas(row, depth)
        return row.properties.get(name)

    def formula(self, name: str, row: Row, depth: int) -> Any:
        """The value of the base's formula `name` for the row (None: there is no such formula)."""
        text = self.base.formulas.get(name)
        return None if text is None else self.value(self.expression(text), row, depth + 1)

    def field(self, obj_node: Node, name: str, row: Row, depth: int) -> Any:
        if obj_node == ("name", "formula"):
            return self.formula(name, row, depth)
        obj = self.value(obj_node, row, depth)
        if isinstance(obj, list) and name != "length":  # a group's `rows.x`: each row's, in one
            return flat(self.member(item, name) for item in obj)
        return self.member(obj, name)

    def member(self, obj: Any, name: str) -> Any:
        if isinstance(obj, Link) or (isinstance(obj, str) and is_wikilink(obj)):
            obj = self.rows.get(self.slug_of(obj) or "")  # a link's fields: its note's, if any
        if isinstance(obj, Row) and name in ("lists", "tasks"):  # (read once a query asks)
            lists = self.kept.lists
            if obj.entry.slug not in lists:
                lists[obj.entry.slug] = list_items(obj.entry)
            items = lists[obj.entry.slug]
            return [i for i in items if i["task"]] if name == "tasks" else list(items)
        if isinstance(obj, Row):  # `this.file.name`; `this.x`, as `note.x`, the note's field
            return self.file_value(obj, name) if name in FILE_FIELDS else obj.properties.get(name)
        if isinstance(obj, dict):
            return obj.get(name)
        if name == "length" and isinstance(obj, str | list):
            return len(obj)
        if isinstance(obj, str) and name in DATE_FIELDS and _DATE_TEXT.fullmatch(obj):
            return date_field(obj, name)
        if isinstance(obj, Duration) and name in DURATION_FIELDS:  # `dur.days`: all of it in days
            return obj.total(DURATION_FIELDS[name])
        return None

    def file_value(self, row: Row, name: str) -> Any:
        """file_field of the row, kept for the next view when the row is one of the site's notes
        and the value plain data (a daily note's file.mday, read by every query of a template)."""
        if self.rows.get(row.entry.slug) is not row:
            return file_field(row, name)
        key = (row.entry.slug, name)
        found = self.kept.fields.get(key, key)
        if found is key:
            found = file_field(row, name)
            if isinstance(found, PLAIN):
                self.kept.fields[key] = found
        return found

    def item(self, obj: Any, key: Any) -> Any:
        if isinstance(obj, Formulas):
            return self.formula(str(key), obj.row, obj.depth)
        if isinstance(obj, dict):
            return obj.get(str(key))
        if isinstance(obj, Row):
            return obj.properties.get(str(key))
        if isinstance(key, float) and key.is_integer():  # (`length(x) - 1`: a number)
            key = int(key)
        if isinstance(obj, list | str) and isinstance(key, int) and -len(obj) <= key < len(obj):
            return obj[key]
        return None

    def call(self, callee: Node, args: list[Any], row: Row, depth: int) -> Any:
        if callee[0] == "name":
            return self.function(callee[1], args)
        if callee[0] != "get":  # `((x) => x + 1)(rating)`
            return self.apply(self.value(callee, row, depth), args)
        return self.method(self.value(callee[1], row, depth), callee[2], args)

    def apply(self, function: Any, args: list[Any]) -> Any:
        """A lambda's value for the arguments: its body, its parameters the arguments (a missing
        one null) among the fields of the row it was written for (Unsupported: no lambda, or more
        than MAX_STEPS calls in the view)."""
        if not isinstance(function, Lambda):
            raise Unsupported(f"a call of {type_name(function)}")
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise Unsupported(f"more than {MAX_STEPS:,} calls of its lambdas")
        given = dict(zip(function.params, [*args, *[None] * len(function.params)], strict=False))
        bound = replace(function.row, properties=function.row.properties | given)
        return self.value(function.body, bound, function.depth)

    def list_function(self, name: str, args: list[Any]) -> Any:
        """Dataview's `map`, `filter`, `all`, `any`, `none`, `reduce` and `sort` of a list and a
        lambda (`all`, `any` and `none` of a list alone its values'; `sort` of a list alone by
        them); of null, null (all, any, none of values: theirs), as Dataview's."""
        items, function = (args[0] if args else None), (args[1] if len(args) > 1 else None)
        one = len(args) == 1 or isinstance(function, Lambda)
        if name in ("all", "any", "none") and not (isinstance(items, list) and one):
            items, function = args, None
        if not isinstance(items, list):
            return None if name != "sort" else items
        if name == "sort":
            keys = [v if function is None else self.apply(function, [v]) for v in items]

            def order(i: int, j: int) -> int:
                return dataview_compare(keys[i], keys[j], self.link_path)

            return [items[i] for i in sorted(range(len(items)), key=functools.cmp_to_key(order))]
        if name == "reduce":
            return self.reduce(items, function)
        if name == "map":
            return [self.apply(function, [v]) for v in items]
        tested = (truthy(v if function is None else self.apply(function, [v])) for v in items)
        if name == "filter":
            return [v for v, kept in zip(items, tested, strict=True) if kept]
        if name == "all":
            return all(tested)
        return any(tested) if name == "any" else not any(tested)

    def reduce(self, items: list[Any], function: Any) -> Any:
        """Dataview's `reduce(list, (a, b) => …)` (its null items left out) or `reduce(list,
        "+")` (`+ - * /`, and `&` and `|` as `&&` and `||`); of no items, null."""
        if not items:
            return None
        result = items[0]
        for item in items[1:]:
            if isinstance(function, str):
                op = {"&": "&&", "|": "||"}.get(function, function)
                if op not in ("+", "-", "*", "/", "&&", "||"):
                    raise Unsupported(f"`reduce()` by `{function[:20]}`")
                result = self.binary(op, ("lit", result), ("lit", item), self.this, 0)
            elif item is not None:
                result = self.apply(function, [result, item])
        return result

    def function(self, name: str, args: list[Any]) -> Any:
        first = args[0] if args else None
        if name == "link" or name == "file":
            display = text_of(args[1]) if len(args) > 1 and name == "link" else ""
            return Link(text_of(first), display) if first is not None else None
        if name == "elink":  # (Dataview's link to a web page; of no address, none)
            display = text_of(args[1]) if len(args) > 1 else ""
            return WebLink(text_of(first), display) if first is not None else None
        if name == "meta":
            return self.meta(first)
        if name == "embed":
            return self.embed(first, truthy(args[1]) if len(args) > 1 else True)
        if name in ("list", "array"):  # (Dataview's `list(a, b, c)` of its values)
            if len(args) != 1:
                return args
            return first if isinstance(first, list) else ([] if first is None else [first])
        if name in ("if", "choice"):  # (Dataview's choice(test, a, b))
            chosen = args[1] if truthy(first) else (args[2] if len(args) > 2 else None)
            return chosen if len(args) > 1 else None
        if name in AS_METHODS:
            return self.method(first, AS_METHODS[name], args[1:])
        if name in PATTERN_AT:
            return self.regex(name, args)
        if name in DATAVIEW_FUNCTIONS:
            return self.dataview_function(name, args)
        if name in LIST_FUNCTIONS:
            return self.list_function(name, args)
        if name == "length":
            return len(first) if isinstance(first, str | list) else 0
        if name == "string":
            return text_of(first)
        if name == "date":  # a date written (`date("2024-03-05")`), read as the notes' dates are
            if _ISO_START.match(text_of(first)):  # ISO, its time kept, as Dataview reads it
                when = as_when(first) if _ISO_WHOLE.fullmatch(text_of(first)) else None
                return when_text(when) if when else None
            day = read_date(text_of(first))
            return day.isoformat() if isinstance(day, dt.date) else None
        return number(first)  # number()

    def dataview_function(self, name: str, args: list[Any]) -> Any:
        """Dataview's functions of values (DATAVIEW_FUNCTIONS), as its DefaultFunctions read
        them; a list given to `dateformat`, `round`, `replace`, `padleft`… is read item by item."""
        first = args[0] if args else None
        if name in ("min", "max"):
            values = first if len(args) == 1 and isinstance(first, list) else args
            present = [(key, v) for v in values if (key := sort_key(v)) is not None]
            chosen = (min if name == "min" else max)(present, key=lambda p: p[0], default=None)
            return None if chosen is None else chosen[1]
        if name in ("sum", "product"):
            if not isinstance(first, list):
                return first
            return total(first, "+" if name == "sum" else "*") if first else None
        if name in ("icontains", "econtains"):
            return self.contains(first, args[1] if len(args) > 1 else None, name)
        if name == "default":
            fallback = args[1] if len(args) > 1 else None
            if isinstance(first, list):
                return [fallback if v is None else v for v in first]
            return fallback if first is None else first
        if name == "nonnull":
            return [v for v in args if v is not None]
        if name == "reverse":
            return first[::-1] if isinstance(first, list | str) else first
        if name == "typeof":
            return type_name(first)
        if isinstance(first, list):  # (each item, as Dataview vectorizes these)
            return [self.dataview_function(name, [v, *args[1:]]) for v in first]
        if name in ("dur", "durationformat"):
            return duration_function(name, args)
        if name == "dateformat":
            when = read_when(first) if isinstance(first, str) else None
            if when is None or len(args) < 2:
                return None
            try:
                return dateformat(when, text_of(args[1]))
            except Unreadable as exc:
                raise Unsupported(str(exc)) from None
        if name == "round":
            return round_half_up(first, args[1] if len(args) > 1 else None)
        return text_function(name, args)

    def contains(self, held: Any, wanted: Any, name: str) -> bool:
        """`icontains(a, b)` (text in any case, in a list's items and theirs) and `econtains(a, b)`
        (a list's item equal to it, text within text), as Dataview's."""
        if isinstance(held, list):
            if name == "econtains":
                return any(self.equal(item, wanted) for item in held)
            return any(self.contains(item, wanted, name) for item in held)
        if isinstance(held, str) and isinstance(wanted, str):
            return (wanted.lower() in held.lower()) if name == "icontains" else wanted in held
        if isinstance(held, dict) and isinstance(wanted, str):
            return wanted in held
        return self.equal(held, wanted)

    def regex(self, name: str, args: list[Any]) -> Any:
        """Dataview's `regextest(pattern, text)` (a match anywhere), `regexmatch(pattern, text)`
        (its pattern put between `^` and `$` unless it starts or ends with one, as Dataview does)
        and `regexreplace(text, pattern, replacement)` (each match); a list of texts, each."""
        at = PATTERN_AT[name]
        written, texts = args[at], args[1 - at]
        if written is None or texts is None:
            return None if name == "regexreplace" else False
        if isinstance(texts, list):
            return [self.regex(name, [*args[: 1 - at], t, *args[2 - at :]]) for t in texts]
        source = text_of(written)
        if name == "regexmatch" and not source.startswith("^") and not source.endswith("$"):
            source = f"^{source}$"
        try:
            if source not in self.patterns:
                self.patterns[source] = compile_pattern(source)
            pattern, text = self.patterns[source], text_of(texts)
            if name == "regexreplace":
                return replace_all(pattern, text, text_of(args[2]), self.budget)
            return search(pattern, text, self.budget) is not None
        except BadPattern as exc:
            raise Unsupported(f"the pattern `{source[:60]}` ({exc})") from None

    def meta(self, value: Any) -> dict[str, Any] | None:
        """Dataview's `meta(link)`: its `path` (the note's, when it leads to one; else as
        written), `display` (its alias, else null), `subpath` (its heading or block, else null),
        `type` (`file`, `header` or `block`) and `embed`."""
        if isinstance(value, Row):
            return {"path": value.entry.rel_path, "display": None, "subpath": None,
                    "type": "file", "embed": False}  # fmt: skip
        if isinstance(value, str) and is_wikilink(value):
            value = Link(value.strip().removeprefix("!")[2:-2], embed=value.strip()[:1] == "!")
        if not isinstance(value, Link):
            return None
        target, _, display = value.target.partition("|")
        name, _, subpath = target.partition("#")
        slug = self.slug_of(Link(name)) if name else self.this.entry.slug
        note = self.rows.get(slug or "") or (self.this if slug == self.this.entry.slug else None)
        kind = "file" if not subpath else "block" if subpath.startswith("^") else "header"
        return {
            "path": note.entry.rel_path if note else name,
            "display": value.display or display or None,
            "subpath": subpath or None,
            "type": kind,
            "embed": value.embed,
        }

    def embed(self, value: Any, embedded: bool) -> Any:
        """Dataview's `embed(link)`: the link, as an embed (shown as the link it is)."""
        if isinstance(value, Row):
            value = Link(value.entry.rel_path)
        if isinstance(value, str) and is_wikilink(value):
            value = Link(value.strip().removeprefix("!")[2:-2])
        return replace(value, embed=embedded) if isinstance(value, Link) else None

    def method(self, obj: Any, name: str, args: list[Any]) -> Any:
        if isinstance(obj, Row):
            return self.file_method(obj, name, args)
        if name == "isEmpty":
            return obj is None or obj == "" or obj == [] or obj == {}
        if name == "isTruthy":
            return truthy(obj)
        if name == "toString":
            return text_of(obj)
        if name == "slice" and isinstance(obj, list | str):
            return sliced(obj, args)
        if name == "format":  # a date's, in Moment.js's tokens
            when = read_when(obj) if isinstance(obj, str) and _DATE_TEXT.fullmatch(obj) else None
            return moment_format(when, text_of(args[0]) if args else "") if when else None
        if isinstance(obj, list):
            return self.list_method(obj, name, args)
        if isinstance(obj, int | float) and not isinstance(obj, bool):
            return number_method(float(obj), name, args)
        if name == "contains" and args and isinstance(args[0], Row | Link):
            return self.equal(obj, args[0])  # (a link holds a link: it is it, as in Dataview)
        if isinstance(obj, Link):
            obj = obj.target
        if not isinstance(obj, str):
            return None if name not in ("contains", "containsAny", "containsAll") else False
        return string_method(obj, name, args)

    def list_method(self, items: list[Any], name: str, args: list[Any]) -> Any:
        def has(x: Any) -> bool:
            return any(self.equal(item, x) for item in items)

        if name == "contains":
            return bool(args) and has(args[0])
        if name == "containsAny":
            return any(has(a) for a in args)
        if name == "containsAll":
            return all(has(a) for a in args)
        if name == "join":
            separator = text_of(args[0]) if args else ","
            if any(isinstance(i, Row | Link | WebLink) for i in items):  # shown as links
                return Joined(tuple(items), separator)
            return separator.join(text_of(i) for i in items)
        return None

    def file_method(self, row: Row, name: str, args: list[Any]) -> Any:
        if name == "hasTag":
            # the tag named as the notes' are named: `Data_Structure` is their `data-structure`
            wanted = [normalize_tag(text_of(a)) for a in args]
            return any(t == w or t.startswith(w + "/") for t in row.entry.tags for w in wanted if w)
        if name == "hasLink":
            return any(self.slug_of(a) in row.links for a in args)
        if name == "inFolder":
            folder = text_of(args[0]).strip("/") if args else ""
            return row.entry.rel_path.startswith(folder + "/") or not folder
        if name == "hasProperty":
            return bool(args) and text_of(args[0]) in row.properties
        if name == "asLink":
            return Link(row.entry.rel_path)
        return None

    def binary(self, op: str, left: Node, right: Node, row: Row, depth: int) -> Any:
        a = self.value(left, row, depth)
        if op in ("&&", "||"):
            if truthy(a) == (op == "||"):
                return a
            return self.value(right, row, depth)
        b = self.value(right, row, depth)
        if op == "==":
            return self.equal(a, b)
        if op == "!=":
            return not self.equal(a, b)
        timed = time_arithmetic(op, a, b)
        if timed is not NOT_TIMED:
            return timed
        if op == "+" and (isinstance(a, str) or isinstance(b, str)):
            if isinstance(a, Row | Link | WebLink | Joined) or isinstance(
                b, Row | Link | WebLink | Joined
            ):
                return Joined((a, b), "")  # text and a link: the text, then the link (value_html)
            return text_of(a) + text_of(b)
        if op in ("<", ">", "<=", ">="):
            return compare(op, a, b)
        x, y = number(a), number(b)
        if op in ("/", "%"):
            return None if y == 0 else x / y if op == "/" else x % y
        return {"+": x + y, "-": x - y, "*": x * y}[op]


@dataclass(frozen=True, slots=True)
class Joined:
    """A list of links joined (`join(rows.file.link, " | ")`): text, shown with its links."""

    items: tuple[Any, ...]
    separator: str


@dataclass(frozen=True, slots=True, eq=False)
class Lambda:
    """Dataview's `(x) => expr` as a value: its parameters, its body, and the row and depth it
    was written at (Scope.apply)."""

    params: tuple[str, ...]
    body: Node
    row: Row
    depth: int


@dataclass(frozen=True, slots=True)
class Formulas:
    """`formula` alone, as a value: what `formula["x"]` is read of."""

    row: Row
    depth: int


def file_field(row: Row, name: str) -> Any:
    path = row.entry.rel_path
    folder, _, file_name = path.rpartition("/")
    if name == "name":
        return file_name
    if name == "basename":
        return file_name.rpartition(".")[0] or file_name
    if name == "path":
        return path
    if name == "folder":
        return folder
    if name == "ext":
        return file_name.rpartition(".")[2]
    if name == "tags":
        return [f"#{t}" for t in as_written(row.entry)]
    if name == "tagLevels":
        levels = (t.split("/") for t in as_written(row.entry))
        return list(
            dict.fromkeys(f"#{'/'.join(p[:n])}" for p in levels for n in range(1, len(p) + 1))
        )
    if name == "links":
        return [Link(path) for path in (*row.outlinks, *row.unwritten)]
    if name == "inlinks":
        return [Link(path) for path in row.inlinks]
    if name in ("cday", "mday", "day"):
        return file_date(row.entry, name)
    return row  # file.file


def as_written(entry: Entry) -> tuple[str, ...]:
    """A note's tags as it writes them, as Dataview and Obsidian list them (`#Frontend/Vue`,
    which `x != "#Frontend/Vue"` compares as written), else as the site names them."""
    return entry.written_tags or entry.tags


def flat(values: Iterable[Any]) -> list[Any]:
    """The values, a list among them given as its items (a group's `rows.x`: each row's)."""
    return [x for v in values for x in (v if isinstance(v, list) else [v])]


def file_date(entry: Entry, name: str) -> str | None:
    """Dataview's dates of a note, read of what the note says rather than of its file's times
    (which differ from one copy of a vault to the next): `cday` (file.ctime) its `created` or
    `date`, else the date its file name holds; `mday` (file.mtime) its `modified` or `updated`,
    else its cday; `day` the date its file name holds, else its `date`. ISO text, as the front
    matter's dates are read; None when the note says none."""
    named = name_date(entry.rel_path.rpartition("/")[2])
    created = entry.date.isoformat() if entry.date else named
    if name == "cday":
        return created
    if name == "mday":
        return entry.updated.isoformat() if entry.updated else created
    return named or (entry.date.isoformat() if entry.date else None)


def name_date(file_name: str) -> str | None:
    m = _NAME_DATE.search(file_name)
    if m is None:
        return None
    try:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))).isoformat()
    except ValueError:
        return None


def number_method(value: float, name: str, args: list[Any]) -> Any:
    if name == "toFixed":
        places = int(min(20.0, max(0.0, number(args[0])))) if args else 0  # (nan: 0)
        return f"{value:.{places}f}"
    if not math.isfinite(value):  # what round, floor and ceil cannot make an integer of
        return value
    if name == "abs":
        return abs(value)
    if name == "floor":
        return float(math.floor(value))
    if name == "ceil":
        return float(math.ceil(value))
    if name == "round":
        return float(round(value))
    return None


def sliced(value: Any, bounds: list[Any]) -> Any:
    """A text's or list's `.slice(start, end)`, as JavaScript's: from `start` to `end` (its end
    unless given), a bound below 0 counted from its end."""

    def held(bound: Any, default: int) -> int:
        if bound is None:
            return default
        at = number(bound)
        at = 0 if math.isnan(at) else int(max(min(at, len(value)), -len(value) - 1.0))
        return max(len(value) + at, 0) if at < 0 else at

    start = held(bounds[0] if bounds else None, 0)
    return value[start : held(bounds[1] if len(bounds) > 1 else None, len(value))]


def string_method(text: str, name: str, args: list[Any]) -> Any:
    words = [text_of(a) for a in args]
    if name == "contains":
        return bool(words) and words[0] in text
    if name == "containsAny":
        return any(w in text for w in words)
    if name == "containsAll":
        return all(w in text for w in words)
    if name == "startsWith":
        return bool(words) and text.startswith(words[0])
    if name == "endsWith":
        return bool(words) and text.endswith(words[0])
    if name == "lower":
        return text.lower()
    if name == "upper":
        return text.upper()
    if name == "split":
        return text.split(words[0]) if words and words[0] else list(text)
    return text.strip()  # trim


MAX_TEXT = 100_000  # a text a query's function makes is at most this long (or not read)


def text_function(name: str, args: list[Any]) -> Any:
    """Dataview's `replace(text, old, new)` (each time it is there), `padleft`/`padright(text,
    length, padding)`, `truncate(text, length, suffix)` (at most `length` characters, the
    suffix, `...` unless given, ending them) and `substring(text, start, end)`; a text none
    (null), as in Dataview."""
    text, rest = (args[0] if args else None), args[1:]
    if not isinstance(text, str) or any(a is None for a in rest[:1]):
        return None
    if name == "substring":
        return substring(text, rest)
    if name == "replace":
        old, new = (text_of(a) for a in (*rest, "", "")[:2])
        count = len(text) + 1 if not old else text.count(old)
        if len(text) + count * (len(new) - len(old)) > MAX_TEXT:
            raise Unsupported(f"a text of over {MAX_TEXT:,} characters")
        return new.join(text) if not old else text.replace(old, new)
    length = int(min(max(number(rest[0]), 0.0), float(MAX_TEXT) + 1)) if rest else 0
    if length > MAX_TEXT:
        raise Unsupported(f"a text of over {MAX_TEXT:,} characters")
    if name == "truncate":
        suffix = text_of(rest[1]) if len(rest) > 1 else "..."
        return text if len(text) <= length else text[: max(length - len(suffix), 0)] + suffix
    padding = text_of(rest[1]) if len(rest) > 1 else " "
    if len(text) >= length or not padding:
        return text
    fill = (padding * (length // len(padding) + 1))[: length - len(text)]
    return fill + text if name == "padleft" else text + fill


def substring(text: str, bounds: list[Any]) -> str:
    """Dataview's `substring(text, start, end)`, as JavaScript's substring cuts a text: from
    `start` to `end` (the text's end unless given), each held within the text (a number none or
    below 0 is 0), the smaller first."""

    def held(value: Any) -> int:
        at = number(value)
        return 0 if math.isnan(at) else int(min(max(at, 0.0), float(len(text))))

    start = held(bounds[0]) if bounds else 0
    end = held(bounds[1]) if len(bounds) > 1 and bounds[1] is not None else len(text)
    return text[min(start, end) : max(start, end)]


def round_half_up(value: Any, places: Any) -> Any:
    """Dataview's `round(n, places)`: JavaScript's Math.round (halves up), or, to `places`,
    its toFixed of the number as stored."""
    if value is None or isinstance(value, bool) or not isinstance(value, int | float):
        return None if value is None else value
    if not math.isfinite(value) or abs(value) >= 1e15:
        return value
    digits = int(min(max(number(places), 0.0), 15.0)) if places is not None else 0
    if digits == 0:
        return float(math.floor(value + 0.5))
    step = Decimal(1).scaleb(-digits)
    return float(Decimal(value).quantize(step, rounding=ROUND_HALF_UP))


def total(values: list[Any], op: str) -> Any:
    """Dataview's `sum(list)` and `product(list)`: its values added (text joined, as `+` does)
    or multiplied."""
    result = values[0]
    for value in values[1:]:
        if op == "+" and (isinstance(result, str) or isinstance(value, str)):
            result = text_of(result) + text_of(value)
            if len(result) > MAX_TEXT:
                raise Unsupported(f"a text of over {MAX_TEXT:,} characters")
        else:
            x, y = number(result), number(value)
            result = x + y if op == "+" else x * y
    return result


def type_name(value: Any) -> str:
    """Dataview's `typeof(value)`: a note's ISO date text is a date, as Dataview reads one."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, Link | Row):
        return "link"
    if isinstance(value, WebLink):  # (Dataview's elink makes a widget)
        return "widget"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, Duration):
        return "duration"
    return (
        "date" if read_when(text_of(value)) and _DATE_TEXT.fullmatch(text_of(value)) else "string"
    )


# a date's fields in Dataview (`file.day.year`), of a note's ISO date text
DATE_FIELDS = frozenset(
    {
        "year",
        "month",
        "day",
        "weekyear",
        "week",
        "weekday",
        "hour",
        "minute",
        "second",
        "millisecond",
    }
)


def date_field(text: str, name: str) -> int | None:
    """A date's field as Dataview reads it (its DateTime's, Luxon's): `weekyear` is the ISO
    week's number (Luxon's weekNumber), `week` the week of the month (`day / 7`, rounded down,
    and 1), `weekday` the ISO weekday (1, Monday, to 7)."""
    when = read_when(text)
    if when is None:
        return None
    _, week_number, weekday = when.isocalendar()
    fields = {"weekyear": week_number, "week": when.day // 7 + 1, "weekday": weekday}
    return fields[name] if name in fields else getattr(when, name, when.microsecond // 1000)


_DATE_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?")
# a duration's fields in Dataview (`dur.days`: the whole of it in days), and the unit of each
DURATION_FIELDS = {
    "year": "years", "years": "years", "month": "months", "months": "months", "weeks": "weeks",
    "day": "days", "days": "days", "hour": "hours", "hours": "hours", "minute": "minutes",
    "minutes": "minutes", "second": "seconds", "seconds": "seconds",
    "millisecond": "milliseconds", "milliseconds": "milliseconds",
}  # fmt: skip
# ISO text as Dataview's date() reads it (the whole text: `2022-01-06T6:59` is none)
_ISO_START = re.compile(r"\d{4}-\d{2}-\d{2}")
_ISO_WHOLE = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{3})?)?)?(?:Z|[+-]\d{1,2}(?::\d{2})?)?"
)
NOT_TIMED = object()  # (time_arithmetic: the operation is not one of dates and durations)


def as_when(value: Any) -> dt.datetime | None:
    """The date and time a value is, as Dataview reads a date: ISO text (a note's dates)."""
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day)
    if isinstance(value, str) and _DATE_TEXT.fullmatch(value.strip()):
        return read_when(value)
    return None


def when_text(when: dt.datetime) -> str:
    """A date as the notes' dates are: `2024-03-05`, with its time unless midnight."""
    if when.time() == dt.time():
        return when.date().isoformat()
    return when.isoformat(timespec="milliseconds" if when.microsecond else "seconds")


def time_arithmetic(op: str, a: Any, b: Any) -> Any:
    """Dataview's `date ± dur`, `date - date`, `dur ± dur`, `dur * n`, `dur / n` (Luxon's; a
    date past the calendar null); NOT_TIMED when the operation is none of them."""
    if op not in ("+", "-", "*", "/", "%"):
        return NOT_TIMED
    if isinstance(a, Duration) and isinstance(b, Duration):
        return plus(a, b, 1.0 if op == "+" else -1.0) if op in ("+", "-") else None
    when_a, when_b = as_when(a), as_when(b)
    if (a is None and (when_b or isinstance(b, Duration))) or (
        b is None and (when_a or isinstance(a, Duration))
    ):
        return None  # (null and a date: null, as in Dataview)
    if isinstance(b, Duration) and when_a is not None and op in ("+", "-"):
        moved = shifted(when_a, b, 1 if op == "+" else -1)
        return when_text(moved) if moved else None
    if isinstance(a, Duration) and when_b is not None and op == "+":
        moved = shifted(when_b, a)
        return when_text(moved) if moved else None
    if when_a is not None and when_b is not None and op == "-":
        return between(when_a, when_b)
    if isinstance(a, Duration) and is_number(b) and op in ("*", "/"):
        return scaled(a, b if op == "*" else 1 / b) if b or op == "*" else None
    if isinstance(b, Duration) and is_number(a) and op == "*":
        return scaled(b, a)
    if isinstance(a, Duration) or isinstance(b, Duration):  # (text and a duration: joined)
        return NOT_TIMED if op == "+" and (isinstance(a, str) or isinstance(b, str)) else None
    return NOT_TIMED


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def duration_function(name: str, args: list[Any]) -> Any:
    """Dataview's `dur("2h 30m")` (a duration as text is read, one as it is) and
    `durationformat(dur, "h 'hours'")`; null of anything else."""
    first = args[0] if args else None
    if name == "dur":
        if isinstance(first, str):
            return read_duration(first)
        return first if isinstance(first, Duration) else None
    if not isinstance(first, Duration) or len(args) < 2:
        return None
    return duration_format(first, format_parts(text_of(args[1])))


def truthy(value: Any) -> bool:
    if isinstance(value, Duration):
        return value.millis() != 0
    return value not in (None, False, 0, "", [], {})


def number(value: Any) -> float:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(str(value))
    except ValueError:
        return 0.0


def compare(op: str, a: Any, b: Any) -> bool:
    if a is None or b is None:
        return False
    when_a, when_b = as_when(a), as_when(b)
    if when_a is not None and when_b is not None:  # two dates: by their times
        return {"<": when_a < when_b, ">": when_a > when_b, "<=": when_a <= when_b,
                ">=": when_a >= when_b}[op]  # fmt: skip
    x, y = sort_key(a), sort_key(b)  # numbers below text, as a column sorts
    if x is None or y is None:
        return False
    return {"<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y}[op]


# a value that is one `[[link]]`: its target (without a #part) and its alias
_WIKILINK = re.compile(r"^\s*!?\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]\s*$")


def is_wikilink(text: str) -> bool:
    return _WIKILINK.match(text) is not None


def text_of(value: Any) -> str:
    """A value as text: a link as what it leads to, a list joined, a number as written."""
    if value is None:
        return ""
    if isinstance(value, Link):
        return value.target
    if isinstance(value, WebLink):
        return value.display or value.url
    if isinstance(value, Row):
        return value.entry.rel_path
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ", ".join(text_of(v) for v in value)
    if isinstance(value, Joined):
        return value.separator.join(text_of(v) for v in value.items)
    if isinstance(value, Duration):  # `1 week, 3 days`, as Dataview shows one
        return duration_text(value)
    return str(value)


def link_key(target: str) -> str:
    """How a link's target is matched to a note: `[[Folder/Books.md|x]]` -> `books`."""
    m = _WIKILINK.match(target)
    name = m.group(1) if m else target.split("|", 1)[0].split("#", 1)[0]  # (`Books#Part`)
    return name_key(name.strip().removesuffix(".md").rsplit("/", 1)[-1])


# ---------------------------------------------------------------- the view as HTML


def base_rows(
    entries: Iterable[Entry],
    outlinks: Mapping[str, Iterable[str]],
    backlinks: Mapping[str, Iterable[Backlink]] | None = None,
) -> list[Row]:
    """Each note as a base reads it: its fields, the notes it links to (the index's outlinks:
    its body's links and its properties' `[[…]]`, as Obsidian counts them; parse.property_links),
    and the paths of the notes linking to it (the index's backlinks, of the same links) and of
    those it links to (a link by its path, shown with its note's name)."""
    entries = list(entries)
    paths = {entry.slug: entry.rel_path for entry in entries}
    names = note_names(entries)
    back = backlinks or {}
    return [
        Row(
            entry,
            json.loads(entry.properties) if entry.properties else {},
            frozenset(outlinks.get(entry.slug, ())),
            tuple(sorted({paths[b.slug] for b in back.get(entry.slug, ()) if b.slug in paths})),
            tuple(sorted(paths[s] for s in set(outlinks.get(entry.slug, ())) if s in paths)),
            unwritten_links(entry, names),
        )
        for entry in entries
    ]


def unwritten_links(entry: Entry, names: Mapping[str, str]) -> tuple[str, ...]:
    """The notes a note's `[[links]]` name that no note is (Dataview lists them among its
    outlinks, their `file` null), each once, in the order written."""
    found = (
        ref.target
        for ref in entry.links
        if ref.is_wiki and not ref.embed and ref.target and link_key(ref.target) not in names
    )
    return tuple(dict.fromkeys(found))


# a list item of a note's HTML (markdown/parser.py draws it): its opening (a task's with its
# checkbox), and its text, up to its own list or its end (a footnote's item is none)
_LIST_ITEM = re.compile(
    r'(<li(?: data-task="([^"]*)")?(?:( class="task-list-item")[^>]*)?>\s*'
    r'(?:<input class="task-list-item-checkbox"[^>]*>)?)\s*(?:<p>)?(.*?)(?=</p>|<ul|<ol|</li>|<li)',
    re.S,
)
_HEADING_ID = re.compile(r'<h[1-6] id="([^"]*)"')
_HASHTAG = re.compile(r'<span class="hashtag">(?:[^#<]|<a\b[^>]*>)*(#[^<]*)<')


@dataclass(frozen=True, slots=True)
class ListItem:
    """A list item of a note's HTML: its HTML (a task's with its checkbox), whether it is a task,
    its mark (`x`, ` `, `/`…), whether it is checked, its text, and where it starts."""

    html: str
    task: bool
    status: str
    checked: bool
    text: str
    at: int


def html_items(html: str) -> Iterable[ListItem]:
    """The list items of a note's HTML, in order."""
    for m in _LIST_ITEM.finditer(html):
        task = m.group(3) is not None
        checked = ' checked=""' in m.group(1)
        status = unescape(m.group(2)) if m.group(2) else ("x" if checked else " ")
        shown = (
            f"{m.group(1)} {m.group(4).strip()}</li>" if task else f"<li>{m.group(4).strip()}</li>"
        )
        yield ListItem(shown, task, status if task else "", checked, html_to_text(shown), m.start())


def task_rows(rows: Iterable[Row], body: Callable[[Entry], str]) -> list[Row]:
    """Each task of the notes, in their order, as a row holding its note's fields and its own
    (`section`: a link to the heading it is under; `completed`: marked `[x]`; `checked`: marked at all; `status`: its mark; `text`), its HTML
    as the note's `body` (its links resolved) has it."""
    made = []
    for row in rows:
        if "task-list-item" not in row.entry.body_html:
            continue
        html = body(row.entry)
        starts = heading_starts(row.entry, html)
        for item in html_items(html):
            if not item.task:
                continue
            fields = {
                "section": section_link(row.entry, starts, item.at),
                "completed": item.status in "xX",
                "checked": item.checked,
                "status": item.status,
                "text": item.text,
                "tags": [m.group(1) for m in _HASHTAG.finditer(item.html)],
                **task_dates(item.text),
            }
            made.append(replace(row, properties=row.properties | fields, task=item.html))
    return made


def list_items(entry: Entry) -> list[dict[str, Any]]:
    """Dataview's `file.lists` of a note: each list item of its body, in order, with its inline
    fields and `text`, `task` (a task, `- [ ]`), `status`, `checked`, `completed` (a task's, as
    task_rows reads them, and its dates), `tags` (`#tag` as written), `outlinks` (the notes its
    `[[links]]` lead to), `section` (a link to the heading it is under, else to the note) and
    `path`; its `line` is none (the HTML it is read of has no lines)."""
    html = entry.body_html
    if "<li" not in html:
        return []
    starts, made = heading_starts(entry, html), []
    for item in html_items(html):
        links = [entry.links[n] for n in marker_numbers(item.html) if n < len(entry.links)]
        fields: dict[str, Any] = {
            **inline_fields(item.text),
            "text": item.text,
            "task": item.task,
            "status": item.status,
            "checked": item.checked,
            "completed": item.task and item.status in "xX",
            "tags": [m.group(1) for m in _HASHTAG.finditer(item.html)],
            "outlinks": [Link(ref.target) for ref in links if ref.is_wiki and ref.target],
            "section": section_link(entry, starts, item.at),
            "path": entry.rel_path,
            "line": None,
        }
        made.append(fields | (task_dates(item.text) if item.task else {}))
    return made


def heading_starts(entry: Entry, html: str) -> list[tuple[int, str]]:
    """Where each heading of the note's HTML starts, with its text as written."""
    headings = {h.anchor: h.source or h.text for h in entry.headings}
    return [(m.start(), headings.get(m.group(1), "")) for m in _HEADING_ID.finditer(html)]


def section_link(entry: Entry, starts: list[tuple[int, str]], at: int) -> Link:
    """Dataview's `section` of a list item or task starting at `at` in the note's HTML: a link to
    the heading it is under (`[[note#heading]]`), else to the note."""
    heading = starts[bisect.bisect_left(starts, (at, "")) - 1][1] if starts else ""
    heading = heading if starts and starts[0][0] < at else ""
    return Link(f"{entry.rel_path}#{heading}" if heading else entry.rel_path)


# a task's dates as Dataview reads them: the Tasks plugin's emoji (`📅 2024-03-05`), or an inline
# field in it (`[due:: 2024-03-05]`)
TASK_DATES = {"✅": "completion", "📅": "due", "📆": "due", "🗓": "due", "⏳": "scheduled",
              "🛫": "start", "➕": "created"}  # fmt: skip
TASK_DATE_NAMES = tuple(dict.fromkeys(TASK_DATES.values()))
_TASK_DATE = re.compile(f"({'|'.join(TASK_DATES)})\ufe0f?\\s*(\\d{{4}}-\\d{{2}}-\\d{{2}})")
_TASK_FIELD = re.compile(rf"[\[(]\s*({'|'.join(TASK_DATE_NAMES)})\s*::\s*([^\])]*)[\])]")


def task_dates(text: str) -> dict[str, str | None]:
    """`completion`, `due`, `scheduled`, `start` and `created` of a task's text (None: not
    given there, whatever its note says)."""
    dates: dict[str, str | None] = dict.fromkeys(TASK_DATE_NAMES)
    for m in _TASK_DATE.finditer(text):
        dates[TASK_DATES[m.group(1)]] = m.group(2)
    for m in _TASK_FIELD.finditer(text):
        dates[m.group(1)] = m.group(2).strip()
    return dates


def task_html(rows: Sequence[Row], link: NoteLink) -> str:
    """A TASK query's tasks, under the note each is in (in the order of its first task)."""
    notes: dict[str, list[Row]] = {}
    for row in rows:
        notes.setdefault(row.entry.slug, []).append(row)
    parts = []
    for tasks in notes.values():
        items = "".join(f"{t.task}\n" for t in tasks)
        head = link(tasks[0].entry.slug, tasks[0].entry.title)
        parts.append(
            f'<p class="task-note">{head} ({len(tasks)})</p>\n<ul class="contains-task-list">\n{items}</ul>\n'
        )
    return "".join(parts)


def task_groups_html(scope: Scope, groups: Sequence[Row], link: NoteLink) -> str:
    """A grouped TASK query's tasks: under each group's key, its tasks under their notes."""
    parts = []
    for group in groups:
        key, tasks = group.properties["key"], group.properties["rows"]
        shown = value_html(scope, key, link) if key not in (None, "", []) else "—"
        inner = task_html(tasks, link)
        parts.append(
            f'<div class="task-group">\n<p class="task-key">{shown} ({len(tasks)})</p>\n{inner}</div>\n'
        )
    return "".join(parts)


def note_names(entries: Iterable[Entry]) -> dict[str, str]:
    """link_key -> slug: each note's file name, then its title and aliases where no file has it."""
    names: dict[str, str] = {}
    listed_entries = sorted(entries, key=lambda e: e.rel_path)
    for entry in listed_entries:
        names.setdefault(link_key(entry.rel_path), entry.slug)
    for entry in listed_entries:
        for name in (entry.title, *entry.aliases):
            names.setdefault(link_key(name), entry.slug)
    return names


NoteLink = Callable[[str, str], str]  # (slug, shown text) -> the HTML of a link to the note


def view_html(
    base: Base,
    view_name: str,
    notes: Sequence[Row] | Mapping[str, Row],
    this: Row,
    names: Mapping[str, str],
    link: NoteLink,
    tasks: Callable[[], Sequence[Row]] = list,
    kept: Kept | None = None,
) -> str:
    """The view the embed names (else the first) as HTML: a table, or a list of the notes (by
    slug, as the build keeps them, or a list); what cannot be read, said in its place (`kept`:
    what the build's views read alike, read so far)."""
    view = next((v for v in base.views if v.name == view_name), base.views[0])
    by_slug = notes if isinstance(notes, Mapping) else {row.entry.slug: row for row in notes}
    scope = Scope(base, this, names, by_slug, kept)
    known: dict[str, frozenset[str]] | None = scope.kept.passed
    scope.html = view.html
    scope_rows: Iterable[Row] = by_slug.values()
    if view.type == "task":  # (a Dataview TASK query's: rows of tasks, not notes)
        scope_rows, known = tasks(), None
    count = ""
    try:
        filters = (*conjuncts(base.filters), *conjuncts(view.filters))
        rows = filtered_rows(scope, filters, scope_rows, known)
        rows = sort_rows(scope, rows, () if view.sort_flattened else view.sort)
        for flatten in view.flatten:
            rows = flatten_rows(scope, rows, flatten)
        if view.sort_flattened:
            rows = sort_rows(scope, rows, view.sort, by_path=False)
        if view.group:
            rows = group_rows(scope, rows, view)
        if view.type == "calendar":  # the notes naming a day
            rows = [r for r in rows if row_day(scope, view.order[0], r)]
        rows = rows[: view.limit]
        if view.type == "task":
            body = task_groups_html(scope, rows, link) if view.group else task_html(rows, link)
        elif view.type == "table":
            body = table_html(scope, view, rows, link)
        elif view.type == "calendar":  # (a Dataview CALENDAR query's)
            body = calendar_html(scope, view.order[0], rows, link)
        else:
            body = (
                group_list_html(scope, view, rows, link)
                if view.group
                else list_html(scope, view, rows, link)
            )
        noun = "group" if view.group else "task" if view.type == "task" else "note"
        count = f"{len(rows)} {noun}{'s' if len(rows) != 1 else ''}"
    except RecursionError:  # a formula's chain of formulas (depth is bounded)
        body = '<p class="base-unsupported">This view cannot be shown here.</p>\n'
    except Unsupported as exc:
        body = f'<p class="base-unsupported">This view uses {escape(str(exc))}, which cannot be shown here.</p>\n'
    counts = f'<span class="counts">{"· " if view.name else ""}{count}</span>' if count else ""
    caption = " ".join(part for part in (escape(view.name), counts) if part)
    return f'<div class="base-view" data-pagefind-ignore>\n<p class="base-name">{caption}</p>\n{body}</div>\n'


def conjuncts(filters: Any) -> list[Any]:
    """The filters that a note must each pass to pass `filters` (Scope.passes), in its order."""
    if filters is None:
        return []
    if isinstance(filters, dict) and "and" in filters:
        return listed(filters["and"])
    return [filters]


def filtered_rows(
    scope: Scope,
    filters: Sequence[Any],
    rows: Iterable[Row],
    known: dict[str, frozenset[str]] | None,
) -> list[Row]:
    """The rows that pass every filter, in their order. The leading filters that read nothing of
    the note showing the view (no `this`: a Dataview FROM, most often) pass the same notes in
    every view of the site with the same formulas: `known` keeps the notes that passed them, once
    a view found them without spending any of its steps (Budget, MAX_STEPS), so that a query
    written in a thousand notes reads the site's notes once, not a thousand times. (A filter
    reads `this` through a formula too: with a formula naming `this`, none is shared.)"""
    formulas = sorted(scope.base.formulas.items())
    shared = 0
    while shared < len(filters) and "this" not in repr((formulas, filters[shared])):
        shared += 1
    key = repr((formulas, scope.html, filters[:shared]))
    passed = known.get(key) if known is not None and shared else None
    if passed is not None:
        rows = [r for r in rows if r.entry.slug in passed]
    elif shared:
        spent = (scope.budget.left, scope.steps)
        rows = [r for r in rows if all(scope.passes(f, r) for f in filters[:shared])]
        if known is not None and spent == (scope.budget.left, scope.steps):
            known[key] = frozenset(r.entry.slug for r in rows)
    rest = filters[shared:]
    if rest and known is not None and (not shared or key in known):
        rows = list(rows)  # (read once, whether the rows through the groups or all of them)
        candidates = equal_candidates(scope, rest[0], rows, key)
        rows = rows if candidates is None else candidates  # none matching: none to read
    return [r for r in rows if all(scope.passes(f, r) for f in rest)]


def equal_candidates(
    scope: Scope, condition: Any, rows: Sequence[Row], key: str
) -> list[Row] | None:
    """The rows that may pass a filter `field.chain == this.something` (either way round), in
    their order: those whose field equals the value the view's note gives, and those whose field
    is data `==` does not decide (Scope.equal): found through the build's ByValue of that
    chain, made once for every view reading it (the daily notes' `file.mday = this.file.cday`
    of a vault read its notes once, not once a day). None when the filter is of no such form."""
    node = scope.expression(condition) if isinstance(condition, str) else None
    if (
        node is None
        or node[:2] != ("bin", "==")
        or (node[2][0] == "fixed") == (node[3][0] == "fixed")
    ):
        return None
    chain, fixed = (node[2], node[3]) if node[3][0] == "fixed" else (node[3], node[2])
    if not rows or not is_field_chain(chain):
        return None
    wanted = scope.value(fixed, scope.this)
    if not is_plain_key(wanted):
        return None
    index_key = repr((key, chain))
    if index_key not in scope.kept.by_value:
        scope.kept.by_value[index_key] = by_value(scope, chain, rows)
    index = scope.kept.by_value[index_key]
    if index is None:
        return None
    return [rows[i] for i in sorted((*index.places.get(wanted, ()), *index.others))]


def is_field_chain(node: Node) -> bool:
    """Whether the expression reads a note's field alone (`type`, `file.mday`, `note.x.y`), not
    `this` nor a formula."""
    while node[0] == "get":
        node = node[1]
    return node[0] == "name" and node[1] not in ("this", "formula")


def is_plain_key(value: Any) -> bool:
    """Whether Scope.equal finds a value equal only to what is == to it (and hashes it so)."""
    if isinstance(value, str):
        return not is_wikilink(value)
    return value is None or isinstance(value, bool | int | float)


def by_value(scope: Scope, chain: Node, rows: Sequence[Row]) -> ByValue | None:
    """The rows' places by the value of `chain` (None when reading it raised for a row: each view
    then reads its rows itself, and tells it)."""
    places: dict[Any, list[int]] = {}
    others: list[int] = []
    try:
        for i, row in enumerate(rows):
            value = scope.value(chain, row)
            if is_plain_key(value):
                places.setdefault(value, []).append(i)
            else:
                others.append(i)
    except (Unsupported, RecursionError, ValueError, TypeError):
        return None
    return ByValue(places, others)


def sort_rows(
    scope: Scope, rows: list[Row], sort: Sequence[tuple[str, bool]], by_path: bool = True
) -> list[Row]:
    """In the view's order (by file path first, so that ties keep one order; rows a FLATTEN made
    keep theirs)."""
    rows = sorted(rows, key=lambda r: r.entry.rel_path) if by_path else rows
    if scope.html:  # a Dataview query's: its values as Dataview compares them
        return dataview_sorted(scope, rows, sort)
    for prop, descending in reversed(sort):
        keyed = [(sort_key(scope.prop(prop, r)), r) for r in rows]
        present = [p for p in keyed if p[0] is not None]
        present.sort(key=lambda p: p[0], reverse=descending)  # type: ignore[arg-type,return-value]
        rows = [r for _, r in present] + [r for k, r in keyed if k is None]
    return rows


def flatten_rows(
    scope: Scope, rows: list[Row], flatten: tuple[str, str, str], flattened: bool = True
) -> list[Row]:
    """A Dataview FLATTEN: each row once for each value of the expression (a list's items; a row
    whose list is empty is left out), the value its field `name`; then the WHERE after it (not
    `flattened`: that WHERE alone)."""
    made, name, where = flatten
    flat = [] if flattened else rows
    for row in rows if flattened else ():
        value = scope.prop(made, row)
        for item in value if isinstance(value, list) else [value]:
            flat.append(replace(row, properties=row.properties | {name: item}))
    return [r for r in flat if scope.passes(where or None, r)]


def group_rows(scope: Scope, rows: list[Row], view: View) -> list[Row]:
    """A Dataview GROUP BY's groups of the rows, each a row whose `key` is the value they share
    (and `rows` them, in their order), in the order of their keys, then of the SORT after it."""
    groups: dict[Any, tuple[Any, list[Row]]] = {}
    for row in rows:
        key = scope.prop(view.group, row)
        groups.setdefault(group_key(scope, key), (key, []))[1].append(row)
    made = [
        Row(
            members[0].entry,
            {view.group_name: key, "key": key, "rows": members},
            frozenset(),
            group=True,
        )
        for key, members in groups.values()
    ]
    made = dataview_sorted(scope, made, (("key", False),))
    for made_by, name, where, sort in view.group_steps:  # each clause after it, in turn
        if sort:
            made = dataview_sorted(scope, made, sort)
        else:
            made = flatten_rows(scope, made, (made_by, name, where), bool(made_by))
    return made


def dataview_sorted(scope: Scope, rows: list[Row], sort: Sequence[tuple[str, bool]]) -> list[Row]:
    """The rows in the order of a Dataview SORT: by each expression's values as Dataview compares
    them (dataview_compare), descending reversing it; ties keep their order."""
    keyed = [([scope.prop(prop, row) for prop, _ in sort], row) for row in rows]

    def order(a: tuple[list[Any], Row], b: tuple[list[Any], Row]) -> int:
        for (x, y), (_, descending) in zip(zip(a[0], b[0], strict=True), sort, strict=True):
            found = dataview_compare(x, y, scope.link_path)
            if found:
                return -found if descending else found
        return 0

    keyed.sort(key=functools.cmp_to_key(order))
    return [row for _, row in keyed]


def dataview_compare(a: Any, b: Any, path: Callable[[Any], str], depth: int = 0) -> int:
    """Dataview's comparison (Values.compareValue): null first; values of two types by their
    types' names (array, boolean, date, duration, link, number, object, string); numbers as
    numbers, dates as dates, durations by length, links by the path of the note each leads to,
    text by its letters (then their case, as localeCompare), lists item by item then by length,
    objects by their keys then values. (A date here is ISO text, which text beside it is compared
    with as text: `2024-01-02` and `2024-01-01-standup`, two notes' names.)"""
    if a is None or b is None:
        return (a is not None) - (b is not None)
    kind, other = dataview_type(a), dataview_type(b)
    if {kind, other} == {"date", "string"}:  # date text beside text (a note named by its day)
        kind = other = "string"
    if kind != other:
        return -1 if kind < other else 1
    if kind in ("array", "object") and depth < 20:
        return compare_items(a, b, path, depth + 1)
    x: Any
    y: Any
    if kind in ("number", "boolean"):
        x, y = float(a), float(b)
    elif kind == "date":
        x, y = as_when(a), as_when(b)
    elif kind == "duration":
        x, y = a.millis(), b.millis()
    elif kind in ("string", "link"):
        x, y = (
            (text_order(path(a)), text_order(path(b)))
            if kind == "link"
            else (text_order(text_of(a)), text_order(text_of(b)))
        )
    else:
        return 0
    return (x > y) - (x < y) if x is not None and y is not None else 0


def dataview_type(value: Any) -> str:
    """A value's type as Dataview's comparison reads it (a `[[link]]` in a note's fields: a link)."""
    if isinstance(value, str) and is_wikilink(value):
        return "link"
    return type_name(value)


def compare_items(a: Any, b: Any, path: Callable[[Any], str], depth: int) -> int:
    """Two lists item by item, then by length; two objects by their keys, then values."""
    if isinstance(a, dict):
        keys_a, keys_b = sorted(map(str, a)), sorted(map(str, b))
        found = compare_items(keys_a, keys_b, path, depth)
        if found:
            return found
        a, b = [a[k] for k in sorted(a, key=str)], [b[k] for k in sorted(b, key=str)]
    for x, y in zip(a, b, strict=False):
        found = dataview_compare(x, y, path, depth)
        if found:
            return found
    return (len(a) > len(b)) - (len(a) < len(b))


@functools.lru_cache(maxsize=1 << 16)  # (a sort compares each text some log2(n) times)
def text_order(text: str) -> tuple[str, str]:
    """Text in the order localeCompare gives it: by its letters without accents or case, then
    lower case before upper (`apple`, `Apple`, `banana`)."""
    plain = unicodedata.normalize("NFKD", text)
    letters = "".join(c for c in plain if not unicodedata.combining(c)).casefold()
    return (letters, text.swapcase())


def group_key(scope: Scope, value: Any) -> Any:
    """What rows grouped by a value share: a note (its link, or the note itself) by its page."""
    if isinstance(value, list):
        return tuple(group_key(scope, v) for v in value)
    if isinstance(value, Row | Link):
        return ("note", scope.slug_of(value) or link_key(text_of(value)))
    return (
        type(value).__name__,
        value if isinstance(value, str | int | float | bool) else text_of(value),
    )


def group_list_html(scope: Scope, view: View, groups: Sequence[Row], link: NoteLink) -> str:
    """A grouped LIST: each group's key, with what its expression gives (`rows.file.link`: its
    notes) listed under it."""
    items = []
    for group in groups:
        shown = value_html(scope, group.properties["key"], link)
        values = [scope.prop(p, group) for p in view.order if p != "file.name"]
        inner = flat(values)
        nested = "".join(f"<li>{value_html(scope, v, link)}</li>\n" for v in inner if v is not None)
        items.append(
            f"<li>{shown}\n<ul>\n{nested}</ul>\n</li>\n" if nested else f"<li>{shown}</li>\n"
        )
    return f'<ul class="link-list">\n{"".join(items)}</ul>\n'


def sort_key(value: Any) -> tuple[int, float, str] | None:
    if value is None or value == "" or value == []:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return (0, float(value), "")
    if isinstance(value, Duration):  # (after text: by its length)
        return (2, value.millis(), "")
    return (1, 0.0, text_of(value).casefold())


def table_html(scope: Scope, view: View, rows: Sequence[Row], link: NoteLink) -> str:
    head = "".join(f"<th>{escape(column_name(scope.base, p))}</th>" for p in view.order)
    lines = [f"<table data-sortable>\n<thead>\n<tr>{head}</tr>\n</thead>\n<tbody>\n"]
    for row in rows:
        cells = "".join(f"<td>{cell_html(scope, p, row, link)}</td>" for p in view.order)
        lines.append(f"<tr>{cells}</tr>\n")
    lines.append("</tbody>\n</table>\n")
    return "".join(lines)


def calendar_days(scope: Scope, prop: str, rows: Sequence[Row]) -> dict[dt.date, list[Row]]:
    """The notes on each day their date (the CALENDAR's expression) names, in the view's order;
    a note naming no day left out."""
    days: dict[dt.date, list[Row]] = {}
    for row in rows:
        day = row_day(scope, prop, row)
        if day:
            days.setdefault(day, []).append(row)
    return days


def row_day(scope: Scope, prop: str, row: Row) -> dt.date | None:
    value = scope.prop(prop, row)
    day = read_date(text_of(value)) if isinstance(value, str | dt.date) else None
    return day if isinstance(day, dt.date) else None


def calendar_html(scope: Scope, prop: str, rows: Sequence[Row], link: NoteLink) -> str:
    """A Dataview CALENDAR: each month holding a note's day, newest first, as a table of its
    weeks (Monday first) marking each day with a dot for each note on it, and under it the list
    of those days with links to their notes (what a reader, or a screen reader, follows)."""
    days = calendar_days(scope, prop, rows)
    months = sorted({(d.year, d.month) for d in days}, reverse=True)
    return "".join(month_html(year, month, days, link) for year, month in months)


def month_html(year: int, month: int, days: Mapping[dt.date, list[Row]], link: NoteLink) -> str:
    first = dt.date(year, month, 1)
    length = ((first + dt.timedelta(days=31)).replace(day=1) - first).days
    cells = [""] * first.weekday()
    for n in range(1, length + 1):
        notes = days.get(first.replace(day=n), [])
        dots = '<span class="calendar-dot"></span>' * min(len(notes), 5)
        count = f"{len(notes)} note{'s' if len(notes) != 1 else ''}"
        marked = f'<span class="calendar-dots" aria-hidden="true">{dots}</span><span class="visually-hidden">, {count}</span>'
        cells.append(f'<td class="calendar-marked">{n}{marked}</td>' if notes else f"<td>{n}</td>")
    cells += [""] * (-len(cells) % 7)
    weeks = "".join(
        "<tr>" + "".join(c or "<td></td>" for c in cells[i : i + 7]) + "</tr>\n"
        for i in range(0, len(cells), 7)
    )
    head = "".join(f'<th scope="col" abbr="{d}">{d[:2]}</th>' for d in WEEKDAYS)
    listed = []
    for day in sorted(d for d in days if (d.year, d.month) == (year, month)):
        links = ", ".join(link(r.entry.slug, r.entry.title) for r in days[day])
        listed.append(
            f'<li><time datetime="{day.isoformat()}">{day.day} {MONTHS[month - 1]}</time>: {links}</li>\n'
        )
    return (
        f'<div class="calendar-month">\n<table class="calendar">\n'
        f"<caption>{MONTHS[month - 1]} {year}</caption>\n"
        f"<thead>\n<tr>{head}</tr>\n</thead>\n<tbody>\n{weeks}</tbody>\n</table>\n"
        f'<ul class="calendar-notes">\n{"".join(listed)}</ul>\n</div>\n'
    )


def list_html(scope: Scope, view: View, rows: Sequence[Row], link: NoteLink) -> str:
    """The notes listed; a Dataview `LIST x`'s value of each after its note, as Dataview shows it
    (`LIST WITHOUT ID x`: the value alone)."""
    values = [p for p in view.order if p != "file.name"] if view.list_values else []
    items = []
    for row in rows:
        shown = view.order[0] == "file.name" or not values  # (WITHOUT ID: the value alone)
        parts = [link(row.entry.slug, row.entry.title)] if shown else []
        parts += [value_html(scope, scope.prop(p, row), link) for p in values]
        items.append(f"<li>{': '.join(parts)}</li>\n")
    return f'<ul class="link-list">\n{"".join(items)}</ul>\n'


def column_name(base: Base, prop: str) -> str:
    """A column's header: its `displayName` (a note's property named with `note.` or without),
    else the property's own name."""
    bare = prop.removeprefix("note.")
    named = next((base.names[k] for k in (prop, bare, f"note.{bare}") if k in base.names), None)
    if named is not None:
        return named
    return "Name" if prop == "file.name" else bare.removeprefix("formula.").removeprefix("file.")


def cell_html(scope: Scope, prop: str, row: Row, link: NoteLink) -> str:
    if prop == "file.name" and row.group:  # a group's first column: its key
        return value_html(scope, row.properties["key"], link)
    if prop in ("file.name", "file.basename"):
        return link(row.entry.slug, row.entry.title)
    return value_html(scope, scope.prop(prop, row), link)


def value_html(scope: Scope, value: Any, link: NoteLink) -> str:
    """A cell's value: a link (or `[[Note]]` text) to a note as a link to its page; in a
    Dataview query's view, text holding HTML (`"<mark>" + x + "</mark>"`) as a note's is."""
    if isinstance(value, list):
        return ", ".join(value_html(scope, v, link) for v in value)
    if scope.html and has_markup(value):
        return markup_html(scope, value, link)
    if isinstance(value, Joined):
        return escape(value.separator).join(value_html(scope, v, link) for v in value.items)
    if isinstance(value, Row):
        return link(value.entry.slug, value.entry.title)
    if isinstance(value, WebLink):
        return web_link_html(value)
    if isinstance(value, Link) or (isinstance(value, str) and is_wikilink(value)):
        slug = scope.slug_of(value)
        shown = value.display if isinstance(value, Link) and value.display else ""
        shown = shown or shown_name(value.target if isinstance(value, Link) else value)
        return link(slug, shown) if slug else unwritten_html(value, shown)
    return escape(text_of(value))


# where a value of a query's text stands in the text read as HTML (markup_html): characters of
# Unicode's private use area, taken out of the text first
_SLOT_START, _SLOT_END = "\ue000", "\ue001"
_SLOT = re.compile(f"{_SLOT_START}(\\d+){_SLOT_END}")
_SLOTS = re.compile(f"[{_SLOT_START}{_SLOT_END}]")
_URL_SCHEME = re.compile(r"[a-z][a-z0-9+.-]*:", re.I)
_SIZED = re.compile(r"(.*?)(?:\|(\d+)(?:x(\d+))?)?", re.S)  # an image's label: `alt|300x200`


def has_markup(value: Any) -> bool:
    """Whether a value is text (or text joined with links) that may hold an HTML tag."""
    if isinstance(value, Joined):
        return "<" in value.separator or any(has_markup(v) for v in value.items)
    return isinstance(value, str) and "<" in value


def markup_parts(value: Any) -> Iterable[Any]:
    """A value's text and the other values (links) between it, in order."""
    if isinstance(value, Joined):
        for n, item in enumerate(value.items):
            if n and value.separator:
                yield value.separator
            yield from markup_parts(item)
    else:
        yield value


def markup_html(scope: Scope, value: Any, link: NoteLink) -> str:
    """Text of a Dataview query's value as Dataview shows it, its inline HTML (`<span …>`,
    `<mark>`, `<br>`, `<img src>`) as a note's raw HTML is: sanitised by rawhtml, so what it
    keeps stays (no attribute but those it allows: a `style` is left out) and nothing that could
    run or load something does; the links joined with the text in their places."""
    text, shown = "", list[str]()
    for part in markup_parts(value):
        if isinstance(part, str):
            text += _SLOTS.sub("", part)
        else:
            text += f"{_SLOT_START}{len(shown)}{_SLOT_END}"
            shown.append(value_html(scope, part, link))
    left_open: list[str] = []
    pieces = sanitise(text, 0, left_open)
    pieces += [f"</{tag}>" for tag in reversed(left_open)]  # a container it leaves open
    html = []
    for piece in pieces:
        if isinstance(piece, RawLink):
            html.append(raw_link_html(piece))
        elif piece.startswith("<"):  # a tag: a link's place is in text only
            html.append(_SLOTS.sub("", _SLOT.sub("", piece)))
        else:
            html.append(_SLOT.sub(lambda m: shown[int(m.group(1))], piece))
    return "".join(html)


def raw_link_html(raw: RawLink) -> str:
    """An `<a href>` or `<img src>` of a query's text, its URL one rawhtml allows: a page's or
    an image's on the web; one of the vault's files (which a view does not resolve), its text."""
    href = _SLOTS.sub("", _SLOT.sub("", raw.href))
    external = _URL_SCHEME.match(href) is not None
    if not raw.image:
        return f'<a href="{escape(href)}">' if external else "<a>"
    label = _SIZED.fullmatch(_SLOTS.sub("", _SLOT.sub("", raw.label)))
    alt, width, height = label.groups("") if label else ("", "", "")
    if not external:
        return escape(alt, quote=False)
    sized = (f' width="{width}"' if width else "") + (f' height="{height}"' if height else "")
    return f'<img src="{escape(href)}" alt="{escape(alt)}"{sized} loading="lazy">'


def web_link_html(value: WebLink) -> str:
    """`elink(url, display)` as Dataview shows it, a link to the page; an address of another
    scheme than http(s) or mailto (`javascript:`), or none, its text alone."""
    shown = escape(value.display or value.url, quote=False)
    url = value.url.strip()
    return f'<a href="{escape(url)}">{shown}</a>' if SAFE_SCHEME.match(url) else shown


def unwritten_html(value: Link | str, shown: str) -> str:
    """A link to no note, as the site shows one in a note (linktags.link_tag); one to a file
    (`[[map.pdf]]`) or a page (`link("https://…")`), its text."""
    written = shown_name(value.target if isinstance(value, Link) else value)
    if not link_key(written) or re.search(r"\.(?!md$)\w+$|:", written):
        return escape(shown)
    title = escape(f"No note named “{written}” yet")
    return f'<a class="wikilink unresolved" title="{title}">{escape(shown)}</a>'


def shown_name(target: str) -> str:
    """`[[Folder/Kevin Kelly|KK]]` -> `KK`; `[[Kevin Kelly]]` -> `Kevin Kelly`."""
    m = _WIKILINK.match(target)
    name, alias = (m.group(1), m.group(2)) if m else (target, None)
    return alias or name.rsplit("/", 1)[-1].removesuffix(".md")


class BaseRows:
    """The views of a site's bases, as its notes embed them: the notes read (once, when a view
    is first asked for) and each base's file read once."""

    def __init__(
        self,
        index: SiteIndex,
        link: NoteLink,
        body: Callable[[Entry], str] = lambda e: e.body_html,
    ) -> None:
        self.index, self.link, self.body = index, link, body
        self.bases: dict[str, Base | None] = {}
        self.kept = Kept()  # what its views read alike

    @functools.cached_property
    def tasks(self) -> list[Row]:
        """The notes' tasks, read once, when a TASK query first asks for them."""
        return task_rows(self.rows.values(), self.body)

    @functools.cached_property
    def names(self) -> dict[str, str]:
        return note_names(self.index.entries)

    @functools.cached_property
    def rows(self) -> dict[str, Row]:
        made = base_rows(self.index.entries, self.index.outlinks, self.index.backlinks)
        return {row.entry.slug: row for row in made}

    def view(self, path: str, view_name: str, this: Entry) -> str:
        """The view of the base at `path` the note `this` embeds (its name, when none can be
        read there)."""
        if path not in self.bases:
            file = self.index.attachments.get(path)
            self.bases[path] = read_or_none(file.text) if file and file.kind == "base" else None
        base = self.bases[path]
        if base is None:  # reported by base_diagnostics
            shown = escape(path.rsplit("/", 1)[-1].removesuffix(".base"))
            title = "An Obsidian base that cannot be shown"
            return f'<span class="embed unresolved" title="{title}">Base: {shown}</span>'
        return self.shown(base, view_name, this)

    def inline(self, yaml_text: str, written: str, this: Entry) -> str:
        """The first view of a ```base block of the note `this` (the block as `written`, when
        its YAML is no base)."""
        base = read_or_none(yaml_text)
        return written if base is None else self.shown(base, "", this)

    def shown(self, base: Base, view_name: str, this: Entry) -> str:
        here = self.rows.get(this.slug) or base_rows([this], {})[0]
        return view_html(
            base,
            view_name,
            self.rows,
            here,
            self.names,
            self.link,
            lambda: self.tasks,
            self.kept,
        )


def read_or_none(text: str) -> Base | None:
    try:
        return read_base(text)
    except ValueError:  # reported by base_diagnostics
        return None
