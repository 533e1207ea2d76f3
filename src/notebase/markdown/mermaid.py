"""Mermaid flowcharts (a ```mermaid block starting `graph` or `flowchart`) drawn at build time as
inline SVG, in the page's colours and no script: what Obsidian and Quartz draw with mermaid.js.

Read: the direction (TB/TD, BT, LR, RL); nodes, by id, with their text and shape (`[rect]`,
`(round)`, `([stadium])`, `[[subroutine]]`, `[(cylinder)]`, `((circle))`, `{diamond}`,
`{{hexagon}}`, `>flag]`, `[/lean/]`...), quoted text and `<br>` line breaks; links between them
(`-->`, `---`, `-.->`, `==>`, `--o`, `--x`, `<-->`, `~~~`, longer ones alike), their text
(`-->|text|`, `-- text -->`), chains (`A --> B --> C`) and `&` (`A & B --> C`). Left out: styles
and classes, `click`, and subgraphs' boxes (their nodes are drawn). A chart holding anything
else, or of another kind (sequence, class, state, Gantt...: diagrams.py), is left as its code block.

Laid out in ranks (a layered drawing): each node a rank below the longest path into it (a cycle
broken at the link that closes it), a link across several ranks passing through points of its
own, the nodes of each rank ordered by the places of their neighbours, then placed beside the
places of those they link to, apart by at least a gap. A node's loop (a link to itself) goes
round its right side, its text beside it (under it, in a chart across): the node laid out as the
box round its shape and that text.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from notebase.markdown.textwidth import ems

T = TypeVar("T")
FONT = 14.0  # px, the labels' size
LEADING = 18.0  # px a label's line takes
PAD = 16.0  # px around the drawing
GAP = 28.0  # px between two nodes of a rank
SHRINK = 0.7  # the least a chart is scaled to fit the page's width
RANK_GAP = 48.0  # px between two ranks of nodes (a rank of links' points between them)
MOST_NODES = 200  # a chart with more is left as its code (and so with more links)
MOST_LINKS = 400
SWEEPS = 8  # passes ordering the ranks

# a state or class diagram's `direction` line
DIRECTION = re.compile(r"direction\s+(TB|TD|BT|LR|RL)\s*$", re.I)
_HEADER = re.compile(r"(?:graph|flowchart)(?:[ \t]+(TB|TD|BT|LR|RL))?[ \t]*;?[ \t]*$", re.I)
_LEFT_OUT = re.compile(r"(?:classDef|class|style|linkStyle|click|direction|subgraph|end)\b")
# `subgraph id`, `subgraph id [title]`, `subgraph "title"`, `subgraph some title`
_SUBGRAPH = re.compile(r"subgraph\b\s*(?:([^\W]\w*)\s*\[\s*\"?(.*?)\"?\s*\]|(.*?))\s*$")
_ID = re.compile(r"\s*([^\W][\w]*)")  # (a node's id: letters, digits and `_`)
_CLASS = re.compile(r":::[\w-]+")
INTERNAL_LINK = "internal-link"  # Obsidian's class of the nodes linking the notes they name
_LINKING = re.compile(rf"class\s+([\w,\s]+?)\s+{INTERNAL_LINK}\s*;?$")
_AMPERSAND = re.compile(r"\s*&")
# an opening bracket -> (the closing one, the shape), the longer openings first
SHAPES = (
    ("(((", ")))", "circle"),
    ("((", "))", "circle"),
    ("([", "])", "stadium"),
    ("[[", "]]", "subroutine"),
    ("[(", ")]", "cylinder"),
    ("{{", "}}", "hexagon"),
    ("[/", "/]", "lean"),
    ("[/", "\\]", "trapezoid"),
    ("[\\", "\\]", "lean"),
    ("[\\", "/]", "trapezoid"),
    ("[", "]", "rect"),
    ("(", ")", "round"),
    ("{", "}", "diamond"),
    (">", "]", "flag"),
)
_ARROW = re.compile(r"\s*(?P<left><|o|x)?(?P<line>-{2,}|={2,}|-\.+-|~{3,})(?P<right>>|o\b|x\b)?")
_TEXT_ARROW = re.compile(
    r"\s*(?P<left><)?(?P<open>--|==|-\.)(?![->=.])(?![ox](?:\s|$))\s*(?P<text>[^\n]+?)\s*"
    r"(?P<close>-{2,}(?:>|o\b|x\b)|-{3,}|\.-+>|\.-+|={2,}>|={3,})"
)
_PIPE = re.compile(r"\s*\|(?P<text>[^|]*)\|")
_MARKS = re.compile(r"\*\*|__|(?<!\w)[*_]|[*_](?!\w)")
_BREAK = re.compile(r"<br\s*/?>", re.I)
_TAG = re.compile(r"<[^>]*>")
_ENTITY = re.compile(r"#(\w+);")


@dataclass(slots=True)
class Node:
    id: str
    lines: tuple[str, ...]
    shape: str = "rect"
    linked: bool = False  # of Obsidian's class `internal-link`: its text links the note it names
    sections: tuple[tuple[str, ...], ...] = ()  # a class's: its name, attributes and methods


@dataclass(frozen=True, slots=True)
class Link:
    start: str
    end: str
    text: tuple[str, ...] = ()
    line: str = "solid"  # dotted, thick, hidden
    head: str = "arrow"  # at the end: arrow, circle, cross, none (or UML's, or CROWS_FEET)
    tail: str = "none"  # at the start


@dataclass(slots=True)
class Group:
    """A subgraph: its title, and the nodes first named in it or in the subgraphs in it."""

    title: tuple[str, ...]
    members: list[str] = field(default_factory=list)
    depth: int = 0  # how many subgraphs it is in


@dataclass(slots=True)
class Chart:
    direction: str
    nodes: dict[str, Node] = field(default_factory=dict)
    links: list[Link] = field(default_factory=list)
    groups: dict[str, Group] = field(default_factory=dict)


class Unread(Exception):
    """What this reader does not read: the chart is left as its code."""


NoteLink = Callable[[str], str]  # a note's name -> the HTML of a link to it (its text in it)


def mermaid_html(source: str, link: NoteLink | None = None) -> str | None:
    """The flowchart `source` drawn as a figure holding its SVG (the nodes of class
    `internal-link` linking, through `link`, the notes their texts name); None when it is no
    flowchart this reader reads (its code block then stands)."""
    return figure(lambda chart: chart_svg(chart, link), read_chart, source)


def figure(draw: Callable[[T], str], read: Callable[[str], T], source: str) -> str | None:
    """A diagram read and drawn, in a figure; None when the reader raised Unread."""
    try:
        return f'<figure class="mermaid">{draw(read(source))}</figure>\n'
    except Unread:
        return None


def read_chart(source: str) -> Chart:
    statements = [s for s in split_statements(without_front_matter(without_unshown(source))) if s]
    statements = [s for s in statements if not s.startswith("%%")]  # comments, directives
    header = _HEADER.match(statements[0]) if statements else None
    if header is None:
        raise Unread("no flowchart")
    chart = Chart(direction_of(header.group(1) or "TB"))
    open_groups: list[str] = []  # the subgraphs the statement is in, the innermost last
    placed: dict[str, tuple[str, ...]] = {}  # each node's subgraphs: where it was last named
    linked: list[str] = []  # the nodes `class … internal-link` names
    for statement in statements[1:]:
        if (found := _SUBGRAPH.match(statement)) is not None:
            group_id = (
                found.group(1) or label_lines(found.group(3) or "")[0] or f"~{len(chart.groups)}"
            )
            title = label_lines(found.group(2) or found.group(3) or group_id)
            chart.groups.setdefault(group_id, Group(title, depth=len(open_groups)))
            open_groups.append(group_id)
        elif statement == "end" and open_groups:
            open_groups.pop()
        elif (linking := _LINKING.match(statement)) is not None:
            linked += [n.strip() for n in linking.group(1).split(",")]
        elif not _LEFT_OUT.match(statement):
            for node_id in read_statement(chart, statement):
                if open_groups or node_id not in placed:  # (named outside: where it was)
                    placed[node_id] = tuple(open_groups)
    for node_id in linked:
        if node_id in chart.nodes:
            chart.nodes[node_id].linked = True
    for node_id, groups in placed.items():  # a node is in the subgraph it was last named in
        for group_id in groups:
            chart.groups[group_id].members.append(node_id)
    for group_id, group in list(chart.groups.items()):
        if group_id in chart.nodes:  # a subgraph linked to: a node named by its title
            if chart.nodes[group_id].lines == (group_id,):
                chart.nodes[group_id].lines = group.title
            del chart.groups[group_id]  # (and drawn as that node, no frame)
    if not chart.nodes or len(chart.nodes) > MOST_NODES or len(chart.links) > MOST_LINKS:
        raise Unread("no node, or too many")
    return chart


def diagram_lines(source: str, trailing_comments: bool = False) -> list[str]:
    """A diagram's lines as the readers of one statement a line read them: its `---` block of
    settings and what no drawing shows (without_unshown) left out, each stripped, blank lines
    and `%%` ones (comments) dropped; with `trailing_comments`, a `%%` after what a line says
    (outside quotes) cut off too, as state and class diagrams allow (a sequence's message may
    hold one: it is its text)."""
    lines = without_front_matter(without_unshown(source)).splitlines()
    if trailing_comments:
        lines = [without_comment(line) for line in lines]
    stripped = (line.strip() for line in lines)
    return [line for line in stripped if line and not line.startswith("%%")]


DIRECTIVE = re.compile(r"%%\{.*?\}%%", re.S)  # `%%{init: ...}%%`, over lines too
_ACCESSIBLE = re.compile(r"acc(?:Title|Descr)\s*:", re.I)
_DESCRIBED = re.compile(r"accDescr\s*\{", re.I)


def without_unshown(source: str) -> str:
    """A diagram without what no drawing shows: its `%%{init}%%` directives (over lines too) and
    its accessible title and description (`accTitle:`, `accDescr:`, an `accDescr { ... }`
    block). A description never closed: unread."""
    kept, described = [], False
    for line in DIRECTIVE.sub("", source).split("\n"):
        if described or _DESCRIBED.match(line.strip()):
            described = "}" not in line
        elif not _ACCESSIBLE.match(line.strip()):
            kept.append(line)
    if described:
        raise Unread("a description never closed")
    return "\n".join(kept)


def without_comment(line: str) -> str:
    """The line before a `%%` outside quotes."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif not quoted and line.startswith("%%", i):
            return line[:i]
    return line


def direction_of(written: str) -> str:
    """A diagram's direction as written (`TD`, `lr`...) as the drawing reads it: TB, BT, LR, RL."""
    return written.upper().replace("TD", "TB")


def without_front_matter(source: str) -> str:
    """The chart without the `---` block of settings (its title...) that may come first."""
    lines = source.lstrip("\n").split("\n")
    if lines and lines[0].strip() == "---":
        end = next((i for i, line in enumerate(lines[1:], 1) if line.strip() == "---"), 0)
        return "\n".join(lines[end + 1 :]) if end else source
    return source


def split_statements(source: str) -> list[str]:
    """The chart's statements: its lines, split at `;` too, but for line breaks and `;` inside
    quotes (a label written over lines) or brackets."""
    parts: list[str] = []
    depth, quoted, start = 0, False, 0
    for i, ch in enumerate(source):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "[({":
            depth += 1
        elif not quoted and ch in "])}":
            depth = max(0, depth - 1)
        elif (ch == "\n" and not quoted) or (ch == ";" and not quoted and depth == 0):
            parts.append(source[start:i].strip())
            start, depth = i + 1, 0 if ch == "\n" else depth
    parts.append(source[start:].strip())
    return parts


def read_statement(chart: Chart, text: str) -> list[str]:
    """`A`, `A[x] --> B & C`, `A -- x --> B -.-> C`: its nodes and links added to the chart; the
    ids of the nodes it names."""
    group, at = read_group(chart, text, 0)
    named = list(group)
    while text[at:].strip():
        link, at = read_link(text, at)
        following, at = read_group(chart, text, at)
        chart.links += [Link(a, b, *link) for a in group for b in following]
        group = following
        named += following
    return named


def read_group(chart: Chart, text: str, at: int) -> tuple[list[str], int]:
    """The ids of `A` or `A & B & C` at `at` (each node declared with its shape, if it says one)."""
    ids: list[str] = []
    while True:
        node_id, at = read_node(chart, text, at)
        ids.append(node_id)
        more = _AMPERSAND.match(text, at)
        if more is None:
            return ids, at
        at = more.end()


def read_node(chart: Chart, text: str, at: int) -> tuple[str, int]:
    found = _ID.match(text, at)
    if found is None:
        raise Unread(f"no node at {text[at:]!r}")
    node_id, at = found.group(1), found.end()
    node = chart.nodes.setdefault(node_id, Node(node_id, (node_id,)))
    opening = next((o for o, _, _ in SHAPES if text.startswith(o, at)), "")
    ends = [
        (end, closing, shape)
        for o, closing, shape in SHAPES
        if o == opening and (end := shape_end(text, at + len(o), closing)) >= 0
    ]
    if opening and ends:  # the nearest closing bracket: `[/a\]` is no `[/...` lean one
        end, closing, shape = min(ends)
        node.lines, node.shape = label_lines(text[at + len(opening) : end]), shape
        at = end + len(closing)
    classed = _CLASS.match(text, at)
    if classed and classed.group(0) == f":::{INTERNAL_LINK}":
        node.linked = True
    return node_id, classed.end() if classed else at


def shape_end(text: str, start: int, closing: str) -> int:
    """Where a shape's text that starts at `start` ends (its closing bracket), -1 for nowhere;
    quoted text may hold brackets."""
    if text.startswith('"', start):
        quote = text.find('"', start + 1)
        return quote + 1 if quote > 0 and text.startswith(closing, quote + 1) else -1
    return text.find(closing, start)


def read_link(text: str, at: int) -> tuple[tuple[tuple[str, ...], str, str, str], int]:
    """(text, line, head, tail) of the link at `at`, and where it ends."""
    found = _TEXT_ARROW.match(text, at)
    if found is not None:
        label = label_lines(found.group("text"))
        token = found.group("open") + found.group("close")
        return (label, *link_kind(token, found.group("left"), None)), found.end()
    found = _ARROW.match(text, at)
    if found is None:
        raise Unread(f"no link at {text[at:]!r}")
    kind = link_kind(found.group("line"), found.group("left"), found.group("right"))
    piped = _PIPE.match(text, found.end())
    label = label_lines(piped.group("text")) if piped else ()
    return (label, *kind), piped.end() if piped else found.end()


def link_kind(token: str, left: str | None, right: str | None) -> tuple[str, str, str]:
    """(line, head, tail) of an arrow written `token` (its heads apart, or at its end)."""
    ends = {">": "arrow", "o": "circle", "x": "cross", "<": "arrow"}
    if right is None and token[-1] in ">ox" and token[-2] in "-=.":
        token, right = token[:-1], token[-1]
    line = (
        "hidden"
        if "~" in token
        else "dotted"
        if "." in token
        else "thick"
        if "=" in token
        else "solid"
    )
    return line, ends.get(right or "", "none"), ends.get(left or "", "none")


def label_lines(text: str) -> tuple[str, ...]:
    """A label's lines as text: its quotes off, `<br>` a line break, other markup left out,
    Mermaid's `#quot;` entities read."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = text[1:-1].strip()
    if len(text) >= 2 and text[0] == text[-1] == "`":  # a markdown string: its words alone
        text = _MARKS.sub("", text[1:-1])
    text = _ENTITY.sub(lambda m: entity(m.group(1)), _TAG.sub("", _BREAK.sub("\n", text)))
    lines = tuple(" ".join(line.split()) for line in text.split("\n"))
    return tuple(line for line in lines if line) or ("",)


def entity(name: str) -> str:
    if name.isdigit():
        return chr(int(name)) if int(name) < 0x110000 else ""
    return html.unescape(f"&{name};")


@dataclass(frozen=True, slots=True)
class Box:
    """A node's place: its centre, and its half width and half height."""

    x: float
    y: float
    half_w: float
    half_h: float


# the shapes of no text (a state diagram's): their size, across the flow and along it
POINTS = {"start": (16.0, 16.0), "end": (20.0, 20.0), "bar": (70.0, 8.0)}


def node_size(node: Node) -> tuple[float, float]:
    """The node's width and height: its text's, and room for its shape."""
    if node.shape in POINTS:
        return POINTS[node.shape]
    if node.shape == "class":  # (its name in bold: an eighth wider)
        lines = [line for section in node.sections[1:] for line in section]
        name = max(ems(line) for line in node.sections[0]) * 1.125
        wide = max([name, *(ems(line) for line in lines)]) * FONT + 24
        return max(wide, 60.0), sum(section_height(section) for section in node.sections)
    wide = text_width(node.lines) + 24
    high = LEADING * len(node.lines) + 14
    if node.shape == "circle":
        side = max(wide, high) + 8
        return side, side
    if node.shape == "diamond":
        return wide + high * 1.2, high + wide * 0.45
    if node.shape in ("hexagon", "lean", "trapezoid", "flag"):
        return wide + high, high
    if node.shape == "cylinder":
        return wide, high + 12
    return max(wide, 40.0), high


def ranks_of(chart: Chart) -> dict[str, int]:
    """Each node's rank: two more than the highest of the nodes linked to it (the rank between
    holds the links' points, and their text: a link's text is laid out as a node is), a cycle
    broken at the link that closes it (a link to a node still being walked: drawn against the
    flow)."""
    later: dict[str, list[str]] = {n: [] for n in chart.nodes}
    for link in chart.links:
        if link.start != link.end:
            later[link.start].append(link.end)
    order: list[str] = []
    state: dict[str, int] = {}  # 1: being walked, 2: walked
    for root in chart.nodes:
        walk(root, later, state, order)
    place = {n: i for i, n in enumerate(reversed(order))}  # a topological order
    rank = dict.fromkeys(chart.nodes, 0)
    for node in sorted(chart.nodes, key=place.__getitem__):
        for nxt in later[node]:
            if place[nxt] > place[node]:
                rank[nxt] = max(rank[nxt], rank[node] + 2)
    return rank


def walk(node: str, later: dict[str, list[str]], state: dict[str, int], order: list[str]) -> None:
    """Depth first, without recursion (a long chain is no deep stack): nodes in finishing order."""
    if node in state:
        return
    stack = [(node, iter(later[node]))]
    state[node] = 1
    while stack:
        current, nexts = stack[-1]
        nxt = next((n for n in nexts if n not in state), None)
        if nxt is None:
            state[current] = 2
            order.append(current)
            stack.pop()
        else:
            state[nxt] = 1
            stack.append((nxt, iter(later[nxt])))


@dataclass(slots=True)
class Layout:
    """The ranks of a chart as lists of keys (a node's id, or a link's point between ranks:
    `(link number, step)`), each key's neighbours in the ranks above and below, each link's keys
    from its start to its end, and the rank its text is drawn below (the upper of its ends)."""

    ranks: list[list[object]]
    above: dict[object, list[object]] = field(default_factory=dict)
    below: dict[object, list[object]] = field(default_factory=dict)
    paths: list[list[object]] = field(default_factory=list)
    upper: list[int] = field(default_factory=list)
    against: list[bool] = field(default_factory=list)  # drawn against the flow (a cycle's)
    grouped: dict[object, str] = field(default_factory=dict)  # a node's outermost subgraph


def layered(chart: Chart) -> Layout:
    rank = ranks_of(chart)
    layout = Layout([[] for _ in range(max(rank.values()) + 1)])
    for node in chart.nodes:
        layout.ranks[rank[node]].append(node)
    for number, link in enumerate(chart.links):
        top, bottom = sorted((link.start, link.end), key=rank.__getitem__)
        between = range(rank[top] + 1, rank[bottom])
        steps: list[object] = [(number, step) for step in between]
        for key, step in zip(steps, between, strict=True):
            layout.ranks[step].append(key)
        path: list[object] = [top, *steps, bottom]
        for upper, lower in itertools.pairwise(path):
            if upper != lower:
                layout.below.setdefault(upper, []).append(lower)
                layout.above.setdefault(lower, []).append(upper)
        layout.paths.append(path if top == link.start else path[::-1])
        layout.upper.append(rank[top] if top != bottom else -1)
        layout.against.append(top != link.start)
    for group_id, group in sorted(chart.groups.items(), key=lambda g: -g[1].depth):
        layout.grouped.update(dict.fromkeys(group.members, group_id))
    order_ranks(layout, layout.grouped)
    return layout


def order_ranks(layout: Layout, grouped: dict[object, str] | None = None) -> None:
    """Each rank ordered by the mean place of its keys' neighbours in the rank before (then, on
    the way back, after), a key without any keeping its place; the nodes of one subgraph
    (`grouped`: a node's outermost) side by side, where they want to be on average."""
    grouped = grouped or {}
    for sweep in range(SWEEPS):
        down = sweep % 2 == 0
        indexes = range(1, len(layout.ranks)) if down else range(len(layout.ranks) - 2, -1, -1)
        near = layout.above if down else layout.below
        for i in indexes:
            place = {key: p for p, key in enumerate(layout.ranks[i - 1 if down else i + 1])}
            now = {key: p for p, key in enumerate(layout.ranks[i])}
            wanted = {
                key: mean([place[n] for n in near.get(key, ()) if n in place], now[key])
                for key in layout.ranks[i]
            }
            together: dict[str, list[float]] = {}
            for key in layout.ranks[i]:
                if key in grouped:
                    together.setdefault(grouped[key], []).append(wanted[key])
            layout.ranks[i].sort(key=lambda k: group_place(k, wanted, grouped, together))


def group_place(
    key: object,
    wanted: dict[object, float],
    grouped: dict[object, str],
    together: dict[str, list[float]],
) -> tuple[float, str, float]:
    """Where a key goes in its rank: its subgraph's mean wanted place (its own, alone), then its
    subgraph's id (two at one place kept apart), then its own."""
    group = grouped.get(key)
    if group is None:
        return wanted[key], "", wanted[key]
    return mean(together[group], wanted[key]), group, wanted[key]


def mean(values: Sequence[float], otherwise: float) -> float:
    return sum(values) / len(values) if values else otherwise


LOOP = "loop"  # (LOOP, a node's id): the key of the box of the text of the node's loops
LOOP_GAP = 4.0  # px between a loop and its text


def boxes_of(chart: Chart, layout: Layout) -> dict[object, Box]:
    """Each key's box in a drawing flowing down (x across a rank, y along the flow), and each
    node's loops' text's (`(LOOP, id)`): a node with one laid out as the box round its shape and
    that text, its shape drawn in it at its own size."""
    shapes = key_sizes(chart, layout)
    rooms = {
        n: loop_room(shapes[n], text, chart.direction) for n, text in loop_texts(chart).items()
    }
    sizes = shapes | {n: (2 * room.half_w, 2 * room.half_h) for n, (_, room) in rooms.items()}
    ys = rank_places(layout, sizes, frame_room(chart, layout))
    xs = spread(layout, sizes, {n: -room.x for n, (_, room) in rooms.items()})
    boxes = {
        key: Box(xs[key], ys[r], shapes[key][0] / 2, shapes[key][1] / 2)
        for r, rank in enumerate(layout.ranks)
        for key in rank
    }
    for n, (text, room) in rooms.items():  # (the shape and the text where they are in the room)
        x, y = boxes[n].x - room.x, boxes[n].y - room.y
        boxes[n] = Box(x, y, boxes[n].half_w, boxes[n].half_h)
        boxes[(LOOP, n)] = Box(x + text.x, y + text.y, text.half_w, text.half_h)
    return boxes


def key_sizes(chart: Chart, layout: Layout) -> dict[object, tuple[float, float]]:
    """Each key's size across its rank and along the flow: a node's shape's, a link's text's (at
    its point below its upper end), a point's."""
    across = chart.direction in ("LR", "RL")
    sizes: dict[object, tuple[float, float]] = {}
    for r, rank in enumerate(layout.ranks):
        for key in rank:
            w, h = node_size(chart.nodes[key]) if isinstance(key, str) else (8.0, 8.0)
            if isinstance(key, tuple) and r == layout.upper[key[0]] + 1:
                w, h = label_size(chart.links[key[0]].text)  # (the link's point bearing its text)
            turned = across and not (isinstance(key, str) and chart.nodes[key].shape == "bar")
            sizes[key] = (h, w) if turned else (w, h)  # (across a rank, along the flow)
    return sizes


def loop_texts(chart: Chart) -> dict[str, tuple[str, ...]]:
    """The text of each node's loops that have one (drawn links to itself), one under another."""
    texts: dict[str, tuple[str, ...]] = {}
    for link in chart.links:
        if link.start == link.end and link.line != "hidden" and has_text(link.text):
            texts[link.start] = texts.get(link.start, ()) + link.text
    return texts


def has_text(text: tuple[str, ...]) -> bool:
    return bool(text) and text != ("",)


def loop_room(size: tuple[float, float], text: tuple[str, ...], direction: str) -> tuple[Box, Box]:
    """The box of a node's loops' text and the box round it and the node's shape (of `size`
    across the rank and along the flow), in a drawing flowing down, from the shape's centre:
    placed as the chart's `direction` draws them, then turned back."""
    shape = turned_box(Box(0.0, 0.0, size[0] / 2, size[1] / 2), direction)
    label = loop_text_box(shape, text, direction)
    return unturned_box(label, direction), unturned_box(box_round(shape, label), direction)


def loop_text_box(b: Box, text: tuple[str, ...], direction: str) -> Box:
    """Where the text of the loops of a node drawn at `b` is: right of the loop, beside the node's
    middle; under the loop in a chart across (LR, RL), whose links leave the node's right side."""
    wide, high = label_size(text)
    right, low = loop_reach(b)
    if direction in ("LR", "RL"):  # (centred between the loop's ends and its outer edge)
        middle = (loop_points(b)[-1][0] + right) / 2
        return Box(middle, low + LOOP_GAP + high / 2, wide / 2, high / 2)
    return Box(right + LOOP_GAP + wide / 2, b.y, wide / 2, high / 2)


def loop_reach(b: Box) -> tuple[float, float]:
    """How far right and how far down the loop of a node drawn at `b` reaches: the furthest of the
    control points of its curve (smooth_path's), which hold it."""
    p0, p1, p2, p3 = loop_points(b)
    return p1[0] + (p2[0] - p0[0]) / 6, p2[1] + (p3[1] - p1[1]) / 6


def box_round(a: Box, b: Box) -> Box:
    """The box round two boxes."""
    left, right = min(a.x - a.half_w, b.x - b.half_w), max(a.x + a.half_w, b.x + b.half_w)
    top, bottom = min(a.y - a.half_h, b.y - b.half_h), max(a.y + a.half_h, b.y + b.half_h)
    return Box((left + right) / 2, (top + bottom) / 2, (right - left) / 2, (bottom - top) / 2)


def rank_places(
    layout: Layout, sizes: dict[object, tuple[float, float]], room: tuple[list[float], list[float]]
) -> list[float]:
    """The centre of each rank along the flow: the ranks a half gap apart, and further where a
    subgraph's frame begins or ends (`room` before and after each rank)."""
    places, at = [], 0.0
    for r, rank in enumerate(layout.ranks):
        at += room[0][r]
        depth = max((sizes[k][1] for k in rank), default=0.0)
        places.append(at + depth / 2)
        at += depth + RANK_GAP / 2 + room[1][r]
    return places


def frame_room(chart: Chart, layout: Layout) -> tuple[list[float], list[float]]:
    """The room before and after each rank for the frames whose nodes begin or end there: a title
    and a margin above for each frame beginning there (one in another, both), a margin below."""
    rank_of = {
        key: r for r, rank in enumerate(layout.ranks) for key in rank if isinstance(key, str)
    }
    spans = {
        group_id: (min(ranks), max(ranks))
        for group_id, group in chart.groups.items()
        if (ranks := [rank_of[n] for n in group.members if n in rank_of])
    }
    before, after = [0.0] * len(layout.ranks), [0.0] * len(layout.ranks)
    for group_id, (top, bottom) in spans.items():
        inner = [spans[i] for i in nested_in(chart, group_id) if i in spans]
        above = 1 + sum(1 for span in inner if span[0] == top)  # frames in it, beginning there
        below = 1 + sum(1 for span in inner if span[1] == bottom)
        before[top] = max(before[top], above * (FRAME_PAD + TITLE_ROOM))
        after[bottom] = max(after[bottom], below * FRAME_PAD)
    return before, after


def label_size(text: tuple[str, ...]) -> tuple[float, float]:
    """How wide and high a link's text is drawn (a point, for none)."""
    if not has_text(text):
        return 8.0, 8.0
    return text_width(text) + 8, LEADING * len(text) + 2


def spread(
    layout: Layout, sizes: dict[object, tuple[float, float]], offsets: dict[object, float]
) -> dict[object, float]:
    """Each key's place across its rank: first packed and centred, then, rank by rank, moved
    so that its shape is at the mean place of its neighbours' shapes in the rank before (a shape
    `offsets` from the middle of its key's size, or at it), kept in order and apart."""

    def shape(key: object) -> float:
        return xs[key] + offsets.get(key, 0.0)

    xs: dict[object, float] = {}
    for rank in layout.ranks:
        gaps = [gap_between(a, b, layout.grouped) for a, b in itertools.pairwise(rank)]
        at = -(sum(sizes[k][0] for k in rank) + sum(gaps)) / 2
        for key, gap in zip(rank, [*gaps, 0.0], strict=True):
            xs[key] = at + sizes[key][0] / 2
            at += sizes[key][0] + gap
    for sweep in range(4):
        down = sweep % 2 == 0
        indexes = range(1, len(layout.ranks)) if down else range(len(layout.ranks) - 2, -1, -1)
        near = layout.above if down else layout.below
        for i in indexes:
            rank = layout.ranks[i]
            wanted = [
                mean([shape(n) for n in near.get(k, ())], shape(k)) - offsets.get(k, 0.0)
                for k in rank
            ]
            for key, x in zip(rank, apart(rank, wanted, sizes, layout.grouped), strict=True):
                xs[key] = x
    return xs


def apart(
    rank: list[object],
    wanted: list[float],
    sizes: dict[object, tuple[float, float]],
    grouped: dict[object, str],
) -> list[float]:
    """Places as near the wanted ones as keeps the keys in order and a gap apart: pushed right,
    then left, then the whole rank moved to where its keys want to be on average."""
    placed = list(wanted)
    for i in range(1, len(rank)):
        least = placed[i - 1] + (sizes[rank[i - 1]][0] + sizes[rank[i]][0]) / 2
        placed[i] = max(placed[i], least + gap_between(rank[i - 1], rank[i], grouped))
    shift = mean([w - p for w, p in zip(wanted, placed, strict=True)], 0.0)
    return [p + shift for p in placed]


def gap_between(a: object, b: object, grouped: dict[object, str]) -> float:
    """The gap between two neighbours in a rank: wider across the edge of a subgraph (room for
    the frames drawn round them)."""
    return GAP + (2 * FRAME_PAD if grouped.get(a) != grouped.get(b) else 0.0)


def chart_svg(chart: Chart, link: NoteLink | None = None, what: str = "Flowchart") -> str:
    layout, boxes = laid_out(chart)
    frames = group_frames(chart, boxes, layout)
    shift = max([0.0, *(PAD - left for left, *_ in frames)])  # a frame wider than the nodes
    lift = max([0.0, *(PAD - top for _, top, *_ in frames)])  # a frame's title above all
    if shift or lift:
        boxes = {k: Box(b.x + shift, b.y + lift, b.half_w, b.half_h) for k, b in boxes.items()}
        frames = [(left + shift, top + lift, w, h, title) for left, top, w, h, title in frames]
    loops = [
        loop_reach(boxes[k.start]) for k in chart.links if k.start == k.end and k.line != "hidden"
    ]
    right = max([b.x + b.half_w for b in boxes.values()] + [f[0] + f[2] for f in frames]) + PAD
    bottom = max([b.y + b.half_h for b in boxes.values()] + [f[1] + f[3] for f in frames]) + PAD
    right = max([right, *(x + PAD for x, _ in loops)])  # (a loop round a node at the edge)
    bottom = max([bottom, *(y + PAD for _, y in loops)])
    drawn_frames = "".join(frame_svg(*frame) for frame in frames)
    links = "".join(
        link_svg(chart.links[n], [boxes[k] for k in path], chart, layout.against[n])
        for n, path in enumerate(layout.paths)
    )
    links += "".join(  # (over the lines: one crossing it goes under it)
        label_svg(text, (boxes[(LOOP, n)].x, boxes[(LOOP, n)].y))
        for n, text in loop_texts(chart).items()
    )
    nodes = "".join(node_svg(node, boxes[node.id], link) for node in chart.nodes.values())
    names = ", ".join(" ".join(node.lines) for node in chart.nodes.values())
    return svg_element(right, bottom, f"{what}: {names}", f"{drawn_frames}{links}{nodes}")


def title_svg(kind: str, title: str, x: float, centred: bool = True) -> str:
    """A chart's title, above it (of class `kind`-title: the theme sets its weight and size),
    centred on `x` or starting at it; nothing for none."""
    if not title:
        return ""
    anchor = ' text-anchor="middle"' if centred else ""
    return (
        f'<text class="{kind}-title" x="{num(x)}" y="{num(PAD + LEADING / 2)}"{anchor} '
        f'dominant-baseline="central">{html.escape(title)}</text>'
    )


def svg_element(width: float, height: float, label: str, body: str) -> str:
    """A diagram's SVG, `label` saying what it shows: as wide as drawn, narrower to fit the
    page down to SHRINK of that (then scrolled across in its figure)."""
    fitted = f"width: min({num(width)}px, max(100%, {num(width * SHRINK)}px))"
    return (
        f'<svg class="mermaid-chart" xmlns="http://www.w3.org/2000/svg" width="{num(width)}" '
        f'height="{num(height)}" viewBox="0 0 {num(width)} {num(height)}" style="{fitted}" '
        f'role="img" aria-label="{html.escape(label)}">{body}</svg>'
    )


Frame = tuple[float, float, float, float, tuple[str, ...]]  # left, top, width, height, title
FRAME_PAD = 12.0  # px between a subgraph's frame and its nodes
TITLE_ROOM = LEADING + 4  # px above its nodes for a frame's title


def group_frames(chart: Chart, boxes: dict[object, Box], layout: Layout) -> list[Frame]:
    """Each subgraph's frame round its nodes (and the texts of the links between them) and the
    frames of the subgraphs in it, with room for its title above them, as wide as its title
    (widened on both sides) or, where that would take in a node not its own, as wide as its nodes
    under its title shortened: the outer ones first (drawn beneath); none for a subgraph whose
    frame would still take in a node not its own, or cross a frame it is not in."""
    rects: dict[str, tuple[float, float, float, float]] = {}
    bare: dict[str, tuple[float, float, float, float]] = {}  # (not widened for their titles)
    for group_id, group in sorted(chart.groups.items(), key=lambda g: -g[1].depth):
        own = [boxes[n] for n in group.members if n in boxes]
        own += [boxes[(LOOP, n)] for n in group.members if (LOOP, n) in boxes]
        members = set(group.members)
        own += [
            boxes[path[-2] if against else path[1]]  # (a link's text: at its point below its top)
            for link, path, against in zip(chart.links, layout.paths, layout.against, strict=True)
            if link.text and {link.start, link.end} <= members and len(path) > 2
        ]
        rect = frame_rect(own, [
            rects[inner] for inner in nested_in(chart, group_id) if inner in rects
        ])  # fmt: skip
        if rect is not None:
            bare[group_id], rects[group_id] = rect, titled(rect, group.title)
    frames: list[Frame] = []
    drawn: list[tuple[set[str], tuple[float, float, float, float]]] = []
    for group_id, group in sorted(chart.groups.items(), key=lambda g: g[1].depth):
        rect, members = rects.get(group_id), set(group.members)
        if rect is None:
            continue
        others = [
            boxes[key]
            for n in chart.nodes
            if n not in members
            for key in (n, (LOOP, n))
            if key in boxes
        ]
        title = group.title
        if any(overlap_rect(b, rect) for b in others):  # (its title's room too wide: shortened)
            rect = bare[group_id]
            title = shortened(group.title, rect[2] - 2 * FRAME_PAD)
        if any(overlap_rect(b, rect) for b in others):
            continue  # its nodes are not side by side: a frame would take in another's
        if any(not members <= theirs and rects_meet(rect, seen) for theirs, seen in drawn):
            continue  # it would cross the frame of a subgraph it is not in
        drawn.append((members, rect))
        frames.append((*rect, title))
    return frames


def shortened(title: tuple[str, ...], room: float) -> tuple[str, ...]:
    """A frame's title cut, each line, to what `room` px holds, with an ellipsis."""
    lines = []
    for line in title:
        kept = line
        while kept and text_width([kept + "…"]) > room:
            kept = kept[:-1].rstrip()
        lines.append(line if kept == line else f"{kept}…" if kept else "")
    return tuple(lines)


def nested_in(chart: Chart, group_id: str) -> list[str]:
    """The subgraphs in a subgraph (at any depth)."""
    outer = chart.groups[group_id]
    return [
        inner
        for inner, group in chart.groups.items()
        if group.depth > outer.depth and set(group.members) <= set(outer.members)
    ]


def frame_rect(
    own: list[Box], inner: list[tuple[float, float, float, float]]
) -> tuple[float, float, float, float] | None:
    """(left, top, width, height) of a subgraph's frame round its nodes' boxes and the frames in
    it, its title's room above them; None for a subgraph with no node drawn."""
    if not own:
        return None
    left = min([b.x - b.half_w for b in own] + [r[0] for r in inner]) - FRAME_PAD
    top = min([b.y - b.half_h for b in own] + [r[1] for r in inner]) - FRAME_PAD - TITLE_ROOM
    right = max([b.x + b.half_w for b in own] + [r[0] + r[2] for r in inner]) + FRAME_PAD
    bottom = max([b.y + b.half_h for b in own] + [r[1] + r[3] for r in inner]) + FRAME_PAD
    return left, top, right - left, bottom - top


def titled(
    rect: tuple[float, float, float, float], title: tuple[str, ...]
) -> tuple[float, float, float, float]:
    """A frame widened on both sides to hold its title, when that is wider than it."""
    left, top, width, height = rect
    wanted = text_width(title) + 2 * FRAME_PAD
    return (left - (wanted - width) / 2, top, wanted, height) if wanted > width else rect


def rects_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def overlap_rect(b: Box, rect: tuple[float, float, float, float]) -> bool:
    left, top, width, height = rect
    return (
        b.x + b.half_w > left
        and b.x - b.half_w < left + width
        and b.y + b.half_h > top
        and b.y - b.half_h < top + height
    )


def frame_svg(left: float, top: float, width: float, height: float, title: tuple[str, ...]) -> str:
    title_y = top + FRAME_PAD / 2 + LEADING / 2
    return (
        f'<g class="subgraph"><rect x="{num(left)}" y="{num(top)}" width="{num(width)}" '
        f'height="{num(height)}" rx="4"/>'
        f"{text_svg(title, left + width / 2, title_y)}</g>"
    )


def laid_out(chart: Chart) -> tuple[Layout, dict[object, Box]]:
    """The chart's ranks, and the box of each node and of each link's point between ranks, in
    the drawing's coordinates (turned to its direction, PAD from its top left)."""
    layout = layered(chart)
    return layout, placed(chart, boxes_of(chart, layout))


def placed(chart: Chart, boxes: dict[object, Box]) -> dict[object, Box]:
    """The boxes turned to the chart's direction and moved to start PAD from the top left."""
    turned = {k: turned_box(b, chart.direction) for k, b in boxes.items()}
    left = min(b.x - b.half_w for b in turned.values()) - PAD
    top = min(b.y - b.half_h for b in turned.values()) - PAD
    return {k: Box(b.x - left, b.y - top, b.half_w, b.half_h) for k, b in turned.items()}


def unturned_box(b: Box, direction: str) -> Box:
    """A box as the chart's `direction` draws it, in a drawing flowing down (turned_box undone)."""
    if direction == "RL":
        return Box(b.y, -b.x, b.half_h, b.half_w)
    return turned_box(b, direction)  # (its other turns undo themselves)


def turned_box(b: Box, direction: str) -> Box:
    """A box of a drawing flowing down, as the chart's `direction` draws it."""
    if direction == "BT":
        return Box(b.x, -b.y, b.half_w, b.half_h)
    if direction == "LR":
        return Box(b.y, b.x, b.half_h, b.half_w)
    if direction == "RL":
        return Box(-b.y, b.x, b.half_h, b.half_w)
    return b


def section_height(section: tuple[str, ...]) -> float:
    """How high a compartment of a class's box is (an empty one too)."""
    return LEADING * len(section) + 10


def class_svg(node: Node, b: Box) -> str:
    """A class's box: its name centred (its annotation above it), then its attributes, then its
    methods, left aligned, each compartment under a line."""
    left, top = b.x - b.half_w, b.y - b.half_h
    parts = [
        f'<rect x="{num(left)}" y="{num(top)}" width="{num(2 * b.half_w)}" '
        f'height="{num(2 * b.half_h)}" rx="3"/>'
    ]
    for i, section in enumerate(node.sections):
        high = section_height(section)
        if i == 0:
            parts.append(
                text_svg(section, b.x, top + high / 2).replace(
                    "<text ", '<text class="class-name" ', 1
                )
            )
        else:
            parts.append(
                f'<path class="divider" d="M{num(left)},{num(top)} h{num(2 * b.half_w)}"/>'
            )
            spans = "".join(
                f'<tspan x="{num(left + 10)}" y="{num(top + 5 + LEADING * (j + 0.5))}">{html.escape(line)}</tspan>'
                for j, line in enumerate(section)
            )
            parts.append(f'<text dominant-baseline="central">{spans}</text>' if spans else "")
        top += high
    return f'<g class="node node-class">{"".join(parts)}</g>'


def node_svg(node: Node, box: Box, link: NoteLink | None = None) -> str:
    """A node's shape and its text (a link to the note it names, for one `internal-link`)."""
    if node.shape == "class":
        return class_svg(node, box)
    if node.linked and link is not None:
        name = " ".join(line for line in node.lines if line)
        text = (
            f'<text text-anchor="middle" dominant-baseline="central"><tspan x="{num(box.x)}" '
            f'y="{num(box.y)}">{link(name)}</tspan></text>'
        )
    else:
        text = text_svg(node.lines, box.x, box.y)
    return f'<g class="node node-{node.shape}">{shape_svg(node.shape, box)}{text}</g>'


def shape_svg(shape: str, b: Box) -> str:
    x0, y0, x1, y1 = b.x - b.half_w, b.y - b.half_h, b.x + b.half_w, b.y + b.half_h
    if shape == "circle":
        return f'<circle cx="{num(b.x)}" cy="{num(b.y)}" r="{num(b.half_w)}"/>'
    if shape in ("start", "bar"):  # (a state diagram's start, fork or join: filled)
        return f'<rect class="solid" x="{num(x0)}" y="{num(y0)}" width="{num(2 * b.half_w)}" height="{num(2 * b.half_h)}" rx="{num(min(b.half_w, b.half_h))}"/>'
    if shape == "end":
        return (
            f'<circle cx="{num(b.x)}" cy="{num(b.y)}" r="{num(b.half_w)}"/>'
            f'<circle class="solid" cx="{num(b.x)}" cy="{num(b.y)}" r="{num(b.half_w - 4)}"/>'
        )
    if shape == "diamond":
        return polygon([(b.x, y0), (x1, b.y), (b.x, y1), (x0, b.y)])
    if shape == "hexagon":
        cut = b.half_h
        return polygon(
            [(x0, b.y), (x0 + cut, y0), (x1 - cut, y0), (x1, b.y), (x1 - cut, y1), (x0 + cut, y1)]
        )
    if shape == "lean":
        cut = b.half_h
        return polygon([(x0 + cut, y0), (x1, y0), (x1 - cut, y1), (x0, y1)])
    if shape == "trapezoid":
        cut = b.half_h
        return polygon([(x0 + cut, y0), (x1 - cut, y0), (x1, y1), (x0, y1)])
    if shape == "flag":
        return polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0 + b.half_h, b.y)])
    if shape == "cylinder":
        rim = 6.0
        return (
            f'<path d="M{num(x0)},{num(y0 + rim)} a{num(b.half_w)},{num(rim)} 0 0,0 {num(2 * b.half_w)},0 '
            f"a{num(b.half_w)},{num(rim)} 0 0,0 {num(-2 * b.half_w)},0 v{num(2 * b.half_h - 2 * rim)} "
            f'a{num(b.half_w)},{num(rim)} 0 0,0 {num(2 * b.half_w)},0 v{num(-(2 * b.half_h - 2 * rim))}"/>'
        )
    rounded = {"round": 10.0, "stadium": b.half_h, "rect": 3.0, "subroutine": 3.0}.get(shape, 3.0)
    rect = (
        f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(2 * b.half_w)}" '
        f'height="{num(2 * b.half_h)}" rx="{num(rounded)}"/>'
    )
    if shape == "subroutine":
        rect += f'<path d="M{num(x0 + 8)},{num(y0)} v{num(2 * b.half_h)} M{num(x1 - 8)},{num(y0)} v{num(2 * b.half_h)}"/>'
    return rect


def polygon(points: Iterable[tuple[float, float]]) -> str:
    return f'<polygon points="{" ".join(f"{num(x)},{num(y)}" for x, y in points)}"/>'


def box_svg(classes: str, rect: tuple[float, float, float, float], text: Sequence[str]) -> str:
    """A box of the classes given, (left, width, top, height), its text's lines centred in it."""
    x, wide, y, high = rect
    return (
        f'<g class="{classes}"><rect x="{num(x)}" y="{num(y)}" width="{num(wide)}" '
        f'height="{num(high)}" rx="4"/>{text_svg(text, x + wide / 2, y + high / 2)}</g>'
    )


def text_svg(lines: Sequence[str], x: float, y: float) -> str:
    top = y - LEADING * (len(lines) - 1) / 2
    spans = "".join(
        f'<tspan x="{num(x)}" y="{num(top + LEADING * i)}">{html.escape(line)}</tspan>'
        for i, line in enumerate(lines)
    )
    return f'<text text-anchor="middle" dominant-baseline="central">{spans}</text>'


def link_svg(link: Link, boxes: list[Box], chart: Chart, against: bool) -> str:
    """The link's line through its points, cut at the edges of its two nodes' shapes, its heads
    and its text (at the middle of the gap below its upper end: its first, or its last when it
    is drawn `against` the flow)."""
    if link.line == "hidden":
        return ""
    start, end = chart.nodes[link.start], chart.nodes[link.end]
    points = [(b.x, b.y) for b in boxes]
    if link.start == link.end:  # a loop: round the node's side
        box = boxes[0]
        points = loop_points(box)
    else:
        points[0] = edge_point(start.shape, boxes[0], points[1])
        points[-1] = edge_point(end.shape, boxes[-1], points[-2])
    d, (first, last) = smooth_path(points)
    drawn = f'<path class="link link-{link.line}" d="{d}"/>'
    drawn += head_svg(link.head, points[-1], last) + head_svg(link.tail, points[0], first)
    if has_text(link.text) and len(boxes) > 2:  # at its point below its upper end
        point = boxes[-2] if against else boxes[1]
        drawn += label_svg(link.text, (point.x, point.y))
    return f'<g class="edge">{drawn}</g>'


Point = tuple[float, float]


def smooth_path(points: list[Point]) -> tuple[str, tuple[Point, Point]]:
    """A curve through the points (Catmull-Rom's, as cubic Béziers: it passes through each, so a
    link's text sits on it), and the control points next to its two ends, which its heads point
    along."""
    if len(points) == 2:
        return (
            f"M{num(points[0][0])},{num(points[0][1])} L{num(points[1][0])},{num(points[1][1])}",
            (
                points[1],
                points[0],
            ),
        )
    ends = [points[0], *points, points[-1]]
    curves: list[str] = []
    controls: list[Point] = []
    for i in range(1, len(ends) - 2):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = ends[i - 1 : i + 3]
        c1, c2 = (x1 + (x2 - x0) / 6, y1 + (y2 - y0) / 6), (x2 - (x3 - x1) / 6, y2 - (y3 - y1) / 6)
        controls += [c1, c2]
        curves.append(f"C{num(c1[0])},{num(c1[1])} {num(c2[0])},{num(c2[1])} {num(x2)},{num(y2)}")
    return f"M{num(points[0][0])},{num(points[0][1])} " + " ".join(curves), (
        controls[0],
        controls[-1],
    )


def loop_points(b: Box) -> list[tuple[float, float]]:
    """A link from a node to itself: out of its top, round its right side, into its bottom."""
    right = b.x + b.half_w + 18
    return [
        (b.x + b.half_w * 0.5, b.y - b.half_h),
        (right, b.y - b.half_h - 10),
        (right, b.y + b.half_h + 10),
        (b.x + b.half_w * 0.5, b.y + b.half_h),
    ]


def edge_point(shape: str, b: Box, toward: tuple[float, float]) -> tuple[float, float]:
    """Where the line from the box's centre toward a point leaves the shape."""
    dx, dy = toward[0] - b.x, toward[1] - b.y
    if dx == 0 and dy == 0:
        return b.x, b.y
    if shape == "diamond":
        scale = 1 / (abs(dx) / b.half_w + abs(dy) / b.half_h)
    elif shape == "circle":
        scale = b.half_w / (dx * dx + dy * dy) ** 0.5
    else:
        scale = min(
            b.half_w / abs(dx) if dx else float("inf"), b.half_h / abs(dy) if dy else float("inf")
        )
    return b.x + dx * scale, b.y + dy * scale


def head_svg(kind: str, tip: tuple[float, float], before: tuple[float, float]) -> str:
    """A link's end drawn at `tip`, coming from `before`: an arrowhead, a circle or a cross."""
    if kind == "none":
        return ""
    dx, dy = tip[0] - before[0], tip[1] - before[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    if kind in CROWS_FEET:
        return crows_foot_svg(kind, tip, (ux, uy))
    if kind == "circle":
        cx, cy = tip[0] - ux * 4, tip[1] - uy * 4
        return f'<circle class="head" cx="{num(cx)}" cy="{num(cy)}" r="4"/>'
    if kind == "cross":
        cx, cy, s = tip[0] - ux * 5, tip[1] - uy * 5, 4.0
        return (
            f'<path class="link" d="M{num(cx - s)},{num(cy - s)} L{num(cx + s)},{num(cy + s)} '
            f'M{num(cx - s)},{num(cy + s)} L{num(cx + s)},{num(cy - s)}"/>'
        )
    if kind in ("triangle", "diamond", "odiamond"):  # a class diagram's: UML's
        length = 14.0 if kind == "triangle" else 18.0
        back, half = (
            (tip[0] - ux * length, tip[1] - uy * length),
            7.0 if kind == "triangle" else 5.0,
        )
        if kind == "triangle":
            corners = [
                tip,
                (back[0] - uy * half, back[1] + ux * half),
                (back[0] + uy * half, back[1] - ux * half),
            ]
        else:
            mid = (tip[0] - ux * length / 2, tip[1] - uy * length / 2)
            corners = [
                tip,
                (mid[0] - uy * half, mid[1] + ux * half),
                back,
                (mid[0] + uy * half, mid[1] - ux * half),
            ]
        cls = "head" if kind == "diamond" else "head-open"
        return f'<polygon class="{cls}" points="{" ".join(f"{num(x)},{num(y)}" for x, y in corners)}"/>'
    base = (tip[0] - ux * 10, tip[1] - uy * 10)
    wing = (-uy * 5, ux * 5)
    corners = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    return f'<polygon class="head" points="{" ".join(f"{num(x)},{num(y)}" for x, y in corners)}"/>'


# an ER diagram's ends, in crow's-foot notation: (the most, next to the entity; the least)
CROWS_FEET = {
    "only-one": ("one", "one"),
    "zero-or-one": ("one", "zero"),
    "one-or-more": ("many", "one"),
    "zero-or-more": ("many", "zero"),
}


def crows_foot_svg(kind: str, tip: Point, along: Point) -> str:
    """An ER diagram's end at `tip` (the line coming `along` a unit vector): next to the entity
    a bar (one) or a crow's foot (many), then a bar (one) or a ring (none)."""
    ux, uy = along

    def at(back: float, side: float) -> str:  # `back` from the tip along the line, `side` across
        return f"{num(tip[0] - ux * back - uy * side)},{num(tip[1] - uy * back + ux * side)}"

    most, least = CROWS_FEET[kind]  # (within 19px of the entity: clear of a link's text)
    many = most == "many"
    marks = f"M{at(0, -6)} L{at(10, 0)} L{at(0, 6)}" if many else f"M{at(5, -6)} L{at(5, 6)}"
    if least == "one":
        marks += f" M{at(14 if many else 11, -6)} L{at(14 if many else 11, 6)}"
    drawn = f'<path class="link" d="{marks}"/>'
    if least == "zero":
        cx, cy = tip[0] - ux * 15, tip[1] - uy * 15
        drawn += f'<circle class="head-open" cx="{num(cx)}" cy="{num(cy)}" r="3.5"/>'
    return drawn


def label_svg(lines: tuple[str, ...], middle: tuple[float, float]) -> str:
    wide, high = label_size(lines)
    ground = (
        f'<rect class="label" x="{num(middle[0] - wide / 2)}" y="{num(middle[1] - high / 2)}" '
        f'width="{num(wide)}" height="{num(high)}" rx="3"/>'
    )
    return ground + text_svg(lines, middle[0], middle[1])


def text_width(lines: Sequence[str]) -> float:
    """About how wide lines of a label are drawn (the widest one), in px."""
    return max((ems(line) for line in lines), default=0.0) * FONT


def num(value: float) -> str:
    """A coordinate as SVG writes it: to a tenth, no `-0`, no `.0`."""
    text = f"{round(value, 1):.1f}".removesuffix(".0")
    return "0" if text == "-0" else text
