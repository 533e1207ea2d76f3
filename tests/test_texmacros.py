"""A vault's TeX macros (preamble.sty): read as LaTeX defines them, expanded in a formula."""

from __future__ import annotations

import pytest

from notebase.markdown import render_markdown
from notebase.markdown.mathml import tex_to_mathml
from notebase.markdown.texmacros import SYNONYMS, Macro, expand, read_macros

# the shapes of Mathematikezettelkasten's preamble.sty (Obsidian's Extended MathJax plugin)
PREAMBLE = r"""
% sets
\newcommand{\bb}{\mathbb}   % blackboard
\newcommand\R{\bb{R}}
\renewcommand{\norm}[1]{\left\lVert #1 \right\rVert}
\newcommand{\set}[2][x]{\{#1 : #2\}}
\def\bvec#1{\mathbf{#1}}
\DeclareMathOperator{\Tr}{Tr}
\DeclareMathOperator*{\argmax}{arg\,max}
"""


def test_each_kind_of_definition_is_read() -> None:
    macros = read_macros(PREAMBLE).table()
    assert macros == {
        "bb": Macro(0, None, "\\mathbb"),
        "R": Macro(0, None, "\\bb{R}"),
        "norm": Macro(1, None, "\\left\\lVert #1 \\right\\rVert"),
        "set": Macro(2, "x", "\\{#1 : #2\\}"),
        "bvec": Macro(1, None, "\\mathbf{#1}"),
        "Tr": Macro(0, None, "\\operatorname{Tr}"),
        "argmax": Macro(0, None, "\\operatorname*{arg\\,max}"),
    }
    assert read_macros(PREAMBLE).digest and read_macros("% nothing\n").digest == ""


@pytest.mark.parametrize(
    ("tex", "expanded"),
    [
        ("\\R^n", "\\mathbb{R}^n"),  # a macro made of macros
        ("\\norm{x + y}", "\\left\\lVert x + y \\right\\rVert"),
        ("\\norm x", "\\left\\lVert x \\right\\rVert"),  # an argument without braces
        ("\\set{y}", "\\{x : y\\}"),  # the optional argument's default
        ("\\set[z]{z > 0}", "\\{z : z > 0\\}"),
        ("\\bvec{v} \\Tr A", "\\mathbf{v} \\operatorname{Tr} A"),
        ("\\Rnot \\\\R", "\\Rnot \\\\R"),  # another command, and a line break before R
    ],
)
def test_a_formula_is_expanded(tex: str, expanded: str) -> None:
    assert expand(tex, read_macros(PREAMBLE).table()) == expanded


def test_a_macro_without_end_leaves_the_formula_as_written() -> None:
    runaway = read_macros(r"\def\a{\a\a}").table()
    assert expand("x + \\a", runaway) == "x + \\a"


def test_a_note_s_formulas_use_the_macros() -> None:
    macros = read_macros(PREAMBLE)
    rendered = render_markdown("Let $\\R^n$ and $\\norm{v}$.\n", macros=macros)
    assert rendered.problems == () and "&#x0211D;" in rendered.html
    assert render_markdown("Let $\\norm{v}$.\n").problems[0][0] == "math-failed"


def test_macros_a_formula_defines_serve_it_and_the_formulas_after_it() -> None:
    rendered = render_markdown(
        "Before: $\\RR$.\n\n$$\n\\newcommand{\\RR}{\\mathbb{R}}\n\\DeclareMathOperator{\\rank}{rank}\n"
        "f : \\RR \\to \\RR\n$$\nLater: $x \\in \\RR$ and $\\rank A$.\n"
    )
    first, block, later = rendered.html.split("\n", 2)
    assert "&#x0211D;" not in first  # defined further down the page: not yet
    assert block.count("&#x0211D;") == 2 and "newcommand" not in block
    assert "&#x0211D;" in later and "<mo>rank</mo>" in later
    assert [code for code, _, _ in rendered.problems] == ["math-failed"]  # the first $\RR$ alone


@pytest.mark.parametrize("name", sorted(SYNONYMS))
def test_katex_s_other_names_of_symbols_are_ones_latex2mathml_lacks(name: str) -> None:
    """Each is spelled out only because latex2mathml does not know it, into what it knows."""
    arguments = "{0}{x}" * SYNONYMS[name].args
    assert tex_to_mathml(f"\\{name}{arguments}", False) is None
    assert tex_to_mathml(expand(f"\\{name}{arguments}", SYNONYMS), False) is not None


def test_mathjax_s_cancelto_strikes_its_expression_out_with_its_value() -> None:
    """NuclearGandhi/technion_second_brain's derivations write `\\cancelto{0}{…}` (35 formulas,
    each a math-failed warning shown as TeX): the expression struck out, its value beside."""
    rendered = render_markdown("$a-\\cancelto{ (5) }{ \\dfrac{ \\partial u }{ \\partial x } }$\n")
    assert rendered.problems == ()
    assert '<msup><mrow><menclose notation="updiagonalstrike">' in rendered.html
    assert "<mn>5</mn>" in rendered.html


def test_mathjax_s_centernot_and_newline_convert_as_its_not_and_line_break() -> None:
    """`$\\centernot\\implies$` and an inline `\\newline`, as Obsidian's MathJax renders them."""
    rendered = render_markdown("$A \\centernot\\implies B$ and $0=0x00 \\newline, -1=0xFF$\n")
    assert rendered.problems == ()
    assert "&#x029F8;" in rendered.html and '<mspace linebreak="newline" />' in rendered.html


def test_mathjax_s_gensymb_units_convert_as_its_package_draws_them() -> None:
    """`$5 \\micro s$`, `$\\rm{150 \\micro W}$` and `$(X' \\ohm X)$`, as a real MkDocs site of notes
    (AhmedThahir/AhmedThahir.github.io) writes them, were math-failed warnings shown as TeX; MathJax
    loads its gensymb package when they are used: µ, Ω, °C and ‰, upright."""
    text = "$5 \\micro s$, $\\rm{150 \\micro W}$, $(X' \\ohm X)$, $30\\celsius$, $5\\perthousand$\n"
    rendered = render_markdown(text)
    assert rendered.problems == ()
    assert rendered.html.count("\u00b5") == 2 and "\u2126" in rendered.html  # µ, Ω
    assert "\u2103" in rendered.html and "\u2030" in rendered.html  # ℃, ‰


def test_a_formula_of_katex_s_names_converts_and_a_vault_s_own_macro_wins() -> None:
    rendered = render_markdown("$x \\isin \\R^n$, $\\Beta(a, b)$ and $a \\hdots b$\n")
    assert (
        rendered.problems == ()
        and "&#x0211D;" in rendered.html
        and "<mo>&#x02208;" in rendered.html
    )
    own = render_markdown("$\\R$\n", macros=read_macros("\\newcommand{\\R}{\\mathcal{R}}"))
    assert "&#x0211D;" not in own.html and own.problems == ()
