"""Mermaid class diagrams (a ```mermaid block starting `classDiagram`) drawn at build time as the
flowcharts they are (mermaid.py's Chart): each class a box of three compartments (its name, with
its annotation; its attributes; its methods), each relation a link with the ends UML gives it.

Read: `class Name` (with `~T~` generics, a `{ ... }` body of members and `<<annotation>>`s),
`Name : member`, `<<annotation>> Name`, relations (`<|--`, `*--`, `o--`, `-->`, `--`, `..>`,
`..|>`, `..`, either way round, with `: text`; their cardinalities, `"1"`, left out),
`namespace` (a frame of its name), `direction`. Read past: notes, styles, classes, `click`,
`callback`, `link`, `%%` lines. Anything else leaves the diagram its code.
"""

from __future__ import annotations

import re

from notebase.markdown.mermaid import (
    DIRECTION,
    Chart,
    Group,
    Link,
    Node,
    Unread,
    chart_svg,
    diagram_lines,
    direction_of,
    figure,
    label_lines,
)

MOST_CLASSES = 150

_HEADER = re.compile(r"classDiagram(?:-v2)?\s*$")
_NAME = r"([^\W\d]\w*)(?:~([^~]*)~)?"
_CLASS = re.compile(
    rf'class\s+{_NAME}(?:\s*\[\s*"([^"]*)"\s*\])?(?::::[\w-]+)?(?:\s*<<\s*([^>]+?)\s*>>)?'
    r"\s*(\{)?\s*(\})?\s*$"
)
_MEMBER = re.compile(rf"{_NAME}\s*:\s*(.+)$")
_ANNOTATED = re.compile(rf"<<\s*([^>]+?)\s*>>\s*{_NAME}\s*$")
_RELATION = re.compile(
    rf'{_NAME}\s*(?:"[^"]*"\s*)?(<\||\*|(?<=\s)o|<)?(--|\.\.)(\|>|\*|o(?=[\s"])|>)?\s*(?:"[^"]*"\s*)?'
    rf"{_NAME}\s*(?::\s*(.*))?$"
)
_NAMESPACE = re.compile(r"namespace\s+([\w.]+)\s*\{\s*$")
_PAST = re.compile(r"(?:note\b|style\b|cssClass\b|classDef\b|click\b|callback\b|link\b|acc)", re.I)
ENDS = {
    "<|": "triangle",
    "|>": "triangle",
    "*": "diamond",
    "o": "odiamond",
    "<": "arrow",
    ">": "arrow",
}


def class_html(source: str) -> str | None:
    """The class diagram `source` drawn as a figure holding its SVG; None when it is none this
    reader reads (its code block then stands)."""
    return figure(lambda chart: chart_svg(chart, what="Class diagram"), read_classes, source)


def read_classes(source: str) -> Chart:
    lines = diagram_lines(source, trailing_comments=True)
    if not lines or not _HEADER.match(lines[0]):
        raise Unread("no class diagram")
    chart = Chart("TB")
    body: str | None = None  # the class whose `{ ... }` the lines are in
    spaces: list[str] = []  # the namespaces they are in
    for line in lines[1:]:
        if body is not None:
            if line == "}":
                body = None
            else:
                add_member(chart, body, line)
        elif line == "}" and spaces:
            spaces.pop()
        else:
            body = read_line(chart, line, spaces)
    if body is not None or spaces:
        raise Unread("a class or a namespace never closed")
    if not chart.nodes or len(chart.nodes) > MOST_CLASSES:
        raise Unread("no class, or too many")
    return chart


def read_line(chart: Chart, line: str, spaces: list[str]) -> str | None:
    """Read one line outside a class's body; the class whose body it opens, if it opens one."""
    if (found := DIRECTION.match(line)) is not None:
        chart.direction = direction_of(found.group(1))
    elif (found := _NAMESPACE.match(line)) is not None:
        chart.groups.setdefault(found.group(1), Group((found.group(1),), depth=len(spaces)))
        spaces.append(found.group(1))
    elif (found := _CLASS.match(line)) is not None:
        node = class_node(chart, found.group(1), found.group(2), spaces)
        if found.group(3):  # its label
            retitle(node, (found.group(3),))
        if found.group(4):
            annotate(node, found.group(4))
        return found.group(1) if found.group(5) and not found.group(6) else None
    elif (found := _RELATION.match(line)) is not None:
        start = class_node(chart, found.group(1), found.group(2), spaces).id
        end = class_node(chart, found.group(6), found.group(7), spaces).id
        tail, head = ENDS.get(found.group(3) or "", "none"), ENDS.get(found.group(5) or "", "none")
        line_kind = "dotted" if found.group(4) == ".." else "solid"
        chart.links.append(
            Link(start, end, label_lines(found.group(8) or ""), line_kind, head, tail)
        )
    elif (found := _ANNOTATED.match(line)) is not None:
        annotate(class_node(chart, found.group(2), found.group(3), spaces), found.group(1))
    elif (found := _MEMBER.match(line)) is not None:
        class_node(chart, found.group(1), found.group(2), spaces)
        add_member(chart, found.group(1), found.group(3))
    elif not _PAST.match(line):
        raise Unread(f"not read: {line!r}")
    return None


def class_node(chart: Chart, name: str, generic: str | None, spaces: list[str]) -> Node:
    """The class of that name (made, with its generic type, when new)."""
    node = chart.nodes.get(name)
    if node is None:
        shown = generics(f"{name}~{generic}~") if generic else name
        node = chart.nodes[name] = Node(name, (shown,), "class", sections=((shown,), (), ()))
    for space in spaces:
        if name not in chart.groups[space].members:
            chart.groups[space].members.append(name)
    return node


def add_member(chart: Chart, name: str, member: str) -> None:
    """A line of a class's body: an annotation, an attribute or a method (one with `(`)."""
    node = chart.nodes[name]
    if (annotation := re.fullmatch(r"<<\s*([^>]+?)\s*>>", member)) is not None:
        annotate(node, annotation.group(1))
        return
    text = " ".join(generics(member).split())
    title, attributes, methods = node.sections
    if "(" in member:
        methods = (*methods, text)
    else:
        attributes = (*attributes, text)
    node.sections = (title, attributes, methods)


def generics(text: str) -> str:
    """`List~List~int~~` as `List<List<int>>`: a `~` after a name and before one opens a type,
    another after a name or a type closes one; a `~` before a member's name is its visibility."""
    out: list[str] = []
    for i, ch in enumerate(text):
        after = i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_~")
        if ch == "~" and after:
            ch = "<" if i + 1 < len(text) and (text[i + 1].isalnum() or text[i + 1] == "_") else ">"
        out.append(ch)
    return "".join(out)


def annotate(node: Node, annotation: str) -> None:
    retitle(node, (f"«{annotation}»", node.sections[0][-1]))


def retitle(node: Node, title: tuple[str, ...]) -> None:
    """A class's name compartment, and the text the diagram's label names it by."""
    node.sections = (title, *node.sections[1:])
    node.lines = title
