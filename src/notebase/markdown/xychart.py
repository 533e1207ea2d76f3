"""Mermaid XY charts (a ```mermaid block starting `xychart-beta` or `xychart`) drawn at build time
as inline SVG: bar and line charts on a plot with a value axis of "nice" ticks (1, 2 or 5 times a
power of ten) and its grid, the categories (or numbers) along the other axis, the axes' titles,
a legend of the named series and the chart's title above.

Read: `xychart-beta` or `xychart` (then `horizontal`: the values along the bottom, bars growing
rightwards, the categories down the left; or `vertical`), `title`, `x-axis "title" [a, "b c"]`
(categories), `x-axis "title" 0 --> 100` (a numeric range the values are spread evenly over) or
`x-axis "title"`, `y-axis "title" 0 --> 100` or `y-axis "title"` (the range then from the data,
from zero when there are bars), `bar [n, ...]` and `line [n, ...]` (a series' name may come before
its values: `bar "name" [...]`; several of each; negative numbers and decimals too). Bars grow
from zero (or from the range's edge nearest it), side by side in their category when there are
several series of bars; lines are polylines with a dot a value; a value outside a written range is
drawn at its edge. `%%` comments, `%%{init}%%` directives, a `---` block of settings and
`accTitle`/`accDescr` are read past. Stacked bars (`bar {"a": [...]}`), points' own labels, more
values than categories, over 500 values, or anything else leaves the chart its code.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

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
    title_svg,
)
from notebase.markdown.textwidth import ems

WIDTH = 560.0  # px, the plot's
HEIGHT = 320.0
MOST_VALUES = 500
COLOURS = 8  # the series' colours, from the theme (.xychart-series-0 ... -7)
LABEL_FONT = 12.0  # px, the ticks' and categories' labels
TITLE_FONT = 16.0  # px (bold)
BOLD = 1.1  # how much wider a bold text is drawn, about
TICK = 5.0  # px, a tick's length outside the plot
GAP = 6.0  # px between a tick and its label, a label and an axis' title
BAR_SHARE = 0.7  # of a category's room its bars take
DOT = 3.5  # px, a line's dot's radius
SWATCH = 12.0  # px, a legend's colour square
TARGET_TICKS = 6  # about how many steps the value axis is split in (at most)
SIN45 = math.sqrt(0.5)

_HEADER = re.compile(r"xychart(?:-beta)?(?:\s+(horizontal|vertical))?$", re.I)
_TITLE = re.compile(r"title\s+(.+)$", re.I)
_TEXT = r'"[^"]*"|[^\s"\[\]{}]+'  # a title: quoted, or a word
_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_AXIS = re.compile(r"([xy])-axis(?:\s+(.*))?$", re.I)
_RANGE = re.compile(rf"(?:(?P<title>{_TEXT})\s+)?(?P<low>{_NUMBER})\s*-->\s*(?P<high>{_NUMBER})")
_BANDS = re.compile(rf"(?:(?P<title>{_TEXT})\s*)?\[(?P<items>.*)\]")
_ONLY_TITLE = re.compile(rf"(?P<title>{_TEXT})")
_SERIES = re.compile(rf"(bar|line)(?:\s*(?P<title>{_TEXT}))?\s*\[(?P<items>.*)\]$", re.I)
_ITEM = re.compile(r'\s*("[^"]*"|[^,"]*?)\s*(,|$)')


@dataclass(frozen=True, slots=True)
class Series:
    kind: str  # "bar" or "line"
    name: str
    values: tuple[float, ...]


@dataclass(slots=True)
class XYChart:
    horizontal: bool = False
    title: str = ""
    x_title: str = ""
    categories: tuple[str, ...] | None = None  # `x-axis [a, b]`
    x_range: tuple[float, float] | None = None  # `x-axis 0 --> 100`
    y_title: str = ""
    y_range: tuple[float, float] | None = None
    series: list[Series] = field(default_factory=list)


def xychart_html(source: str) -> str | None:
    """The XY chart `source` drawn as a figure holding its SVG; None when it is none this reader
    reads (its code block then stands)."""
    return figure(xychart_svg, read_xychart, source)


def read_xychart(source: str) -> XYChart:
    lines = diagram_lines(source, trailing_comments=True)
    header = _HEADER.fullmatch(lines[0]) if lines else None
    if header is None:
        raise Unread("no XY chart")
    chart = XYChart(horizontal=(header.group(1) or "").lower() == "horizontal")
    for line in lines[1:]:
        if (title := _TITLE.match(line)) is not None:
            chart.title = text_of(title.group(1))
        elif (axis := _AXIS.fullmatch(line)) is not None:
            read_axis(chart, axis.group(1).lower(), (axis.group(2) or "").strip())
        elif (series := _SERIES.fullmatch(line)) is not None:
            values = tuple(number(item) for item in items_of(series.group("items")))
            if not values:
                raise Unread("a series without values")
            name = text_of(series.group("title") or "")
            chart.series.append(Series(series.group(1).lower(), name, values))
        else:
            raise Unread(f"not read: {line!r}")
    if not chart.series:
        raise Unread("no data")
    if sum(len(s.values) for s in chart.series) > MOST_VALUES:
        raise Unread("too many values")
    if chart.categories is not None and any(
        len(s.values) > len(chart.categories) for s in chart.series
    ):
        raise Unread("more values than categories")
    return chart


def text_of(written: str) -> str:
    return " ".join(label_lines(written)) if written else ""


def read_axis(chart: XYChart, which: str, written: str) -> None:
    """`"title" low --> high`, `"title" [a, b]` (the x axis alone) or `"title"` (or nothing)."""
    title, bounds, categories = "", None, None
    if (ranged := _RANGE.fullmatch(written)) is not None:
        low, high = float(ranged.group("low")), float(ranged.group("high"))
        if not low < high:
            raise Unread("an axis' range not rising")
        title, bounds = text_of(ranged.group("title") or ""), (low, high)
    elif which == "x" and (bands := _BANDS.fullmatch(written)) is not None:
        title = text_of(bands.group("title") or "")
        categories = tuple(text_of(item) for item in items_of(bands.group("items")))
        if not categories or len(categories) > MOST_VALUES:
            raise Unread("no categories, or too many")
    elif (only := _ONLY_TITLE.fullmatch(written)) is not None:
        title = text_of(only.group("title"))
    elif written:
        raise Unread(f"no axis: {written!r}")
    if which == "x":
        chart.x_title, chart.x_range, chart.categories = title, bounds, categories
    else:
        chart.y_title, chart.y_range = title, bounds


def items_of(written: str) -> list[str]:
    """The comma-separated items of a `[...]` list (quoted ones may hold commas); none empty."""
    written = written.strip()
    if not written:
        return []
    items: list[str] = []
    at = 0
    while True:
        item = _ITEM.match(written, at)
        if item is None or not item.group(1) or item.group(1) == '""':
            raise Unread(f"not a list: {written!r}")
        items.append(item.group(1))
        if not item.group(2):
            return items
        at = item.end()


def number(written: str) -> float:
    if not re.fullmatch(_NUMBER, written):
        raise Unread(f"no number: {written!r}")
    return float(written)


def nice_step(span: float) -> float:
    """The smallest of 1, 2 or 5 times a power of ten splitting `span` in TARGET_TICKS steps or
    fewer."""
    raw = span / TARGET_TICKS
    power = 10.0 ** math.floor(math.log10(raw))
    return next(f * power for f in (1.0, 2.0, 5.0, 10.0) if f * power >= raw * (1 - 1e-9))


def ticks_of(low: float, high: float) -> tuple[float, float, list[float], float]:
    """A written range kept as it is; its ticks, the multiples of a nice step inside it."""
    step = nice_step(high - low)
    first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
    return low, high, [k * step for k in range(first, last + 1)], step


def value_axis(chart: XYChart) -> tuple[float, float, list[float], float]:
    """The value axis' low and high ends, its ticks and their step: as written, or from the data
    (from zero when there are bars, so that their lengths tell their values) widened to the
    ticks."""
    if chart.y_range is not None:
        return ticks_of(*chart.y_range)
    values = [v for s in chart.series for v in s.values]
    low, high = min(values), max(values)
    if any(s.kind == "bar" for s in chart.series):
        low, high = min(low, 0.0), max(high, 0.0)
    if low == high:
        low, high = (low - 1, high + 1) if low else (0.0, 1.0)
    step = nice_step(high - low)
    low, high = math.floor(low / step + 1e-9) * step, math.ceil(high / step - 1e-9) * step
    return (*ticks_of(low, high)[:3], step)


def tick_text(value: float, step: float) -> str:
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    text = f"{value:.{decimals}f}"
    return "0" if text.strip("-0.") == "" else text


Label = tuple[float, str]  # a place along its axis, a text


def label_width(text: str) -> float:
    return ems(text) * LABEL_FONT


def thinned(labels: list[Label], fits: Callable[[Label, Label], bool]) -> list[Label]:
    """Every label, or every k-th for the least k keeping each apart from the next."""
    for k in range(1, len(labels) + 1):
        kept = labels[::k]
        if all(fits(a, b) for a, b in pairwise(kept)):
            return kept
    return labels[:1]


@dataclass(frozen=True, slots=True)
class Plot:
    """Where a chart's values are drawn: the plot's top left corner, the value axis' range, and
    whether the values run across (`horizontal`) or up."""

    left: float
    top: float
    low: float
    high: float
    horizontal: bool

    def share(self, value: float) -> float:
        """A value's place along the value axis, 0 .. 1 (kept to the axis)."""
        return (min(max(value, self.low), self.high) - self.low) / (self.high - self.low)

    def point(self, along: float, value: float) -> tuple[float, float]:
        """The point `along` the category axis at `value`."""
        if self.horizontal:
            return self.left + WIDTH * self.share(value), self.top + along
        return self.left + along, self.top + HEIGHT * (1 - self.share(value))


Labels = list[tuple[float, str]]  # (place along the axis, text)


def xychart_svg(chart: XYChart) -> str:
    low, high, ticks, step = value_axis(chart)
    n = len(chart.categories) if chart.categories else max(len(s.values) for s in chart.series)
    along = HEIGHT if chart.horizontal else WIDTH  # the category axis' length
    centres, band, categories = category_axis(chart, n, along)
    scale = Plot(0.0, 0.0, low, high, chart.horizontal)
    values = [(t, tick_text(t, step)) for t in ticks]
    bottom, left_labels, turned = edge_labels(chart, scale, categories, values)
    bottom_title, left_title = (
        (chart.y_title, chart.x_title) if chart.horizontal else (chart.x_title, chart.y_title)
    )
    legend_rows = legend_layout([(i, s) for i, s in enumerate(chart.series) if s.name], WIDTH)
    title_room = LEADING + 12 if chart.title else 0.0
    left, width, middle, bottom_room = across_room(chart, bottom, left_labels, turned, left_title)
    top = PAD + title_room + (LEADING * len(legend_rows) + GAP if legend_rows else 0.0)
    plot = Plot(left, top, low, high, chart.horizontal)
    labels_end = top + HEIGHT + TICK + GAP + bottom_room
    height = labels_end + (GAP + LEADING if bottom_title else 0.0) + PAD
    body = [
        grid_svg(plot, ticks),
        *bars_svg(chart, plot, centres, band),
        axes_svg(plot, along, bottom, left_labels),
        *lines_svg(chart, plot, centres),
        *labels_svg(plot, bottom, left_labels, turned),
        *axis_titles_svg(plot, (bottom_title, left_title), labels_end),
        legend_svg(legend_rows, left, PAD + title_room),
    ]
    body.append(title_svg("xychart", chart.title, middle))
    return svg_element(width, height, aria_label(chart), "".join(body))


def category_axis(chart: XYChart, n: int, along: float) -> tuple[list[float], float, Labels]:
    """Each category's centre along its axis, the band each has, and the axis' labels: the
    categories, or a numeric range's round ticks (its values spread evenly over it, inset half
    a band for bars)."""
    band = along / n
    if chart.x_range is None:
        names = chart.categories or tuple(str(i + 1) for i in range(n))
        centres = [band * (i + 0.5) for i in range(n)]
        return centres, band, list(zip(centres, names, strict=True))
    inset = band / 2 if any(s.kind == "bar" for s in chart.series) else 0.0
    x_low, x_high = chart.x_range
    spread = (along - 2 * inset) / (n - 1) if n > 1 else 0.0
    centres = [inset + spread * i if n > 1 else along / 2 for i in range(n)]
    _, _, x_ticks, x_step = ticks_of(x_low, x_high)
    labels = [
        (inset + (along - 2 * inset) * (t - x_low) / (x_high - x_low), tick_text(t, x_step))
        for t in x_ticks
    ]
    return centres, band, labels


def edge_labels(
    chart: XYChart, scale: Plot, categories: Labels, values: list[tuple[float, str]]
) -> tuple[Labels, Labels, bool]:
    """The labels along the bottom and down the left (every k-th of those that would run into
    each other), and whether the bottom ones are turned 45° (they would, flat)."""
    if chart.horizontal:
        bottom = [(WIDTH * scale.share(t), text) for t, text in values]
        left_labels = categories
    else:
        bottom = categories
        left_labels = [(HEIGHT * (1 - scale.share(t)), text) for t, text in values]
    left_labels = thinned(left_labels, lambda a, b: abs(b[0] - a[0]) >= LABEL_FONT + 2)
    turned = not all(
        b[0] - a[0] >= (label_width(a[1]) + label_width(b[1])) / 2 + GAP
        for a, b in pairwise(bottom)
    )
    if turned:
        bottom = thinned(bottom, lambda a, b: (b[0] - a[0]) * SIN45 >= LABEL_FONT + 3)
    return bottom, left_labels, turned


def across_room(
    chart: XYChart, bottom: Labels, left_labels: Labels, turned: bool, left_title: str
) -> tuple[float, float, float, float]:
    """The plot's left edge, the drawing's width, the title's middle, and the room the bottom
    labels take below the plot (a turned label runs down-left from its tick)."""
    left_room = max((label_width(text) for _, text in left_labels), default=0.0)
    left = PAD + (LEADING + GAP if left_title else 0.0) + left_room + TICK + GAP
    if turned:
        left = max([left] + [PAD + label_width(t) * SIN45 - x for x, t in bottom])
        widest = max((label_width(text) for _, text in bottom), default=0.0)
        bottom_room, right_over = widest * SIN45 + LABEL_FONT * SIN45, 0.0
    else:
        left = max([left] + [PAD + label_width(t) / 2 - x for x, t in bottom])
        bottom_room = LEADING
        right_over = max([0.0] + [x + label_width(t) / 2 - WIDTH for x, t in bottom])
    title_width = ems(chart.title) * TITLE_FONT * BOLD
    middle = max(left + WIDTH / 2, PAD + title_width / 2)
    width = max(left + WIDTH + right_over, middle + title_width / 2) + PAD
    return left, width, middle, bottom_room


def grid_svg(plot: Plot, ticks: Sequence[float]) -> str:
    """A line across the plot at each of the value axis' ticks."""
    left, top = plot.left, plot.top
    grid = "".join(
        f"M{num(left + WIDTH * plot.share(t))},{num(top)} V{num(top + HEIGHT)} "
        if plot.horizontal
        else f"M{num(left)},{num(top + HEIGHT * (1 - plot.share(t)))} H{num(left + WIDTH)} "
        for t in ticks
    )
    return f'<path class="xychart-grid" d="{grid.strip()}"/>' if grid else ""


def bars_svg(chart: XYChart, plot: Plot, centres: list[float], band: float) -> list[str]:
    """The bar series, side by side in each category, from zero (or the axis' nearer end)."""
    bars = [s for s in chart.series if s.kind == "bar"]
    width_each = band * BAR_SHARE / max(len(bars), 1)
    base = min(max(0.0, plot.low), plot.high)
    drawn = []
    for j, s in enumerate(bars):
        colour = chart.series.index(s) % COLOURS
        rects = []
        for i, value in enumerate(s.values):
            c = centres[i] - band * BAR_SHARE / 2 + width_each * j
            x0, y0 = plot.point(c, base)
            x1, y1 = plot.point(c + width_each, value)
            rects.append(
                f'<rect x="{num(min(x0, x1))}" y="{num(min(y0, y1))}" '
                f'width="{num(abs(x1 - x0))}" height="{num(abs(y1 - y0))}"/>'
            )
        drawn.append(f'<g class="xychart-bar xychart-series-{colour}">{"".join(rects)}</g>')
    return drawn


def axes_svg(plot: Plot, along: float, bottom: Labels, left_labels: Labels) -> str:
    """The plot's left and bottom sides, zero's line when inside it, and the ticks."""
    left, top, plot_bottom = plot.left, plot.top, plot.top + HEIGHT
    axis = [f"M{num(left)},{num(top)} V{num(plot_bottom)} H{num(left + WIDTH)}"]
    if plot.low < 0 < plot.high:
        (zx, zy), (ex, ey) = plot.point(0.0, 0.0), plot.point(along, 0.0)
        axis.append(f"M{num(zx)},{num(zy)} L{num(ex)},{num(ey)}")
    axis += [f"M{num(left + x)},{num(plot_bottom)} v{num(TICK)}" for x, _ in bottom]
    axis += [f"M{num(left)},{num(top + y)} h{num(-TICK)}" for y, _ in left_labels]
    return f'<path class="xychart-axis" d="{" ".join(axis)}"/>'


def lines_svg(chart: XYChart, plot: Plot, centres: list[float]) -> list[str]:
    """The line series, a dot a value."""
    drawn = []
    for k, s in enumerate(chart.series):
        if s.kind != "line":
            continue
        points = [plot.point(centres[i], value) for i, value in enumerate(s.values)]
        dots = "".join(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(DOT)}"/>' for x, y in points)
        path = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        drawn.append(
            f'<g class="xychart-line xychart-series-{k % COLOURS}">'
            f'<polyline points="{path}"/>{dots}</g>'
        )
    return drawn


def labels_svg(plot: Plot, bottom: Labels, left_labels: Labels, turned: bool) -> list[str]:
    """The labels along the bottom (turned 45° when `turned`) and down the left."""
    label_y = plot.top + HEIGHT + TICK + GAP
    drawn = []
    for x, text in bottom:
        cx = plot.left + x
        if turned:
            drawn.append(
                f'<text class="xychart-label" x="{num(cx)}" y="{num(label_y)}" '
                f'text-anchor="end" dominant-baseline="central" '
                f'transform="rotate(-45 {num(cx)} {num(label_y)})">{html.escape(text)}</text>'
            )
        else:
            drawn.append(
                f'<text class="xychart-label" x="{num(cx)}" y="{num(label_y + LABEL_FONT / 2)}" '
                f'text-anchor="middle" dominant-baseline="central">{html.escape(text)}</text>'
            )
    drawn += [
        f'<text class="xychart-label" x="{num(plot.left - TICK - GAP)}" y="{num(plot.top + y)}" '
        f'text-anchor="end" dominant-baseline="central">{html.escape(text)}</text>'
        for y, text in left_labels
    ]
    return drawn


def axis_titles_svg(plot: Plot, titles: tuple[str, str], labels_end: float) -> list[str]:
    """The bottom axis' title under its labels, the left one's turned up beside them."""
    bottom_title, left_title = titles
    drawn = []
    if bottom_title:
        drawn.append(
            f'<text class="xychart-axis-title" x="{num(plot.left + WIDTH / 2)}" '
            f'y="{num(labels_end + GAP + LEADING / 2)}" text-anchor="middle" '
            f'dominant-baseline="central">{html.escape(bottom_title)}</text>'
        )
    if left_title:
        ax, ay = PAD + LEADING / 2, plot.top + HEIGHT / 2
        drawn.append(
            f'<text class="xychart-axis-title" x="{num(ax)}" y="{num(ay)}" text-anchor="middle" '
            f'dominant-baseline="central" transform="rotate(-90 {num(ax)} {num(ay)})">'
            f"{html.escape(left_title)}</text>"
        )
    return drawn


Legend = list[list[tuple[float, int, str]]]  # rows of (x from the left, colour, name)


def legend_layout(named: Sequence[tuple[int, Series]], room: float) -> Legend:
    """The named series' swatches and names in rows as wide as `room` at most."""
    rows: Legend = []
    x = room
    for index, s in named:
        wide = SWATCH + GAP + ems(s.name) * FONT
        if x + wide > room and (not rows or rows[-1]):
            rows.append([])
            x = 0.0
        rows[-1].append((x, index % COLOURS, s.name))
        x += wide + 3 * GAP
    return rows


def legend_svg(rows: Legend, left: float, top: float) -> str:
    out: list[str] = []
    for r, row in enumerate(rows):
        y = top + LEADING * r + LEADING / 2
        for x, colour, name in row:
            out.append(
                f'<g class="xychart-legend xychart-series-{colour}">'
                f'<rect x="{num(left + x)}" y="{num(y - SWATCH / 2)}" width="{num(SWATCH)}" '
                f'height="{num(SWATCH)}"/><text x="{num(left + x + SWATCH + GAP)}" y="{num(y)}" '
                f'dominant-baseline="central">{html.escape(name)}</text></g>'
            )
    return "".join(out)


def aria_label(chart: XYChart) -> str:
    """`XY chart: title; x title: categories; y title: low to high; bar name: values; ...`."""
    parts = [chart.title] if chart.title else []
    if chart.categories is not None:
        x_said = ", ".join(chart.categories)
    elif chart.x_range is not None:
        x_said = f"{chart.x_range[0]:g} to {chart.x_range[1]:g}"
    else:
        x_said = ""
    if chart.x_title or x_said:
        parts.append(f"{chart.x_title}: {x_said}" if chart.x_title else x_said)
    if chart.y_title:
        y_said = f": {chart.y_range[0]:g} to {chart.y_range[1]:g}" if chart.y_range else ""
        parts.append(chart.y_title + y_said)
    for s in chart.series:
        kind = f"{s.kind} {s.name}" if s.name else s.kind
        parts.append(f"{kind}: {', '.join(f'{v:g}' for v in s.values)}")
    return "XY chart: " + "; ".join(parts)
