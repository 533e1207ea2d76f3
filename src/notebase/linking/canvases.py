"""An Obsidian canvas (`X.canvas`, the JSON Canvas 1.0 format) -> an SVG of it (pure).

A canvas is JSON: its `nodes` (cards of text, of a file, of a link, and groups framing them), in
the order they are stacked, and its `edges` (lines from a side of one node to a side of another,
with arrowheads and labels). Obsidian Publish shows a canvas; a link to one shows this SVG in its
place: the groups beneath, each card with its words (the markdown's marks left out, wrapped to
the card and cut at its foot), its file's name (an image file's picture, held in the SVG as a
data: URL: an <img> shows no file an SVG links to) or its URL, and the edges as curves between
the sides they name. What cannot be read is left out: a node without its place or size, an edge
to no node; a file that holds no canvas at all is a CanvasError.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from notebase.linking.drawings import DrawingError, data_url, finite, mapping, num
from notebase.markdown.highlight import parse_hex
from notebase.markdown.rawhtml import RASTER_URL
from notebase.markdown.textwidth import char_width, ems
from notebase.reading.frontmatter import split_front_matter
from notebase.slugs import kind_of

PADDING = 20  # round what the canvas covers
MAX_CANVAS = 8_000_000  # characters of a canvas file read (the real ones seen: 27 KB at most)
MAX_NODES = 2_000  # nodes and edges drawn (the real canvases seen: 30 nodes at most); no more
MAX_EDGES = 4_000
MAX_CARD_TEXT = 10_000  # characters of a card's text shown (the real ones seen: 5,439 at most)
MONO = "ui-monospace, Menlo, Consolas, monospace"
SANS = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"
FONT, LEADING, INSET = 16, 22, 12  # a card's text: size, line height, margin inside the card
LABEL_FONT = 14  # an edge's label
GROUP_LABEL = 30  # room above a group for its label
INK, FAINT, LINE = "#222222", "#888888", "#7e7e7e"  # text, a file's path, uncoloured edges/cards
PRESETS = {  # the colours "1".."6" name, as Obsidian draws them
    "1": "#fb464c",
    "2": "#e9973f",
    "3": "#e0de71",
    "4": "#44cf6e",
    "5": "#53dfdd",
    "6": "#a882ff",
}
SIDES = ("top", "right", "bottom", "left")
NORMALS = {"top": (0.0, -1.0), "right": (1.0, 0.0), "bottom": (0.0, 1.0), "left": (-1.0, 0.0)}
_HEX = re.compile(r"#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})")


class CanvasError(DrawingError):
    """The file holds no canvas that can be read (the message says why; `line`: where, or 0)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True, slots=True)
class Node:
    """A node of the canvas: its id, type, box, colour (#rrggbb, "" for none) and what it shows
    (a text card's markdown, a file's path, a link's URL, a group's label)."""

    id: str
    kind: str
    x: float
    y: float
    width: float
    height: float
    colour: str
    content: str


@dataclass(frozen=True, slots=True)
class Edge:
    """An edge between two nodes, from and to the sides it leaves and meets them by."""

    start: Node
    start_side: str
    end: Node
    end_side: str
    start_arrow: bool
    end_arrow: bool
    colour: str
    label: str


def canvas_svg(text: str, images: Mapping[str, bytes] | None = None) -> tuple[bytes, int, int]:
    """The SVG of the canvas whose file holds `text` (with `images`: the bytes of the image files
    its file nodes show, by the nodes' ids: canvas_files), and its width and height;
    CanvasError when the file holds no canvas."""
    canvas = read_canvas(text)
    nodes = read_nodes(canvas.get("nodes"))
    edges = read_edges(canvas.get("edges"), {node.id: node for node in nodes})
    pictures = {key: url for key, data in (images or {}).items() if (url := data_url(data))}
    left, top, right, bottom = bounds(nodes, edges)
    width, height = math.ceil(right - left) + 2 * PADDING, math.ceil(bottom - top) + 2 * PADDING
    groups = "".join(group_mark(node) for node in nodes if node.kind == "group")
    cards = "".join(card_mark(node, i, pictures.get(node.id, "")) for i, node in enumerate(nodes))
    lines = "".join(edge_mark(edge) for edge in edges)
    x0, y0 = num(left - PADDING), num(top - PADDING)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="{x0} {y0} {width} {height}" font-family="{SANS}" xml:space="preserve">'
        f'<rect x="{x0}" y="{y0}" width="{width}" height="{height}" fill="#ffffff"/>'
        f"{groups}{cards}{lines}</svg>\n"
    )
    return svg.encode("utf-8"), width, height


def read_canvas(text: str) -> dict[str, Any]:
    if len(text) > MAX_CANVAS:
        raise CanvasError(f"it is longer than any canvas ({MAX_CANVAS:,} characters)")
    if not text.strip():
        return {}  # a canvas Obsidian made and nothing was put on
    try:
        canvas = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CanvasError(f"it is no JSON ({exc.msg}, column {exc.colno})", exc.lineno) from None
    except (ValueError, RecursionError) as exc:
        raise CanvasError(f"it is no JSON ({exc})") from None
    if not isinstance(canvas, dict):
        raise CanvasError("it holds no canvas: no JSON object of nodes and edges")
    return canvas


def read_nodes(value: object) -> list[Node]:
    """The nodes that have an id, a type, a place and a size, in their order (the first drawn
    lowest), at most MAX_NODES."""
    items = value[:MAX_NODES] if isinstance(value, list) else []
    return [node for item in items if (node := read_node(mapping(item)))]


def read_node(item: Mapping[str, Any]) -> Node | None:
    x, y, width, height = (finite(item.get(key), math.nan) for key in ("x", "y", "width", "height"))
    if any(math.isnan(v) for v in (x, y, width, height)) or width <= 0 or height <= 0:
        return None
    kind = str(item.get("type") or "")
    key = {"text": "text", "file": "file", "link": "url", "group": "label"}.get(kind, "")
    content = item.get(key) if key else ""
    if kind == "file" and isinstance(item.get("subpath"), str):
        content = f"{content}{item['subpath']}"
    shown = content if isinstance(content, str) else ""
    return Node(str(item.get("id")), kind, x, y, width, height, colour_of(item.get("color")), shown)


def colour_of(value: object) -> str:
    """A node's or an edge's colour as #rrggbb: a preset ("1".."6") or a hex colour; else ""."""
    if not isinstance(value, str):
        return ""
    value = value.strip()
    if value in PRESETS:
        return PRESETS[value]
    if _HEX.fullmatch(value):
        return "#" + "".join(f"{part:02x}" for part in parse_hex(value))
    return ""


def read_edges(value: object, nodes: Mapping[str, Node]) -> list[Edge]:
    """The edges between nodes there are (at most MAX_EDGES), in their order."""
    items = value[:MAX_EDGES] if isinstance(value, list) else []
    return [edge for item in items if (edge := read_edge(mapping(item), nodes))]


def read_edge(item: Mapping[str, Any], nodes: Mapping[str, Node]) -> Edge | None:
    start, end = nodes.get(str(item.get("fromNode"))), nodes.get(str(item.get("toNode")))
    if start is None or end is None:
        return None
    facing = facing_sides(start, end)
    start_side = item.get("fromSide") if item.get("fromSide") in SIDES else facing[0]
    end_side = item.get("toSide") if item.get("toSide") in SIDES else facing[1]
    label = item.get("label")
    return Edge(
        start,
        str(start_side),
        end,
        str(end_side),
        item.get("fromEnd") == "arrow",
        item.get("toEnd") != "none",
        colour_of(item.get("color")),
        label if isinstance(label, str) else "",
    )


def facing_sides(start: Node, end: Node) -> tuple[str, str]:
    """The sides of two nodes that face each other: across the wider gap between their centres."""
    dx = (end.x + end.width / 2) - (start.x + start.width / 2)
    dy = (end.y + end.height / 2) - (start.y + start.height / 2)
    if abs(dx) >= abs(dy):
        return ("right", "left") if dx >= 0 else ("left", "right")
    return ("bottom", "top") if dy >= 0 else ("top", "bottom")


def side_point(node: Node, side: str) -> tuple[float, float]:
    """The middle of one side of a node."""
    cx, cy = node.x + node.width / 2, node.y + node.height / 2
    return {
        "top": (cx, node.y),
        "right": (node.x + node.width, cy),
        "bottom": (cx, node.y + node.height),
    }.get(side, (node.x, cy))


def bounds(nodes: Iterable[Node], edges: Iterable[Edge]) -> tuple[float, float, float, float]:
    """left, top, right, bottom of what the nodes and edges cover (a group's label above it too;
    a box at the origin when there are none)."""
    points = [p for edge in edges for p in edge_extent(edge)]
    for n in nodes:
        points += [(n.x, n.y - (GROUP_LABEL if n.kind == "group" and n.content else 0))]
        points += [(n.x + n.width, n.y + n.height)]
    if not points:
        return 0.0, 0.0, 100.0, 100.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def box_attrs(node: Node) -> str:
    return (
        f'x="{num(node.x)}" y="{num(node.y)}" width="{num(node.width)}" height="{num(node.height)}"'
    )


def tint(colour: str, share: float) -> str:
    """`colour` (#rrggbb) mixed into white, `share` of it."""
    parts = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(255 - (255 - p) * share):02x}" for p in parts)


def group_mark(node: Node) -> str:
    """A group: a frame (tinted with its colour), its label above its top left corner."""
    stroke = node.colour or LINE
    fill = tint(node.colour, 0.08) if node.colour else "#f6f6f6"
    frame = f'<rect {box_attrs(node)} rx="12" fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
    if not node.content:
        return frame
    label = escape(one_line(node.content))
    return (
        f'{frame}<text x="{num(node.x + 4)}" y="{num(node.y - 10)}" font-size="{LABEL_FONT + 4}" '
        f'font-weight="bold" fill="{INK}">{label}</text>'
    )


def card_mark(node: Node, number: int, picture: str) -> str:
    """A card: its box (tinted with its colour) and what it shows, cut to the box; a group is
    drawn beneath the cards (group_mark), an image file's card is its picture."""
    if node.kind == "group":
        return ""
    if picture and RASTER_URL.match(picture):
        return (
            f'<image {box_attrs(node)} href="{escape(picture)}" '
            'preserveAspectRatio="xMidYMid meet"/>'
        )
    stroke = node.colour or LINE
    fill = tint(node.colour, 0.1) if node.colour else "#ffffff"
    box = f'<rect {box_attrs(node)} rx="8" fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
    clip = f"card-{number}"
    words = card_text(node)
    if not words:
        return box
    return (
        f'{box}<clipPath id="{clip}"><rect {box_attrs(node)} rx="8"/></clipPath>'
        f'<g clip-path="url(#{clip})">{words}</g>'
    )


STYLES = {  # how a line of a card is drawn
    "text": f'fill="{INK}"',
    "heading": f'font-weight="bold" fill="{INK}"',
    "path": f'fill="{FAINT}"',
    "link": 'fill="#2e6ab1"',
    "code": f'font-family="{MONO}" fill="{INK}"',
    "row": f'fill="{INK}"',
}


def card_text(node: Node) -> str:
    """The lines a card shows, wrapped to its width, as many as its height holds (the last cut
    short with … when there is more)."""
    if node.kind == "text":
        lines = plain_lines(node.content[:MAX_CARD_TEXT])
    elif node.kind == "file":
        lines = [(file_title(node.content), "heading"), (node.content, "path")]
    elif node.kind == "link":
        lines = [(node.content, "link")]
    else:
        return ""
    room = max(1, int((node.height - 2 * INSET + LEADING - FONT) // LEADING))
    wrapped = [
        (piece, style)
        for line, style in lines
        for piece in (
            [line] if style == "row" else wrap(line, node.width - 2 * INSET, style == "code")
        )
    ]
    if len(wrapped) > room or (wrapped and len(node.content) > MAX_CARD_TEXT):
        last, style = wrapped[min(room, len(wrapped)) - 1]
        wrapped = [*wrapped[: min(room, len(wrapped)) - 1], (last.rstrip() + "…", style)]
    columns = column_starts(piece for piece, style in wrapped if style == "row")
    x, top = node.x + INSET, node.y + INSET + FONT - 3
    return "".join(
        f'<text x="{num(x)}" y="{num(top + LEADING * i)}" font-size="{FONT}" {STYLES[style]}>'
        f"{cells_mark(piece, x, columns) if style == 'row' else escape(piece)}</text>"
        for i, (piece, style) in enumerate(wrapped)
        if piece.strip()
    )


def column_starts(rows: Iterable[str]) -> list[float]:
    """Where each column of a card's table starts, from its left: past the widest cell before."""
    widths: list[float] = []
    for row in rows:
        for k, cell in enumerate(row.split("\t")):
            wide = ems(cell) * FONT + FONT
            widths += [0.0] * (k + 1 - len(widths))
            widths[k] = max(widths[k], wide)
    return [sum(widths[:k]) for k in range(len(widths))]


def cells_mark(row: str, x: float, columns: Sequence[float]) -> str:
    """A table row's cells, each at its column."""
    return "".join(
        f'<tspan x="{num(x + columns[k])}">{escape(cell)}</tspan>'
        for k, cell in enumerate(row.split("\t"))
    )


def file_title(path: str) -> str:
    """What a file card is titled: the file's name (a note's without its .md, or its heading's
    or block's #subpath)."""
    name = path.partition("#")[0].rsplit("/", 1)[-1]
    return name[:-3] if name.lower().endswith(".md") else name


_MARKS = (  # markdown's marks in a line, and what is left of each
    (re.compile(r"!?\[\[([^\]|]*)\|([^\]]*)\]\]"), r"\2"),
    (re.compile(r"!?\[\[([^\]]*)\]\]"), r"\1"),
    (re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"),
    (re.compile(r"(\*\*|__|~~|==)(?=\S)(.+?)(?<=\S)\1"), r"\2"),
    (re.compile(r"(?<![\w*])([*_])(?=\S)(.+?)(?<=\S)\1(?![\w*])"), r"\2"),
    (re.compile(r"`+([^`]*)`+"), r"\1"),
    (re.compile(r"</?[A-Za-z][^<>\n]{0,200}>"), ""),  # raw HTML's tags
)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+")
_BULLET = re.compile(r"^(\s*)(?:[-*+])\s+(\[[ xX]\]\s+)?")
_QUOTE = re.compile(r"^\s{0,3}(?:>\s?)+")
_RULE = re.compile(r"^\s{0,3}(?:[-*_]\s*){3,}$")
_CALLOUT = re.compile(
    r"\[!([\w-]+)(?:\|[^\]]*)?\][+-]?\s*(.*)"
)  # `> [!type] Title`: the title, bold
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_TABLE_ROW = re.compile(r"^\s{0,3}\|.*\|\s*$")
_DELIMITER_ROW = re.compile(r"^\s{0,3}\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
_CELL_BAR = re.compile(r"(?<!\\)\|")


def plain_lines(markdown: str) -> list[tuple[str, str]]:
    """A card's markdown as lines of plain text, each with its style: marks of emphasis, code,
    links and quotes left out, a heading (and a callout's title) bold, a list's items bulleted, a table's rows as their
    cells (split by tabs), a fenced block's lines as they are; its front matter, its fences and
    its rules left out."""
    out: list[tuple[str, str]] = []
    fence = ""
    text = markdown.replace("\r\n", "\n")
    split = split_front_matter(text)  # None: front matter never closed, all of it is text
    for quoted in (split.body if split else text).split("\n"):
        line = _QUOTE.sub("", quoted)  # a quote's or a callout's lines, fences in them too
        marker = _FENCE.match(line)
        if marker and (not fence or marker.group(1) == fence):
            fence = "" if fence else marker.group(1)
        elif fence:
            out.append((line.rstrip(), "code"))
        elif _RULE.match(line) or _DELIMITER_ROW.match(line):
            continue
        elif _TABLE_ROW.match(line):
            out.append(("\t".join(plain(cell).strip() for cell in cells_of(line)), "row"))
        elif (callout := _CALLOUT.match(line)) and line != quoted:
            out.append((plain(callout.group(2) or callout.group(1).capitalize()), "heading"))
        else:
            style = "heading" if _HEADING.match(line) else "text"
            out.append((plain(_BULLET.sub(bullet, _HEADING.sub("", line))), style))
    while out and not out[-1][0]:
        out.pop()
    return out


def plain(line: str) -> str:
    """A line of markdown without its marks of emphasis, code and links."""
    for pattern, kept in _MARKS:
        line = pattern.sub(kept, line)
    return line.replace("\t", " ").rstrip()


def cells_of(row: str) -> list[str]:
    """A table row's cells: split at its pipes (not at an escaped `\\|`), the outer ones dropped."""
    text = row.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    return _CELL_BAR.split(text)


def bullet(item: re.Match[str]) -> str:
    """A list item's mark: a bullet, and a task's box (☐, or ☑ when done)."""
    box = item.group(2) or ""
    return f"{item.group(1)}• " + ("" if not box else "☐ " if box[1] == " " else "☑ ")


def one_line(text: str) -> str:
    return " ".join(text.split())


def wrap(line: str, width: float, mono: bool = False) -> list[str]:
    """A line broken to fit `width` pixels (about; in a monospace font when `mono`): at a space
    when one is on the line, else between characters; an empty line stays one."""
    room = max(width / FONT, 1.0)
    pieces: list[str] = []
    start, used, space = 0, 0.0, -1
    for i, ch in enumerate(line):
        used += char_width(ch, mono)
        if ch == " ":
            space = i
        if used > room and i > start:
            cut = space + 1 if space > start else i
            pieces.append(line[start:cut].rstrip())
            start, space = cut, -1
            used = ems(line[start : i + 1], mono)
    pieces.append(line[start:])
    return pieces


Point = tuple[float, float]
Curve = tuple[Point, Point, Point, Point]  # a cubic Bézier curve: its start, controls and end


def curve_of(edge: Edge) -> Curve:
    """The curve an edge is drawn as: leaving and meeting its nodes square to their sides."""
    a, b = side_point(edge.start, edge.start_side), side_point(edge.end, edge.end_side)
    bend = min(max(math.dist(a, b) / 2, 30.0), 150.0)
    na, nb = NORMALS[edge.start_side], NORMALS[edge.end_side]
    return (
        a,
        (a[0] + na[0] * bend, a[1] + na[1] * bend),
        (b[0] + nb[0] * bend, b[1] + nb[1] * bend),
        b,
    )


def point_at(curve: Curve, t: float) -> Point:
    """The point of the curve at `t` (0: its start, 1: its end)."""
    weights = ((1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t**3)
    return (
        sum(w * p[0] for w, p in zip(weights, curve, strict=True)),
        sum(w * p[1] for w, p in zip(weights, curve, strict=True)),
    )


def edge_mark(edge: Edge) -> str:
    """An edge: its curve, its arrowheads, and its label on a white ground at its middle."""
    stroke = edge.colour or LINE
    curve = curve_of(edge)
    a, c1, c2, b = curve
    path = (
        f'<path d="M{num(a[0])},{num(a[1])} C{num(c1[0])},{num(c1[1])} {num(c2[0])},{num(c2[1])} '
        f'{num(b[0])},{num(b[1])}" fill="none" stroke="{stroke}" stroke-width="2"/>'
    )
    heads = (arrow_head(b, NORMALS[edge.end_side], stroke) if edge.end_arrow else "") + (
        arrow_head(a, NORMALS[edge.start_side], stroke) if edge.start_arrow else ""
    )
    return path + heads + edge_label(edge.label, point_at(curve, 0.5))


def edge_extent(edge: Edge) -> list[Point]:
    """Points round what an edge covers: along its curve, and its label's corners."""
    curve = curve_of(edge)
    points = [point_at(curve, i / 8) for i in range(9)]
    lines, wide, left, top = label_box(edge.label, point_at(curve, 0.5))
    if lines:
        points += [(left, top), (left + wide, top + LABEL_LEADING * len(lines) + 4)]
    return points


def arrow_head(tip: tuple[float, float], normal: tuple[float, float], stroke: str) -> str:
    """A filled arrowhead at `tip` on a node's side, pointing into the node (against the side's
    outward `normal`)."""
    size, half = 12.0, 6.0
    base = (tip[0] + normal[0] * size, tip[1] + normal[1] * size)
    wing = (-normal[1] * half, normal[0] * half)
    corners = (tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1]))
    points = " ".join(f"{num(x)},{num(y)}" for x, y in corners)
    return f'<polygon points="{points}" fill="{stroke}"/>'


LABEL_LEADING = LABEL_FONT + 4


def label_box(label: str, middle: Point) -> tuple[list[str], float, float, float]:
    """An edge label's lines (at most 8), and the width, left and top of its ground, centred on
    the edge's `middle`."""
    lines = [line for line in label[:MAX_CARD_TEXT].split("\n") if line.strip()][:8]
    wide = max(map(ems, lines), default=0) * LABEL_FONT + 8
    return lines, wide, middle[0] - wide / 2, middle[1] - LABEL_LEADING * len(lines) / 2 - 2


def edge_label(label: str, middle: Point) -> str:
    lines, wide, left, top = label_box(label, middle)
    if not lines:
        return ""
    ground = (
        f'<rect x="{num(left)}" y="{num(top)}" width="{num(wide)}" '
        f'height="{num(LABEL_LEADING * len(lines) + 4)}" rx="4" fill="#ffffff"/>'
    )
    text = "".join(
        f'<text x="{num(middle[0])}" y="{num(top + 2 + LABEL_LEADING * i + LABEL_FONT)}" '
        f'font-size="{LABEL_FONT}" text-anchor="middle" fill="{INK}">{escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    return ground + text


def canvas_files(text: str) -> dict[str, str]:
    """The image files the canvas's file nodes show, by the nodes' ids: the path each names (from
    the root of the vault); none when the file holds no canvas (canvas_svg says so)."""
    try:
        nodes = read_nodes(read_canvas(text).get("nodes"))
    except CanvasError:
        return {}
    return {n.id: n.content for n in nodes if n.kind == "file" and kind_of(n.content) == "image"}
