"""A vault's own TeX macros: `notes/preamble.sty`, as Obsidian's Extended MathJax plugin loads it
(`\\newcommand`, `\\renewcommand`, `\\def`, `\\DeclareMathOperator`), expanded in a formula before it
is converted (pure).

Expansion is bounded: a macro that expands without end (`\\def\\a{\\a\\a}`) leaves the formula as
written, and it is reported as one that could not be converted."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from notebase.markdown.texbraces import matching_brace
from notebase.records import fast_pickling

PREAMBLE = "preamble.sty"  # at the vault's root: notes/preamble.sty
MAX_EXPANSIONS = 1000  # macros expanded in one formula
MAX_GROWTH = 50  # a formula may grow this many times its length (and 2,000 characters) at most

_DEFINITION = re.compile(
    r"\\(?:(?P<new>(?:re|provide)?newcommand)\*?\s*(?:\{\s*\\(?P<a>[A-Za-z]+)\s*\}|\\(?P<b>[A-Za-z]+))"
    r"(?:\s*\[(?P<n>\d)\])?(?:\s*\[(?P<default>[^\]]*)\])?\s*\{"
    r"|(?P<def>def)\s*\\(?P<c>[A-Za-z]+)(?P<params>(?:#\d)*)\s*\{"
    r"|(?P<op>DeclareMathOperator)(?P<star>\*?)\s*\{\s*\\(?P<d>[A-Za-z]+)\s*\}\s*\{)"
)
_COMMENT = re.compile(r"(?<!\\)%[^\n]*")
_NAME = re.compile(r"\\([A-Za-z]+)")


@fast_pickling
@dataclass(frozen=True, slots=True)
class Macro:
    args: int  # how many arguments it takes (#1 … #9)
    default: str | None  # the first argument's when it is optional ([…]), else None
    body: str


@fast_pickling
@dataclass(frozen=True, slots=True)
class TexMacros:
    """The macros by name, and a digest of the preamble they were read from ('' for none)."""

    macros: tuple[tuple[str, Macro], ...] = ()
    digest: str = field(default="")

    def table(self) -> dict[str, Macro]:
        return dict(self.macros)


NO_MACROS = TexMacros()


# The other names KaTeX (and MediaWiki's texvc before it) gives symbols, and MathJax's \hdots,
# \centernot (its centernot package, which it loads when used: `\centernot\implies`, drawn as \not
# draws it) and \newline (its \\; its gensymb package's units are mhchem.py's GENSYMB): a Quartz
# garden renders its formulas with KaTeX by default, and writes `\R`, `\N`, `\isin`; Obsidian
# renders them with MathJax. Each name here is one latex2mathml does not know (tests/test_texmacros.py
# checks it).
_SYNONYMS = r"""
    darr=\downarrow dArr=\Downarrow Darr=\Downarrow uarr=\uparrow uArr=\Uparrow Uarr=\Uparrow
    N=\mathbb{N} R=\mathbb{R} Z=\mathbb{Z} alef=\aleph alefsym=\aleph Alpha=\mathrm{A}
    Beta=\mathrm{B} bull=\bullet Chi=\mathrm{X} clubs=\clubsuit cnums=\mathbb{C}
    Complex=\mathbb{C} Dagger=\ddagger diamonds=\diamondsuit empty=\emptyset Epsilon=\mathrm{E}
    Eta=\mathrm{H} exist=\exists harr=\leftrightarrow hArr=\Leftrightarrow Harr=\Leftrightarrow
    hearts=\heartsuit image=\Im infin=\infty Iota=\mathrm{I} isin=\in Kappa=\mathrm{K}
    larr=\leftarrow lArr=\Leftarrow Larr=\Leftarrow lrarr=\leftrightarrow lrArr=\Leftrightarrow
    Lrarr=\Leftrightarrow Mu=\mathrm{M} natnums=\mathbb{N} Nu=\mathrm{N} Omicron=\mathrm{O}
    plusmn=\pm rarr=\rightarrow rArr=\Rightarrow Rarr=\Rightarrow real=\Re reals=\mathbb{R}
    Reals=\mathbb{R} Rho=\mathrm{P} sdot=\cdot sect=\S spades=\spadesuit sub=\subset
    sube=\subseteq supe=\supseteq Tau=\mathrm{T} thetasym=\vartheta weierp=\wp Zeta=\mathrm{Z}
    hdots=\ldots bracevert=\vert centernot=\not newline=\\
"""
SYNONYMS = {
    name: Macro(0, None, body) for name, body in (item.split("=", 1) for item in _SYNONYMS.split())
}
# MathJax's cancel package's \cancelto{value}{expression} (loaded when used, as Obsidian's snippets
# write it in a derivation): the expression struck out, its value over it at its end
SYNONYMS["cancelto"] = Macro(2, None, r"{\cancel{#2}}^{#1}")


def read_macros(preamble: str) -> TexMacros:
    """The macros a preamble defines (the last definition of a name wins)."""
    text = _COMMENT.sub("", preamble)
    found: dict[str, Macro] = {}
    for m in _DEFINITION.finditer(text):
        end = matching_brace(text, m.end())
        if end < 0:
            continue
        body = text[m.end() : end - 1]
        if m.group("op"):
            found[m["d"]] = Macro(0, None, f"\\operatorname{m['star']}{{{body}}}")
        elif m.group("def"):
            found[m["c"]] = Macro(len(m["params"]) // 2, None, body)
        else:
            found[m["a"] or m["b"]] = Macro(int(m["n"] or 0), m["default"], body)
    digest = hashlib.sha256(preamble.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return TexMacros(tuple(sorted(found.items())), digest if found else "")


def defined_in(tex: str, macros: dict[str, Macro]) -> tuple[str, dict[str, Macro]]:
    """A formula that defines macros (`\\newcommand`, `\\DeclareMathOperator`, …), as MathJax
    reads it: the formula without the definitions, and the macros with them, for it and the
    formulas after it on the page."""
    if not _DEFINITION.search(tex):
        return tex, macros
    kept, at = [], 0
    for m in _DEFINITION.finditer(tex):
        end = matching_brace(tex, m.end())
        if end < 0 or m.start() < at:
            continue
        kept.append(tex[at : m.start()])
        at = end
    return "".join(kept) + tex[at:], {**macros, **read_macros(tex).table()}


def expand(tex: str, macros: dict[str, Macro]) -> str:
    """The formula with the macros expanded (nested ones too), or as written when it would grow
    without end."""
    if not macros or "\\" not in tex:
        return tex
    limit, out, at, done = max(2000, MAX_GROWTH * len(tex)), tex, 0, 0
    while (m := _NAME.search(out, at)) is not None:
        macro = macros.get(m.group(1))
        if macro is None or (m.start() > 0 and out[m.start() - 1] == "\\"):
            at = m.end()
            continue
        args, end = read_args(out, m.end(), macro)
        body = macro.body
        for i, arg in enumerate(args, 1):
            body = body.replace(f"#{i}", arg)
        out, done = f"{out[: m.start()]}{body}{out[end:]}", done + 1
        if done > MAX_EXPANSIONS or len(out) > limit:
            return tex
        at = m.start()  # the expansion may hold macros in turn
    return out


def read_args(tex: str, at: int, macro: Macro) -> tuple[list[str], int]:
    """A macro's arguments after `at` (a braced group, else one character or command each; an
    optional first one in [...]), and where they end."""
    args: list[str] = []
    wanted = macro.args
    if macro.default is not None:
        rest = tex[at:].lstrip()
        if rest.startswith("[") and (close := rest.find("]")) > 0:
            args.append(rest[1:close])
            at = len(tex) - len(rest) + close + 1
        else:
            args.append(macro.default)
        wanted -= 1
    for _ in range(max(0, wanted)):
        while at < len(tex) and tex[at].isspace():
            at += 1
        if at >= len(tex):
            break
        if tex[at] == "{" and (end := matching_brace(tex, at + 1)) > 0:
            args.append(tex[at + 1 : end - 1])
            at = end
        elif (name := _NAME.match(tex, at)) is not None:
            args.append(name.group(0))
            at = name.end()
        else:
            args.append(tex[at])
            at += 1
    return args, at
