"""Mermaid mind maps drawn at build time as the trees they are: read as Mermaid's docs write them
(a node a line, its parent the nearest line above indented less, flowchart shapes, markdown)."""

from __future__ import annotations

import pytest

from notebase.markdown.diagrams import diagram_html
from notebase.markdown.mermaid import laid_out
from notebase.markdown.mindmap import mindmap_html, read_mindmap
from tests.conftest import mermaid_blocks

MAPS = mermaid_blocks("mindmaps")


def test_the_docs_mind_maps_are_all_drawn() -> None:
    assert len(MAPS) == 4
    assert all(mindmap_html(source) for source in MAPS)
    assert all(diagram_html(source) == mindmap_html(source) for source in MAPS)


def test_each_node_hangs_from_the_line_above_indented_less() -> None:
    chart = read_mindmap(MAPS[0])  # its `::icon(...)` line read past
    names = {node.id: " ".join(node.lines) for node in chart.nodes.values()}
    parent = {names[link.end]: names[link.start] for link in chart.links}
    assert len(chart.nodes) == 15 and "mindmap" not in parent
    assert parent["Long history"] == parent["Popularisation"] == "Origins"
    assert parent["British popular psychology author Tony Buzan"] == "Popularisation"
    assert parent["Creative techniques"] == parent["Argument mapping"] == "Uses"
    assert parent["Mermaid"] == "Tools" and parent["Tools"] == "mindmap"
    assert chart.nodes["n0"].shape == "circle"
    assert chart.nodes["n0"].lines == ("mindmap",)
    assert all(link.head == "none" for link in chart.links)
    _, boxes = laid_out(chart)
    assert all(boxes[link.start].x < boxes[link.end].x for link in chart.links)  # root left


def test_shapes_and_markdown_strings() -> None:
    shapes = [(n.lines, n.shape) for n in read_mindmap(MAPS[1]).nodes.values()]
    assert shapes == [
        (("I am a square",), "rect"),
        (("I am a rounded square",), "round"),
        (("I am a circle",), "circle"),
        (("I am a bang",), "circle"),
        (("I am a cloud",), "round"),
        (("I am a hexagon",), "hexagon"),
    ]
    marked = read_mindmap(MAPS[3])  # a markdown string over three lines
    assert marked.nodes["n0"].lines == ("Root with", "a second line", "Unicode works too: 🤓")
    assert len(marked.nodes) == 3


@pytest.mark.parametrize(
    "source",
    ["mindmap\n    root\n  second root", "mindmap", "graph TD\n A --> B"],
)
def test_what_it_does_not_read_stays_its_code(source: str) -> None:
    assert mindmap_html(source) is None
