"""Which reader draws a ```mermaid block (markdown/diagrams.py): what no drawing shows read past
first, for every kind alike."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from notebase.markdown.diagrams import diagram_html
from tests.conftest import mermaid_blocks

# a diagram of each kind a reader draws, as its first line and its body
KINDS = {
    "flowchart": ("flowchart TD", "  A --> B"),
    "sequence": ("sequenceDiagram", "  A->>B: hi"),
    "state": ("stateDiagram-v2", "  [*] --> Idle"),
    "class": ("classDiagram", "  Animal <|-- Duck"),
    "er": ("erDiagram", "  NOTE ||--o{ TAG : has"),
    "mindmap": ("mindmap", "  root\n    branch"),
    "pie": ("pie", '  "Read" : 3'),
    "gantt": ("gantt", "  Read : 2024-01-01, 3d"),
    "timeline": ("timeline", "  2024 : Read"),
    "gitGraph": ("gitGraph", "  commit"),
    "journey": ("journey", "  Read a paper: 5: Me"),
    "quadrant": ("quadrantChart", "  Paper A: [0.3, 0.6]"),
    "xychart": ("xychart-beta", "  bar [3, 5, 2]"),
    "sankey": ("sankey-beta", "  Papers,Notes,8"),
}
UNSHOWN = (
    "%%{init: {\n  'theme': 'forest'\n} }%%\n{header}\n  accTitle: Reading\n"
    "  accDescr {\n    What was read,\n    over two lines\n  }\n  accDescr: In short\n{body}\n"
)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_settings_and_accessible_titles_are_read_past_in_every_kind(kind: str) -> None:
    header, body = KINDS[kind]
    plain = diagram_html(f"{header}\n{body}\n")
    assert plain is not None
    assert diagram_html(UNSHOWN.replace("{header}", header).replace("{body}", body)) == plain


def test_a_description_never_closed_leaves_the_diagram_its_code() -> None:
    assert diagram_html("flowchart TD\n  accDescr {\n  A --> B\n") is None


# what a mutation does to a line of a diagram: its numbers made extreme, a character dropped, a
# mark added
EXTREMES = ("0", "-1", "1e308", "99999999999999999999", "nan", "", "9999-99-99", "2024-02-30")
MARKS = (",", ":", "]", "[", '"', "{", "}", "-->", " after x", " until y", "%%")


def mutated(source: str, rng: random.Random) -> str:
    lines = source.split("\n")
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        choice = rng.randrange(5)
        if choice == 0:
            lines[i] = re.sub(r"-?\d+(\.\d+)?", lambda _: rng.choice(EXTREMES), lines[i])
        elif choice == 1 and lines[i]:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + lines[i][j + 1 :]
        elif choice == 2:
            lines[i] += rng.choice(MARKS)
        elif choice == 3:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif len(lines) > 1:
            del lines[i]
    return "\n".join(lines)


def test_mutated_diagrams_are_drawn_or_left_their_code_never_raise() -> None:
    """A diagram a note gets wrong is drawn or stays its code: no reader raises (a build would
    stop with a traceback). The docs' examples of every kind, each mutated as above."""
    fixtures = sorted((Path(__file__).parent / "fixtures" / "mermaid").glob("*.md"))
    sources = [block for path in fixtures for block in mermaid_blocks(path.stem)]
    assert len(sources) > 100
    rng = random.Random(20261129)
    drawn = sum(diagram_html(mutated(rng.choice(sources), rng)) is not None for _ in range(1500))
    assert 0 < drawn < 1500  # (some mutations break a diagram, some leave it one)
