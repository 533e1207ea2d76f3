"""Mermaid quadrant charts drawn at build time: read as Mermaid's docs write them, quadrant-1 the
top right, 2 the top left, 3 the bottom left, 4 the bottom right, a point at its coordinates
from the plot's bottom left corner (y up), styling read past."""

from __future__ import annotations

import re

import pytest

from notebase.markdown.quadrant import quadrant_html, read_quadrants
from notebase.markdown.textwidth import ems
from tests.conftest import mermaid_blocks

CAMPAIGNS, URGENT, STYLED, DIRECTIVE = mermaid_blocks("quadrants")
Rect = tuple[float, float, float, float]  # left, top, right, bottom


def quadrant_rects(drawn: str) -> dict[int, Rect]:
    found = re.findall(
        r'<rect class="quadrant-(\d)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
        r'height="([\d.]+)"/>',
        drawn,
    )
    return {
        int(n): (float(x), float(y), float(x) + float(w), float(y) + float(h))
        for n, x, y, w, h in found
    }


def frame(drawn: str) -> Rect:
    found = re.search(
        r'class="quadrant-frame" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"',
        drawn,
    )
    assert found is not None
    x, y, w, h = map(float, found.groups())
    return x, y, x + w, y + h


def label_places(drawn: str) -> dict[str, tuple[float, float]]:
    """Each quadrant label's first line: where it is drawn."""
    labels = re.findall(
        r'<text class="quadrant-label"[^>]*><tspan x="([\d.]+)" y="([\d.]+)">([^<]*)<', drawn
    )
    return {text: (float(x), float(y)) for x, y, text in labels}


def points(drawn: str) -> dict[str, tuple[float, float, float, float]]:
    """Each point's name -> its circle's centre and its name's (left, middle)."""
    found = re.findall(
        r'<g class="quadrant-point"><circle cx="([\d.]+)" cy="([\d.]+)" r="[\d.]+"/>'
        r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text></g>',
        drawn,
    )
    return {name: (float(cx), float(cy), float(x), float(y)) for cx, cy, x, y, name in found}


def inside(place: tuple[float, float], rect: Rect) -> bool:
    return rect[0] <= place[0] <= rect[2] and rect[1] <= place[1] <= rect[3]


def test_the_docs_charts_are_all_read() -> None:
    blocks = mermaid_blocks("quadrants")
    assert len(blocks) == 4
    assert all(quadrant_html(block) for block in blocks)
    chart = read_quadrants(CAMPAIGNS)
    assert chart.title == "Reach and engagement of campaigns"
    assert chart.x_axis == (("Low Reach",), ("High Reach",))
    assert chart.y_axis == (("Low Engagement",), ("High Engagement",))
    assert chart.labels == {
        1: ("We should expand",),
        2: ("Need to promote",),
        3: ("Re-evaluate",),
        4: ("May be improved",),
    }
    assert [(p.name, p.x, p.y) for p in chart.points][:2] == [
        ("Campaign A", 0.3, 0.6),
        ("Campaign B", 0.45, 0.23),
    ]
    assert read_quadrants(URGENT).y_axis == (("Not Important",), ("Important ❤",))


def test_each_quadrant_is_where_the_docs_put_it() -> None:
    drawn = quadrant_html(CAMPAIGNS) or ""
    rects = quadrant_rects(drawn)
    left, top, right, bottom = frame(drawn)
    middle_x, middle_y = (left + right) / 2, (top + bottom) / 2
    assert rects == {
        1: (middle_x, top, right, middle_y),  # top right
        2: (left, top, middle_x, middle_y),  # top left
        3: (left, middle_y, middle_x, bottom),  # bottom left
        4: (middle_x, middle_y, right, bottom),  # bottom right
    }
    assert right - left == bottom - top  # a square
    labels = label_places(drawn)
    for number, text in ((1, "We should expand"), (2, "Need to promote"), (3, "Re-evaluate")):
        x, y = labels[text]
        q_left, q_top, q_right, q_bottom = rects[number]
        assert x == pytest.approx((q_left + q_right) / 2)  # centred across its quadrant
        assert q_top < y < q_top + (q_bottom - q_top) / 4  # at its top: the chart has points
    x, y = labels["May be improved"]
    assert inside((x, y), rects[4])


def test_without_points_the_labels_are_in_the_quadrants_middles() -> None:
    drawn = quadrant_html(URGENT) or ""
    rects = quadrant_rects(drawn)
    for number, text in ((1, "Plan"), (2, "Do"), (3, "Delegate"), (4, "Delete")):
        q_left, q_top, q_right, q_bottom = rects[number]
        assert label_places(drawn)[text] == pytest.approx(
            ((q_left + q_right) / 2, (q_top + q_bottom) / 2)
        )


def test_points_are_at_their_coordinates_y_up() -> None:
    # the docs: Point 1 [0.75, 0.80] "drawn in the top right quadrant", Point 2 in the bottom left
    drawn = quadrant_html("quadrantChart\n  Point 1: [0.75, 0.80]\n  Point 2: [0.35, 0.24]") or ""
    rects = quadrant_rects(drawn)
    left, top, right, bottom = frame(drawn)
    drawn_points = points(drawn)
    one, two = drawn_points["Point 1"], drawn_points["Point 2"]
    assert inside(one[:2], rects[1]) and inside(two[:2], rects[3])
    side = right - left
    assert one[:2] == pytest.approx((left + 0.75 * side, bottom - 0.80 * side), abs=0.1)
    assert two[:2] == pytest.approx((left + 0.35 * side, bottom - 0.24 * side), abs=0.1)
    corners = points(quadrant_html("quadrantChart\n  O: [0, 0]\n  I: [1, 1]") or "")
    assert corners["O"][:2] == (left, bottom) and corners["I"][:2] == (right, top)


def name_box(place: tuple[float, float, float, float], name: str) -> Rect:
    _, _, x, y = place
    return x, y - 8, x + ems(name) * 12, y + 8  # 12px text, a line 16px high


def meet(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("source", [CAMPAIGNS, STYLED])
def test_names_stay_in_the_plot_apart(source: str) -> None:
    drawn = quadrant_html(source) or ""
    plot = frame(drawn)
    placed = points(drawn)
    assert len(placed) == 6
    boxes = {name: name_box(place, name) for name, place in placed.items()}
    for name, box in boxes.items():
        assert plot[0] <= box[0] and box[2] <= plot[2] and plot[1] <= box[1] and box[3] <= plot[3]
        for other, (cx, cy, _, _) in placed.items():
            assert not meet(box, (cx - 5, cy - 5, cx + 5, cy + 5)), (name, other)
        assert not any(meet(box, b) for n, b in boxes.items() if n != name), name
    # a point at the right edge: its name turned to its left, not off the plot
    edge = points(quadrant_html("quadrantChart\n  Far right: [1, 0.5]") or "")["Far right"]
    assert edge[2] + ems("Far right") * 12 <= plot[2] and edge[2] < edge[0]


def test_the_axes_texts_are_placed_as_mermaid_places_them() -> None:
    drawn = quadrant_html(CAMPAIGNS) or ""
    left, top, right, bottom = frame(drawn)
    side = right - left
    x_texts = dict(
        (text, (float(x), float(y), anchor))
        for anchor, x, y, text in re.findall(
            r'class="quadrant-axis" text-anchor="(\w+)"[^>]*><tspan x="([\d.]+)" y="([\d.]+)">'
            r"([^<]*)<",
            drawn,
        )
    )
    assert x_texts["Low Reach"][:2] == pytest.approx((left + side / 4, x_texts["Low Reach"][1]))
    assert x_texts["High Reach"][0] == pytest.approx(left + side * 3 / 4)
    assert x_texts["Low Reach"][1] > bottom and x_texts["Low Reach"][2] == "middle"
    turned = dict(
        (text, (float(x), float(y)))
        for x, y, text in re.findall(
            r'class="quadrant-axis" transform="translate\(([\d.]+) ([\d.]+)\) rotate\(-90\)"'
            r"[^>]*><tspan[^>]*>([^<]*)<",
            drawn,
        )
    )
    assert turned["Low Engagement"][0] < left  # left of the plot, reading upwards
    assert turned["Low Engagement"][1] == pytest.approx(top + side * 3 / 4)
    assert turned["High Engagement"][1] == pytest.approx(top + side / 4)
    # the low text alone: from the axis' start; `Low -->` an arrow after it
    alone = quadrant_html("quadrantChart\n  x-axis Cheap -->\n  y-axis Slow") or ""
    left, _, _, bottom = frame(alone)  # (no title: the plot higher)
    assert re.search(rf'text-anchor="start"[^>]*><tspan x="{left:g}"[^>]*>Cheap ⟶<', alone)
    assert re.search(
        rf'translate\([\d.]+ {bottom:g}\) rotate\(-90\)" text-anchor="start"[^>]*><tspan[^>]*>Slow<',
        alone,
    )


def test_styling_is_read_past_no_colour_of_the_note_drawn() -> None:
    drawn = quadrant_html(STYLED) or ""
    assert "#" not in drawn and "stroke-width" not in drawn and "fill" not in drawn
    assert len(set(re.findall(r'<circle [^>]*r="([\d.]+)"', drawn))) == 1  # radius: one for all
    assert "Campaign B" in points(drawn) and ":::" not in drawn


def test_the_label_says_the_title_and_each_point() -> None:
    drawn = quadrant_html(CAMPAIGNS) or ""
    assert (
        'aria-label="Quadrant chart: Reach and engagement of campaigns; Campaign A (0.3, 0.6), '
        "Campaign B (0.45, 0.23), Campaign C (0.57, 0.69), Campaign D (0.78, 0.34), "
        'Campaign E (0.4, 0.34), Campaign F (0.35, 0.78)"'
    ) in drawn


@pytest.mark.parametrize(
    "source",
    [
        "quadrantChart\n  A: [1.5, 0.2]",  # outside 0..1
        "quadrantChart\n  A: [0.5, -0.2]",
        "quadrantChart\n  A: [x, 0.2]",  # no number
        "quadrantChart\n  A: [0.5]",
        "quadrantChart\n  A: [0.1, 0.2] size: 3",  # no style Mermaid has
        "quadrantChart\n  A: [0.1, 0.2] color: red",
        "quadrantChart\n  quadrant-5 Nowhere",
        "quadrantChart\n  x-axis --> High",
        "quadrantChart\n  accDescr {\n  never closed",
        "pie\n  A: [0.1, 0.2]",
        "quadrantChart\n" + "".join(f"  P{i}: [0.5, 0.5]\n" for i in range(501)),
    ],
)
def test_what_mermaid_would_not_draw_stays_its_code(source: str) -> None:
    assert quadrant_html(source) is None


def test_comments_and_accessibility_lines_are_read_past() -> None:
    source = (
        "quadrantChart\n  %% a comment\n  accTitle: T\n  accDescr {\n    over lines\n  }\n"
        "  title Kept %% a comment after it\n  A: [0.5, 0.5]\n"
    )
    assert read_quadrants(source).title == "Kept"
    assert quadrant_html("quadrantChart\n" + "".join(f"  P{i}: [0.5, 0.5]\n" for i in range(500)))
    assert quadrant_html('quadrantChart\n  quadrant-1 ""\n  x-axis ""\n  "": [0.5, 0.5]')


def test_texts_are_escaped() -> None:
    drawn = (
        quadrant_html(
            'quadrantChart\n  title <b>&</b>\n  x-axis "<i>" --> "a & b"\n'
            "  quadrant-1 <script>x</script>\n  <img src=x>: [0.5, 0.5]\n  1 <2 & 3: [0.2, 0.2]"
        )
        or ""
    )
    assert "<script" not in drawn and "<b>" not in drawn and "<img" not in drawn
    assert "&amp;" in drawn and ">1 &lt;2 &amp; 3</text>" in drawn  # (the last a point's name)
