"""Mermaid state diagrams drawn at build time as the flowcharts they are: read as Mermaid's docs
write them (states, transitions, starts and ends, composite states as frames, choices, forks)."""

from __future__ import annotations

import re

import pytest

from notebase.markdown.diagrams import diagram_html
from notebase.markdown.mermaid import laid_out
from notebase.markdown.state import read_states, state_html
from tests.conftest import mermaid_blocks

DIAGRAMS = mermaid_blocks("states")


def test_the_docs_state_diagrams_are_all_drawn() -> None:
    assert len(DIAGRAMS) == 10
    assert all(state_html(source) for source in DIAGRAMS)
    assert all(diagram_html(source) == state_html(source) for source in DIAGRAMS)


def test_states_transitions_starts_and_ends() -> None:
    chart = read_states(DIAGRAMS[0])
    assert {n.id: n.shape for n in chart.nodes.values()} == {
        "[*]start": "start",
        "Still": "round",
        "[*]end": "end",
        "Moving": "round",
        "Crash": "round",
    }
    assert [(link.start, link.end) for link in chart.links][:2] == [
        ("[*]start", "Still"),
        ("Still", "[*]end"),
    ]
    described = read_states(DIAGRAMS[1])
    assert described.nodes["s2"].lines == ("This is a state description",)
    assert described.nodes["s3"].lines == ("This is a state description",)
    assert described.links[0].text == ("A transition",)


def test_composite_states_are_frames_their_transitions_to_their_start_and_from_their_end() -> None:
    chart = read_states(DIAGRAMS[3])  # First --> Second, First --> Third; each composite
    assert sorted(chart.groups) == ["First", "Second", "Third"]
    assert "First" not in chart.nodes  # its frame stands for it
    assert ("[*]endFirst", "[*]startSecond") in [(link.start, link.end) for link in chart.links]
    nested = read_states(DIAGRAMS[2])
    assert {g: (nested.groups[g].depth, len(nested.groups[g].members)) for g in nested.groups} == {
        "First": (0, 6),  # its start, Second and all in it
        "Second": (1, 5),
        "Third": (2, 3),
    }
    html = state_html(DIAGRAMS[2]) or ""
    assert html.count('<g class="subgraph">') == 3


def test_choices_forks_notes_and_concurrent_regions() -> None:
    choice = read_states(DIAGRAMS[4])
    assert choice.nodes["if_state"].shape == "diamond"
    assert [link.text for link in choice.links if link.start == "if_state"] == [
        ("if n < 0",),
        ("if n >= 0",),
    ]
    fork = read_states(DIAGRAMS[5])
    assert (fork.nodes["fork_state"].shape, fork.nodes["join_state"].shape) == ("bar", "bar")
    noted = read_states(DIAGRAMS[6])  # notes, of one line and of several, read past
    assert list(noted.nodes) == ["State1", "State2"]
    active = read_states(DIAGRAMS[7])  # `--` between regions read past
    assert "--" not in active.nodes and len(active.groups["Active"].members) == 5


def test_direction_and_comments() -> None:
    across = read_states(DIAGRAMS[8])
    assert across.direction == "LR"
    _, boxes = laid_out(across)
    assert boxes["A"].x < boxes["B"].x  # left to right
    commented = read_states(DIAGRAMS[9])  # `%%` lines and a comment after a transition
    assert [(link.start, link.end) for link in commented.links][3] == ("Moving", "Still")


def test_a_transition_to_its_own_state_has_its_text_beside_it() -> None:
    """`Idle --> Idle : tick`: a loop round the state's right side, its text right of it (the loop
    18px out), beside the state's middle, clear of the other states and in the drawing."""
    html = (
        state_html("stateDiagram-v2\n  [*] --> Idle\n  Idle --> Idle : tick\n  Idle --> Busy") or ""
    )
    assert ">tick</tspan>" in html
    number = r"([\d.]+)"
    shape = rf'<rect x="{number}" y="{number}" width="{number}" height="{number}" rx="10"/>'
    idle, busy = [tuple(map(float, found)) for found in re.findall(shape, html)]
    found = re.search(
        rf'<rect class="label" x="{number}" y="{number}" width="{number}" height="{number}"', html
    )
    assert found is not None
    left, top, wide, high = map(float, found.groups())
    assert left > idle[0] + idle[2] + 18
    assert abs(top + high / 2 - (idle[1] + idle[3] / 2)) < 0.2
    right, bottom = left + wide, top + high
    assert (
        bottom <= busy[1]
        or top >= busy[1] + busy[3]
        or right <= busy[0]
        or left >= busy[0] + busy[2]
    )
    width = float(re.findall(r'viewBox="0 0 ([\d.]+)', html)[0])
    assert right <= width


@pytest.mark.parametrize(
    "source",
    [
        "stateDiagram-v2\n  state A {\n  B --> C",  # never closed
        "stateDiagram-v2\n  A -> B",  # no transition of Mermaid's
        "stateDiagram-v2",
        "graph TD\n A --> B",
    ],
)
def test_what_it_does_not_read_stays_its_code(source: str) -> None:
    assert state_html(source) is None
