"""Mermaid XY charts drawn at build time: read as Mermaid's docs write them (bar and line series,
categories or a numeric range along x, a value range along y), the bars' lengths proportional to
their values from the axis' zero (or its low end), the ticks nice numbers."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest

from notebase.markdown.xychart import read_xychart, xychart_html
from tests.conftest import mermaid_blocks

SVG = "{http://www.w3.org/2000/svg}"
DOCS = mermaid_blocks("xycharts")  # mermaid-js/mermaid's docs/syntax/xyChart.md (MIT licence)


def svg_of(source: str) -> ET.Element:
    drawn = xychart_html(source)
    assert drawn is not None
    assert drawn.startswith('<figure class="mermaid"><svg')
    return ET.fromstring(drawn.removeprefix('<figure class="mermaid">').removesuffix("</figure>\n"))


def bars(svg: ET.Element, series: int = 0) -> list[tuple[float, float, float, float]]:
    """A bar series' rectangles: x, y, width, height."""
    group = next(
        g for g in svg.iter(f"{SVG}g") if g.get("class") == f"xychart-bar xychart-series-{series}"
    )
    return [
        tuple(float(r.get(k, "")) for k in ("x", "y", "width", "height"))  # type: ignore[misc]
        for r in group.iter(f"{SVG}rect")
    ]


def labels(svg: ET.Element) -> list[ET.Element]:
    return [t for t in svg.iter(f"{SVG}text") if t.get("class") == "xychart-label"]


def value_ticks(svg: ET.Element) -> list[tuple[float, float]]:
    """The value axis' labels down the left of a vertical chart: (value, y), top to bottom."""
    return sorted(
        (float(t.get("y", "")), float(t.text or ""))
        for t in labels(svg)
        if t.get("text-anchor") == "end" and t.get("transform") is None
    )


def test_the_docs_charts_are_read() -> None:
    sales = read_xychart(DOCS[0])
    assert sales.title == "Sales Revenue"
    assert sales.categories == (
        "jan",
        "feb",
        "mar",
        "apr",
        "may",
        "jun",
        "jul",
        "aug",
        "sep",
        "oct",
        "nov",
        "dec",
    )
    assert (sales.y_title, sales.y_range) == ("Revenue (in $)", (4000.0, 11000.0))
    assert [(s.kind, s.values[:3]) for s in sales.series] == [
        ("bar", (5000.0, 6000.0, 7500.0)),
        ("line", (5000.0, 6000.0, 7500.0)),
    ]
    named = read_xychart(DOCS[1])
    assert named.categories == ("90d", "60d", "30d", "7d", "1d", "Current")
    assert [s.name for s in named.series] == ["avg", "p50", "p95"]
    assert named.y_range == (0.0, 198.2)
    simplest = read_xychart(DOCS[2])
    assert simplest.series[0].values == (1.3, 0.6, 2.4, -0.34)
    assert simplest.categories is None and simplest.x_range is None
    colours = read_xychart(DOCS[3])  # settings block and `%%` comments read past
    assert [s.kind for s in colours.series] == ["line", "bar", "bar", "line"]
    assert colours.categories == ("Category 1", "Category 2", "Category 3", "Category 4")
    assert colours.x_title == "categoriesX"
    genres = read_xychart(DOCS[4])
    assert genres.categories is not None and genres.categories[4] == "non fiction"


def test_stacked_bars_and_point_labels_stay_code() -> None:
    assert [xychart_html(block) is None for block in DOCS] == [False] * 5 + [True] * 2


def test_bars_grow_from_the_axis_low_end_in_proportion() -> None:
    svg = svg_of(DOCS[0])
    values = read_xychart(DOCS[0]).series[0].values
    drawn = bars(svg)
    assert len(drawn) == 12
    bottoms = {round(y + h, 1) for _, y, _, h in drawn}
    assert len(bottoms) == 1  # all from the same line, the axis' 4000
    per_unit = [h / (v - 4000) for (_, _, _, h), v in zip(drawn, values, strict=True)]
    assert max(per_unit) - min(per_unit) < 0.01 * per_unit[0]
    assert [x for x, *_ in drawn] == sorted(x for x, *_ in drawn)  # jan ... dec, left to right
    # the highest value (11000, the range's top) stands above the highest tick (10000)
    ticks = value_ticks(svg)
    assert min(y for _, y, _, _ in drawn) < ticks[0][0]


def test_negative_bars_hang_below_zero() -> None:
    svg = svg_of("xychart-beta\n  bar [4, -2, 1]\n")
    (_, y0, _, h0), (_, y1, _, h1), (_, y2, _, h2) = bars(svg)
    zero = y0 + h0
    assert y1 == pytest.approx(zero, abs=0.1) and y2 + h2 == pytest.approx(zero, abs=0.1)
    assert h0 / h1 == pytest.approx(2, rel=0.02) and h0 / h2 == pytest.approx(4, rel=0.02)
    ticks = value_ticks(svg)
    assert min(v for _, v in ticks) <= -2 and max(v for _, v in ticks) >= 4
    assert any(v == 0 and y == pytest.approx(zero, abs=0.1) for y, v in ticks)


@pytest.mark.parametrize(
    "source",
    [
        DOCS[0],
        DOCS[1],
        DOCS[2],
        "xychart-beta\n bar [0.013, 0.4, 0.07]",
        "xychart\n line [-730, 12]",
    ],
)
def test_ticks_are_nice_and_evenly_spaced(source: str) -> None:
    ticks = value_ticks(svg_of(source))
    values = [v for _, v in ticks]
    assert 3 <= len(values) <= 11
    steps = {round(a - b, 9) for a, b in pairwise(values)}
    assert len(steps) == 1  # top to bottom, falling by the same step
    step = steps.pop()
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 6) in (1, 2, 5)
    gaps = [b[0] - a[0] for a, b in pairwise(ticks)]
    assert max(gaps) - min(gaps) <= 0.2  # equal distances on the page
    chart = read_xychart(source)
    data = [v for s in chart.series for v in s.values]
    if chart.y_range is None:  # the range from the data: the ticks cover it
        assert values[-1] <= min(data) and values[0] >= max(data)


def test_several_bar_series_stand_side_by_side() -> None:
    svg = svg_of(DOCS[3])
    first, second = bars(svg, 1), bars(svg, 2)  # the series 1 and 2 (0 and 3 are lines)
    for (x1, _, w1, _), (x2, _, w2, _) in zip(first, second, strict=True):
        assert w1 == pytest.approx(w2) and x2 == pytest.approx(x1 + w1, abs=0.1)
    lines = [g for g in svg.iter(f"{SVG}g") if (g.get("class") or "").startswith("xychart-line")]
    assert [g.get("class") for g in lines] == [
        "xychart-line xychart-series-0",
        "xychart-line xychart-series-3",
    ]


def test_a_line_has_a_dot_a_value_higher_for_more() -> None:
    svg = svg_of("xychart\n x-axis [a, b, c]\n line [1, 3, 2]\n")
    group = next(
        g for g in svg.iter(f"{SVG}g") if g.get("class") == "xychart-line xychart-series-0"
    )
    dots = [(float(c.get("cx", "")), float(c.get("cy", ""))) for c in group.iter(f"{SVG}circle")]
    assert len(dots) == 3
    assert dots[0][0] < dots[1][0] < dots[2][0]
    assert dots[1][1] < dots[2][1] < dots[0][1]  # (y down the page)
    polyline = group.find(f"{SVG}polyline")
    assert polyline is not None and len((polyline.get("points") or "").split()) == 3
    assert [t.text for t in labels(svg) if t.get("text-anchor") == "middle"] == ["a", "b", "c"]


def test_horizontal_bars_grow_rightwards() -> None:
    svg = svg_of('xychart-beta horizontal\n x-axis "Fruit" [apples, pears]\n bar [10, 30]\n')
    (x0, y0, w0, h0), (x1, y1, w1, h1) = bars(svg)
    assert x0 == x1 and h0 == h1 and y0 < y1  # from the same left edge, apples on top
    assert w1 / w0 == pytest.approx(3, rel=0.02)
    names = [t.text for t in labels(svg) if t.get("text-anchor") == "end"]
    assert names == ["apples", "pears"]
    assert any(t.text == "Fruit" and "rotate(-90" in (t.get("transform") or "") for t in svg.iter())


def test_crowded_categories_are_turned() -> None:
    few = svg_of("xychart\n x-axis [a, b, c]\n bar [1, 2, 3]\n")
    assert not any(t.get("transform") for t in labels(few))
    names = ", ".join(f'"a long category {i}"' for i in range(20))
    many = svg_of(f"xychart\n x-axis [{names}]\n bar [{', '.join(['1'] * 20)}]\n")
    turned = [t for t in labels(many) if "rotate(-45" in (t.get("transform") or "")]
    assert turned and turned[0].text == "a long category 0"


def test_aria_label_and_escaping() -> None:
    source = 'xychart-beta\n title "Fish & <chips"\n x-axis "Day" [mon, tue]\n bar [1, 2.5]\n line [3, -4]\n'
    drawn = xychart_html(source)
    assert drawn is not None
    assert (
        'aria-label="XY chart: Fish &amp; &lt;chips; Day: mon, tue; bar: 1, 2.5; line: 3, -4"'
        in drawn
    )
    assert "<chips" not in drawn and "Fish &amp; &lt;chips</text>" in drawn


def test_a_numeric_x_axis_spreads_the_values() -> None:
    svg = svg_of("xychart\n x-axis 0 --> 10\n line [5, 5, 5]\n")
    dots = [float(c.get("cx", "")) for c in svg.iter(f"{SVG}circle")]
    assert dots[1] - dots[0] == pytest.approx(dots[2] - dots[1], abs=0.1)
    numbers = [float(t.text or "") for t in labels(svg) if t.get("text-anchor") == "middle"]
    assert numbers[0] == 0 and numbers[-1] == 10


@pytest.mark.parametrize(
    "source",
    [
        "xychart-beta\n title nothing",  # no data
        "xychart-beta\n bar [1, 2]\n pie [3]",  # a line not read
        "xychart-beta\n x-axis [a]\n bar [1, 2]",  # more values than categories
        "xychart-beta\n y-axis 5 --> 1\n bar [1, 2]",  # a range not rising
        "xychart-beta\n bar [1, two]",
        "xychart-beta\n bar []",
        "xychart-beta\n bar [1, 2]\n" + "line [" + ", ".join(["1"] * 500) + "]",  # over 500
        "quadrantChart\n bar [1]",
    ],
)
def test_what_is_not_read_stays_code(source: str) -> None:
    assert xychart_html(source) is None


def test_the_drawing_has_no_inline_colour() -> None:
    for block in DOCS[:5]:
        drawn = xychart_html(block) or ""
        assert not re.search(r"fill=|stroke=|#[0-9a-fA-F]{3,6}\b", drawn)
