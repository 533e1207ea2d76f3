"""A Dataview query (a ```dataview block: the plugin's DQL) -> the Obsidian base showing the same
notes (pure), which the build then shows as it shows a ```base block (bases.py).

Read: `TABLE [WITHOUT ID] expr [AS "Name"], …`, `LIST` and `TASK`; `FROM` sources (`#tag`, `"folder"`,
`[[Note]]`: the notes linking to it, `outgoing([[Note]])`: the notes it links to, `[[]]` the
note holding the query; joined by `and`, `or`, `-` or `!`, parentheses); `WHERE expr`;
`SORT expr [ASC|DESC], …`; `LIMIT n`. An expression is DQL's, its words put into the bases'
language: `=` is `==`, `and`/`or` are `&&`/`||`, `file.name` is the name without `.md`
(`file.basename`), `file.link` the note, `file.outlinks` its links, `file.ctime`/`file.mtime` the
dates the note says (bases.file_date). `GROUP BY expr [AS name]` (one) makes the view's rows
its groups (bases.group_rows); `FLATTEN expr [AS name]` a row for each
of its values (bases.flatten_rows), a WHERE or SORT after it theirs, another FLATTEN a row for
each value of each of them; each WHERE, FLATTEN and SORT after GROUP BY is of the rows the
clause before it made, in the order written (`GROUP BY x FLATTEN rows.y AS y SORT y DESC`), two
WHEREs before it both. A SORT orders values as Dataview compares them (bases.dataview_compare). `LIST expr` shows each note's value after it. A string is Dataview's (`\\"` a
quote, `\\\\` a backslash, any other backslash kept: `"\\d"` is the pattern `\\d`), and the
patterns of `regexmatch`, `regextest` and `regexreplace` are run by jsregex.py, in bounded time
(a pattern it does not run is the warning). `meta(link)` reads a link's path, alias, part,
kind and embedding, `link(path, display)` shows its display, `embed(link)` is the link as an
embed (shown as the link), `choice(test, a, b)` is `if`, and a link's fields (`link.file`,
`link.rating`) are those of the note it leads to. A lambda, `(x) => expr`, is read by `map`,
`filter`, `all`, `any`, `none`, `reduce` and `sort` (bases.Scope.list_function), an object,
`{ "Drama": 1 }`, by key (`obj[x]`, `obj.key`). `dur(3 days)` and `date(2024-01-05)` are read
as the literals they are (durations.py), and a name may hold a hyphen (`wake-up`), read by key. `CALENDAR expr` is a view of type
`calendar`: each month holding a note's date, a month's table marking its days (bases.calendar_html).
Not read: what the bases' language does not read, and a query on the day of the build
(`date(today)`, `date(now)`: the site would change from one day to the next while its notes do
not): the block then stays as written, with a warning."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from notebase.linking.durations import read_duration

# a clause's keyword, starting a word outside strings, links and tags (`#dv/flatten`), any case,
# not a call (`sort(list, (x) => x)`)
_CLAUSE = re.compile(r"(?<![#/\w])(FROM|WHERE|SORT|LIMIT|GROUP\s+BY|FLATTEN)\b(?!\()", re.I)
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|\[\[[^\]]*\]\]')
_WORDS = {"and": "&&", "or": "||"}  # DQL's, any case
# the fields of a note's `file` in Dataview (any other is null there)
_DATAVIEW_FILE = frozenset(
    {
        "name", "folder", "path", "ext", "link", "size", "ctime", "cday", "mtime", "mday", "tags",
        "etags", "inlinks", "outlinks", "aliases", "tasks", "lists", "frontmatter", "day", "starred",
    }
)  # fmt: skip
# DQL's file fields in the bases' language; its file times are the note's dates (bases.file_date)
_FILE_FIELDS = {
    "file.name": "file.basename", "file.link": "file", "file.outlinks": "file.links",
    "file.inlinks": "file.inlinks", "file.etags": "file.tags", "file.tags": "file.tagLevels",
    "file.ctime": "file.cday", "file.cday": "file.cday", "file.mtime": "file.mday",
    "file.mday": "file.mday", "file.day": "file.day",
}  # fmt: skip
# a name starts with a letter of any script or _ (`rating`, `时间`, `año`), as Dataview's do
# (a name may hold a hyphen, `wake-up`, as Dataview's do; `dur(3 days)` and `date(2024-01-05)`
# are literals, read whole)
_EXPRESSION_TOKEN = re.compile(
    r'"(?:[^"\\]|\\.)*"|\[\[[^\]]*\]\]|(?<![\w.])(?:dur\([^()"]*\)|date\(\s*\d{4}-\d{2}[^()"\s]*\s*\))'
    r"|\d+(?:\.\d+)?|[^\W\d](?:[\w-]*\w)?(?:\.[^\W\d](?:[\w-]*\w)?)*|=>|!=|<=|>=|==|=|\S"
)
# a name's part up to its first `file.` (`x.file.link`: `x.`), and the rest
_FILE_OF = re.compile(r"((?:[^\W\d]\w*\.)*?)(file\..*)")
_SOURCE_TOKEN = re.compile(
    r'\s*([-!]?)(#[^\s()]+|"(?:[^"\\]|\\.)*"|\[\[[^\]]*\]\]|outgoing\(\s*\[\[[^\]]*\]\]\s*\)'
    r"|\(|\)|and\b|or\b|\S+)",
    re.I,
)


# a TASK query's GROUP BY read (the note, which a TASK query shows its tasks under), and what of
# a task is not read (its children and place in the note)
_BY_NOTE = re.compile(r"\(?\s*file(?:\.(?:link|name|path|file))?\s*\)?(?:\s+AS\s+\S+)?\s*$", re.I)
_TASK_UNREAD = re.compile(
    r"(?<![.\w])(?:fullyCompleted|children|subtasks|parent|line|lineCount|visual|"
    r"annotated|outlinks|blockId)\b"
)


# a date of the day the site is built (which would change the site from day to day), reckoned
# from too (`date(today - 7 days)`, as a note may write the week before it)
_TODAY = re.compile(
    r"\bdate\s*\(\s*(?:today|now|tomorrow|yesterday|[se]o[wmy])\b[^()]*\)"
    r"|\b(?:now|today)\s*\(\s*\)",
    re.I,
)


GroupStep = tuple[str, str, str, tuple[tuple[str, bool], ...]]


class NotRead(Exception):
    """What of a query this reading leaves out (the message names it)."""


@dataclass(frozen=True, slots=True)
class Query:
    kind: str  # table | list
    columns: tuple[tuple[str, str], ...]  # (expression in the bases' language, its name)
    with_id: bool
    source: str  # a filter statement, or ""
    where: str
    sort: tuple[tuple[str, bool], ...]  # (expression, descending)
    limit: int
    group: tuple[str, str] = ("", "")  # GROUP BY's (expression, name): "" when not grouped
    # each FLATTEN's (expression, name, WHERE after it), in order: each of the rows the last made
    flatten: tuple[tuple[str, str, str], ...] = ()
    sort_flattened: bool = False  # its SORT is after a FLATTEN (else before): of the rows it made
    # each clause after GROUP BY, in the order written, each of the rows the last made: a FLATTEN
    # (expression, name, "", ()), WHERE ("", "", expression, ()) or SORT ("", "", "", its sort)
    group_steps: tuple[GroupStep, ...] = ()


def dataview_base(text: str) -> str:
    """The base (as JSON, which YAML reads) that shows what the query shows (NotRead: one this
    reading leaves out)."""
    query = read_query(text)
    filters = [f for f in (query.source, query.where) if f]
    order = ["file.name"] if query.with_id else []
    order += [expression for expression, _ in query.columns]
    names = {"file.name": {"displayName": "File"}}
    names |= {expression: {"displayName": name} for expression, name in query.columns}
    view: dict[str, object] = {
        "type": query.kind,
        "name": "",
        "order": order,
        "sort": [{"property": e, "direction": "DESC" if d else "ASC"} for e, d in query.sort],
        "dataviewHtml": True,  # its values' inline HTML shown, as Dataview shows it
    }
    if query.limit:
        view["limit"] = query.limit
    if query.kind == "list" and query.columns:  # each note's value shown (bases.list_html)
        view["dataviewValues"] = True
    if query.group[0]:  # its rows are the groups (bases.group_rows), the first column their key
        names["file.name"] = {"displayName": query.group[1]}
        view["dataviewGroup"] = {"property": query.group[0], "name": query.group[1]}
    if query.flatten:  # a row for each of its values (bases.flatten_rows)
        view["dataviewFlatten"] = [
            {"property": made, "name": name, "filter": where} for made, name, where in query.flatten
        ]
        view["dataviewSortFlattened"] = query.sort_flattened
    if query.group_steps:  # of the groups, in the order written (bases.group_rows)
        view["dataviewGroupSteps"] = [
            {"property": made, "name": name, "filter": where}
            | (
                {"sort": [{"property": e, "direction": "DESC" if d else "ASC"} for e, d in sort]}
                if sort
                else {}
            )
            for made, name, where, sort in query.group_steps
        ]
    base = {"filters": {"and": filters}, "properties": names, "views": [view]}
    return json.dumps(base, ensure_ascii=False)


def read_query(text: str) -> Query:
    head, clauses = split_clauses(text)
    today = _TODAY.search(_QUOTED.sub('""', text))
    if today:  # (a site built twice from the same notes is the same site)
        raise NotRead(f"`{today.group(0)}`, the day of the build")
    words = head.split(None, 1)
    kind = words[0].upper() if words else ""
    if kind not in ("TABLE", "LIST", "TASK", "CALENDAR"):
        raise NotRead(f"the query type {kind}" if kind else "no query type")
    rest = words[1] if len(words) > 1 else ""
    if kind == "TASK":
        clauses = task_clauses(rest, clauses)
    with_id = not re.match(r"WITHOUT\s+ID\b", rest, re.I)
    rest = rest if with_id else re.sub(r"^WITHOUT\s+ID\b", "", rest, flags=re.I)
    columns = tuple(read_column(c) for c in split_top(rest)) if kind == "TABLE" else ()
    if kind == "CALENDAR":
        columns, with_id = calendar_column(rest, clauses), False
    found = dict.fromkeys(("FROM", "WHERE", "SORT", "LIMIT", "GROUP BY"), "")
    flattens: list[list[str]] = []  # each FLATTEN, and the WHERE after it
    sorted_flat = False  # a SORT after a FLATTEN: of its rows
    grouped: list[tuple[str, str]] = []  # each FLATTEN, WHERE and SORT after GROUP BY, in order
    for name, body in clauses:
        if name in ("WHERE", "FLATTEN", "SORT") and found["GROUP BY"]:
            grouped.append((name, body))
            continue
        if name == "FLATTEN" or (name == "WHERE" and flattens):
            flattens = flatten_clause(name, body, flattens)
            continue
        if name == "WHERE" and found["WHERE"]:  # each applies in turn: both
            found["WHERE"] = f"({found['WHERE']}) and ({body})"
            continue
        sorted_flat = sorted_flat or (name == "SORT" and bool(flattens))
        if name not in found or found[name]:
            raise NotRead(name if name not in found else f"{name} twice")
        found[name] = body
    if kind == "LIST" and rest.strip():  # `LIST L.text`, `LIST rows.file.link GROUP BY x`
        columns = (read_column(rest),)
    return Query(
        kind.lower(),
        columns,
        with_id,
        read_source(found["FROM"]) if found["FROM"] else "",
        expression(found["WHERE"]) if found["WHERE"] else "",
        tuple(read_sort(s) for s in split_top(found["SORT"])),
        read_limit(found["LIMIT"]),
        read_column(found["GROUP BY"]) if found["GROUP BY"] else ("", ""),
        tuple(read_flatten(text, where) for text, where in flattens),
        sorted_flat,
        tuple(group_step(name, body) for name, body in grouped),
    )


def group_step(name: str, body: str) -> GroupStep:
    """A clause after GROUP BY as the step it is of the groups (bases.group_rows)."""
    if name == "FLATTEN":
        return (*read_flatten(body, ""), ())
    if name == "WHERE":
        return ("", "", expression(body), ())
    return ("", "", "", tuple(read_sort(s) for s in split_top(body)))


def flatten_clause(name: str, body: str, flattens: list[list[str]]) -> list[list[str]]:
    """The FLATTENs read so far, with this FLATTEN or the WHERE after the last (a second WHERE
    after it: both, as each applies in turn)."""
    if name == "FLATTEN":
        return [*flattens, [body, ""]]
    where = f"({flattens[-1][1]}) and ({body})" if flattens[-1][1] else body
    return [*flattens[:-1], [flattens[-1][0], where]]


def read_flatten(text: str, where: str) -> tuple[str, str, str]:
    """`FLATTEN file.tags AS tag` -> (`file.tags`, `tag`, the WHERE after it, of its rows)."""
    made, name = read_column(text)
    if not re.fullmatch(r"[^\W\d]\w*", name):  # a name the rows' field can be read by
        raise NotRead(f"FLATTEN {text}")
    return (made, name, expression(where) if where else "")


def calendar_column(rest: str, clauses: list[tuple[str, str]]) -> tuple[tuple[str, str]]:
    """A CALENDAR query's one expression, the date each note is shown on (NotRead: none, or a
    GROUP BY, which a calendar has no place for)."""
    if not rest.strip() or len(split_top(rest)) != 1:
        raise NotRead(f"CALENDAR {rest.strip()}".strip())
    if any(name == "GROUP BY" for name, _ in clauses):
        raise NotRead("GROUP BY in a CALENDAR query")
    return ((expression(rest), "date"),)


def task_clauses(rest: str, clauses: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A TASK query's clauses, each of its tasks read with the fields of its note and its own
    (bases.task_rows): `completed` (`[x]`), `checked` (any mark), `status` (the mark), `text`,
    `tags`, its dates and `section` (a link to the heading it is under); a GROUP BY by note left
    out, as the query shows its tasks under their note anyway (NotRead: what of a task is not
    read)."""
    if rest.strip():
        raise NotRead(f"TASK {rest.strip()}")
    for _, body in clauses:
        unread = _TASK_UNREAD.search(_QUOTED.sub('""', body))
        if unread:
            raise NotRead(f"`{unread.group(0)}`")
    return [
        (name, body) for name, body in clauses if name != "GROUP BY" or not _BY_NOTE.match(body)
    ]


def split_clauses(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The query's head (TABLE …) and its clauses, each (keyword, what follows it)."""
    hidden = _QUOTED.sub(lambda m: "_" * len(m.group(0)), text)  # keywords in strings are none
    starts = [
        (m.start(), m.end(), " ".join(m.group(1).upper().split())) for m in _CLAUSE.finditer(hidden)
    ]
    head = text[: starts[0][0]] if starts else text
    clauses = []
    for i, (_, end, name) in enumerate(starts):
        stop = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        clauses.append((name, text[end:stop].strip()))
    return head.strip(), clauses


def split_top(text: str) -> list[str]:
    """`a, f(b, c), "d, e"` -> its parts at the commas outside brackets and strings."""
    parts, depth, start, quoted = [], 0, 0, False
    for i, char in enumerate(text):
        if char == '"' and text[i - 1 : i] != "\\":
            quoted = not quoted
        elif not quoted and char in "([{":
            depth += 1
        elif not quoted and char in ")]}":
            depth -= 1
        elif not quoted and depth == 0 and char == ",":
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def read_column(text: str) -> tuple[str, str]:
    """`rating AS "My rating"` -> ("rating", "My rating"); a column unnamed is named as written."""
    m = re.match(r'(.*?)\s+AS\s+(?:"((?:[^"\\]|\\.)*)"|(\S+))\s*$', text, re.I | re.S)
    written, name = (m.group(1), m.group(2) or m.group(3)) if m else (text, text)
    return expression(written), name


def read_sort(text: str) -> tuple[str, bool]:
    m = re.match(r"(.*?)\s+(ASC|DESC|ASCENDING|DESCENDING)\s*$", text, re.I | re.S)
    if m is None:
        return expression(text), False
    return expression(m.group(1)), m.group(2).upper().startswith("DESC")


def read_limit(text: str) -> int:
    if not text:
        return 0
    if not text.strip().isdigit():
        raise NotRead(f"LIMIT {text.strip()}")
    return int(text)


def expression(text: str) -> str:
    """A DQL expression in the bases' language."""
    out = []
    for token in _EXPRESSION_TOKEN.findall(text):
        if token == "=":
            out.append("==")
        elif token.startswith('"'):
            out.append(literal(dql_string(token)))
        elif token.startswith("[["):  # a link: `author = [[Kevin Kelly]]`
            out.append(f"link({literal(link_target(token))})")
        elif token.lower() in _WORDS:
            out.append(_WORDS[token.lower()])
        elif (
            token.endswith(")") and token[:1].isalpha()
        ):  # `dur(3 days)`, `date(2024-01-05)`: a literal
            out.append(literal_call(token))
        else:
            out.append(hyphenated(file_field(token)))
    return " ".join(out)


def literal_call(token: str) -> str:
    """`dur(3 days)` -> `dur("3 days")`, `date(2024-01-05)` -> `date("2024-01-05")`; `dur(x)`,
    no duration written, the function of the field x."""
    name, _, inner = token[:-1].partition("(")
    if name == "date" or read_duration(inner) is not None:
        return f"{name}({literal(inner.strip())})"
    return f"{name}({expression(inner)})"


def hyphenated(name: str) -> str:
    """`wake-up` -> `note["wake-up"]`, `x.go-to-sleep` -> `x["go-to-sleep"]`: a name holding a
    hyphen, which the bases' language reads as a minus, read by key."""
    if "-" not in name or (not name[:1].isalpha() and name[:1] != "_"):
        return name
    parts = name.split(".")
    head = parts[0] if "-" not in parts[0] else f"note[{literal(parts[0])}]"
    return head + "".join(f"[{literal(p)}]" if "-" in p else f".{p}" for p in parts[1:])


def dql_string(token: str) -> str:
    """A DQL string's text: `\\"` is `"` and `\\\\` is `\\`, as in Dataview, and any other
    backslash is kept (`"\\d{4}"` is the pattern `\\d{4}`, as `"\\\\d{4}"` is)."""
    return re.sub(r"\\(.)", keep_escape, token[1:-1], flags=re.S)


def keep_escape(m: re.Match[str]) -> str:
    return m.group(1) if m.group(1) in '"\\' else m.group(0)


def file_field(token: str) -> str:
    """`file.name` -> `file.basename` (DQL's file.name is without `.md`), `this.file.link` ->
    `this.file` (and so of any note's file: `rows.file.link`, a lambda's `x.file.link`),
    `file.frontmatter.x` -> `note.x`, `file.aliases` -> `aliases`; a field no note's `file` has
    in Dataview (`file.creation_date`) is null, as Dataview reads it."""
    m = _FILE_OF.match(token)
    if m:
        prefix, field = m.group(1), m.group(2)
        if field in _FILE_FIELDS:
            return prefix + _FILE_FIELDS[field]
        name, _, rest = field.removeprefix("file.").partition(".")
        if name == "frontmatter":
            return (prefix or "note.") + rest if rest else prefix.removesuffix(".") or "note"
        if name == "aliases":
            return prefix + "aliases" + (f".{rest}" if rest else "")
        if name not in _DATAVIEW_FILE:
            return "null"
    return token


def read_source(text: str) -> str:
    """A FROM clause as a filter statement: `#books and -"Archive"` ->
    `file.hasTag("books") && !file.inFolder("Archive")`."""
    out = []
    for negated, token in _SOURCE_TOKEN.findall(text):
        lower = token.lower()
        if token in ("(", ")"):
            out.append(token)
        elif lower in ("and", "or"):
            out.append(_WORDS[lower])
        else:
            out.append(("!" if negated else "") + source_statement(token))
    return " ".join(out)


def link_target(token: str) -> str:
    """`[[Books#Part|my books]]` -> `Books`."""
    return token[2:-2].split("|", 1)[0].split("#", 1)[0].strip()


def source_statement(token: str) -> str:
    if token.startswith("#"):
        return f"file.hasTag({literal(token[1:])})"
    if token.startswith('"'):
        return f"file.inFolder({token})"
    if token.startswith("[["):  # the notes linking to it
        return f"file.hasLink({link_value(token)})"
    if token.lower().startswith("outgoing("):  # the notes it links to
        return f"file.inlinks.contains({link_value(token[token.index('[[') : token.rindex(']]') + 2])})"
    raise NotRead(f"the source {token}")


def link_value(token: str) -> str:
    """`[[Books]]` -> `link("Books")`; `[[]]`, the note holding the query, -> `this.file`."""
    target = link_target(token)
    return f"link({literal(target)})" if target else "this.file"


def literal(text: str) -> str:
    """A string in the bases' language: `"Domäne"` (its letters as written: the language reads
    no `\\u` escapes)."""
    return json.dumps(text, ensure_ascii=False)
