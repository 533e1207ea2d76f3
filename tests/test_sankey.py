"""Mermaid sankey diagrams drawn at build time: CSV rows `source,target,value` read as RFC 4180
reads them, the nodes in columns by their flows, each bar as tall as the larger of what flows in
and out, each band as wide as its value on the same scale, stacked at the bars."""

from __future__ import annotations

import html
import re
from itertools import combinations, pairwise

import pytest

from notebase.markdown.sankey import read_sankey, sankey_html
from notebase.markdown.textwidth import ems
from tests.conftest import mermaid_blocks

ENERGY, BASIC, EMPTY_LINES, COMMAS, QUOTES = mermaid_blocks("sankeys")
Bar = tuple[float, float, float, float]  # left, top, right, bottom
# a, b, c in columns 0, 1, 2 (c's furthest source b), d after c; e, which nothing leaves, last
CHAIN = "sankey-beta\na,b,10\nb,c,4\na,c,3\nc,d,7\na,e,2\n"


def bars(drawn: str) -> dict[str, Bar]:
    found = re.findall(
        r'<rect class="sankey-node-\d" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
        r'height="([\d.]+)"/><text[^>]*>([^<]*) <tspan',
        drawn,
    )
    return {
        html.unescape(name): (float(x), float(y), float(x) + float(w), float(y) + float(h))
        for x, y, w, h, name in found
    }


def names(drawn: str) -> dict[str, tuple[float, float, str, str]]:
    """Each node's name -> where it is written (x, y), its anchor and its whole text."""
    found = re.findall(
        r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="(\w+)"[^>]*>([^<]*) '
        r'<tspan class="sankey-value">([^<]*)</tspan>',
        drawn,
    )
    return {
        html.unescape(name): (float(x), float(y), anchor, f"{html.unescape(name)} {value}")
        for x, y, anchor, name, value in found
    }


Band = tuple[float, float, float, float, float, float]  # x0, top0, bottom0, x1, top1, bottom1


def bands(drawn: str) -> dict[tuple[str, str], Band]:
    """Each flow's band: where it leaves (x, top, bottom) and where it enters."""
    number = r"(-?[\d.]+)"
    found = re.findall(
        rf'<path class="sankey-link sankey-node-\d" d="M{number},{number} C[^L]* '
        rf"{number},{number} L{number},{number} C[^Z]* {number},{number} Z\">"
        r"<title>([^<]*) \u2192 ([^<]*) [\d.]+</title>",
        drawn,
    )
    out: dict[tuple[str, str], Band] = {}
    for x0, s0, x1, t0, x1b, t1, x0b, s1, source, target in found:
        assert (x0, x1) == (x0b, x1b)
        key = (html.unescape(source), html.unescape(target))
        out[key] = (float(x0), float(s0), float(s1), float(x1), float(t0), float(t1))
    return out


def test_the_docs_diagrams_are_all_read() -> None:
    assert all(sankey_html(block) for block in mermaid_blocks("sankeys"))
    energy = read_sankey(ENERGY)
    assert len(energy.flows) == 68 and len(energy.nodes) == 48
    assert energy.flows[0].source == "Agricultural 'waste'" and energy.flows[0].value == 124.729
    assert [f.value for f in read_sankey(EMPTY_LINES).flows] == [26.862, 280.322, 81.144]
    assert len(read_sankey(BASIC).flows) == 3  # (its `%% source,target,value` a comment)


def test_csv_quoting() -> None:
    assert [f.target for f in read_sankey(COMMAS).flows] == [
        "Heating and cooling, homes",
        "Heating and cooling, commercial",
    ]
    assert [f.target for f in read_sankey(QUOTES).flows] == [
        'Heating and cooling, "homes"',
        'Heating and cooling, "commercial"',
    ]
    flow = read_sankey('sankey\n"a ""b"", c",  "d" , 2.5 \n').flows[0]
    assert (flow.source, flow.target, flow.value) == ('a "b", c', "d", 2.5)


@pytest.mark.parametrize(
    "source",
    [
        "sankey-beta\na,b,0",
        "sankey-beta\na,b,-3",
        "sankey-beta\na,b,lots",
        "sankey-beta\na,b",
        "sankey-beta\na,b,1,2",
        'sankey-beta\na,"b,1',  # a quote never closed
        'sankey-beta\na,"b"x,1',  # text after a quoted field
        "sankey-beta\na,b,1\nb,c,1\nc,a,1",  # a cycle
        "sankey-beta\na,a,1",  # a flow to itself
        "sankey-beta",  # no flow
        "sankey-gamma\na,b,1",
        "pie\na,b,1",
        "sankey-beta\n" + "".join(f"s,t{i},1\n" for i in range(501)),
    ],
)
def test_unread(source: str) -> None:
    assert sankey_html(source) is None


def test_five_hundred_rows_are_read() -> None:
    assert sankey_html("SANKEY\n" + "".join(f"s,t{i},1\n" for i in range(500)))


def test_columns_from_the_flows() -> None:
    drawn = bars(sankey_html(CHAIN) or "")
    a, b, c, d, e = (drawn[n] for n in "abcde")
    assert a[0] < b[0] < c[0] < d[0]
    assert e[0] == d[0]  # nothing leaves e: in the last column
    placed = names(sankey_html(CHAIN) or "")
    for name in "abc":  # names right of their bars, left of them in the last column
        assert placed[name][2] == "start" and placed[name][0] > drawn[name][2]
    for name in "de":
        assert placed[name][2] == "end" and placed[name][0] < drawn[name][0]


def test_names_level_across_the_last_gap_both_fit() -> None:
    drawn = sankey_html("sankey\nA source with a long name,A target with a long name,1") or ""
    (sx, sy, _, source), (tx, ty, _, target) = names(drawn).values()
    assert sy == ty  # level, the one right of its bar, the other left of its
    assert sx + ems(source) * 14 < tx - ems(target) * 14


def test_a_bar_is_as_tall_as_its_larger_flow() -> None:
    drawn = sankey_html(CHAIN) or ""
    heights = {name: bar[3] - bar[1] for name, bar in bars(drawn).items()}
    # a: out 10 + 3 + 2 = 15; b: in 10, out 4; c: in 4 + 3, out 7; d: in 7; e: in 2
    per_unit = heights["a"] / 15
    for name, value in (("b", 10), ("c", 7), ("d", 7), ("e", 2)):
        assert heights[name] == pytest.approx(value * per_unit, abs=0.15)
    assert heights["a"] == pytest.approx(400, abs=0.1)  # a alone in the tallest column
    texts = {name: placed[3] for name, placed in names(drawn).items()}
    assert texts == {"a": "a 15", "b": "b 10", "c": "c 7", "d": "d 7", "e": "e 2"}


def test_bands_are_as_wide_as_their_values_stacked_at_the_bars() -> None:
    drawn = sankey_html(CHAIN) or ""
    placed, flows = bars(drawn), bands(drawn)
    per_unit = (placed["a"][3] - placed["a"][1]) / 15
    values = {("a", "b"): 10, ("b", "c"): 4, ("a", "c"): 3, ("c", "d"): 7, ("a", "e"): 2}
    assert set(flows) == set(values)
    for (source, target), (x0, s0, s1, x1, t0, t1) in flows.items():
        width = values[source, target] * per_unit
        assert s1 - s0 == pytest.approx(width, abs=0.15)
        assert t1 - t0 == pytest.approx(width, abs=0.15)
        assert x0 == placed[source][2] and x1 == placed[target][0]
    for node, side in (("a", "leaving"), ("c", "entering"), ("c", "leaving")):
        ends = sorted(
            (band[1], band[2]) if side == "leaving" else (band[4], band[5])
            for (source, target), band in flows.items()
            if (source if side == "leaving" else target) == node
        )
        # side by side, from the bar's top to its bottom (these flows fill their bars)
        assert ends[0][0] == pytest.approx(placed[node][1], abs=0.1)
        assert ends[-1][1] == pytest.approx(placed[node][3], abs=0.15)
        for upper, lower in pairwise(ends):
            assert lower[0] == pytest.approx(upper[1], abs=0.15)


@pytest.mark.parametrize(
    "source",
    [
        # as written, column 0 is a, b, c and column 1 y, x: b -> x and c -> y would cross
        "sankey-beta\na,y,5\nb,x,5\nc,y,5",
        # y is above x: a's flow to y leaves above its flow to x, written first
        "sankey-beta\nb,y,5\na,x,1\na,y,1",
    ],
)
def test_no_bands_cross(source: str) -> None:
    drawn = sankey_html(source) or ""
    flows = list(bands(drawn).values())
    assert len(flows) == 3
    for one, other in combinations(flows, 2):
        assert (one[1] - other[1]) * (one[4] - other[4]) >= 0


def test_names_stay_apart_and_off_the_bars() -> None:
    drawn = sankey_html(ENERGY) or ""
    placed = bars(drawn)
    boxes = []
    for x, y, anchor, text in names(drawn).values():
        wide = ems(text) * 14
        left = x - wide if anchor == "end" else x
        boxes.append((left, y - 8, left + wide, y + 8))
    assert len(boxes) == 48

    def meet(p: Bar, q: Bar) -> bool:
        return p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]

    for one, other in combinations(boxes, 2):
        assert not meet(one, other), (one, other)
    for box in boxes:
        assert not any(meet(box, bar) for bar in placed.values())


def test_named_and_escaped() -> None:
    drawn = sankey_html('sankey-beta\n"<b>&x",y,10\ny,z,4') or ""
    assert "<b>" not in drawn and "&lt;b&gt;&amp;x" in drawn
    assert 'aria-label="Sankey diagram: &lt;b&gt;&amp;x \u2192 y 10, y \u2192 z 4"' in drawn
    assert re.search(r'class="sankey-link sankey-node-0"', drawn)  # its source's colour
    assert drawn.count("style=") == 1  # the svg's width alone: no inline colours
