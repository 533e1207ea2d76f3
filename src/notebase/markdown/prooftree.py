"""bussproofs' proof trees, as MathJax reads them (`\\begin{prooftree} \\AXC{$A$} \\UIC{$B$}
\\end{prooftree}`), rewritten into the nested fractions latex2mathml converts: each inference its
premises side by side over a line over its conclusion, its labels beside it. Two premises or more
are the cells of a table's one row, which the style sheet sets on the line (a subtree's conclusion
level with a leaf beside it). The commands are read as a stack machine, as bussproofs reads them:
an axiom pushes its text, an inference of n premises pops n and pushes itself, and the tree is
what is left, alone. Anything else in the environment (a command bussproofs has and this does
not, a brace left open, premises missing) leaves the tree as it was written, which the caller
then shows as TeX."""

from __future__ import annotations

import re

from notebase.markdown.texbraces import matching_brace

_TREE = re.compile(r"\\begin\{prooftree\}(.*?)\\end\{prooftree\}", re.S)
_COMMAND = re.compile(r"\\([A-Za-z]+)\s*")
PREMISES = {
    **dict.fromkeys(("AXC", "AxiomC"), 0),
    **dict.fromkeys(("UIC", "UnaryInfC"), 1),
    **dict.fromkeys(("BIC", "BinaryInfC"), 2),
    **dict.fromkeys(("TIC", "TrinaryInfC"), 3),
    "QuaternaryInfC": 4,
    "QuinaryInfC": 5,
}
LABELS = {"RightLabel": "right", "RL": "right", "LeftLabel": "left", "LL": "left"}
# the next inference's line (drawn or not; a double or dashed line is drawn single), and the line
# of every inference after
LINES = {
    "noLine": False,
    **dict.fromkeys(("singleLine", "solidLine", "doubleLine", "dashedLine"), True),
}
DEFAULT_LINES = {"alwaysNoLine": False, "alwaysSingleLine": True, "alwaysSolidLine": True}
# text sizes, which a label is often set in (`\RightLabel{\scriptsize MP}`): left out
_SIZE = re.compile(
    r"\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large)(?![A-Za-z])\s*"
)


def proof_trees(tex: str) -> str:
    """The formula with each proof tree it holds as nested fractions (one it cannot read as it
    was)."""
    if "prooftree" not in tex:
        return tex
    return _TREE.sub(lambda m: proof_tex(m.group(1)) or m.group(0), tex)


def proof_tex(body: str) -> str | None:
    """The tree a prooftree environment's commands build, as TeX; None when they build none."""
    stack: list[str] = []
    labels: dict[str, str] = {}
    always = line = True
    at = skip_blanks(body, 0)
    while 0 <= at < len(body):
        command = _COMMAND.match(body, at)
        name = command.group(1) if command else ""
        if command is None or not (name in PREMISES or name in LABELS or draws(name) is not None):
            return None
        at = command.end()
        if name in PREMISES or name in LABELS:
            end = matching_brace(body, at + 1) if body.startswith("{", at) else -1
            if end < 0:
                return None
            shown, at = as_text(body[at + 1 : end - 1]), end
            if name in LABELS:
                labels[LABELS[name]] = shown
            elif not infer(stack, PREMISES[name], shown, line, labels):
                return None
            elif PREMISES[name]:
                labels, line = {}, always
        else:
            line = draws(name) is True
            always = DEFAULT_LINES.get(name, always)
        at = skip_blanks(body, at)
    return stack[0] if at == len(body) and len(stack) == 1 else None


def draws(name: str) -> bool | None:
    """Whether a line command draws its line (None: `name` is no line command)."""
    return LINES.get(name, DEFAULT_LINES.get(name))


def skip_blanks(body: str, at: int) -> int:
    """Where the next command starts after `at` (its end: none left); -1 when text comes first."""
    while at < len(body) and body[at].isspace():
        at += 1
    return at if at == len(body) or body[at] == "\\" else -1


def infer(stack: list[str], count: int, shown: str, line: bool, labels: dict[str, str]) -> bool:
    """Push an axiom (`count` 0) or an inference from the `count` premises on top of the stack;
    False when there are fewer."""
    if len(stack) < count:
        return False
    if count == 0:
        stack.append(shown)
        return True
    above = stack[len(stack) - count :]
    # side by side in a table's row (which the style sheet sets on the line), a space between
    cells = " \\qquad & ".join(above)
    premises = f"\\begin{{matrix}} {cells} \\end{{matrix}}" if count > 1 else above[0]
    del stack[len(stack) - count :]
    if line:
        node = f"\\dfrac{{{premises}}}{{{shown}}}"
    else:
        node = f"{{\\displaystyle {premises} \\atop \\displaystyle {shown}}}"
    left = f"{labels['left']}\\;" if "left" in labels else ""
    right = f"\\;{labels['right']}" if "right" in labels else ""
    stack.append(f"{{{left}{node}{right}}}")
    return True


def as_text(written: str) -> str:
    """A command's argument, which bussproofs sets as text (its math between `$`s)."""
    return f"\\text{{{_SIZE.sub('', written).strip()}}}"
