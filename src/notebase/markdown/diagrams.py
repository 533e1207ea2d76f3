"""Mermaid diagrams drawn when the site is built, as inline SVG: a flowchart (mermaid.py), a
sequence diagram (sequence.py), a state diagram (state.py), a class diagram (classes.py), an
entity relationship diagram (er.py), a mind map (mindmap.py), a pie chart (pie.py), a Gantt chart
(gantt.py), a timeline (timeline.py), a git graph (gitgraph.py), a user journey (journey.py), a
quadrant chart (quadrant.py), an XY chart (xychart.py) or a sankey diagram (sankey.py); None for
another kind, or one no reader reads. What no drawing shows (settings, accessible titles) is read past first."""

from __future__ import annotations

from notebase.markdown.classes import class_html
from notebase.markdown.er import er_html
from notebase.markdown.gantt import gantt_html
from notebase.markdown.gitgraph import gitgraph_html
from notebase.markdown.journey import journey_html
from notebase.markdown.mermaid import NoteLink, Unread, mermaid_html, without_unshown
from notebase.markdown.mindmap import mindmap_html
from notebase.markdown.pie import pie_html
from notebase.markdown.quadrant import quadrant_html
from notebase.markdown.sankey import sankey_html
from notebase.markdown.sequence import sequence_html
from notebase.markdown.state import state_html
from notebase.markdown.timeline import timeline_html
from notebase.markdown.xychart import xychart_html


def diagram_html(source: str, link: NoteLink | None = None) -> str | None:
    """The diagram drawn (a flowchart's `internal-link` nodes linking notes through `link`)."""
    try:
        shown = without_unshown(source)
    except Unread:
        return None
    drawn = mermaid_html(shown, link) or sequence_html(shown)
    drawn = drawn or state_html(shown) or class_html(shown) or er_html(shown)
    drawn = drawn or mindmap_html(shown) or pie_html(shown) or gantt_html(shown)
    drawn = drawn or timeline_html(shown) or journey_html(shown) or quadrant_html(shown)
    drawn = drawn or xychart_html(shown) or sankey_html(shown)
    return drawn or gitgraph_html(source)  # (its settings: a directive's)
