"""Mermaid entity-relationship diagrams (a ```mermaid block starting `erDiagram`) drawn at build
time as the flowcharts they are (mermaid.py's Chart): each entity a box of its name and, under a
line, its attributes, a row each; each relationship a link with its label, solid when it is
identifying and dashed when not, its two cardinalities drawn in crow's-foot notation at its ends
(next to the entity its most, a bar for one or a crow's foot for many; then its least, a bar for
one or a ring for none), as Mermaid and most ER diagrams draw them.

Read: relationships (`A ||--o{ B : label`: the ends `|o`, `||`, `}o`, `}|` and their mirrors
`o|`, `o{`, `|{`, on either side; `--` or `..` between, spaces or none; the words the docs list
for them, `only one`, `zero or one`, `one or more`, `zero or more`, `1`, `1+`, `0+`, `many(0)`...,
and `to`, `optionally to`; a label quoted, `""` for none, or unquoted), entities alone on a line
or with a `{ ... }` block of attributes (`type name`, then keys `PK`, `FK`, `UK` comma-separated
and a quoted comment: a row as written, the comment in quotes), names quoted (`"name with
space"`, markdown marks left out) or not, aliases (`p[Person]`, `a["Customer Account"]`, drawn
instead of the name), `direction`. Read past: `:::class`, `classDef`, `class`, `style`,
`accTitle`, `accDescr` (a line or a `{ ... }` block), `%%` comments, a `---` title. Anything else
(a relationship without both its cardinalities or its second entity, an attribute that is not
`type name`, a block never closed) leaves the diagram its code.
"""

from __future__ import annotations

import re

from notebase.markdown.mermaid import (
    DIRECTION,
    MOST_LINKS,
    MOST_NODES,
    Chart,
    Link,
    Node,
    Unread,
    chart_svg,
    diagram_lines,
    direction_of,
    figure,
    label_lines,
)

# a cardinality as written -> the end mermaid.py draws (crow's foot: the most, then the least)
CARDINALITIES = {
    "|o": "zero-or-one",
    "o|": "zero-or-one",
    "||": "only-one",
    "}o": "zero-or-more",
    "o{": "zero-or-more",
    "}|": "one-or-more",
    "|{": "one-or-more",
    "one or zero": "zero-or-one",
    "zero or one": "zero-or-one",
    "one or more": "one-or-more",
    "one or many": "one-or-more",
    "many(1)": "one-or-more",
    "1+": "one-or-more",
    "zero or more": "zero-or-more",
    "zero or many": "zero-or-more",
    "many(0)": "zero-or-more",
    "0+": "zero-or-more",
    "only one": "only-one",
    "1": "only-one",
}
_HEADER = re.compile(r"erDiagram\s*$")
_NAME = r'"[^"]*"|[^\W\d]\w*(?:-\w+)*'  # (letters, digits, `_`, hyphens between them)
_ALIAS = r'"[^"]*"|[^\]"]*?'  # (in brackets after the name)
_CLASSES = r":::[\w-]+(?:,[\w-]+)*"
_ENTITY = rf"(?:{_NAME})(?:\[\s*(?:{_ALIAS})\s*\])?(?:{_CLASSES})?"
_PARTS = re.compile(rf"({_NAME})(?:\[\s*({_ALIAS})\s*\])?(?:{_CLASSES})?")
_SYMBOLS = "|".join(re.escape(c) for c in CARDINALITIES if set(c) & set("|{}"))
_WORDS = "|".join(
    re.escape(c).replace(r"\ ", r"\s+")
    for c in sorted(CARDINALITIES, key=len, reverse=True)
    if not set(c) & set("|{}")
)
_CARD = rf"(?:{_SYMBOLS}|(?<=\s)(?i:{_WORDS})(?=\s))"
_RELATIONSHIP = re.compile(
    rf"({_ENTITY})\s*({_CARD})\s*(--|\.\.|(?<=\s)(?i:optionally\s+to|to)(?=\s))\s*({_CARD})\s*"
    rf"({_ENTITY})\s*(?::\s*(.*))?$"
)
_DECLARED = re.compile(rf"({_ENTITY})\s*(?:(\{{)\s*(\}})?)?\s*$")
_TYPE = r"[^\W\d][\w\-()\[\]]*"
_ATTRIBUTE = re.compile(
    rf'({_TYPE})\s+(\*?{_TYPE})(?:\s+((?:PK|FK|UK)(?:\s*,\s*(?:PK|FK|UK))*))?(?:\s+"([^"]*)")?\s*$'
)
_PAST = re.compile(r"(?:classDef|class|style)\s+\S")
_MARKS = re.compile(r"\*\*|__|(?<!\w)[*_]|[*_](?!\w)")  # markdown's, in a quoted name


def er_html(source: str) -> str | None:
    """The entity-relationship diagram `source` drawn as a figure holding its SVG; None when it is
    none this reader reads (its code block then stands)."""
    return figure(
        lambda chart: chart_svg(chart, what="Entity relationship diagram"), read_er, source
    )


def read_er(source: str) -> Chart:
    lines = diagram_lines(source, trailing_comments=True)
    if not lines or not _HEADER.match(lines[0]):
        raise Unread("no entity-relationship diagram")
    chart = Chart("TB")
    body: Node | None = None  # the entity whose `{ ... }` the lines are in
    for line in lines[1:]:
        if body is not None:
            if line == "}":
                body = None
            else:
                add_attribute(body, line)
        else:
            body = read_line(chart, line)
    if body is not None:
        raise Unread("an entity's attributes never closed")
    if not chart.nodes or len(chart.nodes) > MOST_NODES or len(chart.links) > MOST_LINKS:
        raise Unread("no entity, or too many")
    return chart


def read_line(chart: Chart, line: str) -> Node | None:
    """Read one line outside an entity's block; the entity whose block it opens, if it opens one."""
    if (found := DIRECTION.match(line)) is not None:
        chart.direction = direction_of(found.group(1))
    elif (found := _RELATIONSHIP.match(line)) is not None:
        start, end = entity(chart, found.group(1)), entity(chart, found.group(5))
        tail, head = (CARDINALITIES[" ".join(found.group(i).lower().split())] for i in (2, 4))
        line_kind = "solid" if found.group(3) in ("--", "to") else "dotted"
        text = shown(found.group(6) or "")
        chart.links.append(Link(start.id, end.id, text, line_kind, head, tail))
    elif _PAST.match(line):
        pass
    elif (found := _DECLARED.match(line)) is not None:
        node = entity(chart, found.group(1))
        return node if found.group(2) and not found.group(3) else None
    else:
        raise Unread(f"not read: {line!r}")
    return None


def entity(chart: Chart, written: str) -> Node:
    """The entity `written` names (`NAME`, `"a name"`, `p[Person]`: made when new, its alias the
    text it is drawn with)."""
    parts = _PARTS.fullmatch(written)
    if parts is None:  # (cannot be: `written` matched _ENTITY)
        raise Unread(f"no entity: {written!r}")
    name = " ".join(shown(parts.group(1)))
    if not name:
        raise Unread("an entity of no name")
    node = chart.nodes.get(name)
    if node is None:
        node = chart.nodes[name] = Node(name, (name,), "class", sections=((name,),))
    if parts.group(2) is not None:
        alias = shown(parts.group(2))
        node.lines = alias
        node.sections = (alias, *node.sections[1:])
    return node


def add_attribute(node: Node, line: str) -> None:
    """A line of an entity's block: `type name`, then its keys and its comment if it has them."""
    found = _ATTRIBUTE.match(line)
    if found is None:
        raise Unread(f"not an attribute: {line!r}")
    kind, name, keys, comment = found.groups()
    row = f"{kind} {name}"
    if keys:
        row += " " + ", ".join(key.strip() for key in keys.split(","))
    if comment and comment.strip():
        row += f" “{' '.join(comment.split())}”"
    rows = node.sections[1] if len(node.sections) > 1 else ()
    node.sections = (node.sections[0], (*rows, row))


def shown(text: str) -> tuple[str, ...]:
    """A name, an alias or a label as drawn: its quotes off, and a quoted one's markdown marks."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = f'"{_MARKS.sub("", text[1:-1])}"'
    return label_lines(text)
