"""Mermaid Gantt charts (a ```mermaid block starting `gantt`) drawn at build time as inline SVG:
a row a task, its bar from its start to its end on a time axis, the sections in bands.

Read as Mermaid reads them: `title`, `dateFormat` (its dayjs tokens: YYYY, YY, M, MM, MMM, MMMM,
D, DD, Do, H, HH, h, hh, A, a, m, mm, s, ss, S, SS, SSS, X, x, [text]), `axisFormat` (its d3
directives), `tickInterval`, `excludes` (`weekends`, weekday names, dates) and `includes`,
`weekend friday`, `weekday` (the day weeks start on), `inclusiveEndDates`, `section` and tasks:
`Name : [done|active|crit|milestone, ...] [id,] [start,] end` where the start is a date or
`after id...` (the latest end of those tasks; none written: the end of the task before) and the
end a date, a duration (`3d`, `24h`, `1w`, `2M`...; another, as in Mermaid, none) or `until
id...` (the earliest start of those tasks). A task's days off (`excludes`) push its end later,
unless its end date is written. `click`, `todayMarker`, `topAxis`, `displayMode`, `accTitle`
and `accDescr` lines are read past (no today is drawn: the same notes give the same page).
Anything else, or a task whose dates cannot be worked out, leaves the chart its code.
"""

from __future__ import annotations

import calendar
import datetime as dt
import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from notebase.markdown.mermaid import (
    FONT,
    LEADING,
    PAD,
    Unread,
    diagram_lines,
    figure,
    label_lines,
    num,
    svg_element,
    title_svg,
)
from notebase.markdown.textwidth import ems

BAR = 22.0  # px, a task's bar
ROW = 30.0  # px, a task's row
PLOT = 640.0  # px, the time axis
SMALL = 12.0  # px, the axis' labels
MOST_TASKS = 300
MOST_TICKS = 10  # as d3's axis, when labels fit
BANDS = 2  # the sections' alternating backgrounds (style.css: .gantt-band-0, -1)
TAGS = ("done", "active", "crit", "milestone")
DAY = dt.timedelta(days=1)
DAWN = dt.datetime(1970, 1, 1)
LAST_YEAR = 9000  # a chart reaching it is left as its code (its axis would run off the calendar)
MOST_DAYS = 36_600  # days the tasks with days off may last in all: each is walked (a century's)
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = tuple(calendar.month_name)[1:]

_SETTING = re.compile(
    r"(title|dateFormat|axisFormat|tickInterval|excludes|includes|weekday|weekend|section)"
    r"\b\s*(.*)$"
)
_PAST = re.compile(r"(click|todayMarker|topAxis|displayMode)\b")
_TASK = re.compile(r"([^:]+):([^#;]*)")  # (a `#` or `;` ends it)
_DURATION = re.compile(r"(\d+(?:\.\d+)?)(ms|[Mdhmswy])$")
_INTERVAL = re.compile(r"([1-9]\d*)(millisecond|second|minute|hour|day|week|month)$")
_TOKENS = re.compile(
    r"\[[^\]]*\]|YYYY|YY|Q|MMMM|MMM|MM|M|Do|DD|D|X|x|HH|H|hh|h|A|a|mm|m|ss|s|SSS|SS|S|."
)


@dataclass(slots=True)
class Task:
    name: str
    section: int  # its section's number (-1: before any)
    tags: tuple[str, ...]
    id: str
    start_text: str  # "": after the task before
    end_text: str
    start: dt.datetime | None = None
    end: dt.datetime | None = None
    drawn_end: dt.datetime | None = None  # where its bar ends (its end, less trailing days off)


@dataclass(slots=True)
class Gantt:
    title: str = ""
    date_format: str = "YYYY-MM-DD"
    axis_format: str = "%Y-%m-%d"
    interval: tuple[int, str] | None = None  # tickInterval
    excludes: set[str] = field(default_factory=set)
    includes: set[str] = field(default_factory=set)
    inclusive: bool = False  # inclusiveEndDates: an end date written is the last day's
    weekend: tuple[int, int] = (5, 6)  # the weekdays `excludes weekends` leaves out
    week_start: int = 6  # the weekday week ticks fall on (Sunday, as d3's)
    sections: list[str] = field(default_factory=list)
    tasks: list[Task] = field(default_factory=list)
    walked: int = 0  # the days past_days_off walked


def gantt_html(source: str) -> str | None:
    """The Gantt chart `source` drawn as a figure holding its SVG; None when it is none this
    reader reads (its code block then stands)."""
    return figure(gantt_svg, read_gantt, source)


def read_gantt(source: str) -> Gantt:
    lines = diagram_lines(source, trailing_comments=True)
    if not lines or lines[0] != "gantt":
        raise Unread("no Gantt chart")
    chart = Gantt()
    for line in lines[1:]:
        read_line(chart, line)
    if not chart.tasks or len(chart.tasks) > MOST_TASKS:
        raise Unread("no task, or too many")
    schedule(chart)
    return chart


def read_line(chart: Gantt, line: str) -> None:
    if line == "inclusiveEndDates":
        chart.inclusive = True
    elif (setting := _SETTING.match(line)) is not None:
        read_setting(chart, setting.group(1), setting.group(2).strip())
    elif _PAST.match(line):
        return
    elif (task := _TASK.match(line)) is not None:
        chart.tasks.append(read_task(task.group(1), task.group(2), chart, len(chart.tasks)))
    else:
        raise Unread(f"not read: {line!r}")


def read_setting(chart: Gantt, name: str, value: str) -> None:
    if name == "title":
        chart.title = " ".join(label_lines(value))
    elif name == "section":
        chart.sections.append(" ".join(label_lines(value)))
    elif name == "dateFormat" and value:
        chart.date_format = value
    elif name == "axisFormat" and value:
        chart.axis_format = value
    elif name == "tickInterval" and (interval := _INTERVAL.match(value)):
        chart.interval = (int(interval.group(1)), interval.group(2))
    elif name in ("excludes", "includes"):
        days = {day.lower() for day in re.split(r"[\s,]+", value) if day}
        (chart.excludes if name == "excludes" else chart.includes).update(days)
    elif name == "weekday" and value.lower() in WEEKDAYS:
        chart.week_start = WEEKDAYS.index(value.lower())
    elif name == "weekend" and value.lower() in ("friday", "saturday"):
        chart.weekend = (4, 5) if value.lower() == "friday" else (5, 6)
    else:
        raise Unread(f"not read: {name} {value!r}")


def read_task(name: str, data: str, chart: Gantt, number: int) -> Task:
    """A task as written: its tags first, then [id,] [start,] end."""
    items = [item.strip() for item in data.split(",")]
    tags = []
    while items and items[0] in TAGS:
        tags.append(items.pop(0))
    if not 1 <= len(items) <= 3 or not all(items):
        raise Unread(f"a task not read: {data!r}")
    if len(items) < 3:
        items.insert(0, f"task{number + 1}")
    if len(items) < 3:
        items.insert(1, "")
    task_id, start, end = items
    section = len(chart.sections) - 1
    return Task(" ".join(label_lines(name)), section, tuple(tags), task_id, start, end)


def schedule(chart: Gantt) -> None:
    """Each task's start and end, in passes while any is found (a task may name one written
    after it); a task still without them leaves the chart unread."""
    by_id = {task.id: task for task in chart.tasks}
    parse = date_parser(chart.date_format)
    chart.excludes, chart.includes = (
        days_named(chart.excludes, parse),
        days_named(chart.includes, parse),
    )
    for _ in range(len(chart.tasks)):
        found = False
        for number, task in enumerate(chart.tasks):
            if task.end is None:
                before = chart.tasks[number - 1] if number else None
                found = place_task(task, before, by_id, parse, chart) or found
        if not found:
            break
    if any(task.end is None for task in chart.tasks):
        raise Unread("a task's dates cannot be worked out")


def days_named(days: set[str], parse: Callable[[str], dt.datetime | None]) -> set[str]:
    """`excludes` or `includes` as is_day_off reads them: a date (as `dateFormat` writes it) as
    YYYY-MM-DD, a day's name and `weekends` as written."""
    named = set()
    for day in days:
        date = parse(day) if day not in WEEKDAYS and day != "weekends" else None
        named.add(date.strftime("%Y-%m-%d") if date is not None else day)
    return named


def place_task(
    task: Task,
    before: Task | None,
    by_id: dict[str, Task],
    parse: Callable[[str], dt.datetime | None],
    chart: Gantt,
) -> bool:
    """Set the task's start and end when what they depend on is known; whether it was."""
    start = start_of(task.start_text, before, by_id, parse)
    if start is None:
        return False
    end, written = end_of(task.end_text, start, by_id, parse)
    if end is None:
        return False
    if written and chart.inclusive:
        end += DAY
    if max(start, end).year >= LAST_YEAR:
        raise Unread("a task ends after the calendar does")
    task.start, task.end, task.drawn_end = start, end, end
    if not written and (chart.excludes or chart.includes):
        task.end, task.drawn_end = past_days_off(start, end, chart)
    return True


def start_of(
    text: str,
    before: Task | None,
    by_id: dict[str, Task],
    parse: Callable[[str], dt.datetime | None],
) -> dt.datetime | None:
    if not text:
        if before is None:  # (Mermaid would start it today: a page that changed by itself)
            raise Unread("the first task has no start")
        return before.end
    if text.startswith("after "):
        ends = [task.end for task in named(text, by_id)]
        return None if None in ends else max(end for end in ends if end)
    start = parse(text)
    if start is None:
        raise Unread(f"a date not read: {text!r}")
    return start


def end_of(
    text: str,
    start: dt.datetime,
    by_id: dict[str, Task],
    parse: Callable[[str], dt.datetime | None],
) -> tuple[dt.datetime | None, bool]:
    """The end (None: not known yet) and whether it is a date written."""
    if text.startswith("until "):
        starts = [task.start for task in named(text, by_id)]
        return (None if None in starts else min(s for s in starts if s)), False
    written = parse(text)
    if written is not None:
        return written, True
    duration = _DURATION.match(text)
    if duration is None:  # (Mermaid draws it from its start to its start)
        return start, False
    return later(start, float(duration.group(1)), duration.group(2)), False


def named(text: str, by_id: dict[str, Task]) -> list[Task]:
    """The tasks `after a b` or `until a b` names (an id no task has: unread)."""
    names = text.split()[1:]
    if not names or any(name not in by_id for name in names):
        raise Unread(f"a task not written: {text!r}")
    return [by_id[name] for name in names]


def later(start: dt.datetime, amount: float, unit: str) -> dt.datetime:
    """`start` plus a duration, months and years as the calendar has them (past the year
    9999: unread)."""
    try:
        return added(start, amount, unit)
    except (ValueError, OverflowError):
        raise Unread(f"a date past the calendar's: {amount}{unit}") from None


def added(start: dt.datetime, amount: float, unit: str) -> dt.datetime:
    if unit in ("M", "y"):
        months = round(amount) * (12 if unit == "y" else 1)
        year, month = divmod(start.month - 1 + months, 12)
        year += start.year
        day = min(start.day, calendar.monthrange(year, month + 1)[1])
        return start.replace(year=year, month=month + 1, day=day)
    seconds = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}[unit]
    return start + dt.timedelta(seconds=amount * seconds)


def past_days_off(
    start: dt.datetime, end: dt.datetime, chart: Gantt
) -> tuple[dt.datetime, dt.datetime]:
    """Mermaid's reading of `excludes`: each day off from the start to the end pushes the end a
    day later; the bar ends where the last day worked ends. A chart whose tasks with days off
    last over MOST_DAYS in all (each day is walked) is left as its code."""
    chart.walked += max(0, (end - start).days)
    if chart.walked > MOST_DAYS:
        raise Unread("tasks too long to walk their days off")
    drawn, day, off = end, start, False
    while day <= end:
        if not off:
            drawn = end
        off = is_day_off(day, chart)
        if off:
            end += DAY
        day += DAY
    return end, drawn


def is_day_off(day: dt.datetime, chart: Gantt) -> bool:
    named = day.strftime("%Y-%m-%d")
    if named in chart.includes:
        return False
    weekday = day.weekday()
    if "weekends" in chart.excludes and weekday in chart.weekend:
        return True
    return WEEKDAYS[weekday] in chart.excludes or named in chart.excludes


@lru_cache(maxsize=32)
def date_parser(date_format: str) -> Callable[[str], dt.datetime | None]:
    """A date as `date_format` (dayjs' tokens) writes it, strictly; else as ISO 8601 writes it
    (Mermaid's fallback to the browser's own reading); None when neither reads it."""
    pattern = "".join(token_pattern(token) for token in _TOKENS.findall(date_format))
    try:
        reader = re.compile(pattern, re.I)
    except re.error:  # a part written twice (`MM` and `MMM`)
        raise Unread(f"a date format not read: {date_format!r}") from None

    def parse(text: str) -> dt.datetime | None:
        found = reader.fullmatch(text)
        if found is not None:
            made = date_of(found.groupdict())
            if made is not None:
                return made
        try:
            return dt.datetime.fromisoformat(text).replace(tzinfo=None)
        except ValueError:
            return None

    return parse


def token_pattern(token: str) -> str:
    numbers = {
        "YYYY": r"(?P<Y>\d{4})",
        "YY": r"(?P<y>\d{2})",
        "Q": r"(?P<Q>[1-4])",
        "MM": r"(?P<M>\d{2})",
        "M": r"(?P<M>\d{1,2})",
        "DD": r"(?P<D>\d{2})",
        "D": r"(?P<D>\d{1,2})",
        "Do": r"(?P<D>\d{1,2})(?:st|nd|rd|th)",
        "HH": r"(?P<H>\d{2})",
        "H": r"(?P<H>\d{1,2})",
        "hh": r"(?P<h>\d{2})",
        "h": r"(?P<h>\d{1,2})",
        "A": r"(?P<A>am|pm)",
        "a": r"(?P<A>am|pm)",
        "mm": r"(?P<m>\d{2})",
        "m": r"(?P<m>\d{1,2})",
        "ss": r"(?P<s>\d{2})",
        "s": r"(?P<s>\d{1,2})",
        "SSS": r"(?P<S>\d{3})",
        "SS": r"(?P<S>\d{2})",
        "S": r"(?P<S>\d)",
        "X": r"(?P<X>\d+(?:\.\d+)?)",
        "x": r"(?P<x>\d+)",
        "MMMM": rf"(?P<N>{'|'.join(MONTHS)})",
        "MMM": rf"(?P<N>{'|'.join(name[:3] for name in MONTHS)})",
    }
    if token in numbers:
        return numbers[token]
    return re.escape(token[1:-1] if token.startswith("[") else token)


def date_of(fields: dict[str, str | None]) -> dt.datetime | None:
    """The date the fields read make (a part not written: 1970-01-01 00:00's); None when there
    is no such date."""
    read = {name: value for name, value in fields.items() if value}
    try:
        if "X" in read or "x" in read:
            seconds = float(read["X"]) if "X" in read else int(read["x"]) / 1000
            return DAWN + dt.timedelta(seconds=seconds)
        return dt.datetime(year_of(read), month_of(read), int(read.get("D", 1)), *time_of(read))
    except (ValueError, OverflowError):
        return None


def year_of(read: dict[str, str]) -> int:
    if "y" in read:  # (dayjs: 69 and after are the 1900s)
        return int(read["y"]) + (1900 if int(read["y"]) >= 69 else 2000)
    return int(read.get("Y", 1970))


def month_of(read: dict[str, str]) -> int:
    if "N" in read:
        return 1 + [name[:3].lower() for name in MONTHS].index(read["N"][:3].lower())
    if "Q" in read:
        return (int(read["Q"]) - 1) * 3 + 1
    return int(read.get("M", 1))


def time_of(read: dict[str, str]) -> tuple[int, int, int, int]:
    hour = int(read["H"]) if "H" in read else int(read.get("h", 0)) % 12
    if read.get("A", "").lower() == "pm":
        hour += 12
    micro = int(read.get("S", "0").ljust(6, "0")[:6])
    return hour, int(read.get("m", 0)), int(read.get("s", 0)), micro


# the axis' tick intervals d3 chooses among (its time scale's), the one nearest a tenth of the span
INTERVALS = (
    (1, "second"),
    (5, "second"),
    (15, "second"),
    (30, "second"),
    (1, "minute"),
    (5, "minute"),
    (15, "minute"),
    (30, "minute"),
    (1, "hour"),
    (3, "hour"),
    (6, "hour"),
    (12, "hour"),
    (1, "day"),
    (2, "day"),
    (1, "week"),
    (1, "month"),
    (3, "month"),
    (1, "year"),
)
SECONDS = {
    "millisecond": 0.001,
    "second": 1,
    "minute": 60,
    "hour": 3600,
    "day": 86400,
    "week": 604800,
    "month": 2592000,
    "year": 31536000,
}


def gantt_svg(chart: Gantt) -> str:
    first, last = time_span(chart.tasks)
    column = max((ems(name) * FONT for name in chart.sections), default=0.0)
    left = PAD + (column + 16 if column else 0.0)
    top = PAD + (LEADING + 12 if chart.title else 0.0)
    bottom = top + ROW * len(chart.tasks)

    def x_of(when: dt.datetime) -> float:
        return left + (when - first).total_seconds() / (last - first).total_seconds() * PLOT

    parts = section_bands(chart, left, top)
    parts += days_off(chart, first, last, x_of, (top, bottom))
    ticks = axis_ticks(chart, first, last)
    labels = [axis_label(tick, chart.axis_format) for tick in ticks]
    parts += [tick_svg(x_of(t), label, top, bottom) for t, label in zip(ticks, labels, strict=True)]
    right = left + PLOT
    for number, task in enumerate(chart.tasks):
        drawn, reach = task_svg(task, x_of, top + ROW * number + ROW / 2, left + PLOT)
        parts.append(drawn)
        right = max(right, reach)
    ends = (x_of(t) + ems(label) * SMALL / 2 for t, label in zip(ticks, labels, strict=True))
    width = max(right, *ends, PAD + ems(chart.title) * FONT) + PAD
    title = title_svg("gantt", chart.title, width / 2)
    said = ", ".join(task.name for task in chart.tasks)
    label = " ".join(f"Gantt chart: {chart.title} {said}".split())
    body = title + "".join(parts)
    return svg_element(width, bottom + SMALL + 10 + PAD, label, body)


def time_span(tasks: list[Task]) -> tuple[dt.datetime, dt.datetime]:
    """From the earliest start to the latest end (a day, when that is no time at all)."""
    first = min(task.start for task in tasks if task.start)
    last = max(max(task.end, task.drawn_end) for task in tasks if task.end and task.drawn_end)
    return (first, last) if last > first else (first, first + DAY)


def section_bands(chart: Gantt, left: float, top: float) -> list[str]:
    """Each section's rows on a band of its own, its name at the left."""
    parts = []
    for number, name in enumerate(chart.sections):
        rows = [i for i, task in enumerate(chart.tasks) if task.section == number]
        if not rows:
            continue
        y0, y1 = top + ROW * rows[0], top + ROW * (rows[-1] + 1)
        parts.append(
            f'<rect class="gantt-band-{number % BANDS}" x="{num(PAD)}" y="{num(y0)}" '
            f'width="{num(left + PLOT - PAD)}" height="{num(y1 - y0)}"/>'
            f'<text class="gantt-section" x="{num(PAD + 6)}" y="{num((y0 + y1) / 2)}" '
            f'dominant-baseline="central">{html.escape(name)}</text>'
        )
    return parts


def days_off(
    chart: Gantt,
    first: dt.datetime,
    last: dt.datetime,
    x_of: Callable[[dt.datetime], float],
    rows: tuple[float, float],
) -> list[str]:
    """The days `excludes` leaves out, shaded (over at most a year and a half)."""
    if not chart.excludes or last - first > 550 * DAY:
        return []
    parts = []
    day = first.replace(hour=0, minute=0, second=0, microsecond=0)
    while day < last:
        if is_day_off(day, chart):
            x0, x1 = x_of(max(day, first)), x_of(min(day + DAY, last))
            parts.append(
                f'<rect class="gantt-off" x="{num(x0)}" y="{num(rows[0])}" '
                f'width="{num(x1 - x0)}" height="{num(rows[1] - rows[0])}"/>'
            )
        day += DAY
    return parts


def tick_svg(x: float, label: str, top: float, bottom: float) -> str:
    return (
        f'<line class="gantt-grid" x1="{num(x)}" y1="{num(top)}" x2="{num(x)}" y2="{num(bottom)}"/>'
        f'<text class="gantt-axis" x="{num(x)}" y="{num(bottom + SMALL)}" text-anchor="middle" '
        f'dominant-baseline="central">{html.escape(label)}</text>'
    )


def task_svg(
    task: Task, x_of: Callable[[dt.datetime], float], middle: float, plot_right: float
) -> tuple[str, float]:
    """A task's bar (a milestone's diamond) and its name: in the bar when it fits, else beside
    it (right, or left when only there it stays on the axis); and how far right it reaches."""
    assert task.start is not None and task.drawn_end is not None
    x0, x1 = x_of(task.start), max(x_of(task.start), x_of(task.drawn_end))
    milestone = "milestone" in task.tags
    shown = ("milestone" if milestone else "task", *task.tags)
    kinds = " ".join(dict.fromkeys(f"gantt-{tag}" for tag in shown))
    wide = ems(task.name) * FONT
    if milestone:  # (at the middle of its time, as Mermaid puts it)
        centre, half = (x0 + x1) / 2, BAR / 2
        x0, x1 = centre - half, centre + half
        points = ((centre, middle - half), (x1, middle), (centre, middle + half), (x0, middle))
        corners = " ".join(f"{num(px)},{num(py)}" for px, py in points)
        shape = f'<polygon class="{kinds}" points="{corners}"/>'
    else:
        shape = (
            f'<rect class="{kinds}" x="{num(x0)}" y="{num(middle - BAR / 2)}" '
            f'width="{num(x1 - x0)}" height="{num(BAR)}" rx="3"/>'
        )
    if not milestone and x1 - x0 >= wide + 8:
        at, anchor, reach = (x0 + x1) / 2, "middle", x1
    elif x1 + 6 + wide <= plot_right or x0 - 6 - wide < plot_right - PLOT:
        at, anchor, reach = x1 + 6, "start", x1 + 6 + wide
    else:
        at, anchor, reach = x0 - 6, "end", x1
    text = (
        f'<text x="{num(at)}" y="{num(middle)}" text-anchor="{anchor}" '
        f'dominant-baseline="central">{html.escape(task.name)}</text>'
    )
    return f'<g class="gantt-row">{shape}{text}</g>', reach


def axis_ticks(chart: Gantt, first: dt.datetime, last: dt.datetime) -> list[dt.datetime]:
    """The axis' ticks: every `tickInterval` (every other one... when their labels would run
    into each other), else d3's choice for about ten, or a longer interval when their labels
    would not fit."""
    room = ems(axis_label(first, chart.axis_format)) * SMALL + 16
    fit = max(2, min(MOST_TICKS, int(PLOT // room)))
    if chart.interval is not None:
        ticks = ticks_between(first, last, *chart.interval, chart.week_start)
        return ticks[:: -(-len(ticks) // fit)]
    span = (last - first).total_seconds()
    for step, unit in longer_intervals(span, fit):
        ticks = ticks_between(first, last, step, unit, chart.week_start)
        if len(ticks) <= fit:
            return ticks
    return ticks[:: -(-len(ticks) // fit)]


def longer_intervals(span: float, count: int) -> list[tuple[int, str]]:
    """d3's interval for about `count` ticks over `span` seconds, then each longer one."""
    target = span / count
    durations = [step * SECONDS[unit] for step, unit in INTERVALS]
    above = next((i for i, duration in enumerate(durations) if duration > target), len(durations))
    years = nice_step(span / SECONDS["year"] / count)
    if above == len(durations):
        return [(years, "year"), (years * 2, "year"), (years * 5, "year")]
    nearer = target / durations[above - 1] < durations[above] / target if above else False
    return [*INTERVALS[above - 1 if nearer else above :], (years * 2, "year"), (years * 5, "year")]


def nice_step(rough: float) -> int:
    """1, 2 or 5 times a power of ten, near `rough` (d3's tickStep), at least 1."""
    power = 10 ** max(0, len(str(int(rough))) - 1) if rough >= 1 else 1
    error = rough / power
    nice = 10 if error >= 7.07 else 5 if error >= 3.16 else 2 if error >= 1.41 else 1
    return max(1, power * nice)


def ticks_between(
    first: dt.datetime, last: dt.datetime, step: int, unit: str, week_start: int
) -> list[dt.datetime]:
    """Every tick of `step` units from `first` to `last`, where d3's intervals put them (days of
    the month 1, 1 + step..., weeks on `week_start`, months from January, years by `step`)."""
    tick = floor_to(first, step, unit, week_start)
    ticks: list[dt.datetime] = []
    while tick <= last and len(ticks) < 1000:
        if tick >= first:
            ticks.append(tick)
        tick = next_tick(tick, step, unit)
    return ticks


def floor_to(when: dt.datetime, step: int, unit: str, week_start: int) -> dt.datetime:
    if unit in ("millisecond", "second", "minute", "hour"):
        seconds = SECONDS[unit] * step
        midnight = when.replace(hour=0, minute=0, second=0, microsecond=0)
        since = (when - midnight).total_seconds()
        return midnight + dt.timedelta(seconds=since - since % seconds)
    day = when.replace(hour=0, minute=0, second=0, microsecond=0)
    if unit == "day":
        return day - DAY * ((day.day - 1) % step)
    if unit == "week":
        return day - DAY * ((day.weekday() - week_start) % 7)
    if unit == "month":
        return day.replace(day=1, month=day.month - (day.month - 1) % step)
    return day.replace(day=1, month=1, year=max(1, day.year - day.year % step))


def next_tick(tick: dt.datetime, step: int, unit: str) -> dt.datetime:
    """The tick after `tick` (through `later`: one past the calendar leaves the chart unread)."""
    if unit == "day":  # (d3's every other day starts again on the first of each month)
        after = later(tick, 1, "d")
        while (after.day - 1) % step:
            after = later(after, 1, "d")
        return after
    if unit in ("month", "year"):
        return later(tick, step, "M" if unit == "month" else "y")
    return later(tick, step * SECONDS[unit], "s")


_DIRECTIVE = re.compile(r"%([-_0]?)(.)")
SHORTHANDS = {"c": "%a %b %e %H:%M:%S %Y", "x": "%m/%d/%Y", "X": "%H:%M:%S"}


def axis_label(when: dt.datetime, axis_format: str) -> str:
    """A tick's date as `axis_format` (d3's time format directives) writes it."""

    def directive(found: re.Match[str]) -> str:
        pad, letter = found.groups()
        value = directive_value(when, letter)
        if value is None:
            return found.group(0)
        text, width, default = value
        fill = {"-": "", "_": " ", "0": "0"}.get(pad, default)
        return text.rjust(width, fill) if fill else text

    return _DIRECTIVE.sub(directive, axis_format)


def directive_value(when: dt.datetime, letter: str) -> tuple[str, int, str] | None:
    """A directive's text, the width it is padded to and with what (None: no directive)."""
    if letter in SHORTHANDS:
        return axis_label(when, SHORTHANDS[letter]), 0, ""
    numbers = {
        "d": (when.day, 2, "0"),
        "e": (when.day, 2, " "),
        "H": (when.hour, 2, "0"),
        "I": ((when.hour + 11) % 12 + 1, 2, "0"),
        "j": (when.timetuple().tm_yday, 3, "0"),
        "L": (when.microsecond // 1000, 3, "0"),
        "m": (when.month, 2, "0"),
        "M": (when.minute, 2, "0"),
        "S": (when.second, 2, "0"),
        "U": (int(when.strftime("%U")), 2, "0"),
        "W": (int(when.strftime("%W")), 2, "0"),
        "w": (when.isoweekday() % 7, 1, ""),
        "u": (when.isoweekday(), 1, ""),
        "V": (when.isocalendar()[1], 2, "0"),
        "y": (when.year % 100, 2, "0"),
        "Y": (when.year, 4, "0"),
        "q": ((when.month - 1) // 3 + 1, 1, ""),
    }
    if letter in numbers:
        value, width, fill = numbers[letter]
        return str(value), width, fill
    words = {
        "a": WEEKDAYS[when.weekday()][:3].title(),
        "A": WEEKDAYS[when.weekday()].title(),
        "b": MONTHS[when.month - 1][:3],
        "B": MONTHS[when.month - 1],
        "p": "AM" if when.hour < 12 else "PM",
        "Z": "+0000",
        "%": "%",
    }
    return (words[letter], 0, "") if letter in words else None
