"""Mermaid timelines drawn at build time: read as Mermaid's docs write them (a period's events on
its line or on the lines below it, sections grouping the periods after them), the periods left
to right in the order written, each's events stacked below it, and a timeline this reader does
not read left as its code."""

from __future__ import annotations

import itertools
import re

import pytest

from notebase.markdown.textwidth import wrapped
from notebase.markdown.timeline import read_timeline, timeline_html
from tests.conftest import mermaid_blocks

CHARTS = mermaid_blocks("timelines")
SOCIAL, SOCIAL_ONE_LINE, INDUSTRY, ENGLAND, MERMAID_CHART = CHARTS[:5]

Box = tuple[str, int, float, float, float, float, str]  # kind, colour, x, y, width, height, text
_BOX = re.compile(
    r'<g class="timeline-(\w+) timeline-colour-(\d+)"><rect x="([\d.]+)" y="([\d.]+)" '
    r'width="([\d.]+)" height="([\d.]+)" rx="4"/><text[^>]*>(.*?)</text></g>'
)


def boxes(drawn: str, kind: str) -> list[Box]:
    """The boxes of a kind (period, event, section) in the order drawn, their lines joined."""
    found = []
    for k, colour, x, y, w, h, spans in _BOX.findall(drawn):
        text = " ".join(re.findall(r"<tspan[^>]*>([^<]*)</tspan>", spans))
        if k == kind:
            found.append((k, int(colour), float(x), float(y), float(w), float(h), text))
    return found


def read(source: str) -> list[tuple[tuple[str, ...], int, list[tuple[str, ...]]]]:
    """Each period's lines, section and events, as read."""
    return [(p.lines, p.section, p.events) for p in read_timeline(source).periods]


def test_every_timeline_of_mermaids_docs_is_drawn() -> None:
    assert len(CHARTS) == 9
    for source in CHARTS:
        drawn = timeline_html(source)
        assert drawn is not None and drawn.startswith('<figure class="mermaid"><svg')


def test_events_on_the_line_below_belong_to_the_period_above() -> None:
    expected = [
        (("2002",), -1, [("LinkedIn",)]),
        (("2004",), -1, [("Facebook",), ("Google",)]),
        (("2005",), -1, [("Youtube",)]),
        (("2006",), -1, [("Twitter",)]),
    ]
    assert read_timeline(SOCIAL).title == "History of Social Media Platform"
    assert read(SOCIAL) == expected
    assert read(SOCIAL_ONE_LINE) == expected
    assert read(MERMAID_CHART)[0][2] == [("sub-point 1a",), ("sub-point 1b",), ("sub-point 1c",)]


def test_sections_take_the_periods_after_them() -> None:
    chart = read_timeline(INDUSTRY)
    assert chart.sections == [("17th-20th century",), ("21st century",)]
    assert [(p.lines[0], p.section) for p in chart.periods] == [
        ("Industry 1.0", 0),
        ("Industry 2.0", 0),
        ("Industry 3.0", 0),
        ("Industry 4.0", 1),
        ("Industry 5.0", 1),
    ]
    # commas are an event's text; `<br>` breaks its line
    assert chart.periods[0].events == [("Machinery, Water power, Steam", "power")]
    assert chart.periods[4].events == [("Artificial intelligence, Big data,3D printing",)]
    titled = read_timeline(MERMAID_CHART)
    assert titled.sections == [
        ("2023 Q1", "Release Personal Tier"),
        ("2023 Q2", "Release XYZ Tier"),
    ]
    assert titled.periods[2].events == [("sub-point", "3a"), ("sub-point 3b",), ("sub-point 3c",)]


def test_directives_over_several_lines_and_indented_charts_are_read() -> None:
    no_colour, themed, base = CHARTS[6:9]
    assert read(no_colour) == read(SOCIAL_ONE_LINE) == read(CHARTS[5])
    years = ["2002", "2004", "2005", "2006", "2007", "2008", "2010"]
    assert [lines[0] for lines, _, _ in read(themed)] == years
    assert read(themed) == read(base)


def test_an_event_runs_to_a_colon_followed_by_a_space() -> None:
    source = "timeline\n  Monday : Standup at 10:30 : Lunch #colon; soup\n  Tuesday\n"
    assert read(source) == [
        (("Monday",), -1, [("Standup at 10:30",), ("Lunch : soup",)]),
        (("Tuesday",), -1, []),
    ]


def test_comments_settings_and_descriptions_are_read_past() -> None:
    plain = "timeline\n  title Plans\n  2024 : Start\n  2025 : End\n"
    busy = (
        "---\nconfig:\n  theme: forest\n---\n%%{init: {'theme': 'forest'}}%%\ntimeline\n"
        "  %% a comment\n  title Plans\n  accTitle: Plans of the years\n  accDescr {\n"
        "    What was planned\n    and when\n  }\n  2024 : Start %% a comment after\n"
        "  accDescr: one line\n  2025 : End\n"
    )
    assert timeline_html(busy) == timeline_html(plain)


def test_timeline_lr_and_td_are_drawn_left_to_right() -> None:
    body = "\n  title Plans\n  2024 : Start\n  2025 : End\n"
    assert timeline_html("timeline LR" + body) == timeline_html("timeline" + body)
    assert timeline_html("timeline TD" + body) == timeline_html("timeline" + body)


def test_periods_left_to_right_and_their_events_stacked_below_them() -> None:
    drawn = timeline_html(SOCIAL) or ""
    periods, events = boxes(drawn, "period"), boxes(drawn, "event")
    assert [p[6] for p in periods] == ["2002", "2004", "2005", "2006"]
    assert [e[6] for e in events] == ["LinkedIn", "Facebook", "Google", "Youtube", "Twitter"]
    xs = [p[2] for p in periods]
    assert xs == sorted(xs) and len(set(xs)) == 4
    assert all(a[2] + a[4] < b[2] for a, b in itertools.pairwise(periods))  # apart
    axis = re.search(r'class="timeline-axis" d="M([\d.]+),([\d.]+) H([\d.]+)"', drawn)
    assert axis is not None
    axis_y = float(axis.group(2))
    _, _, x, y, w, h, _ = periods[1]  # 2004: Facebook, then Google, below it
    facebook, google = events[1], events[2]
    assert facebook[2] == google[2] == x and facebook[4] == google[4] == w
    assert y + h < axis_y < facebook[3] < facebook[3] + facebook[5] < google[3]
    assert float(axis.group(1)) < xs[0] and float(axis.group(3)) > periods[-1][2] + periods[-1][4]
    assert len(re.findall(r'class="timeline-line"', drawn)) == 4  # a period's line to its events


def test_each_section_or_lone_period_has_a_colour_of_its_own() -> None:
    assert [p[1] for p in boxes(timeline_html(SOCIAL) or "", "period")] == [0, 1, 2, 3]
    industry = timeline_html(INDUSTRY) or ""
    assert [p[1] for p in boxes(industry, "period")] == [0, 0, 0, 1, 1]
    assert [e[1] for e in boxes(industry, "event")] == [0, 0, 0, 1, 1]
    assert [s[1] for s in boxes(industry, "section")] == [0, 1]
    many = "timeline\n" + "".join(f"  {year} : e\n" for year in range(2000, 2010))
    assert [p[1] for p in boxes(timeline_html(many) or "", "period")] == [
        0, 1, 2, 3, 4, 5, 6, 7, 0, 1,
    ]  # fmt: skip
    before = "timeline\n  1990 : a\n  section Later\n  2000 : b\n  2010 : c\n"
    assert [p[1] for p in boxes(timeline_html(before) or "", "period")] == [0, 1, 1]


def test_a_section_spans_its_periods_and_widens_them_for_its_name() -> None:
    drawn = timeline_html(INDUSTRY) or ""
    sections, periods = boxes(drawn, "section"), boxes(drawn, "period")
    assert [s[6] for s in sections] == ["17th-20th century", "21st century"]
    first, second = sections
    assert first[2] == periods[0][2] and first[2] + first[4] == pytest.approx(
        periods[2][2] + periods[2][4], abs=0.1
    )
    assert second[2] == periods[3][2]
    assert all(s[3] + s[5] < p[3] for s in sections for p in periods)  # above the periods
    wide = "timeline\n  section A name far longer than the period under it is\n  1 : x\n"
    (section,), (period,) = (
        boxes(timeline_html(wide) or "", "section"),
        boxes(timeline_html(wide) or "", "period"),
    )
    assert section[4] == period[4] > 200  # (its name wrapped at about 20 ems: 280 px)
    assert section[6] == "A name far longer than the period under it is"


def test_long_texts_are_wrapped_at_their_spaces() -> None:
    # ems: o, n, e, t, w, h, r 0.56 each, a space 0.3: "one two" 3.66, "one two three" 6.76
    assert wrapped(("one two three",), 5) == ("one two", "three")
    assert wrapped(("one two", "three"), 5) == ("one two", "three")
    assert wrapped(("unbreakable",), 2) == ("unbreakable",)
    drawn = timeline_html(ENGLAND) or ""
    spans = re.findall(r"<tspan[^>]*>([^<]*)</tspan>", drawn)
    assert "Britain's oldest known house was built in Orkney, Scotland" not in spans
    assert "Orkney, Scotland" in " ".join(spans)


def test_the_title_and_what_is_said_of_the_drawing() -> None:
    drawn = timeline_html(SOCIAL) or ""
    assert re.search(r'class="timeline-title"[^>]*>History of Social Media Platform<', drawn)
    assert (
        'aria-label="Timeline: History of Social Media Platform 2002: LinkedIn; '
        '2004: Facebook, Google; 2005: Youtube; 2006: Twitter"' in drawn
    )
    untitled = timeline_html("timeline\n  1 : a\n  2") or ""
    assert 'aria-label="Timeline: 1: a; 2"' in untitled and "timeline-title" not in untitled


def test_at_most_two_hundred_periods_and_events() -> None:
    hundred = "timeline\n" + "".join(f"  {n} : e\n" for n in range(100))
    assert timeline_html(hundred) is not None  # 100 periods, 100 events
    assert timeline_html(hundred + "  100\n") is None


@pytest.mark.parametrize(
    "source",
    [
        "timeline",  # no period
        "timeline\n  title Plans",
        "timeline\n  section Only",
        "timeline\n  : an event before any period\n  2024 : a",
        "timeline\n  2024 : a :",  # an empty event
        "timeline\n  2024 :  : a",
        "timeline BT\n  2024 : a",  # no direction of a timeline's
        "timelines\n  2024 : a",
        "pie\n  2024 : a",
        "sequenceDiagram\n  A->>B: hi",
    ],
)
def test_what_is_no_timeline_it_reads_stays_its_code(source: str) -> None:
    assert timeline_html(source) is None


def test_texts_and_title_are_escaped() -> None:
    source = (
        "timeline\n  title <b>Q&A</b>\n  section <i>x</i> & y\n"
        "  <script>alert(1)</script> : a < b & c\n"
    )
    drawn = timeline_html(source) or ""
    assert "<b>" not in drawn and "<i>" not in drawn and "<script" not in drawn
    assert ">Q&amp;A<" in drawn and ">a &lt; b &amp; c<" in drawn and ">x &amp; y<" in drawn
    assert 'aria-label="Timeline: Q&amp;A alert(1): a &lt; b &amp; c"' in drawn
