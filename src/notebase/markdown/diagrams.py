"""Mermaid diagrams drawn when the site is built, as inline SVG, by the reader of the kind the
diagram's first word names: a flowchart (mermaid.py), a sequence diagram (sequence.py), a state
diagram (state.py), a class diagram (classes.py), an entity relationship diagram (er.py), a mind
map (mindmap.py), a pie chart (pie.py), a Gantt chart (gantt.py), a timeline (timeline.py), a git
graph (gitgraph.py), a user journey (journey.py), a quadrant chart (quadrant.py), an XY chart
(xychart.py) or a sankey diagram (sankey.py); None for another kind, or one its reader does not
read. Each reader reads past what no drawing shows (settings, accessible titles)."""

from __future__ import annotations

import re
from collections.abc import Callable

from notebase.markdown.classes import class_html
from notebase.markdown.er import er_html
from notebase.markdown.gantt import gantt_html
from notebase.markdown.gitgraph import gitgraph_html
from notebase.markdown.journey import journey_html
from notebase.markdown.mermaid import NoteLink, Unread, diagram_lines, mermaid_html
from notebase.markdown.mindmap import mindmap_html
from notebase.markdown.pie import pie_html
from notebase.markdown.quadrant import quadrant_html
from notebase.markdown.sankey import sankey_html
from notebase.markdown.sequence import sequence_html
from notebase.markdown.state import state_html
from notebase.markdown.timeline import timeline_html
from notebase.markdown.xychart import xychart_html

# a diagram's first word, in lower case -> the reader of its kind (a flowchart's: diagram_html's
# own, which links notes)
READERS: dict[str, Callable[[str], str | None]] = {
    "sequencediagram": sequence_html,
    "statediagram": state_html,
    "statediagram-v2": state_html,
    "classdiagram": class_html,
    "classdiagram-v2": class_html,
    "erdiagram": er_html,
    "gitgraph": gitgraph_html,
    "mindmap": mindmap_html,
    "pie": pie_html,
    "gantt": gantt_html,
    "timeline": timeline_html,
    "journey": journey_html,
    "quadrantchart": quadrant_html,
    "xychart": xychart_html,
    "xychart-beta": xychart_html,
    "sankey": sankey_html,
    "sankey-beta": sankey_html,
}
_FIRST_WORD = re.compile(r"[A-Za-z][\w-]*")


def diagram_html(source: str, link: NoteLink | None = None) -> str | None:
    """The diagram drawn (a flowchart's `internal-link` nodes linking notes through `link`)."""
    try:
        lines = diagram_lines(source)
    except Unread:
        return None
    word = _FIRST_WORD.match(lines[0]) if lines else None
    kind = word.group(0).lower() if word else ""
    if kind in ("graph", "flowchart"):
        return mermaid_html(source, link)
    read = READERS.get(kind)
    return read(source) if read else None
