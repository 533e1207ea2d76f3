"""Mermaid pie charts (a ```mermaid block starting `pie`) drawn at build time as inline SVG: the
slices clockwise from the top in the order written, each's share written on it, a legend beside
them, the title above.

Read: `pie`, `showData` (the legend gives each value too), `title` (on the first line or its
own), `"label" : value` lines; `%%` lines and `accTitle`/`accDescr` read past. A value that is no
positive number, or anything else, leaves the chart its code.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field

from notebase.markdown.mermaid import (
    FONT,
    LEADING,
    PAD,
    Unread,
    diagram_lines,
    figure,
    label_lines,
    num,
    svg_element,
    text_width,
    title_svg,
)
from notebase.markdown.textwidth import ems

RADIUS = 110.0
COLOURS = 8  # the slices' colours, from the theme (style.css: .slice-0 ... .slice-7)
MOST_SLICES = 60

_HEADER = re.compile(r"pie\b(\s+showData)?(?:\s+title\s+(.*))?\s*$", re.I)
_TITLE = re.compile(r"title\s+(.*)$", re.I)
_SLICE = re.compile(r'"([^"]*)"\s*:\s*([0-9]*\.?[0-9]+)\s*$')
_PAST = re.compile(r"(accTitle|accDescr)\b")


@dataclass(slots=True)
class Pie:
    title: str = ""
    values_shown: bool = False
    slices: list[tuple[str, float]] = field(default_factory=list)


def pie_html(source: str) -> str | None:
    """The pie chart `source` drawn as a figure holding its SVG; None when it is none this
    reader reads (its code block then stands)."""
    return figure(pie_svg, read_pie, source)


def read_pie(source: str) -> Pie:
    lines = diagram_lines(source)
    header = _HEADER.match(lines[0]) if lines else None
    if header is None:
        raise Unread("no pie chart")
    pie = Pie(" ".join(label_lines(header.group(2) or "")), bool(header.group(1)))
    for line in lines[1:]:
        if (title := _TITLE.match(line)) is not None:
            pie.title = " ".join(label_lines(title.group(1)))
        elif (found := _SLICE.match(line)) is not None:
            pie.slices.append((" ".join(label_lines(found.group(1))), float(found.group(2))))
        elif not _PAST.match(line):
            raise Unread(f"not read: {line!r}")
    total = sum(value for _, value in pie.slices)
    if not pie.slices or len(pie.slices) > MOST_SLICES or not 0 < total < math.inf:
        raise Unread("no slice, or too many")
    return pie


def pie_svg(pie: Pie) -> str:
    total = sum(value for _, value in pie.slices)
    title_room = LEADING + 12 if pie.title else 0.0
    cx, cy = PAD + RADIUS, PAD + title_room + RADIUS
    slices: list[str] = []
    angle = 0.0  # from the top, clockwise
    for i, (_, value) in enumerate(pie.slices):
        share = value / total
        slices.append(slice_svg(i, (cx, cy), angle, share))
        angle += share * 2 * math.pi
    legend_x = cx + RADIUS + 28
    rows = [f"{label} [{value:g}]" if pie.values_shown else label for label, value in pie.slices]
    legend_top = cy - LEADING * len(rows) / 2
    legend = "".join(
        f'<rect class="slice-{i % COLOURS}" x="{num(legend_x)}" y="{num(legend_top + LEADING * i + 3)}" '
        f'width="12" height="12"/><text x="{num(legend_x + 18)}" '
        f'y="{num(legend_top + LEADING * i + 9)}" dominant-baseline="central">{html.escape(row)}</text>'
        for i, row in enumerate(rows)
    )
    legend_width = text_width(rows) + 18
    width = max(legend_x + legend_width, PAD + ems(pie.title) * FONT) + PAD
    height = max(cy + RADIUS, legend_top + LEADING * len(rows)) + PAD
    title = title_svg("pie", pie.title, width / 2)
    said = ", ".join(f"{label} {value:g}" for label, value in pie.slices)
    label = " ".join(f"Pie chart: {pie.title} {said}".split())
    return svg_element(width, height, label, f"{title}{''.join(slices)}{legend}")


def slice_svg(number: int, centre: tuple[float, float], start: float, share: float) -> str:
    """One slice, from `start` (radians clockwise from the top) over `share` of the circle, its
    share written at its middle (none under 5%)."""
    cx, cy = centre
    cls = f"slice-{number % COLOURS}"
    if share >= 1.0:
        shape = f'<circle class="{cls}" cx="{num(cx)}" cy="{num(cy)}" r="{num(RADIUS)}"/>'
    else:
        end = start + share * 2 * math.pi
        x0, y0 = cx + RADIUS * math.sin(start), cy - RADIUS * math.cos(start)
        x1, y1 = cx + RADIUS * math.sin(end), cy - RADIUS * math.cos(end)
        large = 1 if share > 0.5 else 0
        shape = (
            f'<path class="{cls}" d="M{num(cx)},{num(cy)} L{num(x0)},{num(y0)} '
            f'A{num(RADIUS)},{num(RADIUS)} 0 {large},1 {num(x1)},{num(y1)} Z"/>'
        )
    if share < 0.05:  # (a share too narrow for its number)
        return shape
    middle = start + share * math.pi
    tx, ty = cx + RADIUS * 0.62 * math.sin(middle), cy - RADIUS * 0.62 * math.cos(middle)
    text = (
        f'<text class="slice-share" x="{num(tx)}" y="{num(ty)}" text-anchor="middle" '
        f'dominant-baseline="central">{share * 100:.0f}%</text>'
    )
    return shape + text
