"""graph.py: an entry's neighbourhood and its deterministic layout for inline SVG."""

from __future__ import annotations

from notebase.graph import HEIGHT, MAX_NEIGHBOURS, WIDTH, layout_graph, neighbourhood, shorten
from notebase.index import build_index
from notebase.model import Entry, Source
from notebase.parse import parse_source


def note(slug: str, body: str) -> Entry:
    result = parse_source(Source(f"{slug}.md", f"# {slug}\n\n{body}\n", "d", f"notes/{slug}.md"))
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
    assert (centre.x, centre.y, centre.relation) == (WIDTH / 2, HEIGHT / 2, "centre")
    assert (a.x, a.y, a.anchor) == (240.0, 45.0, "middle")  # the first at the top
    assert (b.x, b.anchor) == (317.9, "start")  # then clockwise: right, below
    assert (c.x, c.anchor) == (162.1, "end")
    assert (a.url, a.label_y) == ("a/", 33.0)
    kinds = [(e.kind, e.x2, e.y2) for e in graph.edges]
    assert kinds == [
        ("link", 240.0, 45.0),
        ("link", 317.9, 187.5),
        ("source", 162.1, 187.5),
        ("between", 317.9, 187.5),
    ]
    for node in graph.nodes:
        assert 0 <= node.x <= WIDTH and 0 <= node.y <= HEIGHT


def test_two_neighbours_sit_left_and_right_and_are_joined_by_a_curve_above() -> None:
    graph = layout_graph(("hub", "Hub"), [("a", "A", "out"), ("b", "B", "out")], {"a": ("b",)})
    assert [(n.x, n.y) for n in graph.nodes[1:]] == [(330.0, 140.0), (150.0, 140.0)]
    between = graph.edges[-1]
    assert (between.kind, between.qx, between.qy) == ("between", 240.0, 16.5)


def test_long_titles_are_shortened_for_labels() -> None:
    assert shorten("Short") == "Short"
    assert shorten("Muon: orthogonalised momentum") == "Muon: orthogona…"
