"""graph.py: an entry's neighbourhood and its deterministic layout for inline SVG."""

from __future__ import annotations

from notebase.linking.index import build_index
from notebase.model import Entry, NoteFile
from notebase.planning.graph import (
    HEIGHT,
    MAX_NEIGHBOURS,
    RY,
    WIDTH,
    layout_graph,
    neighbourhood,
    shorten,
)
from notebase.reading.parse import parse_note


def note(slug: str, body: str) -> Entry:
    result = parse_note(NoteFile(f"{slug}.md", f"# {slug}\n\n{body}\n", "d", f"notes/{slug}.md"))
    assert result.entry is not None, result.diagnostics
    return result.entry


def test_neighbours_are_linked_then_backlinked_then_same_source() -> None:
    index = build_index(
        [
            note("hub", "[[out]] [[both]]"),
            note("out", "text"),
            note("both", "[[hub]]"),
            note("back", "[[hub]]"),
        ]
    )
    same = ("hub", "twin", "out")
    assert neighbourhood("hub", index, same) == [
        ("out", "out"),
        ("both", "both"),
        ("back", "in"),
        ("twin", "source"),
    ]


def test_neighbours_are_capped() -> None:
    others = [note(f"n{i:02}", "[[hub]]") for i in range(MAX_NEIGHBOURS + 4)]
    index = build_index([note("hub", "text"), *others])
    found = neighbourhood("hub", index, ())
    assert [s for s, _ in found] == [f"n{i:02}" for i in range(MAX_NEIGHBOURS)]


def test_layout_puts_the_entry_in_the_centre_and_neighbours_around_it() -> None:
    around = [("a", "Alpha", "out"), ("b", "Beta", "in"), ("c", "Gamma", "source")]
    graph = layout_graph(("hub", "Hub"), around, {"a": ("b",), "b": ("a",)})
    centre, a, b, c = graph.nodes
    assert centre.relation == "centre"
    assert (a.x, a.anchor) == (centre.x, "middle") and a.y == centre.y - RY  # the first on top
    assert (b.x - centre.x, b.anchor) == (77.9, "start")  # then clockwise: right, below
    assert (c.x - centre.x, c.anchor) == (-77.9, "end")
    assert (a.url, a.label_y) == ("a/", a.y - 12)
    kinds = [(e.kind, e.x2, e.y2) for e in graph.edges]
    assert kinds == [
        ("link", a.x, a.y),
        ("link", b.x, b.y),
        ("source", c.x, c.y),
        ("between", b.x, b.y),
    ]
    assert graph.edge_kinds == {"link", "source"}


def test_the_drawing_is_cropped_to_its_nodes_and_labels() -> None:
    around = [("a", "A", "out"), ("b", "B", "in"), ("c", "C", "in")]
    graph = layout_graph(("hub", "Hub"), around, {})
    assert graph.width < WIDTH and graph.height < HEIGHT  # short labels: a small drawing
    left = min(min(n.x - 10, n.label_x - len(n.label) * 7.5) for n in graph.nodes)
    top = min(min(n.y - 10, n.label_y - 14) for n in graph.nodes)
    assert 0 <= left <= 8 and 0 <= top <= 8  # a margin, not the frame's empty space
    for node in graph.nodes:
        assert 0 <= node.x <= graph.width and 0 <= node.y <= graph.height
    assert graph.edge_kinds == {"link"}  # the legend names only what is drawn
    wide = layout_graph(("hub", "Hub"), [(s, "A long title " * 3, r) for s, _, r in around], {})
    assert wide.width > graph.width  # labels take room
    for node in wide.nodes:
        half = len(node.label) * 7.5 / 2
        assert 0 <= node.label_x - (half if node.anchor == "middle" else 0) <= wide.width


def test_two_neighbours_sit_left_and_right_and_are_joined_by_a_curve_above() -> None:
    graph = layout_graph(("hub", "Hub"), [("a", "A", "out"), ("b", "B", "out")], {"a": ("b",)})
    centre, a, b = graph.nodes
    assert (a.x - centre.x, a.y, b.x - centre.x, b.y) == (90.0, centre.y, -90.0, centre.y)
    between = graph.edges[-1]
    assert (between.kind, between.qx, centre.y - between.qy) == ("between", centre.x, 123.5)
    assert between.qy >= 0  # the curve is inside the drawing


def test_long_titles_are_shortened_for_labels() -> None:
    assert shorten("Short") == "Short"
    assert shorten("Muon: orthogonalised momentum updates") == "Muon: orthogonalised mo…"
