"""Mermaid diagrams drawn when the site is built: a flowchart (mermaid.py) or a sequence diagram
(sequence.py), as inline SVG; None for another kind, or one neither reader reads."""

from __future__ import annotations

from notebase.markdown.mermaid import mermaid_html
from notebase.markdown.sequence import sequence_html


def diagram_html(source: str) -> str | None:
    return mermaid_html(source) or sequence_html(source)
