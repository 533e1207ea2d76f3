"""The home of latex2mathml: $…$ and $$…$$ converted to MathML at build time (no JavaScript).

latex2mathml lacks a few things notes use often; `prepare_tex` rewrites them first into what it
reads (`aligned` as `align*`, `\\operatorname{arg\\,min}` with a thin space it can hold, labels
dropped), and a conversion it cannot do faithfully (an exception, or an unknown command or a
stray `&` it would show as a letter) is None, so the caller shows the TeX instead."""

from __future__ import annotations

import functools
import re
from html import escape

from notebase.markdown.mhchem import (
    GENSYMB,
    species_as_identifiers,
    unspaced_charges,
    with_mhchem,
)
from notebase.markdown.prooftree import proof_trees
from notebase.markdown.texbraces import matching_brace

_ENVIRONMENTS = re.compile(r"\\(begin|end)\{(aligned|alignedat|alignat|alignat\*|flalign\*?)\}")
_ALIGNAT_COLUMNS = re.compile(r"(\\begin\{align\*\})\s*\{\d+\}")
_OPERATORNAME = re.compile(r"\\operatorname(\*?)\s*\{([^{}]*)\}")
# its argument one token without braces, as TeX reads it (`\operatorname d \omega`): braced
_OPERATORNAME_BARE = re.compile(r"\\operatorname(\*?)\s+([A-Za-z])")
# a backslash ending a line, or the formula: TeX's control space (`\` and a line end), as KaTeX
# and MathJax read it; latex2mathml knows it written `\ ` (an even run of them is a row's end)
_LINE_END_SPACE = re.compile(r"(?<!\\)((?:\\\\)*)\\(?=\r?\n|\s*$)")
# `\verb |int kill(pid_t pid)|`: TeX skips the spaces after a command's name, so the delimiter is
# the first character past them (as MathJax reads it too); latex2mathml took the space for it
_VERB_SPACED = re.compile(r"\\verb(?![a-zA-Z])\s+")
_TEXT_OPEN = re.compile(r"\\text\s*\{")
_DOLLAR = re.compile(r"(?<!\\)\$")
_SPACING = re.compile(r"\\[,;:! ]|~|\s+")
_DROPPED = re.compile(r"\\(?:label\{[^{}]*\}|(?:nonumber|notag)(?![a-zA-Z]))|(?<=\\\\)\[[^\]]*\]")
_ARG = re.compile(r"\\arg\s*\\(min|max)(?![a-zA-Z])|\\arg(?![a-zA-Z])")
# text-mode symbols KaTeX reads in math too, as the math or text they stand for
_RENAMED = {
    "\\textbackslash": "\\backslash",
    "\\textbraceleft": "\\{",
    "\\textbraceright": "\\}",
    "\\textvisiblespace": "\\text{\u2423}",
    "\\AA": "\\text{\u00c5}",  # the ångström, a length in structural biology's notes
}
# a command's name ends where its letters do: `\AAA` is no `\AA`
_RENAMED_COMMAND = re.compile(f"({'|'.join(map(re.escape, _RENAMED))})(?![a-zA-Z])")
# those of them that are a character, as a text group (`\text{12 \AA}`) holds it: the spaces
# after a command's name are TeX's end of it, not text
_IN_TEXT = {"\\AA": "\u00c5", "\\textvisiblespace": "\u2423"}
_IN_TEXT_COMMAND = re.compile(f"({'|'.join(map(re.escape, _IN_TEXT))})(?![a-zA-Z])[ \t]*")
_AND = re.compile(r"\\and(?![a-zA-Z])")  # MathJax reads \and as \land
_GENSYMB = re.compile(rf"\\({'|'.join(GENSYMB)})(?![a-zA-Z])")  # (mhchem.GENSYMB)
# braket's capitalised \Bra{v}, \Ket{v} and \Braket{a|H|b}, which MathJax loads when they are
# used (their delimiters stretching to what they hold): drawn as \bra, \ket and \braket
_BRAKET = re.compile(r"\\(Bra|Ket|Braket)(?![a-zA-Z])")
# `\over` with nothing before it in its group (`{\over \Gamma \vdash x:A}`, an inference rule's
# axiom): an empty numerator, as TeX draws it, which latex2mathml cannot read alone
_EMPTY_OVER = re.compile(r"(^|\{)(\s*)\\over(?![a-zA-Z])")
_SET = re.compile(r"\\[sS]et\s*\{")  # braket's \set{x | y}, which MathJax loads when it is used
_OPERATORNAME_OPEN = re.compile(r"\\operatorname\*?\s*\{")
# \color{red}{x}, as MathJax 2 and blogs write it
_COLOR_ON_GROUP = re.compile(r"\\color\s*\{[#\w]+\}\s*\{")
_COMMAND = re.compile(r"\\[A-Za-z]{2,}")  # not a spacing command (\\, \\;)
# a first row opening with `[`, which latex2mathml reads as the environment's optional argument
_ROW_BRACKET = re.compile(
    r"(\\begin\{(?:align|split|gather|eqnarray|multline|[dr]?cases|[pbBvV]?matrix|smallmatrix)\*?\})"
    r"(\s*\[)"
)
_EQNARRAY = re.compile(r"\\begin\{eqnarray\*?\}(.*?)\\end\{eqnarray\*?\}", re.S)
_NAME_TAIL = re.compile(r"[_^(]")  # what follows an operator's name inside \operatorname{log_2}
# What latex2mathml writes for what it did not understand: a command as a letter (<mi>\foo</mi>),
# an alignment `&` outside a table as a letter, an empty operator.
_UNREAD = re.compile(r"<m[io][^>]*>\\|<mi>&</mi>|<mo />")
# a sized delimiter named by a command (`\big\{`, `\Bigg\langle`), which latex2mathml writes as
# the command's own text (`<mo minsize="1.2em" …>\{</mo>`): the character it names instead
_SIZED_DELIMITER = re.compile(r"(<mo [^>]*>)(\\[A-Za-z]+|\\[{}|])(</mo>)")
# An extensible arrow (`\xrightarrow{…}`, mhchem's `->[…]`) as latex2mathml writes it: the arrow in
# an <mstyle>, each label in MathML 3's <mpadded width="+0.833em" …>, "the label's width and 0.833em
# more". MathML Core reads that width as a CSS length, a box 0.833em wide (and the negative height
# as 0): the arrow, stretched to its widest script, stays short and the label overhangs it.
_ARROW_BASE = re.compile(
    r'<(mover|munderover)><mstyle scriptlevel="0"><mo>([^<]*)</mo></mstyle>'
    r'(?=<mpadded width="\+0\.833em")'
)
_CE = re.compile(r"\\ce\s*\{")
# TeX's infix fractions (`a \over b`, `IV \atop \iff`), which take in their whole group: in an
# alignment, the cell they stand in (TeX makes each cell a group; latex2mathml does not)
_INFIX = re.compile(r"\\(?:over|atop|above|choose|brack|brace)(?![a-zA-Z])")
# an environment holding none (its cells are of this one), with its column spec if it takes one
# (another's first `{…}` is its first cell's: `\begin{matrix}{1} \over 2`)
_INNERMOST = re.compile(
    r"(\\begin\{(?:(?:array|alignat|alignedat|subarray|tabular)\*?\}\{[^{}]*\}|[a-zA-Z]+\*?\}))"
    r"((?:(?!\\begin\{|\\end\{).)*?)(\\end\{)",
    re.S,
)
_GROUP = re.compile(r"\{[^{}]*\}")
# a gather(ed) environment holding no other, which MathJax lets split its rows into cells with `&`
_GATHER = re.compile(
    r"\\begin\{(gathered|gather\*?)\}((?:(?!\\begin\{|\\end\{).)*?)\\end\{\1\}", re.S
)
_TAB = re.compile(r"(?<!\\)&")
_ARROW_LABEL_OPEN = '<mpadded width="+0.833em" lspace="0.556em" voffset="-.2em" height="-.2em">'
_ARROW_LABEL_CLOSE = '<mspace depth=".25em" /></mpadded>'
# a label's margin each side, in its own (script) size: amsmath's 5mu and 9mu, shared evenly
_ARROW_MARGIN = '<mspace width="0.389em" />'
DELIMITERS = {
    **dict.fromkeys(("\\{", "\\lbrace"), "&#x0007B;"),
    **dict.fromkeys(("\\}", "\\rbrace"), "&#x0007D;"),
    **dict.fromkeys(("\\|", "\\Vert", "\\lVert", "\\rVert"), "&#x02016;"),
    **dict.fromkeys(("\\vert", "\\lvert", "\\rvert"), "&#x0007C;"),
    "\\langle": "&#x027E8;",
    "\\rangle": "&#x027E9;",
    "\\lfloor": "&#x0230A;",
    "\\rfloor": "&#x0230B;",
    "\\lceil": "&#x02308;",
    "\\rceil": "&#x02309;",
    "\\backslash": "&#x0005C;",
    "\\uparrow": "&#x02191;",
    "\\downarrow": "&#x02193;",
    "\\Uparrow": "&#x021D1;",
    "\\Downarrow": "&#x021D3;",
}


def prepare_tex(tex: str) -> str:
    """TeX rewritten into the subset latex2mathml converts, meaning kept."""
    tex = _VERB_SPACED.sub(r"\\verb", tex)
    tex = _LINE_END_SPACE.sub(r"\1\\ ", _DROPPED.sub("", proof_trees(tex)))
    if _INFIX.search(tex):
        tex = _INNERMOST.sub(lambda m: m.group(1) + grouped_cells(m.group(2)) + m.group(3), tex)
    tex = _OPERATORNAME_BARE.sub(r"\\operatorname\1{\2}", tex)
    tex = _ENVIRONMENTS.sub(lambda m: f"\\{m.group(1)}{{align*}}", tex)
    tex = _ALIGNAT_COLUMNS.sub(r"\1", tex)
    tex = _ARG.sub(lambda m: f"\\operatorname*{{arg {m.group(1) or ''}}}", tex)
    tex = renamed_symbols(tex)
    tex = _BRAKET.sub(lambda m: f"\\{m.group(1).lower()}", tex)
    tex = _GENSYMB.sub(lambda m: f"\\mathrm{{{GENSYMB[m.group(1)]}}}", tex)
    tex = set_braces(_AND.sub(r"\\land", _EMPTY_OVER.sub(r"\1\2{}\\over", tex)))
    tex = _EQNARRAY.sub(eqnarray_as_align, _ROW_BRACKET.sub(r"\1{}\2", tex))
    tex = _GATHER.sub(gather_in_columns, tex) if "&" in tex else tex
    tex = rich_operator_names(colored_groups(text_with_math(tex)))
    return _OPERATORNAME.sub(operator_name, tex)


def gather_in_columns(m: re.Match[str]) -> str:
    """A gather(ed) environment whose rows hold `&` as an array of centred columns, as MathJax
    draws it (latex2mathml, as amsmath, refuses a `&` there: Obsidian's snippets write
    `\\begin{gathered} a & b \\\\ c & d \\end{gathered}`); one without, as it is."""
    body = m.group(2)
    if not _TAB.search(body):
        return m.group(0)
    columns = 1 + max(len(_TAB.findall(row)) for row in body.split("\\\\"))
    return f"\\begin{{array}}{{{'c' * columns}}}{body}\\end{{array}}"


def grouped_cells(body: str) -> str:
    """An environment's body, each of its cells holding an infix fraction outside any group
    braced, as TeX reads the cell: `IV\\atop\\iff& x` -> `{IV\\atop\\iff}& x`."""
    cells, depth, start, at = [], 0, 0, 0
    while at < len(body):
        if body.startswith("\\\\", at) and depth == 0:
            cells += [body[start:at], "\\\\"]
            at = start = at + 2
            continue
        char = body[at]
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == "&" and depth == 0:
            cells += [body[start:at], "&"]
            start = at + 1
        at += 2 if char == "\\" else 1
    cells.append(body[start:])
    return "".join(f"{{{cell}}}" if infix_outside_groups(cell) else cell for cell in cells)


def infix_outside_groups(cell: str) -> bool:
    while (bare := _GROUP.sub("", cell)) != cell:
        cell = bare
    return _INFIX.search(cell) is not None


def colored_groups(tex: str) -> str:
    """`\\color{red}{x}` -> `{\\color{red} x}`: the group alone coloured. latex2mathml reads
    \\color as LaTeX's switch, which runs to the end of the enclosing group: across an aligned
    row's `&` and `\\\\` it broke the table."""
    start = 0
    while found := _COLOR_ON_GROUP.search(tex, start):
        end = matching_brace(tex, found.end())
        if end < 0:
            return tex
        switch = found.group(0)[:-1].rstrip()
        tex = f"{tex[: found.start()]}{{{switch} {tex[found.end() : end - 1]}}}{tex[end:]}"
        start = found.start() + 1
    return tex


def eqnarray_as_align(m: re.Match[str]) -> str:
    """`\\begin{eqnarray} a &=& b \\\\ …` -> `\\begin{align*} a &= b \\\\ …`: its three columns,
    the relation's own, as align's two (each row's second `&` left out)."""
    rows = (two_columns(row) for row in m.group(1).split("\\\\"))
    return "\\begin{align*}" + "\\\\".join(rows) + "\\end{align*}"


def two_columns(row: str) -> str:
    first = row.find("&")
    second = row.find("&", first + 1) if first >= 0 else -1
    return row if second < 0 else row[:second] + row[second + 1 :]


def rich_operator_names(tex: str) -> str:
    """`\\operatorname{…}` holding a command, a group or a letter outside ASCII (`\\mathcal{Hom}`,
    `Spec \\mathbb{Z}`, `Möb`), which latex2mathml does not read, as `\\mathrm{…}`: upright, as
    MathJax shows it."""
    start = 0
    while found := _OPERATORNAME_OPEN.search(tex, start):
        end = matching_brace(tex, found.end())
        if end < 0:
            return tex
        body = tex[found.end() : end - 1]
        start = found.start() + 1
        if "{" in body or not body.isascii() or _COMMAND.search(body):
            tex = f"{tex[: found.start()]}\\mathrm{{{body}}}{tex[end:]}"
    return tex


def text_with_math(tex: str) -> str:
    """`\\text{for $x$ here}` (math inside text, as KaTeX and MathJax read it), which latex2mathml
    does not read, as its text and its math side by side: `\\text{for }x\\text{ here}`."""
    start = 0
    while "$" in tex and (found := _TEXT_OPEN.search(tex, start)):
        end = matching_brace(tex, found.end())
        if end < 0:
            return tex
        parts = _DOLLAR.split(tex[found.end() : end - 1])
        if len(parts) % 2 == 0:  # a `$` left open: as it is
            start = end
            continue
        texts = (f"\\text{{{part}}}" if part else "" for part in parts[::2])
        maths = (f"{{{part}}}" if part else "" for part in (*parts[1::2], ""))
        spliced = "".join(text + math for text, math in zip(texts, maths, strict=True))
        tex, start = f"{tex[: found.start()]}{spliced}{tex[end:]}", found.start() + len(spliced)
    return tex


def renamed_symbols(tex: str) -> str:
    """Text-mode symbols as math reads them (`\\AA` -> `\\text{Å}`), and in a text group as the
    character they name (`\\text{12 \\AA}` -> `\\text{12 Å}`: a text group in a text group
    showed the TeX)."""
    if _IN_TEXT_COMMAND.search(tex) is None:  # (most formulas: no text group rebuilt)
        return _RENAMED_COMMAND.sub(lambda m: _RENAMED[m.group(1)], tex)
    start = 0
    while found := _TEXT_OPEN.search(tex, start):
        end = matching_brace(tex, found.end())
        if end < 0:
            break
        body = _IN_TEXT_COMMAND.sub(lambda m: _IN_TEXT[m.group(1)], tex[found.end() : end - 1])
        tex, start = f"{tex[: found.end()]}{body}{tex[end - 1 :]}", found.end() + len(body)
    return _RENAMED_COMMAND.sub(lambda m: _RENAMED[m.group(1)], tex)


def set_braces(tex: str) -> str:
    """`\\set{x \\mid y}` -> `\\{x \\mid y\\}` (its braces matched; unmatched: left as it is)."""
    while found := _SET.search(tex):
        end = matching_brace(tex, found.end())
        if end < 0:
            return tex
        tex = f"{tex[: found.start()]}\\{{{tex[found.end() : end - 1]}\\}}{tex[end:]}"
    return tex


def operator_name(m: re.Match[str]) -> str:
    """`\\operatorname{arg\\,min}` -> `\\operatorname{arg min}` with a thin space (U+2009), which
    latex2mathml keeps inside one upright operator (its own reading spells the letters italic)."""
    raw = m.group(2).strip()
    cut = _NAME_TAIL.search(raw)
    head, tail = (raw[: cut.start()], raw[cut.start() :]) if cut and cut.start() else (raw, "")
    name = _SPACING.sub("\u2009", head).replace("\\", "")
    return f"\\operatorname{m.group(1)}{{{name}}}{tail}"


# Notes write the same formulas again and again ($x$, $\theta$): 4 in 10 of the formulas of the
# math-heavy vaults tried repeat one already converted, and converting is pure.
@functools.lru_cache(maxsize=4096)
def tex_to_mathml(tex: str, display: bool) -> str | None:
    """MathML for a TeX formula, or None when it cannot be converted faithfully. (latex2mathml is
    imported here, by the first formula: a build of notes without math never loads it.)"""
    from latex2mathml.converter import convert

    chemistry = False
    if "\\ce" in tex or "\\pu" in tex:  # mhchem's chemistry, read in its common forms
        read = with_mhchem(tex)
        if read is None:
            return None
        chemistry, tex = _CE.search(tex) is not None, read
    try:
        mathml = str(convert(prepare_tex(tex), display="block" if display else "inline"))
    except Exception:
        return None
    mathml = _SIZED_DELIMITER.sub(named_delimiter, mathml)
    if _ARROW_LABEL_OPEN in mathml:
        mathml = stretched_arrows(mathml)
    if chemistry:
        mathml = unspaced_charges(species_as_identifiers(mathml))
    return None if _UNREAD.search(mathml) else mathml


def stretched_arrows(mathml: str) -> str:
    """latex2mathml's extensible arrows as MathML Core draws them: the arrow, a stretchy <mo>, the
    base of its <mover>/<munderover> (which stretches it to its widest script), and each label an
    <mrow> with a margin each side, so that the arrow is the label's width and a little more."""
    mathml = _ARROW_BASE.sub(r'<\1><mo stretchy="true">\2</mo>', mathml)
    mathml = mathml.replace(_ARROW_LABEL_OPEN, "<mrow>" + _ARROW_MARGIN)
    return mathml.replace(_ARROW_LABEL_CLOSE, _ARROW_MARGIN + "</mrow>")


def named_delimiter(m: re.Match[str]) -> str:
    """A sized delimiter's command as the character it names (unknown: left, and unread)."""
    return m.group(1) + DELIMITERS.get(m.group(2), m.group(2)) + m.group(3)


def tex_fallback(tex: str) -> str:
    """A formula that could not be converted, shown as its TeX source."""
    return f'<code class="math-tex" title="formula shown as TeX">{escape(tex)}</code>'
