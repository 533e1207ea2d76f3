"""Mermaid timelines (a ```mermaid block starting `timeline`) drawn at build time as inline SVG:
the periods left to right along a line, in the order written, each a box of its time with its
events stacked below it, the sections as headers over their periods, the title above.

Read: `timeline` (`timeline LR` and `timeline TD` too: both drawn left to right, a page's width
holding more periods across than a column would), `title`, `section` (the periods after it are
its own), a period `{time period} : {event} : {event}...` and lines `: {event}` adding events to
the period above; an event runs to the next `:` followed by a space (`10:30` stays in it, and
`#colon;` writes one); `<br>` line breaks, markup left out, a long text wrapped at about 20 ems.
`%%` comments and `%%{init}%%` directives (over several lines too), the `---` block of settings
and `accTitle`/`accDescr` (`accDescr { ... }` over lines too) are read past. Colours as Mermaid
gives them: a section's periods and events share its colour; a period in no section has one of
its own. An empty event, an event before any period, or over 200 periods and events leaves the
chart its code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from notebase.markdown.mermaid import (
    FONT,
    LEADING,
    PAD,
    Unread,
    box_svg,
    diagram_lines,
    figure,
    label_lines,
    num,
    svg_element,
    text_width,
    title_svg,
)
from notebase.markdown.textwidth import ems, wrapped

COLOURS = 8  # the sections' colours, from the theme (style.css: .timeline-colour-0 ... -7)
MOST_ITEMS = 200  # periods and events: a chart with more is left as its code
WRAP = 20.0  # ems: a longer line of text is wrapped at its spaces
BOLD = 1.2  # how much wider a period's or a section's text (bold) is drawn
GAP = 20.0  # px between two periods' columns
LEAST = 100.0  # px, the narrowest column
INSET = 12.0  # px between a box's side and its text
BOX = 14.0  # px a box is higher than its text
STACK = 10.0  # px between two boxes one above the other
AXIS = 18.0  # px from the periods' boxes to the axis, and from it to the first event
TITLE = 16.0  # px, the title's size

_HEADER = re.compile(r"timeline(?:\s+(LR|TD))?\s*$", re.I)
_TITLE = re.compile(r"title\s+(.*)$", re.I)
_SECTION = re.compile(r"section\s+([^:]+)$", re.I)
_EVENT = re.compile(r":(?=\s|$)")  # where an event starts: a colon, then a space (or nothing)


@dataclass(slots=True)
class Period:
    lines: tuple[str, ...]
    section: int  # its section's number (-1: before any)
    events: list[tuple[str, ...]] = field(default_factory=list)


@dataclass(slots=True)
class Timeline:
    title: str = ""
    direction: str = "LR"
    sections: list[tuple[str, ...]] = field(default_factory=list)
    periods: list[Period] = field(default_factory=list)


def timeline_html(source: str) -> str | None:
    """The timeline `source` drawn as a figure holding its SVG; None when it is none this reader
    reads (its code block then stands)."""
    return figure(timeline_svg, read_timeline, source)


def read_timeline(source: str) -> Timeline:
    lines = diagram_lines(source, trailing_comments=True)
    header = _HEADER.match(lines[0]) if lines else None
    if header is None:
        raise Unread("no timeline")
    chart = Timeline(direction=(header.group(1) or "LR").upper())
    for line in lines[1:]:
        if (title := _TITLE.match(line)) is not None:
            chart.title = " ".join(label_lines(title.group(1)))
        elif (section := _SECTION.match(line)) is not None:
            chart.sections.append(label_lines(section.group(1)))
        else:
            read_period(chart, line)
    items = len(chart.periods) + sum(len(period.events) for period in chart.periods)
    if not chart.periods or items > MOST_ITEMS:
        raise Unread("no period, or too many")
    return chart


def read_period(chart: Timeline, line: str) -> None:
    """A period and its events, or (a line starting with `:`) more events of the one above."""
    parts = _EVENT.split(line)
    events = [label_lines(part) for part in parts[1:]]
    if any(event == ("",) for event in events):
        raise Unread(f"an empty event: {line!r}")
    if parts[0].strip():
        chart.periods.append(Period(label_lines(parts[0]), len(chart.sections) - 1, events))
    elif chart.periods:
        chart.periods[-1].events += events
    else:
        raise Unread(f"an event before any period: {line!r}")


def box_height(lines: tuple[str, ...]) -> float:
    return LEADING * len(lines) + BOX


def colours(chart: Timeline) -> list[int]:
    """Each period's colour: its section's, or (in none) one of its own; the next one each."""
    numbers: list[int] = []
    seen: dict[int, int] = {}
    count = 0
    for period in chart.periods:
        if period.section < 0 or period.section not in seen:
            if period.section >= 0:
                seen[period.section] = count
            numbers.append(count % COLOURS)
            count += 1
        else:
            numbers.append(seen[period.section] % COLOURS)
    return numbers


def column_widths(
    periods: list[tuple[str, ...]], events: list[list[tuple[str, ...]]]
) -> list[float]:
    """Each column's width: its widest text's, and room round it."""
    return [
        max(LEAST, text_width(lines) * BOLD + 2 * INSET, *(text_width(e) + 2 * INSET for e in evs))
        for lines, evs in zip(periods, events, strict=True)
    ]


def sections_of(chart: Timeline) -> list[tuple[int, list[int]]]:
    """Each section with a period: its number and its periods' numbers."""
    spans: dict[int, list[int]] = {}
    for number, period in enumerate(chart.periods):
        if period.section >= 0:
            spans.setdefault(period.section, []).append(number)
    return sorted(spans.items())


def timeline_svg(chart: Timeline) -> str:
    periods = [wrapped(period.lines, WRAP) for period in chart.periods]
    events = [[wrapped(event, WRAP) for event in period.events] for period in chart.periods]
    widths = column_widths(periods, events)
    sections = sections_of(chart)
    headers = section_names(chart, sections, widths)
    content = sum(widths) + GAP * (len(widths) - 1)
    width = max(content, ems(chart.title) * TITLE * BOLD) + 2 * PAD
    lefts: list[float] = []
    at = (width - content) / 2
    for wide in widths:
        lefts.append(at)
        at += wide + GAP
    top = PAD + (LEADING + 14 if chart.title else 0.0)
    colour = colours(chart)
    parts: list[str] = []  # the section's headers, the axis, the lines to the events, the boxes
    if headers:
        high = max(box_height(name) for name in headers.values())
        for number, members in sections:
            left, right = lefts[members[0]], lefts[members[-1]] + widths[members[-1]]
            box = (left, right - left, top, high)
            kind = f"timeline-section timeline-colour-{colour[members[0]]}"
            parts.append(box_svg(kind, box, headers[number]))
        top += high + STACK
    period_high = max(box_height(lines) for lines in periods)
    axis = top + period_high + AXIS
    first, last = lefts[0] - GAP / 2, lefts[-1] + widths[-1] + GAP / 2
    parts.append(
        f'<path class="timeline-axis" d="M{num(first)},{num(axis)} H{num(last - 8)}"/>'
        f'<polygon class="timeline-head" points="{num(last)},{num(axis)} '
        f'{num(last - 10)},{num(axis - 5)} {num(last - 10)},{num(axis + 5)}"/>'
    )
    boxes: list[str] = []
    bottom = axis + PAD / 2
    for i, text in enumerate(periods):
        column = (lefts[i], widths[i])
        kind = f"timeline-period timeline-colour-{colour[i]}"
        boxes.append(box_svg(kind, (*column, top, period_high), text))
        y = axis + AXIS
        for event in events[i]:
            boxes.append(
                box_svg(
                    f"timeline-event timeline-colour-{colour[i]}",
                    (*column, y, box_height(event)),
                    event,
                )
            )
            y += box_height(event) + STACK
        end = y - STACK if events[i] else axis
        middle = lefts[i] + widths[i] / 2
        parts.append(
            f'<path class="timeline-line" d="M{num(middle)},{num(top + period_high)} V{num(end)}"/>'
        )
        bottom = max(bottom, end)
    title = title_svg("timeline", chart.title, PAD, centred=False)
    return svg_element(width, bottom + PAD, spoken(chart), title + "".join(parts + boxes))


def section_names(
    chart: Timeline, sections: list[tuple[int, list[int]]], widths: list[float]
) -> dict[int, tuple[str, ...]]:
    """Each section's name, wrapped to the width of its periods' columns (at least WRAP), those
    columns widened when it is wider."""
    names: dict[int, tuple[str, ...]] = {}
    for number, members in sections:
        span = sum(widths[i] for i in members) + GAP * (len(members) - 1)
        name = wrapped(chart.sections[number], max(WRAP, (span - 2 * INSET) / FONT / BOLD))
        need = text_width(name) * BOLD + 2 * INSET
        for i in members:
            widths[i] += max(0.0, need - span) / len(members)
        names[number] = name
    return names


def spoken(chart: Timeline) -> str:
    """What the drawing says: its title, then each period, and its events."""
    said = "; ".join(
        " ".join(period.lines)
        + (": " + ", ".join(" ".join(event) for event in period.events) if period.events else "")
        for period in chart.periods
    )
    return " ".join(f"Timeline: {chart.title} {said}".split())
