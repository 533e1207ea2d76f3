"""Mermaid Gantt charts drawn at build time: each task's start and end worked out as Mermaid works
them out (durations, `after`, `until`, days off), its bar drawn from the one to the other on a
time axis, and a chart this reader cannot work out left as its code."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from notebase.markdown.diagrams import diagram_html
from notebase.markdown.gantt import axis_label, date_parser, gantt_html, read_gantt
from tests.conftest import mermaid_blocks

CHARTS = mermaid_blocks("gantts")
SIMPLE, SYNTAX, DEPENDS, CLOCK = CHARTS[:4]


def day(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def dates(source: str) -> list[tuple[str, str, str, str]]:
    """Each task's name, start, end and the end of its bar (ISO)."""
    return [(t.name, str(t.start), str(t.end), str(t.drawn_end)) for t in read_gantt(source).tasks]


def test_every_chart_of_mermaids_docs_is_drawn() -> None:
    assert len(CHARTS) == 5
    for source in CHARTS:
        drawn = gantt_html(source)
        assert drawn is not None and drawn.startswith('<figure class="mermaid"><svg')
        assert diagram_html(source) == drawn


def test_a_task_starts_where_it_is_told_or_where_the_one_before_ends() -> None:
    chart = read_gantt(SIMPLE)
    assert chart.title == "A Gantt Diagram"
    assert chart.sections == ["Section", "Another"]
    assert [(t.name, t.section, t.start, t.end) for t in chart.tasks] == [
        ("A task", 0, day("2014-01-01"), day("2014-01-31")),
        ("Another task", 0, day("2014-01-31"), day("2014-02-20")),  # after a1, 20d
        ("Task in sec", 1, day("2014-01-12"), day("2014-01-24")),
        ("another task", 1, day("2014-01-24"), day("2014-02-17")),  # the task before's end
    ]


def test_after_several_tasks_is_after_the_last_of_them_to_end() -> None:
    assert dates(DEPENDS)[2] == (
        "cherry",
        "2017-07-27 00:00:00",
        "2017-07-28 00:00:00",
        "2017-07-28 00:00:00",
    )


def test_days_off_push_an_end_later_but_not_an_end_date_written() -> None:
    """Mermaid's reading of `excludes weekends`: 2014-01-11 and 12 are a Saturday and Sunday."""
    found = {name: (start, end, drawn) for name, start, end, drawn in dates(SYNTAX)}
    # 3 days from Thursday the 9th: the weekend pushes the end two days later
    assert found["Active task"] == (
        "2014-01-09 00:00:00",
        "2014-01-14 00:00:00",
        "2014-01-14 00:00:00",
    )
    # an end date written stands, weekend or not
    assert found["Completed task"] == (
        "2014-01-06 00:00:00",
        "2014-01-08 00:00:00",
        "2014-01-08 00:00:00",
    )
    # ending on a Saturday: the task ends after the weekend, its bar at the Saturday
    assert found["Add to mermaid"] == (
        "2014-01-24 00:00:00",
        "2014-01-27 00:00:00",
        "2014-01-25 00:00:00",
    )
    assert found["Add gantt diagram to demo page"][1] == "2014-01-20 20:00:00"  # 20h


def test_days_off_written_as_the_chart_writes_dates_or_by_name() -> None:
    source = (
        "gantt\n  dateFormat DD.MM.YYYY\n  excludes 25.12.2024, sunday\n"
        "  Write : 24.12.2024, 5d  # (Christmas, then a Sunday, not counted)\n"
    )
    assert dates(source)[0][1:] == (
        "2024-12-24 00:00:00",
        "2024-12-31 00:00:00",
        "2024-12-31 00:00:00",
    )


def test_until_ends_a_task_where_the_first_of_those_named_starts_even_one_written_later() -> None:
    source = (
        "gantt\n  dateFormat YYYY-MM-DD\n  Build : b, 2024-03-01, until r s\n"
        "  Review : r, 2024-03-10, 2d\n  Ship : s, 2024-03-08, 1d\n"
    )
    assert dates(source)[0][1:3] == ("2024-03-01 00:00:00", "2024-03-08 00:00:00")


def test_inclusive_end_dates_take_the_last_day_whole() -> None:
    source = "gantt\n  inclusiveEndDates\n  Write : 2024-01-01, 2024-01-03\n  Edit : 2d\n"
    assert [row[1:3] for row in dates(source)] == [
        ("2024-01-01 00:00:00", "2024-01-04 00:00:00"),
        ("2024-01-04 00:00:00", "2024-01-06 00:00:00"),  # a duration is as long as before
    ]


def test_durations_of_every_unit_mermaid_reads_and_none_of_another() -> None:
    source = (
        "gantt\n  dateFormat YYYY-MM-DD HH:mm\n  A : a, 2024-01-31 09:00, 1M\n  B : b, after a, 1y\n"
        "  C : 90m\n  D : 2.5h\n  E : 1w\n  F : 10min\n"
    )
    assert [row[2] for row in dates(source)] == [
        "2024-02-29 09:00:00",  # a month on: the last day of February
        "2025-02-28 09:00:00",
        "2025-02-28 10:30:00",
        "2025-02-28 13:00:00",
        "2025-03-07 13:00:00",
        "2025-03-07 13:00:00",  # `min` is no unit of Mermaid's: no time at all
    ]


@pytest.mark.parametrize(
    ("date_format", "text", "expected"),
    [
        ("YYYY-MM-DD", "2024-02-29", "2024-02-29 00:00:00"),
        ("DD/MM/YYYY", "05/11/2024", "2024-11-05 00:00:00"),
        ("D.M.YY", "5.11.24", "2024-11-05 00:00:00"),
        ("MMM D, YYYY", "Nov 5, 2024", "2024-11-05 00:00:00"),
        ("MMMM Do YYYY", "November 5th 2024", "2024-11-05 00:00:00"),
        ("YYYY-MM-DD hh:mm A", "2024-11-05 01:30 PM", "2024-11-05 13:30:00"),
        ("HH:mm", "17:49", "1970-01-01 17:49:00"),
        ("X", "86400", "1970-01-02 00:00:00"),
        ("x", "86400000", "1970-01-02 00:00:00"),
        ("[week of] YYYY-MM-DD", "week of 2024-11-04", "2024-11-04 00:00:00"),
        ("DD/MM/YYYY", "2024-11-05", "2024-11-05 00:00:00"),  # ISO 8601, whatever the format
    ],
)
def test_dates_read_by_their_format(date_format: str, text: str, expected: str) -> None:
    assert str(date_parser(date_format)(text)) == expected


def test_a_date_its_format_does_not_read_is_none() -> None:
    assert date_parser("DD/MM/YYYY")("31/02/2024") is None
    assert date_parser("YYYY-MM-DD")("next week") is None


@pytest.mark.parametrize(
    ("axis_format", "expected"),
    [
        ("%Y-%m-%d", "2024-03-05"),
        ("%b %d", "Mar 05"),
        ("%B %-d, %Y", "March 5, 2024"),
        ("%e %a", " 5 Tue"),
        ("W%W", "W10"),
        ("%H:%M %p", "14:07 PM"),
        ("%I%p", "02PM"),
        ("%j %y %q", "065 24 1"),
        ("%x %X", "03/05/2024 14:07:09"),
        ("100%%", "100%"),
        ("%Q", "%Q"),  # no directive: as written
    ],
)
def test_axis_labels_as_d3_formats_them(axis_format: str, expected: str) -> None:
    assert axis_label(dt.datetime(2024, 3, 5, 14, 7, 9), axis_format) == expected


def axis(source: str) -> list[str]:
    return re.findall(r'class="gantt-axis"[^>]*>([^<]*)<', gantt_html(source) or "")


def test_ticks_fall_where_d3_puts_them_and_their_labels_fit() -> None:
    assert axis(SIMPLE) == [
        f"2014-{d}" for d in ("01-05", "01-12", "01-19", "01-26", "02-02", "02-09", "02-16")
    ]
    monday = SIMPLE.replace("dateFormat", "weekday monday\n    dateFormat")
    assert axis(monday)[0] == "2014-01-06"
    months = "gantt\n  axisFormat %b\n  Year : 2024-01-10, 300d\n"
    assert axis(months) == ["Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov"]
    every = "gantt\n  tickInterval 1day\n  axisFormat %d\n  Sprint : 2024-01-01, 5d\n"
    assert axis(every) == ["01", "02", "03", "04", "05", "06"]
    assert axis(CLOCK) == ["17:50", "17:55", "18:00", "18:05", "18:10"]


def bars(source: str) -> dict[str, tuple[float, float]]:
    """Each task bar's left edge and width, by its name."""
    found = re.findall(
        r'<rect class="gantt-task[^"]*" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*/>'
        r"<text[^>]*>([^<]*)</text>",
        gantt_html(source) or "",
    )
    return {name: (float(x), float(width)) for x, width, name in found}


def test_bars_span_their_tasks_on_one_scale() -> None:
    drawn = bars(SIMPLE)
    (a_x, a_w), (b_x, b_w) = drawn["A task"], drawn["Another task"]
    assert b_x == pytest.approx(a_x + a_w, abs=0.1)  # `after a1`
    assert a_w / b_w == pytest.approx(30 / 20, rel=0.01)
    task_x, _ = drawn["Task in sec"]
    assert (task_x - a_x) / a_w == pytest.approx(11 / 30, rel=0.01)


def test_a_name_too_long_for_its_bar_is_written_beside_it() -> None:
    source = "gantt\n  Long enough to hold its name : 2024-01-01, 60d\n  A short one with a long name : 1d\n"
    drawn = gantt_html(source) or ""
    inside = re.search(r'text-anchor="middle"[^>]*>Long enough to hold its name<', drawn)
    beside = re.search(r'text-anchor="(start|end)"[^>]*>A short one with a long name<', drawn)
    assert inside and beside


def test_states_and_milestones_have_their_classes() -> None:
    drawn = gantt_html(SYNTAX) or ""
    assert drawn.count('class="gantt-task gantt-crit gantt-done"') == 2
    assert drawn.count('class="gantt-task gantt-active"') == 2
    assert drawn.count('<polygon class="gantt-milestone"') == 1
    assert drawn.count('class="gantt-off"') == 6  # three weekends' days, a day each
    assert drawn.count('class="gantt-band-0"') == 2 and drawn.count('class="gantt-band-1"') == 2


def test_the_same_chart_is_drawn_the_same_whatever_the_day() -> None:
    """No today marker: a page changes only when its notes do."""
    source = "gantt\n  todayMarker stroke-width:5px\n  A : 2024-01-01, 3d\n"
    assert gantt_html(source) == gantt_html(source.replace("todayMarker stroke-width:5px", ""))


@pytest.mark.parametrize(
    "source",
    [
        "gantt",  # no task
        "gantt\n  title Plans",
        "gantt\n  First : 3d",  # no start: Mermaid would start it today
        "gantt\n  A : a, after nowhere, 2d",
        "gantt\n  A : a, 2024-01-01, until nowhere",
        "gantt\n  A : a, someday, 2d",
        "gantt\n  A : 2024-01-01, 2d\n  vert x",
        "gantt\n  A : done, a, b, 2024-01-01, 2d",  # too many parts
        "gantt\n  accDescr {\n  never closed\n  A : 2024-01-01, 2d",
        "gantt\n  A : a, after b, 1d\n  B : b, after a, 1d",  # each after the other
        "gantt\n  A : 2024-01-01, 99999999y",  # past the calendar
        "gantt\n  excludes weekends\n  A : 0001-01-01, 2900000d",  # days off past the calendar
        "gantt\n  tickInterval 99999999999999999999999second\n  A : 2024-01-01, 3d",  # ticks past it
        "gantt\n  excludes sunday\n"
        + "  A : 1000-01-01, 30000d\n" * 2,  # days off: too many to walk
        "gantt\n  A : 2024-01-01, 9999999999999d",
        "gantt\n  dateFormat X\n  A : 99999999999999, 1d",
        "sequenceDiagram\n  A->>B: hi",
    ],
)
def test_what_it_cannot_work_out_stays_its_code(source: str) -> None:
    assert gantt_html(source) is None


def test_directives_and_accessible_descriptions_are_read_past() -> None:
    source = (
        "%%{init: {\n  'theme': 'forest'\n} }%%\ngantt\n  accTitle: Plans\n"
        "  accDescr {\n  a long description\n  }\n  A : 2024-01-01, 2d  %% the first\n"
    )
    drawn = gantt_html(source) or ""
    assert drawn == gantt_html("gantt\n  A : 2024-01-01, 2d")
    assert "description" not in drawn and "forest" not in drawn


def test_names_and_title_are_escaped() -> None:
    source = "gantt\n  title <b>Q&A</b>\n  section <i>x</i>\n  a < b & c : 2024-01-01, 1d\n"
    drawn = gantt_html(source) or ""
    assert "<b>" not in drawn and "<i>" not in drawn  # (markup is left out, as in other charts)
    assert ">Q&amp;A<" in drawn and ">a &lt; b &amp; c<" in drawn
