"""Which reader draws a ```mermaid block (markdown/diagrams.py): what no drawing shows read past
first, for every kind alike."""

from __future__ import annotations

import pytest

from notebase.markdown.diagrams import diagram_html

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
