"""Mermaid sankey diagrams (a ```mermaid block starting `sankey-beta` or `sankey`) drawn at build
time as inline SVG: the nodes in columns left to right, each a bar as tall as the larger of what
flows into it and out of it, the flows between them as bands as wide as their values.

Read: the header, then CSV rows `source,target,value` (RFC 4180: a field may be double-quoted,
`""` a quote in it, commas inside the quotes), blank lines between them; `%%` comments,
`%%{init}%%` directives, `accTitle`/`accDescr` and the `---` settings read past. A value that is
no positive number, a row of other than 3 fields, a flow back to a node it came from (a cycle,
a node's flow to itself too), over 500 rows, or anything else leaves the chart its code.

Laid out as Mermaid's default (d3-sankey's `justify`) lays it out: a node's column one more than
the furthest of its sources, a node no flow leaves in the last column. The nodes of a column in
the order first written, then a few sweeps ordering them by the mean place of their neighbours
(weighted by the flows), the order with the fewest crossings kept. Scaled so the tallest column
(its bars and the gaps between them) is about HEIGHT px (a column of many nodes taller, two
lines a node); a bar never takes less room than its name's line. A node's name and value beside its bar (at its right, at its left in the last
column), the columns as far apart as their names need. Each node in a colour (`sankey-node-0`
.. `-7`, from the theme), a flow translucent in its source's.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from notebase.markdown.mermaid import (
    FONT,
    LEADING,
    PAD,
    Unread,
    diagram_lines,
    figure,
    num,
    svg_element,
)
from notebase.markdown.textwidth import ems

HEIGHT = 400.0  # px the tallest column takes, about
BAR = 12.0  # px, a node's bar's width
GAP = 12.0  # px between two nodes of a column
NAME_GAP = 6.0  # px between a bar and its name
SPAN = 120.0  # px, the least between two columns' bars
LINK_ROOM = 48.0  # px of a band left between names and the next column
COLOURS = 8  # the nodes' colours, from the theme (style.css: .sankey-node-0 ... -7)
MOST_ROWS = 500
SWEEPS = 6  # passes ordering the columns

_HEADER = re.compile(r"sankey(?:-beta)?", re.I)
_VALUE = re.compile(r"\d+(?:\.\d*)?(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?", re.I)


@dataclass(frozen=True, slots=True)
class Flow:
    source: str
    target: str
    value: float


@dataclass(slots=True)
class Sankey:
    nodes: list[str] = field(default_factory=list)  # in the order first written
    flows: list[Flow] = field(default_factory=list)


@dataclass(slots=True)
class Bar:
    """A node as drawn: its column, colour, value, and its bar's left, top and height."""

    column: int
    colour: int
    value: float
    x: float = 0.0
    y: float = 0.0
    height: float = 0.0


def sankey_html(source: str) -> str | None:
    """The sankey diagram `source` drawn as a figure holding its SVG; None when it is none this
    reader reads (its code block then stands)."""
    return figure(sankey_svg, read_sankey, source)


def read_sankey(source: str) -> Sankey:
    lines = diagram_lines(source, trailing_comments=True)
    if not lines or not _HEADER.fullmatch(lines[0]):
        raise Unread("no sankey diagram")
    if len(lines) - 1 > MOST_ROWS:
        raise Unread("too many rows")
    chart = Sankey()
    known: set[str] = set()
    for line in lines[1:]:
        fields = csv_fields(line)
        if len(fields) != 3:
            raise Unread(f"not 3 fields: {line!r}")
        source_name, target_name = (" ".join(f.split()) for f in fields[:2])
        if not source_name or not target_name:
            raise Unread(f"a node without a name: {line!r}")
        chart.flows.append(Flow(source_name, target_name, flow_value(fields[2])))
        for name in (source_name, target_name):
            if name not in known:
                known.add(name)
                chart.nodes.append(name)
    if not chart.flows:
        raise Unread("no flow")
    columns_of(chart)  # (a cycle: unread)
    return chart


def csv_fields(line: str) -> list[str]:
    """A CSV row's fields (RFC 4180): a field in double quotes may hold commas, and `""` for a
    quote; one opened and never closed, or text after its closing quote, is unread."""
    fields: list[str] = []
    at = 0
    while True:
        while at < len(line) and line[at] in " \t":  # (spaces before an opening quote)
            at += 1
        if line.startswith('"', at):
            text: list[str] = []
            at += 1
            while True:
                end = line.find('"', at)
                if end < 0:
                    raise Unread(f"a quote never closed: {line!r}")
                text.append(line[at:end])
                if line.startswith('""', end):
                    text.append('"')
                    at = end + 2
                else:
                    at = end + 1
                    break
            rest = line.find(",", at)
            after = line[at:] if rest < 0 else line[at:rest]
            if after.strip():
                raise Unread(f"text after a quoted field: {line!r}")
            fields.append("".join(text))
        else:
            rest = line.find(",", at)
            fields.append(line[at:] if rest < 0 else line[at:rest])
        if rest < 0:
            return fields
        at = rest + 1


def flow_value(written: str) -> float:
    """A flow's value: a positive number."""
    written = written.strip()
    if not _VALUE.fullmatch(written) or not 0 < float(written) < float("inf"):
        raise Unread(f"no positive value: {written!r}")
    return float(written)


def columns_of(chart: Sankey) -> dict[str, int]:
    """Each node's column: 0 for a node nothing flows into, else one more than the furthest of
    its sources; a node nothing flows out of in the last column. A cycle: unread."""
    later: dict[str, list[str]] = {name: [] for name in chart.nodes}
    into = dict.fromkeys(chart.nodes, 0)
    for flow in chart.flows:
        later[flow.source].append(flow.target)
        into[flow.target] += 1
    column = dict.fromkeys(chart.nodes, 0)
    ready = [name for name in chart.nodes if into[name] == 0]
    done = 0
    while ready:
        name = ready.pop()
        done += 1
        for target in later[name]:
            column[target] = max(column[target], column[name] + 1)
            into[target] -= 1
            if into[target] == 0:
                ready.append(target)
    if done < len(chart.nodes):
        raise Unread("a cycle")
    last = max(column.values())
    return {name: (c if later[name] else last) for name, c in column.items()}


def ordered(chart: Sankey, column: dict[str, int]) -> list[list[str]]:
    """The columns' nodes top to bottom: as first written, then by the mean place of their
    sources (sweeping right) and of their targets (sweeping left), weighted by the flows; of
    the orders found, the one with the fewest crossings."""
    columns: list[list[str]] = [[] for _ in range(max(column.values()) + 1)]
    for name in chart.nodes:
        columns[column[name]].append(name)
    sources: dict[str, list[tuple[str, float]]] = {name: [] for name in chart.nodes}
    targets: dict[str, list[tuple[str, float]]] = {name: [] for name in chart.nodes}
    for f in chart.flows:
        sources[f.target].append((f.source, f.value))
        targets[f.source].append((f.target, f.value))
    best = [list(c) for c in columns]
    fewest = crossings(chart, columns)
    for sweep in range(SWEEPS):
        rightwards = sweep % 2 == 0
        span = range(1, len(columns)) if rightwards else range(len(columns) - 2, -1, -1)
        for c in span:
            place = places(columns)
            mean: dict[str, float] = {}
            for name in columns[c]:
                near = [
                    (place[other], value)
                    for other, value in (sources if rightwards else targets)[name]
                ]
                weight = sum(v for _, v in near)
                mean[name] = sum(p * v for p, v in near) / weight if near else place[name]
            columns[c].sort(key=lambda name: mean[name])  # (stable: ties keep their order)
        if (found := crossings(chart, columns)) < fewest:
            best, fewest = [list(c) for c in columns], found
    return best


def places(columns: list[list[str]]) -> dict[str, float]:
    """Each node's place in its column, from 0 (top) to 1 (bottom)."""
    return {name: (i + 0.5) / len(c) for c in columns for i, name in enumerate(c)}


def crossings(chart: Sankey, columns: list[list[str]]) -> int:
    """How many pairs of flows between the same two columns cross."""
    place = places(columns)
    index = {name: c for c, names in enumerate(columns) for name in names}
    spans: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for f in chart.flows:
        spans.setdefault((index[f.source], index[f.target]), []).append(
            (place[f.source], place[f.target])
        )
    return sum(
        1
        for ends in spans.values()
        for i, (a0, a1) in enumerate(ends)
        for b0, b1 in ends[i + 1 :]
        if (a0 - b0) * (a1 - b1) < 0
    )


def shown(value: float) -> str:
    """A node's value as its name shows it: to a hundredth."""
    return f"{round(value, 2):f}".rstrip("0").rstrip(".")


def name_text(name: str, value: float) -> str:
    return f"{name} {shown(value)}"


def sankey_svg(chart: Sankey) -> str:
    column = columns_of(chart)
    columns = ordered(chart, column)
    inflow = dict.fromkeys(chart.nodes, 0.0)
    outflow = dict.fromkeys(chart.nodes, 0.0)
    for f in chart.flows:
        outflow[f.source] += f.value
        inflow[f.target] += f.value
    bars = {
        name: Bar(column[name], i % COLOURS, max(inflow[name], outflow[name]))
        for i, name in enumerate(chart.nodes)
    }
    # the scale: the tallest column (its bars and gaps) HEIGHT px; a column of many nodes
    # taller, two lines of names a node, lest its bars be slivers
    scale = min(
        (max(HEIGHT, 2 * LEADING * len(c)) - GAP * (len(c) - 1)) / sum(bars[n].value for n in c)
        for c in columns
    )
    slots = {name: max(bar.value * scale, LEADING) for name, bar in bars.items()}
    heights = [sum(slots[n] for n in c) + GAP * (len(c) - 1) for c in columns]
    tallest = max(heights)
    for c, names in enumerate(columns):
        y = PAD + (tallest - heights[c]) / 2  # (each column centred)
        for name in names:
            bar = bars[name]
            bar.height = bar.value * scale
            bar.y = y + (slots[name] - bar.height) / 2
            y += slots[name] + GAP
    last = len(columns) - 1
    x = PAD
    for c in range(len(columns)):
        bars_x(columns[c], bars, x)
        if c < last:
            x += BAR + max(
                SPAN,
                names_room(columns[c], columns[c + 1] if c + 1 == last else [], bars) + LINK_ROOM,
            )
    width = x + BAR + PAD
    height = tallest + 2 * PAD
    body = links_svg(chart, bars, scale) + nodes_svg(columns, bars, last)
    said = ", ".join(f"{f.source} \u2192 {f.target} {f.value:.15g}" for f in chart.flows)
    return svg_element(width, height, f"Sankey diagram: {said}", body)


def bars_x(names: Sequence[str], bars: dict[str, Bar], x: float) -> None:
    for name in names:
        bars[name].x = x


def name_width(name: str, bars: dict[str, Bar]) -> float:
    return ems(name_text(name, bars[name].value)) * FONT + NAME_GAP


def names_room(left: Sequence[str], right: Sequence[str], bars: dict[str, Bar]) -> float:
    """The px between two columns' bars their names take: the names at the right of the left
    column's bars, and those at the left of the right column's (the last) where they are level
    with one of them (a line of text apart)."""
    room = max((name_width(n, bars) for n in [*left, *right]), default=0.0)
    for a in left:
        middle = bars[a].y + bars[a].height / 2
        for b in right:
            if abs(bars[b].y + bars[b].height / 2 - middle) < LEADING:
                room = max(room, name_width(a, bars) + name_width(b, bars))
    return room


def links_svg(chart: Sankey, bars: dict[str, Bar], scale: float) -> str:
    """Each flow a band from its source's bar to its target's, as wide as its value: the flows
    leaving a bar stacked from its top in the order of their targets' places, those entering
    it in the order of their sources'."""

    def centre(name: str) -> float:
        return bars[name].y + bars[name].height / 2

    leaving: dict[str, list[int]] = {}
    entering: dict[str, list[int]] = {}
    for i, f in enumerate(chart.flows):
        leaving.setdefault(f.source, []).append(i)
        entering.setdefault(f.target, []).append(i)
    starts: dict[int, float] = {}
    ends: dict[int, float] = {}
    for stacks, other, tops in ((leaving, "target", starts), (entering, "source", ends)):
        for name, indices in stacks.items():
            y = bars[name].y
            for i in sorted(indices, key=lambda i: (centre(getattr(chart.flows[i], other)), i)):
                tops[i] = y
                y += chart.flows[i].value * scale
    out: list[str] = []
    for i, f in enumerate(chart.flows):
        wide = f.value * scale
        x0, x1 = bars[f.source].x + BAR, bars[f.target].x
        s0, t0 = starts[i], ends[i]
        s1, t1 = s0 + wide, t0 + wide
        xm = (x0 + x1) / 2
        out.append(
            f'<path class="sankey-link sankey-node-{bars[f.source].colour}" '
            f'd="M{num(x0)},{num(s0)} C{num(xm)},{num(s0)} {num(xm)},{num(t0)} {num(x1)},{num(t0)} '
            f'L{num(x1)},{num(t1)} C{num(xm)},{num(t1)} {num(xm)},{num(s1)} {num(x0)},{num(s1)} Z">'
            f"<title>{html.escape(f.source)} \u2192 {html.escape(f.target)} "
            f"{shown(f.value)}</title></path>"
        )
    return "".join(out)


def nodes_svg(columns: Sequence[Sequence[str]], bars: dict[str, Bar], last: int) -> str:
    """Each node's bar, its name and value beside it: at its right, at its left in the last
    column."""
    out: list[str] = []
    for names in columns:
        for name in names:
            bar = bars[name]
            if bar.column == last:
                tx, anchor = bar.x - NAME_GAP, "end"
            else:
                tx, anchor = bar.x + BAR + NAME_GAP, "start"
            out.append(
                f'<g class="sankey-node"><rect class="sankey-node-{bar.colour}" x="{num(bar.x)}" '
                f'y="{num(bar.y)}" width="{num(BAR)}" height="{num(max(bar.height, 1.0))}"/>'
                f'<text x="{num(tx)}" y="{num(bar.y + bar.height / 2)}" text-anchor="{anchor}" '
                f'dominant-baseline="central">{html.escape(name)} '
                f'<tspan class="sankey-value">{shown(bar.value)}</tspan></text></g>'
            )
    return "".join(out)
