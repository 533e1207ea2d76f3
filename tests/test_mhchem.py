from __future__ import annotations

import pytest

from notebase.markdown import render_markdown
from notebase.markdown.mathml import tex_to_mathml
from notebase.markdown.mhchem import with_mhchem


@pytest.mark.parametrize(
    ("tex", "read"),
    [
        (r"\ce{H2O}", r"{\text{H}_{2}\text{O}}"),
        (r"\ce{SO4^2-}", r"{\text{S}\text{O}_{4}^{2-}}"),
        (r"\ce{NH4+}", r"{\text{N}\text{H}_{4}^{+}}"),
        (r"\ce{Fe^{3+}}", r"{\text{Fe}^{3+}}"),
        (r"\ce{N_2}", r"{\text{N}_{2}}"),
        (
            r"\ce{2H2 + O2 -> 2H2O}",
            r"{2\,\text{H}_{2} + \text{O}_{2} \rightarrow 2\,\text{H}_{2}\text{O}}",
        ),
        (r"\ce{A <=> B}", r"{\text{A} \rightleftharpoons \text{B}}"),
        (
            r"\ce{CaCO3 ->[\Delta] CaO}",
            r"{\text{Ca}\text{C}\text{O}_{3} \xrightarrow{\Delta} \text{Ca}\text{O}}",
        ),
        (r"\ce{A <=>[k_1][k_2] B}", r"{\text{A} \xrightleftharpoons[k_2]{k_1} \text{B}}"),
        (r"\ce{CuSO4*5H2O}", r"{\text{Cu}\text{S}\text{O}_{4}\cdot 5\text{H}_{2}\text{O}}"),
        (
            r"\ce{C ->[ high temp] CO2}",
            r"{\text{C} \xrightarrow{\text{high}\ \text{temp}} \text{C}\text{O}_{2}}",
        ),
        (r"\ce{2 H2O + light}", r"{2\ \text{H}_{2}\text{O} + \text{light}}"),
        (r"\ce{CH2=CH2}", r"{\text{C}\text{H}_{2}{=}\text{C}\text{H}_{2}}"),
        (r"\ce{^{14}_{6}C -> \gamma}", r"{{}^{14}_{6}\text{C} \rightarrow \gamma}"),
        (r"\ce{Li-Fe-O}", r"{\text{Li}\text{-}\text{Fe}\text{-}\text{O}}"),
        (r"\ce{H2O(l)}", r"{\text{H}_{2}\text{O}{(\text{l})}}"),
        (r"\ce{PuO2} + x", r"{\text{Pu}\text{O}_{2}} + x"),
        (r"\pu{1.2e3 J mol-1}", r"{1.2\times 10^{3}\ \text{J}\,\text{mol}^{-1}}"),
        # as a real vault of engineering notes writes units (NuclearGandhi/technion_second_brain:
        # 1,518 formulas shown as TeX, most for such a \pu): powers in braces, units joined by
        # `.` after a power, symbols as TeX commands, a unit over a number
        (r"\pu{15m.s^{-1}}", r"{15\ \text{m}\,\text{s}^{-1}}"),
        (r"\pu{50W.m^{-2}.K^{-1}}", r"{50\ \text{W}\,\text{m}^{-2}\,\text{K}^{-1}}"),
        (r"\pu {1.979 s^{-1}}", r"{1.979\ \text{s}^{-1}}"),
        (r"\pu{10k\Omega}", r"{10\ \text{kΩ}}"),
        (r"\pu{5 \mu m}", r"{5\ \text{µm}}"),
        (r"\pu{500^{\circ}C}", r"{500\ \text{°C}}"),
        (r"\pu{m \cdot K}", r"{\text{m}\,\text{K}}"),
        (r"\pu{1/Pa}", r"{1\ /\text{Pa}}"),
        (r"\pu{m{2}}", None),
        (r"\pu{e-3m}", r"{10^{-3}\ \text{m}}"),
        (r"\pu{9.79 \pm 0.01}", r"{9.79 \pm 0.01\ }"),
        (r"\pu{ 6.626\times 10^{-34}J*s }", r"{6.626\times 10^{-34}\ \text{J}\,\text{s}}"),
        (r"\pu{[N.mm^{-1}]}", r"{[\text{N}\,\text{mm}^{-1}]}"),
        (r"\pu{250m.\min^{-1}}", r"{250\ \text{m}\,\text{min}^{-1}}"),
        (r"\pu{\Omega.m}", r"{\text{Ω}\,\text{m}}"),
        (r"\pu{eV}", r"{\text{eV}}"),
        # a charge before a state, and a plus written against the species after it
        (r"\ce{OH-(aq)}", r"{\text{O}\text{H}^{-}{(\text{aq})}}"),
        (r"\ce{H+(aq)}", r"{\text{H}^{+}{(\text{aq})}}"),
        (
            r"\ce{2SO2(g) +O2(g)}",
            r"{2\,\text{S}\text{O}_{2}{(\text{g})} + \text{O}_{2}{(\text{g})}}",
        ),
        # its elements braced before their counts, as an editor's subscript snippet writes them
        (r"\ce{ {H}_{2}O }", r"{\text{H}_{2}\text{O}}"),
        (r"\ce{ N{H}_{4}+ }", r"{\text{N}\text{H}_{4}^{+}}"),
        (r"\ce{ {C}_{6}H_{12}{O}_{6} }", r"{\text{C}_{6}\text{H}_{12}\text{O}_{6}}"),
        (r"\cdot \centerdot", r"\cdot \centerdot"),  # no mhchem: as it is
        (r"\ce{A ⇄ B}", None),  # beyond the common forms: not read
        (r"\ce{H2O", None),
    ],
)
def test_mhchem_s_common_forms_are_read_as_tex(tex: str, read: str | None) -> None:
    assert with_mhchem(tex) == read


def test_chemistry_is_drawn_and_what_is_not_read_names_mhchem() -> None:
    """`$\\ce{H2O}$` is MathML (H with a subscript 2, then O, upright), where it was a math-failed
    warning; a form it does not read is one still, naming mhchem."""
    rendered = render_markdown("Water $\\ce{H2O}$, $\\ce{A ⇄ B}$.\n")
    assert "<msub><mtext>H</mtext><mrow><mn>2</mn></mrow></msub><mtext>O</mtext>" in rendered.html
    assert '<code class="math-tex" title="formula shown as TeX">\\ce{A ⇄ B}</code>' in rendered.html
    assert [(code, line) for code, _, line in rendered.problems] == [("math-failed", 1)]
    assert "mhchem" in rendered.problems[0][1]
    assert "mhchem" not in render_markdown("$\\frac{1}{$\n").problems[0][1]


A, B = '<mi mathvariant="normal">A</mi>', '<mi mathvariant="normal">B</mi>'
HEAT = (
    '<mrow><mspace width="0.389em" /><mrow><mi mathvariant="normal">heat</mi></mrow>'
    '<mspace width="0.389em" /></mrow>'
)


@pytest.mark.parametrize(
    ("tex", "mathml"),
    [
        (
            r"\ce{A ->[heat] B}",
            f'<mrow><mrow>{A}<mover><mo stretchy="true">&#x2192;</mo>'
            f"{HEAT}</mover>{B}</mrow></mrow>",
        ),
        (  # the first label over the arrow, the second under it
            r"\ce{A <=>[K_1][K_2] B}",
            f'<mrow><mrow>{A}<munderover><mo stretchy="true">&#x21CC;</mo>'
            '<mrow><mspace width="0.389em" /><mrow><msub><mi>K</mi><mn>2</mn></msub></mrow>'
            '<mspace width="0.389em" /></mrow>'
            '<mrow><mspace width="0.389em" /><mrow><msub><mi>K</mi><mn>1</mn></msub></mrow>'
            f'<mspace width="0.389em" /></mrow></munderover>{B}</mrow></mrow>',
        ),
        (
            r"\ce{A ->[\text{H2O}] B}",
            f'<mrow><mrow>{A}<mover><mo stretchy="true">&#x2192;</mo>'
            '<mrow><mspace width="0.389em" /><mrow><mtext>H2O</mtext></mrow>'
            f'<mspace width="0.389em" /></mrow></mover>{B}</mrow></mrow>',
        ),
    ],
)
def test_a_labelled_arrow_is_a_stretchy_base_under_its_padded_label(tex: str, mathml: str) -> None:
    """mhchem's `->[…]` in MathML Core's terms: the arrow a stretchy <mo>, the base of the
    <mover>/<munderover> (which stretches it to its widest script), and each label an <mrow> with a
    margin each side, not MathML 3's <mpadded width="+0.833em"> (in Core a box 0.833em wide, which
    left the arrow short under a label overhanging it)."""
    made = tex_to_mathml(tex, False)
    assert (
        made == f'<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">{mathml}</math>'
    )


def inline(mathml: str) -> str:
    return f'<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">{mathml}</math>'


@pytest.mark.parametrize(
    ("tex", "mathml"),
    [
        (r"\ce{A -> B}", f"<mrow><mrow>{A}<mo>&#x02192;</mo>{B}</mrow></mrow>"),
        (r"\ce{A <=> B}", f"<mrow><mrow>{A}<mo>&#x021CC;</mo>{B}</mrow></mrow>"),
        (r"\ce{A + B}", f"<mrow><mrow>{A}<mo>&#x0002B;</mo>{B}</mrow></mrow>"),
        (
            r"\ce{CaO + CO2}",
            '<mrow><mrow><mi mathvariant="normal">Ca</mi><mi mathvariant="normal">O</mi>'
            '<mo>&#x0002B;</mo><mi mathvariant="normal">C</mi>'
            '<msub><mi mathvariant="normal">O</mi><mrow><mn>2</mn></mrow></msub></mrow></mrow>',
        ),
        (  # no operator: its species text, as they were
            r"\ce{H2O}",
            "<mrow><mrow><msub><mtext>H</mtext><mrow><mn>2</mn></mrow></msub><mtext>O</mtext></mrow></mrow>",
        ),
        (  # a bond is no operator
            r"\ce{Li-Fe-O}",
            "<mrow><mrow><mtext>Li</mtext><mtext>-</mtext><mtext>Fe</mtext><mtext>-</mtext>"
            "<mtext>O</mtext></mrow></mrow>",
        ),
        (  # not mhchem: as latex2mathml writes it
            r"\text{A} \to \text{B}",
            "<mrow><mtext>A</mtext><mo>&#x02192;</mo><mtext>B</mtext></mrow>",
        ),
    ],
)
def test_species_beside_an_operator_are_upright_identifiers(tex: str, mathml: str) -> None:
    """MathML Core counts an <mtext> as space-like, and an <mrow> of one operator among space-like
    elements as one embellished operator whose spacing goes outside it: `A -> B` stood tight. The
    species of a formula with an operator are upright identifiers, and the operator is spaced as TeX
    spaces mhchem's (its own entry in Core's operator dictionary); other formulas keep their text."""
    assert tex_to_mathml(tex, False) == inline(mathml)


def charge(sign: str) -> str:
    return f'<mo lspace="0" rspace="0">{sign}</mo>'


PLUS, MINUS = "&#x0002B;", "&#x02212;"


@pytest.mark.parametrize(
    ("tex", "mathml"),
    [
        (
            r"\ce{Cu^2+}",
            '<mrow><mrow><msup><mi mathvariant="normal">Cu</mi>'
            f"<mrow><mn>2</mn>{charge(PLUS)}</mrow></msup></mrow></mrow>",
        ),
        (
            r"\ce{SO4^2-}",
            '<mrow><mrow><mi mathvariant="normal">S</mi><msubsup><mi mathvariant="normal">O</mi>'
            f"<mrow><mn>4</mn></mrow><mrow><mn>2</mn>{charge(MINUS)}</mrow></msubsup></mrow></mrow>",
        ),
        (
            r"\ce{Fe^{3+}}",
            '<mrow><mrow><msup><mi mathvariant="normal">Fe</mi>'
            f"<mrow><mn>3</mn>{charge(PLUS)}</mrow></msup></mrow></mrow>",
        ),
        (
            r"\ce{OH-}",
            '<mrow><mrow><mi mathvariant="normal">O</mi><msup><mi mathvariant="normal">H</mi>'
            f"<mrow>{charge(MINUS)}</mrow></msup></mrow></mrow>",
        ),
        (  # the charges unspaced, the `+` between the species spaced
            r"\ce{Na+ + Cl-}",
            f'<mrow><mrow><msup><mi mathvariant="normal">Na</mi><mrow>{charge(PLUS)}</mrow></msup>'
            f'<mo>{PLUS}</mo><msup><mi mathvariant="normal">Cl</mi><mrow>{charge(MINUS)}</mrow>'
            "</msup></mrow></mrow>",
        ),
        (  # not mhchem: a superscript's sign as latex2mathml writes it
            r"x^{2+}",
            f"<mrow><msup><mi>x</mi><mrow><mn>2</mn><mo>{PLUS}</mo></mrow></msup></mrow>",
        ),
    ],
)
def test_a_charge_s_sign_is_an_operator_with_no_space_either_side(tex: str, mathml: str) -> None:
    """Core's operator dictionary spaces `+` and `−` as binary operators, 0.222em each side, which
    in a charge's superscript (the sign its last) drew `Cu^2+` as "Cu² ⁺"; in TeX a charge's sign is
    ordinary. A charge's sign is an <mo> with lspace and rspace 0, a `+` between species as it was."""
    assert tex_to_mathml(tex, False) == inline(mathml)
