"""How many of the formulas in some folders of notes each TeX -> MathML converter handles.

    .venv/bin/python bench/math_coverage.py DIR... [--show N]

Every `$…$`, `$$…$$` in a paragraph and `$$` block is taken from every *.md under the folders, as
notebase's parser reads them, and converted three ways: latex2mathml as it is (no exception),
latex2mathml as it is with output that reads faithfully (no command or `&` shown as a letter),
and notebase's conversion (the TeX prepared first, the same check). `--show N` lists N formulas
notebase still cannot convert, with their file and line.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from latex2mathml.converter import convert

from notebase.markdown.mathml import tex_to_mathml
from notebase.markdown.parser import create_parser
from notebase.reading.frontmatter import split_front_matter

_MATH = {"math_inline": False, "math_inline_double": True, "math_block": True}
_UNREAD = re.compile(r"<m[io]>\\|<mi>&</mi>|<mo />")


def formulas(folder: Path) -> Iterator[tuple[str, int, str, bool]]:
    """(file, line, TeX, display) of every formula under the folder, in path order."""
    md = create_parser()
    for path in sorted(folder.rglob("*.md")):
        split = split_front_matter(path.read_text(encoding="utf-8", errors="replace"))
        if split is None:
            continue
        stack = md.parse(split.body, {})
        line = 0
        while stack:
            token = stack.pop(0)
            line = token.map[0] + split.body_line if token.map else line
            if token.type in _MATH:
                yield str(path), line, token.content.strip(), _MATH[token.type]
            stack[0:0] = token.children or []


def raw_converts(tex: str, display: bool) -> bool:
    try:
        convert(tex, display="block" if display else "inline")
    except Exception:
        return False
    return True


def raw_faithful(tex: str, display: bool) -> bool:
    try:
        out = convert(tex, display="block" if display else "inline")
    except Exception:
        return False
    return not _UNREAD.search(out)


CANDIDATES: dict[str, Callable[[str, bool], bool]] = {
    "latex2mathml (no exception)": raw_converts,
    "latex2mathml (faithful)": raw_faithful,
    "notebase: prepare_tex + latex2mathml (faithful)": lambda t, d: tex_to_mathml(t, d) is not None,
}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--show", type=int, default=0)
    args = parser.parse_args(argv)
    found = [f for folder in args.folders for f in formulas(folder)]
    print(f"{len(found)} formulas in {', '.join(map(str, args.folders))}")
    for name, works in CANDIDATES.items():
        ok = sum(works(tex, display) for _, _, tex, display in found)
        print(f"{name:52} {ok:6} / {len(found)}  {100 * ok / max(len(found), 1):5.1f} %")
    failed = [f for f in found if tex_to_mathml(f[2], f[3]) is None]
    for path, line, tex, _ in failed[: args.show]:
        print(f"{path}:{line}: {tex[:100]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
