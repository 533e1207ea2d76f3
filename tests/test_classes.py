"""Mermaid class diagrams drawn at build time as the flowcharts they are: read as Mermaid's docs
write them (classes and their three compartments, relations and their UML ends, namespaces)."""

from __future__ import annotations

import pytest

from notebase.markdown.classes import class_html, generics, read_classes
from notebase.markdown.diagrams import diagram_html
from notebase.markdown.mermaid import laid_out
from tests.conftest import mermaid_blocks

DIAGRAMS = mermaid_blocks("classes")


def test_the_docs_class_diagrams_are_all_drawn() -> None:
    assert len(DIAGRAMS) == 10
    assert all(class_html(source) for source in DIAGRAMS)
    assert all(diagram_html(source) == class_html(source) for source in DIAGRAMS)


def test_a_class_is_its_name_attributes_and_methods() -> None:
    animals = read_classes(DIAGRAMS[0])  # after its `---` title, its notes read past
    assert animals.nodes["Animal"].sections == (
        ("Animal",),
        ("+int age", "+String gender"),
        ("+isMammal()", "+mate()"),
    )
    assert animals.nodes["Fish"].sections == (("Fish",), ("-int sizeInFeet",), ("-canEat()",))
    labelled = read_classes(DIAGRAMS[1])
    assert labelled.nodes["Animal"].sections[0] == ("Animal with a label",)
    square = read_classes(DIAGRAMS[2]).nodes["Square"]
    assert square.sections[0] == ("Square<Shape>",)
    assert square.sections[2][-1] == "+getDistanceMatrix() List<List<int>>"
    annotated = read_classes(DIAGRAMS[8]).nodes  # inline, nested and on a line of its own
    assert [annotated[n].sections[0] for n in ("Shape", "Color", "Registry")] == [
        ("«interface»", "Shape"),
        ("«enumeration»", "Color"),
        ("«service»", "Registry"),
    ]
    assert annotated["Color"].sections[1] == ("RED", "BLUE", "GREEN")


def test_relations_their_ends_lines_and_text() -> None:
    ends = [(link.tail, link.line, link.head) for link in read_classes(DIAGRAMS[3]).links]
    assert ends == [
        ("triangle", "solid", "none"),
        ("diamond", "solid", "none"),
        ("odiamond", "solid", "none"),
        ("arrow", "solid", "none"),
        ("none", "solid", "none"),
        ("arrow", "dotted", "none"),
        ("triangle", "dotted", "none"),
        ("none", "dotted", "none"),
    ]
    labelled = read_classes(DIAGRAMS[4]).links
    assert [(link.head, link.text) for link in labelled][:3] == [
        ("triangle", ("Inheritance",)),
        ("diamond", ("Composition",)),
        ("odiamond", ("Aggregation",)),
    ]
    (both,) = read_classes(DIAGRAMS[5]).links
    assert (both.tail, both.head) == ("triangle", "triangle")
    counted = read_classes(DIAGRAMS[7]).links  # cardinalities left out, the text kept
    assert [(link.start, link.end, link.text) for link in counted][2] == (
        "Galaxy",
        "Star",
        ("Contains",),
    )


def test_namespaces_are_frames_and_direction_is_read() -> None:
    spaced = read_classes(DIAGRAMS[6])
    assert spaced.groups["BaseShapes"].members == ["Triangle", "Rectangle"]
    assert (class_html(DIAGRAMS[6]) or "").count('<g class="subgraph">') == 1
    across = read_classes(DIAGRAMS[9])
    assert across.direction == "RL"
    _, boxes = laid_out(across)
    assert boxes["Student"].x > boxes["IdCard"].x  # right to left


def test_generics_open_and_close_as_mermaid_reads_them() -> None:
    assert generics("List~List~int~~") == "List<List<int>>"
    assert generics("~int count") == "~int count"  # package visibility


@pytest.mark.parametrize(
    "source",
    [
        "classDiagram\n  class A {\n  +x",  # never closed
        "classDiagram\n  bar ()-- foo",  # a lollipop interface: not read
        "classDiagram",
        "graph TD\n A --> B",
    ],
)
def test_what_it_does_not_read_stays_its_code(source: str) -> None:
    assert class_html(source) is None
