"""Mermaid flowcharts drawn at build time: read as Mermaid reads them (its own docs' examples),
laid out in ranks along their direction, nodes apart, text escaped; other diagrams stay code."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from notebase.markdown.mermaid import (
    FRAME_PAD,
    MOST_NODES,
    Box,
    Link,
    group_frames,
    label_size,
    laid_out,
    mermaid_html,
    read_chart,
    text_width,
)
from tests.conftest import mermaid_blocks, write_kb

CHARTS = mermaid_blocks("flowcharts")


def test_the_docs_flowcharts_are_read_and_other_diagrams_are_not() -> None:
    drawn = [mermaid_html(chart) for chart in CHARTS]
    assert [html is not None for html in drawn] == [True] * (len(CHARTS) - 1) + [False]
    assert read_chart(CHARTS[0]).direction == "LR"  # after the `---` settings
    assert read_chart(CHARTS[1]).nodes["id"].lines == ("This ❤ Unicode",)
    markdown = read_chart(CHARTS[2]).nodes
    assert (markdown["markdown"].lines, markdown["newLines"].lines) == (
        ("This is Markdown",),
        ("Line1", "Line 2", "Line 3"),
    )
    shapes = [node.shape for node in read_chart(CHARTS[3]).nodes.values()]
    assert shapes == [
        "stadium", "subroutine", "cylinder", "circle", "flag", "diamond", "hexagon",
        "lean", "lean", "trapezoid", "trapezoid", "circle",
    ]  # fmt: skip


def test_links_their_kinds_text_chains_and_groups() -> None:
    links = read_chart(CHARTS[4]).links
    assert [(link.end, link.text, link.line, link.head) for link in links] == [
        ("B", ("This is the text!",), "solid", "none"),
        ("C", ("This is the text",), "solid", "none"),
        ("D", ("text",), "solid", "arrow"),
        ("E", ("text",), "solid", "arrow"),
        ("F", (), "dotted", "arrow"),
        ("G", ("text",), "dotted", "arrow"),
        ("H", (), "thick", "arrow"),
        ("I", ("text",), "thick", "arrow"),
        ("J", (), "hidden", "none"),
    ]
    chained = read_chart(CHARTS[5]).links
    assert [(link.start, link.end) for link in chained] == [
        ("A", "B"), ("B", "C"), ("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"),
    ]  # fmt: skip
    assert chained[1].text == ("text2",)
    grouped = read_chart(CHARTS[6]).links
    assert [(link.start, link.end) for link in grouped] == [
        ("A", "C"), ("A", "D"), ("B", "C"), ("B", "D"),
    ]  # fmt: skip
    heads = [(link.tail, link.head) for link in read_chart(CHARTS[7]).links]
    assert heads == [
        ("none", "circle"), ("none", "cross"), ("circle", "circle"), ("arrow", "arrow"),
        ("cross", "cross"),
    ]  # fmt: skip


def test_entities_subgraphs_styles_and_classes() -> None:
    quoted = read_chart(CHARTS[9]).nodes
    assert (quoted["A"].lines, quoted["B"].lines) == (('A double quote:"',), ("A dec char:♥",))
    linked = read_chart(CHARTS[10])  # subgraphs linked to are nodes; their boxes are not drawn
    assert list(linked.nodes) == ["c1", "a2", "a1", "b1", "b2", "c2", "one", "two", "three"]
    styled = read_chart(CHARTS[14])
    assert [n.lines for n in styled.nodes.values()] == [("Start",), ("Stop",)]
    classed = read_chart(CHARTS[15])
    assert list(classed.nodes) == ["A", "B", "C"] and len(classed.links) == 2


@pytest.mark.parametrize(
    "source",
    [
        "",
        "sequenceDiagram\n  A->>B: hi",
        "flowchart LR\n  A@{ shape: rect } --> B",  # a newer syntax than this reader's
        "flowchart LR\n  A --> ",
        "flowchart LR\n" + "\n".join(f"  n{i} --> n{i + 1}" for i in range(MOST_NODES)),
    ],
)
def test_what_is_no_flowchart_it_reads_stays_its_code(source: str) -> None:
    assert mermaid_html(source) is None


def overlap(a: Box, b: Box) -> bool:
    return abs(a.x - b.x) < a.half_w + b.half_w and abs(a.y - b.y) < a.half_h + b.half_h


@pytest.mark.parametrize(
    ("direction", "along"),
    [("TB", (0, 1)), ("TD", (0, 1)), ("BT", (0, -1)), ("LR", (1, 0)), ("RL", (-1, 0))],
)
def test_nodes_follow_the_direction_apart_and_inside_the_drawing(
    direction: str, along: tuple[int, int]
) -> None:
    source = f"flowchart {direction}\n" + CHARTS[8].split("\n", 1)[1]  # with a cycle back
    chart = read_chart(source)
    _, boxes = laid_out(chart)
    nodes = {key: box for key, box in boxes.items() if isinstance(key, str)}
    for link in chart.links:  # each link forward along the flow, but the one closing the cycle
        a, b = nodes[link.start], nodes[link.end]
        step = (b.x - a.x) * along[0] + (b.y - a.y) * along[1]
        assert (step > 0) == (link != Link("D", "B")), link
    for a, b in itertools.combinations(nodes.values(), 2):
        assert not overlap(a, b)
    html = mermaid_html(source) or ""
    width, height = map(float, re.findall(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', html)[0])
    assert all(b.x - b.half_w >= 0 and b.x + b.half_w <= width for b in nodes.values())
    assert all(b.y - b.half_h >= 0 and b.y + b.half_h <= height for b in nodes.values())


def test_a_link_across_ranks_passes_beside_the_nodes_between() -> None:
    chart = read_chart("graph TD\n A --> B --> C --> D\n A --> D\n A --> E")
    layout, boxes = laid_out(chart)
    points = [boxes[key] for key in layout.paths[3][1:-1]]  # A --> D's points between
    assert len(points) == 5  # (a rank of links' points between two of nodes)
    for point, node in itertools.product(points, ("B", "C")):
        assert not overlap(point, boxes[node])


def test_a_links_text_is_laid_out_as_a_node_is() -> None:
    """Texts of links out of one node, and of links between the same two, are side by side."""
    chart = read_chart("graph TD\n A -->|first| B\n A -->|second| B\n A -->|third| C")
    layout, boxes = laid_out(chart)
    labels = [boxes[path[1]] for path in layout.paths]
    assert [round(b.half_w * 2) for b in labels] == [
        round(label_size(link.text)[0]) for link in chart.links
    ]
    for a, b in itertools.combinations(labels, 2):
        assert not overlap(a, b)
    html = mermaid_html("graph TD\n A -->|first| B") or ""
    box = re.search(r'<rect class="label" x="([\d.]+)" y="([\d.]+)"', html)
    assert box is not None  # the text is drawn where its point is
    point = laid_out(read_chart("graph TD\n A -->|first| B"))[1][(0, 1)]
    assert abs(float(box.group(1)) + label_size(("first",))[0] / 2 - point.x) < 0.2


def test_text_is_escaped_and_markup_in_it_left_out() -> None:
    html = mermaid_html('graph LR\n A["<b>x</b> & <script>alert(1)</script>"] -->|a < b| B') or ""
    assert "<script" not in html and "<b>" not in html
    assert ">x &amp; alert(1)<" in html and ">a &lt; b<" in html


def test_a_notes_flowchart_is_drawn_in_its_page(tmp_path: Path) -> None:
    body = "```mermaid\ngraph LR\n  Read --> Note\n```\n\n```mermaid\nrequirementDiagram\n  requirement r {\n  id: 1\n  }\n```\n"
    root = write_kb(tmp_path / "kb", {"charts.md": f"---\ntitle: Charts\n---\n{body}"})
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert result.written
    page = (root / "site" / "charts" / "index.html").read_text(encoding="utf-8")
    assert page.count('<svg class="mermaid-chart"') == 1
    assert 'aria-label="Flowchart: Read, Note"' in page
    assert '<code class="language-mermaid">requirementDiagram' in page  # a kind not drawn


def test_a_frame_is_widened_on_both_sides_for_its_title_or_its_title_is_shortened() -> None:
    """A title wider than the frame's nodes widens it evenly (the nodes under its middle); where
    that would take in a node not its own (a chart across, the next node close by), the frame is
    drawn round its nodes, its title cut to fit with an ellipsis, rather than not drawn at all."""
    title = "A rather long title for a small group"
    down = read_chart(f"flowchart TB\n subgraph one [{title}]\n x\n end\n x --> z")
    layout, boxes = laid_out(down)
    ((left, _, width, _, shown),) = group_frames(down, boxes, layout)
    assert shown == (title,) and width >= text_width([title])
    assert left + width / 2 == pytest.approx(boxes["x"].x, abs=0.1)
    across = read_chart(f"flowchart LR\n subgraph one [{title}]\n x --> y\n end\n y --> z")
    layout, boxes = laid_out(across)
    ((left, top, width, height, shown),) = group_frames(across, boxes, layout)
    assert shown[0].endswith("…") and title.startswith(shown[0][:-1])
    assert text_width(shown) <= width - 2 * FRAME_PAD
    assert not overlap(boxes["z"], Box(left + width / 2, top + height / 2, width / 2, height / 2))


def test_subgraphs_are_frames_round_the_nodes_last_named_in_them() -> None:
    """As Mermaid places them: a node is in the subgraph it was last named in (c1, named first
    outside, is three's); each frame holds its nodes and no other, frames of siblings apart."""
    source = (
        "flowchart TB\n c1-->a2\n subgraph one\n a1-->a2\n end\n subgraph two\n b1-->b2\n end\n"
        ' subgraph three\n c1-->c2\n end\n subgraph "Outer layer"\n subgraph inner [Inner]\n'
        " x --> y\n end\n z\n end"
    )
    chart = read_chart(source)
    assert {key: (g.title, sorted(g.members)) for key, g in chart.groups.items()} == {
        "one": (("one",), ["a1", "a2"]),
        "two": (("two",), ["b1", "b2"]),
        "three": (("three",), ["c1", "c2"]),
        "Outer layer": (("Outer layer",), ["x", "y", "z"]),
        "inner": (("Inner",), ["x", "y"]),
    }
    layout, boxes = laid_out(chart)
    frames = group_frames(chart, boxes, layout)
    assert [title for *_, title in frames] == [
        ("one",), ("two",), ("three",), ("Outer layer",), ("Inner",),
    ]  # fmt: skip
    for (left, top, width, height, title), group in zip(
        frames, sorted(chart.groups.values(), key=lambda g: g.depth), strict=True
    ):
        assert group.title == title
        for node_id in chart.nodes:
            inside = overlap(
                boxes[node_id], Box(left + width / 2, top + height / 2, width / 2, height / 2)
            )
            assert inside == (node_id in group.members), (title, node_id)
    siblings = frames[:3]
    for a, b in itertools.combinations(siblings, 2):
        assert (
            a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
        )
    html = mermaid_html(source) or ""
    assert html.count('<g class="subgraph">') == 5 and ">Outer layer</tspan>" in html


def test_obsidians_internal_link_nodes_link_the_notes_they_name(tmp_path: Path) -> None:
    chart = "```mermaid\ngraph TD\n  Read --> Write:::internal-link\n  Read --> Nowhere\n"
    chart += "  class Read,Nowhere internal-link\n```\n"
    notes = {
        "charts.md": f"---\ntitle: Charts\n---\n{chart}",
        "read.md": "---\ntitle: Read\n---\nReading.\n",
        "write.md": "---\ntitle: Write\n---\nWriting.\n",
    }
    root = write_kb(tmp_path / "kb", notes)
    result = build_site(BuildOptions(root=root, out=root / "site"))
    page = (root / "site" / "charts" / "index.html").read_text(encoding="utf-8")
    svg = page[page.index('<svg class="mermaid-chart"') :]
    svg = svg[: svg.index("</svg>")]
    assert re.findall(r'<a class="wikilink" href="([^"]+)"[^>]*>(\w+)</a>', svg) == [
        ("../read/index.html", "Read"),
        ("../write/index.html", "Write"),
    ]
    assert '<a class="wikilink unresolved"' in svg  # Nowhere: no such note, told at its line
    assert [(d.code, d.pos.line if d.pos else 0) for d in result.diagnostics] == [
        ("broken-link", 5)
    ]
    backlinks = (root / "site" / "read" / "index.html").read_text(encoding="utf-8")
    assert "../charts/index.html" in backlinks


# an SVG's rectangles (left, top, right, bottom): the nodes' shapes, and the links' texts' grounds
NODE_RECT = re.compile(
    r'<g class="node node-\w+"><rect x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="([\d.]+)"'
)
LABEL_RECT = re.compile(
    r'<rect class="label" x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="([\d.]+)"'
)
Rect = tuple[float, float, float, float]


def rects(pattern: re.Pattern[str], svg: str) -> list[Rect]:
    found = [tuple(map(float, m)) for m in pattern.findall(svg)]
    return [(x, y, x + w, y + h) for x, y, w, h in found]


def apart(a: Rect, b: Rect) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def curve_points(d: str) -> list[tuple[float, float]]:
    """Points along a link's line, `d` (its cubic pieces sampled at twentieths)."""
    numbers = [tuple(map(float, p.split(","))) for p in re.findall(r"[\d.-]+,[\d.-]+", d)]
    start, pieces = numbers[0], numbers[1:]
    points = [(start[0], start[1])]
    for c1, c2, end in zip(pieces[::3], pieces[1::3], pieces[2::3], strict=True):
        for t in (i / 20 for i in range(1, 21)):
            weights = ((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t**2, t**3)
            x, y = (
                sum(w * c[axis] for w, c in zip(weights, (start, c1, c2, end), strict=True))
                for axis in (0, 1)
            )
            points.append((x, y))
        start = end
    return points


def loops_of(svg: str, node: Rect) -> list[str]:
    """The lines of the node's loops: from its top back to its bottom."""
    lines = re.findall(r'<path class="link link-\w+" d="([^"]+)"', svg)
    return [
        d
        for d in lines
        if (ends := (curve_points(d)[0], curve_points(d)[-1]))
        and abs(ends[0][1] - node[1]) < 0.2
        and abs(ends[1][1] - node[3]) < 0.2
        and all(node[0] <= x <= node[2] for x, _ in ends)
    ]


def view_box(svg: str) -> Rect:
    width, height = map(float, re.findall(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)[0])
    return 0.0, 0.0, width, height


LOOPED = 'A -->|retry| A\n A --> B\n A --> C["a neighbour"]\n B --> D\n C --> D\n'
LOOPED += ' E -->|before| A\n A -->|"more<br>lines<br>than<br>its<br>node"| A\n A -->|after| F'


@pytest.mark.parametrize("direction", ["TB", "BT", "LR", "RL"])
def test_a_loops_text_is_drawn_beside_it_clear_of_all_else(direction: str) -> None:
    """`A -->|retry| A`: its text (several loops' one under another) drawn beside the loop that
    goes round the node's right side (from 10px above it to 10px below, 18px out), or under it in
    a chart across; clear of every node, of the other links' texts and of the loops' lines, in
    the drawing."""
    html = mermaid_html(f"flowchart {direction}\n {LOOPED}") or ""
    nodes, labels = rects(NODE_RECT, html), rects(LABEL_RECT, html)
    texts = re.findall(r"<tspan[^>]*>([^<]*)</tspan>", html)
    assert all(word in texts for word in ("retry", "more", "node", "before", "after"))
    looped = [r for r in labels if r[3] - r[1] > 100]  # (six lines: its text and the other loop's)
    assert len(looped) == 1 and len(labels) == 3
    text, node = looped[0], nodes[0]  # (A, the first node drawn)
    if direction in ("TB", "BT"):
        assert text[0] > node[2] + 18  # right of the loop
        assert abs((text[1] + text[3]) / 2 - (node[1] + node[3]) / 2) < 0.2  # beside A's middle
    else:
        assert text[1] > node[3] + 10  # under the loop
    assert all(apart(text, other) for other in nodes + [r for r in labels if r != text])
    box = view_box(html)
    assert box[0] <= text[0] and text[2] <= box[2] and box[1] <= text[1] and text[3] <= box[3]
    loops = loops_of(html, node)
    assert len(loops) == 2
    assert not any(
        text[0] < x < text[2] and text[1] < y < text[3] for d in loops for x, y in curve_points(d)
    )


@pytest.mark.parametrize("direction", ["TB", "LR"])
def test_a_neighbour_in_the_loops_rank_is_pushed_clear_of_its_text(direction: str) -> None:
    """B and C side by side (under A, or right of it), B's loop's text between them: C moved
    past it, a gap from it; B's loop's text does not pull B's child aside (under it, or right
    of it, as without the text)."""
    looped = f"flowchart {direction}\n A --> B & C\n B -->|a rather long text| B\n B --> D"
    html = mermaid_html(looped) or ""
    (text,) = rects(LABEL_RECT, html)
    _, b, c, d = rects(NODE_RECT, html)
    across = 0 if direction == "TB" else 1  # (the axis across the rank)
    assert c[across] >= text[across + 2] + 28 - 0.2  # (a gap between two nodes of a rank: GAP)
    assert apart(text, b) and apart(text, c)
    assert abs((b[across] + b[across + 2]) - (d[across] + d[across + 2])) < 0.2  # D in line

    def centre(r: Rect) -> float:
        return (r[across] + r[across + 2]) / 2

    plain = rects(NODE_RECT, mermaid_html(looped.replace("|a rather long text|", "")) or "")
    pushed = (centre(c) - centre(b)) - (centre(plain[2]) - centre(plain[1]))
    assert pushed >= (text[across + 2] - text[across]) - 0.2  # (at least the text's room)


@pytest.mark.parametrize(
    "source",
    [
        "graph TD\n A --> A\n A --> B\n B -.-> B",
        "graph LR\n A((a))\n A --> A\n A --> B\n B --> B\n B --> C",
        'graph RL\n A -->|""| A\n A --> B',
        "flowchart BT\n subgraph one\n a1 --> a1\n a1 --> a2\n end\n c{c} --> a2\n c --> c",
    ],
)
def test_a_loop_without_text_takes_no_room(source: str) -> None:
    """The chart drawn as without its loops, their lines added (no text, no room made between
    the nodes), the drawing as large as takes in each loop's line."""
    looped = mermaid_html(source) or ""
    lines = [line for line in source.split("\n") if not re.fullmatch(r" *(\w+) --?.?->.* \1", line)]
    plain = mermaid_html("\n".join(lines)) or ""
    edges = re.findall(r'<g class="edge">.*?</g>', looped)
    loops = [edge for edge in edges if edge not in plain]
    assert loops and len(loops) == len(source.split("\n")) - len(lines)
    assert "label" not in "".join(loops)
    width, height = (float(v) for v in re.findall(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', looped)[0])
    for loop in loops:
        looped = looped.replace(loop, "", 1)
        path = re.search(r'<path class="link[^"]*" d="([^"]*)"', loop)
        xy = [float(v) for v in re.findall(r"-?[\d.]+", path.group(1) if path else "")]
        assert xy and max(xy[0::2]) < width and max(xy[1::2]) < height
    svg_tag = re.compile(r"<svg [^>]*>")
    assert svg_tag.sub("", looped) == svg_tag.sub("", plain)
