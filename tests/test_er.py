"""Mermaid entity-relationship diagrams drawn at build time as the flowcharts they are: read as
Mermaid's docs write them (entities and their attributes, relationships, their cardinalities in
symbols or words, identifying or not), the cardinalities drawn in crow's-foot notation."""

from __future__ import annotations

import re

import pytest

from notebase.markdown.classes import class_html
from notebase.markdown.er import er_html, read_er
from notebase.markdown.mermaid import MOST_NODES, head_svg, laid_out, mermaid_html
from notebase.markdown.state import state_html
from tests.conftest import mermaid_blocks

DIAGRAMS = mermaid_blocks("ers")


def ends(source: str) -> list[tuple[str, str, str, str, str, tuple[str, ...]]]:
    """Each relationship as (first entity, its cardinality, line, the second's, second, label)."""
    return [
        (link.start, link.tail, link.line, link.head, link.end, link.text)
        for link in read_er(source).links
    ]


def test_the_docs_er_diagrams_are_all_drawn_and_no_other_reader_takes_them() -> None:
    assert len(DIAGRAMS) == 16
    assert all(er_html(source) for source in DIAGRAMS)
    assert not any(mermaid_html(s) or class_html(s) or state_html(s) for s in DIAGRAMS)


def test_relationships_their_cardinalities_identification_and_labels() -> None:
    # a customer places zero or more orders, an order is placed by exactly one customer...
    assert ends(DIAGRAMS[0]) == [
        ("CUSTOMER", "only-one", "solid", "zero-or-more", "ORDER", ("places",)),
        ("ORDER", "only-one", "solid", "one-or-more", "LINE-ITEM", ("contains",)),
        ("CUSTOMER", "one-or-more", "dotted", "one-or-more", "DELIVERY-ADDRESS", ("uses",)),
    ]
    assert ends(DIAGRAMS[4]) == [
        ("CAR", "only-one", "solid", "zero-or-more", "NAMED-DRIVER", ("allows",)),
        ("PERSON", "zero-or-more", "dotted", "zero-or-more", "NAMED-DRIVER", ("is",)),
    ]
    assert ends(DIAGRAMS[5]) == ends(DIAGRAMS[4])  # the same, in words (`to`, `optionally to`)
    assert ends(DIAGRAMS[7]) == [("p", "only-one", "solid", "zero-or-one", "a", ("has",))]
    assert ends(DIAGRAMS[8])[-1] == (
        "MANUFACTURER",
        "only-one",
        "solid",
        "zero-or-more",
        "CAR",
        ("makes",),
    )
    # written without spaces; `o{` on the left side, `:::class` on either entity read past
    assert ends(DIAGRAMS[11]) == [("id1", "only-one", "solid", "only-one", "id2", ("label",))]
    assert ends(DIAGRAMS[13]) == [
        ("PERSON", "only-one", "solid", "only-one", "CAR", ("owns",)),
        ("PERSON", "zero-or-more", "solid", "only-one", "HOUSE", ("has",)),
    ]


# the docs' table of aliases, each with what it stands for
ALIASES = [
    ("one or zero", "zero-or-one"),
    ("zero or one", "zero-or-one"),
    ("one or more", "one-or-more"),
    ("one or many", "one-or-more"),
    ("many(1)", "one-or-more"),
    ("1+", "one-or-more"),
    ("zero or more", "zero-or-more"),
    ("zero or many", "zero-or-more"),
    ("many(0)", "zero-or-more"),
    ("0+", "zero-or-more"),
    ("only one", "only-one"),
    ("1", "only-one"),
]


@pytest.mark.parametrize(("alias", "meaning"), ALIASES)
def test_each_alias_means_what_the_docs_say(alias: str, meaning: str) -> None:
    source = f'erDiagram\n  A {alias} to {alias} B : "x"\n  C {alias} optionally to 1 D : y'
    assert ends(source) == [
        ("A", meaning, "solid", meaning, "B", ("x",)),
        ("C", meaning, "dotted", "only-one", "D", ("y",)),
    ]


def test_an_entity_is_its_name_then_its_attributes() -> None:
    ordered = read_er(DIAGRAMS[1]).nodes
    assert list(ordered) == ["CUSTOMER", "ORDER", "LINE-ITEM"]
    assert ordered["CUSTOMER"].sections == (
        ("CUSTOMER",),
        ("string name", "string custNumber", "string sector"),
    )
    keyed = read_er(DIAGRAMS[8]).nodes  # keys and comments, as written
    assert keyed["PERSON"].sections[1] == (
        "string driversLicense PK “The license #”",
        "string(99) firstName “Only 99 characters are allowed”",
        "string lastName",
        "string phone UK",
        "int age",
    )
    assert keyed["NAMED-DRIVER"].sections[1] == (
        "string carRegistrationNumber PK, FK",
        "string driverLicence PK, FK",
    )
    assert keyed["CAR"].sections[1][-1] == "string[] parts"
    assert keyed["MANUFACTURER"].sections == (("MANUFACTURER",),)  # no attributes: its name


def test_aliases_quoted_names_and_entities_alone_on_a_line() -> None:
    aliased = read_er(DIAGRAMS[7]).nodes
    assert [(n.id, n.lines, n.sections[0]) for n in aliased.values()] == [
        ("p", ("Person",), ("Person",)),
        ("a", ("Customer Account",), ("Customer Account",)),
    ]
    assert list(read_er(DIAGRAMS[2]).nodes) == ["This ❤ Unicode"]
    assert list(read_er(DIAGRAMS[3]).nodes) == ["This is Markdown"]  # its marks left out
    alone = read_er(DIAGRAMS[12]).nodes  # `:::someclass` and `classDef` read past
    assert list(alone) == ["CAR", "PERSON", "HOUSE"]
    assert not read_er(DIAGRAMS[12]).links


def test_direction_is_read() -> None:
    _, down = laid_out(read_er(DIAGRAMS[9]))
    assert down["CUSTOMER"].y < down["ORDER"].y < down["LINE-ITEM"].y
    across = read_er(DIAGRAMS[10])
    assert across.direction == "LR"
    _, boxes = laid_out(across)
    assert boxes["CUSTOMER"].x < boxes["ORDER"].x < boxes["LINE-ITEM"].x
    assert read_er("erDiagram\n direction RL\n A ||--|| B : x").direction == "RL"


def test_the_drawing_its_boxes_lines_and_crows_feet() -> None:
    drawn = er_html(DIAGRAMS[4]) or ""
    assert 'aria-label="Entity relationship diagram: CAR, NAMED-DRIVER, PERSON"' in drawn
    assert drawn.count('class="link link-solid"') == 1  # identifying
    assert drawn.count('class="link link-dotted"') == 1  # not
    assert drawn.count('<circle class="head-open"') == 3  # a ring for each end of zero
    keyed = er_html(DIAGRAMS[8]) or ""
    for row in (
        "string phone UK",
        "string driverLicence PK, FK",
        "string driversLicense PK “The license #”",
    ):
        assert f">{row}</tspan>" in keyed
    assert keyed.count('<g class="node node-class">') == 4


def crow(kind: str) -> tuple[list[list[tuple[float, float]]], list[tuple[float, float]]]:
    """The strokes and the rings of an end whose line comes straight down onto an entity whose
    edge is at y = 0, at x = 0."""
    drawn = head_svg(kind, (0.0, 0.0), (0.0, -100.0))
    strokes = [
        [(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", stroke)]
        for stroke in re.findall(r"M[^M\"]+", re.search(r' d="([^"]*)"', drawn).group(1))  # type: ignore[union-attr]
    ]
    rings = [(float(x), float(y)) for x, y in re.findall(r'cx="(-?[\d.]+)" cy="(-?[\d.]+)"', drawn)]
    return strokes, rings


def test_crows_feet_a_bar_for_one_a_foot_for_many_a_ring_for_none() -> None:
    one, no_ring = crow("only-one")
    assert not no_ring and len(one) == 2
    for bar in one:  # across the line, above the entity
        assert len(bar) == 2 and bar[0][1] == bar[1][1] < 0 and bar[0][0] == -bar[1][0] != 0
    strokes, rings = crow("zero-or-more")
    (foot,) = strokes  # from the entity's edge either side of the line to a point on it
    assert len(foot) == 3 and foot[0][1] == foot[2][1] == 0 and foot[0][0] == -foot[2][0] != 0
    assert foot[1][0] == 0 and foot[1][1] < 0
    (ring,) = rings  # on the line, beyond the foot
    assert ring[0] == 0 and ring[1] < foot[1][1]
    strokes, rings = crow("one-or-more")
    assert not rings and len(strokes) == 2  # the foot, then a bar
    strokes, rings = crow("zero-or-one")
    assert len(rings) == 1 and len(strokes) == 1 and rings[0][1] < strokes[0][0][1]


def test_labels_quoted_empty_or_a_word_and_entities_named_again() -> None:
    source = (
        "erDiagram\n"
        '  PERSON }|..|{ CAR : "is driven by"\n'
        '  CAR ||--o{ WHEEL : ""\n'
        "  CAR {\n    string make\n  }\n"
        "  CAR {\n    string model %% a comment after what it says\n  }\n"
        "  %% a comment\n"
        "  accTitle: Cars\n"
        "  accDescr {\n    Cars and who drives them\n  }\n"
        "  CAR ||--o{ CAR : replaces\n"
    )
    chart = read_er(source)
    assert [link.text for link in chart.links] == [("is driven by",), ("",), ("replaces",)]
    assert list(chart.nodes) == ["PERSON", "CAR", "WHEEL"]
    assert chart.nodes["CAR"].sections == (("CAR",), ("string make", "string model"))
    drawn = er_html(source.replace("  CAR ||--o{ CAR : replaces\n", "")) or ""
    assert drawn.count('<rect class="label"') == 1  # (none for the empty label)
    looped = er_html("erDiagram\n  EMPLOYEE |o--o{ EMPLOYEE : manages") or ""
    assert looped.count('<circle class="head-open"') == 2  # a relationship of an entity to itself


def test_text_is_escaped() -> None:
    drawn = er_html(
        'erDiagram\n  "<b>A</b> & co" ||--o{ B : "a < b"\n  B {\n    int x "1 > 0"\n  }'
    )
    assert drawn is not None and "<b>" not in drawn
    assert ">A &amp; co<" in drawn and ">a &lt; b<" in drawn and "1 &gt; 0" in drawn


@pytest.mark.parametrize(
    "source",
    [
        "erDiagram\n  A {\n    string name",  # never closed
        "erDiagram\n  A {\n    name\n  }",  # an attribute without its type
        "erDiagram\n  A ||--o{",  # no second entity
        "erDiagram\n  A --o{ B : x",  # no first cardinality
        "erDiagram\n  A ||->o{ B : x",
        "erDiagram\n  A--B",
        "erDiagram",
        "erDiagram\n" + "\n".join(f"  E{i}" for i in range(MOST_NODES + 1)),  # too many
        "classDiagram\n  A <|-- B",
        "graph TD\n  A --> B",
    ],
)
def test_what_it_does_not_read_stays_its_code(source: str) -> None:
    assert er_html(source) is None
