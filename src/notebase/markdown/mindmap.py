"""Mermaid mind maps (a ```mermaid block starting `mindmap`) drawn at build time as the tree they
are: mermaid.py's Chart flowing left to right from the root, each node linked to its parent.

Read: one node a line, its parent the nearest line above it indented less; a node as a
flowchart writes one (`id[text]`, `id((text))`, `id{{text}}`, quoted and markdown text) or as
its plain text; `::icon(...)` and `:::class` lines read past. A line indented less than the root
leaves the map its code (Mermaid refuses it too).
"""

from __future__ import annotations

import re

from notebase.markdown.mermaid import (
    Chart,
    Link,
    Node,
    Unread,
    chart_svg,
    figure,
    label_lines,
    read_node,
    without_unshown,
)

MOST_NODES = 300
_SHAPED = re.compile(r"(\w*)\s*(?=[\[({])")  # an id (or none) before a shape's bracket
_BANG_OR_CLOUD = re.compile(r"\w*\s*(\)\)|\))(.*?)(?:\(\(|\()")
_PAST = re.compile(r"(::icon\(|:::)")


def mindmap_html(source: str) -> str | None:
    """The mind map `source` drawn as a figure holding its SVG; None when it is none this reader
    reads (its code block then stands)."""
    return figure(lambda chart: chart_svg(chart, what="Mind map"), read_mindmap, source)


def read_mindmap(source: str) -> Chart:
    lines = joined_quotes(
        [line.rstrip() for line in without_unshown(source).expandtabs(4).splitlines()]
    )
    lines = [line for line in lines if line.strip() and not line.strip().startswith("%%")]
    if not lines or lines[0].strip() != "mindmap":
        raise Unread("no mind map")
    chart = Chart("LR")
    parents: list[tuple[int, str]] = []  # (indent, id) of the nodes a new one may hang from
    for line in lines[1:]:
        text = line.strip()
        if _PAST.match(text):
            continue
        indent = len(line) - len(text)
        while parents and parents[-1][0] >= indent:
            parents.pop()
        if not parents and chart.nodes:
            raise Unread("a second root")
        node = map_node(f"n{len(chart.nodes)}", text)
        chart.nodes[node.id] = node
        if parents:
            chart.links.append(Link(parents[-1][1], node.id, head="none"))
        parents.append((indent, node.id))
    if not chart.nodes or len(chart.nodes) > MOST_NODES:
        raise Unread("no node, or too many")
    return chart


def joined_quotes(lines: list[str]) -> list[str]:
    """The lines, a node's quoted text written over several lines (a markdown string) put back
    on its first, its lines joined by line breaks."""
    joined: list[str] = []
    for line in lines:
        if joined and joined[-1].count('"') % 2:
            joined[-1] += "<br>" + line.strip()
        else:
            joined.append(line)
    return joined


def map_node(node_id: str, text: str) -> Node:
    """A line's node: as a flowchart's when it is one (a shape's brackets round all its text
    after its id; a mind map's `))bang((` a circle, `)cloud(` a round box), else its plain
    text in a round box."""
    if (other := _BANG_OR_CLOUD.fullmatch(text)) is not None:
        return Node(
            node_id, label_lines(other.group(2)), "circle" if other.group(1) == "))" else "round"
        )
    found = _SHAPED.match(text)
    if found is not None:
        rest = text[found.end(1) :]
        scratch = Chart("LR")
        try:
            _, end = read_node(scratch, f"x{rest}", 0)
        except Unread:
            end = -1
        if end == len(rest) + 1:  # the brackets close at the line's end
            shaped = scratch.nodes["x"]
            return Node(node_id, shaped.lines, shaped.shape)
    return Node(node_id, label_lines(text), "round")
