"""Code highlighting (markdown/highlight.py): the joined-rules lexing engine gives Pygments' tokens."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pygments.lexer import RegexLexer
from pygments.lexers import get_lexer_by_name

import notebase.markdown.highlight as highlight
from notebase.markdown.highlight import (
    StateRules,
    find_lexer,
    highlight_code,
    joined_runs,
    state_rules,
)

ROOT = Path(__file__).resolve().parent.parent
# languages people keep snippets of in their notes (each a RegexLexer Pygments reads itself)
LANGUAGES = (
    "python",
    "javascript",
    "typescript",
    "bash",
    "rust",
    "go",
    "java",
    "sql",
    "html",
    "css",
    "latex",
    "haskell",
    "r",
    "julia",
    "kotlin",
    "scala",
    "toml",
    "ini",
    "diff",
    "docker",
    "markdown",
    "ocaml",
    "nix",
    "powershell",
    "zig",
    "dart",
    "clojure",
    "erlang",
    "fortran",
    "matlab",
    "csharp",
    "perl",
    "xml",
    "graphql",
    "protobuf",
)
SNIPPETS = (
    'def f(x: int) -> str:\n    """Doc."""\n    return f"{x!r:>{w}}" + rb\'\\x00\' + R"raw"\n',
    "const re = /a[/]b/gi; let s = `t ${x + `in`}`; // c\n/* block */ x => x ** 2;\n",
    'for f in *.md; do echo "$f ${f%.md}" <<EOF\nbody $HOME\nEOF\ndone\n',
    "#include <stdio.h>\nint main(void) { char *s = \"a\\n\"; return 'x' >> 1; }\n",
    "fn main() { let r#type = b'a'; println!(\"{:?}\", vec![1u8; 3]); } // 'a\n",
    "SELECT a.b, COUNT(*) FROM t AS a WHERE x LIKE 'a''b' -- c\nGROUP BY 1;\n",
    "<div class=\"a\" data-x='1'><!-- c --><script>if (a < b) {}</script>&amp;</div>\n",
    "\\begin{align} x &= \\frac{a}{b} \\\\ y \\end{align} % c\n$$\\sum_{i=1}^n i$$\n",
    "key: [1, 'two', {three: 3}]\n# c\nblock: |\n  text\n---\nanchor: &a *a\n",
    "@@ -1,3 +1,4 @@\n-old\n+new\n unchanged\n\\ No newline at end of file\n",
    "unterminated \"string and ' quote ` and /* comment\n\t\u00e9\u4e2d\u0000\r\n",
)


def own_files() -> list[str]:
    """Texts of many kinds from this repository: each is lexed as every language above."""
    paths = [
        ROOT / "src/notebase/markdown/highlight.py",
        ROOT / "src/notebase/live.js",
        ROOT / "templates/base.html",
        ROOT / "templates/assets/style.css",
        ROOT / "README.md",
        ROOT / "Makefile",
        ROOT / "pyproject.toml",
    ]
    return [path.read_text(encoding="utf-8")[:6000] for path in paths]


@pytest.fixture
def joined_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every state joined once its first token is found (as they are once used enough)."""
    monkeypatch.setattr(highlight, "JOIN_AFTER", 0)
    monkeypatch.setattr(highlight, "_STATES", {})


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("join", [True, False])
def test_joined_tokens_are_pygments_own(
    language: str, join: bool, request: pytest.FixtureRequest
) -> None:
    if join:
        request.getfixturevalue("joined_at_once")
    lexer = find_lexer(language)
    assert lexer is not None
    assert isinstance(lexer, RegexLexer)
    for text in (*SNIPPETS, *own_files()):
        stock = list(RegexLexer.get_tokens_unprocessed(lexer, text))
        assert list(lexer.get_tokens_unprocessed(text)) == stock, (language, text[:60])
    if join:  # (else the texts may or may not be enough to join a state)
        assert state_rules(lexer, "root").runs


def test_highlighted_html_is_pygments_own() -> None:
    from pygments import highlight
    from pygments.formatters import HtmlFormatter

    code = SNIPPETS[0] * 3
    plain = get_lexer_by_name("python", stripnl=False, ensurenl=False)  # Pygments' own engine
    expected = highlight(code, plain, HtmlFormatter(nowrap=True))
    html = highlight_code(code, "python", "")
    assert html == f'<pre class="highlight"><code class="language-python">{expected}</code></pre>\n'


def test_python_is_lexed_by_joined_rules() -> None:
    """The speed comes from the states of a language in use being joined: Python's are."""
    lexer = find_lexer("python")
    assert isinstance(lexer, RegexLexer)
    assert lexer.get_tokens_unprocessed.__func__.__name__ == "joined_tokens"  # type: ignore[attr-defined]
    text = "\n".join(own_files()[:1] * 8)  # a few hundred lines of Python
    assert list(lexer.get_tokens_unprocessed(text)) == list(
        RegexLexer.get_tokens_unprocessed(lexer, text)
    )
    runs = state_rules(lexer, "root").runs
    assert len(runs) == 1 and isinstance(runs[0][1], dict)  # all its rules in one alternation


def test_a_state_little_used_is_not_joined() -> None:
    """Joining costs what compiling the alternation does: a short snippet is lexed rule by rule."""
    lexer = find_lexer("prolog")
    assert isinstance(lexer, RegexLexer)
    list(lexer.get_tokens_unprocessed("parent(tom, bob).\n"))
    state = state_rules(lexer, "root")
    assert not state.runs and 0 < state.tried < state.join_at


def rules(*patterns: str | re.Pattern[str]) -> list[tuple[object, None, None]]:
    compiled = [p if isinstance(p, re.Pattern) else re.compile(p, re.M) for p in patterns]
    return [(rx.match, None, None) for rx in compiled]


def joined(*patterns: str | re.Pattern[str]) -> StateRules:
    state = StateRules(rules(*patterns), join_at=0)  # type: ignore[arg-type]
    state.runs = joined_runs(state.rules)
    return state


def first(state: StateRules, text: str) -> tuple[int, int]:
    """The number of the rule matching first at the start of `text`, and where its match ends."""
    rule, end, _ = state.first_match(text, 0)
    assert rule is not None
    return list(state.rules).index(rule), end


def test_first_rule_to_match_wins() -> None:
    state = joined("a", "ab", "(x)(y)?b")
    assert len(state.runs) == 1
    assert first(state, "ab") == (0, 1)
    assert first(state, "xb") == (2, 2)
    assert state.first_match("q", 0)[:2] == (None, 0)


def test_flags_a_rule_differs_in_are_scoped_to_it() -> None:
    state = joined(re.compile("(?i)abc", re.M), re.compile("x$", 0), "y$")
    assert len(state.runs) == 1
    assert first(state, "ABC") == (0, 3)
    assert state.first_match("x\nz", 0)[:2] == (None, 0)  # without MULTILINE, $ is not before \n
    assert first(state, "y\nz") == (2, 1)


@pytest.mark.parametrize(
    "pattern",
    [r"(['\"]).*?\1", r"(?P<q>a)b", r"(a)?(?(1)b|c)", re.compile("a # comment", re.X)],
)
def test_a_rule_whose_groups_are_numbered_is_a_run_of_its_own(
    pattern: str | re.Pattern[str],
) -> None:
    state = joined("z", "y", pattern, "w", "(v)")
    assert [type(marks) for _, marks in state.runs] == [dict, int, dict]
    assert first(state, "y") == (1, 1)
    assert first(state, "v") == (4, 1)
