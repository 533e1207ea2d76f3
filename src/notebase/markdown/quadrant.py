"""Mermaid quadrant charts (a ```mermaid block starting `quadrantChart`) drawn at build time as
inline SVG: a square plot split into four tinted quadrants, each with its label, the axes' texts
along the bottom and the left edges, the points as circles where their coordinates put them (y
up) with their names beside them, the title above.

Read: `quadrantChart`, `title`, `x-axis Low --> High` (or `x-axis Low`, or `x-axis Low -->`: an
arrow after it), `y-axis Bottom --> Top` alike, `quadrant-1` (top right) to `quadrant-4` (bottom
right), points `Name: [x, y]` (x and y from 0 to 1); quoted texts, `<br>` line breaks. A point's
styling (`radius: 12, color: #ff3300, stroke-color: ..., stroke-width: 5px`), its `:::class` and
`classDef` lines are read past: the chart takes the theme's colours alone, no colour of the note
reaches the page. `%%` comments, `%%{init}%%` directives and `accTitle`/`accDescr` (an `accDescr
{ ... }` block too) are read past. As Mermaid places them: the axes' texts centred under (beside)
their halves when both are written, the one alone from the axis' start; the quadrants' labels at
their tops when there are points, in their middles when there are none. A coordinate that is no
number from 0 to 1, a style Mermaid has not, over 500 points, or anything else leaves the chart
its code.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
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
    title_svg,
)
from notebase.markdown.textwidth import ems, wrapped

SIZE = 400.0  # px, the plot's side
HALF = SIZE / 2
MOST_POINTS = 500
RADIUS = 5.0  # px, a point's circle (Mermaid's pointRadius)
POINT_FONT = 12.0  # px, a point's name (Mermaid's pointLabelFontSize)
LABEL_FONT = 15.0  # px, a quadrant's label (bold: BOLD wider)
TITLE_FONT = 16.0  # px (bold)
BOLD = 1.1  # how much wider a bold text is drawn, about
INSET = 8.0  # px between a quadrant's side and its label
AXIS_GAP = 6.0  # px between the plot and the axes' texts
NAME_GAP = 4.0  # px between a point and its name
CELL = 40.0  # px, the grid the names' placing looks obstacles up in
ARROW = " \u27f6"  # what `x-axis Low -->` writes after its text, as Mermaid does

_TITLE = re.compile(r"title\s+(.*)$", re.I)
_AXIS = re.compile(r"([xy])-axis\s+(.*?)\s*$", re.I)
_DELIMITER = re.compile(r"\s*-{2,}>\s*")
_QUADRANT = re.compile(r"quadrant-([1-4])\s+(.*)$", re.I)
_POINT = re.compile(
    r"(?P<name>.+?)(?::::(?P<cls>\w+))?\s*:\s*\[\s*(?P<x>[^,\]]*?)\s*,\s*(?P<y>[^,\]]*?)\s*\]"
    r"\s*(?P<styles>.*)$"
)
_CLASS_DEF = re.compile(r"classDef\s+\w+\s+(.+)$")
_NUMBER = re.compile(r"\d+(?:\.\d+)?|\.\d+")
_STYLES = {  # the point styles Mermaid reads (and their values): read past, never drawn
    "radius": re.compile(r"\d+"),
    "color": re.compile(r"#[0-9a-f]{3,8}", re.I),
    "stroke-color": re.compile(r"#[0-9a-f]{3,8}", re.I),
    "stroke-width": re.compile(r"\d+px"),
}

Rect = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True, slots=True)
class Point:
    name: str
    x: float  # 0 (left) .. 1 (right)
    y: float  # 0 (bottom) .. 1 (top)


@dataclass(slots=True)
class Quadrants:
    title: str = ""
    x_axis: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # low (left), high (right)
    y_axis: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # low (bottom), high (top)
    labels: dict[int, tuple[str, ...]] = field(default_factory=dict)  # quadrant 1-4 -> text
    points: list[Point] = field(default_factory=list)


def quadrant_html(source: str) -> str | None:
    """The quadrant chart `source` drawn as a figure holding its SVG; None when it is none this
    reader reads (its code block then stands)."""
    return figure(quadrant_svg, read_quadrants, source)


def read_quadrants(source: str) -> Quadrants:
    lines = diagram_lines(source, trailing_comments=True)
    if not lines or lines[0].lower() != "quadrantchart":
        raise Unread("no quadrant chart")
    chart = Quadrants()
    for line in lines[1:]:
        if (title := _TITLE.match(line)) is not None:
            chart.title = " ".join(label_lines(title.group(1)))
        elif (axis := _AXIS.match(line)) is not None:
            texts = axis_texts(axis.group(2))
            if axis.group(1).lower() == "x":
                chart.x_axis = texts
            else:
                chart.y_axis = texts
        elif (quadrant := _QUADRANT.match(line)) is not None:
            chart.labels[int(quadrant.group(1))] = texts_of(quadrant.group(2))
        elif (class_def := _CLASS_DEF.match(line)) is not None:
            read_styles(class_def.group(1))
        elif (point := _POINT.match(line)) is not None:
            read_styles(point.group("styles"))
            name = " ".join(label_lines(point.group("name")))
            chart.points.append(
                Point(name, coordinate(point.group("x")), coordinate(point.group("y")))
            )
        else:
            raise Unread(f"not read: {line!r}")
    if len(chart.points) > MOST_POINTS:
        raise Unread("too many points")
    return chart


def texts_of(written: str) -> tuple[str, ...]:
    lines = label_lines(written)
    return () if lines == ("",) else lines


def axis_texts(written: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`Low --> High`, `Low -->` (an arrow after it, as Mermaid writes it) or `Low`."""
    parts = _DELIMITER.split(written, maxsplit=1)
    low, high = parts[0].strip(), (parts[1].strip() if len(parts) > 1 else None)
    if not low:
        raise Unread("an axis without its text")
    if high is None:
        return texts_of(low), ()
    if not high:
        return texts_of(low + ARROW), ()
    return texts_of(low), texts_of(high)


def coordinate(written: str) -> float:
    """A point's x or y: a number from 0 to 1 (Mermaid reads no other)."""
    if not _NUMBER.fullmatch(written):
        raise Unread(f"no coordinate: {written!r}")
    value = float(written)
    if not 0.0 <= value <= 1.0:
        raise Unread(f"a coordinate outside 0..1: {written!r}")
    return value


def read_styles(written: str) -> None:
    """Point styles (`radius: 12, color: #ff3300`...): read past, unread when Mermaid would not
    read them."""
    if not written.strip():
        return
    for style in written.split(","):
        key, colon, value = style.partition(":")
        pattern = _STYLES.get(key.strip().lower())
        if not colon or pattern is None or not pattern.fullmatch(value.strip()):
            raise Unread(f"no style Mermaid reads: {style!r}")


def quadrant_svg(chart: Quadrants) -> str:
    x_low, x_high = axis_lines(chart.x_axis)
    y_low, y_high = axis_lines(chart.y_axis)
    x_rows = max(len(x_low), len(x_high))
    y_rows = max(len(y_low), len(y_high))
    title_width = ems(chart.title) * TITLE_FONT * BOLD
    title_room = LEADING + 12 if chart.title else 0.0
    left = PAD + (LEADING * y_rows + AXIS_GAP if y_rows else 0.0)
    top = PAD + title_room
    middle = max(left + HALF, PAD + title_width / 2)
    width = max(left + SIZE, middle + title_width / 2) + PAD
    height = top + SIZE + (LEADING * x_rows + AXIS_GAP if x_rows else 0.0) + PAD
    body = [quadrants_svg(left, top)]
    label_boxes: list[Rect] = []
    for number, lines in sorted(chart.labels.items()):
        if not lines:  # (`quadrant-1 ""`)
            continue
        svg, box = quadrant_label_svg(number, lines, left, top, bool(chart.points))
        body.append(svg)
        label_boxes.append(box)
    body.append(x_axis_svg(x_low, x_high, left, top + SIZE + AXIS_GAP))
    body.append(y_axis_svg(y_low, y_high, left - AXIS_GAP, top))
    body.append(points_svg(chart.points, left, top, label_boxes))
    body.insert(0, title_svg("quadrant", chart.title, middle))
    said = ", ".join(f"{p.name} ({p.x:g}, {p.y:g})" for p in chart.points)
    if not said:  # (no point: the quadrants' labels say what it shows)
        said = ", ".join(" ".join(chart.labels[n]) for n in sorted(chart.labels))
    label = "; ".join(part for part in (chart.title, said) if part)
    return svg_element(width, height, f"Quadrant chart: {label}".strip(), "".join(body))


def axis_lines(
    axis: tuple[tuple[str, ...], tuple[str, ...]],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An axis' texts wrapped to their room: a half each when both are written, else the whole."""
    low, high = axis
    room = HALF - INSET if high else SIZE
    return wrapped(low, room / FONT), wrapped(high, room / FONT)


def quadrants_svg(left: float, top: float) -> str:
    corners = {
        1: (left + HALF, top),
        2: (left, top),
        3: (left, top + HALF),
        4: (left + HALF, top + HALF),
    }
    backgrounds = "".join(
        f'<rect class="quadrant-{n}" x="{num(x)}" y="{num(y)}" width="{num(HALF)}" '
        f'height="{num(HALF)}"/>'
        for n, (x, y) in corners.items()
    )
    divide = (
        f'<path class="quadrant-divide" d="M{num(left + HALF)},{num(top)} V{num(top + SIZE)} '
        f'M{num(left)},{num(top + HALF)} H{num(left + SIZE)}"/>'
    )
    frame = (
        f'<rect class="quadrant-frame" x="{num(left)}" y="{num(top)}" width="{num(SIZE)}" '
        f'height="{num(SIZE)}"/>'
    )
    return backgrounds + divide + frame


def quadrant_label_svg(
    number: int, lines: tuple[str, ...], left: float, top: float, at_top: bool
) -> tuple[str, Rect]:
    """A quadrant's label, centred across it: at its top (under its side by INSET), or in its
    middle when the chart has no point; and the box it takes."""
    lines = wrapped(lines, (HALF - 2 * INSET) / (LABEL_FONT * BOLD))
    x0 = left + (HALF if number in (1, 4) else 0.0)
    y0 = top + (HALF if number in (3, 4) else 0.0)
    cx = x0 + HALF / 2
    high = LEADING * len(lines)
    first = y0 + INSET + LEADING / 2 if at_top else y0 + HALF / 2 - high / 2 + LEADING / 2
    spans = "".join(
        f'<tspan x="{num(cx)}" y="{num(first + LEADING * i)}">{html.escape(line)}</tspan>'
        for i, line in enumerate(lines)
    )
    wide = max(ems(line) for line in lines) * LABEL_FONT * BOLD
    box = (cx - wide / 2, first - LEADING / 2, cx + wide / 2, first - LEADING / 2 + high)
    return (
        f'<text class="quadrant-label" text-anchor="middle" dominant-baseline="central">'
        f"{spans}</text>",
        box,
    )


def lines_svg(lines: Sequence[str], x: float, first: float, anchor: str, turned: str = "") -> str:
    spans = "".join(
        f'<tspan x="{num(x)}" y="{num(first + LEADING * i)}">{html.escape(line)}</tspan>'
        for i, line in enumerate(lines)
    )
    return (
        f'<text class="quadrant-axis"{turned} text-anchor="{anchor}" '
        f'dominant-baseline="central">{spans}</text>'
    )


def x_axis_svg(low: tuple[str, ...], high: tuple[str, ...], left: float, top: float) -> str:
    """The x axis' texts under the plot: low's under the left half and high's under the right,
    centred; low's alone from the left end."""
    first = top + LEADING / 2
    if not high:
        return lines_svg(low, left, first, "start") if low else ""
    return lines_svg(low, left + HALF / 2, first, "middle") + lines_svg(
        high, left + HALF * 1.5, first, "middle"
    )


def y_axis_svg(low: tuple[str, ...], high: tuple[str, ...], right: float, top: float) -> str:
    """The y axis' texts left of the plot, turned to read upwards: low's beside the bottom half
    and high's beside the top, centred; low's alone from the bottom end. Their last lines
    nearest the plot."""

    def turned(lines: tuple[str, ...], along: float, anchor: str) -> str:
        # turned a quarter left about (right, along): a line's y (down its lines) runs rightwards
        first = -LEADING * (len(lines) - 0.5)
        return lines_svg(
            lines,
            0.0,
            first,
            anchor,
            f' transform="translate({num(right)} {num(along)}) rotate(-90)"',
        )

    if not high:
        return turned(low, top + SIZE, "start") if low else ""
    return turned(low, top + HALF * 1.5, "middle") + turned(high, top + HALF / 2, "middle")


def points_svg(points: list[Point], left: float, top: float, labels: list[Rect]) -> str:
    """The points, each a circle where its coordinates put it, its name beside it: of the places
    round it, the first inside the plot overlapping nothing drawn (the other circles, the names
    placed before, the quadrants' labels), or else the one overlapping least."""
    plot = (left, top, left + SIZE, top + SIZE)
    centres = [(left + p.x * SIZE, top + (1 - p.y) * SIZE) for p in points]
    grid = Grid()
    for box in labels:
        grid.add(box)
    for cx, cy in centres:
        grid.add((cx - RADIUS - 1, cy - RADIUS - 1, cx + RADIUS + 1, cy + RADIUS + 1))
    out: list[str] = []
    for point, (cx, cy) in zip(points, centres, strict=True):
        box = name_box(point.name, (cx, cy), plot, grid)
        grid.add(box)
        name = (
            f'<text x="{num(box[0])}" y="{num((box[1] + box[3]) / 2)}" '
            f'dominant-baseline="central">{html.escape(point.name)}</text>'
            if point.name
            else ""
        )
        out.append(
            f'<g class="quadrant-point"><circle cx="{num(cx)}" cy="{num(cy)}" '
            f'r="{num(RADIUS)}"/>{name}</g>'
        )
    return "".join(out)


def name_box(name: str, centre: tuple[float, float], plot: Rect, grid: Grid) -> Rect:
    cx, cy = centre
    wide, high = ems(name) * POINT_FONT, POINT_FONT + 4
    near, off = RADIUS + NAME_GAP, RADIUS + 1
    middle = cy - high / 2
    places = [  # the box's left and top: right, left, below, above, then the corners
        (cx + near, middle),
        (cx - near - wide, middle),
        (cx - wide / 2, cy + near),
        (cx - wide / 2, cy - near - high),
        (cx + 2, cy - off - high),
        (cx + 2, cy + off),
        (cx - 2 - wide, cy - off - high),
        (cx - 2 - wide, cy + off),
    ]
    for rows in (1, 2):  # then right and left a row or two up or down
        for dy in (-rows * high, rows * high):
            places += [(cx + near, middle + dy), (cx - near - wide, middle + dy)]
    best: tuple[float, Rect] | None = None
    for i, (x, y) in enumerate(places):
        # moved inside the plot (by 2 px from its sides) where it fits there
        x = min(max(x, plot[0] + 2), plot[2] - 2 - wide) if wide < SIZE - 4 else plot[0] + 2
        y = min(max(y, plot[1] + 2), plot[3] - 2 - high)
        box = (x, y, x + wide, y + high)
        cost = grid.overlap(box, best[0] if best else float("inf")) + i * 1e-3
        if cost < 1e-2:
            return box
        if best is None or cost < best[0]:
            best = (cost, box)
    assert best is not None
    return best[1]


class Grid:
    """Boxes, found by the cells of CELL px they meet; a box drawn again (points written at the
    same place) kept once, with how often."""

    def __init__(self) -> None:
        self.boxes: dict[Rect, int] = {}  # a box -> how often it was added
        self.cells: dict[tuple[int, int], list[Rect]] = {}

    def _cells(self, box: Rect) -> Iterable[tuple[int, int]]:
        for i in range(int(box[0] // CELL), int(box[2] // CELL) + 1):
            for j in range(int(box[1] // CELL), int(box[3] // CELL) + 1):
                yield i, j

    def add(self, box: Rect) -> None:
        if box not in self.boxes:
            for cell in self._cells(box):
                self.cells.setdefault(cell, []).append(box)
        self.boxes[box] = self.boxes.get(box, 0) + 1

    def overlap(self, box: Rect, enough: float = float("inf")) -> float:
        """The area `box` shares with the boxes (each counted as often as added), or more than
        `enough` when it shares that much."""
        total = 0.0
        for other in {other for cell in self._cells(box) for other in self.cells.get(cell, ())}:
            w = min(box[2], other[2]) - max(box[0], other[0])
            h = min(box[3], other[3]) - max(box[1], other[1])
            if w > 0 and h > 0:
                total += w * h * self.boxes[other]
                if total > enough:
                    break
        return total
