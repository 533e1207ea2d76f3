"""Mermaid user journeys (a ```mermaid block starting `journey`) drawn at build time as inline
SVG: the tasks left to right in the order written, each a box of its name with its actors as
coloured dots in it, the sections as headers over their tasks, each task's score a face (smiling
for 5 and 4, flat for 3, frowning for 2, 1 and 0) on a scale below the tasks, higher for a higher
score, a legend of the actors at the left, the title above.

Read: `journey`, `title`, `section` (the tasks after it are its own; tasks before any section
are drawn without a header), tasks `Task name: score` and `Task name: score: actor, actor...`;
`<br>` line breaks, markup left out, a long name wrapped at about 12 ems. The score is a whole
number from 0 to 5, as Mermaid's docs ask (0 too, though it is rarely written: it is drawn one
step below 1); an actor named twice on a task is drawn once. `%%` comments (after what a line
says too) and `%%{init}%%` directives, the `---` block of settings and `accTitle`/`accDescr`
(`accDescr { ... }` over lines too) are read past. Colours as Mermaid gives them: each section
its own, each actor its own (in the order they first come), eight of each, then again. A score
that is no whole number from 0 to 5, a task line with a second `:` after its actors, any other
line, no task, over 200 tasks or over 1000 actors' dots in all leave the chart its code.
"""

from __future__ import annotations

import html
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
    text_svg,
    text_width,
    title_svg,
)
from notebase.markdown.textwidth import ems, wrapped

COLOURS = 8  # the sections' and the actors' colours (style.css: .journey-section-0 ... -7 ...)
MOST_TASKS = 200  # a chart with more is left as its code
MOST_DOTS = 1000  # actors' dots, all tasks' together
HIGHEST = 5  # the best score
WRAP = 12.0  # ems: a longer line of a task's name is wrapped at its spaces
BOLD = 1.2  # how much wider a section's name or the title (bold) is drawn
GAP = 16.0  # px between two tasks' columns
LEAST = 90.0  # px, the narrowest column
INSET = 10.0  # px between a box's side and its text
BOX = 14.0  # px a box is higher than its text
STACK = 10.0  # px between a section's header and its tasks
DOT = 5.0  # px, an actor's dot's radius
DOT_STEP = 14.0  # px from one dot's centre to the next one's (across, and down a row)
DOTS_ACROSS = 6  # dots a row in a task's box, at most
DOTS_GAP = 6.0  # px between a task's name and its dots
FACE = 13.0  # px, a face's radius
LEVEL = 36.0  # px a score's step takes on the scale
AXIS = 16.0  # px from the tasks' boxes to the scale
SCALE = 24.0  # px, the column of the scale's numbers
TITLE = 16.0  # px, the title's size

_HEADER = re.compile(r"journey\s*$", re.I)
_TITLE = re.compile(r"title\s+(.*)$", re.I)
_SECTION = re.compile(r"section\s+([^:]+)$", re.I)
_TASK = re.compile(r"([^:]+):([^:]*)(?::([^:]*))?$")
_SCORE = re.compile(r"\s*(\d+)\s*$")


@dataclass(slots=True)
class Task:
    lines: tuple[str, ...]
    score: int
    actors: tuple[str, ...]
    section: int  # its section's number (-1: before any)


@dataclass(slots=True)
class Journey:
    title: str = ""
    sections: list[tuple[str, ...]] = field(default_factory=list)
    tasks: list[Task] = field(default_factory=list)

    def actors(self) -> list[str]:
        """Each actor once, in the order they first come."""
        return list(dict.fromkeys(actor for task in self.tasks for actor in task.actors))


def journey_html(source: str) -> str | None:
    """The user journey `source` drawn as a figure holding its SVG; None when it is none this
    reader reads (its code block then stands)."""
    return figure(journey_svg, read_journey, source)


def read_journey(source: str) -> Journey:
    lines = diagram_lines(source, trailing_comments=True)
    if not lines or _HEADER.match(lines[0]) is None:
        raise Unread("no user journey")
    chart = Journey()
    for line in lines[1:]:
        if (title := _TITLE.match(line)) is not None:
            chart.title = " ".join(label_lines(title.group(1)))
        elif (section := _SECTION.match(line)) is not None:
            chart.sections.append(label_lines(section.group(1)))
        else:
            chart.tasks.append(read_task(line, len(chart.sections) - 1))
    dots = sum(len(task.actors) for task in chart.tasks)
    if not chart.tasks or len(chart.tasks) > MOST_TASKS or dots > MOST_DOTS:
        raise Unread("no task, or too many")
    return chart


def read_task(line: str, section: int) -> Task:
    """A task: `name: score` or `name: score: actor, actor...`."""
    found = _TASK.match(line)
    score = _SCORE.match(found.group(2)) if found else None
    if found is None or score is None or int(score.group(1)) > HIGHEST:
        raise Unread(f"not read: {line!r}")
    named = (" ".join(label_lines(actor)) for actor in (found.group(3) or "").split(","))
    actors = tuple(dict.fromkeys(actor for actor in named if actor))
    return Task(label_lines(found.group(1)), int(score.group(1)), actors, section)


def mood(score: int) -> str:
    """The face a score is drawn as."""
    return "happy" if score >= 4 else "flat" if score == 3 else "sad"


def sections_of(chart: Journey) -> list[tuple[int, list[int]]]:
    """Each run of tasks of one section: its number and its tasks' numbers."""
    runs: list[tuple[int, list[int]]] = []
    for number, task in enumerate(chart.tasks):
        if task.section < 0:
            continue
        if runs and runs[-1][0] == task.section and runs[-1][1][-1] == number - 1:
            runs[-1][1].append(number)
        else:
            runs.append((task.section, [number]))
    return runs


def dot_rows(actors: int) -> int:
    return -(-actors // DOTS_ACROSS)


def dots_high(actors: int) -> float:
    """How much higher a task's box is for its actors' dots."""
    return dot_rows(actors) * DOT_STEP + (DOTS_GAP if actors else 0.0)


def journey_svg(chart: Journey) -> str:
    names = [wrapped(task.lines, WRAP) for task in chart.tasks]
    widths = [
        max(
            LEAST,
            text_width(lines) + 2 * INSET,
            min(len(task.actors), DOTS_ACROSS) * DOT_STEP + 2 * INSET,
        )
        for lines, task in zip(names, chart.tasks, strict=True)
    ]
    sections = sections_of(chart)
    headers = [
        section_name(chart.sections[number], members, widths) for number, members in sections
    ]
    actors = chart.actors()
    colour = {actor: i % COLOURS for i, actor in enumerate(actors)}
    legend = 2 * DOT + 6 + text_width(actors) + GAP if actors else 0.0
    first = PAD + legend + SCALE + GAP / 2
    lefts: list[float] = []
    at = first
    for wide in widths:
        lefts.append(at)
        at += wide + GAP
    right = at - GAP
    width = max(right, PAD + ems(chart.title) * TITLE * BOLD) + PAD
    top = PAD + (LEADING + 14 if chart.title else 0.0)
    parts: list[str] = []
    if headers:
        high = max(LEADING * len(name) + BOX for name in headers)
        for (number, members), name in zip(sections, headers, strict=True):
            left, end = lefts[members[0]], lefts[members[-1]] + widths[members[-1]]
            kind = f"journey-section journey-section-{number % COLOURS}"
            parts.append(box_svg(kind, (left, end - left, top, high), name))
        top += high + STACK
    dotted = max(dots_high(len(task.actors)) for task in chart.tasks)
    task_high = max(LEADING * len(lines) for lines in names) + BOX + dotted
    scale = top + task_high + AXIS
    lowest = min(1, *(task.score for task in chart.tasks))
    bottom = scale + (HIGHEST - lowest + 1) * LEVEL
    parts.append(scale_svg(scale, lowest, first - GAP / 2, right))
    for i, task in enumerate(chart.tasks):
        box = (lefts[i], widths[i], top, task_high)
        face_y = scale + (HIGHEST - task.score + 0.5) * LEVEL
        middle = lefts[i] + widths[i] / 2
        parts.append(
            f'<path class="journey-line" d="M{num(middle)},{num(top + task_high)} '
            f'V{num(face_y - FACE)}"/>'
        )
        parts.append(task_svg(task, names[i], box, [colour[actor] for actor in task.actors]))
        parts.append(face_svg(task.score, middle, face_y))
    parts.append(legend_svg(actors, top))
    title = title_svg("journey", chart.title, PAD, centred=False)
    height = max(bottom, top + LEADING * len(actors)) + PAD
    return svg_element(width, height, spoken(chart), title + "".join(parts))


def section_name(name: tuple[str, ...], members: list[int], widths: list[float]) -> tuple[str, ...]:
    """A section's name, wrapped to the width of its tasks' columns (at least WRAP ems), those
    columns widened when it is wider."""
    span = sum(widths[i] for i in members) + GAP * (len(members) - 1)
    lines = wrapped(name, max(WRAP, (span - 2 * INSET) / FONT / BOLD))
    need = text_width(lines) * BOLD + 2 * INSET
    for i in members:
        widths[i] += max(0.0, need - span) / len(members)
    return lines


def task_svg(
    task: Task, lines: tuple[str, ...], rect: tuple[float, float, float, float], colours: list[int]
) -> str:
    """A task's box: its name, and its actors' dots in rows below it."""
    x, wide, y, high = rect
    rows = dot_rows(len(task.actors))
    text_middle = y + (high - dots_high(len(task.actors))) / 2
    dots: list[str] = []
    for i, (actor, colour) in enumerate(zip(task.actors, colours, strict=True)):
        row, column = divmod(i, DOTS_ACROSS)
        across = min(DOTS_ACROSS, len(task.actors) - row * DOTS_ACROSS)
        cx = x + wide / 2 + (column - (across - 1) / 2) * DOT_STEP
        cy = y + high - BOX / 2 - (rows - row - 0.5) * DOT_STEP
        dots.append(
            f'<circle class="journey-actor journey-actor-{colour}" cx="{num(cx)}" cy="{num(cy)}" '
            f'r="{num(DOT)}"><title>{html.escape(actor)}</title></circle>'
        )
    kind = "journey-task" + (
        f" journey-section-{task.section % COLOURS}" if task.section >= 0 else ""
    )
    return (
        f'<g class="{kind}"><rect x="{num(x)}" y="{num(y)}" width="{num(wide)}" '
        f'height="{num(high)}" rx="4"/>{text_svg(lines, x + wide / 2, text_middle)}'
        f"{''.join(dots)}</g>"
    )


def face_svg(score: int, x: float, y: float) -> str:
    """A face for the score, centred at (x, y): smiling, flat or frowning."""
    feeling = mood(score)
    if feeling == "happy":
        mouth = f"M{num(x - 6)},{num(y + 3)} Q{num(x)},{num(y + 10)} {num(x + 6)},{num(y + 3)}"
    elif feeling == "flat":
        mouth = f"M{num(x - 6)},{num(y + 5)} H{num(x + 6)}"
    else:
        mouth = f"M{num(x - 6)},{num(y + 8)} Q{num(x)},{num(y + 1)} {num(x + 6)},{num(y + 8)}"
    eyes = "".join(
        f'<circle class="journey-eye" cx="{num(x + side * 4.5)}" cy="{num(y - 4)}" r="2"/>'
        for side in (-1, 1)
    )
    return (
        f'<g class="journey-face journey-face-{feeling}"><circle cx="{num(x)}" cy="{num(y)}" '
        f'r="{num(FACE)}"/>{eyes}<path class="journey-mouth" d="{mouth}"/></g>'
    )


def scale_svg(top: float, lowest: int, end: float, right: float) -> str:
    """The scale, from its top: each score's number left of `end` and a line across from there
    to `right`, the best score at the top."""
    out: list[str] = []
    for score in range(HIGHEST, lowest - 1, -1):
        y = top + (HIGHEST - score + 0.5) * LEVEL
        out.append(
            f'<path class="journey-grid" d="M{num(end)},{num(y)} H{num(right)}"/>'
            f'<text class="journey-score" x="{num(end - 6)}" y="{num(y)}" text-anchor="end" '
            f'dominant-baseline="central">{score}</text>'
        )
    out.append(
        f'<path class="journey-axis" d="M{num(end)},{num(top)} '
        f'V{num(top + (HIGHEST - lowest + 1) * LEVEL)}"/>'
    )
    return "".join(out)


def legend_svg(actors: list[str], top: float) -> str:
    """The actors, each's dot and name, one a line, at the left."""
    return "".join(
        f'<g class="journey-legend"><circle class="journey-actor journey-actor-{i % COLOURS}" '
        f'cx="{num(PAD + DOT)}" cy="{num(top + LEADING * (i + 0.5))}" r="{num(DOT)}"/>'
        f'<text x="{num(PAD + 2 * DOT + 6)}" y="{num(top + LEADING * (i + 0.5))}" '
        f'dominant-baseline="central">{html.escape(actor)}</text></g>'
        for i, actor in enumerate(actors)
    )


def spoken(chart: Journey) -> str:
    """What the drawing says: its title, then each task and its score."""
    said = ", ".join(f"{' '.join(task.lines)} {task.score}" for task in chart.tasks)
    title = f"{chart.title}; " if chart.title else ""
    return " ".join(f"User journey: {title}{said}".split())
