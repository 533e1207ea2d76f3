"""Mermaid state diagrams (a ```mermaid block starting `stateDiagram` or `stateDiagram-v2`) drawn
at build time: read into the flowchart a state diagram is (mermaid.py's Chart: states as
rounded boxes, transitions as links with their text, a composite state's inner states in a
frame of its name) and laid out and drawn as flowcharts are.

Read: transitions (`A --> B`, `A --> B : text`), `[*]` (a start where it leads from, an end where
it leads to: one of each per composite state), `state "text" as id`, `id : text` (more lines of
a state's text), composite states (`state X { ... }`, nested), `<<choice>>` (a diamond),
`<<fork>>` and `<<join>>` (a bar), `direction`. Read past: notes (one line, or up to `end
note`), `--` (concurrent regions, drawn as one), `classDef`, `class`, `:::`, `%%` lines. Anything
else leaves the diagram its code.
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

MOST_STATES = 200

_HEADER = re.compile(r"stateDiagram(?:-v2)?\s*$")
_TRANSITION = re.compile(r"(\S+?)\s*-->\s*(\S+?)\s*(?::\s*(.*))?$")
_NAMED = re.compile(r'state\s+"([^"]*)"\s+as\s+([^\s{:]+)\s*(\{)?\s*$')
_KIND = re.compile(r"state\s+([^\s{]+)\s+<<(choice|fork|join)>>\s*$")
_COMPOSITE = re.compile(r"state\s+([^\s{\"]+)\s*\{\s*$")
_DESCRIBED = re.compile(r"([^\s:]+)\s*:\s*(.+)$")
_PLAIN = re.compile(r"(?:state\s+)?([^\s:{}]+)\s*$")
_NOTE = re.compile(r"note\s+(?:left|right)\s+of\s+\S+(\s*:.*)?$", re.I)
_PAST = re.compile(r"(?:classDef\b|class\b|style\b|--$|accTitle\b|accDescr\b)")
_CLASS = re.compile(r":::[\w-]+")
SHAPES = {"choice": "diamond", "fork": "bar", "join": "bar"}


def state_html(source: str) -> str | None:
    """The state diagram `source` drawn as a figure holding its SVG; None when it is none this
    reader reads (its code block then stands)."""
    return figure(lambda chart: chart_svg(chart, what="State diagram"), read_states, source)


def read_states(source: str) -> Chart:
    lines = diagram_lines(source, trailing_comments=True)
    if not lines or not _HEADER.match(lines[0]):
        raise Unread("no state diagram")
    chart = Chart("TB")
    scopes: list[str] = []  # the composite states the line is in, the innermost last
    in_note = False
    for line in lines[1:]:
        if in_note:
            in_note = line.lower() != "end note"
        elif _NOTE.match(line):
            in_note = ":" not in line  # a note of more lines than one, up to `end note`
        else:
            read_line(chart, _CLASS.sub("", line), scopes)
    if scopes or in_note:
        raise Unread("a composite state or a note never closed")
    for name in list(chart.groups):
        enter_composite(chart, name)
    if not chart.nodes or len(chart.nodes) > MOST_STATES:
        raise Unread("no state, or too many")
    return chart


def read_line(chart: Chart, line: str, scopes: list[str]) -> None:
    if _PAST.match(line):
        return
    if (found := DIRECTION.match(line)) is not None:
        if not scopes:
            chart.direction = direction_of(found.group(1))
    elif line == "}" and scopes:
        scopes.pop()
    elif (found := _TRANSITION.match(line)) is not None:
        start, end = (state(chart, found.group(i), scopes, i == 1) for i in (1, 2))
        chart.links.append(Link(start, end, label_lines(found.group(3) or "")))
    elif (found := _NAMED.match(line)) is not None:
        node = chart.nodes.setdefault(found.group(2), Node(found.group(2), ()))
        node.lines, node.shape = label_lines(found.group(1)), "round"
        place(chart, found.group(2), scopes)
        if found.group(3):
            open_scope(chart, found.group(2), found.group(1), scopes)
    elif (found := _KIND.match(line)) is not None:
        node = chart.nodes.setdefault(found.group(1), Node(found.group(1), ("",)))
        node.lines, node.shape = ("",), SHAPES[found.group(2)]
        place(chart, found.group(1), scopes)
    elif (found := _COMPOSITE.match(line)) is not None:
        open_scope(chart, found.group(1), found.group(1), scopes)
    elif (found := _DESCRIBED.match(line)) is not None:
        node = chart.nodes.get(found.group(1)) or Node(found.group(1), ())
        chart.nodes.setdefault(found.group(1), node)
        node.lines = (
            *(line for line in node.lines if line != node.id),
            *label_lines(found.group(2)),
        )
        node.shape = "round"
        place(chart, found.group(1), scopes)
    elif (found := _PLAIN.match(line)) is not None:
        state(chart, found.group(1), scopes, True)
    else:
        raise Unread(f"not read: {line!r}")


def state(chart: Chart, name: str, scopes: list[str], leaving: bool) -> str:
    """The id of the state a transition names (declared as a plain one when new); `[*]` is the
    start of the composite state it is in when the transition leaves it, else its end."""
    if name == "[*]":
        scope = scopes[-1] if scopes else ""
        name = f"[*]start{scope}" if leaving else f"[*]end{scope}"
        shape = "start" if leaving else "end"
        chart.nodes.setdefault(name, Node(name, ("",), shape))
    elif name not in chart.nodes:
        chart.nodes[name] = Node(name, (name,), "round")
    place(chart, name, scopes)
    return name


def place(chart: Chart, name: str, scopes: list[str]) -> None:
    """The state in the composite states the line is in (their frames), once."""
    for scope in scopes:
        members = chart.groups[scope].members
        if name not in members and name != scope:
            members.append(name)


def open_scope(chart: Chart, name: str, title: str, scopes: list[str]) -> None:
    """A composite state begun: a frame of its name round the states in it."""
    chart.groups.setdefault(name, Group(label_lines(title), depth=len(scopes)))
    scopes.append(name)


def enter_composite(chart: Chart, name: str) -> None:
    """Transitions to a composite state drawn to its start, those from it from its end (its
    frame stands for it); one that has neither, or is drawn as a state still, has no frame."""
    if name not in chart.nodes:
        return
    start, end = f"[*]start{name}", f"[*]end{name}"
    chart.links[:] = [
        Link(
            end if link.start == name and end in chart.nodes else link.start,
            start if link.end == name and start in chart.nodes else link.end,
            link.text,
            link.line,
            link.head,
            link.tail,
        )
        for link in chart.links
    ]
    if any(name in (link.start, link.end) for link in chart.links):
        del chart.groups[name]  # (drawn as the state it is)
    else:
        del chart.nodes[name]
        for group in chart.groups.values():
            if name in group.members:
                group.members.remove(name)
