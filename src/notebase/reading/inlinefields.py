"""Dataview's inline fields of a note's text (pure): `Rating:: 4` on a line of its own or a list
item's, `[rating:: 4]` or `(rating:: 4)` in a sentence, outside code. What a note's properties
hold besides its front matter (parse.properties_json), and what a list item holds (a Dataview
query's `file.lists`, linking/bases.py)."""

from __future__ import annotations

import re
from typing import Any

from notebase.markdown.text import fence_after

# Dataview's inline fields: `Rating:: 4` on a line (a list item's) of its own, `[rating:: 4]` or
# `(rating:: 4)` in a sentence
_INLINE_FIELD = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?([^\s:*\[\]()`][^:\n\[\]()`]*?)(?:\*\*)?::[ \t]*(.*?)[ \t]*$",
    re.M,
)
_BRACKETED_FIELD = re.compile(r"[\[(]([^\[\]():\n`]+?)::[ \t]*([^\[\]()\n]*?)[ \t]*[\])]")


def inline_fields(body: str) -> dict[str, Any]:
    """Dataview's inline fields of a note's text outside its code blocks, each under its key as
    written and as Dataview also spells it (lower case, spaces as -); a value a number, true or
    false, else its text; a key given twice, a list of its values."""
    if "::" not in body:
        return {}
    prose, fence = [], ""
    for line in body.splitlines():
        after = fence_after(line, fence)
        prose.append("" if fence or after else line)
        fence = after
    text = "\n".join(prose)
    found: dict[str, Any] = {}
    for m in (*_INLINE_FIELD.finditer(text), *_BRACKETED_FIELD.finditer(text)):
        key, value = m.group(1).strip(), inline_value(m.group(2))
        for name in dict.fromkeys((key, "-".join(key.lower().split()))):
            held = found.get(name)
            found[name] = (
                value if held is None else [*(held if isinstance(held, list) else [held]), value]
            )
    return found


def inline_value(text: str) -> Any:
    if re.fullmatch(r"-?\d{1,18}", text):
        return int(text)
    if re.fullmatch(r"-?\d+\.\d+", text):
        return float(text)
    return {"true": True, "false": False}.get(text.lower(), text)
