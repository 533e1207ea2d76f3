"""Mermaid sequence diagrams (a ```mermaid block starting `sequenceDiagram`) drawn at build time
as inline SVG, as mermaid.js draws them: the participants side by side, each with its lifeline,
and the messages between them from the top down.

Read: `participant` and `actor` (with `as` a name shown), or a participant first named by a
message; messages (`->>`, `-->>`, `->`, `-->`, `-x`, `--x`, `-)`, `--)`, `<<->>`, `<<-->>`, with
`+`/`-`, and their text); `Note left of`/`right of`/`over` one or two participants; the frames
`loop`, `alt`/`else`, `opt`, `par`/`and`, `critical`/`option`, `break` and `rect` up to their
`end`; `autonumber`; `title`. Read past: `activate`, `deactivate`, `box` (drawn without its
colour), `create`, `destroy`, links and `%%` lines. Anything else leaves the diagram its code.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from notebase.markdown.mermaid import (
    LEADING,
    PAD,
    Unread,
    diagram_lines,
    figure,
    head_svg,
    label_lines,
    num,
    svg_element,
    text_svg,
    text_width,
)
from notebase.markdown.textwidth import ems

COLUMN_GAP = 40.0  # px between two participants' boxes, at the least
SELF_WIDTH = 36.0  # px a message to its own sender loops out to the right
FRAME_MARGIN = 60.0  # px a frame reaches beyond the first and the last lifeline
MOST_STEPS = 400  # a diagram with more messages, notes and frames stays its code

_HEADER = re.compile(r"sequenceDiagram\s*$")
_PARTICIPANT = re.compile(r"(?:create\s+)?(participant|actor)\s+(.+?)(?:\s+as\s+(.+))?$")
_MESSAGE = re.compile(
    r"(?P<start>[^\s:<>+\-]+(?:-(?![->x)])[^\s:<>+\-]+)*)\s*"
    r"(?P<arrow><<-->>|<<->>|-->>|->>|-->|->|--x|-x|--\)|-\))\s*[+-]?\s*"
    r"(?P<end>[^\s:]+)\s*:(?P<text>.*)$"
)
_NOTE = re.compile(r"note\s+(left of|right of|over)\s+([^:]+?)\s*:(.*)$", re.I)
_FRAME = re.compile(r"(loop|alt|opt|par|critical|break|rect|box)\b\s*(.*)$")
_SPLIT = re.compile(r"(else|and|option)\b\s*(.*)$")
_PAST = re.compile(r"(activate|deactivate|destroy|autonumber|links?|properties|details)\b")
_TITLE = re.compile(r"title\s*:?\s*(.*)$")


@dataclass(frozen=True, slots=True)
class Step:
    """One row of the diagram: a message, a note, or a frame's start, split or end."""

    kind: str  # message, note, start, split, end
    start: str = ""
    end: str = ""
    text: tuple[str, ...] = ()
    arrow: str = ""  # a message's
    place: str = ""  # a note's (left of, right of, over), a frame's kind


@dataclass(slots=True)
class Sequence:
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)  # id -> the name shown
    steps: list[Step] = field(default_factory=list)
    numbered: bool = False


def sequence_html(source: str) -> str | None:
    """The sequence diagram `source` drawn as a figure holding its SVG; None when it is none
    this reader reads (its code block then stands)."""
    return figure(sequence_svg, read_sequence, source)


def read_sequence(source: str) -> Sequence:
    lines = diagram_lines(source)
    if not lines or not _HEADER.match(lines[0]):
        raise Unread("no sequence diagram")
    diagram = Sequence()
    frames: list[str] = []  # the kinds of the frames open (a box's is drawn as none)
    for line in lines[1:]:
        read_line(diagram, line, frames)
    if frames:
        raise Unread("a frame without its `end`")
    if not diagram.names or len(diagram.steps) > MOST_STEPS:
        raise Unread("nobody, or too many steps")
    return diagram


def read_line(diagram: Sequence, line: str, frames: list[str]) -> None:
    if line == "autonumber" or line.startswith("autonumber "):
        diagram.numbered = True
    elif (found := _PARTICIPANT.match(line)) is not None:
        name = found.group(3) or found.group(2)
        diagram.names[found.group(2)] = label_lines(name)
    elif (found := _MESSAGE.match(line)) is not None:
        for end in ("start", "end"):
            diagram.names.setdefault(found.group(end), (found.group(end),))
        text = label_lines(found.group("text"))
        diagram.steps.append(
            Step("message", found.group("start"), found.group("end"), text, found.group("arrow"))
        )
    elif (found := _NOTE.match(line)) is not None:
        over = [name.strip() for name in found.group(2).split(",")][:2]
        for name in over:
            diagram.names.setdefault(name, (name,))
        text = label_lines(found.group(3))
        diagram.steps.append(Step("note", over[0], over[-1], text, place=found.group(1).lower()))
    elif (found := _FRAME.match(line)) is not None:
        frames.append(found.group(1))
        if found.group(1) not in ("box", "rect"):
            diagram.steps.append(
                Step("start", text=label_lines(found.group(2)), place=found.group(1))
            )
    elif (found := _SPLIT.match(line)) is not None and frames:
        diagram.steps.append(Step("split", text=label_lines(found.group(2)), place=found.group(1)))
    elif line == "end" and frames:
        if frames.pop() not in ("box", "rect"):
            diagram.steps.append(Step("end"))
    elif not (_PAST.match(line) or _TITLE.match(line)):
        raise Unread(f"not read: {line!r}")


def box_width(lines: tuple[str, ...]) -> float:
    return max(80.0, text_width(lines) + 24)


def columns(diagram: Sequence) -> dict[str, float]:
    """Each participant's centre across: apart by their boxes and a gap, and by what is written
    between them (a message's text, a note beside one)."""
    order = list(diagram.names)
    index = {name: i for i, name in enumerate(order)}
    widths = [box_width(diagram.names[name]) for name in order]
    xs = [PAD + max(widths[0] / 2, FRAME_MARGIN + 4)]
    for i in range(1, len(order)):
        xs.append(xs[-1] + (widths[i - 1] + widths[i]) / 2 + COLUMN_GAP)
    for step in diagram.steps:
        need, left, right = room_needed(step, index)
        if right >= len(xs):
            continue
        room = xs[right] - (xs[left] if left >= 0 else PAD)
        if room < need:  # (left of the first: all of them moved right)
            xs[right:] = [x + need - room for x in xs[right:]]
    return dict(zip(order, xs, strict=True))


def room_needed(step: Step, index: dict[str, int]) -> tuple[float, int, int]:
    """(how far apart two columns must be, the left one, the right one) for a step's text."""
    if step.kind == "message" and step.start != step.end:
        left, right = sorted((index[step.start], index[step.end]))
        return text_width(step.text) + 32, left, right
    if step.kind == "message" or (step.kind == "note" and step.place == "right of"):
        at = index[step.start]
        return text_width(step.text) + SELF_WIDTH + 24, at, at + 1
    if step.kind == "note" and step.place == "left of":
        at = index[step.start]
        return text_width(step.text) + 40, at - 1, at
    return 0.0, 0, 0


def step_height(step: Step) -> float:
    lines = max(1, len(step.text)) if step.text != ("",) else 1
    if step.kind == "message":
        return LEADING * lines + (34 if step.start == step.end else 22)
    if step.kind == "note":
        return LEADING * lines + 24
    if step.kind in ("start", "split"):
        return LEADING + 16
    return 14.0


def sequence_svg(diagram: Sequence) -> str:
    xs = columns(diagram)
    box_h = max(LEADING * len(lines) for lines in diagram.names.values()) + 16
    y = PAD + box_h + 16
    drawn: list[tuple[str, float]] = []  # each step's SVG, and how far right it reaches
    frames: list[tuple[float, list[tuple[float, Step]], Step]] = []  # open: top, splits, start
    number = 0
    for step in diagram.steps:
        height = step_height(step)
        if step.kind == "message":
            number += 1
            label = numbered(step.text, number) if diagram.numbered else step.text
            drawn.append(message_svg(step, label, xs, y))
        elif step.kind == "note":
            drawn.append(note_svg(step, xs, y, height))
        elif step.kind == "start":
            frames.append((y, [], step))
        elif step.kind == "split" and frames:
            frames[-1][1].append((y, step))
        elif frames:
            top, splits, opened = frames.pop()
            drawn.append(frame_svg(opened, (top, y), xs, splits, len(frames)))
        y += height
    boxes = max(xs[name] + box_width(diagram.names[name]) / 2 for name in xs)
    width = max([boxes, *(right for _, right in drawn)]) + PAD
    height = y + 8 + box_h + PAD
    lifelines = "".join(
        f'<path class="link link-dotted" d="M{num(x)},{num(PAD + box_h)} V{num(y + 8)}"/>'
        for x in xs.values()
    )
    heads = "".join(
        participant_svg(diagram.names[name], xs[name], top, box_h)
        for name in xs
        for top in (PAD, y + 8)
    )
    names = ", ".join(" ".join(lines) for lines in diagram.names.values())
    body = f"{lifelines}{''.join(svg for svg, _ in drawn)}{heads}"
    return svg_element(width, height, f"Sequence diagram: {names}", body)


def numbered(text: tuple[str, ...], number: int) -> tuple[str, ...]:
    """A message's text after its number (`autonumber`)."""
    return (f"{number}. {text[0]}".strip(), *text[1:])


def participant_svg(lines: tuple[str, ...], x: float, top: float, high: float) -> str:
    wide = box_width(lines)
    return (
        f'<g class="node node-rect"><rect x="{num(x - wide / 2)}" y="{num(top)}" '
        f'width="{num(wide)}" height="{num(high)}" rx="3"/>{text_svg(lines, x, top + high / 2)}</g>'
    )


def message_svg(
    step: Step, label: tuple[str, ...], xs: dict[str, float], y: float
) -> tuple[str, float]:
    """A message's text, then its line below it (a loop out and back for one to its sender)."""
    a, b = xs[step.start], xs[step.end]
    text_y = y + LEADING * (len(label) - 1) / 2 + 8
    line_y = y + LEADING * len(label) + 8
    dotted = "dotted" if step.arrow.startswith("--") or step.arrow.startswith("<<--") else "solid"
    if a == b:
        loop = f"M{num(a)},{num(line_y)} h{num(SELF_WIDTH)} v16 H{num(a)}"
        path = f'<path class="link link-{dotted}" d="{loop}"/>'
        tip, before = (a, line_y + 16), (a + SELF_WIDTH, line_y + 16)
        text = text_svg(label, a + SELF_WIDTH + 8 + text_width(label) / 2, text_y)
        right = a + SELF_WIDTH + 8 + text_width(label)
    else:
        path = f'<path class="link link-{dotted}" d="M{num(a)},{num(line_y)} H{num(b)}"/>'
        tip, before = (b, line_y), (a, line_y)
        text = text_svg(label, (a + b) / 2, text_y)
        right = max(a, b, (a + b) / 2 + text_width(label) / 2)
    kind = {">>": "arrow", "x": "cross", ")": "arrow"}.get(step.arrow.lstrip("<-"), "none")
    tail = head_svg("arrow", (a, line_y), (b, line_y)) if step.arrow.startswith("<<") else ""
    return f'<g class="edge">{path}{head_svg(kind, tip, before)}{tail}{text}</g>', right


def note_svg(step: Step, xs: dict[str, float], y: float, height: float) -> tuple[str, float]:
    wide = text_width(step.text) + 20
    a, b = sorted((xs[step.start], xs[step.end]))
    if step.place == "left of":
        left = a - 12 - wide
    elif step.place == "right of":
        left = a + 12
    else:
        wide = max(wide, b - a + 40)
        left = (a + b) / 2 - wide / 2
    top, high = y + 6, height - 12
    return (
        f'<g class="node node-note"><rect x="{num(left)}" y="{num(top)}" width="{num(wide)}" '
        f'height="{num(high)}"/>{text_svg(step.text, left + wide / 2, top + high / 2)}</g>'
    ), left + wide


def frame_svg(
    opened: Step,
    rows: tuple[float, float],
    xs: dict[str, float],
    splits: list[tuple[float, Step]],
    depth: int,
) -> tuple[str, float]:
    """A frame round its `rows` (top, bottom): across every participant, inside the frames
    round it (`depth` of them), as wide as its text needs; its kind in a tab at its top left,
    its text beside it, a dashed line at each split with that split's text."""
    top, bottom = rows
    said = html.escape(" ".join(opened.text).strip())
    tab = ems(opened.place) * 12 + 16
    left = min(xs.values()) - FRAME_MARGIN + 8 * depth
    right = max(xs.values()) + FRAME_MARGIN - 8 * depth
    right = max(right, left + tab + 24 + text_width(opened.text if said else ()))
    kind = html.escape(opened.place)
    parts = [
        f'<rect class="frame" x="{num(left)}" y="{num(top + 4)}" width="{num(right - left)}" '
        f'height="{num(bottom - top - 4)}"/>',
        f'<path class="frame" d="M{num(left)},{num(top + 24)} h{num(tab)} l6,-6 V{num(top + 4)}"/>',
        f'<text class="frame-kind" x="{num(left + 6)}" y="{num(top + 18)}">{kind}</text>',
    ]
    if said:
        parts.append(f'<text x="{num(left + tab + 14)}" y="{num(top + 18)}">[{said}]</text>')
    for at, split in splits:  # `else`, `and`, `option`: a dashed line across, and its text
        parts.append(f'<path class="frame-split" d="M{num(left)},{num(at)} H{num(right)}"/>')
        if text := html.escape(" ".join(split.text).strip()):
            parts.append(
                f'<text x="{num((left + right) / 2)}" y="{num(at + 18)}" '
                f'text-anchor="middle">[{text}]</text>'
            )
    return f'<g class="frame-group">{"".join(parts)}</g>', right
