"""prooftree.py: bussproofs' proof trees as nested fractions, or left as written."""

from __future__ import annotations

import pytest

from notebase.markdown import render_markdown
from notebase.markdown.prooftree import proof_tex, proof_trees

MODUS_PONENS = """\\begin{prooftree}
\\AXC{$\\varphi \\to \\psi$}
\\AXC{$\\varphi$}
\\RightLabel{\\scriptsize MP}
\\BIC{$\\psi$}
\\end{prooftree}"""


def test_an_inference_is_its_premises_over_a_line_over_its_conclusion_its_label_beside() -> None:
    assert proof_trees(MODUS_PONENS) == (
        "{\\dfrac{\\begin{matrix} \\text{$\\varphi \\to \\psi$} \\qquad & \\text{$\\varphi$}"
        " \\end{matrix}}{\\text{$\\psi$}}\\;\\text{MP}}"
    )


def test_the_commands_build_the_tree_as_a_stack_bussproofs_reads_them() -> None:
    body = "\\AxiomC{a} \\AXC{b} \\LL{L} \\BinaryInfC{c} \\AXC{d} \\noLine \\UIC{e} \\BIC{f}"
    c = "{\\text{L}\\;\\dfrac{\\begin{matrix} \\text{a} \\qquad & \\text{b} \\end{matrix}}{\\text{c}}}"
    e = "{{\\displaystyle \\text{d} \\atop \\displaystyle \\text{e}}}"  # \\noLine: no line
    premises = f"\\begin{{matrix}} {c} \\qquad & {e} \\end{{matrix}}"
    assert proof_tex(body) == f"{{\\dfrac{{{premises}}}{{\\text{{f}}}}}}"


def test_always_no_line_holds_for_every_inference_after() -> None:
    tree = proof_tex("\\alwaysNoLine \\AXC{a} \\UIC{b} \\UIC{c}")
    assert tree is not None and tree.count("\\atop") == 2 and "dfrac" not in tree


@pytest.mark.parametrize(
    "body",
    [
        "\\AXC{a} \\BIC{b}",  # a premise missing
        "\\AXC{a} \\AXC{b}",  # two trees left
        "\\AXC{a} \\UIC{b",  # a brace left open
        "text \\AXC{a}",  # text between the commands
        "\\AXC{a} \\UIC{b} \\DisplayProof",  # a command this does not read
        "",
    ],
)
def test_commands_that_build_no_one_tree_leave_it_as_written(body: str) -> None:
    written = f"\\begin{{prooftree}}{body}\\end{{prooftree}}"
    assert proof_trees(written) == written


def test_a_proof_tree_is_drawn_as_mathml_where_it_was_shown_as_tex() -> None:
    # a real garden's inference rules (LesleyLai/digital-garden, whose Quartz renders them with
    # MathJax's bussproofs)
    rendered = render_markdown(f"$$\n{MODUS_PONENS}\n$$\n")
    assert rendered.problems == ()
    html = rendered.html
    assert html.count("<mfrac>") == 1 and html.count("<mtd>") == 2 and "<mtext>MP</mtext>" in html
    assert "prooftree" not in html and "\\AXC" not in html
