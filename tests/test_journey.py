"""Mermaid user journeys drawn at build time: read as Mermaid's docs write them (sections taking
the tasks after them, each task's score and actors), the tasks left to right in the order
written, each's score a face higher for a higher score, its actors dots of their colours, and a
journey this reader does not read left as its code."""

from __future__ import annotations

import itertools
import re

import pytest

from notebase.markdown.journey import journey_html, read_journey
from tests.conftest import mermaid_blocks

CHARTS = mermaid_blocks("journeys")
WORKING_DAY = CHARTS[0]

_TASK = re.compile(
    r'<g class="journey-task( journey-section-\d+)?"><rect x="([\d.]+)" y="([\d.]+)" '
    r'width="([\d.]+)" height="([\d.]+)" rx="4"/><text[^>]*>(.*?)</text>(.*?)</g>'
)
_SECTION = re.compile(
    r'<g class="journey-section journey-section-(\d+)"><rect x="([\d.]+)" y="[\d.]+" '
    r'width="([\d.]+)" height="[\d.]+" rx="4"/><text[^>]*>(.*?)</text></g>'
)
_FACE = re.compile(
    r'<g class="journey-face journey-face-(\w+)"><circle cx="([\d.]+)" cy="([\d.]+)"'
)


def spans(text: str) -> str:
    return " ".join(re.findall(r"<tspan[^>]*>([^<]*)</tspan>", text))


def tasks(drawn: str) -> list[tuple[str, float, float, str, list[str]]]:
    """Each task's box as drawn: its name, left, width, section class, its dots' actor classes."""
    return [
        (spans(text), float(x), float(w), section.strip(), re.findall(r"journey-actor-(\d)", dots))
        for section, x, _, w, _, text, dots in _TASK.findall(drawn)
    ]


def faces(drawn: str) -> list[tuple[str, float, float]]:
    """Each face as drawn: its mood, its centre."""
    return [(mood, float(x), float(y)) for mood, x, y in _FACE.findall(drawn)]


def test_the_example_of_mermaids_docs_is_drawn() -> None:
    assert len(CHARTS) == 1
    drawn = journey_html(WORKING_DAY)
    assert drawn is not None and drawn.startswith('<figure class="mermaid"><svg')
    assert '<text class="journey-title"' in drawn and ">My working day</text>" in drawn


def test_sections_take_the_tasks_after_them_with_their_scores_and_actors() -> None:
    chart = read_journey(WORKING_DAY)
    assert chart.title == "My working day"
    assert chart.sections == [("Go to work",), ("Go home",)]
    assert [(t.lines, t.score, t.actors, t.section) for t in chart.tasks] == [
        (("Make tea",), 5, ("Me",), 0),
        (("Go upstairs",), 3, ("Me",), 0),
        (("Do work",), 1, ("Me", "Cat"), 0),
        (("Go downstairs",), 5, ("Me",), 1),
        (("Sit down",), 5, ("Me",), 1),
    ]


def test_tasks_left_to_right_under_their_sections_headers() -> None:
    drawn = journey_html(WORKING_DAY) or ""
    boxes = tasks(drawn)
    assert [b[0] for b in boxes] == [
        "Make tea",
        "Go upstairs",
        "Do work",
        "Go downstairs",
        "Sit down",
    ]
    assert all(a[1] + a[2] < b[1] for a, b in itertools.pairwise(boxes))  # apart, in order
    assert [b[3] for b in boxes] == ["journey-section-0"] * 3 + ["journey-section-1"] * 2
    headers = _SECTION.findall(drawn)
    assert [(int(n), spans(text)) for n, _, _, text in headers] == [
        (0, "Go to work"),
        (1, "Go home"),
    ]
    (_, work_x, work_w, _), (_, home_x, home_w, _) = headers
    assert float(work_x) == boxes[0][1]  # over its first task to its last
    assert float(work_x) + float(work_w) == pytest.approx(boxes[2][1] + boxes[2][2], abs=0.2)
    assert float(home_x) == boxes[3][1]
    assert float(home_x) + float(home_w) == pytest.approx(boxes[4][1] + boxes[4][2], abs=0.2)


def test_each_score_is_a_face_higher_for_a_better_score() -> None:
    drawn = journey_html(WORKING_DAY) or ""
    drawn_faces = faces(drawn)
    # 5, 3, 1, 5, 5: smiling, flat, frowning, smiling, smiling
    assert [mood for mood, _, _ in drawn_faces] == ["happy", "flat", "sad", "happy", "happy"]
    tea, upstairs, work, downstairs, sit = (y for _, _, y in drawn_faces)
    assert tea < upstairs < work  # (SVG's y grows downwards)
    assert tea == downstairs == sit
    for (_, x, w, _, _), (_, face_x, _) in zip(tasks(drawn), drawn_faces, strict=True):
        assert face_x == pytest.approx(x + w / 2, abs=0.2)  # under its task
    task_bottom = max(float(y) + float(h) for _, _, y, _, h, _, _ in _TASK.findall(drawn))
    assert task_bottom < tea  # the scale is below the tasks
    moods = journey_html("journey\n" + "".join(f"  t{s}: {s}\n" for s in range(6))) or ""
    assert [mood for mood, _, _ in faces(moods)] == ["sad", "sad", "sad", "flat", "happy", "happy"]
    ys = [y for _, _, y in faces(moods)]
    assert ys == sorted(ys, reverse=True) and len(set(ys)) == 6  # 0 below 1, a step each


def test_the_scale_has_each_score_best_at_the_top_and_0_when_written() -> None:
    def scale(drawn: str) -> list[tuple[str, float]]:
        found = re.findall(r'<text class="journey-score" x="[\d.]+" y="([\d.]+)"[^>]*>(\d)<', drawn)
        return [(score, float(y)) for y, score in found]

    working = scale(journey_html(WORKING_DAY) or "")
    assert [score for score, _ in working] == ["5", "4", "3", "2", "1"]
    assert [y for _, y in working] == sorted(y for _, y in working)
    heights = {score: y for score, y in working}
    drawn_faces = faces(journey_html(WORKING_DAY) or "")
    assert [y for *_, y in drawn_faces] == [heights[s] for s in "53155"]  # each on its score
    zero = scale(journey_html("journey\n  Lost: 0\n  Found: 4\n") or "")
    assert [score for score, _ in zero] == ["5", "4", "3", "2", "1", "0"]


def test_actors_are_dots_of_their_colours_with_a_legend() -> None:
    drawn = journey_html(WORKING_DAY) or ""
    assert [dots for *_, dots in tasks(drawn)] == [["0"], ["0"], ["0", "1"], ["0"], ["0"]]
    legend = re.findall(
        r'<g class="journey-legend"><circle class="journey-actor journey-actor-(\d)"[^>]*/>'
        r"<text[^>]*>([^<]*)</text></g>",
        drawn,
    )
    assert legend == [("0", "Me"), ("1", "Cat")]
    assert "<title>Cat</title>" in drawn
    lone = journey_html("journey\n  Nap: 4\n") or ""
    assert [(b[0], b[4]) for b in tasks(lone)] == [("Nap", [])]
    assert "journey-legend" not in lone


def test_an_actor_named_twice_is_one_dot_and_blank_names_none() -> None:
    chart = read_journey("journey\n  Eat: 4: Me, , Me ,Cat,\n")
    assert chart.tasks[0].actors == ("Me", "Cat")


def test_the_label_says_the_title_and_each_tasks_score() -> None:
    drawn = journey_html(WORKING_DAY) or ""
    assert (
        'aria-label="User journey: My working day; Make tea 5, Go upstairs 3, Do work 1, '
        'Go downstairs 5, Sit down 5"' in drawn
    )
    assert 'aria-label="User journey: Nap 4"' in (journey_html("journey\n  Nap: 4\n") or "")


def test_tasks_before_any_section_have_no_header_and_colours_come_round_again() -> None:
    drawn = journey_html("journey\n  Wake: 2\n  section Day\n  Work: 3\n") or ""
    assert [(b[0], b[3]) for b in tasks(drawn)] == [("Wake", ""), ("Work", "journey-section-0")]
    assert [spans(text) for *_, text in _SECTION.findall(drawn)] == ["Day"]
    many = "journey\n" + "".join(f"  section S{i}\n  T{i}: 3\n" for i in range(10))
    assert [int(n) for n, *_ in _SECTION.findall(journey_html(many) or "")] == [
        0, 1, 2, 3, 4, 5, 6, 7, 0, 1,
    ]  # fmt: skip


def test_comments_settings_and_descriptions_are_read_past() -> None:
    plain = "journey\n  title Day\n  section Morning\n  Tea: 5: Me\n  Work: 2\n"
    busy = (
        "---\nconfig:\n  theme: forest\n---\n%%{init: {'theme': 'forest'}}%%\njourney\n"
        "  %% a comment\n  title Day\n  accTitle: My day\n  accDescr {\n    How it went\n  }\n"
        "  section Morning\n  Tea: 5: Me %% a comment after\n  accDescr: one line\n  Work: 2\n"
    )
    assert journey_html(busy) == journey_html(plain)


def test_text_is_escaped() -> None:
    drawn = journey_html('journey\n  title Fish & "chips"\n  A < B & C: 3: R&D\n') or ""
    assert "Fish &amp; &quot;chips&quot;" in drawn and "A &lt; B &amp; C" in drawn
    assert "<title>R&amp;D</title>" in drawn and "A < B" not in drawn


@pytest.mark.parametrize(
    "source",
    [
        "journey\n  Tea: 6: Me\n",  # a score above 5
        "journey\n  Tea: -1: Me\n",
        "journey\n  Tea: 2.5: Me\n",  # no whole number
        "journey\n  Tea: good: Me\n",
        "journey\n  Tea: : Me\n",
        "journey\n  Tea\n",  # no score
        "journey\n  Tea: 3: Me: more\n",
        "journey\n  title Nothing\n",  # no task
        "journey\n  Tea: 3\n  flowchart TD\n",  # a line not read
        "journey LR\n  Tea: 3\n",
        "timeline\n  Tea: 3\n",
        "",
        "journey\n" + "".join(f"  T{i}: 3\n" for i in range(201)),  # too many tasks
    ],
)
def test_a_journey_not_read_is_left_as_its_code(source: str) -> None:
    assert journey_html(source) is None


def test_two_hundred_tasks_are_drawn() -> None:
    assert journey_html("journey\n" + "".join(f"  T{i}: 3\n" for i in range(200))) is not None
