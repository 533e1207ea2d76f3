"""Code highlighting (markdown/highlight.py): the joined-rules lexing engine gives Pygments' tokens."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pygments.lexer import RegexLexer
from pygments.lexers import get_lexer_by_name

import notebase.markdown.highlight as highlight
from notebase.markdown.highlight import find_lexer, highlight_code, joined_rules, state_rules

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
JOINABLE = frozenset(LANGUAGES) - {"bash", "markdown", "perl"}  # (backreferences in their roots)
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
        assert state_rules(lexer, "root").joined is not None or language not in JOINABLE


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
    assert state_rules(lexer, "root").joined is not None


def test_a_state_little_used_is_not_joined() -> None:
    """Joining costs what compiling the alternation does: a short snippet is lexed rule by rule."""
    lexer = find_lexer("prolog")
    assert isinstance(lexer, RegexLexer)
    list(lexer.get_tokens_unprocessed("parent(tom, bob).\n"))
    state = state_rules(lexer, "root")
    assert state.joined is None and 0 < state.tried < state.join_at


def rules(*patterns: str | re.Pattern[str]) -> list[tuple[object, None, None]]:
    compiled = [p if isinstance(p, re.Pattern) else re.compile(p, re.M) for p in patterns]
    return [(rx.match, None, None) for rx in compiled]


def test_first_rule_to_match_wins() -> None:
    joined = joined_rules(rules("a", "ab", "(x)(y)?b"))  # type: ignore[arg-type]
    assert joined is not None
    match, marks = joined
    found = match("ab", 0)
    assert found is not None and marks[found.lastindex or 0] == 0 and found.end() == 1
    found = match("xb", 0)
    assert found is not None and marks[found.lastindex or 0] == 2 and found.end() == 2


def test_flags_a_rule_differs_in_are_scoped_to_it() -> None:
    ignoring = re.compile("(?i)abc", re.M)
    single_line = re.compile("x$", 0)
    joined = joined_rules(rules(ignoring, single_line, "y$"))  # type: ignore[arg-type]
    assert joined is not None
    match, marks = joined
    found = match("ABC", 0)
    assert found is not None and marks[found.lastindex or 0] == 0
    assert match("x\nz", 0) is None  # without MULTILINE, $ is not before a newline
    found = match("y\nz", 0)
    assert found is not None and marks[found.lastindex or 0] == 2


@pytest.mark.parametrize(
    "pattern",
    [r"(['\"]).*?\1", r"(?P<q>a)b", r"(a)?(?(1)b|c)", re.compile("a # comment", re.X)],
)
def test_rules_whose_groups_are_numbered_are_not_joined(pattern: str | re.Pattern[str]) -> None:
    assert joined_rules(rules("z", pattern)) is None  # type: ignore[arg-type]
