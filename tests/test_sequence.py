"""Mermaid sequence diagrams drawn at build time: read as Mermaid reads them (its own docs'
examples), the participants apart by what is written between them, frames round their rows."""

from __future__ import annotations

import pytest

from notebase.markdown.diagrams import diagram_html
from notebase.markdown.sequence import columns, read_sequence, sequence_html, text_width
from tests.conftest import mermaid_blocks

DIAGRAMS = mermaid_blocks("sequences")


def test_the_docs_sequence_diagrams_are_all_read() -> None:
    assert len(DIAGRAMS) == 13
    assert all(sequence_html(source) for source in DIAGRAMS)
    assert all(diagram_html(source) == sequence_html(source) for source in DIAGRAMS)


def test_participants_their_names_and_order() -> None:
    named = read_sequence(DIAGRAMS[1]).names
    assert named == {"A": ("Alice",), "J": ("John",)}
    created = read_sequence(DIAGRAMS[2]).names  # by first message, `create`, `as`
    assert created == {
        "Alice": ("Alice",),
        "Bob": ("Bob",),
        "Carl": ("Carl",),
        "D": ("Donald",),
    }
    boxed = read_sequence(DIAGRAMS[3])  # `box` groups read past, not drawn as a frame
    assert list(boxed.names) == ["A", "J", "B", "C"]
    assert [step.kind for step in boxed.steps] == ["message"] * 4


def test_messages_notes_and_frames() -> None:
    first = read_sequence(DIAGRAMS[0]).steps
    assert [(s.start, s.end, s.arrow, s.text) for s in first] == [
        ("Alice", "John", "->>", ("Hello John, how are you?",)),
        ("John", "Alice", "-->>", ("Great!",)),
        ("Alice", "John", "-)", ("See you later!",)),
    ]
    noted = read_sequence(DIAGRAMS[5]).steps
    assert [(s.kind, s.place, s.start, s.end, s.text) for s in noted[1:]] == [
        ("note", "over", "Alice", "John", ("A typical interaction", "But now in two lines")),
        ("note", "right of", "John", "John", ("Text in note",)),
    ]
    framed = read_sequence(DIAGRAMS[6]).steps
    assert [(s.kind, s.place, s.text) for s in framed if s.kind != "message"] == [
        ("start", "alt", ("is sick",)),
        ("split", "else", ("is well",)),
        ("end", "", ()),
        ("start", "opt", ("Extra response",)),
        ("end", "", ()),
    ]
    nested = [s.kind for s in read_sequence(DIAGRAMS[7]).steps]
    assert nested.count("start") == nested.count("end") == 2
    assert read_sequence(DIAGRAMS[11]).steps[1].text == ("I ♥ you ∞ times more!",)
    assert read_sequence(DIAGRAMS[12]).numbered


def test_participants_are_apart_by_the_text_between_them() -> None:
    diagram = read_sequence("sequenceDiagram\n  A->>B: hi\n  B->>C: " + "a long message " * 6)
    xs = columns(diagram)
    assert xs["B"] - xs["A"] < xs["C"] - xs["B"]
    assert xs["C"] - xs["B"] >= text_width(diagram.steps[1].text)


@pytest.mark.parametrize(
    "source",
    [
        "sequenceDiagram\n  loop forever\n  A->>B: hi",  # a frame never ended
        "sequenceDiagram\n  A->>B hi",  # a message without its `:`
        "graph LR\n  A --> B",  # a flowchart: mermaid.py's
        "sequenceDiagram",  # nobody
    ],
)
def test_what_it_does_not_read_stays_its_code(source: str) -> None:
    assert sequence_html(source) is None


def test_text_is_escaped_and_markup_in_it_left_out() -> None:
    drawn = sequence_html('sequenceDiagram\n  A->>B: <img src=x onerror="1"> & "so"') or ""
    assert "<img" not in drawn and "onerror" not in drawn
    assert ">&amp; &quot;so&quot;</tspan>" in drawn
