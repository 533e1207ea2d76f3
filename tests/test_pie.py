"""Mermaid pie charts drawn at build time: read as Mermaid's docs write them, each slice its
share of the circle clockwise from the top, in the order written."""

from __future__ import annotations

import math
import re

import pytest

from notebase.markdown.diagrams import diagram_html
from notebase.markdown.pie import pie_html, read_pie

# the examples of mermaid-js/mermaid's docs/syntax/pie.md (MIT licence)
PETS = 'pie title Pets adopted by volunteers\n    "Dogs" : 386\n    "Cats" : 85\n    "Rats" : 15\n'
ELEMENTS = (
    '%%{init: {"pie": {"textPosition": 0.5}} }%%\npie showData\n    title Key elements in '
    'Product X\n    "Calcium" : 42.96\n    "Potassium" : 50.05\n    "Magnesium" : 10.01\n'
    '    "Iron" :  5\n'
)


def test_the_docs_pie_charts_are_read() -> None:
    pets = read_pie(PETS)
    assert (pets.title, pets.values_shown, pets.slices) == (
        "Pets adopted by volunteers",
        False,
        [("Dogs", 386.0), ("Cats", 85.0), ("Rats", 15.0)],
    )
    elements = read_pie(ELEMENTS)
    assert (elements.title, elements.values_shown) == ("Key elements in Product X", True)
    assert [label for label, _ in elements.slices] == ["Calcium", "Potassium", "Magnesium", "Iron"]
    assert diagram_html(PETS) == pie_html(PETS)


def test_slices_are_their_shares_clockwise_from_the_top() -> None:
    html = pie_html(PETS) or ""
    arcs = re.findall(r'<path class="slice-\d" d="M([\d.]+),([\d.]+) L([\d.]+),([\d.]+) A', html)
    assert len(arcs) == 3
    cx, cy = float(arcs[0][0]), float(arcs[0][1])
    starts = [math.atan2(float(x) - cx, cy - float(y)) % (2 * math.pi) for _, _, x, y in arcs]
    total = 386 + 85 + 15
    expected = [0.0, 386 / total * 2 * math.pi, (386 + 85) / total * 2 * math.pi]
    assert [round(a, 2) for a in starts] == [round(e, 2) for e in expected]
    assert re.findall(r">(\d+)%<", html) == ["79", "17"]  # Rats' 3%: too narrow to write on
    shown = pie_html(ELEMENTS) or ""
    assert ">Calcium [42.96]<" in shown and ">Iron [5]<" in shown  # showData


def test_one_slice_is_the_whole_circle() -> None:
    html = pie_html('pie\n  "All" : 1') or ""
    assert '<circle class="slice-0"' in html and ">100%<" in html


@pytest.mark.parametrize(
    "source",
    ['pie\n  "None" : 0', 'pie\n  "Bad" : -3', "pie\n  Dogs : 3", "pie", 'pie\n  "A" : 1\n  x'],
)
def test_what_is_no_pie_it_reads_stays_its_code(source: str) -> None:
    assert pie_html(source) is None


def test_labels_and_title_are_escaped() -> None:
    html = pie_html('pie title <b>&</b>\n  "<script>x</script>" : 1') or ""
    assert "<script" not in html and "<b>" not in html and "&amp;" in html
