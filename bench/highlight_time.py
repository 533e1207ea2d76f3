"""Benchmark: lexing the code fences of a corpus, Pygments' own loop against the joined engine.

Usage: .venv/bin/python bench/highlight_time.py [--sizes 1000] [--runs 5] [--texts FILE...]

The code fences of a generated corpus (as in bench/bench.py), or the files given with --texts (each
lexed as the language of its extension), are lexed in rounds by each language's Pygments lexer:
  pygments  RegexLexer.get_tokens_unprocessed, Pygments' loop (a call per rule per token);
  joined    the lexer as highlight.find_lexer gives it (markdown/highlight.py), in a fresh process
            state each round: its first runs pay for joining the states they use.
Prints CPU seconds (medians) and their ratio, and whether every token was the same.
"""

from __future__ import annotations

import re
import statistics
import time
from pathlib import Path

from bench import corpus_parser, generate, sizes_of, work_of
from pygments.lexer import RegexLexer
from pygments.lexers import get_lexer_for_filename

import notebase.markdown.highlight as highlight

FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.M | re.S)


def corpus_snippets(notes: Path) -> list[tuple[str, str]]:
    """(language, code) of every fenced block with a language in the corpus's notes."""
    found = []
    for path in sorted(notes.glob("*.md")):
        found += FENCE.findall(path.read_text(encoding="utf-8"))
    return found


def file_snippets(paths: list[Path]) -> list[tuple[str, str]]:
    return [(get_lexer_for_filename(p.name).aliases[0], p.read_text()) for p in paths]


def time_lexing(snippets: list[tuple[str, str]], joined: bool) -> tuple[float, list[object]]:
    """CPU seconds to lex every snippet, and the tokens."""
    highlight._STATES.clear()  # each round joins the states it uses again
    tokens: list[object] = []
    start = time.process_time()
    for language, code in snippets:
        lexer = highlight.find_lexer(language)
        if isinstance(lexer, RegexLexer):
            own_loop = RegexLexer.get_tokens_unprocessed
            made = lexer.get_tokens_unprocessed(code) if joined else own_loop(lexer, code)
            tokens.append(list(made))
    return time.process_time() - start, tokens


def main() -> None:
    parser = corpus_parser(__doc__ or "", "1000", 5)
    parser.add_argument("--texts", type=Path, nargs="*", default=[], help="files to lex instead")
    args = parser.parse_args()
    if args.texts:
        sets = {"the files given": file_snippets(args.texts)}
    else:
        work = work_of(args, "highlight-bench")
        sets = {
            f"{n} notes": corpus_snippets(generate(n, args.corpora, work) / "notes")
            for n in sizes_of(args)
        }
    for label, snippets in sets.items():
        plain, joined, same = [], [], True
        for _ in range(args.runs):
            seconds, expected = time_lexing(snippets, joined=False)
            plain.append(seconds)
            seconds, tokens = time_lexing(snippets, joined=True)
            joined.append(seconds)
            same = same and tokens == expected
        a, b = statistics.median(plain), statistics.median(joined)
        size = sum(len(code) for _, code in snippets)
        print(f"{label}: {len(snippets)} code blocks, {size / 1e3:.0f} KB")
        print(f"  pygments {a:.3f} s   joined {b:.3f} s   joined / pygments {b / a:.2f}")
        print(f"  same tokens: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
