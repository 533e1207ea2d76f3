"""An entry's neighbourhood -> a small graph laid out for inline SVG: the entry in the centre, its
linked, backlinked and same-source entries on an ellipse around it (pure, deterministic)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from notebase.digests import digest_value
from notebase.model import SiteIndex
from notebase.slugs import page_url

MAX_NEIGHBOURS = 12
MIN_NEIGHBOURS = 3  # fewer are all in the lists of links and backlinks already: no graph
WIDTH, HEIGHT = 480, 280  # the frame the layout is made in, before it is cropped to what it holds
RX, RY = 90, 95  # the ellipse the neighbours sit on
LABEL_CHARS = 24  # a longer title is shortened (shown whole on hover and focus)
CHAR_WIDTH, LINE_HEIGHT = 7.5, 14  # how much room a label takes (14px sans-serif), roughly
MARGIN = 6


@dataclass(frozen=True, slots=True)
class Node:
    slug: str
    url: str
    title: str
    label: str  # the title, shortened to fit
    relation: str  # centre | both | out | in | source
    x: float
    y: float
    label_x: float
    label_y: float
    anchor: str  # text-anchor of the label: start | middle | end


@dataclass(frozen=True, slots=True)
class Edge:
    x1: float
    y1: float
    x2: float
    y2: float
    kind: str  # link | source | between (two neighbours linking each other)
    qx: float = 0.0  # the control point of a "between" edge, drawn as a curve around the centre
    qy: float = 0.0


@dataclass(frozen=True, slots=True)
class Graph:
    width: int
    height: int
    nodes: tuple[Node, ...]  # the centre first
    edges: tuple[Edge, ...]
    # a digest of what it was laid out from (page fingerprints take the graph as this key)
    content_key: str = field(default="", compare=False)

    @property
    def edge_kinds(self) -> frozenset[str]:
        """The kinds of edge drawn, for the legend: link (between counts as one), source."""
        return frozenset("link" if e.kind == "between" else e.kind for e in self.edges)


def neighbourhood(slug: str, index: SiteIndex, same_source: Sequence[str]) -> list[tuple[str, str]]:
    """(slug, relation) of the entries around `slug`: linked first, then backlinks, then same-source;
    at most MAX_NEIGHBOURS."""
    back = dict.fromkeys(b.slug for b in index.backlinks.get(slug, ()))  # ordered, and a set
    found = {s: "both" if s in back else "out" for s in index.outlinks.get(slug, ())}
    for s in back:
        found.setdefault(s, "in")
    for s in same_source:
        if s != slug:
            found.setdefault(s, "source")
    return list(found.items())[:MAX_NEIGHBOURS]


def linked_pairs(
    around: Sequence[tuple[str, str, str]], outlinks: Mapping[str, Sequence[str]]
) -> tuple[tuple[str, ...], ...]:
    """The pairs of neighbours (slug, title, relation) that link one another, each sorted."""
    near = {slug for slug, _, _ in around}
    pairs = {
        tuple(sorted((a, b))) for a in near for b in outlinks.get(a, ()) if b in near and b != a
    }
    return tuple(sorted(pairs))


def layout_graph(
    centre: tuple[str, str],
    around: Sequence[tuple[str, str, str]],
    outlinks: Mapping[str, Sequence[str]],
) -> Graph:
    """centre: (slug, title); around: (slug, title, relation). Neighbours are spread evenly from the
    top, clockwise; edges join the centre to each, and neighbours that link one another."""
    return place_nodes(centre, tuple(around), linked_pairs(around, outlinks))


def place_nodes(
    centre: tuple[str, str],
    around: tuple[tuple[str, str, str], ...],
    pairs: tuple[tuple[str, ...], ...],
) -> Graph:
    """layout_graph, given the pairs of neighbours that link one another."""
    graph = lay_out(centre, around, pairs)
    return replace(graph, content_key=digest_value(("graph", centre, around, pairs)))


def lay_out(
    centre: tuple[str, str],
    around: tuple[tuple[str, str, str], ...],
    pairs: tuple[tuple[str, ...], ...],
) -> Graph:
    cx, cy = WIDTH / 2, HEIGHT / 2
    slug, title = centre
    nodes = [
        Node(slug, page_url(slug), title, shorten(title), "centre", cx, cy, cx, cy + 24, "middle")
    ]
    edges = []
    for k, (slug, title, relation) in enumerate(around):
        n = len(around)
        angle = -math.pi / 2 + 2 * math.pi * k / n + (math.pi / n if n % 2 == 0 else 0)
        node = place(slug, title, relation, angle, cx, cy)
        nodes.append(node)
        edges.append(Edge(cx, cy, node.x, node.y, "source" if relation == "source" else "link"))
    at = {n.slug: n for n in nodes[1:]}
    edges += [bent_edge(at[a], at[b], cx, cy) for a, b in pairs]
    return cropped(nodes, edges)


def label_box(node: Node) -> tuple[float, float, float, float]:
    """The room a node's (shortened) label takes: left, top, right, bottom."""
    width = len(node.label) * CHAR_WIDTH
    left = {"start": node.label_x, "end": node.label_x - width}.get(
        node.anchor, node.label_x - width / 2
    )
    return left, node.label_y - LINE_HEIGHT, left + width, node.label_y + 4


def cropped(nodes: Sequence[Node], edges: Sequence[Edge]) -> Graph:
    """The graph moved and sized to what it holds (nodes, labels, curves), with a margin."""
    boxes = [label_box(n) for n in nodes] + [
        (n.x - 10, n.y - 10, n.x + 10, n.y + 10) for n in nodes
    ]
    boxes += [(e.qx, e.qy, e.qx, e.qy) for e in edges if e.kind == "between"]
    left = math.floor(min(b[0] for b in boxes)) - MARGIN
    top = math.floor(min(b[1] for b in boxes)) - MARGIN
    right = math.ceil(max(b[2] for b in boxes)) + MARGIN
    bottom = math.ceil(max(b[3] for b in boxes)) + MARGIN

    def nx(x: float) -> float:
        return round(x - left, 1)

    def ny(y: float) -> float:
        return round(y - top, 1)

    moved = tuple(
        replace(n, x=nx(n.x), y=ny(n.y), label_x=nx(n.label_x), label_y=ny(n.label_y))
        for n in nodes
    )
    lines = tuple(
        replace(e, x1=nx(e.x1), y1=ny(e.y1), x2=nx(e.x2), y2=ny(e.y2), qx=nx(e.qx), qy=ny(e.qy))
        if e.kind == "between"
        else replace(e, x1=nx(e.x1), y1=ny(e.y1), x2=nx(e.x2), y2=ny(e.y2))
        for e in edges
    )
    return Graph(right - left, bottom - top, moved, lines)


def bent_edge(a: Node, b: Node, cx: float, cy: float) -> Edge:
    """A curve between two neighbours that bows away from the centre (not through it)."""
    mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
    if math.hypot(mx - cx, my - cy) < 10:  # opposite neighbours: bow upwards
        qx, qy = cx, cy - 1.3 * RY
    else:
        qx, qy = cx + 1.6 * (mx - cx), cy + 1.6 * (my - cy)
    return Edge(a.x, a.y, b.x, b.y, "between", round(qx, 1), round(qy, 1))


def place(slug: str, title: str, relation: str, angle: float, cx: float, cy: float) -> Node:
    cos, sin = math.cos(angle), math.sin(angle)
    x, y = round(cx + RX * cos, 1), round(cy + RY * sin, 1)
    if cos > 0.3:
        anchor, lx, ly = "start", x + 10, y + 4
    elif cos < -0.3:
        anchor, lx, ly = "end", x - 10, y + 4
    else:
        anchor, lx, ly = "middle", x, (y - 12 if sin < 0 else y + 20)
    label = shorten(title)
    return Node(
        slug, page_url(slug), title, label, relation, x, y, round(lx, 1), round(ly, 1), anchor
    )


def shorten(title: str) -> str:
    title = " ".join(title.split())
    return title if len(title) <= LABEL_CHARS else title[: LABEL_CHARS - 1].rstrip() + "…"
