"""mhchem's `\\ce{…}` and `\\pu{…}` (chemistry notes, as MathJax's and KaTeX's mhchem extension
read them) rewritten into TeX latex2mathml converts: the common forms only. `\\ce`: formulas
(`H2O`, `SO4^2-`, `Na+`, `[Cu(NH3)4]^{2+}`, `CuSO4*5H2O`, `H2O(l)`), their coefficients, `+`,
bonds (`Li-Fe-O`) and the arrows (`->`, `<=>`, `->[above][below]`); `\\pu`: a number and its
units (`123 kJ/mol`, `1.2e3 J mol-1`). Anything else is None: the formula is not converted, and
its problem names mhchem."""

from __future__ import annotations

import re

from notebase.markdown.texbraces import matching_brace

MHCHEM = re.compile(r"\\(ce|pu)\s*\{")
ARROWS = {
    "->": "\\rightarrow",
    "<-": "\\leftarrow",
    "<->": "\\leftrightarrow",
    "<-->": "\\rightleftarrows",
    "<=>": "\\rightleftharpoons",
    "<=>>": "\\rightleftharpoons",
    "<<=>": "\\rightleftharpoons",
}
_EXTENSIBLE = {"->": "\\xrightarrow", "<-": "\\xleftarrow", "<=>": "\\xrightleftharpoons"}
_ARROW = re.compile(r"(<<=>|<=>>|<=>|<-->|<->|->|<-)((?:\[[^\[\]]*\]){0,2})$")
BONDS = {"-": "\\text{-}", "=": "{=}", "#": "{\\equiv}"}
_GREEK = re.compile(r"\\[A-Za-z]+")  # a word that is a command: `\\gamma`, `\\Delta`
_OPERATORS = {"+": "+", "=": "=", "^": "\\uparrow", "v": "\\downarrow"}
# a piece of a formula: an element or a run of lower-case letters (a state: `(aq)`), a count, a
# bracket, an explicit script, a charge at its end, a bond, an addition dot
_PIECE = re.compile(
    r"(?P<atom>[A-Z][a-z]?|[a-z]+)|(?P<count>\d+)|(?P<open>[(\[])|(?P<close>[)\]])"
    r"|(?P<script>[_^])(?:\{(?P<braced>[^{}]*)\}|(?P<bare>\d*[+-]|\d+))"
    r"|(?P<charge>\d*[+-])(?=$|\((?:aq|s|l|g)\)$)|(?P<bond>[-=#])(?=[A-Z(\[])|(?P<dot>[*·.])"
)
_GLUED_PLUS = re.compile(r"\+(?=[\dA-Z(\[])")
_COEFFICIENT = re.compile(r"\d+(?:/\d+)?|\d*\.\d+")
# a quantity's number: `1.2e3` (`e-3` alone a power of ten), `9.79 \\pm 0.01`, `6.6\\times 10^{-34}`
_NUMBER = re.compile(
    r"([-+]?\d+(?:[.,]\d+)?)?(?:(?<![A-Za-z])[eE]([-+]?\d+))?"
    r"(\s*\\pm\s*\d+(?:[.,]\d+)?)?(\s*\\times\s*10\^(?:\{\s*[-+]?\d+\s*\}|\d))?"
)
_DEPTH = {"{": 1, "[": 1, "}": -1, "]": -1}
_BRACKETED = re.compile(r"\[(.*)\]")
# gensymb's units, which MathJax reads (`10 \\micro F`, `5 \\ohm`, `20 \\celsius`): the upright
# symbols they stand for, in a formula (mathml.prepare_tex) and in a unit of \\pu alike
GENSYMB = {"micro": "\u00b5", "ohm": "\u2126", "celsius": "\u2103", "perthousand": "\u2030"}
_UNIT_COMMANDS = (
    (re.compile(r"\\min(?![A-Za-z])(?:_\{\})?"), "min"),
    (re.compile(r"\\Omega(?![A-Za-z])\s*"), "Ω"),
    (re.compile(r"\\ohm(?![A-Za-z])\s*"), GENSYMB["ohm"]),
    (re.compile(r"\\(?:mu|micro)(?![A-Za-z])\s*"), GENSYMB["micro"]),
    (re.compile(r"\^\{?\s*\\circ\s*\}?\s*"), "°"),
    (re.compile(r"\s*\\cdot(?![A-Za-z])\s*"), "·"),
)
# an element's symbol braced before its count, `{H}_{2}O`, `N{H}_{3}`, as an editor's snippets
# for subscripts write it: the symbol, `H_{2}O`, as mhchem reads it
_BRACED_SYMBOL = re.compile(r"\{([A-Za-z]{1,3})\}(?=_)")
# a unit and its power, written `m^{-1}`, `m^-1` or `m-1`
_UNIT = re.compile(r"([A-Za-zµμΩ°%]+)(?:\^\{\s*([-+]?\d+)\s*\}|\^?([-+]?\d+))?")
# A species of `\ce{…}` as latex2mathml writes it: text. MathML Core counts an <mtext> as
# "space-like", and an <mrow> of one operator and space-like elements (`A -> B`, `A + B`) as one
# embellished operator, whose spacing goes outside the <mrow>: the arrow stood tight between its
# species. As identifiers (upright), the operator takes its own spacing again, which Core's
# operator dictionary gives as TeX does mhchem's: 0.278em (\thickmuskip, a relation) each side
# of an arrow, `=` and a labelled arrow's <mover>, 0.222em (\medmuskip, a binary operator) of `+`.
_SPECIES = re.compile(r"<mtext>([A-Za-z]+)</mtext>")
# A charge's sign as latex2mathml writes it: an <mo>, the last of a superscript (`Cu^2+`,
# `SO4^2-`, `Fe^{3+}`, `OH-`). Core's operator dictionary spaces `+` and `−` as binary operators
# (0.222em each side, in a postfix place too), so `2+` stood apart as "2 +"; in TeX a charge's
# sign is ordinary, unspaced.
_CHARGE = re.compile(r"<mo>(&#x0002B;|&#x02212;)</mo>(?=</mrow></msu(?:p|bsup)>)")


def with_mhchem(tex: str) -> str | None:
    """The TeX with every `\\ce{…}` and `\\pu{…}` rewritten (None: one it cannot read)."""
    out: list[str] = []
    at = 0
    for m in MHCHEM.finditer(tex):
        if m.start() < at:
            continue
        end = matching_brace(tex, m.end())
        made = (
            (ce_tex if m.group(1) == "ce" else pu_tex)(tex[m.end() : end - 1]) if end > 0 else None
        )
        if made is None:
            return None
        out += [tex[at : m.start()], "{", made, "}"]
        at = end
    return "".join(out) + tex[at:]


def species_as_identifiers(mathml: str) -> str:
    """The MathML of a formula with `\\ce{…}`, its words of text (a species, `<mtext>Fe</mtext>`, or
    a label's word) upright identifiers (`<mi mathvariant="normal">Fe</mi>`), when it holds an
    operator that spaces them."""
    if "<mo" not in mathml:  # `\\ce{H2O}`: no operator, nothing to space
        return mathml
    return _SPECIES.sub(r'<mi mathvariant="normal">\1</mi>', mathml)


def unspaced_charges(mathml: str) -> str:
    """The MathML of a formula with `\\ce{…}`, the sign of each charge an operator with no space
    either side (`<mo lspace="0" rspace="0">+</mo>`), still a plus or a minus sign: `Cu²⁺`, not
    `Cu² ⁺`. A `+` between species (`A + B`) keeps its spacing."""
    return _CHARGE.sub(r'<mo lspace="0" rspace="0">\1</mo>', mathml)


def words(text: str) -> list[str]:
    """The words of `\\ce{…}`, split at spaces outside braces and brackets (`H2O_{ (l) }` and
    `->[ high temp]` are one)."""
    out: list[str] = []
    depth, word = 0, ""
    for char in text:
        depth += _DEPTH.get(char, 0)
        if char.isspace() and depth == 0:
            out, word = [*out, word] if word else out, ""
        else:
            word += char
    found = [*out, word] if word else out
    # `A +B`: a plus after a space is the operator, whatever follows it, as mhchem reads it
    return [part for w in found for part in (("+", w[1:]) if _GLUED_PLUS.match(w) else (w,))]


def ce_tex(text: str) -> str | None:
    """The TeX of `\\ce{…}`'s words: two formulas side by side (`Fe catalyst`) keep their space."""
    out, formula_before = "", False
    for word in words(_BRACED_SYMBOL.sub(r"\1", text)):
        made = _OPERATORS.get(word) or arrow_tex(word)
        formula = made is None
        made = made or (word if _GREEK.fullmatch(word) else formula_tex(word))
        if made is None:
            return None
        out += ("\\ " if formula and formula_before else " ") + made if out else made
        formula_before = formula
    return out


def arrow_tex(word: str) -> str | None:
    """`->`, `<=>`, and `->[above][below]` (the labels read as formulas, else as TeX)."""
    m = _ARROW.match(word)
    if m is None:
        return None
    arrow, labels = m.group(1), re.findall(r"\[([^\[\]]*)\]", m.group(2))
    if not labels:
        return ARROWS[arrow]
    if arrow not in _EXTENSIBLE:
        return None
    above, below = [label_tex(label) for label in (*labels, "")[:2]]
    return (
        f"{_EXTENSIBLE[arrow]}[{below}]{{{above}}}" if below else f"{_EXTENSIBLE[arrow]}{{{above}}}"
    )


def label_tex(label: str) -> str:
    """An arrow's label: TeX when it holds a command or a script (`[\\Delta]`, `[k_1]`, `[$T$]`),
    else a formula (`[H2O]`) or text."""
    if not label.strip() or any(mark in label for mark in "\\_^$"):
        return label.strip().replace("$", "")
    return ce_tex(label) or f"\\text{{{label}}}"


def formula_tex(word: str) -> str | None:
    """A formula with its coefficient (`2H2O`), as text with scripts; None: no formula."""
    coefficient = _COEFFICIENT.match(word)
    at = coefficient.end() if coefficient else 0
    if at == len(word):  # `\\ce{2 H2O}`: the coefficient alone
        return word
    out = [word[:at] + "\\,"] if at else []
    if word.startswith(("^", "_"), at):  # an isotope's mass and atomic numbers: `^{14}_{6}C`
        out.append("{}")
    while at < len(word):
        m = _PIECE.match(word, at)
        if m is None:
            return None
        out.append(piece_tex(m))
        at = m.end()
        if m.group("dot") and (number := _COEFFICIENT.match(word, at)):
            out.append(number.group(0))
            at = number.end()
    return "".join(out) or None


def piece_tex(m: re.Match[str]) -> str:
    kind = m.lastgroup if m.lastgroup not in ("braced", "bare") else "script"
    text = m.group(0)
    if kind == "atom":
        return f"\\text{{{text}}}"
    if kind == "count":
        return f"_{{{text}}}"
    if kind == "script":
        inner = m.group("braced") if m.group("braced") is not None else m.group("bare")
        return f"{m.group('script')}{{{inner}}}"
    if kind == "charge":
        return f"^{{{text}}}"
    if kind == "dot":
        return "\\cdot "
    if kind == "bond":
        return BONDS[text]
    return {"open": "{" + text, "close": text + "}"}.get(kind or "", text)


def unit_symbols(units: str) -> str:
    """The units of a `\\pu{…}` with the symbols written as TeX commands as the characters
    mhchem draws (`k\\Omega`, `\\mu m`, `^{\\circ}C`, `W\\cdot m`: kΩ, µm, °C, W·m)."""
    for command, symbol in _UNIT_COMMANDS:
        units = command.sub(symbol, units)
    return units.strip()


def pu_tex(text: str) -> str | None:
    """`\\pu{1.2e3 kJ mol-1}`: the number (`e3` a power of ten), then the units upright."""
    text = text.strip()
    number = _NUMBER.match(text)
    shown = number_tex(number) if number and number.group(0).strip() else ""
    at = number.end() if shown and number else 0
    bracketed = _BRACKETED.fullmatch(unit_symbols(text[at:]))  # `\pu{[m]}`: a quantity's unit
    units: list[str] = []
    split = r"\s+|(?<=[A-Za-z\dµΩ°}])[.*·](?=[A-Za-zµΩ°])"
    for word in re.split(split, bracketed.group(1) if bracketed else unit_symbols(text[at:])):
        for k, unit in enumerate(word.split("/")) if word else ():
            m = _UNIT.fullmatch(unit)
            if m is None and not (k == 0 and not unit and shown):  # `1/Pa`: per pascal
                return None
            if m is None:
                continue
            exponent = m.group(2) or m.group(3)
            power = f"^{{{exponent}}}" if exponent else ""
            units.append(("/" if k else "") + f"\\text{{{m.group(1)}}}{power}")
    joined = "\\,".join(units)
    joined = f"[{joined}]" if bracketed and units else joined
    return shown + joined if units or shown else None


def number_tex(number: re.Match[str]) -> str:
    """A quantity's number as TeX, a thin space before its units: `1.2e3` as 1.2 × 10³."""
    mantissa, power, spread, times = number.groups()
    shown = mantissa or ""
    if power:
        ten = f"10^{{{power.lstrip('+')}}}"
        shown = f"{shown}\\times {ten}" if shown else ten
    return f"{shown}{spread or ''}{times or ''}\\ "
