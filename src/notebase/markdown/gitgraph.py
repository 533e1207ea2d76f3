"""Mermaid git graphs (a ```mermaid block starting `gitGraph`) drawn at build time as inline SVG:
a lane a branch, its name at its start, the commits along the lanes in the order written (a
column each), each branch joined to the commit it grew from and each merge to the head of the
branch merged.

Read as Mermaid reads them: `gitGraph`, `gitGraph:`, `gitGraph LR:`, `gitGraph TB:` and
`gitGraph BT:`; `commit` (with `id: "x"`, `tag: "v1"` (several too), `type: NORMAL|REVERSE|
HIGHLIGHT`, a message `"text"` or `msg: "text"`, which is not drawn); `branch name` (with
`order: n`; a name in quotes too), made from the head of the branch checked out and checked out;
`checkout name` and `switch name`; `merge name` (with `id`, `tag`, `type`); `cherry-pick id: "x"`
(with `tag`, and `parent: "y"`, which picking a merge needs); `main` the branch there first, or
the one a `mainBranchName` setting names (in a `%%{init}%%` directive or the `---` block), lanes
in the order the branches were made, those given an `order` (main's: `mainBranchOrder`, or 0) by
it. `%%` comments, `%%{init}%%` directives (over several lines too), the `---` block of settings,
`title` (drawn above) and `accTitle`/`accDescr` are read past. What Mermaid would stop at (a
branch made twice, a checkout or a merge of a branch never made, a merge of the branch checked
out, or of one with the same head, or into a branch with no commit; a cherry-pick of an id never
given, of a commit of the branch checked out or of a merge without its parent), anything else,
no commit or over 400 of them leave the chart its code.

A commit given no id is drawn with none (Mermaid makes it a random one: the same notes must make
the same page) and cannot be cherry-picked, as in Mermaid, where its id cannot be known.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field

from notebase.markdown.mermaid import (
    DIRECTIVE,
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

COLOURS = 8  # the branches' colours, from the theme (style.css: .gitgraph-branch-0 ... -7)
MOST_COMMITS = 400
MOST_BRANCHES = 100
RADIUS = 9.0  # px, a commit's circle
STEP = 50.0  # px between two commits' columns (LR)
ROW = 40.0  # px between two commits' rows (TB, BT)
LANE = 56.0  # px, the least between two lanes
SMALL = 12.0  # px, the ids' and tags' size
LABEL_H = 16.0  # px, an id's box
TAG_H = 18.0  # px, a tag's box
INSET = 4.0  # px between a small box's side and its text
NOTCH = 6.0  # px, the point of a tag's box
NAME_H = 24.0  # px, a branch's name's box
NAME_INSET = 8.0
GAP = 8.0  # px between things that must not meet
CORNER = 12.0  # px, the radius of a link's turn
TITLE = 16.0  # px, the title's size
SLANT = math.sqrt(0.5)  # (cos 45°: the ids too wide for their column are drawn at 45°)
# from a commit's centre to where its id at 45° starts: right of the links leaving it downward
SLANT_AT = (RADIUS + 1.0, RADIUS + 5.0)
LIFT = 7.0  # px up and aside from a commit's centre to its labels' near corner (TB, BT)
SHAPES = {"NORMAL": "normal", "REVERSE": "reverse", "HIGHLIGHT": "highlight"}

_HEADER = re.compile(r"gitGraph(?:\s*:|\s+(LR|TB|BT)\s*:)?$")
_FRONT = re.compile(r"\A\s*---[ \t]*\n(.*?)^[ \t]*---[ \t]*$", re.S | re.M)
_MAIN_NAME = re.compile(r"""mainBranchName['"]?\s*:\s*(?:"([^"]*)"|'([^']*)'|([^\s,'"}]+))""")
_MAIN_ORDER = re.compile(r"""mainBranchOrder['"]?\s*:\s*['"]?(\d+)""")
_STRING = r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'"""
_NAME = rf"(?:{_STRING}|\w(?:[-./\w]*[-\w])?)"
_COMMAND = re.compile(r"(commit|branch|merge|checkout|switch|cherry-pick)(?![-\w])\s*(.*)$")
_BRANCH = re.compile(rf"({_NAME})(?:\s+order:\s*(\d+))?$")
_CHECKOUT = re.compile(rf"({_NAME})$")
_MERGE = re.compile(rf"({_NAME})(?=\s|$)\s*(.*)$")
_ATTRIBUTE = re.compile(rf"(?:(id|tag|type|msg|parent):\s*)?({_STRING}|NORMAL|REVERSE|HIGHLIGHT)")
_TITLE = re.compile(r"title(?:\s+(.*))?$")

Point = tuple[float, float]


@dataclass(slots=True)
class Commit:
    id: str  # as written; "" when none is
    shape: str = "normal"  # normal, reverse, highlight, merge, cherry-pick
    tags: tuple[str, ...] = ()
    kind: str = "commit"  # commit, merge, cherry-pick
    branch: str = ""
    parents: tuple[int, ...] = ()  # (the numbers of) the branch's head, then a merged or picked one


@dataclass(slots=True)
class Branch:
    name: str
    made: int  # the how-manieth branch made
    order: int | None = None
    head: int | None = None  # its last commit, or the one it was made from


@dataclass(slots=True)
class GitGraph:
    direction: str = "LR"
    title: str = ""
    main: str = "main"
    current: str = "main"
    branches: dict[str, Branch] = field(default_factory=dict)
    commits: list[Commit] = field(default_factory=list)
    ids: dict[str, int] = field(default_factory=dict)  # each id given: its (last) commit


def gitgraph_html(source: str) -> str | None:
    """The git graph `source` drawn as a figure holding its SVG; None when it is none this
    reader reads (its code block then stands)."""
    return figure(gitgraph_svg, read_gitgraph, source)


def read_gitgraph(source: str) -> GitGraph:
    settings = "".join(DIRECTIVE.findall(source))
    if (front := _FRONT.match(source)) is not None:
        settings += front.group(1)
    lines = diagram_lines(source, trailing_comments=True)
    header = _HEADER.match(lines[0]) if lines else None
    if header is None:
        raise Unread("no git graph")
    graph = GitGraph(direction=header.group(1) or "LR")
    if (name := _MAIN_NAME.search(settings)) is not None:
        written = next(group for group in name.groups() if group is not None).strip()
        graph.main = written or graph.main
    order = _MAIN_ORDER.search(settings)
    graph.current = graph.main
    graph.branches[graph.main] = Branch(graph.main, 0, int(order.group(1)) if order else 0)
    for line in lines[1:]:
        if (title := _TITLE.match(line)) is not None:
            graph.title = " ".join(label_lines(title.group(1) or ""))
        elif (command := _COMMAND.match(line)) is not None:
            read_command(graph, command.group(1), command.group(2).strip())
        else:
            raise Unread(f"not read: {line!r}")
        if len(graph.commits) > MOST_COMMITS or len(graph.branches) > MOST_BRANCHES:
            raise Unread("too many commits or branches")
    if not graph.commits:
        raise Unread("no commit")
    return graph


def read_command(graph: GitGraph, command: str, rest: str) -> None:
    if command == "commit":
        given = attributes(rest, {"id", "tag", "type", "msg", ""})
        add_commit(graph, Commit(last(given, "id"), *look(given, "normal")))
    elif command == "branch":
        found = _BRANCH.match(rest)
        if found is None or (name := unquoted(found.group(1))) in graph.branches:
            raise Unread(f"no branch to make: {rest!r}")
        order = int(found.group(2)) if found.group(2) else None
        head = graph.branches[graph.current].head
        graph.branches[name] = Branch(name, len(graph.branches), order, head)
        graph.current = name
    elif command in ("checkout", "switch"):
        found = _CHECKOUT.match(rest)
        if found is None or unquoted(found.group(1)) not in graph.branches:
            raise Unread(f"no branch to check out: {rest!r}")
        graph.current = unquoted(found.group(1))
    elif command == "merge":
        read_merge(graph, rest)
    else:
        read_cherry_pick(graph, rest)


def read_merge(graph: GitGraph, rest: str) -> None:
    """A merge of a branch into the one checked out, where Mermaid makes one: the two heads
    apart, neither branch empty, the head checked out not one made on the branch merged."""
    found = _MERGE.match(rest)
    if found is None:
        raise Unread(f"no branch to merge: {rest!r}")
    name = unquoted(found.group(1))
    given = attributes(found.group(2), {"id", "tag", "type"})
    ours = graph.branches[graph.current].head
    theirs = graph.branches[name].head if name in graph.branches else None
    if name == graph.current or ours is None or theirs is None or ours == theirs:
        raise Unread(f"no merge of {name!r} into {graph.current!r}")
    commit_id = last(given, "id")
    if graph.commits[ours].branch == name or (commit_id and commit_id in graph.ids):
        raise Unread(f"no merge of {name!r} into {graph.current!r}")
    add_commit(graph, Commit(commit_id, *look(given, "merge"), kind="merge"), theirs)


def read_cherry_pick(graph: GitGraph, rest: str) -> None:
    """A commit copying one of another branch (a merge: from one of its parents, `parent`),
    tagged with the picked one's id unless given tags."""
    given = attributes(rest, {"id", "tag", "parent"})
    picked = graph.ids.get(last(given, "id"))
    head = graph.branches[graph.current].head
    if picked is None or head is None or graph.commits[picked].branch == graph.current:
        raise Unread(f"no commit to cherry-pick: {rest!r}")
    source = graph.commits[picked]
    parent = last(given, "parent")
    parents = [graph.commits[p].id for p in source.parents]
    if (parent and parent not in parents) or (source.kind == "merge" and not parent):
        raise Unread(f"no parent to cherry-pick from: {rest!r}")
    tags = tuple(tag for tag in given["tag"] if tag) if "tag" in given else None
    if tags is None:
        tags = (f"cherry-pick:{source.id}" + (f"|parent:{parent}" if parent else ""),)
    add_commit(graph, Commit("", "cherry-pick", tags, "cherry-pick"), picked)


def add_commit(graph: GitGraph, commit: Commit, other: int | None = None) -> None:
    """The commit made on the branch checked out, after its head (and after `other`: the head
    merged, or the commit picked)."""
    branch = graph.branches[graph.current]
    commit.branch = graph.current
    commit.parents = tuple(p for p in (branch.head, other) if p is not None)
    branch.head = len(graph.commits)
    if commit.id:
        graph.ids[commit.id] = branch.head
    graph.commits.append(commit)


def attributes(text: str, allowed: set[str]) -> dict[str, list[str]]:
    """A statement's `name: value` pairs (a bare string: "", the message), each value as written
    (a string's quotes off); Unread for anything else, or a name the statement has not."""
    given: dict[str, list[str]] = {}
    at = 0
    while at < len(text):
        found = _ATTRIBUTE.match(text, at)
        if found is None or (name := found.group(1) or "") not in allowed:
            raise Unread(f"not read: {text[at:]!r}")
        value = found.group(2)
        is_type = value in SHAPES
        if (name == "type") != is_type:
            raise Unread(f"not read: {text[at:]!r}")
        given.setdefault(name, []).append(value if is_type else unquoted(value))
        at = found.end()
        while at < len(text) and text[at].isspace():
            at += 1
    return given


def last(given: dict[str, list[str]], name: str) -> str:
    """The value given `name` last, or ""."""
    return given.get(name, [""])[-1]


def look(given: dict[str, list[str]], shape: str) -> tuple[str, tuple[str, ...]]:
    """A commit's shape (its `type`'s, or `shape`) and its tags."""
    written = given.get("type", [])
    return (SHAPES[written[-1]] if written else shape), tuple(given.get("tag", []))


def unquoted(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def lanes_of(graph: GitGraph) -> list[str]:
    """The branches in their lanes' order: by `order` (none: 0), then as they were made."""
    ranked = sorted(graph.branches.values(), key=lambda b: (b.order or 0, b.made))
    return [branch.name for branch in ranked]


def small_width(text: str) -> float:
    return ems(text) * SMALL


def id_width(commit: Commit) -> float:
    return small_width(commit.id) + 2 * INSET if commit.id else 0.0


def tag_width(tag: str) -> float:
    return small_width(tag) + 2 * INSET + NOTCH


@dataclass(slots=True)
class Layout:
    """Where everything goes: each commit's centre, each lane's line across the flow (y: LR,
    x: TB, BT), the drawing's size, and its labels' SVG."""

    centres: list[Point]
    lanes: list[float]
    width: float
    height: float
    labels: list[str] = field(default_factory=list)  # the branches' names, the ids, the tags
    guides: list[tuple[Point, Point]] = field(default_factory=list)  # each lane, end to end


def gitgraph_svg(graph: GitGraph) -> str:
    lanes = lanes_of(graph)
    lane_of = {name: i for i, name in enumerate(lanes)}
    top = PAD + (LEADING + 12 if graph.title else 0.0)
    if graph.direction == "LR":
        layout = across(graph, lanes, lane_of, top)
    else:
        layout = down(graph, lanes, lane_of, top)
    parts = [
        f'<path class="gitgraph-lane" d="M{num(a[0])},{num(a[1])} L{num(b[0])},{num(b[1])}"/>'
        for a, b in layout.guides
    ]
    parts += branch_lines(graph, lane_of, layout.centres)
    parts += links(graph, lane_of, layout)
    parts += [
        commit_svg(commit, lane_of[commit.branch], centre)
        for commit, centre in zip(graph.commits, layout.centres, strict=True)
    ]
    title = title_svg("gitgraph", graph.title, PAD, centred=False)
    width = max(layout.width, 2 * PAD + ems(graph.title) * TITLE)
    body = title + "".join(parts + layout.labels)
    return svg_element(width, layout.height, spoken(graph, lanes), body)


def spoken(graph: GitGraph, lanes: list[str]) -> str:
    count = len(graph.commits)
    said = f"branches {', '.join(lanes)}; {count} commit{'s' if count != 1 else ''}"
    return f"Git graph: {graph.title}; {said}" if graph.title else f"Git graph: {said}"


def across(graph: GitGraph, lanes: list[str], lane_of: dict[str, int], top: float) -> Layout:
    """Left to right: a row a lane, a column a commit; the branches' names at the left, the
    tags above their commits, the ids below (at 45° when one is wider than a column)."""
    ids = [id_width(commit) for commit in graph.commits]
    tags = [max(map(tag_width, commit.tags), default=0.0) for commit in graph.commits]
    slanted = any(wide > STEP - GAP for wide in ids)
    above, below = [RADIUS] * len(lanes), [RADIUS] * len(lanes)
    for commit, wide in zip(graph.commits, ids, strict=True):
        k = lane_of[commit.branch]
        if commit.tags:
            stack = len(commit.tags) * (TAG_H + 3)
            above[k] = max(above[k], RADIUS + 5 + stack)
        if wide:
            drop = SLANT_AT[1] + 2 + (wide + 5) * SLANT if slanted else 4 + LABEL_H
            below[k] = max(below[k], RADIUS + drop)
    ys = [top + max(above[0], NAME_H / 2)]
    for k in range(1, len(lanes)):
        ys.append(ys[-1] + max(LANE, below[k - 1] + above[k] + GAP))
    names = [text_width([name]) + 2 * NAME_INSET for name in lanes]
    start = PAD + max(names) + 2 * GAP
    xs: list[float] = []
    tag_ends = [-math.inf] * len(lanes)  # the right end of each lane's last tag
    right = start
    for commit, wide, tags_wide in zip(graph.commits, ids, tags, strict=True):
        k = lane_of[commit.branch]
        half = max(RADIUS, tags_wide / 2, 0.0 if slanted else wide / 2)
        x = max(xs[-1] + STEP if xs else start, start + half, tag_ends[k] + GAP + tags_wide / 2)
        if tags_wide:
            tag_ends[k] = x + tags_wide / 2
        xs.append(x)
        reach = x + SLANT_AT[0] + (wide + 5) * SLANT if slanted and wide else x + half
        right = max(right, reach)
    centres = [(xs[i], ys[lane_of[c.branch]]) for i, c in enumerate(graph.commits)]
    layout = Layout(centres, ys, right + PAD, ys[-1] + max(below[-1], NAME_H / 2) + PAD)
    for name, wide, y in zip(lanes, names, ys, strict=True):
        layout.guides.append(((start - GAP, y), (xs[-1] + RADIUS + GAP, y)))
        box = (start - GAP - wide, y - NAME_H / 2, wide)
        layout.labels.append(name_svg(name, lane_of[name], box))
    for commit, (x, y), wide in zip(graph.commits, centres, ids, strict=True):
        if wide and slanted:
            at = (x + SLANT_AT[0], y + SLANT_AT[1])
            layout.labels.append(slanted_id_svg(commit.id, at, wide))
        elif wide:
            layout.labels.append(id_svg(commit.id, x - wide / 2, y + RADIUS + 4, wide))
        for j, tag in enumerate(commit.tags):
            bottom = y - RADIUS - 5 - j * (TAG_H + 3)
            layout.labels.append(tag_svg(tag, x - tag_width(tag) / 2, bottom - TAG_H))
    return layout


def down(graph: GitGraph, lanes: list[str], lane_of: dict[str, int], top: float) -> Layout:
    """Top to bottom (TB) or bottom to top (BT): a column a lane, a row a commit; the
    branches' names where the lanes start, the tags above their commits to the left, the ids
    to the right (the links across the lanes run along the rows of the commits)."""
    ids = [id_width(commit) for commit in graph.commits]
    lefts, rights = [0.0] * len(lanes), [0.0] * len(lanes)
    for commit, wide in zip(graph.commits, ids, strict=True):
        k = lane_of[commit.branch]
        row = sum(tag_width(tag) + 3 for tag in commit.tags)
        lefts[k] = max(lefts[k], LIFT + row - RADIUS if row else 0.0)
        rights[k] = max(rights[k], LIFT + wide - RADIUS if wide else 0.0)
    names = [text_width([name]) + 2 * NAME_INSET for name in lanes]
    xs = [PAD + max(names[0] / 2, RADIUS + lefts[0])]
    for k in range(1, len(lanes)):
        room = max(2 * RADIUS + rights[k - 1] + lefts[k] + GAP, (names[k - 1] + names[k]) / 2)
        xs.append(xs[-1] + max(LANE, room + GAP))
    width = xs[-1] + max(names[-1] / 2, RADIUS + rights[-1]) + PAD
    count = len(graph.commits)
    first = top + (NAME_H + GAP if graph.direction == "TB" else 0.0) + LIFT + TAG_H
    rows = [first + ROW * (i if graph.direction == "TB" else count - 1 - i) for i in range(count)]
    last = first + ROW * (count - 1)
    name_y = top if graph.direction == "TB" else last + RADIUS + 4 + 2 * GAP
    height = (last + RADIUS + 4 if graph.direction == "TB" else name_y + NAME_H) + PAD
    centres = [(xs[lane_of[c.branch]], rows[i]) for i, c in enumerate(graph.commits)]
    layout = Layout(centres, xs, width, height)
    ends = (first - RADIUS - 4, last + RADIUS + 4)
    for name, wide, x in zip(lanes, names, xs, strict=True):
        layout.guides.append(((x, ends[0]), (x, ends[1])))
        layout.labels.append(name_svg(name, lane_of[name], (x - wide / 2, name_y, wide)))
    for commit, (x, y), wide in zip(graph.commits, centres, ids, strict=True):
        if wide:
            layout.labels.append(id_svg(commit.id, x + LIFT, y - LIFT - LABEL_H, wide))
        at = x - LIFT
        for tag in commit.tags:
            at -= tag_width(tag)
            layout.labels.append(tag_svg(tag, at, y - LIFT - TAG_H))
            at -= 3
    return layout


def branch_lines(graph: GitGraph, lane_of: dict[str, int], centres: list[Point]) -> list[str]:
    """Each branch's line along its lane, from its first commit to its last."""
    ends: dict[str, tuple[int, int]] = {}
    for i, commit in enumerate(graph.commits):
        ends[commit.branch] = (ends.get(commit.branch, (i, i))[0], i)
    return [
        f'<path class="gitgraph-line gitgraph-branch-{lane_of[name] % COLOURS}" '
        f'd="M{num(centres[a][0])},{num(centres[a][1])} L{num(centres[b][0])},{num(centres[b][1])}"/>'
        for name, (a, b) in ends.items()
        if a != b
    ]


def links(graph: GitGraph, lane_of: dict[str, int], layout: Layout) -> list[str]:
    """The links between lanes: a branch's first commit from the one it grew from (turning at
    that one: the lane is empty before its first commit), a merge from the head merged and a
    cherry-pick (dashed) from the commit picked (turning at the merge: that head is the last
    of its lane), each in the colour of the branch it comes from or, growing, goes to. Where
    that lane holds commits between the two, turning at the other end; where both do, running
    between the lanes, from the lane the link leaves to the next one toward its end."""
    columns: dict[str, list[int]] = {}
    for i, commit in enumerate(graph.commits):
        columns.setdefault(commit.branch, []).append(i)

    def clear(branch: str, a: int, b: int) -> bool:
        return not any(a < i < b for i in columns[branch])

    upright = graph.direction == "LR"  # (across the lanes is up or down)
    drawn: list[str] = []
    for i, commit in enumerate(graph.commits):
        for n, p in enumerate(commit.parents):
            parent = graph.commits[p]
            if parent.branch == commit.branch:
                continue
            grows = n == 0  # (a first parent on another lane: the commit it grew from)
            (x0, y0), (x1, y1) = layout.centres[p], layout.centres[i]
            at_parent, at_child = ((x0, y1), (x1, y0)) if upright else ((x1, y0), (x0, y1))
            # turning at the parent runs along the child's lane; at the child, the parent's
            turns = {True: (commit.branch, at_parent), False: (parent.branch, at_child)}
            routes = [[turns[t][1]] for t in (grows, not grows) if clear(turns[t][0], p, i)]
            a, b = lane_of[parent.branch], lane_of[commit.branch]
            between = (layout.lanes[a] + layout.lanes[a + (1 if b > a else -1)]) / 2
            if upright:
                routes.append([(x0, between), (x1, between)])
            else:
                routes.append([(between, y0), (between, y1)])
            colour = lane_of[commit.branch if grows else parent.branch] % COLOURS
            picked = " gitgraph-picked" if commit.kind == "cherry-pick" else ""
            d = rounded([(x0, y0), *routes[0], (x1, y1)])
            drawn.append(f'<path class="gitgraph-link{picked} gitgraph-branch-{colour}" d="{d}"/>')
    return drawn


def rounded(points: list[Point]) -> str:
    """A path through the points, its corners rounded."""
    d = f"M{num(points[0][0])},{num(points[0][1])}"
    for before, corner, after in zip(points, points[1:], points[2:], strict=False):
        r = min(CORNER, distance(before, corner) / 2, distance(corner, after) / 2)
        (ax, ay), (bx, by) = toward(corner, before, r), toward(corner, after, r)
        d += f" L{num(ax)},{num(ay)} Q{num(corner[0])},{num(corner[1])} {num(bx)},{num(by)}"
    return d + f" L{num(points[-1][0])},{num(points[-1][1])}"


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def toward(point: Point, goal: Point, distance: float) -> Point:
    dx, dy = goal[0] - point[0], goal[1] - point[1]
    length = math.hypot(dx, dy) or 1.0
    return point[0] + dx / length * distance, point[1] + dy / length * distance


def commit_svg(commit: Commit, lane: int, centre: Point) -> str:
    """A commit at its centre: a dot; a merge a ring round a dot; a reverse one crossed; a
    highlighted one a square; a cherry-pick a dot with two cherries on it."""
    r = RADIUS
    if commit.shape == "highlight":
        shape = (
            f'<rect x="{num(-r)}" y="{num(-r)}" width="{num(2 * r)}" height="{num(2 * r)}" rx="2"/>'
        )
    else:
        shape = f'<circle r="{num(r)}"/>'
    if commit.shape == "merge":
        shape += f'<circle class="gitgraph-hole" r="{num(r - 3)}"/><circle class="gitgraph-dot" r="{num(r - 6)}"/>'
    elif commit.shape == "reverse":
        shape += '<path class="gitgraph-mark" d="M-4,-4 L4,4 M-4,4 L4,-4"/>'
    elif commit.shape == "cherry-pick":
        shape += (
            '<path class="gitgraph-mark" d="M-3,2.5 Q-1,-2 1,-5.5 M3,2.5 Q1.5,-2 1,-5.5"/>'
            '<circle class="gitgraph-hole" cx="-3" cy="3" r="2.5"/>'
            '<circle class="gitgraph-hole" cx="3" cy="3" r="2.5"/>'
        )
    x, y = centre
    return (
        f'<g class="gitgraph-commit gitgraph-{commit.shape} gitgraph-branch-{lane % COLOURS}" '
        f'transform="translate({num(x)},{num(y)})">{shape}</g>'
    )


def name_svg(name: str, lane: int, box: tuple[float, float, float]) -> str:
    """A branch's name in a box of its colour, (left, top, width)."""
    x, y, wide = box
    return (
        f'<g class="gitgraph-name gitgraph-branch-{lane % COLOURS}"><rect x="{num(x)}" '
        f'y="{num(y)}" width="{num(wide)}" height="{num(NAME_H)}" rx="4"/>'
        f'<text x="{num(x + wide / 2)}" y="{num(y + NAME_H / 2)}" text-anchor="middle" '
        f'dominant-baseline="central">{html.escape(name)}</text></g>'
    )


def id_svg(text: str, x: float, y: float, wide: float) -> str:
    """A commit's id in a box, (x, y) its top left."""
    return (
        f'<g class="gitgraph-id"><rect x="{num(x)}" y="{num(y)}" width="{num(wide)}" '
        f'height="{num(LABEL_H)}" rx="3"/><text x="{num(x + wide / 2)}" '
        f'y="{num(y + LABEL_H / 2)}" text-anchor="middle" dominant-baseline="central">'
        f"{html.escape(text)}</text></g>"
    )


def slanted_id_svg(text: str, at: Point, wide: float) -> str:
    """A commit's id at 45°, down to the right from `at`."""
    x, y = at
    return (
        f'<g class="gitgraph-id" transform="rotate(45 {num(x)} {num(y)})"><rect x="{num(x - 3)}" '
        f'y="{num(y - LABEL_H / 2)}" width="{num(wide)}" height="{num(LABEL_H)}" rx="3"/>'
        f'<text x="{num(x + INSET - 3)}" y="{num(y)}" dominant-baseline="central">'
        f"{html.escape(text)}</text></g>"
    )


def tag_svg(text: str, x: float, y: float) -> str:
    """A tag in its box, pointed at the left, (x, y) its top left."""
    wide = tag_width(text)
    right, bottom, middle = x + wide, y + TAG_H, y + TAG_H / 2
    points = (
        f"{num(x)},{num(middle)} {num(x + NOTCH)},{num(y)} {num(right)},{num(y)} "
        f"{num(right)},{num(bottom)} {num(x + NOTCH)},{num(bottom)}"
    )
    return (
        f'<g class="gitgraph-tag"><polygon points="{points}"/>'
        f'<text x="{num(x + NOTCH + (wide - NOTCH) / 2)}" y="{num(middle)}" text-anchor="middle" '
        f'dominant-baseline="central">{html.escape(text)}</text></g>'
    )
