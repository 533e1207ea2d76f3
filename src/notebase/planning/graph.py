"""An entry's neighbourhood -> a small graph laid out for inline SVG: the entry in the centre, its
linked, backlinked and same-source entries on an ellipse around it (pure, deterministic)."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

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

    @property
    def edge_kinds(self) -> frozenset[str]:
        """The kinds of edge drawn, for the legend: link (between counts as one), source."""
        return frozenset("link" if e.kind == "between" else e.kind for e in self.edges)


@dataclass(frozen=True, slots=True)
class GraphPlan:
    """What an entry's neighbourhood graph is laid out from. A page's fingerprint is taken from
    these inputs, and the layout made only when the page is rendered: a rebuild renders few pages
    of thousands that have a graph."""

    centre: tuple[str, str]  # slug, title
    around: tuple[tuple[str, str, str], ...]  # (slug, title, relation) of each neighbour
    pairs: tuple[tuple[str, ...], ...]  # the neighbours that link one another

    def layout(self) -> Graph:
        return place_nodes(self.centre, self.around, self.pairs)


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


Place = tuple[float, float, str, float, float]  # x, y, and the label's text-anchor, x and y
Spot = tuple[str, str, str, str, Place]  # slug, title, label (the title shortened), relation, place
Point = tuple[float, float]


def place_nodes(
    centre: tuple[str, str],
    around: tuple[tuple[str, str, str], ...],
    pairs: tuple[tuple[str, ...], ...],
) -> Graph:
    """layout_graph, given the pairs of neighbours that link one another: cropped to what it
    holds (nodes, labels, curves) with a margin. Places are worked out as plain tuples and each
    record made once: a frozen record is costly to make, and there are thousands of graphs."""
    cx, cy = WIDTH / 2, HEIGHT / 2
    slug, title = centre
    spots: list[Spot] = [(slug, title, shorten(title), "centre", (cx, cy, "middle", cx, cy + 24))]
    spots += [(s, t, shorten(t), rel, spot(k, len(around))) for k, (s, t, rel) in enumerate(around)]
    at = {s: place[:2] for s, _, _, _, place in spots[1:]}
    bends = [bent_edge(at[a], at[b], cx, cy) for a, b in pairs]
    left, top, right, bottom = frame(spots, bends)

    def nx(x: float) -> float:
        return round(x - left, 1)

    def ny(y: float) -> float:
        return round(y - top, 1)

    nodes = tuple(
        Node(s, page_url(s), t, label, rel, nx(x), ny(y), nx(lx), ny(ly), anchor)
        for s, t, label, rel, (x, y, anchor, lx, ly) in spots
    )
    edges = [
        Edge(nx(cx), ny(cy), node.x, node.y, "source" if node.relation == "source" else "link")
        for node in nodes[1:]
    ]
    edges += [
        Edge(nx(x1), ny(y1), nx(x2), ny(y2), "between", nx(qx), ny(qy))
        for (x1, y1), (x2, y2), (qx, qy) in bends
    ]
    return Graph(right - left, bottom - top, nodes, tuple(edges))


def frame(spots: Sequence[Spot], bends: Sequence[tuple[Point, Point, Point]]) -> tuple[int, ...]:
    """The box around the nodes, their labels and the curves' control points, with a margin:
    left, top, right, bottom."""
    boxes = [label_box(label, anchor, lx, ly) for _, _, label, _, (_, _, anchor, lx, ly) in spots]
    boxes += [(x - 10, y - 10, x + 10, y + 10) for _, _, _, _, (x, y, _, _, _) in spots]
    boxes += [(qx, qy, qx, qy) for _, _, (qx, qy) in bends]
    return (
        math.floor(min(b[0] for b in boxes)) - MARGIN,
        math.floor(min(b[1] for b in boxes)) - MARGIN,
        math.ceil(max(b[2] for b in boxes)) + MARGIN,
        math.ceil(max(b[3] for b in boxes)) + MARGIN,
    )


def label_box(
    label: str, anchor: str, label_x: float, label_y: float
) -> tuple[float, float, float, float]:
    """The room a node's (shortened) label takes: left, top, right, bottom."""
    width = len(label) * CHAR_WIDTH
    left = {"start": label_x, "end": label_x - width}.get(anchor, label_x - width / 2)
    return left, label_y - LINE_HEIGHT, left + width, label_y + 4


def bent_edge(a: Point, b: Point, cx: float, cy: float) -> tuple[Point, Point, Point]:
    """A curve between two neighbours that bows away from the centre (not through it): its ends
    and control point."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if math.hypot(mx - cx, my - cy) < 10:  # opposite neighbours: bow upwards
        qx, qy = cx, cy - 1.3 * RY
    else:
        qx, qy = cx + 1.6 * (mx - cx), cy + 1.6 * (my - cy)
    return a, b, (round(qx, 1), round(qy, 1))


@functools.cache
def spot(k: int, n: int) -> Place:
    """Where the k-th of n neighbours sits: x, y, and its label's text-anchor, x and y. Spread
    evenly from the top, clockwise."""
    angle = -math.pi / 2 + 2 * math.pi * k / n + (math.pi / n if n % 2 == 0 else 0)
    cos, sin = math.cos(angle), math.sin(angle)
    x, y = round(WIDTH / 2 + RX * cos, 1), round(HEIGHT / 2 + RY * sin, 1)
    if cos > 0.3:
        anchor, lx, ly = "start", x + 10, y + 4
    elif cos < -0.3:
        anchor, lx, ly = "end", x - 10, y + 4
    else:
        anchor, lx, ly = "middle", x, (y - 12 if sin < 0 else y + 20)
    return x, y, anchor, round(lx, 1), round(ly, 1)


def shorten(title: str) -> str:
    title = " ".join(title.split())
    return title if len(title) <= LABEL_CHARS else title[: LABEL_CHARS - 1].rstrip() + "…"
